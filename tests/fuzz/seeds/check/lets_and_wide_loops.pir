model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  let t = 1;
  let u = t + 1;
  { let t = 2; V vadds a[t % 2] <- a[u % 2]; }
  for i in -9223372036854775807 - 1..9223372036854775807 step 4611686018427387904 {
    MTE2 copy a[0] <- x[0 +: 256];
  }
  for j in 0..100 { MTE2 copy a[j % 2] <- x[0 +: 256]; V vadds a[1] <- a[0]; }
}

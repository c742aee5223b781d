// 4096 cores of 4 units: the engine would need gigabytes
// bad: 6:8 limit-exceeded exit=2 kernel 'k' lowers to 32768 instructions on 16384 units, more than 100000000 instruction-units for the happens-before engine; raise the limit with --max-clock-size
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  core c[4096] : AIV {
    for i in 0..8 { V vadds a[0] <- a[1]; }
  }
}

// Rule 10 in a loop: each iteration's read binds the value its own use waits for; the copy that
// overwrites the index block follows the use of every index read from it. Without the use
// (value_use_per_iteration_late.pir) the copy races with the last read.
// expect: clean
model "ascend910b2";
param n in 1..3;
buffer g : GM[1024];
buffer idx : UB[64];
kernel k {
  for b in 0..n {
    MTE2 copy_gm_to_ubuf idx <- g[b*64 +: 64];
    set_flag(MTE2, S, 0);
    wait_flag(MTE2, S, 0);
    for j in 0..4 {
      S get_value <- idx[j*4 +: 4] as offset;
      use offset;
    }
  }
}

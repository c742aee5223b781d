// past --max-errors, a kernel's paths not yet run are not run (their findings would not be
// shown, the file is not verified anyway), and the message says so
// bad: 12:14 raw-hazard exit=2 V vadds reads a bytes [0, 256) while MTE2 copy at line 10 may still be writing them
// also: tests/bad/pir/max_errors_paths_unrun.pir: error: more than 2 findings (errors and warnings): 2 more were not reported, and the file counts as not verified; the paths of its kernels not yet run then were not run (--max-errors) [limit-exceeded]
// args: --max-errors 2
model "ascend910b2";
buffer x : GM[256];
buffer a : UB[256];
kernel k {
  MTE2 copy a <- x;
  for i in 0..12 {
    if (?) { V vadds a <- a; pipe_barrier(V); } else { V vmuls a <- a; pipe_barrier(V); }
  }
}

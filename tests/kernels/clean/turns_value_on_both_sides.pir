// One core's choices at a time (docs/semantics.md §6) merges the other cores' sides even
// when they read a value and use it: each side reads a scalar, waits for it (`use`), and
// only then loads into the buffer it read, so every path is clean. A `use` in a merged side
// orders everything after it in the run, on the paths of the other side too: more order on a
// core whose choices are merged, never less, and that core's own turn explores its sides
// apart. golden.py compares with every path split.
// expect: clean
model "mlu370";
buffer g : GDRAM[2048];
buffer x : NRAM[256];
buffer y : NRAM[256];
kernel k {
  cluster c[1] {
    core mpu : MPU {
      sync_cluster();
    }
    core ipu[2] : IPU {
      for i in 0..3 {
        if (?) {
          ALU load_scalar <- x[i * 4 +: 4] as v;
          use v;
          IO memcpy_async x <- g[coreid * 512 +: 256];
        } else {
          ALU load_scalar <- y[i * 4 +: 4] as v;
          use v;
          IO memcpy_async y <- g[coreid * 512 + 256 +: 256];
        }
        sync();
      }
      sync_cluster();
    }
  }
}

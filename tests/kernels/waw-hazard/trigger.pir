// waw-hazard: two MTE2 copies with overlapping destinations and nothing ordering them in the pipe.
// expect: waw-hazard@8
model "ascend910b2";
buffer g : GM[2048];
buffer u : UB[1024];
kernel k {
  MTE2 copy u <- g[0 +: 1024];
  MTE2 copy u[512 +: 512] <- g[1024 +: 512];
}

// syntax-error: `step` is a keyword of the for loop and cannot name a loop variable. (The
// recovery then also stumbles on the kernel's closing brace.)
// expect: syntax-error@8 syntax-error@12
model "ascend910b2";
param n = 2;
buffer u : UB[256];
kernel k {
  for step in 0..n {
    V vdup u;
    pipe_barrier(V);
  }
}

// unknown-name, fixed: the core is declared with the 910's core type AICORE.
// expect: clean
model "ascend910";
buffer u : UB[256];
kernel k {
  core c : AICORE {
    V vdup u;
  }
}

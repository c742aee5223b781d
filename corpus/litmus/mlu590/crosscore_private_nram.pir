// Litmus (memory scopes): NRAM is private to each core, so four IPUs writing "the same" NRAM
// buffer do not conflict, while their writes to one SRAM buffer do (WAW between cores).
// rule: cross-core missing-scope
// expect: waw-hazard@13
model "mlu590";
buffer g : GDRAM[1024];
buffer s : SRAM[1024];
buffer n : NRAM[1024];
kernel k {
  core ipu[4] : IPU {
    IO memcpy_async n <- g;
    sync_io();
    MOVE memcpy_async s <- n;
  }
}

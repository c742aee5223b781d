// The ignore comments are used: the one alone on its line covers the next line, the one after
// code covers its own line, and a range covers the lines between its comments. Clean: every
// finding is suppressed, and the summary counts them apart.
// expect:
model "ascend910b2";
buffer a : UB[64];
buffer b : UB[64];
kernel k {
  V vadds a <- b;
  // accelsync: ignore(raw-hazard) the scalar read is a debug probe, its value is not used
  S get_value <- a[0 +: 4];
  V vmuls a <- b;   // accelsync: ignore(waw-hazard, war-hazard) rewrites a on purpose
  // accelsync: ignore-begin(raw-hazard) a second probe
  S get_value <- a[4 +: 4];
  // accelsync: ignore-end
}

// bad-suppression: a misspelt check (with the nearest id suggested), an input error (which
// must never be suppressed), no reason, an unknown directive, and a range never closed. None
// of them suppresses anything: the race is still reported.
// expect: raw-hazard@10 bad-suppression@9 bad-suppression@11 bad-suppression@12 bad-suppression@13 bad-suppression@14
model "ascend910b2";
buffer a : UB[64];
kernel k {
  V vadds a <- a;
  // accelsync: ignore(raw-hazrd) the probe is harmless
  S get_value <- a[0 +: 4];
  // accelsync: ignore(limit-exceeded) big kernel
  // accelsync: ignore(waw-hazard)
  // accelsync: silence everything
  // accelsync: ignore-begin(raw-hazard) forgot the end
}

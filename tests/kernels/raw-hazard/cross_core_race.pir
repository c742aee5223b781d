// raw-hazard between cores: the AIC reads GM that an AIV writes with nothing ordering the two. A
// race is reported with the writer as the first access, at the reader, even though the reader's
// core is declared first.
// expect: raw-hazard@10
model "ascend910b2";
buffer g : GM[64];
buffer l1 : L1[64];
buffer u : UB[64];
kernel k {
  core aic : AIC { MTE2 copy_gm_to_cbuf l1 <- g; }
  core aiv : AIV { MTE3 copy g <- u; }
}

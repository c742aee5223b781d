// Semantics issue, section 2: the scalar ALU is the issuer and its accesses do not hold issue;
// asynchronous copies are not interlocked, so the scalar store races with the async move that
// reads it (RAW) and the scalar load with the async load that overwrites bnd (WAR).
// expect: raw-hazard@12 war-hazard@15
model "mlu370";
buffer ord : NRAM[64];
buffer dst : NRAM[64];
buffer bnd : NRAM[64];
buffer g : GDRAM[64];
kernel k {
  ALU store_scalar ord[0 +: 4];
  MOVE memcpy_async dst[0 +: 4] <- ord[0 +: 4];
  IO memcpy bnd <- g;
  ALU load_scalar <- bnd[0 +: 4];
  IO memcpy_async bnd <- g;
  sync();
}

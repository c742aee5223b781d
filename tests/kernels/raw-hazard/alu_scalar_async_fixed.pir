// The same kernel with __sync() after each scalar access.
// expect: clean
model "mlu370";
buffer ord : NRAM[64];
buffer dst : NRAM[64];
buffer bnd : NRAM[64];
buffer g : GDRAM[64];
kernel k {
  ALU store_scalar ord[0 +: 4];
  sync();
  MOVE memcpy_async dst[0 +: 4] <- ord[0 +: 4];
  IO memcpy bnd <- g;
  ALU load_scalar <- bnd[0 +: 4];
  sync();
  IO memcpy_async bnd <- g;
  sync();
}

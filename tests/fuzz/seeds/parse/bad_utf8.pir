model "ascend910b2";
// comment ÿşÀ€
buffer a : UB[256];
kernel k { V vadds a <- a; }
model "ascí €";

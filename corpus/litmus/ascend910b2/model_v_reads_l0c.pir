// Litmus (model difference, units): on the first-generation 910 the vector pipe drains L0C into UB;
// on ascend910b2 that is the fixpipe's job and V may not read L0C.
// rule: model units
// expect: bad-unit@10
// expect(--model ascend910): clean
model "ascend910b2";
buffer c_l0 : L0C[1024];
buffer c_ub : UB[1024];
kernel k {
  V copy_matrix_cc_to_ubuf c_ub <- c_l0;
}

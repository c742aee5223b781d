// Litmus (model difference, unit access rights): the 910's vector pipe may read L0C (it drains the
// cube result); ascend910b2's V may not.
// rule: model units-spaces
// expect: clean
// expect(--model ascend910b2): bad-unit@10
model "ascend910";
buffer c : L0C[1024];
buffer u : UB[1024];
kernel k {
  V copy_matrix_cc_to_ubuf u <- c;
}

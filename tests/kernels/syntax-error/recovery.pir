// syntax-error recovery: the parser resynchronizes at ';' and '}', so one run reports both the
// missing ')' on line 8 and the missing '<-' operand on line 10.
// expect: syntax-error@8 syntax-error@10
model "ascend910b2";
buffer x_gm : GM[256];
buffer x_ub : UB[256];
kernel k {
  set_flag(MTE2, V, 0;
  wait_flag(MTE2, V, 0);
  MTE2 copy x_ub <- ;
}

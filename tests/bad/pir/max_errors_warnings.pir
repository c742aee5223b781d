// warnings count against --max-errors too
// bad: 6:3 unmatched-signal exit=2 set_flag(V, MTE2, 0) is never waited for: the flag is still set when the kernel ends
// args: --max-errors 2
model "ascend910b2";
kernel k {
  set_flag(V, MTE2, 0);
  set_flag(V, MTE2, 1);
  set_flag(V, MTE2, 2);
}

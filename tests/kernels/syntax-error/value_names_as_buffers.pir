// Rule 10's words are no keywords elsewhere: buffers named `as` and `use` still parse, also right
// after `<-` or `,` where a region starts, and `use NAME;` is the statement only in that exact form.
// expect: clean
model "ascend910b2";
buffer as : UB[64];
buffer use : UB[64];
kernel k {
  S get_value <- as[0 +: 4] as v;
  use v;
  S get_value <- use, as as w;
  use w;
  V vadds as <- use, as;
  V vdup use;
}

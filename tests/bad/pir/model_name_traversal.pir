// a model name with dots and no slash is not a path
// bad: 3:7 model-error exit=2 invalid model name '..': use letters, digits, '_', '-' and '.', or a path
model "..";
kernel k { }

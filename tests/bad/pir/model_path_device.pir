// a model path to a device that never ends: refused without reading
// bad: /dev/zero model-error exit=2 cannot read model file: not a regular file
model "/dev/zero";
kernel k { }

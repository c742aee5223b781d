// a model path to a directory
// bad: /tmp/ model-error exit=2 cannot read model file: Is a directory
model "/tmp/";
kernel k { }

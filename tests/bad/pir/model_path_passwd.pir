// a model path to a file that is not XML: refused, nothing of it is shown
// bad: /etc/passwd:1:1 model-error exit=2 malformed XML: Start tag expected, '<' not found
model "/etc/passwd";
kernel k { }

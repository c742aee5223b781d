// The kernel every model case of tests/bad/model/ is checked with (run.py passes
// --model CASE): the model is refused before the kernel is looked at.
kernel k { }

// Found by the check fuzzer: the value of i at t = 2 is 1, but t * step = 2^63 does not
// fit in int64 and lo + (int64)(t * step) overflowed (UB in lower_for).
model"ascend910";kernel k{for i in -9223372036854775807..9 step 4611686018427387904{}}
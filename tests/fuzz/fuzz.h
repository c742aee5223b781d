/* The one function every fuzz target defines: libFuzzer's entry point, also called by
 * replay.c to run the seed corpora under an ordinary build. */
#ifndef AS_TESTS_FUZZ_H
#define AS_TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif

// Found only through the build's -I ../include (compile_commands.json), not beside the kernel.
#ifndef DB_TILE_H
#define DB_TILE_H
#include "kernel_operator.h"
constexpr uint32_t TILE_BYTES = TILE_FLOATS * sizeof(float);
#endif

// The user's kernel_tiling/kernel_tiling.h (the SDK's name; the frontend has one too).
#ifndef USER_KERNEL_TILING_H
#define USER_KERNEL_TILING_H
#include <cstdint>
struct UserTiling {
    uint32_t rows;
};
#endif

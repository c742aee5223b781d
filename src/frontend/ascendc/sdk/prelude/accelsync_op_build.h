/* accelsync's stand-in for what the vendor's operator build generates for a kernel read
 * through the SDK (--sdk): the tiling structures (accelsync_tiling.h, made from the
 * operator's host definitions, src/frontend/clang/build_emulation.c), the GET_TILING_DATA
 * macros the build writes per operator, and the tiling key the build passes as
 * -DTILING_KEY_VAR=<key> (here a value the frontend sets once per key the kernel tests). */
#ifndef ACCELSYNC_OP_BUILD_H
#define ACCELSYNC_OP_BUILD_H

#include "kernel_tiling/kernel_tiling.h"
#include "accelsync_tiling.h"

/* Every integer field of the structure is a runtime value named after the field. */
template <class T> T accelsync_tiling_data(uint8_t *tiling);
/* The key of the run: every key the kernel tests, in turn. */
uint64_t accelsync_tiling_key();

#define TILING_KEY_VAR accelsync_tiling_key()
#define GET_TILING_DATA_WITH_STRUCT(T, name, tiling) T name = accelsync_tiling_data<T>(tiling)
#define GET_TILING_DATA(name, tiling) \
    AccelsyncDefaultTiling name = accelsync_tiling_data<AccelsyncDefaultTiling>(tiling)
/* The build's other forms: one member of the structure (a reference to it, as the build's
 * header writes it), or a pointer to the structure. */
#define GET_TILING_DATA_MEMBER(T, member, var, tiling) \
    T accelsync_tiling_of_##var = accelsync_tiling_data<T>(tiling); \
    auto &var = accelsync_tiling_of_##var.member
/* The qualifier the build's header gives such pointers (the tiling in GM, read only), which
 * kernels also write in their own declarations (`__tiling_data_ptr__ T *tiling_`). */
#define __tiling_data_ptr__ const
#define GET_TILING_DATA_PTR_WITH_STRUCT(T, ptr, tiling) \
    T accelsync_tiling_of_##ptr = accelsync_tiling_data<T>(tiling); \
    __tiling_data_ptr__ T *ptr = &accelsync_tiling_of_##ptr
/* The entry's REGISTER_TILING_DEFAULT(T), renamed in the entry's file (the SDK's own macro
 * marks a section for the build): the structure GET_TILING_DATA reads after it, in place of
 * the one the operator's host code registers. */
#define __accelsync_tiling_dflt(T) using AccelsyncDefaultTiling = T

#endif

/* Declarations of the BANG C device language for accelsync's frontend, written from the
 * public BANG C reference (names, argument orders and directions): declarations only, no
 * definitions. What the frontend models is decided in src/frontend/bangc/bangc_api.c; everything else
 * declared here parses and is reported `unsupported` where a kernel calls it. */
#ifndef ACCELSYNC_BANG_H
#define ACCELSYNC_BANG_H

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>

/* The device compiler makes the host runtime's launch types (cnrtDim3_t, cnrtQueue_t, ...)
 * known in every .mlu file: mmcv's and torch_mlu's kernel files name them in their host
 * launchers without including cnrt.h. */
#include "cnrt.h"

#ifdef __cplusplus
/* The device compiler's <cmath> has the float functions in std (std::ceilf); the host's
 * libstdc++ that libclang parses with does not. They are the C library's. */
namespace std {
using ::ceilf;
using ::floorf;
using ::roundf;
using ::truncf;
using ::fabsf;
using ::sqrtf;
using ::expf;
using ::logf;
using ::powf;
using ::fmaxf;
using ::fminf;
}  // namespace std
#endif

/* ---- qualifiers: kernels and on-chip memories ---- */
#define __mlu_global__ __attribute__((annotate("accelsync:global")))
#define __mlu_entry__ __attribute__((annotate("accelsync:global")))
#define __mlu_func__ inline
#define __mlu_device__
#define __mlu_host__
#define __mlu_const__
#define __mlu_builtin__
#define __mlu_vector__
#define __nram__ __attribute__((annotate("accelsync:space:NRAM")))
#define __wram__ __attribute__((annotate("accelsync:space:WRAM")))
#define __mlu_shared__ __attribute__((annotate("accelsync:space:SRAM")))
#define __ldram__ __attribute__((annotate("accelsync:space:LDRAM")))
/* __BANG_ARCH__ is the model's (its <source>: hwmodels/mlu370.xml 372, mlu590.xml 592), given on
 * the command line of the parse, never here: a -D of another arch picks that arch's model or is
 * refused. */
#define __BANG__ 1
/* On-chip memory sizes in KiB, as the compiler defines them per architecture. A model that
 * knows them defines them in its <source> (mlu590: 512, 512, 2048), and then they are its arch
 * macros like __BANG_ARCH__ (a -D of one selects that model or is refused); these values are
 * an assumption for mlu370, whose model gives no sizes. */
#ifndef __MLU_NRAM_SIZE__
#define __MLU_NRAM_SIZE__ 768
#endif
#ifndef __MLU_WRAM_SIZE__
#define __MLU_WRAM_SIZE__ 1024
#endif
#ifndef __MLU_SRAM_SIZE__
#define __MLU_SRAM_SIZE__ 2048
#endif

/* 16-bit floats: half is clang's native __fp16 (with -fnative-half-type, as the device
 * compiler's half is a scalar type: `c ? h : f` is a float); bfloat16_t a distinct two-byte
 * class that converts to and from float, annotated as a scalar: a reference to one in memory,
 * and `h[i] = v`, are scalar accesses. */
typedef __fp16 half;
#ifdef __cplusplus
/* The math the kernels call on a half (isnan(h), cos(h)): float's, which the host's <cmath>
 * overloads would otherwise leave ambiguous between float and double. */
inline bool isnan(half h) { return isnan(static_cast<float>(h)); }
inline bool isinf(half h) { return isinf(static_cast<float>(h)); }
inline bool isfinite(half h) { return isfinite(static_cast<float>(h)); }
#define ACCELSYNC_HALF_MATH1(f) \
    inline float f(half h) { return f(static_cast<float>(h)); }
#define ACCELSYNC_HALF_MATH2(f) \
    inline float f(half a, half b) { return f(static_cast<float>(a), static_cast<float>(b)); }
ACCELSYNC_HALF_MATH1(sin) ACCELSYNC_HALF_MATH1(cos) ACCELSYNC_HALF_MATH1(tan)
ACCELSYNC_HALF_MATH1(asin) ACCELSYNC_HALF_MATH1(acos) ACCELSYNC_HALF_MATH1(atan)
ACCELSYNC_HALF_MATH1(sinh) ACCELSYNC_HALF_MATH1(cosh) ACCELSYNC_HALF_MATH1(tanh)
ACCELSYNC_HALF_MATH1(exp) ACCELSYNC_HALF_MATH1(exp2) ACCELSYNC_HALF_MATH1(log)
ACCELSYNC_HALF_MATH1(log2) ACCELSYNC_HALF_MATH1(log10) ACCELSYNC_HALF_MATH1(sqrt)
ACCELSYNC_HALF_MATH1(fabs) ACCELSYNC_HALF_MATH1(floor) ACCELSYNC_HALF_MATH1(ceil)
ACCELSYNC_HALF_MATH1(round) ACCELSYNC_HALF_MATH1(trunc)
ACCELSYNC_HALF_MATH2(pow) ACCELSYNC_HALF_MATH2(fmax) ACCELSYNC_HALF_MATH2(fmin)
ACCELSYNC_HALF_MATH2(atan2) ACCELSYNC_HALF_MATH2(fmod)
#undef ACCELSYNC_HALF_MATH1
#undef ACCELSYNC_HALF_MATH2
namespace std {   /* std::cos(h) as well */
using ::sin; using ::cos; using ::tan; using ::asin; using ::acos; using ::atan;
using ::sinh; using ::cosh; using ::tanh; using ::exp; using ::exp2; using ::log;
using ::log2; using ::log10; using ::sqrt; using ::fabs; using ::floor; using ::ceil;
using ::round; using ::trunc; using ::pow; using ::fmax; using ::fmin; using ::atan2;
using ::fmod;
}  // namespace std
#endif
struct __attribute__((annotate("accelsync:scalar"))) bfloat16_t {
    uint16_t bits;
    bfloat16_t() = default;
    bfloat16_t(float);
    operator float() const;
    bfloat16_t &operator+=(float);
    bfloat16_t &operator-=(float);
    bfloat16_t &operator*=(float);
    bfloat16_t &operator/=(float);
};

/* The device compiler's short integer type names (mlu-ops instantiates kernels for int8). */
typedef int8_t int8;
typedef int16_t int16;

/* ---- the task: read through functions, so every use is a call the frontend answers ---- */
int __accelsync_task(int which);
#define taskId __accelsync_task(0)
#define taskIdX __accelsync_task(1)
#define taskIdY __accelsync_task(2)
#define taskIdZ __accelsync_task(3)
#define taskDim __accelsync_task(4)
#define taskDimX __accelsync_task(5)
#define taskDimY __accelsync_task(6)
#define taskDimZ __accelsync_task(7)
#define coreId __accelsync_task(8)
#define coreDim __accelsync_task(9)
#define clusterId __accelsync_task(10)
#define clusterDim __accelsync_task(11)
bool __is_mpu(void);
bool __is_ipu(void);
/* which memory an address is in */
bool __is_nram(const void *p);
bool __is_wram(const void *p);
bool __is_sram(const void *p);
bool __is_dram(const void *p);

/* ---- data movement ---- */
typedef enum {
    GDRAM2NRAM, NRAM2GDRAM, GDRAM2WRAM, WRAM2GDRAM, GDRAM2SRAM, SRAM2GDRAM, GDRAM2GDRAM,
    NRAM2NRAM, NRAM2WRAM, WRAM2NRAM, NRAM2SRAM, SRAM2NRAM, SRAM2WRAM, WRAM2SRAM, SRAM2SRAM,
    GDRAM2LDRAM, LDRAM2GDRAM, LDRAM2NRAM, NRAM2LDRAM, LDRAM2SRAM, SRAM2LDRAM, LDRAM2LDRAM,
    WRAM2WRAM
} mluMemcpyDirection_t;

void __memcpy(void *dst, const void *src, int size, mluMemcpyDirection_t dir);
void __memcpy(void *dst, const void *src, int size, mluMemcpyDirection_t dir, int dst_stride,
              int src_stride, int segnum);
/* the multi-dimensional forms (several strides and segment counts) parse; not modelled */
template <typename... A>
void __memcpy(void *dst, const void *src, int size, mluMemcpyDirection_t dir, int a, int b,
              int c, A... more);
void __memcpy_async(void *dst, const void *src, int size, mluMemcpyDirection_t dir);
void __memcpy_async(void *dst, const void *src, int size, mluMemcpyDirection_t dir,
                    int dst_stride, int src_stride, int segnum);
template <typename... A>
void __memcpy_async(void *dst, const void *src, int size, mluMemcpyDirection_t dir, int a,
                    int b, int c, A... more);
template <typename... A> void __nramset(A...);
template <typename... A> void __nramset_async(A...);
template <typename... A> void __memset_nram(A...);
template <typename... A> void __gather(A...);
template <typename... A> void __gather_async(A...);
template <typename... A> void __scatter(A...);
template <typename... A> void __scatter_async(A...);
template <typename... A> void __extension(A...);

/* ---- synchronization ---- */
void __sync(void);
void __sync_io(void);
void __sync_compute(void);
void __sync_move(void);
void __sync_io_move_compute(bool io = true, bool move = true, bool compute = true,
                            bool io2 = true, bool move2 = true, bool compute2 = true);
void __sync_cluster(void);
void __sync_all(void);
void __sync_all_ipu(void);
void __sync_all_mpu(void);
void __sync_all_ipu_within_cluster(void);

/* Result of a call whose value is data: converts to whatever the kernel stores it in. */
struct __accelsync_any {
    template <typename T> operator T() const;
};

/* ---- compute intrinsics (argument orders per the reference; see bangc_api.c) ---- */
template <typename... A> int __bang_mul_scalar(A...);
template <typename... A> int __bang_write_value(A...);
template <typename... A> int __bang_mul(A...);
template <typename... A> int __bang_add(A...);
template <typename... A> int __bang_transpose(A...);
template <typename... A> int __bang_sub(A...);
template <typename... A> int __bang_and(A...);
template <typename... A> int __bang_add_scalar(A...);
template <typename... A> int __bang_filter(A...);
template <typename... A> int __bang_cycle_mul(A...);
template <typename... A> int __bang_ge_scalar(A...);
template <typename... A> int __bang_fusion(A...);
template <typename... A> int __bang_band(A...);
template <typename... A> int __bang_atomic_reduce_add(A...);
template <typename... A> int __bang_sub_scalar(A...);
template <typename... A> int __bang_float2int32(A...);
template <typename... A> int __bang_not(A...);
template <typename... A> int __bang_lt_scalar(A...);
template <typename... A> int __bang_lut(A...);
template <typename... A> int __bang_half2float(A...);
template <typename... A> int __bang_div(A...);
template <typename... A> int __bang_maxequal(A...);
template <typename... A> int __bang_cycle_add(A...);
template <typename... A> int __bang_sumpool(A...);
template <typename... A> int __bang_pad(A...);
template <typename... A> int __bang_gt_scalar(A...);
template <typename... A> int __bang_minequal(A...);
template <typename... A> int __bang_int322float(A...);
template <typename... A> int __bang_abs(A...);
template <typename... A> int __bang_matmul(A...);
template <typename... A> int __bang_argmax(A...);
template <typename... A> int __bang_recip(A...);
template <typename... A> int __bang_le_scalar(A...);
template <typename... A> int __bang_move(A...);
template <typename... A> int __bang_floor(A...);
template <typename... A> int __bang_or(A...);
template <typename... A> int __bang_log2(A...);
template <typename... A> int __bang_le(A...);
template <typename... A> int __bang_cycle_lt(A...);
template <typename... A> int __bang_pow2(A...);
template <typename... A> int __bang_float2int32_tz(A...);
template <typename... A> int __bang_eq_scalar(A...);
template <typename... A> int __bang_rotate180(A...);
template <typename... A> int __bang_count(A...);
template <typename... A> int __bang_int322float_rn(A...);
template <typename... A> int __bang_half2int16_rd(A...);
template <typename... A> int __bang_gt_bitindex(A...);
template <typename... A> int __bang_cycle_and(A...);
template <typename... A> int __bang_sum(A...);
template <typename... A> int __bang_square(A...);
template <typename... A> int __bang_reshape_filter(A...);
template <typename... A> int __bang_maxeq_scalar(A...);
template <typename... A> int __bang_cycle_minequal(A...);
template <typename... A> int __bang_bnot(A...);
template <typename... A> int __bang_rotate90(A...);
template <typename... A> int __bang_rotate270(A...);
template <typename... A> int __bang_eq(A...);
template <typename... A> int __bang_cycle_sub(A...);
template <typename... A> int __bang_active_abs(A...);
template <typename... A> int __bang_sin(A...);
template <typename... A> int __bang_mirror(A...);
template <typename... A> int __bang_filter_bitindex(A...);
template <typename... A> int __bang_cycle_le(A...);
template <typename... A> int __bang_cos(A...);
template <typename... A> int __bang_bor(A...);
template <typename... A> int __bang_printf(A...);
template <typename... A> int __bang_gt(A...);
template <typename... A> int __bang_sqrt(A...);
template <typename... A> int __bang_nan_maximum(A...);
template <typename... A> int __bang_minpool(A...);
template <typename... A> int __bang_float2int32_rd(A...);
template <typename... A> int __bang_float2half_rn(A...);
template <typename... A> int __bang_findfirst1(A...);
template <typename... A> int __bang_expand_channel_mul(A...);
template <typename... A> int __bang_conv(A...);
template <typename... A> int __bang_incseq(A...);
template <typename... A> int __bang_half2int32_tz(A...);
template <typename... A> int __bang_float2int16_rd(A...);
template <typename... A> int __bang_cycle_maxequal(A...);
template <typename... A> int __bang_cycle_band(A...);
template <typename... A> int __bang_band_scalar(A...);
template <typename... A> int __bang_argmin(A...);
template <typename... A> int __bang_rem(A...);
template <typename... A> int __bang_maxpool_value_index(A...);
template <typename... A> int __bang_maximum(A...);
template <typename... A> int __bang_int322int16(A...);
template <typename... A> int __bang_int322float_rd(A...);
template <typename... A> int __bang_gather_async(A...);
template <typename... A> int __bang_float2half_tz(A...);
template <typename... A> int __bang_float2half_rd(A...);
template <typename... A> int __bang_cycle_eq(A...);
template <typename... A> int __bang_active_reciphp(A...);
template <typename... A> int __bang_srl(A...);
template <typename... A> int __bang_ne_scalar(A...);
template <typename... A> int __bang_nan_minimum(A...);
template <typename... A> int __bang_minimum(A...);
template <typename... A> int __bang_lt(A...);
template <typename... A> int __bang_int82float(A...);
template <typename... A> int __bang_half2int8_rd(A...);
template <typename... A> int __bang_half2int8_dn(A...);
template <typename... A> int __bang_half2int32_rd(A...);
template <typename... A> int __bang_half2int16_dn(A...);
template <typename... A> int __bang_ge_bitindex(A...);
template <typename... A> int __bang_float2int8_rd(A...);
template <typename... A> int __bang_float2int8_dn(A...);
template <typename... A> int __bang_float2int16_dn(A...);
template <typename... A> int __bang_float2half_dn(A...);
template <typename... A> int __bang_float2bfloat16_tz(A...);
template <typename... A> int __bang_float2bfloat16_rn(A...);
template <typename... A> int __bang_findlast1(A...);
template <typename... A> int __bang_expand_channel_mul_add(A...);
template <typename... A> int __bang_bfloat162float(A...);
template <typename... A> int __bang_atomic_reduce_min(A...);
template <typename... A> int __bang_atomic_reduce_max(A...);
template <typename... A> int __bang_active_exphp(A...);
template <typename... A> int __bang_active_relu(A...);
template <typename... A> int __bang_active_exp(A...);
template <typename... A> int __bang_active_sigmoid(A...);
template <typename... A> int __bang_active_tanh(A...);
template <typename... A> int __bang_active_gelu(A...);
template <typename... A> int __bang_active_sign(A...);
template <typename... A> int __bang_active_recip(A...);
template <typename... A> int __bang_active_sqrt(A...);
template <typename... A> int __bang_active_rsqrt(A...);
template <typename... A> int __bang_active_log(A...);
template <typename... A> int __bang_maxpool(A...);
template <typename... A> int __bang_avgpool(A...);
template <typename... A> int __bang_mlp(A...);
template <typename... A> int __bang_ge(A...);
template <typename... A> int __bang_ne(A...);
template <typename... A> int __bang_xor(A...);
template <typename... A> int __bang_bxor(A...);
template <typename... A> int __bang_cycle_ge(A...);
template <typename... A> int __bang_cycle_gt(A...);
template <typename... A> int __bang_cycle_ne(A...);
template <typename... A> int __bang_cycle_or(A...);
template <typename... A> int __bang_cycle_bor(A...);
template <typename... A> int __bang_cycle_div(A...);
template <typename... A> int __bang_cycle_maximum(A...);
template <typename... A> int __bang_cycle_minimum(A...);
template <typename... A> int __bang_select(A...);
template <typename... A> int __bang_collect(A...);
template <typename... A> int __bang_half2float_rn(A...);
template <typename... A> int __bang_float2half(A...);
template <typename... A> int __bang_rsqrt(A...);
template <typename... A> int __bang_exp(A...);
template <typename... A> int __bang_log(A...);
template <typename... A> int __bang_tanh(A...);
template <typename... A> int __bang_sigmoid(A...);
template <typename... A> int __bang_relu(A...);
template <typename... A> int __bang_relun(A...);
template <typename... A> int __bang_reduce_sum(A...);
template <typename... A> int __bang_reduce_max(A...);
template <typename... A> int __bang_reduce_min(A...);
/* older spellings and forms seen in mlu-ops (2023), mmcv and torch_mlu */
template <typename... A> int __bang_write_zero(A...);
template <typename... A> int __bang_atomic_add(A...);
template <typename... A> int __bang_atomic_max(A...);
template <typename... A> int __bang_atomic_min(A...);
template <typename... A> int __bang_lut_s16(A...);
template <typename... A> int __bang_lut_s32(A...);
template <typename... A> int __bang_max(A...);
template <typename... A> int __bang_min(A...);
template <typename... A> int __bang_add_const(A...);
template <typename... A> int __bang_mul_const(A...);
template <typename... A> int __bang_mineq_scalar(A...);
template <typename... A> int __bang_maximum_scalar(A...);
template <typename... A> int __bang_minimum_scalar(A...);
template <typename... A> int __bang_active_loghp(A...);
template <typename... A> int __bang_active_sqrthp(A...);
template <typename... A> int __bang_collect_bitindex(A...);
template <typename... A> int __bang_add_tz(A...);
template <typename... A> int __bang_cycle_add_tz(A...);
template <typename... A> int __bang_maxpool_index(A...);
template <typename... A> int __bang_maxpool_bp(A...);
template <typename... A> int __bang_int2float(A...);
template <typename... A> int __bang_int162float(A...);
template <typename... A> int __bang_half2int16_tz(A...);
template <typename... A> int __bang_float2int_tz(A...);
/* cross-core locks: declared, not modelled (PIR has no lock) */
template <typename... A> void __bang_lock(A...);
template <typename... A> void __bang_unlock(A...);

/* ---- scalar conversions and scalar math (values only, no memory access) ---- */
template <typename... A> half __float2half_rn(A...);
template <typename... A> half __float2half_rd(A...);
template <typename... A> half __float2half_tz(A...);
template <typename... A> half __float2half_up(A...);
template <typename... A> half __float2half_dn(A...);
template <typename... A> half __float2half(A...);
template <typename... A> int __float2int32(A...);
template <typename... A> int __float2int32_rd(A...);
template <typename... A> int __float2int32_up(A...);
template <typename... A> int __float2int32_tz(A...);
template <typename... A> int __float2int32_rn(A...);
template <typename... A> int __float2int16(A...);
template <typename... A> int __float2int8(A...);
template <typename... A> int __float2uint32(A...);
template <typename... A> int __float2int(A...);
template <typename... A> int __float2int_up(A...);
template <typename... A> int __float2int_rd(A...);
template <typename... A> int __float2int_tz(A...);
template <typename... A> int __float2int_rn(A...);
template <typename... A> int __half2int_rd(A...);
template <typename... A> int __half2int_up(A...);
template <typename... A> int __half2int_tz(A...);
template <typename... A> int __half2int(A...);
template <typename... A> float __half2float_rd(A...);
template <typename... A> float __half2float(A...);
template <typename... A> int __half2int32(A...);
template <typename... A> int __half2int32_up(A...);
template <typename... A> int __half2int32_rd(A...);
template <typename... A> int __half2int32_tz(A...);
template <typename... A> int __half2int16(A...);
template <typename... A> int __int322float(A...);
template <typename... A> int __int322half(A...);
template <typename... A> float __int162float(A...);
template <typename... A> float __int82float(A...);
template <typename... A> int __uint322float(A...);
template <typename... A> bfloat16_t __float2bfloat16(A...);
template <typename... A> float __bfloat162float(A...);
template <typename... A> half __cn_scalar_cos_f16(A...);
template <typename... A> float __cn_scalar_cos_f32(A...);
template <typename... A> half __cn_scalar_sin_f16(A...);
template <typename... A> float __cn_scalar_sin_f32(A...);
template <typename... A> float __cn_scalar_exp_f32(A...);
template <typename... A> float __cn_scalar_log_f32(A...);
template <typename... A> float __cn_scalar_sqrt_f32(A...);
template <typename... A> float __cn_scalar_tanh_f32(A...);

/* ---- declared so kernels parse; the __cn_vector_* forms and __sramset are modelled
 * (bangc_api.c), the rest reported where called ---- */
template <typename... A> __accelsync_any __cn_vector_cast_f32_to_s32(A...);
template <typename... A> __accelsync_any __cn_vector_cos_f32(A...);
template <typename... A> __accelsync_any __cn_vector_sin_f32(A...);
template <typename... A> __accelsync_any __cn_vector_hypot_f32(A...);
template <typename... A> __accelsync_any __cn_vector_mod_scalar_u64(A...);
template <typename... A> __accelsync_any __cn_vector_div_s32(A...);
template <typename... A> __accelsync_any __cn_vector_div_f32(A...);
template <typename... A> __accelsync_any __cn_vector_div_f32_rn(A...);
template <typename... A> __accelsync_any __cn_vector_div_f16(A...);
template <typename... A> __accelsync_any __cn_vector_div_f16_rn(A...);
template <typename... A> __accelsync_any __sramset(A...);
template <typename... A> __accelsync_any __gdramset(A...);
template <typename... A> __accelsync_any __load_gdram(A...);
template <typename... A> __accelsync_any __load_nram(A...);
template <typename... A> __accelsync_any __load_sram(A...);
template <typename... A> __accelsync_any __store_gdram(A...);
template <typename... A> __accelsync_any __store_nram(A...);
template <typename... A> __accelsync_any __store_sram(A...);
template <typename... A> void __vv_add(A...);
template <typename... A> int __vv_get_length(A...);
template <typename... A> void __vv_index(A...);
template <typename... A> void __vv_move(A...);
template <typename... A> void __vv_mul(A...);
template <typename... A> void __vv_mulh(A...);
template <typename... A> void __vv_store(A...);
template <typename... A> void __vv_trixor(A...);
template <typename... A> void __vv_xor(A...);

/* vector registers of the __vv_* operations */
struct vv_float { char r[256]; };
struct vv_half { char r[256]; };
struct vv_int32 { char r[256]; };
struct vv_uint32 { char r[256]; };
struct vv_int16 { char r[256]; };
struct vv_uint16 { char r[256]; };
struct vv_int8 { char r[256]; };
struct vv_uint8 { char r[256]; };

/* the operation pairs of __bang_fusion */
enum __accelsync_fusion { FUSION_FAM, FUSION_FAS, FUSION_FMA, FUSION_FMS, FUSION_FSA, FUSION_FSM, FUSION_FSS };

#endif

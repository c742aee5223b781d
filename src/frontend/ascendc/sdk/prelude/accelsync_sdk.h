/* accelsync's prelude for reading Ascend C through the vendor SDK's own headers (--sdk): what
 * the device compiler (bisheng) provides built in and the SDK's headers take for granted.
 * Written here from the public references and from what the SDK's headers use: the kernel
 * qualifiers as annotations, the address spaces, the builtin types and enumerations, and the
 * compiler's intrinsics, declared with generic parameters; their meaning is the ISA layer's
 * (src/frontend/ascendc/isa/). Included before the kernel, in memory; never a user's file. */
#ifndef ACCELSYNC_SDK_PRELUDE_H
#define ACCELSYNC_SDK_PRELUDE_H

/* ---- kernel qualifiers: annotations the frontend reads (the compiler's own syntax,
 * `[aicore]`, is not C++) ---- */
#define __aicore__ __attribute__((annotate("accelsync:aicore")))
#define __host_aicore__ __attribute__((annotate("accelsync:host_aicore")))
#define __global__ __attribute__((annotate("accelsync:global")))
#define __host__ __attribute__((annotate("accelsync:host")))
#define __vector__ __attribute__((annotate("accelsync:vector")))
#define __cube__ __attribute__((annotate("accelsync:cube")))
#define __simd_callee__ __attribute__((annotate("accelsync:simd_callee")))
#define __simd_vf__ __attribute__((annotate("accelsync:simd_vf")))
#define __simt_callee__ __attribute__((annotate("accelsync:simt_callee")))
#define __inout_pipe__(...) __attribute__((annotate("accelsync:inout_pipe")))
#define __in_pipe__(...) __attribute__((annotate("accelsync:in_pipe")))
#define __out_pipe__(...) __attribute__((annotate("accelsync:out_pipe")))
#define __sync_alias__ __attribute__((annotate("accelsync:sync_alias")))
#define __sync_noalias__ __attribute__((annotate("accelsync:sync_noalias")))
#define __check_sync_alias__ __attribute__((annotate("accelsync:check_sync_alias")))
#define __VEC_SCOPE__
#define __disable_kernel_type_autoinfer__

/* ---- address spaces: GM is the generic space (the compiler takes string literals as GM, so
 * a GM space of its own would reject the SDK's messages); the on-chip memories are numbered
 * spaces, which the ISA layer maps to the model's memories ---- */
#define __gm__
#define __cbuf__ __attribute__((address_space(2)))
#define __ca__ __attribute__((address_space(3)))
#define __cb__ __attribute__((address_space(4)))
#define __cc__ __attribute__((address_space(5)))
#define __ubuf__ __attribute__((address_space(6)))
#define __fbuf__ __attribute__((address_space(7)))
#define __biasbuf__ __attribute__((address_space(8)))
#define __ssbuf__ __attribute__((address_space(9)))

#include <cstdint>
#include <cstddef>
#include <cmath>
#include <cstdlib>
using std::size_t;

/* ---- builtin types ---- */
typedef __fp16 half;
/* the compiler's names of the IEEE types, which kernels use beside half and float */
typedef float float32_t;
typedef half float16_t;
/* bfloat16_t is the device compiler's built-in scalar type (asc-devkit's docs list it among
 * the built-in data types; dav_c220's SetL0SetValue takes `__bf16`), so the SDK loads and
 * stores one through a __ubuf__ pointer like any scalar (GetValue, SetValue). Clang 14 has no
 * bfloat16 type on this host, and a class cannot be assigned in another address space; the
 * stand-in is char16_t: a built-in type of two bytes, distinct from every type the SDK
 * overloads on (uint16_t, half), converting to and from float and half. Its values are not
 * bfloat16 numbers, which no check reads. */
typedef char16_t bfloat16_t;

/* The pipes and event ids of set_flag/wait_flag/pipe_barrier (the ISA reference's pipe_t,
 * event_t). The ISA layer reads pipes by their enumerator names. */
typedef enum {
    PIPE_S = 0, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_MTE4, PIPE_MTE5,
    PIPE_V2, PIPE_FIX
} pipe_t;
typedef enum {
    EVENT_ID0 = 0, EVENT_ID1, EVENT_ID2, EVENT_ID3, EVENT_ID4, EVENT_ID5, EVENT_ID6, EVENT_ID7
} event_t;
/* Mode words the SDK passes through to intrinsics; their values mean nothing to the check. */
enum class QuantMode_t {
    NoQuant, F322F16, F322BF16, DEQF16, VDEQF16, QF322B8_PRE, VQF322B8_PRE, REQ8, VREQ8,
    QS322BF16_PRE, VQS322BF16_PRE, QF322HIF8_PRE, VQF322HIF8_PRE, QF322FP8_PRE, VQF322FP8_PRE,
    QF322F32_PRE, VQF322F32_PRE, QF322F16_PRE, VQF322F16_PRE, QF322BF16_PRE, VQF322BF16_PRE
};
typedef enum { MEM_T_DEFAULT } mem_t;
enum class pad_t { PAD_NONE = 0 };
enum class dcci_dst_t { CACHELINE_ALL, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };
enum class cache_line_t { SINGLE_CACHE_LINE, ENTIRE_DATA_CACHE };
enum class Order_t { VALUE_INDEX, INDEX_VALUE, ONLY_VALUE, ONLY_INDEX };
typedef enum { MEM_DSB_DEFAULT } mem_dsb_t;
typedef enum { inc = 0, dec = 1 } addr_cal_mode_t;
typedef enum { VA0 = 0, VA1, VA2, VA3, VA4, VA5, VA6, VA7 } ub_addr8_t;
typedef enum { ATOMIC_TYPE_DEFAULT } atomic_type_t;
typedef enum { ATOMIC_OP_DEFAULT } atomic_op_t;
typedef enum { L128 = 0, H128 = 1 } vpart_t;
struct vector_bool {};
struct vector_address {};
struct vector_align {};
namespace bisheng {
namespace cce {
template <class... A> void metrics_prof_start(A...);
template <class... A> void metrics_prof_stop(A...);
}  // namespace cce
}  // namespace bisheng

/* ---- names the compiler makes visible to device code ----
 * The SDK's assert (include/utils/debug/asc_assert.h) calls __assert_fail_msg unqualified
 * from any namespace, while its 2201 implementation defines it in namespace __asc_aicore
 * (impl/utils/debug/asc_aicore_assert_impl.h): the device compiler finds it there. Declared
 * here with the implementation's signature (the same template, which the SDK then defines)
 * and made visible as the compiler makes it. */
namespace __asc_aicore {
template <typename... Args>
void __assert_fail_msg(const char *assertion, const char *file, unsigned int line,
                       const char *function, const char *fmt, Args &&...args);
}  // namespace __asc_aicore
using __asc_aicore::__assert_fail_msg;

/* ---- the compiler's intrinsics the SDK's implementation calls (arch 2201), by family ---- */
/* Synchronization: flags, barriers, cross-core */
template <class... A> void __ib_set_stub(A...);
template <class... A> void __ib_wait_stub(A...);
template <class... A> void __sync_all_stub(A...);
template <class... A> void dsb(A...);
template <class... A> void ffts_cross_core_sync(A...);
template <class... A> void hset_flag(A...);
template <class... A> void hwait_flag(A...);
template <class... A> void pipe_barrier(A...);
template <class... A> void set_ffts_base_addr(A...);
template <class... A> void set_flag(A...);
template <class... A> void wait_flag(A...);
template <class... A> void wait_flag_dev(A...);

/* Data movement (MTE1/MTE2/MTE3/FIX) */
template <class... A> void copy_cbuf_to_bt(A...);
template <class... A> void copy_cbuf_to_fbuf(A...);
template <class... A> void copy_cbuf_to_gm(A...);
template <class... A> void copy_gm_to_cbuf(A...);
template <class... A> void copy_gm_to_cbuf_multi_nd2nz_b16(A...);
template <class... A> void copy_gm_to_cbuf_multi_nd2nz_b32s(A...);
template <class... A> void copy_gm_to_cbuf_multi_nd2nz_b8(A...);
template <class... A> void copy_gm_to_ubuf(A...);
template <class... A> void copy_gm_to_ubuf_align_b32(A...);
template <class... A> void copy_ubuf_to_gm(A...);
template <class... A> void copy_ubuf_to_ubuf(A...);
template <class... A> void create_cbuf_matrix(A...);
template <class... A> void img2colv2_cbuf_to_ca(A...);
template <class... A> void img2colv2_cbuf_to_ca_s4(A...);
template <class... A> void img2colv2_cbuf_to_cb(A...);
template <class... A> void load_cbuf_to_ca_s4(A...);
template <class... A> void load_cbuf_to_cb_s4(A...);
template <class... A> void load_cbuf_to_cb_sp(A...);
template <class... A> void load_cbuf_to_cb_transpose_s4(A...);
template <class... A> void scatter_vnchwconv_b16(A...);
template <class... A> void scatter_vnchwconv_b32(A...);
template <class... A> void scatter_vnchwconv_b8(A...);

/* Cube */
template <class... A> void mad_sp(A...);

/* Vector instructions */
template <class... A> void vabs(A...);
template <class... A> void vadd(A...);
template <class... A> void vadds(A...);
template <class... A> void vand(A...);
template <class... A> void vbitsort(A...);
template <class... A> void vbrcb(A...);
template <class... A> void vcadd(A...);
template <class... A> void vcgadd(A...);
template <class... A> void vcgmax(A...);
template <class... A> void vcmax(A...);
template <class... A> void vcmpv_eq(A...);
template <class... A> void vcmpv_ge(A...);
template <class... A> void vcmpv_gt(A...);
template <class... A> void vcmpv_le(A...);
template <class... A> void vcmpv_lt(A...);
template <class... A> void vcmpv_ne(A...);
template <class... A> void vcmpvs_eq(A...);
template <class... A> void vcmpvs_ge(A...);
template <class... A> void vcmpvs_gt(A...);
template <class... A> void vcmpvs_le(A...);
template <class... A> void vcmpvs_lt(A...);
template <class... A> void vcmpvs_ne(A...);
template <class... A> void vconv_bf162f32(A...);
template <class... A> void vconv_bf162s32a(A...);
template <class... A> void vconv_bf162s32c(A...);
template <class... A> void vconv_bf162s32f(A...);
template <class... A> void vconv_bf162s32r(A...);
template <class... A> void vconv_bf162s32z(A...);
template <class... A> void vconv_deq(A...);
template <class... A> void vconv_f162f32(A...);
template <class... A> void vconv_f162s16a(A...);
template <class... A> void vconv_f162s16c(A...);
template <class... A> void vconv_f162s16f(A...);
template <class... A> void vconv_f162s16r(A...);
template <class... A> void vconv_f162s16z(A...);
template <class... A> void vconv_f162s32a(A...);
template <class... A> void vconv_f162s32c(A...);
template <class... A> void vconv_f162s32f(A...);
template <class... A> void vconv_f162s32r(A...);
template <class... A> void vconv_f162s32z(A...);
template <class... A> void vconv_f162s4(A...);
template <class... A> void vconv_f162s4a(A...);
template <class... A> void vconv_f162s4c(A...);
template <class... A> void vconv_f162s4f(A...);
template <class... A> void vconv_f162s4r(A...);
template <class... A> void vconv_f162s4z(A...);
template <class... A> void vconv_f162s8(A...);
template <class... A> void vconv_f162s8a(A...);
template <class... A> void vconv_f162s8c(A...);
template <class... A> void vconv_f162s8f(A...);
template <class... A> void vconv_f162s8r(A...);
template <class... A> void vconv_f162s8z(A...);
template <class... A> void vconv_f162u8(A...);
template <class... A> void vconv_f162u8a(A...);
template <class... A> void vconv_f162u8c(A...);
template <class... A> void vconv_f162u8f(A...);
template <class... A> void vconv_f162u8r(A...);
template <class... A> void vconv_f162u8z(A...);
template <class... A> void vconv_f322bf16a(A...);
template <class... A> void vconv_f322bf16c(A...);
template <class... A> void vconv_f322bf16f(A...);
template <class... A> void vconv_f322bf16r(A...);
template <class... A> void vconv_f322bf16z(A...);
template <class... A> void vconv_f322f16(A...);
template <class... A> void vconv_f322f16a(A...);
template <class... A> void vconv_f322f16c(A...);
template <class... A> void vconv_f322f16f(A...);
template <class... A> void vconv_f322f16o(A...);
template <class... A> void vconv_f322f16r(A...);
template <class... A> void vconv_f322f16z(A...);
template <class... A> void vconv_f322f32a(A...);
template <class... A> void vconv_f322f32c(A...);
template <class... A> void vconv_f322f32f(A...);
template <class... A> void vconv_f322f32r(A...);
template <class... A> void vconv_f322f32z(A...);
template <class... A> void vconv_f322s16a(A...);
template <class... A> void vconv_f322s16c(A...);
template <class... A> void vconv_f322s16f(A...);
template <class... A> void vconv_f322s16r(A...);
template <class... A> void vconv_f322s16z(A...);
template <class... A> void vconv_f322s32a(A...);
template <class... A> void vconv_f322s32c(A...);
template <class... A> void vconv_f322s32f(A...);
template <class... A> void vconv_f322s32r(A...);
template <class... A> void vconv_f322s32z(A...);
template <class... A> void vconv_f322s64a(A...);
template <class... A> void vconv_f322s64c(A...);
template <class... A> void vconv_f322s64f(A...);
template <class... A> void vconv_f322s64r(A...);
template <class... A> void vconv_f322s64z(A...);
template <class... A> void vconv_s162f16(A...);
template <class... A> void vconv_s162f16a(A...);
template <class... A> void vconv_s162f16c(A...);
template <class... A> void vconv_s162f16f(A...);
template <class... A> void vconv_s162f16r(A...);
template <class... A> void vconv_s162f16z(A...);
template <class... A> void vconv_s162f32(A...);
template <class... A> void vconv_s322f32(A...);
template <class... A> void vconv_s322f32a(A...);
template <class... A> void vconv_s322f32c(A...);
template <class... A> void vconv_s322f32f(A...);
template <class... A> void vconv_s322f32r(A...);
template <class... A> void vconv_s322f32z(A...);
template <class... A> void vconv_s322s16(A...);
template <class... A> void vconv_s322s64(A...);
template <class... A> void vconv_s42f16(A...);
template <class... A> void vconv_s642f32a(A...);
template <class... A> void vconv_s642f32c(A...);
template <class... A> void vconv_s642f32f(A...);
template <class... A> void vconv_s642f32r(A...);
template <class... A> void vconv_s642f32z(A...);
template <class... A> void vconv_s642s32(A...);
template <class... A> void vconv_s82f16(A...);
template <class... A> void vconv_u82f16(A...);
template <class... A> void vcopy(A...);
template <class... A> void vdiv(A...);
template <class... A> void vector_dup(A...);
template <class... A> void vexp(A...);
template <class... A> void vgather(A...);
template <class... A> void vld_va_reg(A...);
template <class... A> void vln(A...);
template <class... A> void vmax(A...);
template <class... A> void vmaxs(A...);
template <class... A> void vmin(A...);
template <class... A> void vmins(A...);
template <class... A> void vmrgsort4(A...);
template <class... A> void vmul(A...);
template <class... A> void vmulconv_f162s8(A...);
template <class... A> void vmulconv_f162u8(A...);
template <class... A> void vmuls(A...);
template <class... A> void vnot(A...);
template <class... A> void vor(A...);
template <class... A> void vrec(A...);
template <class... A> void vreducev2(A...);
template <class... A> void vsel(A...);
template <class... A> void vshr(A...);
template <class... A> void vsqrt(A...);
template <class... A> void vsub(A...);
template <class... A> void vtranspose(A...);

/* Scalar unit: system registers, bit operations, conversions, memory of the scalar unit */
template <class... A> void asc_prof_start(A...);
template <class... A> void asc_prof_stop(A...);
template <class... A> int64_t bcnt0(A...);
template <class... A> int64_t bcnt1(A...);
template <class... A> int64_t clz(A...);
template <class... A> half conv_f322f16o(A...);
template <class... A> int64_t conv_f322s32a(A...);
template <class... A> int64_t conv_f322s32c(A...);
template <class... A> int64_t conv_f322s32f(A...);
template <class... A> int64_t conv_f322s32r(A...);
template <class... A> void dc_preload(A...);
template <class... A> void dcci(A...);
template <class... A> int64_t get_acc_val(A...);
template <class... A> int64_t get_arch_ver(A...);
template <class... A> int64_t get_block_idx(A...);
template <class... A> int64_t get_block_num(A...);
/* The compiler's own variables for the same (kernels, and the SDK for other arches, read them
 * unqualified): the ISA layer gives them the values get_block_idx and get_block_num give. */
extern int64_t block_idx;
extern int64_t block_num;
template <class... A> int64_t get_coreid(A...);
template <class... A> int64_t get_ctrl(A...);
template <class... A> int64_t get_icache_prl_st(A...);
template <class... A> int64_t get_imm(A...);
template <class... A> int64_t get_max_min_cnt(A...);
template <class... A> int64_t get_pc(A...);
template <class... A> int64_t get_rsvd_cnt(A...);
template <class... A> int64_t get_st_atomic_cfg(A...);
template <class... A> int64_t get_subblockdim(A...);
template <class... A> int64_t get_subblockid(A...);
template <class... A> int64_t get_sys_cnt(A...);
template <class... A> int64_t get_vms4_sr(A...);
template <class... A> int64_t ld_dev(A...);
template <class... A> void preload(A...);
template <class... A> int64_t sbitset0(A...);
template <class... A> int64_t sbitset1(A...);
template <class... A> void set_aipp_spr_0(A...);
template <class... A> void set_aipp_spr_1(A...);
template <class... A> void set_aipp_spr_18(A...);
template <class... A> void set_aipp_spr_19(A...);
template <class... A> void set_aipp_spr_2(A...);
template <class... A> void set_aipp_spr_20(A...);
template <class... A> void set_aipp_spr_21(A...);
template <class... A> void set_aipp_spr_3(A...);
template <class... A> void set_aipp_spr_4(A...);
template <class... A> void set_aipp_spr_5(A...);
template <class... A> void set_aipp_spr_6(A...);
template <class... A> void set_aipp_spr_7(A...);
template <class... A> void set_aipp_spr_8(A...);
template <class... A> void set_aipp_spr_9(A...);
template <class... A> void set_atomic_add(A...);
template <class... A> void set_atomic_bf16(A...);
template <class... A> void set_atomic_f16(A...);
template <class... A> void set_atomic_f32(A...);
template <class... A> void set_atomic_max(A...);
template <class... A> void set_atomic_min(A...);
template <class... A> void set_atomic_none(A...);
template <class... A> void set_atomic_s16(A...);
template <class... A> void set_atomic_s32(A...);
template <class... A> void set_atomic_s8(A...);
template <class... A> void set_cmpmask(A...);
template <class... A> void set_ctrl(A...);
template <class... A> void set_data_exp_0(A...);
template <class... A> void set_data_exp_1(A...);
template <class... A> void set_data_exp_2(A...);
template <class... A> void set_data_exp_3(A...);
template <class... A> void set_deqscale(A...);
template <class... A> void set_fmatrix(A...);
template <class... A> void set_fmatrix_b(A...);
template <class... A> void set_fpc(A...);
template <class... A> void set_l1_3d_size(A...);
template <class... A> void set_l3d_rpt(A...);
template <class... A> void set_mask_count(A...);
template <class... A> void set_mask_norm(A...);
template <class... A> void set_mov_pad_val(A...);
template <class... A> void set_nd_para(A...);
template <class... A> void set_padding(A...);
template <class... A> void set_quant_pre(A...);
template <class... A> void set_st_atomic_cfg(A...);
template <class... A> void set_va_reg_sb(A...);
template <class... A> void set_vector_mask(A...);
template <class... A> int64_t sff0(A...);
template <class... A> int64_t sff1(A...);
template <class... A> int64_t sflbits(A...);
template <class... A> void st_dev(A...);
template <class... A> void trap(A...);

/* ---- the device compiler's scalar min and max, which kernels call unqualified (ops-math's
 * not_equal_v2 does, and compiles for the device): with bodies, the frontend runs them. The
 * trailing pack makes std::min and std::max the better match under `using namespace std;` ---- */
template <typename T, typename... U> __aicore__ inline constexpr T min(T a, T b, U...)
{
    return a < b ? a : b;
}
template <typename T, typename... U> __aicore__ inline constexpr T max(T a, T b, U...)
{
    return a < b ? b : a;
}
#endif

// accelsync's declarations of the operator build's tiling-key templates (the SDK's
// ascendc/host_api/tiling/template_argument.h), written for accelsync from the API reference
// ("Tiling模板编程", 模板参数定义): which template parameters a kernel has, in which order, and
// which combinations of their values (selections) the build instantiates the kernel for.
//
// Each ASCENDC_TPL_ARGS_DECL becomes an array __accelsync_tpl_decl_<n>_<Op> and each
// ASCENDC_TPL_SEL an array __accelsync_tpl_sel_<n> (<n> counts: a header without a guard that is
// included twice declares them again, which the vendor's kernel build, where both expand to
// nothing, accepts; the frontend reads one copy of each place), whose elements are calls of the functions declared below
// (never defined: nothing runs them). The frontend (src/frontend/ascendc/tpl_select.c) reads
// the calls' arguments with clang's constant evaluator and instantiates the kernel for every
// selection.
#ifndef ACCELSYNC_STUB_TEMPLATE_ARGUMENT_H
#define ACCELSYNC_STUB_TEMPLATE_ARGUMENT_H

#include <cstdint>

// Kernel types a selection may name (ASCENDC_TPL_KERNEL_TYPE_SEL), as the reference lists them.
#define ASCENDC_TPL_AIV_ONLY 0
#define ASCENDC_TPL_AIC_ONLY 1
#define ASCENDC_TPL_MIX_AIV_1_0 4
#define ASCENDC_TPL_MIX_AIC_1_0 5
#define ASCENDC_TPL_MIX_AIC_1_1 6
#define ASCENDC_TPL_MIX_AIC_1_2 7
#define ASCENDC_TPL_AICORE 8
#define ASCENDC_TPL_VECTORCORE 9
#define ASCENDC_TPL_MIX_AICORE 10
#define ASCENDC_TPL_MIX_VECTOR_CORE 11
// Bit widths of a parameter in the tiling key (the key's encoding; the frontend needs none).
#define ASCENDC_TPL_1_BW 1
#define ASCENDC_TPL_2_BW 2
#define ASCENDC_TPL_4_BW 4
#define ASCENDC_TPL_8_BW 8
// How an unsigned parameter lists its values: every value; ranges (a count, then a first and
// last value per range); ranges then single values.
#define ASCENDC_TPL_UI_RANGE 0
#define ASCENDC_TPL_UI_LIST 1
#define ASCENDC_TPL_UI_MIX 2
// A native data type parameter declared as "the type of input (output) x".
#define ASCENDC_TPL_INPUT(x) (100000000 + (x))
#define ASCENDC_TPL_OUTPUT(x) (900000000 + (x))

// The native data types a DATATYPE parameter takes, by their ge::DataType codes (the ones the
// frontend gives a C++ type), and the others with codes of their own from 1000: an instance of
// one of those is reported unsupported, not guessed.
#define C_DT_FLOAT 0
#define C_DT_FLOAT16 1
#define C_DT_INT8 2
#define C_DT_INT32 3
#define C_DT_UINT8 4
#define C_DT_INT16 6
#define C_DT_UINT16 7
#define C_DT_UINT32 8
#define C_DT_INT64 9
#define C_DT_UINT64 10
#define C_DT_DOUBLE 11
#define C_DT_BOOL 12
#define C_DT_BF16 27
#define C_DT_COMPLEX64 1000
#define C_DT_INT4 1001
#define C_DT_UINT1 1002
#define C_DT_INT2 1003
#define C_DT_COMPLEX32 1004
#define C_DT_HIFLOAT8 1005
#define C_DT_FLOAT8_E5M2 1006
#define C_DT_FLOAT8_E4M3FN 1007
#define C_DT_FLOAT4_E2M1 1008
#define C_DT_FLOAT4_E1M2 1009

// What a declaration or choice is about (the frontend's own numbering).
#define ACCELSYNC_TPL_DTYPE 0           // an integer: the operator's own data type codes
#define ACCELSYNC_TPL_FORMAT 1          // an integer: a format code
#define ACCELSYNC_TPL_UINT 2            // an unsigned integer, values by ASCENDC_TPL_UI_*
#define ACCELSYNC_TPL_BOOL 3            // 0 or 1
#define ACCELSYNC_TPL_DATATYPE 4        // a C++ type, by its C_DT_* code
#define ACCELSYNC_TPL_SHARED_KERNEL_TYPE 5   // an integer: a kernel type
#define ACCELSYNC_TPL_KERNEL_TYPE 6     // a selection's kernel type, not a template argument
#define ACCELSYNC_TPL_DETERMINISTIC 7   // a selection's -DDETERMINISTIC_MODE, not an argument
#define ACCELSYNC_TPL_TILING_STRUCT 8   // a selection's tiling structure, not an argument

// The values of a declaration or choice, in braces (a trailing comma allowed, as the build
// allows it): any integer or enumerator, kept as written for the frontend to evaluate.
struct __accelsync_tpl_value {
    long long v;
    __accelsync_tpl_value() = default;
    template <class T> __accelsync_tpl_value(T x) : v((long long)x) {}
};
struct __accelsync_tpl_values {
    __accelsync_tpl_value at[64];
};
// A declared parameter: kind, name, then its values (for UINT: the mode, then the numbers).
int __accelsync_tpl_param(int kind, const char *name, const __accelsync_tpl_values &values);
// A selection's values of one parameter (or, for the last three kinds, a setting of it).
int __accelsync_tpl_choice(int kind, const char *name, const __accelsync_tpl_values &values);
// One selection: a choice per parameter (a trailing comma allowed, as the build allows it).
struct __accelsync_tpl_selection {
    int choices[64];
};

#define ACCELSYNC_TPL_CAT2(a, b) a##b
#define ACCELSYNC_TPL_CAT(a, b) ACCELSYNC_TPL_CAT2(a, b)

#define ASCENDC_TPL_DTYPE_DECL(x, ...) __accelsync_tpl_param(ACCELSYNC_TPL_DTYPE, #x, {{__VA_ARGS__}})
#define ASCENDC_TPL_DATATYPE_DECL(x, ...) \
    __accelsync_tpl_param(ACCELSYNC_TPL_DATATYPE, #x, {{__VA_ARGS__}})
#define ASCENDC_TPL_FORMAT_DECL(x, ...) __accelsync_tpl_param(ACCELSYNC_TPL_FORMAT, #x, {{__VA_ARGS__}})
#define ASCENDC_TPL_UINT_DECL(x, bw, ...) __accelsync_tpl_param(ACCELSYNC_TPL_UINT, #x, {{__VA_ARGS__}})
#define ASCENDC_TPL_BOOL_DECL(x, ...) __accelsync_tpl_param(ACCELSYNC_TPL_BOOL, #x, {{__VA_ARGS__}})
#define ASCENDC_TPL_KERNEL_TYPE_DECL(x, ...) \
    __accelsync_tpl_param(ACCELSYNC_TPL_SHARED_KERNEL_TYPE, #x, {{__VA_ARGS__}})

#define ASCENDC_TPL_DTYPE_SEL(x, ...) __accelsync_tpl_choice(ACCELSYNC_TPL_DTYPE, #x, {{__VA_ARGS__}})
#define ASCENDC_TPL_DATATYPE_SEL(x, ...) \
    __accelsync_tpl_choice(ACCELSYNC_TPL_DATATYPE, #x, {{__VA_ARGS__}})
#define ASCENDC_TPL_FORMAT_SEL(x, ...) __accelsync_tpl_choice(ACCELSYNC_TPL_FORMAT, #x, {{__VA_ARGS__}})
#define ASCENDC_TPL_UINT_SEL(x, ...) __accelsync_tpl_choice(ACCELSYNC_TPL_UINT, #x, {{__VA_ARGS__}})
#define ASCENDC_TPL_BOOL_SEL(x, ...) __accelsync_tpl_choice(ACCELSYNC_TPL_BOOL, #x, {{__VA_ARGS__}})
#define ASCENDC_TPL_SHARED_KERNEL_TYPE_SEL(x, ...) \
    __accelsync_tpl_choice(ACCELSYNC_TPL_SHARED_KERNEL_TYPE, #x, {{__VA_ARGS__}})
#define ASCENDC_TPL_KERNEL_TYPE_SEL(...) \
    __accelsync_tpl_choice(ACCELSYNC_TPL_KERNEL_TYPE, "kernel_type", {{__VA_ARGS__}})
#define ASCENDC_TPL_DETERMINISTIC_SEL(...) \
    __accelsync_tpl_choice(ACCELSYNC_TPL_DETERMINISTIC, "deterministic", {{__VA_ARGS__}})
#define ASCENDC_TPL_TILING_STRUCT_SEL(x, ...) \
    __accelsync_tpl_choice(ACCELSYNC_TPL_TILING_STRUCT, #x, {})

#define ASCENDC_TPL_ARGS_DECL(op, ...)                                                       \
    static const int ACCELSYNC_TPL_CAT(__accelsync_tpl_decl_, ACCELSYNC_TPL_CAT(__COUNTER__, _##op))[] = \
        {__VA_ARGS__}
#define ASCENDC_TPL_ARGS_SEL(...) {{__VA_ARGS__}}
#define ASCENDC_TPL_SEL(...)                                                                 \
    static const __accelsync_tpl_selection ACCELSYNC_TPL_CAT(__accelsync_tpl_sel_,           \
                                                             __COUNTER__)[] = {__VA_ARGS__}

// Host-side key encoding: the kernel never calls it.
#define GET_TPL_TILING_KEY(...) 0
#define ASCENDC_TPL_SEL_PARAM(context, ...)

#endif

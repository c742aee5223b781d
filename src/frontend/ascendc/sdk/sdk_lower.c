/* Reading an Ascend C source through the vendor SDK (see sdk_lower.h). */
#include "sdk_lower.h"

#include <stdlib.h>
#include <string.h>

#include "../../../model/model.h"
#include "../../../util/embedded.h"
#include "../../../util/xalloc.h"
#include "../../clang/clang_driver.h"
#include "../../interp/interp.h"
#include "../../interp/session.h"
#include "../../pir/pir_writer.h"
#include "../isa/isa.h"

extern const struct embedded_file ascendc_sdk_prelude[];

/* The prelude lives at this path only inside the parse (libclang's unsaved files). */
#define PRELUDE_DIR "/accelsync-frontend/ascendc-sdk"

/* The device compiler's language options: C++17, its half type native (the SDK computes with
 * half as a scalar type), the prelude before the kernel. */
static const char *const compiler_args[] = {
    "-x", "c++", "-std=c++17", "-Xclang", "-fnative-half-type", "-Xclang",
    "-fnative-half-arguments-and-returns", "-include", "accelsync_sdk.h",
};

static const char *const entry_words[] = {"__global__", NULL};

static const struct clang_dialect dialect = {
    .stub_dir = PRELUDE_DIR,
    .stubs = ascendc_sdk_prelude,
    .args = compiler_args,
    .nargs = sizeof(compiler_args) / sizeof(compiler_args[0]),
    .entry_words = entry_words,
};

typedef VEC(char *) arg_vec;

/* The SDK's include directories, then the model's macros for the vector core. */
static arg_vec parse_arguments(const struct sdk_layout *sdk, const struct model_source *ms)
{
    arg_vec args = {0};
    for (char **a = sdk->args; *a; a++)
        VEC_PUSH(args, xstrdup(*a));
    for (int i = 0; i < ms->ndefines; i++) {
        const struct model_source_define *d = &ms->defines[i];
        if (d->coretype && strcmp(d->coretype, ms->vector_core) != 0)
            continue;
        VEC_PUSH(args, d->value ? xasprintf("-D%s=%s", d->name, d->value)
                                : xasprintf("-D%s", d->name));
    }
    return args;
}

/* Kernel arguments: GM addresses become GM buffers named after them; integers are runtime
 * values (-D NAME=VALUE, default 4). */
static struct value bind_param(struct interp *I, CXCursor parm, void *data)
{
    (void)data;
    return interp_kernel_argument(I, parm, "GM", 4);
}

/* The entry's runs on one vector core, as `if (?) { run 1 } else { ... }` (one run per
 * combination of sides of its conditions on data). */
static void lower_entry(struct interp *I, CXCursor entry, const char *name,
                        const struct frontend_options *o, const struct model_source *ms,
                        struct lowered_source *out)
{
    struct pir_writer *w = I->w;
    struct as_loc at = interp_loc(I, entry);
    struct pir_mark mark = pir_writer_mark(w);
    pir_writer_open(w, at, "kernel %s", name);
    bool incomplete = false, more;
    int runs = 0;
    do {
        struct pir_mark at_if = pir_writer_mark(w);
        pir_writer_open(w, at, "if (?)");
        struct pir_mark start = pir_writer_mark(w);
        void *data = isa_data_new(w, (struct isa_run){.auto_sync = !o->manual_sync, .source = ms});
        I->api_data = data;
        interp_run_kernel(I, entry, bind_param, NULL);
        isa_data_free(data);
        I->api_data = NULL;
        incomplete |= I->incomplete;
        more = !I->incomplete && interp_next_run(I);
        if (more && ++runs == I->opt->max_runs) {
            interp_unsupported(I, entry, "more than %d runs: conditions on data split the "
                               "kernel into more combinations than are lowered", I->opt->max_runs);
            incomplete = true;
            more = false;
        }
        if (more) {
            pir_writer_close(w, at);
            pir_writer_open(w, at, "else");
        } else {
            pir_writer_unwrap(w, at_if, start, pir_writer_mark(w));
        }
    } while (more);
    for (int k = 0; k < runs; k++)
        pir_writer_close(w, at);
    while (interp_next_run(I))
        ;
    pir_writer_close(w, at);
    out->kernels++;
    if (incomplete) {
        out->incomplete++;
        if (!o->keep_incomplete)
            pir_writer_rollback(w, mark);
    }
}

bool sdk_lower(const struct source *src, const struct frontend_options *o, const struct model *m,
               const struct sdk_layout *sdk, struct lowered_source *out, struct diag_list *diags)
{
    const struct model_source *ms = &m->source;
    arg_vec args = parse_arguments(sdk, ms);
    struct clang_extra_file tiling = {"kernel_tiling/kernel_tiling.h", sdk->tiling_header};
    struct clang_parse parse;
    bool ok = clang_parse_source(&dialect, src, o, &tiling, sdk->tiling_header ? 1 : 0,
                                 (const char *const *)args.items, args.len, &parse, diags);
    if (ok) {
        struct cursor_vec entries = clang_entries(parse.tu, src->path, "__global__", diags);
        ok = entries.len > 0;
        if (ok) {
            struct lowering_session ss;
            lowering_session_begin(&ss, &parse, src->path, PRELUDE_DIR "/", isa_api(), o, diags);
            char *root = xasprintf("%s/", sdk->root);
            ss.w.vendor_root = root;
            pir_writer_note(&ss.w, "read through the Ascend C SDK at %s (%s): every API call as "
                            "the SDK implements it, down to the compiler's intrinsics",
                            sdk->root, sdk->from);
            for (size_t i = 0; i < entries.len; i++) {
                CXString name = clang_getCursorSpelling(entries.items[i]);
                lower_entry(&ss.I, entries.items[i], clang_getCString(name), o, ms, out);
                clang_disposeString(name);
            }
            lowering_session_end(&ss, o, m->name, out);
            free(root);
        }
        VEC_FREE(entries);
    }
    clang_parse_free(&parse);
    for (size_t i = 0; i < args.len; i++)
        free(args.items[i]);
    VEC_FREE(args);
    return ok;
}

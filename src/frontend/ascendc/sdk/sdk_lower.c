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

/* Intrinsics the SDK calls that the prelude does not declare (a newer SDK, a path of the
 * implementation the prelude's list missed): the names of clang's "use of undeclared
 * identifier" errors inside the SDK, as generic declarations like the prelude's; NULL if
 * there is none. Only lowercase names, as the compiler's intrinsics are. */
static char *undeclared_intrinsics(const struct diag_list *d, const char *root)
{
    static const char lead[] = "use of undeclared identifier '";
    char *decls = NULL;
    size_t n = strlen(root);
    for (size_t i = 0; i < d->len; i++) {
        const struct finding *f = &d->items[i];
        const char *name = f->message ? strstr(f->message, lead) : NULL;
        if (f->check != CHECK_SOURCE_ERROR || !name || !f->loc.file ||
            strncmp(f->loc.file, root, n) != 0 || f->loc.file[n] != '/')
            continue;
        name += sizeof(lead) - 1;
        size_t len = strcspn(name, "'");
        bool word = len > 0 && name[0] >= 'a' && name[0] <= 'z';
        for (size_t k = 0; k < len && word; k++)
            word = (name[k] >= 'a' && name[k] <= 'z') || (name[k] >= '0' && name[k] <= '9') ||
                   name[k] == '_';
        char *decl = word ? xasprintf("template <class... A> void %.*s(A...);\n", (int)len, name)
                          : NULL;
        if (!decl || (decls && strstr(decls, decl))) {
            free(decl);
            continue;
        }
        char *more = xasprintf("%s%s", decls ? decls : "", decl);
        free(decls);
        free(decl);
        decls = more;
    }
    return decls;
}

/* Parses src through the SDK: once, and again with the intrinsics the first parse found
 * undeclared inside the SDK declared (clang's findings of the parse that counts go to diags). */
static bool parse_through(const struct source *src, const struct frontend_options *o,
                          const struct sdk_layout *sdk, arg_vec *args, struct clang_parse *parse,
                          struct diag_list *diags)
{
    struct clang_extra_file extra[2] = {{"kernel_tiling/kernel_tiling.h", sdk->tiling_header},
                                        {"accelsync_sdk_more.h", ""}};
    struct clang_extra_file *files = sdk->tiling_header ? extra : extra + 1;
    struct diag_list first;
    diag_list_init(&first, 0);
    VEC_PUSH(*args, xstrdup("-include"));
    VEC_PUSH(*args, xstrdup("accelsync_sdk_more.h"));
    bool ok = clang_parse_source(&dialect, src, o, files, sdk->tiling_header ? 2 : 1,
                                 (const char *const *)args->items, args->len, parse, &first);
    char *more = ok ? NULL : undeclared_intrinsics(&first, sdk->root);
    if (more) {
        clang_parse_free(parse);
        extra[1].text = more;
        ok = clang_parse_source(&dialect, src, o, files, sdk->tiling_header ? 2 : 1,
                                (const char *const *)args->items, args->len, parse, diags);
        free(more);
    } else {
        for (size_t i = 0; i < first.len; i++) {
            const struct finding *f = &first.items[i];
            struct as_loc at = f->loc;
            if (at.file)
                at.file = arena_strdup(&diags->arena, at.file);
            diag_addf(diags, f->check, f->severity, at, "%s", f->message);
        }
    }
    diag_list_free(&first);
    return ok;
}

bool sdk_lower(const struct source *src, const struct frontend_options *o, const struct model *m,
               const struct sdk_layout *sdk, struct lowered_source *out, struct diag_list *diags)
{
    const struct model_source *ms = &m->source;
    arg_vec args = parse_arguments(sdk, ms);
    struct clang_parse parse;
    bool ok = parse_through(src, o, sdk, &args, &parse, diags);
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

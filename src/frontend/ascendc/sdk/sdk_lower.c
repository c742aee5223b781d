/* Reading an Ascend C source through the vendor SDK (see sdk_lower.h). */
#include "sdk_lower.h"

#include <stdlib.h>
#include <string.h>

#include "../../../model/model.h"
#include "../../../util/embedded.h"
#include "../../../util/xalloc.h"
#include "../../clang/build_emulation.h"
#include "../../clang/clang_driver.h"
#include "../../clang/entry_names.h"
#include "../../clang/op_dtypes.h"
#include "../../clang/op_layout.h"
#include "../../interp/interp.h"
#include "../../interp/session.h"
#include "../../pir/pir_writer.h"
#include "../isa/isa.h"
#include "../tiling_keys.h"
#include "../tiling_search.h"
#include "sdk_intrinsics.h"
#include "sdk_workspace.h"
#include "../tpl_select.h"

extern const struct embedded_file ascendc_sdk_prelude[];
extern const struct embedded_file ascendc_stubs[];

/* The tiling-key template declarations, the frontend's own (see sdk_layout.c). */
#define TEMPLATE_ARGUMENT "ascendc/host_api/tiling/template_argument.h"


/* The device compiler's language options: C++17, its half type native (the SDK computes with
 * half as a scalar type), the prelude before the kernel. Narrowing in a brace list is not an
 * error: the prelude's bfloat16_t is an integer type standing in for the compiler's floating
 * one (accelsync_sdk.h), and `{..., 0.0}` into one, which the device compiler takes, is a
 * narrowing from floating to integer here. */
static const char *const compiler_args[] = {
    "-x", "c++", "-std=c++17", "-Xclang", "-fnative-half-type", "-Xclang",
    "-fnative-half-arguments-and-returns", "-Wno-c++11-narrowing", "-include", "accelsync_sdk.h",
    "-include", "accelsync_op_build.h",
};

static const char *const entry_words[] = {"__global__", NULL};

/* The SDK defines REGISTER_TILING_DEFAULT(T) as a section the build reads; the entry's own
 * registration must name the structure GET_TILING_DATA reads (prelude/accelsync_op_build.h). */
static const char *const renamed[] = {"REGISTER_TILING_DEFAULT", "__accelsync_tiling_dflt", NULL};

static const struct clang_dialect dialect = {
    .stub_dir = ISA_PRELUDE_DIR,
    .stubs = ascendc_sdk_prelude,
    .args = compiler_args,
    .nargs = sizeof(compiler_args) / sizeof(compiler_args[0]),
    .entry_words = entry_words,
    .renamed = renamed,
};

typedef VEC(char *) arg_vec;

/* The model's __NPU_ARCH__, or NULL. */
static const char *npu_arch(const struct model_source *ms)
{
    for (int i = 0; i < ms->ndefines; i++)
        if (!strcmp(ms->defines[i].name, "__NPU_ARCH__"))
            return ms->defines[i].value;
    return NULL;
}

/* The SDK's include directories, the operator build's staging (its overlay, op_layout.h) and
 * type macros (DTYPE_X ...), and the model's macros for the vector core. */
static arg_vec parse_arguments(const struct source *src, const struct op_staging *staging,
                               const struct op_dtypes *dtypes, const struct sdk_layout *sdk,
                               const struct model_source *ms)
{
    arg_vec args = {0};
    for (char **a = sdk->args; *a; a++)
        VEC_PUSH(args, xstrdup(*a));
    for (size_t i = 0; i < staging->nargs; i++)
        VEC_PUSH(args, xstrdup(staging->args[i]));
    char **types = type_macro_arguments(src->path, src->text, staging->type_dirs,
                                        staging->ntype_dirs, dtypes);
    for (char **t = types; *t; t++)
        VEC_PUSH(args, xstrdup(*t));
    free_arguments(types);
    for (int i = 0; i < ms->ndefines; i++) {
        const struct model_source_define *d = &ms->defines[i];
        if (d->coretype && strcmp(d->coretype, ms->vector_core) != 0)
            continue;
        VEC_PUSH(args, d->value ? xasprintf("-D%s=%s", d->name, d->value)
                                : xasprintf("-D%s", d->name));
    }
    return args;
}

/* How a source is read: the options, the model, and the op build's workspace function
 * (sdk_workspace.h; null: none). */
struct sdk_reading {
    const struct frontend_options *o;
    const struct model *m;
    CXCursor workspace;
};

/* One run of an entry: how the source is read, what the runs showed about the cores. */
struct sdk_run {
    const struct sdk_reading *r;
    struct isa_traits t;
};

/* Kernel arguments: GM addresses become GM buffers named after them, the workspace as the op
 * build's wrapper passes it; integers are runtime values (-D NAME=VALUE, default 4). */
static struct value bind_param(struct interp *I, CXCursor parm, void *data)
{
    const struct sdk_run *c = data;
    return sdk_workspace_argument(I, parm, interp_kernel_argument(I, parm, "GM", 4),
                                  c->r->workspace);
}

struct key_search {
    const char *root;   /* the SDK's files: its own TILING_KEY_IS are not the kernel's */
    size_t nroot;
    struct tiling_keys keys;
    /* Where the kernel's files call TILING_KEY_IS with an argument that is not a number
     * (a macro, an enumerator, a constant expression): file and offset of the call, whose
     * expansion `(TILING_KEY_VAR == (k))` is then found in the AST (key_operand). */
    VEC(CXFile) files;
    VEC(unsigned) offsets;
};

/* The constant keys of the TILING_KEY_IS(k) the kernel's own files write (macro expansions of
 * the preprocessing record: the SDK's TILING_KEY_IS is a macro), sorted, each once. A number
 * is read from the call's tokens; any other argument is left to key_operand. */
static enum CXChildVisitResult find_key(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct key_search *ks = data;
    if (clang_getCursorKind(c) != CXCursor_MacroExpansion)
        return CXChildVisit_Continue;
    CXString name = clang_getCursorSpelling(c);
    bool key = !strcmp(clang_getCString(name), "TILING_KEY_IS");
    clang_disposeString(name);
    CXFile file;
    unsigned offset;
    clang_getSpellingLocation(clang_getCursorLocation(c), &file, NULL, NULL, &offset);
    CXString fname = clang_getFileName(file);
    const char *f = clang_getCString(fname);
    bool sdk = f && !strncmp(f, ks->root, ks->nroot);
    clang_disposeString(fname);
    if (!key || sdk)
        return CXChildVisit_Continue;
    CXToken *tokens;
    unsigned n;
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
    clang_tokenize(tu, clang_getCursorExtent(c), &tokens, &n);
    bool number = false;
    if (n == 4) {   /* TILING_KEY_IS ( k ) */
        CXString t = clang_getTokenSpelling(tu, tokens[2]);
        char *end;
        long long k = strtoll(clang_getCString(t), &end, 0);
        number = end != clang_getCString(t) && strspn(end, "uUlL") == strlen(end);
        clang_disposeString(t);
        if (number)
            tiling_keys_add(&ks->keys, k);
    }
    clang_disposeTokens(tu, tokens, n);
    if (!number) {
        VEC_PUSH(ks->files, file);
        VEC_PUSH(ks->offsets, offset);
    }
    return CXChildVisit_Continue;
}

/* The cursor's first two children, for a binary operator's operands. */
struct operands {
    CXCursor items[2];
    unsigned n;
};

static enum CXChildVisitResult collect_operand(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct operands *ops = data;
    if (ops->n < 2)
        ops->items[ops->n] = c;
    ops->n++;
    return CXChildVisit_Continue;
}

/* Whether c, under implicit casts and parentheses, calls `accelsync_tiling_key` (the op
 * build's TILING_KEY_VAR, prelude/accelsync_op_build.h). */
static bool calls_tiling_key(CXCursor c)
{
    while (clang_getCursorKind(c) == CXCursor_UnexposedExpr ||
           clang_getCursorKind(c) == CXCursor_ParenExpr) {
        struct operands inner = {0};
        clang_visitChildren(c, collect_operand, &inner);
        if (inner.n != 1)
            return false;
        c = inner.items[0];
    }
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return false;
    CXString name = clang_getCursorSpelling(clang_getCursorReferenced(c));
    bool is = !strcmp(clang_getCString(name), "accelsync_tiling_key");
    clang_disposeString(name);
    return is;
}

/* The comparisons `TILING_KEY_VAR == (k)` that the calls find_key could not read expand to:
 * a binary operator expanded at one of those calls whose left operand reads the key; its
 * right operand, evaluated as the compiler would, is a key. */
static enum CXChildVisitResult key_operand(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct key_search *ks = data;
    if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
        return CXChildVisit_Recurse;
    CXFile file;
    unsigned offset;
    clang_getExpansionLocation(clang_getCursorLocation(c), &file, NULL, NULL, &offset);
    bool at_call = false;
    for (size_t i = 0; i < ks->files.len && !at_call; i++)
        at_call = ks->offsets.items[i] == offset && clang_File_isEqual(ks->files.items[i], file);
    struct operands ops = {0};
    if (at_call)
        clang_visitChildren(c, collect_operand, &ops);
    if (ops.n != 2 || !calls_tiling_key(ops.items[0]))
        return CXChildVisit_Recurse;
    CXEvalResult r = clang_Cursor_Evaluate(ops.items[1]);
    if (r && clang_EvalResult_getKind(r) == CXEval_Int)
        tiling_keys_add(&ks->keys, (int64_t)clang_EvalResult_getAsLongLong(r));
    if (r)
        clang_EvalResult_dispose(r);
    return CXChildVisit_Continue;
}

/* Cores of a kernel lowered on each of its cores, at most. */
enum { MAX_CORES = 64 };


static void run_once(struct interp *I, CXCursor entry, void *ctx)
{
    struct sdk_run *c = ctx;
    const struct model *m = c->r->m;
    void *data = isa_data_new(
        I->w, (struct isa_run){.auto_sync = !c->r->o->manual_sync, .source = &m->source,
                               .acc_register = model_space_index(m, ISA_ACC_SPACE) >= 0,
                               .model = m});
    I->api_data = data;
    interp_run_kernel(I, entry, bind_param, c);
    struct isa_traits r = isa_run_traits(data);
    c->t.core_dependent |= r.core_dependent;
    c->t.cross_core |= r.cross_core;
    c->t.moved |= r.moved;
    isa_data_free(data);
    I->api_data = NULL;
}

/* The entry's runs on one core (interp_lower_runs); what they showed about the cores they
 * need. */
static struct isa_traits lower_runs(struct interp *I, CXCursor entry, struct as_loc at,
                                    const struct sdk_reading *r, bool *incomplete)
{
    struct sdk_run c = {.r = r};
    interp_lower_runs(I, entry, at, run_once, &c, incomplete);
    return c.t;
}

/* The launch's block count: -D block_num, else 8. */
static int64_t launch_cores(struct interp *I)
{
    return interp_runtime(I, "block_num", 8, "GetBlockNum()");
}

/* The entry as one PIR kernel. Run first on one vector core; when it synchronizes cores, or
 * reads its block index and -D block_num gives the launch, again on each of the block_num
 * vector cores (`core aiv[N] : AIV { if (coreid == 0) ... }`), each with its own
 * get_block_idx(), as the built-in declarations' reading does (docs/frontends.md). */
static bool lower_entry_once(struct interp *I, CXCursor entry, const char *name,
                             const struct sdk_reading *r)
{
    const struct model_source *ms = &r->m->source;
    struct pir_writer *w = I->w;
    struct as_loc at = interp_loc(I, entry);
    pir_writer_open(w, at, "kernel %s", name);
    struct pir_mark body = pir_writer_mark(w);
    size_t buffers = w->nbuffers;
    bool incomplete = false;
    struct isa_traits t = lower_runs(I, entry, at, r, &incomplete);
    bool several = t.cross_core || (t.core_dependent && interp_defined(I, "block_num", NULL));
    /* On one core, a kernel whose core 0 does nothing under the values checked (its share of
     * a guessed size is empty) is checked on the first core that does something instead:
     * one core of the launch either way, and not an empty kernel */
    if (!incomplete && !several && !t.moved && t.core_dependent &&
        !interp_defined(I, "block_idx", NULL)) {
        int64_t count = launch_cores(I);
        for (int64_t b = 1; b < count && b < MAX_CORES && !incomplete && !t.moved; b++) {
            pir_writer_rollback(w, body);
            pir_writer_drop_buffers(w, buffers);
            char what[160];
            snprintf(what, sizeof(what), "GetBlockIdx() = %lld: on one core, the first whose "
                     "code accesses memory under the values checked (-D to change)", (long long)b);
            interp_set_runtime(I, "block_idx", b, what);
            t = lower_runs(I, entry, at, r, &incomplete);
        }
    }
    if (!incomplete && several) {
        pir_writer_rollback(w, body);
        pir_writer_drop_buffers(w, buffers);
        int64_t count = launch_cores(I);
        if (count < 1 || count > MAX_CORES) {
            interp_unsupported(I, entry, "block_num = %lld: a kernel that depends on its core "
                               "is lowered on each core, 1 to %d", (long long)count, MAX_CORES);
            incomplete = true;
        }
        char core[64];
        size_t n = 0;
        for (; ms->vector_core[n] && n + 1 < sizeof(core); n++)
            core[n] = (char)(ms->vector_core[n] >= 'A' && ms->vector_core[n] <= 'Z'
                                 ? ms->vector_core[n] - 'A' + 'a' : ms->vector_core[n]);
        core[n] = '\0';
        if (!incomplete)
            pir_writer_open(w, at, "core %s[%lld] : %s", core, (long long)count, ms->vector_core);
        int64_t open = 0;
        for (int64_t b = 0; b < count && !incomplete; b++) {
            interp_set_runtime(I, "block_idx", b, "GetBlockIdx(): each core its own, 0 to "
                               "block_num - 1");
            if (b < count - 1)
                pir_writer_open(w, at, "if (coreid == %lld)", (long long)b);
            lower_runs(I, entry, at, r, &incomplete);
            if (b < count - 1) {
                pir_writer_close(w, at);
                pir_writer_open(w, at, "else");
                open++;
            }
        }
        for (int64_t b = 0; b < open; b++)
            pir_writer_close(w, at);
        if (count >= 1 && count <= MAX_CORES)
            pir_writer_close(w, at);
    }
    pir_writer_close(w, at);
    return incomplete;
}

struct entry_lowering {
    struct interp *I;
    CXCursor entry;
    const char *name;
    const struct sdk_reading *r;
};

static bool lower_entry_attempt(void *ctx)
{
    const struct entry_lowering *e = ctx;
    return lower_entry_once(e->I, e->entry, e->name, e->r);
}

/* The entry lowered under guesses of its tiling the host could produce, as the built-in
 * declarations' reading does (tiling_search.h): here the buffers are the core's memories at
 * the addresses the SDK computes, so a guess whose queues reach past UB's end is the one
 * that does not fit. */
static void lower_entry(struct interp *I, CXCursor entry, const char *name,
                        const struct sdk_reading *r, struct lowered_source *out)
{
    const struct frontend_options *o = r->o;
    struct pir_writer *w = I->w;
    struct pir_mark mark = pir_writer_mark(w);
    size_t first_diag = I->diags->len;
    struct entry_lowering e = {I, entry, name, r};
    struct tiling_search s = {.I = I, .entry = entry, .w = w, .m = r->m,
                              .keep_incomplete = o->keep_incomplete,
                              .lower = lower_entry_attempt, .ctx = &e};
    bool incomplete = tiling_search_lower(&s, name);
    out->kernels++;
    if (incomplete) {
        out->incomplete++;
        if (!o->keep_incomplete) {
            pir_writer_rollback(w, mark);
            lowered_add_stop(out, name, I->diags, first_diag);
        }
    }
}

/* Parses with the intrinsics learnt declared, as many times as a parse teaches more (clang
 * stops reporting after 20 errors, so one parse may not name them all; a value needed from
 * one declared void shows only in the next). */
enum { MAX_DECLARING_PARSES = 5 };

/* Parses src through the SDK: once, and again with the intrinsics a parse found undeclared
 * inside the SDK declared, while it finds more (clang's findings of the parse that counts go
 * to diags). */
static bool parse_through(const struct source *src, const struct frontend_options *o,
                          const struct op_staging *staging, const struct sdk_layout *sdk,
                          arg_vec *args, struct clang_parse *parse, struct diag_list *diags)
{
    /* the tiling definitions where the op library keeps them (op_host/, op_host/arch22/) */
    char *tiling = tiling_declarations(src->path,
                                       (const char *const *)staging->layout.host_dirs,
                                       staging->layout.nhost_dirs, o->include_dirs,
                                       o->ninclude_dirs);
    /* the user's -I, then the staging's (op_layout.h) */
    struct frontend_options staged = *o;
    staged.include_dirs = staging->include_dirs;
    staged.ninclude_dirs = staging->ninclude_dirs;
    char *appended = sdk_workspace_appended(o->appended);
    staged.appended = appended;
    o = &staged;
    VEC(struct clang_extra_file) extra = {0};
    struct clang_extra_file more_file = {"accelsync_sdk_more.h", ""};
    VEC_PUSH(extra, more_file);
    for (const struct embedded_file *e = ascendc_stubs; e->path; e++)
        if (!strcmp(e->path, TEMPLATE_ARGUMENT)) {   /* the frontend's, read by tpl_select */
            struct clang_extra_file f = {TEMPLATE_ARGUMENT, (const char *)e->data};
            VEC_PUSH(extra, f);
        }
    struct clang_extra_file tiling_file = {"accelsync_tiling.h", tiling};
    VEC_PUSH(extra, tiling_file);
    if (sdk->tiling_header) {
        struct clang_extra_file f = {"kernel_tiling/kernel_tiling.h", sdk->tiling_header};
        VEC_PUSH(extra, f);
    }
    for (size_t i = 0; i < sdk->nlinks; i++) {
        struct clang_extra_file f = {sdk->links[i].name, sdk->links[i].text};
        VEC_PUSH(extra, f);
    }
    struct clang_extra_file *files = extra.items;
    size_t nfiles = extra.len;
    struct diag_list first;
    diag_list_init(&first, 0);
    bool ok = clang_parse_source(&dialect, src, o, files, nfiles,
                                 (const char *const *)args->items, args->len, parse, &first);
    struct sdk_intrinsics learnt = {{0}};
    char *declared = NULL;
    for (int n = 1; !ok && n < MAX_DECLARING_PARSES; n++) {
        if (!sdk_intrinsics_learn(&learnt, &first, sdk->root))
            break;
        free(declared);
        declared = sdk_intrinsics_text(&learnt);
        clang_parse_free(parse);
        diag_list_free(&first);
        diag_list_init(&first, 0);
        files[0].text = declared;
        ok = clang_parse_source(&dialect, src, o, files, nfiles,
                                (const char *const *)args->items, args->len, parse, &first);
    }
    free(declared);
    sdk_intrinsics_free(&learnt);
    for (size_t i = 0; i < first.len; i++) {
        const struct finding *f = &first.items[i];
        struct as_loc at = f->loc;
        if (at.file)
            at.file = arena_strdup(&diags->arena, at.file);
        diag_addf(diags, f->check, f->severity, at, "%s", f->message);
    }
    diag_list_free(&first);
    VEC_FREE(extra);
    free(tiling);
    free(appended);
    return ok;
}

bool sdk_lower(const struct source *src, const struct frontend_options *o,
               const struct op_dtypes *dtypes, const struct model *m,
               const struct sdk_layout *sdk, struct lowered_source *out, struct diag_list *diags)
{
    const struct model_source *ms = &m->source;
    /* the operator build's staging, as without an SDK (the same -I in every parse below: a
     * plan's options differ in their macros only) */
    struct op_staging staging;
    op_staging_init(&staging, src->path, src->text, npu_arch(ms), o->include_dirs,
                    o->ninclude_dirs);
    arg_vec args = parse_arguments(src, &staging, dtypes, sdk, ms);
    VEC_PUSH(args, xstrdup("-include"));
    VEC_PUSH(args, xstrdup("accelsync_sdk_more.h"));
    struct clang_parse parse;
    /* A kernel template whose instances ASCENDC_TPL_SEL lists is parsed again with the
     * instances written after the source, as without an SDK (tpl_select.h). */
    struct diag_list first;
    diag_list_init(&first, 0);
    bool ok = parse_through(src, o, &staging, sdk, &args, &parse, &first);
    struct tpl_plan plan = {0};
    enum tpl_status tpl = parse.tu ? tpl_plan(parse.tu, src->path, o, &plan, diags) : TPL_NONE;
    if (tpl == TPL_PARSE_AGAIN) {
        clang_parse_free(&parse);
        diag_list_free(&first);
        diag_list_init(&first, 0);
        ok = parse_through(src, &plan.options, &staging, sdk, &args, &parse, &first);
        tpl_plan_free(&plan);
        tpl = parse.tu ? tpl_plan(parse.tu, src->path, o, &plan, diags) : TPL_NONE;
    }
    if (tpl == TPL_INSTANCES) {
        clang_parse_free(&parse);
        o = &plan.options;
        ok = parse_through(src, o, &staging, sdk, &args, &parse, diags);
    } else {
        diag_add_copies(diags, &first);
    }
    diag_list_free(&first);
    if (ok) {
        struct cursor_vec entries = clang_entries(parse.tu, src->path, "__global__", diags);
        ok = entries.len > 0;
        if (ok) {
            struct lowering_session ss;
            lowering_session_begin(&ss, &parse, src->path, ISA_PRELUDE_DIR "/", isa_api(), o, diags);
            char *root = xasprintf("%s/", sdk->root);
            ss.w.vendor_root = root;
            pir_writer_note(&ss.w, "read through the Ascend C SDK at %s (%s): every API call as "
                            "the SDK implements it, down to the compiler's intrinsics",
                            sdk->root, sdk->from);
            char *read_as = op_dtypes_describe(dtypes);
            if (read_as)
                pir_writer_note(&ss.w, "%s", read_as);
            free(read_as);
            struct key_search ks = {.root = root, .nroot = strlen(root)};
            if (!interp_defined(&ss.I, "tiling_key", NULL)) {
                clang_visitChildren(clang_getTranslationUnitCursor(parse.tu), find_key, &ks);
                if (ks.files.len)
                    clang_visitChildren(clang_getTranslationUnitCursor(parse.tu), key_operand,
                                        &ks);
            }
            struct sdk_reading reading = {o, m, sdk_workspace_function(parse.tu)};
            struct entry_name *names = entry_names(&entries);
            entry_names_note(&ss.w, names, entries.len);
            for (size_t i = 0; i < entries.len; i++) {
                if (ks.keys.len == 0) {
                    lower_entry(&ss.I, entries.items[i], names[i].kernel, &reading, out);
                    lowered_source_add_entry(out, names[i].kernel, names[i].spelled);
                }
                for (size_t k = 0; k < ks.keys.len; k++) {   /* once per key: ENTRY_key<k> */
                    char *keyed = xasprintf("%s_key%lld", names[i].kernel,
                                            (long long)ks.keys.items[k]);
                    interp_set_runtime(&ss.I, "tiling_key", ks.keys.items[k],
                                       "TILING_KEY_IS(), one run per key");
                    lower_entry(&ss.I, entries.items[i], keyed, &reading, out);
                    lowered_source_add_entry(out, keyed, names[i].spelled);
                    free(keyed);
                }
            }
            entry_names_free(names, entries.len);
            VEC_FREE(ks.keys);
            VEC_FREE(ks.files);
            VEC_FREE(ks.offsets);
            lowering_session_end(&ss, o, m->name, out);
            free(root);
        }
        VEC_FREE(entries);
    }
    clang_parse_free(&parse);
    tpl_plan_free(&plan);
    op_staging_free(&staging);
    for (size_t i = 0; i < args.len; i++)
        free(args.items[i]);
    VEC_FREE(args);
    return ok;
}

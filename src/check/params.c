/* Parameter values to check; see params.h. */
#include "params.h"

#include <string.h>

#include "../ir/eval.h"
#include "../util/xalloc.h"

static struct as_loc file_loc(const struct file_result *r)
{
    return (struct as_loc){.file = r->path, .line = 0, .col = 0, .len = 0};
}

static bool declares_param(const struct ast_program *ast, const char *name)
{
    for (const struct ast_decl *d = ast->decls; d; d = d->next)
        if (d->kind == DECL_PARAM && strcmp(d->name, name) == 0)
            return true;
    return false;
}

static const struct binding *find_binding(const struct binding *b, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(b[i].name, name) == 0)
            return &b[i];
    return NULL;
}

static const struct define *find_define(const struct define *d, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(d[i].name, name) == 0)
            return &d[i];
    return NULL;
}

bool plan_params(struct file_result *r, const struct check_options *o, struct arena *a,
                        struct assignments *out)
{
    for (size_t i = 0; i < o->ndefines; i++) {
        if (!declares_param(r->ast, o->defines[i].name)) {
            const struct define *b = &o->defines[i];
            if (b->range)
                diag_addf(&r->diags, CHECK_UNKNOWN_NAME, SEV_ERROR, file_loc(r),
                          "-D %s=%lld..%lld: the file declares no param '%s'", b->name,
                          (long long)b->value, (long long)b->hi, b->name);
            else
                diag_addf(&r->diags, CHECK_UNKNOWN_NAME, SEV_ERROR, file_loc(r),
                          "-D %s=%lld: the file declares no param '%s'", b->name,
                          (long long)b->value, b->name);
            return false;
        }
    }
    out->defines = arena_alloc_array(a, o->ndefines + o->ndefaults + 1, sizeof(struct binding));
    out->ndefines = 0;
    for (size_t i = 0; i < o->ndefines; i++)   /* a range -D makes its param a range, below */
        if (!o->defines[i].range)
            out->defines[out->ndefines++] =
                (struct binding){.name = o->defines[i].name, .value = o->defines[i].value};
    for (size_t i = 0; i < o->ndefaults; i++)   /* a default binds only where it applies */
        if (declares_param(r->ast, o->defaults[i].name)
            && !find_define(o->defines, o->ndefines, o->defaults[i].name))
            out->defines[out->ndefines++] = o->defaults[i];
    struct scope_table globals = {0};
    const struct scope *env = &globals.head;
    VEC(struct param_range) ranges = {0};
    bool ok = true;
    for (const struct ast_decl *d = r->ast->decls; d && ok; d = d->next) {
        if (d->kind != DECL_PARAM && d->kind != DECL_CONST)
            continue;
        const struct binding *def =
            d->kind == DECL_PARAM ? find_binding(out->defines, out->ndefines, d->name) : NULL;
        const struct define *range =
            d->kind == DECL_PARAM ? find_define(o->defines, o->ndefines, d->name) : NULL;
        struct eval_error err;
        int64_t v = 0;
        if (range && range->range) {
            struct param_range pr = {.name = d->name, .lo = range->value, .hi = range->hi};
            VEC_PUSH(ranges, pr);
            continue;
        } else if (def) {
            v = def->value;
        } else if (d->kind == DECL_PARAM && d->is_range) {
            struct param_range pr = {.name = d->name};
            if (!eval_expr(d->lo, env, &pr.lo, &err) || !eval_expr(d->hi, env, &pr.hi, &err)) {
                diag_addf(&r->diags, err.check, SEV_ERROR, err.loc, "%s", err.message);
                ok = false;
                break;
            }
            if (pr.hi < pr.lo) {
                diag_addf(&r->diags, CHECK_INPUT_ERROR, SEV_ERROR, d->name_loc,
                          "param '%s' has an empty range %lld..%lld", d->name, (long long)pr.lo,
                          (long long)pr.hi);
                ok = false;
                break;
            }
            VEC_PUSH(ranges, pr);
            continue;   /* what depends on it is evaluated per assignment by the lowering */
        } else if (!d->value || !eval_expr(d->value, env, &v, &err)) {
            continue;   /* reported by the lowering, where the value is needed */
        }
        struct scope *sc = arena_alloc(a, sizeof(*sc));
        *sc = (struct scope){.name = d->name, .value = v};
        scope_table_add(&globals, sc);
    }
    scope_table_free(&globals);
    out->ranges = ranges.items;
    out->nranges = ranges.len;
    return ok;
}

uint64_t assignment_count(const struct assignments *as)
{
    uint64_t n = 1;
    for (size_t i = 0; i < as->nranges; i++) {
        uint64_t k = (uint64_t)(as->ranges[i].hi - as->ranges[i].lo) + 1;
        if (k == 0 || n > UINT64_MAX / k)
            return UINT64_MAX;
        n *= k;
    }
    return n;
}

struct binding_list assignment_at(const struct assignments *as, uint64_t index,
                                         struct arena *a)
{
    size_t n = as->nranges + as->ndefines;
    struct binding *b = arena_alloc_array(a, n ? n : 1, sizeof(*b));
    for (size_t i = as->nranges; i-- > 0;) {
        uint64_t k = (uint64_t)(as->ranges[i].hi - as->ranges[i].lo) + 1;
        b[i] = (struct binding){.name = as->ranges[i].name,
                                .value = as->ranges[i].lo + (int64_t)(index % k)};
        index /= k;
    }
    for (size_t i = 0; i < as->ndefines; i++)
        b[as->nranges + i] = as->defines[i];
    return (struct binding_list){b, n};
}

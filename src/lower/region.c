/* Buffers and regions: evaluates buffer declarations (dims, placement), maps each buffer to
 * the memory it lives in, and turns a region expression into a clipped byte range. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower_internal.h"
#include "../util/pointer_hash.h"

static int by_buffer_name(const void *x, const void *y)
{
    return strcmp(((const struct buffer_name *)x)->name, ((const struct buffer_name *)y)->name);
}

/* Every region names a buffer: a binary search keeps that cheap with many buffers. */
int lower_find_buffer(struct lowerer *L, const char *name)
{
    if (!L->buffer_names)
        return -1;
    size_t slot = pointer_slot(name, STMT_MEMO_BITS);
    if (L->buffer_memo[slot].name == name)
        return L->buffer_memo[slot].index;
    struct buffer_name key = {name, -1};
    const struct buffer_name *hit = bsearch(&key, L->buffer_names, (size_t)L->p->nbuffers,
                                            sizeof(key), by_buffer_name);
    int index = hit ? hit->index : -1;
    if (index >= 0) {
        L->buffer_memo[slot].name = name;
        L->buffer_memo[slot].index = index;
    }
    return index;
}

static bool lower_buffer(struct lowerer *L, const struct ast_decl *d, const struct scope *env,
                         struct lw_buffer *b)
{
    b->name = d->name;
    b->decl = d;
    b->space = model_space_index(L->model, d->space);
    if (b->space < 0) {
        char spaces[256];
        lower_fail(L, CHECK_UNKNOWN_NAME, d->space_loc,
                   "unknown memory space '%s' in model %s (spaces: %s)", d->space,
                   L->model->name, model_space_names(L->model, spaces, sizeof(spaces)));
        return false;
    }
    int n = 0;
    for (const struct ast_expr *e = d->dims; e; e = e->next)
        n++;
    b->ndims = n ? n : 1;
    b->dims = arena_alloc_array(&L->p->arena, (size_t)b->ndims, sizeof(int64_t));
    b->dims[0] = 1;
    b->size = 1;
    int i = 0;
    for (const struct ast_expr *e = d->dims; e; e = e->next, i++) {
        if (!lower_eval(L, e, env, &b->dims[i]))
            return false;
        if (b->dims[i] <= 0) {
            lower_fail(L, CHECK_INPUT_ERROR, e->loc,
                       "buffer '%s': dimension must be positive, got %lld", d->name,
                       (long long)b->dims[i]);
            return false;
        }
        if (!checked_mul(b->size, b->dims[i], &b->size)) {
            lower_fail(L, CHECK_INPUT_ERROR, e->loc,
                       "buffer '%s': size overflows 64 bits", d->name);
            return false;
        }
    }
    if (d->at) {
        b->placed = true;
        if (!lower_eval(L, d->at, env, &b->at))
            return false;
        int64_t end;
        if (b->at < 0) {
            lower_fail(L, CHECK_INPUT_ERROR, d->at->loc,
                       "buffer '%s': placement must be a non-negative byte offset", d->name);
            return false;
        }
        if (!checked_add(b->at, b->size, &end)) {
            lower_fail(L, CHECK_INPUT_ERROR, d->at->loc,
                       "buffer '%s': placement %lld + size %lld overflows 64 bits", d->name,
                       (long long)b->at, (long long)b->size);
            return false;
        }
    }
    int64_t space_size = L->model->spaces[b->space].size;
    if (space_size > 0 && (b->size > space_size || b->at > space_size - b->size))
        lower_report(L, CHECK_OUT_OF_BOUNDS, d->name_loc,
                     "buffer '%s' (bytes %lld..%lld) does not fit in %s (%lld bytes)", d->name,
                     (long long)b->at, (long long)(b->at + b->size - 1), d->space,
                     (long long)space_size);
    return true;
}

bool lower_buffers(struct lowerer *L, const struct scope *env)
{
    int n = 0;
    for (const struct ast_decl *d = L->ast->globals; d; d = d->next_global)
        n += d->kind == DECL_BUFFER;
    L->p->buffers = arena_alloc_array(&L->p->arena, (size_t)(n ? n : 1), sizeof(struct lw_buffer));
    for (const struct ast_decl *d = L->ast->globals; d; d = d->next_global) {
        if (d->kind != DECL_BUFFER)
            continue;
        if (!lower_buffer(L, d, env, &L->p->buffers[L->p->nbuffers]))
            return false;
        L->p->nbuffers++;
    }
    L->buffer_names = arena_alloc_array(&L->p->arena, (size_t)(n ? n : 1),
                                        sizeof(*L->buffer_names));
    for (int i = 0; i < n; i++)
        L->buffer_names[i] = (struct buffer_name){L->p->buffers[i].name, i};
    qsort(L->buffer_names, (size_t)n, sizeof(*L->buffer_names), by_buffer_name);
    return true;
}

static int memory_index(struct lowerer *L, int buffer)
{
    const struct lw_buffer *b = &L->p->buffers[buffer];
    if (!L->memory_of) {
        size_t n = (size_t)L->p->nbuffers * (size_t)L->p->ncores;
        L->memory_of = arena_alloc_array(&L->p->arena, n ? n : 1, sizeof(int));
        for (size_t i = 0; i < n; i++)
            L->memory_of[i] = -1;
    }
    int *slot = &L->memory_of[(size_t)buffer * (size_t)L->p->ncores + (size_t)L->core];
    if (*slot >= 0)
        return *slot;
    enum space_scope scope = L->model->spaces[b->space].scope;
    struct lw_memory key = {
        .space = b->space,
        .instance = scope == SCOPE_CORE      ? L->core
                    : scope == SCOPE_CLUSTER ? L->p->cores[L->core].cluster
                                             : 0,
        .buffer = b->placed ? -1 : buffer};
    const int64_t k[KEY_MAP_WIDTH] = {key.space, key.instance, key.buffer, 0};
    *slot = key_map_get_or_put(&L->memory_keys, k, (int)L->memories.len);
    if ((size_t)*slot == L->memories.len)
        VEC_PUSH(L->memories, key);
    return *slot;
}

/* Narrows [*lo, *hi) by one index; false when the region leaves the buffer entirely. */
static bool apply_index(struct lowerer *L, const struct ast_region *r, const struct ast_index *ix,
                        const struct lw_buffer *b, int *dim, const struct scope *env,
                        int64_t *lo, int64_t *hi)
{
    int64_t a, v;
    if (!lower_eval(L, ix->a, env, &a))
        return false;
    if (ix->kind == INDEX_SLOT) {
        if (*dim >= b->ndims - 1) {
            lower_fail(L, CHECK_INPUT_ERROR, ix->loc,
                       "buffer '%s' has %d dimension%s: select bytes with [a:b] or [a +: n]",
                       b->name, b->ndims, b->ndims == 1 ? "" : "s");
            return false;
        }
        int64_t stride = 1;
        for (int k = *dim + 1; k < b->ndims; k++)
            stride *= b->dims[k];   /* cannot overflow: bounded by the buffer size */
        if (a < 0 || a >= b->dims[*dim]) {
            lower_report(L, CHECK_OUT_OF_BOUNDS, ix->loc,
                         "slot %lld of buffer '%s' is out of bounds (dimension %d has %lld slots)",
                         (long long)a, b->name, *dim, (long long)b->dims[*dim]);
            return false;
        }
        *lo += a * stride;
        *hi = *lo + stride;
        (*dim)++;
        return true;
    }
    if (!lower_eval(L, ix->b, env, &v))
        return false;
    int64_t end = v;
    if (ix->kind == INDEX_LEN && !checked_add(a, v, &end)) {
        lower_fail(L, CHECK_INPUT_ERROR, ix->loc, "region end %lld + %lld overflows 64 bits",
                   (long long)a, (long long)v);
        return false;
    }
    int64_t span = *hi - *lo;
    if (end < a) {
        lower_report(L, CHECK_OUT_OF_BOUNDS, r->loc,
                     "region [%lld, %lld) of buffer '%s' ends before it starts", (long long)a,
                     (long long)end, b->name);
        return false;
    }
    if (a < 0 || end > span) {
        lower_report(L, CHECK_OUT_OF_BOUNDS, r->loc,
                     "region [%lld, %lld) is outside buffer '%s' (%s%lld bytes)", (long long)a,
                     (long long)end, b->name, span == b->size ? "" : "selection of ",
                     (long long)span);
        int64_t clo = a < 0 ? 0 : a, chi = end > span ? span : end;
        if (clo >= chi)
            return false;
        a = clo;
        end = chi;
    }
    *hi = *lo + end;
    *lo += a;
    return true;
}

bool lower_region(struct lowerer *L, const struct ast_region *r, const struct scope *env,
                  struct mem_region *out)
{
    int buffer = lower_find_buffer(L, r->buffer);
    if (buffer < 0) {
        lower_fail(L, CHECK_UNKNOWN_NAME, r->name_loc, "unknown buffer '%s'", r->buffer);
        return false;
    }
    const struct lw_buffer *b = &L->p->buffers[buffer];
    int64_t lo = 0, hi = b->size;
    int dim = 0;
    bool anywhere = ast_region_anywhere(r);   /* x[?]: any of its bytes */
    for (const struct ast_index *ix = anywhere ? NULL : r->indices; ix; ix = ix->next)
        if (!apply_index(L, r, ix, b, &dim, env, &lo, &hi))
            return false;
    out->memory = memory_index(L, buffer);
    out->buffer = buffer;
    int64_t base = b->placed ? b->at : 0;   /* lw_buffer_base */
    out->lo = base + lo;
    out->hi = base + hi;
    return true;
}

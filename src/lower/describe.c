/* How an instruction is named in messages and timelines, by the checks and the simulator
 * alike: the op or primitive as written, with its unit and, for primitives, the arguments
 * as lowered. */
#include "describe.h"

#include <string.h>

static const char *local_unit(const struct lw_program *p, const struct lw_ins *x, int local)
{
    return p->cores[x->core].type->units[local].name;
}

const char *describe_ins(const struct lw_program *p, struct arena *arena, size_t i)
{
    const struct lw_ins *x = &p->ins[i];
    const char *where = p->multicore ? arena_printf(arena, " on %s", p->cores[x->core].name) : "";
    switch (x->kind) {
    case INS_ACCESS:
        return arena_printf(arena, "%s %s%s", p->units[x->unit].mu->name, lw_op(p, x), where);
    case INS_SIGNAL:
    case INS_WAIT: {
        const struct lw_channel *c = &p->channels[x->channel];
        return arena_printf(arena, "%s(%s, %s, %lld)%s", lw_op(p, x), local_unit(p, x, c->src),
                            local_unit(p, x, c->dst), (long long)c->id, where);
    }
    case INS_XSIGNAL:
    case INS_XWAIT: {
        /* The unit as written (a cross-core wait sits on the model's wait unit). */
        const struct ast_expr *u = x->stmt->args;
        return arena_printf(arena, "%s(%s, %d, %lld)%s", lw_op(p, x),
                            u && u->kind == EXPR_NAME ? u->name : p->units[x->unit].mu->name,
                            x->xmode, (long long)x->xflag, where);
    }
    case INS_BARRIER:
        if (x->unit >= 0)
            return arena_printf(arena, "%s(%s)%s", lw_op(p, x), p->units[x->unit].mu->name, where);
        return arena_printf(arena, "%s(...)%s", lw_op(p, x), where);
    case INS_XBARRIER:
        return arena_printf(arena, "%s()%s", lw_op(p, x), where);
    case INS_USE:
        return arena_printf(arena, "use %s%s", x->stmt->name, where);
    }
    return lw_op(p, x);
}

bool describe_anywhere(const struct lw_program *p, size_t i, int buffer, bool write)
{
    const struct lw_ins *x = &p->ins[i];
    if (x->kind != INS_ACCESS)
        return false;
    const char *name = p->buffers[buffer].name;
    for (const struct ast_region *r = write ? x->stmt->writes : x->stmt->reads; r; r = r->next)
        if (ast_region_anywhere(r) && strcmp(r->buffer, name) == 0)
            return true;
    return false;
}

const char *describe_place(struct arena *arena, const char *buffer, int64_t lo, int64_t hi,
                           bool anywhere)
{
    if (anywhere)
        return arena_printf(arena, "%s at an offset read from memory, anywhere in %s", buffer,
                            buffer);
    return arena_printf(arena, "%s bytes [%lld, %lld)", buffer, (long long)lo, (long long)hi);
}

/* What the cut and merge rules read of a kernel's statements before lowering them: whether
 * every access is interlocked (rule 8 then orders every conflicting pair of one core), and
 * whether a flag primitive is called (a flag overrun past a point depends on how a wait
 * before it is ordered, which rule 8 does not settle). */
#include "lower_internal.h"

bool lower_access_interlocked(const struct model *model, const struct ast_stmt *access)
{
    const char *op = access_words(model, access).op;
    bool blocking, interlocked = false;
    if (op)
        model_op_attrs(model, op, &blocking, &interlocked);
    return interlocked;
}

bool lower_all_interlocked(const struct ast_stmt *list, const struct model *model)
{
    for (const struct ast_stmt *s = list; s; s = s->next) {
        if (s->kind == STMT_ACCESS && !lower_access_interlocked(model, s))
            return false;
        if (!lower_all_interlocked(s->body, model) || !lower_all_interlocked(s->else_body, model))
            return false;
    }
    return true;
}

bool lower_calls_flags(const struct ast_stmt *list, const struct model *model)
{
    for (const struct ast_stmt *s = list; s; s = s->next) {
        const struct model_prim *prim = lower_call_prim(model, s);
        if (prim && prim->kind != PRIM_BARRIER && prim->kind != PRIM_XBARRIER)
            return true;
        if (lower_calls_flags(s->body, model) || lower_calls_flags(s->else_body, model))
            return true;
    }
    return false;
}

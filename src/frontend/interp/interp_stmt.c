/* Statements: blocks and their scopes, declarations, loops, conditions. */
#include "interp_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../clang/cursor_util.h"

/* ---- statements ---- */

/* A condition's truth from its value v: pointers and objects are true. */
static bool condition_value(struct interp *I, CXCursor c, struct value v, const char *what,
                            bool *out)
{
    if (v.kind == VAL_POINTER || v.kind == VAL_OBJECT) {
        *out = true;
        return true;
    }
    int64_t n;
    if (!interp_int(I, c, v, what, &n))
        return false;
    *out = n != 0;
    return true;
}

/* if on data: the condition needs its value (rule 10), then both sides run. `a || b`
 * evaluated b only where a was false: on the side where the whole is false (the else side),
 * b was needed too, and its read is used there; `a && b` likewise on the then side. */
static enum flow data_if(struct interp *I, CXCursor s, const CXCursor *k, CXCursor else_side,
                         struct value c)
{
    interp_use(I, k[0], c);
    uint32_t uses[2] = {0, 0};   /* then, else */
    struct short_circuit *sc = &I->short_rhs;
    if (sc->read && clang_equalCursors(sc->at, cursor_strip(k[0])))
        uses[sc->op == '|' ? 1 : 0] = sc->read;
    sc->read = 0;
    return exec_data_if_on(I, s, k[0], k[1], else_side, uses);
}

/* if: one side when the condition is known, both (exec_data_if) when it depends on data. */
static enum flow exec_if(struct interp *I, CXCursor s)
{
    struct cursor_vec k = cursor_children(s);
    enum flow f = FLOW_STOP;
    if (k.len < 2 || k.len > 3) {
        interp_unsupported(I, s, "this form of 'if' (with an initializer or a declaration "
                           "as condition) is not modelled");
        stop(I);
        VEC_FREE(k);
        return FLOW_STOP;
    }
    CXCursor else_side = k.len == 3 ? k.items[2] : clang_getNullCursor();
    struct value c = eval(I, k.items[0]);
    bool go;
    if (I->stopped)
        f = FLOW_STOP;
    else if (c.kind == VAL_UNKNOWN)
        f = data_if(I, s, k.items, else_side, c);
    else if (!condition_value(I, k.items[0], c, "the condition of 'if'", &go))
        f = FLOW_STOP;
    else if (go)
        f = exec(I, k.items[1]);
    else
        f = clang_Cursor_isNull(else_side) ? FLOW_NEXT : exec(I, else_side);
    VEC_FREE(k);
    return I->stopped ? FLOW_STOP : f;
}

static enum flow exec_decl(struct interp *I, CXCursor s)
{
    struct cursor_vec decls = cursor_children(s);
    for (size_t i = 0; i < decls.len && !I->stopped; i++) {
        CXCursor d = decls.items[i];
        if (clang_getCursorKind(d) != CXCursor_VarDecl)
            continue;
        CXType type = clang_getCursorType(d);
        CXCursor init = cursor_initializer(d);
        bool reference = clang_getCursorType(d).kind == CXType_LValueReference ||
                         clang_getCursorType(d).kind == CXType_RValueReference;
        struct value v;
        if (I->api->declare && I->api->declare(I, d, &v)) {
            bind_var(I, d, v, false);
            continue;
        }
        if (is_array(type)) {
            bind_var(I, d, declared_array(I, d, type), false);
            continue;
        }
        /* a reference: to the address of the lvalue it names (evaluated once), or opaque */
        CXType pointee = clang_getPointeeType(type);
        enum ref_binding how = BIND_VALUE;
        if (reference && (!is_record(pointee) || interp_is_scalar_class(pointee))) {
            CXCursor lv;
            how = interp_ref_binding(I, init, type, &lv);
            if (how == BIND_ADDRESS) {
                bind_reference(I, d, how, interp_address_of(I, lv));
                continue;
            }
        }
        CXString vname = clang_getCursorSpelling(d);
        I->naming = interp_intern(I, clang_getCString(vname));
        clang_disposeString(vname);
        if (!clang_Cursor_isNull(init)) {
            v = eval(I, init);
            if (!reference)
                v = clang_getCursorKind(cursor_strip(init)) != CXCursor_CallExpr
                        ? interp_copy_for(I, type, v) : v;
            if (v.kind == VAL_INT && interp_is_integer_type(type))
                v.num = fit_to_type(type, v.num);
        } else if (is_record(type)) {
            v = (struct value){.kind = VAL_OBJECT, .buffer = -1,
                               .obj = construct(I, type, clang_getNullCursor(), NULL, NULL, 0, d)};
        } else {
            v = unknown;
        }
        I->naming = NULL;
        if (reference)
            bind_reference(I, d, how, v);
        else
            bind_var(I, d, v, v.kind == VAL_OBJECT);
    }
    VEC_FREE(decls);
    return I->stopped ? FLOW_STOP : FLOW_NEXT;
}

static enum flow exec_compound(struct interp *I, CXCursor s)
{
    size_t mark = I->frame->vars.len;
    struct cursor_vec stmts = cursor_children(s);
    enum flow f = FLOW_NEXT;
    for (size_t i = 0; i < stmts.len && f == FLOW_NEXT; i++)
        f = exec(I, stmts.items[i]);
    VEC_FREE(stmts);
    if (f != FLOW_STOP)
        close_scope(I, mark, s);
    return I->stopped ? FLOW_STOP : f;
}

static enum flow exec_loop(struct interp *I, CXCursor init, CXCursor cond, CXCursor inc,
                           CXCursor body, bool test_first, CXCursor s)
{
    size_t mark = I->frame->vars.len;
    struct exits_mark exits = exits_mark(I);
    if (!clang_Cursor_isNull(init) && exec(I, init) == FLOW_STOP)
        return FLOW_STOP;
    enum flow f = FLOW_NEXT;
    int64_t data_tests = 0;   /* tests on data passed: iterations data decided */
    for (bool first = true;; first = false) {
        if (!count_step(I, s))
            return FLOW_STOP;
        if (!clang_Cursor_isNull(cond) && (test_first || !first)) {
            struct value c = eval(I, cond);
            if (I->stopped)
                return FLOW_STOP;
            if (c.kind == VAL_UNKNOWN) {
                /* data decides: the loop may end here or go on, up to data_trips times */
                int64_t most = interp_runtime(I, "data_trips", 3, "the most iterations a loop "
                                              "whose condition depends on data is checked for "
                                              "(each count from 0 up is a path)");
                if (most < 1) {   /* 0 would check such loops as never running */
                    interp_unsupported(I, cond, "data_trips = %lld: a loop whose condition "
                                       "depends on data is checked for 0 to data_trips "
                                       "iterations, at least 1", (long long)most);
                    stop(I);
                    return FLOW_STOP;
                }
                if (data_tests++ >= most)
                    break;
                interp_use(I, cond, c);   /* rule 10: the test needs the value */
                f = exec_data_loop_test(I, cond);
                if (f != FLOW_NEXT)
                    break;
            } else {
                bool go;
                if (!condition_value(I, cond, c, "the loop condition", &go))
                    return FLOW_STOP;
                if (!go)
                    break;
            }
        }
        f = settle_exits(I, exits, FLOW_CONTINUE, exec(I, body), body);
        if (f != FLOW_NEXT)
            break;
        if (!clang_Cursor_isNull(inc)) {
            eval(I, inc);
            if (I->stopped)
                return FLOW_STOP;
        }
    }
    f = settle_exits(I, exits, FLOW_BREAK, f, s);
    if (f != FLOW_NEXT)
        return f;
    close_scope(I, mark, s);
    return FLOW_NEXT;
}

/* Whether a case label (possibly the first of several stacked ones) matches *v (v NULL: a
 * value no label matches); *is_default: whether the default is among those before a match. */
static bool case_matches(CXCursor s, const int64_t *v, bool *is_default)
{
    while (clang_getCursorKind(s) == CXCursor_CaseStmt ||
           clang_getCursorKind(s) == CXCursor_DefaultStmt) {
        struct cursor_vec k = cursor_children(s);
        CXCursor sub = k.len ? k.items[k.len - 1] : clang_getNullCursor();
        if (clang_getCursorKind(s) == CXCursor_DefaultStmt) {
            *is_default = true;
        } else if (k.len >= 2 && v) {
            struct value c = constant_value(k.items[0]);
            if (c.kind == VAL_INT && c.num == *v) {
                VEC_FREE(k);
                return true;
            }
        }
        VEC_FREE(k);
        s = sub;
    }
    return false;
}

/* Where a switch body runs from for *v (NULL: a value no label matches): the matching case,
 * else the default, else the end. */
static size_t switch_start(const struct cursor_vec *body, const int64_t *v)
{
    size_t fallback = body->len;
    for (size_t i = 0; i < body->len; i++) {
        bool is_default = false;
        if (case_matches(body->items[i], v, &is_default))
            return i;
        if (is_default && fallback == body->len)
            fallback = i;
    }
    return fallback;
}

enum flow run_switch_from(struct interp *I, CXCursor s, const struct cursor_vec *body,
                          size_t start)
{
    size_t mark = I->frame->vars.len;
    struct exits_mark exits = exits_mark(I);
    enum flow f = FLOW_NEXT;
    for (size_t i = start; i < body->len && f == FLOW_NEXT; i++)
        f = exec(I, body->items[i]);
    f = settle_exits(I, exits, FLOW_BREAK, f, s);
    if (f != FLOW_STOP)
        close_scope(I, mark, s);
    return f;
}

/* switch on a value data decides: every case label is an entry point, and so is the default
 * (or, without one, the end: no case matched). */
static enum flow data_switch(struct interp *I, CXCursor s, CXCursor compound)
{
    struct cursor_vec body = cursor_children(compound);
    size_t *starts = xcalloc(body.len + 1, sizeof(*starts)), n = 0;
    bool has_default = false;
    for (size_t i = 0; i < body.len; i++) {
        enum CXCursorKind kind = clang_getCursorKind(body.items[i]);
        if (kind == CXCursor_CaseStmt || kind == CXCursor_DefaultStmt)
            starts[n++] = i;
        bool is_default = false;
        case_matches(body.items[i], NULL, &is_default);
        has_default |= is_default;
    }
    if (!has_default)
        starts[n++] = body.len;
    enum flow f = exec_data_switch(I, s, &body, starts, n);
    free(starts);
    VEC_FREE(body);
    return f;
}

/* Whether a switch on v with this body is decided without data: v stands for an enum
 * argument's values the source does not name and every case label is a value it names, so
 * the default (or the end) runs. */
static bool unlike_all_labels(CXCursor compound, struct value v)
{
    if (!v.unlike)
        return false;
    struct cursor_vec body = cursor_children(compound);
    bool all = true;
    for (size_t i = 0; i < body.len && all; i++)
        for (CXCursor s = body.items[i]; all && (clang_getCursorKind(s) == CXCursor_CaseStmt ||
                                                 clang_getCursorKind(s) == CXCursor_DefaultStmt);) {
            struct cursor_vec k = cursor_children(s);
            all = clang_getCursorKind(s) == CXCursor_DefaultStmt ||
                  (k.len >= 2 && value_unlike(v, constant_value(k.items[0])));
            s = k.len ? k.items[k.len - 1] : clang_getNullCursor();
            VEC_FREE(k);
        }
    VEC_FREE(body);
    return all;
}

/* switch on a known value: runs from the matching case (or default) on, falling through,
 * until a break. */
static enum flow exec_switch(struct interp *I, CXCursor s)
{
    struct cursor_vec k = cursor_children(s);
    enum flow f = FLOW_NEXT;
    int64_t v;
    struct value value;
    if (k.len < 2 || clang_getCursorKind(k.items[k.len - 1]) != CXCursor_CompoundStmt) {
        interp_unsupported(I, s, "this form of 'switch' is not modelled");
        stop(I);
    } else if ((value = eval(I, k.items[0])).kind == VAL_UNKNOWN && !I->stopped &&
               !unlike_all_labels(k.items[k.len - 1], value)) {
        interp_use(I, k.items[0], value);
        f = data_switch(I, s, k.items[k.len - 1]);
    } else {
        bool unlike = value.kind == VAL_UNKNOWN && !I->stopped;   /* every label a named value */
        if (unlike || interp_int(I, k.items[0], value, "the value of 'switch'", &v)) {
            struct cursor_vec body = cursor_children(k.items[k.len - 1]);
            f = run_switch_from(I, s, &body, switch_start(&body, unlike ? NULL : &v));
            VEC_FREE(body);
        }
    }
    VEC_FREE(k);
    return I->stopped ? FLOW_STOP : f;
}

static enum flow exec_kind(struct interp *I, CXCursor s)
{
    switch (clang_getCursorKind(s)) {
    case CXCursor_CompoundStmt:
        return exec_compound(I, s);
    case CXCursor_DeclStmt:
        return exec_decl(I, s);
    case CXCursor_NullStmt:
        return FLOW_NEXT;
    case CXCursor_IfStmt:
        return exec_if(I, s);
    case CXCursor_ForStmt: {
        CXCursor init, cond, inc, body;
        if (!cursor_for_parts(I->tu, s, &init, &cond, &inc, &body)) {
            interp_unsupported(I, s, "this 'for' statement is not modelled");
            stop(I);
            return FLOW_STOP;
        }
        return exec_loop(I, init, cond, inc, body, true, s);
    }
    case CXCursor_WhileStmt: {
        struct cursor_vec k = cursor_children(s);
        enum flow f = k.len == 2 ? exec_loop(I, clang_getNullCursor(), k.items[0],
                                             clang_getNullCursor(), k.items[1], true, s)
                                 : FLOW_STOP;
        VEC_FREE(k);
        return f;
    }
    case CXCursor_DoStmt: {
        struct cursor_vec k = cursor_children(s);
        enum flow f = k.len == 2 ? exec_loop(I, clang_getNullCursor(), k.items[1],
                                             clang_getNullCursor(), k.items[0], false, s)
                                 : FLOW_STOP;
        VEC_FREE(k);
        return f;
    }
    case CXCursor_SwitchStmt:
        return exec_switch(I, s);
    case CXCursor_CaseStmt:
    case CXCursor_DefaultStmt:
    case CXCursor_LabelStmt: {     /* reached by falling through: its statement runs (a goto
                                    * to a label is not modelled, and reported) */
        struct cursor_vec k = cursor_children(s);
        enum flow f = k.len ? exec(I, k.items[k.len - 1]) : FLOW_NEXT;
        VEC_FREE(k);
        return f;
    }
    case CXCursor_UnexposedStmt: {   /* `#pragma unroll` around a loop: the loop itself */
        struct cursor_vec k = cursor_children(s);
        bool wrapped = k.len == 1 && clang_isStatement(clang_getCursorKind(k.items[0]));
        enum flow f = wrapped ? exec(I, k.items[0]) : FLOW_STOP;
        VEC_FREE(k);
        if (wrapped)
            return f;
        interp_unsupported(I, s, "statement of kind UnexposedStmt is not modelled");
        stop(I);
        return FLOW_STOP;
    }
    case CXCursor_AsmStmt:
        return exec_asm(I, s);
    case CXCursor_BreakStmt:
        return FLOW_BREAK;
    case CXCursor_ContinueStmt:
        return FLOW_CONTINUE;
    case CXCursor_ReturnStmt: {
        CXCursor v = cursor_first_expr(s);
        if (!clang_Cursor_isNull(v))
            I->frame->ret = eval(I, v);
        return I->stopped ? FLOW_STOP : FLOW_RETURN;
    }
    default:
        if (clang_isExpression(clang_getCursorKind(s))) {
            eval(I, s);
            return I->stopped ? FLOW_STOP : FLOW_NEXT;
        }
        {
            CXString k = clang_getCursorKindSpelling(clang_getCursorKind(s));
            interp_unsupported(I, s, "statement of kind %s is not modelled", clang_getCString(k));
            clang_disposeString(k);
        }
        stop(I);
        return FLOW_STOP;
    }
}

enum flow exec(struct interp *I, CXCursor s)
{
    if (I->stopped || !nest_in(I, s))
        return FLOW_STOP;
    enum flow f = exec_kind(I, s);
    I->nesting--;
    return f;
}

/* Binary and unary operators on values: integer arithmetic in the operand's type, pointer
 * arithmetic and comparisons, increments and compound assignments. */
#include "interp_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../clang/cursor_operators.h"
#include "../clang/cursor_util.h"

static int64_t pointee_size(CXType t)
{
    long long s = clang_Type_getSizeOf(clang_getPointeeType(clang_getCanonicalType(t)));
    return s > 0 ? s : 1;
}

/* p plus (or minus) an offset data decides: somewhere in its buffer. The known bytes it
 * moved stay known (`past`) for the first data-decided offset added, so the words of a table
 * at a data-decided place can be told apart (loaded_value); after a second one, or a
 * subtraction, they are not. */
static struct value data_offset(struct value p, bool plus)
{
    bool first = p.num != OFFSET_UNKNOWN;
    return (struct value){.kind = VAL_POINTER, .buffer = p.buffer, .num = OFFSET_UNKNOWN,
                          .past_known = first && plus, .past = first ? p.num : 0};
}

static bool declared_apart(const struct pir_buffer *b)
{
    return !b->grows && b->place < 0;
}

/* Two addresses compared: known within one buffer when both offsets are; two arrays the
 * kernel declares (placed nowhere in particular) never share bytes, so they are unequal
 * (kernel arguments' memory may alias: data). */
static struct value pointer_compare(struct interp *I, const char *op, struct value a,
                                    struct value b)
{
    bool known = a.num != OFFSET_UNKNOWN && b.num != OFFSET_UNKNOWN;
    if (a.buffer == b.buffer && a.buffer >= 0 && known) {
        int64_t x = a.num, y = b.num;
        if (!strcmp(op, "==")) return int_value(x == y);
        if (!strcmp(op, "!=")) return int_value(x != y);
        if (!strcmp(op, "<")) return int_value(x < y);
        if (!strcmp(op, "<=")) return int_value(x <= y);
        if (!strcmp(op, ">")) return int_value(x > y);
        if (!strcmp(op, ">=")) return int_value(x >= y);
        return unknown;
    }
    bool eq = !strcmp(op, "=="), ne = !strcmp(op, "!=");
    if ((eq || ne) && a.buffer != b.buffer && a.buffer >= 0 && b.buffer >= 0 &&
        declared_apart(&I->w->buffers[a.buffer]) && declared_apart(&I->w->buffers[b.buffer]))
        return int_value(ne);
    return unknown;
}

static struct value arith_of(struct interp *I, CXCursor e, const char *op, struct value a,
                             struct value b, CXType result_type);

/* a op b: the result comes from the reads its operands came from (rule 10). */
static struct value arith(struct interp *I, CXCursor e, const char *op, struct value a,
                          struct value b, CXType result_type)
{
    struct value r = arith_of(I, e, op, a, b, result_type);
    r.read = later_read(a, b);
    return r;
}

static struct value arith_of(struct interp *I, CXCursor e, const char *op, struct value a,
                             struct value b, CXType result_type)
{
    struct value moved;
    if (element_arith(I, op, a, b, &moved))
        return moved;
    if (element_index(a) >= 0 && element_index(b) >= 0 && a.obj == b.obj &&
        (!strcmp(op, "==") || !strcmp(op, "!=") || !strcmp(op, "<") || !strcmp(op, ">") ||
         !strcmp(op, "<=") || !strcmp(op, ">="))) {
        int64_t x = element_index(a), y = element_index(b);
        bool r = !strcmp(op, "==") ? x == y : !strcmp(op, "!=") ? x != y : !strcmp(op, "<") ? x < y
               : !strcmp(op, ">") ? x > y : !strcmp(op, "<=") ? x <= y : x >= y;
        return int_value(r);
    }
    if (a.kind == VAL_POINTER && b.kind == VAL_INT && (!strcmp(op, "+") || !strcmp(op, "-"))) {
        int64_t size = pointee_size(result_type);
        bool minus = !strcmp(op, "-");
        int64_t count = !minus ? b.num : b.num == INT64_MIN ? INT64_MIN : -b.num;   /* too far */
        return interp_pointer_move(I, e, &a, count, size) ? a : unknown;
    }
    if (b.kind == VAL_POINTER && a.kind == VAL_INT && !strcmp(op, "+"))
        return interp_pointer_move(I, e, &b, a.num, pointee_size(result_type)) ? b : unknown;
    /* an offset data decides: somewhere in the same buffer */
    if (a.kind == VAL_POINTER && b.kind == VAL_UNKNOWN && (!strcmp(op, "+") || !strcmp(op, "-")))
        return data_offset(a, !strcmp(op, "+"));
    if (b.kind == VAL_POINTER && a.kind == VAL_UNKNOWN && !strcmp(op, "+"))
        return data_offset(b, true);
    bool eq = !strcmp(op, "=="), ne = !strcmp(op, "!=");
    bool pa = a.kind == VAL_POINTER || a.kind == VAL_REF, pb = b.kind == VAL_POINTER || b.kind == VAL_REF;
    if ((eq || ne) && ((pa && b.kind == VAL_INT && b.num == 0) || (pb && a.kind == VAL_INT && a.num == 0)))
        return int_value(ne);   /* a kernel argument or a variable's address is never null */
    if (a.kind == VAL_POINTER && b.kind == VAL_POINTER)
        return pointer_compare(I, op, a, b);
    if ((eq || ne) && (value_unlike(a, b) || value_unlike(b, a)))
        return int_value(ne);   /* an enum argument's other values against a named one */
    if (a.kind != VAL_INT || b.kind != VAL_INT)
        return unknown;
    int64_t x = a.num, y = b.num, r;
    if (!strcmp(op, "+")) r = (int64_t)((uint64_t)x + (uint64_t)y);
    else if (!strcmp(op, "-")) r = (int64_t)((uint64_t)x - (uint64_t)y);
    else if (!strcmp(op, "*")) r = (int64_t)((uint64_t)x * (uint64_t)y);
    else if (!strcmp(op, "/") || !strcmp(op, "%")) {
        if (y == 0) {
            interp_unsupported(I, e, "division by zero under the values the kernel was "
                               "lowered with");
            I->zero_divisor = true;
            stop(I);
            return unknown;
        }
        if (x == INT64_MIN && y == -1)
            return unknown;
        r = !strcmp(op, "/") ? x / y : x % y;
    }
    else if (!strcmp(op, "<<")) r = (y < 0 || y > 63) ? 0 : (int64_t)((uint64_t)x << y);
    else if (!strcmp(op, ">>")) r = (y < 0 || y > 63) ? 0 : x >> y;
    else if (!strcmp(op, "&")) r = x & y;
    else if (!strcmp(op, "|")) r = x | y;
    else if (!strcmp(op, "^")) r = x ^ y;
    else if (!strcmp(op, "<")) r = x < y;
    else if (!strcmp(op, ">")) r = x > y;
    else if (!strcmp(op, "<=")) r = x <= y;
    else if (!strcmp(op, ">=")) r = x >= y;
    else if (!strcmp(op, "==")) r = x == y;
    else if (!strcmp(op, "!=")) r = x != y;
    else return unknown;
    return int_value(fit_to_type(result_type, r));
}

/* The right side b of `lhs || rhs` (`&&`) whose left side was data: its read, with the right
 * sides' of a chain of the same operator on the left (`a || b || c`), kept for the `if` that
 * tests e (interp.h, short_rhs). */
static void short_circuit_right(struct interp *I, CXCursor e, CXCursor lhs, char op,
                                struct value b)
{
    uint32_t read = value_read(b);
    struct short_circuit *s = &I->short_rhs;
    if (s->read && s->op == op && clang_equalCursors(s->at, cursor_strip(lhs)) && s->read > read)
        read = s->read;
    *s = (struct short_circuit){cursor_strip(e), op, read};
}

struct value eval_binary(struct interp *I, CXCursor e)
{
    CXCursor lhs, rhs;
    if (!cursor_two_exprs(e, &lhs, &rhs))
        return unknown;
    int64_t folded;
    if (clang_getCursorKind(e) == CXCursor_BinaryOperator &&
        cursor_cached_constant(I->ops, e, &folded))
        return int_value(folded);
    const char *op = cursor_operator(I->ops, I->tu, e, lhs);
    CXType type = clang_getCursorType(e);
    if (!op[0]) {   /* never a guess: `x = v` taken for something else would drop the store */
        interp_unsupported(I, e, "an operator the frontend cannot read (written in a macro's "
                           "body whose expanded tokens it cannot match with the expression: "
                           "pasted or stringized tokens, an operator inside template "
                           "arguments, a declarator its type does not spell)");
        return unknown;
    }
    if (!strcmp(op, "&&") || !strcmp(op, "||")) {
        struct value a = eval(I, lhs);
        if (a.kind != VAL_INT) {
            interp_use(I, lhs, a);   /* rule 10: whether the right side runs needs it */
            /* data decides whether the right side runs: its reads are counted as if it did;
             * one with effects runs on one side of a choice on data */
            if (!I->stopped && cursor_has_effects(I->ops, I->tu, rhs) && a.kind == VAL_UNKNOWN)
                exec_data_if(I, e, rhs, clang_getNullCursor());
            else if (!I->stopped && cursor_has_effects(I->ops, I->tu, rhs))
                interp_int(I, lhs, a, "the left side of a '&&' or '||' whose right side has "
                           "effects", &(int64_t){0});
            else
                short_circuit_right(I, e, lhs, op[0], eval(I, rhs));
            return unknown;
        }
        if ((a.num != 0) == (op[0] == '|'))
            return int_value(op[0] == '|');
        struct value b = eval(I, rhs);
        return b.kind == VAL_INT ? int_value(b.num != 0) : unknown;
    }
    if (!strcmp(op, "=")) {
        struct value v = eval(I, rhs);
        I->store_read = v.read;
        struct value *slot = lvalue(I, lhs, USE_WRITE);
        I->store_read = 0;
        if (!slot)
            return unknown;
        if (v.kind == VAL_INT && interp_is_integer_type(clang_getCursorType(lhs)))
            v.num = fit_to_type(clang_getCursorType(lhs), v.num);
        *slot = named_unknown(I, interp_copy_for(I, clang_getCursorType(lhs), v));
        v = *slot;
        if (clang_getCursorKind(cursor_strip(lhs)) == CXCursor_MemberRefExpr)
            interp_union_written(I, cursor_strip(lhs));
        return v;
    }
    if (!strcmp(op, ",")) {
        eval(I, lhs);
        return eval(I, rhs);
    }
    size_t n = strlen(op);
    if (n >= 2 && op[n - 1] == '=' && strcmp(op, "==") && strcmp(op, "!=") && strcmp(op, "<=") &&
        strcmp(op, ">=")) {   /* compound assignment: +=, <<=, ... */
        char base[4] = {0};
        memcpy(base, op, n - 1 < 3 ? n - 1 : 3);
        struct value b = eval(I, rhs);
        I->store_read = b.read;
        struct value *slot = lvalue(I, lhs, USE_READ_WRITE);
        I->store_read = 0;
        if (!slot)
            return unknown;
        *slot = named_unknown(I, arith(I, e, base, *slot, b, clang_getCursorType(lhs)));
        struct value result = *slot;
        if (clang_getCursorKind(cursor_strip(lhs)) == CXCursor_MemberRefExpr)
            interp_union_written(I, cursor_strip(lhs));
        return result;
    }
    struct value a = eval(I, lhs), b = eval(I, rhs);
    if (a.kind == VAL_POINTER && b.kind == VAL_POINTER && !strcmp(op, "-"))
        return a.buffer == b.buffer && a.num != OFFSET_UNKNOWN && b.num != OFFSET_UNKNOWN
                   ? int_value((a.num - b.num) / pointee_size(clang_getCursorType(lhs)))
                                    : unknown;
    return arith(I, e, op, a, b, type);
}

static struct value unary_of(struct interp *I, CXCursor e, const char *op, struct value v);

struct value eval_unary(struct interp *I, CXCursor e)
{
    CXCursor operand = cursor_first_expr(e);
    if (clang_Cursor_isNull(operand))
        return unknown;
    bool prefix;
    const char *op = cursor_unary_operator(I->ops, I->tu, e, &prefix);
    if (!strcmp(op, "++") || !strcmp(op, "--")) {
        struct value *slot = lvalue(I, operand, USE_READ_WRITE);
        if (!slot)
            return unknown;
        struct value old = *slot;
        *slot = arith(I, e, op[0] == '+' ? "+" : "-", old, int_value(1),
                      clang_getCursorType(operand));
        struct value now = *slot;
        if (clang_getCursorKind(cursor_strip(operand)) == CXCursor_MemberRefExpr)
            interp_union_written(I, cursor_strip(operand));
        return prefix ? now : old;
    }
    if (!strcmp(op, "&")) {
        CXCursor inner = cursor_strip(operand);
        enum CXCursorKind ik = clang_getCursorKind(inner);
        struct var *var = ik == CXCursor_DeclRefExpr
                              ? find_var(I, clang_getCursorReferenced(inner)) : NULL;
        if (var && var->detached) {
            CXString sp = clang_getCursorSpelling(inner);
            interp_unsupported(I, e, "the address of '%s', a reference the frontend does not "
                               "follow", clang_getCString(sp));
            clang_disposeString(sp);
            return unknown;
        }
        if (var || ik == CXCursor_MemberRefExpr)    /* a variable, a field: their address */
            return interp_address_of(I, inner);
    }
    if (I->api->scalar && !strcmp(op, "&")) {
        CXCursor inner = cursor_strip(operand);
        if (clang_getCursorKind(inner) == CXCursor_ArraySubscriptExpr) {
            struct value *slot = subscript(I, inner, true, USE_ADDRESS);
            return slot ? *slot : unknown;
        }
        if (interp_is_dereference(I, inner))
            return eval(I, cursor_first_expr(inner));
    }
    struct value v = eval(I, operand);
    struct value r = unary_of(I, e, op, v);
    if (r.kind != VAL_OBJECT && (strcmp(op, "*") || v.kind != VAL_POINTER || !I->api->scalar))
        r.read = later_read(r, v);   /* -x, !x, (T)x: from x's reads; *p reads anew */
    return r;
}

/* What the unary operator `op` (not ++, --, nor & of a variable) makes of v. */
static struct value unary_of(struct interp *I, CXCursor e, const char *op, struct value v)
{
    if (!strcmp(op, "*") && v.kind == VAL_REF) {
        struct value *slot = through_ref(I, e, v);
        return slot ? *slot : unknown;
    }
    if (!strcmp(op, "*") && v.kind == VAL_POINTER && I->api->scalar)
        return *memory_access(I, e, v, interp_type_size(clang_getCursorType(e)), USE_READ);
    if (!strcmp(op, "&") || !strcmp(op, "*"))
        return v.kind == VAL_OBJECT || v.kind == VAL_POINTER ? v : unknown;
    if (v.kind != VAL_INT)
        return unknown;
    CXType type = clang_getCursorType(e);
    if (!strcmp(op, "-")) return int_value(fit_to_type(type, (int64_t)(0 - (uint64_t)v.num)));
    if (!strcmp(op, "+")) return v;
    if (!strcmp(op, "!")) return int_value(!v.num);
    if (!strcmp(op, "~")) return int_value(fit_to_type(type, ~v.num));
    return unknown;
}

/* Conditions on data: an `if` whose condition the interpreter cannot know (it depends on
 * values read from memory, floats, results of unmodelled calls) becomes `if (?) {...} else
 * {...}` in the PIR, both sides run from the same state and the two states joined after it
 * (a variable that differs becomes unknown; a pointer into the same buffer points somewhere
 * in it, OFFSET_UNKNOWN).
 *
 * A side that leaves early (return, break, continue) while the other goes on makes a pending
 * exit: the state it left with, kept until the construct it leaves (the function, the loop, the
 * switch) ends, where the states that go on are joined. Until then the statements that run
 * only on the other path are written inside a further `if (?) {` (a guard): PIR has no way to
 * name the first choice again, so the guard is an independent one. That admits paths the
 * kernel does not have, never loses one of its paths: it can cost false alarms, not missed
 * hazards.
 *
 * An API layer with state of its own (api_ops.stateful) cannot be followed down both sides
 * and joined: for it each run of the kernel takes one side of every condition on data, and
 * the frontend's driver runs the kernel again for every combination (interp_next_run),
 * writing the runs as the sides of `if (?)` around whole runs: exact, no join.
 *
 * Unless both sides leave the layer's state as the other does: a layer with branch hooks
 * (api_ops.branch_open) is asked, after each side, whether the side left its state where the
 * other can join it (its objects as they were, auto-sync's tracking joined: emit_join.c).
 * Then the choice is one `if (?)` joined like a stateless layer's, and the runs do not
 * multiply. If a side changed the state beyond that, if the join would make a value one side
 * knows unknown (a trip count, an index: the runs would have checked each), or if later the
 * joined tracking would make the compiler's syncs depend on the side taken
 * (interp_branch_diverged), the choice is put among those lowered as runs and the entry's runs
 * start again (interp_lower_runs): every join that stands gives the runs' findings,
 * docs/frontends.md "Conditions on data". */
#include "interp_internal.h"
#include "../../util/choices.h"
#include "../clang/cursor_operators.h"
#include "../clang/cursor_util.h"

#include <stdlib.h>
#include <string.h>

struct pending_exit {
    enum flow flow;         /* FLOW_RETURN, FLOW_BREAK or FLOW_CONTINUE */
    struct snapshot *state;
};

/* A condition on data decided in this run, with the values it read (named unknowns). */
struct decided {
    CXCursor cond;
    struct value *values;
    size_t nvalues;
    bool then;
};

/* Why a choice tried as a join was lowered as runs instead. */
enum split_why {
    SPLIT_STATE,        /* a side left the layer's state otherwise, or one side left early */
    SPLIT_VALUE,        /* the join would make a value one side knows unknown */
    SPLIT_SYNC,         /* the compiler's syncs after it depended on the side taken */
    SPLIT_TRIPS,        /* a loop's test on data: a run per trip count, never joined */
    SPLIT_OPTION,       /* --choices split */
    SPLIT_TRIES,        /* past MAX_RESTARTS joins given up: every choice as runs */
};

static const char *const split_why_text[] = {
    [SPLIT_STATE] = "a side changes the layer's state: allocates, queues or frees a buffer, "
                    "sets an atomic mode, or leaves early",
    [SPLIT_VALUE] = "joining would make a value one side knows unknown",
    [SPLIT_SYNC] = "the compiler's syncs after it depend on the side taken",
    [SPLIT_TRIPS] = "a loop's test on data: a run per trip count",
    [SPLIT_OPTION] = "--choices split",
    [SPLIT_TRIES] = "past 64 joins given up, every such choice as runs",
};

struct branches {
    /* Stateful APIs: each run of the kernel takes one side of every condition on data (1:
     * then); interp_next_run moves to the next combination. */
    struct choices runs;
    VEC(struct decided) decided;    /* the run's decisions, for conditions read again */
    VEC(struct pending_exit) pending;
    VEC(struct pir_mark) guards;    /* open guard blocks, innermost last */
    int sides_open;                 /* sides of joined choices being run */
    size_t guard_base;              /* guards of the enclosing `if (?)` side start here */
    /* Stateful APIs with branch hooks: the choices whose sides were joined (tag i + 1 is
     * joined.items[i]), those lowered as runs because joining them was not exact, and whether
     * the current run was given up for that (its entry's runs start again). */
    struct cursor_vec joined, split;
    VEC(enum split_why) split_why;  /* why each of split was (a choice tried as a join is in
                                     * joined too; one split without a try is not) */
    bool restart;
    int restarts;
    size_t noted_joined, noted_split;   /* the counts the PIR header last gave */
};

/* Runs of an entry started again for choices found not to join, beyond which every choice
 * that may call a stateful API is lowered as runs at once. */
enum { MAX_RESTARTS = 64 };

/* ---- guards ---- */

static struct branches *branches_of(struct interp *I)
{
    if (!I->branches)
        I->branches = xcalloc(1, sizeof(*I->branches));
    return I->branches;
}

static void open_guard(struct interp *I, CXCursor at)
{
    struct branches *b = branches_of(I);
    VEC_PUSH(b->guards, pir_writer_mark(I->w));
    pir_writer_open(I->w, interp_loc(I, at), "if (?)");
}

/* Closes the guards opened since `base` (an empty one is taken back). */
static void close_guards(struct interp *I, size_t base, CXCursor at)
{
    struct branches *b = branches_of(I);
    while (b->guards.len > base) {
        struct pir_mark m = b->guards.items[--b->guards.len];
        /* empty, or only uses (a value needed on one path: dropped, which orders less) */
        if (I->w->norigins == m.norigins + 1 || pir_writer_only_uses_since(I->w, m))
            pir_writer_rollback(I->w, m);
        else
            pir_writer_close(I->w, interp_loc(I, at));
    }
}

static void drop_pending(struct branches *b)
{
    for (size_t i = 0; i < b->pending.len; i++)
        snapshot_free(b->pending.items[i].state);
    b->pending.len = 0;
}

static void add_pending(struct interp *I, enum flow flow, struct snapshot *state)
{
    struct pending_exit p = {flow, state};
    VEC_PUSH(branches_of(I)->pending, p);
}

/* ---- the entry points (interp_internal.h) ---- */

struct exits_mark exits_mark(struct interp *I)
{
    struct branches *b = branches_of(I);
    return (struct exits_mark){b->pending.len, b->guards.len};
}

enum flow settle_exits(struct interp *I, struct exits_mark mark, enum flow consumed, enum flow f,
                       CXCursor at)
{
    struct branches *b = branches_of(I);
    if (f == FLOW_STOP || I->stopped)
        return FLOW_STOP;
    if (f == consumed)
        f = FLOW_NEXT;
    size_t nconsumed = 0;
    for (size_t i = mark.pending; i < b->pending.len; i++)
        nconsumed += b->pending.items[i].flow == consumed;
    if (nconsumed == 0)
        return f;
    /* Guards opened in the construct wrapped what only the current path ran; those of exits
     * from before it stay open around what follows. */
    close_guards(I, mark.guards, at);
    /* The paths that leave through this construct's end go on together. */
    struct snapshot **going_on = xrealloc_array(NULL, nconsumed, sizeof(*going_on));
    size_t kept = mark.pending, n = 0;
    for (size_t i = mark.pending; i < b->pending.len; i++) {
        struct pending_exit p = b->pending.items[i];
        if (p.flow == consumed)
            going_on[n++] = p.state;
        else
            b->pending.items[kept++] = p;
    }
    b->pending.len = kept;
    size_t first = 0;
    if (f != FLOW_NEXT) {   /* the current path leaves further: it waits, one that goes on runs */
        add_pending(I, f, snapshot_take(I));
        snapshot_restore(I, going_on[0]);
        first = 1;
        f = FLOW_NEXT;
    }
    for (size_t i = first; i < n; i++)
        snapshot_join(I, going_on[i]);
    for (size_t i = 0; i < n; i++)
        snapshot_free(going_on[i]);
    free(going_on);
    if (b->pending.len > mark.pending && !I->stopped)
        open_guard(I, at);
    return I->stopped ? FLOW_STOP : f;
}

/* What one side of a choice runs: a statement, or the cases of a switch from one of them. */
struct side {
    enum flow (*run)(struct interp *I, const struct side *side);
    CXCursor stmt;                  /* the statement (null: nothing); the switch */
    uint32_t use;                   /* a read the side needs first (rule 10; 0: none) ... */
    CXCursor use_at;                /* ... at this cursor (the condition) */
    const struct cursor_vec *body;  /* a switch's statements */
    const size_t *starts;           /* where each side of a switch starts in body */
    size_t nstarts, k;              /* the sides of a switch, and this side's */
    bool leaves;                    /* one of a loop's go on / exit pair: never joined under a
                                     * stateful API (the exit leaves the state pending) */
};

static enum flow run_statement(struct interp *I, const struct side *side)
{
    if (side->use)
        interp_use(I, side->use_at, (struct value){.read = side->use});
    return clang_Cursor_isNull(side->stmt) ? FLOW_NEXT : exec(I, side->stmt);
}

/* One side of the choice (its opening line written), with its own guards. */
static enum flow run_side(struct interp *I, const struct side *side)
{
    struct branches *b = branches_of(I);
    size_t guard_base = b->guard_base;
    b->guard_base = b->guards.len;
    enum flow f = side->run(I, side);
    close_guards(I, b->guard_base, side->stmt);
    b->guard_base = guard_base;
    return f;
}

static void forget_decisions(struct branches *b)
{
    for (size_t i = 0; i < b->decided.len; i++)
        free(b->decided.items[i].values);
    b->decided.len = 0;
}

bool interp_next_run(struct interp *I)
{
    forget_decisions(branches_of(I));
    return choices_next(&branches_of(I)->runs);
}

/* ---- choices joined under a stateful API ---- */

static size_t find_cursor(const struct cursor_vec *v, CXCursor c)
{
    for (size_t i = 0; i < v->len; i++)
        if (clang_equalCursors(v->items[i], c))
            return i;
    return v->len;
}

/* Whether the sides of choice s are to be followed and joined (else: runs). */
static bool joins_under_layer(struct interp *I, CXCursor s)
{
    struct branches *b = branches_of(I);
    return I->api->branch_open && !I->opt->split_choices && b->restarts < MAX_RESTARTS &&
           find_cursor(&b->split, s) == b->split.len;
}

static uint32_t join_tag(struct interp *I, CXCursor s)
{
    struct branches *b = branches_of(I);
    size_t i = find_cursor(&b->joined, s);
    if (i == b->joined.len)
        VEC_PUSH(b->joined, s);
    return (uint32_t)i + 1;
}

static void record_split(struct branches *b, CXCursor s, enum split_why why)
{
    if (find_cursor(&b->split, s) == b->split.len) {
        VEC_PUSH(b->split, s);
        VEC_PUSH(b->split_why, why);
    }
}

/* Choice s, under a stateful layer, taken one side per run without a try at joining it: why,
 * for the limit's message (a choice already given up keeps its first why). */
static void record_direct_split(struct interp *I, CXCursor s, bool leaves)
{
    struct branches *b = branches_of(I);
    record_split(b, s, leaves ? SPLIT_TRIPS : I->opt->split_choices ? SPLIT_OPTION
                                                                   : SPLIT_TRIES);
}

/* Choice s does not join (why): lowered as runs from now on, the current run given up. */
static void give_up_join(struct interp *I, CXCursor s, enum split_why why)
{
    struct branches *b = branches_of(I);
    record_split(b, s, why);
    b->restart = true;
    stop(I);
}

bool interp_in_choice(struct interp *I)
{
    const struct branches *b = I->branches;
    return b && (b->sides_open > 0 || b->guards.len > 0);
}

void interp_branch_diverged(struct interp *I, uint32_t tag)
{
    struct branches *b = branches_of(I);
    if (tag >= 1 && tag <= b->joined.len && !I->stopped)
        give_up_join(I, b->joined.items[tag - 1], SPLIT_SYNC);
}

void interp_note_joins(struct interp *I)
{
    struct branches *b = branches_of(I);
    size_t split_joined = 0;    /* split after a join was tried: the others never were */
    for (size_t i = 0; i < b->split.len; i++)
        split_joined += find_cursor(&b->joined, b->split.items[i]) < b->joined.len;
    if (b->joined.len == b->noted_joined && split_joined == b->noted_split)
        return;
    b->noted_joined = b->joined.len;
    b->noted_split = split_joined;
    pir_writer_note(I->w, "conditions on data whose sides call the %s layer (by source place): "
                    "%zu joined, both sides followed in one run; %zu lowered as runs of their "
                    "own after a try (a side changed the layer's state, the join would make a "
                    "value one side knows unknown, or the compiler's syncs after them depended "
                    "on the side taken)%s", I->api->name,
                    b->joined.len - split_joined, split_joined,
                    b->restarts >= MAX_RESTARTS ? "; past 64 such, every other one as runs" : "");
}

char *interp_runs_limit_text(struct interp *I)
{
    struct branches *b = branches_of(I);
    char *text = xasprintf("more than %d runs: conditions on data split the kernel into more "
                           "combinations than are lowered", I->opt->max_runs);
    CXString main = clang_getCursorSpelling(clang_getTranslationUnitCursor(I->tu));
    enum { NAMED = 3 };
    for (size_t i = 0; i < b->split.len && i < NAMED; i++) {
        struct as_loc at = interp_loc(I, b->split.items[i]);
        const char *file = at.file ? strrchr(at.file, '/') : NULL;
        char *place = at.file && strcmp(at.file, clang_getCString(main)) != 0
                          ? xasprintf("%s:%d", file ? file + 1 : at.file, at.line)
                          : xasprintf("line %d", at.line);
        char *longer = xasprintf("%s%s the condition at %s (%s)", text,
                                 i ? ";" : "; lowered as runs:", place,
                                 split_why_text[b->split_why.items[i]]);
        free(place);
        free(text);
        text = longer;
    }
    if (b->split.len > NAMED) {
        char *longer = xasprintf("%s; and %zu more", text, b->split.len - NAMED);
        free(text);
        text = longer;
    }
    if (b->restarts >= MAX_RESTARTS) {
        char *longer = xasprintf("%s; past %d such, every other one as runs at once", text,
                                 MAX_RESTARTS);
        free(text);
        text = longer;
    }
    clang_disposeString(main);
    return text;
}

bool interp_run_given_up(struct interp *I)
{
    struct branches *b = branches_of(I);
    if (!b->restart)
        return false;
    b->restart = false;
    b->restarts++;
    forget_decisions(b);
    choices_reset(&b->runs);
    return true;
}

/* ---- the same condition on the same unknowns ---- */

/* Decisions kept per run, beyond which new ones are not looked up again (a run of many
 * conditions on fresh data would otherwise search a long list at every one). */
enum { MAX_DECISIONS = 4096 };

struct key_search {
    struct interp *I;
    VEC(struct value) values;
    bool ok;
};

/* The values a condition reads, in order: variables and fields only, an unknown among them
 * named. A call, an access through a pointer, an array element or an assignment makes the
 * condition not one to decide again (ok false). */
static enum CXChildVisitResult key_value(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct key_search *k = data;
    struct interp *I = k->I;
    enum CXCursorKind kind = clang_getCursorKind(c);
    bool prefix;
    const char *op = kind == CXCursor_UnaryOperator
                         ? cursor_unary_operator(I->ops, I->tu, c, &prefix)
                     : kind == CXCursor_BinaryOperator
                         ? cursor_operator(I->ops, I->tu, c, cursor_first_expr(c))
                         : NULL;
    if (kind == CXCursor_CallExpr || kind == CXCursor_ArraySubscriptExpr ||
        kind == CXCursor_CompoundAssignOperator || kind == CXCursor_LambdaExpr ||
        (op && (!op[0] || !strcmp(op, "*") || !strcmp(op, "++") || !strcmp(op, "--") ||
                (kind == CXCursor_BinaryOperator && !strcmp(op, "="))))) {
        k->ok = false;
        return CXChildVisit_Break;
    }
    struct value *slot = NULL;
    if (kind == CXCursor_DeclRefExpr) {
        CXCursor d = clang_getCursorReferenced(c);
        enum CXCursorKind dk = clang_getCursorKind(d);
        if (dk != CXCursor_VarDecl && dk != CXCursor_ParmDecl)
            return CXChildVisit_Recurse;     /* enumerators, functions */
        struct var *var = find_var(I, d);
        if (var && (var->in_memory || var->detached)) {
            k->ok = false;  /* read from memory, or a copy that may be stale: not a key */
            return CXChildVisit_Break;
        }
        slot = var_slot(var);
        if (!slot) {   /* outside the kernel: a constant (of any type) reads the same */
            k->ok = clang_isConstQualifiedType(clang_getCursorType(d)) ||
                    constant_value(c).kind == VAL_INT;
            return k->ok ? CXChildVisit_Recurse : CXChildVisit_Break;
        }
    } else if (kind == CXCursor_MemberRefExpr) {
        slot = field_of(I, c, false);
        if (!slot) {
            k->ok = constant_value(c).kind == VAL_INT;    /* static constexpr members */
            return k->ok ? CXChildVisit_Recurse : CXChildVisit_Break;
        }
    }
    if (slot) {
        /* an unknown without a name, or a pointer somewhere data decides, may differ from
         * what an equal-looking value held before */
        if ((slot->kind == VAL_UNKNOWN && slot->sym == 0) ||
            (slot->kind == VAL_POINTER && slot->num == OFFSET_UNKNOWN)) {
            k->ok = false;
            return CXChildVisit_Break;
        }
        VEC_PUSH(k->values, *slot);
    }
    return CXChildVisit_Recurse;
}

/* The decision this run took on cond when it read the same values, or NULL. */
static struct decided *decided_before(struct branches *b, CXCursor cond,
                                      const struct key_search *k)
{
    for (size_t i = 0; i < b->decided.len; i++) {
        struct decided *d = &b->decided.items[i];
        if (!clang_equalCursors(d->cond, cond) || d->nvalues != k->values.len)
            continue;
        bool same = true;
        for (size_t v = 0; v < d->nvalues && same; v++)
            same = interp_same_value(d->values[v], k->values.items[v]);
        if (same)
            return d;
    }
    return NULL;
}

/* interp_options.exact: a condition on data ends the run. */
static enum flow exact_refused(struct interp *I, CXCursor s)
{
    interp_unsupported(I, s, "a condition on a value not known (data, a float, or the result "
                       "of a call the frontend does not model)");
    stop(I);
    return FLOW_STOP;
}

/* ---- sides that leave a stateful API alone ---- */

struct api_search {
    struct interp *I;
    int depth;          /* source functions entered to look at their bodies */
    bool found;
};

enum { MAX_SEARCH_DEPTH = 8 };

static bool may_touch_api(struct interp *I, CXCursor c, int depth);

/* `*p`, `p[i]` and `p->f` on a pointer (not `this`): an access of memory, or may be one. */
static bool through_pointer(struct interp *I, CXCursor c)
{
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (interp_is_dereference(I, c))
        return true;
    if (kind != CXCursor_ArraySubscriptExpr && kind != CXCursor_MemberRefExpr)
        return false;
    CXCursor base = cursor_first_expr(c);
    if (clang_Cursor_isNull(base))
        return false;
    CXType t = clang_getCanonicalType(clang_getCursorType(base));
    if (t.kind != CXType_Pointer)
        return false;
    return clang_getCursorKind(cursor_strip(base)) != CXCursor_CXXThisExpr;
}

/* What makes a side one to run per run rather than to join: an access through a pointer, a
 * call of the API (other than a scalar class's: half's conversions and operators), a call
 * the frontend cannot resolve or whose body it cannot see, and an exit (return, break,
 * continue, goto), after which the statements that go on would run on one path only, calls
 * of the API among them. */
static enum CXChildVisitResult api_use(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct api_search *a = data;
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (kind == CXCursor_ReturnStmt || kind == CXCursor_BreakStmt ||
        kind == CXCursor_ContinueStmt || kind == CXCursor_GotoStmt ||
        kind == CXCursor_IndirectGotoStmt || kind == CXCursor_LambdaExpr ||
        kind == CXCursor_AsmStmt || kind == CXCursor_CXXThrowExpr) {
        a->found = true;
        return CXChildVisit_Break;
    }
    if (through_pointer(a->I, c)) {   /* memory: its accesses would go through the
                                       * layer's auto-sync, state of its own too */
        a->found = true;
        return CXChildVisit_Break;
    }
    if (kind != CXCursor_CallExpr)
        return CXChildVisit_Recurse;
    CXCursor fn = clang_getCursorReferenced(c);
    if (clang_Cursor_isNull(fn)) {
        a->found = true;
        return CXChildVisit_Break;
    }
    if (declared_in_stubs(a->I, fn)) {
        CXCursor owner = clang_getCursorSemanticParent(fn);
        if (!interp_is_scalar_class(clang_getCursorType(owner))) {
            a->found = true;
            return CXChildVisit_Break;
        }
        return CXChildVisit_Recurse;
    }
    CXCursor def = clang_getCursorDefinition(fn);
    if (clang_Cursor_isNull(def) || may_touch_api(a->I, def, a->depth + 1)) {
        a->found = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

static bool may_touch_api(struct interp *I, CXCursor c, int depth)
{
    if (clang_Cursor_isNull(c))
        return false;
    if (depth > MAX_SEARCH_DEPTH)
        return true;
    struct api_search a = {I, depth, false};
    if (api_use(c, clang_getNullCursor(), &a) == CXChildVisit_Recurse)
        clang_visitChildren(c, api_use, &a);
    return a.found;
}

static enum flow join_choice(struct interp *I, CXCursor s, const struct side *then_side,
                             const struct side *else_side, bool layer);
static enum flow exec_choice(struct interp *I, CXCursor s, const struct side *then_side,
                             const struct side *else_side);

enum flow exec_data_if_on(struct interp *I, CXCursor s, CXCursor cond, CXCursor then_side,
                          CXCursor else_side, const uint32_t uses[2])
{
    struct side then_run = {.run = run_statement, .stmt = then_side, .use = uses[0],
                            .use_at = cond};
    struct side else_run = {.run = run_statement, .stmt = else_side, .use = uses[1],
                            .use_at = cond};
    if (I->opt->exact)
        return exact_refused(I, s);
    if (!I->api->stateful)
        return exec_choice(I, s, &then_run, &else_run);
    /* Sides that neither call the API nor leave early change nothing of its state: both
     * are followed and joined, as for a layer without state (an argmax's `if (v > best)
     * { best = v; idx = i; }` in a loop of 64 would otherwise be 2^63 runs). */
    if (!may_touch_api(I, then_side, 0) && !may_touch_api(I, else_side, 0))
        return join_choice(I, s, &then_run, &else_run, false);
    if (joins_under_layer(I, s))    /* both sides, if they leave the layer joinable */
        return join_choice(I, s, &then_run, &else_run, true);
    struct branches *b = branches_of(I);
    struct key_search k = {I, {0}, true};
    if (key_value(cond, clang_getNullCursor(), &k) == CXChildVisit_Recurse)
        clang_visitChildren(cond, key_value, &k);
    struct decided *d = k.ok ? decided_before(b, cond, &k) : NULL;
    record_direct_split(I, s, false);
    bool then;
    if (d) {
        then = d->then;
        VEC_FREE(k.values);
    } else {
        then = choices_take(&b->runs);
        if (k.ok && b->decided.len < MAX_DECISIONS) {
            struct decided nd = {cond, k.values.items, k.values.len, then};
            VEC_PUSH(b->decided, nd);
        } else {
            VEC_FREE(k.values);
        }
    }
    return run_statement(I, then ? &then_run : &else_run);
}

/* `if (?) { then_side } else { else_side }` from the same state, the states joined after. */
static enum flow exec_choice(struct interp *I, CXCursor s, const struct side *then_side,
                             const struct side *else_side)
{
    struct branches *b = branches_of(I);
    if (I->opt->exact)
        return exact_refused(I, s);
    if (I->api->stateful && !then_side->leaves && joins_under_layer(I, s))
        return join_choice(I, s, then_side, else_side, true);
    if (I->api->stateful) {     /* one side per run: the driver runs the kernel again */
        record_direct_split(I, s, then_side->leaves);
        /* a run that meets k fresh choices leaves k other sides to run: past the limit, no
         * need to run on to know the kernel splits into too many runs */
        if (b->runs.used >= (size_t)I->opt->max_runs) {
            char *why = interp_runs_limit_text(I);
            interp_unsupported(I, s, "%s", why);
            free(why);
            stop(I);
            return FLOW_STOP;
        }
        return choices_take(&b->runs) ? then_side->run(I, then_side)
                                       : else_side->run(I, else_side);
    }
    return join_choice(I, s, then_side, else_side, false);
}

/* Under a stateful layer (layer true): whether the side that just ran left the layer, and the
 * exits, where the other side can join it. */
static bool side_joins(struct interp *I, enum flow f, size_t pending_before, bool second,
                       struct api_branch *ab, uint32_t tag)
{
    if (f != FLOW_NEXT || branches_of(I)->pending.len != pending_before)
        return false;
    return second ? I->api->branch_join(I, ab, tag) : I->api->branch_next(I, ab);
}

/* Both sides from the same state, written as `if (?) {...} else {...}`, the states joined
 * after (or the one that leaves kept pending). Under a stateful layer (layer true) both sides
 * must go on and leave the layer joinable; otherwise the choice is given up (runs). */
static enum flow join_choice(struct interp *I, CXCursor s, const struct side *then_side,
                             const struct side *else_side, bool layer)
{
    struct branches *b = branches_of(I);
    struct as_loc at = interp_loc(I, s);
    struct snapshot *before = snapshot_take(I);
    size_t pending_before = b->pending.len;
    /* the copies and joins are work like statements are: they count toward the budget */
    if (!count_steps(I, s, 3 * snapshot_size(before))) {
        snapshot_free(before);
        return FLOW_STOP;
    }

    struct api_branch *ab = layer ? I->api->branch_open(I) : NULL;
    uint32_t tag = layer ? join_tag(I, s) : 0;
    struct pir_mark at_if = pir_writer_mark(I->w);
    uint32_t values_at_if = pir_writer_value_ids(I->w), then_values = 0;
    pir_writer_open(I->w, at, "if (?)");
    struct pir_mark then_start = pir_writer_mark(I->w);
    b->sides_open++;
    enum flow then_flow = run_side(I, then_side);
    b->sides_open--;
    struct pir_mark then_end = pir_writer_mark(I->w);
    pir_writer_close(I->w, at);
    struct snapshot *after_then = NULL;
    enum flow else_flow = FLOW_STOP;
    struct pir_mark at_else = then_end, else_start = then_end, else_end = then_end;
    if (layer && then_flow != FLOW_STOP && !I->stopped &&
        !side_joins(I, then_flow, pending_before, false, ab, tag))
        give_up_join(I, s, SPLIT_STATE);
    if (then_flow != FLOW_STOP && !I->stopped) {
        after_then = snapshot_take(I);
        snapshot_restore(I, before);
        /* the else side names its reads as the then side did (rule 10), so that equal
         * sides stay equal text; its names are its own block's */
        then_values = pir_writer_value_ids(I->w);
        pir_writer_set_value_ids(I->w, values_at_if);
        at_else = pir_writer_mark(I->w);
        bool own = else_side->run == run_statement && !clang_Cursor_isNull(else_side->stmt);
        pir_writer_open(I->w, own ? interp_loc(I, else_side->stmt) : at, "else");
        else_start = pir_writer_mark(I->w);
        b->sides_open++;
        else_flow = run_side(I, else_side);
        b->sides_open--;
        else_end = pir_writer_mark(I->w);
        pir_writer_close(I->w, at);
        if (pir_writer_value_ids(I->w) < then_values)
            pir_writer_set_value_ids(I->w, then_values);
        /* under a layer, a join is as precise as the runs: no value known on a path is
         * made unknown (a trip count, an index: runs would have checked each) */
        if (layer && else_flow != FLOW_STOP && !I->stopped) {
            if (!side_joins(I, else_flow, pending_before, true, ab, tag))
                give_up_join(I, s, SPLIT_STATE);
            else if (snapshot_join_loses_known(I, after_then))
                give_up_join(I, s, SPLIT_VALUE);
        }
    }
    if (ab)
        I->api->branch_free(ab);
    snapshot_free(before);
    if (then_flow == FLOW_STOP || else_flow == FLOW_STOP || I->stopped) {
        snapshot_free(after_then);
        return FLOW_STOP;
    }
    pir_writer_tidy_choice(I->w, at_if, then_start, then_end, at_else, else_start, else_end);

    /* The current state is the else side's; then the two paths meet or one waits. */
    enum flow f = else_flow;
    if (then_flow == else_flow) {
        snapshot_join(I, after_then);
        snapshot_free(after_then);
    } else if (else_flow == FLOW_NEXT) {
        add_pending(I, then_flow, after_then);
    } else if (then_flow == FLOW_NEXT) {
        add_pending(I, else_flow, snapshot_take(I));
        snapshot_restore(I, after_then);
        snapshot_free(after_then);
        f = FLOW_NEXT;
    } else {
        add_pending(I, then_flow, after_then);
    }
    if (I->stopped)
        return FLOW_STOP;
    if (f == FLOW_NEXT && b->pending.len > pending_before) {
        open_guard(I, s);
        /* what follows runs on the side that went on: a read it needed first is needed
         * before anything in the guard (the use inside the side alone is dropped with it) */
        const struct side *on = else_flow == FLOW_NEXT ? else_side : then_side;
        if (on->use)
            interp_use(I, on->use_at, (struct value){.read = on->use});
    }
    return f;
}

enum flow exec_data_if(struct interp *I, CXCursor s, CXCursor then_side, CXCursor else_side)
{
    struct side a = {.run = run_statement, .stmt = then_side};
    struct side b = {.run = run_statement, .stmt = else_side};
    return exec_choice(I, s, &a, &b);
}

static enum flow run_go_on(struct interp *I, const struct side *side)
{
    (void)I;
    (void)side;
    return FLOW_NEXT;
}

static enum flow run_exit(struct interp *I, const struct side *side)
{
    (void)I;
    (void)side;
    return FLOW_BREAK;
}

enum flow exec_data_loop_test(struct interp *I, CXCursor cond)
{
    struct side go_on = {.run = run_go_on, .stmt = cond, .leaves = true},
                exit = {.run = run_exit, .stmt = cond, .leaves = true};
    return exec_choice(I, cond, &go_on, &exit);
}

/* Side k of a switch on data: its statements from starts[k] on, up to a break. */
static enum flow run_case(struct interp *I, const struct side *side)
{
    return run_switch_from(I, side->stmt, side->body, side->starts[side->k]);
}

/* Sides k, k + 1, ... of a switch on data: a chain of choices. */
static enum flow run_cases_from(struct interp *I, const struct side *side)
{
    struct side here = *side, rest = *side;
    here.run = run_case;
    if (side->k + 1 == side->nstarts)
        return run_case(I, &here);
    rest.run = run_cases_from;
    rest.k = side->k + 1;
    return exec_choice(I, side->stmt, &here, &rest);
}

enum flow exec_data_switch(struct interp *I, CXCursor s, const struct cursor_vec *body,
                           const size_t *starts, size_t nstarts)
{
    struct side all = {.run = run_cases_from, .stmt = s, .body = body, .starts = starts,
                       .nstarts = nstarts, .k = 0};
    return nstarts ? run_cases_from(I, &all) : FLOW_NEXT;
}

void branches_end_kernel(struct interp *I, CXCursor at)
{
    struct branches *b = I->branches;
    if (!b)
        return;
    close_guards(I, 0, at);
    drop_pending(b);
    b->guard_base = 0;
}

void branches_free(struct interp *I)
{
    if (!I->branches)
        return;
    forget_decisions(I->branches);
    VEC_FREE(I->branches->decided);
    drop_pending(I->branches);
    VEC_FREE(I->branches->pending);
    choices_free(&I->branches->runs);
    VEC_FREE(I->branches->guards);
    VEC_FREE(I->branches->joined);
    VEC_FREE(I->branches->split);
    VEC_FREE(I->branches->split_why);
    free(I->branches);
    I->branches = NULL;
}

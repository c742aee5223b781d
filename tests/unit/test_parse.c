/* CUnit suite for the PIR front end (grammar/pir.l, grammar/pir.y, src/ir/parse.c): the
 * tree built for the examples of docs/pir.md, and the exact text and place of errors. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "ir/parse.h"
#include "util/xalloc.h"

/* ----------------------------------------------------------------- helpers */

struct parsed {
    struct source *src;
    struct diag_list diags;
    struct ast_program *prog;
};

static void parse_bytes(struct parsed *p, const char *text, size_t len,
                        const struct parse_limits *limits)
{
    p->src = source_from_string("t.pir", text, len);
    diag_list_init(&p->diags, 0);
    p->prog = pir_parse(p->src, limits, &p->diags);
}

static void parse_text(struct parsed *p, const char *text)
{
    parse_bytes(p, text, strlen(text), NULL);
}

static void parsed_free(struct parsed *p)
{
    ast_program_free(p->prog);
    diag_list_free(&p->diags);
    source_free(p->src);
}

/* All findings as "line:col+len: message [check]" lines, for exact comparison. */
static char *diag_text(const struct diag_list *d)
{
    size_t cap = 256, len = 0;
    char *out = xmalloc(cap);
    out[0] = '\0';
    for (size_t i = 0; i < d->len; i++) {
        const struct finding *f = &d->items[i];
        for (;;) {
            int n = snprintf(out + len, cap - len, "%s%d:%d+%d: %s [%s]", i ? "\n" : "",
                             f->loc.line, f->loc.col, f->loc.len, f->message,
                             check_name(f->check));
            if (n >= 0 && (size_t)n < cap - len) {
                len += (size_t)n;
                break;
            }
            cap *= 2;
            out = xrealloc_array(out, cap, 1);
        }
    }
    return out;
}

/* The expression as an S-expression: (+ a (* b 2)); `?` for unknown. */
static void sexpr_into(const struct ast_expr *e, char *buf, size_t size)
{
    size_t used = strlen(buf);
    switch (e->kind) {
    case EXPR_NUM:
        snprintf(buf + used, size - used, "%lld", (long long)e->num);
        return;
    case EXPR_NAME:
        snprintf(buf + used, size - used, "%s", e->name);
        return;
    case EXPR_UNKNOWN:
        snprintf(buf + used, size - used, "?");
        return;
    case EXPR_UNARY:
    case EXPR_BINARY:
        snprintf(buf + used, size - used, "(%s ", ast_op_spelling(e->op));
        sexpr_into(e->lhs, buf, size);
        if (e->rhs) {
            used = strlen(buf);
            snprintf(buf + used, size - used, " ");
            sexpr_into(e->rhs, buf, size);
        }
        used = strlen(buf);
        snprintf(buf + used, size - used, ")");
        return;
    }
}

static const char *sexpr(const struct ast_expr *e)
{
    static char buf[512];
    buf[0] = '\0';
    if (e)
        sexpr_into(e, buf, sizeof(buf));
    return buf;
}

/* The node, or a fatal test failure; abort() tells the compiler what CUnit's longjmp
 * does not: a dereference after need() is safe. */
static const void *need(const void *node)
{
    if (!node) {
        CU_FAIL_FATAL("missing node");
        abort();
    }
    return node;
}

static const struct ast_decl *nth_decl(const struct ast_program *p, int n)
{
    const struct ast_decl *d = need(p->decls);
    for (; n > 0; n--)
        d = need(d->next);
    return d;
}

static const struct ast_stmt *nth_stmt(const struct ast_stmt *s, int n)
{
    s = need(s);
    for (; n > 0; n--)
        s = need(s->next);
    return s;
}

static int count_stmts(const struct ast_stmt *s)
{
    int n = 0;
    for (; s; s = s->next)
        n++;
    return n;
}

static int count_regions(const struct ast_region *r)
{
    int n = 0;
    for (; r; r = r->next)
        n++;
    return n;
}

static void assert_loc(struct as_loc loc, int line, int col, int len)
{
    CU_ASSERT_STRING_EQUAL(loc.file, "t.pir");
    CU_ASSERT_EQUAL(loc.line, line);
    CU_ASSERT_EQUAL(loc.col, col);
    CU_ASSERT_EQUAL(loc.len, len);
}

/* ----------------------------------------------------------------- the Ascend example */

static const char ascend_example[] =
    "model \"ascend910b2\";              // default hardware model\n"       /* 1 */
    "param tiles = 8;\n"                                                    /* 2 */
    "param n in 1..6;\n"                                                    /* 3 */
    "const TILE = 2048;\n"                                                  /* 4 */
    "\n"                                                                    /* 5 */
    "buffer x_gm : GM[tiles * TILE];    /* sizes count bytes */\n"          /* 6 */
    "buffer x_ub : UB[2][TILE];\n"                                          /* 7 */
    "buffer acc  : UB[4096] @ 0x0;\n"                                       /* 8 */
    "buffer tmp  : UB[1024] @ 0x800;\n"                                     /* 9 */
    "\n"                                                                    /* 10 */
    "kernel add_custom {\n"                                                 /* 11 */
    "  for i in 0..tiles {\n"                                               /* 12 */
    "    let s = i % 2;\n"                                                  /* 13 */
    "    if (i > 0 && i != tiles - 1) { wait_flag(MTE2, V, s); } else { pipe_barrier(ALL); }\n"
    "    if (?) { pipe_barrier(V); } else { }\n"                            /* 15 */
    "    MTE2 copy x_ub[s] <- x_gm[i*TILE +: TILE];\n"                      /* 16 */
    "    V vadd z_ub[s] <- x_ub[s], y_ub[s];\n"                             /* 17 */
    "    S get_value <- z_ub[s][0 +: 4];\n"                                 /* 18 */
    "    V vdup z_ub[s];\n"                                                 /* 19 */
    "    copy_gm_to_ubuf x_ub[s] <- x_gm[0 +: TILE];\n"                     /* 20 */
    "    set_flag(MTE2, V, s);\n"                                           /* 21 */
    "  }\n"                                                                 /* 22 */
    "  for i in 0..n step 2 { }\n"                                          /* 23 */
    "}\n"                                                                   /* 24 */
    "kernel mix_mm {\n"                                                     /* 25 */
    "  core aic : AIC { pipe_barrier(ALL); }\n"                             /* 26 */
    "  core aiv[2] : AIV { copy x <- y; S get_value; }\n"                   /* 27 */
    "}\n";

static void check_ascend_toplevel(const struct ast_program *p)
{
    static const struct {
        enum ast_decl_kind kind;
        const char *name;
    } want[] = {
        {DECL_MODEL, "ascend910b2"}, {DECL_PARAM, "tiles"}, {DECL_PARAM, "n"},
        {DECL_CONST, "TILE"}, {DECL_BUFFER, "x_gm"}, {DECL_BUFFER, "x_ub"},
        {DECL_BUFFER, "acc"}, {DECL_BUFFER, "tmp"}, {DECL_KERNEL, "add_custom"},
        {DECL_KERNEL, "mix_mm"},
    };
    size_t n = 0;
    for (const struct ast_decl *d = p->decls; d; d = d->next, n++) {
        CU_ASSERT_FATAL(n < sizeof(want) / sizeof(want[0]));
        CU_ASSERT_EQUAL(d->kind, want[n].kind);
        CU_ASSERT_STRING_EQUAL(d->name, want[n].name);
    }
    CU_ASSERT_EQUAL(n, sizeof(want) / sizeof(want[0]));

    const struct ast_decl *model = nth_decl(p, 0), *tiles = nth_decl(p, 1);
    assert_loc(model->loc, 1, 1, 5);
    assert_loc(model->name_loc, 1, 7, 13);
    assert_loc(tiles->name_loc, 2, 7, 5);
    CU_ASSERT_STRING_EQUAL(sexpr(tiles->value), "8");
    CU_ASSERT_FALSE(tiles->is_range);
    const struct ast_decl *range = nth_decl(p, 2);
    CU_ASSERT_TRUE(range->is_range);
    CU_ASSERT_STRING_EQUAL(sexpr(range->lo), "1");
    CU_ASSERT_STRING_EQUAL(sexpr(range->hi), "6");
    CU_ASSERT_STRING_EQUAL(sexpr(nth_decl(p, 3)->value), "2048");

    const struct ast_decl *x_gm = nth_decl(p, 4), *x_ub = nth_decl(p, 5);
    CU_ASSERT_STRING_EQUAL(x_gm->space, "GM");
    assert_loc(x_gm->space_loc, 6, 15, 2);
    CU_ASSERT_STRING_EQUAL(sexpr(x_gm->dims), "(* tiles TILE)");
    assert_loc(x_gm->dims->loc, 6, 18, 12);
    CU_ASSERT_PTR_NULL(x_gm->dims->next);
    CU_ASSERT_PTR_NULL(x_gm->at);
    CU_ASSERT_STRING_EQUAL(sexpr(x_ub->dims), "2");
    CU_ASSERT_STRING_EQUAL(sexpr(x_ub->dims->next), "TILE");
    CU_ASSERT_PTR_NULL(x_ub->dims->next->next);
    CU_ASSERT_STRING_EQUAL(sexpr(nth_decl(p, 6)->at), "0");
    CU_ASSERT_STRING_EQUAL(sexpr(nth_decl(p, 7)->at), "2048");
}

static void check_access(const struct ast_stmt *s, const char *head, const char *opword,
                         int nwrites, int nreads, bool arrow)
{
    CU_ASSERT_EQUAL_FATAL(s->kind, STMT_ACCESS);
    CU_ASSERT_STRING_EQUAL(s->head, head);
    if (opword) {
        CU_ASSERT_STRING_EQUAL(s->opword, opword);
    } else {
        CU_ASSERT_PTR_NULL(s->opword);
    }
    CU_ASSERT_EQUAL(count_regions(s->writes), nwrites);
    CU_ASSERT_EQUAL(count_regions(s->reads), nreads);
    CU_ASSERT_EQUAL(s->has_arrow, arrow);
}

static void check_ascend_ifs(const struct ast_stmt *loop)
{
    const struct ast_stmt *let = nth_stmt(loop->body, 0), *if1 = nth_stmt(loop->body, 1);
    CU_ASSERT_EQUAL(let->kind, STMT_LET);
    CU_ASSERT_STRING_EQUAL(let->name, "s");
    CU_ASSERT_STRING_EQUAL(sexpr(let->value), "(% i 2)");
    assert_loc(let->loc, 13, 5, 3);

    CU_ASSERT_EQUAL_FATAL(if1->kind, STMT_IF);
    CU_ASSERT_STRING_EQUAL(sexpr(if1->cond), "(&& (> i 0) (!= i (- tiles 1)))");
    assert_loc(if1->cond->loc, 14, 9, 23);
    CU_ASSERT_TRUE(if1->has_else);
    CU_ASSERT_EQUAL_FATAL(count_stmts(if1->body), 1);
    CU_ASSERT_EQUAL(if1->body->kind, STMT_CALL);
    CU_ASSERT_STRING_EQUAL(if1->body->name, "wait_flag");
    CU_ASSERT_EQUAL(if1->body->nargs, 3);
    CU_ASSERT_STRING_EQUAL(sexpr(if1->body->args), "MTE2");
    CU_ASSERT_STRING_EQUAL(sexpr(if1->body->args->next->next), "s");
    CU_ASSERT_EQUAL_FATAL(count_stmts(if1->else_body), 1);
    CU_ASSERT_STRING_EQUAL(if1->else_body->name, "pipe_barrier");
    CU_ASSERT_STRING_EQUAL(sexpr(if1->else_body->args), "ALL");

    const struct ast_stmt *if2 = nth_stmt(loop->body, 2);
    CU_ASSERT_EQUAL(if2->cond->kind, EXPR_UNKNOWN);
    CU_ASSERT_TRUE(if2->has_else);
    CU_ASSERT_PTR_NULL(if2->else_body);
}

static void check_ascend_accesses(const struct ast_stmt *loop)
{
    const struct ast_stmt *copy = nth_stmt(loop->body, 3);
    check_access(copy, "MTE2", "copy", 1, 1, true);
    assert_loc(copy->loc, 16, 5, 42);   /* the whole statement */
    assert_loc(copy->head_loc, 16, 5, 4);
    assert_loc(copy->opword_loc, 16, 10, 4);
    const struct ast_region *w = copy->writes, *r = copy->reads;
    CU_ASSERT_STRING_EQUAL(w->buffer, "x_ub");
    assert_loc(w->loc, 16, 15, 7);
    CU_ASSERT_EQUAL(w->indices->kind, INDEX_SLOT);
    CU_ASSERT_STRING_EQUAL(sexpr(w->indices->a), "s");
    CU_ASSERT_PTR_NULL(w->indices->b);
    CU_ASSERT_STRING_EQUAL(r->buffer, "x_gm");
    assert_loc(r->loc, 16, 26, 20);
    assert_loc(r->name_loc, 16, 26, 4);
    assert_loc(r->indices->loc, 16, 30, 16);
    CU_ASSERT_EQUAL(r->indices->kind, INDEX_LEN);
    CU_ASSERT_STRING_EQUAL(sexpr(r->indices->a), "(* i TILE)");
    CU_ASSERT_STRING_EQUAL(sexpr(r->indices->b), "TILE");

    const struct ast_stmt *vadd = nth_stmt(loop->body, 4);
    check_access(vadd, "V", "vadd", 1, 2, true);
    CU_ASSERT_STRING_EQUAL(vadd->reads->next->buffer, "y_ub");

    const struct ast_stmt *get = nth_stmt(loop->body, 5);
    check_access(get, "S", NULL, 1, 1, true);
    CU_ASSERT_STRING_EQUAL(get->writes->buffer, "get_value");
    CU_ASSERT_PTR_NULL(get->writes->indices);
    const struct ast_index *ix = get->reads->indices;
    CU_ASSERT_EQUAL(ix->kind, INDEX_SLOT);
    CU_ASSERT_EQUAL(ix->next->kind, INDEX_LEN);
    CU_ASSERT_STRING_EQUAL(sexpr(ix->next->a), "0");
    CU_ASSERT_STRING_EQUAL(sexpr(ix->next->b), "4");

    check_access(nth_stmt(loop->body, 6), "V", "vdup", 1, 0, false);
    const struct ast_stmt *plain = nth_stmt(loop->body, 7);
    check_access(plain, "copy_gm_to_ubuf", NULL, 1, 1, true);
    CU_ASSERT_STRING_EQUAL(plain->writes->buffer, "x_ub");
    CU_ASSERT_EQUAL(nth_stmt(loop->body, 8)->kind, STMT_CALL);
    CU_ASSERT_EQUAL(count_stmts(loop->body), 9);
}

static void check_ascend_kernels(const struct ast_program *p)
{
    const struct ast_decl *single = nth_decl(p, 8);
    CU_ASSERT_FALSE(single->multicore);
    const struct ast_core *core = need(single->cores);
    CU_ASSERT_STRING_EQUAL(core->name, "add_custom");
    CU_ASSERT_PTR_NULL(core->type);
    CU_ASSERT_PTR_NULL(core->count);
    CU_ASSERT_PTR_NULL(core->next);
    assert_loc(core->loc, 11, 8, 10);
    CU_ASSERT_EQUAL(count_stmts(core->body), 2);

    const struct ast_stmt *loop = core->body;
    CU_ASSERT_EQUAL_FATAL(loop->kind, STMT_FOR);
    CU_ASSERT_STRING_EQUAL(loop->name, "i");
    CU_ASSERT_STRING_EQUAL(sexpr(loop->lo), "0");
    CU_ASSERT_STRING_EQUAL(sexpr(loop->hi), "tiles");
    CU_ASSERT_PTR_NULL(loop->step);
    check_ascend_ifs(loop);
    check_ascend_accesses(loop);
    const struct ast_stmt *stepped = loop->next;
    CU_ASSERT_STRING_EQUAL(sexpr(stepped->step), "2");
    CU_ASSERT_PTR_NULL(stepped->body);

    const struct ast_decl *multi = nth_decl(p, 9);
    CU_ASSERT_TRUE(multi->multicore);
    const struct ast_core *aic = need(multi->cores), *aiv = need(aic->next);
    CU_ASSERT_STRING_EQUAL(aic->name, "aic");
    CU_ASSERT_STRING_EQUAL(aic->type, "AIC");
    assert_loc(aic->type_loc, 26, 14, 3);
    CU_ASSERT_PTR_NULL(aic->count);
    CU_ASSERT_STRING_EQUAL(aiv->name, "aiv");
    CU_ASSERT_STRING_EQUAL(sexpr(aiv->count), "2");
    CU_ASSERT_STRING_EQUAL(aiv->type, "AIV");
    CU_ASSERT_PTR_NULL(aiv->next);
    check_access(aiv->body, "copy", NULL, 1, 1, true);
    CU_ASSERT_STRING_EQUAL(aiv->body->writes->buffer, "x");
    check_access(aiv->body->next, "S", NULL, 1, 0, false);
    CU_ASSERT_STRING_EQUAL(aiv->body->next->writes->buffer, "get_value");
}

static void test_ascend_example(void)
{
    struct parsed p;
    parse_text(&p, ascend_example);
    CU_ASSERT_EQUAL(p.diags.len, 0);
    CU_ASSERT_FATAL(p.prog != NULL);
    CU_ASSERT_PTR_EQUAL(p.prog->src, p.src);
    check_ascend_toplevel(p.prog);
    check_ascend_kernels(p.prog);
    parsed_free(&p);
}

/* ----------------------------------------------------------------- the Cambricon example */

static const char cambricon_example[] =
    "model \"mlu370\";\n"
    "param n in 1..5;\n"
    "buffer in_gdram  : GDRAM[n * 32768];\n"
    "buffer out_gdram : GDRAM[n * 32768];\n"
    "buffer ping      : NRAM[2][32768];\n"
    "kernel relu {\n"
    "  for i in 0..n+2 {\n"
    "    if (i >= 2)          { IO memcpy_async out_gdram[(i-2)*32768 +: 32768] <- ping[i % 2]; }\n"
    "    if (i >= 1 && i <= n){ COMPUTE bang_active_relu ping[(i-1) % 2] <- ping[(i-1) % 2]; }\n"
    "    if (i < n)           { IO memcpy_async ping[i % 2] <- in_gdram[i*32768 +: 32768]; }\n"
    "    sync_io_move_compute();\n"
    "  }\n"
    "}\n";

static void test_cambricon_example(void)
{
    struct parsed p;
    parse_text(&p, cambricon_example);
    CU_ASSERT_EQUAL(p.diags.len, 0);
    CU_ASSERT_STRING_EQUAL(nth_decl(p.prog, 0)->name, "mlu370");
    CU_ASSERT_STRING_EQUAL(nth_decl(p.prog, 4)->space, "NRAM");
    const struct ast_decl *k = nth_decl(p.prog, 5);
    CU_ASSERT_EQUAL_FATAL(k->kind, DECL_KERNEL);
    CU_ASSERT_PTR_NULL(k->next);
    const struct ast_stmt *loop = k->cores->body;
    CU_ASSERT_STRING_EQUAL(sexpr(loop->hi), "(+ n 2)");
    CU_ASSERT_EQUAL(count_stmts(loop->body), 4);

    const struct ast_stmt *out = nth_stmt(loop->body, 0)->body;
    check_access(out, "IO", "memcpy_async", 1, 1, true);
    CU_ASSERT_STRING_EQUAL(sexpr(out->writes->indices->a), "(* (- i 2) 32768)");
    CU_ASSERT_STRING_EQUAL(sexpr(out->reads->indices->a), "(% i 2)");

    const struct ast_stmt *if2 = nth_stmt(loop->body, 1);
    CU_ASSERT_STRING_EQUAL(sexpr(if2->cond), "(&& (>= i 1) (<= i n))");
    CU_ASSERT_FALSE(if2->has_else);
    check_access(if2->body, "COMPUTE", "bang_active_relu", 1, 1, true);

    const struct ast_stmt *sync = nth_stmt(loop->body, 3);
    CU_ASSERT_EQUAL(sync->kind, STMT_CALL);
    CU_ASSERT_EQUAL(sync->nargs, 0);
    CU_ASSERT_PTR_NULL(sync->args);
    parsed_free(&p);
}

/* ----------------------------------------------------------------- smaller shapes */

/* Single-statement branches, else-if chains and plain blocks. */
static void test_if_forms(void)
{
    struct parsed p;
    parse_text(&p, "kernel k {\n"
                   "  if (a) V vdup x; else if (b) { V vdup y; V vdup z; } else { }\n"
                   "  if (a) if (b) V vdup x; else V vdup y;\n"
                   "  { let q = 1; }\n"
                   "}\n");
    CU_ASSERT_EQUAL(p.diags.len, 0);
    const struct ast_stmt *chain = p.prog->decls->cores->body;
    CU_ASSERT_EQUAL(count_stmts(chain->body), 1);
    CU_ASSERT_EQUAL_FATAL(count_stmts(chain->else_body), 1);
    const struct ast_stmt *elif = chain->else_body;
    CU_ASSERT_EQUAL(elif->kind, STMT_IF);
    CU_ASSERT_EQUAL(count_stmts(elif->body), 2);
    CU_ASSERT_TRUE(elif->has_else);
    CU_ASSERT_PTR_NULL(elif->else_body);

    /* The else binds to the nearest if. */
    const struct ast_stmt *outer = chain->next;
    CU_ASSERT_FALSE(outer->has_else);
    CU_ASSERT_EQUAL(outer->body->kind, STMT_IF);
    CU_ASSERT_TRUE(outer->body->has_else);

    const struct ast_stmt *block = outer->next;
    CU_ASSERT_EQUAL(block->kind, STMT_BLOCK);
    CU_ASSERT_EQUAL(block->body->kind, STMT_LET);
    assert_loc(block->loc, 4, 3, 1);
    parsed_free(&p);
}

static void test_region_forms(void)
{
    struct parsed p;
    parse_text(&p, "kernel k { V op a, b[1], c[1:2], d[0 +: 4][2][3:4] <- e; }");
    CU_ASSERT_EQUAL(p.diags.len, 0);
    const struct ast_stmt *s = p.prog->decls->cores->body;
    check_access(s, "V", "op", 4, 1, true);
    const struct ast_region *a = s->writes, *b = a->next, *c = b->next, *d = c->next;
    CU_ASSERT_PTR_NULL(a->indices);
    assert_loc(a->loc, 1, 17, 1);
    CU_ASSERT_EQUAL(b->indices->kind, INDEX_SLOT);
    CU_ASSERT_EQUAL(c->indices->kind, INDEX_RANGE);
    CU_ASSERT_STRING_EQUAL(sexpr(c->indices->a), "1");
    CU_ASSERT_STRING_EQUAL(sexpr(c->indices->b), "2");
    const struct ast_index *ix = d->indices;
    CU_ASSERT_EQUAL(ix->kind, INDEX_LEN);
    CU_ASSERT_EQUAL(ix->next->kind, INDEX_SLOT);
    CU_ASSERT_EQUAL(ix->next->next->kind, INDEX_RANGE);
    CU_ASSERT_PTR_NULL(ix->next->next->next);
    assert_loc(d->loc, 1, 34, 17);
    parsed_free(&p);
}

/* Precedence and associativity, as a table of source → tree. */
static void test_expression_trees(void)
{
    static const struct {
        const char *src, *tree;
    } cases[] = {
        {"1 + 2 * 3", "(+ 1 (* 2 3))"},
        {"1 - 2 - 3", "(- (- 1 2) 3)"},
        {"(1 - 2) * 3", "(* (- 1 2) 3)"},
        {"a || b && c", "(|| a (&& b c))"},
        {"a | b ^ c & d", "(| a (^ b (& c d)))"},
        {"a == b < c", "(== a (< b c))"},
        {"a != b >= c", "(!= a (>= b c))"},
        {"a <= b > c", "(> (<= a b) c)"},
        {"a < b << c", "(< a (<< b c))"},
        {"a >> b + c", "(>> a (+ b c))"},
        {"a / b % c", "(% (/ a b) c)"},
        {"-a * !b", "(* (- a) (! b))"},
        {"- -a", "(- (- a))"},
        {"min(a, max(b, 1_000))", "(min a (max b 1000))"},
        {"0x_ff + 0XA", "(+ 255 10)"},
        {"9223372036854775807", "9223372036854775807"},
        {"?", "?"},
        {"coreid * ncores", "(* coreid ncores)"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char text[128];
        snprintf(text, sizeof(text), "const X = %s;", cases[i].src);
        struct parsed p;
        parse_text(&p, text);
        CU_ASSERT_EQUAL(p.diags.len, 0);
        if (p.prog->decls) {
            CU_ASSERT_STRING_EQUAL(sexpr(p.prog->decls->value), cases[i].tree);
            /* The root spans the whole expression as written. */
            assert_loc(p.prog->decls->value->loc, 1, 11, (int)strlen(cases[i].src));
        } else {
            CU_FAIL("no declaration");
        }
        parsed_free(&p);
    }
}

static void test_multiline_expression_loc(void)
{
    struct parsed p;
    parse_text(&p, "const X = 1 +\n  2;");
    CU_ASSERT_EQUAL(p.diags.len, 0);
    assert_loc(p.prog->decls->value->loc, 1, 11, 3);   /* underlined to the line's end */
    parsed_free(&p);
}

static void test_comments_and_utf8(void)
{
    struct parsed p;
    parse_text(&p, "// caf\xc3\xa9 \xff\n/* \xfe\n */ model \"caf\xc3\xa9\"; /**/ /***/");
    CU_ASSERT_EQUAL(p.diags.len, 0);
    CU_ASSERT_STRING_EQUAL(p.prog->decls->name, "caf\xc3\xa9");
    assert_loc(p.prog->decls->loc, 3, 5, 5);
    parsed_free(&p);
}

static void test_empty_input(void)
{
    struct parsed p;
    parse_text(&p, "");
    CU_ASSERT_EQUAL(p.diags.len, 0);
    CU_ASSERT_PTR_NOT_NULL(p.prog);
    CU_ASSERT_PTR_NULL(p.prog->decls);
    parsed_free(&p);
}

/* ----------------------------------------------------------------- errors */

struct error_case {
    const char *name;
    const char *src;
    size_t len;             /* 0: strlen(src) */
    const char *diags;      /* every finding, in order */
};

static const struct error_case error_cases[] = {
    {"missing ';' (one candidate)", "model \"x\"\nparam n = 1;", 0,
     "2:1+5: unexpected 'param', expecting ';' [syntax-error]"},
    {"missing ';' after an expression", "param n = 1\nconst X = 2;", 0,
     "2:1+5: unexpected 'const' [syntax-error]"},
    {"unexpected token", "kernel k {\n  for i 0..n { }\n}", 0,
     "2:9+1: unexpected integer, expecting 'in' [syntax-error]"},
    {"unexpected identifier", "buffer b UB[4];", 0,
     "1:10+2: unexpected identifier, expecting ':' [syntax-error]"},
    {"unexpected end of file", "kernel k { V vdup x;", 0,
     "1:21+1: unexpected end of file [syntax-error]"},
    {"bad character", "const X = 1;\n  $", 0,
     "2:3+1: unexpected character '$' [syntax-error]"},
    {"NUL byte", "const X = 1;\0const Y = 2;", 25,
     "1:13+1: unexpected character '\\x00' [syntax-error]"},
    {"non-ASCII outside strings", "const X\xc3\xa9 = 1;", 0,
     "1:8+2: unexpected character '\\xc3' [syntax-error]"},
    {"unterminated comment", "const X = 1;\n  /* never\nclosed", 0,
     "2:3+2: unterminated comment [syntax-error]"},
    {"unterminated string", "model \"abc\n;", 0,
     "1:7+4: unterminated string [syntax-error]"},
    {"invalid UTF-8 in a string", "model \"a\xff\";", 0,
     "1:9+1: invalid UTF-8 byte '\\xff' in string [syntax-error]"},
    {"integer too large", "const X = 9223372036854775808;", 0,
     "1:11+19: integer literal '9223372036854775808' does not fit in 64 bits [syntax-error]"},
    {"hex integer too large", "const X = 0x8000_0000_0000_0000;", 0,
     "1:11+21: integer literal '0x8000_0000_0000_0000' does not fit in 64 bits "
     "[syntax-error]"},
    {"bad integer", "const X = 12ab;", 0,
     "1:11+4: invalid integer literal '12ab' [syntax-error]"},
    {"unknown function", "const X = 1 + foo(2, 3);", 0,
     "1:15+3: unknown function 'foo' [syntax-error]"},
    {"min with one argument", "const X = min(2);", 0,
     "1:11+6: 'min' takes 2 arguments, not 1 [syntax-error]"},
    {"'<-' without regions", "kernel k { V vadd z <- ; }", 0,
     "1:24+1: unexpected ';', expecting identifier [syntax-error]"},
    {"buffer without dimensions", "buffer b : UB;", 0,
     "1:14+1: unexpected ';', expecting '[' [syntax-error]"},
    {"recovery at ';' and '}'",
     "kernel k {\n"
     "  let = 1;\n"                 /* recovered at ';' */
     "  for i in 0..4 { let y = ; }\n"
     "  V vdup x;\n"
     "  pipe_barrier(V V);\n"
     "}\n"
     "kernel j {\n"
     "  core a AIC { }\n"           /* recovered at '}' */
     "}\n"
     "const C = 3 3;\n",
     0,
     "2:7+1: unexpected '=', expecting identifier [syntax-error]\n"
     "3:27+1: unexpected ';' [syntax-error]\n"
     "5:18+1: unexpected identifier [syntax-error]\n"
     "8:10+3: unexpected identifier, expecting '[' or ':' [syntax-error]\n"
     "10:13+1: unexpected integer [syntax-error]"},
};

static void test_error_messages(void)
{
    for (size_t i = 0; i < sizeof(error_cases) / sizeof(error_cases[0]); i++) {
        const struct error_case *c = &error_cases[i];
        struct parsed p;
        parse_bytes(&p, c->src, c->len ? c->len : strlen(c->src), NULL);
        char *got = diag_text(&p.diags);
        if (strcmp(got, c->diags) != 0)
            fprintf(stderr, "\n%s:\n  want: %s\n  got:  %s\n", c->name, c->diags, got);
        CU_ASSERT_STRING_EQUAL(got, c->diags);
        CU_ASSERT_PTR_NOT_NULL(p.prog);
        free(got);
        parsed_free(&p);
    }
}

/* After the recovery, the declarations around the errors are still there. */
static void test_recovery_keeps_declarations(void)
{
    struct parsed p;
    parse_text(&p, "param n = 1 2;\nconst X = 3;\nkernel k { let = 1; V vdup x; }");
    CU_ASSERT_EQUAL(p.diags.errors, 2);
    const struct ast_decl *c = need(p.prog->decls);
    CU_ASSERT_STRING_EQUAL(c->name, "X");
    need(c->next);
    CU_ASSERT_EQUAL(c->next->kind, DECL_KERNEL);
    check_access(c->next->cores->body, "V", "vdup", 1, 0, false);
    parsed_free(&p);
}

static void test_too_many_errors(void)
{
    char text[2048] = "";
    for (int i = 0; i < 30; i++)
        strcat(text, "const X = ;\n");
    struct parsed p;
    parse_text(&p, text);
    CU_ASSERT_EQUAL_FATAL(p.diags.len, 21);
    for (size_t i = 0; i < 20; i++)
        CU_ASSERT_STRING_EQUAL(p.diags.items[i].message, "unexpected ';'");
    const struct finding *last = &p.diags.items[20];
    CU_ASSERT_STRING_EQUAL(last->message, "too many errors, stopping");
    CU_ASSERT_EQUAL(last->check, CHECK_SYNTAX_ERROR);
    CU_ASSERT_EQUAL(last->loc.line, 21);
    parsed_free(&p);
}

/* ----------------------------------------------------------------- limits */

static char *repeat(const char *head, const char *unit, int n, const char *middle,
                    const char *close, const char *tail)
{
    size_t size = strlen(head) + (strlen(unit) + strlen(close)) * (size_t)n + strlen(middle)
                  + strlen(tail) + 1;
    char *s = xmalloc(size);
    size_t at = 0;
    const char *parts[] = {head, unit, middle, close, tail};
    int counts[] = {1, n, 1, n, 1};
    for (int p = 0; p < 5; p++) {
        size_t len = strlen(parts[p]);
        for (int i = 0; i < counts[p]; i++, at += len)
            memcpy(s + at, parts[p], len);
    }
    s[at] = '\0';
    return s;
}

static void expect_single(const char *text, const struct parse_limits *limits,
                          const char *want)
{
    struct parsed p;
    parse_bytes(&p, text, strlen(text), limits);
    char *got = diag_text(&p.diags);
    CU_ASSERT_STRING_EQUAL(got, want);
    free(got);
    parsed_free(&p);
}

static void test_deep_parentheses(void)
{
    char *text = repeat("const X = ", "(", 100000, "1", ")", ";");
    expect_single(text, NULL,
                  "1:1011+1: nesting deeper than 1000 levels (--max-depth) [limit-exceeded]");
    free(text);
    text = repeat("const X = ", "(", 999, "1", ")", ";");
    expect_single(text, NULL, "");
    free(text);
}

static void test_deep_blocks(void)
{
    char *text = repeat("kernel k ", "{", 100000, "", "}", "");
    expect_single(text, NULL,
                  "1:1010+1: nesting deeper than 1000 levels (--max-depth) [limit-exceeded]");
    free(text);
    struct parse_limits limits = {0, 10};
    text = repeat("kernel k { for i in 0..2 ", "{", 10, "", "}", "}");
    expect_single(text, &limits,
                  "1:35+1: nesting deeper than 10 levels (--max-depth) [limit-exceeded]");
    free(text);
}

/* Nesting without brackets: operator chains and single-statement ifs. */
static void test_deep_without_brackets(void)
{
    char *text = repeat("const X = ", "-", 100000, "1", "", ";");
    expect_single(text, NULL,
                  "1:1011+99001: nesting deeper than 1000 levels (--max-depth) "
                  "[limit-exceeded]");
    free(text);
    text = repeat("const X = 1", "+1", 100000, "", "", ";");
    expect_single(text, NULL,
                  "1:11+198001: nesting deeper than 1000 levels (--max-depth) "
                  "[limit-exceeded]");
    free(text);
    text = repeat("kernel k { ", "if (1) ", 100000, "V vdup x;", "", " }");
    struct parsed p;
    parse_text(&p, text);
    CU_ASSERT_EQUAL(p.diags.len, 1);
    CU_ASSERT_EQUAL(p.diags.items[0].check, CHECK_LIMIT_EXCEEDED);
    parsed_free(&p);
    free(text);
}

static void test_max_tokens(void)
{
    struct parse_limits limits = {5, 0};
    expect_single("const X = 1;", &limits, "");
    expect_single("const X = 1 + 2;", &limits,
                  "1:15+1: more than 5 tokens (--max-tokens) [limit-exceeded]");
}

void register_suites(void)
{
    CU_pSuite s = CU_add_suite("parse", NULL, NULL);
    CU_add_test(s, "ascend example", test_ascend_example);
    CU_add_test(s, "cambricon example", test_cambricon_example);
    CU_add_test(s, "if forms", test_if_forms);
    CU_add_test(s, "region forms", test_region_forms);
    CU_add_test(s, "expression trees", test_expression_trees);
    CU_add_test(s, "multi-line expression location", test_multiline_expression_loc);
    CU_add_test(s, "comments and UTF-8", test_comments_and_utf8);
    CU_add_test(s, "empty input", test_empty_input);
    CU_add_test(s, "error messages", test_error_messages);
    CU_add_test(s, "recovery keeps declarations", test_recovery_keeps_declarations);
    CU_add_test(s, "too many errors", test_too_many_errors);
    CU_add_test(s, "deep parentheses", test_deep_parentheses);
    CU_add_test(s, "deep blocks", test_deep_blocks);
    CU_add_test(s, "deep without brackets", test_deep_without_brackets);
    CU_add_test(s, "max tokens", test_max_tokens);
}

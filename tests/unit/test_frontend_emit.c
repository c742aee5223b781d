/* CUnit suite for auto-sync's tracking across the two sides of a condition on data
 * (src/frontend/pir/emit_join.c): the sync a later access needs is written once when every
 * path needs it, nothing when none does, and a join whose sync would depend on the side taken
 * is reported with its tag (the frontend then lowers that condition as runs); and for the
 * byte ranges that stand in for the scan of unordered accesses (emit_window.c): the syncs
 * are the scan's. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "frontend/pir/emit.h"
#include "model/model.h"

/* S and V, ordered by the compiler both ways (flag 7), and V after V (pipe_barrier(V)), as the
 * 910B2 model's <auto-sync>. */
static const char *auto_src[] = {"S", "V", "V"}, *auto_dst[] = {"V", "S", "V"};
static bool by_barrier[] = {false, false, false};

struct fixture {
    struct pir_writer w;
    struct model_source ms;
    struct emitter *e;
    int ub;
    uint32_t diverged;  /* the last tag reported, 0: none */
};

static void on_diverged(void *ctx, uint32_t tag)
{
    ((struct fixture *)ctx)->diverged = tag;
}

static void setup(struct fixture *f)
{
    memset(f, 0, sizeof(*f));
    pir_writer_init(&f->w);
    f->ms.auto_src = auto_src;
    f->ms.auto_dst = auto_dst;
    f->ms.nauto_pairs = 3;
    f->ms.auto_sync_id = 7;
    f->ms.auto_signal = "auto_set_flag";
    f->ms.auto_wait = "auto_wait_flag";
    f->ms.auto_by_barrier = by_barrier;
    f->e = emitter_new(&f->w, &f->ms, true);
    f->ub = pir_writer_buffer(&f->w, "t", "UB", 256, 0, (struct as_loc){0}, NULL);
    emitter_on_diverged(f->e, on_diverged, f);
}

static void teardown(struct fixture *f)
{
    emitter_free(f->e);
    pir_writer_free(&f->w);
}

static void write_s(struct fixture *f, int64_t offset)
{
    struct emit_region r = {f->ub, offset, 4};
    emit_access(f->e, (struct as_loc){0}, "S", "set_value", &r, NULL, 0);
}

static void read_v(struct fixture *f, int64_t offset, int64_t length)
{
    struct emit_region r = {f->ub, offset, length};
    emit_access(f->e, (struct as_loc){0}, "V", "vabs", NULL, &r, 1);
}

static void write_v(struct fixture *f, int64_t offset, int64_t length)
{
    struct emit_region r = {f->ub, offset, length};
    emit_access(f->e, (struct as_loc){0}, "V", "vdup", &r, NULL, 0);
}

/* Lines written that hold `text`. */
static int lines_with(struct fixture *f, const char *text)
{
    fflush(f->w.body);
    int n = 0;
    for (const char *p = f->w.body_text; p && (p = strstr(p, text)); p += strlen(text))
        n++;
    return n;
}

/* `if (?) { then } else { other }` as the frontend follows it: true if the join held. */
static bool choice(struct fixture *f, void (*then)(struct fixture *), void (*other)(struct fixture *),
                   uint32_t tag)
{
    struct emit_saved *at = emitter_save(f->e);
    if (then)
        then(f);
    struct emit_side *side = emitter_take_side(f->e, at);
    if (other)
        other(f);
    bool joined = emitter_join(f->e, at, side, tag);
    emit_side_free(side);
    emit_saved_free(at);
    return joined;
}

static void store_0(struct fixture *f) { write_s(f, 0); }
static void store_64(struct fixture *f) { write_s(f, 64); }

static void test_join_same_store(void)
{
    /* both sides store the same word: one access, open on every path: the Vabs that reads it
     * is ordered after it, once, and nothing depends on the side */
    struct fixture f;
    setup(&f);
    CU_ASSERT_TRUE(choice(&f, store_0, store_0, 1));
    read_v(&f, 0, 32);
    CU_ASSERT_EQUAL(lines_with(&f, "auto_set_flag(S, V, 7)"), 1);
    CU_ASSERT_EQUAL(f.diverged, 0);
    teardown(&f);
}

static void test_join_one_sided_store(void)
{
    /* a store on one side only: a read of other bytes needs nothing on any path; a read of
     * the stored word needs the sync on one path and not the other: reported, tag 3 */
    struct fixture f;
    setup(&f);
    CU_ASSERT_TRUE(choice(&f, store_0, NULL, 3));
    read_v(&f, 128, 32);
    CU_ASSERT_EQUAL(f.diverged, 0);
    CU_ASSERT_EQUAL(lines_with(&f, "auto_set_flag"), 0);
    read_v(&f, 0, 32);
    CU_ASSERT_EQUAL(f.diverged, 3);
    teardown(&f);
}

static void test_join_certain_and_maybe(void)
{
    /* a store before the choice is open on every path: a read that conflicts with it and
     * with one side's store is synced on every path, no matter the side */
    struct fixture f;
    setup(&f);
    write_s(&f, 0);
    CU_ASSERT_TRUE(choice(&f, store_64, NULL, 2));
    read_v(&f, 0, 128);
    CU_ASSERT_EQUAL(lines_with(&f, "auto_set_flag(S, V, 7)"), 1);
    CU_ASSERT_EQUAL(f.diverged, 0);
    teardown(&f);
}

static void read_0(struct fixture *f) { read_v(f, 0, 32); }

static void test_join_ordered_on_one_side(void)
{
    /* a store before the choice, synced on the side whose read needs it: after the join it is
     * ordered on one path only, so a later read of it would depend on the side */
    struct fixture f;
    setup(&f);
    write_s(&f, 0);
    CU_ASSERT_TRUE(choice(&f, read_0, NULL, 4));
    CU_ASSERT_EQUAL(lines_with(&f, "auto_set_flag(S, V, 7)"), 1);  /* inside the side */
    read_v(&f, 0, 32);
    CU_ASSERT_EQUAL(f.diverged, 4);
    teardown(&f);
}

static void dup_0(struct fixture *f) { write_v(f, 0, 32); }

static void test_join_own_unit_barrier(void)
{
    /* a vector write on one side, a vector read of it after the join: the barrier of V's own
     * is written on every path (it orders nothing but V among itself), nothing reported */
    struct fixture f;
    setup(&f);
    CU_ASSERT_TRUE(choice(&f, dup_0, NULL, 6));
    read_v(&f, 0, 32);
    CU_ASSERT_EQUAL(lines_with(&f, "pipe_barrier(V)"), 1);
    CU_ASSERT_EQUAL(f.diverged, 0);
    teardown(&f);
}

static void test_take_side_goes_back(void)
{
    /* the second side starts from the state before the first: the first side's store is not
     * there to be synced against */
    struct fixture f;
    setup(&f);
    struct emit_saved *at = emitter_save(f.e);
    write_s(&f, 0);
    struct emit_side *side = emitter_take_side(f.e, at);
    read_v(&f, 0, 32);
    CU_ASSERT_EQUAL(lines_with(&f, "auto_set_flag"), 0);
    emit_side_free(side);
    emit_saved_free(at);
    teardown(&f);
}

static void set_flag_v_s(struct fixture *f)
{
    emit_flag(f->e, (struct as_loc){0}, true, "V", "S", 1);
}

static void test_join_refuses_one_sided_set(void)
{
    /* a flag set on one side and waited after the join orders different accesses on each path:
     * the sides do not join */
    struct fixture f;
    setup(&f);
    CU_ASSERT_FALSE(choice(&f, set_flag_v_s, NULL, 5));
    teardown(&f);
}

static void access_on(struct fixture *f, const char *unit, bool write, int buffer,
                      int64_t offset, int64_t length)
{
    struct emit_region r = {buffer, offset, length};
    emit_access(f->e, (struct as_loc){0}, unit, write ? "w" : "r", write ? &r : NULL,
                write ? NULL : &r, write ? 0 : 1);
}

static void test_window_many_stores(void)
{
    /* a thousand scalar stores, 4 bytes each 8 apart, none ordered before V: a vector read
     * of the gaps between them needs nothing, one of a stored word the one sync, and after
     * it a read of any of them nothing more */
    struct fixture f;
    setup(&f);
    int big = pir_writer_buffer(&f.w, "big", "UB", 8192, -1, (struct as_loc){0}, NULL);
    for (int i = 0; i < 1000; i++)
        access_on(&f, "S", true, big, 8 * i, 4);
    access_on(&f, "V", false, big, 4, 4);
    access_on(&f, "V", false, big, 8 * 999 + 4, 4);
    CU_ASSERT_EQUAL(lines_with(&f, "auto_set_flag"), 0);
    access_on(&f, "V", false, big, 8 * 500 + 2, 4);
    CU_ASSERT_EQUAL(lines_with(&f, "auto_set_flag(S, V, 7)"), 1);
    access_on(&f, "V", false, big, 0, 8192);
    CU_ASSERT_EQUAL(lines_with(&f, "auto_set_flag(S, V, 7)"), 1);
    /* reads do not conflict with reads */
    access_on(&f, "S", false, big, 0, 4);
    access_on(&f, "V", false, big, 0, 4);
    CU_ASSERT_EQUAL(lines_with(&f, "auto_set_flag(S, V, 7)"), 1);
    access_on(&f, "V", true, big, 0, 4);
    CU_ASSERT_EQUAL(lines_with(&f, "auto_set_flag(S, V, 7)"), 2);
    teardown(&f);
}

static void test_window_placed_buffers(void)
{
    /* two buffers placed in UB meet at their addresses: t at 0 (256 bytes) and q at 128; a
     * store to t's bytes 130..133 is q's bytes 2..5 */
    struct fixture f;
    setup(&f);
    int q = pir_writer_buffer(&f.w, "q", "UB", 128, 128, (struct as_loc){0}, NULL);
    access_on(&f, "S", true, f.ub, 200, 4);     /* q's 72..75 */
    access_on(&f, "V", false, q, 16, 8);
    CU_ASSERT_EQUAL(lines_with(&f, "auto_set_flag"), 0);
    access_on(&f, "S", true, f.ub, 130, 4);
    access_on(&f, "V", false, q, 0, 8);
    CU_ASSERT_EQUAL(lines_with(&f, "auto_set_flag(S, V, 7)"), 1);
    teardown(&f);
}

static void test_window_after_wait(void)
{
    /* a wait orders what came before its set, not what came after: the window starts again
     * from the set */
    struct fixture f;
    setup(&f);
    write_s(&f, 0);
    emit_flag(f.e, (struct as_loc){0}, true, "S", "V", 1);
    write_s(&f, 64);
    emit_flag(f.e, (struct as_loc){0}, false, "S", "V", 1);
    read_v(&f, 0, 4);
    CU_ASSERT_EQUAL(lines_with(&f, "auto_set_flag"), 0);
    read_v(&f, 64, 4);
    CU_ASSERT_EQUAL(lines_with(&f, "auto_set_flag(S, V, 7)"), 1);
    teardown(&f);
}

static void test_window_anywhere(void)
{
    /* a store at an offset data decides may be any byte of a buffer that grows: any read of
     * it conflicts */
    struct fixture f;
    setup(&f);
    int g = pir_writer_buffer(&f.w, "g", "UB", 0, -1, (struct as_loc){0}, NULL);
    access_on(&f, "S", true, g, EMIT_WHOLE_BUFFER, 4);
    access_on(&f, "V", false, g, 1 << 20, 4);
    CU_ASSERT_EQUAL(lines_with(&f, "auto_set_flag(S, V, 7)"), 1);
    teardown(&f);
}

/* ---- the issuer's syncs on every path (model_source.auto_issuer) ---- */

static const char *core_spaces[] = {"UB", NULL};

/* The fixture, on a model whose syncs out of S hide nothing of the core where a path did not
 * need them. */
static void setup_issuer(struct fixture *f)
{
    setup(f);
    emitter_free(f->e);
    f->ms.auto_issuer = "S";
    f->ms.core_spaces = core_spaces;
    f->e = emitter_new(&f->w, &f->ms, true);
    emitter_on_diverged(f->e, on_diverged, f);
}

static void test_issuer_one_sided_store(void)
{
    /* a store on one side, a read of it after the join: the sync out of S is written on
     * every path, nothing reported; a second read needs nothing more */
    struct fixture f;
    setup_issuer(&f);
    CU_ASSERT_TRUE(emitter_orders_issuer(f.e));
    CU_ASSERT_TRUE(choice(&f, store_0, NULL, 3));
    read_v(&f, 0, 32);
    CU_ASSERT_EQUAL(lines_with(&f, "auto_set_flag(S, V, 7)"), 1);
    CU_ASSERT_EQUAL(f.diverged, 0);
    read_v(&f, 0, 32);
    CU_ASSERT_EQUAL(lines_with(&f, "auto_set_flag(S, V, 7)"), 1);
    teardown(&f);
}

static void test_issuer_pair_into_it(void)
{
    /* a vector write on one side, a scalar read of it after the join: the pair into S stops
     * issue, but on the path that made no write V ran nothing it would order: written on every
     * path. With a vector write before the choice that the read does not touch, still open, the
     * pair would order that write before everything later on that path: reported */
    struct fixture f;
    setup_issuer(&f);
    CU_ASSERT_TRUE(choice(&f, dup_0, NULL, 5));
    access_on(&f, "S", false, f.ub, 0, 4);
    CU_ASSERT_EQUAL(lines_with(&f, "auto_set_flag(V, S, 7)"), 1);
    CU_ASSERT_EQUAL(f.diverged, 0);
    teardown(&f);
    setup_issuer(&f);
    write_v(&f, 128, 32);
    CU_ASSERT_TRUE(choice(&f, dup_0, NULL, 6));
    access_on(&f, "S", false, f.ub, 0, 4);
    CU_ASSERT_EQUAL(f.diverged, 6);
    teardown(&f);
}

static void test_issuer_shared_store_leaves_core(void)
{
    /* a scalar store to GM before the choice, a store to UB on one side: the sync out of S a
     * read of the UB word needs is written on every path, and orders the GM store there too,
     * which another core could see through a cross-core signal: reported at the signal (not
     * at a cross-core wait, which carries nothing off the core) */
    struct fixture f;
    setup_issuer(&f);
    int gm = pir_writer_buffer(&f.w, "z", "GM", 256, -1, (struct as_loc){0}, NULL);
    access_on(&f, "S", true, gm, 0, 4);
    CU_ASSERT_TRUE(choice(&f, store_64, NULL, 7));
    read_v(&f, 64, 4);
    CU_ASSERT_EQUAL(lines_with(&f, "auto_set_flag(S, V, 7)"), 1);
    CU_ASSERT_EQUAL(f.diverged, 0);
    emit_cross_flag(f.e, (struct as_loc){0}, false, "S", 0, 3);
    CU_ASSERT_EQUAL(f.diverged, 0);
    emit_cross_flag(f.e, (struct as_loc){0}, true, "V", 0, 3);
    CU_ASSERT_EQUAL(f.diverged, 7);
    teardown(&f);
}

static void test_issuer_core_store_stays(void)
{
    /* the same with the earlier store in UB: a cross-core signal carries nothing the runs
     * would not order, nothing reported */
    struct fixture f;
    setup_issuer(&f);
    write_s(&f, 128);
    CU_ASSERT_TRUE(choice(&f, store_64, NULL, 8));
    read_v(&f, 64, 4);
    emit_sync_all(f.e, (struct as_loc){0}, "sync_all");
    CU_ASSERT_EQUAL(f.diverged, 0);
    teardown(&f);
}

static void read_s_0(struct fixture *f) { access_on(f, "S", false, f->ub, 0, 4); }

static void test_into_issuer_same_access(void)
{
    /* a vector write, read by the scalar unit on one side (synced there): a later scalar read
     * of it needs the pair into S on the other path only; on the path that read it already,
     * the write is the only access of V the pair would order, and ordered already: written on
     * every path */
    struct fixture f;
    setup_issuer(&f);
    write_v(&f, 0, 32);
    CU_ASSERT_TRUE(choice(&f, read_s_0, NULL, 9));
    CU_ASSERT_EQUAL(lines_with(&f, "auto_set_flag(V, S, 7)"), 1);
    read_s_0(&f);
    CU_ASSERT_EQUAL(lines_with(&f, "auto_set_flag(V, S, 7)"), 2);
    CU_ASSERT_EQUAL(f.diverged, 0);
    teardown(&f);
}

static void test_into_issuer_other_access(void)
{
    /* the same with a second vector write the read does not touch: on the path that needs no
     * sync the pair would order that write before everything later: reported */
    struct fixture f;
    setup_issuer(&f);
    write_v(&f, 0, 32);
    CU_ASSERT_TRUE(choice(&f, read_s_0, NULL, 10));
    write_v(&f, 128, 32);
    read_s_0(&f);
    CU_ASSERT_EQUAL(f.diverged, 10);
    teardown(&f);
}

static void test_into_issuer_after_wait(void)
{
    /* the same write alone, but a wait entered V's queue after it: what the wait brings in
     * would be ordered by the pair on the path that needs none: reported */
    struct fixture f;
    setup_issuer(&f);
    write_v(&f, 0, 32);
    CU_ASSERT_TRUE(choice(&f, read_s_0, NULL, 11));
    emit_flag(f.e, (struct as_loc){0}, false, "S", "V", 2);
    read_s_0(&f);
    CU_ASSERT_EQUAL(f.diverged, 11);
    teardown(&f);
}

void register_suites(void)
{
    CU_pSuite s = CU_add_suite("frontend_emit", NULL, NULL);
    CU_add_test(s, "join: the same store on both sides", test_join_same_store);
    CU_add_test(s, "join: a store on one side", test_join_one_sided_store);
    CU_add_test(s, "join: a store on every path and one on one side", test_join_certain_and_maybe);
    CU_add_test(s, "join: ordered on one side only", test_join_ordered_on_one_side);
    CU_add_test(s, "join: a barrier of the unit's own", test_join_own_unit_barrier);
    CU_add_test(s, "take side: back to the state before it", test_take_side_goes_back);
    CU_add_test(s, "join: a flag set on one side", test_join_refuses_one_sided_set);
    CU_add_test(s, "window: a thousand stores, reads between them", test_window_many_stores);
    CU_add_test(s, "window: placed buffers meet at their addresses", test_window_placed_buffers);
    CU_add_test(s, "window: from a wait's set on", test_window_after_wait);
    CU_add_test(s, "window: an offset data decides", test_window_anywhere);
    CU_add_test(s, "issuer: a store on one side", test_issuer_one_sided_store);
    CU_add_test(s, "issuer: a pair into it", test_issuer_pair_into_it);
    CU_add_test(s, "issuer: a GM store, then a cross-core signal", test_issuer_shared_store_leaves_core);
    CU_add_test(s, "issuer: a UB store, then a cross-core barrier", test_issuer_core_store_stays);
    CU_add_test(s, "into the issuer: the access synced on one side", test_into_issuer_same_access);
    CU_add_test(s, "into the issuer: another access to order", test_into_issuer_other_access);
    CU_add_test(s, "into the issuer: a wait after it", test_into_issuer_after_wait);
}

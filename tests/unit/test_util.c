/* CUnit suite for the small helpers of src/util/ that keep hostile input cheap and output
 * well-formed (UTF-8 validation and repair, the integer-tuple hash map) and the searches the
 * engine leans on (the galloping partition point, the span index). */
#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "util/diag.h"
#include "util/escape.h"
#include "util/key_map.h"
#include "util/nearest.h"
#include "util/search.h"
#include "util/span_index.h"
#include "util/utf8.h"

static size_t seq(const char *s)
{
    return utf8_sequence((const unsigned char *)s, strlen(s) ? strlen(s) : 1);
}

/* Findings at one place are one, hazards whatever their words; limits are one only when their
 * messages are the same (two kernels of one source template each stopped by its own limit). */
static void test_diag_repeats(void)
{
    struct diag_list d;
    diag_list_init(&d, 0);
    struct as_loc at = {"k.mlu", 143, 1, 0};
    struct finding race = {.check = CHECK_RAW_HAZARD, .severity = SEV_ERROR, .message = "a",
                           .loc = at, .kernel = "k"};
    CU_ASSERT_PTR_NOT_NULL(diag_add(&d, &race));
    race.message = "b";
    CU_ASSERT_PTR_NULL(diag_add(&d, &race));
    struct finding paths = {.check = CHECK_LIMIT_EXCEEDED, .severity = SEV_ERROR,
                            .message = "kernel 'k_union2' has more than 4096 paths", .loc = at};
    struct finding pairs = paths;
    pairs.message = "the file's hazard searches compared more than 400000000 pairs";
    CU_ASSERT_PTR_NOT_NULL(diag_add(&d, &paths));
    CU_ASSERT_PTR_NOT_NULL(diag_add(&d, &pairs));
    CU_ASSERT_PTR_NULL(diag_add(&d, &pairs));
    CU_ASSERT_EQUAL(d.len, 3);
    diag_list_free(&d);
}

/* Suggestions: a slip of a character or two finds the name; a different word finds none. */
static void test_nearest_name(void)
{
    static const char *const names[] = {"vadd", "vadds", "vmul", NULL, "vdup", "get_value"};
    CU_ASSERT_STRING_EQUAL(nearest_name("vaddd", names, 6), "vadd");
    CU_ASSERT_STRING_EQUAL(nearest_name("vmlu", names, 6), "vmul");      /* swapped letters */
    CU_ASSERT_STRING_EQUAL(nearest_name("get_vaule", names, 6), "get_value");
    CU_ASSERT_PTR_NULL(nearest_name("frobnicate", names, 6));
    CU_ASSERT_PTR_NULL(nearest_name("x", names, 0));
}

static void test_utf8_sequence(void)
{
    CU_ASSERT_EQUAL(seq("a"), 1);
    CU_ASSERT_EQUAL(seq("\xc3\xa9"), 2);            /* é */
    CU_ASSERT_EQUAL(seq("\xe2\x82\xac"), 3);        /* € */
    CU_ASSERT_EQUAL(seq("\xf0\x9f\x98\x80"), 4);    /* U+1F600 */
    CU_ASSERT_EQUAL(seq("\x80"), 0);                /* stray continuation byte */
    CU_ASSERT_EQUAL(seq("\xc0\x80"), 0);            /* overlong NUL */
    CU_ASSERT_EQUAL(seq("\xe0\x80\xaf"), 0);        /* overlong '/' */
    CU_ASSERT_EQUAL(seq("\xed\xa0\x80"), 0);        /* surrogate */
    CU_ASSERT_EQUAL(seq("\xf4\x90\x80\x80"), 0);    /* past U+10FFFF */
    CU_ASSERT_EQUAL(seq("\xe2\x82"), 0);            /* cut short */
    CU_ASSERT_EQUAL(seq("\xff"), 0);
}

static void test_utf8_repair(void)
{
    char *owned;
    const char *valid = "caf\xc3\xa9";
    CU_ASSERT_PTR_EQUAL(utf8_repair(valid, &owned), valid);
    CU_ASSERT_PTR_NULL(owned);
    const char *fixed = utf8_repair("a\xff" "b\xe2\x82", &owned);
    CU_ASSERT_PTR_NOT_NULL(owned);
    CU_ASSERT_STRING_EQUAL(fixed, "a\xef\xbf\xbd" "b\xef\xbf\xbd\xef\xbf\xbd");
    free(owned);
}

/* Many keys that differ in one component each, through several growths. */
static void test_key_map(void)
{
    struct key_map m = {0};
    enum { N = 20000 };
    for (int i = 0; i < N; i++) {
        const int64_t key[KEY_MAP_WIDTH] = {i % 7, i, -i, (int64_t)i << 40};
        CU_ASSERT_EQUAL(key_map_get_or_put(&m, key, i), i);
    }
    CU_ASSERT_EQUAL(m.len, N);
    for (int i = 0; i < N; i += 997) {
        const int64_t key[KEY_MAP_WIDTH] = {i % 7, i, -i, (int64_t)i << 40};
        CU_ASSERT_EQUAL(key_map_get_or_put(&m, key, -5 + N), i);   /* found, not put */
    }
    const int64_t fresh[KEY_MAP_WIDTH] = {0, 0, 0, 1};
    CU_ASSERT_EQUAL(key_map_get_or_put(&m, fresh, N), N);
    CU_ASSERT_EQUAL(m.len, N + 1);
    key_map_free(&m);
    CU_ASSERT_PTR_NULL(m.slots);
}

static bool below_bound(size_t i, const void *ctx)
{
    return i < *(const size_t *)ctx;
}

/* The galloping search finds the same point as the plain one from every hint. */
static void test_partition_point_near(void)
{
    for (size_t lo = 0; lo < 4; lo++)
        for (size_t hi = lo; hi < 40; hi += 3)
            for (size_t point = lo; point <= hi; point++)
                for (size_t hint = 0; hint <= hi + 2; hint++)
                    CU_ASSERT_EQUAL(partition_point_near(lo, hi, hint, below_bound, &point), point);
}

struct seen {
    size_t payloads[64];
    size_t n;
};

static void remember(void *ctx, const struct span *s)
{
    struct seen *x = ctx;
    if (x->n < 64)
        x->payloads[x->n++] = s->payload;
}

/* Built entry by entry or appended and sealed, across several blocks and growths: visit and
 * last answer as a scan of the entries does. */
static void test_span_index(void)
{
    enum { N = 200 };
    struct span_index added = {0}, sealed = {0};
    struct span_bounds bytes[N];
    span_index_reserve(&sealed, 7);   /* grows past a reservation too */
    for (size_t i = 0; i < N; i++) {
        bytes[i].lo = (int64_t)(i * 37 % 101);
        bytes[i].hi = bytes[i].lo + (int64_t)(i % 5);   /* some empty */
        span_index_add(&added, &bytes[i], i, (int32_t)(i / 3));
        span_index_append(&sealed, &bytes[i], i, (int32_t)(i / 3));
    }
    span_index_seal(&sealed);
    const struct span_index *both[] = {&added, &sealed};
    for (int k = 0; k < 2; k++) {
        const struct span_index *x = both[k];
        CU_ASSERT_EQUAL(x->len, N);
        for (int64_t lo = 0; lo < 110; lo += 9) {
            int64_t hi = lo + 4;
            size_t from = lo % 2 ? 20 : 40, to = lo % 2 ? 150 : 60;   /* by the tree, by a scan */
            struct seen got = {0}, want = {0};
            span_index_visit(x, from, to, lo, hi, remember, &got);
            for (size_t i = from; i < to; i++)
                if (bytes[x->items[i].payload].lo < hi && lo < bytes[x->items[i].payload].hi && want.n < 64)
                    want.payloads[want.n++] = i;
            CU_ASSERT_EQUAL(got.n, want.n);
            CU_ASSERT_EQUAL(memcmp(got.payloads, want.payloads, want.n * sizeof(size_t)), 0);
            const struct span *last = span_index_last(x, 120, lo, hi);
            size_t expect = SIZE_MAX;
            for (size_t i = 0; i < 120; i++)
                if (bytes[x->items[i].payload].lo < hi && lo < bytes[x->items[i].payload].hi)
                    expect = i;
            CU_ASSERT_EQUAL(last ? last->payload : SIZE_MAX, expect);
        }
        for (int32_t key = -1; key < N / 3 + 2; key++) {
            size_t first = 0;
            while (first < x->len && x->items[first].key <= key)
                first++;
            CU_ASSERT_EQUAL(span_index_first_after_near(x, key, (size_t)(key * 7 % N)), first);
        }
    }
    span_index_free(&added);
    span_index_free(&sealed);
}

/* Control bytes of printed names are spelled out; printable bytes and UTF-8 text are not. */
static void test_fputs_escaped(void)
{
    static const struct {
        const char *in, *out;
    } cases[] = {
        {"k.pir", "k.pir"},
        {"a\nb.pir: error: x", "a\\x0ab.pir: error: x"},
        {"\x1b[2J\x07\t\r\x7f", "\\x1b[2J\\x07\\x09\\x0d\\x7f"},
        {"caf\xc3\xa9 \xe2\x86\x92", "caf\xc3\xa9 \xe2\x86\x92"},   /* UTF-8 stays */
        {"\xc2\x9b" "31m \xc2\xa0", "\\xc2\\x9b" "31m \xc2\xa0"},  /* C1 CSI, not NBSP */
        {"back\\slash", "back\\slash"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char buf[128] = {0};
        FILE *f = fmemopen(buf, sizeof(buf) - 1, "w");
        CU_ASSERT_EQUAL(fputs_escaped(cases[i].in, f), 0);
        fclose(f);
        CU_ASSERT_STRING_EQUAL(buf, cases[i].out);
    }
}

void register_suites(void)
{
    CU_pSuite s = CU_add_suite("util", NULL, NULL);
    CU_add_test(s, "utf8_sequence", test_utf8_sequence);
    CU_add_test(s, "utf8_repair", test_utf8_repair);
    CU_add_test(s, "key_map", test_key_map);
    CU_add_test(s, "diag repeats", test_diag_repeats);
    CU_add_test(s, "nearest_name", test_nearest_name);
    CU_add_test(s, "partition_point_near", test_partition_point_near);
    CU_add_test(s, "span_index", test_span_index);
    CU_add_test(s, "fputs_escaped", test_fputs_escaped);
}

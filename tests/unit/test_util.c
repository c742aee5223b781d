/* CUnit suite for the small helpers of src/util/ that keep hostile input cheap and output
 * well-formed: UTF-8 validation and repair, and the integer-tuple hash map. */
#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "util/key_map.h"
#include "util/nearest.h"
#include "util/utf8.h"

static size_t seq(const char *s)
{
    return utf8_sequence((const unsigned char *)s, strlen(s) ? strlen(s) : 1);
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

void register_suites(void)
{
    CU_pSuite s = CU_add_suite("util", NULL, NULL);
    CU_add_test(s, "utf8_sequence", test_utf8_sequence);
    CU_add_test(s, "utf8_repair", test_utf8_repair);
    CU_add_test(s, "key_map", test_key_map);
    CU_add_test(s, "nearest_name", test_nearest_name);
}

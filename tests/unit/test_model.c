/* CUnit suites for src/model/: the shipped models load and say what the spec says, bad
 * models are refused with the exact first message and line, and models are found by name. */
#include <CUnit/Basic.h>
#include <libxml/parser.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include "config.h"
#include "cunit_main.h"
#include "model/model.h"
#include "util/xalloc.h"

#define MODEL_DIR AS_SOURCE_ROOT "/hwmodels"

static struct model *load_shipped(const char *name, struct diag_list *diags)
{
    char path[4096];
    snprintf(path, sizeof(path), "%s/%s.xml", MODEL_DIR, name);
    diag_list_init(diags, 0);
    return model_load_file(path, diags);
}

/* Loads a shipped model and fails the test (printing its findings) if it does not load. */
static struct model *load_ok(const char *name, struct diag_list *diags)
{
    struct model *m = load_shipped(name, diags);
    for (size_t i = 0; i < diags->len; i++)
        fprintf(stderr, "%s:%d: %s\n", diags->items[i].loc.file, diags->items[i].loc.line,
                diags->items[i].message);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_EQUAL(diags->len, 0);
    return m;
}

static const struct model_unit *find_unit(const struct model *m, const char *ct_name,
                                          const char *unit)
{
    const struct model_coretype *ct = model_coretype_find(m, ct_name);
    if (!ct)
        return NULL;
    int u = model_unit_index(ct, unit);
    return u < 0 ? NULL : &ct->units[u];
}

static uint64_t space_mask(const struct model *m, const char *names)
{
    uint64_t mask = 0;
    char buf[256];
    snprintf(buf, sizeof(buf), "%s", names);
    for (char *save = NULL, *s = strtok_r(buf, " ", &save); s; s = strtok_r(NULL, " ", &save)) {
        int i = model_space_index(m, s);
        CU_ASSERT(i >= 0);
        if (i >= 0)
            mask |= UINT64_C(1) << i;
    }
    return mask;
}

/* ================================================================== shipped models */

static const struct {
    const char *model, *default_coretype;
    int ncoretypes, nspaces, nids, nxflags, nxmodes;
    const char *socs;       /* the chips it describes, as op definitions name them */
} model_facts[] = {
    {"ascend910b2", "AIV", 2, 9, 8, 16, 3, "ascend910b ascend910_93"},
    {"ascend910", "AICORE", 1, 6, 4, 0, 0, "ascend910"},
    {"ascend950", "AIV", 2, 8, 8, 16, 3, "ascend950"},
    {"mlu370", "IPU", 2, 5, 0, 0, 0, ""},
    {"mlu590", "IPU", 2, 5, 0, 0, 0, ""},
};

static void test_model_facts(void)
{
    for (size_t i = 0; i < sizeof(model_facts) / sizeof(model_facts[0]); i++) {
        struct diag_list diags;
        struct model *m = load_ok(model_facts[i].model, &diags);
        CU_ASSERT_STRING_EQUAL(m->name, model_facts[i].model);
        CU_ASSERT_EQUAL(m->ncoretypes, model_facts[i].ncoretypes);
        CU_ASSERT_STRING_EQUAL(m->coretypes[m->default_coretype].name,
                               model_facts[i].default_coretype);
        CU_ASSERT_EQUAL(m->nspaces, model_facts[i].nspaces);
        CU_ASSERT_EQUAL(m->flags.nids, model_facts[i].nids);
        CU_ASSERT_FALSE(m->flags.counting);
        CU_ASSERT_EQUAL(m->xflags.nflags, model_facts[i].nxflags);
        CU_ASSERT_EQUAL(m->xflags.nmodes, model_facts[i].nxmodes);
        CU_ASSERT_PTR_NOT_NULL(m->description);
        char socs[128] = "";
        for (int k = 0; k < m->nsocs; k++)
            snprintf(socs + strlen(socs), sizeof(socs) - strlen(socs), "%s%s", k ? " " : "",
                     m->socs[k]);
        CU_ASSERT_STRING_EQUAL(socs, model_facts[i].socs);
        model_free(m);
        diag_list_free(&diags);
    }
}

/* Every unit of every core type, in order, with its class and intra-unit hazards. */
static const struct {
    const char *model, *coretype, *units;   /* "NAME:class:hazards" separated by spaces */
} unit_facts[] = {
    {"ascend910b2", "AIV", "S*:fifo:0 V:pipelined:5 MTE2:pipelined:5 MTE3:pipelined:5"},
    {"ascend910b2", "AIC",
     "S*:fifo:0 MTE1:pipelined:5 MTE2:pipelined:5 M:pipelined:5:10240 FIX:pipelined:5 "
     "MTE3:pipelined:5"},
    {"ascend910", "AICORE",
     "S*:fifo:0 V:pipelined:5 M:pipelined:5:10240 MTE1:pipelined:5 MTE2:pipelined:5 "
     "MTE3:pipelined:5"},
    /* the 950's V orders its own instructions; the cube core's MTE3 touches no space */
    {"ascend950", "AIV", "S*:fifo:0 V:pipelined:0 MTE2:pipelined:5 MTE3:pipelined:5"},
    {"ascend950", "AIC",
     "S*:fifo:0 MTE1:pipelined:5 MTE2:pipelined:5 M:pipelined:5:10240 FIX:pipelined:5 "
     "MTE3:pipelined:0"},
    {"mlu370", "IPU", "ALU*:fifo:0 IO:fifo:0 MOVE:fifo:0 COMPUTE:fifo:0"},
    {"mlu370", "MPU", "ALU*:fifo:0 IO:fifo:0 MOVE:fifo:0"},
    {"mlu590", "IPU", "ALU*:fifo:0 IO:fifo:0 MOVE:fifo:0 COMPUTE:fifo:0"},
    {"mlu590", "MPU", "ALU*:fifo:0 IO:fifo:0 MOVE:fifo:0"},
};

static void test_units(void)
{
    for (size_t i = 0; i < sizeof(unit_facts) / sizeof(unit_facts[0]); i++) {
        struct diag_list diags;
        struct model *m = load_ok(unit_facts[i].model, &diags);
        const struct model_coretype *ct = model_coretype_find(m, unit_facts[i].coretype);
        CU_ASSERT_PTR_NOT_NULL_FATAL(ct);
        char buf[512], got[512] = "";
        snprintf(buf, sizeof(buf), "%s", unit_facts[i].units);
        for (int u = 0; u < ct->nunits; u++) {
            char one[64];
            /* name, * for the issuer, class, intra-hazard bits, intra-ordered-from */
            snprintf(one, sizeof(one), "%s%s%s:%s:%u", u ? " " : "", ct->units[u].name,
                     u == ct->issuer ? "*" : "", unit_class_name(ct->units[u].cls),
                     ct->units[u].intra_hazards);
            if (ct->units[u].intra_ordered_from)
                snprintf(one + strlen(one), sizeof(one) - strlen(one), ":%lld",
                         (long long)ct->units[u].intra_ordered_from);
            strcat(got, one);
        }
        CU_ASSERT_STRING_EQUAL(got, buf);
        model_free(m);
        diag_list_free(&diags);
    }
}

static const struct {
    const char *model, *space;
    enum space_scope scope;
    int64_t size;
} space_facts[] = {
    {"ascend910b2", "GM", SCOPE_GLOBAL, -1},   {"ascend910b2", "UB", SCOPE_CORE, 196608},
    {"ascend910b2", "L1", SCOPE_CORE, 524288}, {"ascend910b2", "L0C", SCOPE_CORE, 131072},
    {"ascend910b2", "BT", SCOPE_CORE, -1},     {"ascend910b2", "FB", SCOPE_CORE, -1},
    {"ascend910b2", "ACC", SCOPE_CORE, 8},
    {"ascend910", "UB", SCOPE_CORE, 262144},   {"ascend910", "L0C", SCOPE_CORE, 262144},
    {"ascend950", "UB", SCOPE_CORE, 262144},   {"ascend950", "L0C", SCOPE_CORE, 262144},
    {"ascend950", "L1", SCOPE_CORE, 524288},   {"ascend950", "BT", SCOPE_CORE, 4096},
    {"mlu370", "GDRAM", SCOPE_GLOBAL, -1},     {"mlu370", "SRAM", SCOPE_CLUSTER, -1},
    {"mlu370", "NRAM", SCOPE_CORE, -1},        {"mlu370", "WRAM", SCOPE_CORE, -1},
    {"mlu370", "LDRAM", SCOPE_CORE, -1},
    {"mlu590", "GDRAM", SCOPE_GLOBAL, -1},     {"mlu590", "SRAM", SCOPE_CLUSTER, 2097152},
    {"mlu590", "NRAM", SCOPE_CORE, 524288},    {"mlu590", "WRAM", SCOPE_CORE, 524288},
    {"mlu590", "LDRAM", SCOPE_CORE, -1},
};

static void test_spaces(void)
{
    for (size_t i = 0; i < sizeof(space_facts) / sizeof(space_facts[0]); i++) {
        struct diag_list diags;
        struct model *m = load_ok(space_facts[i].model, &diags);
        int s = model_space_index(m, space_facts[i].space);
        CU_ASSERT_FATAL(s >= 0);
        CU_ASSERT_EQUAL(m->spaces[s].scope, space_facts[i].scope);
        CU_ASSERT_EQUAL(m->spaces[s].size, space_facts[i].size);
        model_free(m);
        diag_list_free(&diags);
    }
    struct diag_list diags;
    struct model *m = load_ok("ascend910", &diags);
    CU_ASSERT_EQUAL(model_space_index(m, "FB"), -1);   /* no fixpipe on the first generation */
    model_free(m);
    diag_list_free(&diags);
}

static const struct {
    const char *model, *coretype, *unit, *reads, *writes;
} access_facts[] = {
    {"ascend910b2", "AIV", "MTE2", "GM", "UB"},
    {"ascend910b2", "AIV", "MTE3", "UB", "GM"},
    {"ascend910b2", "AIV", "V", "UB", "UB ACC"},
    {"ascend910b2", "AIV", "S", "UB GM ACC", "UB GM"},
    {"ascend910b2", "AIC", "MTE2", "GM", "UB L1 L0A L0B"},
    {"ascend910b2", "AIC", "MTE1", "L1", "L0A L0B BT"},
    {"ascend910b2", "AIC", "M", "L0A L0B L0C BT", "L0C"},
    {"ascend910b2", "AIC", "FIX", "L0C FB", "GM L1 FB"},
    {"ascend910", "AICORE", "V", "UB L0C", "UB"},
    {"ascend950", "AIV", "V", "UB", "UB"},
    {"ascend950", "AIC", "S", "GM", "GM"},              /* no UB on the cube core */
    {"ascend950", "AIC", "MTE2", "GM", "L1"},           /* GM -> L0A/L0B is gone */
    {"ascend950", "AIC", "MTE3", "", ""},
    {"mlu370", "IPU", "COMPUTE", "NRAM WRAM", "NRAM"},
    {"mlu370", "IPU", "MOVE", "NRAM SRAM WRAM", "NRAM SRAM WRAM"},
    {"mlu370", "MPU", "IO", "GDRAM LDRAM NRAM WRAM SRAM", "GDRAM LDRAM NRAM WRAM SRAM"},
    {"mlu370", "MPU", "ALU", "NRAM SRAM GDRAM", "NRAM SRAM GDRAM"},
};

static void test_unit_access(void)
{
    for (size_t i = 0; i < sizeof(access_facts) / sizeof(access_facts[0]); i++) {
        struct diag_list diags;
        struct model *m = load_ok(access_facts[i].model, &diags);
        const struct model_unit *u =
            find_unit(m, access_facts[i].coretype, access_facts[i].unit);
        CU_ASSERT_PTR_NOT_NULL(u);
        if (u) {
            CU_ASSERT_EQUAL(u->reads, space_mask(m, access_facts[i].reads));
            CU_ASSERT_EQUAL(u->writes, space_mask(m, access_facts[i].writes));
        }
        model_free(m);
        diag_list_free(&diags);
    }
}

static const struct {
    const char *model, *coretype, *src, *dst;
    bool allowed;
} pair_facts[] = {
    {"ascend910b2", "AIV", "V", "V", true},      {"ascend910b2", "AIV", "S", "S", false},
    {"ascend910b2", "AIV", "MTE2", "V", true},   {"ascend910b2", "AIV", "V", "MTE3", true},
    {"ascend910b2", "AIV", "S", "MTE2", true},   {"ascend910b2", "AIV", "MTE2", "MTE2", false},
    {"ascend910b2", "AIC", "M", "FIX", true},    {"ascend910b2", "AIC", "FIX", "M", true},
    {"ascend910b2", "AIC", "MTE1", "M", true},   {"ascend910b2", "AIC", "M", "M", false},
    {"ascend910", "AICORE", "V", "V", true},     {"ascend910", "AICORE", "M", "V", true},
    {"ascend910", "AICORE", "S", "S", false},
    {"ascend950", "AIV", "V", "V", true},        {"ascend950", "AIV", "S", "S", false},
    {"ascend950", "AIC", "FIX", "FIX", true},    {"ascend950", "AIC", "M", "M", false},
};

static void test_flag_pairs(void)
{
    for (size_t i = 0; i < sizeof(pair_facts) / sizeof(pair_facts[0]); i++) {
        struct diag_list diags;
        struct model *m = load_ok(pair_facts[i].model, &diags);
        const struct model_coretype *ct = model_coretype_find(m, pair_facts[i].coretype);
        CU_ASSERT_PTR_NOT_NULL_FATAL(ct);
        int s = model_unit_index(ct, pair_facts[i].src);
        int d = model_unit_index(ct, pair_facts[i].dst);
        CU_ASSERT_FATAL(s >= 0 && d >= 0);
        CU_ASSERT_EQUAL((ct->allowed_dst[s] >> d) & 1, pair_facts[i].allowed);
        model_free(m);
        diag_list_free(&diags);
    }
    /* Whole-table counts: AIV 12 cross pairs + V->V, AIC 30, AICORE 30 + V->V, MLU none. */
    static const struct { const char *model, *coretype; int npairs; } counts[] = {
        {"ascend910b2", "AIV", 13}, {"ascend910b2", "AIC", 30},
        {"ascend910", "AICORE", 31}, {"ascend950", "AIV", 13}, {"ascend950", "AIC", 31},
        {"mlu370", "IPU", 0}, {"mlu370", "MPU", 0},
    };
    for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++) {
        struct diag_list diags;
        struct model *m = load_ok(counts[i].model, &diags);
        const struct model_coretype *ct = model_coretype_find(m, counts[i].coretype);
        CU_ASSERT_PTR_NOT_NULL_FATAL(ct);
        int n = 0;
        for (int s = 0; s < ct->nunits; s++)
            for (int d = 0; d < ct->nunits; d++)
                n += (int)((ct->allowed_dst[s] >> d) & 1);
        CU_ASSERT_EQUAL(n, counts[i].npairs);
        model_free(m);
        diag_list_free(&diags);
    }
}

static const struct {
    const char *model, *op;
    bool blocking, interlocked;
} op_attr_facts[] = {
    {"mlu370", "memcpy", true, true},
    {"mlu370", "memcpy_async", false, false},
    {"mlu370", "foo_async", false, false},
    {"mlu370", "memset_async", false, false},
    {"mlu370", "bang_foo", false, true},
    {"mlu370", "bang_add", false, true},
    {"ascend910b2", "vadd", false, false},
    {"ascend910b2", "copy_gm_to_ubuf", false, false},
    {"ascend910b2", "anything", false, false},
    {"ascend910", "mmad", false, false},
};

static void test_op_attrs(void)
{
    for (size_t i = 0; i < sizeof(op_attr_facts) / sizeof(op_attr_facts[0]); i++) {
        struct diag_list diags;
        struct model *m = load_ok(op_attr_facts[i].model, &diags);
        bool blocking = !op_attr_facts[i].blocking, interlocked = !op_attr_facts[i].interlocked;
        model_op_attrs(m, op_attr_facts[i].op, &blocking, &interlocked);
        CU_ASSERT_EQUAL(blocking, op_attr_facts[i].blocking);
        CU_ASSERT_EQUAL(interlocked, op_attr_facts[i].interlocked);
        model_free(m);
        diag_list_free(&diags);
    }
}

static const struct {
    const char *model, *op, *units, *reads, *writes;  /* reads/writes "": any the unit may */
} op_facts[] = {
    {"mlu370", "memcpy", "IO MOVE", "", ""},
    {"mlu370", "memcpy_async", "IO MOVE", "", ""},
    {"mlu370", "bang_conv", "COMPUTE", "NRAM WRAM", "NRAM"},
    {"ascend910b2", "copy_gm_to_ubuf", "MTE2", "GM", "UB"},
    {"ascend910b2", "copy_ubuf_to_gm", "MTE3", "UB", "GM"},
    {"ascend910b2", "load_cbuf_to_ca", "MTE1", "L1", "L0A"},
    {"ascend910b2", "mmad", "M", "L0A L0B L0C BT", "L0C"},
    {"ascend910b2", "fixpipe", "FIX", "L0C FB", "GM L1"},
    {"ascend910", "copy_matrix_cc_to_ubuf", "V", "L0C", "UB"},
    {"ascend950", "vf", "V", "UB", "UB"},
    {"ascend950", "load_gm_to_cbuf", "MTE2", "GM", "L1"},
};

static void test_ops(void)
{
    for (size_t i = 0; i < sizeof(op_facts) / sizeof(op_facts[0]); i++) {
        struct diag_list diags;
        struct model *m = load_ok(op_facts[i].model, &diags);
        const struct model_op *op = model_op_find(m, op_facts[i].op);
        CU_ASSERT_PTR_NOT_NULL_FATAL(op);
        char units[128] = "";
        for (int u = 0; u < op->nunits; u++) {
            if (u)
                strcat(units, " ");
            strcat(units, op->units[u]);
        }
        CU_ASSERT_STRING_EQUAL(units, op_facts[i].units);
        CU_ASSERT_STRING_EQUAL(op->unit, op->units[0]);
        CU_ASSERT(model_op_runs_on(op, op->units[op->nunits - 1]));
        CU_ASSERT_EQUAL(op->read_spaces, space_mask(m, op_facts[i].reads));
        CU_ASSERT_EQUAL(op->write_spaces, space_mask(m, op_facts[i].writes));
        model_free(m);
        diag_list_free(&diags);
    }
    struct diag_list diags;
    struct model *m = load_ok("ascend910", &diags);
    CU_ASSERT_PTR_NULL(model_op_find(m, "fixpipe"));
    CU_ASSERT_FALSE(model_op_runs_on(model_op_find(m, "vadd"), "MTE2"));
    model_free(m);
    diag_list_free(&diags);
}

/* from / to / participants: "*" or the names joined by spaces; mask likewise. */
static const struct {
    const char *model, *prim;
    enum prim_kind kind;
    enum barrier_form form;
    const char *from, *to, *extra;   /* extra: all_word, mask or participants */
} prim_facts[] = {
    {"ascend910b2", "set_flag", PRIM_SIGNAL, 0, NULL, NULL, NULL},
    {"ascend910b2", "wait_flag", PRIM_WAIT, 0, NULL, NULL, NULL},
    {"ascend910b2", "pipe_barrier", PRIM_BARRIER, BAR_UNIT_ARG, NULL, NULL, "ALL"},
    {"ascend910b2", "cross_core_set_flag", PRIM_XSIGNAL, 0, NULL, NULL, NULL},
    {"ascend910b2", "cross_core_wait_flag", PRIM_XWAIT, 0, NULL, NULL, NULL},
    {"ascend910b2", "sync_all", PRIM_XBARRIER, 0, NULL, NULL, "*"},
    {"ascend910", "pipe_barrier", PRIM_BARRIER, BAR_UNIT_ARG, NULL, NULL, "ALL"},
    {"mlu370", "sync_io", PRIM_BARRIER, BAR_FIXED, "IO", "*", NULL},
    {"mlu370", "sync_compute", PRIM_BARRIER, BAR_FIXED, "COMPUTE", "*", NULL},
    {"mlu370", "sync_move", PRIM_BARRIER, BAR_FIXED, "MOVE", "*", NULL},
    {"mlu370", "sync", PRIM_BARRIER, BAR_FIXED, "*", "*", NULL},
    {"mlu370", "sync_io_move_compute", PRIM_BARRIER, BAR_MASK_ARGS, "*", "*", "IO MOVE COMPUTE"},
    {"mlu370", "sync_cluster", PRIM_XBARRIER, 0, NULL, NULL, "*"},
    {"mlu370", "sync_all_ipu", PRIM_XBARRIER, 0, NULL, NULL, "IPU"},
    {"mlu370", "sync_all_ipu_within_cluster", PRIM_XBARRIER, 0, NULL, NULL, "IPU"},
    {"mlu370", "sync_all", PRIM_XBARRIER, 0, NULL, NULL, "*"},
    {"mlu370", "sync_all_mpu", PRIM_XBARRIER, 0, NULL, NULL, "MPU"},
    {"mlu590", "sync_io_move_compute", PRIM_BARRIER, BAR_MASK_ARGS, "*", "*", "IO MOVE COMPUTE"},
    {"mlu590", "sync_cluster", PRIM_XBARRIER, 0, NULL, NULL, "*"},
    {"mlu590", "sync_all_mpu", PRIM_XBARRIER, 0, NULL, NULL, "MPU"},
};

static void name_set_string(const struct unit_name_set *set, char *out, size_t size)
{
    snprintf(out, size, "%s", set->all ? "*" : "");
    for (int i = 0; !set->all && i < set->len; i++) {
        if (i)
            strncat(out, " ", size - strlen(out) - 1);
        strncat(out, set->names[i], size - strlen(out) - 1);
    }
}

static void check_prim(const struct model_prim *p, size_t i)
{
    char buf[128];
    CU_ASSERT_EQUAL(p->kind, prim_facts[i].kind);
    CU_ASSERT(p->description && *p->description);
    if (p->kind == PRIM_XBARRIER) {
        name_set_string(&p->participants, buf, sizeof(buf));
        CU_ASSERT_STRING_EQUAL(buf, prim_facts[i].extra);
    }
    if (p->kind != PRIM_BARRIER)
        return;
    CU_ASSERT_EQUAL(p->form, prim_facts[i].form);
    if (p->form == BAR_UNIT_ARG) {
        CU_ASSERT_STRING_EQUAL(p->all_word, prim_facts[i].extra);
        return;
    }
    name_set_string(&p->from, buf, sizeof(buf));
    CU_ASSERT_STRING_EQUAL(buf, prim_facts[i].from);
    name_set_string(&p->to, buf, sizeof(buf));
    CU_ASSERT_STRING_EQUAL(buf, prim_facts[i].to);
    if (p->form == BAR_MASK_ARGS) {
        struct unit_name_set mask = {false, p->mask_units, p->nmask};
        name_set_string(&mask, buf, sizeof(buf));
        CU_ASSERT_STRING_EQUAL(buf, prim_facts[i].extra);
    }
}

static void test_prims(void)
{
    for (size_t i = 0; i < sizeof(prim_facts) / sizeof(prim_facts[0]); i++) {
        struct diag_list diags;
        struct model *m = load_ok(prim_facts[i].model, &diags);
        const struct model_prim *p = model_prim_find(m, prim_facts[i].prim);
        CU_ASSERT_PTR_NOT_NULL_FATAL(p);
        check_prim(p, i);
        model_free(m);
        diag_list_free(&diags);
    }
    /* The first generation has no cross-core primitives; Cambricon has no flag channels. */
    static const struct { const char *model, *prim; } absent[] = {
        {"ascend910", "cross_core_set_flag"}, {"ascend910", "sync_all"},
        {"mlu370", "set_flag"}, {"mlu370", "pipe_barrier"}, {"ascend910b2", "sync_io"},
    };
    for (size_t i = 0; i < sizeof(absent) / sizeof(absent[0]); i++) {
        struct diag_list diags;
        struct model *m = load_ok(absent[i].model, &diags);
        CU_ASSERT_PTR_NULL(model_prim_find(m, absent[i].prim));
        model_free(m);
        diag_list_free(&diags);
    }
}

/* Cluster barriers join one cluster, the others the task; MLU370's cluster is 4 IPUs + 1 MPU. */
static void test_cluster(void)
{
    struct diag_list diags;
    struct model *m = load_ok("mlu370", &diags);
    static const struct { const char *prim; bool per_cluster; } scopes[] = {
        {"sync_cluster", true}, {"sync_all_ipu_within_cluster", true},
        {"sync_all", false}, {"sync_all_ipu", false}, {"sync_all_mpu", false},
    };
    for (size_t i = 0; i < sizeof(scopes) / sizeof(scopes[0]); i++) {
        const struct model_prim *p = model_prim_find(m, scopes[i].prim);
        CU_ASSERT_PTR_NOT_NULL_FATAL(p);
        CU_ASSERT_EQUAL(p->per_cluster, scopes[i].per_cluster);
    }
    CU_ASSERT_EQUAL_FATAL(m->ncluster_members, 2);
    CU_ASSERT_STRING_EQUAL(m->cluster_members[0].coretype, "IPU");
    CU_ASSERT_EQUAL(m->cluster_members[0].max, 4);
    CU_ASSERT_STRING_EQUAL(m->cluster_members[1].coretype, "MPU");
    CU_ASSERT_EQUAL(m->cluster_members[1].max, 1);
    model_free(m);
    diag_list_free(&diags);
    m = load_ok("ascend910b2", &diags);
    CU_ASSERT_EQUAL(m->ncluster_members, 0);
    CU_ASSERT_FALSE(model_prim_find(m, "sync_all")->per_cluster);
    /* TPositions: A2's table, with the queue events */
    CU_ASSERT_EQUAL(m->source.npositions, 10);
    const struct model_source_position *co1 = NULL;
    for (int i = 0; i < m->source.npositions; i++)
        if (!strcmp(m->source.positions[i].name, "CO1"))
            co1 = &m->source.positions[i];
    CU_ASSERT_PTR_NOT_NULL(co1);
    if (co1)
        CU_ASSERT(!strcmp(co1->space, "L0C") && !strcmp(co1->enque, "M_FIX") &&
                  !strcmp(co1->free, "FIX_M"));
    /* the chip as host tiling code sees it */
    CU_ASSERT(m->source.has_host && m->source.host_vector_cores == 48 &&
              m->source.host_cube_cores == 24 && m->source.host_ub_reserved == 256);
    /* the compiler's auto-sync: 7 pairs, event 7 */
    CU_ASSERT_EQUAL(m->source.nauto_pairs, 7);
    CU_ASSERT_EQUAL(m->source.auto_sync_id, 7);
    if (m->source.nauto_pairs == 7)
        CU_ASSERT(!strcmp(m->source.auto_src[4], "V") && !strcmp(m->source.auto_dst[4], "V"));
    /* the unitFlag bank: its own channels and ids */
    const struct model_prim *uset = model_prim_find(m, "unit_flag_set");
    const struct model_prim *uwait = model_prim_find(m, "unit_flag_wait");
    CU_ASSERT_FATAL(uset && uwait);
    CU_ASSERT(uset->bank > 0 && uset->bank == uwait->bank && uset->nids == 256);
    CU_ASSERT(model_prim_find(m, "set_flag")->bank == 0 && model_prim_find(m, "set_flag")->nids == 8);
    model_free(m);
    diag_list_free(&diags);
}

static void test_cross_flags(void)
{
    struct diag_list diags;
    struct model *m = load_ok("ascend910b2", &diags);
    const struct model_xflags *x = &m->xflags;
    CU_ASSERT_EQUAL(x->nflags, 16);
    CU_ASSERT_EQUAL(m->source.cross_user_flags, 11);
    CU_ASSERT_EQUAL(x->capacity, 15);
    CU_ASSERT_STRING_EQUAL(x->wait_unit, "S");
    CU_ASSERT_EQUAL_FATAL(x->nmodes, 3);
    CU_ASSERT(x->modes[0].id == 0 && x->modes[0].scope == XMODE_SAME_TYPE);
    CU_ASSERT_PTR_NULL(x->modes[0].coretype);
    CU_ASSERT(x->modes[1].id == 1 && x->modes[1].scope == XMODE_SAME_TYPE);
    CU_ASSERT_STRING_EQUAL(x->modes[1].coretype, "AIV");
    CU_ASSERT(x->modes[2].id == 2 && x->modes[2].scope == XMODE_CROSS_TYPE);
    CU_ASSERT_STRING_EQUAL(x->modes[2].coretypes[0], "AIC");
    CU_ASSERT_STRING_EQUAL(x->modes[2].coretypes[1], "AIV");
    /* modes 1 and 2 stay inside one AI core (a cluster), mode 0 reaches the whole kernel */
    CU_ASSERT(!x->modes[0].per_cluster && x->modes[1].per_cluster && x->modes[2].per_cluster);
    model_free(m);
    diag_list_free(&diags);
}

/* ================================================================== bad models */

/* A small valid model, built from lines so cases can swap one and know its number. */
#define L1_ROOT "<hwmodel name=\"t\" description=\"d\">\n"
#define L2_SPACES \
    "<spaces><space name=\"GM\" scope=\"global\"/><space name=\"UB\" scope=\"core\"/></spaces>\n"
#define L3_CORE "<coretype name=\"C\" default=\"true\">\n"
#define L4_S "<unit name=\"S\" class=\"sync\" reads=\"GM UB\" writes=\"GM UB\"/>\n"
#define L5_V \
    "<unit name=\"V\" class=\"pipelined\" intra-hazards=\"RAW WAW\" reads=\"UB\" writes=\"UB\"/>\n"
#define L6_IO "<unit name=\"IO\" class=\"fifo\" reads=\"GM UB\" writes=\"GM UB\"/>\n"
#define L7_END "</coretype>\n"
#define PRIMS                                                                             \
    "<primitives><barrier name=\"pipe_barrier\" form=\"unit-arg\" all-word=\"ALL\" "     \
    "description=\"d\"/></primitives>\n"
#define END "</hwmodel>\n"
#define CORE L3_CORE L4_S L5_V L6_IO L7_END
#define VALID L1_ROOT L2_SPACES CORE PRIMS END

static const struct {
    const char *what, *xml;
    int line;
    const char *message;
} bad_models[] = {
    {"malformed XML", L1_ROOT "<spaces>\n" END, 3,
     "malformed XML: Opening and ending tag mismatch: spaces line 2 and hwmodel"},
    {"not XML at all", "hello", 1, "malformed XML: Start tag expected, '<' not found"},
    {"undeclared entity", "<hwmodel name=\"&xxe;\" description=\"d\"/>\n", 1,
     "malformed XML: Entity 'xxe' not defined"},
    {"unknown element", L1_ROOT L2_SPACES CORE "<foo/>\n" PRIMS END, 8,
     "schema violation: Did not expect element foo there"},
    {"missing attribute", L1_ROOT "<spaces><space name=\"GM\"/></spaces>\n" CORE PRIMS END, 2,
     "schema violation: Element space failed to validate attributes"},
    {"bad class value",
     L1_ROOT L2_SPACES L3_CORE L4_S "<unit name=\"V\" class=\"queued\" reads=\"UB\"/>\n"
     L6_IO L7_END PRIMS END,
     5, "schema violation: Invalid attribute class for element unit"},
    {"wrong root", "<model name=\"t\"/>\n", 1,
     "schema violation: Expecting element hwmodel, got model"},
    {"external entity (XXE)",
     "<?xml version=\"1.0\"?>\n"
     "<!DOCTYPE hwmodel [\n"
     "  <!ENTITY xxe SYSTEM \"file:///etc/passwd\">\n"
     "]>\n"
     "<hwmodel name=\"t\" description=\"&xxe;\"/>\n",
     2, "DOCTYPE and entity declarations are not allowed in model files"},
    {"billion laughs",
     "<?xml version=\"1.0\"?>\n"
     "<!DOCTYPE lolz [\n"
     " <!ENTITY lol \"lol\">\n"
     " <!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n"
     " <!ENTITY lol3 \"&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;\">\n"
     " <!ENTITY lol4 \"&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;\">\n"
     " <!ENTITY lol5 \"&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;\">\n"
     " <!ENTITY lol6 \"&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;\">\n"
     " <!ENTITY lol7 \"&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;\">\n"
     " <!ENTITY lol8 \"&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;\">\n"
     " <!ENTITY lol9 \"&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;\">\n"
     "]>\n"
     "<hwmodel name=\"t\" description=\"&lol9;\"/>\n",
     2, "DOCTYPE and entity declarations are not allowed in model files"},
    {"external DTD",
     "<!DOCTYPE hwmodel SYSTEM \"http://example.com/hwmodel.dtd\">\n" VALID, 1,
     "DOCTYPE and entity declarations are not allowed in model files"},
    {"bare DOCTYPE", "<!DOCTYPE hwmodel>\n" VALID, 1,
     "DOCTYPE and entity declarations are not allowed in model files"},
    {"unknown unit in a primitive",
     L1_ROOT L2_SPACES CORE
     "<primitives><barrier name=\"sync_x\" form=\"fixed\" from=\"FOO\" to=\"*\" description=\"d\"/>"
     "</primitives>\n" END,
     8, "primitive 'sync_x' names unknown unit 'FOO'"},
    {"blocking op on a pipelined unit",
     L1_ROOT L2_SPACES CORE "<ops>\n<op name=\"vcopy\" unit=\"V\" blocking=\"true\"/>\n</ops>\n"
     PRIMS END,
     9, "op 'vcopy' is blocking but unit 'V' of core type 'C' is pipelined; blocking and "
        "interlocked ops must run on fifo or sync units"},
    {"interlocked default with a pipelined unit",
     L1_ROOT L2_SPACES CORE "<ops default-interlocked=\"true\"/>\n" PRIMS END, 8,
     "default-interlocked=\"true\" but unit 'V' of core type 'C' is pipelined; blocking and "
     "interlocked ops must run on fifo or sync units"},
    {"interlocked suffix rule with a pipelined unit",
     L1_ROOT L2_SPACES CORE "<ops>\n<suffix-rule suffix=\"_sync\" interlocked=\"true\"/>\n</ops>\n"
     PRIMS END,
     9, "suffix rule '_sync' makes ops interlocked but unit 'V' of core type 'C' is pipelined; "
        "blocking and interlocked ops must run on fifo or sync units"},
    {"duplicate unit", L1_ROOT L2_SPACES L3_CORE L4_S L5_V L5_V L7_END PRIMS END, 6,
     "duplicate unit 'V' in core type 'C'"},
    {"empty mask",
     L1_ROOT L2_SPACES CORE
     "<primitives>\n<barrier name=\"sync_m\" form=\"mask-args\" mask=\" \" description=\"d\"/>\n"
     "</primitives>\n" END,
     9, "primitive 'sync_m': empty mask"},
    {"empty from set",
     L1_ROOT L2_SPACES CORE
     "<primitives>\n<barrier name=\"sync_f\" form=\"fixed\" from=\"\" to=\"*\" "
     "description=\"d\"/>\n"
     "</primitives>\n" END,
     9, "primitive 'sync_f': empty from set"},
    {"duplicate space",
     L1_ROOT "<spaces><space name=\"GM\" scope=\"global\"/>\n"
     "<space name=\"GM\" scope=\"core\"/></spaces>\n"
     CORE PRIMS END,
     3, "duplicate space 'GM'"},
    {"duplicate core type", L1_ROOT L2_SPACES CORE "<coretype name=\"C\">" L4_S L7_END PRIMS END,
     8, "duplicate core type 'C'"},
    {"two default core types",
     L1_ROOT L2_SPACES CORE "<coretype name=\"D\" default=\"true\">" L4_S L7_END PRIMS END, 8,
     "more than one default core type: 'C' and 'D'"},
    {"no default core type",
     L1_ROOT L2_SPACES "<coretype name=\"C\">\n" L4_S L7_END "<coretype name=\"D\">" L4_S L7_END
     PRIMS END,
     1, "no core type is marked default=\"true\""},
    {"unknown space", L1_ROOT L2_SPACES L3_CORE "<unit name=\"S\" class=\"sync\" reads=\"L9\"/>\n"
     L7_END PRIMS END,
     4, "unknown space 'L9' in reads of unit 'S'"},
    {"intra hazards on a fifo unit",
     L1_ROOT L2_SPACES L3_CORE "<unit name=\"IO\" class=\"fifo\" intra-hazards=\"RAW\"/>\n" L7_END
     PRIMS END,
     4, "unit 'IO' is fifo: intra-hazards apply only to pipelined units"},
    {"unknown unit in a flag pair",
     L1_ROOT L2_SPACES L3_CORE L4_S L5_V "<flag-pairs><pair src=\"V\" dst=\"MTE9\"/></flag-pairs>\n"
     L7_END PRIMS END,
     6, "unknown unit 'MTE9' in flag pair of core type 'C'"},
    {"duplicate flag pair",
     L1_ROOT L2_SPACES L3_CORE L4_S L5_V
     "<flag-pairs><pair src=\"V\" dst=\"S\"/>\n<pair src=\"V\" dst=\"S\"/></flag-pairs>\n"
     L7_END PRIMS END,
     7, "duplicate flag pair V -> S in core type 'C'"},
    {"unknown unit in an op",
     L1_ROOT L2_SPACES CORE "<ops><op name=\"memcpy\" unit=\"IO DMA\"/></ops>\n" PRIMS END, 8,
     "op 'memcpy' names unknown unit 'DMA'"},
    {"op space its unit cannot write",
     L1_ROOT L2_SPACES CORE "<ops><op name=\"vst\" unit=\"V\" writes=\"GM\"/></ops>\n" PRIMS END,
     8, "op 'vst' writes space 'GM', which unit 'V' may not write"},
    {"duplicate op",
     L1_ROOT L2_SPACES CORE "<ops><op name=\"x\" unit=\"V\"/>\n<op name=\"x\" unit=\"IO\"/></ops>\n"
     PRIMS END,
     9, "duplicate op 'x'"},
    {"signal without flags",
     L1_ROOT L2_SPACES CORE
     "<primitives><signal name=\"set_flag\" description=\"d\"/></primitives>\n"
     END,
     8, "primitive 'set_flag' needs a <flags> element"},
    {"flag bank without a wait",
     L1_ROOT L2_SPACES CORE "<flags ids=\"8\" kind=\"binary\"/>\n"
     "<primitives><signal name=\"u_set\" bank=\"u\" description=\"d\"/></primitives>\n"
     END,
     9, "bank 'u' has no wait primitive"},
    {"ids on a primitive of the event ids",
     L1_ROOT L2_SPACES CORE "<flags ids=\"8\" kind=\"binary\"/>\n"
     "<primitives><signal name=\"set_flag\" ids=\"4\" description=\"d\"/></primitives>\n"
     END,
     9, "primitive 'set_flag': ids is for a primitive with a bank of its own; the event ids are "
        "<flags ids>"},
    {"flag bank whose primitives disagree on ids",
     L1_ROOT L2_SPACES CORE "<flags ids=\"8\" kind=\"binary\"/>\n"
     "<primitives><signal name=\"u_set\" bank=\"u\" ids=\"16\" description=\"d\"/>\n"
     "<wait name=\"u_wait\" bank=\"u\" description=\"d\"/></primitives>\n" END,
     10, "primitive 'u_wait' has 8 ids, bank 'u' has 16 (primitive 'u_set')"},
    {"position in an unknown space",
     L1_ROOT L2_SPACES CORE PRIMS
     "<source dialect=\"ascendc\"><position name=\"P\" space=\"L9\"/></source>\n" END,
     9, "position 'P' names unknown space 'L9'"},
    {"position event that is not a unit pair",
     L1_ROOT L2_SPACES CORE PRIMS
     "<source dialect=\"ascendc\">\n<position name=\"P\" space=\"UB\" enque=\"V_X\" "
     "free=\"S_V\"/></source>\n" END,
     10, "position 'P': event 'V_X' is not SRC_DST of two units of one core type"},
    {"auto-sync pair naming a unit the vector core lacks",
     L1_ROOT L2_SPACES CORE "<flags ids=\"8\" kind=\"binary\"/>\n" PRIMS
     "<source dialect=\"ascendc\">\n<auto-sync id=\"7\" pairs=\"S:V V:FIX\"/></source>\n" END,
     11, "auto-sync pair 'V:FIX' names a unit core type C does not have"},
    {"auto-sync id that is not a flag id",
     L1_ROOT L2_SPACES CORE "<flags ids=\"8\" kind=\"binary\"/>\n" PRIMS
     "<source dialect=\"ascendc\">\n<auto-sync id=\"8\" pairs=\"S:V\"/></source>\n" END,
     11, "auto-sync id 8 is not a flag id (ids 0..7)"},
    {"host given twice",
     L1_ROOT L2_SPACES CORE PRIMS
     "<source dialect=\"ascendc\"><host vector-cores=\"48\" cube-cores=\"24\"/>\n"
     "<host vector-cores=\"2\" cube-cores=\"1\"/></source>\n" END,
     10, "<host> is given twice"},
    {"host without vector cores",
     L1_ROOT L2_SPACES CORE PRIMS
     "<source dialect=\"ascendc\">\n<host vector-cores=\"0\" cube-cores=\"24\"/></source>\n" END,
     10, "vector-cores=\"0\" of <host> must be between 1 and 2147483647"},
    {"position declared twice",
     L1_ROOT L2_SPACES CORE PRIMS
     "<source dialect=\"ascendc\"><position name=\"P\" space=\"UB\"/>\n"
     "<position name=\"P\" space=\"GM\"/></source>\n" END,
     10, "position 'P' is declared twice"},
    {"flag ids out of range",
     L1_ROOT L2_SPACES CORE "<flags ids=\"0\" kind=\"binary\"/>\n" PRIMS END, 8,
     "ids=\"0\" of <flags> must be between 1 and 4096"},
    {"cross-core mode with an unknown core type",
     L1_ROOT L2_SPACES CORE "<cross-flags flags=\"16\" wait-unit=\"S\">\n"
     "<mode id=\"2\" scope=\"cross-type\" coretypes=\"C AIC\"/>\n</cross-flags>\n" PRIMS END,
     9, "mode 2 names unknown core type 'AIC'"},
    {"cross-core wait unit missing",
     L1_ROOT L2_SPACES CORE "<cross-flags flags=\"16\" wait-unit=\"SU\">\n"
     "<mode id=\"0\" scope=\"same-type\"/>\n</cross-flags>\n" PRIMS END,
     8, "cross-flags wait-unit 'SU' is not a unit of core type 'C'"},
    {"unknown core type in participants",
     L1_ROOT L2_SPACES CORE
     "<primitives><cross-barrier name=\"sync_all\" participants=\"IPU\" description=\"d\"/>"
     "</primitives>\n" END,
     8, "primitive 'sync_all' names unknown core type 'IPU'"},
    {"cluster member of an unknown core type",
     L1_ROOT L2_SPACES CORE "<cluster><member coretype=\"IPU\" max=\"4\"/></cluster>\n" PRIMS END,
     8, "cluster member names unknown core type 'IPU'"},
    {"cluster member twice",
     L1_ROOT L2_SPACES CORE
     "<cluster><member coretype=\"C\" max=\"4\"/>\n<member coretype=\"C\" max=\"1\"/></cluster>\n"
     PRIMS END,
     9, "cluster names core type 'C' twice"},
    {"duplicate primitive",
     L1_ROOT L2_SPACES CORE
     "<primitives><barrier name=\"b\" form=\"unit-arg\" description=\"d\"/>\n"
     "<barrier name=\"b\" form=\"unit-arg\" description=\"d\"/></primitives>\n" END,
     9, "duplicate primitive 'b'"},
    {"all-word that is a unit",
     L1_ROOT L2_SPACES CORE
     "<primitives><barrier name=\"b\" form=\"unit-arg\" all-word=\"V\" description=\"d\"/>"
     "</primitives>\n" END,
     8, "primitive 'b': all-word 'V' is also a unit name"},
};

static void test_bad_models(void)
{
    for (size_t i = 0; i < sizeof(bad_models) / sizeof(bad_models[0]); i++) {
        struct diag_list diags;
        diag_list_init(&diags, 0);
        const char *xml = bad_models[i].xml;
        struct model *m = model_load_memory("bad.xml", xml, strlen(xml), &diags);
        CU_ASSERT_PTR_NULL(m);
        CU_ASSERT_FATAL(diags.len >= 1);
        const struct finding *f = &diags.items[0];
        if (strcmp(f->message, bad_models[i].message) != 0 || f->loc.line != bad_models[i].line)
            fprintf(stderr, "\n%s: got line %d \"%s\"\n", bad_models[i].what, f->loc.line,
                    f->message);
        CU_ASSERT_STRING_EQUAL(f->message, bad_models[i].message);
        CU_ASSERT_EQUAL(f->loc.line, bad_models[i].line);
        CU_ASSERT_STRING_EQUAL(f->loc.file, "bad.xml");
        CU_ASSERT_EQUAL(f->check, CHECK_MODEL_ERROR);
        CU_ASSERT_EQUAL(f->severity, SEV_ERROR);
        CU_ASSERT_EQUAL(f->loc.len, 1);
        model_free(m);
        diag_list_free(&diags);
    }
}

/* A model whose core C has issuer S, a vector unit V and a copy unit IO, with the auto-sync
 * pairs `pairs` and the ops `ops` (an <ops> element or nothing). */
static struct model *issuer_model(const char *pairs, const char *ops, struct diag_list *diags)
{
    char xml[2048];
    snprintf(xml, sizeof(xml),
             "%s%s<coretype name=\"C\" default=\"true\" issuer=\"S\">\n%s%s%s%s%s"
             "<flags ids=\"8\" kind=\"binary\"/>\n"
             "<primitives><signal name=\"set_flag\" description=\"d\"/>"
             "<wait name=\"wait_flag\" description=\"d\"/></primitives>\n"
             "<source dialect=\"ascendc\">\n<auto-sync id=\"7\" pairs=\"%s\"/></source>\n%s",
             L1_ROOT, L2_SPACES, L4_S, L5_V, L6_IO, L7_END, ops, pairs, END);
    diag_list_init(diags, 0);
    return model_load_memory("issuer.xml", xml, strlen(xml), diags);
}

static void test_auto_issuer(void)
{
    struct diag_list diags;
    /* the shipped A2 model: every vector-core unit a pair from S, nothing interlocked */
    struct model *m = load_ok("ascend910b2", &diags);
    CU_ASSERT_PTR_NOT_NULL(m->source.auto_issuer);
    if (m->source.auto_issuer)
        CU_ASSERT_STRING_EQUAL(m->source.auto_issuer, "S");
    bool ub = false, gm = false;
    for (const char *const *c = m->source.core_spaces; c && *c; c++) {
        ub |= !strcmp(*c, "UB");
        gm |= !strcmp(*c, "GM");
    }
    CU_ASSERT(ub && !gm);
    model_free(m);
    diag_list_free(&diags);
    /* no <auto-sync>: nothing to say */
    m = load_ok("ascend910", &diags);
    CU_ASSERT_PTR_NULL(m->source.auto_issuer);
    model_free(m);
    diag_list_free(&diags);

    m = issuer_model("S:V S:IO V:S", "", &diags);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_PTR_NOT_NULL(m->source.auto_issuer);
    model_free(m);
    diag_list_free(&diags);
    /* IO is not ordered after S by the compiler: a sync S -> V could carry a scalar access
     * to IO's later instructions that no path's own sync orders */
    m = issuer_model("S:V V:S", "", &diags);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_PTR_NULL(m->source.auto_issuer);
    model_free(m);
    diag_list_free(&diags);
    /* an interlocked op orders accesses by itself, into the issuer's too */
    m = issuer_model("S:V S:IO",
                     "<ops default-interlocked=\"false\" default-blocking=\"false\">"
                     "<op name=\"copy\" unit=\"IO\" interlocked=\"true\"/></ops>\n", &diags);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_PTR_NULL(m->source.auto_issuer);
    model_free(m);
    diag_list_free(&diags);
}

/* The template itself must load, or every case above would prove nothing. */
static void test_template_is_valid(void)
{
    struct diag_list diags;
    diag_list_init(&diags, 0);
    struct model *m = model_load_memory("ok.xml", VALID, strlen(VALID), &diags);
    CU_ASSERT_PTR_NOT_NULL(m);
    CU_ASSERT_EQUAL(diags.len, 0);
    if (m) {
        CU_ASSERT_STRING_EQUAL(m->path, "ok.xml");
        CU_ASSERT_EQUAL(m->ncoretypes, 1);
        CU_ASSERT_EQUAL(m->flags.nids, 0);
    }
    model_free(m);
    diag_list_free(&diags);
}

static void test_limits(void)
{
    struct diag_list diags;
    diag_list_init(&diags, 0);
    /* 1 MiB + 1 byte of a comment: refused by size before anything is parsed. */
    size_t big = 1024 * 1024 + 1;
    char *xml = xmalloc(big);
    memset(xml, ' ', big);
    struct model *m = model_load_memory("big.xml", xml, big, &diags);
    CU_ASSERT_PTR_NULL(m);
    CU_ASSERT_EQUAL_FATAL(diags.len, 1);
    CU_ASSERT_STRING_EQUAL(diags.items[0].message,
                           "model file has more than 1048576 bytes; raise the limit with "
                           "--max-model-size");
    CU_ASSERT_EQUAL(diags.items[0].check, CHECK_LIMIT_EXCEEDED);
    free(xml);
    diag_list_free(&diags);

    /* 65 units on one core type. */
    diag_list_init(&diags, 0);
    size_t cap = 16384, len = 0;
    xml = xmalloc(cap);
    len += (size_t)snprintf(xml + len, cap - len, "%s", L1_ROOT L2_SPACES L3_CORE);
    for (int u = 0; u < 65; u++)
        len += (size_t)snprintf(xml + len, cap - len, "<unit name=\"U%d\" class=\"fifo\"/>\n", u);
    snprintf(xml + len, cap - len, "%s", L7_END PRIMS END);
    m = model_load_memory("units.xml", xml, strlen(xml), &diags);
    CU_ASSERT_PTR_NULL(m);
    CU_ASSERT_FATAL(diags.len >= 1);
    CU_ASSERT_STRING_EQUAL(diags.items[0].message, "core type 'C' has more than 64 units");
    CU_ASSERT_EQUAL(diags.items[0].loc.line, 3 + 65);
    free(xml);
    diag_list_free(&diags);

    /* 65 spaces. */
    diag_list_init(&diags, 0);
    len = 0;
    xml = xmalloc(cap);
    len += (size_t)snprintf(xml + len, cap - len, "%s", L1_ROOT "<spaces>\n");
    for (int s = 0; s < 65; s++)
        len += (size_t)snprintf(xml + len, cap - len, "<space name=\"M%d\" scope=\"core\"/>\n", s);
    snprintf(xml + len, cap - len, "%s", "</spaces>\n" CORE PRIMS END);
    m = model_load_memory("spaces.xml", xml, strlen(xml), &diags);
    CU_ASSERT_PTR_NULL(m);
    CU_ASSERT_FATAL(diags.len >= 1);
    CU_ASSERT_STRING_EQUAL(diags.items[0].message, "more than 64 spaces");
    CU_ASSERT_EQUAL(diags.items[0].loc.line, 2 + 65);
    free(xml);
    diag_list_free(&diags);
}

static const struct {
    const char *path, *message;
} unreadable[] = {
    {"/nonexistent/x.xml", "cannot read model file: No such file or directory"},
    {MODEL_DIR, "cannot read model file: Is a directory"},
};

static void test_unreadable_file(void)
{
    for (size_t i = 0; i < sizeof(unreadable) / sizeof(unreadable[0]); i++) {
        struct diag_list diags;
        diag_list_init(&diags, 0);
        struct model *m = model_load_file(unreadable[i].path, &diags);
        CU_ASSERT_PTR_NULL(m);
        CU_ASSERT_EQUAL_FATAL(diags.len, 1);
        CU_ASSERT_STRING_EQUAL(diags.items[0].message, unreadable[i].message);
        CU_ASSERT_STRING_EQUAL(diags.items[0].loc.file, unreadable[i].path);
        CU_ASSERT_EQUAL(diags.items[0].loc.line, 0);
        diag_list_free(&diags);
    }
}

/* A file on disk past the cap: refused after reading one byte more than 1 MiB. */
static void test_big_file(void)
{
    char path[] = "/tmp/accelsync-model-XXXXXX";
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    FILE *f = fdopen(fd, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs(VALID, f);
    for (int i = 0; i < 40000; i++)
        fputs("<!-- padding padding padding -->\n", f);
    fclose(f);
    struct diag_list diags;
    diag_list_init(&diags, 0);
    struct model *m = model_load_file(path, &diags);
    CU_ASSERT_PTR_NULL(m);
    CU_ASSERT_EQUAL_FATAL(diags.len, 1);
    CU_ASSERT_STRING_EQUAL(diags.items[0].message,
                           "model file has more than 1048576 bytes; raise the limit with "
                           "--max-model-size");
    CU_ASSERT_EQUAL(diags.items[0].check, CHECK_LIMIT_EXCEEDED);
    CU_ASSERT_STRING_EQUAL(diags.items[0].loc.file, path);
    diag_list_free(&diags);
    remove(path);
}

/* Things the vocabulary allows that the shipped models do not use. */
static void test_vocabulary_corners(void)
{
    static const char xml[] =
        L1_ROOT L2_SPACES
        "<coretype name=\"C\">\n"   /* a lone core type is the default */
        "<unit name=\" S \" class=\"sync\" reads=\"\n GM\tUB \"/>\n" L6_IO L7_END
        "<ops default-blocking=\"false\" default-interlocked=\"true\">\n"
        "<op name=\"ld\" unit=\"IO\" reads=\"GM\" writes=\"UB\"/>\n"
        "<op name=\"ld_async\" unit=\"IO\"/>\n"
        "<suffix-rule suffix=\"_async\" interlocked=\"false\"/>\n"
        "<suffix-rule suffix=\"_sync\" blocking=\"true\"/>\n"
        "</ops>\n"
        "<flags ids=\"+16\" kind=\"counting\"/>\n"
        "<primitives/>\n" END;
    struct diag_list diags;
    diag_list_init(&diags, 0);
    struct model *m = model_load_memory("corners.xml", xml, strlen(xml), &diags);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_EQUAL(m->default_coretype, 0);
    CU_ASSERT_PTR_NOT_NULL(model_coretype_find(m, "C"));
    CU_ASSERT_EQUAL(model_unit_index(&m->coretypes[0], "S"), 0);
    CU_ASSERT_EQUAL(m->coretypes[0].units[0].reads, 3);
    CU_ASSERT_EQUAL(m->flags.nids, 16);
    CU_ASSERT_TRUE(m->flags.counting);
    bool blocking, interlocked;
    model_op_attrs(m, "ld", &blocking, &interlocked);            /* from the defaults */
    CU_ASSERT(!blocking && interlocked);
    model_op_attrs(m, "ld_async", &blocking, &interlocked);      /* listed: rule fills in */
    CU_ASSERT(!blocking && !interlocked);
    model_op_attrs(m, "st_sync", &blocking, &interlocked);       /* rule + default */
    CU_ASSERT(blocking && interlocked);
    CU_ASSERT_EQUAL(m->nprims, 0);
    model_free(m);
    diag_list_free(&diags);
}

/* ================================================================== model_find */

static void test_find_by_name(void)
{
    setenv("ACCELSYNC_MODEL_PATH", "/nonexistent::" MODEL_DIR, 1);
    static const char *const extra[] = {"/first"};
    struct model_search search;
    model_search_init(&search, extra, 1);
    const char *const *dirs = search.dirs;
    CU_ASSERT_STRING_EQUAL(dirs[0], "/first");           /* --model-path */
    CU_ASSERT_STRING_EQUAL(dirs[1], "/nonexistent");     /* $ACCELSYNC_MODEL_PATH */
    CU_ASSERT_STRING_EQUAL(dirs[2], MODEL_DIR);
    /* beside the executable: no share/ or hwmodels/ beside build/tests/unit, so the
     * installed layout is named */
    CU_ASSERT_PTR_NOT_NULL(strstr(dirs[3], "/tests/unit/../share/accelsync/hwmodels"));
    CU_ASSERT_STRING_EQUAL(dirs[4], AS_MODEL_INSTALL_DIR);
    CU_ASSERT_PTR_NULL(dirs[5]);
    struct model_search plain;   /* two searches at once share nothing */
    model_search_init(&plain, NULL, 0);
    CU_ASSERT_STRING_EQUAL(plain.dirs[0], "/nonexistent");
    CU_ASSERT_STRING_EQUAL(search.dirs[0], "/first");
    model_search_free(&plain);
    model_search_free(&search);
    static const char *const names[] = {"ascend910b2", "ascend910", "ascend950", "mlu370",
                                        MODEL_DIR "/mlu370.xml"};
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        struct diag_list diags;
        diag_list_init(&diags, 0);
        struct as_loc loc = {"k.pir", 1, 7, 8};
        struct model *m = model_find(names[i], loc, &diags);
        CU_ASSERT_PTR_NOT_NULL(m);
        CU_ASSERT_EQUAL(diags.len, 0);
        if (m)
            CU_ASSERT_PTR_NOT_NULL(strstr(m->path, "/hwmodels/"));
        model_free(m);
        diag_list_free(&diags);
    }
    unsetenv("ACCELSYNC_MODEL_PATH");
}

/* A cache hands out the model it loaded while the file is unchanged, loads it again once the
 * file changes, and never caches a file that fails. */
static void test_find_cached(void)
{
    char dir[] = "/tmp/accelsync-cache-XXXXXX";
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
    char path[64];
    snprintf(path, sizeof(path), "%s/m.xml", dir);
    FILE *f = fopen(path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs(VALID, f);
    fclose(f);
    struct model_cache *cache = model_cache_new();
    struct diag_list diags;
    diag_list_init(&diags, 0);
    struct as_loc loc = {"k.pir", 1, 7, 8};
    struct model *a = model_find_limited(path, loc, NULL, NULL, 0, cache, &diags);
    struct model *b = model_find_limited(path, loc, NULL, NULL, 0, cache, &diags);
    CU_ASSERT_PTR_NOT_NULL(a);
    CU_ASSERT_PTR_EQUAL(a, b);   /* loaded once */
    char copy[80];   /* the same bytes under another name: not parsed and validated again */
    snprintf(copy, sizeof(copy), "%s/copy.xml", dir);
    f = fopen(copy, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs(VALID, f);
    fclose(f);
    struct model *same = model_find_limited(copy, loc, NULL, NULL, 0, cache, &diags);
    CU_ASSERT_PTR_EQUAL(same, a);
    model_free(same);
    unlink(copy);
    struct model_limits small = {.max_size = 64};
    CU_ASSERT_PTR_NULL(model_find_limited(path, loc, &small, NULL, 0, cache, &diags));
    CU_ASSERT_EQUAL(diags.len, 1);   /* other limits: loaded (and refused) again */
    f = fopen(path, "a");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs("<!-- changed -->\n", f);
    fclose(f);
    struct model *c = model_find_limited(path, loc, NULL, NULL, 0, cache, &diags);
    CU_ASSERT_PTR_NOT_NULL(c);
    CU_ASSERT_PTR_NOT_EQUAL(a, c);   /* the file changed: loaded again */
    model_free(c);
    model_free(b);
    f = fopen(path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs("<hardware-model", f);
    fclose(f);
    for (int i = 0; i < 2; i++) {   /* a broken file is reported to every file naming it */
        struct diag_list mine;
        diag_list_init(&mine, 0);
        CU_ASSERT_PTR_NULL(model_find_limited(path, loc, NULL, NULL, 0, cache, &mine));
        CU_ASSERT(mine.len > 0 && mine.items[0].check == CHECK_MODEL_ERROR);
        diag_list_free(&mine);
    }
    diag_list_free(&diags);
    model_cache_free(cache);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);   /* the caller's reference outlives the cache */
    CU_ASSERT_STRING_EQUAL(a->path, path);
    model_free(a);
    remove(path);
    rmdir(dir);
}

static void test_find_not_found(void)
{
    setenv("ACCELSYNC_MODEL_PATH", "/nonexistent/a:/nonexistent/b", 1);
    struct diag_list diags;
    diag_list_init(&diags, 0);
    struct as_loc loc = {"k.pir", 1, 7, 8};
    struct model *m = model_find("tpu9", loc, &diags);
    CU_ASSERT_PTR_NULL(m);
    CU_ASSERT_EQUAL_FATAL(diags.len, 1);
    char want[8192];
    struct model_search searched;
    model_search_init(&searched, NULL, 0);
    snprintf(want, sizeof(want),
             "model 'tpu9' not found: looked for tpu9.xml in /nonexistent/a, /nonexistent/b, "
             "%s, %s",
             searched.dirs[2], AS_MODEL_INSTALL_DIR);
    model_search_free(&searched);
    CU_ASSERT_STRING_EQUAL(diags.items[0].message, want);
    CU_ASSERT_STRING_EQUAL(diags.items[0].loc.file, "k.pir");
    CU_ASSERT_EQUAL(diags.items[0].loc.line, 1);
    CU_ASSERT_EQUAL(diags.items[0].check, CHECK_MODEL_ERROR);
    diag_list_free(&diags);

    /* A bare name never reaches outside the model directories. */
    diag_list_init(&diags, 0);
    m = model_find("..", loc, &diags);
    CU_ASSERT_PTR_NULL(m);
    CU_ASSERT_EQUAL_FATAL(diags.len, 1);
    CU_ASSERT_STRING_EQUAL(diags.items[0].message,
                           "invalid model name '..': use letters, digits, '_', '-' and '.', "
                           "or a path");
    diag_list_free(&diags);
    unsetenv("ACCELSYNC_MODEL_PATH");
}

/* libxml2 keeps process-wide tables (schema types, dictionaries); freeing them at the end
 * keeps valgrind's report about our code only. */
static int cleanup_libxml(void)
{
    xmlCleanupParser();
    return 0;
}

void register_suites(void)
{
    CU_pSuite shipped = CU_add_suite("model-shipped", NULL, NULL);
    CU_add_test(shipped, "core types, spaces, flag counts", test_model_facts);
    CU_add_test(shipped, "units and classes", test_units);
    CU_add_test(shipped, "spaces and scopes", test_spaces);
    CU_add_test(shipped, "unit access tables", test_unit_access);
    CU_add_test(shipped, "flag pairs", test_flag_pairs);
    CU_add_test(shipped, "op attributes", test_op_attrs);
    CU_add_test(shipped, "op table", test_ops);
    CU_add_test(shipped, "primitives", test_prims);
    CU_add_test(shipped, "cross-core flags", test_cross_flags);
    CU_add_test(shipped, "cluster shape and barrier scopes", test_cluster);
    CU_pSuite bad = CU_add_suite("model-errors", NULL, NULL);
    CU_add_test(bad, "template model is valid", test_template_is_valid);
    CU_add_test(bad, "auto-sync's issuer", test_auto_issuer);
    CU_add_test(bad, "bad models: first message and line", test_bad_models);
    CU_add_test(bad, "size, unit and space limits", test_limits);
    CU_add_test(bad, "unreadable file", test_unreadable_file);
    CU_add_test(bad, "file over 1 MiB", test_big_file);
    CU_add_test(bad, "vocabulary corners", test_vocabulary_corners);
    CU_pSuite find = CU_add_suite("model-find", NULL, cleanup_libxml);
    CU_add_test(find, "by name through ACCELSYNC_MODEL_PATH", test_find_by_name);
    CU_add_test(find, "not found lists the directories", test_find_not_found);
    CU_add_test(find, "a cache loads each file once", test_find_cached);
}

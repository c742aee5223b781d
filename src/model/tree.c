/* From a model document that passed the schema to struct model: one parse_<element>() per
 * element, plus the consistency checks a grammar cannot express (names exist, are unique). */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "internal.h"

#define MODEL_MAX_IDS 4096      /* flag ids and cross-core flags: the engine keeps per-id state */

struct walk {
    struct model *m;
    struct diag_list *diags;
    const char *path;           /* in diags->arena */
    bool failed;
    int ndefaults;              /* core types marked default="true" */
};

__attribute__((format(printf, 3, 4)))
static void node_error(struct walk *w, xmlNode *n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    model_vdiag(w->diags, w->path, n ? xmlGetLineNo(n) : 0, 0, fmt, ap);
    va_end(ap);
    w->failed = true;
}

/* ------------------------------------------------------------------ tree helpers */

static bool is_element(const xmlNode *n, const char *name)
{
    return n->type == XML_ELEMENT_NODE && xmlStrEqual(n->name, (const xmlChar *)name);
}

static xmlNode *next_element(xmlNode *n)
{
    while (n && n->type != XML_ELEMENT_NODE)
        n = n->next;
    return n;
}

#define FOR_EACH_ELEMENT(c, parent) \
    for (xmlNode *c = next_element((parent)->children); c; c = next_element(c->next))

static int count_elements(xmlNode *parent, const char *name)
{
    int n = 0;
    FOR_EACH_ELEMENT(c, parent)
        n += !name || is_element(c, name);
    return n;
}

static xmlNode *child_element(xmlNode *parent, const char *name)
{
    FOR_EACH_ELEMENT(c, parent)
        if (is_element(c, name))
            return c;
    return NULL;
}

static bool is_xml_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* An attribute's value copied into the model's arena, without the surrounding white space the
 * schema's token types allow; NULL when absent. */
static const char *attr(struct walk *w, xmlNode *n, const char *name)
{
    xmlChar *value = xmlGetProp(n, (const xmlChar *)name);
    if (!value)
        return NULL;
    const char *s = (const char *)value;
    size_t len = strlen(s);
    while (len && is_xml_space(s[len - 1]))
        len--;
    while (len && is_xml_space(*s))
        s++, len--;
    char *copy = arena_strndup(&w->m->arena, s, len);
    xmlFree(value);
    return copy;
}

/* "true"/"false"; -1 when absent. */
static int attr_bool(struct walk *w, xmlNode *n, const char *name)
{
    const char *v = attr(w, n, name);
    return v ? strcmp(v, "true") == 0 : -1;
}

/* A decimal integer in [lo, hi]; *out untouched when absent. False after an error. */
static bool attr_int(struct walk *w, xmlNode *n, const char *name, long long lo,
                     long long hi, long long *out)
{
    const char *v = attr(w, n, name);
    if (!v)
        return true;
    errno = 0;
    char *end;
    long long x = strtoll(v, &end, 10);
    if (errno || *end || end == v || x < lo || x > hi) {
        node_error(w, n, "%s=\"%s\" of <%s> must be between %lld and %lld", name, v,
                   (const char *)n->name, lo, hi);
        return false;
    }
    *out = x;
    return true;
}

struct name_list {
    const char **names;
    int len;
};

/* Splits a white-space separated list; the schema has checked each item's spelling. */
static struct name_list split_names(struct walk *w, const char *s)
{
    struct name_list list = {NULL, 0};
    int cap = 0;
    for (const char *p = s; p && *p;) {
        while (is_xml_space(*p))
            p++;
        if (!*p)
            break;
        const char *start = p;
        while (*p && !is_xml_space(*p))
            p++;
        if (list.len == cap) {
            int ncap = cap ? 2 * cap : 8;
            const char **grown = arena_alloc_array(&w->m->arena, (size_t)ncap, sizeof(*grown));
            if (list.len)
                memcpy(grown, list.names, (size_t)list.len * sizeof(*grown));
            list.names = grown;
            cap = ncap;
        }
        list.names[list.len++] = arena_strndup(&w->m->arena, start, (size_t)(p - start));
    }
    return list;
}

static int list_find(const struct name_list *list, int upto, const char *name)
{
    for (int i = 0; i < upto; i++)
        if (strcmp(list->names[i], name) == 0)
            return i;
    return -1;
}

/* ------------------------------------------------------------------ model lookups */

/* Whether some core type has a unit of this name (primitives and ops name units of any). */
static bool unit_exists(const struct model *m, const char *name)
{
    for (int i = 0; i < m->ncoretypes; i++)
        if (model_unit_index(&m->coretypes[i], name) >= 0)
            return true;
    return false;
}

/* The first unit of this name, on any core type, of the given class; NULL when none. */
static const struct model_unit *find_unit_of_class(const struct model *m, const char *name,
                                                   enum unit_class cls, const char **coretype)
{
    for (int i = 0; i < m->ncoretypes; i++) {
        const struct model_coretype *ct = &m->coretypes[i];
        for (int u = 0; u < ct->nunits; u++) {
            if ((!name || strcmp(ct->units[u].name, name) == 0) && ct->units[u].cls == cls) {
                *coretype = ct->name;
                return &ct->units[u];
            }
        }
    }
    return NULL;
}

/* Spaces a unit of this name may read (or write) on any core type that has it. */
static uint64_t unit_access_union(const struct model *m, const char *name, bool writes)
{
    uint64_t mask = 0;
    for (int i = 0; i < m->ncoretypes; i++) {
        int u = model_unit_index(&m->coretypes[i], name);
        if (u >= 0)
            mask |= writes ? m->coretypes[i].units[u].writes : m->coretypes[i].units[u].reads;
    }
    return mask;
}

/* A list of space names as a mask; `what` names the owner for messages ("unit 'V'"). */
static uint64_t parse_space_set(struct walk *w, xmlNode *n, const char *attr_name,
                                const char *what)
{
    struct name_list list = split_names(w, attr(w, n, attr_name));
    uint64_t mask = 0;
    for (int i = 0; i < list.len; i++) {
        int s = model_space_index(w->m, list.names[i]);
        if (s < 0)
            node_error(w, n, "unknown space '%s' in %s of %s", list.names[i], attr_name, what);
        else
            mask |= UINT64_C(1) << s;
    }
    return mask;
}

/* ------------------------------------------------------------------ <spaces> */

static void parse_space(struct walk *w, xmlNode *n)
{
    struct model *m = w->m;
    const char *name = attr(w, n, "name");
    if (model_space_index(m, name) >= 0) {
        node_error(w, n, "duplicate space '%s'", name);
        return;
    }
    struct model_space *s = &m->spaces[m->nspaces++];
    s->name = name;
    const char *scope = attr(w, n, "scope");
    s->scope = strcmp(scope, "global") == 0    ? SCOPE_GLOBAL
               : strcmp(scope, "cluster") == 0 ? SCOPE_CLUSTER
                                               : SCOPE_CORE;
    long long size = -1;
    attr_int(w, n, "size", 0, INT64_MAX, &size);
    s->size = size;
}

static bool parse_spaces(struct walk *w, xmlNode *spaces)
{
    struct model *m = w->m;
    int n = count_elements(spaces, "space");
    m->spaces = arena_alloc_array(&m->arena, (size_t)n, sizeof(*m->spaces));
    int seen = 0;
    FOR_EACH_ELEMENT(c, spaces) {
        if (!is_element(c, "space"))
            continue;
        if (++seen > MODEL_MAX_SPACES) {
            node_error(w, c, "more than %d spaces", MODEL_MAX_SPACES);
            return false;
        }
        parse_space(w, c);
    }
    return true;
}

/* ------------------------------------------------------------------ <coretype> */

static unsigned parse_hazards(struct walk *w, xmlNode *n)
{
    struct name_list list = split_names(w, attr(w, n, "intra-hazards"));
    unsigned bits = 0;
    for (int i = 0; i < list.len; i++)
        bits |= strcmp(list.names[i], "RAW") == 0   ? HAZ_RAW
                : strcmp(list.names[i], "WAR") == 0 ? HAZ_WAR
                                                    : HAZ_WAW;
    return bits;
}

static enum unit_class parse_class(const char *s)
{
    return strcmp(s, "sync") == 0 ? UNIT_SYNC : strcmp(s, "fifo") == 0 ? UNIT_FIFO
                                                                      : UNIT_PIPELINED;
}

static void parse_unit(struct walk *w, struct model_coretype *ct, xmlNode *n)
{
    const char *name = attr(w, n, "name");
    if (model_unit_index(ct, name) >= 0) {
        node_error(w, n, "duplicate unit '%s' in core type '%s'", name, ct->name);
        return;
    }
    struct model_unit *u = &ct->units[ct->nunits++];
    u->name = name;
    u->cls = parse_class(attr(w, n, "class"));
    u->intra_hazards = parse_hazards(w, n);
    if (u->intra_hazards && u->cls != UNIT_PIPELINED)
        node_error(w, n, "unit '%s' is %s: intra-hazards apply only to pipelined units", name,
                   unit_class_name(u->cls));
    long long ordered = 0;
    if (attr_int(w, n, "intra-ordered-from", 1, INT64_MAX, &ordered) && ordered > 0) {
        u->intra_ordered_from = ordered;
        if (!u->intra_hazards)
            node_error(w, n, "unit '%s' has intra-ordered-from but no intra-hazards to relax",
                       name);
    }
    struct name_list ops = split_names(w, attr(w, n, "ops"));
    for (int i = 0; i < ops.len; i++) {
        const char *c = ops.names[i];
        bool ok = *c && (c[0] == '_' || c[0] == '*' || c[0] == '?' || (c[0] >= 'A' && c[0] <= 'Z')
                         || (c[0] >= 'a' && c[0] <= 'z'));
        for (; *c && ok; c++)
            ok = *c == '_' || *c == '*' || *c == '?' || (*c >= 'A' && *c <= 'Z')
                 || (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9');
        if (!ok)
            node_error(w, n, "unit '%s': op name or pattern '%s' is not an identifier (letters, "
                             "digits, _, with * and ? as wildcards)",
                       name, ops.names[i]);
    }
    u->ops = ops.names;
    u->nops = ops.len;
    const char *what = arena_printf(&w->m->arena, "unit '%s'", name);
    u->reads = parse_space_set(w, n, "reads", what);
    u->writes = parse_space_set(w, n, "writes", what);
}

static void parse_pair(struct walk *w, struct model_coretype *ct, xmlNode *n)
{
    const char *src = attr(w, n, "src"), *dst = attr(w, n, "dst");
    int s = model_unit_index(ct, src), d = model_unit_index(ct, dst);
    if (s < 0 || d < 0) {
        node_error(w, n, "unknown unit '%s' in flag pair of core type '%s'", s < 0 ? src : dst,
                   ct->name);
        return;
    }
    if (ct->allowed_dst[s] & (UINT64_C(1) << d))
        node_error(w, n, "duplicate flag pair %s -> %s in core type '%s'", src, dst, ct->name);
    ct->allowed_dst[s] |= UINT64_C(1) << d;
}

static void parse_flag_pairs(struct walk *w, struct model_coretype *ct, xmlNode *pairs)
{
    FOR_EACH_ELEMENT(c, pairs)
        if (is_element(c, "pair"))
            parse_pair(w, ct, c);
}

static bool parse_units(struct walk *w, struct model_coretype *ct, xmlNode *n)
{
    int count = count_elements(n, "unit");
    ct->units = arena_alloc_array(&w->m->arena, (size_t)count, sizeof(*ct->units));
    int seen = 0;
    FOR_EACH_ELEMENT(c, n) {
        if (!is_element(c, "unit"))
            continue;
        if (++seen > MODEL_MAX_UNITS) {
            node_error(w, c, "core type '%s' has more than %d units", ct->name,
                       MODEL_MAX_UNITS);
            return false;
        }
        parse_unit(w, ct, c);
    }
    return true;
}

static bool parse_coretype(struct walk *w, xmlNode *n)
{
    struct model *m = w->m;
    const char *name = attr(w, n, "name");
    if (model_coretype_find(m, name)) {
        node_error(w, n, "duplicate core type '%s'", name);
        return true;
    }
    int index = m->ncoretypes++;
    struct model_coretype *ct = &m->coretypes[index];
    ct->name = name;
    ct->description = attr(w, n, "description");
    if (attr_bool(w, n, "default") == 1) {
        if (w->ndefaults++)
            node_error(w, n, "more than one default core type: '%s' and '%s'",
                       m->coretypes[m->default_coretype].name, name);
        else
            m->default_coretype = index;
    }
    if (!parse_units(w, ct, n))
        return false;
    ct->issuer = -1;
    const char *issuer = attr(w, n, "issuer");
    if (issuer && (ct->issuer = model_unit_index(ct, issuer)) < 0)
        node_error(w, n, "issuer '%s' is not a unit of core type '%s'", issuer, name);
    ct->allowed_dst = arena_alloc_array(&m->arena, (size_t)ct->nunits, sizeof(uint64_t));
    xmlNode *pairs = child_element(n, "flag-pairs");
    if (pairs)
        parse_flag_pairs(w, ct, pairs);
    return true;
}

static bool parse_coretypes(struct walk *w, xmlNode *root)
{
    struct model *m = w->m;
    int n = count_elements(root, "coretype");
    m->coretypes = arena_alloc_array(&m->arena, (size_t)n, sizeof(*m->coretypes));
    FOR_EACH_ELEMENT(c, root)
        if (is_element(c, "coretype") && !parse_coretype(w, c))
            return false;
    /* A lone core type is the default without saying so. */
    if (w->ndefaults == 0 && m->ncoretypes > 1)
        node_error(w, root, "no core type is marked default=\"true\"");
    return true;
}

/* ------------------------------------------------------------------ <ops> */

/* Blocking and interlocked ops only on fifo and sync units: this keeps the vector-clock
 * engine exact (docs/semantics.md §4). */
static void check_ordered_unit(struct walk *w, xmlNode *n, const char *op,
                               const char *unit, bool blocking, bool interlocked)
{
    if (!blocking && !interlocked)
        return;
    const char *coretype;
    if (!find_unit_of_class(w->m, unit, UNIT_PIPELINED, &coretype))
        return;
    node_error(w, n,
               "op '%s' is %s but unit '%s' of core type '%s' is pipelined; blocking and "
               "interlocked ops must run on fifo or sync units",
               op, blocking && interlocked ? "blocking and interlocked"
                   : blocking              ? "blocking"
                                           : "interlocked",
               unit, coretype);
}

/* Defaults and suffix rules apply to ops written with any unit, so any pipelined unit in the
 * model makes a "true" there wrong. */
static void check_no_pipelined(struct walk *w, xmlNode *n, const char *what, bool on)
{
    const char *coretype;
    const struct model_unit *u = on ? find_unit_of_class(w->m, NULL, UNIT_PIPELINED, &coretype)
                                    : NULL;
    if (u)
        node_error(w, n,
                   "%s but unit '%s' of core type '%s' is pipelined; blocking and interlocked "
                   "ops must run on fifo or sync units",
                   what, u->name, coretype);
}

static void parse_suffix_rule(struct walk *w, xmlNode *n)
{
    struct model *m = w->m;
    const char *suffix = attr(w, n, "suffix");
    for (int i = 0; i < m->nsuffix_rules; i++) {
        if (strcmp(m->suffix_rules[i].suffix, suffix) == 0) {
            node_error(w, n, "duplicate suffix rule '%s'", suffix);
            return;
        }
    }
    struct model_op_suffix_rule *r = &m->suffix_rules[m->nsuffix_rules++];
    r->suffix = suffix;
    int interlocked = attr_bool(w, n, "interlocked"), blocking = attr_bool(w, n, "blocking");
    r->interlocked = interlocked < 0 ? m->default_interlocked : interlocked;
    r->blocking = blocking < 0 ? m->default_blocking : blocking;
    const char *what = arena_printf(&m->arena, "suffix rule '%s' makes ops %s", suffix,
                                    r->blocking && r->interlocked ? "blocking and interlocked"
                                    : r->blocking                 ? "blocking"
                                                                  : "interlocked");
    check_no_pipelined(w, n, what, r->blocking || r->interlocked);
}

static void parse_op_units(struct walk *w, xmlNode *n, struct model_op *op)
{
    struct name_list list = split_names(w, attr(w, n, "unit"));
    if (list.len == 0)
        node_error(w, n, "op '%s' names no unit", op->name);
    for (int i = 0; i < list.len; i++) {
        if (!unit_exists(w->m, list.names[i]))
            node_error(w, n, "op '%s' names unknown unit '%s'", op->name, list.names[i]);
        else if (list_find(&list, i, list.names[i]) >= 0)
            node_error(w, n, "op '%s' names unit '%s' twice", op->name, list.names[i]);
    }
    op->units = list.names;
    op->nunits = list.len;
    op->unit = list.len ? list.names[0] : "";
}

/* The op's spaces must be ones each of its units may touch somewhere. */
static void check_op_spaces(struct walk *w, xmlNode *n, const struct model_op *op,
                            bool writes)
{
    uint64_t spaces = writes ? op->write_spaces : op->read_spaces;
    for (int i = 0; i < op->nunits; i++) {
        uint64_t bad = spaces & ~unit_access_union(w->m, op->units[i], writes);
        if (bad) {
            int s = 0;
            while (!(bad & (UINT64_C(1) << s)))
                s++;
            node_error(w, n, "op '%s' %s space '%s', which unit '%s' may not %s", op->name,
                       writes ? "writes" : "reads", w->m->spaces[s].name, op->units[i],
                       writes ? "write" : "read");
            return;
        }
    }
}

static void parse_op(struct walk *w, xmlNode *n)
{
    struct model *m = w->m;
    const char *name = attr(w, n, "name");
    if (model_op_find(m, name)) {
        node_error(w, n, "duplicate op '%s'", name);
        return;
    }
    /* Before the op joins the table, model_op_attrs answers as for an unlisted op: the
     * fallback of attributes the entry leaves out. */
    bool blocking, interlocked;
    model_op_attrs(m, name, &blocking, &interlocked);
    struct model_op *op = &m->ops[m->nops];
    op->name = name;
    parse_op_units(w, n, op);
    int b = attr_bool(w, n, "blocking"), i = attr_bool(w, n, "interlocked");
    op->blocking = b < 0 ? blocking : b;
    op->interlocked = i < 0 ? interlocked : i;
    const char *what = arena_printf(&m->arena, "op '%s'", name);
    op->read_spaces = parse_space_set(w, n, "reads", what);
    op->write_spaces = parse_space_set(w, n, "writes", what);
    check_op_spaces(w, n, op, false);
    check_op_spaces(w, n, op, true);
    for (int u = 0; u < op->nunits; u++)
        check_ordered_unit(w, n, name, op->units[u], op->blocking, op->interlocked);
    m->nops++;
}

static void parse_ops(struct walk *w, xmlNode *ops)
{
    struct model *m = w->m;
    int di = attr_bool(w, ops, "default-interlocked"), db = attr_bool(w, ops, "default-blocking");
    m->default_interlocked = di == 1;
    m->default_blocking = db == 1;
    check_no_pipelined(w, ops, "default-interlocked=\"true\"", m->default_interlocked);
    check_no_pipelined(w, ops, "default-blocking=\"true\"", m->default_blocking);
    /* Suffix rules first: an op entry that leaves out an attribute falls back on them. */
    int nrules = count_elements(ops, "suffix-rule");
    m->suffix_rules = arena_alloc_array(&m->arena, (size_t)nrules, sizeof(*m->suffix_rules));
    FOR_EACH_ELEMENT(c, ops)
        if (is_element(c, "suffix-rule"))
            parse_suffix_rule(w, c);
    int nops = count_elements(ops, "op");
    m->ops = arena_alloc_array(&m->arena, (size_t)nops, sizeof(*m->ops));
    FOR_EACH_ELEMENT(c, ops)
        if (is_element(c, "op"))
            parse_op(w, c);
    FOR_EACH_ELEMENT(c, ops)
        if (is_element(c, "atomic")) {   /* at most one: the schema */
            struct name_list list = split_names(w, attr(w, c, "ops"));
            if (list.len == 0)
                node_error(w, c, "<atomic> lists no op");
            m->atomic_ops = list.names;
            m->natomic_ops = list.len;
        }
}

/* ------------------------------------------------------------------ <flags>, <cross-flags> */

static void parse_flags(struct walk *w, xmlNode *n)
{
    long long ids = 0;
    if (attr_int(w, n, "ids", 1, MODEL_MAX_IDS, &ids))
        w->m->flags.nids = (int)ids;
    w->m->flags.counting = strcmp(attr(w, n, "kind"), "counting") == 0;
}

static void parse_mode_coretypes(struct walk *w, xmlNode *n, struct model_xmode *mode)
{
    if (mode->scope == XMODE_SAME_TYPE) {
        mode->coretype = attr(w, n, "coretype");
        if (mode->coretype && !model_coretype_find(w->m, mode->coretype))
            node_error(w, n, "mode %d names unknown core type '%s'", mode->id, mode->coretype);
        return;
    }
    struct name_list list = split_names(w, attr(w, n, "coretypes"));
    for (int i = 0; i < list.len && i < 2; i++) {
        mode->coretypes[i] = list.names[i];
        if (!model_coretype_find(w->m, list.names[i]))
            node_error(w, n, "mode %d names unknown core type '%s'", mode->id, list.names[i]);
    }
    if (list.len == 2 && strcmp(list.names[0], list.names[1]) == 0)
        node_error(w, n, "mode %d names core type '%s' twice", mode->id, list.names[0]);
}

static void parse_mode(struct walk *w, xmlNode *n)
{
    struct model_xflags *x = &w->m->xflags;
    long long id = 0;
    if (!attr_int(w, n, "id", 0, INT_MAX, &id))
        return;
    for (int i = 0; i < x->nmodes; i++) {
        if (x->modes[i].id == id) {
            node_error(w, n, "duplicate cross-core mode %lld", id);
            return;
        }
    }
    struct model_xmode *mode = &x->modes[x->nmodes++];
    mode->id = (int)id;
    mode->scope = strcmp(attr(w, n, "scope"), "cross-type") == 0 ? XMODE_CROSS_TYPE
                                                                  : XMODE_SAME_TYPE;
    const char *within = attr(w, n, "within");
    mode->per_cluster = within && strcmp(within, "cluster") == 0;
    parse_mode_coretypes(w, n, mode);
}

static void parse_cross_flags(struct walk *w, xmlNode *n)
{
    struct model *m = w->m;
    struct model_xflags *x = &m->xflags;
    long long flags = 0, capacity = 0;
    if (attr_int(w, n, "flags", 1, MODEL_MAX_IDS, &flags))
        x->nflags = (int)flags;
    if (attr_int(w, n, "capacity", 1, INT_MAX, &capacity))
        x->capacity = (int)capacity;
    long long user = 0;
    if (attr_int(w, n, "user-flags", 1, MODEL_MAX_IDS, &user)) {
        if (user > flags)
            node_error(w, n, "cross-flags user-flags %lld is more than its flags %lld", user,
                       flags);
        else
            m->source.cross_user_flags = (int)user;
    }
    /* Any core type may wait, so every one needs the unit the wait occupies. */
    x->wait_unit = attr(w, n, "wait-unit");
    const char *blocks = attr(w, n, "wait-blocks");
    x->wait_blocks_named = blocks && strcmp(blocks, "named-unit") == 0;
    for (int i = 0; i < m->ncoretypes; i++)
        if (model_unit_index(&m->coretypes[i], x->wait_unit) < 0)
            node_error(w, n, "cross-flags wait-unit '%s' is not a unit of core type '%s'",
                       x->wait_unit, m->coretypes[i].name);
    x->modes = arena_alloc_array(&m->arena, (size_t)count_elements(n, "mode"),
                                 sizeof(*x->modes));
    FOR_EACH_ELEMENT(c, n)
        if (is_element(c, "mode"))
            parse_mode(w, c);
}

/* ------------------------------------------------------------------ <cluster> */

static void parse_cluster(struct walk *w, xmlNode *n)
{
    struct model *m = w->m;
    m->cluster_members = arena_alloc_array(&m->arena, (size_t)count_elements(n, "member"),
                                           sizeof(*m->cluster_members));
    FOR_EACH_ELEMENT(c, n) {
        const char *type = attr(w, c, "coretype");
        long long max = 0;
        if (!model_coretype_find(m, type)) {
            node_error(w, c, "cluster member names unknown core type '%s'", type);
            continue;
        }
        for (int i = 0; i < m->ncluster_members; i++)
            if (strcmp(m->cluster_members[i].coretype, type) == 0)
                node_error(w, c, "cluster names core type '%s' twice", type);
        if (attr_int(w, c, "max", 1, INT_MAX, &max))
            m->cluster_members[m->ncluster_members++] =
                (struct model_cluster_member){.coretype = type, .max = (int)max};
    }
}

/* ------------------------------------------------------------------ <primitives> */

/* "*" or a list of names, each checked by `exists`; empty lists are refused. */
static struct unit_name_set parse_name_set(struct walk *w, xmlNode *n, const char *attr_name,
                                           const char *prim, bool coretypes)
{
    struct unit_name_set set = {true, NULL, 0};
    const char *value = attr(w, n, attr_name);
    if (!value || strcmp(value, "*") == 0)
        return set;
    struct name_list list = split_names(w, value);
    set.all = false;
    set.names = list.names;
    set.len = list.len;
    if (list.len == 0)
        node_error(w, n, "primitive '%s': empty %s %s", prim, attr_name,
                   coretypes ? "list" : "set");
    for (int i = 0; i < list.len; i++) {
        bool known = coretypes ? model_coretype_find(w->m, list.names[i]) != NULL
                               : unit_exists(w->m, list.names[i]);
        if (!known)
            node_error(w, n, "primitive '%s' names unknown %s '%s'", prim,
                       coretypes ? "core type" : "unit", list.names[i]);
    }
    return set;
}

static void parse_mask(struct walk *w, xmlNode *n, struct model_prim *p)
{
    struct name_list mask = split_names(w, attr(w, n, "mask"));
    if (mask.len == 0)
        node_error(w, n, "primitive '%s': empty mask", p->name);
    else if (mask.len > MODEL_MAX_UNITS)
        node_error(w, n, "primitive '%s': mask of more than %d units", p->name,
                   MODEL_MAX_UNITS);
    for (int i = 0; i < mask.len; i++) {
        if (!unit_exists(w->m, mask.names[i]))
            node_error(w, n, "primitive '%s' names unknown unit '%s'", p->name, mask.names[i]);
        else if (list_find(&mask, i, mask.names[i]) >= 0)
            node_error(w, n, "primitive '%s': mask names unit '%s' twice", p->name,
                       mask.names[i]);
    }
    p->mask_units = mask.names;
    p->nmask = mask.len;
}

static void parse_barrier(struct walk *w, xmlNode *n, struct model_prim *p)
{
    const char *form = attr(w, n, "form");
    if (strcmp(form, "unit-arg") == 0) {
        p->form = BAR_UNIT_ARG;
        p->all_word = attr(w, n, "all-word");
        /* pipe_barrier(X) must not be ambiguous between the unit X and "all". */
        if (p->all_word && unit_exists(w->m, p->all_word))
            node_error(w, n, "primitive '%s': all-word '%s' is also a unit name", p->name,
                       p->all_word);
        return;
    }
    if (strcmp(form, "unit-pair") == 0) {
        p->form = BAR_UNIT_PAIR;
        return;
    }
    p->form = strcmp(form, "fixed") == 0 ? BAR_FIXED : BAR_MASK_ARGS;
    if (p->form == BAR_MASK_ARGS)
        parse_mask(w, n, p);
    p->from = parse_name_set(w, n, "from", p->name, false);
    p->to = parse_name_set(w, n, "to", p->name, false);
}

/* A signal or wait's bank (bank="NAME": flags of its own, apart from <flags>) and ids. The
 * primitives of one bank agree on ids; the bank index is the order of first naming. */
static void parse_flag_bank(struct walk *w, xmlNode *n, struct model_prim *p)
{
    const struct model *m = w->m;
    p->nids = m->flags.nids;
    long long ids = 0;
    if (attr_int(w, n, "ids", 1, MODEL_MAX_IDS, &ids) && ids > 0)
        p->nids = (int)ids;
    const char *bank = attr(w, n, "bank");
    p->bank_name = bank;
    if (!bank) {
        if (ids > 0)   /* the event ids' count is <flags ids>, one for every primitive */
            node_error(w, n, "primitive '%s': ids is for a primitive with a bank of its own; "
                       "the event ids are <flags ids>", p->name);
        return;
    }
    int next = 1;
    for (const struct model_prim *q = m->prims; q < p; q++) {
        if ((q->kind != PRIM_SIGNAL && q->kind != PRIM_WAIT) || !q->bank_name)
            continue;
        if (strcmp(q->bank_name, bank) != 0) {
            next = q->bank >= next ? q->bank + 1 : next;
            continue;
        }
        p->bank = q->bank;
        if (q->nids != p->nids)
            node_error(w, n, "primitive '%s' has %d ids, bank '%s' has %d (primitive '%s')",
                       p->name, p->nids, bank, q->nids, q->name);
        return;
    }
    p->bank = next;
}

static void parse_prim_kind(struct walk *w, xmlNode *n, struct model_prim *p)
{
    const struct model *m = w->m;
    if (is_element(n, "signal") || is_element(n, "wait")) {
        p->kind = is_element(n, "signal") ? PRIM_SIGNAL : PRIM_WAIT;
        if (m->flags.nids == 0)
            node_error(w, n, "primitive '%s' needs a <flags> element", p->name);
        parse_flag_bank(w, n, p);
    } else if (is_element(n, "cross-signal") || is_element(n, "cross-wait")) {
        p->kind = is_element(n, "cross-signal") ? PRIM_XSIGNAL : PRIM_XWAIT;
        if (m->xflags.nflags == 0)
            node_error(w, n, "primitive '%s' needs a <cross-flags> element", p->name);
    } else if (is_element(n, "barrier")) {
        p->kind = PRIM_BARRIER;
        parse_barrier(w, n, p);
    } else {
        p->kind = PRIM_XBARRIER;
        p->participants = parse_name_set(w, n, "participants", p->name, true);
        const char *scope = attr(w, n, "scope");
        p->per_cluster = scope && strcmp(scope, "cluster") == 0;
    }
}

static void parse_prim(struct walk *w, xmlNode *n)
{
    struct model *m = w->m;
    const char *name = attr(w, n, "name");
    if (model_prim_find(m, name)) {
        node_error(w, n, "duplicate primitive '%s'", name);
        return;
    }
    struct model_prim *p = &m->prims[m->nprims++];
    p->name = name;
    p->description = attr(w, n, "description");
    parse_prim_kind(w, n, p);
}

/* Whether a primitive before i is in the bank of primitive i. */
static bool prim_bank_seen(const struct model *m, int i)
{
    for (int j = 0; j < i; j++)
        if ((m->prims[j].kind == PRIM_SIGNAL || m->prims[j].kind == PRIM_WAIT) &&
            m->prims[j].bank == m->prims[i].bank)
            return true;
    return false;
}

static void parse_primitives(struct walk *w, xmlNode *prims)
{
    struct model *m = w->m;
    m->prims = arena_alloc_array(&m->arena, (size_t)count_elements(prims, NULL),
                                 sizeof(*m->prims));
    FOR_EACH_ELEMENT(c, prims)
        parse_prim(w, c);
    /* A bank with signals and no wait (or the reverse) could only leak or deadlock. */
    for (int i = 0; i < m->nprims; i++) {
        const struct model_prim *p = &m->prims[i];
        if (!p->bank || (i > 0 && prim_bank_seen(m, i)))
            continue;
        bool signal = false, wait = false;
        for (int j = i; j < m->nprims; j++)
            if (m->prims[j].bank == p->bank && (m->prims[j].kind == PRIM_SIGNAL ||
                                                 m->prims[j].kind == PRIM_WAIT)) {
                signal |= m->prims[j].kind == PRIM_SIGNAL;
                wait |= m->prims[j].kind == PRIM_WAIT;
            }
        if (!signal || !wait)
            node_error(w, prims, "bank '%s' has no %s primitive", p->bank_name,
                       signal ? "wait" : "signal");
    }
}

/* ------------------------------------------------------------------ <source> */

static const char *existing_coretype(struct walk *w, xmlNode *n, const char *attribute)
{
    const char *name = attr(w, n, attribute);
    if (name && !model_coretype_find(w->m, name)) {
        node_error(w, n, "%s '%s' is not a core type of the model", attribute, name);
        return NULL;
    }
    return name;
}

/* An event SRC_DST names two units of one core type (a queue's flag is a channel of it). */
static bool event_of_units(const struct model *m, const char *event)
{
    const char *sep = strchr(event, '_');
    if (!sep || strchr(sep + 1, '_'))
        return false;
    char src[64];
    size_t n = (size_t)(sep - event);
    if (n >= sizeof(src))
        return false;
    memcpy(src, event, n);
    src[n] = '\0';
    for (int i = 0; i < m->ncoretypes; i++)
        if (model_unit_index(&m->coretypes[i], src) >= 0 &&
            model_unit_index(&m->coretypes[i], sep + 1) >= 0)
            return true;
    return false;
}

static void parse_position(struct walk *w, xmlNode *n)
{
    struct model_source *s = &w->m->source;
    struct model_source_position *p = &s->positions[s->npositions];
    p->name = attr(w, n, "name");
    p->space = attr(w, n, "space");
    p->enque = attr(w, n, "enque");
    p->free = attr(w, n, "free");
    for (int i = 0; i < s->npositions; i++)
        if (!strcmp(s->positions[i].name, p->name)) {
            node_error(w, n, "position '%s' is declared twice", p->name);
            return;
        }
    if (model_space_index(w->m, p->space) < 0) {
        node_error(w, n, "position '%s' names unknown space '%s'", p->name, p->space);
        return;
    }
    const char *events[2] = {p->enque, p->free};
    for (int i = 0; i < 2; i++)
        if (events[i] && !event_of_units(w->m, events[i])) {
            node_error(w, n, "position '%s': event '%s' is not SRC_DST of two units of one "
                       "core type", p->name, events[i]);
            return;
        }
    s->npositions++;
}

/* The primitive <auto-sync> names in attribute `which` (or `fallback`), which must be one of
 * the model's of that kind (a barrier: of form unit-pair); NULL when neither is given. */
static const char *auto_sync_prim(struct walk *w, xmlNode *n, const char *which,
                                  const char *fallback, enum prim_kind kind)
{
    const char *name = attr(w, n, which);
    if (!name)
        name = fallback;
    if (!name)
        return NULL;
    const struct model_prim *p = model_prim_find(w->m, name);
    if (!p || p->kind != kind || (kind == PRIM_BARRIER && p->form != BAR_UNIT_PAIR)) {
        node_error(w, n, "auto-sync %s '%s' is not a %s primitive of the model", which, name,
                   kind == PRIM_BARRIER ? "unit-pair barrier" : kind == PRIM_SIGNAL ? "signal"
                                                                                      : "wait");
        return NULL;
    }
    return name;
}

static void parse_auto_sync(struct walk *w, xmlNode *n)
{
    struct model *m = w->m;
    struct model_source *s = &m->source;
    if (s->nauto_pairs) {
        node_error(w, n, "<auto-sync> is given twice");
        return;
    }
    const struct model_coretype *ct = model_coretype_find(m, s->vector_core);
    long long id = -1;
    if (!attr_int(w, n, "id", 0, INT_MAX, &id) || !ct)
        return;
    if (id >= m->flags.nids) {
        node_error(w, n, "auto-sync id %lld is not a flag id (ids 0..%d)", id, m->flags.nids - 1);
        return;
    }
    struct name_list pairs = split_names(w, attr(w, n, "pairs"));
    s->auto_src = arena_alloc_array(&m->arena, (size_t)pairs.len + 1, sizeof(*s->auto_src));
    s->auto_dst = arena_alloc_array(&m->arena, (size_t)pairs.len + 1, sizeof(*s->auto_dst));
    for (int i = 0; i < pairs.len; i++) {
        const char *colon = strchr(pairs.names[i], ':');
        char *src = arena_strndup(&m->arena, pairs.names[i], (size_t)(colon - pairs.names[i]));
        const char *dst = colon + 1;
        if (model_unit_index(ct, src) < 0 || model_unit_index(ct, dst) < 0) {
            node_error(w, n, "auto-sync pair '%s' names a unit core type %s does not have",
                       pairs.names[i], ct->name);
            return;
        }
        s->auto_src[i] = src;
        s->auto_dst[i] = dst;
    }
    s->nauto_pairs = pairs.len;
    s->auto_sync_id = (int)id;
    s->auto_signal = auto_sync_prim(w, n, "signal", "set_flag", PRIM_SIGNAL);
    s->auto_wait = auto_sync_prim(w, n, "wait", "wait_flag", PRIM_WAIT);
    s->auto_barrier = auto_sync_prim(w, n, "barrier", NULL, PRIM_BARRIER);
    s->auto_by_barrier = arena_alloc_array(&m->arena, (size_t)pairs.len + 1, sizeof(bool));
    for (int i = 0; i < pairs.len; i++)
        s->auto_by_barrier[i] = s->auto_barrier && strcmp(s->auto_src[i], s->auto_dst[i]) != 0
                                && model_unit_index(ct, s->auto_dst[i]) != ct->issuer;
}

/* <host>: the core counts and UB reserve an operator's host tiling code reads. */
static void parse_host(struct walk *w, xmlNode *n)
{
    struct model_source *s = &w->m->source;
    if (s->has_host) {
        node_error(w, n, "<host> is given twice");
        return;
    }
    long long vec = 0, cube = 0, reserved = 0;
    attr_int(w, n, "vector-cores", 1, INT_MAX, &vec);
    attr_int(w, n, "cube-cores", 0, INT_MAX, &cube);
    attr_int(w, n, "ub-reserved", 0, INT64_MAX, &reserved);
    s->has_host = true;
    s->host_vector_cores = vec;
    s->host_cube_cores = cube;
    s->host_ub_reserved = reserved;
}

static void parse_source(struct walk *w, xmlNode *n)
{
    struct model *m = w->m;
    struct model_source *s = &m->source;
    const char *fallback = m->coretypes[m->default_coretype].name;
    s->dialect = attr(w, n, "dialect");
    s->arch = attr(w, n, "arch");
    s->vector_core = existing_coretype(w, n, "vector-core");
    s->cube_core = existing_coretype(w, n, "cube-core");
    if (!s->vector_core)
        s->vector_core = fallback;
    if (!s->cube_core)
        s->cube_core = fallback;
    size_t children = (size_t)count_elements(n, NULL) + 1;
    s->defines = arena_alloc_array(&m->arena, children, sizeof(*s->defines));
    s->positions = arena_alloc_array(&m->arena, children, sizeof(*s->positions));
    FOR_EACH_ELEMENT(c, n) {
        if (is_element(c, "position")) {
            parse_position(w, c);
            continue;
        }
        if (is_element(c, "auto-sync")) {
            parse_auto_sync(w, c);
            continue;
        }
        if (is_element(c, "host")) {
            parse_host(w, c);
            continue;
        }
        struct model_source_define *d = &s->defines[s->ndefines++];
        d->name = attr(w, c, "name");
        d->value = attr(w, c, "value");
        d->coretype = existing_coretype(w, c, "coretype");
    }
}

/* ------------------------------------------------------------------ <hwmodel> */

/* The schema fixes the order of the children, so each part may use the ones before it. */
static void parse_hwmodel(struct walk *w, xmlNode *root)
{
    struct model *m = w->m;
    m->name = attr(w, root, "name");
    m->description = attr(w, root, "description");
    struct name_list socs = split_names(w, attr(w, root, "socs"));
    m->socs = socs.names;
    m->nsocs = socs.len;
    xmlNode *spaces = child_element(root, "spaces");
    if (!spaces || !parse_spaces(w, spaces) || !parse_coretypes(w, root))
        return;
    FOR_EACH_ELEMENT(c, root) {
        if (is_element(c, "ops"))
            parse_ops(w, c);
        else if (is_element(c, "flags"))
            parse_flags(w, c);
        else if (is_element(c, "cross-flags"))
            parse_cross_flags(w, c);
        else if (is_element(c, "cluster"))
            parse_cluster(w, c);
        else if (is_element(c, "primitives"))
            parse_primitives(w, c);
        else if (is_element(c, "source"))
            parse_source(w, c);
    }
}

struct model *model_from_tree(xmlNode *root, const char *path, struct diag_list *diags)
{
    struct arena arena;
    arena_init(&arena);
    struct model *m = arena_alloc(&arena, sizeof(*m));
    /* The model lives in its own arena: from here on allocate only through m->arena. */
    m->arena = arena;
    atomic_init(&m->refs, 1);
    m->path = arena_strdup(&m->arena, path);
    struct walk walk = {.m = m, .diags = diags, .path = path};
    parse_hwmodel(&walk, root);
    if (walk.failed) {
        model_free(m);
        return NULL;
    }
    model_index_names(m);
    model_derive_auto_issuer(m);
    return m;
}

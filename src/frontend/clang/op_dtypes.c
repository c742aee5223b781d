/* An operator definition's data type lists, read as text (op_dtypes.h). */
#include "op_dtypes.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../../util/diag.h"
#include "../../util/source.h"
#include "../../util/words.h"
#include "../host/host_api.h"
#include "../pir/lowering.h"
#include "op_layout.h"
#include "op_socs.h"

static const char *skip_space(const char *p)
{
    while (isspace((unsigned char)*p))
        p++;
    return p;
}

/* The list `{ge::DT_A, DT_B, ...}` at p (after `.DataType(`): its types, or -1 where an
 * item is not a type the table knows; *n items. NULL when p is not a literal list. */
static int *type_list(const char *p, size_t *n)
{
    p = skip_space(p);
    if (*p != '{')
        return NULL;
    VEC(int) types = {0};
    for (p = skip_space(p + 1); *p && *p != '}';) {
        if (!strncmp(p, "ge::", 4))
            p += 4;
        size_t len = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
        char *word = xasprintf("%.*s", (int)len, p);
        int t = len > 3 && !strncmp(word, "DT_", 3) ? host_dtype_of(word) : -1;
        free(word);
        VEC_PUSH(types, t);
        p = skip_space(p + len);
        if (*p == ',')
            p = skip_space(p + 1);
        else if (*p != '}')
            break;
    }
    if (*p != '}' || types.len == 0) {
        VEC_FREE(types);
        return NULL;
    }
    *n = types.len;
    return types.items;
}

/* The object whose Input/Output starts at `word` (`this->Input(`, `config.Input(`): its name
 * (length *n), or NULL when it is not written as a plain name before `->` or `.`. */
static const char *owner_of(const char *text, const char *word, size_t *n)
{
    const char *p = word;
    while (p > text && isspace((unsigned char)p[-1]))
        p--;
    if (p - text >= 2 && p[-2] == '-' && p[-1] == '>')
        p -= 2;
    else if (p > text && p[-1] == '.')
        p--;
    else
        return NULL;
    while (p > text && isspace((unsigned char)p[-1]))
        p--;
    const char *end = p;
    while (p > text && word_char(p[-1]))
        p--;
    *n = (size_t)(end - p);
    return *n ? p : NULL;
}

/* Whether the Input/Output at `word` belongs to the lists read: `owner`'s (a chip's
 * OpAICoreConfig), or with owner NULL the operator's own, any object's but a config some
 * AddConfig passes. */
static bool owned(const char *text, const char *word, const char *owner,
                  const struct op_socs *chips)
{
    size_t n = 0;
    const char *name = owner_of(text, word, &n);
    if (owner)
        return name && strlen(owner) == n && !strncmp(name, owner, n);
    for (size_t i = 0; name && i < chips->nsocs; i++) {
        const char *c = chips->socs[i].config;
        if (c && strlen(c) == n && !strncmp(name, c, n))
            return false;
    }
    return true;
}

/* Where the `Input` or `Output` of the `put("` at p starts, or NULL: neither. */
static const char *put_word(const char *text, const char *p)
{
    if (p - text >= 2 && !strncmp(p - 2, "In", 2))
        return p - 2;
    if (p - text >= 3 && !strncmp(p - 3, "Out", 3))
        return p - 3;
    return NULL;
}

/* The config whose lists are the kernel's: the first of the model's chips `socs` the
 * definition builds for that passes a config with Input/Output lists of its own; NULL: the
 * operator's own lists. */
static const char *chip_config(const char *text, const struct op_socs *chips,
                               const char *const *socs, int nsocs)
{
    for (int i = 0; i < nsocs; i++) {
        const struct op_soc *chip = op_socs_find(chips, socs[i]);
        if (!chip || !chip->config)
            continue;
        for (const char *p = text; (p = strstr(p, "put(\"")) != NULL; p++) {
            const char *word = put_word(text, p);
            if (word && owned(text, word, chip->config, chips))
                return chip->config;
        }
    }
    return NULL;
}

/* Each `Input("x")` / `Output("x")` chain of the definition's text that `owner` has (NULL:
 * the operator's own, chip_config), up to its `;`, with its `.DataType({...})` list: tensors
 * whose lists are known, in order, a name once. */
static void read_lists(const char *text, const char *owner, const struct op_socs *chips,
                       struct op_dtypes *out)
{
    size_t columns = 0;
    int inputs = 0;
    bool uneven = false;
    for (const char *p = text; (p = strstr(p, "put(\"")) != NULL; p++) {
        const char *word = put_word(text, p);
        if (!word || !owned(text, word, owner, chips))
            continue;
        bool input = word == p - 2;
        int input_index = input ? inputs++ : -1;
        const char *name = p + 5;
        size_t len = strcspn(name, "\"\n");
        const char *end = strchr(name, ';');
        const char *list = strstr(name, ".DataType(");
        if (!end || !list || list > end)
            continue;
        size_t n = 0;
        int *types = type_list(list + 10, &n);
        bool known = types != NULL;
        for (size_t i = 0; known && i < n; i++)
            known = types[i] >= 0;
        char *upper = xasprintf("%.*s", (int)len, name);
        char *spelled = xstrdup(upper);
        for (char *c = upper; *c; c++)
            *c = (char)toupper((unsigned char)*c);
        bool seen = false;
        for (size_t i = 0; i < out->tensors.len && !seen; i++)
            seen = !strcmp(out->tensors.items[i].name, upper);
        if (!known || seen) {
            free(types);
            free(upper);
            free(spelled);
            continue;
        }
        if (columns && n != columns)
            uneven = true;
        columns = n;
        VEC_PUSH(out->tensors, ((struct op_dtype){upper, spelled, types, input_index}));
    }
    out->columns = columns;
    if (uneven) {
        out->why = xstrdup("its DataType lists differ in length");
        for (size_t i = 0; i < out->tensors.len; i++) {
            free(out->tensors.items[i].name);
            free(out->tensors.items[i].spelled);
            free(out->tensors.items[i].types);
        }
        out->tensors.len = 0;
        out->columns = 0;
    } else if (!out->tensors.len) {
        out->why = xstrdup("no Input or Output with a literal DataType list of known types");
    }
}

void op_dtypes_read(const char *const *host_dirs, size_t nhost_dirs, const char *const *socs,
                    int nsocs, struct op_dtypes *out)
{
    memset(out, 0, sizeof(*out));
    out->def_path = op_layout_definition(host_dirs, nhost_dirs);
    if (!out->def_path)
        return;
    const char *err;
    struct source *src = source_read(out->def_path, OP_DEFINITION_MAX_BYTES, &err);
    if (!src) {
        out->why = xasprintf("not read: %s", err);
        return;
    }
    struct op_socs chips;
    op_socs_read_text(src->text, &chips);
    const char *owner = chip_config(src->text, &chips, socs, nsocs);
    if (owner)
        out->config = xstrdup(owner);
    read_lists(src->text, owner, &chips, out);
    op_socs_free(&chips);
    source_free(src);
}

/* The tensor --dtype names (a name, case aside, or an input's index: 0, x0), or NULL. */
static const struct op_dtype *named(const struct op_dtypes *d, const char *name)
{
    for (size_t i = 0; i < d->tensors.len; i++)
        if (!strcasecmp(d->tensors.items[i].name, name))
            return &d->tensors.items[i];
    const char *digits = name[0] == 'x' ? name + 1 : name;
    if (!*digits || strspn(digits, "0123456789") != strlen(digits))
        return NULL;
    long index = strtol(digits, NULL, 10);
    for (size_t i = 0; i < d->tensors.len; i++)
        if (d->tensors.items[i].input == index)
            return &d->tensors.items[i];
    return NULL;
}

/* Chooses the first column whose types are those --dtype gives (inputs named as the op's
 * definition names them, case aside, or by index: 0, x0); a --dtype naming a tensor without a
 * list chooses nothing. False, with *why (malloc'ed), when no column has them all. */
static bool choose(struct op_dtypes *d, const struct host_input *given, size_t ngiven,
                   char **why)
{
    *why = NULL;
    d->column = 0;
    d->chosen_by = NULL;
    bool any = false;
    for (size_t c = 0; c < d->columns; c++) {
        bool fits = true;
        for (size_t k = 0; k < ngiven && fits; k++) {
            if (given[k].kind != HOST_DTYPE)
                continue;
            const struct op_dtype *t = named(d, given[k].name);
            any |= t != NULL;
            fits = !t || t->types[c] == host_dtype_of(given[k].value);
        }
        if (fits) {
            d->column = c;
            for (size_t k = 0; k < ngiven && !d->chosen_by; k++)
                if (given[k].kind == HOST_DTYPE && named(d, given[k].name))
                    d->chosen_by = "--dtype";
            return true;
        }
    }
    if (!any)
        return true;
    /* "--dtype input=int8: nsa/op_host/nsa_def.cpp registers INPUT float16 or bfloat16" */
    char *asked = xstrdup(""), *offered = xstrdup("");
    for (size_t k = 0; k < ngiven; k++) {
        const struct op_dtype *t = given[k].kind == HOST_DTYPE ? named(d, given[k].name) : NULL;
        if (!t)
            continue;
        char *more = xasprintf("%s%s%s=%s", asked, *asked ? " " : "", given[k].name,
                               given[k].value);
        free(asked);
        asked = more;
        more = xasprintf("%s%s%s", offered, *offered ? "; " : "", t->name);
        free(offered);
        offered = more;
        for (size_t c = 0; c < d->columns; c++) {
            bool repeat = false;
            for (size_t e = 0; e < c && !repeat; e++)
                repeat = t->types[e] == t->types[c];
            if (repeat)
                continue;
            more = xasprintf("%s%s%s", offered, c ? " or " : " ", host_dtype_name(t->types[c]));
            free(offered);
            offered = more;
        }
    }
    *why = xasprintf("--dtype %s: no variant %s registers has these data types (%s)", asked,
                     op_layout_shown(d->def_path), offered);
    free(asked);
    free(offered);
    return false;
}

bool op_dtypes_for_kernel(const char *path, const char *npu_arch, const char *const *socs,
                          int nsocs, const struct frontend_options *o, struct op_dtypes *out,
                          char **why)
{
    char *arch_dir = op_layout_arch_dir(npu_arch);
    struct op_layout layout;
    op_layout_find_host(path, arch_dir, &layout);
    free(arch_dir);
    op_dtypes_read((const char *const *)layout.host_dirs, layout.nhost_dirs, socs, nsocs, out);
    op_layout_free(&layout);
    return choose(out, o->host_inputs, o->nhost_inputs, why);
}

struct host_input *op_dtypes_host_inputs(const struct op_dtypes *d,
                                         const struct frontend_options *o, size_t *n)
{
    *n = 0;
    if (!o->nhost_inputs || !d->columns)
        return NULL;
    struct host_input *all = xmalloc((o->nhost_inputs + d->tensors.len) * sizeof(*all));
    memcpy(all, o->host_inputs, o->nhost_inputs * sizeof(*all));
    *n = o->nhost_inputs;
    for (size_t i = 0; i < d->tensors.len; i++) {
        const struct op_dtype *t = &d->tensors.items[i];
        bool given = t->input < 0;
        for (size_t k = 0; k < o->nhost_inputs && !given; k++)
            given = o->host_inputs[k].kind == HOST_DTYPE &&
                    named(d, o->host_inputs[k].name) == t;
        if (!given)
            all[(*n)++] = (struct host_input){HOST_DTYPE, t->spelled,
                                              host_dtype_name(t->types[d->column])};
    }
    return all;
}

char *op_dtypes_describe(const struct op_dtypes *d)
{
    if (!d->def_path)
        return NULL;
    char *def = d->config ? xasprintf("%s (the lists of %s, the config it passes for the "
                                      "model's chip)", op_layout_shown(d->def_path), d->config)
                          : xstrdup(op_layout_shown(d->def_path));
    if (!d->columns) {
        char *text = xasprintf("data types: DTYPE_* guessed (float; int32_t for index tensors): "
                               "%s was read, but %s", def, d->why ? d->why : "lists no type");
        free(def);
        return text;
    }
    char *types = xstrdup("");
    for (size_t i = 0; i < d->tensors.len; i++) {
        char *more = xasprintf("%s%s%s %s", types, i ? ", " : "", d->tensors.items[i].name,
                               host_dtype_name(d->tensors.items[i].types[d->column]));
        free(types);
        types = more;
    }
    char *text;
    if (d->columns == 1)
        text = xasprintf("data types: the one variant %s registers (%s)", def, types);
    else
        text = xasprintf("data types: %s of the %zu variants %s registers (%s); the other "
                         "%zu %s not checked (--dtype chooses one)",
                         d->chosen_by ? "the one --dtype gives" : "the first", d->columns, def,
                         types, d->columns - 1, d->columns == 2 ? "is" : "are");
    free(types);
    free(def);
    return text;
}

void op_dtypes_free(struct op_dtypes *d)
{
    for (size_t i = 0; i < d->tensors.len; i++) {
        free(d->tensors.items[i].name);
        free(d->tensors.items[i].spelled);
        free(d->tensors.items[i].types);
    }
    VEC_FREE(d->tensors);
    free(d->def_path);
    free(d->why);
    free(d->config);
    memset(d, 0, sizeof(*d));
}

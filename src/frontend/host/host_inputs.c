/* --shape, --dtype, --attr for a host tiling run (host_inputs.h). */
#include "host_inputs.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../util/xalloc.h"

/* The names an op definition gives its inputs (`Input("x")`) or attributes (`Attr("a")`), in
 * order, from the first text that declares any. */
static size_t declared_names(const char *const *texts, size_t ntexts, const char *call,
                             char **names, size_t max)
{
    for (size_t t = 0; t < ntexts; t++) {
        size_t n = 0;
        size_t len = strlen(call);
        for (const char *p = texts[t]; (p = strstr(p, call)) != NULL && n < max; p += len) {
            if (p > texts[t] && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
                continue;   /* OptionalInput(, not Input( */
            const char *q = p + len;
            while (*q == ' ')
                q++;
            if (*q != '"')
                continue;
            const char *end = strchr(q + 1, '"');
            if (!end)
                break;
            names[n++] = xasprintf("%.*s", (int)(end - q - 1), q + 1);
        }
        if (n)
            return n;
    }
    return 0;
}

/* The index NAME stands for: a declared name, an index, or x<i> (inputs); -1 if none. */
static int index_of(const char *name, char **declared, size_t ndeclared, bool inputs)
{
    for (size_t i = 0; i < ndeclared; i++)
        if (!strcmp(declared[i], name))
            return (int)i;
    const char *digits = inputs && name[0] == 'x' ? name + 1 : name;
    if (!*digits)
        return -1;
    for (const char *c = digits; *c; c++)
        if (!isdigit((unsigned char)*c))
            return -1;
    long i = strtol(digits, NULL, 10);
    return i < HOST_MAX_INPUTS ? (int)i : -1;
}

static char *name_list(char **names, size_t n)
{
    char *s = xstrdup("");
    for (size_t i = 0; i < n; i++) {
        char *longer = xasprintf("%s%s%s", s, i ? ", " : "", names[i]);
        free(s);
        s = longer;
    }
    return s;
}

static bool refuse(struct diag_list *diags, struct as_loc at, const char *option,
                   const struct host_input *in, char **declared, size_t ndeclared)
{
    char *names = name_list(declared, ndeclared);
    bool attr = in->kind == HOST_ATTR;
    diag_addf(diags, CHECK_INPUT_ERROR, SEV_ERROR, at,
              "--%s %s=%s: the operator has no %s %s (%s%s)", option, in->name, in->value,
              attr ? "attribute" : "input", in->name,
              ndeclared ? "its definition names " : "no op definition names them: give the index",
              ndeclared ? names : attr ? ", 0, 1, ..." : ", 0, 1, ... or x0, x1, ...");
    free(names);
    return false;
}

bool host_inputs_resolve(const char *const *texts, size_t ntexts, const struct frontend_options *o,
                         struct host_run *r, char **described, struct as_loc at,
                         struct diag_list *diags)
{
    char *inputs[HOST_MAX_INPUTS], *attrs[HOST_MAX_INPUTS];
    size_t ninputs = declared_names(texts, ntexts, "Input(", inputs, HOST_MAX_INPUTS);
    size_t nattrs = declared_names(texts, ntexts, "Attr(", attrs, HOST_MAX_INPUTS);
    bool ok = true;
    const char *shown[HOST_MAX_INPUTS] = {0};     /* each input as the user named it */
    const char *shown_attr[HOST_MAX_INPUTS] = {0};
    for (size_t k = 0; k < o->nhost_inputs && ok; k++) {
        const struct host_input *in = &o->host_inputs[k];
        bool attr = in->kind == HOST_ATTR;
        int i = attr ? index_of(in->name, attrs, nattrs, false)
                     : index_of(in->name, inputs, ninputs, true);
        const char *option = in->kind == HOST_SHAPE ? "shape" : in->kind == HOST_DTYPE ? "dtype"
                                                                                    : "attr";
        if (i < 0) {
            ok = refuse(diags, at, option, in, attr ? attrs : inputs, attr ? nattrs : ninputs);
            break;
        }
        if (attr) {
            struct host_attr *a = &r->attrs[i];
            a->given = true;
            char *end;
            long long v = strtoll(in->value, &end, 0);
            a->integer = !strcmp(in->value, "true") || !strcmp(in->value, "false") || !*end;
            a->value = !strcmp(in->value, "true") ? 1 : !strcmp(in->value, "false") ? 0 : v;
            a->text = in->value;
            shown_attr[i] = in->name;
            continue;
        }
        struct host_tensor *t = &r->inputs[i];
        shown[i] = in->name;
        if (in->kind == HOST_DTYPE) {
            int d = host_dtype_of(in->value);
            if (d < 0) {
                diag_addf(diags, CHECK_INPUT_ERROR, SEV_ERROR, at,
                          "--dtype %s=%s: not a data type (%s)", in->name, in->value,
                          host_dtype_names());
                ok = false;
                break;
            }
            t->dtype = d;
            t->dtype_name = in->value;
            continue;
        }
        t->has_shape = true;
        t->ndims = 0;
        for (const char *p = in->value; *p && ok;) {
            if (t->ndims == HOST_MAX_DIMS) {
                diag_addf(diags, CHECK_INPUT_ERROR, SEV_ERROR, at,
                          "--shape %s=%s: more than %d dimensions", in->name, in->value,
                          HOST_MAX_DIMS);
                ok = false;
                break;
            }
            char *end;
            t->dims[t->ndims++] = strtoll(p, &end, 10);
            p = *end == ',' ? end + 1 : end;
        }
    }
    for (size_t i = 0; i < HOST_MAX_INPUTS; i++) {
        r->input_names[i] = i < ninputs ? xstrdup(inputs[i]) : NULL;
        r->attr_names[i] = i < nattrs ? xstrdup(attrs[i]) : NULL;
        if (!r->inputs[i].dtype_name) {    /* the default: ge::DT_FLOAT16 */
            r->inputs[i].dtype = host_dtype_of("float16");
            r->inputs[i].dtype_name = "float16";
        }
    }
    /* what the run is for: each input with a shape, then each attribute */
    char *text = xstrdup("");
    for (size_t i = 0; i < HOST_MAX_INPUTS; i++) {
        const struct host_tensor *t = &r->inputs[i];
        if (!t->has_shape)
            continue;
        char dims[256] = "";
        size_t n = 0;
        for (int d = 0; d < t->ndims && n < sizeof(dims); d++)
            n += (size_t)snprintf(dims + n, sizeof(dims) - n, "%s%lld", d ? "," : "",
                                  (long long)t->dims[d]);
        char *longer = xasprintf("%s%s%s=%s %s", text, *text ? ", " : "",
                                 i < ninputs ? inputs[i] : shown[i], dims, t->dtype_name);
        free(text);
        text = longer;
    }
    for (size_t i = 0; i < HOST_MAX_INPUTS; i++) {
        if (!r->attrs[i].given)
            continue;
        char *longer = xasprintf("%s%s%s=%s", text, *text ? ", " : "",
                                 i < nattrs ? attrs[i] : shown_attr[i], r->attrs[i].text);
        free(text);
        text = longer;
    }
    *described = text;
    for (size_t i = 0; i < ninputs; i++)
        free(inputs[i]);
    for (size_t i = 0; i < nattrs; i++)
        free(attrs[i]);
    return ok;
}

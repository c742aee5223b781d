/* The chips an operator's definition names, read as text (op_socs.h). */
#include "op_socs.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../../util/source.h"
#include "../../util/words.h"
#include "../../util/xalloc.h"
#include "op_layout.h"

static const char add_config[] = "AddConfig";

/* After the chip's name at p (its closing quote): `, config)` names the config passed. */
static char *config_after(const char *p)
{
    while (isspace((unsigned char)*p))
        p++;
    if (*p++ != ',')
        return NULL;
    while (isspace((unsigned char)*p))
        p++;
    size_t n = 0;
    while (word_char(p[n]))
        n++;
    const char *q = p + n;
    while (isspace((unsigned char)*q))
        q++;
    return n && !isdigit((unsigned char)*p) && *q == ')' ? xasprintf("%.*s", (int)n, p) : NULL;
}

static void add(struct op_socs *s, const char *name, size_t len, int line)
{
    for (size_t i = 0; i < s->nsocs; i++)
        if (strlen(s->socs[i].name) == len && !strncmp(s->socs[i].name, name, len))
            return;
    s->socs = xrealloc_array(s->socs, s->nsocs + 1, sizeof(*s->socs));
    s->socs[s->nsocs++] = (struct op_soc){xasprintf("%.*s", (int)len, name), line,
                                          config_after(name + len + 1)};
}

/* Every `AddConfig("name"` outside comments and string literals. */
static void read_configs(const char *text, struct op_socs *out)
{
    int line = 1;
    for (const char *p = text; *p;) {
        if (p[0] == '/' && p[1] == '/') {
            p += strcspn(p, "\n");
        } else if (p[0] == '/' && p[1] == '*') {
            const char *end = strstr(p + 2, "*/");
            const char *stop = end ? end + 2 : p + strlen(p);
            for (; p < stop; p++)
                line += *p == '\n';
        } else if (*p == '"' || *p == '\'') {
            char quote = *p++;
            while (*p && *p != quote && *p != '\n')
                p += p[0] == '\\' && p[1] ? 2 : 1;
            if (*p == quote)
                p++;
        } else if (!strncmp(p, add_config, sizeof(add_config) - 1)
                   && (p == text || !word_char(p[-1]))) {
            const char *q = p + sizeof(add_config) - 1;
            while (*q == ' ' || *q == '\t')
                q++;
            if (*q == '(') {
                q++;
                while (isspace((unsigned char)*q))
                    q++;
                size_t len = *q == '"' ? strspn(q + 1, "abcdefghijklmnopqrstuvwxyz"
                                                       "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
                                       : 0;
                if (len && q[1 + len] == '"')
                    add(out, q + 1, len, line);
            }
            p += sizeof(add_config) - 1;
        } else {
            line += *p == '\n';
            p++;
        }
    }
}

void op_socs_read(const char *path, struct op_socs *out)
{
    memset(out, 0, sizeof(*out));
    struct op_layout layout;
    op_layout_find_host(path, NULL, &layout);
    out->def_path = op_layout_definition((const char *const *)layout.host_dirs,
                                         layout.nhost_dirs);
    op_layout_free(&layout);
    if (!out->def_path)
        return;
    const char *err;
    struct source *src = source_read(out->def_path, OP_DEFINITION_MAX_BYTES, &err);
    if (!src) {   /* unread: nothing is known, as without a definition */
        free(out->def_path);
        out->def_path = NULL;
        return;
    }
    read_configs(src->text, out);
    source_free(src);
}

void op_socs_read_text(const char *text, struct op_socs *out)
{
    memset(out, 0, sizeof(*out));
    read_configs(text, out);
}

const struct op_soc *op_socs_find(const struct op_socs *s, const char *name)
{
    for (size_t i = 0; i < s->nsocs; i++)
        if (!strcmp(s->socs[i].name, name))
            return &s->socs[i];
    return NULL;
}

char *op_socs_list(const struct op_socs *s)
{
    char *out = xstrdup("");
    for (size_t i = 0; i < s->nsocs; i++) {
        char *longer = xasprintf("%s%s%s", out, i ? ", " : "", s->socs[i].name);
        free(out);
        out = longer;
    }
    return out;
}

void op_socs_free(struct op_socs *s)
{
    for (size_t i = 0; i < s->nsocs; i++) {
        free(s->socs[i].name);
        free(s->socs[i].config);
    }
    free(s->socs);
    free(s->def_path);
    memset(s, 0, sizeof(*s));
}

/* The configurations of a check's files, named by every report (configs.h). */
#include "configs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../check/levels.h"
#include "../util/xalloc.h"

static bool changes_level(const signed char *level)
{
    for (int c = 0; c < CHECK_COUNT; c++)
        if (level[c] != CHECK_LEVEL_DEFAULT)
            return true;
    return false;
}

static bool same(const struct report_config *c, const struct file_result *f)
{
    if ((c->path == NULL) != (f->config == NULL) || (c->path && strcmp(c->path, f->config) != 0))
        return false;
    return memcmp(c->level, f->level, sizeof(f->level)) == 0;
}

size_t report_configs(const struct file_result *files, size_t n, struct report_config **out)
{
    *out = NULL;
    size_t len = 0;
    for (size_t i = 0; i < n; i++) {
        const struct file_result *f = &files[i];
        if (!f->config && !changes_level(f->level))
            continue;
        bool seen = false;   /* the files of one configuration come together: look back */
        for (size_t k = len; k-- > 0 && !seen;)
            seen = same(&(*out)[k], f);
        if (seen)
            continue;
        *out = xrealloc_array(*out, len + 1, sizeof(**out));
        (*out)[len++] = (struct report_config){f->config, f->level};
    }
    return len;
}

const char *report_level_name(int lv)
{
    return lv == CHECK_LEVEL_OFF       ? "off"
           : lv == CHECK_LEVEL_WARNING ? "warning"
           : lv == CHECK_LEVEL_ERROR   ? "error"
                                       : NULL;
}

/* Appends the checks of c set to lv to buf (of *len bytes, grown), after `lead` for the
 * first one. */
static void list_level(const struct report_config *c, int lv, const char *lead, char **buf,
                       size_t *len)
{
    bool first = true;
    for (int id = 0; id < CHECK_COUNT; id++) {
        if (c->level[id] != lv)
            continue;
        const char *name = check_name((enum check_id)id);
        const char *before = first ? (*len ? "; " : "") : ", ";
        const char *lead_now = first ? lead : "";
        size_t add = strlen(before) + strlen(lead_now) + strlen(name);
        *buf = xrealloc_array(*buf, *len + add + 1, 1);
        *len += (size_t)sprintf(*buf + *len, "%s%s%s", before, lead_now, name);
        first = false;
    }
}

char *report_config_changes(const struct report_config *c)
{
    char *buf = NULL;
    size_t len = 0;
    list_level(c, CHECK_LEVEL_OFF, "turns off ", &buf, &len);
    list_level(c, CHECK_LEVEL_WARNING, "makes a warning of ", &buf, &len);
    list_level(c, CHECK_LEVEL_ERROR, "makes an error of ", &buf, &len);
    return buf ? buf : xstrdup("changes no check level");
}

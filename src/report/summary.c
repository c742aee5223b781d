/* Counts shared by every report format, and the exit code they all print. */
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/xalloc.h"

void report_summarize(const struct file_result *files, size_t n, size_t skipped, bool werror,
                      struct report_summary *s)
{
    *s = (struct report_summary){.files = n, .skipped = skipped};
    for (size_t i = 0; i < n; i++) {
        const struct file_result *f = &files[i];
        s->kernels += f->nkernels;
        for (size_t k = 0; k < f->nkernels; k++)
            s->empty += f->kernels[k].empty;
        s->errors += f->diags.errors;
        s->warnings += f->diags.warnings;
        s->notes += f->diags.notes;
        for (size_t k = 0; k < f->nkernels; k++)
            s->guessed += f->kernels[k].guessed.len > 0;
        s->suppressed += f->diags.suppressed;
        s->not_reported += f->diags.cut;
        int code = file_result_exit_code(f, werror);
        s->unverified += code == 2;
        if (code > s->exit_code)
            s->exit_code = code;
    }
}

/* Whether `name` ends in `[N]`: the length before it and N. */
static bool element_index(const char *name, size_t *prefix, long long *index)
{
    size_t n = strlen(name);
    if (n < 4 || name[n - 1] != ']')
        return false;
    size_t open = n - 1;
    while (open > 0 && name[open - 1] >= '0' && name[open - 1] <= '9')
        open--;
    if (open == 0 || open == n - 1 || name[open - 1] != '[')
        return false;
    *prefix = open - 1;
    *index = strtoll(name + open, NULL, 10);
    return true;
}

/* How many items from i on are elements i, i+1, ... of one array with one value. */
static size_t same_element_run(const struct binding_list *b, size_t i)
{
    size_t prefix;
    long long first;
    if (!element_index(b->items[i].name, &prefix, &first))
        return 1;
    size_t n = 1;
    for (; i + n < b->len; n++) {
        const struct binding *x = &b->items[i + n];
        size_t p;
        long long k;
        if (x->value != b->items[i].value || !element_index(x->name, &p, &k) || p != prefix ||
            strncmp(x->name, b->items[i].name, prefix) != 0 || k != first + (long long)n)
            break;
    }
    return n;
}

char *report_guessed_list(const struct binding_list *b)
{
    /* consecutive elements of an array guessed alike as one range: `a[0..255] = 2` (a tiling
     * structure's arrays would list each of hundreds) */
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    if (!out)
        xalloc_die();
    for (size_t i = 0; i < b->len;) {
        size_t run = same_element_run(b, i), prefix;
        long long first;
        if (i)
            fputs(", ", out);
        if (run > 1 && element_index(b->items[i].name, &prefix, &first))
            fprintf(out, "%.*s[%lld..%lld] = %lld", (int)prefix, b->items[i].name, first,
                    first + (long long)run - 1, (long long)b->items[i].value);
        else
            fprintf(out, "%s = %lld", b->items[i].name, (long long)b->items[i].value);
        i += run;
    }
    fclose(out);
    return text;
}

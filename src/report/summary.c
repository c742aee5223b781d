/* Counts shared by every report format, and the exit code they all print. */
#include "report.h"

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

char *report_guessed_list(const struct binding_list *b)
{
    char *text = xstrdup("");
    for (size_t i = 0; i < b->len; i++) {
        char *longer = xasprintf("%s%s%s = %lld", text, i ? ", " : "", b->items[i].name,
                                 (long long)b->items[i].value);
        free(text);
        text = longer;
    }
    return text;
}

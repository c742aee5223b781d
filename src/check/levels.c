/* Per-check levels from a project's configuration (docs/cli.md#configuration): a check may be
 * turned off or reported as a warning or an error instead of its default. Input errors keep
 * their level: a file that was not verified must not look clean. */
#include "levels.h"

void apply_check_levels(const signed char *level, struct diag_list *d)
{
    size_t kept = 0;
    for (size_t i = 0; i < d->len; i++) {
        struct finding f = d->items[i];
        int want = check_is_input_error(f.check) ? CHECK_LEVEL_DEFAULT : level[f.check];
        bool counted = !f.suppressed;
        if (want == CHECK_LEVEL_OFF) {
            if (counted)
                diag_count(d, f.severity, -1);
            else
                d->suppressed--;
            continue;
        }
        enum severity sev = want == CHECK_LEVEL_ERROR     ? SEV_ERROR
                            : want == CHECK_LEVEL_WARNING ? SEV_WARNING
                                                          : f.severity;
        if (counted && sev != f.severity) {
            diag_count(d, f.severity, -1);
            diag_count(d, sev, 1);
        }
        f.severity = sev;
        d->items[kept++] = f;
    }
    d->len = kept;
}

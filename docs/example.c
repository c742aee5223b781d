/* A second program using the accelsync library: checks the PIR files named on its command
 * line and prints one line per finding, then the worst exit code. Build it with
 *   cc example.c $(pkg-config --cflags --libs accelsync) -o example
 * (tests/install.py builds and runs it against an installed copy). */
#include <accelsync/accelsync.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    struct as_options *o = as_options_new();
    struct as_result *r = as_check_files(o, (const char *const *)argv + 1, (size_t)argc - 1);
    for (size_t f = 0; f < as_result_file_count(r); f++) {
        for (size_t k = 0; k < as_result_kernel_count(r, f); k++)
            printf("%s: kernel %s: %s\n", as_result_file_path(r, f), as_result_kernel_name(r, f, k),
                   as_result_kernel_complete(r, f, k) ? "complete" : "not complete");
        struct as_finding x;
        for (size_t i = 0; as_result_finding(r, f, i, &x); i++) {
            printf("%s:%d:%d: %s %s", x.file, x.line, x.column, x.error ? "error" : "warning",
                   x.check);
            if (x.related_file)
                printf(" (with line %d)", x.related_line);
            printf("\n");
        }
    }
    int rc = as_result_exit_code(r, false);
    as_result_free(r);
    as_options_free(o);
    return rc;
}

/* accelsync check and simulate over PATHs (check_paths.h): each PATH's project configuration,
 * the directory walks, the --shard slice, the checks, and one report. */
#include "check_paths.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../util/escape.h"
#include "../util/xalloc.h"
#include "inputs.h"
#include "project_config.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Colour for text on standard output: --color, else a terminal without NO_COLOR (any value,
 * as no-color.org says) and with a TERM other than "dumb". */
static bool use_color(const struct settings *s)
{
    if (s->color != 0)
        return s->color == 1;
    const char *no = getenv("NO_COLOR"), *term = getenv("TERM");
    return isatty(1) && !(no && *no) && !(term && strcmp(term, "dumb") == 0);
}

/* Prints a result, frees it and returns the exit code (2 when the report could not be
 * written; 1 from findings turned into 0 by --fail-on never). Shared by the commands that
 * produce results; `started` is when the work began, for the summary on a terminal. */
static int report_and_free(struct as_result *r, const struct settings *s, enum as_format format,
                           double started)
{
    int rc = as_result_exit_code(r, s->werror);
    if (s->write_baseline) {
        FILE *f = fopen(s->write_baseline, "w");
        bool ok = f && as_result_write_baseline(r, f);
        if (f && fclose(f) != 0)
            ok = false;
        if (!ok) {
            int err = errno;
            char *name = escaped_copy(s->write_baseline);
            fprintf(stderr, "accelsync: cannot write the baseline %s: %s\n", name, strerror(err));
            free(name);
            rc = 2;
        }
    }
    bool written;
    FILE *out = settings_open_output(s);
    if (!out) {
        written = false;
    } else if (format == AS_FORMAT_TEXT) {
        unsigned flags = (s->quiet ? AS_TEXT_QUIET : 0)
                         | (settings_output_to_stdout(s) && use_color(s) ? AS_TEXT_COLOR : 0);
        written = as_result_write_text(r, out, s->werror, flags,
                                       settings_output_to_stdout(s) && isatty(1)
                                           ? now() - started : -1);
    } else {
        written = as_result_write(r, out, format, s->werror);
    }
    if (!out) {
        int err = errno;
        char *name = escaped_copy(s->output);
        fprintf(stderr, "accelsync: cannot write the report to %s: %s\n", name, strerror(err));
        free(name);
        rc = 2;
    } else if (!settings_close_output(s, out, written)) {
        rc = 2;
    }
    as_result_free(r);
    return rc == 1 && s->fail_never ? 0 : rc;
}

/* Progress on a terminal's standard error while many files are checked: one line, redrawn. */
struct progress {
    size_t before, total;       /* files of earlier groups; of all groups */
};

static void show_progress(void *data, size_t done, size_t total, const char *path)
{
    const struct progress *p = data;
    (void)total;
    char *name = escaped_copy(path);   /* a name's ESC must not drive the terminal */
    fprintf(stderr, "\r\033[Kaccelsync: [%zu/%zu] %.60s", p->before + done, p->total, name);
    fflush(stderr);
    free(name);
}

/* --list-files: each file as walked (or named), whether it is checked and why, then the
 * counts. False when standard output could not be written. */
static bool list_files(const struct input_file *files, size_t n)
{
    size_t checked = 0, skipped = 0, refused = 0;
    for (size_t i = 0; i < n; i++) {
        const struct input_file *f = &files[i];
        fputs_escaped(f->path, stdout);
        if (f->refused) {
            printf(": not read: %s\n", f->refused);
            refused++;
            continue;
        }
        char *why = kernel_scan_describe(&f->scan);
        printf(": %s\n", why);
        free(why);
        checked += f->scan.kernel;
        skipped += !f->scan.kernel;
    }
    printf("accelsync: %zu file%s: %zu checked, %zu skipped (not kernel sources), %zu not read\n",
           n, n == 1 ? "" : "s", checked, skipped, refused);
    return fflush(stdout) == 0 && !ferror(stdout);
}

/* A configuration's path as reports name it: relative to the working directory when it is
 * under it (config_find gives real paths), as found otherwise. */
static void name_config(struct as_options *o, const char *path)
{
    char cwd[4096];
    size_t n = getcwd(cwd, sizeof(cwd)) ? strlen(cwd) : 0;
    if (n > 1 && strncmp(path, cwd, n) == 0 && path[n] == '/')
        path += n + 1;
    as_options_set_config_name(o, path);
}

/* The options of one group of PATHs: the command line's over its configuration c (NULL:
 * the command line's alone, s->o). NULL after a message when c has a bad line. */
static struct as_options *group_options(const struct cli_command *cmd, struct settings *s,
                                        const struct project_config *c)
{
    if (!c)
        return s->o;
    struct settings g = *s;
    g.o = as_options_new();
    g.excludes = NULL;
    g.nexcludes = 0;
    name_config(g.o, c->path);
    if (c->model)
        as_options_set_model(g.o, c->model);
    if (c->sdk)
        as_options_set_sdk(g.o, c->sdk);
    for (size_t i = 0; i < c->model_paths.len; i++)
        as_options_add_model_path(g.o, c->model_paths.items[i]);
    bool ok = true;
    for (size_t i = 0; i < c->ndefines; i++)
        as_options_define_default(g.o, c->defines[i].name, c->defines[i].value);
    for (size_t i = 0; i < c->level_checks.len && ok; i++) {
        const char *why = as_options_set_check_level(g.o, c->level_checks.items[i],
                                                     c->level_values.items[i]);
        if (why) {
            char *path = escaped_copy(c->path), *check = escaped_copy(c->level_checks.items[i]),
                 *level = escaped_copy(c->level_values.items[i]);
            fprintf(stderr, "accelsync: %s:%d: %s = %s: %s\n", path, c->level_lines[i], check,
                    level, why);
            free(path);
            free(check);
            free(level);
            ok = false;
        }
    }
    const char **ignored = NULL;
    size_t nignored = 0;
    if (ok)   /* the command line wins: apply it again, over the configuration */
        ok = cli_parse(cmd, s->argc, s->argv, settings_handle, &g, &ignored, &nignored) == 0;
    free(ignored);
    free(g.excludes);   /* the command line's, collected again; s has them */
    if (ok && strcmp(cmd->name, "simulate") == 0)
        ok = as_options_set_schedule(g.o, s->policy, (unsigned long long)s->runs,
                                     (unsigned long long)s->seed, s->replay, stderr);
    if (!ok) {
        as_options_free(g.o);
        return NULL;
    }
    return g.o;
}

/* check and simulate: the PATHs grouped by their configuration file (consecutive PATHs with
 * the same one form a group), each group walked with its excludes and extensions, the whole
 * list sharded, then each group checked with its options; one report for all. */
int check_paths(const struct cli_command *cmd, struct settings *s, const char **paths,
                       size_t n, enum as_format format)
{
    if (strcmp(cmd->name, "simulate") == 0
        && !as_options_set_schedule(s->o, s->policy, (unsigned long long)s->runs,
                                    (unsigned long long)s->seed, s->replay, stderr))
        return 2;
    struct group {
        char *config_path;
        struct project_config config;
        bool has_config;
        struct as_options *o;
        size_t first, count;    /* its files in the list */
    } *groups = xcalloc(n, sizeof(struct group));
    size_t ngroups = 0, nfiles = 0;
    struct input_file *files = NULL;
    bool ok = true, walked = true;
    struct config_finder *finder = config_finder_new();
    for (size_t i = 0; i < n && ok; i++) {
        char *cfg = s->no_config ? NULL
                    : s->config  ? xstrdup(s->config)
                                 : config_find(finder, paths[i]);
        struct group *g = ngroups ? &groups[ngroups - 1] : NULL;
        if (!g || (cfg == NULL) != (g->config_path == NULL)
            || (cfg && strcmp(cfg, g->config_path) != 0)) {
            g = &groups[ngroups++];
            g->config_path = cfg;
            g->first = nfiles;
            if (cfg) {
                g->has_config = config_read(cfg, &g->config, stderr);
                ok = g->has_config;
            }
            g->o = ok ? group_options(cmd, s, g->has_config ? &g->config : NULL) : NULL;
            ok = ok && g->o;
        } else {
            free(cfg);
        }
        if (!ok)
            break;
        const char *const *kernel_files = as_kernel_extensions();
        size_t nkernel_files = 0;
        while (kernel_files[nkernel_files])
            nkernel_files++;
        const char **excludes = xrealloc_array(NULL, s->nexcludes + g->config.excludes.len + 1,
                                               sizeof(char *));
        size_t nex = 0;
        for (size_t k = 0; k < s->nexcludes; k++)
            excludes[nex++] = s->excludes[k];
        for (size_t k = 0; k < g->config.excludes.len; k++)
            excludes[nex++] = g->config.excludes.items[k];
        struct input_rules rules = {
            g->has_config ? (const char *const *)g->config.extensions.items : kernel_files,
            g->has_config ? g->config.extensions.len : nkernel_files, excludes, nex};
        struct input_file *found;
        size_t nfound;
        walked &= inputs_expand(&rules, &paths[i], 1, &found, &nfound, stderr);
        free(excludes);
        files = xrealloc_array(files, nfiles + nfound + 1, sizeof(*files));
        if (nfound)   /* found is NULL when nothing was found */
            memcpy(files + nfiles, found, nfound * sizeof(*files));
        free(found);
        nfiles += nfound;
        g->count = nfiles - g->first;
    }
    config_finder_free(finder);
    int rc = 2;
    if (ok && s->list_files) {
        rc = list_files(files, nfiles) && walked ? 0 : 2;
    } else if (ok && s->explain) {
        /* each kernel file's command line, under its group's options; nothing is checked */
        rc = walked ? 0 : 2;
        for (size_t k = 0; k < ngroups; k++) {
            for (size_t i = groups[k].first; i < groups[k].first + groups[k].count; i++) {
                if (!files[i].scan.kernel)
                    continue;
                if (files[i].refused) {
                    char *name = escaped_copy(files[i].path);
                    fprintf(stderr, "accelsync: cannot read %s: %s\n", name, files[i].refused);
                    free(name);
                    rc = 2;
                } else if (as_explain_file(groups[k].o, files[i].path, stdout, stderr) != 0) {
                    rc = 2;
                }
            }
        }
        if (fflush(stdout) != 0 || ferror(stdout))
            rc = 2;
    } else if (ok) {
        /* --shard: one contiguous slice of the files checked; a file skipped goes with the
         * slice of the checked file after it (the last slice: those after every one), so that
         * the slices' counts add up to the whole run's */
        size_t nchecked = 0;
        for (size_t i = 0; i < nfiles; i++)
            nchecked += files[i].scan.kernel;
        size_t lo = 0, hi = nchecked;
        bool last = true;
        if (s->nshards) {
            lo = (size_t)((unsigned long long)nchecked * (s->shard - 1) / s->nshards);
            hi = (size_t)((unsigned long long)nchecked * s->shard / s->nshards);
            last = s->shard == s->nshards;
        }
        const char **list = xrealloc_array(NULL, nfiles + 1, sizeof(char *));
        const char **list_refused = xrealloc_array(NULL, nfiles + 1, sizeof(char *));
        struct as_result *all = NULL;
        double started = now();
        struct progress progress = {0, hi - lo};
        bool show = isatty(2) && hi - lo > 1;
        size_t before = 0;   /* files checked before the one looked at, in the whole list */
        for (size_t k = 0; k < ngroups; k++) {
            struct group *g = &groups[k];
            size_t count = 0, skipped = 0;
            for (size_t i = g->first; i < g->first + g->count; i++) {
                bool mine = lo <= before && (before < hi || (before == nchecked && last));
                if (!files[i].scan.kernel) {
                    skipped += mine;
                    continue;
                }
                if (mine) {
                    list[count] = files[i].path;
                    list_refused[count++] = files[i].refused;
                }
                before++;
            }
            as_options_set_jobs(g->o, (unsigned)s->jobs);
            as_options_set_progress(g->o, show ? show_progress : NULL, &progress);
            struct as_result *r = strcmp(cmd->name, "check") == 0
                                      ? as_check_found_files(g->o, list, list_refused, count)
                                      : as_simulate_found_files(g->o, list, list_refused, count);
            as_result_add_skipped(r, skipped);
            progress.before += count;
            if (all)
                as_result_append(all, r);
            else
                all = r;
        }
        free(list);
        free(list_refused);
        if (show)
            fputs("\r\033[K", stderr);   /* the report follows on a clean line */
        if (!all)   /* no PATH gave a file */
            all = as_check_files(s->o, NULL, 0);
        rc = report_and_free(all, s, format, started);
        if (!walked)
            rc = 2;   /* a directory that could not be walked was not verified */
    }
    for (size_t k = 0; k < ngroups; k++) {
        if (groups[k].o && groups[k].o != s->o)
            as_options_free(groups[k].o);
        if (groups[k].config_path)   /* read, whether or not it was valid */
            config_free(&groups[k].config);
        free(groups[k].config_path);
    }
    free(groups);
    inputs_free(files, nfiles);
    return rc;
}

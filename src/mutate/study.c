/* A mutation study over files: refuse a file that does not check clean, make every mutant
 * of the chosen operators, write them out if asked, and judge them in `jobs` worker
 * processes (each judges every jobs-th mutant and sends fixed-size records back through a
 * pipe, so the result does not depend on the number of workers). */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../util/xalloc.h"
#include "study.h"

struct record {
    uint32_t index;
    struct mutant_verdict v;
};

static bool write_all(int fd, const void *buf, size_t n)
{
    const char *p = buf;
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        p += w;
        n -= (size_t)w;
    }
    return true;
}

static void judge_range(const struct study_settings *s, struct study_result *res, int worker,
                        int jobs, int fd)
{
    for (size_t i = (size_t)worker; i < res->mutants.len; i += (size_t)jobs) {
        struct study_mutant *sm = &res->mutants.items[i];
        struct record rec = {.index = (uint32_t)i};
        mutant_judge(&s->judge, sm->file, &sm->m, &rec.v);
        if (fd >= 0 && !write_all(fd, &rec, sizeof(rec)))
            _exit(3);
        if (fd < 0)
            sm->v = rec.v;
    }
}

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void progress(const struct study_settings *s, size_t done, size_t total, double t0)
{
    if (!s->progress)
        return;
    double dt = seconds() - t0;
    fprintf(stderr, "\raccelsync mutate: %zu of %zu mutants judged, %.1f/s   ", done, total,
            dt > 0 ? (double)done / dt : 0.0);
    if (done == total)
        fputc('\n', stderr);
}

/* Judges every mutant of res, in worker processes when jobs > 1. False when a worker died. */
static bool judge_all(const struct study_settings *s, struct study_result *res)
{
    size_t total = res->mutants.len;
    double t0 = seconds();
    int jobs = s->jobs > 1 ? s->jobs : 1;
    if ((size_t)jobs > total)
        jobs = total ? (int)total : 1;
    if (jobs == 1) {
        for (size_t i = 0; i < total; i++) {
            struct study_mutant *sm = &res->mutants.items[i];
            mutant_judge(&s->judge, sm->file, &sm->m, &sm->v);
            progress(s, i + 1, total, t0);
        }
        return true;
    }
    fflush(NULL);
    struct pollfd *fds = xcalloc((size_t)jobs, sizeof(*fds));
    pid_t *pids = xcalloc((size_t)jobs, sizeof(pid_t));
    for (int w = 0; w < jobs; w++) {
        int pipefd[2];
        if (pipe(pipefd) != 0)
            return false;
        pid_t pid = fork();
        if (pid == 0) {
            close(pipefd[0]);
            judge_range(s, res, w, jobs, pipefd[1]);
            close(pipefd[1]);
            _exit(0);
        }
        close(pipefd[1]);
        fds[w] = (struct pollfd){.fd = pipefd[0], .events = POLLIN};
        pids[w] = pid;
    }
    size_t done = 0;
    int open = jobs;
    /* Records are small and whole: a partial one only happens at the end of a dead worker. */
    char **buf = xcalloc((size_t)jobs, sizeof(char *));
    size_t *have = xcalloc((size_t)jobs, sizeof(size_t));
    for (int w = 0; w < jobs; w++)
        buf[w] = xmalloc(sizeof(struct record));
    while (open > 0) {
        if (poll(fds, (nfds_t)jobs, -1) < 0 && errno != EINTR)
            break;
        for (int w = 0; w < jobs; w++) {
            if (fds[w].fd < 0 || !(fds[w].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            ssize_t n = read(fds[w].fd, buf[w] + have[w], sizeof(struct record) - have[w]);
            if (n <= 0) {
                close(fds[w].fd);
                fds[w].fd = -1;
                open--;
                continue;
            }
            have[w] += (size_t)n;
            if (have[w] == sizeof(struct record)) {
                struct record rec;
                memcpy(&rec, buf[w], sizeof(rec));
                if (rec.index < total)
                    res->mutants.items[rec.index].v = rec.v;
                have[w] = 0;
                progress(s, ++done, total, t0);
            }
        }
    }
    bool ok = done == total;
    for (int w = 0; w < jobs; w++) {
        int status = 0;
        waitpid(pids[w], &status, 0);
        ok &= WIFEXITED(status) && WEXITSTATUS(status) == 0;
        free(buf[w]);
    }
    free(buf);
    free(have);
    free(fds);
    free(pids);
    return ok;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* DIR/KERNEL.OPERATOR.LLINE.N.pir, its first line prefixed with a comment naming the source
 * kernel, the operator, the site and the seed (a comment on line 1 keeps every line number). */
static bool write_mutant(const char *dir, const struct study_mutant *sm, size_t n, uint64_t seed,
                         FILE *errors)
{
    char name[4096];
    const char *base = base_name(sm->file);
    size_t blen = strlen(base);
    if (blen > 4 && strcmp(base + blen - 4, ".pir") == 0)
        blen -= 4;
    snprintf(name, sizeof(name), "%s/%.*s.%s.L%d.%zu.pir", dir, (int)blen, base,
             mutation_op_name(sm->m.op), sm->m.line, n);
    FILE *f = fopen(name, "w");
    if (!f) {
        fprintf(errors, "accelsync: cannot write %s: %s\n", name, strerror(errno));
        return false;
    }
    fprintf(f, "/* accelsync mutant of %s: %s at line %d, seed %llu */ ", sm->file,
            mutation_op_name(sm->m.op), sm->m.line, (unsigned long long)seed);
    fwrite(sm->m.text, 1, sm->m.len, f);
    bool ok = fclose(f) == 0;
    if (!ok)
        fprintf(errors, "accelsync: cannot write %s\n", name);
    return ok;
}

void study_run(const struct study_settings *s, const char *const *paths, size_t n,
               struct study_result *res, FILE *errors)
{
    memset(res, 0, sizeof(*res));
    res->budget = s->judge.budget;
    res->seed = s->judge.seed;
    if (s->out_dir && mkdir(s->out_dir, 0777) != 0 && errno != EEXIST) {
        fprintf(errors, "accelsync: cannot create %s: %s\n", s->out_dir, strerror(errno));
        res->harness_error = true;
        return;
    }
    for (size_t i = 0; i < n; i++) {
        struct file_result r;
        check_file(paths[i], &s->judge.check, &r);
        if (!r.checked || r.diags.len) {
            fprintf(errors,
                    "accelsync: %s: %s: mutate needs a kernel that checks clean (run 'accelsync "
                    "check %s')\n",
                    paths[i],
                    !r.checked ? "could not be verified"
                               : r.diags.errors ? "it has findings" : "it has warnings",
                    paths[i]);
            res->refused++;
            file_result_free(&r);
            continue;
        }
        struct mutant_list list = {0};
        mutants_generate(&r, s->ops, &list);
        char *file = xstrdup(paths[i]), *model = xstrdup(r.model->name);
        VEC_PUSH(res->owned, file);
        VEC_PUSH(res->owned, model);
        for (size_t k = 0; k < list.len; k++) {
            struct study_mutant sm = {.file = file, .model = model, .m = list.items[k]};
            VEC_PUSH(res->mutants, sm);
            if (s->out_dir && !write_mutant(s->out_dir, &sm, k, s->judge.seed, errors))
                res->harness_error = true;
        }
        free(list.items);   /* the texts moved into res */
        res->files++;
        file_result_free(&r);
    }
    if (!judge_all(s, res)) {
        fprintf(errors, "accelsync: a worker process failed; results are incomplete\n");
        res->harness_error = true;
    }
}

int study_exit_code(const struct study_result *res)
{
    if (res->harness_error || res->refused)
        return 2;
    for (size_t i = 0; i < res->mutants.len; i++)
        if (!res->mutants.items[i].v.generated)
            return 2;
    for (size_t i = 0; i < res->mutants.len; i++) {
        const struct mutant_verdict *v = &res->mutants.items[i].v;
        if ((v->non_equivalent && !v->detected) || v->false_alarm)
            return 1;
    }
    return 0;
}

void study_result_free(struct study_result *res)
{
    for (size_t i = 0; i < res->mutants.len; i++)
        free(res->mutants.items[i].m.text);
    VEC_FREE(res->mutants);
    for (size_t i = 0; i < res->owned.len; i++)
        free(res->owned.items[i]);
    VEC_FREE(res->owned);
    memset(res, 0, sizeof(*res));
}

/* The child process a kernel source is read in (see isolate.h), and the byte stream that
 * carries its lowered PIR and diagnostics back. Both ends run the same binary, so numbers
 * travel in the machine's own layout. */
#include "isolate.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../util/fork_gate.h"
#include "../util/xalloc.h"
#include "frontend.h"

/* Under AddressSanitizer the process reserves terabytes of shadow address space, so an
 * address-space limit would stop every run: the memory cap is left to the time cap there. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define ISOLATE_NO_ADDRESS_LIMIT 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(memory_sanitizer)
#define ISOLATE_NO_ADDRESS_LIMIT 1
#endif
#endif

#define STDERR_KEPT 65536   /* bytes of the child's stderr kept for the parent to pass on */
/* The stack the lowering runs on in the child: the interpreter recurses once per statement
 * and expression level (up to --max-depth, 12500 at most), several times deeper frames under
 * the sanitizers. Reserved, not used: pages are touched only as deep as the code nests. */
#define CHILD_STACK ((size_t)512 << 20)

/* ---- the stream ---- */

struct bytes {
    char *data;
    size_t len, cap;
};

static void put(struct bytes *b, const void *p, size_t n)
{
    if (n == 0)
        return;   /* p may be NULL: an empty list */
    if (b->cap - b->len < n) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap - b->len < n)
            cap *= 2;
        b->data = xrealloc_array(b->data, cap, 1);
        b->cap = cap;
    }
    memcpy(b->data + b->len, p, n);
    b->len += n;
}

static void put_u64(struct bytes *b, uint64_t v) { put(b, &v, sizeof(v)); }
static void put_int(struct bytes *b, int v) { put(b, &v, sizeof(v)); }

static void put_str(struct bytes *b, const char *s)
{
    put_u64(b, s ? strlen(s) : UINT64_MAX);
    if (s)
        put(b, s, strlen(s));
}

/* A location's file as an index into the lowered files (-1: none), so the parent's origins
 * point into its own copies. Names not among them are added. */
static int file_index(struct lowered_source *l, const char *file)
{
    if (!file)
        return -1;
    for (size_t i = 0; i < l->nfiles; i++)
        if (l->files[i] == file)
            return (int)i;
    for (size_t i = 0; i < l->nfiles; i++)
        if (strcmp(l->files[i], file) == 0)
            return (int)i;
    l->files = xrealloc_array(l->files, l->nfiles + 1, sizeof(*l->files));
    l->files[l->nfiles] = xstrdup(file);
    return (int)l->nfiles++;
}

static void put_loc(struct bytes *b, struct lowered_source *l, struct as_loc loc)
{
    put_int(b, file_index(l, loc.file));
    put_int(b, loc.line);
    put_int(b, loc.col);
    put_int(b, loc.len);
}

static void encode(struct bytes *b, bool ok, struct lowered_source *l, const struct diag_list *d)
{
    /* the locations first: they may add files, which are written after them */
    struct bytes locs = {0};
    for (size_t i = 0; i < l->nlines; i++) {
        put_loc(&locs, l, l->origins[i]);
        put_int(&locs, l->calls_of ? l->calls_of[i] : -1);
    }
    for (size_t i = 0; i < l->ncalls; i++) {
        put_loc(&locs, l, l->calls[i].site);
        put_str(&locs, l->calls[i].callee);
        put_int(&locs, l->calls[i].parent);
    }
    put_int(b, ok);
    put_u64(b, l->pir ? l->len : UINT64_MAX);
    if (l->pir)
        put(b, l->pir, l->len);
    put_u64(b, l->nfiles);
    for (size_t i = 0; i < l->nfiles; i++)
        put_str(b, l->files[i]);
    put_u64(b, l->nlines);
    put_u64(b, l->ncalls);
    put(b, locs.data, locs.len);
    free(locs.data);
    put_u64(b, l->kernels);
    put_u64(b, l->incomplete);
    put_u64(b, l->nstopped);
    for (size_t i = 0; i < l->nstopped; i++) {
        put_str(b, l->stopped[i].kernel);
        put_str(b, l->stopped[i].reason);
    }
    put_u64(b, l->nentries);
    for (size_t i = 0; i < l->nentries; i++) {
        put_str(b, l->entries[i].kernel);
        put_str(b, l->entries[i].entry);
        put_str(b, l->entries[i].launch ? l->entries[i].launch : "");
    }
    put_u64(b, d->len);
    for (size_t i = 0; i < d->len; i++) {
        const struct finding *f = &d->items[i];
        put_int(b, (int)f->check);
        put_int(b, (int)f->severity);
        put_str(b, f->message);
        put_str(b, f->loc.file);
        put_int(b, f->loc.line);
        put_int(b, f->loc.col);
        put_int(b, f->loc.len);
    }
}

struct reader {
    const char *p, *end;
    bool bad;
};

static void get(struct reader *r, void *out, size_t n)
{
    if (r->bad || (size_t)(r->end - r->p) < n) {
        r->bad = true;
        memset(out, 0, n);
        return;
    }
    memcpy(out, r->p, n);
    r->p += n;
}

static uint64_t get_u64(struct reader *r)
{
    uint64_t v;
    get(r, &v, sizeof(v));
    return v;
}

static int get_int(struct reader *r)
{
    int v;
    get(r, &v, sizeof(v));
    return v;
}

/* A string of at most the bytes left: a count can never make the reader allocate more than
 * the child sent. NULL for a NULL string (and for a malformed one, with r->bad set). */
static char *get_str(struct reader *r, size_t *len)
{
    uint64_t n = get_u64(r);
    if (r->bad || n == UINT64_MAX || n > (uint64_t)(r->end - r->p)) {
        r->bad |= n != UINT64_MAX;
        return NULL;
    }
    char *s = xmalloc((size_t)n + 1);
    memcpy(s, r->p, (size_t)n);
    s[n] = '\0';
    r->p += n;
    if (len)
        *len = (size_t)n;
    return s;
}

/* A count of items of at least `size` bytes each that the bytes left can hold. */
static size_t get_count(struct reader *r, size_t size)
{
    uint64_t n = get_u64(r);
    if (n > (uint64_t)(r->end - r->p) / size)
        r->bad = true;
    return r->bad ? 0 : (size_t)n;
}

static struct as_loc get_loc(struct reader *r, const struct lowered_source *l)
{
    int file = get_int(r);
    struct as_loc loc = {NULL, get_int(r), get_int(r), get_int(r)};
    if (file >= 0 && (size_t)file < l->nfiles)
        loc.file = l->files[file];
    else if (file != -1)
        r->bad = true;
    return loc;
}

static bool decode(struct reader *r, struct lowered_source *l, struct diag_list *d)
{
    bool ok = get_int(r) != 0;
    l->pir = get_str(r, &l->len);
    l->nfiles = get_count(r, sizeof(uint64_t));
    l->files = xcalloc(l->nfiles, sizeof(*l->files));
    for (size_t i = 0; i < l->nfiles; i++)
        if (!(l->files[i] = get_str(r, NULL)))
            l->files[i] = xstrdup("");
    l->nlines = get_count(r, 5 * sizeof(int));
    size_t ncalls = get_count(r, 6 * sizeof(int));
    l->origins = xcalloc(l->nlines, sizeof(*l->origins));
    l->calls_of = xcalloc(l->nlines, sizeof(*l->calls_of));
    for (size_t i = 0; i < l->nlines; i++) {
        l->origins[i] = get_loc(r, l);
        l->calls_of[i] = get_int(r);
    }
    l->calls = xcalloc(ncalls, sizeof(*l->calls));
    for (size_t i = 0; i < ncalls && !r->bad; i++, l->ncalls++) {
        l->calls[i].site = get_loc(r, l);
        l->calls[i].callee = get_str(r, NULL);
        l->calls[i].parent = get_int(r);
    }
    l->kernels = get_u64(r);
    l->incomplete = get_u64(r);
    size_t nstopped = get_count(r, 2 * sizeof(uint64_t));
    l->stopped = xcalloc(nstopped, sizeof(*l->stopped));
    for (size_t i = 0; i < nstopped && !r->bad; i++, l->nstopped++) {
        char *kernel = get_str(r, NULL), *reason = get_str(r, NULL);
        l->stopped[i] = (struct lowered_stop){kernel ? kernel : xstrdup(""),
                                              reason ? reason : xstrdup("")};
    }
    size_t nentries = get_count(r, 3 * sizeof(uint64_t));
    l->entries = xcalloc(nentries, sizeof(*l->entries));
    for (size_t i = 0; i < nentries && !r->bad; i++, l->nentries++) {
        char *kernel = get_str(r, NULL), *entry = get_str(r, NULL), *launch = get_str(r, NULL);
        if (launch && !*launch) {   /* the host code did not say */
            free(launch);
            launch = NULL;
        }
        l->entries[i] = (struct lowered_entry){kernel ? kernel : xstrdup(""),
                                               entry ? entry : xstrdup(""), launch};
    }
    size_t nfindings = get_count(r, 4 * sizeof(int));
    for (size_t i = 0; i < nfindings && !r->bad; i++) {
        enum check_id check = (enum check_id)get_int(r);
        int sev_code = get_int(r);
        enum severity sev = sev_code == SEV_WARNING ? SEV_WARNING
                            : sev_code == SEV_NOTE  ? SEV_NOTE
                                                    : SEV_ERROR;
        char *message = get_str(r, NULL), *file = get_str(r, NULL);
        struct as_loc loc = {file ? arena_strdup(&d->arena, file) : NULL, get_int(r), get_int(r),
                             get_int(r)};
        if ((unsigned)check >= CHECK_COUNT)
            r->bad = true;
        else if (!r->bad)
            diag_addf(d, check, sev, loc, "%s", message ? message : "");
        free(message);
        free(file);
    }
    return ok && !r->bad && r->p == r->end;
}

/* ---- the child ---- */

static void write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            _exit(3);
        p += w;
        n -= (size_t)w;
    }
}

static bool open_pipe(int fds[2])
{
    if (pipe(fds) != 0)
        return false;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return true;
}

static void limit(int resource, rlim_t soft, rlim_t hard)
{
    struct rlimit rl = {soft, hard};
    (void)setrlimit(resource, &rl);
}

struct job {
    isolate_lower_fn lower;
    const struct source *src;
    const struct frontend_options *o;
    bool ok;
    struct lowered_source out;
    struct diag_list diags;
};

static void *run_job(void *arg)
{
    struct job *j = arg;
    j->ok = j->lower(j->src, j->o, &j->out, &j->diags);
    return NULL;
}

/* The child ends with its parent: the wall-clock cap is the parent's to enforce, so a child
 * whose parent was killed (a CI job's timeout, a bench's) would run on to its CPU cap. The
 * signal comes when the forking thread ends; that thread waits for the child. */
static void die_with_parent(pid_t parent)
{
#ifdef __linux__
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) == 0 && getppid() != parent)
        _exit(1);   /* the parent was gone before the request */
#else
    (void)parent;
#endif
}

_Noreturn static void child(isolate_lower_fn lower, const struct source *src,
                            const struct frontend_options *o, int out_fd, int err_fd,
                            pid_t parent)
{
    die_with_parent(parent);
    int null = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (null >= 0)
        dup2(null, STDIN_FILENO);   /* nothing the source names may read the job's input */
    dup2(err_fd, STDERR_FILENO);
    if (out_fd != 3)
        out_fd = dup2(out_fd, 3);
    /* The pipes of the other files being read in parallel (-j) came along with the fork:
     * held open here, they would keep those readers waiting for this child's end. */
    long top = sysconf(_SC_OPEN_MAX);
    for (long fd = 4; fd < (top < 0 || top > 65536 ? 65536 : top); fd++)
        close((int)fd);
    limit(RLIMIT_CORE, 0, 0);
#ifndef ISOLATE_NO_ADDRESS_LIMIT
    if (o->max_memory_mib && o->max_memory_mib < (uint64_t)RLIM_INFINITY / (1024 * 1024))
        limit(RLIMIT_AS, (rlim_t)(o->max_memory_mib * 1024 * 1024),
              (rlim_t)(o->max_memory_mib * 1024 * 1024));
#endif
    if (o->max_seconds)
        limit(RLIMIT_CPU, (rlim_t)o->max_seconds, (rlim_t)o->max_seconds + 1);
    /* a fault inside libclang ends this process, which says which limit it was, instead of
     * libclang's recovery printing its report and answering "crashed" */
    setenv("LIBCLANG_DISABLE_CRASH_RECOVERY", "1", 1);
    struct job job = {.lower = lower, .src = src, .o = o};
    diag_list_init(&job.diags, 0);
    pthread_attr_t attr;
    pthread_t thread;
    bool threaded = pthread_attr_init(&attr) == 0 &&
                    pthread_attr_setstacksize(&attr, CHILD_STACK) == 0 &&
                    pthread_create(&thread, &attr, run_job, &job) == 0;
    if (threaded)
        pthread_join(thread, NULL);
    else
        run_job(&job);
    struct bytes b = {0};
    encode(&b, job.ok, &job.out, &job.diags);
    write_all(out_fd, b.data, b.len);
    _exit(0);   /* never exit(): the parent's unflushed output would be written twice */
}

/* ---- the parent ---- */

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Reads the child's two pipes until both end or the deadline passes (then true). */
static bool collect(int out_fd, int err_fd, struct bytes *out, struct bytes *err,
                    double deadline)
{
    struct pollfd fds[2] = {{out_fd, POLLIN, 0}, {err_fd, POLLIN, 0}};
    char buf[65536];
    while (fds[0].fd >= 0 || fds[1].fd >= 0) {
        double left = deadline - now();
        if (left <= 0)
            return true;
        int n = poll(fds, 2, left > 1e6 ? 1000000000 : (int)(left * 1000) + 1);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return false;
        for (int i = 0; i < 2; i++) {
            if (fds[i].fd < 0 || !fds[i].revents)
                continue;
            ssize_t got = read(fds[i].fd, buf, sizeof(buf));
            if (got < 0 && errno == EINTR)
                continue;
            if (got <= 0) {
                fds[i].fd = -1;
                continue;
            }
            if (i == 0)
                put(out, buf, (size_t)got);
            else if (err->len < STDERR_KEPT)
                put(err, buf, (size_t)got < STDERR_KEPT - err->len ? (size_t)got
                                                                    : STDERR_KEPT - err->len);
        }
    }
    return false;
}

static bool said(const struct bytes *err, const char *what)
{
    for (size_t i = 0; i + strlen(what) <= err->len; i++)
        if (memcmp(err->data + i, what, strlen(what)) == 0)
            return true;
    return false;
}

/* Why the child gave no answer, as a finding at the file; whether its stderr is explained
 * by it (a limit) or must be passed on (a crash someone should see). */
static bool report_failure(const struct source *src, const struct frontend_options *o,
                           int status, bool timed_out, const struct bytes *err,
                           struct diag_list *diags)
{
    struct as_loc at = {arena_strdup(&diags->arena, src->path), 0, 0, 1};
    int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    bool out_of_memory = (WIFEXITED(status) && WEXITSTATUS(status) == 2) ||
                         said(err, "out of memory") || said(err, "std::bad_alloc") ||
                         said(err, "allocator is out of memory");
    if (timed_out || sig == SIGXCPU || (sig == SIGKILL && !out_of_memory)) {
        diag_addf(diags, CHECK_LIMIT_EXCEEDED, SEV_ERROR, at,
                  "reading the kernel source took more than %u seconds; raise the limit with "
                  "--max-source-seconds", o->max_seconds);
        return true;
    }
    if (out_of_memory) {
        diag_addf(diags, CHECK_LIMIT_EXCEEDED, SEV_ERROR, at,
                  "reading the kernel source took more than %llu MiB of memory; raise the limit "
                  "with --max-source-memory", (unsigned long long)o->max_memory_mib);
        return true;
    }
    /* under the sanitizers the child reports the fault itself and exits 1 */
    if (sig == SIGSEGV || sig == SIGBUS || said(err, "stack-overflow") ||
        said(err, "AddressSanitizer: SEGV")) {
        diag_addf(diags, CHECK_LIMIT_EXCEEDED, SEV_ERROR, at,
                  "reading the kernel source stopped on a segmentation fault, most likely a "
                  "stack overflow (code nested too deeply for libclang or the frontend)");
        return true;
    }
    if (sig)
        diag_addf(diags, CHECK_LIMIT_EXCEEDED, SEV_ERROR, at,
                  "reading the kernel source stopped on signal %d (%s) inside libclang or the "
                  "frontend", sig, strsignal(sig));
    else
        diag_addf(diags, CHECK_LIMIT_EXCEEDED, SEV_ERROR, at,
                  "reading the kernel source stopped with exit status %d and no answer inside "
                  "libclang or the frontend", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    return false;
}

bool isolate_lower(isolate_lower_fn lower, const struct source *src,
                   const struct frontend_options *o, struct lowered_source *out,
                   struct diag_list *diags)
{
    const char *in_process = getenv("ACCELSYNC_FRONTEND_IN_PROCESS");
    if (in_process && strcmp(in_process, "1") == 0)
        return lower(src, o, out, diags);
    memset(out, 0, sizeof(*out));
    int out_pipe[2], err_pipe[2];
    if (!open_pipe(out_pipe))
        return lower(src, o, out, diags);
    if (!open_pipe(err_pipe)) {
        close(out_pipe[0]);
        close(out_pipe[1]);
        return lower(src, o, out, diags);
    }
    fflush(stderr);
    pid_t parent = getpid();
    pid_t pid = fork_gate_fork();
    if (pid == 0) {
        close(out_pipe[0]);
        close(err_pipe[0]);
        child(lower, src, o, out_pipe[1], err_pipe[1], parent);
    }
    close(out_pipe[1]);
    close(err_pipe[1]);
    if (pid < 0) {
        fork_gate_resume();
        close(out_pipe[0]);
        close(err_pipe[0]);
        return lower(src, o, out, diags);
    }
    struct bytes answer = {0}, err = {0};
    double deadline = now() + (o->max_seconds ? o->max_seconds : 1e9);
    bool timed_out = collect(out_pipe[0], err_pipe[0], &answer, &err, deadline);
    if (timed_out)
        kill(pid, SIGKILL);
    close(out_pipe[0]);
    close(err_pipe[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    fork_gate_resume();
    bool ok = false, answered = false;
    if (!timed_out && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        const char *data = answer.data ? answer.data : "";   /* no answer: an empty one */
        struct reader r = {data, data + answer.len, false};
        struct diag_list got;
        diag_list_init(&got, 0);
        ok = decode(&r, out, &got);
        answered = !r.bad && r.p == r.end;
        for (size_t i = 0; answered && i < got.len; i++) {
            struct finding f = got.items[i];
            f.message = arena_strdup(&diags->arena, f.message);
            f.loc.file = f.loc.file ? arena_strdup(&diags->arena, f.loc.file) : NULL;
            diag_add(diags, &f);
        }
        diag_list_free(&got);
        if (!answered) {
            lowered_source_free(out);
            ok = false;
        }
    }
    bool explained = answered || report_failure(src, o, status, timed_out, &err, diags);
    if (err.len && (answered || !explained))
        fwrite(err.data, 1, err.len, stderr);
    free(answer.data);
    free(err.data);
    return ok;
}

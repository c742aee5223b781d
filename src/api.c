/* The public API (include/accelsync/accelsync.h) over the check driver and reporters. */
#include <accelsync/accelsync.h>

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check/levels.h"
#include "check/run.h"
#include "fix/fixer.h"
#include "mutate/study.h"
#include "config.h"
#include "frontend/explain.h"
#include "frontend/frontend.h"
#include "report/baseline.h"
#include "report/report.h"
#include "sim/trace.h"
#include "util/escape.h"
#include "util/fork_gate.h"
#include "util/xalloc.h"

struct binding_vec {
    struct binding *items;
    size_t len, cap;
};

/* `before`, the name escaped (a path typed on the command line may hold any byte), then the
 * rest formatted. */
static void print_escaped(FILE *errors, const char *before, const char *name, const char *fmt,
                          ...) __attribute__((format(printf, 4, 5)));
static void print_escaped(FILE *errors, const char *before, const char *name, const char *fmt,
                          ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs(before, errors);
    fputs_escaped(name, errors);
    vfprintf(errors, fmt, ap);
    va_end(ap);
}

struct define_vec {
    struct define *items;
    size_t len, cap;
};

struct as_options {
    struct check_options check;
    struct define_vec defines;
    struct binding_vec defaults;    /* as_options_define_default */
    VEC(char *) names;      /* owned copies of the define names */
    char *model;
    char *task_type;            /* as_options_set_task_type */
    char *arch;                 /* as_options_set_arch */
    char *sdk;                  /* as_options_set_sdk */
    VEC(struct host_input) host_inputs;     /* as_options_add_host_input (strings in names) */
    char *compile_db;           /* as_options_set_compile_commands */
    VEC(char *) model_path;     /* owned copies of the --model-path directories */
    VEC(char *) include_dirs;   /* owned copies of the -I directories */
    struct sim_policy policy;   /* as_simulate_files */
    unsigned jobs;              /* files checked at once (as_options_set_jobs); 1: in order */
    struct baseline *baseline;  /* findings accepted (as_options_set_baseline); NULL: none */
    as_progress_fn progress;    /* as_options_set_progress; NULL: none */
    void *progress_data;
    char *config;               /* as_options_set_config_name; NULL: none */
    as_log_fn log;              /* NULL: standard error */
    void *log_data;
    struct sim_replay replay;
};

struct as_result {
    struct file_result *files;
    size_t n;
    size_t skipped;             /* as_result_add_skipped */
};

const char *as_version(void) { return AS_VERSION; }

struct as_options *as_options_new(void)
{
    struct as_options *o = xcalloc(1, sizeof(*o));
    check_options_defaults(&o->check);
    o->check.models = model_cache_new();
    o->jobs = 1;
    o->policy = (struct sim_policy){.kind = SIM_POLICY_RANDOM, .seed = 1, .replay = &o->replay};
    return o;
}

void as_options_free(struct as_options *o)
{
    if (!o)
        return;
    for (size_t i = 0; i < o->names.len; i++)
        free(o->names.items[i]);
    VEC_FREE(o->names);
    VEC_FREE(o->defines);
    VEC_FREE(o->defaults);
    for (size_t i = 0; i < o->model_path.len; i++)
        free(o->model_path.items[i]);
    VEC_FREE(o->model_path);
    for (size_t i = 0; i < o->include_dirs.len; i++)
        free(o->include_dirs.items[i]);
    VEC_FREE(o->include_dirs);
    model_cache_free(o->check.models);
    baseline_free(o->baseline);
    free(o->model);
    free(o->task_type);
    free(o->arch);
    free(o->sdk);
    VEC_FREE(o->host_inputs);
    free(o->compile_db);
    free(o->config);
    sim_replay_free(&o->replay);
    free(o);
}

void as_options_set_model(struct as_options *o, const char *name_or_path)
{
    free(o->model);
    o->model = name_or_path ? xstrdup(name_or_path) : NULL;
    o->check.model = o->model;
}

void as_options_set_log(struct as_options *o, as_log_fn log, void *userdata)
{
    o->log = log;
    o->log_data = userdata;
}

/* A message of the library's own, to the options' log or standard error. */
static void log_message(const struct as_options *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void log_message(const struct as_options *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *msg = xmalloc(n > 0 ? (size_t)n + 1 : 1);
    va_start(ap, fmt);
    vsnprintf(msg, n > 0 ? (size_t)n + 1 : 1, fmt, ap);
    va_end(ap);
    if (o && o->log)
        o->log(o->log_data, msg);
    else
        fprintf(stderr, "%s\n", msg);
    free(msg);
}

void as_options_add_model_path(struct as_options *o, const char *dir)
{
    char *copy = xstrdup(dir);
    VEC_PUSH(o->model_path, copy);
    o->check.model_path = (const char *const *)o->model_path.items;
    o->check.nmodel_path = o->model_path.len;
}

void as_options_set_auto_sync(struct as_options *o, bool on)
{
    o->check.manual_sync = !on;
}

bool as_options_set_task_type(struct as_options *o, const char *type)
{
    if (bangc_task_clusters(type) < 0)
        return false;
    free(o->task_type);
    o->task_type = xstrdup(type);
    o->check.task_type = o->task_type;
    return true;
}

void as_options_set_arch(struct as_options *o, const char *arch)
{
    free(o->arch);
    o->arch = xstrdup(arch);
    o->check.arch = o->arch;
}

void as_options_set_sdk(struct as_options *o, const char *dir)
{
    free(o->sdk);
    o->sdk = xstrdup(dir);
    o->check.sdk = o->sdk;
}

void as_options_set_compile_commands(struct as_options *o, const char *dir)
{
    free(o->compile_db);
    o->compile_db = xstrdup(dir);
    o->check.compile_db = o->compile_db;
}

void as_options_add_include_dir(struct as_options *o, const char *dir)
{
    char *copy = xstrdup(dir);
    VEC_PUSH(o->include_dirs, copy);
    o->check.include_dirs = (const char *const *)o->include_dirs.items;
    o->check.ninclude_dirs = o->include_dirs.len;
}

/* A definition list's owned copy of name (one per name). */
static const char *own_name(struct as_options *o, const char *name)
{
    char *copy = xstrdup(name);
    VEC_PUSH(o->names, copy);
    return copy;
}

/* Sets name in a list of definitions: a later value of one name replaces the earlier. */
static void put_binding(struct as_options *o, struct binding_vec *v, struct binding b)
{
    for (size_t i = 0; i < v->len; i++) {
        if (strcmp(v->items[i].name, b.name) == 0) {
            v->items[i].value = b.value;
            return;
        }
    }
    b.name = own_name(o, b.name);
    VEC_PUSH(*v, b);
}

static void put_define(struct as_options *o, struct define d)
{
    struct define_vec *v = &o->defines;
    for (size_t i = 0; i < v->len; i++) {
        if (strcmp(v->items[i].name, d.name) == 0) {
            d.name = v->items[i].name;
            v->items[i] = d;
            return;
        }
    }
    d.name = own_name(o, d.name);
    VEC_PUSH(*v, d);
    o->check.defines = v->items;
    o->check.ndefines = v->len;
}

/* "4096,1024": integers >= 0 separated by commas (a scalar: the empty list, ""). */
static bool dims_form(const char *s)
{
    if (!*s)
        return true;
    for (;;) {
        if (*s < '0' || *s > '9')
            return false;
        char *end;
        errno = 0;
        long long d = strtoll(s, &end, 10);
        if (errno || d < 0)
            return false;
        if (*end == '\0')
            return true;
        if (*end != ',')
            return false;
        s = end + 1;
    }
}

bool as_options_add_host_input(struct as_options *o, const char *option, const char *name,
                               const char *value)
{
    enum host_input_kind kind;
    if (!strcmp(option, "shape"))
        kind = HOST_SHAPE;
    else if (!strcmp(option, "dtype"))
        kind = HOST_DTYPE;
    else if (!strcmp(option, "attr"))
        kind = HOST_ATTR;
    else
        return false;
    if (!*name || (kind == HOST_SHAPE ? !dims_form(value) : !*value))
        return false;
    struct host_input in = {kind, own_name(o, name), own_name(o, value)};
    VEC_PUSH(o->host_inputs, in);
    o->check.host_inputs = o->host_inputs.items;
    o->check.nhost_inputs = o->host_inputs.len;
    return true;
}

void as_options_define_default(struct as_options *o, const char *name, long long value)
{
    put_binding(o, &o->defaults, (struct binding){.name = name, .value = value});
    o->check.defaults = o->defaults.items;
    o->check.ndefaults = o->defaults.len;
}

void as_options_define(struct as_options *o, const char *name, long long value)
{
    put_define(o, (struct define){.name = name, .value = value});
}

void as_options_define_range(struct as_options *o, const char *name, long long lo, long long hi)
{
    put_define(o, (struct define){.name = name, .value = lo, .range = true, .hi = hi});
}

void as_options_set_limit(struct as_options *o, enum as_limit which, unsigned long long value)
{
    switch (which) {
    case AS_LIMIT_EVENTS:
        o->check.max_events = value;
        break;
    case AS_LIMIT_PATHS:
        o->check.max_paths = (size_t)value;
        break;
    case AS_LIMIT_ERRORS:
        o->check.max_errors = (size_t)value;
        break;
    case AS_LIMIT_FILE_SIZE:
        o->check.max_file_size = (size_t)value;
        break;
    case AS_LIMIT_TOKENS:
        o->check.max_tokens = (size_t)value;
        break;
    case AS_LIMIT_DEPTH:
        o->check.max_depth = value > 12500 ? 12500 : (int)value;
        break;
    case AS_LIMIT_TRIP_COUNT:
        o->check.max_trip_count = value;
        break;
    case AS_LIMIT_BUFFERS:
        o->check.max_buffers = (size_t)value;
        break;
    case AS_LIMIT_MODEL_SIZE:
        o->check.max_model_size = (size_t)value;
        break;
    case AS_LIMIT_MODEL_ELEMENTS:
        o->check.max_model_elements = (size_t)value;
        break;
    case AS_LIMIT_CLOCK_SIZE:
        o->check.max_clock_size = value;
        break;
    case AS_LIMIT_PAIRS:
        o->check.max_pairs = value;
        break;
    case AS_LIMIT_HINT_EVENTS:
        o->check.hint_budget = value;
        break;
    case AS_LIMIT_FILE_EVENTS:
        o->check.max_file_events = value;
        break;
    case AS_LIMIT_FILE_PAIRS:
        o->check.max_file_pairs = value;
        break;
    case AS_LIMIT_SOURCE_MEMORY:
        o->check.max_source_memory = value;
        break;
    case AS_LIMIT_SOURCE_SECONDS:
        o->check.max_source_seconds = value > 86400 * 365 ? 86400 * 365 : (unsigned)value;
        break;
    }
}

void as_options_use_reference_engine(struct as_options *o, bool on) { o->check.reference_engine = on; }
void as_options_split_choices(struct as_options *o, bool on) { o->check.split_choices = on; }

void as_options_set_witness(struct as_options *o, bool on)
{
    o->check.on_run = on ? sim_witness_attach : NULL;
    o->check.on_run_arg = NULL;
}

bool as_options_set_schedule(struct as_options *o, enum as_policy policy, unsigned long long runs,
                             unsigned long long seed, const char *replay_path, FILE *errors)
{
    static const enum sim_policy_kind kinds[] = {
        [AS_POLICY_RANDOM] = SIM_POLICY_RANDOM, [AS_POLICY_ADVERSARIAL] = SIM_POLICY_ADVERSARIAL,
        [AS_POLICY_REPLAY] = SIM_POLICY_REPLAY};
    sim_replay_free(&o->replay);
    o->replay.fallback = 1;
    if (policy == AS_POLICY_REPLAY) {
        const char *err = NULL;
        int line = 0;
        if (!replay_path || !sim_replay_read(replay_path, &o->replay, &err, &line)) {
            if (!replay_path)
                fputs("accelsync: the replay policy needs a latency file\n", errors);
            else if (line > 0)
                print_escaped(errors, "accelsync: ", replay_path, ":%d: %s\n", line, err);
            else
                print_escaped(errors, "accelsync: cannot read ", replay_path, ": %s\n", err);
            return false;
        }
    }
    o->policy = (struct sim_policy){.kind = kinds[policy], .seed = seed, .runs = (size_t)runs,
                                    .replay = &o->replay};
    return true;
}

/* One file of a result: what as_check_files and as_simulate_files do per file. */
typedef void (*file_fn)(const char *path, const struct check_options *co,
                        const struct as_options *o, struct file_result *out);

static void check_one(const char *path, const struct check_options *co, const struct as_options *o,
                      struct file_result *out)
{
    check_file(path, co, out);
    baseline_apply(o->baseline, out);   /* before the hints: accepted findings need none */
    fix_verify_hints(co, out);
    file_result_drop_ast(out);
}

static void simulate_one(const char *path, const struct check_options *co,
                         const struct as_options *o, struct file_result *out)
{
    (void)o;
    check_file(path, co, out);
}

struct file_pool {
    const char *const *paths;
    const char *const *refused;     /* NULL, or per path NULL or why it is not read */
    size_t n;
    const struct check_options *co;
    const struct as_options *o;
    size_t done;                /* files finished, for the progress callback */
    file_fn fn;
    struct file_result *out;
    pthread_mutex_t lock;
    size_t next;                /* the next file to take */
    /* No worker ends (its thread's exit frees memory) while another may still fork. */
    pthread_cond_t ended;
    size_t finished, threads;   /* workers done; workers started (SIZE_MAX: not known yet) */
    size_t running;             /* workers whose thread start-up is over */
};

/* A worker takes files in order until none is left; it loads models into a cache of its own
 * (caches are not shared between threads) and writes only its files' slots of the result. */
static void *file_worker(void *arg)
{
    struct file_pool *pool = arg;
    struct check_options co = *pool->co;
    pthread_mutex_lock(&pool->lock);   /* our start-up (the sanitizer's locks) is over */
    pool->running++;
    pthread_cond_broadcast(&pool->ended);
    pthread_mutex_unlock(&pool->lock);
    fork_gate_enter();   /* a file read in a child process forks only between our steps */
    co.models = model_cache_new();
    for (;;) {
        pthread_mutex_lock(&pool->lock);
        size_t i = pool->next++;
        pthread_mutex_unlock(&pool->lock);
        if (i >= pool->n)
            break;
        if (pool->refused && pool->refused[i])
            check_unread(pool->paths[i], pool->refused[i], &co, &pool->out[i]);
        else
            pool->fn(pool->paths[i], &co, pool->o, &pool->out[i]);
        if (pool->o->progress) {   /* one call at a time, in the order files finish */
            pthread_mutex_lock(&pool->lock);
            pool->o->progress(pool->o->progress_data, ++pool->done, pool->n, pool->paths[i]);
            pthread_mutex_unlock(&pool->lock);
        }
    }
    model_cache_free(co.models);
    fork_gate_leave();
    pthread_mutex_lock(&pool->lock);
    pool->finished++;
    pthread_cond_broadcast(&pool->ended);
    while (pool->finished < pool->threads)
        pthread_cond_wait(&pool->ended, &pool->lock);
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

/* Runs fn on every file, on up to `jobs` threads; the result is in the order of paths and
 * does not depend on the number of threads (each file's result is computed alone). */
static struct as_result *for_each_file(const struct check_options *co, const struct as_options *o,
                                       const char *const *paths, const char *const *refused,
                                       size_t n, file_fn fn)
{
    unsigned jobs = o->jobs;
    struct as_result *r = xcalloc(1, sizeof(*r));
    r->files = xcalloc(n ? n : 1, sizeof(*r->files));
    r->n = n;
    size_t threads = jobs < n ? jobs : n;
    if (threads <= 1) {
        for (size_t i = 0; i < n; i++) {
            if (refused && refused[i])
                check_unread(paths[i], refused[i], co, &r->files[i]);
            else
                fn(paths[i], co, o, &r->files[i]);
            if (o->progress)
                o->progress(o->progress_data, i + 1, n, paths[i]);
        }
        return r;
    }
    model_prepare_threads();
    struct file_pool pool = {paths, refused, n, co, o, 0, fn, r->files, PTHREAD_MUTEX_INITIALIZER,
                             0, PTHREAD_COND_INITIALIZER, 0, SIZE_MAX, 0};
    pthread_t *tid = xcalloc(threads, sizeof(pthread_t));
    size_t started = 0;
    /* No fork while a thread is being made or is starting: the locks that takes (the C
     * library's, the sanitizer's thread registry) would stay held in the child. */
    fork_gate_enter();
    for (; started < threads; started++)
        if (pthread_create(&tid[started], NULL, file_worker, &pool) != 0)
            break;
    pthread_mutex_lock(&pool.lock);
    pool.threads = started ? started : 1;
    pthread_cond_broadcast(&pool.ended);
    while (pool.running < started)
        pthread_cond_wait(&pool.ended, &pool.lock);
    pthread_mutex_unlock(&pool.lock);
    fork_gate_leave();
    if (started == 0)
        file_worker(&pool);   /* no thread could be made: do it here */
    for (size_t t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    free(tid);
    pthread_mutex_destroy(&pool.lock);
    pthread_cond_destroy(&pool.ended);
    return r;
}

struct as_result *as_simulate_files(const struct as_options *o, const char *const *paths, size_t n)
{
    return as_simulate_found_files(o, paths, NULL, n);
}

struct as_result *as_simulate_found_files(const struct as_options *o, const char *const *paths,
                                          const char *const *refused, size_t n)
{
    struct check_options co = o->check;
    co.on_run = sim_simulate_run;
    co.on_run_arg = &o->policy;
    co.lower_only = true;
    return for_each_file(&co, o, paths, refused, n, simulate_one);
}

int as_mutate_files(const struct as_options *o, const char *operators, const char *out_dir,
                    unsigned long long budget, unsigned long long seed, int jobs, bool progress,
                    const char *const *paths, size_t n, enum as_mutate_format format, FILE *out,
                    FILE *errors)
{
    struct study_settings s = {.judge = {.check = o->check, .budget = (size_t)budget,
                                         .seed = seed},
                               .jobs = jobs, .out_dir = out_dir, .progress = progress};
    if (!operators) {
        s.ops = (UINT32_C(1) << MUT_COUNT) - 1;
    } else {
        char *copy = xstrdup(operators), *save = NULL;
        for (char *w = strtok_r(copy, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
            int op = mutation_op_find(w);
            if (op < 0) {
                print_escaped(errors, "accelsync: unknown mutation operator '", w,
                              "'; the operators are:");
                for (int k = 0; k < MUT_COUNT; k++)
                    fprintf(errors, " %s", mutation_op_name(k));
                fputc('\n', errors);
                free(copy);
                return 2;
            }
            s.ops |= UINT32_C(1) << op;
        }
        free(copy);
    }
    struct study_result res;
    study_run(&s, paths, n, &res, errors);
    static const enum study_format formats[] = {STUDY_TEXT, STUDY_JSON, STUDY_CSV, STUDY_MARKDOWN};
    bool written = study_write(&res, out, formats[format]);
    int rc = written ? study_exit_code(&res) : 2;
    study_result_free(&res);
    return rc;
}

void as_options_set_jobs(struct as_options *o, unsigned jobs) { o->jobs = jobs ? jobs : 1; }

void as_options_set_progress(struct as_options *o, as_progress_fn fn, void *data)
{
    o->progress = fn;
    o->progress_data = data;
}

const char *as_options_set_check_level(struct as_options *o, const char *check, const char *level)
{
    static const char *const levels[] = {"off", "warning", "error"};
    int id = -1, lv = -2;
    for (int i = 0; i < CHECK_COUNT; i++)
        if (strcmp(check, check_name((enum check_id)i)) == 0)
            id = i;
    for (int i = 0; i < 3; i++)
        if (strcmp(level, levels[i]) == 0)
            lv = i;
    if (strcmp(level, "default") == 0)
        lv = CHECK_LEVEL_DEFAULT;
    if (id < 0)
        return "unknown check id";
    if (lv == -2)
        return "the level is one of off, warning, error, default";
    if (check_is_input_error((enum check_id)id))
        return "an input error keeps its level: a file that was not verified must not look clean";
    o->check.level[id] = (signed char)lv;
    return NULL;
}

void as_options_set_config_name(struct as_options *o, const char *path)
{
    free(o->config);
    o->config = path ? xstrdup(path) : NULL;
    o->check.config = o->config;
}

bool as_options_set_baseline(struct as_options *o, const char *path, FILE *errors)
{
    struct baseline *b = baseline_read(path, errors);
    if (!b)
        return false;
    baseline_free(o->baseline);
    o->baseline = b;
    return true;
}

void as_result_append(struct as_result *into, struct as_result *from)
{
    into->files = xrealloc_array(into->files, into->n + from->n + 1, sizeof(*into->files));
    memcpy(into->files + into->n, from->files, from->n * sizeof(*from->files));
    into->n += from->n;
    into->skipped += from->skipped;
    free(from->files);
    free(from);
}

int as_merge_sarif(const char *const *paths, size_t n, FILE *out, FILE *errors)
{
    return report_merge_sarif(paths, n, out, errors);
}

bool as_result_write_baseline(const struct as_result *r, FILE *out)
{
    return baseline_write(out, r->files, r->n);
}

struct as_result *as_check_files(const struct as_options *o, const char *const *paths, size_t n)
{
    return as_check_found_files(o, paths, NULL, n);
}

struct as_result *as_check_found_files(const struct as_options *o, const char *const *paths,
                                       const char *const *refused, size_t n)
{
    return for_each_file(&o->check, o, paths, refused, n, check_one);
}

struct as_result *as_check_text(const struct as_options *o, const char *name, const char *text,
                                size_t len)
{
    struct as_result *r = xcalloc(1, sizeof(*r));
    r->files = xcalloc(1, sizeof(*r->files));
    r->n = 1;
    check_source(source_from_string(name, text, len), &o->check, &r->files[0]);
    fix_verify_hints(&o->check, &r->files[0]);
    return r;
}

void as_result_add_skipped(struct as_result *r, size_t files) { r->skipped += files; }

size_t as_result_skipped_count(const struct as_result *r) { return r->skipped; }

int as_result_exit_code(const struct as_result *r, bool werror)
{
    struct report_summary s;
    report_summarize(r->files, r->n, r->skipped, werror, &s);
    return s.exit_code;
}

bool as_result_write(const struct as_result *r, FILE *out, enum as_format format, bool werror)
{
    if (format == AS_FORMAT_JSON)
        return report_json(out, r->files, r->n, r->skipped, werror);
    if (format == AS_FORMAT_SARIF)
        return report_sarif(out, r->files, r->n, r->skipped, werror);
    if (format == AS_FORMAT_HTML)
        return report_html(out, r->files, r->n, r->skipped, werror);
    if (format == AS_FORMAT_CODEQUALITY)
        return report_codequality(out, r->files, r->n);
    report_text(out, r->files, r->n, r->skipped, werror, NULL);
    return !ferror(out);
}

bool as_result_write_text(const struct as_result *r, FILE *out, bool werror, unsigned flags,
                          double seconds)
{
    struct text_style style = {(flags & AS_TEXT_QUIET) != 0, (flags & AS_TEXT_COLOR) != 0, seconds};
    report_text(out, r->files, r->n, r->skipped, werror, &style);
    return !ferror(out);
}

const char *const *as_kernel_extensions(void)
{
    static const char *const pir_only[] = {"pir", NULL};
    return frontend_available() ? kernel_extensions : pir_only;
}

/* What the frontend is given for a kernel source (check_lowered in check/run.c gives the
 * same). */
static struct frontend_options frontend_options_of(const struct check_options *co)
{
    return (struct frontend_options){
        .include_dirs = co->include_dirs, .ninclude_dirs = co->ninclude_dirs,
        .defines = co->defines, .ndefines = co->ndefines, .model = co->model,
        .max_steps = co->max_events,
        .max_file_steps = co->max_file_events, .manual_sync = co->manual_sync,
        .split_choices = co->split_choices,
        .task_type = co->task_type, .arch = co->arch, .sdk = co->sdk,
        .model_path = co->model_path, .nmodel_path = co->nmodel_path,
        .max_memory_mib = co->max_source_memory, .max_seconds = co->max_source_seconds,
        .max_header_size = co->max_file_size, .max_depth = co->max_depth,
        .host_inputs = co->host_inputs, .nhost_inputs = co->nhost_inputs,
        .compile_db = co->compile_db};
}

/* Each finding of d, as `lower` writes them: FILE:LINE:COL: SEVERITY: MESSAGE [CHECK]. */
static void print_findings(const struct diag_list *d, const char *path, FILE *errors)
{
    for (size_t i = 0; i < d->len; i++) {
        const struct finding *f = &d->items[i];
        fputs_escaped(f->loc.file ? f->loc.file : path, errors);
        fputc(':', errors);
        if (f->loc.line > 0)   /* a finding about the whole file has no line */
            fprintf(errors, "%d:%d:", f->loc.line, f->loc.col);
        fprintf(errors, " %s: ", severity_name(f->severity));
        fputs_escaped(f->message, errors);
        fprintf(errors, " [%s]\n", check_name(f->check));
    }
}

int as_explain_file(const struct as_options *o, const char *path, FILE *out, FILE *errors)
{
    const struct check_options *co = &o->check;
    struct frontend_options fo = frontend_options_of(co);
    char *line = NULL;
    struct diag_list d;
    diag_list_init(&d, 0);
    if (frontend_for_path(path) == FRONTEND_NONE) {
        /* a PIR file: nothing is derived, the model is its own declaration's or --model's */
        line = xasprintf("accelsync check%s%s", co->model ? " --model " : "",
                         co->model ? co->model : "");
        for (size_t i = 0; i < co->ndefines; i++) {
            const struct define *df = &co->defines[i];
            char *more = df->range ? xasprintf("%s -D %s=%lld..%lld", line, df->name,
                                               (long long)df->value, (long long)df->hi)
                                   : xasprintf("%s -D %s=%lld", line, df->name,
                                               (long long)df->value);
            free(line);
            line = more;
        }
        char *more = xasprintf("%s %s", line, path);
        free(line);
        line = more;
    } else if (!frontend_available()) {
        diag_addf(&d, CHECK_INPUT_ERROR, SEV_ERROR,
                  (struct as_loc){arena_strdup(&d.arena, path), 0, 0, 1},
                  "this accelsync was built without the source frontends (libclang)");
    } else {
        const char *err = NULL;
        struct source *src = source_read(path, co->max_file_size, &err);
#ifdef AS_HAVE_LIBCLANG
        if (src)
            line = frontend_explain(src, &fo, &d);
#else
        (void)fo;
#endif
        if (!src)
            diag_addf(&d, strstr(err, "limit") ? CHECK_LIMIT_EXCEEDED : CHECK_INPUT_ERROR,
                      SEV_ERROR, (struct as_loc){arena_strdup(&d.arena, path), 0, 0, 1},
                      "cannot read %s: %s", path, err);
        source_free(src);
    }
    if (line) {
        fputs_escaped(line, out);
        fputc('\n', out);
    }
    print_findings(&d, path, errors);
    diag_list_free(&d);
    bool ok = line != NULL;
    free(line);
    return ok ? 0 : 2;
}

int as_lower_file(const struct as_options *o, const char *path, FILE *out, FILE *errors)
{
    if (frontend_for_path(path) == FRONTEND_NONE) {
        print_escaped(errors, "accelsync: ", path, ": not a kernel source (lower reads .cpp, .cc, "
                      ".cxx, .asc and .mlu files)\n");
        return 2;
    }
    const struct check_options *co = &o->check;
    struct frontend_options fo = frontend_options_of(co);
    fo.keep_incomplete = true;
    struct diag_list d;
    diag_list_init(&d, 0);
    struct lowered_source low = {0};
    const char *err = NULL;
    struct source *src = source_read(path, co->max_file_size, &err);
    if (src)
        frontend_lower(src, &fo, &low, &d);
    else
        diag_addf(&d, strstr(err, "limit") ? CHECK_LIMIT_EXCEEDED : CHECK_INPUT_ERROR, SEV_ERROR,
                  (struct as_loc){arena_strdup(&d.arena, path), 0, 0, 1}, "cannot read %s: %s",
                  path, err);
    source_free(src);
    if (low.pir)
        fwrite(low.pir, 1, low.len, out);
    print_findings(&d, path, errors);
    int rc = !low.pir || d.len ? 2 : 0;
    if (low.incomplete)
        print_escaped(errors, "accelsync: ", path, ": %zu of %zu kernel%s not fully lowered; "
                      "check reports them as not verified\n", low.incomplete, low.kernels,
                      low.kernels == 1 ? "" : "s");
    lowered_source_free(&low);
    diag_list_free(&d);
    return rc;
}

int as_fix_file(const struct as_options *o, const char *path, const char *out_path, bool dry_run,
                FILE *out, FILE *errors)
{
    if (frontend_for_path(path) != FRONTEND_NONE) {
        print_escaped(errors, "accelsync: ", path, ": fix repairs PIR files; run `accelsync "
                      "lower` on a kernel source and repair the PIR, then carry the edit over\n");
        return 2;
    }
    const char *err = NULL;
    struct source *src = source_read(path, o->check.max_file_size, &err);
    if (!src) {
        print_escaped(errors, "accelsync: cannot read ", path, ": %s\n", err);
        return 2;
    }
    struct fix_outcome fx;
    fix_source(&o->check, path, src->text, src->len, &fx);
    int rc = 0;
    if (!fx.text) {
        print_escaped(errors, "accelsync: ", path, ": no verified fix: %s; nothing written\n",
                      fx.refusal);
        rc = 2;
    } else if (dry_run) {
        fix_write_diff(out, path, src->text, src->len, fx.text, fx.len);
    } else if (fx.nfixes > 0 || out_path) {
        const char *target = out_path ? out_path : path;
        bool to_out = strcmp(target, "-") == 0;   /* -o -: the repaired kernel to `out` */
        FILE *f = to_out ? out : fopen(target, "wb");
        if (!f || fwrite(fx.text, 1, fx.len, f) != fx.len) {
            print_escaped(errors, "accelsync: cannot write ", target, "\n");
            rc = 2;
        }
        if (f && (to_out ? fflush(f) : fclose(f)) != 0 && rc == 0) {
            print_escaped(errors, "accelsync: cannot write ", target, "\n");
            rc = 2;
        }
    }
    if (rc == 0)
        print_escaped(errors, "accelsync: ", path, ": %d fix%s, the result checks clean for every "
                      "parameter value and path%s\n", fx.nfixes, fx.nfixes == 1 ? "" : "es",
                      dry_run ? " (dry run: nothing written)" : "");
    fix_outcome_free(&fx);
    source_free(src);
    return rc;
}

size_t as_result_file_count(const struct as_result *r) { return r->n; }

const char *as_result_file_path(const struct as_result *r, size_t file)
{
    return file < r->n ? r->files[file].path : NULL;
}

int as_result_file_exit_code(const struct as_result *r, size_t file, bool werror)
{
    return file < r->n ? file_result_exit_code(&r->files[file], werror) : 2;
}

size_t as_result_kernel_count(const struct as_result *r, size_t file)
{
    return file < r->n ? r->files[file].nkernels : 0;
}

const char *as_result_kernel_name(const struct as_result *r, size_t file, size_t kernel)
{
    return kernel < as_result_kernel_count(r, file) ? r->files[file].kernels[kernel].name : NULL;
}

bool as_result_kernel_complete(const struct as_result *r, size_t file, size_t kernel)
{
    return kernel < as_result_kernel_count(r, file) && r->files[file].kernels[kernel].verified;
}

const char *as_result_kernel_entry(const struct as_result *r, size_t file, size_t kernel)
{
    return kernel < as_result_kernel_count(r, file) ? r->files[file].kernels[kernel].entry : NULL;
}

size_t as_result_finding_count(const struct as_result *r, size_t file)
{
    return file < r->n ? r->files[file].diags.len : 0;
}

bool as_result_finding(const struct as_result *r, size_t file, size_t k, struct as_finding *out)
{
    if (k >= as_result_finding_count(r, file))
        return false;
    const struct file_result *fr = &r->files[file];
    const struct finding *f = &fr->diags.items[k];
    *out = (struct as_finding){
        .check = check_name(f->check),
        .code = check_code(f->check),
        .error = f->severity == SEV_ERROR,
        .note = f->severity == SEV_NOTE,
        .message = f->message,
        .file = f->loc.file ? f->loc.file : fr->path,
        .line = f->loc.line > 0 ? f->loc.line : 0,
        .column = f->loc.col > 0 ? f->loc.col : 0,
        .related_file = f->related.file,
        .related_line = f->related.file ? f->related.line : 0,
        .related_column = f->related.file ? f->related.col : 0,
        .kernel = f->kernel,
        .fix = f->fix,
        .suppressed = f->suppressed,
    };
    return true;
}

void as_result_free(struct as_result *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->n; i++)
        file_result_free(&r->files[i]);
    free(r->files);
    free(r);
}

size_t as_models_write(FILE *out)
{
    return as_models_list(NULL, out);
}

size_t as_models_list(const struct as_options *o, FILE *out)
{
    VEC(char *) seen = {0};
    struct model_search search;
    model_search_init(&search, o ? o->check.model_path : NULL, o ? o->check.nmodel_path : 0);
    for (const char **dir = search.dirs; *dir; dir++) {
        char **files = model_dir_files(*dir);
        for (size_t i = 0; files && files[i]; i++) {
            const char *path = files[i], *file = strrchr(path, '/') + 1;
            struct diag_list diags;
            diag_list_init(&diags, 0);
            struct model *m = model_load_file(path, &diags);
            bool dup = false;
            for (size_t k = 0; m && k < seen.len; k++)
                dup |= strcmp(seen.items[k], m->name) == 0;
            size_t stem = strlen(file) - 4;   /* without ".xml" */
            if (m && (strlen(m->name) != stem || strncmp(m->name, file, stem) != 0)) {
                /* Lookup is by file name, so such a model could not be used by its name. */
                log_message(o, "accelsync: skipping %s: it declares the name '%s'", path, m->name);
                model_free(m);
                m = NULL;
                dup = true;
            }
            if (m && !dup) {
                fprintf(out, "%-14s %s\n", m->name, m->description ? m->description : "");
                VEC_PUSH(seen, xstrdup(m->name));
            } else if (!m && !dup) {
                /* Not silently skipped: name the file and its first problem. */
                log_message(o, "accelsync: skipping %s: %s", path,
                            diags.len ? diags.items[0].message : "not a valid model");
            }
            model_free(m);
            diag_list_free(&diags);
        }
        model_dir_files_free(files);
    }
    size_t n = seen.len;
    for (size_t i = 0; i < seen.len; i++)
        free(seen.items[i]);
    VEC_FREE(seen);
    model_search_free(&search);
    return n;
}

/* accelsync: a static verifier for synchronization in AI accelerator kernels.
 *
 * The library checks PIR kernels against a hardware model and reports data races
 * (RAW/WAR/WAW hazards), deadlocks, flag overruns and leaked flags. Every type is opaque;
 * every object made by an as_*_new or as_check* call is released by its *_free. */
#ifndef ACCELSYNC_ACCELSYNC_H
#define ACCELSYNC_ACCELSYNC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

struct as_options;
struct as_result;

enum as_format { AS_FORMAT_TEXT, AS_FORMAT_JSON };

enum as_limit {
    AS_LIMIT_EVENTS,        /* instructions + loop iterations per kernel run (10,000,000) */
    AS_LIMIT_PATHS,         /* parameter assignments x if (?) paths per kernel (4096) */
    AS_LIMIT_ERRORS,        /* findings kept per file (1000) */
    AS_LIMIT_FILE_SIZE,     /* bytes per input file (16 MiB) */
    AS_LIMIT_TOKENS,        /* tokens per input file (10,000,000) */
    AS_LIMIT_DEPTH,         /* nesting of blocks and expressions (1000; at most 12500) */
};

const char *as_version(void);

struct as_options *as_options_new(void);
void as_options_free(struct as_options *o);
/* A model name (looked up in the model directories) or a path to a model file. */
void as_options_set_model(struct as_options *o, const char *name_or_path);
/* -D name=value; a later definition of the same name replaces the earlier one. */
void as_options_define(struct as_options *o, const char *name, long long value);
void as_options_set_limit(struct as_options *o, enum as_limit which, unsigned long long value);
/* Use the slow reference engine instead of the product's (for cross-checks). */
void as_options_use_reference_engine(struct as_options *o, bool on);

/* Checks files; the result holds one entry per path, in order. Never NULL. */
struct as_result *as_check_files(const struct as_options *o, const char *const *paths, size_t n);
/* Checks PIR text held in memory; `name` is used as its path in diagnostics. */
struct as_result *as_check_text(const struct as_options *o, const char *name, const char *text,
                                size_t len);
/* 0: every input verified, no error; 1: errors found (or warnings under werror);
 * 2: some input could not be verified. */
int as_result_exit_code(const struct as_result *r, bool werror);
bool as_result_write(const struct as_result *r, FILE *out, enum as_format format, bool werror);
void as_result_free(struct as_result *r);

/* Lists the models found in the model directories, one line each. Returns the count. */
size_t as_models_write(FILE *out);

#ifdef __cplusplus
}
#endif

#endif

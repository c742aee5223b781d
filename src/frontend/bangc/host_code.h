/* Host code beside a BANG C kernel read as tokens, not parsed (launch_types.c follows a
 * launch's task type through it): comments and preprocessor lines dropped, the function
 * definitions found by their shape, `name(params) [qualifiers] {`. */
#ifndef AS_FRONTEND_BANGC_HOST_CODE_H
#define AS_FRONTEND_BANGC_HOST_CODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>

#include "../../util/source.h"
#include "../../util/xalloc.h"

enum host_token_kind {
    HOST_TOKEN_IDENT, HOST_TOKEN_NUMBER, HOST_TOKEN_PUNCT,
    HOST_TOKEN_LITERAL,                 /* a string or character literal, whole */
};

struct host_token {
    enum host_token_kind kind;
    const char *text;
    size_t len;
    int line;
};

/* A function definition: its name, parameter list and body as token indices. */
struct host_function {
    size_t name, params_open, params_close, body_open, body_close;
};

/* A file of host code: its text, and its tokens and function definitions once asked for. */
struct host_file {
    char *path;
    struct source *src;         /* NULL for the kernel source, read by the caller */
    const char *text;
    bool tokenized;
    bool includes_followed;     /* its headers were read for a function defined elsewhere */
    VEC(struct host_token) tokens;
    VEC(struct host_function) functions;
};


typedef VEC(size_t) host_index_vec;

/* The file's tokens and functions, made on the first call; returns f. */
struct host_file *host_file_tokens(struct host_file *f);

bool host_is_word_char(char c);
/* Whether token i is `text` (false past the end). */
bool host_is(const struct host_file *f, size_t i, const char *text);
bool host_is_ident(const struct host_file *f, size_t i);
/* Whether token i of f and token k of g are the same word. */
bool host_same_word(const struct host_file *f, size_t i, const struct host_file *g, size_t k);
/* Token i's text, malloc'ed. */
char *host_word(const struct host_file *f, size_t i);
/* Tokens a to b as written (a space between words only), shortened past 80 characters. */
char *host_expression_text(const struct host_file *f, size_t a, size_t b);

/* The bracket matching the opening one at i (f->tokens.len: none), or the closing one at i
 * (SIZE_MAX: none). */
size_t host_match_forward(const struct host_file *f, size_t i, const char *open,
                          const char *close);
size_t host_match_backward(const struct host_file *f, size_t i, const char *open,
                           const char *close);
/* The arguments between the brackets at open and close, split at the commas outside any
 * bracket: the first token of each in starts, the token after its last in ends. */
void host_split_arguments(const struct host_file *f, size_t open, size_t close,
                          host_index_vec *starts, host_index_vec *ends);

/* The function whose body holds token i, or NULL. */
const struct host_function *host_function_at(const struct host_file *f, size_t i);
/* Whether token i names a function where it is defined. */
bool host_is_definition(const struct host_file *f, size_t i);
/* The name token of parameter k of fn (SIZE_MAX: none), and whether it is a pointer or a
 * reference that is not to const. */
size_t host_parameter(const struct host_file *f, const struct host_function *fn, size_t k,
                      bool *pointer, bool *reference);

#endif

/* Host code read as tokens (host_code.h). */
#include "host_code.h"

#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

bool host_is_word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_';
}

static const char *const multi_punct[] = {
    "<<<", ">>>", "::", "->", "==", "!=", "<=", ">=", "&&", "||", "<<", ">>", "+=", "-=",
    "*=", "/=", "%=", "|=", "&=", "^=", "++", "--", NULL,
};

/* The file's tokens: comments dropped, a string or character literal one token, a
 * preprocessor directive (with its continued lines) dropped: a macro's body is not code. */
static void tokenize(struct host_file *f)
{
    const char *t = f->text;
    int line = 1;
    bool line_start = true;
    f->tokenized = true;
    for (const char *p = t; *p;) {
        if (*p == '\n') {
            line++;
            line_start = true;
            p++;
        } else if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f' || *p == '\v') {
            p++;
        } else if (p[0] == '/' && p[1] == '/') {
            while (*p && *p != '\n')
                p++;
        } else if (p[0] == '/' && p[1] == '*') {
            for (p += 2; *p && !(p[0] == '*' && p[1] == '/'); p++)
                line += *p == '\n';
            p += *p ? 2 : 0;
        } else if (*p == '#' && line_start) {
            for (; *p && *p != '\n'; p++)
                if (p[0] == '\\' && p[1] == '\n') {
                    line++;
                    p++;
                }
        } else if (*p == '"' || *p == '\'') {
            char quote = *p;
            struct host_token tok = {HOST_TOKEN_LITERAL, p, 0, line};
            for (p++; *p && *p != quote && *p != '\n'; p++)
                if (*p == '\\' && p[1])
                    p++;
            p += *p == quote;
            tok.len = (size_t)(p - tok.text);
            VEC_PUSH(f->tokens, tok);
            line_start = false;
        } else if (host_is_word_char(*p)) {
            bool digit = *p >= '0' && *p <= '9';
            struct host_token tok = {digit ? HOST_TOKEN_NUMBER : HOST_TOKEN_IDENT, p, 0, line};
            while (host_is_word_char(*p))
                p++;
            tok.len = (size_t)(p - tok.text);
            VEC_PUSH(f->tokens, tok);
            line_start = false;
        } else {
            struct host_token tok = {HOST_TOKEN_PUNCT, p, 1, line};
            for (size_t i = 0; multi_punct[i]; i++)
                if (!strncmp(p, multi_punct[i], strlen(multi_punct[i]))) {
                    tok.len = strlen(multi_punct[i]);
                    break;
                }
            p += tok.len;
            VEC_PUSH(f->tokens, tok);
            line_start = false;
        }
    }
}

bool host_is(const struct host_file *f, size_t i, const char *text)
{
    if (i >= f->tokens.len)
        return false;
    const struct host_token *t = &f->tokens.items[i];
    return t->len == strlen(text) && !strncmp(t->text, text, t->len);
}

bool host_is_ident(const struct host_file *f, size_t i)
{
    return i < f->tokens.len && f->tokens.items[i].kind == HOST_TOKEN_IDENT;
}

/* The token index of the bracket matching the one at i (forward for an opening one), or
 * f->tokens.len when there is none. */
size_t host_match_forward(const struct host_file *f, size_t i, const char *open,
                          const char *close)
{
    int depth = 0;
    for (size_t k = i; k < f->tokens.len; k++) {
        if (host_is(f, k, open))
            depth++;
        else if (host_is(f, k, close) && --depth == 0)
            return k;
    }
    return f->tokens.len;
}

/* Backward from a closing bracket at i; SIZE_MAX when there is none. */
size_t host_match_backward(const struct host_file *f, size_t i, const char *open,
                           const char *close)
{
    int depth = 0;
    for (size_t k = i + 1; k-- > 0;) {
        if (host_is(f, k, close))
            depth++;
        else if (host_is(f, k, open) && --depth == 0)
            return k;
    }
    return SIZE_MAX;
}

static const char *const not_functions[] = {
    "if", "for", "while", "switch", "catch", "return", "sizeof", "decltype", "alignof",
    "__attribute__", "defined", NULL,
};

/* The function definitions of the file: `name(params) [qualifiers] {`, outside any other
 * function's body (a lambda is part of its function). */
static void find_functions(struct host_file *f)
{
    static const char *const qualifiers[] = {"const", "noexcept", "override", "final",
                                             "volatile", NULL};
    for (size_t i = 0; i < f->tokens.len; i++) {
        if (!host_is(f, i, "{") || i == 0)
            continue;
        size_t k = i - 1;
        for (bool more = true; more && k > 0;) {
            more = false;
            for (size_t q = 0; qualifiers[q]; q++)
                if (host_is(f, k, qualifiers[q])) {
                    k--;
                    more = true;
                }
        }
        if (!host_is(f, k, ")"))
            continue;
        size_t open = host_match_backward(f, k, "(", ")");
        if (open == SIZE_MAX || open == 0 || !host_is_ident(f, open - 1))
            continue;
        bool excluded = false;
        for (size_t n = 0; not_functions[n] && !excluded; n++)
            excluded = host_is(f, open - 1, not_functions[n]);
        if (excluded)
            continue;
        struct host_function fn = {open - 1, open, k, i, host_match_forward(f, i, "{", "}")};
        VEC_PUSH(f->functions, fn);
        if (fn.body_close >= f->tokens.len)
            break;
        i = fn.body_close;
    }
}

struct host_file *host_file_tokens(struct host_file *f)
{
    if (!f->tokenized) {
        tokenize(f);
        find_functions(f);
    }
    return f;
}

/* The function whose body holds token i, or NULL. */
const struct host_function *host_function_at(const struct host_file *f, size_t i)
{
    for (size_t k = 0; k < f->functions.len; k++)
        if (f->functions.items[k].body_open < i && i < f->functions.items[k].body_close)
            return &f->functions.items[k];
    return NULL;
}

bool host_is_definition(const struct host_file *f, size_t i)
{
    for (size_t k = 0; k < f->functions.len; k++)
        if (f->functions.items[k].name == i)
            return true;
    return false;
}

/* The arguments between the brackets at open and close, split at the commas outside any
 * bracket: the first token of each and its end, in starts/ends. */
void host_split_arguments(const struct host_file *f, size_t open, size_t close,
                          host_index_vec *starts, host_index_vec *ends)
{
    int depth = 0;
    size_t from = open + 1;
    for (size_t k = open + 1; k < close; k++) {
        if (host_is(f, k, "(") || host_is(f, k, "[") || host_is(f, k, "{"))
            depth++;
        else if (host_is(f, k, ")") || host_is(f, k, "]") || host_is(f, k, "}"))
            depth--;
        else if (depth == 0 && host_is(f, k, ",")) {
            VEC_PUSH(*starts, from);
            VEC_PUSH(*ends, k);
            from = k + 1;
        }
    }
    if (from < close || starts->len > 0) {
        VEC_PUSH(*starts, from);
        VEC_PUSH(*ends, close);
    }
}

/* The name token of parameter k of fn (SIZE_MAX: none), and whether it is a pointer or a
 * reference that is not to const. */
size_t host_parameter(const struct host_file *f, const struct host_function *fn, size_t k,
                      bool *pointer, bool *reference)
{
    host_index_vec starts = {0}, ends = {0};
    host_split_arguments(f, fn->params_open, fn->params_close, &starts, &ends);
    size_t name = SIZE_MAX;
    *pointer = *reference = false;
    if (k < starts.len) {
        bool constant = false;
        for (size_t i = starts.items[k]; i < ends.items[k] && !host_is(f, i, "="); i++) {
            if (host_is_ident(f, i) && !host_is(f, i, "const"))
                name = i;
            constant |= host_is(f, i, "const");
            *pointer |= host_is(f, i, "*");
            *reference |= host_is(f, i, "&") && !constant;
        }
    }
    VEC_FREE(starts);
    VEC_FREE(ends);
    return name;
}

bool host_same_word(const struct host_file *f, size_t i, const struct host_file *g, size_t k)
{
    const struct host_token *a = &f->tokens.items[i], *b = &g->tokens.items[k];
    return a->len == b->len && !strncmp(a->text, b->text, a->len);
}

char *host_word(const struct host_file *f, size_t i)
{
    return xasprintf("%.*s", (int)f->tokens.items[i].len, f->tokens.items[i].text);
}

/* The tokens from a to b as written (spaces between words only), shortened. */
char *host_expression_text(const struct host_file *f, size_t a, size_t b)
{
    char *s = xstrdup("");
    for (size_t i = a; i < b && strlen(s) < 80; i++) {
        bool space = i > a && host_is_ident(f, i) && (host_is_ident(f, i - 1) ||
                                                 f->tokens.items[i - 1].kind == HOST_TOKEN_NUMBER);
        char *longer = xasprintf("%s%s%.*s", s, space ? " " : "", (int)f->tokens.items[i].len,
                                 f->tokens.items[i].text);
        free(s);
        s = longer;
    }
    if (b > a && strlen(s) >= 80) {
        char *longer = xasprintf("%s...", s);
        free(s);
        s = longer;
    }
    return s;
}


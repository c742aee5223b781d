/* Kernel names of entries (see entry_names.h). */
#include "entry_names.h"

#include <stdlib.h>
#include <string.h>


/* Appends to *s (malloc'ed) the printf-formatted text. */
static void append(char **s, const char *text)
{
    char *longer = xasprintf("%s%s", *s, text);
    free(*s);
    *s = longer;
}

/* A type or value as a piece of an identifier: `float *` is float_ptr, `const T &` const_T_ref,
 * `AscendC::half` AscendC_half. */
static char *identifier_piece(const char *text)
{
    size_t n = strlen(text);
    char *out = xmalloc(4 * n + 1), *p = out;
    for (const char *c = text; *c; c++) {
        if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9')) {
            *p++ = *c;
        } else if (*c == '*' || *c == '&') {
            memcpy(p, *c == '*' ? "_ptr" : "_ref", 4);
            p += 4;
        } else if (*c == '-') {
            memcpy(p, "_m", 2);   /* a negative template argument */
            p += 2;
        } else {
            *p++ = '_';
        }
    }
    *p = '\0';
    /* one '_' between words, none at the ends */
    char *w = out;
    for (char *r = out; *r; r++)
        if (*r != '_' || (w > out && w[-1] != '_'))
            *w++ = *r;
    while (w > out && w[-1] == '_')
        w--;
    *w = '\0';
    return out;
}

/* Whether the template's parameter `index` is a bool (its argument is spelled true or false). */
static bool bool_parameter(CXCursor pattern, int index)
{
    struct cursor_vec children = cursor_children(pattern);
    int k = 0;
    bool found = false;
    for (size_t i = 0; i < children.len; i++) {
        enum CXCursorKind kind = clang_getCursorKind(children.items[i]);
        if (kind != CXCursor_TemplateTypeParameter && kind != CXCursor_NonTypeTemplateParameter &&
            kind != CXCursor_TemplateTemplateParameter)
            continue;
        if (k++ == index) {
            found = kind == CXCursor_NonTypeTemplateParameter &&
                    clang_getCanonicalType(clang_getCursorType(children.items[i])).kind ==
                        CXType_Bool;
            break;
        }
    }
    VEC_FREE(children);
    return found;
}

/* The template arguments of an instance: `<float, 1>` (spelled) and `_float_1` (kernel). */
static void template_arguments(CXCursor entry, char **spelled, char **kernel)
{
    *spelled = xstrdup("");
    *kernel = xstrdup("");
    CXCursor pattern = clang_getSpecializedCursorTemplate(entry);
    int n = clang_Cursor_getNumTemplateArguments(entry);
    for (int i = 0; i < n; i++) {
        char *arg;
        enum CXTemplateArgumentKind kind = clang_Cursor_getTemplateArgumentKind(entry, (unsigned)i);
        if (kind == CXTemplateArgumentKind_Type) {
            CXString t = clang_getTypeSpelling(clang_Cursor_getTemplateArgumentType(entry, (unsigned)i));
            arg = xstrdup(clang_getCString(t));
            clang_disposeString(t);
        } else if (kind == CXTemplateArgumentKind_Integral) {
            long long v = clang_Cursor_getTemplateArgumentValue(entry, (unsigned)i);
            arg = !clang_Cursor_isNull(pattern) && bool_parameter(pattern, i)
                      ? xstrdup(v ? "true" : "false")
                      : xasprintf("%lld", v);
        } else {
            arg = xasprintf("arg%d", i);
        }
        char *piece = identifier_piece(arg);
        char *more = xasprintf("%s%s%s", i ? ", " : "<", arg, i == n - 1 ? ">" : "");
        append(spelled, more);
        free(more);
        more = xasprintf("_%s", piece);
        append(kernel, more);
        free(more);
        free(piece);
        free(arg);
    }
}

/* The parameter types: `(float *, int)` (spelled) and `_float_ptr_int` (kernel). */
static void parameter_types(CXCursor entry, char **spelled, char **kernel)
{
    int n = clang_Cursor_getNumArguments(entry);
    *spelled = xstrdup("(");
    *kernel = xstrdup(n > 0 ? "" : "_void");
    for (int i = 0; i < n; i++) {
        CXString t = clang_getTypeSpelling(
            clang_getCursorType(clang_Cursor_getArgument(entry, (unsigned)i)));
        char *piece = identifier_piece(clang_getCString(t));
        char *more = xasprintf("%s%s", i ? ", " : "", clang_getCString(t));
        append(spelled, more);
        free(more);
        more = xasprintf("_%s", piece);
        append(kernel, more);
        free(more);
        free(piece);
        clang_disposeString(t);
    }
    append(spelled, ")");
}

/* The namespaces and classes around the entry, each with "::" after it. */
static char *qualifiers(CXCursor entry)
{
    char *out = xstrdup("");
    for (CXCursor c = clang_getCursorSemanticParent(entry);
         !clang_Cursor_isNull(c) && clang_getCursorKind(c) != CXCursor_TranslationUnit;
         c = clang_getCursorSemanticParent(c)) {
        CXString s = clang_getCursorSpelling(c);
        char *longer = xasprintf("%s::%s", clang_getCString(s), out);
        clang_disposeString(s);
        free(out);
        out = longer;
    }
    return out;
}

static size_t count_spelled(const struct entry_name *names, size_t n, const char *spelled)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += strcmp(names[i].spelled, spelled) == 0;
    return k;
}

struct entry_name *entry_names(const struct cursor_vec *entries)
{
    size_t n = entries->len;
    struct entry_name *names = xcalloc(n ? n : 1, sizeof(*names));
    char **kernel_base = xcalloc(n ? n : 1, sizeof(*kernel_base));
    for (size_t i = 0; i < n; i++) {
        CXString s = clang_getCursorSpelling(entries->items[i]);
        char *args_spelled, *args_kernel;
        template_arguments(entries->items[i], &args_spelled, &args_kernel);
        names[i].spelled = xasprintf("%s%s", clang_getCString(s), args_spelled);
        kernel_base[i] = xasprintf("%s%s", clang_getCString(s), args_kernel);
        clang_disposeString(s);
        free(args_spelled);
        free(args_kernel);
    }
    /* Entries of one name are told apart by their parameters, then by their namespaces. */
    bool *shared = xcalloc(n ? n : 1, sizeof(*shared));
    for (size_t i = 0; i < n; i++)
        shared[i] = count_spelled(names, n, names[i].spelled) > 1;
    for (size_t i = 0; i < n; i++) {
        if (!shared[i])
            continue;
        char *params_spelled, *params_kernel;
        parameter_types(entries->items[i], &params_spelled, &params_kernel);
        append(&names[i].spelled, params_spelled);
        append(&kernel_base[i], params_kernel);
        free(params_spelled);
        free(params_kernel);
    }
    for (size_t i = 0; i < n; i++)
        shared[i] = count_spelled(names, n, names[i].spelled) > 1;
    for (size_t i = 0; i < n; i++) {
        if (!shared[i])
            continue;
        char *q = qualifiers(entries->items[i]);
        char *longer = xasprintf("%s%s", q, names[i].spelled);
        free(names[i].spelled);
        names[i].spelled = longer;
        char *piece = identifier_piece(q);
        longer = xasprintf("%s_%s", piece, kernel_base[i]);
        free(kernel_base[i]);
        kernel_base[i] = longer;
        free(piece);
        free(q);
    }
    free(shared);
    /* What is left the same (the same entry found twice, or a kernel name another entry's
     * arguments spell) gets a number. */
    for (size_t i = 0; i < n; i++) {
        char *id = pir_identifier(kernel_base[i]);
        for (int k = 2;; k++) {
            size_t j = 0;
            while (j < i && strcmp(names[j].kernel, id) != 0)
                j++;
            if (j == i)
                break;
            free(id);
            char *numbered = xasprintf("%s_%d", kernel_base[i], k);
            id = pir_identifier(numbered);
            free(numbered);
        }
        names[i].kernel = id;
        free(kernel_base[i]);
    }
    free(kernel_base);
    return names;
}

void entry_names_free(struct entry_name *names, size_t n)
{
    for (size_t i = 0; i < n && names; i++) {
        free(names[i].kernel);
        free(names[i].spelled);
    }
    free(names);
}

void entry_names_note(struct pir_writer *w, const struct entry_name *names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(names[i].kernel, names[i].spelled) != 0)
            pir_writer_note(w, "entry %s is kernel %s", names[i].spelled, names[i].kernel);
}

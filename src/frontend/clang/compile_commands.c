/* Reads a build's compile_commands.json for one source (compile_commands.h). The file is the
 * JSON compilation database clang's tools read: an array of {directory, file, arguments} or
 * {directory, file, command}, `command` one shell-quoted string. */
#define _XOPEN_SOURCE 700   /* realpath */
#include "compile_commands.h"

#include <jansson.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "../../util/xalloc.h"

typedef VEC(char *) string_vec;

/* `command` split as a POSIX shell splits words: blanks separate, quotes and backslashes
 * group (no expansion). */
static void split_command(const char *command, string_vec *words)
{
    const char *p = command;
    while (*p) {
        while (*p == ' ' || *p == '\t' || *p == '\n')
            p++;
        if (!*p)
            break;
        char *word = xmalloc(strlen(p) + 1);
        size_t n = 0;
        char quote = '\0';
        for (; *p && (quote || (*p != ' ' && *p != '\t' && *p != '\n')); p++) {
            if (quote) {
                if (*p == quote)
                    quote = '\0';
                else if (quote == '"' && *p == '\\' && p[1])
                    word[n++] = *++p;
                else
                    word[n++] = *p;
            } else if (*p == '\'' || *p == '"') {
                quote = *p;
            } else if (*p == '\\' && p[1]) {
                word[n++] = *++p;
            } else {
                word[n++] = *p;
            }
        }
        word[n] = '\0';
        VEC_PUSH(*words, word);
    }
}

static char *absolute(const char *dir, const char *path)
{
    return path[0] == '/' ? xstrdup(path) : xasprintf("%s/%s", dir, path);
}

/* The arguments the parse takes from one entry's command line. */
static void take_arguments(const string_vec *words, const char *dir, string_vec *out)
{
    static const char *const with_path[] = {"-I", "-isystem", "-iquote", "-include", "-idirafter"};
    for (size_t i = 1; i < words->len; i++) {
        const char *w = words->items[i];
        bool taken = false;
        for (size_t k = 0; k < sizeof(with_path) / sizeof(with_path[0]) && !taken; k++) {
            size_t n = strlen(with_path[k]);
            if (strncmp(w, with_path[k], n) != 0)
                continue;
            const char *value = w[n] ? w + n : i + 1 < words->len ? words->items[++i] : NULL;
            if (!value)
                break;
            VEC_PUSH(*out, xstrdup(with_path[k]));
            VEC_PUSH(*out, absolute(dir, value));
            taken = true;
        }
        if (taken)
            continue;
        if ((!strncmp(w, "-D", 2) || !strncmp(w, "-U", 2))) {
            if (w[2])
                VEC_PUSH(*out, xstrdup(w));
            else if (i + 1 < words->len)
                VEC_PUSH(*out, xasprintf("%.2s%s", w, words->items[++i]));
        }
    }
}

static bool same_file(const char *a, const char *b)
{
    char ra[PATH_MAX], rb[PATH_MAX];
    return realpath(a, ra) && realpath(b, rb) && strcmp(ra, rb) == 0;
}

char **compile_commands_arguments(const char *dir, const char *path, char **why)
{
    char *file = xasprintf("%s/compile_commands.json", dir);
    json_error_t err;
    json_t *db = json_load_file(file, 0, &err);
    if (!db || !json_is_array(db)) {
        *why = db ? xasprintf("%s: not a JSON array of compile commands", file)
                  : err.line > 0 ? xasprintf("%s:%d: %s", file, err.line, err.text)
                                 : xasprintf("%s", err.text);
        json_decref(db);
        free(file);
        return NULL;
    }
    free(file);
    string_vec out = {0};
    size_t i;
    json_t *entry;
    json_array_foreach(db, i, entry) {
        const char *directory = json_string_value(json_object_get(entry, "directory"));
        const char *name = json_string_value(json_object_get(entry, "file"));
        if (!directory || !name)
            continue;
        char *entry_dir = absolute(dir, directory);
        char *entry_file = absolute(entry_dir, name);
        bool match = same_file(entry_file, path);
        free(entry_file);
        if (!match) {
            free(entry_dir);
            continue;
        }
        string_vec words = {0};
        json_t *arguments = json_object_get(entry, "arguments");
        const char *command = json_string_value(json_object_get(entry, "command"));
        if (json_is_array(arguments)) {
            size_t k;
            json_t *a;
            json_array_foreach(arguments, k, a)
                if (json_is_string(a))
                    VEC_PUSH(words, xstrdup(json_string_value(a)));
        } else if (command) {
            split_command(command, &words);
        }
        take_arguments(&words, entry_dir, &out);
        for (size_t k = 0; k < words.len; k++)
            free(words.items[k]);
        VEC_FREE(words);
        free(entry_dir);
        break;   /* the first entry for the file, as clang's tools take it */
    }
    json_decref(db);
    VEC_PUSH(out, NULL);
    return out.items;
}

/* Loading sources and finding their lines, for carets under diagnostics. */
#include "source.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "xalloc.h"

static void index_lines(struct source *s)
{
    size_t cap = 64, n = 0;
    s->line_starts = xmalloc(cap * sizeof(size_t));
    s->line_starts[n++] = 0;
    for (size_t i = 0; i < s->len; i++) {
        if (s->text[i] == '\n' && i + 1 <= s->len) {
            if (n == cap) {
                cap *= 2;
                s->line_starts = xrealloc_array(s->line_starts, cap, sizeof(size_t));
            }
            s->line_starts[n++] = i + 1;
        }
    }
    s->nlines = n;
}

struct source *source_from_string(const char *path, const char *text, size_t len)
{
    struct source *s = xcalloc(1, sizeof(*s));
    s->path = xstrdup(path);
    s->text = xmalloc(len + 1);
    memcpy(s->text, text, len);
    s->text[len] = '\0';
    s->len = len;
    index_lines(s);
    return s;
}

struct source *source_read(const char *path, size_t max_bytes, const char **err)
{
    bool from_stdin = strcmp(path, "-") == 0;
    struct stat st;
    if (!from_stdin && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        *err = "is a directory";
        return NULL;
    }
    FILE *f = from_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        *err = strerror(errno);
        return NULL;
    }
    size_t cap = 4096, len = 0;
    char *buf = xmalloc(cap);
    for (;;) {
        if (len == cap) {
            cap *= 2;
            buf = xrealloc_array(buf, cap, 1);
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (len > max_bytes) {
            free(buf);
            if (!from_stdin)
                fclose(f);
            *err = "file is larger than the input size limit (--max-file-size)";
            return NULL;
        }
        if (got == 0)
            break;
    }
    int failed = ferror(f);
    if (!from_stdin)
        fclose(f);
    if (failed) {
        free(buf);
        *err = "read error";
        return NULL;
    }
    struct source *s = source_from_string(path, buf, len);
    free(buf);
    return s;
}

struct source *source_read_regular(const char *path, size_t max_bytes, const char **err)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);   /* a FIFO's open must not wait */
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        *err = strerror(errno);
        if (fd >= 0)
            close(fd);
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        *err = S_ISDIR(st.st_mode) ? "is a directory"
             : S_ISFIFO(st.st_mode) ? "a FIFO, not a regular file"
             : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "a device, not a regular file"
             : "not a regular file";
        close(fd);
        return NULL;
    }
    if ((uint64_t)st.st_size > max_bytes) {
        *err = "file is larger than the input size limit (--max-file-size)";
        close(fd);
        return NULL;
    }
    /* a regular file: reads never block, and /proc's report size 0 but are refused above */
    struct source *s = NULL;
    char *buf = xmalloc((size_t)st.st_size + 1);
    size_t len = 0;
    for (;;) {
        ssize_t got = read(fd, buf + len, (size_t)st.st_size + 1 - len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            *err = strerror(errno);
            break;
        }
        len += (size_t)got;
        if (got == 0 || len > (size_t)st.st_size) {
            if (len > (size_t)st.st_size)   /* grew while read: take what stat said */
                len = (size_t)st.st_size;
            s = source_from_string(path, buf, len);
            break;
        }
    }
    free(buf);
    close(fd);
    return s;
}

void source_free(struct source *s)
{
    if (!s)
        return;
    free(s->path);
    free(s->text);
    free(s->line_starts);
    free(s);
}

const char *source_line(const struct source *s, int line, size_t *len)
{
    if (!s || line < 1 || (size_t)line > s->nlines)
        return NULL;
    size_t start = s->line_starts[line - 1];
    size_t end = (size_t)line < s->nlines ? s->line_starts[line] - 1 : s->len;
    if (end > start && s->text[end - 1] == '\r')
        end--;
    *len = end - start;
    return s->text + start;
}

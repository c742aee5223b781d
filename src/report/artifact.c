/* Paths and columns as reports give them (artifact.h): one spelling per file, so that a
 * finding's fingerprint and artifact URI do not depend on how the file was named. */
#include "artifact.h"

#include <stdlib.h>
#include <string.h>

#include "../util/xalloc.h"

char *artifact_path(const char *path)
{
    size_t n = strlen(path);
    char *out = xrealloc_array(NULL, n + 1, 1);
    size_t k = 0;
    const char *p = path;
    if (*p == '/')
        out[k++] = *p++;
    while (*p) {
        while (*p == '/')
            p++;
        if (p[0] == '.' && (p[1] == '/' || (p[1] == '\0' && k > 0))) {
            p += 1;     /* a `.` component: the directory it is in */
            continue;
        }
        if (!*p)
            break;
        if (k > 0 && out[k - 1] != '/')
            out[k++] = '/';
        size_t len = strcspn(p, "/");
        memcpy(out + k, p, len);
        k += len;
        p += len;
    }
    if (k == 0)
        out[k++] = '.';
    if (k > 1 && out[k - 1] == '/')
        k--;
    out[k] = '\0';
    return out;
}

bool artifact_same(const char *a, const char *b)
{
    if (strcmp(a, b) == 0)
        return true;
    char *na = artifact_path(a), *nb = artifact_path(b);
    bool same = strcmp(na, nb) == 0;
    free(na);
    free(nb);
    return same;
}

json_t *artifact_location(const char *written)
{
    static const char hex[] = "0123456789ABCDEF";
    char *path = artifact_path(written);
    size_t n = strlen(path);
    char *uri = xrealloc_array(NULL, 3 * n + 8, 1);
    size_t k = 0;
    if (path[0] == '/') {
        memcpy(uri, "file://", 7);
        k = 7;
    }
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        bool plain = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')
                     || strchr("-._~/", *p);
        if (plain) {
            uri[k++] = (char)*p;
        } else {
            uri[k++] = '%';
            uri[k++] = hex[*p >> 4];
            uri[k++] = hex[*p & 15];
        }
    }
    uri[k] = '\0';
    json_t *a = path[0] == '/' ? json_pack("{s:s}", "uri", uri)
                               : json_pack("{s:s, s:s}", "uri", uri, "uriBaseId", "%SRCROOT%");
    free(uri);
    free(path);
    return a;
}

int artifact_column(const struct source *src, int line, int col)
{
    size_t len;
    const char *text = src && col > 0 ? source_line(src, line, &len) : NULL;
    if (!text)
        return col;
    int points = 1;
    /* every byte but a UTF-8 continuation byte starts a code point (a byte that is not
     * UTF-8 at all counts as one, as a reader shows it as U+FFFD) */
    for (size_t i = 0; i + 1 < (size_t)col && i < len; i++)
        points += ((unsigned char)text[i] & 0xC0) != 0x80;
    if ((size_t)col > len + 1)
        points += col - (int)len - 1;   /* past the end (a caret after the line) */
    return points;
}

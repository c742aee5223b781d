/* UTF-8 validation and repair (see utf8.h). */
#include "utf8.h"

#include <string.h>

#include "xalloc.h"

size_t utf8_sequence(const unsigned char *s, size_t n)
{
    if (s[0] < 0x80)
        return 1;
    size_t need;
    unsigned min, cp;
    if (s[0] >= 0xc2 && s[0] <= 0xdf) {
        need = 2, min = 0x80, cp = s[0] & 0x1fu;
    } else if (s[0] >= 0xe0 && s[0] <= 0xef) {
        need = 3, min = 0x800, cp = s[0] & 0x0fu;
    } else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
        need = 4, min = 0x10000, cp = s[0] & 0x07u;
    } else {
        return 0;
    }
    if (n < need)
        return 0;
    for (size_t i = 1; i < need; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3fu);
    }
    /* Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not UTF-8. */
    if (cp < min || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
        return 0;
    return need;
}

const char *utf8_repair(const char *s, char **owned)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t len = strlen(s), i = 0, n;
    *owned = NULL;
    while (i < len && (n = utf8_sequence(u + i, len - i)) > 0)
        i += n;
    if (i == len)
        return s;
    static const char replacement[] = "\xef\xbf\xbd";
    char *out = xmalloc(3 * len + 1), *o = out;
    for (i = 0; i < len;) {
        n = utf8_sequence(u + i, len - i);
        if (n) {
            memcpy(o, s + i, n);
            o += n;
            i += n;
        } else {
            memcpy(o, replacement, 3);
            o += 3;
            i++;
        }
    }
    *o = '\0';
    *owned = out;
    return out;
}

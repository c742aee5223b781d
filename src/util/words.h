/* Whole words in source text: an identifier's characters, and a word found only where no
 * identifier character touches it on either side. */
#ifndef AS_UTIL_WORDS_H
#define AS_UTIL_WORDS_H

#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

static inline bool word_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* The offset of `word` as a whole word in text[0 .. len), or -1. */
static inline long find_word(const char *text, size_t len, const char *word)
{
    size_t n = strlen(word);
    for (size_t i = 0; i + n <= len; i++)
        if (memcmp(text + i, word, n) == 0 && (i == 0 || !word_char(text[i - 1])) &&
            (i + n == len || !word_char(text[i + n])))
            return (long)i;
    return -1;
}

#endif

/* JSON strings from bytes that may not be UTF-8 (json_text.h). */
#include "json_text.h"

#include <stdlib.h>

#include "../util/utf8.h"

json_t *json_text(const char *s)
{
    char *owned;
    json_t *j = json_string(utf8_repair(s, &owned));
    free(owned);
    return j;
}

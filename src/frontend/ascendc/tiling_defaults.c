/* The values a tiling field takes when nothing gives one (see tiling_defaults.h). */
#include "tiling_defaults.h"

#include <string.h>

/* A tiling field's value when no -D gives one: positions (start, end, index) 0, counts
 * (loops, cores, tiles) small, sizes large enough that a copy moves whole 32-byte blocks. */
int64_t tiling_field_default(const char *name)
{
    static const char *const position_words[] = {"start", "Start", "end", "End", "idx", "Idx",
                                            "index", "Index", "offset", "Offset", "begin",
                                            "Begin"};
    for (size_t i = 0; i < sizeof(position_words) / sizeof(position_words[0]); i++)
        if (strstr(name, position_words[i]))
            return 0;
    static const char *const counts[] = {"num", "Num", "NUM", "count", "Count", "loop", "Loop",
                                         "times", "Times", "core", "Core", "key", "Key", "mode",
                                         "Mode", "flag", "Flag", "type", "Type"};
    for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
        if (strstr(name, counts[i]))
            return 2;
    return 256;
}

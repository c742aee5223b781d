/* The operator framework's data types: the values of ge::DataType (graph/types.h, as the
 * stubs declare them) with their sizes and the names --dtype takes. */
#include "host_api.h"

#include <string.h>
#include <strings.h>

static const struct {
    const char *name, *alias;
    int value;
    int64_t size;
} dtypes[] = {
    {"float", "float32", 0, 4},   {"float16", "half", 1, 2},  {"int8", NULL, 2, 1},
    {"int32", NULL, 3, 4},        {"uint8", NULL, 4, 1},      {"int16", NULL, 6, 2},
    {"uint16", NULL, 7, 2},       {"uint32", NULL, 8, 4},     {"int64", NULL, 9, 8},
    {"uint64", NULL, 10, 8},      {"double", NULL, 11, 8},    {"bool", NULL, 12, 1},
    {"bfloat16", "bf16", 27, 2},
};
enum { NDTYPES = sizeof(dtypes) / sizeof(dtypes[0]) };

int64_t host_dtype_size(int dtype)
{
    for (size_t i = 0; i < NDTYPES; i++)
        if (dtypes[i].value == dtype)
            return dtypes[i].size;
    return 0;
}

int host_dtype_of(const char *name)
{
    if (strncasecmp(name, "DT_", 3) == 0)
        name += 3;
    for (size_t i = 0; i < NDTYPES; i++)
        if (!strcasecmp(name, dtypes[i].name) || (dtypes[i].alias && !strcasecmp(name, dtypes[i].alias)))
            return dtypes[i].value;
    return -1;
}

const char *host_dtype_names(void)
{
    return "float, float16, bfloat16, int8, int16, int32, int64, uint8, uint16, uint32, "
           "uint64, double, bool";
}

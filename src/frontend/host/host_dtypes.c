/* The operator framework's data types: the values of ge::DataType (graph/types.h, as the
 * stubs declare them) with their sizes and the names --dtype takes. */
#include "host_api.h"

#include <string.h>
#include <strings.h>

static const struct {
    const char *name, *alias;
    int value;
    int64_t size;
    const char *device;     /* the kernel's type, as the op build passes it in DTYPE_X */
} dtypes[] = {
    {"float", "float32", 0, 4, "float"},     {"float16", "half", 1, 2, "half"},
    {"int8", NULL, 2, 1, "int8_t"},          {"int32", NULL, 3, 4, "int32_t"},
    {"uint8", NULL, 4, 1, "uint8_t"},        {"int16", NULL, 6, 2, "int16_t"},
    {"uint16", NULL, 7, 2, "uint16_t"},      {"uint32", NULL, 8, 4, "uint32_t"},
    {"int64", NULL, 9, 8, "int64_t"},        {"uint64", NULL, 10, 8, "uint64_t"},
    {"double", NULL, 11, 8, "double"},       {"bool", NULL, 12, 1, "bool"},
    {"bfloat16", "bf16", 27, 2, "bfloat16_t"},
};
enum { NDTYPES = sizeof(dtypes) / sizeof(dtypes[0]) };

int64_t host_dtype_size(int dtype)
{
    for (size_t i = 0; i < NDTYPES; i++)
        if (dtypes[i].value == dtype)
            return dtypes[i].size;
    return 0;
}

const char *host_dtype_device_type(int dtype)
{
    for (size_t i = 0; i < NDTYPES; i++)
        if (dtypes[i].value == dtype)
            return dtypes[i].device;
    return NULL;
}

const char *host_dtype_name(int dtype)
{
    for (size_t i = 0; i < NDTYPES; i++)
        if (dtypes[i].value == dtype)
            return dtypes[i].name;
    return NULL;
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

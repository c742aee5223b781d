/* kernel_tiling/kernel_tiling.h as the vendor's build generates it from the SDK's tiling
 * definitions (see sdk_layout.h): each BEGIN_TILING_DATA_DEF(Name) block of a
 * `*tilingdata.h` header becomes `struct Name` in AscendC::tiling, its fields zero-initialized;
 * the structures kernels name without the namespace (the build's compatibility list) are
 * also declared at global scope. */
#include "sdk_layout.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../../../util/xalloc.h"

/* Structures the vendor's generated header exports to the global namespace. */
static const char *const global_names[] = {
    "LogSoftMaxTiling", "SoftMaxTiling", "TConv3DApiTiling", "TConv3DBpFilterTiling",
    "Conv3DBpFilterParams", "TConv3DBpFilterBasicBlockTiling", "Conv3DBackpropFilterTilingData",
    "TConv3DBackpropInputTiling", "Conv3DBackpropInputTilingData", "Mc2ServerCfg",
    "Mc2HcommCfg", "Mc2InitTiling", "Mc2CcTiling", "TCubeTiling", "BatchNormTiling",
    "DeepNormTiling", "GroupNormTiling", "LayerNormGradBetaTiling", "LayerNormGradTiling",
    "LayerNormTiling", "LayerNormSeparateTiling", "RmsNormTiling", "UnPadTiling", "PadTiling",
    "TopkTiling", "ConfusionTransposeTiling",
};

typedef VEC(char *) path_vec;

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Regular files named *tilingdata.h under dir, symbolic links not followed. */
static void find_headers(const char *dir, path_vec *out, int depth)
{
    DIR *d = depth < 16 ? opendir(dir) : NULL;
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.')
            continue;
        char *p = xasprintf("%s/%s", dir, e->d_name);
        struct stat st;
        size_t n = strlen(e->d_name);
        if (lstat(p, &st) != 0) {
            free(p);
        } else if (S_ISDIR(st.st_mode)) {
            find_headers(p, out, depth + 1);
            free(p);
        } else if (S_ISREG(st.st_mode) && n >= 12 && !strcmp(e->d_name + n - 12, "tilingdata.h")) {
            VEC_PUSH(*out, p);
        } else {
            free(p);
        }
    }
    closedir(d);
}

/* The comma-separated arguments of `MACRO(a, b, c)` on one line, trimmed, in parts[]; their
 * count (at most max). */
static int macro_args(const char *line, char parts[][128], int max)
{
    const char *open = strchr(line, '('), *close = strrchr(line, ')');
    if (!open || !close || close < open)
        return 0;
    int n = 0;
    for (const char *p = open + 1; p < close && n < max;) {
        const char *end = memchr(p, ',', (size_t)(close - p));
        if (!end)
            end = close;
        while (p < end && isspace((unsigned char)*p))
            p++;
        const char *q = end;
        while (q > p && isspace((unsigned char)q[-1]))
            q--;
        snprintf(parts[n++], 128, "%.*s", (int)(q - p), p);
        p = end + 1;
    }
    return n;
}

static bool starts(const char *s, const char *word)
{
    return strncmp(s, word, strlen(word)) == 0;
}

static void convert(FILE *in, FILE *out, path_vec *defined)
{
    char line[4096], a[3][128];
    while (fgets(line, sizeof(line), in)) {
        const char *s = line;
        while (isspace((unsigned char)*s))
            s++;
        if (starts(s, "BEGIN_TILING_DATA_DEF") && macro_args(s, a, 1) == 1) {
            fprintf(out, "#pragma pack(push, 8)\nstruct %s {\n", a[0]);
            VEC_PUSH(*defined, xstrdup(a[0]));
        } else if (starts(s, "TILING_DATA_FIELD_DEF_ARR") && macro_args(s, a, 3) == 3) {
            fprintf(out, "    %s %s[%s] = {};\n", a[0], a[2], a[1]);
        } else if (starts(s, "TILING_DATA_FIELD_DEF_STRUCT") && macro_args(s, a, 2) == 2) {
            fprintf(out, "    %s %s;\n", a[0], a[1]);
        } else if (starts(s, "TILING_DATA_FIELD_DEF") && macro_args(s, a, 2) == 2) {
            fprintf(out, "    %s %s = 0;\n", a[0], a[1]);
        } else if (starts(s, "END_TILING_DATA_DEF")) {
            fputs("};\n#pragma pack(pop)\n", out);
        }
    }
}

char *sdk_generate_tiling_header(const char *dir)
{
    path_vec files = {0}, defined = {0};
    find_headers(dir, &files, 0);
    if (files.len)
        qsort(files.items, files.len, sizeof(char *), by_name);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out)
        xalloc_die();
    fputs("// kernel_tiling/kernel_tiling.h as the Ascend C build generates it, made by "
          "accelsync from the SDK's tiling definitions\n#ifndef __TIKCFW_KERNEL_TILING_H_\n"
          "#define __TIKCFW_KERNEL_TILING_H_\nnamespace AscendC {\nnamespace tiling {\n", out);
    for (size_t i = 0; i < files.len; i++) {
        FILE *in = fopen(files.items[i], "r");
        if (in) {
            convert(in, out, &defined);
            fclose(in);
        }
        free(files.items[i]);
    }
    fputs("}  // namespace tiling\n}  // namespace AscendC\n", out);
    for (size_t i = 0; i < defined.len; i++) {
        for (size_t k = 0; k < sizeof(global_names) / sizeof(global_names[0]); k++)
            if (!strcmp(defined.items[i], global_names[k]))
                fprintf(out, "using AscendC::tiling::%s;\n", defined.items[i]);
        free(defined.items[i]);
    }
    fputs("#endif\n", out);
    fclose(out);
    VEC_FREE(files);
    VEC_FREE(defined);
    return text;
}

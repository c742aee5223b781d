/* libFuzzer target: the hardware model loader (XML parse with entities and DTDs refused,
 * RelaxNG validation, the consistency checks of tree.c). Any bytes must give a model or
 * model-error findings, never a crash, a leak or a file or network access. A model that
 * loads is then used to check a few kernels, because a model that is valid but strange
 * (one unit, no flags, odd unit sets) must not crash the lowering or the engine either. */
#include <accelsync/accelsync.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "model/model.h"

/* Kernels in the vocabulary of the shipped models, which most fuzzed models derive from;
 * names a model lacks are findings, not failures. */
static const char *const kernels[] = {
    "buffer g : GM[1024];\nbuffer u : UB[2][256];\n"
    "kernel k {\n  for i in 0..2 {\n    MTE2 copy u[i] <- g[i * 256 +: 256];\n"
    "    set_flag(MTE2, V, i);\n    wait_flag(MTE2, V, i);\n    V vadds u[i] <- u[i];\n"
    "    if (?) { pipe_barrier(V); } else { pipe_barrier(ALL); }\n  }\n}\n",
    "buffer g : GM[1024];\nbuffer c : L1[256];\nbuffer u : UB[256];\n"
    "kernel x {\n  core aic : AIC {\n    MTE2 copy c <- g[0 +: 256];\n"
    "    FIX fixpipe g[256 +: 256] <- c;\n    cross_core_set_flag(FIX, 2, 1);\n  }\n"
    "  core aiv[2] : AIV {\n    cross_core_wait_flag(MTE2, 2, 1);\n"
    "    MTE2 copy u <- g[256 +: 256];\n  }\n}\n",
    "buffer d : GDRAM[1024];\nbuffer n : NRAM[512];\nbuffer s : SRAM[512];\n"
    "kernel m {\n  core ipu[2] : IPU {\n    memcpy n <- d[coreid * 256 +: 512];\n"
    "    sync_io();\n    COMPUTE bang_add n <- n;\n    MOVE memcpy s <- n;\n"
    "    sync_io_move_compute(1, 1, 0, 1, 1, 1);\n    sync_cluster();\n  }\n"
    "  core mpu : MPU {\n    IO memcpy_async s <- d[0 +: 512];\n    sync_cluster();\n  }\n}\n",
};

static char model_path[] = "/tmp/accelsync-fuzz-model-XXXXXX";
static FILE *sink;

static void remove_model_file(void)
{
    remove(model_path);
}

static void setup(void)
{
    int fd = mkstemp(model_path);
    if (fd < 0)
        abort();
    close(fd);
    atexit(remove_model_file);
    sink = fopen("/dev/null", "w");
    if (!sink)
        abort();
}

static void check_kernels(const uint8_t *data, size_t size)
{
    FILE *f = fopen(model_path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        abort();
    struct as_options *o = as_options_new();
    as_options_set_model(o, model_path);
    as_options_set_limit(o, AS_LIMIT_EVENTS, 20000);
    as_options_set_limit(o, AS_LIMIT_PATHS, 16);
    for (size_t i = 0; i < sizeof(kernels) / sizeof(kernels[0]); i++) {
        struct as_result *r = as_check_text(o, "fuzz.pir", kernels[i], strlen(kernels[i]));
        as_result_write(r, sink, AS_FORMAT_TEXT, false);
        if (!as_result_write(r, sink, AS_FORMAT_JSON, false))
            abort();
        as_result_free(r);
    }
    as_options_free(o);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!sink)
        setup();
    struct diag_list diags;
    diag_list_init(&diags, 100);
    struct model *m = model_load_memory("fuzz.xml", (const char *)data, size, &diags);
    diag_list_free(&diags);
    if (m)
        check_kernels(data, size);
    model_free(m);
    return 0;
}

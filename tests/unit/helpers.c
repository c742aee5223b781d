/* Test helpers: see helpers.h. */
#include "helpers.h"

#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/parse.h"
#include "report/report.h"

void use_source_models(void) { setenv("ACCELSYNC_MODEL_PATH", AS_SOURCE_ROOT "/hwmodels", 1); }

void check_pir(const char *pir, bool reference, struct file_result *out)
{
    use_source_models();
    struct check_options o;
    check_options_defaults(&o);
    o.reference_engine = reference;
    check_source(source_from_string("t.pir", pir, strlen(pir)), &o, out);
}

const char *verdict_of(const struct file_result *r)
{
    static char buf[4096];
    buf[0] = '\0';
    for (size_t i = 0; i < r->diags.len; i++) {
        size_t used = strlen(buf);
        snprintf(buf + used, sizeof(buf) - used, "%s%s@%d", i ? " " : "",
                 check_name(r->diags.items[i].check), r->diags.items[i].loc.line);
    }
    return buf;
}

char *text_report_of(const char *pir)
{
    struct file_result r;
    check_pir(pir, false, &r);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    report_text(f, &r, 1, 0, false, NULL);
    fclose(f);
    file_result_free(&r);
    return buf;
}

void lower_pir(const char *pir, const struct binding_list *assignment, struct lowered *out)
{
    use_source_models();
    memset(out, 0, sizeof(*out));
    diag_list_init(&out->diags, 0);
    out->src = source_from_string("t.pir", pir, strlen(pir));
    struct parse_limits pl = {0};
    out->ast = pir_parse(out->src, &pl, &out->diags);
    CU_ASSERT_PTR_NOT_NULL_FATAL(out->ast);
    CU_ASSERT_EQUAL_FATAL(out->diags.errors, 0);
    const struct ast_decl *model = NULL, *kernel = NULL;
    for (const struct ast_decl *d = out->ast->decls; d; d = d->next) {
        if (d->kind == DECL_MODEL)
            model = d;
        if (d->kind == DECL_KERNEL && !kernel)
            kernel = d;
    }
    CU_ASSERT_PTR_NOT_NULL_FATAL(model);
    CU_ASSERT_PTR_NOT_NULL_FATAL(kernel);
    if (!model || !kernel)
        return;
    out->model = model_find(model->name, model->name_loc, &out->diags);
    CU_ASSERT_PTR_NOT_NULL_FATAL(out->model);
    struct lower_limits limits = {.max_events = 1000000};
    struct path_choices path;
    path_choices_init(&path);
    out->p = lower_kernel(out->ast, kernel, out->model, assignment, &path, &limits, &out->diags,
                          &out->stopped);
    path_choices_free(&path);
}

void lowered_free(struct lowered *l)
{
    lw_program_free(l->p);
    model_free(l->model);
    ast_program_free(l->ast);
    source_free(l->src);
    diag_list_free(&l->diags);
}

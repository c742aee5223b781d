/* Shared between the two halves of model loading: load.c (safe parsing and validation) and
 * tree.c (the validated document to struct model). Not part of the model's interface. */
#ifndef AS_MODEL_INTERNAL_H
#define AS_MODEL_INTERNAL_H

#include <stdarg.h>

#include <libxml/tree.h>

#include "model.h"

/* Adds a model-error finding at path:line:col (0: unknown); path must outlive diags. */
__attribute__((format(printf, 5, 0), nonnull(5)))
void model_vdiag(struct diag_list *diags, const char *path, long line, int col,
                 const char *fmt, va_list ap);

/* Builds the model from the root of a document the schema accepted, checking what the schema
 * cannot; NULL (with findings) when a check fails. */
struct model *model_from_tree(xmlNode *root, const char *path, struct diag_list *diags);

/* Sets model_source.auto_issuer from the model's <auto-sync>, units, ops and primitives
 * (auto_sync.c); after the whole document is read. */
void model_derive_auto_issuer(struct model *m);

#endif

/* What kernel entries are called: a PIR kernel name (an identifier) and the entry as the source
 * names it. A template's instance carries its arguments (`scale<float>`, kernel scale_float);
 * entries that share a name (overloads, or one name in two namespaces) are told apart by their
 * parameters (`add(float *, int)`, kernel add_float_ptr_int), so each is a kernel of its own. */
#ifndef AS_FRONTEND_ENTRY_NAMES_H
#define AS_FRONTEND_ENTRY_NAMES_H

#include "clang_api.h"

#include "../pir/pir_writer.h"
#include "cursor_util.h"

struct entry_name {
    char *kernel;       /* the PIR kernel name, unique among the entries */
    char *spelled;      /* the entry as the source names it */
};

/* One name per entry, in order (malloc'ed; entry_names_free). */
struct entry_name *entry_names(const struct cursor_vec *entries);
void entry_names_free(struct entry_name *names, size_t n);
/* Header notes of the PIR for the entries whose kernel name is not their own. */
void entry_names_note(struct pir_writer *w, const struct entry_name *names, size_t n);

#endif

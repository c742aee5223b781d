/* The hazards one run found, one per finding a reader can tell apart: (kind, place of the
 * first access, place of the second), a place being a location as the file's findings are
 * told apart (diag_place: for a kernel source, the source line a PIR statement came from).
 * A source loop the frontend unrolled gives many statements one place, so its pairs are
 * one hazard here rather than one each, then dropped one by one as repeats. Of a key's
 * occurrences the earliest in instruction order is kept, whatever order the search visits
 * them in: the one the report names. */
#ifndef AS_CHECK_HAZARD_SET_H
#define AS_CHECK_HAZARD_SET_H

#include <stddef.h>

#include "../lower/program.h"
#include "../util/diag.h"
#include "../util/key_map.h"
#include "../util/xalloc.h"

enum hazard_kind { KIND_RAW, KIND_WAR, KIND_WAW };

struct hazard {
    enum hazard_kind kind;
    size_t first, second;       /* instructions, as reported (writer first across cores) */
    size_t lo, hi;              /* the pair in instruction order: its occurrence */
};

struct hazard_set {
    const struct lw_program *p;
    const struct diag_list *findings;   /* whose places tell findings apart */
    int *place;                 /* per instruction: its place's number + 1; 0 not yet known */
    struct key_map places;      /* (file, line, col) -> number */
    VEC(const char *) files;    /* the places' files, numbered by first sight */
    VEC(struct hazard) items;
    struct key_map index;       /* (kind, place, place) -> its item */
};

void hazard_set_init(struct hazard_set *s, const struct lw_program *p,
                     const struct diag_list *findings);
void hazard_set_record(struct hazard_set *s, enum hazard_kind kind, size_t first, size_t second);
/* The hazards in order of occurrence (the pair's later instruction, then its earlier). */
void hazard_set_sort(struct hazard_set *s);
void hazard_set_free(struct hazard_set *s);

#endif

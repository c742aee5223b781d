/* The lowered source's record of which entry each kernel came from (see lowering.h). */
#include "lowering.h"

#include "../../util/xalloc.h"

void lowered_source_add_launched_entry(struct lowered_source *l, const char *kernel,
                                       const char *entry, const char *launch)
{
    l->entries = xrealloc_array(l->entries, l->nentries + 1, sizeof(*l->entries));
    l->entries[l->nentries++] = (struct lowered_entry){xstrdup(kernel), xstrdup(entry),
                                                       launch ? xstrdup(launch) : NULL};
}

void lowered_source_add_entry(struct lowered_source *l, const char *kernel, const char *entry)
{
    lowered_source_add_launched_entry(l, kernel, entry, NULL);
}

/* The sorting instructions of the A2 vector unit, under Ascend C's Sort32 and MrgSort (the
 * vendor's Sort32 and MrgSort pages): region proposals of 8 bytes, a score and its 32-bit
 * index, in UB. A repeat count of 0 does nothing on A2 (both pages). */
#include "isa_internal.h"

enum { PROPOSAL_BYTES = 8, SORT_LANES = 32, SORT_IN_STRIDE = 128, SORT_OUT_STRIDE = 256,
       MERGE_LISTS = 4 };

/* vbitsort(dst, scores, indices, repeat): each repeat sorts 32 scores (half or float) with
 * their uint32 indices into 32 proposals; the next repeat's scores and indices are 128
 * bytes on, its proposals 256. */
static bool sort32(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                   struct value *args, int nargs, struct value *result)
{
    (void)result;
    int64_t elem, dst_elem, index_elem, repeats;
    if (!isa_pointer(I, call, name, args, nargs, 0, &dst_elem) ||
        !isa_pointer(I, call, name, args, nargs, 1, &elem) ||
        !isa_pointer(I, call, name, args, nargs, 2, &index_elem) ||
        !isa_int(I, call, name, args, nargs, 3, &repeats))
        return true;
    if (repeats <= 0)
        return true;
    struct emit_region w = isa_operand_region(args[0], 0, repeats * SORT_OUT_STRIDE);
    struct emit_region r[2] = {
        isa_operand_region(args[1], 0, (repeats - 1) * SORT_IN_STRIDE + SORT_LANES * elem),
        isa_operand_region(args[2], 0, (repeats - 1) * SORT_IN_STRIDE + SORT_LANES * 4),
    };
    emit_access(s->e, interp_loc(I, call), "V", "vbitsort", &w, r, 2);
    return true;
}

/* vmrgsort4(dst, lists[4], lengths, config): merges up to 4 sorted lists of proposals, those
 * config's bits 8-11 name, list k `lengths` bits 16k-16k+15 proposals long, into dst; config's
 * low byte repeats it, each repeat the lists' total further on in the sources and in dst
 * (lists stored one after the other). With suspension on (bit 12) it may stop early: dst is
 * written as if it did not. */
static bool merge4(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                   struct value *args, int nargs, struct value *result)
{
    (void)result;
    int64_t dst_elem, lengths, config;
    if (!isa_pointer(I, call, name, args, nargs, 0, &dst_elem) ||
        !isa_int(I, call, name, args, nargs, 2, &lengths) ||
        !isa_int(I, call, name, args, nargs, 3, &config))
        return true;
    int64_t repeats = config & 0xff, valid = (config >> 8) & 0xf;
    if (repeats <= 0 || !valid)
        return true;
    int64_t bytes[MERGE_LISTS], total = 0;   /* each list's, the valid lists' sum */
    for (int k = 0; k < MERGE_LISTS; k++) {
        bytes[k] = valid >> k & 1
                       ? (int64_t)((uint64_t)lengths >> (16 * k) & 0xffff) * PROPOSAL_BYTES
                       : 0;
        total += bytes[k];
    }
    struct emit_region r[MERGE_LISTS];
    int n = 0;
    for (int k = 0; k < MERGE_LISTS; k++) {
        if (!(valid >> k & 1))
            continue;
        struct value list;
        if (!interp_array_element(I, args[1], k, &list) || list.kind != VAL_POINTER) {
            interp_unsupported(I, call, "list %d of '%s' is not an address the frontend knows",
                               k + 1, name);
            return true;
        }
        if (bytes[k] > 0)
            r[n++] = isa_operand_region(list, 0, (repeats - 1) * total + bytes[k]);
    }
    if (!total)
        return true;
    struct emit_region w = isa_operand_region(args[0], 0, repeats * total);
    emit_access(s->e, interp_loc(I, call), "V", "vmrgsort4", &w, r, n);
    return true;
}

const struct isa_entry isa_sort_table[] = {
    {"vbitsort", sort32},
    {"vmrgsort4", merge4},
    {NULL, NULL},
};

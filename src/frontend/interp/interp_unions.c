/* Members of a union share their bytes: a write of one member is seen by the others (the
 * SDK's queue keeps `union { uint64_t value; struct { uint8_t bufNum; ...; uint8_t
 * bufCursor; }; }` and clears the whole word with `value = num`). Objects keep members by
 * name, so after a write of a union member the members it overlaps are made again from its
 * bytes, little-endian as the device is: a member within the written one takes its bytes, one
 * holding the written one has them replaced, one partly overlapped (or any, when the written
 * value is not known) becomes unknown. */
#include "interp_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct member {
    CXCursor field;
    int64_t offset, size;       /* bytes within the union */
};

typedef VEC(struct member) member_vec;

struct collect {
    member_vec *out;
    int64_t base;
};

static enum CXChildVisitResult collect_member(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct collect *cl = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if ((k == CXCursor_StructDecl || k == CXCursor_UnionDecl) &&
        clang_Cursor_isAnonymousRecordDecl(c)) {   /* a member of the union itself, at 0 */
        clang_visitChildren(c, collect_member, cl);
        return CXChildVisit_Continue;
    }
    if (k != CXCursor_FieldDecl)
        return CXChildVisit_Continue;
    long long bits = clang_Cursor_getOffsetOfField(c);
    long long size = clang_Type_getSizeOf(clang_getCursorType(c));
    if (bits < 0 || size <= 0 || bits % 8)
        return CXChildVisit_Continue;
    CXCursor record = clang_getTypeDeclaration(clang_getCanonicalType(clang_getCursorType(c)));
    if (clang_Cursor_isAnonymousRecordDecl(record)) {   /* struct { ... } inside the union */
        struct collect inner = {cl->out, cl->base + bits / 8};
        clang_visitChildren(record, collect_member, &inner);
        return CXChildVisit_Continue;
    }
    VEC_PUSH(*cl->out, ((struct member){c, cl->base + bits / 8, size}));
    return CXChildVisit_Continue;
}

/* The anonymous union a field belongs to (directly or through an anonymous struct in it). */
static CXCursor enclosing_union(CXCursor field)
{
    CXCursor parent = clang_getCursorSemanticParent(field);
    for (int depth = 0; depth < 2 && !clang_Cursor_isNull(parent); depth++) {
        if (clang_getCursorKind(parent) == CXCursor_UnionDecl)
            return parent;
        if (!clang_Cursor_isAnonymousRecordDecl(parent))
            break;
        parent = clang_getCursorSemanticParent(parent);
    }
    return clang_getNullCursor();
}

static uint64_t low_bytes(int64_t size)
{
    return size >= 8 ? UINT64_MAX : ((uint64_t)1 << (8 * size)) - 1;
}

void interp_union_written(struct interp *I, CXCursor member)
{
    CXCursor field = clang_getCursorReferenced(member);
    if (clang_getCursorKind(field) != CXCursor_FieldDecl ||
        clang_Cursor_isNull(enclosing_union(field)))
        return;
    struct object *owner = NULL;
    if (field_in(I, member, false, &owner) && owner)
        interp_union_field_set(I, owner, field);
}

void interp_union_field_set(struct interp *I, struct object *owner, CXCursor field)
{
    (void)I;
    CXCursor u = enclosing_union(field);
    if (clang_Cursor_isNull(u))
        return;
    CXString wname = clang_getCursorSpelling(field);
    struct value *written = field_slot(owner, clang_getCString(wname), false);
    clang_disposeString(wname);
    if (!written)
        return;
    member_vec members = {0};
    struct collect cl = {&members, 0};
    clang_visitChildren(u, collect_member, &cl);
    struct member *w = NULL;
    for (size_t i = 0; i < members.len; i++)
        if (clang_equalCursors(members.items[i].field, field))
            w = &members.items[i];
    for (size_t i = 0; w && i < members.len; i++) {
        struct member *g = &members.items[i];
        if (g == w || g->offset >= w->offset + w->size || w->offset >= g->offset + g->size)
            continue;
        CXString name = clang_getCursorSpelling(g->field);
        struct value *slot = field_slot(owner, clang_getCString(name), true);
        clang_disposeString(name);
        bool known = written->kind == VAL_INT && w->size <= 8 && g->size <= 8;
        if (known && g->offset >= w->offset && g->offset + g->size <= w->offset + w->size) {
            uint64_t bytes = (uint64_t)written->num >> (8 * (g->offset - w->offset));
            *slot = int_value((int64_t)(bytes & low_bytes(g->size)));
        } else if (known && slot->kind == VAL_INT && w->offset >= g->offset &&
                   w->offset + w->size <= g->offset + g->size) {
            int shift = (int)(8 * (w->offset - g->offset));
            uint64_t mask = low_bytes(w->size) << shift;
            uint64_t v = ((uint64_t)slot->num & ~mask) |
                         (((uint64_t)written->num & low_bytes(w->size)) << shift);
            *slot = int_value((int64_t)(v & low_bytes(g->size)));
        } else {
            *slot = unknown;
        }
    }
    VEC_FREE(members);
}

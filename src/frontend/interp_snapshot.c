/* Snapshots of the interpreter's values (interp_internal.h): what a condition on data takes
 * before its first side, restores before the second, and joins after both
 * (interp_branch.c). */
#include "interp_internal.h"

#include <stdlib.h>
#include <string.h>

struct frame_copy {
    struct frame *frame;
    struct var *vars;
    size_t nvars;
    struct value ret;
};

struct object_copy {
    struct value *values;   /* the first nfields fields' values */
    size_t nfields;
};

/* The interpreter's values at one point: variables of every frame, fields of every object,
 * variables outside the kernel. */
struct snapshot {
    struct frame_copy *frames;
    size_t nframes;
    struct object_copy *objects;
    size_t nobjects;
    struct value *globals;
    size_t nglobals;
    struct value scratch;
    uint64_t values;        /* how many were copied */
};

struct snapshot *snapshot_take(struct interp *I)
{
    struct snapshot *s = xcalloc(1, sizeof(*s));
    for (struct frame *f = I->frame; f; f = f->caller)
        s->nframes++;
    s->frames = xcalloc(s->nframes ? s->nframes : 1, sizeof(*s->frames));
    size_t k = 0;
    for (struct frame *f = I->frame; f; f = f->caller, k++) {
        struct frame_copy *c = &s->frames[k];
        c->frame = f;
        c->nvars = f->vars.len;
        c->vars = xrealloc_array(NULL, c->nvars ? c->nvars : 1, sizeof(*c->vars));
        memcpy(c->vars, f->vars.items, c->nvars * sizeof(*c->vars));
        c->ret = f->ret;
        s->values += c->nvars;
    }
    s->nobjects = I->objects.len;
    s->objects = xcalloc(s->nobjects ? s->nobjects : 1, sizeof(*s->objects));
    for (size_t i = 0; i < s->nobjects; i++) {
        const struct object *o = I->objects.items[i];
        struct object_copy *c = &s->objects[i];
        c->nfields = o->fields.len;
        c->values = xrealloc_array(NULL, c->nfields ? c->nfields : 1, sizeof(*c->values));
        for (size_t f = 0; f < c->nfields; f++)
            c->values[f] = o->fields.items[f].v;
        s->values += c->nfields;
    }
    s->nglobals = I->globals.len;
    s->globals = xrealloc_array(NULL, s->nglobals ? s->nglobals : 1, sizeof(*s->globals));
    for (size_t g = 0; g < s->nglobals; g++)
        s->globals[g] = I->globals.items[g].v;
    s->scratch = I->scratch;
    s->values += s->nglobals;
    return s;
}

void snapshot_free(struct snapshot *s)
{
    if (!s)
        return;
    for (size_t k = 0; k < s->nframes; k++)
        free(s->frames[k].vars);
    free(s->frames);
    for (size_t i = 0; i < s->nobjects; i++)
        free(s->objects[i].values);
    free(s->objects);
    free(s->globals);
    free(s);
}

/* Back to the values of s. Objects, fields and variables outside the kernel made since stay
 * (they are unreachable from s's values, or hold what they would hold on s's path too); a
 * field made since becomes unknown. */
void snapshot_restore(struct interp *I, const struct snapshot *s)
{
    for (size_t k = 0; k < s->nframes; k++) {
        const struct frame_copy *c = &s->frames[k];
        struct frame *f = c->frame;
        if (f->vars.cap < c->nvars) {
            f->vars.items = xrealloc_array(f->vars.items, c->nvars, sizeof(*f->vars.items));
            f->vars.cap = c->nvars;
        }
        memcpy(f->vars.items, c->vars, c->nvars * sizeof(*c->vars));
        f->vars.len = c->nvars;
        f->ret = c->ret;
    }
    for (size_t i = 0; i < s->nobjects; i++) {
        struct object *o = I->objects.items[i];
        const struct object_copy *c = &s->objects[i];
        for (size_t f = 0; f < o->fields.len; f++)
            o->fields.items[f].v = f < c->nfields ? c->values[f] : unknown;
    }
    for (size_t g = 0; g < s->nglobals; g++)
        I->globals.items[g].v = s->globals[g];
    I->scratch = s->scratch;
}

bool interp_same_value(struct value a, struct value b)
{
    if (a.kind != b.kind)
        return false;
    switch (a.kind) {
    case VAL_INT:
    case VAL_REF:
        return a.num == b.num;
    case VAL_POINTER:
    case VAL_UNKNOWN:   /* data: where it was read from */
        return a.buffer == b.buffer && a.num == b.num && a.past_known == b.past_known
               && (!a.past_known || a.past == b.past) && a.sym == b.sym;
    case VAL_OBJECT:
        return a.obj == b.obj;
    default:
        return true;
    }
}

void interp_join_value(struct value *into, struct value other)
{
    if (interp_same_value(*into, other))
        return;
    if (into->kind == VAL_POINTER && other.kind == VAL_POINTER && into->buffer == other.buffer) {
        into->num = OFFSET_UNKNOWN;     /* the same buffer, where depends on the path */
        into->past_known = false;
    } else {
        *into = unknown;
    }
}

/* The current values become the join of themselves and s's: what differs is unknown. */
void snapshot_join(struct interp *I, const struct snapshot *s)
{
    for (size_t k = 0; k < s->nframes; k++) {
        const struct frame_copy *c = &s->frames[k];
        struct frame *f = c->frame;
        for (size_t i = 0; i < f->vars.len && i < c->nvars; i++)
            if (clang_equalCursors(f->vars.items[i].decl, c->vars[i].decl))
                interp_join_value(&f->vars.items[i].v, c->vars[i].v);
            else
                f->vars.items[i].v = unknown;
        interp_join_value(&f->ret, c->ret);
    }
    for (size_t i = 0; i < s->nobjects; i++) {
        struct object *o = I->objects.items[i];
        const struct object_copy *c = &s->objects[i];
        for (size_t f = 0; f < o->fields.len; f++)
            if (f < c->nfields)
                interp_join_value(&o->fields.items[f].v, c->values[f]);
            else
                o->fields.items[f].v = unknown;
    }
    for (size_t g = 0; g < s->nglobals; g++)
        interp_join_value(&I->globals.items[g].v, s->globals[g]);
    interp_join_value(&I->scratch, s->scratch);
}

uint64_t snapshot_size(const struct snapshot *s)
{
    return s->values;
}

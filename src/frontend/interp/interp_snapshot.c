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
    struct object *obj;
    struct value *values;   /* the first nfields fields' values */
    size_t nfields;
    uint32_t read;          /* a scalar class's read (rule 10) */
};

/* The interpreter's values at one point: variables of every frame, fields of the objects they
 * reach, variables outside the kernel. */
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

/* ---- the objects a snapshot copies ---- */

/* Only objects the kernel can still reach: from a variable, a frame's result or `this`, a
 * variable outside the kernel, the scratch value, or an object of the API layer (whose state
 * may hold values the interpreter cannot see), and from their fields. A temporary (`T(x)` of
 * a class type, a copy) stays in I->objects until the kernel ends, but once nothing reaches it
 * no statement can change it, so there is nothing to restore or join. Copying every object
 * made a loop of conditions on data quadratic in its iterations. */
struct reach {
    struct interp *I;
    VEC(struct object *) found;
};

static void reach_value(struct reach *r, struct value v)
{
    struct object *o = v.obj;
    if (!o || o->seen == r->I->snapshots)
        return;
    o->seen = r->I->snapshots;
    VEC_PUSH(r->found, o);
}

static void reach_objects(struct interp *I, struct reach *r)
{
    I->snapshots++;
    r->I = I;
    for (struct frame *f = I->frame; f; f = f->caller) {
        for (size_t i = 0; i < f->vars.len; i++) {
            reach_value(r, f->vars.items[i].v);
            reach_value(r, (struct value){.obj = f->vars.items[i].field_of});
        }
        reach_value(r, f->ret);
        reach_value(r, (struct value){.obj = f->self});
    }
    for (size_t g = 0; g < I->globals.len; g++)
        reach_value(r, I->globals.items[g].v);
    reach_value(r, I->scratch);
    /* an API layer that makes no objects (BANG C) has none to look for */
    for (size_t i = 0; I->api->construct && i < I->objects.len; i++)
        if (I->objects.items[i]->api)
            reach_value(r, (struct value){.obj = I->objects.items[i]});
    /* breadth first: `found` grows while it is read */
    for (size_t k = 0; k < r->found.len; k++) {
        const struct object *o = r->found.items[k];
        for (size_t f = 0; f < o->fields.len; f++)
            reach_value(r, o->fields.items[f].v);
    }
}

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
        if (c->nvars)   /* a frame with no variables may have no array at all */
            memcpy(c->vars, f->vars.items, c->nvars * sizeof(*c->vars));
        c->ret = f->ret;
        s->values += c->nvars;
    }
    struct reach r = {0};
    reach_objects(I, &r);
    s->nobjects = r.found.len;
    s->objects = xcalloc(s->nobjects ? s->nobjects : 1, sizeof(*s->objects));
    for (size_t i = 0; i < s->nobjects; i++) {
        const struct object *o = r.found.items[i];
        struct object_copy *c = &s->objects[i];
        c->obj = r.found.items[i];
        c->nfields = o->fields.len;
        c->read = o->read;
        c->values = xrealloc_array(NULL, c->nfields ? c->nfields : 1, sizeof(*c->values));
        for (size_t f = 0; f < c->nfields; f++)
            c->values[f] = o->fields.items[f].v;
        s->values += c->nfields;
    }
    VEC_FREE(r.found);
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
 * (they are unreachable from s's values, or hold what they would hold on s's path too), and so
 * do objects s did not copy (nothing reached them, so nothing changed them); a field made
 * since becomes unknown. */
void snapshot_restore(struct interp *I, const struct snapshot *s)
{
    for (size_t k = 0; k < s->nframes; k++) {
        const struct frame_copy *c = &s->frames[k];
        struct frame *f = c->frame;
        if (f->vars.cap < c->nvars) {
            f->vars.items = xrealloc_array(f->vars.items, c->nvars, sizeof(*f->vars.items));
            f->vars.cap = c->nvars;
        }
        if (c->nvars)
            memcpy(f->vars.items, c->vars, c->nvars * sizeof(*c->vars));
        f->vars.len = c->nvars;
        f->ret = c->ret;
    }
    for (size_t i = 0; i < s->nobjects; i++) {
        const struct object_copy *c = &s->objects[i];
        struct object *o = c->obj;
        o->read = c->read;
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
        return a.num == b.num;
    case VAL_REF:
        return a.num == b.num && a.obj == b.obj && a.field == b.field;
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
    uint32_t read = later_read(*into, other);
    into->read = read;
    if (interp_same_value(*into, other))
        return;
    if (into->kind == VAL_POINTER && other.kind == VAL_POINTER && into->buffer == other.buffer) {
        into->num = OFFSET_UNKNOWN;     /* the same buffer, where depends on the path */
        into->past_known = false;
    } else {
        *into = unknown;
    }
    into->read = read;   /* on either path it may come from its side's reads */
}

/* A value a path knows: an integer, an object, a pointer's offset. */
static bool known(struct value v)
{
    return v.kind != VAL_UNKNOWN && v.kind != VAL_NONE &&
           !(v.kind == VAL_POINTER && v.num == OFFSET_UNKNOWN);
}

/* Whether joining `other` into *into loses a value known on one of the two paths: the join
 * would make it unknown. */
static bool loses_known(struct value into, struct value other)
{
    return !interp_same_value(into, other) && (known(into) || known(other));
}

/* The join of the current values and s's (apply), or only whether it would lose a known
 * value (returned; nothing changed). */
static bool join_values(struct interp *I, const struct snapshot *s, bool apply)
{
    bool loses = false;
    for (size_t k = 0; k < s->nframes; k++) {
        const struct frame_copy *c = &s->frames[k];
        struct frame *f = c->frame;
        for (size_t i = 0; i < f->vars.len && i < c->nvars; i++) {
            struct value *v = &f->vars.items[i].v;
            if (!clang_equalCursors(f->vars.items[i].decl, c->vars[i].decl))
                loses |= v->kind != VAL_UNKNOWN;
            else
                loses |= loses_known(*v, c->vars[i].v);
            if (!apply)
                continue;
            if (clang_equalCursors(f->vars.items[i].decl, c->vars[i].decl))
                interp_join_value(v, c->vars[i].v);
            else
                *v = unknown;
        }
        loses |= loses_known(f->ret, c->ret);
        if (apply)
            interp_join_value(&f->ret, c->ret);
    }
    for (size_t i = 0; i < s->nobjects; i++) {
        const struct object_copy *c = &s->objects[i];
        struct object *o = c->obj;
        if (apply && c->read > o->read)
            o->read = c->read;   /* on either path it may come from its side's reads */
        for (size_t f = 0; f < o->fields.len; f++) {
            struct value *v = &o->fields.items[f].v;
            loses |= f < c->nfields ? loses_known(*v, c->values[f]) : v->kind != VAL_UNKNOWN;
            if (!apply)
                continue;
            if (f < c->nfields)
                interp_join_value(v, c->values[f]);
            else
                *v = unknown;
        }
    }
    for (size_t g = 0; g < s->nglobals; g++) {
        loses |= loses_known(I->globals.items[g].v, s->globals[g]);
        if (apply)
            interp_join_value(&I->globals.items[g].v, s->globals[g]);
    }
    loses |= loses_known(I->scratch, s->scratch);
    if (apply)
        interp_join_value(&I->scratch, s->scratch);
    return loses;
}

/* The current values become the join of themselves and s's: what differs is unknown. */
void snapshot_join(struct interp *I, const struct snapshot *s)
{
    join_values(I, s, true);
}

bool snapshot_join_loses_known(struct interp *I, const struct snapshot *s)
{
    return join_values(I, s, false);
}

uint64_t snapshot_size(const struct snapshot *s)
{
    return s->values;
}

/* What auto-sync's scan would find, known without the scan (see emit.c): for a pair (v, u)
 * the compiler orders, the bytes that v's accesses not yet ordered before u write and touch,
 * as unions of byte ranges, kept up to date as v's accesses come. An access of u that
 * meets neither union conflicts with none of them and needs no sync; only one that meets them
 * is scanned access by access. Without it every access of u rescanned every access of v since
 * the last sync: a kernel whose scalar unit reads one index a million times while the vector
 * unit works elsewhere took time quadratic in its length. */
#ifndef AS_FRONTEND_EMIT_WINDOW_H
#define AS_FRONTEND_EMIT_WINDOW_H

#include <stdbool.h>

struct emitter;
struct tracked_access;
struct emit_window;

/* false when no access of unit v past ordered[v][u], open for u (neither done_to nor maybe_to
 * bit u), conflicts with x, and none is maybe_to u: auto-sync adds nothing for (v, u); true
 * when the scan must decide. The windows follow e's state; emit_windows_stale after any
 * change other than accesses added and ordered[][] raised. */
bool emit_window_may_conflict(struct emitter *e, int v, int u, const struct tracked_access *x);
void emit_windows_stale(struct emitter *e);
void emit_windows_free(struct emitter *e);

#endif

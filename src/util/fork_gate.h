/* Forking while other threads run. A child forked from a process with several threads has
 * only the forking one, and any lock another thread held at that moment stays held for ever
 * in the child: the sanitizers' allocator, libLLVM's, stdio's. The child then hangs on its
 * first allocation until the deadline kills it, and the file reads as too slow to check.
 *
 * The gate keeps every thread that does work out of such locks while one forks: a worker
 * holds the gate (shared) for as long as it runs and lets it go only while it waits for a
 * child of its own; a fork takes it exclusively. A thread that never entered the gate forks
 * at once (one thread: nothing to wait for). */
#ifndef AS_UTIL_FORK_GATE_H
#define AS_UTIL_FORK_GATE_H

#include <sys/types.h>

/* A worker thread starts and ends its work with these. */
void fork_gate_enter(void);
void fork_gate_leave(void);

/* fork(), once no other worker is between enter and leave outside a wait. In the parent
 * (pid > 0 or -1) the calling worker has let the gate go: it takes it back with
 * fork_gate_resume() when it has waited for the child. */
pid_t fork_gate_fork(void);
void fork_gate_resume(void);

#endif

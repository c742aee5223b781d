/* The fork gate (see fork_gate.h): a process-wide read-write lock that prefers writers, so a
 * waiting fork is not starved by workers taking the gate back one after another. */
#define _GNU_SOURCE
#include "fork_gate.h"

#include <pthread.h>
#include <stdbool.h>
#include <unistd.h>

static pthread_rwlock_t gate;
static pthread_once_t gate_once = PTHREAD_ONCE_INIT;
static _Thread_local bool held;      /* this thread is a worker inside the gate */
static _Thread_local bool resumable; /* ... that let it go to fork and has not taken it back */

static void gate_init(void)
{
    pthread_rwlockattr_t attr;
    pthread_rwlockattr_init(&attr);
    pthread_rwlockattr_setkind_np(&attr, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
    pthread_rwlock_init(&gate, &attr);
    pthread_rwlockattr_destroy(&attr);
}

void fork_gate_enter(void)
{
    pthread_once(&gate_once, gate_init);
    pthread_rwlock_rdlock(&gate);
    held = true;
}

void fork_gate_leave(void)
{
    if (held)
        pthread_rwlock_unlock(&gate);
    held = false;
}

pid_t fork_gate_fork(void)
{
    if (!held)
        return fork();
    pthread_rwlock_unlock(&gate);
    pthread_rwlock_wrlock(&gate);
    pid_t pid = fork();
    if (pid == 0)
        return 0;   /* the child: one thread, nothing to give back */
    pthread_rwlock_unlock(&gate);
    held = false;
    resumable = true;
    return pid;
}

void fork_gate_resume(void)
{
    if (!resumable)
        return;
    resumable = false;
    fork_gate_enter();
}

/* Schedule policies: where each instruction's latency (and issue delay) comes from. `random`
 * draws them from a seeded generator; `adversarial` makes one instruction at a time slow
 * without bound and everything else as fast as allowed (accesses first, then the sync
 * instructions), then the issue of one wait at a time (a prompt wait is late only when it
 * is reached late, which exposes flag overruns); `replay` reads latencies from a file. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

int64_t sim_slow_latency(const struct lw_program *p)
{
    /* With every other latency 1 no instruction that does not wait for the slow one ends
     * later than the number of instructions; a round number reads better in a timeline. */
    int64_t slow = 1000;
    while (slow <= 2 * (int64_t)p->nins + 2)
        slow *= 10;
    return slow;
}

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static bool is_wait(const struct lw_ins *x) { return x->kind == INS_WAIT || x->kind == INS_XWAIT; }

static size_t count_waits(const struct lw_program *p)
{
    size_t n = 0;
    for (size_t i = 0; i < p->nins; i++)
        n += is_wait(&p->ins[i]);
    return n;
}

/* The k-th wait in program order. */
static size_t nth_wait(const struct lw_program *p, size_t k)
{
    for (size_t i = 0; i < p->nins; i++)
        if (is_wait(&p->ins[i]) && k-- == 0)
            return i;
    return SIM_NONE;
}

size_t sim_policy_count(const struct sim_policy *pol, const struct lw_program *p)
{
    switch (pol->kind) {
    case SIM_POLICY_RANDOM:
        return pol->runs ? pol->runs : 100;
    case SIM_POLICY_ADVERSARIAL: {
        size_t n = p->nins + count_waits(p);
        return pol->runs && pol->runs < n ? pol->runs : n;
    }
    case SIM_POLICY_REPLAY:
        return 1;
    }
    return 0;
}

/* The k-th instruction an adversarial schedule slows down: accesses first, in order. */
static size_t adversarial_target(const struct lw_program *p, size_t k)
{
    size_t accesses = 0;
    for (size_t i = 0; i < p->nins; i++)
        accesses += p->ins[i].kind == INS_ACCESS;
    bool want_access = k < accesses;
    size_t rank = want_access ? k : k - accesses;
    for (size_t i = 0; i < p->nins; i++)
        if ((p->ins[i].kind == INS_ACCESS) == want_access && rank-- == 0)
            return i;
    return SIM_NONE;
}

size_t sim_policy_latencies(const struct sim_policy *pol, const struct lw_program *p, size_t k,
                            int64_t *latency, int64_t *issue_at, bool *slow_issue)
{
    for (size_t i = 0; i < p->nins; i++) {
        latency[i] = 1;
        issue_at[i] = 0;
    }
    *slow_issue = false;
    switch (pol->kind) {
    case SIM_POLICY_RANDOM: {
        uint64_t state = pol->seed * 0x2545f4914f6cdd1dull + k;
        for (size_t i = 0; i < p->nins; i++) {
            uint64_t r = splitmix64(&state);
            if (p->ins[i].kind != INS_ACCESS)
                latency[i] = 1 + (int64_t)(r % 8);
            else if (r % 8 == 0)
                latency[i] = 1 + (int64_t)((r >> 8) % 512);   /* now and then a slow one */
            else
                latency[i] = 1 + (int64_t)((r >> 8) % 32);
            if ((r >> 20) % 16 == 0)   /* now and then a slow issuer */
                issue_at[i] = (int64_t)((r >> 24) % 256);
        }
        return SIM_NONE;
    }
    case SIM_POLICY_ADVERSARIAL: {
        if (k >= p->nins) {
            /* After every instruction, the issue of every wait, late: a prompt wait is late
             * to take its flag only when it is reached late. */
            size_t w = nth_wait(p, k - p->nins);
            if (w != SIM_NONE) {
                issue_at[w] = sim_slow_latency(p);
                *slow_issue = true;
            }
            return w;
        }
        size_t slow = adversarial_target(p, k);
        if (slow != SIM_NONE)
            latency[slow] = sim_slow_latency(p);
        return slow;
    }
    case SIM_POLICY_REPLAY:
        for (size_t i = 0; i < p->nins; i++) {
            int64_t v = i < pol->replay->n ? pol->replay->latency[i] : 0;
            latency[i] = v > 0 ? v : pol->replay->fallback;
        }
        return SIM_NONE;
    }
    return SIM_NONE;
}

static bool parse_count(const char *word, int64_t *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(word, &end, 10);
    if (errno || *end || end == word || v < 0)
        return false;
    *out = v;
    return true;
}

bool sim_replay_read(const char *path, struct sim_replay *out, const char **err, int *line)
{
    memset(out, 0, sizeof(*out));
    out->fallback = 1;
    *line = 0;
    FILE *f = fopen(path, "r");
    if (!f) {
        *err = strerror(errno);
        return false;
    }
    char buf[512];
    VEC(int64_t) lat = {0};
    bool ok = true;
    while (ok && fgets(buf, sizeof(buf), f)) {
        ++*line;
        char *hash = strchr(buf, '#');
        if (hash)
            *hash = '\0';
        char *save = NULL;
        char *first = strtok_r(buf, " \t\r\n", &save), *second = strtok_r(NULL, " \t\r\n", &save);
        if (!first)
            continue;
        int64_t index = 0, value = 0;
        if (!second || strtok_r(NULL, " \t\r\n", &save) || !parse_count(second, &value) || value < 1) {
            *err = "expected 'INDEX LATENCY' or 'default LATENCY' with a latency of at least 1";
            ok = false;
        } else if (strcmp(first, "default") == 0) {
            out->fallback = value;
        } else if (!parse_count(first, &index) || index > 100000000) {
            *err = "the instruction index must be an integer from 0 to 100000000";
            ok = false;
        } else {
            while (lat.len <= (size_t)index)
                VEC_PUSH(lat, 0);
            lat.items[index] = value;
        }
    }
    if (ok && ferror(f)) {
        *err = "read error";
        *line = 0;
        ok = false;
    }
    fclose(f);
    if (!ok) {
        VEC_FREE(lat);
        return false;
    }
    out->latency = lat.items;
    out->n = lat.len;
    return true;
}

void sim_replay_free(struct sim_replay *r)
{
    free(r->latency);
    memset(r, 0, sizeof(*r));
}

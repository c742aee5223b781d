/* The machine's own limit for bench/run: one pass of a U-wide vector clock over N events in a
 * tight loop, each event joining the clock of its queue predecessor and of one of the 64 events
 * before it (a sync partner, as in a pipeline: the work the clock engine cannot avoid). Prints
 * nanoseconds per event.
 *
 * usage: clock_pass U N */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv)
{
    if (argc != 3)
        return 2;
    size_t u = strtoul(argv[1], NULL, 10), n = strtoul(argv[2], NULL, 10);
    int32_t *c = calloc(n * u, sizeof(int32_t));
    if (!c || n < 2 || u == 0)
        return 1;
    memset(c, 0, n * u * sizeof(int32_t));   /* fault the pages in before timing */
    uint64_t seed = 88172645463325252ull;
    struct timespec t0, t1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    size_t own = 0;   /* the event's own unit, round robin */
    for (size_t i = 1; i < n; i++) {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        size_t other = i - 1 - (size_t)(seed % (i < 64 ? i : 64));
        const int32_t *a = c + (i - 1) * u, *b = c + other * u;
        int32_t *d = c + i * u;
        for (size_t k = 0; k < u; k++)
            d[k] = (a[k] > b[k] ? a[k] : b[k]) + (k == own);
        own = own + 1 == u ? 0 : own + 1;
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    double ns = (double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec);
    printf("%.3f %d\n", ns / (double)n, c[(n - 1) * u]);   /* the value keeps the loop */
    free(c);
    return 0;
}

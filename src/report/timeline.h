/* Drawing simulated schedules (struct sim_trace): a per-unit ASCII timeline under a finding
 * in text output, an object with a "timeline" array in JSON (the SVG of HTML is html.c's). */
#ifndef AS_REPORT_TIMELINE_H
#define AS_REPORT_TIMELINE_H

#include <jansson.h>
#include <stdio.h>

#include "../sim/trace.h"

/* The note lines, prefixed with the finding's location, and the chart. */
void timeline_text(FILE *out, const struct as_loc *loc, const struct sim_trace *t);
/* {"confirmed": ..., "schedule": ..., "outcome": ..., "timeline": [...]} */
json_t *timeline_json(const struct sim_trace *t);
/* The distinct start and end times of the trace, sorted, into times (room for 2 * t->n);
 * returns how many. Charts give each one column, so one huge latency squashes nothing. */
size_t timeline_times(const struct sim_trace *t, int64_t *times);

#endif

/*
 * trace.c -- reading a --trace CSV (puzzle,iteration,energy,temperature)
 * into one series a puzzle for plotting.  A chain writes a row every 1024
 * proposals, so a long run has millions: each series keeps at most
 * TRACE_KEEP points by dropping every other one and halving its sampling
 * rate whenever it fills (a chart has fewer pixels than that anyway).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "out.h"

#define TRACE_KEEP 2048
#define TRACE_MAX_SERIES 100000

sdk_trace *sdk_trace_new(uint64_t only_puzzle)
{
    sdk_trace *t = calloc(1, sizeof *t);
    if (t)
        t->only = only_puzzle;
    return t;
}

void sdk_trace_free(sdk_trace *t)
{
    if (!t)
        return;
    for (int i = 0; i < t->count; i++)
        free(t->series[i].pts);
    free(t->series);
    free(t);
}

int sdk_trace_series(const sdk_trace *t)
{
    return t->count;
}

/* The series of puzzle, made if new; NULL when memory or the cap runs out. */
static out_series *trace_find(sdk_trace *t, uint64_t puzzle)
{
    if (t->cached < t->count && t->series[t->cached].puzzle == puzzle)
        return &t->series[t->cached];
    for (int i = 0; i < t->count; i++)
        if (t->series[i].puzzle == puzzle)
            return &t->series[t->cached = i];
    if (t->count >= TRACE_MAX_SERIES)
        return NULL;
    if (t->count == t->cap) {
        int cap = t->cap ? 2 * t->cap : 8;
        out_series *s = realloc(t->series, sizeof *s * (size_t)cap);
        if (!s)
            return NULL;
        t->series = s;
        t->cap = cap;
    }
    out_series *s = &t->series[t->count];
    memset(s, 0, sizeof *s);
    s->puzzle = puzzle;
    s->stride = 1;
    t->cached = t->count++;
    return s;
}

static int series_add(out_series *s, out_point p)
{
    s->last = p;
    if (s->seen++ % s->stride != 0)
        return 0;
    if (s->n == TRACE_KEEP) {               /* full: keep every other point */
        for (int i = 0; i < s->n / 2; i++)
            s->pts[i] = s->pts[2 * i];
        s->n /= 2;
        s->stride *= 2;
        if ((s->seen - 1) % s->stride != 0)
            return 0;
    }
    if (s->n == s->cap) {
        int cap = s->cap ? 2 * s->cap : 64;
        out_point *q = realloc(s->pts, sizeof *q * (size_t)cap);
        if (!q)
            return -1;
        s->pts = q;
        s->cap = cap;
    }
    s->pts[s->n++] = p;
    return 0;
}

int sdk_trace_line(sdk_trace *t, const char *line, char *err, size_t errlen)
{
    size_t len = strcspn(line, "\r\n");
    if (len == 0 || strncmp(line, "puzzle,", 7) == 0)
        return 0;                           /* blank, or the header */
    double v[4];
    const char *p = line;
    for (int k = 0; k < 4; k++) {
        char *end;
        errno = 0;
        v[k] = strtod(p, &end);
        int last = k == 3;
        int sep_ok = last ? (*end == '\0' || *end == '\r' || *end == '\n') : *end == ',';
        /* 1e15 bounds every value, so the chart's arithmetic cannot overflow */
        if (end == p || !sep_ok || errno == ERANGE || !isfinite(v[k]) || fabs(v[k]) > 1e15) {
            static const char *names[] = {"puzzle", "iteration", "energy", "temperature"};
            snprintf(err, errlen, "bad %s field: expected puzzle,iteration,energy,temperature "
                     "as numbers (at most 1e15)", names[k]);
            return -1;
        }
        p = end + 1;
    }
    if (v[0] < 1 || v[0] > 1e15 || v[0] != floor(v[0]) || v[1] < 0) {
        snprintf(err, errlen, "bad row: the puzzle must be a record number >= 1, the iteration >= 0");
        return -1;
    }
    uint64_t puzzle = (uint64_t)v[0];
    if (t->only && puzzle != t->only)
        return 0;
    out_series *s = trace_find(t, puzzle);
    out_point pt = {v[1], v[2], v[3]};
    if (!s || series_add(s, pt) < 0) {
        snprintf(err, errlen, "out of memory (or more than %d puzzles)", TRACE_MAX_SERIES);
        return -1;
    }
    return 0;
}

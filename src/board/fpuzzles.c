/*
 * fpuzzles.c -- f-puzzles (www.f-puzzles.com) as a way in and out.  Its
 * puzzles travel as a JSON object ({"size":9,"grid":[[{"value":5,
 * "given":true},{},...],...],"diagonal+":true,...}) or as a link carrying
 * that object lz-string compressed after "?load=" (lzstring.c); SudokuPad
 * links whose puzzle id is "fpuzzles..." carry the same text.
 *
 * In, the object is translated into our own line ("jigsaw,x CELLS LABELS",
 * docs/variants.md) and the reader's line parser takes it from there, so
 * every input is validated by one parser.  Read: the given digits (values
 * not marked given are a solver's entries, ignored), "region" (a jigsaw
 * when the regions are not the boxes), "diagonal+" with "diagonal-" (X),
 * "extraregion" when it is windoku's four windows, "killercage".  Any other
 * constraint present is refused by name: answering a thermo as a plain
 * sudoku would be a wrong answer, not a partial one.
 *
 * Out, a board and its cells become the object (one line) or the link.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "board.h"
#include "fpuzzles.h"
#include "lzstring.h"
#include "records.h"

/* f-puzzles draws boards of 3x3 up to 16x16. */
enum { FP_MAX_SIDE = 16, FP_LABELS = 62 };

/* Top-level keys that say nothing about the rules: read and let be. */
static const char *const fp_metadata[] = {
    "title", "author", "ruleset", "solution", "activeConstraints", "disabledlogic", "truecandidatesoptions",
};
/* A cell's keys that are no rule: a solver's pencil marks and colours. */
static const char *const fp_cell_cosmetic[] = {
    "centerPencilMarks", "cornerPencilMarks", "c", "cArray", "highlight",
};

static int in_list(const char *key, const char *const *list, size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (strcmp(key, list[i]) == 0)
            return 1;
    return 0;
}

#define IN_LIST(key, list) in_list(key, list, sizeof list / sizeof list[0])

/* ---- small json values ------------------------------------------------------ */

static const char *skip_space(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
        p++;
    return p;
}

static int word_is(const char *p, const char *end, const char *word)
{
    size_t n = strlen(word);
    return (size_t)(end - p) == n && memcmp(p, word, n) == 0;
}

/* Whether the value [p, end) holds nothing: null, false, 0, "", [] or {}. */
static int json_empty(const char *p, const char *end)
{
    p = skip_space(p, end);
    while (end > p && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r' || end[-1] == '\n'))
        end--;
    if (word_is(p, end, "null") || word_is(p, end, "false") || word_is(p, end, "0") || word_is(p, end, "\"\""))
        return 1;
    if (end - p >= 2 && ((*p == '[' && end[-1] == ']') || (*p == '{' && end[-1] == '}')))
        return skip_space(p + 1, end - 1) == end - 1;
    return 0;
}

/* A whole number from a json number or a string of digits ("15", as
 * f-puzzles writes a cage's sum): 1 and *out, or 0. */
static int json_int(const char *p, const char *end, long *out)
{
    p = skip_space(p, end);
    int quoted = p < end && *p == '"';
    p += quoted;
    long v = 0;
    int digits = 0;
    while (p < end && *p >= '0' && *p <= '9' && digits < 7) {
        v = v * 10 + (*p++ - '0');
        digits++;
    }
    if (quoted) {
        if (p >= end || *p != '"')
            return 0;
        p++;
    }
    if (!digits || skip_space(p, end) != end)
        return 0;
    *out = v;
    return 1;
}

/* A json true or false (or 1 or 0, as hand-written files have them): 1
 * and *out, or 0. */
static int json_bool(const char *p, const char *end, int *out)
{
    p = skip_space(p, end);
    const char *e = p;
    while (e < end && ((*e >= 'a' && *e <= 'z') || *e == '0' || *e == '1'))
        e++;
    if (skip_space(e, end) != end)
        return 0;
    if (word_is(p, e, "true") || word_is(p, e, "false") || word_is(p, e, "1") || word_is(p, e, "0")) {
        *out = *p == 't' || *p == '1';
        return 1;
    }
    return 0;
}

/* ---- reading an object ------------------------------------------------------ */

/* What is read from one object: cells, regions and cages of a board of side
 * n, and the first thing wrong (err[0] set: the walk stops). */
typedef struct fp_read {
    const char *size, *grid, *extra, *cages;    /* values of the keys, or NULL */
    int diag_plus, diag_minus;
    char refused[40];                           /* the first constraint not read */
    int n, row, col;
    int value, given, region;                   /* of the cell being read */
    uint8_t cells[SDK_MAX_CELLS];
    int16_t regions[SDK_MAX_CELLS];             /* -1: its box (f-puzzles' numbering: box k is region k) */
    int16_t cage[SDK_MAX_CELLS];                /* -1: in no cage */
    int ncages, cage_cells;                     /* cages read, cells of the one being read */
    int cage_sum, has_sum;
    int cage_first[SDK_MAX_CELLS];              /* each cage's first cell */
    int sums[SDK_MAX_CELLS];
    uint8_t windows;                            /* windoku windows seen (bits) */
    int nextra;
    char *err;
    size_t errsize;
} fp_read;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int fail(fp_read *f, const char *fmt, ...)
{
    if (!f->err[0]) {
        va_list args;
        va_start(args, fmt);
        vsnprintf(f->err, f->errsize, fmt, args);
        va_end(args);
    }
    return 0;
}

/* Notes the first key not read, for the message. */
static void refuse(fp_read *f, const char *key)
{
    if (!f->refused[0])
        snprintf(f->refused, sizeof f->refused, "%s", key[0] ? key : "(a long name)");
}

static int top_key(void *ctx, const char *key, const char *value, const char *end)
{
    fp_read *f = ctx;
    if (strcmp(key, "size") == 0)
        f->size = value;
    else if (strcmp(key, "grid") == 0)
        f->grid = value;
    else if (strcmp(key, "extraregion") == 0)
        f->extra = json_empty(value, end) ? NULL : value;
    else if (strcmp(key, "killercage") == 0)
        f->cages = json_empty(value, end) ? NULL : value;
    else if (strcmp(key, "diagonal+") == 0 || strcmp(key, "diagonal-") == 0) {
        int on;
        if (!json_bool(value, end, &on) && !json_empty(value, end))
            return fail(f, "\"%s\" is not true or false", key);
        *(key[8] == '+' ? &f->diag_plus : &f->diag_minus) = !json_empty(value, end) && on;
    } else if (!IN_LIST(key, fp_metadata) && !json_empty(value, end)) {
        refuse(f, key);
    }
    return 1;
}

/* "R1C1" (any case) inside a json string: the cell's index, or -1 with
 * err set (what: the list it is in, for the message). */
static int cell_ref(fp_read *f, const char *value, const char *end, const char *what)
{
    char ref[24];
    const char *after = *value == '"' ? records_json_string(value, ref, sizeof ref) : NULL;
    if (!after || skip_space(after, end) != end)
        return fail(f, "%s: a cell is not a string \"RnCn\"", what), -1;
    long r = 0, c = 0;
    const char *p = ref;
    int ok = (*p == 'R' || *p == 'r');
    for (p++; ok && *p >= '0' && *p <= '9' && r < 1000; p++)
        r = r * 10 + (*p - '0');
    ok = ok && p > ref + 1 && (*p == 'C' || *p == 'c');
    const char *digits = ++p;
    for (; ok && *p >= '0' && *p <= '9' && c < 1000; p++)
        c = c * 10 + (*p - '0');
    if (!ok || p == digits || *p)
        return fail(f, "%s: \"%s\" is not a cell (R1C1 is the top-left one)", what, ref), -1;
    if (r < 1 || c < 1 || r > f->n || c > f->n)
        return fail(f, "%s: cell %s is outside the %dx%d board", what, ref, f->n, f->n), -1;
    return (int)((r - 1) * f->n + (c - 1));
}

static int cell_key(void *ctx, const char *key, const char *value, const char *end)
{
    fp_read *f = ctx;
    long v;
    if (strcmp(key, "value") == 0) {
        if (json_empty(value, end))
            return 1;
        if (!json_int(value, end, &v) || v < 1 || v > f->n)
            return fail(f, "R%dC%d: value is not a digit 1..%d", f->row + 1, f->col + 1, f->n);
        f->value = (int)v;
    } else if (strcmp(key, "given") == 0) {
        if (!json_bool(value, end, &f->given) && !json_empty(value, end))
            return fail(f, "R%dC%d: \"given\" is not true or false", f->row + 1, f->col + 1);
    } else if (strcmp(key, "region") == 0) {
        /* absent: the cell's box; null: in no region, which no board of ours has */
        int number = json_int(value, end, &v);
        if (!number && json_empty(value, end) && !word_is(skip_space(value, end), end, "null"))
            return 1;
        if (!number && json_empty(value, end))
            return fail(f, "R%dC%d is in no region (\"region\":null): not read", f->row + 1, f->col + 1);
        if (!number || v > 999)
            return fail(f, "R%dC%d: region is not a number 0..%d", f->row + 1, f->col + 1, f->n - 1);
        f->region = (int)v;
    } else if (!IN_LIST(key, fp_cell_cosmetic) && !json_empty(value, end)) {
        refuse(f, key);
    }
    return 1;
}

static int grid_cell(void *ctx, int index, const char *value, const char *end)
{
    fp_read *f = ctx;
    (void)end;
    if (index >= f->n)
        return fail(f, "grid row %d has more than %d cells", f->row + 1, f->n);
    f->col = index;
    f->value = 0;
    f->given = 0;
    f->region = -1;
    if (!records_json_object(value, cell_key, f))
        return f->err[0] ? 0 : fail(f, "grid R%dC%d is not a json object", f->row + 1, index + 1);
    int c = f->row * f->n + index;
    f->cells[c] = (uint8_t)(f->given ? f->value : 0);    /* a solver's entry is no clue */
    f->regions[c] = (int16_t)f->region;
    return !f->err[0];
}

static int grid_row(void *ctx, int index, const char *value, const char *end)
{
    fp_read *f = ctx;
    (void)end;
    if (index >= f->n)
        return fail(f, "grid has more than %d rows", f->n);
    f->row = index;
    f->col = -1;
    if (!records_json_array(value, grid_cell, f))
        return f->err[0] ? 0 : fail(f, "grid row %d is not a json array", index + 1);
    if (f->col != f->n - 1)
        return fail(f, "grid row %d has %d cells, not %d", index + 1, f->col + 1, f->n);
    return 1;
}

/* ---- cages -------------------------------------------------------------- */

/* A cage's cells, marked in f->cage with the cage's number. */
static int cage_cell(void *ctx, int index, const char *value, const char *end)
{
    fp_read *f = ctx;
    char what[32];
    (void)index;
    snprintf(what, sizeof what, "killercage %d", f->ncages + 1);
    int c = cell_ref(f, value, end, what);
    if (c < 0)
        return 0;
    if (f->cage[c] == f->ncages)
        return fail(f, "killercage %d lists R%dC%d twice", f->ncages + 1, c / f->n + 1, c % f->n + 1);
    if (f->cage[c] >= 0)
        return fail(f, "R%dC%d is in killercages %d and %d", c / f->n + 1, c % f->n + 1, f->cage[c] + 1,
                    f->ncages + 1);
    f->cage[c] = (int16_t)f->ncages;
    f->cage_cells++;
    return 1;
}

static int cage_key(void *ctx, const char *key, const char *value, const char *end)
{
    fp_read *f = ctx;
    long v;
    if (strcmp(key, "cells") == 0) {
        if (!records_json_array(value, cage_cell, f))
            return f->err[0] ? 0 : fail(f, "killercage %d: \"cells\" is not a list", f->ncages + 1);
    } else if (strcmp(key, "value") == 0 && !json_empty(value, end)) {
        if (!json_int(value, end, &v) || v < 1)
            return fail(f, "killercage %d: its sum is not a whole number above 0", f->ncages + 1);
        f->cage_sum = (int)v;
        f->has_sum = 1;
    }
    return 1;                           /* colours: cosmetic */
}

/* Whether cage k's cells are one orthogonally connected group. */
static int cage_connected(const fp_read *f, int k, int first)
{
    int n = f->n, stack[SDK_MAX_CELLS], top = 0, reached = 0, count = 0;
    uint8_t seen[SDK_MAX_CELLS] = {0};
    for (int c = 0; c < n * n; c++)
        count += f->cage[c] == k;
    stack[top++] = first;
    seen[first] = 1;
    while (top) {
        int c = stack[--top], next[4];
        reached++;
        board_neighbours(n, c, next);
        for (int i = 0; i < 4; i++)
            if (next[i] >= 0 && !seen[next[i]] && f->cage[next[i]] == k) {
                seen[next[i]] = 1;
                stack[top++] = next[i];
            }
    }
    return reached == count;
}

static int cage_item(void *ctx, int index, const char *value, const char *end)
{
    fp_read *f = ctx;
    (void)end;
    f->ncages = index;
    f->cage_cells = 0;
    f->has_sum = 0;
    if (!records_json_object(value, cage_key, f))
        return f->err[0] ? 0 : fail(f, "killercage %d is not a json object", index + 1);
    if (!f->cage_cells)
        return fail(f, "killercage %d has no cells", index + 1);
    if (!f->has_sum)
        return fail(f, "killercage %d has no sum (a cage without one is not read)", index + 1);
    int first = 0;
    while (f->cage[first] != index)
        first++;
    if (!cage_connected(f, index, first))
        return fail(f, "killercage %d (from R%dC%d) is not one orthogonally connected group", index + 1,
                    first / f->n + 1, first % f->n + 1);
    f->cage_first[index] = first;
    f->sums[index] = f->cage_sum;
    f->ncages = index + 1;
    return 1;
}

/* ---- windoku's windows ---------------------------------------------------- */

/* The window (0..3) whose nine cells are [cells], or -1. */
static int window_of(const uint8_t *in, int n)
{
    for (int w = 0; w < 4; w++) {
        int top = 1 + 4 * (w / 2), left = 1 + 4 * (w % 2), same = 1;
        for (int c = 0; c < n * n && same; c++) {
            int r = c / n, col = c % n;
            same = in[c] == (r >= top && r < top + 3 && col >= left && col < left + 3);
        }
        if (same)
            return w;
    }
    return -1;
}

typedef struct fp_region {
    fp_read *f;
    uint8_t in[SDK_MAX_CELLS];
} fp_region;

static int region_cell(void *ctx, int index, const char *value, const char *end)
{
    fp_region *g = ctx;
    char what[32];
    (void)index;
    snprintf(what, sizeof what, "extraregion %d", g->f->nextra + 1);
    int c = cell_ref(g->f, value, end, what);
    if (c < 0)
        return 0;
    g->in[c] = 1;
    return 1;
}

static int region_key(void *ctx, const char *key, const char *value, const char *end)
{
    fp_region *g = ctx;
    (void)end;
    if (strcmp(key, "cells") == 0 && !records_json_array(value, region_cell, g))
        return g->f->err[0] ? 0 : fail(g->f, "extraregion %d: \"cells\" is not a list", g->f->nextra + 1);
    return 1;
}

static int region_item(void *ctx, int index, const char *value, const char *end)
{
    fp_read *f = ctx;
    fp_region g = {f, {0}};
    (void)end;
    f->nextra = index;
    if (!records_json_object(value, region_key, &g))
        return f->err[0] ? 0 : fail(f, "extraregion %d is not a json object", index + 1);
    int w = f->n == 9 ? window_of(g.in, 9) : -1;
    if (w < 0 || (f->windows & 1u << w))
        return fail(f, "extraregion is read as windoku's four 3x3 windows only (region %d is not one)", index + 1);
    f->windows |= (uint8_t)(1u << w);
    f->nextra = index + 1;
    return 1;
}

/* ---- the translation ------------------------------------------------------ */

/* Labels of touching cages differ, so each cage is one maximal group of its
 * label (the killer line's rule); greedily, in the order of first cells. */
static int cage_labels(const fp_read *f, const int *order, char *labels)
{
    static const char alphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    int n = f->n, label[SDK_MAX_CELLS];
    for (int k = 0; k < f->ncages; k++)
        label[k] = -1;                  /* not labelled yet */
    for (int i = 0; i < f->ncages; i++) {
        int k = order[i];
        uint64_t used = 0;
        for (int c = 0; c < n * n; c++) {
            if (f->cage[c] != k)
                continue;
            int next[4];
            board_neighbours(n, c, next);
            for (int j = 0; j < 4; j++) {
                int o = next[j] >= 0 ? f->cage[next[j]] : -1;
                if (o >= 0 && o != k && label[o] >= 0)
                    used |= 1ull << label[o];
            }
        }
        for (int l = 0; l < FP_LABELS && label[k] < 0; l++)
            if (!(used >> l & 1))
                label[k] = l;
        if (label[k] < 0)
            return 0;
    }
    for (int c = 0; c < n * n; c++)
        labels[c] = f->cage[c] < 0 ? '.' : alphabet[label[f->cage[c]]];
    labels[n * n] = '\0';
    return 1;
}

/* The regions as 0..n-1 (f->regions) and whether they are other than the
 * boxes.  A cell without one is in its box, region k being box k; regions
 * given on every cell are labels, numbered any way (1..9 too). */
static int settle_regions(fp_read *f, int *jigsaw)
{
    int n = f->n, br, bc, every = 1, rank[1000];
    sdk_board_default_shape(n, &br, &bc);
    for (int c = 0; c < n * n; c++)
        every &= f->regions[c] >= 0;
    memset(rank, 0xff, sizeof rank);
    int distinct = 0;
    for (int v = 0; v < 1000 && every; v++)
        for (int c = 0; c < n * n; c++)
            if (f->regions[c] == v) {
                rank[v] = distinct++;
                break;
            }
    if (every && distinct > n)
        return fail(f, "%d regions on a %dx%d board", distinct, n, n);
    int box_of[SDK_MAX_N], region_of[SDK_MAX_N];
    memset(box_of, 0xff, sizeof box_of);
    memset(region_of, 0xff, sizeof region_of);
    *jigsaw = 0;
    for (int c = 0; c < n * n; c++) {
        int box = (c / n / br) * (n / bc) + (c % n) / bc, v = f->regions[c];
        if (v >= n && !every)
            return fail(f, "R%dC%d: region %d is not 0..%d (regions numbered otherwise go on every cell)",
                        c / n + 1, c % n + 1, v, n - 1);
        f->regions[c] = (int16_t)(v < 0 ? box : every ? rank[v] : v);
        /* the same partition as the boxes, whatever the numbers? */
        int r = f->regions[c];
        if (box_of[r] < 0 && region_of[box] < 0)
            box_of[r] = box, region_of[box] = r;
        *jigsaw |= box_of[r] != box || region_of[box] != r;
    }
    return 1;
}

/* The line of a read object: "NAME CELLS [REGIONS] [CAGES SUMS]". */
static int write_line(fp_read *f, char *line, size_t cap)
{
    int n = f->n, jigsaw = 0;
    if (!settle_regions(f, &jigsaw))
        return 0;
    if (f->diag_plus != f->diag_minus)
        return fail(f, "only \"%s\" is set: X sudoku has both diagonals, and one alone is not read",
                    f->diag_plus ? "diagonal+" : "diagonal-");
    unsigned flags;
    if (f->ncages && !sdk_variant_parse("killer", &flags))
        return fail(f, "killercage: killer boards are not read by this build");
    char name[40] = "";
    snprintf(name, sizeof name, "%s%s%s%s", jigsaw ? ",jigsaw" : "", f->ncages ? ",killer" : "",
             f->windows ? ",windoku" : "", f->diag_plus ? ",x" : "");
    char *out = line;
    size_t room = cap;
    int len = snprintf(out, room, "%s ", name[0] ? name + 1 : "standard");
    for (int c = 0; c < n * n && (size_t)len + 1 < room; c++)
        out[len++] = sdk_digit_char(f->cells[c]);
    if (jigsaw) {
        out[len++] = ' ';
        for (int c = 0; c < n * n && (size_t)len + 1 < room; c++)
            out[len++] = sdk_digit_char(f->regions[c] + 1);
    }
    if ((size_t)len + 1 >= room)
        return fail(f, "the puzzle is too long for a line");
    out[len] = '\0';
    if (f->ncages) {
        int order[SDK_MAX_CELLS];
        char labels[SDK_MAX_CELLS + 1];
        for (int k = 0; k < f->ncages; k++)
            order[k] = k;
        /* sums in the order of the cages' first cells (row-major) */
        for (int i = 1; i < f->ncages; i++)
            for (int j = i; j > 0 && f->cage_first[order[j - 1]] > f->cage_first[order[j]]; j--) {
                int t = order[j];
                order[j] = order[j - 1];
                order[j - 1] = t;
            }
        if (!cage_labels(f, order, labels))
            return fail(f, "killercage: too many cages touch one another to label them");
        len += snprintf(out + len, room - (size_t)len, " %s ", labels);
        for (int i = 0; i < f->ncages && (size_t)len < room; i++)
            len += snprintf(out + len, room - (size_t)len, "%s%d", i ? "," : "", f->sums[order[i]]);
        if ((size_t)len >= room)
            return fail(f, "the puzzle is too long for a line");
    }
    return 1;
}

/* Reads an f-puzzles object (NUL-terminated json) into our line. */
static int object_to_line(const char *json, char *line, size_t cap, char *err, size_t errsize)
{
    static __thread fp_read f;          /* some 10 KB: not on a fuzzer's stack */
    memset(&f, 0, sizeof f);
    f.err = err;
    f.errsize = errsize;
    err[0] = '\0';
    const char *end = records_json_end(json);
    if (!records_json_object(json, top_key, &f) || !end)
        return err[0] ? 0 : fail(&f, "not a well-formed json object");
    const char *rest = end + strspn(end, " \t\r\n");
    if (*rest)
        return fail(&f, "text after the json object");
    long size;
    if (!f.size || !json_int(f.size, records_json_end(f.size), &size))
        return fail(&f, "no \"size\" (a whole number)");
    int br, bc;
    if (size < 1 || size > FP_MAX_SIDE || !sdk_board_default_shape((int)size, &br, &bc)) {
        char sides[64] = "";
        for (int s = 2, k = 0; s <= FP_MAX_SIDE; s++)
            if (sdk_board_default_shape(s, &br, &bc))
                k += snprintf(sides + k, sizeof sides - (size_t)k, "%s%d", k ? ", " : "", s);
        return fail(&f, "size %ld is not read (sizes: %s)", size, sides);
    }
    f.n = (int)size;
    if (!f.grid)
        return fail(&f, "no \"grid\"");
    f.row = -1;
    if (!records_json_array(f.grid, grid_row, &f))
        return err[0] ? 0 : fail(&f, "\"grid\" is not a list of rows");
    if (f.row != f.n - 1)
        return fail(&f, "grid has %d rows, not %d", f.row + 1, f.n);
    if (f.refused[0])                   /* a constraint's key, or a cell's */
        return fail(&f, "\"%s\" is not read (only givens, jigsaw regions, X, windoku, killer cages)", f.refused);
    f.row = -1;
    for (int c = 0; c < f.n * f.n; c++)
        f.cage[c] = -1;
    if (f.cages && !records_json_array(f.cages, cage_item, &f))
        return err[0] ? 0 : fail(&f, "\"killercage\" is not a list");
    if (!f.cages)
        f.ncages = 0;
    if (f.extra && !records_json_array(f.extra, region_item, &f))
        return err[0] ? 0 : fail(&f, "\"extraregion\" is not a list");
    if (f.extra && f.windows != 0xF)
        return fail(&f, "extraregion is read as windoku's four 3x3 windows only (%d of them here)", f.nextra);
    return write_line(&f, line, cap);
}

/* ---- links ---------------------------------------------------------------- */

static int starts_nocase(const char *s, const char *prefix)
{
    return strncasecmp(s, prefix, strlen(prefix)) == 0;
}

static int hex_value(char ch)
{
    return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
         : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
}

/* The lz-string text [p, stop) percent-decoded and decompressed, then
 * read as an object. */
static int load_to_line(const char *p, const char *stop, char *line, size_t cap, char *err, size_t errsize)
{
    size_t len = (size_t)(stop - p), k = 0;
    char *text = malloc(len + 1);
    if (!text) {
        snprintf(err, errsize, "out of memory");
        return 0;
    }
    for (size_t i = 0; i < len; i++) {
        int hi = i + 2 < len ? hex_value(p[i + 1]) : -1, lo = i + 2 < len ? hex_value(p[i + 2]) : -1;
        if (p[i] == '%' && hi >= 0 && lo >= 0) {
            text[k++] = (char)(hi * 16 + lo);
            i += 2;
        } else {
            text[k++] = p[i];
        }
    }
    if (k == 0) {
        free(text);
        snprintf(err, errsize, "the link carries no puzzle after load=");
        return 0;
    }
    size_t jlen;
    const char *why = NULL;
    char *json = lz_decompress_base64(text, k, &jlen, &why);
    free(text);
    if (!json) {
        snprintf(err, errsize, "the link's puzzle does not decode: %s", why ? why : "corrupt");
        return 0;
    }
    char inner[120];
    int ok = json[strspn(json, " \t\r\n")] == '{' && object_to_line(json, line, cap, inner, sizeof inner);
    if (!ok)
        snprintf(err, errsize, "%s%s", json[strspn(json, " \t\r\n")] == '{' ? "" : "the link's puzzle is not a json object",
                 json[strspn(json, " \t\r\n")] == '{' ? inner : "");
    free(json);
    return ok;
}

/* Where a link's value ends: at a blank, '&' or '#' (and '?' if stop_query). */
static const char *value_end(const char *p, int stop_query)
{
    while (*p && *p != ' ' && *p != '\t' && *p != '&' && *p != '#' && !(stop_query && *p == '?'))
        p++;
    return p;
}

/* A link or a bare load= text. */
static int link_to_line(const char *s, char *line, size_t cap, char *err, size_t errsize)
{
    const char *p = s;
    if (*p == '?')
        p++;
    if (starts_nocase(p, "load="))
        return load_to_line(p + 5, value_end(p + 5, 0), line, cap, err, errsize);
    if (starts_nocase(p, "https://"))
        p += 8;
    else if (starts_nocase(p, "http://"))
        p += 7;
    const char *host = p, *path = p + strcspn(p, "/?# \t");
    size_t hlen = (size_t)(path - host);
    char hostname[64];
    snprintf(hostname, sizeof hostname, "%.*s", (int)(hlen < 63 ? hlen : 63), host);
    for (char *h = hostname; *h; h++)
        *h = (char)(*h >= 'A' && *h <= 'Z' ? *h - 'A' + 'a' : *h);
    size_t hn = strlen(hostname);
    if (hn >= 13 && strcmp(hostname + hn - 13, "f-puzzles.com") == 0) {
        const char *q = path;
        while (*q && *q != ' ' && *q != '\t' && *q != '#') {
            if ((*q == '?' || *q == '&') && starts_nocase(q + 1, "load="))
                return load_to_line(q + 6, value_end(q + 6, 0), line, cap, err, errsize);
            q++;
        }
        snprintf(err, errsize, "an f-puzzles link without ?load= (its puzzle)");
        return 0;
    }
    if (strstr(hostname, "sudokupad") || strstr(hostname, "crackingthecryptic")) {
        /* the puzzle id: the path ("/fpuzzlesN4Ig...", "/sudoku/...") or ?puzzleid= */
        const char *id = path + (*path == '/');
        const char *q = strstr(path, "puzzleid=");
        if (q)
            id = q + 9;
        else if (starts_nocase(id, "sudoku/"))
            id += 7;
        const char *stop = value_end(id, 1);
        if (starts_nocase(id, "fpuzzles"))
            return load_to_line(id + 8, stop, line, cap, err, errsize);
        if (starts_nocase(id, "fpuz"))
            return load_to_line(id + 4, stop, line, cap, err, errsize);
        snprintf(err, errsize, "a SudokuPad link whose puzzle is not in f-puzzles form (\"%.12s...\"): only "
                               "\"fpuzzles...\" ids are read", id);
        return 0;
    }
    snprintf(err, errsize, "a link, but not to f-puzzles or SudokuPad (%s)", hostname);
    return 0;
}

/* ---- the reader's side ------------------------------------------------------ */

int fp_recognise(const char *s)
{
    if (!strchr("{hHwWfFsS?lL", *s) || !*s)
        return 0;                       /* most lines: cells, at a glance */
    if (*s == '{')
        return strstr(s, "\"grid\"") != NULL || strstr(s, "\"size\"") != NULL;
    return starts_nocase(s, "http://") || starts_nocase(s, "https://") || starts_nocase(s, "www.f-puzzles") ||
           starts_nocase(s, "f-puzzles.com") || starts_nocase(s, "sudokupad.app") ||
           starts_nocase(s, "?load=") || starts_nocase(s, "load=");
}

int fp_json_depth(const char *s, size_t len, int depth)
{
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '"') {
            for (i++; i < len && s[i] != '"'; i++)
                i += s[i] == '\\';
            if (i >= len)
                return -1;
        } else if (s[i] == '{' || s[i] == '[') {
            depth++;
        } else if (s[i] == '}' || s[i] == ']') {
            depth--;
        }
    }
    return depth;
}

int fp_json_opens(const char *s, size_t len)
{
    size_t i = strspn(s, " \t");
    if (i >= len || s[i] != '{')
        return 0;
    /* our own records open with these keys: one cut short is one bad line */
    const char *key = s + i + 1 + strspn(s + i + 1, " \t");
    int ours = strncmp(key, "\"line\"", 6) == 0 || strncmp(key, "\"index\"", 7) == 0 ||
               strncmp(key, "\"puzzle\"", 8) == 0;
    int depth = fp_json_depth(s, len, 0);
    return !ours && depth > 0 ? depth : 0;
}

int sdk_fpuzzles_read(const char *text, char *line, size_t cap, char *err, size_t errsize)
{
    const char *s = text + strspn(text, " \t\r\n");
    if (!fp_recognise(s))
        return 0;
    err[0] = '\0';
    int ok = *s == '{' ? object_to_line(s, line, cap, err, errsize) : link_to_line(s, line, cap, err, errsize);
    for (char *p = err; !ok && *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            *p = '?';                   /* one line, whatever the input's escapes made */
    return ok ? 1 : -1;
}

/* ---- writing ---------------------------------------------------------------- */

typedef struct fp_text {
    char *s;
    size_t len, cap;
    int failed;
} fp_text;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void put(fp_text *t, const char *fmt, ...)
{
    for (int tries = 0; tries < 2 && !t->failed; tries++) {
        va_list args;
        va_start(args, fmt);
        int k = vsnprintf(t->s + t->len, t->cap - t->len, fmt, args);
        va_end(args);
        if (k < 0) {
            t->failed = 1;
        } else if ((size_t)k < t->cap - t->len) {
            t->len += (size_t)k;
            return;
        } else {
            size_t cap = 2 * t->cap + (size_t)k + 1;
            char *s = realloc(t->s, cap);
            if (!s)
                t->failed = 1;
            else
                t->s = s, t->cap = cap;
        }
    }
}

static void put_cells(fp_text *t, const sdk_board *b, const char *key, int (*in)(const sdk_board *, int, int),
                      int which)
{
    put(t, "{\"%s\":[", key);
    for (int c = 0, k = 0; c < b->ncells; c++)
        if (in(b, c, which))
            put(t, "%s\"R%dC%d\"", k++ ? "," : "", c / b->n + 1, c % b->n + 1);
    put(t, "]}");
}

static int in_window(const sdk_board *b, int c, int w)
{
    int r = c / b->n, col = c % b->n, top = 1 + 4 * (w / 2), left = 1 + 4 * (w % 2);
    return r >= top && r < top + 3 && col >= left && col < left + 3;
}

char *sdk_fpuzzles_json(const sdk_board *b, const uint8_t *cells, const uint8_t *solution, char *err, size_t errsize)
{
    unsigned flags = sdk_variant_flags(b);
    int n = b->n, br, bc;
    if (flags & SDK_VARIANT_SAMURAI || b->ncells != n * n) {
        snprintf(err, errsize, "f-puzzles has no samurai boards");
        return NULL;
    }
    if (n > FP_MAX_SIDE) {
        snprintf(err, errsize, "f-puzzles boards go up to %dx%d, not %dx%d", FP_MAX_SIDE, FP_MAX_SIDE, n, n);
        return NULL;
    }
    /* regions on every cell for a jigsaw, and for boxes not f-puzzles' own
     * shape (a 12x12 of 4x3 boxes) */
    sdk_board_default_shape(n, &br, &bc);
    int regions = b->region || b->box_rows != br || b->box_cols != bc;
    fp_text t = {malloc(4096), 0, 4096, 0};
    if (!t.s) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    put(&t, "{\"size\":%d,\"grid\":[", n);
    for (int r = 0; r < n; r++) {
        put(&t, "%s[", r ? "," : "");
        for (int c = 0; c < n; c++) {
            int i = r * n + c, any = 0;
            put(&t, "%s{", c ? "," : "");
            if (cells[i]) {
                put(&t, "\"value\":%d,\"given\":true", cells[i]);
                any = 1;
            }
            if (regions)
                put(&t, "%s\"region\":%d", any ? "," : "",
                    b->region ? b->region[i] : (r / b->box_rows) * (n / b->box_cols) + c / b->box_cols);
            put(&t, "}");
        }
        put(&t, "]");
    }
    put(&t, "]");
    if (flags & SDK_VARIANT_X)
        put(&t, ",\"diagonal+\":true,\"diagonal-\":true");
    if (flags & SDK_VARIANT_WINDOKU) {
        put(&t, ",\"extraregion\":[");
        for (int w = 0; w < 4; w++) {
            put(&t, "%s", w ? "," : "");
            put_cells(&t, b, "cells", in_window, w);
        }
        put(&t, "]");
    }
    if (b->ncages) {                    /* the puzzle's cages, not the implied ones after them */
        put(&t, ",\"killercage\":[");
        for (int k = 0; k < b->ncages; k++) {
            put(&t, "%s{\"cells\":[", k ? "," : "");
            for (int i = b->cage_start[k]; i < b->cage_start[k + 1]; i++)
                put(&t, "%s\"R%dC%d\"", i > b->cage_start[k] ? "," : "", b->cage_cells[i] / n + 1,
                    b->cage_cells[i] % n + 1);
            put(&t, "],\"value\":\"%d\"}", b->cage_sum[k]);
        }
        put(&t, "]");
    }
    if (solution) {
        put(&t, ",\"solution\":[");
        for (int i = 0; i < b->ncells; i++)
            put(&t, "%s%d", i ? "," : "", solution[i]);
        put(&t, "]");
    }
    put(&t, "}");
    if (t.failed) {
        free(t.s);
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    return t.s;
}

char *sdk_fpuzzles_url(const sdk_board *b, const uint8_t *cells, const uint8_t *solution, char *err, size_t errsize)
{
    static const char prefix[] = "https://www.f-puzzles.com/?load=";
    char *json = sdk_fpuzzles_json(b, cells, solution, err, errsize);
    if (!json)
        return NULL;
    char *packed = lz_compress_base64(json, strlen(json));
    free(json);
    char *url = packed ? malloc(sizeof prefix + strlen(packed)) : NULL;
    if (!url) {
        free(packed);
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    memcpy(url, prefix, sizeof prefix - 1);
    strcpy(url + sizeof prefix - 1, packed);
    free(packed);
    return url;
}

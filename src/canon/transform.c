/*
 * transform.c -- maps of the 9x9 board onto itself (sdk_transform): apply,
 * compose, invert, draw at random, and read and write them as named steps.
 * Every map is kept in one normal form (transpose, rows, columns, digits),
 * because any composition of the steps reduces to it; so a map that canon
 * prints and a map a user writes are the same kind of thing.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "sudoku.h"
#include "canon.h"

void sdk_transform_identity(sdk_transform *m)
{
    m->transpose = 0;
    for (int i = 0; i < 9; i++)
        m->rows[i] = m->cols[i] = (uint8_t)i;
    for (int d = 0; d < 10; d++)
        m->digits[d] = (uint8_t)d;
}

void sdk_transform_apply(const sdk_transform *m, const uint8_t *in, uint8_t *out)
{
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            int src = m->transpose ? m->cols[c] * 9 + m->rows[r] : m->rows[r] * 9 + m->cols[c];
            out[r * 9 + c] = m->digits[in[src] <= 9 ? in[src] : 0];
        }
}

/* Applying n to the result of m: a row of n's input is a row of m's output,
 * which m took from row (or, transposed, column) m->rows[...] of its input. */
void sdk_transform_compose(const sdk_transform *m, const sdk_transform *n, sdk_transform *out)
{
    sdk_transform t;
    const uint8_t *for_rows = n->transpose ? m->cols : m->rows;
    const uint8_t *for_cols = n->transpose ? m->rows : m->cols;
    t.transpose = m->transpose ^ n->transpose;
    for (int i = 0; i < 9; i++) {
        t.rows[i] = for_rows[n->rows[i]];
        t.cols[i] = for_cols[n->cols[i]];
    }
    for (int d = 0; d < 10; d++)
        t.digits[d] = n->digits[m->digits[d]];
    *out = t;
}

static void invert9(const uint8_t *p, uint8_t *inv)
{
    for (int i = 0; i < 9; i++)
        inv[p[i]] = (uint8_t)i;
}

void sdk_transform_invert(const sdk_transform *m, sdk_transform *out)
{
    sdk_transform t;
    t.transpose = m->transpose;
    /* Transposed, the inverse's rows undo m's columns and the reverse. */
    invert9(m->transpose ? m->cols : m->rows, t.rows);
    invert9(m->transpose ? m->rows : m->cols, t.cols);
    for (int d = 0; d < 10; d++)
        t.digits[m->digits[d]] = (uint8_t)d;
    *out = t;
}

/* A random order of the bands and of the rows within each band. */
static void random_lines(sdk_rng *r, uint8_t *lines)
{
    uint8_t band[3] = {0, 1, 2};
    sdk_rng_shuffle_u8(r, band, 3);
    for (int b = 0; b < 3; b++) {
        uint8_t within[3] = {0, 1, 2};
        sdk_rng_shuffle_u8(r, within, 3);
        for (int i = 0; i < 3; i++)
            lines[b * 3 + i] = (uint8_t)(band[b] * 3 + within[i]);
    }
}

void sdk_transform_random(sdk_rng *r, sdk_transform *m)
{
    uint8_t digits[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    m->transpose = (uint8_t)sdk_rng_below(r, 2);
    random_lines(r, m->rows);
    random_lines(r, m->cols);
    sdk_rng_shuffle_u8(r, digits, 9);
    m->digits[0] = 0;
    memcpy(m->digits + 1, digits, 9);
}

/* ---- reading and writing maps as named steps ---- */

static int map_error(char *err, size_t errsize, const char *what, const char *word, int len)
{
    snprintf(err, errsize, "%s '%.*s'", what, len, word);
    return 0;
}

/* Reads n distinct 1-based numbers 1..n from text (exactly n characters)
 * into p as 0-based; 0 if they are not a permutation. */
static int read_perm(const char *text, int len, int n, uint8_t *p)
{
    unsigned seen = 0;
    if (len != n)
        return 0;
    for (int i = 0; i < n; i++) {
        int v = text[i] - '1';
        if (v < 0 || v >= n || (seen >> v & 1))
            return 0;
        seen |= 1u << v;
        p[i] = (uint8_t)v;
    }
    return 1;
}

/* 1 if the 9 lines keep each band's three lines together. */
static int keeps_bands(const uint8_t *lines)
{
    for (int b = 0; b < 3; b++)
        for (int i = 1; i < 3; i++)
            if (lines[b * 3 + i] / 3 != lines[b * 3] / 3)
                return 0;
    return 1;
}

/* lines = whole bands in the order of band (0-based). */
static void lines_of_bands(const uint8_t *band, uint8_t *lines)
{
    for (int b = 0; b < 3; b++)
        for (int i = 0; i < 3; i++)
            lines[b * 3 + i] = (uint8_t)(band[b] * 3 + i);
}

/* The geometric steps without a value, as maps of the identity's kind. */
static int named_step(const char *w, int len, sdk_transform *s)
{
    static const char *names[] = {"identity", "transpose", "rotate", "rotate180", "rotate270", "mirror", "flip"};
    int k = -1;
    for (int i = 0; i < 7; i++)
        if ((int)strlen(names[i]) == len && strncmp(w, names[i], (size_t)len) == 0)
            k = i;
    if (k < 0)
        return 0;
    sdk_transform_identity(s);
    s->transpose = k == 1 || k == 2 || k == 4;
    for (int i = 0; i < 9; i++) {
        /* rotate: out[r][c] = in[8-c][r], the transpose with columns reversed;
         * rotate270 reverses rows; rotate180 both, untransposed. */
        if (k == 2 || k == 3 || k == 5)
            s->cols[i] = (uint8_t)(8 - i);
        if (k == 3 || k == 4 || k == 6)
            s->rows[i] = (uint8_t)(8 - i);
    }
    return 1;
}

/* One step "word" or "word=value" of len characters into s. */
static int parse_step(const char *w, int len, sdk_transform *s, char *err, size_t errsize)
{
    if (named_step(w, len, s))
        return 1;
    const char *eq = memchr(w, '=', (size_t)len);
    if (!eq)
        return map_error(err, errsize, "unknown step", w, len);
    int klen = (int)(eq - w), vlen = len - klen - 1;
    const char *v = eq + 1;
    uint8_t p[9];
    sdk_transform_identity(s);
    if (klen == 5 && strncmp(w, "bands", 5) == 0) {
        if (!read_perm(v, vlen, 3, p))
            return map_error(err, errsize, "bands= needs an order of 123, not", v, vlen);
        lines_of_bands(p, s->rows);
    } else if (klen == 6 && strncmp(w, "stacks", 6) == 0) {
        if (!read_perm(v, vlen, 3, p))
            return map_error(err, errsize, "stacks= needs an order of 123, not", v, vlen);
        lines_of_bands(p, s->cols);
    } else if ((klen == 4 && strncmp(w, "rows", 4) == 0) || (klen == 4 && strncmp(w, "cols", 4) == 0)) {
        if (!read_perm(v, vlen, 9, p) || !keeps_bands(p))
            return map_error(err, errsize, w[0] == 'r' ? "rows= needs an order of 1..9 that keeps each band together, not"
                                                       : "cols= needs an order of 1..9 that keeps each stack together, not",
                             v, vlen);
        memcpy(w[0] == 'r' ? s->rows : s->cols, p, 9);
    } else if (klen == 6 && strncmp(w, "digits", 6) == 0) {
        if (!read_perm(v, vlen, 9, p))
            return map_error(err, errsize, "digits= needs an order of 1..9, not", v, vlen);
        for (int d = 0; d < 9; d++)
            s->digits[d + 1] = (uint8_t)(p[d] + 1);
    } else {
        return map_error(err, errsize, "unknown step", w, len);
    }
    return 1;
}

int sdk_transform_parse(const char *text, sdk_transform *m, char *err, size_t errsize)
{
    int steps = 0;
    sdk_transform_identity(m);
    for (const char *p = text; *p;) {
        if (*p == ',' || isspace((unsigned char)*p)) {
            p++;
            continue;
        }
        int len = (int)strcspn(p, ", \t\r\n\v\f");
        sdk_transform s;
        if (!parse_step(p, len, &s, err, errsize))
            return 0;
        sdk_transform_compose(m, &s, m);
        steps++;
        p += len;
    }
    if (!steps) {
        snprintf(err, errsize, "no step in the map");
        return 0;
    }
    return 1;
}

char *sdk_transform_format(const sdk_transform *m, char *buf)
{
    char rows[10], cols[10], digits[10];
    for (int i = 0; i < 9; i++) {
        rows[i] = (char)('1' + m->rows[i]);
        cols[i] = (char)('1' + m->cols[i]);
        digits[i] = (char)('0' + m->digits[i + 1]);
    }
    rows[9] = cols[9] = digits[9] = '\0';
    snprintf(buf, SDK_TRANSFORM_TEXT, "%srows=%s,cols=%s,digits=%s", m->transpose ? "transpose," : "", rows, cols,
             digits);
    return buf;
}

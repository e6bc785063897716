/*
 * steptext.h -- reads back the result at the start of a step's text
 * (docs/human.md, "Step text") and compares it with the step's own
 * placements and eliminations.  Shared by tests/unit_explain.c and the
 * fuzz target tests/fuzz/fuzz_human.c (which also compiles into
 * unit_fuzz_regress.c), so every helper is static inline, prefix st_.
 *
 *   text   := result " " technique [": " detail]
 *   result := item (", " item)*
 *   item   := cell "=" digit | cell ("," cell)* "<>" digits
 *   digits := a character each up to 9x9 ("<>48"); numbers joined by ","
 *             from 10x10 ("<>4,11")
 */
#ifndef SUDOKU_TEST_STEPTEXT_H
#define SUDOKU_TEST_STEPTEXT_H

#include <stdlib.h>
#include <string.h>
#include "sudoku.h"

#define ST_MAX 4096

/* Candidates as codes cell * 32 + digit; over marks one too many. */
typedef struct {
    int n, over, code[ST_MAX];
} st_cands;

static inline void st_add(st_cands *s, int cell, int d)
{
    if (s->n < ST_MAX)
        s->code[s->n++] = cell * 32 + d;
    else
        s->over = 1;
}

static inline int st_cmp(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* 1 if a and b hold the same candidates, each once (sorts both). */
static inline int st_same(st_cands *a, st_cands *b)
{
    qsort(a->code, (size_t)a->n, sizeof(int), st_cmp);
    qsort(b->code, (size_t)b->n, sizeof(int), st_cmp);
    for (int i = 1; i < a->n; i++)
        if (a->code[i] == a->code[i - 1])
            return 0;
    return !a->over && !b->over && a->n == b->n && memcmp(a->code, b->code, sizeof(int) * (size_t)a->n) == 0;
}

/* A number of 1 to 3 digits at p; NULL if none. */
static inline const char *st_number(const char *p, int *v)
{
    int k = 0;
    *v = 0;
    while (k < 3 && p[k] >= '0' && p[k] <= '9')
        *v = *v * 10 + (p[k++] - '0');
    return k ? p + k : NULL;
}

/* "r4c5" -> the cell of board b; NULL if p names none. */
static inline const char *st_cell(const sdk_board *b, const char *p, int *cell)
{
    int r, c;
    if (*p != 'r' || !(p = st_number(p + 1, &r)) || *p != 'c' || !(p = st_number(p + 1, &c)))
        return NULL;
    for (int i = 0; i < b->ncells; i++)
        if (b->cell_y[i] == r - 1 && b->cell_x[i] == c - 1) {
            *cell = i;
            return p;
        }
    return NULL;
}

/* One digit: a character up to 9x9, a number from 10x10. */
static inline const char *st_digit(const sdk_board *b, const char *p, int *d)
{
    if (b->n <= 9) {
        *d = *p - '0';
        return *d >= 1 && *d <= b->n ? p + 1 : NULL;
    }
    p = st_number(p, d);
    return p && *d >= 1 && *d <= b->n ? p : NULL;
}

/* Another digit follows in an elimination's list. */
static inline int st_more_digits(const sdk_board *b, const char *p)
{
    return b->n <= 9 ? *p >= '1' && *p <= '9' : p[0] == ',' && p[1] >= '0' && p[1] <= '9';
}

/* The result at the start of text p; returns what follows it, NULL if
 * there is none. */
static inline const char *st_result(const sdk_board *b, const char *p, st_cands *place, st_cands *elim)
{
    static int cells[SDK_MAX_CELLS];
    place->n = place->over = elim->n = elim->over = 0;
    for (int item = 0;; item++) {
        if (item && strncmp(p, ", ", 2) != 0)
            return p;
        p += item ? 2 : 0;
        int nc = 0, d;
        if (!(p = st_cell(b, p, &cells[nc++])))
            return NULL;
        if (*p == '=') {
            if (!(p = st_digit(b, p + 1, &d)))
                return NULL;
            st_add(place, cells[0], d);
            continue;
        }
        while (*p == ',' && nc < SDK_MAX_CELLS)
            if (!(p = st_cell(b, p + 1, &cells[nc++])))
                return NULL;
        if (strncmp(p, "<>", 2) != 0)
            return NULL;
        p += 2;
        do {
            if (b->n > 9 && *p == ',')
                p++;
            if (!(p = st_digit(b, p, &d)))
                return NULL;
            for (int i = 0; i < nc; i++)
                st_add(elim, cells[i], d);
        } while (st_more_digits(b, p));
    }
}

/* 1 if text begins with exactly the step's placements and eliminations,
 * then " " and its technique's name, then ":" or the end; *after (if not
 * NULL) is set to what follows the name. */
static inline int st_agrees(const sdk_board *b, const sdk_human_step *s, const char **after)
{
    static st_cands tp, te, sp, se;
    sp.n = sp.over = se.n = se.over = 0;
    for (int i = 0; i < s->nplace; i++)
        st_add(&sp, s->place[i].cell, s->place[i].digit);
    for (int i = 0; i < s->nelim; i++)
        st_add(&se, s->elim[i].cell, s->elim[i].digit);
    const char *rest = st_result(b, s->text, &tp, &te);
    size_t nl = strlen(s->technique);
    if (!rest || !st_same(&tp, &sp) || !st_same(&te, &se) || rest[0] != ' ' ||
        strncmp(rest + 1, s->technique, nl) != 0 || (rest[1 + nl] != ':' && rest[1 + nl] != 0))
        return 0;
    if (after)
        *after = rest + 1 + nl;
    return 1;
}

#endif

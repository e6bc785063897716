/*
 * minlex.c -- the true minlex form of a 9x9 puzzle (sdk_canon_minlex).
 *
 * The form is built a row at a time.  At output row k the search holds every
 * partial map that gives the least possible first k rows: the orientation,
 * the source rows chosen so far, the column layout and the digit labels
 * handed out so far.  Each is extended by the source rows the band rules
 * allow that start with the most blanks of the level (ml_lead: a row with
 * more leading blanks is smaller whatever follows); a candidate is dropped
 * at its first cell above the best row seen at this level, and a smaller
 * one empties the list.  So after row 8 the list is exactly the maps that
 * give the form (the automorphisms).
 *
 * What keeps the list short is the shape of the column layout.  A column
 * blank in every row so far ("free") always sits before the columns of its
 * stack that are not: swapping a free column with an earlier one that holds
 * a clue puts a 0 where a digit was, in the first row where that column has
 * one, so no least map does otherwise.  Likewise a stack blank so far sits
 * before the others.  So a state keeps, per output stack, its free columns
 * as an unordered lead and the others in order, and the free stacks as an
 * unordered set in front: blank rows and sparse rows never multiply the
 * states.  Extending by a row, a stack's free columns that get a clue go
 * after those still blank, those with a label already by label, then the new
 * ones; the free stacks that get clues by their clue counts, fewest first;
 * only new labels and equal counts tie and branch.
 *
 * A solution grid starts elsewhere (see ml_grid_rows): its row 0 reads
 * 123456789 under every column order, so rows 0 to 2 are chosen together;
 * its later rows read off (ml_grid_complete).
 * Other boards are in group.c.
 */
#include <stdlib.h>
#include <string.h>
#include "sudoku.h"
#include "canon.h"
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#ifdef __SSSE3__
#include <tmmintrin.h>
#endif

const uint8_t canon_orders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

/* The orders of n things (n <= 3) as rows of canon_orders: how many there are. */
static const int ml_norders[4] = {1, 1, 2, 6};
/* (for n = 2, orders 0 and 2 of canon_orders start 0,1 and 1,0) */
static const uint8_t ml_order_of[4][6] = {{0}, {0}, {0, 2}, {0, 1, 2, 3, 4, 5}};

typedef struct {
    uint8_t t;           /* 1: rows are read from the transpose */
    uint8_t nfree;       /* output stacks 0..nfree-1 are blank in every row so far */
    uint8_t next;        /* the next label to hand out */
    uint16_t used;       /* source rows taken */
    uint8_t rows[9];     /* source row of each output row so far */
    uint8_t stk[3];      /* source stack of each output stack (the free ones: any order) */
    uint8_t nf[3];       /* how many leading columns of each output stack are free */
    uint8_t col[9];      /* source column at each output position (a free lead: any order) */
    uint8_t lab[10];     /* label of each source digit, 0 = not seen yet */
} ml_state;

/* A growable list of states; starts in a buffer on the caller's stack. */
typedef struct {
    ml_state *s;
    size_t count, cap;
    int heap;
} ml_list;

typedef struct {
    uint8_t src[2][96];  /* the puzzle and its transpose (room for ml_cells) */
    uint16_t mask[2][9]; /* the clues of each row of both, a bit a column */
    uint8_t counts[2][9];   /* ... and how many in each stack, two bits a stack */
    uint8_t lead0[2][9];    /* ... and the row's most leading blanks (ml_lead, all free) */
    uint8_t best[9];     /* the least row at this level so far (0xff: none yet) */
    uint8_t best2[9];    /* a grid's least row 2 under rows 0-1 (ml_grid_done) */
    ml_list *next;       /* the states that give it */
    int failed;          /* out of memory */
} ml_search;

/* Room for one more state in m->next, the list grown when full. */
static ml_state *ml_grow(ml_search *m)
{
    ml_list *l = m->next;
    size_t cap = l->cap * 2;
    ml_state *s = l->heap ? realloc(l->s, cap * sizeof *s) : malloc(cap * sizeof *s);
    if (!s) {
        m->failed = 1;
        return NULL;
    }
    if (!l->heap)
        memcpy(s, l->s, l->count * sizeof *s);
    l->s = s;
    l->cap = cap;
    l->heap = 1;
    return &l->s[l->count++];
}

static inline ml_state *ml_push(ml_search *m)
{
    ml_list *l = m->next;
    return l->count < l->cap ? &l->s[l->count++] : ml_grow(m);
}

/* One row being laid out under a state, an output stack at a time; the
 * labels are handed out in place (only a tie, ml_stacks, copies them). */
typedef struct {
    const ml_state *s;
    int k, r;
    const uint8_t *srow;
    unsigned rmask;      /* the clues of the source row, a bit a column */
    int nfree, next;
    uint8_t stk[3], nf[3], col[9];   /* the layout being built */
    uint8_t lab[10];
    uint8_t row[9];
} ml_walk;

/* The order of two rows of 9 (memcmp's sign, without the call). */
static inline int ml_cmp9(const uint8_t *a, const uint8_t *b)
{
    uint64_t x, y;
    memcpy(&x, a, 8);
    memcpy(&y, b, 8);
    if (x != y) {
        x = __builtin_bswap64(x);
        y = __builtin_bswap64(y);
        return x < y ? -1 : 1;
    }
    return a[8] - b[8];
}

/* A finished row: kept (as a child state) unless above the best; a row
 * below it empties the list. */
static void ml_finish(ml_search *m, const ml_walk *w, int less)
{
    /* (less may be stale: a sibling branch may have lowered the best since) */
    int cmp = less ? ml_cmp9(w->row, m->best) : 0;
    if (cmp > 0)
        return;
    if (cmp < 0) {
        memcpy(m->best, w->row, 9);
        m->next->count = 0;
    }
    ml_state *c = ml_push(m);
    if (!c)
        return;
    *c = *w->s;
    c->rows[w->k] = (uint8_t)w->r;
    c->used |= (uint16_t)(1u << w->r);
    c->nfree = (uint8_t)w->nfree;
    c->next = (uint8_t)w->next;
    memcpy(c->stk, w->stk, 3);
    memcpy(c->nf, w->nf, 3);
    memcpy(c->col, w->col, 9);
    memcpy(c->lab, w->lab, 10);
}

/* Writes value v at position p of the row; returns 0 if the row is now
 * above the best (give up), else 1 with *less updated. */
static inline int ml_put(ml_search *m, ml_walk *w, int p, int v, int *less)
{
    w->row[p] = (uint8_t)v;
    if (!*less && v != m->best[p]) {
        if (v > m->best[p])
            return 0;
        *less = 1;
    }
    return 1;
}

/* The output value of source digit v (0: blank), labelling it if new. */
static inline int ml_label(ml_walk *w, int v)
{
    if (!v)
        return 0;
    if (!w->lab[v])
        w->lab[v] = (uint8_t)w->next++;
    return w->lab[v];
}

/* Output stack i's cells after its free lead's first j, from the layout. */
static inline int ml_rest(ml_search *m, ml_walk *w, int i, int j, int *less)
{
    for (; j < 3; j++)
        if (!ml_put(m, w, i * 3 + j, ml_label(w, w->srow[w->col[i * 3 + j]]), less))
            return 0;
    return 1;
}

/* Output stack i with its free lead split: the blank columns (still the
 * free lead), then the clued ones in order o, then the stack's others.
 * Returns 0 if the row went above the best.  (Kept inline: a call here
 * costs some 5% of the search.) */
static inline __attribute__((always_inline)) int ml_lay(ml_search *m, ml_walk *w, int i, const uint8_t *blank,
                                                       int nb, const uint8_t *clued, const uint8_t *o, int nc,
                                                       int *less)
{
    int base = i * 3, j = 0;
    for (; j < nb; j++) {
        w->col[base + j] = blank[j];
        if (!ml_put(m, w, base + j, 0, less))
            return 0;
    }
    for (int q = 0; q < nc; q++, j++) {
        int c = clued[o[q]];
        w->col[base + j] = (uint8_t)c;
        if (!ml_put(m, w, base + j, ml_label(w, w->srow[c]), less))
            return 0;
    }
    w->nf[i] = (uint8_t)nb;
    return ml_rest(m, w, i, j, less);
}

/* Output stacks i to 2.  A stack's free lead splits into the columns still
 * blank (they stay free, first), then those with clues in every order that
 * sorts them by label (a digit not seen yet sorts last; only such ties give
 * more than one order, and only they branch); its other columns keep their
 * places. */
static void ml_stacks(ml_search *m, ml_walk *w, int i, int less)
{
    for (; i < 3; i++) {
        int base = i * 3, n = w->nf[i];
        if (!(w->rmask >> (w->stk[i] * 3) & 7)) {
            /* A blank stack (most of a sparse row's): three 0s, no change. */
            w->row[base] = w->row[base + 1] = w->row[base + 2] = 0;
            less |= m->best[base] | m->best[base + 1] | m->best[base + 2];
            continue;
        }
        uint8_t blank[3], clued[3], key[3];
        int nb = 0, nc = 0;
        for (int j = 0; j < n; j++) {
            int c = w->col[base + j], v = w->srow[c];
            if (!v)
                blank[nb++] = (uint8_t)c;
            else {
                key[nc] = w->lab[v] ? w->lab[v] : 10;
                clued[nc++] = (uint8_t)c;
            }
        }
        if (nc == 0) {
            /* Blank wherever free: the free lead stays; the rest as it is. */
            if (!ml_rest(m, w, i, 0, &less))
                return;
            continue;
        }
        int ties = nc > 1 && (key[0] == key[1] || (nc > 2 && (key[2] == key[0] || key[2] == key[1])));
        if (!ties) {
            /* The one order: clued columns by key (a sort of at most 3). */
            uint8_t o[3] = {0, 1, 2};
            if (nc > 1 && key[o[0]] > key[o[1]]) { uint8_t t = o[0]; o[0] = o[1]; o[1] = t; }
            if (nc > 2) {
                if (key[o[1]] > key[2]) { o[2] = o[1]; o[1] = 2; }
                if (key[o[0]] > key[o[1]]) { uint8_t t = o[0]; o[0] = o[1]; o[1] = t; }
            }
            if (!ml_lay(m, w, i, blank, nb, clued, o, nc, &less))
                return;
            continue;
        }
        /* Ties: each sorted order on the rest of the row, from copies (of
         * the whole layout: the stacks after this one change in place). */
        uint8_t saved_col[9], saved_lab[10], saved_nf[3];
        int saved_next = w->next;
        memcpy(saved_col, w->col, 9);
        memcpy(saved_nf, w->nf, 3);
        memcpy(saved_lab, w->lab, 10);
        for (int oi = 0; oi < ml_norders[nc]; oi++) {
            const uint8_t *o = canon_orders[ml_order_of[nc][oi]];
            int sorted = 1;
            for (int j = 1; j < nc; j++)
                sorted &= key[o[j - 1]] <= key[o[j]];
            if (!sorted)
                continue;
            int less2 = less;
            if (ml_lay(m, w, i, blank, nb, clued, o, nc, &less2))
                ml_stacks(m, w, i + 1, less2);
            memcpy(w->col, saved_col, 9);
            memcpy(w->nf, saved_nf, 3);
            memcpy(w->lab, saved_lab, 10);
            w->next = saved_next;
        }
        return;
    }
    ml_finish(m, w, less);
}

/* State s extended by source row r as output row k.  Its free stacks that
 * stay blank keep the front; those that get a clue follow, in every order
 * (each then a stack of three free columns); then the stacks placed before. */
static void ml_try(ml_search *m, const ml_state *s, int k, int r)
{
    ml_walk w;
    w.s = s;
    w.k = k;
    w.r = r;
    w.srow = m->src[s->t] + r * 9;
    w.rmask = m->mask[s->t][r];
    memcpy(w.stk, s->stk, 3);
    memcpy(w.nf, s->nf, 3);
    memcpy(w.col, s->col, 9);
    memcpy(w.lab, s->lab, 10);
    w.next = s->next;
    int nb = 0, nc = 0, less = 0;
    if (s->nfree == 0 && (s->nf[0] | s->nf[1] | s->nf[2]) == 0) {
        /* Every column placed (a grid's rows past 1, most late rows): the
         * row reads off, no order to choose. */
        w.nfree = 0;
        for (int p = 0; p < 9; p++)
            if (!ml_put(m, &w, p, ml_label(&w, w.srow[s->col[p]]), &less))
                return;
        ml_finish(m, &w, less);
        return;
    }
    uint8_t clued[3];
    for (int i = 0; i < s->nfree; i++) {
        int st = s->stk[i];
        if (w.rmask >> (st * 3) & 7)
            clued[nc++] = (uint8_t)st;
        else
            w.stk[nb++] = (uint8_t)st;
    }
    for (int p = 0; p < nb * 3; p++) {   /* (0s: never above the best) */
        w.row[p] = 0;
        less |= m->best[p];
    }
    w.nfree = nb;
    for (int i = 0; i < nb; i++)
        for (int j = 0; j < 3; j++)
            w.col[i * 3 + j] = (uint8_t)(w.stk[i] * 3 + j);
    if (nc == 0) {
        ml_stacks(m, &w, nb, less);
        return;
    }
    /* The stacks that get a clue go in order of their clues, fewest first:
     * swapping two out of that order puts a clue where a 0 was, after the
     * same cells.  Only equal counts tie and branch. */
    uint8_t count[3];
    for (int q = 0; q < nc; q++)
        count[q] = (uint8_t)(m->counts[s->t][r] >> (clued[q] * 2) & 3);
    int after = s->nfree * 3;   /* (the stacks placed before: as in s) */
    for (int oi = 0; oi < ml_norders[nc]; oi++) {
        const uint8_t *o = canon_orders[ml_order_of[nc][oi]];
        if ((nc > 1 && count[o[0]] > count[o[1]]) || (nc > 2 && count[o[1]] > count[o[2]]))
            continue;
        for (int q = 0; q < nc; q++) {
            int i = nb + q, st = clued[o[q]];
            w.stk[i] = (uint8_t)st;
            w.nf[i] = 3;
            for (int j = 0; j < 3; j++)
                w.col[i * 3 + j] = (uint8_t)(st * 3 + j);
        }
        memcpy(w.col + after, s->col + after, (size_t)(9 - after));
        for (int i = s->nfree; i < 3; i++)
            w.nf[i] = s->nf[i];
        memcpy(w.lab, s->lab, 10);
        w.next = s->next;
        ml_stacks(m, &w, nb, less);
    }
}

/* How many blanks source row r starts with under s at best: the free
 * stacks it leaves blank, then the most blanks a free stack it fills can
 * lead with, or else the blanks of the placed stacks up to the first clue.
 * A row that starts with more blanks is smaller whatever follows. */
static inline int ml_lead(const ml_search *m, const ml_state *s, int r)
{
    if (s->nfree == 3)
        return m->lead0[s->t][r];
    unsigned mask = m->mask[s->t][r], counts = m->counts[s->t][r];
    int lead = 0, fewest = 4;
    for (int i = 0; i < s->nfree; i++) {
        int n = counts >> (s->stk[i] * 2) & 3;
        if (n == 0)
            lead += 3;
        else if (n < fewest)
            fewest = n;
    }
    if (fewest < 4)
        return lead + 3 - fewest;
    for (int i = s->nfree; i < 3; i++) {
        int j = 0, n = s->nf[i];
        for (; j < n; j++)
            lead += !(mask >> s->col[i * 3 + j] & 1);
        if (lead < i * 3 + n)
            return lead;   /* a free column with a clue: after the lead's blanks */
        for (; j < 3; j++) {
            if (mask >> s->col[i * 3 + j] & 1)
                return lead;
            lead++;
        }
    }
    return lead;
}

/* The candidate rows of s at output row k, as a mask: a row of a band not
 * used yet when k starts a band, else an unused row of the band of row k-1. */
static unsigned ml_candidates(const ml_state *s, int k)
{
    if (k % 3 == 0) {
        unsigned rows = 0;
        for (int b = 0; b < 3; b++)
            if (!(s->used >> (b * 3) & 7))
                rows |= 7u << (b * 3);
        return rows;
    }
    int b = s->rows[k - 1] / 3 * 3;
    return ~(unsigned)s->used & (7u << b);
}

/* The map of a final state: free stacks and columns in source order, unseen
 * digits take the labels left, in order. */
static void ml_map(const ml_state *s, sdk_transform *map)
{
    sdk_transform_identity(map);
    map->transpose = s->t;
    memcpy(map->rows, s->rows, 9);
    memcpy(map->cols, s->col, 9);
    int next = s->next;
    for (int d = 1; d <= 9; d++)
        map->digits[d] = s->lab[d] ? s->lab[d] : (uint8_t)next++;
}

/* The geometric maps a final state stands for: its free stacks in any
 * order, each stack's free columns in any order. */
static uint64_t ml_freedom(const ml_state *s)
{
    static const uint64_t fact[4] = {1, 1, 2, 6};
    uint64_t n = fact[s->nfree];
    for (int i = 0; i < 3; i++)
        n *= fact[i < s->nfree ? 3 : s->nf[i]];
    return n;
}

/* ---- solution grids: rows 0 to 2 at once, then the rest read off ----
 * A grid's row 0 reads 1 2 ... 9 under every column order (its labels are
 * its positions), so listing the 1,296 orders for row 0 alone decides
 * nothing.  Instead each ordered pair of rows of a band (36 "pairs", both
 * orientations) is judged by row 1: its cell at output position p is the
 * label, 1 + output position, of the row-0 column holding the same digit
 * (its "image").  A pure pair's least orders are written down
 * (ml_grid_cycle); any other pair's least row 1 needs a start, a first
 * column and stack, and a start fixes the whole order (ml_grid_order), and
 * nearly always all of row 1 without laying it out (ml_grid_tail).  Row 2
 * then reads off under the orders that tie (ml_grid_done), and rows 3-8
 * under each state that ties on rows 0-2 (ml_grid_complete).
 */
typedef struct {
    int t, r0, r1, r2;
    uint8_t image[16];   /* the row-0 column holding the digit row 1 has in each column
                          * (room for a 16-byte store) */
    uint8_t image2[16];  /* ... and row 2 */
    uint8_t pure;        /* every stack's images lie in one stack (a "pure" pair, below) */
} ml_grid;

/* image[c] = col0[row[c]] for the 9 columns (16 bytes stored; row has 16
 * readable, col0 16 entries). */
static void ml_grid_images(const uint8_t *col0, const uint8_t *row, uint8_t *image)
{
#if defined __SSSE3__
    __m128i table = _mm_loadu_si128((const __m128i *)col0);
    __m128i idx = _mm_and_si128(_mm_loadu_si128((const __m128i *)row), _mm_set1_epi8(15));
    _mm_storeu_si128((__m128i *)image, _mm_shuffle_epi8(table, idx));
#else
    for (int c = 0; c < 9; c++)
        image[c] = col0[row[c]];
#endif
}

/* A finished order whose row 1 is the least (callers pass no other): row 2
 * is the band's third row and reads off at once; a state at level 3 if it
 * ties or beats the best row 2. */
static void ml_grid_done(ml_search *m, const ml_grid *g, const uint8_t *col)
{
    /* Row 2 reads off as row 1 does: the label (1 + output position) of the
     * row-0 column holding each cell's digit. */
    uint8_t pos[16] = {0}, tmp[16], row2[16];
#pragma GCC unroll 9
    for (int p = 0; p < 9; p++)
        pos[col[p]] = (uint8_t)(p + 1);
    ml_grid_images(g->image2, col, tmp);
    ml_grid_images(pos, tmp, row2);
    int cmp2 = ml_cmp9(row2, m->best2);
    if (cmp2 > 0)
        return;
    if (cmp2 < 0) {
        memcpy(m->best2, row2, 9);
        m->next->count = 0;
    }
    ml_state *c = ml_push(m);
    if (!c)
        return;
    *c = (ml_state){.t = (uint8_t)g->t, .next = 10,
                    .used = (uint16_t)(1u << g->r0 | 1u << g->r1 | 1u << g->r2)};
    c->rows[0] = (uint8_t)g->r0;
    c->rows[1] = (uint8_t)g->r1;
    c->rows[2] = (uint8_t)g->r2;
    const uint8_t *row0 = m->src[g->t] + g->r0 * 9;
    for (int p = 0; p < 9; p++)
        c->lab[row0[col[p]]] = (uint8_t)(p + 1);
    for (int i = 0; i < 3; i++)
        c->stk[i] = (uint8_t)(col[i * 3] / 3);
    memcpy(c->col, col, 9);
}

/* Rows 3 to 8 of a grid under each state of l (at level 3), l kept to the
 * states that give the least, written to form (54 cells).  Every column is
 * placed and every digit labelled, so each row of the other two bands reads
 * off (two byte shuffles) whatever their order, and two rows of a grid
 * differ in their first eight cells: the least completion sorts each band's
 * rows and puts the band with the least first row first.  One completion a
 * state, no search. */
static void ml_grid_complete(const ml_search *m, ml_list *l, uint8_t *form)
{
    size_t kept = 0;
    for (size_t i = 0; i < l->count; i++) {
        ml_state *s = &l->s[i];
        uint8_t col[16] = {0}, lab[16] = {0}, digits[16], rows[9][16], order[6];
        uint64_t key[9];
        memcpy(col, s->col, 9);
        memcpy(lab, s->lab, 10);
        int n = 0;
        for (int b = 0; b < 3; b++) {
            if (s->used >> (b * 3) & 7)
                continue;
            for (int r = b * 3; r < b * 3 + 3; r++) {
                ml_grid_images(m->src[s->t] + r * 9, col, digits);
                ml_grid_images(lab, digits, rows[r]);
                memcpy(&key[r], rows[r], 8);
                key[r] = __builtin_bswap64(key[r]);
                /* (insertion into the band's sorted rows) */
                int j = n + r - b * 3;
                for (; j > n && key[order[j - 1]] > key[r]; j--)
                    order[j] = order[j - 1];
                order[j] = (uint8_t)r;
            }
            n += 3;
        }
        uint8_t mine[54];
        int first = key[order[3]] < key[order[0]] ? 3 : 0;
        for (int j = 0; j < 6; j++) {
            s->rows[3 + j] = order[(first + j) % 6];
            memcpy(mine + j * 9, rows[s->rows[3 + j]], 9);
        }
        int cmp = i == 0 ? -1 : memcmp(mine, form, 54);
        if (cmp > 0)
            continue;
        if (cmp < 0) {
            memcpy(form, mine, 54);
            kept = 0;
        }
        if (kept != i)
            l->s[kept] = *s;
        kept++;
    }
    l->count = kept;
}

/* A "pure" pair of rows: each stack's three images lie in one other stack,
 * so the stacks map round a cycle A -> B -> C -> A.  Row 1 then reads
 * 4 5 6 7 8 9 under any order of stack A (its images fill B in that order,
 * theirs C), and ends with the positions in A of the images' images'
 * images: 1 2 3, 1 3 2 or 2 3 1 as that map of A fixes 3, 1 or 0 columns.
 * Any other pair starts 4 5 7.  So where pure pairs exist, the least row 1
 * and every order that gives it are written down, not searched.  (Row 1's
 * stacks then hold the digits of row 0's, so a pair is pure when those
 * sets agree: ml_grid_rows tells it so.) */

/* Columns of stack 0 that the image's image's image leaves in place. */
static int ml_grid_fixed(const ml_grid *g)
{
    int n = 0;
    for (int c = 0; c < 3; c++)
        n += g->image[g->image[g->image[c]]] == c;
    return n;
}

/* The states of a pure pair whose row 1 ends as tail (0-based positions). */
static void ml_grid_cycle(ml_search *m, const ml_grid *g, const uint8_t *tail)
{
    uint8_t col[16], im2[16], im3[16];   /* an order; the image's image, and its image */
    ml_grid_images(g->image, g->image, im2);
    ml_grid_images(g->image, im2, im3);
    for (int a = 0; a < 3; a++)
        for (int o = 0; o < 6; o++) {
            const uint8_t *ord = canon_orders[o];
            if (im3[a * 3 + ord[0]] != a * 3 + ord[tail[0]] || im3[a * 3 + ord[1]] != a * 3 + ord[tail[1]])
                continue;   /* (the third then agrees: both are permutations of stack a) */
#pragma GCC unroll 3
            for (int j = 0; j < 3; j++)
                col[j] = (uint8_t)(a * 3 + ord[j]);
#pragma GCC unroll 6
            for (int j = 3; j < 9; j++)
                col[j] = g->image[col[j - 3]];
            ml_grid_done(m, g, col);
        }
}

/* Row 1 of a start whose first column c0 swaps with its image d = im[c0]
 * (fourth cell 1), c1 its partner (its image in d's stack Y), third the
 * last column of c0's stack X:
 * of Y's columns only d maps into X (two of X's map into Y, so one of Y's
 * maps back), so Y's others e = im[c1] and y2 map to Z's two columns after
 * z0 = im[third], met at positions 4 and 5: the row reads 4 5 7 1 8 9, and
 * ends with the positions of the images of z0, im[e], im[y2].  Those lie in
 * X or Y but are not d or e (their columns map to c0, c1): each is c1 (2),
 * the third (3) or y2 (6).  Returns the three, four bits each. */
static int ml_grid_tail(const uint8_t *im, int c0, int c1, int third)
{
    int d = im[c0], e = im[c1], y2 = d / 3 * 3 + 3 - d % 3 - e % 3;
    int z[3] = {im[third], im[e], im[y2]}, tail = 0;
#pragma GCC unroll 3
    for (int j = 0; j < 3; j++) {
        int c = im[z[j]];
        tail = tail << 4 | (c == c1 ? 2 : c == third ? 3 : 6);
    }
    return tail;
}

/* A pair that is not pure, with stack x first: its two columns whose
 * images lie in one stack Y come first (in either order), the third last,
 * so the row starts 4 5 7.  Row 1's fourth cell is then the position of the
 * first column's image's image: 1 for that column itself (ml_grid_tail),
 * 2 for the other of the two, 3 for the third, 7 for the third's image (it
 * opens stack Z), else 8.  Writes the two first columns and their fourth
 * cells. */
static void ml_grid_fourth(const ml_grid *g, int x, uint8_t first[2], uint8_t fourth[2])
{
    const uint8_t *im = g->image + x * 3;
    int odd = im[0] / 3 == im[1] / 3 ? 2 : im[0] / 3 == im[2] / 3 ? 1 : 0;
    int third = x * 3 + odd, a = x * 3 + (odd == 0), b = x * 3 + 2 - (odd == 2);
    for (int k = 0; k < 2; k++) {
        int c0 = k ? b : a, other = k ? a : b, t = g->image[g->image[c0]];
        first[k] = (uint8_t)c0;
        fourth[k] = (uint8_t)(t == c0 ? 1 : t == other ? 2 : t == third ? 3 : t == g->image[third] ? 7 : 8);
    }
}

/* A start of a pair that is not pure, c0 first (ml_grid_fourth): stack x
 * is laid out (c0, its partner into Y, the third), then Y (the two images,
 * then its last column), then Z from the third's image.  Nothing in Z maps
 * into Z and X's other images are Y's, so Z's last two columns are images
 * of Y's and take Z's slots in the order Y's columns meet them: a start
 * gives exactly one order, no position is left to choose.  Writes it into
 * col; returns row 1's first eight cells big-endian (the ninth is the label
 * left), which orders starts as their rows do. */
static uint64_t ml_grid_order(const ml_grid *g, int c0, uint8_t *col)
{
    const uint8_t *im = g->image;
    int x = c0 / 3, y = im[c0] / 3, c1 = -1, c2 = -1;
    for (int c = x * 3; c < x * 3 + 3; c++)
        if (c != c0)
            *(im[c] / 3 == y ? &c1 : &c2) = c;
    uint8_t pos[16] = {0}, tmp[16], row[16];
    col[0] = (uint8_t)c0;
    col[1] = (uint8_t)c1;
    col[2] = (uint8_t)c2;
    col[3] = im[c0];
    col[4] = im[c1];
    col[5] = (uint8_t)(y * 3 + 3 - im[c0] % 3 - im[c1] % 3);
    col[6] = im[c2];
    int n = 7, z = im[c2] / 3;
    for (int j = 3; j < 6; j++)
        if (im[col[j]] / 3 == z && im[col[j]] != im[c2])
            col[n++] = im[col[j]];
#pragma GCC unroll 9
    for (int p = 0; p < 9; p++)
        pos[col[p]] = (uint8_t)(p + 1);
    ml_grid_images(im, col, tmp);        /* tmp[p] = image of col[p] */
    ml_grid_images(pos, tmp, row);       /* its label */
    uint64_t key;
    memcpy(&key, row, 8);
    return __builtin_bswap64(key);
}

/* The first columns of a pair's starts with a fourth cell of 1, a bit
 * each: the columns c that swap with their image (image[image[c]] == c)
 * and share their image's stack with another column of their stack. */
static unsigned ml_grid_swaps(const uint8_t *image)
{
#if defined __SSSE3__
    const __m128i iota = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m128i stack_of = _mm_setr_epi8(0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5);
    const __m128i next1 = _mm_setr_epi8(1, 2, 0, 4, 5, 3, 7, 8, 6, 9, 10, 11, 12, 13, 14, 15);
    const __m128i next2 = _mm_setr_epi8(2, 0, 1, 5, 3, 4, 8, 6, 7, 9, 10, 11, 12, 13, 14, 15);
    __m128i im = _mm_and_si128(_mm_loadu_si128((const __m128i *)image), _mm_set1_epi8(15));
    __m128i swap = _mm_cmpeq_epi8(_mm_shuffle_epi8(im, im), iota);
    __m128i st = _mm_shuffle_epi8(stack_of, im);   /* the stack of each image */
    __m128i shared = _mm_or_si128(_mm_cmpeq_epi8(st, _mm_shuffle_epi8(st, next1)),
                                  _mm_cmpeq_epi8(st, _mm_shuffle_epi8(st, next2)));
    return (unsigned)_mm_movemask_epi8(_mm_and_si128(swap, shared)) & 0x1ff;
#else
    unsigned swaps = 0;
    for (int c = 0; c < 9; c++) {
        int x = c / 3 * 3, y = image[c] / 3;
        int shared = image[x + (c + 1) % 3] / 3 == y || image[x + (c + 2) % 3] / 3 == y;
        swaps |= (unsigned)(image[image[c]] == c && shared) << c;
    }
    return swaps;
#endif
}

/* col0[d] = the column of digit d in a row of 9 (16 entries written). */
static void ml_grid_col0(const uint8_t *row, uint8_t *col0)
{
    memset(col0, 0, 16);
#pragma GCC unroll 9
    for (int c = 0; c < 9; c++)
        col0[row[c]] = (uint8_t)c;
}

/* Whether a pair is pure (below): each stack's three images in one stack. */
static int ml_grid_pure(const uint8_t *image)
{
    int pure = 1;
    for (int x = 0; x < 9; x += 3)
        pure &= image[x] / 3 == image[x + 1] / 3 && image[x] / 3 == image[x + 2] / 3;
    return pure;
}

/* Levels 0 to 2 of a grid: every orientation, row 0 and row 1 of its band
 * (row 2 is the band's last). */
static void ml_grid_rows(ml_search *m)
{
    ml_grid gs[36];
    int n = 0, fixed = -1;
    /* A pure pair makes its band pure (every pair of its rows is), and only
     * a pure band's pairs can give the least row 1 when there is one: told
     * by each band's first pair, before any other pair is laid out. */
    uint8_t col0[2][9][16];   /* the column of each digit in each row */
    int pure_band[2][3], any_pure = 0;
    for (int t = 0; t < 2; t++)
        for (int b = 0; b < 3; b++) {
            uint8_t image[16];
            ml_grid_col0(m->src[t] + b * 27, col0[t][b * 3]);
            ml_grid_images(col0[t][b * 3], m->src[t] + b * 27 + 9, image);
            pure_band[t][b] = ml_grid_pure(image);
            any_pure |= pure_band[t][b];
        }
    for (int t = 0; t < 2; t++)
        for (int b = 0; b < 3; b++) {
            if (any_pure && !pure_band[t][b])
                continue;
            for (int k0 = 0; k0 < 3; k0++) {
                int r0 = b * 3 + k0;
                if (k0)
                    ml_grid_col0(m->src[t] + r0 * 9, col0[t][r0]);
                for (int k1 = 0; k1 < 3; k1++) {
                    if (k1 == k0)
                        continue;
                    ml_grid *g = &gs[n++];
                    g->t = t;
                    g->r0 = r0;
                    g->r1 = b * 3 + k1;
                    g->r2 = b * 3 + 3 - k0 - k1;
                    ml_grid_images(col0[t][r0], m->src[t] + g->r1 * 9, g->image);
                    ml_grid_images(col0[t][r0], m->src[t] + g->r2 * 9, g->image2);
                    g->pure = (uint8_t)pure_band[t][b];
                    if (g->pure && ml_grid_fixed(g) > fixed)
                        fixed = ml_grid_fixed(g);
                }
            }
        }
    if (fixed >= 0) {
        static const uint8_t tails[4][3] = {{1, 2, 0}, {0, 2, 1}, {0, 2, 1}, {0, 1, 2}};
        const uint8_t *tail = tails[fixed];
        for (int j = 0; j < 6; j++)
            m->best[j] = (uint8_t)(j + 4);
        for (int j = 0; j < 3; j++)
            m->best[6 + j] = (uint8_t)(tail[j] + 1);
        for (int i = 0; i < n; i++)
            if (gs[i].pure && ml_grid_fixed(&gs[i]) == fixed)
                ml_grid_cycle(m, &gs[i], tail);
        return;
    }
    /* No pure pair: output stack 0 is some stack X whose two columns with
     * images in one stack Y come first, the third last (4 5 7); then row 1's
     * fourth cell is fixed by the first column alone (ml_grid_fourth).  A
     * fourth cell of 1 (the usual least) needs a first column that swaps
     * with its image, and fixes all of the row (ml_grid_tail): those starts
     * are found from the swapping columns.  Only if there are none is every
     * start's fourth cell found.  Only the starts with the least head (the
     * fourth cell << 12, and with a 1 the last three cells) go on. */
    static const uint8_t others[9][2] = {{1, 2}, {0, 2}, {0, 1}, {4, 5}, {3, 5}, {3, 4}, {7, 8}, {6, 8}, {6, 7}};
    uint8_t start[36 * 6][2];
    uint16_t head[36 * 6];
    int nstart = 0, least = 0xffff;
    for (int i = 0; i < n; i++) {
        const uint8_t *im = gs[i].image;
        for (unsigned bits = ml_grid_swaps(im); bits; bits &= bits - 1) {
            int c0 = __builtin_ctz(bits), o1 = others[c0][0], o2 = others[c0][1];
            int c1 = im[o1] / 3 == im[c0] / 3 ? o1 : o2, third = o1 + o2 - c1;
            int v = 1 << 12 | ml_grid_tail(im, c0, c1, third);
            if (v <= least) {
                least = v;
                start[nstart][0] = (uint8_t)i;
                start[nstart][1] = (uint8_t)c0;
                head[nstart++] = (uint16_t)v;
            }
        }
    }
    int swapped = nstart > 0;
    for (int i = 0; i < n && !swapped; i++)
        for (int x = 0; x < 3; x++) {
            uint8_t c0[2], v[2];
            ml_grid_fourth(&gs[i], x, c0, v);
            for (int k = 0; k < 2; k++)
                if (v[k] << 12 <= least) {
                    least = v[k] << 12;
                    start[nstart][0] = (uint8_t)i;
                    start[nstart][1] = c0[k];
                    head[nstart++] = (uint16_t)(v[k] << 12);
                }
        }
    /* Each start gives one row 1 (ml_grid_order), whole in its head when
     * that starts with a 1: the least go on to row 2. */
    uint64_t key[36 * 6], low = ~(uint64_t)0;
    uint8_t col[16];
    int whole = least >> 12 == 1;
    for (int k = 0; k < nstart; k++)
        if (head[k] == least) {
            key[k] = whole ? 0 : ml_grid_order(&gs[start[k][0]], start[k][1], col);
            low = key[k] < low ? key[k] : low;
        }
    int first = 1;
    for (int k = 0; k < nstart; k++)
        if (head[k] == least && key[k] == low) {
            uint64_t row = ml_grid_order(&gs[start[k][0]], start[k][1], col);
            if (first) {
                first = 0;
                for (int j = 0; j < 8; j++)
                    m->best[j] = (uint8_t)(row >> (56 - j * 8));
                m->best[8] = (uint8_t)(45 - (m->best[0] + m->best[1] + m->best[2] + m->best[3] + m->best[4] +
                                             m->best[5] + m->best[6] + m->best[7]));   /* (the label left) */
            }
            ml_grid_done(m, &gs[start[k][0]], col);
        }
}

#define ML_STACK_STATES 256

/* ml_lead with every stack free, by the clues in each stack (two bits a
 * stack): three blanks for each empty stack, then 3 - n for the emptiest
 * stack with n clues (it goes first among those with clues, its blanks in
 * front). */
static const uint8_t ml_lead_all_free[64] = {
    9, 8, 7, 6, 8, 5, 5, 5, 7, 5, 4, 4, 6, 5, 4, 3, 8, 5, 5, 5, 5, 2, 2, 2, 5, 2, 2, 2, 5, 2, 2, 2,
    7, 5, 4, 4, 5, 2, 2, 2, 4, 2, 1, 1, 4, 2, 1, 1, 6, 5, 4, 3, 5, 2, 2, 2, 4, 2, 1, 1, 3, 2, 1, 0};

/* The 81 cells into out (above 9: blank), and a bit per clue, cell i at
 * bit i % 8 of clue[i / 8]; out and clue have room for 96. */
static void ml_cells(const uint8_t *cells, uint8_t *out, uint8_t *clue)
{
#if defined __SSE2__ && !defined ML_SCALAR
    uint8_t in[96] = {0};
    memcpy(in, cells, 81);
    const __m128i nine = _mm_set1_epi8(9), zero = _mm_setzero_si128();
    for (int i = 0; i < 96; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(in + i));
        /* (unsigned v > 9: max(v, 9) != 9) */
        __m128i big = _mm_xor_si128(_mm_cmpeq_epi8(_mm_max_epu8(v, nine), nine), _mm_set1_epi8(-1));
        v = _mm_andnot_si128(big, v);
        _mm_storeu_si128((__m128i *)(out + i), v);
        unsigned bits = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero)) ^ 0xffffu;
        clue[i / 8] = (uint8_t)bits;
        clue[i / 8 + 1] = (uint8_t)(bits >> 8);
    }
#else
    memset(clue, 0, 96 / 8);
    memset(out + 81, 0, 96 - 81);
    for (int i = 0; i < 81; i++) {
        out[i] = cells[i] <= 9 ? cells[i] : 0;
        clue[i / 8] |= (uint8_t)((out[i] != 0) << (i % 8));
    }
#endif
}

/* Whether 81 digits 1..9 (src[0], src[1] its transpose, 96 bytes each) make
 * a solution grid: every row, column and box holds all nine. */
static int ml_is_grid(const uint8_t (*src)[96])
{
#if defined __SSSE3__
    /* Digit d as bit d of 16, its two bytes by table shuffles: a board's
     * columns are the ORs of its rows (the transpose's, the rows), a band's
     * boxes its rows' OR folded three bytes at a time. */
    const __m128i lo_t = _mm_setr_epi8(0, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m128i hi_t = _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 0, 0);
    const __m128i all_lo = _mm_set1_epi8((char)0xfe), all_hi = _mm_set1_epi8(3);
    int ok = 1;
    for (int t = 0; t < 2; t++) {
        __m128i col_lo = _mm_setzero_si128(), col_hi = col_lo;
        for (int b = 0; b < 3; b++) {
            __m128i box_lo = _mm_setzero_si128(), box_hi = box_lo;
            for (int r = b * 3; r < b * 3 + 3; r++) {
                __m128i v = _mm_loadu_si128((const __m128i *)(src[t] + r * 9));
                box_lo = _mm_or_si128(box_lo, _mm_shuffle_epi8(lo_t, v));
                box_hi = _mm_or_si128(box_hi, _mm_shuffle_epi8(hi_t, v));
            }
            col_lo = _mm_or_si128(col_lo, box_lo);
            col_hi = _mm_or_si128(col_hi, box_hi);
            box_lo = _mm_or_si128(box_lo, _mm_or_si128(_mm_srli_si128(box_lo, 1), _mm_srli_si128(box_lo, 2)));
            box_hi = _mm_or_si128(box_hi, _mm_or_si128(_mm_srli_si128(box_hi, 1), _mm_srli_si128(box_hi, 2)));
            __m128i full = _mm_and_si128(_mm_cmpeq_epi8(box_lo, all_lo), _mm_cmpeq_epi8(box_hi, all_hi));
            ok &= (_mm_movemask_epi8(full) & 0x49) == 0x49;   /* (bytes 0, 3, 6) */
        }
        __m128i full = _mm_and_si128(_mm_cmpeq_epi8(col_lo, all_lo), _mm_cmpeq_epi8(col_hi, all_hi));
        ok &= (_mm_movemask_epi8(full) & 0x1ff) == 0x1ff;
    }
    return ok;
#else
    unsigned bad = 0;
    for (int t = 0; t < 2; t++)
        for (int r = 0; r < 9; r++) {
            unsigned seen = 0;
            for (int c = 0; c < 9; c++)
                seen |= 1u << src[t][r * 9 + c];
            bad |= seen ^ 0x3fe;
        }
    for (int b = 0; b < 9; b++) {
        const uint8_t *p = src[0] + b / 3 * 27 + b % 3 * 3;
        unsigned seen = 0;
        for (int r = 0; r < 3; r++)
            seen |= 1u << p[r * 9] | 1u << p[r * 9 + 1] | 1u << p[r * 9 + 2];
        bad |= seen ^ 0x3fe;
    }
    return !bad;
#endif
}

int sdk_canon_minlex(const sdk_board *b, const uint8_t *cells, sdk_canon *out)
{
    if (!sdk_board_is_plain9(b))
        return canon_group_minlex(b, cells, out);
    ml_state buf[2][ML_STACK_STATES];
    ml_list lists[2] = {{buf[0], 0, ML_STACK_STATES, 0}, {buf[1], 0, ML_STACK_STATES, 0}};
    ml_search m;   /* (each part is written before it is read: no clearing) */
    m.failed = 0;
    uint16_t winners[ML_STACK_STATES];
    int8_t lead_of[ML_STACK_STATES];
    /* The cells (anything above 9 read as blank) and a bit per clue. */
    uint8_t clue[16];   /* (96 bits, and room for the 4-byte reads) */
    ml_cells(cells, m.src[0], clue);
    memset(m.src[1], 0, sizeof m.src[1]);
    uint64_t bits64;
    uint32_t bits32;
    memcpy(&bits64, clue, 8);
    memcpy(&bits32, clue + 8, 4);
    int grid = 0;
    if (__builtin_popcountll(bits64) + __builtin_popcount(bits32) == 81) {
        /* A full board: its transpose cell by cell; a grid if every house
         * holds 1..9 (its search needs no clue masks). */
        for (int r = 0; r < 9; r++)
#pragma GCC unroll 9
            for (int c = 0; c < 9; c++)
                m.src[1][c * 9 + r] = m.src[0][r * 9 + c];
        grid = ml_is_grid(m.src);
    }
    if (!grid) {
        /* Each row's nine bits, then the transpose's from the clues alone (a
         * puzzle has few: far cheaper than a full transpose). */
        memset(m.mask, 0, sizeof m.mask);
        for (int r = 0; r < 9; r++) {
            const uint8_t *row = m.src[0] + r * 9;
            uint32_t w;
            memcpy(&w, clue + r * 9 / 8, 4);
            unsigned mask = w >> (r * 9 % 8) & 0x1ff;
            m.mask[0][r] = (uint16_t)mask;
            for (; mask; mask &= mask - 1) {
                int c = __builtin_ctz(mask);
                m.src[1][c * 9 + r] = row[c];
                m.mask[1][c] |= (uint16_t)(1u << r);
            }
        }
    }
    /* ml_lead's tables (a grid's search needs none): the clues of each
     * stack, two bits each, and the most leading blanks with all free. */
    static const uint8_t bits3[8] = {0, 1, 1, 2, 1, 2, 2, 3};
    for (int t = 0; t < 2 && !grid; t++)
        for (int r = 0; r < 9; r++) {
            unsigned mask = m.mask[t][r];
            int counts = bits3[mask & 7] | bits3[mask >> 3 & 7] << 2 | bits3[mask >> 6] << 4;
            m.counts[t][r] = (uint8_t)counts;
            m.lead0[t][r] = ml_lead_all_free[counts];
        }
    ml_list *cur = &lists[0];
    int k = 0;
    if (grid) {
        m.next = &lists[1];
        memset(m.best, 0xff, sizeof m.best);
        memset(m.best2, 0xff, sizeof m.best2);
        ml_grid_rows(&m);
        for (int i = 0; i < 9; i++)
            out->form[i] = (uint8_t)(i + 1);
        memcpy(out->form + 9, m.best, 9);
        memcpy(out->form + 18, m.best2, 9);
        cur = m.next;
        ml_grid_complete(&m, cur, out->form + 27);
        k = 9;
    } else {
        for (int t = 0; t < 2; t++) {
            ml_state *s = &cur->s[cur->count++];
            *s = (ml_state){.t = (uint8_t)t, .nfree = 3, .next = 1, .stk = {0, 1, 2}, .nf = {3, 3, 3}};
            for (int c = 0; c < 9; c++)
                s->col[c] = (uint8_t)c;
        }
    }
    for (; k < 9 && !m.failed; k++) {
        m.next = cur == &lists[0] ? &lists[1] : &lists[0];
        m.next->count = 0;
        memset(m.best, 0xff, sizeof m.best);
        /* Only the rows that start with the most blanks can give the least. */
        int most = -1;
        for (size_t i = 0; i < cur->count; i++) {
            int own = -1;
            unsigned win = 0;   /* the state's rows with its most leading blanks */
            unsigned cand = ml_candidates(&cur->s[i], k);
            if (cur->count == 1 && !(cand & (cand - 1))) {
                /* (one state and one row: nothing to compare) */
                win = cand;
                own = 0;
                cand = 0;
            }
            for (unsigned rows = cand; rows; rows &= rows - 1) {
                int r = __builtin_ctz(rows), lead = ml_lead(&m, &cur->s[i], r);
                if (lead >= own) {
                    win = (lead > own ? 0 : win) | 1u << r;
                    own = lead;
                }
            }
            if (i < ML_STACK_STATES) {
                winners[i] = (uint16_t)win;
                lead_of[i] = (int8_t)own;
            }
            most = own > most ? own : most;
        }
        for (size_t i = 0; i < cur->count && !m.failed; i++) {
            unsigned rows = 0;
            if (i < ML_STACK_STATES)
                rows = lead_of[i] == most ? winners[i] : 0;
            else
                for (unsigned c = ml_candidates(&cur->s[i], k); c; c &= c - 1)
                    rows |= (unsigned)(ml_lead(&m, &cur->s[i], __builtin_ctz(c)) == most) << __builtin_ctz(c);
            for (; rows; rows &= rows - 1)
                ml_try(&m, &cur->s[i], k, __builtin_ctz(rows));
        }
        memcpy(out->form + k * 9, m.best, 9);
        cur = m.next;
    }
    int ok = !m.failed;
    if (ok) {
        ml_map(&cur->s[0], &out->map);
        out->automorphisms = 0;
        for (size_t i = 0; i < cur->count; i++)
            out->automorphisms += ml_freedom(&cur->s[i]);
    }
    for (int i = 0; i < 2; i++)
        if (lists[i].heap)
            free(lists[i].s);
    return ok ? 1 : -1;
}

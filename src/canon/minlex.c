/*
 * minlex.c -- the true minlex form of a 9x9 puzzle (sdk_canon_minlex).
 *
 * The form is built a row at a time.  At output row k the search holds every
 * partial map that gives the least possible first k rows: the orientation,
 * the source rows chosen so far, the order of the stacks, the column orders
 * within each stack that still tie, and the digit labels handed out so far.
 * Each is extended by every source row the band rules allow, a stack at a
 * time; a candidate row is dropped at its first cell above the best row
 * seen at this level, and a smaller one empties the list.  So after row 8
 * the list is exactly the maps that give the form (the automorphisms).
 *
 * Column orders within a stack that read every row so far alike (they only
 * swap columns blank in those rows) stay one state with a set of orders, so
 * sparse rows do not multiply the states.  While the rows chosen are all
 * blank, every column order ties: such a state keeps no column order
 * ("all").  The first row with clues then fixes the stacks at once: its
 * digits are all new labels 1, 2, ..., so its least string only depends on
 * where its clues are (stacks by clue count, blanks first within each).
 */
#include <stdlib.h>
#include <string.h>
#include "sudoku.h"
#include "canon.h"

const uint8_t canon_orders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

typedef struct {
    uint8_t t;           /* 1: rows are read from the transpose */
    uint8_t all;         /* 1: the rows so far are blank; every column order ties */
    uint8_t next;        /* the next label to hand out */
    uint16_t used;       /* source rows taken */
    uint8_t rows[9];     /* source row of each output row so far */
    uint8_t stk[3];      /* source stack of each output stack (unless all) */
    uint8_t orders[3];   /* each output stack's column orders (bits of canon_orders) that still tie */
    uint8_t lab[10];     /* label of each source digit, 0 = not seen yet */
} ml_state;

/* A growable list of states; starts in a buffer on the caller's stack. */
typedef struct {
    ml_state *s;
    size_t count, cap;
    int heap;
} ml_list;

typedef struct {
    uint8_t src[2][81];  /* the puzzle and its transpose */
    uint8_t clues[2][9]; /* the clue count of each row of both */
    uint8_t best[9];     /* the least row at this level so far (0xff: none yet) */
    ml_list *next;       /* the states that give it */
    int failed;          /* out of memory */
} ml_search;

static ml_state *ml_push(ml_search *m)
{
    ml_list *l = m->next;
    if (l->count == l->cap) {
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
    }
    return &l->s[l->count++];
}

/* Compares row with the level's best: a smaller row becomes the best and
 * empties the list.  Returns 1 if states with this row are to be kept. */
static int ml_offer(ml_search *m, const uint8_t *row)
{
    int c = 0;
    while (c < 9 && row[c] == m->best[c])
        c++;
    if (c < 9 && row[c] > m->best[c])
        return 0;
    if (c < 9) {
        memcpy(m->best, row, 9);
        m->next->count = 0;
    }
    return 1;
}

/* The child of s that takes source row r as output row k. */
static ml_state *ml_child(ml_search *m, const ml_state *s, int k, int r)
{
    ml_state *c = ml_push(m);
    if (c) {
        *c = *s;
        c->rows[k] = (uint8_t)r;
        c->used |= (uint16_t)(1u << r);
    }
    return c;
}

/* The orders among `orders` that read the three cells of seg as order o
 * does: they tie on this row, labels included, so they stay one state. */
static unsigned ml_same_reading(const uint8_t *seg, unsigned orders, int o)
{
    const uint8_t *a = canon_orders[o];
    unsigned group = 0;
    for (unsigned rest = orders; rest; rest &= rest - 1) {
        const uint8_t *b = canon_orders[__builtin_ctz(rest)];
        if (seg[a[0]] == seg[b[0]] && seg[a[1]] == seg[b[1]] && seg[a[2]] == seg[b[2]])
            group |= rest & -rest;
    }
    return group;
}

/* One row being laid out under a state, an output stack at a time. */
typedef struct {
    const ml_state *s;
    int k, r;
    const uint8_t *srow;
    uint8_t row[9];
    uint8_t orders[3];
} ml_walk;

/* Output stack i of the row and what follows: each group of tied column
 * orders in turn, given up at the first cell above the best row. */
static void ml_segment(ml_search *m, ml_walk *w, int i, const uint8_t *lab, int next, int less)
{
    if (i == 3) {
        if (!ml_offer(m, w->row))
            return;
        ml_state *c = ml_child(m, w->s, w->k, w->r);
        if (c) {
            memcpy(c->orders, w->orders, 3);
            memcpy(c->lab, lab, 10);
            c->next = (uint8_t)next;
        }
        return;
    }
    const uint8_t *seg = w->srow + w->s->stk[i] * 3;
    int blank = (seg[0] | seg[1] | seg[2]) == 0;
    for (unsigned left = w->s->orders[i]; left;) {
        int o = __builtin_ctz(left);
        /* (a blank segment, or one order left: no need to compare readings) */
        unsigned group = blank || !(left & (left - 1)) ? left : ml_same_reading(seg, left, o);
        left &= ~group;
        uint8_t l2[10];
        int n2 = next, less2 = less, j = 0;
        memcpy(l2, lab, sizeof l2);
        for (; j < 3; j++) {
            int v = seg[canon_orders[o][j]];
            int out = v ? (l2[v] ? l2[v] : (l2[v] = (uint8_t)n2++)) : 0;
            if (!less2) {
                if (out > m->best[i * 3 + j])
                    break;
                less2 = out < m->best[i * 3 + j];
            }
            w->row[i * 3 + j] = (uint8_t)out;
        }
        if (j < 3)
            continue;
        w->orders[i] = (uint8_t)group;
        ml_segment(m, w, i + 1, l2, n2, less2);
    }
}

/* An explicit state extended by row r. */
static void ml_extend(ml_search *m, const ml_state *s, int k, int r)
{
    ml_walk w = {.s = s, .k = k, .r = r, .srow = m->src[s->t] + r * 9};
    ml_segment(m, &w, 0, s->lab, s->next, 0);
}

/* The orders of a stack's three columns that put its blanks first, as
 * groups that read the row alike (a bit of canon_orders each); returns how
 * many groups. */
static int ml_blanks_first(const uint8_t *seg, uint8_t groups[6])
{
    unsigned orders = 0;
    for (int o = 0; o < 6; o++) {
        int seen_clue = 0, ok = 1;
        for (int i = 0; i < 3; i++) {
            int clue = seg[canon_orders[o][i]] != 0;
            ok &= !(seen_clue && !clue);
            seen_clue |= clue;
        }
        orders |= (unsigned)ok << o;
    }
    int n = 0;
    while (orders) {
        unsigned g = ml_same_reading(seg, orders, __builtin_ctz(orders));
        groups[n++] = (uint8_t)g;
        orders &= ~g;
    }
    return n;
}

/* An "all" state extended by its first row with clues: each stack order
 * and group of column orders that give the row's least string (stacks by
 * clue count, blanks first within each; labels 1, 2, ... in order). */
static void ml_first_clues(ml_search *m, const ml_state *s, int k, int r, const uint8_t *srow)
{
    int count[3], sorted[3];
    for (int st = 0; st < 3; st++) {
        const uint8_t *seg = srow + st * 3;
        count[st] = sorted[st] = (seg[0] != 0) + (seg[1] != 0) + (seg[2] != 0);
    }
    /* The row first: most rows lose here, before any order is listed. */
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2 - i; j++)
            if (sorted[j] > sorted[j + 1]) {
                int x = sorted[j];
                sorted[j] = sorted[j + 1];
                sorted[j + 1] = x;
            }
    uint8_t row[9];
    int label = 1;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            row[i * 3 + j] = j < 3 - sorted[i] ? 0 : (uint8_t)label++;
    if (!ml_offer(m, row))
        return;
    uint8_t groups[3][6];
    int ngroups[3];
    for (int st = 0; st < 3; st++)
        ngroups[st] = ml_blanks_first(srow + st * 3, groups[st]);
    for (int so = 0; so < 6; so++) {
        const uint8_t *stk = canon_orders[so];
        if (count[stk[0]] > count[stk[1]] || count[stk[1]] > count[stk[2]])
            continue;
        for (int a = 0; a < ngroups[stk[0]]; a++)
            for (int b = 0; b < ngroups[stk[1]]; b++)
                for (int c = 0; c < ngroups[stk[2]]; c++) {
                    ml_state *ch = ml_child(m, s, k, r);
                    if (!ch)
                        return;
                    const uint8_t pick[3] = {groups[stk[0]][a], groups[stk[1]][b], groups[stk[2]][c]};
                    ch->all = 0;
                    ch->next = 1;
                    memset(ch->lab, 0, sizeof ch->lab);
                    for (int i = 0; i < 3; i++) {
                        const uint8_t *order = canon_orders[__builtin_ctz(pick[i])];
                        ch->stk[i] = stk[i];
                        ch->orders[i] = pick[i];
                        for (int j = 0; j < 3; j++) {
                            int v = srow[stk[i] * 3 + order[j]];
                            if (v)
                                ch->lab[v] = ch->next++;
                        }
                    }
                }
    }
}

/* A state extended by source row r as output row k. */
static void ml_extend_any(ml_search *m, const ml_state *s, int k, int r)
{
    static const uint8_t blank[9];
    const uint8_t *srow = m->src[s->t] + r * 9;
    if (!s->all) {
        ml_extend(m, s, k, r);
    } else if (!m->clues[s->t][r]) {
        if (ml_offer(m, blank))
            ml_child(m, s, k, r);
    } else {
        ml_first_clues(m, s, k, r, srow);
    }
}

/* Every child of s at output row k: a row of a band not used yet when k
 * starts a band, else an unused row of the band of row k-1. */
static void ml_expand(ml_search *m, const ml_state *s, int k)
{
    for (int r = 0; r < 9; r++) {
        int band = r / 3;
        if (k % 3 == 0 ? (s->used >> (band * 3) & 7) != 0 : band != s->rows[k - 1] / 3 || (s->used >> r & 1))
            continue;
        ml_extend_any(m, s, k, r);
    }
}

/* The map of a final state: unseen digits take the labels left, in order. */
static void ml_map(const ml_state *s, sdk_transform *map)
{
    sdk_transform_identity(map);
    map->transpose = s->t;
    memcpy(map->rows, s->rows, 9);
    for (int i = 0; i < 9 && !s->all; i++)
        map->cols[i] = (uint8_t)(s->stk[i / 3] * 3 + canon_orders[__builtin_ctz(s->orders[i / 3])][i % 3]);
    int next = s->next;
    for (int d = 1; d <= 9; d++)
        map->digits[d] = s->lab[d] ? s->lab[d] : (uint8_t)next++;
}

/* ---- solution grids: rows 0 and 1 at once ----
 * A grid's row 0 reads 1 2 ... 9 under every column order (its labels are
 * its positions), so listing the 1,296 orders for row 0 alone decides
 * nothing.  Instead the column order is built for row 1, position by
 * position.  Row 1's cell at output position p is the label, 1 + output
 * position, of the row-0 column that holds the same digit (its "image").
 * If that column is not placed yet, the least value puts it in the first
 * free slot its stack may take, and any other slot gives more: so it is
 * placed there, no branch.  Only a position still empty when reached
 * branches, over the columns (and stacks) that may fill it. */
typedef struct {
    int t, r0, r1;
    uint8_t image[9];    /* the row-0 column holding the digit row 1 has in each column */
    uint8_t col[9];      /* the source column at each output position (0xff: free) */
    uint8_t pos[9];      /* the output position of each source column (0xff: not placed) */
    int8_t out_of[3];    /* the output stack of each source stack (-1: none yet) */
    int8_t src_of[3];    /* the source stack of each output stack (-1: none yet) */
    uint8_t row[9];
} ml_grid;

static void ml_grid_place(ml_grid *g, int c, int p)
{
    g->col[p] = (uint8_t)c;
    g->pos[c] = (uint8_t)p;
    g->out_of[c / 3] = (int8_t)(p / 3);
    g->src_of[p / 3] = (int8_t)(c / 3);
}

/* The first free slot column c may take, or -1. */
static int ml_grid_slot(const ml_grid *g, int c)
{
    int o = g->out_of[c / 3];
    if (o < 0)
        for (o = 0; o < 3 && g->src_of[o] >= 0; o++)
            ;
    for (int p = o * 3; o < 3 && p < o * 3 + 3; p++)
        if (g->col[p] == 0xff)
            return p;
    return -1;
}

/* A finished order: a state at level 1 if row 1 ties or beats the best. */
static void ml_grid_done(ml_search *m, const ml_grid *g)
{
    if (!ml_offer(m, g->row))
        return;
    ml_state *c = ml_push(m);
    if (!c)
        return;
    *c = (ml_state){.t = (uint8_t)g->t, .next = 10, .used = (uint16_t)(1u << g->r0 | 1u << g->r1)};
    c->rows[0] = (uint8_t)g->r0;
    c->rows[1] = (uint8_t)g->r1;
    for (int i = 0; i < 3; i++) {
        c->stk[i] = (uint8_t)g->src_of[i];
        for (int o = 0; o < 6; o++)
            if (canon_orders[o][0] == g->col[i * 3] % 3 && canon_orders[o][1] == g->col[i * 3 + 1] % 3)
                c->orders[i] = (uint8_t)(1u << o);
    }
    for (int d = 1; d <= 9; d++)
        c->lab[d] = 0;
    for (int p = 0; p < 9; p++)
        c->lab[m->src[g->t][g->r0 * 9 + g->col[p]]] = (uint8_t)(p + 1);
}

static void ml_grid_from(ml_search *m, ml_grid *g, int p, int less)
{
    for (; p < 9 && g->col[p] != 0xff; p++) {
        int target = g->image[g->col[p]];
        if (g->pos[target] == 0xff) {
            int slot = ml_grid_slot(g, target);
            if (slot < 0)
                return;           /* (not a grid's band: no slot can hold it) */
            ml_grid_place(g, target, slot);
        }
        int v = g->pos[target] + 1;
        if (!less && v != m->best[p]) {
            if (v > m->best[p])
                return;
            less = 1;
        }
        g->row[p] = (uint8_t)v;
    }
    if (p == 9) {
        ml_grid_done(m, g);
        return;
    }
    /* Position p is free: each column that may fill it, in turn, tried
     * first in place (undone by hand) so that a losing one costs no copy. */
    for (int c = 0; c < 9; c++) {
        int o = g->src_of[p / 3];
        if (g->pos[c] != 0xff || (o >= 0 ? c / 3 != o : g->out_of[c / 3] >= 0))
            continue;
        int8_t out_was = g->out_of[c / 3], src_was = g->src_of[p / 3];
        ml_grid_place(g, c, p);
        int target = g->image[c];
        int v = g->pos[target] != 0xff ? g->pos[target] + 1 : ml_grid_slot(g, target) + 1;
        g->col[p] = g->pos[c] = 0xff;
        g->out_of[c / 3] = out_was;
        g->src_of[p / 3] = src_was;
        if (v == 0 || (!less && v > m->best[p]))
            continue;
        ml_grid saved = *g;
        ml_grid_place(g, c, p);
        ml_grid_from(m, g, p, less);
        *g = saved;
    }
}

/* Level 1 of a grid: every orientation, row 0 and row 1 of its band. */
static void ml_grid_rows(ml_search *m)
{
    for (int t = 0; t < 2; t++)
        for (int r0 = 0; r0 < 9; r0++)
            for (int r1 = r0 / 3 * 3; r1 < r0 / 3 * 3 + 3; r1++) {
                if (r1 == r0)
                    continue;
                ml_grid g = {.t = t, .r0 = r0, .r1 = r1};
                uint8_t col0[10];
                memset(g.col, 0xff, sizeof g.col);
                memset(g.pos, 0xff, sizeof g.pos);
                memset(g.out_of, -1, sizeof g.out_of);
                memset(g.src_of, -1, sizeof g.src_of);
                for (int c = 0; c < 9; c++)
                    col0[m->src[t][r0 * 9 + c]] = (uint8_t)c;
                for (int c = 0; c < 9; c++)
                    g.image[c] = col0[m->src[t][r1 * 9 + c]];
                ml_grid_from(m, &g, 0, 0);
            }
}

/* The column orders a final state stands for: its stacks' tied orders
 * (columns blank in every row) multiplied. */
static uint64_t ml_tied_orders(const ml_state *s)
{
    uint64_t n = 1;
    for (int i = 0; i < 3; i++)
        n *= (uint64_t)__builtin_popcount(s->orders[i]);
    return n;
}

#define ML_STACK_STATES 256

int sdk_canon_minlex(const sdk_board *b, const uint8_t *cells, sdk_canon *out)
{
    if (!sdk_board_is_plain9(b))
        return 0;
    ml_state buf[2][ML_STACK_STATES];
    ml_list lists[2] = {{buf[0], 0, ML_STACK_STATES, 0}, {buf[1], 0, ML_STACK_STATES, 0}};
    ml_search m = {.failed = 0};
    memset(m.clues, 0, sizeof m.clues);
    for (int i = 0; i < 81; i++) {
        m.src[0][i] = cells[i] <= 9 ? cells[i] : 0;
        m.src[1][(i % 9) * 9 + i / 9] = m.src[0][i];
        m.clues[0][i / 9] += m.src[0][i] != 0;
        m.clues[1][i % 9] += m.src[0][i] != 0;
    }
    ml_list *cur = &lists[0];
    int k = 0;
    if (sdk_board_is_solution(b, cells)) {
        m.next = &lists[1];
        memset(m.best, 0xff, sizeof m.best);
        ml_grid_rows(&m);
        for (int i = 0; i < 9; i++)
            out->form[i] = (uint8_t)(i + 1);
        memcpy(out->form + 9, m.best, 9);
        cur = m.next;
        k = 2;
    } else {
        for (int t = 0; t < 2; t++)
            cur->s[cur->count++] = (ml_state){.t = (uint8_t)t, .all = 1, .next = 1};
    }
    for (; k < 9 && !m.failed; k++) {
        m.next = cur == &lists[0] ? &lists[1] : &lists[0];
        m.next->count = 0;
        memset(m.best, 0xff, sizeof m.best);
        for (size_t i = 0; i < cur->count && !m.failed; i++)
            ml_expand(&m, &cur->s[i], k);
        memcpy(out->form + k * 9, m.best, 9);
        cur = m.next;
    }
    int ok = !m.failed;
    if (ok) {
        ml_map(&cur->s[0], &out->map);
        out->automorphisms = 0;
        for (size_t i = 0; i < cur->count; i++)
            out->automorphisms += cur->s[i].all ? 1296 : ml_tied_orders(&cur->s[i]);
    }
    for (int i = 0; i < 2; i++)
        if (lists[i].heap)
            free(lists[i].s);
    return ok ? 1 : -1;
}

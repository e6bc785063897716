/*
 * propagate.c -- constraint propagation for the stochastic solvers'
 * --propagate (the one place it lives; energy.c's singles and the chains'
 * candidates come from here).  Pure logic, no guessing: every digit it
 * places or removes is forced, so the true solution (every solution) keeps
 * its digit in every cell.
 *
 * Works on any board: it reads only the house lists, and every house holds
 * each digit 1..n exactly once.  Rules, repeated until none changes anything:
 *   naked single    a blank cell with one candidate takes it;
 *   hidden single   a digit with one candidate cell in a house goes there;
 * and with SDK_PROPAGATE_FULL, once the singles are exhausted:
 *   all-different   in each house, a candidate that lies in no perfect
 *                   matching of the house's blank cells onto its missing
 *                   digits is removed (Régin's filtering: one maximum
 *                   matching, then strongly connected components).  This is
 *                   every naked and hidden subset (pairs, triples, ...) at
 *                   once;
 *   locked candidates  if the candidates of a digit in house A all lie in
 *                   another house B (a box and a line: pointing, claiming),
 *                   the digit leaves the rest of B.
 */
#include <limits.h>
#include <string.h>
#include "sudoku.h"

typedef struct prop {
    const sdk_board *b;
    uint8_t *val;
    uint32_t *cand;     /* digit d is bit d - 1; 0 once placed */
    int changed;
} prop;

/* Every digit of an n x n board (n <= 25). */
static uint32_t all_digits(int n)
{
    return (1u << n) - 1;
}

/* Places d in blank cell c and removes d from its peers. */
static void place(prop *s, int c, int d)
{
    const sdk_board *b = s->b;
    s->val[c] = (uint8_t)d;
    s->cand[c] = 0;
    for (int i = b->peer_start[c]; i < b->peer_start[c + 1]; i++)
        s->cand[b->peers[i]] &= ~(1u << (d - 1));
    s->changed = 1;
}

/* Naked and hidden singles until neither places anything.  0 on a
 * contradiction (a blank cell or a missing digit of a house with no place). */
static int singles(prop *s)
{
    const sdk_board *b = s->b;
    int n = b->n;
    uint32_t all = all_digits(n);
    for (int placed = 1; placed;) {
        placed = 0;
        for (int c = 0; c < b->ncells; c++) {
            if (s->val[c])
                continue;
            uint32_t m = s->cand[c];
            if (!m)
                return 0;
            if (!(m & (m - 1))) {
                place(s, c, __builtin_ctz(m) + 1);
                placed = 1;
            }
        }
        for (int h = 0; h < b->nhouses; h++) {
            const uint16_t *cells = b->house_cells + h * n;
            uint32_t once = 0, twice = 0, present = 0;
            for (int i = 0; i < n; i++) {
                int c = cells[i];
                if (s->val[c]) {
                    present |= 1u << (s->val[c] - 1);
                } else {
                    twice |= once & s->cand[c];
                    once |= s->cand[c];
                }
            }
            if (all & ~present & ~once)
                return 0;                   /* a digit fits nowhere in h */
            for (uint32_t hidden = once & ~twice & ~present; hidden; hidden &= hidden - 1) {
                int d = __builtin_ctz(hidden);
                for (int i = 0; i < n; i++)
                    if (s->cand[cells[i]] >> d & 1u) {
                        place(s, cells[i], d + 1);
                        placed = 1;
                        break;
                    }
            }
        }
    }
    return 1;
}

/* ---- all-different on one house ---- */

typedef struct house_graph {
    int m;                          /* blank cells = missing digits */
    uint32_t adj[SDK_MAX_N];        /* cell i -> bit j: digit j is a candidate */
    int cell_of[SDK_MAX_N];         /* digit j's matched cell */
    int digit_of[SDK_MAX_N];        /* cell i's matched digit */
    /* Tarjan */
    int index[2 * SDK_MAX_N], low[2 * SDK_MAX_N], comp[2 * SDK_MAX_N], stack[2 * SDK_MAX_N];
    uint8_t on_stack[2 * SDK_MAX_N];
    int next_index, sp, ncomp;
} house_graph;

static int augment(house_graph *g, int i, uint32_t *seen)
{
    for (uint32_t a = g->adj[i] & ~*seen; a; a &= a - 1) {
        int j = __builtin_ctz(a);
        if (*seen >> j & 1u)
            continue;
        *seen |= 1u << j;
        if (g->cell_of[j] < 0 || augment(g, g->cell_of[j], seen)) {
            g->cell_of[j] = i;
            g->digit_of[i] = j;
            return 1;
        }
    }
    return 0;
}

/* Nodes 0..m-1 are cells, m..2m-1 digits.  A cell points to its matched
 * digit; a digit points to every cell that has it as an unmatched candidate.
 * An unmatched edge lies in some perfect matching iff it closes an
 * alternating cycle, i.e. both ends are in one strongly connected component. */
static void strongconnect(house_graph *g, int v);

/* Tarjan's step along the edge v -> w. */
static void strongconnect_edge(house_graph *g, int v, int w)
{
    if (g->index[w] < 0) {
        strongconnect(g, w);
        if (g->low[w] < g->low[v])
            g->low[v] = g->low[w];
    } else if (g->on_stack[w] && g->index[w] < g->low[v]) {
        g->low[v] = g->index[w];
    }
}

static void strongconnect(house_graph *g, int v)
{
    g->index[v] = g->low[v] = g->next_index++;
    g->stack[g->sp++] = v;
    g->on_stack[v] = 1;
    int m = g->m;
    if (v < m) {
        strongconnect_edge(g, v, m + g->digit_of[v]);
    } else {
        int j = v - m;
        for (int w = 0; w < m; w++) {
            if (!(g->adj[w] >> j & 1u) || g->digit_of[w] == j)
                continue;
            strongconnect_edge(g, v, w);
        }
    }
    if (g->low[v] == g->index[v]) {
        int w;
        do {
            w = g->stack[--g->sp];
            g->on_stack[w] = 0;
            g->comp[w] = g->ncomp;
        } while (w != v);
        g->ncomp++;
    }
}

/* Régin's filtering of house h.  0 if its blank cells cannot take its
 * missing digits one each. */
static int all_different(prop *s, int h)
{
    const sdk_board *b = s->b;
    int n = b->n;
    const uint16_t *cells = b->house_cells + h * n;
    house_graph g;
    int cell[SDK_MAX_N], digit[SDK_MAX_N], nd = 0;
    uint32_t present = 0;
    g.m = 0;
    for (int i = 0; i < n; i++) {
        if (s->val[cells[i]])
            present |= 1u << (s->val[cells[i]] - 1);
        else
            cell[g.m++] = cells[i];
    }
    for (int d = 1; d <= n; d++)
        if (!(present >> (d - 1) & 1u))
            digit[nd++] = d;
    if (nd != g.m)
        return 0;
    if (g.m < 2)
        return 1;
    for (int i = 0; i < g.m; i++) {
        g.adj[i] = 0;
        for (int j = 0; j < nd; j++)
            if (s->cand[cell[i]] >> (digit[j] - 1) & 1u)
                g.adj[i] |= 1u << j;
        g.digit_of[i] = -1;
        g.cell_of[i] = -1;
    }
    for (int i = 0; i < g.m; i++) {
        uint32_t seen = 0;
        if (!augment(&g, i, &seen))
            return 0;
    }
    for (int v = 0; v < 2 * g.m; v++) {
        g.index[v] = -1;
        g.on_stack[v] = 0;
    }
    g.next_index = g.sp = g.ncomp = 0;
    for (int v = 0; v < 2 * g.m; v++)
        if (g.index[v] < 0)
            strongconnect(&g, v);
    for (int i = 0; i < g.m; i++)
        for (uint32_t a = g.adj[i]; a; a &= a - 1) {
            int j = __builtin_ctz(a);
            if (j != g.digit_of[i] && g.comp[i] != g.comp[g.m + j]) {
                s->cand[cell[i]] &= ~(1u << (digit[j] - 1));
                s->changed = 1;
            }
        }
    return 1;
}

static int in_house(const sdk_board *b, int c, int h)
{
    for (int i = b->cell_house_start[c]; i < b->cell_house_start[c + 1]; i++)
        if (b->cell_houses[i] == h)
            return 1;
    return 0;
}

/* Locked candidates from house h: a digit whose candidate cells in h all
 * share another house leaves that house's other cells. */
static void locked(prop *s, int h)
{
    const sdk_board *b = s->b;
    int n = b->n;
    const uint16_t *cells = b->house_cells + h * n;
    for (int d = 1; d <= n; d++) {
        uint32_t bit = 1u << (d - 1);
        int where[SDK_MAX_N], k = 0;
        for (int i = 0; i < n; i++)
            if (s->cand[cells[i]] & bit)
                where[k++] = cells[i];
        if (k < 2)
            continue;                       /* none, or a hidden single */
        for (int i = b->cell_house_start[where[0]]; i < b->cell_house_start[where[0] + 1]; i++) {
            int h2 = b->cell_houses[i];
            if (h2 == h)
                continue;
            int all = 1;
            for (int j = 1; j < k && all; j++)
                all = in_house(b, where[j], h2);
            if (!all)
                continue;
            const uint16_t *other = b->house_cells + h2 * n;
            for (int j = 0; j < n; j++)
                if ((s->cand[other[j]] & bit) && !in_house(b, other[j], h)) {
                    s->cand[other[j]] &= ~bit;
                    s->changed = 1;
                }
        }
    }
}

/* The rules of `level` until none changes anything; 0 on a contradiction. */
static int fixpoint(prop *s, int level)
{
    const sdk_board *b = s->b;
    for (;;) {
        if (!singles(s))
            return 0;
        if (level < SDK_PROPAGATE_FULL)
            return 1;
        s->changed = 0;
        for (int h = 0; h < b->nhouses; h++)
            if (!all_different(s, h))
                return 0;
        for (int h = 0; h < b->nhouses; h++)
            locked(s, h);
        if (!s->changed)
            return 1;
    }
}

int sdk_propagate(const sdk_board *b, const uint8_t *puzzle, int level, uint8_t *out, uint32_t *cand)
{
    uint32_t local[SDK_MAX_CELLS];
    uint32_t full = all_digits(b->n);
    prop s = {b, out, cand ? cand : local, 0};
    memcpy(out, puzzle, (size_t)b->ncells);
    if (!sdk_board_givens_consistent(b, puzzle, NULL))
        return 0;
    for (int c = 0; c < b->ncells; c++) {
        uint32_t left = 0;
        if (!puzzle[c]) {
            left = full;
            for (int i = b->peer_start[c]; i < b->peer_start[c + 1]; i++)
                if (puzzle[b->peers[i]])
                    left &= ~(1u << (puzzle[b->peers[i]] - 1));
        }
        s.cand[c] = left;
    }
    return fixpoint(&s, level) && sdk_board_givens_consistent(b, out, NULL);
}

static int probe(const sdk_board *b, uint8_t *val, uint32_t *cand, int level, sdk_rng *r)
{
    uint8_t try_val[SDK_MAX_CELLS];
    uint32_t try_cand[SDK_MAX_CELLS];
    size_t cand_bytes = sizeof(uint32_t) * (size_t)b->ncells;
    prop s = {b, try_val, try_cand, 0};
    for (;;) {
        int cell = -1, fewest = INT_MAX;
        uint32_t ties = 0;
        for (int c = 0; c < b->ncells; c++) {
            if (val[c])
                continue;
            int k = __builtin_popcount(cand[c]);
            if (k < fewest) {
                fewest = k;
                cell = c;
                ties = 1;
            } else if (k == fewest && sdk_rng_below(r, ++ties) == 0) {
                cell = c;
            }
        }
        if (cell < 0)
            return 1;
        if (fewest == 0)
            return 0;
        uint32_t m = cand[cell];
        for (uint32_t i = sdk_rng_below(r, (uint32_t)fewest); i > 0; i--)
            m &= m - 1;
        memcpy(try_val, val, (size_t)b->ncells);
        memcpy(try_cand, cand, cand_bytes);
        place(&s, cell, __builtin_ctz(m) + 1);
        if (!fixpoint(&s, level))
            return 0;
        memcpy(val, try_val, (size_t)b->ncells);
        memcpy(cand, try_cand, cand_bytes);
    }
}

int sdk_propagate_probe(const sdk_board *b, uint8_t *val, uint32_t *cand, int level, sdk_rng *r)
{
    return probe(b, val, cand, level, r);
}

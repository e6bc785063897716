/*
 * rate.h -- what the search-tree ratings share (internal, not part of the
 * public API): rate.c (the ratings and the general width walk), rate9.c (the
 * same walk on whole masks for 9x9) and depth.c (the depth search).
 *
 * A search node is the cells' values plus their candidate masks (digit d is
 * bit d - 1); "pencil marks" are naked singles only, as the ratings' source
 * (Watanabe, arXiv:1303.1886) defines them; on a killer a cage's digits
 * count as its cells' peers' and its empty cells keep only the digits of
 * the sets that can still make up its sum (killer_cage_marks), the pencil
 * marks of a killer solver.  The node steps are inline: they are the
 * general walk's inner loop.
 */
#ifndef SUDOKU_RATE_H
#define SUDOKU_RATE_H

#include <string.h>
#include "../board/board.h"

typedef struct rate_search {
    const sdk_board *b;
    int ncells;
    uint32_t full;              /* all n digits */
    uint8_t *val;               /* levels x ncells, 0 = empty */
    uint32_t *cand;             /* levels x ncells candidate masks (meaningful for empty cells) */
    uint16_t *queue;            /* ncells: empty cells left with one candidate, to place */
    int queued;
    sdk_rng *tiebreak;          /* NULL: top-left */
    const sdk_budget *budget;
    uint64_t nodes, solutions;
    int stopped;
} rate_search;

/* Buffers for `levels` nodes of board b; 0 when out of memory. */
int rate_search_init(rate_search *s, const sdk_board *b, int levels);
void rate_search_free(rate_search *s);


/* Places v in empty cell c and strikes v from the candidates of its empty
 * peers; a peer left with one candidate is queued.  Returns 0 if a peer is
 * left with none (a contradiction), else 1. */
static inline int rate_node_place(rate_search *s, uint8_t *val, uint32_t *cand, int c, int v)
{
    const sdk_board *b = s->b;
    uint32_t bit = 1u << (v - 1);
    val[c] = (uint8_t)v;
    for (int k = b->peer_start[c]; k < b->peer_start[c + 1]; k++) {
        int p = b->peers[k];
        if (val[p] || !(cand[p] & bit))
            continue;
        uint32_t m = cand[p] &= ~bit;
        if (!m)
            return 0;
        if (!(m & (m - 1)))
            s->queue[s->queued++] = (uint16_t)p;
    }
    if (b->cell_cage && b->cell_cage[c] >= 0)
        return killer_cage_marks(b, b->cell_cage[c], val, cand, s->queue, &s->queued);
    return 1;
}

/* Fills a node's masks from its values: each empty cell may hold any digit
 * no peer holds.  Cells left with one candidate are queued.  Returns the
 * number of empty cells, or -1 if one has no candidate. */
static inline int rate_node_build(rate_search *s, uint8_t *val, uint32_t *cand)
{
    const sdk_board *b = s->b;
    int empty = 0, dead = 0;
    s->queued = 0;
    for (int c = 0; c < s->ncells; c++) {
        if (val[c]) {
            cand[c] = 0;
            continue;
        }
        uint32_t used = 0;
        for (int k = b->peer_start[c]; k < b->peer_start[c + 1]; k++) {
            int v = val[b->peers[k]];
            if (v)
                used |= 1u << (v - 1);
        }
        uint32_t m = cand[c] = s->full & ~used;
        dead |= !m;
        if (m && !(m & (m - 1)))
            s->queue[s->queued++] = (uint16_t)c;
        empty++;
    }
    for (int j = 0; j < b->ncages && !dead; j++)
        dead = !killer_cage_marks(b, j, val, cand, s->queue, &s->queued);
    return dead ? -1 : empty;
}

/* Pencil marks: places the queued naked singles, and those they make, until
 * none is left.  Returns the number of empty cells left, or -1 on a
 * contradiction (a cell with no candidate). */
static inline int rate_node_propagate(rate_search *s, uint8_t *val, uint32_t *cand, int empty)
{
    if (empty < 0) {
        s->queued = 0;
        return -1;
    }
    while (s->queued > 0) {
        int c = s->queue[--s->queued];
        if (!rate_node_place(s, val, cand, c, __builtin_ctz(cand[c]) + 1)) {
            s->queued = 0;
            return -1;
        }
        empty--;
    }
    return empty;
}

/* The fewest candidates over the empty cells (0 = a contradiction), and how
 * many cells have that many. */
static inline int rate_node_fewest(const rate_search *s, const uint8_t *val, const uint32_t *cand,
                                   int *ties, int *first)
{
    int best = 99, count = 0, where = -1;
    for (int c = 0; c < s->ncells; c++) {
        if (val[c])
            continue;
        int k = __builtin_popcount(cand[c]);
        if (k < best) {
            best = k;
            count = 1;
            where = c;
            if (k == 0)
                break;
        } else if (k == best) {
            count++;
        }
    }
    *ties = count;
    *first = where;
    return best;
}

/* The normal (tiebreak NULL) or a random-tie-break width of a 9x9 puzzle
 * (rate9.c): sdk_rate_width's fast path, same contract. */
uint64_t rate9_width(const uint8_t *puzzle, sdk_rng *tiebreak, uint64_t *solutions, const sdk_budget *budget);

#endif /* SUDOKU_RATE_H */

/*
 * rate.c -- the search-tree difficulty of Watanabe (arXiv:1303.1886, our
 * source 004): depth, normal width and average width, for any board size.
 *
 * The ratings are defined by one particular search, so this file has its own
 * small solver instead of reusing exact.c (whose hidden singles would change
 * every figure): "pencil marks" = naked singles only, applied by scanning the
 * cells in row-major order and repeating until a pass places nothing, then
 * branching on a cell with the fewest candidates.  The reference values in
 * puzzles/named-hard.txt (Inkala2012: depth 8, normal width 3599) are the test.
 *
 * A search node is the cells' values plus their candidate masks; each level
 * of the recursion owns one node, so a child is "copy the node one level
 * down, place one digit, propagate".
 *
 * Propagation runs from a worklist (the cells just left with one candidate)
 * instead of repeated row-major passes: naked singles are unit propagation,
 * which reaches the same fixpoint, or a contradiction, in any order, so the
 * trees and every figure are the definition's -- only much cheaper (the
 * passes rescanned all cells for each few placements).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "sudoku.h"

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

static int rate_search_init(rate_search *s, const sdk_board *b, int levels)
{
    memset(s, 0, sizeof *s);
    s->b = b;
    s->ncells = b->ncells;
    s->full = b->n >= 32 ? 0xffffffffu : (1u << b->n) - 1;
    s->val = malloc((size_t)b->ncells * (size_t)levels);
    s->cand = malloc(sizeof(uint32_t) * (size_t)b->ncells * (size_t)levels);
    s->queue = malloc(sizeof(uint16_t) * (size_t)b->ncells);
    if (!s->val || !s->cand || !s->queue) {
        free(s->val);
        free(s->cand);
        free(s->queue);
        return 0;
    }
    return 1;
}

static void rate_search_free(rate_search *s)
{
    free(s->val);
    free(s->cand);
    free(s->queue);
}

/* Places v in empty cell c and strikes v from the candidates of its empty
 * peers; a peer left with one candidate is queued.  Returns 0 if a peer is
 * left with none (a contradiction), else 1. */
static int node_place(rate_search *s, uint8_t *val, uint32_t *cand, int c, int v)
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
    return 1;
}

/* Fills a node's masks from its values: each empty cell may hold any digit
 * no peer holds.  Cells left with one candidate are queued.  Returns the
 * number of empty cells, or -1 if one has no candidate. */
static int node_build(rate_search *s, uint8_t *val, uint32_t *cand)
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
    return dead ? -1 : empty;
}

/* Pencil marks: places the queued naked singles, and those they make, until
 * none is left.  Returns the number of empty cells left, or -1 on a
 * contradiction (a cell with no candidate). */
static int node_propagate(rate_search *s, uint8_t *val, uint32_t *cand, int empty)
{
    if (empty < 0) {
        s->queued = 0;
        return -1;
    }
    while (s->queued > 0) {
        int c = s->queue[--s->queued];
        if (!node_place(s, val, cand, c, __builtin_ctz(cand[c]) + 1)) {
            s->queued = 0;
            return -1;
        }
        empty--;
    }
    return empty;
}

/* The fewest candidates over the empty cells (0 = a contradiction), and how
 * many cells have that many. */
static int node_fewest(const rate_search *s, const uint8_t *val, const uint32_t *cand, int *ties,
                       int *first)
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

/* The index-th cell (0-based, row-major) among those with `fewest` candidates. */
static int node_tied_cell(const rate_search *s, const uint8_t *val, const uint32_t *cand, int fewest,
                          int index)
{
    for (int c = 0; c < s->ncells; c++)
        if (!val[c] && __builtin_popcount(cand[c]) == fewest && index-- == 0)
            return c;
    return -1;
}

static uint64_t width_node(rate_search *s, int level, int empty)
{
    int nc = s->ncells;
    uint8_t *val = s->val + (size_t)level * nc;
    uint32_t *cand = s->cand + (size_t)level * nc;
    s->nodes++;
    if ((s->nodes & 1023) == 0 && sdk_budget_expired(s->budget))
        s->stopped = 1;
    if (s->stopped)
        return 1;
    empty = node_propagate(s, val, cand, empty);
    if (empty < 0)
        return 1;
    if (empty == 0) {
        s->solutions++;
        return 1;
    }
    int ties, cell;
    int fewest = node_fewest(s, val, cand, &ties, &cell);
    if (s->tiebreak && ties > 1)
        cell = node_tied_cell(s, val, cand, fewest, (int)sdk_rng_below(s->tiebreak, (uint32_t)ties));
    uint64_t width = 1;
    for (uint32_t choices = cand[cell]; choices; choices &= choices - 1) {
        memcpy(val + nc, val, (size_t)nc);
        memcpy(cand + nc, cand, sizeof(uint32_t) * (size_t)nc);
        s->queued = 0;
        int alive = node_place(s, val + nc, cand + nc, cell, __builtin_ctz(choices) + 1);
        width += width_node(s, level + 1, alive ? empty - 1 : -1);
    }
    return width;
}

/* ---- the same tree walk on whole masks, for standard 9x9 boards ----------
 *
 * The width walks are the hot loop of `generate --hard`.  On 9x9 a node is
 * ten 81-bit masks: for each digit the empty cells that may still take it,
 * and the empty cells.  A pass finds every naked single at once by counting
 * candidates bit-sliced over the nine masks, and places them all (the order
 * does not matter, as above); the branching cell is the lowest bit of the
 * cells with the fewest candidates, which is the first in row-major order.
 * Same nodes, same order of children, same tie-break draws as width_node.
 */
typedef unsigned __int128 cells81;

typedef struct w9_node {
    cells81 may[9];             /* empty cells where digit d + 1 has not been ruled out */
    cells81 empty;
} w9_node;

typedef struct w9_walk {
    cells81 peers[81];
    sdk_rng *tiebreak;
    const sdk_budget *budget;
    uint64_t nodes, solutions;
    int stopped;
} w9_walk;

static int w9_lowest(cells81 m)
{
    uint64_t low = (uint64_t)m;
    return low ? __builtin_ctzll(low) : 64 + __builtin_ctzll((uint64_t)(m >> 64));
}

static int w9_count(cells81 m)
{
    return __builtin_popcountll((uint64_t)m) + __builtin_popcountll((uint64_t)(m >> 64));
}

static void w9_place(const w9_walk *w, w9_node *x, int c, int d)
{
    cells81 cell = (cells81)1 << c;
    x->empty &= ~cell;
    for (int e = 0; e < 9; e++)
        x->may[e] &= ~cell;
    x->may[d] &= ~w->peers[c];
}

/* Pencil marks: places every naked single, pass after pass.  Returns 0 on a
 * contradiction (an empty cell with no candidate). */
static int w9_propagate(const w9_walk *w, w9_node *x)
{
    for (;;) {
        cells81 any = 0, several = 0;
        for (int d = 0; d < 9; d++) {
            several |= any & x->may[d];
            any |= x->may[d];
        }
        if (x->empty & ~any)
            return 0;
        cells81 single = any & ~several;
        if (!single)
            return 1;
        for (int d = 0; d < 9; d++)
            for (cells81 todo = single & x->may[d]; todo; todo &= todo - 1) {
                int c = w9_lowest(todo);
                if (!((x->may[d] >> c) & 1))
                    return 0;   /* a peer single of the same digit took its last candidate */
                w9_place(w, x, c, d);
            }
    }
}

/* The empty cells with the fewest candidates (at a fixpoint: 2 or more). */
static cells81 w9_fewest(const w9_node *x)
{
    cells81 bit0 = 0, bit1 = 0, bit2 = 0, bit3 = 0;     /* candidate counts, bit-sliced */
    for (int d = 0; d < 9; d++) {
        cells81 carry0 = bit0 & x->may[d];
        bit0 ^= x->may[d];
        cells81 carry1 = bit1 & carry0;
        bit1 ^= carry0;
        cells81 carry2 = bit2 & carry1;
        bit2 ^= carry1;
        bit3 |= carry2;
    }
    for (int k = 2; k <= 9; k++) {
        cells81 m = x->empty & (k & 1 ? bit0 : ~bit0) & (k & 2 ? bit1 : ~bit1) & (k & 4 ? bit2 : ~bit2) &
                    (k & 8 ? bit3 : ~bit3);
        if (m)
            return m;
    }
    return 0;
}

static uint64_t w9_width(w9_walk *w, w9_node *x)
{
    w->nodes++;
    if ((w->nodes & 1023) == 0 && sdk_budget_expired(w->budget))
        w->stopped = 1;
    if (w->stopped || !w9_propagate(w, x))
        return 1;
    if (!x->empty) {
        w->solutions++;
        return 1;
    }
    cells81 tied = w9_fewest(x);
    int ties = w9_count(tied);
    if (w->tiebreak && ties > 1)
        for (int skip = (int)sdk_rng_below(w->tiebreak, (uint32_t)ties); skip > 0; skip--)
            tied &= tied - 1;
    int cell = w9_lowest(tied);
    uint64_t width = 1;
    for (int d = 0; d < 9; d++) {
        if (!((x->may[d] >> cell) & 1))
            continue;
        w9_node child = *x;
        w9_place(w, &child, cell, d);
        width += w9_width(w, &child);
    }
    return width;
}

static uint64_t width_9x9(const sdk_board *b, const uint8_t *puzzle, sdk_rng *tiebreak, uint64_t *solutions,
                          const sdk_budget *budget)
{
    w9_walk w = {.tiebreak = tiebreak, .budget = budget};
    w9_node root;
    for (int c = 0; c < 81; c++) {
        w.peers[c] = 0;
        for (int k = b->peer_start[c]; k < b->peer_start[c + 1]; k++)
            w.peers[c] |= (cells81)1 << b->peers[k];
    }
    root.empty = ((cells81)1 << 81) - 1;
    for (int d = 0; d < 9; d++)
        root.may[d] = root.empty;
    for (int c = 0; c < 81; c++)
        if (puzzle[c])
            w9_place(&w, &root, c, puzzle[c] - 1);
    uint64_t width = w9_width(&w, &root);
    if (solutions)
        *solutions = w.solutions;
    return w.stopped ? 0 : width;
}

uint64_t sdk_rate_width(const sdk_board *b, const uint8_t *puzzle, sdk_rng *tiebreak,
                        uint64_t *solutions, const sdk_budget *budget)
{
    if (b->n == 9 && b->box_rows == 3 && b->nhouses == 27) {
        if (solutions)
            *solutions = 0;
        if (!sdk_board_givens_consistent(b, puzzle, NULL))
            return 1;               /* clues that contradict each other: a single dead node */
        return width_9x9(b, puzzle, tiebreak, solutions, budget);
    }
    return sdk_rate_width_general(b, puzzle, tiebreak, solutions, budget);
}

uint64_t sdk_rate_width_general(const sdk_board *b, const uint8_t *puzzle, sdk_rng *tiebreak,
                                uint64_t *solutions, const sdk_budget *budget)
{
    rate_search s;
    if (solutions)
        *solutions = 0;
    if (!rate_search_init(&s, b, b->ncells + 1))
        return 0;
    s.tiebreak = tiebreak;
    s.budget = budget;
    uint64_t width = 1;             /* clues that contradict each other: a single dead node */
    if (sdk_board_givens_consistent(b, puzzle, NULL)) {
        memcpy(s.val, puzzle, (size_t)b->ncells);
        width = width_node(&s, 0, node_build(&s, s.val, s.cand));
    }
    if (solutions)
        *solutions = s.solutions;
    rate_search_free(&s);
    return s.stopped ? 0 : width;
}

/* ---- depth: breadth-first over the states reachable by branching --------
 *
 * Along a depth path every branch sets a cell to its solution value, so a
 * node is fully described by the set of its filled cells (values come from
 * the solution, masks from the values).  Breadth-first search over these
 * sets, each visited once, gives the fewest branchings directly and avoids
 * re-exploring the many orders in which the same cells can be chosen.
 */
typedef struct key_set {
    int words;                  /* uint64 words per key */
    size_t cap, used;           /* slots (a power of two), occupied */
    uint64_t *slots;            /* cap x words; an all-zero key marks a free slot */
} key_set;

static uint64_t key_hash(const uint64_t *key, int words)
{
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < words; i++) {
        h ^= key[i];
        h *= 0xbf58476d1ce4e5b9ull;
        h ^= h >> 29;
    }
    return h;
}

static int key_is_zero(const uint64_t *key, int words)
{
    for (int i = 0; i < words; i++)
        if (key[i])
            return 0;
    return 1;
}

static int key_set_grow(key_set *set);

/* Adds key (not all-zero).  Returns 1 if it was new, 0 if it was there,
 * -1 when out of memory. */
static int key_set_add(key_set *set, const uint64_t *key)
{
    if ((set->used + 1) * 2 > set->cap && !key_set_grow(set))
        return -1;
    size_t mask = set->cap - 1;
    size_t i = (size_t)key_hash(key, set->words) & mask;
    size_t bytes = sizeof(uint64_t) * (size_t)set->words;
    for (;; i = (i + 1) & mask) {
        uint64_t *slot = set->slots + i * (size_t)set->words;
        if (key_is_zero(slot, set->words)) {
            memcpy(slot, key, bytes);
            set->used++;
            return 1;
        }
        if (memcmp(slot, key, bytes) == 0)
            return 0;
    }
}

static int key_set_grow(key_set *set)
{
    key_set bigger = *set;
    bigger.cap = set->cap ? set->cap * 2 : 1024;
    bigger.used = 0;
    bigger.slots = calloc(bigger.cap, sizeof(uint64_t) * (size_t)set->words);
    if (!bigger.slots)
        return 0;
    for (size_t i = 0; i < set->cap; i++) {
        const uint64_t *slot = set->slots + i * (size_t)set->words;
        if (!key_is_zero(slot, set->words))
            key_set_add(&bigger, slot);
    }
    free(set->slots);
    *set = bigger;
    return 1;
}

/* A growable list of keys: one BFS level. */
typedef struct key_list {
    uint64_t *keys;
    size_t count, cap;
} key_list;

static int key_list_push(key_list *list, const uint64_t *key, int words)
{
    if (list->count == list->cap) {
        size_t cap = list->cap ? list->cap * 2 : 256;
        uint64_t *grown = realloc(list->keys, cap * sizeof(uint64_t) * (size_t)words);
        if (!grown)
            return 0;
        list->keys = grown;
        list->cap = cap;
    }
    memcpy(list->keys + list->count * (size_t)words, key, sizeof(uint64_t) * (size_t)words);
    list->count++;
    return 1;
}

static void node_key(const rate_search *s, const uint8_t *val, uint64_t *key, int words)
{
    memset(key, 0, sizeof(uint64_t) * (size_t)words);
    for (int c = 0; c < s->ncells; c++)
        if (val[c])
            key[c >> 6] |= 1ull << (c & 63);
}

int sdk_rate_depth(const sdk_board *b, const uint8_t *puzzle, const uint8_t *solution,
                   int max_depth, const sdk_budget *budget)
{
    rate_search s;
    if (!rate_search_init(&s, b, 2))
        return -1;
    int nc = b->ncells, words = (nc + 63) / 64;
    uint8_t *val = s.val, *child_val = s.val + nc;
    uint32_t *cand = s.cand, *child_cand = s.cand + nc;
    uint64_t *key = calloc((size_t)words, sizeof(uint64_t));
    key_set seen = {words, 0, 0, NULL};
    key_list level = {0}, next = {0};
    int depth = -1;
    if (!key)
        goto done;

    memcpy(val, puzzle, (size_t)nc);
    int root_empty = node_propagate(&s, val, cand, node_build(&s, val, cand));
    if (root_empty == 0) {
        depth = 0;
        goto done;
    }
    if (root_empty < 0)
        goto done;              /* contradictory clues: no path to the solution */
    node_key(&s, val, key, words);
    /* An all-zero key (the empty board) marks a free slot, so it stays out of the set. */
    if (!key_list_push(&level, key, words) || (!key_is_zero(key, words) && key_set_add(&seen, key) < 0))
        goto done;

    for (int d = 1; level.count > 0 && (max_depth < 0 || d <= max_depth); d++) {
        next.count = 0;
        for (size_t i = 0; i < level.count; i++) {
            if ((i & 63) == 0 && sdk_budget_expired(budget))
                goto done;
            const uint64_t *state = level.keys + i * (size_t)words;
            for (int c = 0; c < nc; c++)
                val[c] = (state[c >> 6] >> (c & 63)) & 1 ? solution[c] : 0;
            /* A stored state is a propagation fixpoint: nothing to queue. */
            int empty = node_build(&s, val, cand);
            s.queued = 0;
            int ties, first;
            int fewest = node_fewest(&s, val, cand, &ties, &first);
            if (empty < 0 || fewest == 0)
                continue;       /* cannot happen with solution values; harmless */
            for (int c = first; c < nc; c++) {
                if (val[c] || __builtin_popcount(cand[c]) != fewest)
                    continue;
                memcpy(child_val, val, (size_t)nc);
                memcpy(child_cand, cand, sizeof(uint32_t) * (size_t)nc);
                s.queued = 0;
                int left = node_place(&s, child_val, child_cand, c, solution[c]) ? empty - 1 : -1;
                left = node_propagate(&s, child_val, child_cand, left);
                if (left == 0) {
                    depth = d;
                    goto done;
                }
                if (left < 0)
                    continue;   /* cannot happen with solution values */
                node_key(&s, child_val, key, words);
                int added = key_set_add(&seen, key);
                if (added < 0 || (added && !key_list_push(&next, key, words)))
                    goto done;
            }
        }
        key_list swap = level;
        level = next;
        next = swap;
    }
done:
    free(key);
    free(seen.slots);
    free(level.keys);
    free(next.keys);
    rate_search_free(&s);
    return depth;
}

sdk_status sdk_rate(const sdk_board *b, const uint8_t *puzzle, int samples, uint32_t seed,
                    sdk_rating *out, const sdk_budget *budget)
{
    uint8_t solution[SDK_MAX_CELLS];
    sdk_status status;
    memset(out, 0, sizeof *out);
    out->depth = -1;
    for (int c = 0; c < b->ncells; c++)
        out->clues += puzzle[c] != 0;
    out->solutions = sdk_exact_count(b, puzzle, 2, solution, NULL, budget, &status);
    if (status != SDK_SOLVED && status != SDK_UNSOLVABLE)
        return status;
    if (out->solutions != 1)
        return SDK_UNSOLVABLE;

    out->depth = sdk_rate_depth(b, puzzle, solution, -1, budget);
    out->normal_width = sdk_rate_width(b, puzzle, NULL, NULL, budget);
    if (out->depth < 0 || out->normal_width == 0)
        goto stopped;
    sdk_rng rng;
    sdk_rng_seed(&rng, seed);
    double sum = 0, sum_sq = 0;
    for (int i = 0; i < samples; i++) {
        uint64_t w = sdk_rate_width(b, puzzle, &rng, NULL, budget);
        if (w == 0)
            goto stopped;
        sum += (double)w;
        sum_sq += (double)w * (double)w;
    }
    out->samples = samples;
    if (samples > 0) {
        /* As in the paper's program: population variance, error = sqrt(var / N). */
        double mean = sum / samples;
        double var = sum_sq / samples - mean * mean;
        out->avg_width = mean;
        out->avg_width_err = sqrt(var > 0 ? var / samples : 0);
    }
    return SDK_SOLVED;
stopped:
    return budget && budget->interrupt && *budget->interrupt ? SDK_INTERRUPTED : SDK_TIMEOUT;
}

/*
 * exact.c -- the exact solver for every board: candidate bitmasks,
 * propagation of naked and hidden singles, branching on a cell with the
 * fewest candidates.  It counts solutions up to a limit and is the oracle the
 * rest of the project leans on (verifying stochastic answers, proving
 * generated puzzles unique).  9x9 boards with standard boxes go to the faster
 * kernel in exact9.c.
 *
 * Each search level owns a copy of the candidate masks and values, so
 * backtracking is just moving back one level.
 */
#include <stdlib.h>
#include <string.h>
#include "sudoku.h"

typedef struct search {
    const sdk_board *b;
    int n, ncells;
    uint32_t full;                  /* all n digits */
    uint64_t limit, count;
    uint8_t *solution;
    sdk_stats *st;
    const sdk_budget *budget;
    int stopped;
    uint64_t nodes;
    uint32_t *cand;                 /* (ncells+1) levels x ncells masks; 0 once placed */
    uint8_t *val;                   /* same layout: 0 = empty */
    uint16_t *queue;                /* cells whose mask became a single bit */
} search;

static int popcount32(uint32_t x)
{
    return __builtin_popcount(x);
}

/* Places v in cell c and removes it from the peers; queues new singles.
 * Returns 0 on a contradiction. */
static int search_place(search *s, uint32_t *cand, uint8_t *val, int c, int v, int *queued)
{
    uint32_t bit = 1u << (v - 1);
    const sdk_board *b = s->b;
    val[c] = (uint8_t)v;
    cand[c] = 0;
    for (int k = b->peer_start[c]; k < b->peer_start[c + 1]; k++) {
        int p = b->peers[k];
        if (val[p]) {
            if (val[p] == v)
                return 0;
            continue;
        }
        if (!(cand[p] & bit))
            continue;
        cand[p] &= ~bit;
        if (!cand[p])
            return 0;
        if (!(cand[p] & (cand[p] - 1)))
            s->queue[(*queued)++] = (uint16_t)p;
    }
    return 1;
}

/* Naked singles from the queue, then hidden singles per house, until
 * nothing changes.  Returns the number of empty cells left, or -1 on a
 * contradiction. */
static int search_propagate(search *s, uint32_t *cand, uint8_t *val, int queued, int empty)
{
    const sdk_board *b = s->b;
    int n = s->n;
    for (;;) {
        while (queued > 0) {
            int c = s->queue[--queued];
            if (val[c])
                continue;
            uint32_t m = cand[c];          /* a single bit: masks only shrink */
            if (!m)
                return -1;
            if (!search_place(s, cand, val, c, __builtin_ctz(m) + 1, &queued))
                return -1;
            empty--;
        }
        if (empty == 0)
            return 0;
        int changed = 0;
        for (int h = 0; h < b->nhouses; h++) {
            const uint16_t *cells = b->house_cells + h * n;
            uint32_t once = 0, twice = 0, placed = 0;
            for (int i = 0; i < n; i++) {
                int c = cells[i];
                if (val[c]) {
                    placed |= 1u << (val[c] - 1);
                } else {
                    twice |= once & cand[c];
                    once |= cand[c];
                }
            }
            uint32_t missing = s->full & ~placed;
            if ((once & missing) != missing)
                return -1;                 /* a digit with nowhere to go */
            uint32_t hidden = once & ~twice & missing;
            while (hidden) {
                uint32_t bit = hidden & -hidden;
                hidden &= hidden - 1;
                int i = 0;
                while (i < n && !(cand[cells[i]] & bit))
                    i++;
                if (i == n)
                    return -1;             /* its only cell took another digit */
                int c = cells[i];
                if (cand[c] != bit) {
                    cand[c] = bit;
                    s->queue[queued++] = (uint16_t)c;
                    changed = 1;
                }
            }
        }
        if (!changed && queued == 0)
            return empty;
    }
}

static void search_level(search *s, int depth, int empty)
{
    if (s->stopped)
        return;
    s->nodes++;
    if (s->budget && ((s->budget->max_iters && s->nodes > s->budget->max_iters) ||
                      (s->nodes % 256 == 0 && sdk_budget_expired(s->budget)))) {
        s->stopped = 1;
        return;
    }
    int nc = s->ncells;
    uint32_t *cand = s->cand + (size_t)depth * nc;
    uint8_t *val = s->val + (size_t)depth * nc;
    if (empty == 0) {
        if (s->count == 0 && s->solution)
            memcpy(s->solution, val, (size_t)nc);
        s->count++;
        return;
    }
    int best = -1, best_count = 99;
    for (int c = 0; c < nc; c++) {
        if (val[c])
            continue;
        int k = popcount32(cand[c]);
        if (k < best_count) {
            best_count = k;
            best = c;
            if (k == 2)
                break;
        }
    }
    uint32_t choices = cand[best];
    while (choices && !s->stopped && (s->limit == 0 || s->count < s->limit)) {
        uint32_t bit = choices & -choices;
        choices &= choices - 1;
        if (s->st)
            s->st->guesses++;
        uint32_t *next_cand = cand + nc;
        uint8_t *next_val = val + nc;
        memcpy(next_cand, cand, sizeof(uint32_t) * (size_t)nc);
        memcpy(next_val, val, (size_t)nc);
        next_cand[best] = bit;
        s->queue[0] = (uint16_t)best;
        int left = search_propagate(s, next_cand, next_val, 1, empty);
        if (left >= 0)
            search_level(s, depth + 1, left);
    }
}

uint64_t sdk_exact_count_general(const sdk_board *b, const uint8_t *puzzle, uint64_t limit,
                                 uint8_t *solution, sdk_stats *st, const sdk_budget *budget,
                                 sdk_status *status)
{
    int nc = b->ncells;
    search s = {0};
    s.b = b;
    s.n = b->n;
    s.ncells = nc;
    s.full = b->n == 32 ? 0xffffffffu : (1u << b->n) - 1;
    s.limit = limit;
    s.solution = solution;
    s.st = st;
    s.budget = budget;
    if (status)
        *status = SDK_UNSOLVABLE;
    if (!sdk_board_givens_consistent(b, puzzle, NULL))
        return 0;

    /* Every placement removes at least one empty cell, so ncells+1 levels suffice. */
    s.cand = malloc(sizeof(uint32_t) * (size_t)nc * (size_t)(nc + 1));
    s.val = malloc((size_t)nc * (size_t)(nc + 1));
    s.queue = malloc(sizeof(uint16_t) * (size_t)nc * 2);
    if (!s.cand || !s.val || !s.queue) {
        free(s.cand);
        free(s.val);
        free(s.queue);
        if (status)
            *status = SDK_TIMEOUT;
        return 0;
    }
    int empty = 0, queued = 0;
    for (int c = 0; c < nc; c++) {
        s.val[c] = 0;
        s.cand[c] = s.full;
    }
    int ok = 1;
    for (int c = 0; c < nc && ok; c++) {
        if (puzzle[c]) {
            ok = search_place(&s, s.cand, s.val, c, puzzle[c], &queued);
        }
    }
    for (int c = 0; c < nc; c++)
        empty += !s.val[c];
    if (ok) {
        int left = search_propagate(&s, s.cand, s.val, queued, empty);
        if (left >= 0)
            search_level(&s, 0, left);
    }
    free(s.cand);
    free(s.val);
    free(s.queue);
    if (st)
        st->nodes += s.nodes;
    if (status) {
        if (s.stopped)
            *status = (budget && budget->interrupt && *budget->interrupt) ? SDK_INTERRUPTED : SDK_TIMEOUT;
        else
            *status = s.count ? SDK_SOLVED : SDK_UNSOLVABLE;
    }
    return s.count;
}

uint64_t sdk_exact_count(const sdk_board *b, const uint8_t *puzzle, uint64_t limit,
                         uint8_t *solution, sdk_stats *st, const sdk_budget *budget,
                         sdk_status *status)
{
    /* The 9x9 kernel has no budget to check: a 9x9 search takes microseconds. */
    if (sdk_board_is_plain9(b)) {
        uint64_t count = sdk_exact9_count(puzzle, limit, solution, st);
        if (count != UINT64_MAX) {
            if (status)
                *status = count ? SDK_SOLVED : SDK_UNSOLVABLE;
            return count;
        }
    }
    return sdk_exact_count_general(b, puzzle, limit, solution, st, budget, status);
}

/*
 * rate.c -- the search-tree difficulty of Watanabe (arXiv:1303.1886, our
 * source 004): depth, normal width and average width, for any board size.
 * This file: the rating of a puzzle (sdk_rate) and the width walk on any
 * board; rate9.c is the same walk on whole masks for 9x9, depth.c the depth.
 *
 * The ratings are defined by one particular search, so the rating has its own
 * small solver (rate.h) instead of reusing exact.c (whose hidden singles would
 * change every figure): "pencil marks" = naked singles only, applied by
 * scanning the cells in row-major order and repeating until a pass places
 * nothing, then branching on a cell with the fewest candidates.  The reference
 * values in puzzles/named-hard.txt (Inkala2012: depth 8, normal width 3599)
 * are the test.
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
#include "rate.h"

int rate_search_init(rate_search *s, const sdk_board *b, int levels)
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

void rate_search_free(rate_search *s)
{
    free(s->val);
    free(s->cand);
    free(s->queue);
}

/* The index-th cell (0-based, row-major) among those with `fewest` candidates. */
static int rate_node_tied_cell(const rate_search *s, const uint8_t *val, const uint32_t *cand,
                               int fewest, int index)
{
    for (int c = 0; c < s->ncells; c++)
        if (!val[c] && __builtin_popcount(cand[c]) == fewest && index-- == 0)
            return c;
    return -1;
}

static uint64_t rate_width_node(rate_search *s, int level, int empty)
{
    int nc = s->ncells;
    uint8_t *val = s->val + (size_t)level * nc;
    uint32_t *cand = s->cand + (size_t)level * nc;
    s->nodes++;
    if ((s->nodes & 1023) == 0 && sdk_budget_expired(s->budget))
        s->stopped = 1;
    if (s->stopped)
        return 1;
    empty = rate_node_propagate(s, val, cand, empty);
    if (empty < 0)
        return 1;
    if (empty == 0) {
        s->solutions++;
        return 1;
    }
    int ties, cell;
    int fewest = rate_node_fewest(s, val, cand, &ties, &cell);
    if (s->tiebreak && ties > 1)
        cell = rate_node_tied_cell(s, val, cand, fewest, (int)sdk_rng_below(s->tiebreak, (uint32_t)ties));
    uint64_t width = 1;
    for (uint32_t choices = cand[cell]; choices; choices &= choices - 1) {
        memcpy(val + nc, val, (size_t)nc);
        memcpy(cand + nc, cand, sizeof(uint32_t) * (size_t)nc);
        s->queued = 0;
        int alive = rate_node_place(s, val + nc, cand + nc, cell, __builtin_ctz(choices) + 1);
        width += rate_width_node(s, level + 1, alive ? empty - 1 : -1);
    }
    return width;
}

static uint64_t rate_width_general(const sdk_board *b, const uint8_t *puzzle, sdk_rng *tiebreak,
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
        width = rate_width_node(&s, 0, rate_node_build(&s, s.val, s.cand));
    }
    if (solutions)
        *solutions = s.solutions;
    rate_search_free(&s);
    return s.stopped ? 0 : width;
}

uint64_t sdk_rate_width(const sdk_board *b, const uint8_t *puzzle, sdk_rng *tiebreak,
                        uint64_t *solutions, const sdk_budget *budget)
{
    if (sdk_board_is_plain9(b))
        return rate9_width(puzzle, tiebreak, solutions, budget);
    return rate_width_general(b, puzzle, tiebreak, solutions, budget);
}

#ifdef SDK_TEST_HOOKS
uint64_t sdk_rate_width_general(const sdk_board *b, const uint8_t *puzzle, sdk_rng *tiebreak,
                                uint64_t *solutions, const sdk_budget *budget)
{
    return rate_width_general(b, puzzle, tiebreak, solutions, budget);
}
#endif

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

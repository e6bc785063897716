/*
 * restarts.c -- restarts for the exact solver of 81-cell variant boards.
 *
 * On windoku and jigsaw boards a few sparse puzzles (1-3% of random
 * 3-10-clue ones) send the search down a wrong early branch whose
 * refutation takes millions of nodes, while another order solves the same
 * puzzle in a few dozen: the heavy tail of backtracking search (Gomes,
 * Selman and Kautz 1998).  Its remedy is restarts.  The first run is the
 * fixed search, cut at XR_FIRST_CAP nodes; each later run relabels the
 * digits by a fresh permutation (every house is symmetric in the digits, so
 * a relabelled puzzle is the same puzzle, its solutions relabelled) and
 * lets the counter break its branching ties by lot (relabelling alone
 * leaves the cell order, and most jigsaw tails, as they were).  The later
 * runs' caps follow Luby's sequence (1 1 2 1 1 2 4 ...) times XR_UNIT: the
 * randomised runs have heavy tails of their own, which doubling caps pay
 * for in full; a cap is never under an eighth of the nodes spent so far,
 * so a search that must see its whole tree (no solution, or one) costs at
 * most about 10x its size (beyond the first cap: no puzzle of the usual
 * sets comes near it).  Both draws come from an MT seeded with a
 * constant: the same puzzle takes the same runs whatever the batch, -j or
 * wall clock.  The answer is that of the first run that finishes, so counts
 * stay exact.  A count of every solution (limit 0: the whole tree, in any
 * order) and a caller's own node cap run once, as before.
 */
#include <string.h>
#include "restarts.h"
#include "../board/rng.h"

/* The later runs' unit (a few times what a sparse puzzle off the tail
 * needs); the floor on a cap, as a fraction of the nodes spent. */
enum { XR_UNIT = 256, XR_SPENT_SHARE = 8, XR_SEED = 1 };

/* Luby, Sinclair and Zuckerman's sequence, i >= 1: 1 1 2 1 1 2 4 1 1 2 ... */
static uint64_t xr_luby(uint64_t i)
{
    for (;;) {
        int k = 1;
        while ((1ull << k) - 1 < i)
            k++;
        if (i == (1ull << k) - 1)
            return 1ull << (k - 1);
        i -= (1ull << (k - 1)) - 1;
    }
}

/* Relabels the digits 1..n of label by a random permutation (Fisher-Yates). */
static void xr_shuffle(sdk_rng *r, uint8_t *label, int n)
{
    for (int d = 0; d <= n; d++)
        label[d] = (uint8_t)d;
    for (int i = n; i > 1; i--) {
        int j = 1 + (int)rng_below_fast(r, (uint32_t)i);
        uint8_t t = label[i];
        label[i] = label[j];
        label[j] = t;
    }
}

uint64_t xr_count(xr_counter count, const sdk_board *b, const uint8_t *puzzle, uint64_t limit,
                  uint8_t *solution, sdk_stats *st, const sdk_budget *budget, sdk_status *status)
{
    if (limit == 0 || (budget && budget->max_iters))
        return count(b, puzzle, limit, solution, st, budget, status, NULL);
    sdk_budget capped = budget ? *budget : (sdk_budget){0, 0, NULL};
    uint8_t label[SDK_MAX_N + 1], back[SDK_MAX_N + 1], relabelled[SDK_MAX_CELLS];
    int n = b->n;
    uint64_t spent = 0;
    sdk_rng r;
    for (uint64_t run = 0;; run++) {
        const uint8_t *p = puzzle;
        if (run > 0) {
            if (run == 1)               /* (run 0 draws nothing; a seeding costs more than an easy solve) */
                sdk_rng_seed(&r, XR_SEED);
            xr_shuffle(&r, label, n);
            for (int c = 0; c < b->ncells; c++)     /* (a digit out of range stays: the counter rejects it) */
                relabelled[c] = puzzle[c] <= n ? label[puzzle[c]] : puzzle[c];
            p = relabelled;
            uint64_t cap = XR_UNIT * xr_luby(run);
            capped.max_iters = cap > spent / XR_SPENT_SHARE ? cap : spent / XR_SPENT_SHARE;
        } else {
            capped.max_iters = XR_FIRST_CAP;
        }
        sdk_stats mine;
        memset(&mine, 0, sizeof mine);
        sdk_status s = SDK_UNSOLVABLE;
        uint64_t found = count(b, p, limit, solution, &mine, &capped, &s, run ? &r : NULL);
        spent += mine.nodes;
        if (st) {
            st->nodes += mine.nodes;
            st->guesses += mine.guesses;
        }
        if (s != SDK_TIMEOUT || mine.nodes <= capped.max_iters || sdk_budget_expired(budget)) {
            if (run > 0 && solution && found) {
                for (int d = 0; d <= n; d++)
                    back[label[d]] = (uint8_t)d;
                for (int c = 0; c < b->ncells; c++)
                    solution[c] = back[solution[c]];
            }
            if (status)
                *status = s;
            return found;
        }
    }
}

/*
 * energy.h -- the hot half of the energy core: ΔE of a proposed move and the
 * commit of an accepted one, inline because every stochastic method calls
 * them tens of millions of times a second.  This is the only place where ΔE
 * is computed; the methods (metropolis.c, anneal.c, sortpenalty.c,
 * evolve.c) only propose, accept and commit.  Set-up and full recomputes
 * live in energy.c.
 *
 * Two move kinds:
 *   set  (000)  one free cell takes a new digit;
 *   swap (001-003)  two free cells of the same box exchange their digits
 *               (so they are peers, both free).
 */
#ifndef SUDOKU_ENERGY_H
#define SUDOKU_ENERGY_H

#include "sudoku.h"

/* ---- per-house pieces: a house loses one copy of `out` and gains `in` ---- */

/* Missing digits of house h: +1 if `out` was its last copy, -1 if `in` was absent. */
static inline int energy_house_missing_delta(const sdk_energy *e, int h, int out, int in)
{
    const uint16_t *count = e->house_count + h * e->stride;
    return (count[out] == 1) - (count[in] == 0);
}

/*
 * Sort penalty of house h.  With C(t) = copies of digits <= t in the house,
 * sum_j |sort(house)_j - j| = sum_{t=1}^{n-1} |C(t) - t| (sorted matching as
 * the area between two counting functions).  Trading `out` for `in` moves
 * C(t) by one for t between them only, so ΔQ is a walk over that range.
 */
static inline int energy_house_sort_delta(const sdk_energy *e, int h, int out, int in)
{
    const uint16_t *count = e->house_count + h * e->stride;
    int lo = out < in ? out : in, hi = out < in ? in : out;
    int c = 0;
    for (int d = 1; d < lo; d++)
        c += count[d];
    int delta = 0;
    if (out < in) {                 /* C(t) drops by one on [out, in-1] */
        for (int t = lo; t < hi; t++) {
            c += count[t];
            delta += c <= t ? 1 : -1;
        }
    } else {                        /* C(t) rises by one on [in, out-1] */
        for (int t = lo; t < hi; t++) {
            c += count[t];
            delta += c >= t ? 1 : -1;
        }
    }
    return delta;
}

/* ---- set: free cell c takes digit d ---- */

static inline long sdk_energy_conflict_set_delta(const sdk_energy *e, int c, int d)
{
    const int32_t *w = e->peer_weight + c * e->stride;
    return w[d] - w[e->cells[c]];
}

static inline long sdk_energy_missing_set_delta(const sdk_energy *e, int c, int d)
{
    int old = e->cells[c];
    if (old == d)
        return 0;
    const sdk_board *b = e->board;
    return energy_house_missing_delta(e, b->cell_row[c], old, d) +
           energy_house_missing_delta(e, b->cell_col[c], old, d);
}

static inline long sdk_energy_sort_set_delta(const sdk_energy *e, int c, int d)
{
    int old = e->cells[c];
    if (old == d)
        return 0;
    const sdk_board *b = e->board;
    return energy_house_sort_delta(e, b->cell_row[c], old, d) +
           energy_house_sort_delta(e, b->cell_col[c], old, d);
}

/* ---- swap: free cells a and b of one box exchange digits ---- */

static inline long sdk_energy_conflict_swap_delta(const sdk_energy *e, int a, int b)
{
    int va = e->cells[a], vb = e->cells[b];
    if (va == vb)
        return 0;
    const int32_t *wa = e->peer_weight + a * e->stride, *wb = e->peer_weight + b * e->stride;
    /* wa[vb] counts b itself (it holds vb now, va after) and wb[va] counts a:
     * the pair (a, b), weight 1 as both are free, is not a conflict before
     * or after the swap. */
    return wa[vb] - wa[va] + wb[va] - wb[vb] - 2;
}

/* Rows and columns only: a box keeps its digits under a swap. */
static inline long sdk_energy_missing_swap_delta(const sdk_energy *e, int a, int b)
{
    int va = e->cells[a], vb = e->cells[b];
    if (va == vb)
        return 0;
    const sdk_board *g = e->board;
    long delta = 0;
    if (g->cell_row[a] != g->cell_row[b])
        delta += energy_house_missing_delta(e, g->cell_row[a], va, vb) +
                 energy_house_missing_delta(e, g->cell_row[b], vb, va);
    if (g->cell_col[a] != g->cell_col[b])
        delta += energy_house_missing_delta(e, g->cell_col[a], va, vb) +
                 energy_house_missing_delta(e, g->cell_col[b], vb, va);
    return delta;
}

static inline long sdk_energy_sort_swap_delta(const sdk_energy *e, int a, int b)
{
    int va = e->cells[a], vb = e->cells[b];
    if (va == vb)
        return 0;
    const sdk_board *g = e->board;
    long delta = 0;
    if (g->cell_row[a] != g->cell_row[b])
        delta += energy_house_sort_delta(e, g->cell_row[a], va, vb) +
                 energy_house_sort_delta(e, g->cell_row[b], vb, va);
    if (g->cell_col[a] != g->cell_col[b])
        delta += energy_house_sort_delta(e, g->cell_col[a], va, vb) +
                 energy_house_sort_delta(e, g->cell_col[b], vb, va);
    return delta;
}

/* ---- commits ---- */

/* Free cell c takes digit d: the tracked energies, the house counts and the
 * peers' conflict weights follow. */
static inline void sdk_energy_set(sdk_energy *e, int c, int d)
{
    int old = e->cells[c];
    if (old == d)
        return;
    const sdk_board *b = e->board;
    if (e->kinds & SDK_ENERGY_CONFLICT)
        e->conflict += sdk_energy_conflict_set_delta(e, c, d);
    if (e->kinds & SDK_ENERGY_MISSING)
        e->missing += sdk_energy_missing_set_delta(e, c, d);
    if (e->kinds & SDK_ENERGY_SORT)
        e->sort += sdk_energy_sort_set_delta(e, c, d);
    for (int i = b->cell_house_start[c]; i < b->cell_house_start[c + 1]; i++) {
        uint16_t *count = e->house_count + b->cell_houses[i] * e->stride;
        count[old]--;
        count[d]++;
    }
    if (e->kinds & SDK_ENERGY_CONFLICT) {
        /* Only free peers are ever asked for their weights; c is free, so
         * the pair weighs 1. */
        for (int i = b->peer_start[c]; i < b->peer_start[c + 1]; i++) {
            int p = b->peers[i];
            if (e->fixed[p])
                continue;
            int32_t *w = e->peer_weight + p * e->stride;
            w[old]--;
            w[d]++;
        }
    }
    e->cells[c] = (uint8_t)d;
}

static inline void sdk_energy_swap(sdk_energy *e, int a, int b)
{
    int va = e->cells[a], vb = e->cells[b];
    sdk_energy_set(e, a, vb);       /* the energies are functions of the state, */
    sdk_energy_set(e, b, va);       /* so two sets leave them exact */
}


/* ---- what every chain shares (energy.c) ---- */

/* Budget, --max-iters, --trace and the counters of one method call. */
typedef struct sdk_energy_chain {
    sdk_budget budget;
    uint64_t max_iters;      /* per run; 0 = none */
    FILE *trace;             /* NULL unless --trace */
    sdk_stats *st;
    int stopped;             /* the budget or SIGINT ended the call */
} sdk_energy_chain;

/* How often (in proposals) a chain polls the clock and writes a trace row:
 * often enough to honour a time limit within a millisecond or so. */
#define SDK_ENERGY_POLL 1024

/* Opens the budget and the trace; prepares the puzzle the chain runs on
 * (a copy, or with --propagate the singles filled in).  Returns 0 if the
 * puzzle is proven to have no solution (clues in conflict). */
int  sdk_energy_chain_start(sdk_energy_chain *ch, const sdk_board *b, const uint8_t *puzzle,
                            const sdk_params *p, sdk_stats *st, uint8_t *start);
/* Every SDK_ENERGY_POLL proposals: writes a trace row and returns 1 if the
 * budget is spent (then ch->stopped is set). */
int  sdk_energy_chain_poll(sdk_energy_chain *ch, double energy, double temperature);
/* Closes the trace; the status of a call that found no solution. */
sdk_status sdk_energy_chain_finish(sdk_energy_chain *ch);

/* A uniform integer in [0, bound), bound >= 1, from sdk_rng_u32: the same
 * distribution as sdk_rng_below (exact, by rejection) but by Lemire's
 * multiply-and-shift, without the two divisions that dominated a proposal. */
static inline uint32_t sdk_energy_below(sdk_rng *r, uint32_t bound)
{
    uint64_t m = (uint64_t)sdk_rng_u32(r) * bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (0u - bound) % bound;  /* 2^32 mod bound: the biased tail */
        while (low < threshold) {
            m = (uint64_t)sdk_rng_u32(r) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* The swappable pairs of free cells of every box that has two or more free
 * cells (the only boxes a swap can touch), for block-swap proposals. */
typedef struct sdk_energy_boxes {
    int nboxes;
    int start[SDK_MAX_N + 1];         /* box i: pairs[start[i] .. start[i+1]) */
    uint16_t pair_a[SDK_MAX_N * SDK_MAX_N * (SDK_MAX_N - 1) / 2];
    uint16_t pair_b[SDK_MAX_N * SDK_MAX_N * (SDK_MAX_N - 1) / 2];
} sdk_energy_boxes;

void sdk_energy_boxes_init(sdk_energy_boxes *bx, const sdk_board *b, const uint8_t *puzzle);

/* A uniform box, then a uniform pair of distinct free cells of it, as the
 * sources do (nboxes > 0). */
static inline void sdk_energy_propose_swap(const sdk_energy_boxes *bx, sdk_rng *r, int *a, int *b)
{
    int box = bx->nboxes == 1 ? 0 : (int)sdk_energy_below(r, (uint32_t)bx->nboxes);
    int first = bx->start[box], k = bx->start[box + 1] - first;
    int pair = first + (k == 1 ? 0 : (int)sdk_energy_below(r, (uint32_t)k));
    *a = bx->pair_a[pair];
    *b = bx->pair_b[pair];
}

/* ---- the stochastic methods (rows of the method table in methods.c) ---- */

sdk_status sdk_method_metropolis(const sdk_board *b, const uint8_t *puzzle, const sdk_params *p,
                                 uint32_t seed, uint8_t *solution, sdk_stats *st);
sdk_status sdk_method_anneal(const sdk_board *b, const uint8_t *puzzle, const sdk_params *p,
                             uint32_t seed, uint8_t *solution, sdk_stats *st);
sdk_status sdk_method_sort_penalty(const sdk_board *b, const uint8_t *puzzle, const sdk_params *p,
                                   uint32_t seed, uint8_t *solution, sdk_stats *st);
sdk_status sdk_method_evolve(const sdk_board *b, const uint8_t *puzzle, const sdk_params *p,
                             uint32_t seed, uint8_t *solution, sdk_stats *st);

/* The block-swap chain of anneal and sort-penalty (anneal.c): energy kind
 * SDK_ENERGY_MISSING or SDK_ENERGY_SORT; fixed_T > 0 runs at that
 * temperature, otherwise on Lewis's schedule. */
sdk_status sdk_energy_blockswap(const sdk_board *b, const uint8_t *puzzle, const sdk_params *p,
                                uint32_t seed, unsigned kind, double fixed_T, uint8_t *solution,
                                sdk_stats *st);

#endif

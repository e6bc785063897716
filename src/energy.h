/*
 * energy.h -- the hot half of the energy core: ΔE of a proposed move and the
 * commit of an accepted one, inline because every stochastic method calls
 * them tens of millions of times a second.  This is the only place where ΔE
 * is computed; the methods (metropolis.c, anneal.c, sortpenalty.c,
 * evolve.c) only propose, accept and commit.  Set-up and full recomputes
 * live in energy.c.
 *
 * Three move kinds:
 *   set  (000)  one free cell takes a new digit;
 *   swap (001-003)  two free cells of the same box exchange their digits
 *               (so they are peers, both free);
 *   3-cycle (--propagate)  three free cells of one box rotate their digits
 *               (missing energy only).
 */
#ifndef SUDOKU_ENERGY_H
#define SUDOKU_ENERGY_H

#include "sudoku.h"

/* The ΔE and commit functions must inline into the chains' loops: a call
 * per proposal costs as much as the ΔE itself, and with several call sites
 * the compilers' heuristics stop inlining them. */
#if defined(__GNUC__) || defined(__clang__)
#define SDK_ENERGY_HOT static inline __attribute__((always_inline))
#else
#define SDK_ENERGY_HOT static inline
#endif

/* ---- per-house pieces: a house loses one copy of `out` and gains `in` ---- */

/* Missing digits of house h: +1 if `out` was its last copy, -1 if `in` was absent. */
SDK_ENERGY_HOT int energy_house_missing_delta(const sdk_energy *e, int h, int out, int in)
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
SDK_ENERGY_HOT int energy_house_sort_delta(const sdk_energy *e, int h, int out, int in)
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

SDK_ENERGY_HOT long sdk_energy_conflict_set_delta(const sdk_energy *e, int c, int d)
{
    const int32_t *w = e->peer_weight + c * e->stride;
    return w[d] - w[e->cells[c]];
}

/* 1 if every cell has one row, one column and one box (or jigsaw region)
 * and nothing else: then cell_row/cell_col are a cell's only line houses,
 * the fast case.  Otherwise (diagonals, windows, samurai's shared boxes)
 * the per-house energies walk each cell's list of non-box houses. */
SDK_ENERGY_HOT int energy_lines_plain(const sdk_board *b)
{
    return b->nhouses == 3 * b->n;
}

/* 1 if cell c is in house h. */
SDK_ENERGY_HOT int energy_cell_in(const sdk_board *b, int c, int h)
{
    for (int i = b->cell_house_start[c]; i < b->cell_house_start[c + 1]; i++)
        if (b->cell_houses[i] == h)
            return 1;
    return 0;
}

/* Setting cell c to d changes its row and column (house_delta is a constant
 * at every call, so the forced inlining leaves no indirect call). */
SDK_ENERGY_HOT long energy_set_delta(const sdk_energy *e, int c, int d,
                                     int (*house_delta)(const sdk_energy *, int, int, int))
{
    int old = e->cells[c];
    if (old == d)
        return 0;
    const sdk_board *b = e->board;
    if (energy_lines_plain(b))
        return house_delta(e, b->cell_row[c], old, d) + house_delta(e, b->cell_col[c], old, d);
    long delta = 0;
    for (int i = b->cell_house_start[c]; i < b->cell_house_start[c + 1]; i++)
        if (b->house_kind[b->cell_houses[i]] != SDK_HOUSE_BOX)
            delta += house_delta(e, b->cell_houses[i], old, d);
    return delta;
}

SDK_ENERGY_HOT long sdk_energy_missing_set_delta(const sdk_energy *e, int c, int d)
{
    return energy_set_delta(e, c, d, energy_house_missing_delta);
}

SDK_ENERGY_HOT long sdk_energy_sort_set_delta(const sdk_energy *e, int c, int d)
{
    return energy_set_delta(e, c, d, energy_house_sort_delta);
}

/* ---- swap: free cells a and b of one box exchange digits ---- */

SDK_ENERGY_HOT long sdk_energy_conflict_swap_delta(const sdk_energy *e, int a, int b)
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

/* Rows and columns only: a box keeps its digits under a swap.  One body for
 * both per-house energies; house_delta is a constant at every call, so the
 * forced inlining leaves no indirect call in the hot loop. */
SDK_ENERGY_HOT long energy_swap_delta(const sdk_energy *e, int a, int b,
                                      int (*house_delta)(const sdk_energy *, int, int, int))
{
    int va = e->cells[a], vb = e->cells[b];
    if (va == vb)
        return 0;
    const sdk_board *g = e->board;
    long delta = 0;
    if (!energy_lines_plain(g)) {
        /* each line house of one cell and not the other trades a digit */
        for (int side = 0; side < 2; side++) {
            int x = side ? b : a, y = side ? a : b, vx = side ? vb : va, vy = side ? va : vb;
            for (int i = g->cell_house_start[x]; i < g->cell_house_start[x + 1]; i++) {
                int h = g->cell_houses[i];
                if (g->house_kind[h] != SDK_HOUSE_BOX && !energy_cell_in(g, y, h))
                    delta += house_delta(e, h, vx, vy);
            }
        }
        return delta;
    }
    if (g->cell_row[a] != g->cell_row[b])
        delta += house_delta(e, g->cell_row[a], va, vb) + house_delta(e, g->cell_row[b], vb, va);
    if (g->cell_col[a] != g->cell_col[b])
        delta += house_delta(e, g->cell_col[a], va, vb) + house_delta(e, g->cell_col[b], vb, va);
    return delta;
}

SDK_ENERGY_HOT long sdk_energy_missing_swap_delta(const sdk_energy *e, int a, int b)
{
    return energy_swap_delta(e, a, b, energy_house_missing_delta);
}

SDK_ENERGY_HOT long sdk_energy_sort_swap_delta(const sdk_energy *e, int a, int b)
{
    return energy_swap_delta(e, a, b, energy_house_sort_delta);
}

/* ---- 3-cycle: free cells a, b, c of one box rotate, a taking c's digit,
 * b taking a's and c taking b's (a move swaps cannot make in one step) ---- */

/* Missing-digit change of house h when, for i < k, one copy of out[i]
 * leaves it and one of in[i] enters. */
SDK_ENERGY_HOT int energy_house_missing_delta_multi(const sdk_energy *e, int h, const int *out,
                                                    const int *in, int k)
{
    const uint16_t *count = e->house_count + h * e->stride;
    int digit[6], change[6], nd = 0;
    for (int i = 0; i < 2 * k; i++) {
        int d = i < k ? out[i] : in[i - k], j = 0;
        while (j < nd && digit[j] != d)
            j++;
        if (j == nd) {
            digit[nd] = d;
            change[nd++] = 0;
        }
        change[j] += i < k ? -1 : 1;
    }
    int delta = 0;
    for (int j = 0; j < nd; j++)
        delta += (count[digit[j]] + change[j] == 0) - (count[digit[j]] == 0);
    return delta;
}

/* Rows and columns only, as for a swap: the box keeps its digits. */
SDK_ENERGY_HOT long sdk_energy_missing_cycle3_delta(const sdk_energy *e, int a, int b, int c)
{
    const sdk_board *g = e->board;
    int cell[3] = {a, b, c};
    int old[3] = {e->cells[a], e->cells[b], e->cells[c]};
    int now[3] = {old[2], old[0], old[1]};
    long delta = 0;
    if (!energy_lines_plain(g)) {
        /* every line house of the three cells, once, with what it trades */
        int seen[24], nseen = 0;
        for (int i = 0; i < 3; i++)
            for (int j = g->cell_house_start[cell[i]]; j < g->cell_house_start[cell[i] + 1]; j++) {
                int h = g->cell_houses[j], dup = 0;
                for (int k = 0; k < nseen; k++)
                    dup |= seen[k] == h;
                if (dup || g->house_kind[h] == SDK_HOUSE_BOX || nseen == 24)
                    continue;
                seen[nseen++] = h;
                int out[3], in[3], k = 0;
                for (int m = i; m < 3; m++)
                    if (energy_cell_in(g, cell[m], h)) {
                        out[k] = old[m];
                        in[k++] = now[m];
                    }
                delta += energy_house_missing_delta_multi(e, h, out, in, k);
            }
        return delta;
    }
    for (int kind = 0; kind < 2; kind++) {
        const uint16_t *house = kind ? g->cell_col : g->cell_row;
        for (int i = 0; i < 3; i++) {
            int h = house[cell[i]], seen = 0;
            for (int j = 0; j < i; j++)
                seen |= house[cell[j]] == h;
            if (seen)
                continue;               /* this house was counted at its first cell */
            int out[3], in[3], k = 0;
            for (int j = i; j < 3; j++)
                if (house[cell[j]] == h) {
                    out[k] = old[j];
                    in[k++] = now[j];
                }
            delta += energy_house_missing_delta_multi(e, h, out, in, k);
        }
    }
    return delta;
}

/* ---- commits ---- */

/* Free cell c takes digit d: the tracked energies, the house counts and the
 * peers' conflict weights follow. */
SDK_ENERGY_HOT void sdk_energy_set(sdk_energy *e, int c, int d)
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

/* The house counts and cells of a swap (va != vb).  In a house that a and
 * b share (their box, and a row or column if they share one) the two trades
 * cancel; cells list their houses in the same order of kinds, so a shared
 * house sits at the same index for both and is skipped there.  (Were it
 * elsewhere, both trades would apply and still cancel.) */
SDK_ENERGY_HOT void energy_swap_counts(sdk_energy *e, int a, int b)
{
    int va = e->cells[a], vb = e->cells[b];
    const sdk_board *g = e->board;
    int sa = g->cell_house_start[a], sb = g->cell_house_start[b];
    int na = g->cell_house_start[a + 1] - sa, nb = g->cell_house_start[b + 1] - sb;
    for (int i = 0; i < na || i < nb; i++) {
        int ha = i < na ? g->cell_houses[sa + i] : -1, hb = i < nb ? g->cell_houses[sb + i] : -1;
        if (ha == hb)
            continue;
        if (ha >= 0) {
            uint16_t *count = e->house_count + ha * e->stride;
            count[va]--;
            count[vb]++;
        }
        if (hb >= 0) {
            uint16_t *count = e->house_count + hb * e->stride;
            count[vb]--;
            count[va]++;
        }
    }
    e->cells[a] = (uint8_t)vb;
    e->cells[b] = (uint8_t)va;
}

/* Free cells a and b of one box exchange digits.  The energies move by the
 * swap ΔE above; each house of a trades va for vb and each house of b the
 * reverse (in a house they share, the two trades cancel).  The conflict
 * weights of the peers change as under two sets, so that case is two sets. */
SDK_ENERGY_HOT void sdk_energy_swap(sdk_energy *e, int a, int b)
{
    int va = e->cells[a], vb = e->cells[b];
    if (va == vb)
        return;
    if (e->kinds & SDK_ENERGY_CONFLICT) {
        sdk_energy_set(e, a, vb);   /* the energies are functions of the state, */
        sdk_energy_set(e, b, va);   /* so two sets leave them exact */
        return;
    }
    if (e->kinds & SDK_ENERGY_MISSING)
        e->missing += sdk_energy_missing_swap_delta(e, a, b);
    if (e->kinds & SDK_ENERGY_SORT)
        e->sort += sdk_energy_sort_swap_delta(e, a, b);
    energy_swap_counts(e, a, b);
}

/* The swap again, for a chain that tracks one energy (missing or sort) and
 * has just computed its ΔE: the hot loop's commit, without a second ΔE. */
SDK_ENERGY_HOT void sdk_energy_swap_known(sdk_energy *e, int a, int b, long delta)
{
    if (e->cells[a] == e->cells[b])
        return;
    if (e->kinds & SDK_ENERGY_MISSING)
        e->missing += delta;
    else
        e->sort += delta;
    energy_swap_counts(e, a, b);
}

/* The 3-cycle above as two swaps: (a b) then (a c). */
SDK_ENERGY_HOT void sdk_energy_cycle3(sdk_energy *e, int a, int b, int c)
{
    sdk_energy_swap(e, a, b);
    sdk_energy_swap(e, a, c);
}

/* ---- what every chain shares (energy.c) ---- */

/* Budget, --max-iters, --trace and the counters of one method call. */
typedef struct sdk_energy_chain {
    sdk_budget budget;
    uint64_t max_iters;      /* per run; 0 = none */
    FILE *trace;             /* NULL unless --trace */
    int owns_trace;          /* opened here (no shared FILE in the params) */
    uint64_t trace_puzzle;   /* the trace's puzzle column */
    sdk_stats *st;
    int stopped;             /* the budget or SIGINT ended the call */
    /* The candidates of the start's blank cells (bits 1..n): with
     * --propagate after full propagation, otherwise the digits no clue
     * among the peers holds. */
    uint32_t cand[SDK_MAX_CELLS];
} sdk_energy_chain;

/* How often (in proposals) a chain polls the clock and writes a trace row:
 * often enough to honour a time limit within a millisecond or so. */
#define SDK_ENERGY_POLL 1024

/* Opens the budget and the trace; prepares the puzzle the chain runs on
 * and its candidates in ch->cand (a copy, or with --propagate the puzzle
 * after sdk_propagate(SDK_PROPAGATE_FULL)).  Returns 0 if the puzzle is
 * proven to have no solution (clues in conflict, or a contradiction). */
int  sdk_energy_chain_start(sdk_energy_chain *ch, const sdk_board *b, const uint8_t *puzzle,
                            const sdk_params *p, sdk_stats *st, uint8_t *start);
/* Writes a trace row (if tracing): puzzle, iteration, energy, temperature. */
void sdk_energy_chain_trace(const sdk_energy_chain *ch, double energy, double temperature);
/* Every SDK_ENERGY_POLL proposals: writes a trace row and returns 1 if the
 * budget is spent (then ch->stopped is set). */
int  sdk_energy_chain_poll(sdk_energy_chain *ch, double energy, double temperature);
/* Closes the trace; the status of a call that found no solution. */
sdk_status sdk_energy_chain_finish(sdk_energy_chain *ch);

/* A uniform integer in [0, bound), bound >= 1, from sdk_rng_u32: the same
 * distribution as sdk_rng_below (exact, by rejection) but by Lemire's
 * multiply-and-shift, without the two divisions that dominated a proposal. */
SDK_ENERGY_HOT uint32_t sdk_energy_below(sdk_rng *r, uint32_t bound)
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
#define SDK_ENERGY_MAX_PAIRS (SDK_MAX_N * SDK_MAX_N * (SDK_MAX_N - 1) / 2)
/* Most boxes a board has: n on a standard board, 41 on a samurai. */
#define SDK_ENERGY_MAX_BOXES 64
/* Largest one-draw table (entries of 4 bytes: 32 KB, an L1 cache). */
#define SDK_ENERGY_DRAW_TABLE 8192

typedef struct sdk_energy_boxes {
    int nboxes;
    int start[SDK_ENERGY_MAX_BOXES + 1];  /* box i: pairs[start[i] .. start[i+1]) */
    uint16_t pair_a[SDK_ENERGY_MAX_PAIRS];
    uint16_t pair_b[SDK_ENERGY_MAX_PAIRS];
    /* The source's proposal is a uniform box, then a uniform pair of it: pair
     * p of box i has probability 1/(nboxes * k_i), k_i the box's pair count.
     * With L = lcm(k_i), a table of nboxes * L entries holding each pair of
     * box i L/k_i times gives exactly that distribution from one uniform
     * draw.  ndraw = 0 when the table would exceed SDK_ENERGY_DRAW_TABLE
     * (then two draws, box and pair). */
    uint32_t ndraw;
    uint32_t draw[SDK_ENERGY_DRAW_TABLE];   /* pair_a | pair_b << 16 */
    /* The boxes with three or more free cells (3-cycles): box i's free
     * cells are cycle_cell[cycle_start[i] .. cycle_start[i+1]). */
    int ncycle;
    int cycle_start[SDK_ENERGY_MAX_BOXES + 1];
    uint16_t cycle_cell[SDK_MAX_CELLS];
} sdk_energy_boxes;

void sdk_energy_boxes_init(sdk_energy_boxes *bx, const sdk_board *b, const uint8_t *puzzle);

/* A uniform box, then a uniform pair of distinct free cells of it, as the
 * sources do (nboxes > 0). */
SDK_ENERGY_HOT void sdk_energy_propose_swap(const sdk_energy_boxes *bx, sdk_rng *r, int *a, int *b)
{
    if (bx->ndraw) {
        uint32_t pair = bx->draw[sdk_energy_below(r, bx->ndraw)];
        *a = (int)(pair & 0xffff);
        *b = (int)(pair >> 16);
        return;
    }
    int box = bx->nboxes == 1 ? 0 : (int)sdk_energy_below(r, (uint32_t)bx->nboxes);
    int first = bx->start[box], k = bx->start[box + 1] - first;
    int pair = first + (k == 1 ? 0 : (int)sdk_energy_below(r, (uint32_t)k));
    *a = bx->pair_a[pair];
    *b = bx->pair_b[pair];
}

/* A uniform box with three or more free cells, then three distinct uniform
 * free cells of it in a uniform order (ncycle > 0): both directions of
 * every 3-cycle. */
SDK_ENERGY_HOT void sdk_energy_propose_cycle3(const sdk_energy_boxes *bx, sdk_rng *r, int *a, int *b, int *c)
{
    int box = bx->ncycle == 1 ? 0 : (int)sdk_energy_below(r, (uint32_t)bx->ncycle);
    const uint16_t *cell = bx->cycle_cell + bx->cycle_start[box];
    uint32_t k = (uint32_t)(bx->cycle_start[box + 1] - bx->cycle_start[box]);
    uint32_t i = sdk_energy_below(r, k), j = sdk_energy_below(r, k - 1), l = sdk_energy_below(r, k - 2);
    /* j skips i; l skips both (in increasing order of the two). */
    j += j >= i;
    uint32_t lo = i < j ? i : j, hi = i < j ? j : i;
    l += l >= lo;
    l += l >= hi;
    *a = cell[i];
    *b = cell[j];
    *c = cell[l];
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

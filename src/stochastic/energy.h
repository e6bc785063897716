/*
 * energy.h -- the hot half of the energy core: ΔE of a proposed move and the
 * commit of an accepted one, inline because every stochastic method calls
 * them tens of millions of times a second.  This is the only place where ΔE
 * is computed; the methods (metropolis.c, blockswap.c for anneal and
 * sort-penalty, evolve.c) only propose, accept and commit.  Set-up and full recomputes
 * live in energy.c (the tracker's public half is in sudoku.h).  Internal:
 * names in the energy_ prefix.
 *
 * Three move kinds:
 *   set  (000)  one free cell takes a new digit;
 *   swap (001-003)  two free cells of the same box exchange their digits
 *               (so they are peers, both free);
 *   3-cycle (--propagate)  three free cells of one box rotate their digits
 *               (missing energy only).
 * On a killer every ΔE adds the change of the cage term (energy_cage_delta).
 */
#ifndef SUDOKU_ENERGY_H
#define SUDOKU_ENERGY_H

#include "sudoku.h"
#include "../board/rng.h"

/* ---- per-house pieces: a house loses one copy of `out` and gains `in` ---- */

/* Missing digits of house h: +1 if `out` was its last copy, -1 if `in` was absent. */
HOT_INLINE int energy_house_missing_delta(const sdk_energy *e, int h, int out, int in)
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
HOT_INLINE int energy_house_sort_delta(const sdk_energy *e, int h, int out, int in)
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

/* ---- a killer's cage term ---- */

/* The change of the cage term when cells cell[0..k) (k <= 3, none the same)
 * take digits now[0..k): per cage touched, its sum's distance to its target
 * and its pairs of equal digits. */
static inline long energy_cage_delta(const sdk_energy *e, const int *cell, const int *now, int k)
{
    const sdk_board *b = e->board;
    long delta = 0;
    for (int i = 0; i < k; i++) {
        int j = b->cell_cage[cell[i]], first = j >= 0;
        for (int m = 0; m < i && first; m++)
            first = b->cell_cage[cell[m]] != j;
        if (!first)
            continue;
        const uint16_t *count = e->cage_count + j * e->stride;
        int digit[6], change[6], nd = 0, moved = 0;
        for (int m = i; m < k; m++) {
            if (b->cell_cage[cell[m]] != j)
                continue;
            int trade[2] = {e->cells[cell[m]], now[m]};
            moved += trade[1] - trade[0];
            for (int t = 0; t < 2; t++) {
                int x = 0;
                while (x < nd && digit[x] != trade[t])
                    x++;
                if (x == nd) {
                    digit[nd] = trade[t];
                    change[nd++] = 0;
                }
                change[x] += t ? 1 : -1;
            }
        }
        long off = e->cage_sum[j] - b->cage_sum[j];
        delta += labs(off + moved) - labs(off);
        for (int x = 0; x < nd; x++) {
            long was = count[digit[x]], will = was + change[x];
            delta += (will * (will - 1) - was * (was - 1)) / 2;
        }
    }
    return delta;
}

HOT_INLINE long energy_cage_set_delta(const sdk_energy *e, int c, int d)
{
    int cell[1] = {c}, now[1] = {d};
    return e->cage_count ? energy_cage_delta(e, cell, now, 1) : 0;
}

HOT_INLINE long energy_cage_swap_delta(const sdk_energy *e, int a, int b)
{
    int cell[2] = {a, b}, now[2] = {e->cells[b], e->cells[a]};
    return e->cage_count ? energy_cage_delta(e, cell, now, 2) : 0;
}

/* Cell c's cage (if any) trades digit out for in. */
HOT_INLINE void energy_cage_move(sdk_energy *e, int c, int out, int in)
{
    int j = e->cage_count ? e->board->cell_cage[c] : -1;
    if (j < 0)
        return;
    e->cage_count[j * e->stride + out]--;
    e->cage_count[j * e->stride + in]++;
    e->cage_sum[j] += in - out;
}

/* ---- set: free cell c takes digit d ---- */

HOT_INLINE long energy_conflict_set_delta(const sdk_energy *e, int c, int d)
{
    const int32_t *w = e->peer_weight + c * e->stride;
    return w[d] - w[e->cells[c]] + energy_cage_set_delta(e, c, d);
}

/* 1 if every cell has one row, one column and one box (or jigsaw region)
 * and nothing else: then cell_row/cell_col are a cell's only line houses,
 * the fast case.  Otherwise (diagonals, windows, samurai's shared boxes)
 * the per-house energies walk each cell's list of non-box houses. */
HOT_INLINE int energy_lines_plain(const sdk_board *b)
{
    return b->nhouses == 3 * b->n;
}

/* 1 if cell c is in house h. */
HOT_INLINE int energy_cell_in(const sdk_board *b, int c, int h)
{
    for (int i = b->cell_house_start[c]; i < b->cell_house_start[c + 1]; i++)
        if (b->cell_houses[i] == h)
            return 1;
    return 0;
}

/* Setting cell c to d changes its row and column (house_delta is a constant
 * at every call, so the forced inlining leaves no indirect call). */
HOT_INLINE long energy_set_delta(const sdk_energy *e, int c, int d,
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

HOT_INLINE long energy_missing_set_delta(const sdk_energy *e, int c, int d)
{
    return energy_set_delta(e, c, d, energy_house_missing_delta) + energy_cage_set_delta(e, c, d);
}

HOT_INLINE long energy_sort_set_delta(const sdk_energy *e, int c, int d)
{
    return energy_set_delta(e, c, d, energy_house_sort_delta) + energy_cage_set_delta(e, c, d);
}

/* ---- swap: free cells a and b of one box exchange digits ---- */

HOT_INLINE long energy_conflict_swap_delta(const sdk_energy *e, int a, int b)
{
    int va = e->cells[a], vb = e->cells[b];
    if (va == vb)
        return 0;
    const int32_t *wa = e->peer_weight + a * e->stride, *wb = e->peer_weight + b * e->stride;
    /* wa[vb] counts b itself (it holds vb now, va after) and wb[va] counts a:
     * the pair (a, b), weight 1 as both are free, is not a conflict before
     * or after the swap. */
    return wa[vb] - wa[va] + wb[va] - wb[vb] - 2 + energy_cage_swap_delta(e, a, b);
}

/* Rows and columns only: a box keeps its digits under a swap.  One body for
 * both per-house energies; house_delta is a constant at every call, so the
 * forced inlining leaves no indirect call in the hot loop. */
HOT_INLINE long energy_swap_delta(const sdk_energy *e, int a, int b,
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

HOT_INLINE long energy_missing_swap_delta(const sdk_energy *e, int a, int b)
{
    return energy_swap_delta(e, a, b, energy_house_missing_delta) + energy_cage_swap_delta(e, a, b);
}

HOT_INLINE long energy_sort_swap_delta(const sdk_energy *e, int a, int b)
{
    return energy_swap_delta(e, a, b, energy_house_sort_delta) + energy_cage_swap_delta(e, a, b);
}

/* ---- 3-cycle: free cells a, b, c of one box rotate, a taking c's digit,
 * b taking a's and c taking b's (a move swaps cannot make in one step) ---- */

/* Missing-digit change of house h when, for i < k, one copy of out[i]
 * leaves it and one of in[i] enters. */
HOT_INLINE int energy_house_missing_delta_multi(const sdk_energy *e, int h, const int *out,
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
HOT_INLINE long energy_missing_cycle3_delta(const sdk_energy *e, int a, int b, int c)
{
    const sdk_board *g = e->board;
    int cell[3] = {a, b, c};
    int old[3] = {e->cells[a], e->cells[b], e->cells[c]};
    int now[3] = {old[2], old[0], old[1]};
    long delta = e->cage_count ? energy_cage_delta(e, cell, now, 3) : 0;
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
HOT_INLINE void energy_set(sdk_energy *e, int c, int d)
{
    int old = e->cells[c];
    if (old == d)
        return;
    const sdk_board *b = e->board;
    if (e->kinds & SDK_ENERGY_CONFLICT)
        e->conflict += energy_conflict_set_delta(e, c, d);
    if (e->kinds & SDK_ENERGY_MISSING)
        e->missing += energy_missing_set_delta(e, c, d);
    if (e->kinds & SDK_ENERGY_SORT)
        e->sort += energy_sort_set_delta(e, c, d);
    for (int i = b->cell_house_start[c]; i < b->cell_house_start[c + 1]; i++) {
        uint16_t *count = e->house_count + b->cell_houses[i] * e->stride;
        count[old]--;
        count[d]++;
    }
    energy_cage_move(e, c, old, d);
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
HOT_INLINE void energy_swap_counts(sdk_energy *e, int a, int b)
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
    energy_cage_move(e, a, va, vb);
    energy_cage_move(e, b, vb, va);
    e->cells[a] = (uint8_t)vb;
    e->cells[b] = (uint8_t)va;
}

/* Free cells a and b of one box exchange digits.  The energies move by the
 * swap ΔE above; each house of a trades va for vb and each house of b the
 * reverse (in a house they share, the two trades cancel).  The conflict
 * weights of the peers change as under two sets, so that case is two sets. */
HOT_INLINE void energy_swap(sdk_energy *e, int a, int b)
{
    int va = e->cells[a], vb = e->cells[b];
    if (va == vb)
        return;
    if (e->kinds & SDK_ENERGY_CONFLICT) {
        energy_set(e, a, vb);   /* the energies are functions of the state, */
        energy_set(e, b, va);   /* so two sets leave them exact */
        return;
    }
    if (e->kinds & SDK_ENERGY_MISSING)
        e->missing += energy_missing_swap_delta(e, a, b);
    if (e->kinds & SDK_ENERGY_SORT)
        e->sort += energy_sort_swap_delta(e, a, b);
    energy_swap_counts(e, a, b);
}

/* The swap again, for a chain that tracks one energy (missing or sort) and
 * has just computed its ΔE: the hot loop's commit, without a second ΔE. */
HOT_INLINE void energy_swap_known(sdk_energy *e, int a, int b, long delta)
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
HOT_INLINE void energy_cycle3(sdk_energy *e, int a, int b, int c)
{
    energy_swap(e, a, b);
    energy_swap(e, a, c);
}

#endif

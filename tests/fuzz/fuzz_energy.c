/*
 * fuzz_energy.c -- libFuzzer target for the energy core (src/stochastic/energy.c,
 * src/stochastic/energy.h, src/stochastic/fill.c): random boards, clues (conflicting ones included), starting
 * states and move sequences steered by the input bytes.  The boards are the
 * standard shapes and the variants: X (9x9, 4x4, 16x16), windoku, jigsaw
 * (4x4, 6x6, 9x9, and 9x9 with X; random connected regions drawn from the
 * seed) and samurai, whose non-box houses the per-house energies walk.
 *
 * Bytes: [board] [kinds] [clue weight | fill] [clue density] [seed x4], then
 * moves of 3 bytes: [op] [x] [y]; op bit 0 picks "set" (a free cell takes a
 * digit) or "swap" (two free cells of one box).  After every move the ΔE
 * predicted before the commit must equal the change of the tracked energy,
 * and the tracked energy must equal the full recompute from the definition.
 * Also: starting states keep the clues and hold digits 1..n, a reset gives
 * the full recompute, the singles filled by sdk_energy_fill_singles agree
 * with the unique solution when there is one, and a probe
 * (sdk_propagate_probe) breaks no house and completes only to a solution.
 */
#include "fuzz_common.h"
#include "../../src/stochastic/boxmoves.h"
#include "../../src/stochastic/energy.h"

static void fz_energy_compare(const sdk_energy *e, const uint8_t *puzzle, const char *when)
{
    const sdk_board *b = e->board;
    if (e->kinds & SDK_ENERGY_CONFLICT) {
        long full = sdk_energy_conflict_full(b, puzzle, e->cells, e->clue_weight);
        FZ_CHECK(e->conflict == full, "%s: conflict %ld, recomputed %ld", when, e->conflict, full);
    }
    if (e->kinds & SDK_ENERGY_MISSING) {
        long full = sdk_energy_missing_full(b, e->cells);
        FZ_CHECK(e->missing == full, "%s: missing %ld, recomputed %ld", when, e->missing, full);
    }
    if (e->kinds & SDK_ENERGY_SORT) {
        long full = sdk_energy_sort_full(b, e->cells);
        FZ_CHECK(e->sort == full, "%s: sort %ld, recomputed %ld", when, e->sort, full);
    }
}

static void fz_energy_state_ok(const sdk_board *b, const uint8_t *puzzle, const uint8_t *state)
{
    for (int c = 0; c < b->ncells; c++) {
        FZ_CHECK(state[c] >= 1 && state[c] <= b->n, "cell %d holds %d", c, state[c]);
        FZ_CHECK(!puzzle[c] || state[c] == puzzle[c], "clue %d changed", c);
    }
}

static int fz_energy_run(const sdk_board *b, const uint8_t *data, size_t size, uint32_t seed, sdk_rng *rngp);

/* The board of selector k: a standard shape, or a variant (made afresh and
 * freed by the caller, *owned = 1: a cache would keep every jigsaw map). */
static const sdk_board *fz_energy_board(int k, sdk_rng *rng, int *owned)
{
    static const int shapes[][2] = {
        {2, 2}, {2, 3}, {3, 2}, {2, 4}, {3, 3}, {2, 5}, {3, 4}, {4, 3}, {3, 5}, {4, 4}, {4, 5}, {5, 5},
    };
    static const struct { unsigned flags; int n; } variants[] = {
        {SDK_VARIANT_X, 9}, {SDK_VARIANT_X, 4}, {SDK_VARIANT_X, 16}, {SDK_VARIANT_WINDOKU, 9},
        {SDK_VARIANT_JIGSAW, 4}, {SDK_VARIANT_JIGSAW, 6}, {SDK_VARIANT_JIGSAW, 9},
        {SDK_VARIANT_JIGSAW | SDK_VARIANT_X, 9}, {SDK_VARIANT_SAMURAI, 9},
    };
    int nshapes = (int)(sizeof shapes / sizeof shapes[0]);
    k %= nshapes + (int)(sizeof variants / sizeof variants[0]);
    *owned = 0;
    if (k < nshapes)
        return sdk_board_cached(shapes[k][0], shapes[k][1]);
    k -= nshapes;
    static uint8_t region[SDK_MAX_CELLS];
    int jigsaw = (variants[k].flags & SDK_VARIANT_JIGSAW) != 0;
    if (jigsaw)
        sdk_variant_random_regions(variants[k].n, NULL, rng, region);
    char err[160];
    *owned = 1;
    sdk_board *b = sdk_variant_board(variants[k].flags, variants[k].n, jigsaw ? region : NULL, err, sizeof err);
    FZ_CHECK(b != NULL, "variant board %u/%d: %s", variants[k].flags, variants[k].n, err);
    return b;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 8)
        return 0;
    uint32_t seed = (uint32_t)data[4] | (uint32_t)data[5] << 8 | (uint32_t)data[6] << 16 |
                    (uint32_t)data[7] << 24;
    sdk_rng rng;
    sdk_rng_seed(&rng, seed);
    int owned;
    const sdk_board *b = fz_energy_board(data[0], &rng, &owned);
    FZ_CHECK(b != NULL, "board");
    int status_code = fz_energy_run(b, data, size, seed, &rng);
    if (owned)
        sdk_board_free((sdk_board *)b);
    return status_code;
}

/* One input on board b (rng already seeded, the jigsaw map drawn). */
static int fz_energy_run(const sdk_board *b, const uint8_t *data, size_t size, uint32_t seed, sdk_rng *rngp)
{
    unsigned kinds = 1u + data[1] % 7u;
    int clue_weight = data[2] % 11;
    int fill_boxes = (data[2] >> 4) & 1;
    double density = data[3] / 255.0 * 0.8;
    data += 8, size -= 8;
    int n = b->n, nc = b->ncells;
    sdk_rng rng = *rngp;
    static uint8_t puzzle[SDK_MAX_CELLS], state[SDK_MAX_CELLS], other[SDK_MAX_CELLS];
    static uint8_t singles[SDK_MAX_CELLS], sol[SDK_MAX_CELLS];
    for (int c = 0; c < nc; c++)
        puzzle[c] = sdk_rng_double(&rng) < density ? (uint8_t)(1 + sdk_rng_below(&rng, (uint32_t)n)) : 0;
    if (fill_boxes)
        sdk_energy_fill_boxes(b, puzzle, &rng, state);
    else
        sdk_energy_fill_random(b, puzzle, &rng, state);
    fz_energy_state_ok(b, puzzle, state);

    static sdk_energy e;
    FZ_CHECK(sdk_energy_init(&e, b, puzzle, state, kinds, clue_weight), "init");
    fz_energy_compare(&e, puzzle, "init");

    static int free_cells[SDK_MAX_CELLS];
    int nfree = 0;
    for (int c = 0; c < nc; c++)
        if (!puzzle[c])
            free_cells[nfree++] = c;
    /* The free cells of each box, for swaps; boxes with two or more. */
    static uint16_t box_free[BOXMOVES_MAX_BOXES][SDK_MAX_N];
    static int box_nfree[BOXMOVES_MAX_BOXES];
    int nboxes = 0;
    for (int h = 0; h < b->nhouses; h++) {
        if (b->house_kind[h] != SDK_HOUSE_BOX)
            continue;
        box_nfree[nboxes] = 0;
        for (int i = 0; i < n; i++) {
            int c = b->house_cells[h * n + i];
            if (!puzzle[c])
                box_free[nboxes][box_nfree[nboxes]++] = (uint16_t)c;
        }
        if (box_nfree[nboxes] >= 2)
            nboxes++;
    }
    int full_every = n <= 9 ? 1 : 16;

    for (size_t i = 0, moves = 0; i + 3 <= size && moves < 512 && nfree > 0; i += 3, moves++) {
        int op = data[i], x = data[i + 1], y = data[i + 2];
        long before_c = e.conflict, before_m = e.missing, before_s = e.sort;
        long dc, dm, ds;
        if (!(op & 1) || nboxes == 0) {
            int c = free_cells[((op >> 1) << 8 | x) % nfree];
            int d = 1 + y % n;
            dc = (kinds & SDK_ENERGY_CONFLICT) ? energy_conflict_set_delta(&e, c, d) : 0;
            dm = energy_missing_set_delta(&e, c, d);
            ds = energy_sort_set_delta(&e, c, d);
            energy_set(&e, c, d);
            FZ_CHECK(e.cells[c] == d, "set did not set");
        } else {
            int box = (op >> 1) % nboxes, m = box_nfree[box];
            int i1 = x % m, i2 = y % (m - 1);
            i2 += i2 >= i1;
            int a = box_free[box][i1], c = box_free[box][i2];
            FZ_CHECK(a != c && !puzzle[a] && !puzzle[c] && b->cell_box[a] == b->cell_box[c],
                     "swap pair %d,%d", a, c);
            int va = e.cells[a], vc = e.cells[c];
            dc = (kinds & SDK_ENERGY_CONFLICT) ? energy_conflict_swap_delta(&e, a, c) : 0;
            dm = energy_missing_swap_delta(&e, a, c);
            ds = energy_sort_swap_delta(&e, a, c);
            if (kinds == SDK_ENERGY_MISSING || kinds == SDK_ENERGY_SORT)
                energy_swap_known(&e, a, c, kinds == SDK_ENERGY_MISSING ? dm : ds);  /* the chains' commit */
            else
                energy_swap(&e, a, c);
            FZ_CHECK(e.cells[a] == vc && e.cells[c] == va, "swap did not swap");
        }
        if (kinds & SDK_ENERGY_CONFLICT)
            FZ_CHECK(e.conflict - before_c == dc, "conflict ΔE %ld, change %ld", dc, e.conflict - before_c);
        if (kinds & SDK_ENERGY_MISSING)
            FZ_CHECK(e.missing - before_m == dm, "missing ΔE %ld, change %ld", dm, e.missing - before_m);
        if (kinds & SDK_ENERGY_SORT)
            FZ_CHECK(e.sort - before_s == ds, "sort ΔE %ld, change %ld", ds, e.sort - before_s);
        if (moves % (size_t)full_every == 0)
            fz_energy_compare(&e, puzzle, "after a move");
    }
    fz_energy_compare(&e, puzzle, "after the moves");
    fz_energy_state_ok(b, puzzle, e.cells);

    sdk_energy_fill_random(b, puzzle, &rng, other);
    sdk_energy_reset(&e, other);
    fz_energy_compare(&e, puzzle, "after a reset");
    sdk_energy_free(&e);

    /* Singles: clues kept, and on a puzzle with one solution, every cell
     * filled agrees with it. */
    if (n > 16)            /* (slow under the sanitizers on 20x20 and 25x25) */
        return 0;
    int filled = sdk_energy_fill_singles(b, puzzle, singles);
    for (int c = 0; c < nc; c++)
        FZ_CHECK(!puzzle[c] || singles[c] == puzzle[c], "fill_singles changed clue %d", c);
    sdk_budget budget = {0};
    budget.deadline = sdk_now() + 0.02;
    sdk_status status = SDK_TIMEOUT;
    uint64_t count = 0;
    if (n <= 9)            /* random clues on big boards make slow searches */
        count = sdk_exact_count(b, puzzle, 2, sol, NULL, &budget, &status);
    if (status != SDK_TIMEOUT) {
        if (count > 0)     /* (with none, singles may or may not find that out) */
            FZ_CHECK(filled, "fill_singles claims a contradiction, but there are solutions");
        if (count == 1)
            for (int c = 0; c < nc; c++)
                FZ_CHECK(!singles[c] || singles[c] == sol[c], "single at %d is %d, solution %d", c,
                         singles[c], sol[c]);
    }

    /* Probes: never a broken house; a completed one is a solution (the
     * solution, when there is one only). */
    static uint8_t probed[SDK_MAX_CELLS];
    static uint32_t cand[SDK_MAX_CELLS];
    if (!sdk_propagate(b, puzzle, SDK_PROPAGATE_SINGLES, probed, cand))
        return 0;
    int complete = sdk_propagate_probe(b, probed, cand, SDK_PROPAGATE_SINGLES + (seed & 1), &rng);
    FZ_CHECK(sdk_board_givens_consistent(b, probed, NULL), "a probe broke a house");
    for (int c = 0; c < nc; c++)
        FZ_CHECK(!puzzle[c] || probed[c] == puzzle[c], "a probe changed clue %d", c);
    if (complete) {
        FZ_CHECK(sdk_board_is_solution(b, probed), "a completed probe is no solution");
        if (status != SDK_TIMEOUT && count == 1)
            FZ_CHECK(memcmp(probed, sol, (size_t)nc) == 0, "a completed probe is not the one solution");
    }
    return 0;
}

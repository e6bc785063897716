/*
 * unit_energy.c -- the energy core against its definitions: on 4x4, 9x9 and
 * 16x16 boards, for each energy (conflict, missing, sort) and each move kind
 * (set one cell, swap two free cells of a box, swap restricted to
 * candidates), the incremental ΔE of every one of 100,000 random moves
 * equals the change of the energy recomputed from its definition over the
 * houses and pairs the move touches, and every 1,000 moves the tracked
 * energies equal full recomputes (so the ΔE sum is checked whole too); the
 * textbook's two states have E = 556 and E = 20; the one-draw swap table
 * gives the source's distribution; candidate fills respect the candidates;
 * singles propagation and the acceptance table behave; 3-cycles keep ΔE ==
 * recompute; sdk_propagate never removes a solution's digit (checked
 * against the exact solver on the named hard puzzles and ~1,200 random
 * 4x4, 9x9 and 16x16 puzzles) and full propagation prunes more than
 * singles.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "sudoku.h"
#include "../src/stochastic/boxmoves.h"
#include "../src/stochastic/energy.h"

#define MOVES 100000
#define FULL_EVERY 1000     /* moves between full recomputes */

/* Reads the first record of a file under puzzles/. */
static int read_first(const char *path, sdk_record *rec)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    sdk_read_options ro;
    memset(&ro, 0, sizeof ro);
    sdk_reader *r = sdk_reader_new(f, path, &ro);
    int got = r && sdk_reader_next(r, rec) == 1 && rec->ok;
    sdk_reader_free(r);
    fclose(f);
    return got;
}

/* A puzzle with about one cell in `keep` a clue, from a solution of the empty board. */
static void make_puzzle(const sdk_board *b, sdk_rng *r, uint8_t *puzzle, int keep)
{
    uint8_t empty[SDK_MAX_CELLS] = {0}, solution[SDK_MAX_CELLS];
    sdk_status status;
    sdk_exact_count(b, empty, 1, solution, NULL, NULL, &status);
    for (int c = 0; c < b->ncells; c++)
        puzzle[c] = sdk_rng_below(r, (uint32_t)keep) == 0 ? solution[c] : 0;
}

typedef struct { long conflict, missing, sort; } full3;

/* Every pair of distinct cells that share a house, once, with its weight:
 * the conflict energy's definition as a list, so that a full recompute per
 * move stays cheap enough for 100,000 moves on 16x16. */
typedef struct { int count; uint16_t *a, *b; uint8_t *w; } pair_list;

static pair_list make_pairs(const sdk_board *b, const uint8_t *puzzle, int w)
{
    pair_list pl = {0, malloc(sizeof(uint16_t) * (size_t)b->peer_start[b->ncells]),
                    malloc(sizeof(uint16_t) * (size_t)b->peer_start[b->ncells]),
                    malloc((size_t)b->peer_start[b->ncells])};
    for (int c = 0; c < b->ncells; c++)
        for (int i = b->peer_start[c]; i < b->peer_start[c + 1]; i++)
            if (b->peers[i] > c) {
                pl.a[pl.count] = (uint16_t)c;
                pl.b[pl.count] = b->peers[i];
                pl.w[pl.count++] = (uint8_t)(puzzle[c] || puzzle[b->peers[i]] ? w : 1);
            }
    return pl;
}

static full3 recompute(const sdk_board *b, const pair_list *pl, const uint8_t *state)
{
    full3 f = {0, sdk_energy_missing_full(b, state), sdk_energy_sort_full(b, state)};
    for (int k = 0; k < pl->count; k++)
        f.conflict += (state[pl->a[k]] == state[pl->b[k]]) * pl->w[k];
    return f;
}

/* The energies from their definitions, over the rows and columns through
 * the moved cells (missing, sort) and the pairs with a moved cell (conflict):
 * the only terms of the full sums a move can change, so the change of this
 * equals the change of the full recompute, at a fraction of its cost. */
static full3 recompute_near(const sdk_board *b, const uint8_t *puzzle, const uint8_t *state, int w,
                            const int *moved, int nmoved)
{
    full3 f = {0, 0, 0};
    int houses[8], nhouses = 0;
    for (int k = 0; k < nmoved; k++) {
        int mine[2] = {b->cell_row[moved[k]], b->cell_col[moved[k]]};
        for (int j = 0; j < 2; j++) {
            int seen = 0;
            for (int i = 0; i < nhouses; i++)
                seen |= houses[i] == mine[j];
            if (!seen)
                houses[nhouses++] = mine[j];
        }
    }
    for (int i = 0; i < nhouses; i++) {
        int count[SDK_MAX_N + 1] = {0};
        for (int j = 0; j < b->n; j++)
            count[state[b->house_cells[houses[i] * b->n + j]]]++;
        int place = 1;
        for (int d = 1; d <= b->n; d++) {
            f.missing += count[d] == 0;
            for (int k = 0; k < count[d]; k++, place++)
                f.sort += labs((long)d - place);
        }
    }
    for (int k = 0; k < nmoved; k++) {
        int c = moved[k];
        for (int i = b->peer_start[c]; i < b->peer_start[c + 1]; i++) {
            int p = b->peers[i];
            if (k == 1 && p == moved[0])
                continue;           /* the pair of the two moved cells, counted once */
            f.conflict += (state[c] == state[p]) * (puzzle[c] || puzzle[p] ? w : 1);
        }
    }
    return f;
}

/* MOVES random moves of one kind (0 set, 1 swap, 2 swap kept within the
 * candidates of --propagate); every ΔE checked against the definitions. */
static void check_moves(int box_rows, int box_cols, int swap, uint32_t seed)
{
    const sdk_board *b = sdk_board_cached(box_rows, box_cols);
    sdk_rng r;
    sdk_rng_seed(&r, seed);
    uint8_t puzzle[SDK_MAX_CELLS], state[SDK_MAX_CELLS];
    /* Half the cells clues; a sparse puzzle for candidate swaps, whose
     * candidates would otherwise leave few legal swaps. */
    make_puzzle(b, &r, puzzle, swap == 2 ? 6 : 2);
    const int w = 5;
    uint32_t cand[SDK_MAX_CELLS];
    sdk_energy_candidates(b, puzzle, cand);
    if (swap == 2) {
        CHECK(sdk_energy_fill_boxes_candidates(b, puzzle, cand, &r, state), "%dx%d: no candidate fill", b->n, b->n);
        int within = 1;
        for (int c = 0; c < b->ncells; c++)
            within &= puzzle[c] || (cand[c] >> (state[c] - 1) & 1u);
        CHECK(within, "%dx%d: a candidate fill put a non-candidate digit", b->n, b->n);
    } else if (swap)
        sdk_energy_fill_boxes(b, puzzle, &r, state);
    else
        sdk_energy_fill_random(b, puzzle, &r, state);
    sdk_energy e, e_missing, e_sort;      /* the last two: one energy each, as the chains run */
    CHECK(sdk_energy_init(&e, b, puzzle, state, SDK_ENERGY_ALL, w), "init");
    CHECK(sdk_energy_init(&e_missing, b, puzzle, state, SDK_ENERGY_MISSING, w) &&
          sdk_energy_init(&e_sort, b, puzzle, state, SDK_ENERGY_SORT, w), "init one energy");
    long single_bad = 0;
    pair_list pairs = make_pairs(b, puzzle, w);
    full3 before = recompute(b, &pairs, state);
    CHECK(before.conflict == sdk_energy_conflict_full(b, puzzle, state, w),
          "%dx%d: two recomputes of the conflict energy disagree", b->n, b->n);
    CHECK(e.conflict == before.conflict && e.missing == before.missing && e.sort == before.sort,
          "%dx%d: initial energies differ from the recompute", b->n, b->n);
    boxmoves bx;
    boxmoves_init(&bx, b, puzzle);
    uint16_t free_cells[SDK_MAX_CELLS];
    int nfree = 0;
    for (int c = 0; c < b->ncells; c++)
        if (!puzzle[c])
            free_cells[nfree++] = (uint16_t)c;

    long bad[3] = {0, 0, 0}, nonzero[3] = {0, 0, 0};
    int moves = 0;
    for (long tries = 0; moves < MOVES && tries < 100L * MOVES; tries++) {
        long delta[3];
        int moved[2], nmoved;
        if (swap) {
            boxmoves_swap(&bx, &r, &moved[0], &moved[1]);
            nmoved = 2;
            int a = moved[0], c = moved[1];
            if (swap == 2 && !(cand[a] >> (e.cells[c] - 1) & cand[c] >> (e.cells[a] - 1) & 1u))
                continue;           /* --propagate would not propose it */
        } else {
            moved[0] = free_cells[sdk_rng_below(&r, (uint32_t)nfree)];
            nmoved = 1;
        }
        full3 near_before = recompute_near(b, puzzle, e.cells, w, moved, nmoved);
        if (swap) {
            int a = moved[0], c = moved[1];
            delta[0] = energy_conflict_swap_delta(&e, a, c);
            delta[1] = energy_missing_swap_delta(&e, a, c);
            delta[2] = energy_sort_swap_delta(&e, a, c);
            energy_swap(&e, a, c);
            /* the chains' commit: one tracked energy, its ΔE already known */
            energy_swap_known(&e_missing, a, c, energy_missing_swap_delta(&e_missing, a, c));
            energy_swap_known(&e_sort, a, c, energy_sort_swap_delta(&e_sort, a, c));
            single_bad += e_missing.missing != e.missing || e_sort.sort != e.sort ||
                          memcmp(e_missing.cells, e.cells, (size_t)b->ncells) != 0 ||
                          memcmp(e_missing.house_count, e.house_count,
                                 sizeof(uint16_t) * (size_t)b->nhouses * (size_t)e.stride) != 0 ||
                          memcmp(e_sort.house_count, e.house_count,
                                 sizeof(uint16_t) * (size_t)b->nhouses * (size_t)e.stride) != 0;
        } else {
            int c = moved[0];
            int d = 1 + (int)sdk_rng_below(&r, (uint32_t)b->n);   /* may equal the old digit */
            delta[0] = energy_conflict_set_delta(&e, c, d);
            delta[1] = energy_missing_set_delta(&e, c, d);
            delta[2] = energy_sort_set_delta(&e, c, d);
            energy_set(&e, c, d);
        }
        moves++;
        full3 near_after = recompute_near(b, puzzle, e.cells, w, moved, nmoved);
        long diff[3] = {near_after.conflict - near_before.conflict, near_after.missing - near_before.missing,
                        near_after.sort - near_before.sort};
        long tracked[3] = {e.conflict, e.missing, e.sort};
        long expected[3] = {before.conflict + diff[0], before.missing + diff[1], before.sort + diff[2]};
        if (moves % FULL_EVERY == 0 || moves == MOVES) {
            full3 after = recompute(b, &pairs, e.cells);
            long full[3] = {after.conflict, after.missing, after.sort};
            for (int k = 0; k < 3; k++)
                bad[k] += expected[k] != full[k];
        }
        for (int k = 0; k < 3; k++) {
            bad[k] += delta[k] != diff[k] || tracked[k] != expected[k];
            nonzero[k] += delta[k] != 0;
        }
        before = (full3){expected[0], expected[1], expected[2]};
    }
    CHECK(moves == MOVES, "%dx%d: only %d candidate swaps in %d tries", b->n, b->n, moves, 100 * MOVES);
    CHECK(single_bad == 0, "%dx%d: a one-energy swap commit drifted %ld times", b->n, b->n, single_bad);
    sdk_energy_free(&e_missing);
    sdk_energy_free(&e_sort);
    static const char *names[3] = {"conflict", "missing", "sort"};
    static const char *kinds[3] = {"set", "swap", "candidate swap"};
    for (int k = 0; k < 3; k++) {
        CHECK(bad[k] == 0, "%dx%d %s %s: %ld of %d moves with a wrong ΔE", b->n, b->n, kinds[swap],
              names[k], bad[k], MOVES);
        /* The test must be able to fail: most moves change every energy. */
        CHECK(nonzero[k] > MOVES / 4, "%dx%d %s %s: only %ld moves changed the energy", b->n, b->n,
              kinds[swap], names[k], nonzero[k]);
    }
    if (swap == 2) {
        int within = 1;
        for (int c = 0; c < b->ncells; c++)
            within &= puzzle[c] || (cand[c] >> (e.cells[c] - 1) & 1u);
        CHECK(within, "%dx%d: a candidate swap left a cell outside its candidates", b->n, b->n);
    }
    if (swap) {   /* swaps keep every box a permutation */
        int ok = 1;
        for (int h = 0; h < b->nhouses; h++)
            if (b->house_kind[h] == SDK_HOUSE_BOX)
                for (int d = 1; d <= b->n; d++)
                    ok &= e.house_count[h * e.stride + d] == 1;
        CHECK(ok, "%dx%d: a swap broke a box permutation", b->n, b->n);
    }
    CHECK(e.conflict == sdk_energy_conflict_full(b, puzzle, e.cells, w), "%dx%d: final conflict energy", b->n, b->n);
    sdk_energy_free(&e);
    free(pairs.a);
    free(pairs.b);
    free(pairs.w);
}

static void check_textbook(void)
{
    sdk_record *puzzle = malloc(sizeof *puzzle), *high = malloc(sizeof *high),
               *low = malloc(sizeof *low), *sol = malloc(sizeof *sol);
    int ok = read_first("puzzles/book-metropolis.txt", puzzle) && read_first("puzzles/book-state-high.txt", high) &&
             read_first("puzzles/book-state-low.txt", low) && read_first("puzzles/book-metropolis.sol", sol);
    CHECK(ok, "could not read the textbook puzzle and states from puzzles/");
    if (ok) {
        const sdk_board *b = puzzle->board;
        CHECK(sdk_energy_conflict_full(b, puzzle->cells, high->cells, 5) == 556, "high state: E = %ld, want 556",
              sdk_energy_conflict_full(b, puzzle->cells, high->cells, 5));
        CHECK(sdk_energy_conflict_full(b, puzzle->cells, low->cells, 5) == 20, "low state: E = %ld, want 20",
              sdk_energy_conflict_full(b, puzzle->cells, low->cells, 5));
        CHECK(sdk_energy_conflict_full(b, puzzle->cells, sol->cells, 5) == 0, "solution: E != 0");
        CHECK(sdk_energy_missing_full(b, sol->cells) == 0 && sdk_energy_sort_full(b, sol->cells) == 0,
              "solution: missing or sort energy != 0");
        sdk_energy e;
        CHECK(sdk_energy_init(&e, b, puzzle->cells, high->cells, SDK_ENERGY_ALL, 5) && e.conflict == 556,
              "tracker on the high state: E = %ld", e.conflict);
        sdk_energy_free(&e);
        /* Singles alone solve the textbook puzzle (depth 2 needs guesses, so
         * only check that what they fill agrees with the solution). */
        uint8_t filled[SDK_MAX_CELLS];
        CHECK(sdk_energy_fill_singles(b, puzzle->cells, filled), "singles: contradiction on a proper puzzle");
        int agree = 1, more = 0;
        for (int c = 0; c < 81; c++) {
            agree &= !filled[c] || filled[c] == sol->cells[c];
            more += filled[c] && !puzzle->cells[c];
        }
        CHECK(agree && more > 0, "singles: %d cells filled, agree=%d", more, agree);
    }
    free(puzzle);
    free(high);
    free(low);
    free(sol);
}

static void check_thresholds(void)
{
    uint32_t thr[101];
    sdk_energy_thresholds(thr, 100, 1 / 0.39);
    CHECK(thr[0] == UINT32_MAX, "thr[0] must accept always");
    CHECK(fabs(thr[1] / 4294967296.0 - exp(-1 / 0.39)) < 1e-9, "thr[1] = %u", thr[1]);
    int decreasing = 1;
    for (int k = 1; k <= 100; k++)
        decreasing &= thr[k] <= thr[k - 1];
    CHECK(decreasing, "thresholds not decreasing");
}

/* The one-draw table holds each pair of box i exactly L/k_i times: the
 * distribution of "uniform box, then uniform pair", from one draw. */
static void check_draw_table(void)
{
    const sdk_board *b = sdk_board_cached(3, 3);
    sdk_rng r;
    sdk_rng_seed(&r, 5);
    uint8_t puzzle[SDK_MAX_CELLS];
    make_puzzle(b, &r, puzzle, 2);
    boxmoves *bx = malloc(sizeof *bx);
    boxmoves_init(bx, b, puzzle);
    CHECK(bx->ndraw > 0, "9x9: no one-draw table");
    int ok = 1;
    for (int i = 0; i < bx->nboxes; i++)
        for (int p = bx->start[i]; p < bx->start[i + 1]; p++) {
            uint32_t key = bx->pair_a[p] | (uint32_t)bx->pair_b[p] << 16, copies = 0;
            for (uint32_t j = 0; j < bx->ndraw; j++)
                copies += bx->draw[j] == key;
            /* P = copies / ndraw must be 1 / (nboxes * k_i) */
            ok &= (uint64_t)copies * (uint64_t)bx->nboxes * (uint64_t)(bx->start[i + 1] - bx->start[i]) ==
                  bx->ndraw;
        }
    CHECK(ok, "one-draw table: a pair's share differs from 1/(boxes * pairs of its box)");
    free(bx);
}

/* 3-cycles: the energy core's ΔE equals the change of the missing energy
 * recomputed from its definition, the commit rotates the three digits, and
 * the tracked energy stays equal to a full recompute. */
static void check_cycles(int br, int bc, uint32_t seed)
{
    const sdk_board *b = sdk_board_cached(br, bc);
    sdk_rng r;
    sdk_rng_seed(&r, seed);
    uint8_t puzzle[SDK_MAX_CELLS], state[SDK_MAX_CELLS], next[SDK_MAX_CELLS];
    make_puzzle(b, &r, puzzle, 4);
    sdk_energy_fill_boxes(b, puzzle, &r, state);
    boxmoves *bx = malloc(sizeof *bx);
    boxmoves_init(bx, b, puzzle);
    sdk_energy e;
    CHECK(bx->ncycle > 0 && sdk_energy_init(&e, b, puzzle, state, SDK_ENERGY_MISSING, 0),
          "%dx%d: no box with three free cells, or no tracker", b->n, b->n);
    int bad_delta = 0, bad_move = 0, bad_total = 0, moved = 0;
    for (int i = 0; i < 20000 && bx->ncycle > 0; i++) {
        int x, y, z;
        boxmoves_cycle3(bx, &r, &x, &y, &z);
        bad_move += x == y || y == z || x == z || puzzle[x] || puzzle[y] || puzzle[z] ||
                    b->cell_box[x] != b->cell_box[y] || b->cell_box[x] != b->cell_box[z];
        memcpy(next, e.cells, (size_t)b->ncells);
        next[x] = e.cells[z];
        next[y] = e.cells[x];
        next[z] = e.cells[y];
        long want = sdk_energy_missing_full(b, next) - sdk_energy_missing_full(b, e.cells);
        long got = energy_missing_cycle3_delta(&e, x, y, z);
        bad_delta += got != want;
        moved += want != 0;
        energy_cycle3(&e, x, y, z);
        bad_move += memcmp(next, e.cells, (size_t)b->ncells) != 0;
        bad_total += e.missing != sdk_energy_missing_full(b, e.cells);
    }
    CHECK(!bad_delta && !bad_move && !bad_total && moved > 0,
          "%dx%d 3-cycles: %d wrong ΔE, %d wrong moves, %d wrong totals, %d moves changed E", b->n, b->n,
          bad_delta, bad_move, bad_total, moved);
    if (bx->ncycle > 0)
        sdk_energy_free(&e);
    free(bx);
}

/* The next puzzle of puzzles/named-hard.txt ("name depth width grid"
 * lines); 0 at the end. */
static int next_named_hard(FILE *f, char *name, uint8_t *puzzle)
{
    char line[512], grid[128];
    int depth, width;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || sscanf(line, "%63s %d %d %127s", name, &depth, &width, grid) != 4 ||
            strlen(grid) != 81)
            continue;
        for (int c = 0; c < 81; c++)
            puzzle[c] = grid[c] >= '1' && grid[c] <= '9' ? (uint8_t)(grid[c] - '0') : 0;
        return 1;
    }
    return 0;
}

/* Propagation only deduces: on every puzzle below, the exact solver's
 * solution agrees with each cell sdk_propagate fills and holds a candidate
 * in every blank one; a puzzle with a solution is never called
 * contradictory; full propagation fills and prunes at least as much as
 * singles, and strictly more on the hard puzzles as a whole. */
static void check_one_propagation(const sdk_board *b, const uint8_t *puzzle, int *bad, int *checked,
                                  long *pruned_more)
{
    uint8_t sol[SDK_MAX_CELLS], out1[SDK_MAX_CELLS], out2[SDK_MAX_CELLS];
    uint32_t cand1[SDK_MAX_CELLS], cand2[SDK_MAX_CELLS];
    sdk_status status;
    uint64_t count = sdk_exact_count(b, puzzle, 1, sol, NULL, NULL, &status);
    int r1 = sdk_propagate(b, puzzle, SDK_PROPAGATE_SINGLES, out1, cand1);
    int r2 = sdk_propagate(b, puzzle, SDK_PROPAGATE_FULL, out2, cand2);
    if (count == 0) {
        *bad += r2 && !r1;          /* full finds every contradiction singles find */
        return;
    }
    (*checked)++;
    if (!r1 || !r2) {
        (*bad)++;
        return;
    }
    for (int c = 0; c < b->ncells; c++) {
        *bad += out2[c] ? out2[c] != sol[c] : !(cand2[c] >> (sol[c] - 1) & 1u);
        *bad += out1[c] ? out1[c] != sol[c] : !(cand1[c] >> (sol[c] - 1) & 1u);
        *bad += out1[c] && out2[c] != out1[c];                  /* full keeps singles' cells */
        *bad += !out2[c] && (cand2[c] & ~cand1[c]) != 0;       /* and prunes no less */
        *pruned_more += __builtin_popcount(out1[c] ? 0 : cand1[c]) - __builtin_popcount(out2[c] ? 0 : cand2[c]);
    }
}

static void check_propagation(void)
{
    int bad = 0, checked = 0;
    long pruned_more = 0;
    FILE *f = fopen("puzzles/named-hard.txt", "r");
    CHECK(f != NULL, "could not open puzzles/named-hard.txt");
    const sdk_board *b9 = sdk_board_cached(3, 3);
    int hard = 0;
    char name[64];
    uint8_t puzzle[SDK_MAX_CELLS];
    while (f && next_named_hard(f, name, puzzle)) {
        check_one_propagation(b9, puzzle, &bad, &checked, &pruned_more);
        hard++;
    }
    if (f)
        fclose(f);
    CHECK(hard >= 10 && pruned_more > 0, "named-hard: %d puzzles, full pruned %ld more candidates", hard,
          pruned_more);
    /* Random puzzles (unique or not) on 4x4, 9x9 and 16x16, and the same
     * with one clue changed (often no solution). */
    const int shapes[3][3] = {{2, 2, 300}, {3, 3, 300}, {4, 4, 20}};
    sdk_rng r;
    sdk_rng_seed(&r, 77);
    for (int s = 0; s < 3; s++) {
        const sdk_board *b = sdk_board_cached(shapes[s][0], shapes[s][1]);
        for (int i = 0; i < shapes[s][2]; i++) {
            uint8_t puzzle[SDK_MAX_CELLS];
            make_puzzle(b, &r, puzzle, b->n == 16 ? 2 : 3);
            check_one_propagation(b, puzzle, &bad, &checked, &pruned_more);
            int c = (int)sdk_rng_below(&r, (uint32_t)b->ncells);
            if (puzzle[c]) {
                puzzle[c] = (uint8_t)(1 + (puzzle[c] % b->n));
                check_one_propagation(b, puzzle, &bad, &checked, &pruned_more);
            }
        }
    }
    CHECK(bad == 0 && checked > 600, "propagation: %d violations over %d solvable puzzles", bad, checked);
}

/* A probe (sdk_propagate_probe) never breaks a house: a completed probe is
 * a solution extending the puzzle (the solution, when it is unique), and a
 * failed one stops at a consistent partial grid within the propagated
 * candidates.  Probes do complete hard puzzles: at least one in `tries` on
 * each named hard one, at both levels. */
static int probe_violations(const sdk_board *b, const uint8_t *puzzle, int tries, int level, sdk_rng *r,
                            int *won)
{
    uint8_t base[SDK_MAX_CELLS], val[SDK_MAX_CELLS], sol[SDK_MAX_CELLS];
    uint32_t base_cand[SDK_MAX_CELLS], cand[SDK_MAX_CELLS];
    sdk_status status;
    uint64_t count = sdk_exact_count(b, puzzle, 2, sol, NULL, NULL, &status);
    if (!sdk_propagate(b, puzzle, SDK_PROPAGATE_FULL, base, base_cand))
        return 0;
    int bad = 0;
    *won = 0;
    for (int t = 0; t < tries; t++) {
        memcpy(val, base, (size_t)b->ncells);
        memcpy(cand, base_cand, sizeof(uint32_t) * (size_t)b->ncells);
        int complete = sdk_propagate_probe(b, val, cand, level, r);
        int blanks = 0;
        for (int c = 0; c < b->ncells; c++) {
            bad += base[c] && val[c] != base[c];
            bad += !val[c] && (cand[c] & ~base_cand[c]) != 0;
            blanks += !val[c];
        }
        bad += !sdk_board_givens_consistent(b, val, NULL);
        if (complete) {
            bad += blanks != 0 || count == 0;
            bad += count == 1 && memcmp(val, sol, (size_t)b->ncells) != 0;
            (*won)++;
        } else {
            /* the last consistent state: propagation finds no contradiction in it */
            uint8_t again[SDK_MAX_CELLS];
            bad += blanks == 0 || !sdk_propagate(b, val, SDK_PROPAGATE_SINGLES, again, NULL);
            for (int c = 0; c < b->ncells; c++)
                bad += !val[c] && !cand[c];
        }
    }
    return bad;
}

static void check_probes(void)
{
    const sdk_board *b9 = sdk_board_cached(3, 3);
    FILE *f = fopen("puzzles/named-hard.txt", "r");
    CHECK(f != NULL, "could not open puzzles/named-hard.txt");
    sdk_rng r;
    sdk_rng_seed(&r, 5);
    int bad = 0, hard = 0, fruitless = 0;
    char name[64];
    uint8_t puzzle[SDK_MAX_CELLS];
    while (f && next_named_hard(f, name, puzzle)) {
        for (int level = SDK_PROPAGATE_SINGLES; level <= SDK_PROPAGATE_FULL; level++) {
            int won;
            bad += probe_violations(b9, puzzle, level == SDK_PROPAGATE_FULL ? 300 : 3000, level, &r, &won);
            if (!won) {
                CHECK(0, "%s: no probe at level %d completed it", name, level);
                fruitless++;
            }
        }
        hard++;
    }
    if (f)
        fclose(f);
    /* Random puzzles, often with several solutions or none. */
    const int shapes[3][3] = {{2, 2, 100}, {3, 3, 100}, {4, 4, 10}};
    int won_any = 0;
    for (int s = 0; s < 3; s++) {
        const sdk_board *b = sdk_board_cached(shapes[s][0], shapes[s][1]);
        for (int i = 0; i < shapes[s][2]; i++) {
            uint8_t puzzle[SDK_MAX_CELLS];
            make_puzzle(b, &r, puzzle, 2);
            int won;
            bad += probe_violations(b, puzzle, 20, SDK_PROPAGATE_SINGLES, &r, &won);
            won_any += won > 0;
        }
    }
    CHECK(hard >= 10 && fruitless == 0 && won_any > 0 && bad == 0,
          "probes: %d violations, %d hard puzzles, %d random puzzles completed", bad, hard, won_any);
}

int main(void)
{
    check_propagation();
    check_probes();
    check_cycles(2, 2, 21);
    check_cycles(3, 3, 22);
    check_cycles(4, 4, 23);
    check_textbook();
    check_thresholds();
    check_draw_table();
    for (int swap = 0; swap < 3; swap++) {
        check_moves(2, 2, swap, 11);
        check_moves(3, 3, swap, 12);
        check_moves(4, 4, swap, 13);
    }
    return CHECK_SUMMARY("unit_energy");
}

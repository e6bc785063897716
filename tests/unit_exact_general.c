/* unit_exact_general.c -- the general exact solver (src/exact/exact.c) against a
 * slow reference written here (fewest-candidates backtracking that reads
 * only the board's house lists, no propagation): counts at limits 2 and 30, the
 * solutions agree on 16x16 and 25x25 puzzles and on boards with extra
 * houses built here (diagonals on 9x9 and 16x16, where cells sit in four
 * houses) and on the variant boards of variants.c (X, windoku, jigsaw,
 * Samurai), with puzzles that lost their solution too; the solver's
 * per-thread cache of board tables tells apart boards of one shape;
 * sdk_exact_differs answers as a count to two does; budgets stop both
 * solvers (the 9x9 kernel through sdk_exact9_count_budget). */
#include <stdlib.h>
#include <string.h>
#include "boards.h"
#include "check.h"
#include "sudoku.h"

/* ---- the slow reference ------------------------------------------------- */

static uint32_t ref_allowed(const sdk_board *b, const uint8_t *cells, int c)
{
    uint32_t used = 0;
    for (int i = b->cell_house_start[c]; i < b->cell_house_start[c + 1]; i++) {
        const uint16_t *h = b->house_cells + b->cell_houses[i] * b->n;
        for (int k = 0; k < b->n; k++)
            if (cells[h[k]])
                used |= 1u << (cells[h[k]] - 1);
    }
    return ((1u << b->n) - 1) & ~used;
}

static void ref_search(const sdk_board *b, uint8_t *cells, uint64_t limit, uint64_t *count, uint8_t *first)
{
    int best = -1, best_k = 99;
    for (int c = 0; c < b->ncells; c++) {
        if (cells[c])
            continue;
        int k = __builtin_popcount(ref_allowed(b, cells, c));
        if (k < best_k) {
            best_k = k;
            best = c;
        }
    }
    if (best < 0) {
        if (*count == 0)
            memcpy(first, cells, (size_t)b->ncells);
        ++*count;
        return;
    }
    for (uint32_t m = ref_allowed(b, cells, best); m && *count < limit; m &= m - 1) {
        cells[best] = (uint8_t)(__builtin_ctz(m) + 1);
        ref_search(b, cells, limit, count, first);
    }
    cells[best] = 0;
}

static uint64_t ref_count(const sdk_board *b, const uint8_t *puzzle, uint64_t limit, uint8_t *first)
{
    uint8_t cells[SDK_MAX_CELLS];
    memcpy(cells, puzzle, (size_t)b->ncells);
    uint64_t count = 0;
    if (sdk_board_givens_consistent(b, puzzle, NULL))
        ref_search(b, cells, limit, &count, first);
    return count;
}

/* 1 if every house of cells holds 1..n once (any house table). */
static int ref_is_solution(const sdk_board *b, const uint8_t *cells)
{
    for (int h = 0; h < b->nhouses; h++) {
        uint32_t seen = 0;
        for (int k = 0; k < b->n; k++) {
            int v = cells[b->house_cells[h * b->n + k]];
            if (v < 1 || v > b->n)
                return 0;
            seen |= 1u << (v - 1);
        }
        if (seen != (1u << b->n) - 1)
            return 0;
    }
    return 1;
}

/* ---- a board with the two diagonals as extra houses --------------------- */

static sdk_board *diagonal_board(int br, int bc)
{
    const sdk_board *std = sdk_board_cached(br, bc);
    int n = std->n, nh = std->nhouses + 2;
    sdk_board *b = board_shell(std, nh);
    for (int i = 0; i < n; i++) {
        b->house_cells[(nh - 2) * n + i] = (uint16_t)(i * n + i);
        b->house_cells[(nh - 1) * n + i] = (uint16_t)(i * n + n - 1 - i);
    }
    b->house_kind[nh - 2] = b->house_kind[nh - 1] = SDK_HOUSE_EXTRA;
    derive_cells(b);
    return b;
}


/* ---- cross-checks -------------------------------------------------------- */

/* Puzzles from grid keeping each clue with probability keep: the general
 * solver and the reference agree on the count to 2 and, when unique, on
 * the solution; any solution found solves the puzzle. */
static void cross_check(const sdk_board *b, const uint8_t *grid, sdk_rng *rng, int puzzles, double keep,
                        const char *name)
{
    int agree = 0, valid = 0, unique = 0, many = 0;
    for (int t = 0; t < puzzles; t++) {
        uint8_t p[SDK_MAX_CELLS], s1[SDK_MAX_CELLS], s2[SDK_MAX_CELLS];
        for (int c = 0; c < b->ncells; c++)
            p[c] = sdk_rng_double(rng) < keep ? grid[c] : 0;
        sdk_status st;
        uint64_t g = sdk_exact_count_general(b, p, 2, s1, NULL, NULL, &st);
        uint64_t r = ref_count(b, p, 2, s2);
        agree += g == r && (g == 2 || memcmp(s1, s2, (size_t)b->ncells) == 0);
        /* and to 30: the probing of two-candidate cells keeps every solution */
        many += sdk_exact_count_general(b, p, 30, NULL, NULL, NULL, &st) == ref_count(b, p, 30, s2);
        unique += g == 1;
        int ok = g > 0 && ref_is_solution(b, s1);
        for (int c = 0; c < b->ncells && ok; c++)
            ok = !p[c] || p[c] == s1[c];
        valid += ok;
    }
    CHECK(agree == puzzles, "%s: general and reference agree on %d of %d", name, agree, puzzles);
    CHECK(many == puzzles, "%s: general and reference agree on the count to 30 on %d of %d", name, many, puzzles);
    CHECK(valid == puzzles, "%s: %d of %d solutions valid", name, valid, puzzles);
    CHECK(unique > 0 && unique < puzzles, "%s: a mix of unique (%d) and not", name, unique);
}

/* Puzzles from grid with one clue changed to another digit: often no
 * solution left.  The general solver and the reference agree on the count
 * to 2 (and the solution when unique). */
static void cross_check_broken(const sdk_board *b, const uint8_t *grid, sdk_rng *rng, int puzzles, double keep,
                               const char *name)
{
    int agree = 0, none = 0;
    for (int t = 0; t < puzzles; t++) {
        uint8_t p[SDK_MAX_CELLS], s1[SDK_MAX_CELLS], s2[SDK_MAX_CELLS];
        int given = -1;
        for (int c = 0; c < b->ncells; c++) {
            p[c] = sdk_rng_double(rng) < keep ? grid[c] : 0;
            given = p[c] && (given < 0 || sdk_rng_below(rng, 8) == 0) ? c : given;
        }
        if (given >= 0)
            p[given] = (uint8_t)(1 + (p[given] + sdk_rng_below(rng, (uint32_t)b->n - 1)) % b->n);
        sdk_status st;
        uint64_t g = sdk_exact_count_general(b, p, 2, s1, NULL, NULL, &st);
        uint64_t r = ref_count(b, p, 2, s2);
        agree += g == r && (g != 1 || memcmp(s1, s2, (size_t)b->ncells) == 0);
        none += g == 0;
    }
    CHECK(agree == puzzles, "%s, one clue changed: general and reference agree on %d of %d", name, agree,
          puzzles);
    CHECK(none > 0, "%s, one clue changed: some (%d) without a solution", name, none);
}

/* A grid for board b, not from the general solver (so the puzzles do not
 * depend on its branching order): on a standard board the shifted pattern
 * with digits relabelled; with extra houses the reference's first solution
 * from a random permutation on the first house. */
static int make_grid(const sdk_board *b, sdk_rng *rng, uint8_t *grid)
{
    uint8_t start[SDK_MAX_CELLS] = {0}, digits[SDK_MAX_N];
    for (int d = 0; d < b->n; d++)
        digits[d] = (uint8_t)(d + 1);
    sdk_rng_shuffle_u8(rng, digits, b->n);
    if (b->nhouses == 3 * b->n) {
        int n = b->n, br = b->box_rows, bc = b->box_cols;
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++)
                grid[r * n + c] = digits[(r % br * bc + r / br + c) % n];
        return ref_is_solution(b, grid);
    }
    for (int i = 0; i < b->n; i++)
        start[b->house_cells[i]] = digits[i];
    return ref_count(b, start, 1, grid) == 1 && ref_is_solution(b, grid);
}

static void check_board(const sdk_board *b, uint32_t seed, int puzzles, double keep, const char *name)
{
    sdk_rng rng;
    sdk_rng_seed(&rng, seed);
    uint8_t grid[SDK_MAX_CELLS];
    CHECK(make_grid(b, &rng, grid), "%s: a valid grid", name);
    cross_check(b, grid, &rng, puzzles, keep, name);
}

/* With puzzle + cells unique (the generators' case), sdk_exact_differs(puzzle
 * minus cells) == 1 iff the count to 2 is 2, and the solution it returns
 * solves the puzzle and differs from the grid. */
static void check_differs(const sdk_board *b, uint32_t seed, int trials, double keep)
{
    sdk_rng rng;
    sdk_rng_seed(&rng, seed);
    uint8_t grid[SDK_MAX_CELLS];
    CHECK(make_grid(b, &rng, grid), "differs: a grid");
    int agree = 0, seconds = 0, capped_ok = 0, stopped = 0;
    for (int t = 0; t < trials; t++) {
        uint8_t p[SDK_MAX_CELLS], other[SDK_MAX_CELLS];
        sdk_status st;
        do
            for (int c = 0; c < b->ncells; c++)
                p[c] = sdk_rng_double(&rng) < keep ? grid[c] : 0;
        while (sdk_exact_count_general(b, p, 2, NULL, NULL, NULL, &st) != 1);
        int cells[3], k = 0;
        for (int c = 0; c < b->ncells && k < 3; c++)
            if (p[c] && sdk_rng_double(&rng) < 0.05) {
                cells[k++] = c;
                p[c] = 0;
            }
        uint64_t count = sdk_exact_count_general(b, p, 2, NULL, NULL, NULL, &st);
        int d = sdk_exact_differs(b, p, grid, cells, k, other, NULL);
        int ok = d == (count == 2);
        if (d == 1) {
            seconds++;
            ok &= ref_is_solution(b, other) && memcmp(other, grid, (size_t)b->ncells) != 0;
            for (int c = 0; c < b->ncells; c++)
                ok &= !p[c] || p[c] == other[c];
        }
        agree += ok;
        /* node-capped, as the generator asks from 16x16 (at 1 node, so
         * that some stop): the same answer, or -1 */
        sdk_budget cap = {0, 1, NULL};
        int dc = sdk_exact_differs(b, p, grid, cells, k, NULL, &cap);
        capped_ok += dc < 0 || dc == d;
        stopped += dc < 0;
    }
    CHECK(agree == trials, "differs: %d of %d agree with the count to two", agree, trials);
    CHECK(capped_ok == trials, "differs capped at 1 node: %d of %d agree or stop (%d stopped)", capped_ok, trials,
          stopped);
    CHECK(seconds > 0 && seconds < trials, "differs: a mix of answers (%d yes)", seconds);
}

/* Plain 16x16 boards propagate by lanes (exact.c's q16 part); the same
 * board with its cells renamed at random takes the word-by-word path, and
 * with its houses listed in another order the lanes again.  The three
 * agree on counts to 2 and 30 and on the solution, over sparse and dense
 * puzzles from generated grids, with and without a clue changed. */
static void check_lanes(void)
{
    const sdk_board *std = sdk_board_cached(4, 4);
    uint16_t perm[256];
    sdk_rng rng;
    sdk_rng_seed(&rng, 1616);
    for (int c = 0; c < 256; c++)
        perm[c] = (uint16_t)c;
    for (int c = 255; c > 0; c--) {
        int k = (int)sdk_rng_below(&rng, (uint32_t)c + 1);
        uint16_t t = perm[c];
        perm[c] = perm[k];
        perm[k] = t;
    }
    sdk_board *words = renamed_board(std, perm), *reordered = renamed_board(std, NULL);
    sdk_gen_params g;
    sdk_generate_defaults(&g);
    int agree = 0, tries = 0, unique = 0, none = 0;
    for (int k = 0; k < 6; k++) {
        uint8_t grid[256];
        CHECK(sdk_generate_grid(std, &g, 16 + (uint32_t)k, grid, NULL) == SDK_SOLVED && ref_is_solution(std, grid),
              "lanes: a generated grid");
        for (int t = 0; t < 40; t++, tries++) {
            uint8_t p[256], q[256], s1[256], s2[256], s3[256];
            double keep = 0.42 + 0.005 * t;
            for (int c = 0; c < 256; c++)
                p[c] = sdk_rng_double(&rng) < keep ? grid[c] : 0;
            if (t % 4 == 3) {           /* a clue changed: often no solution */
                int c = (int)sdk_rng_below(&rng, 256);
                p[c] = (uint8_t)(1 + (grid[c] + sdk_rng_below(&rng, 15)) % 16);
            }
            for (int c = 0; c < 256; c++)
                q[perm[c]] = p[c];
            int ok = 1;
            for (uint64_t limit = 2; limit <= 30; limit += 28) {
                sdk_status st;
                uint64_t a = sdk_exact_count_general(std, p, limit, s1, NULL, NULL, &st);
                uint64_t b = sdk_exact_count_general(words, q, limit, s2, NULL, NULL, &st);
                uint64_t r = sdk_exact_count_general(reordered, p, limit, s3, NULL, NULL, &st);
                ok &= a == b && a == r;
                for (int c = 0; c < 256 && a == 1; c++)
                    ok &= s1[c] == s2[perm[c]] && s1[c] == s3[c] && (!p[c] || p[c] == s1[c]);
                ok &= a != 1 || ref_is_solution(std, s1);
                unique += limit == 2 && a == 1;
                none += limit == 2 && a == 0;
            }
            agree += ok;
        }
    }
    CHECK(agree == tries, "lanes: 16x16 lanes, renamed cells and reordered houses agree on %d of %d", agree, tries);
    CHECK(unique > 0 && none > 0 && unique + none < tries, "lanes: a mix (%d unique, %d none of %d)", unique, none,
          tries);
    free_test_board(words);
    free_test_board(reordered);
}

/* A count that would run for hours stops at the deadline, or at once when
 * the interrupt flag is up, with the matching status. */
static void check_budget(const sdk_board *b, const char *name)
{
    uint8_t empty[SDK_MAX_CELLS] = {0};
    volatile int flag = 0;
    sdk_budget budget = {sdk_now() + 0.2, 0, &flag};   /* long enough to find some under load */
    sdk_status st = SDK_SOLVED;
    double t0 = sdk_now();
    uint64_t count = sdk_exact_count(b, empty, 0, NULL, NULL, &budget, &st);
    double took = sdk_now() - t0;
    CHECK(st == SDK_TIMEOUT && count > 0, "%s: deadline: status %d, count %llu", name, (int)st,
          (unsigned long long)count);
    CHECK(took < 2.0, "%s: stopped after %.3f s", name, took);   /* generous: no timing in unit tests */
    flag = 1;
    budget.deadline = 0;
    sdk_stats stats = {0};
    count = sdk_exact_count(b, empty, 0, NULL, &stats, &budget, &st);
    CHECK(st == SDK_INTERRUPTED && stats.nodes <= 1024, "%s: interrupt: status %d after %llu nodes", name,
          (int)st, (unsigned long long)stats.nodes);
}

/* A jigsaw from a random standard grid's random trades (the grid stays a
 * solution; grids from the generator's chain, so that each jigsaw has its
 * own: relabelled copies of one grid would solve every jigsaw). */
static sdk_board *new_jigsaw(sdk_rng *rng, uint8_t *grid)
{
    uint8_t region[81];
    char err[128];
    sdk_gen_params g;
    sdk_generate_defaults(&g);
    CHECK(sdk_generate_grid(sdk_board_cached(3, 3), &g, sdk_rng_u32(rng), grid, NULL) == SDK_SOLVED,
          "jigsaw: a standard grid");
    sdk_variant_random_regions(9, grid, rng, region);
    sdk_board *b = sdk_variant_board(SDK_VARIANT_JIGSAW, 9, region, err, sizeof err);
    CHECK(b != NULL, "jigsaw: %s", b ? "" : err);
    return b;
}

static void check_jigsaw(const sdk_board *b, const uint8_t *grid, sdk_rng *rng)
{
    if (!b)
        return;
    cross_check(b, grid, rng, 12, 0.5, "jigsaw");
    cross_check_broken(b, grid, rng, 12, 0.55, "jigsaw");
}

/* The variant boards: X and windoku 9x9, X 16x16, the Samurai (grids from
 * the reference), and jigsaws whose regions come from a standard grid by
 * trades that keep it a solution.  Six jigsaws of one shape, asked in turn
 * twice over (more than the solver's cache holds) and then freed and
 * rebuilt (a board's address comes back with other regions), each against
 * the reference. */
static void check_variants(void)
{
    char err[128];
    static const struct { unsigned flags; int n; int puzzles; double keep; const char *name; } v[] = {
        {SDK_VARIANT_X, 9, 40, 0.35, "X 9x9"},
        {SDK_VARIANT_WINDOKU, 9, 40, 0.35, "windoku"},
        {SDK_VARIANT_X | SDK_VARIANT_WINDOKU, 9, 30, 0.3, "X windoku"},
        {SDK_VARIANT_X, 16, 10, 0.55, "X 16x16"},
        {SDK_VARIANT_SAMURAI, 9, 10, 0.55, "samurai"},
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        sdk_board *b = sdk_variant_board(v[i].flags, v[i].n, NULL, err, sizeof err);
        CHECK(b != NULL, "%s: %s", v[i].name, b ? "" : err);
        if (!b)
            continue;
        sdk_rng rng;
        sdk_rng_seed(&rng, 40 + (uint32_t)i);
        uint8_t grid[SDK_MAX_CELLS];
        CHECK(make_grid(b, &rng, grid), "%s: a valid grid", v[i].name);
        cross_check(b, grid, &rng, v[i].puzzles, v[i].keep, v[i].name);
        cross_check_broken(b, grid, &rng, v[i].puzzles, v[i].keep + 0.1, v[i].name);
        sdk_board_free(b);
    }
    enum { JIGSAWS = 6 };
    sdk_board *jig[JIGSAWS];
    uint8_t grids[JIGSAWS][81];
    sdk_rng rng;
    sdk_rng_seed(&rng, 99);
    for (int j = 0; j < JIGSAWS; j++)
        jig[j] = new_jigsaw(&rng, grids[j]);
    for (int round = 0; round < 2; round++)
        for (int j = 0; j < JIGSAWS; j++)
            check_jigsaw(jig[j], grids[j], &rng);
    for (int j = 0; j < JIGSAWS; j++) {
        sdk_board_free(jig[j]);
        jig[j] = new_jigsaw(&rng, grids[j]);
        check_jigsaw(jig[j], grids[j], &rng);
        sdk_board_free(jig[j]);
    }
}

int main(void)
{
    check_board(sdk_board_cached(3, 4), 12, 40, 0.55, "12x12");
    check_board(sdk_board_cached(4, 4), 16, 30, 0.6, "16x16");
    check_board(sdk_board_cached(5, 5), 25, 10, 0.75, "25x25");
    sdk_board *x9 = diagonal_board(3, 3), *x16 = diagonal_board(4, 4);
    check_board(x9, 9, 60, 0.4, "9x9 + diagonals");
    check_board(x16, 160, 20, 0.55, "16x16 + diagonals");
    check_variants();
    check_lanes();
    check_differs(sdk_board_cached(4, 4), 7, 30, 0.55);
    check_differs(sdk_board_cached(4, 4), 70, 30, 0.45);
    check_differs(x9, 8, 60, 0.4);
    check_budget(sdk_board_cached(3, 3), "9x9 kernel");
    check_budget(sdk_board_cached(4, 4), "16x16 lanes");
    check_budget(sdk_board_cached(5, 5), "25x25");
    check_budget(x9, "9x9 + diagonals");
    free_test_board(x9);
    free_test_board(x16);
    return CHECK_SUMMARY("unit_exact_general");
}

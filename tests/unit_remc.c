/* unit_remc.c -- `generate --hard` (src/generate/remc.c) through the library:
 *  - the test's own orientation check (tests/isomorph.h) finds the
 *    orientations of a puzzle and nothing else;
 *  - --count's puzzles are each unique (by the general solver, not the
 *    9x9 kernel the chain uses) and no two are orientations of each other;
 *  - without relocation trials, one attempt's puzzles all solve to
 *    orientations of one grid; with them, the chain leaves that grid, its
 *    puzzles stay unique, and the same seed gives the same puzzles;
 *  - only candidates are returned (depth >= 1: never a full grid or a
 *    puzzle naked singles solve, even from a run too short to find any),
 *    each with its depth and normal width as rate.c finds them, and the
 *    objective's figure behind its energy; the same for --objective
 *    average-width, whose figure is a mean of random-tie-break widths
 *    (confirmed at the end on 64 walks: near rate.c's, best first);
 *  - on variant boards (x, windoku; their orientation trials are only the
 *    moves that keep the extra houses), through the width stage: every
 *    puzzle unique on that board by the general solver, its figures rate.c's
 *    on that board, the same seed the same puzzles. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "isomorph.h"
#include "sudoku.h"

static const char *named[] = {
    ".61..7..3.92..3..............853..........5.45....8....4......1...16.8..6........",
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
};

static void read_puzzle(const char *text, uint8_t *cells)
{
    for (int c = 0; c < 81; c++)
        cells[c] = text[c] == '.' ? 0 : (uint8_t)(text[c] - '0');
}

/* The checker itself: orientations are found, relabellings and a moved clue
 * are not. */
static void check_orientation_test(void)
{
    sdk_rng rng;
    sdk_rng_seed(&rng, 7);
    int found = 0, refused = 0, trials = 0;
    for (size_t k = 0; k < sizeof named / sizeof named[0]; k++) {
        uint8_t p[81], q[81], moved[81];
        read_puzzle(named[k], p);
        for (int i = 0; i < 20; i++, trials++) {
            random_orientation(&rng, p, q);
            found += is_orientation(p, q);
            random_orientation(&rng, p, q);
            memcpy(moved, q, 81);
            int from = 0, to = 0;
            while (!moved[from])
                from++;
            while (moved[to])
                to++;
            moved[to] = moved[from];
            moved[from] = 0;
            refused += !is_orientation(p, moved);
        }
        /* A relabelling that swaps two digits: not an orientation (these
         * puzzles have no such symmetry). */
        uint8_t swapped[81];
        for (int c = 0; c < 81; c++)
            swapped[c] = p[c] == 1 ? 2 : p[c] == 2 ? 1 : p[c];
        refused += !is_orientation(p, swapped);
        trials++;
    }
    CHECK(found == trials - 3, "orientations recognised: %d of %d", found, trials - 3);
    CHECK(refused == trials, "non-orientations refused: %d of %d", refused, trials);
}

enum { COUNT = 6 };

/* --hard on a fixed seed and step budget with an objective (0: width);
 * returns how many were found. */
static int hard_puzzles_for(uint32_t seed, uint64_t steps, int relocations, int objective, sdk_gen_result *best)
{
    sdk_gen_params g;
    sdk_generate_defaults(&g);
    g.replicas = 3;
    g.max_steps = steps;
    g.relocations = relocations;
    g.objective = objective;
    g.objective_samples = 4;
    return sdk_generate_remc(sdk_board_cached(3, 3), &g, seed, COUNT, best, NULL, NULL);
}

static int hard_puzzles(uint32_t seed, uint64_t steps, int relocations, sdk_gen_result *best)
{
    return hard_puzzles_for(seed, steps, relocations, 0, best);
}

/* Every result is a candidate with true figures: depth >= 1, depth and
 * normal width as rate.c finds them, the energy from the objective's
 * figure (the normal width itself for `width`). */
static void check_figures(const char *label, const sdk_gen_result *best, int found, int objective)
{
    const sdk_board *b = sdk_board_cached(3, 3);
    for (int i = 0; i < found; i++) {
        uint8_t solution[81];
        sdk_status st;
        sdk_exact_count(b, best[i].puzzle, 2, solution, NULL, NULL, &st);
        int depth = sdk_rate_depth(b, best[i].puzzle, solution, -1, NULL);
        uint64_t width = sdk_rate_width(b, best[i].puzzle, NULL, NULL, NULL);
        CHECK(depth >= 1 && best[i].clues < 81, "%s: puzzle %d is no candidate (depth %d, %d clues)", label, i + 1,
              depth, best[i].clues);
        CHECK(best[i].depth == depth, "%s: puzzle %d: depth %d, rate.c %d", label, i + 1, best[i].depth, depth);
        CHECK(best[i].normal_width == width, "%s: puzzle %d: normal width %llu, rate.c %llu", label, i + 1,
              (unsigned long long)best[i].normal_width, (unsigned long long)width);
        CHECK(objective != 0 || best[i].figure == (double)width, "%s: puzzle %d: figure %.0f, not the normal width",
              label, i + 1, best[i].figure);
        CHECK(best[i].figure > 1 && fabs(best[i].energy - (-100 * log(best[i].figure) + best[i].clues)) < 1e-6,
              "%s: puzzle %d: energy %.3f, figure %.2f", label, i + 1, best[i].energy, best[i].figure);
    }
}

/* average-width's results are unique (by the general solver), best
 * first by their confirmed figure, and that figure (a mean of 64 walks) is
 * near an independent 64-walk rating (rate.c: 2-3% apart is usual). */
static void check_confirmed(const sdk_gen_result *best, int found)
{
    const sdk_board *b = sdk_board_cached(3, 3);
    for (int i = 0; i < found; i++) {
        sdk_status st;
        uint64_t n = sdk_exact_count_general(b, best[i].puzzle, 2, NULL, NULL, NULL, &st);
        CHECK(n == 1, "average-width: puzzle %d has %llu solutions", i + 1, (unsigned long long)n);
        CHECK(i == 0 || best[i - 1].energy <= best[i].energy, "average-width: puzzle %d before a better one", i);
        sdk_rating r;
        sdk_rate(b, best[i].puzzle, 64, 7, &r, NULL);
        CHECK(fabs(best[i].figure - r.avg_width) < 0.25 * r.avg_width,
              "average-width: puzzle %d: figure %.0f, 64 walks of rate.c %.0f", i + 1, best[i].figure, r.avg_width);
    }
}

static void check_candidates(void)
{
    sdk_gen_result best[COUNT], again[COUNT];
    /* 200 steps end in the depth stage, among puzzles naked singles solve */
    int found = hard_puzzles(1, 200, 20, best);
    check_figures("200 steps", best, found, 0);
    found = hard_puzzles(3, 3000, 20, best);
    CHECK(found > 0, "3000 steps: no candidate");
    check_figures("3000 steps", best, found, 0);
    int objective = sdk_remc_objective_find("average-width");
    CHECK(objective > 0 && sdk_remc_objective_find("width") == 0 && sdk_remc_objective_find("er") > 0 &&
              sdk_remc_objective_find("nonsense") < 0,
          "the objectives' names");
    found = hard_puzzles_for(3, 3000, 20, objective, best);
    CHECK(found > 0, "average-width: no candidate");
    check_figures("average-width", best, found, objective);
    int same = hard_puzzles_for(3, 3000, 20, objective, again) == found;
    for (int i = 0; i < found && same; i++)
        same = memcmp(best[i].puzzle, again[i].puzzle, 81) == 0 && best[i].figure == again[i].figure;
    CHECK(same, "average-width: the same seed gave other puzzles or figures");
    check_confirmed(best, found);
}

/* --count's puzzles at this many relocations: as many as asked, each
 * unique by the general solver, no two orientations of each other.
 * Returns how many pairs of their solutions are orientations of one grid
 * (of *pairs). */
static int check_count(const char *label, int relocations, sdk_gen_result *best, int *pairs)
{
    uint8_t grids[COUNT][81];
    int found = hard_puzzles(3, 6000, relocations, best), unique = 0, same_grid = 0;
    CHECK(found == COUNT, "%s: %d of %d found", label, found, COUNT);
    for (int i = 0; i < found; i++) {
        sdk_status st;
        unique += sdk_exact_count_general(sdk_board_cached(3, 3), best[i].puzzle, 2, grids[i], NULL, NULL,
                                          &st) == 1;
    }
    CHECK(unique == found, "%s: %d of %d puzzles unique", label, unique, found);
    *pairs = 0;
    for (int i = 0; i < found; i++)
        for (int j = i + 1; j < found; j++, ++*pairs) {
            CHECK(!is_orientation(best[i].puzzle, best[j].puzzle), "%s: puzzles %d and %d are orientations of one "
                  "puzzle", label, i + 1, j + 1);
            same_grid += is_orientation(grids[i], grids[j]);
        }
    return same_grid;
}

static void check_distinct_and_grids(void)
{
    sdk_gen_result best[COUNT], again[COUNT];
    int pairs, same_grid = check_count("no relocations", 0, best, &pairs);
    CHECK(same_grid == pairs, "no relocations: %d of %d pairs of solutions are orientations of one grid",
          same_grid, pairs);
    same_grid = check_count("relocations", 20, best, &pairs);
    CHECK(same_grid < pairs, "relocations: every solution is an orientation of one grid (the chain never left it)");
    int found = hard_puzzles(3, 6000, 20, again), same = found == COUNT;
    for (int i = 0; i < found && same; i++)
        same = memcmp(best[i].puzzle, again[i].puzzle, 81) == 0;
    CHECK(same, "relocations: the same seed gave other puzzles");
}

/* --hard on a variant's board, a few steps into the width stage (a low
 * depth goal ends the depth stage early whatever grid the seed draws). */
static void check_variant(const char *name, unsigned flags, uint32_t seed, uint64_t steps, int objective)
{
    char err[160];
    const sdk_board *b = sdk_variant_cached(flags, 9, NULL, err, sizeof err);
    CHECK(b != NULL, "%s: no board: %s", name, err);
    if (!b)
        return;
    sdk_gen_result best[2][3];
    int found[2];
    for (int run = 0; run < 2; run++) {
        sdk_gen_params g;
        sdk_generate_defaults(&g);
        g.replicas = 2;
        g.relocations = 5;
        g.max_steps = steps;
        g.objective = objective;
        g.objective_samples = 4;
        g.depth_goal = 2;       /* the width stage starts early whatever grid the seed draws */
        found[run] = sdk_generate_remc(b, &g, seed, 3, best[run], NULL, NULL);
    }
    CHECK(found[0] == 3, "%s: %d of 3 found", name, found[0]);
    int same = found[0] == found[1];
    for (int i = 0; i < found[0] && same; i++)
        same = memcmp(best[0][i].puzzle, best[1][i].puzzle, (size_t)b->ncells) == 0;
    CHECK(same, "%s: the same seed gave other puzzles", name);
    int widest = 0;
    for (int i = 0; i < found[0]; i++) {
        uint8_t solution[SDK_MAX_CELLS];
        sdk_status st;
        uint64_t n = sdk_exact_count_general(b, best[0][i].puzzle, 2, solution, NULL, NULL, &st);
        CHECK(n == 1, "%s: puzzle %d has %llu solutions on its board", name, i + 1, (unsigned long long)n);
        if (n != 1)
            continue;
        int depth = sdk_rate_depth(b, best[0][i].puzzle, solution, -1, NULL);
        uint64_t width = sdk_rate_width(b, best[0][i].puzzle, NULL, NULL, NULL);
        CHECK(depth >= 1 && depth == best[0][i].depth && width == best[0][i].normal_width,
              "%s: puzzle %d: depth %d, normal width %llu; rate.c: %d, %llu", name, i + 1, best[0][i].depth,
              (unsigned long long)best[0][i].normal_width, depth, (unsigned long long)width);
        widest = width > 1000 ? 1 : widest;
    }
    CHECK(widest, "%s: no puzzle of normal width > 1000: the width stage did not run", name);
}

int main(void)
{
    check_orientation_test();
    check_distinct_and_grids();
    check_candidates();
    int average = sdk_remc_objective_find("average-width");
    check_variant("x", SDK_VARIANT_X, 2, 150, 0);
    check_variant("windoku", SDK_VARIANT_WINDOKU, 2, 150, 0);
    check_variant("x, average-width", SDK_VARIANT_X, 2, 150, average);
    return CHECK_SUMMARY("unit_remc");
}

/* unit_exact.c -- the exact solver on every board size: random isomorphs of
 * a pattern grid with cells removed are solved (answer checked against the
 * clues and the rules), counts honour their limit, known counts come out
 * (the empty 4x4 board has 288 solutions), impossible puzzles are found,
 * and the 9x9 kernel agrees with the general solver. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "isomorph.h"
#include "sudoku.h"

/* A random valid grid: pattern, then relabel digits and permute rows
 * within bands and bands (both keep validity). */
static void random_solution(const sdk_board *b, sdk_rng *rng, uint8_t *grid)
{
    int n = b->n, br = b->box_rows, bc = b->box_cols;
    uint8_t label[SDK_MAX_N], rows[SDK_MAX_N], bands[SDK_MAX_N];
    for (int i = 0; i < n; i++)
        label[i] = (uint8_t)(i + 1);
    sdk_rng_shuffle_u8(rng, label, n);
    for (int i = 0; i < n / br; i++)
        bands[i] = (uint8_t)i;
    sdk_rng_shuffle_u8(rng, bands, n / br);
    for (int band = 0; band < n / br; band++) {
        uint8_t inner[SDK_MAX_N];
        for (int i = 0; i < br; i++)
            inner[i] = (uint8_t)i;
        sdk_rng_shuffle_u8(rng, inner, br);
        for (int i = 0; i < br; i++)
            rows[band * br + i] = (uint8_t)(bands[band] * br + inner[i]);
    }
    for (int r = 0; r < n; r++) {
        int src = rows[r];
        for (int c = 0; c < n; c++)
            grid[r * n + c] = label[(src % br * bc + src / br + c) % n];
    }
}

static void check_size(int br, int bc, int puzzles, double keep)
{
    const sdk_board *b = sdk_board_cached(br, bc);
    sdk_rng rng;
    sdk_rng_seed(&rng, (uint32_t)(br * 100 + bc));
    int nc = b->ncells, solved = 0, unique_ok = 1;
    for (int t = 0; t < puzzles; t++) {
        uint8_t grid[SDK_MAX_CELLS], puzzle[SDK_MAX_CELLS], sol[SDK_MAX_CELLS];
        random_solution(b, &rng, grid);
        CHECK(sdk_board_is_solution(b, grid), "%dx%d: generator made a bad grid", br, bc);
        for (int c = 0; c < nc; c++)
            puzzle[c] = sdk_rng_double(&rng) < keep ? grid[c] : 0;
        sdk_status st;
        uint64_t count = sdk_exact_count_general(b, puzzle, 1, sol, NULL, NULL, &st);
        solved += count == 1 && st == SDK_SOLVED && sdk_board_solves(b, puzzle, sol);
        /* The full grid is unique; one clue fewer never makes it unsolvable. */
        uint64_t full = sdk_exact_count_general(b, grid, 0, NULL, NULL, NULL, &st);
        unique_ok &= full == 1;
    }
    CHECK(solved == puzzles, "%dx%d: %d of %d solved correctly", br, bc, solved, puzzles);
    CHECK(unique_ok, "%dx%d: a full grid did not count 1", br, bc);
}

static int parse81(const char *s, uint8_t *cells)
{
    for (int i = 0; i < 81; i++) {
        if (!s[i])
            return 0;
        cells[i] = (uint8_t)(s[i] >= '1' && s[i] <= '9' ? s[i] - '0' : 0);
    }
    return 1;
}

/* Kernel and general solver agree on one puzzle: counts at limits 1, 2 and
 * 3, the verdict, valid solutions, and the same solution when it is unique. */
static int solvers_agree(const uint8_t *p)
{
    const sdk_board *b = sdk_board_cached(3, 3);
    for (uint64_t limit = 1; limit <= 3; limit++) {
        uint8_t s1[81], s2[81];
        uint64_t a = sdk_exact9_count(p, limit, s1, NULL);
        uint64_t g = sdk_exact_count_general(b, p, limit, s2, NULL, NULL, NULL);
        if (a != g)
            return 0;
        if (a && !(sdk_board_solves(b, p, s1) && sdk_board_solves(b, p, s2)))
            return 0;
        if (limit >= 2 && a == 1 && memcmp(s1, s2, 81) != 0)
            return 0;
    }
    return 1;
}

/* Every k-th puzzle of a file and a random isomorph of each. */
static void check_kernel_agrees(const char *path, int every, sdk_rng *rng)
{
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    if (!f)
        return;
    char line[512];
    int k = 0, compared = 0, agree = 0;
    while (fgets(line, sizeof line, f)) {
        uint8_t p[81], iso[81];
        if (line[0] == '#' || !parse81(line, p) || k++ % every)
            continue;
        random_isomorph(rng, p, iso);
        agree += solvers_agree(p) + solvers_agree(iso);
        compared += 2;
    }
    fclose(f);
    CHECK(compared > 0 && agree == compared, "%s: kernel and general solver agree on %d of %d",
          path, agree, compared);
}

int main(void)
{
    check_size(2, 2, 50, 0.3);
    check_size(2, 3, 50, 0.35);
    check_size(3, 3, 50, 0.35);
    check_size(3, 4, 20, 0.45);
    check_size(4, 3, 10, 0.45);
    check_size(4, 4, 10, 0.5);
    check_size(5, 5, 3, 0.6);

    const sdk_board *b4 = sdk_board_cached(2, 2);
    uint8_t empty[SDK_MAX_CELLS] = {0};
    sdk_status st;
    CHECK(sdk_exact_count_general(b4, empty, 0, NULL, NULL, NULL, &st) == 288, "empty 4x4 must have 288");
    const sdk_board *b9 = sdk_board_cached(3, 3);
    CHECK(sdk_exact_count(b9, empty, 2, NULL, NULL, NULL, &st) == 2, "empty 9x9, limit 2");
    CHECK(sdk_exact_count(b9, empty, 7, NULL, NULL, NULL, &st) == 7, "empty 9x9, limit 7");

    /* Two equal clues in a row: no solution, whatever the solver. */
    uint8_t clash[81] = {0};
    clash[0] = 5;
    clash[8] = 5;
    CHECK(sdk_exact_count(b9, clash, 2, NULL, NULL, NULL, &st) == 0 && st == SDK_UNSOLVABLE, "clash");
    CHECK(sdk_exact_count_general(b9, clash, 2, NULL, NULL, NULL, &st) == 0, "clash (general)");

    /* A time limit stops an endless count on an empty 16x16 board. */
    const sdk_board *b16 = sdk_board_cached(4, 4);
    sdk_budget budget = {sdk_now() + 0.2, 0, NULL};
    double t0 = sdk_now();
    sdk_exact_count(b16, empty, 0, NULL, NULL, &budget, &st);
    double took = sdk_now() - t0;
    CHECK(st == SDK_TIMEOUT, "empty 16x16 count did not time out");
    CHECK(took < 0.2 + 0.5, "time limit 0.2 s took %.3f s", took);

    sdk_rng rng;
    sdk_rng_seed(&rng, 1905);
    check_kernel_agrees("puzzles/puzzles2_17_clue", 997, &rng);
    check_kernel_agrees("puzzles/puzzles3_magictour_top1465", 29, &rng);
    check_kernel_agrees("puzzles/puzzles5_forum_hardest_1905_11+", 997, &rng);
    check_kernel_agrees("puzzles/puzzles6_forum_hardest_1106", 15, &rng);
    check_kernel_agrees("puzzles/puzzles7_serg_benchmark", 199, &rng);
    check_kernel_agrees("puzzles/invalid_sudokus_emerentius.txt", 1, &rng);
    check_kernel_agrees("puzzles/tdoku_test_puzzles.txt", 1, &rng);
    return CHECK_SUMMARY("unit_exact");
}

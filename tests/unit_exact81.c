/* unit_exact81.c -- the 81-cell variant solver (src/exact/exact81.c, reached
 * through sdk_exact_count) against the general solver (src/exact/exact.c) on
 * random puzzles of the 9x9 variants (X, windoku, X+windoku, jigsaws,
 * jigsaw+X): counts to 1, 2, 30 and without a limit, the first solution a
 * valid completion and the general solver's, as are the node and guess
 * counts (one branching rule on the same states: exact81 alone, under a
 * node budget, and through the restarts of src/exact/restarts.c when the
 * search ends within their first cap), puzzles with a clue
 * changed (often no solution), clashing givens and a digit out of range;
 * boards asked in turn (its one-board cache), fresh jigsaws at a freed
 * one's address and a board without a serial; node budgets and SIGINT;
 * a board exact81 cannot fold (x81_fold) left to the general solver. */
#include <string.h>
#include "boards.h"
#include "check.h"
#include "sudoku.h"
#include "../src/exact/exact81.h"
#include "../src/exact/restarts.h"

/* A puzzle from grid: each cell kept with probability keep; with broken,
 * one kept clue changed to another digit. */
static void make_puzzle(const uint8_t *grid, sdk_rng *rng, double keep, int broken, uint8_t *p)
{
    int given = -1;
    for (int c = 0; c < 81; c++) {
        p[c] = sdk_rng_double(rng) < keep ? grid[c] : 0;
        given = p[c] && (given < 0 || sdk_rng_below(rng, 8) == 0) ? c : given;
    }
    if (broken && given >= 0)
        p[given] = (uint8_t)(1 + (p[given] + sdk_rng_below(rng, 8)) % 9);
}

/* 1 if s solves p on b (every house 1..9, the givens kept). */
static int solves(const sdk_board *b, const uint8_t *p, const uint8_t *s)
{
    for (int c = 0; c < 81; c++)
        if (p[c] && p[c] != s[c])
            return 0;
    return sdk_board_is_solution(b, s);
}

static void cross_check(const sdk_board *b, const uint8_t *grid, sdk_rng *rng, int puzzles, const char *name)
{
    static const uint64_t limits[] = {1, 2, 30, 0};
    int agree = 0, valid = 0, same = 0, alone = 0, asked = 0, unique = 0, none = 0, many = 0;
    for (int t = 0; t < puzzles; t++) {
        uint8_t p[81], s1[81], s2[81];
        make_puzzle(grid, rng, 0.2 + 0.25 * sdk_rng_double(rng), t % 3 == 2, p);
        for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
            uint64_t limit = limits[i];
            if (limit == 0 && many)
                limit = 1000;           /* (a puzzle with few clues can have millions) */
            sdk_status st1, st2, st3;
            sdk_stats n1 = {0}, n2 = {0}, n3 = {0};
            uint8_t s3[81];
            sdk_budget huge = {0, UINT64_MAX, NULL};        /* (a node budget: no restarts) */
            uint64_t x = sdk_exact_count(b, p, limit, s1, &n1, NULL, &st1);
            uint64_t g = sdk_exact_count_general(b, p, limit, s2, &n2, NULL, &st2);
            uint64_t y = sdk_exact_count(b, p, limit, s3, &n3, &huge, &st3);
            asked++;
            agree += x == g && st1 == st2 && y == g && st3 == st2;
            /* one branching rule on the same states: one search tree (the
             * restarts' first run, when it ends within the first cap) */
            alone += n3.nodes == n2.nodes && n3.guesses == n2.guesses && (y == 0 || memcmp(s3, s2, 81) == 0);
            same += n2.nodes > XR_FIRST_CAP ||
                    (n1.nodes == n2.nodes && n1.guesses == n2.guesses && (x == 0 || memcmp(s1, s2, 81) == 0));
            valid += x == 0 || solves(b, p, s1);
            if (limit == 2) {
                unique += x == 1;
                none += x == 0;
                many = x == 2;
            }
        }
    }
    CHECK(agree == asked, "%s: exact81 and the general solver agree on %d of %d counts", name, agree, asked);
    CHECK(valid == asked, "%s: %d of %d first solutions valid", name, valid, asked);
    CHECK(alone == asked, "%s: %d of %d first solutions and node counts the general solver's", name, alone, asked);
    CHECK(same == asked, "%s: with restarts, %d of %d within the first cap the same", name, same, asked);
    CHECK(unique > 0 && none > 0 && unique + none < puzzles, "%s: unique %d, none %d of %d", name, unique, none,
          puzzles);
}

/* Givens that clash, a digit out of range: no solution, no crash. */
static void check_bad(const sdk_board *b, const uint8_t *grid, const char *name)
{
    uint8_t p[81];
    memcpy(p, grid, 81);
    p[0] = p[1];
    sdk_status st;
    CHECK(sdk_exact_count(b, p, 2, NULL, NULL, NULL, &st) == 0 && st == SDK_UNSOLVABLE, "%s: clashing givens",
          name);
    memset(p, 0, 81);
    p[40] = 10;
    CHECK(sdk_exact_count(b, p, 2, NULL, NULL, NULL, &st) == 0 && st == SDK_UNSOLVABLE, "%s: digit 10", name);
}

/* The empty board counted without a limit stops at a node budget, and at
 * once when the interrupt flag is set.  (The budget lets the fixed search
 * reach a first solution: on an irregular jigsaw's empty board that took
 * between 5,000 and 50,000 nodes.) */
static void check_budget(const sdk_board *b, const char *name)
{
    uint8_t empty[81] = {0};
    sdk_budget budget = {0, 50000, NULL};
    sdk_stats stats = {0};
    sdk_status st;
    uint64_t count = sdk_exact_count(b, empty, 0, NULL, &stats, &budget, &st);
    CHECK(st == SDK_TIMEOUT && count > 0 && stats.nodes < 50100, "%s: node budget: status %d, %llu nodes", name,
          (int)st, (unsigned long long)stats.nodes);
    volatile int flag = 1;
    sdk_budget stop = {0, 0, &flag};
    stats.nodes = 0;
    sdk_exact_count(b, empty, 0, NULL, &stats, &stop, &st);
    CHECK(st == SDK_INTERRUPTED && stats.nodes <= 1024, "%s: interrupt: status %d after %llu nodes", name, (int)st,
          (unsigned long long)stats.nodes);
}

static sdk_board *grid_board(unsigned flags, int jigsaw, sdk_rng *rng, uint8_t *grid)
{
    char err[128];
    uint8_t region[81];
    sdk_gen_params g;
    sdk_generate_defaults(&g);
    if (jigsaw) {
        /* regions by trades from a standard grid, which stays a solution */
        CHECK(sdk_generate_grid(sdk_board_cached(3, 3), &g, sdk_rng_u32(rng), grid, NULL) == SDK_SOLVED,
              "a standard grid");
        sdk_variant_random_regions(9, grid, rng, region);
    }
    sdk_board *b = sdk_variant_board(flags, 9, jigsaw ? region : NULL, err, sizeof err);
    CHECK(b != NULL, "board %u: %s", flags, b ? "" : err);
    if (b && !(jigsaw && !(flags & SDK_VARIANT_X)))
        CHECK(sdk_generate_grid(b, &g, sdk_rng_u32(rng), grid, NULL) == SDK_SOLVED, "board %u: a grid", flags);
    return b;
}

/* The plan cache: a freed jigsaw's address that comes back holding another
 * map, and a board without a serial (as if built by hand) at one address,
 * are not taken for the board before (the cache knows a board by address
 * and serial, else by its house lists). */
static void check_plan_cache(sdk_rng *rng)
{
    int agree = 0, asked = 0, reused = 0;
    uintptr_t last = 0;
    sdk_board copy;
    for (int t = 0; t < 32; t++) {
        uint8_t grid[81], p[81], s1[81], s2[81];
        sdk_board *b = grid_board(SDK_VARIANT_JIGSAW, 1, rng, grid);
        if (!b)
            continue;
        reused += (uintptr_t)b == last;
        last = (uintptr_t)b;
        copy = *b;
        copy.serial = 0;
        const sdk_board *on = t < 24 ? b : &copy;
        make_puzzle(grid, rng, 0.35, 0, p);
        uint64_t x = sdk_exact_count(on, p, 2, s1, NULL, NULL, NULL);
        uint64_t g = sdk_exact_count_general(on, p, 2, s2, NULL, NULL, NULL);
        asked++;
        agree += x == g && (x == 0 || memcmp(s1, s2, 81) == 0);
        sdk_board_free(b);
    }
    /* (glibc gives a freed board's address back a few times in 24; ASan's
     * quarantine never does) */
    CHECK(agree == asked, "plan cache: %d of %d counts agree (%d boards at a freed one's address)", agree, asked,
          reused);
}

/* A board no fold fits (exact81.c's x81_fold: every shift of the high
 * words sets a bit a low word of the same house has) is not exact81's: it
 * goes to the general solver.  Houses of cell 64 and cells 8j..8j+7 (bits
 * 0 and 8j..8j+7 of the two words) rule out every shift from 0 to 47;
 * the rows and columns of plain are kept, so the fold is all it fails. */
static void check_overlap(const sdk_board *plain)
{
    static uint16_t hc[24 * 9];
    memcpy(hc, plain->house_cells, sizeof(uint16_t) * 18 * 9);
    for (int j = 0; j < 6; j++) {
        hc[(18 + j) * 9] = 64;
        for (int i = 0; i < 8; i++)
            hc[(18 + j) * 9 + 1 + i] = (uint16_t)(8 * j + i);
    }
    sdk_board copy = *plain;
    copy.house_cells = hc;
    copy.nhouses = 24;
    copy.serial = 0;
    uint8_t empty[81] = {0};
    CHECK(x81_applies(plain) && !x81_applies(&copy) &&
              x81_count(&copy, empty, 1, NULL, NULL, NULL, NULL) == UINT64_MAX,
          "a board no fold fits goes to the general solver");
    hc[18 * 9] = 72;                    /* (then the first house rules out 8 only: a fold fits) */
    CHECK(x81_applies(&copy), "and one a fold fits does not");
}

/* The same board with its houses listed in reverse: exact81 then meets
 * the rows or columns and the boxes of plain 9x9 in the pairs table, not
 * in x81_boxline (which needs them first, in order); the same counts, node
 * counts and first solutions as the general solver on it (cross_check),
 * the same counts as the board in its own order (not the same trees: the
 * branching rule takes the first house in the list). */
static void check_order(const sdk_board *b, const uint8_t *grid, sdk_rng *rng, const char *name)
{
    sdk_board *rev = renamed_board(b, NULL);
    cross_check(rev, grid, rng, 40, name);
    int same = 0;
    for (int t = 0; t < 40; t++) {
        uint8_t p[81];
        sdk_budget huge = {0, UINT64_MAX, NULL};
        make_puzzle(grid, rng, 0.3, 0, p);
        uint64_t x = sdk_exact_count(b, p, 2, NULL, NULL, &huge, NULL);
        uint64_t y = sdk_exact_count(rev, p, 2, NULL, NULL, &huge, NULL);
        same += x == y;
    }
    CHECK(same == 40, "%s: %d of 40 counts as in its own order", name, same);
    free_test_board(rev);
}

int main(void)
{
    static const struct { unsigned flags; int jigsaw; const char *name; } v[] = {
        {SDK_VARIANT_X, 0, "X"},
        {SDK_VARIANT_WINDOKU, 0, "windoku"},
        {SDK_VARIANT_X | SDK_VARIANT_WINDOKU, 0, "X windoku"},
        {SDK_VARIANT_JIGSAW, 1, "jigsaw"},
        {SDK_VARIANT_JIGSAW, 1, "another jigsaw"},
        {SDK_VARIANT_JIGSAW | SDK_VARIANT_X, 1, "jigsaw X"},
    };
    enum { NV = sizeof v / sizeof v[0] };
    sdk_board *b[NV];
    uint8_t grid[NV][81];
    sdk_rng rng;
    sdk_rng_seed(&rng, 81);
    for (int i = 0; i < NV; i++)
        b[i] = grid_board(v[i].flags, v[i].jigsaw, &rng, grid[i]);
    /* twice round the boards, so each is asked after another */
    for (int round = 0; round < 2; round++)
        for (int i = 0; i < NV; i++)
            if (b[i])
                cross_check(b[i], grid[i], &rng, 40, v[i].name);
    check_plan_cache(&rng);
    for (int i = 0; i < 3; i++)
        if (b[i])
            check_order(b[i], grid[i], &rng, i == 0 ? "X, houses reversed" : i == 1 ? "windoku, houses reversed" : "X windoku, houses reversed");
    if (b[0])
        check_overlap(b[0]);
    for (int i = 0; i < NV; i++)
        if (b[i]) {
            check_bad(b[i], grid[i], v[i].name);
            check_budget(b[i], v[i].name);
            sdk_board_free(b[i]);
        }
    return CHECK_SUMMARY("unit_exact81");
}

/* unit_generate.c -- the default generator (src/grid.c, src/generate.c)
 * through the library: stage 1's grid is the `--method metropolis` chain's
 * grid for the same seed (draw for draw, on every board the chain serves),
 * and every puzzle stage 2 makes -- with the 9x9 kernel's forbidden-candidate
 * uniqueness test on 9x9, the count to two elsewhere -- has exactly one
 * solution by the general solver (src/exact.c, not the 9x9 kernel), the
 * clue count asked for, the symmetry, and the same puzzle again for the
 * same seed. */
#include <string.h>
#include "check.h"
#include "sudoku.h"

/* stage 1 == sdk_method_metropolis at T = grid_T, clue weight 1, same seed */
static void check_grid_chain(int br, int bc, int seeds)
{
    const sdk_board *b = sdk_board_cached(br, bc);
    const sdk_method *chain = sdk_method_find("metropolis");
    sdk_gen_params g;
    sdk_generate_defaults(&g);
    sdk_params p;
    sdk_params_defaults(&p);
    p.T = g.grid_T;
    p.clue_weight = 1;
    uint8_t empty[SDK_MAX_CELLS] = {0};
    int same = 0;
    for (uint32_t seed = 1; seed <= (uint32_t)seeds; seed++) {
        uint8_t a[SDK_MAX_CELLS], m[SDK_MAX_CELLS];
        sdk_stats st;
        sdk_status sa = sdk_generate_grid(b, &g, seed, a, NULL);
        sdk_status sm = sdk_method_solve(chain, b, empty, &p, seed, m, &st);
        CHECK(sa == SDK_SOLVED && sdk_board_is_solution(b, a), "%dx%d seed %u: no valid grid", br, bc, seed);
        same += sa == SDK_SOLVED && sm == SDK_SOLVED && memcmp(a, m, (size_t)b->ncells) == 0;
    }
    CHECK(same == seeds, "%dx%d: %d of %d grids are the metropolis method's", br, bc, same, seeds);
}

/* Is cell c's orbit under s all clues or all blanks? */
static int symmetric(const sdk_board *b, sdk_symmetry s, const uint8_t *p)
{
    int n = b->n;
    for (int c = 0; c < b->ncells; c++) {
        int r = c / n, col = c % n, image[3] = {c, c, c};
        if (s == SDK_SYM_ROTATE180 || s == SDK_SYM_ROTATE90)
            image[0] = (n - 1 - r) * n + (n - 1 - col);
        if (s == SDK_SYM_ROTATE90) {
            image[1] = col * n + (n - 1 - r);
            image[2] = (n - 1 - col) * n + r;
        }
        if (s == SDK_SYM_MIRROR)
            image[0] = r * n + (n - 1 - col);
        for (int i = 0; i < 3; i++)
            if (!p[c] != !p[image[i]])
                return 0;
    }
    return 1;
}

static sdk_gen_params params(int clues, sdk_symmetry s)
{
    sdk_gen_params g;
    sdk_generate_defaults(&g);
    g.target_clues = clues;
    g.symmetry = s;
    return g;
}

static void check_puzzles(int br, int bc, int clues, sdk_symmetry s, int count)
{
    const sdk_board *b = sdk_board_cached(br, bc);
    sdk_gen_params g = params(clues, s);
    int unique = 0, right_solution = 0, right_clues = 0, sym = 0, repeat = 0;
    for (uint32_t seed = 100; seed < 100 + (uint32_t)count; seed++) {
        uint8_t p[SDK_MAX_CELLS], sol[SDK_MAX_CELLS], again[SDK_MAX_CELLS], found[SDK_MAX_CELLS];
        if (sdk_generate_metropolis(b, &g, seed, p, sol, NULL) != SDK_SOLVED) {
            CHECK(0, "%dx%d, %d clues, seed %u: not generated", br, bc, clues, seed);
            continue;
        }
        sdk_status st;
        uint64_t n = sdk_exact_count_general(b, p, 2, found, NULL, NULL, &st);
        unique += n == 1 && st == SDK_SOLVED;
        right_solution += n == 1 && memcmp(found, sol, (size_t)b->ncells) == 0;
        int k = 0;
        for (int c = 0; c < b->ncells; c++)
            k += p[c] != 0;
        right_clues += k == clues;
        sym += symmetric(b, s, p);
        repeat += sdk_generate_metropolis(b, &g, seed, again, NULL, NULL) == SDK_SOLVED &&
                  memcmp(p, again, (size_t)b->ncells) == 0;
    }
    CHECK(unique == count, "%dx%d, %d clues, symmetry %d: %d of %d puzzles unique", br, bc, clues, s, unique, count);
    CHECK(right_solution == count, "%dx%d, %d clues: %d of %d solutions right", br, bc, clues, right_solution, count);
    CHECK(right_clues == count, "%dx%d, %d clues: %d of %d with that many clues", br, bc, clues, right_clues, count);
    CHECK(sym == count, "%dx%d, %d clues, symmetry %d: %d of %d symmetric", br, bc, clues, s, sym, count);
    CHECK(repeat == count, "%dx%d, %d clues: %d of %d the same for the same seed", br, bc, clues, repeat, count);
}

/* The memo answers only what is proven: with the check on, every answer it
 * gives is compared with the solver's (sizes with and without the kernel,
 * every symmetry). */
static void check_memo(int br, int bc, int clues, sdk_symmetry s, int count)
{
    const sdk_board *b = sdk_board_cached(br, bc);
    sdk_gen_params g = params(clues, s);
    sdk_generate_memo_check = 1;
    sdk_generate_memo_errors = 0;
    int made = 0;
    for (uint32_t seed = 500; seed < 500 + (uint32_t)count; seed++) {
        uint8_t p[SDK_MAX_CELLS];
        made += sdk_generate_metropolis(b, &g, seed, p, NULL, NULL) == SDK_SOLVED;
    }
    sdk_generate_memo_check = 0;
    CHECK(made == count, "%dx%d, %d clues: %d of %d made with the memo check on", br, bc, clues, made, count);
    CHECK(sdk_generate_memo_errors == 0, "%dx%d, %d clues, symmetry %d: the memo contradicted the solver %lu times",
          br, bc, clues, s, sdk_generate_memo_errors);
}

int main(void)
{
    check_memo(3, 3, 25, SDK_SYM_ROTATE180, 30);
    check_memo(3, 3, 24, SDK_SYM_NONE, 5);
    check_memo(3, 3, 29, SDK_SYM_ROTATE90, 5);
    check_memo(3, 3, 26, SDK_SYM_MIRROR, 5);
    check_memo(2, 3, 12, SDK_SYM_ROTATE180, 10);
    check_grid_chain(3, 3, 40);
    check_grid_chain(2, 3, 20);
    check_grid_chain(2, 2, 20);
    check_grid_chain(2, 4, 5);
    check_puzzles(3, 3, 25, SDK_SYM_ROTATE180, 200);
    check_puzzles(3, 3, 23, SDK_SYM_ROTATE180, 4);
    check_puzzles(3, 3, 24, SDK_SYM_NONE, 10);
    check_puzzles(3, 3, 29, SDK_SYM_ROTATE90, 10);
    check_puzzles(3, 3, 26, SDK_SYM_MIRROR, 10);
    check_puzzles(2, 3, 12, SDK_SYM_ROTATE180, 10);
    check_puzzles(2, 2, 6, SDK_SYM_NONE, 10);
    return CHECK_SUMMARY("unit_generate");
}

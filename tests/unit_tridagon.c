/* unit_tridagon.c -- planted tridagons (src/generate/tridagon.c), the pools
 * of `generate --hard` from scratch:
 *  - tri_is_deadly agrees with the test's own brute force (all 3^12
 *    fillings of the 12 cells from three digits, every row, column and box
 *    distinct) on four-box transversals random grids fill with three
 *    digits (never deadly) and on planted ones (deadly);
 *  - tri_plant's puzzles are unique (the general solver, not the kernel
 *    the search uses) and minimal, their 12 cells blank, the solution puts
 *    three digits on 11 of them and a fourth on the twelfth;
 *  - the same seed gives the same puzzles. */
#include <string.h>
#include "check.h"
#include "sudoku.h"
#include "../src/generate/tridagon.h"

/* Can cells[12] take digits 0..2 with no two alike in a row, column or box? */
static int fillable(const int *cells)
{
    for (int p = 0; p < 531441; p++) {
        int v[12], q = p, ok = 1;
        for (int i = 0; i < 12; i++, q /= 3)
            v[i] = q % 3;
        for (int i = 0; i < 12 && ok; i++)
            for (int j = i + 1; j < 12 && ok; j++) {
                int a = cells[i], b = cells[j];
                int same = a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3);
                ok = !(same && v[i] == v[j]);
            }
        if (ok)
            return 1;
    }
    return 0;
}

/* The cells of digits a < b < c in boxes 0, 1, 3, 4 of grid, box by box,
 * for the first three digits each box holds on a transversal; 0 if none. */
static int transversal(const uint8_t *grid, int *cells)
{
    static const int box[4] = {0, 1, 3, 4};
    for (int abc = 0; abc < 512; abc++) {
        if (__builtin_popcount((unsigned)abc) != 3)
            continue;
        int k = 0;
        for (; k < 4; k++) {
            int rows = 0, cols = 0, n = 0;
            for (int i = 0; i < 9; i++) {
                int c = (box[k] / 3 * 3 + i / 3) * 9 + box[k] % 3 * 3 + i % 3;
                if (abc >> (grid[c] - 1) & 1) {
                    cells[3 * k + n++] = c;
                    rows |= 1 << i / 3;
                    cols |= 1 << i % 3;
                }
            }
            if (rows != 7 || cols != 7)
                break;
        }
        if (k == 4)
            return 1;
    }
    return 0;
}

static void check_deadly_filled(void)
{
    const sdk_board *b = sdk_board_cached(3, 3);
    sdk_gen_params g;
    sdk_generate_defaults(&g);
    int found = 0;
    for (uint32_t seed = 1; seed < 20000 && found < 3; seed++) {
        uint8_t grid[81];
        int cells[12];
        if (sdk_generate_grid(b, &g, seed, grid, NULL) != SDK_SOLVED || !transversal(grid, cells))
            continue;
        found++;
        CHECK(fillable(cells), "grid %u: its own digits fill the cells", seed);
        CHECK(!tri_is_deadly(cells), "grid %u: a four-box transversal the grid fills is not deadly", seed);
    }
    CHECK(found == 3, "three grids with three digits on transversals of boxes 1, 2, 4, 5 (found %d)", found);
}

static void check_planted(void)
{
    const sdk_board *b = sdk_board_cached(3, 3);
    sdk_gen_params g;
    sdk_generate_defaults(&g);
    sdk_rng rng, again;
    sdk_rng_seed(&rng, 7);
    sdk_rng_seed(&again, 7);
    for (int n = 0; n < 4;) {
        uint8_t puzzle[81], grid[81], p2[81], g2[81], sol[81];
        int cells[12], c2[12];
        int made = tri_plant(b, &g, &rng, puzzle, grid, cells, NULL);
        CHECK(tri_plant(b, &g, &again, p2, g2, c2, NULL) == made && (made != 1 || !memcmp(p2, puzzle, 81)),
              "the same seed, the same puzzle");
        CHECK(made >= 0, "no budget: never stopped");
        if (made != 1)
            continue;
        n++;
        CHECK(sdk_exact_count_general(b, puzzle, 0, sol, NULL, NULL, NULL) == 1 && !memcmp(sol, grid, 81),
              "puzzle %d: one solution, the grid", n);
        int minimal = 1;
        for (int c = 0; c < 81; c++)
            if (puzzle[c]) {
                uint8_t less[81];
                memcpy(less, puzzle, 81);
                less[c] = 0;
                minimal &= sdk_exact_count_general(b, less, 2, NULL, NULL, NULL, NULL) == 2;
            }
        CHECK(minimal, "puzzle %d: minimal", n);
        int count[10] = {0}, blank = 1, digits = 0, once = 0;
        for (int i = 0; i < 12; i++) {
            blank &= puzzle[cells[i]] == 0;
            count[grid[cells[i]]]++;
        }
        for (int d = 1; d <= 9; d++) {
            digits += count[d] > 0;
            once += count[d] == 1;
        }
        CHECK(blank, "puzzle %d: the 12 cells blank", n);
        CHECK(digits == 4 && once == 1, "puzzle %d: three digits on 11 cells, another on the 12th", n);
        CHECK(!fillable(cells) && tri_is_deadly(cells), "puzzle %d: the 12 cells deadly", n);
    }
}

int main(void)
{
    check_deadly_filled();
    check_planted();
    return CHECK_SUMMARY("unit_tridagon");
}

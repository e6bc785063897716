/*
 * tridagon.c -- random minimal puzzles with a planted tridagon (Thor's
 * hammer), the structure many of the hardest known puzzles hold
 * (docs/generate-hard.md, issue 30 item 3).
 *
 * A tridagon: four boxes in two bands x two stacks, three cells in each (one
 * a row and a column of the box), which no filling from three digits a, b,
 * c can satisfy (the rows and columns the boxes share forbid it).  If
 * their candidates are a, b, c and one more in one cell (the guardian),
 * that cell is not a, b or c; Sudoku Explainer's ladder does not know
 * this, so its chains must find it.
 *
 * Planting: in a random grid, a tridagon whose 11 cells hold a, b, c and
 * whose guardian holds another digit g; its 12 cells are blanked, the
 * other clues removed in a random order while the puzzle stays unique and
 * every clue-elimination candidate of the 12 cells stays within {a,b,c}
 * (the guardian's {a,b,c,g}); then removed further while it stays unique,
 * to a minimal puzzle.
 */
#include <string.h>
#include "tridagon.h"
#include "neighbour.h"

typedef struct tri {
    int cell[12];                       /* box k's cells are 3k..3k+2 */
    unsigned abc, guard;                /* digit masks (bit d-1): the three, the guardian's */
    int guardian;                       /* index into cell */
} tri;

static int row_of(int c) { return c / 9; }
static int col_of(int c) { return c % 9; }
static int box_of(int c) { return c / 27 * 3 + c % 9 / 3; }

int tri_is_deadly(const int *cell)
{
    static const int perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int p = 0; p < 6 * 6 * 6 * 6; p++) {
        int v[12], q = p, ok = 1;
        for (int k = 0; k < 4; k++, q /= 6)
            for (int i = 0; i < 3; i++)
                v[3 * k + i] = perm[q % 6][i];
        for (int i = 0; i < 12 && ok; i++)
            for (int j = i + 1; j < 12 && ok; j++)
                if (v[i] == v[j] && (row_of(cell[i]) == row_of(cell[j]) || col_of(cell[i]) == col_of(cell[j])))
                    ok = 0;
        if (ok)
            return 0;
    }
    return 1;
}

/* The tridagon of grid on the boxes of bands and stacks with digits dig:
 * 1 if three boxes hold dig on a transversal and the fourth two of them on
 * distinct rows and columns (its transversal's third cell, the guardian,
 * holds another digit; if two choices, drawn), and the 12 cells are deadly. */
static int tridagon_at(sdk_rng *rng, const uint8_t *grid, const int *bands, const int *stacks, const int *dig,
                       tri *t)
{
    *t = (tri){.abc = 1u << (dig[0] - 1) | 1u << (dig[1] - 1) | 1u << (dig[2] - 1), .guardian = -1};
    for (int k = 0; k < 4; k++) {
        int r0 = bands[k / 2] * 3, c0 = stacks[k % 2] * 3, at[3] = {0, 0, 0}, rows = 0, cols = 0;
        for (int i = 0; i < 9; i++) {
            int c = (r0 + i / 3) * 9 + c0 + i % 3;
            for (int d = 0; d < 3; d++)
                if (grid[c] == dig[d])
                    at[d] = c;
        }
        for (int d = 0; d < 3; d++) {
            rows |= 1 << row_of(at[d]) % 3;
            cols |= 1 << col_of(at[d]) % 3;
            t->cell[3 * k + d] = at[d];
        }
        if (rows == 7 && cols == 7)
            continue;
        if (t->guardian >= 0)
            return 0;                   /* a second box off its transversal */
        int options[3], n = 0;
        for (int x = 0; x < 3; x++) {
            int y = at[(x + 1) % 3], z = at[(x + 2) % 3];
            if (row_of(y) != row_of(z) && col_of(y) != col_of(z))
                options[n++] = x;
        }
        if (!n)
            return 0;
        int x = options[n > 1 ? sdk_rng_below(rng, (uint32_t)n) : 0];
        int y = at[(x + 1) % 3], z = at[(x + 2) % 3];
        int c = (r0 + 3 - row_of(y) % 3 - row_of(z) % 3) * 9 + c0 + 3 - col_of(y) % 3 - col_of(z) % 3;
        t->cell[3 * k + x] = c;
        t->guardian = 3 * k + x;
        t->guard = 1u << (grid[c] - 1);
    }
    return t->guardian >= 0 && tri_is_deadly(t->cell);
}

/* A tridagon of grid drawn uniformly among its own; 0 if it has none. */
static int find_tridagon(sdk_rng *rng, const uint8_t *grid, tri *out)
{
    int n = 0;
    for (int bp = 0; bp < 3; bp++)                              /* the band left out */
        for (int sp = 0; sp < 3; sp++) {                        /* the stack left out */
            int bands[2] = {bp == 0, bp == 2 ? 1 : 2}, stacks[2] = {sp == 0, sp == 2 ? 1 : 2};
            for (int a = 1; a <= 7; a++)
                for (int b = a + 1; b <= 8; b++)
                    for (int c = b + 1; c <= 9; c++) {
                        int dig[3] = {a, b, c};
                        tri t;
                        if (tridagon_at(rng, grid, bands, stacks, dig, &t) &&
                            sdk_rng_below(rng, (uint32_t)++n) == 0)     /* a reservoir of one */
                            *out = t;
                    }
        }
    return n > 0;
}

/* Do the 12 cells' candidates (from the clues alone) stay within the
 * tridagon's digits?  (nb_minimise's condition.) */
static int tridagon_holds(const void *ctx, const uint8_t *puzzle)
{
    const tri *t = ctx;
    unsigned row[9] = {0}, col[9] = {0}, box[9] = {0};
    for (int c = 0; c < 81; c++)
        if (puzzle[c]) {
            unsigned bit = 1u << (puzzle[c] - 1);
            row[row_of(c)] |= bit;
            col[col_of(c)] |= bit;
            box[box_of(c)] |= bit;
        }
    for (int i = 0; i < 12; i++) {
        int c = t->cell[i];
        unsigned cand = 0x1ff & ~(row[row_of(c)] | col[col_of(c)] | box[box_of(c)]);
        if (cand & ~(t->abc | (i == t->guardian ? t->guard : 0)))
            return 0;
    }
    return 1;
}

int tri_plant(const sdk_board *b, const sdk_gen_params *g, sdk_rng *rng, uint8_t *puzzle, uint8_t *grid,
              int *cells, const sdk_budget *budget)
{
    if (sdk_generate_grid(b, g, sdk_rng_u32(rng), grid, budget) != SDK_SOLVED)
        return -1;
    tri t;
    if (!find_tridagon(rng, grid, &t))
        return 0;
    memcpy(puzzle, grid, 81);
    for (int i = 0; i < 12; i++)
        puzzle[t.cell[i]] = 0;
    sdk_status status;
    uint64_t n = sdk_exact_count(b, puzzle, 2, NULL, NULL, budget, &status);
    if (status == SDK_TIMEOUT || status == SDK_INTERRUPTED)
        return -1;
    if (n != 1)
        return 0;
    if (!nb_minimise(b, rng, puzzle, grid, tridagon_holds, &t, budget) ||
        !nb_minimise(b, rng, puzzle, grid, NULL, NULL, budget))
        return -1;
    if (cells)
        memcpy(cells, t.cell, sizeof t.cell);
    return 1;
}

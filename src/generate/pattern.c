/*
 * pattern.c -- puzzles whose clues are exactly the cells of a pattern
 * (`generate --pattern`, the forum's patterns game), plain 9x9.
 *
 * A pattern is refused at once when a cheap reason proves that no puzzle on
 * it has one solution (sdk_pattern_refusal: each reason is a theorem, not a
 * guess).  Otherwise a puzzle on it is searched as a descent on the number
 * of solutions: the pattern's cells take a random grid's digits; then a
 * step blanks one or two of them and gives them the digits of a random
 * solution of what is left (so the puzzle keeps at least one solution),
 * kept by Metropolis on ln(solutions, counted up to COUNT_CAP) until one
 * is left.  Measured on the masks of random minimal puzzles: a random
 * grid alone gives a unique puzzle on a 24-25-clue mask once in ~30,000
 * grids; the descent in a few hundred steps.
 */
#include <string.h>
#include "neighbour.h"

/* A pattern's blank characters; any other marks a clue cell. */
static int pattern_blank(int ch)
{
    return ch == '.' || ch == '0' || ch == '-' || ch == '_' || ch == ' ' || ch == '\t';
}

int sdk_pattern_parse(const char *text, size_t len, uint8_t *mask, uint8_t *cells, char *err, size_t errsize)
{
    while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r' || text[len - 1] == ' ' ||
                       text[len - 1] == '\t'))
        len--;
    if (len != 81) {
        snprintf(err, errsize, "a pattern is a line of 81 characters (this one has %zu) or a 9x9 puzzle's grid",
                 len);
        return 0;
    }
    int digits = 1;
    for (int c = 0; c < 81; c++) {
        unsigned char ch = (unsigned char)text[c];
        mask[c] = !pattern_blank(ch);
        digits &= !mask[c] || (ch >= '1' && ch <= '9');
        cells[c] = mask[c] && ch >= '1' && ch <= '9' ? (uint8_t)(ch - '0') : 0;
    }
    if (!digits)
        memset(cells, 0, 81);
    return 1;
}

int sdk_pattern_refusal(const uint8_t *mask, char *why, size_t size)
{
    int clues = 0, row_clues[9] = {0}, col_clues[9] = {0};
    for (int c = 0; c < 81; c++)
        if (mask[c]) {
            clues++;
            row_clues[c / 9]++;
            col_clues[c % 9]++;
        }
    /* McGuire, Tugemann and Civario (2012): no 16-clue puzzle is unique. */
    if (clues < 17) {
        snprintf(why, size, "%d clue cells: no 9x9 puzzle with fewer than 17 clues has one solution", clues);
        return 1;
    }
    /* Two rows of a band without clues: swapping them in a solution gives
     * another one (rows, columns and boxes keep their digits), so every
     * grid's two rows are an unavoidable set.  The same for columns. */
    for (int line = 0; line < 2; line++) {
        const int *count = line ? col_clues : row_clues;
        for (int band = 0; band < 9; band += 3)
            for (int i = band; i < band + 3; i++)
                for (int j = i + 1; j < band + 3; j++)
                    if (!count[i] && !count[j]) {
                        snprintf(why, size, "%ss %d and %d of one %s have no clue: swapping them in a solution "
                                 "gives another", line ? "column" : "row", i + 1, j + 1, line ? "stack" : "band");
                        return 1;
                    }
    }
    return 0;
}

/* A new grid when its digits on the mask leave more solutions than this
 * (5-10% of random grids on a 21-clue mask; counting them costs 0.4 s). */
enum { COUNT_CAP = 1 << 20 };

/* Solutions of puzzle, counted up to limit; *stopped if the budget ended
 * the count. */
static uint64_t count_to(const sdk_board *b, const uint8_t *puzzle, uint64_t limit, const sdk_budget *budget,
                         int *stopped)
{
    sdk_status status;
    uint64_t n = sdk_exact_count(b, puzzle, limit, NULL, NULL, budget, &status);
    *stopped = status != SDK_SOLVED && status != SDK_UNSOLVABLE;
    return n;
}

/* A puzzle on mask with one solution, by a descent from a grid of the run's:
 * a step takes a clue cell and gives it, of the digits that leave a solution,
 * one that leaves the fewest (each digit's count capped just past the best so far,
 * so a step costs about eight counts of the current puzzle's solutions);
 * sideways moves are taken too, and after 3 x (clues) steps without a
 * smaller count, a new grid.  0 if the budget stopped it. */
static int pattern_unique(const sdk_board *b, const sdk_gen_params *g, const uint8_t *mask, sdk_rng *rng,
                          uint8_t *puzzle, const sdk_budget *budget)
{
    uint8_t grid[81];
    int cells[81], k = 0, stopped = 0;
    for (int c = 0; c < 81; c++)
        if (mask[c])
            cells[k++] = c;
    while (!sdk_budget_expired(budget)) {
        if (sdk_generate_grid(b, g, sdk_rng_u32(rng), grid, budget) != SDK_SOLVED)
            continue;                   /* (the budget, or a rare miss of the grid chain) */
        for (int c = 0; c < 81; c++)
            puzzle[c] = mask[c] ? grid[c] : 0;
        uint64_t n = count_to(b, puzzle, COUNT_CAP, budget, &stopped);
        for (int stale = 0; n > 1 && n < COUNT_CAP && stale < 3 * k && !stopped; stale++) {
            int c = cells[sdk_rng_below(rng, (uint32_t)k)], old = puzzle[c], ties[9], nties = 0;
            uint64_t best = n;          /* counts above it are of no use: capped just past it */
            for (int d = 1; d <= 9 && !stopped; d++) {
                if (d == old)
                    continue;
                puzzle[c] = (uint8_t)d;
                uint64_t m = count_to(b, puzzle, best + 1, budget, &stopped);
                if (m >= 1 && m < best) {
                    best = m;
                    nties = 0;
                }
                if (m >= 1 && m == best)
                    ties[nties++] = d;
            }
            puzzle[c] = (uint8_t)old;
            if (nties && !stopped) {
                puzzle[c] = (uint8_t)ties[sdk_rng_below(rng, (uint32_t)nties)];
                if (best < n)
                    stale = -1;
                n = best;
            }
        }
        if (n == 1 && !stopped)
            return 1;
    }
    return 0;
}

sdk_status sdk_generate_pattern(const sdk_board *b, const sdk_gen_params *g, const uint8_t *mask,
                                const sdk_human_band *band, uint32_t seed, uint8_t *puzzle,
                                sdk_human_rating *r, const sdk_budget *budget)
{
    sdk_rng rng;
    sdk_rng_seed(&rng, seed);
    /* With a band: puzzles on the pattern until one rates in it (rejection;
     * the pattern leaves no other freedom than the digits). */
    while (pattern_unique(b, g, mask, &rng, puzzle, budget)) {
        if (!band)
            return SDK_SOLVED;
        if (sdk_human_rate(b, puzzle, NULL, band->ntech ? SDK_HUMAN_STEPS : 0, r, budget) == SDK_SOLVED &&
            sdk_human_band_holds(band, r))
            return SDK_SOLVED;
        sdk_human_free(r);
    }
    return budget && budget->interrupt && *budget->interrupt ? SDK_INTERRUPTED : SDK_TIMEOUT;
}

/*
 * unit_rate.c -- the search-tree ratings (src/rate/rate.c) against the reference
 * values of Watanabe's program (puzzles/named-hard.txt: every depth and
 * normal width exactly), the paper's average widths within their error bars,
 * the width tree's solved leaves against the exact solver's count, and the
 * 9x9 mask walk against the general walk (same widths, leaves and tie-break
 * draws) on random clue sets and on isomorphs of the named puzzles with a
 * clue more or less; and the budget stops the depth search and the walks
 * of a 16x16 puzzle (each would run for minutes) and says why.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "sudoku.h"
#include "check.h"
#include "isomorph.h"

static void parse_line(const char *text, uint8_t *cells, int ncells)
{
    for (int i = 0; i < ncells; i++)
        cells[i] = text[i] == '.' ? 0 : (uint8_t)(text[i] - '0');
}

/* Every depth and normal width of named-hard.txt, exactly. */
static void test_named_hard(const sdk_board *b)
{
    FILE *f = fopen("puzzles/named-hard.txt", "r");
    CHECK(f != NULL, "puzzles/named-hard.txt not readable (run from the repository root)");
    if (!f)
        return;
    char line[512];
    int rated = 0;
    while (fgets(line, sizeof line, f)) {
        char name[64], text[128];
        int depth;
        unsigned long long width;
        if (line[0] == '#' || sscanf(line, "%63s %d %llu %127s", name, &depth, &width, text) != 4)
            continue;
        uint8_t cells[81], solution[81];
        parse_line(text, cells, 81);
        sdk_status status;
        CHECK(sdk_exact_count(b, cells, 2, solution, NULL, NULL, &status) == 1, "%s not unique", name);
        int d = sdk_rate_depth(b, cells, solution, -1, NULL);
        uint64_t solutions = 0;
        uint64_t w = sdk_rate_width(b, cells, NULL, &solutions, NULL);
        CHECK(d == depth, "%s: depth %d, expected %d", name, d, depth);
        CHECK(w == width, "%s: normal width %llu, expected %llu", name, (unsigned long long)w, width);
        CHECK(solutions == 1, "%s: %llu solved leaves", name, (unsigned long long)solutions);
        /* A depth cap below the depth answers -1; at the depth, the depth. */
        CHECK(sdk_rate_depth(b, cells, solution, depth - 1, NULL) == (depth == 0 ? 0 : -1), "%s: cap", name);
        CHECK(sdk_rate_depth(b, cells, solution, depth, NULL) == depth, "%s: cap at depth", name);
        rated++;
    }
    fclose(f);
    CHECK(rated == 12, "rated %d named puzzles, expected 12", rated);
}

/* The paper's average widths (100 runs) within the combined error bars. */
static void test_average_width(const sdk_board *b)
{
    static const struct { const char *puzzle; double mean, err; } paper[] = {
        {"..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..", 179, 3.25},
        {"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..", 2257, 25.7},
    };
    for (int i = 0; i < 2; i++) {
        uint8_t cells[81];
        parse_line(paper[i].puzzle, cells, 81);
        sdk_rating r;
        sdk_status st = sdk_rate(b, cells, 100, 12345, &r, NULL);
        double sigma = sqrt(paper[i].err * paper[i].err + r.avg_width_err * r.avg_width_err);
        CHECK(st == SDK_SOLVED && r.samples == 100, "average width: status %d", (int)st);
        CHECK(fabs(r.avg_width - paper[i].mean) < 3 * sigma, "average width %.1f +- %.1f, paper %.0f +- %.2f",
              r.avg_width, r.avg_width_err, paper[i].mean, paper[i].err);
        sdk_rating again;
        sdk_rate(b, cells, 100, 12345, &again, NULL);
        CHECK(again.avg_width == r.avg_width, "same seed, different average width");
    }
}

/* On random 4x4 and 6x6 puzzles (many with several solutions or none), the
 * width tree's solved leaves equal the exact solver's count, and the rating
 * refuses what is not unique. */
static void test_small_boards(void)
{
    sdk_rng rng;
    sdk_rng_seed(&rng, 7);
    for (int shape = 0; shape < 2; shape++) {
        const sdk_board *b = shape == 0 ? sdk_board_cached(2, 2) : sdk_board_cached(2, 3);
        int mismatches = 0, unique = 0;
        uint8_t empty[SDK_MAX_CELLS] = {0}, grid[SDK_MAX_CELLS];
        sdk_status st;
        sdk_exact_count_general(b, empty, 1, grid, NULL, NULL, &st);
        for (int t = 0; t < 300; t++) {
            /* Clues: a random subset of a solution, with a random digit now and then
             * (which may leave it without a solution). */
            uint8_t cells[SDK_MAX_CELLS] = {0};
            uint32_t keep = 30 + sdk_rng_below(&rng, 50);
            for (int c = 0; c < b->ncells; c++)
                if (sdk_rng_below(&rng, 100) < keep)
                    cells[c] = sdk_rng_below(&rng, 20) ? grid[c] : (uint8_t)(1 + sdk_rng_below(&rng, (uint32_t)b->n));
            if (!sdk_board_givens_consistent(b, cells, NULL))
                continue;
            uint64_t leaves;
            sdk_rate_width(b, cells, NULL, &leaves, NULL);
            uint64_t count = sdk_exact_count_general(b, cells, 0, NULL, NULL, NULL, &st);
            mismatches += leaves != count;
            sdk_rating r;
            sdk_status rs = sdk_rate(b, cells, 5, 1, &r, NULL);
            if (count == 1) {
                unique++;
                CHECK(rs == SDK_SOLVED && r.depth >= 0 && r.normal_width >= 1, "unique puzzle not rated");
            } else {
                CHECK(rs == SDK_UNSOLVABLE, "puzzle with %llu solutions rated", (unsigned long long)count);
            }
        }
        CHECK(mismatches == 0, "%dx%d: %d width trees disagree with the exact count", b->n, b->n, mismatches);
        CHECK(unique > 0, "%dx%d: no unique puzzle drawn", b->n, b->n);
    }
}

/* Fast and general walk on one puzzle: the same normal width and solved
 * leaves, the same random tie-break width, and the same draws.  Returns the
 * normal width, 0 on a disagreement. */
static uint64_t walks_agree(const sdk_board *b, const uint8_t *cells, uint32_t seed)
{
    uint64_t leaves_fast, leaves_general;
    uint64_t fast = sdk_rate_width(b, cells, NULL, &leaves_fast, NULL);
    uint64_t general = sdk_rate_width_general(b, cells, NULL, &leaves_general, NULL);
    sdk_rng tie_fast, tie_general;
    sdk_rng_seed(&tie_fast, seed);
    sdk_rng_seed(&tie_general, seed);
    uint64_t random_fast = sdk_rate_width(b, cells, &tie_fast, NULL, NULL);
    uint64_t random_general = sdk_rate_width_general(b, cells, &tie_general, NULL, NULL);
    int ok = fast == general && leaves_fast == leaves_general && random_fast == random_general &&
             sdk_rng_u32(&tie_fast) == sdk_rng_u32(&tie_general);
    return ok ? fast : 0;
}

/* The 9x9 walk of sdk_rate_width and the general one agree on random 9x9
 * clue sets of every kind (unique, several solutions, none, contradictory
 * clues): the same width and solved leaves, top-left and with random
 * tie-breaks from the same seed (which also checks that they draw the same
 * numbers). */
static void test_9x9_walk(const sdk_board *b)
{
    sdk_rng rng;
    sdk_rng_seed(&rng, 11);
    uint8_t empty[81] = {0}, grid[81];
    sdk_status st;
    sdk_exact_count(b, empty, 1, grid, NULL, NULL, &st);
    int mismatches = 0;
    for (int t = 0; t < 300; t++) {
        uint8_t cells[81] = {0};
        uint32_t keep = 35 + sdk_rng_below(&rng, 40);   /* sparser sets can have huge trees */
        for (int c = 0; c < 81; c++)
            if (sdk_rng_below(&rng, 100) < keep)
                cells[c] = sdk_rng_below(&rng, 30) ? grid[c] : (uint8_t)(1 + sdk_rng_below(&rng, 9));
        if (!walks_agree(b, cells, (uint32_t)t) && mismatches++ < 3)
            CHECK(0, "9x9 walk differs on clue set %d", t);
    }
    CHECK(mismatches == 0, "%d of 300 clue sets rated differently by the 9x9 and general walks", mismatches);
    /* Clues that contradict each other (a row, a column, a box) or are out of
     * range: a single dead node, as in the general walk. */
    static const int twin[3] = {8, 72, 20};
    for (int k = 0; k < 4; k++) {
        uint8_t cells[81] = {0};
        cells[0] = 5;
        if (k < 3)
            cells[twin[k]] = 5;
        else
            cells[40] = 10;
        uint64_t leaves = 99, width = sdk_rate_width(b, cells, NULL, &leaves, NULL);
        CHECK(width == 1 && leaves == 0, "contradictory clues %d: width %llu, %llu leaves", k,
              (unsigned long long)width, (unsigned long long)leaves);
        CHECK(sdk_rate_width_general(b, cells, NULL, NULL, NULL) == 1, "contradictory clues %d (general)", k);
    }
}

/* The walks on the deep trees of hard puzzles: random isomorphs of the named
 * puzzles (other cells and digits tie), each also with a clue removed (often
 * several solutions) and a solution cell added. */
static void test_9x9_isomorphs(const sdk_board *b)
{
    static const char *named[] = {
        "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...",
        ".......39....1...5..3..58....8..9..6.7..2....1..4.......9..8.5..2....6..4..7.....",
        "....9..5..1.....3...23..7....45...7.8.....2.......64...9..1.....8..6......54....7",
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    };
    sdk_rng rng;
    sdk_rng_seed(&rng, 23);
    int mismatches = 0, walks = 0;
    uint64_t nodes = 0;
    for (int i = 0; i < (int)(sizeof named / sizeof named[0]); i++)
        for (int t = 0; t < 3; t++) {
            uint8_t cells[81], iso[81], solution[81];
            parse_line(named[i], cells, 81);
            random_isomorph(&rng, cells, iso);
            sdk_status st;
            sdk_exact_count(b, iso, 1, solution, NULL, NULL, &st);
            for (int change = 0; change < 3; change++) {
                uint8_t p[81];
                memcpy(p, iso, 81);
                int c = (int)sdk_rng_below(&rng, 81);
                while (change > 0 && (p[c] != 0) != (change == 1))
                    c = (c + 1) % 81;
                if (change > 0)
                    p[c] = change == 1 ? 0 : solution[c];
                uint64_t w = walks_agree(b, p, sdk_rng_u32(&rng));
                if (!w && mismatches++ < 3)
                    CHECK(0, "9x9 walk differs on %s, isomorph %d, change %d", named[i], t, change);
                nodes += w;
                walks++;
            }
        }
    CHECK(mismatches == 0, "%d of %d hard trees walked differently by the 9x9 and general walks", mismatches,
          walks);
    /* A walk the budget stops answers 0 and leaves nothing behind: the next
     * walk of the same puzzle (which may reuse subtrees of earlier walks on
     * this thread) still counts every node. */
    uint8_t cells[81], iso[81];
    parse_line(named[2], cells, 81);
    random_isomorph(&rng, cells, iso);      /* a tree no earlier walk has seen */
    volatile int stop = 1;
    sdk_budget stopped = {0, 0, &stop};
    CHECK(sdk_rate_width(b, iso, NULL, NULL, &stopped) == 0, "a stopped walk answered a width");
    CHECK(sdk_rate_width(b, iso, NULL, NULL, NULL) == sdk_rate_width_general(b, iso, NULL, NULL, NULL),
          "normal width after a stopped walk");
    CHECK(nodes > 100000, "hard trees too small to test much: %llu nodes", (unsigned long long)nodes);
}

/* A deadline or an interrupt stops the depth search and both walks of the
 * first 16x16 puzzle of puzzles/sizes, each of which would take minutes:
 * they answer "stopped", not a figure, and soon (bounded loosely here: how
 * soon is measured by tests/cli_timelimits.sh). */
static void test_budget_16x16(void)
{
    FILE *f = fopen("puzzles/sizes/16x16.txt", "r");
    CHECK(f != NULL, "puzzles/sizes/16x16.txt not readable (run from the repository root)");
    if (!f)
        return;
    sdk_reader *r = sdk_reader_new(f, "16x16.txt", &(sdk_read_options){0});
    sdk_record rec;
    if (sdk_reader_next(r, &rec) == 1 && rec.ok) {
        const sdk_board *b = rec.board;
        uint8_t solution[SDK_MAX_CELLS];
        sdk_status status;
        CHECK(sdk_exact_count(b, rec.cells, 2, solution, NULL, NULL, &status) == 1, "16x16: not unique");
        sdk_rng rng;
        sdk_rng_seed(&rng, 1);
        double t0 = sdk_now();
        sdk_budget soon = {t0 + 0.1, 0, NULL};
        CHECK(sdk_rate_depth(b, rec.cells, solution, -1, &soon) == -1, "16x16: depth not stopped");
        soon.deadline = sdk_now() + 0.1;
        CHECK(sdk_rate_width(b, rec.cells, NULL, NULL, &soon) == 0, "16x16: normal width not stopped");
        soon.deadline = sdk_now() + 0.1;
        CHECK(sdk_rate_width(b, rec.cells, &rng, NULL, &soon) == 0, "16x16: random walk not stopped");
        soon.deadline = sdk_now() + 0.1;
        sdk_rating rating;
        CHECK(sdk_rate(b, rec.cells, 5, 1, &rating, &soon) == SDK_TIMEOUT, "16x16: sdk_rate not out of time");
        volatile int flag = 1;
        sdk_budget interrupted = {0, 0, &flag};
        CHECK(sdk_rate(b, rec.cells, 5, 1, &rating, &interrupted) == SDK_INTERRUPTED,
              "16x16: sdk_rate not interrupted");
        double took = sdk_now() - t0;
        CHECK(took < 5, "16x16: the budget did not stop the ratings (%.1f s)", took);
    } else {
        CHECK(0, "16x16.txt: no first puzzle");
    }
    sdk_reader_free(r);
    fclose(f);
}

int main(void)
{
    test_budget_16x16();
    const sdk_board *b = sdk_board_cached(3, 3);
    test_named_hard(b);
    test_average_width(b);
    test_small_boards();
    test_9x9_walk(b);
    test_9x9_isomorphs(b);
    return CHECK_SUMMARY("unit_rate");
}

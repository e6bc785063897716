/* unit_restarts.c -- the restarts of the 81-cell variant solver
 * (src/exact/restarts.c, reached through sdk_exact_count) on heavy-tailed sparse
 * puzzles of bench/data/variant_tails.txt: the fixed search alone (under a
 * node budget, which turns restarts off) does not finish within 50,000
 * nodes, neither does the general solver; with restarts the count to 2 is
 * 2 within that many nodes, the first solution solves the puzzle, the same
 * call gives the same nodes and solution, and a second solution (two
 * digits no clue holds swapped in the first) confirms the count.  A
 * deadline stops the restarts at once. */
#include <string.h>
#include "check.h"
#include "sudoku.h"
#include "../src/exact/restarts.h"

enum { BUDGET = 50000 };

static const struct {
    unsigned flags;
    const char *puzzle, *regions;
} tails[] = {
    {SDK_VARIANT_WINDOKU, "..................3..45..............2.......................5...................", NULL},
    {SDK_VARIANT_WINDOKU, "...5.............68.............5..7.......................................8..2..", NULL},
    {SDK_VARIANT_JIGSAW, "........8...........4...2............8........5.............8.......5............",
     "111112223111122233444423333454226336554446666555558666777758999788888999777788999"},
    {SDK_VARIANT_JIGSAW | SDK_VARIANT_X,
     ".................................8..............1......................4.........",
     "111112333141122333142222333844242996844447966885577996885557966855557966887777996"},
};

/* 1 if s solves p on b (every house 1..9, the givens kept). */
static int solves(const sdk_board *b, const uint8_t *p, const uint8_t *s)
{
    for (int c = 0; c < 81; c++)
        if (p[c] && p[c] != s[c])
            return 0;
    return sdk_board_is_solution(b, s);
}

static void check_tail(const sdk_board *b, const uint8_t *p, int i)
{
    sdk_budget capped = {0, BUDGET, NULL};
    sdk_status st;
    sdk_exact_count(b, p, 2, NULL, NULL, &capped, &st);
    CHECK(st == SDK_TIMEOUT, "tail %d: the fixed search alone stops at %d nodes (status %d)", i, BUDGET, (int)st);
    sdk_exact_count_general(b, p, 2, NULL, NULL, &capped, &st);
    CHECK(st == SDK_TIMEOUT, "tail %d: so does the general solver (status %d)", i, (int)st);

    uint8_t s1[81], s2[81], other[81];
    sdk_stats n1 = {0}, n2 = {0};
    uint64_t count = sdk_exact_count(b, p, 2, s1, &n1, NULL, &st);
    CHECK(count == 2 && st == SDK_SOLVED && n1.nodes <= BUDGET, "tail %d: restarts: count %llu, status %d, %llu nodes",
          i, (unsigned long long)count, (int)st, (unsigned long long)n1.nodes);
    CHECK(count && solves(b, p, s1), "tail %d: the first solution solves the puzzle", i);
    sdk_exact_count(b, p, 2, s2, &n2, NULL, &st);
    CHECK(n2.nodes == n1.nodes && n2.guesses == n1.guesses && !memcmp(s1, s2, 81), "tail %d: the same runs again", i);

    /* two digits no clue holds, swapped: another solution (every house is
     * symmetric in the digits), so the count to 2 is 2 */
    int used = 0, a = 0, z = 0;
    for (int c = 0; c < 81; c++)
        used |= 1 << p[c];
    for (int d = 1; d <= 9; d++)
        if (!(used >> d & 1)) {
            z = a ? z ? z : d : z;
            a = a ? a : d;
        }
    for (int c = 0; c < 81; c++)
        other[c] = s1[c] == a ? (uint8_t)z : s1[c] == z ? (uint8_t)a : s1[c];
    CHECK(a && z && solves(b, p, other) && memcmp(other, s1, 81), "tail %d: a second solution (%d and %d swapped)", i,
          a, z);

    /* a deadline already past: the restarts stop within a check (64 nodes) */
    sdk_budget past = {sdk_now(), 0, NULL};
    n1.nodes = 0;
    count = sdk_exact_count(b, p, 2, NULL, &n1, &past, &st);
    CHECK(st == SDK_TIMEOUT && n1.nodes <= 64, "tail %d: a past deadline: status %d after %llu nodes", i, (int)st,
          (unsigned long long)n1.nodes);
}

int main(void)
{
    for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
        uint8_t p[81], region[81];
        char err[128];
        for (int c = 0; c < 81; c++) {
            p[c] = tails[i].puzzle[c] == '.' ? 0 : (uint8_t)(tails[i].puzzle[c] - '0');
            region[c] = tails[i].regions ? (uint8_t)(tails[i].regions[c] - '1') : 0;
        }
        sdk_board *b = sdk_variant_board(tails[i].flags, 9, tails[i].regions ? region : NULL, err, sizeof err);
        CHECK(b != NULL, "board %zu: %s", i, b ? "" : err);
        if (b)
            check_tail(b, p, (int)i);
        sdk_board_free(b);
    }
    return CHECK_SUMMARY("unit_restarts");
}

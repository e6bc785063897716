/*
 * ladder.c -- the technique ladder: Sudoku Explainer 1.2.1.3's producers in
 * its order (Solver.java: direct hint producers, indirect ones, chaining,
 * advanced and experimental), each row {name, rating, finder, arg}.  A step
 * is the first hint of the first producer that has one (SE's
 * SingleHintAccumulator), so paths and ER/EP/ED follow SE's.
 */
#include "lgint.h"

typedef int (*lg_finder)(const lg_grid *g, int arg, lg_step *out);

typedef struct lg_row {
    const char *name;          /* the producer, for documentation */
    double rating;             /* its base rating (chains add bonuses) */
    lg_finder find;            /* NULL: a chaining row */
    int arg;
    lg_chain_kind chain;
} lg_row;

static const lg_row ladder[] = {
    {"Full House / Hidden Single", 1.0, lg_find_hidden_single, 0, {0}},
    {"Direct Pointing / Claiming", 1.7, lg_find_locking, 1, {0}},
    {"Direct Hidden Pair", 2.0, lg_find_hidden_set, 2 | 16, {0}},
    {"Naked Single", 2.3, lg_find_naked_single, 0, {0}},
    {"Direct Hidden Triplet", 2.5, lg_find_hidden_set, 3 | 16, {0}},
    {"Pointing / Claiming", 2.6, lg_find_locking, 0, {0}},
    {"Naked Pair", 3.0, lg_find_naked_set, 2, {0}},
    {"X-Wing", 3.2, lg_find_fish, 2, {0}},
    {"Hidden Pair", 3.4, lg_find_hidden_set, 2, {0}},
    {"Naked Triplet", 3.6, lg_find_naked_set, 3, {0}},
    {"Swordfish", 3.8, lg_find_fish, 3, {0}},
    {"Hidden Triplet", 4.0, lg_find_hidden_set, 3, {0}},
    {"XY-Wing", 4.2, lg_find_xywing, 0, {0}},
    {"XYZ-Wing", 4.4, lg_find_xywing, 1, {0}},
    {"Unique Rectangle / Loop", 4.5, lg_find_unique_loop, 0, {0}},
    {"Naked Quad", 5.0, lg_find_naked_set, 4, {0}},
    {"Jellyfish", 5.2, lg_find_fish, 4, {0}},
    {"Hidden Quad", 5.4, lg_find_hidden_set, 4, {0}},
    {"BUG", 5.6, lg_find_bug, 0, {0}},
    {"Aligned Pair Exclusion", 6.2, lg_find_aligned, 2, {0}},
    /* chainingHintProducers */
    {"Cycles and forcing X/Y/XY-chains", 6.5, NULL, 0, {0, 0, 0, 0, 0}},
    {"Aligned Triplet Exclusion", 7.5, lg_find_aligned, 3, {0}},
    {"Nishio", 7.5, NULL, 0, {0, 1, 1, 0, 0}},
    {"Cell / region forcing chains", 8.0, NULL, 0, {1, 0, 0, 0, 0}},
    {"Dynamic forcing chains", 8.5, NULL, 0, {1, 1, 0, 0, 0}},
    /* chainingHintProducers2 */
    {"Dynamic forcing chains (+)", 9.0, NULL, 0, {1, 1, 0, 1, 0}},
    /* advanced, then experimental */
    {"Nested forcing chains (level 2)", 9.5, NULL, 0, {1, 1, 0, 2, 0}},
    {"Nested forcing chains (level 3)", 10.0, NULL, 0, {1, 1, 0, 3, 0}},
    {"Nested forcing chains (level 4)", 10.5, NULL, 0, {1, 1, 0, 4, 0}},
    {"Nested forcing chains (level 5)", 11.0, NULL, 0, {1, 1, 0, 5, 0}},
};

#define LADDER_ROWS ((int)(sizeof ladder / sizeof ladder[0]))

int lg_ladder_rows(void) { return LADDER_ROWS; }
const char *lg_ladder_name(int row) { return row >= 0 && row < LADDER_ROWS ? ladder[row].name : ""; }
double lg_ladder_rating(int row) { return row >= 0 && row < LADDER_ROWS ? ladder[row].rating : 0; }

int lg_next_step(const lg_grid *g, lg_step *out, const sdk_budget *budget)
{
    for (int r = 0; r < LADDER_ROWS; r++) {
        if (budget && sdk_budget_expired(budget))
            return LG_STOPPED;
        int got = ladder[r].find ? ladder[r].find(g, ladder[r].arg, out)
                                 : lg_find_chain(g, &ladder[r].chain, out, budget);
        if (got == LG_STOPPED)
            return LG_STOPPED;
        if (got == LG_FOUND) {
            out->tech = r;
            return LG_FOUND;
        }
    }
    return LG_NONE;
}

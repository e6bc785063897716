/*
 * chains.c -- STUB of the chaining producers (cycles, forcing chains,
 * Nishio, cell/region, dynamic and nested chains).  The real file comes from
 * the `chains` branch at merge; until then lg_find_chain finds nothing, so
 * the ladder stops where SE would need a chain (rating 20.0, unsolved).
 */
#include "logic.h"

int lg_find_chain(const lg_grid *g, const lg_chain_kind *k, lg_step *out, const sdk_budget *budget)
{
    (void)g;
    (void)k;
    (void)out;
    (void)budget;
    return LG_NONE;
}

double lg_length_bonus(int complexity)
{
    /* Thresholds 4, 6, 8, 12, 16, 24, 32, 48, ...: alternately x3/2 and x4/3. */
    double bonus = 0;
    int len = complexity - 2, step = 4, up = 1;
    while (len > step) {
        bonus += 0.1;
        step = up ? step * 3 / 2 : step * 4 / 3;
        up = !up;
    }
    return bonus;
}

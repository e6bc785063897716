/*
 * sortpenalty.c -- `--method sort-penalty`: Nils Lid Hjort's sort-penalty
 * MCMC (SOURCES.md 002).
 *
 * State and move as in anneal (box permutations, swaps within a box).  The
 * chain samples f(x) ~ exp(-lambda Q(x)) with Q = sum over rows and columns
 * of sum_j |sort(house)_j - j|, which is 0 exactly on a solution; lambda = 1
 * by default.  It is the block-swap chain of blockswap.c at the fixed
 * temperature 1/lambda on the sort energy of the energy core.  Slow by
 * nature: Q's gradients are weak (a wrong pair of digits far apart and one
 * close together cost alike to fix).
 */
#include "blockswap.h"
#include "chain.h"

sdk_status method_sort_penalty(const sdk_board *b, const uint8_t *puzzle, const sdk_params *p,
                                   uint32_t seed, uint8_t *solution, sdk_stats *st)
{
    double lambda = p->lambda > 0 ? p->lambda : 1.0;
    return blockswap_run(b, puzzle, p, seed, SDK_ENERGY_SORT, 1.0 / lambda, solution, st);
}

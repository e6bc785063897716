/*
 * metropolis.c -- `--method metropolis`: C. Douglas Howard's single-site
 * Metropolis chain (SOURCES.md 000), exactly.
 *
 * State: every free cell holds a digit (repeats allowed), uniform at the
 * start.  Energy: the conflict pairs of the energy core (clue pairs weigh
 * --clue-weight, default 5).  Move: a uniform free cell takes a uniform
 * digit other than its own; accepted if ΔE <= 0, else with probability
 * exp(-ΔE/T), T = 0.39 by default.  The acceptance table covers every ΔE a
 * move can produce (the original's stopped at 20, short of the 100 a 9x9
 * board reaches with clue weight 5).
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "chain.h"
#include "energy.h"

/* The largest ΔE of a set move: every peer of the cell holding the new
 * digit, clue pairs at full weight. */
static int max_conflict_delta(const sdk_board *b, const uint8_t *puzzle, int clue_weight)
{
    int most = 0;
    for (int c = 0; c < b->ncells; c++) {
        int sum = 0;
        for (int i = b->peer_start[c]; i < b->peer_start[c + 1]; i++)
            sum += puzzle[b->peers[i]] ? clue_weight : 1;
        if (sum > most)
            most = sum;
    }
    /* a killer's cage term: a set moves its cage's sum by up to n - 1 and
     * its pairs by up to n - 1 */
    return most + (b->ncages ? 2 * b->n : 0);
}

sdk_status method_metropolis(const sdk_board *b, const uint8_t *puzzle, const sdk_params *p,
                                 uint32_t seed, uint8_t *solution, sdk_stats *st)
{
    chain_ctl ch;
    uint8_t start[SDK_MAX_CELLS], state[SDK_MAX_CELLS];
    uint16_t free_cells[SDK_MAX_CELLS];
    if (!chain_begin(&ch, b, puzzle, p, st, start)) {
        chain_end(&ch);
        return SDK_UNSOLVABLE;
    }
    int nfree = 0;
    for (int c = 0; c < b->ncells; c++)
        if (!start[c])
            free_cells[nfree++] = (uint16_t)c;

    double T = p->T > 0 ? p->T : SDK_DEFAULT_METROPOLIS_T;
    int clue_weight = p->clue_weight > 0 ? (int)lround(p->clue_weight) : 0;
    int kmax = max_conflict_delta(b, start, clue_weight);
    uint32_t *accept = malloc(sizeof(uint32_t) * (size_t)(kmax + 1));
    sdk_energy e;
    sdk_rng rng;
    sdk_rng_seed(&rng, seed);
    sdk_energy_fill_random(b, start, &rng, state);
    if (!accept || !sdk_energy_init(&e, b, start, state, SDK_ENERGY_CONFLICT, clue_weight)) {
        free(accept);
        chain_end(&ch);
        return SDK_TIMEOUT;
    }
    sdk_energy_thresholds(accept, kmax, 1.0 / T);

    /* Move table: (free cell index, k) for k = 0..n-2, so a single uniform
     * draw is a uniform cell and a uniform other digit. */
    int n = b->n, nmoves = nfree * (n - 1);
    uint16_t *move_cell = malloc(sizeof(uint16_t) * (size_t)(nmoves ? nmoves : 1));
    uint8_t *move_digit = malloc((size_t)(nmoves ? nmoves : 1));
    if (!move_cell || !move_digit) {
        free(move_cell);
        free(move_digit);
        free(accept);
        sdk_energy_free(&e);
        chain_end(&ch);
        return SDK_TIMEOUT;
    }
    for (int i = 0; i < nmoves; i++) {
        move_cell[i] = (uint16_t)(i / (n - 1));
        move_digit[i] = (uint8_t)(i % (n - 1));
    }
    int runs = 1 + (p->restarts > 0 ? p->restarts : 0);
    long best = LONG_MAX;
    sdk_status status = SDK_TIMEOUT;
    for (int run = 0; run < runs && !ch.stopped; run++) {
        if (run > 0) {
            sdk_energy_fill_random(b, start, &rng, state);
            sdk_energy_reset(&e, state);
            st->restarts++;
        }
        if (e.conflict < best)
            best = e.conflict;
        for (uint64_t iter = 0; e.conflict > 0; iter++) {
            if (ch.max_iters && iter >= ch.max_iters)
                break;
            if (st->nodes % CHAIN_POLL == 0 && chain_poll(&ch, (double)e.conflict, T))
                break;
            st->nodes++;
            /* One draw picks the cell and the k-th other digit together. */
            uint32_t move = rng_below_fast(&rng, (uint32_t)nmoves);
            int c = free_cells[move_cell[move]];
            int d = 1 + move_digit[move];
            if (d >= e.cells[c])
                d++;                        /* uniform over the other n-1 digits */
            long delta = energy_conflict_set_delta(&e, c, d);
            if (delta <= 0 || sdk_rng_u32(&rng) < accept[delta]) {
                energy_set(&e, c, d);
                st->accepted++;
                if (e.conflict < best)
                    best = e.conflict;
            }
        }
        if (e.conflict == 0) {
            memcpy(solution, e.cells, (size_t)b->ncells);
            status = SDK_SOLVED;
            break;
        }
    }
    st->final_energy = (double)e.conflict;
    st->best_energy = (double)best;
    chain_trace(&ch, (double)e.conflict, T);
    sdk_status end = chain_end(&ch);
    sdk_energy_free(&e);
    free(accept);
    free(move_cell);
    free(move_digit);
    return status == SDK_SOLVED ? status : end;
}

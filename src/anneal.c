/*
 * anneal.c -- `--method anneal`: the block-swap chain of Brian Yee's blog and
 * Rhyd Lewis's simulated annealing (SOURCES.md 001), and the block-swap loop
 * that sort-penalty (sortpenalty.c) shares.
 *
 * State: every box holds a permutation of 1..n (its free cells a shuffle of
 * the digits its clues lack), so only rows and columns can be wrong.  Move:
 * a uniform box with two or more free cells, two distinct uniform free cells
 * of it, swapped.  Energy: the missing digits of rows and columns.
 *
 * Default: Lewis's schedule.  T0 is the standard deviation of the energy
 * over a short random walk of swaps from the start; a chain is (free cells)^2
 * proposals; T <- alpha*T after each chain (alpha 0.99); after `reheat` (20)
 * chains in a row whose best energy did not beat the previous chain's best,
 * T goes back to T0.  (Lewis compares chain against chain; against the
 * global best the chain would reheat forever.)  `--T X` runs at the fixed
 * temperature X instead, as Yee does (≈ 0.35 is the best fixed T).
 *
 * --propagate (off by default: the sources do not do it) prunes the search
 * as Lewis (2007) and the ant-colony solver do: the cells forced by singles
 * become clues; every box is filled with its missing digits so that each
 * cell holds one of its candidates (digits no clue among its peers holds);
 * and only swaps that keep both cells within their candidates are taken
 * (the others count as rejected proposals).  The pruned state space holds
 * every solution, so the chain still ends only on a verified one.  Swaps do
 * not connect that space (a box may need a 3-cycle), so a run that finds no
 * new best energy in PROPAGATE_STALL proposals restarts from a fresh fill.
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "energy.h"

#define T0_SAMPLE_MOVES 200
/* --propagate: proposals without a new best energy before a run restarts
 * (measured on named-hard.txt: 20k restarts too early, 1M waits too long). */
#define PROPAGATE_STALL 100000

static long tracked(const sdk_energy *e, unsigned kind)
{
    return kind == SDK_ENERGY_SORT ? e->sort : e->missing;
}

static long swap_delta(const sdk_energy *e, unsigned kind, int a, int b)
{
    return kind == SDK_ENERGY_SORT ? sdk_energy_sort_swap_delta(e, a, b) : sdk_energy_missing_swap_delta(e, a, b);
}

/* With --propagate, a swap must leave both cells within their candidates
 * (cand = NULL: every swap is allowed). */
static inline int swap_allowed(const uint32_t *cand, const sdk_energy *e, int a, int b)
{
    return !cand || (cand[a] >> e->cells[b] & cand[b] >> e->cells[a] & 1u);
}

/* A start state: box permutations, within the candidates under --propagate.
 * Returns 0 if no box permutation respects them (no solution). */
static int fill_start(const sdk_board *b, const uint8_t *start, const uint32_t *cand, sdk_rng *r,
                      uint8_t *state)
{
    if (cand)
        return sdk_energy_fill_boxes_candidates(b, start, cand, r, state);
    sdk_energy_fill_boxes(b, start, r, state);
    return 1;
}

/* Lewis's T0: the spread (standard deviation) of the energy along a random
 * walk of swaps, every allowed one applied. */
static double initial_temperature(sdk_energy *e, unsigned kind, const sdk_energy_boxes *bx,
                                  const uint32_t *cand, sdk_rng *r, sdk_stats *st)
{
    double sum = 0, sum2 = 0;
    for (int i = 0; i < T0_SAMPLE_MOVES; i++) {
        int a, b;
        sdk_energy_propose_swap(bx, r, &a, &b);
        st->nodes++;
        if (swap_allowed(cand, e, a, b)) {
            sdk_energy_swap(e, a, b);
            st->accepted++;
        }
        double E = (double)tracked(e, kind);
        sum += E;
        sum2 += E * E;
    }
    double mean = sum / T0_SAMPLE_MOVES, var = sum2 / T0_SAMPLE_MOVES - mean * mean;
    double sd = var > 0 ? sqrt(var) : 0;
    return sd > 1e-3 ? sd : 1.0;   /* a walk that never moves the energy: any T will do */
}

sdk_status sdk_energy_blockswap(const sdk_board *b, const uint8_t *puzzle, const sdk_params *p,
                                uint32_t seed, unsigned kind, double fixed_T, uint8_t *solution,
                                sdk_stats *st)
{
    sdk_energy_chain ch;
    uint8_t start[SDK_MAX_CELLS], state[SDK_MAX_CELLS];
    if (!sdk_energy_chain_start(&ch, b, puzzle, p, st, start)) {
        sdk_energy_chain_finish(&ch);
        return SDK_UNSOLVABLE;
    }
    sdk_energy_boxes bx;
    sdk_energy_boxes_init(&bx, b, start);
    int nfree = 0;
    for (int c = 0; c < b->ncells; c++)
        nfree += !start[c];

    uint32_t candidates[SDK_MAX_CELLS], *cand = NULL;
    if (p->propagate) {
        sdk_energy_candidates(b, start, candidates);
        cand = candidates;
    }
    sdk_rng rng;
    sdk_rng_seed(&rng, seed);
    if (!fill_start(b, start, cand, &rng, state)) {
        sdk_energy_chain_finish(&ch);
        return SDK_UNSOLVABLE;
    }
    sdk_energy e;
    if (!sdk_energy_init(&e, b, start, state, kind, 0)) {
        sdk_energy_chain_finish(&ch);
        return SDK_TIMEOUT;
    }
    /* A swap changes two rows and two columns by at most n-1 each (sort) or
     * 1 each (missing): 4n bounds every ΔE. */
    int kmax = 4 * b->n;
    uint32_t accept[4 * SDK_MAX_N + 1];
    int schedule = !(fixed_T > 0);
    long chain_length = p->chain > 0 ? p->chain : (long)nfree * nfree;
    double alpha = p->alpha > 0 && p->alpha <= 1 ? p->alpha : 0.99;
    int reheat = p->reheat > 0 ? p->reheat : 20;
    /* Under --propagate a run that stalls restarts from a fresh fill: the
     * pruned space is not connected under swaps (a box may need a 3-cycle
     * to reach its solution), so a run can be stuck for good.  Restarts are
     * then unlimited unless --restarts says otherwise. */
    uint64_t stall = cand ? PROPAGATE_STALL : 0;
    int runs = 1 + (p->restarts > 0 ? p->restarts : (cand && p->restarts < 0 ? INT_MAX - 1 : 0));
    long best = LONG_MAX;
    double T = fixed_T;
    sdk_status status = SDK_TIMEOUT;

    for (int run = 0; run < runs && !ch.stopped; run++) {
        if (run > 0) {
            fill_start(b, start, cand, &rng, state);   /* succeeded once: succeeds again */
            sdk_energy_reset(&e, state);
            st->restarts++;
        }
        long E = tracked(&e, kind);
        if (E < best)
            best = E;
        if (bx.nboxes == 0)
            break;              /* every box is forced: the state is the only one */
        double T0 = schedule && E > 0 ? initial_temperature(&e, kind, &bx, cand, &rng, st) : 0;
        if (schedule)
            T = T0;
        sdk_energy_thresholds(accept, kmax, 1.0 / (T > 0 ? T : 1.0));
        E = tracked(&e, kind);
        long in_chain = 0, chain_best = E, previous_chain_best = LONG_MAX;
        int stale_chains = 0;
        long run_best = E;
        uint64_t improved_at = 0;
        for (uint64_t iter = 0; E > 0; iter++) {
            if (ch.max_iters && iter >= ch.max_iters)
                break;
            if (stall && iter - improved_at > stall)
                break;
            if (st->nodes % SDK_ENERGY_POLL == 0 && sdk_energy_chain_poll(&ch, (double)E, T))
                break;
            st->nodes++;
            int x, y;
            sdk_energy_propose_swap(&bx, &rng, &x, &y);
            long delta = swap_allowed(cand, &e, x, y) ? swap_delta(&e, kind, x, y) : LONG_MAX;
            if (delta <= 0 || (delta != LONG_MAX && sdk_rng_u32(&rng) < accept[delta])) {
                sdk_energy_swap(&e, x, y);
                st->accepted++;
                E += delta;
                if (E < chain_best)
                    chain_best = E;
                if (E < run_best) {
                    run_best = E;
                    improved_at = iter;
                }
            }
            if (schedule && ++in_chain >= chain_length) {
                if (chain_best < previous_chain_best)
                    stale_chains = 0;
                else
                    stale_chains++;
                if (chain_best < best)
                    best = chain_best;
                previous_chain_best = chain_best;
                chain_best = E;
                in_chain = 0;
                T *= alpha;
                if (stale_chains >= reheat) {
                    T = T0;
                    stale_chains = 0;
                }
                sdk_energy_thresholds(accept, kmax, 1.0 / T);
            }
        }
        if (chain_best < best)
            best = chain_best;
        if (E == 0) {
            status = SDK_SOLVED;
            break;
        }
    }
    long E = tracked(&e, kind);
    if (E == 0) {
        memcpy(solution, e.cells, (size_t)b->ncells);
        status = SDK_SOLVED;
    }
    st->final_energy = (double)E;
    st->best_energy = (double)(best < E ? best : E);
    sdk_energy_chain_trace(&ch, (double)E, T);
    sdk_status end = sdk_energy_chain_finish(&ch);
    sdk_energy_free(&e);
    return status == SDK_SOLVED ? status : (bx.nboxes == 0 && !ch.stopped ? SDK_UNSOLVABLE : end);
}

sdk_status sdk_method_anneal(const sdk_board *b, const uint8_t *puzzle, const sdk_params *p,
                             uint32_t seed, uint8_t *solution, sdk_stats *st)
{
    return sdk_energy_blockswap(b, puzzle, p, seed, SDK_ENERGY_MISSING, p->T > 0 ? p->T : 0, solution, st);
}

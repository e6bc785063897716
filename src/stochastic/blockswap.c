/*
 * blockswap.c -- the block-swap chain of Brian Yee's blog and Rhyd Lewis's
 * simulated annealing (SOURCES.md 001): `--method anneal` (anneal.c) runs
 * it on the missing energy, sort-penalty (sortpenalty.c) on the sort energy.
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
 * A board of several n x n grids (Samurai) scales both to one grid: T0 is
 * the walk's spread times sqrt(n^2 / cells), and a chain at most n^2
 * proposals per free cell (on one grid both are Lewis's, unchanged).
 *
 * --propagate (off by default: the sources do not do it) prunes the search
 * as Lewis (2007) and the ant-colony solver do: sdk_propagate (propagate.c:
 * singles, all-different subsets, locked candidates) fills the forced cells
 * and prunes the candidates; every box is filled with its missing digits so
 * that each cell holds one of its candidates (a random perfect matching);
 * and only moves that keep every cell within its candidates are proposed:
 * swaps aimed at a candidate (see targets below) and, one proposal in
 * CYCLE_EVERY, 3-cycles (swaps alone do not connect the candidate fills of
 * a box; missing energy only).  A failed aim counts as a rejected proposal.
 * The pruned state space holds every solution, so the chain still ends
 * only on a verified one.  A run that finds no new best energy in
 * PROPAGATE_STALL proposals restarts from a fresh fill.
 *
 * The chain also shares its time with probes, as the ant-colony solver's
 * ants work: every --probe-every proposals, sdk_propagate_probe builds a grid
 * from the propagated puzzle by random choices with propagation after each,
 * without backtracking; a probe that completes the grid ends the run.  On
 * hard puzzles the probes find nearly every answer (the chain's low-energy
 * states are mostly wrong digits: on inkala2012 an E = 4 state holds 13 to
 * 49 of 60 free cells right, so the chain is no guide for the probes).
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "blockswap.h"
#include "boxmoves.h"
#include "chain.h"
#include "energy.h"

#define T0_SAMPLE_MOVES 200
/* --propagate: proposals without a new best energy before a run restarts
 * (measured on named-hard.txt at T = 0.5 with the aimed proposals: 20k
 * beats 100k and 300k on the worst run; 10k is no better). */
#define PROPAGATE_STALL 20000
/* --propagate: one proposal in CYCLE_EVERY (a power of two) is a 3-cycle
 * (measured: none is clearly worse; 2, 4, 16 no better than 8). */
#define CYCLE_EVERY 8
/* --propagate: one probe every SDK_DEFAULT_PROBE_EVERY proposals (--probe-every).  A
 * probe costs about as much as 256 proposals on a hard 9x9 puzzle, so the
 * chain keeps about a third of the time.  Measured on named-hard.txt, T =
 * 0.35 and 0.5, 50 seeds each: every 128 proposals, worst run 23 and 28 ms;
 * every 256, 125 (one run in 600) and 35 ms; 20 seeds, T = 0.5: probes
 * alone (the chain starved) 15 ms, every 2048 114 ms, every 8192 263 ms.
 * On 16x16 and 25x25 puzzles the probes also win. */

static long tracked(const sdk_energy *e, unsigned kind)
{
    return kind == SDK_ENERGY_SORT ? e->sort : e->missing;
}

static inline long swap_delta(const sdk_energy *e, unsigned kind, int a, int b)
{
    return kind == SDK_ENERGY_SORT ? energy_sort_swap_delta(e, a, b) : energy_missing_swap_delta(e, a, b);
}

/* With --propagate, a swap must leave both cells within their candidates
 * (cand = NULL: every swap is allowed). */
static inline int swap_allowed(const uint32_t *cand, const sdk_energy *e, int a, int b)
{
    return !cand || (cand[a] >> (e->cells[b] - 1) & cand[b] >> (e->cells[a] - 1) & 1u);
}

/*
 * --propagate's proposals, aimed at the candidates.  Drawing a uniform pair
 * of a box and rejecting it when a cell would leave its candidates wastes
 * most draws (a cell has 3-4 candidates of 9); instead a uniform movable
 * cell a (a free cell of a box with two or more) draws one of its other
 * candidates d uniformly, and the partner is the cell of the box holding d,
 * so only the partner's side can fail.  A 3-cycle chains two such draws:
 * a takes c's digit, c takes b's (a candidate of c other than its own and
 * a's), b takes a's.  where[] tracks which cell of each box holds each digit.
 */
typedef struct targets {
    int nmove;
    uint16_t move[SDK_MAX_CELLS];       /* the movable cells */
    uint16_t box_of[SDK_MAX_CELLS];     /* a cell's box (house index) */
    int stride;
    uint16_t *where;                    /* box house * stride + digit -> cell */
} targets;

static int targets_init(targets *t, const sdk_board *b, const uint8_t *start)
{
    t->nmove = 0;
    t->stride = b->n + 1;
    t->where = calloc((size_t)b->nhouses * (size_t)t->stride, sizeof *t->where);
    if (!t->where)
        return 0;
    for (int h = 0; h < b->nhouses; h++) {
        if (b->house_kind[h] != SDK_HOUSE_BOX)
            continue;
        const uint16_t *cells = b->house_cells + h * b->n;
        int nfree = 0;
        for (int i = 0; i < b->n; i++) {
            t->box_of[cells[i]] = (uint16_t)h;
            nfree += !start[cells[i]];
        }
        if (nfree >= 2)
            for (int i = 0; i < b->n; i++)
                if (!start[cells[i]])
                    t->move[t->nmove++] = cells[i];
    }
    return 1;
}

/* where[] from a whole state. */
static void targets_reset(targets *t, const sdk_board *b, const uint8_t *state)
{
    for (int c = 0; c < b->ncells; c++)
        t->where[t->box_of[c] * t->stride + state[c]] = (uint16_t)c;
}

static inline void targets_moved(targets *t, const sdk_energy *e, int c)
{
    t->where[t->box_of[c] * t->stride + e->cells[c]] = (uint16_t)c;
}

/* The cell of a's box that holds a uniform candidate of `from` other than
 * the digits in `skip`; -1 if there is none. */
static inline int target_partner(const targets *t, const uint32_t *cand, const sdk_energy *e, sdk_rng *r,
                                 int box, int from, uint32_t skip)
{
    uint32_t m = cand[from] & ~skip;
    if (!m)
        return -1;
    int k = __builtin_popcount(m);
    if (k > 1)
        for (uint32_t i = rng_below_fast(r, (uint32_t)k); i > 0; i--)
            m &= m - 1;
    int d = __builtin_ctz(m) + 1;
    int c = t->where[box * t->stride + d];
    return e->cells[c] == d ? c : -1;
}

/* A candidate-keeping swap (a, b): 1, or 0 if the draw failed. */
static inline int target_swap(const targets *t, const uint32_t *cand, const sdk_energy *e, sdk_rng *r,
                              int *a, int *b)
{
    int x = t->move[t->nmove == 1 ? 0 : rng_below_fast(r, (uint32_t)t->nmove)];
    int y = target_partner(t, cand, e, r, t->box_of[x], x, 1u << (e->cells[x] - 1));
    if (y < 0 || !(cand[y] >> (e->cells[x] - 1) & 1u))
        return 0;
    *a = x;
    *b = y;
    return 1;
}

/* A candidate-keeping 3-cycle (a takes c's digit, b a's, c b's). */
static inline int target_cycle(const targets *t, const uint32_t *cand, const sdk_energy *e, sdk_rng *r,
                               int *a, int *b, int *c)
{
    int x = t->move[t->nmove == 1 ? 0 : rng_below_fast(r, (uint32_t)t->nmove)];
    int box = t->box_of[x];
    int z = target_partner(t, cand, e, r, box, x, 1u << (e->cells[x] - 1));
    if (z < 0)
        return 0;
    int y = target_partner(t, cand, e, r, box, z, 1u << (e->cells[z] - 1) | 1u << (e->cells[x] - 1));
    if (y < 0 || !(cand[y] >> (e->cells[x] - 1) & 1u))
        return 0;
    *a = x;
    *b = y;
    *c = z;
    return 1;
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

/* --propagate: a probe from the propagated puzzle (start, cand); 1 if it
 * completed the grid, which is then in state. */
static int probe(const sdk_board *b, const uint8_t *start, const uint32_t *cand, sdk_rng *r, sdk_stats *st,
                 uint8_t *state)
{
    uint32_t probed_cand[SDK_MAX_CELLS];
    memcpy(state, start, (size_t)b->ncells);
    memcpy(probed_cand, cand, sizeof(uint32_t) * (size_t)b->ncells);
    st->probes++;
    if (!sdk_propagate_probe(b, state, probed_cand, SDK_PROPAGATE_SINGLES, r))
        return 0;
    st->solved_by_probe = 1;
    return 1;
}

/* Lewis's T0: the spread (standard deviation) of the energy along a random
 * walk of swaps, every allowed one applied. */
static double initial_temperature(sdk_energy *e, unsigned kind, const boxmoves *bx,
                                  const uint32_t *cand, sdk_rng *r, sdk_stats *st)
{
    double sum = 0, sum2 = 0;
    for (int i = 0; i < T0_SAMPLE_MOVES; i++) {
        int a, b;
        boxmoves_swap(bx, r, &a, &b);
        st->nodes++;
        if (swap_allowed(cand, e, a, b)) {
            energy_swap(e, a, b);
            st->accepted++;
        }
        double E = (double)tracked(e, kind);
        sum += E;
        sum2 += E * E;
    }
    double mean = sum / T0_SAMPLE_MOVES, var = sum2 / T0_SAMPLE_MOVES - mean * mean;
    double sd = var > 0 ? sqrt(var) : 0;
    /* On a board of several grids (Samurai) the spread of the sum grows as
     * the square root of the grids while a move's ΔE does not: one grid's
     * share keeps T0 where a single grid starts (measured on the Samurai:
     * 4.9M -> 3.5M proposals, median of 10 seeds). */
    int grid_cells = e->board->n * e->board->n;
    if (e->board->ncells > grid_cells)
        sd *= sqrt((double)grid_cells / e->board->ncells);
    return sd > 1e-3 ? sd : 1.0;   /* a walk that never moves the energy: any T will do */
}

sdk_status blockswap_run(const sdk_board *b, const uint8_t *puzzle, const sdk_params *p, uint32_t seed,
                         unsigned kind, double fixed_T, uint8_t *solution, sdk_stats *st)
{
    chain_ctl ch;
    uint8_t start[SDK_MAX_CELLS], state[SDK_MAX_CELLS];
    if (!chain_begin(&ch, b, puzzle, p, st, start)) {
        chain_end(&ch);
        return SDK_UNSOLVABLE;
    }
    boxmoves bx;
    boxmoves_init(&bx, b, start);
    int nfree = 0;
    for (int c = 0; c < b->ncells; c++)
        nfree += !start[c];

    const uint32_t *cand = p->propagate ? ch.cand : NULL;
    /* Under --propagate (missing energy) every CYCLE_EVERY-th proposal is a
     * 3-cycle: with swaps only, the candidate-respecting fills of a box are
     * not all connected. */
    int cycles = cand && kind == SDK_ENERGY_MISSING && bx.ncycle > 0;
    sdk_rng rng;
    sdk_rng_seed(&rng, seed);
    if (!fill_start(b, start, cand, &rng, state)) {
        chain_end(&ch);
        return SDK_UNSOLVABLE;
    }
    sdk_energy e;
    targets tg = {0};
    if (!sdk_energy_init(&e, b, start, state, kind, 0) || (cand && !targets_init(&tg, b, start))) {
        sdk_energy_free(&e);
        chain_end(&ch);
        return SDK_TIMEOUT;
    }
    if (cand)
        targets_reset(&tg, b, state);
    /* A swap changes two rows and two columns by at most n-1 each (sort) or
     * 1 each (missing): 4n bounds every ΔE. */
    /* (a killer's cage term: up to 2n more for each of a 3-cycle's cells) */
    int kmax = 4 * b->n + (b->ncages ? 6 * b->n : 0);
    uint32_t accept[10 * SDK_MAX_N + 1];
    int schedule = !(fixed_T > 0);
    /* Lewis's (free cells)^2, but no more than n^2 proposals per free cell:
     * a board of several grids (Samurai) grows its chains with its free
     * cells, not their square (identical on every single-grid board). */
    long grid_cells = (long)b->n * b->n;
    long chain_length = p->chain > 0 ? p->chain : (long)nfree * (nfree < grid_cells ? nfree : grid_cells);
    double alpha = p->alpha > 0 && p->alpha <= 1 ? p->alpha : SDK_DEFAULT_ALPHA;
    int reheat = p->reheat > 0 ? p->reheat : SDK_DEFAULT_REHEAT;
    /* Under --propagate a run that stalls restarts from a fresh fill: the
     * pruned space is not connected under swaps (a box may need a 3-cycle
     * to reach its solution), so a run can be stuck for good.  Restarts are
     * then unlimited unless --restarts says otherwise. */
    uint64_t stall = cand ? PROPAGATE_STALL : 0;
    uint64_t probe_every = !cand ? 0 : p->probe_every >= 0 ? (uint64_t)p->probe_every : SDK_DEFAULT_PROBE_EVERY;
    uint64_t until_probe = probe_every;
    int runs = 1 + (p->restarts > 0 ? p->restarts : (cand && p->restarts < 0 ? INT_MAX - 1 : 0));
    long best = LONG_MAX;
    double T = fixed_T;
    sdk_status status = SDK_TIMEOUT;

    for (int run = 0; run < runs && !ch.stopped; run++) {
        if (run > 0) {
            fill_start(b, start, cand, &rng, state);   /* succeeded once: succeeds again */
            sdk_energy_reset(&e, state);
            if (cand)
                targets_reset(&tg, b, state);
            st->restarts++;
        }
        long E = tracked(&e, kind);
        if (E < best)
            best = E;
        if (bx.nboxes == 0)
            break;              /* every box is forced: the state is the only one */
        double T0 = schedule && E > 0 ? initial_temperature(&e, kind, &bx, cand, &rng, st) : 0;
        if (cand)
            targets_reset(&tg, b, e.cells);     /* the walk moved cells */
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
            if (st->nodes % CHAIN_POLL == 0 && chain_poll(&ch, (double)E, T))
                break;
            if (probe_every && --until_probe == 0) {
                until_probe = probe_every;
                if (probe(b, start, cand, &rng, st, state)) {
                    sdk_energy_reset(&e, state);
                    E = tracked(&e, kind);
                    break;
                }
            }
            st->nodes++;
            int x, y, z = -1;
            long delta;
            if (!cand) {
                boxmoves_swap(&bx, &rng, &x, &y);
                delta = swap_delta(&e, kind, x, y);
            } else if (cycles && (iter & (CYCLE_EVERY - 1)) == CYCLE_EVERY - 1) {
                delta = target_cycle(&tg, cand, &e, &rng, &x, &y, &z)
                            ? energy_missing_cycle3_delta(&e, x, y, z) : LONG_MAX;
            } else {
                delta = target_swap(&tg, cand, &e, &rng, &x, &y) ? swap_delta(&e, kind, x, y) : LONG_MAX;
            }
            if (delta <= 0 || (delta != LONG_MAX && sdk_rng_u32(&rng) < accept[delta])) {
                if (z >= 0)
                    energy_cycle3(&e, x, y, z);
                else
                    energy_swap_known(&e, x, y, delta);
                if (cand) {
                    targets_moved(&tg, &e, x);
                    targets_moved(&tg, &e, y);
                    if (z >= 0)
                        targets_moved(&tg, &e, z);
                }
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
    chain_trace(&ch, (double)E, T);
    sdk_status end = chain_end(&ch);
    sdk_energy_free(&e);
    free(tg.where);
    return status == SDK_SOLVED ? status : (bx.nboxes == 0 && !ch.stopped ? SDK_UNSOLVABLE : end);
}

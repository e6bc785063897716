/*
 * evolve.c -- `--method evolve`: James McCaffrey's combinatorial evolution
 * (MSDN Magazine, Nov 2016; SOURCES.md 003).
 *
 * A hive of organisms, each a box-permutation grid scored by the missing
 * digits of rows and columns (the energy core tracks each one).  90% are
 * workers: every epoch a worker proposes a swap in a box; it takes it if the
 * error drops, or anyway with probability 0.001; after more than 1000
 * rejections in a row (its age) it dies and a random organism replaces it.
 * The other 10% are explorers: every epoch each draws a fresh random grid.
 * Then the best worker and the best explorer make a child that takes each
 * box from one or the other with probability 0.5, and the child replaces the
 * worst worker.  An attempt lasts up to 5000 epochs; up to 20 restarts.
 *
 * The original's two bugs are not copied: its age reset compared the error
 * after overwriting it, so it never fired (here an improvement resets the
 * age), and it picked boxes with fewer than two free cells and threw (here
 * only boxes with a swappable pair are picked).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "boxmoves.h"
#include "chain.h"
#include "energy.h"

#define EVOLVE_WORKER_SHARE  0.9
#define EVOLVE_ACCEPT_WORSE  0.001      /* probability of taking a non-improving swap */
#define EVOLVE_MAX_AGE       1000       /* rejections in a row before a worker dies */
#define EVOLVE_TRACE_EVERY   10         /* epochs between trace rows */

typedef struct organism {
    sdk_energy e;
    int age;
} organism;

/* A fresh random box-permutation grid for organism o. */
static void organism_randomise(organism *o, const sdk_board *b, const uint8_t *start, sdk_rng *r)
{
    uint8_t state[SDK_MAX_CELLS];
    sdk_energy_fill_boxes(b, start, r, state);
    sdk_energy_reset(&o->e, state);
    o->age = 0;
}

/* Organisms [from, to) draw fresh grids; 0 if the budget ran out first.  The
 * budget is polled every EVOLVE_POLL organisms: a large hive on a large
 * board spends a second on a pass (100,000 organisms, 25x25). */
#define EVOLVE_POLL 64
static int hive_randomise(organism *hive, int from, int to, const sdk_board *b, const uint8_t *start,
                          sdk_rng *r, chain_ctl *ch)
{
    for (int i = from; i < to; i++) {
        if ((i - from) % EVOLVE_POLL == EVOLVE_POLL - 1 && chain_expired(ch))
            return 0;
        organism_randomise(&hive[i], b, start, r);
    }
    return 1;
}

sdk_status method_evolve(const sdk_board *b, const uint8_t *puzzle, const sdk_params *p,
                             uint32_t seed, uint8_t *solution, sdk_stats *st)
{
    chain_ctl ch;
    uint8_t start[SDK_MAX_CELLS];
    if (!chain_begin(&ch, b, puzzle, p, st, start)) {
        chain_end(&ch);
        return SDK_UNSOLVABLE;
    }
    boxmoves *bx = malloc(sizeof *bx);
    int population = p->population >= 2 ? p->population : SDK_DEFAULT_POPULATION;
    int workers = (int)(population * EVOLVE_WORKER_SHARE);
    if (workers < 1)
        workers = 1;
    if (workers >= population)
        workers = population - 1;   /* at least one explorer to merge with */
    int epochs = p->epochs > 0 ? p->epochs : SDK_DEFAULT_EPOCHS;
    int attempts = 1 + (p->restarts >= 0 ? p->restarts : SDK_DEFAULT_EVOLVE_RESTARTS);
    organism *hive = calloc((size_t)population, sizeof *hive);
    sdk_rng rng;
    sdk_rng_seed(&rng, seed);
    /* made: the organisms initialised, the only ones freed (touching the
     * rest of a large hive's zero pages would cost more than the run) */
    int ready = bx && hive, made = 0;
    for (; ready && made < population; made += ready)
        ready = (made % EVOLVE_POLL || !chain_expired(&ch)) &&
                sdk_energy_init(&hive[made].e, b, start, start, SDK_ENERGY_MISSING, 0);
    sdk_status status = SDK_TIMEOUT;
    long best = LONG_MAX, final = LONG_MAX;
    if (!ready)
        goto done;
    boxmoves_init(bx, b, start);
    const uint32_t accept_worse = (uint32_t)(EVOLVE_ACCEPT_WORSE * 4294967296.0);
    int winner = -1;

    for (int attempt = 0; attempt < attempts && winner < 0 && !ch.stopped; attempt++) {
        if (attempt > 0)
            st->restarts++;
        if (!hive_randomise(hive, 0, population, b, start, &rng, &ch))
            break;
        uint64_t proposals = 0;
        for (int epoch = 0; epoch < epochs && winner < 0; epoch++) {
            if (ch.max_iters && proposals >= ch.max_iters)
                break;
            long epoch_best = LONG_MAX;
            for (int i = 0; i < population; i++)
                if (hive[i].e.missing < epoch_best)
                    epoch_best = hive[i].e.missing;
            if (epoch_best == 0)
                break;
            if (epoch % EVOLVE_TRACE_EVERY == 0 ? chain_poll(&ch, (double)epoch_best, 0)
                                                : chain_expired(&ch))
                break;
            if (bx->nboxes == 0)
                break;              /* every box forced: nothing can move */
            for (int i = 0; i < workers; i++) {
                organism *o = &hive[i];
                int x, y;
                boxmoves_swap(bx, &rng, &x, &y);
                long delta = energy_missing_swap_delta(&o->e, x, y);
                st->nodes++;
                proposals++;
                if (delta < 0 || sdk_rng_u32(&rng) < accept_worse) {
                    energy_swap(&o->e, x, y);
                    st->accepted++;
                    if (delta < 0)
                        o->age = 0;
                } else if (++o->age > EVOLVE_MAX_AGE) {
                    organism_randomise(o, b, start, &rng);
                }
            }
            if (!hive_randomise(hive, workers, population, b, start, &rng, &ch))
                break;
            /* Merge: the best worker and the best explorer make a child that
             * replaces the worst worker. */
            int best_worker = 0, worst_worker = 0, best_explorer = workers;
            for (int i = 1; i < workers; i++) {
                if (hive[i].e.missing < hive[best_worker].e.missing)
                    best_worker = i;
                if (hive[i].e.missing > hive[worst_worker].e.missing)
                    worst_worker = i;
            }
            for (int i = workers + 1; i < population; i++)
                if (hive[i].e.missing < hive[best_explorer].e.missing)
                    best_explorer = i;
            if (worst_worker != best_worker) {
                uint8_t child[SDK_MAX_CELLS];
                memcpy(child, hive[best_worker].e.cells, (size_t)b->ncells);
                const uint8_t *explorer = hive[best_explorer].e.cells;
                for (int h = 0; h < b->nhouses; h++) {
                    if (b->house_kind[h] != SDK_HOUSE_BOX || sdk_rng_double(&rng) >= 0.5)
                        continue;
                    for (int i = 0; i < b->n; i++) {
                        int c = b->house_cells[h * b->n + i];
                        child[c] = explorer[c];
                    }
                }
                sdk_energy_reset(&hive[worst_worker].e, child);
                hive[worst_worker].age = 0;
            }
        }
        for (int i = 0; i < population; i++) {
            if (hive[i].e.missing < best)
                best = hive[i].e.missing;
            if (hive[i].e.missing == 0 && winner < 0)
                winner = i;
        }
    }
    final = LONG_MAX;
    for (int i = 0; i < population; i++)
        if (hive[i].e.missing < final)
            final = hive[i].e.missing;
    if (winner >= 0) {
        memcpy(solution, hive[winner].e.cells, (size_t)b->ncells);
        status = SDK_SOLVED;
    }
done:
    st->final_energy = final == LONG_MAX ? -1 : (double)final;
    st->best_energy = best == LONG_MAX ? -1 : (double)best;
    if (final != LONG_MAX)
        chain_trace(&ch, (double)final, 0);
    {
        sdk_status end = chain_end(&ch);
        if (status != SDK_SOLVED)
            status = (!ch.stopped && final > 0 && final != LONG_MAX && bx->nboxes == 0) ? SDK_UNSOLVABLE : end;
    }
    for (int i = 0; i < made; i++)
        sdk_energy_free(&hive[i].e);
    free(hive);
    free(bx);
    return status;
}

/*
 * remc.c -- `generate --hard`: Watanabe's replica exchange (004) on
 * H = -J U + h (clues), U = depth, then U = ln(normal width), for the
 * hardest puzzles by search-tree width.  The grid is fixed for a run
 * (grid.c); a removal is checked by the solver (sdk_removal_count, as the
 * default generator asks it) or by a figure the run remembers (puzzle_memo),
 * so every replica stays unique; the ratings come from rate.c.
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "generate.h"

/* Width stage: trial pairs (a removal, then an addition) per replica and
 * Monte Carlo step, as in Watanabe's program (github kaityo256/sudoku,
 * maker/searcher.cc).  The depth stage flips a uniform cell per step, as
 * the paper's text says: measured, that reaches depth > 8 about twice as
 * fast (median 4 s against 7 s over 8 seeds), while in the width stage the
 * pairs found wider puzzles (median width ~38k against ~25k, 4 seeds x
 * 30 s): on a sparse puzzle most uniform cells are blanks, and additions
 * each cost a tree walk and are nearly always rejected. */
enum { WIDTH_PAIRS = 10 };

typedef struct replica {
    uint8_t puzzle[SDK_MAX_CELLS];
    int clues;
    double U;                   /* depth, or ln(normal width) */
    uint64_t width;             /* normal width of puzzle (0 = not yet computed) */
} replica;

/*
 * The figures of the puzzles a run has met.  The grid is fixed for the run,
 * so a clue set names a puzzle; the chains keep proposing the same few
 * neighbours of their states (most proposals are rejected, and a flip back
 * returns to a puzzle seen before), and each figure is a pure function of
 * the puzzle, so remembering them changes nothing but the time.  A table of
 * PUZZLE_SLOTS direct-mapped slots: a newcomer takes the slot of its hash.
 */
enum { PUZZLE_SLOTS = 1 << 16 };

typedef struct puzzle_memo {
    int words, stride;          /* cell_set words in use; stride = words + 2 */
    uint64_t *slots;            /* per slot: the clue set, then the normal width
                                   (0 unknown, UINT64_MAX not unique), then depth + 1
                                   (0 unknown) */
} puzzle_memo;

/* The slot of clues, holding clues or another puzzle's figures. */
static uint64_t *puzzle_slot(const puzzle_memo *m, const cell_set *clues)
{
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (int k = 0; k < m->words; k++) {
        h ^= clues->w[k];
        h *= 0xbf58476d1ce4e5b9ull;
        h ^= h >> 31;
    }
    return m->slots + (size_t)(h & (PUZZLE_SLOTS - 1)) * (size_t)m->stride;
}

/* The figure `field` (0: width, 1: depth + 1) of clues, 0 if unknown. */
static uint64_t puzzle_recall(const puzzle_memo *m, const cell_set *clues, int field)
{
    const uint64_t *slot = puzzle_slot(m, clues);
    if (memcmp(slot, clues->w, sizeof(uint64_t) * (size_t)m->words) != 0)
        return 0;
    return slot[m->words + field];
}

static void puzzle_learn(puzzle_memo *m, const cell_set *clues, int field, uint64_t value)
{
    uint64_t *slot = puzzle_slot(m, clues);
    if (memcmp(slot, clues->w, sizeof(uint64_t) * (size_t)m->words) != 0) {
        memcpy(slot, clues->w, sizeof(uint64_t) * (size_t)m->words);
        slot[m->words] = slot[m->words + 1] = 0;
    }
    slot[m->words + field] = value;
}

typedef struct remc_run {
    const sdk_board *b;
    const sdk_gen_params *g;
    uint32_t seed;
    int count, found, first;
    sdk_gen_result *best;       /* count slots, best first */
    const sdk_budget *budget;
    uint64_t steps;
    double deepest;             /* the depth stage's best depth so far */
    puzzle_memo memo;
    uint8_t grid[SDK_MAX_CELLS];
    sdk_rng rng;
} remc_run;

static double energy(const sdk_gen_params *g, double U, int clues)
{
    return -g->J * U + g->h * clues;
}

/* Keeps the `count` lowest-energy distinct puzzles (width energy). */
static void remember(remc_run *run, const replica *r)
{
    double e = energy(run->g, log((double)r->width), r->clues);
    if (run->found == run->count && e >= run->best[run->found - 1].energy)
        return;
    for (int i = 0; i < run->found; i++)
        if (memcmp(run->best[i].puzzle, r->puzzle, (size_t)run->b->ncells) == 0)
            return;
    int at = run->found < run->count ? run->found++ : run->found - 1;
    while (at > 0 && run->best[at - 1].energy > e) {
        run->best[at] = run->best[at - 1];
        at--;
    }
    sdk_gen_result *slot = &run->best[at];
    memcpy(slot->puzzle, r->puzzle, (size_t)run->b->ncells);
    slot->clues = r->clues;
    slot->normal_width = r->width;
    slot->energy = e;
}

static void clue_set_of(const sdk_board *b, const uint8_t *puzzle, cell_set *clues)
{
    memset(clues, 0, sizeof *clues);
    for (int c = 0; c < b->ncells; c++)
        if (puzzle[c])
            set_flip(clues, c);
}

/* Does puzzle (a clue set of the run's grid, a unique one without the clue
 * at cell `removed`) have one solution? */
static int remc_unique(remc_run *run, uint8_t *puzzle, const cell_set *clues, int removed)
{
    uint64_t width = puzzle_recall(&run->memo, clues, 0);
    if (width || puzzle_recall(&run->memo, clues, 1))
        return width != UINT64_MAX;
    uint8_t other[SDK_MAX_CELLS];
    if (sdk_removal_count(run->b, puzzle, &removed, 1, run->grid, other) == 1)
        return 1;
    puzzle_learn(&run->memo, clues, 0, UINT64_MAX);
    return 0;
}

/* The normal width of a unique puzzle; 0 if the budget stopped the walk
 * (one walk can take seconds: the budget reaches into it). */
static uint64_t remc_width(remc_run *run, const uint8_t *puzzle, const cell_set *clues)
{
    uint64_t width = puzzle_recall(&run->memo, clues, 0);
    if (!width) {
        width = sdk_rate_width(run->b, puzzle, NULL, NULL, run->budget);
        if (width)
            puzzle_learn(&run->memo, clues, 0, width);
    }
    return width;
}

/* Internal energy of a unique puzzle for the stage: the depth (then *width
 * is left 0: the depth stage does not need the tree walk, which costs far
 * more), or ln(normal width).  -1 if the budget stopped it. */
static double internal_energy(remc_run *run, const uint8_t *puzzle, int depth_stage, uint64_t *width)
{
    cell_set clues;
    clue_set_of(run->b, puzzle, &clues);
    *width = 0;
    if (depth_stage) {
        uint64_t depth = puzzle_recall(&run->memo, &clues, 1);
        if (!depth) {
            int d = sdk_rate_depth(run->b, puzzle, run->grid, -1, run->budget);
            if (d < 0)
                return -1;
            depth = (uint64_t)d + 1;
            puzzle_learn(&run->memo, &clues, 1, depth);
        }
        return (double)(depth - 1);
    }
    *width = remc_width(run, puzzle, &clues);
    return *width ? log((double)*width) : -1;
}

/* Fills in r's normal width if the depth stage left it out; 0 if the budget
 * stopped the walk. */
static int ensure_width(remc_run *run, replica *r)
{
    if (!r->width) {
        cell_set clues;
        clue_set_of(run->b, r->puzzle, &clues);
        r->width = remc_width(run, r->puzzle, &clues);
    }
    return r->width != 0;
}

/* One Metropolis trial on replica r at inverse temperature beta: flip cell
 * c (a clue goes, or a blank gets its clue back), rejecting removals that
 * lose uniqueness. */
static void trial(remc_run *run, replica *r, double beta, int depth_stage, int c)
{
    int removing = r->puzzle[c] != 0;
    r->puzzle[c] = removing ? 0 : run->grid[c];
    int clues = r->clues + (removing ? -1 : 1);
    cell_set clues_after;
    clue_set_of(run->b, r->puzzle, &clues_after);
    if (removing && !remc_unique(run, r->puzzle, &clues_after, c)) {
        r->puzzle[c] = run->grid[c];
        return;
    }
    uint64_t width;
    double U = internal_energy(run, r->puzzle, depth_stage, &width);
    if (U < 0) {                /* out of time: undo the flip */
        r->puzzle[c] = removing ? run->grid[c] : 0;
        return;
    }
    double dH = energy(run->g, U, clues) - energy(run->g, r->U, r->clues);
    if (dH <= 0 || sdk_rng_double(&run->rng) < exp(-beta * dH)) {
        /* The depth stage keeps (and walks the tree of) only puzzles deeper
         * than any before: the output, should the width stage never start. */
        int record = !depth_stage || U > run->deepest;
        r->U = U;
        r->clues = clues;
        r->width = width;
        if (record && ensure_width(run, r))
            remember(run, r);
        if (depth_stage && U > run->deepest)
            run->deepest = U;
    } else {
        r->puzzle[c] = removing ? run->grid[c] : 0;
    }
}

/* The index-th (0-based, row-major) clue of puzzle, or blank if !clue. */
static int nth_cell(const sdk_board *b, const uint8_t *puzzle, int clue, int index)
{
    for (int c = 0; c < b->ncells; c++)
        if ((puzzle[c] != 0) == clue && index-- == 0)
            return c;
    return -1;
}

/* One width-stage Monte Carlo step of replica r, as Watanabe's program does
 * it: WIDTH_PAIRS times, a trial removal of a uniformly chosen clue, then a
 * trial return of a uniformly chosen blank. */
static void width_step(remc_run *run, replica *r, double beta)
{
    int nc = run->b->ncells;
    for (int i = 0; i < WIDTH_PAIRS; i++) {
        if (r->clues > 0)
            trial(run, r, beta, 0,
                  nth_cell(run->b, r->puzzle, 1, (int)sdk_rng_below(&run->rng, (uint32_t)r->clues)));
        if (r->clues < nc)
            trial(run, r, beta, 0,
                  nth_cell(run->b, r->puzzle, 0, (int)sdk_rng_below(&run->rng, (uint32_t)(nc - r->clues))));
    }
}

/* Replica exchange between neighbours m and m + 1, accepted with
 * min(1, exp((beta_m - beta_m+1)(H_m - H_m+1))). */
static void exchange(remc_run *run, replica *rep, const double *beta, uint64_t *swaps, int m)
{
    const sdk_gen_params *g = run->g;
    double d = (beta[m] - beta[m + 1]) *
               (energy(g, rep[m].U, rep[m].clues) - energy(g, rep[m + 1].U, rep[m + 1].clues));
    if (d >= 0 || sdk_rng_double(&run->rng) < exp(d)) {
        replica t = rep[m];
        rep[m] = rep[m + 1];
        rep[m + 1] = t;
        swaps[m]++;
    }
}

static int run_over(remc_run *run)
{
    if (run->g->max_steps && run->steps >= run->g->max_steps)
        return 1;
    return sdk_budget_expired(run->budget);     /* cheap next to a step's tree walks */
}

static void report(remc_run *run, int stage)
{
    if (run->first && run->g->progress && run->found)
        run->g->progress(run->g->progress_ctx, run->steps, stage, run->best[0].energy,
                         run->best[0].normal_width);
}

static void *remc_thread(void *arg)
{
    remc_run *run = arg;
    const sdk_gen_params *g = run->g;
    const sdk_board *b = run->b;
    sdk_rng_seed(&run->rng, run->seed);
    if (sdk_generate_grid(b, g, sdk_rng_u32(&run->rng), run->grid, run->budget) != SDK_SOLVED)
        return NULL;
    int M = g->replicas > 0 ? g->replicas : 1;
    replica *rep = malloc(sizeof(replica) * (size_t)M);
    double *beta = malloc(sizeof(double) * (size_t)M);
    uint64_t *swaps = calloc((size_t)M, sizeof(uint64_t));
    run->memo.words = (b->ncells + 63) / 64;
    run->memo.stride = run->memo.words + 2;
    run->memo.slots = calloc((size_t)PUZZLE_SLOTS * (size_t)run->memo.stride, sizeof(uint64_t));
    if (!rep || !beta || !swaps || !run->memo.slots)
        goto done;

    /* Depth stage: one chain from the full grid (all clues) at depth_beta. */
    replica *r = &rep[0];
    memcpy(r->puzzle, run->grid, (size_t)b->ncells);
    r->clues = b->ncells;
    r->U = run->deepest = internal_energy(run, r->puzzle, 1, &r->width);
    if (ensure_width(run, r))
        remember(run, r);
    while (r->U < g->depth_goal && !run_over(run)) {
        trial(run, r, g->depth_beta, 1, (int)sdk_rng_below(&run->rng, (uint32_t)b->ncells));
        run->steps++;
        if ((run->steps & 255) == 0)
            report(run, 1);
    }

    /* Width stage: M replicas from the depth stage's puzzle, betas evenly
     * spaced from beta_min (fixed) to beta_max, then adapted every N_s steps. */
    if (!ensure_width(run, r))
        goto done;              /* out of time */
    r->U = log((double)r->width);
    remember(run, r);
    for (int m = 0; m < M; m++) {
        rep[m] = *r;
        beta[m] = M > 1 ? g->beta_min + (g->beta_max - g->beta_min) * m / (M - 1) : g->beta_max;
    }
    int Ns = g->exchange_steps > 0 ? g->exchange_steps : 100;
    for (uint64_t step = 1; !run_over(run); step++, run->steps++) {
        for (int m = 0; m < M; m++)
            width_step(run, &rep[m], beta[m]);
        /* Exchanges: the even pairs, then the odd ones (as the reference). */
        for (int m = 0; m + 1 < M; m += 2)
            exchange(run, rep, beta, swaps, m);
        for (int m = 1; m + 1 < M; m += 2)
            exchange(run, rep, beta, swaps, m);
        if (step % (uint64_t)Ns == 0) {
            /* beta_m <- beta_{m-1} + max(p, 1/N_s)/p-bar (beta_m - beta_{m-1}), with p
             * the exchange acceptance of the pair (m-1, m) over the last N_s steps.
             * Capped so a gap that keeps widening cannot overflow. */
            double prev_old = beta[0];
            for (int m = 1; m < M; m++) {
                double p = (double)swaps[m - 1] / Ns;
                double c = (p > 1.0 / Ns ? p : 1.0 / Ns) / g->target_accept;
                double old = beta[m];
                beta[m] = beta[m - 1] + c * (old - prev_old);
                if (beta[m] > 1e3)
                    beta[m] = 1e3;
                prev_old = old;
            }
            memset(swaps, 0, sizeof(uint64_t) * (size_t)M);
        }
        if (step % 8 == 0)
            report(run, 2);     /* a width-stage step can take a second */
    }
done:
    free(rep);
    free(beta);
    free(swaps);
    free(run->memo.slots);
    return NULL;
}

int sdk_generate_remc(const sdk_board *b, const sdk_gen_params *g, uint32_t seed, int count,
                      sdk_gen_result *best, const sdk_budget *budget, uint64_t *steps)
{
    int runs = g->runs > 0 ? g->runs : 1;
    remc_run *run = calloc((size_t)runs, sizeof *run);
    sdk_gen_result *pool = calloc((size_t)runs * (size_t)count, sizeof *pool);
    pthread_t *threads = calloc((size_t)runs, sizeof *threads);
    int found = 0;
    if (!run || !pool || !threads || count < 1)
        goto done;
    for (int i = 0; i < runs; i++) {
        run[i] = (remc_run){.b = b, .g = g, .count = count, .first = i == 0, .budget = budget,
                            .best = pool + (size_t)i * count,
                            .seed = runs == 1 ? seed : sdk_rng_derive(seed, (uint64_t)i)};
    }
    /* Runs 1.. get threads; run 0 (the one that reports progress) runs here. */
    int *threaded = calloc((size_t)runs, sizeof(int));
    for (int i = 1; threaded && i < runs; i++)
        threaded[i] = pthread_create(&threads[i], NULL, remc_thread, &run[i]) == 0;
    remc_thread(&run[0]);
    for (int i = 1; i < runs; i++) {
        if (threaded && threaded[i])
            pthread_join(threads[i], NULL);
        else
            remc_thread(&run[i]);       /* no thread: run it here */
    }
    free(threaded);
    /* Merge: the `count` best distinct over every run, in run order on ties. */
    uint64_t total = 0;
    for (int i = 0; i < runs; i++) {
        total += run[i].steps;
        for (int k = 0; k < run[i].found; k++) {
            remc_run merged = {.b = b, .g = g, .count = count, .best = best, .found = found};
            replica rr;
            memcpy(rr.puzzle, run[i].best[k].puzzle, (size_t)b->ncells);
            rr.clues = run[i].best[k].clues;
            rr.width = run[i].best[k].normal_width;
            remember(&merged, &rr);
            found = merged.found;
        }
    }
    if (steps)
        *steps = total;
done:
    free(run);
    free(pool);
    free(threads);
    return found;
}

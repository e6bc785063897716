/*
 * generate.c -- making puzzles with exactly one solution, two ways:
 *
 *   metropolis  C. D. Howard's two stages (000 section 13): a full grid from
 *               the single-site chain, then Metropolis on the set of clues.
 *   remc        Watanabe's replica exchange (004) on H = -J U + h (clues),
 *               U = depth, then U = ln(normal width), for the hardest
 *               puzzles by search-tree width.
 *
 * Every removal of a clue is checked with the exact solver (limit 2), so the
 * clue set stays unique at every step; the ratings come from rate.c.  All
 * randomness is our MT19937, seeded from the caller's seed.
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "sudoku.h"

void sdk_generate_defaults(sdk_gen_params *g)
{
    memset(g, 0, sizeof *g);
    g->target_clues = 30;
    g->symmetry = SDK_SYM_ROTATE180;
    g->grid_T = 0.2;
    g->clue_T = 0.542;
    g->J = 100;
    g->h = 1;
    g->depth_beta = 0.05;
    g->depth_goal = 9;
    g->replicas = 10;
    g->beta_min = 0.01;
    g->beta_max = 0.05;
    g->target_accept = 0.8;
    g->exchange_steps = 100;
    g->runs = 1;
}

static int is_unique(const sdk_board *b, const uint8_t *puzzle)
{
    sdk_status status;
    return sdk_exact_count(b, puzzle, 2, NULL, NULL, NULL, &status) == 1;
}

/* ---- full grids ---------------------------------------------------------- */

/* Shuffles groups of `size` consecutive lines (rows if by_row) within each
 * group, then the groups themselves: a solved grid stays solved. */
static void shuffle_lines(const sdk_board *b, uint8_t *grid, int size, int by_row, sdk_rng *rng)
{
    int n = b->n;
    uint8_t order[SDK_MAX_N], groups[SDK_MAX_N];
    for (int gi = 0; gi < n / size; gi++)
        groups[gi] = (uint8_t)gi;
    sdk_rng_shuffle_u8(rng, groups, n / size);
    for (int gi = 0; gi < n / size; gi++) {
        uint8_t within[SDK_MAX_N];
        for (int k = 0; k < size; k++)
            within[k] = (uint8_t)k;
        sdk_rng_shuffle_u8(rng, within, size);
        for (int k = 0; k < size; k++)
            order[gi * size + k] = (uint8_t)(groups[gi] * size + within[k]);
    }
    uint8_t copy[SDK_MAX_CELLS];
    memcpy(copy, grid, (size_t)b->ncells);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int from = by_row ? order[i] * n + j : i * n + order[j];
            grid[i * n + j] = copy[from];
        }
}

/* Fallback: boxes on the diagonal (no shared row or column) get random
 * permutations, the exact solver completes the grid, then rows and columns
 * are shuffled within bands and stacks, and bands and stacks themselves. */
static sdk_status grid_by_exact(const sdk_board *b, sdk_rng *rng, uint8_t *grid, const sdk_budget *budget)
{
    int n = b->n, br = b->box_rows, bc = b->box_cols;
    uint8_t start[SDK_MAX_CELLS] = {0}, digits[SDK_MAX_N];
    int diagonal = n / br < n / bc ? n / br : n / bc;
    for (int k = 0; k < diagonal; k++) {
        for (int d = 0; d < n; d++)
            digits[d] = (uint8_t)(d + 1);
        sdk_rng_shuffle_u8(rng, digits, n);
        for (int i = 0; i < n; i++)
            start[(k * br + i / bc) * n + k * bc + i % bc] = digits[i];
    }
    sdk_status status;
    if (sdk_exact_count(b, start, 1, grid, NULL, budget, &status) != 1)
        return status == SDK_SOLVED ? SDK_UNSOLVABLE : status;
    shuffle_lines(b, grid, br, 1, rng);
    shuffle_lines(b, grid, bc, 0, rng);
    return SDK_SOLVED;
}

sdk_status sdk_generate_grid(const sdk_board *b, const sdk_gen_params *g, uint32_t seed,
                             uint8_t *grid, const sdk_budget *budget)
{
    const sdk_method *chain = sdk_method_find("metropolis");
    if (chain && b->n <= 9) {
        sdk_params p;
        sdk_params_defaults(&p);
        p.T = g->grid_T;
        p.clue_weight = 1;        /* no clues: every pair weighs 1 */
        p.interrupt = budget ? budget->interrupt : NULL;
        p.time_limit = 10;        /* a 9x9 grid takes about a millisecond */
        uint8_t empty[SDK_MAX_CELLS] = {0};
        sdk_stats st;
        sdk_status status = sdk_method_solve(chain, b, empty, &p, seed, grid, &st);
        if (status == SDK_SOLVED || status == SDK_INTERRUPTED)
            return status;
    }
    sdk_rng rng;
    sdk_rng_seed(&rng, seed);
    return grid_by_exact(b, &rng, grid, budget);
}

/* ---- symmetry orbits ----------------------------------------------------- */

/* The cells that move with cell c under symmetry s (c first); returns how many. */
static int orbit_of(const sdk_board *b, sdk_symmetry s, int c, int *cells)
{
    int n = b->n, r = c / n, col = c % n, count = 0;
    int image[4] = {c, c, c, c};
    switch (s) {
    case SDK_SYM_NONE:
        break;
    case SDK_SYM_ROTATE180:
        image[1] = (n - 1 - r) * n + (n - 1 - col);
        break;
    case SDK_SYM_ROTATE90:
        image[1] = col * n + (n - 1 - r);
        image[2] = (n - 1 - r) * n + (n - 1 - col);
        image[3] = (n - 1 - col) * n + r;
        break;
    case SDK_SYM_MIRROR:
        image[1] = r * n + (n - 1 - col);
        break;
    }
    for (int i = 0; i < 4; i++) {
        int dup = 0;
        for (int k = 0; k < count; k++)
            dup |= cells[k] == image[i];
        if (!dup)
            cells[count++] = image[i];
    }
    return count;
}

/* The largest clue count <= target that whole orbits can make. */
static int reachable_target(const sdk_board *b, sdk_symmetry s, int target)
{
    int size_count[5] = {0}, seen[SDK_MAX_CELLS] = {0}, cells[4];   /* orbits have 1, 2 or 4 cells */
    for (int c = 0; c < b->ncells; c++) {
        if (seen[c])
            continue;
        int k = orbit_of(b, s, c, cells);
        for (int i = 0; i < k; i++)
            seen[cells[i]] = 1;
        size_count[k]++;
    }
    for (int t = target; t > 0; t--)
        for (int fours = 0; fours <= size_count[4] && 4 * fours <= t; fours++)
            for (int twos = 0; twos <= size_count[2] && 4 * fours + 2 * twos <= t; twos++) {
                int ones = t - 4 * fours - 2 * twos;
                if (ones <= size_count[1])
                    return t;
            }
    return 0;
}

/* ---- stage 2 of 000: Metropolis on the clue set --------------------------- */

sdk_status sdk_generate_metropolis(const sdk_board *b, const sdk_gen_params *g, uint32_t seed,
                                   uint8_t *puzzle, uint8_t *solution, const sdk_budget *budget)
{
    int nc = b->ncells;
    int target = reachable_target(b, g->symmetry, g->target_clues);
    /* Additions of 1, 2 or 4 clues are accepted with exp(-size / T). */
    double accept_add[5];
    for (int k = 0; k <= 4; k++)
        accept_add[k] = exp(-k / g->clue_T);
    sdk_rng rng;
    sdk_rng_seed(&rng, seed);
    uint8_t grid[SDK_MAX_CELLS];
    /* A chain that wanders this long without reaching the target starts over
     * from a new grid (low targets can be unreachable from some grids). */
    const uint64_t patience = 1000 * (uint64_t)nc;
    for (uint32_t attempt = 0;; attempt++) {
        if (attempt == 50)
            return SDK_UNSOLVABLE;   /* this target is out of reach (e.g. too few clues) */
        sdk_status status = sdk_generate_grid(b, g, sdk_rng_u32(&rng), grid, budget);
        if (status != SDK_SOLVED)
            return status;
        memcpy(puzzle, grid, (size_t)nc);
        int clues = nc;
        /* stuck[c]: removing c's orbit was tried and left several solutions.
         * Removing clues never restores uniqueness, so the mark holds until a
         * clue is added; a marked orbit is rejected without asking the solver
         * again (the chain itself is unchanged, only cheaper). */
        uint8_t stuck[SDK_MAX_CELLS] = {0};
        for (uint64_t step = 0; clues > target && step < patience; step++) {
            if ((step & 255) == 0 && sdk_budget_expired(budget))
                return budget->interrupt && *budget->interrupt ? SDK_INTERRUPTED : SDK_TIMEOUT;
            int cells[4];
            int k = orbit_of(b, g->symmetry, (int)sdk_rng_below(&rng, (uint32_t)nc), cells);
            if (puzzle[cells[0]]) {
                if (clues - k < target || stuck[cells[0]])
                    continue;      /* would overshoot the target, or known to fail */
                for (int i = 0; i < k; i++)
                    puzzle[cells[i]] = 0;
                if (is_unique(b, puzzle)) {
                    clues -= k;
                } else {
                    for (int i = 0; i < k; i++) {
                        puzzle[cells[i]] = grid[cells[i]];
                        stuck[cells[i]] = 1;
                    }
                }
            } else if (sdk_rng_double(&rng) < accept_add[k]) {
                for (int i = 0; i < k; i++)
                    puzzle[cells[i]] = grid[cells[i]];
                clues += k;
                memset(stuck, 0, (size_t)nc);
            }
        }
        if (clues <= target)
            break;
    }
    if (solution)
        memcpy(solution, grid, (size_t)nc);
    return SDK_SOLVED;
}

/* ---- 004: replica exchange ------------------------------------------------ */

typedef struct replica {
    uint8_t puzzle[SDK_MAX_CELLS];
    int clues;
    double U;                   /* depth, or ln(normal width) */
    uint64_t width;             /* normal width of puzzle (0 = not yet computed) */
} replica;

typedef struct remc_run {
    const sdk_board *b;
    const sdk_gen_params *g;
    uint32_t seed;
    int count, found, first;
    sdk_gen_result *best;       /* count slots, best first */
    const sdk_budget *budget;
    uint64_t steps;
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

/* Internal energy of a unique puzzle for the stage. */
static double internal_energy(remc_run *run, const uint8_t *puzzle, int depth_stage, uint64_t *width)
{
    /* The budget reaches into the tree walks: one width can take seconds. */
    *width = sdk_rate_width(run->b, puzzle, NULL, NULL, run->budget);
    if (*width == 0)
        return -1;              /* stopped by the budget */
    if (depth_stage)
        return sdk_rate_depth(run->b, puzzle, run->grid, -1, run->budget);
    return log((double)*width);
}

/* One Metropolis trial on replica r at inverse temperature beta: flip one
 * uniformly chosen cell's clue, rejecting removals that lose uniqueness. */
static void trial(remc_run *run, replica *r, double beta, int depth_stage)
{
    int c = (int)sdk_rng_below(&run->rng, (uint32_t)run->b->ncells);
    int removing = r->puzzle[c] != 0;
    r->puzzle[c] = removing ? 0 : run->grid[c];
    int clues = r->clues + (removing ? -1 : 1);
    if (removing && !is_unique(run->b, r->puzzle)) {
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
        r->U = U;
        r->clues = clues;
        r->width = width;
        remember(run, r);
    } else {
        r->puzzle[c] = removing ? run->grid[c] : 0;
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
    if (!rep || !beta || !swaps)
        goto done;

    /* Depth stage: one chain from the full grid (all clues) at depth_beta. */
    replica *r = &rep[0];
    memcpy(r->puzzle, run->grid, (size_t)b->ncells);
    r->clues = b->ncells;
    r->U = internal_energy(run, r->puzzle, 1, &r->width);
    remember(run, r);
    while (r->U < g->depth_goal && !run_over(run)) {
        trial(run, r, g->depth_beta, 1);
        run->steps++;
        if ((run->steps & 255) == 0)
            report(run, 1);
    }

    /* Width stage: M replicas from the depth stage's puzzle, betas evenly
     * spaced from beta_min (fixed) to beta_max, then adapted every N_s steps. */
    r->U = log((double)r->width);
    for (int m = 0; m < M; m++) {
        rep[m] = *r;
        beta[m] = M > 1 ? g->beta_min + (g->beta_max - g->beta_min) * m / (M - 1) : g->beta_max;
    }
    int Ns = g->exchange_steps > 0 ? g->exchange_steps : 100;
    for (uint64_t step = 1; !run_over(run); step++, run->steps++) {
        for (int m = 0; m < M; m++)
            trial(run, &rep[m], beta[m], 0);
        /* Exchange neighbours with probability min(1, exp(dbeta dH)). */
        for (int m = 0; m + 1 < M; m++) {
            double d = (beta[m] - beta[m + 1]) * (energy(g, rep[m].U, rep[m].clues) -
                                                   energy(g, rep[m + 1].U, rep[m + 1].clues));
            if (d >= 0 || sdk_rng_double(&run->rng) < exp(d)) {
                replica t = rep[m];
                rep[m] = rep[m + 1];
                rep[m + 1] = t;
                swaps[m]++;
            }
        }
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
            report(run, 2);
        }
    }
done:
    free(rep);
    free(beta);
    free(swaps);
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
    for (int i = 1; i < runs; i++)
        threaded[i] = threaded && pthread_create(&threads[i], NULL, remc_thread, &run[i]) == 0;
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

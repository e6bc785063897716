/*
 * neighbour.c -- `generate --hard --from FILE` (and --pattern with --hard):
 * a neighbourhood search for puzzles of high Sudoku Explainer rating, from
 * seeds that are already hard, as the forum's {-n+m} searches do.
 *
 * A run (one a thread) keeps a pool of the best puzzles it has met, the
 * seeds first.  A step draws a pool puzzle (biased to the best), blanks 1..n
 * of its clues and fills 1..m blank cells with the digits of a random
 * solution of what is left (neighbour.h: a relocation of a clue is the
 * {-1+1} case); a candidate that has one solution (the exact solver), is
 * minimal (unless asked not to be) and was not met before is rated
 * (sdk_human_rate) and joins the pool if it beats the pool's worst.  The
 * pool is an elitist (mu + lambda) selection rather than the replica
 * exchange of remc.c: a rating of an ER 11 puzzle costs about a second,
 * where remc's width steps make thousands of trials (docs/generate-hard.md).
 *
 * From scratch (no seeds, --immigrants), the pools are random minimal
 * puzzles, by default with a planted tridagon (tridagon.c).
 *
 * The energy is --hard's `er` objective, H = -J ln(exp(2 (ER + EP/100))) +
 * h (clues): ER first, EP then fewer clues as tie-breaks.  What a run
 * prints is new: a puzzle whose minlex form (src/canon) is a seed's or a
 * known puzzle's (--known) is never among the best, and the best are
 * distinct up to isomorphism.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "neighbour.h"
#include "tridagon.h"
#include "../board/pool.h"

/* ---- moves (neighbour.h) ------------------------------------------------------ */

int nb_random_solution(sdk_rng *rng, const uint8_t *puzzle, uint8_t *out, const sdk_budget *budget)
{
    sdk_transform m, back;
    uint8_t iso[81], solved[81];
    sdk_transform_random(rng, &m);
    sdk_transform_apply(&m, puzzle, iso);
    sdk_status status;
    if (sdk_exact_count(sdk_board_cached(3, 3), iso, 1, solved, NULL, budget, &status) != 1)
        return 0;
    sdk_transform_invert(&m, &back);
    sdk_transform_apply(&back, solved, out);
    return 1;
}

int nb_draw_cells(sdk_rng *rng, const uint8_t *puzzle, int want, const uint8_t *allowed, int k, int *cells)
{
    int pool[81], n = 0;
    for (int c = 0; c < 81; c++)
        if ((puzzle[c] != 0) == want && (!allowed || allowed[c]))
            pool[n++] = c;
    int got = k < n ? k : n;
    for (int i = 0; i < got; i++) {     /* a partial Fisher-Yates shuffle */
        int j = i + (int)sdk_rng_below(rng, (uint32_t)(n - i));
        int t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
        cells[i] = pool[i];
    }
    return got;
}

int nb_is_minimal(const sdk_board *b, const uint8_t *puzzle, const uint8_t *grid, const sdk_budget *budget)
{
    uint8_t less[SDK_MAX_CELLS];
    memcpy(less, puzzle, (size_t)b->ncells);
    for (int c = 0; c < b->ncells; c++) {
        if (!puzzle[c])
            continue;
        less[c] = 0;
        /* another solution of the puzzle without c differs from grid at c */
        int other = sdk_exact_differs(b, less, grid, &c, 1, NULL, budget);
        less[c] = puzzle[c];
        if (other <= 0)
            return other;
    }
    return 1;
}

int nb_minimise(const sdk_board *b, sdk_rng *rng, uint8_t *puzzle, const uint8_t *grid,
                int (*holds)(const void *ctx, const uint8_t *puzzle), const void *ctx, const sdk_budget *budget)
{
    int order[81], n = nb_draw_cells(rng, puzzle, 1, NULL, 81, order);
    for (int i = 0; i < n; i++) {
        int c = order[i];
        puzzle[c] = 0;
        int other = sdk_exact_differs(b, puzzle, grid, &c, 1, NULL, budget);
        if (other < 0)
            return 0;
        if (other || (holds && !holds(ctx, puzzle)))
            puzzle[c] = grid[c];
    }
    return 1;
}

/* ---- a run ----------------------------------------------------------------------- */

/* The pool a run moves from, and the table of puzzles it has met (a hash
 * each: a collision only skips a candidate). */
enum { POOL = 12, SEEN_SLOTS = 1 << 18 };

typedef struct nb_item {
    uint8_t puzzle[81], grid[81];
    double energy;
} nb_item;

typedef struct nb_run {
    const sdk_board *b;
    const sdk_gen_params *g;
    const sdk_nb_params *nb;
    const uint8_t (*seeds)[81];
    int nseeds, index, runs;
    int keep_seeds;                     /* the seeds may be printed (from scratch) */
    const uint8_t (*forms)[81];         /* the seeds' minlex forms, sorted */
    uint32_t seed;
    const sdk_budget *budget;
    int count, found;
    sdk_nb_result *best;                /* count slots, best first */
    uint8_t (*best_form)[81];
    nb_item pool[POOL];
    int npool;
    uint64_t improved_at, restarts;     /* ratings when the pool's best last improved; pools begun */
    uint64_t *seen;
    uint64_t steps, rated;
    sdk_rng rng;
} nb_run;

static uint64_t puzzle_hash(const uint8_t *puzzle)
{
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (int c = 0; c < 81; c++) {
        h ^= puzzle[c];
        h *= 0xbf58476d1ce4e5b9ull;
        h ^= h >> 29;
    }
    return h | 1;                       /* 0 marks an empty slot */
}

/* 1 if puzzle was met before; else it is now. */
static int seen_before(nb_run *run, const uint8_t *puzzle)
{
    uint64_t h = puzzle_hash(puzzle);
    for (uint64_t i = h;; i++) {
        uint64_t *slot = &run->seen[i & (SEEN_SLOTS - 1)];
        if (*slot == h)
            return 1;
        if (!*slot) {
            *slot = h;
            return 0;
        }
    }
}

static int nb_run_over(const nb_run *run)
{
    return (run->g->max_steps && run->steps >= run->g->max_steps) || sdk_budget_expired(run->budget);
}

static int form_cmp(const void *a, const void *b)
{
    return memcmp(a, b, 81);
}

/* The `er` objective's energy of a rated puzzle (remc.c's, from
 * sdk_human_figure's exp(2 (ER + EP/100))). */
static double rating_energy(const sdk_gen_params *g, const sdk_human_rating *r, int clues)
{
    double er = r->solved ? fmin(r->er, 15) : 0, ep = r->solved ? fmin(r->ep, 15) : 0;
    return -g->J * 2.0 * (er + ep / 100) + g->h * clues;
}

/* Keeps the `count` lowest-energy results distinct by minlex form: of two
 * isomorphs, the better (in run order on ties). */
static void offer_as(nb_run *run, const sdk_nb_result *r, const uint8_t *form)
{
    int at = run->found;
    for (int i = 0; i < run->found; i++)
        if (memcmp(run->best_form[i], form, 81) == 0) {
            if (r->gen.energy >= run->best[i].gen.energy)
                return;
            at = i;
            break;
        }
    if (at == run->found) {
        if (run->found == run->count && r->gen.energy >= run->best[run->found - 1].gen.energy)
            return;
        at = run->found < run->count ? run->found++ : run->found - 1;
    }
    while (at > 0 && run->best[at - 1].gen.energy > r->gen.energy) {
        run->best[at] = run->best[at - 1];
        memcpy(run->best_form[at], run->best_form[at - 1], 81);
        at--;
    }
    run->best[at] = *r;
    memcpy(run->best_form[at], form, 81);
}

/* Offers a rated puzzle (solution grid) to the run's best: not if a seed
 * or a known puzzle is an isomorph of it; with its depth and normal width, found now, so an
 * interrupted run prints whole records. */
static void offer(nb_run *run, const uint8_t *puzzle, const uint8_t *grid, const sdk_human_rating *hr,
                  double energy)
{
    if (run->found == run->count && energy >= run->best[run->found - 1].gen.energy)
        return;
    sdk_canon canon;
    if (sdk_canon_minlex(run->b, puzzle, &canon) != 1)
        return;
    if (run->nseeds && !run->keep_seeds && bsearch(canon.form, run->forms, (size_t)run->nseeds, 81, form_cmp))
        return;
    if (run->nb->known && sdk_canon_set_has(run->nb->known, canon.form, 81))
        return;                         /* known: a parent in the pool, never printed */
    sdk_nb_result r = {.human = *hr};
    memcpy(r.gen.puzzle, puzzle, 81);
    for (int c = 0; c < 81; c++)
        r.gen.clues += puzzle[c] != 0;
    r.gen.energy = energy;
    r.gen.figure = hr->er;
    r.gen.depth = sdk_rate_depth(run->b, puzzle, grid, -1, run->budget);
    r.gen.normal_width = sdk_rate_width(run->b, puzzle, NULL, NULL, run->budget);
    if (r.gen.depth < 1 || !r.gen.normal_width)
        return;                         /* out of time, or naked singles solve it: not a --hard candidate */
    r.human.steps = NULL;
    offer_as(run, &r, canon.form);
    if (run->index == 0 && run->g->progress)
        run->g->progress(run->g->progress_ctx, run->steps, 2, &run->best[0].gen);
}

/* Puts a rated puzzle into the pool (sorted, best first) if it beats the
 * worst. */
static int pool_add(nb_run *run, const uint8_t *puzzle, const uint8_t *grid, double energy)
{
    if (run->npool == POOL && energy >= run->pool[POOL - 1].energy)
        return 0;
    int at = run->npool < POOL ? run->npool++ : POOL - 1;
    while (at > 0 && run->pool[at - 1].energy > energy) {
        run->pool[at] = run->pool[at - 1];
        at--;
    }
    memcpy(run->pool[at].puzzle, puzzle, 81);
    memcpy(run->pool[at].grid, grid, 81);
    run->pool[at].energy = energy;
    return at == 0;
}

/* Rates a unique puzzle (solution grid), then pool and best; 0 if the
 * budget stopped the rating. */
static int rate_and_keep(nb_run *run, const uint8_t *puzzle, const uint8_t *grid, int offered)
{
    sdk_human_rating hr;
    if (sdk_human_rate(run->b, puzzle, NULL, 0, &hr, run->budget) != SDK_SOLVED)
        return 0;
    run->rated++;
    int clues = 0;
    for (int c = 0; c < 81; c++)
        clues += puzzle[c] != 0;
    double energy = rating_energy(run->g, &hr, clues);
    if (pool_add(run, puzzle, grid, energy))
        run->improved_at = run->rated;
    if (offered)
        offer(run, puzzle, grid, &hr, energy);
    return 1;
}

/* A random minimal puzzle (solution grid): a random grid's clues removed in
 * a random order while the puzzle stays unique; with a planted tridagon
 * (tridagon.c) if asked.  0 if the budget stopped it. */
static int random_minimal(nb_run *run, uint8_t *puzzle, uint8_t *grid)
{
    if (run->nb->plant == SDK_PLANT_TRIDAGON) {
        int made;
        while (!(made = tri_plant(run->b, run->g, &run->rng, puzzle, grid, NULL, run->budget)))
            ;                           /* a grid without a tridagon: another */
        return made > 0;
    }
    if (sdk_generate_grid(run->b, run->g, sdk_rng_u32(&run->rng), grid, run->budget) != SDK_SOLVED)
        return 0;
    memcpy(puzzle, grid, 81);
    return nb_minimise(run->b, &run->rng, puzzle, grid, NULL, NULL, run->budget);
}

/* From scratch: a new pool, the best of nb->immigrants random minimal
 * puzzles rated (by default each with a planted tridagon: the climbs from
 * those reach ER 10, from plain ones 9.3-9.6; docs/generate-hard.md). */
static void restart_pool(nb_run *run)
{
    uint8_t puzzle[81], grid[81];
    run->npool = 0;
    run->restarts++;
    for (int i = 0; i < run->nb->immigrants && !nb_run_over(run); i++)
        if (random_minimal(run, puzzle, grid) && !seen_before(run, puzzle))
            rate_and_keep(run, puzzle, grid, 1);
    run->improved_at = run->rated;
}

/* One {-n+m} proposal from pool puzzle p into cand (its solution into
 * grid): 1 if cand is unique (and minimal, if asked) and new. */
static int propose(nb_run *run, const nb_item *p, uint8_t *cand, uint8_t *grid)
{
    const sdk_nb_params *nb = run->nb;
    int out[81], in[81];
    int minus = 1 + (int)sdk_rng_below(&run->rng, (uint32_t)(nb->minus > 0 ? nb->minus : 1));
    memcpy(cand, p->puzzle, 81);
    minus = nb_draw_cells(&run->rng, cand, 1, NULL, minus, out);
    for (int i = 0; i < minus; i++)
        cand[out[i]] = 0;
    int plus;
    if (nb->mask) {                     /* a pattern: the same cells get new digits */
        memcpy(in, out, sizeof(int) * (size_t)minus);
        plus = minus;
    } else {
        plus = 1 + (int)sdk_rng_below(&run->rng, (uint32_t)(nb->plus > 0 ? nb->plus : 1));
        plus = nb_draw_cells(&run->rng, cand, 0, NULL, plus, in);
    }
    if (!nb_random_solution(&run->rng, cand, grid, run->budget))
        return 0;
    for (int i = 0; i < plus; i++)
        cand[in[i]] = grid[in[i]];
    if (memcmp(cand, p->puzzle, 81) == 0)
        return 0;
    sdk_status status;
    if (sdk_exact_count(run->b, cand, 2, NULL, NULL, run->budget, &status) != 1 || seen_before(run, cand))
        return 0;
    return nb->non_minimal || nb->mask || nb_is_minimal(run->b, cand, grid, run->budget) == 1;
}

static void *nb_thread(void *arg)
{
    nb_run *run = arg;
    sdk_rng_seed(&run->rng, run->seed);
    run->seen = calloc(SEEN_SLOTS, sizeof(uint64_t));
    if (!run->seen)
        return NULL;
    /* The run's seeds: every runs-th, from its index (all of them share
     * out when there are fewer seeds than runs). */
    uint8_t grid[81], cand[81];
    for (int s = run->index % (run->nseeds ? run->nseeds : 1); s < run->nseeds && !nb_run_over(run);
         s += run->runs) {
        seen_before(run, run->seeds[s]);
        if (sdk_exact_count(run->b, run->seeds[s], 2, grid, NULL, run->budget, NULL) == 1)
            rate_and_keep(run, run->seeds[s], grid, run->keep_seeds);
    }
    /* Without seeds (a pattern): a puzzle on it to start from. */
    if (!run->nseeds && run->nb->mask &&
        sdk_generate_pattern(run->b, run->g, run->nb->mask, NULL, sdk_rng_u32(&run->rng), cand, NULL,
                             run->budget) == SDK_SOLVED &&
        sdk_exact_count(run->b, cand, 2, grid, NULL, run->budget, NULL) == 1) {
        seen_before(run, cand);
        rate_and_keep(run, cand, grid, 1);
    }
    int scratch = !run->nseeds && !run->nb->mask && run->nb->immigrants > 0;
    while (!nb_run_over(run)) {
        /* From scratch, a new pool at first and when the pool's best has not
         * improved in nb->restart ratings. */
        if (scratch && (!run->npool || (run->nb->restart && run->rated - run->improved_at >= (uint64_t)run->nb->restart))) {
            restart_pool(run);
            continue;
        }
        if (!run->npool)
            break;
        run->steps++;
        /* a pool puzzle, the best the likeliest: index floor(n u^2) */
        double u = sdk_rng_double(&run->rng);
        const nb_item *p = &run->pool[(int)(run->npool * u * u)];
        nb_item parent = *p;            /* the pool may change under a rating */
        if (propose(run, &parent, cand, grid))
            rate_and_keep(run, cand, grid, 1);
    }
    free(run->seen);
    return NULL;
}

/* From scratch: the replica exchange's best this many become the seeds. */
enum { SCRATCH_SEEDS = 8 };

/* The replica exchange (g as given, no progress lines) for 1 - share of the
 * budget's time; its best into *seeds (malloc'd); how many. */
static int scratch_seeds(const sdk_board *b, const sdk_gen_params *g, double share, uint64_t seed,
                         const sdk_budget *budget, uint8_t (**seeds)[81], sdk_remc_totals *totals)
{
    sdk_gen_params quiet = *g;
    quiet.progress = NULL;
    sdk_budget first = budget ? *budget : (sdk_budget){0};
    if (first.deadline > 0)
        first.deadline -= share * (first.deadline - sdk_now());
    sdk_gen_result *r = calloc(SCRATCH_SEEDS, sizeof *r);
    *seeds = malloc(SCRATCH_SEEDS * 81);
    int n = r && *seeds ? sdk_generate_remc(b, &quiet, seed, SCRATCH_SEEDS, r, &first, totals) : 0;
    for (int i = 0; i < n; i++)
        memcpy((*seeds)[i], r[i].puzzle, 81);
    free(r);
    return n;
}

int sdk_generate_neighbour(const sdk_board *b, const sdk_gen_params *g, const sdk_nb_params *nb,
                           const uint8_t (*seeds)[81], int nseeds, uint64_t seed, int count,
                           sdk_nb_result *best, const sdk_budget *budget, sdk_remc_totals *totals)
{
    if (!sdk_board_is_plain9(b) || count < 1)
        return 0;
    int runs = g->runs > 0 ? g->runs : 1, found = 0, keep_seeds = 0;
    uint8_t (*own)[81] = NULL;
    sdk_remc_totals before = {0, 0};
    if (!nseeds && !nb->mask && nb->immigrants <= 0) {
        nseeds = scratch_seeds(b, g, nb->scratch_share, seed, budget, &own, &before);
        seeds = (const uint8_t (*)[81])own;
        keep_seeds = 1;
    }
    nb_run *run = calloc((size_t)runs, sizeof *run);
    sdk_nb_result *results = calloc((size_t)(runs + 1) * (size_t)count, sizeof *results);
    uint8_t (*rforms)[81] = calloc((size_t)(runs + 1) * (size_t)count, 81);
    uint8_t (*forms)[81] = calloc((size_t)(nseeds ? nseeds : 1), 81);
    if (!run || !results || !rforms || !forms)
        goto done;
    for (int s = 0; s < nseeds && !keep_seeds; s++) {
        sdk_canon canon;
        if (sdk_canon_minlex(b, seeds[s], &canon) != 1)
            goto done;
        memcpy(forms[s], canon.form, 81);
    }
    if (!keep_seeds)
        qsort(forms, (size_t)nseeds, 81, form_cmp);
    for (int i = 0; i < runs; i++)
        run[i] = (nb_run){.b = b, .g = g, .nb = nb, .seeds = seeds, .nseeds = nseeds, .index = i, .runs = runs, .keep_seeds = keep_seeds,
                          .forms = (const uint8_t (*)[81])forms, .budget = budget, .count = count,
                          .best = results + (size_t)i * count, .best_form = rforms + (size_t)i * count,
                          .seed = runs == 1 ? sdk_rng_seed32(seed) : sdk_rng_derive(seed, (uint64_t)i)};
    pool_run(runs, nb_thread, run, sizeof *run);
    nb_run merged = {.count = count, .best = results + (size_t)runs * count,
                     .best_form = rforms + (size_t)runs * count};
    sdk_remc_totals sum = before;
    for (int i = 0; i < runs; i++) {
        sum.steps += run[i].steps;
        sum.attempts += run[i].rated;
        for (int k = 0; k < run[i].found; k++)
            offer_as(&merged, &run[i].best[k], run[i].best_form[k]);
    }
    found = merged.found;
    memcpy(best, merged.best, sizeof *best * (size_t)found);
    if (totals)
        *totals = sum;
done:
    free(run);
    free(results);
    free(rforms);
    free(forms);
    free(own);
    return found;
}

/*
 * generate.c -- the default generator, C. D. Howard's two stages (000
 * section 13): a full grid (fullgrid.c), then Metropolis on the set of clues,
 * a symmetry orbit at a time, down to the target clue count.  Every removal
 * of a clue is checked (by the exact solver, or by a proof the chain already
 * holds: see cluememo.c), so the clue set stays unique at every step.  All
 * randomness is our MT19937, seeded from the caller's seed.  Also the
 * defaults of both generators; 004's replica exchange (--hard) is remc.c.
 */
#include <stdlib.h>
#include <string.h>
#include "../board/rng.h"
#include "generate.h"

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
    g->beta_max = 0.1;          /* the reference starts at 0.01, 0.02, ..., 0.10 */
    g->target_accept = 0.8;
    g->exchange_steps = 100;
    g->runs = 1;
    g->orient_every = 1;
    g->attempt_steps = 0;
    g->attempt_seconds = 120;   /* README: from 2-minute runs' spread, measured */
    g->relocations = 1000;      /* README: measured against 0, 20, 60 and 200 */
    g->objective = 0;           /* width */
    g->objective_samples = 8;   /* docs/generate-hard.md */
}

/* The proven minima of sudoku.h's comment: plain 9x9 and plain 4x4 (a
 * plain board has no variant houses), else the digits' bound. */
int sdk_generate_min_clues(const sdk_board *b, int n)
{
    if (b && !b->variant && b->n == 9)
        return 17;
    if (b && !b->variant && b->n == 4)
        return 4;
    return n - 1;
}

/* ---- symmetry orbits ----------------------------------------------------- */

/* The cells that move with cell c under symmetry s (c first); returns how many. */
/* The cell drawn at (y, x) of the board's layout, or -1 (a hole). */
static int cell_at(const sdk_board *b, int y, int x)
{
    if (b->height == b->n && b->width == b->n)
        return y * b->n + x;
    for (int c = 0; c < b->ncells; c++)
        if (b->cell_y[c] == y && b->cell_x[c] == x)
            return c;
    return -1;
}

/* Symmetries act on the drawing layout (a samurai's 21x21 too); an image
 * that falls in a hole leaves the cell alone. */
static int orbit_of(const sdk_board *b, sdk_symmetry s, int c, int *cells)
{
    int h = b->height, w = b->width, r = b->cell_y[c], col = b->cell_x[c], count = 0;
    int image[4] = {c, c, c, c};
    switch (s) {
    case SDK_SYM_NONE:
        break;
    case SDK_SYM_ROTATE180:
        image[1] = cell_at(b, h - 1 - r, w - 1 - col);
        break;
    case SDK_SYM_ROTATE90:
        if (h == w) {
            image[1] = cell_at(b, col, w - 1 - r);
            image[2] = cell_at(b, h - 1 - r, w - 1 - col);
            image[3] = cell_at(b, h - 1 - col, r);
        }
        break;
    case SDK_SYM_MIRROR:
        image[1] = cell_at(b, r, w - 1 - col);
        break;
    }
    for (int i = 0; i < 4; i++) {
        if (image[i] < 0)
            image[i] = c;
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

/* The state of the clue chain on one grid: the puzzle, its clue cells, what
 * is known about uniqueness, and the symmetry's orbits. */
typedef struct clue_chain {
    const sdk_board *b;
    const uint8_t *grid;
    uint8_t *puzzle;
    cell_set clue_cells;
    int clues;
    clue_memo memo;
    cell_set peers[SDK_MAX_CELLS];      /* each cell's peers */
    int orbit[SDK_MAX_CELLS][MAX_ORBIT];   /* the cells that move with each cell, it first */
    uint8_t orbit_size[SDK_MAX_CELLS];
    uint64_t check_nodes;               /* a removal check's node cap (0: none) */
} clue_chain;

/* From 16x16, a removal check that needs more than this many search nodes
 * (per search of sdk_exact_differs) keeps the clue: a node cap, not a
 * clock, so a seed gives the same puzzle on any machine.  The puzzle stays
 * proven unique, its removals only less thorough.  Measured (docs/solver.md,
 * medians of seeds 1-10): generate --size 16 62.8 ms uncapped, 26 ms at 5,
 * 32 ms at 10, 45 ms at 20; --size 25 --clues 281 12 s uncapped, 115 ms at
 * 5, 144 ms at 10. */
enum { LARGE_SIDE = 16, LARGE_CHECK_NODES = 5 };

#ifdef SDK_TEST_HOOKS
int sdk_generate_memo_check;
unsigned long sdk_generate_memo_errors;
#endif

/* Removes the orbit `cells` if the puzzle stays unique (from the memo if it
 * knows, else from the solver, whose answer it learns); returns 1 if so,
 * -1 if the budget stopped the solver (nothing changed). */
static int try_removal(clue_chain *ch, const int *cells, int k, const sdk_budget *budget)
{
    clue_memo *m = &ch->memo;
    int unique = cluememo_verdict(m, cells, k), learnt = 0;
    cell_set differ;
#ifdef SDK_TEST_HOOKS
    if (unique >= 0 && sdk_generate_memo_check) {
        for (int i = 0; i < k; i++)
            ch->puzzle[cells[i]] = 0;
        if (cluememo_removal_unique(ch->b, ch->puzzle, cells, k, ch->grid, &differ, NULL) != unique)
            __atomic_fetch_add(&sdk_generate_memo_errors, 1, __ATOMIC_RELAXED);
        for (int i = 0; i < k; i++)
            ch->puzzle[cells[i]] = ch->grid[cells[i]];
    }
#endif
    if (unique < 0) {
        for (int i = 0; i < k; i++)
            ch->puzzle[cells[i]] = 0;
        sdk_budget capped = {budget ? budget->deadline : 0, ch->check_nodes, budget ? budget->interrupt : NULL};
        unique = cluememo_removal_unique(ch->b, ch->puzzle, cells, k, ch->grid, &differ,
                                         ch->check_nodes ? &capped : budget);
        for (int i = 0; i < k; i++)
            ch->puzzle[cells[i]] = ch->grid[cells[i]];
        if (unique < 0 && ch->check_nodes && !sdk_budget_expired(budget))
            return 0;                   /* over the node cap: the clue stays (nothing learnt) */
        if (unique < 0)
            return -1;
        uint64_t any = 0;
        for (int w = 0; w < SET_WORDS; w++)
            any |= differ.w[w];
        if (unique)
            learnt = 1;
        else if (any)                   /* (else no second solution at hand) */
            cluememo_learn_second(m, &differ, &ch->clue_cells);
    }
    if (!unique)
        return 0;
    for (int i = 0; i < k; i++) {
        ch->puzzle[cells[i]] = 0;
        set_flip(&ch->clue_cells, cells[i]);
    }
    cluememo_flip(m, cells, k, -1, &ch->clue_cells);
    if (learnt)
        cluememo_learn_unique(m, &ch->clue_cells);
    ch->clues -= k;
    return 1;
}

static void add_orbit(clue_chain *ch, const int *cells, int k)
{
    for (int i = 0; i < k; i++) {
        ch->puzzle[cells[i]] = ch->grid[cells[i]];
        set_flip(&ch->clue_cells, cells[i]);
    }
    cluememo_flip(&ch->memo, cells, k, +1, &ch->clue_cells);
    ch->clues += k;
}

/* (generate.h) Most steps do nothing, so the usual step reads its two
 * words straight from the tempered block, and the checked functions take
 * the rest (near the end of a block, or when Lemire's draw may reject):
 * the same draws, a few instructions a step. */
static inline int quiet_steps(sdk_rng *rng, const uint64_t *live, uint32_t nc, uint64_t *step, uint64_t stop)
{
    const uint32_t *out = rng->out;
    uint64_t s = *step;
    while (s < stop) {
        /* as many steps as the block has two words left for */
        uint32_t at = (uint32_t)rng->index;
        uint64_t fast = at <= 622 ? (624 - at) / 2 : 0;
        fast = fast < stop - s ? fast : stop - s;
        for (uint64_t end = s + fast; s < end; s++) {
            uint64_t m = (uint64_t)out[at] * nc;
            if ((uint32_t)m < nc)
                break;                          /* Lemire's draw may reject */
            uint32_t u = out[at + 1];
            at += 2;
            if (u < live[m >> 32]) {
                rng->index = (int)at;
                *step = s;
                return (int)(m >> 32);
            }
        }
        rng->index = (int)at;
        if (s == stop)
            break;
        /* one step with the checked draws (it may twist the block) */
        uint32_t c = rng_below_fast(rng, nc);
        if (sdk_rng_u32(rng) < live[c]) {
            *step = s;
            return (int)c;
        }
        s++;
    }
    *step = stop;
    return -1;
}

int generate_quiet_steps(sdk_rng *rng, const uint64_t *live, uint32_t nc, uint64_t *step, uint64_t stop)
{
    return quiet_steps(rng, live, nc, step, stop);
}

sdk_status sdk_generate_metropolis(const sdk_board *b, const sdk_gen_params *g, uint32_t seed,
                                   uint8_t *puzzle, uint8_t *solution, const sdk_budget *budget)
{
    int nc = b->ncells;
    int target = reachable_target(b, g->symmetry, g->target_clues);
    /* Additions of 1, 2 or 4 clues are accepted with exp(-size / T): when a
     * draw is below accept_add[size] (sdk_energy_thresholds' scale, 2^-32). */
    uint32_t accept_add[MAX_ORBIT + 1];
    sdk_energy_thresholds(accept_add, MAX_ORBIT, 1.0 / g->clue_T);
    sdk_rng rng;
    sdk_rng_seed(&rng, seed);
    uint8_t grid[SDK_MAX_CELLS];
    clue_chain *ch = malloc(sizeof *ch);
    if (!ch)
        return SDK_UNSOLVABLE;
    ch->b = b;                          /* (the rest is set per grid: no memset of the memo) */
    ch->grid = grid;
    ch->puzzle = puzzle;
    ch->check_nodes = b->n >= LARGE_SIDE ? LARGE_CHECK_NODES : 0;
    for (int c = 0; c < nc; c++) {
        ch->orbit_size[c] = (uint8_t)orbit_of(b, g->symmetry, c, ch->orbit[c]);
        memset(&ch->peers[c], 0, sizeof ch->peers[c]);
        for (int i = b->peer_start[c]; i < b->peer_start[c + 1]; i++)
            set_flip(&ch->peers[c], b->peers[i]);
    }
    /* A chain that wanders this long without reaching the target starts over
     * from a new grid (low targets can be unreachable from some grids). */
    const uint64_t patience = 1000 * (uint64_t)nc;
    sdk_status result = SDK_UNSOLVABLE;      /* this target is out of reach (e.g. too few clues) */
    for (uint32_t attempt = 0; attempt < 50 && result == SDK_UNSOLVABLE; attempt++) {
        /* (one stream: no second seeding; a batch's puzzles after the
         * deadline end here, not after a grid each) */
        sdk_status status = sdk_budget_expired(budget) ? SDK_TIMEOUT : grid_from(b, g, &rng, grid, budget);
        if (status == SDK_TIMEOUT && budget && budget->interrupt && *budget->interrupt)
            status = SDK_INTERRUPTED;
        if (status != SDK_SOLVED) {
            result = status;
            break;
        }
        memcpy(puzzle, grid, (size_t)nc);
        memset(&ch->clue_cells, 0, sizeof ch->clue_cells);
        for (int c = 0; c < nc; c++)
            set_flip(&ch->clue_cells, c);
        ch->clues = nc;
        cluememo_start(&ch->memo, nc);
        cluememo_find_swaps(&ch->memo, b, ch->peers, grid, &ch->clue_cells);
        /* Removing clues never makes a clue set unique, so a refused removal
         * stays refused until the next addition (the memo is not free, this
         * check is).  live[c] says whether a step that draws cell c does
         * anything: it does iff its second draw is below live[c] -- 2^32
         * (always) for a clue not refused since the last addition, 0 for a
         * refused one, exp(-k/T) scaled for a blank. */
        uint64_t live[SDK_MAX_CELLS];
        int refused[SDK_MAX_CELLS], nrefused = 0;      /* the clues live[] holds at 0 */
        for (int c = 0; c < nc; c++)
            live[c] = 1ull << 32;
        for (uint64_t step = 0; ch->clues > target && step < patience; step++) {
            /* to the next step that does something, the budget looked at
             * every 256 steps */
            if ((step & 255) == 0 && sdk_budget_expired(budget))
                break;
            uint64_t stop = (step | 255) + 1;
            int c = quiet_steps(&rng, live, (uint32_t)nc, &step, stop < patience ? stop : patience);
            if (c < 0) {
                step--;                 /* (the loop's step++ starts the next block) */
                continue;
            }
            int k = ch->orbit_size[c], removed;
            const int *cells = ch->orbit[c];
            if (!puzzle[c]) {
                /* a blank's orbit comes with exp(-k/T); every refusal lapses */
                add_orbit(ch, cells, k);
                for (int i = 0; i < k; i++)
                    live[cells[i]] = 1ull << 32;
                while (nrefused)
                    live[refused[--nrefused]] = 1ull << 32;
            } else if (ch->clues - k < target) {
                continue;               /* the orbit would overshoot the target */
            } else if ((removed = try_removal(ch, cells, k, budget)) < 0) {
                break;                  /* out of budget */
            } else if (removed) {
                for (int i = 0; i < k; i++)
                    live[cells[i]] = accept_add[k];
            } else {
                for (int i = 0; i < k; i++) {
                    live[cells[i]] = 0;
                    refused[nrefused++] = cells[i];
                }
            }
        }
        if (ch->clues <= target)
            result = SDK_SOLVED;
        else if (sdk_budget_expired(budget))
            result = budget->interrupt && *budget->interrupt ? SDK_INTERRUPTED : SDK_TIMEOUT;
    }
    free(ch);
    if (result == SDK_SOLVED && solution)
        memcpy(solution, grid, (size_t)nc);
    return result;
}

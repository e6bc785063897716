/*
 * fullgrid.c -- full grids, stage 1 of the default generator (000 section 13):
 * the single-site Metropolis chain on an empty board (up to 9x9), and the
 * exact solver's grid, shuffled, for larger boards or a chain that runs too
 * long.  generate.c draws a grid per attempt from its puzzle's stream
 * (grid_from); remc.c seeds one with sdk_generate_grid.
 */
#include <string.h>
#include "../board/rng.h"
#include "fullgrid.h"

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

/* A variant board's grid (no band or stack shuffles keep it valid): one
 * random box takes a random permutation, a few random cells a random digit
 * their peers allow (each kept only if the grid stays solvable), and the
 * exact solver completes it.  Any one box's permutation is solvable when
 * the board is (relabel the digits of any solution), so only a board with
 * no solution at all (a bad jigsaw map) fails, after SEED_TRIES tries. */
enum { SEED_NODES = 2000, SEED_TRIES = 10 };   /* search nodes a seed's solve may take; tries */

/* The exact solver's first solution of start, its search capped at
 * SEED_NODES nodes: 1 found, 0 not (no solution or over the cap), -1 the
 * budget or SIGINT stopped it (status says which). */
static int seed_solve(const sdk_board *b, const uint8_t *start, uint8_t *out, const sdk_budget *budget,
                      sdk_status *status)
{
    /* a node cap, not a clock: a seed's grid must not depend on the machine */
    sdk_budget capped = {budget ? budget->deadline : 0, SEED_NODES, budget ? budget->interrupt : NULL};
    if (sdk_exact_count(b, start, 1, out, NULL, &capped, status) == 1)
        return 1;
    return *status == SDK_INTERRUPTED || sdk_budget_expired(budget) ? -1 : 0;
}

static sdk_status grid_by_seeds(const sdk_board *b, sdk_rng *rng, uint8_t *grid, const sdk_budget *budget)
{
    int n = b->n, boxes[SDK_MAX_CELLS], nbox = 0;
    uint8_t start[SDK_MAX_CELLS], digits[SDK_MAX_N];
    for (int h = 0; h < b->nhouses; h++)
        if (b->house_kind[h] == SDK_HOUSE_BOX)
            boxes[nbox++] = h;
    sdk_status status = SDK_UNSOLVABLE;
    int found = 0;
    /* The solver's searches have heavy tails: a capped try, then another
     * box and permutation. */
    for (int tries = 0; tries < SEED_TRIES && !found; tries++) {
        memset(start, 0, (size_t)b->ncells);
        const uint16_t *box = b->house_cells + boxes[sdk_rng_below(rng, (uint32_t)nbox)] * n;
        for (int d = 0; d < n; d++)
            digits[d] = (uint8_t)(d + 1);
        sdk_rng_shuffle_u8(rng, digits, n);
        for (int i = 0; i < n; i++)
            start[box[i]] = digits[i];
        found = seed_solve(b, start, grid, budget, &status);
        if (found < 0)
            return status;
    }
    if (!found)
        return SDK_UNSOLVABLE;
    for (int k = 0; k < n; k++) {
        int c = (int)sdk_rng_below(rng, (uint32_t)b->ncells);
        if (start[c])
            continue;
        uint32_t used = 0;
        for (int p = b->peer_start[c]; p < b->peer_start[c + 1]; p++)
            used |= start[b->peers[p]] ? 1u << (start[b->peers[p]] - 1) : 0;
        int d = 1 + (int)sdk_rng_below(rng, (uint32_t)n);
        if (used & (1u << (d - 1)))
            continue;
        start[c] = (uint8_t)d;
        uint8_t next[SDK_MAX_CELLS];
        int got = seed_solve(b, start, next, budget, &status);
        if (got < 0)
            return status;
        if (got)
            memcpy(grid, next, (size_t)b->ncells);
        else
            start[c] = 0;
    }
    return SDK_SOLVED;
}

/*
 * Stage 1 of 000: the single-site Metropolis chain of `--method metropolis`
 * (metropolis.c) on an empty board, every pair weighing 1, at T, until
 * E = 0 -- the same chain, but simulated without its rejected proposals
 * (Bortz, Kalos and Lebowitz's "n-fold way").  At T = 0.2 about 98% of the
 * chain's ~20,000 proposals a grid raise the energy and are rejected (an
 * uphill move of +1 is accepted with exp(-5) = 0.7%); only ~360 change the
 * state.  So instead of drawing proposals one by one, each iteration here
 * draws the next proposal that the chain *accepts*: a move (cell c, new
 * digit d) of energy change k is accepted with a(k) = min(1, exp(-k/T)), so
 * the next accepted move is m with probability a(k_m) / sum over all moves
 * of a(k).  The sequence of states has exactly the chain's law (up to the
 * 2^-32 resolution of the acceptance thresholds, which the proposal-by-
 * proposal loop has too); the grid it ends in is a draw from the same
 * distribution, though not the same draw for a given seed.
 *
 * Drawing with those weights needs their sum.  Moves with k <= 0 weigh 1,
 * and are counted.  Uphill moves weigh a(k) <= a(1); rather than counting
 * them per k, each weighs a(1) in the draw, and a drawn uphill move (a
 * uniform one, by rejection over all moves: most are uphill) is then kept
 * with probability a(k) / a(1) -- "thinning": the kept ones have weight
 * a(k), as they must, and a dropped one leaves the state as it is, which is
 * what a rejected proposal does.
 *
 * The state is kept digit-major, count[d][c] = the peers of cell c holding
 * digit d, next to base[c] = count[cells[c]][c], one byte a cell, so that
 * with AVX2 a digit's row is three registers: move (c, d) is downhill iff
 * count[d][c] <= base[c].  A cell's own digit is not a move, so its count
 * is stored OWN higher (and cells past the board PAST): then "<= base"
 * holds exactly for the downhill moves, and they are counted, each
 * iteration afresh, per cell by nine compares of three registers; the
 * chosen one is found from those counts (summed eight cells at a time).
 * A move adds c's peer mask to one row and subtracts it from another.
 * Without AVX2 the same arrays by plain loops, with the same results.
 * Boards up to 9x9.
 */
#if defined(__AVX2__)
#include <immintrin.h>
#define CHAIN_SIMD 1
#endif

enum { CHAIN_MAX_CELLS = 81, CHAIN_MAX_PEERS = 3 * 9, CHAIN_DIGITS = 10, CHAIN_BYTES = 96,
       CHAIN_WORDS = CHAIN_BYTES / 32 };
/* Added to count[cells[c]][c]; the count of every digit past the board.
 * (Counts stay below 27 + OWN < 128: signed byte compares are safe.) */
enum { OWN = 64, PAST = 100 };

/* How long the chain may run before the generator falls back to
 * grid_by_exact: a 9x9 grid takes about 470 iterations (accepted moves and
 * dropped uphill ones); a count, not a clock, so a seed's output does not
 * depend on the machine. */
#define CHAIN_MAX_EVENTS (1l << 21)

/* The chain's state. */
typedef struct grid_chain {
    const sdk_board *b;
    int n, ncells;
    uint32_t nmoves;                    /* cells x (n-1) other digits */
    long E;
    uint32_t accept[CHAIN_MAX_PEERS + 1];   /* a(k) as 2^32 a(k) (sdk_energy_thresholds) */
    _Alignas(32) uint8_t cells[CHAIN_BYTES];        /* the digits (0 past the board) */
    _Alignas(32) uint8_t base[CHAIN_BYTES];         /* peers of c holding c's digit */
    /* [d][c]: peers of c holding d, + OWN if c holds d; PAST past the board */
    _Alignas(32) uint8_t count[CHAIN_DIGITS][CHAIN_BYTES];
    _Alignas(32) uint8_t peer[CHAIN_MAX_CELLS][CHAIN_BYTES];   /* [c][p]: 1 if p is a peer of c */
    _Alignas(32) uint8_t downs[CHAIN_BYTES];        /* chain_count_down's counts, per cell */
    _Alignas(32) uint64_t group[CHAIN_BYTES / 8];   /* and per eight cells */
} grid_chain;

/* How many moves are downhill: per cell into gc->downs, per group of
 * eight cells into gc->group, and in all (returned). */
static uint32_t chain_count_down(grid_chain *gc)
{
#ifdef CHAIN_SIMD
    /* per byte, minus the number of digits whose move is not downhill */
    __m256i base[CHAIN_WORDS], up[CHAIN_WORDS];
    for (int j = 0; j < CHAIN_WORDS; j++) {
        base[j] = _mm256_load_si256((const __m256i *)&gc->base[32 * j]);
        up[j] = _mm256_setzero_si256();
    }
    for (int d = 1; d <= gc->n; d++)
#pragma GCC unroll 3
        for (int j = 0; j < CHAIN_WORDS; j++) {
            __m256i row = _mm256_load_si256((const __m256i *)&gc->count[d][32 * j]);
            up[j] = _mm256_add_epi8(up[j], _mm256_cmpgt_epi8(row, base[j]));
        }
    const __m256i zero = _mm256_setzero_si256(), n = _mm256_set1_epi8((char)gc->n);
    __m256i sum = zero;
    for (int j = 0; j < CHAIN_WORDS; j++) {
        __m256i downs = _mm256_add_epi8(n, up[j]), groups = _mm256_sad_epu8(downs, zero);
        _mm256_store_si256((__m256i *)&gc->downs[32 * j], downs);
        _mm256_store_si256((__m256i *)&gc->group[4 * j], groups);
        sum = _mm256_add_epi64(sum, groups);
    }
    uint64_t t[4];
    _mm256_storeu_si256((__m256i *)t, sum);
    return (uint32_t)(t[0] + t[1] + t[2] + t[3]);
#else
    uint32_t total = 0;
    for (int g = 0; g < CHAIN_BYTES / 8; g++) {
        gc->group[g] = 0;
        for (int c = 8 * g; c < 8 * g + 8; c++) {
            int downs = 0;
            for (int d = 1; d <= gc->n; d++)
                downs += gc->count[d][c] <= gc->base[c];
            gc->downs[c] = (uint8_t)downs;
            gc->group[g] += (uint64_t)downs;
        }
        total += (uint32_t)gc->group[g];
    }
    return total;
#endif
}

/* Cell c takes digit d: ΔE, the two rows of counts, base. */
static void chain_move(grid_chain *gc, int c, int d)
{
    int old = gc->cells[c];
    gc->E += gc->count[d][c] - gc->base[c];
#ifdef CHAIN_SIMD
    const __m256i o = _mm256_set1_epi8((char)old), n = _mm256_set1_epi8((char)d);
#pragma GCC unroll 3
    for (int j = 0; j < CHAIN_WORDS; j++) {
        __m256i peer = _mm256_load_si256((const __m256i *)&gc->peer[c][32 * j]);
        __m256i *from = (__m256i *)&gc->count[old][32 * j], *to = (__m256i *)&gc->count[d][32 * j];
        __m256i *base = (__m256i *)&gc->base[32 * j];
        __m256i cells = _mm256_load_si256((const __m256i *)&gc->cells[32 * j]);
        _mm256_store_si256(from, _mm256_sub_epi8(_mm256_load_si256(from), peer));
        _mm256_store_si256(to, _mm256_add_epi8(_mm256_load_si256(to), peer));
        /* peers holding old lose one of their own digit, those holding d gain one */
        __m256i lose = _mm256_and_si256(peer, _mm256_cmpeq_epi8(cells, o));
        __m256i gain = _mm256_and_si256(peer, _mm256_cmpeq_epi8(cells, n));
        _mm256_store_si256(base, _mm256_add_epi8(_mm256_sub_epi8(_mm256_load_si256(base), lose), gain));
    }
#else
    for (int p = 0; p < gc->ncells; p++) {
        gc->count[old][p] = (uint8_t)(gc->count[old][p] - gc->peer[c][p]);
        gc->count[d][p] = (uint8_t)(gc->count[d][p] + gc->peer[c][p]);
        gc->base[p] = (uint8_t)(gc->count[gc->cells[p]][p] - OWN);
    }
#endif
    gc->count[old][c] -= OWN;
    gc->count[d][c] += OWN;
    gc->cells[c] = (uint8_t)d;
    gc->base[c] = (uint8_t)(gc->count[d][c] - OWN);
}

/* Sets up the counts for the digits in gc->cells. */
static void chain_start(grid_chain *gc, const sdk_board *b, double T)
{
    int n = b->n, nc = b->ncells, kmax = 0;
    gc->b = b;
    gc->n = n;
    gc->ncells = nc;
    gc->nmoves = (uint32_t)(nc * (n - 1));
    memset(gc->cells + nc, 0, (size_t)(CHAIN_BYTES - nc));
    memset(gc->base, 0, sizeof gc->base);
    memset(gc->count, 0, sizeof gc->count);
    memset(gc->peer, 0, sizeof gc->peer[0] * (size_t)nc);
    for (int c = 0; c < nc; c++) {
        int peers = b->peer_start[c + 1] - b->peer_start[c];
        kmax = peers > kmax ? peers : kmax;
        for (int i = b->peer_start[c]; i < b->peer_start[c + 1]; i++) {
            int p = b->peers[i];
            gc->peer[c][p] = 1;
            gc->count[gc->cells[c]][p]++;
        }
    }
    gc->E = 0;
    for (int c = 0; c < nc; c++) {
        gc->base[c] = gc->count[gc->cells[c]][c];
        gc->E += gc->base[c];
        gc->count[gc->cells[c]][c] += OWN;
    }
    for (int d = 1; d <= n; d++)
        memset(gc->count[d] + nc, PAST, (size_t)(CHAIN_BYTES - nc));
    gc->E /= 2;                                 /* each pair seen from both cells */
    sdk_energy_thresholds(gc->accept, kmax, 1.0 / T);
}

/* A uniform integer in [0, bound), 1 <= bound < 2^63, from two 32-bit
 * draws: the top bits of a 64-bit draw, as many as bound needs, redrawn
 * when they fall outside (so at most twice on average). */
static inline uint64_t draw_below64(sdk_rng *rng, uint64_t bound)
{
    int shift = __builtin_clzll(bound);
    for (;;) {
        uint64_t hi = sdk_rng_u32(rng);                 /* (two statements: a fixed order) */
        uint64_t x = (hi << 32 | sdk_rng_u32(rng)) >> shift;
        if (x < bound)
            return x;
    }
}

/* One iteration: the next accepted move, made; or an uphill move dropped by
 * the thinning (nothing changes, as for a rejected proposal). */
static void chain_event(grid_chain *gc, sdk_rng *rng)
{
    uint32_t ndown = chain_count_down(gc);
    uint64_t flat = (uint64_t)ndown << 32, up = gc->accept[1];
    uint64_t r = draw_below64(rng, flat + (uint64_t)(gc->nmoves - ndown) * up);
    if (r < flat) {
        /* downhill moves weigh 1 each: the i-th, in cell order, then digit order */
        uint32_t i = (uint32_t)(r >> 32);
        int c = 0, d = 0;
        for (int g = 0; i >= gc->group[g]; g++, c += 8)
            i -= (uint32_t)gc->group[g];
        for (; i >= gc->downs[c]; c++)
            i -= gc->downs[c];
        for (int base = gc->base[c]; i != (uint32_t)-1; i -= gc->count[d][c] <= base)
            d++;
        chain_move(gc, c, d);
        return;
    }
    /* An uphill move, uniform (drawn until one is uphill), kept with
     * probability a(k) / a(1): (r - flat) mod a(1) is uniform below a(1). */
    uint32_t keep_below = (uint32_t)((r - flat) % up), divisor = (uint32_t)gc->n - 1;
    int c, d;
    do {
        uint32_t move = rng_below_fast(rng, gc->nmoves);
        c = (int)(move / divisor);
        d = 1 + (int)(move % divisor);
        d += d >= gc->cells[c];
    } while (gc->count[d][c] <= gc->base[c]);
    if (keep_below < gc->accept[gc->count[d][c] - gc->base[c]])
        chain_move(gc, c, d);
}

/* The chain from the digits in gc->cells until E = 0, the iteration cap
 * or the budget. */
static sdk_status chain_run(grid_chain *gc, sdk_rng *rng, long max_events, const sdk_budget *budget)
{
    for (long events = 0; gc->E > 0; events++) {
        if (events >= max_events)
            return SDK_TIMEOUT;
        if ((events & 1023) == 1023 && sdk_budget_expired(budget))
            return budget->interrupt && *budget->interrupt ? SDK_INTERRUPTED : SDK_TIMEOUT;
        chain_event(gc, rng);
    }
    return SDK_SOLVED;
}

static sdk_status grid_by_chain(const sdk_board *b, double T, sdk_rng *rng, uint8_t *grid,
                                const sdk_budget *budget)
{
    grid_chain gc;
    for (int c = 0; c < b->ncells; c++)
        gc.cells[c] = (uint8_t)(1 + sdk_rng_below(rng, (uint32_t)b->n));     /* sdk_energy_fill_random */
    chain_start(&gc, b, T);
    sdk_status status = chain_run(&gc, rng, CHAIN_MAX_EVENTS, budget);
    if (status == SDK_SOLVED)
        memcpy(grid, gc.cells, (size_t)b->ncells);
    return status;
}

/* For tests: whether the counts and E are what the digits make. */
static int chain_consistent(const grid_chain *gc)
{
    const sdk_board *b = gc->b;
    long E = 0;
    for (int c = 0; c < gc->ncells; c++) {
        uint8_t w[CHAIN_DIGITS] = {0};
        for (int i = b->peer_start[c]; i < b->peer_start[c + 1]; i++)
            w[gc->cells[b->peers[i]]]++;
        for (int d = 1; d <= gc->n; d++)
            if (w[d] + (d == gc->cells[c] ? OWN : 0) != gc->count[d][c])
                return 0;
        if (gc->base[c] != w[gc->cells[c]])
            return 0;
        E += w[gc->cells[c]];
    }
    return E / 2 == gc->E;
}

int grid_chain_run(const sdk_board *b, double T, sdk_rng *rng, uint8_t *cells, long events, int check)
{
    if (b->n > 9 || b->ncells > CHAIN_MAX_CELLS)
        return -1;
    grid_chain gc;
    memcpy(gc.cells, cells, (size_t)b->ncells);
    chain_start(&gc, b, T);
    int ok = !check || chain_consistent(&gc);
    for (long i = 0; i < events && gc.E > 0 && ok; i++) {
        chain_event(&gc, rng);
        ok = !check || chain_consistent(&gc);
    }
    memcpy(cells, gc.cells, (size_t)b->ncells);
    return ok ? (int)gc.E : -1;
}

/* A full grid from the chain, drawing from rng, or if the board is larger
 * than 9x9 or the chain runs too long, from grid_by_exact; a variant's from
 * grid_by_seeds (the chain's tables are sized for 20 peers a cell), or
 * from the grid it was built around. */
sdk_status grid_from(const sdk_board *b, const sdk_gen_params *g, sdk_rng *rng, uint8_t *grid,
                                  const sdk_budget *budget)
{
    if (b->known_grid) {
        /* a board built around a grid (a large jigsaw): a relabelling of it */
        uint8_t digits[SDK_MAX_N];
        for (int d = 0; d < b->n; d++)
            digits[d] = (uint8_t)(d + 1);
        sdk_rng_shuffle_u8(rng, digits, b->n);
        for (int c = 0; c < b->ncells; c++)
            grid[c] = digits[b->known_grid[c] - 1];
        return SDK_SOLVED;
    }
    if (b->variant)
        return grid_by_seeds(b, rng, grid, budget);
    if (b->n <= 9 && b->ncells <= CHAIN_MAX_CELLS) {
        sdk_status status = grid_by_chain(b, g->grid_T, rng, grid, budget);
        if (status == SDK_SOLVED || status == SDK_INTERRUPTED)
            return status;
    }
    return grid_by_exact(b, rng, grid, budget);
}

sdk_status sdk_generate_grid(const sdk_board *b, const sdk_gen_params *g, uint32_t seed,
                             uint8_t *grid, const sdk_budget *budget)
{
    sdk_rng rng;
    sdk_rng_seed(&rng, seed);
    return grid_from(b, g, &rng, grid, budget);
}

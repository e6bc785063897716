/*
 * grid.c -- full grids, stage 1 of the default generator (000 section 13):
 * the single-site Metropolis chain on an empty board (up to 9x9), and the
 * exact solver's grid, shuffled, for larger boards or a chain that runs too
 * long.  generate.c draws a grid per attempt from its puzzle's stream
 * (sdk_generate_grid_from); remc.c seeds one with sdk_generate_grid.
 */
#include <limits.h>
#include <string.h>
#include "energy.h"
#include "generate.h"

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

/*
 * Stage 1 of 000: the single-site Metropolis chain of `--method metropolis`
 * (metropolis.c) on an empty board, every pair weighing 1, at T, until
 * E = 0 -- the same chain, draw for draw (tests/unit_generate.c checks the
 * grids are the method's), without what a solver call carries and the
 * generator does not need: the method table, the energy core's
 * allocations, the trace and clock polling.  The state is the board's
 * digits and, per cell and digit, how many peers hold the digit: ΔE of a
 * move is two loads, an accepted move updates the peers.  Boards up to 9x9.
 */
enum { CHAIN_MAX_CELLS = 81, CHAIN_MAX_PEERS = 3 * 9 };

/* How long the chain may run before the generator falls back to
 * grid_by_exact: a 9x9 grid takes about 20 thousand proposals (the
 * slowest of 200 seeds 130 thousand); a count, not a clock, so a seed's
 * output does not depend on the machine. */
#define CHAIN_MAX_PROPOSALS (1u << 26)

/* The chain's state: the digits and, per cell and digit, how many peers
 * hold the digit. */
typedef struct grid_chain {
    const sdk_board *b;
    uint32_t nmoves, divisor, recip;    /* moves = cells x (n-1) other digits */
    uint8_t cells[CHAIN_MAX_CELLS];
    uint8_t weight[CHAIN_MAX_CELLS][16];
    uint32_t accept[CHAIN_MAX_PEERS + 1];
} grid_chain;

/* Cell c takes digit d (from old). */
static inline void chain_commit(grid_chain *gc, int c, int old, int d)
{
    const sdk_board *b = gc->b;
    for (int p = b->peer_start[c]; p < b->peer_start[c + 1]; p++) {
        uint8_t *w = gc->weight[b->peers[p]];
        w[old]--;
        w[d]++;
    }
    gc->cells[c] = (uint8_t)d;
}

/* One proposal, drawing with sdk_energy_below and sdk_rng_u32 exactly
 * (the slow path of chain_loop: near the end of a block of outputs, or when
 * Lemire's draw must reject).  Returns the energy change if accepted,
 * CHAIN_REJECTED if not. */
#define CHAIN_REJECTED INT_MIN
static __attribute__((noinline)) int chain_step(grid_chain *gc, sdk_rng *rng)
{
    uint32_t move = sdk_energy_below(rng, gc->nmoves);
    int c = (int)(((uint64_t)move * gc->recip) >> 32);
    int old = gc->cells[c], d = 1 + (int)(move - (uint32_t)c * gc->divisor);
    d += d >= old;
    int delta = gc->weight[c][d] - gc->weight[c][old];
    if (delta > 0 && sdk_rng_u32(rng) >= gc->accept[delta])
        return CHAIN_REJECTED;
    chain_commit(gc, c, old, d);
    return delta;
}

/* The chain until E = 0, the proposal cap or the budget.  Inline so that a
 * call with n = 9 compiles to its own loop (divisions by n - 1 = 8 as
 * shifts; otherwise by a multiply, exact for moves < 2^16 and divisors up
 * to 24).  The usual proposal reads its two words straight from the
 * tempered block, in an inner loop that runs while two are left;
 * chain_step takes the rest, and the budget is looked at once a block. */
static inline __attribute__((always_inline)) sdk_status
chain_loop(grid_chain *gc, uint32_t n, sdk_rng *rng, long E, const sdk_budget *budget)
{
    const uint32_t nmoves = n == 9 ? 81 * 8 : gc->nmoves, recip = gc->recip, divisor = n - 1;
    const uint32_t *out = rng->out;
    uint32_t at = (uint32_t)rng->index;
    for (uint32_t blocks = 0; E > 0; blocks++) {
        /* (a block is 312 to 624 proposals, fewer only after a rejection in
         * Lemire's draw, one in 2^32 / 648) */
        if (blocks >= CHAIN_MAX_PROPOSALS / 312) {
            rng->index = (int)at;
            return SDK_TIMEOUT;
        }
        if ((blocks & 15) == 15 && sdk_budget_expired(budget)) {
            rng->index = (int)at;
            return budget->interrupt && *budget->interrupt ? SDK_INTERRUPTED : SDK_TIMEOUT;
        }
        while (at <= 622) {
            uint64_t m = (uint64_t)out[at] * nmoves;
            if (__builtin_expect((uint32_t)m < nmoves, 0))
                break;                          /* Lemire's draw may reject: chain_step */
            uint32_t move = (uint32_t)(m >> 32);
            uint32_t c = n == 9 ? move >> 3 : (uint32_t)(((uint64_t)move * recip) >> 32);
            uint32_t old = gc->cells[c], d = 1 + (n == 9 ? move & 7 : move - c * divisor);
            d += d >= old;                      /* uniform over the other n-1 digits */
            const uint8_t *w = gc->weight[c];
            int delta = w[d] - w[old];
            if (delta > 0) {
                uint32_t x = out[at + 1];
                at += 2;
                if (x >= gc->accept[(uint32_t)delta])
                    continue;
            } else {
                at += 1;
            }
            chain_commit(gc, (int)c, (int)old, (int)d);
            E += delta;
            if (E == 0)
                break;
        }
        if (E == 0)
            break;
        /* One proposal with checked draws (it may twist the block). */
        rng->index = (int)at;
        int delta = chain_step(gc, rng);
        at = (uint32_t)rng->index;
        E += delta == CHAIN_REJECTED ? 0 : delta;
    }
    rng->index = (int)at;
    return SDK_SOLVED;
}

static sdk_status grid_by_chain(const sdk_board *b, double T, sdk_rng *rng, uint8_t *grid,
                                const sdk_budget *budget)
{
    int n = b->n, nc = b->ncells, kmax = 0;
    grid_chain gc;
    gc.b = b;
    gc.divisor = (uint32_t)(n - 1);
    gc.nmoves = (uint32_t)nc * gc.divisor;
    gc.recip = (uint32_t)(0xffffffffu / gc.divisor + 1);
    memset(gc.weight, 0, sizeof gc.weight);
    for (int c = 0; c < nc; c++)
        gc.cells[c] = (uint8_t)(1 + sdk_rng_below(rng, (uint32_t)n));     /* sdk_energy_fill_random */
    long E = 0;
    for (int c = 0; c < nc; c++) {
        int peers = b->peer_start[c + 1] - b->peer_start[c];
        kmax = peers > kmax ? peers : kmax;
        for (int i = b->peer_start[c]; i < b->peer_start[c + 1]; i++)
            gc.weight[c][gc.cells[b->peers[i]]]++;
        E += gc.weight[c][gc.cells[c]];
    }
    E /= 2;                                     /* each pair seen from both cells */
    sdk_energy_thresholds(gc.accept, kmax, 1.0 / T);
    sdk_status status = n == 9 ? chain_loop(&gc, 9, rng, E, budget) : chain_loop(&gc, n, rng, E, budget);
    if (status == SDK_SOLVED)
        memcpy(grid, gc.cells, (size_t)nc);
    return status;
}

/* A full grid from the chain, drawing from rng, or if the board is larger
 * than 9x9 or the chain runs too long, from grid_by_exact. */
sdk_status sdk_generate_grid_from(const sdk_board *b, const sdk_gen_params *g, sdk_rng *rng, uint8_t *grid,
                                  const sdk_budget *budget)
{
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
    return sdk_generate_grid_from(b, g, &rng, grid, budget);
}

/*
 * generate.c -- making puzzles with exactly one solution, two ways:
 *
 *   metropolis  C. D. Howard's two stages (000 section 13): a full grid from
 *               the single-site chain, then Metropolis on the set of clues.
 *   remc        Watanabe's replica exchange (004) on H = -J U + h (clues),
 *               U = depth, then U = ln(normal width), for the hardest
 *               puzzles by search-tree width.
 *
 * Every removal of a clue is checked (by the exact solver -- on 9x9 a search
 * for a solution that differs from the grid in the removed cells, see
 * removal_count -- or by a proof the chain already holds: see clue_memo and
 * puzzle_memo), so the clue set stays unique at every step; the ratings
 * come from rate.c.  All randomness is our MT19937, seeded from the
 * caller's seed.
 */
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "sudoku.h"
#include "energy.h"

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
static sdk_status grid_from(const sdk_board *b, const sdk_gen_params *g, sdk_rng *rng, uint8_t *grid,
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
    return grid_from(b, g, &rng, grid, budget);
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

/*
 * What the chain has learnt about its grid, so that most uniqueness questions
 * are answered without the solver:
 *  - a clue set that contains a clue set already proven unique is unique;
 *  - when a removal is refused, the solver's second solution X differs from
 *    the grid on a set of cells U (an "unavoidable set"): any clue set with
 *    no clue in U has X as a second solution, so it is not unique.
 * The chain is exactly the one that asks the solver every time -- the memo
 * only skips questions whose answer is already proven -- so the puzzles do
 * not change, only the time (additions put clues back, and the chain keeps
 * asking about the same few orbits).
 *
 * The memo follows the clue set as clues come and go, so that a question
 * needs no scan of the sets: per cell, which sets hold it (bit masks over
 * the sets); the mask of the unique sets the clue set contains ("whole");
 * per unavoidable set, how many clues it holds, and masks of those holding
 * exactly 1, 2, 3 or 4.  Removing the orbit R leaves a unique set whole iff
 * the set is whole now and holds no cell of R, and leaves an unavoidable
 * set without clues iff all h of its clues are in R: a few mask operations
 * per cell of R.  Only accepted flips update the sets, and they are rare
 * next to the questions.
 */
enum { SET_WORDS = (SDK_MAX_CELLS + 63) / 64, MEMO_SETS = 128, MEMO_AVOID = 2 * MEMO_SETS };
enum { UW = MEMO_SETS / 64, AW = MEMO_AVOID / 64, MAX_ORBIT = 4 };

typedef struct cell_set {
    uint64_t w[SET_WORDS];
} cell_set;

typedef struct clue_memo {
    int words;                          /* words of a cell_set in use */
    int unique_count, learnt_count;     /* sets learnt (rings: the oldest go first) */
    cell_set unique[MEMO_SETS];         /* clue sets proven unique */
    /* Unavoidable sets: [0, MEMO_SETS) where second solutions differed from
     * the grid, then the two-digit swaps of memo_find_swaps. */
    cell_set avoid[MEMO_AVOID];
    uint16_t hits[MEMO_AVOID];          /* clues in avoid[i] */
    uint64_t whole[UW];                 /* the unique sets all of whose cells are clues */
    /* held[h], 1 <= h <= MAX_ORBIT: the unavoidable sets with h clues
     * (held[0] and held[MAX_ORBIT + 1] take the others, unread) */
    uint64_t held[MAX_ORBIT + 2][AW];
    uint64_t in_unique[SDK_MAX_CELLS][UW];   /* the unique sets holding the cell */
    uint64_t in_avoid[SDK_MAX_CELLS][AW];    /* the unavoidable sets holding it */
} clue_memo;

static void set_flip(cell_set *s, int c)
{
    s->w[c >> 6] ^= 1ull << (c & 63);
}

/* out = the cells c < n where a[c] != b[c], eight at a time: per 64-bit
 * word of bytes, a byte's top bit set iff the byte differs, then the eight
 * top bits gathered by a multiply. */
static void set_of_differences(const uint8_t *a, const uint8_t *b, int n, cell_set *out)
{
    memset(out, 0, sizeof *out);
    int c = 0;
    for (; c + 8 <= n; c += 8) {
        uint64_t x, y;
        memcpy(&x, a + c, 8);
        memcpy(&y, b + c, 8);
        x ^= y;
        x = (((x & 0x7f7f7f7f7f7f7f7full) + 0x7f7f7f7f7f7f7f7full) | x) & 0x8080808080808080ull;
        out->w[c >> 6] |= ((x >> 7) * 0x0102040810204080ull >> 56) << (c & 63);
    }
    for (; c < n; c++)
        out->w[c >> 6] |= (uint64_t)(a[c] != b[c]) << (c & 63);
}

/* Forgets every set (for a new grid of ncells cells). */
static void memo_start(clue_memo *m, int ncells)
{
    m->words = (ncells + 63) / 64;
    m->unique_count = m->learnt_count = 0;
    memset(m->whole, 0, sizeof m->whole);
    memset(m->held, 0, sizeof m->held);
    memset(m->in_unique, 0, sizeof m->in_unique[0] * (size_t)ncells);
    memset(m->in_avoid, 0, sizeof m->in_avoid[0] * (size_t)ncells);
}

/* Sets (on) or clears bit `slot` in the index words (stride per cell) of
 * every cell of s. */
static void memo_index(uint64_t *index, int stride, const cell_set *s, int words, int slot, int on)
{
    uint64_t bit = 1ull << (slot & 63);
    for (int k = 0; k < words; k++)
        for (uint64_t x = s->w[k]; x; x &= x - 1) {
            uint64_t *at = index + (size_t)(k * 64 + __builtin_ctzll(x)) * (size_t)stride + (slot >> 6);
            *at = on ? *at | bit : *at & ~bit;
        }
}

/* Unavoidable set s now holds `to` clues instead of `from` (no branches:
 * the flips are too random to predict). */
static void memo_hits(clue_memo *m, int s, int from, int to)
{
    uint64_t bit = 1ull << (s & 63);
    m->held[from <= MAX_ORBIT ? from : MAX_ORBIT + 1][s >> 6] &= ~bit;
    m->held[to <= MAX_ORBIT ? to : MAX_ORBIT + 1][s >> 6] |= bit;
    m->hits[s] = (uint16_t)to;
}

/* Stores u as unavoidable set `slot` (replacing what was there if occupied). */
static void memo_put_avoid(clue_memo *m, int slot, int occupied, const cell_set *u, const cell_set *clues)
{
    if (occupied) {
        memo_index(&m->in_avoid[0][0], AW, &m->avoid[slot], m->words, slot, 0);
        memo_hits(m, slot, m->hits[slot], 0);
    }
    m->avoid[slot] = *u;
    int hits = 0;
    for (int k = 0; k < m->words; k++)
        hits += __builtin_popcountll(u->w[k] & clues->w[k]);
    memo_hits(m, slot, 0, hits);
    memo_index(&m->in_avoid[0][0], AW, u, m->words, slot, 1);
}

/* The clue set `clues` (the current one) is proven unique. */
static void memo_learn_unique(clue_memo *m, const cell_set *clues)
{
    int slot = m->unique_count % MEMO_SETS;
    if (m->unique_count++ >= MEMO_SETS)
        memo_index(&m->in_unique[0][0], UW, &m->unique[slot], m->words, slot, 0);
    m->unique[slot] = *clues;
    m->whole[slot >> 6] |= 1ull << (slot & 63);
    memo_index(&m->in_unique[0][0], UW, clues, m->words, slot, 1);
}

/* A second solution differs from the grid on u (counted against the
 * current clue set `clues`). */
static void memo_learn_avoid(clue_memo *m, const cell_set *u, const cell_set *clues)
{
    int slot = m->learnt_count % MEMO_SETS;
    memo_put_avoid(m, slot, m->learnt_count++ >= MEMO_SETS, u, clues);
}

/* Would the current clue set stay unique without the clues cells[0..k)
 * (k <= MAX_ORBIT)?  1 yes, 0 no, -1 unknown.  Changes nothing. */
static int memo_verdict(const clue_memo *m, const int *cells, int k)
{
    /* Per unavoidable set, how many of the k cells it holds, bit-sliced. */
    uint64_t unhit = 0;
    for (int j = 0; j < AW; j++) {
        uint64_t b0 = 0, b1 = 0, b2 = 0;
        for (int i = 0; i < k; i++) {
            uint64_t x = m->in_avoid[cells[i]][j], c0 = b0 & x, c1 = b1 & c0;
            b0 ^= x;
            b1 ^= c0;
            b2 |= c1;
        }
        unhit |= (m->held[1][j] & b0 & ~b1 & ~b2) | (m->held[2][j] & ~b0 & b1 & ~b2) |
                 (m->held[3][j] & b0 & b1 & ~b2) | (m->held[4][j] & ~b0 & ~b1 & b2);
    }
    if (unhit)
        return 0;
    uint64_t whole = 0;
    for (int j = 0; j < UW; j++) {
        uint64_t keep = m->whole[j];
        for (int i = 0; i < k; i++)
            keep &= ~m->in_unique[cells[i]][j];
        whole |= keep;
    }
    return whole ? 1 : -1;
}

/* The clues cells[0..k) have gone (delta -1) or come back (delta +1):
 * clues is the clue set now. */
static void memo_flip(clue_memo *m, const int *cells, int k, int delta, const cell_set *clues)
{
    for (int i = 0; i < k; i++) {
        int c = cells[i];
        for (int j = 0; j < UW; j++) {
            if (delta < 0) {
                m->whole[j] &= ~m->in_unique[c][j];     /* they lack c now */
                continue;
            }
            /* Those holding c may be whole again: look at their other cells. */
            for (uint64_t x = m->in_unique[c][j] & ~m->whole[j]; x; x &= x - 1) {
                const cell_set *u = &m->unique[j * 64 + __builtin_ctzll(x)];
                uint64_t lacking = (u->w[0] & ~clues->w[0]) | (u->w[1] & ~clues->w[1]);
                for (int w = 2; w < m->words; w++)     /* (none on 9x9) */
                    lacking |= u->w[w] & ~clues->w[w];
                m->whole[j] |= lacking ? 0 : x & -x;
            }
        }
        for (int j = 0; j < AW; j++)
            for (uint64_t x = m->in_avoid[c][j]; x; x &= x - 1) {
                int s = j * 64 + __builtin_ctzll(x);
                memo_hits(m, s, m->hits[s], m->hits[s] + delta);
            }
    }
}

/* The grid's smallest unavoidable sets, found without the solver: for two
 * digits a and b, link every cell holding a to the cells holding b among
 * its peers (one per house).  Swapping a and b over a connected group of
 * linked cells leaves every house with one a and one b, so it is another
 * solution: a clue set without a clue in the group is not unique.  (All 2n
 * cells of the pair are one such group too, but nearly every clue set hits
 * it: not kept.)  The groups by breadth-first search on bit masks (peers[c]:
 * the peers of cell c).  Stored after the learnt sets, counted against the
 * clue set `clues`. */
static void memo_find_swaps(clue_memo *m, const sdk_board *b, const cell_set *peers, const uint8_t *grid,
                            const cell_set *clues)
{
    int n = b->n, words = m->words, swaps = 0;
    cell_set holds[SDK_MAX_N + 1];
    memset(holds, 0, sizeof holds[0] * (size_t)(n + 1));
    for (int c = 0; c < b->ncells; c++)
        set_flip(&holds[grid[c]], c);
    for (int a = 1; a <= n; a++)
        for (int d = a + 1; d <= n; d++) {
            cell_set left, groups[2 * SDK_MAX_N];
            int ngroups = 0;
            for (int w = 0; w < words; w++)
                left.w[w] = holds[a].w[w] | holds[d].w[w];
            for (int start = 0; start < words; start++)
                while (left.w[start]) {
                    cell_set *g = &groups[ngroups++], front;
                    memset(g, 0, sizeof *g);
                    memset(&front, 0, sizeof front);
                    front.w[start] = left.w[start] & -left.w[start];
                    for (uint64_t any = 1; any;) {
                        cell_set next;
                        memset(&next, 0, sizeof next);
                        for (int w = 0; w < words; w++) {
                            g->w[w] |= front.w[w];
                            left.w[w] &= ~front.w[w];
                            for (uint64_t x = front.w[w]; x; x &= x - 1) {
                                const cell_set *p = &peers[w * 64 + __builtin_ctzll(x)];
                                for (int v = 0; v < words; v++)
                                    next.w[v] |= p->w[v];
                            }
                        }
                        any = 0;
                        for (int w = 0; w < words; w++) {
                            front.w[w] = next.w[w] & left.w[w];
                            any |= front.w[w];
                        }
                    }
                }
            for (int g = 0; ngroups > 1 && g < ngroups && swaps < MEMO_AVOID - MEMO_SETS; g++)
                memo_put_avoid(m, MEMO_SETS + swaps++, 0, &groups[g], clues);
        }
}

/* Solution count of puzzle, up to 2; if 2, a solution other than grid goes
 * to other when one is at hand (else other[0] = 0).  The 9x9 kernel is
 * called directly: it needs no board and no budget. */
static int count_up_to_two(const sdk_board *b, const uint8_t *puzzle, const uint8_t *grid, uint8_t *other)
{
    sdk_status status;
    uint64_t count = UINT64_MAX;
    if (b->n == 9 && b->box_rows == 3)
        count = sdk_exact9_count(puzzle, 2, other, NULL);
    if (count == UINT64_MAX)
        count = sdk_exact_count(b, puzzle, 2, other, NULL, NULL, &status);
    if (count < 2 || memcmp(other, grid, (size_t)b->ncells) != 0)
        return (int)count;
    /* The solver met the grid first.  With the digits relabelled d -> n+1-d
     * it tries branches in another order and usually meets the other one. */
    uint8_t mirrored[SDK_MAX_CELLS];
    for (int c = 0; c < b->ncells; c++)
        mirrored[c] = puzzle[c] ? (uint8_t)(b->n + 1 - puzzle[c]) : 0;
    sdk_exact_count(b, mirrored, 2, other, NULL, NULL, &status);
    for (int c = 0; c < b->ncells; c++)
        other[c] = (uint8_t)(b->n + 1 - other[c]);
    if (memcmp(other, grid, (size_t)b->ncells) == 0)
        other[0] = 0;
    return 2;
}

/* Solution count, up to 2, of puzzle: a unique puzzle with solution grid
 * from which the clues cells[0..k) were just removed.  A second solution
 * differs from grid in one of those cells (else it would solve the unique
 * puzzle), so on 9x9 the kernel asks, for i = 0..k-1 in turn, whether a
 * solution has cell i other than grid's digit while cells 0..i-1 keep
 * theirs: each of these searches is far smaller than a count to two (which
 * has to find the grid, then rule everything else out), and the first
 * solution found is the second one, in other. */
static int removal_count(const sdk_board *b, uint8_t *puzzle, const int *cells, int k, const uint8_t *grid,
                         uint8_t *other)
{
    if (b->n != 9 || b->box_rows != 3)
        return count_up_to_two(b, puzzle, grid, other);
    uint8_t at[MAX_ORBIT];
    for (int i = 0; i < k; i++)
        at[i] = (uint8_t)cells[i];
    return sdk_exact9_differs(puzzle, grid, at, k, other, NULL) == 1 ? 2 : 1;
}

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
} clue_chain;

int sdk_generate_memo_check;
unsigned long sdk_generate_memo_errors;

/* Removes the orbit `cells` if the puzzle stays unique (from the memo if it
 * knows, else from the solver, whose answer it learns); returns 1 if so. */
static int try_removal(clue_chain *ch, const int *cells, int k)
{
    clue_memo *m = &ch->memo;
    int unique = memo_verdict(m, cells, k), learnt = 0;
    if (unique >= 0 && sdk_generate_memo_check) {
        uint8_t other[SDK_MAX_CELLS];
        for (int i = 0; i < k; i++)
            ch->puzzle[cells[i]] = 0;
        if ((removal_count(ch->b, ch->puzzle, cells, k, ch->grid, other) == 1) != unique)
            __atomic_fetch_add(&sdk_generate_memo_errors, 1, __ATOMIC_RELAXED);
        for (int i = 0; i < k; i++)
            ch->puzzle[cells[i]] = ch->grid[cells[i]];
    }
    if (unique < 0) {
        uint8_t other[SDK_MAX_CELLS];
        for (int i = 0; i < k; i++)
            ch->puzzle[cells[i]] = 0;
        unique = removal_count(ch->b, ch->puzzle, cells, k, ch->grid, other) == 1;
        for (int i = 0; i < k; i++)
            ch->puzzle[cells[i]] = ch->grid[cells[i]];
        if (unique) {
            learnt = 1;
        } else if (other[0]) {
            cell_set u;
            set_of_differences(other, ch->grid, ch->b->ncells, &u);
            memo_learn_avoid(m, &u, &ch->clue_cells);
        }
    }
    if (!unique)
        return 0;
    for (int i = 0; i < k; i++) {
        ch->puzzle[cells[i]] = 0;
        set_flip(&ch->clue_cells, cells[i]);
    }
    memo_flip(m, cells, k, -1, &ch->clue_cells);
    if (learnt)
        memo_learn_unique(m, &ch->clue_cells);
    ch->clues -= k;
    return 1;
}

static void add_orbit(clue_chain *ch, const int *cells, int k)
{
    for (int i = 0; i < k; i++) {
        ch->puzzle[cells[i]] = ch->grid[cells[i]];
        set_flip(&ch->clue_cells, cells[i]);
    }
    memo_flip(&ch->memo, cells, k, +1, &ch->clue_cells);
    ch->clues += k;
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
        sdk_status status = grid_from(b, g, &rng, grid, budget);     /* (one stream: no second seeding) */
        if (status != SDK_SOLVED) {
            result = status;
            break;
        }
        memcpy(puzzle, grid, (size_t)nc);
        memset(&ch->clue_cells, 0, sizeof ch->clue_cells);
        for (int c = 0; c < nc; c++)
            set_flip(&ch->clue_cells, c);
        ch->clues = nc;
        memo_start(&ch->memo, nc);
        memo_find_swaps(&ch->memo, b, ch->peers, grid, &ch->clue_cells);
        /* Removing clues never makes a clue set unique, so a refused removal
         * stays refused until the next addition: refused_at[c] is the
         * addition count when c's orbit was last refused (the memo is not
         * free, this check is). */
        uint32_t additions = 1, refused_at[SDK_MAX_CELLS] = {0};
        for (uint64_t step = 0; ch->clues > target && step < patience; step++) {
            if ((step & 255) == 0 && sdk_budget_expired(budget)) {
                free(ch);
                return budget->interrupt && *budget->interrupt ? SDK_INTERRUPTED : SDK_TIMEOUT;
            }
            /* Two draws a step, a cell and an acceptance (used if the cell is
             * blank), and one branch for the rare steps that do something. */
            int c = (int)sdk_energy_below(&rng, (uint32_t)nc), k = ch->orbit_size[c];
            uint32_t u = sdk_rng_u32(&rng);
            int clue = puzzle[c] != 0;
            /* a clue's orbit goes unless that overshoots the target or it was
             * refused since the last addition; a blank's comes with exp(-k/T) */
            int removal = clue & (ch->clues - k >= target) & (refused_at[c] != additions);
            int addition = !clue & (u < accept_add[k]);
            if (!(removal | addition))
                continue;
            const int *cells = ch->orbit[c];
            if (addition) {
                add_orbit(ch, cells, k);
                additions++;
            } else if (!try_removal(ch, cells, k)) {
                for (int i = 0; i < k; i++)
                    refused_at[cells[i]] = additions;
            }
        }
        if (ch->clues <= target)
            result = SDK_SOLVED;
    }
    free(ch);
    if (result == SDK_SOLVED && solution)
        memcpy(solution, grid, (size_t)nc);
    return result;
}

/* ---- 004: replica exchange ------------------------------------------------ */

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
    if (removal_count(run->b, puzzle, &removed, 1, run->grid, other) == 1)
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

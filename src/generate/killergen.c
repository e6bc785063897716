/*
 * killergen.c -- killer puzzles: a random grid (on the board of the other
 * variants asked for; a jigsaw's map drawn first), cells grouped into
 * random cages of cage_min or more cells with different digits, each sum
 * from the grid; then random merges of two touching cages, each kept only
 * while the exact solver proves the puzzle unique (the killer's clue
 * removal: fewer, larger cages say less).  A first partition that is not
 * unique is drawn again.  Givens, if asked for, are cells of the grid at
 * random, kept from the start.
 */
#include <stdlib.h>
#include <string.h>
#include "generate.h"
#include "../board/board.h"

/* A uniqueness proof that takes more search nodes than KG_NODES (9x9 and
 * smaller) or KG_NODES_BIG (larger boards) counts as a failure: the merge
 * is not made, a first partition is drawn again.  From 12x12 a node costs
 * tens of microseconds and the proofs cut short were most of the time:
 * measured on six 12x12 seeds, 150 nodes (with the cage matchings of
 * exact.c) give 0.07-0.5 s a puzzle and as few cages as 3,000 nodes did
 * without them.  On 9x9 the 3,000 keep the puzzles as hard as ever.  The
 * puzzle printed is proven unique all the same. */
enum { KG_PARTITIONS = 40, KG_GRIDS = 20, KG_MAPS = 100, KG_NODES = 3000, KG_NODES_BIG = 150 };

void sdk_killer_gen_defaults(sdk_killer_gen *kg)
{
    kg->cage_min = 2;
    kg->cage_max = 5;
    kg->clues = 0;
}

/* The board of flags without the cages and a grid that solves it (a
 * jigsaw's map drawn until one has a grid the generator finds). */
static sdk_status base_grid(unsigned flags, int n, int br, int bc, const sdk_gen_params *g, sdk_rng *r,
                            uint8_t *region, uint8_t *grid, const sdk_budget *budget)
{
    char err[160];
    unsigned base = flags & ~(unsigned)SDK_VARIANT_KILLER;
    sdk_status st = SDK_UNSOLVABLE;
    for (int maps = 0; maps < KG_MAPS && st == SDK_UNSOLVABLE; maps++) {
        sdk_board *b = NULL;
        if (base & SDK_VARIANT_JIGSAW) {
            sdk_variant_random_regions(n, NULL, r, region);
            b = sdk_variant_board(base, n, region, err, sizeof err);
        } else if (base) {
            b = sdk_variant_board_boxed(base, n, br, bc, NULL, err, sizeof err);
        } else {
            b = sdk_board_new(br, bc);
        }
        if (!b)
            return SDK_UNSOLVABLE;
        st = sdk_generate_grid(b, g, sdk_rng_u32(r), grid, budget);
        sdk_board_free(b);
        if (!(base & SDK_VARIANT_JIGSAW))
            break;
    }
    return st;
}

/* Cages over grid: from each cell not yet caged, in random order, a cage
 * grown by random neighbours of digits it lacks to cage_min cells (one
 * more now and then, up to cage_max); a cell left short joins a touching
 * cage that has room and lacks its digits.  Returns 0 if a group could
 * not be placed (another order may do). */
static int partition(int n, const uint8_t *grid, const sdk_killer_gen *kg, sdk_rng *r, sdk_killer *k)
{
    int nc = n * n, order[SDK_MAX_CELLS], size[SDK_MAX_CELLS];
    uint32_t digits[SDK_MAX_CELLS];
    for (int c = 0; c < nc; c++) {
        k->cage[c] = -1;
        order[c] = c;
    }
    for (int i = nc - 1; i > 0; i--) {
        int j = (int)sdk_rng_below(r, (uint32_t)(i + 1)), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    k->ncages = 0;
    for (int i = 0; i < nc; i++) {
        int c = order[i];
        if (k->cage[c] >= 0)
            continue;
        int j = k->ncages++, want = kg->cage_min + (int)sdk_rng_below(r, 2), members[SDK_MAX_N], m = 0;
        if (want > kg->cage_max)
            want = kg->cage_max;
        k->cage[c] = (int16_t)j;
        members[m++] = c;
        digits[j] = 1u << grid[c];
        while (m < want) {
            int cand[4 * SDK_MAX_N], nbc = 0, nb[4];
            for (int x = 0; x < m; x++) {
                board_neighbours(n, members[x], nb);
                for (int q = 0; q < 4; q++)
                    if (nb[q] >= 0 && k->cage[nb[q]] < 0 && !(digits[j] >> grid[nb[q]] & 1))
                        cand[nbc++] = nb[q];
            }
            if (!nbc)
                break;
            int y = cand[sdk_rng_below(r, (uint32_t)nbc)];
            k->cage[y] = (int16_t)j;
            members[m++] = y;
            digits[j] |= 1u << grid[y];
        }
        size[j] = m;
        if (m >= kg->cage_min)
            continue;
        /* too small: into a touching cage with room and none of its digits */
        int into = -1, nb[4];
        for (int x = 0; x < m && into < 0; x++) {
            board_neighbours(n, members[x], nb);
            for (int q = 0; q < 4 && into < 0; q++) {
                int o = nb[q] >= 0 ? k->cage[nb[q]] : -1;
                if (o >= 0 && o != j && size[o] + m <= kg->cage_max && !(digits[o] & digits[j]))
                    into = o;
            }
        }
        if (into < 0)
            return 0;
        for (int x = 0; x < m; x++)
            k->cage[members[x]] = (int16_t)into;
        size[into] += m;
        digits[into] |= digits[j];
        k->ncages--;                    /* (j was the last cage) */
    }
    for (int j = 0; j < k->ncages; j++)
        k->sum[j] = 0;
    for (int c = 0; c < nc; c++)
        k->sum[k->cage[c]] = (uint16_t)(k->sum[k->cage[c]] + grid[c]);
    return 1;
}

/* The board of the killer so far (flags, side n, br x bc boxes, region,
 * k) and the puzzle's givens with grid their solution. */
typedef struct kg_puzzle {
    unsigned flags;
    int n, br, bc;
    const uint8_t *region, *puzzle, *grid;
    const sdk_budget *budget;
} kg_puzzle;

/* The status of a generation the budget stopped. */
static sdk_status stopped(const sdk_budget *budget)
{
    return budget && budget->interrupt && *budget->interrupt ? SDK_INTERRUPTED : SDK_TIMEOUT;
}

/* Whether the puzzle with cages k has grid as its only solution, proven
 * within KG_NODES (KG_NODES_BIG) nodes a search: 1, 0 (not unique, or not proven so), -1
 * if the caller's budget ran out, -2 if the board could not be built. */
static int unique(const kg_puzzle *q, const sdk_killer *k)
{
    char err[160];
    sdk_board *b = sdk_variant_board_killer(q->flags, q->n, q->br, q->bc, q->region, k, err, sizeof err);
    if (!b)
        return -2;
    int cells[SDK_MAX_CELLS], nfree = 0;
    for (int c = 0; c < b->ncells; c++)
        if (!q->puzzle[c])
            cells[nfree++] = c;
    const sdk_budget *budget = q->budget;
    sdk_budget capped = {budget ? budget->deadline : 0, q->n > 9 ? KG_NODES_BIG : KG_NODES,
                         budget ? budget->interrupt : NULL};
    int r = sdk_exact_differs(b, q->puzzle, q->grid, cells, nfree, NULL, &capped);
    sdk_board_free(b);
    if (r < 0)
        return budget && sdk_budget_expired(budget) ? -1 : 0;
    return !r;
}

/* Cage b of k merged into cage a (a < b), the last cage then numbered b. */
static void merge(sdk_killer *k, int ncells, int a, int b)
{
    int last = k->ncages - 1;
    k->sum[a] = (uint16_t)(k->sum[a] + k->sum[b]);
    for (int c = 0; c < ncells; c++)
        if (k->cage[c] == b)
            k->cage[c] = (int16_t)a;
    if (b != last) {
        for (int c = 0; c < ncells; c++)
            if (k->cage[c] == last)
                k->cage[c] = (int16_t)b;
        k->sum[b] = k->sum[last];
    }
    k->ncages--;
}

/* The merge stage: touching pairs of cages in random order, each merged
 * when the union has room and different digits and the puzzle stays
 * unique; until a pass merges nothing.  A pass tries only the pairs with a
 * cage the last pass made: a merge that failed fails again on the coarser
 * puzzle a later pass sees (a second solution stays one; a proof that ran
 * out of nodes only gets longer), and those proofs were most of the time
 * from 12x12 up. */
static sdk_status merge_cages(const kg_puzzle *q, const sdk_killer_gen *kg, sdk_rng *r, sdk_killer *k)
{
    int n = q->n, nc = n * n;
    const uint8_t *grid = q->grid;
    uint8_t fresh[SDK_MAX_CELLS], made[SDK_MAX_CELLS];    /* cells whose cage the last pass, this pass made */
    memset(fresh, 1, sizeof fresh);
    for (int changed = 1; changed; memcpy(fresh, made, sizeof fresh)) {
        changed = 0;
        memset(made, 0, sizeof made);
        int pa[2 * SDK_MAX_CELLS], pb[2 * SDK_MAX_CELLS], np = 0;
        for (int c = 0; c < nc; c++) {
            int nb[4];
            board_neighbours(n, c, nb);
            for (int q = 1; q < 4; q += 2)      /* below and right: each touching pair of cells once */
                if (nb[q] >= 0 && k->cage[nb[q]] != k->cage[c] && (fresh[c] || fresh[nb[q]]) &&
                    np < 2 * SDK_MAX_CELLS) {
                    pa[np] = c;
                    pb[np++] = nb[q];
                }
        }
        for (int i = np - 1; i > 0; i--) {
            int j = (int)sdk_rng_below(r, (uint32_t)(i + 1)), t = pa[i];
            pa[i] = pa[j];
            pa[j] = t;
            t = pb[i];
            pb[i] = pb[j];
            pb[j] = t;
        }
        for (int i = 0; i < np; i++) {
            int a = k->cage[pa[i]], b = k->cage[pb[i]], size = 0;
            if (a == b)
                continue;
            uint32_t da = 0, db = 0;
            for (int c = 0; c < nc; c++) {
                if (k->cage[c] == a)
                    da |= 1u << grid[c], size++;
                if (k->cage[c] == b)
                    db |= 1u << grid[c], size++;
            }
            if (size > kg->cage_max || (da & db))
                continue;
            static __thread sdk_killer trial;
            trial = *k;
            merge(&trial, nc, a < b ? a : b, a < b ? b : a);
            int u = unique(q, &trial);
            if (u < 0)
                return u == -1 ? stopped(q->budget) : SDK_UNSOLVABLE;
            if (u) {
                *k = trial;
                changed = 1;
                int m = k->cage[pa[i]];
                for (int c = 0; c < nc; c++)
                    if (k->cage[c] == m)
                        made[c] = 1;
            }
        }
    }
    return SDK_SOLVED;
}

sdk_status sdk_generate_killer(unsigned flags, int n, int br, int bc, const sdk_killer_gen *kg,
                               const sdk_gen_params *g, uint32_t seed, sdk_board **board, uint8_t *puzzle,
                               const sdk_budget *budget)
{
    sdk_rng r;
    sdk_rng_seed(&r, seed);
    flags |= SDK_VARIANT_KILLER;
    if (!(br && bc) && !sdk_board_default_shape(n, &br, &bc))
        return SDK_UNSOLVABLE;
    int nc = n * n;
    char err[160];
    static __thread sdk_killer k;      /* (2.5 kB each: off the stack) */
    kg_puzzle q = {flags, n, br, bc, NULL, puzzle, NULL, budget};
    uint8_t grid[SDK_MAX_CELLS], region[SDK_MAX_CELLS];
    for (int grids = 0; grids < KG_GRIDS; grids++) {
        sdk_status st = base_grid(flags, n, br, bc, g, &r, region, grid, budget);
        if (st != SDK_SOLVED)
            return st;
        const uint8_t *map = (flags & SDK_VARIANT_JIGSAW) ? region : NULL;
        q.region = map;
        q.grid = grid;
        for (int tries = 0; tries < KG_PARTITIONS; tries++) {
            if (!partition(n, grid, kg, &r, &k))
                continue;
            memset(puzzle, 0, (size_t)nc);
            for (int placed = 0; placed < kg->clues && placed < nc;) {
                int c = (int)sdk_rng_below(&r, (uint32_t)nc);
                if (!puzzle[c]) {
                    puzzle[c] = grid[c];
                    placed++;
                }
            }
            int u = unique(&q, &k);
            if (u < 0)
                return u == -1 ? stopped(budget) : SDK_UNSOLVABLE;
            if (!u)
                continue;
            st = merge_cages(&q, kg, &r, &k);
            if (st != SDK_SOLVED)
                return st;
            *board = sdk_variant_board_killer(flags, n, br, bc, map, &k, err, sizeof err);
            return *board ? SDK_SOLVED : SDK_UNSOLVABLE;
        }
    }
    return SDK_UNSOLVABLE;
}

/*
 * cluememo.c -- whether a clue set of a full grid is unique: the solver's
 * question after a removal (cluememo_removal_count, asked by both generators),
 * and what the clue chain of generate.c has learnt about its grid, so that
 * most of its questions are answered without the solver:
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
 * the sets); per unique set, how many of its cells are not clues, and the
 * mask of those with none ("whole": the clue set contains them); per
 * unavoidable set, how many clues it holds, and masks of those holding
 * exactly 1, 2, 3 or 4.  Removing the orbit R leaves a unique set whole iff
 * the set is whole now and holds no cell of R, and leaves an unavoidable
 * set without clues iff all h of its clues are in R: a few mask operations
 * per cell of R.  The counts are bit-sliced (one word per bit of the count
 * for 64 sets), so that a flip adds or subtracts one for all the sets of a
 * cell with a few word operations.
 */
#include <string.h>
#include "cluememo.h"
#include "../exact/exact9.h"

/* Whether every removed cell is a naked single of the clues left: its
 * peers' clues hold every digit but one (the grid's, as the puzzle was
 * unique).  Then every solution has the grid's digits there, so it solves
 * the unique puzzle, and is the grid: no search needed.  (While clues are
 * many, early in a clue chain, about a quarter of the solver's proofs are
 * this.) */
static int removed_cells_forced(const sdk_board *b, const uint8_t *puzzle, const int *cells, int k)
{
    for (int i = 0; i < k; i++) {
        int c = cells[i];
        uint32_t seen = 1;
        for (int p = b->peer_start[c]; p < b->peer_start[c + 1]; p++)
            seen |= 1u << puzzle[b->peers[p]];
        if (__builtin_popcount(seen) != b->n)     /* bit 0 and n - 1 digits */
            return 0;
    }
    return 1;
}

/* A second solution differs from grid in one of the removed cells (else
 * it would solve the unique puzzle), so on 9x9 the kernel asks, for
 * i = 0..k-1 in turn, whether a solution has cell i other than grid's
 * digit while cells 0..i-1 keep theirs: each of these searches is far
 * smaller than a count to two (which has to find the grid, then rule
 * everything else out), and the first solution found is the second one,
 * in other. */
int cluememo_removal_count(const sdk_board *b, uint8_t *puzzle, const int *cells, int k, const uint8_t *grid,
                      uint8_t *other, const sdk_budget *budget)
{
    if (removed_cells_forced(b, puzzle, cells, k))
        return 1;
    if (!sdk_board_is_plain9(b)) {
        other[0] = 0;
        int r = sdk_exact_differs(b, puzzle, grid, cells, k, other, budget);
        return r < 0 ? -1 : r == 0 ? 1 : 2;
    }
    uint8_t at[MAX_ORBIT];
    for (int i = 0; i < k; i++)
        at[i] = (uint8_t)cells[i];
    return sdk_exact9_differs(puzzle, grid, at, k, other, NULL) == 1 ? 2 : 1;
}

static void set_of_differences(const uint8_t *a, const uint8_t *b, int n, cell_set *out);

int cluememo_removal_unique(const sdk_board *b, uint8_t *puzzle, const int *cells, int k, const uint8_t *grid,
                       cell_set *differ, const sdk_budget *budget)
{
    memset(differ, 0, sizeof *differ);
    if (removed_cells_forced(b, puzzle, cells, k))
        return 1;
    if (sdk_board_is_plain9(b)) {
        uint8_t at[MAX_ORBIT];
        uint32_t bands[3];
        for (int i = 0; i < k; i++)
            at[i] = (uint8_t)cells[i];
        if (exact9_differs_cells(puzzle, grid, at, k, bands) != 1)
            return 1;
        /* cell 27 b + i is bit i of band b: bands 0 and 1 and 10 bits of 2
         * in the first word */
        differ->w[0] = bands[0] | (uint64_t)bands[1] << 27 | (uint64_t)bands[2] << 54;
        differ->w[1] = bands[2] >> 10;
        return 0;
    }
    uint8_t other[SDK_MAX_CELLS];
    int r = sdk_exact_differs(b, puzzle, grid, cells, k, other, budget);
    if (r <= 0)
        return r == 0 ? 1 : -1;
    set_of_differences(other, grid, b->ncells, differ);
    return 0;
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

void cluememo_start(clue_memo *m, int ncells)
{
    m->ncells = ncells;
    m->words = (ncells + 63) / 64;
    m->unique_count = m->learnt_count = 0;
    memset(m->lacking, 0, sizeof m->lacking);
    memset(m->hits, 0, sizeof m->hits);
    memset(m->used, 0, sizeof m->used);
    memset(m->whole, 0, sizeof m->whole);
    memset(m->held, 0, sizeof m->held);
    memset(m->in_unique, 0, sizeof m->in_unique[0] * (size_t)ncells);
    memset(m->in_avoid, 0, sizeof m->in_avoid[0] * (size_t)ncells);
}

/* Adds one (up) or subtracts one from the bit-sliced counters (planes of
 * `stride` words) of the sets in x, all in word j: a ripple carry, which
 * usually stops after a plane or two. */
static inline void count_step(uint64_t *planes, int stride, int j, uint64_t x, int up)
{
    for (int b = 0; b < COUNT_BITS && x; b++) {
        uint64_t *p = &planes[b * stride + j], carry = (up ? *p : ~*p) & x;
        *p ^= x;
        x = carry;
    }
}

/* Sets the counter of set `slot` to value. */
static void count_set(uint64_t *planes, int stride, int slot, unsigned value)
{
    uint64_t bit = 1ull << (slot & 63);
    for (int b = 0; b < COUNT_BITS; b++) {
        uint64_t *p = &planes[b * stride + (slot >> 6)];
        *p = (value >> b & 1) ? *p | bit : *p & ~bit;
    }
}

/* held[1..MAX_ORBIT] of word j, from the counts. */
static void memo_held(clue_memo *m, int j)
{
    uint64_t high = 0;
    for (int b = 3; b < COUNT_BITS; b++)
        high |= m->hits[b][j];
    uint64_t b0 = m->hits[0][j], b1 = m->hits[1][j], b2 = m->hits[2][j], low = ~high;
    m->held[1][j] = b0 & ~b1 & ~b2 & low;
    m->held[2][j] = ~b0 & b1 & ~b2 & low;
    m->held[3][j] = b0 & b1 & ~b2 & low;
    m->held[4][j] = ~b0 & ~b1 & b2 & low;
}

/* whole of word j, from the counts. */
static void memo_whole(clue_memo *m, int j)
{
    uint64_t lacking = 0;
    for (int b = 0; b < COUNT_BITS; b++)
        lacking |= m->lacking[b][j];
    m->whole[j] = m->used[j] & ~lacking;
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

/* Stores u as unavoidable set `slot` (replacing what was there if occupied);
 * the caller updates held (memo_held). */
static void memo_put_avoid(clue_memo *m, int slot, int occupied, const cell_set *u, const cell_set *clues)
{
    if (occupied)
        memo_index(&m->in_avoid[0][0], AW, &m->avoid[slot], m->words, slot, 0);
    m->avoid[slot] = *u;
    int hits = 0;
    for (int k = 0; k < m->words; k++)
        hits += __builtin_popcountll(u->w[k] & clues->w[k]);
    count_set(&m->hits[0][0], AW, slot, (unsigned)hits);
    memo_index(&m->in_avoid[0][0], AW, u, m->words, slot, 1);
}

void cluememo_learn_unique(clue_memo *m, const cell_set *clues)
{
    int slot = m->unique_count % MEMO_SETS;
    if (m->unique_count++ >= MEMO_SETS)
        memo_index(&m->in_unique[0][0], UW, &m->unique[slot], m->words, slot, 0);
    m->unique[slot] = *clues;
    count_set(&m->lacking[0][0], UW, slot, 0);      /* all its cells are clues */
    m->used[slot >> 6] |= 1ull << (slot & 63);
    m->whole[slot >> 6] |= 1ull << (slot & 63);
    memo_index(&m->in_unique[0][0], UW, clues, m->words, slot, 1);
}

void cluememo_learn_second(clue_memo *m, const cell_set *differ, const cell_set *clues)
{
    int slot = m->learnt_count % MEMO_SETS;
    memo_put_avoid(m, slot, m->learnt_count++ >= MEMO_SETS, differ, clues);
    memo_held(m, slot >> 6);
}

int cluememo_verdict(const clue_memo *m, const int *cells, int k)
{
    uint64_t unhit = 0;
    if (k == 2) {
        /* (the usual orbit, a cell and its partner: the counts directly) */
        const uint64_t *x = m->in_avoid[cells[0]], *y = m->in_avoid[cells[1]];
        for (int j = 0; j < AW; j++)
            unhit |= (m->held[1][j] & (x[j] ^ y[j])) | (m->held[2][j] & x[j] & y[j]);
    } else {
        /* Per unavoidable set, how many of the k cells it holds, bit-sliced. */
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

void cluememo_flip(clue_memo *m, const int *cells, int k, int delta, const cell_set *clues)
{
    (void)clues;
    for (int i = 0; i < k; i++) {
        int c = cells[i];
        for (int j = 0; j < UW; j++)        /* a clue gone: one more cell lacking */
            if (m->in_unique[c][j])
                count_step(&m->lacking[0][0], UW, j, m->in_unique[c][j], delta < 0);
        for (int j = 0; j < AW; j++)
            if (m->in_avoid[c][j])
                count_step(&m->hits[0][0], AW, j, m->in_avoid[c][j], delta > 0);
    }
    for (int j = 0; j < UW; j++)
        memo_whole(m, j);
    for (int j = 0; j < AW; j++)
        memo_held(m, j);
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
void cluememo_find_swaps(clue_memo *m, const sdk_board *b, const cell_set *peers, const uint8_t *grid,
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
    for (int j = 0; j < AW; j++)
        memo_held(m, j);
}

/*
 * cluememo.h -- cluememo.c's internal interface: whether a clue set of a
 * full grid is unique (the solver's question after a removal), and the memo
 * of what the answers prove.  Also the cell sets the clue chain counts in.
 */
#ifndef SUDOKU_CLUEMEMO_H
#define SUDOKU_CLUEMEMO_H

#include "sudoku.h"

/* A symmetry orbit has 1, 2 or 4 cells. */
enum { MAX_ORBIT = 4 };

/* ---- sets of cells, one bit a cell ---------------------------------------- */

enum { SET_WORDS = (SDK_MAX_CELLS + 63) / 64 };

typedef struct cell_set {
    uint64_t w[SET_WORDS];
} cell_set;

static inline void set_flip(cell_set *s, int c)
{
    s->w[c >> 6] ^= 1ull << (c & 63);
}

/* Solution count, up to 2, of puzzle: a unique puzzle with solution grid
 * from which the clues cells[0..k) (k <= MAX_ORBIT) were just removed.  If
 * 2, a second solution goes to other when one is at hand (else other[0] = 0).
 * -1 if the budget (may be NULL; only boards other than 9x9 look at it)
 * stopped the count. */
int cluememo_removal_count(const sdk_board *b, uint8_t *puzzle, const int *cells, int k, const uint8_t *grid,
                      uint8_t *other, const sdk_budget *budget);

/* The same question for the clue chain: 1 if the puzzle is unique; if
 * not, 0, and the cells where a second solution differs from grid go to
 * differ (none if no second solution is at hand); -1 out of budget. */
int cluememo_removal_unique(const sdk_board *b, uint8_t *puzzle, const int *cells, int k, const uint8_t *grid,
                       cell_set *differ, const sdk_budget *budget);

/* What the clue chain has learnt about the clue sets of its grid (see
 * cluememo.c): MEMO_SETS clue sets proven unique, as many unavoidable sets
 * from second solutions and as many from two-digit swaps, each indexed by
 * cell and counted against the current clue set. */
enum { MEMO_SETS = 128, MEMO_AVOID = 2 * MEMO_SETS, UW = MEMO_SETS / 64, AW = MEMO_AVOID / 64 };
/* Bits of the memo's counters: a count of cells of one board. */
enum { COUNT_BITS = 10 };

typedef struct clue_memo {
    int ncells, words;                  /* the grid's cells; words of a cell_set in use */
    int unique_count, learnt_count;     /* sets learnt (rings: the oldest go first) */
    cell_set unique[MEMO_SETS];         /* clue sets proven unique */
    /* Unavoidable sets: [0, MEMO_SETS) where second solutions differed from
     * the grid, then the two-digit swaps of cluememo_find_swaps. */
    cell_set avoid[MEMO_AVOID];
    /* Counters, one per set, bit-sliced: bit s of plane[b] is bit b of set
     * s's count, so one word of operations counts for 64 sets. */
    uint64_t lacking[COUNT_BITS][UW];   /* a unique set's cells that are not clues */
    uint64_t hits[COUNT_BITS][AW];      /* an unavoidable set's cells that are clues */
    uint64_t used[UW];                  /* the unique slots in use */
    uint64_t whole[UW];                 /* the unique sets all of whose cells are clues */
    /* held[h], 1 <= h <= MAX_ORBIT: the unavoidable sets with h clues (held[0] unused) */
    uint64_t held[MAX_ORBIT + 1][AW];
    uint64_t in_unique[SDK_MAX_CELLS][UW];   /* the unique sets holding the cell */
    uint64_t in_avoid[SDK_MAX_CELLS][AW];    /* the unavoidable sets holding it */
} clue_memo;

/* Forgets every set (for a new grid of ncells cells). */
void cluememo_start(clue_memo *m, int ncells);
/* Learns the grid's two-digit swaps (peers[c]: the peers of cell c),
 * counted against the clue set `clues`. */
void cluememo_find_swaps(clue_memo *m, const sdk_board *b, const cell_set *peers, const uint8_t *grid,
                         const cell_set *clues);
/* Would the current clue set stay unique without the clues cells[0..k)
 * (k <= MAX_ORBIT)?  1 yes, 0 no, -1 unknown.  Changes nothing. */
int cluememo_verdict(const clue_memo *m, const int *cells, int k);
/* The clues cells[0..k) have gone (delta -1) or come back (delta +1):
 * clues is the clue set now. */
void cluememo_flip(clue_memo *m, const int *cells, int k, int delta, const cell_set *clues);
/* The clue set `clues` (the current one) is proven unique. */
void cluememo_learn_unique(clue_memo *m, const cell_set *clues);
/* A second solution solves the puzzle of a refused removal: the cells
 * `differ` where it differs from the grid are an unavoidable set (counted
 * against the current clue set `clues`). */
void cluememo_learn_second(clue_memo *m, const cell_set *differ, const cell_set *clues);

#endif /* SUDOKU_CLUEMEMO_H */

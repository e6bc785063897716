/*
 * logic.h -- the human-technique solver's internal interface (src/logic/).
 *
 * A candidate grid (lg_grid) is worked by technique finders, each of which
 * looks for one family of steps and returns the easiest it finds as a step
 * record (lg_step): placements and eliminations as data, plus the text a
 * player reads.  A finder never changes the grid; lg_apply is the one
 * function that does, so explain, hint, rate --human and the generator all
 * apply steps the same way.  The ladder (ladder.c) calls the finders in the
 * order Sudoku Explainer 1.2.1.3 does and takes the first step found.
 *
 * Candidate bits: digit d (1..n) is bit d-1 of a cell's mask.
 * Houses come from the board (rows, columns, boxes or regions, extra houses),
 * so no finder knows a variant's name.
 */
#ifndef SUDOKU_LOGIC_H
#define SUDOKU_LOGIC_H

#include <stdint.h>
#include "sudoku.h"

typedef struct lg_grid {
    const sdk_board *b;
    int n;
    uint8_t  val[SDK_MAX_CELLS];   /* 0 = blank, else the digit placed (given or found) */
    uint8_t  given[SDK_MAX_CELLS]; /* 1: a clue of the puzzle */
    uint32_t cand[SDK_MAX_CELLS];  /* blank cells: bit d-1 set iff d is still possible; filled: 0 */
    int no_text;                   /* 1: steps get no players' text (rating alone needs none) */
} lg_grid;

typedef struct lg_cand {
    uint16_t cell;                 /* 0..ncells-1 */
    uint8_t  digit;                /* 1..n */
} lg_cand;

#define LG_MAX_PLACE 128
#define LG_MAX_ELIM  1024
#define LG_TEXT      1024

typedef struct lg_step {
    int tech;                      /* the ladder's row (set by the ladder, not the finder) */
    const char *name;              /* the technique as SE names it ("Forcing X-Chain", ...) */
    double rating;                 /* SE's rating of this step, bonuses included */
    int nplace, nelim;
    lg_cand place[LG_MAX_PLACE];   /* digits this step places */
    lg_cand elim[LG_MAX_ELIM];     /* candidates this step removes */
    char text[LG_TEXT];            /* players' notation, e.g. "r4c5=7 hidden single in box 5" */
} lg_step;

/* The finder's answer. */
enum { LG_NONE = 0, LG_FOUND = 1, LG_STOPPED = -1 /* the budget ran out */ };

/* Chaining producers, as Sudoku Explainer groups them (src/logic/chains.c):
 * each row of the ladder that is a chain calls lg_find_chain with one of
 * these.  level: 0 for plain chains; for dynamic+ and nested chains the
 * nesting level of SE (1 = dynamic+, 2..5 = nested). */
typedef struct lg_chain_kind {
    int multiple;                  /* cell and region forcing chains (SE 8.0+) */
    int dynamic;                   /* dynamic forcing chains (SE 8.5+) */
    int nishio;                    /* Nishio (SE 7.5) */
    int level;                     /* 0, or SE's nesting level 1..5 */
    int xy_only;                   /* the XY / X / Y variants where SE separates them */
} lg_chain_kind;

/* The easiest chaining step of this kind, ordered as SE orders its hints
 * (by rating, then complexity); rating includes SE's length bonus. */
int lg_find_chain(const lg_grid *g, const lg_chain_kind *k, lg_step *out, const sdk_budget *budget);

/* SE's length bonus: 0.1 for each threshold (4, 6, 8, 12, 16, 24, 32, 48, ...)
 * that complexity - 2 exceeds. */
double lg_length_bonus(int complexity);

/* Builds the candidate grid of a puzzle: givens placed, every blank cell's
 * candidates those no peer holds.  Returns 0 if two givens clash. */
int  lg_grid_init(lg_grid *g, const sdk_board *b, const uint8_t *puzzle);
/* Applies a step: places its digits (removing each from the cell's peers)
 * and removes its eliminations. */
void lg_apply(lg_grid *g, const lg_step *s);

/* The ladder (ladder.c): the next step, the first hint of the first
 * producer in SE's order that has one.  LG_FOUND, LG_NONE (stuck) or
 * LG_STOPPED (budget). */
int lg_next_step(const lg_grid *g, lg_step *out, const sdk_budget *budget);
int lg_ladder_rows(void);
const char *lg_ladder_name(int row);
double lg_ladder_rating(int row);

#endif

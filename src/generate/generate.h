/*
 * generate.h -- generate.c's internal interface: the clue chain (stage 2 of
 * source 000 section 13).  It includes the headers of the modules the
 * generator builds on (fullgrid.h, cluememo.h, exact9.h), which every file that
 * still includes generate.h for them keeps seeing.
 */
#ifndef SUDOKU_GENERATE_H
#define SUDOKU_GENERATE_H

#include "sudoku.h"
#include "cluememo.h"
#include "../exact/exact9.h"
#include "fullgrid.h"

/* The clue chain's steps from *step until one does something (returns its
 * cell, and *step its index) or until step `stop` (returns -1, *step =
 * stop).  A step draws a cell c (rng_below_fast(rng, nc)) and then u
 * (sdk_rng_u32), and does something iff u < live[c]. */
int generate_quiet_steps(sdk_rng *rng, const uint64_t *live, uint32_t nc, uint64_t *step, uint64_t stop);

#endif /* SUDOKU_GENERATE_H */

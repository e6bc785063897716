/*
 * lgint.h -- helpers the technique finders share (src/logic/ only): houses and
 * peers in the order Sudoku Explainer scans them, position masks, combination
 * stepping, and building a step record (effects plus players' text).
 */
#ifndef SUDOKU_LGINT_H
#define SUDOKU_LGINT_H

#include "logic.h"

#define LG_MAX_HOUSES 512
#define LG_MAX_PEERS  (SDK_MAX_CELLS)

static inline int lg_popc(uint32_t m) { return __builtin_popcount(m); }
static inline int lg_low(uint32_t m) { return __builtin_ctz(m); }
/* The next k-subset of a bit mask in colex order (SE's Permutations);
 * returns 0 when past the last subset below 1 << nbits. */
static inline uint32_t lg_next_comb(uint32_t v, int nbits)
{
    uint32_t t = v | (v - 1);
    uint32_t w = (t + 1) | (((~t & -~t) - 1) >> (__builtin_ctz(v) + 1));
    return (nbits < 32 && (w >> nbits)) ? 0 : w;
}

/* The k-subsets of the members of mask in colex order (the masks' numeric
 * order): lg_next_comb over their indices, mapped back (the map keeps the
 * order).  *idx: 0 to start; returns the next subset as a mask, 0 when done. */
static inline uint32_t lg_next_subset(uint32_t mask, int k, uint32_t *idx)
{
    int m = lg_popc(mask);
    if (m < k)
        return 0;
    *idx = *idx ? lg_next_comb(*idx, m) : (1u << k) - 1;
    uint32_t set = 0;
    int i = 0;
    for (uint32_t r = mask; r && *idx; r &= r - 1, i++)
        if (*idx >> i & 1)
            set |= r & -r;
    return *idx ? set : 0;
}

/* Which board a per-thread table was made for: its address and its serial
 * (a freed board's address can come back holding other houses).  A board
 * built by hand, without a serial, is never recognised. */
typedef struct {
    const sdk_board *b;
    unsigned long serial;
} lg_board_id;
static inline int lg_board_is(const lg_board_id *id, const sdk_board *b)
{
    return id->b == b && id->serial == b->serial && b->serial != 0;
}
static inline void lg_board_set(lg_board_id *id, const sdk_board *b)
{
    id->b = b;
    id->serial = b->serial;
}

/* Houses of one kind, in index order; returns how many. */
int lg_houses_of(const sdk_board *b, int kind, int *out);
/* The same list, kept per thread until another board is asked for. */
const int *lg_houses_kind(const sdk_board *b, int kind, int *count);
/* Houses in SE's scanning order: boxes, columns, rows, then extra houses. */
int lg_houses_scan(const sdk_board *b, int *out);
/* A cell's houses in SE's region-type order: box, row, column, extras. */
int lg_cell_houses(const sdk_board *b, int cell, int *out);
/* A cell's peers in SE's order (box cells, then row, then column, then extras). */
int lg_peers_se(const sdk_board *b, int cell, int *out);
/* 1 if cells a and b share a house. */
int lg_sees(const sdk_board *b, int a, int c);
/* The same as a bit matrix, for loops that ask often: lg_seen(t, a, c). */
typedef uint64_t lg_seen_row[(SDK_MAX_CELLS + 63) / 64];
const lg_seen_row *lg_sees_table(const sdk_board *b);
static inline int lg_seen(const lg_seen_row *t, int a, int c) { return (int)(t[a][c >> 6] >> (c & 63) & 1); }

/* Mask over house h1's cells of those also in h2 (cached per board). */
uint32_t lg_inter(const sdk_board *b, int h1, int h2);
/* Each house's places of each digit (pos[h][d], bit i: the i-th cell holds
 * candidate d), its blank cells (bit i: the i-th cell has no digit) and
 * its digits of one place and of several (bit d-1), for a grid at the
 * moment of the call (view.c; boards have at most LG_MAX_HOUSES houses).
 * The answer lasts until the next call.  epoch counts the grid states the
 * view has seen; hchanged[h], dchanged[d] and cchanged[c] are the epochs at
 * which house h's cells, digit d's candidates or cell c last changed (a new
 * board: all). */
typedef struct lg_view {
    uint32_t pos[LG_MAX_HOUSES][SDK_MAX_N + 1];
    uint32_t blank[LG_MAX_HOUSES];
    uint32_t one[LG_MAX_HOUSES], many[LG_MAX_HOUSES];
    unsigned long epoch;
    unsigned long hchanged[LG_MAX_HOUSES], dchanged[SDK_MAX_N + 1], cchanged[SDK_MAX_CELLS];
} lg_view;
const lg_view *lg_view_of(const lg_grid *g);
/* Finders whose answer in a house (or for a digit) depends on that house's
 * cells (that digit's candidates) alone keep, per thread, the epoch at which
 * they last found nothing: a house or digit unchanged since holds nothing
 * still, so only the changed ones are searched, in the usual order. */
static inline int lg_changed(unsigned long changed, unsigned long none) { return changed > none; }
/* The i-th cell of house h. */
static inline int lg_hcell(const lg_grid *g, int h, int i) { return g->b->house_cells[h * g->n + i]; }

/* Step building: begin clears the record; elim/place add an effect once. */
void lg_begin(lg_step *s, const char *name, double rating);
void lg_elim(const lg_grid *g, lg_step *s, int cell, int d);
void lg_place(lg_step *s, int cell, int d);
/* Copies a step's used parts (the record is large; most of it is unused). */
void lg_step_copy(lg_step *dst, const lg_step *src);
/* Writes the text: the effects in players' notation, the name, then detail
 * (": " and fmt's, unless fmt is NULL); the one formatter of every step's
 * result.  Nothing when the grid wants no text. */
void lg_text(const lg_grid *g, lg_step *s, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Appends to a step's text; a text cut at LG_TEXT ends in "...". */
void lg_text_add(lg_step *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "row 3", "column 5", "box 1", "house 28" */
const char *lg_house_name(const sdk_board *b, int h, char *buf, size_t size);
/* "r4c5" */
const char *lg_cell_name(const sdk_board *b, int cell, char *buf, size_t size);

/* The finders (one family a file); each returns LG_FOUND with *out filled, or LG_NONE. */
typedef int (*lg_finder_fn)(const lg_grid *g, int arg, lg_step *out);
int lg_find_hidden_single(const lg_grid *g, int arg, lg_step *out);
int lg_find_naked_single(const lg_grid *g, int arg, lg_step *out);
int lg_find_locking(const lg_grid *g, int direct, lg_step *out);
int lg_find_hidden_set(const lg_grid *g, int arg, lg_step *out);   /* arg: degree, +16 direct */
int lg_find_naked_set(const lg_grid *g, int degree, lg_step *out);
int lg_find_fish(const lg_grid *g, int degree, lg_step *out);
int lg_find_xywing(const lg_grid *g, int xyz, lg_step *out);
int lg_find_unique_loop(const lg_grid *g, int arg, lg_step *out);
int lg_find_bug(const lg_grid *g, int arg, lg_step *out);
int lg_find_aligned(const lg_grid *g, int degree, lg_step *out);

#endif

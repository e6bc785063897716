/*
 * fpuzzles.h -- what the reader needs of fpuzzles.c (internal, prefix fp_):
 * which text is f-puzzles input, and how long a line the translation of
 * one can be.  The translation itself and the writers are public
 * (sdk_fpuzzles_*, include/sudoku.h).
 */
#ifndef SUDOKU_FPUZZLES_H
#define SUDOKU_FPUZZLES_H

#include <stddef.h>
#include "sudoku.h"

/* Room for the line an f-puzzles object becomes: a variant's name, the
 * cells, region labels, cage labels, and up to one sum (and comma) a cell. */
#define FP_LINE_MAX (7 * SDK_MAX_CELLS + 64)

/* Whether text (NUL-terminated, leading blanks skipped by the caller) is
 * f-puzzles input: an object with a "grid" or "size" key, a link (http,
 * https, www.f-puzzles.com, sudokupad.app ...) or "?load=" / "load=". */
int fp_recognise(const char *text);

/* Whether the line s[0..len) (NUL-terminated) opens a json object spread
 * over lines: a "{" alone, as pretty-printers start, or a first line left
 * open that is not one of our own records ({"line":..., {"index":...,
 * {"puzzle":...: one cut short stays one bad line and takes no more).
 * Returns the depth it leaves open, or 0. */
int fp_json_opens(const char *s, size_t len);
/* The depth after the next line s[0..len) of such an object, depth the
 * depth before it; -1 if a string is left open at its end (json strings
 * never span lines: no object). */
int fp_json_depth(const char *s, size_t len, int depth);

#endif

/*
 * records.h -- the program's own csv and json records, read back: the csv
 * field splitter and the json walker that both the puzzle reader (reader.c:
 * every command reads what any command writes) and print's labels
 * (src/out/fields.c) use, so there is one parser of each.
 */
#ifndef SUDOKU_RECORDS_H
#define SUDOKU_RECORDS_H

#include <stddef.h>

/* The next csv field of *p (a NUL-terminated line): its start and length,
 * surrounding blanks and quotes dropped (a quoted field may hold commas, as
 * a variant's name "jigsaw,x ..." does); *p moves past the comma, or becomes
 * NULL after the last field.  Returns 0 when *p is NULL (no more fields). */
int records_csv_next(const char **p, const char **start, size_t *len);

/* The column of a csv header named name, or -1 if the line has none. */
int records_csv_column(const char *line, const char *name);

/* Field col of a csv row into out (cap bytes, NUL-terminated): 1, 0 if the
 * row has fewer fields, -1 if the field does not fit. */
int records_csv_field(const char *line, int col, char *out, size_t cap);

/* A json string at p (at its opening quote) unescaped into out (cap bytes;
 * out NULL: skipped).  Returns the position after it, or NULL if malformed
 * or too long.  \u escapes become '?': our records are ASCII. */
const char *records_json_string(const char *p, char *out, size_t cap);

/* Called for each top-level key of a json object: the key (unescaped, ""
 * if longer than 31 bytes), its value's text [value, end).  Returns 0 to
 * stop the walk as malformed. */
typedef int (*records_json_fn)(void *ctx, const char *key, const char *value, const char *end);

/* Walks one json object on a NUL-terminated line (nested values skipped).
 * Returns 1 if the line is a well-formed object, else 0. */
int records_json_object(const char *line, records_json_fn fn, void *ctx);

/* The end of the json value at p (nested objects and arrays skipped by
 * depth), or NULL if malformed. */
const char *records_json_end(const char *p);

/* Called for each element [value, end) of a json array, with its index.
 * Returns 0 to stop the walk as malformed. */
typedef int (*records_json_item_fn)(void *ctx, int index, const char *value, const char *end);

/* Walks the json array at p (its '['): returns the position after its ']',
 * or NULL if it is malformed or fn stopped it.  f-puzzles' nested grid and
 * cage lists (fpuzzles.c) are read with it. */
const char *records_json_array(const char *p, records_json_item_fn fn, void *ctx);

#endif

/*
 * reader.c -- reading puzzles from text, one record per puzzle, in input order.
 *
 * Two layouts are accepted and may be mixed in one input:
 *   - a line: all n*n cells on one line (whitespace between cells allowed),
 *     anything after the cells separated by whitespace or ':' ',' ';' ignored,
 *     text before a compact run of cells ignored too ("name 5 173 <cells>");
 *   - a grid: n consecutive lines of n cells, with optional '|', '+', '-'
 *     border lines, blank columns, and blank lines between box bands.
 * Variant boards (docs/variants.md): a line may start with the variant's
 * name, in any case ("x <cells>", "JIGSAW,X <cells> <labels>"), or a line
 * holding only the name applies to the record after it; otherwise --variant
 * applies, or what the text shows: a samurai's 21x21 layout or five 81-cell
 * grids on a line, a jigsaw's region labels after its cells (on the line, or
 * as a grid after the grid) when they make connected regions (a solution's
 * digits never do: equal digits are never neighbours).
 * Blanks are . 0 _ * -; digits above 9 are letters (A=10, B=11, ...).
 * '#' starts a comment line; CRLF endings and a UTF-8 BOM are accepted.
 *
 * The input is classified a line at a time into a small look-ahead queue, so
 * memory stays bounded whatever the input (an overlong line is cut and
 * reported, never stored whole), and reading uses read(2) so a record is
 * delivered as soon as its last line arrives.
 */
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include "board.h"
#include "fpuzzles.h"
#include "records.h"

#ifndef READ_LINE_MAX
#define READ_LINE_MAX 65536     /* longer lines are reported, not stored */
#endif
#ifndef READ_IO_SIZE
#define READ_IO_SIZE 65536      /* read(2) buffer; the fuzz build makes it tiny */
#endif
#define READ_QUEUE 48           /* look-ahead: a 16x16 grid plus its separators */

typedef enum { LN_BLANK, LN_COMMENT, LN_SEPARATOR, LN_CELLS, LN_RECORD, LN_ERROR, LN_VARIANT, LN_CANDROW,
               LN_CAGES } line_kind;

enum { LAYOUT_COLS = 21 };              /* the samurai layout's width */

typedef struct read_line {
    line_kind kind;
    long number;
    int ncells;
    int maxval;
    uint8_t cells[SDK_MAX_CELLS];
    int has_cand;               /* a candidate position (LN_RECORD) or row (LN_CANDROW) */
    uint16_t cand[81];
    char error[120];
    int has_variant;                    /* the line names a variant (flags in variant) */
    unsigned variant;
    int samurai;                        /* five 81-cell grids: cells holds 405 */
    int nlabels;                        /* region labels after the cells (values as cells) */
    uint8_t labels[SDK_MAX_CELLS];
    char label_note[96];                /* why the text after the cells is not n*n labels, if it is not */
    /* A killer's cages after the cells (and any region labels), or on a
     * "cages LABELS SUMS" line after a grid (LN_CAGES): the labels as
     * written and the sums; or why the text there is not cages. */
    int killer;
    char cages[SDK_MAX_CELLS + 1];
    int nsums;
    uint16_t sums[SDK_MAX_CELLS];
    char killer_note[96];
    int dashrow;                        /* LN_CELLS of dashes only: a row of blanks or a border */
    int span;                           /* spaced cells: columns from the first cell to the last */
    uint32_t laymask;                   /* columns 0..20 holding a cell, on a line of cells and spaces */
    int laytab;                         /* that line has a tab before a cell (counted as one column) */
    uint8_t lay[LAYOUT_COLS];
} read_line;

/* The keys of a json record the reader takes. */
typedef struct json_record {
    char puzzle[SDK_MAX_LINE], variant[32], regions[SDK_MAX_CELLS + 1];
    char cages[SDK_MAX_CELLS + 1], sums[4 * SDK_MAX_CELLS];
    char candidates[730];               /* a 9x9 position's pencilmarks (hint, explain) */
    int too_long;                       /* one of them did not fit */
} json_record;

struct sdk_reader {
    int fd;
    const char *name;
    sdk_read_options opt;
    long lineno;
    int eof, at_start;
    char io[READ_IO_SIZE];
    size_t io_pos, io_len;
    char *text;                 /* the current raw line, at most READ_LINE_MAX bytes and a NUL */
    int csv_col;                /* in a csv table: its puzzle column; else -1 */
    int csv_wide;               /* its header has several columns: a row has a comma */
    char field[2 * SDK_MAX_LINE];       /* a csv or json record's puzzle, as a line */
    char fp_line[FP_LINE_MAX];          /* an f-puzzles puzzle, as our line */
    json_record json;
    read_line queue[READ_QUEUE];
    int q_head, q_count;
    int has_pending;            /* a line naming a variant, for the next record */
    unsigned pending;
};

/* Sides a standard board can have, and the line lengths they give. */
static int side_of_cell_count(int k)
{
    int n = (int)(sqrt((double)k) + 0.5), r, c;
    return n * n == k && sdk_board_default_shape(n, &r, &c) ? n : 0;
}

static int is_grid_width(int k)
{
    int r, c;
    return sdk_board_default_shape(k, &r, &c);
}

/* Value of a cell character: 0 for a blank, 1..35 for a digit or letter,
 * -1 if the character is not a cell. */
/* cell_values[ch] - 1 is the value of a cell character: 0 for a blank, 1..35
 * for a digit or letter; 0 in the table means "not a cell".  A table, because
 * this runs for every character of every input line. */
static const uint8_t cell_values[256] = {
    ['.'] = 1, ['0'] = 1, ['_'] = 1, ['*'] = 1, ['-'] = 1,
    ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6, ['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10,
    ['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16, ['G'] = 17, ['H'] = 18,
    ['I'] = 19, ['J'] = 20, ['K'] = 21, ['L'] = 22, ['M'] = 23, ['N'] = 24, ['O'] = 25, ['P'] = 26,
    ['Q'] = 27, ['R'] = 28, ['S'] = 29, ['T'] = 30, ['U'] = 31, ['V'] = 32, ['W'] = 33, ['X'] = 34,
    ['Y'] = 35, ['Z'] = 36,
};

/* Value of a cell character: 0 for a blank, 1..35 for a digit or letter,
 * -1 if the character is not a cell. */
static int cell_value(unsigned char ch)
{
    return (int)cell_values[ch] - 1;
}

static int is_space(unsigned char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

static int is_terminator(unsigned char ch)
{
    return ch == ':' || ch == ',' || ch == ';';
}

static int is_rule_char(unsigned char ch)
{
    return ch == '-' || ch == '+' || ch == '=' || ch == '|';
}

static void describe_char(unsigned char ch, char *out, size_t size)
{
    if (ch >= 0x20 && ch < 0x7f)
        snprintf(out, size, "'%c'", ch);
    else
        snprintf(out, size, "byte 0x%02X", ch);
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void line_error(read_line *ln, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    ln->kind = LN_ERROR;
    vsnprintf(ln->error, sizeof ln->error, fmt, args);
    va_end(args);
}

/* The next whitespace-separated word from *j: *j moves to its start;
 * returns its end (*j itself at the end of the line). */
static size_t next_word(const char *s, size_t *j, size_t len)
{
    while (*j < len && is_space((unsigned char)s[*j]))
        (*j)++;
    size_t e = *j;
    while (e < len && !is_space((unsigned char)s[e]))
        e++;
    return e;
}

/* Appends the cells of one token, from start up to a terminator or the end.
 * '|' and '+' inside a token are box separators and skipped.  Returns the
 * position where the cells stopped. */
static size_t take_cells(read_line *ln, const char *s, size_t start, size_t end)
{
    /* The counts in locals: stores to ln->cells (bytes) may alias them. */
    int n = ln->ncells, maxval = ln->maxval;
    size_t i = start;
    for (; i < end; i++) {
        unsigned char ch = (unsigned char)s[i];
        int v = cell_value(ch);
        if (v < 0) {
            if (ch == '|' || ch == '+')
                continue;
            break;
        }
        if (n < SDK_MAX_CELLS) {
            ln->cells[n] = (uint8_t)v;
            maxval = v > maxval ? v : maxval;
        }
        n++;
    }
    ln->ncells = n;
    ln->maxval = maxval;
    return i;
}

/* Where the cells of a short line of cells and spaces stand (the samurai
 * layout is told by these columns).  A word after the cells that is not
 * cells ("extra", "# note") is ignored as on any line; a tab is noted, since
 * a layout placed by columns cannot say how wide a tab is. */
static void classify_layout(read_line *ln, const char *s, size_t len)
{
    uint32_t mask = 0;
    int tab = 0;
    for (size_t j = 0; j < len; j++) {
        unsigned char ch = (unsigned char)s[j];
        int v = cell_value(ch);
        if (v >= 0 && j < LAYOUT_COLS) {
            mask |= 1u << j;
            ln->lay[j] = (uint8_t)v;
            ln->laytab |= tab;          /* a tab after the cells is harmless */
        } else if (ch == '\t') {
            tab = 1;
        } else if (!is_space(ch)) {
            if (v >= 0 || !mask || !is_space((unsigned char)s[j - 1]))
                return;
            break;                      /* trailing text */
        }
    }
    ln->laymask = mask;
}

/* A leading variant name ("x", "jigsaw,x", "samurai", "standard"): noted
 * and skipped; a line of the name alone is LN_VARIANT.  Returns 1 if the
 * line is classified. */
static int classify_variant_word(read_line *ln, const char *s, size_t *at, size_t len)
{
    size_t i = *at, e = i;
    while (e < len && !is_space((unsigned char)s[e]))
        e++;
    char word[32];
    if (e - i >= sizeof word)
        return 0;
    memcpy(word, s + i, e - i);
    word[e - i] = '\0';
    if (!sdk_variant_parse(word, &ln->variant))
        return 0;
    ln->has_variant = 1;
    while (e < len && is_space((unsigned char)s[e]))
        e++;
    *at = e;
    if (e == len) {
        ln->kind = LN_VARIANT;
        return 1;
    }
    return 0;
}

/* Whether the word at i could be cells of a grid row: every character a
 * digit or letter of some board (up to 'P', 25).  Of the variant names only
 * "DIAGONAL" is. */
static int word_could_be_cells(const char *s, size_t i, size_t len)
{
    for (; i < len && !is_space((unsigned char)s[i]); i++) {
        int v = cell_value((unsigned char)s[i]);
        if (v < 0 || v > SDK_MAX_N)
            return 0;
    }
    return 1;
}

/* Whole tokens of cells: the count of token t's cells, or -1 if it holds
 * anything else. */
static int token_cells(const char *s, size_t j, size_t e)
{
    for (size_t t = j; t < e; t++)
        if (cell_value((unsigned char)s[t]) < 0)
            return -1;
    return (int)(e - j);
}

/* A cage label: '.' (no cage) or one of [0-9A-Za-z]. */
static int is_cage_char(unsigned char ch)
{
    return ch == '.' || (ch >= '0' && ch <= '9') || (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z');
}

/* Whether s[j..e) is k cage labels. */
static int cage_token(const char *s, size_t j, size_t e, int k)
{
    if ((int)(e - j) != k)
        return 0;
    for (size_t t = j; t < e; t++)
        if (!is_cage_char((unsigned char)s[t]))
            return 0;
    return 1;
}

/* Whether s[j..e) looks like sums: digits and commas, a digit first. */
static int sums_token(const char *s, size_t j, size_t e)
{
    if (j == e || s[j] < '0' || s[j] > '9')
        return 0;
    for (size_t t = j; t < e; t++)
        if (!(s[t] == ',' || (s[t] >= '0' && s[t] <= '9')))
            return 0;
    return 1;
}

/* A killer's cage labels s[j..e) (k of them, checked by cage_token) and
 * sums s[a..z) into ln.  Returns 1, or 0 with killer_note set. */
static int take_cages(read_line *ln, const char *s, size_t j, size_t e, size_t a, size_t z)
{
    memcpy(ln->cages, s + j, e - j);
    ln->cages[e - j] = '\0';
    ln->nsums = 0;
    for (size_t t = a; t < z;) {
        long v = 0;
        size_t d = t;
        while (d < z && s[d] >= '0' && s[d] <= '9' && v < 100000)
            v = v * 10 + (s[d++] - '0');
        if (d == t || (d < z && s[d] != ',') || v > 65535 || ln->nsums == SDK_MAX_CELLS) {
            snprintf(ln->killer_note, sizeof ln->killer_note,
                     "bad cage sums at column %d (sums are numbers separated by commas)", (int)d + 1);
            return 0;
        }
        ln->sums[ln->nsums++] = (uint16_t)v;
        t = d + (d < z);
        if (d + 1 == z) {
            snprintf(ln->killer_note, sizeof ln->killer_note, "cage sums end with a comma (column %d)", (int)z);
            return 0;
        }
    }
    ln->killer = 1;
    return 1;
}

/* After k cells at tokens 1.. (ntok of them): a killer's cage labels and
 * sums, after any jigsaw's region labels (then *cage_at is 2).  Returns 1
 * if they are there (ln->killer), else 0 (a note kept in killer_note when
 * the text looks meant for cages). */
static int classify_cages(read_line *ln, const char *s, const size_t *start, const size_t *end, int ntok, int k,
                          int *cage_at)
{
    int at = 0;
    if (ntok >= 4 && cage_token(s, start[2], end[2], k) && sums_token(s, start[3], end[3]))
        at = 2;
    else if (ntok >= 3 && cage_token(s, start[1], end[1], k) && sums_token(s, start[2], end[2]))
        at = 1;
    *cage_at = at;
    if (at)
        return take_cages(ln, s, start[at], end[at], start[at + 1], end[at + 1]);
    if (ntok >= 2 && (int)(end[1] - start[1]) == k && !cage_token(s, start[1], end[1], k)) {
        size_t t = start[1];
        while (is_cage_char((unsigned char)s[t]))
            t++;
        char what[16];
        describe_char((unsigned char)s[t], what, sizeof what);
        snprintf(ln->killer_note, sizeof ln->killer_note,
                 "bad cage label %s at column %d (labels are '.', 0-9, A-Z, a-z)", what, (int)t + 1);
    } else if (ntok >= 2 && cage_token(s, start[1], end[1], k)) {
        snprintf(ln->killer_note, sizeof ln->killer_note, "cage labels without their sums after them");
    } else if (ntok >= 2) {
        snprintf(ln->killer_note, sizeof ln->killer_note, "%d cage labels for %d cells",
                 (int)(end[ntok >= 3 && cage_token(s, start[1], end[1], k) ? 2 : 1] - start[1]), k);
    }
    return 0;
}

/* A variant's line: five 81-cell grids (samurai), or n*n cells then n*n
 * region labels (1-9, A-Z), or a killer's n*n cells, any region labels,
 * n*n cage labels and the sums.  Returns 1 if the line is classified. */
static int classify_variant_line(read_line *ln, const char *s, size_t i, size_t len)
{
    size_t start[6], end[6];
    int ntok = 0;
    ln->samurai = 0;
    ln->nlabels = 0;
    for (size_t j = i; j < len && ntok < 6;) {
        while (j < len && is_space((unsigned char)s[j]))
            j++;
        if (j == len)
            break;
        start[ntok] = j;
        while (j < len && !is_space((unsigned char)s[j]))
            j++;
        end[ntok++] = j;
    }
    int five = ntok >= 5;               /* (words after the grids ignored, as on any line) */
    for (int t = 0; t < 5 && five; t++)
        five = token_cells(s, start[t], end[t]) == 81;
    int k = ntok >= 2 ? token_cells(s, start[0], end[0]) : -1;
    int cage_at = 0;
    ln->killer = 0;
    ln->killer_note[0] = '\0';
    int killer = !five && k >= 16 && side_of_cell_count(k) && classify_cages(ln, s, start, end, ntok, k, &cage_at);
    int labels = !five && k >= 16 && side_of_cell_count(k) && (int)(end[1] - start[1]) == k && cage_at != 1;
    for (size_t t = start[1]; labels && t < end[1]; t++)
        labels = cell_value((unsigned char)s[t]) > 0;
    if (killer && cage_at == 2 && !labels) {
        snprintf(ln->killer_note, sizeof ln->killer_note, "bad region labels before the cage labels "
                 "(region labels are 1-9, A-Z)");
        killer = ln->killer = 0;
    }
    if (!five && !labels && k >= 16 && side_of_cell_count(k) && !killer) {
        /* Kept for a record said to be a jigsaw: what is wrong with its labels. */
        size_t t = start[1];
        while (t < end[1] && cell_value((unsigned char)s[t]) > 0)
            t++;
        if (t < end[1]) {
            char what[16];
            describe_char((unsigned char)s[t], what, sizeof what);
            snprintf(ln->label_note, sizeof ln->label_note,
                     "bad region label %s at column %d (labels are 1-9, A-Z)", what, (int)t + 1);
        } else {
            snprintf(ln->label_note, sizeof ln->label_note, "%d region labels for %d cells",
                     (int)(end[1] - start[1]), k);
        }
    }
    if (!five && !labels && !killer)
        return 0;
    ln->ncells = 0;
    ln->maxval = 0;
    for (int t = 0; t < (five ? 5 : 1); t++)
        take_cells(ln, s, start[t], end[t]);
    for (size_t t = start[1]; labels && t < end[1]; t++)
        ln->labels[ln->nlabels++] = (uint8_t)cell_value((unsigned char)s[t]);
    ln->samurai = five;
    ln->kind = LN_RECORD;
    return 1;
}

/* With candidates on: a 9x9 position with candidates on one line, or one
 * row of a candidate grid (9 groups, one of them of two digits or more). */
static int classify_candidates(read_line *ln, const char *s, size_t len)
{
    char err[120];
    uint32_t cand[81];
    if (sdk_human_parse_candidates(9, s, len, 81, ln->cells, cand, err, sizeof err)) {
        for (int i = 0; i < 81; i++)
            ln->cand[i] = (uint16_t)cand[i];
        ln->kind = LN_RECORD;
        ln->ncells = 81;
        ln->maxval = 9;
        ln->has_cand = 1;
        return 1;
    }
    if (sdk_human_parse_candidates(9, s, len, 9, ln->cells, cand, err, sizeof err)) {
        for (int i = 0; i < 9; i++)
            ln->cand[i] = (uint16_t)cand[i];
        for (int i = 0; i < 9; i++)
            if (ln->cand[i]) {
                ln->kind = LN_CANDROW;
                ln->ncells = 9;
                ln->has_cand = 1;
                return 1;
            }
    }
    return 0;
}

static void classify_cells(read_line *ln, const char *s, size_t i, size_t len);

/* A killer grid's "cages LABELS SUMS" line (after the grid and any grid of
 * region labels).  Returns 1 if the line starts with the word. */
static int classify_cages_line(read_line *ln, const char *s, size_t i, size_t len)
{
    if (len - i < 5 || strncasecmp(s + i, "cages", 5) != 0 || (i + 5 < len && !is_space((unsigned char)s[i + 5])))
        return 0;
    size_t j = i + 5, e = next_word(s, &j, len), a = e, z = next_word(s, &a, len);
    int k = (int)(e - j);
    /* (an LN_CAGES line even when wrong, so that a grid takes it as its own) */
    ln->kind = LN_CAGES;
    ln->error[0] = '\0';
    if (!side_of_cell_count(k) || !cage_token(s, j, e, k))
        snprintf(ln->error, sizeof ln->error, "cages line: %d characters of cage labels, not n*n of '.', 0-9, "
                 "A-Z, a-z", k);
    else if (!sums_token(s, a, z))
        snprintf(ln->error, sizeof ln->error, "cages line: the cage labels without their sums after them");
    else if (!take_cages(ln, s, j, e, a, z))
        snprintf(ln->error, sizeof ln->error, "cages line: %s", ln->killer_note);
    ln->ncells = k;
    return 1;
}

/* Classifies the text of a line (or of a csv or json record's puzzle). */
static void classify_text(read_line *ln, const char *s, size_t len, int candidates)
{
    size_t i = 0;
    while (i < len && is_space((unsigned char)s[i]))
        i++;
    if (i == len) {
        ln->kind = LN_BLANK;
        return;
    }
    if (s[i] == '#') {
        ln->kind = LN_COMMENT;
        return;
    }
    if (candidates && classify_candidates(ln, s + i, len - i))
        return;
    if (classify_cages_line(ln, s, i, len))
        return;
    classify_layout(ln, s, len);
    size_t name = i;
    if (classify_variant_word(ln, s, &i, len))
        return;
    classify_cells(ln, s, i, len);
    if (ln->has_variant && ln->kind != LN_RECORD && word_could_be_cells(s, name, len)) {
        /* "DIAGONAL" is also eight digits of a 25x25 grid row: in capitals it
         * names the variant only before a whole puzzle on its line. */
        ln->has_variant = 0;
        classify_cells(ln, s, name, len);
    }
}

/* A csv or json record's puzzle (what, for messages): one whole record on
 * its line, never a grid row nor a name for the next line. */
static void classify_field(read_line *ln, const char *text, int candidates, const char *what)
{
    classify_text(ln, text, strlen(text), candidates);
    ln->laymask = 0;
    if (ln->kind == LN_CELLS && ln->ncells == 16) {
        ln->kind = LN_RECORD;           /* a 4x4 puzzle */
    } else if (ln->kind == LN_ERROR) {
        char msg[sizeof ln->error];
        snprintf(msg, sizeof msg, "%s", ln->error);
        line_error(ln, "%s: %s", what, msg);
    } else if (ln->kind != LN_RECORD) {
        line_error(ln, "%s is not a whole puzzle (%d cells)", what, ln->ncells);
    }
}

/* The key of a json record named key, if the reader takes it. */
static char *json_slot(json_record *j, const char *key, size_t *cap)
{
    if (strcmp(key, "puzzle") == 0)
        return *cap = sizeof j->puzzle, j->puzzle;
    if (strcmp(key, "variant") == 0)
        return *cap = sizeof j->variant, j->variant;
    if (strcmp(key, "regions") == 0)
        return *cap = sizeof j->regions, j->regions;
    if (strcmp(key, "candidates") == 0)
        return *cap = sizeof j->candidates, j->candidates;
    if (strcmp(key, "cages") == 0)
        return *cap = sizeof j->cages, j->cages;
    if (strcmp(key, "sums") == 0)
        return *cap = sizeof j->sums, j->sums;
    return NULL;
}

static int json_key(void *ctx, const char *key, const char *value, const char *end)
{
    json_record *j = ctx;
    size_t cap;
    char *slot = json_slot(j, key, &cap);
    (void)end;
    if (slot && *value == '"' && !records_json_string(value, slot, cap))
        j->too_long = 1;
    return 1;
}

/* Whether text starts with a variant's name (its length in *len). */
static int names_variant(const char *text, size_t *len)
{
    char word[32];
    unsigned flags;
    *len = strcspn(text, " ");
    if (*len == 0 || *len >= sizeof word)
        return 0;
    memcpy(word, text, *len);
    word[*len] = '\0';
    return sdk_variant_parse(word, &flags);
}

/* A JSON Lines record: its "puzzle", after its "variant" unless the puzzle
 * names one, and before its "regions", then a killer's "cages" and "sums",
 * unless the puzzle has its labels; a position's "candidates" where the
 * command reads candidates. */
static void classify_json(sdk_reader *r, read_line *ln, const char *s)
{
    json_record *j = &r->json;
    j->puzzle[0] = j->variant[0] = j->regions[0] = j->candidates[0] = j->cages[0] = j->sums[0] = '\0';
    j->too_long = 0;
    if (!records_json_object(s, json_key, j)) {
        line_error(ln, "a json record, but not one object on the line");
        return;
    }
    if (j->too_long || !j->puzzle[0]) {
        line_error(ln, j->too_long ? "json record: its puzzle, variant, regions, cages or sums too long for a puzzle"
                                   : "json record without a \"puzzle\" string");
        return;
    }
    if (r->opt.candidates && j->candidates[0]) {
        classify_field(ln, j->candidates, 1, "json record's candidates");
        return;
    }
    const char *p = j->puzzle + strspn(j->puzzle, " ");
    size_t word;
    int named = names_variant(p, &word);
    const char *cells = named ? p + word + strspn(p + word, " ") : p;
    int labelled = cells[strcspn(cells, " ")] != '\0';
    const char *variant = named ? "" : j->variant, *regions = labelled ? "" : j->regions;
    const char *cages = labelled ? "" : j->cages, *sums = labelled ? "" : j->sums;
    snprintf(r->field, sizeof r->field, "%s%s%s%s%s%s%s%s%s", variant, variant[0] ? " " : "", p,
             regions[0] ? " " : "", regions, cages[0] ? " " : "", cages, sums[0] ? " " : "", sums);
    classify_field(ln, r->field, r->opt.candidates, "json record's puzzle");
}

/* A csv header (a field named "puzzle") starts a table whose rows' puzzle
 * field is the record; a line with fewer fields ends it.  Returns 1 if the
 * line is the table's. */
static int classify_csv(sdk_reader *r, read_line *ln, const char *s)
{
    if ((r->csv_col < 0 && !(*s >= 'a' && *s <= 'z')) || *s == '#')
        return 0;                       /* cheap: a header starts with a name */
    int col = records_csv_column(s, "puzzle");
    if (col >= 0) {
        r->csv_col = col;
        r->csv_wide = strchr(s, ',') != NULL;
        ln->kind = LN_COMMENT;
        return 1;
    }
    if (r->csv_col < 0)
        return 0;
    int got = r->csv_wide && !strchr(s, ',') ? 0 : records_csv_field(s, r->csv_col, r->field, sizeof r->field);
    if (got == 0) {
        r->csv_col = -1;                /* not a row: the table has ended */
        return 0;
    }
    if (got < 0)
        line_error(ln, "csv record: its puzzle field (column %d) is too long for a puzzle", r->csv_col + 1);
    else if (!r->field[0])
        line_error(ln, "csv record without a puzzle (column %d is empty)", r->csv_col + 1);
    else
        classify_field(ln, r->field, r->opt.candidates, "csv record's puzzle");
    return 1;
}

/* f-puzzles input (fpuzzles.c): translated into our line, read as one. */
static void classify_fpuzzles(sdk_reader *r, read_line *ln, const char *s)
{
    char err[sizeof ln->error - 12];
    if (sdk_fpuzzles_read(s, r->fp_line, sizeof r->fp_line, err, sizeof err) < 0)
        line_error(ln, "f-puzzles: %s", err);
    else
        classify_field(ln, r->fp_line, 0, "f-puzzles puzzle");
}

/* The usual line, 81 cells of '.' and 0-9 and nothing else: what
 * classify_text makes of it (an LN_RECORD of 81 cells, no labels, cages or
 * variant), without its general scan, which costs some 3,500 instructions
 * a line.  Returns 0 for any other line, which the general scan then reads
 * (the cells written so far are its to overwrite). */
static int classify_compact81(read_line *ln, const char *s)
{
    int maxval = 0, i = 0;
#ifdef __SSE2__
    /* 16 characters at a time: v - '0' is 0..9 for a digit, and '.' */
    __m128i top = _mm_setzero_si128();
    for (; i + 16 <= 81; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(s + i));
        __m128i d = _mm_sub_epi8(v, _mm_set1_epi8('0'));
        __m128i digit = _mm_cmpeq_epi8(_mm_min_epu8(d, _mm_set1_epi8(9)), d);
        __m128i dot = _mm_cmpeq_epi8(v, _mm_set1_epi8('.'));
        if (_mm_movemask_epi8(_mm_or_si128(digit, dot)) != 0xffff)
            return 0;
        d = _mm_and_si128(d, digit);
        top = _mm_max_epu8(top, d);
        _mm_storeu_si128((__m128i *)(ln->cells + i), d);
    }
    uint8_t tops[16];
    _mm_storeu_si128((__m128i *)tops, top);
    for (int j = 0; j < 16; j++)
        maxval = tops[j] > maxval ? tops[j] : maxval;
#endif
    for (; i < 81; i++) {
        int v = s[i] == '.' ? 0 : s[i] - '0';
        if (v < 0 || v > 9)
            return 0;
        ln->cells[i] = (uint8_t)v;
        maxval = v > maxval ? v : maxval;
    }
    ln->kind = LN_RECORD;
    ln->ncells = 81;
    ln->maxval = maxval;
    ln->error[0] = '\0';
    ln->label_note[0] = '\0';
    ln->samurai = 0;
    ln->nlabels = 0;
    return 1;
}

/* Classifies one raw line (without its newline; s[len] is its NUL).  A
 * slot of the queue is reused, so every field a later step reads is
 * cleared here. */
static void classify(sdk_reader *r, read_line *ln, const char *s, size_t len, int too_long)
{
    ln->ncells = 0;
    ln->maxval = 0;
    ln->has_cand = 0;
    ln->has_variant = 0;
    ln->laymask = 0;
    ln->laytab = 0;
    ln->dashrow = 0;
    ln->span = 0;
    ln->killer = 0;
    ln->killer_note[0] = '\0';
    if (too_long) {
        line_error(ln, "line is longer than %d bytes", READ_LINE_MAX);
        return;
    }
    /* (not in a csv table, nor with candidates: there a line means more) */
    if (len == 81 && r->csv_col < 0 && !r->opt.candidates && classify_compact81(ln, s))
        return;
    size_t i = 0;
    while (i < len && is_space((unsigned char)s[i]))
        i++;
    if (i < len && fp_recognise(s + i))
        classify_fpuzzles(r, ln, s + i);
    else if (i < len && s[i] == '{')
        classify_json(r, ln, s + i);
    else if (i == len || !classify_csv(r, ln, s + i))
        classify_text(ln, s, len, r->opt.candidates);
}

/* A border line: only rule characters (an .ss file's "*-----------*"
 * corners too), and not a line of blanks.  A line of n dashes in groups
 * ("---|---|---", "- - - ...") may be either a border or a grid row of
 * blanks: it is an LN_CELLS line marked dashrow, which the grid reader
 * settles by what follows.  Returns 1 if the line is classified. */
static int classify_border(read_line *ln, const char *s, size_t i, size_t len)
{
    size_t end = len;
    while (end > i && is_space((unsigned char)s[end - 1]))
        end--;
    int corners = end - i >= 3 && s[i] == '*' && s[end - 1] == '*';
    int dashes = 0, other_rules = corners, groups = 0;
    for (size_t j = i + (size_t)corners; j < end - (size_t)corners; j++) {
        unsigned char ch = (unsigned char)s[j];
        if (is_space(ch))
            continue;
        if (!is_rule_char(ch))
            return 0;
        if (ch == '-') {
            groups += j == i || s[j - 1] != '-';
            dashes++;
        } else {
            other_rules += ch != '|';
        }
    }
    if (corners && !dashes)
        return 0;                       /* "***": blanks */
    if (!other_rules && groups > 1 && is_grid_width(dashes)) {
        ln->kind = LN_CELLS;
        ln->dashrow = 1;
        ln->ncells = dashes;
        memset(ln->cells, 0, (size_t)dashes);
        return 1;
    }
    if (other_rules || groups > 1 || side_of_cell_count(dashes) < 4 || dashes == 16) {
        ln->kind = LN_SEPARATOR;
        return 1;
    }
    return 0;
}

/* A 10x10 to 25x25 row (or whole puzzle) written as numbers separated by
 * spaces: "1 16 0 . 12 ...", 0 or a blank character for a blank.  Taken
 * only if some number is two digits and every one fits the board the
 * count makes; else the line is read as cells.  Returns 1 if taken. */
static int classify_numbers(read_line *ln, const char *s, size_t i, size_t len)
{
    uint8_t vals[SDK_MAX_CELLS];
    int k = 0, maxval = 0;
    for (size_t j = i, e; (e = next_word(s, &j, len)) > j; j = e) {
        if (e - j == 1 && s[j] == '|')
            ;                           /* a box separator */
        else if (k == SDK_MAX_CELLS)
            return 0;
        else if (e - j == 1 && cell_value((unsigned char)s[j]) == 0)
            vals[k++] = 0;
        else if (e - j <= 2 && s[j] >= '0' && s[j] <= '9' && (e - j == 1 || (s[j + 1] >= '0' && s[j + 1] <= '9')))
            vals[k++] = (uint8_t)(e - j == 1 ? s[j] - '0' : (s[j] - '0') * 10 + s[j + 1] - '0');
        else
            return 0;
        if (k && vals[k - 1] > maxval)
            maxval = vals[k - 1];
    }
    int side = is_grid_width(k) ? k : side_of_cell_count(k);
    if (maxval < 10 || maxval > side || maxval > SDK_MAX_N)
        return 0;
    memcpy(ln->cells, vals, (size_t)k);
    ln->ncells = k;
    ln->maxval = maxval;
    ln->kind = is_grid_width(k) ? LN_CELLS : LN_RECORD;
    return 1;
}

/* Where spaced_cells stopped: the columns of the first and the last cell,
 * and of trailing text that ended the cells (0 if none). */
typedef struct cell_span {
    size_t first, last, text;
    int dash_tokens;                    /* tokens of dashes taken as blanks */
} cell_span;

/* Cells separated by whitespace, up to trailing text; tokens of dashes are
 * blanks if dashes_are_cells, else skipped as rules between cells.  If the
 * cells do not add up to a size, trailing text may have started with cell
 * characters ("... 12.5"): cut at the last token boundary that makes a
 * whole puzzle and is followed by a multi-character token.  Returns 0 with
 * an error set on a bad character. */
static int spaced_cells(read_line *ln, const char *s, size_t i, size_t len, int dashes_are_cells, cell_span *sp)
{
    int cut = 0;
    memset(sp, 0, sizeof *sp);
    ln->ncells = 0;
    ln->maxval = 0;
    for (size_t j = i; j < len;) {
        size_t e = next_word(s, &j, len);
        if (e == j)
            break;
        int rule_token = 1, dash_token = 1;
        for (size_t t = j; t < e; t++) {
            rule_token &= is_rule_char((unsigned char)s[t]);
            dash_token &= s[t] == '-';
        }
        sp->dash_tokens += dash_token && e - j > 1;
        if (rule_token && !(e - j == 1 && s[j] == '-') && !(dash_token && dashes_are_cells)) {
            j = e;                       /* "|" or "---" between cells */
            continue;
        }
        if (e - j > 1 && side_of_cell_count(ln->ncells) >= 4)
            cut = ln->ncells;
        if (cell_value((unsigned char)s[j]) < 0 && s[j] != '|' && s[j] != '+') {
            if (ln->ncells == 0) {
                char what[16];
                describe_char((unsigned char)s[j], what, sizeof what);
                line_error(ln, "bad character %s at column %d", what, (int)j + 1);
                return 0;
            }
            sp->text = j + 1;
            break;                       /* trailing text after the cells */
        }
        int before = ln->ncells;
        size_t stop = take_cells(ln, s, j, e);
        if (stop < e && !is_terminator((unsigned char)s[stop])) {
            if (cut)
                break;                   /* "<cells> 12.5x": text after a whole puzzle */
            char what[16];
            describe_char((unsigned char)s[stop], what, sizeof what);
            line_error(ln, "bad character %s at column %d", what, (int)stop + 1);
            return 0;
        }
        if (ln->ncells > before) {
            if (!before)
                sp->first = j + 1;
            sp->last = stop;
        }
        if (stop < e || ln->ncells > SDK_MAX_CELLS) {
            sp->text = stop < e ? stop + 1 : 0;
            break;                       /* "0," or "...:1" ends the cells */
        }
        j = e;
    }
    if (cut && !side_of_cell_count(ln->ncells) && !is_grid_width(ln->ncells))
        ln->ncells = cut;
    return 1;
}

/* Whether k cells make a record or a grid row. */
static int is_cell_count(int k)
{
    return k == 16 || is_grid_width(k) || side_of_cell_count(k) >= 6;
}

/* Why a line of spaced cells is no puzzle: its count, and what made it so
 * (blanks written as spaces, text after too few cells). */
static void spaced_error(read_line *ln, const cell_span *sp)
{
    int k = ln->ncells, side = side_of_cell_count(ln->span);
    const char *cells = k == 1 ? "cell" : "cells";
    if (side >= 4 && ln->span != k)
        line_error(ln, "line has %d %s among %d characters, as a %dx%d puzzle has: blanks are . or 0, not spaces",
                   k, cells, ln->span, side, side);
    else if (sp->text)
        line_error(ln, "line has %d %s, then text at column %d: not a whole puzzle (n*n cells) nor a grid row",
                   k, cells, (int)sp->text);
    else
        line_error(ln, "line has %d %s: neither a whole puzzle (n*n cells, 81 for 9x9) nor a grid row (n cells)",
                   k, cells);
}

/* The cells of a line from position i on (after any variant name). */
static void classify_cells(read_line *ln, const char *s, size_t i, size_t len)
{
    ln->ncells = 0;
    ln->maxval = 0;
    ln->dashrow = 0;
    ln->span = 0;
    ln->error[0] = '\0';
    ln->label_note[0] = '\0';
    if (classify_variant_line(ln, s, i, len) || classify_border(ln, s, i, len))
        return;

    /* A compact run of a whole puzzle anywhere on the line wins: this reads
     * "name depth width <cells>" and "<cells>:count:solution" alike. */
    for (size_t j = i; j < len;) {
        size_t e = next_word(s, &j, len);
        size_t stop = take_cells(ln, s, j, e);
        int k = ln->ncells;
        if ((stop == e || is_terminator((unsigned char)s[stop])) && k != 16 && side_of_cell_count(k) >= 4) {
            ln->kind = LN_RECORD;
            return;
        }
        ln->ncells = 0;                  /* not a whole puzzle: forget the token */
        ln->maxval = 0;
        /* "001,<cells>": a csv line without its header, fields after a comma */
        j = stop < e && s[stop] == ',' ? stop + 1 : e;
    }
    if (classify_numbers(ln, s, i, len))
        return;

    cell_span sp;
    if (!spaced_cells(ln, s, i, len, 1, &sp))
        return;
    if (sp.dash_tokens && !is_cell_count(ln->ncells) && !spaced_cells(ln, s, i, len, 0, &sp))
        return;                         /* "---" tokens were rules after all */
    int k = ln->ncells;
    if (k > SDK_MAX_CELLS) {
        line_error(ln, "line has %d cells, more than the largest puzzle (%d)", k, SDK_MAX_CELLS);
        return;
    }
    /* the characters that would be cells if spaces were blanks: the whole
     * line's (its leading and trailing spaces kept), else from its first
     * cell to its last */
    if (side_of_cell_count((int)len) >= 4 && (int)len != 2 * k - 1)
        ln->span = (int)len;               /* (not cells a space apart) */
    else if (sp.first && sp.last >= sp.first)
        ln->span = (int)(sp.last - sp.first + 1);
    if (k == 16 || (is_grid_width(k) && !side_of_cell_count(k))) {
        ln->kind = LN_CELLS;             /* a grid row (or, for 16, maybe a 4x4 line) */
        return;
    }
    if (side_of_cell_count(k) >= 6) {
        ln->kind = LN_RECORD;
        return;
    }
    spaced_error(ln, &sp);
}

/* ---- raw input ------------------------------------------------------------ */

static int reader_fill(sdk_reader *r)
{
    if (r->eof)
        return 0;
    if (r->opt.before_wait) {
        struct pollfd pfd = {r->fd, POLLIN, 0};
        if (poll(&pfd, 1, 0) == 0)
            r->opt.before_wait(r->opt.before_wait_ctx);
    }
    for (;;) {
        ssize_t got = read(r->fd, r->io, sizeof r->io);
        if (got > 0) {
            r->io_pos = 0;
            r->io_len = (size_t)got;
            return 1;
        }
        if (got == 0) {
            r->eof = 1;
            return 0;
        }
        if (errno != EINTR)
            return -1;
    }
}

/* Reads the next raw line into r->text from position at (0, or after the
 * lines of a json object so far); *len is where the text ends.  Returns 1,
 * 0 at end, -1 on error. */
static int reader_raw_line(sdk_reader *r, size_t at, size_t *len, int *too_long)
{
    size_t n = at;
    int any = 0;
    *too_long = 0;
    for (;;) {
        if (r->io_pos == r->io_len) {
            int f = reader_fill(r);
            if (f < 0)
                return -1;
            if (f == 0)
                break;
        }
        any = 1;
        char *start = r->io + r->io_pos;
        size_t avail = r->io_len - r->io_pos;
        char *nl = memchr(start, '\n', avail);
        size_t take = nl ? (size_t)(nl - start) : avail;
        size_t room = READ_LINE_MAX - n;
        if (take > room) {
            *too_long = 1;
            memcpy(r->text + n, start, room);
            n += room;
        } else {
            memcpy(r->text + n, start, take);
            n += take;
        }
        r->io_pos += take + (nl ? 1 : 0);
        if (nl)
            break;
    }
    if (!any)
        return 0;
    if (r->at_start) {
        r->at_start = 0;
        if (n >= 3 && memcmp(r->text, "\xEF\xBB\xBF", 3) == 0) {
            memmove(r->text, r->text + 3, n - 3);
            n -= 3;
        }
    }
    while (n > at && r->text[n - 1] == '\r')
        n--;
    r->text[n] = '\0';                  /* for the csv and json parsers */
    *len = n;
    return 1;
}

/* The k-th line ahead (0 = next), reading and classifying as needed.
 * Returns NULL at end of input; sets *err on a read error. */
static read_line *reader_peek(sdk_reader *r, int k, int *err)
{
    while (r->q_count <= k) {
        size_t len;
        int too_long;
        int got = reader_raw_line(r, 0, &len, &too_long);
        if (got < 0) {
            *err = 1;
            return NULL;
        }
        if (got == 0)
            return NULL;
        read_line *ln = &r->queue[(r->q_head + r->q_count) % READ_QUEUE];
        ln->number = ++r->lineno;
        /* A json object spread over lines (an f-puzzles file, pretty-printed)
         * is one line, its lines joined by spaces: the lines up to its end. */
        int depth = too_long ? 0 : fp_json_opens(r->text, len);
        while (depth > 0 && !too_long && len + 1 < READ_LINE_MAX) {
            size_t end;
            r->text[len] = ' ';
            got = reader_raw_line(r, len + 1, &end, &too_long);
            if (got < 0) {
                *err = 1;
                return NULL;
            }
            if (got == 0) {
                r->text[len] = '\0';
                break;
            }
            r->lineno++;
            depth = fp_json_depth(r->text + len + 1, end - len - 1, depth);
            len = end;
        }
        classify(r, ln, r->text, len, too_long);
        r->q_count++;
    }
    return &r->queue[(r->q_head + k) % READ_QUEUE];
}

static void reader_drop(sdk_reader *r)
{
    r->q_head = (r->q_head + 1) % READ_QUEUE;
    r->q_count--;
}

/* ---- records ---------------------------------------------------------------- */

static void record_error(sdk_record *rec, long line, const char *msg)
{
    rec->ok = 0;
    rec->board = NULL;
    rec->line = line;
    snprintf(rec->error, sizeof rec->error, "%s", msg);
}

/* Whether --box (if given) allows a record of side n; fills rec->error if not. */
static int record_box_fits(const sdk_reader *r, int n, sdk_record *rec, long line)
{
    int br = r->opt.box_rows, bc = r->opt.box_cols;
    char msg[160];
    if (!(br && bc) || br * bc == n)
        return 1;
    snprintf(msg, sizeof msg, "a %dx%d puzzle, but --box %dx%d makes %dx%d boards", n, n, br, bc, br * bc,
             br * bc);
    record_error(rec, line, msg);
    return 0;
}

/* Picks the board for side n, honouring --box; fills rec->error if none. */
static const sdk_board *record_board(const sdk_reader *r, int n, sdk_record *rec, long line)
{
    int br = r->opt.box_rows, bc = r->opt.box_cols;
    char msg[160];
    if (br && bc) {
        if (!record_box_fits(r, n, rec, line))
            return NULL;
    } else if (!sdk_board_default_shape(n, &br, &bc)) {
        snprintf(msg, sizeof msg, "no board of side %d", n);
        record_error(rec, line, msg);
        return NULL;
    }
    const sdk_board *b = sdk_board_cached(br, bc);
    if (!b)
        record_error(rec, line, "out of memory building the board");
    return b;
}

/* The variant a record is read as: its line's word, a preceding line's, or
 * --variant (returns 1); else 0 (flags 0: detect from the text). */
static int record_flags(sdk_reader *r, const read_line *ln, unsigned *flags)
{
    *flags = 0;
    if (ln && ln->has_variant)
        *flags = ln->variant;
    else if (r->has_pending)
        *flags = r->pending;
    else if (r->opt.variant)
        return sdk_variant_parse(r->opt.variant, flags);
    else
        return 0;
    return 1;
}

/* Region labels (cell values 1..35) to regions 0..n-1, in the order of the
 * labels' values, and each region's label as written (names, n chars).
 * Returns 0 with a message if there are more than n. */
static int labels_to_regions(int n, const uint8_t *labels, uint8_t *region, char *names, char *msg, size_t size)
{
    int rank[36] = {0}, distinct = 0;
    memset(names, '?', (size_t)n);
    for (int c = 0; c < n * n; c++)
        rank[labels[c]] = 1;
    for (int v = 1; v < 36; v++)
        if (rank[v]) {
            if (distinct < n)
                names[distinct] = sdk_digit_char(v);
            rank[v] = distinct++;
        }
    if (distinct > n) {
        snprintf(msg, size, "region map has %d different labels, more than %d regions", distinct, n);
        return 0;
    }
    for (int c = 0; c < n * n; c++)
        region[c] = (uint8_t)rank[labels[c]];
    return 1;
}

/* A killer record's cages (from kl, its line or its grid's cages line)
 * into k, checked with its givens.  Returns 1, or 0 with rec's error;
 * -1 (and no error) when shape is set and the words are no cages at all
 * (their labels and sums do not agree): an unnamed line's words after its
 * cells, ignored as before. */
static int record_cages(sdk_record *rec, int n, long line, const read_line *kl, sdk_killer *k, int shape)
{
    char msg[160];
    if (!kl || !kl->killer) {
        record_error(rec, line, kl && kl->killer_note[0] ? kl->killer_note
                     : "a killer puzzle needs its cages: the cells, n*n cage labels and the sums on the line "
                       "(or a line \"cages LABELS SUMS\" after the grid)");
        return 0;
    }
    if ((int)strlen(kl->cages) != n * n) {
        snprintf(msg, sizeof msg, "%d cage labels for %d cells", (int)strlen(kl->cages), n * n);
        record_error(rec, line, msg);
        return 0;
    }
    if (!killer_from_labels(n, kl->cages, kl->sums, kl->nsums, k, msg, sizeof msg)) {
        if (shape)
            return -1;
        record_error(rec, line, msg);
        return 0;
    }
    if (!killer_check_givens(n, k, rec->cells, kl->cages, msg, sizeof msg)) {
        record_error(rec, line, msg);
        return 0;
    }
    return 1;
}

/* Finishes a record of side n from its cells: the digits in range, then its
 * board -- standard, or the variant said or shown by the labels (labels:
 * n*n region labels or NULL) and the cages (kl: the line holding them, or
 * NULL). */
static int record_finish(sdk_reader *r, sdk_record *rec, int n, int maxval, long line, const read_line *ln,
                         const uint8_t *labels, const read_line *kl)
{
    char msg[160];
    unsigned flags;
    int said = record_flags(r, ln, &flags);
    r->has_pending = 0;
    int side = ln ? side_of_cell_count(ln->span) : 0;
    if (maxval > n && side > n) {
        snprintf(msg, sizeof msg, "'%c' is not a digit of a %dx%d puzzle: the line's %d cells are among %d "
                 "characters, as a %dx%d puzzle has: blanks are . or 0, not spaces", sdk_digit_char(maxval), n, n,
                 ln->ncells, ln->span, side, side);
        record_error(rec, line, msg);
        return 1;
    }
    if (maxval > n) {
        snprintf(msg, sizeof msg, "'%c' is not a digit of a %dx%d puzzle (digits are 1..%c)",
                 sdk_digit_char(maxval), n, n, sdk_digit_char(n));
        record_error(rec, line, msg);
        return 1;
    }
    if (flags & SDK_VARIANT_SAMURAI) {
        record_error(rec, line, "a samurai puzzle is the 21x21 layout or five 81-cell grids on a line");
        return 1;
    }
    uint8_t region[SDK_MAX_CELLS];
    char names[SDK_MAX_N];
    if (labels) {
        /* A map said to be a jigsaw's is checked here, for messages that name
         * a region by the label the input gave it (the board's builder then
         * takes it as checked); unsaid, whether it is a valid map decides. */
        int ok = labels_to_regions(n, labels, region, names, msg, sizeof msg) &&
                 ((said && !(flags & SDK_VARIANT_JIGSAW)) ||
                  variant_check_regions_named(n, region, names, msg, sizeof msg));
        if (said && (flags & SDK_VARIANT_JIGSAW) && !ok) {
            record_error(rec, line, msg);
            return 1;
        }
        if (!said && ok)
            flags = SDK_VARIANT_JIGSAW;
    } else if (flags & SDK_VARIANT_JIGSAW) {
        if (ln && ln->label_note[0])
            record_error(rec, line, ln->label_note);
        else
            record_error(rec, line, "a jigsaw puzzle needs its region labels (the cells, a space, n*n labels; "
                                    "or a grid of labels after the grid)");
        return 1;
    }
    sdk_killer *k = NULL;
    if ((kl && kl->killer) || (flags & SDK_VARIANT_KILLER)) {
        static __thread sdk_killer cages;     /* (2.5 kB: off the stack of a reader's thread) */
        /* cages seen by their shape alone, on a line no killer name covers */
        int shape = !(flags & SDK_VARIANT_KILLER) && kl && kl->kind == LN_RECORD;
        int got = record_cages(rec, n, line, kl, &cages, shape);
        if (got == 0)
            return 1;
        if (got > 0) {
            flags |= SDK_VARIANT_KILLER;
            k = &cages;
        }
    }
    if (flags) {
        if (!record_box_fits(r, n, rec, line))
            return 1;
        rec->board = variant_cached_checked(flags, n, r->opt.box_rows, r->opt.box_cols, region, k, 1, msg, sizeof msg);
        if (!rec->board)
            record_error(rec, line, msg);
    } else {
        rec->board = record_board(r, n, rec, line);
    }
    if (rec->board)
        rec->ok = 1;
    return 1;
}

/* ---- samurai ------------------------------------------------------------------ */

static const sdk_board *samurai_board(sdk_record *rec, long line)
{
    char msg[160];
    const sdk_board *b = sdk_variant_cached(SDK_VARIANT_SAMURAI, 9, NULL, msg, sizeof msg);
    if (!b)
        record_error(rec, line, msg);
    return b;
}

/* A samurai record from its cells' values. */
static void samurai_finish(sdk_record *rec, const sdk_board *b, const uint8_t *values)
{
    rec->board = b;
    rec->ok = 1;
    memcpy(rec->cells, values, (size_t)b->ncells);
}

/* Five 81-cell grids on a line: a shared square is given by two grids,
 * which must agree (or one leave it blank). */
static void record_samurai_line(sdk_reader *r, sdk_record *rec, const read_line *ln)
{
    unsigned flags;
    int said = record_flags(r, ln, &flags);
    r->has_pending = 0;
    if (said && flags != SDK_VARIANT_SAMURAI) {
        record_error(rec, ln->number, "five 81-cell grids make a samurai puzzle, not this variant");
        return;
    }
    const sdk_board *b = samurai_board(rec, ln->number);
    if (!b)
        return;
    uint16_t order[SAMURAI_LINE];
    uint8_t values[SDK_MAX_CELLS] = {0};
    variant_samurai_order(b, order);
    for (int i = 0; i < SAMURAI_LINE; i++) {
        int c = order[i], v = ln->cells[i];
        if (v > 9) {
            record_error(rec, ln->number, "a samurai's digits are 1..9");
            return;
        }
        if (v && values[c] && values[c] != v) {
            char msg[160];
            snprintf(msg, sizeof msg, "grid %d disagrees with an earlier grid at their shared square r%dc%d "
                     "of the layout", i / 81 + 1, b->cell_y[c] + 1, b->cell_x[c] + 1);
            record_error(rec, ln->number, msg);
            return;
        }
        if (v)
            values[c] = (uint8_t)v;
    }
    samurai_finish(rec, b, values);
}

/* A layout's first row with a tab in its gap: nine cells, then nine more
 * wherever the tab put them. */
static int tabbed_first_row(const read_line *ln)
{
    uint32_t rest = ln->laymask >> 9;
    if (!ln->laytab || (ln->laymask & 0x1FF) != 0x1FF || !rest)
        return 0;
    while (!(rest & 1))
        rest >>= 1;
    return rest == 0x1FF;
}

/* The 21x21 layout: 21 lines whose cells stand exactly in the five grids'
 * columns.  Returns 1 if it read one (into rec), 0 if the lines ahead are
 * not one (nothing consumed). */
static int reader_samurai_layout(sdk_reader *r, sdk_record *rec, int *err)
{
    read_line *first = reader_peek(r, 0, err);
    unsigned flags;
    int said = record_flags(r, first, &flags);
    if (!first || !first->laymask)
        return 0;
    char msg[160];
    const sdk_board *b = sdk_variant_cached(SDK_VARIANT_SAMURAI, 9, NULL, msg, sizeof msg);
    if (!b)
        return 0;
    uint32_t mask[LAYOUT_COLS] = {0};
    for (int c = 0; c < b->ncells; c++)
        mask[b->cell_y[c]] |= 1u << b->cell_x[c];
    if (first->laymask != mask[0] && !tabbed_first_row(first))
        return 0;
    /* A first row of 9 cells, 3 spaces (or a tab) and 9 cells is nothing but
     * a samurai's: from here on a layout that goes wrong is one invalid
     * record (its rows consumed), not a row of errors. */
    int bad = -1;
    for (int y = 0; y < LAYOUT_COLS && bad < 0; y++) {
        read_line *ln = reader_peek(r, y, err);
        if (!ln || ln->laymask != mask[y] || ln->laytab)
            bad = y;
    }
    if (bad >= 0 || (said && flags != SDK_VARIANT_SAMURAI)) {
        read_line *at = bad < 0 ? NULL : reader_peek(r, bad, err);
        if (bad < 0)
            snprintf(msg, sizeof msg, "a samurai's 21x21 layout, but the record is said to be %s",
                     flags ? "another variant" : "standard");
        else if (!at || (!at->laymask && at->kind != LN_CELLS && at->kind != LN_ERROR))
            snprintf(msg, sizeof msg, "samurai layout ends after %d of 21 rows", bad);
        else if (at->laytab)
            snprintf(msg, sizeof msg, "samurai layout: row %d (line %ld) has a tab (the layout's squares "
                                      "are placed by columns: write spaces)", bad + 1, first->number + bad);
        else
            snprintf(msg, sizeof msg, "samurai layout: row %d (line %ld) does not have the layout's squares "
                                      "(9 cells, 3 spaces, 9 cells; 21 cells; or 6 spaces and 9 cells)",
                     bad + 1, first->number + bad);
        rec->line = first->number;
        rec->layout = SDK_LAYOUT_GRID;
        r->has_pending = 0;
        record_error(rec, first->number, msg);
        /* The rows read as the layout's, the one that is not, and those after
         * it that look like layout rows: at most 21 lines. */
        int take = bad < 0 ? LAYOUT_COLS : bad;
        read_line *ln = at;
        if (ln && (ln->kind == LN_CELLS || ln->kind == LN_ERROR))
            take++;
        for (; take < LAYOUT_COLS; take++) {
            ln = reader_peek(r, take, err);
            int row_like = 0;
            for (int y = 0; ln && ln->laymask && y < LAYOUT_COLS; y++)
                row_like |= ln->laymask == mask[y] || ln->laytab;
            if (!row_like)
                break;
        }
        for (int y = 0; y < take; y++)
            reader_drop(r);
        return 1;
    }
    uint8_t values[SDK_MAX_CELLS];
    for (int c = 0; c < b->ncells; c++)
        values[c] = reader_peek(r, b->cell_y[c], err)->lay[b->cell_x[c]];
    rec->line = first->number;
    rec->layout = SDK_LAYOUT_GRID;
    r->has_pending = 0;
    int maxval = 0;
    for (int c = 0; c < b->ncells; c++)
        maxval = values[c] > maxval ? values[c] : maxval;
    if (maxval > 9)
        record_error(rec, first->number, "a samurai's digits are 1..9");
    else
        samurai_finish(rec, b, values);
    for (int y = 0; y < LAYOUT_COLS; y++)
        reader_drop(r);
    return 1;
}

/* A 16-cell line is a 4x4 puzzle or the first row of a 16x16 grid: look at
 * what follows.  16 rows of 16 cells with a digit above 4 make a grid. */
static int sixteen_starts_grid(sdk_reader *r, int *err)
{
    if (r->opt.box_rows && r->opt.box_cols)
        return r->opt.box_rows * r->opt.box_cols == 16;
    int rows = 0, big = 0;
    for (int k = 0; k < READ_QUEUE && rows < 16; k++) {
        read_line *ln = reader_peek(r, k, err);
        if (!ln)
            break;
        if (ln->kind == LN_SEPARATOR || ln->kind == LN_COMMENT || (ln->kind == LN_BLANK && rows % 4 == 0 && rows))
            continue;
        if (ln->kind != LN_CELLS || ln->ncells != 16)
            break;
        if (ln->maxval > 4)
            big = 1;
        rows++;
    }
    return rows == 16 && big;
}

/* The next line, dashes in groups (dashrow), at row `rows` of a grid of
 * side n (bands of br rows): a row of blanks mid-band; at a band's
 * edge a row only if the grid needs it, that is if the rows after it fall
 * one short of the grid (more: it is a border; fewer: no grid either way,
 * and it stays the border it always was). */
static int dash_is_row(sdk_reader *r, int n, int br, int rows, int *err)
{
    if (rows % br)
        return 1;
    int need = n - rows, got = 0;
    for (int a = 1; a < READ_QUEUE && got < need; a++) {
        read_line *ln = reader_peek(r, a, err);
        if (!ln)
            break;
        if (ln->kind == LN_CELLS && ln->ncells == n)
            got++;
        else if (!(ln->kind == LN_SEPARATOR || ln->kind == LN_COMMENT ||
                   (ln->kind == LN_BLANK && (rows + 1 + got) % br == 0)))
            break;
    }
    return got == need - 1;
}

/* Reads a grid's n rows into cells (n*n), skipping border and comment lines
 * and blank lines between bands of br rows.  The rows are consumed even when
 * they go wrong.  Returns the largest value, or -1 with what is wrong in
 * problem, which names the grid by what ("grid ends after 8 of 9 rows"). */
static int grid_rows(sdk_reader *r, const char *what, int n, int br, uint8_t *cells, char *problem,
                     size_t size, int *err)
{
    int rows = 0, maxval = 0;
    problem[0] = '\0';
    while (rows < n) {
        read_line *ln = reader_peek(r, 0, err);
        if (!ln) {
            if (!problem[0])
                snprintf(problem, size, "%s ends after %d of %d rows, at the end of the input", what, rows, n);
            break;
        }
        if (ln->kind == LN_SEPARATOR || ln->kind == LN_COMMENT) {
            reader_drop(r);
            continue;
        }
        if (ln->kind == LN_BLANK && rows % br == 0) {
            reader_drop(r);
            continue;
        }
        if (ln->dashrow && (ln->ncells != n || !dash_is_row(r, n, br, rows, err))) {
            reader_drop(r);             /* a border after all */
            continue;
        }
        if (ln->kind == LN_BLANK || ln->kind == LN_RECORD || ln->kind == LN_CAGES) {
            if (!problem[0])
                snprintf(problem, size, "%s ends after %d of %d rows, at line %ld", what, rows, n, ln->number);
            break;                       /* the line belongs to what follows */
        }
        if (!problem[0]) {
            if (ln->kind == LN_ERROR) {
                snprintf(problem, size, "%s row %d (line %ld): %s", what, rows + 1, ln->number, ln->error);
            } else if (ln->ncells != n) {
                snprintf(problem, size, "%s row %d (line %ld) has %d cells, expected %d", what, rows + 1,
                         ln->number, ln->ncells, n);
            } else {
                memcpy(cells + rows * n, ln->cells, (size_t)n);
                if (ln->maxval > maxval)
                    maxval = ln->maxval;
            }
        }
        rows++;
        reader_drop(r);
    }
    return problem[0] ? -1 : maxval;
}

/* Whether a line is a row of n region labels (cells, none blank). */
static int is_label_row(const read_line *ln, int n)
{
    if (!ln || ln->kind != LN_CELLS || ln->ncells != n)
        return 0;
    for (int i = 0; i < n; i++)
        if (!ln->cells[i])
            return 0;
    return 1;
}

/* A jigsaw's grid of region labels after its grid: the next n lines, n
 * labels each.  Unsaid, they are taken (consumed) only if they make a valid
 * region map.  Said to be a jigsaw, a row of labels after the grid starts
 * them, and what goes wrong with them is the record's one error (-1, with
 * msg): the rows read are consumed, not left to be read as another grid.
 * Returns 1 if read into labels, 0 if there are none. */
static int grid_labels(sdk_reader *r, int n, uint8_t *labels, char *msg, size_t size, int *err)
{
    unsigned flags;
    int said = record_flags(r, NULL, &flags);
    if (said && !(flags & SDK_VARIANT_JIGSAW))
        return 0;
    if (!is_label_row(reader_peek(r, 0, err), n))
        return 0;
    if (said) {
        /* bands of n rows: a blank line inside the labels ends them */
        if (grid_rows(r, "region label grid", n, n, labels, msg, size, err) < 0)
            return -1;
        for (int c = 0; c < n * n; c++)
            if (!labels[c]) {
                snprintf(msg, size, "region label grid has a blank at r%dc%d (labels are 1-9, A-Z)",
                         c / n + 1, c % n + 1);
                return -1;
            }
        return 1;
    }
    for (int row = 0; row < n; row++) {
        read_line *ln = reader_peek(r, row, err);
        if (!is_label_row(ln, n))
            return 0;
        memcpy(labels + row * n, ln->cells, (size_t)n);
    }
    char names[SDK_MAX_N];
    uint8_t region[SDK_MAX_CELLS];
    if (!(labels_to_regions(n, labels, region, names, msg, size) && sdk_variant_check_regions(n, region, msg, size)))
        return 0;
    for (int row = 0; row < n; row++)
        reader_drop(r);
    return 1;
}

static int reader_grid(sdk_reader *r, sdk_record *rec, int width, int *err)
{
    int n = width, br = r->opt.box_rows, bc = r->opt.box_cols;
    if (!(br && bc && br * bc == n))
        sdk_board_default_shape(n, &br, &bc);
    long start = reader_peek(r, 0, err)->number;
    char problem[160];
    uint8_t labels[SDK_MAX_CELLS];
    rec->layout = SDK_LAYOUT_GRID;
    int maxval = grid_rows(r, "grid", n, br, rec->cells, problem, sizeof problem, err);
    int got = 0;
    if (maxval >= 0) {
        got = grid_labels(r, n, labels, problem, sizeof problem, err);
    } else {
        /* the grid's labels after it belong to the same one invalid record
         * (its first problem is the one said) */
        char later[160];
        grid_labels(r, n, labels, later, sizeof later, err);
    }
    /* a killer's cages line after it (part of the record, even when it is wrong) */
    read_line *kl = reader_peek(r, 0, err), cages;
    int has_cages = kl && kl->kind == LN_CAGES;
    if (has_cages) {
        cages = *kl;
        reader_drop(r);
        if (!cages.killer && maxval >= 0 && got >= 0) {
            snprintf(problem, sizeof problem, "line %ld: %s", cages.number, cages.error);
            maxval = -1;
        } else if (cages.ncells != n * n && maxval >= 0 && got >= 0) {
            snprintf(problem, sizeof problem, "cages line (line %ld) has %d cage labels for the grid's %d cells",
                     cages.number, cages.ncells, n * n);
            maxval = -1;
        }
    }
    if (maxval < 0 || got < 0) {
        record_error(rec, start, problem);      /* a record is named by its first line */
        r->has_pending = 0;
        return 1;
    }
    return record_finish(r, rec, n, maxval, start, NULL, got ? labels : NULL, has_cages ? &cages : NULL);
}

/* A 9x9 candidate grid: 9 candidate rows, border lines between them. */
static void reader_cand_grid(sdk_reader *r, sdk_record *rec, int *err)
{
    long first = reader_peek(r, 0, err)->number;
    int rows = 0;
    while (rows < 9) {
        read_line *ln = reader_peek(r, 0, err);
        if (*err)
            return;
        if (ln && ln->kind == LN_SEPARATOR && rows > 0) {
            reader_drop(r);
            continue;
        }
        if (!ln || ln->kind != LN_CANDROW)
            break;
        memcpy(rec->cells + rows * 9, ln->cells, 9);
        memcpy(rec->cand + rows * 9, ln->cand, sizeof(uint16_t) * 9);
        rows++;
        reader_drop(r);
    }
    if (rows < 9) {
        char msg[160];
        snprintf(msg, sizeof msg, "candidate grid has %d row%s of 9 groups, not 9", rows, rows == 1 ? "" : "s");
        record_error(rec, first, msg);
        return;
    }
    rec->has_cand = 1;
    record_finish(r, rec, 9, 9, first, NULL, NULL, NULL);
}

/* Whether a line of n dashes in groups starts a grid (as its first row,
 * all blanks) rather than being a border. */
static int grid_starts_dashed(sdk_reader *r, int n, int *err)
{
    int br = r->opt.box_rows, bc = r->opt.box_cols;
    if (!(br && bc && br * bc == n))
        sdk_board_default_shape(n, &br, &bc);
    return dash_is_row(r, n, br, 0, err);
}

int sdk_reader_next(sdk_reader *r, sdk_record *rec)
{
    int err = 0;
    for (;;) {
        read_line *ln = reader_peek(r, 0, &err);
        if (err)
            return -1;
        if (!ln)
            return 0;
        rec->ok = 0;
        rec->has_cand = 0;
        rec->error[0] = '\0';
        rec->line = ln->number;
        rec->layout = SDK_LAYOUT_LINE;
        if (ln->laymask && (ln->kind == LN_ERROR || ln->kind == LN_CELLS)) {
            int got = reader_samurai_layout(r, rec, &err);
            if (err)
                return -1;
            if (got)
                return 1;
            ln = reader_peek(r, 0, &err);
        }
        switch (ln->kind) {
        case LN_BLANK:
        case LN_COMMENT:
        case LN_SEPARATOR:
            reader_drop(r);
            continue;
        case LN_VARIANT:
            r->has_pending = 1;
            r->pending = ln->variant;
            reader_drop(r);
            continue;
        case LN_ERROR:
            record_error(rec, ln->number, ln->error);
            r->has_pending = 0;
            reader_drop(r);
            return 1;
        case LN_CANDROW:
            reader_cand_grid(r, rec, &err);
            return err ? -1 : 1;
        case LN_CAGES:
            record_error(rec, ln->number, ln->killer ? "a cages line (cage labels and sums) belongs after a killer's grid"
                                                     : ln->error);
            r->has_pending = 0;
            reader_drop(r);
            return 1;
        case LN_RECORD: {
            if (ln->samurai) {
                record_samurai_line(r, rec, ln);
            } else {
                int n = side_of_cell_count(ln->ncells);
                memcpy(rec->cells, ln->cells, (size_t)ln->ncells);
                if (ln->has_cand) {
                    memcpy(rec->cand, ln->cand, sizeof rec->cand);
                    rec->has_cand = 1;
                }
                record_finish(r, rec, n, ln->maxval, ln->number, ln, ln->nlabels ? ln->labels : NULL, ln);
            }
            reader_drop(r);
            return 1;
        }
        case LN_CELLS:
            if (ln->dashrow && !grid_starts_dashed(r, ln->ncells, &err)) {
                reader_drop(r);         /* a border line before a grid, or on its own */
                continue;
            }
            if (ln->ncells == 16 && !sixteen_starts_grid(r, &err)) {
                if (err)
                    return -1;
                ln = reader_peek(r, 0, &err);
                memcpy(rec->cells, ln->cells, 16);
                record_finish(r, rec, 4, ln->maxval, ln->number, ln, NULL, ln);
                reader_drop(r);
                return 1;
            }
            if (err)
                return -1;
            reader_grid(r, rec, ln->ncells, &err);
            return err ? -1 : 1;
        }
    }
}

sdk_reader *sdk_reader_new(FILE *in, const char *name, const sdk_read_options *opt)
{
    sdk_reader *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->text = malloc(READ_LINE_MAX + 1);
    if (!r->text) {
        free(r);
        return NULL;
    }
    r->fd = fileno(in);
    r->name = name;
    if (opt)
        r->opt = *opt;
    r->at_start = 1;
    r->csv_col = -1;
    return r;
}

void sdk_reader_free(sdk_reader *r)
{
    if (!r)
        return;
    free(r->text);
    free(r);
}

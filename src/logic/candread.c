/*
 * candread.c -- reading a candidate grid (a position in progress): the
 * compact pencilmark string of SE and tdoku (n characters a cell, the digit
 * or '.'/'0' where the candidate is gone) or groups of digits, one a cell,
 * separated by blanks and | + - borders.  A cell left with one digit is
 * read as placed.  Hostile text gets a one-line reason, never a crash.
 * And the compact string written back, so a position's record reads back.
 */
#include <stdio.h>
#include <string.h>
#include "sudoku.h"

static int is_sep(unsigned char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == '|' || ch == '+'; }

int sdk_human_parse_candidates(int n, const char *text, size_t len, int ncells, uint8_t *cells, uint32_t *cand,
                               char *err, size_t errsize)
{
    if (n < 2 || n > 9 || ncells < 1 || ncells > SDK_MAX_CELLS) {
        snprintf(err, errsize, "candidate grids need a side of 2..9");
        return 0;
    }
    /* Tokens: runs of non-separators; a token of dashes only is a border. */
    size_t tok_start[SDK_MAX_CELLS + 1], tok_len[SDK_MAX_CELLS + 1];
    int ntok = 0;
    for (size_t i = 0; i < len;) {
        while (i < len && is_sep((unsigned char)text[i]))
            i++;
        size_t e = i;
        while (e < len && !is_sep((unsigned char)text[e]))
            e++;
        if (e > i) {
            size_t k = i;
            while (k < e && text[k] == '-')
                k++;
            if (k < e) {
                if (ntok > SDK_MAX_CELLS) {
                    snprintf(err, errsize, "more than %d candidate groups", SDK_MAX_CELLS);
                    return 0;
                }
                tok_start[ntok] = i;
                tok_len[ntok++] = e - i;
            }
        }
        i = e;
    }
    int compact = ntok == 1 && tok_len[0] == (size_t)n * (size_t)ncells;
    if (!compact && ntok != ncells) {
        snprintf(err, errsize, "expected %d characters of candidates or %d groups of digits, found %d group%s",
                 n * ncells, ncells, ntok, ntok == 1 ? "" : "s");
        return 0;
    }
    for (int c = 0; c < ncells; c++) {
        uint32_t m = 0;
        if (compact) {
            const char *s = text + tok_start[0] + (size_t)c * (size_t)n;
            for (int k = 0; k < n; k++) {
                if (s[k] == '.' || s[k] == '0')
                    continue;
                if (s[k] != '1' + k) {
                    snprintf(err, errsize, "cell %d: '%c' at place %d (expected %c or .)", c + 1,
                             (unsigned char)s[k] >= 32 && (unsigned char)s[k] < 127 ? s[k] : '?', k + 1, '1' + k);
                    return 0;
                }
                m |= 1u << k;
            }
        } else {
            const char *s = text + tok_start[c];
            for (size_t k = 0; k < tok_len[c]; k++) {
                int d = s[k] - '0';
                if (d < 1 || d > n) {
                    snprintf(err, errsize, "group %d: '%c' is not a digit 1..%d", c + 1,
                             (unsigned char)s[k] >= 32 && (unsigned char)s[k] < 127 ? s[k] : '?', n);
                    return 0;
                }
                m |= 1u << (d - 1);
            }
        }
        if (!m) {
            snprintf(err, errsize, "cell %d has no candidate", c + 1);
            return 0;
        }
        cells[c] = (m & (m - 1)) ? 0 : (uint8_t)(__builtin_ctz(m) + 1);
        cand[c] = cells[c] ? 0 : m;
    }
    return 1;
}

char *sdk_human_format_candidates(const uint8_t *cells, const uint16_t *cand, char *out)
{
    for (int c = 0; c < 81; c++) {
        unsigned m = cells[c] ? 1u << (cells[c] - 1) : cand[c];
        for (int d = 0; d < 9; d++)
            out[c * 9 + d] = m >> d & 1 ? (char)('1' + d) : '.';
    }
    out[729] = '\0';
    return out;
}

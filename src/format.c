/*
 * format.c -- writing cells back as text: one line, or a grid that the
 * reader reads back (box columns separated by two spaces).
 */
#include "sudoku.h"

char sdk_digit_char(int v)
{
    if (v <= 0)
        return '.';
    if (v <= 9)
        return (char)('0' + v);
    if (v <= 35)
        return (char)('A' + v - 10);
    return '?';
}

char *sdk_format_line(const sdk_board *b, const uint8_t *cells, char *buf)
{
    static const char digits[] = ".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    for (int c = 0; c < b->ncells; c++)
        buf[c] = cells[c] < sizeof digits - 1 ? digits[cells[c]] : '?';
    buf[b->ncells] = '\0';
    return buf;
}

void sdk_format_grid(FILE *out, const sdk_board *b, const uint8_t *cells)
{
    int n = b->n;
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            if (c > 0)
                fputs(c % b->box_cols == 0 ? "  " : " ", out);
            putc(sdk_digit_char(cells[r * n + c]), out);
        }
        putc('\n', out);
    }
    putc('\n', out);
}

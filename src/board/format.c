/*
 * format.c -- writing cells back as text: one line, or a grid that the
 * reader reads back (box columns separated by two spaces).  Variant boards
 * are written in the layouts the reader detects: samurai as five 81-cell
 * groups or the 21x21 layout, jigsaw with its region labels, killer with
 * its cage labels and sums (on a "cages" line after a grid).
 */
#include <string.h>
#include "board.h"

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

/* A killer's cage labels, a space and its sums (the line's tail). */
static char *format_cages(const sdk_board *b, char *buf)
{
    sdk_killer_labels(b, buf);
    buf[b->ncells] = ' ';
    killer_format_sums(b, buf + b->ncells + 1);
    return buf;
}

char *sdk_format_line(const sdk_board *b, const uint8_t *cells, char *buf)
{
    int k = 0;
    if (b->variant && b->height != b->n) {          /* samurai: grid by grid */
        uint16_t order[SAMURAI_LINE];
        variant_samurai_order(b, order);
        for (int i = 0; i < SAMURAI_LINE; i++) {
            if (i && i % 81 == 0)
                buf[k++] = ' ';
            buf[k++] = sdk_digit_char(cells[order[i]]);
        }
    } else {
        for (int c = 0; c < b->ncells; c++)
            buf[k++] = sdk_digit_char(cells[c]);
    }
    buf[k] = '\0';
    if (b->region) {
        buf[k++] = ' ';
        sdk_format_regions(b, buf + k);
        k += (int)strlen(buf + k);
    }
    if (b->cell_cage) {
        buf[k++] = ' ';
        format_cages(b, buf + k);
    }
    return buf;
}

char *sdk_format_regions(const sdk_board *b, char *buf)
{
    int k = 0;
    for (int c = 0; b->region && c < b->ncells; c++)
        buf[k++] = variant_region_char(b, b->region[c]);
    buf[k] = '\0';
    return buf;
}

void sdk_format_grid(FILE *out, const sdk_board *b, const uint8_t *cells)
{
    int n = b->n;
    if (b->height != n || b->width != n) {          /* a layout with holes */
        char row[SDK_MAX_CELLS + 1];
        for (int y = 0; y < b->height; y++) {
            memset(row, ' ', (size_t)b->width);
            for (int c = 0; c < b->ncells; c++)
                if (b->cell_y[c] == y)
                    row[b->cell_x[c]] = sdk_digit_char(cells[c]);
            int len = b->width;
            while (len > 0 && row[len - 1] == ' ')
                len--;
            fprintf(out, "%.*s\n", len, row);
        }
        putc('\n', out);
        return;
    }
    /* jigsaw: boxes mean nothing, so single spaces, then the labels */
    int box_cols = b->region ? n : b->box_cols;
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            if (c > 0)
                fputs(c % box_cols == 0 ? "  " : " ", out);
            putc(sdk_digit_char(cells[r * n + c]), out);
        }
        putc('\n', out);
    }
    for (int r = 0; b->region && r < n; r++) {
        for (int c = 0; c < n; c++) {
            if (c > 0)
                putc(' ', out);
            putc(variant_region_char(b, b->region[r * n + c]), out);
        }
        putc('\n', out);
    }
    if (b->cell_cage) {
        char tail[SDK_MAX_LINE];
        fprintf(out, "cages %s\n", format_cages(b, tail));
    }
    putc('\n', out);
}

/*
 * puzzle.c -- a puzzle drawn from its board's data alone: cells where the
 * board's layout (cell_y, cell_x) puts them, holes left blank, thick lines
 * between cells of different boxes (so jigsaw regions draw themselves) and
 * around the board, thin lines inside boxes, cells of extra houses
 * (diagonals, windows) shaded, a killer's cages as dashed outlines inset
 * from the cell edges with each sum small in its cage's top-left cell.
 * Also the one-puzzle SVG document.
 */
#include <stdlib.h>
#include <string.h>
#include "out.h"

/* 1 if cells a and c share a box house. */
static int share_box(const sdk_board *b, int a, int c)
{
    for (int i = b->cell_house_start[a]; i < b->cell_house_start[a + 1]; i++) {
        int h = b->cell_houses[i];
        if (b->house_kind[h] != SDK_HOUSE_BOX)
            continue;
        for (int j = b->cell_house_start[c]; j < b->cell_house_start[c + 1]; j++)
            if (b->cell_houses[j] == h)
                return 1;
    }
    return 0;
}

static int in_extra_house(const sdk_board *b, int c)
{
    for (int i = b->cell_house_start[c]; i < b->cell_house_start[c + 1]; i++)
        if (b->house_kind[b->cell_houses[i]] == SDK_HOUSE_EXTRA)
            return 1;
    return 0;
}

/* The cell at layout row y, column x, or -1 (a hole, or off the layout). */
static int cell_at(const sdk_board *b, const int *map, int y, int x)
{
    if (y < 0 || x < 0 || y >= b->height || x >= b->width)
        return -1;
    return map[y * b->width + x];
}

/* The lines of one pass: thick (0: thin lines within boxes; 1: box borders
 * and the board's edge).  Each cell draws its right and bottom edges, and its
 * top and left ones only at the board's edge, so no line is drawn twice. */
static void draw_edges(out_canvas *cv, const sdk_board *b, const int *map, double x0, double y0, double cs,
                       int thick)
{
    double width = thick ? (cs * 0.07 > 1.5 ? cs * 0.07 : 1.5) : (cs * 0.025 > 0.5 ? cs * 0.025 : 0.5);
    unsigned color = thick ? OUT_BLACK : 0x555555u;
    for (int c = 0; c < b->ncells; c++) {
        int y = b->cell_y[c], x = b->cell_x[c];
        double left = x0 + x * cs, top = y0 + y * cs;
        /* neighbours: right, below, left, above */
        static const int dy[4] = {0, 1, 0, -1}, dx[4] = {1, 0, -1, 0};
        for (int k = 0; k < 4; k++) {
            int nb = cell_at(b, map, y + dy[k], x + dx[k]);
            if (k >= 2 && nb >= 0)
                continue;                   /* that neighbour draws it */
            int is_thick = nb < 0 || !share_box(b, c, nb);
            if (is_thick != thick)
                continue;
            double ax = left + (k == 0 ? cs : 0), ay = top + (k == 1 ? cs : 0);
            double bx = k == 1 || k == 3 ? ax + cs : ax, by = k == 0 || k == 2 ? ay + cs : ay;
            out_line(cv, ax, ay, bx, by, width, color);
        }
    }
}

/* Where each layout position's cell is (-1: none): the edges' neighbours. */
static int *cell_map(const sdk_board *b)
{
    int *map = malloc(sizeof(int) * (size_t)b->height * (size_t)b->width);
    if (!map)
        return NULL;
    for (int i = 0; i < b->height * b->width; i++)
        map[i] = -1;
    for (int c = 0; c < b->ncells; c++)
        map[b->cell_y[c] * b->width + b->cell_x[c]] = c;
    return map;
}

static double cell_size(const sdk_board *b, double size)
{
    return size / (b->height > b->width ? b->height : b->width);
}

static void draw_shading(out_canvas *cv, const sdk_board *b, double x0, double y0, double cs)
{
    for (int c = 0; c < b->ncells; c++)
        if (in_extra_house(b, c))
            out_rect(cv, x0 + b->cell_x[c] * cs, y0 + b->cell_y[c] * cs, cs, cs, OUT_SHADE);
}

void out_draw_digits(out_canvas *cv, const sdk_board *b, const uint8_t *puzzle, const uint8_t *solution,
                     double x0, double y0, double size)
{
    double cs = cell_size(b, size), font = cs * 0.62;
    for (int c = 0; c < b->ncells; c++) {
        int given = puzzle[c] != 0;
        int v = given ? puzzle[c] : solution ? solution[c] : 0;
        if (!v)
            continue;
        char text[2] = {sdk_digit_char(v), '\0'};
        /* digits are about 0.7 of the font size tall: centre them */
        out_text(cv, x0 + (b->cell_x[c] + 0.5) * cs, y0 + (b->cell_y[c] + 0.5) * cs + font * 0.36, font, given,
                 0, given ? OUT_BLACK : OUT_INK2, text);
    }
}

/* Whether the cell at layout (y, x) is in cage j. */
static int in_cage(const sdk_board *b, const int *map, int y, int x, int j)
{
    int c = cell_at(b, map, y, x);
    return c >= 0 && b->cell_cage[c] == j;
}

/*
 * A killer's cages: each cell edge with the cage on one side only gets a
 * dashed line `in` inside the cell, running to the next cell's line where
 * the edge goes on (to in past the cell's corner where the outline turns
 * inwards, to in short of it where it turns outwards), so the pieces join
 * into one outline a cage, as printed killers draw them.  Each sum goes in
 * its cage's first cell (its top-left, in reading order), small, on a white
 * patch that breaks the dashes under it.
 */
static void draw_cages(out_canvas *cv, const sdk_board *b, const int *map, double x0, double y0, double cs)
{
    double in = cs * 0.09, width = cs * 0.022 > 0.4 ? cs * 0.022 : 0.4, font = cs * 0.26;
    /* per side (top, right, bottom, left): the step out of the cell, and the
     * two ends' steps along the edge */
    static const int oy[4] = {-1, 0, 1, 0}, ox[4] = {0, 1, 0, -1};
    for (int c = 0; c < b->ncells; c++) {
        int j = b->cell_cage[c], y = b->cell_y[c], x = b->cell_x[c];
        if (j < 0)
            continue;
        double left = x0 + x * cs, top = y0 + y * cs;
        for (int k = 0; k < 4; k++) {
            if (in_cage(b, map, y + oy[k], x + ox[k], j))
                continue;
            /* the edge runs along direction (ay, ax), ends at -1 and +1 */
            int ay = ox[k] != 0, ax = oy[k] != 0;
            double end[2];
            for (int e = 0; e < 2; e++) {
                int sgn = e ? 1 : -1;
                int along = in_cage(b, map, y + sgn * ay, x + sgn * ax, j);
                int turn = along && in_cage(b, map, y + sgn * ay + oy[k], x + sgn * ax + ox[k], j);
                end[e] = sgn * (cs / 2 + (turn ? in : along ? 0 : -in));
            }
            /* the line: cs/2 - in out from the centre toward side k */
            double cx = left + cs / 2 + ox[k] * (cs / 2 - in), cy = top + cs / 2 + oy[k] * (cs / 2 - in);
            double pts[4] = {cx + ax * end[0], cy + ay * end[0], cx + ax * end[1], cy + ay * end[1]};
            out_polyline(cv, pts, 2, width, 0x333333u, 1);
        }
    }
    for (int j = 0; j < b->ncages; j++) {
        int c = b->cage_cells[b->cage_start[j]];
        char text[8];
        snprintf(text, sizeof text, "%d", b->cage_sum[j]);
        double tx = x0 + b->cell_x[c] * cs + in * 0.6, ty = y0 + b->cell_y[c] * cs + in * 0.6;
        out_rect(cv, tx, ty, out_text_width(text, 0) * font + font * 0.2, font * 0.95, 0xffffffu);
        out_text(cv, tx + font * 0.1, ty + font * 0.78, font, 0, -1, OUT_BLACK, text);
    }
}

/* The lines after the digits, the shading before them: SVG documents keep
 * the order they always had. */
static void draw(out_canvas *cv, const sdk_board *b, const uint8_t *puzzle, const uint8_t *solution,
                 double x0, double y0, double size, int digits)
{
    double cs = cell_size(b, size);
    int *map = cell_map(b);
    if (!map)
        return;
    draw_shading(cv, b, x0, y0, cs);
    if (digits)
        out_draw_digits(cv, b, puzzle, solution, x0, y0, size);
    draw_edges(cv, b, map, x0, y0, cs, 0);
    draw_edges(cv, b, map, x0, y0, cs, 1);
    if (b->cell_cage)
        draw_cages(cv, b, map, x0, y0, cs);
    free(map);
}

void out_draw_puzzle(out_canvas *cv, const sdk_board *b, const uint8_t *puzzle, const uint8_t *solution,
                     double x0, double y0, double size)
{
    draw(cv, b, puzzle, solution, x0, y0, size, 1);
}

void out_draw_grid(out_canvas *cv, const sdk_board *b, double x0, double y0, double size)
{
    draw(cv, b, NULL, NULL, x0, y0, size, 0);
}

void sdk_svg_puzzle(FILE *out, const sdk_board *b, const uint8_t *puzzle, const uint8_t *solution,
                    const char *caption)
{
    int side = b->height > b->width ? b->height : b->width;
    double cs = side <= 9 ? 40 : side <= 16 ? 32 : 26;
    double margin = 20, size = cs * side;
    double caption_h = caption && *caption ? 28 : 0;
    out_canvas cv = {OUT_SVG, out, NULL, 0, 0, 0};
    out_svg_begin(out, size + 2 * margin, size + 2 * margin + caption_h, "");
    out_draw_puzzle(&cv, b, puzzle, solution, margin, margin, size);
    if (caption_h)
        out_text(&cv, margin, size + margin + 24, 13, 0, -1, OUT_BLACK, caption);
    out_svg_end(out);
}

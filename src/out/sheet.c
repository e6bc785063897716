/*
 * sheet.c -- printable sheets: puzzles laid out 1, 2, 4 or 6 to a page of
 * A4 or US letter under a title, each with its label above it, then (on
 * request) an answer key of small labelled grids on the last pages.  The
 * same page drawing goes to PDF (one document) or SVG (a document a page).
 */
#include <stdlib.h>
#include <string.h>
#include "out.h"

#define KEY_COLS 3
#define KEY_ROWS 4
#define MARGIN 40.0

typedef struct sheet_item {
    const sdk_board *board;
    uint8_t puzzle[SDK_MAX_CELLS], solution[SDK_MAX_CELLS];
    int solved;
    char label[160];
} sheet_item;

struct sdk_sheet {
    sdk_sheet_options opt;
    char title[160];
    double width, height;
    sheet_item *items;
    int count, cap;
};

sdk_sheet *sdk_sheet_new(const sdk_sheet_options *o)
{
    if (o->per_page != 1 && o->per_page != 2 && o->per_page != 4 && o->per_page != 6)
        return NULL;
    sdk_sheet *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->opt = *o;
    snprintf(s->title, sizeof s->title, "%s", o->title ? o->title : "");
    s->opt.title = s->title;
    s->width = o->letter ? 612 : 595.28;
    s->height = o->letter ? 792 : 841.89;
    return s;
}

void sdk_sheet_free(sdk_sheet *s)
{
    if (s)
        free(s->items);
    free(s);
}

int sdk_sheet_add(sdk_sheet *s, const sdk_board *b, const uint8_t *puzzle, const uint8_t *solution,
                  const char *label)
{
    if (s->count == s->cap) {
        int cap = s->cap ? 2 * s->cap : 16;
        sheet_item *p = realloc(s->items, sizeof *p * (size_t)cap);
        if (!p)
            return -1;
        s->items = p;
        s->cap = cap;
    }
    sheet_item *it = &s->items[s->count++];
    it->board = b;
    memcpy(it->puzzle, puzzle, (size_t)b->ncells);
    it->solved = solution != NULL;
    if (solution)
        memcpy(it->solution, solution, (size_t)b->ncells);
    snprintf(it->label, sizeof it->label, "%s", label ? label : "");
    return 0;
}

static int puzzle_pages(const sdk_sheet *s)
{
    return (s->count + s->opt.per_page - 1) / s->opt.per_page;
}

int sdk_sheet_pages(const sdk_sheet *s)
{
    int key = s->opt.solutions ? (s->count + KEY_COLS * KEY_ROWS - 1) / (KEY_COLS * KEY_ROWS) : 0;
    int pages = puzzle_pages(s) + key;
    return pages ? pages : 1;       /* an empty input still gives a (blank) page */
}

/* One page: a title line, then a cols x rows table of slots, each a label
 * above a square grid as large as the slot allows. */
static void sheet_draw_page(const sdk_sheet *s, int page, out_canvas *cv)
{
    int first_key = puzzle_pages(s);
    int key = page >= first_key && s->count > 0 && s->opt.solutions;
    int per = key ? KEY_COLS * KEY_ROWS : s->opt.per_page;
    int cols = key ? KEY_COLS : per == 1 || per == 2 ? 1 : 2;
    int rows = per / cols;
    int first = key ? (page - first_key) * per : page * per;
    double top = MARGIN;
    char title[200];
    if (key)
        snprintf(title, sizeof title, "%s%sSolutions", s->title, s->title[0] ? " - " : "");
    else
        snprintf(title, sizeof title, "%s", s->title);
    if (title[0]) {
        out_text(cv, s->width / 2, top + 16, 18, 1, 0, OUT_BLACK, title);
        top += 34;
    }
    char footer[64];
    snprintf(footer, sizeof footer, "Page %d of %d", page + 1, sdk_sheet_pages(s));
    out_text(cv, s->width / 2, s->height - MARGIN / 2, 9, 0, 0, OUT_GRAY, footer);

    double slot_w = (s->width - 2 * MARGIN) / cols;
    double slot_h = (s->height - MARGIN - top) / rows;
    double label_size = key ? 8 : 11, label_h = label_size + 8;
    for (int i = 0; i < per && first + i < s->count; i++) {
        const sheet_item *it = &s->items[first + i];
        double sx = MARGIN + (i % cols) * slot_w, sy = top + (i / cols) * slot_h;
        double side = slot_w < slot_h - label_h ? slot_w : slot_h - label_h;
        side *= 0.9;
        double gx = sx + (slot_w - side) / 2;
        sy += (slot_h - label_h - side) / 3;    /* a little above the middle of the slot */
        char label[200];
        /* the key repeats only the label's first part (the number) */
        int keep = key ? (int)strcspn(it->label, ":") : 200;
        snprintf(label, sizeof label, "%.*s%s", keep, it->label, key && !it->solved ? " (no solution)" : "");
        /* a long label shrinks to the grid's width rather than run into the next
         * one (with room to spare: an SVG viewer may substitute a wider font) */
        double fit = 0.85 * side / (out_text_width(label, 0) + 1e-9);
        out_text(cv, gx, sy + label_size, fit < label_size ? fit : label_size, 0, -1, OUT_BLACK, label);
        out_draw_puzzle(cv, it->board, it->puzzle, key && it->solved ? it->solution : NULL, gx,
                        sy + label_h, side);
    }
}

int sdk_sheet_pdf(const sdk_sheet *s, FILE *out)
{
    out_pdf d = {NULL, 0, s->width, s->height};
    int rc = 0;
    for (int p = 0; p < sdk_sheet_pages(s) && rc == 0; p++) {
        out_canvas cv;
        rc = out_pdf_page(&d, &cv);
        if (rc == 0)
            sheet_draw_page(s, p, &cv);
    }
    if (rc == 0)
        rc = out_pdf_write(&d, out, s->title[0] ? s->title : "Sudoku");
    out_pdf_free(&d);
    return rc;
}

int sdk_sheet_svg(const sdk_sheet *s, int page, FILE *out)
{
    if (page < 0 || page >= sdk_sheet_pages(s))
        return -1;
    out_canvas cv = {OUT_SVG, out, NULL, s->height};
    out_svg_begin(out, s->width, s->height, "pt");
    sheet_draw_page(s, page, &cv);
    out_svg_end(out);
    return ferror(out) ? -1 : 0;
}

/*
 * sheet.c -- printable sheets, written page by page as puzzles come in:
 * up to 1, 2, 4 or 6 puzzles a page of A4 or US letter under a title, each
 * under its label, sized to the puzzles the page holds (a lone puzzle takes
 * the page); then, on request, an answer key of small labelled grids.  The
 * key's entries wait in a scratch file, so memory holds one page at most.
 * The same page drawing goes to PDF (one document, each empty grid a form
 * drawn once) or SVG (a document a page).
 */
#include <stdlib.h>
#include <string.h>
#include "out.h"

#define KEY_PER 12             /* key entries a page of 9x9 grids: 3 x 4 */
#define MARGIN 40.0
#define TITLE_SIZE 18.0
#define TITLE_MIN 9.0           /* a long title shrinks to this, then is cut */
#define LABEL_LEN 160

typedef struct sheet_item {
    const sdk_board *board;
    uint8_t puzzle[SDK_MAX_CELLS], solution[SDK_MAX_CELLS];
    int solved;
    char label[LABEL_LEN];
} sheet_item;

/* A key entry in the scratch file: this, then the jigsaw map (if any),
 * the puzzle and the solution, ncells bytes each.  The board is built
 * again from its variant and shape when the key is drawn. */
typedef struct key_entry {
    unsigned flags;
    int n, box_rows, box_cols, ncells, solved, has_region;
    char label[LABEL_LEN];
} key_entry;

/* The form last written for a board (its serial: unique in the process;
 * 0 on a board not built by board.c) at a size: a page of the same grids
 * skips drawing them to compare. */
#define SHEET_MEMO 16
typedef struct sheet_memo {
    unsigned long serial;
    double side;
    int obj;
} sheet_memo;

struct sdk_sheet {
    sdk_sheet_options opt;
    char title[512];
    double width, height;
    sheet_item items[KEY_PER];  /* the page being filled */
    int nitems, key_items;      /* key_items: they are key entries (boards of ours) */
    int count, pages;
    FILE *key;                  /* the key's entries (--solutions) */
    FILE *out;                  /* the PDF, or the SVG page being written */
    out_pdf pdf;
    sheet_memo memo[SHEET_MEMO];
    int nmemo;
    int started, failed;
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
    if (o->solutions && !(s->key = tmpfile())) {
        free(s);
        return NULL;
    }
    return s;
}

int sdk_sheet_unprintable(const char *text)
{
    char buf[2];
    return out_winansi(text, buf, sizeof buf);
}

int sdk_sheet_count(const sdk_sheet *s)
{
    return s->count;
}

int sdk_sheet_pages(const sdk_sheet *s)
{
    return s->pages;
}

/* The slots of a page of count puzzles: the fewest of the layouts 1,
 * 2 (stacked), 4 (2 x 2), 6 (2 x 3) and 12 (3 x 4, the key) that hold them. */
static void sheet_layout(int count, int *cols, int *rows)
{
    int per = count <= 1 ? 1 : count == 2 ? 2 : count <= 4 ? 4 : count <= 6 ? 6 : KEY_PER;
    *cols = per <= 2 ? 1 : per <= 6 ? 2 : 3;
    *rows = per / *cols;
}

/* Key entries a page may hold with board b on it: small grids of large
 * boards would be unreadable. */
static int key_capacity(const sdk_board *b)
{
    int side = b->height > b->width ? b->height : b->width;
    return side <= 9 ? KEY_PER : side <= 16 ? 4 : 1;
}

/* An empty grid as a PDF form (its lines and shading), padded so that the
 * border's square line caps are inside the form's box; its number, or 0. */
static int sheet_form(sdk_sheet *s, const sdk_board *b, double side, double *pad)
{
    double cs = side / (b->height > b->width ? b->height : b->width);
    *pad = 0.2 * cs + 2;
    for (int i = 0; i < s->nmemo && i < SHEET_MEMO; i++)
        if (b->serial && s->memo[i].serial == b->serial && s->memo[i].side == side)
            return s->memo[i].obj;
    double fw = b->width * cs + 2 * *pad, fh = b->height * cs + 2 * *pad;
    out_buf content = {0};
    out_canvas fcv = {OUT_PDF, NULL, &content, fh, 0, 0};
    out_draw_grid(&fcv, b, *pad, *pad, side);
    int obj = out_pdf_form(&s->pdf, &content, fw, fh);
    out_buf_free(&content);
    if (obj)
        s->memo[s->nmemo++ % SHEET_MEMO] = (sheet_memo){b->serial, side, obj};
    return obj;
}

/* One puzzle at (gx, gy), side points: in PDF its grid is a form (drawn
 * once a document) and only the digits are the page's own. */
static void sheet_draw_puzzle(sdk_sheet *s, out_canvas *cv, const sheet_item *it, int key, double gx, double gy,
                              double side, int *forms, int *nforms)
{
    const uint8_t *solution = key && it->solved ? it->solution : NULL;
    if (cv->kind == OUT_SVG) {
        out_draw_puzzle(cv, it->board, it->puzzle, solution, gx, gy, side);
        return;
    }
    double pad, cs = side / (it->board->height > it->board->width ? it->board->height : it->board->width);
    int obj = sheet_form(s, it->board, side, &pad);
    if (obj) {
        out_buf_printf(cv->pdf, "q 1 0 0 1 %.2f %.2f cm /X%d Do Q\n", gx - pad,
                       cv->height - (gy + it->board->height * cs + pad), obj);
        int seen = 0;
        for (int i = 0; i < *nforms; i++)
            seen |= forms[i] == obj;
        if (!seen)
            forms[(*nforms)++] = obj;
    }
    out_draw_digits(cv, it->board, it->puzzle, solution, gx, gy, side);
}

/* One page: a title line, then a cols x rows table of slots, each a label
 * above a square grid as large as the slot allows.  forms gets the PDF
 * forms the page draws. */
static void sheet_draw_page(sdk_sheet *s, out_canvas *cv, int key, int *forms, int *nforms)
{
    int cols, rows;
    sheet_layout(s->nitems, &cols, &rows);
    double top = MARGIN;
    char title[600], fitted[600];
    snprintf(title, sizeof title, "%s%s%s", s->title, key && s->title[0] ? " - " : "", key ? "Solutions" : "");
    if (title[0]) {
        double size = out_text_fit(title, 1, TITLE_SIZE, TITLE_MIN, s->width - 2 * MARGIN, fitted, sizeof fitted);
        out_text(cv, s->width / 2, top + 16, size, 1, 0, OUT_BLACK, fitted);
        top += 34;
    }
    char footer[64];
    snprintf(footer, sizeof footer, "Page %d", s->pages + 1);
    out_text(cv, s->width / 2, s->height - MARGIN / 2, 9, 0, 0, OUT_GRAY, footer);

    double slot_w = (s->width - 2 * MARGIN) / cols;
    double slot_h = (s->height - MARGIN - top) / rows;
    double label_size = key ? 8 : 11, label_h = label_size + 8;
    for (int i = 0; i < s->nitems; i++) {
        const sheet_item *it = &s->items[i];
        double sx = MARGIN + (i % cols) * slot_w, sy = top + (i / cols) * slot_h;
        double side = slot_w < slot_h - label_h ? slot_w : slot_h - label_h;
        side *= 0.9;
        double gx = sx + (slot_w - side) / 2;
        sy += (slot_h - label_h - side) / 3;    /* a little above the middle of the slot */
        /* a long label shrinks to the grid's width rather than run into the next
         * one (with room to spare: an SVG viewer may substitute a wider font) */
        double fit = 0.85 * side / (out_text_width(it->label, 0) + 1e-9);
        out_text(cv, gx, sy + label_size, fit < label_size ? fit : label_size, 0, -1, OUT_BLACK, it->label);
        sheet_draw_puzzle(s, cv, it, key, gx, sy + label_h, side, forms, nforms);
    }
}

/* Opens the output at its first page: an empty sheet writes nothing. */
static int sheet_open(sdk_sheet *s)
{
    int svg = s->opt.svg;
    if (svg || !s->started) {
        s->out = s->opt.page_open(s->opt.ctx, svg ? s->pages + 1 : 0);
        if (!s->out)
            return -1;
    }
    if (!svg && !s->started && out_pdf_begin(&s->pdf, s->out, s->width, s->height, s->title) != 0)
        return -1;
    s->started = 1;
    return 0;
}

/* Closes what sheet_open opened (SVG: the page; PDF: at the end). */
static int sheet_close(sdk_sheet *s, int failed)
{
    FILE *f = s->out;
    s->out = NULL;
    return f && s->opt.page_close(s->opt.ctx, f, failed) != 0 ? -1 : failed ? -1 : 0;
}

/* Lets the boards of the held items go: the caller's, or the key's own. */
static void sheet_release(sdk_sheet *s)
{
    for (int i = 0; i < s->nitems; i++) {
        if (s->key_items)
            sdk_variant_release(s->items[i].board);
        else if (s->opt.release)
            s->opt.release(s->opt.ctx, s->items[i].board);
    }
    s->nitems = 0;
}

/* Draws and writes the page of items[0..nitems), then lets their boards go. */
static int sheet_flush(sdk_sheet *s, int key)
{
    int forms[KEY_PER], nforms = 0, rc = sheet_open(s);
    if (rc == 0 && s->opt.svg) {
        out_canvas cv = {OUT_SVG, s->out, NULL, s->height, 0, 0};
        out_svg_begin(s->out, s->width, s->height, "pt");
        sheet_draw_page(s, &cv, key, forms, &nforms);
        out_svg_end(s->out);
        rc = sheet_close(s, ferror(s->out) != 0);
    } else if (rc == 0) {
        out_buf content = {0};
        out_canvas cv = {OUT_PDF, NULL, &content, s->height, 0, 0};
        sheet_draw_page(s, &cv, key, forms, &nforms);
        rc = out_pdf_page(&s->pdf, &content, forms, nforms);
        out_buf_free(&content);
    }
    sheet_release(s);
    s->pages++;
    if (rc != 0)
        s->failed = 1;
    return rc;
}

/* The key's entry of a puzzle; its label is the number alone. */
static int key_write(sdk_sheet *s, const sheet_item *it)
{
    const sdk_board *b = it->board;
    key_entry e = {sdk_variant_flags(b), b->n, b->box_rows, b->box_cols, b->ncells, it->solved, b->region != NULL, ""};
    snprintf(e.label, sizeof e.label, "%.*s%s", (int)strcspn(it->label, ":"), it->label,
             it->solved ? "" : " (no solution)");
    size_t n = (size_t)b->ncells;
    int ok = fwrite(&e, sizeof e, 1, s->key) == 1 && (!b->region || fwrite(b->region, 1, n, s->key) == n) &&
             fwrite(it->puzzle, 1, n, s->key) == n && fwrite(it->solution, 1, n, s->key) == n;
    return ok ? 0 : -1;
}

/* The next key entry into it, its board built again; 1, or 0 at the end. */
static int key_read(sdk_sheet *s, sheet_item *it)
{
    key_entry e;
    uint8_t region[SDK_MAX_CELLS];
    if (fread(&e, sizeof e, 1, s->key) != 1 || e.ncells < 1 || e.ncells > SDK_MAX_CELLS)
        return 0;
    size_t n = (size_t)e.ncells;
    if ((e.has_region && fread(region, 1, n, s->key) != n) || fread(it->puzzle, 1, n, s->key) != n ||
        fread(it->solution, 1, n, s->key) != n)
        return 0;
    char err[160];
    /* (a killer's key shows its solution on the board without the cages) */
    unsigned flags = e.flags & ~(unsigned)SDK_VARIANT_KILLER;
    it->board = flags ? sdk_variant_cached_boxed(flags, e.n, e.box_rows, e.box_cols,
                                                 e.has_region ? region : NULL, err, sizeof err)
                      : sdk_board_cached(e.box_rows, e.box_cols);
    it->solved = e.solved;
    memcpy(it->label, e.label, sizeof it->label);
    it->label[sizeof it->label - 1] = '\0';
    return it->board != NULL;
}

int sdk_sheet_add(sdk_sheet *s, const sdk_board *b, const uint8_t *puzzle, const uint8_t *solution,
                  const char *label)
{
    if (s->failed)
        return -1;
    sheet_item *it = &s->items[s->nitems++];
    it->board = b;
    memcpy(it->puzzle, puzzle, (size_t)b->ncells);
    it->solved = solution != NULL;
    memcpy(it->solution, solution ? solution : puzzle, (size_t)b->ncells);
    snprintf(it->label, sizeof it->label, "%s", label ? label : "");
    s->count++;
    if (s->key && key_write(s, it) != 0)
        s->failed = 1;
    if (s->nitems == s->opt.per_page && sheet_flush(s, 0) != 0)
        return -1;
    return s->failed ? -1 : 0;
}

/* The answer key: its entries again from the scratch file, a page holding
 * as many as its largest board allows. */
static void sheet_key(sdk_sheet *s)
{
    if (fflush(s->key) != 0 || fseek(s->key, 0, SEEK_SET) != 0) {
        s->failed = 1;
        return;
    }
    s->key_items = 1;
    sheet_item next;
    int cap = KEY_PER;
    /* an interrupt that ended the puzzles still gets their key; one while
     * the key is drawn stops it */
    volatile int *intr = s->opt.interrupt && !*s->opt.interrupt ? s->opt.interrupt : NULL;
    while (!s->failed && !(intr && *intr) && key_read(s, &next)) {
        int room = key_capacity(next.board) < cap ? key_capacity(next.board) : cap;
        if (s->nitems >= room) {
            sheet_flush(s, 1);
            room = key_capacity(next.board);
        }
        s->items[s->nitems++] = next;
        cap = room;
        if (s->nitems == cap) {
            sheet_flush(s, 1);
            cap = KEY_PER;
        }
    }
    if (s->nitems && !s->failed)
        sheet_flush(s, 1);
}

int sdk_sheet_finish(sdk_sheet *s)
{
    if (s->nitems && !s->failed)
        sheet_flush(s, 0);
    if (s->key && s->count && !s->failed)
        sheet_key(s);
    sheet_release(s);           /* after a failure */
    if (s->started && !s->opt.svg) {
        int failed = s->failed || out_pdf_end(&s->pdf) != 0;
        s->failed = sheet_close(s, failed) != 0;
    }
    return s->failed ? -1 : 0;
}

void sdk_sheet_free(sdk_sheet *s)
{
    if (!s)
        return;
    sheet_release(s);           /* a sheet given up before its end */
    if (s->out)
        sheet_close(s, 1);
    if (s->key)
        fclose(s->key);
    out_pdf_free(&s->pdf);
    free(s);
}

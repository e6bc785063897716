/*
 * out.h -- the pictures' internal interface (src/out): a growable text
 * buffer, a canvas that draws the same lines, boxes and text as SVG or as a
 * PDF content stream, and the puzzle drawing both share.  Coordinates are
 * points (1/72 inch) with y growing downwards; the PDF side flips them.
 */
#ifndef SUDOKU_OUT_H
#define SUDOKU_OUT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include "sudoku.h"

/* A growable byte buffer (PDF streams and documents: their offsets count). */
typedef struct out_buf {
    char *data;
    size_t len, cap;
    int failed;                 /* out of memory: later writes are dropped */
} out_buf;

void out_buf_printf(out_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void out_buf_vprintf(out_buf *b, const char *fmt, va_list ap);
void out_buf_write(out_buf *b, const void *p, size_t n);
void out_buf_free(out_buf *b);

/* Colours as 0xRRGGBB. */
#define OUT_BLACK  0x000000u
#define OUT_INK2   0x1f5fbfu    /* solved digits, the second colour */
#define OUT_SHADE  0xdcdcdcu    /* cells of an extra house (diagonal, window) */
#define OUT_GRAY   0x888888u

typedef enum { OUT_SVG, OUT_PDF } out_kind;

typedef struct out_canvas {
    out_kind kind;
    FILE *svg;                  /* OUT_SVG: the document */
    out_buf *pdf;               /* OUT_PDF: the page's content stream */
    double height;              /* page height (PDF flips y) */
    int fill_set;               /* OUT_PDF: the stream's fill colour is fill */
    unsigned fill;
} out_canvas;

/* anchor: -1 left, 0 centred, 1 right of x; y is the baseline. */
void out_line(out_canvas *c, double x1, double y1, double x2, double y2, double width, unsigned rgb);
void out_rect(out_canvas *c, double x, double y, double w, double h, unsigned fill);
void out_text(out_canvas *c, double x, double y, double size, int bold, int anchor, unsigned rgb,
              const char *s);
/* An open path through n points (a chart's series); dashed: 4-on 3-off. */
void out_polyline(out_canvas *c, const double *xy, int n, double width, unsigned rgb, int dashed);

/* Text (text.c).  Strings are UTF-8; PDF's standard fonts show only
 * WinAnsiEncoding (Latin-1 and the cp1252 extras): other characters print
 * as OUT_FALLBACK. */
#define OUT_FALLBACK '?'
#define OUT_BAD_CHAR 0xFFFFFFFFu    /* out_utf8_next: not UTF-8 (one byte skipped) */
/* The next character of *s (not at its end), which moves past it. */
unsigned out_utf8_next(const char **s);
/* The WinAnsi byte of code point cp, or -1 if it has none (controls too). */
int out_winansi_byte(unsigned cp);
/* s in WinAnsi into out (len bytes, NUL-terminated); the count of
 * characters that became OUT_FALLBACK. */
int out_winansi(const char *s, char *out, size_t len);
/* Width of s in Helvetica (bold or not) at size 1: centring needs it in PDF. */
double out_text_width(const char *s, int bold);
/* Fits s to max_width: the size to draw it at (size, or smaller down to
 * min_size); if it is still too wide at min_size, out gets s cut with an
 * ellipsis that fits, else s itself (len bytes). */
double out_text_fit(const char *s, int bold, double size, double min_size, double max_width, char *out,
                    size_t len);
/* SVG document frame: header with a white background, and the closing tag.
 * unit: "" (user units = pixels, for screens) or "pt" (printed size). */
void out_svg_begin(FILE *f, double w, double h, const char *unit);
void out_svg_end(FILE *f);

/* Draws a puzzle with its top-left corner at (x, y), the layout's longer
 * side `size` points long: shading of extra houses, digits (givens bold,
 * solution digits in OUT_INK2 when solution is not NULL), thin lines within
 * boxes and thick ones between boxes and around the board.  Cells absent
 * from the board are not drawn.  out_draw_grid is the same without the
 * digits (a PDF form drawn once for many puzzles), out_draw_digits the
 * digits alone. */
void out_draw_puzzle(out_canvas *c, const sdk_board *b, const uint8_t *puzzle, const uint8_t *solution,
                     double x, double y, double size);
void out_draw_grid(out_canvas *c, const sdk_board *b, double x, double y, double size);
void out_draw_digits(out_canvas *c, const sdk_board *b, const uint8_t *puzzle, const uint8_t *solution,
                     double x, double y, double size);

/* A PDF 1.4 document written as it goes (pdf.c): pages of one size, fonts
 * Helvetica (/F1) and Helvetica-Bold (/F2), not embedded (every reader has
 * them), form XObjects (/X<object number>) for drawings pages share. */
#define OUT_PDF_FORMS 16        /* forms remembered for reuse */
typedef struct out_form {
    out_buf content;
    double w, h;
    int obj;
} out_form;

typedef struct out_pdf {
    FILE *f;
    size_t pos;                 /* bytes written: the next object's offset */
    size_t *offset;             /* offset[obj] */
    int nobj, cap;
    int *kids;                  /* the pages' object numbers */
    int npages, kids_cap;
    double width, height;
    out_form forms[OUT_PDF_FORMS];
    int nforms, next_form;
    out_buf scratch;            /* one formatted piece at a time */
    int failed;                 /* a write failed or memory ran out: nothing more is written */
} out_pdf;

/* Each returns 0, or -1 once a write has failed or memory ran out. */
int  out_pdf_begin(out_pdf *d, FILE *f, double width, double height, const char *title);
/* The object number of a form holding content (a w x h box, y up from its
 * bottom left), written now unless the same form was written lately; 0 on
 * failure. */
int  out_pdf_form(out_pdf *d, const out_buf *content, double w, double h);
/* A page: its content stream and the forms (object numbers) it draws. */
int  out_pdf_page(out_pdf *d, const out_buf *content, const int *forms, int nforms);
/* The page tree, catalog and cross-reference table: the document's end. */
int  out_pdf_end(out_pdf *d);
void out_pdf_free(out_pdf *d);

/* A trace held for plotting (trace.c, read by plot.c). */
typedef struct out_point {
    double x, energy, temperature;
} out_point;

typedef struct out_series {
    uint64_t puzzle;
    out_point *pts;
    int n, cap;
    uint64_t stride, seen;      /* keep every stride-th row; rows seen so far */
    out_point last;             /* the latest row, drawn even when thinned out */
} out_series;

struct sdk_trace {
    uint64_t only;              /* 0: every puzzle */
    out_series *series;
    int count, cap;
    int cached;                 /* the series the last row went to */
};

#endif

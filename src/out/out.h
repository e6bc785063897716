/*
 * out.h -- the pictures' internal interface (src/out): a growable text
 * buffer, a canvas that draws the same lines, boxes and text as SVG or as a
 * PDF content stream, and the puzzle drawing both share.  Coordinates are
 * points (1/72 inch) with y growing downwards; the PDF side flips them.
 */
#ifndef SUDOKU_OUT_H
#define SUDOKU_OUT_H

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
} out_canvas;

/* anchor: -1 left, 0 centred, 1 right of x; y is the baseline. */
void out_line(out_canvas *c, double x1, double y1, double x2, double y2, double width, unsigned rgb);
void out_rect(out_canvas *c, double x, double y, double w, double h, unsigned fill);
void out_text(out_canvas *c, double x, double y, double size, int bold, int anchor, unsigned rgb,
              const char *s);
/* An open path through n points (a chart's series); dashed: 4-on 3-off. */
void out_polyline(out_canvas *c, const double *xy, int n, double width, unsigned rgb, int dashed);
/* Width of s in Helvetica (bold or not) at size 1: centring needs it in PDF. */
double out_text_width(const char *s, int bold);
/* SVG document frame: header with a white background, and the closing tag.
 * unit: "" (user units = pixels, for screens) or "pt" (printed size). */
void out_svg_begin(FILE *f, double w, double h, const char *unit);
void out_svg_end(FILE *f);

/* Draws a puzzle with its top-left corner at (x, y), the layout's longer
 * side `size` points long: shading of extra houses, digits (givens bold,
 * solution digits in OUT_INK2 when solution is not NULL), thin lines within
 * boxes and thick ones between boxes and around the board.  Cells absent
 * from the board are not drawn. */
void out_draw_puzzle(out_canvas *c, const sdk_board *b, const uint8_t *puzzle, const uint8_t *solution,
                     double x, double y, double size);

/* A PDF 1.4 document (pdf.c): pages of one size, each a content stream
 * drawn through a canvas, fonts Helvetica (/F1) and Helvetica-Bold (/F2),
 * not embedded (every reader has them). */
typedef struct out_pdf {
    out_buf *pages;
    int npages;
    double width, height;
} out_pdf;

/* A new page; the canvas draws on it until the next call. */
int  out_pdf_page(out_pdf *d, out_canvas *cv);
/* The whole document with its cross-reference table; 0, or -1 if writing
 * failed or memory ran out. */
int  out_pdf_write(const out_pdf *d, FILE *f, const char *title);
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

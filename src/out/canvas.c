/*
 * canvas.c -- one drawing vocabulary (lines, filled boxes, text, polylines)
 * written either as SVG elements or as PDF content-stream operators, so a
 * puzzle or a chart is drawn once for both formats.  Text is UTF-8: SVG
 * keeps it, PDF's standard fonts get it in WinAnsiEncoding (text.c); what
 * neither can show (bad UTF-8, control characters) becomes '?'.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "out.h"

void out_buf_write(out_buf *b, const void *p, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *d = realloc(b->data, cap);
        if (!d) {
            b->failed = 1;
            return;
        }
        b->data = d;
        b->cap = cap;
    }
    memcpy(b->data + b->len, p, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void out_buf_vprintf(out_buf *b, const char *fmt, va_list ap)
{
    char small[512];
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    if (n >= 0 && (size_t)n < sizeof small) {
        out_buf_write(b, small, (size_t)n);
    } else if (n >= 0) {
        char *big = malloc((size_t)n + 1);
        if (big) {
            vsnprintf(big, (size_t)n + 1, fmt, again);
            out_buf_write(b, big, (size_t)n);
        } else {
            b->failed = 1;
        }
        free(big);
    }
    va_end(again);
}

void out_buf_printf(out_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    out_buf_vprintf(b, fmt, ap);
    va_end(ap);
}

void out_buf_free(out_buf *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}

static void svg_color(FILE *f, unsigned rgb)
{
    fprintf(f, "#%06x", rgb & 0xffffffu);
}

static void pdf_color(out_buf *b, unsigned rgb, const char *op)
{
    out_buf_printf(b, "%.3f %.3f %.3f %s\n", ((rgb >> 16) & 255) / 255.0, ((rgb >> 8) & 255) / 255.0,
                   (rgb & 255) / 255.0, op);
}

/* The fill colour, set only when it changes: a page of digits of one
 * colour sets it once. */
static void pdf_fill(out_canvas *c, unsigned rgb)
{
    if (!c->fill_set || c->fill != rgb)
        pdf_color(c->pdf, rgb, "rg");
    c->fill_set = 1;
    c->fill = rgb;
}

/* XML text: UTF-8 characters as they are, & < > escaped, the rest '?'. */
static void svg_text(FILE *f, const char *s)
{
    while (*s) {
        const char *start = s;
        unsigned cp = out_utf8_next(&s);
        if (cp == '&')
            fputs("&amp;", f);
        else if (cp == '<')
            fputs("&lt;", f);
        else if (cp == '>')
            fputs("&gt;", f);
        else if (cp < 32 || cp == 127 || cp == OUT_BAD_CHAR)
            putc(OUT_FALLBACK, f);
        else
            fwrite(start, 1, (size_t)(s - start), f);
    }
}

/* A PDF string's body in WinAnsiEncoding: ( ) \ escaped, bytes past ASCII
 * in octal so the content stream stays 7-bit text. */
static void pdf_string(out_buf *b, const char *s)
{
    while (*s) {
        int byte = out_winansi_byte(out_utf8_next(&s));
        if (byte < 0)
            byte = OUT_FALLBACK;
        if (byte >= 127)
            out_buf_printf(b, "\\%03o", (unsigned)byte);
        else
            out_buf_printf(b, "%s%c", byte == '(' || byte == ')' || byte == '\\' ? "\\" : "", byte);
    }
}

void out_line(out_canvas *c, double x1, double y1, double x2, double y2, double width, unsigned rgb)
{
    if (c->kind == OUT_SVG) {
        fprintf(c->svg, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke-width=\"%.2f\" stroke=\"",
                x1, y1, x2, y2, width);
        svg_color(c->svg, rgb);
        fputs("\" stroke-linecap=\"square\"/>\n", c->svg);
        return;
    }
    pdf_color(c->pdf, rgb, "RG");
    out_buf_printf(c->pdf, "2 J %.2f w %.2f %.2f m %.2f %.2f l S\n", width, x1, c->height - y1, x2,
                   c->height - y2);
}

void out_rect(out_canvas *c, double x, double y, double w, double h, unsigned fill)
{
    if (c->kind == OUT_SVG) {
        fprintf(c->svg, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"", x, y, w, h);
        svg_color(c->svg, fill);
        fputs("\"/>\n", c->svg);
        return;
    }
    pdf_fill(c, fill);
    out_buf_printf(c->pdf, "%.2f %.2f %.2f %.2f re f\n", x, c->height - y - h, w, h);
}

void out_text(out_canvas *c, double x, double y, double size, int bold, int anchor, unsigned rgb,
              const char *s)
{
    if (c->kind == OUT_SVG) {
        static const char *anchors[] = {"start", "middle", "end"};
        fprintf(c->svg, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"%.2f\" text-anchor=\"%s\"%s fill=\"", x, y,
                size, anchors[anchor + 1], bold ? " font-weight=\"bold\"" : "");
        svg_color(c->svg, rgb);
        fputs("\">", c->svg);
        svg_text(c->svg, s);
        fputs("</text>\n", c->svg);
        return;
    }
    double w = out_text_width(s, bold) * size;
    double left = anchor < 0 ? x : anchor == 0 ? x - w / 2 : x - w;
    pdf_fill(c, rgb);
    out_buf_printf(c->pdf, "BT /%s %.2f Tf %.2f %.2f Td (", bold ? "F2" : "F1", size, left, c->height - y);
    pdf_string(c->pdf, s);
    out_buf_printf(c->pdf, ") Tj ET\n");
}

void out_polyline(out_canvas *c, const double *xy, int n, double width, unsigned rgb, int dashed)
{
    if (n < 1)
        return;
    if (c->kind == OUT_SVG) {
        fprintf(c->svg, "<polyline fill=\"none\" stroke-width=\"%.2f\"%s stroke-linejoin=\"round\" stroke=\"",
                width, dashed ? " stroke-dasharray=\"4 3\"" : "");
        svg_color(c->svg, rgb);
        fputs("\" points=\"", c->svg);
        for (int i = 0; i < n; i++)
            fprintf(c->svg, "%s%.2f,%.2f", i ? " " : "", xy[2 * i], xy[2 * i + 1]);
        fputs("\"/>\n", c->svg);
        return;
    }
    pdf_color(c->pdf, rgb, "RG");
    out_buf_printf(c->pdf, "0 J %s %.2f w\n", dashed ? "[4 3] 0 d" : "[] 0 d", width);
    for (int i = 0; i < n; i++)
        out_buf_printf(c->pdf, "%.2f %.2f %s\n", xy[2 * i], c->height - xy[2 * i + 1], i ? "l" : "m");
    out_buf_printf(c->pdf, "S [] 0 d\n");
}

void out_svg_begin(FILE *f, double w, double h, const char *unit)
{
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%.0f%s\" height=\"%.0f%s\" "
               "viewBox=\"0 0 %.0f %.0f\" font-family=\"Helvetica, Arial, sans-serif\">\n"
               "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
            w, unit, h, unit, w, h);
}

void out_svg_end(FILE *f)
{
    fputs("</svg>\n", f);
}

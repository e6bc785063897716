/*
 * canvas.c -- one drawing vocabulary (lines, filled boxes, text, polylines)
 * written either as SVG elements or as PDF content-stream operators, so a
 * puzzle or a chart is drawn once for both formats.  Text is limited to
 * printable ASCII (anything else becomes '?'), which both Helvetica's
 * standard encoding and XML take without escapes beyond & < > ".
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

void out_buf_printf(out_buf *b, const char *fmt, ...)
{
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        out_buf_write(b, small, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big) {
        b->failed = 1;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    out_buf_write(b, big, (size_t)n);
    free(big);
}

void out_buf_free(out_buf *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}

/* Helvetica and Helvetica-Bold advance widths of ' '..'~' (thousandths). */
static const short helv[2][95] = {
    {278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556,
     556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778,
     722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278,
     278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
     556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584},
    {278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556,
     556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778,
     722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333,
     278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
     611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584},
};

/* The printable-ASCII form of a byte. */
static int text_char(unsigned char ch)
{
    return ch >= 32 && ch < 127 ? ch : '?';
}

double out_text_width(const char *s, int bold)
{
    double w = 0;
    for (; *s; s++)
        w += helv[bold ? 1 : 0][text_char((unsigned char)*s) - 32];
    return w / 1000.0;
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
    pdf_color(c->pdf, fill, "rg");
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
        for (; *s; s++) {
            int ch = text_char((unsigned char)*s);
            if (ch == '&')
                fputs("&amp;", c->svg);
            else if (ch == '<')
                fputs("&lt;", c->svg);
            else if (ch == '>')
                fputs("&gt;", c->svg);
            else
                putc(ch, c->svg);
        }
        fputs("</text>\n", c->svg);
        return;
    }
    double w = out_text_width(s, bold) * size;
    double left = anchor < 0 ? x : anchor == 0 ? x - w / 2 : x - w;
    pdf_color(c->pdf, rgb, "rg");
    out_buf_printf(c->pdf, "BT /%s %.2f Tf %.2f %.2f Td (", bold ? "F2" : "F1", size, left, c->height - y);
    for (; *s; s++) {
        int ch = text_char((unsigned char)*s);
        if (ch == '(' || ch == ')' || ch == '\\')
            out_buf_write(c->pdf, "\\", 1);
        char one = (char)ch;
        out_buf_write(c->pdf, &one, 1);
    }
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

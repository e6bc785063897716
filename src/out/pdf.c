/*
 * pdf.c -- the smallest PDF 1.4 that every reader opens: a catalog, a page
 * tree, the two standard Helvetica fonts (no embedding), one content stream
 * a page, and a cross-reference table whose offsets are counted from the
 * bytes actually written (the whole file is built in memory first).
 */
#include <stdlib.h>
#include <string.h>
#include "out.h"

int out_pdf_page(out_pdf *d, out_canvas *cv)
{
    out_buf *p = realloc(d->pages, sizeof *p * (size_t)(d->npages + 1));
    if (!p)
        return -1;
    d->pages = p;
    memset(&p[d->npages], 0, sizeof *p);
    cv->kind = OUT_PDF;
    cv->svg = NULL;
    cv->pdf = &p[d->npages++];
    cv->height = d->height;
    return 0;
}

void out_pdf_free(out_pdf *d)
{
    for (int i = 0; i < d->npages; i++)
        out_buf_free(&d->pages[i]);
    free(d->pages);
    d->pages = NULL;
    d->npages = 0;
}

/* Object numbers: 1 catalog, 2 page tree, 3 and 4 the fonts, 5 the
 * document information, then a page and its contents for each page. */
int out_pdf_write(const out_pdf *d, FILE *f, const char *title)
{
    int nobj = 5 + 2 * d->npages;
    size_t *offset = calloc((size_t)nobj + 1, sizeof *offset);
    out_buf b = {0};
    if (!offset)
        return -1;
    out_buf_printf(&b, "%%PDF-1.4\n%%\xe2\xe3\xcf\xd3\n");
    offset[1] = b.len;
    out_buf_printf(&b, "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n");
    offset[2] = b.len;
    out_buf_printf(&b, "2 0 obj\n<< /Type /Pages /Count %d /Kids [", d->npages);
    for (int i = 0; i < d->npages; i++)
        out_buf_printf(&b, " %d 0 R", 6 + 2 * i);
    out_buf_printf(&b, " ] >>\nendobj\n");
    static const char *fonts[2] = {"Helvetica", "Helvetica-Bold"};
    for (int i = 0; i < 2; i++) {
        offset[3 + i] = b.len;
        out_buf_printf(&b, "%d 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /%s /Encoding /WinAnsiEncoding >>\nendobj\n",
                       3 + i, fonts[i]);
    }
    offset[5] = b.len;
    out_buf_printf(&b, "5 0 obj\n<< /Producer (sudoku %s) /Title (", SDK_VERSION);
    for (const char *s = title ? title : "Sudoku"; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        char one = ch >= 32 && ch < 127 ? (char)ch : '?';
        if (one == '(' || one == ')' || one == '\\')
            out_buf_write(&b, "\\", 1);
        out_buf_write(&b, &one, 1);
    }
    out_buf_printf(&b, ") >>\nendobj\n");
    for (int i = 0; i < d->npages; i++) {
        int page = 6 + 2 * i, contents = page + 1;
        offset[page] = b.len;
        out_buf_printf(&b, "%d 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] "
                       "/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents %d 0 R >>\nendobj\n",
                       page, d->width, d->height, contents);
        offset[contents] = b.len;
        out_buf_printf(&b, "%d 0 obj\n<< /Length %zu >>\nstream\n", contents, d->pages[i].len);
        out_buf_write(&b, d->pages[i].data ? d->pages[i].data : "", d->pages[i].len);
        out_buf_printf(&b, "\nendstream\nendobj\n");
    }
    size_t xref = b.len;
    out_buf_printf(&b, "xref\n0 %d\n0000000000 65535 f \n", nobj + 1);
    for (int i = 1; i <= nobj; i++)
        out_buf_printf(&b, "%010zu 00000 n \n", offset[i]);
    out_buf_printf(&b, "trailer\n<< /Size %d /Root 1 0 R /Info 5 0 R >>\nstartxref\n%zu\n%%%%EOF\n", nobj + 1, xref);
    int failed = b.failed;
    for (int i = 0; i < d->npages; i++)
        failed |= d->pages[i].failed;
    if (!failed && fwrite(b.data, 1, b.len, f) != b.len)
        failed = 1;
    out_buf_free(&b);
    free(offset);
    return failed ? -1 : 0;
}

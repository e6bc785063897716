/*
 * pdf.c -- a PDF 1.4 written as it goes: the header, fonts and document
 * information first, then each page (its content stream and page object)
 * as soon as it is drawn, and at the end the page tree, the catalog and
 * the cross-reference table.  Only the objects' offsets and the pages'
 * object numbers are kept, so memory does not grow with the drawing.
 * Drawings repeated on many pages (an empty grid) are form XObjects,
 * written once and referenced by name.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "out.h"

/* Fixed object numbers: the rest are numbered as they are written. */
enum { PDF_CATALOG = 1, PDF_PAGES = 2, PDF_FONT = 3, PDF_FONT_BOLD = 4, PDF_INFO = 5, PDF_FIRST_FREE = 6 };

/* Writes n bytes and counts them: the xref's offsets are these counts. */
static void pdf_put(out_pdf *d, const void *p, size_t n)
{
    if (d->failed)
        return;
    if (fwrite(p, 1, n, d->f) != n)
        d->failed = 1;
    d->pos += n;
}

static void pdf_printf(out_pdf *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void pdf_printf(out_pdf *d, const char *fmt, ...)
{
    d->scratch.len = 0;
    va_list ap;
    va_start(ap, fmt);
    out_buf_vprintf(&d->scratch, fmt, ap);
    va_end(ap);
    d->failed |= d->scratch.failed;
    pdf_put(d, d->scratch.data, d->scratch.len);
}

/* The array a of *cap elements of size sz, grown to hold index i; NULL
 * when memory ran out (a is then unchanged). */
static void *pdf_grow(void *a, int *cap, int i, size_t sz)
{
    if (i < *cap)
        return a;
    int cap2 = *cap ? 2 * *cap : 256;
    while (cap2 <= i)
        cap2 *= 2;
    void *p = realloc(a, sz * (size_t)cap2);
    if (p)
        *cap = cap2;
    return p;
}

/* Starts object obj (or a new one, obj 0) here; returns its number. */
static int pdf_object(out_pdf *d, int obj)
{
    if (!obj)
        obj = d->nobj + 1;
    size_t *offset = pdf_grow(d->offset, &d->cap, obj, sizeof *offset);
    if (!offset) {
        d->failed = 1;
        return obj;
    }
    d->offset = offset;
    if (obj > d->nobj)
        d->nobj = obj;
    d->offset[obj] = d->pos;
    pdf_printf(d, "%d 0 obj\n", obj);
    return obj;
}

/* A PDF text string for the document information: UTF-16BE with its
 * byte-order mark, in hex, so any title is kept as it is (bad UTF-8: '?'). */
static void pdf_text_string(out_pdf *d, const char *s)
{
    pdf_printf(d, "<FEFF");
    while (*s) {
        unsigned cp = out_utf8_next(&s);
        if (cp == OUT_BAD_CHAR)
            cp = OUT_FALLBACK;
        if (cp >= 0x10000) {
            cp -= 0x10000;
            pdf_printf(d, "%04X%04X", 0xD800 + (cp >> 10), 0xDC00 + (cp & 0x3FF));
        } else {
            pdf_printf(d, "%04X", cp);
        }
    }
    pdf_printf(d, ">");
}

int out_pdf_begin(out_pdf *d, FILE *f, double width, double height, const char *title)
{
    memset(d, 0, sizeof *d);
    d->f = f;
    d->width = width;
    d->height = height;
    d->nobj = PDF_FIRST_FREE - 1;
    pdf_printf(d, "%%PDF-1.4\n%%\xe2\xe3\xcf\xd3\n");
    static const char *fonts[2] = {"Helvetica", "Helvetica-Bold"};
    for (int i = 0; i < 2; i++) {
        pdf_object(d, PDF_FONT + i);
        pdf_printf(d, "<< /Type /Font /Subtype /Type1 /BaseFont /%s /Encoding /WinAnsiEncoding >>\nendobj\n",
                   fonts[i]);
    }
    pdf_object(d, PDF_INFO);
    pdf_printf(d, "<< /Producer (sudoku %s) /Title ", SDK_VERSION);
    pdf_text_string(d, title && *title ? title : "Sudoku");
    pdf_printf(d, " >>\nendobj\n");
    return d->failed ? -1 : 0;
}

/* The form's content is compared in full: a hash alone could mix up two grids. */
static int pdf_form_find(const out_pdf *d, const out_buf *content, double w, double h)
{
    for (int i = 0; i < d->nforms; i++) {
        const out_form *fm = &d->forms[i];
        if (fm->w == w && fm->h == h && fm->content.len == content->len &&
            memcmp(fm->content.data, content->data, content->len) == 0)
            return fm->obj;
    }
    return 0;
}

int out_pdf_form(out_pdf *d, const out_buf *content, double w, double h)
{
    if (content->failed) {
        d->failed = 1;
        return 0;
    }
    int obj = pdf_form_find(d, content, w, h);
    if (obj)
        return obj;
    obj = pdf_object(d, 0);
    pdf_printf(d, "<< /Type /XObject /Subtype /Form /BBox [0 0 %.2f %.2f] /Length %zu >>\nstream\n", w, h,
               content->len);
    pdf_put(d, content->data, content->len);
    pdf_printf(d, "\nendstream\nendobj\n");
    /* Remember it, the oldest giving way when the cache is full: a jigsaw
     * batch draws a new grid a puzzle, and memory must stay bounded. */
    int slot = d->nforms < OUT_PDF_FORMS ? d->nforms++ : d->next_form++ % OUT_PDF_FORMS;
    out_form *fm = &d->forms[slot];
    out_buf_free(&fm->content);
    out_buf_write(&fm->content, content->data, content->len);
    if (fm->content.failed)
        d->failed = 1;
    fm->w = w;
    fm->h = h;
    fm->obj = obj;
    return obj;
}

int out_pdf_page(out_pdf *d, const out_buf *content, const int *forms, int nforms)
{
    int *kids = content->failed ? NULL : pdf_grow(d->kids, &d->kids_cap, d->npages, sizeof *kids);
    if (!kids) {
        d->failed = 1;
        return -1;
    }
    d->kids = kids;
    int contents = pdf_object(d, 0);
    pdf_printf(d, "<< /Length %zu >>\nstream\n", content->len);
    pdf_put(d, content->data, content->len);
    pdf_printf(d, "\nendstream\nendobj\n");
    int page = pdf_object(d, 0);
    pdf_printf(d, "<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %.2f %.2f] /Resources << /Font << /F1 %d 0 R "
                  "/F2 %d 0 R >>", PDF_PAGES, d->width, d->height, PDF_FONT, PDF_FONT_BOLD);
    if (nforms > 0) {
        pdf_printf(d, " /XObject <<");
        for (int i = 0; i < nforms; i++)
            pdf_printf(d, " /X%d %d 0 R", forms[i], forms[i]);
        pdf_printf(d, " >>");
    }
    pdf_printf(d, " >> /Contents %d 0 R >>\nendobj\n", contents);
    d->kids[d->npages++] = page;
    /* A finished page reaches the reader now (a pipe, Ctrl-C). */
    if (!d->failed && fflush(d->f) != 0)
        d->failed = 1;
    return d->failed ? -1 : 0;
}

int out_pdf_end(out_pdf *d)
{
    pdf_object(d, PDF_PAGES);
    pdf_printf(d, "<< /Type /Pages /Count %d /Kids [", d->npages);
    for (int i = 0; i < d->npages; i++)
        pdf_printf(d, "%s%d 0 R", i % 10 ? " " : "\n", d->kids[i]);
    pdf_printf(d, " ] >>\nendobj\n");
    pdf_object(d, PDF_CATALOG);
    pdf_printf(d, "<< /Type /Catalog /Pages %d 0 R >>\nendobj\n", PDF_PAGES);
    size_t xref = d->pos;
    pdf_printf(d, "xref\n0 %d\n0000000000 65535 f \n", d->nobj + 1);
    for (int i = 1; i <= d->nobj; i++)
        pdf_printf(d, "%010zu 00000 n \n", d->offset[i]);
    pdf_printf(d, "trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%zu\n%%%%EOF\n", d->nobj + 1,
               PDF_CATALOG, PDF_INFO, xref);
    if (!d->failed && fflush(d->f) != 0)
        d->failed = 1;
    return d->failed ? -1 : 0;
}

void out_pdf_free(out_pdf *d)
{
    for (int i = 0; i < d->nforms; i++)
        out_buf_free(&d->forms[i].content);
    out_buf_free(&d->scratch);
    free(d->offset);
    free(d->kids);
    memset(d, 0, sizeof *d);
}

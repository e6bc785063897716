/*
 * fuzz_fields.c -- libFuzzer target for the label fields of csv and json
 * records (src/out/fields.c) and the sheet they label: the input's lines
 * are read as print reads them (the first as a csv header, each as json
 * and as a csv row); a record's puzzle that the reader takes goes on a
 * sheet under its label, and the sheet is written as PDF and SVG.
 *
 * Checks: a record taken has a puzzle; every field is a terminated string
 * within its buffer; the PDF ends with %%EOF and the SVG closes its root.
 */
#include "fuzz_common.h"

static FILE *fz_fields_in;

/* The sheet's pages into one memory stream (the SVG pages one after another). */
typedef struct fz_out {
    char *text;
    size_t len;
    FILE *f;
} fz_out;

static FILE *fz_page_open(void *ctx, int page)
{
    fz_out *o = ctx;
    (void)page;
    if (!o->f)
        o->f = open_memstream(&o->text, &o->len);
    return o->f;
}

static int fz_page_close(void *ctx, FILE *f, int failed)
{
    (void)ctx;
    return fflush(f) != 0 || failed ? -1 : 0;
}

/* The sheet's text, ended (free it with fz_out_free). */
static void fz_out_end(fz_out *o)
{
    if (o->f)
        fflush(o->f);
}

static void fz_out_free(fz_out *o)
{
    if (o->f)
        fclose(o->f);
    free(o->text);
}

/* Reads the puzzle text of f as print does and adds it to both sheets. */
static void fz_fields_sheet(sdk_sheet **sh, const sdk_fields *f, const sdk_read_options *ro)
{
    FILE *in = fz_stream(&fz_fields_in, (const uint8_t *)f->puzzle, strlen(f->puzzle));
    sdk_reader *r = sdk_reader_new(in, "fuzz", ro);
    FZ_CHECK(r != NULL, "reader_new");
    static sdk_record rec;
    char label[200];
    snprintf(label, sizeof label, "#%s: seed %s, level %s, depth %s", f->number, f->seed, f->level, f->depth);
    while (sdk_reader_next(r, &rec) == 1)
        if (rec.ok)
            for (int i = 0; i < 2; i++)
                FZ_CHECK(sdk_sheet_add(sh[i], rec.board, rec.cells, rec.cells, label) == 0, "sheet_add");
    sdk_reader_free(r);
}

static void fz_fields_valid(const sdk_fields *f)
{
    FZ_CHECK(memchr(f->puzzle, '\0', sizeof f->puzzle) && f->puzzle[0], "puzzle");
    FZ_CHECK(memchr(f->number, '\0', sizeof f->number) && memchr(f->seed, '\0', sizeof f->seed) &&
             memchr(f->level, '\0', sizeof f->level) && memchr(f->depth, '\0', sizeof f->depth) &&
             memchr(f->width, '\0', sizeof f->width) && memchr(f->average, '\0', sizeof f->average),
             "fields terminated");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 20000)
        return 0;
    sdk_read_options ro;
    fz_options(data[0], &ro);
    /* a PDF and an SVG sheet; the title's bytes (invalid UTF-8 too) from the input */
    fz_out out[2] = {{0}};
    char title[8] = "fuzz";
    memcpy(title, data + 1, size - 1 < 7 ? size - 1 : 7);
    sdk_sheet *sh[2];
    for (int i = 0; i < 2; i++) {
        sdk_sheet_options so = {1 + (data[0] & 1) * 3, data[0] >> 7, 1, title, i, fz_page_open, fz_page_close,
                                NULL, &out[i], NULL};
        sh[i] = sdk_sheet_new(&so);
        FZ_CHECK(sh[i] != NULL, "sheet_new");
    }
    char *text = malloc(size);
    FZ_CHECK(text != NULL, "malloc");
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    int cols[7], have_header = 0;
    static sdk_fields f;
    for (char *line = text, *next; line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        if (line == text) {
            have_header = sdk_fields_csv_header(line, cols);
            continue;
        }
        if (sdk_fields_json(line, &f)) {
            fz_fields_valid(&f);
            fz_fields_sheet(sh, &f, &ro);
        }
        if (have_header && sdk_fields_csv(line, cols, &f)) {
            fz_fields_valid(&f);
            fz_fields_sheet(sh, &f, &ro);
        }
    }
    free(text);
    for (int i = 0; i < 2; i++) {
        FZ_CHECK(sdk_sheet_finish(sh[i]) == 0, "finish");
        fz_out_end(&out[i]);
        int pages = sdk_sheet_pages(sh[i]);
        FZ_CHECK((pages == 0) == (out[i].len == 0), "pages written when there are puzzles");
        if (i == 0)
            FZ_CHECK(!pages || (out[0].len > 6 && memcmp(out[0].text + out[0].len - 6, "%%EOF\n", 6) == 0),
                     "pdf ends with %%%%EOF");
        else
            FZ_CHECK(!pages || strstr(out[1].text, "</svg>\n") != NULL, "svg closed");
        sdk_sheet_free(sh[i]);
        fz_out_free(&out[i]);
    }
    return 0;
}

/*
 * fuzz_fpuzzles.c -- libFuzzer target for f-puzzles input
 * (src/board/fpuzzles.c): the input as an object or a link (first byte
 * even), or as the object a link carries (odd: compressed and put after
 * "load="), then the whole input through the reader, where an object may
 * span lines.
 *
 * Checks: a refusal says why; a translation is a line the reader reads
 * (valid, or invalid with a message); a valid one written back as an object
 * and as a link reads as the same board and cells; the reader's records
 * come in input order, at most one a line.
 */
#include "fuzz_common.h"
#include "../../src/board/fpuzzles.h"
#include "../../src/board/lzstring.h"

static FILE *fz_fp_in, *fz_fp_line;

/* The first record of text, through the reader, into rec. */
static int fz_fp_read(const char *text, sdk_record *rec)
{
    FILE *f = fz_stream(&fz_fp_line, (const uint8_t *)text, strlen(text));
    sdk_reader *r = sdk_reader_new(f, "line", NULL);
    FZ_CHECK(r != NULL, "reader_new");
    int got = sdk_reader_next(r, rec);
    sdk_reader_free(r);
    return got;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 65536)
        return 0;
    int as_link = data[0] & 1;
    data++, size--;
    char *text = malloc(size + 1);
    FZ_CHECK(text != NULL, "malloc");
    memcpy(text, data, size);
    text[size] = '\0';
    if (as_link) {
        char *packed = lz_compress_base64(text, strlen(text));
        FZ_CHECK(packed != NULL, "compress");
        char *link = malloc(strlen(packed) + 6);
        FZ_CHECK(link != NULL, "malloc");
        strcpy(link, "load=");
        strcat(link, packed);
        free(packed);
        free(text);
        text = link;
    }
    static char line[FP_LINE_MAX], again[FP_LINE_MAX], err[160];
    err[0] = '\0';
    int got = sdk_fpuzzles_read(text, line, sizeof line, err, sizeof err);
    FZ_CHECK(got >= -1 && got <= 1, "result %d", got);
    FZ_CHECK(got != -1 || (err[0] && memchr(err, '\0', sizeof err)), "a refusal says why");
    for (const char *p = err; got == -1 && *p; p++)
        FZ_CHECK((unsigned char)*p >= 0x20, "a refusal is one line of text");
    if (got == 1) {
        FZ_CHECK(strlen(line) < sizeof line && line[0], "a line");
        static sdk_record rec, back;
        FZ_CHECK(fz_fp_read(line, &rec) == 1, "the line is a record");
        FZ_CHECK(rec.ok || rec.error[0], "an invalid record says why");
        for (int url = 0; rec.ok && url < 2; url++) {
            char *out = url ? sdk_fpuzzles_url(rec.board, rec.cells, NULL, err, sizeof err)
                            : sdk_fpuzzles_json(rec.board, rec.cells, NULL, err, sizeof err);
            FZ_CHECK(out != NULL, "f-puzzles draws what it sent: %s", err);
            FZ_CHECK(sdk_fpuzzles_read(out, again, sizeof again, err, sizeof err) == 1, "written reads: %s", err);
            FZ_CHECK(fz_fp_read(again, &back) == 1 && back.ok, "written line reads: %s", back.error);
            FZ_CHECK(back.board == rec.board, "same board");
            FZ_CHECK(memcmp(back.cells, rec.cells, (size_t)rec.board->ncells) == 0, "same cells");
            sdk_variant_release(back.board);
            free(out);
        }
        if (rec.ok)
            sdk_variant_release(rec.board);
    }
    free(text);

    /* the input through the reader: objects over lines among other text */
    long lines = 1;
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n';
    FILE *in = fz_stream(&fz_fp_in, data, size);
    sdk_reader *r = sdk_reader_new(in, "fuzz", NULL);
    FZ_CHECK(r != NULL, "reader_new");
    static sdk_record rec;
    long last = 0;
    while (sdk_reader_next(r, &rec) == 1) {
        FZ_CHECK(rec.line > last && rec.line <= lines, "record line %ld after %ld (of %ld)", rec.line, last, lines);
        last = rec.line;
        FZ_CHECK(rec.ok || rec.error[0], "an invalid record says why");
        if (rec.ok)
            sdk_variant_release(rec.board);
    }
    sdk_reader_free(r);
    return 0;
}

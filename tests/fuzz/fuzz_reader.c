/*
 * fuzz_reader.c -- libFuzzer target for the puzzle reader (src/board/reader.c):
 * every format, size and variant, with --box and --variant taken from the
 * first byte.
 *
 * Besides "no crash, no sanitizer report", it checks the reader's promises:
 * records come in input order (strictly increasing first lines), at most one
 * per input line; a malformed record carries a message; a valid one has a
 * board of the forced shape and digits within it; and every valid record,
 * written back as a line and as a grid, reads back as the same puzzle.
 */
#include "fuzz_common.h"

static FILE *fz_reader_in;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    sdk_read_options ro;
    fz_options(data[0], &ro);
    data++, size--;
    long lines = 1;
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n';

    FILE *in = fz_stream(&fz_reader_in, data, size);
    sdk_reader *r = sdk_reader_new(in, "fuzz", &ro);
    FZ_CHECK(r != NULL, "reader_new");
    static sdk_record rec;
    long last = 0, records = 0;
    int got;
    while ((got = sdk_reader_next(r, &rec)) == 1) {
        records++;
        FZ_CHECK(rec.line > last && rec.line <= lines, "record line %ld after %ld (of %ld)", rec.line,
                 last, lines);
        last = rec.line;
        FZ_CHECK(rec.layout == SDK_LAYOUT_LINE || rec.layout == SDK_LAYOUT_GRID, "layout");
        if (!rec.ok) {
            FZ_CHECK(memchr(rec.error, '\0', sizeof rec.error) && rec.error[0], "error message");
            FZ_CHECK(rec.board == NULL, "no board on an invalid record");
            continue;
        }
        const sdk_board *b = rec.board;
        FZ_CHECK(b != NULL && b->n >= 4 && b->n <= SDK_MAX_N &&
                 (b->ncells == b->n * b->n || (b->variant && b->ncells == 369)), "board");
        if (ro.box_rows && !b->variant)
            FZ_CHECK(b->box_rows == ro.box_rows && b->box_cols == ro.box_cols, "forced box shape");
        for (int c = 0; c < b->ncells; c++)
            FZ_CHECK(rec.cells[c] <= b->n, "cell %d holds %d > %d", c, rec.cells[c], b->n);
        fz_round_trip(&ro, &rec, 0);
        /* 16 rows of 16 cells with no digit above 4 read as 4x4 puzzles
         * unless --box says otherwise (documented): skip that grid. */
        int big = 0;
        for (int c = 0; c < b->ncells; c++)
            big |= rec.cells[c] > 4;
        if (b->n != 16 || big || ro.box_rows)
            fz_round_trip(&ro, &rec, 1);
    }
    FZ_CHECK(got == 0, "read error on a plain file");
    FZ_CHECK(records <= lines, "%ld records from %ld lines", records, lines);
    sdk_reader_free(r);
    return 0;
}

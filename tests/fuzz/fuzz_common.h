/*
 * fuzz_common.h -- what the fuzz targets share: turning fuzz bytes into
 * reader options and an input stream, and a check that aborts with a message
 * (libFuzzer then saves the input).  The targets are also compiled by
 * tests/unit_fuzz_regress.c, which replays the committed corpora with the
 * ordinary compiler, so each helper is static and prefixed fz_.
 */
#ifndef SUDOKU_FUZZ_COMMON_H
#define SUDOKU_FUZZ_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sudoku.h"

#define FZ_CHECK(cond, ...)                                                 \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "fuzz check failed at %s:%d: %s: ", __FILE__,   \
                    __LINE__, #cond);                                       \
            fprintf(stderr, __VA_ARGS__);                                   \
            fputc('\n', stderr);                                            \
            abort();                                                        \
        }                                                                   \
    } while (0)

/* The first input byte picks the --box option (0x0 = detect), so every
 * reader path, forced shapes included, is reachable. */
static inline void fz_options(uint8_t selector, sdk_read_options *ro)
{
    static const int shapes[][2] = {
        {0, 0}, {0, 0}, {0, 0}, {0, 0}, {2, 2}, {2, 3}, {3, 2}, {2, 4}, {3, 3}, {2, 5},
        {3, 4}, {4, 3}, {3, 5}, {4, 4}, {4, 5}, {5, 4}, {5, 5}, {2, 12}, {12, 2},
    };
    int k = selector % (int)(sizeof shapes / sizeof shapes[0]);
    memset(ro, 0, sizeof *ro);
    ro->box_rows = shapes[k][0];
    ro->box_cols = shapes[k][1];
    /* The top bits pick --variant (mostly none: detection). */
    static const char *variants[] = {NULL, NULL, NULL, NULL, "x", "jigsaw", "samurai", "windoku"};
    ro->variant = variants[selector >> 5];
}

/* A stream holding exactly data[0..size): the reader reads a file descriptor
 * with read(2), so this is a real (temporary) file, reused between runs. */
static inline FILE *fz_stream(FILE **slot, const uint8_t *data, size_t size)
{
    if (!*slot) {
        *slot = tmpfile();
        FZ_CHECK(*slot != NULL, "tmpfile failed");
    }
    int fd = fileno(*slot);
    FZ_CHECK(ftruncate(fd, 0) == 0, "ftruncate");
    size_t done = 0;
    while (done < size) {
        ssize_t w = pwrite(fd, data + done, size - done, (off_t)done);
        FZ_CHECK(w > 0, "pwrite");
        done += (size_t)w;
    }
    FZ_CHECK(lseek(fd, 0, SEEK_SET) == 0, "lseek");
    return *slot;
}

/* Writes rec back (as a line, or as a grid) and reads it again: the same
 * board and cells (the reader's and the killer's targets). */
static inline void fz_round_trip(const sdk_read_options *ro, const sdk_record *rec, int as_grid)
{
    static FILE *fz_reader_back;
    FILE *f = fz_reader_back;
    if (!f) {
        f = fz_reader_back = tmpfile();
        FZ_CHECK(f != NULL, "tmpfile");
    }
    FZ_CHECK(ftruncate(fileno(f), 0) == 0, "ftruncate");
    rewind(f);
    /* a variant is named as the CLI writes it, so it reads back as one */
    const char *v = rec->board->variant ? rec->board->variant : ro->variant ? "standard" : NULL;
    if (as_grid) {
        if (v)
            fprintf(f, "%s\n", v);
        sdk_format_grid(f, rec->board, rec->cells);
    } else {
        char line[SDK_MAX_LINE];
        fprintf(f, "%s%s%s\n", v ? v : "", v ? " " : "", sdk_format_line(rec->board, rec->cells, line));
    }
    FZ_CHECK(fflush(f) == 0, "fflush");
    FZ_CHECK(lseek(fileno(f), 0, SEEK_SET) == 0, "lseek");
    sdk_reader *r = sdk_reader_new(f, "back", ro);
    FZ_CHECK(r != NULL, "reader_new");
    static sdk_record again;
    int got = sdk_reader_next(r, &again);
    FZ_CHECK(got == 1, "written record reads back (got %d)", got);
    FZ_CHECK(again.ok, "written %s reads back valid: %s", as_grid ? "grid" : "line", again.error);
    FZ_CHECK(again.board == rec->board, "same board after the round trip");
    FZ_CHECK(memcmp(again.cells, rec->cells, (size_t)rec->board->ncells) == 0, "same cells");
    FZ_CHECK(sdk_reader_next(r, &again) == 0, "nothing after the written record");
    sdk_reader_free(r);
}

#endif

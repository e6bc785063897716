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

#endif

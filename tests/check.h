/*
 * check.h -- the few macros the C unit tests share.  Each test program ends
 * with CHECK_SUMMARY("name"), printing "name: N passed, N failed" (the line
 * tests/run.sh adds up) and returning non-zero if anything failed.
 */
#ifndef SUDOKU_TEST_CHECK_H
#define SUDOKU_TEST_CHECK_H

#include <stdio.h>

static int check_passed, check_failed;

#define CHECK(cond, ...)                                                     \
    do {                                                                     \
        if (cond) {                                                          \
            check_passed++;                                                  \
        } else {                                                             \
            check_failed++;                                                  \
            fprintf(stdout, "FAIL %s:%d: ", __FILE__, __LINE__);             \
            fprintf(stdout, __VA_ARGS__);                                    \
            fputc('\n', stdout);                                             \
        }                                                                    \
    } while (0)

#define CHECK_SUMMARY(name)                                                  \
    (printf("%s: %d passed, %d failed\n", (name), check_passed, check_failed), \
     check_failed ? 1 : 0)

#endif

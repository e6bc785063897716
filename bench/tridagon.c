/*
 * tridagon.c -- issue 30 item 3: the ER distribution of random minimal
 * puzzles (the pools of `generate --hard` from scratch, neighbour.c) and of
 * random minimal puzzles with a planted tridagon (src/generate/tridagon.c),
 * N of one kind from SEED, with the CPU they took.
 * Built by bench/run.sh; not run by `make bench`.
 * Usage: build/bench/tridagon random|tridagon SEED N [print]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench_cpu.h"
#include "sudoku.h"
#include "../src/generate/neighbour.h"
#include "../src/generate/tridagon.h"

/* One puzzle of the kind (solution grid): 1 made, 0 draw again. */
static int make(const sdk_board *b, const sdk_gen_params *g, sdk_rng *rng, int planted, uint8_t *puzzle,
                uint8_t *grid)
{
    if (planted)
        return tri_plant(b, g, rng, puzzle, grid, NULL, NULL) > 0;
    if (sdk_generate_grid(b, g, sdk_rng_u32(rng), grid, NULL) != SDK_SOLVED)
        return 0;
    memcpy(puzzle, grid, 81);
    return nb_minimise(b, rng, puzzle, grid, NULL, NULL, NULL);
}

int main(int argc, char **argv)
{
    if (argc < 4 || (strcmp(argv[1], "random") && strcmp(argv[1], "tridagon"))) {
        fprintf(stderr, "usage: tridagon random|tridagon SEED N [print]\n");
        return 2;
    }
    int planted = !strcmp(argv[1], "tridagon"), want = atoi(argv[3]), print = argc > 4, got = 0, tries = 0;
    if (want < 1)
        return 2;
    sdk_rng rng;
    sdk_rng_seed(&rng, sdk_rng_seed32(strtoull(argv[2], NULL, 10)));
    const sdk_board *b = sdk_board_cached(3, 3);
    sdk_gen_params g;
    sdk_generate_defaults(&g);
    double *er = calloc((size_t)want, sizeof *er), t0 = cpu_now(), clues = 0;
    while (er && got < want) {
        uint8_t puzzle[81], grid[81];
        tries++;
        sdk_human_rating hr;
        if (!make(b, &g, &rng, planted, puzzle, grid) || sdk_human_rate(b, puzzle, NULL, 0, &hr, NULL) != SDK_SOLVED)
            continue;
        er[got++] = hr.solved ? hr.er : 20;
        int n = 0;
        for (int c = 0; c < 81; c++)
            n += puzzle[c] != 0;
        clues += n;
        if (print) {
            for (int c = 0; c < 81; c++)
                putchar(puzzle[c] ? '0' + puzzle[c] : '.');
            printf(" er=%.1f ep=%.1f ed=%.1f clues=%d\n", hr.er, hr.ep, hr.ed, n);
        }
        sdk_human_free(&hr);
    }
    if (!er)
        return 1;
    qsort(er, (size_t)want, sizeof *er, cmp_double);
    printf("%s seed %s: %d puzzles (%d grids), %.1f clues, %.2f cpu-s; median ER %.1f, max %.1f; ER >=", argv[1],
           argv[2], want, tries, clues / want, cpu_now() - t0, er[want / 2], er[want - 1]);
    static const double at[] = {7.0, 8.0, 8.5, 9.0, 9.2, 9.4, 9.6, 10.0};
    for (int i = 0; i < 8; i++) {
        int n = 0;
        for (int k = 0; k < want; k++)
            n += er[k] >= at[i];
        printf(" %.1f: %d", at[i], n);
    }
    printf("\n");
    free(er);
    return 0;
}

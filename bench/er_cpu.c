/*
 * er_cpu.c -- `generate --hard` from scratch on the er objective at equal
 * CPU: one run (the command's -j 1) of the neighbourhood search from random
 * minimal puzzles (src/generate/neighbour.c), stopped when the process has
 * used SECONDS of CPU, so that variants compare fairly on a machine shared
 * with other work.  Prints, as the run meets them, the CPU seconds at which
 * its best ER rose ("ER reached against time"), then its best puzzles.
 * Built by bench/run.sh; not run by `make bench` (minutes a seed).
 * Usage: build/bench/er_cpu SEED SECONDS [IMMIGRANTS [RESTART [MINUS [PLUS [none|tridagon]]]]]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench_cpu.h"
#include "sudoku.h"

static double last_er;

static void progress(void *ctx, uint64_t steps, int stage, const sdk_gen_result *best)
{
    (void)ctx;
    (void)stage;
    if (best && best->figure > last_er + 0.05) {
        last_er = best->figure;
        printf("%.1f cpu-s %llu moves: er %.1f\n", cpu_now(), (unsigned long long)steps, best->figure);
        fflush(stdout);
    }
}

int main(int argc, char **argv)
{
    uint64_t seed;
    double cpu_limit;
    if (!bench_seed_seconds(argc, argv, "er_cpu SEED SECONDS [IMMIGRANTS [RESTART [MINUS [PLUS [none|tridagon]]]]]", &seed, &cpu_limit))
        return 2;
    sdk_nb_params nb = {SDK_DEFAULT_NB_MINUS, SDK_DEFAULT_NB_PLUS, 0, NULL, 0, SDK_DEFAULT_NB_IMMIGRANTS,
                        SDK_DEFAULT_NB_RESTART, NULL, SDK_DEFAULT_NB_PLANT};
    if (argc > 3)
        nb.immigrants = atoi(argv[3]);
    if (argc > 4)
        nb.restart = atoi(argv[4]);
    if (argc > 5)
        nb.minus = atoi(argv[5]);
    if (argc > 6)
        nb.plus = atoi(argv[6]);
    if (argc > 7) {
        if (strcmp(argv[7], "none") && strcmp(argv[7], "tridagon")) {
            fprintf(stderr, "er_cpu: the plant is none or tridagon, not '%s'\n", argv[7]);
            return 2;
        }
        nb.plant = strcmp(argv[7], "none") ? SDK_PLANT_TRIDAGON : SDK_PLANT_NONE;
    }
    const sdk_board *b = sdk_board_cached(3, 3);
    sdk_gen_params g;
    sdk_generate_defaults(&g);
    g.objective = sdk_remc_objective_find("er");
    g.runs = 1;
    g.progress = progress;
    bench_watch watch;
    sdk_budget budget = {0, 0, &watch.flag};
    if (!bench_watch_start(&watch, cpu_limit))
        return 1;
    enum { COUNT = 5 };
    sdk_nb_result best[COUNT];
    sdk_remc_totals totals = {0, 0};
    int found = sdk_generate_neighbour(b, &g, &nb, NULL, 0, seed, COUNT, best, &budget, &totals);
    bench_watch_stop(&watch);
    printf("seed %llu: %.1f cpu-s, %llu moves, %llu rated\n", (unsigned long long)seed, cpu_now(),
           (unsigned long long)totals.steps, (unsigned long long)totals.attempts);
    for (int i = 0; i < found; i++) {
        char line[82];
        for (int c = 0; c < 81; c++)
            line[c] = best[i].gen.puzzle[c] ? (char)('0' + best[i].gen.puzzle[c]) : '.';
        line[81] = 0;
        printf("%s er=%.1f ep=%.1f ed=%.1f clues=%d\n", line, best[i].human.er, best[i].human.ep,
               best[i].human.ed, best[i].gen.clues);
    }
    return 0;
}

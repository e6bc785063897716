/*
 * remc_cpu.c -- `generate --hard --objective average-width` at equal CPU:
 * one chain (the command's -j 1 with that objective's defaults) stopped
 * when the process has used SECONDS of CPU, so that variants of the chain
 * compare fairly on a machine shared with other work (a wall-clock limit
 * gives each run what the load leaves it).  Prints the steps and, best
 * first, the run's COUNT best puzzles, each with its 300-walk average width
 * (sdk_rate, seed 1).  Built by bench/run.sh; not run by `make bench`
 * (a minute a seed).  Usage: build/bench/remc_cpu SEED SECONDS [COUNT]
 */
#include <stdio.h>
#include <stdlib.h>
#include "bench_cpu.h"
#include "sudoku.h"

int main(int argc, char **argv)
{
    uint64_t seed;
    double cpu_limit;
    if (!bench_seed_seconds(argc, argv, "remc_cpu SEED SECONDS [COUNT]", &seed, &cpu_limit))
        return 2;
    int count = argc > 3 ? atoi(argv[3]) : 5;
    if (count < 1 || count > 64)
        count = 5;
    const sdk_board *b = sdk_board_cached(3, 3);
    sdk_gen_params g;
    sdk_generate_defaults(&g);
    g.objective = sdk_remc_objective_find("average-width");
    g.depth_goal = 5;           /* as src/cli/generate.c sets for this objective */
    g.attempt_seconds = 0;
    g.runs = 1;
    bench_watch watch;
    sdk_budget budget = {0, 0, &watch.flag};
    if (!bench_watch_start(&watch, cpu_limit))
        return 1;
    sdk_gen_result best[64];
    sdk_remc_totals totals;
    double start = cpu_now();
    int found = sdk_generate_remc(b, &g, seed, count, best, &budget, &totals);
    double used = cpu_now() - start;
    bench_watch_stop(&watch);
    printf("seed %llu: %.1f CPU-s, %llu steps, %d puzzle(s)\n", (unsigned long long)seed, used,
           (unsigned long long)totals.steps, found);
    for (int i = 0; i < found; i++) {
        sdk_rating r;
        sdk_rate(b, best[i].puzzle, 300, 1, &r, NULL);
        char text[82];
        for (int c = 0; c < 81; c++)
            text[c] = best[i].puzzle[c] ? (char)('0' + best[i].puzzle[c]) : '.';
        text[81] = 0;
        printf("%d %s clues %d depth %d chain %.0f average width %.0f +- %.0f\n", i + 1, text, best[i].clues,
               best[i].depth, best[i].figure, r.avg_width, r.avg_width_err);
    }
    return 0;
}

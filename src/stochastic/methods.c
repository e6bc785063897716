/*
 * methods.c -- the table of solving methods.  A method is a row: its name,
 * the function that runs it, a one-line summary and the source it follows.
 * Adding a solver is adding a row here and a file beside this one.
 *
 * sdk_method_solve wraps every method: it times the run and lets no answer
 * through that the exact checker has not verified.
 */
#include <string.h>
#include "sudoku.h"
#include "chain.h"

/* -1: the method's own default (see sudoku.h). */
static const sdk_params method_defaults = {
    .seed = 1,
    .restarts = -1,
    .probe_every = -1,
    .T = -1,
    .lambda = SDK_DEFAULT_LAMBDA,
    .clue_weight = SDK_DEFAULT_CLUE_WEIGHT,
    .alpha = SDK_DEFAULT_ALPHA,
    .reheat = SDK_DEFAULT_REHEAT,
    .population = SDK_DEFAULT_POPULATION,
    .epochs = SDK_DEFAULT_EPOCHS,
};

void sdk_params_defaults(sdk_params *p)
{
    *p = method_defaults;
}

/* Fills a budget from the per-puzzle limits of p, starting now. */
static void method_budget(const sdk_params *p, sdk_budget *budget)
{
    *budget = sdk_budget_start(p->time_limit, p->interrupt);
    budget->max_iters = p->max_iters;
}

static sdk_status method_backtrack(const sdk_board *b, const uint8_t *puzzle, const sdk_params *p,
                                   uint32_t seed, uint8_t *solution, sdk_stats *st)
{
    (void)seed;                     /* deterministic: no random choices */
    sdk_budget budget;
    sdk_status status;
    method_budget(p, &budget);
    sdk_exact_count(b, puzzle, 1, solution, st, &budget, &status);
    return status;
}

static const sdk_method method_table[] = {
    {"backtrack", method_backtrack,
     "exact search (also --method exact): naked and hidden singles, branching on the fewest candidates",
     "classic constraint propagation with backtracking", 0},
    {"metropolis", method_metropolis,
     "single-site Metropolis on conflict pairs (clue pairs x" SDK_STR(SDK_DEFAULT_CLUE_WEIGHT) "), fixed T = "
     SDK_STR(SDK_DEFAULT_METROPOLIS_T),
     "C. D. Howard's textbook, sections 12-13 (SOURCES.md 000)", 1},
    {"anneal", method_anneal,
     "block-swap annealing on missing digits: Lewis's schedule, or a fixed T with --T",
     "B. Yee's blog and R. Lewis (2007) (SOURCES.md 001)", 1},
    {"sort-penalty", method_sort_penalty,
     "block-swap MCMC on the sort penalty Q, f ~ exp(-lambda Q), lambda = " SDK_STR(SDK_DEFAULT_LAMBDA),
     "N. L. Hjort, FocuStat blog (SOURCES.md 002)", 1},
    {"evolve", method_evolve,
     "combinatorial evolution: " SDK_STR(SDK_DEFAULT_POPULATION) " organisms (90% workers), "
     SDK_STR(SDK_DEFAULT_EPOCHS) " epochs, " SDK_STR(SDK_DEFAULT_EVOLVE_RESTARTS) " restarts",
     "J. McCaffrey, MSDN Magazine, Nov 2016 (SOURCES.md 003)", 1},
};

const sdk_method *sdk_method_list(int *count)
{
    *count = (int)(sizeof method_table / sizeof method_table[0]);
    return method_table;
}

const sdk_method *sdk_method_find(const char *name)
{
    if (strcmp(name, "exact") == 0)    /* what the docs call the default */
        name = "backtrack";
    int count;
    const sdk_method *m = sdk_method_list(&count);
    for (int i = 0; i < count; i++)
        if (strcmp(m[i].name, name) == 0)
            return &m[i];
    return NULL;
}

sdk_status sdk_method_solve(const sdk_method *m, const sdk_board *b, const uint8_t *puzzle,
                            const sdk_params *p, uint32_t seed, uint8_t *solution, sdk_stats *st)
{
    double start = sdk_now();
    memset(st, 0, sizeof *st);
    st->seed = seed;
    sdk_status status = m->run(b, puzzle, p, seed, solution, st);
    st->seconds = sdk_now() - start;
    if (status == SDK_SOLVED && !sdk_board_solves(b, puzzle, solution))
        status = SDK_TIMEOUT;       /* never report an unverified answer */
    return status;
}

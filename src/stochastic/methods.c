/*
 * methods.c -- the table of solving methods.  A method is a row: its name,
 * the function that runs it, a one-line summary and the source it follows.
 * Adding a solver is adding a row here and a file beside this one.
 *
 * sdk_method_solve wraps every method: it times the run, lets no answer
 * through that the exact checker has not verified, and sees that every
 * stochastic run ends: a puzzle without a solution is answered by the exact
 * search before any chain starts, and a run without a budget gets the
 * method's default one.
 */
#include <math.h>
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
     "classic constraint propagation with backtracking", 0, 0},
    {"metropolis", method_metropolis,
     "single-site Metropolis on conflict pairs (clue pairs x" SDK_STR(SDK_DEFAULT_CLUE_WEIGHT) "), fixed T = "
     SDK_STR(SDK_DEFAULT_METROPOLIS_T),
     "C. D. Howard's textbook, sections 12-13 (SOURCES.md 000)", 1, SDK_DEFAULT_METROPOLIS_PROPOSALS},
    {"anneal", method_anneal,
     "block-swap annealing on missing digits: Lewis's schedule, or a fixed T with --T",
     "B. Yee's blog and R. Lewis (2007) (SOURCES.md 001)", 1, SDK_DEFAULT_ANNEAL_PROPOSALS},
    {"sort-penalty", method_sort_penalty,
     "block-swap MCMC on the sort penalty Q, f ~ exp(-lambda Q), lambda = " SDK_STR(SDK_DEFAULT_LAMBDA),
     "N. L. Hjort, FocuStat blog (SOURCES.md 002)", 1, SDK_DEFAULT_SORT_PENALTY_PROPOSALS},
    {"evolve", method_evolve,
     "combinatorial evolution: " SDK_STR(SDK_DEFAULT_POPULATION) " organisms (90% workers), "
     SDK_STR(SDK_DEFAULT_EPOCHS) " epochs, " SDK_STR(SDK_DEFAULT_EVOLVE_RESTARTS) " restarts",
     "J. McCaffrey, MSDN Magazine, Nov 2016 (SOURCES.md 003)", 1, 0},
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

/* Is the puzzle proven to have no solution?  A chain cannot tell (its
 * energy never reaches 0, so it would run until its budget ends); the exact
 * search can, in microseconds on 9x9.  Capped at SDK_DEFAULT_PRECHECK_NODES
 * and the time limit: a search it cannot finish leaves the puzzle to the chain. */
static int method_proven_unsolvable(const sdk_board *b, const uint8_t *puzzle, const sdk_params *p)
{
    sdk_budget budget = sdk_budget_start(p->time_limit, p->interrupt);
    budget.max_iters = SDK_DEFAULT_PRECHECK_NODES;
    sdk_status status;
    sdk_exact_count(b, puzzle, 1, NULL, NULL, &budget, &status);
    return status == SDK_UNSOLVABLE;
}

/* The proposals a stochastic run may make in all: the caller's cap, or none
 * when the caller gave a budget (a time limit, or a per-run cap with
 * finitely many runs), else the method's default (at least one run's cap:
 * --propagate's restarts are endless unless --restarts is given). */
static uint64_t method_proposals(const sdk_method *m, const sdk_params *p)
{
    int endless = p->propagate && p->restarts < 0;
    if (p->max_proposals || p->time_limit > 0 || (p->max_iters && !endless))
        return p->max_proposals;
    uint64_t budget = (uint64_t)m->budget;
    return budget && p->max_iters > budget ? p->max_iters : budget;
}

sdk_status sdk_method_solve(const sdk_method *m, const sdk_board *b, const uint8_t *puzzle,
                            const sdk_params *p, uint32_t seed, uint8_t *solution, sdk_stats *st)
{
    double start = sdk_now();
    memset(st, 0, sizeof *st);
    st->seed = seed;
    sdk_params run = *p;
    sdk_status status;
    if (m->stochastic && method_proven_unsolvable(b, puzzle, p)) {
        st->proven_by_exact = 1;
        st->best_energy = st->final_energy = -1;    /* no state was made */
        status = SDK_UNSOLVABLE;
    } else {
        if (m->stochastic) {
            run.max_proposals = method_proposals(m, p);
            /* the check's time counts against the limit (never 0: that is none) */
            if (p->time_limit > 0)
                run.time_limit = fmax(p->time_limit - (sdk_now() - start), 1e-9);
        }
        status = m->run(b, puzzle, &run, seed, solution, st);
    }
    st->seconds = sdk_now() - start;
    if (status == SDK_SOLVED && !sdk_board_solves(b, puzzle, solution))
        status = SDK_TIMEOUT;       /* never report an unverified answer */
    return status;
}

/*
 * options.c -- the option table and its parser.  Every option is one row:
 * its spelling, value kind and range, the commands (groups) that take it,
 * and its help line ("{}" in it prints the default the parse starts from).
 * Adding an option is adding a row.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"

#define P(field) offsetof(cli_options, params.field)
#define O(field) offsetof(cli_options, field)

static const cli_option option_table[] = {
    {"--format", NULL, "FMT", OPT_FORMAT, O(format), 0, 0, OPTG_FORMAT, NULL,
     "output format: line, grid, csv, json (JSON Lines) or svg (a picture a puzzle; default: line, or "
     "grid for grid input); solve: also fpuzzles (f-puzzles' JSON, with the solution) or fpuzzles-url "
     "(its link); print: pdf (default) or svg"},
    {"--output", "-o", "PATH", OPT_STRING, O(pic.output), 0, 0, OPTG_OUTPUT, NULL,
     "--format svg: write DIR/0001.svg, DIR/0002.svg ... (a puzzle or page each) into this directory "
     "instead of stdout; print's pdf: the file to write"},
    {"--box", NULL, "RxC", OPT_BOX, 0, 0, 0, OPTG_INPUT, NULL,
     "box shape, e.g. 3x4 for 12x12 with 3-row boxes (default: detected from the size)"},
    {"--variant", NULL, "NAME", OPT_VARIANT, O(variant), 0, 0, OPTG_INPUT, NULL,
     "variant board: x (diagonal), windoku (hyper), jigsaw, killer, samurai, or a combination "
     "(jigsaw,x, killer,x, jigsaw,killer ...) (default: standard, or detected from the layout; see "
     "docs/variants.md)"},
    {"--stats", NULL, NULL, OPT_FLAG, O(stats), 0, 0, OPTG_STATS, NULL,
     "write per-puzzle and total figures to stderr"},
    {"--method", NULL, "NAME", OPT_STRING, O(method), 0, 0, OPTG_SOLVER, NULL,
     "solving method (see 'sudoku help methods'); default backtrack (exact)"},
    {"--seed", NULL, "N", OPT_U64, P(seed), 0, 0, OPTG_SOLVER | OPTG_GEN | OPTG_RATE | OPTG_TRANSFORM, NULL,
     "run seed; each puzzle derives its own from it (default {})"},
    {"--time-limit", NULL, "SECONDS", OPT_DOUBLE, P(time_limit), 0, 1e9,
     OPTG_SOLVER | OPTG_BUDGET | OPTG_GEN, NULL, "budget per puzzle; 0 = none (default 0)"},
    {"--max-iters", NULL, "N", OPT_U64, P(max_iters), 0, 0, OPTG_STOCH, NULL,
     "stochastic methods: proposals per run; 0 = method default"},
    {"--restarts", NULL, "N", OPT_INT, P(restarts), 0, 1e9, OPTG_STOCH, NULL,
     "stochastic methods: restarts after a run fails"},
    {"--propagate", NULL, NULL, OPT_FLAG, P(propagate), 0, 0, OPTG_STOCH, NULL,
     "stochastic methods: propagate constraints first (singles, subsets, locked candidates); anneal and sort-penalty then keep every cell within its candidates and share their time with probes (see --probe-every)"},
    {"--probe-every", NULL, "N", OPT_LONG, P(probe_every), 0, 2e9, OPTG_STOCH, NULL,
     "anneal, sort-penalty with --propagate: proposals per probe (default " SDK_STR(SDK_DEFAULT_PROBE_EVERY) "); 0 = no probes, the chain alone"},
    {"--trace", NULL, "FILE", OPT_STRING, P(trace_path), 0, 0, OPTG_STOCH | OPTG_GEN, NULL,
     "stochastic methods: write puzzle,iteration,energy,temperature as CSV (generate --hard's replica "
     "exchange: the first run's best energy H by step, for 'sudoku plot')"},
    {"--T", NULL, "X", OPT_DOUBLE, P(T), 1e-6, 1e9, OPTG_STOCH, "metropolis",
     "temperature (metropolis: default " SDK_STR(SDK_DEFAULT_METROPOLIS_T) "; with --method anneal: a fixed temperature instead of "
     "the schedule); alone it selects metropolis"},
    {"--lambda", NULL, "X", OPT_DOUBLE, P(lambda), 1e-6, 1e9, OPTG_STOCH, "sort-penalty",
     "sort-penalty weight: f ~ exp(-lambda Q) (default {}); alone it selects sort-penalty"},
    {"--clue-weight", NULL, "W", OPT_WHOLE, P(clue_weight), 0, 1000, OPTG_STOCH | OPTG_ENERGY, NULL,
     "weight of a conflict pair that touches a clue, a whole number (default {})"},
    {"--alpha", NULL, "X", OPT_DOUBLE, P(alpha), 1e-6, 1, OPTG_STOCH, NULL,
     "anneal: cooling factor per chain (default {})"},
    {"--chain", NULL, "N", OPT_LONG, P(chain), 0, 2e9, OPTG_STOCH, NULL,
     "anneal: proposals per chain; 0 = (free cells)^2, at most n^2 per free cell (default)"},
    {"--reheat", NULL, "N", OPT_INT, P(reheat), 1, 1e9, OPTG_STOCH, NULL,
     "anneal: chains without improvement before reheating to T0 (default {})"},
    {"--population", NULL, "N", OPT_INT, P(population), 2, 1e5, OPTG_STOCH, NULL,
     "evolve: organisms, 90% workers and 10% explorers (default {})"},
    {"--epochs", NULL, "N", OPT_INT, P(epochs), 1, 1e9, OPTG_STOCH, NULL,
     "evolve: epochs per attempt (default {})"},
    {"--limit", NULL, "N", OPT_U64, O(limit), 0, 0, OPTG_LIMIT, NULL,
     "stop counting at N solutions; 0 = no cap (default {})"},
    {"--jobs", "-j", "N", OPT_INT, O(jobs), 0, 1024, OPTG_JOBS, NULL,
     "threads for a batch, up to 1024; 0 = all cores (default {})"},
    {"--quiet", "-q", NULL, OPT_FLAG, O(quiet), 0, 0, OPTG_GEN | OPTG_JOBS, NULL,
     "no progress line on stderr (drawn only when stderr is a terminal)"},
    {"--count", "-n", "N", OPT_INT, O(gen.count), 1, 1e9, OPTG_GEN, NULL,
     "puzzles to print (default 1)"},
    {"--difficulty", NULL, "D", OPT_INT, O(gen.difficulty), 0, 10, OPTG_GEN, NULL,
     "0..10: aim for 35 - D clues on 9x9, scaled for other sizes (default 5)"},
    {"--clues", NULL, "N", OPT_INT, O(gen.clues), 1, SDK_MAX_CELLS, OPTG_GEN, NULL,
     "aim for N clues instead (the nearest count the symmetry allows, not above)"},
    {"--cage-min", NULL, "N", OPT_INT, O(gen.cage_min), 1, SDK_MAX_N, OPTG_GEN, NULL,
     "--variant killer: the fewest cells a cage has (default 2; 1 allows one-cell cages)"},
    {"--cage-max", NULL, "N", OPT_INT, O(gen.cage_max), 1, SDK_MAX_N, OPTG_GEN, NULL,
     "--variant killer: the most cells a cage has (default 5); with --clues N, N givens too (default none)"},
    {"--symmetry", NULL, "S", OPT_STRING, O(gen.symmetry), 0, 0, OPTG_GEN, NULL,
     "none, rotate180 (default), rotate90 or mirror"},
    {"--size", NULL, "N", OPT_INT, O(gen.size), 4, SDK_MAX_N, OPTG_GEN, NULL,
     "board side: 4, 6, 8, 9 (default), 10, 12, 15, 16, 20, 25; --box RxC for other box shapes"},
    {"--hard", NULL, NULL, OPT_FLAG, O(gen.hard), 0, 0, OPTG_GEN, NULL,
     "the hardest puzzles, within --time-limit (default 60) or --steps: by default for people (--objective er), "
     "on 9x9 by the --from search from random minimal puzzles (--immigrants); with --immigrants 0, "
     "--objective width or average-width (the widest search tree), other sizes and variants: the replica "
     "exchange (004)"},
    {"--steps", NULL, "N", OPT_U64, O(gen.steps), 0, 0, OPTG_GEN, NULL,
     "--hard: steps per run instead of a time limit (the replica exchange's width-stage step: per replica, 10 "
     "removal and addition trial pairs and the relocation trials; the --from and --immigrants search's: "
     "a {-n+m} move, the pools' random minimal puzzles not counted)"},
    {"--replicas", NULL, "M", OPT_INT, O(gen.replicas), 1, 1000, OPTG_GEN, NULL,
     "--hard, replica exchange: replicas (default 10)"},
    {"--beta-min", NULL, "B", OPT_DOUBLE, O(gen.beta_min), 1e-9, 1e9, OPTG_GEN, NULL,
     "--hard, replica exchange: the hottest inverse temperature, fixed (default 0.01)"},
    {"--orient-every", NULL, "N", OPT_INT, O(gen.orient_every), 0, 1e9, OPTG_GEN, NULL,
     "--hard, replica exchange: an orientation trial (a row, column, band or stack swap, or the transpose) per "
     "replica every N width-stage steps; 0 = none (default 1)"},
    {"--attempt-steps", NULL, "N", OPT_U64, O(gen.attempt_steps), 0, 0, OPTG_GEN, NULL,
     "--hard, replica exchange: steps per attempt, then a new grid (the best of all attempts is kept); 0 = no "
     "step limit on an attempt (default)"},
    {"--attempt-seconds", NULL, "S", OPT_DOUBLE, O(gen.attempt_seconds), 0, 1e9, OPTG_GEN, NULL,
     "--hard, replica exchange: a time limit is shared out in equal attempts of about S seconds, each on a new grid "
     "(the best of all kept); 0 = one attempt (default 120; 90 with --objective average-width)"},
    {"--relocations", NULL, "N", OPT_INT, O(gen.relocations), 0, 1e6, OPTG_GEN, NULL,
     "--hard, replica exchange: trials per replica and width-stage step that move a clue to a blank cell, with any "
     "digit (the puzzle's solution may change); 0 = none (default 1000)"},
    {"--objective", NULL, "NAME", OPT_STRING, O(gen.objective), 0, 0, OPTG_GEN, NULL,
     "--hard: what it maximises: er (default: U = 2 ER + EP/50, Sudoku Explainer's rating, "
     "hard for people), width (the normal width, Watanabe's chain exactly) or average-width (the mean "
     "width over --objective-samples random tie-breaks)"},
    {"--objective-samples", NULL, "N", OPT_INT, O(gen.objective_samples), 1, 1e6, OPTG_GEN, NULL,
     "--hard --objective average-width: random tie-break walks a figure (default 8)"},
    {"--target-accept", NULL, "P", OPT_DOUBLE, O(gen.target_accept), 0.01, 1, OPTG_GEN, NULL,
     "--hard, replica exchange: exchange acceptance the temperatures adapt to (default 0.8)"},
    {"--level", NULL, "NAME", OPT_STRING, O(gen.level), 0, 0, OPTG_GEN, NULL,
     "puzzles of this human level: easy, medium, hard, fiendish, diabolical, extreme (ER bands of "
     "'rate --human'); --difficulty or --clues then only set the clues of the puzzles the search "
     "starts from"},
    {"--min-er", NULL, "X", OPT_DOUBLE, O(gen.min_er), 1, 20, OPTG_GEN, NULL,
     "puzzles whose Sudoku Explainer rating (ER, 'rate --human') is at least X (default 1.0)"},
    {"--max-er", NULL, "Y", OPT_DOUBLE, O(gen.max_er), 1, 20, OPTG_GEN, NULL,
     "... and at most Y (default 19.9; with --level: the narrower of both bands)"},
    {"--technique", NULL, "NAME", OPT_LIST, O(gen.techniques), 0, 0, OPTG_GEN, NULL,
     "every puzzle's solve path uses this technique (repeatable, up to 8): e.g. x-wing, xy-wing, "
     "swordfish, unique-rectangle, forcing-chain, or SE's name; 'sudoku generate --technique list'"},
    {"--from", NULL, "FILE", OPT_STRING, O(gen.from), 0, 0, OPTG_GEN, NULL,
     "--hard from seeds: search the {-n+m} neighbourhoods of FILE's puzzles (9x9, any record format) and "
     "print the best new ones, isomorphic to no seed (implies --hard; docs/generate-hard.md)"},
    {"--known", NULL, "FILE", OPT_STRING, O(gen.known), 0, 0, OPTG_GEN, NULL,
     "--hard's search (--from, --immigrants, --pattern --hard): print no puzzle isomorphic to one of FILE's "
     "(9x9, any record format; e.g. a collection to add to); the search may still move from them"},
    {"--minus", NULL, "N", OPT_INT, O(gen.minus), 1, 10, OPTG_GEN, NULL,
     "--from, --pattern --hard: a move blanks 1..N clues (default " SDK_STR(SDK_DEFAULT_NB_MINUS) ")"},
    {"--plus", NULL, "M", OPT_INT, O(gen.plus), 1, 10, OPTG_GEN, NULL,
     "--from: a move then fills 1..M blank cells (default " SDK_STR(SDK_DEFAULT_NB_PLUS) ")"},
    {"--non-minimal", NULL, NULL, OPT_FLAG, O(gen.non_minimal), 0, 0, OPTG_GEN, NULL,
     "--from: keep candidates that are not minimal (default: every candidate is minimal)"},
    {"--neighbour-share", NULL, "F", OPT_DOUBLE, O(gen.neighbour_share), 0, 1, OPTG_GEN, NULL,
     "--hard (er, 9x9) without --from: the replica exchange gets 1 - F of the time, then the --from search "
     "runs from its best 8 for the rest; 0 = the replica exchange alone (default {})"},
    {"--immigrants", NULL, "N", OPT_INT, O(gen.immigrants), 0, 1000000, OPTG_GEN, NULL,
     "--hard (er, 9x9) without --from: the --from search from the best of N random minimal puzzles rated, "
     "a new pool of N after --restart ratings without a better best (default "
     SDK_STR(SDK_DEFAULT_NB_IMMIGRANTS) "); 0 = the replica exchange (docs/generate-hard.md)"},
    {"--restart", NULL, "N", OPT_INT, O(gen.restart), 0, 100000000, OPTG_GEN, NULL,
     "--immigrants: a new pool after N ratings without a better best; 0 = never (default "
     SDK_STR(SDK_DEFAULT_NB_RESTART) ")"},
    {"--plant", NULL, "KIND", OPT_STRING, O(gen.plant), 0, 0, OPTG_GEN, NULL,
     "--immigrants: each random minimal puzzle of a pool carries a planted tridagon (tridagon) or "
     "nothing (none) (default " SDK_DEFAULT_NB_PLANT_NAME "; docs/generate-hard.md)"},
    {"--pattern", NULL, "FILE", OPT_STRING, O(gen.pattern), 0, 0, OPTG_GEN, NULL,
     "puzzles whose clues are exactly the pattern's cells: FILE's first line, 81 characters, any but "
     "'.', '0', '-' or a blank marking a clue cell (a puzzle's line or grid will do); 9x9"},
    {"--rate", NULL, NULL, OPT_FLAG, O(gen.rate), 0, 0, OPTG_GEN, NULL,
     "append each puzzle's depth, normal width and average width"},
    {"--trace-svg", NULL, "FILE", OPT_STRING, O(pic.trace_svg), 0, 0, OPTG_STOCH, NULL,
     "stochastic methods: write the trace's chart (as 'sudoku plot' draws it) to FILE"},
    {"--per-page", NULL, "N", OPT_INT, O(pic.per_page), 1, 6, OPTG_PRINT, NULL,
     "puzzles a page: 1, 2, 4 (default) or 6"},
    {"--paper", NULL, "SIZE", OPT_STRING, O(pic.paper), 0, 0, OPTG_PRINT, NULL, "a4 (default) or letter"},
    {"--solutions", NULL, NULL, OPT_FLAG, O(pic.solutions), 0, 0, OPTG_PRINT, NULL,
     "an answer key on the last pages (small grids, labelled as the puzzles)"},
    {"--title", NULL, "TEXT", OPT_STRING, O(pic.title), 0, 0, OPTG_PRINT | OPTG_PLOT, NULL,
     "the title atop every page (print) or the chart (plot)"},
    {"--details", NULL, NULL, OPT_FLAG, O(pic.details), 0, 0, OPTG_PRINT, NULL,
     "labels also show each record's seed, depth and widths (default: its number and level)"},
    {"--puzzle", NULL, "N", OPT_U64, O(pic.puzzle), 0, 0, OPTG_PLOT, NULL,
     "plot only the puzzle numbered N in the trace (default: every puzzle, at most 10)"},
    {"--log", NULL, NULL, OPT_FLAG, O(pic.log), 0, 0, OPTG_PLOT, NULL, "energy on a log scale"},
    {"--samples", NULL, "N", OPT_INT, O(samples), 0, 1e9, OPTG_RATE, NULL,
     "random tie-break runs for the average width; 0 = skip it (default {})"},
    {"--human", NULL, NULL, OPT_FLAG, O(human), 0, 0, OPTG_HUMAN, NULL,
     "rate by human techniques instead: Sudoku Explainer's ER/EP/ED, level and hardest technique"},
    {"--zeros", NULL, NULL, OPT_FLAG, O(canon.zeros), 0, 0, OPTG_CANON | OPTG_TRANSFORM, NULL,
     "write blanks as 0 (as published minlex lists do) instead of ."},
    {"--grid", NULL, NULL, OPT_FLAG, O(canon.grid), 0, 0, OPTG_CANON, NULL,
     "the form of the puzzle's solution grid (a grid is its own; multiple or unsolvable otherwise)"},
    {"--unique", NULL, NULL, OPT_FLAG, O(canon.unique), 0, 0, OPTG_CANON, NULL,
     "pass on only the first record of each class of isomorphs, in input order (line output: the "
     "puzzle as read); memory grows with the classes"},
    {"--random", NULL, NULL, OPT_FLAG, O(canon.random), 0, 0, OPTG_TRANSFORM, NULL,
     "a uniformly random isomorph of each puzzle, drawn from --seed and the puzzle's cells"},
    {"--map", NULL, "STEPS", OPT_STRING, O(canon.map), 0, 0, OPTG_TRANSFORM, NULL,
     "then these steps, left to right: transpose, rotate, rotate180, rotate270, mirror, flip, bands=PQR, "
     "stacks=PQR, rows=9 rows, cols=9 columns, digits=9 digits (or a map canon printed)"},
    {"--inverse", NULL, NULL, OPT_FLAG, O(canon.inverse), 0, 0, OPTG_TRANSFORM, NULL,
     "apply the inverse of the whole map: undoes a map canon or transform printed"},
};

#define OPTION_COUNT ((int)(sizeof option_table / sizeof option_table[0]))
_Static_assert(sizeof option_table / sizeof option_table[0] <= CLI_MAX_OPTIONS,
               "raise CLI_MAX_OPTIONS: cli_options.given has a flag a row");

/* solve: the methods an option applies to, space-separated ("stochastic":
 * every stochastic method); any other method given it gets a warning. */
static const struct {
    const char *option, *methods;
} option_methods[] = {
    {"--max-iters", "stochastic"},   {"--restarts", "stochastic"},
    {"--propagate", "stochastic"},   {"--trace", "stochastic"},   {"--trace-svg", "stochastic"},
    {"--probe-every", "anneal sort-penalty"},
    {"--T", "metropolis anneal"},    {"--lambda", "sort-penalty"},
    {"--clue-weight", "metropolis"}, {"--alpha", "anneal"},
    {"--chain", "anneal"},           {"--reheat", "anneal"},
    {"--population", "evolve"},      {"--epochs", "evolve"},
};

/* A command's own help line for an option, where its default differs from
 * the table's (which states solve's). */
static const struct {
    const char *command, *option, *help;
} own_help[] = {
    {"generate", "--format", "output format: line (default), grid, csv or json (JSON Lines); csv and json carry the "
     "ratings; fpuzzles (f-puzzles' JSON) or fpuzzles-url (a link that opens the puzzle in f-puzzles)"},
    {"generate", "--box", "box shape RxC of the board to make (default: from --size)"},
    {"generate", "--seed", "run seed; each puzzle derives its own (default: a fresh one, reported on stderr)"},
    {"generate", "--time-limit", "time for the whole run; 0 = none (default: none, but a puzzle gives up after "
     SDK_STR(SDK_DEFAULT_GIVE_UP_SECONDS) " s; with --hard 60 unless --steps)"},
    {"generate", "--jobs", "threads: puzzles made in parallel, or --hard's independent runs (default 1)"},
    {"generate", "--samples", "with --rate: random tie-break runs for the average width (default {})"},
    {"rate", "--seed", "run seed; each puzzle's tie-breaks derive from it and the puzzle's cells (default {})"},
    {"rate", "--format", "output format: line (default), csv or json (JSON Lines)"},
    {"explain", "--format", "output format: line (default), csv or json (JSON Lines)"},
    {"hint", "--format", "output format: line (default), csv or json (JSON Lines)"},
    {"transform", "--seed", "run seed of --random; each puzzle's map derives from it and its cells (default {})"},
    {"canon", "--format", "output format: line (default), grid, csv or json (JSON Lines, with the map and "
     "automorphisms); fpuzzles or fpuzzles-url (the form as f-puzzles' JSON or link)"},
    {"transform", "--format", "output format: line (default), grid, csv or json (JSON Lines, with the map); "
     "fpuzzles or fpuzzles-url (the puzzle as f-puzzles' JSON or link)"},
};

const char cli_exit_codes_help[] =
    "Exit codes:\n"
    "  0    every puzzle solved (check: every puzzle unique)\n"
    "  1    some puzzle has no solution, is not unique (check) or ran out of budget\n"
    "  2    usage error\n"
    "  3    some input record was malformed (reported on stderr as FILE:LINE: what)\n"
    "  4    a file could not be read, or output could not be written\n"
    "  130  interrupted\n"
    "When several apply, the highest code wins.\n";

const cli_option *cli_option_list(int *count)
{
    *count = OPTION_COUNT;
    return option_table;
}

/* Whether the space-separated list names method m ("stochastic": any
 * stochastic method). */
static int list_has(const char *list, const sdk_method *m)
{
    size_t len = strlen(m->name);
    for (const char *p = list; *p;) {
        size_t w = strcspn(p, " ");
        if ((w == len && strncmp(p, m->name, len) == 0) ||
            (m->stochastic && w == 10 && strncmp(p, "stochastic", 10) == 0))
            return 1;
        p += w + (p[w] == ' ');
    }
    return 0;
}

void cli_warn_inapplicable(const cli_options *opt, const cli_command *cmd, const char *method)
{
    const sdk_method *m = sdk_method_find(method);
    for (size_t i = 0; m && i < sizeof option_methods / sizeof option_methods[0]; i++)
        if (cli_option_given(opt, option_methods[i].option) && !list_has(option_methods[i].methods, m))
            fprintf(stderr, "sudoku %s: warning: %s does not apply to method %s; ignored\n", cmd->name,
                    option_methods[i].option, method);
}

void cli_options_init(cli_options *opt)
{
    memset(opt, 0, sizeof *opt);
    sdk_params_defaults(&opt->params);
    opt->limit = 2;
    opt->jobs = 1;
    opt->samples = 100;
    opt->pic.per_page = 4;
}

int cli_cores(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores > 0 ? (int)cores : 1;
}

int cli_begin(int argc, char **argv, const cli_command *cmd, cli_options *opt)
{
    cli_options_init(opt);
    return cli_parse(argc, argv, cmd, opt);
}

int cli_option_given(const cli_options *opt, const char *name)
{
    for (int i = 0; i < OPTION_COUNT; i++)
        if (strcmp(option_table[i].name, name) == 0)
            return opt->given[i];
    return 0;
}

int cli_pick_name(const char *name, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(name, names[i]) == 0)
            return i;
    return -1;
}

static int parse_error(const cli_command *cmd, const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "sudoku %s: ", cmd->name);
    fprintf(stderr, fmt, a, b);
    fprintf(stderr, " (see 'sudoku %s --help')\n", cmd->name);
    return SDK_EXIT_USAGE;
}

/* Stores text as the value of option row o.  Returns 0 or an exit code. */
static int option_store(const cli_command *cmd, const cli_option *o, const char *text, cli_options *opt)
{
    char *field = (char *)opt + o->offset;
    char *end;
    errno = 0;
    switch (o->kind) {
    case OPT_FLAG:
        *(int *)field = 1;
        return 0;
    case OPT_STRING:
        *(const char **)field = text;
        return 0;
    case OPT_VARIANT: {
        unsigned flags;
        if (!sdk_variant_parse(text, &flags))
            return parse_error(cmd, "%s: '%s' is not x, diagonal, windoku, hyper, jigsaw, jigsaw,x or samurai",
                               o->name, text);
        *(const char **)field = text;
        return 0;
    }
    case OPT_LIST: {
        struct cli_list *list = (struct cli_list *)field;
        if (list->count == (int)(sizeof list->item / sizeof list->item[0]))
            return parse_error(cmd, "%s: more than %s", o->name, "8");
        list->item[list->count++] = text;
        return 0;
    }
    case OPT_WHOLE:
    case OPT_DOUBLE: {
        /* decimal only: strtod would also take hex (0x10), inf, nan and blanks */
        double v = strtod(text, &end);
        if (end == text || *end || errno || !isfinite(v) || text[strspn(text, "0123456789.eE+-")])
            return parse_error(cmd, "%s: '%s' is not a number", o->name, text);
        if (o->kind == OPT_WHOLE && v != floor(v))
            return parse_error(cmd, "%s: '%s' is not a whole number", o->name, text);
        if ((o->min != 0 || o->max != 0) && (v < o->min || v > o->max)) {
            char range[64];
            snprintf(range, sizeof range, "%g..%g", o->min, o->max);
            fprintf(stderr, "sudoku %s: %s: %s is out of range (%s)\n", cmd->name, o->name, text, range);
            return SDK_EXIT_USAGE;
        }
        *(double *)field = v;
        return 0;
    }
    case OPT_INT:
    case OPT_LONG:
    case OPT_U64: {
        const char *p = text;
        while (*p == ' ')
            p++;
        if (*p == '-' || *p == '+' || !(*p >= '0' && *p <= '9'))
            return parse_error(cmd, "%s: '%s' is not a whole number >= 0", o->name, text);
        unsigned long long v = strtoull(p, &end, 10);
        if (*end)
            return parse_error(cmd, "%s: '%s' is not a whole number >= 0", o->name, text);
        if (errno == ERANGE || (o->kind != OPT_U64 && (v > (unsigned long long)o->max)))
            return parse_error(cmd, "%s: %s is too large", o->name, text);
        if (o->kind != OPT_U64 && v < (unsigned long long)o->min)
            return parse_error(cmd, "%s: %s is too small", o->name, text);
        if (o->kind == OPT_INT)
            *(int *)field = (int)v;
        else if (o->kind == OPT_LONG)
            *(long *)field = (long)v;
        else
            *(uint64_t *)field = (uint64_t)v;
        return 0;
    }
    case OPT_BOX: {
        int r, c;
        char extra;
        /* %2d: a longer number is no box side, and could overflow an int */
        if (sscanf(text, "%2d%*[xX]%2d%c", &r, &c, &extra) != 2 || r < 2 || c < 2 || r * c > SDK_MAX_N)
            return parse_error(cmd, "%s: '%s' is not a box shape RxC (R, C >= 2, R*C <= 25)", o->name, text);
        opt->box_rows = r;
        opt->box_cols = c;
        return 0;
    }
    case OPT_FORMAT: {
        static const char *const names[] = {"line", "grid", "csv", "json", "svg", "pdf", "fpuzzles", "fpuzzles-url"};
        int i = cli_pick_name(text, names, 8);
        if (i >= 0) {
            *(cli_format *)field = (cli_format)(FMT_LINE + i);
            return 0;
        }
        return parse_error(cmd, "%s: '%s' is not one of line, grid, csv, json, svg, pdf, fpuzzles, fpuzzles-url",
                           o->name, text);
    }
    }
    return 0;
}

static const cli_option *option_find(const char *name, size_t len, unsigned groups)
{
    for (int i = 0; i < OPTION_COUNT; i++) {
        const cli_option *o = &option_table[i];
        if (!(o->groups & groups))
            continue;
        if ((strlen(o->name) == len && strncmp(o->name, name, len) == 0) ||
            (o->alias && strlen(o->alias) == len && strncmp(o->alias, name, len) == 0))
            return o;
    }
    return NULL;
}

int cli_parse(int argc, char **argv, const cli_command *cmd, cli_options *opt)
{
    /* The file names are gathered in place at the front of argv (the slot
     * written is never after the one read), so there is nothing to free. */
    opt->files = argv + 1;
    int options_done = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (options_done || arg[0] != '-' || strcmp(arg, "-") == 0) {
            opt->files[opt->nfiles++] = argv[i];
            continue;
        }
        if (strcmp(arg, "--") == 0) {
            options_done = 1;
            continue;
        }
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            cli_print_help(stdout, cmd);
            return SDK_EXIT_OK;
        }
        /* --name=value, --name value, -j4, -j 4 */
        const char *eq = strchr(arg, '=');
        size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
        const char *value = eq ? eq + 1 : NULL;
        const cli_option *o = option_find(arg, len, cmd->groups);
        if (!o && arg[1] != '-' && strlen(arg) > 2) {
            o = option_find(arg, 2, cmd->groups);
            if (o)
                value = arg + 2;
        }
        if (!o && option_find(arg, len, ~0u))
            return parse_error(cmd, "%s does not apply to '%s'", arg, cmd->name);
        if (!o)
            return parse_error(cmd, "unknown option '%s'%s", arg, "");
        if (o->metavar && !value) {
            if (i + 1 >= argc)
                return parse_error(cmd, "%s needs a value %s", o->name, o->metavar);
            value = argv[++i];
        } else if (!o->metavar && value) {
            return parse_error(cmd, "%s takes no value%s", o->name, "");
        }
        int rc = option_store(cmd, o, value, opt);
        if (rc)
            return rc;
        opt->given[o - option_table] = 1;
        if (o->implies_method) {
            if (opt->implied_method && strcmp(opt->implied_method, o->implies_method) != 0)
                opt->implied_clash = o->name;
            else
                opt->implied_by = o->name;
            opt->implied_method = o->implies_method;
        }
    }
    if (!opt->method && opt->implied_clash)
        return parse_error(cmd, "%s and %s select different methods: give --method", opt->implied_by,
                           opt->implied_clash);
    if (!opt->method)
        opt->method = opt->implied_method;
    if (opt->format == FMT_PDF && !(cmd->groups & OPTG_PRINT))
        return parse_error(cmd, "--format pdf is for 'sudoku print'%s%s", "", "");
    if (opt->format == FMT_SVG && !(cmd->groups & OPTG_OUTPUT))
        return parse_error(cmd, "--format svg is not available here%s%s", "", "");
    if ((opt->format == FMT_FPUZZLES || opt->format == FMT_FPUZZLES_URL) && !(cmd->groups & OPTG_PUZZLES))
        return parse_error(cmd, "--format %s writes puzzles: it is for generate, solve, canon and transform%s",
                           opt->format == FMT_FPUZZLES ? "fpuzzles" : "fpuzzles-url", "");
    if (opt->jobs == 0)
        opt->jobs = cli_cores();
    return -1;
}

/* An option's help line; "{}" in it is its default: the value a parse
 * starts from (cli_options_init), so the two cannot disagree. */
static void print_help_line(FILE *out, const cli_option *o, const char *help)
{
    const char *at = strstr(help, "{}");
    if (!at) {
        fprintf(out, "%s\n", help);
        return;
    }
    cli_options defaults;
    cli_options_init(&defaults);
    const char *field = (const char *)&defaults + o->offset;
    fprintf(out, "%.*s", (int)(at - help), help);
    switch (o->kind) {
    case OPT_WHOLE:
    case OPT_DOUBLE: fprintf(out, "%g", *(const double *)field); break;
    case OPT_INT:    fprintf(out, "%d", *(const int *)field); break;
    case OPT_LONG:   fprintf(out, "%ld", *(const long *)field); break;
    case OPT_U64:    fprintf(out, "%llu", (unsigned long long)*(const uint64_t *)field); break;
    default:         break;
    }
    fprintf(out, "%s\n", at + 2);
}

void cli_print_help(FILE *out, const cli_command *cmd)
{
    fprintf(out, "usage: %s\n\n%s\n", cmd->usage, cmd->summary);
    fprintf(out, "\nOptions:\n");
    for (int i = 0; i < OPTION_COUNT; i++) {
        const cli_option *o = &option_table[i];
        if (!(o->groups & cmd->groups))
            continue;
        char spelling[64];
        snprintf(spelling, sizeof spelling, "%s%s%s%s%s", o->alias ? o->alias : "", o->alias ? ", " : "",
                 o->name, o->metavar ? " " : "", o->metavar ? o->metavar : "");
        const char *help = o->help;
        for (size_t k = 0; k < sizeof own_help / sizeof own_help[0]; k++)
            if (strcmp(own_help[k].command, cmd->name) == 0 && strcmp(own_help[k].option, o->name) == 0)
                help = own_help[k].help;
        fprintf(out, "  %-24s ", spelling);
        print_help_line(out, o, help);
    }
    fprintf(out, "  %-24s %s\n", "-h, --help", "this help");
    if (cmd->details)
        fprintf(out, "\n%s", cmd->details);
    fprintf(out, "\nExit codes: see 'sudoku --help'.\n");
}

/*
 * main.c -- the `sudoku` program: a table of subcommands, found by name.
 * Adding a subcommand is adding a row here and a file in src/cli.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"

static int cmd_help(int argc, char **argv, const cli_command *self);

static const char input_help[] =
    "Input: FILE... or stdin ('-' or no FILE).  One puzzle per line (n*n cells;\n"
    "blanks . 0 _ * -; digits above 9 as letters A=10 ...; text after the cells\n"
    "ignored) or as a grid of n lines (| + - borders and blank lines allowed).\n"
    "Lines starting with # are comments.  Any command's output reads too: lines\n"
    "with key=value fields, csv with its header (the puzzle column), JSON Lines.\n"
    "Every input record gets exactly one output record, in input order; malformed\n"
    "ones are reported on stderr as FILE:LINE: what is wrong, and answered 'invalid'.\n";

static const char rate_help[] =
    "The ratings of Watanabe (arXiv:1303.1886), from a search that uses only naked\n"
    "singles and branching on a cell with the fewest candidates:\n"
    "  depth          the fewest branchings on a path to the solution;\n"
    "  normal width   the nodes of the full search tree, ties broken top-left;\n"
    "  average width  the mean over --samples runs with random tie-breaks (seeded\n"
    "                 by --seed), +- its standard error.\n"
    "Line output: the puzzle, then clues=N depth=N normal_width=N\n"
    "average_width=MEAN+-ERROR (grid input: the grid, then those on a # line).  A\n"
    "puzzle without exactly one solution is answered unsolvable or multiple (exit 1).\n"
    "Input as for 'sudoku solve' (see 'sudoku help solve').\n"
    "--human rates by the techniques a person needs instead, as Sudoku Explainer\n"
    "1.2.1.3 does: the puzzle, then er=ER ep=EP ed=ED level=LEVEL hardest=\"TECHNIQUE\"\n"
    "(ER the hardest step, EP the hardest up to the first placement, ED the first\n"
    "step; levels: easy <= 1.5 < medium <= 2.5 < hard <= 4.4 < fiendish <= 6.2 <\n"
    "diabolical <= 8.9 < extreme; 20.0 'unsolved' when no technique applies).  Run\n"
    "rate twice, with and without --human, to get both kinds of measure.\n";

static const char human_help[] =
    "Solves with human techniques in Sudoku Explainer 1.2.1.3's order (full house,\n"
    "hidden and naked singles, direct and plain pointing/claiming, subsets, fish,\n"
    "wings, unique rectangles/loops, BUG, aligned exclusion, chains) and SE's\n"
    "ratings (docs/human.md).  Input: puzzles as for 'sudoku solve', or a position\n"
    "with candidates: 729 characters (each cell's 9 digits, '.' where a candidate\n"
    "is gone) or 81 groups of digits (one line, or 9 lines with | + - borders).\n"
    "A puzzle without exactly one solution is answered unsolvable or multiple.\n"
    "A step's text begins with its result (r1c2=5, r1c1,r1c3<>8), then the\n"
    "technique and why; a chain says what it assumed and what broke, or what\n"
    "all its branches lead to (docs/human.md, \"Step text\").\n";

static const char generate_help[] =
    "Default (method metropolis, 000 section 13): a full grid from the single-site\n"
    "chain at T = 0.2, then Metropolis on the clue set: flip a symmetry orbit of cells,\n"
    "removals accepted only while the solution stays unique, additions with\n"
    "probability exp(-k/0.542), until the target clue count.\n"
    "--hard (method remc, 004): replica exchange on H = -100 U + (clues), U = depth\n"
    "then the objective: by default ER (U = 2 ER + EP/50, Sudoku Explainer's rating:\n"
    "hard for people); --objective width is Watanabe's ln(normal width) exactly, and\n"
    "average-width his tie-break-free measure.  10 replicas with adaptive\n"
    "temperatures, plus relocation (and, for the widths, orientation) trials, in\n"
    "attempts of about 2 minutes on new grids; prints the lowest-energy puzzle(s)\n"
    "found within --time-limit (default 60 s) or --steps; only puzzles that naked\n"
    "singles do not solve are candidates (fewer than --count: a note, exit 1).\n"
    "Every puzzle is proven unique by the exact solver before it is printed.\n"
    "Formats: line (default), grid, csv and json (these two carry clues, seed,\n"
    "depth and normal width; --rate adds the average width, and appends all the\n"
    "ratings to line and grid output).  The seed is reported on stderr (no --seed:\n"
    "a fresh one); the same seed gives the same puzzles, for any -j with the default\n"
    "method and for the same -j with --hard and --steps.  SIGINT prints what is done\n"
    "(--hard: the best so far) and exits 130.\n"
    "For people (method human): --level NAME, --min-er X, --max-er Y and --technique\n"
    "T ask for puzzles whose Sudoku Explainer rating ('rate --human') is in a band and\n"
    "whose solve path uses T.  Puzzles of the default method are rated and kept when\n"
    "they hold (after 1024 misses, a Metropolis chain of clue removals, additions and\n"
    "relocations walks from the nearest); each printed puzzle is rated before printing\n"
    "and carries er, ep, ed, level and hardest in every format.  --difficulty and\n"
    "--clues then set only the clues of the puzzles the search starts from (default 30\n"
    "on 9x9, 24 for bands from ER 8.0 up); the chain changes them, and the symmetry.\n"
    "--hard with ER: no orientation trials, 50 relocations (docs/generate-human.md).\n"
    "What no puzzle can meet is refused at once (exit 2, the bound in the message): a\n"
    "band above the highest ER the board allows, a technique rated above the band,\n"
    "fewer clues than a unique puzzle can have (docs/generate.md).\n"
    "Without --time-limit a puzzle that takes over " SDK_STR(SDK_DEFAULT_GIVE_UP_SECONDS) " s ends the run: a note, the\n"
    "puzzles before it printed, exit 1.\n";

static const char print_help[] =
    "Input: any puzzle input (see 'sudoku help solve'), or the csv or json records of\n"
    "generate, solve, check or rate: their index (or line) and level label each puzzle\n"
    "(--details: also seed, depth, normal_width, average_width).  Output: one PDF 1.4\n"
    "document on stdout (or --output FILE): Helvetica, vector lines; or with --format\n"
    "svg an SVG document a page (stdout for one page, --output DIR for DIR/0001.svg ...).\n"
    "Pages are written as they fill (memory holds one); a lone puzzle fills its page.\n"
    "--solutions solves each puzzle (exact solver, within --time-limit) for the key.\n"
    "Malformed records are reported on stderr (exit 3) and left off the sheet; no\n"
    "valid puzzle: nothing is written (exit 3).  A write error: exit 4.\n";

static const char plot_help[] =
    "Reads the CSV that 'sudoku solve --trace FILE' writes (puzzle,iteration,energy,\n"
    "temperature; FILE or stdin) and writes an SVG line chart to stdout: energy against\n"
    "proposals, a line a puzzle (the first 10, or --puzzle N), temperature dashed on a\n"
    "right-hand axis when it varies.  'sudoku solve --trace-svg FILE' does both at once.\n"
    "A malformed row is reported as FILE:LINE: what (exit 3) and skipped.\n";

static const char canon_help[] =
    "The minlex form: among all isomorphs of the puzzle (transpose, rows within bands,\n"
    "bands, columns within stacks, stacks: 3,359,232 maps, times relabelling the\n"
    "digits) the least 81-character string, blanks as 0 (so blanks sort first),\n"
    "digits relabelled in order of first appearance.  Two puzzles are the same in\n"
    "disguise if and only if their forms are equal.  Line output: the form (blanks\n"
    "'.', or 0 with --zeros); csv and json add the map from the puzzle to its form\n"
    "(for 'sudoku transform --map', --inverse maps back) and the number of maps that\n"
    "give the form (automorphisms, at least 1).  4x4, 6x6, 8x8, X, windoku and\n"
    "jigsaw boards: the same under the maps of their group that keep every house\n"
    "(docs/canon.md); 10x10 and larger and samurai: 'unsupported' (exit 1).\n";

static const char transform_help[] =
    "Each puzzle under a map: --random, then --map STEPS, all inverted with\n"
    "--inverse.  A step: identity, transpose, rotate (90 degrees clockwise),\n"
    "rotate180, rotate270, mirror (left-right), flip (top-bottom), bands=PQR and\n"
    "stacks=PQR (band P first), rows=ABCDEFGHI and cols=... (row A first; each\n"
    "band's rows together), digits=ABCDEFGHI (1 becomes A, 2 B, ...); canon's\n"
    "map is such a list.  Standard 9x9 boards only ('unsupported' otherwise).\n";

static const cli_command command_table[] = {
    {"solve", cmd_solve, OPTG_PUZZLES | OPTG_INPUT | OPTG_JOBS | OPTG_FORMAT | OPTG_OUTPUT | OPTG_SOLVER | OPTG_STATS | OPTG_STOCH,
     "sudoku solve [options] [FILE...]",
     "Solve each puzzle; print its solution, or unsolvable, invalid or timeout.", input_help},
    {"check", cmd_check, OPTG_INPUT | OPTG_JOBS | OPTG_FORMAT | OPTG_OUTPUT | OPTG_STATS | OPTG_BUDGET,
     "sudoku check [options] [FILE...]",
     "Say of each puzzle whether it is unique, multiple, unsolvable or invalid.", input_help},
    {"count", cmd_count, OPTG_INPUT | OPTG_JOBS | OPTG_FORMAT | OPTG_OUTPUT | OPTG_LIMIT | OPTG_STATS | OPTG_BUDGET,
     "sudoku count [--limit N] [options] [FILE...]",
     "Count the solutions of each puzzle, stopping at the limit (default 2).", input_help},
    {"rate", cmd_rate, OPTG_INPUT | OPTG_JOBS | OPTG_FORMAT | OPTG_BUDGET | OPTG_RATE | OPTG_STATS | OPTG_HUMAN,
     "sudoku rate [--human] [--samples N] [--seed N] [options] [FILE...]",
     "Rate each puzzle by search-tree difficulty (clues, depth, widths), or with --human by SE's ER/EP/ED.",
     rate_help},
    {"explain", cmd_explain, OPTG_INPUT | OPTG_JOBS | OPTG_FORMAT | OPTG_BUDGET,
     "sudoku explain [--format line|csv|json] [options] [FILE...]",
     "Print each puzzle's solve path by human techniques, a step a line with its rating.",
     human_help},
    {"hint", cmd_hint, OPTG_INPUT | OPTG_JOBS | OPTG_FORMAT | OPTG_BUDGET,
     "sudoku hint [--format line|csv|json] [options] [FILE...]",
     "Print the next human step of each puzzle or position (candidates accepted).", human_help},
    {"energy", cmd_energy, OPTG_INPUT | OPTG_ENERGY, "sudoku energy [--clue-weight W] PUZZLE STATE",
     "Print the conflict, missing-digit and sort energies of a full assignment.",
     "PUZZLE: the clues (first record of the file).  STATE: a full assignment that keeps\n"
     "the clues (first record).  Prints 'conflict E' (pairs sharing a house with the same\n"
     "digit, a pair touching a clue weighing W, default 5), 'missing E' (digits missing\n"
     "from rows and columns) and 'sort E' (sum over rows and columns of |sort(house)_j - j|).\n"},
    {"generate", cmd_generate, OPTG_PUZZLES | OPTG_GEN | OPTG_INPUT | OPTG_JOBS | OPTG_FORMAT | OPTG_OUTPUT | OPTG_RATE,
     "sudoku generate [--count N] [--difficulty D | --clues N | --hard] [--level NAME | --min-er X --max-er Y]\n"
     "                [--technique T]... [options]",
     "Print puzzles with exactly one solution (two-stage Metropolis, or --hard: replica exchange).",
     generate_help},
    {"print", cmd_print, OPTG_INPUT | OPTG_FORMAT | OPTG_OUTPUT | OPTG_PRINT | OPTG_BUDGET,
     "sudoku print [--per-page N] [--paper a4|letter] [--solutions] [--title T] [--details] [FILE...]",
     "Lay puzzles out on printable pages: a PDF (default) or SVG pages, with an answer key.", print_help},
    {"plot", cmd_plot, OPTG_PLOT, "sudoku plot [--puzzle N] [--log] [--title T] [TRACE.csv]",
     "Draw a --trace CSV as an SVG chart: energy (and temperature) against proposals.", plot_help},
    {"canon", cmd_canon, OPTG_PUZZLES | OPTG_INPUT | OPTG_JOBS | OPTG_FORMAT | OPTG_CANON,
     "sudoku canon [--grid] [--unique] [--zeros] [options] [FILE...]",
     "Print each puzzle's minlex form (same form: same puzzle in disguise); --unique drops isomorphs.",
     canon_help},
    {"transform", cmd_transform, OPTG_PUZZLES | OPTG_INPUT | OPTG_JOBS | OPTG_FORMAT | OPTG_TRANSFORM,
     "sudoku transform [--random] [--seed N] [--map STEPS] [--inverse] [options] [FILE...]",
     "Print each puzzle under a map: a random isomorph, or named steps (rotate, transpose, ...).",
     transform_help},
    {"help", cmd_help, 0, "sudoku help [COMMAND | methods]",
     "Show the list of commands, one command's help, or the solving methods.", NULL},
};

/* Commands not in the list (nor in the completions): tools for packaging. */
static const cli_command hidden_table[] = {
    {"completion", cmd_completion, 0, "sudoku completion bash|zsh",
     "Print the shell completion script (make install puts it in place).", NULL},
};

#define COMMAND_COUNT ((int)(sizeof command_table / sizeof command_table[0]))

const cli_command *cli_command_list(int *count)
{
    *count = COMMAND_COUNT;
    return command_table;
}

static const cli_command *command_find(const char *name)
{
    for (int i = 0; i < COMMAND_COUNT; i++)
        if (strcmp(command_table[i].name, name) == 0)
            return &command_table[i];
    for (size_t i = 0; i < sizeof hidden_table / sizeof hidden_table[0]; i++)
        if (strcmp(hidden_table[i].name, name) == 0)
            return &hidden_table[i];
    return NULL;
}

static void print_overview(FILE *out)
{
    fprintf(out, "usage: sudoku COMMAND [options] [FILE...]\n\n"
                 "A Sudoku solver and puzzle generator: exact and Markov-chain solvers, 4x4 to 25x25.\n\n"
                 "Commands:\n");
    for (int i = 0; i < COMMAND_COUNT; i++)
        fprintf(out, "  %-10s %s\n", command_table[i].name, command_table[i].summary);
    fprintf(out, "\n'sudoku COMMAND --help' shows a command's options; 'sudoku help methods' the solvers.\n"
                 "'sudoku --version' prints the version and the instruction set of the build.\n"
                 "Output formats line, grid, csv and json (JSON Lines: one object per line); fpuzzles and\n"
                 "fpuzzles-url (f-puzzles' JSON and links, which every command also reads, as SudokuPad's).\n\n%s",
            cli_exit_codes_help);
}

static int cmd_help(int argc, char **argv, const cli_command *self)
{
    if (argc < 2) {
        print_overview(stdout);
        return SDK_EXIT_OK;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        cli_print_help(stdout, self);
        return SDK_EXIT_OK;
    }
    if (strcmp(argv[1], "methods") == 0) {
        int count;
        const sdk_method *m = sdk_method_list(&count);
        printf("Methods for 'sudoku solve --method NAME':\n");
        for (int i = 0; i < count; i++) {
            printf("  %-13s %s\n  %-13s source: %s\n", m[i].name, m[i].summary, "", m[i].source);
            if (m[i].budget > 0)
                printf("  %-13s budget: %.0fM proposals\n", "", m[i].budget / 1e6);
        }
        printf("\nA stochastic method first asks the exact search whether the puzzle has a solution\n"
               "(at most %d nodes): if it has none, the answer is unsolvable at once, no chain runs.\n"
               "Without --time-limit or --max-iters a run stops after its budget (evolve: its epochs\n"
               "x restarts) and answers timeout; --time-limit 1e9 runs without end.\n",
               SDK_DEFAULT_PRECHECK_NODES);
        return SDK_EXIT_OK;
    }
    const cli_command *cmd = command_find(argv[1]);
    if (!cmd) {
        fprintf(stderr, "sudoku help: no command '%s' (see 'sudoku help')\n", argv[1]);
        return SDK_EXIT_USAGE;
    }
    cli_print_help(stdout, cmd);
    return SDK_EXIT_OK;
}

/* The one check that all of stdout got where it was going (help, --version,
 * every command): an error is exit 4, reported here unless the command
 * found and reported it itself (it then returned SDK_EXIT_IO). */
static int stdout_done(const char *name, int rc)
{
    if (fflush(stdout) == 0 && !ferror(stdout))
        return rc;
    if (rc != SDK_EXIT_IO)
        fprintf(stderr, "sudoku%s%s: error writing output: %s\n", name ? " " : "", name ? name : "",
                strerror(errno ? errno : EIO));
    return SDK_EXIT_IO;
}

static int run(int argc, char **argv)
{
    if (argc < 2) {
        print_overview(stderr);
        return SDK_EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        print_overview(stdout);
        return SDK_EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("sudoku %s (%s)\n", SDK_VERSION, sdk_build_isa());
        return SDK_EXIT_OK;
    }
    const cli_command *cmd = command_find(argv[1]);
    if (!cmd) {
        fprintf(stderr, "sudoku: unknown command '%s' (see 'sudoku help')\n", argv[1]);
        return SDK_EXIT_USAGE;
    }
    return cmd->run(argc - 1, argv + 1, cmd);
}

int main(int argc, char **argv)
{
    int rc = run(argc, argv);
    return stdout_done(argc >= 2 && command_find(argv[1]) ? argv[1] : NULL, rc);
}

/*
 * solve.c -- `sudoku solve`: one solution (or the reason there is none) per
 * input puzzle, by the method the user names (default: exact backtracking).
 */
#include <string.h>
#include "cli.h"

static const sdk_method *solve_method(const cli_options *opt)
{
    return sdk_method_find(opt->method ? opt->method : "backtrack");
}

static void solve_compute(const cli_options *opt, const sdk_record *rec, uint64_t index, cli_result *res)
{
    /* The seed derives from the run seed and the puzzle itself, not its
     * position: reordering a batch, or solving a puzzle alone with the same
     * --seed, changes no puzzle's result. */
    uint32_t seed = sdk_rng_derive_cells(opt->params.seed, rec->cells, rec->board->ncells);
    sdk_params params = opt->params;
    params.trace_puzzle = index + 1;    /* --trace's puzzle column: the record number */
    res->status = sdk_method_solve(solve_method(opt), rec->board, rec->cells, &params, seed,
                                   res->solution, &res->stats);
    switch (res->status) {
    case SDK_SOLVED:      res->word = "solved";      res->exit_code = SDK_EXIT_OK; break;
    case SDK_UNSOLVABLE:  res->word = "unsolvable";  res->exit_code = SDK_EXIT_UNSOLVED; break;
    case SDK_TIMEOUT:     res->word = "timeout";     res->exit_code = SDK_EXIT_UNSOLVED; break;
    case SDK_INTERRUPTED: res->word = "interrupted"; res->exit_code = SDK_EXIT_SIGINT; break;
    }
}

static void solve_emit(cli_batch *b, const cli_options *opt, const sdk_record *rec, const cli_result *res)
{
    FILE *f = cli_batch_stream(b);
    char puzzle[SDK_MAX_LINE] = "", solution[SDK_MAX_LINE] = "";
    const char *word = res ? res->word : "invalid";
    const sdk_method *m = solve_method(opt);
    if (rec->ok)
        cli_record_line(rec, puzzle);
    if (res && res->status == SDK_SOLVED)
        sdk_format_line(rec->board, res->solution, solution);

    cli_format fmt = opt->format;
    if (fmt == FMT_AUTO)
        fmt = rec->layout == SDK_LAYOUT_GRID ? FMT_GRID : FMT_LINE;
    switch (fmt) {
    case FMT_SVG:
    case FMT_PDF:
        if (res) {
            char seed[48], caption[160];
            snprintf(seed, sizeof seed, "%s, seed %u", m->name, res->stats.seed);
            cli_svg_caption(caption, sizeof caption, cli_batch_number(b), word, m->stochastic ? seed : m->name);
            cli_svg_write(opt, cli_batch_number(b), rec->board, rec->cells,
                          res->status == SDK_SOLVED ? res->solution : NULL, caption);
        }
        break;
    case FMT_FPUZZLES:
    case FMT_FPUZZLES_URL:
        /* the puzzle, its solution under "solution" when solved */
        cli_fpuzzles_emit(b, fmt, rec, rec->cells, solution[0] ? res->solution : NULL, word);
        break;
    case FMT_AUTO:
    case FMT_LINE:
        fprintf(f, "%s\n", solution[0] ? solution : word);
        break;
    case FMT_GRID:
        cli_grid_or_word(f, rec->board, solution[0] ? res->solution : NULL, word);
        break;
    case FMT_CSV:
        cli_csv_head(f, rec, puzzle, word);
        fprintf(f, ",%s,%s,%llu,%llu\n", solution, m->name,
                res ? (unsigned long long)res->stats.nodes : 0ull,
                res ? (unsigned long long)res->stats.guesses : 0ull);
        break;
    case FMT_JSON:
        if (!res) {
            cli_json_invalid(f, rec);
            break;
        }
        fprintf(f, "{\"line\":%ld,", rec->line);
        cli_json_variant_first(f, rec->board);
        fprintf(f, "\"puzzle\":\"%s\",\"status\":\"%s\",\"solution\":", puzzle, word);
        if (solution[0])
            fprintf(f, "\"%s\"", solution);
        else
            fprintf(f, "null");
        fprintf(f, ",\"method\":\"%s\",\"stats\":{\"nodes\":%llu,\"guesses\":%llu,\"seed\":%u", m->name,
                (unsigned long long)res->stats.nodes, (unsigned long long)res->stats.guesses,
                res->stats.seed);
        if (strcmp(m->name, "backtrack") != 0)
            fprintf(f, ",\"accepted\":%llu,\"final_energy\":%.17g,\"best_energy\":%.17g,\"restarts\":%u",
                    (unsigned long long)res->stats.accepted, res->stats.final_energy,
                    res->stats.best_energy, res->stats.restarts);
        if (res->stats.probes || res->stats.proven_by_exact)
            fprintf(f, ",\"probes\":%llu,\"found_by\":\"%s\"", (unsigned long long)res->stats.probes,
                    cli_found_by(res));
        fprintf(f, "}}\n");
        break;
    }
}

int cmd_solve(int argc, char **argv, const cli_command *self)
{
    cli_options opt;
    int rc = cli_begin(argc, argv, self, &opt);
    if (rc >= 0)
        return rc;
    if (!solve_method(&opt)) {
        fprintf(stderr, "sudoku solve: unknown method '%s' (see 'sudoku help methods')\n", opt.method);
        return SDK_EXIT_USAGE;
    }
    cli_warn_inapplicable(&opt, self, solve_method(&opt)->name);
    cli_job job = {solve_compute, solve_emit, "line,puzzle,status,solution,method,nodes,guesses", "solve"};
    /* One trace for the whole run, every row led by its puzzle's record
     * number (with -j N, rows of different puzzles may interleave). */
    if ((opt.params.trace_path || opt.pic.trace_svg) && solve_method(&opt)->stochastic) {
        /* --trace-svg alone: the rows go to a scratch file, read back below */
        opt.params.trace = opt.params.trace_path ? fopen(opt.params.trace_path, "w+") : tmpfile();
        if (!opt.params.trace) {
            fprintf(stderr, "sudoku solve: cannot write %s\n",
                    opt.params.trace_path ? opt.params.trace_path : "a scratch file for --trace-svg");
            return SDK_EXIT_IO;
        }
        fprintf(opt.params.trace, "puzzle,iteration,energy,temperature\n");
    }
    rc = cli_batch_run(&opt, &job);
    if (opt.pic.trace_svg && opt.params.trace) {
        FILE *svg = fopen(opt.pic.trace_svg, "w");
        if (!svg || fflush(opt.params.trace) != 0 || fseek(opt.params.trace, 0, SEEK_SET) != 0) {
            fprintf(stderr, "sudoku solve: cannot write %s\n", opt.pic.trace_svg);
            rc = cli_worse(rc, SDK_EXIT_IO);
        } else {
            rc = cli_worse(rc, cli_plot_trace(opt.params.trace, "trace", svg, &opt));
        }
        if (svg && fclose(svg) != 0)
            rc = cli_worse(rc, SDK_EXIT_IO);
    }
    if (opt.params.trace && fclose(opt.params.trace) != 0 && rc == SDK_EXIT_OK)
        rc = SDK_EXIT_IO;
    return rc;
}

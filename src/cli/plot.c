/*
 * plot.c -- `sudoku plot` (a --trace CSV as an SVG chart on stdout) and the
 * reading both it and `solve --trace-svg` use: every line to the trace,
 * malformed rows reported as FILE:LINE: what and skipped.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

int cli_plot_trace(FILE *in, const char *name, FILE *out, const cli_options *opt)
{
    sdk_trace *t = sdk_trace_new(opt->pic.puzzle);
    if (!t) {
        fprintf(stderr, "sudoku plot: out of memory\n");
        return SDK_EXIT_IO;
    }
    int rc = SDK_EXIT_OK;
    char *line = NULL, err[160];
    size_t cap = 0;
    long lineno = 0;
    while (getline(&line, &cap, in) > 0) {
        lineno++;
        if (sdk_trace_line(t, line, err, sizeof err) != 0) {
            fprintf(stderr, "%s:%ld: %s\n", name, lineno, err);
            rc = cli_worse(rc, strncmp(err, "out of memory", 13) == 0 ? SDK_EXIT_IO : SDK_EXIT_INVALID);
        }
    }
    free(line);
    if (ferror(in)) {
        fprintf(stderr, "sudoku plot: %s: %s\n", name, strerror(errno));
        rc = cli_worse(rc, SDK_EXIT_IO);
    }
    if (sdk_trace_series(t) > 10 && !opt->pic.puzzle)
        fprintf(stderr, "sudoku plot: %s: %d puzzles; the first 10 are drawn (--puzzle N picks one)\n", name,
                sdk_trace_series(t));
    sdk_plot_options po = {opt->pic.log, 10, opt->pic.title};
    if (sdk_plot_svg(out, t, &po) != 0 || fflush(out) != 0) {
        fprintf(stderr, "sudoku plot: error writing output: %s\n", strerror(errno));
        rc = cli_worse(rc, SDK_EXIT_IO);
    }
    sdk_trace_free(t);
    return rc;
}

int cmd_plot(int argc, char **argv, const cli_command *self)
{
    cli_options opt;
    int rc = cli_begin(argc, argv, self, &opt);
    if (rc >= 0)
        return rc;
    if (opt.nfiles > 1) {
        fprintf(stderr, "sudoku plot: one trace at a time (see 'sudoku plot --help')\n");
        return SDK_EXIT_USAGE;
    }
    const char *path = opt.nfiles ? opt.files[0] : "-";
    int is_stdin = strcmp(path, "-") == 0;
    FILE *in = is_stdin ? stdin : fopen(path, "r");
    if (!in) {
        fprintf(stderr, "sudoku plot: %s: %s\n", path, strerror(errno));
        return SDK_EXIT_IO;
    }
    rc = cli_plot_trace(in, is_stdin ? "stdin" : path, stdout, &opt);
    if (!is_stdin)
        fclose(in);
    return rc;
}

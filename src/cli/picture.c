/*
 * picture.c -- `--format svg` for the batch commands: one SVG document a
 * puzzle, to stdout or, with --output DIR, to DIR/NNNN.svg numbered by the
 * record (or puzzle) number, so a batch gives one file a puzzle.  stdout
 * takes one document (two would not be one XML file): a batch's second
 * picture is refused there, once, with a usage error.  print's SVG pages
 * are numbered files of the same directory form.
 */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include "cli.h"

static int svg_failed;           /* a file could not be written: exit 4 at the end */
static int svg_on_stdout;        /* pictures written to stdout, then refused */

int cli_svg_status(void)
{
    return svg_failed ? SDK_EXIT_IO : svg_on_stdout > 1 ? SDK_EXIT_USAGE : SDK_EXIT_OK;
}

void cli_svg_caption(char *buf, size_t len, uint64_t number, const char *word, const char *extra)
{
    snprintf(buf, len, "Puzzle %llu%s%s%s%s", (unsigned long long)number, word ? " - " : "", word ? word : "",
             extra ? " - " : "", extra ? extra : "");
}

FILE *cli_picture_open(const cli_options *opt, uint64_t number, const char *ext, char *path, size_t len)
{
    if (!opt->pic.output) {
        snprintf(path, len, "stdout");
        return stdout;
    }
    if (mkdir(opt->pic.output, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "sudoku: %s: %s\n", opt->pic.output, strerror(errno));
        svg_failed = 1;
        return NULL;
    }
    snprintf(path, len, "%s/%04llu.%s", opt->pic.output, (unsigned long long)number, ext);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "sudoku: %s: %s\n", path, strerror(errno));
        svg_failed = 1;
    }
    return f;
}

int cli_picture_close(FILE *f, const char *path, int failed)
{
    if (f == stdout)
        failed |= ferror(f);
    else if (fclose(f) != 0)
        failed = 1;
    if (failed) {
        if (f != stdout || errno != EPIPE)
            fprintf(stderr, "sudoku: %s: write error\n", path);
        svg_failed = 1;
        return SDK_EXIT_IO;
    }
    return SDK_EXIT_OK;
}

int cli_svg_write(const cli_options *opt, uint64_t number, const sdk_board *b, const uint8_t *puzzle,
                  const uint8_t *solution, const char *caption)
{
    char path[4096];
    if (!opt->pic.output && svg_on_stdout++ > 0) {
        if (svg_on_stdout == 2)
            fprintf(stderr, "sudoku: --format svg writes one picture to stdout and there are more: "
                            "give --output DIR for DIR/0001.svg ... (picture %llu on is not written)\n",
                    (unsigned long long)number);
        return SDK_EXIT_USAGE;
    }
    FILE *f = cli_picture_open(opt, number, "svg", path, sizeof path);
    if (!f)
        return SDK_EXIT_IO;
    sdk_svg_puzzle(f, b, puzzle, solution, caption);
    return cli_picture_close(f, path, 0);
}

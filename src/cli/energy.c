/*
 * energy.c -- `sudoku energy PUZZLE STATE`: the three energies of a full
 * assignment STATE for PUZZLE (conflict pairs of 000, missing digits of
 * 001/003, sort penalty of 002), so a reader of the sources can check a
 * state by hand.  The arithmetic is the energy core's full recompute.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

/* Reads the first record of path into rec.  Returns 0 or an exit code. */
static int read_first(const cli_options *opt, const char *path, sdk_record *rec)
{
    int is_stdin = strcmp(path, "-") == 0;
    FILE *in = is_stdin ? stdin : fopen(path, "r");
    if (!in) {
        fprintf(stderr, "sudoku energy: %s: %s\n", path, strerror(errno));
        return SDK_EXIT_IO;
    }
    sdk_read_options ro;
    memset(&ro, 0, sizeof ro);
    ro.box_rows = opt->box_rows;
    ro.box_cols = opt->box_cols;
    ro.variant = opt->variant;
    sdk_reader *reader = sdk_reader_new(in, is_stdin ? "stdin" : path, &ro);
    int got = reader ? sdk_reader_next(reader, rec) : -1;
    sdk_reader_free(reader);
    if (!is_stdin)
        fclose(in);
    if (got < 0) {
        fprintf(stderr, "sudoku energy: %s: cannot read\n", path);
        return SDK_EXIT_IO;
    }
    if (got == 0) {
        fprintf(stderr, "sudoku energy: %s: no puzzle in the input\n", path);
        return SDK_EXIT_INVALID;
    }
    if (!rec->ok) {
        fprintf(stderr, "%s:%ld: %s\n", path, rec->line, rec->error);
        return SDK_EXIT_INVALID;
    }
    return 0;
}

int cmd_energy(int argc, char **argv, const cli_command *self)
{
    cli_options opt;
    int rc = cli_begin(argc, argv, self, &opt);
    if (rc >= 0)
        return rc;
    if (opt.nfiles != 2) {
        fprintf(stderr, "sudoku energy: needs PUZZLE and STATE (see 'sudoku energy --help')\n");
        return SDK_EXIT_USAGE;
    }
    sdk_record *puzzle = malloc(sizeof *puzzle), *state = malloc(sizeof *state);
    rc = (!puzzle || !state) ? SDK_EXIT_IO : read_first(&opt, opt.files[0], puzzle);
    if (!rc)
        rc = read_first(&opt, opt.files[1], state);
    if (!rc && state->board != puzzle->board) {
        const sdk_board *sb = state->board, *pb = puzzle->board;
        if (sb->ncells != pb->ncells || sb->n != pb->n)
            fprintf(stderr, "sudoku energy: %s is %dx%d but %s is %dx%d\n", opt.files[1], sb->n, sb->n,
                    opt.files[0], pb->n, pb->n);
        else if (sb->variant && pb->variant && strcmp(sb->variant, pb->variant) == 0)
            fprintf(stderr, "sudoku energy: %s and %s are %s boards of different region maps\n", opt.files[1],
                    opt.files[0], sb->variant);
        else
            fprintf(stderr, "sudoku energy: %s is read as %s but %s as %s (name the variant on both, "
                            "or give --variant)\n", opt.files[1], sb->variant ? sb->variant : "standard",
                    opt.files[0], pb->variant ? pb->variant : "standard");
        rc = SDK_EXIT_INVALID;
    }
    for (int c = 0; !rc && c < puzzle->board->ncells; c++) {
        const sdk_board *b = puzzle->board;
        if (!state->cells[c] || (puzzle->cells[c] && state->cells[c] != puzzle->cells[c])) {
            fprintf(stderr, "%s:%ld: r%dc%d is %s; a state fills every cell and keeps the clues of %s\n",
                    opt.files[1], state->line, b->cell_y[c] + 1, b->cell_x[c] + 1,
                    state->cells[c] ? "not the clue" : "blank", opt.files[0]);
            rc = SDK_EXIT_INVALID;
        }
    }
    if (!rc) {
        const sdk_board *b = puzzle->board;
        int weight = (int)(opt.params.clue_weight + 0.5);
        printf("conflict %ld\nmissing %ld\nsort %ld\n",
               sdk_energy_conflict_full(b, puzzle->cells, state->cells, weight),
               sdk_energy_missing_full(b, state->cells), sdk_energy_sort_full(b, state->cells));
    }
    free(puzzle);
    free(state);
    return rc;
}

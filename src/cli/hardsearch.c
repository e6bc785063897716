/*
 * hardsearch.c -- generate's inputs for the hardest puzzles: the seeds of
 * --from (any record format the reader takes; a bad, unsolvable or
 * non-unique record is reported as FILE:LINE and skipped) and the pattern
 * of --pattern (a line of 81 characters, or a puzzle in any layout, whose
 * clue cells are the pattern), refused at once when it cannot carry a
 * unique puzzle for a cheap reason (sdk_pattern_refusal).  The searches
 * are src/generate/neighbour.c and pattern.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

static FILE *open_input(const char *path)
{
    FILE *in = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!in)
        fprintf(stderr, "sudoku generate: %s: %s\n", path, strerror(errno));
    return in;
}

static void close_input(FILE *in)
{
    if (in != stdin)
        fclose(in);
}

/* Is rec a plain 9x9 puzzle?  If not, says so (FILE:LINE) and returns 0. */
static int plain9_record(const char *path, const sdk_record *rec)
{
    if (!rec->ok) {
        fprintf(stderr, "%s:%ld: %s\n", path, rec->line, rec->error);
        return 0;
    }
    if (!sdk_board_is_plain9(rec->board)) {
        fprintf(stderr, "%s:%ld: not a standard 9x9 puzzle (--from and --pattern are 9x9 only)\n", path,
                rec->line);
        return 0;
    }
    return 1;
}

int cli_read_seeds(const char *path, uint8_t (**seeds)[81], int *nseeds)
{
    *seeds = NULL;
    *nseeds = 0;
    FILE *in = open_input(path);
    if (!in)
        return SDK_EXIT_IO;
    sdk_read_options ro;
    memset(&ro, 0, sizeof ro);
    sdk_reader *reader = sdk_reader_new(in, path, &ro);
    sdk_record *rec = malloc(sizeof *rec);
    int rc = SDK_EXIT_OK, got, room = 0;
    while (reader && rec && (got = sdk_reader_next(reader, rec)) > 0) {
        if (!plain9_record(path, rec)) {
            rc = cli_worse(rc, SDK_EXIT_INVALID);
            continue;
        }
        sdk_status status;
        uint64_t n = sdk_exact_count(rec->board, rec->cells, 2, NULL, NULL, NULL, &status);
        if (n != 1) {
            if (n == 0 && !sdk_board_givens_consistent(rec->board, rec->cells, NULL))
                cli_report_conflict(path, rec);
            else
                fprintf(stderr, "%s:%ld: %s; skipped\n", path, rec->line,
                        n == 0 ? "no solution" : "more than one solution");
            rc = cli_worse(rc, SDK_EXIT_UNSOLVED);
            continue;
        }
        if (*nseeds == room) {
            room = room ? 2 * room : 64;
            uint8_t (*more)[81] = realloc(*seeds, (size_t)room * 81);
            if (!more)
                break;
            *seeds = more;
        }
        memcpy((*seeds)[(*nseeds)++], rec->cells, 81);
    }
    sdk_reader_free(reader);
    free(rec);
    close_input(in);
    if (*nseeds == 0) {
        fprintf(stderr, "sudoku generate: --from %s: no seed left (each must be a 9x9 puzzle with one "
                "solution)\n", path);
        return SDK_EXIT_INVALID;
    }
    return rc;
}

/* The first line of in that holds more than blanks (comments: '#'), its
 * number in *line, trailing blanks and CR cut; 0 at the end. */
static int first_line(FILE *in, char *text, size_t size, long *line)
{
    while (fgets(text, (int)size, in)) {
        ++*line;
        size_t len = strlen(text);
        while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r' || text[len - 1] == ' ' ||
                           text[len - 1] == '\t'))
            text[--len] = 0;
        if (len > 0 && text[0] != '#')
            return 1;
    }
    return 0;
}

int cli_read_pattern(const char *path, uint8_t *mask)
{
    FILE *in = open_input(path);
    if (!in)
        return SDK_EXIT_IO;
    char text[4096], err[160];
    uint8_t cells[81];
    long line = 0;
    int rc = SDK_EXIT_OK;
    if (!first_line(in, text, sizeof text, &line)) {
        fprintf(stderr, "sudoku generate: --pattern %s: no pattern in the file\n", path);
        rc = SDK_EXIT_INVALID;
    } else if (sdk_pattern_parse(text, strlen(text), mask, cells, err, sizeof err)) {
        /* a line: each character a cell; a puzzle's digits must not conflict */
        sdk_record rec = {.ok = 1, .line = line, .board = sdk_board_cached(3, 3)};
        memcpy(rec.cells, cells, 81);
        if (!sdk_board_givens_consistent(rec.board, rec.cells, NULL)) {
            cli_report_conflict(path, &rec);
            rc = SDK_EXIT_INVALID;
        }
    } else {
        /* not a line of 81: a puzzle in another layout (a grid), if the
         * reader takes it as one */
        rewind(in);
        sdk_read_options ro;
        memset(&ro, 0, sizeof ro);
        sdk_reader *reader = sdk_reader_new(in, path, &ro);
        sdk_record *rec = malloc(sizeof *rec);
        int got = reader && rec ? sdk_reader_next(reader, rec) : -1;
        if (got > 0 && rec->ok && sdk_board_is_plain9(rec->board) && rec->layout == SDK_LAYOUT_GRID) {
            for (int c = 0; c < 81; c++)
                mask[c] = rec->cells[c] != 0;
            if (!sdk_board_givens_consistent(rec->board, rec->cells, NULL)) {
                cli_report_conflict(path, rec);
                rc = SDK_EXIT_INVALID;
            }
        } else {
            fprintf(stderr, "%s:%ld: %s\n", path, line, err);
            rc = SDK_EXIT_INVALID;
        }
        sdk_reader_free(reader);
        free(rec);
    }
    close_input(in);
    char why[200];
    if (rc == SDK_EXIT_OK && sdk_pattern_refusal(mask, why, sizeof why)) {
        fprintf(stderr, "sudoku generate: --pattern %s: no puzzle on it has one solution: %s\n", path, why);
        rc = SDK_EXIT_USAGE;
    }
    return rc;
}

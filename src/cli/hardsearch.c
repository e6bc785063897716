/*
 * hardsearch.c -- generate's inputs for the hardest puzzles: the seeds of
 * --from (any record format the reader takes; a bad, unsolvable or
 * non-unique record is reported as FILE:LINE and skipped), the minlex
 * forms of --known's puzzles (a bad record reported and skipped) and the pattern
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

/* Reads path's records: each plain 9x9 one goes to take (ctx), which
 * returns 0 or an exit code for it; the others are reported and worth
 * exit 3.  The worst code, or SDK_EXIT_IO if path cannot be opened. */
static int each_puzzle(const char *path, int (*take)(void *ctx, const char *path, const sdk_record *rec),
                       void *ctx)
{
    FILE *in = open_input(path);
    if (!in)
        return SDK_EXIT_IO;
    sdk_read_options ro;
    memset(&ro, 0, sizeof ro);
    sdk_reader *reader = sdk_reader_new(in, path, &ro);
    sdk_record *rec = malloc(sizeof *rec);
    int rc = reader && rec ? SDK_EXIT_OK : SDK_EXIT_IO;
    while (reader && rec && sdk_reader_next(reader, rec) > 0)
        rc = cli_worse(rc, plain9_record(path, rec) ? take(ctx, path, rec) : SDK_EXIT_INVALID);
    sdk_reader_free(reader);
    free(rec);
    close_input(in);
    return rc;
}

typedef struct seed_list {
    uint8_t (*seeds)[81];
    int n, room;
} seed_list;

/* A seed must have one solution. */
static int take_seed(void *ctx, const char *path, const sdk_record *rec)
{
    seed_list *list = ctx;
    sdk_status status;
    uint64_t n = sdk_exact_count(rec->board, rec->cells, 2, NULL, NULL, NULL, &status);
    if (n != 1) {
        if (n == 0 && !sdk_board_givens_consistent(rec->board, rec->cells, NULL))
            cli_report_conflict(path, rec);
        else
            fprintf(stderr, "%s:%ld: %s; skipped\n", path, rec->line,
                    n == 0 ? "no solution" : "more than one solution");
        return SDK_EXIT_UNSOLVED;
    }
    if (list->n == list->room) {
        int room = list->room ? 2 * list->room : 64;
        uint8_t (*more)[81] = realloc(list->seeds, (size_t)room * 81);
        if (!more) {
            fprintf(stderr, "%s:%ld: out of memory; skipped\n", path, rec->line);
            return SDK_EXIT_IO;
        }
        list->seeds = more;
        list->room = room;
    }
    memcpy(list->seeds[list->n++], rec->cells, 81);
    return SDK_EXIT_OK;
}

int cli_read_seeds(const char *path, uint8_t (**seeds)[81], int *nseeds)
{
    seed_list list = {NULL, 0, 0};
    int rc = each_puzzle(path, take_seed, &list);
    *seeds = list.seeds;
    *nseeds = list.n;
    if (list.n == 0 && rc != SDK_EXIT_IO) {
        fprintf(stderr, "sudoku generate: --from %s: no seed left (each must be a 9x9 puzzle with one "
                "solution)\n", path);
        return SDK_EXIT_INVALID;
    }
    return rc;
}

typedef struct known_list {
    sdk_canon_set *forms;
    long n;
} known_list;

/* A known puzzle is only a form to avoid: it is not solved (one with no
 * solution or several is an isomorph of nothing the search prints). */
static int take_known(void *ctx, const char *path, const sdk_record *rec)
{
    known_list *list = ctx;
    sdk_canon canon;
    if (sdk_canon_minlex(rec->board, rec->cells, &canon) != 1 ||
        sdk_canon_set_add(list->forms, canon.form, 81) < 0) {
        fprintf(stderr, "%s:%ld: out of memory; skipped\n", path, rec->line);
        return SDK_EXIT_IO;
    }
    list->n++;
    return SDK_EXIT_OK;
}

int cli_read_known(const char *path, sdk_canon_set **forms, long *count)
{
    known_list list = {sdk_canon_set_new(), 0};
    *forms = list.forms;
    *count = 0;
    if (!list.forms) {
        fprintf(stderr, "sudoku generate: out of memory\n");
        return SDK_EXIT_IO;
    }
    int rc = each_puzzle(path, take_known, &list);
    *count = list.n;
    if (list.n == 0 && rc != SDK_EXIT_IO) {
        fprintf(stderr, "sudoku generate: --known %s: no puzzle in it (each must be a 9x9 puzzle)\n", path);
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

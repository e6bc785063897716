/*
 * canon.c -- `sudoku canon`: each puzzle's minlex form (--grid: its
 * solution's), the map to it and its automorphisms; --unique passes on the
 * first record of each class of isomorphs only.  Also the output code that
 * `sudoku transform` shares: both write the cells and a map per record.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

int cli_canon_begin(int argc, char **argv, const cli_command *cmd, cli_options *opt)
{
    int rc = cli_begin(argc, argv, cmd, opt);
    if (rc < 0 && (opt->format == FMT_SVG || opt->format == FMT_PDF)) {
        fprintf(stderr, "sudoku %s: --format: line, grid, csv, json, fpuzzles or fpuzzles-url\n", cmd->name);
        return SDK_EXIT_USAGE;
    }
    return rc;
}

int cli_canon_supported(const sdk_record *rec, cli_result *res)
{
    if (sdk_board_is_plain9(rec->board))
        return 1;
    res->word = "unsupported";
    res->exit_code = SDK_EXIT_UNSOLVED;
    return 0;
}

/* The form as a line of the board's own kind (a variant's name before it,
 * a jigsaw's regions after it), blanks '.' (or '0' with --zeros). */
static char *canon_line(const cli_options *opt, const sdk_board *b, const uint8_t *cells, char *buf)
{
    const char *prefix = b->variant ? cli_csv_variant(b) : "";
    size_t len = strlen(prefix);
    memcpy(buf, prefix, len);
    char chars[SDK_MAX_N + 1];   /* (each value's character, read once: buf may alias) */
    chars[0] = opt->canon.zeros ? '0' : '.';
    for (int v = 1; v <= b->n; v++)
        chars[v] = sdk_digit_char(v);
    for (int i = 0, n = b->ncells; i < n; i++)
        buf[len++] = chars[cells[i]];
    buf[len] = '\0';
    if (b->region) {
        buf[len++] = ' ';
        sdk_format_regions(b, buf + len);
    }
    return buf;
}

void cli_canon_emit(cli_batch *b, const cli_options *opt, const sdk_record *rec, const cli_result *res,
                    const char *key, int automorphisms)
{
    FILE *f = cli_batch_stream(b);
    /* (empty strings set by hand: "= """ would clear the whole buffers, some
     * 16 KB a record, more than the rest of the writing) */
    char puzzle[SDK_MAX_LINE], cells[SDK_MAX_LINE], map[SDK_TRANSFORM_TEXT];
    puzzle[0] = cells[0] = map[0] = '\0';
    const char *word = !res ? "invalid" : res->word;
    int done = res && res->exit_code == SDK_EXIT_OK;
    /* (the record's line and the map's words only where they are written:
     * line output is most of the use, and they cost more than the form) */
    int full = opt->format == FMT_CSV || opt->format == FMT_JSON;
    if (rec->ok && full)
        cli_record_line(rec, puzzle);
    if (res && res->word && strcmp(res->word, "unsupported") == 0)
        fprintf(stderr, "%s:%ld: %s\n", cli_batch_file(b), rec->line,
                automorphisms ? "canon is defined on boards up to 9x9 (not samurai)"
                              : "transform is defined for the standard 9x9 board only");
    if (done) {
        canon_line(opt, rec->board, res->solution, cells);
        if (full && rec->board->n == 9)   /* (a map has the 9x9 board's shape) */
            sdk_transform_format(&res->map, map);
    }
    switch (opt->format) {
    case FMT_GRID:
        cli_grid_or_word(f, rec->board, done ? res->solution : NULL, word);
        break;
    case FMT_FPUZZLES:
    case FMT_FPUZZLES_URL:
        cli_fpuzzles_emit(b, opt->format, rec, done ? res->solution : NULL, NULL, word);
        break;
    case FMT_CSV:
        cli_csv_head(f, rec, puzzle, word);
        fprintf(f, ",%s,", cells);
        cli_csv_field(f, map, 0);
        if (automorphisms)
            fprintf(f, ",%llu", done ? (unsigned long long)res->count : 0ull);
        fputc('\n', f);
        break;
    case FMT_JSON:
        if (!res) {
            cli_json_invalid(f, rec);
            break;
        }
        cli_json_head(f, rec, puzzle, word);
        if (done) {
            fprintf(f, ",\"%s\":\"%s\",\"map\":\"%s\"", key, cells, map);
            if (automorphisms)
                fprintf(f, ",\"automorphisms\":%llu", (unsigned long long)res->count);
        }
        fputs("}\n", f);
        break;
    default:
        fputs(done ? cells : word, f);
        putc('\n', f);
        break;
    }
}

static void canon_compute(const cli_options *opt, const sdk_record *rec, uint64_t index, cli_result *res)
{
    (void)index;
    const uint8_t *cells = rec->cells;
    if (opt->canon.grid) {
        sdk_budget budget = sdk_budget_start(0, opt->params.interrupt);
        res->count = sdk_exact_count(rec->board, rec->cells, 2, res->solution, &res->stats, &budget, &res->status);
        res->exit_code = SDK_EXIT_UNSOLVED;
        if (cli_stopped_word(res))
            return;
        if (res->count != 1) {
            res->word = res->count == 0 ? "unsolvable" : "multiple";
            return;
        }
        cells = res->solution;
    }
    sdk_canon c;
    int got = sdk_canon_minlex(rec->board, cells, &c);
    if (got != 1) {
        res->word = got == 0 ? "unsupported" : "out-of-memory";
        res->exit_code = got == 0 ? SDK_EXIT_UNSOLVED : SDK_EXIT_IO;
        return;
    }
    memcpy(res->solution, c.form, (size_t)rec->board->ncells);
    res->map = c.map;
    res->count = c.automorphisms;
    res->word = "canon";
    res->exit_code = SDK_EXIT_OK;
}

/* --unique: the forms seen so far (emit runs on one thread, in input order). */
static sdk_canon_set *canon_seen;

static void canon_emit(cli_batch *b, const cli_options *opt, const sdk_record *rec, const cli_result *res)
{
    if (opt->canon.unique && res && res->exit_code == SDK_EXIT_OK) {
        /* The key: the board (its variant, shape and regions), then the form. */
        const sdk_board *bd = rec->board;
        uint8_t key[2 * SDK_MAX_CELLS + 40];
        size_t len = 0;
        const char *variant = bd->variant ? bd->variant : "";
        key[len++] = (uint8_t)bd->box_rows;
        key[len++] = (uint8_t)bd->box_cols;
        for (; *variant && len < 32; variant++)
            key[len++] = (uint8_t)*variant;
        key[len++] = 0;
        if (bd->region) {
            memcpy(key + len, bd->region, (size_t)bd->ncells);
            len += (size_t)bd->ncells;
        }
        memcpy(key + len, res->solution, (size_t)bd->ncells);
        len += (size_t)bd->ncells;
        int added = sdk_canon_set_add(canon_seen, key, len);
        if (added == 0)
            return;                /* a later member of a class already passed on */
        if (added < 0) {
            fprintf(stderr, "sudoku canon: out of memory for the forms seen\n");
            exit(SDK_EXIT_IO);
        }
        if (opt->format == FMT_LINE || opt->format == FMT_AUTO) {
            char line[SDK_MAX_LINE];
            fprintf(cli_batch_stream(b), "%s\n", cli_record_line(rec, line));
            return;
        }
    }
    cli_canon_emit(b, opt, rec, res, "form", 1);
}

int cmd_canon(int argc, char **argv, const cli_command *self)
{
    cli_options opt;
    int rc = cli_canon_begin(argc, argv, self, &opt);
    if (rc >= 0)
        return rc;
    if (opt.canon.unique && !(canon_seen = sdk_canon_set_new())) {
        fprintf(stderr, "sudoku canon: out of memory\n");
        return SDK_EXIT_IO;
    }
    cli_job job = {canon_compute, canon_emit, "line,puzzle,status,form,map,automorphisms", "canon"};
    rc = cli_batch_run(&opt, &job);
    sdk_canon_set_free(canon_seen);
    return rc;
}

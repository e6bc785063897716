/*
 * batch.c -- the loop every puzzle-reading command shares: open each input,
 * read its records in order, compute one result per valid record, write
 * exactly one output record per input record, report malformed ones on
 * stderr as FILE:LINE: what, and combine the exit code.
 *
 * Output is block-buffered; on a terminal it is flushed per record, on a
 * pipe at least every 100 ms of work, so a consumer sees results as they come
 * without a system call per record.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"

struct cli_batch {
    FILE *out;
    const char *file;
    int interactive;
    double last_flush;
    uint64_t records, invalid, failed;
    double seconds;
    uint64_t nodes, guesses;
};

FILE *cli_batch_stream(cli_batch *out) { return out->out; }
const char *cli_batch_file(cli_batch *out) { return out->file; }

void cli_json_string(FILE *f, const char *s)
{
    putc('"', f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(f, "\\%c", ch);
        else if (ch < 0x20 || ch >= 0x7f)
            fprintf(f, "\\u%04x", ch);
        else
            putc(ch, f);
    }
    putc('"', f);
}

const char *cli_record_line(const sdk_record *rec, char *buf)
{
    return sdk_format_line(rec->board, rec->cells, buf);
}

static const char *house_kind_name(int kind)
{
    static const char *names[] = {"row", "column", "box", "region"};
    return names[kind < 4 ? kind : 3];
}

/* Explains a clue conflict in one line: which digit repeats where. */
static void report_conflict(const char *file, const sdk_record *rec)
{
    const sdk_board *b = rec->board;
    int n = b->n;
    for (int h = 0; h < b->nhouses; h++) {
        int where[SDK_MAX_N + 1] = {0};
        for (int i = 0; i < n; i++) {
            int c = b->house_cells[h * n + i];
            int v = rec->cells[c];
            if (!v)
                continue;
            if (where[v]) {
                int first = where[v] - 1;
                fprintf(stderr, "%s:%ld: clues conflict: %c at r%dc%d and r%dc%d share a %s; no solution\n",
                        file, rec->line, sdk_digit_char(v), first / n + 1, first % n + 1, c / n + 1,
                        c % n + 1, house_kind_name(b->house_kind[h]));
                return;
            }
            where[v] = c + 1;
        }
    }
}

static void batch_flush_policy(cli_batch *b)
{
    double now = sdk_now();
    if (b->interactive || now - b->last_flush >= 0.1) {
        fflush(b->out);
        b->last_flush = now;
    }
}

static void batch_stats_line(const cli_batch *b, const sdk_record *rec, const cli_result *res)
{
    fprintf(stderr, "%s:%ld: %s nodes=%llu guesses=%llu time=%.3fms", b->file, rec->line, res->word,
            (unsigned long long)res->stats.nodes, (unsigned long long)res->stats.guesses,
            res->stats.seconds * 1e3);
    if (res->stats.accepted || res->stats.best_energy != 0 || res->stats.final_energy != 0)
        fprintf(stderr, " accepted=%llu final_energy=%g best_energy=%g restarts=%u",
                (unsigned long long)res->stats.accepted, res->stats.final_energy,
                res->stats.best_energy, res->stats.restarts);
    fprintf(stderr, " seed=%u\n", res->stats.seed);
}

static int batch_file(cli_batch *b, const cli_options *opt, const cli_job *job, const char *path,
                      uint64_t *index)
{
    int exit_code = SDK_EXIT_OK;
    int is_stdin = strcmp(path, "-") == 0;
    FILE *in = is_stdin ? stdin : fopen(path, "r");
    b->file = is_stdin ? "stdin" : path;
    if (!in) {
        fprintf(stderr, "sudoku %s: %s: %s\n", job->name, path, strerror(errno));
        return SDK_EXIT_IO;
    }
    sdk_read_options ro = {opt->box_rows, opt->box_cols};
    sdk_reader *reader = sdk_reader_new(in, b->file, &ro);
    sdk_record *rec = malloc(sizeof *rec);
    cli_result *res = malloc(sizeof *res);
    if (!reader || !rec || !res) {
        fprintf(stderr, "sudoku %s: out of memory\n", job->name);
        exit_code = SDK_EXIT_IO;
        goto done;
    }
    for (;;) {
        int got = sdk_reader_next(reader, rec);
        if (got < 0) {
            fprintf(stderr, "sudoku %s: %s: %s\n", job->name, path, strerror(errno));
            exit_code = cli_worse(exit_code, SDK_EXIT_IO);
            break;
        }
        if (got == 0)
            break;
        b->records++;
        if (!rec->ok) {
            fprintf(stderr, "%s:%ld: %s\n", b->file, rec->line, rec->error);
            job->emit(b, opt, rec, NULL);
            b->invalid++;
            exit_code = cli_worse(exit_code, SDK_EXIT_INVALID);
        } else {
            if (!sdk_board_givens_consistent(rec->board, rec->cells, NULL))
                report_conflict(b->file, rec);
            memset(res, 0, sizeof *res);
            double start = sdk_now();
            job->compute(opt, rec, *index, res);
            if (res->stats.seconds == 0)
                res->stats.seconds = sdk_now() - start;
            job->emit(b, opt, rec, res);
            if (opt->stats)
                batch_stats_line(b, rec, res);
            b->seconds += res->stats.seconds;
            b->nodes += res->stats.nodes;
            b->guesses += res->stats.guesses;
            b->failed += res->exit_code != SDK_EXIT_OK;
            exit_code = cli_worse(exit_code, res->exit_code);
        }
        (*index)++;
        batch_flush_policy(b);
    }
done:
    free(rec);
    free(res);
    sdk_reader_free(reader);
    if (!is_stdin)
        fclose(in);
    return exit_code;
}

int cli_batch_run(const cli_options *opt, const cli_job *job)
{
    cli_batch b = {0};
    static char outbuf[1 << 16];
    b.out = stdout;
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    b.interactive = isatty(STDOUT_FILENO);
    b.last_flush = sdk_now();
    if (opt->format == FMT_CSV && job->csv_header)
        fprintf(b.out, "%s\n", job->csv_header);

    static char *stdin_only[] = {"-"};
    char **files = opt->nfiles ? opt->files : stdin_only;
    int nfiles = opt->nfiles ? opt->nfiles : 1;
    int exit_code = SDK_EXIT_OK;
    uint64_t index = 0;
    for (int i = 0; i < nfiles; i++)
        exit_code = cli_worse(exit_code, batch_file(&b, opt, job, files[i], &index));

    if (opt->stats)
        fprintf(stderr, "total: %llu records, %llu invalid, %llu not %s, nodes=%llu guesses=%llu "
                "time=%.3fs (%.1f us/puzzle)\n",
                (unsigned long long)b.records, (unsigned long long)b.invalid,
                (unsigned long long)b.failed, strcmp(job->name, "check") == 0 ? "unique" : "solved",
                (unsigned long long)b.nodes, (unsigned long long)b.guesses, b.seconds,
                b.records > b.invalid ? b.seconds * 1e6 / (double)(b.records - b.invalid) : 0.0);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "sudoku %s: error writing output: %s\n", job->name, strerror(errno));
        exit_code = cli_worse(exit_code, SDK_EXIT_IO);
    }
    return exit_code;
}

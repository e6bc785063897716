/*
 * check.c -- `sudoku check` (unique, multiple, unsolvable or invalid) and
 * `sudoku count` (the number of solutions up to a limit).  Both are one exact
 * count per puzzle and share the output code; only the limit and the word
 * differ.
 */
#include <stdio.h>
#include "cli.h"

static void count_run(const cli_options *opt, const sdk_record *rec, uint64_t limit, cli_result *res)
{
    sdk_budget budget = sdk_budget_start(opt->params.time_limit, opt->params.interrupt);
    res->count = sdk_exact_count(rec->board, rec->cells, limit, res->solution, &res->stats, &budget,
                                 &res->status);
}

static void check_compute(const cli_options *opt, const sdk_record *rec, uint64_t index, cli_result *res)
{
    (void)index;
    count_run(opt, rec, 2, res);
    res->exit_code = SDK_EXIT_UNSOLVED;
    if (cli_stopped_word(res))
        return;
    if (res->count == 0)
        res->word = "unsolvable";
    else if (res->count == 1) {
        res->word = "unique";
        res->exit_code = SDK_EXIT_OK;
    } else
        res->word = "multiple";
}

static void count_compute(const cli_options *opt, const sdk_record *rec, uint64_t index, cli_result *res)
{
    (void)index;
    count_run(opt, rec, opt->limit, res);
    res->exit_code = SDK_EXIT_OK;
    if (cli_stopped_word(res))
        return;
    res->word = NULL;                  /* the number itself */
    if (res->count == 0)
        res->exit_code = SDK_EXIT_UNSOLVED;
}

/* One output record: the word (or count), or csv/json with both. */
static void count_emit(cli_batch *b, const cli_options *opt, const sdk_record *rec, const cli_result *res)
{
    FILE *f = cli_batch_stream(b);
    char puzzle[SDK_MAX_LINE] = "";
    char number[32] = "";
    if (rec->ok)
        cli_record_line(rec, puzzle);
    if (res)
        snprintf(number, sizeof number, "%llu", (unsigned long long)res->count);
    const char *word = !res ? "invalid" : res->word ? res->word : number;
    /* csv and json: one status word for every command (count's: counted,
     * timeout or interrupted) and the count as a number beside it. */
    const char *status = !res ? "invalid" : res->word ? res->word : "counted";
    switch (opt->format) {
    case FMT_CSV:
        cli_csv_head(f, rec, puzzle, status);
        fprintf(f, ",%s\n", number);
        break;
    case FMT_JSON:
        if (!res) {
            cli_json_invalid(f, rec);
        } else {
            fprintf(f, "{");
            cli_json_variant_first(f, rec->board);
            fprintf(f, "\"line\":%ld,\"puzzle\":\"%s\",\"status\":\"%s\",\"count\":%s,"
                    "\"stats\":{\"nodes\":%llu,\"guesses\":%llu}}\n",
                    rec->line, puzzle, status, number, (unsigned long long)res->stats.nodes,
                    (unsigned long long)res->stats.guesses);
        }
        break;
    case FMT_SVG:
        if (res) {
            char caption[160];
            cli_svg_caption(caption, sizeof caption, cli_batch_number(b), word, NULL);
            cli_svg_write(opt, cli_batch_number(b), rec->board, rec->cells, NULL, caption);
        }
        break;
    default:
        fprintf(f, "%s\n", word);
        break;
    }
}

static int count_command(int argc, char **argv, const cli_command *self,
                         void (*compute)(const cli_options *, const sdk_record *, uint64_t, cli_result *))
{
    cli_options opt;
    int rc = cli_begin(argc, argv, self, &opt);
    if (rc >= 0)
        return rc;
    cli_job job = {compute, count_emit, "line,puzzle,status,count", self->name};
    return cli_batch_run(&opt, &job);
}

int cmd_check(int argc, char **argv, const cli_command *self)
{
    return count_command(argc, argv, self, check_compute);
}

int cmd_count(int argc, char **argv, const cli_command *self)
{
    return count_command(argc, argv, self, count_compute);
}

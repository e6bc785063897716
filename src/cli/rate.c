/*
 * rate.c -- `sudoku rate`: the search-tree difficulty of each puzzle (clues,
 * depth, normal width, average width +- standard error; src/rate/rate.c computes
 * them).  One output record per input record, through the shared batch loop.
 */
#include <stdio.h>
#include "cli.h"

static void rate_compute(const cli_options *opt, const sdk_record *rec, uint64_t index, cli_result *res)
{
    (void)index;
    sdk_budget budget = sdk_budget_start(opt->params.time_limit, opt->params.interrupt);
    /* From the puzzle itself, as solve's: its rating never depends on its
     * place in the batch or on -j. */
    uint32_t seed = sdk_rng_derive_cells(opt->params.seed, rec->cells, rec->board->ncells);
    res->status = sdk_rate(rec->board, rec->cells, opt->samples, seed, &res->rating, &budget);
    res->stats.seed = seed;
    res->count = res->rating.solutions;
    cli_rated_word(res);
}

static void rate_emit(cli_batch *b, const cli_options *opt, const sdk_record *rec, const cli_result *res)
{
    FILE *f = cli_batch_stream(b);
    char puzzle[SDK_MAX_LINE] = "";
    if (rec->ok)
        cli_record_line(rec, puzzle);
    const char *word = res ? res->word : "invalid";
    int rated = res && res->status == SDK_SOLVED;
    const sdk_rating *r = res ? &res->rating : NULL;
    switch (opt->format) {
    case FMT_CSV:
        cli_csv_head(f, rec, puzzle, word);
        if (rated && r->samples > 0)
            fprintf(f, ",%d,%d,%llu,%.2f,%.2f,%d\n", r->clues, r->depth,
                    (unsigned long long)r->normal_width, r->avg_width, r->avg_width_err, r->samples);
        else if (rated)
            fprintf(f, ",%d,%d,%llu,,,0\n", r->clues, r->depth, (unsigned long long)r->normal_width);
        else
            fprintf(f, ",%d,,,,,\n", r ? r->clues : 0);
        break;
    case FMT_JSON:
        if (!res) {
            cli_json_invalid(f, rec);
            break;
        }
        fprintf(f, "{\"line\":%ld,", rec->line);
        cli_json_variant_first(f, rec->board);
        fprintf(f, "\"puzzle\":\"%s\",\"status\":\"%s\",\"clues\":%d", puzzle, word, r->clues);
        if (rated) {
            fprintf(f, ",\"depth\":%d,\"normal_width\":%llu", r->depth, (unsigned long long)r->normal_width);
            if (r->samples > 0)
                fprintf(f, ",\"average_width\":%.2f,\"average_width_error\":%.2f,\"samples\":%d",
                        r->avg_width, r->avg_width_err, r->samples);
        }
        fprintf(f, ",\"seed\":%u}\n", res->stats.seed);
        break;
    default: {
        if (!rec->ok) {
            fprintf(f, "%s\n", word);
            break;
        }
        cli_format fmt = cli_record_lead(f, opt->format, rec);
        if (rated)
            cli_rating_fields(f, r);
        else
            fprintf(f, " %s", word);
        cli_record_end(f, fmt);
        break;
    }
    }
}

void cli_rating_fields(FILE *f, const sdk_rating *r)
{
    fprintf(f, " clues=%d depth=%d normal_width=%llu", r->clues, r->depth, (unsigned long long)r->normal_width);
    if (r->samples > 0)
        fprintf(f, " average_width=%.1f+-%.1f", r->avg_width, r->avg_width_err);
}

int cmd_rate(int argc, char **argv, const cli_command *self)
{
    cli_options opt;
    int rc = cli_begin(argc, argv, self, &opt);
    if (rc >= 0)
        return rc;
    if (opt.human)
        return cmd_rate_human(&opt, self);
    cli_job job = {rate_compute, rate_emit,
                   "line,puzzle,status,clues,depth,normal_width,average_width,average_width_error,samples",
                   self->name};
    return cli_batch_run(&opt, &job);
}

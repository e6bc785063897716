/*
 * human.c -- the commands of the logical solver: `rate --human` (ER/EP/ED,
 * level, hardest technique), `explain` (the whole solve path, a step a
 * line or a json steps array) and `hint` (the next step of a puzzle or a
 * position with candidates).  All three call sdk_human_rate; this file
 * only formats its answer.
 */
#include <stdio.h>
#include <string.h>
#include "cli.h"

/* Shared compute: flags says whether to keep the path or stop at one step. */
static void human_run(const cli_options *opt, const sdk_record *rec, int flags, cli_result *res)
{
    if (rec->board->ncages) {
        /* the ladder knows no cage technique: a killer is answered unsupported */
        memset(&res->human, 0, sizeof res->human);
        res->status = SDK_UNSOLVABLE;
        res->word = "unsupported";
        res->exit_code = SDK_EXIT_UNSOLVED;
        return;
    }
    sdk_budget budget = sdk_budget_start(opt->params.time_limit, opt->params.interrupt);
    uint32_t cand[81];
    for (int i = 0; rec->has_cand && i < 81; i++)
        cand[i] = rec->cand[i];
    res->status = sdk_human_rate(rec->board, rec->cells, rec->has_cand ? cand : NULL, flags, &res->human, &budget);
    res->count = res->human.solutions;
    cli_rated_word(res);
}

static void rate_human_compute(const cli_options *opt, const sdk_record *rec, uint64_t index, cli_result *res)
{
    (void)index;
    human_run(opt, rec, 0, res);
}

static void explain_compute(const cli_options *opt, const sdk_record *rec, uint64_t index, cli_result *res)
{
    (void)index;
    human_run(opt, rec, SDK_HUMAN_STEPS, res);
}

static void hint_compute(const cli_options *opt, const sdk_record *rec, uint64_t index, cli_result *res)
{
    (void)index;
    human_run(opt, rec, SDK_HUMAN_STEPS | SDK_HUMAN_HINT, res);
    if (res->status == SDK_SOLVED)
        res->word = res->human.nsteps ? "hint" : res->human.solved ? "solved" : "stuck";
}

/* Opens a json record, {"line":N,"puzzle":"...",["candidates":"...",]
 * "status":"..." (no closing brace), and returns 1; for an invalid record
 * writes all of it and returns 0. */
static int json_open(FILE *f, const sdk_record *rec, const cli_result *res, const char *word)
{
    if (!res) {
        cli_json_invalid(f, rec);
        return 0;
    }
    char puzzle[SDK_MAX_LINE];
    fprintf(f, "{\"line\":%ld,\"puzzle\":\"%s\",", rec->line, cli_record_line(rec, puzzle));
    if (rec->has_cand)                  /* a position: its record reads back with its candidates */
        fprintf(f, "\"candidates\":\"%s\",", sdk_human_format_candidates(rec->cells, rec->cand, puzzle));
    fprintf(f, "\"status\":\"%s\"", word);
    return 1;
}

static void json_ratings(FILE *f, const sdk_human_rating *h)
{
    fprintf(f, ",\"er\":%.1f,\"ep\":%.1f,\"ed\":%.1f,\"level\":\"%s\",\"hardest\":", h->er, h->ep, h->ed, h->level);
    cli_json_string(f, h->hardest);
}

static void json_cands(FILE *f, const sdk_board *b, const sdk_human_cand *c, int k)
{
    fputc('[', f);
    for (int i = 0; i < k; i++)
        fprintf(f, "%s[%d,%d,%d]", i ? "," : "", b->cell_y[c[i].cell] + 1, b->cell_x[c[i].cell] + 1, c[i].digit);
    fputc(']', f);
}

static void json_step(FILE *f, const sdk_board *b, const sdk_human_step *s)
{
    fprintf(f, "{\"technique\":");
    cli_json_string(f, s->technique);
    fprintf(f, ",\"rating\":%.1f,\"placements\":", s->rating);
    json_cands(f, b, s->place, s->nplace);
    fprintf(f, ",\"eliminations\":");
    json_cands(f, b, s->elim, s->nelim);
    fprintf(f, ",\"text\":");
    cli_json_string(f, s->text);
    fputc('}', f);
}

/* The first three fields of a csv row, line,puzzle,status, and a comma. */
static void csv_open(FILE *f, const sdk_record *rec, const char *word)
{
    char puzzle[SDK_MAX_LINE] = "";
    if (rec->ok)
        cli_record_line(rec, puzzle);
    cli_csv_head(f, rec, puzzle, word);
    fputc(',', f);
}

/* technique,rating,text of a step, as csv fields */
static void csv_step(FILE *f, const sdk_human_step *s)
{
    cli_csv_field(f, s->technique, 1);
    fprintf(f, ",%.1f,", s->rating);
    cli_csv_field(f, s->text, 1);
}

/* The one line on stderr of a record answered unsupported (a killer). */
static void unsupported_note(cli_batch *b, const sdk_record *rec, const cli_result *res)
{
    if (res && res->word && strcmp(res->word, "unsupported") == 0)
        fprintf(stderr, "%s:%ld: explain, hint and rate --human know no cage techniques: a killer is "
                "unsupported (solve, check, count and rate take it)\n", cli_batch_file(b), rec->line);
}

static void rate_human_emit(cli_batch *b, const cli_options *opt, const sdk_record *rec, const cli_result *res)
{
    FILE *f = cli_batch_stream(b);
    unsupported_note(b, rec, res);
    const char *word = res ? res->word : "invalid";
    int rated = res && res->status == SDK_SOLVED;
    const sdk_human_rating *h = res ? &res->human : NULL;
    switch (opt->format) {
    case FMT_CSV:
        csv_open(f, rec, word);
        if (rated) {
            fprintf(f, "%.1f,%.1f,%.1f,%s,", h->er, h->ep, h->ed, h->level);
            cli_csv_field(f, h->hardest, 1);
            fputc('\n', f);
        } else
            fprintf(f, ",,,,\n");
        break;
    case FMT_JSON:
        if (!json_open(f, rec, res, word))
            break;
        if (rated)
            json_ratings(f, h);
        fprintf(f, "}\n");
        break;
    default: {
        if (!rec->ok) {
            fprintf(f, "%s\n", word);
            break;
        }
        cli_format fmt = cli_record_lead(f, opt->format, rec);
        if (rated)
            cli_human_fields(f, FMT_LINE, h);
        else
            fprintf(f, " %s", word);
        cli_record_end(f, fmt);
        break;
    }
    }
}

static void explain_emit(cli_batch *b, const cli_options *opt, const sdk_record *rec, const cli_result *res)
{
    FILE *f = cli_batch_stream(b);
    unsupported_note(b, rec, res);
    const char *word = res ? res->word : "invalid";
    int rated = res && res->status == SDK_SOLVED;
    const sdk_human_rating *h = res ? &res->human : NULL;
    switch (opt->format) {
    case FMT_CSV:
        /* a row a step, each with its puzzle's line, puzzle and status */
        if (!rated) {
            csv_open(f, rec, word);
            fprintf(f, ",,,\n");
            break;
        }
        for (int i = 0; i < h->nsteps; i++) {
            csv_open(f, rec, word);
            fprintf(f, "%d,", i + 1);
            csv_step(f, &h->steps[i]);
            fputc('\n', f);
        }
        if (!h->solved) {
            csv_open(f, rec, word);
            fprintf(f, "%d,stuck,20.0,\n", h->nsteps + 1);
        }
        break;
    case FMT_JSON:
        if (!json_open(f, rec, res, word))
            break;
        if (rated) {
            json_ratings(f, h);
            fprintf(f, ",\"solved\":%s,\"steps\":[", h->solved ? "true" : "false");
            for (int i = 0; i < h->nsteps; i++) {
                if (i)
                    fputc(',', f);
                json_step(f, rec->board, &h->steps[i]);
            }
            fputc(']', f);
        }
        fprintf(f, "}\n");
        break;
    default:
        if (!rated) {
            fprintf(f, "%s\n", word);
            break;
        }
        fprintf(f, "# er=%.1f ep=%.1f ed=%.1f level=%s hardest=\"%s\"\n", h->er, h->ep, h->ed, h->level, h->hardest);
        for (int i = 0; i < h->nsteps; i++)
            fprintf(f, "%.1f %s\n", h->steps[i].rating, h->steps[i].text);
        if (!h->solved)
            fprintf(f, "20.0 stuck: no technique of the ladder applies\n");
        fputc('\n', f);
        break;
    }
}

static void hint_emit(cli_batch *b, const cli_options *opt, const sdk_record *rec, const cli_result *res)
{
    FILE *f = cli_batch_stream(b);
    unsupported_note(b, rec, res);
    const char *word = res ? res->word : "invalid";
    const sdk_human_step *s = res && res->human.nsteps ? &res->human.steps[0] : NULL;
    switch (opt->format) {
    case FMT_CSV:
        csv_open(f, rec, word);
        if (s)
            csv_step(f, s);
        else
            fprintf(f, ",,");
        fputc('\n', f);
        break;
    case FMT_JSON:
        if (!json_open(f, rec, res, word))
            break;
        if (s) {
            fprintf(f, ",\"step\":");
            json_step(f, rec->board, s);
        }
        fprintf(f, "}\n");
        break;
    default:
        if (s)
            fprintf(f, "%.1f %s\n", s->rating, s->text);
        else
            fprintf(f, "%s\n", word);
        break;
    }
}

static int human_command(int argc, char **argv, const cli_command *self, void (*compute)(const cli_options *,
                         const sdk_record *, uint64_t, cli_result *),
                         void (*emit)(cli_batch *, const cli_options *, const sdk_record *, const cli_result *),
                         const char *header)
{
    cli_options opt;
    int rc = cli_begin(argc, argv, self, &opt);
    if (rc >= 0)
        return rc;
    opt.candidates = 1;
    cli_job job = {compute, emit, header, self->name};
    return cli_batch_run(&opt, &job);
}

int cmd_rate_human(cli_options *opt, const cli_command *self)
{
    opt->candidates = 1;
    cli_job job = {rate_human_compute, rate_human_emit, "line,puzzle,status,er,ep,ed,level,hardest", self->name};
    return cli_batch_run(opt, &job);
}

int cmd_explain(int argc, char **argv, const cli_command *self)
{
    return human_command(argc, argv, self, explain_compute, explain_emit, "line,puzzle,status,step,technique,rating,text");
}

int cmd_hint(int argc, char **argv, const cli_command *self)
{
    return human_command(argc, argv, self, hint_compute, hint_emit, "line,puzzle,status,technique,rating,text");
}

/*
 * batch.c -- the loop every puzzle-reading command shares: open each input,
 * read its records in order, compute one result per valid record, write
 * exactly one output record per input record, report malformed ones on
 * stderr as FILE:LINE: what, and combine the exit code.
 *
 * Output is block-buffered; on a terminal it is flushed per record; on a
 * pipe a small flusher thread flushes every 100 ms (stdio streams lock
 * themselves), and the reader flushes before it waits for input, so a
 * consumer sees results as they come without a system call per record, even
 * when one slow record follows many fast ones.
 *
 * When stderr is a terminal, a run that lasts more than a second shows a
 * progress line there (records done, seconds), redrawn by a thread of its
 * own four times a second and cleared before each record is written.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "cli.h"
#include "../board/pool.h"

/* A helper thread that wakes on a period until told to stop: the progress
 * line and the flusher. */
typedef struct {
    pthread_t t;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    int running, stop;
} ticker;

static void ticker_start(ticker *tk, int wanted, void *(*fn)(void *), void *arg)
{
    pthread_mutex_init(&tk->lock, NULL);
    pthread_cond_init(&tk->wake, NULL);
    tk->running = wanted && pthread_create(&tk->t, NULL, fn, arg) == 0;
}

static void ticker_stop(ticker *tk)
{
    if (tk->running) {
        pthread_mutex_lock(&tk->lock);
        tk->stop = 1;
        pthread_cond_signal(&tk->wake);
        pthread_mutex_unlock(&tk->lock);
        pthread_join(tk->t, NULL);
    }
    pthread_cond_destroy(&tk->wake);
    pthread_mutex_destroy(&tk->lock);
}

struct cli_batch {
    FILE *out;
    const char *file;
    int interactive;
    ticker flusher;              /* flushes the output while records are slow */
    uint64_t records, invalid, failed;
    double seconds;
    uint64_t nodes, guesses;
    uint64_t index;              /* records seen so far, over all files */
    int stop;                    /* nonzero: end the run with this exit code */
    /* the progress line */
    const char *name;
    double started;
    ticker progress;             /* its lock is held while the line is drawn or cleared */
    int progress_shown;
};

FILE *cli_batch_stream(cli_batch *out) { return out->out; }
uint64_t cli_batch_number(cli_batch *out) { return out->records; }
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

void cli_json_invalid(FILE *f, const sdk_record *rec)
{
    fprintf(f, "{\"line\":%ld,\"status\":\"invalid\",\"error\":", rec->line);
    cli_json_string(f, rec->error);
    fputs("}\n", f);
}

char *cli_fpuzzles_text(cli_format fmt, const sdk_board *b, const uint8_t *cells, const uint8_t *solution,
                        char *err, size_t errsize)
{
    return fmt == FMT_FPUZZLES_URL ? sdk_fpuzzles_url(b, cells, solution, err, errsize)
                                   : sdk_fpuzzles_json(b, cells, solution, err, errsize);
}

void cli_fpuzzles_emit(cli_batch *out, cli_format fmt, const sdk_record *rec, const uint8_t *cells,
                       const uint8_t *solution, const char *word)
{
    FILE *f = cli_batch_stream(out);
    char err[160] = "";
    if (rec->ok && cells) {
        char *text = cli_fpuzzles_text(fmt, rec->board, cells, solution, err, sizeof err);
        if (text) {
            fprintf(f, "%s\n", text);
            free(text);
            return;
        }
        fprintf(stderr, "%s:%ld: --format %s: %s\n", cli_batch_file(out), rec->line,
                fmt == FMT_FPUZZLES_URL ? "fpuzzles-url" : "fpuzzles", err);
        word = "unsupported";
    }
    if (fmt == FMT_FPUZZLES_URL) {
        fprintf(f, "%s\n", word);
    } else if (!rec->ok) {
        cli_json_invalid(f, rec);
    } else {
        fprintf(f, "{\"line\":%ld,\"status\":", rec->line);
        cli_json_string(f, word);
        if (err[0]) {
            fputs(",\"error\":", f);
            cli_json_string(f, err);
        }
        fputs("}\n", f);
    }
}

void cli_json_head(FILE *f, const sdk_record *rec, const char *puzzle, const char *status)
{
    fprintf(f, "{\"line\":%ld,", rec->line);
    cli_json_variant_first(f, rec->board);
    fprintf(f, "\"puzzle\":\"%s\",\"status\":\"%s\"", puzzle, status);
}

void cli_csv_head(FILE *f, const sdk_record *rec, const char *puzzle, const char *status)
{
    fprintf(f, "%ld,", rec->line);
    cli_csv_field(f, puzzle, 0);
    fprintf(f, ",%s", status);
}

void cli_grid_or_word(FILE *f, const sdk_board *b, const uint8_t *solution, const char *word)
{
    if (solution)
        sdk_format_grid(f, b, solution);
    else
        fprintf(f, "%s\n\n", word);
}

/* A variant's keys: its name, a jigsaw's region labels, a killer's cage
 * labels and sums (also in the puzzle's line, which reads back; here for a
 * reader of the json alone). */
static void json_variant_keys(FILE *f, const sdk_board *b)
{
    char labels[SDK_MAX_LINE];
    fprintf(f, "\"variant\":\"%s\"", b->variant);
    if (b->region)
        fprintf(f, ",\"regions\":\"%s\"", sdk_format_regions(b, labels));
    if (b->cell_cage) {
        sdk_killer_labels(b, labels);
        fprintf(f, ",\"cages\":\"%s\",\"sums\":\"", labels);
        for (int j = 0; j < b->ncages; j++)
            fprintf(f, "%s%d", j ? "," : "", b->cage_sum[j]);
        fputc('"', f);
    }
}

void cli_json_variant(FILE *f, const sdk_board *b)
{
    if (b && b->variant) {
        putc(',', f);
        json_variant_keys(f, b);
    }
}

void cli_json_variant_first(FILE *f, const sdk_board *b)
{
    if (b && b->variant) {
        json_variant_keys(f, b);
        putc(',', f);
    }
}

const char *cli_csv_variant(const sdk_board *b)
{
    static __thread char prefix[32];
    snprintf(prefix, sizeof prefix, "%s%s", b && b->variant ? b->variant : "", b && b->variant ? " " : "");
    return prefix;
}

const char *cli_record_line(const sdk_record *rec, char *buf)
{
    const char *prefix = cli_csv_variant(rec->board);
    size_t len = strlen(prefix);
    memcpy(buf, prefix, len);
    sdk_format_line(rec->board, rec->cells, buf + len);
    return buf;
}

cli_format cli_record_lead(FILE *f, cli_format fmt, const sdk_record *rec)
{
    if (fmt == FMT_AUTO)
        fmt = rec->layout == SDK_LAYOUT_GRID ? FMT_GRID : FMT_LINE;
    if (fmt == FMT_GRID) {
        if (rec->board->variant)        /* a line naming the variant: the grid reads back as one */
            fprintf(f, "%s\n", rec->board->variant);
        sdk_format_grid(f, rec->board, rec->cells);
        fputc('#', f);
    } else {
        char line[SDK_MAX_LINE];
        fputs(cli_record_line(rec, line), f);
    }
    return fmt == FMT_GRID ? FMT_GRID : FMT_LINE;
}

void cli_record_end(FILE *f, cli_format fmt)
{
    fputs(fmt == FMT_GRID ? "\n\n" : "\n", f);
}

void cli_csv_field(FILE *f, const char *s, int always)
{
    if (!always && !strpbrk(s, ",\"\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static const char *house_kind_name(int kind)
{
    static const char *names[] = {"row", "column", "box", "region"};
    return names[kind < 4 ? kind : 3];
}

/* Explains a clue conflict in one line: which digit repeats where (nothing
 * if none does). */
void cli_report_conflict(const char *file, const sdk_record *rec)
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
                        file, rec->line, sdk_digit_char(v), b->cell_y[first] + 1, b->cell_x[first] + 1,
                        b->cell_y[c] + 1, b->cell_x[c] + 1, house_kind_name(b->house_kind[h]));
                return;
            }
            where[v] = c + 1;
        }
    }
}

/* Waits on cond (lock held) until signalled or ms milliseconds pass. */
static void wait_ms(pthread_cond_t *cond, pthread_mutex_t *lock, long ms)
{
    struct timespec wake;
    clock_gettime(CLOCK_REALTIME, &wake);
    wake.tv_nsec += ms * 1000 * 1000;
    if (wake.tv_nsec >= 1000000000L) {
        wake.tv_sec++;
        wake.tv_nsec -= 1000000000L;
    }
    pthread_cond_timedwait(cond, lock, &wake);
}

/* Clears the progress line, if shown (progress.lock held). */
static void progress_clear(cli_batch *b)
{
    if (b->progress_shown) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
        b->progress_shown = 0;
    }
}

static void *batch_progress(void *arg)
{
    cli_batch *b = arg;
    pthread_mutex_lock(&b->progress.lock);
    while (!b->progress.stop) {
        wait_ms(&b->progress.wake, &b->progress.lock, 250);
        double t = sdk_now() - b->started;
        if (b->progress.stop || t < 1.0)
            continue;
        uint64_t done = __atomic_load_n(&b->records, __ATOMIC_RELAXED);
        fprintf(stderr, "\rsudoku %s: %llu record(s) done, %.0f s\033[K", b->name, (unsigned long long)done, t);
        fflush(stderr);
        b->progress_shown = 1;
    }
    progress_clear(b);
    pthread_mutex_unlock(&b->progress.lock);
    return NULL;
}

static void batch_progress_start(cli_batch *b, int quiet)
{
    b->started = sdk_now();
    ticker_start(&b->progress, !quiet && isatty(STDERR_FILENO), batch_progress, b);
}

static void batch_flush_policy(cli_batch *b)
{
    if (b->interactive)
        fflush(b->out);
}

/* The reader is about to wait for input: show what is done so far. */
static void batch_before_wait(void *ctx)
{
    cli_batch *b = ctx;
    fflush(b->out);
}

static void *batch_flusher(void *arg)
{
    cli_batch *b = arg;
    pthread_mutex_lock(&b->flusher.lock);
    while (!b->flusher.stop) {
        wait_ms(&b->flusher.wake, &b->flusher.lock, 100);
        if (!b->flusher.stop)
            fflush(b->out);        /* no system call when nothing is buffered */
    }
    pthread_mutex_unlock(&b->flusher.lock);
    return NULL;
}

static void batch_flusher_start(cli_batch *b)
{
    ticker_start(&b->flusher, !b->interactive, batch_flusher, b);
}

int cli_stopped_word(cli_result *res)
{
    if (res->status == SDK_INTERRUPTED) {
        res->word = "interrupted";
        res->exit_code = SDK_EXIT_SIGINT;
    } else if (res->status == SDK_TIMEOUT) {
        res->word = "timeout";
        res->exit_code = SDK_EXIT_UNSOLVED;
    } else
        return 0;
    return 1;
}

void cli_rated_word(cli_result *res)
{
    res->exit_code = SDK_EXIT_UNSOLVED;
    if (cli_stopped_word(res))
        return;
    if (res->status == SDK_SOLVED) {
        res->word = "rated";
        res->exit_code = SDK_EXIT_OK;
    } else {
        res->word = res->count == 0 ? "unsolvable" : "multiple";
    }
}

const char *cli_found_by(const cli_result *res)
{
    if (res->stats.proven_by_exact)
        return "exact";
    if (strcmp(res->word, "solved") != 0)
        return "none";
    return res->stats.solved_by_probe ? "probe" : "chain";
}

static void batch_stats_line(const cli_batch *b, const cli_options *opt, const cli_job *job,
                             const sdk_record *rec, const cli_result *res)
{
    const sdk_stats *st = &res->stats;
    fprintf(stderr, "%s:%ld: ", b->file, rec->line);
    if (res->word)
        fprintf(stderr, "%s", res->word);
    else                                /* count: the number is the answer */
        fprintf(stderr, "count=%llu", (unsigned long long)res->count);
    fprintf(stderr, " nodes=%llu guesses=%llu time=%.3fms", (unsigned long long)st->nodes, (unsigned long long)st->guesses, st->seconds * 1e3);
    /* A chain's figures, energies included even when 0 (a solved run). */
    const sdk_method *m = strcmp(job->name, "solve") == 0 && opt->method ? sdk_method_find(opt->method) : NULL;
    if (m && m->stochastic)
        fprintf(stderr, " accepted=%llu acceptance=%.4f rate=%.3gM/s final_energy=%g best_energy=%g restarts=%u",
                (unsigned long long)st->accepted, st->nodes ? (double)st->accepted / (double)st->nodes : 0.0,
                st->seconds > 0 ? (double)st->nodes / st->seconds / 1e6 : 0.0, st->final_energy,
                st->best_energy, st->restarts);
    if (m && m->stochastic && (st->probes || st->proven_by_exact))
        fprintf(stderr, " probes=%llu found_by=%s", (unsigned long long)st->probes, cli_found_by(res));
    fprintf(stderr, " seed=%u\n", res->stats.seed);
}

/* A chunk of records read ahead and solved together: by the caller alone
 * (-j 1, a chunk of one record, so output streams) or by worker threads that
 * take records in turn.  Results are written in input order either way, and
 * each depends only on its record and index, so -j never changes the output. */
typedef struct batch_chunk {
    sdk_record *recs;
    cli_result *res;
    int count, capacity;
    uint64_t first_index;
    const cli_options *opt;
    const cli_job *job;
    int next;                    /* next record to take, shared by the workers */
} batch_chunk;

static void batch_compute_one(batch_chunk *ch, int i)
{
    cli_result *res = &ch->res[i];
    /* Everything but the solution buffer, which is written before it is read. */
    memset(res, 0, offsetof(cli_result, solution));
    memset(&res->stats, 0, sizeof *res - offsetof(cli_result, stats));
    if (!ch->recs[i].ok)
        return;
    double start = ch->opt->stats ? sdk_now() : 0;
    ch->job->compute(ch->opt, &ch->recs[i], ch->first_index + (uint64_t)i, res);
    if (res->stats.seconds == 0 && ch->opt->stats)
        res->stats.seconds = sdk_now() - start;
}

static void *batch_worker(void *arg)
{
    batch_chunk *ch = arg;
    for (;;) {
        int i = __atomic_fetch_add(&ch->next, 1, __ATOMIC_RELAXED);
        if (i >= ch->count)
            return NULL;
        batch_compute_one(ch, i);
    }
}

/* Starts a chunk's computing: its worker threads start here, and the
 * caller's own share runs in pool_join (team), after whatever the caller
 * does meanwhile. */
static void batch_compute_start(batch_chunk *ch, int jobs, pool_team *team)
{
    ch->next = 0;
    /* Threads beyond the records at hand would only wait (and each costs its
     * stack and per-thread caches): -j 1024 on one puzzle starts none. */
    int lanes = jobs < ch->count ? jobs : ch->count;
    pool_start(team, lanes > 1 ? lanes : 1, batch_worker, ch, 0);   /* the caller is one of them */
}

/* Writes one record's output and its diagnostics; returns its exit code. */
static int batch_emit_record(cli_batch *b, const cli_options *opt, const cli_job *job, const sdk_record *rec,
                             const cli_result *res);

/* The same, with the progress line (if any) out of the way. */
static int batch_emit(cli_batch *b, const cli_options *opt, const cli_job *job, const sdk_record *rec,
                      const cli_result *res)
{
    if (!b->progress.running)
        return batch_emit_record(b, opt, job, rec, res);
    pthread_mutex_lock(&b->progress.lock);
    progress_clear(b);
    int code = batch_emit_record(b, opt, job, rec, res);
    batch_flush_policy(b);
    pthread_mutex_unlock(&b->progress.lock);
    return code;
}

static int batch_emit_record(cli_batch *b, const cli_options *opt, const cli_job *job, const sdk_record *rec,
                             const cli_result *res)
{
    __atomic_add_fetch(&b->records, 1, __ATOMIC_RELAXED);
    if (!rec->ok) {
        fprintf(stderr, "%s:%ld: %s\n", b->file, rec->line, rec->error);
        job->emit(b, opt, rec, NULL);
        b->invalid++;
        return SDK_EXIT_INVALID;
    }
    if (res->status == SDK_UNSOLVABLE && !sdk_board_givens_consistent(rec->board, rec->cells, NULL))
        cli_report_conflict(b->file, rec);
    job->emit(b, opt, rec, res);
    if (opt->stats)
        batch_stats_line(b, opt, job, rec, res);
    b->seconds += res->stats.seconds;
    b->nodes += res->stats.nodes;
    b->guesses += res->stats.guesses;
    b->failed += res->exit_code != SDK_EXIT_OK;
    return res->exit_code;
}

/* Returns 0 if output is still good; otherwise reports (except a closed
 * pipe, which ends the run quietly) and returns the exit code. */
static int batch_output_failed(cli_batch *b, const cli_job *job)
{
    if (!ferror(b->out))
        return 0;
    if (errno != EPIPE)
        fprintf(stderr, "sudoku %s: error writing output: %s\n", job->name, strerror(errno));
    return SDK_EXIT_IO;
}

/* Reads up to target records into ch, numbered on from b->index; returns
 * 1 at the end of the input (a read error is reported and ends it too). */
static int batch_read(cli_batch *b, const cli_job *job, sdk_reader *reader, const char *path, batch_chunk *ch,
                      int target, int *exit_code)
{
    int at_end = 0;
    ch->count = 0;
    ch->first_index = b->index;
    while (ch->count < target) {
        int got = sdk_reader_next(reader, &ch->recs[ch->count]);
        if (got < 0) {
            fprintf(stderr, "sudoku %s: %s: %s\n", job->name, path, strerror(errno));
            *exit_code = cli_worse(*exit_code, SDK_EXIT_IO);
        }
        if (got <= 0) {
            at_end = 1;
            break;
        }
        ch->count++;
    }
    b->index += (uint64_t)ch->count;
    return at_end;
}

/* Lets go of a record once written (or dropped): its rating steps, and its
 * board's reference (a jigsaw's board may go). */
static void batch_release(batch_chunk *ch, int i)
{
    sdk_human_free(&ch->res[i].human);
    if (ch->recs[i].ok)
        sdk_variant_release(ch->recs[i].board);
}

/* A chunk read but never computed: its boards given back. */
static void batch_drop(batch_chunk *ch)
{
    for (int i = 0; i < ch->count; i++)
        if (ch->recs[i].ok)
            sdk_variant_release(ch->recs[i].board);
    ch->count = 0;
}

/* Writes a computed chunk's records in order and returns their worst exit
 * code; sets b->stop when output failed or SIGINT came. */
static int batch_write(cli_batch *b, const cli_options *opt, const cli_job *job, batch_chunk *ch)
{
    int code = SDK_EXIT_OK;
    for (int i = 0; i < ch->count; i++) {
        code = cli_worse(code, batch_emit(b, opt, job, &ch->recs[i], &ch->res[i]));
        batch_release(ch, i);
        batch_flush_policy(b);
    }
    ch->count = 0;
    if (batch_output_failed(b, job))
        b->stop = SDK_EXIT_IO;
    else if (opt->params.interrupt && *opt->params.interrupt)
        b->stop = SDK_EXIT_SIGINT;
    return code;
}

static int batch_file(cli_batch *b, const cli_options *opt, const cli_job *job, const char *path,
                      batch_chunk *ch)
{
    int exit_code = SDK_EXIT_OK;
    int is_stdin = strcmp(path, "-") == 0;
    FILE *in = is_stdin ? stdin : fopen(path, "r");
    b->file = is_stdin ? "stdin" : path;
    if (!in) {
        fprintf(stderr, "sudoku %s: %s: %s\n", job->name, path, strerror(errno));
        return SDK_EXIT_IO;
    }
    sdk_read_options ro = {.box_rows = opt->box_rows, .box_cols = opt->box_cols, .before_wait = batch_before_wait,
                           .before_wait_ctx = b, .variant = opt->variant, .candidates = opt->candidates};
    sdk_reader *reader = sdk_reader_new(in, b->file, &ro);
    if (!reader) {
        fprintf(stderr, "sudoku %s: out of memory\n", job->name);
        exit_code = SDK_EXIT_IO;
        goto done;
    }
    /* -j 1 streams a record at a time; threads get chunks sized to ~50 ms.
     * From a regular file they read the next chunk while computing this
     * one (a pipe is not read ahead: its results would wait on its input). */
    struct stat st;
    int ahead = opt->jobs > 1 && fstat(fileno(in), &st) == 0 && S_ISREG(st.st_mode);
    int target = opt->jobs > 1 ? 2 * opt->jobs : 1;
    batch_chunk *todo = &ch[0], *next = &ch[1];
    int at_end = batch_read(b, job, reader, path, todo, target, &exit_code);
    while (todo->count > 0) {
        pool_team team;
        double start = sdk_now();
        batch_compute_start(todo, opt->jobs, &team);
        if (ahead && !at_end)
            at_end = batch_read(b, job, reader, path, next, target, &exit_code);
        pool_join(&team);
        double took = sdk_now() - start;
        exit_code = cli_worse(exit_code, batch_write(b, opt, job, todo));
        if (b->stop)
            break;
        if (opt->jobs > 1) {
            if (took < 0.05 && target * 2 <= todo->capacity)
                target *= 2;
            else if (took > 0.2 && target / 2 >= opt->jobs)
                target /= 2;
        }
        if (ahead) {
            batch_chunk *t = todo;
            todo = next;
            next = t;
        } else if (!at_end)
            at_end = batch_read(b, job, reader, path, todo, target, &exit_code);
    }
    batch_drop(next);           /* read ahead of a stop: never answered */
done:
    sdk_reader_free(reader);
    if (!is_stdin)
        fclose(in);
    return exit_code;
}

static void batch_chunks_free(batch_chunk ch[2])
{
    for (int k = 0; k < 2; k++) {
        free(ch[k].recs);
        free(ch[k].res);
    }
}

int cli_batch_run(const cli_options *options, const cli_job *job)
{
    cli_options opt = *options;
    cli_batch b = {0};
    /* More threads than cores would share them: the same output (a record's
     * answer never depends on -j), more memory, no speed. */
    if (opt.jobs > cli_cores())
        opt.jobs = cli_cores();
    static char outbuf[1 << 16];
    b.out = stdout;
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    b.interactive = isatty(STDOUT_FILENO);
    signal(SIGPIPE, SIG_DFL);      /* a closed pipe ends us quietly, as it does cat */
    opt.params.interrupt = cli_interrupt_watch();

    /* Two chunks: one computed while the other is read (batch_file). */
    batch_chunk ch[2] = {{0}, {0}};
    int ok = 1;
    for (int k = 0; k < 2; k++) {
        ch[k].capacity = opt.jobs > 1 ? 4096 : 1;
        ch[k].recs = malloc(sizeof *ch[k].recs * (size_t)ch[k].capacity);
        ch[k].res = malloc(sizeof *ch[k].res * (size_t)ch[k].capacity);
        ch[k].opt = &opt;
        ch[k].job = job;
        ok = ok && ch[k].recs && ch[k].res;
    }
    if (!ok) {
        batch_chunks_free(ch);
        fprintf(stderr, "sudoku %s: out of memory\n", job->name);
        return SDK_EXIT_IO;
    }
    batch_flusher_start(&b);
    b.name = job->name;
    batch_progress_start(&b, opt.quiet);
    if (opt.format == FMT_CSV && job->csv_header)
        fprintf(b.out, "%s\n", job->csv_header);

    static char *stdin_only[] = {"-"};
    char **files = opt.nfiles ? opt.files : stdin_only;
    int nfiles = opt.nfiles ? opt.nfiles : 1;
    int exit_code = SDK_EXIT_OK;
    for (int i = 0; i < nfiles && !b.stop; i++)
        exit_code = cli_worse(exit_code, batch_file(&b, &opt, job, files[i], ch));
    ticker_stop(&b.progress);
    exit_code = cli_worse(exit_code, cli_svg_status());
    ticker_stop(&b.flusher);
    batch_chunks_free(ch);
    cli_interrupt_release();

    if (opt.stats)
        fprintf(stderr, "total: %llu records, %llu invalid, %llu not %s, nodes=%llu guesses=%llu "
                "time=%.3fs (%.1f us/puzzle)\n",
                (unsigned long long)b.records, (unsigned long long)b.invalid,
                (unsigned long long)b.failed, strcmp(job->name, "check") == 0 ? "unique" : "solved",
                (unsigned long long)b.nodes, (unsigned long long)b.guesses, b.seconds,
                b.records > b.invalid ? b.seconds * 1e6 / (double)(b.records - b.invalid) : 0.0);
    fflush(stdout);
    if (b.stop == SDK_EXIT_IO || batch_output_failed(&b, job))
        return SDK_EXIT_IO;         /* reported once, where it was found */
    if (b.stop == SDK_EXIT_SIGINT)
        return SDK_EXIT_SIGINT;
    return exit_code;
}

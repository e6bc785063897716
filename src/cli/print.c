/*
 * print.c -- `sudoku print`: puzzles from any input laid out on printable
 * pages (src/out/sheet.c), as one PDF or as SVG pages, written page by page
 * as the input is read.  The input is any puzzle text the reader takes, or
 * the program's own csv or json records, whose index and level (and with
 * --details the seed and ratings) become each puzzle's label.  Which of the
 * three a file is, its first line that is not blank or a comment says.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include "cli.h"

typedef struct print_run {
    const cli_options *opt;
    sdk_sheet *sheet;
    FILE *scratch;              /* a record's puzzle text, for the reader */
    volatile int *interrupt;
    char path[4096];            /* the output being written, for messages */
    int exit_code;
    int output_failed;          /* reported: read no more */
    int halted;                 /* the sheet takes no more: read no more */
} print_run;

/* A record's label: its number, its level, and with --details the seed and
 * ratings; the part before ':' labels its key entry. */
static void print_label(const print_run *pr, const sdk_fields *fields, char *label, size_t len)
{
    int n = fields && fields->number[0] ? snprintf(label, len, "#%s", fields->number)
                                        : snprintf(label, len, "#%d", sdk_sheet_count(pr->sheet) + 1);
    if (!fields)
        return;
    int first = n;
    if (fields->level[0])
        n += snprintf(label + n, len - (size_t)n, ": %s", fields->level);
    if (!pr->opt->pic.details)
        return;
    static const char *names[] = {"seed", "depth", "width", "avg. width"};
    const char *values[] = {fields->seed, fields->depth, fields->width, fields->average};
    for (int i = 0; i < 4 && n < (int)len; i++)
        if (values[i][0])
            n += snprintf(label + n, len - (size_t)n, "%s %s %s", n == first ? ":" : ",", names[i], values[i]);
}

/* The output failed with code (reported): read no more. */
static void print_output_failed(print_run *pr, int code)
{
    pr->output_failed = 1;
    pr->exit_code = cli_worse(pr->exit_code, code);
}

/* The sheet failed: the output callbacks said why, or else memory or the
 * key's scratch file failed. */
static void print_failed(print_run *pr)
{
    if (!pr->output_failed) {
        fprintf(stderr, "sudoku print: out of memory, or the answer key's scratch file failed\n");
        print_output_failed(pr, SDK_EXIT_IO);
    }
}

/* Adds a valid or reports an invalid record; fields (may be NULL) label it. */
static void print_record(print_run *pr, const char *file, const sdk_record *rec, const sdk_fields *fields)
{
    if (!rec->ok) {
        fprintf(stderr, "%s:%ld: %s\n", file, rec->line, rec->error);
        pr->exit_code = cli_worse(pr->exit_code, SDK_EXIT_INVALID);
        return;
    }
    char label[160];
    print_label(pr, fields, label, sizeof label);
    uint8_t solution[SDK_MAX_CELLS];
    int solved = 0;
    if (pr->opt->pic.solutions) {
        sdk_budget budget = sdk_budget_start(pr->opt->params.time_limit, pr->interrupt);
        sdk_status status;
        solved = sdk_exact_count(rec->board, rec->cells, 1, solution, NULL, &budget, &status) == 1;
    }
    /* the sheet gives the board back once its page is written */
    if (sdk_sheet_add(pr->sheet, rec->board, rec->cells, solved ? solution : NULL, label) != 0)
        pr->halted = 1;         /* why is told when the sheet is finished */
}

/* 1 when reading should stop: Ctrl-C, or the output failed. */
static int print_stop(const print_run *pr)
{
    return *pr->interrupt || pr->output_failed || pr->halted;
}

/* Reads every record of in with the puzzle reader, each labelled fields
 * (NULL: by its number); line is added to record lines. */
static void print_records(print_run *pr, FILE *in, const char *file, long line, const sdk_fields *fields)
{
    sdk_read_options ro = {.box_rows = pr->opt->box_rows, .box_cols = pr->opt->box_cols, .variant = pr->opt->variant};
    sdk_reader *r = sdk_reader_new(in, file, &ro);
    static sdk_record rec;
    while (r && !print_stop(pr) && sdk_reader_next(r, &rec) == 1) {
        rec.line += line;
        print_record(pr, file, &rec, fields);
    }
    sdk_reader_free(r);
}

/* A csv or json record's puzzle text, through the scratch file. */
static void print_text(print_run *pr, const char *file, const char *text, long line, const sdk_fields *fields)
{
    FILE *f = pr->scratch;
    size_t len = strlen(text);
    rewind(f);
    if (ftruncate(fileno(f), 0) != 0 || fwrite(text, 1, len, f) != len || fflush(f) != 0 ||
        lseek(fileno(f), 0, SEEK_SET) != 0) {
        fprintf(stderr, "sudoku print: scratch file: %s\n", strerror(errno));
        pr->exit_code = cli_worse(pr->exit_code, SDK_EXIT_IO);
        return;
    }
    print_records(pr, f, file, line, fields);
}

/* A pipe's puzzle text: the lines read so far (held), then the rest, line
 * by line as they come, fed by a thread through a socket to the reader
 * (which reads a descriptor), so pages are written while input arrives.
 * The thread owns this; it is detached, and the program may end first. */
typedef struct print_feed {
    char *held;
    size_t len;
    FILE *in;                   /* closed at the end unless stdin */
    int fd;                     /* the socket's writing end */
} print_feed;

static int print_send(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t sent = send(fd, p, n, MSG_NOSIGNAL);    /* a reader gone: EPIPE, no signal */
        if (sent <= 0)
            return -1;
        p += sent;
        n -= (size_t)sent;
    }
    return 0;
}

/* Ctrl-C goes to the feeding thread, whose read it interrupts (the reader
 * would retry its own), so the text ends and print closes the PDF. */
static void print_block_sigint(int how, sigset_t *old)
{
    sigset_t intr;
    sigemptyset(&intr);
    sigaddset(&intr, SIGINT);
    pthread_sigmask(how, &intr, old);
}

static void *print_feed_run(void *arg)
{
    print_feed *f = arg;
    print_block_sigint(SIG_UNBLOCK, NULL);
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    if (print_send(f->fd, f->held, f->len) == 0)
        while ((got = getline(&line, &cap, f->in)) > 0 && print_send(f->fd, line, (size_t)got) == 0)
            ;
    close(f->fd);
    if (f->in != stdin)
        fclose(f->in);
    free(line);
    free(f->held);
    free(f);
    return NULL;
}

/* A puzzle file goes to the reader from its first line (at offset start):
 * a file is read again from there, a pipe through print_feed_run, which
 * then owns in and held.  1 if it took them. */
static int print_puzzles(print_run *pr, const char *file, FILE *in, off_t start, char *held, size_t len)
{
    if (start >= 0 && lseek(fileno(in), start, SEEK_SET) == start) {
        print_records(pr, in, file, 0, NULL);
        return 0;
    }
    int sv[2] = {-1, -1};
    print_feed *feed = malloc(sizeof *feed);
    pthread_t thread;
    FILE *text = NULL;
    if (feed && socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0 && (text = fdopen(sv[0], "r")) != NULL) {
        *feed = (print_feed){held, len, in, sv[1]};
        sigset_t old;
        print_block_sigint(SIG_BLOCK, &old);
        int started = pthread_create(&thread, NULL, print_feed_run, feed) == 0;
        if (started) {
            pthread_detach(thread);
            print_records(pr, text, file, 0, NULL);
            fclose(text);
        }
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        if (started)
            return 1;
    }
    fprintf(stderr, "sudoku print: %s: %s\n", file, strerror(errno));
    pr->exit_code = cli_worse(pr->exit_code, SDK_EXIT_IO);
    if (text)
        fclose(text);
    else if (sv[0] >= 0)
        close(sv[0]);
    if (sv[1] >= 0)
        close(sv[1]);
    free(feed);
    return 0;
}

/* IN_WORDS: puzzle lines with key=value words (rate's and generate --rate's
 * line output), read a line at a time for their labels. */
typedef enum { IN_UNDECIDED, IN_PUZZLES, IN_CSV, IN_JSON, IN_WORDS } print_input;

/* One line of a csv, json or words input. */
static void print_fields_line(print_run *pr, const char *file, print_input kind, const char *line, long lineno,
                              const int *cols)
{
    static sdk_fields fields;
    if (kind == IN_WORDS) {
        sdk_fields_words(line, &fields);
        print_text(pr, file, line, lineno - 1, &fields);
        return;
    }
    int ok = kind == IN_JSON ? sdk_fields_json(line, &fields) : sdk_fields_csv(line, cols, &fields);
    if (!ok) {
        fprintf(stderr, "%s:%ld: not a %s record with a puzzle field\n", file, lineno,
                kind == IN_JSON ? "json" : "csv");
        pr->exit_code = cli_worse(pr->exit_code, SDK_EXIT_INVALID);
        return;
    }
    /* a json record goes to the reader whole: its "variant" and "regions"
     * keys say what board the puzzle is on */
    print_text(pr, file, kind == IN_JSON ? line : fields.puzzle, lineno - 1, &fields);
}

static void print_file(print_run *pr, const char *path)
{
    int is_stdin = strcmp(path, "-") == 0;
    const char *file = is_stdin ? "stdin" : path;
    FILE *in = is_stdin ? stdin : fopen(path, "r");
    if (!in) {
        fprintf(stderr, "sudoku print: %s: %s\n", path, strerror(errno));
        pr->exit_code = cli_worse(pr->exit_code, SDK_EXIT_IO);
        return;
    }
    /* The lines up to the first meaningful one are held: a puzzle file
     * goes to the reader from its first line. */
    char *held = NULL, *line = NULL;
    size_t held_len = 0, cap = 0;
    FILE *mem = open_memstream(&held, &held_len);
    off_t start = lseek(fileno(in), 0, SEEK_CUR);
    ssize_t got;
    print_input kind = IN_UNDECIDED;
    int cols[7];
    long lineno = 0;
    while (mem && kind != IN_PUZZLES && !print_stop(pr) && (got = getline(&line, &cap, in)) > 0) {
        lineno++;
        const char *p = line + strspn(line, " \t\r\n");
        int meaningful = *p && *p != '#';
        if (kind == IN_UNDECIDED) {
            fwrite(line, 1, (size_t)got, mem);
            if (!meaningful)
                continue;
            static sdk_fields probe;
            kind = *p == '{' ? IN_JSON : sdk_fields_csv_header(p, cols) ? IN_CSV
                 : sdk_fields_words(p, &probe) ? IN_WORDS : IN_PUZZLES;
            if (kind == IN_CSV)
                continue;                   /* the header */
        }
        if (kind != IN_PUZZLES && meaningful)
            print_fields_line(pr, file, kind, line, lineno, cols);
    }
    free(line);
    if (mem && fclose(mem) == 0 && kind == IN_PUZZLES && print_puzzles(pr, file, in, start, held, held_len))
        return;                             /* the feeding thread has in and held */
    if (kind != IN_PUZZLES && ferror(in)) {
        fprintf(stderr, "sudoku print: %s: %s\n", path, strerror(errno));
        pr->exit_code = cli_worse(pr->exit_code, SDK_EXIT_IO);
    }
    free(held);
    if (!is_stdin)
        fclose(in);
}

/* The sheet's output: the PDF (stdout or --output FILE), or SVG page p
 * (--output DIR/NNNN.svg; stdout takes one page, one document). */
static FILE *print_open(void *ctx, int page)
{
    print_run *pr = ctx;
    const cli_options *opt = pr->opt;
    if (page > 1 && !opt->pic.output) {
        fprintf(stderr, "sudoku print: --format svg writes one page to stdout and this input needs more: "
                        "give --output DIR for DIR/0001.svg ...\n");
        print_output_failed(pr, SDK_EXIT_USAGE);
        return NULL;
    }
    if (page > 0) {
        FILE *f = cli_picture_open(opt, (uint64_t)page, "svg", pr->path, sizeof pr->path);
        if (!f)
            print_output_failed(pr, SDK_EXIT_IO);
        return f;
    }
    snprintf(pr->path, sizeof pr->path, "%s", opt->pic.output ? opt->pic.output : "stdout");
    FILE *f = opt->pic.output ? fopen(opt->pic.output, "wb") : stdout;
    if (!f) {
        fprintf(stderr, "sudoku print: %s: %s\n", pr->path, strerror(errno));
        print_output_failed(pr, SDK_EXIT_IO);
    }
    return f;
}

static int print_close(void *ctx, FILE *f, int failed)
{
    print_run *pr = ctx;
    if (cli_picture_close(f, pr->path, failed) == SDK_EXIT_OK)
        return 0;
    print_output_failed(pr, SDK_EXIT_IO);
    return -1;
}

static void print_release(void *ctx, const sdk_board *b)
{
    (void)ctx;
    sdk_variant_release(b);
}

/* Refuses what cannot be printed before anything is read: bad options, and
 * a closed stdout (a file opened later would take its descriptor). */
static int print_check(const cli_options *opt)
{
    if (opt->format != FMT_AUTO && opt->format != FMT_PDF && opt->format != FMT_SVG) {
        fprintf(stderr, "sudoku print: --format: pdf or svg (see 'sudoku print --help')\n");
        return SDK_EXIT_USAGE;
    }
    const char *paper = opt->pic.paper ? opt->pic.paper : "a4";
    if (strcmp(paper, "a4") != 0 && strcmp(paper, "letter") != 0) {
        fprintf(stderr, "sudoku print: --paper: '%s' is not a4 or letter (see 'sudoku print --help')\n", paper);
        return SDK_EXIT_USAGE;
    }
    int pp = opt->pic.per_page;
    if (pp != 1 && pp != 2 && pp != 4 && pp != 6) {
        fprintf(stderr, "sudoku print: --per-page: %d is not 1, 2, 4 or 6 (see 'sudoku print --help')\n", pp);
        return SDK_EXIT_USAGE;
    }
    if (!opt->pic.output && fcntl(STDOUT_FILENO, F_GETFD) == -1) {
        fprintf(stderr, "sudoku print: stdout: %s\n", strerror(errno));
        return SDK_EXIT_IO;
    }
    int missing = opt->pic.title && opt->format != FMT_SVG ? sdk_sheet_unprintable(opt->pic.title) : 0;
    if (missing)
        fprintf(stderr, "sudoku print: warning: --title: %d character%s outside the PDF fonts' WinAnsi set "
                        "print%s as '?'\n", missing, missing > 1 ? "s" : "", missing > 1 ? "" : "s");
    return -1;
}

int cmd_print(int argc, char **argv, const cli_command *self)
{
    cli_options opt;
    int rc = cli_begin(argc, argv, self, &opt);
    if (rc < 0)
        rc = print_check(&opt);
    if (rc >= 0)
        return rc;
    print_run pr = {&opt, NULL, tmpfile(), cli_interrupt_watch(), "", SDK_EXIT_OK, 0, 0};
    sdk_sheet_options so = {opt.pic.per_page, opt.pic.paper && strcmp(opt.pic.paper, "letter") == 0,
                            opt.pic.solutions, opt.pic.title, opt.format == FMT_SVG,
                            print_open, print_close, print_release, &pr, pr.interrupt};
    pr.sheet = sdk_sheet_new(&so);
    if (!pr.sheet || !pr.scratch) {
        fprintf(stderr, "sudoku print: no memory or scratch file: %s\n", strerror(errno));
        rc = SDK_EXIT_IO;
    } else {
        static char *stdin_only[] = {"-"};
        char **files = opt.nfiles ? opt.files : stdin_only;
        for (int i = 0; i < (opt.nfiles ? opt.nfiles : 1) && !print_stop(&pr); i++)
            print_file(&pr, files[i]);
        if (sdk_sheet_finish(pr.sheet) != 0)
            print_failed(&pr);
        if (sdk_sheet_count(pr.sheet) == 0 && !*pr.interrupt) {
            fprintf(stderr, "sudoku print: no puzzle to print: nothing written\n");
            pr.exit_code = cli_worse(pr.exit_code, SDK_EXIT_INVALID);
        }
        rc = *pr.interrupt ? SDK_EXIT_SIGINT : pr.exit_code;
    }
    cli_interrupt_release();
    if (pr.scratch)
        fclose(pr.scratch);
    sdk_sheet_free(pr.sheet);
    return rc;
}

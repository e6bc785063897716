/*
 * print.c -- `sudoku print`: puzzles from any input laid out on printable
 * pages (src/out/sheet.c), as one PDF or as SVG pages.  The input is any
 * puzzle text the reader takes, or the program's own csv or json records,
 * whose index, seed, level and ratings become each puzzle's label.  Which
 * of the three a file is, its first line that is not blank or a comment
 * says.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"

typedef struct print_run {
    const cli_options *opt;
    sdk_sheet *sheet;
    FILE *scratch;              /* a record's puzzle text, for the reader */
    uint64_t count;             /* puzzles read so far */
    int exit_code;
} print_run;

/* Adds a valid or reports an invalid record; fields (may be NULL) label it. */
static void print_record(print_run *pr, const char *file, const sdk_record *rec, const sdk_fields *fields)
{
    if (!rec->ok) {
        fprintf(stderr, "%s:%ld: %s\n", file, rec->line, rec->error);
        pr->exit_code = cli_worse(pr->exit_code, SDK_EXIT_INVALID);
        return;
    }
    pr->count++;
    char label[160];
    int n = fields && fields->number[0] ? snprintf(label, sizeof label, "#%s", fields->number)
                                        : snprintf(label, sizeof label, "#%llu", (unsigned long long)pr->count);
    int first = n;
    if (fields) {
        static const char *names[] = {"seed", "level", "depth", "width", "avg. width"};
        const char *values[] = {fields->seed, fields->level, fields->depth, fields->width, fields->average};
        for (int i = 0; i < 5 && n < (int)sizeof label; i++)
            if (values[i][0])
                n += snprintf(label + n, sizeof label - (size_t)n, "%s %s %s", n == first ? ":" : ",", names[i],
                              values[i]);
    }
    uint8_t solution[SDK_MAX_CELLS];
    int solved = 0;
    if (pr->opt->pic.solutions) {
        sdk_budget budget = sdk_budget_start(pr->opt->params.time_limit, NULL);
        sdk_status status;
        solved = sdk_exact_count(rec->board, rec->cells, 1, solution, NULL, &budget, &status) == 1;
    }
    if (sdk_sheet_add(pr->sheet, rec->board, rec->cells, solved ? solution : NULL, label) != 0) {
        fprintf(stderr, "sudoku print: out of memory\n");
        pr->exit_code = cli_worse(pr->exit_code, SDK_EXIT_IO);
    }
}

/* Reads every record of text (len bytes) with the puzzle reader, each
 * labelled fields (NULL: by its number); line is added to record lines. */
static void print_text(print_run *pr, const char *file, const char *text, size_t len, long line,
                       const sdk_fields *fields)
{
    FILE *f = pr->scratch;
    rewind(f);
    if (ftruncate(fileno(f), 0) != 0 || fwrite(text, 1, len, f) != len || fflush(f) != 0 ||
        lseek(fileno(f), 0, SEEK_SET) != 0) {
        fprintf(stderr, "sudoku print: scratch file: %s\n", strerror(errno));
        pr->exit_code = cli_worse(pr->exit_code, SDK_EXIT_IO);
        return;
    }
    sdk_read_options ro = {.box_rows = pr->opt->box_rows, .box_cols = pr->opt->box_cols, .variant = pr->opt->variant};
    sdk_reader *r = sdk_reader_new(f, file, &ro);
    static sdk_record rec;
    while (r && sdk_reader_next(r, &rec) == 1) {
        rec.line += line;
        print_record(pr, file, &rec, fields);
    }
    sdk_reader_free(r);
}

typedef enum { IN_PUZZLES, IN_CSV, IN_JSON } print_input;

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
    /* The whole input, so that a puzzle file goes to the reader as it is. */
    char *all = NULL, *line = NULL;
    size_t all_len = 0, cap = 0;
    FILE *mem = open_memstream(&all, &all_len);
    ssize_t got;
    print_input kind = IN_PUZZLES;
    int decided = 0, cols[7];
    long lineno = 0;
    while (mem && (got = getline(&line, &cap, in)) > 0) {
        lineno++;
        const char *p = line + strspn(line, " \t\r\n");
        int meaningful = *p && *p != '#';
        if (!decided && meaningful) {
            decided = 1;
            kind = *p == '{' ? IN_JSON : sdk_fields_csv_header(p, cols) ? IN_CSV : IN_PUZZLES;
            if (kind == IN_CSV)
                continue;                   /* the header */
        }
        if (kind == IN_PUZZLES) {
            fwrite(line, 1, (size_t)got, mem);
            continue;
        }
        if (!meaningful)
            continue;
        static sdk_fields fields;
        int ok = kind == IN_JSON ? sdk_fields_json(line, &fields) : sdk_fields_csv(line, cols, &fields);
        if (!ok) {
            fprintf(stderr, "%s:%ld: not a %s record with a puzzle field\n", file, lineno,
                    kind == IN_JSON ? "json" : "csv");
            pr->exit_code = cli_worse(pr->exit_code, SDK_EXIT_INVALID);
            continue;
        }
        /* a json record goes to the reader whole: its "variant" and
         * "regions" keys say what board the puzzle is on */
        const char *text = kind == IN_JSON ? line : fields.puzzle;
        print_text(pr, file, text, strlen(text), lineno - 1, &fields);
    }
    if (ferror(in)) {
        fprintf(stderr, "sudoku print: %s: %s\n", path, strerror(errno));
        pr->exit_code = cli_worse(pr->exit_code, SDK_EXIT_IO);
    }
    if (mem) {
        fclose(mem);
        if (kind == IN_PUZZLES)
            print_text(pr, file, all, all_len, 0, NULL);
    }
    free(all);
    free(line);
    if (!is_stdin)
        fclose(in);
}

/* The sheet as a PDF (stdout or --output FILE) or SVG pages. */
static int print_write(const print_run *pr)
{
    const cli_options *opt = pr->opt;
    char path[4096];
    if (opt->format != FMT_SVG) {
        FILE *f = opt->pic.output ? fopen(opt->pic.output, "wb") : stdout;
        snprintf(path, sizeof path, "%s", opt->pic.output ? opt->pic.output : "stdout");
        if (!f) {
            fprintf(stderr, "sudoku print: %s: %s\n", path, strerror(errno));
            return SDK_EXIT_IO;
        }
        return cli_picture_close(f, path, sdk_sheet_pdf(pr->sheet, f) != 0);
    }
    int rc = SDK_EXIT_OK;
    for (int p = 0; p < sdk_sheet_pages(pr->sheet); p++) {
        FILE *f = cli_picture_open(opt, (uint64_t)p + 1, "svg", path, sizeof path);
        if (!f)
            return SDK_EXIT_IO;
        rc = cli_worse(rc, cli_picture_close(f, path, sdk_sheet_svg(pr->sheet, p, f) != 0));
    }
    return rc;
}

int cmd_print(int argc, char **argv, const cli_command *self)
{
    cli_options opt;
    int rc = cli_begin(argc, argv, self, &opt);
    if (rc >= 0)
        return rc;
    if (opt.format != FMT_AUTO && opt.format != FMT_PDF && opt.format != FMT_SVG) {
        fprintf(stderr, "sudoku print: --format: pdf or svg (see 'sudoku print --help')\n");
        return SDK_EXIT_USAGE;
    }
    const char *paper = opt.pic.paper ? opt.pic.paper : "a4";
    if (strcmp(paper, "a4") != 0 && strcmp(paper, "letter") != 0) {
        fprintf(stderr, "sudoku print: --paper: '%s' is not a4 or letter (see 'sudoku print --help')\n", paper);
        return SDK_EXIT_USAGE;
    }
    sdk_sheet_options so = {opt.pic.per_page, strcmp(paper, "letter") == 0, opt.pic.solutions, opt.pic.title};
    print_run pr = {&opt, sdk_sheet_new(&so), tmpfile(), 0, SDK_EXIT_OK};
    if (!pr.sheet && so.per_page != 3 && so.per_page != 5) {
        fprintf(stderr, "sudoku print: out of memory\n");
        rc = SDK_EXIT_IO;
    } else if (!pr.sheet) {
        fprintf(stderr, "sudoku print: --per-page: %d is not 1, 2, 4 or 6 (see 'sudoku print --help')\n",
                so.per_page);
        rc = SDK_EXIT_USAGE;
    } else if (!pr.scratch) {
        fprintf(stderr, "sudoku print: no scratch file: %s\n", strerror(errno));
        rc = SDK_EXIT_IO;
    } else {
        static char *stdin_only[] = {"-"};
        char **files = opt.nfiles ? opt.files : stdin_only;
        for (int i = 0; i < (opt.nfiles ? opt.nfiles : 1); i++)
            print_file(&pr, files[i]);
        rc = cli_worse(pr.exit_code, print_write(&pr));
    }
    if (pr.scratch)
        fclose(pr.scratch);
    sdk_sheet_free(pr.sheet);
    return rc;
}

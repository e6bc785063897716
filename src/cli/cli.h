/*
 * cli.h -- the command-line program's internal interface: the option table,
 * the batch loop every puzzle-reading subcommand shares, and the commands.
 * Nothing here holds an algorithm; it parses text and calls libsudoku.
 */
#ifndef SUDOKU_CLI_H
#define SUDOKU_CLI_H

#include <stddef.h>
#include <stdio.h>
#include "sudoku.h"

/* Which options a command takes: each option row names its group. */
enum {
    OPTG_INPUT   = 1 << 0,   /* --box, --variant */
    OPTG_FORMAT  = 1 << 1,   /* --format */
    OPTG_SOLVER  = 1 << 2,   /* --method, --seed, --time-limit, ... */
    OPTG_LIMIT   = 1 << 3,   /* --limit */
    OPTG_STATS   = 1 << 4,   /* --stats */
    OPTG_BUDGET  = 1 << 5,   /* --time-limit alone (check, count) */
    OPTG_STOCH   = 1 << 6,   /* options of the stochastic methods */
    OPTG_GEN     = 1 << 7,   /* options of generate */
    OPTG_RATE    = 1 << 8,   /* options of rate (and generate --rate) */
    OPTG_ENERGY  = 1 << 9,   /* options of energy */
    OPTG_PRINT   = 1 << 10,  /* options of print */
    OPTG_PLOT    = 1 << 11,  /* options of plot */
    OPTG_OUTPUT  = 1 << 12,  /* --output (commands that write pictures) */
    OPTG_HUMAN   = 1 << 13,  /* rate --human */
    OPTG_CANON   = 1 << 14,  /* options of canon */
    OPTG_TRANSFORM = 1 << 15, /* options of transform */
    OPTG_PUZZLES = 1 << 16,  /* writes puzzles: --format fpuzzles and fpuzzles-url (no option rows) */
    OPTG_JOBS    = 1 << 20   /* -j (far from the others' bits, which grow one by one) */
};

/* Rows the option table may have (options.c checks it at compile time). */
#define CLI_MAX_OPTIONS 128

typedef enum { FMT_AUTO, FMT_LINE, FMT_GRID, FMT_CSV, FMT_JSON, FMT_SVG, FMT_PDF, FMT_FPUZZLES, FMT_FPUZZLES_URL
} cli_format;

typedef struct cli_options {
    cli_format format;
    int stats;
    int box_rows, box_cols;
    const char *variant;         /* --variant NAME, or NULL */
    const char *method;          /* NULL: the command's default */
    const char *implied_method;  /* set by an option that belongs to one method */
    const char *implied_by;      /* that option; and one that implied another method */
    const char *implied_clash;
    sdk_params params;
    uint64_t limit;
    int jobs;
    int quiet;
    int samples;                 /* rate: random tie-break runs for the average width */
    int human;                   /* rate --human: SE's technique ratings instead */
    int candidates;              /* read positions with candidates too (explain, hint, rate --human) */
    struct {                     /* generate */
        int count, difficulty, clues, hard, size, rate, replicas;
        int cage_min, cage_max;                 /* --variant killer's cage sizes */
        const char *symmetry;
        uint64_t steps, attempt_steps;
        int orient_every;
        int relocations;
        const char *objective;
        int objective_samples;
        double attempt_seconds;
        double beta_min, target_accept;
        const char *level;                      /* generating for people (humangen.c) */
        double min_er, max_er;
        struct cli_list { int count; const char *item[SDK_HUMAN_MAX_TECH]; } techniques;
        const char *from, *pattern;             /* neighbourhood search, fixed pattern (hardsearch.c) */
        const char *known;                      /* ... never printing an isomorph of these */
        int minus, plus, non_minimal;
        double neighbour_share;                 /* --hard from scratch: the search's share */
        int immigrants, restart;                /* --hard from scratch: random minimal puzzles a pool */
        const char *plant;                      /* ... planted with: "tridagon" or "none" */
    } gen;
    struct {                     /* pictures: print, plot, --format svg */
        const char *output;      /* --output: a directory for NNNN.svg (print pdf: the file) */
        const char *paper, *title, *trace_svg;
        int per_page, solutions, details, log;
        uint64_t puzzle;
    } pic;
    struct {                     /* canon and transform */
        int zeros, grid, unique;
        int random, inverse;
        const char *map;         /* --map STEPS */
        sdk_transform parsed;    /* --map as a map (transform.c) */
    } canon;
    char **files;
    int nfiles;
    unsigned char given[CLI_MAX_OPTIONS]; /* given[i]: option row i appeared on the command line */
} cli_options;

typedef enum { OPT_FLAG, OPT_INT, OPT_U64, OPT_DOUBLE, OPT_STRING, OPT_BOX, OPT_FORMAT, OPT_LONG, OPT_VARIANT,
               OPT_LIST, /* repeatable string: a struct cli_list */
               OPT_WHOLE /* a whole number in a double field */ } cli_opt_kind;

typedef struct cli_option {
    const char *name;            /* "--T"; a second spelling may follow in alias */
    const char *alias;           /* e.g. "-j", or NULL */
    const char *metavar;         /* NULL for a flag */
    cli_opt_kind kind;
    size_t offset;               /* into cli_options */
    double min, max;             /* range for numbers */
    unsigned groups;
    const char *implies_method;  /* giving it selects this method when --method is absent */
    const char *help;
} cli_option;

typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv, const struct cli_command *self);
    unsigned groups;             /* the options it takes */
    const char *usage;
    const char *summary;
    const char *details;         /* printed after the options by --help */
} cli_command;

/* options.c */
/* Parses argv[1..] for command cmd into opt (defaults already set).
 * Returns -1 to continue, or an exit code (0 after --help, 2 on error). */
int cli_parse(int argc, char **argv, const cli_command *cmd, cli_options *opt);
void cli_options_init(cli_options *opt);
/* Every command's prologue: opt gets the defaults, then argv.  The same
 * return as cli_parse: -1 to go on, else the command's exit code. */
int cli_begin(int argc, char **argv, const cli_command *cmd, cli_options *opt);
void cli_print_help(FILE *out, const cli_command *cmd);
int cli_option_given(const cli_options *opt, const char *name);
/* The index of name in names[n] (the enum value it names), else -1. */
int cli_pick_name(const char *name, const char *const *names, int n);
/* One line on stderr for each option given that does not apply to method. */
void cli_warn_inapplicable(const cli_options *opt, const cli_command *cmd, const char *method);
const cli_option *cli_option_list(int *count);

/* main.c: the command table (listed commands only), for the completion scripts. */
const cli_command *cli_command_list(int *count);
/* completion.c: `sudoku completion bash|zsh`, the shell completion script. */
int cmd_completion(int argc, char **argv, const cli_command *self);

/* batch.c: the loop over every record of every input file. */
typedef struct cli_result {
    sdk_status status;
    uint64_t count;
    uint8_t solution[SDK_MAX_CELLS];
    sdk_stats stats;
    int exit_code;               /* this record's contribution to the exit code */
    const char *word;            /* status word for line output */
    sdk_rating rating;           /* rate: the puzzle's ratings */
    sdk_human_rating human;      /* rate --human, explain, hint (freed after emit) */
    sdk_transform map;           /* canon, transform: the record's map */
} cli_result;

typedef struct cli_batch cli_batch;
typedef struct cli_job {
    /* Computes the result of one valid record (index: 0-based over the run). */
    void (*compute)(const cli_options *opt, const sdk_record *rec, uint64_t index, cli_result *res);
    /* Writes one record's output; res is NULL for an invalid record. */
    void (*emit)(cli_batch *out, const cli_options *opt, const sdk_record *rec, const cli_result *res);
    const char *csv_header;
    const char *name;            /* the subcommand, for messages */
} cli_job;

int cli_batch_run(const cli_options *opt, const cli_job *job);
FILE *cli_batch_stream(cli_batch *out);
const char *cli_batch_file(cli_batch *out);
void cli_json_string(FILE *f, const char *s);
/* The JSON record of a malformed input record: {"line":N,"status":"invalid","error":"..."}. */
void cli_json_invalid(FILE *f, const sdk_record *rec);
/* The word and exit code of a rating from res->status and res->count (the
 * solutions found): rated, interrupted, timeout, unsolvable or multiple. */
void cli_rated_word(cli_result *res);
/* The word and exit code of a record the budget or Ctrl-C stopped
 * ("timeout", "interrupted"); returns 0 if it was not stopped. */
int cli_stopped_word(cli_result *res);
/* Cores online (at least 1): -j 0, and the most threads a batch starts. */
int cli_cores(void);
/* Which side of a --propagate run found its answer: "probe", "chain",
 * "exact" when the exact check before the chain proved there is no
 * solution, or "none" when the record was not solved. */
const char *cli_found_by(const cli_result *res);
/* A record's json object up to its status, without the closing brace:
 * {"line":N,["variant":...,]"puzzle":"...","status":"..." */
void cli_json_head(FILE *f, const sdk_record *rec, const char *puzzle, const char *status);
/* The same for a csv row: line,puzzle,status (no comma after). */
void cli_csv_head(FILE *f, const sdk_record *rec, const char *puzzle, const char *status);
/* A solution as a grid and its blank line, or, with none, the status word
 * in its place (solve and canon's grid output). */
void cli_grid_or_word(FILE *f, const sdk_board *b, const uint8_t *solution, const char *word);
/* A variant's json field (,"variant":"NAME"), nothing for a standard board. */
void cli_json_variant(FILE *f, const sdk_board *b);
/* The same field as a record's first, followed by a comma. */
void cli_json_variant_first(FILE *f, const sdk_board *b);
/* A variant's prefix for a csv field or a generated line: its name and a
 * space ("" for standard), so the text reads back as the same variant. */
const char *cli_csv_variant(const sdk_board *b);
/* Writes the "line format" of a record's puzzle into buf. */
const char *cli_record_line(const sdk_record *rec, char *buf);
/* A record's puzzle leading its line of fields (line), or as a grid (with
 * its variant's name line) and a '#' that makes the fields a comment after
 * it (grid; FMT_AUTO: as the record was written).  Returns the format
 * taken, for cli_record_end, which closes the record.  So a command's line
 * or grid output reads back as the same puzzles. */
cli_format cli_record_lead(FILE *f, cli_format fmt, const sdk_record *rec);
void cli_record_end(FILE *f, cli_format fmt);
/* " clues=N depth=N normal_width=N[ average_width=X+-E]": a rating as
 * key=value fields (rate, generate --rate). */
void cli_rating_fields(FILE *f, const sdk_rating *r);
/* --format fpuzzles (FMT_FPUZZLES: the JSON object) or fpuzzles-url (the
 * link): a record's puzzle, cells (solution: its solution or NULL), on one
 * line.  Without cells (no puzzle to write: word says why) or on a board
 * f-puzzles cannot draw (said on stderr as FILE:LINE), the line is the word
 * (link) or {"line":N,"status":word[,"error":...]} (object), which read
 * back as an invalid record: one output line a record still. */
void cli_fpuzzles_emit(cli_batch *out, cli_format fmt, const sdk_record *rec, const uint8_t *cells,
                       const uint8_t *solution, const char *word);
/* The object or link of a puzzle, malloc'd; NULL with the reason in err. */
char *cli_fpuzzles_text(cli_format fmt, const sdk_board *b, const uint8_t *cells, const uint8_t *solution,
                        char *err, size_t errsize);
/* Writes s as a csv field: in double quotes (a quote inside doubled) when
 * always, or when it holds a comma, a double quote or a newline ("jigsaw,x
 * ..." stays one field). */
void cli_csv_field(FILE *f, const char *s, int always);

/* batch.c: the 1-based number of the record being written. */
uint64_t cli_batch_number(cli_batch *out);

/* picture.c: one puzzle as an SVG document, to stdout or, with --output,
 * to DIR/NNNN.svg (NNNN = number).  Returns an exit code. */
int cli_svg_write(const cli_options *opt, uint64_t number, const sdk_board *b, const uint8_t *puzzle,
                  const uint8_t *solution, const char *caption);
/* "Puzzle N - word - extra" (word, extra may be NULL). */
void cli_svg_caption(char *buf, size_t len, uint64_t number, const char *word, const char *extra);
/* The file of picture number (DIR/NNNN.ext with --output, else stdout;
 * its name to path), NULL if it cannot be made (reported); closing it
 * reports a write error (failed: one already happened) as an exit code. */
FILE *cli_picture_open(const cli_options *opt, uint64_t number, const char *ext, char *path, size_t len);
int cli_picture_close(FILE *f, const char *path, int failed);
/* SDK_EXIT_IO if some picture file could not be written, else 0. */
int cli_svg_status(void);
/* plot.c: reads a trace from in (named name in messages) and writes its
 * chart to out.  Returns an exit code. */
int cli_plot_trace(FILE *in, const char *name, FILE *out, const cli_options *opt);

/* interrupt.c: installs the SIGINT handler and returns the flag it raises
 * (give it to sdk_params.interrupt / sdk_budget.interrupt); release restores
 * the default action. */
volatile int *cli_interrupt_watch(void);
void cli_interrupt_release(void);

/* Exit-code combining: the highest code wins. */
static inline int cli_worse(int a, int b) { return a > b ? a : b; }

/* The commands (one file each). */
int cmd_solve(int argc, char **argv, const cli_command *self);
int cmd_check(int argc, char **argv, const cli_command *self);
int cmd_count(int argc, char **argv, const cli_command *self);
int cmd_energy(int argc, char **argv, const cli_command *self);
int cmd_rate(int argc, char **argv, const cli_command *self);
int cmd_generate(int argc, char **argv, const cli_command *self);
int cmd_print(int argc, char **argv, const cli_command *self);
int cmd_plot(int argc, char **argv, const cli_command *self);
int cmd_canon(int argc, char **argv, const cli_command *self);
int cmd_transform(int argc, char **argv, const cli_command *self);
/* canon.c: what canon and transform share.  A record whose board has no
 * maps (not plain 9x9) gets the word "unsupported"; the output record
 * carries the 81 cells res->solution under key, and the map. */
int cli_canon_supported(const sdk_record *rec, cli_result *res);
/* Every command's prologue (cli_begin) plus the formats both write. */
int cli_canon_begin(int argc, char **argv, const cli_command *cmd, cli_options *opt);
void cli_canon_emit(cli_batch *b, const cli_options *opt, const sdk_record *rec, const cli_result *res,
                    const char *key, int automorphisms);
/* humangen.c: generate's band (--level, --min-er, --max-er, --technique;
 * *wanted: any given) and --objective checks, a band no puzzle of board b
 * (NULL: a jigsaw of side size) can meet refused: -1, or an exit code after
 * a one-line error (or the --technique list); the ratings' fields. */
int cli_human_band(const cli_options *opt, const sdk_board *b, int size, sdk_human_band *band, int *wanted);
void cli_human_header(FILE *f);
void cli_human_fields(FILE *f, cli_format format, const sdk_human_rating *h);
/* hardsearch.c: generate --from's seeds (bad records reported and skipped;
 * *seeds malloc'd), --known's minlex forms (bad records likewise; *count
 * puzzles read; *forms to be freed by the caller, whatever the code) and --pattern's mask
 * (refused with a one-line reason): 0 or an exit code.  batch.c: a clue
 * conflict in one line. */
int cli_read_seeds(const char *path, uint8_t (**seeds)[81], int *nseeds);
int cli_read_known(const char *path, sdk_canon_set **forms, long *count);
int cli_read_pattern(const char *path, uint8_t *mask);
void cli_report_conflict(const char *file, const sdk_record *rec);
int cmd_explain(int argc, char **argv, const cli_command *self);
int cmd_hint(int argc, char **argv, const cli_command *self);
/* rate --human: the batch over parsed options (human.c). */
int cmd_rate_human(cli_options *opt, const cli_command *self);

extern const char cli_exit_codes_help[];

#endif

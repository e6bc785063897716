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
    OPTG_INPUT   = 1 << 0,   /* --box */
    OPTG_FORMAT  = 1 << 1,   /* --format */
    OPTG_SOLVER  = 1 << 2,   /* --method, --seed, --time-limit, ... */
    OPTG_LIMIT   = 1 << 3,   /* --limit */
    OPTG_STATS   = 1 << 4,   /* --stats */
    OPTG_BUDGET  = 1 << 5,   /* --time-limit alone (check, count) */
    OPTG_STOCH   = 1 << 6,   /* options of the stochastic methods */
    OPTG_GEN     = 1 << 7,   /* options of generate */
    OPTG_RATE    = 1 << 8,   /* options of rate (and generate --rate) */
    OPTG_ENERGY  = 1 << 9    /* options of energy */
};

typedef enum { FMT_AUTO, FMT_LINE, FMT_GRID, FMT_CSV, FMT_JSON } cli_format;

typedef struct cli_options {
    cli_format format;
    int stats;
    int box_rows, box_cols;
    const char *method;          /* NULL: the command's default */
    const char *implied_method;  /* set by an option that belongs to one method */
    sdk_params params;
    uint64_t limit;
    int jobs;
    int quiet;
    int samples;                 /* rate: random tie-break runs for the average width */
    struct {                     /* generate */
        int count, difficulty, clues, hard, size, rate, replicas;
        const char *symmetry;
        uint64_t steps, attempt_steps;
        int orient_every;
        int relocations;
        const char *objective;
        int objective_samples;
        double attempt_seconds;
        double beta_min, target_accept;
    } gen;
    char **files;
    int nfiles;
    unsigned char given[64];     /* given[i]: option row i appeared on the command line */
} cli_options;

typedef enum { OPT_FLAG, OPT_INT, OPT_U64, OPT_DOUBLE, OPT_STRING, OPT_BOX, OPT_FORMAT, OPT_LONG } cli_opt_kind;

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
void cli_print_help(FILE *out, const cli_command *cmd);
int cli_option_given(const cli_options *opt, const char *name);

/* batch.c: the loop over every record of every input file. */
typedef struct cli_result {
    sdk_status status;
    uint64_t count;
    uint8_t solution[SDK_MAX_CELLS];
    sdk_stats stats;
    int exit_code;               /* this record's contribution to the exit code */
    const char *word;            /* status word for line output */
    sdk_rating rating;           /* rate: the puzzle's ratings */
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
/* Which side of a --propagate run found its answer: "probe", "chain", or
 * "none" when the record was not solved. */
const char *cli_found_by(const cli_result *res);
/* Writes the "line format" of a record's puzzle into buf. */
const char *cli_record_line(const sdk_record *rec, char *buf);

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

extern const char cli_exit_codes_help[];

#endif

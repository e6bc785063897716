/*
 * generate.c -- `sudoku generate`: prints puzzles with exactly one solution,
 * by the two-stage Metropolis of 000 (default) or, with --hard, the replica
 * exchange of 004.  The algorithms are in src/generate/generate.c; this file picks the
 * board and parameters, runs puzzles on -j threads (each puzzle's seed is
 * derived from --seed and its index, so the output does not depend on -j),
 * proves each puzzle unique with the exact solver once more before printing
 * it, and formats the records.  SIGINT prints what is done (for --hard, the
 * best puzzle so far) and exits 130.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "cli.h"
#include "../board/pool.h"

static volatile int *interrupted;     /* the flag raised by SIGINT */

typedef struct gen_output {
    const cli_options *opt;
    const sdk_board *b;         /* NULL for jigsaw: a board a puzzle */
    int size;
    unsigned flags;             /* --variant */
    cli_format format;
    uint64_t seed;
    const char *method;
    double started;             /* for the progress line */
    int progress;               /* stderr is a terminal and not --quiet */
    const sdk_human_band *band; /* --level etc.: the band (else NULL) */
    int human;                  /* print the human ratings (a band, or --objective er) */
    const char *objective;      /* --hard: the objective's name if not the default, else NULL */
    FILE *trace;                /* --hard --trace: the first run's best energy as a CSV, or NULL */
    const uint8_t *mask;        /* --pattern: its 81 flags, else NULL */
    const sdk_canon_set *known; /* --known: the forms never printed, else NULL */
    int plant;                  /* --plant: SDK_PLANT_NONE or SDK_PLANT_TRIDAGON */
} gen_output;

/* After SIGINT, records are still rated for this long (from the first one
 * rated after it), so that what is printed is whole and the exit prompt:
 * a 9x9 rating without samples takes well under a millisecond. */
#define GRACE_SECONDS 0.03

/* The budget of a rating: the run's interrupt, or once it has come, a
 * short grace of its own. */
static sdk_budget rating_budget(void)
{
    static double grace_end;
    if (!*interrupted)
        return (sdk_budget){0, 0, interrupted};
    if (grace_end == 0)
        grace_end = sdk_now() + GRACE_SECONDS;
    return (sdk_budget){grace_end, 0, NULL};
}

/* The record of one puzzle.  index is 1-based.  known: its depth and
 * normal width when the generator found them (--hard), else NULL.  hr: its
 * human rating, when o->human (NULL: rated here).  A record whose rating
 * SIGINT stopped is not printed without known figures, and printed without
 * the average width with them: *dropped counts either. */
static int emit(const gen_output *o, const sdk_board *b, int index, const uint8_t *puzzle, uint64_t seed,
                const sdk_gen_result *known, const sdk_human_rating *hr, int *dropped)
{
    const cli_options *opt = o->opt;
    sdk_status status;
    /* Proven unique here, independently of the generator's bookkeeping. */
    if (sdk_exact_count(b, puzzle, 2, NULL, NULL, NULL, &status) != 1) {
        fprintf(stderr, "sudoku generate: internal error: puzzle %d is not unique; not printed\n", index);
        return SDK_EXIT_UNSOLVED;
    }
    sdk_rating r = {.depth = -1};
    int rated = known != NULL;
    if (known) {
        r.depth = known->depth;
        r.normal_width = known->normal_width;
    }
    if (opt->gen.rate || (!known && (o->format == FMT_CSV || o->format == FMT_JSON))) {
        sdk_budget budget = rating_budget();
        sdk_rating full;
        if (sdk_rate(b, puzzle, opt->gen.rate ? opt->samples : 0, sdk_rng_seed32(seed), &full, &budget) ==
            SDK_SOLVED) {
            r = full;
            rated = 1;
        } else {
            ++*dropped;
            if (!known)
                return SDK_EXIT_OK;
        }
    }
    sdk_human_rating own;
    if (o->human && !hr) {
        /* after SIGINT, the same short grace as the widths' rating */
        sdk_budget budget = rating_budget();
        if (sdk_human_rate(b, puzzle, NULL, 0, &own, &budget) == SDK_SOLVED) {
            hr = &own;
        } else {
            ++*dropped;
            if (!known)
                return SDK_EXIT_OK;
        }
    }
    char line[SDK_MAX_LINE];
    sdk_format_line(b, puzzle, line);
    int clues = 0;
    for (int c = 0; c < b->ncells; c++)
        clues += puzzle[c] != 0;
    FILE *f = stdout;
    switch (o->format) {
    case FMT_CSV: {
        char field[SDK_MAX_LINE + 40];
        snprintf(field, sizeof field, "%s%s", cli_csv_variant(b), line);
        fprintf(f, "%d,", index);
        cli_csv_field(f, field, 0);
        fprintf(f, ",%d,%s,%llu", clues, o->method, (unsigned long long)seed);
        if (rated)
            fprintf(f, ",%d,%llu", r.depth, (unsigned long long)r.normal_width);
        else
            fprintf(f, ",,");
        if (rated && r.samples)
            fprintf(f, ",%.2f,%.2f", r.avg_width, r.avg_width_err);
        else
            fprintf(f, ",,");
        if (hr)
            cli_human_fields(f, o->format, hr);
        fputc('\n', f);
        break;
    }
    case FMT_JSON:
        fprintf(f, "{\"index\":%d,\"puzzle\":\"%s\",\"clues\":%d,\"method\":\"%s\",\"seed\":%llu", index, line,
                clues, o->method, (unsigned long long)seed);
        cli_json_variant(f, b);
        if (rated)
            fprintf(f, ",\"depth\":%d,\"normal_width\":%llu", r.depth, (unsigned long long)r.normal_width);
        if (rated && r.samples)
            fprintf(f, ",\"average_width\":%.2f,\"average_width_error\":%.2f", r.avg_width, r.avg_width_err);
        if (hr)
            cli_human_fields(f, o->format, hr);
        /* er's figure is exp(2 (ER + EP/100)) scaled: its record carries er/ep/ed instead */
        if (known && o->objective)
            fprintf(f, ",\"objective\":\"%s\"", o->objective);
        if (known && o->objective && !o->human)
            fprintf(f, ",\"objective_figure\":%.2f", known->figure);
        fprintf(f, "}\n");
        break;
    case FMT_FPUZZLES:
    case FMT_FPUZZLES_URL: {
        char err[160], *text = cli_fpuzzles_text(o->format, b, puzzle, NULL, err, sizeof err);
        if (!text) {
            fprintf(stderr, "sudoku generate: puzzle %d: %s\n", index, err);
            return SDK_EXIT_USAGE;
        }
        fprintf(f, "%s\n", text);
        free(text);
        break;
    }
    case FMT_GRID:
        if (b->variant)                 /* a line naming the variant: the grid reads back as one */
            fprintf(f, "%s\n", b->variant);
        sdk_format_grid(f, b, puzzle);
        if (hr) {
            fputc('#', f);
            cli_human_fields(f, FMT_LINE, hr);
            fputs("\n\n", f);
        }
        if (opt->gen.rate && rated) {
            fputc('#', f);
            cli_rating_fields(f, &r);
            fprintf(f, "\n\n");
        }
        break;
    case FMT_SVG: {
        char extra[160], caption[200];
        int len = snprintf(extra, sizeof extra, "seed %llu, %d clues", (unsigned long long)seed, clues);
        if (opt->gen.rate && rated)
            snprintf(extra + len, sizeof extra - (size_t)len, ", depth %d, normal width %llu, average width %.1f",
                     r.depth, (unsigned long long)r.normal_width, r.avg_width);
        cli_svg_caption(caption, sizeof caption, (uint64_t)index, NULL, extra);
        return cli_svg_write(opt, (uint64_t)index, b, puzzle, NULL, caption);
    }
    default:
        fputs(cli_csv_variant(b), f);   /* "x ", "samurai ", ...: the line reads back as the same variant */
        fputs(line, f);
        if (opt->gen.rate && rated)
            cli_rating_fields(f, &r);
        if (hr)
            cli_human_fields(f, FMT_LINE, hr);
        fputc('\n', f);
        break;
    }
    return SDK_EXIT_OK;
}

/* ---- default method: independent puzzles, -j threads ---------------------- */

typedef struct metro_batch {
    const sdk_board *b;         /* NULL: a jigsaw of side size, a new map a puzzle */
    int size;
    sdk_board **own;            /* the jigsaws' boards, per puzzle */
    const sdk_gen_params *g;
    uint64_t seed;
    int first, count;
    int next;                   /* the next puzzle a thread takes (atomic) */
    uint8_t (*puzzles)[SDK_MAX_CELLS];
    sdk_status *status;
    const sdk_budget *budget;
    unsigned flags;
    const sdk_human_band *band; /* NULL, or the band of each puzzle (sdk_generate_human) */
    sdk_human_rating *ratings;  /* then their ratings */
    double give_up;             /* > 0: no --time-limit, a puzzle's own budget in seconds */
    int stop;                   /* a puzzle failed: take no more (atomic) */
    const uint8_t *mask;        /* --pattern, or NULL */
    const sdk_killer_gen *killer;   /* a killer (a board a puzzle): its cages' sizes and givens */
    int box_rows, box_cols;
} metro_batch;

/* Each thread takes the next puzzle of the batch until none is left, so a
 * slow puzzle (the grid chain's time varies tenfold) holds up no one;
 * each puzzle's seed comes from its index, so who makes it does not
 * matter. */
/* A jigsaw puzzle: random regions (at 25x25 around a grid), then the
 * default generator on that board; a map whose grid the generator's capped
 * searches do not find (it may have none) is drawn again.  puzzle NULL (--hard): only a board that
 * has a grid. */
enum { JIGSAW_AROUND_GRID = 25 };

/* The grid a 25x25 map is traded around: a solution of the standard board,
 * or for jigsaw,x of the X board of standard boxes (trades move regions,
 * not digits, and the grid's swaps keep its diagonals whole). */
static sdk_status grid_to_trade_around(int size, unsigned flags, const sdk_gen_params *g, const sdk_budget *budget,
                                       uint32_t seed, uint8_t *grid)
{
    int br, bc;
    char err[160];
    sdk_board_default_shape(size, &br, &bc);
    const sdk_board *b = (flags & SDK_VARIANT_X) ? sdk_variant_cached(SDK_VARIANT_X, size, NULL, err, sizeof err)
                                                 : sdk_board_cached(br, bc);
    sdk_status status = b ? sdk_generate_grid(b, g, seed, grid, budget) : SDK_UNSOLVABLE;
    sdk_variant_release(b);
    return status;
}

static sdk_status jigsaw_puzzle(int size, unsigned flags, const sdk_gen_params *g, const sdk_human_band *band,
                                const sdk_budget *budget, uint32_t seed, sdk_board **board, uint8_t *puzzle,
                                sdk_human_rating *rating)
{
    sdk_rng r;
    sdk_rng_seed(&r, sdk_rng_derive(seed, 1));
    sdk_status status = SDK_UNSOLVABLE;
    for (int maps = 0; maps < 100 && status == SDK_UNSOLVABLE; maps++) {
        uint8_t region[SDK_MAX_CELLS], grid[SDK_MAX_CELLS];
        char err[160];
        uint32_t made = sdk_rng_derive(seed, 2 + (uint64_t)maps);
        /* At 25x25 fullgrid.c's capped searches find no grid for a random map
         * (none in 100 maps): the map is traded around a grid instead,
         * which the board keeps (docs/variants.md).  The X board's capped
         * searches can miss a grid: then the next map draws another. */
        int around = size >= JIGSAW_AROUND_GRID;
        if (around) {
            status = grid_to_trade_around(size, flags, g, budget, sdk_rng_u32(&r), grid);
            if (status == SDK_UNSOLVABLE)
                continue;
            if (status != SDK_SOLVED)
                return status;
        }
        sdk_variant_random_regions(size, around ? grid : NULL, &r, region);
        sdk_board_free(*board);
        *board = sdk_variant_board(flags, size, region, err, sizeof err);
        if (*board && around) {
            (*board)->known_grid = malloc((size_t)(size * size));
            if (!(*board)->known_grid)
                return SDK_UNSOLVABLE;
            memcpy((*board)->known_grid, grid, (size_t)(size * size));
        }
        status = SDK_UNSOLVABLE;
        if (*board && band && puzzle)
            status = sdk_generate_human(*board, g, band, made, puzzle, rating, NULL, budget);
        else if (*board)
            status = puzzle ? sdk_generate_metropolis(*board, g, made, puzzle, NULL, budget)
                            : sdk_generate_grid(*board, g, made, grid, budget);
    }
    return status;
}

static void *metro_work(void *arg)
{
    metro_batch *mb = arg;
    for (;;) {
        int i = __atomic_fetch_add(&mb->next, 1, __ATOMIC_RELAXED);
        if (i >= mb->count || __atomic_load_n(&mb->stop, __ATOMIC_RELAXED))
            return NULL;
        uint32_t seed = sdk_rng_derive(mb->seed, (uint64_t)(mb->first + i));
        sdk_budget budget = mb->give_up > 0 ? sdk_budget_start(mb->give_up, mb->budget->interrupt) : *mb->budget;
        if (mb->mask)
            mb->status[i] = sdk_generate_pattern(mb->b, mb->g, mb->mask, mb->band, seed, mb->puzzles[i],
                                                 &mb->ratings[i], &budget);
        else if (mb->killer)
            mb->status[i] = sdk_generate_killer(mb->flags, mb->size, mb->box_rows, mb->box_cols, mb->killer, mb->g,
                                                seed, &mb->own[i], mb->puzzles[i], &budget);
        else if (mb->b)
            mb->status[i] = mb->band ? sdk_generate_human(mb->b, mb->g, mb->band, seed, mb->puzzles[i],
                                                          &mb->ratings[i], NULL, &budget)
                                     : sdk_generate_metropolis(mb->b, mb->g, seed, mb->puzzles[i], NULL, &budget);
        else    /* A jigsaw: random regions from the puzzle's seed; a map with no
                 * solution (it happens) is drawn again. */
            mb->status[i] = jigsaw_puzzle(mb->size, mb->flags, mb->g, mb->band, &budget, seed, &mb->own[i],
                                          mb->puzzles[i], mb->band ? &mb->ratings[i] : NULL);
        /* Those after it would not be printed: a hopeless run ends after one
         * puzzle's budget, not after a chunk of them. */
        if (mb->status[i] != SDK_SOLVED)
            __atomic_store_n(&mb->stop, 1, __ATOMIC_RELAXED);
    }
}

static void progress_line(const gen_output *o, const char *text)
{
    if (o->progress && sdk_now() - o->started > 1.0) {
        fprintf(stderr, "\r%s\033[K", text);
        fflush(stderr);
    }
}

static int run_metropolis(const gen_output *o, const sdk_gen_params *g, int count, const sdk_budget *budget,
                          double give_up, const sdk_killer_gen *killer)
{
    /* Puzzles are made in chunks and printed after each: a chunk of about a
     * tenth of a second (from the time of the last), so that output keeps
     * flowing, the threads wait for each other at its end rarely, and the
     * last chunk's printing (each puzzle proven unique again) ends soon after
     * a time limit: a 1-s run on 12x12 took 1064 ms with quarter-second
     * chunks, 1007-1010 ms with these. */
    enum { CHUNK = 1024 };
    uint8_t (*puzzles)[SDK_MAX_CELLS] = malloc(sizeof *puzzles * CHUNK);
    sdk_status *status = malloc(sizeof *status * CHUNK);
    sdk_human_rating *ratings = calloc(CHUNK, sizeof *ratings);
    int jobs = o->opt->jobs > 0 ? o->opt->jobs : 1;
    sdk_board **own = calloc(CHUNK, sizeof *own);
    int exit_code = SDK_EXIT_OK, dropped = 0;
    if (!puzzles || !status || !own || !ratings) {
        fprintf(stderr, "sudoku generate: out of memory\n");
        exit_code = SDK_EXIT_IO;
        goto done;
    }
    for (int first = 0, size = 4 * jobs; first < count && exit_code == SDK_EXIT_OK;) {
        metro_batch mb = {o->b, o->size, own, g, o->seed, first, count - first < size ? count - first : size, 0,
                          puzzles, status, budget, o->flags, o->band, ratings, give_up, 0, o->mask, killer,
                          o->opt->box_rows, o->opt->box_cols};
        double chunk_start = sdk_now();
        int lanes = jobs < mb.count ? jobs : mb.count;
        pool_run(lanes, metro_work, &mb, 0);
        double per = (sdk_now() - chunk_start) / mb.count;
        size = per * CHUNK > 0.1 ? (int)(0.1 / per) : CHUNK;
        size = size < jobs ? jobs : size;
        for (int i = 0; i < mb.count; i++) {
            if (status[i] != SDK_SOLVED) {
                exit_code = status[i] == SDK_INTERRUPTED ? SDK_EXIT_SIGINT : SDK_EXIT_UNSOLVED;
                if (status[i] == SDK_TIMEOUT && give_up > 0)
                    fprintf(stderr, "sudoku generate: gave up on puzzle %d after %g s, the default budget a "
                            "puzzle (--time-limit sets the whole run's instead)%s; %d printed\n", first + i + 1,
                            give_up, o->mask ? ": no unique puzzle (in the band) found on the pattern" : "",
                            first + i);
                else if (status[i] == SDK_TIMEOUT)
                    fprintf(stderr, "sudoku generate: time limit reached after %d puzzles\n", first + i);
                if (status[i] == SDK_UNSOLVABLE && killer)
                    fprintf(stderr, "sudoku generate: no killer: 20 grids of 40 cage partitions each gave no "
                            "unique start (try --cage-min 1 or --clues)\n");
                else if (status[i] == SDK_UNSOLVABLE && !o->b)     /* a jigsaw: either may have failed */
                    fprintf(stderr, "sudoku generate: no region map of 100 gave a grid, or %d clues were not "
                            "reached from 50 grids (try more clues or another --symmetry)\n", g->target_clues);
                else if (status[i] == SDK_UNSOLVABLE)
                    fprintf(stderr, "sudoku generate: %d clues not reached from 50 grids; try more clues "
                            "or another --symmetry\n", g->target_clues);
                break;
            }
            exit_code = cli_worse(exit_code, emit(o, o->b ? o->b : own[i], first + i + 1, puzzles[i],
                                                  sdk_rng_derive(o->seed, (uint64_t)(first + i)), NULL,
                                                  o->band ? &ratings[i] : NULL, &dropped));
        }
        for (int i = 0; i < mb.count; i++) {
            sdk_board_free(own[i]);
            own[i] = NULL;
            sdk_human_free(&ratings[i]);
        }
        char text[96];
        snprintf(text, sizeof text, "generate: %d/%d puzzles, %.1f s", first + mb.count, count,
                 sdk_now() - o->started);
        progress_line(o, text);
        fflush(stdout);
        first += mb.count;
    }
    if (dropped)
        fprintf(stderr, "sudoku generate: %d puzzle(s) not printed: interrupted before they were rated\n", dropped);
done:
    free(ratings);
    free(puzzles);
    free(status);
    free(own);
    return exit_code;
}

/* ---- --hard: replica exchange --------------------------------------------- */

static void remc_progress(void *ctx, uint64_t steps, int stage, const sdk_gen_result *best)
{
    const gen_output *o = ctx;
    char text[200], figure[64] = "";
    if (best && o->objective && !o->human)
        snprintf(figure, sizeof figure, ", %s %.0f", o->objective, best->figure);
    if (best)
        snprintf(text, sizeof text, "generate --hard: %.0f s, %llu steps, %s stage, best: normal width %llu%s, "
                 "depth %d (H=%.1f)", sdk_now() - o->started, (unsigned long long)steps,
                 stage == 1 ? "depth" : "width", (unsigned long long)best->normal_width, figure, best->depth,
                 best->energy);
    else
        snprintf(text, sizeof text, "generate --hard: %.0f s, %llu steps, %s stage, no candidate yet",
                 sdk_now() - o->started, (unsigned long long)steps, stage == 1 ? "depth" : "width");
    if (o->progress)
        progress_line(o, text);
    /* the trace's columns, as the solvers write them (sudoku plot reads
     * both); temperature 0: the ten replicas' own are not traced */
    if (o->trace && best)
        fprintf(o->trace, "1,%llu,%.4f,0\n", (unsigned long long)steps, best->energy);
}

/* The end of --hard's summary line: the best puzzle's widths and, for
 * people (h not NULL), its ratings. */
static void summary_best(const sdk_gen_result *best, const sdk_human_rating *h)
{
    fprintf(stderr, "; best: depth %d, normal width %llu", best->depth, (unsigned long long)best->normal_width);
    if (h)
        fprintf(stderr, ", er %.1f ep %.1f ed %.1f", h->er, h->ep, h->ed);
}

static int run_remc(const gen_output *o, sdk_gen_params *g, int count, const sdk_budget *budget)
{
    sdk_gen_result *best = calloc((size_t)count, sizeof *best);
    if (!best) {
        fprintf(stderr, "sudoku generate: out of memory\n");
        return SDK_EXIT_IO;
    }
    g->runs = o->opt->jobs > 0 ? o->opt->jobs : 1;
    g->progress = o->progress || o->trace ? remc_progress : NULL;
    g->progress_ctx = (void *)o;
    sdk_remc_totals totals = {0, 0};
    /* A jigsaw: one region map for the run, drawn from the seed. */
    sdk_board *own = NULL;
    const sdk_board *b = o->b;
    if (!b && jigsaw_puzzle(o->size, o->flags, g, NULL, budget, sdk_rng_derive(o->seed, 0), &own, NULL, NULL) == SDK_SOLVED)
        b = own;
    int found = b ? sdk_generate_remc(b, g, o->seed, count, best, budget, &totals) : 0;
    if (o->progress)
        fprintf(stderr, "\r\033[K");
    if (!o->opt->quiet) {
        fprintf(stderr, "sudoku generate --hard: %llu steps in %.1f s over %d run(s), %llu attempt(s)",
                (unsigned long long)totals.steps, sdk_now() - o->started, g->runs,
                (unsigned long long)totals.attempts);
        if (found > 0) {
            sdk_human_rating h;
            sdk_budget budget = rating_budget();
            summary_best(&best[0], o->human && sdk_human_rate(b, best[0].puzzle, NULL, 0, &h, &budget) == SDK_SOLVED
                                       ? &h : NULL);
        }
        fputc('\n', stderr);
    }
    int exit_code = found < count ? SDK_EXIT_UNSOLVED : SDK_EXIT_OK, dropped = 0;
    if (found < count)
        fprintf(stderr, "sudoku generate --hard: %d puzzle(s) of the %d asked: only puzzles that naked singles "
                "do not solve (depth >= 1) are candidates; a longer run finds more\n", found, count);
    for (int i = 0; i < found; i++)
        exit_code = cli_worse(exit_code, emit(o, b, i + 1, best[i].puzzle, o->seed, &best[i], NULL, &dropped));
    if (dropped)
        fprintf(stderr, "sudoku generate --hard: interrupted: %d record(s) without the average width or the human "
                "ratings (their rating did not finish within %.0f ms)\n", dropped, GRACE_SECONDS * 1000);
    sdk_board_free(own);
    free(best);
    return exit_code;
}

/* --from (seeds) or --pattern with --hard: the neighbourhood search
 * (src/generate/neighbour.c); records as --hard's, with the ratings. */
static void nb_progress(void *ctx, uint64_t steps, int stage, const sdk_gen_result *best)
{
    const gen_output *o = ctx;
    (void)stage;
    char text[160];
    snprintf(text, sizeof text, "generate --hard: %.0f s, %llu moves, best: er %.1f, %d clues",
             sdk_now() - o->started, (unsigned long long)steps, best->figure, best->clues);
    progress_line(o, text);
}

static int run_neighbour(const gen_output *o, sdk_gen_params *g, const uint8_t (*seeds)[81], int nseeds,
                         int count, const sdk_budget *budget)
{
    sdk_nb_result *best = calloc((size_t)count, sizeof *best);
    if (!best) {
        fprintf(stderr, "sudoku generate: out of memory\n");
        return SDK_EXIT_IO;
    }
    const cli_options *opt = o->opt;
    sdk_nb_params nb = {opt->gen.minus ? opt->gen.minus : SDK_DEFAULT_NB_MINUS,
                        opt->gen.plus ? opt->gen.plus : SDK_DEFAULT_NB_PLUS, opt->gen.non_minimal, o->mask,
                        opt->gen.neighbour_share, opt->gen.immigrants,
                        cli_option_given(opt, "--restart") ? opt->gen.restart : SDK_DEFAULT_NB_RESTART, o->known,
                        o->plant};
    g->runs = opt->jobs > 0 ? opt->jobs : 1;
    g->progress = o->progress ? nb_progress : NULL;
    g->progress_ctx = (void *)o;
    sdk_remc_totals totals = {0, 0};
    int found = sdk_generate_neighbour(o->b, g, &nb, seeds, nseeds, o->seed, count, best, budget, &totals);
    if (o->progress)
        fprintf(stderr, "\r\033[K");
    if (!opt->quiet) {
        fprintf(stderr, "sudoku generate --hard: %llu moves, %llu puzzles rated in %.1f s over %d run(s)",
                (unsigned long long)totals.steps, (unsigned long long)totals.attempts, sdk_now() - o->started,
                g->runs);
        if (found > 0)
            summary_best(&best[0].gen, &best[0].human);
        fputc('\n', stderr);
    }
    int exit_code = found < count ? SDK_EXIT_UNSOLVED : SDK_EXIT_OK, dropped = 0;
    if (found < count)
        fprintf(stderr, "sudoku generate --hard: %d new puzzle(s) of the %d asked (candidates: depth >= 1, "
                "isomorphic to no seed%s); a longer run finds more\n", found, count,
                o->known ? " and no known puzzle" : "");
    for (int i = 0; i < found; i++)
        exit_code = cli_worse(exit_code, emit(o, o->b, i + 1, best[i].gen.puzzle, o->seed, &best[i].gen,
                                              &best[i].human, &dropped));
    free(best);
    return exit_code;
}

/* By enum value: sdk_symmetry, SDK_PLANT_* */
static const char *const symmetry_names[] = {"none", "rotate180", "rotate90", "mirror"};
static const char *const plant_names[] = {"none", "tridagon"};

int cmd_generate(int argc, char **argv, const cli_command *self)
{
    cli_options opt;
    int rc = cli_begin(argc, argv, self, &opt);
    if (rc >= 0)
        return rc;
    if (opt.nfiles > 0) {
        fprintf(stderr, "sudoku generate: takes no files ('%s')\n", opt.files[0]);
        return SDK_EXIT_USAGE;
    }
    int box_rows = opt.box_rows, box_cols = opt.box_cols;
    int size = opt.gen.size ? opt.gen.size : box_rows ? box_rows * box_cols : 9;
    if (!box_rows && !sdk_board_default_shape(size, &box_rows, &box_cols)) {
        fprintf(stderr, "sudoku generate: --size %d is not a supported side (use --box RxC)\n", size);
        return SDK_EXIT_USAGE;
    }
    if (box_rows * box_cols != size) {
        fprintf(stderr, "sudoku generate: --box %dx%d does not make a %dx%d board\n", box_rows, box_cols, size,
                size);
        return SDK_EXIT_USAGE;
    }
    unsigned flags = 0;
    const sdk_board *b = NULL;
    if (opt.variant)
        sdk_variant_parse(opt.variant, &flags);
    /* Samurai and windoku are 9x9 boards: another side is a usage error, as
     * windoku's own board says (a jigsaw's is built per puzzle, later). */
    if ((flags & (SDK_VARIANT_SAMURAI | SDK_VARIANT_WINDOKU)) && size != 9) {
        fprintf(stderr, "sudoku generate: --variant %s: %s, not %dx%d\n", opt.variant,
                (flags & SDK_VARIANT_SAMURAI) ? "a samurai's grids are 9x9" : "windoku is a 9x9 variant", size,
                size);
        return SDK_EXIT_USAGE;
    }
    if (opt.gen.hard && (flags & SDK_VARIANT_SAMURAI)) {
        fprintf(stderr, "sudoku generate: --hard does not take samurai boards (x, windoku and jigsaw it does); "
                        "without --hard, --variant samurai makes unique puzzles\n");
        return SDK_EXIT_USAGE;
    }
    int killer = (flags & SDK_VARIANT_KILLER) != 0;
    sdk_killer_gen kg;
    sdk_killer_gen_defaults(&kg);
    if (killer) {
        /* a board a puzzle, made with it: the cage options, and --clues as givens */
        if (opt.gen.hard || opt.gen.level || opt.gen.techniques.count || cli_option_given(&opt, "--min-er") ||
            cli_option_given(&opt, "--max-er")) {
            fprintf(stderr, "sudoku generate: --variant %s: killers are generated by cage merges alone (no --hard, "
                            "--level, --min-er, --max-er or --technique)\n", opt.variant);
            return SDK_EXIT_USAGE;
        }
        if (cli_option_given(&opt, "--cage-min"))
            kg.cage_min = opt.gen.cage_min;
        if (cli_option_given(&opt, "--cage-max"))
            kg.cage_max = opt.gen.cage_max;
        else if (kg.cage_max > size)
            kg.cage_max = size;                 /* (4x4: cages of 2 to 4) */
        kg.clues = opt.gen.clues;
        if (kg.cage_min > kg.cage_max || kg.cage_max > size) {
            fprintf(stderr, "sudoku generate: cages of %d to %d cells on a %dx%d board: no such killer\n",
                    kg.cage_min, kg.cage_max, size, size);
            return SDK_EXIT_USAGE;
        }
    } else if (cli_option_given(&opt, "--cage-min") || cli_option_given(&opt, "--cage-max")) {
        fprintf(stderr, "sudoku generate: --cage-min and --cage-max are for --variant killer\n");
        return SDK_EXIT_USAGE;
    }
    if (!flags) {
        b = sdk_board_cached(box_rows, box_cols);
    } else if (!(flags & (SDK_VARIANT_JIGSAW | SDK_VARIANT_KILLER))) {
        char err[160];
        b = sdk_variant_cached_boxed(flags, size, box_rows, box_cols, NULL, err, sizeof err);
        if (!b) {
            fprintf(stderr, "sudoku generate: --variant %s: %s\n", opt.variant, err);
            return SDK_EXIT_USAGE;
        }
    }
    if (opt.format == FMT_FPUZZLES || opt.format == FMT_FPUZZLES_URL) {
        /* a board f-puzzles cannot draw is refused before any work (a
         * jigsaw's by its side, on the plain board of that side) */
        uint8_t blank[SDK_MAX_CELLS] = {0};
        char err[160], *text = cli_fpuzzles_text(opt.format, b ? b : sdk_board_cached(box_rows, box_cols), blank,
                                                 NULL, err, sizeof err);
        if (!text) {
            fprintf(stderr, "sudoku generate: --format %s: %s\n", opt.format == FMT_FPUZZLES ? "fpuzzles"
                            : "fpuzzles-url", err);
            return SDK_EXIT_USAGE;
        }
        free(text);
    }
    int ncells = b ? b->ncells : size * size;
    sdk_gen_params g;
    sdk_generate_defaults(&g);
    int symmetry = opt.gen.symmetry ? cli_pick_name(opt.gen.symmetry, symmetry_names, 4) : (int)g.symmetry;
    if (symmetry < 0) {
        fprintf(stderr, "sudoku generate: --symmetry: '%s' is not none, rotate180, rotate90 or mirror\n",
                opt.gen.symmetry);
        return SDK_EXIT_USAGE;
    }
    g.symmetry = (sdk_symmetry)symmetry;
    /* --from's seeds and --pattern's mask (hardsearch.c): plain 9x9 only */
    uint8_t (*seeds)[81] = NULL, mask[81];
    int nseeds = 0, seeds_rc = SDK_EXIT_OK;
    if ((opt.gen.from || opt.gen.pattern) && (!b || !sdk_board_is_plain9(b) || (opt.gen.from && opt.gen.pattern))) {
        fprintf(stderr, "sudoku generate: --from and --pattern are for the standard 9x9 board, one at a time\n");
        return SDK_EXIT_USAGE;
    }
    if (opt.gen.pattern && (seeds_rc = cli_read_pattern(opt.gen.pattern, mask)) != SDK_EXIT_OK)
        return seeds_rc;
    if (opt.gen.from && (seeds_rc = cli_read_seeds(opt.gen.from, &seeds, &nseeds)) != SDK_EXIT_OK && !nseeds)
        return seeds_rc;
    int hard = opt.gen.hard || opt.gen.from, human;
    if (hard && (opt.gen.from || opt.gen.pattern) && opt.gen.objective && strcmp(opt.gen.objective, "er") != 0) {
        fprintf(stderr, "sudoku generate: --from and --pattern --hard search on the er objective only\n");
        free(seeds);
        return SDK_EXIT_USAGE;
    }
    if (opt.gen.immigrants && (opt.gen.from || opt.gen.pattern || opt.gen.neighbour_share > 0 || !b ||
                               !sdk_board_is_plain9(b) || (opt.gen.objective && strcmp(opt.gen.objective, "er")))) {
        fprintf(stderr, "sudoku generate: --immigrants starts --hard from scratch, on the er objective and the "
                "standard 9x9: not with --from, --pattern, --neighbour-share or another board or objective\n");
        free(seeds);
        return SDK_EXIT_USAGE;
    }
    int plant = opt.gen.plant ? cli_pick_name(opt.gen.plant, plant_names, 2) : SDK_DEFAULT_NB_PLANT;
    if (plant < 0) {
        fprintf(stderr, "sudoku generate: --plant is tridagon or none, not '%s'\n", opt.gen.plant);
        free(seeds);
        return SDK_EXIT_USAGE;
    }
    /* --hard for people on the standard 9x9 searches from random minimal
     * puzzles unless --immigrants 0 (measured far better than the replica
     * exchange: docs/generate-hard.md). */
    int er_objective = !opt.gen.objective || strcmp(opt.gen.objective, "er") == 0;
    if (hard && er_objective && b && sdk_board_is_plain9(b) && !opt.gen.from && !opt.gen.pattern &&
        opt.gen.neighbour_share <= 0 && !cli_option_given(&opt, "--immigrants"))
        opt.gen.immigrants = SDK_DEFAULT_NB_IMMIGRANTS;
    /* --hard from scratch, then from its best (neighbour.c): the er objective only */
    int scratch = (opt.gen.neighbour_share > 0 || opt.gen.immigrants > 0) && er_objective;
    /* The neighbourhood search (neighbour.c) runs, or the replica exchange (remc.c) */
    int search = hard && b && sdk_board_is_plain9(b) && (nseeds || opt.gen.pattern || scratch);
    if (search && opt.gen.neighbour_share <= 0) {
        static const char *const remc_only[] = {"--replicas", "--beta-min", "--target-accept", "--orient-every",
                                                "--attempt-steps", "--attempt-seconds", "--relocations",
                                                "--objective-samples", "--trace"};
        for (size_t i = 0; i < sizeof remc_only / sizeof *remc_only; i++)
            if (cli_option_given(&opt, remc_only[i])) {
                fprintf(stderr, "sudoku generate: %s is the replica exchange's; this run is the neighbourhood "
                        "search (docs/generate-hard.md): add --immigrants 0 for the replica exchange\n",
                        remc_only[i]);
                free(seeds);
                return SDK_EXIT_USAGE;
            }
    }
    if (cli_option_given(&opt, "--plant") && !(search && scratch && opt.gen.immigrants > 0)) {
        fprintf(stderr, "sudoku generate: --plant is for the pools of --hard from scratch (--immigrants, "
                "9x9, er objective)\n");
        free(seeds);
        return SDK_EXIT_USAGE;
    }
    if (opt.gen.known && !search) {
        fprintf(stderr, "sudoku generate: --known is for the neighbourhood search of --hard (9x9, er objective: "
                "--from, --pattern --hard, from scratch unless --immigrants 0)\n");
        free(seeds);
        return SDK_EXIT_USAGE;
    }
    sdk_human_band band;
    rc = cli_human_band(&opt, b, size, &band, &human);
    if (rc >= 0)
        return rc;
    /* --hard is for people by default (issue 13): U on Sudoku Explainer's ER;
     * --objective width is Watanabe's chain exactly. */
    const char *objective = opt.gen.objective ? opt.gen.objective : hard ? "er" : NULL;
    if (hard && objective && strcmp(objective, "er") == 0) {
        /* Orientations leave the rating alone, and relocations each cost a
         * rating when unique (measured: fewer is faster). */
        g.orient_every = 0;
        g.relocations = 50;
        human = 1;
    }
    if (hard && objective && strcmp(objective, "average-width") == 0) {
        /* Measured (docs/generate-hard.md): the width stage climbs as well
         * from depth 5 as from 9, which costs most of a short run; a chain
         * climbs within a CPU-minute and then stays, so 90-s attempts. */
        g.depth_goal = 5;
        g.attempt_seconds = 90;
    }
    int least = sdk_generate_min_clues(b, size);
    if (opt.gen.clues && opt.gen.clues < least && !killer) {
        fprintf(stderr, "sudoku generate: --clues %d: no %dx%d puzzle with fewer than %d clues has one solution "
                "(docs/generate.md)\n", opt.gen.clues, size, size, least);
        return SDK_EXIT_USAGE;
    }
    int difficulty = cli_option_given(&opt, "--difficulty") ? opt.gen.difficulty : 5;
    /* 35 - difficulty clues on 9x9; the same fraction of the cells elsewhere. */
    /* Rare human bands start from 24 clues (measured: ER >= 8 four times as
     * often as from 30; docs/generate-human.md). */
    if (human && band.er_min >= 7.95 && !cli_option_given(&opt, "--difficulty"))
        difficulty = 11;
    g.target_clues = opt.gen.clues ? opt.gen.clues : (35 - difficulty) * ncells / 81;
    /* From 15x15 the removal chain stalls above that fraction: no fewer
     * than it reaches within about a second (measured: 35% of the cells on
     * 15x15, 36% on 16x16, 40% on 20x20, 44% on 25x25; docs/solver.md). */
    int floor_pct = 35 * 10 + (size - 15) * 9;          /* tenths of a percent */
    if (!opt.gen.clues && size >= 15 && g.target_clues < ncells * floor_pct / 1000)
        g.target_clues = ncells * floor_pct / 1000;
    if (opt.gen.replicas)
        g.replicas = opt.gen.replicas;
    if (opt.gen.beta_min > 0)
        g.beta_min = opt.gen.beta_min;
    if (opt.gen.target_accept > 0)
        g.target_accept = opt.gen.target_accept;
    if (g.beta_max < g.beta_min)
        g.beta_max = g.beta_min;
    g.max_steps = opt.gen.steps;
    if (cli_option_given(&opt, "--attempt-steps"))
        g.attempt_steps = opt.gen.attempt_steps;
    if (cli_option_given(&opt, "--orient-every"))
        g.orient_every = opt.gen.orient_every;
    if (cli_option_given(&opt, "--relocations"))
        g.relocations = opt.gen.relocations;
    if (cli_option_given(&opt, "--attempt-seconds"))
        g.attempt_seconds = opt.gen.attempt_seconds;
    if (objective && (g.objective = sdk_remc_objective_find(objective)) < 0) {
        fprintf(stderr, "sudoku generate: --objective: '%s' is not", objective);
        const char *name;
        for (int i = 0; (name = sdk_remc_objective_name(i, NULL)); i++)
            fprintf(stderr, "%s %s", i ? "," : "", name);
        fprintf(stderr, "\n");
        return SDK_EXIT_USAGE;
    }
    if (opt.gen.objective_samples)
        g.objective_samples = opt.gen.objective_samples;

    /* No --seed: a fresh one, reported so the run can be repeated. */
    uint64_t seed = cli_option_given(&opt, "--seed") ? opt.params.seed
                                                     : sdk_rng_derive((uint64_t)time(NULL), (uint64_t)getpid());
    FILE *trace = NULL;
    if (opt.params.trace_path && !hard)
        fprintf(stderr, "sudoku generate: warning: --trace applies to --hard only; ignored\n");
    if (opt.params.trace_path && hard) {
        trace = fopen(opt.params.trace_path, "w");
        if (!trace) {
            fprintf(stderr, "sudoku generate: cannot write %s: %s\n", opt.params.trace_path, strerror(errno));
            return SDK_EXIT_IO;
        }
        fprintf(trace, "puzzle,iteration,energy,temperature\n");
    }
    /* --known: the minlex forms the search never prints (hardsearch.c) */
    sdk_canon_set *known = NULL;
    long nknown = 0;
    int known_rc = opt.gen.known ? cli_read_known(opt.gen.known, &known, &nknown) : SDK_EXIT_OK;
    if (known_rc != SDK_EXIT_OK && !nknown) {
        sdk_canon_set_free(known);
        free(seeds);
        if (trace)
            fclose(trace);
        return known_rc;
    }
    gen_output o = {&opt, b, size, flags, opt.format == FMT_AUTO ? FMT_LINE : opt.format, seed,
                    search ? "neighbour" : hard ? "remc" : opt.gen.pattern ? "pattern"
                    : human ? "human" : killer ? "killer" : "metropolis", sdk_now(), !opt.quiet && isatty(STDERR_FILENO),
                    human && !hard ? &band : NULL, human,
                    g.objective ? sdk_remc_objective_name(g.objective, NULL) : NULL, trace,
                    opt.gen.pattern ? mask : NULL, known, plant};
    if (!opt.quiet)
        fprintf(stderr, "sudoku generate: method %s, seed %llu\n", o.method, (unsigned long long)seed);

    double limit = opt.params.time_limit;
    if (hard && !cli_option_given(&opt, "--time-limit") && !opt.gen.steps)
        limit = 60;
    interrupted = cli_interrupt_watch();
    sdk_budget budget = sdk_budget_start(limit, interrupted);

    static char outbuf[1 << 16];
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    if (o.format == FMT_CSV) {
        printf("index,puzzle,clues,method,seed,depth,normal_width,average_width,average_width_error");
        if (human)
            cli_human_header(stdout);
        printf("\n");
    }
    int count = opt.gen.count > 0 ? opt.gen.count : 1;
    /* Without --time-limit a puzzle gets SDK_DEFAULT_GIVE_UP_SECONDS: a band or a
     * clue count that is merely unlikely ends with a note (--hard has its own 60 s). */
    double give_up = cli_option_given(&opt, "--time-limit") ? 0 : SDK_DEFAULT_GIVE_UP_SECONDS;
    if (search)
        rc = run_neighbour(&o, &g, (const uint8_t (*)[81])seeds, nseeds, count, &budget);
    else
        rc = hard ? run_remc(&o, &g, count, &budget) : run_metropolis(&o, &g, count, &budget, give_up, killer ? &kg : NULL);
    rc = cli_worse(cli_worse(rc, seeds_rc), known_rc);
    free(seeds);
    sdk_canon_set_free(known);
    if (trace && fclose(trace) != 0) {
        fprintf(stderr, "sudoku generate: error writing %s\n", opt.params.trace_path);
        rc = cli_worse(rc, SDK_EXIT_IO);
    }
    if (o.progress && !hard)
        fprintf(stderr, "\r\033[K");
    cli_interrupt_release();
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "sudoku generate: error writing output\n");
        rc = cli_worse(rc, SDK_EXIT_IO);
    }
    return *interrupted ? SDK_EXIT_SIGINT : rc;
}

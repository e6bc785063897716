/*
 * sudoku.h -- the one public header of libsudoku.
 *
 * A puzzle is a *board* (which cells exist and which houses they belong to)
 * plus *cells* (0 = blank, 1..n = a digit).  Everything else is a method over
 * that: the exact solver searches it, the stochastic solvers walk chains of
 * full assignments scored by the energy core, the generator walks chains of
 * clue sets.  The command-line program (src/cli) only parses text and
 * options and calls what is declared here.
 *
 * Prefixes: sdk_board_*, sdk_rng_*, sdk_reader_* / sdk_format_*, sdk_exact_*,
 * sdk_method_*, sdk_energy_*, sdk_rate_*, sdk_generate_*.
 */
#ifndef SUDOKU_H
#define SUDOKU_H

#include <stdint.h>
#include <stdio.h>

#define SDK_VERSION "0.1.0"

#define SDK_MAX_N      25            /* largest side: 25x25 (5x5 boxes) */
#define SDK_MAX_CELLS  (SDK_MAX_N * SDK_MAX_N)

/* Exit codes of the program, also used as result codes by the library. */
enum {
    SDK_EXIT_OK      = 0,    /* every puzzle solved (check: every puzzle unique) */
    SDK_EXIT_UNSOLVED = 1,   /* some puzzle unsolvable, not unique, or out of budget */
    SDK_EXIT_USAGE   = 2,    /* bad command line */
    SDK_EXIT_INVALID = 3,    /* some input record was malformed */
    SDK_EXIT_IO      = 4,    /* a file could not be read or output could not be written */
    SDK_EXIT_SIGINT  = 130   /* interrupted */
};

/* ------------------------------------------------------------------------ */
/* Board geometry (src/board.c)                                             */
/* ------------------------------------------------------------------------ */

/*
 * A board is data built once: every house is a list of n cells, every cell
 * knows its houses and its peers (cells sharing a house, each listed once).
 * Solvers and the energy core read only these lists, so a variant board
 * (diagonals, jigsaw regions, overlapping grids) is a different table, not
 * different solver code.
 */
typedef enum { SDK_HOUSE_ROW, SDK_HOUSE_COL, SDK_HOUSE_BOX, SDK_HOUSE_EXTRA } sdk_house_kind;

typedef struct sdk_board {
    int box_rows, box_cols;  /* box shape; n = box_rows * box_cols */
    int n;                   /* digits 1..n, house size */
    int ncells;              /* n*n for standard boards */
    int nhouses;
    uint16_t *house_cells;   /* nhouses * n cell indices */
    uint8_t  *house_kind;    /* nhouses entries of sdk_house_kind */
    int *cell_house_start;   /* ncells+1 offsets into cell_houses */
    uint16_t *cell_houses;
    int *peer_start;         /* ncells+1 offsets into peers */
    uint16_t *peers;
    uint16_t *cell_row, *cell_col, *cell_box;   /* the standard house of each kind */
    /* Where each cell is drawn: row cell_y, column cell_x of a height x width
     * layout (the grid itself on a standard board; a variant such as Samurai
     * has cells in a larger layout with holes).  Writers and pictures read
     * these; solvers never do. */
    int height, width;
    uint16_t *cell_y, *cell_x;
} sdk_board;

/* A standard n x n board with box_rows x box_cols boxes; NULL if the shape is
 * unsupported (n must be 2..25).  Free with sdk_board_free. */
sdk_board *sdk_board_new(int box_rows, int box_cols);
void sdk_board_free(sdk_board *b);
/* Default box shape for a side n (4->2x2, 6->2x3, 9->3x3, 12->3x4,
 * 16->4x4, 25->5x5).  Returns 0 if n is not a supported side. */
int sdk_board_default_shape(int n, int *box_rows, int *box_cols);
/* 1 if cells (ncells entries, 0 = blank) have no two equal digits in a house
 * and every digit is in 0..n; otherwise 0 and, if conflict_cell is not NULL,
 * the index of a cell in conflict (or out of range). */
int sdk_board_givens_consistent(const sdk_board *b, const uint8_t *cells, int *conflict_cell);
/* 1 if cells is a complete grid with every house holding 1..n once. */
int sdk_board_is_solution(const sdk_board *b, const uint8_t *cells);
/* 1 if solution is a valid complete grid that agrees with every clue of puzzle. */
int sdk_board_solves(const sdk_board *b, const uint8_t *puzzle, const uint8_t *solution);

/* ------------------------------------------------------------------------ */
/* Random numbers (src/rng.c): our MT19937                                  */
/* ------------------------------------------------------------------------ */

typedef struct sdk_rng {
    uint32_t mt[624];               /* the state */
    uint32_t out[624];              /* the state's outputs, tempered (sdk_rng_twist) */
    int index;                      /* the next output */
} sdk_rng;

void     sdk_rng_seed(sdk_rng *r, uint32_t seed);
/* Regenerates the 624 words of state and their outputs (rng.c);
 * sdk_rng_u32 calls it. */
void     sdk_rng_twist(sdk_rng *r);
/* The next 32-bit output.  Inline because the stochastic solvers draw two
 * or three per proposal, tens of millions a second. */
static inline uint32_t sdk_rng_u32(sdk_rng *r)
{
    if (r->index >= 624)
        sdk_rng_twist(r);
    return r->out[r->index++];
}
/* Uniform integer in [0, bound), unbiased (rejection). bound >= 1. */
uint32_t sdk_rng_below(sdk_rng *r, uint32_t bound);
/* Uniform double in [0, 1) with 53 random bits. */
double   sdk_rng_double(sdk_rng *r);
/* Independent per-item seed derived from a run seed and an item index, so
 * the order of a batch never changes one item's random stream. */
uint32_t sdk_rng_derive(uint64_t run_seed, uint64_t index);
/* Fisher-Yates shuffle of n bytes. */
void     sdk_rng_shuffle_u8(sdk_rng *r, uint8_t *a, int n);

/* ------------------------------------------------------------------------ */
/* Reading and writing puzzles (src/reader.c, src/format.c)                 */
/* ------------------------------------------------------------------------ */

typedef enum { SDK_LAYOUT_LINE, SDK_LAYOUT_GRID } sdk_layout;

/* One input record: a puzzle or, if !ok, the reason it is malformed. */
typedef struct sdk_record {
    int ok;                       /* 1: cells/board valid; 0: see error */
    long line;                    /* input line where the record starts (1-based) */
    sdk_layout layout;            /* how it was written */
    const sdk_board *board;       /* shared, owned by the reader; NULL if !ok */
    uint8_t cells[SDK_MAX_CELLS]; /* 0 = blank */
    char error[160];              /* "what is wrong", without file and line */
} sdk_record;

typedef struct sdk_reader sdk_reader;

/* Options that shape how text is read.  box_rows/box_cols = 0: detect. */
typedef struct sdk_read_options {
    int box_rows, box_cols;
    /* Called (if set) just before the reader waits for input that has not
     * arrived yet: a streaming caller flushes its output here, so a consumer
     * sees every answer before the producer sends more. */
    void (*before_wait)(void *ctx);
    void *before_wait_ctx;
} sdk_read_options;

/* A reader over an open stream (not closed by the reader).  name is used in
 * messages only ("-" for stdin). */
sdk_reader *sdk_reader_new(FILE *in, const char *name, const sdk_read_options *opt);
void sdk_reader_free(sdk_reader *r);
/* Next record: 1 if one was read (check rec->ok), 0 at end of input,
 * -1 on a read error (errno is set).  Records come in input order; a
 * malformed record never stops the reader. */
int sdk_reader_next(sdk_reader *r, sdk_record *rec);
/* The board cache shared by all readers: one board per shape. */
const sdk_board *sdk_board_cached(int box_rows, int box_cols);

/* The character for a digit: 1..9, then A=10, B=11, ...; '.' for 0. */
char sdk_digit_char(int v);
/* Writes cells as one line of ncells characters (no newline); buf must hold
 * ncells+1 bytes.  Returns buf. */
char *sdk_format_line(const sdk_board *b, const uint8_t *cells, char *buf);
/* Writes cells as a grid of n lines, box columns separated by two spaces,
 * followed by one blank line. */
void sdk_format_grid(FILE *out, const sdk_board *b, const uint8_t *cells);

/* ------------------------------------------------------------------------ */
/* Solver statistics and budgets                                            */
/* ------------------------------------------------------------------------ */

typedef struct sdk_stats {
    uint64_t nodes;        /* exact: search nodes; stochastic: iterations (proposals) */
    uint64_t guesses;      /* exact: branch choices tried beyond propagation */
    uint64_t accepted;     /* stochastic: accepted proposals */
    double   final_energy; /* stochastic: energy at the end of the run */
    double   best_energy;  /* stochastic: lowest energy seen */
    uint32_t seed;         /* the seed this puzzle ran with */
    uint32_t restarts;     /* stochastic: restarts used */
    uint64_t probes;       /* stochastic with --propagate: probes tried */
    int      solved_by_probe; /* 1 if a probe, not the chain, found the answer */
    double   seconds;      /* wall time; filled in by the caller that timed it */
} sdk_stats;

/* Result of solving or counting. */
typedef enum {
    SDK_SOLVED = 0,      /* a solution was found */
    SDK_UNSOLVABLE,      /* proven: no solution */
    SDK_TIMEOUT,         /* budget ran out before an answer */
    SDK_INTERRUPTED      /* SIGINT */
} sdk_status;

/* A deadline shared by the long-running loops: check it every few thousand
 * steps with sdk_budget_expired.  deadline = 0 means none. */
typedef struct sdk_budget {
    double deadline;              /* absolute sdk_now() seconds, or 0 */
    uint64_t max_iters;           /* 0 = none */
    volatile int *interrupt;      /* set to nonzero by a signal handler; may be NULL */
} sdk_budget;

double sdk_now(void);             /* monotonic seconds */
int    sdk_budget_expired(const sdk_budget *b);

/* ------------------------------------------------------------------------ */
/* Exact solver (src/exact.c; a fast 9x9 kernel in src/exact9.c)            */
/* ------------------------------------------------------------------------ */

/*
 * Counts solutions of puzzle up to limit (0 = no limit), with propagation
 * (naked and hidden singles) and branching on a cell with fewest candidates.
 * The first solution found goes to solution (may be NULL).  Returns the
 * count found; *status says whether the search finished (SDK_SOLVED when
 * count > 0 or the search was exhausted; SDK_UNSOLVABLE when count == 0 and
 * exhausted; SDK_TIMEOUT / SDK_INTERRUPTED when the budget stopped it).
 * budget may be NULL.  Picks the 9x9 kernel automatically when it applies.
 */
uint64_t sdk_exact_count(const sdk_board *b, const uint8_t *puzzle, uint64_t limit,
                         uint8_t *solution, sdk_stats *st, const sdk_budget *budget,
                         sdk_status *status);
/* The general solver only (any board); same contract.  Used by tests to
 * cross-check the 9x9 kernel. */
uint64_t sdk_exact_count_general(const sdk_board *b, const uint8_t *puzzle, uint64_t limit,
                                 uint8_t *solution, sdk_stats *st, const sdk_budget *budget,
                                 sdk_status *status);
/* The 9x9 kernel (src/exact9.c), standard 3x3 boxes only: same meaning of
 * limit and return value; no budget (9x9 searches are short).  Returns
 * UINT64_MAX if it does not apply (givens inconsistent are fine: count 0). */
uint64_t sdk_exact9_count(const uint8_t puzzle[81], uint64_t limit, uint8_t solution[81],
                          sdk_stats *st);
/* A candidate ruled out: cell (0..80, row-major) may not hold digit (1..9). */
typedef struct sdk_cand {
    uint8_t cell, digit;
} sdk_cand;
/* sdk_exact9_count over the solutions of puzzle that avoid every forbidden
 * candidate (forbidding a given's own digit leaves none).  Asks "is there
 * a solution other than G" cheaply: see the generator's uniqueness test.
 * prefer (a complete grid, or NULL) makes it a search for solutions near
 * that grid: its digits' placements are tried first (at a small limit the
 * solutions found are near it, and found sooner), and the line rules, which
 * pay in long searches of hard puzzles, are left out.  The count is the
 * same either way. */
uint64_t sdk_exact9_count_forbidding(const uint8_t puzzle[81], const sdk_cand *forbid, int nforbid,
                                     uint64_t limit, uint8_t solution[81], const uint8_t prefer[81],
                                     sdk_stats *st);
/* Does puzzle have a solution that differs from grid (a complete grid) in
 * one of cells[0..k) (indices 0..80)?  1 yes (that solution goes to other),
 * 0 no, -1 if the kernel does not apply.  The same as asking
 * sdk_exact9_count_forbidding, with prefer = grid at limit 1, for
 * i = 0..k-1: cell i without its grid digit, cells 0..i-1 with theirs; one
 * start state serves all of them.  With grid the solution of puzzle plus
 * those cells, this is the generator's question: does removing them leave
 * a second solution? */
int sdk_exact9_differs(const uint8_t puzzle[81], const uint8_t grid[81], const uint8_t *cells, int k,
                       uint8_t other[81], sdk_stats *st);

/* ------------------------------------------------------------------------ */
/* Methods: the table of solvers (src/methods.c)                           */
/* ------------------------------------------------------------------------ */

/* Every tunable of every method lives here; each method reads the fields it
 * uses.  sdk_params_defaults fills the defaults of the sources. */
typedef struct sdk_params {
    uint64_t seed;            /* run seed; each puzzle derives its own */
    uint64_t max_iters;       /* 0 = method default / none */
    double   time_limit;      /* seconds per puzzle, 0 = none */
    int      restarts;        /* -1 = method default */
    int      propagate;       /* fill forced cells before a chain starts */
    long     probe_every;     /* --propagate: proposals per probe; -1 = method default, 0 = none */
    double   T;               /* temperature; <0 = method default */
    double   lambda;          /* sort-penalty weight */
    double   clue_weight;     /* conflict-pair weight of a pair touching a clue */
    double   alpha;           /* annealing cooling factor per chain */
    long     chain;           /* annealing chain length; 0 = (free cells)^2 */
    int      reheat;          /* annealing: chains without improvement before reheat */
    int      population;      /* evolve */
    int      epochs;          /* evolve */
    const char *trace_path;   /* CSV trace (puzzle, iteration, energy, temperature), or NULL */
    FILE    *trace;           /* if set, the open trace every puzzle's rows go to (the CLI
                                 opens trace_path once and writes the header) */
    uint64_t trace_puzzle;    /* the trace's puzzle column: the record number */
    volatile int *interrupt;  /* SIGINT flag, may be NULL */
} sdk_params;

void sdk_params_defaults(sdk_params *p);

/* Solves one puzzle.  On SDK_SOLVED, solution holds a grid that the exact
 * checker has verified (the method table wrapper checks it). */
typedef sdk_status (*sdk_method_fn)(const sdk_board *b, const uint8_t *puzzle,
                                    const sdk_params *p, uint32_t seed,
                                    uint8_t *solution, sdk_stats *st);

typedef struct sdk_method {
    const char *name;
    sdk_method_fn run;
    const char *summary;      /* one line for --help */
    const char *source;       /* which document it reproduces */
    int stochastic;           /* 1: a chain (acceptance, energies mean something) */
} sdk_method;

const sdk_method *sdk_method_find(const char *name);   /* NULL if unknown */
const sdk_method *sdk_method_list(int *count);
/* Runs method m on puzzle, then verifies any claimed solution with the exact
 * checker; a wrong claim becomes SDK_TIMEOUT (and is counted as a bug in
 * tests).  st->seconds is filled in. */
sdk_status sdk_method_solve(const sdk_method *m, const sdk_board *b, const uint8_t *puzzle,
                            const sdk_params *p, uint32_t seed, uint8_t *solution,
                            sdk_stats *st);

/* ------------------------------------------------------------------------ */
/* Search-tree difficulty (src/rate.c): Watanabe's depth and widths (004)   */
/* ------------------------------------------------------------------------ */

/*
 * The search that defines the ratings uses only "pencil marks" (naked
 * singles: scan the cells in row-major order, place every cell with one
 * candidate, repeat until a pass places nothing) and branching on a cell
 * with the fewest candidates.
 *   depth          the fewest branchings on a path to the solution, over
 *                  every choice of branching cell (each set to its solution
 *                  value);
 *   normal width   the node count of the full search tree (which also proves
 *                  uniqueness) when ties are broken top-left (row-major);
 *   average width  the mean node count over `samples` trees with uniformly
 *                  random tie-breaks, +- its standard error.
 * A node whose propagation completes the grid or leaves a cell with no
 * candidate has width 1; any other node 1 + the widths of its children.
 */
typedef struct sdk_rating {
    int clues;
    int depth;                 /* -1: not computed or over max_depth */
    uint64_t normal_width;     /* 0: not computed */
    double avg_width;          /* 0 when samples == 0 */
    double avg_width_err;      /* standard error: sqrt(population variance / samples) */
    int samples;
    uint64_t solutions;        /* solved leaves of the normal-width tree */
} sdk_rating;

/* Width of the search tree of puzzle.  tiebreak NULL: top-left (the normal
 * width); otherwise ties are broken uniformly at random from it.  If
 * solutions is not NULL it receives the number of solved leaves.  Returns 0
 * if the budget stopped it (budget may be NULL).  On 9x9 the normal-width
 * walks of a thread share a table of subtree widths (about 5 MB, made on
 * first use, freed when the thread ends). */
uint64_t sdk_rate_width(const sdk_board *b, const uint8_t *puzzle, sdk_rng *tiebreak,
                        uint64_t *solutions, const sdk_budget *budget);
/* The general walk only (any board; sdk_rate_width has a 9x9 fast path);
 * same contract.  Used by tests to cross-check the two. */
uint64_t sdk_rate_width_general(const sdk_board *b, const uint8_t *puzzle, sdk_rng *tiebreak,
                                uint64_t *solutions, const sdk_budget *budget);
/* Depth of puzzle given its (unique) solution; -1 if it exceeds max_depth
 * (max_depth < 0: no cap) or the budget stopped it. */
int sdk_rate_depth(const sdk_board *b, const uint8_t *puzzle, const uint8_t *solution,
                   int max_depth, const sdk_budget *budget);
/* All the ratings of a puzzle that has exactly one solution: clues, depth,
 * normal width, and the average width over `samples` random tie-break runs
 * seeded from seed.  Returns SDK_SOLVED, SDK_UNSOLVABLE (no solution or more
 * than one: see out->solutions), SDK_TIMEOUT or SDK_INTERRUPTED. */
sdk_status sdk_rate(const sdk_board *b, const uint8_t *puzzle, int samples, uint32_t seed,
                    sdk_rating *out, const sdk_budget *budget);

/* ------------------------------------------------------------------------ */
/* Energy core (src/energy.c; the hot ΔE and commit functions are inline in */
/* src/energy.h).  Every stochastic method scores states only through it.    */
/* ------------------------------------------------------------------------ */

/*
 * A state is a full assignment: every cell holds a digit 1..n, clues keep
 * their value.  Three energies, each 0 exactly on a solution (the last two
 * once every box holds a permutation):
 *   conflict  (000) pairs of distinct cells that share a house and hold the
 *             same digit, each pair once; a pair touching a clue weighs
 *             clue_weight, any other pair 1;
 *   missing   (001, 003) over rows and columns, the digits a house lacks;
 *   sort      (002) over rows and columns, sum_j |sort(house)_j - j|.
 * The tracker keeps per-house digit counts (and, for the conflict energy,
 * per cell and digit the weighted number of peers holding that digit) up to
 * date as moves are committed, so a ΔE reads only the cells and houses a
 * move touches.
 */
enum { SDK_ENERGY_CONFLICT = 1, SDK_ENERGY_MISSING = 2, SDK_ENERGY_SORT = 4, SDK_ENERGY_ALL = 7 };

typedef struct sdk_energy {
    const sdk_board *board;
    int n, stride;                /* stride = n + 1: one count slot per digit 0..n */
    unsigned kinds;               /* SDK_ENERGY_* tracked */
    int clue_weight;
    uint8_t cells[SDK_MAX_CELLS]; /* the current state */
    uint8_t fixed[SDK_MAX_CELLS]; /* 1: a clue, never moved */
    uint16_t *house_count;        /* nhouses * stride: copies of each digit per house */
    int32_t *peer_weight;         /* ncells * stride: weighted peers holding each digit
                                     (conflict only; NULL otherwise) */
    long conflict, missing, sort; /* current values of the tracked energies */
} sdk_energy;

/* Starts tracking state (a full assignment agreeing with the clues of
 * puzzle) for the energies in kinds.  Returns 1, or 0 if out of memory. */
int  sdk_energy_init(sdk_energy *e, const sdk_board *b, const uint8_t *puzzle,
                     const uint8_t *state, unsigned kinds, int clue_weight);
void sdk_energy_free(sdk_energy *e);
/* Re-reads a whole new state into an initialised tracker (same puzzle). */
void sdk_energy_reset(sdk_energy *e, const uint8_t *state);

/* Full recomputes from the definitions (tests, `sudoku energy`). */
long sdk_energy_conflict_full(const sdk_board *b, const uint8_t *puzzle, const uint8_t *state,
                              int clue_weight);
long sdk_energy_missing_full(const sdk_board *b, const uint8_t *state);
long sdk_energy_sort_full(const sdk_board *b, const uint8_t *state);

/* Starting states: every free cell a uniform digit (000), or every box's
 * free cells a uniform shuffle of the digits the box lacks (001-003). */
void sdk_energy_fill_random(const sdk_board *b, const uint8_t *puzzle, sdk_rng *r, uint8_t *state);
void sdk_energy_fill_boxes(const sdk_board *b, const uint8_t *puzzle, sdk_rng *r, uint8_t *state);
/* --propagate: copies puzzle to out and fills every cell forced by naked
 * or hidden singles, repeatedly.  Returns 0 if that reaches a contradiction
 * (no solution), else 1. */
int  sdk_energy_fill_singles(const sdk_board *b, const uint8_t *puzzle, uint8_t *out);
/* cand[c]: bit d set iff no peer of blank cell c holds d in puzzle (0 for
 * filled cells). */
void sdk_energy_candidates(const sdk_board *b, const uint8_t *puzzle, uint32_t *cand);
/* --propagate's start: every box's free cells a random assignment of the
 * digits the box lacks in which every cell holds one of its candidates (a
 * random perfect matching).  Returns 0 if a box has none: then the puzzle
 * has no solution, as a solution's boxes are such assignments. */
int  sdk_energy_fill_boxes_candidates(const sdk_board *b, const uint8_t *puzzle, const uint32_t *cand,
                                      sdk_rng *r, uint8_t *state);
/* Acceptance thresholds: thr[k] = exp(-beta*k) scaled to 2^32, k = 0..kmax,
 * so that a move raising the energy by k is accepted iff sdk_rng_u32() < thr[k]. */
void sdk_energy_thresholds(uint32_t *thr, int kmax, double beta);

/* Constraint propagation (src/propagate.c) for --propagate: copies puzzle
 * to out, then fills forced cells and prunes candidates until nothing
 * changes.  SDK_PROPAGATE_SINGLES: naked and hidden singles only;
 * SDK_PROPAGATE_FULL: also, per house, every candidate in no perfect
 * matching of its blank cells onto its missing digits (all naked and hidden
 * subsets), and locked candidates (a digit confined to two houses' overlap
 * leaves the rest of both).  Only forced deductions: every solution agrees
 * with out and holds a candidate in every blank cell.  cand (may be NULL)
 * gets the candidates of out's blank cells (bits 1..n, 0 for filled cells).
 * Returns 0 if a contradiction proves there is no solution, else 1. */
enum { SDK_PROPAGATE_SINGLES = 1, SDK_PROPAGATE_FULL = 2 };
int  sdk_propagate(const sdk_board *b, const uint8_t *puzzle, int level, uint8_t *out, uint32_t *cand);
/* A probe (a randomised construction with no backtracking): from (val,
 * cand) as sdk_propagate left them, the blank cell with the fewest
 * candidates (ties broken uniformly) takes a uniform candidate and the rules
 * of `level` run to their fixpoint, again and again.  Returns 1 when the
 * grid is complete (a solution: every step kept every house consistent),
 * 0 at the first contradiction; val and cand are then the last consistent
 * state, the grid as far as the probe got. */
int  sdk_propagate_probe(const sdk_board *b, uint8_t *val, uint32_t *cand, int level, sdk_rng *r);

/* ------------------------------------------------------------------------ */
/* Puzzle generation (src/grid.c, generate.c, remc.c)                       */
/* ------------------------------------------------------------------------ */

/* Which cells are added or removed together (the orbit of a cell). */
typedef enum { SDK_SYM_NONE, SDK_SYM_ROTATE180, SDK_SYM_ROTATE90, SDK_SYM_MIRROR } sdk_symmetry;

struct sdk_gen_result;

typedef struct sdk_gen_params {
    /* metropolis (000 section 13) */
    int target_clues;          /* stop at this many clues (or the nearest reachable below) */
    sdk_symmetry symmetry;     /* default rotate180, as in the book */
    double grid_T;             /* full-grid chain temperature, 0.2 */
    double clue_T;             /* clue-chain temperature, 0.542 */
    /* remc (004) */
    double J, h;               /* H = -J U + h (clues): 100, 1 */
    double depth_beta;         /* depth stage: plain Metropolis at this beta, 0.05 */
    int depth_goal;            /* depth stage ends at this depth (9: "depth > 8") */
    int replicas;              /* M = 10 */
    double beta_min;           /* the hottest, fixed: 0.01 */
    double beta_max;           /* initial coldest (the set then adapts): 0.1 */
    double target_accept;      /* p-bar = 0.8 */
    int exchange_steps;        /* N_s = 100 steps between temperature adjustments */
    uint64_t max_steps;        /* MC steps per run (depth stage: one trial; width stage: per
                                  replica 10 removal + addition trial pairs); 0 = budget only */
    int runs;                  /* independent REMC runs, one per thread (-j); >= 1 */
    uint64_t attempt_steps;    /* steps per attempt: then a new grid, the run keeping the best
                                  of all; 0 = no step limit on an attempt */
    double attempt_seconds;    /* with a deadline: its time shared out in equal attempts of about
                                  this many seconds (120); 0 = no timed attempts */
    int relocations;           /* width stage: trials per replica and step that move a clue to a
                                  blank cell, with any digit (the grid may change); 0 = none */
    int orient_every;          /* width stage: an orientation trial per replica every this
                                  many steps (row/column/band/stack swaps, transpose); 0 = none */
    int objective;             /* width stage's U: an index of sdk_remc_objective_name (0 = width) */
    int objective_samples;     /* average-width: random tie-break walks a figure (8) */
    /* Called now and then by the first run (may be NULL); best is its best
     * puzzle so far (NULL before it has one). */
    void (*progress)(void *ctx, uint64_t steps, int stage, const struct sdk_gen_result *best);
    void *progress_ctx;
} sdk_gen_params;

void sdk_generate_defaults(sdk_gen_params *g);

/* A random complete grid: the single-site Metropolis chain (method
 * "metropolis", T = grid_T, all pair weights 1) on the empty board for
 * boards up to 9x9; for larger boards (where that chain is slow), or if the
 * chain fails, random independent boxes completed by the exact solver and
 * shuffled by validity-preserving row and column permutations. */
sdk_status sdk_generate_grid(const sdk_board *b, const sdk_gen_params *g, uint32_t seed,
                             uint8_t *grid, const sdk_budget *budget);

/* One puzzle by 000 section 13: a full grid, then Metropolis on the clue set
 * (flip a symmetry orbit; removals only while the solution stays unique,
 * additions accepted with exp(-size/clue_T)) down to target_clues.
 * puzzle has exactly one solution (solution, may be NULL).  SDK_UNSOLVABLE
 * if 50 grids in a row do not reach the target (too few clues for it). */
sdk_status sdk_generate_metropolis(const sdk_board *b, const sdk_gen_params *g, uint32_t seed,
                                   uint8_t *puzzle, uint8_t *solution, const sdk_budget *budget);

/* For tests: when sdk_generate_memo_check is set, every uniqueness answer
 * sdk_generate_metropolis takes from what it has learnt is asked of the
 * solver as well, and each disagreement counted in sdk_generate_memo_errors
 * (the chain must be the one that asks the solver every time). */
extern int sdk_generate_memo_check;
extern unsigned long sdk_generate_memo_errors;

/* A puzzle found by replica exchange, with its energy and figures (all
 * known: a puzzle goes among the best only with them). */
typedef struct sdk_gen_result {
    uint8_t puzzle[SDK_MAX_CELLS];
    int clues;
    int depth;
    uint64_t normal_width;
    double figure;             /* the objective's: the normal width, or the mean sampled width */
    double energy;             /* -J ln(figure) + h clues */
} sdk_gen_result;

/* --hard's objectives, the width stage's U = ln(figure) (src/remc.c): the
 * index-th one's name ("width", "average-width") and a line about it, or
 * NULL past the last; the index of a name, or -1. */
const char *sdk_remc_objective_name(int index, const char **summary);
int sdk_remc_objective_find(const char *name);

/* 004's replica exchange: a depth stage (one chain at depth_beta until
 * depth >= depth_goal), then replica exchange on U = ln(figure) (the
 * objective's: by default the normal width) with
 * adaptive temperatures (Monte Carlo steps and exchanges as in Watanabe's
 * program), until max_steps or the budget.  g->runs independent
 * runs go to as many threads (seeds derived from seed).  Fills best[0..count)
 * with the lowest-energy distinct puzzles seen, best first, only puzzles of
 * depth >= 1 (naked singles do not solve them); returns how many
 * (SIGINT or the deadline end the search normally).  *totals (may be NULL)
 * receives the steps and attempts (grids) of all runs. */
typedef struct sdk_remc_totals {
    uint64_t steps, attempts;
} sdk_remc_totals;
int sdk_generate_remc(const sdk_board *b, const sdk_gen_params *g, uint32_t seed, int count,
                      sdk_gen_result *best, const sdk_budget *budget, sdk_remc_totals *totals);

#endif /* SUDOKU_H */

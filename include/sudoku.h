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
 * sdk_method_*, sdk_energy_*, sdk_rate_*, sdk_generate_*, sdk_human_*, sdk_canon_*,
 * sdk_transform_*; pictures:
 * sdk_svg_*, sdk_sheet_*, sdk_fields_*, sdk_trace_*, sdk_plot_*.
 *
 * Test hooks (second implementations kept to cross-check the fast ones, and
 * switches for the tests) are declared only when SDK_TEST_HOOKS is defined
 * before this header is included (the Makefile defines it for the library,
 * the program and the tests; an installed user of the header does not see
 * them).
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
/* Board geometry (src/board/board.c)                                       */
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
    uint16_t *house_cells;   /* nhouses * n cell indices, then the implied houses' */
    uint8_t  *house_kind;    /* nhouses entries of sdk_house_kind, then the implied houses' */
    /* Implied houses: cells that hold 1..n once in every solution because
     * the houses force it (windoku's five, a jigsaw's leftovers:
     * docs/variants.md), listed after
     * the nhouses.  The exact solvers prune with them; everything else (the
     * energy, the human rating, pictures) reads only the nhouses. */
    int nimplied;
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
    /* Variant boards (src/board/variants.c): the variant's name, for readers and
     * writers only ("x", "windoku", "jigsaw", "jigsaw,x", "samurai"; NULL
     * for a standard board), and for jigsaw each cell's region (0..n-1; NULL
     * otherwise).  Solvers read the house tables, never these. */
    const char *variant;
    uint8_t *region;
    /* A jigsaw whose map was traded around a solution grid keeps that grid
     * (owned; freed with the board): the generator's grids relabel it.
     * NULL otherwise. */
    uint8_t *known_grid;
    /* Killer cages (SDK_VARIANT_KILLER; 0 and NULL on other boards): cage k
     * is the cells cage_cells[cage_start[k] .. cage_start[k+1]), whose digits
     * differ and add up to cage_sum[k]; cell_cage[c] is cell c's cage, or -1.
     * The puzzle's ncages come first, numbered by their first cell in
     * row-major order; nimplied_cages follow: a house's cells left over by
     * the whole cages inside it (innies: in one house, so their digits
     * differ; their sum is what the house's total leaves); then nimplied_sums
     * groups of cells whose sum is known but whose digits may repeat (the
     * innies and outies of bands of rows or columns, the outies of a house).
     * Only the exact solver reads the implied ones, as it alone reads the
     * implied houses. */
    int ncages, nimplied_cages, nimplied_sums;
    int *cage_start;
    uint16_t *cage_cells;
    uint16_t *cage_sum;
    int16_t *cell_cage;
    /* Set when the derived tables are built, unique in the process: caches
     * per board key on it with the address (a freed board's address can come
     * back holding other houses). */
    unsigned long serial;
} sdk_board;

/* A standard n x n board with box_rows x box_cols boxes; NULL if the shape is
 * unsupported (n must be 2..25).  Free with sdk_board_free. */
sdk_board *sdk_board_new(int box_rows, int box_cols);
void sdk_board_free(sdk_board *b);
/* Default box shape for a side n (4->2x2, 6->2x3, 9->3x3, 12->3x4,
 * 16->4x4, 25->5x5).  Returns 0 if n is not a supported side. */
int sdk_board_default_shape(int n, int *box_rows, int *box_cols);
/* 1 if cells (ncells entries, 0 = blank) have no two equal digits in a house
 * and every digit is in 0..n, and on a killer no two in a cage and every
 * cage's blanks can still make up its sum; otherwise 0 and, if conflict_cell
 * is not NULL, the index of a cell in conflict (or out of range). */
int sdk_board_givens_consistent(const sdk_board *b, const uint8_t *cells, int *conflict_cell);
/* 1 if cells is a complete grid with every house holding 1..n once (and
 * every cage its sum, in different digits). */
int sdk_board_is_solution(const sdk_board *b, const uint8_t *cells);
/* 1 if solution is a valid complete grid that agrees with every clue of puzzle. */
int sdk_board_solves(const sdk_board *b, const uint8_t *puzzle, const uint8_t *solution);
/* 1 if b is the standard 9x9 board (3x3 boxes, no variant): the boards the
 * 9x9 kernels (exact9.c, rate.c's walk, cluememo.c) are written for. */
int sdk_board_is_plain9(const sdk_board *b);

/* ------------------------------------------------------------------------ */
/* Variant boards (src/board/variants.c)                                    */
/* ------------------------------------------------------------------------ */

/* Variant flags; X and windoku combine with jigsaw, samurai with nothing. */
enum {
    SDK_VARIANT_X = 1,        /* both main diagonals are houses (any square board) */
    SDK_VARIANT_WINDOKU = 2,  /* 9x9 plus four 3x3 windows (rows/columns 2-4, 6-8) */
    SDK_VARIANT_JIGSAW = 4,   /* irregular connected regions of n cells in place of boxes */
    SDK_VARIANT_SAMURAI = 8,  /* five 9x9 grids, the centre one sharing a corner box with each */
    SDK_VARIANT_KILLER = 16   /* cages: cells whose digits differ and add up to a given sum */
};
/* A killer's cages as a map (the builders' input): cage[c] is cell c's
 * cage 0..ncages-1, or -1 for a cell in none; sum[k] is cage k's sum.
 * Any numbering: the board numbers its cages by their first cells. */
typedef struct sdk_killer {
    int ncages;
    int16_t cage[SDK_MAX_CELLS];
    uint16_t sum[SDK_MAX_CELLS];
} sdk_killer;
/* Parses "x", "diagonal", "windoku", "hyper", "jigsaw", "killer",
 * "samurai", "standard" (0) and comma-joined combinations ("jigsaw,x",
 * "jigsaw,killer"), in any case ("X", "Jigsaw,X").  Returns 1 and *flags, or
 * 0 if the name or combination is not known. */
int sdk_variant_parse(const char *name, unsigned *flags);
/* Checks a region map (ncells = n*n labels 0..n-1) for a jigsaw of side n:
 * n regions of n cells each, each connected.  Returns 1, or 0 with what is
 * wrong in err. */
int sdk_variant_check_regions(int n, const uint8_t *region, char *err, size_t errsize);
/* Checks a killer's cages for a board of side n: every cage of 1..n
 * connected cells (orthogonal neighbours) with a sum that k different
 * digits 1..n can make (k(k+1)/2 .. k(2n-k+1)/2).  names (or NULL) gives
 * each cell's label as written, for messages.  Returns 1, or 0 with what
 * is wrong in err. */
int sdk_killer_check(int n, const sdk_killer *k, const char *names, char *err, size_t errsize);
/* A killer board (free with sdk_board_free): the board of flags (any but
 * samurai; SDK_VARIANT_KILLER is implied) with the cages of k, which must
 * pass sdk_killer_check.  NULL with the reason in err. */
sdk_board *sdk_variant_board_killer(unsigned flags, int n, int box_rows, int box_cols, const uint8_t *region,
                                    const sdk_killer *k, char *err, size_t errsize);
/* The same from the cache (see sdk_variant_cached), keyed by the cages too:
 * give it back with sdk_variant_release. */
const sdk_board *sdk_variant_cached_killer(unsigned flags, int n, int box_rows, int box_cols, const uint8_t *region,
                                           const sdk_killer *k, char *err, size_t errsize);
/* A board's cages as a map (numbered as the board numbers them). */
void sdk_killer_of(const sdk_board *b, sdk_killer *k);
/* Each cage's label for the line format (labels, ncells chars and a NUL;
 * '.' for a cell in no cage): a greedy colouring in [a-zA-Z0-9], cages
 * in order of their first cells, so that cages that touch differ. */
void sdk_killer_labels(const sdk_board *b, char *labels);
/* A new variant board (free with sdk_board_free): side n (samurai: 9;
 * windoku: 9), region the jigsaw map (NULL unless SDK_VARIANT_JIGSAW).
 * NULL with the reason in err if the combination or the map is not valid. */
sdk_board *sdk_variant_board(unsigned flags, int n, const uint8_t *region, char *err, size_t errsize);
/* The same with boxes of box_rows x box_cols (their product n; 0, 0: the
 * default shape, sdk_board_default_shape).  A jigsaw's regions replace them. */
sdk_board *sdk_variant_board_boxed(unsigned flags, int n, int box_rows, int box_cols, const uint8_t *region,
                                   char *err, size_t errsize);
/* These boards from a cache shared by all threads (one per variant, box
 * shape and region map), records' boards included.  Each call (and each
 * record a reader returns with such a board) holds a reference: give it
 * back with sdk_variant_release when done, so that jigsaw boards of a long
 * batch can be freed; a board not given back lives until the program ends. */
const sdk_board *sdk_variant_cached(unsigned flags, int n, const uint8_t *region, char *err, size_t errsize);
const sdk_board *sdk_variant_cached_boxed(unsigned flags, int n, int box_rows, int box_cols, const uint8_t *region,
                                          char *err, size_t errsize);
/* Gives back a reference to a cached board (any board: a no-op on the
 * others).  The board may be freed: do not use it afterwards. */
void sdk_variant_release(const sdk_board *b);
#ifdef SDK_TEST_HOOKS
long sdk_variant_cached_jigsaws(void);   /* jigsaw boards in the cache now */
#endif
/* The flags of a board (0 for a standard board). */
unsigned sdk_variant_flags(const sdk_board *b);
/* A random jigsaw map of side n: n connected regions of n cells, from the
 * boxes by random trades of cells between neighbouring regions.  With grid
 * (a solution of the boxes' board, or NULL), only cells holding the same
 * digit trade, and grid changes with the map (two digits swapped on cells
 * that keep every row, column and region, and both diagonals if it fills
 * them): grid stays a solution, so the jigsaw has one (a random map may
 * have none, and proving that can take the solver long). */
struct sdk_rng;
void sdk_variant_random_regions(int n, uint8_t *grid, struct sdk_rng *r, uint8_t *region);

/* ------------------------------------------------------------------------ */
/* Random numbers (src/board/rng.c): our MT19937                            */
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
/* A run seed of up to 64 bits as one 32-bit MT seed: itself when it fits
 * (so every seed below 2^32 keeps its stream), else a hash of all 64 bits. */
uint32_t sdk_rng_seed32(uint64_t run_seed);
/* A per-puzzle seed from a run seed and the puzzle's own cells (not its
 * place in a batch): the same puzzle gets the same stream anywhere. */
uint32_t sdk_rng_derive_cells(uint64_t run_seed, const uint8_t *cells, int ncells);
/* Fisher-Yates shuffle of n bytes. */
void     sdk_rng_shuffle_u8(sdk_rng *r, uint8_t *a, int n);

/* ------------------------------------------------------------------------ */
/* Reading and writing puzzles (src/board/reader.c, src/board/format.c)     */
/* ------------------------------------------------------------------------ */

typedef enum { SDK_LAYOUT_LINE, SDK_LAYOUT_GRID } sdk_layout;

/* One input record: a puzzle or, if !ok, the reason it is malformed. */
typedef struct sdk_record {
    int ok;                       /* 1: cells/board valid; 0: see error */
    long line;                    /* input line where the record starts (1-based) */
    sdk_layout layout;            /* how it was written */
    const sdk_board *board;       /* shared, owned by the reader; NULL if !ok */
    uint8_t cells[SDK_MAX_CELLS]; /* 0 = blank */
    int has_cand;                 /* 1: a 9x9 position with candidates (read with candidates on) */
    uint16_t cand[81];            /* has_cand: blank cells' candidates, bit d-1 for digit d */
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
    /* --variant: every record is of this variant ("x", "jigsaw", "samurai",
     * ...; see sdk_variant_parse) unless its line names another; NULL:
     * detect (a samurai layout or line, a jigsaw's region labels). */
    const char *variant;
    /* 1: also read positions with candidates (sdk_human_parse_candidates):
     * a line of n*n*n characters or n*n groups, or n rows of n groups
     * (some group with two or more digits); record.has_cand is set. */
    int candidates;
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

/* Room for the longest line sdk_format_line writes (a 25x25 jigsaw killer:
 * cells, region labels, cage labels and sums, a space between each), a
 * variant's name before it and the NUL. */
#define SDK_MAX_LINE (6 * SDK_MAX_CELLS + 64)

/* The character for a digit: 1..9, then A=10, B=11, ...; '.' for 0. */
char sdk_digit_char(int v);
/* Writes cells as one line of ncells characters (no newline); buf must hold
 * SDK_MAX_LINE bytes.  A variant's line: samurai, the five grids' 81 cells
 * (top-left, top-right, centre, bottom-left, bottom-right) separated by
 * spaces; jigsaw, the cells, a space and the region labels; killer, then a
 * space, the cage labels (sdk_killer_labels), a space and the cages' sums,
 * comma-separated, in the order of their first cells.  Returns buf. */
char *sdk_format_line(const sdk_board *b, const uint8_t *cells, char *buf);
/* Writes a jigsaw board's region labels as one line of ncells characters
 * (1..9 up to 9x9, else A, B, ...; "" for a board without regions); buf must
 * hold SDK_MAX_CELLS + 1 bytes.  Returns buf. */
char *sdk_format_regions(const sdk_board *b, char *buf);
/* Writes cells as a grid of n lines, box columns separated by two spaces,
 * followed by one blank line (samurai: the 21x21 layout, its holes blank;
 * jigsaw: then the grid of region labels; killer: then a line "cages",
 * the cage labels and the sums, as on a line). */
void sdk_format_grid(FILE *out, const sdk_board *b, const uint8_t *cells);

/* ------------------------------------------------------------------------ */
/* f-puzzles in and out (src/board/fpuzzles.c; docs/formats.md)             */
/* ------------------------------------------------------------------------ */

/* Translates f-puzzles input into our line format ("jigsaw,x <cells>
 * <labels>", docs/variants.md), which the reader then parses: text (NUL-
 * terminated) is an f-puzzles JSON object, an f-puzzles link
 * (https://www.f-puzzles.com/?load=...), a SudokuPad link whose puzzle id
 * is f-puzzles' ("fpuzzles..."), or a bare "?load=..." / "load=...".  Read:
 * given digits, regions (jigsaw), both diagonals (X), windoku's four windows
 * as extraregions, killer cages.  Returns 1 with the line in line (cap
 * bytes; 7 * SDK_MAX_CELLS + 64 always do), 0 if text is no f-puzzles
 * input, -1 with what is wrong in err (a constraint not read is named). */
int sdk_fpuzzles_read(const char *text, char *line, size_t cap, char *err, size_t errsize);
/* A puzzle as one f-puzzles JSON object on one line (malloc'd; free it),
 * its solution (NULL: none) under "solution"; NULL with the reason in err
 * if f-puzzles cannot draw the board (samurai, sides above 16). */
char *sdk_fpuzzles_json(const sdk_board *b, const uint8_t *cells, const uint8_t *solution, char *err,
                        size_t errsize);
/* The same as a link: https://www.f-puzzles.com/?load=<the object,
 * lz-string compressed> (malloc'd). */
char *sdk_fpuzzles_url(const sdk_board *b, const uint8_t *cells, const uint8_t *solution, char *err,
                       size_t errsize);

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
    int      proven_by_exact; /* 1 if the exact check before the chain proved there is no
                                 solution (no chain ran) */
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
    uint64_t max_iters;           /* 0 = none (the exact solver: search nodes) */
    volatile int *interrupt;      /* set to nonzero by a signal handler; may be NULL */
} sdk_budget;

double sdk_now(void);             /* monotonic seconds */
int    sdk_budget_expired(const sdk_budget *b);
/* The budget of a time limit that starts now (seconds <= 0: no deadline). */
sdk_budget sdk_budget_start(double seconds, volatile int *interrupt);
/* The instruction set the exact solvers run on: "avx512", "avx2", "sse4.1"
 * or "portable" (the 9x9 kernel's SIMD path needs avx2); in a generic
 * x86-64 build (make PORTABLE=1) the CPU's, picked at load time, with
 * ", chosen at run time" after it. */
const char *sdk_build_isa(void);

/* ------------------------------------------------------------------------ */
/* Exact solver (src/exact/exact.c; a fast 9x9 kernel in exact9.c)          */
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
#ifdef SDK_TEST_HOOKS
/* The general solver only (any board); same contract.  Used by tests to
 * cross-check the 9x9 kernel. */
uint64_t sdk_exact_count_general(const sdk_board *b, const uint8_t *puzzle, uint64_t limit,
                                 uint8_t *solution, sdk_stats *st, const sdk_budget *budget,
                                 sdk_status *status);
#endif
/* Does puzzle have a solution that differs from grid (a complete grid that
 * solves it) in one of cells[0..k)?  1 yes (that solution goes to other, if
 * not NULL), 0 no, -1 if the budget stopped it (budget may be NULL).  Any
 * board; far cheaper than a count to two when grid is known: the general
 * counterpart of sdk_exact9_differs, the generators' uniqueness question. */
int sdk_exact_differs(const sdk_board *b, const uint8_t *puzzle, const uint8_t *grid, const int *cells, int k,
                      uint8_t *other, const sdk_budget *budget);
/* The 9x9 kernel (src/exact/exact9.c), standard 3x3 boxes only: same meaning of
 * limit and return value; no budget (see sdk_exact9_count_budget).  Returns
 * UINT64_MAX if it does not apply (givens inconsistent are fine: count 0). */
uint64_t sdk_exact9_count(const uint8_t puzzle[81], uint64_t limit, uint8_t solution[81],
                          sdk_stats *st);
/* sdk_exact9_count with a budget (may be NULL): a deadline or an interrupt
 * flag (SIGINT) is checked every 1024 search nodes (about a millisecond),
 * so a long count -- no limit on an empty grid -- stops within a few ms;
 * the hot loop pays one test of the node counter.  *status (if not NULL)
 * as for sdk_exact_count: SDK_TIMEOUT / SDK_INTERRUPTED when the budget
 * stopped it (the count is then the solutions found so far).  Returns
 * UINT64_MAX if the kernel does not apply.  sdk_exact_count calls it. */
uint64_t sdk_exact9_count_budget(const uint8_t puzzle[81], uint64_t limit, uint8_t solution[81],
                                 sdk_stats *st, const sdk_budget *budget, sdk_status *status);
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
/* Methods: the table of solvers (src/stochastic/methods.c)                 */
/* ------------------------------------------------------------------------ */

/* The methods' defaults (those of the sources), in one place: the struct
 * sdk_params_defaults fills is made of them, --help prints that struct, the
 * method list quotes them (SDK_STR), and a method falls back on them for a
 * field left at "the method's own" (T < 0, probe_every < 0, restarts < 0). */
#define SDK_DEFAULT_METROPOLIS_T    0.39   /* metropolis' fixed temperature */
#define SDK_DEFAULT_LAMBDA          1      /* sort-penalty weight */
#define SDK_DEFAULT_CLUE_WEIGHT     5      /* conflict pairs touching a clue */
#define SDK_DEFAULT_ALPHA           0.99   /* anneal: cooling factor per chain */
#define SDK_DEFAULT_REHEAT          20     /* anneal: chains without improvement */
#define SDK_DEFAULT_POPULATION      200    /* evolve: organisms */
#define SDK_DEFAULT_EPOCHS          5000   /* evolve: epochs per attempt */
#define SDK_DEFAULT_EVOLVE_RESTARTS 20     /* evolve: restarts */
#define SDK_DEFAULT_PROBE_EVERY     128    /* anneal, sort-penalty --propagate */
/* The default budgets: a run given no --time-limit and no --max-iters stops
 * after this many proposals, restarts included, and answers timeout, so a
 * batch always ends: 2-5 s a 9x9 puzzle at the rates of BENCHMARKS.md, and
 * past every run measured there but anneal's slowest on Watanabe's puzzle.
 * Evolve's own budget is its epochs x restarts. */
#define SDK_DEFAULT_METROPOLIS_PROPOSALS   3e8
#define SDK_DEFAULT_ANNEAL_PROPOSALS       2e8
#define SDK_DEFAULT_SORT_PENALTY_PROPOSALS 5e7
/* Before a chain starts, the exact search asks whether the puzzle has a
 * solution at all (a chain cannot tell): at most this many search nodes
 * (9x9: it always finishes, in microseconds). */
#define SDK_DEFAULT_PRECHECK_NODES  100000
#define SDK_STR(x) SDK_STR_(x)
#define SDK_STR_(x) #x

/* Every tunable of every method lives here; each method reads the fields it
 * uses.  sdk_params_defaults fills the defaults above. */
typedef struct sdk_params {
    uint64_t seed;            /* run seed; each puzzle derives its own */
    uint64_t max_iters;       /* per run; 0 = none */
    uint64_t max_proposals;   /* all runs together; 0 = none (sdk_method_solve sets the
                                 method's default budget when the caller gave no budget) */
    double   time_limit;      /* seconds per puzzle, 0 = none */
    int      restarts;        /* -1 = method default */
    int      propagate;       /* fill forced cells before a chain starts */
    long     probe_every;     /* --propagate: proposals per probe; -1 = method default, 0 = none */
    double   T;               /* temperature; <0 = method default */
    double   lambda;          /* sort-penalty weight */
    double   clue_weight;     /* conflict-pair weight of a pair touching a clue */
    double   alpha;           /* annealing cooling factor per chain */
    long     chain;           /* annealing chain length; 0 = Lewis's default */
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
    double budget;            /* default proposals of a run without a budget; 0: its own */
} sdk_method;

const sdk_method *sdk_method_find(const char *name);   /* NULL if unknown */
const sdk_method *sdk_method_list(int *count);
/* Runs method m on puzzle, then verifies any claimed solution with the exact
 * checker; a wrong claim becomes SDK_TIMEOUT (and is counted as a bug in
 * tests).  A stochastic method first asks the exact search whether there is
 * a solution (SDK_UNSOLVABLE at once, st->proven_by_exact, if not) and runs
 * without a budget only if the caller gave one (p->time_limit, or
 * p->max_iters with finitely many runs): else within m->budget proposals.
 * st->seconds is filled in. */
sdk_status sdk_method_solve(const sdk_method *m, const sdk_board *b, const uint8_t *puzzle,
                            const sdk_params *p, uint32_t seed, uint8_t *solution,
                            sdk_stats *st);

/* ------------------------------------------------------------------------ */
/* Search-tree difficulty (src/rate/): Watanabe's depth and widths (004)    */
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
#ifdef SDK_TEST_HOOKS
/* The general walk only (any board; sdk_rate_width has a 9x9 fast path);
 * same contract.  Used by tests to cross-check the two. */
uint64_t sdk_rate_width_general(const sdk_board *b, const uint8_t *puzzle, sdk_rng *tiebreak,
                                uint64_t *solutions, const sdk_budget *budget);
#endif
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
/* Energy core (src/stochastic/energy.c, starting states fill.c, the        */
/* acceptance table chain.c; the hot ΔE and commit functions are inline in  */
/* energy.h).  Every stochastic method scores states only through it.       */
/* ------------------------------------------------------------------------ */

/*
 * A state is a full assignment: every cell holds a digit 1..n, clues keep
 * their value.  Three energies, each 0 exactly on a solution (the last two
 * once every box holds a permutation):
 *   conflict  (000) pairs of distinct cells that share a house and hold the
 *             same digit, each pair once; a pair touching a clue weighs
 *             clue_weight, any other pair 1;
 *   missing   (001, 003) over every house but the boxes (rows, columns, a
 *             variant's diagonals and windows), the digits a house lacks;
 *   sort      (002) over the same houses, sum_j |sort(house)_j - j|.
 * On a killer each of them also counts the cage term K: over the cages,
 * |sum - the cage's sum| plus the pairs of cells of the cage holding the
 * same digit (sdk_energy_cage_full), 0 exactly when every cage is right.
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
    /* A killer's cages (NULL otherwise): each cage's sum now and copies of
     * each digit (ncages * stride). */
    int32_t *cage_sum;
    uint16_t *cage_count;
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
/* The cage term K of a state on a killer board (0 on other boards); the
 * three above include it. */
long sdk_energy_cage_full(const sdk_board *b, const uint8_t *state);

/* Starting states: every free cell a uniform digit (000), or every box's
 * free cells a uniform shuffle of the digits the box lacks (001-003). */
void sdk_energy_fill_random(const sdk_board *b, const uint8_t *puzzle, sdk_rng *r, uint8_t *state);
void sdk_energy_fill_boxes(const sdk_board *b, const uint8_t *puzzle, sdk_rng *r, uint8_t *state);
/* --propagate: copies puzzle to out and fills every cell forced by naked
 * or hidden singles, repeatedly.  Returns 0 if that reaches a contradiction
 * (no solution), else 1. */
int  sdk_energy_fill_singles(const sdk_board *b, const uint8_t *puzzle, uint8_t *out);
/* cand[c]: bit d-1 set iff no peer of blank cell c holds d in puzzle (0 for
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

/* Constraint propagation (src/stochastic/propagate.c) for --propagate: copies puzzle
 * to out, then fills forced cells and prunes candidates until nothing
 * changes.  SDK_PROPAGATE_SINGLES: naked and hidden singles only;
 * SDK_PROPAGATE_FULL: also, per house, every candidate in no perfect
 * matching of its blank cells onto its missing digits (all naked and hidden
 * subsets), and locked candidates (a digit confined to two houses' overlap
 * leaves the rest of both).  Only forced deductions: every solution agrees
 * with out and holds a candidate in every blank cell.  cand (may be NULL)
 * gets the candidates of out's blank cells (digit d at bit d-1, 0 for filled
 * cells).
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
/* Puzzle generation (src/generate/fullgrid.c, generate.c, remc.c)          */
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
/* The fewest clues a puzzle of board b with one solution can have, as far as
 * it is proven: 17 on the plain 9x9 board (McGuire, Tugemann and Civario,
 * 2012, by exhaustive search), 4 on the plain 4x4 (every 4x4 puzzle was
 * checked: tests/unit_humangen.c), else n - 1 on a side-n board (b NULL: a
 * jigsaw of side n), since two digits missing from the clues could trade
 * places in any solution.  generate refuses --clues below it. */
int sdk_generate_min_clues(const sdk_board *b, int n);
/* generate without --time-limit gives a puzzle this long and then gives up
 * (what is merely unlikely, as --min-er 11.5 or --size 25 --clues 200, ends
 * with a note); --time-limit sets the whole run's budget instead. */
#define SDK_DEFAULT_GIVE_UP_SECONDS 30

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

#ifdef SDK_TEST_HOOKS
/* For tests: when sdk_generate_memo_check is set, every uniqueness answer
 * sdk_generate_metropolis takes from what it has learnt is asked of the
 * solver as well, and each disagreement counted in sdk_generate_memo_errors
 * (the chain must be the one that asks the solver every time). */
extern int sdk_generate_memo_check;
extern unsigned long sdk_generate_memo_errors;
#endif

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

/* --hard's objectives, the width stage's U = ln(figure) (src/generate/remc.c): the
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
int sdk_generate_remc(const sdk_board *b, const sdk_gen_params *g, uint64_t seed, int count,
                      sdk_gen_result *best, const sdk_budget *budget, sdk_remc_totals *totals);

/* Killer puzzles (src/generate/killergen.c): a random grid, random cages
 * over it, then merges of touching cages while the exact solver proves the
 * puzzle unique.  cage_min .. cage_max cells a cage (defaults 2 and 5; a
 * first cage may stay below cage_min only if no neighbour has room);
 * clues givens at random cells (default 0). */
typedef struct sdk_killer_gen {
    int cage_min, cage_max;
    int clues;
} sdk_killer_gen;
void sdk_killer_gen_defaults(sdk_killer_gen *kg);
/* One killer on the board of flags (SDK_VARIANT_KILLER implied; x, windoku,
 * jigsaw combine; box_rows x box_cols boxes, 0 0: the default shape) of
 * side n: *board (free with sdk_board_free) and puzzle (its givens), with
 * exactly one solution.  g's grid temperature is used.  SDK_UNSOLVABLE if
 * 20 grids of 40 partitions each gave no unique start (too few givens and
 * 1-cell cages allowed, say); SDK_TIMEOUT / SDK_INTERRUPTED from budget. */
sdk_status sdk_generate_killer(unsigned flags, int n, int box_rows, int box_cols, const sdk_killer_gen *kg,
                               const sdk_gen_params *g, uint32_t seed, sdk_board **board, uint8_t *puzzle,
                               const sdk_budget *budget);

/* ------------------------------------------------------------------------ */
/* Pictures (src/out): SVG puzzles, printable sheets, trace charts          */
/* ------------------------------------------------------------------------ */

/* One self-contained SVG document of a puzzle, drawn from the board's data:
 * cells where cell_y/cell_x put them (holes blank), thick lines between
 * different boxes and around the board, thin lines within boxes, cells of
 * SDK_HOUSE_EXTRA houses shaded, givens in bold black and, when solution is
 * not NULL, the other cells' digits in a second colour (blue).  caption (may
 * be NULL or empty) goes below the grid. */
void sdk_svg_puzzle(FILE *out, const sdk_board *b, const uint8_t *puzzle, const uint8_t *solution,
                    const char *caption);

/* Printable sheets, written page by page as puzzles are added (memory
 * holds one page): up to per_page puzzles a page (1, 2, 4 or 6) on A4 or
 * US letter, sized to the puzzles the page holds (a lone one takes the
 * page), a title on every page (UTF-8; PDF shows WinAnsiEncoding, the rest
 * as '?'; a long title shrinks, then is cut with an ellipsis), each puzzle
 * under its label; with solutions, an answer key of small grids (12 a page)
 * after them, labelled with the label's part before any ':'.  PDF 1.4
 * (Helvetica, not embedded; vector lines; each empty grid a form drawn
 * once) or SVG, a document a page. */
typedef struct sdk_sheet_options {
    int per_page;
    int letter;                /* 0: A4, 1: US letter */
    int solutions;
    const char *title;         /* NULL or "": none */
    int svg;                   /* 0: one PDF document; 1: an SVG document a page */
    /* Where the pages go, opened when the first page is full (an empty
     * sheet opens nothing): page_open(ctx, 0) the PDF's stream, or
     * page_open(ctx, p) SVG page p (1-based); NULL on failure.
     * page_close(ctx, f, failed) ends it: 0, or -1 if it failed. */
    FILE *(*page_open)(void *ctx, int page);
    int (*page_close)(void *ctx, FILE *f, int failed);
    /* Called (if set) once a puzzle's page is written: its board is no
     * longer needed (a reader's record's board can be given back). */
    void (*release)(void *ctx, const sdk_board *b);
    void *ctx;
    /* When set and raised (Ctrl-C) while the key is drawn, the key stops
     * there and the document is ended. */
    volatile int *interrupt;
} sdk_sheet_options;

typedef struct sdk_sheet sdk_sheet;
/* NULL: bad per_page, no memory, or no scratch file for the key. */
sdk_sheet *sdk_sheet_new(const sdk_sheet_options *o);
/* Adds a puzzle (copied; b must stay valid until release is called for
 * it); solution NULL: none known (the key says so).  A full page is
 * written.  0, or -1 once writing failed or memory ran out (the sheet
 * takes nothing more). */
int  sdk_sheet_add(sdk_sheet *s, const sdk_board *b, const uint8_t *puzzle, const uint8_t *solution,
                   const char *label);
/* Writes the last page, the key and the document's end: 0, or -1. */
int  sdk_sheet_finish(sdk_sheet *s);
int  sdk_sheet_count(const sdk_sheet *s);                /* puzzles added */
/* The characters of UTF-8 text a PDF sheet prints as '?' (outside WinAnsi). */
int  sdk_sheet_unprintable(const char *text);
int  sdk_sheet_pages(const sdk_sheet *s);                /* pages written */
void sdk_sheet_free(sdk_sheet *s);

/* The fields of one of the program's own csv or json records that a label
 * shows (src/out/fields.c).  Empty strings when absent. */
typedef struct sdk_fields {
    char puzzle[SDK_MAX_CELLS + 1];
    char number[24], seed[24], level[24], depth[24], width[24], average[24];
} sdk_fields;
/* A csv header: the column of each field (-1 when absent) in cols[7], in
 * the order of sdk_fields; the number is "index" (else "line"), the level
 * "level" (else "difficulty"), the width "normal_width", the average
 * "average_width".  Returns 1 if the line is a header with a "puzzle"
 * column, else 0. */
int sdk_fields_csv_header(const char *line, int cols[7]);
/* A csv row read with the columns of its header: 1, or 0 if it has no
 * puzzle field or a field is too long. */
int sdk_fields_csv(const char *line, const int cols[7], sdk_fields *f);
/* A json record (one object on one line, as the program writes them):
 * its "puzzle" string and the label fields at the top level ("index" or
 * "line", "seed", "level" or "difficulty", "depth", "normal_width",
 * "average_width").  1, or 0 if it is not an object with a puzzle string. */
int sdk_fields_json(const char *line, sdk_fields *f);
/* A puzzle line with key=value words after it, as the line output of rate,
 * rate --human and generate --rate (`level=easy depth=2 hardest="..."`): the
 * label fields among the words (the puzzle field stays empty: the line
 * itself goes to the reader).  1 if the line has such a word, else 0. */
int sdk_fields_words(const char *line, sdk_fields *f);

/* A --trace CSV (puzzle,iteration,energy,temperature) held for plotting
 * (src/out/trace.c): a series a puzzle, in the order puzzles first appear;
 * rows of one puzzle may be interleaved with others' (-j).  Long series are
 * thinned as they are read (every other point kept, again and again), so
 * memory stays bounded; the last point of a series is always kept. */
typedef struct sdk_trace sdk_trace;
sdk_trace *sdk_trace_new(uint64_t only_puzzle);          /* 0: every puzzle */
/* One line of the file (without its newline).  0 if taken (the header,
 * a blank line and rows of other puzzles are taken and ignored), -1 if
 * malformed: why goes to err (errlen bytes). */
int  sdk_trace_line(sdk_trace *t, const char *line, char *err, size_t errlen);
int  sdk_trace_series(const sdk_trace *t);
void sdk_trace_free(sdk_trace *t);

typedef struct sdk_plot_options {
    int log_y;                 /* energy on a log scale (zeros drawn at the bottom) */
    int max_series;            /* draw at most this many puzzles (0: 10) */
    const char *title;         /* NULL: "Energy against proposals" */
} sdk_plot_options;
/* An SVG line chart of t: energy against proposals, one line a puzzle,
 * temperature (dashed, right-hand axis) when it varies, axes with ticks and
 * labels, a legend.  0, or -1 on a write error. */
int sdk_plot_svg(FILE *out, const sdk_trace *t, const sdk_plot_options *o);

/* ------------------------------------------------------------------------ */
/* Canonical forms and isomorphs (src/canon/): 9x9 boards                   */
/* ------------------------------------------------------------------------ */

/* A map of the plain 9x9 board onto itself (a puzzle's isomorph): transpose
 * or not, then row rows[r] becomes row r and column cols[c] column c (rows
 * move within their band and bands as wholes; columns within stacks), then
 * digit d becomes digits[d]:
 *     out[r][c] = digits[in'[rows[r]][cols[c]]],  in' = in or its transpose.
 * digits[0] is 0: a blank stays blank.  Every such map keeps every solution
 * count, and maps the solutions alike. */
typedef struct sdk_transform {
    uint8_t transpose;
    uint8_t rows[9], cols[9];
    uint8_t digits[10];
} sdk_transform;

/* Room for sdk_transform_format's text and its NUL. */
#define SDK_TRANSFORM_TEXT 64

void sdk_transform_identity(sdk_transform *m);
/* out = m applied to the 81 cells in (in != out). */
void sdk_transform_apply(const sdk_transform *m, const uint8_t *in, uint8_t *out);
/* out = first m, then n (out may be m or n). */
void sdk_transform_compose(const sdk_transform *m, const sdk_transform *n, sdk_transform *out);
/* out undoes m (out may be m). */
void sdk_transform_invert(const sdk_transform *m, sdk_transform *out);
/* A uniformly random map (so a uniformly random isomorph of any puzzle). */
void sdk_transform_random(sdk_rng *r, sdk_transform *m);
/* Parses a composition of named steps, applied left to right, separated by
 * commas or spaces: identity, transpose, rotate (90 degrees clockwise),
 * rotate180, rotate270, mirror (left-right), flip (top-bottom), bands=PQR,
 * stacks=PQR (band P comes first ...), rows=9 row numbers, cols=9 column
 * numbers (1-based, each band's rows together), digits=9 digits (digit d
 * becomes the d-th).  sdk_transform_format writes a map in these words.
 * Returns 1, or 0 with what is wrong in err. */
int sdk_transform_parse(const char *text, sdk_transform *m, char *err, size_t errsize);
/* "[transpose,]rows=...,cols=...,digits=..." into buf (SDK_TRANSFORM_TEXT
 * bytes); returns buf. */
char *sdk_transform_format(const sdk_transform *m, char *buf);

/* A puzzle's canonical form: the minlex form, the lexicographically least
 * cell string (blank 0 first) over every isomorph, digits relabelled in
 * order of first appearance; the map from the puzzle to it (9x9 boards;
 * the identity on others); and the maps that give the form (the
 * automorphisms, the identity among them: at least 1; the geometric maps,
 * each with the relabelling it forces). */
typedef struct sdk_canon {
    uint8_t form[SDK_MAX_CELLS];    /* b->ncells cells */
    sdk_transform map;
    uint64_t automorphisms;
} sdk_canon;

/* The minlex form of cells on board b, under the board's own group
 * (docs/canon.md): the plain 9x9 board's 3,359,232 maps; on 4x4 and 6x6
 * boards, X and windoku boards and jigsaws, the maps of their base group
 * that carry every house onto a house.  1; 0 where it is not defined (12x12
 * and larger, Samurai); -1 out of memory. */
int sdk_canon_minlex(const sdk_board *b, const uint8_t *cells, sdk_canon *out);

/* A set of forms, for streaming deduplication (memory grows with the
 * number of distinct forms, not of records). */
typedef struct sdk_canon_set sdk_canon_set;
sdk_canon_set *sdk_canon_set_new(void);
void sdk_canon_set_free(sdk_canon_set *s);
/* Adds a key of len bytes (a form, with whatever tells its board apart):
 * 1 if it was new, 0 if already there, -1 out of memory. */
int sdk_canon_set_add(sdk_canon_set *s, const uint8_t *key, size_t len);
/* 1 if the key is in the set (reads only: threads may ask at once). */
int sdk_canon_set_has(const sdk_canon_set *s, const uint8_t *key, size_t len);

/* ------------------------------------------------------------------------ */
/* Human difficulty (src/logic/): a logical solver with Sudoku Explainer    */
/* 1.2.1.3's technique ladder and ratings                                    */
/* ------------------------------------------------------------------------ */

/*
 * The solver works a candidate grid: at each step it applies the first hint
 * of the first technique, in SE's order, that has one.  ER is the highest
 * step rating of the solve, EP the highest up to and including the first
 * step that places a digit, ED the first step's rating.  A solve that gets
 * stuck (no technique applies) is rated 20.0, as SE does.  Level names come
 * from ER bands (sdk_human_level; docs/human.md).
 */
typedef struct sdk_human_cand {
    uint16_t cell;                /* 0..ncells-1 */
    uint8_t digit;                /* 1..n */
} sdk_human_cand;

typedef struct sdk_human_step {
    const char *technique;        /* SE's name, e.g. "Hidden Single", "Naked Pair" */
    double rating;
    int nplace, nelim;
    sdk_human_cand *place;        /* digits placed (owned by the rating) */
    sdk_human_cand *elim;         /* candidates removed */
    char *text;                   /* players' notation: "r4c5=7 Hidden Single: box 5" */
} sdk_human_step;

typedef struct sdk_human_rating {
    sdk_status status;            /* SDK_SOLVED: rated; SDK_UNSOLVABLE: not exactly one solution
                                     (see solutions); SDK_TIMEOUT; SDK_INTERRUPTED */
    uint64_t solutions;           /* 0, 1, or 2 meaning "more than one" */
    int solved;                   /* 1: the ladder reached the solution; 0: stuck (er = 20.0) */
    double er, ep, ed;
    const char *hardest;          /* technique of the hardest step ("" if none) */
    const char *level;            /* sdk_human_level(er) */
    int nsteps;                   /* steps taken */
    sdk_human_step *steps;        /* the path, if SDK_HUMAN_STEPS was asked; else NULL */
} sdk_human_rating;

enum {
    SDK_HUMAN_STEPS = 1,          /* keep the path (explain) */
    SDK_HUMAN_HINT  = 2           /* stop after the first step (hint) */
};

/* Rates cells (0 = blank) on board b.  cand (NULL: from the digits) gives,
 * for each blank cell, the candidates still open (bit d-1 for digit d),
 * e.g. a position in progress; they are intersected with what the placed
 * digits allow.  The puzzle must have exactly one solution and the given
 * candidates must keep it.  Free with sdk_human_free.  budget may be NULL. */
sdk_status sdk_human_rate(const sdk_board *b, const uint8_t *cells, const uint32_t *cand, int flags,
                          sdk_human_rating *out, const sdk_budget *budget);
void sdk_human_free(sdk_human_rating *r);
#ifdef SDK_TEST_HOOKS
/* For tests: when set, the nested chain producers' answers are computed
 * afresh every time, none taken from what earlier ones kept (the ratings
 * and paths must not change). */
extern int sdk_human_memo_off;
#endif
/* The level of an ER: easy, medium, hard, fiendish, diabolical, extreme,
 * or "unsolved" for 20.0. */
const char *sdk_human_level(double er);
/* The highest ER a puzzle of board b can be rated, short of 20.0 (stuck):
 * 1.2 on the plain 4x4 board (every unique puzzle was rated), else the
 * ladder's top rating plus the largest length bonus a chain can earn
 * (16.8: a bound the code proves, far above the 11.9 of the hardest
 * puzzles known).  b NULL: any board of its side (a jigsaw's is drawn per
 * puzzle).  generate refuses a band above it. */
double sdk_human_er_ceiling(const sdk_board *b);
/* Reads candidates of ncells cells of a side-n board (n <= 9) from text:
 * n*ncells characters, for each cell its n digit places holding the digit
 * or '.'/'0' where the candidate is gone (SE's and tdoku's pencilmark
 * string, 729 characters for a 9x9); or ncells groups of digits separated
 * by blanks and | + - borders.  A cell with one digit is read as placed
 * (cells[c] = digit, cand[c] = 0); others get cells[c] = 0 and their mask
 * (bit d-1 for digit d).  Returns 1, or 0 with a one-line reason in err.
 * The reader uses it (sdk_read_options.candidates) for whole positions on
 * one line and, ncells = n, for the rows of a grid. */
int sdk_human_parse_candidates(int n, const char *text, size_t len, int ncells, uint8_t *cells,
                               uint32_t *cand, char *err, size_t errsize);
/* A 9x9 position as the 729-character pencilmark string the parser reads
 * back: a placed cell its digit in its place, a blank its candidates
 * (cand, bit d-1 for digit d), '.' elsewhere.  out holds 730 bytes. */
char *sdk_human_format_candidates(const uint8_t *cells, const uint16_t *cand, char *out);

/* ------------------------------------------------------------------------ */
/* Generating for people (src/generate/humangen.c): puzzles in a band of    */
/* ER, with techniques their solve path must use                            */
/* ------------------------------------------------------------------------ */

enum { SDK_HUMAN_MAX_TECH = 8 };

typedef struct sdk_human_band {
    double er_min, er_max;        /* inclusive (ER is a multiple of 0.1) */
    int ntech;                    /* each of tech[0..ntech) must be on the path */
    int tech[SDK_HUMAN_MAX_TECH]; /* indexes of sdk_human_technique_find */
} sdk_human_band;

/* The ER band of a level name of sdk_human_level ("easy" .. "extreme");
 * 0 if there is no such level. */
int sdk_human_level_band(const char *level, double *er_min, double *er_max);
/* A technique by slug ("x-wing", "unique-rectangle", "forcing-chain") or by
 * SE's name in any case; -1 if unknown.  sdk_human_technique_slug lists
 * them (NULL past the end). */
int sdk_human_technique_find(const char *name);
const char *sdk_human_technique_slug(int index);
/* The lowest ER a step of technique index can be rated: the rating of the
 * first row of the ladder (src/logic/ladder.c) whose steps it names
 * (bonuses only add); a path that uses it rates at least this. */
double sdk_human_technique_er(int index);
/* 1 if a rating (taken with SDK_HUMAN_STEPS when band->ntech) is in band. */
int sdk_human_band_holds(const sdk_human_band *band, const sdk_human_rating *r);

/* What sdk_generate_human did, for the benchmarks (may be NULL). */
typedef struct sdk_human_gen_stats {
    uint64_t starts;              /* puzzles from sdk_generate_metropolis */
    uint64_t proposals;           /* chain moves that were rated */
} sdk_human_gen_stats;

/* One puzzle in band: puzzles of the default generator (g: clue count,
 * symmetry), each rated and kept if it holds (rejection); if not, a
 * Metropolis chain from it (clue removal, addition, and relocation of a
 * clue to a blank cell with any digit, each kept only if the puzzle stays
 * unique) on the distance of its rating to the band.  *r receives the
 * rating (free with sdk_human_free).  SDK_TIMEOUT / SDK_INTERRUPTED from
 * the budget. */
sdk_status sdk_generate_human(const sdk_board *b, const sdk_gen_params *g, const sdk_human_band *band,
                              uint32_t seed, uint8_t *puzzle, sdk_human_rating *r, sdk_human_gen_stats *st,
                              const sdk_budget *budget);

/* --hard --objective er: the figure of a unique puzzle, exp(2 (ER + EP/100))
 * scaled to a whole number, so that ln(figure) is the energy U = 2 ER +
 * EP/50 + const (a puzzle the ladder cannot finish counts as ER 0); 0 if
 * the budget stopped the rating.  ctx is unused. */
uint64_t sdk_human_figure(void *ctx, const sdk_board *b, const uint8_t *puzzle, const sdk_budget *budget);

/* ------------------------------------------------------------------------ */
/* Hard puzzles from seeds, puzzles on a pattern (src/generate/neighbour.c,  */
/* src/generate/pattern.c; docs/generate-hard.md): plain 9x9                 */
/* ------------------------------------------------------------------------ */

/* A {-n+m} move: 1..minus clues go, 1..plus blank cells get digits. */
#define SDK_DEFAULT_NB_MINUS 2
#define SDK_DEFAULT_NB_PLUS 2
/* From scratch (--immigrants): a pool is the best of this many random minimal
 * puzzles (the value --help suggests, measured: docs/generate-hard.md), and a
 * new one begins when its best has not improved in this many ratings. */
#define SDK_DEFAULT_NB_IMMIGRANTS 2000
#define SDK_DEFAULT_NB_RESTART 1000
/* What the pools' random minimal puzzles carry (--plant): nothing, or a
 * planted tridagon (src/generate/tridagon.c; measured: docs/generate-hard.md). */
enum { SDK_PLANT_NONE, SDK_PLANT_TRIDAGON };
#define SDK_DEFAULT_NB_PLANT SDK_PLANT_TRIDAGON
#define SDK_DEFAULT_NB_PLANT_NAME "tridagon"

typedef struct sdk_nb_params {
    int minus, plus;              /* the move's largest n and m */
    int non_minimal;              /* 0: every candidate is minimal (the default) */
    const uint8_t *mask;          /* NULL, or 81 flags: clues exactly there (a move gives the
                                     cells it blanked new digits; minimality is not asked) */
    double scratch_share;         /* no seeds, no mask, no immigrants: the replica exchange
                                     (remc.c) gets the rest of the time, the search from its best
                                     this share */
    int immigrants;               /* no seeds, no mask: a pool is the best of this many random
                                     minimal puzzles rated (0: the replica exchange's, above) */
    int restart;                  /* ... and a new pool when the best has not improved in this
                                     many ratings (0: never) */
    const sdk_canon_set *known;   /* NULL, or minlex forms (81 cells) never printed: a known
                                     collection; its puzzles may still be moved from */
    int plant;                    /* immigrants: SDK_PLANT_NONE, or SDK_PLANT_TRIDAGON (each with
                                     a planted tridagon) */
} sdk_nb_params;

/* A puzzle of the neighbourhood search, with its human rating (no steps). */
typedef struct sdk_nb_result {
    sdk_gen_result gen;           /* figure = ER; energy as --hard's er objective's */
    sdk_human_rating human;
} sdk_nb_result;

/* The neighbourhood search: g->runs runs (threads; seeds derived from seed),
 * each from every runs-th seed (or, with no seeds and a mask, from a puzzle
 * on the mask), keeping a pool of its best and moving from them by {-n+m}
 * moves; every candidate unique, minimal unless nb->non_minimal, rated by
 * sdk_human_rate.  Until g->max_steps moves a run or the budget.  With no
 * seeds and no mask, seeds come from sdk_generate_remc first (g as it is,
 * for 1 - scratch_share of the time; g->max_steps steps) and may be printed.  Fills
 * best[0..count) with the best puzzles met, by --hard's er energy,
 * isomorphic to no seed, to no puzzle of nb->known and to no other
 * (minlex forms), best first; returns
 * how many.  totals: moves (steps) and puzzles rated (attempts). */
int sdk_generate_neighbour(const sdk_board *b, const sdk_gen_params *g, const sdk_nb_params *nb,
                           const uint8_t (*seeds)[81], int nseeds, uint64_t seed, int count,
                           sdk_nb_result *best, const sdk_budget *budget, sdk_remc_totals *totals);

/* A pattern's line (len characters, a line end or trailing blanks cut
 * first): 81 characters, any but '.', '0', '-', '_', ' ' or a tab marking a
 * clue cell, into mask (81 flags); cells receives the digits when every mark
 * is a digit 1-9 (a puzzle's line: its clues must not conflict, which the
 * caller checks), else blanks.  1, or 0 with a one-line reason in err. */
int sdk_pattern_parse(const char *text, size_t len, uint8_t *mask, uint8_t *cells, char *err, size_t errsize);
/* 1 with a one-line reason in why if no puzzle with clues exactly on mask
 * (81 flags) can have one solution for a reason cheap to see: fewer than 17
 * clues, or two rows of a band (columns of a stack) without clues. */
int sdk_pattern_refusal(const uint8_t *mask, char *why, size_t size);

/* A puzzle whose clues are exactly the cells of mask, with one solution
 * (and, band not NULL, in band: *r its rating; may be NULL without a band).
 * SDK_TIMEOUT / SDK_INTERRUPTED from the budget. */
sdk_status sdk_generate_pattern(const sdk_board *b, const sdk_gen_params *g, const uint8_t *mask,
                                const sdk_human_band *band, uint32_t seed, uint8_t *puzzle,
                                sdk_human_rating *r, const sdk_budget *budget);

#endif /* SUDOKU_H */

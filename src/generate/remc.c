/*
 * remc.c -- `generate --hard`: Watanabe's replica exchange (004) on
 * H = -J U + h (clues), U = depth, then U = ln(normal width), for the
 * hardest puzzles by search-tree width.  An attempt starts from a full grid
 * (fullgrid.c); a removal is checked by the solver (cluememo_removal_count, as the
 * default generator asks it) or by a figure the run remembers (puzzle_memo),
 * so every replica stays unique; the ratings come from rate.c.
 *
 * Additions to the paper's chain.  Orientation trials (orient_every; 0
 * turns them off): the normal width breaks ties top-left, so it is not the
 * same for a puzzle's isomorphs (Watanabe's own puzzle, 183,530, has
 * isomorphs past 290,000).  A replica also proposes, now and then, one of
 * the row, column, band or stack swaps or the transpose, applied to its
 * puzzle and its grid alike: a Metropolis trial on the same H (the clue
 * count does not change).  Relocation trials (relocations; 0 turns them
 * off): a clue moves to a blank cell with any digit, and if the puzzle
 * stays unique its solution becomes the replica's grid, so a chain is not
 * tied to the grid it began on (measured: what made --hard reliable).  And
 * attempts: a time limit is shared out in attempts of about
 * attempt_seconds (or, counted in steps, attempt_steps), each starting
 * again on a new grid, the run keeping the best of all of them.  For
 * average-width, the best few are confirmed on more walks at the end.  Any board
 * with its house tables (x, windoku, jigsaw: the solvers and walks are the
 * general ones there); only orientation moves that keep its houses.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "generate.h"
#include "../board/pool.h"

/* Width stage: trial pairs (a removal, then an addition) per replica and
 * Monte Carlo step, as in Watanabe's program (github kaityo256/sudoku,
 * maker/searcher.cc).  The depth stage flips a uniform cell per step, as
 * the paper's text says: measured, that reaches depth > 8 about twice as
 * fast (median 4 s against 7 s over 8 seeds), while in the width stage the
 * pairs found wider puzzles (median width ~38k against ~25k, 4 seeds x
 * 30 s): on a sparse puzzle most uniform cells are blanks, and additions
 * each cost a tree walk and are nearly always rejected. */
enum { WIDTH_PAIRS = 10 };

/* Stages of the delayed acceptance of the per-sample objectives (below):
 * 1, 2, 4, ... walks, then objective_samples; enough for 2^(MAX_STAGES - 2)
 * walks a figure. */
enum { MAX_STAGES = 24 };

typedef struct replica {
    uint8_t puzzle[SDK_MAX_CELLS];
    uint8_t grid[SDK_MAX_CELLS];    /* its solution */
    int clues;
    double U;                   /* depth, or ln(the objective's figure) */
    uint64_t width;             /* the objective's figure of puzzle, a whole number (the normal
                                   width, or a sum of sampled widths); 0 = not yet computed */
    uint64_t prefix[MAX_STAGES];        /* per-sample objectives in the width stage: the sums of
                                           each stage's first walks (the last is width) */
} replica;

/* ---- the figures of the puzzles a run has met ------------------------------ */

/*
 * The chains keep proposing the same few neighbours of their states (most
 * proposals are rejected, and a flip back returns to a puzzle seen before),
 * and each figure is a pure function of the puzzle, so remembering them
 * changes nothing but the time.  A puzzle is keyed by its digits, `bits` a
 * cell (under orientations the clue set alone is ambiguous).  A
 * table of PUZZLE_SLOTS direct-mapped slots: a newcomer takes the slot of
 * its hash.
 */
enum { PUZZLE_SLOTS = 1 << 16, KEY_WORDS = (SDK_MAX_CELLS * 5 + 63) / 64 };

typedef struct puzzle_key {
    uint64_t w[KEY_WORDS];
} puzzle_key;

typedef struct puzzle_memo {
    int bits, words, fields, stride;    /* bits a cell; key words in use; figures a slot;
                                           stride = words + fields */
    uint64_t *slots;            /* per slot: the key, then the objective's figure
                                   (0 unknown, UINT64_MAX not one solution), then depth + 1
                                   (0 unknown), then, for a per-sample objective, the sums of
                                   its stages' walks but the last (0 unknown) */
} puzzle_memo;

static int memo_start(puzzle_memo *m, const sdk_board *b, int fields)
{
    m->bits = 1;
    while ((1 << m->bits) <= b->n)
        m->bits++;
    m->words = (b->ncells * m->bits + 63) / 64;
    m->fields = fields;
    m->stride = m->words + fields;
    m->slots = calloc((size_t)PUZZLE_SLOTS * (size_t)m->stride, sizeof(uint64_t));
    return m->slots != NULL;
}

static void key_of(const puzzle_memo *m, int ncells, const uint8_t *puzzle, puzzle_key *k)
{
    memset(k->w, 0, sizeof(uint64_t) * (size_t)m->words);
    for (int c = 0, bit = 0; c < ncells; c++, bit += m->bits) {
        k->w[bit >> 6] |= (uint64_t)puzzle[c] << (bit & 63);
        if ((bit & 63) + m->bits > 64)      /* the cell straddles two words */
            k->w[(bit >> 6) + 1] |= (uint64_t)puzzle[c] >> (64 - (bit & 63));
    }
}

static uint64_t key_hash(const puzzle_memo *m, const puzzle_key *key)
{
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (int k = 0; k < m->words; k++) {
        h ^= key->w[k];
        h *= 0xbf58476d1ce4e5b9ull;
        h ^= h >> 31;
    }
    return h;
}

/* The slot of key, holding its puzzle or another puzzle's figures. */
static uint64_t *puzzle_slot(const puzzle_memo *m, const puzzle_key *key)
{
    return m->slots + (size_t)(key_hash(m, key) & (PUZZLE_SLOTS - 1)) * (size_t)m->stride;
}

/* The figure `field` (0: the objective's, 1: depth + 1, 2 + s: stage s's walks) of the
 * puzzle, 0 if unknown. */
static uint64_t puzzle_recall(const puzzle_memo *m, const puzzle_key *key, int field)
{
    const uint64_t *slot = puzzle_slot(m, key);
    if (memcmp(slot, key->w, sizeof(uint64_t) * (size_t)m->words) != 0)
        return 0;
    return slot[m->words + field];
}

static void puzzle_learn(puzzle_memo *m, const puzzle_key *key, int field, uint64_t value)
{
    uint64_t *slot = puzzle_slot(m, key);
    if (memcmp(slot, key->w, sizeof(uint64_t) * (size_t)m->words) != 0) {
        memcpy(slot, key->w, sizeof(uint64_t) * (size_t)m->words);
        memset(slot + m->words, 0, sizeof(uint64_t) * (size_t)m->fields);
    }
    slot[m->words + field] = value;
}

/* ---- orientations ------------------------------------------------------------ */

/* The moves that map every sudoku grid to a grid: swap two rows of a band,
 * two columns of a stack, two bands, two stacks; transpose (square boxes
 * only).  Each undoes itself, so a uniform choice is a symmetric proposal.
 * A move is kept as its map of cells: cell c takes the content of map[c]. */
/* With br x bc boxes (br bc = n): n(br - 1)/2 row pairs, n(bc - 1)/2
 * column pairs, bc(bc - 1)/2 band and br(br - 1)/2 stack pairs and the
 * transpose; at most n(n - 1) + 1, for 1 x n boxes. */
enum { MAX_MOVES = SDK_MAX_N * (SDK_MAX_N - 1) + 1 };

static void swap_rows(int n, uint16_t *cells, int r1, int r2)
{
    for (int c = 0; c < n; c++) {
        uint16_t t = cells[r1 * n + c];
        cells[r1 * n + c] = cells[r2 * n + c];
        cells[r2 * n + c] = t;
    }
}

static void swap_cols(int n, uint16_t *cells, int c1, int c2)
{
    for (int r = 0; r < n; r++) {
        uint16_t t = cells[r * n + c1];
        cells[r * n + c1] = cells[r * n + c2];
        cells[r * n + c2] = t;
    }
}

/* The next move's map: the identity, to be swapped into shape. */
static uint16_t *next_map(const sdk_board *b, uint16_t *maps, int *count)
{
    uint16_t *map = maps + (size_t)(*count)++ * (size_t)b->ncells;
    for (int c = 0; c < b->ncells; c++)
        map[c] = (uint16_t)c;
    return map;
}

/* Fills maps (MAX_MOVES x ncells) with every move's map; returns how many. */
static int orient_moves(const sdk_board *b, uint16_t *maps)
{
    int n = b->n, br = b->box_rows, bc = b->box_cols, count = 0;
    for (int first = 0; first < n; first += br)             /* rows of a band */
        for (int i = 0; i < br; i++)
            for (int j = i + 1; j < br; j++)
                swap_rows(n, next_map(b, maps, &count), first + i, first + j);
    for (int first = 0; first < n; first += bc)             /* columns of a stack */
        for (int i = 0; i < bc; i++)
            for (int j = i + 1; j < bc; j++)
                swap_cols(n, next_map(b, maps, &count), first + i, first + j);
    for (int i = 0; i < n / br; i++)                        /* bands */
        for (int j = i + 1; j < n / br; j++) {
            uint16_t *map = next_map(b, maps, &count);
            for (int k = 0; k < br; k++)
                swap_rows(n, map, i * br + k, j * br + k);
        }
    for (int i = 0; i < n / bc; i++)                        /* stacks */
        for (int j = i + 1; j < n / bc; j++) {
            uint16_t *map = next_map(b, maps, &count);
            for (int k = 0; k < bc; k++)
                swap_cols(n, map, i * bc + k, j * bc + k);
        }
    if (br == bc) {
        uint16_t *map = next_map(b, maps, &count);
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++)
                map[r * n + c] = (uint16_t)(c * n + r);
    }
    return count;
}

/* Does the move (cell c takes the content of map[c]; map is its own
 * inverse) carry every house onto a house?  Then it maps the board's grids
 * to grids.  Every move does on a standard board; on a variant's, only
 * those that keep its extra houses (the transpose keeps an X board's
 * diagonals, a row swap does not).  mark: ncells zeros, left so. */
static int move_keeps_houses(const sdk_board *b, const uint16_t *map, uint8_t *mark)
{
    int n = b->n, kept = 1;
    for (int h = 0; h < b->nhouses && kept; h++) {
        const uint16_t *cells = b->house_cells + (size_t)h * n;
        for (int i = 0; i < n; i++)
            mark[map[cells[i]]] = 1;
        int first = map[cells[0]];
        kept = 0;
        for (int k = b->cell_house_start[first]; k < b->cell_house_start[first + 1] && !kept; k++) {
            const uint16_t *image = b->house_cells + (size_t)b->cell_houses[k] * n;
            kept = 1;
            for (int i = 0; i < n && kept; i++)
                kept = mark[image[i]];
        }
        for (int i = 0; i < n; i++)
            mark[map[cells[i]]] = 0;
    }
    return kept;
}

/* Keeps, of the nmoves maps, those that carry houses onto houses (on a
 * variant's board; a standard board's all do); returns how many. */
static int orient_keep_valid(const sdk_board *b, uint16_t *maps, int nmoves)
{
    uint8_t mark[SDK_MAX_CELLS] = {0};
    int kept = 0;
    size_t nc = (size_t)b->ncells;
    for (int m = 0; m < nmoves; m++)
        if (!b->variant || move_keeps_houses(b, maps + (size_t)m * nc, mark))
            memmove(maps + (size_t)kept++ * nc, maps + (size_t)m * nc, sizeof(uint16_t) * nc);
    return kept;
}

static void orient_u8(const uint16_t *map, int ncells, uint8_t *cells)
{
    uint8_t was[SDK_MAX_CELLS];
    memcpy(was, cells, (size_t)ncells);
    for (int c = 0; c < ncells; c++)
        cells[c] = was[map[c]];
}

/* A figure of a puzzle that all its orientations share: the sum, over its
 * clues, of a hash of the clue's digit, the digits of its row and its
 * column (as an unordered pair: the transpose swaps them) and those of its
 * box.  The moves only permute rows, columns and boxes, so two puzzles
 * with different prints are never orientations of each other; two with
 * the same print almost always are (when not, --count loses a candidate,
 * never prints a puzzle twice). */
static uint64_t orientation_print(const sdk_board *b, const uint8_t *puzzle)
{
    uint32_t digits[SDK_MAX_CELLS];     /* per house (a variant may have more than 3n): a bit a digit */
    memset(digits, 0, sizeof(uint32_t) * (size_t)b->nhouses);
    for (int c = 0; c < b->ncells; c++)
        if (puzzle[c]) {
            uint32_t bit = 1u << (puzzle[c] - 1);
            digits[b->cell_row[c]] |= bit;
            digits[b->cell_col[c]] |= bit;
            digits[b->cell_box[c]] |= bit;
        }
    uint64_t print = 0;
    for (int c = 0; c < b->ncells; c++)
        if (puzzle[c]) {
            uint32_t row = digits[b->cell_row[c]], col = digits[b->cell_col[c]];
            uint64_t h = ((uint64_t)(row < col ? row : col) << 32 | (row < col ? col : row)) * 0x9e3779b97f4a7c15ull;
            h ^= ((uint64_t)digits[b->cell_box[c]] << 8 | puzzle[c]) * 0xbf58476d1ce4e5b9ull;
            h ^= h >> 31;
            h *= 0x94d049bb133111ebull;
            print += h ^ h >> 29;
        }
    return print;
}

/* ---- a run: a depth stage, then a width stage ------------------------------------ */

typedef struct remc_run {
    const sdk_board *b;
    const sdk_gen_params *g;
    uint32_t seed;
    int count, found, first;
    sdk_gen_result *best;       /* count slots, best first */
    uint64_t *best_print;       /* their orientation_prints (--count keeps distinct ones) */
    const sdk_budget *budget;   /* the chains': the run's, less the confirmation's reserve */
    const sdk_budget *whole;    /* the run's */
    sdk_budget chains;          /* budget's storage when it has a reserve */
    sdk_budget within;          /* the current attempt's: the run's, with an earlier deadline
                                   when attempts are timed */
    uint64_t steps;
    uint64_t attempts, attempt_end;     /* attempts begun; the step the current one ends (0: never) */
    double deepest;             /* the depth stage's best depth so far */
    puzzle_memo memo;
    int nmoves;
    uint16_t *maps;             /* the orientation moves' maps, nmoves x ncells */
    const struct objective *obj;
    int samples;                /* average-width: walks a figure */
    int nstages;                /* delayed acceptance: 1 (none), or stages of stage_walks[s] walks */
    int stage_walks[MAX_STAGES];
    sdk_rng rng;
} remc_run;

/* ---- objectives: what U measures in the width stage -------------------------
 *
 * U = ln(figure / scale), the figure a whole number >= 1 that is a function
 * of the puzzle alone (so the memo can keep it and the chain is Metropolis
 * on a fixed H).  `width` is the normal width (ties broken top-left: it
 * depends on the orientation, so orientation trials can raise it).
 * `average-width` is the mean of `objective_samples` widths with random
 * tie-breaks, each drawn from a seed made from the puzzle's digits (and the
 * walk's number; judged in stages, staged_accepts): an estimate
 * of Watanabe's average width, which no orientation changes (so no
 * orientation trials), at that many walks a figure, without the walks'
 * table of subtrees (which serves top-left walks only).
 */
typedef struct objective {
    const char *name, *summary;
    /* The figure of a unique puzzle keyed key; 0 if the budget stopped it. */
    uint64_t (*figure)(remc_run *run, const uint8_t *puzzle, const puzzle_key *key);
    int orientations;           /* orientation trials can change the figure */
    int per_sample;             /* the figure is a sum over objective_samples walks */
} objective;

static uint64_t figure_width(remc_run *run, const uint8_t *puzzle, const puzzle_key *key)
{
    (void)key;
    return sdk_rate_width(run->b, puzzle, NULL, NULL, &run->within);
}

/* The memo field of stage s's sum: the last stage's is the figure. */
static int stage_field(const remc_run *run, int s)
{
    return s == run->nstages - 1 ? 0 : 2 + s;
}

/* The width of walk i of a unique puzzle (its key's hash), its tie-breaks
 * from a seed made of the two; 0 if the budget stopped it. */
static uint64_t tiebreak_walk(const remc_run *run, const uint8_t *puzzle, uint64_t hash, int i,
                              const sdk_budget *budget)
{
    sdk_rng tiebreak;
    sdk_rng_seed(&tiebreak, sdk_rng_derive(hash, (uint64_t)i));
    return sdk_rate_width(run->b, puzzle, &tiebreak, NULL, budget);
}

/* The sum of the first stage_walks[s] random tie-break widths of a unique
 * puzzle; 0 if the budget stopped a walk.  Walk i draws its tie-breaks
 * from a seed made of the puzzle's digits and i, so every sum is a function
 * of the puzzle and a later stage only adds walks to an earlier one's. */
static uint64_t walk_sum(remc_run *run, const uint8_t *puzzle, const puzzle_key *key, int s)
{
    uint64_t sum = puzzle_recall(&run->memo, key, stage_field(run, s));
    if (sum)
        return sum;
    int known = s - 1;
    while (known >= 0 && !(sum = puzzle_recall(&run->memo, key, stage_field(run, known))))
        known--;
    uint64_t hash = key_hash(&run->memo, key);
    for (int u = known + 1; u <= s; u++) {
        for (int i = u ? run->stage_walks[u - 1] : 0; i < run->stage_walks[u]; i++) {
            uint64_t w = tiebreak_walk(run, puzzle, hash, i, &run->within);
            if (!w)
                return 0;
            sum += w;
        }
        puzzle_learn(&run->memo, key, stage_field(run, u), sum);
    }
    return sum;
}

static uint64_t figure_average_width(remc_run *run, const uint8_t *puzzle, const puzzle_key *key)
{
    return walk_sum(run, puzzle, key, run->nstages - 1);
}

static uint64_t figure_er(remc_run *run, const uint8_t *puzzle, const puzzle_key *key)
{
    (void)key;
    return sdk_human_figure(NULL, run->b, puzzle, &run->within);
}

static const objective objectives[] = {
    {"width", "U = ln(normal width): ties broken top-left, as the paper's chain", figure_width, 1, 0},
    {"average-width", "U = ln(mean width over --objective-samples random tie-breaks): free of the "
     "tie-break, Watanabe's average width", figure_average_width, 0, 1},
    {"er", "U = 2 ER + EP/50: Sudoku Explainer's rating (rate --human), hard for people, EP breaking ties",
     figure_er, 0, 0},
};
enum { NOBJECTIVES = sizeof objectives / sizeof objectives[0] };

int sdk_remc_objective_find(const char *name)
{
    for (int i = 0; i < NOBJECTIVES; i++)
        if (strcmp(objectives[i].name, name) == 0)
            return i;
    return -1;
}

const char *sdk_remc_objective_name(int index, const char **summary)
{
    if (index < 0 || index >= NOBJECTIVES)
        return NULL;
    if (summary)
        *summary = objectives[index].summary;
    return objectives[index].name;
}

/* The figure's value: the normal width, or the mean sampled width. */
static double figure_value(const remc_run *run, uint64_t figure)
{
    return (double)figure / (run->obj->per_sample ? run->samples : 1);
}

static double energy(const sdk_gen_params *g, double U, int clues)
{
    return -g->J * U + g->h * clues;
}

/* Metropolis: accept a change of H by dH at inverse temperature beta? */
static int accepts(remc_run *run, double beta, double dH)
{
    return dH <= 0 || sdk_rng_double(&run->rng) < exp(-beta * dH);
}

/* Keeps the `count` lowest-energy puzzles (width energy) distinct up to
 * orientation: of two orientations of one, the better. */
static void remember_as(remc_run *run, const sdk_gen_result *found, uint64_t print)
{
    int at = run->found;
    for (int i = 0; i < run->found; i++)
        if (run->best_print[i] == print) {
            if (found->energy >= run->best[i].energy)
                return;
            at = i;             /* a better orientation: it takes the old one's place */
            break;
        }
    if (at == run->found) {
        if (run->found == run->count && found->energy >= run->best[run->found - 1].energy)
            return;
        at = run->found < run->count ? run->found++ : run->found - 1;
    }
    while (at > 0 && run->best[at - 1].energy > found->energy) {
        run->best[at] = run->best[at - 1];
        run->best_print[at] = run->best_print[at - 1];
        at--;
    }
    run->best[at] = *found;
    run->best_print[at] = print;
}

static int puzzle_depth(remc_run *run, const uint8_t *puzzle, const uint8_t *grid, const puzzle_key *key);

/* Offers r's puzzle to the run's best.  Only candidates: a puzzle that
 * naked singles solve (depth 0, a full grid among them) is none, however
 * few others the run has found.  A puzzle goes in with every figure a
 * printed record carries (depth, normal width, the objective's figure),
 * found now, so that an interrupted run prints whole records at once; if
 * the budget stops that, it does not go in. */
static void remember(remc_run *run, const replica *r)
{
    double value = figure_value(run, r->width);
    sdk_gen_result found = {.clues = r->clues, .energy = energy(run->g, log(value), r->clues),
                            .figure = value};
    if (value <= 1 || (run->found == run->count && found.energy >= run->best[run->found - 1].energy))
        return;
    puzzle_key key;
    key_of(&run->memo, run->b->ncells, r->puzzle, &key);
    found.depth = puzzle_depth(run, r->puzzle, r->grid, &key);
    found.normal_width = run->obj->figure == figure_width ? r->width
                         : sdk_rate_width(run->b, r->puzzle, NULL, NULL, &run->within);
    if (found.depth < 1 || found.normal_width == 0)
        return;                 /* (the er objective's figure of a depth-0 puzzle is above 1) */
    memcpy(found.puzzle, r->puzzle, (size_t)run->b->ncells);
    remember_as(run, &found, orientation_print(run->b, r->puzzle));
}

/* Does r's puzzle (keyed key; unique before the clue at cell `removed`
 * went) have one solution?  (No, unlearnt, if the budget stopped the
 * question.) */
static int remc_unique(remc_run *run, replica *r, const puzzle_key *key, int removed)
{
    uint64_t width = puzzle_recall(&run->memo, key, 0);
    if (width || puzzle_recall(&run->memo, key, 1) || (run->nstages > 1 && puzzle_recall(&run->memo, key, 2)))
        return width != UINT64_MAX;
    uint8_t other[SDK_MAX_CELLS];
    int count = cluememo_removal_count(run->b, r->puzzle, &removed, 1, r->grid, other, &run->within);
    if (count == 1)
        return 1;
    if (count == 2)
        puzzle_learn(&run->memo, key, 0, UINT64_MAX);
    return 0;
}

/* The objective's figure of a unique puzzle; 0 if the budget stopped the
 * walks (one walk can take seconds: the budget reaches into it). */
static uint64_t remc_width(remc_run *run, const uint8_t *puzzle, const puzzle_key *key)
{
    uint64_t width = puzzle_recall(&run->memo, key, 0);
    if (!width) {
        width = run->obj->figure(run, puzzle, key);
        if (width)
            puzzle_learn(&run->memo, key, 0, width);
    }
    return width;
}

/* The depth of a unique puzzle with solution grid; -1 if the budget
 * stopped the search. */
static int puzzle_depth(remc_run *run, const uint8_t *puzzle, const uint8_t *grid, const puzzle_key *key)
{
    uint64_t depth = puzzle_recall(&run->memo, key, 1);
    if (!depth) {
        int d = sdk_rate_depth(run->b, puzzle, grid, -1, &run->within);
        if (d < 0)
            return -1;
        depth = (uint64_t)d + 1;
        puzzle_learn(&run->memo, key, 1, depth);
    }
    return (int)depth - 1;
}

/* Internal energy of r's (unique) puzzle, keyed key, for the stage: the
 * depth (then *width is left 0: the depth stage does not need the tree
 * walk, which costs far more), or ln(normal width).  -1 if the budget
 * stopped it. */
static double internal_energy(remc_run *run, const replica *r, const puzzle_key *key, int depth_stage,
                              uint64_t *width)
{
    *width = 0;
    if (depth_stage) {
        int depth = puzzle_depth(run, r->puzzle, r->grid, key);
        return depth < 0 ? -1 : (double)depth;
    }
    *width = remc_width(run, r->puzzle, key);
    return *width ? log(figure_value(run, *width)) : -1;
}

/* Fills in r's normal width if the depth stage left it out; 0 if the budget
 * stopped the walk. */
static int ensure_width(remc_run *run, replica *r)
{
    if (!r->width) {
        puzzle_key key;
        key_of(&run->memo, run->b->ncells, r->puzzle, &key);
        r->width = remc_width(run, r->puzzle, &key);
    }
    return r->width != 0;
}

/* Delayed acceptance (Christen and Fox, 2005) for the per-sample objectives:
 * moving replica r to the unique puzzle `puzzle` (keyed key, dclues more
 * clues) is tried on the first walk's width, then on the first two walks'
 * mean, ...; stage s accepts with min(1, exp(-beta (dH_s - dH_s-1))), dH_s
 * the change of H with stage s's figure (dH_-1 = 0).  The chain is still
 * Metropolis on the last stage's H (detailed balance holds stage by
 * stage), but a puzzle that its first walk already rejects costs one walk
 * instead of objective_samples.  Returns 1 if accepted, with the
 * proposal's stage sums in prefix; 0 if rejected or out of time. */
static int staged_accepts(remc_run *run, const replica *r, const uint8_t *puzzle, const puzzle_key *key,
                          int dclues, double beta, uint64_t *prefix)
{
    double before = 0;
    for (int s = 0; s < run->nstages; s++) {
        if (!(prefix[s] = walk_sum(run, puzzle, key, s)))
            return 0;
        double dH = -run->g->J * log((double)prefix[s] / (double)r->prefix[s]) + run->g->h * dclues;
        if (!accepts(run, beta, dH - before))
            return 0;
        before = dH;
    }
    return 1;
}

/* Replica r takes the puzzle now in r->puzzle (with `clues` clues), whose
 * stage sums staged_accepts found. */
static void staged_take(remc_run *run, replica *r, int clues, const uint64_t *prefix)
{
    memcpy(r->prefix, prefix, sizeof(uint64_t) * (size_t)run->nstages);
    r->width = prefix[run->nstages - 1];
    r->U = log(figure_value(run, r->width));
    r->clues = clues;
    remember(run, r);
}

/* Fills in r's stage sums (per-sample objectives); 0 if out of time. */
static int fill_prefix(remc_run *run, replica *r)
{
    puzzle_key key;
    key_of(&run->memo, run->b->ncells, r->puzzle, &key);
    for (int s = 0; s < run->nstages; s++)
        if (!(r->prefix[s] = walk_sum(run, r->puzzle, &key, s)))
            return 0;
    return 1;
}

/* One Metropolis trial on replica r at inverse temperature beta: flip cell
 * c (a clue goes, or a blank gets its clue back), rejecting removals that
 * lose uniqueness. */
static void trial(remc_run *run, replica *r, double beta, int depth_stage, int c)
{
    int removing = r->puzzle[c] != 0;
    r->puzzle[c] = removing ? 0 : r->grid[c];
    int clues = r->clues + (removing ? -1 : 1);
    puzzle_key key;
    key_of(&run->memo, run->b->ncells, r->puzzle, &key);
    if (removing && !remc_unique(run, r, &key, c)) {
        r->puzzle[c] = r->grid[c];
        return;
    }
    if (!depth_stage && run->nstages > 1) {
        uint64_t prefix[MAX_STAGES];
        if (staged_accepts(run, r, r->puzzle, &key, clues - r->clues, beta, prefix))
            staged_take(run, r, clues, prefix);
        else
            r->puzzle[c] = removing ? r->grid[c] : 0;
        return;
    }
    uint64_t width;
    double U = internal_energy(run, r, &key, depth_stage, &width);
    if (U >= 0 && accepts(run, beta, energy(run->g, U, clues) - energy(run->g, r->U, r->clues))) {
        /* The depth stage keeps (and walks the tree of) only puzzles deeper
         * than any before: the output, should the width stage never start. */
        int record = !depth_stage || U > run->deepest;
        r->U = U;
        r->clues = clues;
        r->width = width;
        if (record && ensure_width(run, r))
            remember(run, r);
        if (depth_stage && U > run->deepest)
            run->deepest = U;
    } else {                    /* rejected, or out of time: undo the flip */
        r->puzzle[c] = removing ? r->grid[c] : 0;
    }
}

/* The index-th (0-based, row-major) clue of puzzle, or blank if !clue. */
static int nth_cell(const sdk_board *b, const uint8_t *puzzle, int clue, int index)
{
    for (int c = 0; c < b->ncells; c++)
        if ((puzzle[c] != 0) == clue && index-- == 0)
            return c;
    return -1;
}

/* A width-stage trial that moves one of replica r's clues to a blank cell,
 * with any digit: a uniform clue, blank and digit, so the move back is
 * proposed as often.  Accepted (Metropolis on the same H: the clue count
 * does not change) only if the new puzzle has one solution, which becomes
 * r's grid: the chain can leave the grid its attempt began on. */
static void relocation_trial(remc_run *run, replica *r, double beta)
{
    const sdk_board *b = run->b;
    int nc = b->ncells;
    if (r->clues == 0 || r->clues == nc)
        return;
    int from = nth_cell(b, r->puzzle, 1, (int)sdk_rng_below(&run->rng, (uint32_t)r->clues));
    int to = nth_cell(b, r->puzzle, 0, (int)sdk_rng_below(&run->rng, (uint32_t)(nc - r->clues)));
    uint8_t moved = r->puzzle[from];
    r->puzzle[from] = 0;
    r->puzzle[to] = (uint8_t)(1 + sdk_rng_below(&run->rng, (uint32_t)b->n));
    puzzle_key key;
    key_of(&run->memo, nc, r->puzzle, &key);
    uint8_t solution[SDK_MAX_CELLS];
    sdk_status status;
    /* Most of these puzzles have no solution or several; the memo is not
     * told, as they would push out widths, which cost far more to find. */
    uint64_t width = puzzle_recall(&run->memo, &key, 0);
    if (width != UINT64_MAX) {
        uint64_t count = sdk_exact_count(b, r->puzzle, width ? 1 : 2, solution, NULL, &run->within, &status);
        if (count != 1 || (status != SDK_SOLVED && status != SDK_UNSOLVABLE))
            width = 0;                  /* not one solution, or out of time */
        else if (run->nstages > 1) {
            uint64_t prefix[MAX_STAGES];
            if (staged_accepts(run, r, r->puzzle, &key, 0, beta, prefix)) {
                memcpy(r->grid, solution, (size_t)nc);
                staged_take(run, r, r->clues, prefix);
                return;
            }
            width = 0;
        } else if (!width)
            width = remc_width(run, r->puzzle, &key);
    }
    if (width && width != UINT64_MAX) {
        double U = log(figure_value(run, width));
        if (accepts(run, beta, -run->g->J * (U - r->U))) {
            memcpy(r->grid, solution, (size_t)nc);
            r->U = U;
            r->width = width;
            remember(run, r);
            return;
        }
    }
    r->puzzle[to] = 0;
    r->puzzle[from] = moved;
}

/* A width-stage trial of a new orientation of replica r. */
static void orient_trial(remc_run *run, replica *r, double beta)
{
    int nc = run->b->ncells;
    const uint16_t *map = run->maps + (size_t)sdk_rng_below(&run->rng, (uint32_t)run->nmoves) * (size_t)nc;
    orient_u8(map, nc, r->puzzle);
    puzzle_key key;
    key_of(&run->memo, nc, r->puzzle, &key);
    uint64_t width;
    double U = internal_energy(run, r, &key, 0, &width);
    if (U >= 0 && accepts(run, beta, -run->g->J * (U - r->U))) {
        orient_u8(map, nc, r->grid);
        r->U = U;
        r->width = width;
        remember(run, r);
    } else {
        orient_u8(map, nc, r->puzzle);  /* each move undoes itself */
    }
}

/* One width-stage Monte Carlo step of replica r, as Watanabe's program does
 * it: WIDTH_PAIRS times, a trial removal of a uniformly chosen clue, then a
 * trial return of a uniformly chosen blank; then `relocations` relocation
 * trials; and, every orient_every steps, a trial orientation. */
static void width_step(remc_run *run, replica *r, double beta, uint64_t step)
{
    int nc = run->b->ncells;
    for (int i = 0; i < WIDTH_PAIRS; i++) {
        if (r->clues > 0)
            trial(run, r, beta, 0,
                  nth_cell(run->b, r->puzzle, 1, (int)sdk_rng_below(&run->rng, (uint32_t)r->clues)));
        if (r->clues < nc)
            trial(run, r, beta, 0,
                  nth_cell(run->b, r->puzzle, 0, (int)sdk_rng_below(&run->rng, (uint32_t)(nc - r->clues))));
    }
    /* A step of 1000 relocations a replica can take a second; most end
     * before any walk or count looks at the budget, so the loop does. */
    for (int i = 0; i < run->g->relocations; i++) {
        if ((i & 15) == 0 && sdk_budget_expired(&run->within))
            return;
        relocation_trial(run, r, beta);
    }
    if (run->g->orient_every > 0 && run->nmoves > 0 && run->obj->orientations &&
        step % (uint64_t)run->g->orient_every == 0)
        orient_trial(run, r, beta);
}

/* Replica exchange between neighbours m and m + 1, accepted with
 * min(1, exp((beta_m - beta_m+1)(H_m - H_m+1))). */
static void exchange(remc_run *run, replica *rep, const double *beta, uint64_t *swaps, int m)
{
    const sdk_gen_params *g = run->g;
    double d = (beta[m] - beta[m + 1]) *
               (energy(g, rep[m].U, rep[m].clues) - energy(g, rep[m + 1].U, rep[m + 1].clues));
    if (d >= 0 || sdk_rng_double(&run->rng) < exp(d)) {
        replica t = rep[m];
        rep[m] = rep[m + 1];
        rep[m + 1] = t;
        swaps[m]++;
    }
}

static int run_over(remc_run *run)
{
    if (run->g->max_steps && run->steps >= run->g->max_steps)
        return 1;
    return sdk_budget_expired(run->budget);     /* cheap next to a step's tree walks */
}

/* Has this attempt used its attempt_steps (or the run its budget)? */
static int attempt_over(remc_run *run)
{
    return (run->attempt_end && run->steps >= run->attempt_end) || run_over(run) ||
           sdk_budget_expired(&run->within);
}

static void report(remc_run *run, int stage)
{
    if (run->first && run->g->progress)
        run->g->progress(run->g->progress_ctx, run->steps, stage, run->found ? &run->best[0] : NULL);
}

/* The depth stage also ends after DEPTH_PATIENCE trials a cell without a
 * deeper puzzle: boards smaller than 9x9 never reach depth 9 (on 9x9 it
 * takes ~10,000 trials, with gaps of a few thousand between records). */
enum { DEPTH_PATIENCE = 1000 };

/* Depth stage: one chain from the full grid (all clues) at depth_beta,
 * until depth_goal; then r holds its puzzle, with its width.  0 if the
 * attempt ended first. */
static int depth_stage(remc_run *run, replica *r)
{
    const sdk_gen_params *g = run->g;
    const sdk_board *b = run->b;
    memcpy(r->puzzle, r->grid, (size_t)b->ncells);
    r->clues = b->ncells;
    puzzle_key key;
    key_of(&run->memo, b->ncells, r->puzzle, &key);
    r->U = run->deepest = internal_energy(run, r, &key, 1, &r->width);
    if (ensure_width(run, r))
        remember(run, r);
    uint64_t deeper_at = run->steps;
    double deepest = run->deepest;
    while (r->U < g->depth_goal && !attempt_over(run) &&
           run->steps - deeper_at < (uint64_t)DEPTH_PATIENCE * (uint64_t)b->ncells) {
        trial(run, r, g->depth_beta, 1, (int)sdk_rng_below(&run->rng, (uint32_t)b->ncells));
        run->steps++;
        if (run->deepest > deepest) {
            deepest = run->deepest;
            deeper_at = run->steps;
        }
        if ((run->steps & 255) == 0)
            report(run, 1);
    }
    if (!ensure_width(run, r) || (run->nstages > 1 && !fill_prefix(run, r)))
        return 0;               /* out of time */
    r->U = log(figure_value(run, r->width));
    remember(run, r);
    return 1;
}

/* Width stage: M replicas from r, betas evenly spaced from beta_min
 * (fixed) to beta_max, then adapted every N_s steps; until the run ends. */
static void width_stage(remc_run *run, const replica *r, replica *rep, double *beta, uint64_t *swaps)
{
    const sdk_gen_params *g = run->g;
    int M = g->replicas > 0 ? g->replicas : 1;
    for (int m = 0; m < M; m++) {
        rep[m] = *r;
        beta[m] = M > 1 ? g->beta_min + (g->beta_max - g->beta_min) * m / (M - 1) : g->beta_max;
        swaps[m] = 0;
    }
    int Ns = g->exchange_steps > 0 ? g->exchange_steps : 100;
    for (uint64_t step = 1; !attempt_over(run); step++, run->steps++) {
        for (int m = 0; m < M; m++)
            width_step(run, &rep[m], beta[m], step);
        /* Exchanges: the even pairs, then the odd ones (as the reference). */
        for (int m = 0; m + 1 < M; m += 2)
            exchange(run, rep, beta, swaps, m);
        for (int m = 1; m + 1 < M; m += 2)
            exchange(run, rep, beta, swaps, m);
        if (step % (uint64_t)Ns == 0) {
            /* beta_m <- beta_{m-1} + max(p, 1/N_s)/p-bar (beta_m - beta_{m-1}), with p
             * the exchange acceptance of the pair (m-1, m) over the last N_s steps.
             * Capped so a gap that keeps widening cannot overflow. */
            double prev_old = beta[0];
            for (int m = 1; m < M; m++) {
                double p = (double)swaps[m - 1] / Ns;
                double c = (p > 1.0 / Ns ? p : 1.0 / Ns) / g->target_accept;
                double old = beta[m];
                beta[m] = beta[m - 1] + c * (old - prev_old);
                if (beta[m] > 1e3)
                    beta[m] = 1e3;
                prev_old = old;
            }
            memset(swaps, 0, sizeof(uint64_t) * (size_t)M);
        }
        if (step % 8 == 0)
            report(run, 2);     /* a width-stage step can take a second */
    }
}

/* ---- confirming the best (per-sample objectives) ---------------------------------
 *
 * The best of many noisy figures is biased upwards (measured: a chain's
 * 8-walk figure of its best 0.2-10% above its 300-walk rating), so a
 * per-sample run keeps CONFIRM_FEW candidates and, at its end, rates them
 * again on CONFIRM_WALKS fresh walks (walks objective_samples.. of the
 * puzzle's streams: the chain's own are the biased ones; counting them
 * left a seed's figure 8% above its rating) and orders them by that mean,
 * which records then carry as the objective's figure.  The chains leave
 * CONFIRM_SHARE of a time limit for it; if the budget (or SIGINT) stops
 * it, the chains' figures stand.
 */
enum { CONFIRM_FEW = 8, CONFIRM_WALKS = 64 };
static const double CONFIRM_SHARE = 0.03;

static int confirm_best(remc_run *run)
{
    double mean[CONFIRM_FEW];
    int n = run->found < CONFIRM_FEW ? run->found : CONFIRM_FEW;
    for (int k = 0; k < n; k++) {
        sdk_gen_result *f = &run->best[k];
        puzzle_key key;
        key_of(&run->memo, run->b->ncells, f->puzzle, &key);
        uint64_t hash = key_hash(&run->memo, &key);
        double sum = 0;
        for (int i = run->samples; i < run->samples + CONFIRM_WALKS; i++) {
            uint64_t w = tiebreak_walk(run, f->puzzle, hash, i, run->whole);
            if (!w)
                return 0;
            sum += (double)w;
        }
        mean[k] = sum / CONFIRM_WALKS;
    }
    for (int k = 0; k < n; k++) {
        run->best[k].figure = mean[k];
        run->best[k].energy = energy(run->g, log(mean[k]), run->best[k].clues);
    }
    /* Insertion sort by the new energy, the prints alongside (stable). */
    for (int k = 1; k < n; k++)
        for (int j = k; j > 0 && run->best[j - 1].energy > run->best[j].energy; j--) {
            sdk_gen_result t = run->best[j];
            run->best[j] = run->best[j - 1];
            run->best[j - 1] = t;
            uint64_t p = run->best_print[j];
            run->best_print[j] = run->best_print[j - 1];
            run->best_print[j - 1] = p;
        }
    return 1;
}

static void *remc_thread(void *arg)
{
    remc_run *run = arg;
    const sdk_gen_params *g = run->g;
    const sdk_board *b = run->b;
    sdk_rng_seed(&run->rng, run->seed);
    int M = g->replicas > 0 ? g->replicas : 1;
    replica *rep = malloc(sizeof(replica) * (size_t)M);
    replica *start = malloc(sizeof(replica));
    double *beta = malloc(sizeof(double) * (size_t)M);
    uint64_t *swaps = calloc((size_t)M, sizeof(uint64_t));
    run->maps = malloc(sizeof(uint16_t) * (size_t)MAX_MOVES * (size_t)b->ncells);
    if (run->maps)
        run->nmoves = orient_keep_valid(b, run->maps, orient_moves(b, run->maps));
    if (rep && start && beta && swaps && run->maps && memo_start(&run->memo, b, 1 + run->nstages)) {
        /* A time limit is shared out in equal attempts of about
         * attempt_seconds (none without one: --steps runs repeat exactly). */
        double attempt_time = 0;
        if (g->attempt_seconds > 0 && run->budget && run->budget->deadline > 0) {
            double left = run->budget->deadline - sdk_now();
            double shares = floor(left / g->attempt_seconds + 0.5);
            attempt_time = left / (shares > 1 ? shares : 1);
        }
        /* Attempts, each on a grid of its own, until the run ends. */
        while (!run_over(run)) {
            run->attempts++;
            run->attempt_end = g->attempt_steps ? run->steps + g->attempt_steps : 0;
            run->within = run->budget ? *run->budget : (sdk_budget){0};
            if (attempt_time > 0 && sdk_now() + attempt_time < run->within.deadline)
                run->within.deadline = sdk_now() + attempt_time;
            start->width = 0;
            /* A jigsaw map's grids can be rare: the capped searches may miss. */
            sdk_status grid = SDK_UNSOLVABLE;
            for (int tries = 0; tries < 20 && grid == SDK_UNSOLVABLE; tries++)
                grid = sdk_generate_grid(b, g, sdk_rng_u32(&run->rng), start->grid, run->budget);
            if (grid != SDK_SOLVED)
                break;
            if (depth_stage(run, start))        /* else the attempt ended in it */
                width_stage(run, start, rep, beta, swaps);
        }
        if (run->obj->per_sample && !sdk_budget_expired(run->whole))
            confirm_best(run);
    }
    free(rep);
    free(start);
    free(beta);
    free(swaps);
    free(run->memo.slots);
    free(run->maps);
    return NULL;
}

int sdk_generate_remc(const sdk_board *b, const sdk_gen_params *g, uint64_t seed, int count,
                      sdk_gen_result *best, const sdk_budget *budget, sdk_remc_totals *totals)
{
    int runs = g->runs > 0 ? g->runs : 1;
    int objective = g->objective >= 0 && g->objective < NOBJECTIVES ? g->objective : 0;
    /* Per-sample objectives keep CONFIRM_FEW candidates to confirm. */
    int keep = objectives[objective].per_sample && count < CONFIRM_FEW ? CONFIRM_FEW : count;
    remc_run *run = calloc((size_t)runs, sizeof *run);
    sdk_gen_result *pool = calloc((size_t)(runs + 1) * (size_t)keep, sizeof *pool);
    uint64_t *prints = calloc((size_t)(runs + 1) * (size_t)keep, sizeof *prints);
    int found = 0;
    if (!run || !pool || !prints || count < 1)
        goto done;
    /* Delayed acceptance's stages: 1, 2, 4, ... walks, then all of them. */
    int nstages = 0, stage_walks[MAX_STAGES] = {0};
    int samples = g->objective_samples > 0 ? g->objective_samples : 1;
    if (objectives[objective].per_sample)
        for (int k = 1; k < samples && nstages < MAX_STAGES - 1; k *= 2)
            stage_walks[nstages++] = k;
    stage_walks[nstages++] = samples;
    for (int i = 0; i < runs; i++) {
        run[i] = (remc_run){.b = b, .g = g, .count = keep, .first = i == 0, .budget = budget,
                            .whole = budget, .obj = &objectives[objective],
                            .samples = samples, .nstages = nstages,
                            .best = pool + (size_t)i * keep, .best_print = prints + (size_t)i * keep,
                            .seed = runs == 1 ? sdk_rng_seed32(seed) : sdk_rng_derive(seed, (uint64_t)i)};
        memcpy(run[i].stage_walks, stage_walks, sizeof stage_walks);
        if (objectives[objective].per_sample && budget && budget->deadline > 0) {
            run[i].chains = *budget;
            run[i].chains.deadline -= CONFIRM_SHARE * (budget->deadline - sdk_now());
            run[i].budget = &run[i].chains;
        }
    }
    /* Runs 1.. get threads; run 0 (the one that reports progress) runs here. */
    pool_run(runs, remc_thread, run, sizeof *run);
    /* Merge: the `count` best distinct over every run, in run order on ties
     * (a run whose confirmation the budget stopped keeps its chains' figures). */
    remc_run merged = {.b = b, .g = g, .count = keep, .best = pool + (size_t)runs * keep,
                       .best_print = prints + (size_t)runs * keep};
    sdk_remc_totals sum = {0, 0};
    for (int i = 0; i < runs; i++) {
        sum.steps += run[i].steps;
        sum.attempts += run[i].attempts;
        for (int k = 0; k < run[i].found; k++)
            remember_as(&merged, &run[i].best[k], run[i].best_print[k]);
    }
    found = merged.found < count ? merged.found : count;
    memcpy(best, merged.best, sizeof *best * (size_t)found);
    if (totals)
        *totals = sum;
done:
    free(run);
    free(pool);
    free(prints);
    return found;
}

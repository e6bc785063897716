/*
 * variants.c -- the variant boards as data: X (both diagonals), windoku (four
 * windows), jigsaw (irregular regions from a map) and samurai (five 9x9 grids
 * sharing corner boxes).  Each is a house list plus drawing geometry; the
 * derived tables (cell->houses, peers) come from board.c, so no solver ever
 * learns a variant's name.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "board.h"

/* JIGSAW_IMPLIED_MAX: the most implied houses a jigsaw lists (generated 9x9
 * maps have 0-12 or more, a median of 7; with its X and windoku houses a
 * 9x9 board stays within exact81's 48) */
enum { SAMURAI_SIDE = 21, WINDOKU_IMPLIED = 5, JIGSAW_IMPLIED_MAX = 12 };
/* Top-left corners (row, column) of the five samurai grids in the 21x21
 * layout: top-left, top-right, centre, bottom-left, bottom-right. */
static const int samurai_corner[5][2] = {{0, 0}, {0, 12}, {6, 6}, {12, 0}, {12, 12}};

int sdk_variant_parse(const char *name, unsigned *flags)
{
    static const struct { const char *word; unsigned flag; } words[] = {
        {"x", SDK_VARIANT_X}, {"diagonal", SDK_VARIANT_X}, {"windoku", SDK_VARIANT_WINDOKU},
        {"hyper", SDK_VARIANT_WINDOKU}, {"jigsaw", SDK_VARIANT_JIGSAW},
        {"samurai", SDK_VARIANT_SAMURAI}, {"killer", SDK_VARIANT_KILLER}, {"standard", 0},
    };
    unsigned f = 0;
    const char *s = name;
    for (;;) {
        size_t len = strcspn(s, ",");
        size_t i = 0;
        while (i < sizeof words / sizeof words[0] &&
               !(strlen(words[i].word) == len && strncasecmp(words[i].word, s, len) == 0))
            i++;
        if (i == sizeof words / sizeof words[0])
            return 0;
        f |= words[i].flag;
        if (!s[len])
            break;
        s += len + 1;
    }
    if ((f & SDK_VARIANT_SAMURAI) && f != SDK_VARIANT_SAMURAI)
        return 0;                        /* samurai combines with nothing */
    *flags = f;
    return 1;
}

/* The board's name for writers: a static string per combination, its
 * words in alphabetical order. */
static const char *variant_name(unsigned f)
{
    static const char *names[] = {NULL, "x", "windoku", "windoku,x", "jigsaw", "jigsaw,x",
                                  "jigsaw,windoku", "jigsaw,windoku,x", "samurai"};
    static const char *killers[] = {"killer", "killer,x", "killer,windoku", "killer,windoku,x", "jigsaw,killer",
                                     "jigsaw,killer,x", "jigsaw,killer,windoku", "jigsaw,killer,windoku,x"};
    if (f & SDK_VARIANT_KILLER)
        return (f & ~(unsigned)SDK_VARIANT_KILLER) < 8 ? killers[f & 7] : NULL;
    return f <= 8 ? names[f] : NULL;
}

unsigned sdk_variant_flags(const sdk_board *b)
{
    unsigned f = 0;
    if (b->variant)
        sdk_variant_parse(b->variant, &f);
    return f;
}

/* ---- region maps ----------------------------------------------------------- */

/* The boxes of an n x n board of br x bc boxes as a region map. */
static void box_regions(int n, int br, int bc, uint8_t *region)
{
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            region[r * n + c] = (uint8_t)((r / br) * (n / bc) + c / bc);
}


/* Cells of region `label` reachable from `start` by steps between
 * orthogonal neighbours of the same region. */
static int region_reach(int n, const uint8_t *region, int start, uint8_t *seen)
{
    int stack[SDK_MAX_CELLS], top = 0, count = 0;
    stack[top++] = start;
    seen[start] = 1;
    while (top) {
        int c = stack[--top], r = c / n, col = c % n;
        count++;
        int next[4] = {r > 0 ? c - n : -1, r < n - 1 ? c + n : -1, col > 0 ? c - 1 : -1,
                       col < n - 1 ? c + 1 : -1};
        for (int k = 0; k < 4; k++)
            if (next[k] >= 0 && !seen[next[k]] && region[next[k]] == region[start]) {
                seen[next[k]] = 1;
                stack[top++] = next[k];
            }
    }
    return count;
}

static int region_connected(int n, const uint8_t *region, int label)
{
    uint8_t seen[SDK_MAX_CELLS] = {0};
    int first = 0;
    while (region[first] != label)
        first++;
    return region_reach(n, region, first, seen) == n;
}

/* The root of cell c's tree in up (paths halved on the way). */
static int region_root(uint16_t *up, int c)
{
    while (up[c] != c) {
        up[c] = up[up[c]];
        c = up[c];
    }
    return c;
}

/* Joins the trees of cells a and b, the lesser root the new root. */
static void region_join(uint16_t *up, int a, int b)
{
    a = region_root(up, a);
    b = region_root(up, b);
    if (a < b)
        up[b] = (uint16_t)a;
    else
        up[a] = (uint16_t)b;
}

/* Region k's name in a message: its label as written, or its number. */
static const char *region_name(char name[16], const char *names, int k)
{
    if (names)
        snprintf(name, 16, "%c", names[k]);
    else
        snprintf(name, 16, "%d", k + 1);
    return name;
}

int variant_check_regions_named(int n, const uint8_t *region, const char *names, char *err, size_t errsize)
{
    int size[SDK_MAX_N] = {0};
    char name[16];
    for (int c = 0; c < n * n; c++) {
        if (region[c] >= n) {
            snprintf(err, errsize, "region map has a label for region %d of %d", region[c] + 1, n);
            return 0;
        }
        if (++size[region[c]] == n + 1) {
            snprintf(err, errsize, "region %s has more than %d cells (r%dc%d)", region_name(name, names, region[c]), n,
                     c / n + 1, c % n + 1);
            return 0;
        }
    }
    for (int k = 0; k < n; k++)
        if (size[k] != n) {
            snprintf(err, errsize, "region %s has %d cells, expected %d", region_name(name, names, k), size[k], n);
            return 0;
        }
    /* Each cell joined to its right and lower neighbours of its region: a
     * tree per connected part (its root its least cell, paths halved), so a
     * region is connected when exactly one of its cells is a root.  (A flood
     * from each region's first cell mispredicted at every step; the reader
     * checks every record's map.) */
    uint16_t up[SDK_MAX_CELLS];
    int roots[SDK_MAX_N] = {0};
    for (int c = 0; c < n * n; c++)
        up[c] = (uint16_t)c;
    for (int r = 0, c = 0; r < n; r++)
        for (int col = 0; col < n; col++, c++) {
            if (col < n - 1 && region[c + 1] == region[c])
                region_join(up, c, c + 1);
            if (r < n - 1 && region[c + n] == region[c])
                region_join(up, c, c + n);
        }
    for (int c = 0; c < n * n; c++)
        roots[region[c]] += up[c] == c;
    int first_bad = n;
    for (int k = n - 1; k >= 0; k--)
        if (roots[k] != 1)
            first_bad = k;
    if (first_bad < n) {
        snprintf(err, errsize, "region %s is not connected", region_name(name, names, first_bad));
        return 0;
    }
    return 1;
}

int sdk_variant_check_regions(int n, const uint8_t *region, char *err, size_t errsize)
{
    return variant_check_regions_named(n, region, NULL, err, errsize);
}

/* Whether cell c has a neighbour in region k. */
static int touches(int n, const uint8_t *region, int c, int k)
{
    int rc = c / n, cc = c % n;
    return (rc > 0 && region[c - n] == k) || (rc < n - 1 && region[c + n] == k) || (cc > 0 && region[c - 1] == k) ||
           (cc < n - 1 && region[c + 1] == k);
}

void board_neighbours(int n, int c, int nb[4])
{
    int r = c / n, col = c % n;
    nb[0] = r > 0 ? c - n : -1;
    nb[1] = r < n - 1 ? c + n : -1;
    nb[2] = col > 0 ? c - 1 : -1;
    nb[3] = col < n - 1 ? c + 1 : -1;
}

/* Whether cell c's region stays connected without c. */
static int removable(int n, const uint8_t *region, int c)
{
    uint8_t seen[SDK_MAX_CELLS] = {0};
    int nb[4];
    board_neighbours(n, c, nb);
    seen[c] = 1;
    for (int k = 0; k < 4; k++)
        if (nb[k] >= 0 && region[nb[k]] == region[c])
            return region_reach(n, region, nb[k], seen) == n - 1;
    return 0;
}

/*
 * A map traded around a grid.  Trades alone (each region giving a digit for
 * the same digit) leave the map near the boxes however long they run: with
 * the grid fixed, maps far from the boxes are rare (at 25x25, a mean of
 * 50-70 of 625 cells off their box, after 37,500 trials as after 600,000).
 * So the grid changes too, by swaps of two digits along a chain that keep
 * it a solution of the map; each opens new trades, and together the two
 * moves reach maps nearly as irregular as those drawn without a grid.
 */
typedef struct around {
    int n;
    uint8_t *grid, *region;
    int diagonals;                                  /* the grid fills both diagonals: kept so */
    uint16_t in_region[SDK_MAX_N][SDK_MAX_N + 1];   /* [k][d]: the cell of region k holding d */
    uint16_t in_row[SDK_MAX_N][SDK_MAX_N + 1], in_col[SDK_MAX_N][SDK_MAX_N + 1];
    uint16_t in_diag[2][SDK_MAX_N + 1];
} around;

/* Enters cell c's digit in the tables of its houses. */
static void around_place(around *a, int c)
{
    int n = a->n, d = a->grid[c], r = c / n, col = c % n;
    a->in_region[a->region[c]][d] = (uint16_t)c;
    a->in_row[r][d] = (uint16_t)c;
    a->in_col[col][d] = (uint16_t)c;
    if (r == col)
        a->in_diag[0][d] = (uint16_t)c;
    if (r + col == n - 1)
        a->in_diag[1][d] = (uint16_t)c;
}

/* A trade: the cells holding one digit d move along a cycle of regions
 * R0 -> R1 -> ... -> R0, each region giving its d to the next and getting
 * the one before's, so each keeps one of each digit.  The cycle is the
 * shortest through a random cell's region, breadth-first over the edges
 * X -> Y where X stays connected without its d and its d touches a cell of
 * Y other than Y's d: then every region of the cycle stays connected. */
static void around_trade(around *a, sdk_rng *r)
{
    int n = a->n, c = (int)sdk_rng_below(r, (uint32_t)(n * n)), d = a->grid[c], A = a->region[c];
    int turn = (int)sdk_rng_below(r, 4);   /* which neighbour is tried first: no side preferred */
    int from[SDK_MAX_N], queue[SDK_MAX_N], head = 0, tail = 0, last = -1;
    for (int k = 0; k < n; k++)
        from[k] = -1;
    queue[tail++] = A;
    while (head < tail && last < 0) {
        int X = queue[head++], x = a->in_region[X][d], nb[4], next[4], nnext = 0;
        board_neighbours(n, x, nb);
        for (int i = 0; i < 4; i++) {
            int y = nb[(i + turn) % 4], Y = y < 0 ? X : a->region[y];
            if (Y != X && y != a->in_region[Y][d])
                next[nnext++] = Y;
        }
        if (!nnext || !removable(n, a->region, x))
            continue;
        for (int i = 0; i < nnext && last < 0; i++) {
            if (next[i] == A)
                last = X;
            else if (from[next[i]] < 0) {
                from[next[i]] = X;
                queue[tail++] = next[i];
            }
        }
    }
    if (last < 0)
        return;
    /* The cycle, from its last region back to A: each region's d goes to
     * the region after it. */
    int cell[SDK_MAX_N], to[SDK_MAX_N], len = 0;
    for (int X = last, after = A;; after = X, X = from[X]) {
        cell[len] = a->in_region[X][d];
        to[len++] = after;
        if (X == A)
            break;
    }
    for (int i = 0; i < len; i++) {
        a->region[cell[i]] = (uint8_t)to[i];
        around_place(a, cell[i]);
    }
}

/* A swap of digits d and e along a chain: from a random cell, the cells
 * holding d or e closed under "the other digit of the same row, column,
 * region (and diagonal)", so every house keeps one d and one e.  Most
 * chains are all 2n cells, a relabelling that changes nothing; for about a
 * fifth of the pairs of digits of a 25x25 grid some are fewer (often 4: d e
 * and e d on two rows, columns and regions), and the swap changes the grid. */
static void around_swap(around *a, sdk_rng *r)
{
    int n = a->n, c = (int)sdk_rng_below(r, (uint32_t)(n * n)), d = a->grid[c];
    int e = 1 + (int)sdk_rng_below(r, (uint32_t)(n - 1));
    e += e >= d;
    uint8_t in[SDK_MAX_CELLS] = {0};
    int chain[2 * SDK_MAX_N], len = 0;
    chain[len++] = c;
    in[c] = 1;
    for (int i = 0; i < len; i++) {
        int x = chain[i], other = a->grid[x] == d ? e : d, row = x / n, col = x % n, np = 3;
        int p[5] = {a->in_row[row][other], a->in_col[col][other], a->in_region[a->region[x]][other]};
        if (a->diagonals && row == col)
            p[np++] = a->in_diag[0][other];
        if (a->diagonals && row + col == n - 1)
            p[np++] = a->in_diag[1][other];
        for (int k = 0; k < np; k++)
            if (!in[p[k]]) {
                in[p[k]] = 1;
                chain[len++] = p[k];
            }
    }
    if (len == 2 * n)
        return;
    for (int i = 0; i < len; i++) {
        a->grid[chain[i]] = (uint8_t)(a->grid[chain[i]] == d ? e : d);
        around_place(a, chain[i]);
    }
}

/* Whether both diagonals of grid hold every digit. */
static int fills_diagonals(int n, const uint8_t *grid)
{
    uint32_t down = 0, up = 0;          /* the digits of each diagonal, as bits */
    for (int i = 0; i < n; i++) {
        down |= 1u << grid[i * n + i];
        up |= 1u << grid[i * n + n - 1 - i];
    }
    return down == up && down == ((1u << n) - 1) << 1;
}

/* Trials a cell, half trades and half swaps: at 25x25, 60 leave about 170
 * cells of 625 off their box, 120 about 210 (in 50 ms), 240 about 235 (in
 * 100 ms); drawn without a grid, 235. */
enum { AROUND_TRIALS = 120 };

static void regions_around(int n, uint8_t *grid, sdk_rng *r, uint8_t *region)
{
    around a = {.n = n, .grid = grid, .region = region, .diagonals = fills_diagonals(n, grid)};
    for (int c = 0; c < n * n; c++)
        around_place(&a, c);
    for (int t = 0; t < AROUND_TRIALS * n * n; t++) {
        if (sdk_rng_below(r, 2))
            around_trade(&a, r);
        else
            around_swap(&a, r);
    }
}

void sdk_variant_random_regions(int n, uint8_t *grid, sdk_rng *r, uint8_t *region)
{
    int br, bc;
    if (!sdk_board_default_shape(n, &br, &bc)) {
        br = 1;
        bc = n;
    }
    box_regions(n, br, bc, region);
    if (grid) {
        regions_around(n, grid, r, region);
        return;
    }
    /* Trades: a cell a of region A next to region B and a random cell b of
     * B next to A (other than a's neighbour) swap regions when both stay
     * connected. */
    for (int t = 0; t < 8 * n * n; t++) {
        int a = (int)sdk_rng_below(r, (uint32_t)(n * n)), nb[4];
        board_neighbours(n, a, nb);
        int other = nb[sdk_rng_below(r, 4)];
        if (other < 0 || region[other] == region[a])
            continue;
        int A = region[a], B = region[other];
        int cands[SDK_MAX_CELLS], nc = 0;
        for (int c = 0; c < n * n; c++)
            if (region[c] == B && c != other && touches(n, region, c, A))
                cands[nc++] = c;
        if (!nc)
            continue;
        int b = cands[sdk_rng_below(r, (uint32_t)nc)];
        region[a] = (uint8_t)B;
        region[b] = (uint8_t)A;
        if (!region_connected(n, region, A) || !region_connected(n, region, B)) {
            region[a] = (uint8_t)A;
            region[b] = (uint8_t)B;
        }
    }
}

/* ---- building ------------------------------------------------------------- */

static sdk_board *board_alloc(int n, int ncells, int maxhouses)
{
    sdk_board *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->n = n;
    b->ncells = ncells;
    b->house_cells = malloc(sizeof(uint16_t) * (size_t)(maxhouses * n));
    b->house_kind = malloc((size_t)maxhouses);
    b->cell_row = malloc(sizeof(uint16_t) * (size_t)ncells);
    b->cell_col = malloc(sizeof(uint16_t) * (size_t)ncells);
    b->cell_box = malloc(sizeof(uint16_t) * (size_t)ncells);
    b->cell_y = malloc(sizeof(uint16_t) * (size_t)ncells);
    b->cell_x = malloc(sizeof(uint16_t) * (size_t)ncells);
    if (!b->house_cells || !b->house_kind || !b->cell_row || !b->cell_col || !b->cell_box || !b->cell_y ||
        !b->cell_x) {
        sdk_board_free(b);
        return NULL;
    }
    return b;
}

static void add_house(sdk_board *b, int kind, const int *cells)
{
    for (int i = 0; i < b->n; i++)
        b->house_cells[b->nhouses * b->n + i] = (uint16_t)cells[i];
    b->house_kind[b->nhouses++] = (uint8_t)kind;
}

/* Windoku's implied houses: the rows 1, 5 and 9 (from 1) hold each digit
 * three times, and so do the columns 2-4, whose other 18 cells make up two
 * windows, each digit twice: the three cells of rows 1, 5, 9 in columns 2-4
 * hold each digit once.  So for columns 6-8, and for rows 2-4 and 6-8 with
 * columns 1, 5 and 9; what rows 1, 5, 9 leave of those, in columns 1, 5 and
 * 9, is the fifth.  The rows, columns and windows alone force them (no
 * boxes), so the exact solvers prune with them; no rule of a person's
 * puzzle, so only they read them (sdk_board.nimplied). */
static void add_windoku_implied(sdk_board *b)
{
    static const int lines[3][3] = {{0, 4, 8}, {1, 2, 3}, {5, 6, 7}};
    static const int rc[WINDOKU_IMPLIED][2] = {{0, 1}, {0, 2}, {1, 0}, {2, 0}, {0, 0}};
    int cells[9];
    for (int k = 0; k < WINDOKU_IMPLIED; k++) {
        for (int i = 0; i < 9; i++)
            cells[i] = lines[rc[k][0]][i / 3] * 9 + lines[rc[k][1]][i % 3];
        add_house(b, SDK_HOUSE_EXTRA, cells);
    }
}

/* Whether house h is the cells marked with the stamp. */
static int marked_house(const sdk_board *b, int h, const int *mark, int stamp)
{
    int k = 0;
    while (k < b->n && mark[b->house_cells[h * b->n + k]] == stamp)
        k++;
    return k == b->n;
}

/* Whether the cells marked with the stamp, cell c among them, make up a
 * house of b already: c's row, column or region (region g is house 2n + g),
 * or a house after those (diagonals, the implied houses added so far). */
static int is_house(const sdk_board *b, const uint8_t *region, const int *mark, int stamp, int c)
{
    int n = b->n;
    if (marked_house(b, c / n, mark, stamp) || marked_house(b, n + c % n, mark, stamp) ||
        marked_house(b, 2 * n + region[c], mark, stamp))
        return 1;
    for (int h = 3 * n; h < b->nhouses; h++)
        if (marked_house(b, h, mark, stamp))
            return 1;
    return 0;
}

/* A jigsaw's implied houses, by the same count as windoku's: k rows (or
 * columns) that wholly hold k - 1 regions leave n cells that hold each
 * digit once.  Regions are connected, so each spans an interval of rows;
 * lines that are not an interval split into intervals each holding as many
 * regions as it has rows (no cell left) but one, which leaves the same
 * cells: intervals of rows and of columns find every such house.  (And k
 * regions holding k - 1 rows leave what the other rows and regions do.)  An
 * interval whose regions fill all of its rows but one leaves that row: no
 * new house.  region: the map (region g is house 2n + g).  At most room are
 * added, after b's houses. */
static void add_jigsaw_implied(sdk_board *b, const uint8_t *region, int room)
{
    int n = b->n, added = 0, stamp = 0, mark[SDK_MAX_CELLS];
    memset(mark, 0, sizeof(int) * (size_t)(n * n));
    const uint16_t *hc = b->house_cells;
    for (int f = 0; f < 2; f++) {               /* rows, then columns: houses f*n .. f*n+n-1 */
        int lo[SDK_MAX_N], hi[SDK_MAX_N], line_of[SDK_MAX_CELLS];
        /* held[a][b]: the regions within lines a..b-1 (by those within a+1..b-1 and a..b-2) */
        uint8_t held[SDK_MAX_N + 1][SDK_MAX_N + 1] = {{0}};
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++)
                line_of[hc[(f * n + j) * n + i]] = j;
        for (int g = 0; g < n; g++) {
            lo[g] = n;
            hi[g] = -1;
            for (int i = 0; i < n; i++) {
                int l = line_of[hc[(2 * n + g) * n + i]];
                lo[g] = l < lo[g] ? l : lo[g];
                hi[g] = l > hi[g] ? l : hi[g];
            }
        }
        for (int g = 0; g < n; g++)
            held[lo[g]][hi[g] + 1]++;           /* (those spanning exactly a..b-1, until summed) */
        for (int k = 2; k <= n; k++)
            for (int a = 0; a + k <= n; a++)
                held[a][a + k] += held[a + 1][a + k] + held[a][a + k - 1] - held[a + 1][a + k - 1];
        for (int k = 2; k < n && added < room; k++)
            for (int a = 0; a + k <= n && added < room; a++) {
                if (held[a][a + k] != k - 1)
                    continue;
                uint32_t inside = 0, lines = 0, S = ((1u << k) - 1) << a;
                for (int g = 0; g < n; g++)
                    if (lo[g] >= a && hi[g] < a + k) {
                        inside |= 1u << g;
                        lines |= ((1u << (hi[g] - lo[g] + 1)) - 1) << lo[g];
                    }
                if (lines != S)
                    continue;                   /* (the leftover is a line) */
                int cells[SDK_MAX_N], nc = 0;
                stamp++;
                for (int l = a; l < a + k; l++)
                    for (int i = 0; i < n; i++) {
                        int c = hc[(f * n + l) * n + i];
                        if (!(inside >> region[c] & 1)) {
                            cells[nc++] = c;
                            mark[c] = stamp;
                        }
                    }
                if (!is_house(b, region, mark, stamp, cells[0])) {
                    add_house(b, SDK_HOUSE_EXTRA, cells);
                    added++;
                }
            }
    }
}

/* cell_row/col/box: each cell's first house of each kind (a samurai cell in
 * a shared box has two rows and two columns; the energy reads them all). */
static int board_finish(sdk_board *b)
{
    uint16_t *first[3] = {b->cell_row, b->cell_col, b->cell_box};
    for (int k = 0; k < 3; k++)
        memset(first[k], 0xff, sizeof(uint16_t) * (size_t)b->ncells);
    for (int h = 0; h < b->nhouses; h++) {
        int kind = b->house_kind[h];
        if (kind > SDK_HOUSE_BOX)
            continue;
        for (int i = 0; i < b->n; i++) {
            int c = b->house_cells[h * b->n + i];
            if (first[kind][c] == 0xffff)
                first[kind][c] = (uint16_t)h;
        }
    }
    return board_derive_tables(b);
}

/* Rows, columns and boxes (or regions) of a square grid of side n whose
 * cell (r, c) is at[r * n + c]; skip_box (or -1) is a box already listed. */
static void add_square(sdk_board *b, const int *at, const uint8_t *region, int skip_box[4], int nskip)
{
    int n = b->n, cells[SDK_MAX_N];
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++)
            cells[c] = at[r * n + c];
        add_house(b, SDK_HOUSE_ROW, cells);
    }
    for (int c = 0; c < n; c++) {
        for (int r = 0; r < n; r++)
            cells[r] = at[r * n + c];
        add_house(b, SDK_HOUSE_COL, cells);
    }
    int in[SDK_MAX_N][SDK_MAX_N], count[SDK_MAX_N] = {0};
    for (int c = 0; c < n * n; c++)
        in[region[c]][count[region[c]]++] = at[c];
    for (int k = 0; k < n; k++) {
        int skip = 0;
        for (int s = 0; s < nskip; s++)
            skip |= skip_box[s] == k;
        if (!skip)
            add_house(b, SDK_HOUSE_BOX, in[k]);
    }
}

static sdk_board *samurai_board(void)
{
    int n = 9;
    sdk_board *b = board_alloc(n, 369, 5 * 27);
    if (!b)
        return NULL;
    b->box_rows = b->box_cols = 3;
    b->height = b->width = SAMURAI_SIDE;
    /* Cells are numbered row-major over the 21x21 layout's occupied squares. */
    int index[SAMURAI_SIDE * SAMURAI_SIDE];
    for (int i = 0; i < SAMURAI_SIDE * SAMURAI_SIDE; i++)
        index[i] = -1;
    for (int g = 0; g < 5; g++)
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 9; c++)
                index[(samurai_corner[g][0] + r) * SAMURAI_SIDE + samurai_corner[g][1] + c] = 0;
    int nc = 0;
    for (int i = 0; i < SAMURAI_SIDE * SAMURAI_SIDE; i++)
        if (index[i] == 0) {
            b->cell_y[nc] = (uint16_t)(i / SAMURAI_SIDE);
            b->cell_x[nc] = (uint16_t)(i % SAMURAI_SIDE);
            index[i] = nc++;
        }
    uint8_t region[81];
    box_regions(9, 3, 3, region);
    for (int g = 0; g < 5; g++) {
        int at[81];
        for (int c = 0; c < 81; c++)
            at[c] = index[(samurai_corner[g][0] + c / 9) * SAMURAI_SIDE + samurai_corner[g][1] + c % 9];
        /* The centre grid's corner boxes are the corner grids' boxes: once. */
        int skip[4] = {0, 2, 6, 8};
        add_square(b, at, region, skip, g == 2 ? 4 : 0);
    }
    return b;
}

/* box_rows x box_cols from --box, or the default shape of side n (0 if none). */
static int variant_shape(int n, int *box_rows, int *box_cols)
{
    return (*box_rows && *box_cols) ? *box_rows * *box_cols == n : sdk_board_default_shape(n, box_rows, box_cols);
}

/* sdk_variant_board_boxed; a jigsaw's map and a killer's cages taken as
 * checked when checked is set (the reader checks them first, for messages
 * in its labels). */
static sdk_board *board_build(unsigned flags, int n, int br, int bc, const uint8_t *region, const sdk_killer *k,
                              int checked, char *err, size_t errsize)
{
    if (flags & SDK_VARIANT_KILLER) {
        if (!k) {
            snprintf(err, errsize, "a killer board needs its cages");
            return NULL;
        }
        if (!checked && !sdk_killer_check(n, k, NULL, err, errsize))
            return NULL;
    }
    if (flags & SDK_VARIANT_SAMURAI) {
        if (flags != SDK_VARIANT_SAMURAI || n != 9) {
            snprintf(err, errsize, "a samurai board is five 9x9 grids and combines with no other variant");
            return NULL;
        }
        sdk_board *b = samurai_board();
        if (b && !board_finish(b)) {
            sdk_board_free(b);
            b = NULL;
        }
        if (b)
            b->variant = variant_name(flags);
        return b;
    }
    if (!variant_shape(n, &br, &bc)) {
        if (br)
            snprintf(err, errsize, "%dx%d boxes do not make a board of side %d", br, bc, n);
        else
            snprintf(err, errsize, "no board of side %d", n);
        return NULL;
    }
    if ((flags & SDK_VARIANT_WINDOKU) && n != 9) {
        snprintf(err, errsize, "windoku is a 9x9 variant, not %dx%d", n, n);
        return NULL;
    }
    uint8_t boxes[SDK_MAX_CELLS];
    if (!(flags & SDK_VARIANT_JIGSAW)) {
        box_regions(n, br, bc, boxes);
    } else if (!region || (!checked && !sdk_variant_check_regions(n, region, err, errsize))) {
        if (!region)
            snprintf(err, errsize, "a jigsaw board needs a region map");
        return NULL;
    }
    sdk_board *b = board_alloc(n, n * n, 3 * n + 6 + WINDOKU_IMPLIED + JIGSAW_IMPLIED_MAX);
    if (!b) {
        snprintf(err, errsize, "out of memory building the board");
        return NULL;
    }
    b->box_rows = br;
    b->box_cols = bc;
    b->height = b->width = n;
    int at[SDK_MAX_CELLS], cells[SDK_MAX_N];
    for (int r = 0, c = 0; r < n; r++)
        for (int col = 0; col < n; col++, c++) {
            at[c] = c;
            b->cell_y[c] = (uint16_t)r;
            b->cell_x[c] = (uint16_t)col;
        }
    add_square(b, at, (flags & SDK_VARIANT_JIGSAW) ? region : boxes, NULL, 0);
    if (flags & SDK_VARIANT_X) {
        for (int i = 0; i < n; i++)
            cells[i] = i * n + i;
        add_house(b, SDK_HOUSE_EXTRA, cells);
        for (int i = 0; i < n; i++)
            cells[i] = i * n + (n - 1 - i);
        add_house(b, SDK_HOUSE_EXTRA, cells);
    }
    if (flags & SDK_VARIANT_WINDOKU) {
        for (int w = 0; w < 4; w++) {
            int r0 = 1 + 4 * (w / 2), c0 = 1 + 4 * (w % 2);
            for (int i = 0; i < 9; i++)
                cells[i] = (r0 + i / 3) * 9 + c0 + i % 3;
            add_house(b, SDK_HOUSE_EXTRA, cells);
        }
    }
    int real = b->nhouses;                      /* the houses; implied ones follow */
    if (flags & SDK_VARIANT_WINDOKU)
        add_windoku_implied(b);
    if (flags & SDK_VARIANT_JIGSAW) {
        b->region = malloc((size_t)(n * n));
        if (b->region)
            memcpy(b->region, region, (size_t)(n * n));
        add_jigsaw_implied(b, region, JIGSAW_IMPLIED_MAX);
    }
    b->nimplied = b->nhouses - real;            /* (listed after the houses) */
    b->nhouses = real;
    if ((flags & SDK_VARIANT_JIGSAW && !b->region) || !board_finish(b)) {
        sdk_board_free(b);
        snprintf(err, errsize, "out of memory building the board");
        return NULL;
    }
    if ((flags & SDK_VARIANT_KILLER) && !killer_attach(b, k)) {
        sdk_board_free(b);
        snprintf(err, errsize, "out of memory building the board");
        return NULL;
    }
    b->variant = variant_name(flags);
    return b;
}

sdk_board *sdk_variant_board(unsigned flags, int n, const uint8_t *region, char *err, size_t errsize)
{
    return sdk_variant_board_boxed(flags, n, 0, 0, region, err, errsize);
}

sdk_board *sdk_variant_board_boxed(unsigned flags, int n, int br, int bc, const uint8_t *region, char *err,
                                   size_t errsize)
{
    return board_build(flags, n, br, bc, region, NULL, 0, err, errsize);
}

sdk_board *sdk_variant_board_killer(unsigned flags, int n, int br, int bc, const uint8_t *region, const sdk_killer *k,
                                    char *err, size_t errsize)
{
    return board_build(flags | SDK_VARIANT_KILLER, n, br, bc, region, k, 0, err, errsize);
}

/* ---- layouts the reader and writer share ---------------------------------- */

void variant_samurai_order(const sdk_board *b, uint16_t order[SAMURAI_LINE])
{
    int at[SAMURAI_SIDE * SAMURAI_SIDE] = {0};
    for (int c = 0; c < b->ncells; c++)
        at[b->cell_y[c] * SAMURAI_SIDE + b->cell_x[c]] = c;
    for (int g = 0; g < SAMURAI_GRIDS; g++)
        for (int i = 0; i < 81; i++)
            order[g * 81 + i] =
                (uint16_t)at[(samurai_corner[g][0] + i / 9) * SAMURAI_SIDE + samurai_corner[g][1] + i % 9];
}

char variant_region_char(const sdk_board *b, int k)
{
    return (char)(b->n <= 9 ? '1' + k : 'A' + k);
}

/* ---- the cache ------------------------------------------------------------ */

/* A hash table of lists (variants are few; jigsaw maps one per distinct map
 * in the input: a batch of N maps searched one list made reading it
 * quadratic), searched under a lock.  Each lookup takes a reference, which
 * sdk_variant_release gives back; jigsaw boards that nobody holds are freed
 * once there are more than CACHE_KEEP of them (a batch of a million maps
 * held one each), the others live until the program ends. */
typedef struct cached_board {
    unsigned flags;
    int n;
    long refs;
    sdk_board *board;
    struct cached_board *next;
} cached_board;

enum { CACHE_BUCKETS = 4096, CACHE_KEEP = 512 };
static cached_board *variant_cache[CACHE_BUCKETS];
static long cached_jigsaws, next_sweep = CACHE_KEEP;
static pthread_mutex_t variant_cache_lock = PTHREAD_MUTEX_INITIALIZER;

/* A board with a map of its own (a jigsaw's regions, a killer's cages):
 * one of many, freed when nobody holds it. */
static int mapped(unsigned flags)
{
    return (flags & (SDK_VARIANT_JIGSAW | SDK_VARIANT_KILLER)) != 0;
}

/* FNV-1a over the variant, the side, a jigsaw's map and a killer's cages. */
static cached_board **cache_bucket(unsigned flags, int n, const uint8_t *region, const sdk_killer *k)
{
    uint32_t h = (2166136261u ^ flags ^ (uint32_t)n << 8) * 16777619u;
    for (int c = 0; region && c < n * n; c++)
        h = (h ^ region[c]) * 16777619u;
    if (k)
        h = killer_hash(h, n * n, k);
    return &variant_cache[h % CACHE_BUCKETS];
}

/* Frees the jigsaw boards nobody holds (under the lock); the next sweep
 * waits until there are twice as many as remain, so sweeps cost O(1) a
 * board however many are held. */
static void cache_sweep(void)
{
    for (int k = 0; k < CACHE_BUCKETS; k++)
        for (cached_board **at = &variant_cache[k]; *at;) {
            cached_board *e = *at;
            if (mapped(e->flags) && e->refs == 0) {
                *at = e->next;
                sdk_board_free(e->board);
                free(e);
                cached_jigsaws--;
            } else {
                at = &e->next;
            }
        }
    next_sweep = cached_jigsaws * 2 > CACHE_KEEP ? cached_jigsaws * 2 : CACHE_KEEP;
}

void sdk_variant_release(const sdk_board *b)
{
    unsigned flags = b ? sdk_variant_flags(b) : 0;
    if (!flags)
        return;
    sdk_killer k;
    if (flags & SDK_VARIANT_KILLER)
        sdk_killer_of(b, &k);
    pthread_mutex_lock(&variant_cache_lock);
    cached_board *e = *cache_bucket(flags, b->n, (flags & SDK_VARIANT_JIGSAW) ? b->region : NULL,
                                    (flags & SDK_VARIANT_KILLER) ? &k : NULL);
    while (e && e->board != b)
        e = e->next;
    if (e && e->refs > 0)
        e->refs--;
    pthread_mutex_unlock(&variant_cache_lock);
}

#ifdef SDK_TEST_HOOKS
long sdk_variant_cached_jigsaws(void)
{
    pthread_mutex_lock(&variant_cache_lock);
    long k = cached_jigsaws;
    pthread_mutex_unlock(&variant_cache_lock);
    return k;
}
#endif

const sdk_board *sdk_variant_cached(unsigned flags, int n, const uint8_t *region, char *err, size_t errsize)
{
    return sdk_variant_cached_boxed(flags, n, 0, 0, region, err, errsize);
}

const sdk_board *sdk_variant_cached_boxed(unsigned flags, int n, int br, int bc, const uint8_t *region, char *err,
                                          size_t errsize)
{
    return variant_cached_checked(flags, n, br, bc, region, NULL, 0, err, errsize);
}

const sdk_board *sdk_variant_cached_killer(unsigned flags, int n, int br, int bc, const uint8_t *region,
                                           const sdk_killer *k, char *err, size_t errsize)
{
    return variant_cached_checked(flags | SDK_VARIANT_KILLER, n, br, bc, region, k, 0, err, errsize);
}

const sdk_board *variant_cached_checked(unsigned flags, int n, int br, int bc, const uint8_t *region,
                                        const sdk_killer *k, int checked, char *err, size_t errsize)
{
    if (!flags)
        return NULL;
    if (!(br && bc) || (flags & SDK_VARIANT_SAMURAI))
        sdk_board_default_shape(n, &br, &bc);
    int jigsaw = (flags & SDK_VARIANT_JIGSAW) != 0, killer = (flags & SDK_VARIANT_KILLER) != 0;
    if (killer && !k) {
        snprintf(err, errsize, "a killer board needs its cages");
        return NULL;
    }
    pthread_mutex_lock(&variant_cache_lock);
    cached_board **head = cache_bucket(flags, n, jigsaw ? region : NULL, killer ? k : NULL);
    cached_board *e = *head;
    while (e && !(e->flags == flags && e->n == n && e->board->box_rows == br &&
                  (!jigsaw || memcmp(e->board->region, region, (size_t)(n * n)) == 0) &&
                  (!killer || killer_same(e->board, k))))
        e = e->next;
    sdk_board *b = e ? e->board : NULL;
    if (e)
        e->refs++;
    if (!b) {
        if (mapped(flags) && cached_jigsaws >= next_sweep) {
            cache_sweep();
            head = cache_bucket(flags, n, jigsaw ? region : NULL, killer ? k : NULL);
        }
        b = board_build(flags, n, br, bc, region, k, checked, err, errsize);
        cached_board *add = b ? malloc(sizeof *add) : NULL;
        if (add) {
            add->flags = flags;
            add->n = n;
            add->refs = 1;
            add->board = b;
            add->next = *head;
            *head = add;
            cached_jigsaws += mapped(flags);
        } else if (b) {
            sdk_board_free(b);
            b = NULL;
            snprintf(err, errsize, "out of memory building the board");
        }
    }
    pthread_mutex_unlock(&variant_cache_lock);
    return b;
}

/*
 * unit_variants.c -- the variant boards' tables against hand-counted
 * figures (houses, peers per cell), region-map checks, and every energy's
 * incremental ΔE (set, swap, 3-cycle) against a full recompute on each
 * variant board.
 */
#include <stdlib.h>
#include <string.h>
#include "../src/stochastic/energy.h"
#include "check.h"

static int peers(const sdk_board *b, int c)
{
    return b->peer_start[c + 1] - b->peer_start[c];
}

static int count_kind(const sdk_board *b, int kind)
{
    int k = 0;
    for (int h = 0; h < b->nhouses; h++)
        k += b->house_kind[h] == kind;
    return k;
}

static sdk_board *make(const char *name, int n, const uint8_t *region)
{
    unsigned f;
    char err[160] = "";
    if (!sdk_variant_parse(name, &f))
        return NULL;
    sdk_board *b = sdk_variant_board(f, n, region, err, sizeof err);
    CHECK(b != NULL, "%s: %s", name, err);
    return b;
}

static void check_x(void)
{
    sdk_board *b = make("x", 9, NULL);
    if (!b)
        return;
    CHECK(b->nhouses == 29 && count_kind(b, SDK_HOUSE_EXTRA) == 2, "x: %d houses", b->nhouses);
    /* centre: 20 + 16 diagonal cells - the 4 corners of its box = 32;
     * (0,0): 20 + 8 - (1,1),(2,2) in its box = 26; (0,1): 20 */
    CHECK(peers(b, 40) == 32, "x centre %d peers", peers(b, 40));
    CHECK(peers(b, 0) == 26 && peers(b, 80) == 26 && peers(b, 8) == 26, "x corner %d", peers(b, 0));
    CHECK(peers(b, 1) == 20, "x off-diagonal %d", peers(b, 1));
    CHECK(strcmp(b->variant, "x") == 0, "x name");
    sdk_board_free(b);
    sdk_board *x4 = make("diagonal", 4, NULL);
    /* 4x4: (0,0): 7 + diagonal (1,1) in its box, (2,2), (3,3) = 9 */
    CHECK(x4 && x4->nhouses == 14 && peers(x4, 0) == 9, "x 4x4");
    sdk_board_free(x4);
}

static void check_windoku(void)
{
    sdk_board *b = make("windoku", 9, NULL);
    if (!b)
        return;
    CHECK(b->nhouses == 31 && count_kind(b, SDK_HOUSE_EXTRA) == 4, "windoku: %d houses", b->nhouses);
    /* r2c2 (index 10): 20 + window r2-4 c2-4 less its row, column, box: 3 */
    CHECK(peers(b, 10) == 23, "windoku r2c2 %d", peers(b, 10));
    /* r5c5 (the centre, in no window): 20; r3c3 (index 20): the window's
     * r2c2 is in its box, r2c4, r4c2, r4c4 are new: 23 */
    CHECK(peers(b, 40) == 20, "windoku centre %d", peers(b, 40));
    CHECK(peers(b, 20) == 23, "windoku r3c3 %d", peers(b, 20));
    /* r2c5 (index 13): in no window (column 5 is between them): 20 */
    CHECK(peers(b, 13) == 20, "windoku r2c5 %d", peers(b, 13));
    sdk_board_free(b);
    unsigned f;
    char err[160];
    CHECK(sdk_variant_parse("windoku", &f) && !sdk_variant_board(f, 4, NULL, err, sizeof err),
          "windoku 4x4 refused");
}

/* Every solution found without b's implied houses (its struct with none)
 * holds each digit once in each of them, and counts agree with and without
 * them: on puzzles of `clues` to `clues` + 14 clues (most have many
 * solutions) from grids of the bare board, or from the grid known. */
static void check_implied_hold(const sdk_board *b, const uint8_t *known, int clues, const char *name)
{
    int n = b->n, nc = b->ncells;
    sdk_board bare = *b;
    bare.nimplied = 0;
    bare.serial = 0;
    sdk_gen_params g;
    sdk_generate_defaults(&g);
    sdk_rng r;
    sdk_rng_seed(&r, 5);
    int held = 0, same = 0, tried = 0;
    for (int t = 0; t < 60; t++) {
        uint8_t grid[SDK_MAX_CELLS], p[SDK_MAX_CELLS], sol[SDK_MAX_CELLS], to[SDK_MAX_N];
        for (int d = 0; d < n; d++)             /* a known grid with its digits relabelled, or a new one */
            to[d] = (uint8_t)(d + 1);
        if (known)
            sdk_rng_shuffle_u8(&r, to, n);
        for (int c = 0; known && c < nc; c++)
            grid[c] = to[known[c] - 1];
        if (!known && sdk_generate_grid(&bare, &g, sdk_rng_u32(&r), grid, NULL) != SDK_SOLVED)
            continue;
        for (int c = 0; c < nc; c++)
            p[c] = sdk_rng_below(&r, (uint32_t)nc) < (uint32_t)(clues + t / 4) ? grid[c] : 0;
        tried++;
        same += sdk_exact_count(b, p, 40, NULL, NULL, NULL, NULL) == sdk_exact_count(&bare, p, 40, sol, NULL, NULL, NULL);
        int ok = 1;
        for (int h = b->nhouses; h < b->nhouses + b->nimplied; h++) {
            uint32_t digits = 0;
            for (int i = 0; i < n; i++)
                digits |= 1u << sol[b->house_cells[h * n + i]];
            ok &= digits == ((1u << n) - 1) << 1;
        }
        held += ok;
    }
    CHECK(tried == 60 && held == tried && same == tried,
          "%s: implied houses held in %d of %d solutions found without them, counts agree on %d", name, held, tried,
          same);
}

/* Windoku's five implied houses (src/board/variants.c): nine cells each, 45 in
 * all (rows 1, 5, 9 whole, and columns 1, 5, 9 of the windows' rows), out of
 * the houses everything but the exact solvers reads. */
static void check_windoku_implied(void)
{
    sdk_board *b = make("windoku", 9, NULL);
    if (!b)
        return;
    uint8_t in[81] = {0};
    int cells = 0, distinct = 1;
    for (int h = b->nhouses; h < b->nhouses + b->nimplied; h++) {
        uint8_t seen[81] = {0};
        for (int i = 0; i < 9; i++) {
            int c = b->house_cells[h * 9 + i];
            distinct &= !seen[c];
            seen[c] = 1;
            cells += !in[c];
            in[c] = 1;
        }
    }
    CHECK(b->nimplied == 5 && b->nhouses == 31 && distinct && cells == 45 && in[40] && in[4] && in[36] &&
              in[13] && !in[10] && !in[20],
          "windoku: %d implied houses, %d cells", b->nimplied, cells);
    check_implied_hold(b, NULL, 6, "windoku");
    sdk_board_free(b);
}

/* The set of cells of house h of b, as a 128-bit word (9x9). */
static unsigned __int128 house_set(const sdk_board *b, int h)
{
    unsigned __int128 m = 0;
    for (int i = 0; i < 9; i++)
        m |= (unsigned __int128)1 << b->house_cells[h * 9 + i];
    return m;
}

/* A jigsaw's implied houses (k rows or columns wholly holding k - 1
 * regions, or k regions k - 1 rows or columns: the n cells left) against
 * every subset of lines and regions, on 9x9 maps; none on the boxes; they
 * hold in solutions found without them. */
static void check_jigsaw_implied(void)
{
    uint8_t boxes[81];
    for (int c = 0; c < 81; c++)
        boxes[c] = (uint8_t)(c / 27 * 3 + c % 9 / 3);
    sdk_board *plain = make("jigsaw", 9, boxes);
    CHECK(plain && plain->nimplied == 0, "jigsaw of the boxes: %d implied houses", plain ? plain->nimplied : -1);
    sdk_board_free(plain);
    sdk_gen_params g;
    sdk_generate_defaults(&g);
    sdk_rng r;
    sdk_rng_seed(&r, 9);
    int agree = 0, some = 0;
    for (int t = 0; t < 20; t++) {
        uint8_t grid[81], region[81];
        if (sdk_generate_grid(sdk_board_cached(3, 3), &g, sdk_rng_u32(&r), grid, NULL) != SDK_SOLVED)
            continue;
        sdk_variant_random_regions(9, grid, &r, region);
        sdk_board *b = make(t % 2 ? "jigsaw,x" : "jigsaw", 9, region);
        if (!b)
            continue;
        unsigned __int128 found[64];
        int nf = 0, extra = b->nhouses - 27;                /* (jigsaw,x: the diagonals) */
        for (int f1 = 0; f1 < 3; f1++)
            for (int f2 = 0; f2 < 3; f2++) {
                if (f1 == f2 || (f1 < 2 && f2 < 2))
                    continue;
                for (unsigned S = 1; S < 511; S++) {
                    unsigned __int128 lines = 0, held = 0;
                    int inside = 0;
                    for (int j = 0; j < 9; j++)
                        if (S >> j & 1)
                            lines |= house_set(b, f1 * 9 + j);
                    for (int j = 0; j < 9; j++)
                        if ((house_set(b, f2 * 9 + j) & ~lines) == 0) {
                            held |= house_set(b, f2 * 9 + j);
                            inside++;
                        }
                    if (inside != __builtin_popcount(S) - 1)
                        continue;
                    unsigned __int128 left = lines & ~held;
                    int known = 0;
                    for (int h = 0; h < 27 + extra; h++)
                        known |= house_set(b, h) == left;
                    for (int k = 0; k < nf; k++)
                        known |= found[k] == left;
                    if (!known && nf < 64)
                        found[nf++] = left;
                }
            }
        int match = b->nimplied == nf;
        for (int k = 0; k < nf && match; k++) {
            int in = 0;
            for (int h = b->nhouses; h < b->nhouses + b->nimplied; h++)
                in |= house_set(b, h) == found[k];
            match = in;
        }
        agree += match || (nf > 12 && b->nimplied == 12);   /* (at most 12 listed) */
        some += nf > 0;
        if (t == 0)                         /* (a jigsaw: the grid solves it) */
            check_implied_hold(b, grid, 8, "jigsaw");
        sdk_board_free(b);
    }
    CHECK(agree == 20 && some > 10, "jigsaw: implied houses as by every subset on %d of 20 maps (%d with some)",
          agree, some);
}

static void check_samurai(void)
{
    sdk_board *b = make("samurai", 9, NULL);
    if (!b)
        return;
    CHECK(b->ncells == 369, "samurai %d cells", b->ncells);
    CHECK(b->nhouses == 131, "samurai %d houses (5 x 27 - 4 shared boxes)", b->nhouses);
    CHECK(count_kind(b, SDK_HOUSE_BOX) == 41 && count_kind(b, SDK_HOUSE_ROW) == 45, "samurai kinds");
    CHECK(b->height == 21 && b->width == 21, "samurai layout");
    /* a cell of a shared box: two rows (8 + 8 - 2 in the box) and two
     * columns likewise, and its box's 4 others: 14 + 14 + 4 = 32 */
    int shared = 0, plain = 0, other = 0;
    for (int c = 0; c < b->ncells; c++) {
        int k = peers(b, c);
        if (k == 32)
            shared++;
        else if (k == 20)
            plain++;
        else
            other++;
    }
    CHECK(shared == 36 && plain == 333 && other == 0, "samurai peers: %d x 32, %d x 20, %d other", shared,
          plain, other);
    /* every cell in exactly one box */
    int in_box[369] = {0};
    for (int h = 0; h < b->nhouses; h++)
        if (b->house_kind[h] == SDK_HOUSE_BOX)
            for (int i = 0; i < 9; i++)
                in_box[b->house_cells[h * 9 + i]]++;
    int bad = 0;
    for (int c = 0; c < 369; c++)
        bad += in_box[c] != 1;
    CHECK(!bad, "samurai: %d cells not in exactly one box", bad);
    /* the published solution is a solution of this board */
    FILE *f = fopen("puzzles/samurai.sol", "r");
    CHECK(f != NULL, "puzzles/samurai.sol");
    if (f) {
        sdk_read_options ro = {0};
        ro.variant = "samurai";
        sdk_reader *r = sdk_reader_new(f, "samurai.sol", &ro);
        sdk_record *rec = malloc(sizeof *rec);
        int got = sdk_reader_next(r, rec);
        CHECK(got == 1 && rec->ok && rec->board->ncells == 369, "samurai.sol read: %s", rec->error);
        if (got == 1 && rec->ok)
            CHECK(sdk_board_is_solution(rec->board, rec->cells), "samurai.sol solves the board");
        free(rec);
        sdk_reader_free(r);
        fclose(f);
    }
    sdk_board_free(b);
}

static void check_regions(void)
{
    uint8_t region[81];
    char err[160];
    sdk_rng r;
    sdk_rng_seed(&r, 7);
    for (int t = 0; t < 20; t++) {
        sdk_variant_random_regions(9, NULL, &r, region);
        CHECK(sdk_variant_check_regions(9, region, err, sizeof err), "random regions: %s", err);
    }
    /* boxes are a region map */
    for (int c = 0; c < 81; c++)
        region[c] = (uint8_t)((c / 27) * 3 + (c % 9) / 3);
    CHECK(sdk_variant_check_regions(9, region, err, sizeof err), "boxes: %s", err);
    sdk_board *b = make("jigsaw,x", 9, region);
    CHECK(b && b->nhouses == 29 && b->region && b->region[80] == 8, "jigsaw,x board");
    CHECK(b && !sdk_board_is_plain9(b), "jigsaw is not plain 9x9");
    sdk_board_free(b);
    /* hostile maps */
    uint8_t bad[81];
    memcpy(bad, region, 81);
    bad[0] = 1;                          /* region 2 has 10 cells, region 1 eight */
    CHECK(!sdk_variant_check_regions(9, bad, err, sizeof err) && strstr(err, "more than 9"), "10 cells: %s", err);
    memcpy(bad, region, 81);
    bad[0] = 4;                          /* r1c1 to the centre box, r5c5 to box 1 */
    bad[40] = 0;
    CHECK(!sdk_variant_check_regions(9, bad, err, sizeof err) && strstr(err, "not connected"), "split: %s", err);
    /* the public builders check the map themselves (the reader's own call does not repeat its check) */
    err[0] = '\0';
    CHECK(!sdk_variant_board(SDK_VARIANT_JIGSAW, 9, bad, err, sizeof err) && strstr(err, "not connected"),
          "board of a split map: %s", err);
    err[0] = '\0';
    CHECK(!sdk_variant_cached(SDK_VARIANT_JIGSAW, 9, bad, err, sizeof err) && strstr(err, "not connected"),
          "cached board of a split map: %s", err);
    memcpy(bad, region, 81);
    bad[5] = 9;
    CHECK(!sdk_variant_check_regions(9, bad, err, sizeof err), "label out of range");
}

/* The first region of a map of n cells each that is not connected, by a
 * flood from each region's first cell (-1: none), for check_connected. */
static int first_split(int n, const uint8_t *region)
{
    for (int k = 0; k < n; k++) {
        uint8_t seen[SDK_MAX_CELLS] = {0};
        int stack[SDK_MAX_CELLS], top = 0, count = 0, first = 0;
        while (region[first] != k)
            first++;
        stack[top++] = first;
        seen[first] = 1;
        while (top) {
            int c = stack[--top], nb[4] = {c - n, c + n, c % n ? c - 1 : -1, (c + 1) % n ? c + 1 : -1};
            count++;
            for (int i = 0; i < 4; i++)
                if (nb[i] >= 0 && nb[i] < n * n && !seen[nb[i]] && region[nb[i]] == k) {
                    seen[nb[i]] = 1;
                    stack[top++] = nb[i];
                }
        }
        if (count != n)
            return k;
    }
    return -1;
}

/* The map check's connectivity against a flood, on random maps of every
 * side with random pairs of cells traded between regions (sizes stay n):
 * the same verdict, and the same region named. */
static void check_connected(void)
{
    static const int sides[] = {4, 6, 8, 9, 10, 12, 16, 25};
    sdk_rng r;
    sdk_rng_seed(&r, 11);
    int split = 0, whole = 0;
    for (size_t s = 0; s < sizeof sides / sizeof sides[0]; s++) {
        int n = sides[s];
        uint8_t map[SDK_MAX_CELLS];
        char err[160], want[64];
        for (int t = 0; t < 40; t++) {
            sdk_variant_random_regions(n, NULL, &r, map);
            for (int k = (int)sdk_rng_below(&r, 3); k > 0; k--) {
                int a = (int)sdk_rng_below(&r, (uint32_t)(n * n)), b = (int)sdk_rng_below(&r, (uint32_t)(n * n));
                uint8_t tmp = map[a];
                map[a] = map[b];
                map[b] = tmp;
            }
            int bad = first_split(n, map), ok = sdk_variant_check_regions(n, map, err, sizeof err);
            if (bad >= 0)
                snprintf(want, sizeof want, "region %d is not connected", bad + 1);
            CHECK(ok == (bad < 0) && (ok || strcmp(err, want) == 0), "%dx%d map %d: %s (flood: %d)", n, n, t,
                  ok ? "ok" : err, bad + 1);
            split += bad >= 0;
            whole += bad < 0;
        }
    }
    CHECK(split > 50 && whole > 50, "both kinds of map tried: %d split, %d whole", split, whole);
}

/* The first record of path (read as variant, or detected when NULL) into
 * *rec; 0 if none.  The caller frees *rec. */
static int read_first(const char *path, const char *variant, sdk_record **rec)
{
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "%s", path);
    if (!f)
        return 0;
    sdk_read_options ro = {0};
    ro.variant = variant;
    sdk_reader *r = sdk_reader_new(f, path, &ro);
    *rec = malloc(sizeof **rec);
    int got = r && *rec && sdk_reader_next(r, *rec) == 1 && (*rec)->ok;
    CHECK(got, "%s: read", path);
    sdk_reader_free(r);
    fclose(f);
    return got;
}

/* Symmetry t (0-7: a rotation by t % 4 quarter turns, then a mirror if
 * t >= 4) of the point (y, x) in a side x side square. */
static void turn(int t, int side, int *y, int *x)
{
    for (int k = 0; k < t % 4; k++) {
        int ny = *x, nx = side - 1 - *y;
        *y = ny;
        *x = nx;
    }
    if (t >= 4)
        *x = side - 1 - *x;
}

/* Published variant puzzles in random isomorphs (the eight symmetries of
 * the square, those that keep the board's houses houses; a jigsaw's map
 * turned with it; the digits relabelled): each solved, uniquely, to the
 * published solution turned and relabelled the same way. */
static void check_isomorphs(void)
{
    static const struct {
        const char *puzzle, *solution, *variant;
    } sets[] = {
        {"puzzles/variants/x-puzzling-se-37042.txt", "puzzles/variants/x-puzzling-se-37042.sol", NULL},
        {"puzzles/variants/windoku-commons-hypersudoku18.txt", "puzzles/variants/windoku-commons-hypersudoku18.sol",
         NULL},
        {"puzzles/variants/jigsaw-janko108.txt", "puzzles/variants/jigsaw-janko108.sol", NULL},
        {"puzzles/samurai.txt", "puzzles/samurai.sol", "samurai"},
    };
    sdk_rng r;
    sdk_rng_seed(&r, 5);
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        sdk_record *p = NULL, *sol = NULL;
        if (!read_first(sets[i].puzzle, sets[i].variant, &p) || !read_first(sets[i].solution, sets[i].variant, &sol)) {
            free(p);
            free(sol);
            continue;
        }
        const sdk_board *b = p->board;
        int nc = b->ncells, side = b->height, n = b->n, kept = 0;
        CHECK(b->height == b->width, "%s: a square layout", sets[i].puzzle);
        int at[SDK_MAX_CELLS * 2];                  /* the cell at (y, x) of the layout, or -1 */
        for (int k = 0; k < side * side; k++)
            at[k] = -1;
        for (int c = 0; c < nc; c++)
            at[b->cell_y[c] * side + b->cell_x[c]] = c;
        for (int t = 0; t < 8; t++) {
            int to[SDK_MAX_CELLS * 2];
            for (int c = 0; c < nc; c++) {
                int y = b->cell_y[c], x = b->cell_x[c];
                turn(t, side, &y, &x);
                to[c] = at[y * side + x];
            }
            const sdk_board *tb = b;
            sdk_board *made = NULL;
            if (b->region) {                        /* a jigsaw: the map turned too */
                uint8_t map[SDK_MAX_CELLS];
                char err[160];
                for (int c = 0; c < nc; c++)
                    map[to[c]] = b->region[c];
                tb = made = sdk_variant_board(SDK_VARIANT_JIGSAW, n, map, err, sizeof err);
                CHECK(made != NULL, "%s turned %d: %s", sets[i].puzzle, t, err);
                if (!made)
                    continue;
            } else {                                /* kept only if every house goes to a house */
                int ok = 1;
                for (int h = 0; h < b->nhouses && ok; h++) {
                    int found = 0;
                    for (int g = 0; g < b->nhouses && !found; g++) {
                        int same = 0;
                        for (int k = 0; k < n; k++)
                            for (int m = 0; m < n; m++)
                                same += to[b->house_cells[h * n + k]] == b->house_cells[g * n + m];
                        found = same == n;
                    }
                    ok = found;
                }
                if (!ok)
                    continue;
            }
            kept++;
            uint8_t relabel[SDK_MAX_N + 1], puzzle[SDK_MAX_CELLS * 2], want[SDK_MAX_CELLS * 2], got[SDK_MAX_CELLS * 2];
            relabel[0] = 0;
            for (int d = 1; d <= n; d++)
                relabel[d] = (uint8_t)d;
            sdk_rng_shuffle_u8(&r, relabel + 1, n);
            for (int c = 0; c < nc; c++) {
                puzzle[to[c]] = relabel[p->cells[c]];
                want[to[c]] = relabel[sol->cells[c]];
            }
            sdk_status st;
            uint64_t count = sdk_exact_count(tb, puzzle, 2, got, NULL, NULL, &st);
            CHECK(count == 1 && memcmp(got, want, (size_t)nc) == 0, "%s turned %d: %llu solutions, %s", sets[i].puzzle,
                  t, (unsigned long long)count, count && memcmp(got, want, (size_t)nc) == 0 ? "the published one" : "not it");
            sdk_board_free(made);
        }
        CHECK(kept >= 2, "%s: %d symmetries keep the board", sets[i].puzzle, kept);
        free(p);
        free(sol);
    }
}

/* Random moves on a random state: every ΔE equals the recompute. */
static void check_energy(const sdk_board *b, uint32_t seed)
{
    sdk_rng r;
    sdk_rng_seed(&r, seed);
    uint8_t puzzle[SDK_MAX_CELLS] = {0}, state[SDK_MAX_CELLS];
    for (int c = 0; c < b->ncells; c++)
        if (sdk_rng_below(&r, 5) == 0)
            puzzle[c] = (uint8_t)(1 + sdk_rng_below(&r, (uint32_t)b->n));
    sdk_energy_fill_boxes(b, puzzle, &r, state);
    sdk_energy e, em;
    CHECK(sdk_energy_init(&e, b, puzzle, state, SDK_ENERGY_ALL, 3), "init");
    CHECK(sdk_energy_init(&em, b, puzzle, state, SDK_ENERGY_MISSING, 1), "init");
    int bad = 0, boxes[SDK_MAX_CELLS], nbox = 0;
    for (int h = 0; h < b->nhouses; h++)
        if (b->house_kind[h] == SDK_HOUSE_BOX)
            boxes[nbox++] = h;
    for (int t = 0; t < 3000; t++) {
        const uint16_t *cells = b->house_cells + boxes[sdk_rng_below(&r, (uint32_t)nbox)] * b->n;
        int a = cells[sdk_rng_below(&r, (uint32_t)b->n)], c = cells[sdk_rng_below(&r, (uint32_t)b->n)];
        int d = cells[sdk_rng_below(&r, (uint32_t)b->n)];
        if (puzzle[a] || puzzle[c] || puzzle[d] || a == c || a == d || c == d)
            continue;
        long want[3], got[3];
        int kind = (int)sdk_rng_below(&r, 3);
        if (kind == 0) {
            got[0] = e.conflict + energy_conflict_swap_delta(&e, a, c);
            got[1] = e.missing + energy_missing_swap_delta(&e, a, c);
            got[2] = e.sort + energy_sort_swap_delta(&e, a, c);
            energy_swap(&e, a, c);
            energy_swap(&em, a, c);
        } else if (kind == 1) {
            int v = 1 + (int)sdk_rng_below(&r, (uint32_t)b->n);
            got[0] = e.conflict + energy_conflict_set_delta(&e, a, v);
            got[1] = e.missing + energy_missing_set_delta(&e, a, v);
            got[2] = e.sort + energy_sort_set_delta(&e, a, v);
            energy_set(&e, a, v);
            energy_set(&em, a, v);
        } else {
            long m = em.missing + energy_missing_cycle3_delta(&em, a, c, d);
            energy_cycle3(&em, a, c, d);
            energy_cycle3(&e, a, c, d);
            got[0] = e.conflict;
            got[1] = m;
            got[2] = e.sort;
        }
        want[0] = sdk_energy_conflict_full(b, puzzle, e.cells, 3);
        want[1] = sdk_energy_missing_full(b, e.cells);
        want[2] = sdk_energy_sort_full(b, e.cells);
        if (want[0] != got[0] || want[1] != got[1] || want[2] != got[2] || e.conflict != want[0] ||
            e.missing != want[1] || e.sort != want[2] || em.missing != want[1])
            bad++;
    }
    CHECK(!bad, "%s: %d moves with ΔE != recompute", b->variant, bad);
    sdk_energy_free(&e);
    sdk_energy_free(&em);
}

/* A solution of the board has every energy 0, and a state off by one
 * diagonal (X) is not: the per-house energies see the extra houses. */
static void check_energy_zero(const sdk_board *b)
{
    uint8_t empty[SDK_MAX_CELLS] = {0}, grid[SDK_MAX_CELLS];
    sdk_status st;
    CHECK(sdk_exact_count(b, empty, 1, grid, NULL, NULL, &st) == 1, "%s: a grid", b->variant);
    CHECK(sdk_energy_missing_full(b, grid) == 0 && sdk_energy_sort_full(b, grid) == 0 &&
          sdk_energy_conflict_full(b, empty, grid, 1) == 0, "%s: a grid has energy 0", b->variant);
}

/* The cache frees jigsaw boards nobody holds once there are hundreds, and
 * never one that is held: 3000 distinct maps taken and given back leave
 * at most about a thousand; one held throughout is still the same board,
 * with its map, and found again. */
static void check_cache(void)
{
    uint8_t region[81], kept_map[81];
    char err[160];
    sdk_rng r;
    sdk_rng_seed(&r, 19);
    sdk_variant_random_regions(9, NULL, &r, kept_map);
    const sdk_board *kept = sdk_variant_cached(SDK_VARIANT_JIGSAW, 9, kept_map, err, sizeof err);
    CHECK(kept != NULL, "held board: %s", err);
    long most = 0;
    for (int t = 0; t < 3000; t++) {
        sdk_variant_random_regions(9, NULL, &r, region);
        const sdk_board *b = sdk_variant_cached(SDK_VARIANT_JIGSAW, 9, region, err, sizeof err);
        CHECK(b && memcmp(b->region, region, 81) == 0, "board %d has its map", t);
        sdk_variant_release(b);
        if (sdk_variant_cached_jigsaws() > most)
            most = sdk_variant_cached_jigsaws();
    }
    CHECK(most >= 512 && most <= 1100, "cache peaked at %ld jigsaw boards", most);
    CHECK(memcmp(kept->region, kept_map, 81) == 0, "the held board kept its map");
    CHECK(sdk_variant_cached(SDK_VARIANT_JIGSAW, 9, kept_map, err, sizeof err) == kept, "held board found again");
    sdk_variant_release(kept);
    sdk_variant_release(kept);
    sdk_variant_release(NULL);                  /* no-ops: no board, a plain one */
    sdk_board *plain = sdk_board_new(3, 3);
    sdk_variant_release(plain);
    sdk_board_free(plain);
}

/* Regions traded around a grid (how 25x25 jigsaws are made): a valid map
 * of which the grid, changed with it, is still a solution (an X board's
 * grid keeps its diagonals), and far from the boxes: at least a fifth of
 * the cells off their box (over seeds 1-100 at 25x25: 171-241 of 625, an
 * X grid's 138-189; trades of a digit for the same digit alone left 26-86). */
static void check_regions_around_grid(void)
{
    for (int n = 9; n <= 25; n += 16) {
        for (unsigned x = 0; x <= SDK_VARIANT_X; x += SDK_VARIANT_X) {
            int br, bc;
            char err[160];
            sdk_board_default_shape(n, &br, &bc);
            const sdk_board *solved = x ? sdk_variant_cached(x, n, NULL, err, sizeof err) : sdk_board_cached(br, bc);
            sdk_gen_params g;
            sdk_generate_defaults(&g);
            for (uint32_t seed = 1; seed <= 3; seed++) {
                uint8_t grid[SDK_MAX_CELLS], region[SDK_MAX_CELLS];
                if (!solved || sdk_generate_grid(solved, &g, seed, grid, NULL) != SDK_SOLVED) {
                    CHECK(0, "%dx%d grid (x %u), seed %u", n, n, x, seed);
                    continue;
                }
                sdk_rng r;
                sdk_rng_seed(&r, seed);
                sdk_variant_random_regions(n, grid, &r, region);
                sdk_board *b = sdk_variant_board(SDK_VARIANT_JIGSAW | x, n, region, err, sizeof err);
                CHECK(b != NULL, "%dx%d around a grid (x %u), seed %u: %s", n, n, x, seed, err);
                CHECK(b && sdk_board_is_solution(b, grid), "%dx%d around a grid (x %u), seed %u: not a solution", n,
                      n, x, seed);
                sdk_board_free(b);
                int moved = 0;
                for (int c = 0; c < n * n; c++)
                    moved += region[c] != (c / n) / br * (n / bc) + (c % n) / bc;
                CHECK(moved >= n * n / 5, "%dx%d around a grid (x %u), seed %u: %d cells off their box", n, n, x,
                      seed, moved);
            }
            sdk_variant_release(solved);
        }
    }
}

int main(void)
{
    check_regions_around_grid();
    check_cache();
    check_x();
    check_windoku();
    check_windoku_implied();
    check_jigsaw_implied();
    check_samurai();
    check_regions();
    check_connected();
    check_isomorphs();
    const char *names[] = {"x", "windoku", "samurai", "jigsaw", "jigsaw,x"};
    uint8_t region[81];
    sdk_rng r;
    sdk_rng_seed(&r, 11);
    sdk_variant_random_regions(9, NULL, &r, region);
    for (int i = 0; i < 5; i++) {
        sdk_board *b = make(names[i], 9, strncmp(names[i], "jigsaw", 6) == 0 ? region : NULL);
        if (!b)
            continue;
        check_energy(b, 100 + (uint32_t)i);
        check_energy_zero(b);
        sdk_board_free(b);
    }
    sdk_board *x16 = make("x", 16, NULL);
    if (x16) {
        check_energy(x16, 5);
        sdk_board_free(x16);
    }
    return CHECK_SUMMARY("unit_variants");
}

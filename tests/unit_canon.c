/*
 * unit_canon.c -- canonical forms and maps (src/canon/).
 *
 * The reference is brute force on purpose: every one of the 2 x 1296 x 1296
 * geometric maps, each relabelled by first appearance and compared in full
 * (a map is dropped only at its first larger cell, never by the search's
 * reasoning), so it shares nothing with minlex.c but the definition.  It
 * also counts the maps that give the form, for the automorphisms.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sudoku.h"
#include "check.h"

/* ---- the brute-force reference ---------------------------------------- */

static uint8_t line_orders[1296][9];

static void make_line_orders(void)
{
    static const uint8_t o3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    int n = 0;
    for (int b = 0; b < 6; b++)
        for (int x = 0; x < 6; x++)
            for (int y = 0; y < 6; y++)
                for (int z = 0; z < 6; z++, n++) {
                    const uint8_t *w[3] = {o3[x], o3[y], o3[z]};
                    for (int i = 0; i < 3; i++)
                        for (int j = 0; j < 3; j++)
                            line_orders[n][i * 3 + j] = (uint8_t)(o3[b][i] * 3 + w[i][j]);
                }
}

/* The least string over all maps of p, and how many maps give it. */
static uint64_t brute_minlex(const uint8_t *p, uint8_t *best)
{
    uint8_t src[2][81];
    uint64_t ties = 0;
    for (int i = 0; i < 81; i++) {
        src[0][i] = p[i];
        src[1][(i % 9) * 9 + i / 9] = p[i];
    }
    memset(best, 0xff, 81);
    for (int t = 0; t < 2; t++)
        for (int ro = 0; ro < 1296; ro++)
            for (int co = 0; co < 1296; co++) {
                uint8_t lab[10] = {0}, next = 1;
                int cmp = 0, i;
                uint8_t cand[81];
                for (i = 0; i < 81; i++) {
                    int v = src[t][line_orders[ro][i / 9] * 9 + line_orders[co][i % 9]];
                    int o = v ? (lab[v] ? lab[v] : (lab[v] = next++)) : 0;
                    cand[i] = (uint8_t)o;
                    if (cmp == 0 && o != best[i]) {
                        cmp = o < best[i] ? -1 : 1;
                        if (cmp > 0)
                            break;
                    }
                }
                if (cmp < 0) {
                    memcpy(best, cand, 81);
                    ties = 1;
                } else if (cmp == 0) {
                    ties++;
                }
            }
    return ties;
}

/* ---- data ---------------------------------------------------------------- */

static int parse81(const char *line, uint8_t *p)
{
    for (int i = 0; i < 81; i++) {
        char ch = line[i];
        if (ch >= '1' && ch <= '9')
            p[i] = (uint8_t)(ch - '0');
        else if (ch == '.' || ch == '0')
            p[i] = 0;
        else
            return 0;
    }
    return 1;
}

/* Up to max puzzles of a file under puzzles/ (the text at the start of a
 * line, or after the name columns of named-hard.txt: its last field). */
static int read_puzzles(const char *name, uint8_t (*out)[81], int max)
{
    char path[256], line[1024];
    snprintf(path, sizeof path, "puzzles/%s", name);
    FILE *f = fopen(path, "r");
    int n = 0;
    CHECK(f != NULL, "cannot open %s", path);
    while (f && n < max && fgets(line, sizeof line, f)) {
        if (line[0] == '#')
            continue;
        char *field = strrchr(line, ' ');
        if (parse81(line, out[n]) || (field && parse81(field + 1, out[n])))
            n++;
    }
    if (f)
        fclose(f);
    return n;
}

static void isomorph(sdk_rng *r, const uint8_t *p, uint8_t *q, sdk_transform *m)
{
    sdk_transform_random(r, m);
    sdk_transform_apply(m, p, q);
}

/* ---- tests ----------------------------------------------------------------- */

static const sdk_board *board9(void)
{
    return sdk_board_cached(3, 3);
}

/* canon agrees with brute force on a random isomorph of p, and its map takes
 * the isomorph to the form. */
static void check_against_brute(sdk_rng *r, const uint8_t *p, const char *what)
{
    uint8_t q[81], ref[81], mapped[81];
    sdk_transform m;
    sdk_canon c;
    isomorph(r, p, q, &m);
    uint64_t ties = brute_minlex(q, ref);
    CHECK(sdk_canon_minlex(board9(), q, &c) == 1, "%s: canon refused", what);
    CHECK(memcmp(c.form, ref, 81) == 0, "%s: form differs from brute force", what);
    CHECK(c.automorphisms == ties, "%s: %llu automorphisms, brute force %llu", what,
          (unsigned long long)c.automorphisms, (unsigned long long)ties);
    sdk_transform_apply(&c.map, q, mapped);
    CHECK(memcmp(mapped, c.form, 81) == 0, "%s: the map does not give the form", what);
}

static void test_brute_force(sdk_rng *r)
{
    static uint8_t hard[4][81], easy[2][81], seventeen[2][81];
    int nh = read_puzzles("named-hard.txt", hard, 4);
    int ne = read_puzzles("norvig_easy50.txt", easy, 2);
    int ns = read_puzzles("puzzles2_17_clue", seventeen, 2);
    CHECK(nh == 4 && ne == 2 && ns == 2, "puzzles read: %d %d %d", nh, ne, ns);
    for (int i = 0; i < nh; i++)
        check_against_brute(r, hard[i], "hard");
    for (int i = 0; i < ne; i++)
        check_against_brute(r, easy[i], "easy");
    for (int i = 0; i < ns; i++)
        check_against_brute(r, seventeen[i], "17-clue");
    /* A solution grid, an empty board and one clue: the most ties. */
    uint8_t grid[81], none[81] = {0}, one[81] = {0};
    sdk_stats st;
    sdk_status status;
    sdk_exact_count(board9(), hard[0], 1, grid, &st, NULL, &status);
    check_against_brute(r, grid, "grid");
    sdk_exact_count(board9(), seventeen[1], 1, grid, &st, NULL, &status);
    check_against_brute(r, grid, "grid of a 17-clue puzzle");
    /* A grid of shifted rows (54 automorphisms): many maps tie to the end. */
    for (int i = 0; i < 81; i++)
        grid[i] = (uint8_t)((i / 9 % 3 * 3 + i / 27 + i % 9) % 9 + 1);
    check_against_brute(r, grid, "symmetric grid");
    /* A grid where no row of any band swaps a column with its image in
     * another (found by a search over random grids): no row 1 can start
     * 4 5 7 1, so minlex.c's rarely taken way to row 1 is the one. */
    static const char no_swap[] =
        "593127486246985371781634952462573198935861724178492635819356247657249813324718569";
    for (int i = 0; i < 81; i++)
        grid[i] = (uint8_t)(no_swap[i] - '0');
    check_against_brute(r, grid, "grid with no swapping start");
    sdk_canon nsw;
    CHECK(sdk_canon_minlex(board9(), grid, &nsw) == 1 && nsw.form[12] == 2,
          "grid with no swapping start: row 1's fourth cell is %d, not 2", nsw.form[12]);
    check_against_brute(r, none, "empty");
    one[40] = 5;
    check_against_brute(r, one, "one clue");
    /* Clues in conflict (a digit twice in a row and in a column) still have
     * a form: labels go by first appearance, so the twin takes its label. */
    uint8_t twice[81];
    memcpy(twice, hard[1], 81);
    twice[0] = twice[1] = twice[9 * 4] = 7;
    check_against_brute(r, twice, "a digit twice in a row");
    /* A full board that is not a grid: the puzzles' search, every row full. */
    sdk_exact_count(board9(), hard[2], 1, grid, &st, NULL, &status);
    grid[1] = grid[0];
    check_against_brute(r, grid, "a full board that is not a grid");
    /* Random digits, repeated in rows and columns everywhere: a tie among a
     * row's new digits branches, and each branch must find the rest of the
     * row's layout as it was (once the second saw the first's, and the
     * isomorphs of this board got 4 different forms). */
    static const char noise[] =
        "322400088150000940269012000800330777000708589804210008021000107609907770252834070";
    uint8_t q[81], p0[81];
    for (int i = 0; i < 81; i++)
        q[i] = (uint8_t)(noise[i] - '0');
    for (int k = 0; k < 3; k++)
        check_against_brute(r, q, "random digits, repeated");
    sdk_canon c0, c;
    sdk_transform m;
    sdk_canon_minlex(board9(), q, &c0);
    int same = 1;
    for (int k = 0; k < 40; k++) {
        isomorph(r, q, p0, &m);
        sdk_canon_minlex(board9(), p0, &c);
        same &= memcmp(c.form, c0.form, 81) == 0 && c.automorphisms == c0.automorphisms;
    }
    CHECK(same, "random digits, repeated: 40 isomorphs, one form");
}

/* Every isomorph of one puzzle has one form.  The published 17-clue list is
 * in minlex form, but not the true one on every line: an isomorph's form is
 * never above its line, mostly equal, and where it is below, brute force
 * confirms it (the first such line of the sample). */
static void test_one_form(sdk_rng *r)
{
    static uint8_t p[4000][81];
    int n = read_puzzles("puzzles2_17_clue", p, 4000);
    int same = 0, above = 0, below = -1, refused = 0;
    for (int i = 0; i < n; i++) {
        uint8_t q[81];
        sdk_transform m;
        sdk_canon c;
        isomorph(r, p[i], q, &m);
        refused += sdk_canon_minlex(board9(), q, &c) != 1;
        int cmp = memcmp(c.form, p[i], 81);
        same += cmp == 0;
        above += cmp > 0;
        if (cmp < 0 && below < 0)
            below = i;
    }
    CHECK(refused == 0, "canon refused %d 17-clue puzzles", refused);
    CHECK(n == 4000 && above == 0 && same > n * 9 / 10, "17-clue sample: %d of %d equal, %d above", same, n, above);
    CHECK(below >= 0, "the sample has a line that is not the true minlex");
    if (below >= 0)
        check_against_brute(r, p[below], "17-clue line below its published form");
    uint8_t first[81];
    sdk_canon c;
    sdk_canon_minlex(board9(), p[0], &c);
    memcpy(first, c.form, 81);
    int agree = 0;
    for (int k = 0; k < 50; k++) {
        uint8_t q[81];
        sdk_transform m;
        isomorph(r, p[0], q, &m);
        agree += sdk_canon_minlex(board9(), q, &c) == 1 && memcmp(c.form, first, 81) == 0;
    }
    CHECK(agree == 50, "isomorphs of one puzzle: %d of 50 share the form", agree);
}

static int same_map(const sdk_transform *a, const sdk_transform *b)
{
    return a->transpose == b->transpose && memcmp(a->rows, b->rows, 9) == 0 && memcmp(a->cols, b->cols, 9) == 0 &&
           memcmp(a->digits, b->digits, 10) == 0;
}

/* Each named step does what its name says, cell for cell. */
static void test_named_steps(void)
{
    uint8_t p[81], q[81];
    for (int i = 0; i < 81; i++)
        p[i] = (uint8_t)(i % 10);
    sdk_transform m;
    char err[128];
    int ok = 1;
    CHECK(sdk_transform_parse("rotate", &m, err, sizeof err), "rotate: %s", err);
    sdk_transform_apply(&m, p, q);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            ok &= q[r * 9 + c] == p[(8 - c) * 9 + r];
    CHECK(sdk_transform_parse("mirror flip", &m, err, sizeof err), "mirror flip: %s", err);
    sdk_transform_apply(&m, p, q);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            ok &= q[r * 9 + c] == p[(8 - r) * 9 + 8 - c];
    CHECK(ok, "rotate, mirror and flip move the cells they name");
    sdk_transform a, b;
    CHECK(sdk_transform_parse("rotate,rotate", &a, err, sizeof err) && sdk_transform_parse("rotate180", &b, err, sizeof err) &&
          same_map(&a, &b), "rotate twice is rotate180");
    CHECK(sdk_transform_parse("rotate rotate180", &a, err, sizeof err) && sdk_transform_parse("rotate270", &b, err, sizeof err) &&
          same_map(&a, &b), "rotate then rotate180 is rotate270");
    CHECK(sdk_transform_parse("bands=312,digits=234567891", &m, err, sizeof err), "bands, digits: %s", err);
    sdk_transform_apply(&m, p, q);
    ok = 1;
    for (int i = 0; i < 81; i++) {
        int v = p[(((i / 27) + 2) % 3 * 27) + i % 27];
        ok &= q[i] == (v ? v % 9 + 1 : 0);
    }
    CHECK(ok, "bands=312 puts band 3 first; digits=234567891 makes 1 a 2");
    static const char *bad[] = {"", "spin", "rows=213456789x", "rows=142356789", "cols=12345678", "digits=112345678",
                                "bands=124", "stacks=", "transpose,,=", "rows=923456781"};
    int refused = 0;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        refused += !sdk_transform_parse(bad[i], &m, err, sizeof err) && err[0];
    CHECK(refused == (int)(sizeof bad / sizeof bad[0]), "%d of %zu bad maps refused with a reason", refused,
          sizeof bad / sizeof bad[0]);
}

/* Composition and inverse agree with applying maps one after the other, and
 * a map's text reads back as the same map. */
static void test_algebra(sdk_rng *r)
{
    int ok = 1;
    for (int k = 0; k < 200; k++) {
        uint8_t p[81], q1[81], q2[81], q3[81];
        for (int i = 0; i < 81; i++)
            p[i] = (uint8_t)sdk_rng_below(r, 10);
        sdk_transform m, n, mn, inv, back;
        sdk_transform_random(r, &m);
        sdk_transform_random(r, &n);
        sdk_transform_compose(&m, &n, &mn);
        sdk_transform_apply(&m, p, q1);
        sdk_transform_apply(&n, q1, q2);
        sdk_transform_apply(&mn, p, q3);
        ok &= memcmp(q2, q3, 81) == 0;
        sdk_transform_invert(&mn, &inv);
        sdk_transform_apply(&inv, q3, q1);
        ok &= memcmp(q1, p, 81) == 0;
        char text[SDK_TRANSFORM_TEXT], err[128];
        ok &= sdk_transform_parse(sdk_transform_format(&mn, text), &back, err, sizeof err) && same_map(&back, &mn);
    }
    CHECK(ok, "compose = one map after the other; invert undoes; format reads back");
}

/* ---- other boards: an independent brute force ----------------------------
 * A board's group is listed here from its definition, not from group.c:
 * every pair of line orders (any order of the n rows, any of the n columns,
 * transposed or not; for a jigsaw the eight turns and mirrors written as
 * cell formulas) that carries every house, rows and boxes included, onto a
 * house.  On 4x4 and 6x6 boards that is all of S_n x S_n x 2. */

typedef struct {
    int n, count;
    uint16_t (*src)[SDK_MAX_CELLS];   /* per map: the source cell of each output cell */
} ref_group;

/* Does the map carry every house onto a house?  (Each cell's houses as a
 * bit mask: a house's image is a house if the masks of its cells' sources
 * share a bit.  The boards checked here have at most 64 houses.) */
static int ref_keeps(const sdk_board *b, const uint16_t *src)
{
    static unsigned long masks_of = ~0ul;   /* (the board's serial: an address comes back) */
    static uint64_t in[SDK_MAX_CELLS];
    int n = b->n;
    if (masks_of != b->serial) {
        memset(in, 0, sizeof in);
        for (int h = 0; h < b->nhouses && h < 64; h++)
            for (int j = 0; j < n; j++)
                in[b->house_cells[h * n + j]] |= 1ull << h;
        masks_of = b->serial;
    }
    if (b->nhouses > 64)
        return 0;
    for (int h = 0; h < b->nhouses; h++) {
        uint64_t common = ~0ull;
        for (int j = 0; j < n && common; j++)
            common &= in[src[b->house_cells[h * n + j]]];
        if (!common)
            return 0;
    }
    return 1;
}

static int next_perm(uint8_t *a, int n)
{
    int i = n - 2;
    while (i >= 0 && a[i] >= a[i + 1])
        i--;
    if (i < 0)
        return 0;
    int j = n - 1;
    while (a[j] <= a[i])
        j--;
    uint8_t t = a[i];
    a[i] = a[j];
    a[j] = t;
    for (int l = i + 1, r = n - 1; l < r; l++, r--) {
        t = a[l];
        a[l] = a[r];
        a[r] = t;
    }
    return 1;
}

static void ref_add(ref_group *g, const sdk_board *b, const uint16_t *src)
{
    if (!ref_keeps(b, src))
        return;
    g->src = realloc(g->src, (size_t)(g->count + 1) * sizeof *g->src);
    memcpy(g->src[g->count++], src, sizeof *g->src);
}

static void ref_group_lines(ref_group *g, const sdk_board *b)
{
    int n = b->n;
    g->n = n;
    uint8_t rows[SDK_MAX_N], cols[SDK_MAX_N];
    for (int t = 0; t < 2; t++) {
        for (int i = 0; i < n; i++)
            rows[i] = (uint8_t)i;
        do {
            for (int i = 0; i < n; i++)
                cols[i] = (uint8_t)i;
            do {
                uint16_t src[SDK_MAX_CELLS];
                for (int r = 0; r < n; r++)
                    for (int c = 0; c < n; c++)
                        src[r * n + c] = (uint16_t)(t ? cols[c] * n + rows[r] : rows[r] * n + cols[c]);
                ref_add(g, b, src);
            } while (next_perm(cols, n));
        } while (next_perm(rows, n));
    }
}

static void ref_group_square(ref_group *g, const sdk_board *b)
{
    int n = b->n;
    g->n = n;
    for (int k = 0; k < 8; k++) {
        uint16_t src[SDK_MAX_CELLS];
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                int y = k & 4 ? c : r, x = k & 4 ? r : c;   /* transpose, then mirror/flip */
                y = k & 1 ? n - 1 - y : y;
                x = k & 2 ? n - 1 - x : x;
                src[r * n + c] = (uint16_t)(y * n + x);
            }
        ref_add(g, b, src);
    }
}

static uint64_t ref_minlex(const ref_group *g, const uint8_t *p, uint8_t *best)
{
    int nc = g->n * g->n;
    uint64_t ties = 0;
    memset(best, 0xff, (size_t)nc);
    for (int k = 0; k < g->count; k++) {
        uint8_t lab[SDK_MAX_N + 1] = {0}, cand[SDK_MAX_CELLS], next = 1;
        for (int i = 0; i < nc; i++) {
            int v = p[g->src[k][i]];
            cand[i] = (uint8_t)(v ? (lab[v] ? lab[v] : (lab[v] = next++)) : 0);
        }
        int cmp = memcmp(cand, best, (size_t)nc);
        if (cmp < 0) {
            memcpy(best, cand, (size_t)nc);
            ties = 1;
        } else if (cmp == 0) {
            ties++;
        }
    }
    return ties;
}

/* A puzzle on b: a solution grid, relabelled, about half its cells blanked. */
static void random_puzzle(sdk_rng *r, const sdk_board *b, uint8_t *p, int keep_percent)
{
    uint8_t empty[SDK_MAX_CELLS] = {0}, grid[SDK_MAX_CELLS], perm[SDK_MAX_N + 1];
    sdk_stats st;
    sdk_status status;
    sdk_exact_count(b, empty, 1, grid, &st, NULL, &status);
    for (int d = 0; d <= b->n; d++)
        perm[d] = (uint8_t)d;
    sdk_rng_shuffle_u8(r, perm + 1, b->n);
    for (int i = 0; i < b->ncells; i++)
        p[i] = (int)sdk_rng_below(r, 100) < keep_percent ? perm[grid[i]] : 0;
}

/* canon agrees with the reference on puzzles and random isomorphs of them
 * (under the reference's own maps, digits shuffled), forms and counts. */
static void check_board(sdk_rng *r, const sdk_board *b, const ref_group *g, int expect_size, const char *what)
{
    uint8_t empty[SDK_MAX_CELLS] = {0}, ref[SDK_MAX_CELLS];
    sdk_canon c;
    CHECK(g->count == expect_size, "%s: the reference lists %d maps, not %d", what, g->count, expect_size);
    CHECK(sdk_canon_minlex(b, empty, &c) == 1 && c.automorphisms == (uint64_t)g->count,
          "%s: empty board's automorphisms %llu = the group's %d maps", what, (unsigned long long)c.automorphisms,
          g->count);
    int agree = 0, one_form = 0, tries = 0;
    for (int k = 0; k < 12; k++) {
        uint8_t p[SDK_MAX_CELLS], q[SDK_MAX_CELLS], first[SDK_MAX_CELLS], perm[SDK_MAX_N + 1];
        random_puzzle(r, b, p, k < 4 ? 100 : k < 8 ? 50 : 25);
        uint64_t ties = ref_minlex(g, p, ref);
        agree += sdk_canon_minlex(b, p, &c) == 1 && memcmp(c.form, ref, (size_t)b->ncells) == 0 &&
                 c.automorphisms == ties;
        memcpy(first, c.form, (size_t)b->ncells);
        for (int m = 0; m < 5; m++, tries++) {
            const uint16_t *src = g->src[sdk_rng_below(r, (uint32_t)g->count)];
            for (int d = 0; d <= b->n; d++)
                perm[d] = (uint8_t)d;
            sdk_rng_shuffle_u8(r, perm + 1, b->n);
            for (int i = 0; i < b->ncells; i++)
                q[i] = perm[p[src[i]]];
            one_form += sdk_canon_minlex(b, q, &c) == 1 && memcmp(c.form, first, (size_t)b->ncells) == 0;
        }
    }
    CHECK(agree == 12, "%s: %d of 12 puzzles agree with the reference (form and automorphisms)", what, agree);
    CHECK(one_form == tries, "%s: %d of %d random isomorphs give one form", what, one_form, tries);
    free(g->src);
}

static void test_other_boards(sdk_rng *r)
{
    char err[128];
    ref_group g = {0};
    const sdk_board *b4 = sdk_board_cached(2, 2), *b6 = sdk_board_cached(2, 3);
    ref_group_lines(&g, b4);
    check_board(r, b4, &g, 128, "4x4");
    g = (ref_group){0};
    ref_group_lines(&g, b6);
    check_board(r, b6, &g, 3456, "6x6 (2x3 boxes: no transpose)");
    const sdk_board *x4 = sdk_variant_cached(SDK_VARIANT_X, 4, NULL, err, sizeof err);
    g = (ref_group){0};
    ref_group_lines(&g, x4);
    check_board(r, x4, &g, 16, "X 4x4");
    const sdk_board *x6 = sdk_variant_cached_boxed(SDK_VARIANT_X, 6, 2, 3, NULL, err, sizeof err);
    g = (ref_group){0};
    ref_group_lines(&g, x6);
    check_board(r, x6, &g, 8, "X 6x6");
    /* Jigsaws: a pinwheel of regions (the four turns keep it); regions that are the
     * boxes (every turn and mirror keeps them). */
    static const uint8_t pinwheel[16] = {0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3};
    static const uint8_t boxes[16] = {0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3};
    const sdk_board *j1 = sdk_variant_cached(SDK_VARIANT_JIGSAW, 4, pinwheel, err, sizeof err);
    CHECK(j1 != NULL, "jigsaw board: %s", err);
    if (j1) {
        g = (ref_group){0};
        ref_group_square(&g, j1);
        check_board(r, j1, &g, 4, "jigsaw pinwheel (kept by the turns)");
        sdk_variant_release(j1);
    }
    const sdk_board *j2 = sdk_variant_cached(SDK_VARIANT_JIGSAW, 4, boxes, err, sizeof err);
    if (j2) {
        g = (ref_group){0};
        ref_group_square(&g, j2);
        check_board(r, j2, &g, 8, "jigsaw with the boxes as regions");
        sdk_variant_release(j2);
    }
    sdk_variant_release(x4);
    sdk_variant_release(x6);
}

/* 9x9 X and windoku: their groups are too large to list from S_9 x S_9, so
 * the maps are built from what each keeps: X, a row order that commutes
 * with reversal (bands 1 and 3 swapped or not, band 1's order mirrored in
 * band 3, rows 4 and 6 swapped or not), columns the same or reversed, and
 * the transpose (2 x 24 x 2 x 2 = 96 maps); windoku, rows 2-3 and 8-9
 * swapped or not and bands 1 and 3 swapped with rows 4 and 6, columns
 * alike, and the transpose (2 x 8 x 8 = 128).  Each map is checked to keep
 * every house; canon counts as many automorphisms on the empty board, and
 * random isomorphs under them give one form; the map canon gives keeps the
 * houses too. */
static void x9_order(sdk_rng *r, uint8_t *o)
{
    uint8_t band[3] = {0, 1, 2};
    sdk_rng_shuffle_u8(r, band, 3);
    int swap = (int)sdk_rng_below(r, 2), mid = (int)sdk_rng_below(r, 2);
    for (int i = 0; i < 3; i++) {
        o[(swap ? 2 : 0) * 3 + i] = band[i];
        o[(swap ? 0 : 2) * 3 + 2 - i] = (uint8_t)(8 - band[i]);
    }
    o[3] = mid ? 5 : 3;
    o[4] = 4;
    o[5] = mid ? 3 : 5;
}

static void windoku_order(sdk_rng *r, uint8_t *o)
{
    static const uint8_t base[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8}, swapped[9] = {8, 7, 6, 5, 4, 3, 2, 1, 0};
    memcpy(o, sdk_rng_below(r, 2) ? swapped : base, 9);
    if (sdk_rng_below(r, 2)) {
        uint8_t t = o[1];
        o[1] = o[2];
        o[2] = t;
    }
    if (sdk_rng_below(r, 2)) {
        uint8_t t = o[6];
        o[6] = o[7];
        o[7] = t;
    }
}

static void check_variant9(sdk_rng *r, const sdk_board *b, uint64_t size, int x, const char *what)
{
    uint8_t empty[81] = {0};
    sdk_canon c;
    CHECK(sdk_canon_minlex(b, empty, &c) == 1 && c.automorphisms == size, "%s: %llu automorphisms of the empty board",
          what, (unsigned long long)c.automorphisms);
    int kept = 1, one_form = 1, mapped = 1;
    for (int k = 0; k < 10; k++) {
        uint8_t p[81], q[81], first[81];
        random_puzzle(r, b, p, k < 3 ? 100 : 35);
        sdk_canon_minlex(b, p, &c);
        memcpy(first, c.form, 81);
        sdk_transform_apply(&c.map, p, q);
        mapped &= memcmp(q, c.form, 81) == 0;
        uint16_t src[SDK_MAX_CELLS];
        uint8_t idx[81];
        for (int i = 0; i < 81; i++)
            idx[i] = (uint8_t)(i % 9 + 1);   /* (apply moves digits: read the source back cell by cell) */
        for (int m = 0; m < 8; m++) {
            sdk_transform t;
            sdk_transform_identity(&t);
            if (x) {
                x9_order(r, t.rows);
                memcpy(t.cols, t.rows, 9);
                if (sdk_rng_below(r, 2))
                    for (int i = 0; i < 9; i++)
                        t.cols[i] = (uint8_t)(8 - t.rows[i]);
            } else {
                windoku_order(r, t.rows);
                windoku_order(r, t.cols);
            }
            t.transpose = (uint8_t)sdk_rng_below(r, 2);
            for (int i = 0; i < 81; i++) {
                int rr = i / 9, cc = i % 9;
                src[i] = (uint16_t)(t.transpose ? t.cols[cc] * 9 + t.rows[rr] : t.rows[rr] * 9 + t.cols[cc]);
            }
            kept &= ref_keeps(b, src);
            sdk_rng_shuffle_u8(r, t.digits + 1, 9);
            sdk_transform_apply(&t, p, q);
            sdk_canon_minlex(b, q, &c);
            one_form &= memcmp(c.form, first, 81) == 0;
        }
        (void)idx;
        uint16_t csrc[SDK_MAX_CELLS];
        for (int i = 0; i < 81; i++) {
            int rr = i / 9, cc = i % 9;
            csrc[i] = (uint16_t)(c.map.transpose ? c.map.cols[cc] * 9 + c.map.rows[rr] : c.map.rows[rr] * 9 + c.map.cols[cc]);
        }
        kept &= ref_keeps(b, csrc);
    }
    CHECK(kept, "%s: the maps built (and canon's) keep every house", what);
    CHECK(one_form, "%s: random isomorphs give one form", what);
    CHECK(mapped, "%s: canon's map takes the puzzle to its form", what);
}

static void test_boards_and_set(sdk_rng *r)
{
    uint8_t cells[SDK_MAX_CELLS] = {0};
    sdk_canon c;
    char err[128];
    const sdk_board *x = sdk_variant_cached(SDK_VARIANT_X, 9, NULL, err, sizeof err);
    const sdk_board *w = sdk_variant_cached(SDK_VARIANT_WINDOKU, 9, NULL, err, sizeof err);
    check_variant9(r, x, 96, 1, "X 9x9");
    check_variant9(r, w, 128, 0, "windoku");
    sdk_variant_release(x);
    sdk_variant_release(w);
    CHECK(sdk_canon_minlex(sdk_board_cached(4, 4), cells, &c) == 0, "16x16: canon is not defined");
    const sdk_board *sam = sdk_variant_cached(SDK_VARIANT_SAMURAI, 9, NULL, err, sizeof err);
    CHECK(sam && sdk_canon_minlex(sam, cells, &c) == 0, "samurai: canon is not defined");
    sdk_variant_release(sam);
    sdk_canon_set *s = sdk_canon_set_new();
    int fresh = 0, again = 0;
    for (int i = 0; i < 5000; i++) {
        uint8_t f[81] = {0};
        f[i % 81] = (uint8_t)(1 + i / 81 % 9);
        f[(i * 7) % 81] = (uint8_t)(1 + i / 729);
        fresh += sdk_canon_set_add(s, f, 81) == 1;
        again += sdk_canon_set_add(s, f, 81) == 0;
    }
    CHECK(again == 5000, "a form added twice is found the second time (%d)", again);
    int has = 0, hasnt = 0;
    for (int i = 0; i < 5000; i++) {
        uint8_t f[81] = {0};
        f[i % 81] = (uint8_t)(1 + i / 81 % 9);
        f[(i * 7) % 81] = (uint8_t)(1 + i / 729);
        has += sdk_canon_set_has(s, f, 81);
        f[80] = 10;                     /* no form added has a 10 */
        hasnt += sdk_canon_set_has(s, f, 81);
    }
    CHECK(has == 5000 && hasnt == 0, "has: every form added (%d of 5000), none other (%d)", has, hasnt);
    CHECK(fresh > 1000, "distinct forms are new (%d)", fresh);
    /* keys of other lengths and values: packed or not, never confused */
    uint8_t k1[3] = {1, 2, 3}, k2[4] = {1, 2, 3, 0}, k3[3] = {1, 2, 19}, k4[3] = {1, 2, 19};
    CHECK(sdk_canon_set_add(s, k1, 3) == 1 && sdk_canon_set_add(s, k2, 4) == 1 && sdk_canon_set_add(s, k3, 3) == 1 &&
          sdk_canon_set_add(s, k4, 3) == 0 && sdk_canon_set_add(s, k1, 3) == 0,
          "keys of other lengths and values above 15 are told apart");
    sdk_canon_set_free(s);
}

int main(void)
{
    sdk_rng r;
    sdk_rng_seed(&r, 29);
    make_line_orders();
    test_brute_force(&r);
    test_one_form(&r);
    test_named_steps();
    test_algebra(&r);
    test_other_boards(&r);
    test_boards_and_set(&r);
    return CHECK_SUMMARY("unit_canon");
}

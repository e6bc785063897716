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
    check_against_brute(r, none, "empty");
    one[40] = 5;
    check_against_brute(r, one, "one clue");
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

static void test_boards_and_set(void)
{
    uint8_t cells[SDK_MAX_CELLS] = {0};
    sdk_canon c;
    CHECK(sdk_canon_minlex(sdk_board_cached(2, 2), cells, &c) == 0, "4x4: canon is not defined");
    char err[128];
    const sdk_board *x = sdk_variant_cached(SDK_VARIANT_X, 9, NULL, err, sizeof err);
    CHECK(x && sdk_canon_minlex(x, cells, &c) == 0, "X: canon is not defined");
    sdk_variant_release(x);
    sdk_canon_set *s = sdk_canon_set_new();
    int fresh = 0, again = 0;
    for (int i = 0; i < 5000; i++) {
        uint8_t f[81] = {0};
        f[i % 81] = (uint8_t)(1 + i / 81 % 9);
        f[(i * 7) % 81] = (uint8_t)(1 + i / 729);
        fresh += sdk_canon_set_add(s, f) == 1;
        again += sdk_canon_set_add(s, f) == 0;
    }
    CHECK(again == 5000, "a form added twice is found the second time (%d)", again);
    CHECK(fresh > 1000, "distinct forms are new (%d)", fresh);
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
    test_boards_and_set();
    return CHECK_SUMMARY("unit_canon");
}

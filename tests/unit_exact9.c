/*
 * unit_exact9.c -- checks the 9x9 kernel (src/exact/exact9.c) against a slow,
 * obviously correct reference solver written here: a plain recursive
 * backtracker that always fills the blank cell with the fewest candidates.
 *
 * Data (read relative to the working directory, the repo root): samples of
 * the benchmark sets in puzzles/, random isomorphs of each sample, every puzzle of
 * tdoku_test_puzzles.txt at limits 0..3, the clashing-givens set, and a few
 * hand-made edge cases.  Prints one line per failing check and a final line
 * "exact9: N passed, N failed"; exits 0 only if nothing failed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku.h"

static int tests_passed, tests_failed;

static void check(int ok, const char *what, const char *where)
{
    if (ok) {
        tests_passed++;
    } else {
        tests_failed++;
        printf("FAIL %s: %s\n", where, what);
    }
}

/* ---- the reference solver --------------------------------------------- */

typedef struct ref_search {
    uint8_t grid[81];
    uint16_t row_used[9], col_used[9], box_used[9];   /* bit v: digit v is in the house */
    uint64_t limit, count;
    uint8_t first[81];
} ref_search;

static int ref_box(int cell) { return cell / 27 * 3 + cell % 9 / 3; }

/* Digits 1..9 that can go in a blank cell: bit v set if v is allowed. */
static unsigned ref_candidates(const uint8_t *g, int cell)
{
    int r = cell / 9, c = cell % 9, b = ref_box(cell);
    unsigned used = 0;
    for (int i = 0; i < 81; i++) {
        if (!g[i] || i == cell) continue;
        if (i / 9 == r || i % 9 == c || ref_box(i) == b) used |= 1u << g[i];
    }
    return ~used & 0x3feu;
}

static void ref_set(ref_search *s, int cell, int v, int on)
{
    unsigned bit = 1u << v;
    s->grid[cell] = on ? (uint8_t)v : 0;
    s->row_used[cell / 9] ^= (uint16_t)bit;
    s->col_used[cell % 9] ^= (uint16_t)bit;
    s->box_used[ref_box(cell)] ^= (uint16_t)bit;
}

static void ref_count(ref_search *s)
{
    int best = -1, best_n = 10;
    unsigned best_cands = 0;
    for (int i = 0; i < 81; i++) {
        if (s->grid[i]) continue;
        unsigned cands = ~(unsigned)(s->row_used[i / 9] | s->col_used[i % 9] | s->box_used[ref_box(i)]) & 0x3feu;
        int n = __builtin_popcount(cands);
        if (n < best_n) { best = i; best_n = n; best_cands = cands; }
        if (n == 0) return;
    }
    if (best < 0) {                       /* no blank left: a solution */
        if (s->count == 0) memcpy(s->first, s->grid, 81);
        s->count++;
        return;
    }
    for (int v = 1; v <= 9; v++) {
        if (!(best_cands & (1u << v))) continue;
        ref_set(s, best, v, 1);
        ref_count(s);
        ref_set(s, best, v, 0);
        if (s->limit && s->count >= s->limit) return;
    }
}

/* Givens clash with each other? */
static int ref_givens_clash(const uint8_t *p)
{
    for (int i = 0; i < 81; i++)
        if (p[i] && !(ref_candidates(p, i) & (1u << p[i]))) return 1;
    return 0;
}

static uint64_t ref_solve(const uint8_t *p, uint64_t limit, uint8_t *first)
{
    if (ref_givens_clash(p)) return 0;
    ref_search s;
    memset(&s, 0, sizeof s);
    for (int i = 0; i < 81; i++)
        if (p[i]) ref_set(&s, i, p[i], 1);
    s.limit = limit;
    s.count = 0;
    ref_count(&s);
    if (s.count && first) memcpy(first, s.first, 81);
    return s.count;
}

/* A complete valid grid that keeps every given of p. */
static int grid_solves(const uint8_t *p, const uint8_t *g)
{
    for (int i = 0; i < 81; i++) {
        if (g[i] < 1 || g[i] > 9) return 0;
        if (p[i] && p[i] != g[i]) return 0;
        uint8_t v = g[i];
        uint8_t *mut = (uint8_t *)g;      /* ref_candidates ignores the cell itself */
        mut[i] = 0;
        int ok = (ref_candidates(g, i) >> v) & 1;
        mut[i] = v;
        if (!ok) return 0;
    }
    return 1;
}

/* ---- a small local PRNG and random isomorphs --------------------------- */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t rng_below(uint32_t n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)((rng_state >> 32) % n);
}

static void shuffle3(int *a)
{
    for (int i = 2; i > 0; i--) {
        int j = (int)rng_below((uint32_t)i + 1), t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* A random symmetry of the grid: map[new cell] = old cell, relabel[digit]. */
typedef struct isomorph {
    int map[81];
    uint8_t relabel[10];
} isomorph;

static void isomorph_random(isomorph *m)
{
    int rows[9], cols[9], band[3] = { 0, 1, 2 }, stack[3] = { 0, 1, 2 };
    shuffle3(band);
    shuffle3(stack);
    for (int b = 0; b < 3; b++) {
        int in_r[3] = { 0, 1, 2 }, in_c[3] = { 0, 1, 2 };
        shuffle3(in_r);
        shuffle3(in_c);
        for (int k = 0; k < 3; k++) {
            rows[b * 3 + k] = band[b] * 3 + in_r[k];
            cols[b * 3 + k] = stack[b] * 3 + in_c[k];
        }
    }
    int transpose = (int)rng_below(2);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            int old = rows[r] * 9 + cols[c];
            m->map[r * 9 + c] = transpose ? old % 9 * 9 + old / 9 : old;
        }
    uint8_t digits[9] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };
    for (int i = 8; i > 0; i--) {
        int j = (int)rng_below((uint32_t)i + 1);
        uint8_t t = digits[i];
        digits[i] = digits[j];
        digits[j] = t;
    }
    m->relabel[0] = 0;
    for (int v = 1; v <= 9; v++) m->relabel[v] = digits[v - 1];
}

static void isomorph_apply(const isomorph *m, const uint8_t *in, uint8_t *out)
{
    for (int i = 0; i < 81; i++) out[i] = m->relabel[in[m->map[i]]];
}

/* q = a random isomorph m of the full grid `full` with about 81 - keep
 * cells blanked, keep uniform in [least, least + span). */
static void random_partial_grid(const uint8_t *full, int least, int span, isomorph *m, uint8_t *q)
{
    isomorph_random(m);
    isomorph_apply(m, full, q);
    int keep = least + (int)rng_below((uint32_t)span);
    for (int i = 0; i < 81; i++)
        if ((int)rng_below(81) >= keep) q[i] = 0;
}

/* ---- reading the data -------------------------------------------------- */

static FILE *open_data(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "puzzles/%s", name);
    return fopen(path, "r");
}

/* Parses the first 81 characters of a line; 0 if it is not a puzzle. */
static int parse_puzzle(const char *line, uint8_t *p)
{
    for (int i = 0; i < 81; i++) {
        char ch = line[i];
        if (ch >= '1' && ch <= '9') p[i] = (uint8_t)(ch - '0');
        else if (ch == '.' || ch == '0') p[i] = 0;
        else return 0;
    }
    return 1;
}

/* ---- the checks -------------------------------------------------------- */

/* Kernel vs reference on one puzzle at limit 2, plus one random isomorph. */
static void check_against_reference(const uint8_t *p, const char *where)
{
    uint8_t ref_first[81], sol[81];
    uint64_t expected = ref_solve(p, 2, ref_first);
    sdk_stats st;
    memset(&st, 0, sizeof st);
    memset(sol, 0xee, sizeof sol);
    uint64_t got = sdk_exact9_count(p, 2, sol, &st);
    check(got == expected, "count at limit 2 differs from the reference", where);
    if (got > 0) check(grid_solves(p, sol), "first solution is not a solution", where);
    else check(sol[0] == 0xee, "solution written although none exists", where);
    if (expected == 1 && got == 1) check(memcmp(sol, ref_first, 81) == 0, "unique solution differs", where);
    check(st.nodes > 0, "no nodes counted", where);

    uint64_t got1 = sdk_exact9_count(p, 1, sol, NULL);
    check(got1 == (expected > 0), "count at limit 1 wrong", where);
    if (got1) check(grid_solves(p, sol), "limit-1 solution is not a solution", where);

    isomorph m;
    isomorph_random(&m);
    uint8_t q[81], qsol[81];
    isomorph_apply(&m, p, q);
    uint64_t iso = sdk_exact9_count(q, 2, qsol, NULL);
    check(iso == expected, "isomorph count differs", where);
    if (iso == 1 && expected == 1) {
        uint8_t mapped[81];
        isomorph_apply(&m, ref_first, mapped);
        check(memcmp(mapped, qsol, 81) == 0, "isomorph solution is not the mapped solution", where);
    }
}

static void check_sampled_file(const char *name, int stride)
{
    FILE *f = open_data(name);
    char where[256];
    if (!f) {
        snprintf(where, sizeof where, "%s", name);
        check(0, "data file not found", where);
        return;
    }
    char line[1024];
    long lineno = 0, index = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        uint8_t p[81];
        if (line[0] == '#' || !parse_puzzle(line, p)) continue;
        if (index++ % stride) continue;
        snprintf(where, sizeof where, "%s:%ld", name, lineno);
        check_against_reference(p, where);
    }
    fclose(f);
}

/* tdoku_test_puzzles.txt: "puzzle:count[:solution]", count = full count. */
static void check_tdoku_counts(void)
{
    FILE *f = open_data("tdoku_test_puzzles.txt");
    if (!f) {
        check(0, "data file not found", "tdoku_test_puzzles.txt");
        return;
    }
    char line[1024], where[128];
    long lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        uint8_t p[81], sol[81], given_sol[81];
        if (!parse_puzzle(line, p) || line[81] != ':') continue;
        snprintf(where, sizeof where, "tdoku_test_puzzles.txt:%ld", lineno);
        char *end;
        uint64_t full = strtoull(line + 82, &end, 10);
        int has_sol = *end == ':' && parse_puzzle(end + 1, given_sol);
        check(ref_solve(p, 0, NULL) == full, "reference disagrees with the file's count", where);
        for (uint64_t limit = 0; limit <= 3; limit++) {
            uint64_t expected = (limit && full > limit) ? limit : full;
            memset(sol, 0, sizeof sol);
            uint64_t got = sdk_exact9_count(p, limit, sol, NULL);
            char w[160];
            snprintf(w, sizeof w, "%s limit %llu", where, (unsigned long long)limit);
            check(got == expected, "count differs from the file", w);
            if (got) check(grid_solves(p, sol), "solution is not a solution", w);
            if (got && full == 1 && has_sol) check(memcmp(sol, given_sol, 81) == 0, "solution differs from the file", w);
        }
    }
    fclose(f);
}

static void check_invalid_file(void)
{
    FILE *f = open_data("invalid_sudokus_emerentius.txt");
    if (!f) {
        check(0, "data file not found", "invalid_sudokus_emerentius.txt");
        return;
    }
    char line[1024], where[128];
    long lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        uint8_t p[81], sol[81];
        if (!parse_puzzle(line, p)) continue;
        snprintf(where, sizeof where, "invalid_sudokus_emerentius.txt:%ld", lineno);
        memset(sol, 0x77, sizeof sol);
        check(sdk_exact9_count(p, 0, sol, NULL) == 0, "invalid puzzle has solutions", where);
        check(sol[40] == 0x77, "solution written for an invalid puzzle", where);
        check(ref_solve(p, 0, NULL) == 0, "reference finds solutions", where);
    }
    fclose(f);
}

static void check_edge_cases(void)
{
    uint8_t p[81], sol[81];
    memset(p, 0, sizeof p);
    sdk_stats st;
    memset(&st, 0, sizeof st);
    check(sdk_exact9_count(p, 2, sol, &st) == 2, "empty grid at limit 2 is not 2", "edge");
    check(sdk_exact9_count(p, 1, sol, &st) == 1, "empty grid at limit 1 is not 1", "edge");
    check(grid_solves(p, sol), "empty grid solution invalid", "edge");
    check(sdk_exact9_count(p, 1000, NULL, NULL) == 1000, "empty grid at limit 1000", "edge");
    check(st.guesses > 0, "empty grid needed no guess", "edge");

    /* Stats add up rather than overwrite. */
    uint64_t before = st.nodes;
    sdk_exact9_count(p, 1, NULL, &st);
    check(st.nodes > before, "stats not accumulated", "edge");

    /* A full valid grid: one solution, no guess. */
    uint8_t full[81];
    memcpy(full, sol, 81);
    memset(&st, 0, sizeof st);
    check(sdk_exact9_count(full, 0, sol, &st) == 1 && memcmp(sol, full, 81) == 0, "full grid", "edge");
    check(st.guesses == 0, "full grid guessed", "edge");

    /* Two equal givens in a row, a column, a box. */
    const int clash[6][2] = { { 0, 8 }, { 4, 76 }, { 30, 50 }, { 4, 40 }, { 40, 76 }, { 60, 80 } };
    for (int k = 0; k < 6; k++) {
        memset(p, 0, sizeof p);
        p[clash[k][0]] = p[clash[k][1]] = 5;
        check(sdk_exact9_count(p, 0, NULL, NULL) == 0, "clashing givens counted", "edge");
    }
    /* A full grid with two cells swapped in a row (clashes in columns/boxes). */
    memcpy(p, full, 81);
    uint8_t t = p[0];
    p[0] = p[4];
    p[4] = t;
    check(sdk_exact9_count(p, 0, NULL, NULL) == 0, "broken full grid counted", "edge");
    /* A digit out of range: the kernel does not apply. */
    memset(p, 0, sizeof p);
    p[80] = 10;
    check(sdk_exact9_count(p, 1, NULL, NULL) == UINT64_MAX, "digit 10 accepted", "edge");
    /* ... also after givens (which the kernel reads in one sweep) */
    memset(p, 0, sizeof p);
    p[0] = 5;
    p[40] = 3;
    p[41] = 12;
    check(sdk_exact9_count(p, 1, NULL, NULL) == UINT64_MAX, "digit 12 after givens accepted", "edge");

    /* Random grids with clues removed: compare many small counts. */
    for (int trial = 0; trial < 200; trial++) {
        memcpy(p, full, 81);
        isomorph m;
        uint8_t q[81];
        random_partial_grid(p, 22, 20, &m, q);
        uint64_t expected = ref_solve(q, 50, NULL);
        char where[64];
        snprintf(where, sizeof where, "random partial grid %d", trial);
        check(sdk_exact9_count(q, 50, NULL, NULL) == expected, "count at limit 50 differs", where);
        /* one random wrong given on top */
        int cell = (int)rng_below(81);
        q[cell] = (uint8_t)(1 + rng_below(9));
        expected = ref_solve(q, 3, NULL);
        check(sdk_exact9_count(q, 3, NULL, NULL) == expected, "count at limit 3 differs", where);
    }
}

/* ---- the kernel with forbidden candidates ------------------------------ */

/* The reference for sdk_exact9_count_forbidding, from the general solver
 * (src/exact/exact.c, not the kernel): a forbidden given's own digit leaves no
 * solution; otherwise branch on the blank forbidden cells over their allowed
 * digits and count the rest, up to limit (0 = none). */
static uint64_t forbid_reference(uint8_t *p, const sdk_cand *f, int nf, uint64_t limit)
{
    const sdk_board *b = sdk_board_cached(3, 3);
    int blank = -1;
    for (int i = 0; i < nf; i++) {
        if (p[f[i].cell] == f[i].digit) return 0;
        if (!p[f[i].cell] && blank < 0) blank = f[i].cell;
    }
    sdk_status status;
    if (blank < 0) return sdk_exact_count_general(b, p, limit, NULL, NULL, NULL, &status);
    uint64_t total = 0;
    for (uint8_t v = 1; v <= 9; v++) {
        int banned = 0;
        for (int i = 0; i < nf; i++) banned |= f[i].cell == blank && f[i].digit == v;
        if (banned) continue;
        p[blank] = v;
        total += forbid_reference(p, f, nf, limit ? limit - total : 0);
        p[blank] = 0;
        if (limit && total >= limit) break;
    }
    return total;
}

/* One puzzle and forbidden set: the kernel against the reference at limits
 * 1, 2 and 50, the solution it gives, and the same on a random isomorph. */
static void check_forbidding(uint8_t *p, const sdk_cand *f, int nf, const char *where)
{
    static const uint64_t limits[3] = { 1, 2, 50 };
    isomorph m;
    isomorph_random(&m);
    int from[81];                   /* from[old cell] = new cell */
    for (int i = 0; i < 81; i++) from[m.map[i]] = i;
    uint8_t q[81];
    isomorph_apply(&m, p, q);
    sdk_cand g[8];
    for (int i = 0; i < nf; i++) g[i] = (sdk_cand){ (uint8_t)from[f[i].cell], m.relabel[f[i].digit] };
    for (int l = 0; l < 3; l++) {
        uint64_t expected = forbid_reference(p, f, nf, limits[l]);
        uint8_t sol[81];
        memset(sol, 0, sizeof sol);
        uint64_t got = sdk_exact9_count_forbidding(p, f, nf, limits[l], sol, NULL, NULL);
        char w[160];
        snprintf(w, sizeof w, "%s, %d forbidden, limit %llu", where, nf, (unsigned long long)limits[l]);
        check(got == expected, "forbidding: count differs from the general solver's", w);
        if (got && got != UINT64_MAX) {
            int avoids = 1;
            for (int i = 0; i < nf; i++) avoids &= sol[f[i].cell] != f[i].digit;
            check(grid_solves(p, sol) && avoids, "forbidding: solution breaks a clue, a rule or a ban", w);
        }
        check(sdk_exact9_count_forbidding(q, g, nf, limits[l], NULL, NULL, NULL) == expected,
              "forbidding: isomorph count differs", w);
        /* a preferred grid changes the order of the search, not the count */
        uint8_t prefer[81];
        for (int i = 0; i < 81; i++) prefer[i] = m.relabel[(i / 9 % 3 * 3 + i / 27 + i % 9) % 9 + 1];
        got = sdk_exact9_count_forbidding(p, f, nf, limits[l], sol, prefer, NULL);
        check(got == expected, "forbidding: count with a preferred grid differs", w);
        if (got && got != UINT64_MAX) check(grid_solves(p, sol), "forbidding: preferred search's solution is wrong", w);
    }
}

/* sdk_exact9_differs on puzzle q, a part of grid (the isomorph m of full),
 * and 1-4 of q's blank cells or clues: is there a solution other than the
 * grid in one of them?  The reference: for i = 0..k-1, the general solver's
 * count with cell i's grid digit banned and cells 0..i-1 given theirs.
 * Then the generator's question: q with those cells blanked, against the
 * general solver's count to two when q is unique. */
static void check_differs(const uint8_t *q, const isomorph *m, const uint8_t *full, const char *where)
{
    uint8_t grid[81], p[81], cells[4], other[81];
    isomorph_apply(m, full, grid);
    int k = 1 + (int)rng_below(4);
    for (int i = 0; i < k; i++) cells[i] = (uint8_t)rng_below(81);
    memcpy(p, q, 81);
    int expected = 0;
    for (int i = 0; i < k && !expected; i++) {
        sdk_cand f = { cells[i], grid[cells[i]] };
        expected = forbid_reference(p, &f, 1, 1) > 0;
        p[cells[i]] = grid[cells[i]];
    }
    memset(other, 0, sizeof other);
    int got = sdk_exact9_differs(q, grid, cells, k, other, NULL);
    check(got == expected, "differs: answer differs from the general solver's", where);
    if (got == 1) {
        int differs = 0;
        for (int i = 0; i < k; i++) differs |= other[cells[i]] != grid[cells[i]];
        check(grid_solves(q, other) && differs, "differs: its solution is wrong", where);
    }
    /* removing the cells from the full grid restricted to q's clues + cells */
    memcpy(p, q, 81);
    for (int i = 0; i < k; i++) p[cells[i]] = grid[cells[i]];
    sdk_status status;
    const sdk_board *b = sdk_board_cached(3, 3);
    if (sdk_exact_count_general(b, p, 2, NULL, NULL, NULL, &status) == 1) {
        for (int i = 0; i < k; i++) p[cells[i]] = 0;
        uint64_t n = sdk_exact_count_general(b, p, 2, NULL, NULL, NULL, &status);
        check(sdk_exact9_differs(p, grid, cells, k, other, NULL) == (n == 2),
              "differs: removal from a unique puzzle judged wrongly", where);
    }
    check(sdk_exact9_differs(q, grid, (const uint8_t[]){ 81 }, 1, other, NULL) == -1, "differs: cell 81 accepted", where);
}

/* Unique puzzles with a solution digit forbidden (none left: the question
 * the generator asks of a unique puzzle) or another digit (still one), and
 * random partial grids with 1-3 random bans, givens included. */
static void check_forbidding_cases(void)
{
    static const char *files[] = { "puzzles3_magictour_top1465", "puzzles6_forum_hardest_1106" };
    for (int fi = 0; fi < 2; fi++) {
        FILE *fp = open_data(files[fi]);
        if (!fp) {
            check(0, "data file not found", files[fi]);
            continue;
        }
        char line[1024], where[256];
        long lineno = 0, index = 0;
        while (fgets(line, sizeof line, fp)) {
            lineno++;
            uint8_t p[81], sol[81];
            if (line[0] == '#' || !parse_puzzle(line, p) || index++ % 151) continue;
            if (ref_solve(p, 2, sol) != 1) continue;
            snprintf(where, sizeof where, "%s:%ld", files[fi], lineno);
            int c = (int)rng_below(81);
            while (p[c]) c = (int)rng_below(81);
            sdk_cand f[2] = { { (uint8_t)c, sol[c] }, { (uint8_t)c, (uint8_t)(sol[c] % 9 + 1) } };
            check(sdk_exact9_count_forbidding(p, f, 1, 2, NULL, NULL, NULL) == 0, "unique: its own digit banned, a solution left", where);
            check(sdk_exact9_count_forbidding(p, f + 1, 1, 2, NULL, NULL, NULL) == 1, "unique: another digit banned, count not 1", where);
            check_forbidding(p, f, 2, where);
            /* the generator's question: remove a clue and its 180-degree twin */
            int r = (int)rng_below(81);
            while (!p[r]) r = (int)rng_below(81);
            uint8_t cells[2] = { (uint8_t)r, (uint8_t)(80 - r) }, q[81], other[81];
            memcpy(q, p, 81);
            q[r] = q[80 - r] = 0;
            const sdk_board *b = sdk_board_cached(3, 3);
            sdk_status status;
            uint64_t n = sdk_exact_count_general(b, q, 2, NULL, NULL, NULL, &status);
            check(sdk_exact9_differs(q, sol, cells, r == 40 ? 1 : 2, other, NULL) == (n == 2),
                  "differs: a clue pair's removal judged wrongly", where);
        }
        fclose(fp);
    }
    uint8_t full[81];
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) full[r * 9 + c] = (uint8_t)((r % 3 * 3 + r / 3 + c) % 9 + 1);
    for (int trial = 0; trial < 150; trial++) {
        isomorph m;
        uint8_t q[81];
        random_partial_grid(full, 24, 16, &m, q);
        int nf = 1 + (int)rng_below(3);
        sdk_cand f[3];
        for (int i = 0; i < nf; i++) {
            int c = (int)rng_below(81);
            /* mostly blank cells, a solution digit half the time */
            if (q[c] && rng_below(4)) c = (int)rng_below(81);
            f[i] = (sdk_cand){ (uint8_t)c, (uint8_t)(rng_below(2) ? m.relabel[full[m.map[c]]] : 1 + rng_below(9)) };
        }
        char where[64];
        snprintf(where, sizeof where, "random partial grid %d", trial);
        check_forbidding(q, f, nf, where);
        check_differs(q, &m, full, where);
    }
    uint8_t p[81] = {0};
    sdk_cand bad = { 81, 1 };
    check(sdk_exact9_count_forbidding(p, &bad, 1, 1, NULL, NULL, NULL) == UINT64_MAX, "forbidding: cell 81 accepted", "edge");
    bad = (sdk_cand){ 0, 10 };
    check(sdk_exact9_count_forbidding(p, &bad, 1, 1, NULL, NULL, NULL) == UINT64_MAX, "forbidding: digit 10 accepted", "edge");
    sdk_cand none[9];
    for (int v = 0; v < 9; v++) none[v] = (sdk_cand){ 40, (uint8_t)(v + 1) };
    check(sdk_exact9_count_forbidding(p, none, 9, 1, NULL, NULL, NULL) == 0, "forbidding: a cell with no digit left", "edge");
    check(sdk_exact9_count_forbidding(p, none, 8, 1000, NULL, NULL, NULL) == 1000, "forbidding: empty grid, 8 bans", "edge");
}

int main(void)
{
    check_edge_cases();
    check_tdoku_counts();
    check_invalid_file();
    check_forbidding_cases();
    check_sampled_file("puzzles2_17_clue", 997);   /* 17 clues are slow for the reference */
    check_sampled_file("puzzles3_magictour_top1465", 97);
    check_sampled_file("puzzles5_forum_hardest_1905_11+", 97);
    check_sampled_file("puzzles6_forum_hardest_1106", 97);
    check_sampled_file("puzzles7_serg_benchmark", 97);
    printf("exact9: %d passed, %d failed\n", tests_passed, tests_failed);
    return tests_failed ? 1 : 0;
}

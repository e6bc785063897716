/*
 * unit_killer.c -- killer boards: the cage checks and their messages, the
 * cage tables and innies, the board cache keyed by the cages, the line
 * written and read back as the same board, and the exact solver's counts
 * against a checker and a brute-force counter of this file's own (rows,
 * columns, boxes or regions, diagonals, windows and cages from the puzzle's
 * definition, none of the board's tables): every 4x4 killer counted to the
 * end, 9x9 killers (plain, X, windoku, jigsaw) with givens to a limit; the
 * energies' cage term: every ΔE of random sets, swaps and 3-cycles against
 * recomputes (the houses' part on the board without cages, the cage term
 * from the puzzle's cages here), and the tracked energies against them.
 */
#include <stdlib.h>
#include <string.h>
#include "../src/board/board.h"
#include "../src/stochastic/energy.h"
#include "check.h"

/* ---- the independent definition -------------------------------------------- */

typedef struct spec {
    int n, br, bc, x, windoku;
    uint8_t region[SDK_MAX_CELLS];      /* each cell's box or jigsaw region */
    sdk_killer k;
} spec;

/* Whether cells a and b must differ under s's rules. */
static int must_differ(const spec *s, int a, int b)
{
    int n = s->n, ra = a / n, ca = a % n, rb = b / n, cb = b % n;
    if (ra == rb || ca == cb || s->region[a] == s->region[b])
        return 1;
    if (s->x && ((ra == ca && rb == cb) || (ra + ca == n - 1 && rb + cb == n - 1)))
        return 1;
    if (s->windoku) {
        int wa = (ra % 4 && ca % 4) ? (ra / 4) * 2 + ca / 4 : -1, wb = (rb % 4 && cb % 4) ? (rb / 4) * 2 + cb / 4 : -1;
        if (wa >= 0 && wa == wb)
            return 1;
    }
    return s->k.cage[a] >= 0 && s->k.cage[a] == s->k.cage[b];
}

/* Whether a complete grid keeps every rule of s and the givens. */
static int spec_solves(const spec *s, const uint8_t *puzzle, const uint8_t *grid)
{
    int nc = s->n * s->n, sum[SDK_MAX_CELLS] = {0};
    for (int a = 0; a < nc; a++) {
        if (grid[a] < 1 || grid[a] > s->n || (puzzle[a] && puzzle[a] != grid[a]))
            return 0;
        for (int b = a + 1; b < nc; b++)
            if (grid[a] == grid[b] && must_differ(s, a, b))
                return 0;
        if (s->k.cage[a] >= 0)
            sum[s->k.cage[a]] += grid[a];
    }
    for (int j = 0; j < s->k.ncages; j++)
        if (sum[j] != s->k.sum[j])
            return 0;
    return 1;
}

/* Solutions of s from cell c on, row-major, up to limit: digits that no
 * earlier cell they must differ from holds, and each cage's sum reachable
 * by its cells still blank. */
static long brute(const spec *s, uint8_t *g, int c, long limit)
{
    int n = s->n, nc = n * n;
    if (c == nc)
        return 1;
    if (g[c])
        return brute(s, g, c + 1, limit);
    long count = 0;
    for (int v = 1; v <= n && count < limit; v++) {
        int ok = 1;
        for (int b = 0; b < nc && ok; b++)
            if (b != c && g[b] == v && must_differ(s, b, c))
                ok = 0;
        int j = s->k.cage[c];
        if (ok && j >= 0) {
            int have = v, blank = 0;
            for (int b = 0; b < nc; b++)
                if (b != c && s->k.cage[b] == j) {
                    have += g[b];
                    blank += !g[b];
                }
            ok = have + blank * (blank + 1) / 2 <= s->k.sum[j] && have + blank * n >= s->k.sum[j];
        }
        if (!ok)
            continue;
        g[c] = (uint8_t)v;
        count += brute(s, g, c + 1, limit - count);
        g[c] = 0;
    }
    return count;
}

/* ---- random killers ---------------------------------------------------------- */

/* Cages grown at random over grid (each cell's digit differing within its
 * cage), of 1..maxsize cells, their sums from grid. */
static void random_cages(int n, const uint8_t *grid, int maxsize, sdk_rng *r, sdk_killer *k)
{
    int nc = n * n;
    memset(k->cage, 0xff, sizeof(int16_t) * (size_t)nc);
    k->ncages = 0;
    /* (cages started in reading order: the generator's start at random) */
    for (int c = 0; c < nc; c++) {
        if (k->cage[c] >= 0)
            continue;
        int j = k->ncages++, size = 1 + (int)sdk_rng_below(r, (uint32_t)maxsize), have = 1;
        uint32_t used = 1u << grid[c];
        k->cage[c] = (int16_t)j;
        k->sum[j] = grid[c];
        while (have < size) {
            int cand[4 * SDK_MAX_N], nb = 0;
            for (int x = 0; x < nc; x++) {
                if (k->cage[x] != j)
                    continue;
                int rr = x / n, cc = x % n, next[4] = {rr ? x - n : -1, rr < n - 1 ? x + n : -1, cc ? x - 1 : -1,
                                                       cc < n - 1 ? x + 1 : -1};
                for (int q = 0; q < 4; q++)
                    if (next[q] >= 0 && k->cage[next[q]] < 0 && !(used >> grid[next[q]] & 1) && nb < 4 * SDK_MAX_N)
                        cand[nb++] = next[q];
            }
            if (!nb)
                break;
            int y = cand[sdk_rng_below(r, (uint32_t)nb)];
            k->cage[y] = (int16_t)j;
            k->sum[j] = (uint16_t)(k->sum[j] + grid[y]);
            used |= 1u << grid[y];
            have++;
        }
    }
}

/* A random killer on flags' board of side n: spec, board, puzzle (givens
 * each with chance `givens` percent); the grid is a solution. */
static sdk_board *random_killer(unsigned flags, int n, int maxsize, int givens, sdk_rng *r, spec *s,
                                uint8_t *puzzle)
{
    uint8_t grid[SDK_MAX_CELLS];
    char err[160] = "";
    memset(s, 0, sizeof *s);
    s->n = n;
    sdk_board_default_shape(n, &s->br, &s->bc);
    s->x = (flags & SDK_VARIANT_X) != 0;
    s->windoku = (flags & SDK_VARIANT_WINDOKU) != 0;
    sdk_board *plain = sdk_variant_board(flags & ~(unsigned)(SDK_VARIANT_KILLER | SDK_VARIANT_JIGSAW), n, NULL, err,
                                         sizeof err);
    if (!plain) {
        /* (a standard board: flags 0) */
        plain = sdk_board_new(s->br, s->bc);
    }
    sdk_gen_params g;
    sdk_generate_defaults(&g);
    sdk_generate_grid(plain, &g, sdk_rng_u32(r), grid, NULL);
    sdk_board_free(plain);
    for (int c = 0; c < n * n; c++)
        s->region[c] = (uint8_t)((c / n / s->br) * (n / s->bc) + (c % n) / s->bc);
    if (flags & SDK_VARIANT_JIGSAW)
        sdk_variant_random_regions(n, grid, r, s->region);
    random_cages(n, grid, maxsize, r, &s->k);
    for (int c = 0; c < n * n; c++)
        puzzle[c] = (int)sdk_rng_below(r, 100) < givens ? grid[c] : 0;
    CHECK(spec_solves(s, puzzle, grid), "the random killer's own grid solves it");
    sdk_board *b = sdk_variant_board_killer(flags, n, 0, 0, (flags & SDK_VARIANT_JIGSAW) ? s->region : NULL, &s->k,
                                            err, sizeof err);
    CHECK(b != NULL, "random killer board: %s", err);
    return b;
}

/* ---- tests ------------------------------------------------------------------- */

static void check_messages(void)
{
    char err[160];
    uint16_t sums[4] = {3, 18, 7, 10};
    sdk_killer k;
    /* 4x4: cage a (r1c1-r1c2) sums 3, b sums 18 (too much for 2 cells of 1-4) */
    const char *labels = "aabbcccd...d....";
    CHECK(!killer_from_labels(4, labels, sums, 3, &k, err, sizeof err) && strstr(err, "3 cage sums for 4 cages"),
          "sums count: %s", err);
    CHECK(!killer_from_labels(4, labels, sums, 4, &k, err, sizeof err) && strstr(err, "cage 'b' at r1c3") &&
              strstr(err, "cannot sum to 18"),
          "bad sum: %s", err);
    uint16_t ok[4] = {3, 7, 7, 5};
    CHECK(killer_from_labels(4, labels, ok, 4, &k, err, sizeof err), "good cages: %s", err);
    /* a label used twice by cages that do not touch: two cages */
    CHECK(killer_from_labels(4, "aa..............", (uint16_t[]){3}, 1, &k, err, sizeof err) && k.ncages == 1,
          "one cage");
    CHECK(killer_from_labels(4, "a..a............", (uint16_t[]){1, 2}, 2, &k, err, sizeof err) && k.ncages == 2,
          "a label reused: two cages (%s)", err);
    /* a cage of 5 cells on 4x4 */
    CHECK(!killer_from_labels(4, "aaaaa...........", (uint16_t[]){10}, 1, &k, err, sizeof err) &&
              strstr(err, "5 cells"),
          "too big: %s", err);
    /* not connected, through the map (the labels always join): by hand */
    sdk_killer h = {.ncages = 1};
    for (int c = 0; c < 16; c++)
        h.cage[c] = (int16_t)(c == 0 || c == 2 ? 0 : -1);
    h.sum[0] = 3;
    CHECK(!sdk_killer_check(4, &h, NULL, err, sizeof err) && strstr(err, "not connected"), "connected: %s", err);
    /* givens */
    uint8_t cells[16] = {2, 2};
    killer_from_labels(4, labels, ok, 4, &k, err, sizeof err);
    CHECK(!killer_check_givens(4, &k, cells, labels, err, sizeof err) && strstr(err, "twice"), "twice: %s", err);
    uint8_t over[16] = {0, 0, 4, 4};
    CHECK(!killer_check_givens(4, &k, over, labels, err, sizeof err), "4 and 4 in a cage of 7: %s", err);
    uint8_t big[16] = {4};
    CHECK(!killer_check_givens(4, &k, big, labels, err, sizeof err) && strstr(err, "more than its sum"),
          "givens over the sum: %s", err);
    uint8_t cant[16] = {0, 0, 0, 0, 1};   /* cage c = 7 over 3 cells: 1 + two of 2..4 makes 7 (2+4): fine */
    CHECK(killer_check_givens(4, &k, cant, labels, err, sizeof err), "1 in cage c: %s", err);
    uint8_t cant2[16] = {0, 0, 0, 0, 4};  /* 4 + two of 1..3 = 7 needs 3 = 1+2: fine; 4,3 needs 0: not */
    cant2[5] = 3;
    CHECK(!killer_check_givens(4, &k, cant2, labels, err, sizeof err) && strstr(err, "cannot make up"),
          "blank cannot make up: %s", err);
}

static void check_tables(void)
{
    /* 4x4: row 1 = cages a (2 cells, 3) and b (2 cells, 7): no innie in
     * row 1; box 1 = cage a + r2c1,r2c2 in cage c (3 cells): innie? c goes
     * outside box 1, so box 1's innie is r2c1-r2c2 with sum 10 - 3 = 7. */
    char err[160];
    sdk_killer k;
    killer_from_labels(4, "aabbcccd...d....", (uint16_t[]){3, 7, 7, 5}, 4, &k, err, sizeof err);
    sdk_board *b = sdk_variant_board_killer(0, 4, 0, 0, NULL, &k, err, sizeof err);
    CHECK(b && b->ncages == 4, "4 cages (%s)", err);
    if (!b)
        return;
    CHECK(strcmp(b->variant, "killer") == 0 && sdk_variant_flags(b) == SDK_VARIANT_KILLER, "name %s", b->variant);
    CHECK(b->cage_start[1] == 2 && b->cage_sum[1] == 7 && b->cell_cage[11] == 3 && b->cell_cage[8] == -1,
          "cage tables");
    int found = 0;
    for (int j = b->ncages; j < b->ncages + b->nimplied_cages; j++)
        if (b->cage_start[j + 1] - b->cage_start[j] == 2 && b->cage_cells[b->cage_start[j]] == 4 &&
            b->cage_cells[b->cage_start[j] + 1] == 5 && b->cage_sum[j] == 7)
            found = 1;
    CHECK(found, "box 1's innie r2c1-r2c2 = 7 (of %d innies)", b->nimplied_cages);
    char labels[SDK_MAX_CELLS + 1];
    sdk_killer_labels(b, labels);
    CHECK(strcmp(labels, "aabbccca...a....") == 0, "labels %s", labels);
    char line[SDK_MAX_LINE];
    uint8_t cells[16] = {0};
    sdk_format_line(b, cells, line);
    CHECK(strcmp(line, "................ aabbccca...a.... 3,7,7,5") == 0, "line %s", line);
    /* the cache: the same cages (numbered otherwise) give the same board */
    const sdk_board *c1 = sdk_variant_cached_killer(0, 4, 0, 0, NULL, &k, err, sizeof err);
    sdk_killer k2 = k;
    for (int c = 0; c < 16; c++)
        if (k2.cage[c] >= 0)
            k2.cage[c] = (int16_t)(3 - k.cage[c]);
    for (int j = 0; j < 4; j++)
        k2.sum[3 - j] = k.sum[j];
    const sdk_board *c2 = sdk_variant_cached_killer(0, 4, 0, 0, NULL, &k2, err, sizeof err);
    k2.sum[0]++;
    k2.sum[1]--;
    const sdk_board *c3 = sdk_variant_cached_killer(0, 4, 0, 0, NULL, &k2, err, sizeof err);
    CHECK(c1 && c1 == c2 && c3 && c3 != c1, "cache by cages: %p %p %p", (void *)c1, (void *)c2, (void *)c3);
    sdk_variant_release(c1);
    sdk_variant_release(c2);
    sdk_variant_release(c3);
    /* a solution's check: cage sums and distinctness */
    uint8_t sol[16] = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1};
    CHECK(!sdk_board_is_solution(b, sol), "a sudoku grid that misses the sums is no solution");
    sdk_board_free(b);
}

/* A line written and read back: the same board and cells. */
static void round_trip(const sdk_board *b, const uint8_t *puzzle)
{
    char line[SDK_MAX_LINE + 64];
    int len = snprintf(line, sizeof line, "%s ", b->variant);
    sdk_format_line(b, puzzle, line + len);
    FILE *f = tmpfile();                /* (the reader reads a file descriptor) */
    fputs(line, f);
    rewind(f);
    sdk_reader *r = sdk_reader_new(f, "t", NULL);
    sdk_record rec;
    int got = sdk_reader_next(r, &rec);
    CHECK(got == 1 && rec.ok, "read back %s: %s", line, rec.error);
    if (got == 1 && rec.ok) {
        sdk_killer k;
        sdk_killer_of(b, &k);
        CHECK(rec.board->variant && strcmp(rec.board->variant, b->variant) == 0 && killer_same(rec.board, &k) &&
                  !memcmp(rec.cells, puzzle, (size_t)b->ncells) &&
                  (!b->region || !memcmp(rec.board->region, b->region, (size_t)b->ncells)),
              "same board back: %s", line);
        sdk_variant_release(rec.board);
    }
    sdk_reader_free(r);
    fclose(f);
}

static void check_counts(unsigned flags, int n, int maxsize, int givens, int trials, long limit, const char *what)
{
    sdk_rng r;
    sdk_rng_seed(&r, 31 + flags + (unsigned)n);
    int agree = 0, unique = 0, none = 0;
    for (int t = 0; t < trials; t++) {
        spec s;
        uint8_t puzzle[SDK_MAX_CELLS], sol[SDK_MAX_CELLS], g[SDK_MAX_CELLS];
        sdk_board *b = random_killer(flags, n, maxsize, givens, &r, &s, puzzle);
        if (!b)
            continue;
        /* now and then a given changed: often no solution */
        if (t % 5 == 4) {
            int c = (int)sdk_rng_below(&r, (uint32_t)(n * n));
            puzzle[c] = (uint8_t)(1 + sdk_rng_below(&r, (uint32_t)n));
        }
        memcpy(g, puzzle, (size_t)(n * n));
        int consistent = 1;
        for (int a = 0; a < n * n; a++)
            for (int c = a + 1; c < n * n; c++)
                if (g[a] && g[a] == g[c] && must_differ(&s, a, c))
                    consistent = 0;
        long want = consistent ? brute(&s, g, 0, limit) : 0;
        sdk_status st;
        uint64_t count = sdk_exact_count(b, puzzle, (uint64_t)limit, sol, NULL, NULL, &st);
        agree += (long)count == want;
        CHECK((long)count == want, "%s #%d: %llu solutions, brute force %ld", what, t, (unsigned long long)count,
              want);
        if (count)
            CHECK(spec_solves(&s, puzzle, sol) && sdk_board_solves(b, puzzle, sol), "%s #%d: the solution holds",
                  what, t);
        unique += count == 1;
        none += count == 0;
        if (t < 20 && t % 5 != 4)
            round_trip(b, puzzle);      /* (a changed given may break a cage: the reader refuses it) */
        sdk_board_free(b);
    }
    printf("%s: %d of %d counts agree (%d unique, %d none)\n", what, agree, trials, unique, none);
}

/* The cage term from s's cages: |sum - target| + pairs of equal digits. */
static long cage_term(const spec *s, const uint8_t *state)
{
    int nc = s->n * s->n;
    long sum[SDK_MAX_CELLS] = {0}, e = 0;
    for (int a = 0; a < nc; a++) {
        if (s->k.cage[a] < 0)
            continue;
        sum[s->k.cage[a]] += state[a];
        for (int b = a + 1; b < nc; b++)
            e += s->k.cage[b] == s->k.cage[a] && state[b] == state[a];
    }
    for (int j = 0; j < s->k.ncages; j++)
        e += labs(sum[j] - s->k.sum[j]);
    return e;
}

/* The three energies of state: the houses' on plain (b without its cages)
 * plus the cage term. */
static void energies(const sdk_board *plain, const spec *s, const uint8_t *puzzle, const uint8_t *state, long *out)
{
    long k = cage_term(s, state);
    out[0] = sdk_energy_conflict_full(plain, puzzle, state, 5) + k;
    out[1] = sdk_energy_missing_full(plain, state) + k;
    out[2] = sdk_energy_sort_full(plain, state) + k;
}

static void check_energy(unsigned flags, int moves, const char *what)
{
    sdk_rng r;
    sdk_rng_seed(&r, 77 + flags);
    spec s;
    uint8_t puzzle[SDK_MAX_CELLS], state[SDK_MAX_CELLS];
    sdk_board *b = random_killer(flags, 9, 5, 15, &r, &s, puzzle);
    char err[160];
    unsigned base = flags & ~(unsigned)SDK_VARIANT_KILLER;
    sdk_board *plain = base ? sdk_variant_board(base, 9, (base & SDK_VARIANT_JIGSAW) ? s.region : NULL, err, sizeof err)
                            : sdk_board_new(3, 3);
    if (!b || !plain)
        return;
    sdk_energy_fill_boxes(b, puzzle, &r, state);
    sdk_energy e;
    CHECK(sdk_energy_init(&e, b, puzzle, state, SDK_ENERGY_ALL, 5), "init");
    long want[3], after[3];
    energies(plain, &s, puzzle, state, want);
    CHECK(e.conflict == want[0] && e.missing == want[1] && e.sort == want[2], "%s: start %ld %ld %ld vs %ld %ld %ld",
          what, e.conflict, e.missing, e.sort, want[0], want[1], want[2]);
    CHECK(sdk_energy_cage_full(b, state) == cage_term(&s, state), "%s: the cage term", what);
    int bad = 0;
    for (int m = 0; m < moves; m++) {
        /* three free cells of one box (region) */
        int box = (int)sdk_rng_below(&r, 9), cells[9], nf = 0;
        for (int c = 0; c < 81; c++)
            if (s.region[c] == box && !puzzle[c])
                cells[nf++] = c;
        if (nf < 3)
            continue;
        for (int i = 0; i < 3; i++) {
            int j = i + (int)sdk_rng_below(&r, (uint32_t)(nf - i)), t = cells[i];
            cells[i] = cells[j];
            cells[j] = t;
        }
        int a = cells[0], c2 = cells[1], c3 = cells[2], kind = (int)sdk_rng_below(&r, 3);
        long d[3];
        uint8_t next[SDK_MAX_CELLS];
        memcpy(next, e.cells, 81);
        if (kind == 0) {                /* a set (the conflict chain's move) */
            int v = 1 + (int)sdk_rng_below(&r, 9);
            d[0] = energy_conflict_set_delta(&e, a, v);
            d[1] = energy_missing_set_delta(&e, a, v);
            d[2] = energy_sort_set_delta(&e, a, v);
            next[a] = (uint8_t)v;
        } else if (kind == 1) {         /* a swap */
            d[0] = energy_conflict_swap_delta(&e, a, c2);
            d[1] = energy_missing_swap_delta(&e, a, c2);
            d[2] = energy_sort_swap_delta(&e, a, c2);
            next[a] = e.cells[c2];
            next[c2] = e.cells[a];
        } else {                        /* a 3-cycle: a takes c3's, c2 a's, c3 c2's */
            d[1] = energy_missing_cycle3_delta(&e, a, c2, c3);
            next[a] = e.cells[c3];
            next[c2] = e.cells[a];
            next[c3] = e.cells[c2];
        }
        energies(plain, &s, puzzle, e.cells, want);
        energies(plain, &s, puzzle, next, after);
        for (int k = kind == 2 ? 1 : 0; k < (kind == 2 ? 2 : 3); k++)
            if (d[k] != after[k] - want[k] && bad++ < 5)
                CHECK(0, "%s move %d kind %d energy %d: ΔE %ld, recomputed %ld", what, m, kind, k, d[k],
                      after[k] - want[k]);
        if (kind == 0)
            energy_set(&e, a, next[a]);
        else if (kind == 1)
            energy_swap(&e, a, c2);
        else
            energy_cycle3(&e, a, c2, c3);
        if (m % 1000 == 999) {
            CHECK(!memcmp(e.cells, next, 81), "%s: the committed state", what);
            CHECK(e.conflict == after[0] && e.missing == after[1] && e.sort == after[2],
                  "%s: tracked %ld %ld %ld, recomputed %ld %ld %ld", what, e.conflict, e.missing, e.sort, after[0],
                  after[1], after[2]);
        }
    }
    CHECK(!bad, "%s: %d of %d ΔE differ from recomputes", what, bad, moves);
    printf("%s: %d moves, ΔE == recompute\n", what, moves);
    sdk_energy_free(&e);
    sdk_board_free(plain);
    sdk_board_free(b);
}

/* Generated killers proven unique by this file's brute force: the board's
 * cages read back into a spec, then every solution counted (to 2). */
static void check_generated(unsigned flags, int n, int count, const char *what)
{
    sdk_killer_gen kg;
    sdk_killer_gen_defaults(&kg);
    if (kg.cage_max > n)
        kg.cage_max = n;
    sdk_gen_params g;
    sdk_generate_defaults(&g);
    int unique = 0;
    for (int t = 0; t < count; t++) {
        sdk_board *b = NULL;
        uint8_t puzzle[SDK_MAX_CELLS], grid[SDK_MAX_CELLS];
        sdk_status st = sdk_generate_killer(flags, n, 0, 0, &kg, &g, 1000u + (unsigned)t, &b, puzzle, NULL);
        CHECK(st == SDK_SOLVED && b, "%s #%d: generated (status %d)", what, t, (int)st);
        if (!b)
            continue;
        spec s;
        memset(&s, 0, sizeof s);
        s.n = n;
        s.x = (flags & SDK_VARIANT_X) != 0;
        sdk_board_default_shape(n, &s.br, &s.bc);
        for (int c = 0; c < n * n; c++)
            s.region[c] = b->region ? b->region[c] : (uint8_t)((c / n / s.br) * (n / s.bc) + (c % n) / s.bc);
        sdk_killer_of(b, &s.k);
        int blanks = 0, small = 0;
        for (int c = 0; c < n * n; c++)
            blanks += !puzzle[c];
        for (int j = 0; j < b->ncages; j++)
            small += b->cage_start[j + 1] - b->cage_start[j] < 2;
        CHECK(blanks == n * n && small == 0, "%s #%d: no givens, no one-cell cage", what, t);
        memcpy(grid, puzzle, (size_t)(n * n));
        long sols = brute(&s, grid, 0, 2);
        CHECK(sols == 1, "%s #%d: %ld solutions by brute force", what, t, sols);
        unique += sols == 1;
        sdk_board_free(b);
    }
    printf("%s: %d of %d generated killers unique by brute force\n", what, unique, count);
}

int main(void)
{
    check_messages();
    check_tables();
    check_counts(0, 4, 3, 0, 300, 1000, "4x4 killer, counted to the end");
    check_counts(0, 4, 4, 25, 200, 1000, "4x4 killer with givens");
    check_counts(SDK_VARIANT_X, 4, 3, 0, 150, 1000, "4x4 killer,x");
    check_counts(SDK_VARIANT_JIGSAW, 4, 3, 0, 150, 1000, "4x4 jigsaw,killer");
    check_counts(0, 6, 3, 30, 40, 20, "6x6 killer, to 20");
    check_counts(0, 9, 5, 35, 40, 3, "9x9 killer, to 3");
    check_counts(SDK_VARIANT_X, 9, 5, 35, 20, 3, "9x9 killer,x, to 3");
    check_counts(SDK_VARIANT_WINDOKU, 9, 5, 35, 20, 3, "9x9 killer,windoku, to 3");
    check_counts(SDK_VARIANT_JIGSAW, 9, 5, 35, 20, 3, "9x9 jigsaw,killer, to 3");
    check_generated(0, 4, 20, "4x4 killer generator");
    check_generated(SDK_VARIANT_X, 4, 10, "4x4 killer,x generator");
    check_generated(0, 6, 4, "6x6 killer generator");
    check_energy(0, 30000, "energy on a 9x9 killer");
    check_energy(SDK_VARIANT_X, 10000, "energy on a killer,x");
    check_energy(SDK_VARIANT_JIGSAW, 10000, "energy on a jigsaw,killer");
    return CHECK_SUMMARY("unit_killer");
}

/* unit_generate.c -- the default generator (src/generate/fullgrid.c, src/generate/generate.c,
 * src/generate/cluememo.c) through the library and its internal header:
 *  - stage 1's chain, simulated without its rejected proposals, keeps its
 *    bookkeeping right, ends in valid grids, and draws each next move with
 *    the Metropolis chain's probabilities (checked against the exact ones,
 *    enumerated, by a chi-square test);
 *  - the clue chain's fast step loop draws exactly what the plain loop of
 *    rng_below_fast and sdk_rng_u32 draws;
 *  - every puzzle stage 2 makes -- with the 9x9 kernel's forbidden-candidate
 *    uniqueness test on 9x9, the count to two elsewhere -- has exactly one
 *    solution by the general solver (src/exact/exact.c, not the 9x9 kernel), the
 *    clue count asked for, the symmetry, and the same puzzle again for the
 *    same seed; and every answer the memo gives agrees with the solver's. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "sudoku.h"
#include "../src/board/rng.h"
#include "../src/generate/generate.h"

/* Stage 1 from random digits on board br x bc: the chain, its bookkeeping
 * compared with a recomputation after every iteration, reaches E = 0, and
 * sdk_generate_grid's grids are solved grids. */
static void check_grid_chain(int br, int bc, int seeds)
{
    const sdk_board *b = sdk_board_cached(br, bc);
    sdk_gen_params g;
    sdk_generate_defaults(&g);
    int solved = 0, valid = 0;
    for (uint32_t seed = 1; seed <= (uint32_t)seeds; seed++) {
        sdk_rng rng;
        sdk_rng_seed(&rng, seed);
        uint8_t cells[SDK_MAX_CELLS], grid[SDK_MAX_CELLS];
        for (int c = 0; c < b->ncells; c++)
            cells[c] = (uint8_t)(1 + sdk_rng_below(&rng, (uint32_t)b->n));
        int E = grid_chain_run(b, g.grid_T, &rng, cells, 200000, 1);
        solved += E == 0 && sdk_board_is_solution(b, cells);
        valid += sdk_generate_grid(b, &g, seed, grid, NULL) == SDK_SOLVED && sdk_board_is_solution(b, grid);
    }
    CHECK(solved == seeds, "%dx%d: the checked chain solved %d of %d (bookkeeping wrong or stuck)", br, bc,
          solved, seeds);
    CHECK(valid == seeds, "%dx%d: %d of %d grids valid", br, bc, valid, seeds);
}

/* Conflicting pairs of cell c's peers with digit d (the chain's energy). */
static int peers_holding(const sdk_board *b, const uint8_t *cells, int c, int d)
{
    int count = 0;
    for (int i = b->peer_start[c]; i < b->peer_start[c + 1]; i++)
        count += cells[b->peers[i]] == d;
    return count;
}

/* One iteration of stage 1's chain from a fixed state, `samples` times: the
 * move it makes must be move m with probability a(k_m) / Z, where a(k) is
 * the Metropolis acceptance of an energy change k (as the thresholds give
 * it) and Z = (downhill moves) + (uphill moves) a(1), and nothing with the
 * rest; a chi-square statistic over the outcomes, against the probabilities
 * enumerated here, stays under a bound that a wrong law (say, no thinning,
 * or a move drawn twice as often) exceeds many times over.  A high T, so
 * that uphill moves of every size happen. */
static void check_chain_law(int br, int bc, double T, uint32_t seed, int samples)
{
    const sdk_board *b = sdk_board_cached(br, bc);
    int n = b->n, nc = b->ncells;
    sdk_rng rng;
    sdk_rng_seed(&rng, seed);
    /* a solved grid, then a few cells changed: moves of many energy changes */
    uint8_t state[SDK_MAX_CELLS];
    sdk_gen_params g;
    sdk_generate_defaults(&g);
    CHECK(sdk_generate_grid(b, &g, seed, state, NULL) == SDK_SOLVED, "%dx%d: no grid", br, bc);
    for (int i = 0; i < 3; i++)
        state[sdk_rng_below(&rng, (uint32_t)nc)] = (uint8_t)(1 + sdk_rng_below(&rng, (uint32_t)n));
    uint32_t thr[64];
    sdk_energy_thresholds(thr, 63, 1.0 / T);
    static double expect[SDK_MAX_CELLS * (SDK_MAX_N + 1) + 1];
    static long seen[SDK_MAX_CELLS * (SDK_MAX_N + 1) + 1];
    int outcomes = nc * (n + 1) + 1, null = outcomes - 1;   /* outcome c * (n+1) + d, or nothing */
    double Z = 0, total = 0;
    memset(expect, 0, sizeof expect);
    memset(seen, 0, sizeof seen);
    for (int c = 0; c < nc; c++)
        for (int d = 1; d <= n; d++) {
            if (d == state[c])
                continue;
            int k = peers_holding(b, state, c, d) - peers_holding(b, state, c, state[c]);
            expect[c * (n + 1) + d] = k <= 0 ? 1.0 : thr[k] / 4294967296.0;
            Z += k <= 0 ? 1.0 : thr[1] / 4294967296.0;
            total += expect[c * (n + 1) + d];
        }
    for (int o = 0; o < null; o++)
        expect[o] /= Z;
    expect[null] = 1 - total / Z;
    int two_cells = 0;
    for (int i = 0; i < samples; i++) {
        uint8_t cells[SDK_MAX_CELLS];
        memcpy(cells, state, (size_t)nc);
        grid_chain_run(b, T, &rng, cells, 1, 0);
        int changed = -1;
        for (int c = 0; c < nc; c++)
            if (cells[c] != state[c]) {
                two_cells += changed >= 0;
                changed = c;
            }
        seen[changed < 0 ? null : changed * (n + 1) + cells[changed]]++;
    }
    double chi2 = 0;
    int bins = 0, impossible = 0;
    for (int o = 0; o < outcomes; o++) {
        double e = expect[o] * samples;
        if (e >= 5) {
            chi2 += (seen[o] - e) * (seen[o] - e) / e;
            bins++;
        }
        impossible += expect[o] == 0 && seen[o] > 0;
    }
    /* mean bins - 1, standard deviation sqrt(2 (bins - 1)): eight of those */
    double bound = bins - 1 + 8 * sqrt(2.0 * (bins - 1));
    if (getenv("SDK_TEST_VERBOSE"))
        printf("%dx%d at T = %g: chi-square %.1f over %d outcomes (bound %.1f)\n", br, bc, T, chi2, bins, bound);
    CHECK(two_cells == 0, "%dx%d: %d iterations changed two cells", br, bc, two_cells);
    CHECK(impossible == 0, "%dx%d: %d outcomes of probability 0 happened", br, bc, impossible);
    CHECK(bins > 10 && chi2 < bound, "%dx%d at T = %g: chi-square %.1f over %d outcomes (bound %.1f)", br, bc, T,
          chi2, bins, bound);
}

/* The clue chain's step loop against the plain one (a cell by
 * rng_below_fast, then u by sdk_rng_u32, until u < live[cell]), across
 * block ends and for bounds where Lemire's draw rejects often. */
static void check_quiet_steps(void)
{
    static const uint32_t sizes[] = {81, 36, 16, 625, 3};
    int same = 0, runs = 0;
    for (int si = 0; si < 5; si++) {
        uint32_t nc = sizes[si];
        sdk_rng fast, plain, pick;
        sdk_rng_seed(&fast, 7 + si);
        sdk_rng_seed(&plain, 7 + si);
        sdk_rng_seed(&pick, 99 + si);
        uint64_t live[SDK_MAX_CELLS], step = 0, plain_step = 0;
        for (int round = 0; round < 2000; round++) {
            for (uint32_t c = 0; c < nc; c++) {  /* mostly quiet cells, as in the chain */
                uint32_t x = sdk_rng_u32(&pick);
                live[c] = x % 8 == 0 ? 1ull << 32 : x % 8 == 1 ? x >> 4 : 0;
            }
            uint64_t stop = step + 1 + sdk_rng_below(&pick, 300);
            int c = generate_quiet_steps(&fast, live, nc, &step, stop);
            int want = -1;
            for (; plain_step < stop; plain_step++) {
                uint32_t cell = rng_below_fast(&plain, nc);
                if (sdk_rng_u32(&plain) < live[cell]) {
                    want = (int)cell;
                    break;
                }
            }
            if (want < 0)
                plain_step = stop;
            same += c == want && step == plain_step && fast.index == plain.index &&
                    memcmp(fast.out, plain.out, sizeof fast.out) == 0;
            runs++;
            step++;
            plain_step++;
        }
    }
    CHECK(same == runs, "the fast step loop agreed with the plain one %d times of %d", same, runs);
}

/* Is cell c's orbit under s all clues or all blanks? */
static int symmetric(const sdk_board *b, sdk_symmetry s, const uint8_t *p)
{
    int n = b->n;
    for (int c = 0; c < b->ncells; c++) {
        int r = c / n, col = c % n, image[3] = {c, c, c};
        if (s == SDK_SYM_ROTATE180 || s == SDK_SYM_ROTATE90)
            image[0] = (n - 1 - r) * n + (n - 1 - col);
        if (s == SDK_SYM_ROTATE90) {
            image[1] = col * n + (n - 1 - r);
            image[2] = (n - 1 - col) * n + r;
        }
        if (s == SDK_SYM_MIRROR)
            image[0] = r * n + (n - 1 - col);
        for (int i = 0; i < 3; i++)
            if (!p[c] != !p[image[i]])
                return 0;
    }
    return 1;
}

static sdk_gen_params params(int clues, sdk_symmetry s)
{
    sdk_gen_params g;
    sdk_generate_defaults(&g);
    g.target_clues = clues;
    g.symmetry = s;
    return g;
}

static void check_puzzles(int br, int bc, int clues, sdk_symmetry s, int count)
{
    const sdk_board *b = sdk_board_cached(br, bc);
    sdk_gen_params g = params(clues, s);
    int unique = 0, right_solution = 0, right_clues = 0, sym = 0, repeat = 0;
    for (uint32_t seed = 100; seed < 100 + (uint32_t)count; seed++) {
        uint8_t p[SDK_MAX_CELLS], sol[SDK_MAX_CELLS], again[SDK_MAX_CELLS], found[SDK_MAX_CELLS];
        if (sdk_generate_metropolis(b, &g, seed, p, sol, NULL) != SDK_SOLVED) {
            CHECK(0, "%dx%d, %d clues, seed %u: not generated", br, bc, clues, seed);
            continue;
        }
        sdk_status st;
        uint64_t n = sdk_exact_count_general(b, p, 2, found, NULL, NULL, &st);
        unique += n == 1 && st == SDK_SOLVED;
        right_solution += n == 1 && memcmp(found, sol, (size_t)b->ncells) == 0;
        int k = 0;
        for (int c = 0; c < b->ncells; c++)
            k += p[c] != 0;
        right_clues += k == clues;
        sym += symmetric(b, s, p);
        repeat += sdk_generate_metropolis(b, &g, seed, again, NULL, NULL) == SDK_SOLVED &&
                  memcmp(p, again, (size_t)b->ncells) == 0;
    }
    CHECK(unique == count, "%dx%d, %d clues, symmetry %d: %d of %d puzzles unique", br, bc, clues, s, unique, count);
    CHECK(right_solution == count, "%dx%d, %d clues: %d of %d solutions right", br, bc, clues, right_solution, count);
    CHECK(right_clues == count, "%dx%d, %d clues: %d of %d with that many clues", br, bc, clues, right_clues, count);
    CHECK(sym == count, "%dx%d, %d clues, symmetry %d: %d of %d symmetric", br, bc, clues, s, sym, count);
    CHECK(repeat == count, "%dx%d, %d clues: %d of %d the same for the same seed", br, bc, clues, repeat, count);
}

/* The memo answers only what is proven: with the check on, every answer it
 * gives is compared with the solver's (sizes with and without the kernel,
 * every symmetry). */
static void check_memo(int br, int bc, int clues, sdk_symmetry s, int count)
{
    const sdk_board *b = sdk_board_cached(br, bc);
    sdk_gen_params g = params(clues, s);
    sdk_generate_memo_check = 1;
    sdk_generate_memo_errors = 0;
    int made = 0;
    for (uint32_t seed = 500; seed < 500 + (uint32_t)count; seed++) {
        uint8_t p[SDK_MAX_CELLS];
        made += sdk_generate_metropolis(b, &g, seed, p, NULL, NULL) == SDK_SOLVED;
    }
    sdk_generate_memo_check = 0;
    CHECK(made == count, "%dx%d, %d clues: %d of %d made with the memo check on", br, bc, clues, made, count);
    CHECK(sdk_generate_memo_errors == 0, "%dx%d, %d clues, symmetry %d: the memo contradicted the solver %lu times",
          br, bc, clues, s, sdk_generate_memo_errors);
}

/* The kernel's second solution as a set of cells (what the clue chain
 * learns) is the set where its second solution as digits differs from the
 * grid: removals of one to four random clues from generated puzzles. */
static void check_differ_cells(int count)
{
    const sdk_board *b = sdk_board_cached(3, 3);
    sdk_gen_params g = params(26, SDK_SYM_NONE);
    int agree = 0, refusals = 0;
    sdk_rng rng;
    sdk_rng_seed(&rng, 11);
    for (uint32_t seed = 700; seed < 700 + (uint32_t)count; seed++) {
        uint8_t p[SDK_MAX_CELLS], sol[SDK_MAX_CELLS], other[SDK_MAX_CELLS];
        if (sdk_generate_metropolis(b, &g, seed, p, sol, NULL) != SDK_SOLVED)
            continue;
        for (int trial = 0; trial < 20; trial++) {
            uint8_t q[SDK_MAX_CELLS], at[4];
            memcpy(q, p, sizeof q);
            int k = 1 + (int)sdk_rng_below(&rng, 4), n = 0;
            while (n < k) {
                int c = (int)sdk_rng_below(&rng, 81);
                if (q[c]) {
                    q[c] = 0;
                    at[n++] = (uint8_t)c;
                }
            }
            uint32_t bands[3];
            int a = sdk_exact9_differs(q, sol, at, k, other, NULL);
            int d = exact9_differs_cells(q, sol, at, k, bands);
            int same = a == d;
            for (int c = 0; a == 1 && c < 81; c++)
                same &= (other[c] != sol[c]) == (int)(bands[c / 27] >> (c % 27) & 1);
            agree += same;
            refusals += a == 1;
        }
    }
    CHECK(agree == 20 * count && refusals > count, "second solutions as cells: %d of %d agree (%d refusals)",
          agree, 20 * count, refusals);
}

int main(void)
{
    check_memo(3, 3, 25, SDK_SYM_ROTATE180, 30);
    check_memo(3, 3, 24, SDK_SYM_NONE, 5);
    check_memo(3, 3, 29, SDK_SYM_ROTATE90, 5);
    check_memo(3, 3, 26, SDK_SYM_MIRROR, 5);
    check_memo(2, 3, 12, SDK_SYM_ROTATE180, 10);
    check_grid_chain(3, 3, 40);
    check_grid_chain(2, 3, 20);
    check_grid_chain(2, 2, 20);
    check_grid_chain(2, 4, 5);
    check_chain_law(2, 2, 1.0, 3, 100000);
    check_chain_law(2, 3, 0.7, 4, 60000);
    check_chain_law(3, 3, 0.5, 5, 20000);
    check_quiet_steps();
    check_differ_cells(20);
    check_puzzles(3, 3, 25, SDK_SYM_ROTATE180, 200);
    check_puzzles(3, 3, 23, SDK_SYM_ROTATE180, 4);
    check_puzzles(3, 3, 24, SDK_SYM_NONE, 10);
    check_puzzles(3, 3, 29, SDK_SYM_ROTATE90, 10);
    check_puzzles(3, 3, 26, SDK_SYM_MIRROR, 10);
    check_puzzles(2, 3, 12, SDK_SYM_ROTATE180, 10);
    check_puzzles(2, 2, 6, SDK_SYM_NONE, 10);
    /* from 16x16 the removal checks are node-capped: still unique, the
     * target reached, the same puzzle for the same seed */
    check_puzzles(4, 4, 94, SDK_SYM_ROTATE180, 3);
    check_puzzles(5, 5, 281, SDK_SYM_ROTATE180, 1);
    return CHECK_SUMMARY("unit_generate");
}

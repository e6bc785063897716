/*
 * unit_logic.c -- the logical solver (src/logic): one step of each technique
 * in SE's own positions (tests/logic_cases.txt: SE's step taken there, its
 * rating, removals and placement), whole solves of puzzles/se_rated_1000.txt
 * rated <= 6.2 by SE (ER/EP/ED equal), the soundness of every step against
 * the solution, other board sizes, the candidate reader's hostile input, and
 * (when ../shared is there) HoDoKu's regression library for each family it
 * covers (GPL-3: read in place, never copied).
 */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "../src/logic/lgint.h"

static const sdk_board *B9;

/* Digit grid from an 81-character string (0 or . blank). */
static void read81(const char *s, uint8_t *cells)
{
    for (int i = 0; i < 81; i++)
        cells[i] = s[i] >= '1' && s[i] <= '9' ? (uint8_t)(s[i] - '0') : 0;
}

/* SE's own positions: the ladder must take SE's step there. */
static void test_cases(void)
{
    FILE *f = fopen("tests/logic_cases.txt", "r");
    CHECK(f != NULL, "tests/logic_cases.txt missing");
    if (!f)
        return;
    static char line[4096];
    int cases = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#')
            continue;
        char *fld[8];
        int nf = 0;
        char *p = line;
        line[strcspn(line, "\n")] = 0;
        while (nf < 7 && (fld[nf] = strsep(&p, "\t")))
            nf++;
        if (nf < 7)
            continue;
        cases++;
        lg_grid g;
        uint8_t vals[81], sol[81];
        read81(fld[4], vals);
        memset(&g, 0, sizeof g);
        g.b = B9;
        g.n = 9;
        for (int c = 0; c < 81; c++) {
            g.val[c] = vals[c];
            g.given[c] = 0;
            g.cand[c] = 0;
            for (int d = 1; d <= 9 && !vals[c]; d++)
                if (fld[3][c * 9 + d - 1] != '.')
                    g.cand[c] |= 1u << (d - 1);
        }
        sdk_status st;
        CHECK(sdk_exact_count(B9, vals, 2, sol, NULL, NULL, &st) == 1, "case %d: one solution", cases);
        lg_step s;
        int got = lg_next_step(&g, &s, NULL);
        CHECK(got == LG_FOUND, "case %d (%s): a step", cases, fld[1]);
        if (got != LG_FOUND)
            continue;
        CHECK((int)(s.rating * 10 + .5) == (int)(atof(fld[0]) * 10 + .5), "case %d: rating %.1f, SE %s (%s)", cases,
              s.rating, fld[0], fld[1]);
        int same_name = strncmp(fld[1], "Unique", 6) == 0 ? strncmp(s.name, "Unique", 6) == 0
                        : strcmp(fld[1], "Hidden Single") == 0 && s.rating < 1.1 ? strcmp(s.name, "Full House") == 0
                                                                                  : strcmp(s.name, fld[1]) == 0;
        CHECK(same_name, "case %d: %s, SE %s", cases, s.name, fld[1]);
        /* removals as a sorted list like SE's: rRcC-d */
        char mine[4096] = "";
        uint8_t hit[729] = {0};
        for (int i = 0; i < s.nelim; i++)
            hit[s.elim[i].cell * 9 + s.elim[i].digit - 1] = 1;
        for (int c = 0; c < 81; c++)
            for (int d = 1; d <= 9; d++)
                if (hit[c * 9 + d - 1])
                    snprintf(mine + strlen(mine), sizeof mine - strlen(mine), "%sr%dc%d-%d", mine[0] ? " " : "",
                             c / 9 + 1, c % 9 + 1, d);
        CHECK(strcmp(mine[0] ? mine : "-", fld[5]) == 0, "case %d (%s): removes %s, SE %s", cases, fld[1], mine, fld[5]);
        char place[32] = "-";
        if (s.nplace)
            snprintf(place, sizeof place, "r%dc%d=%d", s.place[0].cell / 9 + 1, s.place[0].cell % 9 + 1, s.place[0].digit);
        CHECK(strcmp(place, fld[6]) == 0, "case %d: places %s, SE %s", cases, place, fld[6]);
        for (int i = 0; i < s.nelim; i++)
            CHECK(sol[s.elim[i].cell] != s.elim[i].digit, "case %d: removes a solution digit", cases);
        for (int i = 0; i < s.nplace; i++)
            CHECK(sol[s.place[i].cell] == s.place[i].digit, "case %d: places a wrong digit", cases);
    }
    fclose(f);
    CHECK(cases >= 40, "only %d cases", cases);
}

/* Whole solves: ER/EP/ED as SE gives them, for the puzzles SE rates <= 6.2;
 * every step sound, the path ending at the solution. */
static void test_se_rated(void)
{
    FILE *f = fopen("puzzles/se_rated_1000.txt", "r");
    CHECK(f != NULL, "puzzles/se_rated_1000.txt missing");
    if (!f)
        return;
    char line[512];
    int n = 0, equal = 0, replayed = 0;
    while (fgets(line, sizeof line, f) && n < 300) {
        if (line[0] == '#')
            continue;
        double er, ep, ed;
        if (sscanf(line + 82, "%lf/%lf/%lf", &er, &ep, &ed) != 3 || er > 6.2)
            continue;
        n++;
        uint8_t cells[81], sol[81];
        read81(line, cells);
        sdk_human_rating h;
        CHECK(sdk_human_rate(B9, cells, NULL, SDK_HUMAN_STEPS, &h, NULL) == SDK_SOLVED, "puzzle %d rated", n);
        int same = (int)(h.er * 10 + .5) == (int)(er * 10 + .5) && (int)(h.ep * 10 + .5) == (int)(ep * 10 + .5) &&
                   (int)(h.ed * 10 + .5) == (int)(ed * 10 + .5);
        equal += same;
        CHECK(same, "%.81s: %.1f/%.1f/%.1f, SE %.1f/%.1f/%.1f", line, h.er, h.ep, h.ed, er, ep, ed);
        CHECK(h.solved && strcmp(h.level, sdk_human_level(h.er)) == 0, "puzzle %d solved", n);
        /* replay the path on the puzzle's candidates */
        sdk_status st;
        sdk_exact_count(B9, cells, 2, sol, NULL, NULL, &st);
        lg_grid g;
        lg_grid_init(&g, B9, cells);
        int sound = 1;
        for (int i = 0; i < h.nsteps; i++) {
            lg_step s;
            lg_begin(&s, h.steps[i].technique, h.steps[i].rating);
            for (int k = 0; k < h.steps[i].nelim; k++) {
                sound &= sol[h.steps[i].elim[k].cell] != h.steps[i].elim[k].digit;
                s.elim[s.nelim++] = (lg_cand){h.steps[i].elim[k].cell, h.steps[i].elim[k].digit};
            }
            for (int k = 0; k < h.steps[i].nplace; k++) {
                sound &= sol[h.steps[i].place[k].cell] == h.steps[i].place[k].digit;
                s.place[s.nplace++] = (lg_cand){h.steps[i].place[k].cell, h.steps[i].place[k].digit};
            }
            lg_apply(&g, &s);
        }
        CHECK(sound && memcmp(g.val, sol, 81) == 0, "puzzle %d: the replayed path ends at the solution", n);
        replayed++;
        sdk_human_free(&h);
    }
    fclose(f);
    CHECK(n >= 200 && equal == n, "%d of %d equal", equal, n);
    CHECK(replayed == n, "replayed");
}

/* Smaller and larger boards: the ladder works from houses alone. */
static void test_sizes(void)
{
    static const char *p4 = "1...........4..3";  /* not unique: reported, not rated */
    const sdk_board *b4 = sdk_board_cached(2, 2);
    uint8_t c4[16];
    for (int i = 0; i < 16; i++)
        c4[i] = p4[i] == '.' ? 0 : (uint8_t)(p4[i] - '0');
    sdk_human_rating h;
    CHECK(sdk_human_rate(b4, c4, NULL, 0, &h, NULL) == SDK_UNSOLVABLE && h.solutions == 2, "4x4 multiple");
    /* a 6x6 made unique: the solution minus a few cells */
    const sdk_board *b6 = sdk_board_cached(2, 3);
    static const char *g6 = "123456456123231564564231312645645312";
    uint8_t c6[36];
    for (int i = 0; i < 36; i++)
        c6[i] = (uint8_t)(g6[i] - '0');
    for (int i = 0; i < 36; i += 4)
        c6[i] = 0;
    CHECK(sdk_human_rate(b6, c6, NULL, SDK_HUMAN_STEPS, &h, NULL) == SDK_SOLVED && h.solved, "6x6 solved");
    for (int i = 0; i < 36; i++)
        c6[i] = (uint8_t)(g6[i] - '0');
    int ok = 1;
    for (int i = 0; i < h.nsteps; i++)
        for (int k = 0; k < h.steps[i].nplace; k++)
            ok &= c6[h.steps[i].place[k].cell] == h.steps[i].place[k].digit;
    CHECK(ok, "6x6 placements right");
    sdk_human_free(&h);
}

static void test_parse(void)
{
    uint8_t cells[81];
    uint32_t cand[81];
    char err[160], text[1024];
    /* all candidates open: 729 characters */
    for (int i = 0; i < 729; i++)
        text[i] = (char)('1' + i % 9);
    CHECK(sdk_human_parse_candidates(9, text, 729, 81, cells, cand, err, sizeof err) && cand[0] == 0x1ff && !cells[0],
          "729 open");
    text[4] = '.';
    text[13] = '0';
    CHECK(sdk_human_parse_candidates(9, text, 729, 81, cells, cand, err, sizeof err) && cand[0] == 0x1ef &&
              cand[1] == 0x1ef, "729 with removals");
    memset(text + 9, '.', 8);     /* cell 2 keeps only 9: placed */
    CHECK(sdk_human_parse_candidates(9, text, 729, 81, cells, cand, err, sizeof err) && cells[1] == 9 && !cand[1],
          "one digit left is placed");
    CHECK(!sdk_human_parse_candidates(9, text, 728, 81, cells, cand, err, sizeof err) && err[0], "728: %s", err);
    text[20] = 'x';
    CHECK(!sdk_human_parse_candidates(9, text, 729, 81, cells, cand, err, sizeof err) && strstr(err, "cell 3"), "bad char: %s", err);
    memset(text, '.', 729);
    CHECK(!sdk_human_parse_candidates(9, text, 729, 81, cells, cand, err, sizeof err) && strstr(err, "no candidate"), "empty: %s", err);
    /* groups */
    size_t k = 0;
    for (int c = 0; c < 81; c++)
        k += (size_t)snprintf(text + k, sizeof text - k, "%s%s", c ? (c % 9 == 0 ? " | " : " ") : "", c % 2 ? "12" : "3");
    CHECK(sdk_human_parse_candidates(9, text, k, 81, cells, cand, err, sizeof err) && cells[0] == 3 && cand[1] == 3, "81 groups");
    CHECK(!sdk_human_parse_candidates(9, text, k - 2, 81, cells, cand, err, sizeof err), "80 groups: %s", err);
    CHECK(!sdk_human_parse_candidates(9, "1 2 0 4 5 6 7 8 9", 17, 9, cells, cand, err, sizeof err) && strstr(err, "group 3"), "0 in a group: %s", err);
    CHECK(!sdk_human_parse_candidates(9, "", 0, 81, cells, cand, err, sizeof err), "empty text");
    CHECK(!sdk_human_parse_candidates(12, "1", 1, 81, cells, cand, err, sizeof err), "side 12 refused");
    CHECK(sdk_human_parse_candidates(9, "-- 1 2 3 ---- 4 5 6 7 8 9", 25, 9, cells, cand, err, sizeof err), "dash borders");
    /* a position that loses the solution digit is answered unsolvable */
    uint8_t puzzle[81];
    read81("020105300000702000004000900000900800050400107070020060000000018748610009000000000", puzzle);
    uint32_t cm[81];
    for (int c = 0; c < 81; c++)
        cm[c] = 0x1ff;
    cm[0] = 1u << 5;  /* r1c1 = 6 only; the solution has 9 there? check both ways */
    sdk_human_rating h;
    sdk_status st = sdk_human_rate(B9, puzzle, cm, SDK_HUMAN_HINT, &h, NULL);
    uint8_t sol[81];
    sdk_status s2;
    sdk_exact_count(B9, puzzle, 2, sol, NULL, NULL, &s2);
    CHECK(sol[0] == 6 ? st == SDK_SOLVED : st == SDK_UNSOLVABLE && h.solutions == 0, "candidates that lose the solution");
    sdk_human_free(&h);
}

/* HoDoKu's library: each case's eliminations/placement must follow from our
 * family's steps applied until they find no more (never a solution digit).
 * A family, because SE's definitions differ at the edges: SE looks for a
 * naked triple only in a house with 6+ empty cells (else it is a hidden
 * pair there), and so on. */
typedef struct reg_family {
    const char *code;
    lg_finder_fn fn[8];
    int arg[8];
} reg_family;

static const reg_family *reg_finder(const char *code)
{
#define SUBSETS {lg_find_naked_set, lg_find_hidden_set, lg_find_naked_set, lg_find_hidden_set, lg_find_naked_set, \
                 lg_find_hidden_set}, {2, 2, 3, 3, 4, 4}
    static const reg_family map[] = {
        {"0000", {lg_find_hidden_single}, {0}}, {"0002", {lg_find_hidden_single}, {0}},
        {"0003", {lg_find_naked_single}, {0}}, {"0100", {lg_find_locking}, {0}}, {"0101", {lg_find_locking}, {0}},
        {"0200", SUBSETS}, {"0201", SUBSETS}, {"0202", SUBSETS}, {"0210", SUBSETS}, {"0211", SUBSETS},
        {"0212", SUBSETS}, {"0300", {lg_find_fish}, {2}}, {"0301", {lg_find_fish}, {3}},
        {"0302", {lg_find_fish}, {4}}, {"0600", {lg_find_unique_loop}, {0}}, {"0601", {lg_find_unique_loop}, {0}},
        {"0602", {lg_find_unique_loop}, {0}}, {"0603", {lg_find_unique_loop}, {0}}, {"0610", {lg_find_bug}, {0}},
        {"0800", {lg_find_xywing}, {0}}, {"0801", {lg_find_xywing}, {1}},
    };
#undef SUBSETS
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strncmp(code, map[i].code, 4) == 0 && (code[4] == 0 || code[4] == '-') && strchr(code, 'x') == NULL)
            return &map[i];
    return NULL;
}

static void test_hodoku(void)
{
    /* SHARED_DIR: where ../shared is when the checkout sits elsewhere (a worktree) */
    const char *dir = getenv("SHARED_DIR") ? getenv("SHARED_DIR") : "../shared";
    char path[1024];
    snprintf(path, sizeof path, "%s/data/hodoku_reglib-1.4.txt", dir);
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("unit_logic: note: HoDoKu's regression library not found (../shared/data); extra check skipped\n");
        return;
    }
    static char line[8192];
    int tried = 0, agreed = 0, unsound = 0;
    int per_tried[64] = {0}, per_ok[64] = {0};
    char codes[64][8];
    int ncodes = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] != ':')
            continue;
        line[strcspn(line, "\r\n")] = 0;
        char *fld[9] = {0};
        int nf = 0;
        char *p = line + 1;
        while (nf < 8 && (fld[nf] = strsep(&p, ":")))
            nf++;
        const reg_family *fam = nf >= 6 ? reg_finder(fld[0]) : NULL;
        if (!fam)
            continue;
        uint8_t cells[81];
        int c = 0;
        for (const char *q = fld[2]; *q && c < 81; q++)
            if (*q != '+')
                cells[c++] = *q >= '1' && *q <= '9' ? (uint8_t)(*q - '0') : 0;
        if (c != 81)
            continue;
        lg_grid g;
        if (!lg_grid_init(&g, B9, cells))
            continue;
        for (char *q = fld[3]; q && *q;) {
            int d = q[0] - '0', r = q[1] - '0', cc = q[2] - '0';
            if (d >= 1 && r >= 1 && cc >= 1)
                g.cand[(r - 1) * 9 + cc - 1] &= ~(1u << (d - 1));
            q = strchr(q, ' ');
            q = q ? q + 1 : NULL;
        }
        uint8_t sol[81];
        sdk_status st;
        int unique = sdk_exact_count(B9, cells, 2, sol, NULL, NULL, &st) == 1;
        int k;
        for (k = 0; k < ncodes && strcmp(codes[k], fld[0]) != 0; k++)
            ;
        if (k == ncodes && ncodes < 64)
            snprintf(codes[ncodes++], 8, "%.7s", fld[0]);
        tried++;
        if (k < 64)
            per_tried[k]++;
        lg_grid before = g;
        lg_step s;
        for (int it = 0, j = 0; it < 100 && j < 8 && fam->fn[j];) {
            if (fam->fn[j](&g, fam->arg[j], &s) != LG_FOUND) {
                j++;
                continue;
            }
            it++;
            j = 0;
            for (int i = 0; unique && i < s.nelim; i++)
                unsound += sol[s.elim[i].cell] == s.elim[i].digit;
            for (int i = 0; unique && i < s.nplace; i++)
                unsound += sol[s.place[i].cell] != s.place[i].digit;
            lg_apply(&g, &s);
        }
        int ok = 1;
        for (char *q = fld[4]; q && *q;) {
            int d = q[0] - '0', r = q[1] - '0', cc = q[2] - '0';
            int cell = (r - 1) * 9 + cc - 1;
            if (d >= 1 && r >= 1 && cc >= 1 && (before.cand[cell] >> (d - 1) & 1))
                ok &= !(g.cand[cell] >> (d - 1) & 1) && !g.val[cell];
            q = strchr(q, ' ');
            q = q ? q + 1 : NULL;
        }
        for (char *q = fld[5]; q && *q;) {
            int d = q[0] - '0', r = q[1] - '0', cc = q[2] - '0';
            if (d >= 1 && r >= 1 && cc >= 1)
                ok &= g.val[(r - 1) * 9 + cc - 1] == d;
            q = strchr(q, ' ');
            q = q ? q + 1 : NULL;
        }
        agreed += ok;
        if (k < 64)
            per_ok[k] += ok;
    }
    fclose(f);
    printf("unit_logic: HoDoKu reglib: %d of %d cases derived by our families:", agreed, tried);
    for (int k = 0; k < ncodes; k++)
        printf(" %s %d/%d", codes[k], per_ok[k], per_tried[k]);
    printf("\n");
    CHECK(unsound == 0, "HoDoKu cases: %d steps removed a solution digit", unsound);
    CHECK(tried > 300 && agreed * 100 >= tried * 90, "HoDoKu cases: %d of %d", agreed, tried);
}

/* lg_sees, lg_inter and lg_peers_se keep a board's tables per thread: boards made and freed
 * in turn (a jigsaw batch) may come back at the same address with other
 * regions, and must still be asked of their own houses. */
static void test_board_reuse(void)
{
    sdk_rng r;
    sdk_rng_seed(&r, 11);
    int bad = 0, reused = 0;
    const void *last = NULL;
    for (int t = 0; t < 30; t++) {
        uint8_t region[81];
        char err[128];
        sdk_variant_random_regions(9, NULL, &r, region);
        sdk_board *b = sdk_variant_board(SDK_VARIANT_JIGSAW, 9, region, err, sizeof err);
        if (!b) {
            bad++;
            continue;
        }
        reused += (const void *)b == last;
        last = b;
        uint8_t peer[81];
        for (int a = 0; a < 81; a += 7) {
            memset(peer, 0, sizeof peer);
            for (int k = b->peer_start[a]; k < b->peer_start[a + 1]; k++)
                peer[b->peers[k]] = 1;
            for (int c = 0; c < 81; c++)
                bad += lg_sees(b, a, c) != peer[c];
            int se[LG_MAX_PEERS], np = lg_peers_se(b, a, se);
            bad += np != b->peer_start[a + 1] - b->peer_start[a];
            for (int i = 0; i < np; i++)
                bad += !peer[se[i]];
        }
        for (int h1 = 0; h1 < b->nhouses; h1++)
            for (int h2 = 0; h2 < b->nhouses; h2++) {
                uint32_t m = 0;
                for (int i = 0; i < 9; i++)
                    for (int j = 0; j < 9; j++)
                        m |= (uint32_t)(b->house_cells[h1 * 9 + i] == b->house_cells[h2 * 9 + j]) << i;
                bad += lg_inter(b, h1, h2) != m;
            }
        sdk_board_free(b);
    }
    CHECK(bad == 0, "board tables after reuse: %d wrong answers (%d boards at a reused address)", bad, reused);
}

/* lg_view_of against a fresh count, after random changes to a grid (cells
 * given new candidates or digits, a second grid in turn, boards swapped):
 * places, blanks, one- and many-place digits, and the epochs of what
 * changed (the finders' memories rely on every change being marked). */
static void test_view(void)
{
    sdk_rng r;
    sdk_rng_seed(&r, 5);
    static lg_grid grids[2], before;
    const sdk_board *boards[2] = {B9, sdk_board_cached(3, 4)};
    int bad = 0, marks = 0, checks = 0;
    for (int t = 0; t < 600; t++) {
        const sdk_board *b = boards[(t / 200) & 1];
        lg_grid *g = &grids[t / 7 & 1];
        int n = b->n;
        if (t % 200 == 0 || g->b != b) {
            memset(g, 0, sizeof *g);
            g->b = b;
            g->n = n;
        }
        const lg_view *v0 = lg_view_of(g);
        unsigned long epoch = v0->epoch;
        before = *g;
        for (int k = sdk_rng_u32(&r) % 6; k > 0; k--) {
            int c = (int)(sdk_rng_u32(&r) % (uint32_t)b->ncells);
            g->val[c] = sdk_rng_u32(&r) % 3 ? 0 : (uint8_t)(1 + sdk_rng_u32(&r) % (uint32_t)n);
            g->cand[c] = g->val[c] ? 0 : sdk_rng_u32(&r) & ((1u << n) - 1);
        }
        const lg_view *v = lg_view_of(g);
        checks++;
        for (int h = 0; h < b->nhouses; h++) {
            uint32_t blank = 0, one = 0, many = 0;
            int changed = 0;
            for (int i = 0; i < n; i++) {
                int c = b->house_cells[h * n + i];
                blank |= (uint32_t)!g->val[c] << i;
                changed |= g->cand[c] != before.cand[c] || !g->val[c] != !before.val[c];
            }
            for (int d = 1; d <= n; d++) {
                uint32_t pos = 0;
                for (int i = 0; i < n; i++)
                    pos |= (g->cand[b->house_cells[h * n + i]] >> (d - 1) & 1) << i;
                bad += v->pos[h][d] != pos;
                one |= (uint32_t)(lg_popc(pos) == 1) << (d - 1);
                many |= (uint32_t)(lg_popc(pos) > 1) << (d - 1);
            }
            bad += v->blank[h] != blank || v->one[h] != one || v->many[h] != many;
            bad += changed && v->hchanged[h] <= epoch;
            marks += changed;
        }
        for (int c = 0; c < b->ncells; c++) {
            uint32_t diff = g->cand[c] ^ before.cand[c];
            bad += (diff || g->val[c] != before.val[c]) && v->cchanged[c] <= epoch;
            bad += g->val[c] != before.val[c] && (v->dchanged[g->val[c]] <= epoch || v->dchanged[before.val[c]] <= epoch);
            for (int d = 1; d <= n; d++)
                bad += (diff >> (d - 1) & 1) && v->dchanged[d] <= epoch;
        }
    }
    CHECK(bad == 0 && marks > 100, "view: %d wrong answers in %d checks (%d changed houses)", bad, checks, marks);
}

int main(void)
{
    B9 = sdk_board_cached(3, 3);
    test_cases();
    test_se_rated();
    test_sizes();
    test_parse();
    test_hodoku();
    test_board_reuse();
    test_view();
    CHECK(lg_length_bonus(6) < 0.05 && lg_length_bonus(7) > 0.05 && lg_length_bonus(10) > 0.15 &&
              lg_length_bonus(11) > 0.25 && lg_length_bonus(11) < 0.35, "length bonus thresholds");
    return CHECK_SUMMARY("unit_logic");
}

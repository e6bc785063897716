/*
 * unit_chains.c -- the chain finders against Sudoku Explainer 1.2.1.3's own
 * steps.  tests/data/chains_se.txt holds positions from SE's solve paths
 * (dumped by SE itself: the candidates before the step, SE's rating, name,
 * removals and placement); for each, the finder of SE's producer must give
 * the same rating, removals and placement, the producers SE tried before it
 * must find nothing, and no removal may hit the solution's digit.
 *
 * With a file argument (a whole dump, e.g. /work/ref/se/steps_se1000.txt)
 * it prints per-kind agreement instead of checking: the benchmark figure.
 * Format (tab-separated): "P n puzzle ER/EP/ED nsteps", then
 * "S n k pm729 val81 rating name elims place text" lines.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "check.h"
#include "../src/logic/logic.h"

enum { K_UNARY, K_NISHIO, K_MULTI, K_DYN, K_PLUS, K_NEST2, K_NEST3, K_NEST4, K_NEST5, NKINDS };
static const char *kind_names[NKINDS] = {"forcing chains & cycles", "nishio", "multiple",
                                         "dynamic", "dynamic+", "nested 2", "nested 3",
                                         "nested 4", "nested 5"};

/* Process CPU seconds: the machine is shared, wall time is not the code's. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int kind_of(const char *name)
{
    static const char *unary[] = {"Bidirectional Cycle", "Bidirectional Y-Cycle",
        "Bidirectional X-Cycle", "Generalized X-Wing", "Forcing Chain", "Forcing X-Chain",
        "Forcing Y-Chain", "Turbot Fish"};
    for (size_t i = 0; i < sizeof unary / sizeof *unary; i++)
        if (!strcmp(name, unary[i]))
            return K_UNARY;
    if (!strcmp(name, "Nishio Forcing Chains"))
        return K_NISHIO;
    if (!strstr(name, "Forcing Chains"))
        return -1;
    if (!strstr(name, "Dynamic"))
        return K_MULTI;
    if (!strstr(name, "(+"))
        return K_DYN;
    if (strstr(name, "(+)") && !strstr(name, "(+ "))
        return K_PLUS;
    if (strstr(name, "(+ Dynamic Forcing Chains (+"))
        return K_NEST5;
    if (strstr(name, "(+ Dynamic"))
        return K_NEST4;
    if (strstr(name, "(+ Multiple"))
        return K_NEST3;
    return K_NEST2;
}

static lg_chain_kind producer(int kind)
{
    lg_chain_kind k = {0, 0, 0, 0, 0};
    if (kind == K_NISHIO)
        k.nishio = 1;
    if (kind >= K_MULTI)
        k.multiple = 1;
    if (kind >= K_DYN)
        k.dynamic = 1;
    if (kind >= K_PLUS)
        k.level = kind - K_PLUS + 1;
    return k;
}

typedef struct {
    double secs[NKINDS], ladder;
    int n[NKINDS], eq[NKINDS], near1[NKINDS], same[NKINDS], early[NKINDS], unsound[NKINDS];
} tally;

/* Splits a tab-separated line in place; returns the number of fields. */
static int split(char *s, char **f, int max)
{
    int n = 0;
    while (n < max) {
        f[n++] = s;
        char *t = strchr(s, '\t');
        if (!t)
            break;
        *t = 0;
        s = t + 1;
    }
    char *nl = strchr(f[n - 1], '\n');
    if (nl)
        *nl = 0;
    return n;
}

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* SE's removals ("r1c2-5 r3c4-7") as sorted cell*16+digit codes. */
static int parse_elims(const char *s, int *out)
{
    int n = 0, r, c, d, used;
    while (*s && sscanf(s, " r%dc%d-%d%n", &r, &c, &d, &used) == 3) {
        out[n++] = ((r - 1) * 9 + c - 1) * 16 + d;
        s += used;
    }
    qsort(out, (size_t)n, sizeof *out, cmp_int);
    return n;
}

static int step_elims(const lg_step *s, int *out)
{
    for (int i = 0; i < s->nelim; i++)
        out[i] = s->elim[i].cell * 16 + s->elim[i].digit;
    qsort(out, (size_t)s->nelim, sizeof *out, cmp_int);
    return s->nelim;
}

static int build_grid(lg_grid *g, const sdk_board *b, const char *pm, const char *val)
{
    memset(g, 0, sizeof *g);
    g->b = b;
    g->n = 9;
    if (strlen(pm) != 729 || strlen(val) != 81)
        return 0;
    for (int i = 0; i < 81; i++) {
        g->val[i] = (uint8_t)(val[i] - '0');
        if (!g->val[i])
            for (int d = 1; d <= 9; d++)
                if (pm[i * 9 + d - 1] == '0' + d)
                    g->cand[i] |= 1u << (d - 1);
    }
    return 1;
}

static void one_step(char **f, const sdk_board *b, const uint8_t *sol, tally *t, int check,
                     int verbose)
{
    int kind = kind_of(f[6]);
    if (kind < 0)
        return;
    lg_grid g;
    if (!build_grid(&g, b, f[3], f[4])) {
        CHECK(0, "bad fact line %s/%s", f[1], f[2]);
        return;
    }
    double se = atof(f[5]);
    static lg_step s;
    lg_chain_kind k = producer(kind);
    double t0 = cpu_now(), before = t->secs[kind];
    int r = lg_find_chain(&g, &k, &s, NULL);
    t->secs[kind] += cpu_now() - t0;
    t->n[kind]++;
    /* SE reached this producer: the earlier chain producers found nothing. */
    int early = 0;
    t0 = cpu_now();
    for (int e = K_UNARY; e < kind && !early; e++) {
        static lg_step s2;
        lg_chain_kind k2 = producer(e);
        early = lg_find_chain(&g, &k2, &s2, NULL) == LG_FOUND;
    }
    t->ladder += cpu_now() - t0 + t->secs[kind] - before;
    t->early[kind] += early;
    int ok = r == LG_FOUND;
    double diff = ok ? fabs(s.rating - se) : 99;
    t->eq[kind] += diff < 0.05;
    t->near1[kind] += diff < 0.15;
    int want[1024], got[LG_MAX_ELIM], nw = parse_elims(f[7], want), ng = ok ? step_elims(&s, got) : -1;
    int same = ok && nw == ng && !memcmp(want, got, sizeof(int) * (size_t)nw);
    char place[16] = "-";
    if (ok && s.nplace)
        snprintf(place, sizeof place, "r%dc%d=%d", s.place[0].cell / 9 + 1, s.place[0].cell % 9 + 1,
                 s.place[0].digit);
    same = same && !strcmp(place, f[8]);
    t->same[kind] += same;
    int sound = 1;
    if (ok && sol) {
        for (int i = 0; i < s.nelim; i++)
            if (sol[s.elim[i].cell] == s.elim[i].digit)
                sound = 0;
        for (int i = 0; i < s.nplace; i++)
            if (sol[s.place[i].cell] != s.place[i].digit)
                sound = 0;
    }
    t->unsound[kind] += !sound;
    if (check) {
        CHECK(ok, "puzzle %s step %s: %s not found", f[1], f[2], f[6]);
        CHECK(!early, "puzzle %s step %s: an earlier producer found a chain", f[1], f[2]);
        CHECK(diff < 0.05, "puzzle %s step %s: rating %.2f, SE %s (%s)", f[1], f[2],
              ok ? s.rating : 0, f[5], f[6]);
        CHECK(same, "puzzle %s step %s: removals differ from SE's (%s)", f[1], f[2], f[6]);
        CHECK(sound, "puzzle %s step %s: removes a solution digit", f[1], f[2]);
    } else if (verbose && (diff >= 0.05 || !same || early)) {
        printf("DIFF p%s s%s %s se=%s %s | ours=%.2f %s %s early=%d\n   se: %s %s\n   we: %s\n",
               f[1], f[2], kind_names[kind], f[5], f[6], ok ? s.rating : 0, ok ? s.name : "-",
               place, early, f[7], f[8], ok ? s.text : "-");
    }
}

static int run_file(const char *path, int check, int verbose)
{
    FILE *fp = fopen(path, "r");
    if (!fp)
        return -1;
    const sdk_board *b = sdk_board_cached(3, 3);
    static char line[4096];
    uint8_t sol[81];
    int have_sol = 0;
    tally t;
    memset(&t, 0, sizeof t);
    while (fgets(line, sizeof line, fp)) {
        char *f[12];
        int nf = split(line, f, 12);
        if (nf >= 4 && !strcmp(f[0], "P")) {
            uint8_t puz[81];
            for (int i = 0; i < 81; i++)
                puz[i] = (uint8_t)(f[2][i] >= '1' && f[2][i] <= '9' ? f[2][i] - '0' : 0);
            sdk_status st;
            have_sol = sdk_exact_count(b, puz, 2, sol, NULL, NULL, &st) == 1;
        } else if (nf >= 10 && !strcmp(f[0], "S") && atof(f[5]) >= 6.5) {
            one_step(f, b, have_sol ? sol : NULL, &t, check, verbose);
        }
    }
    fclose(fp);
    printf("%-24s %6s %8s %8s %8s %6s %7s %9s\n", "producer", "steps", "rating=", "within.1",
           "same-elim", "early", "unsound", "ms/step");
    for (int k = 0; k < NKINDS; k++)
        if (t.n[k])
            printf("%-24s %6d %7.1f%% %7.1f%% %8.1f%% %6d %7d %9.3f\n", kind_names[k], t.n[k],
                   100.0 * t.eq[k] / t.n[k], 100.0 * t.near1[k] / t.n[k],
                   100.0 * t.same[k] / t.n[k], t.early[k], t.unsound[k],
                   1000.0 * t.secs[k] / t.n[k]);
    printf("chain producers as a ladder calls them (all up to SE's): %.3f CPU s in all\n", t.ladder);
    return 0;
}

/* Nested chains (level 2+): SE's rating on SE's positions, and soundness. */
static int run_nested(const char *path)
{
    FILE *fp = fopen(path, "r");
    if (!fp)
        return -1;
    const sdk_board *b = sdk_board_cached(3, 3);
    static char line[4096];
    while (fgets(line, sizeof line, fp)) {
        char *f[12];
        if (split(line, f, 12) < 9 || strcmp(f[0], "N"))
            continue;
        lg_grid g;
        if (!build_grid(&g, b, f[1], f[2]) || strlen(f[8]) != 81) {
            CHECK(0, "bad nested fact");
            continue;
        }
        lg_chain_kind k = {1, 1, 0, atoi(f[3]), 0};
        static lg_step s;
        int r = lg_find_chain(&g, &k, &s, NULL);
        CHECK(r == LG_FOUND && fabs(s.rating - atof(f[4])) < 0.05, "nested level %s: rating %.2f, SE %s",
              f[3], r == LG_FOUND ? s.rating : 0, f[4]);
        int sound = r == LG_FOUND && s.nelim > 0;
        for (int i = 0; sound && i < s.nelim; i++)
            sound = f[8][s.elim[i].cell] - '0' != s.elim[i].digit;
        CHECK(sound, "nested level %s: a removal hits the solution", f[3]);
    }
    fclose(fp);
    return 0;
}

/* The nested producers' answers are kept per thread, by working grid alone,
 * and serve chains of other initial grids (their rule parents read against
 * each): puzzles of SE ER 11 and up, whose paths take nested chains step
 * after step, must be rated the same, step for step, with that memory and
 * without it (sdk_human_memo_off). */
static void nested_memo(void)
{
    static const int which[] = {1, 10};        /* of puzzles5_forum_hardest_1905_11+ */
    const char *path = "puzzles/puzzles5_forum_hardest_1905_11+";
    FILE *fp = fopen(path, "r");
    CHECK(fp != NULL, "%s missing", path);
    if (!fp)
        return;
    const sdk_board *b = sdk_board_cached(3, 3);
    static char line[256];
    uint8_t cells[2][81];
    int np = 0;
    for (int no = 1; np < 2 && fgets(line, sizeof line, fp); no++)
        if (no == which[np] && strlen(line) >= 81) {
            for (int i = 0; i < 81; i++)
                cells[np][i] = line[i] >= '1' && line[i] <= '9' ? (uint8_t)(line[i] - '0') : 0;
            np++;
        }
    fclose(fp);
    CHECK(np == 2, "nested memo: puzzles missing");
    sdk_human_rating r[2][2];
    for (int off = 0; off < 2; off++) {
        sdk_human_memo_off = off;
        for (int i = 0; i < np; i++)
            CHECK(sdk_human_rate(b, cells[i], NULL, SDK_HUMAN_STEPS, &r[off][i], NULL) == SDK_SOLVED,
                  "nested memo: puzzle %d rated", which[i]);
    }
    sdk_human_memo_off = 0;
    for (int i = 0; i < np; i++) {
        const sdk_human_rating *x = &r[0][i], *y = &r[1][i];
        int same = x->er == y->er && x->ep == y->ep && x->ed == y->ed && x->nsteps == y->nsteps;
        for (int k = 0; same && k < x->nsteps; k++)
            same = x->steps[k].rating == y->steps[k].rating && !strcmp(x->steps[k].text, y->steps[k].text);
        CHECK(same, "nested memo: puzzle %d's path differs with the memory (ER %.1f) and without (%.1f)",
              which[i], x->er, y->er);
        CHECK(x->er >= 11.0, "nested memo: puzzle %d rated %.1f, not a nested one", which[i], x->er);
        sdk_human_free(&r[0][i]);
        sdk_human_free(&r[1][i]);
    }
}

/* A budget already spent: every finder stops at once and says so. */
static void budget_stops(void)
{
    const sdk_board *b = sdk_board_cached(3, 3);
    FILE *fp = fopen("tests/data/chains_se.txt", "r");
    static char line[4096];
    lg_grid g;
    int have = 0;
    while (fp && !have && fgets(line, sizeof line, fp)) {
        char *f[12];
        if (split(line, f, 12) >= 10 && !strcmp(f[0], "S"))
            have = build_grid(&g, b, f[3], f[4]);
    }
    if (fp)
        fclose(fp);
    CHECK(have, "no position to test the budget on");
    if (!have)
        return;
    sdk_budget spent = {sdk_now() - 1.0, 0, NULL};
    for (int kind = K_UNARY; kind <= K_PLUS; kind++) {
        lg_chain_kind k = producer(kind);
        static lg_step s;
        CHECK(lg_find_chain(&g, &k, &s, &spent) == LG_STOPPED, "%s ignores the budget",
              kind_names[kind]);
    }
}

/* Other sizes: a puzzle from a solution grid (every third cell kept),
 * candidates by the givens; every producer's step must be sound. */
static void other_sizes(void)
{
    static const int shapes[][2] = {{2, 2}, {2, 3}, {2, 4}, {3, 3}};
    for (size_t t = 0; t < sizeof shapes / sizeof *shapes; t++) {
        const sdk_board *b = sdk_board_cached(shapes[t][0], shapes[t][1]);
        int n = b->n;
        uint8_t empty[SDK_MAX_CELLS] = {0}, sol[SDK_MAX_CELLS], puz[SDK_MAX_CELLS];
        sdk_status st;
        if (sdk_exact_count(b, empty, 1, sol, NULL, NULL, &st) != 1) {
            CHECK(0, "no %dx%d grid", n, n);
            continue;
        }
        for (int i = 0; i < b->ncells; i++)
            puz[i] = (uint8_t)((i * 7) % 3 == 0 ? sol[i] : 0);
        lg_grid g;
        memset(&g, 0, sizeof g);
        g.b = b;
        g.n = n;
        for (int i = 0; i < b->ncells; i++) {
            g.val[i] = puz[i];
            if (puz[i])
                continue;
            g.cand[i] = (n == 32 ? 0u : (1u << n)) - 1;
            for (int j = b->peer_start[i]; j < b->peer_start[i + 1]; j++)
                if (puz[b->peers[j]])
                    g.cand[i] &= ~(1u << (puz[b->peers[j]] - 1));
        }
        for (int kind = K_UNARY; kind <= K_PLUS; kind++) {
            lg_chain_kind k = producer(kind);
            static lg_step s;
            int r = lg_find_chain(&g, &k, &s, NULL);
            int sound = r != LG_STOPPED;
            for (int i = 0; r == LG_FOUND && i < s.nelim; i++)
                sound &= sol[s.elim[i].cell] != s.elim[i].digit;
            for (int i = 0; r == LG_FOUND && i < s.nplace; i++)
                sound &= sol[s.place[i].cell] == s.place[i].digit;
            CHECK(sound, "%dx%d %s: unsound step", n, n, kind_names[kind]);
        }
    }
}

int main(int argc, char **argv)
{
    if (argc > 1)
        return run_file(argv[1], 0, argc > 2) < 0;
    CHECK(fabs(lg_length_bonus(6) - 0.0) < 1e-9, "bonus(6)");
    CHECK(fabs(lg_length_bonus(7) - 0.1) < 1e-9, "bonus(7)");
    CHECK(fabs(lg_length_bonus(10) - 0.2) < 1e-9, "bonus(10)");
    CHECK(fabs(lg_length_bonus(11) - 0.3) < 1e-9, "bonus(11)");
    CHECK(fabs(lg_length_bonus(34) - 0.6) < 1e-9, "bonus(34)");
    CHECK(fabs(lg_length_bonus(35) - 0.7) < 1e-9, "bonus(35)");
    CHECK(run_file("tests/data/chains_se.txt", 1, 0) == 0, "tests/data/chains_se.txt missing");
    CHECK(run_nested("tests/data/chains_nested.txt") == 0, "tests/data/chains_nested.txt missing");
    nested_memo();
    budget_stops();
    other_sizes();
    return CHECK_SUMMARY("unit_chains");
}

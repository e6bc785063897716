/*
 * unit_explain.c -- every step's text begins with its result: the
 * placements and eliminations read back from the start of the text (the
 * grammar of docs/human.md, "Step text") must be the step's own, exactly,
 * followed by the technique's name.  Run over whole solve paths
 * (puzzles/se_rated_1000.txt: its 297 puzzles rated 6.5-9.0 need every
 * chain family; tests/data/chains_se.txt's puzzles), over SE's own chain
 * positions (tests/data/chains_se.txt: the ladder's step; chains_nested.txt:
 * the nested producer's, levels 2-4) and over other sizes (digits past 9).
 * Also checks that each chain family says what it assumed or branched on.
 */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "steptext.h"
#include "../src/logic/lgint.h"

static const sdk_board *B9;

/* The chain families and the words each text must hold (after the
 * result): what was assumed and what broke, or what every branch leads to. */
enum { F_CYCLE, F_FORCING, F_CONTRA, F_DOUBLE, F_CELL, F_REGION, NGROUPS };
static const char *const family_words[NGROUPS] = {
    "; a loop: either every = in it holds or every <> is placed instead, so ",
    ", a contradiction: ", " then both ", " lead to ", ": each candidate of ", ": each place of "};
/* Which family a technique is (exact: its whole name, else a part of it). */
static const struct family {
    const char *name;
    int exact, group;
} families[] = {
    {"Bidirectional Cycle", 1, F_CYCLE}, {"Bidirectional X-Cycle", 1, F_CYCLE},
    {"Bidirectional Y-Cycle", 1, F_CYCLE}, {"Generalized X-Wing", 1, F_CYCLE},
    {"Forcing Chain", 1, F_FORCING}, {"Forcing X-Chain", 1, F_FORCING},
    {"Forcing Y-Chain", 1, F_FORCING}, {"Turbot Fish", 1, F_FORCING},
    {"Contradiction Forcing Chains", 0, F_CONTRA}, {"Nishio Forcing Chains", 0, F_CONTRA},
    {"Double Forcing Chains", 0, F_DOUBLE}, {"Cell Forcing Chains", 0, F_CELL},
    {"Region Forcing Chains", 0, F_REGION},
};
#define NFAM ((int)(sizeof families / sizeof families[0]))

typedef struct {
    int steps, chains, nested, bad, group[NGROUPS];
} tally;

/* The family of a technique's name, or -1 (not a chain). */
static int family_of(const char *name)
{
    for (int f = 0; f < NFAM; f++)
        if (families[f].exact ? !strcmp(name, families[f].name) : strstr(name, families[f].name) != NULL)
            return f;
    return -1;
}

/* Checks one step's text against its effects. */
static void check_text(const sdk_board *b, const sdk_human_step *s, const char *where, tally *t)
{
    const char *rest = NULL;
    int ok = st_agrees(b, s, &rest);
    t->steps++;
    int f = family_of(s->technique);
    if (f >= 0) {
        t->chains++;
        t->nested += strstr(s->technique, "(+ ") != NULL;   /* SE's levels 2-5 */
        ok = ok && strstr(rest, family_words[families[f].group]) != NULL;
        t->group[families[f].group] += ok;
    }
    if (!ok && t->bad++ < 5)
        CHECK(0, "%s: text and effects differ (%d placed, %d removed): %s", where, s->nplace, s->nelim, s->text);
}

/* Every step of a puzzle's solve path. */
static void check_path(const sdk_board *b, const uint8_t *cells, const char *where, tally *t)
{
    sdk_human_rating h;
    if (sdk_human_rate(b, cells, NULL, SDK_HUMAN_STEPS, &h, NULL) != SDK_SOLVED) {
        CHECK(0, "%s: not rated", where);
        return;
    }
    for (int i = 0; i < h.nsteps; i++)
        check_text(b, &h.steps[i], where, t);
    sdk_human_free(&h);
}

/* One step from a position of SE's (729 candidates, 81 values): the
 * ladder's, or with a nesting level (1..5) that producer's, as SE ran it. */
static void check_position(const char *pm, const char *val, int level, const char *where, tally *t)
{
    if (strlen(pm) < 729 || strlen(val) < 81) {
        CHECK(0, "%s: bad position", where);
        return;
    }
    static lg_grid g;
    static lg_step s;
    memset(&g, 0, sizeof g);
    g.b = B9;
    g.n = 9;
    for (int i = 0; i < 81; i++) {
        g.val[i] = (uint8_t)(val[i] - '0');
        for (int d = 1; d <= 9 && !g.val[i]; d++)
            if (pm[i * 9 + d - 1] == '0' + d)
                g.cand[i] |= 1u << (d - 1);
    }
    lg_chain_kind k = {1, 1, 0, level, 0};
    if ((level ? lg_find_chain(&g, &k, &s, NULL) : lg_next_step(&g, &s, NULL)) != LG_FOUND) {
        CHECK(0, "%s: no step", where);
        return;
    }
    static sdk_human_cand pl[LG_MAX_PLACE], el[LG_MAX_ELIM];
    for (int i = 0; i < s.nplace; i++)
        pl[i] = (sdk_human_cand){s.place[i].cell, s.place[i].digit};
    for (int i = 0; i < s.nelim; i++)
        el[i] = (sdk_human_cand){s.elim[i].cell, s.elim[i].digit};
    sdk_human_step h = {s.name, s.rating, s.nplace, s.nelim, pl, el, s.text};
    check_text(B9, &h, where, t);
}

static void read_digits(const sdk_board *b, const char *s, uint8_t *cells)
{
    for (int i = 0; i < b->ncells; i++) {
        char ch = s[i];
        cells[i] = ch >= '1' && ch <= '9' ? (uint8_t)(ch - '0') : ch >= 'A' && ch <= 'Z' ? (uint8_t)(ch - 'A' + 10) : 0;
    }
}

/* Splits a tab-separated line in place; returns the number of fields. */
static int split(char *s, char **f, int max)
{
    int n = 0;
    while (n < max && s)
        f[n++] = strsep(&s, "\t");
    if (n)
        f[n - 1][strcspn(f[n - 1], "\n")] = 0;
    return n;
}

static void test_se_rated(tally *t)
{
    FILE *f = fopen("puzzles/se_rated_1000.txt", "r");
    CHECK(f != NULL, "puzzles/se_rated_1000.txt missing");
    if (!f)
        return;
    char line[512], where[64];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || strlen(line) < 81)
            continue;
        uint8_t cells[81];
        read_digits(B9, line, cells);
        snprintf(where, sizeof where, "se_rated_1000 puzzle %d", ++n);
        check_path(B9, cells, where, t);
    }
    fclose(f);
    CHECK(n == 1000, "se_rated_1000: %d puzzles", n);
}

/* tests/data/chains_se.txt: "P n puzzle ..." puzzles and "S n k pm729
 * val81 ..." positions; chains_nested.txt: "N pm729 val81 ..." positions. */
static void test_chain_files(tally *t)
{
    static char line[8192];
    char *fld[8], where[64];
    int np = 0, ns = 0, nn = 0, nested = 0;
    FILE *f = fopen("tests/data/chains_se.txt", "r");
    CHECK(f != NULL, "tests/data/chains_se.txt missing");
    while (f && fgets(line, sizeof line, f)) {
        int nf = split(line, fld, 6);
        if (nf >= 3 && !strcmp(fld[0], "P") && strlen(fld[2]) >= 81) {
            uint8_t cells[81];
            read_digits(B9, fld[2], cells);
            snprintf(where, sizeof where, "chains_se P %s", fld[1]);
            check_path(B9, cells, where, t);
            np++;
        } else if (nf >= 5 && !strcmp(fld[0], "S")) {
            snprintf(where, sizeof where, "chains_se S %s/%s", fld[1], fld[2]);
            check_position(fld[3], fld[4], 0, where, t);
            ns++;
        }
    }
    if (f)
        fclose(f);
    f = fopen("tests/data/chains_nested.txt", "r");
    CHECK(f != NULL, "tests/data/chains_nested.txt missing");
    while (f && fgets(line, sizeof line, f)) {
        int nf = split(line, fld, 6);
        if (nf >= 6 && !strcmp(fld[0], "N")) {
            snprintf(where, sizeof where, "chains_nested %d", ++nn);
            check_position(fld[1], fld[2], atoi(fld[3]), where, t);
            nested += strstr(fld[5], "(+ ") != NULL;
        }
    }
    if (f)
        fclose(f);
    CHECK(np >= 40 && ns >= 60 && nn >= 5 && nested >= 4, "chain files: %d puzzles, %d positions, %d nested (%d of SE's nested producers)",
          np, ns, nn, nested);
}

/* Other sizes: digits past 9 are numbers, comma-separated after "<>". */
static void test_sizes(tally *t)
{
    static const struct {
        const char *file;
        int rows, cols;   /* of a box */
    } sizes[] = {{"puzzles/sizes/6x6.txt", 2, 3}, {"puzzles/sizes/12x12.txt", 3, 4}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        FILE *f = fopen(sizes[i].file, "r");
        CHECK(f != NULL, "%s missing", sizes[i].file);
        const sdk_board *b = sdk_board_cached(sizes[i].rows, sizes[i].cols);
        char line[1024];
        int k = 0;
        while (f && b && fgets(line, sizeof line, f) && k < 3) {
            if (line[0] == '#' || (int)strcspn(line, "\n") < b->ncells)
                continue;
            uint8_t cells[SDK_MAX_CELLS];
            read_digits(b, line, cells);
            check_path(b, cells, sizes[i].file, t);
            k++;
        }
        if (f)
            fclose(f);
        CHECK(k > 0, "%s: no puzzle", sizes[i].file);
    }
}

/* The reader itself, on texts made by hand: it must tell a wrong result. */
static void test_reader(void)
{
    static st_cands p, e;
    const char *r = st_result(B9, "r1c2,r1c7<>38, r4c5=7 Pointing: x", &p, &e);
    CHECK(r && !strcmp(r, " Pointing: x") && p.n == 1 && e.n == 4, "reader: groups and placements");
    CHECK(!st_result(B9, "Forcing Chain: r1c1=5 => r1c1<>5", &p, &e), "reader: no result");
    CHECK(!st_result(B9, "r10c1<>5 X", &p, &e), "reader: no such cell");
    const sdk_board *b12 = sdk_board_cached(3, 4);
    r = st_result(b12, "r1c1<>4,11, r2c2=12 Naked Pair", &p, &e);
    CHECK(r && !strcmp(r, " Naked Pair") && p.n == 1 && p.code[0] == 13 * 32 + 12 && e.n == 2,
          "reader: digits past 9");
    sdk_human_cand el[2] = {{0, 5}, {1, 5}};
    sdk_human_step s = {"Pointing", 2.6, 0, 2, NULL, el, "r1c1,r1c2<>5 Pointing: 5 in box 1 and row 1"};
    CHECK(st_agrees(B9, &s, NULL), "agrees");
    s.text = "r1c1<>5 Pointing: 5 in box 1 and row 1";
    CHECK(!st_agrees(B9, &s, NULL), "one elimination missing");
    s.text = "r1c1,r1c2,r1c1<>5 Pointing";
    CHECK(!st_agrees(B9, &s, NULL), "one elimination twice");
    s.text = "r1c1,r1c2<>5 Pointing Chains";
    CHECK(!st_agrees(B9, &s, NULL), "another name");
}

int main(void)
{
    B9 = sdk_board_cached(3, 3);
    tally t;
    memset(&t, 0, sizeof t);
    test_reader();
    test_se_rated(&t);
    test_chain_files(&t);
    test_sizes(&t);
    CHECK(t.bad == 0, "%d of %d steps' texts do not begin with their result", t.bad, t.steps);
    CHECK(t.chains > 1000 && t.nested >= 5, "only %d chain steps, %d nested", t.chains, t.nested);
    for (int g = 0; g < NGROUPS; g++)
        CHECK(t.group[g] > 0, "no step of chain family %d seen", g);
    printf("%d steps, %d chain steps (%d nested)\n", t.steps, t.chains, t.nested);
    return CHECK_SUMMARY("unit_explain");
}

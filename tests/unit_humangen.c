/* unit_humangen.c -- generating for people: the level bands follow
 * sdk_human_level, technique slugs and SE names are found (and nonsense is
 * not), a band holds exactly the ratings inside it, and sdk_generate_human
 * gives a unique puzzle in band, the same one for the same seed, also with
 * a technique and on 4x4; the --hard figure orders puzzles by ER.  And the
 * bounds generate refuses by: no step of a technique rates below its
 * lowest ER, and every unique 4x4 puzzle is rated (the ceiling) and counted
 * (the fewest clues). */
#include <string.h>
#include "check.h"
#include "sudoku.h"

/* Whether a step named name is one of technique t's (a band of t alone
 * holds a one-step path of it). */
static int step_is(int t, const char *name)
{
    sdk_human_step step = {.technique = name};
    sdk_human_rating r = {.status = SDK_SOLVED, .solved = 1, .er = 5, .nsteps = 1, .steps = &step};
    sdk_human_band band = {1.0, 19.9, 1, {t}};
    return sdk_human_band_holds(&band, &r);
}

/* Every step of the paths of se_rated_1000's first puzzles rated 6.5 or
 * more (chains) and of its first others: no step of a technique rates below
 * sdk_human_technique_er. */
static void check_technique_floors(const sdk_board *b)
{
    FILE *f = fopen("puzzles/se_rated_1000.txt", "r");
    CHECK(f != NULL, "puzzles/se_rated_1000.txt");
    char line[512];
    int chains = 0, others = 0, steps = 0;
    while (f && fgets(line, sizeof line, f) && (chains < 12 || others < 12)) {
        char text[128];
        double er;
        if (line[0] == '#' || sscanf(line, "%127s %lf", text, &er) != 2 || strlen(text) != 81)
            continue;
        if (er >= 6.5 ? chains++ >= 12 : others++ >= 12)
            continue;
        uint8_t cells[81];
        for (int c = 0; c < 81; c++)
            cells[c] = text[c] == '.' ? 0 : (uint8_t)(text[c] - '0');
        sdk_human_rating r;
        if (sdk_human_rate(b, cells, NULL, SDK_HUMAN_STEPS, &r, NULL) != SDK_SOLVED)
            continue;
        for (int s = 0; s < r.nsteps; s++, steps++)
            for (int t = 0; sdk_human_technique_slug(t); t++)
                if (step_is(t, r.steps[s].technique))
                    CHECK(r.steps[s].rating >= sdk_human_technique_er(t) - 1e-9, "%s (%s) rates %.1f < %.1f",
                          r.steps[s].technique, sdk_human_technique_slug(t), r.steps[s].rating,
                          sdk_human_technique_er(t));
        sdk_human_free(&r);
    }
    if (f)
        fclose(f);
    CHECK(chains == 12 && steps > 500, "%d chain puzzles, %d steps", chains, steps);
}

/* Every clue set of every 4x4 grid whose first row is 1234 (the others are
 * these with the digits renamed) that has one solution: the highest ER and
 * the fewest clues, against what generate refuses by. */
static void check_every_4x4(const sdk_board *b4)
{
    uint8_t grids[12][16], g[16] = {1, 2, 3, 4};
    int ngrids = 0;
    /* the grids, by filling cells 4..15 in order (an odometer over digits) */
    for (int c = 4; c >= 4;) {
        if (c == 16) {
            if (ngrids < 12)
                memcpy(grids[ngrids], g, 16);
            ngrids++;
            c--;
            continue;
        }
        int ok = 0;
        while (!ok && ++g[c] <= 4) {
            ok = 1;
            for (int k = 0; k < c && ok; k++)
                ok = g[k] != g[c] || (k / 4 != c / 4 && k % 4 != c % 4 && (k / 8 != c / 8 || k % 4 / 2 != c % 4 / 2));
        }
        if (ok) {
            c++;
        } else {
            g[c] = 0;
            c--;
        }
    }
    CHECK(ngrids == 12, "%d 4x4 grids with first row 1234", ngrids);
    double highest = 0;
    int fewest = 16;
    for (int i = 0; i < 12 && i < ngrids; i++)
        for (int mask = 0; mask < 1 << 16; mask++) {
            uint8_t p[16];
            int clues = 0;
            for (int c = 0; c < 16; c++) {
                p[c] = (mask >> c & 1) ? grids[i][c] : 0;
                clues += p[c] != 0;
            }
            sdk_status status;
            if (sdk_exact_count(b4, p, 2, NULL, NULL, NULL, &status) != 1)
                continue;
            if (clues < fewest)
                fewest = clues;
            sdk_human_rating r;
            sdk_human_rate(b4, p, NULL, 0, &r, NULL);
            if (r.er > highest)
                highest = r.er;
            sdk_human_free(&r);
        }
    CHECK(highest == sdk_human_er_ceiling(b4), "every unique 4x4 puzzle: highest ER %.1f, ceiling %.1f", highest,
          sdk_human_er_ceiling(b4));
    CHECK(fewest == sdk_generate_min_clues(b4, 4), "every unique 4x4 puzzle: fewest clues %d, bound %d", fewest,
          sdk_generate_min_clues(b4, 4));
}

/* Generates in band with seed; checks it and returns the ER (-1 on failure). */
static double generate_checked(const sdk_board *b, const sdk_gen_params *g, const sdk_human_band *band,
                               uint32_t seed, uint8_t *puzzle)
{
    sdk_human_rating r, again;
    sdk_human_gen_stats st = {0, 0};
    if (sdk_generate_human(b, g, band, seed, puzzle, &r, &st, NULL) != SDK_SOLVED)
        return -1;
    sdk_status status;
    CHECK(sdk_exact_count(b, puzzle, 2, NULL, NULL, NULL, &status) == 1, "seed %u: not unique", seed);
    CHECK(sdk_human_band_holds(band, &r), "seed %u: er %.1f not in %.1f..%.1f", seed, r.er, band->er_min,
          band->er_max);
    /* The rating it returns is the rater's. */
    sdk_human_rate(b, puzzle, NULL, SDK_HUMAN_STEPS, &again, NULL);
    CHECK(again.er == r.er && again.ep == r.ep && sdk_human_band_holds(band, &again), "seed %u: re-rated %.1f",
          seed, again.er);
    CHECK(st.starts >= 1, "seed %u: %llu starts", seed, (unsigned long long)st.starts);
    sdk_human_free(&r);
    sdk_human_free(&again);
    return again.er;
}

int main(void)
{
    double lo, hi;
    CHECK(sdk_human_level_band("easy", &lo, &hi) && lo == 1.0 && hi == 1.5, "easy: %.1f..%.1f", lo, hi);
    CHECK(sdk_human_level_band("hard", &lo, &hi) && lo == 2.6 && hi == 4.4, "hard: %.1f..%.1f", lo, hi);
    CHECK(sdk_human_level_band("extreme", &lo, &hi) && lo == 9.0 && hi == 19.9, "extreme: %.1f..%.1f", lo, hi);
    const char *levels[] = {"easy", "medium", "hard", "fiendish", "diabolical", "extreme"};
    for (int i = 0; i < 6; i++) {
        sdk_human_level_band(levels[i], &lo, &hi);
        CHECK(strcmp(sdk_human_level(lo), levels[i]) == 0 && strcmp(sdk_human_level(hi), levels[i]) == 0,
              "%s: its ends %.1f, %.1f", levels[i], lo, hi);
        CHECK(i == 0 || strcmp(sdk_human_level(lo - 0.1), levels[i]) != 0, "%s: starts at %.1f", levels[i], lo);
    }
    CHECK(!sdk_human_level_band("nightmare", &lo, &hi), "an unknown level");

    CHECK(sdk_human_technique_find("x-wing") >= 0, "x-wing");
    CHECK(sdk_human_technique_find("XY-Wing") == sdk_human_technique_find("xy-wing"), "SE's name XY-Wing");
    CHECK(sdk_human_technique_find("Naked Triplet") == sdk_human_technique_find("naked-triple"), "Naked Triplet");
    CHECK(sdk_human_technique_find("unique rectangle") >= 0, "unique rectangle");
    CHECK(sdk_human_technique_find("forcing-chain") >= 0, "forcing-chain");
    CHECK(sdk_human_technique_find("x-wingx") < 0 && sdk_human_technique_find("") < 0, "nonsense");
    int listed = 0;
    while (sdk_human_technique_slug(listed))
        listed++;
    CHECK(listed > 30, "%d slugs", listed);
    for (int i = 0; i < listed; i++)
        CHECK(sdk_human_technique_find(sdk_human_technique_slug(i)) == i, "slug %d", i);
    /* Each technique names a row of the ladder, and the floors follow its order. */
    for (int i = 0; i < listed; i++)
        CHECK(sdk_human_technique_er(i) >= 1.0, "%s names no ladder row", sdk_human_technique_slug(i));
    int fish = sdk_human_technique_find("x-wing"), nest = sdk_human_technique_find("nested-forcing-chains");
    CHECK(sdk_human_technique_er(fish) < sdk_human_technique_er(sdk_human_technique_find("forcing-chain")) &&
          sdk_human_technique_er(nest) > sdk_human_technique_er(sdk_human_technique_find("nishio")),
          "floors in the ladder's order");
    check_technique_floors(sdk_board_cached(3, 3));
    /* The ceiling: above the hardest puzzles known (11.9), below 19 (--min-er 19 is refused). */
    double ceiling = sdk_human_er_ceiling(sdk_board_cached(3, 3));
    CHECK(ceiling > 11.9 && ceiling < 19 && sdk_human_er_ceiling(NULL) == ceiling, "9x9 ceiling %.1f", ceiling);
    check_every_4x4(sdk_board_cached(2, 2));

    /* A band holds what lies inside it. */
    sdk_human_band band = {4.5, 6.2, 0, {0}};
    sdk_human_rating r = {.status = SDK_SOLVED, .solved = 1, .er = 4.5};
    CHECK(sdk_human_band_holds(&band, &r), "4.5 in 4.5..6.2");
    r.er = 6.2;
    CHECK(sdk_human_band_holds(&band, &r), "6.2 in 4.5..6.2");
    r.er = 4.4;
    CHECK(!sdk_human_band_holds(&band, &r), "4.4 not in 4.5..6.2");
    r.er = 6.3;
    CHECK(!sdk_human_band_holds(&band, &r), "6.3 not in 4.5..6.2");
    r.er = 5.0;
    r.solved = 0;
    CHECK(!sdk_human_band_holds(&band, &r), "a stuck solve holds no band");

    const sdk_board *b = sdk_board_cached(3, 3);
    sdk_gen_params g;
    sdk_generate_defaults(&g);
    uint8_t p1[SDK_MAX_CELLS], p2[SDK_MAX_CELLS];
    sdk_human_band hard = {2.6, 4.4, 0, {0}};
    for (uint32_t seed = 1; seed <= 4; seed++)
        CHECK(generate_checked(b, &g, &hard, seed, p1) >= 2.6, "hard, seed %u", seed);
    generate_checked(b, &g, &hard, 9, p1);
    generate_checked(b, &g, &hard, 9, p2);
    CHECK(memcmp(p1, p2, 81) == 0, "same seed, same puzzle");

    sdk_human_band xwing = {1.0, 19.9, 1, {sdk_human_technique_find("x-wing")}};
    CHECK(generate_checked(b, &g, &xwing, 3, p1) >= 3.2, "an X-wing puzzle rates >= 3.2");

    /* Other sizes: 4x4. */
    const sdk_board *b4 = sdk_board_cached(2, 2);
    sdk_gen_params g4;
    sdk_generate_defaults(&g4);
    g4.target_clues = 8;
    sdk_human_band easy4 = {1.0, 1.5, 0, {0}};
    CHECK(generate_checked(b4, &g4, &easy4, 5, p1) > 0, "4x4 easy");

    /* The --hard figure grows with ER. */
    const char *easy = "7..2.1853...758..1.....97...2....41.3.......9.19....6...18.....9...37...4675.2..8";
    const char *diab = "7..2.1853...75...1.....97...2....41.3.......9..9....6...18.....9...37...4675.2..8";
    for (int c = 0; c < 81; c++) {
        p1[c] = easy[c] == '.' ? 0 : (uint8_t)(easy[c] - '0');
        p2[c] = diab[c] == '.' ? 0 : (uint8_t)(diab[c] - '0');
    }
    uint64_t f1 = sdk_human_figure(NULL, b, p1, NULL), f2 = sdk_human_figure(NULL, b, p2, NULL);
    CHECK(f1 > 1 && f2 > f1, "figures %llu (easy) < %llu (diabolical)", (unsigned long long)f1,
          (unsigned long long)f2);
    return CHECK_SUMMARY("unit_humangen");
}

/*
 * human.c -- the public face of the logical solver (sdk_human_*): checks the
 * puzzle has one solution, runs the ladder to the end (or one step for a
 * hint), computes ER/EP/ED as SE's getDifficulty does, and keeps the path.
 * Every step is checked against the solution: a step that would remove a
 * solution digit or place a wrong one is a bug and stops the solve.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "lgint.h"

const char *sdk_human_level(double er)
{
    if (er >= 19.95)
        return "unsolved";
    if (er <= 1.55)
        return "easy";
    if (er <= 2.55)
        return "medium";
    if (er <= 4.45)
        return "hard";
    if (er <= 6.25)
        return "fiendish";
    if (er <= 8.95)
        return "diabolical";
    return "extreme";
}

/* Every unique puzzle of the plain 4x4 board was rated: hidden singles
 * (in a box, SE's 1.2) solve them all.  tests/unit_humangen.c rates them
 * all again and checks this. */
#define HUMAN_ER_PLAIN4 1.2

double sdk_human_er_ceiling(const sdk_board *b)
{
    if (b && b->n == 4 && !b->variant)
        return HUMAN_ER_PLAIN4;
    /* A step rates its ladder row's base or a little more (a loop's length,
     * a BUG's or a loop's extra candidates: below the top row up to 25x25),
     * plus a chain's length bonus; the rater counts a chain's complexity in
     * an int, so no bonus passes that of INT_MAX. */
    double top = 0;
    for (int row = 0; row < lg_ladder_rows(); row++)
        if (lg_ladder_rating(row) > top)
            top = lg_ladder_rating(row);
    return top + lg_length_bonus(INT_MAX);
}

void sdk_human_free(sdk_human_rating *r)
{
    if (!r || !r->steps)
        return;
    for (int i = 0; i < r->nsteps; i++) {
        free(r->steps[i].place);
        free(r->steps[i].elim);
        free(r->steps[i].text);
    }
    free(r->steps);
    r->steps = NULL;
}

/* Copies a step into the path; 0 if out of memory. */
static int keep_step(sdk_human_rating *r, int *cap, const lg_step *s)
{
    if (r->nsteps == *cap) {
        int nc = *cap ? *cap * 2 : 64;
        sdk_human_step *ns = realloc(r->steps, sizeof *ns * (size_t)nc);
        if (!ns)
            return 0;
        r->steps = ns;
        *cap = nc;
    }
    sdk_human_step *h = &r->steps[r->nsteps];
    h->technique = s->name;
    h->rating = s->rating;
    h->nplace = s->nplace;
    h->nelim = s->nelim;
    h->place = malloc(sizeof *h->place * (size_t)(s->nplace + 1));
    h->elim = malloc(sizeof *h->elim * (size_t)(s->nelim + 1));
    h->text = strdup(s->text);
    if (!h->place || !h->elim || !h->text) {
        free(h->place);
        free(h->elim);
        free(h->text);
        return 0;
    }
    for (int i = 0; i < s->nplace; i++)
        h->place[i] = (sdk_human_cand){s->place[i].cell, s->place[i].digit};
    for (int i = 0; i < s->nelim; i++)
        h->elim[i] = (sdk_human_cand){s->elim[i].cell, s->elim[i].digit};
    r->nsteps++;
    return 1;
}

/* 1 if the step keeps every solution digit. */
static int step_sound(const lg_step *s, const uint8_t *solution)
{
    for (int i = 0; i < s->nplace; i++)
        if (solution[s->place[i].cell] != s->place[i].digit)
            return 0;
    for (int i = 0; i < s->nelim; i++)
        if (solution[s->elim[i].cell] == s->elim[i].digit)
            return 0;
    return 1;
}

static int grid_solved(const lg_grid *g)
{
    for (int c = 0; c < g->b->ncells; c++)
        if (!g->val[c])
            return 0;
    return 1;
}

sdk_status sdk_human_rate(const sdk_board *b, const uint8_t *cells, const uint32_t *cand, int flags,
                          sdk_human_rating *out, const sdk_budget *budget)
{
    memset(out, 0, sizeof *out);
    out->hardest = "";
    out->level = "";
    static _Thread_local lg_grid g;
    static _Thread_local lg_step step;
    static _Thread_local uint8_t solution[SDK_MAX_CELLS];
    sdk_status st = SDK_UNSOLVABLE;
    if (lg_grid_init(&g, b, cells))
        out->solutions = sdk_exact_count(b, cells, 2, solution, NULL, budget, &st);
    if (st == SDK_TIMEOUT || st == SDK_INTERRUPTED)
        return out->status = st;
    out->status = out->solutions == 1 ? SDK_SOLVED : SDK_UNSOLVABLE;
    if (out->status != SDK_SOLVED)
        return out->status;
    if (cand)
        for (int c = 0; c < b->ncells; c++) {
            g.cand[c] &= cand[c];
            if (!g.val[c] && !(g.cand[c] >> (solution[c] - 1) & 1)) {
                out->solutions = 0;   /* the candidates given rule the solution out */
                return out->status = SDK_UNSOLVABLE;
            }
        }
    int cap = 0, placed_yet = 0;
    double hardest = -1;
    g.no_text = !(flags & (SDK_HUMAN_STEPS | SDK_HUMAN_HINT));
    while (!grid_solved(&g)) {
        int got = lg_next_step(&g, &step, budget);
        if (got == LG_STOPPED) {
            out->status = budget && budget->interrupt && *budget->interrupt ? SDK_INTERRUPTED : SDK_TIMEOUT;
            return out->status;
        }
        if (got == LG_NONE || !step_sound(&step, solution)) {
            out->er = 20.0;  /* SE's answer for a grid it cannot solve */
            break;
        }
        if (step.rating > out->er)
            out->er = step.rating;
        if (step.rating > hardest) {
            hardest = step.rating;
            out->hardest = step.name;
        }
        if (!placed_yet) {
            if (out->nsteps == 0 && out->ed == 0)
                out->ed = out->er;
            if (step.nplace) {
                out->ep = out->er;
                placed_yet = 1;
            }
        }
        if ((flags & SDK_HUMAN_STEPS) && !keep_step(out, &cap, &step)) {
            out->er = 20.0;
            break;
        }
        if (!(flags & SDK_HUMAN_STEPS))
            out->nsteps++;
        lg_apply(&g, &step);
        if (flags & SDK_HUMAN_HINT)
            break;
    }
    out->solved = grid_solved(&g);
    out->level = sdk_human_level(out->er);
    return out->status;
}

/*
 * chains_out.c -- turns the best chain found into the step record: SE's
 * name and rating, the removals and placement, and a line of text that
 * starts with that result (lg_text's notation, as every step's does), says
 * what was assumed and what followed, then gives each chain's main line in
 * SE's notation ("r1c1=5 -> r1c4<>5 -> r3c4=5 => r1c1<>5").  The lines are
 * kept only when the grid wants text: rating alone never builds them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "chains.h"
#include "lgint.h"

/* A main line as kept for the text: up to CH_LINE nodes read back from
 * the chain's end (the target first), and the assumption it starts from
 * (root) even when the line is longer and cut. */
#define CH_LINE 96
typedef struct ch_lk {
    uint16_t cell;
    uint8_t d, on;
} ch_lk;

struct ch_lines {
    int kind, house, n;             /* CH_DOUBLE .., a region's house, lines */
    int len[SDK_MAX_N], cut[SDK_MAX_N];
    ch_lk root[SDK_MAX_N];
    ch_lk lk[SDK_MAX_N][CH_LINE];
};

static ch_lk ch_lk_of(const ch_node *p) { return (ch_lk){p->cell, p->d, p->on}; }

/* Keeps the main line of each end (its first parents back to the
 * assumption); no room leaves the step without its detail. */
static void ch_keep_lines(ch_ctx *c, int kind, const int *ends, int nends, int house)
{
    if (!c->lines && !(c->lines = malloc(sizeof *c->lines)))
        return;
    struct ch_lines *L = c->lines;
    L->kind = kind;
    L->house = house;
    L->n = nends < SDK_MAX_N ? nends : SDK_MAX_N;
    for (int e = 0; e < L->n; e++) {
        int len = 0, walked = 0, p = ends[e];
        /* parents are older nodes, so the walk ends; the bound is a guard */
        for (; walked <= c->nnode; walked++) {
            const ch_node *q = &c->node[p];
            if (len < CH_LINE)
                L->lk[e][len++] = ch_lk_of(q);
            if (!q->np)
                break;
            p = c->par[q->p0];
        }
        L->len[e] = len;
        L->cut[e] = walked >= len;
        L->root[e] = ch_lk_of(&c->node[p]);
    }
}


/* Collect mode: keeps the hint whole, with where SE's rule parents lie (the
 * cells and houses its links rely on: a cell link's cell, a house link's
 * house and digit; chains.h) and the identity of its chains. */
static void ch_keep(ch_ctx *c, double diff, int complexity, int sortkey, const int *elim,
                    int nelim, const int *ends, int nends, int init_cause, int with_offs)
{
    if (c->nhints >= c->caphints) {
        c->hints = ch_grow(c->hints, &c->caphints, c->nhints + 1, sizeof(ch_hint));
        if (!c->hints) {
            c->oom = 1;
            c->nhints = c->caphints = 0;
            return;
        }
    }
    ch_hint *h = &c->hints[c->nhints];
    memset(h, 0, sizeof *h);
    h->diff = diff;
    h->cx = complexity;
    h->key = sortkey;
    h->seq = c->nhints;
    h->rem = malloc(sizeof(int32_t) * 2 * (size_t)(nelim ? nelim : 1));
    /* (the parents gathered in par_room, then copied out at their size) */
    h->par = c->par_room;
    if (!h->rem) {
        c->oom = 1;
        return;
    }
    memcpy(h->rem, elim, sizeof(int32_t) * 2 * (size_t)nelim);
    h->nrem = nelim;
    ch_stamp_b_new(c);
    uint64_t sig = 1469598103934665603ull;
    for (int e = 0; e < nends; e++) {
        c->record = 1;
        c->norder = 0;
        ch_ancestors(c, ends[e]);
        c->record = 0;
        for (int i = 0; i < c->norder; i++) {
            const ch_node *p = &c->node[c->order[i]];
            sig = (sig ^ (uint64_t)CH_KEY(c, p->cell, p->d, p->on)) * 1099511628211ull;
            int cause = p->np ? p->cause : init_cause;
            if ((!p->on && !with_offs) || cause == CH_NO_CAUSE || cause == CH_ADVANCED)
                continue;
            /* Each place once.  (There are ncells + nhouses * n places, within
             * nkeys while a cell lies in fewer than 2n houses; past that the
             * marks do not reach and the list is searched.) */
            int at = cause == CH_CELL_LINK ? CH_PAR_CELL(p->cell) : CH_PAR_HOUSE(c, cause, p->d);
            int fresh = at >= c->nkeys || c->stamp_b[at] != c->stamp_bv;
            if (at < c->nkeys)
                c->stamp_b[at] = c->stamp_bv;
            else
                for (int j = 0; j < h->npar && fresh; j++)
                    fresh = h->par[j] != at;
            if (fresh && h->npar < c->nkeys)
                h->par[h->npar++] = at;
        }
        sig = (sig ^ 0x9e3779b97f4a7c15ull) * 1099511628211ull;
    }
    h->sig = sig;
    if (!(h->par = malloc(sizeof(int32_t) * (size_t)(h->npar ? h->npar : 1)))) {
        free(h->rem);
        h->rem = NULL;
        c->oom = 1;
        return;
    }
    memcpy(h->par, c->par_room, sizeof(int32_t) * (size_t)h->npar);
    c->nhints++;
}

void ch_take(ch_ctx *c, int kind, double diff, int complexity, int sortkey, const char *name,
             const int *elim, int nelim, int place_cell, int place_d, const int *ends,
             int nends, int init_cause, int with_offs)
{
    if (c->collect) {
        ch_keep(c, diff, complexity, sortkey, elim, nelim, ends, nends, init_cause, with_offs);
        return;
    }
    lg_step *s = c->out;
    c->have = 1;
    c->nmw = 0;
    c->best_diff = diff;
    c->best_cx = complexity;
    c->best_key = sortkey;
    s->name = name;
    s->rating = diff;
    s->nplace = 0;
    if (place_cell >= 0) {
        s->place[0].cell = (uint16_t)place_cell;
        s->place[0].digit = (uint8_t)place_d;
        s->nplace = 1;
    }
    s->nelim = nelim < LG_MAX_ELIM ? nelim : LG_MAX_ELIM;
    for (int i = 0; i < s->nelim; i++) {
        s->elim[i].cell = (uint16_t)elim[2 * i];
        s->elim[i].digit = (uint8_t)elim[2 * i + 1];
    }
    /* The nodes are reused by later searches: the lines are copied now,
     * the text written once, for the last best (ch_text). */
    if (!c->g->no_text)
        ch_keep_lines(c, kind, ends, nends, init_cause);
}

/* ---------------------------------------------------------------- text */

/* "r4c5=7" or "r4c5<>7" into buf. */
static const char *ch_lk_name(const sdk_board *b, ch_lk k, char *buf, size_t size)
{
    char cb[16];
    snprintf(buf, size, "%s%s%d", lg_cell_name(b, k.cell, cb, sizeof cb), k.on ? "=" : "<>", k.d);
    return buf;
}

static void ch_add_lk(lg_step *o, const sdk_board *b, ch_lk k)
{
    char kb[24];
    lg_text_add(o, "%s", ch_lk_name(b, k, kb, sizeof kb));
}

/* Line e in SE's notation, from its assumption: "a -> b -> ... => end". */
static void ch_add_line(lg_step *o, const ch_ctx *c, int e)
{
    const struct ch_lines *L = c->lines;
    int len = L->len[e];
    if (L->cut[e]) {
        ch_add_lk(o, c->b, L->root[e]);
        lg_text_add(o, " -> ...");
    }
    for (int i = len - 1; i >= 0; i--) {
        if (i < len - 1 || L->cut[e])
            lg_text_add(o, i == 0 ? " => " : " -> ");
        ch_add_lk(o, c->b, L->lk[e][i]);
    }
}

/* Closes a group of the cycle's why: "r1c3,r1c5 see a 5 either way (r1c7 or r1c1)". */
static void ch_add_either(lg_step *o, const sdk_board *b, int cells, int d, int on, int off)
{
    char cb[2][16];
    int an = d == 8 || d == 11 || d == 18;   /* "an 8", "an 11", "an 18" */
    lg_text_add(o, " %s %s %d either way (%s or %s)", cells > 1 ? "see" : "sees", an ? "an" : "a", d,
                lg_cell_name(b, on, cb[0], sizeof cb[0]), lg_cell_name(b, off, cb[1], sizeof cb[1]));
}

/* The cycle's why: it holds one way round or the other, so each removed
 * candidate sees its digit placed either way (an "on" node of the line, or
 * an "off" one, which is on the other way); removals seeing the same two
 * cells are named together. */
static void ch_add_cycle_why(lg_step *o, const ch_ctx *c)
{
    const struct ch_lines *L = c->lines;
    const lg_step *s = c->out;
    const lg_seen_row *seen = lg_sees_table(c->b);
    char cb[16];
    lg_text_add(o, "; a loop: either every = in it holds or every <> is placed instead, so");
    int prev_on = -1, prev_off = -1, prev_d = 0, group = 0;
    for (int i = 0; i < s->nelim; i++) {
        int cell = s->elim[i].cell, d = s->elim[i].digit, on = -1, off = -1;
        for (int j = L->len[0] - 1; j >= 0; j--) {
            ch_lk k = L->lk[0][j];
            if (k.d != d || !lg_seen(seen, cell, k.cell))
                continue;
            if (k.on && on < 0)
                on = k.cell;
            if (!k.on && off < 0)
                off = k.cell;
        }
        if (on < 0 || off < 0)
            continue;   /* (a line cut short: the cells are not kept) */
        if (group && on == prev_on && off == prev_off && d == prev_d) {
            lg_text_add(o, ",%s", lg_cell_name(c->b, cell, cb, sizeof cb));
            group++;
            continue;
        }
        if (group)
            ch_add_either(o, c->b, group, prev_d, prev_on, prev_off), lg_text_add(o, ";");
        lg_text_add(o, " %s", lg_cell_name(c->b, cell, cb, sizeof cb));
        prev_on = on;
        prev_off = off;
        prev_d = d;
        group = 1;
    }
    if (group)
        ch_add_either(o, c->b, group, prev_d, prev_on, prev_off);
}

/* What the chains show, before the chains themselves: the assumption and
 * what it broke (forcing chains, contradictions), or the branches that
 * all lead to the result (double, cell and region forcing chains). */
static void ch_add_summary(lg_step *o, const ch_ctx *c)
{
    const struct ch_lines *L = c->lines;
    const sdk_board *b = c->b;
    char k[3][24], cb[16], hb[32];
    ch_lk_name(b, L->lk[0][0], k[0], sizeof k[0]);   /* the result, as the first chain ends */
    switch (L->kind) {
    case CH_FORCING:
        lg_text_add(o, "if %s then %s, a contradiction: ", ch_lk_name(b, L->root[0], k[1], sizeof k[1]), k[0]);
        break;
    case CH_CONTRA:
    case CH_NISHIO:
        lg_text_add(o, "if %s then both %s and %s: ", ch_lk_name(b, L->root[0], k[1], sizeof k[1]), k[0],
                    ch_lk_name(b, L->lk[L->n - 1][0], k[2], sizeof k[2]));
        break;
    case CH_DOUBLE:
        lg_text_add(o, "both %s and %s lead to %s: ", ch_lk_name(b, L->root[0], k[1], sizeof k[1]),
                    ch_lk_name(b, L->root[L->n - 1], k[2], sizeof k[2]), k[0]);
        break;
    case CH_CELL:
        lg_text_add(o, "each candidate of %s (", lg_cell_name(b, L->root[0].cell, cb, sizeof cb));
        for (int e = 0; e < L->n; e++)
            lg_text_add(o, "%s%d", e ? "," : "", L->root[e].d);
        lg_text_add(o, ") leads to %s: ", k[0]);
        break;
    case CH_REGION:
        lg_text_add(o, "each place of %d in %s (", L->root[0].d, lg_house_name(b, L->house, hb, sizeof hb));
        for (int e = 0; e < L->n; e++)
            lg_text_add(o, "%s%s", e ? "," : "", lg_cell_name(b, L->root[e].cell, cb, sizeof cb));
        lg_text_add(o, ") leads to %s: ", k[0]);
        break;
    default:
        break;
    }
}

void ch_text(const ch_ctx *c)
{
    lg_step *s = c->out;
    lg_text(c->g, s, NULL);
    if (c->g->no_text || !c->lines)
        return;
    lg_text_add(s, ": ");
    ch_add_summary(s, c);
    for (int e = 0; e < c->lines->n; e++) {
        if (e)
            lg_text_add(s, "; ");
        ch_add_line(s, c, e);
    }
    if (c->lines->kind == CH_CYCLE)
        ch_add_cycle_why(s, c);
}

void ch_free_hints(ch_ctx *c)
{
    for (int i = 0; i < c->nhints; i++) {
        free(c->hints[i].rem);
        free(c->hints[i].par);
    }
    free(c->hints);
    c->hints = NULL;
    c->nhints = c->caphints = 0;
}

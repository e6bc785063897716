/*
 * chains_out.c -- turns the best chain found into the step record: SE's
 * name and rating, the removals and placement, and a line of text that
 * follows the chain's main line from its assumption to its conclusion
 * ("r1c1=5 -> r1c4<>5 -> r3c4=5 => r1c1<>5").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "chains.h"

/* Appends "rRcC=d" or "rRcC<>d" to text at *len, within LG_TEXT. */
static void ch_put(const ch_ctx *c, char *text, int *len, const char *sep, int cell, int d, int on)
{
    if (*len >= LG_TEXT - 1)
        return;
    int w = snprintf(text + *len, (size_t)(LG_TEXT - *len), "%sr%dc%d%s%d", sep,
                     c->b->cell_y[cell] + 1, c->b->cell_x[cell] + 1, on ? "=" : "<>", d);
    if (w > 0)
        *len = *len + w < LG_TEXT - 1 ? *len + w : LG_TEXT - 1;
}

/* Collect mode: keeps the hint whole, with SE's rule parents (the
 * removals from the calling chain's initial grid that the hint's links
 * rely on: a cell link needs its cell's, a house link its house's) and the
 * identity of its chains. */
static void ch_keep(ch_ctx *c, double diff, int complexity, int sortkey, const int *elim,
                    int nelim, const int *ends, int nends, int init_cause, int with_offs)
{
    if (!c->stamp_b && !(c->stamp_b = calloc((size_t)c->nkeys, sizeof(uint32_t)))) {
        c->oom = 1;
        return;
    }
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
    h->par = malloc(sizeof(int32_t) * (size_t)c->nkeys);
    if (!h->rem || !h->par) {
        free(h->rem);
        free(h->par);
        c->oom = 1;
        return;
    }
    memcpy(h->rem, elim, sizeof(int32_t) * 2 * (size_t)nelim);
    h->nrem = nelim;
    if (++c->stamp_bv == 0) {
        memset(c->stamp_b, 0, sizeof(uint32_t) * (size_t)c->nkeys);
        c->stamp_bv = 1;
    }
    uint64_t sig = 1469598103934665603ull;
    int n = c->n;
    const uint32_t *cur = c->g->cand, *src = c->rp_src;
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
            if (cause == CH_CELL_LINK) {
                for (uint32_t m = src[p->cell] & ~cur[p->cell]; m; m &= m - 1) {
                    int k = CH_KEY(c, p->cell, __builtin_ctz(m) + 1, 0);
                    if (c->stamp_b[k] != c->stamp_bv) {
                        c->stamp_b[k] = c->stamp_bv;
                        h->par[h->npar++] = k;
                    }
                }
            } else {
                const uint16_t *hc = c->b->house_cells + (size_t)cause * (size_t)n;
                uint32_t bit = 1u << (p->d - 1);
                for (int j = 0; j < n; j++)
                    if ((src[hc[j]] & bit) && !(cur[hc[j]] & bit)) {
                        int k = CH_KEY(c, hc[j], p->d, 0);
                        if (c->stamp_b[k] != c->stamp_bv) {
                            c->stamp_b[k] = c->stamp_bv;
                            h->par[h->npar++] = k;
                        }
                    }
            }
        }
        sig = (sig ^ 0x9e3779b97f4a7c15ull) * 1099511628211ull;
    }
    h->sig = sig;
    c->nhints++;
}

void ch_take(ch_ctx *c, double diff, int complexity, int sortkey, const char *name,
             const int *elim, int nelim, int place_cell, int place_d, const int *ends,
             int nends, int init_cause, int with_offs)
{
    if (c->collect) {
        ch_keep(c, diff, complexity, sortkey, elim, nelim, ends, nends, init_cause, with_offs);
        return;
    }
    int target = ends[nends - 1];
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
    /* The main line, read back from the target to the assumption; its
     * text is written once, for the last best (ch_text). */
    c->nline = 0;
    for (int p = target; c->nline < 64; p = c->par[c->node[p].p0]) {
        const ch_node *q = &c->node[p];
        c->line[c->nline++] = (struct ch_lk){q->cell, q->d, q->on};
        if (!q->np)
            break;
    }
}

void ch_text(const ch_ctx *c)
{
    lg_step *s = c->out;
    int nl = c->nline;
    int len = snprintf(s->text, LG_TEXT, "%s: ", s->name);
    if (len < 0 || len >= LG_TEXT)
        len = LG_TEXT - 1;
    for (int i = nl - 1; i >= 0; i--)
        ch_put(c, s->text, &len, i == nl - 1 ? "" : i == 0 ? " => " : " -> ", c->line[i].cell,
               c->line[i].d, c->line[i].on);
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

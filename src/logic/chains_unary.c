/*
 * chains_unary.c -- SE's "Forcing Chains & Cycles" producer (6.5-7.x): from
 * each candidate, bidirectional cycles (X, Y, XY) and forcing chains (X, XY),
 * each searched breadth-first on the fixed candidate grid, as SE's
 * doCycles / doForcingChains do.
 */
#include <stdlib.h>
#include <string.h>
#include "chains.h"

/* Whether a node of the candidate of q is on p's main line of ancestors. */
static int ch_is_parent(const ch_ctx *c, int p, int q)
{
    const ch_node *t = &c->node[q];
    while (c->node[p].np) {
        p = c->par[c->node[p].p0];
        const ch_node *a = &c->node[p];
        if (a->cell == t->cell && a->d == t->d && a->on == t->on)
            return 1;
    }
    return 0;
}

static int ch_key_of(const ch_ctx *c, int id)
{
    return CH_KEY(c, c->node[id].cell, c->node[id].d, c->node[id].on);
}

/* A growable FIFO of node ids (the "off" queue of a cycle search repeats). */
typedef struct { int32_t *v; int head, len, cap; } ch_fifo;

static int ch_fifo_push(ch_fifo *f, int id)
{
    if (f->len == f->cap) {
        int cap = f->cap ? f->cap * 2 : 4096;
        int32_t *v = realloc(f->v, sizeof(int32_t) * (size_t)cap);
        if (!v)
            return 0;
        f->v = v;
        f->cap = cap;
    }
    f->v[f->len++] = id;
    return 1;
}

/* The cycle hint of a cycle found back at its start (dstOn). */
static void ch_cycle_hint(ch_ctx *c, int dst, int isY, int isX, uint8_t *mark, int *elim)
{
    double base = (isX && isY) ? 7.0 : 6.5;
    int key = (isX && isY) ? 4 : isY ? 3 : 2;
    int cx = ch_ancestors(c, dst);
    double diff = base + lg_length_bonus(cx);
    if (!ch_better(c, diff, cx, key))
        return;
    int n = c->n, ncells = c->ncells;
    memset(mark, 0, (size_t)ncells * (size_t)n + (size_t)ncells);
    uint8_t *incyc = mark + (size_t)ncells * (size_t)n;
    int ncellsin = 0;
    for (int p = dst; c->node[p].np; p = c->par[c->node[p].p0])
        if (!incyc[c->node[p].cell]) {
            incyc[c->node[p].cell] = 1;
            ncellsin++;
        }
    for (int p = dst; c->node[p].np; p = c->par[c->node[p].p0]) {
        int cell = c->node[p].cell, d = c->node[p].d;
        uint8_t flag = c->node[p].on ? 1 : 2;
        for (int i = c->b->peer_start[cell]; i < c->b->peer_start[cell + 1]; i++) {
            int o = c->b->peers[i];
            if (!incyc[o] && (c->g->cand[o] >> (d - 1) & 1))
                mark[o * n + d - 1] |= flag;
        }
    }
    int ne = 0;
    for (int i = 0; i < ncells * n; i++)
        if (mark[i] == 3) {
            elim[2 * ne] = i / n;
            elim[2 * ne + 1] = i % n + 1;
            ne++;
        }
    if (!ne)
        return;
    const char *name = (isX && isY) ? "Bidirectional Cycle"
                     : isY ? "Bidirectional Y-Cycle"
                     : ncellsin == 4 ? "Generalized X-Wing" : "Bidirectional X-Cycle";
    ch_take(c, diff, cx, key, name, elim, ne, -1, 0, dst);
}

/* The forcing chain hint of a target (the start's own candidate, reached
 * with the opposite state). */
static void ch_forcing_hint(ch_ctx *c, int t, int isY, int isX, int *elim)
{
    double base = (isX && isY) ? 7.0 : 6.6;
    int key = (isX && isY) ? 4 : isY ? 3 : 2;
    int cx = ch_ancestors(c, t);
    double diff = base + lg_length_bonus(cx);
    if (!ch_better(c, diff, cx, key))
        return;
    int cell = c->node[t].cell, d = c->node[t].d, ne = 0;
    if (!c->node[t].on) {
        elim[0] = cell;
        elim[1] = d;
        ne = 1;
    } else {
        for (int v = 1; v <= c->n; v++)
            if (v != d && (c->g->cand[cell] >> (v - 1) & 1)) {
                elim[2 * ne] = cell;
                elim[2 * ne + 1] = v;
                ne++;
            }
    }
    const char *name = (isX && isY) ? "Forcing Chain" : isY ? "Forcing Y-Chain"
                     : cx == 6 ? "Turbot Fish" : "Forcing X-Chain";
    ch_take(c, diff, cx, key, name, elim, ne, c->node[t].on ? cell : -1, d, t);
}

/* SE's doCycles from the "on" node src: every cycle back to src of 4+ links.
 * An "off" candidate met again (SE queues each meeting) can only add a
 * cycle: its other consequences are known; so it is only checked against
 * the candidates that lead straight back to src (closers). */
static int ch_cycles(ch_ctx *c, int src, int isY, int isX, ch_fifo *off, ch_fifo *cyc, int *buf,
                     int maxcx)
{
    uint32_t st = ++c->stamp_av;
    if (st == 0) {
        memset(c->stamp_a, 0, sizeof(uint32_t) * (size_t)c->nkeys);
        st = c->stamp_av = 1;
    }
    int skey = ch_key_of(c, src), scell = c->node[src].cell, sd = c->node[src].d;
    uint32_t sm = c->g->cand[scell], bit = 1u << (sd - 1);
    int closer[SDK_MAX_N + 3], ncl = 0;
    if (isY && __builtin_popcount(sm) == 2)
        closer[ncl++] = CH_KEY(c, scell, __builtin_ctz(sm & ~bit) + 1, 0);
    for (int h = c->hstart[scell]; isX && h < c->hstart[scell + 1]; h++) {
        uint32_t m = c->hmask0[c->hlist[h] * c->n + sd - 1], self = 1u << c->hpos[h];
        if (__builtin_popcount(m) == 2 && (m & self)) {
            const uint16_t *hc = c->b->house_cells + (size_t)c->hlist[h] * (size_t)c->n;
            closer[ncl++] = CH_KEY(c, hc[__builtin_ctz(m & ~self)], sd, 0);
        }
    }
    c->stamp_a[skey] = st;
    c->id_a[skey] = src;
    int qh = 0, ql = 0;
    c->qon[ql++] = src;
    off->head = off->len = 0;
    cyc->len = 0;
    int length = 0, ok = 1;
    while (ok && (qh < ql || off->head < off->len)) {
        length++;
        while (qh < ql) {
            int p = c->qon[qh++];
            /* A cycle's complexity is the depth of its closing node. */
            if (c->node[p].depth + 2 > maxcx)
                goto out;
            /* Offs already queued matter again only if they close the cycle. */
            c->skip_st = st;
            c->skip_any = 1;
            memcpy(c->keep, closer, sizeof(int) * (size_t)ncl);
            c->nkeep = ncl;
            int m = ch_on_to_off(c, c->g->cand, p, isY, buf);
            c->skip_st = 0;
            for (int i = 0; i < m; i++) {
                if (ch_is_parent(c, p, buf[i]))
                    continue;
                int k = ch_key_of(c, buf[i]);
                if (c->stamp_a[k] != st) {
                    c->stamp_a[k] = st;
                    c->id_a[k] = buf[i];
                }
                if (!ch_fifo_push(off, buf[i])) {
                    ok = 0;
                    goto out;
                }
            }
        }
        length++;
        while (off->head < off->len) {
            int p = off->v[off->head++], pk = ch_key_of(c, p);
            if (c->id_a[pk] != p) {
                for (int i = 0; i < ncl && length >= 4; i++)
                    if (closer[i] == pk) {
                        int id = ch_node_new(c, scell, sd, 1);
                        ch_add_parent(c, id, p);
                        if (c->oom || !ch_fifo_push(cyc, id)) {
                            ok = 0;
                            goto out;
                        }
                    }
                continue;
            }
            c->skip_st = st;
            c->nkeep = 1;
            c->keep[0] = skey;
            int m = ch_off_to_on(c, c->g->cand, p, isY, isX, buf);
            c->skip_st = 0;
            for (int i = 0; i < m; i++) {
                int k = ch_key_of(c, buf[i]);
                if (length >= 4 && k == skey && !ch_fifo_push(cyc, buf[i])) {
                    ok = 0;
                    goto out;
                }
                if (c->stamp_a[k] != st) {
                    c->stamp_a[k] = st;
                    c->id_a[k] = buf[i];
                    c->qon[ql++] = buf[i];
                }
            }
        }
        if (c->oom)
            ok = 0;
    }
out:
    c->skip_st = 0;
    c->skip_any = 0;
    c->nkeep = 0;
    return ok;
}

/* SE's doForcingChains from src (on or off): the first node of src's own
 * candidate in the opposite state, or -1. */
static int ch_forcing(ch_ctx *c, int src, int isY, int *buf, int maxcx)
{
    uint32_t st = ++c->stamp_av;
    if (st == 0) {
        memset(c->stamp_a, 0, sizeof(uint32_t) * (size_t)c->nkeys);
        st = c->stamp_av = 1;
    }
    int skey = ch_key_of(c, src), target = skey ^ 1;
    c->stamp_a[skey] = st;
    int onh = 0, onl = 0, offh = 0, offl = 0;
    if (c->node[src].on)
        c->qon[onl++] = src;
    else
        c->qoff[offl++] = src;
    while (onh < onl || offh < offl) {
        while (onh < onl) {
            int p = c->qon[onh++];
            /* A target's complexity is its depth + 1: deeper ones cannot win. */
            if (c->node[p].depth + 2 > maxcx)
                return -1;
            c->skip_st = st;
            int m = ch_on_to_off(c, c->g->cand, p, isY, buf);
            c->skip_st = 0;
            for (int i = 0; i < m; i++) {
                int k = ch_key_of(c, buf[i]);
                if (k == target)
                    return buf[i];
                if (!ch_is_parent(c, p, buf[i]) && c->stamp_a[k] != st) {
                    c->stamp_a[k] = st;
                    c->qoff[offl++] = buf[i];
                }
            }
        }
        while (offh < offl) {
            int p = c->qoff[offh++];
            if (c->node[p].depth + 2 > maxcx)
                return -1;
            c->skip_st = st;
            int m = ch_off_to_on(c, c->g->cand, p, isY, 1, buf);
            c->skip_st = 0;
            for (int i = 0; i < m; i++) {
                int k = ch_key_of(c, buf[i]);
                if (k == target)
                    return buf[i];
                if (c->stamp_a[k] != st) {
                    c->stamp_a[k] = st;
                    c->qon[onl++] = buf[i];
                }
            }
        }
        if (c->oom)
            return -1;
    }
    return -1;
}

/* One of SE's three passes (X links, Y links, both) over every candidate. */
static void ch_unary_pass(ch_ctx *c, int isY, int isX, ch_fifo *off, ch_fifo *cyc, int *buf,
                          uint8_t *mark, int *elim)
{
    for (int cell = 0; cell < c->ncells; cell++) {
        uint32_t m = c->g->cand[cell];
        int card = __builtin_popcount(m);
        if (c->g->val[cell] || card < 2 || (card > 2 && !isX))
            continue;
        for (int d = 1; d <= c->n; d++) {
            if (!(m >> (d - 1) & 1))
                continue;
            if (ch_stopped(c))
                return;
            int base = c->nnode, basepar = c->npar;
            int on = ch_node_new(c, cell, d, 1);
            double cb = (isX && isY) ? 7.0 : 6.5, fb = (isX && isY) ? 7.0 : 6.6;
            int key = (isX && isY) ? 4 : isY ? 3 : 2;
            if (!ch_cycles(c, on, isY, isX, off, cyc, buf, ch_max_win(c, cb, key)))
                return;
            for (int i = 0; i < cyc->len; i++)
                ch_cycle_hint(c, cyc->v[i], isY, isX, mark, elim);
            if (isX) {
                int t = ch_forcing(c, on, isY, buf, ch_max_win(c, fb, key));
                if (t >= 0)
                    ch_forcing_hint(c, t, isY, isX, elim);
                int offn = ch_node_new(c, cell, d, 0);
                t = ch_forcing(c, offn, isY, buf, ch_max_win(c, fb, key));
                if (t >= 0)
                    ch_forcing_hint(c, t, isY, isX, elim);
            }
            if (c->oom)
                return;
            /* The step taken keeps its own text; these nodes are done. */
            c->nnode = base;
            c->npar = basepar;
        }
    }
}

void ch_unary(ch_ctx *c)
{
    ch_fifo off = {0}, cyc = {0};
    int *buf = malloc(sizeof(int) * (size_t)ch_buf_size(c));
    int *elim = malloc(sizeof(int) * 2 * (size_t)(c->ncells * c->n + 1));
    uint8_t *mark = malloc((size_t)c->ncells * (size_t)(c->n + 1));
    if (!buf || !elim || !mark)
        c->oom = 1;
    else {
        static const int pass[3][2] = {{0, 1}, {1, 0}, {1, 1}};
        for (int i = 0; i < 3 && !c->stopped && !c->oom; i++) {
            double base = pass[i][0] && pass[i][1] ? 7.0 : 6.5;
            if (ch_can_win(c, base, 4))
                ch_unary_pass(c, pass[i][0], pass[i][1], &off, &cyc, buf, mark, elim);
        }
    }
    free(off.v);
    free(cyc.v);
    free(buf);
    free(elim);
    free(mark);
}

/*
 * chains_unary.c -- SE's "Forcing Chains & Cycles" producer (6.5-7.x): from
 * each candidate, bidirectional cycles (X, Y, XY) and forcing chains (X, XY),
 * each searched breadth-first on the fixed candidate grid, as SE's
 * doCycles / doForcingChains do.
 *
 * On a fixed grid every candidate reached has one parent (the first that
 * reached it), so these searches run on candidate keys with a parent array;
 * graph nodes are made only for the chains that become hints.
 *
 * Nested in a chain (collect mode), the producer runs on the chain's
 * working grid, its initial grid less a few candidates: only the starts
 * whose search can meet what those removals changed are searched there
 * (ch_uref, "The initial grid" below).
 */
#include <stdlib.h>
#include <string.h>
#include "chains.h"
#include "lgint.h"

/* The per-search state over keys: mark (== the search's stamp: reached),
 * parent key; and the implications of every key for the current pass, built
 * once a pass (the grid is fixed): key k implies adj[start[k] .. end[k]).
 * An "on" key lists only the "off" keys that imply something: an "off" key
 * that implies nothing changes no search (the forcing chain's end, the one
 * such key a search looks for, is found from the "on" key itself). */
typedef struct {
    uint32_t *mark, st;
    int32_t *par;
    int32_t *qon;                  /* the queue of "on" keys */
    int32_t *start, *end, *adj;
    int capadj, room;              /* room: the most one list can take */
    uint32_t *live;                /* per cell: digits whose "off" key implies something */
    uint32_t *hlive;               /* per house and digit: the places whose "off" key does */
    uint32_t *clst;                /* == st: a key that closes a cycle at its start */
    uint16_t *kcell;               /* the cell of each candidate (key >> 1) */
    int cw;                        /* words of a cell set */
    uint64_t *peerb, *candb;       /* each cell's peers; each digit's cells */
    const uint64_t *fend;          /* per candidate, the "on" keys' candidates that imply it "off" (or NULL) */
    int fw;                        /* words of one fend set */
    uint64_t *cyc;                 /* a cycle's cells, then per digit "off" and "on" peers, then removals */
    uint32_t *bmark, bst;          /* == bst: a key that can reach a changed list (ch_changed_reach) */
    uint32_t *hlc;                 /* ch_changed_reach's house masks (kept zero) */
    int32_t *htouch;               /* and the ones it touched */
    uint32_t *need;                /* per cell: digits whose start is searched */
    uint32_t *elig;                /* per cell: digits that can start, with X links, then without */
    int32_t *gone, ngone;          /* the cells that lost candidates (nested runs) */
    uint32_t *xd;                  /* ch_klive_from's digits to look at again (kept zero) */
    int32_t *xl;                   /* and their cells */
} ch_kbfs;

static inline void ch_kset(ch_kbfs *s, int k, int parent)
{
    s->mark[k] = s->st;
    s->par[k] = parent;
}

/* A fresh stamp for the search's marks. */
static uint32_t ch_new_stamp(ch_ctx *c, ch_kbfs *s)
{
    if (++s->st == 0) {
        memset(s->mark, 0, sizeof(uint32_t) * (size_t)c->nkeys);
        memset(s->clst, 0, sizeof(uint32_t) * (size_t)c->nkeys);
        s->st = 1;
    }
    return s->st;
}

/* SE's isParent: is key x on the main line above key p?  (Asked only of
 * keys met again that could close a cycle: rare enough to walk.) */
static inline int ch_kis_parent(const ch_kbfs *s, int p, int x)
{
    for (int q = s->par[p]; q >= 0; q = s->par[q])
        if (q == x)
            return 1;
    return 0;
}

/* The fend row of key k's candidate (ch_fend_make), or NULL without a table. */
static inline const uint64_t *ch_fend_row(const ch_kbfs *s, int k)
{
    return s->fend ? s->fend + (size_t)(k >> 1) * (size_t)s->fw : NULL;
}

/* The "off" keys that imply something that an "on" key implies, in SE's
 * order, each listed once. */
static inline __attribute__((always_inline)) int ch_kon_to_off(ch_ctx *c, const ch_kbfs *s,
                                                               int cell, int d, int isY,
                                                               int32_t *out)
{
    int n = c->n, m = 0;
    uint32_t bit = 1u << (d - 1);
    if (isY)
        for (uint32_t r = c->g->cand[cell] & ~bit & s->live[cell]; r; r &= r - 1)
            out[m++] = CH_KEY(c, cell, __builtin_ctz(r) + 1, 0);
    /* A place shared with an earlier house was listed there (SE keeps the first). */
    for (int h = c->hstart[cell]; h < c->hstart[cell + 1]; h++) {
        const uint16_t *hc = c->b->house_cells + (size_t)c->hlist[h] * (size_t)n;
        uint32_t r = s->hlive[c->hlist[h] * n + d - 1] & ~(1u << c->hpos[h]) & ~c->hdup[h];
        for (; r; r &= r - 1)
            out[m++] = CH_KEY(c, hc[__builtin_ctz(r)], d, 0);
    }
    return m;
}

/* The "on" keys an "off" key implies (bivalue cell, bilocal house). */
static inline int ch_koff_to_on(ch_ctx *c, int cell, int d, int isY, int isX, int32_t *out)
{
    int n = c->n, m = 0;
    uint32_t cm = c->g->cand[cell];
    if (isY && __builtin_popcount(cm) == 2)
        out[m++] = CH_KEY(c, cell, __builtin_ctz(cm & ~(1u << (d - 1))) + 1, 1);
    if (isX)
        for (int h = c->hstart[cell]; h < c->hstart[cell + 1]; h++) {
            uint32_t r = c->hmask0[c->hlist[h] * n + d - 1], self = 1u << c->hpos[h];
            if (__builtin_popcount(r) != 2 || !(r & self))
                continue;
            const uint16_t *hc = c->b->house_cells + (size_t)c->hlist[h] * (size_t)n;
            int k = CH_KEY(c, hc[__builtin_ctz(r & ~self)], d, 1), dup = 0;
            for (int i = 0; i < m; i++)
                dup |= out[i] == k;
            if (!dup)
                out[m++] = k;
        }
    return m;
}

/* Which "off" keys imply something in this pass: live (per cell) and
 * hlive (per house and digit). */
static void ch_klive(ch_ctx *c, ch_kbfs *s, int isY, int isX)
{
    int n = c->n;
    const uint32_t *cand = c->g->cand;
    for (int cell = 0; cell < c->ncells; cell++)
        s->live[cell] = isY && __builtin_popcount(cand[cell]) == 2 ? cand[cell] : 0;
    if (isX)
        for (int h = 0; h < c->b->nhouses; h++)
            for (int d = 0; d < n; d++) {
                uint32_t m = c->hmask0[h * n + d];
                if (__builtin_popcount(m) != 2)
                    continue;
                const uint16_t *hc = c->b->house_cells + (size_t)h * (size_t)n;
                s->live[hc[__builtin_ctz(m)]] |= 1u << d;
                s->live[hc[31 - __builtin_clz(m)]] |= 1u << d;
            }
    for (int h = 0; h < c->b->nhouses; h++) {
        const uint16_t *hc = c->b->house_cells + (size_t)h * (size_t)n;
        uint32_t *hl = s->hlive + h * n;
        memset(hl, 0, sizeof(uint32_t) * (size_t)n);
        for (int i = 0; i < n; i++)
            for (uint32_t m = s->live[hc[i]]; m; m &= m - 1)
                hl[__builtin_ctz(m)] |= 1u << i;
    }
}

/* Liveness l of cell's digits, with those of dm that a bilocal house of
 * the cell makes live added. */
static inline uint32_t ch_klive_x(const ch_ctx *c, int cell, uint32_t l, uint32_t dm)
{
    for (dm &= ~l; dm; dm &= dm - 1)
        for (int h = c->hstart[cell]; h < c->hstart[cell + 1]; h++)
            if (__builtin_popcount(c->hmask0[c->hlist[h] * c->n + __builtin_ctz(dm)]) == 2) {
                l |= dm & -dm;
                break;
            }
    return l;
}

/* Sets cell's liveness to l, its houses' places (hlive) with it. */
static inline void ch_klive_set(ch_ctx *c, ch_kbfs *s, int cell, uint32_t l)
{
    for (uint32_t lc = l ^ s->live[cell]; lc; lc &= lc - 1)
        for (int h = c->hstart[cell]; h < c->hstart[cell + 1]; h++)
            s->hlive[c->hlist[h] * c->n + __builtin_ctz(lc)] ^= 1u << c->hpos[h];
    s->live[cell] = l;
}

/* ch_klive on a working grid from the initial grid's answer (rlive, rhlive;
 * its house masks hsrc): a cell's liveness changes only if it lost a candidate (Y), or
 * lies in a (house, digit) that lost a place and was or is bilocal (X).
 * Those cells are marked in dirty (the others keep their lists' liveness). */
static void ch_klive_from(ch_ctx *c, ch_kbfs *s, const uint32_t *rlive, const uint32_t *rhlive,
                          const uint32_t *hsrc, int isY, int isX, uint64_t *dirty)
{
    int n = c->n, nx = 0;
    const uint32_t *cand = c->g->cand, *src = c->rp_src;
    uint32_t *xd = s->xd;          /* (zero, and left so) */
    memcpy(s->live, rlive, sizeof(uint32_t) * (size_t)c->ncells);
    memcpy(s->hlive, rhlive, sizeof(uint32_t) * (size_t)(c->b->nhouses * n));
    memset(dirty, 0, sizeof(uint64_t) * (size_t)s->cw);
    /* A cell that lost candidates: all of it, and the digit of each in the
     * places of its houses that were or are bilocal (xd). */
    for (int i = 0; i < s->ngone; i++) {
        int cell = s->gone[i];
        uint32_t cm = cand[cell], gone = src[cell] & ~cm;
        dirty[cell >> 6] |= 1ull << (cell & 63);
        for (uint32_t m = isX ? gone : 0; m; m &= m - 1)
            for (int h = c->hstart[cell]; h < c->hstart[cell + 1]; h++) {
                int at = c->hlist[h] * n + __builtin_ctz(m);
                if (__builtin_popcount(hsrc[at]) != 2 && __builtin_popcount(c->hmask0[at]) != 2)
                    continue;
                const uint16_t *hc = c->b->house_cells + (size_t)c->hlist[h] * (size_t)n;
                for (uint32_t p = hsrc[at]; p; p &= p - 1) {
                    int o = hc[__builtin_ctz(p)];
                    if (!xd[o])
                        s->xl[nx++] = o;
                    xd[o] |= m & -m;
                }
            }
        ch_klive_set(c, s, cell, ch_klive_x(c, cell, isY && __builtin_popcount(cm) == 2 ? cm : 0,
                                            isX ? cm : 0));
    }
    for (int i = 0; i < nx; i++) {
        int cell = s->xl[i];
        uint32_t cm = cand[cell], dm = xd[cell];
        xd[cell] = 0;
        if (cm != src[cell])
            continue;              /* (done whole above) */
        uint32_t l = s->live[cell];
        if (isY && __builtin_popcount(cm) == 2)
            continue;              /* (live by its cell) */
        l = ch_klive_x(c, cell, l & ~dm, dm);
        if (l != s->live[cell]) {
            dirty[cell >> 6] |= 1ull << (cell & 63);
            ch_klive_set(c, s, cell, l);
        }
    }
}

/* Room for need more list entries at na; 0 if out of memory. */
static int ch_kroom(ch_ctx *c, ch_kbfs *s, int na, int need)
{
    if (na + need > s->capadj && !(s->adj = ch_grow(s->adj, &s->capadj, na + need, sizeof(int32_t))))
        return c->oom = 1, 0;
    return 1;
}

/* The lists of (cell, d)'s two keys for this pass (after ch_klive), "off"
 * then "on", appended to adj at na (room made); returns the new end.  An
 * "off" key lists something only if live. */
static inline int ch_klists(ch_ctx *c, ch_kbfs *s, int cell, int d, int isY, int isX, int na)
{
    int k = CH_KEY(c, cell, d, 0);
    s->start[k] = na;
    if (s->live[cell] >> (d - 1) & 1)
        na += ch_koff_to_on(c, cell, d, isY, isX, s->adj + na);
    s->end[k] = s->start[k + 1] = na;
    na += ch_kon_to_off(c, s, cell, d, isY, s->adj + na);
    s->end[k + 1] = na;
    return na;
}

/* Key k's list alone, the same way. */
static int ch_klist(ch_ctx *c, ch_kbfs *s, int k, int isY, int isX, int na)
{
    int cell = s->kcell[k >> 1], d = (k >> 1) - cell * c->n + 1;
    if (!ch_kroom(c, s, na, s->room))
        return 0;
    s->start[k] = na;
    if (k & 1)
        na += ch_kon_to_off(c, s, cell, d, isY, s->adj + na);
    else if (s->live[cell] >> (d - 1) & 1)
        na += ch_koff_to_on(c, cell, d, isY, isX, s->adj + na);
    s->end[k] = na;
    return na;
}

/* The implication lists of every candidate's keys for one pass (after
 * ch_klive), once: every search of the pass reads them.  Keys of absent
 * candidates get none and are never read; nor are those of cells that are
 * not bivalue in the Y pass (no search starts there, no "off" key leads
 * there).  Returns the lists' length (0 also when out of memory). */
static int ch_kadj(ch_ctx *c, ch_kbfs *s, int isY, int isX)
{
    int na = 0;
    const uint32_t *cand = c->g->cand;
    for (int cell = 0; cell < c->ncells; cell++) {
        uint32_t dm = cand[cell];
        if (!isX && __builtin_popcount(dm) != 2)
            continue;
        if (!ch_kroom(c, s, na, 2 * s->room * __builtin_popcount(dm)))
            return 0;
        for (; dm; dm &= dm - 1)
            na = ch_klists(c, s, cell, __builtin_ctz(dm) + 1, isY, isX, na);
    }
    return na;
}

/* SE's cause of the link from key pk to key k: the cell, or the first
 * house (box, row, column) that makes it. */
static int ch_kcause(const ch_ctx *c, int pk, int k)
{
    int n = c->n, pcell = pk / (2 * n), cell = k / (2 * n), d = (k >> 1) % n + 1;
    if (pcell == cell)
        return CH_CELL_LINK;
    for (int h = c->hstart[pcell]; h < c->hstart[pcell + 1]; h++) {
        uint32_t m = c->hmask0[c->hlist[h] * n + d - 1];
        int in = 0;                /* (is it a house of cell too?) */
        for (int j = c->hstart[cell]; j < c->hstart[cell + 1] && !in; j++)
            in = c->hlist[j] == c->hlist[h];
        if (in && ((k & 1) == 0 || __builtin_popcount(m) == 2))
            return c->hlist[h];
    }
    return CH_NO_CAUSE;
}

/* Graph nodes for the main line ending at key last (after key tail, if
 * tail >= 0 is given: a last link the parent array does not hold). */
static int ch_knodes(ch_ctx *c, const ch_kbfs *s, int from, int tail)
{
    int keys[512], nk = 0;
    if (tail >= 0)
        keys[nk++] = tail;
    for (int q = from; q >= 0 && nk < 512; q = s->par[q])
        keys[nk++] = q;
    int prev = -1, n = c->n;
    for (int i = nk - 1; i >= 0; i--) {
        int k = keys[i];
        int id = ch_node_new(c, k / (2 * n), (k >> 1) % n + 1, k & 1);
        if (prev >= 0) {
            ch_add_parent(c, id, prev);
            if (!c->oom)
                c->node[id].cause = (int16_t)ch_kcause(c, keys[i + 1], k);
        }
        prev = id;
    }
    return prev;
}

/* The cycle hint of a cycle found back at its start (dstOn), with its
 * removals (ch_cycle_elims). */
static void ch_cycle_hint(ch_ctx *c, int dst, int isY, int isX, const int *elim, int ne,
                          int ncellsin)
{
    double base = (isX && isY) ? 7.0 : 6.5;
    int key = (isX && isY) ? 4 : isY ? 3 : 2;
    int cx = ch_complexity(c, &dst, 1);
    double diff = base + lg_length_bonus(cx);
    if (!ch_better(c, diff, cx, key))
        return;
    const char *name = (isX && isY) ? "Bidirectional Cycle"
                     : isY ? "Bidirectional Y-Cycle"
                     : ncellsin == 4 ? "Generalized X-Wing" : "Bidirectional X-Cycle";
    ch_take(c, CH_CYCLE, diff, cx, key, name, elim, ne, -1, 0, &dst, 1, CH_NO_CAUSE, 1);
}

/* The removals of the cycle through keys from (up to src) and tail: a
 * candidate outside the cycle's cells that sees both an "on" and an "off"
 * of its digit there, in cell order.  Cell sets as bit words (peerb, candb). */
static int ch_cycle_elims(ch_ctx *c, const ch_kbfs *s, int from, int tail, int *elim,
                          int *ncellsin)
{
    int n = c->n, cw = s->cw, ne = 0;
    uint64_t *incyc = s->cyc, *seen = s->cyc + (size_t)(2 * n + 1) * (size_t)cw;
    uint32_t digits = 0;
    for (int w = 0; w < cw; w++)
        incyc[w] = seen[w] = 0;
    for (int k = tail >= 0 ? tail : from, next = tail >= 0 ? from : -2; k >= 0;
         k = next == -2 ? s->par[k] : next, next = -2) {
        int cell = k / (2 * n), d = (k >> 1) % n + 1;
        uint64_t *side = s->cyc + (size_t)(1 + 2 * (d - 1) + (k & 1)) * (size_t)cw;
        if (!(digits >> (d - 1) & 1)) {
            uint64_t *sides = s->cyc + (size_t)(1 + 2 * (d - 1)) * (size_t)cw;
            digits |= 1u << (d - 1);
            for (int w = 0; w < 2 * cw; w++)
                sides[w] = 0;
        }
        incyc[cell >> 6] |= 1ull << (cell & 63);
        for (int w = 0; w < cw; w++)
            side[w] |= s->peerb[(size_t)cell * (size_t)cw + (size_t)w];
    }
    uint64_t any = 0;
    for (uint32_t dm = digits; dm; dm &= dm - 1) {
        int d = __builtin_ctz(dm) + 1;
        uint64_t *off = s->cyc + (size_t)(1 + 2 * (d - 1)) * (size_t)cw, *on = off + cw;
        for (int w = 0; w < cw; w++) {
            on[w] &= off[w] & s->candb[(size_t)(d - 1) * (size_t)cw + (size_t)w] & ~incyc[w];
            seen[w] |= on[w];
            any |= on[w];
        }
    }
    *ncellsin = 0;
    for (int w = 0; w < cw; w++)
        *ncellsin += __builtin_popcountll(incyc[w]);
    if (!any)
        return 0;
    for (int w = 0; w < cw; w++)
        for (uint64_t m = seen[w]; m; m &= m - 1) {
            int cell = w * 64 + __builtin_ctzll(m);
            for (uint32_t dm = digits; dm; dm &= dm - 1) {
                int d = __builtin_ctz(dm) + 1;
                if (s->cyc[(size_t)(2 + 2 * (d - 1)) * (size_t)cw + (size_t)w] >> (cell & 63) & 1) {
                    elim[2 * ne] = cell;
                    elim[2 * ne + 1] = d;
                    ne++;
                }
            }
        }
    return ne;
}

/* The forcing chain hint of a target (the start's own candidate, reached
 * with the opposite state). */
static void ch_forcing_hint(ch_ctx *c, int t, int isY, int isX, int *elim)
{
    double base = (isX && isY) ? 7.0 : 6.6;
    int key = (isX && isY) ? 4 : isY ? 3 : 2;
    int cx = ch_complexity(c, &t, 1);
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
    ch_take(c, CH_FORCING, diff, cx, key, name, elim, ne, c->node[t].on ? cell : -1, d, &t, 1,
            CH_NO_CAUSE, 0);
}

/* A cycle back to src through key from (and tail after it, if >= 0), of
 * complexity cx: made into nodes and offered if it could win. */
static void ch_cycle_close(ch_ctx *c, const ch_kbfs *s, int from, int tail, int cx, int src,
                           int isY, int isX, int *elim)
{
    if (!ch_better(c, (isX && isY ? 7.0 : 6.5) + lg_length_bonus(cx), cx,
                   isX && isY ? 4 : isY ? 3 : 2))
        return;
    int ncellsin, ne = ch_cycle_elims(c, s, from, tail, elim, &ncellsin);
    if (!ne)
        return;
    int base = c->nnode, basepar = c->npar, n = c->n;
    int q = ch_knodes(c, s, from, tail);
    int id = ch_node_new(c, src / (2 * n), (src >> 1) % n + 1, 1);
    ch_add_parent(c, id, q);
    if (!c->oom)
        c->node[id].cause = (int16_t)ch_kcause(c, tail >= 0 ? tail : from, src);
    ch_cycle_hint(c, id, isY, isX, elim, ne, ncellsin);
    c->nnode = base;
    c->npar = basepar;
}

/* SE's doCycles from the "on" key src, cut where no cycle can still win
 * (a cycle's complexity is the depth of its closing node).  An "off" key met
 * again is queued again (SE does) only if it leads straight back to src.
 * The search goes level by level (all keys of a level at one depth); with
 * forcing chains (isX) *fp is the first "on" key met that implies src "off",
 * at depth *fpdep.
 *
 * SE queues each "off" key met and expands the queue after the level of
 * "on" keys.  Here an "off" key is expanded (or its repeat closes a cycle)
 * as soon as it is met: the same order, since "on" keys look only at the
 * marks of "off" keys and the other way round. */
static int ch_cycles(ch_ctx *c, ch_kbfs *s, int src, int isY, int isX, int maxcx,
                     int *elim, int *fp, int *fpdep)
{
    uint32_t st = ch_new_stamp(c, s);
    int n = c->n, scell = s->kcell[src >> 1], sd = (src >> 1) - scell * n + 1;
    /* The keys that imply src "on" are those src "off" implies, turned
     * "off" (a bivalue cell's other digit, a bilocal house's other place). */
    int nclst = s->end[src ^ 1] - s->start[src ^ 1];
    for (int i = s->start[src ^ 1]; i < s->end[src ^ 1]; i++)
        s->clst[s->adj[i] ^ 1] = st;
    *fp = -1;
    /* Every cycle closes through a key of clst: without one, the search
     * is only for the forcing chain's end, and stops there. */
    if (!nclst && !isX)
        return 1;
    ch_kset(s, src, -1);
    /* An "on" key (cell, d) implies src "off" if d == sd and the cell sees
     * src's (house links), or if it is src's cell (cell links, with Y). */
    const uint64_t *speer = s->peerb + (size_t)scell * (size_t)s->cw;
    const uint64_t *fend = ch_fend_row(s, src);
    int qh = 0, ql = 0, want = isX;
    const int32_t *adj = s->adj, *start = s->start, *end = s->end;
    uint32_t *mark = s->mark, *clst = s->clst;
    int32_t *qon = s->qon, *par = s->par;
    qon[ql++] = src;
    /* length: the depth of the "off" keys of the level, +1 */
    for (int length = 2; qh < ql; length += 2) {
        if (length > maxcx)
            return 1;
        for (int lend_q = ql; qh < lend_q;) {
            int p = qon[qh++];
            if (want) {
                /* (fend holds the test below with isY taken as 1: exact, since
                 * without Y links every key reached has src's digit) */
                int i = p >> 1, hit;
                if (fend)
                    hit = (int)(fend[i >> 6] >> (i & 63) & 1);
                else {
                    int pc = s->kcell[i], pd = i - pc * n + 1;
                    hit = pd == sd ? (int)(speer[pc >> 6] >> (pc & 63) & 1) : isY && pc == scell;
                }
                if (hit) {
                    *fp = p;
                    *fpdep = length - 2;
                    want = 0;
                    if (!nclst)
                        return 1;
                }
            }
            for (int i = start[p], e = end[p]; i < e; i++) {
                int x = adj[i];
                if (mark[x] != st) {
                    mark[x] = st;
                    par[x] = p;
                    for (int j = start[x], f = end[x]; j < f; j++) {
                        int y = adj[j];
                        if (mark[y] != st) {
                            mark[y] = st;
                            par[y] = x;
                            qon[ql++] = y;
                        } else if (y == src && length >= 4) {
                            ch_cycle_close(c, s, x, -1, length, src, isY, isX, elim);
                            if (c->oom)
                                return 0;
                        }
                    }
                } else if (clst[x] == st && length >= 4 && !ch_kis_parent(s, p, x)) {
                    /* (a key not reached yet is no parent of p) */
                    ch_cycle_close(c, s, p, x, length, src, isY, isX, elim);
                    if (c->oom)
                        return 0;
                }
            }
        }
    }
    return 1;
}

/* ch_cycles from an "on" key src whose "off" key implies nothing: no cycle
 * closes there, so the search only looks for the forcing chain's end (the
 * first "on" key met that implies src "off": in fend, src's row) and stops
 * there; -1 if none could win.  Most starts of a nested run are of this
 * kind, and their searches are short. */
static int ch_fend_first(ch_ctx *c, ch_kbfs *s, int src, int maxcx, const uint64_t *fend,
                         int *fpdep)
{
    uint32_t st = ch_new_stamp(c, s);
    const int32_t *adj = s->adj, *start = s->start, *end = s->end;
    uint32_t *mark = s->mark;
    int32_t *qon = s->qon, *par = s->par;
    int qh = 0, ql = 0;
    ch_kset(s, src, -1);
    qon[ql++] = src;
    for (int length = 2; qh < ql && length <= maxcx; length += 2)
        for (int lend_q = ql; qh < lend_q;) {
            int p = qon[qh++], i = p >> 1;
            if (fend[i >> 6] >> (i & 63) & 1) {
                *fpdep = length - 2;
                return p;
            }
            for (int j = start[p], e = end[p]; j < e; j++) {
                int x = adj[j];
                if (mark[x] == st)
                    continue;
                mark[x] = st;
                par[x] = p;
                for (int k = start[x], f = end[x]; k < f; k++) {
                    int y = adj[k];
                    if (mark[y] != st) {
                        mark[y] = st;
                        par[y] = x;
                        qon[ql++] = y;
                    }
                }
            }
        }
    return -1;
}

/* SE's doForcingChains from the "off" key src: the first key that implies
 * src's own candidate "on", or -1; cut where it could not win.  Level by
 * level, "off" keys expanded when met, as in ch_cycles. */
static int ch_forcing(ch_ctx *c, ch_kbfs *s, int src, int maxcx)
{
    uint32_t st = ch_new_stamp(c, s);
    int target = src ^ 1, qh = 0, ql = 0;
    const int32_t *adj = s->adj, *start = s->start, *end = s->end;
    uint32_t *mark = s->mark;
    int32_t *qon = s->qon, *par = s->par;
    ch_kset(s, src, -1);
    if (2 > maxcx)
        return -1;
    for (int i = start[src]; i < end[src]; i++) {
        int y = adj[i];
        if (y == target)
            return src;
        if (mark[y] != st) {
            mark[y] = st;
            par[y] = src;
            qon[ql++] = y;
        }
    }
    /* ("on" keys imply only "off" ones: none is the target) */
    for (int dep = 1; qh < ql; dep += 2) {
        if (dep + 2 > maxcx || dep + 3 > maxcx)
            return -1;
        for (int lend_q = ql; qh < lend_q;) {
            int p = qon[qh++];
            for (int i = start[p], e = end[p]; i < e; i++) {
                int x = adj[i];
                if (mark[x] != st) {
                    mark[x] = st;
                    par[x] = p;
                    for (int j = start[x], f = end[x]; j < f; j++) {
                        int y = adj[j];
                        if (y == target)
                            return x;
                        if (mark[y] != st) {
                            mark[y] = st;
                            par[y] = x;
                            qon[ql++] = y;
                        }
                    }
                }
            }
        }
    }
    return -1;
}

/* ------------------------------------------------------ the initial grid
 *
 * Nested in a chain (collect mode), the producer runs on the chain's working
 * grid: its initial grid (rp_src) less what the chain removed, typically a
 * dozen candidates of two hundred.  A search from a start reads only the
 * implication lists of the keys it reaches (and the start's own "off" list).
 * Where none of those differs from the initial grid's, the search is the
 * initial grid's, step for step, and finds a hint only where that one did:
 * a cycle's removals are candidates of the working grid, so fewer; a forcing
 * chain is the same chain.  So the initial grid is searched once (ch_uref:
 * per pass, its live keys and the starts that gave a hint there), and on a
 * working grid only the starts whose keys can reach a changed list, or that
 * gave a hint, are searched, in the same order: the same hints, in the same
 * order.  (The ladder reaches nested chains only when the forcing chains and
 * cycles found nothing on the step's grid, so there are normally none.)
 */
struct ch_uref {
    ch_gridkey key;
    uint32_t *hsrc;                     /* places of each (house, digit) */
    struct ch_upass {
        uint32_t live[SDK_MAX_CELLS];   /* ch_klive's live */
        uint32_t *hlive;                /* and hlive (in start's block) */
        uint32_t hinted[SDK_MAX_CELLS]; /* per cell: digits whose start gave a hint */
        int32_t *start, *end, *adj;     /* ch_kadj's lists (one block) */
        int nadj;
        ch_reach back;                  /* per key: the keys that can reach it */
        uint64_t *proj;                 /* per component of back: the candidates of those keys, */
        int pw;                         /* sets of pw words over back's vertex pairs */
    } pass[3];                          /* X, Y, XY */
};
#define CH_UREF_SLOTS 4
static _Thread_local struct {
    struct ch_uref *slot[CH_UREF_SLOTS];
    unsigned next;
} ch_urefs;

static void ch_uref_free(struct ch_uref *r)
{
    if (!r)
        return;
    free(r->hsrc);
    for (int i = 0; i < 3; i++) {
        free(r->pass[i].start);
        free(r->pass[i].proj);
        ch_reach_free(&r->pass[i].back);
    }
    free(r);
}

static void ch_mark_key(ch_kbfs *s, int k, int32_t *q, int *ql)
{
    if (s->bmark[k] != s->bst) {
        s->bmark[k] = s->bst;
        q[(*ql)++] = k;
    }
}

/* Lists in s->qon (marked bmark == bst) the working grid's keys whose
 * implication lists may differ from the initial grid's in this pass; returns
 * their number.  A list is read from: an "off" key's, its cell's candidates (Y, a bivalue cell's other
 * digit) and its houses' places of its digit (X, a bilocal house's other
 * place); an "on" key's, which keys are live among its cell's (Y) and its
 * houses' places of its digit.  Only cells the chain changed, and houses
 * around them, are looked at. */
static int ch_changed_keys(ch_ctx *c, ch_kbfs *s, const struct ch_uref *ref, int pi, int isY,
                           int isX, const uint64_t *dirty)
{
    int n = c->n, ql = 0, nt = 0;
    const uint32_t *cand = c->g->cand, *src = c->rp_src, *rlive = ref->pass[pi].live;
    int32_t *q = s->qon, *touched = s->htouch;
    uint32_t *hlc = s->hlc;        /* per (house, digit): places whose liveness changed */
    if (++s->bst == 0) {
        memset(s->bmark, 0, sizeof(uint32_t) * (size_t)c->nkeys);
        s->bst = 1;
    }
    for (int w = 0; w < s->cw; w++)
    for (uint64_t dm = dirty[w]; dm; dm &= dm - 1) {
        int cell = w * 64 + __builtin_ctzll(dm);
        uint32_t cm = cand[cell], lc = rlive[cell] ^ s->live[cell], gone = src[cell] & ~cm;
        if (!lc && !gone)
            continue;
        for (uint32_t m = lc; m; m &= m - 1)
            for (int h = c->hstart[cell]; h < c->hstart[cell + 1]; h++) {
                int at = c->hlist[h] * n + __builtin_ctz(m);
                if (!hlc[at])
                    touched[nt++] = at;
                hlc[at] |= 1u << c->hpos[h];
            }
        if (isY) {
            for (uint32_t m = cm; m; m &= m - 1)
                if (lc & ~(m & -m))
                    ch_mark_key(s, CH_KEY(c, cell, __builtin_ctz(m) + 1, 1), q, &ql);
            if (gone && (__builtin_popcount(cm) == 2 || __builtin_popcount(src[cell]) == 2))
                for (uint32_t m = cm; m; m &= m - 1)
                    ch_mark_key(s, CH_KEY(c, cell, __builtin_ctz(m) + 1, 0), q, &ql);
        }
        for (uint32_t m = isX ? gone : 0; m; m &= m - 1) {
            int d = __builtin_ctz(m);
            for (int h = c->hstart[cell]; h < c->hstart[cell + 1]; h++) {
                int at = c->hlist[h] * n + d;
                uint32_t now = c->hmask0[at];
                if (__builtin_popcount(now) != 2 && __builtin_popcount(ref->hsrc[at]) != 2)
                    continue;
                const uint16_t *hc = c->b->house_cells + (size_t)c->hlist[h] * (size_t)n;
                for (; now; now &= now - 1)
                    ch_mark_key(s, CH_KEY(c, hc[__builtin_ctz(now)], d + 1, 0), q, &ql);
            }
        }
    }
    for (int t = 0; t < nt; t++) {
        int at = touched[t], h = at / n, d = at - h * n;
        const uint16_t *hc = c->b->house_cells + (size_t)h * (size_t)n;
        for (uint32_t m = c->hmask0[at]; m; m &= m - 1)
            if (hlc[at] & ~(m & -m))
                ch_mark_key(s, CH_KEY(c, hc[__builtin_ctz(m)], d + 1, 1), q, &ql);
        hlc[at] = 0;
    }
    return ql;
}

/* Adds to need (per cell, digits) the starts whose keys can reach one of
 * the changed keys s->qon[0 .. nq) in the initial grid's lists (rp's back,
 * its sets folded onto candidates: proj).  A
 * search on the working grid reads the initial grid's lists until it meets
 * a changed key, so it meets one only if its start reaches one there. */
static void ch_need_reach(ch_ctx *c, ch_kbfs *s, const struct ch_upass *rp, int nq,
                          uint32_t *need)
{
    const ch_reach *back = &rp->back;
    int w = rp->pw, n = c->n;
    if (!rp->proj) {
        for (int cell = 0; cell < c->ncells; cell++)
            need[cell] = ~0u;
        return;
    }
    uint32_t st = ch_new_stamp(c, s);   /* (the searches' marks, on components) */
    uint64_t *restrict acc = back->acc;
    memset(acc, 0, sizeof(uint64_t) * (size_t)w);
    for (int i = 0; i < nq; i++) {
        int k = s->qon[i], v = back->idx[k];
        if (v < 0) {
            /* (a key the initial grid's lists never lead to) */
            int cell = s->kcell[k >> 1];
            need[cell] |= 1u << ((k >> 1) - cell * n);
            continue;
        }
        int cv = back->comp[v];
        if (s->mark[cv] == st)
            continue;
        s->mark[cv] = st;
        const uint64_t *restrict r = rp->proj + (size_t)cv * (size_t)w;
        for (int j = 0; j < w; j++)
            acc[j] |= r[j];
    }
    for (int j = 0; j < w; j++)
        for (uint64_t m = acc[j]; m; m &= m - 1) {
            int k = back->key[2 * (j * 64 + __builtin_ctzll(m))], cell = s->kcell[k >> 1];
            need[cell] |= 1u << ((k >> 1) - cell * n);
        }
}

/* The working grid's lists: the initial grid's, but those of the changed
 * keys (q[0 .. nq)) made again.  0 if out of memory. */
static int ch_kadj_from(ch_ctx *c, ch_kbfs *s, const struct ch_upass *rp, const int32_t *q,
                        int nq, int isY, int isX)
{
    size_t nk = (size_t)c->nkeys;
    if (rp->nadj > s->capadj) {
        s->adj = ch_grow(s->adj, &s->capadj, rp->nadj, sizeof(int32_t));
        if (!s->adj)
            return c->oom = 1, 0;
    }
    memcpy(s->start, rp->start, sizeof(int32_t) * nk);
    memcpy(s->end, rp->end, sizeof(int32_t) * nk);
    memcpy(s->adj, rp->adj, sizeof(int32_t) * (size_t)rp->nadj);
    int na = rp->nadj;
    for (int i = 0; i < nq && !c->oom; i++) {
        int k = q[i], cell = s->kcell[k >> 1];
        if (isX || __builtin_popcount(c->g->cand[cell]) == 2)
            na = ch_klist(c, s, k, isY, isX, na);
    }
    return !c->oom;
}

/* One start of a pass: cycles and forcing chains from (cell, d) "on", the
 * forcing chain from it "off".  0 when stopped or out of memory. */
static int ch_unary_start(ch_ctx *c, ch_kbfs *s, int cell, int d, int isY, int isX, int *elim)
{
    double cb = (isX && isY) ? 7.0 : 6.5, fb = (isX && isY) ? 7.0 : 6.6;
    int key = (isX && isY) ? 4 : isY ? 3 : 2;
    int on = CH_KEY(c, cell, d, 1), fp, fpdep = 0;
    int live = s->live[cell] >> (d - 1) & 1;
    const uint64_t *fend = ch_fend_row(s, on);
    if (isX && fend && !live) {
        fp = ch_fend_first(c, s, on, ch_max_win(c, cb, key), fend, &fpdep);
        if (fp < 0)
            return 1;      /* (and no forcing chain from "off": it implies nothing) */
    } else if (!ch_cycles(c, s, on, isY, isX, ch_max_win(c, cb, key), elim, &fp, &fpdep))
        return 0;
    for (int from = on; isX && from >= on - 1; from--) {
        /* From "on", the cycle search (the same tree, as deep or
         * deeper: its bound was set before, at a rating below)
         * met the forcing chain's end already. */
        int maxcx = ch_max_win(c, fb, key);
        int last = from == on ? (fp >= 0 && fpdep + 2 <= maxcx ? fp : -1)
                 : live ? ch_forcing(c, s, from, maxcx)
                 : -1;   /* nothing implies the end it looks for */
        if (last < 0)
            continue;
        int base = c->nnode, basepar = c->npar;
        int t = ch_knodes(c, s, last, from ^ 1);
        ch_forcing_hint(c, t, isY, isX, elim);
        c->nnode = base;
        c->npar = basepar;
    }
    return !c->oom;
}

/* The largest reach matrix kept for a pass (16x16 boards need 2 MB). */
#define CH_BACK_MAX (4u << 20)

/* What can reach each key in rp's lists (the initial grid's, on the
 * candidates vmask): rp->back, its sets folded onto candidates (proj).
 * None on boards past CH_BACK_MAX: then every start is searched. */
static void ch_uref_back(ch_ctx *c, struct ch_upass *rp, const uint32_t *vmask)
{
    size_t nk = (size_t)c->nkeys, cap = nk / 2 + 1;
    int na = rp->nadj;
    free(rp->proj);
    rp->proj = NULL;
    if (cap * (cap / 64 + 1) * sizeof(uint64_t) > CH_BACK_MAX)
        return;
    /* the lists turned round */
    int32_t *rs = malloc(sizeof(int32_t) * (2 * nk + (size_t)na + 1));
    if (!rs) {
        c->oom = 1;
        return;
    }
    int32_t *re = rs + nk, *radj = re + nk;
    memset(re, 0, sizeof(int32_t) * nk);
    for (int i = 0; i < na; i++)
        re[rp->adj[i]]++;
    for (size_t k = 0, at = 0; k < nk; k++) {
        rs[k] = (int32_t)at;
        at += (size_t)re[k];
        re[k] = rs[k];
    }
    for (int cell = 0; cell < c->ncells; cell++)
        for (uint32_t m = vmask[cell]; m; m &= m - 1)
            for (int k = CH_KEY(c, cell, __builtin_ctz(m) + 1, 0), o = 0; o < 2; o++)
                for (int i = rp->start[k + o]; i < rp->end[k + o]; i++)
                    radj[re[rp->adj[i]]++] = k + o;
    const ch_reach *b = &rp->back;
    if (!ch_reach_make(c, &rp->back, vmask, rs, re, radj) ||
        !(rp->proj = calloc((size_t)(b->nv + 1) * (size_t)(rp->pw = b->nv / 128 + 1),
                            sizeof(uint64_t))))
        c->oom = 1;
    else
        /* (a candidate's keys are vertices 2i and 2i + 1) */
        for (int v = 0; v < b->nv; v++) {
            const uint64_t *rv = b->reach + (size_t)b->comp[v] * (size_t)b->words;
            uint64_t *pv = rp->proj + (size_t)b->comp[v] * (size_t)rp->pw;
            if (pv[v >> 7] >> (v >> 1 & 63) & 1)
                continue;          /* (its component's set, holding v, is made already) */
            for (int j = 0; j < b->words; j++)
                for (uint64_t m = rv[j]; m; m &= m - 1) {
                    int u = (j * 64 + __builtin_ctzll(m)) >> 1;
                    pv[u >> 6] |= 1ull << (u & 63);
                }
        }
    free(rs);
}

/* Keeps the initial grid's lists of pass pi (ch_uref_get's run), and what
 * reaches each key there. */
static void ch_uref_keep(ch_ctx *c, const ch_kbfs *s, struct ch_uref *r, int pi, int na)
{
    struct ch_upass *rp = &r->pass[pi];
    size_t nk = (size_t)c->nkeys, nhd = (size_t)(c->b->nhouses * c->n);
    free(rp->start);
    rp->start = malloc(sizeof(int32_t) * (2 * nk + (size_t)na + 1) + sizeof(uint32_t) * nhd);
    if (!rp->start) {
        c->oom = 1;
        return;
    }
    rp->end = rp->start + nk;
    rp->adj = rp->end + nk;
    rp->hlive = (uint32_t *)(rp->adj + na + 1);
    rp->nadj = na;
    memcpy(rp->hlive, s->hlive, sizeof(uint32_t) * nhd);
    memcpy(rp->start, s->start, sizeof(int32_t) * nk);
    memcpy(rp->end, s->end, sizeof(int32_t) * nk);
    memcpy(rp->adj, s->adj, sizeof(int32_t) * (size_t)na);
    uint32_t vmask[SDK_MAX_CELLS];   /* (the candidates ch_kadj gave lists) */
    for (int cell = 0; cell < c->ncells; cell++)
        vmask[cell] = pi != 1 || __builtin_popcount(c->g->cand[cell]) == 2 ? c->g->cand[cell] : 0;
    ch_uref_back(c, rp, vmask);
}

/* One of SE's three passes (pi: X links, Y links, both) over every
 * candidate; with ref, only the starts ch_changed_reach leaves (need: per
 * cell, the digits whose "on" or "off" key can reach a changed list, or
 * whose start gave a hint on the initial grid). */
static void ch_unary_pass(ch_ctx *c, ch_kbfs *s, int pi, const struct ch_uref *ref, int *elim)
{
    int isY = pi > 0, isX = pi != 1, nq = 0, any = 0;
    struct ch_uref *fill = c->uref_fill;
    uint32_t *need = s->need;
    uint64_t dirty[(SDK_MAX_CELLS + 63) / 64];
    if (ref)
        ch_klive_from(c, s, ref->pass[pi].live, ref->pass[pi].hlive, ref->hsrc, isY, isX, dirty);
    else
        ch_klive(c, s, isY, isX);
    if (fill)
        memcpy(fill->pass[pi].live, s->live, sizeof(uint32_t) * (size_t)c->ncells);
    if (ref) {
        nq = ch_changed_keys(c, s, ref, pi, isY, isX, dirty);
        memcpy(need, ref->pass[pi].hinted, sizeof(uint32_t) * (size_t)c->ncells);
        ch_need_reach(c, s, &ref->pass[pi], nq, need);
    }
    const uint32_t *elig = s->elig + (isX ? 0 : c->ncells);
    if (!ref)
        memcpy(need, elig, sizeof(uint32_t) * (size_t)c->ncells);
    for (int cell = 0; cell < c->ncells; cell++)
        any |= (need[cell] &= elig[cell]) != 0;
    if (ref && !any)
        return;
    if (ref)
        ch_kadj_from(c, s, &ref->pass[pi], s->qon, nq, isY, isX);
    else {
        int na = ch_kadj(c, s, isY, isX);
        if (fill && !c->oom)
            ch_uref_keep(c, s, fill, pi, na);
    }
    if (c->oom || !any)
        return;
    for (int cell = 0; cell < c->ncells; cell++)
        for (uint32_t m = need[cell]; m; m &= m - 1) {
            int d = __builtin_ctz(m) + 1;
            if (ch_stopped(c))
                return;
            int h0 = c->nhints;
            if (!ch_unary_start(c, s, cell, d, isY, isX, elim))
                return;
            if (fill && c->nhints != h0)
                fill->pass[pi].hinted[cell] |= 1u << (d - 1);
        }
}

/* Each cell's peers as bit words, for the last board (per thread: the
 * board's houses do not change between its steps). */
#define CH_PEERB_MAX (384 * 6)
static _Thread_local struct {
    lg_board_id id;
    int room;                      /* and its ch_buf_size */
    uint64_t bits[CH_PEERB_MAX];
    uint64_t *fend;                /* ch_kbfs's fend for the board, if under CH_FEND_MAX */
} ch_peerb;

/* The largest fend table kept (9x9 boards need 70 KB). */
#define CH_FEND_MAX (128u << 10)

/* Words of one fend row: a set over the board's candidates. */
static inline size_t ch_fend_words(int ncells, int n)
{
    return ((size_t)ncells * (size_t)n + 63) / 64;
}

/* For each candidate (cell, d): the candidates (c2, d2) whose "on" key
 * implies (cell, d) "off": d2 == d and c2 a peer of cell, or c2 == cell and
 * d2 != d.  NULL (then ch_cycles tests peerb) when too large. */
static uint64_t *ch_fend_make(const sdk_board *b, int n, const uint64_t *peerb, size_t cw)
{
    size_t nc = (size_t)b->ncells * (size_t)n, w = ch_fend_words(b->ncells, n);
    uint64_t *t = nc * w * sizeof(uint64_t) <= CH_FEND_MAX ? calloc(nc * w, sizeof(uint64_t)) : NULL;
    if (!t)
        return NULL;
    for (int cell = 0; cell < b->ncells; cell++)
        for (int d = 0; d < n; d++) {
            uint64_t *row = t + ((size_t)cell * (size_t)n + (size_t)d) * w;
            for (int c2 = 0; c2 < b->ncells; c2++)
                if (peerb[(size_t)cell * cw + (size_t)(c2 >> 6)] >> (c2 & 63) & 1) {
                    size_t i = (size_t)c2 * (size_t)n + (size_t)d;
                    row[i >> 6] |= 1ull << (i & 63);
                }
            for (int d2 = 0; d2 < n; d2++)
                if (d2 != d) {
                    size_t i = (size_t)cell * (size_t)n + (size_t)d2;
                    row[i >> 6] |= 1ull << (i & 63);
                }
        }
    return t;
}

static void ch_peers_fill(const sdk_board *b, uint64_t *peerb, size_t cw)
{
    memset(peerb, 0, sizeof(uint64_t) * (size_t)b->ncells * cw);
    for (int cell = 0; cell < b->ncells; cell++)
        for (int i = b->peer_start[cell]; i < b->peer_start[cell + 1]; i++)
            peerb[(size_t)cell * cw + (size_t)(b->peers[i] >> 6)] |= 1ull << (b->peers[i] & 63);
}

/* The searches' arrays, kept per thread between producer calls (nested
 * producers call ch_unary thousands of times a step): sized for the last
 * board's shape; marks stay valid since the stamp only grows (wrapped, they
 * are cleared).  ch_unary never runs inside itself once it holds them (the
 * initial grid's run, ch_uref_get, comes first), so one set a thread is
 * enough; chains.c frees it when the thread ends (ch_unary_release). */
static _Thread_local struct ch_ukept {
    int nkeys, ncells, nhouses, n;
    ch_kbfs s;
    int *elim;
} ch_uk;

static void ch_ukept_free(void)
{
    ch_kbfs *s = &ch_uk.s;
    free(s->par);
    free(s->mark);
    free(s->qon);
    free(s->start);
    free(s->hlive);
    free(s->end);
    free(s->live);
    free(s->kcell);
    free(s->clst);
    free(s->adj);
    free(s->candb);
    free(s->cyc);
    free(s->bmark);
    free(s->hlc);
    free(s->htouch);
    free(s->need);
    free(s->elig);
    free(s->gone);
    free(s->xd);
    free(s->xl);
    free(ch_uk.elim);
    memset(&ch_uk, 0, sizeof ch_uk);
}

void ch_unary_release(void)
{
    ch_ukept_free();
    free(ch_peerb.fend);
    ch_peerb.fend = NULL;   /* (the peer sets stay; ch_cycles tests them) */
    for (int i = 0; i < CH_UREF_SLOTS; i++)
        ch_uref_free(ch_urefs.slot[i]);
    memset(&ch_urefs, 0, sizeof ch_urefs);
}

/* Points s at the kept arrays (made for this shape if need be); 0 if out
 * of memory. */
static int ch_unary_arrays(ch_ctx *c, ch_kbfs *s)
{
    int nh = c->b->nhouses;
    if (ch_uk.nkeys != c->nkeys || ch_uk.ncells != c->ncells || ch_uk.nhouses != nh ||
        ch_uk.n != c->n || !ch_uk.elim) {
        ch_ukept_free();
        ch_kbfs *k = &ch_uk.s;
        size_t nk = (size_t)c->nkeys, cw = (size_t)(c->ncells + 63) / 64;
        k->par = malloc(sizeof(int32_t) * nk);
        k->mark = calloc(nk, sizeof(uint32_t));
        k->qon = malloc(sizeof(int32_t) * (nk + 1));
        k->start = malloc(sizeof(int32_t) * (nk + 1));
        k->hlive = malloc(sizeof(uint32_t) * (size_t)(nh * c->n));
        k->end = malloc(sizeof(int32_t) * (nk + 1));
        k->live = malloc(sizeof(uint32_t) * (size_t)c->ncells);
        k->kcell = malloc(sizeof(uint16_t) * (nk / 2 + 1));
        k->clst = calloc(nk, sizeof(uint32_t));
        k->candb = malloc(sizeof(uint64_t) * (size_t)c->n * cw);
        k->cyc = malloc(sizeof(uint64_t) * (size_t)(2 * c->n + 2) * cw);
        k->bmark = calloc(nk, sizeof(uint32_t));
        k->hlc = calloc((size_t)(nh * c->n + 1), sizeof(uint32_t));
        k->htouch = malloc(sizeof(int32_t) * (size_t)(nh * c->n + 1));
        k->need = malloc(sizeof(uint32_t) * (size_t)(c->ncells + 1));
        k->elig = malloc(sizeof(uint32_t) * 2 * (size_t)(c->ncells + 1));
        k->gone = malloc(sizeof(int32_t) * (size_t)(c->ncells + 1));
        k->xd = calloc((size_t)(c->ncells + 1), sizeof(uint32_t));
        k->xl = malloc(sizeof(int32_t) * (size_t)(c->ncells + 1));
        ch_uk.elim = malloc(sizeof(int) * 2 * (size_t)(c->ncells * c->n + 1));
        if (!k->par || !k->mark || !k->qon || !k->start || !k->hlive || !k->end || !k->live ||
            !k->kcell || !k->clst || !k->candb || !k->cyc || !k->bmark || !k->hlc || !k->htouch || !k->need ||
            !k->elig || !k->gone || !k->xd || !k->xl ||
            !ch_uk.elim) {
            ch_ukept_free();
            return 0;
        }
        for (int i = 0; i < c->ncells * c->n; i++)
            k->kcell[i] = (uint16_t)(i / c->n);
        k->cw = (int)cw;
        ch_uk.nkeys = c->nkeys;
        ch_uk.ncells = c->ncells;
        ch_uk.nhouses = nh;
        ch_uk.n = c->n;
    }
    *s = ch_uk.s;
    memset(s->candb, 0, sizeof(uint64_t) * (size_t)c->n * (size_t)s->cw);
    return 1;
}

/* The initial grid's record for a nested run of c (searched now if no slot
 * holds it); NULL when it cannot be had (then every start is searched). */
static const struct ch_uref *ch_uref_get(ch_ctx *c)
{
    for (int i = 0; i < CH_UREF_SLOTS; i++)
        if (ch_urefs.slot[i] && ch_gridkey_is(&ch_urefs.slot[i]->key, c, c->rp_src))
            return ch_urefs.slot[i];
    int at = (int)(ch_urefs.next++ % CH_UREF_SLOTS);
    struct ch_uref *r = ch_urefs.slot[at];
    if (!r && !(r = ch_urefs.slot[at] = calloc(1, sizeof *r)))
        return NULL;
    r->key.valid = 0;
    for (int i = 0; i < 3; i++)
        memset(r->pass[i].hinted, 0, sizeof r->pass[i].hinted);
    free(r->hsrc);
    if (!(r->hsrc = calloc((size_t)(c->b->nhouses * c->n), sizeof(uint32_t))))
        return NULL;
    ch_house_masks(c, c->rp_src, r->hsrc);
    if (!ch_run_on(c, c->rp_src, r))
        return NULL;
    ch_gridkey_set(&r->key, c, c->rp_src);
    return r;
}

void ch_unary(ch_ctx *c)
{
    ch_kbfs s;
    const struct ch_uref *ref = NULL;
    if (c->collect && c->rp_src && !c->uref_fill && c->ncells <= SDK_MAX_CELLS &&
        !(ref = ch_uref_get(c)) && c->stopped)
        return;
    if (!ch_unary_arrays(c, &s)) {
        c->oom = 1;
        return;
    }
    int *elim = ch_uk.elim;
    size_t cw = (size_t)s.cw;
    int own = (size_t)c->ncells * cw > CH_PEERB_MAX;
    uint64_t *pb = own ? malloc(sizeof(uint64_t) * (size_t)c->ncells * cw) : ch_peerb.bits;
    if (pb && (own || !lg_board_is(&ch_peerb.id, c->b))) {
        ch_peers_fill(c->b, pb, cw);
        if (!own) {
            lg_board_set(&ch_peerb.id, c->b);
            ch_peerb.room = ch_buf_size(c);
            free(ch_peerb.fend);
            ch_peerb.fend = ch_fend_make(c->b, c->n, pb, cw);
        }
    }
    s.room = own ? ch_buf_size(c) : ch_peerb.room;
    s.peerb = pb;
    s.fend = own ? NULL : ch_peerb.fend;
    s.fw = (int)ch_fend_words(c->ncells, c->n);
    s.ngone = 0;
    for (int cell = 0; cell < c->ncells; cell++) {
        uint32_t m = c->g->cand[cell];
        int card = __builtin_popcount(m), ok = !c->g->val[cell] && card >= 2;
        if (ref && m != c->rp_src[cell])
            s.gone[s.ngone++] = cell;
        s.elig[cell] = ok ? m : 0;
        s.elig[c->ncells + cell] = ok && card == 2 ? m : 0;
        for (; m; m &= m - 1)
            s.candb[(size_t)__builtin_ctz(m) * cw + (size_t)(cell >> 6)] |= 1ull << (cell & 63);
    }
    if (!s.peerb)
        c->oom = 1;
    else {
        /* passes X, Y, XY */
        for (int i = 0; i < 3 && !c->stopped && !c->oom; i++)
            if (ch_can_win(c, i == 2 ? 7.0 : 6.5, 4))
                ch_unary_pass(c, &s, i, ref, elim);
    }
    /* what grew or moved on stays for the next call */
    ch_uk.s.adj = s.adj;
    ch_uk.s.capadj = s.capadj;
    ch_uk.s.st = s.st;
    ch_uk.s.bst = s.bst;
    if (own)
        free(pb);
}

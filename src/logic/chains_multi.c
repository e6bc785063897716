/*
 * chains_multi.c -- SE's producers built on full chainings (doChaining):
 * Nishio (7.5), cell and region forcing chains (8.0), dynamic forcing chains
 * (8.5) and dynamic+ (9.0).  One chaining from each candidate on (and off)
 * is computed once and reused by the binary, region and cell reductions,
 * exactly as SE would recompute it.
 *
 * Static chains are made only for the cells and regions whose candidates
 * can reach a key in common ("what static chains can reach" below).
 */
#include <stdlib.h>
#include <string.h>
#include "chains.h"

static int ch_res_has(const ch_res *r, int key)
{
    return (int)(r->bits[key >> 6] >> (key & 63) & 1);
}

/* The node of key in r (SE's LinkedSet.get); -1 if absent. */
static int ch_res_get(const ch_res *r, int key)
{
    if (!ch_res_has(r, key))
        return -1;
    for (int i = 0; i < r->len; i++)
        if (r->keys[i] == key)
            return r->ids[i];
    return -1;
}

/* Adds node id (of key k) to the chain being built (map of stamp a, list,
 * queue). */
static inline void ch_chain_add(ch_ctx *c, int id, int k, int *len, int32_t *q, int *ql)
{
    c->stamp_a[k] = c->stamp_av;
    c->id_a[k] = id;
    c->ckeys[*len] = k;
    c->clist[(*len)++] = id;
    q[(*ql)++] = id;
}

/* A node for the implication (cell, d, on) of node p by cause; 0 if no
 * memory. */
static inline int ch_imp_node(ch_ctx *c, int p, int cell, int d, int on, int cause)
{
    int id = ch_node_new(c, cell, d, on);
    ch_add_parent(c, id, p);
    if (c->oom)
        return -1;
    c->node[id].cause = (int16_t)cause;
    return id;
}

/* Static chains (cell and region forcing chains, 8.0): the grid never
 * changes, so each key's implications are listed once for the producer, in
 * the order ch_chain meets them, each with its cause: key k implies
 * skey[sstart[k] .. sstart[k + 1]). */
static int ch_static_lists(ch_ctx *c)
{
    int n = c->n, na = 0, cap = 0, room = ch_buf_size(c);
    c->sstart = malloc(sizeof(int32_t) * (size_t)(c->nkeys + 1));
    if (!c->sstart)
        return 0;
    for (int cell = 0, k = 0; cell < c->ncells; cell++) {
        uint32_t cm = c->g->cand[cell];
        for (int d = 1; d <= n; d++, k += 2) {
            c->sstart[k] = c->sstart[k + 1] = na;
            if (!(cm >> (d - 1) & 1))
                continue;
            if (na + 2 * room > cap) {
                int c1 = cap, c2 = cap;
                c->skey = ch_grow(c->skey, &c1, na + 2 * room, sizeof(int32_t));
                c->scause = c->skey ? ch_grow(c->scause, &c2, na + 2 * room, sizeof(int16_t)) : NULL;
                if (!c->skey || !c->scause)
                    return 0;
                cap = c1;
            }
            uint32_t bit = 1u << (d - 1);
            /* "off": the bivalue cell's other digit, the house's other place */
            if (__builtin_popcount(cm) == 2) {
                c->skey[na] = CH_KEY(c, cell, __builtin_ctz(cm & ~bit) + 1, 1);
                c->scause[na++] = CH_CELL_LINK;
            }
            for (int h = c->hstart[cell]; h < c->hstart[cell + 1]; h++) {
                uint32_t m = c->hmask0[c->hlist[h] * n + d - 1], self = 1u << c->hpos[h];
                if (__builtin_popcount(m) != 2 || !(m & self))
                    continue;
                const uint16_t *hc = c->b->house_cells + (size_t)c->hlist[h] * (size_t)n;
                int key = CH_KEY(c, hc[__builtin_ctz(m & ~self)], d, 1), dup = 0;
                for (int i = c->sstart[k]; i < na; i++)
                    dup |= c->skey[i] == key;
                if (!dup) {
                    c->skey[na] = key;
                    c->scause[na++] = (int16_t)c->hlist[h];
                }
            }
            /* "on": the cell's other digits, the digit's other places */
            c->sstart[k + 1] = na;
            for (uint32_t m = cm & ~bit; m; m &= m - 1) {
                c->skey[na] = CH_KEY(c, cell, __builtin_ctz(m) + 1, 0);
                c->scause[na++] = CH_CELL_LINK;
            }
            for (int h = c->hstart[cell]; h < c->hstart[cell + 1]; h++) {
                const uint16_t *hc = c->b->house_cells + (size_t)c->hlist[h] * (size_t)n;
                for (uint32_t m = c->hmask0[c->hlist[h] * n + d - 1] & ~(1u << c->hpos[h]) &
                                  ~c->hdup[h];
                     m; m &= m - 1) {
                    c->skey[na] = CH_KEY(c, hc[__builtin_ctz(m)], d, 0);
                    c->scause[na++] = (int16_t)c->hlist[h];
                }
            }
        }
    }
    c->sstart[c->nkeys] = na;
    return 1;
}

/* k, implied as node id, meets the chain: its opposite there is a
 * contradiction (1: the chain ends, r says where); otherwise it joins. */
static inline int ch_meet(ch_ctx *c, ch_res *r, int id, int k, uint32_t st, int *len, int *onl,
                          int *offl)
{
    if (c->stamp_a[k ^ 1] == st) {
        r->abs_on = k & 1 ? id : c->id_a[k ^ 1];
        r->abs_off = k & 1 ? c->id_a[k ^ 1] : id;
        return 1;
    }
    if (k & 1)
        ch_chain_add(c, id, k, len, c->qon, onl);
    else
        ch_chain_add(c, id, k, len, c->qoff, offl);
    return 0;
}

/* SE's doChaining from one assumption: every consequence, on queue first,
 * the working grid losing each "off" candidate in dynamic mode; with a level,
 * the advanced rules add "off" nodes whenever the queues run dry.
 *
 * Each implication of a node is met in SE's order (cell, then houses box,
 * row, column) and handled at once: one already in the chain (and not its
 * opposite) is dropped (SE's sets keep the first), one whose opposite is
 * there ends the chain (a contradiction), any other joins it.  (SE lists them all first: the
 * same, since a list holds only "off" or only "on" candidates, each once.)
 * In dynamic chains the cell or house of an "on" implication may have lost
 * candidates during the chain: those "off" nodes become extra parents. */
static ch_res *ch_chain(ch_ctx *c, int start)
{
    if (++c->stamp_av == 0) {
        memset(c->stamp_a, 0, sizeof(uint32_t) * (size_t)c->nkeys);
        c->stamp_av = 1;
    }
    uint32_t st = c->stamp_av;
    c->adv_len = -1;
    ch_res tmp, *r = &tmp;          /* allocated whole at the end */
    memset(&tmp, 0, sizeof tmp);
    memcpy(c->cand, c->g->cand, sizeof(uint32_t) * (size_t)c->ncells);
    memcpy(c->hmask, c->hmask0, sizeof(uint32_t) * (size_t)(c->b->nhouses * c->n));
    int len = 0, onh = 0, onl = 0, offh = 0, offl = 0, cell_links = !c->nishio, n = c->n;
    const uint32_t *src = c->g->cand;
    uint32_t *cand = c->cand, *hm = c->hmask;
    int dyn = c->dynamic;
    const uint32_t *stamp = c->stamp_a;
    const int *hstart = c->hstart;
    const uint16_t *hlist = c->hlist, *cells = c->b->house_cells;
    const uint8_t *hpos = c->hpos;
    const uint32_t *hdup = c->hdup;
    r->abs_on = r->abs_off = -1;
#define CH_HELD(k) (stamp[k] == st && stamp[(k) ^ 1] != st)
    int sk = CH_KEY(c, c->node[start].cell, c->node[start].d, c->node[start].on);
    ch_chain_add(c, start, sk, &len, c->node[start].on ? c->qon : c->qoff,
                 c->node[start].on ? &onl : &offl);
    while (c->skey && (onh < onl || offh < offl)) {
        int p = onh < onl ? c->qon[onh++] : c->qoff[offh++];
        int pk = CH_KEY(c, c->node[p].cell, c->node[p].d, c->node[p].on);
        for (int i = c->sstart[pk]; i < c->sstart[pk + 1]; i++) {
            int k = c->skey[i];
            if (CH_HELD(k))
                continue;
            int id = ch_imp_node(c, p, k / (2 * n), (k >> 1) % n + 1, k & 1, c->scause[i]);
            if (id < 0)
                goto done;
            if (ch_meet(c, r, id, k, st, &len, &onl, &offl))
                goto done;
        }
    }
    while (onh < onl || offh < offl) {
        if (onh < onl) {
            int p = c->qon[onh++], cell = c->node[p].cell, d = c->node[p].d;
            uint32_t bit = 1u << (d - 1);
            for (uint32_t m = cell_links ? cand[cell] & ~bit : 0; m; m &= m - 1) {
                int v = __builtin_ctz(m) + 1, k = CH_KEY(c, cell, v, 0);
                if (CH_HELD(k))
                    continue;
                int id = ch_imp_node(c, p, cell, v, 0, CH_CELL_LINK);
                if (id < 0)
                    goto done;
                if (ch_meet(c, r, id, k, st, &len, &onl, &offl))
                    goto done;
            }
            for (int h = hstart[cell], he = hstart[cell + 1]; h < he; h++) {
                int ho = hlist[h] * n;
                const uint16_t *hc = cells + ho;
                for (uint32_t m = hm[ho + d - 1] & ~(1u << hpos[h]) & ~hdup[h];
                     m; m &= m - 1) {
                    int o = hc[__builtin_ctz(m)], k = CH_KEY(c, o, d, 0);
                    if (CH_HELD(k))
                        continue;
                    int id = ch_imp_node(c, p, o, d, 0, hlist[h]);
                    if (id < 0)
                        goto done;
                    if (ch_meet(c, r, id, k, st, &len, &onl, &offl))
                        goto done;
                }
            }
        } else {
            int p = c->qoff[offh++], cell = c->node[p].cell, d = c->node[p].d;
            uint32_t bit = 1u << (d - 1), cm = cand[cell];
            /* In dynamic chains the candidate leaves the working grid: its
             * implications are read from the masks as they were (cm, m). */
            if (dyn)
                cand[cell] = cm & ~bit;
            if (cell_links && __builtin_popcount(cm) == 2) {
                int v = __builtin_ctz(cm & ~bit) + 1, k = CH_KEY(c, cell, v, 1);
                if (!CH_HELD(k)) {
                    int id = ch_imp_node(c, p, cell, v, 1, CH_CELL_LINK);
                    if (id < 0)
                        goto done;
                    for (uint32_t hid = src[cell] & ~cm; hid; hid &= hid - 1)
                        ch_add_parent(c, id, c->id_a[CH_KEY(c, cell, __builtin_ctz(hid) + 1, 0)]);
                    if (ch_meet(c, r, id, k, st, &len, &onl, &offl))
                        goto done;
                }
            }
            for (int h = hstart[cell], he = hstart[cell + 1]; h < he; h++) {
                int ho = hlist[h] * n, hi = ho + d - 1;
                uint32_t m = hm[hi], self = 1u << hpos[h];
                if (dyn)
                    hm[hi] = m & ~self;
                if (__builtin_popcount(m) != 2 || !(m & self))
                    continue;
                const uint16_t *hc = cells + ho;
                int other = hc[__builtin_ctz(m & ~self)], k = CH_KEY(c, other, d, 1);
                if (CH_HELD(k))
                    continue;
                int id = ch_imp_node(c, p, other, d, 1, hlist[h]);
                if (id < 0)
                    goto done;
                for (uint32_t gone = c->hmask0[hi] & ~m; gone; gone &= gone - 1)
                    ch_add_parent(c, id, c->id_a[CH_KEY(c, hc[__builtin_ctz(gone)], d, 0)]);
                if (ch_meet(c, r, id, k, st, &len, &onl, &offl))
                    goto done;
            }
        }
        if (onh == onl && offh == offl && c->level > 0)
            ch_advanced(c, c->cand, &len, c->qoff, &offl);
        if (c->oom)
            break;
    }
#undef CH_HELD
done:;
    /* One block: the record, the key set, then ids and keys. */
    size_t bsize = sizeof(uint64_t) * (size_t)c->words;
    r = ch_arena_alloc(c, sizeof *r + bsize + sizeof(int32_t) * 2 * (size_t)(len ? len : 1));
    if (!r) {
        c->oom = 1;
        return NULL;
    }
    *r = tmp;
    r->len = len;
    r->bits = (uint64_t *)(r + 1);
    memset(r->bits, 0, bsize);
    r->ids = (int32_t *)(r->bits + c->words);
    memcpy(r->ids, c->clist, sizeof(int32_t) * (size_t)len);
    r->keys = r->ids + len;
    memcpy(r->keys, c->ckeys, sizeof(int32_t) * (size_t)len);
    for (int i = 0; i < len; i++)
        r->bits[r->keys[i] >> 6] |= 1ull << (r->keys[i] & 63);
    return r;
}

/* The cached chaining from (cell, d) assumed on or off. */
static ch_res *ch_from(ch_ctx *c, int cell, int d, int on)
{
    ch_res **slot = (on ? c->res_on : c->res_off) + cell * c->n + d - 1;
    if (!*slot && !c->oom) {
        int start = ch_node_new(c, cell, d, on);
        if (!c->oom && (*slot = ch_chain(c, start)) != NULL) {
            (*slot)->slot = (int)(slot - c->res_on);
            (*slot)->next = c->res_all;
            c->res_all = *slot;
        }
    }
    return *slot;
}

/* ------------------------------------------ what static chains can reach
 *
 * A static chaining from a key reaches at most the keys its implication
 * lists lead to (it stops earlier at a contradiction).  A cell or region
 * forcing chain needs a key all its chainings reach, so where the keys
 * reachable from its candidates (ch_reach_make) have none in common it has
 * no hint and its chainings need not be made.
 */

/* Do the keys reachable from (cells[i], d) "on", i < m (d 0: each cell's
 * own digits, cells[0] only), have one in common? */
static int ch_sreach_meet(const ch_ctx *c, const ch_reach *r, const uint16_t *cells, int m, int d)
{
    int w = r->words;
    uint64_t *acc = r->acc;
    const uint64_t *prev = NULL;   /* the sets met so far, ANDed (the first one itself) */
    for (int i = 0; i < m; i++)
        for (uint32_t dm = d ? 1u << (d - 1) : c->g->cand[cells[0]]; dm; dm &= dm - 1) {
            int v = r->idx[CH_KEY(c, cells[i], __builtin_ctz(dm) + 1, 1)];
            const uint64_t *rv = r->reach + (size_t)r->comp[v] * (size_t)w;
            /* (a first set is never empty: a vertex reaches itself) */
            if (!prev) {
                prev = rv;
                continue;
            }
            uint64_t any = 0;
            for (int j = 0; j < w; j++)
                any |= acc[j] = prev[j] & rv[j];
            prev = acc;
            if (!any)
                return 0;
        }
    return 1;
}

/* Can the cell's agreement (cell forcing chains) give anything? */
static int ch_cell_needed(const ch_ctx *c, int cell)
{
    uint16_t one = (uint16_t)cell;
    return !c->sreach || ch_sreach_meet(c, c->sreach, &one, 1, 0);
}

/* The same for the region of digit d in house h. */
static int ch_region_needed(const ch_ctx *c, int h, int d)
{
    if (!c->sreach)
        return 1;
    uint16_t cells[SDK_MAX_N];
    int m = 0;
    const uint16_t *hc = c->b->house_cells + (size_t)h * (size_t)c->n;
    for (uint32_t p = c->hmask0[h * c->n + d - 1]; p; p &= p - 1)
        cells[m++] = hc[__builtin_ctz(p)];
    return ch_sreach_meet(c, c->sreach, cells, m, d);
}

/* ---------------------------------------------------------------- names */

static const char *ch_name(const ch_ctx *c, int kind)
{
    static const char *const plain[5] = {
        "Double Forcing Chains", "Contradiction Forcing Chains", "Nishio Forcing Chains",
        "Cell Forcing Chains", "Region Forcing Chains"};
    static const char *const dyn[6][5] = {
        {"Dynamic Double Forcing Chains", "Dynamic Contradiction Forcing Chains",
         "Nishio Forcing Chains", "Dynamic Cell Forcing Chains", "Dynamic Region Forcing Chains"},
#define CH_NAMES(suffix)                                                                     \
        {"Dynamic Double Forcing Chains" suffix, "Dynamic Contradiction Forcing Chains" suffix, \
         "Dynamic Forcing Chains" suffix, "Dynamic Cell Forcing Chains" suffix,              \
         "Dynamic Region Forcing Chains" suffix}
        CH_NAMES(" (+)"),
        CH_NAMES(" (+ Forcing Chains)"),
        CH_NAMES(" (+ Multiple Forcing Chains)"),
        CH_NAMES(" (+ Dynamic Forcing Chains)"),
        CH_NAMES(" (+ Dynamic Forcing Chains (+ Forcing Chains))"),
#undef CH_NAMES
    };
    if (c->nishio)
        return plain[CH_NISHIO];
    if (!c->dynamic && c->level == 0)
        return plain[kind];
    return dyn[c->level < 6 ? c->level : 5][kind];
}

/* SE's Chaining.getDifficulty for this producer. */
static double ch_base(const ch_ctx *c)
{
    if (c->level >= 2)
        return 9.5 + 0.5 * (c->level - 2);
    if (c->level > 0)
        return 8.5 + 0.5 * c->level;
    if (c->nishio)
        return 7.5;
    return c->dynamic ? 8.5 : 8.0;
}

/* ---------------------------------------------------------------- hints */

/* Offers the hint "target" (a node's candidate on or off) backed by the
 * chains whose ends are ends[0..nends). */
static void ch_offer(ch_ctx *c, int kind, int sortkey, int tcell, int td, int ton,
                     const int *ends, int nends, int *elim, int init_cause)
{
    int ne = 0;
    if (ton) {
        for (int v = 1; v <= c->n; v++)
            if (v != td && (c->g->cand[tcell] >> (v - 1) & 1)) {
                elim[2 * ne] = tcell;
                elim[2 * ne + 1] = v;
                ne++;
            }
        if (!ne)
            return;
    } else {
        elim[0] = tcell;
        elim[1] = td;
        ne = 1;
    }
    double base = ch_base(c);
    if (!ch_can_win(c, base, nends))
        return;
    int cx = ch_complexity(c, ends, nends);
    double diff = base + lg_length_bonus(cx);
    if (!ch_better(c, diff, cx, sortkey))
        return;
    ch_take(c, kind, diff, cx, sortkey, ch_name(c, kind), elim, ne,
            ton ? tcell : -1, td, ends, nends, init_cause, 0);
}

/* The candidates every chaining of sets[0..ns) reaches (on ones first, in
 * the order of sets[0]): a cell or region forcing chain each. */
static void ch_agree(ch_ctx *c, int kind, int sortkey, ch_res **sets, int ns, int *elim,
                     int *ends, int init_cause)
{
    /* The keys all reach, as one word-wise AND (mostly empty). */
    uint64_t *common = c->common, any = 0;
    for (int w = 0; w < c->words; w++) {
        uint64_t x = sets[0]->bits[w];
        for (int s = 1; s < ns; s++)
            x &= sets[s]->bits[w];
        common[w] = x;
        any |= x;
    }
    if (!any)
        return;
    for (int pass = 1; pass >= 0; pass--)
        for (int i = 0; i < sets[0]->len; i++) {
            int id = sets[0]->ids[i], k = sets[0]->keys[i];
            if ((k & 1) != pass || !(common[k >> 6] >> (k & 63) & 1))
                continue;
            for (int s = 0; s < ns; s++)
                ends[s] = ch_res_get(sets[s], k);
            ch_offer(c, kind, sortkey, c->node[id].cell, c->node[id].d, pass, ends, ns, elim,
                     init_cause);
        }
}

/* Region forcing chains from (cell, d): the houses whose first place for d
 * is this cell, all places' chainings agreeing on a candidate. */
static void ch_regions(ch_ctx *c, int cell, int d, ch_res *ron, int *elim,
                       ch_res **sets, int *ends)
{
    uint32_t bit = 1u << (d - 1);
    for (int h = c->hstart[cell]; h < c->hstart[cell + 1]; h++) {
        const uint16_t *hc = c->b->house_cells + (size_t)c->hlist[h] * (size_t)c->n;
        int cnt = 0, first = -1;
        for (int i = 0; i < c->n; i++)
            if (c->g->cand[hc[i]] & bit) {
                if (first < 0)
                    first = hc[i];
                cnt++;
            }
        if (!(cnt == 2 || (c->multiple && cnt > 2)) || first != cell ||
            !ch_region_needed(c, c->hlist[h], d))
            continue;
        int ns = 0;
        for (int i = 0; i < c->n; i++)
            if (c->g->cand[hc[i]] & bit) {
                sets[ns] = hc[i] == cell ? ron : ch_from(c, hc[i], d, 1);
                if (!sets[ns])
                    return;
                ns++;
            }
        ch_agree(c, CH_REGION, 6, sets, ns, elim, ends, c->hlist[h]);
    }
}

/* Is any region whose first place is (cell, d) to be looked at? */
static int ch_regions_needed(const ch_ctx *c, int cell, int d)
{
    for (int h = c->hstart[cell]; h < c->hstart[cell + 1]; h++) {
        uint32_t m = c->hmask0[c->hlist[h] * c->n + d - 1];
        if (m && (uint32_t)__builtin_ctz(m) == c->hpos[h] && ch_region_needed(c, c->hlist[h], d))
            return 1;
    }
    return 0;
}

/* SE's doBinaryChaining: contradictions and double implications of (cell, d). */
static void ch_binary(ch_ctx *c, int cell, int d, int card, ch_res *ron, int *elim)
{
    int contra = c->dynamic || c->nishio;
    int dbl = card >= 3 && !c->nishio && c->dynamic;
    if (!contra && !dbl)
        return;
    ch_res *roff = ch_from(c, cell, d, 0);
    if (!roff)
        return;
    int ends[2];
    int kind = c->nishio ? CH_NISHIO : CH_CONTRA;
    if (contra && ron->abs_on >= 0) {
        ends[0] = ron->abs_on;
        ends[1] = ron->abs_off;
        ch_offer(c, kind, 7, cell, d, 0, ends, 2, elim, CH_NO_CAUSE);
    }
    if (contra && roff->abs_on >= 0) {
        ends[0] = roff->abs_on;
        ends[1] = roff->abs_off;
        ch_offer(c, kind, 7, cell, d, 1, ends, 2, elim, CH_NO_CAUSE);
    }
    if (dbl) {
        ch_res *both[2] = {ron, roff};
        ch_agree(c, CH_DOUBLE, 1, both, 2, elim, ends, CH_NO_CAUSE);
    }
}

/* Static chains' reachability arrays, kept per thread (static producers
 * never run inside one another; busy guards it all the same). */
static _Thread_local struct {
    ch_reach r;
    int busy;
} ch_sr;

void ch_multi_release(void)
{
    ch_reach_free(&ch_sr.r);
}

void ch_multiple(ch_ctx *c)
{
    ch_reach own, *reach = ch_sr.busy ? &own : &ch_sr.r;
    int mine = !ch_sr.busy;
    memset(&own, 0, sizeof own);
    ch_sr.busy = 1;
    int *elim = malloc(sizeof(int) * 2 * (size_t)(c->ncells * c->n + 1));
    ch_res **sets = malloc(sizeof(ch_res *) * (size_t)(c->n + 1));
    ch_res **cellsets = malloc(sizeof(ch_res *) * (size_t)(c->n + 1));
    int *ends = malloc(sizeof(int) * (size_t)(c->n + 1));
    c->common = malloc(sizeof(uint64_t) * (size_t)c->words);
    if (!ch_chain_init(c) || !c->common || !sets || !cellsets || !ends ||
        (!c->dynamic && !ch_static_lists(c))) {
        c->oom = 1;
        goto out;
    }
    /* static chains: what each key can reach */
    if (!c->dynamic && !c->nishio &&
        ch_reach_make(c, reach, c->g->cand, c->sstart, c->sstart + 1, c->skey))
        c->sreach = reach;
    for (int cell = 0; cell < c->ncells; cell++) {
        uint32_t m = c->g->cand[cell];
        int card = __builtin_popcount(m);
        if (c->g->val[cell] || !(card > 2 || (card > 1 && c->dynamic)))
            continue;
        int ns = 0, need = ch_cell_needed(c, cell);
        for (int d = 1; d <= c->n; d++) {
            if (!(m >> (d - 1) & 1))
                continue;
            if (!need && !ch_regions_needed(c, cell, d))
                continue;
            if (ch_stopped(c))
                goto out;
            ch_res *ron = ch_from(c, cell, d, 1);
            if (!ron)
                goto out;
            ch_binary(c, cell, d, card, ron, elim);
            if (!c->nishio)
                ch_regions(c, cell, d, ron, elim, sets, ends);
            if (c->oom)
                goto out;
            cellsets[ns++] = ron;
        }
        if (need && !c->nishio && (card == 2 || (c->multiple && card > 2)))
            ch_agree(c, CH_CELL, 5, cellsets, ns, elim, ends, CH_CELL_LINK);
    }
out:
    free(elim);
    free(sets);
    free(cellsets);
    free(ends);
    free(c->common);
    ch_reach_free(&own);
    if (mine)
        ch_sr.busy = 0;
    c->sreach = NULL;
    free(c->sstart);
    free(c->skey);
    free(c->scause);
    c->common = NULL;
    c->sstart = c->skey = NULL;
    c->scause = NULL;
}

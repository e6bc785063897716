/*
 * chains_adv.c -- dynamic+ (SE level 1): inside a dynamic chain, when no
 * single implication is left, locked candidates, hidden and naked pairs and
 * X-wings on the chain's working grid remove more candidates; each becomes
 * an "off" node whose parents are the removals that made the rule apply
 * (SE's getRuleParents).  The rules are tried in SE's order and the first
 * that gives anything gives all it has, enumerated in SE's order.
 */
#include <stdlib.h>
#include <string.h>
#include "chains.h"

typedef struct {
    ch_ctx *c;
    const uint32_t *cur, *src;
    int *len, *offl;
    int32_t *qoff;
    int found;
    int rem[2 * 64], nrem;         /* removals of one hint: (cell, digit) */
    int par[2 * 64], npar;         /* its parents: "off" candidates (cell, digit) */
} ch_adv;

/* The houses of one kind in board order. */
static int ch_kind_houses(const sdk_board *b, int kind, int *out)
{
    int k = 0;
    for (int h = 0; h < b->nhouses; h++)
        if (b->house_kind[h] == kind)
            out[k++] = h;
    return k;
}

static const uint16_t *ch_hcells(const ch_ctx *c, int h)
{
    return c->b->house_cells + (size_t)h * (size_t)c->n;
}

static int ch_in_house(const ch_ctx *c, int cell, int h)
{
    const sdk_board *b = c->b;
    return b->cell_row[cell] == h || b->cell_col[cell] == h || b->cell_box[cell] == h;
}

static void ch_rem(ch_adv *a, int cell, int d)
{
    if (a->nrem < 64) {
        a->rem[2 * a->nrem] = cell;
        a->rem[2 * a->nrem + 1] = d;
        a->nrem++;
    }
}

static void ch_par(ch_adv *a, int cell, int d)
{
    if (a->npar < 64) {
        a->par[2 * a->npar] = cell;
        a->par[2 * a->npar + 1] = d;
        a->npar++;
    }
}

void ch_adv_add(ch_ctx *c, int cell, int d, const int32_t *park, int npar, int nest, int *len,
                int32_t *qoff, int *offl)
{
    int id = ch_node_new(c, cell, d, 0);
    for (int j = 0; j < npar; j++)
        if (c->stamp_a[park[j]] == c->stamp_av)
            ch_add_parent(c, id, c->id_a[park[j]]);
    if (c->oom)
        return;
    c->node[id].cause = CH_ADVANCED;
    c->node[id].nest = nest;
    int k = CH_KEY(c, cell, d, 0);
    if (c->stamp_a[k] != c->stamp_av) {
        c->stamp_a[k] = c->stamp_av;
        c->id_a[k] = id;
        c->ckeys[*len] = k;
        c->clist[(*len)++] = id;
        qoff[(*offl)++] = id;
    }
}

/* One hint of a rule: if it has parents, its removals join the chain. */
static void ch_adv_hint(ch_adv *a)
{
    ch_ctx *c = a->c;
    if (!a->nrem || !a->npar)
        return;
    a->found = 1;
    int32_t park[64];
    for (int j = 0; j < a->npar; j++)
        park[j] = CH_KEY(c, a->par[2 * j], a->par[2 * j + 1], 0);
    for (int i = 0; i < a->nrem && !c->oom; i++)
        ch_adv_add(c, a->rem[2 * i], a->rem[2 * i + 1], park, a->npar, -1, a->len, a->qoff,
                   a->offl);
}

/* Locked candidates on a crossing: the digit's places in h1 all lie in h2
 * (house masks of the working grid; in1 / in2: the crossing's places). */
static void ch_locking(ch_adv *a, const struct ch_cross *x, uint32_t digits)
{
    ch_ctx *c = a->c;
    int n = c->n;
    const uint32_t *hm1 = c->hmask + x->h1 * n - 1;
    for (; digits; digits &= digits - 1) {
        int d = __builtin_ctz(digits) + 1;
        uint32_t m1 = hm1[d];
        if ((m1 & ~x->in1) || !(m1 & (m1 - 1)))
            continue;
        const uint16_t *c1 = ch_hcells(c, x->h1), *c2 = ch_hcells(c, x->h2);
        uint32_t rem = c->hmask[x->h2 * n + d - 1] & ~x->in2;
        if (!rem)
            continue;
        a->nrem = a->npar = 0;
        for (; rem; rem &= rem - 1)
            ch_rem(a, c2[__builtin_ctz(rem)], d);
        for (uint32_t g = c->hmask0[x->h1 * n + d - 1] & ~m1 & ~x->in1; g; g &= g - 1)
            ch_par(a, c1[__builtin_ctz(g)], d);
        ch_adv_hint(a);
    }
}

/* Appends the crossing (h1, h2) if the houses share cells. */
static void ch_cross_add(ch_ctx *c, int h1, int h2)
{
    const uint16_t *c1 = ch_hcells(c, h1), *c2 = ch_hcells(c, h2);
    uint32_t in1 = 0, in2 = 0;
    for (int i = 0; i < c->n; i++) {
        in1 |= (uint32_t)ch_in_house(c, c1[i], h2) << i;
        in2 |= (uint32_t)ch_in_house(c, c2[i], h1) << i;
    }
    if (in1) {
        struct ch_cross *x = &c->cross[c->ncross++];
        x->h1 = (uint16_t)h1;
        x->h2 = (uint16_t)h2;
        x->in1 = in1;
        x->in2 = in2;
    }
}

/* The crossings in SE's order (box-column, box-row, column-box, row-box),
 * each house's empty cells, the houses of each kind (advk: boxes, rows,
 * columns, then the rows and columns crossing the first column and row),
 * the digits of two places per house and the digits placed at most n - 4
 * times, all of the grid: the same for every chain of a search. */
static int ch_adv_tables(ch_ctx *c)
{
    if (c->cross)
        return 1;
    int n = c->n, *box, *row, *col, nb, nr, nco;
    size_t nh = c->b->nhouses > 0 ? (size_t)c->b->nhouses : 1;
    if (!c->advk && !(c->advk = malloc(sizeof(int) * 5 * (size_t)n)))
        return c->oom = 1, 0;
    box = c->advk, row = box + n, col = row + n;
    c->advnb = nb = ch_kind_houses(c->b, SDK_HOUSE_BOX, box);
    c->advnr = nr = ch_kind_houses(c->b, SDK_HOUSE_ROW, row);
    c->advnc = nco = ch_kind_houses(c->b, SDK_HOUSE_COL, col);
    for (int i = 0; i < n && nr == n && nco == n; i++) {
        col[n + i] = c->b->cell_row[ch_hcells(c, col[0])[i]];
        col[2 * n + i] = c->b->cell_col[ch_hcells(c, row[0])[i]];
    }
    c->cross = malloc(sizeof(struct ch_cross) * (size_t)(4 * nb * (nr + nco) + 1));
    c->hempty = malloc(nh);
    c->advm = malloc(sizeof(uint32_t) * 4 * nh);
    if (!c->cross || !c->hempty || !c->advm)
        return c->oom = 1, 0;
    uint32_t *two0 = c->advm + 3 * nh;
    for (size_t h = 0; h < nh && c->b->nhouses; h++) {
        two0[h] = 0;
        for (int d = 0; d < n; d++)
            two0[h] |= (uint32_t)(__builtin_popcount(c->hmask0[h * (size_t)n + (size_t)d]) == 2) << d;
    }
    int occ[SDK_MAX_N + 1] = {0};
    for (int i = 0; i < c->ncells; i++)
        occ[c->g->val[i]]++;
    c->advfew = 0;
    for (int d = 1; d <= n; d++)
        c->advfew |= (uint32_t)(occ[d] + 4 <= n) << (d - 1);
    for (int i = 0; i < nb; i++)
        for (int j = 0; j < nco; j++)
            ch_cross_add(c, box[i], col[j]);
    for (int i = 0; i < nb; i++)
        for (int j = 0; j < nr; j++)
            ch_cross_add(c, box[i], row[j]);
    for (int i = 0; i < nco; i++)
        for (int j = 0; j < nb; j++)
            ch_cross_add(c, col[i], box[j]);
    for (int i = 0; i < nr; i++)
        for (int j = 0; j < nb; j++)
            ch_cross_add(c, row[i], box[j]);
    for (int i = c->ncross - 1, end = c->ncross; i >= 0; i--) {
        if (i + 1 < c->ncross && c->cross[i + 1].h1 != c->cross[i].h1)
            end = i + 1;
        c->cross[i].run = end;
    }
    for (int h = 0; h < c->b->nhouses; h++) {
        int k = 0;
        for (int i = 0; i < c->n; i++)
            k += !c->g->val[ch_hcells(c, h)[i]];
        c->hempty[h] = (int8_t)k;
    }
    return 1;
}

/* Hidden pair of digits (x, y) in house h (SE: positions of each 2+, both in two cells). */
static void ch_hidden_pair(ch_adv *a, int h, int x, int y)
{
    ch_ctx *c = a->c;
    const uint16_t *hc = ch_hcells(c, h);
    uint32_t bx = 1u << (x - 1), by = 1u << (y - 1);
    uint32_t mx = c->hmask[h * c->n + x - 1], my = c->hmask[h * c->n + y - 1];
    if (__builtin_popcount(mx) <= 1 || __builtin_popcount(my) <= 1 ||
        __builtin_popcount(mx | my) != 2)
        return;
    a->nrem = a->npar = 0;
    for (int i = 0; i < c->n; i++)
        if (a->cur[hc[i]] & (bx | by)) {
            for (int v = 1; v <= c->n; v++)
                if (v != x && v != y && (a->cur[hc[i]] >> (v - 1) & 1))
                    ch_rem(a, hc[i], v);
        } else {
            if (a->src[hc[i]] & bx)
                ch_par(a, hc[i], x);
            if (a->src[hc[i]] & by)
                ch_par(a, hc[i], y);
        }
    ch_adv_hint(a);
}

/* Naked pair in cells i, j of house h. */
static void ch_naked_pair(ch_adv *a, int h, int i, int j)
{
    ch_ctx *c = a->c;
    const uint16_t *hc = ch_hcells(c, h);
    uint32_t mi = a->cur[hc[i]], mj = a->cur[hc[j]], u = mi | mj;
    if (__builtin_popcount(mi) <= 1 || __builtin_popcount(mj) <= 1 || __builtin_popcount(u) != 2)
        return;
    a->nrem = a->npar = 0;
    for (int k = 0; k < c->n; k++)
        if (k != i && k != j)
            for (int v = 1; v <= c->n; v++)
                if ((u >> (v - 1) & 1) && (a->cur[hc[k]] >> (v - 1) & 1))
                    ch_rem(a, hc[k], v);
    for (int v = 1; v <= c->n; v++) {
        if ((a->src[hc[i]] >> (v - 1) & 1) && !(u >> (v - 1) & 1))
            ch_par(a, hc[i], v);
    }
    for (int v = 1; v <= c->n; v++) {
        if ((a->src[hc[j]] >> (v - 1) & 1) && !(u >> (v - 1) & 1))
            ch_par(a, hc[j], v);
    }
    ch_adv_hint(a);
}

/* X-wing: base lines b1, b2 (kind base), cover lines the other kind. */
static void ch_xwing(ch_adv *a, int b1, int b2, int d, const int *covers)
{
    ch_ctx *c = a->c;
    uint32_t bit = 1u << (d - 1);
    const uint16_t *l1 = ch_hcells(c, b1), *l2 = ch_hcells(c, b2);
    uint32_t p1 = c->hmask[b1 * c->n + d - 1], p2 = c->hmask[b2 * c->n + d - 1];
    if (__builtin_popcount(p1) <= 1 || __builtin_popcount(p2) <= 1 ||
        __builtin_popcount(p1 | p2) != 2)
        return;
    a->nrem = a->npar = 0;
    int cov[2], nc = 0;
    for (int i = 0; i < c->n; i++)
        if ((p1 | p2) >> i & 1)
            cov[nc++] = covers[i];
    for (int k = 0; k < 2; k++) {
        const uint16_t *cc = ch_hcells(c, cov[k]);
        for (int i = 0; i < c->n; i++)
            if ((a->cur[cc[i]] & bit) && !ch_in_house(c, cc[i], b1) && !ch_in_house(c, cc[i], b2))
                ch_rem(a, cc[i], d);
    }
    for (int k = 0; k < 2; k++) {
        const uint16_t *bc = k ? l2 : l1;
        for (int i = 0; i < c->n; i++)
            if ((a->src[bc[i]] & bit) && !(a->cur[bc[i]] & bit) &&
                !ch_in_house(c, bc[i], cov[0]) && !ch_in_house(c, bc[i], cov[1]))
                ch_par(a, bc[i], d);
    }
    ch_adv_hint(a);
}

/* Candidate (cell, digit d + 1) has left the working grid: its houses'
 * changed digits and places, and digits of two places, in c->advm. */
static void ch_adv_gone(ch_ctx *c, int cell, int d)
{
    int n = c->n, nh = c->b->nhouses;
    uint32_t *chg = c->advm, *lost = chg + nh, *two = lost + nh;
    for (int h = c->hstart[cell]; h < c->hstart[cell + 1]; h++) {
        int hh = c->hlist[h];
        chg[hh] |= 1u << d;
        lost[hh] |= 1u << c->hpos[h];
        two[hh] = (two[hh] & ~(1u << d)) |
                  (uint32_t)(__builtin_popcount(c->hmask[hh * n + d]) == 2) << d;
    }
}

/* A rule's hint counts only if it has parents: removals from the chain's
 * initial grid in the places it reads (the base house of a locking or an
 * X-wing, the house of a hidden pair, the cells of a naked pair).  Where a
 * house's places of a digit are still those of the initial grid there are
 * none, so only the (house, digit)s the chain changed are tried, in the
 * rules' own order: the same hints, in the same order, as trying all. */
void ch_advanced(ch_ctx *c, const uint32_t *cand, int *len, int32_t *qoff, int *offl)
{
    ch_adv a;
    memset(&a, 0, sizeof a);
    a.c = c;
    a.cur = cand;
    a.src = c->g->cand;
    a.len = len;
    a.qoff = qoff;
    a.offl = offl;
    if (!ch_adv_tables(c))
        return;
    int n = c->n, nh = c->b->nhouses, nb = c->advnb, nr = c->advnr, nco = c->advnc;
    const int *box = c->advk, *row = box + n, *col = row + n;
    /* Per house: the digits whose places changed (chg), the places that
     * lost a digit (cells whose candidates changed), the digits of two
     * places (the grid's, but where a place went). */
    uint32_t *chg = c->advm, *lost = chg + nh, *two = lost + nh;
    if (c->adv_len < 0 || !c->dynamic) {
        memset(chg, 0, sizeof(uint32_t) * 2 * (size_t)nh);
        memcpy(two, two + nh, sizeof(uint32_t) * (size_t)nh);
        c->adv_len = 0;
    }
    /* A dynamic chain's working grid is its grid less its "off" nodes
     * (all applied when the queues run dry): those since the last call. */
    for (int cell = 0; cell < c->ncells && !c->dynamic; cell++)
        for (uint32_t gone = a.src[cell] & ~cand[cell]; gone; gone &= gone - 1)
            ch_adv_gone(c, cell, __builtin_ctz(gone));
    for (int i = c->adv_len; i < *len && c->dynamic; i++)
        if (!(c->ckeys[i] & 1))
            ch_adv_gone(c, c->ckeys[i] / (2 * n), (c->ckeys[i] >> 1) % n);
    c->adv_len = *len;
    for (int i = 0; i < c->ncross;) {
        const struct ch_cross *x = &c->cross[i];
        if (!chg[x->h1]) {
            i = x->run;
            continue;
        }
        ch_locking(&a, x, chg[x->h1]);
        i++;
    }
    if (a.found || c->oom)
        return;
    /* Hidden pairs, naked pairs: boxes, columns, rows; pairs in SE's order
     * (a hidden pair's digits have the same two places, a naked pair's
     * cells the same two digits). */
    const int *kinds[3] = {box, col, row};
    const int counts[3] = {nb, nco, nr};
    for (int t = 0; t < 3; t++)
        for (int i = 0; i < counts[t]; i++) {
            int h = kinds[t][i];
            if (c->hempty[h] <= 4 || !chg[h])
                continue;
            const uint32_t *m = c->hmask + h * n;
            for (uint32_t ys = two[h] & (two[h] - 1); ys; ys &= ys - 1) {
                int y = __builtin_ctz(ys);
                for (uint32_t xs = two[h] & ((1u << y) - 1); xs; xs &= xs - 1) {
                    int x = __builtin_ctz(xs);
                    if (m[x] == m[y] && ((chg[h] >> x | chg[h] >> y) & 1))
                        ch_hidden_pair(&a, h, x + 1, y + 1);
                }
            }
        }
    if (a.found || c->oom)
        return;
    for (int t = 0; t < 3; t++)
        for (int i = 0; i < counts[t]; i++) {
            int h = kinds[t][i];
            if (c->hempty[h] < 4 || !lost[h])
                continue;
            const uint16_t *hc = ch_hcells(c, h);
            uint32_t bi = 0;
            for (int k = 0; k < n; k++)
                bi |= (uint32_t)(__builtin_popcount(cand[hc[k]]) == 2) << k;
            for (uint32_t ys = bi & (bi - 1); ys; ys &= ys - 1) {
                int y = __builtin_ctz(ys);
                for (uint32_t xs = bi & ((1u << y) - 1); xs; xs &= xs - 1) {
                    int x = __builtin_ctz(xs);
                    if (cand[hc[x]] == cand[hc[y]] && ((lost[h] >> x | lost[h] >> y) & 1))
                        ch_naked_pair(&a, h, x, y);
                }
            }
        }
    if (a.found || c->oom)
        return;
    /* X-wings: column bases (row covers), then row bases (column covers). */
    uint32_t few = c->advfew;      /* digits placed at most n - 4 times */
    const int *covrow = col + n, *covcol = col + 2 * n;
    if (nr != n || nco != n)
        goto nested;
    for (int t = 0; t < 2; t++) {
        const int *base = t ? row : col, *cov = t ? covcol : covrow;
        for (int y = 1; y < n; y++)
            for (int x = 0; x < y; x++) {
                int b1 = base[x], b2 = base[y];
                for (uint32_t dm = two[b1] & two[b2] & (chg[b1] | chg[b2]) & few; dm; dm &= dm - 1) {
                    int d = __builtin_ctz(dm);
                    if (c->hmask[b1 * n + d] == c->hmask[b2 * n + d])
                        ch_xwing(&a, b1, b2, d + 1, cov);
                }
            }
    }
nested:
    if (!a.found && !c->oom && c->level >= 2)
        ch_nested(c, cand, len, qoff, offl);
}

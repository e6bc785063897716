/*
 * chains_adv.c -- dynamic+ (SE level 1): inside a dynamic chain, when no
 * single implication is left, locked candidates, hidden and naked pairs and
 * X-wings on the chain's working grid remove more candidates; each becomes
 * an "off" node whose parents are the removals that made the rule apply
 * (SE's getRuleParents).  The rules are tried in SE's order and the first
 * that gives anything gives all it has, enumerated in SE's order.
 */
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

/* One hint of a rule: if it has parents, its removals join the chain. */
static void ch_adv_hint(ch_adv *a)
{
    ch_ctx *c = a->c;
    if (!a->nrem || !a->npar)
        return;
    a->found = 1;
    for (int i = 0; i < a->nrem; i++) {
        int cell = a->rem[2 * i], d = a->rem[2 * i + 1];
        int id = ch_node_new(c, cell, d, 0);
        for (int j = 0; j < a->npar; j++) {
            int k = CH_KEY(c, a->par[2 * j], a->par[2 * j + 1], 0);
            if (c->stamp_a[k] == c->stamp_av)
                ch_add_parent(c, id, c->id_a[k]);
        }
        if (c->oom)
            return;
        int k = CH_KEY(c, cell, d, 0);
        if (c->stamp_a[k] != c->stamp_av) {
            c->stamp_a[k] = c->stamp_av;
            c->id_a[k] = id;
            c->clist[(*a->len)++] = id;
            a->qoff[(*a->offl)++] = id;
        }
    }
}

/* Locked candidates: the digit's places in h1 all lie in h2. */
static void ch_locking(ch_adv *a, int h1, int h2)
{
    ch_ctx *c = a->c;
    const uint16_t *c1 = ch_hcells(c, h1), *c2 = ch_hcells(c, h2);
    int crosses = 0;
    for (int i = 0; i < c->n && !crosses; i++)
        crosses = ch_in_house(c, c1[i], h2);
    if (!crosses)
        return;
    for (int d = 1; d <= c->n; d++) {
        uint32_t bit = 1u << (d - 1);
        int cnt = 0, inside = 1;
        for (int i = 0; i < c->n; i++)
            if (a->cur[c1[i]] & bit) {
                cnt++;
                inside &= ch_in_house(c, c1[i], h2);
            }
        if (cnt <= 1 || !inside)
            continue;
        a->nrem = a->npar = 0;
        for (int i = 0; i < c->n; i++)
            if (!ch_in_house(c, c2[i], h1) && (a->cur[c2[i]] & bit))
                ch_rem(a, c2[i], d);
        if (!a->nrem)
            continue;
        for (int i = 0; i < c->n; i++)
            if ((a->src[c1[i]] & bit) && !(a->cur[c1[i]] & bit) && !ch_in_house(c, c1[i], h2))
                ch_par(a, c1[i], d);
        ch_adv_hint(a);
    }
}

static int ch_empty_cells(const ch_ctx *c, int h)
{
    int k = 0;
    for (int i = 0; i < c->n; i++)
        k += !c->g->val[ch_hcells(c, h)[i]];
    return k;
}

/* Hidden pair of digits (x, y) in house h (SE: positions of each 2+, both in two cells). */
static void ch_hidden_pair(ch_adv *a, int h, int x, int y)
{
    ch_ctx *c = a->c;
    const uint16_t *hc = ch_hcells(c, h);
    uint32_t bx = 1u << (x - 1), by = 1u << (y - 1);
    int nx = 0, ny = 0, nu = 0;
    for (int i = 0; i < c->n; i++) {
        nx += !!(a->cur[hc[i]] & bx);
        ny += !!(a->cur[hc[i]] & by);
        nu += !!(a->cur[hc[i]] & (bx | by));
    }
    if (nx <= 1 || ny <= 1 || nu != 2)
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
    uint32_t p1 = 0, p2 = 0;
    for (int i = 0; i < c->n; i++) {
        p1 |= (uint32_t)!!(a->cur[l1[i]] & bit) << i;
        p2 |= (uint32_t)!!(a->cur[l2[i]] & bit) << i;
    }
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
    int box[SDK_MAX_N], row[SDK_MAX_N], col[SDK_MAX_N];
    int nb = ch_kind_houses(c->b, SDK_HOUSE_BOX, box);
    int nr = ch_kind_houses(c->b, SDK_HOUSE_ROW, row);
    int nco = ch_kind_houses(c->b, SDK_HOUSE_COL, col);
    int n = c->n;
    /* Locking: box-column, box-row, column-box, row-box. */
    for (int i = 0; i < nb; i++)
        for (int j = 0; j < nco; j++)
            ch_locking(&a, box[i], col[j]);
    for (int i = 0; i < nb; i++)
        for (int j = 0; j < nr; j++)
            ch_locking(&a, box[i], row[j]);
    for (int i = 0; i < nco; i++)
        for (int j = 0; j < nb; j++)
            ch_locking(&a, col[i], box[j]);
    for (int i = 0; i < nr; i++)
        for (int j = 0; j < nb; j++)
            ch_locking(&a, row[i], box[j]);
    if (a.found || c->oom)
        return;
    /* Hidden pairs, naked pairs: boxes, columns, rows; pairs in SE's order. */
    const int *kinds[3] = {box, col, row};
    const int counts[3] = {nb, nco, nr};
    for (int t = 0; t < 3; t++)
        for (int i = 0; i < counts[t]; i++)
            if (ch_empty_cells(c, kinds[t][i]) > 4)
                for (int y = 2; y <= n; y++)
                    for (int x = 1; x < y; x++)
                        ch_hidden_pair(&a, kinds[t][i], x, y);
    if (a.found || c->oom)
        return;
    for (int t = 0; t < 3; t++)
        for (int i = 0; i < counts[t]; i++)
            if (ch_empty_cells(c, kinds[t][i]) >= 4)
                for (int y = 1; y < n; y++)
                    for (int x = 0; x < y; x++)
                        ch_naked_pair(&a, kinds[t][i], x, y);
    if (a.found || c->oom)
        return;
    /* X-wings: column bases (row covers), then row bases (column covers). */
    int occ[SDK_MAX_N + 1] = {0};
    for (int i = 0; i < c->ncells; i++)
        occ[c->g->val[i]]++;
    int covrow[SDK_MAX_N], covcol[SDK_MAX_N];
    for (int i = 0; i < n && nr == n && nco == n; i++) {
        covrow[i] = c->b->cell_row[ch_hcells(c, col[0])[i]];
        covcol[i] = c->b->cell_col[ch_hcells(c, row[0])[i]];
    }
    if (nr != n || nco != n)
        return;
    for (int y = 1; y < n; y++)
        for (int x = 0; x < y; x++)
            for (int d = 1; d <= n; d++)
                if (occ[d] + 4 <= n)
                    ch_xwing(&a, col[x], col[y], d, covrow);
    for (int y = 1; y < n; y++)
        for (int x = 0; x < y; x++)
            for (int d = 1; d <= n; d++)
                if (occ[d] + 4 <= n)
                    ch_xwing(&a, row[x], row[y], d, covcol);
}

/*
 * intersections.c -- locked candidates: a digit of house h1 confined to its
 * intersection with h2 leaves h2's other cells.  Pointing (h1 a box, 2.6),
 * claiming (h1 a line, 2.8), and the direct forms (1.7 / 1.9) that SE counts
 * only when the removal leaves a hidden single of that digit in another
 * house of h1's kind crossing h2 (a direct step places that single and,
 * as in SE 1.2.1.3, removes nothing else).  House pairs in SE's order: box/column,
 * box/row, column/box, row/box, then those with extra houses.
 */
#include "lgint.h"

static const int pair_kinds[][2] = {
    {SDK_HOUSE_BOX, SDK_HOUSE_COL}, {SDK_HOUSE_BOX, SDK_HOUSE_ROW},
    {SDK_HOUSE_COL, SDK_HOUSE_BOX}, {SDK_HOUSE_ROW, SDK_HOUSE_BOX},
    {SDK_HOUSE_BOX, SDK_HOUSE_EXTRA}, {SDK_HOUSE_COL, SDK_HOUSE_EXTRA},
    {SDK_HOUSE_ROW, SDK_HOUSE_EXTRA}, {SDK_HOUSE_EXTRA, SDK_HOUSE_BOX},
    {SDK_HOUSE_EXTRA, SDK_HOUSE_COL}, {SDK_HOUSE_EXTRA, SDK_HOUSE_ROW},
    {SDK_HOUSE_EXTRA, SDK_HOUSE_EXTRA},
};

static uint32_t inter_mask(const lg_grid *g, int h1, int h2) { return lg_inter(g->b, h1, h2); }

/* The step: d leaves h2 outside h1 (and, direct, hcell gets d). */
static void locking_step(const lg_grid *g, int h1, int h2, int d, int hcell, lg_step *out)
{
    int box = g->b->house_kind[h1] == SDK_HOUSE_BOX;
    char a[32], b2[32];
    if (hcell >= 0)
        lg_begin(out, box ? "Direct Pointing" : "Direct Claiming", box ? 1.7 : 1.9);
    else
        lg_begin(out, box ? "Pointing" : "Claiming", box ? 2.6 : 2.8);
    /* SE 1.2.1.3 applies only the single of a direct hint, not its removals. */
    uint32_t in1 = inter_mask(g, h2, h1);
    for (int j = 0; j < g->n && hcell < 0; j++)
        if (!(in1 >> j & 1))
            lg_elim(g, out, lg_hcell(g, h2, j), d);
    if (hcell >= 0)
        lg_place(out, hcell, d);
    if (!out->nelim && !out->nplace)
        return;
    lg_text(g, out, "%d in %s and %s", d, lg_house_name(g->b, h1, a, sizeof a),
            lg_house_name(g->b, h2, b2, sizeof b2));
}

/* A house h2 crossing h1, the mask over h1's cells of the crossing and
 * the mask over h2's. */
typedef struct lk_cross {
    int h2;
    uint32_t cross, back;
} lk_cross;

#define LK_KINDS ((int)(sizeof pair_kinds / sizeof pair_kinds[0]))
#define LK_MAX 16384

/* The houses of kind k2 crossing h1, in index order. */
static int lk_crossings(const sdk_board *b, int h1, int k2, lk_cross *out)
{
    int n2, k = 0;
    const int *hs2 = lg_houses_kind(b, k2, &n2);
    for (int i2 = 0; i2 < n2; i2++) {
        uint32_t cross = hs2[i2] != h1 ? lg_inter(b, h1, hs2[i2]) : 0;
        if (cross)
            out[k++] = (lk_cross){hs2[i2], cross, lg_inter(b, hs2[i2], h1)};
    }
    return k;
}

/* Every pair kind's crossings, per thread for the last board (made once:
 * most house pairs do not cross); fits 0 if they do not fit. */
static _Thread_local struct {
    lg_board_id id;
    int fits;
    int start[LK_KINDS][LG_MAX_HOUSES + 1];
    int kidx[LG_MAX_HOUSES];   /* a house's index among those of its kind */
    lk_cross list[LK_MAX];
} lk_tab;

static void lk_tab_make(const sdk_board *b)
{
    static _Thread_local lk_cross tmp[LG_MAX_HOUSES];
    int k = 0;
    lk_tab.fits = 1;
    for (int t = 0; t < LK_KINDS && lk_tab.fits; t++) {
        int n1;
        const int *hs1 = lg_houses_kind(b, pair_kinds[t][0], &n1);
        for (int i1 = 0; i1 < n1 && lk_tab.fits; i1++) {
            lk_tab.kidx[hs1[i1]] = i1;
            lk_tab.start[t][i1] = k;
            int nx = lk_crossings(b, hs1[i1], pair_kinds[t][1], tmp);
            lk_tab.fits = k + nx <= LK_MAX;
            for (int i = 0; i < nx && lk_tab.fits; i++)
                lk_tab.list[k++] = tmp[i];
        }
        lk_tab.start[t][n1] = k;
    }
    lg_board_set(&lk_tab.id, b);
}

/* The crossings of house h (of kind pair_kinds[t][0]) with pair_kinds[t][1]. */
static const lk_cross *lk_list(const sdk_board *b, int t, int h, lk_cross *tmp, int *count)
{
    if (!lk_tab.fits) {
        *count = lk_crossings(b, h, pair_kinds[t][1], tmp);
        return tmp;
    }
    int i = lk_tab.kidx[h];
    *count = lk_tab.start[t][i + 1] - lk_tab.start[t][i];
    return lk_tab.list + lk_tab.start[t][i];
}

/* The pair kind with the two kinds swapped. */
static int lk_reverse(int t)
{
    for (int r = 0; r < LK_KINDS; r++)
        if (pair_kinds[r][0] == pair_kinds[t][1] && pair_kinds[r][1] == pair_kinds[t][0])
            return r;
    return t;
}

/* Direct mode: another house h3 of h1's kind crossing h2 (in index order)
 * whose d, once removed from h2, is left in one cell. */
static int following_single(const lg_grid *g, const lg_view *v, int t, int h1, int h2, int d)
{
    static _Thread_local lk_cross tmp[LG_MAX_HOUSES];
    int nx;
    const lk_cross *xs = lk_list(g->b, lk_reverse(t), h2, tmp, &nx);
    for (int x = 0; x < nx; x++) {
        int h3 = xs[x].h2;
        uint32_t p3 = v->pos[h3][d], cross = xs[x].back;
        if (h3 != h1 && lg_popc(p3) > 1 && lg_popc(p3 & ~cross) == 1)
            return lg_hcell(g, h3, lg_low(p3 & ~cross));
    }
    return -1;
}

int lg_find_locking(const lg_grid *g, int direct, lg_step *out)
{
    const sdk_board *b = g->b;
    const lg_view *v = lg_view_of(g);
    static _Thread_local lk_cross tmp[LG_MAX_HOUSES];
    static _Thread_local unsigned long none[2];
    uint32_t dirty = 0;   /* digits changed since nothing was found */
    for (int d = 1; d <= g->n; d++)
        dirty |= (uint32_t)lg_changed(v->dchanged[d], none[direct]) << (d - 1);
    if (!lg_board_is(&lk_tab.id, b))
        lk_tab_make(b);
    for (int t = 0; t < LK_KINDS; t++) {
        int n1;
        const int *hs1 = lg_houses_kind(b, pair_kinds[t][0], &n1);
        for (int i1 = 0; i1 < n1; i1++) {
            int h1 = hs1[i1], nx;
            const uint32_t *pos1 = v->pos[h1];
            uint32_t multi = v->many[h1] & dirty;   /* digits with two places or more */
            if (!multi)
                continue;
            const lk_cross *xs = lk_list(b, t, h1, tmp, &nx);
            for (int x = 0; x < nx; x++) {
                int h2 = xs[x].h2;
                for (uint32_t m = multi; m; m &= m - 1) {
                    int d = lg_low(m) + 1;
                    if (pos1[d] & ~xs[x].cross)
                        continue;
                    if (direct) {
                        /* SE adds a hint for each following single; the first wins. */
                        int hc = following_single(g, v, t, h1, h2, d);
                        if (hc >= 0) {
                            locking_step(g, h1, h2, d, hc, out);
                            return LG_FOUND;
                        }
                    } else if (v->pos[h2][d] & ~xs[x].back) {   /* d is in h2 outside h1 */
                        locking_step(g, h1, h2, d, -1, out);
                        return LG_FOUND;
                    }
                }
            }
        }
    }
    none[direct] = v->epoch;
    return LG_NONE;
}

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

/* Direct mode: another house h3 of h1's kind crossing h2 whose d, once
 * removed from h2, is left in one cell. */
static int following_single(const lg_grid *g, const int *hs1, int n1, int h1, int h2, int d,
                            uint32_t (*pos)[SDK_MAX_N + 1])
{
    for (int k = 0; k < n1; k++) {
        int h3 = hs1[k];
        if (h3 == h1)
            continue;
        uint32_t cross = inter_mask(g, h3, h2);
        if (!cross)
            continue;
        uint32_t p3 = pos[h3][d];
        if (lg_popc(p3) > 1 && lg_popc(p3 & ~cross) == 1)
            return lg_hcell(g, h3, lg_low(p3 & ~cross));
    }
    return -1;
}

int lg_find_locking(const lg_grid *g, int direct, lg_step *out)
{
    const sdk_board *b = g->b;
    int hs1[LG_MAX_HOUSES], hs2[LG_MAX_HOUSES];
    /* Every house's places of every digit, once (on the stack: only the
     * board's houses are touched). */
    uint32_t pos[LG_MAX_HOUSES][SDK_MAX_N + 1];
    for (int h = 0; h < b->nhouses && h < LG_MAX_HOUSES; h++)
        lg_pos_all(g, h, pos[h]);
    for (size_t k = 0; k < sizeof pair_kinds / sizeof pair_kinds[0]; k++) {
        int n1 = lg_houses_of(b, pair_kinds[k][0], hs1);
        int n2 = lg_houses_of(b, pair_kinds[k][1], hs2);
        for (int i1 = 0; i1 < n1; i1++) {
            const uint32_t *pos1 = pos[hs1[i1]];
            for (int i2 = 0; i2 < n2; i2++) {
                int h1 = hs1[i1], h2 = hs2[i2];
                if (h1 == h2)
                    continue;
                uint32_t cross = inter_mask(g, h1, h2);
                if (!cross)
                    continue;
                for (int d = 1; d <= g->n; d++) {
                    uint32_t p = pos1[d];
                    if (lg_popc(p) <= 1 || (p & ~cross))
                        continue;
                    if (direct) {
                        /* SE adds a hint for each following single; the first wins. */
                        int hc = following_single(g, hs1, n1, h1, h2, d, pos);
                        if (hc >= 0) {
                            locking_step(g, h1, h2, d, hc, out);
                            return LG_FOUND;
                        }
                    } else {
                        locking_step(g, h1, h2, d, -1, out);
                        if (out->nelim)
                            return LG_FOUND;
                    }
                }
            }
        }
    }
    return LG_NONE;
}

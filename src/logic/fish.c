/*
 * fish.c -- X-wing, swordfish, jellyfish (3.2 / 3.8 / 5.2): a digit whose
 * places in k base lines lie in k cover lines leaves the cover lines'
 * other cells.  SE's order: columns as base lines first, then rows; line
 * subsets in colex order, digits inside; a digit is tried only while it has
 * at least 2k places left to fill (placed copies + 2k <= n).
 */
#include <stdio.h>
#include "lgint.h"

/* The first fish of this degree with base lines of one kind, in SE's order
 * (line subsets in colex order, digits inside): each digit's first subset
 * among the lines holding it in 2..degree places, the least (subset, digit)
 * of those wins.  Line i's j-th cell is the crossing with cover line j. */
static int fish_first(const lg_view *v, const int *base, const int *cover, int n, int degree,
                      const int *placed, uint32_t digits, int *digit)
{
    uint32_t best = 0;
    for (int d = 1; d <= n; d++) {
        if (placed[d] + degree * 2 > n || !(digits >> (d - 1) & 1))
            continue;
        uint32_t lines = 0, idx = 0;
        for (int i = 0; i < n; i++) {
            int k = lg_popc(v->pos[base[i]][d]);
            lines |= (uint32_t)(k > 1 && k <= degree) << i;
        }
        for (uint32_t set; (set = lg_next_subset(lines, degree, &idx)) && (!best || set < best);) {
            uint32_t uni = 0, gone = 0;
            for (uint32_t m = set; m; m &= m - 1)
                uni |= v->pos[base[lg_low(m)]][d];
            if (lg_popc(uni) != degree)
                continue;
            for (uint32_t m = uni; m; m &= m - 1)
                gone |= v->pos[cover[lg_low(m)]][d] & ~set;
            if (gone) {
                best = set;
                *digit = d;
                break;
            }
        }
    }
    return (int)best;
}

int lg_find_fish(const lg_grid *g, int degree, lg_step *out)
{
    static const char *names[] = {"", "", "X-Wing", "Swordfish", "Jellyfish"};
    static const double rating[] = {0, 0, 3.2, 3.8, 5.2};
    const sdk_board *b = g->b;
    int n = g->n, nr, nc;
    const int *rows = lg_houses_kind(b, SDK_HOUSE_ROW, &nr), *cols = lg_houses_kind(b, SDK_HOUSE_COL, &nc);
    if (nr != n || nc != n)
        return LG_NONE;
    int placed[SDK_MAX_N + 1] = {0};
    for (int c = 0; c < b->ncells; c++)
        placed[g->val[c]]++;
    const lg_view *v = lg_view_of(g);
    static _Thread_local unsigned long none[5];
    uint32_t dirty = 0;   /* digits changed since nothing was found */
    for (int d = 1; d <= n; d++)
        dirty |= (uint32_t)lg_changed(v->dchanged[d], none[degree]) << (d - 1);
    for (int pass = 0; pass < 2; pass++) {
        const int *base = pass == 0 ? cols : rows, *cover = pass == 0 ? rows : cols;
        int d = 0;
        uint32_t set = (uint32_t)fish_first(v, base, cover, n, degree, placed, dirty, &d);
        if (!set)
            continue;
        lg_begin(out, names[degree], rating[degree]);
        uint32_t uni = 0;
        for (uint32_t m = set; m; m &= m - 1)
            uni |= v->pos[base[lg_low(m)]][d];
        for (uint32_t m = uni; m; m &= m - 1) {
            int h = cover[lg_low(m)];
            for (int j = 0; j < n; j++)
                if (!(set >> j & 1))
                    lg_elim(g, out, lg_hcell(g, h, j), d);
        }
        char hb[32], list[256];
        int k = 0;
        list[0] = 0;
        for (uint32_t m = set; m; m &= m - 1) {
            lg_house_name(b, base[lg_low(m)], hb, sizeof hb);
            k += snprintf(list + k, sizeof list - (size_t)k, "%s%s", k ? ", " : "", hb);
        }
        lg_text(g, out, "%d in %s", d, list);
        return LG_FOUND;
    }
    none[degree] = v->epoch;
    return LG_NONE;
}

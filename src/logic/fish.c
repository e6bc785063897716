/*
 * fish.c -- X-wing, swordfish, jellyfish (3.2 / 3.8 / 5.2): a digit whose
 * places in k base lines lie in k cover lines leaves the cover lines'
 * other cells.  SE's order: columns as base lines first, then rows; line
 * subsets in colex order, digits inside; a digit is tried only while it has
 * at least 2k places left to fill (placed copies + 2k <= n).
 */
#include <stdio.h>
#include "lgint.h"

int lg_find_fish(const lg_grid *g, int degree, lg_step *out)
{
    static const char *names[] = {"", "", "X-Wing", "Swordfish", "Jellyfish"};
    static const double rating[] = {0, 0, 3.2, 3.8, 5.2};
    const sdk_board *b = g->b;
    int n = g->n, rows[SDK_MAX_N], cols[SDK_MAX_N];
    if (lg_houses_of(b, SDK_HOUSE_ROW, rows) != n || lg_houses_of(b, SDK_HOUSE_COL, cols) != n)
        return LG_NONE;
    int placed[SDK_MAX_N + 1] = {0};
    for (int c = 0; c < b->ncells; c++)
        placed[g->val[c]]++;
    /* Places of each digit in each base line, once. */
    uint32_t pos[2][SDK_MAX_N][SDK_MAX_N + 1];
    for (int i = 0; i < n; i++) {
        lg_pos_all(g, cols[i], pos[0][i]);
        lg_pos_all(g, rows[i], pos[1][i]);
    }
    for (int pass = 0; pass < 2; pass++) {
        const int *base = pass == 0 ? cols : rows, *cover = pass == 0 ? rows : cols;
        for (uint32_t set = (1u << degree) - 1; set; set = lg_next_comb(set, n))
            for (int d = 1; d <= n; d++) {
                if (placed[d] + degree * 2 > n)
                    continue;
                uint32_t uni = 0;
                int ok = 1;
                for (uint32_t m = set; m && ok; m &= m - 1) {
                    uint32_t p = pos[pass][lg_low(m)][d];
                    ok = lg_popc(p) > 1;
                    uni |= p;
                }
                if (!ok || lg_popc(uni) != degree)
                    continue;
                lg_begin(out, names[degree], rating[degree]);
                /* Line i's j-th cell is the crossing with cross line j. */
                for (uint32_t m = uni; m; m &= m - 1) {
                    int h = cover[lg_low(m)];
                    for (int j = 0; j < n; j++)
                        if (!(set >> j & 1))
                            lg_elim(g, out, lg_hcell(g, h, j), d);
                }
                if (!out->nelim)
                    continue;
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
    }
    return LG_NONE;
}

/*
 * subsets.c -- naked and hidden pairs, triples and quads (3.0/3.6/5.0 and
 * 3.4/4.0/5.4), and the direct hidden pair/triple (2.0/2.5) that SE counts
 * only when the set leaves a hidden single of another digit in its house.
 * Houses in SE's order (boxes, columns, rows); digit and cell subsets in
 * colex order as SE's Permutations enumerates them.
 */
#include <stdio.h>
#include "lgint.h"


/* Digits of a mask as "1,2,3". */
static const char *digits_str(uint32_t m, char *buf, size_t size)
{
    size_t k = 0;
    buf[0] = 0;
    for (int d = 1; m && k + 4 < size; d++, m >>= 1)
        if (m & 1)
            k += (size_t)snprintf(buf + k, size - k, "%s%d", k ? "," : "", d);
    return buf;
}

int lg_find_hidden_set(const lg_grid *g, int arg, lg_step *out)
{
    static const char *direct_names[] = {"", "", "Direct Hidden Pair", "Direct Hidden Triplet"};
    static const char *names[] = {"", "", "Hidden Pair", "Hidden Triplet", "Hidden Quad"};
    static const double direct_rating[] = {0, 0, 2.0, 2.5}, rating[] = {0, 0, 3.4, 4.0, 5.4};
    int degree = arg & 15, direct = arg >> 4;
    int n = g->n, hs[LG_MAX_HOUSES], nh = lg_houses_scan(g->b, hs);
    char hb[32], db[64];
    const lg_view *v = lg_view_of(g);
    static _Thread_local unsigned long none[32];
    for (int i = 0; i < nh; i++) {
        int h = hs[i], empty = lg_popc(v->blank[h]);
        if (!(empty > degree * 2 || (direct && empty > degree)) || !lg_changed(v->hchanged[h], none[arg & 31]))
            continue;
        const uint32_t *pos = v->pos[h];
        uint32_t can = 0, idx = 0;
        /* Only digits with 2..degree places can be in the set. */
        for (int d = 1; d <= n; d++)
            if (lg_popc(pos[d]) > 1 && lg_popc(pos[d]) <= degree)
                can |= 1u << (d - 1);
        for (uint32_t set; (set = lg_next_subset(can, degree, &idx));) {
            uint32_t uni = 0;
            int ok = 1;
            for (uint32_t m = set; m && ok; m &= m - 1) {
                uint32_t p = pos[lg_low(m) + 1];
                ok = lg_popc(p) > 1;
                uni |= p;
            }
            if (!ok || lg_popc(uni) != degree)
                continue;
            int single_cell = -1, single_d = 0;
            if (direct) {
                for (int d = 1; d <= n && single_cell < 0; d++)
                    if (!(set >> (d - 1) & 1) && lg_popc(pos[d]) > 1 && lg_popc(pos[d] & ~uni) == 1) {
                        single_cell = lg_hcell(g, h, lg_low(pos[d] & ~uni));
                        single_d = d;
                    }
                if (single_cell < 0)
                    continue;
            }
            lg_begin(out, direct ? direct_names[degree] : names[degree],
                     direct ? direct_rating[degree] : rating[degree]);
            for (uint32_t m = direct ? 0 : uni; m; m &= m - 1) {  /* direct: the single only (SE 1.2.1.3) */
                int c = lg_hcell(g, h, lg_low(m));
                for (uint32_t o = g->cand[c] & ~set; o; o &= o - 1)
                    lg_elim(g, out, c, lg_low(o) + 1);
            }
            if (direct)
                lg_place(out, single_cell, single_d);
            if (!direct && !out->nelim)
                continue;
            lg_text(g, out, "%s in %s", digits_str(set, db, sizeof db), lg_house_name(g->b, h, hb, sizeof hb));
            return LG_FOUND;
        }
    }
    none[arg & 31] = v->epoch;
    return LG_NONE;
}

int lg_find_naked_set(const lg_grid *g, int degree, lg_step *out)
{
    static const double rating[] = {0, 0, 3.0, 3.6, 5.0};
    static const char *names[] = {"", "", "Naked Pair", "Naked Triplet", "Naked Quad"};
    int n = g->n, hs[LG_MAX_HOUSES], nh = lg_houses_scan(g->b, hs);
    char hb[32], db[64];
    const lg_view *v = lg_view_of(g);
    static _Thread_local unsigned long none[5];
    for (int i = 0; i < nh; i++) {
        int h = hs[i];
        if (lg_popc(v->blank[h]) < degree * 2 || !lg_changed(v->hchanged[h], none[degree]))
            continue;
        uint32_t can = 0, idx = 0;   /* cells with 2..degree candidates */
        for (int j = 0; j < n; j++) {
            int k = lg_popc(g->cand[lg_hcell(g, h, j)]);
            if (k > 1 && k <= degree)
                can |= 1u << j;
        }
        for (uint32_t set; (set = lg_next_subset(can, degree, &idx));) {
            uint32_t uni = 0;
            int ok = 1;
            for (uint32_t m = set; m && ok; m &= m - 1) {
                uint32_t c = g->cand[lg_hcell(g, h, lg_low(m))];
                ok = lg_popc(c) > 1;
                uni |= c;
            }
            if (!ok || lg_popc(uni) != degree)
                continue;
            lg_begin(out, names[degree], rating[degree]);
            for (int j = 0; j < n; j++)
                if (!(set >> j & 1)) {
                    int c = lg_hcell(g, h, j);
                    for (uint32_t o = g->cand[c] & uni; o; o &= o - 1)
                        lg_elim(g, out, c, lg_low(o) + 1);
                }
            if (!out->nelim)
                continue;
            lg_text(g, out, "%s in %s", digits_str(uni, db, sizeof db), lg_house_name(g->b, h, hb, sizeof hb));
            return LG_FOUND;
        }
    }
    none[degree] = v->epoch;
    return LG_NONE;
}

/*
 * singles.c -- full house, hidden single (box 1.2, line 1.5), naked single
 * (2.3), found in Sudoku Explainer's order: every house's last empty cell
 * first (boxes, columns, rows), then hidden singles in the same order, and
 * naked singles cell by cell.
 */
#include "lgint.h"

int lg_find_hidden_single(const lg_grid *g, int arg, lg_step *out)
{
    (void)arg;
    int hs[LG_MAX_HOUSES], nh = lg_houses_scan(g->b, hs);
    char hb[32];
    /* Full houses first (a house's one empty cell), then hidden singles in
     * the other houses. */
    const lg_view *v = lg_view_of(g);
    static _Thread_local unsigned long none;
    for (int alone = 1; alone >= 0; alone--)
        for (int i = 0; i < nh; i++) {
            int h = hs[i];
            if ((lg_popc(v->blank[h]) == 1) != alone || !lg_changed(v->hchanged[h], none))
                continue;
            if (v->one[h]) {
                int d = lg_low(v->one[h]) + 1;
                uint32_t p = v->pos[h][d];
                int box = g->b->house_kind[h] == SDK_HOUSE_BOX;
                lg_begin(out, alone ? "Full House" : "Hidden Single", alone ? 1.0 : box ? 1.2 : 1.5);
                lg_place(out, lg_hcell(g, h, lg_low(p)), d);
                if (!g->no_text)   /* (the commonest step: spare its house name) */
                    lg_text(g, out, "%s", lg_house_name(g->b, h, hb, sizeof hb));
                return LG_FOUND;
            }
        }
    none = v->epoch;
    return LG_NONE;
}

int lg_find_naked_single(const lg_grid *g, int arg, lg_step *out)
{
    (void)arg;
    for (int c = 0; c < g->b->ncells; c++)
        if (!g->val[c] && lg_popc(g->cand[c]) == 1) {
            lg_begin(out, "Naked Single", 2.3);
            lg_place(out, c, lg_low(g->cand[c]) + 1);
            lg_text(g, out, NULL);
            return LG_FOUND;
        }
    return LG_NONE;
}

/*
 * view.c -- per-house state derived from a candidate grid (lg_view_of): each
 * house's places of each digit and its blank cells.  The finders ask for
 * them at every step; the view is kept per thread and brought up to date by
 * comparing the grid with the copy it was last made from, so only the cells
 * a step changed are worked (any grid, however changed, gets a true view).
 */
#include <string.h>
#include "lgint.h"

#define VIEW_MEMBERS (LG_MAX_HOUSES * SDK_MAX_N)

static _Thread_local struct {
    lg_view v;
    lg_board_id id;
    int n, ncells, nhouses;
    uint32_t cand[SDK_MAX_CELLS];   /* the grid the view was made from */
    uint8_t val[SDK_MAX_CELLS];
    int mstart[SDK_MAX_CELLS + 1];  /* each cell's houses and its index there */
    uint16_t mhouse[VIEW_MEMBERS];
    uint8_t mindex[VIEW_MEMBERS];
    uint32_t hdig[LG_MAX_HOUSES];   /* during a sync: digits whose places changed (else 0) */
    uint16_t htouched[LG_MAX_HOUSES];
} vw;

/* The membership lists of a new board; the view starts as an all-filled
 * grid (nothing blank, no candidates), which the sync then corrects. */
static void view_reset(const sdk_board *b)
{
    int n = b->n, nh = b->nhouses < LG_MAX_HOUSES ? b->nhouses : LG_MAX_HOUSES, k = 0;
    for (int c = 0; c < b->ncells; c++) {
        vw.mstart[c] = k;
        for (int j = b->cell_house_start[c]; j < b->cell_house_start[c + 1]; j++) {
            int h = b->cell_houses[j];
            for (int i = 0; i < n && h < nh; i++)
                if (b->house_cells[h * n + i] == c) {
                    vw.mhouse[k] = (uint16_t)h;
                    vw.mindex[k++] = (uint8_t)i;
                }
        }
    }
    vw.mstart[b->ncells] = k;
    memset(vw.v.pos, 0, sizeof vw.v.pos[0] * (size_t)nh);
    memset(vw.v.blank, 0, sizeof vw.v.blank[0] * (size_t)nh);
    memset(vw.v.one, 0, sizeof vw.v.one[0] * (size_t)nh);
    memset(vw.v.many, 0, sizeof vw.v.many[0] * (size_t)nh);
    /* Everything counts as changed for the finders' memories. */
    vw.v.epoch++;
    for (int h = 0; h < nh; h++)
        vw.v.hchanged[h] = vw.v.epoch;
    for (int d = 0; d <= n; d++)
        vw.v.dchanged[d] = vw.v.epoch;
    for (int c = 0; c < b->ncells; c++)
        vw.v.cchanged[c] = vw.v.epoch;
    memset(vw.cand, 0, sizeof vw.cand[0] * (size_t)b->ncells);
    memset(vw.val, 1, (size_t)b->ncells);
    vw.n = n;
    vw.ncells = b->ncells;
    vw.nhouses = nh;
    lg_board_set(&vw.id, b);
}

const lg_view *lg_view_of(const lg_grid *g)
{
    const sdk_board *b = g->b;
    if (!lg_board_is(&vw.id, b) || vw.n != b->n || vw.ncells != b->ncells)
        view_reset(b);
    int nc = b->ncells;
    if (!memcmp(vw.cand, g->cand, sizeof vw.cand[0] * (size_t)nc) && !memcmp(vw.val, g->val, (size_t)nc))
        return &vw.v;
    unsigned long epoch = ++vw.v.epoch;
    int nt = 0;
    for (int c = 0; c < nc; c++) {
        /* Eight cells at once, most often all unchanged. */
        if (!(c & 7) && c + 8 <= nc && !memcmp(g->cand + c, vw.cand + c, 32) && !memcmp(g->val + c, vw.val + c, 8)) {
            c += 7;
            continue;
        }
        uint32_t now = g->cand[c], was = vw.cand[c];
        int flip = (g->val[c] == 0) != (vw.val[c] == 0);
        if (now == was && g->val[c] == vw.val[c])
            continue;
        uint32_t on = now & ~was, off = was & ~now;
        vw.v.cchanged[c] = epoch;
        for (uint32_t m = on | off; m; m &= m - 1)
            vw.v.dchanged[lg_low(m) + 1] = epoch;
        if (g->val[c] != vw.val[c])   /* (the digits placed there count as changed too) */
            for (int i = 0; i < 2; i++) {
                int d = i ? g->val[c] : vw.val[c];
                vw.v.dchanged[d <= SDK_MAX_N ? d : 0] = epoch;
            }
        for (int k = vw.mstart[c]; k < vw.mstart[c + 1]; k++) {
            int h = vw.mhouse[k];
            uint32_t *pos = vw.v.pos[h], bit = 1u << vw.mindex[k];
            vw.v.hchanged[h] = epoch;
            for (uint32_t m = on; m; m &= m - 1)
                pos[lg_low(m) + 1] |= bit;
            for (uint32_t m = off; m; m &= m - 1)
                pos[lg_low(m) + 1] &= ~bit;
            if (!vw.hdig[h] && (on | off))
                vw.htouched[nt++] = (uint16_t)h;
            vw.hdig[h] |= on | off;
            if (flip)
                vw.v.blank[h] ^= bit;
        }
        vw.cand[c] = now;
        vw.val[c] = g->val[c];
    }
    /* Digits of one place and of several, once a house and digit. */
    for (int t = 0; t < nt; t++) {
        int h = vw.htouched[t];
        const uint32_t *pos = vw.v.pos[h];
        uint32_t one = vw.v.one[h], many = vw.v.many[h];
        for (uint32_t m = vw.hdig[h]; m; m &= m - 1) {
            uint32_t d = m & -m, p = pos[lg_low(m) + 1];
            one = p && !(p & (p - 1)) ? one | d : one & ~d;
            many = p & (p - 1) ? many | d : many & ~d;
        }
        vw.v.one[h] = one;
        vw.v.many[h] = many;
        vw.hdig[h] = 0;
    }
    return &vw.v;
}

/*
 * bug.c -- the bivalue universal grave, types 1-4 (5.6; 5.7; 5.7 + 0.1 a
 * cell of the naked set for type 3): if, without a few "BUG digits" of a
 * few cells, every empty cell had two candidates and every digit two places
 * in each house, the puzzle would have two solutions, so some BUG digit is
 * true.  Follows Sudoku Explainer's search and its order of hints.
 */
#include <string.h>
#include <stdio.h>
#include "lgint.h"

typedef struct bug_ctx {
    int cells[SDK_MAX_CELLS], ncells;        /* BUG cells, in order found */
    uint32_t values[SDK_MAX_CELLS];          /* per cell: its BUG digits */
    uint32_t all;                            /* every BUG digit */
    int common[SDK_MAX_CELLS], ncommon;      /* cells seeing every BUG cell; -1: not yet */
} bug_ctx;

static int bug_is_cell(const bug_ctx *k, int c)
{
    for (int i = 0; i < k->ncells; i++)
        if (k->cells[i] == c)
            return 1;
    return 0;
}

static void bug_text(const lg_grid *g, lg_step *s, const bug_ctx *k)
{
    char buf[256], cb[16];
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < k->ncells && len + 12 < sizeof buf; i++)
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s", i ? "," : "",
                                lg_cell_name(g->b, k->cells[i], cb, sizeof cb));
    lg_text(g, s, "%s", buf);
}

/* The shared standard house (box, row, column order) of every BUG cell, or -1. */
static int bug_shared(const lg_grid *g, const bug_ctx *k, int kind)
{
    int h = -1;
    for (int i = 0; i < k->ncells; i++) {
        int c = k->cells[i];
        int hc = kind == SDK_HOUSE_BOX ? g->b->cell_box[c] : kind == SDK_HOUSE_ROW ? g->b->cell_row[c]
                                                                                  : g->b->cell_col[c];
        if (h < 0)
            h = hc;
        else if (h != hc)
            return -1;
    }
    return h;
}

static const int std_kinds[3] = {SDK_HOUSE_BOX, SDK_HOUSE_ROW, SDK_HOUSE_COL};

static int bug_type4(const lg_grid *g, const bug_ctx *k, lg_step *out)
{
    int c1 = k->cells[0], c2 = k->cells[1];
    uint32_t common = g->cand[c1] & g->cand[c2] & ~k->all;
    if (lg_popc(common) != 1)
        return LG_NONE;
    for (int t = 0; t < 3; t++) {
        if (bug_shared(g, k, std_kinds[t]) < 0)
            continue;
        lg_begin(out, "BUG type 4", 5.7);
        uint32_t r1 = g->cand[c1] & ~k->values[0] & ~common, r2 = g->cand[c2] & ~k->values[1] & ~common;
        for (; r1; r1 &= r1 - 1)
            lg_elim(g, out, c1, lg_low(r1) + 1);
        for (; r2; r2 &= r2 - 1)
            lg_elim(g, out, c2, lg_low(r2) + 1);
        if (!out->nelim)
            return LG_NONE;   /* SE would add it and stall; nothing to apply */
        bug_text(g, out, k);
        return LG_FOUND;
    }
    return LG_NONE;
}

static int bug_type3(const lg_grid *g, const bug_ctx *k, lg_step *out)
{
    for (int t = 0; t < 3; t++) {
        int h = bug_shared(g, k, std_kinds[t]);
        if (h < 0)
            continue;
        int rc[SDK_MAX_N], nrc = 0;
        for (int i = 0; i < k->ncommon; i++) {
            int c = k->common[i];
            int hc = t == 0 ? g->b->cell_box[c] : t == 1 ? g->b->cell_row[c] : g->b->cell_col[c];
            if (hc == h && nrc < SDK_MAX_N)
                rc[nrc++] = c;
        }
        for (int degree = 2; degree <= 6; degree++) {
            if (nrc < degree)
                continue;
            for (uint32_t set = (1u << (degree - 1)) - 1; set; set = lg_next_comb(set, nrc)) {
                uint32_t other = 0;
                int ok = lg_popc(k->all) > 1;
                for (uint32_t m = set; m; m &= m - 1) {
                    uint32_t p = g->cand[rc[lg_low(m)]];
                    ok &= lg_popc(p) > 1;
                    other |= p;
                }
                if (lg_popc(other) != degree || !ok || lg_popc(other | k->all) != degree)
                    continue;
                uint32_t naked = other | k->all;
                lg_begin(out, "BUG type 3", 5.7 + (lg_popc(naked) - 1) * 0.1);
                for (int i = 0; i < nrc; i++)
                    if (!(set >> i & 1) && !bug_is_cell(k, rc[i]))
                        for (uint32_t o = g->cand[rc[i]] & naked; o; o &= o - 1)
                            lg_elim(g, out, rc[i], lg_low(o) + 1);
                if (out->nelim) {
                    bug_text(g, out, k);
                    return LG_FOUND;
                }
            }
        }
    }
    return LG_NONE;
}

int lg_find_bug(const lg_grid *g, int arg, lg_step *out)
{
    (void)arg;
    const sdk_board *b = g->b;
    static _Thread_local bug_ctx k;
    static _Thread_local uint32_t temp[SDK_MAX_CELLS];
    static _Thread_local int peers[SDK_MAX_CELLS];
    k.ncells = 0;
    k.all = 0;
    k.ncommon = -1;
    memcpy(temp, g->cand, sizeof(uint32_t) * (size_t)b->ncells);
    int hs[LG_MAX_HOUSES], nh = lg_houses_of(b, SDK_HOUSE_BOX, hs);
    nh += lg_houses_of(b, SDK_HOUSE_ROW, hs + nh);
    nh += lg_houses_of(b, SDK_HOUSE_COL, hs + nh);
    nh += lg_houses_of(b, SDK_HOUSE_EXTRA, hs + nh);
    const lg_view *v = lg_view_of(g);
    for (int i = 0; i < nh; i++) {
        const uint32_t *pos = v->pos[hs[i]];
        for (int d = 1; d <= g->n; d++) {
            uint32_t p = pos[d];
            if (p == 0 || lg_popc(p) == 2)
                continue;
            int nb = 0, cell = -1;
            for (uint32_t m = p; m; m &= m - 1) {
                int c = lg_hcell(g, hs[i], lg_low(m));
                if (lg_popc(g->cand[c]) >= 3) {
                    nb++;
                    cell = c;
                }
            }
            if (nb == 0)
                return LG_NONE;
            if (nb != 1)
                continue;
            int at = 0;
            while (at < k.ncells && k.cells[at] != cell)
                at++;
            if (at == k.ncells) {
                k.cells[k.ncells] = cell;
                k.values[k.ncells++] = 0;
            }
            k.values[at] |= 1u << (d - 1);
            k.all |= 1u << (d - 1);
            temp[cell] &= ~(1u << (d - 1));
            int np = lg_peers_se(b, cell, peers), w = 0;
            if (k.ncommon < 0) {
                memcpy(k.common, peers, sizeof(int) * (size_t)np);
                k.ncommon = np;
            } else {
                for (int j = 0; j < k.ncommon; j++)
                    for (int q = 0; q < np; q++)
                        if (peers[q] == k.common[j]) {
                            k.common[w++] = k.common[j];
                            break;
                        }
                k.ncommon = w;
            }
            w = 0;
            for (int j = 0; j < k.ncommon; j++)
                if (!bug_is_cell(&k, k.common[j]))
                    k.common[w++] = k.common[j];
            k.ncommon = w;
            if (k.ncells > 1 && lg_popc(k.all) > 1 && k.ncommon == 0)
                return LG_NONE;
        }
    }
    /* Without the BUG digits: every empty cell bivalue, every digit twice a house. */
    for (int c = 0; c < b->ncells; c++)
        if (!g->val[c] && lg_popc(temp[c]) != 2)
            return LG_NONE;
    for (int h = 0; h < b->nhouses; h++)
        for (int d = 1; d <= g->n; d++) {
            int cnt = 0;
            for (int i = 0; i < g->n; i++)
                cnt += (temp[lg_hcell(g, h, i)] >> (d - 1)) & 1;
            if (cnt != 0 && cnt != 2)
                return LG_NONE;
        }
    if (k.ncells == 0)
        return LG_NONE;
    if (k.ncells == 1) {
        lg_begin(out, "BUG type 1", 5.6);
        for (uint32_t o = g->cand[k.cells[0]] & ~k.all; o; o &= o - 1)
            lg_elim(g, out, k.cells[0], lg_low(o) + 1);
        bug_text(g, out, &k);
        return LG_FOUND;
    }
    if (lg_popc(k.all) == 1) {
        if (k.ncommon > 0) {
            lg_begin(out, "BUG type 2", 5.7);
            for (int j = 0; j < k.ncommon; j++)
                lg_elim(g, out, k.common[j], lg_low(k.all) + 1);
            if (out->nelim) {
                bug_text(g, out, &k);
                return LG_FOUND;
            }
        }
        return k.ncells == 2 ? bug_type4(g, &k, out) : LG_NONE;
    }
    if (k.ncommon > 0) {
        if (k.ncells == 2 && bug_type4(g, &k, out) == LG_FOUND)
            return LG_FOUND;
        return bug_type3(g, &k, out);
    }
    return LG_NONE;
}

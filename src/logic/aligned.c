/*
 * aligned.c -- aligned pair exclusion (6.2) and aligned triplet exclusion
 * (7.5): for k cells, every combination of their candidates that two
 * mutually visible cells would share, or that would empty a common
 * "excluder" cell (a peer of all k with at most k candidates), is
 * impossible; a candidate in no possible combination goes.  Cells and
 * excluders chosen as Sudoku Explainer does (no excluders next to a naked
 * single; pairs of cells, then tails from their excluders' cells).
 */
#include <string.h>
#include "lgint.h"

#define AE_MAXC 128   /* candidate cells considered (a 9x9 has at most 81) */
#define AE_MAXX 96    /* excluders a cell keeps */

#define AE_WORDS ((SDK_MAX_CELLS + 63) / 64)

typedef struct ae_ctx {
    int list[SDK_MAX_CELLS], nlist;
    short index[SDK_MAX_CELLS];               /* cell -> position in list, -1 */
    uint64_t bits[SDK_MAX_CELLS][AE_WORDS];   /* each listed cell's excluders */
    int words;
    const lg_seen_row *seen;                  /* the board's peer matrix */
} ae_ctx;

/* Tries cells[0..k) whose common excluders are the set cm (see01: the
 * first two cells see each other): eliminations go to out; returns 1 if any. */
static int ae_try(const lg_grid *g, const ae_ctx *x, const int *cells, int k, const uint64_t *cm,
                  int see01, lg_step *out)
{
    uint32_t common[AE_MAXX];   /* the common excluders' candidates */
    int ncommon = 0;
    for (int w = 0; w < x->words; w++) {
        uint64_t m = cm[w];
        for (; m && ncommon < AE_MAXX; m &= m - 1)
            common[ncommon++] = g->cand[w * 64 + __builtin_ctzll(m)];
    }
    if (ncommon < 2)
        return 0;
    /* An excluder forbids only combinations holding all its digits: those
     * with a digit none of the cells holds forbid nothing and are dropped.
     * If each cell has two digits no excluder left holds (and two cells
     * three, for triplets), every digit of a cell is in a combination of
     * distinct such digits around it, which nothing forbids: nothing goes. */
    uint32_t un = 0, held = 0, free_[3];
    for (int i = 0; i < k; i++)
        un |= g->cand[cells[i]];
    int nrel = 0, quiet = 1;
    for (int e = 0; e < ncommon; e++)
        if (!(common[e] & ~un)) {
            held |= common[e];
            common[nrel++] = common[e];
        }
    ncommon = nrel;
    for (int i = 0; i < k; i++) {
        free_[i] = g->cand[cells[i]] & ~held;
        quiet &= lg_popc(free_[i]) >= 2;
    }
    for (int i = 0; i < k && k == 3 && quiet; i++)
        quiet &= lg_popc(free_[i] | free_[(i + 1) % 3]) >= 3;
    if (quiet)
        return 0;
    int see[3][3] = {{0}};
    see[0][1] = see[1][0] = see01;
    for (int i = 0; i < 2 && k == 3; i++)
        see[i][2] = see[2][i] = lg_seen(x->seen, cells[i], cells[2]);
    /* The combinations by their first k-1 digits: the last cell's digits
     * that complete an allowed one form a mask.  Stops once every
     * candidate is in an allowed combination (nothing to remove); a first
     * round along the diagonal of the first two cells' digits covers them
     * soonest, the full round then finishes (the order changes nothing). */
    uint32_t dm[3], ok[3] = {0, 0, 0}, all = 0;
    for (int i = 0; i < k; i++)
        dm[i] = g->cand[cells[i]];
    uint32_t b[2][SDK_MAX_N];
    int nb[2] = {0, 0};
    for (uint32_t a = dm[0]; a; a &= a - 1)
        b[0][nb[0]++] = a & -a;
    for (uint32_t a = k == 3 ? dm[1] : 1; a; a &= a - 1)
        b[1][nb[1]++] = k == 3 ? a & -a : 0;
    int diag = nb[0] > nb[1] ? nb[0] : nb[1];
    int total = k == 3 ? diag + nb[0] * nb[1] : diag;   /* (pairs: the diagonal is all) */
    for (int t = 0; t < total && !all; t++) {
        int i0 = t < diag ? t % nb[0] : (t - diag) / nb[1];
        int i1 = t < diag ? t % nb[1] : (t - diag) % nb[1];
        uint32_t b0 = b[0][i0], b1 = b[1][i1];
        if (b1 == b0 && see[0][1])
            continue;
        uint32_t m = b0 | b1, last = dm[k - 1], forbid = 0;
        if (see[0][k - 1])
            forbid |= b0;
        if (see[1][k - 1] && k == 3)
            forbid |= b1;
        /* An excluder holding only these digits and at most one more
         * forbids that one (all of them, if it holds no more). */
        for (int e = 0; e < ncommon; e++) {
            uint32_t r = common[e] & ~m;
            if (!(r & (r - 1)))
                forbid |= r ? r : ~0u;
        }
        last &= ~forbid;
        if (!last)
            continue;
        ok[0] |= b0;
        ok[1] |= k == 3 ? b1 : last;
        ok[k - 1] |= last;
        all = ok[0] == dm[0] && ok[1] == dm[1] && ok[k - 1] == dm[k - 1];
    }
    lg_begin(out, k == 2 ? "Aligned Pair Exclusion" : "Aligned Triplet Exclusion", k == 2 ? 6.2 : 7.5);
    for (int i = 0; i < k; i++)
        for (uint32_t m = g->cand[cells[i]] & ~ok[i]; m; m &= m - 1)
            lg_elim(g, out, cells[i], lg_low(m) + 1);
    return out->nelim > 0;
}

/* The triplet of the pair cells[0..1] (common excluders pcm) and tail c:
 * 1 with the step in out if it removes something. */
static inline int ae_triplet(const lg_grid *g, const ae_ctx *x, int *cells, int c,
                             const uint64_t *pcm, int see01, lg_step *out)
{
    uint64_t tcm[AE_WORDS];
    int tc = 0;
    for (int w = 0; w < x->words; w++) {
        tcm[w] = pcm[w] & x->bits[c][w];
        tc += __builtin_popcountll(tcm[w]);
    }
    if (tc < 2)
        return 0;   /* (ae_try would find fewer than two excluders) */
    cells[2] = c;
    return ae_try(g, x, cells, 3, tcm, see01, out);
}

/* The tails of the pair cells[0..1] in SE's order (excluders of either
 * cell that are candidate cells, each once), tried in turn: the first
 * triplet with a removal is the step.  dirty: the pair's own answer may
 * have changed, else only tails in the set chg are tried (as it was). */
static int ae_tails_ordered(const lg_grid *g, const ae_ctx *x, int *cells, const uint64_t *pcm,
                            int see01, int dirty, const uint64_t *chg, lg_step *out)
{
    static _Thread_local unsigned tseen[SDK_MAX_CELLS], tmark;
    if (++tmark == 0) {
        memset(tseen, 0, sizeof tseen);
        tmark = 1;
    }
    int peers[LG_MAX_PEERS];
    for (int w2 = 0; w2 < 2; w2++)
        for (int e = 0, np = lg_peers_se(g->b, cells[w2], peers); e < np; e++) {
            int c = peers[e];
            if (!(x->bits[cells[w2]][c >> 6] >> (c & 63) & 1))
                continue;   /* (not an excluder of the cell) */
            if (c == cells[0] || c == cells[1] || x->index[c] < 0 || tseen[c] == tmark)
                continue;
            tseen[c] = tmark;
            if (!dirty && !(chg[c >> 6] >> (c & 63) & 1))
                continue;   /* (as it was) */
            if (ae_triplet(g, x, cells, c, pcm, see01, out))
                return 1;
        }
    return 0;
}

/* The pair cells[0..1] (cells[0] first in the list) and, for triplets,
 * its tails: 1 with the step in out if one removes something.  changed,
 * chg, inlist: the sets of lg_find_aligned. */
static int ae_pair(const lg_grid *g, const ae_ctx *x, int *cells, int degree,
                   const uint64_t *changed, const uint64_t *chg, const uint64_t *inlist,
                   lg_step *out)
{
    const sdk_board *b = g->b;
    const uint64_t *s0 = x->seen[cells[0]], *s1 = x->seen[cells[1]];
    char cb[3][16];
    /* A third cell only narrows the common excluders: fewer than two for
     * the pair, none of its triplets can exclude. */
    uint64_t pcm[AE_WORDS], tails[AE_WORDS], shared = 0, anyt = 0;
    int pc = 0;
    for (int w = 0; w < x->words; w++) {
        pcm[w] = x->bits[cells[0]][w] & x->bits[cells[1]][w];
        pc += __builtin_popcountll(pcm[w]);
        shared |= s0[w] & s1[w] & changed[w];
    }
    if (pc < 2)
        return 0;
    int dirty = shared || (chg[cells[0] >> 6] >> (cells[0] & 63) & 1) ||
                (chg[cells[1] >> 6] >> (cells[1] & 63) & 1);
    int see01 = lg_seen(x->seen, cells[0], cells[1]);
    if (degree == 2) {
        if (!dirty || !ae_try(g, x, cells, 2, pcm, see01, out))
            return 0;
        lg_text(g, out, "%s,%s", lg_cell_name(b, cells[0], cb[0], 16), lg_cell_name(b, cells[1], cb[1], 16));
        return 1;
    }
    /* The triplets' tails as a set first, in cell order: the one that
     * removes something sends the pair back to SE's order. */
    for (int w = 0; w < x->words; w++) {
        tails[w] = (x->bits[cells[0]][w] | x->bits[cells[1]][w]) & inlist[w] & (dirty ? ~0ull : chg[w]);
        anyt |= tails[w];
    }
    if (!anyt)
        return 0;
    tails[cells[0] >> 6] &= ~(1ull << (cells[0] & 63));
    tails[cells[1] >> 6] &= ~(1ull << (cells[1] & 63));
    int hit = 0;
    for (int w = 0; w < x->words && !hit; w++)
        for (uint64_t m = tails[w]; m && !hit; m &= m - 1)
            hit = ae_triplet(g, x, cells, w * 64 + __builtin_ctzll(m), pcm, see01, out);
    if (!hit || !ae_tails_ordered(g, x, cells, pcm, see01, dirty, chg, out))
        return 0;
    lg_text(g, out, "%s,%s,%s", lg_cell_name(b, cells[0], cb[0], 16),
            lg_cell_name(b, cells[1], cb[1], 16), lg_cell_name(b, cells[2], cb[2], 16));
    return 1;
}

int lg_find_aligned(const lg_grid *g, int degree, lg_step *out)
{
    const sdk_board *b = g->b;
    if (degree < 2 || degree > 3)
        return LG_NONE;
    /* A pair's answer depends on its two cells, the peers they share (the
     * excluders) and on both being candidate cells; a triplet's on its
     * third cell too.  So, while the list's cap is not reached, only pairs
     * and triplets holding a cell changed or listed anew since the last
     * search that found nothing (chg), or sharing a changed peer, are tried. */
    static _Thread_local unsigned long none[4];
    static _Thread_local uint64_t listed[4][AE_WORDS];   /* the list then */
    static _Thread_local ae_ctx x;
    static _Thread_local int peers[LG_MAX_PEERS];
    int memo = b->ncells <= AE_MAXC;
    const lg_view *v = lg_view_of(g);
    unsigned long since = memo ? none[degree] : 0;
    uint64_t changed[AE_WORDS] = {0}, chg[AE_WORDS], inlist[AE_WORDS] = {0};
    uint64_t fit[AE_WORDS] = {0}, ones[AE_WORDS] = {0};   /* 2..degree candidates; one */
    x.nlist = 0;
    x.words = (b->ncells + 63) / 64;
    x.seen = lg_sees_table(b);
    for (int c = 0; c < b->ncells; c++) {
        int k = lg_popc(g->cand[c]);
        if (k == 1)
            ones[c >> 6] |= 1ull << (c & 63);
        else if (k >= 2 && k <= degree)
            fit[c >> 6] |= 1ull << (c & 63);
    }
    for (int c = 0; c < b->ncells; c++) {
        if (v->cchanged[c] > since)
            changed[c >> 6] |= 1ull << (c & 63);
        x.index[c] = -1;
        if (lg_popc(g->cand[c]) < 2)
            continue;
        /* The excluders: peers of 2..degree candidates, the first AE_MAXX in
         * SE's order; none next to a naked single. */
        int single = 0, ne = 0;
        for (int w = 0; w < x.words; w++) {
            x.bits[c][w] = x.seen[c][w] & fit[w];
            ne += __builtin_popcountll(x.bits[c][w]);
            single |= (x.seen[c][w] & ones[w]) != 0;
        }
        if (ne > AE_MAXX) {
            int np = lg_peers_se(b, c, peers);
            memset(x.bits[c], 0, sizeof x.bits[c]);
            ne = 0;
            for (int i = 0; i < np && ne < AE_MAXX; i++)
                if (fit[peers[i] >> 6] >> (peers[i] & 63) & 1) {
                    x.bits[c][peers[i] >> 6] |= 1ull << (peers[i] & 63);
                    ne++;
                }
            memo = 0;   /* (a list cut short may shift: no memory then) */
        }
        if (single || !ne || x.nlist >= AE_MAXC)
            continue;
        x.index[c] = (short)x.nlist;
        x.list[x.nlist++] = c;
        inlist[c >> 6] |= 1ull << (c & 63);
    }
    for (int w = 0; w < x.words; w++) {
        changed[w] |= memo ? 0 : ~0ull;
        chg[w] = changed[w] | (inlist[w] & ~listed[degree][w]);
    }
    /* Triplets: the cells with a listed excluder in chg (the tails that
     * make a pair's triplets worth trying though the pair is as it was). */
    uint64_t tcells[AE_WORDS] = {0};
    for (int i = 0; i < x.nlist && degree == 3; i++) {
        int c = x.list[i];
        for (int w = 0; w < x.words; w++)
            if (x.bits[c][w] & inlist[w] & chg[w])
                tcells[c >> 6] |= 1ull << (c & 63);
    }
    for (int n2 = 1; n2 < x.nlist; n2++) {
        /* The partners of this cell (the listed cells before it) that make
         * a pair to try: all if it is in chg (or, for triplets, has a tail
         * there), else those in chg, those sharing a changed peer with it
         * and, for triplets, those with a tail in chg. */
        int c1 = x.list[n2], all = chg[c1 >> 6] >> (c1 & 63) & 1;
        for (int w = 0; w < x.words && degree == 3; w++)
            all |= (x.bits[c1][w] & inlist[w] & chg[w]) != 0;
        uint64_t part[AE_WORDS];
        for (int w = 0; w < x.words; w++)
            part[w] = all ? ~0ull : chg[w] | tcells[w];
        for (int w = 0; w < x.words && !all; w++)
            for (uint64_t m = changed[w] & x.seen[c1][w]; m; m &= m - 1)
                for (int u = 0, p = w * 64 + __builtin_ctzll(m); u < x.words; u++)
                    part[u] |= x.seen[p][u];
        for (int w = 0; w < x.words; w++) {
            uint64_t below = w < c1 >> 6 ? ~0ull : w > c1 >> 6 ? 0 : (1ull << (c1 & 63)) - 1;
            for (uint64_t m = part[w] & inlist[w] & below; m; m &= m - 1) {
                int cells[3] = {w * 64 + __builtin_ctzll(m), c1, -1};
                if (ae_pair(g, &x, cells, degree, changed, chg, inlist, out))
                    return LG_FOUND;
            }
        }
    }
    if (memo) {
        none[degree] = v->epoch;
        memcpy(listed[degree], inlist, sizeof inlist);
    }
    return LG_NONE;
}

/*
 * wings.c -- XY-wing (4.2) and XYZ-wing (4.4): a pivot xy (xyz) seeing two
 * bivalue pincers xz and yz; z leaves every cell seeing both pincers (and
 * the pivot, for XYZ).  Pivots row-major, pincers in SE's peer order.
 */
#include <string.h>
#include "lgint.h"

int lg_find_xywing(const lg_grid *g, int xyz, lg_step *out)
{
    const sdk_board *b = g->b;
    int target = xyz ? 3 : 2;
    static _Thread_local int peers[SDK_MAX_CELLS];
    char c1[16], c2[16], c3[16];
    const lg_seen_row *seen = lg_sees_table(b);
    /* Each digit's cells, to see at once whether a wing removes anything. */
    static _Thread_local lg_seen_row has[SDK_MAX_N];
    int words = (b->ncells + 63) / 64;
    memset(has, 0, sizeof has[0] * (size_t)g->n);
    for (int c = 0; c < b->ncells; c++)
        for (uint32_t m = g->cand[c]; m; m &= m - 1)
            has[lg_low(m)][c >> 6] |= 1ull << (c & 63);
    for (int xy = 0; xy < b->ncells; xy++) {
        uint32_t vxy = g->cand[xy];
        if (lg_popc(vxy) != target)
            continue;
        /* Pincers are bivalue peers: those alone, in the same order. */
        int np = lg_peers_se(b, xy, peers), nbi = 0;
        for (int i = 0; i < np; i++)
            if (lg_popc(g->cand[peers[i]]) == 2)
                peers[nbi++] = peers[i];
        for (int i = 0; i < nbi; i++) {
            int xz = peers[i];
            uint32_t vxz = g->cand[xz];
            if (lg_popc(vxy & ~vxz) != 1)
                continue;
            for (int j = 0; j < nbi; j++) {
                int yz = peers[j];
                uint32_t vyz = g->cand[yz];
                uint32_t uni = vxy | vxz | vyz, inter = vxy & vxz & vyz;
                if (lg_popc(uni) != 3 || lg_popc(inter) != (xyz ? 1 : 0))
                    continue;
                int z = lg_low(vxz & vyz) + 1;
                /* (no peer of itself: xy, xz, yz are no targets) */
                uint64_t any = 0;
                for (int w = 0; w < words; w++)
                    any |= seen[xz][w] & seen[yz][w] & (xyz ? seen[xy][w] : ~0ull) & has[z - 1][w];
                if (!any)
                    continue;
                lg_begin(out, xyz ? "XYZ-Wing" : "XY-Wing", xyz ? 4.4 : 4.2);
                for (int k = b->peer_start[xz]; k < b->peer_start[xz + 1]; k++) {
                    int v = b->peers[k];
                    if (v == xy || v == yz || !lg_seen(seen, v, yz) || (xyz && !lg_seen(seen, v, xy)))
                        continue;
                    lg_elim(g, out, v, z);
                }
                if (!out->nelim)
                    continue;
                lg_text(g, out, "pivot %s, pincers %s %s, z=%d", lg_cell_name(b, xy, c1, sizeof c1),
                        lg_cell_name(b, xz, c2, sizeof c2), lg_cell_name(b, yz, c3, sizeof c3), z);
                return LG_FOUND;
            }
        }
    }
    return LG_NONE;
}

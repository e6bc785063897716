/*
 * boxmoves.c -- the block-swap proposal tables: the free-cell pairs of every
 * box, the one-draw table that gives the sources' "uniform box, then
 * uniform pair" from a single draw, and the boxes' free cells for 3-cycles.
 * The draws themselves are inline in boxmoves.h.
 */
#include "boxmoves.h"

void boxmoves_init(boxmoves *bx, const sdk_board *b, const uint8_t *puzzle)
{
    int total = 0, ncell = 0;
    bx->nboxes = 0;
    bx->start[0] = 0;
    bx->ncycle = 0;
    bx->cycle_start[0] = 0;
    for (int h = 0; h < b->nhouses; h++) {
        if (b->house_kind[h] != SDK_HOUSE_BOX)
            continue;
        const uint16_t *cells = b->house_cells + h * b->n;
        int first = total;
        for (int i = 0; i < b->n; i++)
            for (int j = i + 1; j < b->n; j++)
                if (!puzzle[cells[i]] && !puzzle[cells[j]]) {
                    bx->pair_a[total] = cells[i];
                    bx->pair_b[total++] = cells[j];
                }
        if (total > first)          /* a box with fewer than two free cells has no pair */
            bx->start[++bx->nboxes] = total;
        int nfree = 0, at = ncell;
        for (int i = 0; i < b->n; i++)
            if (!puzzle[cells[i]])
                bx->cycle_cell[at + nfree++] = cells[i];
        if (nfree >= 3) {
            ncell += nfree;
            bx->cycle_start[++bx->ncycle] = ncell;
        }
    }
    /* The one-draw table: L = lcm of the boxes' pair counts, box i's pairs
     * each repeated L/k_i times. */
    uint64_t lcm = 1;
    for (int i = 0; i < bx->nboxes && lcm <= BOXMOVES_DRAW_TABLE; i++) {
        uint64_t k = (uint64_t)(bx->start[i + 1] - bx->start[i]), x = lcm, y = k;
        while (y) {
            uint64_t t = x % y;
            x = y;
            y = t;
        }
        lcm = lcm / x * k;
    }
    bx->ndraw = 0;
    if (bx->nboxes == 0 || lcm * (uint64_t)bx->nboxes > BOXMOVES_DRAW_TABLE)
        return;
    uint32_t at = 0;
    for (int i = 0; i < bx->nboxes; i++) {
        int k = bx->start[i + 1] - bx->start[i];
        for (uint64_t copy = 0; copy < lcm / (uint64_t)k; copy++)
            for (int p = bx->start[i]; p < bx->start[i + 1]; p++)
                bx->draw[at++] = bx->pair_a[p] | (uint32_t)bx->pair_b[p] << 16;
    }
    bx->ndraw = at;
}

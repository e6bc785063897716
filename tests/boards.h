/*
 * boards.h -- boards built by hand for the unit tests: a board's struct
 * copied with room for more houses, its cell tables derived from the house
 * lists, and a board with its cells renamed or its houses in reverse.
 * Header-only (test programs include what they use).
 */
#ifndef SUDOKU_TEST_BOARDS_H
#define SUDOKU_TEST_BOARDS_H

#include <stdlib.h>
#include <string.h>
#include "sudoku.h"

/* A copy of board src's struct with room for nh houses (its own first),
 * the cell tables still to derive (derive_cells). */
static inline sdk_board *board_shell(const sdk_board *src, int nh)
{
    sdk_board *b = calloc(1, sizeof *b);
    *b = *src;
    b->nhouses = nh;
    b->nimplied = 0;                    /* (only the houses given: none implied) */
    b->house_cells = malloc(sizeof(uint16_t) * (size_t)(nh * src->n));
    b->house_kind = malloc((size_t)nh);
    memcpy(b->house_cells, src->house_cells, sizeof(uint16_t) * (size_t)(src->nhouses * src->n));
    memcpy(b->house_kind, src->house_kind, (size_t)src->nhouses);
    return b;
}

/* cell -> houses, then peers, straight from the house lists */
static inline void derive_cells(sdk_board *b)
{
    int n = b->n, nh = b->nhouses, nc = b->ncells;
    b->cell_house_start = calloc((size_t)nc + 1, sizeof(int));
    b->cell_houses = malloc(sizeof(uint16_t) * (size_t)(nh * n));
    b->peer_start = calloc((size_t)nc + 1, sizeof(int));
    b->peers = malloc(sizeof(uint16_t) * (size_t)(nh * n * (n - 1)));     /* (each house's cells, n - 1 peers each) */
    int at = 0, pk = 0;
    for (int c = 0; c < nc; c++) {
        uint8_t peer[SDK_MAX_CELLS] = {0};
        for (int h = 0; h < nh; h++)
            for (int i = 0; i < n; i++)
                if (b->house_cells[h * n + i] == c) {
                    b->cell_houses[at++] = (uint16_t)h;
                    for (int j = 0; j < n; j++)
                        peer[b->house_cells[h * n + j]] = 1;
                }
        b->cell_house_start[c + 1] = at;
        peer[c] = 0;
        for (int p = 0; p < nc; p++)
            if (peer[p])
                b->peers[pk++] = (uint16_t)p;
        b->peer_start[c + 1] = pk;
    }
}

/* Board src with cell c renamed perm[c] (perm NULL: the same cells) and
 * its houses listed in reverse order. */
static inline sdk_board *renamed_board(const sdk_board *src, const uint16_t *perm)
{
    int n = src->n, nh = src->nhouses;
    sdk_board *b = board_shell(src, nh);
    for (int h = 0; h < nh; h++) {
        for (int i = 0; i < n; i++) {
            int c = src->house_cells[(nh - 1 - h) * n + i];
            b->house_cells[h * n + i] = perm ? perm[c] : (uint16_t)c;
        }
        b->house_kind[h] = src->house_kind[nh - 1 - h];
    }
    derive_cells(b);
    return b;
}

/* Frees a board of board_shell, not the tables it shares with its source. */
static inline void free_test_board(sdk_board *b)
{
    b->cell_row = b->cell_col = b->cell_box = b->cell_y = b->cell_x = NULL;
    b->region = NULL;
    sdk_board_free(b);
}

#endif

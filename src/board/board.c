/*
 * board.c -- board geometry: cells, houses and peers as data.
 *
 * Every solver and the energy core read only these tables, so adding a house
 * kind (a diagonal, a jigsaw region, an overlapping grid) means building a
 * different table here, not touching the solvers.
 */
#include <stdlib.h>
#include <string.h>
#include "board.h"

int sdk_board_default_shape(int n, int *box_rows, int *box_cols)
{
    static const int shapes[][3] = {
        {4, 2, 2}, {6, 2, 3}, {8, 2, 4}, {9, 3, 3}, {10, 2, 5}, {12, 3, 4},
        {15, 3, 5}, {16, 4, 4}, {20, 4, 5}, {25, 5, 5},
    };
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        if (shapes[i][0] == n) {
            *box_rows = shapes[i][1];
            *box_cols = shapes[i][2];
            return 1;
        }
    }
    return 0;
}

/* Builds cell->houses and cell->peers from the house lists, so that any house
 * set, standard or not, gets the same derived tables. */
int board_derive_tables(sdk_board *b)
{
    static unsigned long serials;
    b->serial = __atomic_add_fetch(&serials, 1, __ATOMIC_RELAXED);
    int n = b->n, nc = b->ncells, nh = b->nhouses;
    const uint16_t *hc = b->house_cells;
    int *start = b->cell_house_start = calloc((size_t)nc + 1, sizeof(int));
    b->peer_start = calloc((size_t)nc + 1, sizeof(int));
    if (!start || !b->peer_start)
        return 0;
    for (int i = 0; i < nh * n; i++)
        start[hc[i] + 1]++;
    for (int c = 0; c < nc; c++)
        start[c + 1] += start[c];
    uint16_t *houses = b->cell_houses = malloc(sizeof(uint16_t) * (size_t)start[nc]);
    /* room for every house's other cells and one more; shrunk to the peers found */
    uint16_t *peers = b->peers = malloc(sizeof(uint16_t) * ((size_t)start[nc] * (size_t)(n - 1) + 1));
    /* fill[c]: cell c's houses listed so far; then seen[p] == c + 1: p is
     * already among cell c's peers (a stamp per cell, so nothing is cleared
     * between cells) */
    int *fill = calloc((size_t)nc, sizeof(int)), *seen = fill;
    if (!houses || !peers || !fill) {
        free(fill);
        return 0;
    }
    for (int h = 0; h < nh; h++)
        for (int i = 0; i < n; i++) {
            int c = hc[h * n + i];
            houses[start[c] + fill[c]++] = (uint16_t)h;
        }
    memset(seen, 0, sizeof(int) * (size_t)nc);

    /* Peers: union of the cell's houses in house order, each peer once, the
     * cell excluded.  Each candidate is stored and the count moves on only
     * for a new one (a branch per candidate mispredicts). */
    int total = 0;
    for (int c = 0; c < nc; c++) {
        int stamp = c + 1, t = total;
        seen[c] = stamp;
        for (int k = start[c]; k < start[c + 1]; k++) {
            const uint16_t *house = hc + (size_t)houses[k] * (size_t)n;
            for (int i = 0; i < n; i++) {
                int p = house[i];
                peers[t] = (uint16_t)p;
                t += seen[p] != stamp;
                seen[p] = stamp;
            }
        }
        total = t;
        b->peer_start[c + 1] = total;
    }
    free(seen);
    uint16_t *fit = realloc(b->peers, sizeof(uint16_t) * (size_t)(total ? total : 1));
    if (fit)
        b->peers = fit;
    return 1;
}

sdk_board *sdk_board_new(int box_rows, int box_cols)
{
    if (box_rows < 1 || box_cols < 1 || box_rows * box_cols < 2 || box_rows * box_cols > SDK_MAX_N)
        return NULL;
    sdk_board *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    int n = box_rows * box_cols;
    b->box_rows = box_rows;
    b->box_cols = box_cols;
    b->n = n;
    b->ncells = n * n;
    b->nhouses = 3 * n;
    b->house_cells = malloc(sizeof(uint16_t) * (size_t)(b->nhouses * n));
    b->house_kind = malloc((size_t)b->nhouses);
    b->cell_row = malloc(sizeof(uint16_t) * (size_t)b->ncells);
    b->cell_col = malloc(sizeof(uint16_t) * (size_t)b->ncells);
    b->cell_box = malloc(sizeof(uint16_t) * (size_t)b->ncells);
    b->cell_y = malloc(sizeof(uint16_t) * (size_t)b->ncells);
    b->cell_x = malloc(sizeof(uint16_t) * (size_t)b->ncells);
    b->height = b->width = n;
    if (!b->house_cells || !b->house_kind || !b->cell_row || !b->cell_col || !b->cell_box ||
        !b->cell_y || !b->cell_x) {
        sdk_board_free(b);
        return NULL;
    }
    /* Houses 0..n-1 are rows, n..2n-1 columns, 2n..3n-1 boxes (row-major). */
    int boxes_across = n / box_cols;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int cell = r * n + c;
            int box = (r / box_rows) * boxes_across + c / box_cols;
            int in_box = (r % box_rows) * box_cols + c % box_cols;
            b->house_cells[r * n + c] = (uint16_t)cell;
            b->house_cells[(n + c) * n + r] = (uint16_t)cell;
            b->house_cells[(2 * n + box) * n + in_box] = (uint16_t)cell;
            b->cell_row[cell] = (uint16_t)r;
            b->cell_col[cell] = (uint16_t)(n + c);
            b->cell_box[cell] = (uint16_t)(2 * n + box);
            b->cell_y[cell] = (uint16_t)r;
            b->cell_x[cell] = (uint16_t)c;
        }
    for (int i = 0; i < n; i++) {
        b->house_kind[i] = SDK_HOUSE_ROW;
        b->house_kind[n + i] = SDK_HOUSE_COL;
        b->house_kind[2 * n + i] = SDK_HOUSE_BOX;
    }
    if (!board_derive_tables(b)) {
        sdk_board_free(b);
        return NULL;
    }
    return b;
}

void sdk_board_free(sdk_board *b)
{
    if (!b)
        return;
    free(b->house_cells);
    free(b->house_kind);
    free(b->cell_house_start);
    free(b->cell_houses);
    free(b->peer_start);
    free(b->peers);
    free(b->cell_row);
    free(b->cell_col);
    free(b->cell_box);
    free(b->cell_y);
    free(b->cell_x);
    free(b->region);
    free(b->known_grid);
    free(b->cage_start);
    free(b->cage_cells);
    free(b->cage_sum);
    free(b->cell_cage);
    free(b);
}

int sdk_board_givens_consistent(const sdk_board *b, const uint8_t *cells, int *conflict_cell)
{
    /* One pass over the cells, a digit mask per house: this runs on every
     * answer the program prints, so it is kept cheap. */
    uint32_t seen[4 * SDK_MAX_N];
    uint32_t *used = b->nhouses <= 4 * SDK_MAX_N ? seen : calloc((size_t)b->nhouses, sizeof *used);
    int ok = used != NULL;
    if (used == seen)
        memset(seen, 0, sizeof(uint32_t) * (size_t)b->nhouses);
    const int *start = b->cell_house_start;
    const uint16_t *houses = b->cell_houses;
    for (int c = 0; c < b->ncells && ok; c++) {
        int v = cells[c];
        if (!v)
            continue;
        uint32_t bit = 1u << (v - 1), clash = 0;
        if (v > b->n) {
            ok = 0;
        } else {
            for (int k = start[c]; k < start[c + 1]; k++) {
                clash |= used[houses[k]] & bit;
                used[houses[k]] |= bit;
            }
            ok = !clash;
        }
        if (!ok && conflict_cell)
            *conflict_cell = c;
    }
    if (used != seen)
        free(used);
    if (ok && b->ncages)
        ok = killer_cages_consistent(b, cells, conflict_cell);
    return ok;
}

int sdk_board_is_solution(const sdk_board *b, const uint8_t *cells)
{
    for (int c = 0; c < b->ncells; c++)
        if (cells[c] < 1 || cells[c] > b->n)
            return 0;
    return sdk_board_givens_consistent(b, cells, NULL);
}

int sdk_board_solves(const sdk_board *b, const uint8_t *puzzle, const uint8_t *solution)
{
    for (int c = 0; c < b->ncells; c++)
        if (puzzle[c] && puzzle[c] != solution[c])
            return 0;
    return sdk_board_is_solution(b, solution);
}

int sdk_board_is_plain9(const sdk_board *b)
{
    return b->n == 9 && b->box_rows == 3 && b->nhouses == 27 && !b->variant;
}

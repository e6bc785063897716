/* unit_board.c -- the board tables for every supported shape: houses hold n
 * distinct cells, every cell is in one row, column and box, peers are
 * exactly the cells sharing a house (each once, symmetric). */
#include <string.h>
#include "check.h"
#include "sudoku.h"

static void check_shape(int br, int bc)
{
    sdk_board *b = sdk_board_new(br, bc);
    CHECK(b != NULL, "%dx%d: no board", br, bc);
    if (!b)
        return;
    int n = br * bc;
    CHECK(b->n == n && b->ncells == n * n && b->nhouses == 3 * n, "%dx%d: sizes", br, bc);
    CHECK(b->height == n && b->width == n, "%dx%d: layout size", br, bc);
    int bad_layout = 0;
    for (int c = 0; c < b->ncells; c++)
        bad_layout |= b->cell_y[c] != c / n || b->cell_x[c] != c % n;
    CHECK(!bad_layout, "%dx%d: a cell drawn away from its row and column", br, bc);
    int bad_house = 0, bad_peers = 0, bad_sym = 0;
    for (int h = 0; h < b->nhouses; h++) {
        uint8_t seen[SDK_MAX_CELLS] = {0};
        for (int i = 0; i < n; i++) {
            int c = b->house_cells[h * n + i];
            bad_house |= c < 0 || c >= b->ncells || seen[c];
            seen[c] = 1;
        }
    }
    for (int c = 0; c < b->ncells; c++) {
        int r = c / n, col = c % n;
        int expected = 0;
        for (int p = 0; p < b->ncells; p++) {
            int pr = p / n, pc = p % n;
            int shares = p != c && (pr == r || pc == col || (pr / br == r / br && pc / bc == col / bc));
            int listed = 0;
            for (int k = b->peer_start[c]; k < b->peer_start[c + 1]; k++)
                listed += b->peers[k] == p;
            bad_peers |= listed != shares;
            expected += shares;
            if (shares) {
                int back = 0;
                for (int k = b->peer_start[p]; k < b->peer_start[p + 1]; k++)
                    back += b->peers[k] == c;
                bad_sym |= back != 1;
            }
        }
        bad_peers |= b->peer_start[c + 1] - b->peer_start[c] != expected;
        bad_house |= b->cell_house_start[c + 1] - b->cell_house_start[c] != 3;
    }
    CHECK(!bad_house, "%dx%d: house tables wrong", br, bc);
    CHECK(!bad_peers, "%dx%d: peer lists wrong", br, bc);
    CHECK(!bad_sym, "%dx%d: peers not symmetric", br, bc);

    /* A pattern solution is a solution; one changed cell makes it not one. */
    uint8_t grid[SDK_MAX_CELLS];
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            grid[r * n + c] = (uint8_t)((r % br * bc + r / br + c) % n + 1);
    CHECK(sdk_board_is_solution(b, grid), "%dx%d: pattern grid rejected", br, bc);
    grid[n + 1] = grid[n];
    CHECK(!sdk_board_is_solution(b, grid), "%dx%d: broken grid accepted", br, bc);
    sdk_board_free(b);
}

int main(void)
{
    static const int shapes[][2] = {{2, 2}, {2, 3}, {3, 2}, {2, 4}, {3, 3}, {3, 4}, {4, 3}, {4, 4}, {5, 5}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
        check_shape(shapes[i][0], shapes[i][1]);
    CHECK(sdk_board_new(0, 3) == NULL, "0x3 accepted");
    CHECK(sdk_board_new(6, 6) == NULL, "6x6 boxes (36x36) accepted");
    int r, c;
    CHECK(sdk_board_default_shape(12, &r, &c) && r == 3 && c == 4, "12 -> 3x4");
    CHECK(!sdk_board_default_shape(7, &r, &c), "7 has a shape");
    return CHECK_SUMMARY("unit_board");
}

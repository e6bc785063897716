/*
 * fill.c -- the chains' starting states: every free cell a uniform digit
 * (000), every box's free cells a shuffle of the digits it lacks (001-003),
 * with --propagate a shuffle within the candidates (a random perfect
 * matching), the singles fill, and the candidates a puzzle's clues leave.
 * (Public: sdk_energy_fill_* and sdk_energy_candidates in sudoku.h.)
 */
#include <string.h>
#include "sudoku.h"

void sdk_energy_fill_random(const sdk_board *b, const uint8_t *puzzle, sdk_rng *r, uint8_t *state)
{
    for (int c = 0; c < b->ncells; c++)
        state[c] = puzzle[c] ? puzzle[c] : (uint8_t)(1 + sdk_rng_below(r, (uint32_t)b->n));
}

void sdk_energy_fill_boxes(const sdk_board *b, const uint8_t *puzzle, sdk_rng *r, uint8_t *state)
{
    memcpy(state, puzzle, (size_t)b->ncells);
    for (int h = 0; h < b->nhouses; h++) {
        if (b->house_kind[h] != SDK_HOUSE_BOX)
            continue;
        const uint16_t *cells = b->house_cells + h * b->n;
        uint8_t present[SDK_MAX_N + 1] = {0}, lacking[SDK_MAX_N];
        int nlacking = 0;
        for (int i = 0; i < b->n; i++)
            present[puzzle[cells[i]]] = 1;
        for (int d = 1; d <= b->n; d++)
            if (!present[d])
                lacking[nlacking++] = (uint8_t)d;
        sdk_rng_shuffle_u8(r, lacking, nlacking);
        /* A box whose clues repeat a digit lacks more digits than it has free
         * cells: the extra ones are left out (such a puzzle has no solution). */
        int k = 0;
        for (int i = 0; i < b->n; i++)
            if (!puzzle[cells[i]])
                state[cells[i]] = k < nlacking ? lacking[k++] : 1;
    }
}

int sdk_energy_fill_singles(const sdk_board *b, const uint8_t *puzzle, uint8_t *out)
{
    return sdk_propagate(b, puzzle, SDK_PROPAGATE_SINGLES, out, NULL);
}

void sdk_energy_candidates(const sdk_board *b, const uint8_t *puzzle, uint32_t *cand)
{
    uint32_t full = b->n >= 32 ? UINT32_MAX : (1u << b->n) - 1;    /* digit d is bit d - 1 */
    for (int c = 0; c < b->ncells; c++) {
        cand[c] = 0;
        if (puzzle[c])
            continue;
        uint32_t left = full;
        for (int i = b->peer_start[c]; i < b->peer_start[c + 1]; i++)
            if (puzzle[b->peers[i]])
                left &= ~(1u << (puzzle[b->peers[i]] - 1));
        cand[c] = left;
    }
}

/* Kuhn's augmenting path from free cell slot i of one box: tries its
 * candidate digits in the (shuffled) order of `digits`; holder[k] is the
 * slot holding digits[k], or -1. */
static int match_slot(int i, const uint32_t *slot_cand, const uint8_t *digits, int k, int *holder,
                      uint8_t *visited)
{
    for (int j = 0; j < k; j++) {
        if (visited[j] || !(slot_cand[i] >> (digits[j] - 1) & 1u))
            continue;
        visited[j] = 1;
        if (holder[j] < 0 || match_slot(holder[j], slot_cand, digits, k, holder, visited)) {
            holder[j] = i;
            return 1;
        }
    }
    return 0;
}

int sdk_energy_fill_boxes_candidates(const sdk_board *b, const uint8_t *puzzle, const uint32_t *cand,
                                     sdk_rng *r, uint8_t *state)
{
    memcpy(state, puzzle, (size_t)b->ncells);
    for (int h = 0; h < b->nhouses; h++) {
        if (b->house_kind[h] != SDK_HOUSE_BOX)
            continue;
        const uint16_t *cells = b->house_cells + h * b->n;
        uint8_t present[SDK_MAX_N + 1] = {0}, digits[SDK_MAX_N], slots[SDK_MAX_N], visited[SDK_MAX_N];
        uint32_t slot_cand[SDK_MAX_N];
        int holder[SDK_MAX_N], k = 0, nslots = 0;
        for (int i = 0; i < b->n; i++) {
            present[puzzle[cells[i]]] = 1;
            if (!puzzle[cells[i]])
                slots[nslots++] = (uint8_t)i;
        }
        for (int d = 1; d <= b->n; d++)
            if (!present[d])
                digits[k++] = (uint8_t)d;
        if (k != nslots)
            return 0;               /* clues repeat a digit in the box */
        /* Random orders of cells and digits make a random perfect matching
         * (not a uniform one: the chain does the mixing). */
        sdk_rng_shuffle_u8(r, slots, nslots);
        sdk_rng_shuffle_u8(r, digits, k);
        for (int i = 0; i < nslots; i++)
            slot_cand[i] = cand[cells[slots[i]]];
        for (int j = 0; j < k; j++)
            holder[j] = -1;
        for (int i = 0; i < nslots; i++) {
            memset(visited, 0, sizeof visited);
            if (!match_slot(i, slot_cand, digits, k, holder, visited))
                return 0;           /* a solution's box would be such a matching */
        }
        for (int j = 0; j < k; j++)
            state[cells[slots[holder[j]]]] = digits[j];
    }
    return 1;
}

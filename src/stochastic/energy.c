/*
 * energy.c -- the cold half of the energy core: building a tracker for a
 * state, and the full recomputes straight from the definitions (used by the
 * tests and by `sudoku energy` to check the incremental ΔE).  The per-move
 * ΔE and commits are inline in energy.h; starting states are fill.c.
 */
#include <stdlib.h>
#include <string.h>
#include "energy.h"

int sdk_energy_init(sdk_energy *e, const sdk_board *b, const uint8_t *puzzle,
                    const uint8_t *state, unsigned kinds, int clue_weight)
{
    memset(e, 0, sizeof *e);
    e->board = b;
    e->n = b->n;
    e->stride = b->n + 1;
    e->kinds = kinds;
    e->clue_weight = clue_weight;
    for (int c = 0; c < b->ncells; c++)
        e->fixed[c] = puzzle[c] != 0;
    e->house_count = malloc(sizeof(uint16_t) * (size_t)(b->nhouses * e->stride));
    if (kinds & SDK_ENERGY_CONFLICT)
        e->peer_weight = malloc(sizeof(int32_t) * (size_t)(b->ncells * e->stride));
    if (b->ncages) {
        e->cage_sum = malloc(sizeof(int32_t) * (size_t)b->ncages);
        e->cage_count = malloc(sizeof(uint16_t) * (size_t)(b->ncages * e->stride));
    }
    if (!e->house_count || ((kinds & SDK_ENERGY_CONFLICT) && !e->peer_weight) ||
        (b->ncages && (!e->cage_sum || !e->cage_count))) {
        sdk_energy_free(e);
        return 0;
    }
    sdk_energy_reset(e, state);
    return 1;
}

void sdk_energy_free(sdk_energy *e)
{
    free(e->house_count);
    free(e->peer_weight);
    free(e->cage_sum);
    free(e->cage_count);
    e->house_count = NULL;
    e->peer_weight = NULL;
    e->cage_sum = NULL;
    e->cage_count = NULL;
}

void sdk_energy_reset(sdk_energy *e, const uint8_t *state)
{
    const sdk_board *b = e->board;
    int stride = e->stride;
    memcpy(e->cells, state, (size_t)b->ncells);
    memset(e->house_count, 0, sizeof(uint16_t) * (size_t)(b->nhouses * stride));
    for (int h = 0; h < b->nhouses; h++)
        for (int i = 0; i < b->n; i++)
            e->house_count[h * stride + state[b->house_cells[h * b->n + i]]]++;
    if (e->peer_weight) {
        memset(e->peer_weight, 0, sizeof(int32_t) * (size_t)(b->ncells * stride));
        for (int c = 0; c < b->ncells; c++)
            for (int i = b->peer_start[c]; i < b->peer_start[c + 1]; i++) {
                int p = b->peers[i];
                int w = (e->fixed[c] || e->fixed[p]) ? e->clue_weight : 1;
                e->peer_weight[c * stride + state[p]] += w;
            }
    }
    if (e->cage_count) {
        memset(e->cage_sum, 0, sizeof(int32_t) * (size_t)b->ncages);
        memset(e->cage_count, 0, sizeof(uint16_t) * (size_t)(b->ncages * stride));
        for (int c = 0; c < b->ncells; c++) {
            int j = b->cell_cage[c];
            if (j >= 0) {
                e->cage_sum[j] += state[c];
                e->cage_count[j * stride + state[c]]++;
            }
        }
    }
    uint8_t puzzle[SDK_MAX_CELLS];
    for (int c = 0; c < b->ncells; c++)
        puzzle[c] = e->fixed[c] ? state[c] : 0;
    e->conflict = (e->kinds & SDK_ENERGY_CONFLICT) ? sdk_energy_conflict_full(b, puzzle, state, e->clue_weight) : 0;
    e->missing = (e->kinds & SDK_ENERGY_MISSING) ? sdk_energy_missing_full(b, state) : 0;
    e->sort = (e->kinds & SDK_ENERGY_SORT) ? sdk_energy_sort_full(b, state) : 0;
}

long sdk_energy_conflict_full(const sdk_board *b, const uint8_t *puzzle, const uint8_t *state,
                              int clue_weight)
{
    /* Every pair is seen from both of its cells: sum over ordered pairs, halve. */
    long twice = 0;
    for (int c = 0; c < b->ncells; c++) {
        long same_free = 0, same_clue = 0;
        for (int i = b->peer_start[c]; i < b->peer_start[c + 1]; i++) {
            int p = b->peers[i];
            int same = state[p] == state[c];
            same_free += same & !puzzle[p];
            same_clue += same & !!puzzle[p];
        }
        twice += puzzle[c] ? (same_free + same_clue) * clue_weight : same_free + same_clue * clue_weight;
    }
    return twice / 2 + sdk_energy_cage_full(b, state);
}

long sdk_energy_cage_full(const sdk_board *b, const uint8_t *state)
{
    long energy = 0;
    for (int j = 0; j < b->ncages; j++) {
        long sum = 0;
        for (int x = b->cage_start[j]; x < b->cage_start[j + 1]; x++) {
            int c = b->cage_cells[x];
            sum += state[c];
            for (int y = x + 1; y < b->cage_start[j + 1]; y++)
                energy += state[b->cage_cells[y]] == state[c];
        }
        energy += labs(sum - b->cage_sum[j]);
    }
    return energy;
}

/* The per-house energies count every house but the boxes (or regions),
 * which the block-swap methods keep as permutations: rows and columns, and
 * a variant's diagonals or windows. */
static int is_line_house(const sdk_board *b, int h)
{
    return b->house_kind[h] != SDK_HOUSE_BOX;
}

long sdk_energy_missing_full(const sdk_board *b, const uint8_t *state)
{
    long energy = 0;
    for (int h = 0; h < b->nhouses; h++) {
        if (!is_line_house(b, h))
            continue;
        int seen[SDK_MAX_N + 1] = {0};
        for (int i = 0; i < b->n; i++)
            seen[state[b->house_cells[h * b->n + i]]] = 1;
        for (int d = 1; d <= b->n; d++)
            energy += !seen[d];
    }
    return energy + sdk_energy_cage_full(b, state);
}

long sdk_energy_sort_full(const sdk_board *b, const uint8_t *state)
{
    long energy = 0;
    for (int h = 0; h < b->nhouses; h++) {
        if (!is_line_house(b, h))
            continue;
        int count[SDK_MAX_N + 1] = {0};
        for (int i = 0; i < b->n; i++)
            count[state[b->house_cells[h * b->n + i]]]++;
        int j = 1;                          /* sort by counting, then compare */
        for (int d = 1; d <= b->n; d++)
            for (int k = 0; k < count[d]; k++, j++)
                energy += labs((long)d - j);
    }
    return energy + sdk_energy_cage_full(b, state);
}

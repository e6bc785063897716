/*
 * energy.c -- the cold half of the energy core: building a tracker for a
 * state, the full recomputes straight from the definitions (used by the
 * tests and by `sudoku energy` to check the incremental ΔE), and the pieces
 * every chain shares: starting states, acceptance tables (propagation is
 * src/propagate.c).  The per-move ΔE and commits are inline in energy.h.
 */
#include <math.h>
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
    if (!e->house_count || ((kinds & SDK_ENERGY_CONFLICT) && !e->peer_weight)) {
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
    e->house_count = NULL;
    e->peer_weight = NULL;
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
    return twice / 2;
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
    return energy;
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
    return energy;
}

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
    uint32_t full = (b->n >= 31) ? UINT32_MAX - 1 : ((1u << b->n) - 1) << 1;   /* bits 1..n */
    for (int c = 0; c < b->ncells; c++) {
        cand[c] = 0;
        if (puzzle[c])
            continue;
        uint32_t left = full;
        for (int i = b->peer_start[c]; i < b->peer_start[c + 1]; i++)
            left &= ~(1u << puzzle[b->peers[i]]);
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
        if (visited[j] || !(slot_cand[i] >> digits[j] & 1u))
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

void sdk_energy_thresholds(uint32_t *thr, int kmax, double beta)
{
    for (int k = 0; k <= kmax; k++) {
        double p = exp(-beta * k) * 4294967296.0;
        thr[k] = p >= 4294967295.0 ? UINT32_MAX : (uint32_t)p;
    }
}

/* ---- what every chain shares ---- */

int sdk_energy_chain_start(sdk_energy_chain *ch, const sdk_board *b, const uint8_t *puzzle,
                           const sdk_params *p, sdk_stats *st, uint8_t *start)
{
    memset(ch, 0, sizeof *ch);
    ch->budget.deadline = p->time_limit > 0 ? sdk_now() + p->time_limit : 0;
    ch->budget.interrupt = p->interrupt;
    ch->max_iters = p->max_iters;
    ch->st = st;
    st->best_energy = st->final_energy = -1;
    ch->trace_puzzle = p->trace_puzzle;
    if (p->trace) {
        ch->trace = p->trace;
    } else if (p->trace_path) {
        ch->trace = fopen(p->trace_path, "w");
        ch->owns_trace = ch->trace != NULL;
        if (ch->trace)
            fprintf(ch->trace, "puzzle,iteration,energy,temperature\n");
    }
    if (p->propagate)
        return sdk_propagate(b, puzzle, SDK_PROPAGATE_FULL, start, ch->cand);
    memcpy(start, puzzle, (size_t)b->ncells);
    sdk_energy_candidates(b, puzzle, ch->cand);
    return sdk_board_givens_consistent(b, puzzle, NULL);
}

void sdk_energy_chain_trace(const sdk_energy_chain *ch, double energy, double temperature)
{
    if (ch->trace)
        fprintf(ch->trace, "%llu,%llu,%.17g,%.17g\n", (unsigned long long)ch->trace_puzzle,
                (unsigned long long)ch->st->nodes, energy, temperature);
}

int sdk_energy_chain_poll(sdk_energy_chain *ch, double energy, double temperature)
{
    sdk_energy_chain_trace(ch, energy, temperature);
    if (sdk_budget_expired(&ch->budget))
        ch->stopped = 1;
    return ch->stopped;
}

sdk_status sdk_energy_chain_finish(sdk_energy_chain *ch)
{
    if (ch->owns_trace)
        fclose(ch->trace);
    ch->trace = NULL;
    if (ch->budget.interrupt && *ch->budget.interrupt)
        return SDK_INTERRUPTED;
    return SDK_TIMEOUT;
}

void sdk_energy_boxes_init(sdk_energy_boxes *bx, const sdk_board *b, const uint8_t *puzzle)
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
    for (int i = 0; i < bx->nboxes && lcm <= SDK_ENERGY_DRAW_TABLE; i++) {
        uint64_t k = (uint64_t)(bx->start[i + 1] - bx->start[i]), x = lcm, y = k;
        while (y) {
            uint64_t t = x % y;
            x = y;
            y = t;
        }
        lcm = lcm / x * k;
    }
    bx->ndraw = 0;
    if (bx->nboxes == 0 || lcm * (uint64_t)bx->nboxes > SDK_ENERGY_DRAW_TABLE)
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

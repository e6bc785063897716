/*
 * exact.c -- the exact solver for every board (any size up to 25x25, any
 * house table: extra houses, cells in more than three houses, ncells other
 * than n*n).  It counts solutions up to a limit and is the oracle the rest
 * of the project leans on (verifying stochastic answers, proving generated
 * puzzles unique).  9x9 boards with standard boxes go to the faster kernel
 * in exact9.c.
 *
 * State: one candidate mask per cell (digit d is bit d-1; 0 once placed).
 * Propagation, to a fixpoint:
 *  - naked singles from a queue: placing a digit erases it from the peers;
 *  - hidden singles, per house at once for all digits (bit-sliced
 *    once/twice counts over the house's cells);
 *  - locked candidates on every pair of houses sharing two or more cells
 *    (box/line on standard boards, box/diagonal, region/line on variants):
 *    a digit of house A whose cells all lie in A and B is erased from the
 *    rest of B.  Run only once the singles are exhausted; on large boards it
 *    cuts the search tree several times over.
 * Branching: the unsolved cell with the fewest candidates, or a digit of a
 * house with fewer possible cells when that is smaller (both exact covers).
 * Each search level owns a copy of the masks, so backtracking is moving back
 * one level.  The budget is checked every 64 nodes.
 */
#include <stdlib.h>
#include <string.h>
#include "sudoku.h"

/* A pair of houses sharing two or more cells: the shared cells, then A's
 * other cells, then B's, as runs of ex_plan.pool. */
typedef struct ex_pair {
    int ha, hb;
    int in, a_out, b_out, n_in, n_a, n_b;
} ex_pair;

/* What the search reads of the board, built once per count. */
typedef struct ex_plan {
    ex_pair *pairs;
    int npairs;
    uint16_t *pool;
} ex_plan;

typedef struct search {
    const sdk_board *b;
    int n, ncells;
    uint32_t full;                  /* all n digits */
    uint64_t limit, count;
    uint8_t *solution;
    const uint8_t *prefer;          /* NULL, or a grid whose digits branches try first */
    sdk_stats *st;
    const sdk_budget *budget;
    int stopped;
    uint64_t nodes;
    ex_plan plan;
    uint32_t *cand;                 /* (ncells+1) levels x ncells masks; 0 once placed */
    uint8_t *val;                   /* same layout: 0 = empty */
    uint16_t *queue;                /* cells whose mask became a single bit */
    /* Houses where a candidate went since the last hidden-single pass
     * (hdirty) and the last locked-candidates pass (ldirty); one bit each. */
    uint64_t *hdirty, *ldirty, *todo;
    int words;
    /* The smallest house-digit seen by the last hidden-single pass. */
    int branch_house, branch_count;
    uint32_t branch_digit;
} search;

/* Builds the list of house pairs that share >= 2 cells.  Returns 0 if out
 * of memory. */
static int ex_plan_build(ex_plan *p, const sdk_board *b)
{
    int nh = b->nhouses, n = b->n;
    memset(p, 0, sizeof *p);
    uint16_t *shared = calloc((size_t)nh * (size_t)nh, sizeof *shared);
    if (!shared)
        return 0;
    for (int c = 0; c < b->ncells; c++)
        for (int i = b->cell_house_start[c]; i < b->cell_house_start[c + 1]; i++)
            for (int j = i + 1; j < b->cell_house_start[c + 1]; j++) {
                int h1 = b->cell_houses[i], h2 = b->cell_houses[j];
                int lo = h1 < h2 ? h1 : h2, hi = h1 < h2 ? h2 : h1;
                shared[lo * nh + hi]++;
            }
    int npairs = 0;
    for (int k = 0; k < nh * nh; k++)
        npairs += shared[k] >= 2;
    p->pairs = malloc(sizeof(ex_pair) * (size_t)(npairs + 1));
    p->pool = malloc(sizeof(uint16_t) * (size_t)(npairs * 2 * n + 1));
    if (!p->pairs || !p->pool) {
        free(shared);
        free(p->pairs);
        free(p->pool);
        return 0;
    }
    int used = 0;
    uint8_t *in_b = calloc((size_t)b->ncells, 1);
    if (!in_b) {
        free(shared);
        return 0;
    }
    for (int ha = 0; ha < nh; ha++)
        for (int hb = ha + 1; hb < nh; hb++) {
            if (shared[ha * nh + hb] < 2)
                continue;
            const uint16_t *A = b->house_cells + ha * n, *B = b->house_cells + hb * n;
            ex_pair *pr = &p->pairs[p->npairs++];
            pr->ha = ha;
            pr->hb = hb;
            for (int i = 0; i < n; i++)
                in_b[B[i]] = 1;
            pr->in = used;
            for (int i = 0; i < n; i++)
                if (in_b[A[i]])
                    p->pool[used++] = A[i];
            pr->n_in = used - pr->in;
            pr->a_out = used;
            for (int i = 0; i < n; i++)
                if (!in_b[A[i]])
                    p->pool[used++] = A[i];
            pr->n_a = used - pr->a_out;
            for (int i = 0; i < n; i++)
                in_b[B[i]] = 0;
            for (int i = 0; i < n; i++)
                in_b[A[i]] = 1;
            pr->b_out = used;
            for (int i = 0; i < n; i++)
                if (!in_b[B[i]])
                    p->pool[used++] = B[i];
            pr->n_b = used - pr->b_out;
            for (int i = 0; i < n; i++)
                in_b[A[i]] = 0;
        }
    free(in_b);
    free(shared);
    return 1;
}

static void ex_plan_free(ex_plan *p)
{
    free(p->pairs);
    free(p->pool);
}

/* Marks the houses of cell c as changed. */
static inline void mark_houses(search *s, int c)
{
    const sdk_board *b = s->b;
    for (int i = b->cell_house_start[c]; i < b->cell_house_start[c + 1]; i++) {
        int h = b->cell_houses[i];
        s->hdirty[h >> 6] |= 1ull << (h & 63);
        s->ldirty[h >> 6] |= 1ull << (h & 63);
    }
}

/* Places v in cell c and removes it from the peers; queues new singles.
 * Returns 0 on a contradiction. */
static int search_place(search *s, uint32_t *cand, uint8_t *val, int c, int v, int *queued)
{
    uint32_t bit = 1u << (v - 1);
    const sdk_board *b = s->b;
    val[c] = (uint8_t)v;
    cand[c] = 0;
    mark_houses(s, c);
    for (int k = b->peer_start[c]; k < b->peer_start[c + 1]; k++) {
        int p = b->peers[k];
        uint32_t m = cand[p];
        if (!(m & bit)) {
            if (val[p] == v)
                return 0;
            continue;
        }
        m &= ~bit;
        cand[p] = m;
        mark_houses(s, p);
        if (!(m & (m - 1))) {
            if (!m)
                return 0;
            s->queue[(*queued)++] = (uint16_t)p;
        }
    }
    return 1;
}

/* Erases digits out from the cells listed; queues new singles.  Returns -1
 * on a contradiction, else whether anything changed. */
static int erase_from(search *s, uint32_t *cand, const uint16_t *cells, int k, uint32_t out, int *queued)
{
    int changed = 0;
    for (int i = 0; i < k; i++) {
        uint32_t m = cand[cells[i]];
        if (!(m & out))
            continue;
        m &= ~out;
        cand[cells[i]] = m;
        mark_houses(s, cells[i]);
        changed = 1;
        if (!(m & (m - 1))) {
            if (!m)
                return -1;
            s->queue[(*queued)++] = cells[i];
        }
    }
    return changed;
}

/* Hidden singles in every house.  Returns -1 on a contradiction, else
 * whether a cell was set; notes the house-digit with the fewest cells. */
static int hidden_singles(search *s, uint32_t *cand, const uint8_t *val, int *queued)
{
    const sdk_board *b = s->b;
    int n = s->n, changed = 0;
    s->branch_count = 99;
    for (int w = 0; w < s->words; w++) {
        s->todo[w] = s->hdirty[w];
        s->hdirty[w] = 0;
    }
    for (int w = 0; w < s->words; w++)
      for (uint64_t bits = s->todo[w]; bits; bits &= bits - 1) {
        int h = w * 64 + __builtin_ctzll(bits);
        const uint16_t *cells = b->house_cells + h * n;
        uint32_t once = 0, twice = 0, thrice = 0, placed = 0;
        for (int i = 0; i < n; i++) {
            int c = cells[i];
            uint32_t m = cand[c];
            placed |= val[c] ? 1u << (val[c] - 1) : 0;
            thrice |= twice & m;
            twice |= once & m;
            once |= m;
        }
        uint32_t missing = s->full & ~placed;
        if ((once & missing) != missing)
            return -1;                 /* a digit with nowhere to go */
        uint32_t hidden = once & ~twice;
        if (!hidden) {
            uint32_t pairs = twice & ~thrice;
            if (pairs && s->branch_count > 2) {
                s->branch_count = 2;
                s->branch_house = h;
                s->branch_digit = pairs & -pairs;
            }
            continue;
        }
        while (hidden) {
            uint32_t bit = hidden & -hidden;
            hidden &= hidden - 1;
            int i = 0;
            while (i < n && !(cand[cells[i]] & bit))
                i++;
            if (i == n)
                return -1;             /* its only cell took another digit */
            int c = cells[i];
            if (cand[c] != bit) {
                cand[c] = bit;
                mark_houses(s, c);
                s->queue[(*queued)++] = (uint16_t)c;
                changed = 1;
            }
        }
      }
    return changed;
}

/* Locked candidates over every pair of houses that share cells.  Returns -1
 * on a contradiction, else whether anything was erased. */
static int locked_candidates(search *s, uint32_t *cand, int *queued)
{
    const ex_plan *p = &s->plan;
    int changed = 0;
    for (int w = 0; w < s->words; w++) {
        s->todo[w] = s->ldirty[w];
        s->ldirty[w] = 0;
    }
    for (int k = 0; k < p->npairs; k++) {
        const ex_pair *pr = &p->pairs[k];
        if (!((s->todo[pr->ha >> 6] >> (pr->ha & 63)) & 1) && !((s->todo[pr->hb >> 6] >> (pr->hb & 63)) & 1))
            continue;
        uint32_t in = 0, a = 0, bo = 0;
        for (int i = 0; i < pr->n_in; i++)
            in |= cand[p->pool[pr->in + i]];
        if (!in)
            continue;
        for (int i = 0; i < pr->n_a; i++)
            a |= cand[p->pool[pr->a_out + i]];
        for (int i = 0; i < pr->n_b; i++)
            bo |= cand[p->pool[pr->b_out + i]];
        /* Digits of A that only the shared cells can take leave B's others;
         * likewise the other way.  (Placed digits have no candidate left.) */
        uint32_t only_a = in & ~a & bo, only_b = in & ~bo & a;
        if (only_a) {
            int r = erase_from(s, cand, p->pool + pr->b_out, pr->n_b, only_a, queued);
            if (r < 0)
                return -1;
            changed |= r;
        }
        if (only_b) {
            int r = erase_from(s, cand, p->pool + pr->a_out, pr->n_a, only_b, queued);
            if (r < 0)
                return -1;
            changed |= r;
        }
    }
    return changed;
}

/* Naked singles from the queue, hidden singles, then locked candidates,
 * until nothing changes.  Returns the number of empty cells left, or -1 on
 * a contradiction. */
static int search_propagate(search *s, uint32_t *cand, uint8_t *val, int queued, int empty)
{
    for (;;) {
        while (queued > 0) {
            int c = s->queue[--queued];
            if (val[c])
                continue;
            uint32_t m = cand[c];          /* a single bit: masks only shrink */
            if (!m)
                return -1;
            if (!search_place(s, cand, val, c, __builtin_ctz(m) + 1, &queued))
                return -1;
            empty--;
        }
        if (empty == 0)
            return 0;
        int r = hidden_singles(s, cand, val, &queued);
        if (r < 0)
            return -1;
        if (r)
            continue;
        r = locked_candidates(s, cand, &queued);
        if (r < 0)
            return -1;
        if (!r)
            return empty;
    }
}

/* The cell to branch on: one with the fewest candidates; among cells with
 * two, the one whose digits reach the most peers, a peer with two
 * candidates counting 9 (one branch or the other is likely to leave it a
 * single).  generate --size 16, seeds 1-10: 8x fewer nodes than the first
 * two-candidate cell (62k against 503k). */
static int pick_cell(const search *s, const uint32_t *cand)
{
    const sdk_board *b = s->b;
    int best = -1, best_count = 99, best_score = -1;
    for (int c = 0; c < s->ncells; c++) {
        uint32_t m = cand[c];
        if (!m)
            continue;
        int k = __builtin_popcount(m);
        if (k > best_count || (k > 2 && k == best_count))
            continue;
        int score = 0;
        if (k == 2)
            for (int i = b->peer_start[c]; i < b->peer_start[c + 1]; i++) {
                uint32_t pm = cand[b->peers[i]];
                if (pm & m)
                    score += 1 + 8 * (__builtin_popcount(pm) == 2);
            }
        if (k < best_count || score > best_score) {
            best = c;
            best_count = k;
            best_score = score;
        }
    }
    return best;
}

static void search_level(search *s, int depth, int empty)
{
    if (s->stopped)
        return;
    s->nodes++;
    if (s->budget && ((s->budget->max_iters && s->nodes > s->budget->max_iters) ||
                      (s->nodes % 64 == 0 && sdk_budget_expired(s->budget)))) {
        s->stopped = 1;
        return;
    }
    int nc = s->ncells;
    uint32_t *cand = s->cand + (size_t)depth * nc;
    uint8_t *val = s->val + (size_t)depth * nc;
    if (empty == 0) {
        if (s->count == 0 && s->solution)
            memcpy(s->solution, val, (size_t)nc);
        s->count++;
        return;
    }
    int best = pick_cell(s, cand);
    int best_count = __builtin_popcount(cand[best]);
    /* A house-digit with two cells beats a cell with three or more. */
    uint16_t cells[SDK_MAX_N];
    uint32_t digits[SDK_MAX_N];
    int ways = 0;
    if (best_count > 2 && s->branch_count == 2) {
        const uint16_t *hc = s->b->house_cells + s->branch_house * s->n;
        for (int i = 0; i < s->n; i++)
            if (cand[hc[i]] & s->branch_digit) {
                cells[ways] = hc[i];
                digits[ways++] = s->branch_digit;
            }
        if (s->prefer)
            for (int w = 1; w < ways; w++)
                if (s->prefer[cells[w]] == __builtin_ctz(s->branch_digit) + 1) {
                    uint16_t t = cells[0];
                    cells[0] = cells[w];
                    cells[w] = t;
                }
    } else {
        for (uint32_t m = cand[best]; m; m &= m - 1) {
            cells[ways] = (uint16_t)best;
            digits[ways++] = m & -m;
        }
        if (s->prefer)
            for (int w = 1; w < ways; w++)
                if (digits[w] == 1u << (s->prefer[best] - 1)) {
                    digits[w] = digits[0];
                    digits[0] = 1u << (s->prefer[best] - 1);
                }
    }
    for (int w = 0; w < ways && !s->stopped && (s->limit == 0 || s->count < s->limit); w++) {
        if (s->st)
            s->st->guesses++;
        uint32_t *next_cand = cand + nc;
        uint8_t *next_val = val + nc;
        memcpy(next_cand, cand, sizeof(uint32_t) * (size_t)nc);
        memcpy(next_val, val, (size_t)nc);
        next_cand[cells[w]] = digits[w];
        /* A contradiction leaves marks behind: start clean. */
        memset(s->hdirty, 0, sizeof(uint64_t) * (size_t)s->words);
        memset(s->ldirty, 0, sizeof(uint64_t) * (size_t)s->words);
        mark_houses(s, cells[w]);
        s->queue[0] = cells[w];
        int left = search_propagate(s, next_cand, next_val, 1, empty);
        if (left >= 0)
            search_level(s, depth + 1, left);
    }
}

/* The count behind both entry points: forbid_cell >= 0 also rules digit
 * forbid_digit out of that cell; prefer (or NULL) orders the branches. */
static uint64_t ex_count(const sdk_board *b, const uint8_t *puzzle, int forbid_cell, int forbid_digit,
                         const uint8_t *prefer, uint64_t limit, uint8_t *solution, sdk_stats *st,
                         const sdk_budget *budget, sdk_status *status)
{
    int nc = b->ncells;
    search s = {0};
    s.b = b;
    s.n = b->n;
    s.ncells = nc;
    s.full = b->n == 32 ? 0xffffffffu : (1u << b->n) - 1;
    s.limit = limit;
    s.solution = solution;
    s.prefer = prefer;
    s.st = st;
    s.budget = budget;
    if (status)
        *status = SDK_UNSOLVABLE;
    if (!sdk_board_givens_consistent(b, puzzle, NULL))
        return 0;

    /* Every placement removes at least one empty cell, so ncells+1 levels suffice. */
    s.cand = malloc(sizeof(uint32_t) * (size_t)nc * (size_t)(nc + 1));
    s.val = malloc((size_t)nc * (size_t)(nc + 1));
    /* A cell is queued at most once per house it is in, and once more. */
    int most = 0;
    for (int c = 0; c < nc; c++) {
        int k = b->cell_house_start[c + 1] - b->cell_house_start[c];
        most = k > most ? k : most;
    }
    s.queue = malloc(sizeof(uint16_t) * (size_t)nc * (size_t)(most + 2));
    int planned = ex_plan_build(&s.plan, b);
    s.words = (b->nhouses + 63) / 64;
    s.hdirty = calloc((size_t)s.words * 3, sizeof(uint64_t));
    s.ldirty = s.hdirty ? s.hdirty + s.words : NULL;
    s.todo = s.hdirty ? s.hdirty + 2 * s.words : NULL;
    if (!s.cand || !s.val || !s.queue || !planned || !s.hdirty) {
        free(s.hdirty);
        free(s.cand);
        free(s.val);
        free(s.queue);
        if (planned)
            ex_plan_free(&s.plan);
        if (status)
            *status = SDK_TIMEOUT;
        return 0;
    }
    int empty = 0, queued = 0;
    for (int h = 0; h < b->nhouses; h++)
        s.hdirty[h >> 6] = s.ldirty[h >> 6] |= 1ull << (h & 63);
    for (int c = 0; c < nc; c++) {
        s.val[c] = 0;
        s.cand[c] = s.full;
    }
    int ok = 1;
    for (int c = 0; c < nc && ok; c++) {
        if (puzzle[c]) {
            ok = search_place(&s, s.cand, s.val, c, puzzle[c], &queued);
        }
    }
    for (int c = 0; c < nc; c++)
        empty += !s.val[c];
    if (ok && forbid_cell >= 0) {
        uint32_t m = s.cand[forbid_cell] & ~(1u << (forbid_digit - 1));
        ok = s.val[forbid_cell] != forbid_digit && (s.val[forbid_cell] || m);
        if (ok && !s.val[forbid_cell] && m != s.cand[forbid_cell]) {
            s.cand[forbid_cell] = m;
            if (!(m & (m - 1)))
                s.queue[queued++] = (uint16_t)forbid_cell;
        }
    }
    if (ok) {
        int left = search_propagate(&s, s.cand, s.val, queued, empty);
        if (left >= 0)
            search_level(&s, 0, left);
    }
    free(s.cand);
    free(s.val);
    free(s.queue);
    free(s.hdirty);
    ex_plan_free(&s.plan);
    if (st)
        st->nodes += s.nodes;
    if (status) {
        if (s.stopped)
            *status = (budget && budget->interrupt && *budget->interrupt) ? SDK_INTERRUPTED : SDK_TIMEOUT;
        else
            *status = s.count ? SDK_SOLVED : SDK_UNSOLVABLE;
    }
    return s.count;
}

uint64_t sdk_exact_count_general(const sdk_board *b, const uint8_t *puzzle, uint64_t limit,
                                 uint8_t *solution, sdk_stats *st, const sdk_budget *budget,
                                 sdk_status *status)
{
    return ex_count(b, puzzle, -1, 0, NULL, limit, solution, st, budget, status);
}

int sdk_exact_differs(const sdk_board *b, const uint8_t *puzzle, const uint8_t *grid, const int *cells, int k,
                      uint8_t *other, const sdk_budget *budget)
{
    /* Cell i without its grid digit, cells 0..i-1 with theirs: every other
     * solution is in exactly one of these searches. */
    uint8_t q[SDK_MAX_CELLS], sol[SDK_MAX_CELLS];
    memcpy(q, puzzle, (size_t)b->ncells);
    for (int i = 0; i < k; i++) {
        sdk_status status;
        uint64_t found = ex_count(b, q, cells[i], grid[cells[i]], grid, 1, sol, NULL, budget, &status);
        if (status == SDK_TIMEOUT || status == SDK_INTERRUPTED)
            return -1;
        if (found) {
            if (other)
                memcpy(other, sol, (size_t)b->ncells);
            return 1;
        }
        q[cells[i]] = grid[cells[i]];
    }
    return 0;
}

uint64_t sdk_exact_count(const sdk_board *b, const uint8_t *puzzle, uint64_t limit,
                         uint8_t *solution, sdk_stats *st, const sdk_budget *budget,
                         sdk_status *status)
{
    if (sdk_board_is_plain9(b)) {
        uint64_t count = sdk_exact9_count_budget(puzzle, limit, solution, st, budget, status);
        if (count != UINT64_MAX)
            return count;
    }
    return sdk_exact_count_general(b, puzzle, limit, solution, st, budget, status);
}

/*
 * fuzz_solve.c -- libFuzzer target for the reader plus the exact solver
 * (src/exact/exact.c, src/exact/exact9.c): every valid record of the input is counted.
 *
 * Oracles: a claimed solution solves the puzzle; inconsistent clues give 0;
 * the general solver, the 9x9 kernel and the dispatching sdk_exact_count
 * agree; limit 1 agrees with limit 2; a solution read as a puzzle has exactly
 * one solution; and on 4x4 and 6x6 boards a plain brute-force counter agrees
 * (on 4x4 with no limit at all).  Each count has a short time budget, so a
 * slow 25x25 input ends as a timeout rather than stalling the fuzzer.
 */
#include "fuzz_common.h"

static FILE *fz_solve_in;

/* Brute force: cells in order, digits in order, peers from the board. */
static uint64_t fz_brute(const sdk_board *b, uint8_t *cells, int c, uint64_t limit, uint64_t *nodes)
{
    if (++*nodes > 200000)
        return 0;
    while (c < b->ncells && cells[c])
        c++;
    if (c == b->ncells)
        return 1;
    uint64_t count = 0;
    for (int v = 1; v <= b->n && (limit == 0 || count < limit); v++) {
        int ok = 1;
        for (int k = b->peer_start[c]; k < b->peer_start[c + 1] && ok; k++)
            ok = cells[b->peers[k]] != v;
        if (!ok)
            continue;
        cells[c] = (uint8_t)v;
        count += fz_brute(b, cells, c + 1, limit ? limit - count : 0, nodes);
        cells[c] = 0;
    }
    return count;
}

static void fz_count_one(const sdk_record *rec)
{
    const sdk_board *b = rec->board;
    int nc = b->ncells;
    static uint8_t sol[SDK_MAX_CELLS], sol1[SDK_MAX_CELLS], sol9[SDK_MAX_CELLS], work[SDK_MAX_CELLS];
    sdk_stats st;
    sdk_status status, status1;
    sdk_budget budget = {0};
    budget.deadline = sdk_now() + 0.2;

    memset(&st, 0, sizeof st);
    uint64_t count = sdk_exact_count_general(b, rec->cells, 2, sol, &st, &budget, &status);
    if (status == SDK_TIMEOUT)
        return;
    FZ_CHECK(status == (count ? SDK_SOLVED : SDK_UNSOLVABLE), "status %d for count %llu", (int)status,
             (unsigned long long)count);
    FZ_CHECK(count <= 2, "count %llu over the limit", (unsigned long long)count);
    int consistent = sdk_board_givens_consistent(b, rec->cells, NULL);
    if (!consistent)
        FZ_CHECK(count == 0, "conflicting clues, yet %llu solutions", (unsigned long long)count);
    if (count)
        FZ_CHECK(sdk_board_solves(b, rec->cells, sol), "the solution does not solve the puzzle");

    budget.deadline = sdk_now() + 0.2;
    uint64_t count1 = sdk_exact_count_general(b, rec->cells, 1, sol1, NULL, &budget, &status1);
    if (status1 != SDK_TIMEOUT) {
        FZ_CHECK(count1 == (count ? 1u : 0u), "limit 1 gives %llu", (unsigned long long)count1);
        if (count)
            FZ_CHECK(memcmp(sol, sol1, (size_t)nc) == 0, "limit 1 finds another first solution");
    }

    budget.deadline = sdk_now() + 0.2;
    uint64_t count_d = sdk_exact_count(b, rec->cells, 2, sol9, NULL, &budget, &status1);
    if (status1 != SDK_TIMEOUT) {
        FZ_CHECK(count_d == count, "sdk_exact_count %llu, general %llu", (unsigned long long)count_d,
                 (unsigned long long)count);
        if (count_d)
            FZ_CHECK(sdk_board_solves(b, rec->cells, sol9), "sdk_exact_count's solution is wrong");
    }
    if (sdk_board_is_plain9(b)) {
        uint64_t c9 = sdk_exact9_count(rec->cells, 2, sol9, NULL);
        FZ_CHECK(c9 == count, "9x9 kernel %llu, general %llu", (unsigned long long)c9,
                 (unsigned long long)count);
        if (c9)
            FZ_CHECK(sdk_board_solves(b, rec->cells, sol9), "the 9x9 kernel's solution is wrong");
    }
    if (b->n <= 6) {
        uint64_t nodes = 0;
        memcpy(work, rec->cells, (size_t)nc);
        uint64_t brute = consistent ? fz_brute(b, work, 0, 2, &nodes) : 0;
        if (nodes <= 200000)
            FZ_CHECK(brute == count, "brute force %llu, solver %llu", (unsigned long long)brute,
                     (unsigned long long)count);
    }
    if (b->n == 4 && consistent) {          /* at most 288 solutions: count them all */
        uint64_t nodes = 0;
        memcpy(work, rec->cells, (size_t)nc);
        uint64_t brute = fz_brute(b, work, 0, 0, &nodes);
        uint64_t all = sdk_exact_count_general(b, rec->cells, 0, NULL, NULL, NULL, &status1);
        FZ_CHECK(nodes > 200000 || all == brute, "4x4 count %llu, brute force %llu",
                 (unsigned long long)all, (unsigned long long)brute);
    }
    if (count) {                            /* a full grid has exactly one solution */
        uint64_t again = sdk_exact_count(b, sol, 2, NULL, NULL, NULL, &status1);
        FZ_CHECK(again == 1 && status1 == SDK_SOLVED, "a solution as a puzzle gives %llu",
                 (unsigned long long)again);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    sdk_read_options ro;
    fz_options(data[0], &ro);
    FILE *in = fz_stream(&fz_solve_in, data + 1, size - 1);
    sdk_reader *r = sdk_reader_new(in, "fuzz", &ro);
    FZ_CHECK(r != NULL, "reader_new");
    static sdk_record rec;
    int solved = 0;
    while (solved < 4 && sdk_reader_next(r, &rec) == 1) {
        if (!rec.ok)
            continue;
        fz_count_one(&rec);
        solved++;
    }
    sdk_reader_free(r);
    return 0;
}

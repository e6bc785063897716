/*
 * fuzz_human.c -- libFuzzer target for candidate positions and the logical
 * solver: the bytes go to sdk_human_parse_candidates (whole position and a
 * grid row) and, through a reader with candidates on, to sdk_human_rate
 * (one step, so each input stays fast).  Checks: a parse succeeds only with
 * digits and masks in range; a valid record's hint, applied, keeps the
 * solution (sdk_human_rate checks every step against it), and its text
 * begins with exactly its placements and eliminations (../steptext.h).
 */
#include "fuzz_common.h"
#include "../steptext.h"

static FILE *fz_human_in;

static void fz_check_parse(const uint8_t *data, size_t size, int ncells)
{
    uint8_t cells[SDK_MAX_CELLS];
    uint32_t cand[SDK_MAX_CELLS];
    char err[160];
    err[0] = 0;
    if (!sdk_human_parse_candidates(9, (const char *)data, size, ncells, cells, cand, err, sizeof err)) {
        FZ_CHECK(err[0] && memchr(err, '\0', sizeof err), "a refusal carries a reason");
        return;
    }
    for (int c = 0; c < ncells; c++) {
        FZ_CHECK(cells[c] <= 9 && cand[c] < (1u << 9), "cell %d: %d / %x", c, cells[c], cand[c]);
        FZ_CHECK(cells[c] ? cand[c] == 0 : (cand[c] & (cand[c] - 1)) != 0, "placed xor 2+ candidates");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_check_parse(data, size, 81);
    fz_check_parse(data, size, 9);
    sdk_read_options ro;
    memset(&ro, 0, sizeof ro);
    ro.candidates = 1;
    FILE *in = fz_stream(&fz_human_in, data, size);
    sdk_reader *r = sdk_reader_new(in, "fuzz", &ro);
    FZ_CHECK(r != NULL, "reader_new");
    static sdk_record rec;
    int records = 0;
    while (sdk_reader_next(r, &rec) == 1 && records++ < 8) {
        if (!rec.ok || rec.board->n != 9)
            continue;
        sdk_human_rating h;
        uint32_t cand[81];
        for (int i = 0; rec.has_cand && i < 81; i++)
            cand[i] = rec.cand[i];
        /* a budget, as fuzz_solve's: a sparse variant record can send the
         * uniqueness check into seconds of search (a heavy tail, not a hang) */
        sdk_budget budget = {0};
        budget.deadline = sdk_now() + 0.5;
        sdk_status st = sdk_human_rate(rec.board, rec.cells, rec.has_cand ? cand : NULL,
                                       SDK_HUMAN_STEPS | SDK_HUMAN_HINT, &h, &budget);
        FZ_CHECK(st == SDK_SOLVED || st == SDK_UNSOLVABLE || st == SDK_TIMEOUT, "status %d", (int)st);
        if (st == SDK_SOLVED)
            FZ_CHECK(h.nsteps <= 1 && (h.nsteps == 1 || h.solved || h.er == 20.0), "one step or an end");
        if (st == SDK_SOLVED && h.nsteps == 1)
            FZ_CHECK(st_agrees(rec.board, &h.steps[0], NULL), "text and effects: %s", h.steps[0].text);
        sdk_human_free(&h);
    }
    sdk_reader_free(r);
    return 0;
}

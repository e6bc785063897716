/*
 * fuzz_killer.c -- libFuzzer target for the killer's cages in the reader
 * (src/board/reader.c, src/board/killer.c): the input is a killer's text
 * after a variant name the first byte picks ("killer", "killer,x",
 * "jigsaw,killer", or none: the shape alone), or a killer grid's "cages"
 * line after a grid the first byte fixes.
 *
 * Besides "no crash, no sanitizer report": a malformed record carries a
 * message; a valid one's cages are connected, of 1..n cells, with sums
 * different digits can make, its givens twice in no cage, and it reads back
 * as the same board from its line and its grid; a short exact search
 * (capped) answers a solution only if it keeps every cage.
 */
#include "fuzz_common.h"
#include "../../src/board/board.h"

static FILE *fzk_in;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    static const char *lead[] = {"killer ", "killer,x ", "jigsaw,killer ", "", "killer\n",
                                 "killer\n1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\ncages "};
    const char *prefix = lead[data[0] % 6];
    sdk_read_options ro;
    fz_options((uint8_t)(data[0] / 6 % 4), &ro);   /* (detection or a 4x4/6x6 box) */
    data++, size--;
    static uint8_t text[8192 + 128];
    size_t plen = strlen(prefix), len = size < 8192 ? size : 8192;
    memcpy(text, prefix, plen);
    memcpy(text + plen, data, len);
    FILE *in = fz_stream(&fzk_in, text, plen + len);
    sdk_reader *r = sdk_reader_new(in, "fuzz", &ro);
    FZ_CHECK(r != NULL, "reader_new");
    static sdk_record rec;
    static sdk_killer k;
    char err[160];
    int got;
    while ((got = sdk_reader_next(r, &rec)) == 1) {
        if (!rec.ok) {
            FZ_CHECK(memchr(rec.error, '\0', sizeof rec.error) && rec.error[0], "error message");
            continue;
        }
        const sdk_board *b = rec.board;
        if (b->ncages) {
            sdk_killer_of(b, &k);
            FZ_CHECK(sdk_killer_check(b->n, &k, NULL, err, sizeof err), "a read killer's cages: %s", err);
            FZ_CHECK(killer_check_givens(b->n, &k, rec.cells, NULL, err, sizeof err),
                     "a read killer's givens keep its cages: %s", err);
        }
        fz_round_trip(&ro, &rec, 0);
        fz_round_trip(&ro, &rec, 1);
        if (b->ncages && b->n <= 9) {
            sdk_budget budget = {0, 2000, NULL};
            uint8_t sol[SDK_MAX_CELLS];
            sdk_status st;
            uint64_t count = sdk_exact_count(b, rec.cells, 1, sol, NULL, &budget, &st);
            FZ_CHECK(!count || sdk_board_solves(b, rec.cells, sol), "a solution keeps every cage");
        }
        sdk_variant_release(b);
    }
    FZ_CHECK(got == 0, "read error on a plain file");
    sdk_reader_free(r);
    return 0;
}

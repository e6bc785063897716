/*
 * fuzz_pattern.c -- libFuzzer target for the pattern parser and its
 * refusals (sdk_pattern_parse, sdk_pattern_refusal, src/generate/pattern.c):
 * `generate --pattern FILE`'s line.
 *
 * Checks: a line taken gives 81 flags, digits only on flagged cells, and
 * reads back from its flags as the same mask; fewer than 17 flags is always
 * refused; a refusal or a rejected line says why.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    uint8_t mask[81], cells[81], again[81], dummy[81];
    char err[160] = "", why[200] = "", line[82];
    if (sdk_pattern_parse((const char *)data, size, mask, cells, err, sizeof err)) {
        int clues = 0;
        for (int c = 0; c < 81; c++) {
            FZ_CHECK(mask[c] <= 1, "a flag is 0 or 1");
            FZ_CHECK(!cells[c] || (mask[c] && cells[c] <= 9), "digits only on clue cells");
            clues += mask[c];
            line[c] = mask[c] ? 'x' : '.';
        }
        line[81] = '\0';
        FZ_CHECK(sdk_pattern_parse(line, 81, again, dummy, err, sizeof err), "reads back: %s", err);
        FZ_CHECK(memcmp(again, mask, 81) == 0, "reads back as the same mask");
        int refused = sdk_pattern_refusal(mask, why, sizeof why);
        FZ_CHECK(clues >= 17 || refused, "fewer than 17 clues is refused");
        FZ_CHECK(!refused || (why[0] && memchr(why, '\0', sizeof why)), "a refusal says why");
    } else {
        FZ_CHECK(err[0] != '\0' && memchr(err, '\0', sizeof err), "a rejected line says why");
    }
    return 0;
}

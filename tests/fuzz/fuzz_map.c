/*
 * fuzz_map.c -- libFuzzer target for the map parser (sdk_transform_parse,
 * src/canon/transform.c): `transform --map STEPS` text.
 *
 * Checks: a map taken is a map of the board (rows keep their bands,
 * columns their stacks, digits a permutation with blank fixed); its text
 * reads back as the same map; it and its inverse undo each other on a
 * puzzle; a map refused says why.
 */
#include "fuzz_common.h"

static int fz_lines_ok(const uint8_t *lines)
{
    unsigned seen = 0;
    for (int i = 0; i < 9; i++) {
        if (lines[i] > 8 || lines[i] / 3 != lines[i / 3 * 3] / 3)
            return 0;
        seen |= 1u << lines[i];
    }
    return seen == 0x1ff;
}

static int fz_digits_ok(const uint8_t *digits)
{
    unsigned seen = 0;
    for (int d = 1; d <= 9; d++)
        if (digits[d] >= 1 && digits[d] <= 9)
            seen |= 1u << digits[d];
    return digits[0] == 0 && seen == 0x3fe;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    char *text = malloc(size + 1);
    FZ_CHECK(text != NULL, "malloc");
    memcpy(text, data, size);
    text[size] = '\0';
    sdk_transform m, back, inv;
    char err[160] = "", out[SDK_TRANSFORM_TEXT];
    if (sdk_transform_parse(text, &m, err, sizeof err)) {
        FZ_CHECK(fz_lines_ok(m.rows) && fz_lines_ok(m.cols) && fz_digits_ok(m.digits) && m.transpose <= 1,
                 "a map of the board");
        FZ_CHECK(sdk_transform_parse(sdk_transform_format(&m, out), &back, err, sizeof err), "reads back: %s", err);
        FZ_CHECK(memcmp(&back, &m, sizeof m) == 0, "reads back as the same map: %s", out);
        uint8_t p[81], q[81], r[81];
        for (int i = 0; i < 81; i++)
            p[i] = (uint8_t)((i * 7 + (int)size) % 10);
        sdk_transform_invert(&m, &inv);
        sdk_transform_apply(&m, p, q);
        sdk_transform_apply(&inv, q, r);
        FZ_CHECK(memcmp(p, r, 81) == 0, "the inverse undoes the map");
    } else {
        FZ_CHECK(err[0] != '\0' && memchr(err, '\0', sizeof err), "a refusal says why");
    }
    free(text);
    return 0;
}

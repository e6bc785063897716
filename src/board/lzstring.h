/*
 * lzstring.h -- lz-string's base64 form (lzstring.c): the "?load=" text of
 * f-puzzles and SudokuPad links.  Internal to the library (prefix lz_).
 */
#ifndef LZSTRING_H
#define LZSTRING_H
#include <stddef.h>
#include <stdint.h>

/* Decodes in[0..len) (compressToBase64's alphabet A-Z a-z 0-9 + / =) to a
 * NUL-terminated UTF-8 string (malloc'd; its length in *outlen), or NULL
 * with a short reason in *err: not base64, truncated, corrupt, too long. */
char *lz_decompress_base64(const char *in, size_t len, size_t *outlen, const char **err);
/* Encodes UTF-8 text as compressToBase64 does, byte for byte (malloc'd,
 * NUL-terminated); NULL if out of memory. */
char *lz_compress_base64(const char *in, size_t len);

#endif

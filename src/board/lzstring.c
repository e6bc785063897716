/*
 * lzstring.c -- lz-string's base64 form (compressToBase64 and
 * decompressFromBase64 of the JavaScript library lz-string), which f-puzzles
 * and SudokuPad links carry after "?load=".  The format is LZW over UTF-16
 * code units: codes of a growing width (2 bits at the start), written least
 * significant bit first, six bits a base64 character; code 0 and 1 bring a
 * new 8- or 16-bit unit, 2 ends the stream.  Text in and out is UTF-8.
 */
#include <stdlib.h>
#include <string.h>
#include "lzstring.h"

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";

enum { LZ_MAX_UNITS = 1 << 22 };   /* 4M code units: far above any puzzle's JSON */

/* ---- UTF-16 <-> UTF-8 ---------------------------------------------------- */

/* Appends code point cp as UTF-8. */
static size_t utf8_put(char *out, uint32_t cp)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | cp >> 6);
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | cp >> 12);
        out[1] = (char)(0x80 | (cp >> 6 & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | cp >> 18);
    out[1] = (char)(0x80 | (cp >> 12 & 0x3F));
    out[2] = (char)(0x80 | (cp >> 6 & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* UTF-16 units to a NUL-terminated UTF-8 string (an unpaired surrogate
 * becomes U+FFFD, as a browser shows it); NULL if out of memory. */
static char *utf16_to_utf8(const uint16_t *u, size_t n, size_t *outlen)
{
    char *out = malloc(3 * n + 1);
    size_t k = 0;
    if (!out)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        uint32_t cp = u[i];
        if (cp >= 0xD800 && cp < 0xDC00 && i + 1 < n && u[i + 1] >= 0xDC00 && u[i + 1] < 0xE000)
            cp = 0x10000 + ((cp - 0xD800) << 10) + (u[++i] - 0xDC00);
        else if (cp >= 0xD800 && cp < 0xE000)
            cp = 0xFFFD;
        k += utf8_put(out + k, cp);
    }
    out[k] = '\0';
    *outlen = k;
    return out;
}

/* UTF-8 to UTF-16 units (a malformed byte becomes U+FFFD); returns the count,
 * or -1 if out of memory.  *units is malloc'd. */
static long utf8_to_utf16(const char *s, size_t len, uint16_t **units)
{
    uint16_t *u = malloc(sizeof *u * (2 * len + 1));
    long n = 0;
    if (!u)
        return -1;
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)s[i];
        int extra = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : -1;
        uint32_t cp = extra == 0 ? c : extra == 1 ? (c & 0x1Fu) : extra == 2 ? (c & 0x0Fu) : (c & 0x07u);
        int ok = extra >= 0 && i + (size_t)extra < len;
        for (int k = 1; ok && k <= extra; k++) {
            unsigned char t = (unsigned char)s[i + (size_t)k];
            ok = (t & 0xC0) == 0x80;
            cp = cp << 6 | (t & 0x3Fu);
        }
        if (!ok || cp > 0x10FFFF || (cp >= 0xD800 && cp < 0xE000)) {
            cp = 0xFFFD;
            extra = 0;
        }
        i += (size_t)extra + 1;
        if (cp >= 0x10000) {
            u[n++] = (uint16_t)(0xD800 + ((cp - 0x10000) >> 10));
            u[n++] = (uint16_t)(0xDC00 + ((cp - 0x10000) & 0x3FF));
        } else
            u[n++] = (uint16_t)cp;
    }
    *units = u;
    return n;
}

/* ---- decompress ------------------------------------------------------------ */

typedef struct {
    const char *in;
    size_t len, next;           /* the next base64 character to load */
    int val, mask;              /* the loaded character's six bits, the bit to read */
} bit_reader;

/* Reads n bits, least significant first; past the end they read as 0, as
 * lz-string's own reader does. */
static uint32_t read_bits(bit_reader *r, int n)
{
    uint32_t v = 0;
    for (int i = 0; i < n; i++) {
        if (r->val & r->mask)
            v |= 1u << i;
        r->mask >>= 1;
        if (!r->mask) {
            r->mask = 32;
            r->val = 0;
            if (r->next < r->len) {
                const char *p = strchr(b64, r->in[r->next]);
                r->val = p ? (int)(p - b64) : 0;
            }
            r->next++;
        }
    }
    return v;
}

/* The dictionary's entries are runs of the arena; new ones are appended. */
typedef struct {
    uint16_t *arena;
    size_t used, cap;
    size_t (*entry)[2];         /* start, length */
    size_t nentry, entry_cap;
} lz_dict;

static int arena_append(lz_dict *d, const uint16_t *u, size_t n)
{
    if (d->used + n > d->cap) {
        size_t cap = d->cap ? d->cap : 1024;
        while (cap < d->used + n)
            cap *= 2;
        uint16_t *a = realloc(d->arena, sizeof *a * cap);
        if (!a)
            return 0;
        d->arena = a;
        d->cap = cap;
    }
    memcpy(d->arena + d->used, u, sizeof *u * n);
    d->used += n;
    return 1;
}

/* Adds an entry: the units of entry `from` (or none) and then `last`. */
static int dict_add(lz_dict *d, long from, uint16_t last)
{
    if (d->nentry == d->entry_cap) {
        size_t cap = d->entry_cap ? 2 * d->entry_cap : 256;
        size_t (*e)[2] = realloc(d->entry, sizeof *e * cap);
        if (!e)
            return 0;
        d->entry = e;
        d->entry_cap = cap;
    }
    size_t start = d->used, n = from >= 0 ? d->entry[from][1] : 0;
    /* copy through a scratch index: the arena may move */
    if (from >= 0) {
        size_t src = d->entry[from][0];
        for (size_t i = 0; i < n; i++) {
            uint16_t u = d->arena[src + i];
            if (!arena_append(d, &u, 1))
                return 0;
        }
    }
    if (!arena_append(d, &last, 1))
        return 0;
    d->entry[d->nentry][0] = start;
    d->entry[d->nentry][1] = n + 1;
    d->nentry++;
    return 1;
}

static void dict_free(lz_dict *d)
{
    free(d->arena);
    free(d->entry);
}

char *lz_decompress_base64(const char *in, size_t len, size_t *outlen, const char **err)
{
    bit_reader r = {in, len, 1, 0, 32};
    lz_dict d = {0};
    uint16_t *out = NULL;
    size_t nout = 0, cap = 0;
    char *text = NULL;
    *err = NULL;
    for (size_t i = 0; i < len; i++)
        if (!strchr(b64, in[i]) || in[i] == '\0') {
            *err = "not base64";
            return NULL;
        }
    if (len == 0) {
        *err = "empty";
        return NULL;
    }
    r.val = (int)(strchr(b64, in[0]) - b64);
    /* entries 0-2 are the three control codes: placeholders keep the numbering */
    for (int i = 0; i < 3; i++)
        if (!dict_add(&d, -1, 0))
            goto oom;
    int bits = 2;
    long enlarge = 4, w = -1;
    uint32_t first = read_bits(&r, 2);
    if (first == 2) {
        *err = "empty stream";
        goto fail;
    }
    if (!dict_add(&d, -1, (uint16_t)read_bits(&r, first == 0 ? 8 : 16)))
        goto oom;
    w = 3;
    bits = 3;
    for (;;) {
        /* the entry w (the previous output) goes to the output */
        size_t n = d.entry[w][1];
        if (nout + n > LZ_MAX_UNITS) {
            *err = "decompressed text too long";
            goto fail;
        }
        if (nout + n > cap) {
            cap = 2 * (nout + n) + 256;
            uint16_t *o = realloc(out, sizeof *o * cap);
            if (!o)
                goto oom;
            out = o;
        }
        memcpy(out + nout, d.arena + d.entry[w][0], sizeof *out * n);
        nout += n;
        if (r.next > len) {
            *err = "truncated";
            goto fail;
        }
        long c = (long)read_bits(&r, bits);
        if (c == 2)
            break;
        if (c == 0 || c == 1) {
            if (!dict_add(&d, -1, (uint16_t)read_bits(&r, c == 0 ? 8 : 16)))
                goto oom;
            c = (long)d.nentry - 1;
            if (--enlarge == 0)
                enlarge = 1L << bits++;
        }
        if (c > (long)d.nentry || (c == (long)d.nentry && w < 0)) {
            *err = "corrupt (a code not yet defined)";
            goto fail;
        }
        /* c == nentry: the entry being defined, w + its own first unit */
        uint16_t head = c < (long)d.nentry ? d.arena[d.entry[c][0]] : d.arena[d.entry[w][0]];
        if (!dict_add(&d, w, head))
            goto oom;
        w = c;
        if (--enlarge == 0)
            enlarge = 1L << bits++;
        if (bits > 24) {
            *err = "corrupt (code width)";
            goto fail;
        }
    }
    text = utf16_to_utf8(out, nout, outlen);
    if (!text)
        goto oom;
    free(out);
    dict_free(&d);
    return text;
oom:
    *err = "out of memory";
fail:
    free(out);
    dict_free(&d);
    return NULL;
}

/* ---- compress -------------------------------------------------------------- */

typedef struct {
    char *out;
    size_t n, cap;
    int val, pos;
} bit_writer;

static int write_bits(bit_writer *w, uint32_t v, int n)
{
    for (int i = 0; i < n; i++, v >>= 1) {
        w->val = w->val << 1 | (int)(v & 1);
        if (++w->pos == 6) {
            if (w->n + 5 > w->cap) {
                size_t cap = 2 * w->cap + 64;
                char *o = realloc(w->out, cap);
                if (!o)
                    return 0;
                w->out = o;
                w->cap = cap;
            }
            w->out[w->n++] = b64[w->val];
            w->val = w->pos = 0;
        }
    }
    return 1;
}

/* The compressor's dictionary is a trie: a node per entry, its children
 * found by (node, unit) in an open-addressing table. */
typedef struct {
    uint32_t *key_node;         /* parent node + 1 (0: empty slot) */
    uint16_t *key_unit;
    uint32_t *child;
    size_t cap, count;
} trie;

static size_t trie_slot(const trie *t, uint32_t node, uint16_t unit)
{
    size_t h = ((size_t)node * 2654435761u ^ unit * 40503u) & (t->cap - 1);
    while (t->key_node[h] && (t->key_node[h] != node + 1 || t->key_unit[h] != unit))
        h = (h + 1) & (t->cap - 1);
    return h;
}

static int trie_grow(trie *t)
{
    trie g = {calloc(2 * t->cap, sizeof(uint32_t)), malloc(2 * t->cap * sizeof(uint16_t)),
              malloc(2 * t->cap * sizeof(uint32_t)), 2 * t->cap, t->count};
    if (!g.key_node || !g.key_unit || !g.child) {
        free(g.key_node);
        free(g.key_unit);
        free(g.child);
        return 0;
    }
    for (size_t i = 0; i < t->cap; i++)
        if (t->key_node[i]) {
            size_t h = trie_slot(&g, t->key_node[i] - 1, t->key_unit[i]);
            g.key_node[h] = t->key_node[i];
            g.key_unit[h] = t->key_unit[i];
            g.child[h] = t->child[i];
        }
    free(t->key_node);
    free(t->key_unit);
    free(t->child);
    *t = g;
    return 1;
}

/* Emits the code of entry `node` (code), or, for a single unit not yet
 * written (`fresh`), the unit itself after code 0 or 1. */
static int emit(bit_writer *bw, uint32_t code, int fresh, uint16_t unit, int *bits, long *enlarge)
{
    if (fresh) {
        int wide = unit >= 256;
        if (!write_bits(bw, (uint32_t)wide, *bits) || !write_bits(bw, unit, wide ? 16 : 8))
            return 0;
        if (--*enlarge == 0)
            *enlarge = 1L << (*bits)++;
    } else if (!write_bits(bw, code, *bits))
        return 0;
    if (--*enlarge == 0)
        *enlarge = 1L << (*bits)++;
    return 1;
}

char *lz_compress_base64(const char *in, size_t len)
{
    uint16_t *u = NULL;
    long n = utf8_to_utf16(in, len, &u);
    bit_writer bw = {0};
    trie t = {calloc(1024, sizeof(uint32_t)), malloc(1024 * sizeof(uint16_t)), malloc(1024 * sizeof(uint32_t)), 1024, 0};
    /* node 0 is the root (the empty string); a node's code is kept beside it */
    uint32_t *code = malloc(sizeof *code * (size_t)(2 * (n > 0 ? n : 1) + 2));
    uint8_t *fresh = calloc((size_t)(2 * (n > 0 ? n : 1) + 2), 1);
    uint16_t *first = malloc(sizeof *first * (size_t)(2 * (n > 0 ? n : 1) + 2));
    uint32_t nodes = 1, next_code = 3;
    int bits = 2, ok = n >= 0 && t.key_node && t.key_unit && t.child && code && fresh && first;
    long enlarge = 2;
    uint32_t w = 0;             /* the current match, a node; 0 = none yet */
    for (long i = 0; ok && i < n; i++) {
        uint16_t c = u[i];
        size_t h = trie_slot(&t, 0, c);
        if (!t.key_node[h]) {               /* a unit never seen: a one-unit entry */
            t.key_node[h] = 1;
            t.key_unit[h] = c;
            t.child[h] = nodes;
            code[nodes] = next_code++;
            fresh[nodes] = 1;
            first[nodes] = c;
            nodes++;
            t.count++;
        }
        size_t hw = trie_slot(&t, w, c);
        if (w && t.key_node[hw]) {          /* w + c is known: extend */
            w = t.child[hw];
            continue;
        }
        if (w) {
            ok = emit(&bw, code[w], fresh[w], first[w], &bits, &enlarge);
            fresh[w] = 0;
            t.key_node[hw] = w + 1;         /* w + c becomes an entry */
            t.key_unit[hw] = c;
            t.child[hw] = nodes;
            code[nodes] = next_code++;
            first[nodes] = first[w];
            nodes++;
            t.count++;
        }
        w = t.child[trie_slot(&t, 0, c)];
        if (ok && 2 * t.count >= t.cap)
            ok = trie_grow(&t);
    }
    if (ok && w)
        ok = emit(&bw, code[w], fresh[w], first[w], &bits, &enlarge);
    ok = ok && write_bits(&bw, 2, bits);
    /* lz-string ends on one more character, the last bits padded with
     * zeros (a whole 'A' when they filled the one before) */
    ok = ok && write_bits(&bw, 0, 6 - bw.pos);
    if (ok && bw.n + 4 > bw.cap) {
        char *o = realloc(bw.out, bw.n + 4);
        ok = o != NULL;
        bw.out = ok ? o : bw.out;
    }
    if (ok) {
        while (bw.n % 4)
            bw.out[bw.n++] = '=';
        bw.out[bw.n] = '\0';
    }
    free(u);
    free(t.key_node);
    free(t.key_unit);
    free(t.child);
    free(code);
    free(fresh);
    free(first);
    if (!ok) {
        free(bw.out);
        return NULL;
    }
    return bw.out;
}

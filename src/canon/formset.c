/*
 * formset.c -- a set of forms for `canon --unique` and `generate --known`:
 * open addressing on a hash of the key, each key kept whole in one growing
 * arena (two cells a byte where every value fits in four bits, as a 9x9
 * form's do), so a match is exact, never a hash collision.  It grows with the distinct keys only:
 * a 9x9 form costs its 41 packed bytes, a 2-byte length and a 16-byte slot
 * in a table at most half full.
 */
#include <stdlib.h>
#include <string.h>
#include "sudoku.h"

typedef struct {
    uint64_t hash;               /* 0: the slot is empty */
    uint64_t at;                 /* the key's offset in the arena */
} set_slot;

struct sdk_canon_set {
    set_slot *slot;
    size_t cap, count;           /* cap a power of two, kept at most half full */
    uint8_t *arena;              /* per key: its packed length (2 bytes), then it */
    size_t used, room;
};

sdk_canon_set *sdk_canon_set_new(void)
{
    sdk_canon_set *s = calloc(1, sizeof *s);
    if (s) {
        s->cap = 1024;
        s->slot = calloc(s->cap, sizeof *s->slot);
        if (!s->slot) {
            free(s);
            s = NULL;
        }
    }
    return s;
}

void sdk_canon_set_free(sdk_canon_set *s)
{
    if (s) {
        free(s->slot);
        free(s->arena);
    }
    free(s);
}

/* FNV-1a over the packed key; never 0, which marks an empty slot. */
static uint64_t set_hash(const uint8_t *packed, size_t len)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < len; i++)
        h = (h ^ packed[i]) * 1099511628211ull;
    return h ? h : 1;
}

static int set_same(const sdk_canon_set *s, const set_slot *slot, const uint8_t *packed, size_t len)
{
    const uint8_t *k = s->arena + slot->at;
    return (size_t)(k[0] | k[1] << 8) == len && memcmp(k + 2, packed, len) == 0;
}

/* The slot holding packed, or the empty slot where it goes (packed NULL:
 * the first empty slot). */
static set_slot *set_find(const sdk_canon_set *s, uint64_t hash, const uint8_t *packed, size_t len)
{
    size_t i = (size_t)(hash ^ hash >> 29) & (s->cap - 1);
    while (s->slot[i].hash && (!packed || s->slot[i].hash != hash || !set_same(s, &s->slot[i], packed, len)))
        i = (i + 1) & (s->cap - 1);
    return &s->slot[i];
}

static int set_grow(sdk_canon_set *s)
{
    set_slot *old = s->slot;
    size_t oldcap = s->cap;
    set_slot *slot = calloc(oldcap * 2, sizeof *slot);
    if (!slot)
        return 0;
    s->slot = slot;
    s->cap = oldcap * 2;
    for (size_t i = 0; i < oldcap; i++)
        if (old[i].hash)
            *set_find(s, old[i].hash, NULL, 0) = old[i];   /* (all distinct: no compare) */
    free(old);
    return 1;
}

/* key packed into packed (room for 2 * SDK_MAX_CELLS + 64 bytes): its
 * length, or 0 if it does not fit. */
static size_t set_pack(const uint8_t *key, size_t len, uint8_t *packed)
{
    int small = 1;
    if (len + 1 > 2 * SDK_MAX_CELLS + 64)
        return 0;
    for (size_t i = 0; i < len; i++)
        small &= key[i] < 16;
    size_t plen = small ? (len + 1) / 2 + 1 : len + 1;
    memset(packed, 0, plen);
    packed[0] = (uint8_t)small;    /* (a packed key never equals a plain one) */
    for (size_t i = 0; i < len; i++) {
        if (small)
            packed[1 + i / 2] |= (uint8_t)(key[i] << (i % 2 * 4));
        else
            packed[1 + i] = key[i];
    }
    if (small && len % 2)
        packed[plen - 1] |= 0xf0;  /* (odd lengths: "abc" is not "abc0") */
    return plen;
}

int sdk_canon_set_has(const sdk_canon_set *s, const uint8_t *key, size_t len)
{
    uint8_t packed[2 * SDK_MAX_CELLS + 64];
    size_t plen = set_pack(key, len, packed);
    return plen && set_find(s, set_hash(packed, plen), packed, plen)->hash != 0;
}

int sdk_canon_set_add(sdk_canon_set *s, const uint8_t *key, size_t len)
{
    uint8_t packed[2 * SDK_MAX_CELLS + 64];
    size_t plen = set_pack(key, len, packed);
    if (!plen)
        return -1;
    uint64_t hash = set_hash(packed, plen);
    set_slot *at = set_find(s, hash, packed, plen);
    if (at->hash)
        return 0;
    if (s->used + plen + 2 > s->room) {
        size_t room = s->room ? s->room * 2 : 1 << 16;
        uint8_t *arena = realloc(s->arena, room);
        if (!arena)
            return -1;
        s->arena = arena;
        s->room = room;
    }
    if (2 * (s->count + 1) > s->cap) {
        if (!set_grow(s))
            return -1;
        at = set_find(s, hash, packed, plen);
    }
    at->hash = hash;
    at->at = s->used;
    s->arena[s->used] = (uint8_t)(plen & 0xff);
    s->arena[s->used + 1] = (uint8_t)(plen >> 8);
    memcpy(s->arena + s->used + 2, packed, plen);
    s->used += plen + 2;
    s->count++;
    return 1;
}

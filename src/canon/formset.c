/*
 * formset.c -- a set of 9x9 forms for `canon --unique`: open addressing on
 * a hash of the form, each form kept whole (two cells a byte), so a match
 * is exact, never a hash collision.  It grows with the distinct forms only.
 */
#include <stdlib.h>
#include <string.h>
#include "sudoku.h"

#define FORM_BYTES 41            /* 81 cells, 4 bits each */

typedef struct {
    uint64_t hash;               /* 0: the slot is empty */
    uint8_t form[FORM_BYTES];
} set_slot;

struct sdk_canon_set {
    set_slot *slot;
    size_t cap, count;           /* cap a power of two, kept at most half full */
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
    if (s)
        free(s->slot);
    free(s);
}

/* FNV-1a over the packed form; never 0, which marks an empty slot. */
static uint64_t set_hash(const uint8_t *packed)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < FORM_BYTES; i++)
        h = (h ^ packed[i]) * 1099511628211ull;
    return h ? h : 1;
}

/* The slot holding packed, or the empty slot where it goes. */
static set_slot *set_find(const sdk_canon_set *s, uint64_t hash, const uint8_t *packed)
{
    size_t i = (size_t)(hash ^ hash >> 29) & (s->cap - 1);
    while (s->slot[i].hash && (s->slot[i].hash != hash || memcmp(s->slot[i].form, packed, FORM_BYTES) != 0))
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
            *set_find(s, old[i].hash, old[i].form) = old[i];
    free(old);
    return 1;
}

int sdk_canon_set_add(sdk_canon_set *s, const uint8_t *form)
{
    uint8_t packed[FORM_BYTES] = {0};
    for (int i = 0; i < 81; i++)
        packed[i / 2] |= (uint8_t)((form[i] & 15) << (i % 2 * 4));
    uint64_t hash = set_hash(packed);
    set_slot *at = set_find(s, hash, packed);
    if (at->hash)
        return 0;
    if (2 * (s->count + 1) > s->cap) {
        if (!set_grow(s))
            return -1;
        at = set_find(s, hash, packed);
    }
    at->hash = hash;
    memcpy(at->form, packed, FORM_BYTES);
    s->count++;
    return 1;
}

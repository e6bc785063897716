/*
 * depth.c -- the depth rating of Watanabe (arXiv:1303.1886): the fewest
 * branchings, each setting a cell to its solution value, after which naked
 * singles (rate.h) solve the puzzle.
 *
 * Along a depth path every branch sets a cell to its solution value, so a
 * node is fully described by the set of its filled cells (values come from
 * the solution, masks from the values).  Breadth-first search over these
 * sets, each visited once, gives the fewest branchings directly and avoids
 * re-exploring the many orders in which the same cells can be chosen.
 */
#include <stdlib.h>
#include <string.h>
#include "rate.h"

typedef struct key_set {
    int words;                  /* uint64 words per key */
    size_t cap, used;           /* slots (a power of two), occupied */
    uint64_t *slots;            /* cap x words; an all-zero key marks a free slot */
} key_set;

static uint64_t key_hash(const uint64_t *key, int words)
{
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < words; i++) {
        h ^= key[i];
        h *= 0xbf58476d1ce4e5b9ull;
        h ^= h >> 29;
    }
    return h;
}

static int key_is_zero(const uint64_t *key, int words)
{
    for (int i = 0; i < words; i++)
        if (key[i])
            return 0;
    return 1;
}

static int key_set_grow(key_set *set);

/* Adds key (not all-zero).  Returns 1 if it was new, 0 if it was there,
 * -1 when out of memory. */
static int key_set_add(key_set *set, const uint64_t *key)
{
    if ((set->used + 1) * 2 > set->cap && !key_set_grow(set))
        return -1;
    size_t mask = set->cap - 1;
    size_t i = (size_t)key_hash(key, set->words) & mask;
    size_t bytes = sizeof(uint64_t) * (size_t)set->words;
    for (;; i = (i + 1) & mask) {
        uint64_t *slot = set->slots + i * (size_t)set->words;
        if (key_is_zero(slot, set->words)) {
            memcpy(slot, key, bytes);
            set->used++;
            return 1;
        }
        if (memcmp(slot, key, bytes) == 0)
            return 0;
    }
}

static int key_set_grow(key_set *set)
{
    key_set bigger = *set;
    bigger.cap = set->cap ? set->cap * 2 : 1024;
    bigger.used = 0;
    bigger.slots = calloc(bigger.cap, sizeof(uint64_t) * (size_t)set->words);
    if (!bigger.slots)
        return 0;
    for (size_t i = 0; i < set->cap; i++) {
        const uint64_t *slot = set->slots + i * (size_t)set->words;
        if (!key_is_zero(slot, set->words))
            key_set_add(&bigger, slot);
    }
    free(set->slots);
    *set = bigger;
    return 1;
}

/* A growable list of keys: one BFS level. */
typedef struct key_list {
    uint64_t *keys;
    size_t count, cap;
} key_list;

static int key_list_push(key_list *list, const uint64_t *key, int words)
{
    if (list->count == list->cap) {
        size_t cap = list->cap ? list->cap * 2 : 256;
        uint64_t *grown = realloc(list->keys, cap * sizeof(uint64_t) * (size_t)words);
        if (!grown)
            return 0;
        list->keys = grown;
        list->cap = cap;
    }
    memcpy(list->keys + list->count * (size_t)words, key, sizeof(uint64_t) * (size_t)words);
    list->count++;
    return 1;
}

static void depth_node_key(const rate_search *s, const uint8_t *val, uint64_t *key, int words)
{
    memset(key, 0, sizeof(uint64_t) * (size_t)words);
    for (int c = 0; c < s->ncells; c++)
        if (val[c])
            key[c >> 6] |= 1ull << (c & 63);
}

int sdk_rate_depth(const sdk_board *b, const uint8_t *puzzle, const uint8_t *solution,
                   int max_depth, const sdk_budget *budget)
{
    rate_search s;
    if (!rate_search_init(&s, b, 2))
        return -1;
    int nc = b->ncells, words = (nc + 63) / 64;
    uint8_t *val = s.val, *child_val = s.val + nc;
    uint32_t *cand = s.cand, *child_cand = s.cand + nc;
    uint64_t *key = calloc((size_t)words, sizeof(uint64_t));
    key_set seen = {words, 0, 0, NULL};
    key_list level = {0}, next = {0};
    int depth = -1;
    if (!key)
        goto done;

    memcpy(val, puzzle, (size_t)nc);
    int root_empty = rate_node_propagate(&s, val, cand, rate_node_build(&s, val, cand));
    if (root_empty == 0) {
        depth = 0;
        goto done;
    }
    if (root_empty < 0)
        goto done;              /* contradictory clues: no path to the solution */
    depth_node_key(&s, val, key, words);
    /* An all-zero key (the empty board) marks a free slot, so it stays out of the set. */
    if (!key_list_push(&level, key, words) || (!key_is_zero(key, words) && key_set_add(&seen, key) < 0))
        goto done;

    for (int d = 1; level.count > 0 && (max_depth < 0 || d <= max_depth); d++) {
        next.count = 0;
        for (size_t i = 0; i < level.count; i++) {
            /* a state costs microseconds (9x9) to milliseconds (25x25) */
            if ((i & 7) == 0 && sdk_budget_expired(budget))
                goto done;
            const uint64_t *state = level.keys + i * (size_t)words;
            for (int c = 0; c < nc; c++)
                val[c] = (state[c >> 6] >> (c & 63)) & 1 ? solution[c] : 0;
            /* A stored state is a propagation fixpoint: nothing to queue. */
            int empty = rate_node_build(&s, val, cand);
            s.queued = 0;
            int ties, first;
            int fewest = rate_node_fewest(&s, val, cand, &ties, &first);
            if (empty < 0 || fewest == 0)
                continue;       /* cannot happen with solution values; harmless */
            for (int c = first; c < nc; c++) {
                if (val[c] || __builtin_popcount(cand[c]) != fewest)
                    continue;
                memcpy(child_val, val, (size_t)nc);
                memcpy(child_cand, cand, sizeof(uint32_t) * (size_t)nc);
                s.queued = 0;
                int left = rate_node_place(&s, child_val, child_cand, c, solution[c]) ? empty - 1 : -1;
                left = rate_node_propagate(&s, child_val, child_cand, left);
                if (left == 0) {
                    depth = d;
                    goto done;
                }
                if (left < 0)
                    continue;   /* cannot happen with solution values */
                depth_node_key(&s, child_val, key, words);
                int added = key_set_add(&seen, key);
                if (added < 0 || (added && !key_list_push(&next, key, words)))
                    goto done;
            }
        }
        key_list swap = level;
        level = next;
        next = swap;
    }
done:
    free(key);
    free(seen.slots);
    free(level.keys);
    free(next.keys);
    rate_search_free(&s);
    return depth;
}

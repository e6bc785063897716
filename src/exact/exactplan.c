/*
 * exactplan.c -- builds and caches the general exact solver's bitset view
 * of a board (exactplan.h).  The cache is per thread (no lock on the hot
 * path) and keyed by the house lists themselves, not the board's address:
 * a freed board's address may come back holding another jigsaw map.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "exactplan.h"

enum { XP_SLOTS = 4 };

typedef struct xp_cache {
    xp_plan *slot[XP_SLOTS];
    int next;                /* the slot the next miss replaces */
} xp_cache;

static pthread_key_t xp_key;
static pthread_once_t xp_once = PTHREAD_ONCE_INIT;

static void xp_free(xp_plan *p)
{
    if (!p)
        return;
    free(p->peer);
    free(p->house);
    free(p->seg_start);
    free(p->seg_word);
    free(p->seg_mask);
    free(p->key);
    free(p->ch);
    free(p->cage_start);
    free(p->cage_bits);
    free(p->cage_cells);
    free(p->cage_sum);
    free(p->cell_cage);
    free(p);
}

static void xp_cache_free(void *v)
{
    xp_cache *c = v;
    for (int i = 0; i < XP_SLOTS; i++)
        xp_free(c->slot[i]);
    free(c);
}

static void xp_key_make(void)
{
    pthread_key_create(&xp_key, xp_cache_free);
}

/* Whether the houses of plan p are exactly the rows, columns and 4x4 boxes
 * of a 16x16 board (cell c = 16 * row + column), in any order. */
static int xp_is_sq16(const xp_plan *p)
{
    if (p->n != 16 || p->ncells != 256 || p->nhouses != 48)
        return 0;
    uint64_t seen = 0;
    for (int h = 0; h < 48; h++) {
        const uint64_t *hm = p->house + (size_t)h * 4;
        for (int k = 0; k < 48; k++) {
            uint64_t want[4] = {0};
            for (int w = 0; w < 4; w++)
                want[w] = k < 16 ? (w == k / 4 ? 0xffffull << 16 * (k % 4) : 0)      /* row k */
                        : k < 32 ? 0x0001000100010001ull << (k - 16)                   /* column */
                        : (w == (k - 32) / 4 ? 0x000f000f000f000full << 4 * (k % 4) : 0); /* box */
            if (!memcmp(hm, want, sizeof want)) {
                seen |= 1ull << k;
                break;
            }
        }
    }
    return seen == (1ull << 48) - 1;
}

/* A killer's cages into p: copies of the board's tables, and each cage's
 * cells made each other's peers.  Returns 0 if out of memory. */
static int xp_cages(xp_plan *p, const sdk_board *b)
{
    int distinct = b->ncages + b->nimplied_cages, total = distinct + b->nimplied_sums, W = p->W;
    size_t cells = (size_t)b->cage_start[total];
    p->cage_start = malloc(sizeof(int) * ((size_t)total + 1));
    p->cage_cells = malloc(sizeof(uint16_t) * (cells + 1));
    p->cage_sum = malloc(sizeof(uint16_t) * ((size_t)total + 1));
    p->cell_cage = malloc(sizeof(int16_t) * (size_t)b->ncells);
    p->cage_bits = calloc((size_t)total * (size_t)W + 1, sizeof(uint64_t));
    if (!p->cage_start || !p->cage_cells || !p->cage_sum || !p->cell_cage || !p->cage_bits)
        return 0;
    memcpy(p->cage_start, b->cage_start, sizeof(int) * ((size_t)total + 1));
    memcpy(p->cage_cells, b->cage_cells, sizeof(uint16_t) * cells);
    memcpy(p->cage_sum, b->cage_sum, sizeof(uint16_t) * (size_t)total);
    memcpy(p->cell_cage, b->cell_cage, sizeof(int16_t) * (size_t)b->ncells);
    p->ncages = total;
    p->nreal = b->ncages;
    p->ndistinct = distinct;
    for (int k = 0; k < total; k++)
        for (int i = b->cage_start[k]; i < b->cage_start[k + 1]; i++) {
            int c = b->cage_cells[i];
            p->cage_bits[(size_t)k * W + (c >> 6)] |= 1ull << (c & 63);
        }
    for (int k = 0; k < distinct; k++)
        for (int i = b->cage_start[k]; i < b->cage_start[k + 1]; i++)
            for (int j = b->cage_start[k]; j < b->cage_start[k + 1]; j++)
                if (i != j) {
                    int c = b->cage_cells[i], d = b->cage_cells[j];
                    p->peer[(size_t)c * W + (d >> 6)] |= 1ull << (d & 63);
                }
    return 1;
}

static xp_plan *xp_build(const sdk_board *b)
{
    int n = b->n, nc = b->ncells, nh = b->nhouses + b->nimplied, W = (nc + 63) / 64;
    xp_plan *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->n = n;
    p->ncells = nc;
    p->nhouses = nh;
    p->nlock = b->nhouses;
    p->W = W;
    p->peer = calloc((size_t)nc * (size_t)W, sizeof(uint64_t));
    p->house = calloc((size_t)nh * (size_t)W, sizeof(uint64_t));
    p->seg_start = calloc((size_t)nh + 1, sizeof(int));
    p->seg_word = malloc((size_t)nh * (size_t)W + 1);
    p->seg_mask = malloc(sizeof(uint64_t) * ((size_t)nh * (size_t)W + 1));
    p->key = malloc(sizeof(uint16_t) * (size_t)nh * (size_t)n + 1);
    if (!p->peer || !p->house || !p->seg_start || !p->seg_word || !p->seg_mask || !p->key) {
        xp_free(p);
        return NULL;
    }
    memcpy(p->key, b->house_cells, sizeof(uint16_t) * (size_t)nh * (size_t)n);
    /* each cell's houses: the board's, then the implied houses holding it */
    int *count = calloc((size_t)nc, sizeof(int));
    if (!count) {
        xp_free(p);
        return NULL;
    }
    for (int c = 0; c < nc; c++)
        count[c] = b->cell_house_start[c + 1] - b->cell_house_start[c];
    for (int i = b->nhouses * n; i < nh * n; i++)
        count[b->house_cells[i]]++;
    for (int c = 0; c < nc; c++)
        p->hstride = count[c] + 1 > p->hstride ? count[c] + 1 : p->hstride;
    p->ch = malloc(sizeof(uint16_t) * (size_t)nc * (size_t)p->hstride);
    if (!p->ch) {
        free(count);
        xp_free(p);
        return NULL;
    }
    for (int c = 0; c < nc; c++) {
        uint16_t *out = p->ch + (size_t)c * p->hstride;
        for (int k = b->cell_house_start[c]; k < b->cell_house_start[c + 1]; k++)
            *out++ = b->cell_houses[k];
        count[c] = (int)(out - (p->ch + (size_t)c * p->hstride));
    }
    for (int i = b->nhouses * n; i < nh * n; i++) {
        int c = b->house_cells[i];
        p->ch[(size_t)c * p->hstride + count[c]++] = (uint16_t)(i / n);
    }
    for (int c = 0; c < nc; c++)
        p->ch[(size_t)c * p->hstride + count[c]] = XP_END;
    free(count);
    for (int c = 0; c < nc; c++)
        p->all[c >> 6] |= 1ull << (c & 63);
    int segs = 0;
    for (int h = 0; h < nh; h++) {
        uint64_t *hm = p->house + (size_t)h * W;
        for (int i = 0; i < n; i++) {
            int c = b->house_cells[h * n + i];
            hm[c >> 6] |= 1ull << (c & 63);
        }
        for (int i = 0; i < n; i++) {
            uint64_t *pm = p->peer + (size_t)b->house_cells[h * n + i] * W;
            for (int w = 0; w < W; w++)
                pm[w] |= hm[w];
        }
        for (int w = 0; w < W; w++)
            if (hm[w]) {
                p->seg_word[segs] = (uint8_t)w;
                p->seg_mask[segs++] = hm[w];
            }
        p->seg_start[h + 1] = segs;
    }
    /* the most cells two houses share: over the pairs of houses of a cell */
    for (int c = 0; c < nc; c++) {
        p->peer[(size_t)c * W + (c >> 6)] &= ~(1ull << (c & 63));
        const uint16_t *ch = p->ch + (size_t)c * p->hstride;
        for (int i = 0; ch[i] != XP_END; i++)
            for (int j = i + 1; ch[j] != XP_END; j++) {
                const uint64_t *hm = p->house + (size_t)ch[i] * W;
                const uint64_t *gm = p->house + (size_t)ch[j] * W;
                int shared = 0;
                for (int w = 0; w < W; w++)
                    shared += __builtin_popcountll(hm[w] & gm[w]);
                p->maxshare = shared > p->maxshare ? shared : p->maxshare;
            }
    }
    if (b->ncages && !xp_cages(p, b)) {
        xp_free(p);
        return NULL;
    }
    p->sq16 = !p->ncages && xp_is_sq16(p);
    return p;
}

static int xp_matches(const xp_plan *p, const sdk_board *b)
{
    int nh = b->nhouses + b->nimplied;
    return p && p->n == b->n && p->ncells == b->ncells && p->nhouses == nh &&
           !memcmp(p->key, b->house_cells, sizeof(uint16_t) * (size_t)nh * (size_t)b->n) &&
           p->nreal == b->ncages &&
           (!b->ncages || (!memcmp(p->cell_cage, b->cell_cage, sizeof(int16_t) * (size_t)b->ncells) &&
                           !memcmp(p->cage_sum, b->cage_sum, sizeof(uint16_t) * (size_t)b->ncages)));
}

const xp_plan *xp_plan_for(const sdk_board *b)
{
    pthread_once(&xp_once, xp_key_make);
    xp_cache *c = pthread_getspecific(xp_key);
    if (!c) {
        c = calloc(1, sizeof *c);
        if (!c || pthread_setspecific(xp_key, c)) {
            free(c);
            return NULL;
        }
    }
    for (int i = 0; i < XP_SLOTS; i++)
        if (xp_matches(c->slot[i], b))
            return c->slot[i];
    xp_plan *p = xp_build(b);
    if (!p)
        return NULL;
    xp_free(c->slot[c->next]);
    c->slot[c->next] = p;
    c->next = (c->next + 1) % XP_SLOTS;
    return p;
}

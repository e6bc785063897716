/*
 * group.c -- canonical forms on the boards other than the plain 9x9, under
 * each board's own symmetry group, listed map by map (canon_group_minlex).
 *
 * The group of a board is every map of its base group that carries each of
 * its houses onto a house, so it never calls two different puzzles the
 * same.  The base group of a standard n x n board with r x c boxes: rows
 * within bands of r, the bands, columns within stacks of c, the stacks, and
 * the transpose only when r = c (a 2x3 box turned is a 3x2 box); an X or
 * windoku board keeps the maps of that group that carry its diagonals,
 * windows and so on onto houses.  A jigsaw's regions go with no band
 * structure, so its base group is the eight turns and mirrors of the square,
 * and its group those of them that carry every region onto a region.
 *
 * Listing the group is for groups of a few million maps at most (4x4, 6x6,
 * any 9x9 variant, any jigsaw); the maps that pass are kept per board for
 * the run.  The form is then the least string over the list, each map's
 * digits relabelled in order of first appearance, a map dropped at its
 * first larger cell: brute force over a small group, so it is exact.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "sudoku.h"
#include "canon.h"

#define GROUP_MAX_BASE 4000000u     /* base groups listed at most this large */

typedef struct {
    int n;
    int nrow, ncol;                 /* line orders listed */
    uint8_t *rows, *cols;           /* nrow (ncol) orders of n lines each */
    uint32_t *maps;                 /* the group: t << 31 | row order << 16 | col order */
    size_t count;
} canon_group;

/* Takes the item that the next digit of a mixed-radix counter picks from
 * pool (its *left items), as a Lehmer code does. */
static uint8_t group_take(uint8_t *pool, int *left, long *rest)
{
    int pick = (int)(*rest % *left);
    uint8_t v = pool[pick];
    *rest /= *left;
    memmove(pool + pick, pool + pick + 1, (size_t)(*left - pick - 1));
    (*left)--;
    return v;
}

/* Every order of n lines that keeps groups of `size` together (the bands
 * in any order, lines within each in any order); NULL if more than max. */
static uint8_t *group_orders(int n, int size, int *count, int max)
{
    int groups = n / size, nperm = 1, gperm = 1;
    for (int i = 2; i <= size; i++)
        nperm *= i;
    for (int i = 2; i <= groups; i++)
        gperm *= i;
    long total = (long)gperm;
    for (int g = 0; g < groups; g++) {
        total *= nperm;
        if (total > max)
            return NULL;
    }
    uint8_t *out = malloc((size_t)total * (size_t)n);
    if (!out)
        return NULL;
    /* The counter's digits pick the band order, then each band's lines. */
    for (long idx = 0; idx < total; idx++) {
        long rest = idx;
        uint8_t band[SDK_MAX_N], pool[SDK_MAX_N];
        int left = groups;
        for (int g = 0; g < groups; g++)
            pool[g] = (uint8_t)g;
        for (int g = 0; g < groups; g++)
            band[g] = group_take(pool, &left, &rest);
        for (int g = 0; g < groups; g++) {
            left = size;
            for (int i = 0; i < size; i++)
                pool[i] = (uint8_t)i;
            for (int i = 0; i < size; i++)
                out[idx * n + g * size + i] = (uint8_t)(band[g] * size + group_take(pool, &left, &rest));
        }
    }
    *count = (int)total;
    return out;
}

/* The source cell of output cell (r, c) under map (t, rows, cols). */
static inline int group_src(int n, int t, const uint8_t *rows, const uint8_t *cols, int r, int c)
{
    return t ? cols[c] * n + rows[r] : rows[r] * n + cols[c];
}

/* Does the map carry every checked house onto a checked house?  member[h]
 * is house h's cells as bits; first[x] lists the checked houses of cell x. */
static int group_keeps(const sdk_board *b, const uint8_t *checked, const uint64_t *member, int words, int t,
                       const uint8_t *rows, const uint8_t *cols)
{
    int n = b->n;
    for (int h = 0; h < b->nhouses; h++) {
        if (!checked[h])
            continue;
        const uint16_t *cells = b->house_cells + h * n;
        int src0 = group_src(n, t, rows, cols, cells[0] / n, cells[0] % n), found = 0;
        for (int k = b->cell_house_start[src0]; k < b->cell_house_start[src0 + 1] && !found; k++) {
            int h2 = b->cell_houses[k];
            if (h2 >= b->nhouses || !checked[h2])
                continue;
            int all = 1;
            for (int j = 1; j < n && all; j++) {
                int src = group_src(n, t, rows, cols, cells[j] / n, cells[j] % n);
                all = member[h2 * words + src / 64] >> (src % 64) & 1;
            }
            found = all;
        }
        if (!found)
            return 0;
    }
    return 1;
}

static void group_free(canon_group *g)
{
    if (g) {
        free(g->rows);
        free(g->cols);
        free(g->maps);
    }
    free(g);
}

/* The group of board b, or NULL (not listable, or out of memory). */
static canon_group *group_build(const sdk_board *b)
{
    int n = b->n, jigsaw = b->region != NULL;
    if (b->ncells != n * n || (b->variant && strcmp(b->variant, "samurai") == 0))
        return NULL;
    canon_group *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->n = n;
    int square = jigsaw || b->box_rows == b->box_cols;
    if (jigsaw) {
        /* the square's turns and mirrors: each line order straight or reversed */
        g->nrow = g->ncol = 2;
        g->rows = malloc(2 * (size_t)n);
        g->cols = malloc(2 * (size_t)n);
        if (g->rows && g->cols)
            for (int i = 0; i < n; i++) {
                g->rows[i] = g->cols[i] = (uint8_t)i;
                g->rows[n + i] = g->cols[n + i] = (uint8_t)(n - 1 - i);
            }
    } else {
        g->rows = group_orders(n, b->box_rows, &g->nrow, GROUP_MAX_BASE);
        g->cols = group_orders(n, b->box_cols, &g->ncol, GROUP_MAX_BASE);
    }
    if (!g->rows || !g->cols || g->nrow > 0x7fff || g->ncol > 0xffff ||
        (double)g->nrow * g->ncol * (square ? 2 : 1) > GROUP_MAX_BASE) {
        group_free(g);
        return NULL;
    }
    /* The houses the base group may not keep: all but rows and columns on a
     * jigsaw, the extra ones (diagonals, windows) otherwise. */
    int words = (b->ncells + 63) / 64;
    uint8_t checked[4 * SDK_MAX_N + 64] = {0};
    uint64_t *member = calloc((size_t)b->nhouses * (size_t)words, sizeof *member);
    g->maps = malloc(64 * sizeof *g->maps);
    size_t cap = 64;
    if (!member || !g->maps || b->nhouses > (int)sizeof checked) {
        free(member);
        group_free(g);
        return NULL;
    }
    for (int h = 0; h < b->nhouses; h++) {
        int kind = b->house_kind[h];
        checked[h] = kind != SDK_HOUSE_ROW && kind != SDK_HOUSE_COL && (jigsaw || kind != SDK_HOUSE_BOX);
        for (int j = 0; j < n; j++) {
            int x = b->house_cells[h * n + j];
            member[h * words + x / 64] |= 1ull << (x % 64);
        }
    }
    for (int t = 0; t < (square ? 2 : 1); t++)
        for (int ri = 0; ri < g->nrow; ri++)
            for (int ci = 0; ci < g->ncol; ci++) {
                if (!group_keeps(b, checked, member, words, t, g->rows + ri * n, g->cols + ci * n))
                    continue;
                if (g->count == cap) {
                    uint32_t *more = realloc(g->maps, 2 * cap * sizeof *more);
                    if (!more) {
                        free(member);
                        group_free(g);
                        return NULL;
                    }
                    g->maps = more;
                    cap *= 2;
                }
                g->maps[g->count++] = (uint32_t)t << 31 | (uint32_t)ri << 16 | (uint32_t)ci;
            }
    free(member);
    return g;
}

/* The groups built so far in this run, by board serial (a jigsaw's group,
 * eight maps at most, is built afresh each time: its boards come and go). */
#define GROUP_CACHE 16
static struct {
    unsigned long serial;
    canon_group *g;
} group_cache[GROUP_CACHE];
static int group_cached;
static pthread_mutex_t group_lock = PTHREAD_MUTEX_INITIALIZER;

static canon_group *group_of(const sdk_board *b, int *owned)
{
    *owned = 0;
    if (b->region) {
        *owned = 1;
        return group_build(b);
    }
    pthread_mutex_lock(&group_lock);
    canon_group *g = NULL;
    int found = 0;
    for (int i = 0; i < group_cached && !found; i++)
        if (group_cache[i].serial == b->serial) {
            g = group_cache[i].g;   /* (NULL: not listable, tried before) */
            found = 1;
        }
    if (!found) {
        g = group_build(b);
        if (group_cached < GROUP_CACHE) {
            group_cache[group_cached].serial = b->serial;
            group_cache[group_cached++].g = g;
        } else if (g) {
            *owned = 1;
        }
    }
    pthread_mutex_unlock(&group_lock);
    return g;
}

int canon_group_minlex(const sdk_board *b, const uint8_t *cells, sdk_canon *out)
{
    int owned;
    canon_group *g = group_of(b, &owned);
    if (!g)
        return 0;
    int n = g->n, ncells = n * n;
    uint8_t cand[SDK_MAX_CELLS];
    size_t best_map = 0;
    memset(out->form, 0xff, (size_t)ncells);
    out->automorphisms = 0;
    for (size_t k = 0; k < g->count; k++) {
        uint32_t m = g->maps[k];
        int t = (int)(m >> 31);
        const uint8_t *rows = g->rows + ((m >> 16) & 0x7fff) * n, *cols = g->cols + (m & 0xffff) * n;
        uint8_t lab[SDK_MAX_N + 1] = {0};
        int next = 1, less = 0, i = 0;
        for (; i < ncells; i++) {
            int v = cells[group_src(n, t, rows, cols, i / n, i % n)];
            v = v <= n ? v : 0;
            int o = v ? (lab[v] ? lab[v] : (lab[v] = (uint8_t)next++)) : 0;
            cand[i] = (uint8_t)o;
            if (!less && o != out->form[i]) {
                if (o > out->form[i])
                    break;
                less = 1;
            }
        }
        if (i < ncells)
            continue;
        if (less) {
            memcpy(out->form, cand, (size_t)ncells);
            out->automorphisms = 0;
            best_map = k;
        }
        out->automorphisms++;
    }
    /* The map, where the board is 9x9 (sdk_transform's shape). */
    sdk_transform_identity(&out->map);
    if (n == 9 && g->count) {
        uint32_t m = g->maps[best_map];
        out->map.transpose = (uint8_t)(m >> 31);
        memcpy(out->map.rows, g->rows + ((m >> 16) & 0x7fff) * 9, 9);
        memcpy(out->map.cols, g->cols + (m & 0xffff) * 9, 9);
        uint8_t img[81];
        sdk_transform_apply(&out->map, cells, img);
        uint8_t lab[10] = {0};
        int next = 1;
        for (int i = 0; i < 81; i++)
            if (img[i] && img[i] <= 9 && !lab[img[i]])
                lab[img[i]] = (uint8_t)next++;
        for (int d = 1; d <= 9; d++) {
            if (!lab[d])
                lab[d] = (uint8_t)next++;
            out->map.digits[d] = lab[d];
        }
    }
    if (owned)
        group_free(g);
    return 1;
}

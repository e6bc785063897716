/*
 * uniqueness.c -- unique rectangles and loops, types 1-4 (4.5, +0.1 for 6+
 * cells, +0.2 for 8+, +0.3 more for 10+; type 3 adds 0.1 a cell of its set),
 * as Sudoku Explainer finds them: from each bivalue cell {v1,v2}, every loop
 * through cells holding both digits (at most two with extra digits unless
 * the extras agree), each valid loop (every house entered once on each
 * parity) yielding its hints; of all hints the easiest (rating, then type)
 * in discovery order is the step.
 */
#include <stdio.h>
#include <string.h>
#include "lgint.h"

#define UL_MAX_NODES 2000000L   /* a cap on the loop search for large boards */

#define UL_WORDS ((LG_MAX_HOUSES + 63) / 64)

/* Each cell's houses, in SE's order and as a set, per thread for the last
 * board. */
static _Thread_local struct {
    lg_board_id id;
    int words;
    int hstart[SDK_MAX_CELLS + 1];      /* cell c's houses: hlist[hstart[c]..hstart[c + 1]) */
    uint16_t hlist[SDK_MAX_CELLS * 16];
    uint8_t hidx[SDK_MAX_CELLS * 16];   /* the cell's index in each */
    uint64_t hset[SDK_MAX_CELLS][UL_WORDS];
} ul_tab;

typedef struct ul_ctx {
    const lg_grid *g;
    const lg_view *v;
    uint32_t v12;
    int v1, v2;
    int loop[SDK_MAX_CELLS], len;
    uint8_t inloop[SDK_MAX_CELLS];
    long nodes;
    lg_step *best, cur;
    int best_r10, best_type, found;
    int valid_loop;                /* the current start met a valid loop */
} ul_ctx;

/* What the last search that found nothing saw (per thread): the grid, and
 * per start cell the nodes its search visited and whether it met a valid
 * loop.  A start's search reads only the cells holding both its digits;
 * if none of those changed since and it met no valid loop, it finds
 * nothing again, in as many nodes (kept so the node cap bites as before). */
static _Thread_local struct {
    lg_board_id id;
    int ok;
    uint32_t cand[SDK_MAX_CELLS];
    uint8_t val[SDK_MAX_CELLS];
    uint8_t loopy[SDK_MAX_CELLS], nloopy[SDK_MAX_CELLS];
    long nodes[SDK_MAX_CELLS], nnodes[SDK_MAX_CELLS];
} ul_mem;

static double ul_base(int len)
{
    double r = 4.5;
    if (len >= 10)
        r += 0.3;
    if (len >= 8)
        r += 0.2;
    else if (len >= 6)
        r += 0.1;
    return r;
}

/* 1 if the step would be kept: it removes something and is easier than the
 * best so far (stable: ties keep the first found, as SE's stable sort does). */
static int ul_better(const ul_ctx *u, int type)
{
    int r10 = (int)(u->cur.rating * 10 + 0.5);
    return u->cur.nelim && !(u->found && (r10 > u->best_r10 || (r10 == u->best_r10 && type >= u->best_type)));
}

static void ul_begin(ul_ctx *u, int type, double extra)
{
    static const char *rect[] = {"", "Unique Rectangle type 1", "Unique Rectangle type 2",
                                 "Unique Rectangle type 3", "Unique Rectangle type 4"};
    static const char *loop[] = {"", "Unique Loop type 1", "Unique Loop type 2", "Unique Loop type 3",
                                 "Unique Loop type 4"};
    lg_begin(&u->cur, u->len == 4 ? rect[type] : loop[type], ul_base(u->len) + extra);
}

static void ul_finish(ul_ctx *u, int type)
{
    if (!ul_better(u, type))
        return;
    char buf[512], cb[16];
    size_t k = 0;
    buf[0] = 0;
    for (int i = 0; i < u->len && k + 12 < sizeof buf && !u->g->no_text; i++) {
        lg_cell_name(u->g->b, u->loop[i], cb, sizeof cb);
        k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%s", i ? "," : "", cb);
    }
    lg_text(u->g, &u->cur, "%s on %d,%d", buf, u->v1, u->v2);
    u->found = 1;
    u->best_r10 = (int)(u->cur.rating * 10 + 0.5);
    u->best_type = type;
    lg_step_copy(u->best, &u->cur);
}

/* Every house entered once on each parity of the loop: no house twice on
 * one parity, and the same houses on both. */
static int ul_valid(const ul_ctx *u)
{
    uint64_t par[2][UL_WORDS] = {{0}};
    int ok = 1, words = ul_tab.words;
    for (int k = 0; k < u->len; k++) {
        const uint64_t *hs = ul_tab.hset[u->loop[k]];
        for (int w = 0; w < words; w++) {
            ok &= !(par[k & 1][w] & hs[w]);
            par[k & 1][w] |= hs[w];
        }
    }
    for (int w = 0; w < words; w++)
        ok &= par[0][w] == par[1][w];
    return ok;
}

/* Type 2: the extra digit leaves every cell seeing all the extra cells. */
static void ul_type2(ul_ctx *u, const int *ex, int nex)
{
    const lg_grid *g = u->g;
    uint32_t common = g->cand[ex[0]] & ~u->v12;
    for (int i = 0; i < nex; i++)
        if ((g->cand[ex[i]] & ~u->v12) != common)
            return;  /* SE assumes one extra digit; we check it */
    if (lg_popc(common) != 1)
        return;
    int value = lg_low(common) + 1;
    ul_begin(u, 2, 0);
    for (int c = 0; c < g->b->ncells; c++) {
        int all = 1;
        for (int i = 0; i < nex && all; i++)
            all = lg_sees(g->b, c, ex[i]);
        if (all)
            lg_elim(g, &u->cur, c, value);
    }
    ul_finish(u, 2);
}

/* Cell c's houses in SE's order. */
static const uint16_t *ul_houses(int c, int *count)
{
    *count = ul_tab.hstart[c + 1] - ul_tab.hstart[c];
    return ul_tab.hlist + ul_tab.hstart[c];
}

/* Cell c's index in house h, or -1. */
static int ul_index(int h, int c)
{
    for (int k = ul_tab.hstart[c]; k < ul_tab.hstart[c + 1]; k++)
        if (ul_tab.hlist[k] == h)
            return ul_tab.hidx[k];
    return -1;
}

/* Type 3: the extra digits of c1 and c2 act as one cell of a naked set
 * (or v1,v2 with others form a hidden set) in a house they share. */
static void ul_type3(ul_ctx *u, int c1, int c2)
{
    const lg_grid *g = u->g;
    int n = g->n, nh;
    const uint16_t *hs = ul_houses(c1, &nh);
    const lg_view *v = lg_view_of(g);
    uint32_t extra = (g->cand[c1] | g->cand[c2]) & ~u->v12;
    /* Per shared house: both cells' indexes, its blanks, and the others
     * with two candidates or more (sets of cells holding c1 and not c2 are
     * c1 and degree - 1 of those, in colex order). */
    int at1[64], at2[64], blanks[64];   /* (a cell has at most 64 houses: lg_cell_houses) */
    uint32_t more[64];
    for (int k = 0; k < nh && k < 64; k++) {
        int h = hs[k];
        at1[k] = ul_index(h, c1);
        at2[k] = ul_index(h, c2);
        blanks[k] = lg_popc(v->blank[h]);
        more[k] = 0;
        for (int j = 0; j < n && at2[k] >= 0; j++)
            if (j != at1[k] && j != at2[k] && lg_popc(g->cand[lg_hcell(g, h, j)]) > 1)
                more[k] |= 1u << j;
    }
    for (int degree = lg_popc(extra); degree <= n - 2; degree++)
        for (int k = 0; k < nh && k < 64; k++) {
            int h = hs[k], i2 = at2[k], i1 = at1[k];
            if (i2 < 0)
                continue;
            int empty = blanks[k];
            uint32_t others = more[k], idx = 0;
            if (degree * 2 <= empty)
                for (uint32_t rest; (rest = lg_next_subset(others, degree - 1, &idx));) {
                    uint32_t set = rest | 1u << i1;
                    uint32_t naked = extra & g->cand[c1] & g->cand[c2], uni = 0;
                    int ok = 1;
                    for (uint32_t m = set; m; m &= m - 1) {
                        int j = lg_low(m);
                        uint32_t p = j == i1 ? extra : g->cand[lg_hcell(g, h, j)];
                        if (j != i1)
                            naked |= p;
                        ok &= lg_popc(p) > 1;
                        uni |= p;
                    }
                    if (lg_popc(naked) != degree || !ok || lg_popc(uni) != degree)
                        continue;
                    ul_begin(u, 3, (degree - 1) * 0.1);
                    for (int j = 0; j < n; j++)
                        if (!(set >> j & 1) && j != i2)
                            for (uint32_t o = g->cand[lg_hcell(g, h, j)] & uni; o; o &= o - 1)
                                lg_elim(g, &u->cur, lg_hcell(g, h, j), lg_low(o) + 1);
                    ul_finish(u, 3);
                }
            if (degree * 2 < empty) {
                int rem[SDK_MAX_N], nrem = 0;
                for (int v = 1; v <= n; v++)
                    if (v != u->v1 && v != u->v2 && !(extra >> (v - 1) & 1))
                        rem[nrem++] = v;
                if (degree - 2 > nrem)
                    continue;
                uint32_t pick = (1u << (degree - 2)) - 1;
                for (int first = 1; first || pick; first = 0) {
                    uint32_t hidden = u->v12, uni = 0;
                    for (uint32_t m = pick; m; m &= m - 1)
                        hidden |= 1u << (rem[lg_low(m)] - 1);
                    int ok = 1;
                    for (uint32_t m = hidden; m; m &= m - 1) {
                        uint32_t p = v->pos[h][lg_low(m) + 1] & ~(1u << i2);
                        ok &= p != 0;
                        uni |= p;
                    }
                    if (ok && lg_popc(uni) == degree) {
                        uni &= ~((1u << i1) | (1u << i2));
                        ul_begin(u, 3, (lg_popc(uni) - 1) * 0.1);
                        for (uint32_t m = uni; m; m &= m - 1) {
                            int c = lg_hcell(g, h, lg_low(m));
                            for (uint32_t o = g->cand[c] & ~hidden; o; o &= o - 1)
                                lg_elim(g, &u->cur, c, lg_low(o) + 1);
                        }
                        ul_finish(u, 3);
                    }
                    if (!pick)
                        break;
                    pick = lg_next_comb(pick, nrem);
                }
            }
        }
}

/* Type 4: v1 (or v2) confined to c1,c2 in a shared house: the other leaves both. */
static void ul_type4(ul_ctx *u, int c1, int c2)
{
    const lg_grid *g = u->g;
    int nh, r1 = -1, r2 = -1;
    const uint16_t *hs = ul_houses(c1, &nh);
    for (int k = 0; k < nh; k++) {
        int h = hs[k];
        if (ul_index(h, c2) < 0)
            continue;
        uint32_t others = 0;
        for (int i = 0; i < g->n; i++) {
            int c = lg_hcell(g, h, i);
            if (c != c1 && c != c2)
                others |= g->cand[c];
        }
        if (!(others & (1u << (u->v1 - 1))))
            r1 = h;
        if (!(others & (1u << (u->v2 - 1))))
            r2 = h;
    }
    if (r1 < 0 && r2 < 0)
        return;
    int rem = r1 >= 0 ? u->v2 : u->v1;
    ul_begin(u, 4, 0);
    lg_elim(g, &u->cur, c1, rem);
    lg_elim(g, &u->cur, c2, rem);
    ul_finish(u, 4);
}

/* The valid loops met in this search, each as its cell sequence from its
 * least cell towards the smaller of that cell's two neighbours: a loop met
 * again (from another start, or the other way round) has the same houses
 * on each parity, the same cells with extra digits and so the same hints,
 * none of which can beat what the first meeting offered (ties keep the
 * first), so it is not evaluated again.  Per thread, cleared each search. */
#define UL_SEEN_SLOTS 4096        /* (a power of two) */
#define UL_SEEN_CELLS 32768
static _Thread_local struct {
    unsigned stamp;
    unsigned slot_stamp[UL_SEEN_SLOTS];
    int slot_at[UL_SEEN_SLOTS], slot_len[UL_SEEN_SLOTS];
    uint32_t slot_v12[UL_SEEN_SLOTS];
    int nslots, used;
    uint16_t cells[UL_SEEN_CELLS];
} ul_seen;

static void ul_seen_clear(void)
{
    if (++ul_seen.stamp == 0) {
        memset(ul_seen.slot_stamp, 0, sizeof ul_seen.slot_stamp);
        ul_seen.stamp = 1;
    }
    ul_seen.nslots = ul_seen.used = 0;
}

/* 1 if the current loop (its cells and digits) was met before in this
 * search; else notes it (while there is room) and returns 0. */
static int ul_seen_before(const ul_ctx *u)
{
    int len = u->len, low = 0;
    for (int i = 1; i < len; i++)
        if (u->loop[i] < u->loop[low])
            low = i;
    int step = u->loop[(low + 1) % len] < u->loop[(low + len - 1) % len] ? 1 : len - 1;
    uint16_t seq[SDK_MAX_CELLS];
    uint32_t h = (2166136261u ^ u->v12) * 16777619u;
    for (int i = 0, at = low; i < len; i++, at = (at + step) % len) {
        seq[i] = (uint16_t)u->loop[at];
        h = (h ^ seq[i]) * 16777619u;
    }
    for (uint32_t k = h & (UL_SEEN_SLOTS - 1);; k = (k + 1) & (UL_SEEN_SLOTS - 1)) {
        if (ul_seen.slot_stamp[k] != ul_seen.stamp) {
            if (ul_seen.nslots >= UL_SEEN_SLOTS / 2 || ul_seen.used + len > UL_SEEN_CELLS)
                return 0;   /* (full: evaluated again, as SE does) */
            ul_seen.slot_stamp[k] = ul_seen.stamp;
            ul_seen.slot_at[k] = ul_seen.used;
            ul_seen.slot_len[k] = len;
            ul_seen.slot_v12[k] = u->v12;
            memcpy(ul_seen.cells + ul_seen.used, seq, sizeof seq[0] * (size_t)len);
            ul_seen.used += len;
            ul_seen.nslots++;
            return 0;
        }
        if (ul_seen.slot_len[k] == len && ul_seen.slot_v12[k] == u->v12 &&
            !memcmp(ul_seen.cells + ul_seen.slot_at[k], seq, sizeof seq[0] * (size_t)len))
            return 1;
    }
}

static void ul_loop_found(ul_ctx *u)
{
    if (!ul_valid(u))
        return;
    u->valid_loop = 1;
    if (ul_seen_before(u))
        return;
    const lg_grid *g = u->g;
    int ex[SDK_MAX_CELLS], nex = 0;
    for (int i = 0; i < u->len; i++)
        if (lg_popc(g->cand[u->loop[i]]) > 2)
            ex[nex++] = u->loop[i];
    if (nex == 1) {
        ul_begin(u, 1, 0);
        lg_elim(g, &u->cur, ex[0], u->v1);
        lg_elim(g, &u->cur, ex[0], u->v2);
        ul_finish(u, 1);
    } else if (nex > 2) {
        ul_type2(u, ex, nex);
    } else if (nex == 2) {
        uint32_t r = (g->cand[ex[0]] | g->cand[ex[1]]) & ~u->v12;
        if (lg_popc(r) == 1)
            ul_type2(u, ex, nex);
        else if (lg_popc(r) >= 2)
            ul_type3(u, ex[0], ex[1]);
        ul_type4(u, ex[0], ex[1]);
    }
}

static void ul_dfs(ul_ctx *u, int cell, uint32_t exv, int allowed, int last_key)
{
    const lg_grid *g = u->g;
    if (++u->nodes > UL_MAX_NODES)
        return;
    u->loop[u->len++] = cell;
    u->inloop[cell] = 1;
    const uint16_t *hs = ul_tab.hlist + ul_tab.hstart[cell];
    for (int k = 0, nh = ul_tab.hstart[cell + 1] - ul_tab.hstart[cell]; k < nh; k++) {
        int h = hs[k], kind = g->b->house_kind[h];
        int key = kind == SDK_HOUSE_EXTRA ? 100 + h : kind;
        if (key == last_key)
            continue;
        /* Only the cells holding both digits (the loop's first among them). */
        for (uint32_t both = u->v->pos[h][u->v1] & u->v->pos[h][u->v2]; both; both &= both - 1) {
            int next = lg_hcell(g, h, lg_low(both));
            if (next == u->loop[0] && u->len >= 4) {
                ul_loop_found(u);
            } else if (!u->inloop[next]) {
                uint32_t p = g->cand[next];
                exv |= p & ~u->v12;  /* SE accumulates over siblings */
                int card = lg_popc(p);
                if (card == 2 || lg_popc(exv) == 1 || allowed > 0)
                    ul_dfs(u, next, exv, allowed - (card > 2), key);
            }
        }
    }
    u->inloop[cell] = 0;
    u->len--;
}

/* ul_tab for board b; 0 if its cells have too many houses. */
static int ul_tab_make(const sdk_board *b)
{
    ul_tab.words = (b->nhouses + 63) / 64;
    for (int c = 0, k = 0, hs[64]; c <= b->ncells; c++) {
        ul_tab.hstart[c] = k;
        int nh = c < b->ncells ? lg_cell_houses(b, c, hs) : 0;
        if (k + nh > (int)(sizeof ul_tab.hlist / sizeof ul_tab.hlist[0]))
            return 0;
        if (c < b->ncells)
            memset(ul_tab.hset[c], 0, sizeof ul_tab.hset[c]);
        for (int i = 0; i < nh; i++) {
            for (int j = 0; j < b->n; j++)
                if (b->house_cells[hs[i] * b->n + j] == c)
                    ul_tab.hidx[k] = (uint8_t)j;
            ul_tab.hlist[k++] = (uint16_t)hs[i];
            ul_tab.hset[c][hs[i] >> 6] |= 1ull << (hs[i] & 63);
        }
    }
    lg_board_set(&ul_tab.id, b);
    return 1;
}

int lg_find_unique_loop(const lg_grid *g, int arg, lg_step *out)
{
    (void)arg;
    static _Thread_local ul_ctx u;
    memset(u.inloop, 0, sizeof u.inloop);
    u.g = g;
    u.best = out;
    u.found = 0;
    u.nodes = 0;
    u.len = 0;
    u.v = lg_view_of(g);
    if (!lg_board_is(&ul_tab.id, g->b) && !ul_tab_make(g->b))
        return LG_NONE;   /* (no board has so many houses a cell) */
    ul_seen_clear();
    int nc = g->b->ncells, memo = ul_mem.ok && lg_board_is(&ul_mem.id, g->b);
    /* dirty[d - 1]: the digits e such that a cell holding both d and e, then
     * or now, changed since the last search that found nothing. */
    uint32_t dirty[SDK_MAX_N] = {0};
    for (int c = 0; c < nc && memo; c++)
        if (g->cand[c] != ul_mem.cand[c] || g->val[c] != ul_mem.val[c])
            for (int i = 0; i < 2; i++) {
                uint32_t m = i ? g->cand[c] : ul_mem.cand[c];
                if (m & (m - 1))
                    for (uint32_t r = m; r; r &= r - 1)
                        dirty[lg_low(r)] |= m;
            }
    for (int c = 0; c < nc; c++) {
        ul_mem.nloopy[c] = 0;
        ul_mem.nnodes[c] = 0;
        if (lg_popc(g->cand[c]) != 2)
            continue;
        u.v12 = g->cand[c];
        u.v1 = lg_low(u.v12) + 1;
        u.v2 = lg_low(u.v12 & (u.v12 - 1)) + 1;
        if (memo && !(dirty[u.v1 - 1] >> (u.v2 - 1) & 1) && !ul_mem.loopy[c] &&
            u.nodes + ul_mem.nodes[c] <= UL_MAX_NODES) {
            u.nodes += ul_mem.nnodes[c] = ul_mem.nodes[c];   /* (as it was) */
            continue;
        }
        long before = u.nodes;
        u.valid_loop = 0;
        ul_dfs(&u, c, 0, 2, -1);
        ul_mem.nloopy[c] = (uint8_t)u.valid_loop;
        ul_mem.nnodes[c] = u.nodes - before;
    }
    if (u.found)
        return LG_FOUND;
    /* Kept only if no search was cut short by the node cap. */
    ul_mem.ok = u.nodes <= UL_MAX_NODES;
    lg_board_set(&ul_mem.id, g->b);
    memcpy(ul_mem.cand, g->cand, sizeof g->cand[0] * (size_t)nc);
    memcpy(ul_mem.val, g->val, (size_t)nc);
    memcpy(ul_mem.loopy, ul_mem.nloopy, (size_t)nc);
    memcpy(ul_mem.nodes, ul_mem.nnodes, sizeof ul_mem.nodes[0] * (size_t)nc);
    return LG_NONE;
}

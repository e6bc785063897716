/*
 * chains.c -- chaining steps as Sudoku Explainer 1.2.1.3 finds and rates them:
 * X-, Y- and XY-cycles and forcing chains (one assumption followed in a
 * breadth-first search), Nishio, cell and region forcing chains, dynamic
 * chains and dynamic+ (level 1).
 *
 * The rating of a chain depends on its complexity (how many distinct
 * candidates its implication graph holds), and that graph depends on the
 * order in which SE's searches first reach each candidate.  So the searches
 * below follow SE's order step by step (houses box, row, column; the queue
 * of "on" candidates drained before any "off" one; the first parent found
 * kept) rather than any faster closure: the ratings come out the same.
 *
 * Prefix ch_ (internal).  Candidate bits: digit d is bit d-1.
 */
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include "chains.h"
#include "lgint.h"

/* ---------------------------------------------------------------- setup */

void *ch_grow(void *p, int *cap, int need, size_t size)
{
    if (need <= *cap)
        return p;
    int c = *cap ? *cap : 1024;
    while (c < need)
        c *= 2;
    void *q = realloc(p, (size_t)c * size);
    if (!q) {
        free(p);
        return NULL;
    }
    *cap = c;
    return q;
}

/* Houses of each cell in SE's order (box, row, column, then extra houses)
 * into hstart / hlist, the cell's place in each (hpos) and the places there
 * already in an earlier house of the cell (hdup, zeroed by the caller). */
static int ch_board_tables(const sdk_board *b, int *hstart, uint16_t *hlist, uint8_t *hpos,
                           uint32_t *hdup)
{
    static const int order[4] = {SDK_HOUSE_BOX, SDK_HOUSE_ROW, SDK_HOUSE_COL, SDK_HOUSE_EXTRA};
    int k = 0, n = b->n;
    for (int cell = 0; cell < b->ncells; cell++) {
        hstart[cell] = k;
        for (int o = 0; o < 4; o++)
            for (int i = b->cell_house_start[cell]; i < b->cell_house_start[cell + 1]; i++)
                if (b->house_kind[b->cell_houses[i]] == order[o]) {
                    int h = b->cell_houses[i];
                    for (int j = 0; j < n; j++)
                        if (b->house_cells[h * n + j] == cell)
                            hpos[k] = (uint8_t)j;
                    hlist[k++] = (uint16_t)h;
                }
    }
    hstart[b->ncells] = k;
    /* in[o] == cell + 1: o lies in one of cell's houses already seen. */
    int *in = calloc((size_t)b->ncells, sizeof(int));
    if (!in)
        return 0;
    for (int cell = 0; cell < b->ncells; cell++)
        for (int h = hstart[cell]; h < hstart[cell + 1]; h++) {
            const uint16_t *hc = b->house_cells + (size_t)hlist[h] * (size_t)n;
            for (int i = 0; i < n; i++)
                if (in[hc[i]] == cell + 1)
                    hdup[h] |= 1u << i;
            for (int i = 0; i < n; i++)
                in[hc[i]] = cell + 1;
        }
    free(in);
    return 1;
}

/* The last board's tables, kept per thread (lg_board_id says whose).
 * Contexts that use them count in users; another board then gets its own. */
#define CH_TAB_MAX 2048
static _Thread_local struct {
    lg_board_id id;
    int users;
    int hstart[SDK_MAX_CELLS + 1];
    uint16_t hlist[CH_TAB_MAX];
    uint8_t hpos[CH_TAB_MAX];
    uint32_t hdup[CH_TAB_MAX];
} ch_tab;

/* Points c at the cached tables (filled for this board if need be);
 * returns 0 if they cannot serve (too large, or in use for another board). */
static int ch_tab_use(ch_ctx *c)
{
    const sdk_board *b = c->b;
    int nch = b->cell_house_start[b->ncells];
    if (nch > CH_TAB_MAX)
        return 0;
    if (!lg_board_is(&ch_tab.id, b)) {
        if (ch_tab.users)
            return 0;
        ch_tab.id.b = NULL;
        memset(ch_tab.hdup, 0, sizeof(uint32_t) * (size_t)nch);
        if (!ch_board_tables(b, ch_tab.hstart, ch_tab.hlist, ch_tab.hpos, ch_tab.hdup))
            return 0;
        lg_board_set(&ch_tab.id, b);
    }
    ch_tab.users++;
    c->tab_shared = 1;
    c->hstart = ch_tab.hstart;
    c->hlist = ch_tab.hlist;
    c->hpos = ch_tab.hpos;
    c->hdup = ch_tab.hdup;
    return 1;
}

void ch_house_masks(const ch_ctx *c, const uint32_t *cand, uint32_t *hm)
{
    const sdk_board *b = c->b;
    for (int h = 0; h < b->nhouses; h++)
        for (int i = 0; i < c->n; i++)
            for (uint32_t m = cand[b->house_cells[h * c->n + i]]; m; m &= m - 1)
                hm[h * c->n + __builtin_ctz(m)] |= 1u << i;
}

static int ch_houses_init(ch_ctx *c, const uint32_t *hm)
{
    const sdk_board *b = c->b;
    int nch = b->cell_house_start[c->ncells];
    if (!ch_tab_use(c)) {
        c->hstart = malloc(sizeof(int) * (size_t)(c->ncells + 1));
        c->hlist = malloc(sizeof(uint16_t) * (size_t)(nch + 1));
        c->hpos = malloc((size_t)(nch + 1));
        c->hdup = calloc((size_t)(nch + 1), sizeof(uint32_t));
        if (!c->hstart || !c->hlist || !c->hpos || !c->hdup ||
            !ch_board_tables(b, c->hstart, c->hlist, c->hpos, c->hdup))
            return 0;
    }
    size_t nhd = (size_t)(b->nhouses * c->n);
    c->hmask0 = hm ? malloc(sizeof(uint32_t) * (nhd + 1)) : calloc(nhd + 1, sizeof(uint32_t));
    if (!c->hmask0)
        return 0;
    if (hm)
        memcpy(c->hmask0, hm, sizeof(uint32_t) * nhd);
    else
        ch_house_masks(c, c->g->cand, c->hmask0);
    return 1;
}

/* The node and parent arrays and the ancestor marks of contexts, kept per
 * thread and per nesting depth: every producer call of every step, and
 * every nested producer inside a chain, would otherwise grow them again
 * from nothing (reallocs, fresh pages).  Contexts nest (a nested producer
 * runs while its caller's context lives), each taking the first free set;
 * beyond CH_KEEP_DEPTH a context has its own.  Arrays past CH_KEEP_MAX
 * bytes are freed, so a rare huge search pins nothing; the marks stay
 * valid since their stamp only grows.  A thread's arrays are freed when it
 * ends (a key's destructor, as rate9.c's cache). */
#define CH_KEEP_MAX (4u << 20)
#define CH_KEEP_DEPTH 6
typedef struct ch_kept {
    ch_node *node;
    int32_t *par;
    int capnode, cappar, users;
    uint32_t *stamp_c, stamp_cv;   /* then stamp_b (its nkeys marks follow stamp_c's), then par_room */
    uint32_t stamp_bv;
    int nstamp;
    void *chain;                   /* ch_chain_init's arrays (one block), for chain_nk keys */
    int chain_nk, chain_nh;
    uint32_t stamp_av;
} ch_kept;
static _Thread_local struct {
    ch_kept k[CH_KEEP_DEPTH];
    int keyed;
} ch_arrays;
static pthread_key_t ch_arrays_key;
static pthread_once_t ch_arrays_once = PTHREAD_ONCE_INIT;
static int ch_arrays_keyed;

static void ch_arrays_free(void *p)
{
    (void)p;
    for (int i = 0; i < CH_KEEP_DEPTH; i++) {
        free(ch_arrays.k[i].node);
        free(ch_arrays.k[i].par);
        free(ch_arrays.k[i].stamp_c);
        free(ch_arrays.k[i].chain);
    }
    memset(&ch_arrays, 0, sizeof ch_arrays);
    ch_unary_release();
    ch_multi_release();
    ch_nest_release();
}

static void ch_arrays_setup(void)
{
    ch_arrays_keyed = pthread_key_create(&ch_arrays_key, ch_arrays_free) == 0;
}

/* 0 if out of memory. */
static int ch_arrays_take(ch_ctx *c)
{
    int i = 0;
    while (i < CH_KEEP_DEPTH && ch_arrays.k[i].users)
        i++;
    if (!ch_arrays.keyed && i < CH_KEEP_DEPTH) {
        pthread_once(&ch_arrays_once, ch_arrays_setup);
        if (!ch_arrays_keyed || pthread_setspecific(ch_arrays_key, &ch_arrays) != 0)
            i = CH_KEEP_DEPTH;   /* (then every context has arrays of its own) */
        else
            ch_arrays.keyed = 1;
    }
    /* stamp b's marks share stamp c's block: kept with it, they are not
     * zeroed per context (a kept hint's marks are only ever compared to a
     * fresh stamp_bv, which only grows until it wraps and they are zeroed). */
    if (i == CH_KEEP_DEPTH) {
        c->stamp_c = calloc(3 * (size_t)c->nkeys, sizeof(uint32_t));
        c->stamp_b = c->stamp_c ? c->stamp_c + c->nkeys : NULL;
        c->par_room = c->stamp_c ? (int32_t *)(c->stamp_c + 2 * c->nkeys) : NULL;
        return c->stamp_c != NULL;
    }
    ch_kept *k = &ch_arrays.k[i];
    if (k->nstamp != c->nkeys) {
        free(k->stamp_c);
        k->stamp_c = calloc(3 * (size_t)c->nkeys, sizeof(uint32_t));
        k->stamp_cv = k->stamp_bv = 0;
        k->nstamp = k->stamp_c ? c->nkeys : 0;
        if (!k->stamp_c)
            return 0;
    }
    k->users = 1;
    c->arrays_kept = i + 1;
    c->node = k->node;
    c->capnode = k->capnode;
    c->par = k->par;
    c->cappar = k->cappar;
    c->stamp_c = k->stamp_c;
    c->stamp_cv = k->stamp_cv;
    c->stamp_b = k->stamp_c + c->nkeys;
    c->par_room = (int32_t *)(k->stamp_c + 2 * c->nkeys);
    c->stamp_bv = k->stamp_bv;
    return 1;
}

static void ch_arrays_give_back(ch_ctx *c)
{
    int small = (size_t)c->capnode * sizeof(ch_node) <= CH_KEEP_MAX &&
                (size_t)c->cappar * sizeof(int32_t) <= CH_KEEP_MAX;
    if (!c->arrays_kept || !small) {
        free(c->node);
        free(c->par);
        c->node = NULL;
        c->par = NULL;
        c->capnode = c->cappar = 0;
    }
    if (c->arrays_kept) {
        ch_kept *k = &ch_arrays.k[c->arrays_kept - 1];
        k->node = c->node;
        k->par = c->par;
        k->capnode = c->capnode;
        k->cappar = c->cappar;
        k->stamp_cv = c->stamp_cv;
        k->stamp_bv = c->stamp_bv;
        k->users = 0;
    } else
        free(c->stamp_c);
}

int ch_ctx_init(ch_ctx *c, const lg_grid *g, const sdk_budget *budget)
{
    return ch_ctx_init_masks(c, g, budget, NULL);
}

int ch_ctx_init_masks(ch_ctx *c, const lg_grid *g, const sdk_budget *budget, const uint32_t *hm)
{
    /* (seen is read only below nseen, cand only below ncells) */
    memset(c, 0, offsetof(ch_ctx, seen));
    c->g = g;
    c->b = g->b;
    c->n = g->n;
    c->ncells = g->b->ncells;
    c->nkeys = c->ncells * c->n * 2;
    c->budget = budget;
    c->words = (c->nkeys + 63) / 64;
    if (!ch_arrays_take(c) || !ch_houses_init(c, hm))
        return 0;
    memcpy(c->cand, g->cand, sizeof(uint32_t) * (size_t)c->ncells);
    return 1;
}

/* What full chainings (ch_multiple) need besides: their key map, queues,
 * cached results and the working grid's house masks. */
int ch_chain_init(ch_ctx *c)
{
    size_t nk = (size_t)c->nkeys, nc = (size_t)(c->ncells * c->n),
           nh = (size_t)(c->b->nhouses * c->n);
    size_t size = sizeof(ch_res *) * 2 * nc + sizeof(int32_t) * (6 * nk + 4 + nh);
    /* One zeroed block (result slots empty, stamps 0), kept with the
     * context's other arrays when it has them: nested producers run
     * thousands of times a step.  A kept block's slots are emptied and its
     * stamp carried on by ch_ctx_free. */
    ch_kept *k = c->arrays_kept ? &ch_arrays.k[c->arrays_kept - 1] : NULL;
    void *block;
    if (k && k->chain && k->chain_nk == c->nkeys && k->chain_nh == (int)nh) {
        block = k->chain;
        c->stamp_av = k->stamp_av;
    } else {
        if (k) {
            free(k->chain);
            k->chain = NULL;
        }
        if (!(block = calloc(1, size)))
            return c->oom = 1, 0;
        if (k) {
            k->chain = block;
            k->chain_nk = c->nkeys;
            k->chain_nh = (int)nh;
        }
    }
    c->chain_kept = k != NULL;
    c->chain_block = block;
    c->res_on = block;
    c->res_off = c->res_on + nc;
    c->stamp_a = (uint32_t *)(c->res_off + nc);
    c->id_a = (int32_t *)(c->stamp_a + nk);
    c->qon = c->id_a + nk;
    c->qoff = c->qon + nk + 1;
    c->clist = c->qoff + nk + 1;
    c->ckeys = c->clist + nk + 1;
    c->hmask = (uint32_t *)(c->ckeys + nk + 1);
    return 1;
}

#define CH_ARENA_CHUNK (64u << 10)
void *ch_arena_alloc(ch_ctx *c, size_t size)
{
    size = (size + 7) & ~(size_t)7;
    if (!c->arena || c->arena_used + size > c->arena_cap) {
        size_t cap = size > CH_ARENA_CHUNK ? size : CH_ARENA_CHUNK;
        char *chunk = malloc(sizeof(max_align_t) + cap);
        if (!chunk)
            return NULL;
        *(char **)chunk = c->arena;
        c->arena = chunk;
        c->arena_used = sizeof(max_align_t);
        c->arena_cap = sizeof(max_align_t) + cap;
    }
    void *p = c->arena + c->arena_used;
    c->arena_used += size;
    return p;
}

void ch_ctx_free(ch_ctx *c)
{
    for (ch_res *r = c->res_all; r; r = r->next)
        c->res_on[r->slot] = NULL;
    for (char *chunk = c->arena, *next; chunk; chunk = next) {
        next = *(char **)chunk;
        free(chunk);
    }
    if (c->chain_kept)
        ch_arrays.k[c->arrays_kept - 1].stamp_av = c->stamp_av;
    else
        free(c->chain_block);
    if (c->tab_shared)
        ch_tab.users--;
    else {
        free(c->hstart);
        free(c->hlist);
        free(c->hpos);
        free(c->hdup);
    }
    free(c->hmask0);
    ch_arrays_give_back(c);
    free(c->tmp);
    free(c->tmp2);
    ch_free_hints(c);
    free(c->nest);
    free(c->order);
    free(c->cross);
    free(c->hempty);
    free(c->advm);
    free(c->advk);
    free(c->lines);
}

/* ------------------------------------------------------ reachability
 *
 * Strongly connected components (Tarjan, iterative), each with the bit set
 * of the vertices it reaches, made in the order Tarjan closes them: every
 * component reachable from one is closed before it, so its set is its own
 * vertices and the sets its lists lead to.
 */
void ch_reach_free(ch_reach *r)
{
    free(r->idx);
    free(r->key);
    free(r->comp);
    free(r->reach);
    free(r->acc);
    free(r->tmp);
    memset(r, 0, sizeof *r);
}

int ch_reach_make(const ch_ctx *c, ch_reach *r, const uint32_t *vmask, const int32_t *start,
                  const int32_t *end, const int32_t *adj)
{
    int nk = c->nkeys, nv = 0, n = c->n;
    if (r->nkeys != nk) {
        ch_reach_free(r);
        r->nkeys = nk;
        r->cap = nk / 2 + 1;
        r->idx = malloc(sizeof(int32_t) * (size_t)nk);
        r->key = malloc(sizeof(int32_t) * (size_t)r->cap);
        r->comp = malloc(sizeof(int32_t) * (size_t)r->cap);
        r->tmp = malloc(sizeof(int32_t) * 6 * (size_t)r->cap);
        r->acc = malloc(sizeof(uint64_t) * (size_t)(r->cap / 64 + 1));
        r->reach = malloc(sizeof(uint64_t) * (size_t)(r->cap / 64 + 1) * (size_t)r->cap);
        if (!r->idx || !r->key || !r->comp || !r->tmp || !r->acc || !r->reach) {
            ch_reach_free(r);
            return 0;
        }
    }
    for (int cell = 0, k = 0; cell < c->ncells; cell++)
        for (int d = 0; d < n; d++, k += 2) {
            int in = vmask[cell] >> d & 1;
            r->idx[k] = in ? nv : -1;
            r->idx[k + 1] = in ? nv + 1 : -1;
            if (in) {
                r->key[nv++] = k;
                r->key[nv++] = k + 1;
            }
        }
    r->nv = nv;
    int w = r->words = (nv + 63) / 64;
    /* num (0: not met, -1: closed), low, the component stack, the DFS stack
     * of (vertex, next list entry, end of its list) */
    int32_t *num = r->tmp, *low = num + r->cap, *stk = low + r->cap, *cs = stk + r->cap,
            *ce = cs + r->cap, *cz = ce + r->cap;
    memset(num, 0, sizeof(int32_t) * (size_t)nv);
    int counter = 0, sp = 0, csp = 0, ncomp = 0;
    for (int root = 0; root < nv; root++) {
        if (num[root])
            continue;
        cs[csp] = root;
        cz[csp] = end[r->key[root]];
        ce[csp++] = start[r->key[root]];
        num[root] = low[root] = ++counter;
        stk[sp++] = root;
        while (csp) {
            int v = cs[csp - 1];
            if (ce[csp - 1] < cz[csp - 1]) {
                int u = r->idx[adj[ce[csp - 1]++]];
                if (!num[u]) {
                    num[u] = low[u] = ++counter;
                    stk[sp++] = u;
                    cs[csp] = u;
                    cz[csp] = end[r->key[u]];
                    ce[csp++] = start[r->key[u]];
                } else if (num[u] > 0 && num[u] < low[v])
                    low[v] = num[u];
                continue;
            }
            csp--;
            if (csp && low[v] < low[cs[csp - 1]])
                low[cs[csp - 1]] = low[v];
            if (low[v] != num[v])
                continue;
            uint64_t *rc = r->reach + (size_t)ncomp * (size_t)w;
            memset(rc, 0, sizeof(uint64_t) * (size_t)w);
            int top = sp;
            do {
                int x = stk[--sp];
                num[x] = -1;
                r->comp[x] = ncomp;
                rc[x >> 6] |= 1ull << (x & 63);
            } while (stk[sp] != v);
            for (int i = sp; i < top; i++) {
                int k = r->key[stk[i]];
                for (int e = start[k]; e < end[k]; e++) {
                    int u = r->idx[adj[e]], cu = r->comp[u];
                    if (cu == ncomp)
                        continue;
                    if (start[adj[e]] == end[adj[e]]) {
                        rc[u >> 6] |= 1ull << (u & 63);   /* a key that implies nothing */
                        continue;
                    }
                    const uint64_t *ru = r->reach + (size_t)cu * (size_t)w;
                    for (int j = 0; j < w; j++)
                        rc[j] |= ru[j];
                }
            }
            ncomp++;
        }
    }
    return 1;
}

/* ------------------------------------------------------ grid records */

int ch_gridkey_is(const ch_gridkey *k, const ch_ctx *c, const uint32_t *cand)
{
    size_t nc = (size_t)c->ncells;
    return k->valid && lg_board_is(&k->id, c->b) && k->ncells == c->ncells &&
           k->nkeys == c->nkeys && !memcmp(k->cand, cand, sizeof(uint32_t) * nc) &&
           !memcmp(k->val, c->g->val, nc);
}

void ch_gridkey_set(ch_gridkey *k, const ch_ctx *c, const uint32_t *cand)
{
    lg_board_set(&k->id, c->b);
    k->ncells = c->ncells;
    k->nkeys = c->nkeys;
    memcpy(k->cand, cand, sizeof(uint32_t) * (size_t)c->ncells);
    memcpy(k->val, c->g->val, (size_t)c->ncells);
    k->valid = 1;
}

int ch_run_on(ch_ctx *c, const uint32_t *cand, struct ch_uref *uref)
{
    lg_grid *g = malloc(sizeof *g);
    ch_ctx *x = malloc(sizeof *x);
    int ok = 0;
    if (g && x) {
        *g = *c->g;
        memcpy(g->cand, cand, sizeof(uint32_t) * (size_t)c->ncells);
        if (ch_ctx_init(x, g, c->budget)) {
            x->collect = 1;
            x->rp_src = cand;
            x->uref_fill = uref;
            x->multiple = c->multiple;
            x->dynamic = c->dynamic;
            x->nishio = c->nishio;
            x->level = c->level;
            if (!x->multiple && !x->dynamic)
                ch_unary(x);
            else
                ch_multiple(x);
            ok = !x->stopped && !x->oom;
            c->stopped |= x->stopped;
        }
        ch_ctx_free(x);
    }
    free(g);
    free(x);
    return ok;
}

/* ---------------------------------------------------------------- nodes */

/* The slow paths of ch_node_new / ch_add_parent (chains.h): more room. */
int ch_node_room(ch_ctx *c)
{
    if (c->oom)
        return 0;
    c->node = ch_grow(c->node, &c->capnode, c->nnode + 1, sizeof(ch_node));
    if (!c->node) {
        c->oom = 1;
        c->capnode = c->nnode = 0;
        return 0;
    }
    return 1;
}

int ch_par_room(ch_ctx *c)
{
    if (c->oom)
        return 0;
    c->par = ch_grow(c->par, &c->cappar, c->npar + 1, sizeof(int32_t));
    if (!c->par) {
        c->oom = 1;
        c->cappar = c->npar = 0;
        return 0;
    }
    return 1;
}

/* The number of distinct candidates among id and its ancestors, counted as
 * SE does: level by level, a candidate met again (even as another node) is
 * not followed a second time. */
int ch_ancestors(ch_ctx *c, int id)
{
    uint32_t st = ++c->stamp_cv;
    if (st == 0) {
        memset(c->stamp_c, 0, sizeof(uint32_t) * (size_t)c->nkeys);
        st = c->stamp_cv = 1;
    }
    c->tmp = ch_grow(c->tmp, &c->captmp, 1, sizeof(int32_t));
    if (!c->tmp)
        return c->oom = 1, 0;
    int len = 0, count = 0, n = c->n;
    c->tmp[len++] = id;
    while (len) {
        int nlen = 0;
        for (int i = 0; i < len; i++) {
            const ch_node *p = &c->node[c->tmp[i]];
            int k = ((p->cell * n) + p->d - 1) * 2 + p->on;
            if (c->stamp_c[k] == st)
                continue;
            c->stamp_c[k] = st;
            count++;
            if (c->record) {
                c->order = ch_grow(c->order, &c->caporder, c->norder + 1, sizeof(int32_t));
                if (!c->order)
                    return c->oom = 1, 0;
                c->order[c->norder++] = c->tmp[i];
            }
            if (p->nest >= 0) {
                const ch_nest *ns = &c->nest[p->nest];
                int seen = 0;
                for (int j = 0; j < c->nseen && !seen; j++)
                    seen = c->seen[j] == ns->sig;
                if (!seen) {
                    if (c->nseen < 64)
                        c->seen[c->nseen++] = ns->sig;
                    c->nested_cx += ns->cx;
                }
            }
            if (nlen + p->np > c->captmp2) {
                c->tmp2 = ch_grow(c->tmp2, &c->captmp2, nlen + p->np, sizeof(int32_t));
                if (!c->tmp2)
                    return c->oom = 1, 0;
            }
            for (int j = 0; j < p->np; j++)
                c->tmp2[nlen++] = c->par[p->p0 + j];
        }
        int32_t *t = c->tmp;
        int tc = c->captmp;
        c->tmp = c->tmp2;
        c->captmp = c->captmp2;
        c->tmp2 = t;
        c->captmp2 = tc;
        len = nlen;
    }
    return count;
}

int ch_complexity(ch_ctx *c, const int *ends, int n)
{
    int cx = 0;
    c->nseen = 0;
    c->nested_cx = 0;
    for (int i = 0; i < n; i++)
        cx += ch_ancestors(c, ends[i]);
    return cx + c->nested_cx;
}

/* ------------------------------------------------------ ratings */

double lg_length_bonus(int complexity)
{
    double added = 0.0;
    long long ceil = 4;             /* (wide: sdk_human_er_ceiling asks up to INT_MAX) */
    int length = complexity - 2, odd = 0;
    while (length > ceil) {
        added += 0.1;
        ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
        odd = !odd;
    }
    return added;
}

/* ------------------------------------------------------ hint ordering */

/* Offers a hint; keeps it if it comes before the best so far in SE's order
 * (difficulty, then complexity, then sort key; ties keep the first found). */
int ch_better(const ch_ctx *c, double diff, int complexity, int sortkey)
{
    if (!c->have || c->collect)
        return 1;
    if (diff != c->best_diff)
        return diff < c->best_diff;
    if (complexity != c->best_cx)
        return complexity < c->best_cx;
    return sortkey < c->best_key;
}

/* Lower bound test: can a hint of this base rating and at least this
 * complexity still win?  Lets the searches skip counting ancestors. */
int ch_can_win(const ch_ctx *c, double base, int min_cx)
{
    if (!c->have || c->collect)
        return 1;
    double d = base + lg_length_bonus(min_cx);
    if (d != c->best_diff)
        return d < c->best_diff;
    return min_cx <= c->best_cx;
}

int ch_max_win_slow(ch_ctx *c, double base, int sortkey)
{
    for (int i = 0; i < c->nmw; i++)
        if (c->mw[i].base == base && c->mw[i].key == sortkey)
            return c->mw[i].cx;
    int cx = 0;
    while (cx <= c->nkeys && ch_better(c, base + lg_length_bonus(cx + 1), cx + 1, sortkey))
        cx++;
    if (c->nmw < 4)
        c->mw[c->nmw++] = (struct ch_mw){base, sortkey, cx};
    return cx;
}

int ch_stopped_slow(ch_ctx *c)
{
    if (sdk_budget_expired(c->budget))
        c->stopped = 1;
    return c->stopped;
}

int ch_buf_size(const ch_ctx *c)
{
    int maxh = 0;
    for (int cell = 0; cell < c->ncells; cell++)
        if (c->hstart[cell + 1] - c->hstart[cell] > maxh)
            maxh = c->hstart[cell + 1] - c->hstart[cell];
    return (maxh + 1) * (c->n + 1);
}

int lg_find_chain(const lg_grid *g, const lg_chain_kind *k, lg_step *out, const sdk_budget *budget)
{
    ch_ctx *c = malloc(sizeof *c);
    if (!c)
        return LG_NONE;
    int ok = ch_ctx_init(c, g, budget);
    c->out = out;
    c->level = k->level;
    c->nishio = k->nishio;
    c->dynamic = k->dynamic || k->nishio || k->level > 0;
    c->multiple = k->multiple;
    if (ok) {
        if (!c->multiple && !c->dynamic)
            ch_unary(c);
        else
            ch_multiple(c);
    }
    int r = c->stopped ? LG_STOPPED : (c->have && ok && !c->oom) ? LG_FOUND : LG_NONE;
    if (r == LG_FOUND)
        ch_text(c);
    ch_ctx_free(c);
    free(c);
    return r;
}

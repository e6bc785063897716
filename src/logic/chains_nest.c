/*
 * chains_nest.c -- SE's nested forcing chains (levels 2-5).  When a dynamic
 * chain's implications and the level-1 rules run dry, whole chaining
 * producers run on the chain's working grid (level 2: forcing chains and
 * cycles, 3: and multiple chains, 4: dynamic chains, 5: dynamic chains and
 * dynamic chains nested at level 2).  The first producer whose hints rely
 * on the chain's own removals gives all of them, in SE's order with equal
 * removals once: each removal becomes an "off" node whose parents are those
 * removals, carrying the nested chain's complexity into the outer one.
 */
#include <stdlib.h>
#include <string.h>
#include "chains.h"
#include "lgint.h"

static int ch_hint_cmp(const void *x, const void *y)
{
    const ch_hint *a = x, *b = y;
    if (a->diff != b->diff)
        return a->diff < b->diff ? -1 : 1;
    if (a->cx != b->cx)
        return a->cx - b->cx;
    if (a->key != b->key)
        return a->key - b->key;
    return a->seq - b->seq;
}

static int ch_pair_cmp(const void *x, const void *y)
{
    const int32_t *a = x, *b = y;
    return a[0] != b[0] ? a[0] - b[0] : a[1] - b[1];
}

/* Removals sorted, so that hints with equal removals compare equal (SE
 * keeps the first of them). */
static uint64_t ch_rem_hash(ch_hint *h)
{
    qsort(h->rem, (size_t)h->nrem, 2 * sizeof(int32_t), ch_pair_cmp);
    uint64_t x = 1469598103934665603ull;
    for (int i = 0; i < 2 * h->nrem; i++)
        x = (x ^ (uint64_t)h->rem[i]) * 1099511628211ull;
    return x;
}

/* ---------------------------------------------------------------- memo
 *
 * A nested producer's answer depends only on its grid (the chain's working
 * grid: candidates and placed digits) and the rule.  Which of its hints have
 * rule parents, and what they are, depends on the calling chain's initial
 * grid too, but only through the places the hints keep (chains.h), read
 * against that grid when the answer is used.  Chains from different assumptions often arrive
 * at the same working grid (an assumption and its conjugate reach the same
 * closure), level 3 repeats what level 2 did in the same step, and the next
 * step's chains often meet the grids of this one's again.  So each answer
 * is kept per thread, whole: its hints in order, equal removals once, with
 * their complexity, identity, removals and places.  A hit compares the grid
 * in full, so it replays exactly what the producer would give.  Memory is
 * bounded: the table is emptied when full. */
#ifdef SDK_TEST_HOOKS
int sdk_human_memo_off;
#define CH_MEMO_ON (!sdk_human_memo_off)
#else
#define CH_MEMO_ON 1
#endif
#define CH_MEMO_SLOTS 32768              /* a power of two */
#define CH_MEMO_BYTES (48u << 20)
typedef struct ch_memo {
    uint64_t hash;
    int rule, ncells, nint;              /* rule: multiple | dynamic << 1 | level << 2 */
    /* then: cand[ncells], val (ncells bytes, in ints), and nint ints of
     * answer: count, then per hint cx, sig (2), nrem, npar, rem, par (places) */
} ch_memo;
static _Thread_local struct {
    lg_board_id id;
    ch_memo **slot;                      /* CH_MEMO_SLOTS of them, made at the first answer */
    int used;
    size_t bytes;
} ch_mt;

void ch_nest_release(void)
{
    for (int i = 0; ch_mt.slot && i < CH_MEMO_SLOTS; i++)
        free(ch_mt.slot[i]);
    free(ch_mt.slot);
    memset(&ch_mt, 0, sizeof ch_mt);
}

static int ch_memo_words(int ncells) { return ncells + (ncells + 3) / 4; }

static uint64_t ch_memo_hash(const lg_grid *g2, int ncells, int rule)
{
    uint64_t x = 1469598103934665603ull ^ (uint64_t)rule;
    for (int i = 0; i < ncells; i++)
        x = (x ^ (g2->cand[i] | (uint64_t)g2->val[i] << 32)) * 1099511628211ull;
    return x ^ x >> 29;
}

/* The key's words: the grid and its placed digits. */
static void ch_memo_key(int32_t *k, const lg_grid *g2, int ncells)
{
    memcpy(k, g2->cand, sizeof(uint32_t) * (size_t)ncells);
    k[ncells + (ncells + 3) / 4 - 1] = 0;
    memcpy(k + ncells, g2->val, (size_t)ncells);
}

/* The kept answer for this key, or NULL; *at: its slot, or where it goes. */
static const int32_t *ch_memo_find(const sdk_board *b, uint64_t hash, int rule, const int32_t *key,
                                   int ncells, int *at)
{
    if (!lg_board_is(&ch_mt.id, b)) {
        ch_nest_release();
        lg_board_set(&ch_mt.id, b);
    }
    int kw = ch_memo_words(ncells);
    for (int i = (int)(hash & (CH_MEMO_SLOTS - 1));; i = (i + 1) & (CH_MEMO_SLOTS - 1)) {
        const ch_memo *m = ch_mt.slot ? ch_mt.slot[i] : NULL;
        if (!m) {
            *at = i;
            return NULL;
        }
        const int32_t *mk = (const int32_t *)(m + 1);
        if (m->hash == hash && m->rule == rule && m->ncells == ncells &&
            !memcmp(mk, key, sizeof(int32_t) * (size_t)kw))
            return mk + kw;
    }
}

/* Keeps an answer (ans[0 .. nint)) in slot at; dropped when out of memory. */
static void ch_memo_put(int at, uint64_t hash, int rule, const int32_t *key, int ncells,
                        const int32_t *ans, int nint)
{
    int kw = ch_memo_words(ncells);
    size_t size = sizeof(ch_memo) + sizeof(int32_t) * (size_t)(kw + nint);
    if (2 * (ch_mt.used + 1) > CH_MEMO_SLOTS || ch_mt.bytes + size > CH_MEMO_BYTES) {
        lg_board_id id = ch_mt.id;
        ch_nest_release();
        ch_mt.id = id;
        at = (int)(hash & (CH_MEMO_SLOTS - 1));
    }
    if (!ch_mt.slot && !(ch_mt.slot = calloc(CH_MEMO_SLOTS, sizeof *ch_mt.slot)))
        return;
    ch_memo *m = malloc(size);
    if (!m)
        return;
    m->hash = hash;
    m->rule = rule;
    m->ncells = ncells;
    m->nint = nint;
    int32_t *mk = (int32_t *)(m + 1);
    memcpy(mk, key, sizeof(int32_t) * (size_t)kw);
    memcpy(mk + kw, ans, sizeof(int32_t) * (size_t)nint);
    ch_mt.slot[at] = m;
    ch_mt.used++;
    ch_mt.bytes += size;
}

/* A kept hint's rule parents for the chain of c, whose working grid is
 * cur: the "off" keys of the candidates its places (at[0 .. nat)) lost from
 * c's initial grid, in order, each once (into c->par_room); their number. */
static int ch_rule_parents(ch_ctx *c, const uint32_t *cur, const int32_t *at, int nat)
{
    const uint32_t *src = c->g->cand;
    int n = c->n, np = 0;
    ch_stamp_b_new(c);
    for (int i = 0; i < nat; i++) {
        int cell = at[i], h = CH_PAR_HOUSE_OF(c, at[i]), d = CH_PAR_DIGIT_OF(c, at[i]);
        for (int j = 0; j < (h < 0 ? 1 : n); j++) {
            uint32_t m;
            if (h >= 0) {
                cell = c->b->house_cells[(size_t)h * (size_t)n + (size_t)j];
                m = src[cell] & ~cur[cell] & 1u << (d - 1);
            } else
                m = src[cell] & ~cur[cell];
            for (; m; m &= m - 1) {
                int k = CH_KEY(c, cell, __builtin_ctz(m) + 1, 0);
                if (c->stamp_b[k] != c->stamp_bv) {
                    c->stamp_b[k] = c->stamp_bv;
                    c->par_room[np++] = k;
                }
            }
        }
    }
    return np;
}

/* Adds the hints of an answer on grid cur that have rule parents to the
 * chain of c (as nested chains with their complexity and identity); 1 if
 * there was one. */
static int ch_nest_apply(ch_ctx *c, const uint32_t *cur, const int32_t *ans, int *len,
                         int32_t *qoff, int *offl)
{
    int nh = ans[0], used = 0;
    const int32_t *p = ans + 1;
    for (int i = 0; i < nh && !c->oom; i++) {
        int cx = p[0], nrem = p[3], nat = p[4];
        uint64_t sig = (uint64_t)(uint32_t)p[1] | (uint64_t)(uint32_t)p[2] << 32;
        const int32_t *rem = p + 5, *at = rem + 2 * nrem, *par = c->par_room;
        p = at + nat;
        int npar = ch_rule_parents(c, cur, at, nat);
        if (!npar)
            continue;
        used = 1;
        if (c->nnest >= c->capnest) {
            c->nest = ch_grow(c->nest, &c->capnest, c->nnest + 1, sizeof(ch_nest));
            if (!c->nest) {
                c->oom = 1;
                c->nnest = c->capnest = 0;
                break;
            }
        }
        c->nest[c->nnest].cx = cx;
        c->nest[c->nnest].sig = sig;
        int idx = c->nnest++;
        /* SE's order of a hint's removals is a hash map's: cell order here. */
        for (int r = 0; r < nrem && !c->oom; r++)
            ch_adv_add(c, rem[2 * r], rem[2 * r + 1], par, npar, idx, len, qoff, offl);
    }
    return used;
}

/* Runs one producer on grid g2 in collect mode: its answer (the hints,
 * sorted, with equal removals once) into a new array (*out, *nout ints); 0
 * if stopped or out of memory. */
static int ch_nest_run(ch_ctx *c, const lg_grid *g2, int multiple, int dynamic, int level,
                       int32_t **out, int *nout)
{
    ch_ctx *n = malloc(sizeof *n);
    if (!n) {
        c->oom = 1;
        return 0;
    }
    int32_t *ans = NULL;
    int na = 1;
    /* (the calling dynamic chain keeps its working grid's house masks) */
    if (ch_ctx_init_masks(n, g2, c->budget, c->dynamic ? c->hmask : NULL)) {
        n->collect = 1;
        n->rp_src = c->g->cand;
        n->multiple = multiple;
        n->dynamic = dynamic;
        n->level = level;
        if (!multiple && !dynamic)
            ch_unary(n);
        else
            ch_multiple(n);
        c->stopped |= n->stopped;
        c->oom |= n->oom;
        int nh = n->nhints;
        size_t room = 1;
        for (int i = 0; i < nh; i++)
            room += 5 + 2 * (size_t)n->hints[i].nrem + (size_t)n->hints[i].npar;
        uint64_t *hash = malloc(sizeof(uint64_t) * (size_t)(nh ? nh : 1));
        ans = malloc(sizeof(int32_t) * room);
        if (!hash || !ans)
            c->oom = 1;
        else if (!c->stopped && !c->oom) {
            if (nh)
                qsort(n->hints, (size_t)nh, sizeof(ch_hint), ch_hint_cmp);
            ans[0] = 0;
            for (int i = 0; i < nh; i++) {
                ch_hint *h = &n->hints[i];
                hash[i] = ch_rem_hash(h);
                int dup = 0;
                for (int j = 0; j < i && !dup; j++)
                    dup = hash[j] == hash[i] && n->hints[j].nrem == h->nrem &&
                          !memcmp(n->hints[j].rem, h->rem, sizeof(int32_t) * 2 * (size_t)h->nrem);
                if (dup)
                    continue;
                ans[0]++;
                ans[na++] = h->cx;
                ans[na++] = (int32_t)(uint32_t)h->sig;
                ans[na++] = (int32_t)(uint32_t)(h->sig >> 32);
                ans[na++] = h->nrem;
                ans[na++] = h->npar;
                memcpy(ans + na, h->rem, sizeof(int32_t) * 2 * (size_t)h->nrem);
                na += 2 * h->nrem;
                memcpy(ans + na, h->par, sizeof(int32_t) * (size_t)h->npar);
                na += h->npar;
            }
        }
        free(hash);
    } else
        c->oom = 1;
    ch_ctx_free(n);
    free(n);
    if (c->stopped || c->oom) {
        free(ans);
        return 0;
    }
    *out = ans;
    *nout = na;
    return 1;
}

/* One rule (a producer) on grid g2, from the memo or run; adds its hints'
 * removals to the chain of c.  Returns 1 if one had rule parents. */
static int ch_nest_rule(ch_ctx *c, const lg_grid *g2, int multiple, int dynamic, int level,
                        int *len, int32_t *qoff, int *offl)
{
    int ncells = c->ncells, rule = multiple | dynamic << 1 | level << 2, at;
    int32_t key[SDK_MAX_CELLS + (SDK_MAX_CELLS + 3) / 4];
    ch_memo_key(key, g2, ncells);
    uint64_t hash = ch_memo_hash(g2, ncells, rule);
    const int32_t *kept = CH_MEMO_ON ? ch_memo_find(c->b, hash, rule, key, ncells, &at) : NULL;
    int found = 0;
    if (kept)
        found = ch_nest_apply(c, g2->cand, kept, len, qoff, offl);
    else {
        int32_t *ans;
        int nint;
        if (ch_nest_run(c, g2, multiple, dynamic, level, &ans, &nint)) {
            /* (the run may have used the memo itself: look the slot up again) */
            if (CH_MEMO_ON && !ch_memo_find(c->b, hash, rule, key, ncells, &at))
                ch_memo_put(at, hash, rule, key, ncells, ans, nint);
            found = ch_nest_apply(c, g2->cand, ans, len, qoff, offl);
            free(ans);
        }
    }
    return found;
}

int ch_nested(ch_ctx *c, const uint32_t *cand, int *len, int32_t *qoff, int *offl)
{
    lg_grid g2s, *g2 = &g2s;       /* (nested at most a few levels deep: on the stack) */
    *g2 = *c->g;
    memcpy(g2->cand, cand, sizeof(uint32_t) * (size_t)c->ncells);
    /* SE's otherRules after the four level-1 rules. */
    int rules[2][3], nr = 0;
    if (c->level < 4) {
        rules[nr][0] = 0, rules[nr][1] = 0, rules[nr++][2] = 0;
        if (c->level >= 3)
            rules[nr][0] = 1, rules[nr][1] = 0, rules[nr++][2] = 0;
    } else {
        rules[nr][0] = 1, rules[nr][1] = 1, rules[nr++][2] = 0;
        if (c->level >= 5)
            rules[nr][0] = 1, rules[nr][1] = 1, rules[nr++][2] = c->level - 3;
    }
    int found = 0;
    for (int i = 0; i < nr && !found && !c->stopped && !c->oom; i++)
        found = ch_nest_rule(c, g2, rules[i][0], rules[i][1], rules[i][2], len, qoff, offl);
    return found;
}

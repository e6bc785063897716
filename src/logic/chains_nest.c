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

/* Runs one producer on grid g2 in collect mode; adds its hints' removals to
 * the chain of c.  Returns 1 if one had rule parents. */
static int ch_nest_rule(ch_ctx *c, const lg_grid *g2, int multiple, int dynamic, int level,
                        int *len, int32_t *qoff, int *offl)
{
    ch_ctx *n = malloc(sizeof *n);
    if (!n) {
        c->oom = 1;
        return 0;
    }
    int found = 0;
    if (ch_ctx_init(n, g2, c->budget)) {
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
        uint64_t *hash = malloc(sizeof(uint64_t) * (size_t)(nh ? nh : 1));
        if (!hash)
            c->oom = 1;
        else if (!c->stopped && !c->oom) {
            if (nh)
                qsort(n->hints, (size_t)nh, sizeof(ch_hint), ch_hint_cmp);
            for (int i = 0; i < nh && !c->oom; i++) {
                ch_hint *h = &n->hints[i];
                hash[i] = ch_rem_hash(h);
                int dup = 0;
                for (int j = 0; j < i && !dup; j++)
                    dup = hash[j] == hash[i] && n->hints[j].nrem == h->nrem &&
                          !memcmp(n->hints[j].rem, h->rem, sizeof(int32_t) * 2 * (size_t)h->nrem);
                if (dup || !h->npar)
                    continue;
                found = 1;
                if (c->nnest >= c->capnest) {
                    c->nest = ch_grow(c->nest, &c->capnest, c->nnest + 1, sizeof(ch_nest));
                    if (!c->nest) {
                        c->oom = 1;
                        c->nnest = c->capnest = 0;
                        break;
                    }
                }
                c->nest[c->nnest].cx = h->cx;
                c->nest[c->nnest].sig = h->sig;
                int idx = c->nnest++;
                /* SE's order of a hint's removals is a hash map's: cell order here. */
                for (int r = 0; r < h->nrem && !c->oom; r++)
                    ch_adv_add(c, h->rem[2 * r], h->rem[2 * r + 1], h->par, h->npar, idx, len, qoff,
                               offl);
            }
        }
        free(hash);
    } else
        c->oom = 1;
    ch_ctx_free(n);
    free(n);
    return found;
}

int ch_nested(ch_ctx *c, const uint32_t *cand, int *len, int32_t *qoff, int *offl)
{
    lg_grid *g2 = malloc(sizeof *g2);
    if (!g2) {
        c->oom = 1;
        return 0;
    }
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
    free(g2);
    return found;
}

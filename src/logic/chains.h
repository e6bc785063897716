/*
 * chains.h -- internals shared by the chain finders (chains*.c): the
 * implication graph (nodes: a candidate on or off, with its parents), the
 * per-search context and SE's hint order.  Prefix ch_.
 */
#ifndef SUDOKU_LOGIC_CHAINS_H
#define SUDOKU_LOGIC_CHAINS_H

#include <string.h>
#include "lgint.h"

/* One candidate assumed on or off, with the nodes that imply it. */
typedef struct ch_node {
    uint16_t cell;
    uint8_t d, on;
    int32_t p0, np;                /* parents: par[p0 .. p0+np), the first is the main one */
    int16_t cause;                 /* how it was implied: CH_CELL_LINK, a house, or none */
    int32_t nest;                  /* a nested chain (ch_ctx.nest) that removed it, or -1 */
} ch_node;

/* The outcome of one dynamic/static chaining from an assumption: every node
 * reached, in the order found, and the contradiction if one stopped it.
 * One allocation holds it all (ch_chain; freed with free). */
typedef struct ch_res {
    int32_t *ids, *keys;           /* keys[i]: the key of node ids[i] */
    int len;
    uint64_t *bits;                /* keys reached */
    int abs_on, abs_off;           /* contradiction: the two nodes, or -1 */
    struct ch_res *next;           /* the context's results, listed for freeing */
    int slot;                      /* its place in ch_ctx.res_on (res_off follows) */
} ch_res;

/* A hint kept whole by a nested producer (collect mode): what SE's
 * getAdvancedPotentials needs of it. */
typedef struct ch_hint {
    double diff;
    int cx, key, seq;
    int nrem, npar;
    int32_t *rem;                  /* removals: cell, digit pairs */
    int32_t *par;                  /* where its rule parents lie (CH_PAR_CELL, CH_PAR_HOUSE) */
    uint64_t sig;                  /* SE's FullChain identity */
} ch_hint;

/* A kept hint's rule parents are the candidates the calling chain removed
 * from the cells and houses its links rely on; the hint keeps those places
 * (a cell, or a house and digit), so that its answer serves any calling
 * chain whose working grid is the same (chains_nest.c expands them). */
#define CH_PAR_CELL(cell) (cell)
#define CH_PAR_HOUSE(c, h, d) ((c)->ncells + (h) * (c)->n + (d) - 1)
/* A place's house (-1 for a cell) and digit (0 for a cell). */
#define CH_PAR_HOUSE_OF(c, at) ((at) < (c)->ncells ? -1 : ((at) - (c)->ncells) / (c)->n)
#define CH_PAR_DIGIT_OF(c, at) ((at) < (c)->ncells ? 0 : ((at) - (c)->ncells) % (c)->n + 1)

/* A nested chain used by the current chain: its complexity and identity. */
typedef struct ch_nest {
    int cx;
    uint64_t sig;
} ch_nest;

/* A grid as the key of a per-thread record about it (chains_unary.c keeps
 * what the initial grid of nested runs gave): the board, the candidates
 * and the placed digits. */
typedef struct ch_gridkey {
    lg_board_id id;
    int ncells, nkeys, valid;
    uint32_t cand[SDK_MAX_CELLS];
    uint8_t val[SDK_MAX_CELLS];
} ch_gridkey;

/* What every key can reach along implication lists (ch_reach_make): the
 * keys of the candidates in vmask are the vertices, key k's list is
 * adj[start[k] .. end[k]).  Sets over those keys' indices. */
typedef struct ch_reach {
    int nv, words, cap;
    int32_t *idx;                  /* key -> vertex, or -1 */
    int32_t *key;                  /* vertex -> key */
    int32_t *comp;                 /* vertex -> its strongly connected component */
    uint64_t *reach;               /* per component: the vertices it reaches, itself included */
    uint64_t *acc;                 /* room for one set */
    int32_t *tmp;                  /* Tarjan's arrays */
    int nkeys;
} ch_reach;

typedef struct ch_ctx {
    const lg_grid *g;
    const sdk_board *b;
    int n, ncells, nkeys, words;
    const sdk_budget *budget;
    int stopped, oom;
    unsigned checks;
    int *hstart;                   /* houses of each cell in SE's order (box, row, col, extra) */
    uint16_t *hlist;
    uint8_t *hpos;                 /* the cell's place in each of those houses */
    uint32_t *hdup;                /* places there already in an earlier house of the cell */
    int tab_shared;                /* hstart .. hdup: the thread's cached tables (chains.c) */
    uint32_t *hmask0, *hmask;      /* places of each (house, digit): the grid's, the working grid's */
    ch_node *node;
    int nnode, capnode;
    int32_t *par;
    int npar, cappar;
    int arrays_kept;               /* node, par: the thread's kept arrays (chains.c) */
    uint32_t *stamp_a, stamp_av;   /* stamp a: the current chain's key -> node map */
    int32_t *id_a;
    uint32_t *stamp_b, stamp_bv;   /* stamp b: rule parents met once (ch_keep, chains_nest.c) */
    int32_t *par_room;             /* and room for nkeys of them, before they are copied out */
    uint32_t *stamp_c, stamp_cv;   /* stamp c: ancestor counts */
    int32_t *qon, *qoff;
    int32_t *clist, *ckeys;        /* the chain being built (ch_chain): nodes, their keys */
    int32_t *tmp, *tmp2;
    int captmp, captmp2;
    ch_res **res_on, **res_off;    /* cached chainings from (cell, digit) on / off */
    void *chain_block;             /* ch_chain_init's arrays, */
    int chain_kept;                /* the thread's kept ones (chains.c) */
    ch_res *res_all;               /* all of them, linked */
    char *arena;                   /* their memory: chunks, each linked to the one before */
    size_t arena_used, arena_cap;
    uint64_t *common;              /* keys that several chainings reach (ch_agree) */
    int32_t *sstart, *skey;        /* static chains: each key's implications, */
    int16_t *scause;               /* with their causes (ch_static_lists) */
    /* collect mode (a nested producer): every hint is kept, none is best */
    int collect;
    const uint32_t *rp_src;        /* the calling chain's initial grid (rule parents) */
    struct ch_uref *uref_fill;     /* ch_unary on rp_src itself: what it records (chains_unary.c) */
    const struct ch_reach *sreach; /* static chains: what each key can reach */
    ch_hint *hints;
    int nhints, caphints;
    ch_nest *nest;
    int nnest, capnest;
    int nseen, nested_cx;          /* (seen: nested chains already counted in one hint) */
    int record;                    /* ch_ancestors lists the nodes it meets in order */
    int32_t *order;
    int norder, caporder;
    /* dynamic+ rules: crossings of houses in SE's order, empty cells a house */
    /* (run: the index past the crossings with the same h1 around it) */
    struct ch_cross { uint16_t h1, h2; uint32_t in1, in2; int run; } *cross;
    int ncross;
    int8_t *hempty;
    uint32_t *advm;                /* per house: changed digits, changed places, digits of two places (then the grid's) */
    int *advk, advnb, advnr, advnc; /* houses by kind (ch_adv_tables) */
    int adv_len;                   /* the chain's nodes advm has seen (-1: a new chain) */
    uint32_t advfew;               /* digits placed at most n - 4 times (X-wings) */
    /* the best hint so far */
    int have;
    double best_diff;
    int best_cx, best_key;
    /* ch_max_win's answers for the best so far (cleared when it changes) */
    struct ch_mw { double base; int key, cx; } mw[4];
    int nmw;
    lg_step *out;
    struct ch_lines *lines;        /* the best's main lines, kept for its text (chains_out.c) */
    int level, dynamic, nishio, multiple;
    /* (large arrays last: ch_ctx_init_masks zeroes what comes before) */
    uint64_t seen[64];
    uint32_t cand[SDK_MAX_CELLS];  /* the working grid of dynamic chains */
} ch_ctx;

/* What a hint's chains show, and so how its text reads: the multiple
 * producers' kinds (chains_multi.c names them), then the unary ones. */
enum { CH_DOUBLE, CH_CONTRA, CH_NISHIO, CH_CELL, CH_REGION, CH_CYCLE, CH_FORCING };

/* Node causes (SE's Potential.Cause): a house index >= 0 for a house link. */
enum { CH_NO_CAUSE = -1, CH_CELL_LINK = -2, CH_ADVANCED = -3 };

#define CH_KEY(c, cell, d, on) ((((cell) * (c)->n) + (d) - 1) * 2 + (on))

void *ch_grow(void *p, int *cap, int need, size_t size);
int  ch_ctx_init(ch_ctx *c, const lg_grid *g, const sdk_budget *budget);
/* The same with the grid's house masks (ch_house_masks) given, not made. */
int  ch_ctx_init_masks(ch_ctx *c, const lg_grid *g, const sdk_budget *budget, const uint32_t *hm);
int  ch_chain_init(ch_ctx *c);
/* Memory that lives as long as c (aligned for 8-byte words); NULL if out of memory. */
void *ch_arena_alloc(ch_ctx *c, size_t size);
void ch_ctx_free(ch_ctx *c);
int  ch_node_room(ch_ctx *c);
int  ch_par_room(ch_ctx *c);

static inline int ch_node_new(ch_ctx *c, int cell, int d, int on)
{
    if (c->nnode >= c->capnode && !ch_node_room(c))
        return 0;
    ch_node *p = &c->node[c->nnode];
    p->cell = (uint16_t)cell;
    p->d = (uint8_t)d;
    p->on = (uint8_t)on;
    p->p0 = c->npar;
    p->np = 0;
    p->cause = CH_NO_CAUSE;
    p->nest = -1;
    return c->nnode++;
}

static inline void ch_add_parent(ch_ctx *c, int id, int parent)
{
    if (c->oom || (c->npar >= c->cappar && !ch_par_room(c)))
        return;
    c->par[c->npar++] = parent;
    c->node[id].np++;
}
int  ch_ancestors(ch_ctx *c, int id);
/* SE's getComplexity of a hint whose chains end at ends[0..n): ancestors of
 * each, plus the complexity of each distinct nested chain among them. */
int  ch_complexity(ch_ctx *c, const int *ends, int n);
int  ch_better(const ch_ctx *c, double diff, int complexity, int sortkey);
int  ch_can_win(const ch_ctx *c, double base, int min_cx);
/* The largest complexity a hint of this rating and sort key can have and
 * still win (0: none can). */
int  ch_max_win_slow(ch_ctx *c, double base, int sortkey);
static inline int ch_max_win(ch_ctx *c, double base, int sortkey)
{
    return !c->have || c->collect ? 1 << 30 : ch_max_win_slow(c, base, sortkey);
}
/* A fresh stamp b (its marks zeroed when the stamp wraps). */
static inline uint32_t ch_stamp_b_new(ch_ctx *c)
{
    if (++c->stamp_bv == 0) {
        memset(c->stamp_b, 0, sizeof(uint32_t) * (size_t)c->nkeys);
        c->stamp_bv = 1;
    }
    return c->stamp_bv;
}
/* Stopped: out of memory, or the budget ran out (checked before each
 * starting candidate; the clock is read only when there is a deadline). */
int  ch_stopped_slow(ch_ctx *c);
static inline int ch_stopped(ch_ctx *c)
{
    const sdk_budget *b = c->budget;
    if (c->stopped || c->oom)
        return 1;
    if (b && ((b->interrupt && *b->interrupt) || b->deadline > 0))
        return ch_stopped_slow(c);
    return 0;
}
/* Fills r for c's keys (the arrays grow as needed; r zeroed at first);
 * 0 if out of memory.  ch_reach_free frees its arrays. */
int  ch_reach_make(const ch_ctx *c, ch_reach *r, const uint32_t *vmask, const int32_t *start,
                   const int32_t *end, const int32_t *adj);
void ch_reach_free(ch_reach *r);
/* Can key from reach key to (both vertices)? */
static inline int ch_reaches(const ch_reach *r, int from, int to)
{
    int v = r->idx[to];
    return (int)(r->reach[(size_t)r->comp[r->idx[from]] * (size_t)r->words + (size_t)(v >> 6)] >>
                 (v & 63) & 1);
}
/* Is k the grid cand (with c's board and placed digits)?  Set it so. */
int  ch_gridkey_is(const ch_gridkey *k, const ch_ctx *c, const uint32_t *cand);
void ch_gridkey_set(ch_gridkey *k, const ch_ctx *c, const uint32_t *cand);
/* Places of each (house, digit) of grid cand into hm (nhouses * n, zeroed). */
void ch_house_masks(const ch_ctx *c, const uint32_t *cand, uint32_t *hm);
/* Runs c's producer (flags as c's) in collect mode on the grid cand, with
 * uref_fill set so that it records what the caller keeps; 1 if it ran to
 * the end. */
int  ch_run_on(ch_ctx *c, const uint32_t *cand, struct ch_uref *uref);
/* Room for one implication list (the cycle searches' lists). */
int  ch_buf_size(const ch_ctx *c);

/* Records a hint of a kind (CH_DOUBLE ..) as the best so far
 * (chains_out.c): removals as (cell, digit) pairs, an optional placement,
 * its name, and the main line of each chain (ends) for its text. */
void ch_take(ch_ctx *c, int kind, double diff, int complexity, int sortkey, const char *name,
             const int *elim, int nelim, int place_cell, int place_d, const int *ends,
             int nends, int init_cause, int with_offs);

/* Writes the best hint's text into c->out: its result, name, what was
 * assumed and what followed, then each chain's main line. */
void ch_text(const ch_ctx *c);

/* The searches (chains_unary.c, chains_multi.c). */
void ch_unary(ch_ctx *c);
/* Frees the thread's kept arrays of ch_unary (at thread exit). */
void ch_unary_release(void);
void ch_multiple(ch_ctx *c);
/* Dynamic+ (chains_adv.c): when a chaining's queues run dry, the "off"
 * nodes the level's rules add on the working grid cand, appended to the
 * chain (list clist of length *len) and to the off queue. */
void ch_advanced(ch_ctx *c, const uint32_t *cand, int *len, int32_t *qoff, int *offl);
/* Nested producers (chains_nest.c, SE levels 2-5) on the working grid cand:
 * returns 1 if some hint gave "off" nodes (added as ch_advanced does). */
int  ch_nested(ch_ctx *c, const uint32_t *cand, int *len, int32_t *qoff, int *offl);
/* Adds an "off" node for (cell, d) with the given parent keys (nodes of the
 * current chain) unless the chain holds it (chains_adv.c). */
void ch_adv_add(ch_ctx *c, int cell, int d, const int32_t *park, int npar, int nest, int *len,
                int32_t *qoff, int *offl);
/* Frees the thread's reachability arrays of static chains (at thread exit). */
void ch_multi_release(void);
/* Frees the thread's memo of nested producers' answers (at thread exit). */
void ch_nest_release(void);
/* Runs the producer of c's flags in collect mode and frees what it kept. */
void ch_free_hints(ch_ctx *c);

#endif

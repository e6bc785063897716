/*
 * humangen.c -- generating for people (prefix hg_ inside, sdk_human_* and
 * sdk_generate_human outside): puzzles whose Sudoku Explainer rating (our
 * ladder, src/logic/) lies in a band of ER and whose solve path uses given
 * techniques.  A puzzle of the default generator is rated and kept if it
 * holds (rejection: enough for the common bands); if not, a Metropolis
 * chain walks from it with the moves of --hard (clue removal and addition,
 * and relocation: a clue moves to a blank cell with any digit, kept only if
 * the puzzle stays unique) on the distance of its rating to the band, for
 * the rare bands (ER >= 8 is 3.5% of random minimal puzzles).  Also the
 * figure --hard --objective er gives the replica exchange.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "sudoku.h"
#include "../logic/logic.h"

/* ---- levels and techniques ------------------------------------------------ */

int sdk_human_level_band(const char *level, double *er_min, double *er_max)
{
    /* The bands are read off sdk_human_level itself, so they follow it. */
    int lo = 0, hi = 0;
    for (int tenth = 10; tenth < 200; tenth++)
        if (strcmp(sdk_human_level(tenth / 10.0), level) == 0) {
            lo = lo ? lo : tenth;
            hi = tenth;
        }
    if (!lo)
        return 0;
    *er_min = lo / 10.0;
    *er_max = hi / 10.0;
    return 1;
}

/* A slug, the SE step names it stands for (each pattern is a prefix of
 * the name in slug spelling, lower case and '-' for blanks, or with a
 * leading '*' a part of it anywhere) and the first ladder row
 * (src/logic/ladder.c) whose steps it names: its rating is the technique's
 * lowest. */
typedef struct hg_technique {
    const char *slug;
    const char *patterns[5];
    const char *row;
} hg_technique;

#define LADDER_CHAINS "Cycles and forcing X/Y/XY-chains"

static const hg_technique techniques[] = {
    {"full-house", {"full-house"}, "Full House / Hidden Single"},
    {"hidden-single", {"hidden-single"}, "Full House / Hidden Single"},
    {"naked-single", {"naked-single"}, "Naked Single"},
    {"locked-candidates", {"pointing", "claiming", "direct-pointing", "direct-claiming"}, "Direct Pointing / Claiming"},
    {"pointing", {"pointing", "direct-pointing"}, "Direct Pointing / Claiming"},
    {"claiming", {"claiming", "direct-claiming"}, "Direct Pointing / Claiming"},
    {"naked-pair", {"naked-pair"}, "Naked Pair"},
    {"naked-triple", {"naked-triplet"}, "Naked Triplet"},
    {"naked-quad", {"naked-quad"}, "Naked Quad"},
    {"hidden-pair", {"hidden-pair", "direct-hidden-pair"}, "Direct Hidden Pair"},
    {"hidden-triple", {"hidden-triplet", "direct-hidden-triplet"}, "Direct Hidden Triplet"},
    {"hidden-quad", {"hidden-quad"}, "Hidden Quad"},
    {"x-wing", {"x-wing"}, "X-Wing"},
    {"swordfish", {"swordfish"}, "Swordfish"},
    {"jellyfish", {"jellyfish"}, "Jellyfish"},
    {"xy-wing", {"xy-wing"}, "XY-Wing"},
    {"xyz-wing", {"xyz-wing"}, "XYZ-Wing"},
    {"unique-rectangle", {"unique-rectangle", "unique-loop"}, "Unique Rectangle / Loop"},
    {"bug", {"bug"}, "BUG"},
    {"aligned-pair-exclusion", {"aligned-pair"}, "Aligned Pair Exclusion"},
    {"aligned-triplet-exclusion", {"aligned-triplet"}, "Aligned Triplet Exclusion"},
    {"x-cycle", {"bidirectional-x-cycle"}, LADDER_CHAINS},
    {"y-cycle", {"bidirectional-y-cycle"}, LADDER_CHAINS},
    {"xy-cycle", {"bidirectional-cycle"}, LADDER_CHAINS},
    {"turbot-fish", {"turbot-fish"}, LADDER_CHAINS},
    {"x-chain", {"forcing-x-chain", "turbot-fish"}, LADDER_CHAINS},
    {"y-chain", {"forcing-y-chain"}, LADDER_CHAINS},
    {"xy-chain", {"forcing-chain"}, LADDER_CHAINS},
    {"forcing-chain", {"*forcing"}, LADDER_CHAINS},
    {"nishio", {"nishio"}, "Nishio"},
    {"multiple-forcing-chains", {"cell-forcing", "region-forcing", "double-forcing", "contradiction-forcing"}, "Cell / region forcing chains"},
    {"cell-forcing-chains", {"cell-forcing", "dynamic-cell-forcing"}, "Cell / region forcing chains"},
    {"region-forcing-chains", {"region-forcing", "dynamic-region-forcing"}, "Cell / region forcing chains"},
    {"dynamic-forcing-chains", {"dynamic"}, "Dynamic forcing chains"},
    {"nested-forcing-chains", {"nested"}, "Nested forcing chains (level 2)"},
};
enum { NTECH = sizeof techniques / sizeof techniques[0] };

/* name in slug spelling into out (size bytes). */
static void slug_of(const char *name, char *out, size_t size)
{
    size_t k = 0;
    for (; *name && k + 1 < size; name++) {
        unsigned char ch = (unsigned char)*name;
        if (ch == ' ' || ch == '_')
            out[k++] = '-';
        else if (ch != '(' && ch != ')')
            out[k++] = (char)tolower(ch);
    }
    while (k > 0 && out[k - 1] == '-')
        out[--k] = 0;
    out[k] = 0;
}

int sdk_human_technique_find(const char *name)
{
    char slug[64];
    slug_of(name, slug, sizeof slug);
    for (int i = 0; i < NTECH; i++)
        if (strcmp(techniques[i].slug, slug) == 0)
            return i;
    /* SE's own names: "XY-Wing", "Naked Triplet", "Unique Rectangle" */
    for (int i = 0; i < NTECH; i++)
        for (int k = 0; k < 5 && techniques[i].patterns[k]; k++)
            if (strcmp(techniques[i].patterns[k], slug) == 0)
                return i;
    return -1;
}

const char *sdk_human_technique_slug(int index)
{
    return index >= 0 && index < NTECH ? techniques[index].slug : NULL;
}

double sdk_human_technique_er(int index)
{
    for (int row = 0; index >= 0 && index < NTECH && row < lg_ladder_rows(); row++)
        if (strcmp(lg_ladder_name(row), techniques[index].row) == 0)
            return lg_ladder_rating(row);
    return 0;       /* (unit_humangen.c checks every technique names a row) */
}

static int technique_matches(int index, const char *step_name)
{
    char name[96];
    slug_of(step_name, name, sizeof name);
    for (int k = 0; k < 5 && techniques[index].patterns[k]; k++) {
        const char *p = techniques[index].patterns[k];
        if (p[0] == '*' ? strstr(name, p + 1) != NULL : strncmp(name, p, strlen(p)) == 0)
            return 1;
    }
    return 0;
}

/* How many of band's techniques the path lacks. */
static int techniques_missing(const sdk_human_band *band, const sdk_human_rating *r)
{
    int missing = 0;
    for (int t = 0; t < band->ntech; t++) {
        int found = 0;
        for (int s = 0; s < r->nsteps && !found && r->steps; s++)
            found = technique_matches(band->tech[t], r->steps[s].technique);
        missing += !found;
    }
    return missing;
}

/* Rejection first: measured (docs/generate-human.md), fresh puzzles of the
 * default generator beat the chain in every band tried, even ER >= 9 from
 * 24-clue starts, since a chain's moves near a hard puzzle each cost a
 * hard rating.  So a chain runs only after ROUND_STARTS starts without a
 * hit, from the nearest of them, for CHAIN_MOVES rated moves.  T in ER units;
 * an ER above the band weighs ABOVE_WEIGHT times one below (hard puzzles cost
 * more to rate). */
enum { ROUND_STARTS = 1024, CHAIN_MOVES = 100 };
static const double CHAIN_T = 0.2, ABOVE_WEIGHT = 3;

/* ER is a multiple of 0.1: half a tenth of slack against rounding. */
static double band_distance(const sdk_human_band *band, double er)
{
    if (er < band->er_min - 0.05)
        return band->er_min - er;
    if (er > band->er_max + 0.05)
        return ABOVE_WEIGHT * (er - band->er_max);
    return 0;
}

int sdk_human_band_holds(const sdk_human_band *band, const sdk_human_rating *r)
{
    return r->status == SDK_SOLVED && r->solved && band_distance(band, r->er) == 0 &&
           techniques_missing(band, r) == 0;
}

/* ---- the chain -------------------------------------------------------------- */


typedef struct hg_state {
    uint8_t puzzle[SDK_MAX_CELLS], grid[SDK_MAX_CELLS];
    sdk_human_rating r;
    double energy;
} hg_state;

/* Energy: the distance of ER to the band, one for each technique missing,
 * and EP as a tie-break towards harder puzzles while the band is above. */
static double state_energy(const sdk_human_band *band, const sdk_human_rating *r)
{
    double er = r->solved ? r->er : 20.0;
    double e = band_distance(band, er) + techniques_missing(band, r);
    if (er < band->er_min - 0.05)
        e -= r->ep / 100;
    return e;
}

/* Rates s (unique) into s->r; 0 if the budget stopped it. */
static int rate_state(const sdk_board *b, const sdk_human_band *band, hg_state *s, const sdk_budget *budget)
{
    sdk_human_free(&s->r);
    if (sdk_human_rate(b, s->puzzle, NULL, band->ntech ? SDK_HUMAN_STEPS : 0, &s->r, budget) != SDK_SOLVED)
        return 0;
    s->energy = state_energy(band, &s->r);
    return 1;
}

/* The index-th cell (0-based) that is a clue (want 1) or a blank (want 0). */
static int nth_cell(const sdk_board *b, const uint8_t *puzzle, int want, int index)
{
    for (int c = 0; c < b->ncells; c++)
        if ((puzzle[c] != 0) == want && index-- == 0)
            return c;
    return -1;
}

/* Proposes a move of cur into next: 0 if it leaves no unique puzzle (or
 * the budget stopped the check).  The solution of next goes to next->grid. */
static int propose(const sdk_board *b, sdk_rng *rng, const hg_state *cur, hg_state *next, const sdk_budget *budget)
{
    int clues = 0;
    for (int c = 0; c < b->ncells; c++)
        clues += cur->puzzle[c] != 0;
    memcpy(next->puzzle, cur->puzzle, (size_t)b->ncells);
    uint32_t kind = sdk_rng_below(rng, 20);
    if (kind < 3 && clues < b->ncells) {          /* addition: always unique */
        int c = nth_cell(b, cur->puzzle, 0, (int)sdk_rng_below(rng, (uint32_t)(b->ncells - clues)));
        next->puzzle[c] = cur->grid[c];
        memcpy(next->grid, cur->grid, (size_t)b->ncells);
        return 1;
    }
    if (clues < 2)
        return 0;
    int from = nth_cell(b, cur->puzzle, 1, (int)sdk_rng_below(rng, (uint32_t)clues));
    next->puzzle[from] = 0;
    if (kind >= 10) {                              /* relocation: any blank, any digit */
        int to = nth_cell(b, next->puzzle, 0, (int)sdk_rng_below(rng, (uint32_t)(b->ncells - clues + 1)));
        if (to == from)
            return 0;
        next->puzzle[to] = (uint8_t)(1 + sdk_rng_below(rng, (uint32_t)b->n));
    }
    sdk_status status;
    return sdk_exact_count(b, next->puzzle, 2, next->grid, NULL, budget, &status) == 1;
}


static sdk_status budget_status(const sdk_budget *budget)
{
    return budget && budget->interrupt && *budget->interrupt ? SDK_INTERRUPTED : SDK_TIMEOUT;
}

/* The chain from cur (rated), moves rated moves at most: cur ends on the
 * state reached (in band if it got there).  0 if the budget stopped it. */
static int run_chain(const sdk_board *b, const sdk_human_band *band, sdk_rng *rng, hg_state **cur, hg_state **next,
                     int moves, sdk_human_gen_stats *st, const sdk_budget *budget)
{
    for (int made = 0, tries = 0; !sdk_human_band_holds(band, &(*cur)->r) && made < moves;) {
        if (tries++ >= 50 * moves)
            return 1;           /* hardly any move keeps it unique */
        if (!propose(b, rng, *cur, *next, budget)) {
            if (sdk_budget_expired(budget))
                return 0;
            continue;           /* not unique: no rating, and no move counted */
        }
        made++;
        if (st)
            st->proposals++;
        if (!rate_state(b, band, *next, budget))
            return 0;
        double dE = (*next)->energy - (*cur)->energy;
        if (dE <= 0 || sdk_rng_double(rng) < exp(-dE / CHAIN_T)) {
            hg_state *t = *cur;
            *cur = *next;
            *next = t;
        }
    }
    return 1;
}

sdk_status sdk_generate_human(const sdk_board *b, const sdk_gen_params *g, const sdk_human_band *band,
                              uint32_t seed, uint8_t *puzzle, sdk_human_rating *r, sdk_human_gen_stats *st,
                              const sdk_budget *budget)
{
    sdk_rng *rng = malloc(sizeof *rng);
    hg_state *s = calloc(3, sizeof *s);
    if (!rng || !s) {
        free(rng);
        free(s);
        return SDK_UNSOLVABLE;
    }
    sdk_rng_seed(rng, seed);
    /* cur: the puzzle at hand; best: the nearest of this round's starts */
    hg_state *cur = &s[0], *next = &s[1], *best = &s[2];
    sdk_status result = SDK_SOLVED;
    for (int round_starts = 0;; round_starts++) {
        if (round_starts == ROUND_STARTS) {
            hg_state *t = cur;  /* the chain from the round's best start */
            cur = best;
            best = t;
            if (!run_chain(b, band, rng, &cur, &next, CHAIN_MOVES, st, budget)) {
                result = budget_status(budget);
                break;
            }
            if (sdk_human_band_holds(band, &cur->r))
                break;
            best->energy = INFINITY;
            round_starts = 0;
        }
        sdk_status gs = sdk_generate_metropolis(b, g, sdk_rng_u32(rng), cur->puzzle, cur->grid, budget);
        if (gs != SDK_SOLVED) {
            result = gs;
            break;
        }
        if (st)
            st->starts++;
        if (!rate_state(b, band, cur, budget)) {
            if (sdk_budget_expired(budget)) {
                result = budget_status(budget);
                break;
            }
            continue;
        }
        if (sdk_human_band_holds(band, &cur->r))
            break;
        if (round_starts == 0 || cur->energy < best->energy) {
            hg_state *t = cur;
            cur = best;
            best = t;
        }
    }
    if (result == SDK_SOLVED) {
        memcpy(puzzle, cur->puzzle, (size_t)b->ncells);
        *r = cur->r;            /* the path (if any) now belongs to the caller */
        cur->r.steps = NULL;
    } else {
        memset(r, 0, sizeof *r);
        r->status = result;
    }
    for (int i = 0; i < 3; i++)
        sdk_human_free(&s[i].r);
    free(s);
    free(rng);
    return result;
}

/* ---- --hard --objective er ------------------------------------------------ */

uint64_t sdk_human_figure(void *ctx, const sdk_board *b, const uint8_t *puzzle, const sdk_budget *budget)
{
    (void)ctx;
    sdk_human_rating r;
    if (sdk_human_rate(b, puzzle, NULL, 0, &r, budget) != SDK_SOLVED)
        return r.status == SDK_UNSOLVABLE ? 1 : 0;
    double er = r.solved ? fmin(r.er, 15) : 0, ep = r.solved ? fmin(r.ep, 15) : 0;
    /* ER <= 15 here: the figure stays below 1e3 e^30.3 ~ 1.5e16 */
    return (uint64_t)llround(1000.0 * exp(2.0 * (er + ep / 100)));
}

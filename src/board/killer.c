/*
 * killer.c -- a killer's cages as board data: the check of a cage map, the
 * cage tables a board carries beside its houses (sdk_board.cage_*), the
 * innies the exact solver prunes with, the cages' labels for the line
 * format, and the cage rules every checker of a grid applies (digits
 * differ, sums met).  variants.c builds the board and caches it.
 */
#include <stdlib.h>
#include <string.h>
#include "board.h"

/* The most cells of an implied sum kept (longer ones prune little). */
enum { IMPLIED_MAX = 6 };

/* The least and greatest sums of k different digits of 1..n. */
int killer_min_sum(int k)
{
    return k * (k + 1) / 2;
}

int killer_max_sum(int n, int k)
{
    return k * (2 * n - k + 1) / 2;
}

/* The cells orthogonal steps reach from start over cells whose key is
 * start's, each given id in mark (-1 before: not reached yet).  Returns
 * how many. */
static int flood(int n, const int16_t *key, int start, int16_t *mark, int16_t id)
{
    uint16_t stack[SDK_MAX_CELLS];
    int top = 0, reached = 0, nb[4];
    stack[top++] = (uint16_t)start;
    mark[start] = id;
    while (top) {
        int c = stack[--top];
        reached++;
        board_neighbours(n, c, nb);
        for (int i = 0; i < 4; i++)
            if (nb[i] >= 0 && mark[nb[i]] < 0 && key[nb[i]] == key[start]) {
                mark[nb[i]] = id;
                stack[top++] = (uint16_t)nb[i];
            }
    }
    return reached;
}

int sdk_killer_check(int n, const sdk_killer *k, const char *names, char *err, size_t errsize)
{
    int nc = n * n, size[SDK_MAX_CELLS] = {0}, first[SDK_MAX_CELLS];
    char name[48];
    if (k->ncages < 0 || k->ncages > nc) {
        snprintf(err, errsize, "%d cages on %d cells", k->ncages, nc);
        return 0;
    }
    for (int j = 0; j < k->ncages; j++)
        first[j] = -1;
    for (int c = 0; c < nc; c++) {
        int j = k->cage[c];
        if (j < -1 || j >= k->ncages) {
            snprintf(err, errsize, "cell r%dc%d has cage %d of %d", c / n + 1, c % n + 1, j + 1, k->ncages);
            return 0;
        }
        if (j >= 0 && size[j]++ == 0)
            first[j] = c;
    }
    for (int j = 0; j < k->ncages; j++) {
        int f = first[j];
        if (f < 0) {
            snprintf(err, errsize, "cage %d has no cells", j + 1);
            return 0;
        }
        if (names)
            snprintf(name, sizeof name, "'%c' at r%dc%d", names[f], f / n + 1, f % n + 1);
        else
            snprintf(name, sizeof name, "at r%dc%d", f / n + 1, f % n + 1);
        if (size[j] > n) {
            snprintf(err, errsize, "cage %s has %d cells, more than the %d digits", name, size[j], n);
            return 0;
        }
        if (k->sum[j] < killer_min_sum(size[j]) || k->sum[j] > killer_max_sum(n, size[j])) {
            snprintf(err, errsize, "cage %s: %d different digits 1-%d cannot sum to %d (only %d to %d)", name,
                     size[j], n, k->sum[j], killer_min_sum(size[j]), killer_max_sum(n, size[j]));
            return 0;
        }
        /* connected: a flood from its first cell over orthogonal neighbours */
        int16_t mark[SDK_MAX_CELLS];
        memset(mark, 0xff, sizeof(int16_t) * (size_t)nc);
        int reached = flood(n, k->cage, f, mark, 0);
        if (reached != size[j]) {
            snprintf(err, errsize, "cage %s is not connected (%d of its %d cells reached)", name, reached, size[j]);
            return 0;
        }
    }
    return 1;
}

/* Appends a cage of cells[0..k) with sum to b's tables (room made by the caller). */
static void add_cage(sdk_board *b, int index, const int *cells, int k, int sum)
{
    int at = b->cage_start[index];
    for (int i = 0; i < k; i++)
        b->cage_cells[at + i] = (uint16_t)cells[i];
    b->cage_start[index + 1] = at + k;
    b->cage_sum[index] = (uint16_t)sum;
}

/* Whether cells[0..k) (ascending) are already cage j's. */
static int same_cage(const sdk_board *b, int j, const int *cells, int k)
{
    int s = b->cage_start[j];
    if (b->cage_start[j + 1] - s != k)
        return 0;
    for (int i = 0; i < k; i++)
        if (b->cage_cells[s + i] != cells[i])
            return 0;
    return 1;
}

/*
 * The innies: a house whose cells are whole cages but for a few leaves
 * those few summing to the house's total, n(n+1)/2, less the cages' sums;
 * in one house, their digits differ.  So they are a cage too, which the
 * exact solver reasons with like the others (a one-cell innie is a
 * placement).  Each house, the implied ones too, gives at most one.
 */
static int add_innies(sdk_board *b)
{
    int n = b->n, total = n * (n + 1) / 2, nh = b->nhouses + b->nimplied, count = b->ncages;
    for (int h = 0; h < nh; h++) {
        const uint16_t *hc = b->house_cells + (size_t)h * n;
        int inside[SDK_MAX_N], nin = 0, left[SDK_MAX_N], nleft = 0, sum = total;
        /* a cage lies inside h when all its cells are among h's */
        for (int i = 0; i < n; i++) {
            int j = b->cell_cage[hc[i]], whole = j >= 0;
            for (int x = j >= 0 ? b->cage_start[j] : 0; whole && x < b->cage_start[j + 1]; x++) {
                int in = 0;
                for (int y = 0; y < n && !in; y++)
                    in = hc[y] == b->cage_cells[x];
                whole = in;
            }
            if (whole) {
                int seen = 0;
                for (int y = 0; y < nin; y++)
                    seen |= inside[y] == j;
                if (!seen) {
                    inside[nin++] = j;
                    sum -= b->cage_sum[j];
                }
            } else {
                left[nleft++] = hc[i];
            }
        }
        if (!nin || !nleft)
            continue;
        /* ascending cells, so that a repeat (a row's and a box's) is seen */
        for (int i = 1; i < nleft; i++)
            for (int y = i; y > 0 && left[y] < left[y - 1]; y--) {
                int t = left[y];
                left[y] = left[y - 1];
                left[y - 1] = t;
            }
        int known = 0;
        for (int j = 0; j < count && !known; j++)
            known = same_cage(b, j, left, nleft);
        if (known)
            continue;
        add_cage(b, count++, left, nleft, sum);
    }
    b->nimplied_cages = count - b->ncages;
    return 1;
}

/* The implied sums of region R (inR[c]: cell c is in it), whose digits add
 * up to total: the cells of R outside the cages wholly in R (innies: total
 * less those cages' sums), and the cells outside R of the cages partly in
 * it (outies: those cages' sums less the innies', when every innie is in
 * such a cage).  Kept when 1 to IMPLIED_MAX cells and not a cage already;
 * innies too when `innies`. */
static void add_region_sums(sdk_board *b, const uint8_t *inR, int total, int innies, int *count)
{
    int nc = b->ncells, whole = 0, partial = 0, nin = 0, nout = 0, loose = 0;
    int in[SDK_MAX_CELLS], out[SDK_MAX_CELLS];
    uint8_t state[SDK_MAX_CELLS];               /* per cage: 0 none in R, 1 partly, 2 wholly */
    for (int j = 0; j < b->ncages; j++) {
        int inside = 0, size = b->cage_start[j + 1] - b->cage_start[j];
        for (int x = b->cage_start[j]; x < b->cage_start[j + 1]; x++)
            inside += inR[b->cage_cells[x]];
        state[j] = (uint8_t)(inside == 0 ? 0 : inside == size ? 2 : 1);
        whole += state[j] == 2 ? b->cage_sum[j] : 0;
        partial += state[j] == 1 ? b->cage_sum[j] : 0;
    }
    for (int c = 0; c < nc; c++) {
        int j = b->cell_cage[c];
        if (inR[c] && (j < 0 || state[j] != 2)) {
            in[nin++] = c;
            loose += j < 0;
        }
        if (!inR[c] && j >= 0 && state[j] == 1)
            out[nout++] = c;
    }
    int sets[2][2] = {{innies ? nin : 0, total - whole}, {loose ? 0 : nout, partial - (total - whole)}};
    for (int s = 0; s < 2; s++) {
        int k = sets[s][0], *cells = s ? out : in, known = 0;
        if (k < 1 || k > IMPLIED_MAX)
            continue;
        for (int j = 0; j < *count && !known; j++)
            known = same_cage(b, j, cells, k);
        if (!known)
            add_cage(b, (*count)++, cells, k, sets[s][1] < 0 ? 0xffff : sets[s][1]);
    }
}

/* The implied sums: every house's outies, and the innies and outies of
 * every band of 2 to n-1 rows or columns (n(n+1)/2 a line). */
static void add_sums(sdk_board *b)
{
    int n = b->n, nc = b->ncells, count = b->ncages + b->nimplied_cages, line = n * (n + 1) / 2;
    uint8_t inR[SDK_MAX_CELLS];
    for (int h = 0; h < b->nhouses + b->nimplied; h++) {
        memset(inR, 0, (size_t)nc);
        for (int i = 0; i < n; i++)
            inR[b->house_cells[h * n + i]] = 1;
        add_region_sums(b, inR, line, 0, &count);
    }
    for (int f = 0; f < 2 && nc == n * n; f++)
        for (int len = 2; len < n; len++)
            for (int a = 0; a + len <= n; a++) {
                for (int c = 0; c < nc; c++) {
                    int at = f ? c % n : c / n;
                    inR[c] = (uint8_t)(at >= a && at < a + len);
                }
                add_region_sums(b, inR, len * line, 1, &count);
            }
    b->nimplied_sums = count - b->ncages - b->nimplied_cages;
}

int killer_attach(sdk_board *b, const sdk_killer *k)
{
    int n = b->n, nc = b->ncells, nh = b->nhouses + b->nimplied;
    /* the cages, the innies (one a house), the implied sums (two a house and
     * a band, of at most IMPLIED_MAX cells) */
    int bands = 2 * n * n, maxcages = k->ncages + nh + 2 * nh + 2 * bands;
    b->cell_cage = malloc(sizeof(int16_t) * (size_t)nc);
    b->cage_start = calloc((size_t)maxcages + 1, sizeof(int));
    b->cage_cells = malloc(sizeof(uint16_t) * ((size_t)nc + (size_t)nh * (size_t)n +
                                               (size_t)(2 * nh + 2 * bands) * IMPLIED_MAX));
    b->cage_sum = malloc(sizeof(uint16_t) * (size_t)maxcages);
    if (!b->cell_cage || !b->cage_start || !b->cage_cells || !b->cage_sum)
        return 0;
    /* renumbered by first cell: the same cages give the same board */
    int renum[SDK_MAX_CELLS], count = 0;
    for (int j = 0; j < k->ncages; j++)
        renum[j] = -1;
    for (int c = 0; c < nc; c++) {
        int j = k->cage[c];
        if (j >= 0 && renum[j] < 0)
            renum[j] = count++;
        b->cell_cage[c] = (int16_t)(j >= 0 ? renum[j] : -1);
    }
    b->ncages = count;
    int size[SDK_MAX_CELLS] = {0};
    for (int c = 0; c < nc; c++)
        if (b->cell_cage[c] >= 0)
            size[b->cell_cage[c]]++;
    for (int j = 0; j < count; j++)
        b->cage_start[j + 1] = b->cage_start[j] + size[j];
    int fill[SDK_MAX_CELLS] = {0};
    for (int c = 0; c < nc; c++) {
        int j = b->cell_cage[c];
        if (j >= 0)
            b->cage_cells[b->cage_start[j] + fill[j]++] = (uint16_t)c;
    }
    for (int j = 0; j < k->ncages; j++)
        if (renum[j] >= 0)
            b->cage_sum[renum[j]] = k->sum[j];
    add_innies(b);
    add_sums(b);
    return 1;
}

void sdk_killer_of(const sdk_board *b, sdk_killer *k)
{
    k->ncages = b->ncages;
    for (int c = 0; c < b->ncells; c++)
        k->cage[c] = b->cell_cage ? b->cell_cage[c] : -1;
    for (int j = 0; j < b->ncages; j++)
        k->sum[j] = b->cage_sum[j];
}

int killer_same(const sdk_board *b, const sdk_killer *k)
{
    /* k as the board numbers cages: by first cell */
    int renum[SDK_MAX_CELLS], count = 0;
    for (int j = 0; j < k->ncages; j++)
        renum[j] = -1;
    for (int c = 0; c < b->ncells; c++) {
        int j = k->cage[c];
        if (j >= 0 && renum[j] < 0) {
            if (count >= b->ncages || b->cage_sum[count] != k->sum[j])
                return 0;
            renum[j] = count++;
        }
        if ((j >= 0 ? renum[j] : -1) != b->cell_cage[c])
            return 0;
    }
    return count == b->ncages;
}

uint32_t killer_hash(uint32_t h, int ncells, const sdk_killer *k)
{
    /* by each cell's cage as first cells number them, so any numbering of
     * the same cages hashes alike */
    int renum[SDK_MAX_CELLS], count = 0;
    for (int j = 0; j < k->ncages; j++)
        renum[j] = -1;
    for (int c = 0; c < ncells; c++) {
        int j = k->cage[c], r = -1;
        if (j >= 0) {
            if (renum[j] < 0) {
                renum[j] = count++;
                h = (h ^ k->sum[j]) * 16777619u;
            }
            r = renum[j];
        }
        h = (h ^ (uint32_t)(r + 1)) * 16777619u;
    }
    return h;
}

void sdk_killer_labels(const sdk_board *b, char *labels)
{
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    enum { NLABELS = sizeof alphabet - 1 };
    int n = b->n, nc = b->ncells, label[SDK_MAX_CELLS];
    for (int j = 0; j < b->ncages; j++)
        label[j] = -1;
    /* cages in order of their first cells, each the first label no
     * neighbouring cage labelled so far has (a cage's neighbours are the
     * cages of its cells' orthogonal neighbours) */
    for (int j = 0; j < b->ncages; j++) {
        uint64_t used = 0;
        for (int x = b->cage_start[j]; x < b->cage_start[j + 1]; x++) {
            int nb[4];
            board_neighbours(n, b->cage_cells[x], nb);
            for (int i = 0; i < 4; i++)
                if (nb[i] >= 0 && b->cell_cage[nb[i]] >= 0 && b->cell_cage[nb[i]] != j &&
                    label[b->cell_cage[nb[i]]] >= 0)
                    used |= 1ull << label[b->cell_cage[nb[i]]];
        }
        int l = 0;
        while (l < NLABELS - 1 && (used >> l & 1))
            l++;
        label[j] = l;           /* (62 neighbours all labelled: no planar map of cages has them) */
    }
    for (int c = 0; c < nc; c++)
        labels[c] = b->cell_cage[c] >= 0 ? alphabet[label[b->cell_cage[c]]] : '.';
    labels[nc] = '\0';
}

char *killer_format_sums(const sdk_board *b, char *buf)
{
    int k = 0;
    for (int j = 0; j < b->ncages; j++)
        k += sprintf(buf + k, "%s%d", j ? "," : "", b->cage_sum[j]);
    buf[k] = '\0';
    return buf;
}

/* What the givens of a cage (its cells list[0..size) of cells, its sum
 * target) leave wrong: 0 nothing; CAGE_TWICE a digit twice (*what: it);
 * CAGE_OVER their sum past the target, or off it with no blank left
 * (*what: their sum); CAGE_SHORT the blanks cannot make up the rest in
 * other digits (*what: how many blanks). */
enum { CAGE_TWICE = 1, CAGE_OVER, CAGE_SHORT };
static int cage_fault(int n, const uint8_t *cells, const uint16_t *list, int size, int target, int *what)
{
    uint32_t seen = 0;
    int sum = 0, blanks = 0;
    for (int x = 0; x < size; x++) {
        int v = cells[list[x]];
        if (!v) {
            blanks++;
        } else if (seen >> v & 1) {
            *what = v;
            return CAGE_TWICE;
        } else {
            seen |= 1u << v;
            sum += v;
        }
    }
    *what = sum;
    if (sum > target || (!blanks && sum != target))
        return CAGE_OVER;
    /* the blanks take as many other digits: from the least of those left
     * to the greatest */
    int lo = 0, hi = 0, got = 0;
    for (int d = 1; d <= n && got < blanks; d++)
        if (!(seen >> d & 1))
            lo += d, got++;
    got = 0;
    for (int d = n; d >= 1 && got < blanks; d--)
        if (!(seen >> d & 1))
            hi += d, got++;
    *what = blanks;
    return blanks && (got < blanks || sum + lo > target || sum + hi < target) ? CAGE_SHORT : 0;
}

int killer_cages_consistent(const sdk_board *b, const uint8_t *cells, int *conflict_cell)
{
    for (int j = 0; j < b->ncages; j++) {
        int what, s0 = b->cage_start[j];
        if (cage_fault(b->n, cells, b->cage_cells + s0, b->cage_start[j + 1] - s0, b->cage_sum[j], &what)) {
            if (conflict_cell)
                *conflict_cell = b->cage_cells[s0];
            return 0;
        }
    }
    return 1;
}

int killer_from_labels(int n, const char *labels, const uint16_t *sums, int nsums, sdk_killer *k, char *err,
                       size_t errsize)
{
    int nc = n * n, count = 0;
    int16_t key[SDK_MAX_CELLS];
    for (int c = 0; c < nc; c++) {
        k->cage[c] = -1;
        key[c] = (int16_t)(unsigned char)labels[c];
    }
    /* a cage: the cells of one label that orthogonal steps join */
    for (int c = 0; c < nc; c++)
        if (labels[c] != '.' && k->cage[c] < 0)
            flood(n, key, c, k->cage, (int16_t)count++);
    k->ncages = count;
    if (nsums != count) {
        snprintf(err, errsize, "%d cage sum%s for %d cages (a cage is the cells of one label that touch)", nsums,
                 nsums == 1 ? "" : "s", count);
        return 0;
    }
    for (int j = 0; j < count; j++)
        k->sum[j] = sums[j];
    return sdk_killer_check(n, k, labels, err, errsize);
}

int killer_check_givens(int n, const sdk_killer *k, const uint8_t *cells, const char *labels, char *err,
                        size_t errsize)
{
    /* each cage's cells in reading order, cage after cage */
    int nc = n * n, start[SDK_MAX_CELLS + 1] = {0}, fill[SDK_MAX_CELLS];
    uint16_t list[SDK_MAX_CELLS];
    for (int c = 0; c < nc; c++)
        if (k->cage[c] >= 0)
            start[k->cage[c] + 1]++;
    for (int j = 0; j < k->ncages; j++) {
        start[j + 1] += start[j];
        fill[j] = start[j];
    }
    for (int c = 0; c < nc; c++)
        if (k->cage[c] >= 0)
            list[fill[k->cage[c]]++] = (uint16_t)c;
    for (int j = 0; j < k->ncages; j++) {
        int what, first = list[start[j]];
        int fault = cage_fault(n, cells, list + start[j], start[j + 1] - start[j], k->sum[j], &what);
        if (!fault)
            continue;
        char name[48];
        if (labels)
            snprintf(name, sizeof name, "'%c' at r%dc%d", labels[first], first / n + 1, first % n + 1);
        else
            snprintf(name, sizeof name, "at r%dc%d", first / n + 1, first % n + 1);
        if (fault == CAGE_TWICE)
            snprintf(err, errsize, "cage %s holds the given %c twice (a cage's digits differ)", name,
                     sdk_digit_char(what));
        else if (fault == CAGE_OVER)
            snprintf(err, errsize, "cage %s: its givens add up to %d, %s its sum %d", name, what,
                     what > k->sum[j] ? "more than" : "not", k->sum[j]);
        else
            snprintf(err, errsize, "cage %s: its %d blank%s cannot make up its sum %d with the givens' digits "
                     "left out", name, what, what == 1 ? "" : "s", k->sum[j]);
        return 0;
    }
    return 1;
}

/* The digits of the sets of k among allowed's digits 1..top adding up to sum. */
static uint32_t union_from(uint32_t allowed, int top, int k, int sum, uint32_t set)
{
    if (k == 0)
        return sum ? 0 : set;
    if (top < k || sum < k * (k + 1) / 2 || sum > k * (2 * top - k + 1) / 2)
        return 0;
    uint32_t u = union_from(allowed, top - 1, k, sum, set);
    if (allowed >> (top - 1) & 1)
        u |= union_from(allowed, top - 1, k - 1, sum - top, set | 1u << (top - 1));
    return u;
}

uint32_t killer_union(int n, int k, int sum, uint32_t allowed)
{
    return union_from(allowed, n, k, sum, 0);
}

int killer_cage_marks(const sdk_board *b, int j, const uint8_t *val, uint32_t *cand, uint16_t *queue, int *queued)
{
    uint32_t placed = 0;
    int sum = b->cage_sum[j], k = 0;
    for (int x = b->cage_start[j]; x < b->cage_start[j + 1]; x++) {
        int v = val[b->cage_cells[x]];
        if (v) {
            placed |= 1u << (v - 1);
            sum -= v;
        } else {
            k++;
        }
    }
    if (!k)
        return sum == 0;
    if (sum <= 0)
        return 0;
    uint32_t u = killer_union(b->n, k, sum, ((1u << b->n) - 1) & ~placed);
    for (int x = b->cage_start[j]; x < b->cage_start[j + 1]; x++) {
        int c = b->cage_cells[x];
        if (val[c])
            continue;
        uint32_t was = cand[c], m = cand[c] = was & u;
        if (!m)
            return 0;
        if (m != was && !(m & (m - 1)))
            queue[(*queued)++] = (uint16_t)c;
    }
    return 1;
}

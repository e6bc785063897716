/*
 * exact9_portable.c -- the 9x9 kernel's propagation in plain C, for builds
 * without AVX2 (make PORTABLE=1): the band and stack rules by table lookup
 * (src/exact/exact9_tables.h), run per digit whose masks changed, placements and
 * naked singles, the line rules per band; the start state and the branching
 * counts.  The same results as exact9_avx2.c, node for node.
 */
#include <string.h>

#include "exact9_kernel.h"

#ifndef E9_SIMD

/* The columns touched by the cells of a band mask, repeated in all three rows. */
static inline uint32_t e9_column_spread(uint32_t cells)
{
    uint32_t cols = (cells | (cells >> 9) | (cells >> 18)) & 0x1ffu;
    return cols * 0x40201u;    /* copies to bits 0, 9 and 18 */
}

/* The segments of mask m that are still possible under the band rule. */
static inline uint32_t e9_band_rule(uint32_t m)
{
    unsigned segments = e9_row_triads[m & 0x1ffu]
                      | (unsigned)e9_row_triads[(m >> 9) & 0x1ffu] << 3
                      | (unsigned)e9_row_triads[m >> 18] << 6;
    return m & e9_band_allowed[segments];
}

/* The rows of mask m holding exactly one bit (those bits). */
static inline uint32_t e9_single_rows(uint32_t m)
{
    uint32_t r0 = m & 0x1ffu, r1 = m & (0x1ffu << 9), r2 = m & (0x1ffu << 18);
    uint32_t s = 0;
    if (!(r0 & (r0 - 1))) s |= r0;
    if (!(r1 & (r1 - 1))) s |= r1;
    if (!(r2 & (r2 - 1))) s |= r2;
    return s;
}

/* Places digit d on the cell `bit` of band b: erases the digit from the
 * cell's row, box and column, and the other digits from the cell.
 * Returns 0 if the digit was not possible there. */
static int e9_place(e9_state *s, int d, int b, uint32_t bit)
{
    int k = E9_K(d, b);
    if (!(s->cand[k] & bit)) return 0;
    unsigned i = (unsigned)__builtin_ctz(bit);
    s->cand[k] &= ~e9_band_peers[i];
    uint32_t col = ~e9_column_spread(bit);
    for (int other = 0; other < 3; other++)
        if (other != b) s->cand[E9_K(d, other)] &= col;
    for (int dd = 0; dd < 9; dd++)
        if (dd != d) s->cand[E9_K(dd, b)] &= ~bit;
    s->unsolved[b] &= ~bit;
    return 1;
}

/* The stack rule, the band rule turned sideways: inside a stack (three
 * columns) a digit sits once in each column and once in each box, so the
 * bands map one-to-one onto the stack's columns.  masks[0..2] are one
 * digit's three band masks.  Returns 0 on a contradiction. */
static inline int e9_stack_rule(uint32_t *masks)
{
    /* columns[b] bit c: the digit may go in column c of band b.  Put side
     * by side they form a 27-bit "band x column" mask with the same layout
     * as a band, whose 3x3 blocks are the stacks. */
    uint32_t by_band = 0;
    for (int b = 0; b < 3; b++) {
        uint32_t m = masks[b];
        by_band |= ((m | (m >> 9) | (m >> 18)) & 0x1ffu) << (9 * b);
    }
    uint32_t keep = 0;
    for (int stack = 0; stack < 3; stack++) {
        uint32_t block = (by_band >> (3 * stack)) & 0x1c0e07u;
        unsigned small = (block & 7u) | ((block >> 6) & 0x38u) | ((block >> 12) & 0x1c0u);
        uint32_t ok = e9_stack_allowed[small];
        if (!ok) return 0;
        keep |= ok << (3 * stack);
    }
    for (int b = 0; b < 3; b++)
        masks[b] &= ((keep >> (9 * b)) & 0x1ffu) * 0x40201u;
    return 1;
}

/* Runs the stack and band rules on every digit whose masks changed, and
 * handles the new placements they find, until no mask changes.  Returns 0
 * on a contradiction. */
static int e9_band_pass(e9_state *s)
{
    int changed;
    do {
        changed = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t *masks = &s->cand[E9_K(d, 0)];
            if (masks[0] == s->seen[E9_K(d, 0)] && masks[1] == s->seen[E9_K(d, 1)] &&
                masks[2] == s->seen[E9_K(d, 2)])
                continue;
            changed = 1;
            if (!e9_stack_rule(masks)) return 0;
            for (int b = 0; b < 3; b++) {
                int k = E9_K(d, b);
                uint32_t before = s->cand[k];
                uint32_t m = e9_band_rule(before);
                if (!m) return 0;
                /* If the band rule erased something, the stack rule may
                 * find more: leave the mask marked as changed. */
                s->cand[k] = m;
                s->seen[k] = before;
                uint32_t placed = e9_single_rows(m) & s->unsolved[b];
                if (!placed) continue;
                s->unsolved[b] &= ~placed;
                /* The band rule already cleared row and box; clear the column
                 * in the other bands and the cells from the other digits. */
                uint32_t col = ~e9_column_spread(placed);
                for (int other = 0; other < 3; other++)
                    if (other != b) s->cand[E9_K(d, other)] &= col;
                for (int dd = 0; dd < 9; dd++)
                    if (dd != d) s->cand[E9_K(dd, b)] &= ~placed;
            }
        }
    } while (changed);
    return 1;
}

/* Naked singles: cells left with one digit, found by bit-sliced counting
 * over the nine masks of each band.  Returns -1 on a contradiction (a cell
 * with no digit), else whether it placed anything. */
static int e9_naked_singles(e9_state *s)
{
    int placed = 0;
    for (int b = 0; b < 3; b++) {
        uint32_t u = s->unsolved[b];
        if (!u) continue;
        uint32_t one = 0, two = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t m = s->cand[E9_K(d, b)];
            two |= one & m;
            one |= m;
        }
        if (u & ~one) return -1;
        uint32_t singles = u & ~two;
        while (singles) {
            uint32_t bit = singles & -singles;
            singles ^= bit;
            int d = 0;
            while (d < 9 && !(s->cand[E9_K(d, b)] & bit)) d++;
            if (d == 9 || !e9_place(s, d, b, bit)) return -1;
            placed = 1;
        }
    }
    return placed;
}

/* The line rules, run on each band whose masks changed since they last ran
 * on it.  Per band, one pass over the nine digits counts (bit-sliced, for
 * all positions at once, saturating at four):
 *  - cells: how many digits each cell still has.  No digit is a
 *    contradiction, one is a naked single.
 *  - mini-rows (one row of one box) and mini-columns: how many digits can
 *    still reach each.  Each holds exactly three digits, so fewer than three
 *    is a contradiction, and if exactly three can, each of them must go
 *    there: the digit leaves the rest of that row and box, or the rest of
 *    that box in this band and the column in the other bands.
 *  - the same mini-lines: how many digits are forced into each (no other
 *    row, or column, of that box is left for them).  More than three is a
 *    contradiction; if three are, no other digit may use those cells.
 * The last two are tdoku's "triad" clauses (its 3/9 band clause and 6/9
 * box clause); they find the naked and hidden triples that live inside a
 * mini-line, which the band and stack rules miss.  Counts from before an
 * erasure stay valid deductions afterwards (masks only shrink), so all
 * erasures are applied in the same pass.  Returns -1 on a contradiction,
 * else whether anything changed. */
static int e9_line_rules(e9_state *s)
{
    const uint32_t seg_bits = 0x1249249u;       /* mini-row j at bit 3j */
    int changed = 0;
    for (int b = 0; b < 3; b++) {
        uint32_t u = s->unsolved[b];
        if (!u) continue;
        /* Masks only lose bits, so their sum changes whenever any does. */
        uint32_t sig = 0;
        for (int d = 0; d < 9; d++) sig += s->cand[E9_K(d, b)];
        if (sig == s->line_sig[b]) continue;
        s->line_sig[b] = sig;

        uint32_t rows_of[9], cols_of[9], frows_of[9], fcols_of[9];
        uint32_t one = 0;
        uint32_t r1 = 0, r2 = 0, r3 = 0, r4 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0;
        uint32_t g1 = 0, g2 = 0, g3 = 0, g4 = 0, h1 = 0, h2 = 0, h3 = 0, h4 = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t m = s->cand[E9_K(d, b)];
            one |= m;
            uint32_t r = (m | (m >> 1) | (m >> 2)) & seg_bits;
            uint32_t c = (m | (m >> 9) | (m >> 18)) & 0x1ffu;
            /* forced into a mini-row: the other two rows of its box are empty */
            uint32_t fr = r & ~((r << 9) | (r >> 18) | (r << 18) | (r >> 9));
            /* forced into a mini-column: the only column of its box */
            uint32_t a0 = c & 0x49u, a1 = (c >> 1) & 0x49u, a2 = (c >> 2) & 0x49u;
            uint32_t lone = (a0 | a1 | a2) & ~((a0 & a1) | (a0 & a2) | (a1 & a2));
            uint32_t fc = c & (lone * 7u);
            rows_of[d] = r; cols_of[d] = c; frows_of[d] = fr; fcols_of[d] = fc;
            r4 |= r3 & r; r3 |= r2 & r; r2 |= r1 & r; r1 |= r;
            c4 |= c3 & c; c3 |= c2 & c; c2 |= c1 & c; c1 |= c;
            g4 |= g3 & fr; g3 |= g2 & fr; g2 |= g1 & fr; g1 |= fr;
            h4 |= h3 & fc; h3 |= h2 & fc; h2 |= h1 & fc; h1 |= fc;
        }
        if ((u & ~one) | (~r3 & seg_bits) | (~c3 & 0x1ffu) | g4 | h4) return -1;

        /* Mini-lines still holding an unsolved cell: a solved one asserts
         * nothing new. */
        uint32_t open_rows = (u | (u >> 1) | (u >> 2)) & seg_bits;
        uint32_t open_cols = (u | (u >> 9) | (u >> 18)) & 0x1ffu;
        uint32_t reach3_r = r3 & ~r4 & open_rows, reach3_c = c3 & ~c4 & open_cols;
        uint32_t forced3_r = g3 & open_rows, forced3_c = h3 & open_cols;
        /* A line that three digits reach and three are forced into erases
         * nothing (the forced ones are the reaching ones, already confined
         * to it: the band and stack rules are at their fixpoint), so only a
         * line with one count at three and not the other can erase. */
        if ((reach3_r ^ forced3_r) | (reach3_c ^ forced3_c)) {
            for (int d = 0; d < 9; d++) {
                uint32_t *mask = &s->cand[E9_K(d, b)];
                uint32_t erase = ((forced3_r & ~frows_of[d]) * 7u)
                               | ((forced3_c & ~fcols_of[d]) * 0x40201u);
                uint32_t a = rows_of[d] & reach3_r;
                if (a) {
                    uint32_t keep = a * 7u;             /* the asserted mini-rows' cells */
                    uint32_t rows = 0;
                    if (keep & 0x1ffu) rows |= 0x1ffu;
                    if (keep & (0x1ffu << 9)) rows |= 0x1ffu << 9;
                    if (keep & (0x1ffu << 18)) rows |= 0x1ffu << 18;
                    uint32_t boxes = (keep | (keep >> 9) | (keep >> 18)) & 0x1ffu;
                    erase |= (rows | boxes * 0x40201u) & ~keep;
                }
                uint32_t ac = cols_of[d] & reach3_c;
                if (ac) {
                    uint32_t box_cols = 0;
                    if (ac & 0x007u) box_cols |= 0x007u;
                    if (ac & 0x038u) box_cols |= 0x038u;
                    if (ac & 0x1c0u) box_cols |= 0x1c0u;
                    erase |= (box_cols & ~ac) * 0x40201u;
                    uint32_t col = ac * 0x40201u;
                    for (int other = 0; other < 3; other++) {
                        if (other == b) continue;
                        uint32_t *om = &s->cand[E9_K(d, other)];
                        if (*om & col) { *om &= ~col; changed = 1; }
                    }
                }
                if (*mask & erase) { *mask &= ~erase; changed = 1; }
            }
        }

    }
    return changed;
}

/* Where to branch (see e9_branch): each digit's configurations in each
 * band (from its segment set) and stack (from its band x column matrix),
 * by table; minima of (count, index) keys, without branches (which group
 * and digit win is anyone's guess): the first of the fewest, as a loop of
 * strict comparisons would pick. */
static void e9_choose(const e9_state *s, e9_branch *br)
{
    uint8_t count[2][3][9];
    unsigned total[6] = { 0, 0, 0, 0, 0, 0 };
    for (int b = 0; b < 3; b++)
        for (int d = 0; d < 9; d++) {
            total[b] += count[0][b][d] = e9_perm_count[e9_segments(s->cand[E9_K(d, b)])];
            total[3 + b] += count[1][b][d] = e9_perm_count[e9_stack_pattern(s, d, b)];
        }
    unsigned group = ~0u;
    for (unsigned g = 0; g < 6; g++) {
        unsigned key = total[g] > 9 ? total[g] << 3 | g : ~0u;
        group = key < group ? key : group;
    }
    br->digit = -1;
    if (group == ~0u) return;
    br->kind = (int)(group & 7) / 3;
    br->where = (int)(group & 7) % 3;
    unsigned digit = ~0u;
    for (unsigned d = 0; d < 9; d++) {
        unsigned k = count[br->kind][br->where][d], key = k >= 2 ? k << 4 | d : ~0u;
        digit = key < digit ? key : digit;
    }
    br->digit = digit == ~0u ? -1 : (int)(digit & 15);
}

int e9_propagate(e9_state *s, int use_lines, e9_branch *br)
{
    for (;;) {
        if (!e9_band_pass(s)) return 0;
        int singles = e9_naked_singles(s);
        if (singles < 0) return 0;
        if (singles) continue;
        int r = use_lines ? e9_line_rules(s) : 0;
        if (r < 0) return 0;
        if (!r) break;
    }
    if (s->unsolved[0] | s->unsolved[1] | s->unsolved[2]) e9_choose(s, br);
    return 1;
}

/* Writes the digits of a solved state to out[81]. */
void e9_write_solution(const e9_state *s, uint8_t out[81])
{
    for (int d = 0; d < 9; d++) for (int b = 0; b < 3; b++) {
        uint32_t m = s->cand[E9_K(d, b)];
        while (m) {
            int i = __builtin_ctz(m);
            m &= m - 1;
            out[b * 27 + i] = (uint8_t)(d + 1);
        }
    }
}

int e9_digit_masks(const uint8_t puzzle[81], uint32_t *masks)
{
    memset(masks, 0, sizeof(uint32_t) * 40);
    for (int c = 0; c < 81; c++) {
        if (puzzle[c] > 9) return -1;
        if (puzzle[c]) masks[E9_K(puzzle[c] - 1, c / 27)] |= 1u << (c % 27);
    }
    return 0;
}

int e9_start(const uint8_t puzzle[81], e9_state *out)
{
    /* The givens in one sweep, not one placement each: per digit and band
     * the given cells and the row and box cells they rule out, per digit
     * the given columns (9 bits per band, at bit 9 * band). */
    uint32_t given[9][3], peers[9][3], cols[9];
    memset(given, 0, sizeof given);
    memset(peers, 0, sizeof peers);
    memset(cols, 0, sizeof cols);
    const uint8_t *cell = puzzle;
    for (int b = 0; b < 3; b++)
        for (int i = 0; i < 27; i++, cell++) {
            unsigned v = *cell;
            if (!v) continue;
            if (v > 9) return -1;           /* not a 9x9 digit: the kernel does not apply */
            given[v - 1][b] |= 1u << i;
            peers[v - 1][b] |= e9_band_peers[i];
            cols[v - 1] |= 1u << (9 * b + i % 9);
        }

    e9_state *s = out;
    memset(s, 0, sizeof *s);  /* seen = 0: every mask counts as changed */
    uint32_t taken[3] = { 0, 0, 0 };
    for (int d = 0; d < 9; d++)
        for (int b = 0; b < 3; b++) taken[b] |= given[d][b];
    /* Two givens of a digit clash if one lies among the other's row and box
     * peers, or if they share a column (in different bands). */
    int consistent = 1;
    for (int d = 0; d < 9; d++) {
        uint32_t c0 = cols[d] & 0x1ffu, c1 = (cols[d] >> 9) & 0x1ffu, c2 = cols[d] >> 18;
        if ((c0 & c1) | (c0 & c2) | (c1 & c2)) consistent = 0;
        uint32_t band_cols[3] = { c0, c1, c2 };
        for (int b = 0; b < 3; b++) {
            if (given[d][b] & peers[d][b]) consistent = 0;
            uint32_t col_out = ((c0 | c1 | c2) & ~band_cols[b]) * 0x40201u;
            s->cand[E9_K(d, b)] = E9_BAND_ALL & ~peers[d][b] & ~col_out & ~(taken[b] & ~given[d][b]);
        }
    }
    for (int b = 0; b < 3; b++) s->unsolved[b] = E9_BAND_ALL & ~taken[b];
    s->dirty = 0x1ff;
    return consistent;
}

#endif

/*
 * exact9_avx2.c -- the 9x9 kernel's propagation with AVX2: the band and
 * stack rules, placements and naked singles on all nine digits at once in
 * five registers, without tables, to their fixpoint, then the line rules'
 * bit-sliced counts; the start state and the branching counts the same way.
 * The same results as exact9_portable.c, node for node.
 */
#include <string.h>

#include "exact9_kernel.h"

#ifdef E9_SIMD
#include <immintrin.h>

/* A mask for the three bands in each half of a register, 0 in lanes 3 and 7
 * (no band there: whatever derives from a band mask is 0 in them anyway).
 * gcc reads such a constant from its constant pool as a memory operand of
 * the instruction that uses it; one value broadcast to all eight lanes it
 * builds in a register instead (an immediate load and a broadcast), again
 * at every use or, kept in a register, spilled: on serg ~100 instructions
 * a propagation, 4% of all. */
#define E9_SET3(x) _mm256_setr_epi32(x, x, x, 0, x, x, x, 0)

/* Sum of two saturating counters kept as "at least k" bit planes
 * (a[0] = at least one, ..., a[3] = at least four), for two halves of a
 * count that cover different digits. */
static inline void e9_count_add(__m128i out[4], const __m128i a[4], const __m128i b[4])
{
    out[0] = _mm_or_si128(a[0], b[0]);
    out[1] = _mm_or_si128(_mm_or_si128(a[1], b[1]), _mm_and_si128(a[0], b[0]));
    out[2] = _mm_or_si128(_mm_or_si128(a[2], b[2]),
                          _mm_or_si128(_mm_and_si128(a[1], b[0]), _mm_and_si128(a[0], b[1])));
    out[3] = _mm_or_si128(_mm_or_si128(a[3], b[3]),
                          _mm_or_si128(_mm_or_si128(_mm_and_si128(a[2], b[0]), _mm_and_si128(a[1], b[1])),
                                       _mm_and_si128(a[0], b[2])));
}

/* A register's mini-rows (bit 9r+3k: the digit may use row r of box k)
 * and columns (bits 0-8), per lane. */
static inline __m256i e9_mini_rows(__m256i m)
{
    return _mm256_and_si256(_mm256_or_si256(m, _mm256_or_si256(_mm256_srli_epi32(m, 1), _mm256_srli_epi32(m, 2))),
                            E9_SET3(0x1249249));
}

static inline __m256i e9_columns(__m256i m)
{
    return _mm256_and_si256(_mm256_or_si256(m, _mm256_or_si256(_mm256_srli_epi32(m, 9), _mm256_srli_epi32(m, 18))),
                            E9_SET3(0x1ff));
}

/* Where to branch (see e9_branch), from the terms e9_rules leaves: the
 * configurations of every digit in every band and stack, with AVX2 for all
 * lanes (digit, band) at once: a 3x3 matrix holds sum over the entries
 * (r, c) of one row r of m[r][c] times the two products of its 2x2 minor
 * (the terms the band and stack rules compute anyway).  Lane
 * (d, b) takes row 0 of the band's rows x boxes matrix, and row b (band b)
 * of stack b's bands x columns matrix; those terms, one bit each, go to
 * byte 0 (band) and bytes 1-3 (stack) of the lane, and a nibble-table
 * popcount per byte counts them.  Byte sums over the digits give the
 * totals (at most 54 a byte).  The two minima are taken in the registers
 * too (keys count << 4 | index: the first of the fewest). */
static void e9_simd_choose(const uint32_t *terms, e9_branch *br)
{
    const __m256i nibble_pop = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                                0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i low4 = E9_SET3(0x0f0f0f0f);
    __m256i sum = _mm256_setzero_si256(), pops[5];
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) {
        __m256i w = _mm256_load_si256((const __m256i *)&terms[8 * i]);
        __m256i pop = _mm256_add_epi8(_mm256_shuffle_epi8(nibble_pop, _mm256_and_si256(w, low4)),
                                      _mm256_shuffle_epi8(nibble_pop, _mm256_and_si256(_mm256_srli_epi32(w, 4), low4)));
        sum = _mm256_add_epi8(sum, pop);
        pops[i] = pop;
    }
    /* A lane's band count (byte 0) or stack count (bytes 1-3 summed), as
     * 32 bits: byte weights, then pairs of 16-bit sums. */
    const __m256i w_band = E9_SET3(0x00000001), w_stack = E9_SET3(0x01010100);
    const __m256i ones16 = E9_SET3(0x00010001), none = _mm256_set1_epi32(-1);
    const __m128i ones16_128 = _mm256_castsi256_si128(ones16), none128 = _mm256_castsi256_si128(none);
    const __m128i nine128 = _mm_setr_epi32(9, 9, 9, 0);
    __m128i t = _mm_add_epi8(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    __m128i tb = _mm_madd_epi16(_mm_maddubs_epi16(t, _mm256_castsi256_si128(w_band)), ones16_128);
    __m128i ts = _mm_madd_epi16(_mm_maddubs_epi16(t, _mm256_castsi256_si128(w_stack)), ones16_128);
    /* the group: totals above nine (a fixed band or stack has nine; lane 3
     * holds no band and counts 0) */
    __m128i kb = _mm_or_si128(_mm_or_si128(_mm_slli_epi32(tb, 3), _mm_setr_epi32(0, 1, 2, 7)),
                              _mm_andnot_si128(_mm_cmpgt_epi32(tb, nine128), none128));
    __m128i ks = _mm_or_si128(_mm_or_si128(_mm_slli_epi32(ts, 3), _mm_setr_epi32(3, 4, 5, 7)),
                              _mm_andnot_si128(_mm_cmpgt_epi32(ts, nine128), none128));
    __m128i g = _mm_min_epu32(kb, ks);
    g = _mm_min_epu32(g, _mm_shuffle_epi32(g, _MM_SHUFFLE(1, 0, 3, 2)));
    g = _mm_min_epu32(g, _mm_shuffle_epi32(g, _MM_SHUFFLE(2, 3, 0, 1)));
    unsigned group = (unsigned)_mm_cvtsi128_si32(g);
    br->digit = -1;
    if (group == ~0u) return;
    br->kind = (int)(group & 7) / 3;
    br->where = (int)(group & 7) % 3;
    /* the digit: the fewest configurations there, at least two */
    const __m256i w = br->kind ? w_stack : w_band, two = E9_SET3(1);
    const __m256i here = _mm256_cmpeq_epi32(_mm256_setr_epi32(0, 1, 2, 3, 0, 1, 2, 3), _mm256_set1_epi32(br->where));
    __m256i best = none;
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) {
        __m256i k = _mm256_madd_epi16(_mm256_maddubs_epi16(pops[i], w), ones16);
        __m256i key = _mm256_or_si256(_mm256_slli_epi32(k, 4),
                                      _mm256_setr_epi32(2 * i, 2 * i, 2 * i, 2 * i, 2 * i + 1, 2 * i + 1, 2 * i + 1, 2 * i + 1));
        __m256i ok = _mm256_and_si256(here, _mm256_cmpgt_epi32(k, two));
        best = _mm256_min_epu32(best, _mm256_or_si256(key, _mm256_andnot_si256(ok, none)));
    }
    __m128i b = _mm_min_epu32(_mm256_castsi256_si128(best), _mm256_extracti128_si256(best, 1));
    b = _mm_min_epu32(b, _mm_shuffle_epi32(b, _MM_SHUFFLE(1, 0, 3, 2)));
    b = _mm_min_epu32(b, _mm_shuffle_epi32(b, _MM_SHUFFLE(2, 3, 0, 1)));
    unsigned digit = (unsigned)_mm_cvtsi128_si32(b);
    br->digit = digit == ~0u ? -1 : (int)(digit & 15);
}

/* The line rules of e9_line_rules, with AVX2 on all digits and bands at
 * once: v[] as in e9_simd_pass (at its fixpoint, so every cell has a
 * digit), u = the unsolved cells per band (lanes 0-2), done = the state's
 * lines_done (mini-rows asserted at bits 3j and 3j+1 as below, mini-columns
 * at 0-8 and 9-17, lanes 0-2 of each half).  Per lane (digit,
 * band) "rf" holds the reachable mini-rows at bits 9r+3k and the forced ones
 * one bit higher, "cf" the reachable mini-columns at bits 0-8 and the forced
 * ones at 9-17, so one set of saturating counters counts both.  Returns -1
 * on a contradiction, else the registers it erased from (bit i: v[i]).
 * Out of line: it runs once a propagation, and the pass's loop stays small. */
static __attribute__((noinline)) int e9_simd_line_rules(__m256i v[5], __m128i u, uint32_t done[8])
{
    const __m256i seg_bits = E9_SET3(0x1249249), nine = E9_SET3(0x1ff);
    const __m256i k49 = E9_SET3(0x49), row_lsb = E9_SET3(0x40201);
    __m256i rf[5], cf[5];
    __m256i rc[4], cc[4];
    for (int k = 0; k < 4; k++) rc[k] = cc[k] = _mm256_setzero_si256();
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) {
        __m256i r = e9_mini_rows(v[i]), c = e9_columns(v[i]);
        /* forced into a mini-row: the other two rows of its box are empty */
        __m256i other_rows = _mm256_or_si256(
            _mm256_or_si256(_mm256_slli_epi32(r, 9), _mm256_srli_epi32(r, 18)),
            _mm256_or_si256(_mm256_slli_epi32(r, 18), _mm256_srli_epi32(r, 9)));
        __m256i fr = _mm256_andnot_si256(other_rows, r);
        /* forced into a mini-column: the only column of its box */
        __m256i a0 = _mm256_and_si256(c, k49), a1 = _mm256_and_si256(_mm256_srli_epi32(c, 1), k49);
        __m256i a2 = _mm256_and_si256(_mm256_srli_epi32(c, 2), k49);
        __m256i lone = _mm256_andnot_si256(_mm256_and_si256(a0, _mm256_and_si256(a1, a2)),
                                           _mm256_xor_si256(a0, _mm256_xor_si256(a1, a2)));
        __m256i fc = _mm256_and_si256(c, _mm256_or_si256(lone, _mm256_or_si256(
                                             _mm256_slli_epi32(lone, 1), _mm256_slli_epi32(lone, 2))));
        __m256i x = rf[i] = _mm256_or_si256(r, _mm256_slli_epi32(fr, 1));
        __m256i y = cf[i] = _mm256_or_si256(c, _mm256_slli_epi32(fc, 9));
        rc[3] = _mm256_or_si256(rc[3], _mm256_and_si256(rc[2], x));
        rc[2] = _mm256_or_si256(rc[2], _mm256_and_si256(rc[1], x));
        rc[1] = _mm256_or_si256(rc[1], _mm256_and_si256(rc[0], x));
        rc[0] = _mm256_or_si256(rc[0], x);
        cc[3] = _mm256_or_si256(cc[3], _mm256_and_si256(cc[2], y));
        cc[2] = _mm256_or_si256(cc[2], _mm256_and_si256(cc[1], y));
        cc[1] = _mm256_or_si256(cc[1], _mm256_and_si256(cc[0], y));
        cc[0] = _mm256_or_si256(cc[0], y);
    }
    /* the two halves count the even and the odd digits: add them */
    __m128i lo[4], hi[4], rs[4], cs[4];
#pragma GCC unroll 4
    for (int k = 0; k < 4; k++) { lo[k] = _mm256_castsi256_si128(rc[k]); hi[k] = _mm256_extracti128_si256(rc[k], 1); }
    e9_count_add(rs, lo, hi);
#pragma GCC unroll 4
    for (int k = 0; k < 4; k++) { lo[k] = _mm256_castsi256_si128(cc[k]); hi[k] = _mm256_extracti128_si256(cc[k], 1); }
    e9_count_add(cs, lo, hi);
    /* a mini-line that fewer than three digits reach, or that more than
     * three are forced into (lane 3 holds no band) */
    const __m128i seg128 = _mm256_castsi256_si128(seg_bits), nine128 = _mm256_castsi256_si128(nine);
    const __m128i bands = _mm_setr_epi32(-1, -1, -1, 0);
    __m128i bad = _mm_or_si128(_mm_andnot_si128(rs[2], seg128), _mm_andnot_si128(cs[2], nine128));
    bad = _mm_or_si128(bad, _mm_or_si128(_mm_and_si128(rs[3], _mm_slli_epi32(seg128, 1)),
                                         _mm_and_si128(cs[3], _mm_slli_epi32(nine128, 9))));
    bad = _mm_and_si128(bad, bands);
    if (!_mm_testz_si128(bad, bad)) return -1;
    /* Mini-lines still holding an unsolved cell: a solved one asserts
     * nothing new. */
    __m128i open_rows = _mm_and_si128(_mm_or_si128(u, _mm_or_si128(_mm_srli_epi32(u, 1), _mm_srli_epi32(u, 2))), seg128);
    __m128i open_cols = _mm_and_si128(_mm_or_si128(u, _mm_or_si128(_mm_srli_epi32(u, 9), _mm_srli_epi32(u, 18))), nine128);
    __m128i reach3_r = _mm_and_si128(_mm_andnot_si128(rs[3], rs[2]), open_rows);
    __m128i reach3_c = _mm_and_si128(_mm_andnot_si128(cs[3], cs[2]), open_cols);
    __m128i forced3_r = _mm_and_si128(_mm_srli_epi32(rs[2], 1), open_rows);
    __m128i forced3_c = _mm_and_si128(_mm_srli_epi32(cs[2], 9), open_cols);
    /* A line asserted before, in this state or an ancestor, asserts the
     * same again (a count at three stays three or fails: reaching digits
     * only go, forced ones only come), and what it erased stays erased:
     * only new assertions can change anything. */
    __m128i rows = _mm_or_si128(reach3_r, _mm_slli_epi32(forced3_r, 1));
    __m128i cols = _mm_or_si128(reach3_c, _mm_slli_epi32(forced3_c, 9));
    __m128i news_r = _mm_andnot_si128(_mm_load_si128((const __m128i *)&done[0]), rows);
    __m128i news_c = _mm_andnot_si128(_mm_load_si128((const __m128i *)&done[4]), cols);
    __m128i news = _mm_or_si128(news_r, news_c);
    if (_mm_testz_si128(news, news)) return 0;
    _mm_store_si128((__m128i *)&done[0], rows);
    _mm_store_si128((__m128i *)&done[4], cols);
    /* A line that three digits reach and three are forced into erases
     * nothing: the forced digits are the reaching ones, each already
     * confined to the line in its box, and so (the band and stack rules
     * being at their fixpoint) in its row or column.  Only a new line with
     * exactly three reaching or exactly three forced, not both, can erase:
     * without one (most calls) the erasing below is skipped. */
    __m128i lone_r = _mm_xor_si128(reach3_r, forced3_r), lone_c = _mm_xor_si128(reach3_c, forced3_c);
    __m128i live = _mm_or_si128(_mm_and_si128(news_r, _mm_or_si128(lone_r, _mm_slli_epi32(lone_r, 1))),
                                _mm_and_si128(news_c, _mm_or_si128(lone_c, _mm_slli_epi32(lone_c, 9))));
    if (_mm_testz_si128(live, live)) return 0;
    const __m256i rr = _mm256_broadcastsi128_si256(reach3_r), rcol = _mm256_broadcastsi128_si256(reach3_c);
    const __m256i fr3 = _mm256_broadcastsi128_si256(forced3_r), fc3 = _mm256_broadcastsi128_si256(forced3_c);
#define E9_SPREAD3(x) _mm256_or_si256(x, _mm256_or_si256(_mm256_slli_epi32(x, 1), _mm256_slli_epi32(x, 2)))
#define E9_SPREADCOL(x) _mm256_or_si256(x, _mm256_or_si256(_mm256_slli_epi32(x, 9), _mm256_slli_epi32(x, 18)))
    int changed = 0;
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) {
        __m256i r = _mm256_and_si256(rf[i], seg_bits), fr = _mm256_and_si256(_mm256_srli_epi32(rf[i], 1), seg_bits);
        __m256i c = _mm256_and_si256(cf[i], nine), fc = _mm256_srli_epi32(cf[i], 9);
        /* three digits forced into a mini-line: the others leave its cells */
        __m256i x = _mm256_andnot_si256(fr, fr3), y = _mm256_andnot_si256(fc, fc3);
        __m256i erase = _mm256_or_si256(E9_SPREAD3(x), E9_SPREADCOL(y));
        /* only three digits reach a mini-row: the digit leaves the rest of
         * that row and box */
        __m256i a = _mm256_and_si256(r, rr);
        __m256i keep = E9_SPREAD3(a);
        __m256i rows = _mm256_and_si256(_mm256_or_si256(a, _mm256_or_si256(
                           _mm256_srli_epi32(a, 3), _mm256_srli_epi32(a, 6))), row_lsb);
        rows = _mm256_mullo_epi32(rows, nine);
        __m256i boxes = _mm256_and_si256(_mm256_or_si256(a, _mm256_or_si256(
                            _mm256_srli_epi32(a, 9), _mm256_srli_epi32(a, 18))), k49);
        boxes = E9_SPREADCOL(E9_SPREAD3(boxes));
        erase = _mm256_or_si256(erase, _mm256_andnot_si256(keep, _mm256_or_si256(rows, boxes)));
        /* ... or a mini-column: the rest of that box in this band, and the
         * column in the other two bands */
        __m256i ac = _mm256_and_si256(c, rcol);
        __m256i box_cols = _mm256_and_si256(_mm256_or_si256(ac, _mm256_or_si256(
                               _mm256_srli_epi32(ac, 1), _mm256_srli_epi32(ac, 2))), k49);
        box_cols = E9_SPREAD3(box_cols);
        erase = _mm256_or_si256(erase, E9_SPREADCOL(_mm256_andnot_si256(ac, box_cols)));
        __m256i col = E9_SPREADCOL(ac);
        erase = _mm256_or_si256(erase, _mm256_or_si256(_mm256_shuffle_epi32(col, _MM_SHUFFLE(3, 0, 2, 1)),
                                                       _mm256_shuffle_epi32(col, _MM_SHUFFLE(3, 1, 0, 2))));
        __m256i m = _mm256_andnot_si256(erase, v[i]);
        __m256i dx = _mm256_xor_si256(m, v[i]);
        changed |= !_mm256_testz_si256(dx, dx) << i;
        v[i] = m;
    }
#undef E9_SPREAD3
#undef E9_SPREADCOL
    return changed;
}

/* The band and stack rules, placements and naked singles with AVX2, on all
 * digits at once, without tables.  Register i holds digits 2i and 2i+1,
 * one per 128-bit half, as (band 0, band 1, band 2, 0); the fifth holds
 * digit 8 and an empty tenth digit.
 *
 * Both rules ask which entries of a 3x3 0/1 matrix lie on a permutation
 * inside it (band rule: rows x boxes of the digit's mini-rows; stack rule:
 * bands x columns of a stack).  Entry (r, c) does iff it is set and the 2x2
 * minor without row r and column c holds a permutation:
 *     m[r+1][c+1] & m[r+2][c+2]  |  m[r+1][c+2] & m[r+2][c+1]   (mod 3)
 * which is a few shifts (rows and boxes inside a band mask, columns inside
 * a stack) or lane shuffles (bands) for the whole matrix, and so for all
 * nine digits in five registers.  Placements need no special step: a row
 * of a band mask with one bit keeps the digit's other rows out of its box
 * (band rule) and its column out of the other bands (stack rule); only the
 * cell must be taken from the other digits, by OR-ing the placements of
 * all digits per band.  A naked single (cell with one digit) becomes such a
 * placement by clearing the digit from the rest of the cell's row and box.
 * Everything runs to a fixpoint; unsolved[] is then the cells with two or
 * more digits left.  Returns 0 on a contradiction.
 *
 * The two rules look at one register's digits only, and neither changes a
 * mask it already left unchanged, so they run only on the registers that
 * changed since they last ran without effect ("dirty"): at a node, the
 * register of the digit the branch restricted (s->dirty), later the ones an
 * erasure or the band rule touched.  Each rule alone is idempotent (its
 * output's configurations are its input's), so a register that only the
 * stack rule changed is at the fixpoint of both: it stays clean (6% fewer
 * instructions on serg).  The rest of a pass (placements, naked singles,
 * the erasures across digits) runs on all five.  About half the rule work
 * of a node goes, and the fixpoint is the same. */
/* The band and stack rules on the registers in dirty (bit i: v[i]), in
 * place; returns the lanes left empty (a contradiction if any).  A loop of
 * its own, ahead of the placements: measured ~1% faster than one loop.
 * The terms of the two rules' 2x2 minors that lie on row 0 of a band's
 * matrix, or on row b of stack b's, go to terms[8 i..] as e9_simd_choose
 * counts them: when a propagation ends, the rules have last run on every
 * register it changed without changing it, so on its final masks (and a
 * register it did not change keeps its terms from the state before; the
 * stack rule's terms from its input equal those from its output).  *again
 * gets bit i if the band rule erased from v[i]. */
typedef struct e9_rule_consts {
    __m256i seg_bits, all27, box01, box2, box0, box12, col01, col2, col0, col12, nine;
    __m256i low8, bit8, box_cells;      /* (for e9_simd_pass) */
} e9_rule_consts;

/* The masks e9_rules and e9_simd_pass use (see E9_SET3). */
static inline __attribute__((always_inline)) e9_rule_consts e9_rule_consts_make(void)
{
    e9_rule_consts k = {
        E9_SET3(0x1249249), E9_SET3(0x7ffffff),     /* mini-row (r, box c) at bit 9r+3c */
        E9_SET3(0x241209), E9_SET3(0x1008040),
        E9_SET3(0x40201), E9_SET3(0x1209048),
        E9_SET3(0xdb), E9_SET3(0x124),
        E9_SET3(0x49), E9_SET3(0x1b6), E9_SET3(0x1ff),
        E9_SET3(0x3fdfeff), E9_SET3(0x4020100), E9_SET3(0x1c0e07),
    };
    return k;
}

static inline __attribute__((always_inline)) __m256i e9_rules(__m256i v[5], unsigned dirty, uint32_t *terms,
                                                               unsigned *again, const e9_rule_consts *k)
{
    const __m256i seg_bits = k->seg_bits, all27 = k->all27;
    const __m256i box01 = k->box01, box2 = k->box2, box0 = k->box0, box12 = k->box12;
    const __m256i col01 = k->col01, col2 = k->col2, col0 = k->col0, col12 = k->col12;
    const __m256i nine = k->nine, zero = _mm256_setzero_si256();
    const __m256i row0 = k->col0;
    const __m256i own_stack = _mm256_setr_epi32(0x7, 0x38, 0x1c0, 0, 0x7, 0x38, 0x1c0, 0);
    /* Lanes that hold a real band mask: an empty one there is a contradiction. */
    const __m256i real = _mm256_setr_epi32(-1, -1, -1, 0, -1, -1, -1, 0);
    const __m256i real_last = _mm256_setr_epi32(-1, -1, -1, 0, 0, 0, 0, 0);
    __m256i empty = zero;
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) {
        __m256i m = v[i];
        if (dirty & (1u << i)) {
            /* stack rule: c = the band's columns */
            __m256i c = _mm256_and_si256(_mm256_or_si256(m, _mm256_or_si256(
                            _mm256_srli_epi32(m, 9), _mm256_srli_epi32(m, 18))), nine);
#define E9_C1(x) _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(x, 1), col01), \
                                 _mm256_and_si256(_mm256_slli_epi32(x, 2), col2))
#define E9_C2(x) _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(x, 2), col0), \
                                 _mm256_and_si256(_mm256_slli_epi32(x, 1), col12))
            /* the next two bands' columns, each rotated inside its stack by
             * one and by two (rotating first, then moving lanes: two
             * rotations instead of four) */
            __m256i c1 = E9_C1(c), c2 = E9_C2(c);
#define E9_NEXT(x) _mm256_shuffle_epi32(x, _MM_SHUFFLE(3, 0, 2, 1))
#define E9_AFTER(x) _mm256_shuffle_epi32(x, _MM_SHUFFLE(3, 1, 0, 2))
            __m256i t1 = _mm256_and_si256(E9_NEXT(c1), E9_AFTER(c2)), t2 = _mm256_and_si256(E9_NEXT(c2), E9_AFTER(c1));
#undef E9_NEXT
#undef E9_AFTER
            __m256i ok = _mm256_and_si256(c, _mm256_or_si256(t1, t2));
            __m256i own = _mm256_and_si256(c, own_stack);
            __m256i w = _mm256_or_si256(_mm256_slli_epi32(_mm256_and_si256(own, t1), 8),
                                        _mm256_slli_epi32(_mm256_and_si256(own, t2), 17));
            /* (spreading by shifts: a multiply here measured 1% slower) */
            m = _mm256_and_si256(m, _mm256_or_si256(ok, _mm256_or_si256(_mm256_slli_epi32(ok, 9), _mm256_slli_epi32(ok, 18))));
            /* band rule: g = the mini-rows; a, b = those of the next two rows */
            __m256i g = _mm256_and_si256(_mm256_or_si256(m, _mm256_or_si256(
                            _mm256_srli_epi32(m, 1), _mm256_srli_epi32(m, 2))), seg_bits);
            __m256i a = _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi32(g, 9), _mm256_slli_epi32(g, 18)), all27);
            __m256i b = _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi32(g, 18), _mm256_slli_epi32(g, 9)), all27);
#define E9_B1(x) _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(x, 3), box01), \
                                 _mm256_and_si256(_mm256_slli_epi32(x, 6), box2))
#define E9_B2(x) _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(x, 6), box0), \
                                 _mm256_and_si256(_mm256_slli_epi32(x, 3), box12))
            t1 = _mm256_and_si256(E9_B1(a), E9_B2(b));
            t2 = _mm256_and_si256(E9_B2(a), E9_B1(b));
            ok = _mm256_and_si256(g, _mm256_or_si256(t1, t2));
            __m256i kept = _mm256_sub_epi32(_mm256_slli_epi32(ok, 3), ok);
            *again |= !_mm256_testc_si256(kept, m) << i;
            m = _mm256_and_si256(m, kept);
            own = _mm256_and_si256(g, row0);
            w = _mm256_or_si256(w, _mm256_or_si256(_mm256_and_si256(own, t1),
                                                   _mm256_slli_epi32(_mm256_and_si256(own, t2), 1)));
            _mm256_store_si256((__m256i *)&terms[8 * i], w);
            empty = _mm256_or_si256(empty, _mm256_and_si256(_mm256_cmpeq_epi32(m, zero),
                                                             i < 4 ? real : real_last));
        }
        v[i] = m;
    }
    return empty;
}
#undef E9_C1
#undef E9_C2
#undef E9_B1
#undef E9_B2

/* gcc's partial redundancy elimination (-O3's -ftree-partial-pre) makes
 * this loop 5% faster on serg (thread CPU, gcc 12, alternating runs); not
 * a flag of the build, so asked for here. */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("tree-partial-pre")))
#endif
static int e9_simd_pass(e9_state *s, int use_lines, e9_branch *br)
{
    const e9_rule_consts rk = e9_rule_consts_make();
    const __m256i seg_bits = rk.seg_bits, all27 = rk.all27;   /* mini-row (r, box c) at bit 9r+3c */
    const __m256i nine = rk.nine, row_lsb = rk.box0;
    const __m256i low8 = rk.low8, bit8 = rk.bit8;
    const __m256i zero = _mm256_setzero_si256();
    __m256i v[5];
    for (int i = 0; i < 5; i++) v[i] = _mm256_load_si256((const __m256i *)&s->cand[8 * i]);
    __m128i one, two;
    unsigned dirty = 0;     /* bit i: run the rules on register i */
    /* The placements and naked singles whose erasures are done: the solved
     * cells (at a fixpoint every naked single is placed; at the start the
     * givens' erasures are done by e9_start). */
    __m128i taken_done = _mm_andnot_si128(_mm_setr_epi32((int)s->unsolved[0], (int)s->unsolved[1], (int)s->unsolved[2], 0),
                                          _mm_setr_epi32(E9_BAND_ALL, E9_BAND_ALL, E9_BAND_ALL, 0));
    __m128i single_done = taken_done;
    unsigned pair = s->dirty | (s->dirty >> 1);     /* bit 2i: digit 2i or 2i + 1 */
    dirty = (pair & 1) | (pair >> 1 & 2) | (pair >> 2 & 4) | (pair >> 3 & 8) | (pair >> 4 & 16);
    for (;;) {
        __m256i placed[5];
        /* (unrolled, here and below: the five registers are independent,
         * which hides the latency of each one's long dependency chain) */
        unsigned again = 0;
        __m256i empty = e9_rules(v, dirty, s->terms, &again, &rk);
#pragma GCC unroll 5
        for (int i = 0; i < 5; i++) {
            __m256i m = v[i];
            /* Rows with one bit: every row is non-empty now, so subtracting
             * one per row borrows only inside the row; m & (m - 1) is 0 in a
             * row exactly when it has one bit. */
            __m256i t = _mm256_and_si256(m, _mm256_sub_epi32(m, row_lsb));
            /* bit 8 of each row of t if the row is not empty: its low eight
             * bits plus 0xff carry into bit 8 */
            __m256i nz = _mm256_and_si256(_mm256_or_si256(_mm256_add_epi32(_mm256_and_si256(t, low8), low8), t), bit8);
            /* whole rows from bit 8: bit 9 minus bit 0 */
            placed[i] = _mm256_andnot_si256(_mm256_sub_epi32(_mm256_slli_epi32(nz, 1), _mm256_srli_epi32(nz, 8)), m);
            v[i] = m;
        }
        if (!_mm256_testz_si256(empty, empty)) return 0;
        /* Per band, over all digits: cells with at least one digit, with at
         * least two, and cells some digit is placed on. */
        __m256i o = v[0], w = zero, p = placed[0], pw = zero;
#pragma GCC unroll 4
        for (int i = 1; i < 5; i++) {
            w = _mm256_or_si256(w, _mm256_and_si256(o, v[i]));
            o = _mm256_or_si256(o, v[i]);
            pw = _mm256_or_si256(pw, _mm256_and_si256(p, placed[i]));
            p = _mm256_or_si256(p, placed[i]);
        }
        __m128i o_lo = _mm256_castsi256_si128(o), o_hi = _mm256_extracti128_si256(o, 1);
        __m128i w_lo = _mm256_castsi256_si128(w), w_hi = _mm256_extracti128_si256(w, 1);
        one = _mm_or_si128(o_lo, o_hi);
        two = _mm_or_si128(_mm_or_si128(w_lo, w_hi), _mm_and_si128(o_lo, o_hi));
        __m128i p_lo = _mm256_castsi256_si128(p), p_hi = _mm256_extracti128_si256(p, 1);
        __m128i p128 = _mm_or_si128(p_lo, p_hi);
        __m128i p_two = _mm_or_si128(_mm_or_si128(_mm256_castsi256_si128(pw), _mm256_extracti128_si256(pw, 1)),
                                     _mm_and_si128(p_lo, p_hi));
        /* a cell with no digit left, or placed twice */
        __m128i full = _mm_cmpeq_epi32(one, _mm256_castsi256_si128(all27));
        if ((_mm_movemask_ps(_mm_castsi128_ps(full)) & 7) != 7 || !_mm_testz_si128(p_two, p_two))
            return 0;
        __m128i single128 = _mm_andnot_si128(two, one);
        __m128i new_singles = _mm_andnot_si128(_mm_or_si128(p128, single_done), single128);
        __m128i news = _mm_or_si128(new_singles, _mm_xor_si128(p128, taken_done));
        /* Erase only if a placement or a naked single is new since the last
         * erasure: the old ones' erasures are done (and a new placement on
         * a taken cell would be a clash, caught above). */
        if (!_mm_testz_si128(news, news)) {
            single_done = single128;
            /* (a naked single erased now is a placement from the next pass
             * on, with nothing left to take from the other digits) */
            taken_done = _mm_or_si128(p128, single128);
            __m256i taken = _mm256_broadcastsi128_si256(p128);
            if (_mm_testz_si128(new_singles, new_singles)) {
                /* only new placements: their cells leave the other digits */
#pragma GCC unroll 5
                for (int i = 0; i < 5; i++) {
                    __m256i erase = _mm256_andnot_si256(placed[i], taken);
                    again |= !_mm256_testz_si256(erase, v[i]) << i;     /* (a register the erasure changes) */
                    v[i] = _mm256_andnot_si256(erase, v[i]);
                }
            } else {
                __m256i single = _mm256_broadcastsi128_si256(single128);
#pragma GCC unroll 5
                for (int i = 0; i < 5; i++) {
                    __m256i m = v[i];
                    /* naked singles of this digit, cleared from the rest of
                     * their row and box; its placements, cleared from the
                     * other digits */
                    __m256i ns = _mm256_andnot_si256(placed[i], _mm256_and_si256(single, m));
                    __m256i out = taken;
                    /* (a test, not branch-free: on serg 1.46 registers of
                     * 5 hold a new single, and skipping the other ones' row
                     * and box spreading measured 5% fewer instructions, 2%
                     * faster) */
                    if (!_mm256_testz_si256(ns, ns)) {
                        __m256i ns_g = _mm256_and_si256(_mm256_or_si256(ns, _mm256_or_si256(
                                           _mm256_srli_epi32(ns, 1), _mm256_srli_epi32(ns, 2))), seg_bits);
                        __m256i ns_rows = _mm256_or_si256(ns_g, _mm256_or_si256(_mm256_srli_epi32(ns_g, 3),
                                                                                _mm256_srli_epi32(ns_g, 6)));
                        ns_rows = _mm256_mullo_epi32(_mm256_and_si256(ns_rows, row_lsb), nine);
                        __m256i ns_boxes = _mm256_and_si256(_mm256_or_si256(ns_g, _mm256_or_si256(
                                               _mm256_srli_epi32(ns_g, 9), _mm256_srli_epi32(ns_g, 18))),
                                               rk.col0);
                        ns_boxes = _mm256_mullo_epi32(ns_boxes, rk.box_cells);
                        out = _mm256_or_si256(out, _mm256_or_si256(ns_rows, ns_boxes));
                    }
                    __m256i own = _mm256_or_si256(placed[i], ns);
                    __m256i erase = _mm256_andnot_si256(own, out);
                    again |= !_mm256_testz_si256(erase, m) << i;
                    v[i] = _mm256_andnot_si256(erase, m);
                }
            }
        }
        /* (without news, only the band rule changed what needs the rules again) */
        dirty = again;
        if (dirty) continue;
        /* Fixpoint of the rules above: now the line rules (see
         * e9_line_rules for what they deduce), on all bands and digits at
         * once; if they erase anything, back to the top.  A solved grid
         * (every cell placed, no clash) has nothing left for them. */
        int lines = use_lines && !_mm_testz_si128(two, two) ? e9_simd_line_rules(v, two, s->lines_done) : 0;
        if (lines < 0) return 0;
        if (!lines) break;
        dirty = (unsigned)lines;
    }
    s->dirty = 0;
    for (int i = 0; i < 5; i++) _mm256_store_si256((__m256i *)&s->cand[8 * i], v[i]);
    uint32_t u[4];
    _mm_storeu_si128((__m128i *)u, two);
    s->unsolved[0] = u[0];
    s->unsolved[1] = u[1];
    s->unsolved[2] = u[2];
    if (!_mm_testz_si128(two, two)) e9_simd_choose(s->terms, br);
    return 1;
}

int e9_propagate(e9_state *s, int use_lines, e9_branch *br)
{
    return e9_simd_pass(s, use_lines, br);
}

/* Per band, each digit's 27-bit mask spread to one byte a cell (a byte
 * shuffle copies mask byte k / 8 to byte k, a compare tests its bit k % 8)
 * and OR-ed in as the digit; the bands' 32-byte stores overlap, each
 * overwriting the empty tail of the one before. */
void e9_write_solution(const e9_state *s, uint8_t out[81])
{
    const __m256i which_byte = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1,
                                                2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3);
    const __m256i which_bit = _mm256_set1_epi64x((long long)0x8040201008040201ull);
    uint8_t buf[27 * 2 + 32];
    for (int b = 0; b < 3; b++) {
        __m256i acc = _mm256_setzero_si256();
#pragma GCC unroll 9
        for (int d = 0; d < 9; d++) {
            __m256i x = _mm256_shuffle_epi8(_mm256_set1_epi32((int)s->cand[E9_K(d, b)]), which_byte);
            __m256i is = _mm256_cmpeq_epi8(_mm256_and_si256(x, which_bit), which_bit);
            acc = _mm256_or_si256(acc, _mm256_and_si256(is, _mm256_set1_epi8((char)(d + 1))));
        }
        _mm256_storeu_si256((__m256i *)&buf[27 * b], acc);
    }
    memcpy(out, buf, 81);
}

/* masks[E9_K(d, b)] = the cells of band b holding digit d + 1 (the other
 * words 0), by one byte compare per digit and band.  -1 if a cell holds
 * more than 9. */
int e9_digit_masks(const uint8_t puzzle[81], uint32_t *masks)
{
    /* Bands 0 and 1 from their first cell; band 2 from cell 49, so the load
     * ends at cell 80 (its mask shifted down by the 5 cells of band 1). */
    __m256i band[3], over;
    const __m256i nine = _mm256_set1_epi8(9), zero = _mm256_setzero_si256();
    band[0] = _mm256_loadu_si256((const __m256i *)puzzle);
    band[1] = _mm256_loadu_si256((const __m256i *)(puzzle + 27));
    band[2] = _mm256_loadu_si256((const __m256i *)(puzzle + 49));
    over = _mm256_or_si256(_mm256_max_epu8(band[0], nine), _mm256_max_epu8(band[1], nine));
    over = _mm256_or_si256(over, _mm256_max_epu8(band[2], nine));
    if (!_mm256_testz_si256(_mm256_xor_si256(over, nine), _mm256_xor_si256(over, nine))) return -1;
    for (int i = 0; i < 5; i++) _mm256_store_si256((__m256i *)&masks[8 * i], zero);
#pragma GCC unroll 9
    for (int d = 0; d < 9; d++) {
        __m256i digit = _mm256_set1_epi8((char)(d + 1));
        masks[E9_K(d, 0)] = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(band[0], digit)) & E9_BAND_ALL;
        masks[E9_K(d, 1)] = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(band[1], digit)) & E9_BAND_ALL;
        masks[E9_K(d, 2)] = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(band[2], digit)) >> 5;
    }
    return 0;
}

/* With AVX2, for all digits and bands at once, in the registers of
 * e9_simd_pass: from the given cells m of a digit in a band, the rows and
 * boxes they occupy (ruled out for the digit but for the givens), the
 * columns the digit's givens hold in the other two bands (ruled out), and
 * the cells any digit's given takes (ruled out for the other digits).
 * Givens clash if a row or box of a band holds two of a digit, or a column
 * does (inside a band, or across two). */
int e9_start(const uint8_t puzzle[81], e9_state *out)
{
    _Alignas(32) uint32_t given[40];
    if (e9_digit_masks(puzzle, given) < 0) return -1;
    const __m256i zero = _mm256_setzero_si256(), nine = E9_SET3(0x1ff);
    const __m256i spread = E9_SET3(0x40201);
    const __m256i real = _mm256_setr_epi32(0x7ffffff, 0x7ffffff, 0x7ffffff, 0, 0x7ffffff, 0x7ffffff, 0x7ffffff, 0);
    const __m256i real_last = _mm256_setr_epi32(0x7ffffff, 0x7ffffff, 0x7ffffff, 0, 0, 0, 0, 0);
    __m256i v[5], taken = zero, clash = zero;
    for (int i = 0; i < 5; i++) {
        v[i] = _mm256_load_si256((const __m256i *)&given[8 * i]);
        taken = _mm256_or_si256(taken, v[i]);
    }
    taken = _mm256_or_si256(taken, _mm256_permute2x128_si256(taken, taken, 0x01));   /* per band, both halves */
    __m256i cand[5];
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) {
        __m256i m = v[i], lines = zero;
#pragma GCC unroll 3
        for (int k = 0; k < 3; k++) {
            /* row k of the band, and box k */
            __m256i row = E9_SET3((int)(0x1ffu << (9 * k)));
            __m256i box = E9_SET3((int)(0x1c0e07u << (3 * k)));
            __m256i r = _mm256_and_si256(m, row), x = _mm256_and_si256(m, box);
            lines = _mm256_or_si256(lines, _mm256_andnot_si256(_mm256_cmpeq_epi32(r, zero), row));
            lines = _mm256_or_si256(lines, _mm256_andnot_si256(_mm256_cmpeq_epi32(x, zero), box));
            clash = _mm256_or_si256(clash, _mm256_and_si256(r, _mm256_sub_epi32(r, E9_SET3(1))));
            clash = _mm256_or_si256(clash, _mm256_and_si256(x, _mm256_sub_epi32(x, E9_SET3(1))));
        }
        __m256i r0 = _mm256_and_si256(m, nine), r1 = _mm256_and_si256(_mm256_srli_epi32(m, 9), nine);
        __m256i r2 = _mm256_srli_epi32(m, 18);
        clash = _mm256_or_si256(clash, _mm256_or_si256(_mm256_and_si256(r0, r1),
                                _mm256_and_si256(r2, _mm256_or_si256(r0, r1))));
        __m256i c = _mm256_or_si256(r0, _mm256_or_si256(r1, r2));
        __m256i a = _mm256_shuffle_epi32(c, _MM_SHUFFLE(3, 0, 2, 1));
        __m256i b = _mm256_shuffle_epi32(c, _MM_SHUFFLE(3, 1, 0, 2));
        clash = _mm256_or_si256(clash, _mm256_and_si256(c, a));
        __m256i col_out = _mm256_mullo_epi32(_mm256_or_si256(a, b), spread);
        /* ruled out: the lines' other cells, the columns, other digits' givens */
        __m256i out_cells = _mm256_or_si256(_mm256_andnot_si256(m, _mm256_or_si256(lines, taken)), col_out);
        cand[i] = _mm256_andnot_si256(out_cells, i < 4 ? real : real_last);
    }
    for (int i = 0; i < 5; i++) _mm256_store_si256((__m256i *)&out->cand[8 * i], cand[i]);
    uint32_t t[8];
    _mm256_storeu_si256((__m256i *)t, taken);
    for (int b = 0; b < 3; b++) out->unsolved[b] = E9_BAND_ALL & ~t[b];
    out->dirty = 0x1ff;
    memset(out->lines_done, 0, sizeof out->lines_done);
    return _mm256_testz_si256(clash, clash);
}

#endif

#!/usr/bin/env python3
# tests/pixcheck.py PNG PUZZLE BOX_ROWS BOX_COLS [SOLVED]
# Looks at a rendered puzzle as a person would: finds the grid lines from
# the pixels (rows and columns of long dark runs), checks there are n+1 of
# each, evenly spaced, thicker at box borders, then that exactly the cells
# holding givens have black ink and, with SOLVED=1, every other cell blue
# ink (without it, none).  Reads 8-bit non-interlaced PNG with Python's
# zlib alone.  Prints "pixcheck: ok" or the failures; exit 1 on failure.
import struct, sys, zlib

def read_png(path):
    data = open(path, 'rb').read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
    pos, idat, width = 8, b'', 0
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b'IHDR':
            width, height, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
            assert depth == 8 and interlace == 0, 'only 8-bit non-interlaced PNG'
            bpp = {0: 1, 2: 3, 4: 2, 6: 4}[ctype]
        elif kind == b'IDAT':
            idat += body
        pos += 12 + length
    raw, stride = zlib.decompress(idat), width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    # every pixel as (r, g, b) over a white background
    img = []
    for line in rows:
        out = []
        for x in range(width):
            px = line[x * bpp:(x + 1) * bpp]
            if ctype in (0, 4): r = g = bl = px[0]
            else: r, g, bl = px[0], px[1], px[2]
            al = px[-1] if ctype in (4, 6) else 255
            out.append(tuple((v * al + 255 * (255 - al)) // 255 for v in (r, g, bl)))
        img.append(out)
    return img, width, height

def dark(p): return p[0] < 110 and p[1] < 110 and p[2] < 110
def line_ink(p): return max(p) < 190 and max(p) - min(p) < 40
def blue(p): return p[2] > 140 and p[0] < 110 and p[2] - p[0] > 60

def lines(runs, limit):
    """Groups consecutive indices whose longest dark run >= limit: (centre, thickness)."""
    out, start = [], None
    for i, r in enumerate(runs + [0]):
        if r >= limit and start is None: start = i
        if r < limit and start is not None:
            out.append(((start + i - 1) / 2, i - start)); start = None
    return out

def longest(seq):
    best = cur = 0
    for d in seq:
        cur = cur + 1 if d else 0
        best = max(best, cur)
    return best

def main():
    path, puzzle, br, bc = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    solved = len(sys.argv) > 5 and sys.argv[5] == '1'
    n = br * bc
    img, w, h = read_png(path)
    D = [[line_ink(p) for p in row] for row in img]
    hrun = [longest(row) for row in D]
    vrun = [longest(D[y][x] for y in range(h)) for x in range(w)]
    fails = []
    hl, vl = lines(hrun, max(hrun) * 0.6), lines(vrun, max(vrun) * 0.6)
    # a line's weight: its ink summed across it (a thick line has more)
    def weight(horizontal, centre, span):
        total = 0.0
        for d in range(-4, 5):
            k = int(round(centre)) + d
            if not 0 <= k < (h if horizontal else w): continue
            px = [img[k][x] for x in span] if horizontal else [img[y][k] for y in span]
            total += sum(255 - sum(p) / 3 for p in px) / len(px) / 255
        return total
    for name, ls, other, box in (('horizontal', hl, vl, br), ('vertical', vl, hl, bc)):
        if len(ls) != n + 1:
            fails.append('%d %s grid lines, expected %d' % (len(ls), name, n + 1)); continue
        gaps = [ls[i + 1][0] - ls[i][0] for i in range(n)]
        if max(gaps) - min(gaps) > 2:
            fails.append('%s lines unevenly spaced: %s' % (name, gaps))
        if len(other) != n + 1: continue
        # along the line, away from the crossing lines: the middles of the cells
        span = [int((other[i][0] + other[i + 1][0]) / 2) for i in range(n)]
        wts = [weight(name == 'horizontal', c, span) for c, t in ls]
        thick = [x for i, x in enumerate(wts) if i % box == 0]
        thin = [x for i, x in enumerate(wts) if i % box != 0]
        if thin and min(thick) <= 1.5 * max(thin):
            fails.append('%s box borders not thicker: %s' % (name, ['%.2f' % x for x in wts]))
    if fails:
        print('\n'.join('pixcheck: ' + f for f in fails)); return 1
    for r in range(n):
        for c in range(n):
            y0, y1 = hl[r][0], hl[r + 1][0]
            x0, x1 = vl[c][0], vl[c + 1][0]
            iy0, iy1 = int(y0 + (y1 - y0) * 0.2), int(y1 - (y1 - y0) * 0.2)
            ix0, ix1 = int(x0 + (x1 - x0) * 0.2), int(x1 - (x1 - x0) * 0.2)
            px = [img[y][x] for y in range(iy0, iy1 + 1) for x in range(ix0, ix1 + 1)]
            ink, bl = sum(map(dark, px)), sum(map(blue, px))
            given = puzzle[r * n + c] not in '.0'
            if given and ink < 3:
                fails.append('r%dc%d: a given without black ink' % (r + 1, c + 1))
            if not given and ink > 0:
                fails.append('r%dc%d: black ink in a blank cell' % (r + 1, c + 1))
            if not given and solved and bl < 3:
                fails.append('r%dc%d: no blue solution digit' % (r + 1, c + 1))
            if not given and not solved and bl > 0:
                fails.append('r%dc%d: blue ink in a blank cell' % (r + 1, c + 1))
    if fails:
        print('\n'.join('pixcheck: ' + f for f in fails[:10])); return 1
    print('pixcheck: ok (%dx%d grid, %d lines each way)' % (n, n, n + 1))
    return 0

if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# tests/pixkiller.py SVG PNG LINE: a killer's picture as a person would look
# at it.  LINE is the puzzle's line ("killer CELLS CAGES SUMS", no givens,
# drawn by `check --format svg` at its own size: 40-unit cells, a 20-unit
# margin).  The SVG's texts hold the sums in the cages' order; in the PNG,
# each cell side on a cage's edge has a dashed line just inside it (ink and
# gaps along it), no other side has one, each cage's first cell has its
# sum's ink in its top-left corner and no other cell has ink there.
# Prints "pixkiller: ok" or the failures; exit 1 on failure.
import re, sys
sys.path.insert(0, sys.path[0])
from pixcheck import read_png, line_ink

def main():
    svg, png, line = sys.argv[1], sys.argv[2], sys.argv[3].split()
    labels, sums = line[-2], line[-1].split(',')
    n = int(round(len(labels) ** 0.5))
    fails = []
    texts = re.findall(r'<text[^>]*>([^<]*)</text>', open(svg).read())
    if [t for t in texts if t.isdigit()][:len(sums)] != sums:
        fails.append('the sums in the SVG are %s, not %s' % (texts[:len(sums) + 2], sums))
    img, w, h = read_png(png)
    cage = [-1] * (n * n); k = 0
    for i in range(n * n):
        if labels[i] == '.' or cage[i] >= 0: continue
        st = [i]; cage[i] = k
        while st:
            x = st.pop(); r, c = divmod(x, n)
            for y in ([x - n] if r else []) + ([x + n] if r < n - 1 else []) + ([x - 1] if c else []) + ([x + 1] if c < n - 1 else []):
                if cage[y] < 0 and labels[y] == labels[i]: cage[y] = k; st.append(y)
        k += 1
    first = {cage.index(j) for j in range(k)}
    cs, m, inset = 40.0, 20.0, 40 * 0.09
    def frac(points, across):
        # a point is ink when a pixel of the three across the line is
        ink = 0
        for x, y in points:
            px = [img[int(y) + d * across[1]][int(x) + d * across[0]] for d in (-1, 0, 1)]
            ink += any(line_ink(p) for p in px)
        return ink / float(len(points))
    for i in range(n * n):
        r, c = divmod(i, n)
        left, top = m + c * cs, m + r * cs
        sides = {'top': (r - 1, c), 'bottom': (r + 1, c), 'left': (r, c - 1), 'right': (r, c + 1)}
        for side, (rr, cc) in sides.items():
            edge = not (0 <= rr < n and 0 <= cc < n) or cage[rr * n + cc] != cage[i]
            lo, hi = (20, 32) if i in first and side in ('top', 'left') else (8, 32)
            if side in ('top', 'bottom'):
                y = top + inset if side == 'top' else top + cs - inset
                pts, across = [(left + t * 0.5, y) for t in range(2 * lo, 2 * hi)], (0, 1)
            else:
                x = left + inset if side == 'left' else left + cs - inset
                pts, across = [(x, top + t * 0.5) for t in range(2 * lo, 2 * hi)], (1, 0)
            f = frac(pts, across)
            if edge and not 0.2 <= f <= 0.9:
                fails.append('r%dc%d %s: a cage edge, but %.0f%% of the dashed line is ink' % (r + 1, c + 1, side, 100 * f))
            if not edge and f > 0.05:
                fails.append('r%dc%d %s: inside a cage, but %.0f%% ink where a line would be' % (r + 1, c + 1, side, 100 * f))
        corner = [(left + x, top + y) for x in range(6, 17) for y in range(6, 13)]
        ink = sum(1 for x, y in corner if line_ink(img[int(y)][int(x)]))
        if i in first and ink < 3:
            fails.append('r%dc%d: the first cell of a cage without its sum' % (r + 1, c + 1))
        if i not in first and ink > 0:
            fails.append('r%dc%d: ink in the corner of a cell that holds no sum' % (r + 1, c + 1))
    if fails:
        print('\n'.join('pixkiller: ' + f for f in fails[:10])); return 1
    print('pixkiller: ok (%d cages)' % k)
    return 0

if __name__ == '__main__':
    sys.exit(main())

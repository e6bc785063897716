#!/usr/bin/env python3
"""Writes tests/data/fpuzzles_vectors.txt: f-puzzles objects we build by hand
from published puzzles (puzzles/), in the shape f-puzzles exports them
({"size":N,"grid":[[{"value":5,"given":true},{},...]],...}), each with the
link that carries it (compressed by the JavaScript lz-string 1.5.0 under
node) and the line of ours it must read as, worked out here from the
puzzle, not by our C code.  Run once by hand (needs node and lz-string):

    NODE_PATH=/tmp/lz/node_modules python3 tools/gen_fpuzzles_vectors.py

Each vector is one line: name, tab, our line, tab, the object, tab, the link.
"""
import json, subprocess

DIGITS = "123456789ABCDEFGHIJKLMNOP"

def cells_of(text):
    return [0 if ch in ".0" else DIGITS.index(ch) + 1 for ch in text]

def line_of(cells):
    return "".join("." if v == 0 else DIGITS[v - 1] for v in cells)

def grid(n, cells, regions=None, extra=None):
    rows = []
    for r in range(n):
        row = []
        for c in range(n):
            cell = {}
            v = cells[r * n + c]
            if v:
                cell["value"] = v
                cell["given"] = True
            if regions is not None:
                cell["region"] = regions[r * n + c]
            if extra and (r * n + c) in extra:
                cell.update(extra[r * n + c])
            row.append(cell)
        rows.append(row)
    return rows

def rc(c, n):
    return "R%dC%d" % (c // n + 1, c % n + 1)

def windows():
    return [{"cells": ["R%dC%d" % (r, c) for r in range(t, t + 3) for c in range(l, l + 3)]}
            for t in (2, 6) for l in (2, 6)]

def labels_to_regions(labels):
    order = sorted(set(labels))
    return [order.index(x) for x in labels]

vectors = []
def add(name, line, obj):
    vectors.append((name, line, json.dumps(obj, separators=(",", ":"))))

wiki = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
w = cells_of(wiki)
add("standard-9x9", "standard " + line_of(w),
    {"size": 9, "title": "Wikipedia's sudoku", "author": "", "ruleset": "Normal sudoku rules apply.", "grid": grid(9, w)})
# a solver's entries (not given) and pencil marks are no clues
entries = {2: {"value": 4}, 3: {"centerPencilMarks": [6, 8]}, 5: {"cornerPencilMarks": [1], "c": "#A8A8A8"}}
add("standard-9x9-entries", "standard " + line_of(w),
    {"size": 9, "grid": grid(9, w, extra=entries), "diagonal+": False, "antiknight": False, "thermometer": [],
     "activeConstraints": []})

janko = ("8........" "...1....." "2.....4.6" ".....8..5" "...62..18" ".3...4.2." "...5..1.7" "..2......" "...8...9.")
jl = ("999998888" "555998888" "555998333" "555111333" "222111333" "222111444" "222766444" "777766444" "777766666")
jreg = labels_to_regions(jl)
add("jigsaw-9x9", "jigsaw " + janko + " " + "".join(str(k + 1) for k in jreg),
    {"size": 9, "grid": grid(9, cells_of(janko), jreg)})

hyper = (".......1." "..2....34" "....51..." ".....65.." ".7.3...8." "..3......" "....8...." "58....9.." "69.......")
add("windoku-9x9", "windoku " + hyper, {"size": 9, "grid": grid(9, cells_of(hyper)), "extraregion": windows()})

x6 = "...5.." "......" "1..4.." "..3..." "......" ".....6"
add("x-6x6", "x " + x6, {"size": 6, "grid": grid(6, cells_of(x6)), "diagonal+": True, "diagonal-": True})

for size, path in ((4, "puzzles/sizes/4x4.txt"), (6, "puzzles/sizes/6x6.txt"), (12, "puzzles/sizes/12x12.txt"),
                   (16, "puzzles/sizes/16x16.txt")):
    p = [l.strip() for l in open(path) if l.strip() and not l.startswith("#")][0]
    add("standard-%dx%d" % (size, size), "standard " + p, {"size": size, "grid": grid(size, cells_of(p))})

# jigsaw and X together: the janko map with both diagonals (a board, not a
# published puzzle: what is read, not whether it solves)
add("jigsaw-x-9x9", "jigsaw,x " + janko + " " + "".join(str(k + 1) for k in jreg),
    {"size": 9, "grid": grid(9, cells_of(janko), jreg), "diagonal-": True, "diagonal+": True})

# regions given on every cell that are exactly the boxes: a standard board
boxes = [(r // 3) * 3 + c // 3 for r in range(9) for c in range(9)]
add("boxes-as-regions", "standard " + line_of(w), {"size": 9, "grid": grid(9, w, boxes)})

# killer cages: two cages, sums as f-puzzles writes them (strings)
add("killer-9x9", "killer " + "." * 81 + " " + "01" + "." * 7 + "01" + "." * 7 + "." * 63 + " 9,3",
    {"size": 9, "grid": grid(9, [0] * 81), "killercage": [{"cells": ["R1C1", "R2C1"], "value": "9"},
                                                           {"cells": ["R1C2", "R2C2"], "value": "3"}]})

# Killers made by this program (sudoku generate -q --variant killer --seed 31;
# --variant killer,x --size 6 --seed 31), each unique: their cages as
# f-puzzles lists them, and the line we read them as, whose cage labels are
# f-puzzles' translation's: cages by first cell, each the lowest of
# 0-9A-Za-z no touching cage has.
def cages_of(n, labels):
    cage = [-1] * (n * n); groups = []
    for i in range(n * n):
        if labels[i] == "." or cage[i] >= 0:
            continue
        cage[i] = len(groups); stack = [i]; cells = []
        while stack:
            x = stack.pop(); cells.append(x); r, c = divmod(x, n)
            for y, ok in ((x - n, r > 0), (x + n, r < n - 1), (x - 1, c > 0), (x + 1, c < n - 1)):
                if ok and cage[y] < 0 and labels[y] == labels[i]:
                    cage[y] = cage[i]; stack.append(y)
        groups.append(sorted(cells))
    return cage, groups

def our_labels(n, cage, groups):
    alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    label = [None] * len(groups)
    for k, cells in enumerate(groups):
        used = set()
        for x in cells:
            r, c = divmod(x, n)
            for y, ok in ((x - n, r > 0), (x + n, r < n - 1), (x - 1, c > 0), (x + 1, c < n - 1)):
                if ok and cage[y] >= 0 and cage[y] != k and label[cage[y]] is not None:
                    used.add(label[cage[y]])
        label[k] = min(set(range(62)) - used)
    return "".join("." if cage[i] < 0 else alphabet[label[cage[i]]] for i in range(n * n))

for name, text in (("killer-9x9-unique", "killer " + "." * 81 + " aabbaabaaaacdaabbaabcdababccbbdbbacccaabababbcabbaacbbcdddb"
                    "bcaaaacaabcaaaccccbcca 19,12,27,25,8,13,11,12,25,19,23,23,12,15,15,14,21,24,12,25,15,26,9"),
                   ("killer-x-6x6-unique", "killer,x " + "." * 36 + " aaabbbabcccbcbaaaccbaabccbddbccaadcc 12,18,16,6,12,19,17,6,15,5")):
    words = text.split()
    n = int(len(words[1]) ** 0.5)
    cage, groups = cages_of(n, words[2])
    sums = words[3].split(",")
    obj = {"size": n, "grid": grid(n, cells_of(words[1])),
           "killercage": [{"cells": [rc(c, n) for c in cells], "value": sums[k]} for k, cells in enumerate(groups)]}
    if words[0] == "killer,x":
        obj["diagonal+"] = obj["diagonal-"] = True
    add(name, "%s %s %s %s" % (words[0], words[1], our_labels(n, cage, groups), words[3]), obj)

objs = [v[2] for v in vectors]
js = ("const lz=require('lz-string');const a=JSON.parse(require('fs').readFileSync(0,'utf8'));"
      "console.log(JSON.stringify(a.map(s=>lz.compressToBase64(s))));")
links = json.loads(subprocess.run(["node", "-e", js], input=json.dumps(objs), capture_output=True, text=True,
                                  check=True).stdout)
with open("tests/data/fpuzzles_vectors.txt", "w") as out:
    out.write("# f-puzzles vectors (tools/gen_fpuzzles_vectors.py): name, our line, the object, its link\n")
    for (name, line, obj), link in zip(vectors, links):
        out.write("%s\t%s\t%s\thttps://www.f-puzzles.com/?load=%s\n" % (name, line, obj, link))

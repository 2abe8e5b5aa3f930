"""Judges the font programs embedded in a PDF with fontTools (Debian's python3-fonttools).

Reads a JSON list on standard input, one entry per embedded font: {"file": path of the font
program (FontFile2) as extracted, "glyphs": {glyph id: the characters the PDF's ToUnicode gives it}}
and prints a JSON list, one entry per font: {"file", "problems": [...]}. A font has a problem when
fontTools cannot open it or read a table, when a glyph the PDF draws is beyond the font's glyph
count, cannot be read (a composite whose parts are missing, a truncated outline), or is empty
although it stands for a character that is not white space.
"""

import json
import sys

from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont


def judge(entry):
    problems = []
    try:
        font = TTFont(entry["file"], lazy=False)
        for tag in font.keys():
            if tag != "GlyphOrder":
                font[tag]  # decompiles the table
        order = font.getGlyphOrder()
        glyph_set = font.getGlyphSet()
    except Exception as error:  # noqa: BLE001 — any failure to read is the verdict
        return [f"fontTools cannot open the font: {error!r}"]
    for gid_text, text in entry["glyphs"].items():
        gid = int(gid_text)
        if gid >= len(order):
            problems.append(f"glyph {gid} ({text!r}) is beyond the font's {len(order)} glyphs")
            continue
        name = order[gid]
        try:
            pen = BoundsPen(glyph_set)
            glyph_set[name].draw(pen)
        except Exception as error:  # noqa: BLE001
            problems.append(f"glyph {gid} ({text!r}) cannot be read: {error!r}")
            continue
        bounds = pen.bounds
        blank = bounds is None or bounds[2] <= bounds[0] or bounds[3] <= bounds[1]
        if blank and text.strip() != "":
            problems.append(f"glyph {gid} ({text!r}) is empty")
    return problems


def main():
    entries = json.load(sys.stdin)
    json.dump([{"file": entry["file"], "problems": judge(entry)} for entry in entries], sys.stdout)


if __name__ == "__main__":
    main()

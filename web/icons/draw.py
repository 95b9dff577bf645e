#!/usr/bin/env python3
"""Draws Deduku's icons: one SVG (the favicon) and PNGs of 192 and 512 px plus a maskable
512 px one, rasterised here with the standard library only (zlib), so nothing is fetched; a
PNG with few colours is written indexed (see `png`).
The SVG and the PNGs come from the same shapes below. Writes beside itself, into web/icons/.

Usage: python3 web/icons/draw.py   (the outputs are committed; run again after changing a shape)
"""
import os
import struct
import zlib

ACCENT = (0x2F, 0x6F, 0xDE)
BOARD = (0xFF, 0xFF, 0xFF)
THIN = (0xC9, 0xCE, 0xD6)
THICK = (0x2B, 0x31, 0x38)
HL = (0xFF, 0xF1, 0xB8)
PLACE = (0x12, 0x86, 0x4F)
GIVEN = (0x11, 0x16, 0x1C)

# Cells shaded like a step's pattern, the placed one, and a few "givens" as dots.
SHADED = [(1, 1), (1, 4), (1, 7), (4, 1), (7, 1)]
PLACED = (1, 1)
DOTS = [(0, 0), (0, 5), (2, 3), (3, 8), (4, 4), (5, 0), (6, 6), (7, 3), (8, 8), (8, 2)]


def shapes(maskable):
    """The icon in a 512-unit square, back to front: ('rect', x0, y0, x1, y1, radius, colour)
    and ('circle', cx, cy, r, colour)."""
    out = []
    if maskable:
        # Full bleed; the board stays inside the central safe circle (radius 40%).
        out.append(('rect', 0, 0, 512, 512, 0, ACCENT))
        b0, b1 = 116, 396
    else:
        out.append(('rect', 16, 16, 496, 496, 96, ACCENT))
        b0, b1 = 88, 424
    cell = (b1 - b0) / 9
    out.append(('rect', b0, b0, b1, b1, 10, BOARD))
    for r, c in SHADED:
        out.append(('rect', b0 + c * cell, b0 + r * cell, b0 + (c + 1) * cell, b0 + (r + 1) * cell, 0, HL))
    for r, c in DOTS:
        out.append(('circle', b0 + (c + 0.5) * cell, b0 + (r + 0.5) * cell, cell * 0.2, GIVEN))
    r, c = PLACED
    out.append(('circle', b0 + (c + 0.5) * cell, b0 + (r + 0.5) * cell, cell * 0.32, PLACE))
    thin, thick = cell * 0.07, cell * 0.16
    for k in range(1, 9):
        if k % 3:
            p = b0 + k * cell
            out.append(('rect', p - thin / 2, b0, p + thin / 2, b1, 0, THIN))
            out.append(('rect', b0, p - thin / 2, b1, p + thin / 2, 0, THIN))
    for k in range(0, 10, 3):
        p = b0 + k * cell
        out.append(('rect', p - thick / 2, b0 - thick / 2, p + thick / 2, b1 + thick / 2, 0, THICK))
        out.append(('rect', b0 - thick / 2, p - thick / 2, b1 + thick / 2, p + thick / 2, 0, THICK))
    return out


def inside(s, x, y):
    if s[0] == 'circle':
        _, cx, cy, r, _ = s
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
    _, x0, y0, x1, y1, rad, _ = s
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return False
    if rad:
        cx = min(max(x, x0 + rad), x1 - rad)
        cy = min(max(y, y0 + rad), y1 - rad)
        return (x - cx) ** 2 + (y - cy) ** 2 <= rad * rad
    return True


def rasterise(size, maskable, ss=3):
    """RGBA rows, each pixel the average of ss×ss samples."""
    sh = shapes(maskable)
    scale = 512 / size
    rows = []
    for py in range(size):
        row = bytearray()
        # Only the shapes that touch this pixel row, for speed.
        y0, y1 = py * scale, (py + 1) * scale
        near = [s for s in sh if (s[0] == 'rect' and s[2] <= y1 and s[4] >= y0)
                or (s[0] == 'circle' and s[2] - s[3] <= y1 and s[2] + s[3] >= y0)]
        for px in range(size):
            acc = [0.0, 0.0, 0.0, 0.0]
            for sy in range(ss):
                for sx in range(ss):
                    x = (px + (sx + 0.5) / ss) * scale
                    y = (py + (sy + 0.5) / ss) * scale
                    colour = None
                    for s in reversed(near):
                        if inside(s, x, y):
                            colour = s[-1]
                            break
                    if colour:
                        acc[0] += colour[0]; acc[1] += colour[1]; acc[2] += colour[2]; acc[3] += 255
            n = ss * ss
            a = acc[3] / n
            if a:
                row += bytes(round(acc[i] / (acc[3] / 255)) for i in range(3)) + bytes([round(a)])
            else:
                row += b'\0\0\0\0'
        rows.append(bytes(row))
    return rows


def png(rows, size):
    """A PNG of RGBA rows. With 256 colours or fewer (the icons have 25–46: flat shapes, their
    edges smoothed) it is an indexed PNG, a palette and one byte per pixel, which holds the same
    RGBA values in less than half the bytes (the three PNGs 15.2 kB as RGBA, 6.5 kB indexed)."""
    def chunk(kind, data):
        c = kind + data
        return struct.pack('>I', len(data)) + c + struct.pack('>I', zlib.crc32(c) & 0xFFFFFFFF)
    colours = sorted({r[i:i + 4] for r in rows for i in range(0, len(r), 4)},
                     key=lambda c: (c[3] == 255, c))
    if len(colours) <= 256:
        index = {c: i for i, c in enumerate(colours)}
        raw = b''.join(b'\0' + bytes(index[r[i:i + 4]] for i in range(0, len(r), 4)) for r in rows)
        # Colours with some transparency come first, so tRNS lists only those.
        alphas = bytes(c[3] for c in colours if c[3] != 255)
        head = (chunk(b'IHDR', struct.pack('>IIBBBBB', size, size, 8, 3, 0, 0, 0))
                + chunk(b'PLTE', b''.join(c[:3] for c in colours))
                + (chunk(b'tRNS', alphas) if alphas else b''))
    else:
        raw = b''.join(b'\0' + r for r in rows)
        head = chunk(b'IHDR', struct.pack('>IIBBBBB', size, size, 8, 6, 0, 0, 0))
    return (b'\x89PNG\r\n\x1a\n' + head + chunk(b'IDAT', zlib.compress(raw, 9))
            + chunk(b'IEND', b''))


def svg(maskable=False):
    hexc = lambda c: '#%02x%02x%02x' % c
    parts = []
    for s in shapes(maskable):
        if s[0] == 'circle':
            _, cx, cy, r, col = s
            parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{hexc(col)}"/>')
        else:
            _, x0, y0, x1, y1, rad, col = s
            rx = f' rx="{rad}"' if rad else ''
            parts.append(f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{x1 - x0:.1f}" height="{y1 - y0:.1f}"{rx} fill="{hexc(col)}"/>')
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
            + ''.join(parts) + '</svg>\n')


def main():
    out = os.path.dirname(os.path.abspath(__file__))
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, 'icon.svg'), 'w') as f:
        f.write(svg())
    for name, size, maskable in [('icon-192.png', 192, False), ('icon-512.png', 512, False),
                                 ('icon-maskable-512.png', 512, True)]:
        with open(os.path.join(out, name), 'wb') as f:
            f.write(png(rasterise(size, maskable), size))
        print('wrote', name)


if __name__ == '__main__':
    main()

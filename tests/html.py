#!/usr/bin/env python3
"""check --format html in a real browser: Debian's chromium, headless, loads the report of the
corpus (one
self-contained file: no script, style, font or image from anywhere else), runs its script
and gives back the DOM, which must hold one finding per finding of the JSON report and one
SVG timeline per witness, each marking its two accesses; the filter by check id (from the
address, #only=ID) hides the rest. A screenshot is taken and decoded: it must show the page
(the error badge's red and the first access's red in the timeline).

usage: html.py ACCELSYNC SOURCE_ROOT"""
import json
import os
import re
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import zlib
from expect import expect, finish

binary, root = sys.argv[1], sys.argv[2]
chromium = shutil.which('chromium')
KERNELS = ['corpus', 'tests/kernels/unused-suppression/used_ignore.pir']   # the whole corpus


def browser(*args):
    """Runs headless chromium; a browser that hangs on its own start-up (seen once in CI, a
    screenshot that never returned on a loaded machine) is killed with its whole process group
    and started once more: the second attempt's result is the one judged."""
    command = [chromium, '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
               '--no-first-run', '--user-data-dir=' + profile, *args]
    for attempt in (1, 2):
        child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                 start_new_session=True)
        try:
            out, err = child.communicate(timeout=90)
            return subprocess.CompletedProcess(command, child.returncode, out, err)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
            child.stdout.close()    # a helper outside the group may still hold the pipes
            child.stderr.close()
            print(f'chromium did not finish in 90 s (attempt {attempt}): {args}', file=sys.stderr)
    return subprocess.CompletedProcess(command, -1, '', 'timed out twice')


def png_pixels(path):
    """(width, height, rows of RGBA bytes) of an 8-bit RGB or RGBA PNG, non-interlaced."""
    data = open(path, 'rb').read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n'
    pos, idat, ihdr = 8, b'', None
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b'IHDR':
            ihdr = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            idat += body
        pos += 12 + n
    w, h, depth, ctype, _, _, interlace = ihdr
    assert depth == 8 and ctype in (2, 6) and interlace == 0
    bpp = 4 if ctype == 6 else 3
    raw, stride, rows, prev = zlib.decompress(idat), w * bpp, [], bytearray(w * bpp)
    for y in range(h):
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
        rows.append(bytes(line) if bpp == 3 else bytes(v for k, v in enumerate(line) if k % 4 != 3))
        prev = line
    return w, h, rows


expect(chromium is not None, 'chromium is installed (scripts/test installs it)')
with tempfile.TemporaryDirectory() as tmp:
    profile = os.path.join(tmp, 'profile')
    report = os.path.join(tmp, 'report.html')
    p = subprocess.run([binary, 'check', '--witness', '--format', 'html', '-o', report, *KERNELS],
                       capture_output=True, text=True, cwd=root)
    j = json.loads(subprocess.run([binary, 'check', '--witness', '--format', 'json', *KERNELS],
                                  capture_output=True, text=True, cwd=root).stdout)
    findings = [f for fl in j['files'] for k in fl['kernels'] for f in k['findings']] + \
               [f for fl in j['files'] for f in fl['diagnostics'] + fl['suppressed']]
    witnesses = [f for f in findings if f.get('witness')]
    expect(p.returncode == 1 and p.stdout == '' and os.path.getsize(report) > 1000,
           f'the report is written to -o: exit {p.returncode} {p.stderr}')
    html = open(report).read()
    expect(not re.search(r'<script[^>]+src=|<link|@import|url\(|<img|https?://(?!www\.w3\.org/2000/svg)', html),
           'the page loads nothing from elsewhere')

    if chromium:
        dom = browser('--dump-dom', 'file://' + report).stdout
        shown = re.findall(r'<article class="finding[^"]*" data-check="([a-z-]+)"', dom)
        svgs = re.findall(r'<svg class="timeline"', dom)
        expect(len(shown) == len(findings) >= 250, f'one finding in the DOM per finding: {len(shown)} of {len(findings)}')
        expect(len(svgs) == len(witnesses) >= 200, f'one SVG timeline per witness: {len(svgs)} of {len(witnesses)}')
        one = re.search(r'<svg class="timeline".*?</svg>', dom, re.S).group(0)
        expect('class="first' in one and 'class="second' in one and 'class="sync' in one
               and 'class="tick"' in one and 'class="unit"' in one,
               'a timeline marks the two accesses, the sync instructions, the units and the time axis')
        # each timeline has a legend with one entry per colour it draws, exactly: the two
        # accesses naming their statements' lines as their bars do, sync, other, delayed
        figures = re.findall(r'<figure class="witness">.*?</figure>', dom, re.S)
        wrong = []
        for fig in figures:
            bars = re.findall(r'<rect class="(\w+)( slow)?"[^>]*><title>[^<]*?\(line (\d+)\)', fig)
            drawn = {b[0] for b in bars} | ({'slow'} if any(b[1] for b in bars) else set())
            legend = re.findall(r'<li data-kind="(\w+)"><span class="swatch \1"></span>([^<]*)</li>', fig)
            kinds = [k for k, _ in legend]
            lines_ok = all(re.match(rf'{k} access: line {next(b[2] for b in bars if b[0] == k)} ', text)
                           for k, text in legend if k in ('first', 'second'))
            if sorted(kinds) != sorted(drawn) or len(set(kinds)) != len(kinds) or not lines_ok:
                wrong.append((sorted(drawn), legend))
        expect(len(figures) == len(witnesses) and not wrong,
               f'every timeline has a legend of exactly its colours, the accesses with their lines: {wrong[:2]}')
        expect(re.search(r'id="shown">%d<' % len(findings), dom), 'the page counts the findings shown')
        articles = re.findall(r'<article.*?</article>', dom, re.S)
        missing = [a[:200] for a in articles if '<pre class="source">' in a and 'class="second"' not in a]
        expect(not missing, f'every source excerpt shows the finding\'s own line: {missing[:1]}')

        wars = sum(1 for f in findings if f['check'] == 'war-hazard')
        dom = browser('--dump-dom', 'file://' + report + '#only=war-hazard').stdout
        visible = re.findall(r'<article class="finding(?![^"]*hidden)[^"]*" data-check="([a-z-]+)"', dom)
        expect(wars >= 1 and visible == ['war-hazard'] * wars and re.search(r'id="shown">%d<' % wars, dom),
               f'#only=war-hazard shows the war-hazards only: {visible}')

        png = os.path.join(tmp, 'shot.png')
        browser('--screenshot=' + png, '--window-size=1000,1400', 'file://' + report)
        expect(os.path.exists(png), 'a screenshot was taken')
        if os.path.exists(png):
            w, h, rows = png_pixels(png)
            colours = set()
            for r in rows[::2]:
                for x in range(0, len(r) - 2, 6):
                    colours.add(r[x:x + 3])
            expect(w == 1000 and h == 1400, f'the screenshot has the window size: {w}x{h}')
            expect(bytes([0xc6, 0x28, 0x28]) in colours and bytes([0xe5, 0x39, 0x35]) in colours
                   and len(colours) > 20,
                   f'the screenshot shows the page: the error badge and a first access ({len(colours)} colours)')
finish()

#!/usr/bin/env python3
"""The two readings of Ascend C side by side: every kernel of tests/frontend/ascendc checked
with the built-in declarations (--sdk none) and through a real SDK checkout (--sdk DIR); a
table of which agree (same exit code and findings, check@file:line) and, for each that does
not, both results and what stopped the SDK reading first.

usage: sdk_modes.py ACCELSYNC SDK_DIR [--out FILE]   (run from the source root)"""
import argparse
import glob
import json
import os
import subprocess
import time


def run(binary, path, sdk):
    p = subprocess.run([binary, 'check', '--format', 'json', '--no-config', '--sdk', sdk, path],
                       capture_output=True, text=True, timeout=300)
    try:
        doc = json.loads(p.stdout)
    except ValueError:
        return p.returncode, ('no JSON: ' + p.stderr[-120:],), None
    findings, first = [], None
    for f in doc['files']:
        for d in f['diagnostics'] + [x for k in f['kernels'] for x in k['findings']]:
            loc = d.get('location', {})
            findings.append(f"{d['check']}@{os.path.basename(loc.get('file', ''))}:{loc.get('line')}")
            if first is None and d['check'] in ('unsupported', 'source-error', 'input-error'):
                first = f"{d['check']}: {d['message'][:90]}"
    return p.returncode, tuple(sorted(findings)), first


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('binary')
    ap.add_argument('sdk')
    ap.add_argument('--out')
    a = ap.parse_args()
    files = sorted(glob.glob('tests/frontend/ascendc/*.cpp'))
    same, rows = 0, []
    start = time.monotonic()
    for f in files:
        fb, sd = run(a.binary, f, 'none'), run(a.binary, f, a.sdk)
        if fb[:2] == sd[:2]:
            same += 1
            continue
        rows.append((os.path.basename(f), fb, sd))
    lines = [f'# The two readings of the test kernels: built-in declarations vs `--sdk {a.sdk}`',
             '', f'{same} of {len(files)} kernels agree (exit code and findings); '
             f'{time.monotonic() - start:.0f} s.', '',
             '| kernel | built-in (exit: findings) | SDK (exit: findings) | first blocker through the SDK |',
             '|---|---|---|---|']
    for name, fb, sd in rows:
        lines.append(f"| {name} | {fb[0]}: {' '.join(fb[1]) or 'clean'} | {sd[0]}: "
                     f"{' '.join(sd[1]) or 'clean'} | {sd[2] or ''} |")
    text = '\n'.join(lines) + '\n'
    if a.out:
        open(a.out, 'w').write(text)
    print(text)


if __name__ == '__main__':
    main()

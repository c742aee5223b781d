#!/usr/bin/env python3
"""The whole-library command a CI job runs, measured (#40): for each library,
`accelsync check -j2 --no-config --format sarif -o OUT [--sdk DIR] LIBRARY` from the library's
root, under GNU time (wall, user + system CPU of accelsync and its children, peak resident
memory of the largest process), then what the SARIF log says: results, results with an empty
file URI, results in files the walk did not check as kernels, kernel files checked and the
ones that could not be verified. Which files the walk checks comes from `--list-files` of the
same binary.

usage: library_runs.py ACCELSYNC NAME=DIR[@SDK] ... [--out FILE] [--timeout SECONDS]"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time


def listed_files(binary, root, sdk):
    """{relative path: checked?} as the walk classifies the files under root."""
    args = [binary, 'check', '--no-config', '--list-files'] + (['--sdk', sdk] if sdk else []) + ['.']
    p = subprocess.run(args, capture_output=True, text=True, cwd=root)
    files = {}
    for line in p.stdout.splitlines():
        path, sep, rest = line.partition(': ')
        if sep:
            files[os.path.normpath(path)] = rest.startswith('checked')
    return files


def measure(binary, name, root, sdk, timeout):
    files = listed_files(binary, root, sdk)
    kernels = sum(files.values())
    with tempfile.TemporaryDirectory() as tmp:
        sarif, times = os.path.join(tmp, 'out.sarif'), os.path.join(tmp, 'time')
        args = ['/usr/bin/time', '-o', times, '-f', '%e %U %S %M', binary, 'check', '-j2',
                '--no-config', '--format', 'sarif', '-o', sarif] + (['--sdk', sdk] if sdk else []) + ['.']
        start = time.monotonic()
        try:
            p = subprocess.run(args, capture_output=True, text=True, cwd=root, timeout=timeout)
            code = p.returncode
        except subprocess.TimeoutExpired:
            code = None
        wall = time.monotonic() - start
        row = {'name': name, 'files': len(files), 'kernels': kernels, 'exit': code}
        if code is None or not os.path.exists(sarif):
            row.update(wall=wall, finished=False)
            return row
        elapsed, user, system, peak_kib = open(times).read().split()[-4:]
        run = json.load(open(sarif))['runs'][0]
    results = run.get('results', [])

    def uri(r):
        locs = r.get('locations') or [{}]
        return locs[0].get('physicalLocation', {}).get('artifactLocation', {}).get('uri', '')

    notes = [n for inv in run.get('invocations', []) for n in inv.get('toolExecutionNotifications', [])]
    unverified = {os.path.normpath(n['locations'][0]['physicalLocation']['artifactLocation']['uri'])
                  for n in notes if 'could not be verified' in n['message']['text'] and n.get('locations')}
    row.update(finished=True, wall=float(elapsed), cpu=float(user) + float(system),
               peak_mib=int(peak_kib) / 1024, results=len(results),
               empty_uri=sum(1 for r in results if not uri(r)),
               non_kernel=sum(1 for r in results if uri(r) and not files.get(os.path.normpath(uri(r)), True)),
               unverified=len(unverified), verified=kernels - len(unverified & {f for f, k in files.items() if k}))
    return row


def table(rows):
    out = ['| library | files walked | kernel files checked | verified | SARIF results | empty URIs '
           '| results in non-kernel files | exit | wall s | CPU s | peak MiB |',
           '|---|---|---|---|---|---|---|---|---|---|---|']
    for r in rows:
        if not r['finished']:
            out.append(f"| {r['name']} | {r['files']} | {r['kernels']} | — | — | — | — | "
                       f"not finished in {r['wall']:.0f} s | | | |")
            continue
        out.append(f"| {r['name']} | {r['files']} | {r['kernels']} | {r['verified']} | {r['results']} | "
                   f"{r['empty_uri']} | {r['non_kernel']} | {r['exit']} | {r['wall']:.0f} | "
                   f"{r['cpu']:.0f} | {r['peak_mib']:.0f} |")
    return '\n'.join(out) + '\n'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('binary')
    ap.add_argument('libraries', nargs='+', help='NAME=DIR or NAME=DIR@SDK')
    ap.add_argument('--out')
    ap.add_argument('--timeout', type=float, default=3600)
    a = ap.parse_args()
    rows = []
    for spec in a.libraries:
        name, _, rest = spec.partition('=')
        root, _, sdk = rest.partition('@')
        rows.append(measure(os.path.abspath(a.binary), name, root, sdk or None, a.timeout))
        print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
    text = table(rows)
    if a.out:
        open(a.out, 'w').write(text)
    print(text, end='')


if __name__ == '__main__':
    main()

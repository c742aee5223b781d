#!/usr/bin/env python3
"""The table of BANG C intrinsics the frontend declares, and whether it models each: every
function declared in src/frontend/bangc/stubs/bang.h is called once, each call in an entry of
its own, in one generated kernel file that `accelsync lower` reads. A call the frontend answers
with "'NAME' is not modelled by the BANG C frontend" is declared only (a kernel calling it is
reported unsupported there); any other answer (an access, a value, a complaint about the
arguments of a form it knows) means the frontend models it. The status is measured, never
written by hand.

usage: bangc_intrinsics.py ACCELSYNC SOURCE_ROOT (--write | --check)
  --write  writes docs/bangc-intrinsics.md
  --check  exits 1 when docs/bangc-intrinsics.md is not what --write would write"""
import os
import re
import subprocess
import sys
import tempfile

DECL = re.compile(r'^(template <typename\.\.\. A> )?[A-Za-z_][\w\s\*]*?\b(__[a-z][a-z0-9_]*)\((.*)')
TABLE = 'docs/bangc-intrinsics.md'


def declarations(header):
    """(name, variadic, number of parameters) of each function the header declares, in order."""
    seen, out = set(), []
    lines = open(header).read().splitlines()
    for i, line in enumerate(lines):
        m = DECL.match(line)
        if (not m or m.group(2).startswith('__accelsync') or m.group(2) == '__attribute__' or
                m.group(2) in seen or line.startswith('#')):
            continue
        params = m.group(3)
        j = i
        while ')' not in params and j + 1 < len(lines):   # parameters over several lines
            j += 1
            params += lines[j]
        params = params.split(')')[0].strip()
        count = 0 if params in ('', 'void') else params.count(',') + 1
        seen.add(m.group(2))
        out.append((m.group(2), bool(m.group(1)), count))
    return out


def measure(binary, root, decls):
    """{name: 'modelled' | 'declared, not modelled'}, from one `lower` of a generated file."""
    body = ['#include <bang.h>', '']
    line_of = {}
    for k, (name, variadic, count) in enumerate(decls):
        args = '' if variadic else ', '.join(['{}'] * count)
        body.append(f'__mlu_global__ void k{k}() {{')
        line_of[len(body) + 1] = name
        body.append(f'  {name}({args});')
        body.append('}')
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, 'intrinsics.mlu')
        with open(path, 'w') as f:
            f.write('\n'.join(body) + '\n')
        p = subprocess.run([binary, 'lower', path], capture_output=True, text=True, cwd=root)
    text = p.stdout + p.stderr
    if '[source-error]' in text or not p.stdout.startswith('//'):
        sys.exit(f'bangc_intrinsics: the generated kernel did not parse:\n{text}')
    status = {name: 'modelled' for name, _, _ in decls}
    for m in re.finditer(r'intrinsics\.mlu:(\d+):\d+: error: \'(__\w+)\' is not modelled by the '
                         r'BANG C frontend \[unsupported\]', text):
        if line_of.get(int(m.group(1))) == m.group(2):
            status[m.group(2)] = 'declared, not modelled'
    return status


def render(decls, status):
    modelled = sum(1 for s in status.values() if s == 'modelled')
    rows = [f'| `{name}` | {status[name]} |' for name, _, _ in sorted(decls)]
    return '\n'.join([
        '# BANG C intrinsics: modelled or declared',
        '',
        '<!-- written by scripts/bangc_intrinsics.py --write; tests check it (--check) -->',
        '',
        'Every function the BANG C frontend declares (`src/frontend/bangc/stubs/bang.h`), and',
        'whether it models it: *modelled* means a call becomes the accesses and syncs',
        'docs/frontends.md describes (or a value, for scalar conversions); *declared, not',
        'modelled* means the file parses and a kernel that calls it is reported `unsupported`',
        'at the call, never verified. The set is the intrinsics the public BANG C libraries',
        'call (Cambricon/mlu-ops at two commits, mmcv\'s MLU ops, torch_mlu\'s bang operators),',
        'not yet the whole of the vendor reference, which is not at hand.',
        '',
        f'{modelled} of {len(decls)} modelled.',
        '',
        '| intrinsic | status |',
        '|---|---|',
    ] + rows) + '\n'


def main():
    if len(sys.argv) != 4 or sys.argv[3] not in ('--write', '--check'):
        sys.exit(__doc__)
    binary, root, mode = sys.argv[1], sys.argv[2], sys.argv[3]
    decls = declarations(os.path.join(root, 'src/frontend/bangc/stubs/bang.h'))
    text = render(decls, measure(binary, root, decls))
    target = os.path.join(root, TABLE)
    if mode == '--write':
        with open(target, 'w') as f:
            f.write(text)
        return
    current = open(target).read() if os.path.exists(target) else ''
    if current != text:
        sys.exit(f'FAIL {TABLE} is not what the frontend does; run '
                 f'scripts/bangc_intrinsics.py BINARY . --write and review the change')
    print('PASS docs/bangc-intrinsics.md lists every declared intrinsic with its status')


if __name__ == '__main__':
    main()

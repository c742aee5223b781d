#!/usr/bin/env python3
"""How much of a real operator library the frontends check: runs `accelsync check` on every
kernel entry file of a checkout and writes a table: entries, parsed (no source-error), lowered
(nothing unsupported), fully verified, not verified by reason, findings by check id, time. An
entry one of whose kernels (a key or template variant) accesses no memory (empty-kernel) is
not verified, whatever the exit code of the binary measured.

- Ascend C (`--dialect ascendc`): a .cpp/.asc under an op_kernel/ directory, not under tests/,
  that defines a __global__ function. Entries that call no high-level API and no cube or
  cross-core primitive, in the entry file or any library header it includes with quotes, are
  counted apart as "basic-API single-core" (the issue's target group).
  Each file gets -I of its own directory, its operator's directory (the parent of op_kernel/),
  the -I options its operator's CMakeLists.txt gives the kernel (add_ops_compile_options, with
  the library's top-level directory variables) and the library root.
- BANG C (`--dialect bangc`): a .mlu file, not under tests/, that defines a __mlu_global__ or
  __mlu_entry__ function. Files that use no cluster feature (__sync_cluster, __sync_all*,
  __mlu_shared__, clusterId, coreId, __is_mpu; in the file or the headers it includes) are
  "single-core" and checked as a BLOCK task;
  the others as UNION1. Each file gets -I of its own directory and the library root.
The default dialect is the one whose entries the checkout has.

usage: bench/frontend_coverage.py LIBRARY_DIR [--dialect ascendc|bangc] [--binary BIN]
       [--jobs N] [-I DIR]... [--out FILE.md] [--details FILE.csv] [--timeout S]
       [--entries FILE]

--entries FILE checks only the entry files it lists (paths relative to LIBRARY_DIR, one a
line, `#` comments): a held-out sample chosen before a change, measured before and after it.

The frontends' own build emulation applies (Ascend C tiling structures and DTYPE_* macros);
nothing else of the vendor's build is: the table says what the frontend makes of the sources as
they are."""
import argparse
import collections
import concurrent.futures
import csv
import json
import os
import re
import subprocess
import sys
import time

HIGH_LEVEL = re.compile(r'\b(Matmul|MatmulImpl|SoftMax|SoftmaxFlash\w*|LayerNorm\w*|ReduceSum|'
                        r'ReduceMax|ReduceMin|WholeReduce\w*|BlockReduce\w*|Sort|TopK|Mmad|LoadData|'
                        r'Fixpipe|CrossCoreSetFlag|CrossCoreWaitFlag|SyncAll|KERNEL_TYPE_MIX\w*|'
                        r'__DAV_C220_CUBE__|__cube__|BroadcastSch|ElementwiseSch|ReduceSch)\b'
                        # the math and activation library (high-level APIs), called or named with
                        # template arguments (a function pointer)
                        r'|\b(Acos|Acosh|Asin|Asinh|Atan|Atanh|Cos|Cosh|Sin|Sinh|Tan|Tanh|Erf|Erfc|'
                        r'Power|Log|Log2|Log10|Sign|Floor|Ceil|Round|Trunc|Frac|Digamma|Lgamma|Xor|'
                        r'CumSum|Sigmoid|Gelu|FasterGelu|Swish|Silu|SwiGLU|GeGLU|RmsNorm|BatchNorm|'
                        r'DeepNorm|GroupNorm|Mean|Sum)\s*(<[^;()]*>\s*\(?|\()'
                        # the headers of the high-level library
                        r'|#\s*include\s*[<"]lib/')
# an entry is defined in the file (its body follows), not only declared for a host launch
ENTRY = re.compile(r'__global__[^;{]*\{')
BANG_ENTRY = re.compile(r'__mlu_(global|entry)__[^;{]*\{')
BANG_CLUSTER = re.compile(r'\b(__sync_cluster|__sync_all\w*|__mlu_shared__|clusterId|coreId|'
                          r'__is_mpu|__is_ipu)\b')


INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


CMAKE_SET = re.compile(r'^\s*set\(\s*(\w+)\s+\$\{CMAKE_CURRENT_SOURCE_DIR\}/?([^\s)]*)\s*\)', re.M)
CMAKE_OPTIONS = re.compile(r'add_ops_compile_options\s*\(([^)]*)\)')


def read_text(path):
    try:
        with open(path, errors='replace') as f:
            return f.read()
    except OSError:
        return ''


def build_includes(root, path):
    """The -I options the operator's own CMakeLists.txt gives its kernel
    (add_ops_compile_options(... OPTIONS -I${VAR}/dir)), with VAR a directory the library's
    top CMakeLists.txt sets relative to itself; options naming anything else are left out."""
    variables = {name: os.path.join(root, rel)
                 for name, rel in CMAKE_SET.findall(read_text(os.path.join(root, 'CMakeLists.txt')))}
    text = read_text(os.path.join(os.path.dirname(os.path.dirname(path)), 'CMakeLists.txt'))
    dirs = []
    for block in CMAKE_OPTIONS.findall(text):
        for option in block.split():
            m = re.fullmatch(r'-I\$\{(\w+)\}(/\S*)?', option)
            if m and m.group(1) in variables:
                d = os.path.normpath(variables[m.group(1)] + (m.group(2) or ''))
                if os.path.isdir(d) and d not in dirs:
                    dirs.append(d)
    return dirs


def search_dirs(root, path, dialect, includes):
    """Where the check of an entry looks for quoted headers, in order (as check() passes -I)."""
    dirs = [os.path.dirname(path)]
    if dialect == 'ascendc':
        dirs.append(os.path.dirname(os.path.dirname(path)))
        dirs += build_includes(root, path)
    return dirs + [root] + [os.path.join(root, d) for d in includes]


def source_text(path, dirs):
    """The entry's text and that of every library header it includes with quotes, found as the
    compiler would (the including file's directory first): what decides its group is the code
    it runs, which mostly sits in the operator's headers."""
    texts, seen, todo = [], set(), [path]
    while todo:
        f = todo.pop()
        if f in seen:
            continue
        seen.add(f)
        text = open(f, encoding='utf-8', errors='replace').read()
        texts.append(text)
        for name in INCLUDE.findall(text):
            for d in [os.path.dirname(f)] + dirs:
                cand = os.path.normpath(os.path.join(d, name))
                if os.path.isfile(cand):
                    todo.append(cand)
                    break
    return '\n'.join(texts)


def entries(root, dialect, includes=()):
    """(path, in the target group) of every entry file; the group is decided by the entry and
    the library headers it includes."""
    out = []
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x != 'tests' and not x.startswith('.'))
        if dialect == 'ascendc' and 'op_kernel' not in d.split(os.sep):
            continue
        for f in sorted(files):
            if f.endswith(('.cpp', '.asc') if dialect == 'ascendc' else ('.mlu',)):
                path = os.path.join(d, f)
                text = open(path, encoding='utf-8', errors='replace').read()
                group = HIGH_LEVEL if dialect == 'ascendc' else BANG_CLUSTER
                if (ENTRY if dialect == 'ascendc' else BANG_ENTRY).search(text):
                    code = source_text(path, search_dirs(root, path, dialect, includes))
                    out.append((path, not group.search(code)))
    return out


def reason(finding):
    """A short name for why a file was not verified."""
    msg = finding['message']
    m = re.match(r"'([^']+)' is not modelled", msg)
    if m:
        return f'unsupported: {m.group(1)}'
    m = re.match(r"'([^']+)' file not found", msg)
    if m:
        return 'source-error: header not found'
    if finding['check'] == 'source-error':
        m = re.match(r"(use of undeclared identifier|unknown type name|no template named) '([^']+)'", msg)
        if m:
            return f'source-error: {m.group(1)} {m.group(2)}'
        m = re.match(r"(no member named|no matching function)", msg)
        return 'source-error: ' + (m.group(1) if m else 'other')
    if finding['check'] == 'empty-kernel':
        return 'empty-kernel: no memory access (compiled out or never reached)'
    if finding['check'] == 'unsupported' and 'builds this kernel only for' in msg:
        return 'unsupported: built only for chips no Ascend C model reads'
    if finding['check'] == 'unsupported':
        m = re.match(r'(.*?) is not known before the kernel runs', msg)
        return f'unsupported: runtime value ({m.group(1)})' if m else f'unsupported: {msg[:50]}'
    return f"{finding['check']}: {msg[:50]}"


def first_blocker(r):
    """The first finding that kept an entry from being verified, or None; an empty kernel
    (nothing to verify) only when nothing else did."""
    firsts = [f for f in r['findings'] if f['check'] in
              ('source-error', 'unsupported', 'input-error', 'limit-exceeded')
              and 'too many errors emitted' not in f['message']]
    firsts += [f for f in r['findings'] if f['check'] == 'empty-kernel']
    return firsts[0] if firsts else None


def first_reason(r, detail=False):
    """Why an entry was not verified, in short ('' when it was verified); with detail, the
    blocking finding's line and message too."""
    if r['exit'] in (0, 1) and not r['empty']:
        return ''
    f = first_blocker(r)
    if not f:
        return 'timeout' if r['exit'] is None else 'other'
    if not detail:
        return reason(f)
    return f"{reason(f)} (line {f.get('location', {}).get('line', 0)}: {f['message'][:120]})"


def check(binary, root, path, timeout, includes=(), dialect='ascendc', single=True, sdk=None,
          task_types='group'):
    args = [binary, 'check', '--format', 'json', '--no-config']
    if dialect == 'ascendc':   # the mode is always named: the environment must not choose it
        args += ['--sdk', sdk or 'none']
    if dialect == 'bangc' and task_types == 'group':   # else the host's launches decide
        args += ['--task-type', 'BLOCK' if single else 'UNION1']
    for d in search_dirs(root, path, dialect, includes):
        args += ['-I', d]
    args.append(path)
    start = time.monotonic()
    try:
        p = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {'exit': None, 'time': timeout, 'findings': [], 'kernels': 0, 'complete': 0,
                'empty': 0}
    elapsed = time.monotonic() - start
    try:
        data = json.loads(p.stdout)['files'][0]
    except (ValueError, KeyError, IndexError):
        return {'exit': p.returncode, 'time': elapsed, 'findings': [], 'kernels': 0,
                'complete': 0, 'empty': 0, 'crash': p.stderr[-200:]}
    findings = list(data.get('diagnostics', []))
    for k in data.get('kernels', []):
        findings += k.get('findings', [])
    kernels = data.get('kernels', [])
    return {'exit': p.returncode, 'time': elapsed, 'findings': findings, 'kernels': len(kernels),
            'complete': sum(1 for k in kernels if k.get('complete')),
            'empty': sum(1 for k in kernels if k.get('empty'))}


def table(rows, title):
    n = len(rows)
    if n == 0:
        return f'### {title}\n\nno entries\n'
    parsed = [r for r in rows if not any(f['check'] == 'source-error' for f in r['findings'])
              and r['exit'] is not None]
    lowered = [r for r in parsed if not any(f['check'] == 'unsupported' for f in r['findings'])]
    # an entry with an empty kernel (a variant with no access) is not verified, whatever the
    # exit code of the binary that checked it said
    verified = [r for r in rows if r['exit'] in (0, 1) and not r['empty']]
    # entries the vendor builds only for chips no model the frontend reads describes: a
    # verdict for them would be for a build that does not exist
    unbuilt = [r for r in rows if r['exit'] is not None and first_reason(r) ==
               'unsupported: built only for chips no Ascend C model reads']
    empty = [r for r in rows if r['empty']]
    reasons = collections.Counter()
    for r in rows:
        if first_reason(r):
            reasons[first_reason(r)] += 1
    by_check = collections.Counter(f['check'] for r in verified for f in r['findings'])
    times = sorted(r['time'] for r in rows)
    pct = lambda k: f'{k} ({100 * k / n:.0f}%)'
    lines = [f'### {title}', '', '| measure | value |', '|---|---|',
             f'| entries | {n} |', f'| parsed (no source-error) | {pct(len(parsed))} |',
             f'| lowered (nothing unsupported) | {pct(len(lowered))} |',
             f'| fully verified | {pct(len(verified))} |',
             f'| built only for chips no Ascend C model reads (not verified) | {pct(len(unbuilt))} |',
             f'| fully verified, of the entries built for a chip read | '
             f'{len(verified)} of {n - len(unbuilt)} |',
             f'| with an empty kernel (not verified) | {pct(len(empty))} |',
             f'| kernels (entries x keys, template instances) checked / complete / empty | '
             f'{sum(r["kernels"] for r in rows)} / {sum(r["complete"] for r in rows)} / '
             f'{sum(r["empty"] for r in rows)} |',
             f'| verified with findings | {sum(1 for r in verified if r["exit"] == 1)} |',
             f'| time per entry, median / max | {times[len(times) // 2]:.2f} s / {times[-1]:.2f} s |',
             f'| time, all entries | {sum(times):.1f} s |', '',
             '| not verified, by first reason | entries |', '|---|---|']
    lines += [f'| {k} | {v} |' for k, v in reasons.most_common(25)]
    if len(reasons) > 25:
        lines.append(f'| ({len(reasons) - 25} more reasons) | {sum(list(reasons.values())[25:])} |')
    lines += ['', '| findings on verified entries, by check | count |', '|---|---|']
    lines += [f'| {k} | {v} |' for k, v in sorted(by_check.items())] or ['| none | 0 |']
    return '\n'.join(lines) + '\n'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('library')
    ap.add_argument('--dialect', choices=('ascendc', 'bangc'))
    ap.add_argument('--binary', default=os.path.join(os.path.dirname(__file__), '..', 'build',
                                                     'src', 'accelsync'))
    ap.add_argument('--jobs', type=int, default=os.cpu_count() or 1)
    ap.add_argument('--timeout', type=float, default=120)
    ap.add_argument('-I', dest='includes', action='append', default=[],
                    help='a header directory of the library (relative to it), for every entry')
    ap.add_argument('--sdk', help='Ascend C: read the entries through this SDK checkout '
                    '(default: the built-in declarations)')
    ap.add_argument('--out')
    ap.add_argument('--details')
    ap.add_argument('--entries', help='only the entry files listed here (relative paths)')
    ap.add_argument('--task-types', choices=('group', 'host'), default='group',
                    help='BANG C: BLOCK for single-core entries and UNION1 for the rest (group, '
                    'the earlier tables), or the types the host code launches each entry with '
                    '(host: what `accelsync check` does without --task-type)')
    a = ap.parse_args()
    root = os.path.abspath(a.library)
    dialect = a.dialect or ('ascendc' if entries(root, 'ascendc') else 'bangc')
    found = entries(root, dialect, a.includes)
    if a.entries:
        wanted = {line.split('#')[0].strip() for line in open(a.entries)} - {''}
        found = [e for e in found if os.path.relpath(e[0], root) in wanted]
    if not found:
        sys.exit(f'frontend_coverage: no {dialect} kernel entry in {root}')
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        results = list(pool.map(lambda e: check(a.binary, root, e[0], a.timeout, a.includes,
                                                dialect, e[1], a.sdk, a.task_types), found))
    rows = []
    for (path, basic), r in zip(found, results):
        r.update(path=os.path.relpath(path, root), basic=basic)
        rows.append(r)
    mode = (f'read through the SDK at {a.sdk}' if a.sdk else
            'read with the built-in declarations') if dialect == 'ascendc' else ''
    report = (f'## Frontend coverage of {os.path.basename(root)}\n\n'
              + (f'Entries {mode}.\n\n' if mode else '')
              + table(rows, 'All kernel entries') + '\n'
              + table([r for r in rows if r['basic']],
                      'Basic-API single-core entries (no high-level API, cube or cross-core call)'
                      if dialect == 'ascendc' else
                      'Single-core entries (no cluster feature)' + (
                          ', checked as BLOCK tasks' if a.task_types == 'group' else
                          ', checked with their host\'s task types')))
    if a.out:
        open(a.out, 'w').write(report)
    print(report)
    if a.details:
        with open(a.details, 'w', newline='') as f:
            w = csv.writer(f)
            w.writerow(['path', 'basic', 'exit', 'seconds', 'kernels', 'empty', 'first_reason',
                        'findings'])
            for r in rows:
                w.writerow([r['path'], int(r['basic']), r['exit'], f"{r['time']:.3f}", r['kernels'],
                            r['empty'],
                            first_reason(r, detail=True),
                            ' '.join(f"{f['check']}@{f.get('location', {}).get('line', 0)}"
                                     for f in r['findings'])])


if __name__ == '__main__':
    main()

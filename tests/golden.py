#!/usr/bin/env python3
"""Golden test: every kernel under corpus/ and tests/kernels/ states its expected findings in
`// expect:` tags (scripts/lib/kernels.py); this runs each tagged run under the product's
engine and the reference engine and fails on a wrong verdict, a wrong exit code, a kernel
without tags, or any difference between the two engines' findings. A kernel with `if (?)` is
also checked with every path in a run of its own (`--choices split`), which must give the
same verdict and exit code as the merged runs (docs/semantics.md §6), unless the split runs
stop at a limit the merged ones stay under (counted, and shown). So is a kernel source whose
lowering has choices (a condition on data): split, the frontend lowers each side of one that
calls the Ascend C layer as a run of its own instead of joining the sides (past 64 runs, the
limit it stops at).

usage: golden.py ACCELSYNC_BINARY SOURCE_ROOT [DIR...]
Kernel sources (.cpp, ...) under the DIRs are checked too: their tags name source lines."""
import concurrent.futures
import os
import sys

binary, root = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.join(root, 'scripts', 'lib'))
import kernels  # noqa: E402

dirs = sys.argv[3:] or [os.path.join(root, 'corpus'), os.path.join(root, 'tests', 'kernels')]


beyond_split = []


def check_one(path):
    """List of failure messages for one file."""
    try:
        runs = kernels.read_tags(path)
    except (kernels.TagError, ValueError) as e:
        return [str(e)]
    with open(path, encoding='utf-8', errors='replace') as f:
        choices = 'if (?)' in f.read()
    problems = []
    for args, expected in runs:
        label = os.path.relpath(path, root) + (f' [{" ".join(args)}]' if args else '')
        try:
            code, findings, doc = kernels.run(binary, path, args, 'clock')
            ref_code, ref_findings, _ = kernels.run(binary, path, args, 'reference')
        except kernels.TagError as e:
            problems.append(str(e))
            continue
        got = kernels.verdict(findings)
        if got != expected:
            problems.append(f'{label}: expected {fmt(expected)}, got {fmt(got)}')
        want_code = kernels.expected_exit(expected)
        if code != want_code:
            problems.append(f'{label}: expected exit code {want_code}, got {code}')
        if (code, findings) != (ref_code, ref_findings):
            problems.append(f'{label}: the engines disagree: clock {fmt(got)} (exit {code}), '
                            f'reference {fmt(kernels.verdict(ref_findings))} (exit {ref_code})'
                            + ('' if kernels.verdict(ref_findings) != got else
                               ' (same verdict, different details)'))
        if choices or any(k.get('paths', 1) > 1 or k.get('merged_choices', 0) > 0
                          for f in doc['files'] for k in f['kernels']):
            split_code, split_findings, _ = kernels.run(binary, path, args + ['--choices', 'split'])
            split = kernels.verdict(split_findings)
            if (split_code, split) == (code, got):
                continue
            if code != 2 and any(f['check'] == 'limit-exceeded' or
                                 f['message'].startswith('more than 64 runs')
                                 for f in split_findings):
                beyond_split.append(label)
            else:
                problems.append(f'{label}: merged choices give {fmt(got)} (exit {code}), every '
                                f'path in a run of its own {fmt(split)} (exit {split_code})')
    return problems


def fmt(v):
    return ' '.join(f'{c}@{n}' for c, n in v) or 'clean'


paths = kernels.find_kernels(*dirs, extensions=('.pir',) + kernels.SOURCE_EXTENSIONS)
if not paths:
    print('golden: no kernels found')
    sys.exit(1)
passed = failed = 0
with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
    for path, problems in zip(paths, pool.map(check_one, paths)):
        if problems:
            failed += 1
            for p in problems:
                print('FAIL', p)
        else:
            passed += 1
print(f'golden: {len(paths)} kernel files')
for label in beyond_split:
    print(f'note: {label}: verified with merged choices, past a limit with every path split')
print(f'{passed} passed, {failed} failed')
sys.exit(1 if failed else 0)

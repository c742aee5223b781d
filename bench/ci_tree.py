#!/usr/bin/env python3
"""accelsync as a CI lint step on a generated library of kernels (Issue 13's acceptance run).

Generates a tree of N random kernels (tests/gen_kernels.py, the three models, 20 kernels per
directory), then measures and checks, all in one run:
- `check -j 1` and `check -j 2` over the tree: wall and CPU time, and byte-identical output;
- `--format sarif -j 2`: valid against tests/sarif/sarif-2.1.0-subset.schema.json;
- `--shard 1/2` and `2/2` merged with `accelsync merge-sarif`: equal to the whole log;
- a baseline written from the tree and used on it: nothing new.
Exit 1 when a check fails. Prints a Markdown table of the times.

usage: bench/ci_tree.py [--binary PATH] [--count 2000] [--keep DIR]"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(cmd, cwd):
    t0 = time.perf_counter()
    c0 = os.times()
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd)
    c1 = os.times()
    return p, time.perf_counter() - t0, (c1.children_user - c0.children_user) + (c1.children_system - c0.children_system)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--binary', default=os.path.join(ROOT, 'build', 'src', 'accelsync'))
    ap.add_argument('--count', type=int, default=2000)
    ap.add_argument('--keep', help='generate the tree here and keep it')
    args = ap.parse_args()
    tmp = tempfile.TemporaryDirectory()
    base = args.keep or tmp.name
    tree = os.path.join(base, 'kernels')
    models = ['ascend910b2', 'ascend910', 'mlu370']
    per_model = [args.count // 3 + (1 if i < args.count % 3 else 0) for i in range(3)]
    for model, count in zip(models, per_model):
        for start in range(0, count, 20):
            out = os.path.join(tree, model, f'd{start // 20:03d}')
            os.makedirs(out, exist_ok=True)
            subprocess.run([sys.executable, os.path.join(ROOT, 'tests', 'gen_kernels.py'), '--model', model,
                            '--seed', str(1 + start), '--count', str(min(20, count - start)), '--out', out],
                           check=True)
    nfiles = sum(len(fs) for _, _, fs in os.walk(tree))
    failures = []
    runs = {}
    for j in (1, 2, 1, 2):   # interleaved; the second of each is kept
        runs[j] = timed([args.binary, 'check', '-j', str(j), 'kernels'], base)
    one, two = runs[1][0], runs[2][0]
    if one.stdout != two.stdout or one.returncode != two.returncode:
        failures.append('-j 2 output differs from -j 1')
    if one.returncode not in (0, 1, 2):
        failures.append(f'check exited {one.returncode}')
    sarif, _, _ = timed([args.binary, 'check', '-j', '2', '--format', 'sarif', 'kernels'], base)
    try:
        import jsonschema
        schema = json.load(open(os.path.join(ROOT, 'tests', 'sarif', 'sarif-2.1.0-subset.schema.json')))
        errors = list(jsonschema.Draft7Validator(schema).iter_errors(json.loads(sarif.stdout)))
        if errors:
            failures.append(f'SARIF not valid: {errors[0].message}')
    except ImportError:
        failures.append('python3-jsonschema is missing')
    for k in (1, 2):
        with open(os.path.join(base, f'{k}.sarif'), 'w') as f:
            f.write(timed([args.binary, 'check', '-j', '2', '--format', 'sarif', '--shard', f'{k}/2', 'kernels'], base)[0].stdout)
    merged = subprocess.run([args.binary, 'merge-sarif', '1.sarif', '2.sarif'], capture_output=True, text=True, cwd=base)
    if merged.returncode != 0 or json.loads(merged.stdout) != json.loads(sarif.stdout):
        failures.append('the merged shards differ from the whole')
    subprocess.run([args.binary, 'check', '-j', '2', '--write-baseline', 'base.json', 'kernels'],
                   capture_output=True, cwd=base)
    again = subprocess.run([args.binary, 'check', '-j', '2', '--format', 'json', '--baseline', 'base.json', 'kernels'],
                           capture_output=True, text=True, cwd=base)
    summary = json.loads(again.stdout)['summary']
    whole = json.loads(timed([args.binary, 'check', '-j', '2', '--format', 'json', 'kernels'], base)[0].stdout)['summary']
    if summary['errors'] or summary['warnings'] or summary['suppressed'] != whole['errors'] + whole['warnings']:
        failures.append(f'the baseline left findings: {summary}')
    print(f'| run | files | wall s | CPU s |\n|---|---|---|---|')
    for j in (1, 2):
        _, wall, cpu = runs[j]
        print(f'| check -j {j} | {nfiles} | {wall:.2f} | {cpu:.2f} |')
    print(f'\nfindings: {whole["errors"]} errors, {whole["warnings"]} warnings, '
          f'{whole["unverified"]} files not verified (random kernels: races, deadlocks and bad ids are expected)')
    for f in failures:
        print(f'FAILED: {f}', file=sys.stderr)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())

#!/usr/bin/env python3
"""Witness test: runs `check --witness` on every kernel under corpus/ and tests/kernels/ (each
run its `// expect` tags ask for) and fails unless every reported hazard and flag overrun comes
with a witness that the simulator confirms (docs/semantics.md §6: the checker is complete).

usage: witness.py ACCELSYNC_BINARY SOURCE_ROOT [DIR...]"""
import concurrent.futures
import os
import sys

binary, root = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.join(root, 'scripts', 'lib'))
import kernels  # noqa: E402

dirs = sys.argv[3:] or [os.path.join(root, 'corpus'), os.path.join(root, 'tests', 'kernels')]


def check_one(path):
    """(hazards and overruns, confirmed, [problems]) for one file."""
    try:
        runs = kernels.read_tags(path)
    except (kernels.TagError, ValueError) as e:
        return 0, 0, [str(e)]
    hazards = confirmed = 0
    problems = []
    for args, _ in runs:
        label = os.path.relpath(path, root) + (f' [{" ".join(args)}]' if args else '')
        try:
            _, findings, _ = kernels.run(binary, path, ['--witness'] + args)
        except kernels.TagError as e:
            problems.append(str(e))
            continue
        for fd in findings:
            if not fd['check'].endswith('-hazard') and fd['check'] != 'flag-overrun':
                continue
            hazards += 1
            w = fd.get('witness')
            if w and w.get('confirmed'):
                confirmed += 1
            else:
                where = f"{fd['location']['line']}:{fd['location']['column']}"
                problems.append(f'{label}:{where}: witness not confirmed: {fd["message"]}'
                                f' -- {w.get("outcome") if w else "no witness"}')
    return hazards, confirmed, problems


paths = kernels.find_kernels(*dirs)
if not paths:
    print('witness: no kernels found')
    sys.exit(1)
total = confirmed = 0
failed = []
with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
    for path, (h, c, problems) in zip(paths, pool.map(check_one, paths)):
        total += h
        confirmed += c
        failed += problems
for p in failed:
    print('FAIL', p)
print(f'witness: {len(paths)} kernel files, {total} hazards and flag overruns, {confirmed} '
      f'witnesses confirmed by simulation')
sys.exit(1 if failed or confirmed != total else 0)

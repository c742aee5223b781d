#!/usr/bin/env python3
"""The diagnostics registry stays complete: every check id and code in src/util/diag.c is
documented in docs/diagnostics.md (with the same code and level) and has a tests/kernels/<id>/ folder
whose kernels trigger it (checks of the source frontends: a kernel source under tests/frontend/
that expects it).

usage: registry.py SOURCE_ROOT"""
import os
import re
import sys

root = sys.argv[1]
diag_c = open(os.path.join(root, 'src', 'util', 'diag.c')).read()
entries = re.findall(r'\[CHECK_\w+\] = \{"([a-z-]+)", "(AS\d{4})"', diag_c)
levels = dict(re.findall(r'\[CHECK_\w+\] = \{"([a-z-]+)", "AS\d{4}", (?:true|false), (true|false),', diag_c))
doc = open(os.path.join(root, 'docs', 'diagnostics.md')).read()
passed = failed = 0
for name, code in entries:
    problems = []
    row = re.search(r'\|\s*\[?' + re.escape(name) + r'\]?(\([^)]*\))?\s*\|\s*' + code, doc)
    if not row:
        problems.append(f'docs/diagnostics.md has no table row "{name} | {code}"')
    level = 'warning' if levels.get(name) == 'true' else 'error'
    if not re.search(r'^\*\*' + code + ', ' + level + r'\b', doc, re.M):
        problems.append(f'docs/diagnostics.md does not give {name} ({code}) the level {level} the registry gives it')
    if not re.search(r'^#+ .*' + re.escape(name), doc, re.M):
        problems.append(f'docs/diagnostics.md has no section for {name}')
    folder = os.path.join(root, 'tests', 'kernels', name)
    tagged = []
    if os.path.isdir(folder):
        for f in sorted(os.listdir(folder)):
            if f.endswith('.pir') and re.search(r'expect(\([^)]*\))?:.*\b' + re.escape(name) + '@',
                                                 open(os.path.join(folder, f)).read()):
                tagged.append(f)
    for d, _, files in os.walk(os.path.join(root, 'tests', 'frontend')):
        for f in sorted(files):
            if f.endswith(('.cpp', '.asc', '.mlu')) and re.search(
                    r'expect(\([^)]*\))?:.*\b' + re.escape(name) + '@', open(os.path.join(d, f)).read()):
                tagged.append(f)
    if not tagged:
        problems.append(f'no kernel in tests/kernels/{name}/ (or source in tests/frontend/) expects {name}')
    if problems:
        failed += 1
        for p in problems:
            print('FAIL', p)
    else:
        passed += 1
print(f'registry: {len(entries)} check ids')
print(f'{passed} passed, {failed} failed')
sys.exit(1 if failed or not entries else 0)

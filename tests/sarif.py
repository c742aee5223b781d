#!/usr/bin/env python3
"""`check --format sarif`: valid SARIF 2.1.0 (tests/sarif/sarif-2.1.0-subset.schema.json, with
python3-jsonschema) holding what GitHub code scanning reads: a rule per check id with
descriptions and help, every finding as a result with its rule, level, message, relative file
location and region, the first access as a related location, a fingerprint that survives
edits above the finding but not an edit of its statements, the witness as a code flow, and
files that could not be verified as notifications. -j 2 and --shard slices agree with -j 1.

usage: sarif.py ACCELSYNC SOURCE_ROOT"""
import json
import re
import os
import subprocess
import sys
import tempfile
from expect import expect, finish

import jsonschema

binary, root = sys.argv[1], sys.argv[2]
schema = json.load(open(os.path.join(root, 'tests', 'sarif', 'sarif-2.1.0-subset.schema.json')))
validator = jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker())


def sarif(*args, cwd=root):
    p = subprocess.run([binary, 'check', '--format', 'sarif', *args], capture_output=True,
                       text=True, cwd=cwd)
    return p, (json.loads(p.stdout) if p.stdout.startswith('{') else None)


def valid(doc, what):
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
    expect(not errors, f'{what}: valid SARIF: {[(list(e.path), e.message) for e in errors[:3]]}')


p, doc = sarif('-j', '2', 'corpus')
expect(p.returncode == 1 and doc is not None, f'the corpus: exit {p.returncode} {p.stderr[:200]}')
if doc:
    valid(doc, 'the corpus')
    run = doc['runs'][0]
    rules = run['tool']['driver']['rules']
    ids = [r['id'] for r in rules]
    registry = re.findall(r'\[CHECK_\w+\] = \{"([a-z-]+)"', open(f'{root}/src/util/diag.c').read())
    expect(ids == registry and 'raw-hazard' in ids and 'limit-exceeded' in ids,
           f'one rule per check id: {ids}')
    # No -Ddocs_url: no helpUri (the installed docs are a dead link in a browser), the section
    # of the docs in properties instead; nor an informationUri.
    expect(all(r['shortDescription']['text'] and r['fullDescription']['text'] and r['help']['text']
               and 'helpUri' not in r and r['properties']['documentation'] == 'docs/diagnostics.md#' + r['id']
               for r in rules) and 'informationUri' not in run['tool']['driver'],
           f'every rule has descriptions, help, no helpUri, its docs section: {rules[0]}')
    expect(run.get('columnKind') == 'unicodeCodePoints', f'columnKind: {run.get("columnKind")}')
    expect(next(r for r in rules if r['id'] == 'unmatched-signal')['defaultConfiguration']['level'] == 'warning',
           'unmatched-signal defaults to warning')
    whole = json.loads(subprocess.run([binary, 'check', '--format', 'json', 'corpus'], cwd=root,
                                      capture_output=True, text=True).stdout)
    findings = [f for fl in whole['files'] for k in fl['kernels'] for f in k['findings']] + \
               [f for fl in whole['files'] for f in fl['diagnostics']]
    results = run['results']
    expect(len(results) == len(findings) > 100, f'{len(results)} results for {len(findings)} findings')
    bad = [r for r in results if not (
        rules[r['ruleIndex']]['id'] == r['ruleId'] and r['message']['text']
        and r['locations'][0]['physicalLocation']['artifactLocation']['uri'].startswith('corpus/')
        and r['locations'][0]['physicalLocation']['artifactLocation']['uriBaseId'] == '%SRCROOT%'
        and r['locations'][0]['physicalLocation']['region']['startLine'] >= 1
        and r['partialFingerprints']['accelsyncFindingHash/v1']
        and r['partialFingerprints']['primaryLocationLineHash'] == r['partialFingerprints']['accelsyncFindingHash/v1'])]
    expect(not bad, f'every result has its rule, a message, a relative file location, a line and a fingerprint: {bad[:1]}')
    hazards = [r for r in results if r['ruleId'].endswith('-hazard')]
    expect(hazards and all(r.get('relatedLocations') and 'fix: ' in r['message']['text'] for r in hazards
                           if 'fix' in r.get('properties', {})),
           'hazards carry the first access as a related location and the fix in the message')
    keys = [(r['locations'][0]['physicalLocation']['artifactLocation']['uri'],
             r['partialFingerprints']['accelsyncFindingHash/v1']) for r in results]
    expect(len(set(keys)) == len(keys), 'fingerprints are unique within a file')
    expect(run['invocations'][0]['executionSuccessful'] is True and run['invocations'][0]['exitCode'] == 1,
           f'the invocation: {run["invocations"]}')

    # -j and --shard do not change a result
    p1, one = sarif('-j', '1', 'corpus')
    expect(p1.stdout == p.stdout, '-j 2 SARIF is byte for byte -j 1 SARIF')
    with tempfile.TemporaryDirectory() as tmp:
        for k in (1, 2):
            with open(os.path.join(tmp, f'{k}.sarif'), 'w') as f:
                f.write(sarif('--shard', f'{k}/2', 'corpus')[0].stdout)
        m = subprocess.run([binary, 'merge-sarif', os.path.join(tmp, '1.sarif'), os.path.join(tmp, '2.sarif'),
                            '-o', os.path.join(tmp, 'm.sarif')], capture_output=True, text=True)
        merged = json.load(open(os.path.join(tmp, 'm.sarif'))) if m.returncode == 0 else None
        expect(merged == doc, f'merge-sarif of the two shards is the log of the whole: {m.stderr}')
        with open(os.path.join(tmp, 'x.json'), 'w') as f:
            f.write('{"version": 1}')
        m = subprocess.run([binary, 'merge-sarif', os.path.join(tmp, '1.sarif'), os.path.join(tmp, 'x.json')],
                           capture_output=True, text=True)
        expect(m.returncode == 2 and m.stdout == '' and m.stderr.endswith('x.json: not a SARIF 2.1.0 log\n'),
               f'merge-sarif refuses what is not SARIF: {m.stderr!r}')

# GitLab Code Quality: an issue per reported finding, each with what the widget needs
cq = subprocess.run([binary, 'check', '--format', 'codequality', 'corpus', 'tests/kernels/unused-suppression/used_ignore.pir'],
                    capture_output=True, text=True, cwd=root)
issues = json.loads(cq.stdout)
reported = sum(1 for fl in whole['files'] for k in fl['kernels'] for f in k['findings']) + \
           sum(len(fl['diagnostics']) for fl in whole['files'])
keys_ok = all(set(i) == {'description', 'check_name', 'fingerprint', 'severity', 'location'}
              and i['severity'] in ('info', 'minor', 'major', 'critical', 'blocker')
              and i['location']['path'].startswith(('corpus/', 'tests/')) and i['location']['lines']['begin'] >= 1
              for i in issues)
expect(cq.returncode == 1 and len(issues) == reported and keys_ok
       and len({i['fingerprint'] for i in issues}) == len(issues),
       f'codequality: {len(issues)} issues for {reported} findings, unique fingerprints, the fields GitLab reads')
expect({i['severity'] for i in issues if i['check_name'] == 'raw-hazard'} == {'major'}
       and {i['severity'] for i in issues if i['check_name'] == 'unmatched-signal'} == {'minor'},
       'errors are major, warnings minor')

# simulate writes the same format: what the schedules showed, as results
sim = subprocess.run([binary, 'simulate', '--format', 'sarif', 'tests/kernels/raw-hazard/signal_same_pipe.pir'],
                     capture_output=True, text=True, cwd=root)
sdoc = json.loads(sim.stdout) if sim.stdout.startswith('{') else None
if sdoc:
    valid(sdoc, 'simulate')
expect(sim.returncode == 1 and sdoc and [r['ruleId'] for r in sdoc['runs'][0]['results']] == ['raw-hazard'],
       f'simulate --format sarif: {sim.returncode} {sim.stdout[:200]!r}')

# suppressed findings stay results, marked as accepted in source, with the reason
_, sup = sarif('tests/kernels/unused-suppression/used_ignore.pir')
valid(sup, 'suppressions')
marks = [r.get('suppressions') for r in sup['runs'][0]['results']]
expect(len(marks) == 5 and all(m and m[0]['kind'] == 'inSource' and m[0]['justification'] for m in marks)
       and marks[0][0]['justification'] == 'the scalar read is a debug probe, its value is not used',
       f'suppressed results carry inSource suppressions: {marks}')

with tempfile.TemporaryDirectory() as tmp:
    base = open(os.path.join(root, 'tests/kernels/raw-hazard/signal_same_pipe.pir')).read()
    with open(os.path.join(tmp, 'k.pir'), 'w') as f:
        f.write(base)
    _, a = sarif('--witness', 'k.pir', cwd=tmp)
    valid(a, 'a witness')
    ra = a['runs'][0]['results'][0]
    flow = ra.get('codeFlows', [{}])[0].get('threadFlows', [{}])[0].get('locations', [])
    expect(len(flow) >= 2 and any('(first access)' in l['location']['message']['text'] for l in flow)
           and any('(second access)' in l['location']['message']['text'] for l in flow),
           f'--witness gives the schedule as a code flow: {flow[:2]}')
    lines = base.split('\n')
    moved = '\n'.join(lines[:6] + ['', '// a comment above the kernel', ''] + lines[6:])
    with open(os.path.join(tmp, 'k.pir'), 'w') as f:
        f.write(moved.replace('  V vmul', '      V   vmul'))
    _, b = sarif('k.pir', cwd=tmp)
    rb = b['runs'][0]['results'][0]
    expect(rb['locations'][0]['physicalLocation']['region']['startLine'] ==
           ra['locations'][0]['physicalLocation']['region']['startLine'] + 3
           and rb['partialFingerprints'] == ra['partialFingerprints'],
           f'moved down three lines and re-indented: same fingerprint {ra["partialFingerprints"]} {rb["partialFingerprints"]}')
    with open(os.path.join(tmp, 'k.pir'), 'w') as f:
        f.write(base.replace('V vmul c <- b, a;', 'V vmul c <- a, b;'))
    _, c = sarif('k.pir', cwd=tmp)
    rc = c['runs'][0]['results'][0]
    expect(rc['partialFingerprints'] != ra['partialFingerprints'],
           'an edit of the statement changes the fingerprint')

    # The fingerprint and the artifact URI do not depend on how the file is named: k.pir,
    # ./k.pir, .//./k.pir, and from another working directory (a copy of the tree elsewhere)
    def first(doc):
        res = doc['runs'][0]['results'][0]
        return (res['locations'][0]['physicalLocation']['artifactLocation']['uri'],
                res['partialFingerprints'])
    with open(os.path.join(tmp, 'k.pir'), 'w') as f:
        f.write(base)
    named = [first(sarif(name, cwd=tmp)[1]) for name in ('k.pir', './k.pir', './/./k.pir')]
    with tempfile.TemporaryDirectory() as other:
        with open(os.path.join(other, 'k.pir'), 'w') as f:
            f.write(base)
        named.append(first(sarif('k.pir', cwd=other)[1]))
    expect(named[0][0] == 'k.pir' and all(n == named[0] for n in named) and named[0] == first(a),
           f'k.pir, ./k.pir, .//./k.pir and another tree: one URI, one fingerprint: {named}')
    # from the directory above, the file is d/k.pir: another URI, so another fingerprint is
    # allowed; what matters is that it does not depend on that directory's own place
    os.mkdir(os.path.join(tmp, 'd'))
    with open(os.path.join(tmp, 'd', 'k.pir'), 'w') as f:
        f.write(base)
    up = [first(sarif(name, cwd=tmp)[1]) for name in ('d/k.pir', './d/k.pir', 'd//k.pir')]
    expect(up[0][0] == 'd/k.pir' and all(n == up[0] for n in up), f'd/k.pir spelt three ways: {up}')

    # Columns are code points (columnKind unicodeCodePoints), not bytes: two bytes of 'é'
    # before the statement count as one column
    with open(os.path.join(tmp, 'u.pir'), 'w') as f:
        f.write(base.replace('  V vmul c <- b, a;', '  /*é*/ V vmul c <- b, a;'))
    _, u = sarif('u.pir', cwd=tmp)
    region = u['runs'][0]['results'][0]['locations'][0]['physicalLocation']['region']
    text = subprocess.run([binary, 'check', 'u.pir'], cwd=tmp, capture_output=True, text=True).stdout
    expect(':10:' in text.split('\n')[0] and region['startColumn'] == 9
           and region['endColumn'] == 9 + len('V vmul c <- b, a;'),
           f'a statement after é: byte column 10 in text, code point column 9 in SARIF: {region} {text[:80]!r}')

    with open(os.path.join(tmp, 'bad.pir'), 'w') as f:
        f.write('model "ascend910b2";\nkernel k {\n  V vadds a <- ;\n}\n')
    p, d = sarif('bad.pir', 'k.pir', cwd=tmp)
    valid(d, 'a syntax error')
    inv = d['runs'][0]['invocations'][0]
    expect(p.returncode == 2 and inv['executionSuccessful'] is False and inv['exitCode'] == 2
           and inv['toolExecutionNotifications'][0]['locations'][0]['physicalLocation']['artifactLocation']['uri'] == 'bad.pir',
           f'a file not verified is a failed execution with a notification: {inv}')
    expect(any(r['ruleId'] == 'syntax-error' and r['locations'][0]['physicalLocation']['region']['startLine'] == 3
               for r in d['runs'][0]['results']), 'the syntax error is a result at its line')
# A configuration's overrides and notification are valid SARIF, and the logs of two shards
# under it merge into the log of the whole, each override once
with tempfile.TemporaryDirectory() as tmp:
    os.mkdir(os.path.join(tmp, '.git'))
    with open(os.path.join(tmp, '.accelsync'), 'w') as f:
        f.write('[check]\ndisable = raw-hazard\n[severity]\nbad-event-id = warning\n')
    racy = open(os.path.join(root, 'tests/kernels/raw-hazard/signal_same_pipe.pir')).read()
    for name in ('a.pir', 'b.pir'):
        with open(os.path.join(tmp, name), 'w') as f:
            f.write(racy)
    _, whole = sarif('a.pir', 'b.pir', cwd=tmp)
    valid(whole, 'a configuration')
    inv = whole['runs'][0]['invocations'][0]
    expect([o['descriptor']['id'] for o in inv['ruleConfigurationOverrides']] == ['raw-hazard', 'bad-event-id']
           and len(inv['toolConfigurationNotifications']) == 1 and whole['runs'][0]['results'] == [],
           f'a configuration in the invocation: {inv}')
    for k in (1, 2):
        with open(os.path.join(tmp, f'{k}.sarif'), 'w') as f:
            f.write(sarif('--shard', f'{k}/2', 'a.pir', 'b.pir', cwd=tmp)[0].stdout)
    m = subprocess.run([binary, 'merge-sarif', '1.sarif', '2.sarif'], capture_output=True, text=True, cwd=tmp)
    expect(m.returncode == 0 and json.loads(m.stdout) == whole,
           f'merge-sarif keeps each configuration override once: {m.stderr} {m.stdout[-300:]}')
# Every result has a location code scanning can place: a file-level problem (a model not
# declared, a file a walk refuses to read, the --max-errors notice, clang's "too many errors",
# which names no file) points at line 1 of the file checked, with its URI; nothing has an
# empty URI.
frontend = subprocess.run([binary, 'check', '--help'], capture_output=True, text=True).stdout
frontend = '.mlu' in frontend
with tempfile.TemporaryDirectory() as tmp:
    lib = os.path.join(tmp, 'lib')
    os.makedirs(os.path.join(lib, 'inc'))
    with open(os.path.join(lib, 'nomodel.pir'), 'w') as f:
        f.write('buffer a : UB[64];\nkernel k { V vadds a <- a; }\n')
    with open(os.path.join(lib, 'three.pir'), 'w') as f:
        f.write('model "ascend910b2";\nbuffer a : UB[64];\n'
                'kernel k {\n  V vadds a <- a;\n  V vadds a <- a;\n  V vadds a <- a;\n  V vadds a <- a;\n}\n')
    os.symlink('/etc/hostname', os.path.join(lib, 'leak.pir'))
    if frontend:
        with open(os.path.join(lib, 'many.cpp'), 'w') as f:
            f.write('#include "kernel_operator.h"\n'
                    + ''.join(f'int f{i}() {{ return undefined_{i}; }}\n' for i in range(30))
                    + 'extern "C" __global__ __aicore__ void many(GM_ADDR x) {}\n')
        with open(os.path.join(lib, 'inc', 'broken.h'), 'w') as f:
            f.write('#pragma once\ninline int broken() { return nothing_here; }\n')
        with open(os.path.join(lib, 'header.cpp'), 'w') as f:
            f.write('#include "kernel_operator.h"\n#include "inc/broken.h"\n'
                    'extern "C" __global__ __aicore__ void header(GM_ADDR x) {}\n')
    p, d = sarif('--max-errors', '2', 'lib', cwd=tmp)
    if d:
        valid(d, 'file-level problems')
        run = d['runs'][0]
        places = [(r['ruleId'], r['message']['text'], loc['physicalLocation'])
                  for r in run['results'] for loc in r['locations'] + r.get('relatedLocations', [])]
        places += [('notification', n['message']['text'], loc['physicalLocation'])
                   for n in run['invocations'][0]['toolExecutionNotifications'] for loc in n.get('locations', [])]
        unplaced = [x for x in places if not x[2]['artifactLocation'].get('uri')
                    or x[2]['artifactLocation']['uri'] in ('.', '')
                    or x[2].get('region', {}).get('startLine', 0) < 1]
        expect(len(places) >= 5 and not unplaced,
               f'every result and notification names a file and a line: {len(places)} places, {unplaced[:2]}')

        def at(rule, words):
            return [(x[2]['artifactLocation']['uri'], x[2].get('region')) for x in places
                    if x[0] == rule and words in x[1]]
        expect(at('model-error', 'no hardware model') == [('lib/nomodel.pir', {'startLine': 1})],
               f'a file without a model: line 1 of the file: {at("model-error", "no hardware model")}')
        expect(at('input-error', 'cannot read') == [('lib/leak.pir', {'startLine': 1})],
               f'a file the walk does not read: line 1 of the file: {at("input-error", "cannot read")}')
        expect(at('limit-exceeded', '--max-errors') == [('lib/three.pir', {'startLine': 1})],
               f'the --max-errors notice: line 1 of the file: {at("limit-exceeded", "--max-errors")}')
        if frontend:
            expect(at('source-error', 'too many errors') == [('lib/many.cpp', {'startLine': 1})],
                   f'clang\'s message with no file: line 1 of the source read: {at("source-error", "too many errors")}')
            expect([u for u, _ in at('source-error', 'nothing_here')] == ['lib/inc/broken.h'],
                   f'an error in an included header names the header: {at("source-error", "nothing_here")}')
    else:
        expect(False, f'file-level problems: no SARIF: {p.returncode} {p.stderr[:300]}')
finish()

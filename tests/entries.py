#!/usr/bin/env python3
"""Kernel entries as the vendor's build makes them, and what the report says of each: an entry
(or key or template variant) that accesses no memory is empty-kernel, not verified, in every
format; overloaded entries are each a kernel named by their parameters; a tiling-key template
is checked once per instance its ASCENDC_TPL_SEL lists, -D of a parameter keeping some; the
arch macros are the model's, never silently overridden. The verdicts are the golden tags of
the kernels named here; this checks the words, fields and exit codes around them.

usage: entries.py ACCELSYNC SOURCE_ROOT (run from SOURCE_ROOT)"""
import json
import os
import subprocess
import sys
import tempfile
from expect import expect, finish

binary, root = sys.argv[1], sys.argv[2]
A = 'tests/frontend/ascendc'
B = 'tests/frontend/bangc'
TPL = f'{A}/tpl_add/op_kernel/tpl_add.cpp'


def run(*args):
    return subprocess.run([binary] + list(args), capture_output=True, text=True, cwd=root)


def kernels(p):
    doc = json.loads(p.stdout)
    return doc, [k for f in doc['files'] for k in f['kernels']]


# empty-kernel: the message at the entry, the summary, exit 2 even though it is a warning
p = run('check', f'{B}/arch_compiled_out.mlu')
lines = p.stdout.splitlines()
expect(p.returncode == 2, f'an empty kernel makes the file not verified: exit {p.returncode}')
expect(lines[0] == f"{B}/arch_compiled_out.mlu:19:1: warning: kernel 'only_592' accesses no "
       'memory as it was read (its code compiled out for this arch, data type or key, never '
       'reached, or moving no bytes with the values it ran with): nothing in it was verified '
       '[empty-kernel]', f'empty-kernel message: {lines[0]!r}')
expect(lines[-1] == 'accelsync: 1 file, 2 kernels: 0 errors, 1 warning; 1 empty kernel, not '
       'verified; 1 file NOT VERIFIED', f'empty-kernel summary: {lines[-1]!r}')
p = run('check', '--format', 'json', f'{B}/arch_compiled_out.mlu')
doc, ks = kernels(p)
empty = [k for k in ks if k['name'] == 'only_592']
expect(len(empty) == 1 and empty[0]['empty'] and not empty[0]['complete']
       and not empty[0]['verified'] and empty[0]['entry'] == 'only_592'
       and [f['check'] for f in empty[0]['findings']] == ['empty-kernel']
       and empty[0]['findings'][0]['severity'] == 'warning'
       and empty[0]['findings'][0]['code'] == 'AS0108',
       f'JSON: the empty kernel is empty, not complete, with its finding: {empty}')
other = [k for k in ks if k['name'] == 'any_arch']
expect(len(other) == 1 and not other[0]['empty'] and other[0]['complete'],
       f'JSON: the entry beside it is complete: {other}')
expect(doc['summary']['empty_kernels'] == 1 and doc['summary']['exit_code'] == 2
       and doc['files'][0]['status'] == 'error', f'JSON summary: {doc["summary"]}')
p = run('check', '--format', 'sarif', f'{B}/arch_compiled_out.mlu')
sarif = json.loads(p.stdout)
rules = {r['id']: r for r in sarif['runs'][0]['tool']['driver']['rules']}
expect('empty-kernel' in rules and rules['empty-kernel']['defaultConfiguration']['level'] == 'warning'
       and rules['empty-kernel']['properties']['code'] == 'AS0108', 'SARIF: the empty-kernel rule')
expect([r['ruleId'] for r in sarif['runs'][0]['results']] == ['empty-kernel']
       and not sarif['runs'][0]['invocations'][0]['executionSuccessful'],
       'SARIF: the finding, and the run not successful')
# a variant names its entry; --werror and --fail-on never do not make it look verified
p = run('check', f'{A}/empty_key_variant.cpp')
expect(p.stdout.startswith(f"{A}/empty_key_variant.cpp:11:12: warning: kernel 'copy_key2' (entry "
                           'copy) accesses no memory'), f'a key variant names its entry: {p.stdout[:160]!r}')
for flag in ('--werror', '--fail-on=never'):
    p = run('check', flag, f'{A}/empty_key_variant.cpp')
    expect(p.returncode == 2, f'{flag}: an empty kernel is still not verified (exit {p.returncode})')

# an ignore comment cannot hide an empty kernel
with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, 'ignored.mlu')
    with open(path, 'w') as out:
        out.write('#include <bang.h>\n'
                  '// accelsync: ignore(empty-kernel) written for the next chip\n'
                  '__mlu_entry__ void later(float *x) {\n'
                  '#if __BANG_ARCH__ >= 592\n  __sync();\n#endif\n}\n')
    p = run('check', path)
    expect(p.returncode == 2 and '[empty-kernel]' in p.stdout and
           "'empty-kernel' cannot be suppressed" in p.stdout,
           f'ignore(empty-kernel) is refused and the kernel stays empty: {p.stdout!r}')

# overloaded entries: a kernel each, named by the parameters
p = run('check', '--format', 'json', f'{B}/overloaded_entries.mlu')
doc, ks = kernels(p)
expect([(k['name'], k['entry']) for k in ks] == [('add_float_ptr_int', 'add(float *, int)'),
                                                  ('add_half_ptr_int', 'add(half *, int)')],
       f'BANG C overloads: {[(k["name"], k.get("entry")) for k in ks]}')
p = run('lower', f'{A}/overloaded_entries.cpp')
expect(p.returncode == 0 and
       '// entry scale(uint8_t *, uint8_t *) is kernel scale_uint8_t_ptr_uint8_t_ptr' in p.stdout
       and '// entry scale(uint8_t *, uint8_t *, int) is kernel scale_uint8_t_ptr_uint8_t_ptr_int'
       in p.stdout and 'kernel scale_uint8_t_ptr_uint8_t_ptr {' in p.stdout,
       f'lower: the overloads and their kernel names: {p.stdout[:600]!r}')

# tiling-key templates: one kernel per instance, in the selections' order
p = run('lower', TPL)
notes = [l for l in p.stdout.splitlines() if l.startswith('// entry ')]
expect(notes == ['// entry tpl_add<float, 0, true> is kernel tpl_add_float_0_true',
                 '// entry tpl_add<float, 1, true> is kernel tpl_add_float_1_true',
                 '// entry tpl_add<half, 1, false> is kernel tpl_add_half_1_false',
                 '// entry tpl_add<half, 2, false> is kernel tpl_add_half_2_false'],
       f'lower: the instances ASCENDC_TPL_SEL lists: {notes}')
p = run('check', '--format', 'json', '-D', 'D_T_X=1', TPL)
doc, ks = kernels(p)
expect([k['entry'] for k in ks] == ['tpl_add<half, 1, false>', 'tpl_add<half, 2, false>'],
       f'-D D_T_X=1 (half) keeps the half instances: {[k["entry"] for k in ks]}')
p = run('check', '-D', 'MODE=3', TPL)
expect(p.returncode == 2 and p.stdout.startswith(
    f'{TPL}: error: -D MODE=3: ASCENDC_TPL_SEL selects no instance of the kernel template with '
    "that value of its parameter 'MODE' (its values: 0, 1, 2) [input-error]"),
    f'-D of a value no instance has: {p.stdout!r}')
# a range is a macro's value for a name in capitals (refused), and keeps a range of instances
# for a template parameter in lower case (tests/frontend/ascendc/tpl_add has none: see
# docs/frontends.md)

# the arch macros are the model's: 592 reads the source for mlu590, an arch no model has is refused
p = run('check', '-D', '__BANG_ARCH__=999', f'{B}/arch_compiled_out.mlu')
expect(p.returncode == 2 and p.stdout.startswith(
    f'{B}/arch_compiled_out.mlu: error: -D __BANG_ARCH__=999: no hardware model for BANG C sources '
    'defines __BANG_ARCH__ as 999 (found: 372 (mlu370), 592 (mlu590)), so code for that arch would '
    "be checked against another chip's model [input-error]"), f'-D __BANG_ARCH__=999: {p.stdout!r}')
p = run('lower', '-D', '__BANG_ARCH__=999', f'{B}/arch_compiled_out.mlu')
expect(p.returncode == 2 and p.stdout == '', f'lower -D __BANG_ARCH__=999 writes no PIR: {p.stdout!r}')
p = run('lower', '-D', '__BANG_ARCH__=592', f'{B}/arch_compiled_out.mlu')
expect(p.returncode == 0 and 'model "mlu590";' in p.stdout,
       f'-D __BANG_ARCH__=592 reads the source for mlu590: {p.stdout[:200]!r}')
p = run('check', '--format', 'json', '--arch', '592', f'{B}/arch_compiled_out.mlu')
doc, ks = kernels(p)
expect(p.returncode == 0 and sorted(k['name'] for k in ks if k['complete'] and not k['empty'])
       == ['any_arch', 'only_592'], f'--arch 592: both entries are read and checked: {ks}')
p = run('check', f'{B}/arch_redefined.mlu')
expect(p.stdout.startswith(f'{B}/arch_redefined.mlu:6:9: error: the source defines __BANG_ARCH__ as '
                           '592, but it is read for a model whose __BANG_ARCH__ is 372'),
       f'a #define of the arch macro: {p.stdout[:200]!r}')
p = run('check', '-D', '__DAV_C220_VEC__=1', f'{A}/arch_define_in_source.cpp')
expect(p.returncode == 2 and "-D __DAV_C220_VEC__: the frontend defines the core types' macros "
       'itself' in p.stdout, f'-D of a core type macro: {p.stdout!r}')
p = run('lower', '-D', '__NPU_ARCH__=1001', f'{A}/arch_define_in_source.cpp')
expect('model "ascend910";' in p.stdout, '-D __NPU_ARCH__=1001 reads the source for ascend910')

finish()

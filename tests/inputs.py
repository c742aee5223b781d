#!/usr/bin/env python3
"""Which files `accelsync check PATH...` checks, and in what order: a directory is walked for
*.pir files in byte order (hidden entries skipped, --exclude honoured), files named are
always checked, a directory with no kernel or that cannot be read is an error (exit 2); -j N
gives output identical to -j 1; --shard K/N slices concatenate to the whole list; the
example of docs/ci.md is what the tool prints.

usage: inputs.py ACCELSYNC SOURCE_ROOT"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from expect import expect, finish

binary, root = sys.argv[1], sys.argv[2]


def run(*args, cwd=None):
    return subprocess.run([binary] + list(args), capture_output=True, text=True, cwd=cwd)


def paths(p):
    return [f['path'] for f in json.loads(p.stdout)['files']] if p.stdout.startswith('{') else p.stdout


CLEAN = 'model "ascend910b2";\nbuffer a : UB[64];\nkernel k {\n  V vadds a <- a;\n}\n'
RACY = 'model "ascend910b2";\nbuffer a : UB[64];\nkernel k {\n  V vadds a <- a;\n  S get_value <- a[0 +: 4];\n}\n'

with tempfile.TemporaryDirectory() as tmp:
    tree = {'lib/b.pir': CLEAN, 'lib/a/z.pir': RACY, 'lib/a/B.pir': CLEAN, 'lib/A.pir': CLEAN,
            'lib/notes.txt': 'not a kernel', 'lib/.hidden/h.pir': RACY, 'lib/.h.pir': RACY,
            'lib/gen/x.pir': RACY, 'lib/x_test.pir': CLEAN}
    for rel, text in tree.items():
        os.makedirs(os.path.join(tmp, os.path.dirname(rel)), exist_ok=True)
        with open(os.path.join(tmp, rel), 'w') as f:
            f.write(text)
    os.symlink(os.path.join(tmp, 'lib'), os.path.join(tmp, 'lib', 'loop'))   # not followed

    p = run('check', '--format', 'json', 'lib', cwd=tmp)
    expect(p.returncode == 1 and paths(p) == ['lib/A.pir', 'lib/a/B.pir', 'lib/a/z.pir',
                                              'lib/b.pir', 'lib/gen/x.pir', 'lib/x_test.pir'],
           f'a directory is walked in byte order, hidden entries and links skipped: {paths(p)}')
    p = run('check', '--format', 'json', '--exclude', 'lib/gen', '--exclude=*_test.pir',
            '--exclude', 'z.pir', 'lib', 'lib/x_test.pir', cwd=tmp)
    expect(paths(p) == ['lib/A.pir', 'lib/a/B.pir', 'lib/b.pir', 'lib/x_test.pir'],
           f'--exclude skips paths and names while walking; a named file is checked: {paths(p)}')
    expect(p.returncode == 0, f'the racy files were excluded: exit {p.returncode}')

    os.makedirs(os.path.join(tmp, 'empty', 'sub'))
    p = run('check', 'empty', 'lib/b.pir', cwd=tmp)
    expect(p.returncode == 2 and p.stderr in (
        'accelsync: no kernel files under empty (looked for *.pir)\n',   # built without the frontend
        'accelsync: no kernel files under empty (looked for *.pir, *.cpp, *.cc, *.cxx, *.asc, *.mlu)\n')
           and p.stdout.endswith('accelsync: 1 file, 1 kernel: 0 errors, 0 warnings\n'),
           f'a directory without kernels is an error, the rest is still checked: {p.returncode} {p.stderr!r}')
    if os.geteuid() != 0:   # root reads any directory
        os.makedirs(os.path.join(tmp, 'closed'))
        os.chmod(os.path.join(tmp, 'closed'), 0)
        p = run('check', 'closed', cwd=tmp)
        expect(p.returncode == 2 and 'cannot read directory closed: Permission denied' in p.stderr,
               f'an unreadable directory: {p.stderr!r}')

    # -j: the same bytes whatever the number of threads
    corpus = os.path.join(root, 'corpus')
    one = run('check', '-j', '1', corpus)
    two = run('check', '-j', '2', corpus)
    four = run('check', '--jobs=4', '--format', 'json', corpus)
    expect(one.returncode == two.returncode == 1 and one.stdout == two.stdout and one.stdout.count('\n') > 1000,
           '-j 2 prints exactly what -j 1 prints')
    expect(json.loads(four.stdout) == json.loads(run('check', '-j1', '--format', 'json', corpus).stdout),
           '-j 4 JSON equals -j 1 JSON')

    # --shard: contiguous slices of the sorted list, together the whole
    whole = paths(run('check', '--format', 'json', corpus))
    parts = [paths(run('check', '--format', 'json', '--shard', f'{k}/3', corpus)) for k in (1, 2, 3)]
    expect(parts[0] + parts[1] + parts[2] == whole and all(abs(len(x) - len(whole) / 3) < 1 for x in parts),
           f'three shards concatenate to the whole: {[len(x) for x in parts]} of {len(whole)}')
    for bad in ('0/2', '3/2', '1/0', 'x', '1/2/3', '-1/2'):
        p = run('check', '--shard', bad, corpus)
        expect(p.returncode == 2 and f"--shard takes K/N with 1 <= K <= N, got '{bad}'" in p.stderr,
               f'--shard {bad}: {p.stderr!r}')

# docs/ci.md's example is the tool's output: its tree is add_custom from the corpus and the
# scale kernel of README.md
with tempfile.TemporaryDirectory() as tmp:
    readme = open(os.path.join(root, 'README.md')).read()
    start = readme.index('// y = 2 * x on one vector core')
    scale = readme[start:readme.index('```', start)]
    os.makedirs(os.path.join(tmp, 'kernels', 'vector'))
    shutil.copy(os.path.join(root, 'corpus/ascend910b2/add_custom/add_custom.pir'),
                os.path.join(tmp, 'kernels', 'vector'))
    with open(os.path.join(tmp, 'kernels', 'vector', 'scale.pir'), 'w') as f:
        f.write(scale)
    doc = open(os.path.join(root, 'docs', 'ci.md')).read()
    shown = '$ accelsync check -j 2 kernels\n'
    block = doc[doc.index(shown) + len(shown):doc.index('```', doc.index(shown))]
    p = run('check', '-j', '2', 'kernels', cwd=tmp)
    expect(p.returncode == 1 and p.stdout == block, f'docs/ci.md shows the real output: {p.stdout!r}')
# The walk checks kernel sources: host code (op_host/), tests, bindings and files without a
# device entry are skipped, listed with --list-files and counted apart in every report; a
# file named is checked whatever it is. docs/cli.md shows this tree.
LIBRARY = {
    'ops/add/op_host/add_tiling.cpp': '#include "register/op_def_registry.h"\nnamespace optiling { static int TilingFunc() { return 0; } }\n',
    'ops/add/op_kernel/add.cpp': '#include "kernel_operator.h"\nusing namespace AscendC;\n\n'
                                 'extern "C" __global__ __aicore__ void add(GM_ADDR x)\n{\n'
                                 '    LocalTensor<float> a(TPosition::VECCALC, 0, 64);\n'
                                 '    LocalTensor<float> b(TPosition::VECCALC, 256, 64);\n'
                                 '    Duplicate(a, 1.0f, 64);\n    Copy(b, a, 64, 1, {1, 1, 8, 8});\n}\n',
    'ops/add/op_kernel/add_impl.h': '#pragma once\n__aicore__ inline void helper() {}\n',
    'ops/add/tests/test_add.cpp': '#include <gtest/gtest.h>\nextern "C" __global__ __aicore__ void add(GM_ADDR x) {}\nTEST(add, runs) {}\n',
    'ops/relu/relu.mlu': '#include <bang.h>\n\n__nram__ float buf[64];\n\n__mlu_global__ void relu(float *x) {\n'
                         '  __memcpy(buf, x, 256, GDRAM2NRAM);\n  __bang_active_relu(buf, buf, 64);\n'
                         '  __memcpy(x, buf, 256, NRAM2GDRAM);\n}\n',
    'ops/relu/relu_launch.mlu': '#include <bang.h>\n__mlu_global__ void relu(float *x);\n'
                                'void launch(float *x, cnrtQueue_t q) { relu<<<{1, 1, 1}, cnrtFuncTypeBlock, q>>>(x); }\n',
    'ops/python/bindings.cpp': '#include <torch/extension.h>\nPYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("add", &add); }\n',
    'ops/samples/main.cpp': '// host program: declares the entry, launches it\n'
                            'extern "C" __global__ __aicore__ void add(GM_ADDR x);\nint main() { return 0; }\n',
    'ops/utils/shape_util.cpp': '// not entries: __global__ __aicore__ void in_comment() {}\n'
                                '/* __mlu_global__ void in_block(float *x) { }\n */\n'
                                'const char *doc = "__mlu_entry__ void in_string() {}";\n'
                                'int ceil_div(int a, int b) { return (a + b - 1) / b; }\n',
}
frontend = '.mlu' in run('check', '--help').stdout
cli_doc = open(os.path.join(root, 'docs', 'cli.md')).read()


def doc_block(shown):
    start = cli_doc.index(shown) + len(shown)
    return cli_doc[start:cli_doc.index('```', start)]


if frontend:
    with tempfile.TemporaryDirectory() as tmp:
        for rel, text in LIBRARY.items():
            os.makedirs(os.path.join(tmp, os.path.dirname(rel)), exist_ok=True)
            with open(os.path.join(tmp, rel), 'w') as f:
                f.write(text)
        p = run('check', '--list-files', 'ops', cwd=tmp)
        expect(p.returncode == 0 and p.stdout == doc_block('$ accelsync check --list-files ops\n'),
               f'--list-files: docs/cli.md shows what it prints: {p.returncode} {p.stdout!r}')
        lines = p.stdout.splitlines()
        expect([l.split(': ')[0] for l in lines if ': checked: ' in l]
               == ['ops/add/op_kernel/add.cpp', 'ops/relu/relu.mlu']
               and not any('add_impl.h' in l for l in lines),
               f'only the files defining a device entry are checked; headers are not listed: {lines}')
        p = run('check', 'ops', cwd=tmp)
        expect(p.returncode == 0 and p.stdout == doc_block('$ accelsync check ops\n'),
               f'check: docs/cli.md shows the summary with the files skipped: {p.returncode} {p.stdout!r}')
        p = run('check', '--format', 'json', 'ops', cwd=tmp)
        doc = json.loads(p.stdout) if p.stdout.startswith('{') else {}
        expect(paths(p) == ['ops/add/op_kernel/add.cpp', 'ops/relu/relu.mlu']
               and doc['summary']['files'] == 2 and doc['summary']['skipped'] == 6,
               f'JSON: the files skipped are counted apart, never as files: {doc.get("summary")}')
        p = run('check', '--format', 'sarif', 'ops', cwd=tmp)
        sarif_run = json.loads(p.stdout)['runs'][0] if p.stdout.startswith('{') else {}
        expect(sarif_run.get('properties') == {'skippedFiles': 6}
               and [a['location']['uri'] for a in sarif_run['artifacts']]
               == ['ops/add/op_kernel/add.cpp', 'ops/relu/relu.mlu'],
               f'SARIF: the run counts the files skipped, its artifacts are those checked: '
               f'{sarif_run.get("properties")}')
        shards = [json.loads(run('check', '--format', 'json', '--shard', f'{k}/3', 'ops', cwd=tmp).stdout)
                  for k in (1, 2, 3)]
        expect(sum(d['summary']['skipped'] for d in shards) == 6
               and [f['path'] for d in shards for f in d['files']]
               == ['ops/add/op_kernel/add.cpp', 'ops/relu/relu.mlu'],
               f'--shard: the slices count each file skipped once: {[d["summary"] for d in shards]}')
        p = run('check', '--format', 'json', 'ops/add/tests/test_add.cpp', 'ops/utils/shape_util.cpp', cwd=tmp)
        expect(paths(p) == ['ops/add/tests/test_add.cpp', 'ops/utils/shape_util.cpp']
               and json.loads(p.stdout)['summary']['skipped'] == 0,
               f'a file named is checked, test or not: {paths(p)}')
        p = run('check', 'ops/utils', cwd=tmp)
        expect(p.returncode == 2 and p.stderr.startswith('accelsync: no kernel files under ops/utils (')
               and p.stderr.endswith('; 1 host/test file skipped: --list-files says why)\n'),
               f'a directory of host code only is not a clean run: {p.returncode} {p.stderr!r}')
        # entries a source gets from the headers it includes with quotes (found beside it or
        # in a directory above it, inside the walk): through a macro, or defined in a device
        # header; a header that only declares one does not make a host launcher a kernel
        unary = ('#define UNARY_KERNEL_IMPL(Op) \\\n  __mlu_global__ void Kernel##Op(float *x) { \\\n'
                 '    __bang_active_relu(x, x, 64); \\\n  }\n')
        more = {'mops/kernels/unary_op/unary_op.h': unary,
                'mops/kernels/relu/relu_block.mlu': '#include "kernels/unary_op/unary_op.h"\n'
                                                    '__nram__ float buf[64];\nUNARY_KERNEL_IMPL(Relu);\n',
                'mops/kernels/adam/adam_device.mluh': '__mlu_global__ void adam(float *x) { }\n',
                'mops/kernels/adam/adam_union1.mlu': '#include "adam_device.mluh"\n'
                                                     'void launch(float *x) { adam<<<1, 1, 0>>>(x); }\n',
                'mops/kernels/adam/adam.h': '__mlu_global__ void adam(float *x);\n',
                'mops/kernels/adam/adam_launch.mlu': '#include "adam.h"\n#include "../unary_op/unary_op.h"\n'
                                                     'void launch(float *x) { adam<<<1, 1, 0>>>(x); }\n',
                # a header library under include/: a macro for the entry words, a template entry
                'mops/include/lib/macros.hpp': '#define LIB_GLOBAL __global__ __aicore__\n',
                'mops/include/lib/adapter.hpp': '#include "lib/macros.hpp"\n'
                                                'template <class Op> LIB_GLOBAL void Adapter(GM_ADDR x) { Op::Run(x); }\n',
                'mops/examples/basic/basic.cpp': '#include "lib/adapter.hpp"\nint main() { return 0; }\n',
                'mops/examples/direct/direct.cpp': '#include "lib/macros.hpp"\n\nLIB_GLOBAL void direct(GM_ADDR x) {}\n',
                'mops/examples/host/host.cpp': '#include "lib/macros.hpp"\nLIB_GLOBAL void k(GM_ADDR x);\n'
                                               'int main() { return 0; }\n'}
        for rel, text in more.items():
            os.makedirs(os.path.join(tmp, os.path.dirname(rel)), exist_ok=True)
            with open(os.path.join(tmp, rel), 'w') as f:
                f.write(text)
        p = run('check', '--list-files', 'mops', cwd=tmp)
        expect(p.stdout.splitlines() == [
            'mops/examples/basic/basic.cpp: checked: includes a header that defines a device entry '
            '(lib/adapter.hpp)',
            'mops/examples/direct/direct.cpp: checked: defines a device entry through a macro of an '
            'included header (LIB_GLOBAL at line 3)',
            'mops/examples/host/host.cpp: skipped: host code: defines main(), no device entry (main '
            'at line 3)',
            'mops/kernels/adam/adam_launch.mlu: skipped: no device entry defined (a __global__, '
            '__mlu_global__ or __mlu_entry__ function)',
            'mops/kernels/adam/adam_union1.mlu: checked: includes a header that defines a device '
            'entry (adam_device.mluh)',
            'mops/kernels/relu/relu_block.mlu: checked: defines a device entry through a macro of '
            'an included header (UNARY_KERNEL_IMPL at line 3)',
            'accelsync: 6 files: 4 checked, 2 skipped (not kernel sources), 0 not read'],
            f'entries from included headers: {p.stdout!r}')
        os.makedirs(os.path.join(tmp, 'suite', 'tests'))
        with open(os.path.join(tmp, 'suite', 'tests', 'relu_case.mlu'), 'w') as f:
            f.write(LIBRARY['ops/relu/relu.mlu'])
        p = run('check', 'suite/tests', cwd=tmp)
        expect(p.returncode == 0 and p.stdout == 'accelsync: 1 file, 1 kernel: 0 errors, 0 warnings\n',
               f'the walked directory itself is not a test directory: {p.returncode} {p.stdout!r} {p.stderr!r}')
        p = run('check', 'suite', cwd=tmp)
        expect(p.returncode == 2 and 'suite/tests' not in p.stdout,
               f'... one below it is: {p.returncode} {p.stdout!r}')
# docs/ci.md's pre-commit `rev` names a revision that exists: accelsync has no tags, so a
# tag name there would be a rev pre-commit cannot clone. COMMIT is the placeholder it explains.
ci = open(os.path.join(root, 'docs', 'ci.md')).read()
revs = re.findall(r'^\s*rev:\s*(\S+)', ci, re.M)
tags = subprocess.run(['git', 'tag', '-l'], cwd=root, capture_output=True, text=True).stdout.split()
expect(revs and all(r == 'COMMIT' or r in tags for r in revs),
       f'docs/ci.md: every pre-commit rev is COMMIT or an existing tag ({tags}): {revs}')
expect('git ls-remote' in ci, 'docs/ci.md says how to find the commit to pin')

finish()

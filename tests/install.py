#!/usr/bin/env python3
"""`meson install` into a temporary DESTDIR gives a relocatable accelsync: the installed
binary, run from another directory with no ACCELSYNC_MODEL_PATH, finds the models installed
beside it (no path of the source or build tree is searched), and the man page and the bash
completion are installed. The shared library exports exactly the header's API, and a second
program links it through pkg-config and finds the models installed with the moved library. The man page names every option that --help prints.

usage: install.py BUILD_ROOT SOURCE_ROOT"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
from expect import expect, finish

build, root = sys.argv[1], sys.argv[2]


with tempfile.TemporaryDirectory() as tmp:
    dest = os.path.join(tmp, 'dest')
    p = subprocess.run(['meson', 'install', '-C', build, '--destdir', dest, '--no-rebuild',
                        '--quiet'], capture_output=True, text=True)
    expect(p.returncode == 0, f'meson install: {p.stdout}{p.stderr}')
    found = {os.path.relpath(os.path.join(d, f), dest) for d, _, fs in os.walk(dest) for f in fs}
    binary = next((f for f in found if f.endswith('bin/accelsync')), None)
    expect(binary is not None, f'the binary is installed: {sorted(found)}')
    prefix = os.path.dirname(os.path.dirname(binary)) if binary else ''
    for want in ('share/accelsync/hwmodels/ascend910b2.xml', 'share/accelsync/hwmodels/mlu370.xml',
                 'share/accelsync/hwmodels/mlu590.xml', 'share/accelsync/hwmodels/ascend950.xml',
                 'share/man/man1/accelsync.1', 'share/bash-completion/completions/accelsync'):
        expect(os.path.join(prefix, want) in found, f'{want} is installed')
    if binary:
        # relocate the whole prefix: what matters is the binary's own place
        moved = os.path.join(tmp, 'elsewhere')
        shutil.move(os.path.join(dest, prefix), moved)
        exe = os.path.join(moved, 'bin', 'accelsync')
        work = os.path.join(tmp, 'work')
        os.mkdir(work)
        shutil.copy(os.path.join(root, 'corpus/ascend910b2/add_custom/add_custom.pir'), work)
        env = {k: v for k, v in os.environ.items() if k != 'ACCELSYNC_MODEL_PATH'}
        c = subprocess.run([exe, 'check', 'add_custom.pir'], cwd=work, env=env,
                           capture_output=True, text=True)
        expect(c.returncode == 0 and c.stdout.endswith('0 errors, 0 warnings\n'),
               f'the moved install checks a kernel: {c.stdout}{c.stderr}')
        n = subprocess.run([exe, 'check', '--model', 'nosuch', 'add_custom.pir'], cwd=work,
                           env=env, capture_output=True, text=True)
        searched = re.search(r'looked for nosuch.xml in (.*) \[model-error\]', n.stdout)
        dirs = searched.group(1).split(', ') if searched else []
        expect(dirs and dirs[0] == os.path.realpath(os.path.join(moved, 'share/accelsync/hwmodels')),
               f'models are found beside the moved binary: {n.stdout}')
        expect(not any(d.startswith(os.path.realpath(root)) for d in dirs),
               f'no source or build directory is searched: {dirs}')

        # a second program links the installed library through pkg-config (docs/example.c)
        pcdir = next((os.path.dirname(os.path.join(moved, os.path.relpath(os.path.join(dest, f), os.path.join(dest, prefix))))
                      for f in found if f.endswith('pkgconfig/accelsync.pc')), None)
        expect(pcdir is not None, 'accelsync.pc is installed')
        expect(os.path.join(prefix, 'include/accelsync/accelsync.h') in found, 'the header is installed')
        expect(any(re.search(r'lib.*/libaccelsync\.a$', f) for f in found)
               and any(re.search(r'lib.*/libaccelsync\.so', f) for f in found),
               'the static and the shared library are installed')
        # the shared library exports the functions the header marks AS_EXPORT, and nothing else
        header = open(os.path.join(root, 'include/accelsync/accelsync.h')).read()
        declared = set(re.findall(r'^AS_EXPORT [^(]*?\b(as_\w+)\(', header, re.M))
        so = next((os.path.join(moved, os.path.relpath(f, prefix)) for f in sorted(found)
                   if re.search(r'lib.*/libaccelsync\.so\.\d+\.\d+\.\d+$', f)), None)
        nm = subprocess.run(['nm', '-D', '--defined-only', so or '/nonexistent'], capture_output=True, text=True)
        exported = {l.split()[-1] for l in nm.stdout.splitlines() if l.split()[1:2] in (['T'], ['D'], ['B'], ['R'])}
        expect(len(declared) >= 25 and exported == declared,
               f'exported symbols are the API: extra {sorted(exported - declared)[:10]}, '
               f'missing {sorted(declared - exported)}')
        if pcdir:
            penv = dict(env, PKG_CONFIG_PATH=pcdir)
            flags = subprocess.run(['pkg-config', '--cflags', '--libs', 'accelsync'], env=penv, capture_output=True, text=True)
            expect(flags.returncode == 0, f'pkg-config: {flags.stderr}')
            example = os.path.join(tmp, 'example')
            cc = subprocess.run(['cc', os.path.join(root, 'docs', 'example.c'), '-o', example]
                                + flags.stdout.split(), capture_output=True, text=True)
            expect(cc.returncode == 0, f'docs/example.c builds: {cc.stderr}')
            libdir = re.search(r'-L(\S+)', flags.stdout)
            if cc.returncode == 0 and libdir:
                # no ACCELSYNC_MODEL_PATH (env has none): the library finds the models
                # installed with it, from where it was loaded, as the binary does
                renv = dict(env, LD_LIBRARY_PATH=libdir.group(1))
                racy = os.path.join(work, 'racy.pir')
                with open(racy, 'w') as fh:
                    fh.write('model "ascend910b2";\nbuffer a : UB[64];\nbuffer b : UB[64];\n'
                             'kernel k {\n  V vadds a <- b;\n  S get_value <- a[0 +: 4];\n}\n')
                run = subprocess.run([example, 'add_custom.pir', racy], cwd=work, env=renv,
                                     capture_output=True, text=True)
                expect(run.returncode == 1 and run.stdout ==
                       'add_custom.pir: kernel add_custom: complete\n'
                       f'{racy}: kernel k: complete\n'
                       f'{racy}:6:3: error raw-hazard (with line 5)\n',
                       f'the example, linked to the moved library, finds its models and reads the result: '
                       f'exit {run.returncode}, {run.stdout!r} {run.stderr}')

man = open(os.path.join(root, 'docs', 'accelsync.1')).read().replace('\\-', '-')
for cmd in ('check', 'simulate', 'mutate', 'fix', 'lower', 'merge-sarif', 'models'):
    h = subprocess.run([os.path.join(build, 'src', 'accelsync'), cmd, '--help'],
                       capture_output=True, text=True).stdout
    for opt in sorted(set(re.findall(r'^  (?:-\w, )?(--[a-z][a-z-]*)', h, re.M))):
        expect(opt in man, f'the man page names {cmd} {opt}')
finish()

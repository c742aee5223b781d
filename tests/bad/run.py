#!/usr/bin/env python3
"""Bad-input suite: every case is hostile or broken input that accelsync must reject with one
exact first diagnostic and exit code, quickly, without crashing.

Cases:
  tests/bad/pir/*.pir     checked as `accelsync check [ARGS] CASE`
  tests/bad/model/*.xml   checked as `accelsync check [ARGS] --model CASE tests/bad/model/driver.pir`
  generated cases         built below (NUL bytes, 100,000-deep nesting, ...) in a temporary
                          directory, because they are awkward or large as files

Each case file states its expectation in its first lines, in // comments in PIR and in
<?accelsync ...?> processing instructions in XML (an XML comment may not hold "--"):
  bad: LOCATION CHECK-ID exit=N MESSAGE
  args: OPTIONS...                    (optional)
  also: LINE                          (optional, repeatable: a whole line the output must hold
                                       too, e.g. the summary)
LOCATION is LINE:COL or LINE in the case file, PATH:LINE:COL in another file, or - for a
finding about the whole file. The first line the checker prints must be exactly
`FILE:LINE:COL: error: MESSAGE [CHECK-ID]` (gcc style, docs/cli.md), the exit code N, and
the run must end within the time limit. (`warning:` for the ids in WARNINGS.)

usage: run.py ACCELSYNC [--show]   (run from the source root; --show prints what each case
                                    gives instead of comparing)"""
import os
import re
import shlex
import subprocess
import sys
import tempfile

TIME_LIMIT = 30     # seconds per case, under the sanitizers too
WARNINGS = {'unmatched-signal'}     # the check ids whose findings are warnings
HEADER = re.compile(r'bad:\s*(\S+)\s+([a-z-]+)\s+exit=(\d)\s+(.*?)\s*(?:\?>)?$')
ARGS = re.compile(r'args:\s*(.*?)\s*(?:\?>)?$')
ALSO = re.compile(r'also:\s*(.*?)\s*(?:\?>)?$')
HEADER_LINES = 8


def read_header(data):
    """(location, check, exit code, message, args, also) from the first lines of a case."""
    expect, args, also = None, [], []
    for line in data.split(b'\n')[:HEADER_LINES]:
        text = line.decode('utf-8', 'replace')
        m = HEADER.search(text)
        if m:
            expect = m.groups()
        m = ARGS.search(text)
        if m:
            args = shlex.split(m.group(1))
        m = ALSO.search(text)
        if m:
            also.append(m.group(1))
    if not expect:
        raise ValueError('no "bad:" line in the first lines')
    return expect, args, also


def expected_line(path, location, check, message):
    if location == '-':
        where = path
    else:
        parts = location.split(':')
        if not parts[0].isdigit():
            where, parts = parts[0], parts[1:]
        else:
            where = path
        where = ':'.join([where] + parts)
    severity = 'warning' if check in WARNINGS else 'error'
    return f'{where}: {severity}: {message} [{check}]'


def run_case(binary, path, data, command, show):
    """A failure message, or None when the case passes."""
    try:
        (location, check, code, message), args, also = read_header(data)
    except ValueError as e:
        if not show:
            return f'{path}: {e}'
        also = []
        args = [a for line in data.split(b'\n')[:HEADER_LINES] for m in [ARGS.search(line.decode('utf-8', 'replace'))] if m
                for a in shlex.split(m.group(1))]
    argv = [binary, 'check'] + args + command
    try:
        proc = subprocess.run(argv, capture_output=True, timeout=TIME_LIMIT)
    except subprocess.TimeoutExpired:
        return f'{path}: still running after {TIME_LIMIT} s'
    out = proc.stdout.decode('utf-8', 'replace').split('\n')
    first = out[0] if out else ''
    if show:
        print(f'{path}: exit={proc.returncode} {first}')
        return None
    want = expected_line(path, location, check, message)
    problems = []
    if first != want:
        problems.append(f'first line\n    got:  {first}\n    want: {want}')
    for line in also:
        if line not in out:
            problems.append(f'no line {line!r} in the output')
    if proc.returncode != int(code):
        problems.append(f'exit code {proc.returncode}, want {code}')
    if proc.stderr:
        problems.append('stderr: ' + proc.stderr.decode('utf-8', 'replace').strip()[:2000])
    return f'{path}: ' + '; '.join(problems) if problems else None


def generated_cases():
    """(name, bytes) of the cases built here rather than stored."""
    model = b'model "ascend910b2";\n'
    deep = 100000
    yield ('nul_in_statement.pir',
           b'// bad: 5:13 syntax-error exit=2 unexpected character \'\\x00\'\n' + model +
           b'buffer a : UB[256];\nkernel k {\n  V vadds a \x00<- a;\n}\n')
    yield ('nul_in_string.pir',
           b'// bad: 2:14 syntax-error exit=2 NUL byte in string\nmodel "ascend\x00910b2";\n')
    yield ('nul_in_comment.pir',
           b'// bad: 4:25 unknown-name exit=2 unknown buffer \'b\'\n' + model +
           b'buffer a : UB[256];  // a NUL \x00 in a comment is ignored\n'
           b'kernel k { V vadds a <- b; }\n')
    yield ('only_nul_bytes.pir',
           b'// bad: 2:1 syntax-error exit=2 unexpected character \'\\x00\'\n' + b'\x00' * 4096)
    yield ('deep_braces.pir',
           b'// bad: 5:1000 limit-exceeded exit=2 nesting deeper than 1000 levels (--max-depth)\n'
           + model + b'buffer a : UB[256];\nkernel k {\n' + b'{' * deep + b'}' * deep + b'}\n')
    yield ('deep_parens.pir',
           b'// bad: 2:1011 limit-exceeded exit=2 nesting deeper than 1000 levels (--max-depth)\n'
           b'const c = ' + b'(' * deep + b'1' + b')' * deep + b';\n')
    yield ('deep_unary.pir',
           b'// bad: 2:1011 limit-exceeded exit=2 nesting deeper than 1000 levels (--max-depth)\n'
           b'const c = ' + b'-' * deep + b'1;\n')
    yield ('deep_sum.pir',
           b'// bad: 2:11 limit-exceeded exit=2 nesting deeper than 1000 levels (--max-depth)\n'
           b'const c = ' + b'1+' * deep + b'1;\n')
    yield ('deep_if.pir',
           b'// bad: 4:349990 limit-exceeded exit=2 nesting deeper than 1000 levels (--max-depth)\n'
           + model + b'kernel k {\n' + b'if (1) ' * deep + b'pipe_barrier(V);\n}\n')
    yield ('deep_for.pir',
           b'// bad: 4:15000 limit-exceeded exit=2 nesting deeper than 1000 levels (--max-depth)\n'
           + model + b'kernel k {\n' + b'for i in 0..1 {' * deep + b'}' * deep + b'\n}\n')
    yield ('many_tokens.pir',
           b'// bad: 3:1008 limit-exceeded exit=2 more than 1000 tokens (--max-tokens)\n'
           b'// args: --max-tokens 1000\nconst c = ' + b'1+' * 5000 + b'1;\n')
    yield ('too_large.pir',
           b'// bad: - limit-exceeded exit=2 GENERATED_TOO_LARGE\n// args: --max-file-size 65536\n'
           + b'// padding padding padding padding padding padding padding\n' * 2000)
    yield ('deep_elements.xml',
           b'<!-- 100,000 nested elements: libxml2 stops at depth 256 -->\n'
           b'<?accelsync bad: 3:803 model-error exit=2 malformed XML: Excessive depth in document: 256 use XML_PARSE_HUGE option?>\n'
           + b'<hwmodel name="t" description="d">' + b'<a>' * deep + b'</a>' * deep
           + b'</hwmodel>\n')
    yield ('many_elements.xml',
           b'<?accelsync bad: 10002 limit-exceeded exit=2 model file has more than 10000 elements; raise the limit with --max-model-elements?>\n'
           b'<hwmodel name="t" description="d">\n<spaces>\n'
           + b''.join(b'<space name="S%d" scope="core"/>\n' % i for i in range(20000))
           + b'</spaces>\n</hwmodel>\n')
    # An instruction counts its regions in 16 bits: one statement past that is refused.
    yield ('many_regions.pir',
           b'// bad: 5:3 limit-exceeded exit=2 access has more than 65535 write or read regions\n'
           + model + b'buffer a : UB[256];\nkernel k {\n  V vadds a <- '
           + b'a, ' * 65535 + b'a;\n}\n')
    # More findings than --max-errors: the table of findings held was emptied (after sorting)
    # and refilled into one too small, and the run never ended. Each of n dependent vector
    # ops races with the copy and with every op before it (read after write, write after
    # write): 2 * (n + n(n-1)/2) findings, of which --max-errors (1000) are kept. 600 ops
    # (360,600 findings) are as many past it as 1100 were, at a tenth of the time under the
    # sanitizer build, where 1100 ran against the 30 s limit.
    ops = 600
    cut = 2 * (ops + ops * (ops - 1) // 2) - 1000
    yield ('max_errors_flood.pir',
           b'// bad: 9:3 raw-hazard exit=2 V vadds reads a bytes [0, 256) while MTE2 copy at line 8 may still be writing them\n'
           b'// also: GENERATED_PATH: error: more than 1000 findings (errors and warnings): %d more were not reported, and the file counts as not verified (--max-errors) [limit-exceeded]\n'
           b'// also: accelsync: 1 file, 1 kernel: 1001 errors, 0 warnings; %d findings not reported (--max-errors); 1 file NOT VERIFIED\n'
           % (cut, cut) + model + b'buffer x : GM[256];\nbuffer a : UB[256];\nkernel k {\n'
           b'  MTE2 copy a <- x;\n' + b'  V vadds a <- a;\n' * ops + b'}\n')
    # The case at full size: 4096 values of a param over a 10^6-iteration loop, each
    # run within --max-events, ran for an hour; the file's budget stops it within 4 runs.
    yield ('file_events_full_size.pir',
           b'// bad: 8:5 limit-exceeded exit=2 the file\'s kernels unroll to more than 10000000 events in all (every kernel, parameter value and path); raise the limit with --max-file-events\n'
           b'// args: --max-file-events 10000000\n' + model +
           b'param n in 1..4096;\nbuffer a : UB[256];\nkernel k {\n  for i in 0..1000000 {\n'
           b'    V vadds a <- a;\n    pipe_barrier(V);\n  }\n}\n')
    yield from source_cases()
    yield ('invalid_utf8_in_code.pir',
           b'// bad: 4:3 syntax-error exit=2 unexpected character \'\\xe9\'\n' + model +
           b'kernel k {\n  \xe9t\xe9;\n}\n')


def source_cases():
    """Kernel sources (issue #35): the frontend reads them in a child process under caps, so
    a crash, a hang or a stack overflow inside libclang or the interpreter is a finding."""
    entry = b'__mlu_global__ void k(float *x, int n) {\n'
    # 3,000 nested ifs overflowed the interpreter's stack in the sanitizer build
    yield ('deep_ifs_source.mlu',
           b'// bad: 3:6977 limit-exceeded exit=2 statements and expressions nest deeper than 1000 levels (--max-depth)\n'
           + entry + b'if (n) ' * 3000 + b'x[0] = 1;\n}\n')
    # 12,000 crashed libclang's own parse (exit 139, no message)
    yield ('deep_ifs_libclang.mlu',
           b'// bad: - limit-exceeded exit=2 reading the kernel source stopped on a segmentation fault, most likely a stack overflow (code nested too deeply for libclang or the frontend)\n'
           + entry + b'if (n) ' * 12000 + b'x[0] = 1;\n}\n')
    # clang's depth caps are passed explicitly
    yield ('deep_brackets.mlu',
           b'// bad: 3:266 source-error exit=2 bracket nesting level exceeded maximum of 256\n'
           + entry + b'  x[0] = ' + b'(' * 300 + b'n' + b')' * 300 + b';\n}\n')
    # 1.5 KB that expands to 4^39 tokens: stopped by the wall clock
    bomb = [b'#define A0 x'] + [b'#define A%d A%d A%d A%d A%d' % (i, i - 1, i - 1, i - 1, i - 1)
                                for i in range(1, 40)]
    yield ('macro_bomb.mlu',
           b'// bad: - limit-exceeded exit=2 reading the kernel source took more than 2 seconds; raise the limit with --max-source-seconds\n'
           b'// args: --max-source-seconds 2\n' + b'\n'.join(bomb)
           + b'\n__mlu_global__ void k(float *x) { int A39; }\n')
    # 400 bytes of template packs that double at each level: stopped by the wall clock
    yield ('template_bomb.mlu',
           b'// bad: - limit-exceeded exit=2 reading the kernel source took more than 2 seconds; raise the limit with --max-source-seconds\n'
           b'// args: --max-source-seconds 2\n'
           b'template <int N, typename... T> struct B { typedef typename B<N - 1, T..., T...>::type type; };\n'
           b'template <typename... T> struct B<0, T...> { typedef int type; };\n'
           b'__mlu_global__ void k(float *x) { B<40, int>::type v = 0; x[0] = v; }\n')
    # a 40,000-term expression crashed libclang's parse (exit 139, no message); now the time cap
    yield ('many_terms.mlu',
           b'// bad: - limit-exceeded exit=2 reading the kernel source took more than 2 seconds; raise the limit with --max-source-seconds\n'
           b'// args: --max-source-seconds 2\n'
           b'__mlu_global__ void k(float *x, int n) { x[0] = ' + b'+'.join([b'n'] * 40000) + b'; }\n')
    # a source that includes itself twice per level: clang's include depth ends it at once
    yield ('self_include.mlu',
           b'// bad: 2:10 source-error exit=2 #include nested too deeply\n'
           b'#include "self_include.mlu"\n#include "self_include.mlu"\n'
           b'__mlu_global__ void k(float *x) { x[0] = 1; }\n')
    # devices grew without bound; refused at the directive before clang opens them
    yield ('include_dev_zero.mlu',
           b'// bad: 2:10 input-error exit=2 #include "/dev/zero": a device, not a regular file (a kernel source includes only regular files)\n'
           b'#include "/dev/zero"\n__mlu_global__ void k(float *x) {}\n')
    yield ('include_dev_urandom.cpp',
           b'// bad: 2:10 input-error exit=2 #include </dev/urandom>: a device, not a regular file (a kernel source includes only regular files)\n'
           b'#include </dev/urandom>\n#include "kernel_operator.h"\n'
           b'extern "C" __global__ __aicore__ void k(GM_ADDR x) {}\n')
    # `while (1)` in each of 20 entries cost a full statement budget each (over 20 minutes):
    # the file's entries share one budget, and those past it stop at once
    endless = b''.join(b'__mlu_global__ void k%d(float *x) { while (1) { x[0] = 1; } }\n' % i
                       for i in range(20))
    yield ('file_steps_endless_entries.mlu',
           b'// bad: 6:36 limit-exceeded exit=2 the kernel runs more than 100000 statements and calls under the values it was lowered with (a condition on data counts the values it copies); it was not verified (--max-events)\n'
           b'// args: --max-events 100000 --max-file-events 250000\n'
           b"// also: GENERATED_PATH:8:36: error: the file's kernels run more than 250000 statements and calls in all (every entry, tiling key and guess); raise the limit with --max-file-events [limit-exceeded]\n"
           b"// also: GENERATED_PATH:25:37: error: the file's kernels run more than 250000 statements and calls in all (every entry, tiling key and guess); raise the limit with --max-file-events [limit-exceeded]\n"
           b'// also: accelsync: 1 file, 0 kernels: 20 errors, 0 warnings; 1 file NOT VERIFIED\n'
           + endless)
    # an offset that wraps 64 bits was lowered as a copy at offset 0 and reported clean
    yield ('pointer_wrap.mlu',
           b'// bad: 4:15 input-error exit=2 address arithmetic overflows: byte 0 moved by 4611686018427387904 x 4 bytes is outside the 2^62 bytes an address can reach (it would wrap 64 bits)\n'
           b'__nram__ float b[64];\n__mlu_global__ void k(float *a) {\n'
           b'  __memcpy(b, a + 0x4000000000000000LL, 64, GDRAM2NRAM);\n}\n')
    yield ('pointer_wrap.cpp',
           b'// bad: 8:27 input-error exit=2 address arithmetic overflows: byte 0 moved by 4611686018427387904 x 4 bytes is outside the 2^62 bytes an address can reach (it would wrap 64 bits)\n'
           b'#include "kernel_operator.h"\nusing namespace AscendC;\n'
           b'extern "C" __global__ __aicore__ void k(GM_ADDR src)\n{\n'
           b'    GlobalTensor<int32_t> srcGm;\n    (void)srcGm;\n'
           b'    srcGm.SetGlobalBuffer((__gm__ int32_t *)src + 0x4000000000000000LL, 64);\n}\n')


def frontend_built(binary, tmp):
    """Whether this accelsync reads kernel sources (the frontend is an optional feature)."""
    probe = os.path.join(tmp, 'probe.mlu')
    with open(probe, 'wb') as f:
        f.write(b'__mlu_global__ void k(float *x) {}\n')
    p = subprocess.run([binary, 'check', probe], capture_output=True)
    os.remove(probe)
    return b'built without the source frontends' not in p.stdout


def main():
    binary = sys.argv[1]
    show = '--show' in sys.argv[2:]
    root = os.path.dirname(os.path.abspath(__file__))
    rel = os.path.relpath(root)
    failures, passed = [], 0
    cases = []
    for name in sorted(os.listdir(os.path.join(root, 'pir'))):
        if name.endswith('.pir'):
            path = os.path.join(rel, 'pir', name)
            cases.append((path, [path]))
    driver = os.path.join(rel, 'model', 'driver.pir')
    for name in sorted(os.listdir(os.path.join(root, 'model'))):
        if name.endswith('.xml'):
            path = os.path.join(rel, 'model', name)
            cases.append((path, ['--model', path, driver]))
    with tempfile.TemporaryDirectory(prefix='accelsync-bad-') as tmp:
        sources = frontend_built(binary, tmp)
        for name, data in generated_cases():
            if name.endswith(('.mlu', '.cpp')) and not sources:
                continue
            path = os.path.join(tmp, name)
            data = data.replace(b'GENERATED_PATH', path.encode())
            if b'GENERATED_TOO_LARGE' in data:
                data = data.replace(b'GENERATED_TOO_LARGE', f'cannot read {path}: file is larger than the input size limit (--max-file-size)'.encode())
            with open(path, 'wb') as f:
                f.write(data)
            cases.append((path, ['--model', path, driver] if name.endswith('.xml') else [path]))
        for path, command in cases:
            with open(path, 'rb') as f:
                data = f.read()
            problem = run_case(binary, path, data, command, show)
            if problem:
                failures.append(problem)
            else:
                passed += 1
    for problem in failures:
        print('FAIL', problem)
    print(f'{passed} passed, {len(failures)} failed')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())

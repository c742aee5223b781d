#!/usr/bin/env python3
"""References in the kernel's own code, as the frontend follows them (docs/frontends.md,
"References in the kernel's own code"): a reference names the variable, field, element or
memory its lvalue is, evaluated once; a conversion binds a temporary; what the frontend cannot
follow is data to read and unsupported to write, never a silently lost write. Also struct
assignment in place, arrays of records and their constructors, and stores to half.

usage: references.py ACCELSYNC SOURCE_ROOT (run from SOURCE_ROOT)"""
import os
import subprocess
import sys
import tempfile
from expect import expect, finish

binary, root = sys.argv[1], sys.argv[2]


def write(path, text):
    """Writes a test source and returns its path."""
    with open(path, 'w') as out:
        out.write(text)
    return path


def run(*args):
    return subprocess.run([binary] + list(args), capture_output=True, text=True, cwd=root)


def accesses(path):
    """The lowered accesses and copies of a file, without their comments."""
    out = run('lower', path, '-o', '-').stdout.splitlines()
    return [l.split('  //')[0].strip() for l in out if ' memcpy ' in l or 'scalar' in l]


with tempfile.TemporaryDirectory() as tmp:
    # a reference is followed to the variable, field, element or memory it names; written
    # through one the frontend cannot follow, it is unsupported at the write, never a silently
    # lost value
    field = write(os.path.join(tmp, 'reference_to_field.mlu'),
                  '#include <bang.h>\n__nram__ float a[64];\nstruct span { int n; };\n'
                  '__mlu_func__ void bump(int &r) {\n  r = r + 16;\n}\n'
                  '__mlu_global__ void k(float *g) {\n  span s;\n  s.n = 16;\n  bump(s.n);\n'
                  '  __memcpy_async(a, g, s.n * sizeof(float), GDRAM2NRAM);\n'
                  '  a[24] = 1.0f;\n}\n')
    p = run('check', field)
    expect(p.returncode == 1 and f'{field}:12:3: error: ALU store_scalar writes a bytes [96, 100) '
           'while IO memcpy_async at line 11 may still be writing them [waw-hazard]' in p.stdout,
           f'check: a write through a reference to a field changes the field: {p.stdout!r}')
    table = write(os.path.join(tmp, 'reference_through_table.mlu'),
                  '#include <bang.h>\n__nram__ int buf[4];\n'
                  '__mlu_global__ void k(int *g) {\n  int *ptrs[2] = {buf, buf + 1};\n'
                  '  int &c = *ptrs[1];\n  c = 1;\n}\n')
    p = run('lower', table, '-o', '-')
    expect(p.returncode == 0 and f'  ALU store_scalar buf[4 +: 4];  // from {table}:6:3'
           in p.stdout.splitlines(),
           f'lower: a reference to *ptrs[1] writes where ptrs[1] points: {p.stdout!r}')
    either = write(os.path.join(tmp, 'reference_to_either.mlu'),
                   '#include <bang.h>\n__nram__ int buf[4];\n'
                   '__mlu_global__ void k(int *g, int flag) {\n  int a = 0, b = 0;\n'
                   '  int &c = flag ? a : b;\n  c = 1;\n}\n')
    p = run('check', either)
    expect(p.returncode == 2 and p.stdout.startswith(
        f"{either}:6:3: error: assignment through 'c', a reference the frontend does not "
        "follow (writes through references are followed to variables, fields, elements and "
        "memory) [unsupported]"),
        f'check: a write through a reference to one of two variables is unsupported: {p.stdout!r}')
    # an argument bound to a reference is evaluated once, as an lvalue: buf[i++] stores to
    # buf[0] and leaves i at 1
    once = write(os.path.join(tmp, 'reference_effects_once.mlu'),
                 '#include <bang.h>\n__nram__ float buf[64];\n'
                 '__mlu_func__ void touch(float &v) {\n  v = 1.0f;\n}\n'
                 '__mlu_global__ void k(float *x, float *y) {\n  int i = 0;\n'
                 '  touch(buf[i++]);\n  __memcpy(y + i, buf, 4, NRAM2GDRAM);\n}\n')
    lines = run('lower', once, '-o', '-').stdout.splitlines()
    expect(f'  ALU store_scalar buf[0 +: 4];  // from {once}:4:3' in lines and
           f'  IO memcpy y[4 +: 4] <- buf[0 +: 4];  // from {once}:9:3' in lines,
           f'lower: a reference argument with ++ is evaluated once: {lines!r}')
    # a reference bound through a conversion binds a temporary: later writes to the variable
    # do not reach it, and a write through a non-const reference to the variable does
    temporary = write(os.path.join(tmp, 'reference_to_temporary.mlu'),
                      '#include <bang.h>\n__nram__ float buf[64];\n'
                      '__mlu_func__ void put(float *y, const int &off, int &n) {\n'
                      '  n = 40;\n  __memcpy(y + off, buf, 4, NRAM2GDRAM);\n}\n'
                      '__mlu_global__ void k(float *y) {\n  long n = 4;\n'
                      '  const int &r = n;\n  n = 8;\n'
                      '  __memcpy(y + r, buf, 4, NRAM2GDRAM);\n  int m = 2;\n'
                      '  put(y, (short)m, m);\n  __memcpy(y + m, buf, 4, NRAM2GDRAM);\n}\n')
    lines = run('lower', temporary, '-o', '-').stdout.splitlines()
    expect([l.split('  //')[0] for l in lines if 'IO memcpy' in l] ==
           ['  IO memcpy y[16 +: 4] <- buf[0 +: 4];', '  IO memcpy y[8 +: 4] <- buf[0 +: 4];',
            '  IO memcpy y[160 +: 4] <- buf[0 +: 4];'],
           f'lower: const references through conversions hold temporaries: {lines!r}')
    # an operator's const reference parameter bound to memory reads it where it is used
    operator = write(os.path.join(tmp, 'reference_operator.mlu'),
                     '#include <bang.h>\n__nram__ float buf[64];\n'
                     'struct Acc {\n  float s;\n'
                     '  __mlu_func__ void operator+=(const float &x) { s = s + x; }\n};\n'
                     '__mlu_global__ void k(float *x) {\n'
                     '  __memcpy_async(buf, x, 64 * sizeof(float), GDRAM2NRAM);\n'
                     '  Acc a;\n  a.s = 0;\n  a += buf[3];\n  __sync_io();\n}\n')
    p = run('check', operator)
    expect(p.returncode == 1 and f'{operator}:5:58: error: ALU load_scalar reads buf bytes '
           '[12, 16) while IO memcpy_async at line 8 may still be writing them [raw-hazard]'
           in p.stdout, f'check: an operator reads its reference argument: {p.stdout!r}')
    # struct assignment writes into the object's own fields: references into it see it
    assigned = write(os.path.join(tmp, 'reference_after_assignment.mlu'),
                     '#include <bang.h>\n__nram__ float buf[64];\n'
                     'struct In {\n  int x;\n};\nstruct S {\n  In in;\n  int a[2];\n};\n'
                     '__mlu_global__ void k(float *y) {\n  S s, t;\n'
                     '  s.in.x = 1;\n  t.in.x = 4;\n  s.a[1] = 2;\n  t.a[1] = 5;\n'
                     '  int &r = s.in.x;\n  int &q = s.a[1];\n  s = t;\n'
                     '  __memcpy(y + r, buf, 4, NRAM2GDRAM);\n'
                     '  __memcpy(y + q, buf, 4, NRAM2GDRAM);\n  r = 7;\n'
                     '  __memcpy(y + s.in.x, buf, 4, NRAM2GDRAM);\n}\n')
    lines = run('lower', assigned, '-o', '-').stdout.splitlines()
    expect([l.split('  //')[0] for l in lines if 'IO memcpy' in l] ==
           ['  IO memcpy y[16 +: 4] <- buf[0 +: 4];', '  IO memcpy y[20 +: 4] <- buf[0 +: 4];',
            '  IO memcpy y[28 +: 4] <- buf[0 +: 4];'],
           f'lower: references into a struct follow an assignment to it: {lines!r}')
    member = write(os.path.join(tmp, 'reference_member.mlu'),
                   '#include <bang.h>\n__nram__ float buf[64];\n'
                   'struct Counter {\n  int &n;\n'
                   '  __mlu_func__ Counter(int &c) : n(c) {}\n'
                   '  __mlu_func__ void bump() { n += 4; }\n};\n'
                   '__mlu_global__ void k(float *y) {\n  int off = 0;\n  Counter c(off);\n'
                   '  c.bump();\n  __memcpy(y + off, buf, 4, NRAM2GDRAM);\n}\n')
    p = run('check', member)
    expect(p.returncode == 2 and p.stdout.startswith(
        f"{member}:6:30: error: assignment through 'n', a reference member the frontend does "
        "not follow [unsupported]"),
        f'check: a write through a reference member is unsupported: {p.stdout!r}')
    cells = write(os.path.join(tmp, 'record_array_constructor.mlu'),
                  '#include <bang.h>\n__nram__ float buf[64];\n'
                  'struct Cell {\n  float v;\n  __mlu_func__ Cell() { v = buf[3]; }\n};\n'
                  '__mlu_global__ void k(float *x) {\n'
                  '  __memcpy_async(buf, x, 64 * sizeof(float), GDRAM2NRAM);\n'
                  '  Cell cells[2];\n  __sync_io();\n}\n')
    p = run('check', cells)
    expect(p.returncode == 1 and f'{cells}:5:29: error: ALU load_scalar reads buf bytes [12, 16) '
           'while IO memcpy_async at line 8 may still be writing them [raw-hazard]' in p.stdout,
           f'check: an array of records runs their default constructor: {p.stdout!r}')
    # std::min(const T &, const T &) of arithmetic and a variable: values, as before
    smaller = write(os.path.join(tmp, 'reference_std_min.mlu'),
                    '#include <bang.h>\n#include <algorithm>\n__nram__ float buf[1024];\n'
                    '__mlu_global__ void k(float *x, int n) {\n'
                    '  int d = std::min(256 >> 5, n);\n'
                    '  __memcpy(buf, x, d * sizeof(float), GDRAM2NRAM);\n}\n')
    expect(accesses(smaller) == ['IO memcpy buf[0 +: 16] <- x[0 +: 16];'],
           f'lower: std::min of a shift and a variable is known: {accesses(smaller)!r}')
    # a const reference to an element data picks reads anywhere in the buffer (buf[?]) where
    # it is used
    picked = write(os.path.join(tmp, 'reference_data_index.mlu'),
                   '#include <bang.h>\n__nram__ float buf[64];\n'
                   '__mlu_func__ float get(const float &v) {\n  return v;\n}\n'
                   '__mlu_global__ void k(float *x, int *ix) {\n  int i = ix[0];\n'
                   '  float s = get(buf[i]);\n}\n')
    expect(accesses(picked) == ['ALU load_scalar <- ix[0 +: 4] as read__1;',
                                'ALU load_scalar <- buf[?] as read__2;'],
           f'lower: a reference to buf[data] reads anywhere in the buffer: {accesses(picked)!r}')
    lowered = [l.split('  //')[0].strip() for l in run('lower', picked, '-o', '-').stdout.splitlines()]
    expect(lowered[lowered.index('ALU load_scalar <- buf[?] as read__2;') - 1] == 'use read__1;',
           f'lower: the read of buf[i] waits for i (rule 10): {lowered!r}')
    # a pointer to a local array points to it (no copy): *p and p[...] reach its elements; a
    # reference to a pointer to an object changes the pointer; T && bound by static_cast names x
    pointers = write(os.path.join(tmp, 'reference_pointers.mlu'),
                     '#include <bang.h>\n__nram__ float buf[64];\nstruct S {\n  int v;\n};\n'
                     '__mlu_func__ void set(int &v) {\n  v = 5;\n}\n'
                     '__mlu_func__ void pick(S *&p, S *other) {\n  p = other;\n}\n'
                     '__mlu_func__ void sink(int &&v) {\n  v = 7;\n}\n'
                     '__mlu_global__ void k(float *y) {\n  int arr[4] = {0, 0, 0, 0};\n'
                     '  int *p = arr;\n  set(*p);\n'
                     '  __memcpy(y + arr[0], buf, 4, NRAM2GDRAM);\n'
                     '  S a, b;\n  a.v = 1;\n  b.v = 2;\n  S *q = &a;\n  pick(q, &b);\n'
                     '  __memcpy(y + q->v, buf, 4, NRAM2GDRAM);\n  int x = 1;\n'
                     '  sink(static_cast<int &&>(x));\n'
                     '  __memcpy(y + x, buf, 4, NRAM2GDRAM);\n}\n')
    expect(accesses(pointers) == ['IO memcpy y[20 +: 4] <- buf[0 +: 4];',
                                 'IO memcpy y[8 +: 4] <- buf[0 +: 4];',
                                 'IO memcpy y[28 +: 4] <- buf[0 +: 4];'],
           f'lower: references through pointers and casts reach their objects: '
           f'{accesses(pointers)!r}')
    # half is a class in the stubs and a scalar on the device: h[i] = v is a store
    halves = write(os.path.join(tmp, 'half_store.mlu'),
                   '#include <bang.h>\n__nram__ half hb[64];\n'
                   '__mlu_func__ void set(half &h, float v) {\n  h = v;\n}\n'
                   '__mlu_global__ void k(half *x) {\n  hb[1] = 1.0f;\n  hb[2] += 1.0f;\n'
                   '  set(hb[3], 1.0f);\n  half &r = hb[5];\n  r = 2.0f;\n}\n')
    expect(accesses(halves) == ['ALU store_scalar hb[2 +: 2];', 'ALU load_scalar <- hb[4 +: 2] as read__1;',
                               'ALU store_scalar hb[4 +: 2];', 'ALU store_scalar hb[6 +: 2];',
                               'ALU store_scalar hb[10 +: 2];'],
           f'lower: stores to half elements are stores: {accesses(halves)!r}')
    # rule 10 through half: a conversion, a construction from a product, a copy carry the read
    conv = write(os.path.join(tmp, 'half_values.mlu'),
                 '#include <bang.h>\n__nram__ half hb[64];\n__nram__ half out[64];\n'
                 '__mlu_global__ void k(half *x, float s) {\n  half a = hb[0] * s;\n'
                 '  half b = hb[1];\n  float c = hb[2];\n'
                 '  __bang_mul_scalar(out, out, a, 64);\n  __bang_mul_scalar(out, out, b, 64);\n'
                 '  __bang_mul_scalar(out, out, c, 64);\n}\n')
    body = [l.split('  //')[0].strip() for l in run('lower', conv, '-o', '-').stdout.splitlines()]
    muls = [i for i, l in enumerate(body) if l.startswith('COMPUTE bang_mul_scalar')]
    expect([body[i - 1] for i in muls] == ['use read__1;', 'use read__2;', 'use read__3;'],
           f'lower: half values carry the read they come from to their use: {body!r}')
    # an array of a class template's records runs the constructor clang chose there
    cells_t = write(os.path.join(tmp, 'template_record_array.mlu'),
                    '#include <bang.h>\n__nram__ float buf[64];\n'
                    'template <typename T>\nstruct TCell {\n  T v;\n'
                    '  __mlu_func__ TCell() { v = buf[3]; }\n};\n'
                    '__mlu_global__ void k(float *x) {\n  TCell<float> t[2];\n}\n')
    expect(accesses(cells_t) == ['ALU load_scalar <- buf[12 +: 4] as read__1;',
                                 'ALU load_scalar <- buf[12 +: 4] as read__2;'],
           f'lower: each element of a template record array is constructed: {accesses(cells_t)!r}')
    local = write(os.path.join(tmp, 'reference_to_local.mlu'),
                  '#include <bang.h>\n__nram__ float a[64];\n'
                  '__mlu_global__ void k(float *g) {\n  int n = 8;\n  int &r = n;\n  r = 64;\n'
                  '  __memcpy_async(a, g, n * sizeof(float), GDRAM2NRAM);\n  a[40] = 1.0f;\n}\n')
    p = run('check', local)
    expect(p.returncode == 1 and f'{local}:8:3: error: ALU store_scalar writes a bytes [160, 164) '
           'while IO memcpy_async at line 7 may still be writing them [waw-hazard]' in p.stdout,
           f'check: a write through a local reference changes the variable: {p.stdout!r}')
    memory = write(os.path.join(tmp, 'reference_to_memory.mlu'),
                   '#include <bang.h>\n__mlu_func__ void bump(int &r) {\n  r++;\n}\n'
                   '__mlu_global__ void k(int *g, int *count) {\n'
                   '  __memcpy_async(count, g, 4 * sizeof(int), GDRAM2GDRAM);\n'
                   '  bump(count[2]);\n}\n')
    p = run('check', memory)
    expect(p.returncode == 1 and f'{memory}:3:3: error: ALU store_scalar writes count bytes '
           '[8, 12) while IO memcpy_async at line 6 may still be writing them [waw-hazard]'
           in p.stdout and f'{memory}:7:8:' not in p.stdout,
           f'check: a reference to memory writes there, and binding it reads nothing: {p.stdout!r}')
    through = write(os.path.join(tmp, 'reference_through_address.mlu'),
                    '#include <bang.h>\n__nram__ float a[64];\n'
                    '__mlu_func__ void set(int &r) {\n  r = 64;\n}\n'
                    '__mlu_global__ void k(float *g) {\n  int n = 8;\n  int *p = &n;\n'
                    '  set(*p);\n  __memcpy_async(a, g, n * sizeof(float), GDRAM2NRAM);\n'
                    '  a[40] = 1.0f;\n}\n')
    p = run('check', through)
    expect(p.returncode == 1 and f'{through}:11:3: error: ALU store_scalar writes a bytes '
           '[160, 164) while IO memcpy_async at line 10 may still be writing them [waw-hazard]'
           in p.stdout, f'check: a reference to *(&n) is n: {p.stdout!r}')
    # what a reference cannot follow is an error at its line, with the check id
    unfollowed = write(os.path.join(tmp, 'reference_unfollowed.mlu'),
                       '#include <bang.h>\n__mlu_func__ float *pick(float *a);\n'
                       '__mlu_func__ float get(const float &v) {\n  return v;\n}\n'
                       '__mlu_global__ void k(float *x, int flag) {\n  float *q = pick(x);\n'
                       '  float s = get(*q);\n  float t = get(q[2]);\n'
                       '  int a = 0, b = 0;\n  int &c = flag ? a : b;\n  int *w = &c;\n}\n')
    out = run('lower', unfollowed, '-o', '-').stderr
    for line in (f'{unfollowed}:8:17: error: a reference through this pointer is not modelled '
                 '[unsupported]',
                 f'{unfollowed}:9:17: error: a reference to an element through this pointer is not '
                 'modelled [unsupported]',
                 f"{unfollowed}:12:12: error: the address of 'c', a reference the frontend does not "
                 'follow [unsupported]'):
        expect(line in out, f'lower: {line!r} in {out!r}')

finish()

#!/usr/bin/env python3
"""How checking time grows with kernel size, measured as ratios within one run.

For a double-buffered Ascend vector pipeline and a Cambricon 3-stage pipeline unrolled to
N iterations, times `accelsync check` (the clock engine) at N, 10N, 100N and prints
time(10N)/time(N): near-linear scaling gives ratios near 10. At the smallest size it also
times the reference engine (explicit graph + reachability) and prints its slowdown.

Then a cube-vector hand-off that sets one cross-core flag from FIX and MTE3 each tile, where
the clock engine takes its counting path (docs/semantics.md §4), timed at N, 10N, 100N
against the same kernel with both sets on FIX (the issue-order path) at the same sizes.

usage: bench/scaling.py [BINARY] [N]     (default scripts/accelsync's build, N = 1000)"""
import os
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, 'build', 'src', 'accelsync')
base = int(sys.argv[2]) if len(sys.argv) > 2 else 1000

KERNELS = {
    'ascend-double-buffer': '''model "ascend910b2";
param tiles = 1;
const T = 256;
buffer x : GM[tiles * T];
buffer y : GM[tiles * T];
buffer xu : UB[2][T];
buffer yu : UB[2][T];
kernel add {
  set_flag(V, MTE2, 0); set_flag(V, MTE2, 1);
  set_flag(MTE3, V, 0); set_flag(MTE3, V, 1);
  for i in 0..tiles {
    let s = i % 2;
    wait_flag(V, MTE2, s);
    MTE2 copy xu[s] <- x[i * T +: T];
    set_flag(MTE2, V, s);
    wait_flag(MTE2, V, s);
    wait_flag(MTE3, V, s);
    V vexp yu[s] <- xu[s];
    set_flag(V, MTE2, s);
    set_flag(V, MTE3, s);
    wait_flag(V, MTE3, s);
    MTE3 copy y[i * T +: T] <- yu[s];
    set_flag(MTE3, V, s);
  }
  wait_flag(V, MTE2, 0); wait_flag(V, MTE2, 1);
  wait_flag(MTE3, V, 0); wait_flag(MTE3, V, 1);
}
''',
    'mlu-three-stage': '''model "mlu370";
param tiles = 1;
const T = 1024;
buffer gin : GDRAM[tiles * T];
buffer gout : GDRAM[tiles * T];
buffer ping : NRAM[2][T];
kernel relu {
  for i in 0..tiles + 2 {
    if (i >= 2) { IO memcpy_async gout[(i - 2) * T +: T] <- ping[i % 2]; }
    if (i >= 1 && i <= tiles) { COMPUTE bang_active_relu ping[(i - 1) % 2] <- ping[(i - 1) % 2]; }
    if (i < tiles) { IO memcpy_async ping[i % 2] <- gin[i * T +: T]; }
    sync_io_move_compute();
  }
}
''',
}


HANDOFF = '''model "ascend910b2";
param tiles = 1;
const T = 64;
buffer ws : GM[tiles * 2 * T];
buffer c : L0C[T];
buffer o : UB[T];
buffer v : UB[2][T];
kernel mix {
  core aic : AIC {
    for i in 0..tiles {
      FIX fixpipe ws[i * 2 * T +: T] <- c;
      cross_core_set_flag(FIX, 2, 3);
      MTE3 copy ws[i * 2 * T + T +: T] <- o;
      cross_core_set_flag(SECOND, 2, 3);
    }
  }
  core aiv : AIV {
    for i in 0..tiles {
      cross_core_wait_flag(MTE2, 2, 3);
      cross_core_wait_flag(MTE2, 2, 3);
      MTE2 copy v[0] <- ws[i * 2 * T +: T];
      MTE2 copy v[1] <- ws[i * 2 * T + T +: T];
      pipe_barrier(MTE2);
    }
  }
}
'''


def timed(path, n, engine='clock'):
    cmd = [binary, 'check', '--engine', engine, '--max-events', '100000000', '-D', f'tiles={n}', path]
    t0 = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True)
    dt = time.perf_counter() - t0
    if p.returncode not in (0, 1):
        sys.exit(f'bench: {" ".join(cmd)} failed: {p.stdout[-300:]}{p.stderr[-300:]}')
    return dt


with tempfile.TemporaryDirectory() as tmp:
    for name, text in KERNELS.items():
        path = os.path.join(tmp, name + '.pir')
        with open(path, 'w') as f:
            f.write(text)
        sizes = [base, 10 * base, 100 * base]
        times = [timed(path, n) for n in sizes]
        print(f'{name}:')
        for n, t in zip(sizes, times):
            print(f'  tiles={n:<8} clock engine {t:8.3f} s')
        for k in range(1, len(sizes)):
            print(f'  time(tiles={sizes[k]}) / time(tiles={sizes[k-1]}) = {times[k] / times[k-1]:.1f} '
                  f'(10 = linear)')
        small = base // 4 or 1   # the reference engine is quadratic: keep it to seconds
        ref, clk = timed(path, small, 'reference'), timed(path, small)
        print(f'  tiles={small}: reference engine / clock engine = {ref / clk:.1f}x')

    paths = {}
    for unit in ('MTE3', 'FIX'):
        paths[unit] = os.path.join(tmp, f'handoff-{unit}.pir')
        with open(paths[unit], 'w') as f:
            f.write(HANDOFF.replace('SECOND', unit))
    sizes = [base, 10 * base, 100 * base]
    print('cube-vector hand-off, second set on MTE3 (counting path) vs on FIX (issue-order path):')
    counting = [timed(paths['MTE3'], n) for n in sizes]
    ordered = [timed(paths['FIX'], n) for n in sizes]
    for n, t, u in zip(sizes, counting, ordered):
        print(f'  tiles={n:<8} counting path {t:8.3f} s, issue-order path {u:8.3f} s, '
              f'ratio {t / u:.1f}x')
    for k in range(1, len(sizes)):
        print(f'  counting path: time(tiles={sizes[k]}) / time(tiles={sizes[k-1]}) = '
              f'{counting[k] / counting[k-1]:.1f} (10 = linear)')

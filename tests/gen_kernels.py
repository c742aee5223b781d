#!/usr/bin/env python3
"""Random PIR kernels for differential testing of the checker against the simulator.

Every kernel is valid PIR for its model: units only touch the spaces the model lets them,
flags use allowed channels and ids, primitives take the right arguments. What is random is
the synchronization: flag pairs, barriers and cross-core flags and barriers are put in
correctly most of the time and dropped, moved, duplicated or given the wrong id now and then,
so the kernels are a mix of clean ones, races, overruns, leaked flags and deadlocks. Shapes:
straight-line code over several units, loops with ping-pong slots (let s = i % 2), ranged
params, `if (?)`, buffers placed so that their bytes overlap, multi-core kernels with shared
global (and cluster) buffers.

usage: gen_kernels.py --model M --seed S [--count N] [--out DIR]
With --out, writes DIR/<model>_<seed>.pir for seeds S .. S+N-1; otherwise prints kernel S."""
import argparse
import os
import random
import sys

# Per model: core types (units with class, readable and writable spaces), flag channels,
# spaces with their scope, and the sync vocabulary. Mirrors hwmodels/*.xml.
ASCEND_AIV = {
    'S': ('fifo', ['UB', 'GM'], ['UB', 'GM']),
    'V': ('pipe', ['UB'], ['UB']),
    'MTE2': ('pipe', ['GM'], ['UB']),
    'MTE3': ('pipe', ['UB'], ['GM']),
}
ASCEND_AIC = {
    'S': ('fifo', ['UB', 'GM'], ['UB', 'GM']),
    'MTE1': ('pipe', ['L1'], ['L0A', 'L0B']),
    'MTE2': ('pipe', ['GM'], ['UB', 'L1', 'L0A', 'L0B']),
    'M': ('pipe', ['L0A', 'L0B', 'L0C'], ['L0C']),
    'FIX': ('pipe', ['L0C'], ['GM', 'L1']),
    'MTE3': ('pipe', ['UB'], ['GM']),
}
# The 950 (hwmodels/ascend950.xml): the cube core has no UB, MTE2 loads GM into L1 only, and
# its MTE3 touches no space the model knows (left out here: nothing to generate on it).
ASCEND950_AIC = {
    'S': ('fifo', ['GM'], ['GM']),
    'MTE1': ('pipe', ['L1'], ['L0A', 'L0B']),
    'MTE2': ('pipe', ['GM'], ['L1']),
    'M': ('pipe', ['L0A', 'L0B', 'L0C'], ['L0C']),
    'FIX': ('pipe', ['L0C'], ['GM', 'L1']),
}
ASCEND910_CORE = {
    'S': ('fifo', ['UB', 'GM'], ['UB', 'GM']),
    'V': ('pipe', ['UB', 'L0C'], ['UB']),
    'M': ('pipe', ['L0A', 'L0B', 'L0C'], ['L0C']),
    'MTE1': ('pipe', ['L1'], ['L0A', 'L0B']),
    'MTE2': ('pipe', ['GM'], ['UB', 'L1', 'L0A', 'L0B']),
    'MTE3': ('pipe', ['UB'], ['GM']),
}
MLU_IPU = {
    'ALU': ('fifo', ['NRAM', 'SRAM', 'GDRAM'], ['NRAM', 'SRAM', 'GDRAM']),
    'IO': ('fifo', ['GDRAM', 'NRAM', 'WRAM', 'SRAM'], ['GDRAM', 'NRAM', 'WRAM', 'SRAM']),
    'MOVE': ('fifo', ['NRAM', 'SRAM', 'WRAM'], ['NRAM', 'SRAM', 'WRAM']),
    'COMPUTE': ('fifo', ['NRAM', 'WRAM'], ['NRAM']),
}
MLU_MPU = {k: v for k, v in MLU_IPU.items() if k != 'COMPUTE'}


def all_pairs(units, extra=()):
    return [(a, b) for a in units for b in units if a != b] + list(extra)


MODELS = {
    'ascend910b2': {
        'types': {'AIV': ASCEND_AIV, 'AIC': ASCEND_AIC},
        'default': 'AIV',
        'pairs': {'AIV': all_pairs(ASCEND_AIV, [('V', 'V')]), 'AIC': all_pairs(ASCEND_AIC)},
        'scope': {'GM': 'global', 'UB': 'core', 'L1': 'core', 'L0A': 'core', 'L0B': 'core',
                  'L0C': 'core'},
        'ids': 8, 'xflags': 16, 'xbarriers': {'sync_all': None},
    },
    'ascend950': {
        # a cross-core wait is checked only on S, the wait unit (wait-blocks="named-unit")
        'xwait': 'S',
        'types': {'AIV': ASCEND_AIV, 'AIC': ASCEND950_AIC},
        'default': 'AIV',
        'pairs': {'AIV': all_pairs(ASCEND_AIV, [('V', 'V')]),
                  'AIC': all_pairs(ASCEND950_AIC, [('FIX', 'FIX')])},
        'scope': {'GM': 'global', 'UB': 'core', 'L1': 'core', 'L0A': 'core', 'L0B': 'core',
                  'L0C': 'core'},
        'ids': 8, 'xflags': 16, 'xbarriers': {'sync_all': None},
    },
    'ascend910': {
        'types': {'AICORE': ASCEND910_CORE},
        'default': 'AICORE',
        'pairs': {'AICORE': all_pairs(ASCEND910_CORE, [('V', 'V')])},
        'scope': {'GM': 'global', 'UB': 'core', 'L1': 'core', 'L0A': 'core', 'L0B': 'core',
                  'L0C': 'core'},
        'ids': 4, 'xflags': 0, 'xbarriers': {},
    },
    'mlu370': {
        'types': {'IPU': MLU_IPU, 'MPU': MLU_MPU},
        'default': 'IPU',
        'pairs': {},
        'scope': {'GDRAM': 'global', 'SRAM': 'cluster', 'NRAM': 'core', 'WRAM': 'core'},
        'ids': 0, 'xflags': 0,
        'xbarriers': {'sync_cluster': None, 'sync_all_ipu': 'IPU'},
    },
}
# The MLU590 has the MLU370's cores, units and primitives (hwmodels/mlu590.xml); only its sizes
# differ, and the kernels here stay far below them.
MODELS['mlu590'] = MODELS['mlu370']
MLU_MODELS = ('mlu370', 'mlu590')
# The Ascend models with an AIC/AIV split (mixed kernels of one AIC and its AIVs).
ASCEND_SPLIT_MODELS = ('ascend910b2', 'ascend950')

# Op names per unit: (name, reads allowed, writes allowed). Names the model's op table does not
# list take the model's defaults (on mlu370: interlocked unless they end in _async).
OPS = {
    'ascend': {'S': ['set_value', 'get_value'], 'V': ['vop', 'vcalc'],
               'MTE2': ['copy', 'load'], 'MTE3': ['copy'], 'MTE1': ['load', 'copy'],
               'M': ['matmul'], 'FIX': ['drain', 'copy']},
    'mlu370': {'ALU': ['store', 'load'], 'IO': ['memcpy', 'memcpy_async', 'memset_async'],
               'MOVE': ['memcpy', 'memcpy_async'],
               'COMPUTE': ['bang_conv', 'bang_mlp', 'bang_calc', 'bang_scale_async']},
}


class Gen:
    def __init__(self, model, seed):
        self.model = model
        self.m = MODELS[model]
        self.r = random.Random(f'{model}:{seed}')
        self.buffers = []          # (name, space, dims, placed_at)
        self.lines = []
        self.indent = 1

    # ------------------------------------------------------------ declarations

    def declare_buffers(self, spaces):
        r = self.r
        n = 0
        for space in spaces:
            for _ in range(r.randint(1, 3)):
                name = f'{space.lower()}{n}'
                n += 1
                dims = [2, r.choice([32, 64])] if r.random() < 0.5 else [r.choice([64, 128, 256])]
                if space == 'L0C' and r.random() < 0.3:
                    dims = [16384]   # a tile the cube orders by itself (M's intra-ordered-from)
                self.buffers.append((name, space, dims, None))
            if r.random() < 0.3:   # two placed buffers whose bytes overlap
                base = r.choice([0, 256])
                size = r.choice([64, 128])
                for k in range(2):
                    name = f'{space.lower()}{n}'
                    n += 1
                    at = base + k * r.choice([0, 32, 64, size])
                    self.buffers.append((name, space, [size], at))

    def decl_text(self):
        out = []
        for name, space, dims, at in self.buffers:
            d = ''.join(f'[{x}]' for x in dims)
            out.append(f'buffer {name} : {space}{d}' + (f' @ {at}' if at is not None else '') + ';')
        return out

    # ------------------------------------------------------------ statements

    def emit(self, text):
        self.lines.append('  ' * self.indent + text)

    def region(self, space, slot_var, shared_core):
        """A region of a random buffer of `space`, in bounds."""
        r = self.r
        cands = [b for b in self.buffers if b[1] == space]
        name, _, dims, _ = r.choice(cands)
        size = dims[-1]
        pick = r.random()
        prefix = name
        if len(dims) == 2:
            if pick < 0.5 and slot_var:
                prefix = f'{name}[{slot_var}]'
            elif pick < 0.8:
                prefix = f'{name}[{r.randint(0, 1)}]'
            else:
                return name
        if shared_core and self.m['scope'][space] != 'core' and r.random() < 0.6:
            # per-core slices of a shared buffer: disjoint, unless the slice is too wide
            width = r.choice([16, 32])
            if size >= 4 * width:
                return f'{prefix}[(coreid % 4) * {width} +: {width}]'
        if r.random() < 0.5:
            return prefix
        width = r.choice([16, 32])
        lo = r.randrange(0, size - width + 1, 16)
        return f'{prefix}[{lo} +: {width}]'

    def access(self, ctype, unit, slot_var=None, shared_core=False):
        r = self.r
        _, reads, writes = self.m['types'][ctype][unit]
        fam = 'mlu370' if self.model in MLU_MODELS else 'ascend'
        op = r.choice(OPS[fam][unit])
        have = {b[1] for b in self.buffers}
        reads = [s for s in reads if s in have]
        writes = [s for s in writes if s in have]
        if self.model not in MLU_MODELS and unit == 'S':
            # the scalar unit touches a few bytes
            if op == 'set_value' and writes:
                reg = self.region(r.choice(writes), slot_var, shared_core)
                self.emit(f'S set_value {reg};')
            elif reads:
                reg = self.region(r.choice(reads), slot_var, shared_core)
                self.emit(f'S get_value <- {reg};')
            return
        if not writes and not reads:
            return
        w = [self.region(r.choice(writes), slot_var, shared_core)] if writes and (r.random() < 0.9 or not reads) else []
        rd = [self.region(r.choice(reads), slot_var, shared_core) for _ in range(r.randint(1, 2))] if reads and r.random() < 0.9 else []
        if op == 'memset_async' and w:
            rd = []
        if not w and not rd:
            return
        text = f'{unit} {op}'
        if w:
            text += ' ' + ', '.join(w)
        if rd:
            text += ' <- ' + ', '.join(rd)
        self.emit(text + ';')

    def flag_id(self):
        return self.r.randrange(self.m['ids'])

    def sync_between(self, ctype, ua, ub, pending):
        """Sync ordering ua's last access before ub's next one; `pending` collects waits to
        place before ub's access."""
        r = self.r
        x = r.random()
        pairs = self.m['pairs'].get(ctype, [])
        if self.model in MLU_MODELS:
            if x < 0.55:
                choice = r.random()
                if choice < 0.3:
                    self.emit({'IO': 'sync_io();', 'MOVE': 'sync_move();',
                               'COMPUTE': 'sync_compute();'}.get(ua, 'sync();'))
                elif choice < 0.5:
                    self.emit('sync();')
                elif choice < 0.8:
                    bits = [r.randint(0, 1) for _ in range(6)]
                    self.emit(f'sync_io_move_compute({", ".join(map(str, bits))});')
                else:
                    self.emit(r.choice(['sync_io();', 'sync_move();', 'sync_compute();']))
            return
        if x < 0.5 and (ua, ub) in pairs:
            fid = self.flag_id()
            mut = r.random()
            if mut < 0.82:
                self.emit(f'set_flag({ua}, {ub}, {fid});')
                pending.append(f'wait_flag({ua}, {ub}, {fid});')
            elif mut < 0.88:
                self.emit(f'set_flag({ua}, {ub}, {fid});')          # nobody waits
            elif mut < 0.92:
                pending.append(f'wait_flag({ua}, {ub}, {fid});')     # nobody sets
            elif mut < 0.96:
                self.emit(f'set_flag({ua}, {ub}, {fid});')
                pending.append(f'wait_flag({ua}, {ub}, {(fid + 1) % self.m["ids"]});')
            else:
                pending.append(f'wait_flag({ua}, {ub}, {fid});')
                self.emit(f'set_flag({ua}, {ub}, {fid});')          # set after the wait's queue
        elif x < 0.7:
            if ua == ub and r.random() < 0.7:
                self.emit(f'pipe_barrier({ua});')
            else:
                self.emit('pipe_barrier(ALL);')
        # else: nothing (a race when the accesses conflict)

    def straight(self, ctype, n, slot_var=None, shared_core=False):
        units = list(self.m['types'][ctype])
        prev = None
        pending = []
        for _ in range(n):
            u = self.r.choice(units)
            if prev is not None:
                self.sync_between(ctype, prev, u, pending)
            for w in pending:
                self.emit(w)
            pending = []
            self.access(ctype, u, slot_var, shared_core)
            prev = u

    def pingpong(self, ctype, trip):
        """The double-buffered producer/consumer loop, with random slips."""
        r = self.r
        pipes = [u for u, v in self.m['types'][ctype].items() if v[0] == 'pipe']
        if self.model in MLU_MODELS:
            pipes = ['IO', 'MOVE'] + (['COMPUTE'] if 'COMPUTE' in self.m['types'][ctype] else [])
        if len(pipes) < 2:
            return self.straight(ctype, 3)
        a, b = r.sample(pipes, 2)
        self.emit(f'for i in 0..{trip} {{')
        self.indent += 1
        self.emit('let s = i % 2;')
        slip = lambda: r.random() < 0.12
        if self.model in MLU_MODELS:
            self.access(ctype, a, 's')
            if not slip():
                self.emit(r.choice(['sync();', 'sync_io_move_compute();',
                                    {'IO': 'sync_io();', 'MOVE': 'sync_move();',
                                     'COMPUTE': 'sync_compute();'}[a]]))
            self.access(ctype, b, 's')
        else:
            pairs = self.m['pairs'][ctype]
            fid = r.randrange(self.m['ids'])
            back = (b, a) in pairs
            if back and not slip():
                cond = 'i >= 2' if not slip() else 'i >= 1'
                self.emit(f'if ({cond}) {{ wait_flag({b}, {a}, s); }}')
            self.access(ctype, a, 's')
            if (a, b) in pairs and not slip():
                self.emit(f'set_flag({a}, {b}, {fid if slip() else "s"});')
                if not slip():
                    self.emit(f'wait_flag({a}, {b}, s);')
            self.access(ctype, b, 's')
            if back and not slip():
                cond = f'i + 2 < {trip}' if not slip() else 'i + 1 < 3'
                self.emit(f'if ({cond}) {{ set_flag({b}, {a}, s); }}')
        self.indent -= 1
        self.emit('}')

    def body(self, ctype, multicore):
        r = self.r
        for _ in range(r.randint(1, 3)):
            x = r.random()
            if x < 0.4:
                self.straight(ctype, r.randint(2, 5), shared_core=multicore)
            elif x < 0.7:
                self.pingpong(ctype, r.choice(['n', '2', '3']))
            elif x < 0.85:
                self.emit(f'for j in 0..{r.choice(["n", "2"])} {{')
                self.indent += 1
                self.emit('let s = j % 2;')
                self.straight(ctype, r.randint(2, 3), slot_var='s', shared_core=multicore)
                self.indent -= 1
                self.emit('}')
            else:
                self.emit('if (?) {')
                self.indent += 1
                self.straight(ctype, r.randint(1, 3), shared_core=multicore)
                self.indent -= 1
                self.emit('} else {')
                self.indent += 1
                self.straight(ctype, r.randint(1, 2), shared_core=multicore)
                self.indent -= 1
                self.emit('}')

    # ------------------------------------------------------------ cross-core

    def xwait(self, unit):
        """The unit a cross-core wait names: the model's wait unit where only it is checked."""
        return self.m.get('xwait', unit)

    def xstep(self, ctype, group, groups, k, step):
        """One cross-core hand-off on a core of `group`: usually right, now and then not."""
        r = self.r
        slip = r.random() < 0.08
        if step[0] == 'flags2':
            # one core sets the same flag twice, from two units, after writing two regions;
            # the other waits twice and reads each region after its wait (racy: either set
            # may count first) or both after the second wait
            mode, flag, (u1, w1), (u2, w2), (u3, reg1), (u4, reg2) = step[1]
            if groups.index(group) == 0:
                self.emit(f'{u1} drain {w1} <- xc;' if u1 == 'FIX' else f'{u1} copy {w1} <- xu;')
                self.emit(f'cross_core_set_flag({u1}, {mode}, {flag});')
                self.emit(f'{u2} drain {w2} <- xc;' if u2 == 'FIX' else f'{u2} copy {w2} <- xu;')
                self.emit(f'cross_core_set_flag({u2}, {mode}, {flag});')
            elif r.random() < 0.4:
                self.emit(f'cross_core_wait_flag({self.xwait("MTE2")}, {mode}, {flag});')
                self.emit(f'cross_core_wait_flag({self.xwait("MTE2")}, {mode}, {flag});')
                self.emit(f'MTE2 copy xu <- {reg1};')
                self.emit(f'MTE2 copy xu <- {reg2};')
            else:
                self.emit(f'cross_core_wait_flag({self.xwait("MTE2")}, {mode}, {flag});')
                self.emit(f'MTE2 copy xu <- {reg1};')
                self.emit(f'cross_core_wait_flag({self.xwait("MTE2")}, {mode}, {flag});')
                self.emit(f'MTE2 copy xu <- {reg2};')
            return
        if step[0] == 'barrier':
            name, only = step[1]
            if (only is None or only == ctype) != slip:
                self.emit(f'{name}();')
            return
        mode, flag = step[1]
        unit = lambda: r.choice(list(self.m['types'][ctype]))
        if mode == 2:
            # between the two core types: one side produces, the other consumes, by turns
            produces = (groups.index(group) + k) % 2 == 0
            if produces != (slip and r.random() < 0.5):
                self.emit(f'cross_core_set_flag({unit()}, 2, {flag});')
            else:
                f = flag if not slip else (flag + 1) % self.m['xflags']
                self.emit(f'cross_core_wait_flag({self.xwait(unit())}, 2, {f});')
            return
        # within one core type every core counts for every core (itself included): all set,
        # then all wait
        if not (slip and r.random() < 0.5):
            self.emit(f'cross_core_set_flag({unit()}, {mode}, {flag});')
        if not (slip and r.random() < 0.5):
            self.emit(f'cross_core_wait_flag({self.xwait(unit())}, {mode}, {flag});')

    def multicore_kernel(self):
        r = self.r
        if self.model in ASCEND_SPLIT_MODELS:
            groups = r.choice([[('aic', 'AIC', 1), ('aiv', 'AIV', 2)], [('v', 'AIV', 2)],
                               [('c', 'AIC', 2)], [('aic', 'AIC', 1), ('aiv', 'AIV', 1)]])
        elif self.model in MLU_MODELS:
            groups = r.choice([[('mpu', 'MPU', 1), ('ipu', 'IPU', 2)], [('ipu', 'IPU', 2)],
                               [('ipu', 'IPU', 3)]])
        else:
            groups = [('cc', self.m['default'], 2)]
        types = {g[1] for g in groups}
        steps = []
        for _ in range(r.randint(1, 2)):
            if self.m['xflags'] and r.random() < 0.6:
                if len(types) == 2 and r.random() < 0.7:
                    mode = 2
                else:
                    mode = 0 if 'AIC' in types or r.random() < 0.5 else 1
                steps.append(('flag', (mode, r.randrange(self.m['xflags']))))
                if mode == 2 and groups[0][1] == 'AIC' and r.random() < 0.5:
                    # two GM writers of the AIC; the 950's has only FIX (its MTE3 moves nothing)
                    aic = self.m['types']['AIC']
                    writers = [u for u in ('FIX', 'MTE3') if u in aic and 'GM' in aic[u][2]]
                    u1, u2 = r.sample(writers, 2) if len(writers) == 2 else (writers[0],) * 2
                    w1, w2 = 'xg[0 +: 16]', 'xg[16 +: 16]'
                    if not any(b[0] == 'xg' for b in self.buffers):
                        self.buffers += [('xg', 'GM', [64], None), ('xu', 'UB', [64], None),
                                         ('xc', 'L0C', [64], None)]
                    steps[-1] = ('flags2', (2, steps[-1][1][1], (u1, w1), (u2, w2),
                                            ('MTE2', w1), ('MTE2', w2)))
            elif self.m['xbarriers']:
                name = r.choice(list(self.m['xbarriers']))
                steps.append(('barrier', (name, self.m['xbarriers'][name])))
        for group in groups:
            name, ctype, count = group
            many = count > 1 or r.random() < 0.3
            self.lines.append(f'  core {name}[{count}] : {ctype} {{' if many else f'  core {name} : {ctype} {{')
            self.indent = 2
            for k, step in enumerate(steps):
                self.straight(ctype, r.randint(1, 3), shared_core=True)
                self.xstep(ctype, group, groups, k, step)
            self.straight(ctype, r.randint(1, 3), shared_core=True)
            self.lines.append('  }')
            self.indent = 1

    # ------------------------------------------------------------ the file

    def kernel(self):
        r = self.r
        m = self.m
        header = [f'model "{self.model}";']
        ranged = r.random() < 0.5
        header.append('param n in 1..2;' if ranged else f'param n = {r.randint(1, 3)};')
        multicore = len(m['types']) > 1 and r.random() < 0.4 or (self.model == 'ascend910' and r.random() < 0.1)
        spaces = list(m['scope'])
        if multicore:
            self.declare_buffers(spaces)
            self.lines.append('kernel k {')
            self.multicore_kernel()
            self.lines.append('}')
        else:
            ctype = m['default']
            if self.model in ASCEND_SPLIT_MODELS and r.random() < 0.3:
                ctype = 'AIC'
            used = set()
            for u in m['types'][ctype].values():
                used.update(u[1])
                used.update(u[2])
            self.declare_buffers([s for s in spaces if s in used])
            self.lines.append('kernel k {')
            if ctype != m['default']:
                self.lines.append(f'  core c : {ctype} {{')
                self.indent = 2
            self.body(ctype, False)
            if ctype != m['default']:
                self.lines.append('  }')
            self.lines.append('}')
        return '\n'.join(header + self.decl_text() + self.lines) + '\n'


def generate(model, seed):
    """The kernel of (model, seed)."""
    return Gen(model, seed).kernel()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--model', required=True, choices=sorted(MODELS))
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--count', type=int, default=1)
    ap.add_argument('--out')
    a = ap.parse_args()
    if not a.out:
        for s in range(a.seed, a.seed + a.count):
            sys.stdout.write(generate(a.model, s))
        return
    os.makedirs(a.out, exist_ok=True)
    for s in range(a.seed, a.seed + a.count):
        with open(os.path.join(a.out, f'{a.model}_{s}.pir'), 'w') as f:
            f.write(generate(a.model, s))


if __name__ == '__main__':
    main()

#!/usr/bin/env python3
"""Differential test of the checker against the simulator on random kernels
(tests/gen_kernels.py). For every kernel, under every parameter value and path:

  soundness     every race, flag overrun, deadlock and leftover flag that a simulated
                schedule shows (the adversarial ones and --random-runs random ones) is a
                finding of the checker;
  completeness  every hazard and flag overrun the checker reports has a witness the
                simulator confirms, and every hazard, deadlock and leftover flag it reports
                shows up in some adversarial schedule. For overruns the confirmed witness
                stands in for the adversarial schedules, which delay one instruction at a
                time: a counter overflow may need two late (the witness delays both).

Findings are compared by (check, location, related location); leftover flags are not
compared in kernels that deadlock (a wait that never returns leaves its flag set). Any
disagreement prints the model, the seed and the kernel, and the exit code is 1.

usage: differential.py ACCELSYNC --model M [--count N] [--seed S] [--jobs J]
                       [--random-runs R] [--budget SECONDS] [--save DIR] [--tool-arg ARG]..."""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_kernels  # noqa: E402

BATCH = 100


def run_json(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if 'Sanitizer' in p.stderr or 'runtime error:' in p.stderr:
        raise RuntimeError(f'{" ".join(cmd[:4])} ...: sanitizer report:\n{p.stderr[:2000]}')
    try:
        return json.loads(p.stdout)
    except ValueError:
        raise RuntimeError(f'no JSON from {" ".join(cmd[:4])} ... (exit {p.returncode}): '
                           f'{(p.stdout + p.stderr)[:400]}')


def summarize(doc):
    """path -> {'keys': set, 'hazards': [finding], 'overruns': {key: finding}, 'status': str}
    over all kernels."""
    out = {}
    for f in doc['files']:
        keys, hazards, overruns = set(), [], {}
        for d in f['diagnostics']:
            keys.add(('input', d['check']))
        for k in f['kernels']:
            for fd in k['findings']:
                c, loc, rel = fd['check'], fd['location'], fd.get('related')
                if c.endswith('-hazard'):
                    keys.add((k['name'], c, loc['line'], loc['column'], rel['line'], rel['column']))
                    hazards.append(fd)
                elif c in ('flag-overrun', 'unmatched-signal'):
                    keys.add((k['name'], c, loc['line'], loc['column']))
                    if c == 'flag-overrun':
                        overruns[(k['name'], c, loc['line'], loc['column'])] = fd
                elif c == 'deadlock':
                    keys.add((k['name'], c))
                else:
                    keys.add((k['name'], 'other', c))
        out[f['path']] = {'keys': keys, 'hazards': hazards, 'overruns': overruns,
                          'status': f['status']}
    return out


def comparable(keys, deadlock):
    return {k for k in keys if not (deadlock and len(k) > 1 and k[1] == 'unmatched-signal')
            and (len(k) < 2 or k[1] != 'other')}


def compare(check, adv, rnd):
    """Disagreements of one file, as strings."""
    problems = []
    if check['status'] != 'checked':
        return problems
    deadlock = any(len(k) == 2 and k[1] == 'deadlock' for k in check['keys'])
    c = comparable(check['keys'], deadlock)
    a = comparable(adv['keys'], deadlock)
    r = comparable(rnd['keys'], deadlock)
    for k in sorted(a - c, key=str):
        problems.append(f'unsound: an adversarial schedule shows {k} but the checker does not report it')
    for k in sorted(r - c, key=str):
        problems.append(f'unsound: a random schedule shows {k} but the checker does not report it')
    for k in sorted(c - a, key=str):
        if k not in check['overruns']:
            problems.append(f'incomplete: the checker reports {k} but no adversarial schedule shows it')
    for h in check['hazards'] + list(check['overruns'].values()):
        w = h.get('witness')
        if not w or not w.get('confirmed'):
            problems.append('unconfirmed witness: ' + h['message'] + ' -- '
                            + (w.get('outcome', '') if w else 'no witness'))
    return problems


def run_batch(binary, model, seeds, random_runs, tool_args=()):
    """(stats, [(seed, problems, text)]) for one batch of seeds."""
    stats = {'kernels': 0, 'checked': 0, 'hazards': 0, 'confirmed': 0, 'overruns': 0,
             'overruns_confirmed': 0,
             'deadlocks': 0, 'clean': 0}
    bad = []
    with tempfile.TemporaryDirectory(prefix='accelsync-diff-') as tmp:
        paths, texts = [], {}
        for s in seeds:
            path = os.path.join(tmp, f'{model}_{s}.pir')
            text = gen_kernels.generate(model, s)
            with open(path, 'w') as f:
                f.write(text)
            paths.append(path)
            texts[path] = (s, text)
        check = summarize(run_json([binary, 'check', '--witness', '--format', 'json', *tool_args]
                                   + paths))
        adv = summarize(run_json([binary, 'simulate', '--policy', 'adversarial', '--format',
                                  'json', *tool_args] + paths))
        rnd = summarize(run_json([binary, 'simulate', '--policy', 'random', '--runs',
                                  str(random_runs), '--seed', str(seeds[0]), '--format',
                                  'json', *tool_args] + paths))
        for path in paths:
            stats['kernels'] += 1
            c = check[path]
            if c['status'] != 'checked':
                bad.append((texts[path][0], ['the kernel could not be checked: '
                                             + str(sorted(c['keys'], key=str))], texts[path][1]))
                continue
            stats['checked'] += 1
            stats['hazards'] += len(c['hazards'])
            stats['confirmed'] += sum(1 for h in c['hazards']
                                      if h.get('witness', {}).get('confirmed'))
            stats['overruns'] += len(c['overruns'])
            stats['overruns_confirmed'] += sum(1 for o in c['overruns'].values()
                                               if o.get('witness', {}).get('confirmed'))
            stats['deadlocks'] += any(len(k) == 2 and k[1] == 'deadlock' for k in c['keys'])
            stats['clean'] += not c['keys']
            problems = compare(c, adv[path], rnd[path])
            if problems:
                bad.append((texts[path][0], problems, texts[path][1]))
    return stats, bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('binary')
    ap.add_argument('--model', required=True, choices=sorted(gen_kernels.MODELS))
    ap.add_argument('--count', type=int, default=300)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--jobs', type=int, default=os.cpu_count() or 1)
    ap.add_argument('--random-runs', type=int, default=10)
    ap.add_argument('--budget', type=float, default=0, help='stop after this many seconds')
    ap.add_argument('--save', help='write every disagreeing kernel into this directory')
    ap.add_argument('--quiet', action='store_true', help='print only the summary')
    ap.add_argument('--tool-arg', action='append', default=[],
                    help='one more argument for every accelsync command (repeat), e.g. '
                         '--tool-arg=--model --tool-arg=variant.xml to run the kernels of M '
                         'against a variant of its model')
    a = ap.parse_args()

    t0 = time.monotonic()
    total = {}
    disagreements = 0
    seeds = list(range(a.seed, a.seed + a.count))
    batches = [seeds[i:i + BATCH] for i in range(0, len(seeds), BATCH)]
    stopped = False
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        pending = {}
        it = iter(batches)
        for b in it:
            pending[pool.submit(run_batch, a.binary, a.model, b, a.random_runs, tuple(a.tool_arg))] = b
            if len(pending) >= 2 * max(1, a.jobs):
                break
        while pending:
            done, _ = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for fut in done:
                del pending[fut]
                stats, bad = fut.result()
                for k, v in stats.items():
                    total[k] = total.get(k, 0) + v
                for seed, problems, text in bad:
                    disagreements += 1
                    print(f'DISAGREEMENT model={a.model} seed={seed}')
                    for p in problems:
                        print('  ' + p)
                    print('  kernel (regenerate: tests/gen_kernels.py --model '
                          f'{a.model} --seed {seed}):')
                    print(''.join('    ' + line + '\n' for line in text.splitlines()))
                    if a.save:
                        os.makedirs(a.save, exist_ok=True)
                        with open(os.path.join(a.save, f'{a.model}_{seed}.pir'), 'w') as f:
                            f.write(text)
                if not a.quiet:
                    print(f'... {total.get("kernels", 0)} kernels, {disagreements} disagreements, '
                          f'{time.monotonic() - t0:.0f} s', flush=True)
            if a.budget and time.monotonic() - t0 > a.budget:
                stopped = True
                continue
            for b in it:
                pending[pool.submit(run_batch, a.binary, a.model, b, a.random_runs, tuple(a.tool_arg))] = b
                break
    elapsed = time.monotonic() - t0
    print(f'differential {a.model}: kernels {total.get("kernels", 0)}'
          f'{" (stopped by the time budget)" if stopped else ""}, '
          f'clean {total.get("clean", 0)}, hazards reported {total.get("hazards", 0)}, '
          f'witnesses confirmed {total.get("confirmed", 0)}, '
          f'flag overruns {total.get("overruns", 0)} (witnesses confirmed '
          f'{total.get("overruns_confirmed", 0)}), kernels with deadlocks '
          f'{total.get("deadlocks", 0)}, disagreements {disagreements}, time {elapsed:.1f} s')
    sys.exit(1 if disagreements else 0)


if __name__ == '__main__':
    main()

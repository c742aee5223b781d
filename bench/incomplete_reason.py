"""Why a kernel of a `check --format json` report was not complete, as a line that counts:
the first stopping error of the kernel (else one of its file that names it, else any of its
file), its quoted names and numbers blanked. Shared by the bench scripts that tally them."""
import re

STOPS = ('limit-exceeded', 'unsupported', 'input-error', 'source-error')


def reason(f, k, width=120):
    if k.get('empty'):
        return 'empty-kernel (compiled out for the arch, or no access)'
    named = [d for d in f['diagnostics'] if k['name'] in d['message']]
    for x in k['findings'] + named + f['diagnostics']:
        if x['check'] in STOPS and x['severity'] == 'error':
            m = x['message']
            break
    else:
        m = k.get('stopped', 'not complete (no reason given)')
    m = re.sub(r"'[^']*'", "'X'", m)
    m = re.sub(r'line \d+|:\d+|\b\d+\b', 'N', m)
    return m[:width]

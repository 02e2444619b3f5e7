#!/usr/bin/python3
"""Records one scripts/mutate run as tools/mutate/results.json, the checked-in file the
site's maintainers page shows: date, commit, sample size, seed, and per file the counts of
mutate.py's JSON reports (mutants, killed, equivalent, survived, stillborn, untested) with the
survivors' keys. A survivor triaged in tools/mutate/equivalent.txt after the run (key and reason)
counts as equivalent. Prints the combined table.

With --recheck the reports are a re-run of the recorded run's survivors (scripts/mutate --keys)
at a later commit, after tests were added: each survivor the re-run killed moves from survived to
killed (listed per file as killed_later), and results.json keeps the run's own date, commit and
sample beside the recheck's commit and date.

Usage: record.py --out FILE --sample N --seed S --commit C [--build TEXT] REPORT.json...
       record.py --out FILE --recheck [--sanitized] --commit C REPORT.json...
"""
import argparse
import datetime
import json
import sys

import mutate


def fail(message):
    """Bad input: the message on stderr, exit 2."""
    print(f'record: {message}', file=sys.stderr)
    sys.exit(2)


def now():
    """The current UTC time as results.json shows it."""
    return datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC')


def load_reports(paths):
    """The rows of mutate.py's JSON reports."""
    rows = []
    for path in paths:
        try:
            with open(path, encoding='utf-8') as f:
                rows += json.load(f)
        except OSError as e:
            fail(f'{path}: {e.strerror}')
    return rows


def totals(files):
    """The column sums over the files."""
    return {c: sum(r[c] for r in files) for c in mutate.COLUMNS}


def print_table(result, out):
    """The recorded table, as mutate.py prints it."""
    print(f"\nmutate: recorded in {out} ({result['date']}, commit {result['commit']}, "
          f"sample {result['sample'] or 'all'} per file, seed {result['seed']})")
    if 'recheck' in result:
        r = result['recheck']
        print(f"survivors re-run (last at commit {r['commit']}, {r['date']}): {r['killed']} of "
              f"{r['rerun']} killed")
    print(mutate.TABLE_HEAD)
    for r in result['files']:
        print(mutate.table_row(r['file'], r))
    print(mutate.table_row('all', result['total']))


def record_run(args, equivalent):
    """A fresh run: its reports become results.json."""
    files = []
    for r in load_reports(args.reports):
        row = {c: r[c] for c in ('file',) + mutate.COLUMNS}
        keys = [s['key'] for s in r['survivors']]
        triaged = [k for k in keys if k in equivalent]
        row['equivalent'] += len(triaged)
        row['survived'] -= len(triaged)
        row['survivors'] = [k for k in keys if k not in equivalent]
        files.append(row)
    return {'date': now(), 'commit': args.commit, 'sample': args.sample, 'seed': args.seed,
            'build': args.build, 'files': files, 'total': totals(files)}


def record_recheck(args, equivalent):
    """A re-run of the recorded survivors: the ones it killed move to killed."""
    try:
        with open(args.out, encoding='utf-8') as f:
            result = json.load(f)
    except OSError as e:
        fail(f'--recheck needs the recorded run: {args.out}: {e.strerror}')
    rows = load_reports(args.reports)
    killed = {k for r in rows for k in r.get('killed_keys', [])}
    # Every survivor re-run so far: this re-run's and an earlier recheck's (which re-ran all the
    # survivors it found when it did not list them).
    before = result.get('recheck')
    earlier = set(before.get('rerun_keys', [])) if before else set()
    if before and not earlier:
        earlier = {k for row in result['files'] for k in row['survivors'] + row.get('killed_later', [])}
    rerun = earlier | killed | {s['key'] for r in rows for s in r['survivors']}
    for row in result['files']:
        later = [k for k in row['survivors'] if k in killed]
        triaged = [k for k in row['survivors'] if k in equivalent and k not in killed]
        row['killed'] += len(later)
        row['equivalent'] += len(triaged)
        row['survived'] -= len(later) + len(triaged)
        row['survivors'] = [k for k in row['survivors'] if k not in killed and k not in triaged]
        row['killed_later'] = sorted(set(row.get('killed_later', [])) | set(later))
    result['total'] = totals(result['files'])
    # Kills seen only by the sanitized build (scripts/mutate --sanitize): out-of-bounds reads.
    sanitized = set(before.get('sanitized_keys', [])) if before else set()
    if args.sanitized:
        sanitized |= killed
    result['recheck'] = {'commit': args.commit, 'date': now(), 'rerun': len(rerun),
                         'killed': sum(len(r['killed_later']) for r in result['files']),
                         'rerun_keys': sorted(rerun), 'sanitized_keys': sorted(sanitized)}
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--out', required=True)
    ap.add_argument('--recheck', action='store_true')
    ap.add_argument('--sample', type=int)
    ap.add_argument('--seed', type=int)
    ap.add_argument('--commit', required=True)
    ap.add_argument('--build', default='whole tree per mutant')
    ap.add_argument('--sanitized', action='store_true',
                    help='the recheck ran in the ASan + UBSan build (scripts/mutate --sanitize)')
    ap.add_argument('reports', nargs='+')
    args = ap.parse_args()
    if not args.recheck and (args.sample is None or args.seed is None):
        ap.error('--sample and --seed are required for a run (not a --recheck)')
    equivalent = mutate.load_equivalent()
    result = record_recheck(args, equivalent) if args.recheck else record_run(args, equivalent)
    with open(args.out, 'w', encoding='utf-8') as f:
        json.dump(result, f, indent=1, ensure_ascii=False)
        f.write('\n')
    print_table(result, args.out)


if __name__ == '__main__':
    main()

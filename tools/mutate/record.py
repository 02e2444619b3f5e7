#!/usr/bin/python3
"""Records one scripts/mutate run (issue 20) as tools/mutate/results.json, the checked-in file the
site's maintainers page shows: date, commit, sample size, seed, and per file the counts of
mutate.py's JSON reports (mutants, killed, equivalent, survived, stillborn, untested) with the
survivors' keys. A survivor triaged in tools/mutate/equivalent.txt after the run (key and reason)
counts as equivalent. Prints the combined table.

Usage: record.py --out FILE --sample N --seed S --commit C REPORT.json...
"""
import argparse
import datetime
import json

import mutate


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--out', required=True)
    ap.add_argument('--sample', type=int, required=True)
    ap.add_argument('--seed', type=int, required=True)
    ap.add_argument('--commit', required=True)
    ap.add_argument('--build', default='whole tree per mutant')
    ap.add_argument('reports', nargs='+')
    args = ap.parse_args()
    equivalent = mutate.load_equivalent()
    files = []
    for path in args.reports:
        with open(path, encoding='utf-8') as f:
            for r in json.load(f):
                row = {c: r[c] for c in ('file',) + mutate.COLUMNS}
                keys = [s['key'] for s in r['survivors']]
                triaged = [k for k in keys if k in equivalent]
                row['equivalent'] += len(triaged)
                row['survived'] -= len(triaged)
                row['survivors'] = [k for k in keys if k not in equivalent]
                files.append(row)
    total = {c: sum(r[c] for r in files) for c in mutate.COLUMNS}
    result = {'date': datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC'),
              'commit': args.commit, 'sample': args.sample, 'seed': args.seed,
              'build': args.build, 'files': files, 'total': total}
    with open(args.out, 'w', encoding='utf-8') as f:
        json.dump(result, f, indent=1, ensure_ascii=False)
        f.write('\n')
    print(f"\nmutate: recorded in {args.out} ({result['date']}, commit {args.commit}, "
          f"sample {args.sample or 'all'} per file, seed {args.seed})")
    print(mutate.TABLE_HEAD)
    for r in files:
        print(mutate.table_row(r['file'], r))
    print(mutate.table_row('all', total))


if __name__ == '__main__':
    main()

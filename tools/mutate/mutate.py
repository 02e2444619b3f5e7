#!/usr/bin/python3
"""Mechanical mutation testing of reference/: how much wrong code does the suite catch?

For each source file, generates mutants line by line (one small edit each):
  arith     a binary + - * / replaced by its partner (+ <-> -, * <-> /)
  relation  < <= > >= == != replaced (< -> <=, <= -> <, > -> >=, >= -> >, == -> !=, != -> ==)
  logic     && <-> ||
  constant  a literal 0.5, 2, 1 or 0 changed (0.5 -> 0.25, 2 -> 3, 1 -> 0, 0 -> 1), an index
            [0] <-> [1]
  negate    the condition of an if / while negated: if (c) -> if (!(c))
  swap      the two operands of a - or / between simple names (not members) swapped (a - b -> b - a)
  delete    a statement line ending in ';' that is an assignment, a compound assignment or a
            call (not a declaration, a return or a throw) removed
Lines in comments, preprocessor lines, string literals, static_assert and throw/Require* error
checks are left alone (a mutant there changes only an error message or a validation that the
robustness tests already pin).

Each mutant is written into the file, the build is brought up to date, the relevant tests run
(`ctest -L <labels> -R <regex> --stop-on-failure` with a per-test timeout), and the file is
restored. The build is the whole tree (`cmake --build`), or with --fast only the programs the
selected tests name in their commands (ctest --show-only=json-v1: every path into the build tree
that is an executable, e.g. tests/mujoco_test or bin/simatlas inside a check command); then a test
runs for a mutant only if every build-tree program its command names was relinked after the mutant
was written (a program that does not link the mutated file is not rebuilt and cannot see it), so
no counted test runs an unmutated binary. Tests whose commands name no build-tree program are not
run with --fast (listed once). The unit-labelled tests run first and the rest only if they pass.
Outcomes: killed (a test failed or timed out), survived (every test passed), stillborn (does not
compile: not counted), untested (--fast: no selected program links the file). Survivors are
printed as diffs with the file's triage note when tools/mutate/equivalent.txt records one
('FILE:LINE KIND:TAG | reason', the key printed for each mutant) — an equivalent mutant is not
counted as survived.

Usage: mutate.py --build DIR [--fast] [--jobs N] [--sample N] [--seed S] [--labels L] [--regex R]
       [--keys FILE] [--targets T,...] [--json OUT] FILE[:FROM-TO]...
A FILE:FROM-TO argument mutates only lines FROM..TO of the file (1-based, inclusive), e.g. the
termination block of a solver; --sample then draws from those. --keys FILE runs only the mutants
whose keys the file lists (one a line, as printed; e.g. an earlier run's survivors re-run after
tests were added), without sampling. A --keys line may also be a hand-written mutant,
'FILE:LINE replace: CODE' (a plausible mistake no mechanical operator makes, e.g. a series
stiffness written as the mean): line LINE's code becomes CODE, with the line's indentation kept;
its key is the line as written. The JSON report lists the killed keys beside the survivors,
each with the tests that failed (a kill by a test that can fail for other reasons, e.g. the check
client's 5 s query timeout on a loaded machine, is then visible).
Exit 0 always when the run completes (the table is a measurement), 2 on usage errors.
"""
import argparse
import difflib
import hashlib
import json
import os
import random
import re
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SKIP_LINE = re.compile(r'^\s*(#|//|/\*|\*|static_assert|namespace\b|using\b|template\b|\}|\{)')
SKIP_CONTENT = re.compile(r'\bthrow\b|Require[A-Z]\w*\(|ThrowInputError|ThrowNumericalError|'
                          r'std::string\(|<<|operator|#include|".*"')
ARITH = [(' + ', ' - '), (' - ', ' + '), (' * ', ' / '), (' / ', ' * ')]
RELATION = [(' <= ', ' < '), (' >= ', ' > '), (' < ', ' <= '), (' > ', ' >= '),
            (' == ', ' != '), (' != ', ' == ')]
LOGIC = [(' && ', ' || '), (' || ', ' && ')]
CONSTANT = [(r'(?<![\w.])0\.5(?![\w.])', '0.25'), (r'(?<![\w.])2(\.0)?(?![\w.])', '3'),
            (r'(?<![\w.\[])1(\.0)?(?![\w.])', '0'), (r'(?<![\w.\[])0(\.0)?(?![\w.])', '1'),
            (r'\[0\]', '[1]'), (r'\[1\]', '[0]')]
SWAP = re.compile(r'(?<![\w.>])([A-Za-z_]\w*) ([-/]) ([A-Za-z_]\w*)\b(?!\s*[\(\[.])')
CONDITION = re.compile(r'\b(if|while) \((.*)\)\s*(\{|return|continue|break|[A-Za-z_].*;)?\s*$')
DECLARATION = re.compile(r'^\s*(const\s+)?(auto|double|int|bool|float|std::|core::|Eigen::|[A-Z]\w*(<.*>)?\s+[a-z_]\w*\s*[=({;])')


def code_part(line):
    """The line without a trailing // comment (string literals are skipped elsewhere)."""
    return line.split('//', 1)[0]


def in_block_comment_lines(lines):
    """Indices of lines inside /* ... */ blocks."""
    inside, result = False, set()
    for i, line in enumerate(lines):
        if inside:
            result.add(i)
            if '*/' in line:
                inside = False
        elif '/*' in line and '*/' not in line:
            inside = True
            result.add(i)
    return result


def mutants_of(path):
    """Every mutant of the file: (line index, kind, new line)."""
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')
    skip = in_block_comment_lines(lines)
    result = []
    for i, line in enumerate(lines):
        if i in skip or SKIP_LINE.match(line) or not line.strip():
            continue
        code = code_part(line)
        if SKIP_CONTENT.search(code):
            continue
        comment = line[len(code):]

        def add(kind, new_code):
            if new_code != code:
                result.append((i, kind, new_code + comment))

        for kind, table in (('arith', ARITH), ('relation', RELATION), ('logic', LOGIC)):
            for old, new in table:
                start = 0
                while True:
                    at = code.find(old, start)
                    if at < 0:
                        break
                    # ' < ' inside a template argument list such as std::vector<int> has no
                    # spaces, so the spaced forms are operators.
                    add(kind, code[:at] + new + code[at + len(old):])
                    start = at + 1
        for pattern, new in CONSTANT:
            for m in re.finditer(pattern, code):
                add('constant', code[:m.start()] + new + code[m.end():])
        for m in SWAP.finditer(code):
            if m.group(1) != m.group(3):
                add('swap', code[:m.start()] + m.group(3) + ' ' + m.group(2) + ' ' + m.group(1) +
                    code[m.end():])
        c = CONDITION.search(code)
        if c and c.group(1) in ('if', 'while'):
            cond = c.group(2)
            # Only a balanced condition (the line holds the whole if (...)).
            if cond.count('(') == cond.count(')'):
                add('negate', code[:c.start(2)] + '!(' + cond + ')' + code[c.end(2):])
        stripped = code.strip()
        if (stripped.endswith(';') and not stripped.startswith(('return', 'break', 'continue'))
                and not DECLARATION.match(code) and
                (re.search(r'[^=!<>]=[^=]', stripped) or re.match(r'^[\w:.\->\[\]]+\(.*\);$', stripped))
                and stripped.count('(') == stripped.count(')')):
            add('delete', '')
    return lines, result


def run(cmd, timeout):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout,
                           text=True)
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired:
        return 124, 'timeout'


def load_equivalent():
    """tools/mutate/equivalent.txt: 'FILE:LINE KIND:TAG | reason' lines (the key mutate prints)."""
    path = os.path.join(REPO, 'tools', 'mutate', 'equivalent.txt')
    notes = {}
    if os.path.exists(path):
        with open(path, encoding='utf-8') as f:
            for raw in f:
                raw = raw.rstrip('\n')
                if not raw or raw.startswith('#'):
                    continue
                key, _, reason = raw.partition(' | ')
                notes[key.strip()] = reason.strip()
    return notes


COLUMNS = ('mutants', 'killed', 'equivalent', 'survived', 'stillborn', 'untested')
TABLE_HEAD = f"{'file':<44}" + ''.join(f'{c:>11}' for c in COLUMNS) + f"{'score':>8}"


def score(counts):
    """Killed share of the non-equivalent mutants that compiled and were tested ('-' if none)."""
    k, s = counts['killed'], counts['survived']
    return f'{100.0 * k / (k + s):.0f} %' if k + s else '-'


def table_row(name, counts):
    """One row of the table printed at the end."""
    return f'{name:<44}' + ''.join(f'{counts[c]:>11}' for c in COLUMNS) + f'{score(counts):>8}'


def mutant_key(rel, index, kind, new_line):
    """The key printed for a mutant and used by equivalent.txt and --keys: FILE:LINE KIND:TAG
    (a hand-written mutant: FILE:LINE replace: CODE)."""
    if kind == 'replace':
        return f'{rel}:{index + 1} replace: {new_line.strip()}'
    return f'{rel}:{index + 1} {kind}:{hashlib.sha1(new_line.encode()).hexdigest()[:6]}'


HAND_WRITTEN = re.compile(r'^(\S+):(\d+) replace: (.+)$')


def hand_written_mutants(rel, lines, keys):
    """The 'FILE:LINE replace: CODE' keys for this file as (line index, 'replace', new line)."""
    result = []
    for key in sorted(keys or ()):
        m = HAND_WRITTEN.match(key)
        if not m or m.group(1) != rel:
            continue
        index = int(m.group(2)) - 1
        if not 0 <= index < len(lines):
            sys.exit(f'mutate: {key}: line {index + 1} is not in {rel} ({len(lines)} lines)')
        indent = lines[index][:len(lines[index]) - len(lines[index].lstrip())]
        result.append((index, 'replace', indent + m.group(3).strip()))
    return result


def load_keys(path):
    """The mutant keys listed in a --keys file (one a line; blank lines and # comments skipped)."""
    try:
        with open(path, encoding='utf-8') as f:
            return {line.strip() for line in f if line.strip() and not line.startswith('#')}
    except OSError as e:
        print(f'mutate: --keys {path}: {e.strerror}', file=sys.stderr)
        sys.exit(2)


def select_tests(args):
    """The tests of --labels and --regex with the build-tree programs each command names."""
    cmd = ['ctest', '--test-dir', args.build, '-N', '--show-only=json-v1', '-L', args.labels]
    if args.regex:
        cmd += ['-R', args.regex]
    listing = json.loads(subprocess.run(cmd, stdout=subprocess.PIPE, check=True, text=True).stdout)
    build = os.path.realpath(args.build) + os.sep
    tests = []
    for t in listing['tests']:
        words = re.split(r'[\s|=]+', ' '.join(t.get('command', [])))
        programs = sorted({w for w in words if w.startswith(build) and os.path.isfile(w) and
                           os.access(w, os.X_OK)})
        labels = [v for p in t.get('properties', []) if p['name'] == 'LABELS' for v in p['value']]
        tests.append({'name': t['name'], 'programs': programs, 'unit': 'unit' in labels})
    return tests


def build_targets(build):
    """Target names of the build tree (`cmake --build DIR --target help`)."""
    _, out = run(['cmake', '--build', build, '--target', 'help'], 600)
    return {m.group(1) for m in re.finditer(r'^\.\.\. (\S+)', out, re.M)}


def run_tests(args, tests):
    """ctest on the given tests, unit-labelled ones first, stopping at the first failure: its exit
    code and the failed tests ctest names (how the mutant was killed; 0 and [] if none failed)."""
    for stage in ([t for t in tests if t['unit']], [t for t in tests if not t['unit']]):
        if not stage:
            continue
        names = '^(' + '|'.join(re.escape(t['name']) for t in stage) + ')$'
        code, out = run(['ctest', '--test-dir', args.build, '--stop-on-failure', '--timeout',
                         str(args.timeout), '-j', str(args.jobs), '-R', names], 7200)
        if code != 0:
            return code, re.findall(r'^\s*\d+ - (\S+) \(', out, re.M) or ['timeout']
    return 0, []


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--build', required=True)
    ap.add_argument('--sample', type=int, default=0, help='mutants per file (0: all)')
    ap.add_argument('--seed', type=int, default=20261201)
    ap.add_argument('--labels', default='unit|property|exercise|check|walkthrough|oracle')
    ap.add_argument('--regex', default='', help='ctest -R: only these tests (default: all in the labels)')
    ap.add_argument('--timeout', type=int, default=300, help='per test, s')
    ap.add_argument('--fast', action='store_true',
                    help='build only the programs the selected tests name (see above)')
    ap.add_argument('--jobs', type=int, default=os.cpu_count() or 2, help='build and ctest -j')
    ap.add_argument('--keys', default='', help='file of mutant keys: run only those')
    ap.add_argument('--targets', default='',
                    help='comma-separated build targets per mutant instead of the whole tree, '
                         'for tests whose commands name no build-tree program (the Python '
                         'oracles: the simatlas module target); every selected test runs')
    ap.add_argument('--json', default='')
    ap.add_argument('files', nargs='+')
    args = ap.parse_args()
    equivalent = load_equivalent()
    only = load_keys(args.keys) if args.keys else None
    rng = random.Random(args.seed)
    full_build = ['cmake', '--build', args.build, '-j', str(args.jobs)]
    build_cmd = full_build
    selected = select_tests(args)
    if args.targets:
        build_cmd = full_build + ['--target'] + args.targets.split(',')
    elif args.fast:
        targets = sorted({os.path.basename(p) for t in selected for p in t['programs']})
        known = build_targets(args.build)
        unknown = [t for t in targets if t not in known]
        if unknown:
            print(f'mutate: --fast: {" ".join(unknown)} not build targets; whole-tree builds',
                  flush=True)
        elif targets:
            build_cmd = full_build + ['--target'] + targets
        skipped = [t['name'] for t in selected if not t['programs']]
        if skipped:
            print(f'mutate: --fast: not run (no build-tree program in the command): '
                  f'{" ".join(skipped)}', flush=True)
        selected = [t for t in selected if t['programs']]
    report = []
    started = time.time()
    for arg in args.files:
        rel, span = arg, None
        m = re.fullmatch(r'(.*):(\d+)-(\d+)', arg)
        if m:
            rel, span = m.group(1), (int(m.group(2)), int(m.group(3)))
        path = os.path.join(REPO, rel) if not os.path.isabs(rel) else rel
        rel = os.path.relpath(path, REPO)
        if not os.path.isfile(path):
            sys.exit(f'mutate: {rel}: No such file')
        lines, mutants = mutants_of(path)
        if span:
            mutants = [x for x in mutants if span[0] <= x[0] + 1 <= span[1]]
            rel_shown = f'{rel}:{span[0]}-{span[1]}'
        else:
            rel_shown = rel
        if only is not None:
            mutants = [x for x in mutants if mutant_key(rel, *x) in only]
            mutants += hand_written_mutants(rel, lines, only)
        elif args.sample and len(mutants) > args.sample:
            mutants = sorted(rng.sample(mutants, args.sample))
        original = '\n'.join(lines)
        counts = {'killed': 0, 'survived': 0, 'stillborn': 0, 'equivalent': 0, 'untested': 0}
        survivors, killed, killed_by = [], [], {}
        try:
            for index, kind, new_line in mutants:
                mutated = lines[:index] + ([new_line] if new_line else []) + lines[index + 1:]
                written = time.time()
                with open(path, 'w', encoding='utf-8') as f:
                    f.write('\n'.join(mutated))
                code, _ = run(build_cmd, 1800)
                if code != 0:
                    counts['stillborn'] += 1
                    continue
                tests = selected
                if args.fast:
                    # Only tests all of whose programs were relinked from the mutant.
                    tests = [t for t in selected
                             if all(os.path.getmtime(p) >= written for p in t['programs'])]
                key = mutant_key(rel, index, kind, new_line)
                if not tests:
                    # No selected program links the mutated line: nothing could see it.
                    counts['untested'] += 1
                    print(f'  {key}: untested (no selected program was relinked)', flush=True)
                    continue
                code, failed = run_tests(args, tests)
                if code != 0:
                    counts['killed'] += 1
                    killed.append(key)
                    killed_by[key] = failed
                elif key in equivalent:
                    counts['equivalent'] += 1
                else:
                    counts['survived'] += 1
                    diff = ''.join(difflib.unified_diff([lines[index] + '\n'], [new_line + '\n'],
                                                        f'a/{rel}:{index + 1}', f'b/{rel}:{index + 1}'))
                    survivors.append({'key': key, 'diff': diff})
                outcome = (f'killed by {" ".join(failed)}' if code else
                           'equivalent' if key in equivalent else 'SURVIVED')
                print(f'  {key}: {outcome}', flush=True)
        finally:
            with open(path, 'w', encoding='utf-8') as f:
                f.write(original)
        report.append({'file': rel_shown, 'mutants': len(mutants), **counts, 'survivors': survivors,
                       'killed_keys': killed, 'killed_by': killed_by})
    # Restore the build to the original sources.
    run(full_build, 1800)
    print(f'\nmutate: {time.time() - started:.0f} s, seed {args.seed}, sample {args.sample or "all"}')
    print(TABLE_HEAD)
    total = {}
    for r in report:
        for key in COLUMNS:
            total[key] = total.get(key, 0) + r[key]
        print(table_row(r['file'], r))
    if len(report) > 1:
        print(table_row('all', total))
    for r in report:
        for s in r['survivors']:
            print(f"\nsurvived: {s['key']}\n{s['diff']}", end='')
    if args.json:
        with open(args.json, 'w', encoding='utf-8') as f:
            json.dump(report, f, indent=1)


if __name__ == '__main__':
    main()

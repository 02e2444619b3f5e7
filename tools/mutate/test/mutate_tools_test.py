#!/usr/bin/python3
"""Checks of tools/mutate (mutation testing of reference/): the triage file names
only mutants the current sources still produce (a refactor that moves a line leaves a stale entry,
which would hide nothing and claim an equivalence nobody checked), the keys that --keys selects by,
and record.py --recheck moving only the survivors the re-run killed.
"""
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.path.dirname(HERE)
REPO = os.path.dirname(os.path.dirname(TOOLS))
sys.path.insert(0, TOOLS)
import mutate  # noqa: E402


class EquivalentFile(unittest.TestCase):
    def test_every_entry_names_a_current_mutant_with_a_reason(self):
        keys = {}
        for key, reason in mutate.load_equivalent().items():
            path = key.split(':', 1)[0]
            if path not in keys:
                _, mutants = mutate.mutants_of(os.path.join(REPO, path))
                keys[path] = {mutate.mutant_key(path, *m) for m in mutants}
            with self.subTest(key=key):
                self.assertIn(key, keys[path], 'no such mutant of the current source (stale line?)')
                self.assertTrue(reason, 'an equivalent needs its reason')


class Keys(unittest.TestCase):
    def test_key_is_file_line_kind_and_the_new_line_hash(self):
        # sha1('') starts da39a3: a deleted statement's tag, as mutate prints it.
        self.assertEqual(mutate.mutant_key('reference/x.cc', 9, 'delete', ''),
                         'reference/x.cc:10 delete:da39a3')

    def test_keys_file_skips_comments_and_blank_lines(self):
        with tempfile.NamedTemporaryFile('w', suffix='.txt', delete=False) as f:
            f.write('# survivors\n\nreference/x.cc:10 delete:da39a3\n')
        try:
            self.assertEqual(mutate.load_keys(f.name), {'reference/x.cc:10 delete:da39a3'})
        finally:
            os.unlink(f.name)

    def test_hand_written_mutant_keeps_the_indentation_and_prints_its_key(self):
        lines = ['double K() {', '  return SafeDivide(k1 * k2, k1 + k2);', '}']
        key = 'reference/x.cc:2 replace: return 0.5 * (k1 + k2);'
        self.assertEqual(mutate.hand_written_mutants('reference/x.cc', lines, {key}),
                         [(1, 'replace', '  return 0.5 * (k1 + k2);')])
        self.assertEqual(mutate.mutant_key('reference/x.cc', 1, 'replace', '  return 0.5 * (k1 + k2);'),
                         key)
        # Another file's keys and mechanical keys are not hand-written mutants of this one.
        self.assertEqual(mutate.hand_written_mutants(
            'reference/y.cc', lines, {key, 'reference/y.cc:2 delete:da39a3'}), [])

    def test_hand_written_mutant_past_the_end_is_refused(self):
        with self.assertRaises(SystemExit) as e:
            mutate.hand_written_mutants('reference/x.cc', ['a;'], {'reference/x.cc:5 replace: b;'})
        self.assertIn('line 5 is not in reference/x.cc (1 lines)', str(e.exception.code))

    def test_every_kept_hand_written_key_names_a_current_line(self):
        # tools/mutate/*_mistakes.txt: each replace key's line holds the code it was written
        # against (its first token still there), so a moved line is noticed.
        for name in sorted(os.listdir(TOOLS)):
            if not name.endswith('_mistakes.txt'):
                continue
            for key in mutate.load_keys(os.path.join(TOOLS, name)):
                m = mutate.HAND_WRITTEN.match(key)
                with self.subTest(key=key):
                    self.assertIsNotNone(m, 'not a replace key')
                    with open(os.path.join(REPO, m.group(1)), encoding='utf-8') as f:
                        lines = f.read().split('\n')
                    original = lines[int(m.group(2)) - 1].strip()
                    self.assertEqual(original.split()[0], m.group(3).split()[0],
                                     f'line {m.group(2)} now reads {original!r}')


def report(file, killed, survived):
    """A mutate.py JSON report row with these killed and surviving keys."""
    return {'file': file, 'mutants': len(killed) + len(survived), 'killed': len(killed),
            'equivalent': 0, 'survived': len(survived), 'stillborn': 0, 'untested': 0,
            'survivors': [{'key': k, 'diff': ''} for k in survived], 'killed_keys': killed}


class Recheck(unittest.TestCase):
    def run_record(self, directory, *args):
        return subprocess.run([sys.executable, os.path.join(TOOLS, 'record.py'),
                               '--out', os.path.join(directory, 'results.json'), *args],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def test_only_the_killed_survivors_move(self):
        a, b, c = ('reference/x.cc:1 arith:aaaaaa', 'reference/x.cc:2 arith:bbbbbb',
                   'reference/x.cc:3 arith:cccccc')
        with tempfile.TemporaryDirectory() as d:
            run, again = os.path.join(d, 'run.json'), os.path.join(d, 'again.json')
            with open(run, 'w') as f:
                json.dump([report('reference/x.cc', [c], [a, b])], f)
            with open(again, 'w') as f:
                json.dump([report('reference/x.cc', [a], [b])], f)
            self.assertEqual(self.run_record(d, '--sample', '6', '--seed', '1', '--commit', 'A',
                                             run).returncode, 0)
            self.assertEqual(self.run_record(d, '--recheck', '--commit', 'B', again).returncode, 0)
            with open(os.path.join(d, 'results.json')) as f:
                result = json.load(f)
        row = result['files'][0]
        self.assertEqual((row['killed'], row['survived'], row['mutants']), (2, 1, 3))
        self.assertEqual(row['survivors'], [b])
        self.assertEqual(row['killed_later'], [a])
        self.assertEqual((result['commit'], result['sample']), ('A', 6))
        self.assertEqual(result['recheck']['commit'], 'B')
        self.assertEqual((result['recheck']['rerun'], result['recheck']['killed']), (2, 1))
        self.assertEqual(result['total']['killed'], 2)

    def test_a_sanitized_recheck_marks_its_kills_and_keeps_the_earlier_ones(self):
        a, b, c = ('reference/x.cc:1 arith:aaaaaa', 'reference/x.cc:2 arith:bbbbbb',
                   'reference/x.cc:3 arith:cccccc')
        with tempfile.TemporaryDirectory() as d:
            run, first, second = (os.path.join(d, n) for n in ('run.json', '1.json', '2.json'))
            for path, rows in ((run, [report('reference/x.cc', [], [a, b, c])]),
                               (first, [report('reference/x.cc', [a], [b, c])]),
                               (second, [report('reference/x.cc', [b], [c])])):
                with open(path, 'w') as f:
                    json.dump(rows, f)
            self.assertEqual(self.run_record(d, '--sample', '6', '--seed', '1', '--commit', 'A',
                                             run).returncode, 0)
            # a killed in Release, then b only in the sanitized build.
            self.assertEqual(self.run_record(d, '--recheck', '--commit', 'B', first).returncode, 0)
            self.assertEqual(self.run_record(d, '--recheck', '--sanitized', '--commit', 'C',
                                             second).returncode, 0)
            with open(os.path.join(d, 'results.json')) as f:
                result = json.load(f)
        row = result['files'][0]
        self.assertEqual(row['killed_later'], [a, b])
        self.assertEqual(row['survivors'], [c])
        self.assertEqual(result['recheck']['sanitized_keys'], [b])
        self.assertEqual((result['recheck']['rerun'], result['recheck']['killed']), (3, 2))

    def test_recheck_without_a_recorded_run_is_refused_with_the_reason(self):
        with tempfile.TemporaryDirectory() as d:
            again = os.path.join(d, 'again.json')
            with open(again, 'w') as f:
                json.dump([], f)
            p = self.run_record(d, '--recheck', '--commit', 'B', again)
        self.assertEqual(p.returncode, 2)
        self.assertIn('No such file or directory', p.stderr)
        self.assertEqual(p.stdout, '')


if __name__ == '__main__':
    unittest.main()

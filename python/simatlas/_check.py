"""``simatlas check``, docs/pages/check_protocol.md: a student's Python port of a
law checked by the same families, properties and differential comparison as
``simatlas check FAMILY --against COMMAND`` — the command-line program runs them, and its
program under test is a relay (_relay.py) that hands every query to the callable in this
interpreter."""

import json
import math
import os
import pathlib
import shlex
import socket
import subprocess
import sys
import tempfile
import threading

import numpy as np

from ._paths import cli


def _from_protocol(value):
    # Protocol inputs as Python: "inf"/"-inf" become ±math.inf, containers are walked.
    if isinstance(value, str) and value in ("inf", "-inf"):
        return math.inf if value == "inf" else -math.inf
    if isinstance(value, list):
        return [_from_protocol(v) for v in value]
    if isinstance(value, dict):
        return {k: _from_protocol(v) for k, v in value.items()}
    return value


def _to_protocol(value):
    # Python outputs as the protocol writes them: ±inf as "inf"/"-inf", NaN as null (which the
    # checker reports as a wrong answer, with the inputs that produced it), numpy values as
    # plain numbers and lists.
    if isinstance(value, np.ndarray):
        return [_to_protocol(v) for v in value.tolist()]
    if isinstance(value, (list, tuple)):
        return [_to_protocol(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _to_protocol(v) for k, v in value.items()}
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        x = float(value)
        if math.isnan(x):
            return None
        if math.isinf(x):
            return "inf" if x > 0 else "-inf"
        return x
    return value


def _answer(fn, line):
    # One protocol answer line for one query line.
    query = json.loads(line)
    try:
        outputs = fn(query["law"], _from_protocol(query["inputs"]))
    except Exception as error:  # an exception is an answered error, as {"error": ...}
        return json.dumps({"error": f"{type(error).__name__}: {error}"})
    if not isinstance(outputs, dict):
        return json.dumps({"not_outputs": f"fn returned {type(outputs).__name__}, not a dict"})
    return json.dumps({"outputs": _to_protocol(outputs)}, allow_nan=False)


def families():
    """Every check family (``simatlas check --list --json``): name, section, summary, laws
    with their tolerances, properties."""
    done = subprocess.run([cli(), "check", "--list", "--json"], capture_output=True, text=True,
                          check=True)
    return json.loads(done.stdout)


class CheckResult:
    """The outcome of ``simatlas.check``: ``passed`` (every property held, no protocol fault),
    ``report`` (the report of ``simatlas check --json``: family, cases, seed, properties with
    their shrunk counterexamples, protocol_error), ``exit_code`` (0 passed, 1 a property
    failed, 2 protocol fault) and ``text`` (a summary: each property, and the counterexample
    of each failing one). Truthy exactly when passed; its repr is the text."""

    def __init__(self, report, exit_code):
        self.report = report
        self.exit_code = exit_code
        self.passed = exit_code == 0
        self.text = _summary(report)

    def __bool__(self):
        return self.passed

    def failed_properties(self):
        """The failing properties of the report (name, statement, failure, counterexample)."""
        return [p for p in self.report.get("properties", []) if not p["passed"]]

    def __repr__(self):
        return self.text

    def _repr_pretty_(self, printer, cycle):
        printer.text(self.text)


def _summary(report):
    # The report in a few lines: a verdict per property, then each failure's shrunk case.
    lines = [f"simatlas.check {report.get('family')}: cases {report.get('cases')}, "
             f"seed {report.get('seed')}"]
    for p in report.get("properties", []):
        lines.append(f"  {'✓' if p['passed'] else '✗'} {p['name']}: {p['statement']}")
        if not p["passed"]:
            # rapidcheck's "FILE:LINE:\nRC_ASSERT(...)\n\nExpands to: ..." on indented lines.
            failure = p.get("failure", "")
            while failure.startswith("../"):
                failure = failure[3:]
            text = "\n               ".join(line for line in failure.splitlines() if line)
            lines.append(f"      failure: {text}")
            for q in p.get("counterexample", []):
                lines.append(f"      {q.get('law')} inputs {json.dumps(q.get('inputs'))}")
                lines.append(f"        expected {json.dumps(q.get('expected'))}")
                lines.append(f"        got      {json.dumps(q.get('got'))}")
                if q.get("verdict") and q["verdict"] != p.get("failure"):
                    lines.append(f"        {q['verdict']}")
            # The rerun in the caller's language: this function with the run's seed and cases.
            lines.append(f"      reproduce: simatlas.check({report.get('family')!r}, fn, "
                         f"cases={report.get('cases')}, seed={report.get('seed')})")
    if report.get("protocol_error"):
        lines.append(f"  ✗ protocol error: {report['protocol_error']}")
    lines.append("PASSED" if report.get("exit_code") == 0 else "FAILED")
    return "\n".join(lines)


def _serve(server, fn, process):
    # Answers the relay's queries until it hangs up (or the checker ends before connecting).
    while True:
        try:
            connection, _ = server.accept()
            break
        except socket.timeout:
            if process.poll() is not None:
                return
    with connection, connection.makefile("rw", encoding="utf-8", newline="\n") as stream:
        for line in stream:
            stream.write(_answer(fn, line) + "\n")
            stream.flush()


def check(family_or_law, fn, cases=100, seed=1, timeout=60.0):
    """Checks a Python implementation ``fn(law, inputs) -> outputs`` against the family
    ``family_or_law`` (``material``, ``friction``, ``point``, ``sap.friction_cone``,
    ``sap.hunt_crossley``, ``mujoco.row``, ``sap.solve``, ``mujoco.solve``; or a law's name,
    which selects its family) with every property of ``simatlas check`` plus the comparison
    with the reference on every generated input: ``cases`` rapidcheck cases per property from
    ``seed`` (the same seed reproduces the run); ``timeout`` [s] bounds each answer.

    ``fn`` receives the law's name and its inputs as a dict with the names and SI units of
    ``simatlas.laws()`` (±``math.inf`` for infinity, vectors as lists) and returns the outputs
    as a dict (floats, lists or numpy arrays, labels, flags). An exception raised by ``fn`` is
    an answered error (right exactly when the reference rejects the inputs); a NaN output fails
    the property whose case produced it (its inputs are shown) and the run goes on; a result
    that is not a dict is a protocol fault. Each property is judged on its own claim; the
    comparison with the reference is the separate property "<law> matches the reference". Returns a CheckResult; raises ValueError
    with the checker's message for an unknown family or a bad ``cases`` / ``seed``."""
    with tempfile.TemporaryDirectory(prefix="simatlas-check-") as folder:
        path = os.path.join(folder, "socket")
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        server.bind(path)
        server.listen(1)
        server.settimeout(0.2)
        relay = pathlib.Path(__file__).with_name("_relay.py")
        command = f"{shlex.quote(sys.executable)} {shlex.quote(str(relay))} {shlex.quote(path)}"
        arguments = [cli(), "check", str(family_or_law), "--against", command,
                     "--cases", str(cases), "--seed", str(seed), "--timeout", str(timeout),
                     "--json"]
        process = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True)
        output = {}
        reader = threading.Thread(target=lambda: output.update(
            zip(("out", "err"), process.communicate())))
        reader.start()
        try:
            _serve(server, fn, process)
        finally:
            server.close()
            reader.join()
    if process.returncode == 2 and not output["out"].strip():
        raise ValueError(output["err"].strip().removeprefix("simatlas check: "))
    return CheckResult(json.loads(output["out"]), process.returncode)

#!/usr/bin/env python3
"""Writes the seed corpus of the fuzz targets into fuzz/corpus/<target>/.

Seeds: the problem files of formats/examples/ (compacted to one line), one input per law of the
registry (its required inputs filled with plausible values, `simatlas law --list --json` gives
the signatures), and hand-made edge cases: empty input, wrong JSON types, huge numbers, NaN and
infinity spelt as strings, negative and huge sizes, deep nesting. Inputs the fuzzers found and
that crashed once are kept in the corpus as crash_* files (never rewritten by this script).

Usage: fuzz/make_corpus.py BUILD_DIR/bin/simatlas
"""
import json
import pathlib
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parent.parent
corpus = root / "fuzz" / "corpus"


def write(target, name, text):
    d = corpus / target
    d.mkdir(parents=True, exist_ok=True)
    (d / name).write_text(text)


def compact(path):
    return json.dumps(json.loads(path.read_text()), separators=(",", ":"))


# Inputs that every JSON target gets: not a problem at all, or a problem with wrong types.
generic_edges = {
    "edge_empty": "",
    "edge_null": "null",
    "edge_array": "[]",
    "edge_object": "{}",
    "edge_deep_nesting": "[" * 200 + "]" * 200,
    "edge_huge_number": "1e400",
    "edge_nan_string": '"NaN"',
}


def problem_edges(schema, example):
    """Wrong types, huge numbers and NaN strings in the fields of one example problem."""
    edges = {}
    for key, value in example.items():
        if key in ("schema", "source"):
            continue
        for label, replacement in [("string", "NaN"), ("huge", 1e308), ("negative", -1),
                                   ("object", {}), ("nested", [[[[]]]]), ("bool", True),
                                   ("int_overflow", 2**63 - 1), ("inf_string", "inf")]:
            mutated = dict(example)
            mutated[key] = replacement
            edges[f"edge_{key}_{label}"] = json.dumps(mutated, separators=(",", ":"))
    edges["edge_wrong_schema"] = json.dumps(dict(example, schema=schema + "x"))
    return edges


def plausible(quantity):
    """A plausible text value for a required law input."""
    kind, name = quantity["kind"], quantity["name"]
    if kind.startswith("one of "):
        return kind[len("one of "):].split("|")[0]
    if kind.startswith("vector["):
        n = int(kind[len("vector["):].split("]")[0].split(" ")[0])
        if name == "p_WCb":
            return "0.1,0.1,0.101"
        if name.startswith("nhat"):
            return ",".join(["0"] * (n - 1) + ["1"])
        return ",".join(["0.5"] + ["0"] * (n - 1)) if name.startswith("q") else ",".join(["0.1"] * n)
    if kind == "vector":
        return "0.1,0,-0.1"
    if kind == "true|false":
        return "false"
    if name in ("depth", "overlap", "pos", "phi0"):
        return "1e-3"
    if name in ("resolution_hint",):
        return "0.5"
    return "1"


def dictionary_entry(text):
    """One libFuzzer dictionary line: the token in double quotes, escaped."""
    escaped = "".join(c if c.isprintable() and c not in '"\\' else "\\x%02x" % ord(c) for c in text)
    return f'"{escaped}"'


def write_dictionary(name, comment, tokens):
    d = root / "fuzz" / "dict"
    d.mkdir(parents=True, exist_ok=True)
    lines = [f"# {comment}", "# Written by fuzz/make_corpus.py."]
    lines += [dictionary_entry(t) for t in sorted(set(tokens)) if t]
    (d / name).write_text("\n".join(lines) + "\n")


def json_tokens(value):
    """Keys and string values of a JSON document, quoted as they appear in it."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield json.dumps(k)
            yield from json_tokens(v)
    elif isinstance(value, list):
        for v in value:
            yield from json_tokens(v)
    elif isinstance(value, str) and len(value) < 40:
        yield json.dumps(value)


json_syntax = ["{", "}", "[", "]", ":", ",", "true", "false", "null", "-0", "1e308", "4.9e-324",
               "-1", "2147483648", "\"inf\"", "\"NaN\"", "[[", "]]"]


def main():
    simatlas = sys.argv[1]
    # Dictionaries: the format's keys and labels, JSON syntax, special numbers.
    for name, directory, extra in [("mujoco_problem.dict", root / "formats/examples",
                                    ["contact_pyramidal", "contact_elliptic", "equality",
                                     "friction_dof", "friction_tendon", "limit_joint",
                                     "limit_tendon", "contact_frictionless", "pyramidal", "elliptic",
                                     "PGS", "CG", "Newton"]),
                                   ("sap_problem.dict", root / "formats/examples/sap",
                                    ["friction_cone", "hunt_crossley", "joint_limit", "similar",
                                     "lagged", "exact", "backtracking", "dense",
                                     "block_sparse_cholesky", "lower", "upper", "dof", "q0",
                                     "v_guess", "vb", "beta", "sigma", "parameters",
                                     "max_iterations", "abs_tolerance", "rel_tolerance"])]:
        tokens = list(json_syntax) + [json.dumps(e) for e in extra]
        for path in directory.glob("*.json"):
            tokens += list(json_tokens(json.loads(path.read_text())))
        write_dictionary(name, f"libFuzzer dictionary: keys and labels of {directory.name} problems", tokens)
    # Problem readers and reader + solve targets.
    for target, directory, schema in [("mujoco_problem", root / "formats/examples", "simatlas/mujoco-problem/1"),
                                      ("mujoco_solve", root / "formats/examples", "simatlas/mujoco-problem/1"),
                                      ("sap_problem", root / "formats/examples/sap", "simatlas/sap-problem/1"),
                                      ("sap_solve", root / "formats/examples/sap", "simatlas/sap-problem/1")]:
        examples = sorted(directory.glob("*.json"))
        for path in examples:
            write(target, "example_" + path.stem, compact(path))
        for name, text in generic_edges.items():
            write(target, name, text)
        smallest = min(examples, key=lambda p: p.stat().st_size)
        for name, text in problem_edges(schema, json.loads(smallest.read_text())).items():
            write(target, name, text)
    # Laws: "name\nkey=value\n..." and "name\n{json}".
    laws = json.loads(subprocess.run([simatlas, "law", "--list", "--json"], check=True,
                                     capture_output=True, text=True).stdout)
    for law in laws:
        arguments = [f'{q["name"]}={plausible(q)}' for q in law["inputs"] if "default" not in q]
        write("law_arguments", "law_" + law["name"], "\n".join([law["name"]] + arguments))
        values = {}
        for a in arguments:
            key, text = a.split("=", 1)
            parts = text.split(",")
            try:
                numbers = [float(p) for p in parts]
                values[key] = numbers if len(parts) > 1 or "vector" in \
                    next(q["kind"] for q in law["inputs"] if q["name"] == key) else numbers[0]
            except ValueError:
                values[key] = text
        write("law_json", "law_" + law["name"], law["name"] + "\n" + json.dumps(values))
    tokens = ["inf", "-inf", "+inf", "nan", "1e308", "-0", "4.9e-324", ",", "=", "\\n", "true", "false"]
    for law in laws:
        tokens.append(law["name"])
        for q in law["inputs"]:
            tokens += [q["name"] + "=", json.dumps(q["name"]) + ":"]
            if q["kind"].startswith("one of "):
                tokens += q["kind"][len("one of "):].split("|")
    write_dictionary("laws.dict", "libFuzzer dictionary: law names, input keys and labels", tokens)
    name = laws[0]["name"]
    for target, edges in [("law_arguments", {"edge_empty": "", "edge_unknown_law": "nope.nope\nk=1",
                                             "edge_nan": f"{name}\nk1=nan\nk2=NaN",
                                             "edge_huge": f"{name}\nk1=1e400\nk2=-1e308",
                                             "edge_no_equals": f"{name}\nk1\n=\nk2==",
                                             "edge_vector": "sap.friction_cone\nvc=,,,\nw=1e308,-inf",
                                             "edge_repeated": f"{name}\nk1=1\nk1=2"}),
                          ("law_json", {"edge_empty": "", "edge_not_object": f"{name}\n[1,2]",
                                        "edge_nan": f'{name}\n{{"k1":"nan","k2":"NaN"}}',
                                        "edge_huge": f'{name}\n{{"k1":1e308,"k2":"-inf"}}',
                                        "edge_types": f'{name}\n{{"k1":[[1]],"k2":{{}}}}',
                                        "edge_vector": 'sap.friction_cone\n{"vc":[1,"inf",null]}'})]:
        for n, text in edges.items():
            write(target, n, text)


if __name__ == "__main__":
    main()

"""Turns the benchmark CSVs of benchmarks/run into summary CSVs and figures.

usage: report.py OUT_DIR FIG_DIR PROPERTY_CASES PROPERTY_PROGRAM...
       report.py --versus OUT_DIR      (the MuJoCo versus table alone)
Reads OUT_DIR/{sap,mujoco}.csv (Google Benchmark, aggregates only), OUT_DIR/<program>.json
(gtest reports) and, when present, OUT_DIR/mujoco{,315}_instructions.csv (callgrind counts)
and OUT_DIR/mujoco{222,315}_wall.csv (wall time through `simatlas mujoco solve --repeat`);
writes OUT_DIR/{sap_summary,mujoco_summary,mujoco_ratios,mujoco_instruction_ratios,
mujoco315_instruction_ratios,mujoco_versus,property_throughput}.csv and
FIG_DIR/{bench_sap_time_vs_n,bench_sap_iterations_vs_n,bench_mujoco_ratios}.png; the versus table
is also printed as markdown. Every time shown is the median of the repetitions.
"""
import csv
import io
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

TO_MS = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}
# Panel titles of the SAP scenes of sap_bench.cc.
SAP_SCENE_TITLES = {
    "boxes": "N independent boxes (4 ground contacts each)",
    "stack": "stack of N boxes (4 contacts per box)",
    "chain": "chain of N links (4 ground + 2 per joint)",
}


def read_medians(path):
    """Rows of the '_median' aggregates: name (without suffix) -> dict with ms and counters."""
    text = open(path).read()
    start = text.find("name,")
    rows = {}
    for row in csv.DictReader(io.StringIO(text[start:])):
        if row["error_occurred"] == "true":
            print("error:", row["name"], row["error_message"])
            continue
        if not row["name"].endswith("_median"):
            continue
        name = row["name"][: -len("_median")]
        # CPU time of the benchmark thread: on a shared, loaded machine wall time also counts
        # the time other processes held the core. Wall time is kept as "wall_ms".
        entry = {"ms": float(row["cpu_time"]) * TO_MS[row["time_unit"]],
                 "wall_ms": float(row["real_time"]) * TO_MS[row["time_unit"]]}
        for key in ("N", "dofs", "contacts", "iterations", "nv", "nefc"):
            if row.get(key):
                entry[key] = float(row[key])
        rows[name] = entry
    return rows


def write_csv(path, header, rows):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)


def sap_report(out, figs):
    med = read_medians(f"{out}/sap.csv")
    series = {}  # (scene, variant) -> [(N, ms, iterations)]
    for name, e in med.items():
        _, scene, linear, search, n = name.split("/")
        series.setdefault((scene, f"{linear}/{search}"), []).append(
            (int(n), e["ms"], int(e["iterations"]), e["wall_ms"]))
    rows = []
    for (scene, variant), pts in sorted(series.items()):
        pts.sort()
        rows += [[scene, variant, n, f"{ms:.4g}", f"{wall:.4g}", it] for n, ms, it, wall in pts]
    write_csv(f"{out}/sap_summary.csv",
              ["scene", "solver", "N", "median_cpu_ms", "median_wall_ms", "iterations"], rows)
    for r in rows:
        print("SAP", *r)
    scenes = sorted({s for s, _ in series})
    for what, ylabel, fname in (("ms", "median CPU time per solve [ms]", "bench_sap_time_vs_n.png"),
                                ("it", "Newton iterations", "bench_sap_iterations_vs_n.png")):
        fig, axes = plt.subplots(1, len(scenes), figsize=(5.5 * len(scenes), 4.2), squeeze=False)
        for ax, scene in zip(axes[0], scenes):
            for (s, variant), pts in sorted(series.items()):
                if s != scene:
                    continue
                ns = [p[0] for p in pts]
                ys = [p[1] if what == "ms" else p[2] for p in pts]
                ax.plot(ns, ys, "o-", label=variant)
            if what == "ms":
                ns = sorted({p[0] for (s, _), pts in series.items() if s == scene for p in pts})
                ref = [p for (s, v), pts in series.items()
                       if s == scene and v.startswith("block_sparse") for p in pts]
                if ref:
                    n0, t0 = min(ref)[:2]
                    ax.plot(ns, [t0 * n / n0 for n in ns], "k:", lw=1, label="∝ N")
                ax.set_yscale("log")
            ax.set_xscale("log")
            ax.set_xlabel("N")
            ax.set_ylabel(ylabel)
            ax.set_title(f"SAP, {SAP_SCENE_TITLES.get(scene, scene)}", fontsize=10)
            ax.grid(True, which="both", alpha=0.3)
            ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(f"{figs}/{fname}", dpi=110)
        plt.close(fig)


def mujoco_report(out, figs):
    med = read_medians(f"{out}/mujoco.csv")
    rows = []
    for name, e in sorted(med.items()):
        _, engine, problem, solver = name.split("/")
        rows.append([engine, problem, solver, int(e.get("nv", 0)), int(e.get("nefc", 0)),
                     f"{e['ms'] * 1e3:.4g}", f"{e['wall_ms'] * 1e3:.4g}", int(e["iterations"])])
    write_csv(f"{out}/mujoco_summary.csv",
              ["engine", "problem", "solver", "nv", "nefc", "median_cpu_us", "median_wall_us",
               "iterations"], rows)
    for r in rows:
        print("MJ", *r)
    ratios, dense_ratio = [], {}
    for name, e in sorted(med.items()):
        _, engine, problem, solver = name.split("/")
        other = med.get(f"MJ/mujoco/{problem}/{solver}")
        dense = med.get(f"MJ/mujoco_dense/{problem}/{solver}")
        if engine == "reference" and other:
            ratios.append((problem, solver, e["ms"] / other["ms"], int(e["iterations"]),
                           int(other["iterations"])))
            dense_ratio[(problem, solver)] = f"{e['ms'] / dense['ms']:.3g}" if dense else ""
    # MuJoCo with its default options ("mujoco") first, with a dense Jacobian beside it.
    write_csv(f"{out}/mujoco_ratios.csv",
              ["problem", "solver", "time_ratio_reference_over_mujoco",
               "time_ratio_reference_over_mujoco_dense", "reference_iterations",
               "mujoco_iterations"],
              [[p, s, f"{r:.3g}", dense_ratio[(p, s)], a, b] for p, s, r, a, b in ratios])
    for r in ratios:
        print("RATIO", *r)
    if not ratios:
        print("no MuJoCo oracle in this build: no ratio figure")
        return
    fig, ax = plt.subplots(figsize=(7, 4.2))
    labels = [f"{p}\n{s}" for p, s, *_ in ratios]
    bars = ax.bar(range(len(ratios)), [r[2] for r in ratios], color="tab:blue")
    for bar, (_, _, r, a, b) in zip(bars, ratios):
        ax.annotate(f"{r:.2g}×\nit {a} / {b}", (bar.get_x() + bar.get_width() / 2,
                    bar.get_height()), ha="center", va="bottom", fontsize=7)
    ax.axhline(1.0, color="k", lw=0.8)
    ax.set_xticks(range(len(ratios)), labels, fontsize=8)
    ax.set_yscale("log")
    ax.set_ylim(top=2.5 * max(r[2] for r in ratios))
    ax.set_ylabel("reference / MuJoCo 2.2.2 CPU time (medians)")
    ax.set_title("Reference solvers vs mj_fwdConstraint (same state, no warmstart)\n"
                 "labels: time ratio; iterations reference / MuJoCo", fontsize=10)
    fig.tight_layout()
    fig.savefig(f"{figs}/bench_mujoco_ratios.png", dpi=110)
    plt.close(fig)


def read_counts(out, name, missing):
    """The rows of OUT/NAME (a callgrind count CSV) keyed by (scene, cone, solver, side); None
    (and `missing` printed) when the run wrote none."""
    try:
        rows = list(csv.DictReader(open(f"{out}/{name}")))
    except FileNotFoundError:
        print(missing)
        return None
    return {(r["scene"], r["cone"], r["solver"], r["side"]): r for r in rows}


def instruction_report(out):
    """Reference / MuJoCo counted instructions per solve (mujoco_instructions.csv, callgrind)."""
    count = read_counts(out, "mujoco_instructions.csv",
                        "no mujoco_instructions.csv (no oracle or no valgrind): no instruction ratios")
    if count is None:
        return
    out_rows = []
    for (scene, cone, solver, side), r in sorted(count.items()):
        if side != "reference":
            continue
        ref = int(r["instructions"])
        mj = int(count[(scene, cone, solver, "mujoco")]["instructions"])
        dense = int(count[(scene, cone, solver, "mujoco_dense")]["instructions"])
        out_rows.append([scene, cone, solver, ref, mj, dense, f"{ref / mj:.3g}",
                         f"{ref / dense:.3g}", r["iterations"],
                         count[(scene, cone, solver, "mujoco")]["iterations"]])
    write_csv(f"{out}/mujoco_instruction_ratios.csv",
              ["scene", "cone", "solver", "reference", "mujoco", "mujoco_dense",
               "ratio_over_mujoco", "ratio_over_mujoco_dense", "reference_iterations",
               "mujoco_iterations"], out_rows)
    for r in out_rows:
        print("INSTRUCTIONS", *r)


def instruction_report_315(out):
    """Reference 3.15 path / MuJoCo 3.15.0 default path, counted instructions per solve
    (mujoco315_instructions.csv, callgrind); the iterations of both, which must agree for the
    ratio to compare like with like."""
    count = read_counts(out, "mujoco315_instructions.csv",
                        "no mujoco315_instructions.csv (no 3.15 wheel or no valgrind): no 3.15 ratios")
    if count is None:
        return
    out_rows = []
    for (scene, cone, solver, side), r in sorted(count.items()):
        if side != "reference":
            continue
        mujoco = count[(scene, cone, solver, "mujoco")]
        ref, mj = int(r["instructions"]), int(mujoco["instructions"])
        out_rows.append([scene, cone, solver, ref, mj, f"{ref / mj:.3g}", r["iterations"],
                         mujoco["iterations"]])
    write_csv(f"{out}/mujoco315_instruction_ratios.csv",
              ["scene", "cone", "solver", "reference", "mujoco315", "ratio_over_mujoco315",
               "reference_iterations", "mujoco315_iterations"], out_rows)
    for r in out_rows:
        print("INSTRUCTIONS315", *r)


def versus_report(out):
    """Reference / MuJoCo per solve, wall time beside counted instructions, from one run: per
    MuJoCo version (3.15.0 first, then 2.2.2), scene, cone and solver the medians of
    mujoco{315,222}_wall.csv joined with the callgrind counts of mujoco315_instructions.csv and
    mujoco_instructions.csv (MuJoCo's default path, side "mujoco", in both). Writes
    mujoco_versus.csv and prints it as a markdown table."""
    sources = (("3.15.0", "mujoco315_wall.csv", "mujoco315_instructions.csv"),
               ("2.2.2", "mujoco222_wall.csv", "mujoco_instructions.csv"))
    rows = []
    for version, wall_name, count_name in sources:
        wall = read_counts(out, wall_name, f"no {wall_name}: no {version} wall times")
        if wall is None:
            continue
        count = read_counts(out, count_name, f"no {count_name}: no {version} instruction ratios")
        keys = [k for k in wall if k[3] == "reference"]
        for scene, cone, solver, _ in keys:
            ref, mj = wall[(scene, cone, solver, "reference")], wall[(scene, cone, solver, "mujoco")]
            ref_s, mj_s = float(ref["seconds_per_solve"]), float(mj["seconds_per_solve"])
            instructions = ["", "", "", "", ""]
            if count is not None and (scene, cone, solver, "reference") in count:
                cref = count[(scene, cone, solver, "reference")]
                cmj = count[(scene, cone, solver, "mujoco")]
                instructions = [f"{int(cref['instructions']) / int(cmj['instructions']):.3g}",
                                cref["iterations"], cmj["iterations"], cref["instructions"],
                                cmj["instructions"]]
            rows.append([version, scene, cone, solver, ref["iterations"], mj["iterations"],
                         f"{ref_s * 1e6:.4g}", f"{mj_s * 1e6:.4g}", f"{ref_s / mj_s:.3g}",
                         instructions[0], instructions[1], instructions[2],
                         ref["load_average"], instructions[3], instructions[4]])
    if not rows:
        return
    header = ["mujoco", "scene", "cone", "solver", "wall_reference_iterations",
              "wall_mujoco_iterations", "wall_reference_us", "wall_mujoco_us",
              "wall_ratio_reference_over_mujoco", "instruction_ratio_reference_over_mujoco",
              "counted_reference_iterations", "counted_mujoco_iterations", "load_average",
              "reference_instructions", "mujoco_instructions"]
    write_csv(f"{out}/mujoco_versus.csv", header, rows)
    # Markdown: iterations as reference / MuJoCo; a wall row whose iterations differ from the
    # counted one's is marked, as the two ratios then compare different solves.
    print("| MuJoCo | scene | cone | solver | iterations (ref / MuJoCo) | wall µs (ref / MuJoCo) "
          "| wall ratio | instructions (ref / MuJoCo) | instruction ratio | load |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for (version, scene, cone, solver, wi_ref, wi_mj, us_ref, us_mj, wall_ratio, ins_ratio,
         ci_ref, ci_mj, load, n_ref, n_mj) in rows:
        iterations = f"{wi_ref} / {wi_mj}"
        if ci_ref and (ci_ref, ci_mj) != (wi_ref, wi_mj):
            iterations += f" (counted {ci_ref} / {ci_mj})"
        counts = f"{int(n_ref):,} / {int(n_mj):,}" if n_ref else ""
        print(f"| {version} | {scene} | {cone} | {solver} | {iterations} | {us_ref} / {us_mj} "
              f"| {wall_ratio} | {counts} | {ins_ratio} | {load} |")


def property_report(out, cases, programs):
    rows = []
    for p in programs:
        report = json.load(open(f"{out}/{p}.json"))
        for suite in report["testsuites"]:
            for t in suite["testsuite"]:
                seconds = float(t["time"].rstrip("s"))
                rate = cases / seconds if seconds > 0 else float("inf")
                # A failing property stops at its counterexample: its rate is over fewer cases.
                passed = "no" if t.get("failures") else "yes"
                rows.append([p, f"{suite['name']}.{t['name']}", cases, f"{seconds:.3f}",
                             f"{rate:.4g}", passed])
    rows.sort(key=lambda r: -float(r[3]))
    write_csv(f"{out}/property_throughput.csv",
              ["program", "property", "cases", "seconds", "cases_per_second", "passed"], rows)
    for r in rows[:10]:
        print("PROPERTY", *r)


def main():
    if sys.argv[1] == "--versus":
        versus_report(sys.argv[2])
        return
    out, figs, cases, programs = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
    sap_report(out, figs)
    mujoco_report(out, figs)
    instruction_report(out)
    instruction_report_315(out)
    versus_report(out)
    property_report(out, cases, programs)


if __name__ == "__main__":
    main()

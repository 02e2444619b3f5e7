"""E3-SAP §4.2 figure: which criterion ends a SAP solve, optimality (formula sheet E3-SAP (4.3)) or
cost (4.4). Top: the pizza saver (sliding) under Drake's default tolerances; middle: a 20-box stack
under the same defaults, and Lagged again with max_iterations = 2 (grey, dotted), where neither
criterion holds: a failure; bottom: the stack with (4.3) switched off (eps_a = eps_r = 0), where
(4.4) ends every solve when the cost stops changing at round-off.

Left: the momentum residual ||D g|| (D = diag(A)^(-1/2)) per iterate (solid) and its threshold
eps_a + eps_r max(||D p||, ||D j_c||) of (4.3) (dashed, same colour). Right: the cost change
|l_k - l_(k-1)| of each step (solid) and its threshold eps_ca + eps_cr (|l_k| + |l_(k-1)|)/2 of
(4.4) (dashed; (4.4) also needs the step's alpha > 0.5). kSap, Similar and Lagged (Hunt-Crossley
d = 10 s/m) on the same problem. Each run's last iterate is ringed on the panel of the criterion
that ended it (on both panels for a failure), and the legend names it. Thresholds and criteria
come from the reference's own functions (reference/sap/stopping_criteria.h), written by the data
program. Data: convergence.csv, convergence_stack.csv, convergence_stack_cap2.csv and
convergence_stack_cost_only.csv from bin/figure_data_e3_sap.
"""
import csv
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402

NAME = "e3_sap_newton_convergence"
WIDTH, HEIGHT = 1200, 1250
FLOOR = 1e-18
STYLE = {"sap": ("kSap", "tab:blue", "o"), "similar": ("Similar", "tab:orange", "s"),
         "lagged": ("Lagged", "tab:green", "^")}
RING = {"kSap": 13, "Similar": 18, "Lagged": 23}  # sizes differ so that rings on one point all show
ENDED = {"optimality": "ends on optimality", "cost": "ends on the cost criterion",
         "both": "ends on optimality and cost",
         "none": "cap reached: failure"}


def read(path):
    """{approximation: [row dict with floats where a number is written]} in iterate order."""
    runs = {}
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            for key, value in row.items():
                if key not in ("approximation", "criterion"):
                    row[key] = float(value) if value != "" else None
            runs.setdefault(row["approximation"], []).append(row)
    return runs


def floor(x):
    return max(x, FLOOR)


def draw_run(left, right, rows, label, color, marker, ls="-"):
    k = [int(r["iteration"]) for r in rows]
    left.semilogy(k, [floor(r["momentum_residual"]) for r in rows], ls=ls, marker=marker, color=color,
                  ms=5, lw=1.5)
    positive = [(i, r["momentum_threshold"]) for i, r in zip(k, rows) if r["momentum_threshold"] > 0]
    left.semilogy([p[0] for p in positive], [p[1] for p in positive], ls="--", color=color, lw=1.1)
    steps = [r for r in rows if r["cost_change"] is not None]
    ks = [int(r["iteration"]) for r in steps]
    right.semilogy(ks, [floor(r["cost_change"]) for r in steps], ls=ls, marker=marker, color=color,
                   ms=5, lw=1.5)
    right.semilogy(ks, [r["cost_threshold"] for r in steps], ls="--", color=color, lw=1.1)
    last = rows[-1]
    how = ENDED[last["criterion"]]
    handle = left.plot([], [], ls=ls, marker=marker, color=color,
                       label=f"{label}: {int(last['iteration'])} iterations, {how}")[0]
    # The ring sits on the panel of the criterion that ended the run (both when both hold).
    if last["criterion"] in ("optimality", "both", "none"):
        left.plot([last["iteration"]], [floor(last["momentum_residual"])], marker="o", ms=RING.get(label, 15),
                  mfc="none", mec=color, mew=2)
    if last["criterion"] in ("cost", "both", "none") and last["cost_change"] is not None:
        right.plot([last["iteration"]], [floor(last["cost_change"])], marker="o", ms=RING.get(label, 15), mfc="none",
                   mec=color, mew=2)
    return handle


def panel(left, right, runs, problem, extra=None, note=None, note_left=False):
    handles = [draw_run(left, right, rows, *STYLE[a]) for a, rows in runs.items()]
    if extra:
        handles.append(draw_run(left, right, extra["lagged"], "Lagged, max_iterations = 2", "0.45", "x",
                                ls=":"))
    if note:
        if note_left:
            left.text(0.02, 0.97, note, transform=left.transAxes, fontsize=8, color="0.3", va="top")
        else:
            right.text(0.98, 0.97, note, transform=right.transAxes, fontsize=8, color="0.3", ha="right", va="top")
    left.set_title(f"{problem}: optimality, ‖D g‖ (solid) vs εa + εr·max(‖D p‖, ‖D jc‖) (dashed)",
                   fontsize=9)
    left.set_ylabel("‖D g‖ and its threshold  [√J]")
    right.set_title(f"{problem}: cost criterion, |ℓk − ℓk−1| (solid) vs εca + εcr·mean|ℓ| (dashed)",
                    fontsize=9)
    right.set_ylabel("cost change and its threshold  [J]")
    for ax in (left, right):
        ax.set_xlabel("Newton iterate k")
        ax.grid(True, which="major", alpha=0.3)
        ax.set_ylim(FLOOR / 3, 1e7)  # room above the curves for the legend and the notes
        ax.xaxis.get_major_locator().set_params(integer=True)
    left.legend(handles=handles, fontsize=8, loc="upper right")
    right.text(0.98, 0.89, f"ring: the exit iterate; values below {FLOOR:g} on the bottom edge",
               transform=right.transAxes, fontsize=8, color="0.3", ha="right", va="top")


def main():
    args = fc.parse_args(__doc__)
    fig, axes = fc.plt.subplots(3, 2, figsize=(WIDTH / fc.DPI, HEIGHT / fc.DPI), dpi=fc.DPI)
    panel(axes[0][0], axes[0][1], read(os.path.join(args.data, "convergence.csv")),
          "pizza saver, defaults", note="Drake's defaults: εa = 1e-14 √J, εr = 1e-6, εcr = 1e-15")
    panel(axes[1][0], axes[1][1], read(os.path.join(args.data, "convergence_stack.csv")),
          "20-box stack, defaults", read(os.path.join(args.data, "convergence_stack_cap2.csv")))
    panel(axes[2][0], axes[2][1], read(os.path.join(args.data, "convergence_stack_cost_only.csv")),
          "20-box stack, εa = εr = 0", note="optimality off:\nits threshold is 0\n(not drawn)",
          note_left=True)
    fig.suptitle("E3-SAP §4.2: which criterion ends the solve — optimality (formula sheet (4.3)) "
                 "or cost (4.4) under Drake's default tolerances, and a cap that fails",
                 fontsize=11)
    fig.tight_layout()
    fc.save(fig, args.out, NAME)


if __name__ == "__main__":
    main()

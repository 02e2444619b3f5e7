"""E3-SAP §4.2 figure: Newton convergence of SAP on the pizza saver (sliding) and a 20-box stack.

Left: the momentum residual ||D g|| (D = diag(A)^(-1/2)) per iteration; right: the cost gap
l_k - l_final. kSap, Similar and Lagged on the same problem (Hunt-Crossley d = 10 s/m).
Data: convergence.csv and convergence_stack.csv from bin/figure_data_e3_sap.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402

NAME = "e3_sap_newton_convergence"
WIDTH, HEIGHT = 1200, 900
STYLE = {"sap": ("kSap", "tab:blue", "o"), "similar": ("Similar", "tab:orange", "s"),
         "lagged": ("Lagged", "tab:green", "^")}


def read(path):
    rows = {}
    with open(path) as f:
        next(f)
        for line in f:
            a, k, r, gap = line.strip().split(",")
            rows.setdefault(a, []).append((int(k), float(r), float(gap)))
    return rows


def draw(left, right, rows, problem):
    for a, points in rows.items():
        label, color, marker = STYLE[a]
        k = [p[0] for p in points]
        left.semilogy(k, [max(p[1], 1e-18) for p in points], marker=marker, color=color, label=label)
        gaps = [(p[0], p[2]) for p in points if p[2] > 0]
        right.semilogy([g[0] for g in gaps], [g[1] for g in gaps], marker=marker, color=color,
                       label=label)
    left.set_xlabel("Newton iteration k")
    left.set_ylabel("‖D g‖  [√J]")
    left.set_title(f"{problem}: momentum residual (4.3)")
    right.set_xlabel("Newton iteration k")
    right.set_ylabel("ℓ_k − ℓ_final  [J]")
    right.set_title(f"{problem}: cost gap (final iterate omitted: gap 0)")
    for ax in (left, right):
        ax.grid(True, which="both", alpha=0.3)
        ax.legend()


def main():
    args = fc.parse_args(__doc__)
    fig, axes = fc.plt.subplots(2, 2, figsize=(WIDTH / fc.DPI, HEIGHT / fc.DPI), dpi=fc.DPI)
    draw(axes[0][0], axes[0][1], read(os.path.join(args.data, "convergence.csv")),
         "pizza saver (sliding)")
    draw(axes[1][0], axes[1][1], read(os.path.join(args.data, "convergence_stack.csv")),
         "stack of 20 boxes")
    fig.suptitle("E3-SAP §4.2: SAP Newton iterations, kSap vs Similar vs Lagged")
    fig.tight_layout()
    fc.save(fig, args.out, NAME)


if __name__ == "__main__":
    main()

"""E3-geometry §2.2, hydro figure 1: the contact surface of a compliant sphere on a rigid
half space, faces coloured by the elastic pressure pe at their centroid (the visualised field is
pe, not the final force field). E = 1e5 Pa, R = 0.1 m, depth 10 mm, resolution hint 10 mm.
Data: pressure_surface.csv from bin/figure_data_hydro.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402
from matplotlib.collections import PolyCollection  # noqa: E402

NAME = "hydro_pressure_surface"
WIDTH, HEIGHT = 760, 640


def main():
    args = fc.parse_args(__doc__)
    data = fc.read_columns(os.path.join(args.data, "pressure_surface.csv"))
    polygons, pressures = [], []
    for i, face in enumerate(data["face"]):
        if not polygons or face != data["face"][i - 1]:
            polygons.append([])
            pressures.append(data["pressure"][i])
        polygons[-1].append((1e3 * data["x"][i], 1e3 * data["y"][i]))

    fig, ax = fc.new_figure(WIDTH, HEIGHT)
    collection = PolyCollection(polygons, array=[p / 1e3 for p in pressures], cmap="viridis",
                                edgecolors="white", linewidths=0.4)
    ax.add_collection(collection)
    fig.colorbar(collection, ax=ax, label="elastic pressure pe at the face centroid  [kPa]")
    ax.autoscale_view()
    ax.set_aspect("equal")
    ax.set_xlabel("x  [mm]")
    ax.set_ylabel("y  [mm]")
    ax.set_title(f"sphere on a rigid half space: {len(polygons)} contact polygons")
    fig.tight_layout()
    fc.save(fig, args.out, NAME)


if __name__ == "__main__":
    main()

#!/usr/bin/python3
# Material combination (E3-geometry §3) over the `simatlas check` line protocol:
#   simatlas check material --against '/usr/bin/python3 tools/check/examples/material_port.py'
import json, math, sys

def law(name, i):
    f = {k: float(v) for k, v in i.items()}  # float("inf") reads the protocol's "inf"
    if name == "material.point_stiffness":   # springs in series; a rigid (inf) side returns the other
        k1, k2 = f["k1"], f["k2"]
        if min(k1, k2) < 0 or k1 == k2 == math.inf: raise ValueError("k1, k2 >= 0, one rigid at most")
        return {"k": k2 if k1 == math.inf else k1 if k2 == math.inf else k1 * k2 / (k1 + k2)}
    if name == "material.dissipation":       # weights: the other side's share of the stiffness
        k1, k2, d1, d2 = f["k1"], f["k2"], f["d1"], f["d2"]
        if min(k1, k2, d1, d2) < 0 or k1 == k2 == math.inf: raise ValueError("out of domain")
        return {"d": d2 if k1 == math.inf else d1 if k2 == math.inf else 0.0 if k1 + k2 == 0
                else k2 / (k1 + k2) * d1 + k1 / (k1 + k2) * d2}
    if name == "material.friction":          # harmonic mean, static and dynamic separately
        if min(f.values()) < 0 or f["mu_d1"] > f["mu_s1"] or f["mu_d2"] > f["mu_s2"]:
            raise ValueError("0 <= mu_d <= mu_s")
        hm = lambda a, b: 0.0 if a + b == 0 else 2 * a * b / (a + b)
        return {"mu_s": hm(f["mu_s1"], f["mu_s2"]), "mu_d": hm(f["mu_d1"], f["mu_d2"])}
    if name == "material.relaxation_time":   # a plain sum; a missing side counts 0.1 s
        t1, t2 = f.get("tau1", 0.1), f.get("tau2", 0.1)
        if min(t1, t2) < 0: raise ValueError("tau >= 0")
        return {"tau": t1 + t2}
    raise ValueError("unknown law " + name)

for line in sys.stdin:
    q = json.loads(line)
    try:
        outputs = law(q["law"], q["inputs"])
        answer = {"outputs": {k: "inf" if v == math.inf else v for k, v in outputs.items()}}
    except ValueError as e:
        answer = {"error": str(e)}
    print(json.dumps(answer), flush=True)

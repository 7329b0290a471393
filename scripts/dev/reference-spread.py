"""How far the reflections ECI/PCI of a float64 run can sit from py-economic-complexity's
published numbers (../shared/data/complexity_fixture/py_economic_complexity), by summation
order alone.

    pip install numpy pandas
    python3 scripts/dev/reference-spread.py
    OPENBLAS_CORETYPE=SkylakeX python3 scripts/dev/reference-spread.py   # other BLAS kernels

It follows the schedule the fixture README documents (kc0 = diversity, kp0 = ubiquity; 19 passes,
kp every pass, kc on all but the last; z-scores with the sample sd) with numpy's BLAS matrix-vector
product in each memory layout, through a pandas pivot as the README describes, and once with the
mean removed before each pass (what src/domain/complexity/reflections.ts does). Every line prints
the largest absolute difference from the published ECI and PCI. Figures only; see docs/complexity.md.
"""
import itertools
import json
import os

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "..", "..", "..", "shared", "data", "complexity_fixture")

trade = pd.read_csv(os.path.join(FIXTURE, "trade.csv"), dtype={"country": str, "product": str})
table = trade.pivot_table(index="country", columns="product", values="value", aggfunc="sum").fillna(0)
x = table.to_numpy()
rca = (x / x.sum(axis=1, keepdims=True)) / (x.sum(axis=0) / x.sum())
m = (rca >= 1).astype(np.float64)
diversity, ubiquity = m.sum(axis=1), m.sum(axis=0)


def published(name, keys):
    with open(os.path.join(FIXTURE, "py_economic_complexity", f"{name}.json")) as f:
        values = dict(json.load(f)["data"])
    return np.array([values[k] for k in keys])


eci_ref = published("eci", table.index)
pci_ref = published("pci", table.columns)


def z(v):
    return (v - v.mean()) / v.std(ddof=1)


def reflections(mt, mc, centre=False):
    kc, kp = diversity.copy(), ubiquity.copy()
    for i in range(1, 20):
        kc_prev, kp_prev = kc, kp
        kp = np.dot(mt, kc_prev) / ubiquity
        if i < 19:
            kc = np.dot(mc, kp_prev) / diversity
        if centre:
            kc, kp = kc - kc.mean(), kp - kp.mean()
    return z(kc), z(kp)


def report(label, eci, pci):
    print(f"{label:<44} ECI {np.abs(eci - eci_ref).max():.2e}   PCI {np.abs(pci - pci_ref).max():.2e}")


print(f"numpy {np.__version__}, pandas {pd.__version__}, OPENBLAS_CORETYPE={os.environ.get('OPENBLAS_CORETYPE', '(auto)')}")
for a, b in itertools.product("CF", "CF"):
    report(f"raw values, M^T in {a} order, M in {b} order", *reflections(np.array(m.T, order=a), np.array(m, order=b)))
report("mean removed before each pass", *reflections(m.T.copy(), m.copy(), centre=True))

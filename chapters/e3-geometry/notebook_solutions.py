# E3-geometry §3, implementation exercise of the notebook — reference solution: the project's
# own Python port of the material family (tools/check/examples/material_port.py).
my_material = simatlas.notebook.port_module("tools/check/examples/material_port.py").law

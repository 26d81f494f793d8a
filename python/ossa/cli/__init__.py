"""The ``ossa`` command: load a robot model and look at it, simulate it, or
time its dynamics, without writing a program (``ossa --help``).

It is written on the public Python API only, the same names a user program
would use; ``library.py`` chooses the library behind those names.
"""

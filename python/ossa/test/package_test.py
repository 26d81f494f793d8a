import ossa


def test_version_comes_from_the_extension():
    # The version string is set in C++ (common_py.cc); reading it proves the
    # extension module and libossa load together.
    assert ossa.__version__ == "0.1.0"

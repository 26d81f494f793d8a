"""C++ log messages from threads that do not hold the GIL reach Python's
logging without deadlocking a thread that holds the GIL and logs too."""

import os
import subprocess
import sys
import textwrap


def test_logging_from_a_cpp_thread_does_not_deadlock():
    # In a child process, so that a regression fails by timeout instead of
    # hanging the test session.
    code = textwrap.dedent("""
        import logging
        import ossa.common
        import ossa._ext.common._testing as T
        records = []
        class H(logging.Handler):
            def emit(self, record):
                records.append(record.getMessage())
        logging.getLogger("ossa").addHandler(H())
        ossa.common._redirect_cpp_logging_to_python()
        for _ in range(20):
            T.LogFromThreadWhileHoldingGil(50)
        assert len(records) == 20 * 100, len(records)
        assert sum(m.startswith("worker") for m in records) == 20 * 50
        print("ok")
    """)
    result = subprocess.run([sys.executable, "-c", code], env=os.environ,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"

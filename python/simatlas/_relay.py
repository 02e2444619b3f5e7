"""The program ``simatlas check --against`` runs for ``simatlas.check``. It forwards
each query line from its stdin to the Python process that called ``simatlas.check`` (over the
Unix socket named by its argument) and writes that process's answer line to its stdout, so the
student's callable answers in its own interpreter. Run as ``python3 _relay.py SOCKET``."""

import socket
import sys


def main(path):
    """Forwards lines until stdin or the socket closes."""
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    connection.connect(path)
    stream = connection.makefile("rw", encoding="utf-8", newline="\n")
    for line in sys.stdin:
        stream.write(line)
        stream.flush()
        answer = stream.readline()
        if not answer:
            break
        sys.stdout.write(answer)
        sys.stdout.flush()
    connection.close()


if __name__ == "__main__":
    main(sys.argv[1])

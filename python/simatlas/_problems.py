"""The problem documents of formats/ (``simatlas/sap-problem/1`` and
``simatlas/mujoco-problem/1``) as Python objects. Reading and validating is done by the
engine's readers (reference/io), so a malformed field raises ValueError naming its JSON path,
as ``simatlas sap solve`` / ``simatlas mujoco solve`` report it."""

import json

import numpy as np


def plain(value):
    """A JSON-ready copy of value: numpy arrays and numbers become lists and floats, dicts,
    lists and tuples are copied recursively."""
    if isinstance(value, np.ndarray):
        return plain(value.tolist())
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (np.bool_, bool)):
        return bool(value)
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    return value


def document_text(document):
    """JSON text of a document; NaN or ±inf anywhere is a ValueError (the formats hold finite
    numbers only)."""
    try:
        return json.dumps(plain(document), allow_nan=False)
    except ValueError as error:
        raise ValueError(f"problem document: {error} (the formats hold finite numbers)") from None


class ProblemDocument:
    """A validated problem document. ``document`` is the canonical JSON object the engine's
    writer gives back (reference/io/problem_writer.h); ``write(path)`` stores it. Subclasses
    set ``_validate``: JSON text in, canonical JSON text out (ValueError on bad input)."""

    _validate = None

    def __init__(self, canonical_text):
        self.document = json.loads(canonical_text)

    @classmethod
    def from_document(cls, document):
        """Validates a document (a dict in the format; numpy arrays allowed anywhere)."""
        return cls(cls._validate(document_text(document)))

    def text(self):
        """The canonical JSON text."""
        return json.dumps(self.document)

    def write(self, path):
        """Writes the canonical document to path (OSError with the system's reason if it
        cannot be written)."""
        with open(path, "w", encoding="utf-8") as file:
            json.dump(self.document, file, indent=1)
            file.write("\n")

    def __repr__(self):
        return f"<{type(self).__module__}.{type(self).__name__} {self.document.get('source', '')!r}>"

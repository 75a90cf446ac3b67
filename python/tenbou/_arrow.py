"""Arrow glue shared by tenbou.records and tenbou.score_table: pyarrow is an optional extra
(``pip install "tenbou[arrow]"``), imported only when a table is asked for.

The core builds every column itself and hands a record batch over through the Arrow PyCapsule
interface (``__arrow_c_array__``): pyarrow takes the buffers without a copy.
"""
from __future__ import annotations

from typing import Any, Optional, Tuple


def require_pyarrow() -> Any:
    """The pyarrow module, or an ImportError that says how to install it."""
    try:
        import pyarrow  # type: ignore[import-untyped,unused-ignore]
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError(
            'Arrow tables need pyarrow (>= 14): pip install "tenbou[arrow]"'
        ) from e
    return pyarrow


class _CapsuleBatch:
    """A record batch the core made, as the PyCapsule interface's producer object."""

    __slots__ = ("_capsules",)

    def __init__(self, capsules: Tuple[Any, Any]) -> None:
        self._capsules: Optional[Tuple[Any, Any]] = capsules

    def __arrow_c_array__(self, requested_schema: Any = None) -> Tuple[Any, Any]:
        capsules, self._capsules = self._capsules, None
        if capsules is None:
            raise RuntimeError("this batch was already taken")
        return capsules


def record_batch(capsules: Tuple[Any, Any]) -> Any:
    """A pyarrow.RecordBatch from the core's (schema, array) capsules."""
    pa = require_pyarrow()
    return pa.record_batch(_CapsuleBatch(capsules))

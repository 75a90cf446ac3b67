"""compare_with_tenhou: a scored result against what Tenhou recorded for the win (tests and
scripts use it with tenbou.mjlog's readers). The `tenbou mjlog` command itself is
`tenbou replay --format mjlog` (cli/replay.py)."""
from __future__ import annotations

from typing import Any, Dict, List


def compare_with_tenhou(d: Dict[str, Any], e: Any) -> List[str]:
    """Differences between a result and what Tenhou recorded (empty when they agree)."""
    if not d["ok"]:
        return [f"not scored: {d['error']['message']}"]
    problems = []
    ours = {y["key"]: y["han"] for y in d["yaku"]}
    # Tenhou counts three-player kita (nukidora) under its dora id.
    if "kita" in ours:
        ours["dora"] = ours.get("dora", 0) + ours.pop("kita")
    if ours != e.yaku:
        problems.append(f"yaku {ours} != {e.yaku}")
    if d["han"] != e.han:
        problems.append(f"han {d['han']} != {e.han}")
    if d["fu"] != e.fu:
        problems.append(f"fu {d['fu']} != {e.fu}")
    value = d["total"] - d["honba_bonus"] - d["sticks_bonus"]
    if value != e.points:
        problems.append(f"points {value} != {e.points}")
    # Tenhou writes kazoe yakuman with the yakuman limit code.
    limit = "yakuman" if d["limit"] == "kazoe_yakuman" else d["limit"]
    if limit != e.limit:
        problems.append(f"limit {d['limit']} != {e.limit}")
    return problems

"""Tenhou game logs (mjlog XML) -> contract requests, for replaying real games.

Every ``<AGARI>`` of a four- or three-player game becomes a :class:`TenhouWin` holding the
request tenbou scores (tiles, melds and every situational flag worked out from
the event stream: riichi and double riichi, ippatsu, rinshan, chankan, haitei,
houtei, tenhou, chiihou) and what Tenhou itself recorded (han, fu, points, yaku).

>>> from tenbou import mjlog
>>> for win in mjlog.wins_from_file("game.mjlog"):      # doctest: +SKIP
...     print(win.request["hand"], win.expected.points)

Format notes (shared/data/tenhou/README.md): tile ids 0-135, kind = id // 4, red
fives are ids 16, 52, 88 when the game uses them; ``<GO type>`` bit 0x10 marks a
three-player game, 0x02 no red fives, 0x04 no open tanyao.

Three-player games (sanma) have seats E, S, W only, no 2m-8m and kita: a North tile
set aside as dora (meld code bit 0x20). Tenhou's records show how it treats them:
a kita ends every ippatsu and the first go-around as a call does, its replacement
draw is a kan replacement (a win on it is rinshan), and a ron on a kita tile is not
chankan. The live wall holds 55 draws (108 tiles - 14 dead wall - 39 dealt), kan
and kita replacement draws included.
"""
from __future__ import annotations

import zlib
import os
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, List, Optional, Tuple, Union

__all__ = ["TenhouWin", "Expected", "TenhouHandEnd", "MjlogError", "read_log", "wins_from_file", "wins_from_text", "hand_ends_from_file",
           "hand_ends_from_text", "TENHOU_YAKU", "decode_meld", "is_kita", "tile_text"]

# Tenhou yaku ids -> contract keys (README of the data set).
TENHOU_YAKU: Dict[int, str] = {
    0: "menzen_tsumo", 1: "riichi", 2: "ippatsu", 3: "chankan", 4: "rinshan", 5: "haitei", 6: "houtei",
    7: "pinfu", 8: "tanyao", 9: "iipeikou", 10: "seat_wind", 11: "seat_wind", 12: "seat_wind", 13: "seat_wind",
    14: "round_wind", 15: "round_wind", 16: "round_wind", 17: "round_wind", 18: "haku", 19: "hatsu", 20: "chun",
    21: "double_riichi", 22: "chiitoitsu", 23: "chanta", 24: "ittsu", 25: "sanshoku", 26: "sanshoku_doukou",
    27: "sankantsu", 28: "toitoi", 29: "sanankou", 30: "shousangen", 31: "honroutou", 32: "ryanpeikou",
    33: "junchan", 34: "honitsu", 35: "chinitsu", 36: "renhou", 37: "tenhou", 38: "chiihou", 39: "daisangen",
    40: "suuankou", 41: "suuankou_tanki", 42: "tsuuiisou", 43: "ryuuiisou", 44: "chinroutou", 45: "chuuren",
    46: "junsei_chuuren", 47: "kokushi", 48: "kokushi_13", 49: "daisuushi", 50: "shousuushi", 51: "suukantsu",
    52: "dora", 53: "ura_dora", 54: "aka_dora",
}
_LIMITS = {0: None, 1: "mangan", 2: "haneman", 3: "baiman", 4: "sanbaiman", 5: "yakuman"}
_WINDS = "ESWN"
_RED_IDS = (16, 52, 88)


def tile_text(tile_id: int, reds: bool = True) -> str:
    """One Tenhou tile id (0-135) in compact notation, red fives as ``0m/0p/0s``."""
    kind = tile_id // 4
    if reds and tile_id in _RED_IDS:
        return "0" + "mps"[kind // 9]
    return f"{kind % 9 + 1}{'mpsz'[kind // 9]}"


def _tiles_text(ids: List[int], reds: bool) -> str:
    """Compact notation grouped by suit, e.g. ``345m22s``."""
    out: List[str] = []
    for suit in "mpsz":
        digits = [t[0] for t in (tile_text(i, reds) for i in sorted(ids)) if t[1] == suit]
        if digits:
            out.append("".join(digits) + suit)
    return "".join(out)


def decode_meld(m: int, reds: bool = True) -> Tuple[str, str, List[int]]:
    """Decode a 16-bit meld code into (contract meld string, kind, tile ids)."""
    if not 0 <= m <= 0xFFFF:
        raise ValueError(f"meld code {m} is out of range (0-65535)")
    if m & 0x4:  # chi
        t = m >> 10
        t //= 3
        if t >= 21:
            raise ValueError(f"meld code {m}: a chi of honours")
        base = (t // 7) * 9 + t % 7
        ids = [(base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        kind = "chi"
    elif m & 0x18 == 0x08:  # pon
        t = (m >> 9) // 3
        if t >= 34:
            raise ValueError(f"meld code {m}: no tile kind {t}")
        unused = (m >> 5) & 3
        ids = [t * 4 + i for i in range(4) if i != unused]
        kind = "pon"
    elif m & 0x10:  # added kan
        t = (m >> 9) // 3
        if t >= 34:
            raise ValueError(f"meld code {m}: no tile kind {t}")
        ids = [t * 4 + i for i in range(4)]
        kind = "kakan"
    elif m & 0x20:
        raise ValueError("kita (a three-player North set aside) is not a meld: count it with is_kita()")
    else:  # called or closed kan
        t = (m >> 8) // 4
        if t >= 34:
            raise ValueError(f"meld code {m}: no tile kind {t}")
        ids = [t * 4 + i for i in range(4)]
        kind = "ankan" if m & 3 == 0 else "kan"
    return f"{kind}:{_tiles_text(ids, reds)}", kind, ids


def is_kita(m: int) -> bool:
    """Whether a meld code is a three-player kita (a North tile set aside as dora)."""
    return bool(m & 0x20) and not m & 0x1C


@dataclass
class Expected:
    """What Tenhou recorded for a win."""

    han: int
    fu: int
    points: int  # the hand's value, honba and riichi sticks excluded
    limit: Optional[str]
    yaku: Dict[str, int]  # key -> han (zero-han entries such as "ura dora 0" dropped)
    yakuman: int


@dataclass
class TenhouWin:
    request: Dict[str, Any]
    expected: Expected
    source: str  # "file.mjlog#round-index"
    raw: Dict[str, str] = field(default_factory=dict)


class MjlogError(ValueError):
    """A log file that cannot be read: too large, not gzip or UTF-8, not XML, or a tag with a
    missing or out-of-range attribute. The message names the file and the tag."""


# README "Input contract": a log, inflated, is at most this many bytes (Tenhou's are ~50 KB).
MAX_LOG_BYTES = 64 << 20


def _ints(text: Optional[str]) -> List[int]:
    return [int(x) for x in text.split(",")] if text else []


def _in_range(value: int, lo: int, hi: int, what: str) -> int:
    if not lo <= value <= hi:
        raise ValueError(f"{what} {value} is out of range ({lo}-{hi})")
    return value


def _seat(a: Dict[str, str], key: str, players: int) -> int:
    return _in_range(int(a[key]), 0, players - 1, key)


def _tile_ids(text: Optional[str], what: str) -> List[int]:
    ids = _ints(text)
    for t in ids:
        _in_range(t, 0, 135, what + " tile id")
    return ids


class _Round:
    """Event-stream state for one hand: enough to know each situational yaku's conditions."""

    def __init__(self, attrs: Dict[str, str], players: int = 4) -> None:
        seed = _ints(attrs["seed"])
        if len(seed) < 6:
            raise ValueError(f"seed has {len(seed)} numbers, not 6")
        self.players = players
        self.round_wind = _WINDS[_in_range(seed[0], 0, 15, "round")// 4]
        _in_range(seed[1], 0, 10000, "honba")
        _in_range(seed[2], 0, 10000, "riichi sticks")
        _tile_ids(str(seed[5]), "dora indicator")
        self.oya = _seat(attrs, "oya", players)
        # Live-wall draws so far (replacement draws included): 136 - 14 - 52 = 70 with four
        # players, 108 - 14 - 39 = 55 with three; the last of them is the haitei tile.
        self.wall = 70 if players == 4 else 55
        self.draws = 0
        self.kita = [0] * 4
        # Nagashi mangan: every discard a terminal or honour, none of them called.
        self.nagashi = [True] * 4
        self.last_discarder = -1
        self.any_call = False  # any chi/pon/kan so far (breaks the first go-around)
        self.discarded = [False] * 4
        self.riichi = [False] * 4
        self.double_riichi = [False] * 4
        self.pending_riichi = [False] * 4
        self.pending_double = [False] * 4
        self.ippatsu = [False] * 4
        self.kan_draw_pending = [False] * 4  # next draw of this player is a kan replacement
        self.last_draw_rinshan = [False] * 4
        self.last_draw_was_last_tile = [False] * 4
        self.last_event: Tuple[str, int] = ("", -1)  # (kind, player)
        self.last_discard_after_wall_end = False
        self.kakan_pending = False

    def draw(self, who: int) -> None:
        if self.kakan_pending:  # the added kan was not robbed: it completes now
            self.kakan_pending = False
            self.ippatsu = [False] * 4
        self.draws += 1
        self.last_draw_rinshan[who] = self.kan_draw_pending[who]
        self.kan_draw_pending[who] = False
        # seed/Tenhou: the kan replacement tile is never the haitei tile.
        self.last_draw_was_last_tile[who] = self.draws == self.wall and not self.last_draw_rinshan[who]
        self.last_event = ("draw", who)

    def discard(self, who: int, tile_id: int = -1) -> None:
        kind = tile_id // 4
        if tile_id >= 0 and kind < 27 and kind % 9 not in (0, 8):
            self.nagashi[who] = False
        self.last_discarder = who
        if self.pending_riichi[who]:
            pass  # the riichi declaration tile: ippatsu starts when the riichi is accepted
        else:
            self.ippatsu[who] = False
        self.discarded[who] = True
        self.last_discard_after_wall_end = self.draws >= self.wall
        self.last_event = ("discard", who)

    def reach(self, who: int, step: int) -> None:
        if step == 1:
            self.pending_riichi[who] = True
            self.pending_double[who] = not self.discarded[who] and not self.any_call
        else:
            self.pending_riichi[who] = False
            self.riichi[who] = True
            self.double_riichi[who] = self.pending_double[who]
            self.ippatsu[who] = True

    def call(self, who: int, kind: str) -> None:
        if kind in ("chi", "pon", "kan") and self.last_discarder >= 0:
            self.nagashi[self.last_discarder] = False  # a discard was called
        self.any_call = True
        if kind == "kakan":
            # An added kan can be robbed (chankan); Tenhou then still counts the
            # robber's ippatsu, so the kan only ends ippatsu once it completes.
            self.kakan_pending = True
        else:
            self.ippatsu = [False] * 4  # any call, closed kans included, ends every ippatsu
        if kind in ("kan", "ankan", "kakan", "kita"):
            self.kan_draw_pending[who] = True  # a kita too is replaced from the dead wall
        if kind == "kita":
            self.kita[who] += 1
        self.last_event = (kind, who)


@dataclass
class _Game:
    players: int = 4
    reds: bool = True
    open_tanyao: bool = True


def _replay(text: str, source: str) -> Iterator[Tuple[str, Dict[str, str], _Round, _Game, int]]:
    """The hand ends of a log (AGARI, RYUUKYOKU) with the event-stream state before each."""
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        raise MjlogError(f"{source}: not a Tenhou log: XML {e}") from None
    game = _Game()
    rnd: Optional[_Round] = None
    hand_index = -1
    for el in root:
        tag = el.tag
        a = el.attrib
        try:
            if tag == "GO":
                gtype = int(a.get("type", "0"))
                game = _Game(3 if gtype & 0x10 else 4, not gtype & 0x02, not gtype & 0x04)
            elif tag == "INIT":
                rnd = _Round(a, game.players)
                hand_index += 1
            elif rnd is None:
                continue
            elif len(tag) > 1 and tag[0] in "TUVW" and tag[1:].isdigit():
                rnd.draw(_in_range("TUVW".index(tag[0]), 0, game.players - 1, "player"))
                _tile_ids(tag[1:], "drawn")
            elif len(tag) > 1 and tag[0] in "DEFG" and tag[1:].isdigit():
                who = _in_range("DEFG".index(tag[0]), 0, game.players - 1, "player")
                rnd.discard(who, _tile_ids(tag[1:], "discarded")[0])
            elif tag == "REACH":
                rnd.reach(_seat(a, "who", game.players), _in_range(int(a["step"]), 1, 2, "step"))
            elif tag == "N":
                m = _in_range(int(a["m"]), 0, 0xFFFF, "meld code")
                kind = "kita" if game.players == 3 and is_kita(m) else decode_meld(m, game.reds)[1]
                rnd.call(_seat(a, "who", game.players), kind)
            elif tag in ("AGARI", "RYUUKYOKU"):
                if len(_ints(a["sc"])) < 2 * game.players:
                    raise ValueError(f"sc has fewer than {2 * game.players} numbers")
                for v in _ints(a["ba"])[:2]:
                    _in_range(v, 0, 10000, "ba")
                if tag == "AGARI":
                    _seat(a, "who", game.players)
                    _seat(a, "fromWho", game.players)
                    _tile_ids(a["hai"], "hand")
                    _tile_ids(a["machi"], "winning")
                    for m in _ints(a.get("m")):
                        _in_range(m, 0, 0xFFFF, "meld code")
                yield tag, dict(a), rnd, game, hand_index
        except KeyError as e:
            raise MjlogError(f"{source}: <{tag}> has no {e.args[0]} attribute") from None
        except (ValueError, IndexError) as e:
            raise MjlogError(f"{source}: <{tag}>: {e}") from None


def wins_from_text(text: str, source: str = "") -> Iterator[TenhouWin]:
    """Every win (four- or three-player) in one mjlog XML text. Raises :class:`MjlogError`
    for a text that is not a well-formed Tenhou log."""
    for tag, a, rnd, game, hand_index in _replay(text, source):
        if tag == "AGARI":
            yield _checked_win(a, rnd, game, f"{source}#{hand_index}")


def _checked_win(a: Dict[str, str], rnd: _Round, game: _Game, where: str) -> TenhouWin:
    try:
        return _win(a, rnd, game.reds, game.open_tanyao, where)
    except (KeyError, ValueError, IndexError) as e:
        raise MjlogError(f"{where}: <AGARI>: {e}") from None


def _win(a: Dict[str, str], rnd: _Round, reds: bool, open_tanyao: bool, source: str) -> TenhouWin:
    who, from_who = int(a["who"]), int(a["fromWho"])
    tsumo = who == from_who
    hai = _ints(a["hai"])
    codes = _ints(a.get("m"))
    three = rnd.players == 3
    kita = sum(1 for m in codes if three and is_kita(m))
    melds = [decode_meld(m, reds)[0] for m in codes if not (three and is_kita(m))]
    honba, sticks = _ints(a["ba"])[:2]
    seat = _WINDS[(who - rnd.oya) % rnd.players]
    first_turn = not rnd.any_call and not rnd.discarded[who]
    last_kind, last_who = rnd.last_event
    request: Dict[str, Any] = {
        "rules": "riichi",
        "hand": _tiles_text(hai, reds),
        "melds": melds,
        "win_tile": tile_text(int(a["machi"]), reds),
        "tsumo": tsumo,
        "seat_wind": seat,
        "round_wind": rnd.round_wind,
        "riichi": rnd.riichi[who],
        "double_riichi": rnd.double_riichi[who],
        "ippatsu": rnd.riichi[who] and rnd.ippatsu[who],
        "rinshan": tsumo and rnd.last_draw_rinshan[who],
        "chankan": (not tsumo) and last_kind in ("kakan", "ankan") and last_who == from_who,
        "haitei": tsumo and rnd.last_draw_was_last_tile[who],
        "houtei": (not tsumo) and last_kind == "discard" and rnd.last_discard_after_wall_end,
        "tenhou": tsumo and first_turn and who == rnd.oya,
        "chiihou": tsumo and first_turn and who != rnd.oya,
        "dora_indicators": _tiles_text(_ints(a.get("doraHai")), reds),
        "ura_indicators": _tiles_text(_ints(a.get("doraHaiUra")), reds) if rnd.riichi[who] else "",
        "honba": honba,
        "riichi_sticks": sticks,
        "options": {"preset": "tenhou", "red_fives": reds, "open_tanyao": open_tanyao},
    }
    if three:
        request["players"] = 3
        request["kita"] = kita
    fu, points, limit = _ints(a["ten"])[:3]
    yaku: Dict[str, int] = {}
    pairs = _ints(a.get("yaku"))
    for i in range(0, len(pairs), 2):
        if pairs[i + 1]:
            key = TENHOU_YAKU[pairs[i]]
            yaku[key] = yaku.get(key, 0) + pairs[i + 1]
    yakuman_ids = _ints(a.get("yakuman"))
    for y in yakuman_ids:
        yaku[TENHOU_YAKU[y]] = yaku.get(TENHOU_YAKU[y], 0) + 13
    han = 13 * len(yakuman_ids) if yakuman_ids else sum(yaku.values())
    expected = Expected(han=han, fu=fu, points=points, limit=_LIMITS.get(limit), yaku=yaku, yakuman=len(yakuman_ids))
    return TenhouWin(request=request, expected=expected, source=source, raw=dict(a))


@dataclass
class TenhouHandEnd:
    """One ``<AGARI>`` or ``<RYUUKYOKU>`` tag as a settlement request (README "Settlement").

    ``settlement`` holds every win of the hand when several players ron the same discard;
    ``winner`` names the one this tag records (None for a draw). ``recorded`` is the point
    change of each seat as Tenhou's ``sc`` gives it, in points."""

    game: str
    hand: int
    kind: str  # "win" or "draw"
    settlement: Dict[str, Any]
    winner: Optional[int]
    recorded: List[int]


_ABORTIVE = {"yao9", "kaze4", "reach4", "ron3", "kan4"}


def hand_ends_from_text(text: str, source: str = "") -> Iterator[TenhouHandEnd]:
    """Every hand end of one mjlog XML text, in log order, as settlement requests."""
    pending: List[Tuple[Dict[str, str], TenhouWin]] = []  # the AGARI tags of one hand
    pending_at: Tuple[int, Optional[_Round], _Game] = (-1, None, _Game())

    def flush() -> Iterator[TenhouHandEnd]:
        hand_index, rnd, game = pending_at
        if not pending or rnd is None:
            return
        honba, sticks = _ints(pending[0][0]["ba"])[:2]
        settlement: Dict[str, Any] = {
            "players": game.players, "dealer": rnd.oya, "honba": honba, "riichi_sticks": sticks, "outcome": "win",
            "wins": [{"winner": int(a["who"]), "from": int(a["fromWho"]), "request": w.request} for a, w in pending],
            "options": {"preset": "tenhou"},
        }
        for a, _w in pending:
            yield TenhouHandEnd(source, hand_index, "win", settlement, int(a["who"]), _deltas(a, game.players))
        pending.clear()

    for tag, a, rnd, game, hand_index in _replay(text, source):
        if pending and hand_index != pending_at[0]:
            yield from flush()
        if tag == "AGARI":
            pending.append((a, _checked_win(a, rnd, game, f"{source}#{hand_index}")))
            pending_at = (hand_index, rnd, game)
            continue
        yield from flush()
        honba, sticks = _ints(a["ba"])[:2]
        kind = a.get("type", "")
        tenpai = [i for i in range(game.players) if f"hai{i}" in a]
        settlement = {"players": game.players, "dealer": rnd.oya, "honba": honba, "riichi_sticks": sticks,
                      "outcome": "abortive" if kind in _ABORTIVE else "draw", "tenpai": tenpai,
                      "options": {"preset": "tenhou"}}
        if kind == "nm":
            settlement["outcome"] = "nagashi_mangan"
            settlement["nagashi"] = [i for i in range(game.players) if rnd.nagashi[i] and rnd.discarded[i]]
        yield TenhouHandEnd(source, hand_index, "draw", settlement, None, _deltas(a, game.players))
    yield from flush()


def _deltas(a: Dict[str, str], players: int) -> List[int]:
    sc = _ints(a["sc"])
    return [100 * sc[2 * i + 1] for i in range(players)]


def read_log(path: Union[str, "os.PathLike[str]"]) -> str:
    """The XML text of one ``.mjlog`` file (plain or gzip-compressed), at most
    MAX_LOG_BYTES however it was compressed; :class:`MjlogError` otherwise."""
    name = os.fspath(path)
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_LOG_BYTES + 1)
    except OSError as e:
        raise MjlogError(f"{name}: cannot read: {e.strerror or e}") from None
    if data[:2] == b"\x1f\x8b":
        inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            data = inflate.decompress(data, MAX_LOG_BYTES + 1)
        except zlib.error as e:
            raise MjlogError(f"{name}: broken gzip data: {e}") from None
        if not inflate.eof and len(data) <= MAX_LOG_BYTES:
            raise MjlogError(f"{name}: broken gzip data: the stream ends early")
    if len(data) > MAX_LOG_BYTES:
        raise MjlogError(f"{name}: larger than {MAX_LOG_BYTES >> 20} MiB (inflated): not a Tenhou log")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise MjlogError(f"{name}: not UTF-8 text (byte {e.start + 1})") from None


def hand_ends_from_file(path: Union[str, "os.PathLike[str]"]) -> Iterator[TenhouHandEnd]:
    """Every hand end of one ``.mjlog`` file (plain or gzip-compressed XML)."""
    yield from hand_ends_from_text(read_log(path), os.path.basename(os.fspath(path)))


def wins_from_file(path: Union[str, "os.PathLike[str]"]) -> Iterator[TenhouWin]:
    """Every win in one ``.mjlog`` file (plain or gzip-compressed XML)."""
    yield from wins_from_text(read_log(path), os.path.basename(os.fspath(path)))

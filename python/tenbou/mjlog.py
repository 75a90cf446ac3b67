"""Tenhou game logs (mjlog XML) -> contract requests, for replaying real games.

The core reads the log (cpp/src/records/mjlog_reader.cpp) and replays it
(cpp/src/records/replay.cpp): every seat's hand is tracked from the deal, every
``<AGARI>`` of a four- or three-player game becomes a :class:`TenhouWin` holding the
request tenbou scores, built from the TRACKED hand and checked against the tag's
``hai``/``m`` (tiles, melds and every situational flag worked out from the event
stream: riichi and double riichi, ippatsu, rinshan, chankan, haitei, houtei, tenhou,
chiihou, kita) and what Tenhou itself recorded (han, fu, points, yaku); every hand
end a :class:`TenhouHandEnd` (a settlement request, with the liable player a
``paoWho`` names, and Tenhou's ``sc``). Logs are read as a stream of events, never
as a whole tree, with every attribute the reader uses checked strictly and bounded
before it is parsed: memory stays flat and time linear in a log's size, and a bad
log gives one :class:`MjlogError` line naming the file, the event and the attribute
(docs/records-mjlog.md). ``tenbou.replay`` reads the other record formats too.

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

import json
import os
import re
import stat
import sys
import zlib
from dataclasses import dataclass, field
from typing import Any, BinaryIO, Dict, Iterable, Iterator, List, Optional, Tuple, Union

from . import _core
from .errors import RecordError

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
    """Compact notation grouped by suit, e.g. ``345m22s`` (ids 0-135)."""
    texts = _TILE_TEXTS[reds]
    digits = {"m": "", "p": "", "s": "", "z": ""}
    for i in sorted(ids):
        text = texts[i]
        digits[text[1]] += text[0]
    return "".join(d + suit for suit, d in digits.items() if d)


# tile_text of every id, with and without red fives: a win's request names ~20 tiles.
_TILE_TEXTS = {reds: [tile_text(i, reds) for i in range(136)] for reds in (True, False)}


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


class MjlogError(RecordError):
    """A log that cannot be read: too large, broken gzip, not UTF-8, not mjlog's XML, an event
    with a missing or bad attribute, or an event that cannot happen (a discard of a tile not
    held, a win whose hand is not the one the deal and the calls make). One line naming the file
    and, for a bad event, the event (its index among the log's events, counted from 0, and its
    tag) and the attribute, e.g. ``game.mjlog: event 57 <AGARI> yaku: unknown Tenhou yaku id 99``;
    ``event``, ``tag`` and ``attribute`` hold them (None where the message names none)."""


# The reader's limits (docs/records-mjlog.md "Errors and limits"; the core checks the ones of the
# text: cpp/src/records/mjlog_reader.cpp). A log, inflated, is at most this many bytes (Tenhou's
# are ~50 KB); the core's limits table names it max_mjlog_bytes.
MAX_LOG_BYTES = 64 << 20
# Characters of one tag, attributes included (Tenhou's longest, <SHUFFLE>, is ~3.4 KB).
MAX_TAG_CHARS = 64 << 10
# Characters of an attribute read as numbers (Tenhou's longest, a hand's 14 tile ids, is 54).
MAX_NUMBERS_CHARS = 256
# Digits of one number: every number of a log fits (scores are written in hundreds).
MAX_DIGITS = 9

_CHUNK = 1 << 15  # bytes read (and fed to the core) at a time
_GZIP_STEP = 1 << 14  # compressed bytes read at a time
_GZIP_MAGIC = b"\x1f\x8b"
_RAW = re.compile(r"""([A-Za-z_][A-Za-z0-9_.\-]*)=(?:"([^"]*)"|'([^']*)')""")


def _replayed(pieces: Iterable[bytes], source: str) -> Iterator[Dict[str, Any]]:
    """The core's hand-end lines (docs/records-mjlog.md) of a log given as pieces of its bytes;
    a log that cannot be read gives the lines before its error, then :class:`MjlogError`."""
    replay = _core.Replay(format="mjlog", output="hand_ends", source=source, with_requests=True, with_raw=True)
    loads = json.loads
    try:
        for piece in pieces:
            out = replay.feed(piece)
            if out:
                for line in out.splitlines():
                    yield loads(line)
        out = replay.finish()
    except RecordError as e:
        for line in e.output.splitlines():
            yield loads(line)
        raise MjlogError(str(e), e.event, e.tag, e.attribute) from None
    for line in out.splitlines():
        yield loads(line)


def _text_pieces(text: str) -> Iterator[bytes]:
    data = text.encode("utf-8", "surrogatepass")
    for i in range(0, len(data), _CHUNK):
        yield data[i:i + _CHUNK]


def _win(line: Dict[str, Any], win: Dict[str, Any]) -> TenhouWin:
    r = win["recorded"]
    expected = Expected(han=r["han"], fu=r["fu"], points=r["points"], limit=r["limit"], yaku=r["yaku"], yakuman=r["yakuman"])
    raw = {m[1]: m[2] if m[2] is not None else m[3] for m in _RAW.finditer(win.get("raw", ""))}
    return TenhouWin(request=_interned_keys(win["request"]), expected=expected, source=f"{line['game']}#{line['hand']}", raw=raw)


def _interned_keys(request: Dict[str, Any]) -> Dict[str, Any]:
    """The request with its keys (and its options' keys) interned: json.loads makes new key strings
    for every line, and scoring looks a dict's keys up faster when they are the interned ones
    (about a fifth of a hand's time on the real wins, measured with score_many)."""
    options = request.get("options")
    if isinstance(options, dict):
        request["options"] = {sys.intern(k): v for k, v in options.items()}
    return {sys.intern(k): v for k, v in request.items()}


def _wins(lines: Iterable[Dict[str, Any]]) -> Iterator[TenhouWin]:
    for line in lines:
        for win in line.get("wins", ()):
            yield _win(line, win)


def wins_from_text(text: str, source: str = "") -> Iterator[TenhouWin]:
    """Every win (four- or three-player) in one mjlog XML text, as it is read. Raises
    :class:`MjlogError` at the first event that is not a well-formed Tenhou event."""
    return _wins(_replayed(_text_pieces(text), source))


@dataclass
class TenhouHandEnd:
    """One ``<AGARI>`` or ``<RYUUKYOKU>`` tag as a settlement request (docs/records-mjlog.md).

    ``settlement`` holds every win of the hand when several players ron the same discard: the
    hand ends of those wins share one settlement object (settle it once); every other hand end
    has its own. ``winner`` names the one this tag records (None for a draw). ``recorded`` is
    the point change of each seat as Tenhou's ``sc`` gives it, in points. ``event`` is the
    tag's index among the log's events (counted from 0)."""

    game: str
    hand: int
    kind: str  # "win" or "draw"
    settlement: Dict[str, Any]
    winner: Optional[int]
    recorded: List[int]
    event: int = -1


def _hand_ends(lines: Iterable[Dict[str, Any]]) -> Iterator[TenhouHandEnd]:
    for line in lines:
        settlement: Dict[str, Any] = {"players": line["players"], "dealer": line["dealer"], "honba": line["honba"],
                                      "riichi_sticks": line["deposits"], "outcome": line["outcome"]}
        wins = line.get("wins")
        if wins:
            entries = []
            for w in wins:
                entry: Dict[str, Any] = {"winner": w["winner"], "from": w["from"], "request": w["request"]}
                if w["pao"] is not None:
                    entry["pao"] = w["pao"]
                entries.append(entry)
            settlement["wins"] = entries
            settlement["options"] = {"preset": "tenhou"}
            for w in wins:
                yield TenhouHandEnd(line["game"], line["hand"], "win", settlement, w["winner"], w["recorded_deltas"], w["event"])
            continue
        settlement["tenpai"] = line["tenpai"]
        if "nagashi" in line:
            settlement["nagashi"] = line["nagashi"]
        settlement["options"] = {"preset": "tenhou"}
        event = line["event"] if line["event"] is not None else -1
        yield TenhouHandEnd(line["game"], line["hand"], "draw", settlement, None, line["recorded_deltas"], event)


def hand_ends_from_text(text: str, source: str = "") -> Iterator[TenhouHandEnd]:
    """Every hand end of one mjlog XML text, in log order, as settlement requests."""
    return _hand_ends(_replayed(_text_pieces(text), source))


def _inflate(f: BinaryIO, name: str, first: bytes) -> Iterator[bytes]:
    """The inflated bytes of a gzip file (``first``: its first bytes, already read), at most
    _CHUNK at a time, member after member as gzip reads them; zero padding after a member is
    skipped, as gzip does; any other bytes after the last member are an error."""
    d: Any = None
    data = first
    more = False  # the last step filled its output: more may come without more input
    total = 0
    while True:
        if not data and not more:
            data = f.read(_GZIP_STEP)
            if not data:
                break
        if d is None:  # a member starts here
            data = data.lstrip(b"\0")
            if not data:
                continue
            if len(data) < 2:
                data += f.read(1)
            if data[:2] != _GZIP_MAGIC:
                raise MjlogError(f"{name}: broken gzip data: bytes after the gzip stream that are not a gzip member")
            d = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            out = d.decompress(data, _CHUNK)
        except zlib.error as e:
            raise MjlogError(f"{name}: broken gzip data: {e}") from None
        more = len(out) == _CHUNK
        data = d.unconsumed_tail
        if d.eof:
            data, d, more = d.unused_data, None, False
        total += len(out)
        if total > MAX_LOG_BYTES:
            raise MjlogError(f"{name}: larger than {MAX_LOG_BYTES >> 20} MiB (inflated): not a Tenhou log")
        if out:
            yield out
    if d is not None:
        raise MjlogError(f"{name}: broken gzip data: the stream ends early")


def _file_bytes(path: Union[str, "os.PathLike[str]"], name: str) -> Iterator[bytes]:
    """A log file's bytes, inflated if it is gzip-compressed, at most MAX_LOG_BYTES. A gzip
    file is checked whole first (integrity, trailing bytes, size) so that a broken one gives
    its error before any of its events."""
    try:
        f = open(path, "rb")
    except OSError as e:
        raise MjlogError(f"{name}: cannot read: {e.strerror or e}") from None
    with f:
        try:
            first = f.read(_CHUNK)
            if first[:2] == _GZIP_MAGIC:
                if f.seekable():
                    for _ in _inflate(f, name, first):
                        pass
                    f.seek(len(first))
                yield from _inflate(f, name, first)
                return
            if stat.S_ISREG(os.fstat(f.fileno()).st_mode) and os.fstat(f.fileno()).st_size > MAX_LOG_BYTES:
                raise MjlogError(f"{name}: larger than {MAX_LOG_BYTES >> 20} MiB: not a Tenhou log")
            total = len(first)
            chunk = first
            while chunk:
                yield chunk
                chunk = f.read(_CHUNK)
                total += len(chunk)
                if total > MAX_LOG_BYTES:
                    raise MjlogError(f"{name}: larger than {MAX_LOG_BYTES >> 20} MiB: not a Tenhou log")
        except OSError as e:
            raise MjlogError(f"{name}: cannot read: {e.strerror or e}") from None


def read_log(path: Union[str, "os.PathLike[str]"]) -> str:
    """The XML text of one ``.mjlog`` file (plain or gzip-compressed), at most
    MAX_LOG_BYTES however it was compressed; :class:`MjlogError` otherwise. The readers
    below do not hold the text whole: they read the file as a stream."""
    name = os.fspath(path)
    data = b"".join(_file_bytes(path, name))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise MjlogError(f"{name}: not UTF-8 text (byte {e.start + 1})") from None


def _file_lines(path: Union[str, "os.PathLike[str]"]) -> Iterator[Dict[str, Any]]:
    """A file's hand-end lines (file-level messages give the path, its events' the file's name)."""
    name = os.fspath(path)
    return _replayed(_file_bytes(path, name), os.path.basename(name))


def hand_ends_from_file(path: Union[str, "os.PathLike[str]"]) -> Iterator[TenhouHandEnd]:
    """Every hand end of one ``.mjlog`` file (plain or gzip-compressed XML), as it is read."""
    return _hand_ends(_file_lines(path))


def wins_from_file(path: Union[str, "os.PathLike[str]"]) -> Iterator[TenhouWin]:
    """Every win in one ``.mjlog`` file (plain or gzip-compressed XML), as it is read."""
    return _wins(_file_lines(path))

"""Tenhou game logs (mjlog XML) -> contract requests, for replaying real games.

Every ``<AGARI>`` of a four- or three-player game becomes a :class:`TenhouWin` holding the
request tenbou scores (tiles, melds and every situational flag worked out from
the event stream: riichi and double riichi, ippatsu, rinshan, chankan, haitei,
houtei, tenhou, chiihou) and what Tenhou itself recorded (han, fu, points, yaku);
every hand end a :class:`TenhouHandEnd` (a settlement request and Tenhou's ``sc``).
Logs are read as a stream of events, never as a whole tree, with every attribute the
reader uses checked strictly and bounded before it is parsed: memory stays flat and
time linear in a log's size, and a bad log gives one :class:`MjlogError` line naming the
file, the event and the attribute (docs/records.md).

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

import codecs
import itertools
import os
import re
import stat
import zlib
from dataclasses import dataclass, field
from typing import Any, BinaryIO, Dict, Iterable, Iterator, List, Optional, Tuple, Union

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


class MjlogError(ValueError):
    """A log that cannot be read: too large, broken gzip, not UTF-8, not mjlog's XML, or an event
    with a missing or bad attribute. One line naming the file and, for a bad event, the event
    (its index among the log's events, counted from 0, and its tag) and the attribute, e.g.
    ``game.mjlog: event 57 <AGARI> yaku: unknown Tenhou yaku id 99``; ``event``, ``tag`` and
    ``attribute`` hold them (None where the message names none)."""

    def __init__(self, message: str, event: Optional[int] = None, tag: Optional[str] = None,
                 attribute: Optional[str] = None) -> None:
        super().__init__(message)
        self.event = event
        self.tag = tag
        self.attribute = attribute


# The reader's limits (docs/records.md "Errors and limits"). Each keeps the work for one log linear in
# its size and the memory flat: events are read as a stream, never as a whole tree.
# A log, inflated, is at most this many bytes (Tenhou's are ~50 KB).
MAX_LOG_BYTES = 64 << 20
# Characters of one tag, attributes included (Tenhou's longest, <SHUFFLE>, is ~3.4 KB).
MAX_TAG_CHARS = 64 << 10
# Characters of an attribute read as numbers (Tenhou's longest, a hand's 14 tile ids, is 54).
MAX_NUMBERS_CHARS = 256
# Digits of one number: every number of a log fits (scores are written in hundreds). The
# check comes before int(), whose time grows with the square of the digits.
MAX_DIGITS = 9
# Bytes of the log's own text an error message repeats (the core's kMaxEcho, limits.hpp).
MAX_ECHO = 200

_CHUNK = 1 << 15  # characters (or bytes) read at a time
_GZIP_STEP = 1 << 14  # compressed bytes read at a time
_GZIP_MAGIC = b"\x1f\x8b"


def _echo(text: str) -> str:
    """``text`` as a message quotes it: at most MAX_ECHO bytes, cut at a character boundary,
    with the length of what was left out (the core's echo(), cpp/src/core/limits.cpp)."""
    if len(text) <= MAX_ECHO // 4:
        return text
    data = text.encode("utf-8", "surrogatepass")
    if len(data) <= MAX_ECHO:
        return text
    cut = MAX_ECHO
    while cut > 0 and data[cut] & 0xC0 == 0x80:  # not inside a character
        cut -= 1
    return data[:cut].decode("utf-8", "replace") + f"... ({len(data) - cut} more bytes)"


class _Bad(Exception):
    """A bad attribute (or, with attr None, a bad event); the reader adds the file and the event."""

    def __init__(self, attr: Optional[str], message: str) -> None:
        super().__init__(message)
        self.attr = attr
        self.message = message


# Numbers as a log writes them: ASCII digits, a minus sign where a score change is negative;
# never int()'s wider syntax ("0_0", " 5", "+5", other scripts' digits).
_NUMBER = re.compile(r"-?[0-9]{1,%d}" % MAX_DIGITS)
_NUMBERS = re.compile(r"-?[0-9]{1,%d}(?:,-?[0-9]{1,%d})*" % (MAX_DIGITS, MAX_DIGITS))
_DIGIT_RUN = re.compile(r"-?[0-9]+")


def _why_not_numbers(text: str) -> str:
    if len(text) > MAX_NUMBERS_CHARS:
        return f"{len(text)} characters (at most {MAX_NUMBERS_CHARS})"
    if not text:
        return "empty"
    for item in text.split(","):
        if not _NUMBER.fullmatch(item):
            if _DIGIT_RUN.fullmatch(item):
                return f"a number of more than {MAX_DIGITS} digits"
            return f"'{_echo(item)}' is not a number" if item else "an empty item in a list of numbers"
    raise AssertionError(text)  # pragma: no cover (only called on text _NUMBERS refused)


def _numbers(a: Dict[str, str], key: str, required: bool = True) -> List[int]:
    """A comma-separated list of numbers. An optional attribute may be missing or empty."""
    text = a.get(key)
    if text is None or (not text and not required):
        if required:
            raise _Bad(key, "missing")
        return []
    if len(text) <= MAX_NUMBERS_CHARS and _NUMBERS.fullmatch(text):
        return [int(x) for x in text.split(",")]
    raise _Bad(key, _why_not_numbers(text))


def _count(values: List[int], key: str, lo: int, hi: int) -> List[int]:
    if not lo <= len(values) <= hi:
        expected = str(lo) if lo == hi else f"{lo}-{hi}"
        raise _Bad(key, f"{len(values)} number{'s' if len(values) != 1 else ''} ({expected} expected)")
    return values


def _number(a: Dict[str, str], key: str, lo: int, hi: int) -> int:
    return _in_range(_count(_numbers(a, key), key, 1, 1)[0], lo, hi, key)


def _in_range(value: int, lo: int, hi: int, key: str, what: str = "") -> int:
    if not lo <= value <= hi:
        raise _Bad(key, f"{what + ' ' if what else ''}{value} is out of range ({lo}-{hi})")
    return value


def _seat(a: Dict[str, str], key: str, players: int) -> int:
    return _number(a, key, 0, players - 1)


def _tile_ids(a: Dict[str, str], key: str, lo: int, hi: int) -> List[int]:
    ids = _count(_numbers(a, key, required=lo > 0), key, lo, hi)
    for t in ids:
        _in_range(t, 0, 135, key, "tile id")
    return ids


# --- mjlog's XML, read as a stream of events ---------------------------------------------------
# A Tenhou log is flat: <mjloggm ...> holding empty-element tags <TAG attr="value" .../> and
# nothing else (shared/data/tenhou/README.md). The reader reads exactly that subset of XML
# (an XML declaration, a byte-order mark and whitespace between tags allowed; no comments,
# DTD, text or nested elements) one tag at a time: memory stays flat in the log's size.
_WS = " \t\r\n"
_S = "[ \t\r\n]"
_NAME = r"[A-Za-z_][A-Za-z0-9_.\-]*"
_ATTRS = rf"((?:{_S}+{_NAME}{_S}*={_S}*(?:\"[^\"<]*\"|'[^'<]*'))*){_S}*"
_EVENT = re.compile(rf"{_S}*<({_NAME}){_ATTRS}/>")
_ATTR = re.compile(rf"({_NAME}){_S}*={_S}*\"([^\"<]*)\"")
_ATTR_QUOTES = re.compile(rf"({_NAME}){_S}*={_S}*(?:\"([^\"<]*)\"|'([^'<]*)')")
_PROLOG = re.compile(rf"\ufeff?{_S}*(?:<\?xml(?:{_S}[^<>]*)?\?>{_S}*)?<mjloggm{_ATTRS}(/?)>")
_ROOT_END = re.compile(rf"{_S}*</mjloggm{_S}*>")
_TAG_START = re.compile(rf"<({_NAME})")


def _attributes(text: str) -> Dict[str, str]:
    if "'" in text:
        pairs = [(m[1], m[2] if m[2] is not None else m[3]) for m in _ATTR_QUOTES.finditer(text)]
    else:
        pairs = _ATTR.findall(text)
    attrs = dict(pairs)
    if len(attrs) != len(pairs):
        seen: Dict[str, int] = {}
        for key, _v in pairs:
            if key in seen:
                raise _Bad(key, "given twice")
            seen[key] = 1
    return attrs


def _events(pieces: Iterable[str], source: str) -> Iterator[Tuple[int, str, Dict[str, str]]]:
    """(index, tag, attributes) of every event of a log given as pieces of its text."""

    def bad(at: int, what: str) -> MjlogError:
        # A tag that cannot be read is named when it starts like one (``.tag``, ``.event``).
        name = _TAG_START.match(buf, at - base) if state == 1 else None
        return MjlogError(f"{source}: not a Tenhou log: character {at}: {what}", index if name else None,
                          name[1] if name else None)

    buf = ""
    base = 0  # characters of the text before buf
    state = 0  # 0: before <mjloggm>, 1: its events, 2: after </mjloggm>
    index = 0
    more: Iterable[Optional[str]] = itertools.chain(pieces, (None,))
    for piece in more:
        final = piece is None
        if piece is not None:
            buf = buf + piece if buf else piece
        # A tag holds no '<': everything before the last '<' is whole tags (or is not mjlog).
        end = len(buf) if final else max(buf.rfind("<"), 0)
        if len(buf) - end > MAX_TAG_CHARS:
            raise bad(base + end, f"more than {MAX_TAG_CHARS >> 10} KiB without a tag's end")
        pos = 0
        if state == 0:
            m = _PROLOG.match(buf)
            if m is None:
                if final or len(buf) > MAX_TAG_CHARS:
                    raise bad(0, "no <mjloggm> tag at the start")
                continue
            pos = m.end()
            state = 2 if m.group(2) else 1
            end = max(end, pos)
        if state == 1:
            # Anchored matches, one tag after the other: a search (finditer) would rescan a run
            # of whitespace before a bad tag from each of its characters (quadratic).
            match = _EVENT.match
            m = match(buf, pos, end)
            while m is not None:
                pos = m.end()
                tag, text = m.groups()
                try:
                    attrs = _attributes(text) if text else {}
                except _Bad as e:
                    raise _event_error(source, index, tag, e) from None
                yield index, tag, attrs
                index += 1
                m = match(buf, pos, end)
            m = _ROOT_END.match(buf, pos, end)
            if m is not None:
                pos = m.end()
                state = 2
        rest = buf[pos:end]
        if rest.strip(_WS):
            at = pos + len(rest) - len(rest.lstrip(_WS))
            if state == 2:
                raise bad(base + at, "text after </mjloggm>")
            if final and ">" not in buf[at:]:
                raise bad(base + at, "the log ends inside a tag")
            raise bad(base + at, f"'{_echo(buf[at:at + 40])}' is not an event tag")
        base += end
        buf = buf[end:]
    if state != 2:
        raise bad(base, "the log ends before </mjloggm>")


def _text_pieces(text: str) -> Iterator[str]:
    for i in range(0, len(text), _CHUNK):
        yield text[i:i + _CHUNK]


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


def _decode(chunks: Iterable[bytes], name: str) -> Iterator[str]:
    """UTF-8 text of a stream of bytes, as pieces."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    seen = 0  # bytes given to the decoder
    for chunk in itertools.chain(chunks, (None,)):
        held = len(decoder.getstate()[0])
        try:
            text = decoder.decode(chunk or b"", final=chunk is None)
        except UnicodeDecodeError as e:
            raise MjlogError(f"{name}: not UTF-8 text (byte {seen - held + e.start + 1})") from None
        if chunk:
            seen += len(chunk)
        if text:
            yield text


class _Round:
    """Event-stream state for one hand: enough to know each situational yaku's conditions."""

    def __init__(self, a: Dict[str, str], players: int = 4) -> None:
        seed = _count(_numbers(a, "seed"), "seed", 6, 6)  # round, honba, sticks, dice, dice, dora indicator
        self.players = players
        self.round_wind = _WINDS[_in_range(seed[0], 0, 15, "seed", "round") // 4]
        _in_range(seed[1], 0, 10000, "seed", "honba")
        _in_range(seed[2], 0, 10000, "seed", "riichi sticks")
        _in_range(seed[5], 0, 135, "seed", "dora indicator tile id")
        self.oya = _seat(a, "oya", players)
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


_ACTOR = {"T": 0, "U": 1, "V": 2, "W": 3, "D": 0, "E": 1, "F": 2, "G": 3}  # draws T-W, discards D-G
_DRAW_OR_DISCARD = re.compile(r"[TUVWDEFG]([0-9]+)")
# Every draw and discard tag (four fifths of a log's events): tag -> (is a draw, player, tile id).
_MOVES = {f"{c}{t}": (c in "TUVW", p, t) for c, p in _ACTOR.items() for t in range(136)}
_ABORTIVE = {"yao9", "kaze4", "reach4", "ron3", "kan4"}
_DRAW_TYPES = ("yao9", "kaze4", "reach4", "ron3", "kan4", "nm")

# A hand end as _replay gives it: (tag, event index, group, hand index, round, game, what it records).
# Hand ends of one group share a settlement: the wins of one run of <AGARI> events (several
# players ronning one discard); every other hand end is a group of its own.
_End = Tuple[str, int, int, int, _Round, _Game, Any]


def _replay(events: Iterable[Tuple[int, str, Dict[str, str]]], source: str) -> Iterator[_End]:
    """The hand ends of a log (AGARI, RYUUKYOKU) with the event-stream state before each."""
    game = _Game()
    rnd: Optional[_Round] = None
    hand_index = -1
    group = 0
    run = 0  # <AGARI> events in a row: the wins on one discard
    for index, tag, a in events:
        try:
            move = _MOVES.get(tag)
            if move is None and tag[0] in _ACTOR and rnd is not None:
                m = _DRAW_OR_DISCARD.fullmatch(tag)
                if m is not None:  # a tile id written unusually ("T05") or out of range
                    digits = m.group(1)
                    if len(digits) > 3:
                        raise _Bad(None, "a tile id of more than 3 digits")
                    if int(digits) > 135:
                        raise _Bad(None, f"tile id {digits} is out of range (0-135)")
                    move = (tag[0] in "TUVW", _ACTOR[tag[0]], int(digits))
            if move is not None and rnd is not None:
                draw, actor, tile = move
                if actor >= game.players:
                    raise _Bad(None, f"player {actor} is out of range (0-{game.players - 1})")
                if draw:
                    rnd.draw(actor)
                else:
                    rnd.discard(actor, tile)
                run = 0
                continue
            if tag == "GO":
                gtype = _number(a, "type", 0, 0xFFFF) if "type" in a else 0
                game = _Game(3 if gtype & 0x10 else 4, not gtype & 0x02, not gtype & 0x04)
            elif tag == "INIT":
                rnd = _Round(a, game.players)
                hand_index += 1
                run = 0
            elif rnd is None:
                continue
            elif tag == "REACH":
                rnd.reach(_seat(a, "who", game.players), _number(a, "step", 1, 2))
                run = 0
            elif tag == "N":
                m_code = _number(a, "m", 0, 0xFFFF)
                who = _seat(a, "who", game.players)
                rnd.call(who, _meld(m_code, game)[1])
                run = 0
            elif tag == "AGARI":
                run += 1
                if run == 1:
                    group += 1
                elif run >= game.players:
                    raise _Bad(None, f"win {run} on one discard (at most {game.players - 1} with {game.players} players)")
                yield tag, index, group, hand_index, rnd, game, _agari(a, rnd, game, f"{source}#{hand_index}")
            elif tag == "RYUUKYOKU":
                run = 0
                group += 1
                yield tag, index, group, hand_index, rnd, game, _ryuukyoku(a, rnd, game)
        except _Bad as e:
            raise _event_error(source, index, tag, e) from None


def _event_error(source: str, index: int, tag: str, e: _Bad) -> MjlogError:
    where = f"{source}: event {index} <{_echo(tag)}>"
    return MjlogError(f"{where} {e.attr}: {e.message}" if e.attr else f"{where}: {e.message}", index, tag, e.attr)


def _meld(code: int, game: _Game) -> Tuple[str, str]:
    """(contract meld text, kind) of a meld code; ("", "kita") for a three-player kita."""
    if is_kita(code):
        if game.players == 4:
            raise _Bad("m", f"meld code {code} is a kita (a North set aside), which only three-player games have")
        return "", "kita"
    try:
        text, kind, _ids = decode_meld(code, game.reds)
    except ValueError as e:
        raise _Bad("m", str(e)) from None
    return text, kind


def _ba(a: Dict[str, str]) -> Tuple[int, int]:
    honba, sticks = _count(_numbers(a, "ba"), "ba", 2, 2)
    return _in_range(honba, 0, 10000, "ba", "honba"), _in_range(sticks, 0, 10000, "ba", "riichi sticks")


def _deltas(a: Dict[str, str], players: int) -> List[int]:
    """Each seat's point change as ``sc`` (score, change, ... in hundreds) records it."""
    sc = _numbers(a, "sc")
    if len(sc) not in (2 * players, 8):
        raise _Bad("sc", f"{len(sc)} numbers ({'' if players == 4 else '6 or '}8 expected)")
    return [100 * sc[2 * i + 1] for i in range(players)]


def _agari(a: Dict[str, str], rnd: _Round, game: _Game, source: str) -> Tuple[TenhouWin, int, int, List[int]]:
    """An <AGARI> as (win, honba, riichi sticks, recorded deltas), every attribute checked."""
    players, reds = game.players, game.reds
    who = _seat(a, "who", players)
    from_who = _seat(a, "fromWho", players)
    honba, sticks = _ba(a)
    deltas = _deltas(a, players)
    hai = _tile_ids(a, "hai", 1, 14)
    machi = _tile_ids(a, "machi", 1, 1)[0]
    melds: List[str] = []
    kita = 0
    for code in _count(_numbers(a, "m", required=False), "m", 0, 8):
        text, kind = _meld(_in_range(code, 0, 0xFFFF, "m", "meld code"), game)
        if kind == "kita":
            kita += 1
        else:
            melds.append(text)
    fu, points, limit = _count(_numbers(a, "ten"), "ten", 3, 3)
    _in_range(fu, 0, 10 ** MAX_DIGITS, "ten", "fu")
    _in_range(points, 0, 10 ** MAX_DIGITS, "ten", "points")
    if limit not in _LIMITS:
        raise _Bad("ten", f"limit code {limit} is unknown (0-5)")
    yaku: Dict[str, int] = {}
    pairs = _numbers(a, "yaku", required=False)
    if len(pairs) % 2:
        raise _Bad("yaku", f"{len(pairs)} numbers: not (id, han) pairs")
    for i in range(0, len(pairs), 2):
        key = TENHOU_YAKU.get(pairs[i])
        if key is None:
            raise _Bad("yaku", f"unknown Tenhou yaku id {pairs[i]} (0-54)")
        han = _in_range(pairs[i + 1], 0, 10 ** MAX_DIGITS, "yaku", "han")
        if han:
            yaku[key] = yaku.get(key, 0) + han
    yakuman_ids = _numbers(a, "yakuman", required=False)
    for y in yakuman_ids:
        key = TENHOU_YAKU.get(y)
        if key is None:
            raise _Bad("yakuman", f"unknown Tenhou yaku id {y} (0-54)")
        yaku[key] = yaku.get(key, 0) + 13
    dora = _tile_ids(a, "doraHai", 0, 5)
    ura = _tile_ids(a, "doraHaiUra", 0, 5)

    tsumo = who == from_who
    seat = _WINDS[(who - rnd.oya) % players]
    first_turn = not rnd.any_call and not rnd.discarded[who]
    last_kind, last_who = rnd.last_event
    request: Dict[str, Any] = {
        "rules": "riichi",
        "hand": _tiles_text(hai, reds),
        "melds": melds,
        "win_tile": tile_text(machi, reds),
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
        "dora_indicators": _tiles_text(dora, reds),
        "ura_indicators": _tiles_text(ura, reds) if rnd.riichi[who] else "",
        "honba": honba,
        "riichi_sticks": sticks,
        "options": {"preset": "tenhou", "red_fives": reds, "open_tanyao": game.open_tanyao},
    }
    if players == 3:
        request["players"] = 3
        request["kita"] = kita
    han = 13 * len(yakuman_ids) if yakuman_ids else sum(yaku.values())
    expected = Expected(han=han, fu=fu, points=points, limit=_LIMITS[limit], yaku=yaku, yakuman=len(yakuman_ids))
    return TenhouWin(request=request, expected=expected, source=source, raw=dict(a)), honba, sticks, deltas


def _ryuukyoku(a: Dict[str, str], rnd: _Round, game: _Game) -> Dict[str, Any]:
    """A <RYUUKYOKU> as a settlement request and its recorded deltas, every attribute checked."""
    honba, sticks = _ba(a)
    deltas = _deltas(a, game.players)
    kind = a.get("type")
    if kind is not None and kind not in _DRAW_TYPES:
        raise _Bad("type", f"unknown draw type '{_echo(kind)}' ({', '.join(_DRAW_TYPES)})")
    tenpai = [i for i in range(game.players) if f"hai{i}" in a]
    settlement: Dict[str, Any] = {"players": game.players, "dealer": rnd.oya, "honba": honba, "riichi_sticks": sticks,
                                  "outcome": "abortive" if kind in _ABORTIVE else "draw", "tenpai": tenpai,
                                  "options": {"preset": "tenhou"}}
    if kind == "nm":
        settlement["outcome"] = "nagashi_mangan"
        settlement["nagashi"] = [i for i in range(game.players) if rnd.nagashi[i] and rnd.discarded[i]]
    return {"settlement": settlement, "deltas": deltas}


def wins_from_text(text: str, source: str = "") -> Iterator[TenhouWin]:
    """Every win (four- or three-player) in one mjlog XML text, as it is read. Raises
    :class:`MjlogError` at the first event that is not a well-formed Tenhou event."""
    return _wins(_events(_text_pieces(text), source), source)


def _wins(events: Iterable[Tuple[int, str, Dict[str, str]]], source: str) -> Iterator[TenhouWin]:
    for end in _replay(events, source):
        if end[0] == "AGARI":
            yield end[6][0]


@dataclass
class TenhouHandEnd:
    """One ``<AGARI>`` or ``<RYUUKYOKU>`` tag as a settlement request (docs/records.md).

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


def hand_ends_from_text(text: str, source: str = "") -> Iterator[TenhouHandEnd]:
    """Every hand end of one mjlog XML text, in log order, as settlement requests."""
    return _hand_ends(_events(_text_pieces(text), source), source)


def _hand_ends(events: Iterable[Tuple[int, str, Dict[str, str]]], source: str) -> Iterator[TenhouHandEnd]:
    pending: List[Tuple[int, TenhouWin, int, List[int]]] = []  # the wins on one discard: (event, win, winner, deltas)
    pending_group = 0
    pending_at: Tuple[int, Optional[_Round], _Game, int, int] = (-1, None, _Game(), 0, 0)

    def flush() -> Iterator[TenhouHandEnd]:
        hand_index, rnd, game, honba, sticks = pending_at
        if not pending or rnd is None:
            return
        settlement: Dict[str, Any] = {
            "players": game.players, "dealer": rnd.oya, "honba": honba, "riichi_sticks": sticks, "outcome": "win",
            "wins": [{"winner": who, "from": int(w.raw["fromWho"]), "request": w.request} for _i, w, who, _d in pending],
            "options": {"preset": "tenhou"},
        }
        for index, _w, who, deltas in pending:
            yield TenhouHandEnd(source, hand_index, "win", settlement, who, deltas, index)
        pending.clear()

    try:
        for tag, index, group, hand_index, rnd, game, what in _replay(events, source):
            if pending and group != pending_group:
                yield from flush()
            if tag == "AGARI":
                win, honba, sticks, deltas = what
                if not pending:
                    pending_group = group
                    pending_at = (hand_index, rnd, game, honba, sticks)
                pending.append((index, win, int(win.raw["who"]), deltas))
                continue
            yield TenhouHandEnd(source, hand_index, "draw", what["settlement"], None, what["deltas"], index)
    except MjlogError as e:
        # What was read before the error still counts, but not wins an <AGARI> that cannot be
        # read may have shared a discard with: settled without it, they would settle wrong.
        if e.tag != "AGARI":
            yield from flush()
        raise
    yield from flush()


def read_log(path: Union[str, "os.PathLike[str]"]) -> str:
    """The XML text of one ``.mjlog`` file (plain or gzip-compressed), at most
    MAX_LOG_BYTES however it was compressed; :class:`MjlogError` otherwise. The readers
    below do not hold the text whole: they read the file as a stream."""
    name = os.fspath(path)
    return "".join(_decode(_file_bytes(path, name), name))


def _file_events(path: Union[str, "os.PathLike[str]"]) -> Tuple[Iterator[Tuple[int, str, Dict[str, str]]], str]:
    """A file's events, and the name its events' messages give it (file-level messages give the path)."""
    name = os.fspath(path)
    source = os.path.basename(name)
    return _events(_decode(_file_bytes(path, name), name), source), source


def hand_ends_from_file(path: Union[str, "os.PathLike[str]"]) -> Iterator[TenhouHandEnd]:
    """Every hand end of one ``.mjlog`` file (plain or gzip-compressed XML), as it is read."""
    events, name = _file_events(path)
    return _hand_ends(events, name)


def wins_from_file(path: Union[str, "os.PathLike[str]"]) -> Iterator[TenhouWin]:
    """Every win in one ``.mjlog`` file (plain or gzip-compressed XML), as it is read."""
    events, name = _file_events(path)
    return _wins(events, name)

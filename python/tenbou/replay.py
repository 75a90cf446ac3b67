"""Game records replayed by the core: Tenhou's mjlog XML, tenhou.net/6 JSON and mjai JSON Lines.

``tenbou.replay(path_or_bytes)`` reads one record, a directory of them or an archive, has the
core replay every hand (each win scored from the tracked hand, each hand end settled) and yields
one :class:`HandEnd` per hand end, with the scoring requests and results and what the record
states beside them (docs/records.md):

>>> import tenbou
>>> for hand in tenbou.replay("logs/"):                       # doctest: +SKIP
...     print(hand.game, hand.round, hand.outcome, hand.deltas, hand.agree)

Decompression and archives are this module's business; the core is fed plain bytes in pieces,
so memory stays flat whatever the size of a log or of an archive: gzip, xz and bzip2 streams
(several members one after the other, as ``cat a.gz b.gz`` makes), ``.zip`` archives and
``.tar`` archives (plain or compressed) are read as streams, member after member; a directory is
read in name order, subdirectories included. The format of each record is told from its first
bytes, unless ``format`` names it.
"""
from __future__ import annotations

import bz2
import io
import json
import lzma
import os
import stat
import sys
import tempfile
import zipfile
import zlib
from typing import IO, TYPE_CHECKING, Any, Callable, Dict, Iterable, Iterator, List, NamedTuple, Optional, Tuple, Union

from . import _core
from .errors import RecordError

__all__ = ["replay", "Replay", "Game", "HandEnd", "Win", "RecordedWin", "ReplaySummary", "RecordError", "Input",
           "read_inputs", "FORMATS", "OUTPUTS"]

FORMATS = ("auto", "mjlog", "tenhou6", "mjai")
# What the core writes (records.hpp ReplayOutput): hand-end lines, check lines and the summary,
# the game as tenhou.net/6 JSON or mjai JSON Lines, mjai with each hora annotated.
OUTPUTS = ("hand_ends", "check", "tenhou6", "mjai", "annotate")

# Bytes read, and fed to the core, at a time; compressed bytes read at a time.
PIECE = 1 << 16
_STEP = 1 << 14
# Archives inside archives are read to this depth (a .mjlog.gz in a .tar.xz is depth 1).
MAX_DEPTH = 3

# Inside a directory or an archive, the names read: a record's suffix, or an archive's
# (a record may add a compression suffix). A path given by itself is read whatever its name.
RECORD_SUFFIXES = (".mjlog", ".xml", ".json", ".jsonl", ".mjson", ".log", ".txt")
COMPRESSION_SUFFIXES = (".gz", ".xz", ".bz2")
ARCHIVE_SUFFIXES = (".zip", ".tar", ".tgz", ".txz", ".tbz2", ".tar.gz", ".tar.xz", ".tar.bz2")

# Compressed streams, told by their first bytes: (name, magic, new decompressor).
_CODECS: Dict[str, Tuple[bytes, Callable[[], Any]]] = {
    "gzip": (b"\x1f\x8b", lambda: zlib.decompressobj(16 + zlib.MAX_WBITS)),
    "xz": (b"\xfd7zXZ\x00", lambda: lzma.LZMADecompressor(lzma.FORMAT_XZ)),
    "bzip2": (b"BZh", bz2.BZ2Decompressor),
}
# What a broken archive or stream raises, as the standard library has it.
# (tarfile's TarError is a plain Exception: caught where a tar is read; tarfile is imported there,
# ~2 ms that `import tenbou` does not need to pay).
_READ_ERRORS = (OSError, EOFError, zlib.error, lzma.LZMAError, zipfile.BadZipFile, RuntimeError, NotImplementedError,
                ValueError)


# --- reading: files, directories, archives, compressed streams, standard input ---------------------

class Input:
    """One record to replay: a file, an archive's member or standard input.

    ``name`` is how messages and hand-end lines name it (the file's name, ``dir/sub/a.mjlog``
    relative to a directory given, ``logs.zip:2022/a.mjlog`` for a member); ``out_name`` its path
    under ``--out`` (an archive's name without its suffix for a folder, compression suffixes
    dropped). ``pieces()`` gives its bytes, decompressed, a piece at a time; it raises
    :class:`RecordError` for a file that cannot be read or a broken stream."""

    __slots__ = ("name", "out_name", "pieces", "path")

    def __init__(self, name: str, out_name: str, pieces: Callable[[], Iterator[bytes]], path: Optional[str] = None) -> None:
        self.name = name
        self.out_name = out_name
        self.pieces = pieces
        self.path = path  # the file on disk, for a record that is one (not a member, not stdin)

    def __repr__(self) -> str:
        return f"Input({self.name!r}, {self.out_name!r})"


def _failed(name: str, out_name: str, message: str) -> Input:
    def pieces() -> Iterator[bytes]:
        raise RecordError(message)
        yield b""  # pragma: no cover  (a generator: raises when read, as a broken stream does)
    return Input(name, out_name, pieces)


def _read(f: IO[bytes], n: int, name: str) -> bytes:
    try:
        return f.read(n)
    except RecordError:
        raise
    except _READ_ERRORS as e:
        raise RecordError(f"{name}: cannot read: {_why(e)}") from None


def _why(e: BaseException) -> str:
    if isinstance(e, OSError) and e.strerror:
        return e.strerror
    return str(e) or type(e).__name__


def display_name(name: str) -> str:
    """A record's name as the core writes it (JSON lines, messages: UTF-8): a file name that is
    not UTF-8 (Python holds its bytes as surrogate escapes) gets U+FFFD for each such byte."""
    try:
        name.encode("utf-8")
        return name
    except UnicodeEncodeError:
        return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _compression(first: bytes) -> Optional[str]:
    for kind, (magic, _) in _CODECS.items():
        if first.startswith(magic):
            return kind
    return None


def _inflate(f: IO[bytes], name: str, first: bytes, kind: str) -> Iterator[bytes]:
    """The decompressed bytes of a gzip, xz or bzip2 stream (``first``: its first bytes, already
    read), at most PIECE at a time, member after member as gzip and xz read them: zero padding
    after a member is skipped, any other bytes after the last member are an error."""
    magic, make = _CODECS[kind]
    d: Any = None
    data = first
    pending = False  # the decompressor holds output it could not give yet (capped at PIECE)
    while True:
        if d is None:  # a member may start here
            data = data.lstrip(b"\0")
            while len(data) < len(magic):
                more = _read(f, _STEP, name)
                if not more:
                    break
                data = (data + more).lstrip(b"\0")
            if not data:
                return
            if not data.startswith(magic):
                raise RecordError(f"{name}: broken {kind} data: bytes after the {kind} stream that are not a {kind} member")
            d = make()
        if not data and not pending:
            data = _read(f, _STEP, name)
            if not data:
                raise RecordError(f"{name}: broken {kind} data: the stream ends early")
        try:
            out = d.decompress(data, PIECE)
        except (zlib.error, lzma.LZMAError, OSError, EOFError, ValueError) as e:
            raise RecordError(f"{name}: broken {kind} data: {e}") from None
        if kind == "gzip":  # zlib keeps the input it did not read; the others keep it inside
            data = d.unconsumed_tail
            pending = len(out) == PIECE
        else:
            data = b""
            pending = not d.needs_input
        if d.eof:
            data, d, pending = d.unused_data, None, False
        if out:
            yield out


def _plain(f: IO[bytes], name: str, first: bytes) -> Iterator[bytes]:
    chunk = first
    while chunk:
        yield chunk
        chunk = _read(f, PIECE, name)


def _decompressed(f: IO[bytes], name: str) -> Iterator[bytes]:
    """A stream's bytes, decompressed when its first bytes say gzip, xz or bzip2."""
    first = _read(f, _STEP, name)
    kind = _compression(first)
    return _inflate(f, name, first, kind) if kind else _plain(f, name, first)


def _head(pieces: Iterator[bytes], size: int) -> Tuple[bytes, Iterator[bytes]]:
    """The first ``size`` bytes (fewer if the stream is shorter) and the whole stream again."""
    head = b""
    for piece in pieces:
        head += piece
        if len(head) >= size:
            break

    def again() -> Iterator[bytes]:
        if head:
            yield head
        yield from pieces
    return head, again()


class _PieceReader(io.RawIOBase):
    """A file object over pieces of bytes (tarfile's stream mode and the zip spool read it)."""

    def __init__(self, pieces: Iterator[bytes]) -> None:
        self._pieces = pieces
        self._buffer = b""
        self._at = 0

    def readable(self) -> bool:
        return True

    def readinto(self, b: Any) -> int:
        while self._at >= len(self._buffer):
            piece = next(self._pieces, None)
            if piece is None:
                return 0
            self._buffer, self._at = piece, 0
        n = min(len(b), len(self._buffer) - self._at)
        b[:n] = self._buffer[self._at:self._at + n]
        self._at += n
        return n


def _is_zip(head: bytes) -> bool:
    return head[:4] in (b"PK\x03\x04", b"PK\x05\x06")


def _is_tar(head: bytes) -> bool:
    return len(head) >= 512 and head[257:262] == b"ustar"


def _strip_suffix(name: str, suffixes: Iterable[str]) -> str:
    lower = name.lower()
    for s in sorted(suffixes, key=len, reverse=True):
        if lower.endswith(s) and len(name) > len(s):
            return name[:-len(s)]
    return name


def _wanted(member: str) -> bool:
    """Whether a name inside a directory or an archive is read: records and archives, not hidden
    files (``.x``, macOS's ``__MACOSX/`` and ``._x``) nor anything else (a README, a licence)."""
    parts = _safe_member(member).split("/")
    if any(p.startswith(".") or p == "__MACOSX" for p in parts):
        return False
    lower = parts[-1].lower()
    bare = _strip_suffix(lower, COMPRESSION_SUFFIXES)
    return bare.endswith(RECORD_SUFFIXES) or lower.endswith(ARCHIVE_SUFFIXES)


def _safe_member(member: str) -> str:
    """An archive member's path as a relative path: no absolute path, no ``..`` (a name written
    under --out stays inside the directory)."""
    parts = [p for p in member.replace("\\", "/").split("/") if p not in ("", ".", "..")]
    return "/".join(parts)


def _stream_inputs(f: IO[bytes], name: str, out_name: str, depth: int, path: Optional[str] = None) -> Iterator[Input]:
    """The records of one stream: itself, or the members of the archive it holds."""
    try:
        first = _read(f, _STEP, name)
        kind = _compression(first)
        pieces = _inflate(f, name, first, kind) if kind else _plain(f, name, first)
        head, pieces = _head(pieces, 512)
    except RecordError as e:
        yield _failed(name, out_name, e.message)
        return
    if kind:
        out_name = _strip_suffix(out_name, COMPRESSION_SUFFIXES)
    if depth < MAX_DEPTH and (_is_zip(head) or _is_tar(head)):
        folder = _strip_suffix(out_name, ARCHIVE_SUFFIXES)
        if _is_zip(head):
            yield from _zip_inputs(f if (kind is None and path is not None) else None, pieces, name, folder, depth)
        else:
            yield from _tar_inputs(pieces, name, folder, depth)
        return
    consumed = [False]

    def record() -> Iterator[bytes]:
        if consumed[0]:
            raise RecordError(f"{name}: a stream is read once")
        consumed[0] = True
        yield from pieces
    yield Input(name, out_name, record, path)


class _Broken:
    """Whether an archive's stream broke while a member was read (then reported once, by it)."""

    def __init__(self) -> None:
        self.broken = False


def _member(f: IO[bytes], name: str, out_name: str, depth: int, state: _Broken) -> Iterator[Input]:
    for item in _stream_inputs(f, name, out_name, depth + 1):  # no path: a member is no file
        inner = item.pieces

        def pieces(inner: Callable[[], Iterator[bytes]] = inner) -> Iterator[bytes]:
            try:
                yield from inner()
            except RecordError:
                state.broken = True
                raise
        yield Input(item.name, item.out_name, pieces)


def _tar_inputs(pieces: Iterator[bytes], name: str, folder: str, depth: int) -> Iterator[Input]:
    import tarfile

    state = _Broken()
    try:
        tar = tarfile.open(fileobj=_PieceReader(pieces), mode="r|")
        for info in tar:
            if not info.isfile() or not _wanted(info.name):
                continue
            member = _safe_member(info.name)
            data = tar.extractfile(info)
            if data is None or not member:
                continue
            yield from _member(data, f"{name}:{member}", f"{folder}/{member}", depth, state)
            if state.broken:
                return
    except RecordError as e:
        if not state.broken:
            yield _failed(name, folder, e.message)
    except (tarfile.TarError, *_READ_ERRORS) as e:
        if not state.broken:
            yield _failed(name, folder, f"{name}: broken tar archive: {_why(e)}")


def _zip_inputs(f: Optional[IO[bytes]], pieces: Iterator[bytes], name: str, folder: str, depth: int) -> Iterator[Input]:
    """A zip archive's members in their order. Its directory is at its end: a file is read in
    place; a stream (standard input, a compressed zip, a member) is spooled to a temporary file."""
    state = _Broken()
    spool: Optional[IO[bytes]] = None
    try:
        if f is not None:
            f.seek(0)
            source: IO[bytes] = f
        else:
            spool = tempfile.TemporaryFile()
            for piece in pieces:
                spool.write(piece)
            source = spool
        with zipfile.ZipFile(source) as zf:
            for info in zf.infolist():
                if info.is_dir() or not _wanted(info.filename):
                    continue
                member = _safe_member(info.filename)
                if not member:
                    continue
                try:
                    data = zf.open(info)
                except _READ_ERRORS as e:
                    yield _failed(f"{name}:{member}", f"{folder}/{member}", f"{name}:{member}: cannot read: {_why(e)}")
                    continue
                with data:
                    yield from _member(data, f"{name}:{member}", f"{folder}/{member}", depth, state)
                state.broken = False  # a zip's members are independent: a bad one does not break the next
    except RecordError as e:
        yield _failed(name, folder, e.message)
    except _READ_ERRORS as e:
        yield _failed(name, folder, f"{name}: broken zip archive: {_why(e)}")
    finally:
        if spool is not None:
            spool.close()


def directory_files(root: str) -> List[str]:
    """A directory's records and archives (paths relative to it, with "/"), in name order,
    subdirectories included: what ``tenbou replay DIR`` reads (and ``tenbou.records.to_dask``
    spreads over its partitions)."""
    found: List[str] = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d != "__MACOSX")
        for f in filenames:
            rel = os.path.relpath(os.path.join(dirpath, f), root).replace(os.sep, "/")
            if _wanted(rel):
                found.append(rel)
    return sorted(found)


def _directory_inputs(root: str, top: str) -> Iterator[Input]:
    """A directory's records and archives, in name order, subdirectories included."""
    for rel in directory_files(root):
        yield from _file_inputs(os.path.join(root, rel), f"{top}{rel}", rel)


def _file_inputs(path: str, name: str, out_name: str) -> Iterator[Input]:
    try:
        f = open(path, "rb")
    except OSError as e:
        yield _failed(path, out_name, f"{path}: cannot read: {_why(e)}")
        return
    with f:
        yield from _stream_inputs(f, name, out_name, 0, path)


def read_inputs(paths: Iterable[Union[str, "os.PathLike[str]"]], stdin: Optional[IO[bytes]] = None) -> Iterator[Input]:
    """Every record of the paths the command line gives, in order: files (plain or compressed),
    directories (their records and archives, in name order), archives (their members), ``-``
    for standard input. A path that cannot be read gives an :class:`Input` whose ``pieces()``
    raises its error: the others are still read."""
    for p in paths:
        path = os.fspath(p)
        if path == "-":
            yield from _stream_inputs(stdin if stdin is not None else sys.stdin.buffer, "stdin", "stdin", 0)
            continue
        try:
            is_dir = stat.S_ISDIR(os.stat(path).st_mode)
        except OSError as e:
            yield _failed(path, os.path.basename(path), f"{path}: cannot read: {_why(e)}")
            continue
        if is_dir:
            yield from _directory_inputs(path, "")
        else:
            base = os.path.basename(path)
            yield from _file_inputs(path, base, base)


def _inputs_of(source: Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, IO[bytes]],
               name: Optional[str]) -> Iterator[Input]:
    if isinstance(source, (bytes, bytearray, memoryview)):
        label = name or "record"
        return _stream_inputs(io.BytesIO(bytes(source)), label, label, 0)
    if isinstance(source, (str, os.PathLike)):
        return read_inputs([source])
    label = name or os.path.basename(str(getattr(source, "name", "") or "record"))
    return _stream_inputs(source, label, label, 0)


# --- the core's replay ---------------------------------------------------------------------------

class ReplaySummary:
    """Counts over what was replayed: games, hand ends and wins, and how many agree with the record."""

    __slots__ = ("games", "hands", "hands_agree", "wins", "wins_agree")

    def __init__(self, games: int = 0, hands: int = 0, hands_agree: int = 0, wins: int = 0, wins_agree: int = 0) -> None:
        self.games = games
        self.hands = hands
        self.hands_agree = hands_agree
        self.wins = wins
        self.wins_agree = wins_agree

    def __repr__(self) -> str:
        return ("ReplaySummary(" + ", ".join(f"{k}={getattr(self, k)}" for k in self.__slots__) + ")")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ReplaySummary) and all(getattr(self, k) == getattr(other, k) for k in self.__slots__)

    def set(self, before: "ReplaySummary", counts: Dict[str, int]) -> None:
        """``before`` plus a replay's counts (the core's summary)."""
        for k in self.__slots__:
            setattr(self, k, getattr(before, k) + counts[k])

    def add(self, other: "ReplaySummary") -> None:
        self.games += other.games
        self.hands += other.hands
        self.hands_agree += other.hands_agree
        self.wins += other.wins
        self.wins_agree += other.wins_agree

    @property
    def text(self) -> str:
        """``N of M hands agree``, as the check's summary line says it."""
        return f"{self.hands_agree} of {self.hands} hands agree"


def _check_format(format: str) -> str:
    """As the binding (py_replay.cpp) and the JS API word it, before any record is read."""
    if format not in FORMATS:
        raise ValueError(f"replay: format must be 'auto', 'mjlog', 'tenhou6' or 'mjai', got '{format}'")
    return format


def _check_output(output: str) -> str:
    if output not in OUTPUTS:
        raise ValueError(f"replay: output must be 'hand_ends', 'check', 'tenhou6', 'mjai' or 'annotate', got '{output}'")
    return output


def replay_record(record: Input, *, format: str = "auto", output: str = "hand_ends", requests: bool = True,
                  summary: Optional[ReplaySummary] = None) -> Iterator[str]:
    """One record through the core: its bytes fed a piece at a time, the output given as soon as
    the core gives it, a text per piece ("" when the piece completed nothing) and one at the end
    (the check's per-record summary line left out). ``summary`` counts the record's games, hands
    and wins as they are read, on top of what it held (the caller's run so far). Raises
    :class:`RecordError` for a record that cannot be read, after the output that came before."""
    _check_format(format)
    _check_output(output)
    core = _core.Replay(format=format, output=output, source=display_name(record.name), with_requests=requests)
    before = ReplaySummary()
    if summary is not None:
        before.add(summary)

    def count() -> None:
        if summary is not None:
            summary.set(before, core.summary)

    try:
        try:
            for piece in record.pieces():
                text = core.feed(piece)
                count()
                yield text  # "" too: a caller showing progress hears of every piece
            text = core.finish()
        except RecordError as e:
            if e.output:  # what the core completed before the error stays valid
                yield e.output
                e.output = ""
            raise
        if output == "check" and text:  # its last line is the record's own summary
            text = text[:text.rfind("\n", 0, len(text) - 1) + 1]
        if text:
            yield text
    finally:
        count()


class RecordedWin(NamedTuple):
    """What a record states about one win (the parts its format carries)."""

    han: Optional[int]
    fu: Optional[int]
    points: Optional[int]
    limit: Optional[str]
    yakuman: int
    yaku: Dict[str, int]


class Win(NamedTuple):
    """One win of a hand end: the request the core built from the tracked hand, its result (the
    contract's result object, as ``tenbou.score_json`` gives it), this win's settled point
    changes, and what the record states beside them. ``from_`` is the payer (the winner on tsumo).
    With ``requests=False`` the request is None and the result the short score the check compares
    (``han``, ``fu``, ``points``, ``limit``, ``yakuman``, ``yaku`` as ``{key: han}``)."""

    winner: int
    from_: int
    pao: Optional[int]
    request: Optional[Dict[str, Any]]
    result: Optional[Dict[str, Any]]
    deltas: Optional[List[int]]
    recorded_deltas: Optional[List[int]]
    recorded: Optional[RecordedWin]
    agree: bool
    event: Optional[int] = None

    @property
    def tsumo(self) -> bool:
        return self.winner == self.from_


class HandEnd(NamedTuple):
    """One hand end as the core replayed it (records.hpp's hand-end line): where it is (``game``,
    ``hand`` from 0, ``round`` such as ``"E1"``, ``event`` in the record), the table (players,
    dealer, honba, deposits), the ``outcome`` (``"win"``, ``"draw"``, ``"nagashi_mangan"``,
    ``"abortive"``), the wins, each seat's settled point change beside the recorded one, and
    whether everything agrees with the record. ``line`` is the line itself, as a dict."""

    game: str
    hand: int
    round: str
    players: int
    dealer: int
    honba: int
    deposits: int
    outcome: str
    wins: List[Win]
    deltas: Optional[List[int]]
    recorded_deltas: Optional[List[int]]
    agree: bool
    event: Optional[int] = None
    settle_error: Optional[str] = None
    line: Optional[Dict[str, Any]] = None

    @staticmethod
    def from_line(line: Dict[str, Any]) -> "HandEnd":
        wins = []
        for w in line.get("wins") or []:
            rec = w.get("recorded")
            recorded = None if rec is None else RecordedWin(rec.get("han"), rec.get("fu"), rec.get("points"),
                                                            rec.get("limit"), rec.get("yakuman", 0), rec.get("yaku", {}))
            wins.append(Win(w["winner"], w["from"], w.get("pao"), w.get("request"), w.get("result"), w.get("deltas"),
                            w.get("recorded_deltas"), recorded, w.get("agree", True), w.get("event")))
        return HandEnd(line["game"], line["hand"], line.get("round", ""), line.get("players", 4), line.get("dealer", 0),
                       line.get("honba", 0), line.get("deposits", 0), line.get("outcome", ""), wins, line.get("deltas"),
                       line.get("recorded_deltas"), line.get("agree", True), line.get("event"), line.get("settle_error"),
                       line)


class Game(NamedTuple):
    """One game's hand ends, in order (a record holds one game, or several: a tenhou.net/6 list,
    an mjai stream of several ``start_game``; then ``name`` is ``source#index``)."""

    name: str
    hands: List[HandEnd]

    @property
    def agree(self) -> bool:
        return all(h.agree for h in self.hands)


class Replay:
    """The hand ends of one or several records, replayed as they are read (see :func:`replay`).

    Iterating gives :class:`HandEnd` objects; :meth:`games` groups them by game; :meth:`lines`
    gives the core's output lines of any kind (hand-end lines, check lines, the game as
    tenhou.net/6 or mjai, mjai annotated). ``summary`` counts what was replayed so far;
    ``errors`` holds the records that could not be read when ``errors="skip"``."""

    def __init__(self, source: Any, *, format: str = "auto", name: Optional[str] = None, requests: bool = True,
                 errors: str = "raise") -> None:
        if errors not in ("raise", "skip"):
            raise ValueError(f"errors: {errors!r} is not 'raise' or 'skip'")
        self._source = source
        self._format = _check_format(format)
        self._name = name
        self._requests = requests
        self._skip = errors == "skip"
        self._started = False
        self.summary = ReplaySummary()
        self.errors: List[RecordError] = []

    def lines(self, output: str = "hand_ends") -> Iterator[str]:
        """The core's output, a line at a time (without the newline): ``output`` is one of
        ``hand_ends``, ``check`` (the lines that differ, then one summary line for everything
        read), ``tenhou6``, ``mjai``, ``annotate`` (mjai records only). A source is read once."""
        _check_output(output)
        if self._started:
            raise RuntimeError("a replay is read once: call tenbou.replay() again")
        self._started = True
        rest = ""  # a line's start, until its end comes
        for record in _inputs_of(self._source, self._name):
            try:
                for text in replay_record(record, format=self._format, output=output, requests=self._requests,
                                          summary=self.summary):
                    text = rest + text
                    cut = text.rfind("\n") + 1
                    rest = text[cut:]
                    yield from text[:cut - 1].split("\n") if cut else ()
            except RecordError as e:
                if not self._skip:
                    raise
                self.errors.append(e)
            if rest:
                yield rest
                rest = ""
        if output == "check":
            s = self.summary
            yield json.dumps({"summary": True, "games": s.games, "hands": s.hands, "agree": s.hands_agree, "wins": s.wins,
                              "wins_agree": s.wins_agree, "text": s.text}, separators=(",", ":"))

    def __iter__(self) -> Iterator[HandEnd]:
        for line in self.lines("hand_ends"):
            yield HandEnd.from_line(json.loads(line))

    def games(self) -> Iterator[Game]:
        game: Optional[Game] = None
        for hand in self:
            if game is not None and hand.game != game.name:
                yield game
                game = None
            if game is None:
                game = Game(hand.game, [])
            game.hands.append(hand)
        if game is not None:
            yield game


def replay(source: Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, IO[bytes]], *, format: str = "auto",
           name: Optional[str] = None, requests: bool = True, errors: str = "raise") -> Replay:
    """Replay game records: ``source`` is a path (a record, plain or compressed; a directory; a
    zip or tar archive), the bytes of one, or a binary file object. ``format`` is ``"auto"``
    (told from each record's first bytes), ``"mjlog"``, ``"tenhou6"`` or ``"mjai"``; ``name`` is
    what messages call bytes or a file object; ``requests=False`` leaves each win's request and
    result out of the hand ends (faster). A record that cannot be read raises
    :class:`RecordError` after the hand ends read before its error, or with ``errors="skip"``
    is kept in ``.errors`` and the next record is read."""
    return Replay(source, format=format, name=name, requests=requests, errors=errors)

"""Adapter: a tenbou request -> the PyPI `mahjong` package (test dependency only).

`score_with_mahjong` returns a dict shaped like the fields we compare, or raises
`Unrepresentable` for a request that package cannot express faithfully.
"""
from __future__ import annotations

from typing import Any, Dict, List

from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld

from tenbou.mjlog import decode_meld  # noqa: F401  (same tile-id convention: reds are copy 0)

WINDS = "ESWN"
YAKU_KEYS = {
    "Tsumo": "menzen_tsumo", "Riichi": "riichi", "DaburuRiichi": "double_riichi", "Ippatsu": "ippatsu",
    "Chankan": "chankan", "Rinshan": "rinshan", "Haitei": "haitei", "Houtei": "houtei", "Pinfu": "pinfu",
    "Tanyao": "tanyao", "Iipeiko": "iipeikou", "Haku": "haku", "Hatsu": "hatsu", "Chun": "chun",
    "Chiitoitsu": "chiitoitsu", "Chantai": "chanta", "Ittsu": "ittsu", "Sanshoku": "sanshoku",
    "SanshokuDoukou": "sanshoku_doukou", "SanKantsu": "sankantsu", "Toitoi": "toitoi", "Sanankou": "sanankou",
    "Shosangen": "shousangen", "Honroto": "honroutou", "Ryanpeikou": "ryanpeikou", "Junchan": "junchan",
    "Honitsu": "honitsu", "Chinitsu": "chinitsu", "Renhou": "renhou", "Tenhou": "tenhou", "Chiihou": "chiihou",
    "Daisangen": "daisangen", "Suuankou": "suuankou", "SuuankouTanki": "suuankou_tanki",
    "Tsuuiisou": "tsuuiisou", "Ryuuiisou": "ryuuiisou", "Chinroutou": "chinroutou", "ChuurenPoutou": "chuuren",
    "DaburuChuurenPoutou": "junsei_chuuren", "KokushiMusou": "kokushi", "DaburuKokushiMusou": "kokushi_13",
    "DaiSuushii": "daisuushi", "Shousuushii": "shousuushi", "Suukantsu": "suukantsu", "Dora": "dora",
    "AkaDora": "aka_dora", "UraDora": "ura_dora",
}


class Unrepresentable(Exception):
    pass


def _kinds(text: str) -> List[tuple]:
    out, digits = [], []
    for ch in text:
        if ch.isdigit():
            digits.append(int(ch))
        elif ch in "mpsz":
            s = "mpsz".index(ch)
            for d in digits:
                out.append((s * 9 + (4 if d == 0 else d - 1), d == 0))
            digits = []
    return out


class _Ids:
    """Hands out distinct 136-ids; copy 0 of a five is the red one (as in Tenhou and `mahjong`)."""

    def __init__(self) -> None:
        self.used: Dict[int, List[int]] = {}

    def take(self, kind: int, red: bool) -> int:
        used = self.used.setdefault(kind, [])
        is_five = kind < 27 and kind % 9 == 4
        if red:
            copy = 0
            if 0 in used:
                raise Unrepresentable("two red fives")
        else:
            choices = [c for c in (1, 2, 3, 0) if c not in used]
            copy = choices[0]
            if is_five and copy == 0:
                raise Unrepresentable("four plain fives: `mahjong` would read one as red")
        used.append(copy)
        return kind * 4 + copy


def rules_for(preset: str) -> OptionalRules:
    if preset == "tenhou":
        return OptionalRules(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False,
                             kazoe_limit=HandConstants.KAZOE_LIMITED, kiriage=False, fu_for_open_pinfu=True)
    if preset == "mahjongsoul":
        return OptionalRules(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=True,
                             kazoe_limit=HandConstants.KAZOE_LIMITED, kiriage=False, fu_for_open_pinfu=True)
    raise ValueError(preset)


def score_with_mahjong(req: Dict[str, Any], preset: str = "tenhou") -> Dict[str, Any]:
    ids = _Ids()
    hand_ids = []
    win_kind, win_red = _kinds(req["win_tile"])[0]
    win_id = None
    for kind, red in _kinds(req["hand"]):
        i = ids.take(kind, red)
        hand_ids.append(i)
        if win_id is None and kind == win_kind and red == win_red:
            win_id = i
    melds = []
    all_ids = list(hand_ids)
    for m in req.get("melds", []):
        kind_name, tiles = m.split(":")
        m_ids = [ids.take(k, r) for k, r in _kinds(tiles)]
        all_ids += m_ids
        meld_type = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN, "kakan": Meld.SHOUMINKAN, "ankan": Meld.KAN}[kind_name]
        melds.append(Meld(meld_type=meld_type, tiles=m_ids, opened=kind_name != "ankan"))
    dora = [ids.take(k, r) for k, r in _kinds(req.get("dora_indicators", ""))]
    ura = [ids.take(k, r) for k, r in _kinds(req.get("ura_indicators", ""))]
    config = HandConfig(
        is_tsumo=bool(req.get("tsumo") or req.get("tenhou") or req.get("chiihou")),
        is_riichi=bool(req.get("riichi") and not req.get("double_riichi")),
        is_daburu_riichi=bool(req.get("double_riichi")),
        is_ippatsu=bool(req.get("ippatsu")),
        is_rinshan=bool(req.get("rinshan")),
        is_chankan=bool(req.get("chankan")),
        is_haitei=bool(req.get("haitei")),
        is_houtei=bool(req.get("houtei")),
        is_tenhou=bool(req.get("tenhou")),
        is_chiihou=bool(req.get("chiihou")),
        player_wind=EAST + WINDS.index(req.get("seat_wind", "E")),
        round_wind=EAST + WINDS.index(req.get("round_wind", "E")),
        kyoutaku_number=req.get("riichi_sticks", 0),
        tsumi_number=req.get("honba", 0),
        options=rules_for(preset),
    )
    r = HandCalculator.estimate_hand_value(all_ids, win_id, melds=melds, dora_indicators=dora,
                                           config=config, ura_dora_indicators=ura)
    if r.error:
        return {"ok": False, "error": r.error}
    cost = r.cost
    value = cost["main"] + (2 * cost["additional"] if config.is_tsumo and not config.is_dealer else
                            2 * cost["additional"] if config.is_tsumo else 0)
    if config.is_tsumo and config.is_dealer:
        value = 3 * cost["main"]
    yaku: Dict[str, int] = {}
    for y in r.yaku:
        cls = type(y).__name__
        key = "seat_wind" if cls.startswith("SeatWind") else "round_wind" if cls.startswith("RoundWind") else YAKU_KEYS[cls]
        han = y.han_open if r.is_open_hand else y.han_closed
        if key in ("seat_wind", "round_wind") and key in yaku:
            han += yaku[key]
        yaku[key] = han
    return {"ok": True, "han": r.han, "fu": r.fu, "value": value, "total": cost["total"], "yaku": yaku,
            "limit": cost["yaku_level"]}

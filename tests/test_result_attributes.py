"""tenbou.Result's attributes read by name (py_result.cpp result_getattro): the same values as
the descriptors give, failures raising as before, and any change to the class seen at once."""
import tenbou

WIN = {"hand": "123m456p789s11z234m", "win_tile": "2m", "riichi": True}
NAMES = ["ok", "method", "rules", "error", "han", "fu", "yakuman", "total", "limit", "wait", "yaku",
         "honba_bonus", "sticks_bonus"]


def test_every_attribute_reads_as_its_descriptor():
    r = tenbou.score(dict(WIN, honba=1, riichi_sticks=1))
    for name in NAMES:
        descriptor = tenbou._core.Result.__dict__[name]
        assert getattr(r, name) == descriptor.__get__(r, type(r)), name


def test_a_failure_raises_as_before():
    r = tenbou.score(dict(WIN, hand="123m456p789s11z235m"))
    assert r.ok is False and r.error["code"] == "not_winning"
    for name in ("han", "fu", "total", "yaku"):
        try:
            getattr(r, name)
        except AttributeError as e:
            assert "not ok (not_winning)" in str(e)
        else:
            raise AssertionError(name)


def test_a_change_to_the_class_is_seen_at_once():
    r = tenbou.score(WIN)
    assert r.han == 1
    tenbou.Result.han = property(lambda self: "patched")
    try:
        assert r.han == "patched"
        assert tenbou.score(WIN).han == "patched"
    finally:
        del tenbou.Result.han
    assert r.han == 1


def test_other_families_and_names_take_the_generic_path():
    k = tenbou.score({"rules": "korean", "hand": "123m456p789p11z234m", "win_tile": "2m"})
    assert type(k).__name__ == "KoreanResult"
    assert k.yaku == k.yaku  # its own Python property
    r = tenbou.score(WIN)
    assert r.as_dict()["han"] == r.han
    assert getattr(r, "h" + "an".upper().lower()) == 1  # a name that is not interned

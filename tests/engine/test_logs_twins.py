"""Two statements one word apart ("Order <*> accepted from <*>", "Order <*> rejected from
<*>") are two templates with their own exact counts, in the whole log and however it is
cut; a variable that takes many words, a status whose word sets its level, and a name with
punctuation inside stay one template.
"""

from __future__ import annotations

from gapless.engine.extractive.logs import twins
from gapless.engine.extractive.logs.templates import Tally, canonical
from tests.support.helpers import clock, cycled_log, levelled_scan, read_alike_in_pieces

_WORDS = ["alpha", "billing", "cart", "delta", "export", "frontend", "gamma", "invoice",
          "ledger", "media", "orders", "payments", "reports", "search", "users", "worker"]


def _forms(*entries: tuple[str, int, int]) -> list[Tally]:
    """Distinct masked messages with their records and warnings."""
    return [Tally(text, count, None, None, 0, warnings) for text, count, warnings in entries]


def _mined(forms: list[Tally]) -> dict[str, int]:
    merged, past, where = canonical(forms, of_forms=True)
    assert past == 0 and set(where) == {f.template for f in forms}
    assert sum(t.count for t in merged) == sum(f.count for f in forms)
    return {t.template: t.count for t in merged}


def test_two_words_taking_turns_on_many_records_are_two_events() -> None:
    mined = _mined(_forms(("Order <*> accepted from <*>", 260, 0),
                          ("Order <*> rejected from <*>", 240, 0)))
    assert mined == {"Order <*> accepted from <*>": 260, "Order <*> rejected from <*>": 240}
    s = "pam_unix(sshd:session): session {} for user <*> by (uid=<*>)"
    mined = _mined(_forms((s.format("opened"), 190, 0), (s.format("closed"), 180, 0)))
    assert mined == {s.format("opened"): 190, s.format("closed"): 180}


def test_many_words_a_status_of_its_level_a_name_and_few_records_stay_one() -> None:
    # a variable of sixteen words
    mined = _mined(_forms(*((f"Refreshed cache for {w} in <*>", 30, 0) for w in _WORDS)))
    assert mined == {"Refreshed cache for <*> in <*>": 480}
    # a status the program fills in, its level from the word
    mined = _mined(_forms(("finished streaming call with code OK", 490, 0),
                          ("finished streaming call with code Canceled", 80, 80)))
    assert mined == {"finished streaming call with code <*>": 570}
    # names of their own kind (punctuation inside)
    mined = _mined(_forms(("Received alert: state_changed_alert for torrent <*>", 440, 0),
                          ("Received alert: tracker_reply_alert for torrent <*>", 330, 0)))
    assert mined == {"Received alert: <*> for torrent <*>": 770}
    # two words on fewer records may be a variable's two values (two users)
    mined = _mined(_forms(("Order <*> placed by ann for <*> EUR", 50, 0),
                          ("Order <*> placed by bob for <*> EUR", 50, 0)))
    assert mined == {"Order <*> placed by <*> for <*> EUR": 100}


def test_the_place_is_a_value_place_of_two_words_of_letters() -> None:
    name = ["Order", "<*>", "<*>", "from", "<*>"]
    members = [["Order", "<*>", "accepted", "from", "<*>"],
               ["Order", "<*>", "rejected", "from", "<*>"]]
    assert twins.place(name, members, [300, 290], [(0, 0), (0, 0)]) == (
        2, {"accepted": [0], "rejected": [1]})
    assert twins.place(name, members, [300, 290], [(300, 0), (0, 0)]) is None
    assert twins.place(name, members, [300, 90], [(0, 0), (0, 0)]) is None


def _line(k: int, level: str, message: str) -> str:
    return (f"2024-03-01 {clock(k * 3)},{k % 1000:03d} {level:<5} [main] shop.orders: "
            f"{message.format(n=1000 + k % 997, ip=f'10.0.{k % 200}.{k % 250 + 1}', w=_WORDS[k * 7 % 16])}")


_TABLE = [("INFO", "Order {n} accepted from {ip}"),
          ("INFO", "Refreshed cache for {w} in {n} ms"),
          ("INFO", "Order {n} rejected from {ip}"),
          ("WARN", "Payment {n} declined by gateway"),
          ("INFO", "Order {n} accepted from {ip}")]


def test_twins_are_counted_apart_in_the_whole_log_and_its_pieces() -> None:
    text, _, _ = cycled_log(_TABLE, 1500, 1, _line)
    fmt, stats = levelled_scan(text, 1500)
    counts = {t.template: t.count for t in stats.templates}
    assert counts["Order <*> accepted from <*>"] == 600
    assert counts["Order <*> rejected from <*>"] == 300
    assert counts["Refreshed cache for <*> in <*>"] == 300
    read_alike_in_pieces(text, fmt)

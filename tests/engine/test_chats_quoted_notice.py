"""A messenger's notice that quotes the name it narrates (``"Marco Rossi" recalled a
message``) in a record whose speaker field holds no name (a flag of one's own messages) is
the app's notice, listed neither as an ask nor as done; a person's words that open with a
name in quotes that is no field of the record stay words."""

from __future__ import annotations

import csv
import io
import json

from gapless.engine.sources.narrated_notice import narrates
from gapless.tui.cli.main import main
from tests.support.helpers import TRIP

NOTICE = '"Marco Rossi" recalled a message'
STICKER = ('<msg><emoji fromusername="wxid_marco" tousername="wxid_lena" type="2" '
           'md5="a3c9e2f1b4d6c8e0a2f4b6d8c0e2a4f6" len="38211" productid="" /></msg>')
PHOTO = ('<?xml version="1.0"?>\n<msg>\n\t<img aeskey="6b7a3f0c2d9e41a58c1f0b7e2a94d3c6" '
         'encryver="1" cdnthumblength="4120" length="283101" />\n</msg>')


def test_a_notice_quoting_the_one_it_narrates_is_no_ask_nor_done(tmp_path, capsys):
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["localId", "TalkerId", "Type", "SubType", "IsSender", "CreateTime", "Status",
                "StrContent", "StrTime", "Remark", "NickName", "Sender"])
    for k, (mine, text) in enumerate(TRIP):
        when, ts = f"2024-04-20 18:{2 + 3 * k:02d}:11", 1713607320 + 190 * k
        w.writerow([2 * k + 1, "wxid_marco", 1, 0, int(mine), ts, 2, text, when, "Marco",
                    "Marco Rossi", "wxid_lena" if mine else "wxid_marco"])
        if k == 1:  # a sticker and a photo: markup, no words
            w.writerow([20 + k, "wxid_marco", 47, 0, 0, ts + 20, 2, STICKER, when, "Marco",
                        "Marco Rossi", "wxid_marco"])
        if k == 2:
            w.writerow([30 + k, "wxid_marco", 3, 0, 1, ts + 35, 2, PHOTO, when, "Marco",
                        "Marco Rossi", "wxid_lena"])
        if k == 4:
            w.writerow([40 + k, "wxid_marco", 10000, 0, 0, ts + 50, 4, NOTICE, when,
                        "Marco", "Marco Rossi", ""])
    f = tmp_path / "Marco.csv"
    f.write_text(out.getvalue(), encoding="utf-8")
    assert main(["summarize", str(f), "--json", "--db", str(tmp_path / "s.db")]) == 0
    entry = json.loads(capsys.readouterr()[0])["entry"]
    assert entry["summary"].startswith("Asked:")
    assert "recalled" not in entry["summary"] and "recalled" not in entry["headline"]


def test_only_a_quoted_name_of_the_records_own_fields_is_narrated():
    assert narrates("false", NOTICE, ["Marco Rossi", "wxid_marco", NOTICE])
    assert narrates(None, "\u201cMarco\u201d recalled a message", ["Marco"])
    # the quoted name is no value of the record: a person's words
    assert not narrates("false", '"Marco Rossi" recalled a message', ["Lena", "wxid_lena"])
    # a question, or a long sentence, is no notice
    assert not narrates("false", '"Marco Rossi" said what about the hotel?', ["Marco Rossi"])
    # an unquoted name still needs its space before the verb
    assert not narrates("Sam", "Samantha is here now", [])
    assert narrates("Sam Ortiz", "Sam Ortiz left the group", [])

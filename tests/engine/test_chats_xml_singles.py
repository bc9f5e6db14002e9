"""XML nests a child that is never repeated as an element inside its parent, where JSON
writes one field: read as a list of one, every such level counted twice and a server's
export (a host, its user, the user's archive, then the messages, each forwarded in a
wrapper) put its messages too deep to be found. A child tag that no parent of its tag ever
repeats is read as one object; a tag repeated anywhere stays a list everywhere."""

from __future__ import annotations

from gapless.engine.sources.xml_records import xml_document
from tests.support.helpers import summarized

TURNS = [(True, "hey, my deploy keeps failing with 'health check on port 8080 timed out', any "
                "idea what to check?"),
         (False, "Your app probably listens on 127.0.0.1; bind to 0.0.0.0:8080."),
         (True, "fixed. how do I make the release command run the database migrations first?"),
         (False, "Add release_command = 'python manage.py migrate' under [deploy]."),
         (True, "perfect, last thing: can I keep one machine always running so the first "
                "request isn't slow?"),
         (False, "Yes: set min_machines_running = 1 under [http_service].")]


def _export() -> str:
    out = ["<?xml version='1.0' encoding='UTF-8'?>", "<server-data xmlns='urn:xmpp:pie:0'>",
           "<host jid='chat.example'><user name='sam' password=''>",
           "<query xmlns='jabber:iq:roster'><item jid='support@fly.example' name='Fly'/>"
           "</query><archive xmlns='urn:xmpp:pie:0#mam'>"]
    for k, (mine, text) in enumerate(TURNS):
        frm, to = ("sam@chat.example/laptop", "support@fly.example") if mine else (
            "support@fly.example/desk", "sam@chat.example")
        out.append(f"<result xmlns='urn:xmpp:mam:2' id='r{k}'>"
                   "<forwarded xmlns='urn:xmpp:forward:0'>"
                   f"<delay xmlns='urn:xmpp:delay' stamp='2024-04-20T10:0{k}:00Z'/>"
                   f"<message xmlns='jabber:client' from='{frm}' to='{to}' type='chat'>"
                   f"<body>{text}</body></message></forwarded></result>")
    out.append("</archive></user></host></server-data>")
    return "\n".join(out)


def test_a_servers_export_nesting_its_archive_deep_is_read_as_a_chat(tmp_path, capsys):
    f = tmp_path / "chat.example.xml"
    f.write_text(_export(), encoding="utf-8")
    summary = summarized(tmp_path, f, capsys)
    assert summary.startswith("Asked:")
    asked = summary.split("Done:")[0]
    assert "deploy keeps failing" in asked and "one machine always running" in asked
    assert "bind to 0.0.0.0" not in asked


def test_a_child_repeated_in_any_parent_of_its_tag_stays_a_list():
    doc = xml_document("<smses><mms><parts><part text='a'/></parts></mms>"
                       "<mms><parts><part text='b'/><part text='c'/></parts></mms></smses>")
    assert doc is not None
    assert doc["mms"][0]["parts"] == {"part": [{"text": "a"}]}
    assert doc["mms"][1]["parts"]["part"] == [{"text": "b"}, {"text": "c"}]

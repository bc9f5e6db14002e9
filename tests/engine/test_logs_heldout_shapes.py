"""Log shapes of tools the log kind was not tuned to, each with figures known by
construction (the samples are written here as those tools write them by default):

* records followed by a Python traceback or a Java stack trace with its ``Caused by:``
  chain, whose exception lines name a qualified class (``odoo.exceptions.UserError: …``,
  ``java.lang.IllegalStateException: …``): those lines are no records, so the level column
  of the records is learned all the same;
* a mail queue's upper-case hex ids opening messages (Postfix's ``4F9D195432: removed``):
  a value, so each event is one template with its exact count.
"""

from __future__ import annotations

import collections

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.mask import mask, mask_whole
from tests.support.helpers import common_levels

_MESSAGES = [("INFO", "Started GET \"/orders/{n}\""), ("INFO", "Completed request in {n} ms"),
             ("DEBUG", "Cache miss for key user:{n}"), ("WARNING", "Slow query took {n} ms"),
             ("INFO", "Retrying job {n} attempt 2"), ("ERROR", "Payment gateway timeout"),
             ("INFO", "Scheduled cleanup removed {n} rows")]


def _stamp(k: int) -> str:
    return f"2024-03-01 {k // 3600 % 24:02d}:{k // 60 % 60:02d}:{k % 60:02d}"


def _odoo(records: int) -> tuple[str, collections.Counter[str]]:
    """Odoo's log: "stamp pid LEVEL db logger: message", a traceback after each error."""
    lines, levels = [], collections.Counter[str]()
    for k in range(records):
        level, message = _MESSAGES[(k * 5) % len(_MESSAGES)]
        levels[level] += 1
        lines.append(f"{_stamp(k * 7)},{k * 37 % 1000:03d} {4242 + k % 2} {level} "
                     f"{'shop' if k % 3 else '?'} odoo.addons.sale.models.sale_order: "
                     + message.format(n=k * 131 % 9973))
        if level == "ERROR":
            lines += ["Traceback (most recent call last):",
                      '  File "/opt/odoo/odoo/http.py", line 1584, in _serve_db',
                      "    return service_model.retrying(self._serve_ir_http, self.env)",
                      '  File "/opt/odoo/addons/sale/models/sale_order.py", line 812, in '
                      "action_confirm",
                      "    raise UserError(_('Nothing to confirm'))",
                      "odoo.exceptions.UserError: Nothing to confirm"]
    return "\n".join(lines) + "\n", levels


def _logback(records: int) -> tuple[str, collections.Counter[str]]:
    """logback's default pattern, a stack trace and its cause after each error."""
    lines, levels = [], collections.Counter[str]()
    for k in range(records):
        level, message = _MESSAGES[(k * 5) % len(_MESSAGES)]
        level = "WARN" if level == "WARNING" else level
        levels[level] += 1
        lines.append(f"{_stamp(k * 7)[11:]}.{k * 37 % 1000:03d} [{'main' if k % 2 else 'exec-2'}] "
                     f"{level:<5} c.e.shop.OrderService - " + message.format(n=k * 131 % 9973))
        if level == "ERROR":
            lines += ["java.lang.IllegalStateException: request failed",
                      "\tat com.example.shop.PaymentClient.charge(PaymentClient.java:88)",
                      "\tat com.example.shop.OrderService.place(OrderService.java:41)",
                      "Caused by: java.net.SocketTimeoutException: Read timed out",
                      "\tat java.base/java.net.SocketInputStream.socketRead0(Native Method)",
                      "\t... 12 more"]
    return "\n".join(lines) + "\n", levels


def test_records_between_python_tracebacks_keep_their_level_column() -> None:
    text, levels = _odoo(300)
    assert levels["ERROR"] > 20
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats.records == 300 and stats.lines == text.count("\n")
    assert stats.levels == common_levels(levels) and not stats.levels_inferred
    mined = {t.template: t.count for t in stats.templates}
    assert mined["Payment gateway timeout"] == levels["ERROR"]


def test_records_between_java_stack_traces_with_causes_keep_their_level_column() -> None:
    text, levels = _logback(300)
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats.records == 300
    assert stats.levels == common_levels(levels) and not stats.levels_inferred


_POSTFIX = ["connect from unknown[{ip}]", "{qid}: message-id=<{n}@shop.example>",
            "{qid}: from=<noreply@shop.example>, size={n}, nrcpt=1 (queue active)",
            "{qid}: removed", "disconnect from unknown[{ip}] ehlo=1 mail=1 quit=1 commands=3"]


def test_a_mail_queue_upper_case_hex_id_is_a_value() -> None:
    lines, counts = [], collections.Counter[str]()
    for k in range(400):
        template = _POSTFIX[k * 3 % len(_POSTFIX)]
        counts[template] += 1
        qid = f"{(k * 2654435761) % (1 << 40):010X}"
        qid = qid if any(c.isalpha() for c in qid) else "A" + qid[1:]
        lines.append(f"Mar  1 {_stamp(k * 7)[11:]} mail postfix/smtpd[{1000 + k}]: "
                     + template.format(qid=qid, ip=f"10.0.{k % 256}.{k % 200 + 1}", n=k * 17))
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt == "syslog"
    stats = scan_log(text, fmt).stats
    mined = {t.template: t.count for t in stats.templates}
    assert mined["<*>: removed"] == counts["{qid}: removed"]
    assert mined["<*>: message-id=<*>"] == counts["{qid}: message-id=<{n}@shop.example>"]
    # (a word of hex letters alone, or a short one, stays a word)
    for text_ in ("874E65CC2B: removed", "DEADBEEF code", "E0F1: short", "SHA256 ok"):
        assert mask(text_) == mask_whole(text_)
    assert mask("874E65CC2B: removed") == "<*>: removed"
    assert mask("DEADBEEF code E0F1") == "DEADBEEF code E0F1"

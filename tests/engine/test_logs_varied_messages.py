"""Logs whose messages vary as real ones do, with figures known by construction: a duration
of several units as Go writes one (``3m2s``, ``5m0s``, ``1h2m3.5s``) is one value, so the
kubelet's "back-off 5m0s restarting failed container" and its "duration=\"1m30s\"" are one
template whatever the duration (they were a template per duration); a lone "2m" and a word
holding such digits ("v1.2m3s") are left as they are. A column of one lower-case word on
every line (Ceph's "log" before "[DBG]") is no level column in a piece that opens with a
line cut mid-way either. The figures of the whole equal those of its pieces cut anywhere
and folded.
"""

from __future__ import annotations

from gapless.engine.extractive.logs import detect_format
from gapless.engine.extractive.logs.mask import mask, mask_whole
from tests.support.helpers import (
    common_levels,
    cycled_log,
    levelled_scan,
    read_alike_in_pieces,
)

_DURATIONS = ["3m2s", "5m0s", "1h2m3.5s", "850µs", "12.5ms", "2m30s", "40s", "1h0m0s"]


def test_a_duration_of_several_units_is_one_value() -> None:
    for value in _DURATIONS:
        for text in (f"back-off {value} restarting", f'duration="{value}" freed="1.2 GiB"',
                     f"took {value}"):
            assert mask(text) == mask_whole(text)
            assert value not in mask(text), text
    assert mask("ran 2m then v1.2m3s") == "ran 2m then v1.2m3s"


_KUBELET = [
    ("I", '"SyncLoop (PLEG): event for pod" pod="shop/web-{n}" '
          'event={{"ID":"{uuid}","Type":"ContainerStarted"}}'),
    ("E", '"Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"app\\" '
          'with CrashLoopBackOff: \\"back-off {dur} restarting failed container\\"" '
          'pod="shop/web-{n}"'),
    ("I", '"Image garbage collection succeeded" freed="{n}.5 MiB" duration="{dur}"'),
    ("W", '"Eviction manager: attempting to reclaim" resourceName="ephemeral-storage"'),
    ("I", '"Probe failed" probeType="Readiness" pod="shop/api-{n}" output="Get '
          '\\"http://10.0.{m}.7:8080/healthz\\": context deadline exceeded"'),
]


_CALLERS = ["kubelet.go:2457", "pod_workers.go:1298", "prober.go:107",
            "kuberuntime_manager.go:1031", "reconciler_common.go:258"]


def _kubelet(records: int) -> tuple[str, dict[str, int], dict[str, int]]:
    def line(k: int, level: str, message: str) -> str:
        n = k * 131 % 9973
        body = message.format(n=n, m=k % 250, dur=_DURATIONS[k * 7 % len(_DURATIONS)],
                              uuid=f"{k * 2654435761 % 2**32:08x}-1f2e-4d3c-8b9a-"
                                   f"{k * 40503 % 2**48:012x}")
        return (f"{level}0301 {k // 3600 % 24:02d}:{k // 60 % 60:02d}:{k % 60:02d}."
                f"{k * 7919 % 1000000:06d}    1043 {_CALLERS[k * 7 % 5]}] {body}")
    text, levels, counts = cycled_log(_KUBELET, records, 3, line)
    return text, dict(levels), dict(counts)


def test_the_kubelets_templates_hold_one_per_event_whatever_the_duration() -> None:
    text, levels, counts = _kubelet(600)
    fmt, stats = levelled_scan(text, 600)
    assert stats.levels == common_levels(levels) == {"info": 360, "error": 120,
                                                     "warning": 120}
    mined = sorted(t.count for t in stats.templates)
    assert mined == sorted(counts.values()) == [120] * 5
    backoff = [t for t in stats.templates if "CrashLoopBackOff" in t.template]
    assert len(backoff) == 1 and "back-off <*> restarting" in backoff[0].template
    read_alike_in_pieces(text, fmt)


_CEPH = [("DBG", "pgmap v{n}: 129 pgs: 129 active+clean; {n}.5 MiB data, 3.4 GiB used, "
                 "296 GiB / 300 GiB avail; {m} KiB/s rd, {m} op/s"),
         ("DBG", "osdmap e{n}: 6 total, 6 up, 6 in"),
         ("WRN", "Health check update: {m} slow ops, oldest one blocked for {m} sec, "
                 "osd.{m} has slow ops (SLOW_OPS)"),
         ("INF", "osd.{m} [v2:10.0.0.{m}:6800/{n},v1:10.0.0.{m}:6801/{n}] boot"),
         ("ERR", "scrub 2.{m} 1 shards, 1 inconsistent objects"),
         ("INF", "overall HEALTH_OK")]


def _ceph(records: int) -> tuple[str, dict[str, int], dict[str, int]]:
    def line(k: int, level: str, message: str) -> str:
        return (f"2024-03-01T{k // 3600 % 24:02d}:{k // 60 % 60:02d}:{k % 60:02d}."
                f"{k * 7919 % 1000000:06d}+0000 7f{k * 2654435761 % 2**40:010x}  0 "
                f"log_channel(cluster) log [{level}] : "
                f"{message.format(n=k * 131 % 99991, m=k % 97)}")
    text, levels, counts = cycled_log(_CEPH, records, 5, line)
    return text, dict(levels), dict(counts)


def test_a_constant_lower_case_word_before_the_level_is_no_level_in_any_piece() -> None:
    """Ceph's "log" before "[DBG]" is one word on every line: no level column, in the
    whole and in a piece that opens with a line cut mid-way (whose "[DBG]" falls where
    "log" is) alike."""
    text, levels, counts = _ceph(900)
    fmt, stats = levelled_scan(text, 900)
    assert stats.levels == common_levels(levels) == {"debug": 300, "warning": 150,
                                                     "info": 300, "error": 150}
    assert sorted(t.count for t in stats.templates) == sorted(counts.values())
    for start in range(0, len(text) - 4000, 997):
        assert detect_format(text[start:start + 8000]) == fmt, start
    read_alike_in_pieces(text, fmt)

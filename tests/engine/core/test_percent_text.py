"""The one percentage format of the human output: a gap is never rounded away."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gapless.engine import percent_text


def test_a_gap_never_reads_as_a_whole() -> None:
    assert percent_text(0.9996) == "99.9%"
    assert percent_text(1.0) == "100.0%"
    assert percent_text(0.29) == "29.0%"
    assert percent_text(0.0) == "0.0%"
    assert percent_text(1.5) == "100.0%" and percent_text(-0.1) == "0.0%"


@given(covered=st.integers(0, 10**7), total=st.integers(1, 10**7))
def test_only_everything_is_100_percent(covered: int, total: int) -> None:
    covered = min(covered, total)
    text = percent_text(covered / total)
    assert (text == "100.0%") == (covered == total)
    assert float(text[:-1]) <= covered / total * 100 + 1e-6

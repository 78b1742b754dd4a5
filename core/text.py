"""Whitespace normalisation that keeps track of offsets, and sentence spans.

Every text shown as law is built here, so "verbatim" always means the same thing:
the statute's characters with runs of whitespace folded to one space.
"""
from __future__ import annotations

from core import patterns


def fold(text: str) -> str:
    """Fold whitespace runs to one space and strip the ends."""
    return patterns.WHITESPACE.sub(" ", text).strip()


def number_value(word: str, lang: str) -> int | None:
    """A number written in digits or as one of the statutes' number words ("21", "five", "viiden"), else None."""
    if word.isdigit():
        return int(word)
    return (patterns.FI_NUMBER_WORDS if lang == "fi" else patterns.EN_NUMBER_WORDS).get(word.lower())


def numbers_in(text: str, lang: str) -> set[int]:
    """The numbers a text states, in digits or words ("21 months", "five years", "viiden vuoden")."""
    return {value for word in patterns.WORD.findall(text) if (value := number_value(word, lang)) is not None}


def is_verbatim(quote: str, source: str) -> bool:
    """True when `quote` is a non-empty exact substring of `source`."""
    return bool(quote) and quote in source


def sentence_spans(text: str, item_starts: tuple[int, ...] | list[int] = ()) -> list[tuple[int, int]]:
    """Split provision text into sentences and list items (start, end offsets).

    Boundaries: a sentence end (". " before a capital), and `item_starts`, the offsets where the
    provision's own list items (its child nodes' labels) begin. Each span is an exact slice.
    """
    cuts = {0, len(text)} | {c for c in item_starts if 0 < c < len(text)}
    for m in patterns.SENTENCE_BOUNDARY.finditer(text):
        cuts.add(m.end())
    bounds = sorted(cuts)
    spans = []
    for a, b in zip(bounds, bounds[1:]):
        seg = text[a:b]
        lead = len(seg) - len(seg.lstrip())
        trail = len(seg.rstrip())
        if trail > lead:
            spans.append((a + lead, a + trail))
    return spans

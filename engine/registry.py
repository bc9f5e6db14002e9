"""The extension points: one registry each for providers, strategies and input readers.

Everything that lists providers or strategies reads it here — the settings' validation,
the command line's choices, the settings form, the MCP tools' schemas, the factory that
builds a provider, the service that runs a strategy — and every input file is given to the
reader whose detector scores it highest (``engine.sources.detect``), so adding one is one
entry plus its module. The built-in ones register through the same hook a plugin uses
(:func:`register_provider`, :func:`register_strategy`, :func:`register_reader`), at the
end of this module.

An entry names what it runs as ``"module:attribute"``, imported only when it is used
(:func:`load`): listing the choices costs no import of a provider's HTTP client or a
strategy's machinery, and this floor imports nothing of the engine but the core.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from gapless.engine.core.errors import UserError, did_you_mean


class _Named(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def help(self) -> str: ...


E = TypeVar("E", bound=_Named)


@dataclass(frozen=True)
class Vendor:
    """A provider's own billed API: hosts named ``domain`` or under it (and no host at all,
    when the provider's default is the vendor's) are it. There the key is read from
    ``key_env``, a call is priced by the shipped table, and ``model`` is run when none is
    set. ``key_on_any_host``: the key is sent to any host (a proxy of the vendor's API)."""

    domain: str
    key_env: str
    model: str = ""
    key_on_any_host: bool = False

    def owns(self, host: str) -> bool:
        """Whether ``host`` (empty: the provider's default) is this vendor's API."""
        return not host or host == self.domain or host.endswith("." + self.domain)


@dataclass(frozen=True)
class ProviderEntry:
    """A provider: its name (the ``provider`` setting), one line of help, and its builder
    (``"module:function"`` or the function), called as ``build(settings, keep_loop_free=…)``
    and returning a :class:`~engine.providers.base.Provider`.

    What the callers need to know without building it: ``offline``: it needs no server and
    no key; ``server``: ``gapless config validate`` asks its server for models; ``http``: it
    talks to a model server (a plan notes its tokenizer's bytes per token); ``probes``: it
    sends a calibration probe before a large input; ``vendor``: its billed API (the key
    variable, the price, the default model); ``default_base_url``: the URL used when none is
    set; ``context_tokens``: its window when the settings name none; ``unanswered_hint``:
    what to try when it found no answer to a question; ``window_free``: it reads any length
    at once, so its window only decides how many leaves a run has (a long log is then read
    in fewer, larger ones: :mod:`~engine.run.offline_window`); ``code_answers``: its answers
    are made by this code, not a model, so a stored one is the same work only under the same
    code (:mod:`~engine.run.revision`)."""

    name: str
    help: str
    build: str | Callable[..., Any]
    offline: bool = False
    server: bool = False
    http: bool = False
    probes: bool = False
    vendor: Vendor | None = None
    default_base_url: str | None = None
    context_tokens: int | None = None
    unanswered_hint: str = ""
    window_free: bool = False
    code_answers: bool = False


@dataclass(frozen=True)
class StrategyEntry:
    """A strategy: its name (``--strategy``), one line of help, and how it runs: ``run``
    (``"module:function"`` or the function) is awaited as ``run(ctx)`` with the run's
    :class:`~engine.run.context.RunContext` and returns the root's outcome; None for
    ``auto``, whose ``routes`` is set: the router picks among the others.

    What the callers ask it instead of its name:

    - ``plan`` (``"module:function"``), called as ``plan(transcript, capacity,
      spawn_fraction)``: the :class:`~engine.strategies.planning.CallPlan` of ``--plan``
      (None: it cannot be planned before it runs);
    - ``rerun``, called as ``rerun(ctx, place, scope, question=…)`` (``place``: the node's
      id, parent and depth): re-runs one of its own planning nodes;
    - ``splits``: it cuts the input into calls sized by the bytes per token (False: one
      call reads it all, so the input must fit);
    - ``measures``: it learns the model's bytes per token from the usage its own first call
      reports, so no calibration probe is sent before it;
    - ``reads_file``: it reads a file by path in order rather than a loaded transcript,
      as this use case, called as ``read(db, path, settings, question=…, sink_for=…)``;
      only the commands given a path offer it;
    - ``whole_root``: its root reads the whole input;
    - ``view``: how a run's progress shows (``tree``; ``chunks``: a sequential read's
      chunk counts over the raw file; ``validation``: a compaction's rounds);
    - ``offered``: ``--strategy``, the workbench and MCP offer it (False: its own command
      runs it); ``aliases``: names older runs recorded for it;
    - ``own_settings``: settings only its runs read (a re-run of another's run hides them);
    - ``source_bytes``, called as ``source_bytes(path, options)``: the bytes its runs hash
      as their source, when they read the file otherwise than the loaded transcript
      (``verify`` compares that SHA-256; None: the transcript's bytes).
    """

    name: str
    help: str
    run: str | Callable[..., Any] | None = None
    reads_file: str | Callable[..., Any] | None = None
    plan: str | Callable[..., Any] | None = None
    rerun: str | Callable[..., Any] | None = None
    splits: bool = True
    measures: bool = False
    whole_root: bool = True
    view: str = "tree"
    offered: bool = True
    aliases: tuple[str, ...] = ()
    own_settings: tuple[str, ...] = ()
    routes: bool = False
    source_bytes: str | Callable[..., Any] | None = None


@dataclass(frozen=True)
class ReaderEntry:
    """An input format: its name (a transcript's ``kind``), one line of help, and
    ``detect`` (``"module:function"`` or the function), called as ``detect(sample)`` with an
    :class:`~engine.sources.sample.Sample` of the file and returning a score from its
    structure (0: not this format; the tiers are in ``engine.sources.sample``). A format of
    records has ``read``, called as ``read(path, options=…)`` and returning an
    :class:`~engine.sources.common.Part`; a text rendered as what it holds has ``render``,
    called as ``render(data, tally, options)`` on the file's UTF-8 bytes and returning its
    :class:`~engine.sources.plaintext.Chunk` messages (the text reader loads the file).
    The one result serves every verb: its rendering is what ``summarize``, the journal, MCP
    and the workbench read, and its entries are the message list ``compact`` works on (an
    entry carries the object its model saw as ``raw`` when ``options.messages`` asks and the
    format has one; :mod:`engine.sources.messages`)."""

    name: str
    help: str
    detect: str | Callable[..., Any]
    read: str | Callable[..., Any] | None = None
    render: str | Callable[..., Any] | None = None

    @property
    def text(self) -> bool:
        """Whether the file is text rendered by ``render`` (not records read by ``read``)."""
        return self.render is not None


class Registry(Generic[E]):
    """Entries by name, in the order they were registered. Iterating it, or ``in``, sees
    the names, so it serves directly as an argparse ``choices``."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._entries: dict[str, E] = {}
        self._listeners: list[Callable[[], None]] = []

    def register(self, entry: E, *, replace: bool = False) -> E:
        """Add ``entry`` (refused when its name is taken, unless ``replace``)."""
        if entry.name in self._entries and not replace:
            raise ValueError(f"a {self.what} named {entry.name!r} is already registered")
        self._entries[entry.name] = entry
        for listener in list(self._listeners):
            listener()
        return entry

    def unregister(self, name: str) -> None:
        """Remove an entry (a test's fake, a plugin turned off)."""
        if self._entries.pop(name, None) is not None:
            for listener in list(self._listeners):
                listener()

    def on_change(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` after every change (the settings model rebuilds its choices)."""
        self._listeners.append(listener)

    def names(self) -> tuple[str, ...]:
        return tuple(self._entries)

    def find(self, name: str) -> E | None:
        """The entry called ``name`` (or one that names it among its ``aliases``), None
        when there is none: a stored run's name read back, which a front end shows anyway."""
        found = self._entries.get(name)
        if found is None:
            found = next((e for e in self._entries.values()
                          if name in getattr(e, "aliases", ())), None)
        return found

    def entries(self) -> tuple[E, ...]:
        return tuple(self._entries.values())

    def get(self, name: str) -> E:
        """The entry called ``name``; a UserError naming the choices otherwise."""
        try:
            return self._entries[name]
        except KeyError:
            hint = did_you_mean(name, self.names())
            raise UserError(f"unknown {self.what} {name!r}{hint}; choose one of "
                            f"{', '.join(self.names())}") from None

    def help(self) -> str:
        """Every entry and its help, one clause each: ``a (what a is), b (…)``."""
        return ", ".join(f"{e.name} ({e.help})" for e in self._entries.values())

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def __len__(self) -> int:
        return len(self._entries)

    def __repr__(self) -> str:
        return f"Registry({self.what}: {', '.join(self._entries)})"


def load(target: str | Callable[..., Any]) -> Callable[..., Any]:
    """What an entry runs: ``"module:attribute"`` imported now, or the callable itself."""
    if callable(target):
        return target
    module, _, attr = target.partition(":")
    found: Callable[..., Any] = getattr(importlib.import_module(module), attr)
    return found


PROVIDERS: Registry[ProviderEntry] = Registry("provider")
STRATEGIES: Registry[StrategyEntry] = Registry("strategy")
READERS: Registry[ReaderEntry] = Registry("input format")


def register_provider(entry: ProviderEntry, *, replace: bool = False) -> ProviderEntry:
    """The hook a provider registers through (the built-in ones included)."""
    return PROVIDERS.register(entry, replace=replace)


def register_strategy(entry: StrategyEntry, *, replace: bool = False) -> StrategyEntry:
    """The hook a strategy registers through (the built-in ones included)."""
    return STRATEGIES.register(entry, replace=replace)


def register_reader(entry: ReaderEntry, *, replace: bool = False) -> ReaderEntry:
    """The hook an input reader registers through (the built-in ones included); on a tie
    of detectors' scores the earlier entry reads the file."""
    return READERS.register(entry, replace=replace)


# the built-in providers, strategies and readers, through the same hooks -----------------
register_provider(ProviderEntry(
    "extractive", "built in and offline: no server, no key",
    "gapless.engine.providers.builtin:extractive", offline=True, window_free=True,
    code_answers=True,
    unanswered_hint="the offline provider matches the question's words: try the words "
                    "the input would use"))
register_provider(ProviderEntry(
    "scripted", "canned answers from a script file, for tests and demos",
    "gapless.engine.providers.builtin:scripted", offline=True))
register_provider(ProviderEntry(
    "openai", "any OpenAI-compatible server: vLLM, llama.cpp, LM Studio, Ollama, OpenAI",
    "gapless.engine.providers.builtin:openai", server=True, http=True, probes=True,
    vendor=Vendor("openai.com", "OPENAI_API_KEY", model="gpt-4o-mini"),
    default_base_url="https://api.openai.com"))
register_provider(ProviderEntry(
    "anthropic", "Anthropic's Messages API",
    "gapless.engine.providers.builtin:anthropic", server=True, http=True,
    vendor=Vendor("anthropic.com", "ANTHROPIC_API_KEY", key_on_any_host=True)))
register_provider(ProviderEntry(
    "local", "llama.cpp with SmolLM2-135M, fully offline",
    "gapless.engine.providers.builtin:local", http=True, context_tokens=2048))

_PLANNING = "gapless.engine.strategies.planning"
register_strategy(StrategyEntry(
    "auto", "oneshot when it fits, tree otherwise, recursive for a question", routes=True))
register_strategy(StrategyEntry(
    "oneshot", "the whole input in one call", "gapless.engine.strategies.oneshot:run_oneshot",
    plan=f"{_PLANNING}:plan_one_call", splits=False))
register_strategy(StrategyEntry(
    "tree", "the fewest leaves that fit, folded", "gapless.engine.strategies.tree:run_whole",
    plan=f"{_PLANNING}:plan_tree_calls", measures=True))
register_strategy(StrategyEntry(
    "recursive", "the model plans what to read", "gapless.engine.strategies.recursive:run_root",
    plan=f"{_PLANNING}:plan_at_least_tree",
    rerun="gapless.engine.strategies.recursive:run_recursive",
    own_settings=("read_window", "max_actions")))
register_strategy(StrategyEntry(
    "chunked", "a sequential read with a running outline (as `gapless read`)",
    reads_file="gapless.engine.usecases.reading:summarize_chunked", whole_root=False,
    view="chunks"))
register_strategy(StrategyEntry(
    "compact", "a conversation compacted to fit a token budget (`gapless compact`)",
    offered=False, view="validation", aliases=("compaction",),
    source_bytes="gapless.engine.strategies.compact.messages:rendered_bytes"))

register_reader(ReaderEntry(
    "codex", "Codex CLI rollouts (JSON lines)",
    "gapless.engine.sources.codex:detect", read="gapless.engine.sources.codex:load_file"))
register_reader(ReaderEntry(
    "claude-code", "Claude Code sessions (JSON lines, with their subagents)",
    "gapless.engine.sources.claude_code:detect",
    read="gapless.engine.sources.claude_code:load_session"))
register_reader(ReaderEntry(
    "notebook", "Jupyter notebooks: cells in order, code with what it printed",
    "gapless.engine.sources.notebook:detect",
    render="gapless.engine.sources.notebook:render_chunks"))
register_reader(ReaderEntry(
    "chat-json", "chat messages as JSON or JSON lines ({role, content} and other shapes)",
    "gapless.engine.sources.chat_json:detect", read="gapless.engine.sources.chat_json:load_file"))
register_reader(ReaderEntry(
    "mail", "e-mail: a mailbox (mbox) or a message (.eml), its writers' paragraphs",
    "gapless.engine.sources.mail:detect", render="gapless.engine.sources.mail:render_chunks"))
register_reader(ReaderEntry(
    "captions", "captions (WebVTT, SubRip): the cues' words as speakers' turns",
    "gapless.engine.sources.captions:detect",
    render="gapless.engine.sources.captions:render_chunks"))
register_reader(ReaderEntry(
    "meeting", "meeting transcripts, one `Speaker: text` turn a line",
    "gapless.engine.sources.meeting:detect", render="gapless.engine.sources.meeting:render_chunks"))
register_reader(ReaderEntry(
    "chat-markdown", "markdown chat exports, by the turn markers learned from the file",
    "gapless.engine.sources.markdown:detect",
    render="gapless.engine.sources.markdown:render_chunks"))
register_reader(ReaderEntry(
    "html", "HTML pages: the words a browser shows, headings and lists as Markdown",
    "gapless.engine.sources.html_page:detect",
    render="gapless.engine.sources.html_page:render_chunks"))
register_reader(ReaderEntry(
    "text", "any other text (logs, documents, code), byte for byte",
    "gapless.engine.sources.plaintext:detect",
    render="gapless.engine.sources.plaintext:render_verbatim"))

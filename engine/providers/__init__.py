"""Model providers behind one async interface (``base.Provider``), made by ``factory``.

OpenAI-compatible servers (with Ollama native), Anthropic, the local llama.cpp server, the
built-in offline ``extractive`` summarizer and the ``scripted`` replayer. May import
``engine.core`` and ``engine.extractive``; never a strategy, the store or a front end.
"""

from gapless.engine.providers.base import ModelReply, ModelRequest, Provider, ProviderError

__all__ = ["ModelReply", "ModelRequest", "Provider", "ProviderError"]

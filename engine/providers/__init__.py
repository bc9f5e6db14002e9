"""Model providers behind one async interface."""

from engine.providers.base import ModelReply, ModelRequest, Provider, ProviderError

__all__ = ["ModelReply", "ModelRequest", "Provider", "ProviderError"]

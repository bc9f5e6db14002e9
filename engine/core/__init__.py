"""The core: what every other room builds on, and which imports nothing else of the engine.

Spans (byte-offset algebra), typed events and the one pure reducer (``state``), the
byte-addressed transcript, token estimates and capacity, the journal extraction, LLM-JSON
repair and the error a user can cause. May import only the standard library and pydantic.
"""

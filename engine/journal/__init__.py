"""The journal: ingest transcript folders, group sessions by (logical day, project), keep
one entry or one reasoned skip per group, and roll weeks up.

Reads and writes the database only through ``engine.store``'s named queries; runs its
summaries through ``engine.service``.
"""

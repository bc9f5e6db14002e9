"""The journal: ingest transcript folders, group sessions by (logical day, project), keep
one entry or one reasoned skip per group, and roll weeks up."""

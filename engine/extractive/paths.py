"""What a file path looks like; the entity scan, the terms and the topics must agree on it."""

from __future__ import annotations

import re

_FILE_EXTS = (
    "py|pyi|pyx|ipynb|ts|tsx|js|jsx|mjs|cjs|rs|go|java|kt|kts|scala|c|h|cc|cpp|cxx|hpp|hh|cs|"
    "swift|m|mm|rb|php|pl|lua|r|jl|hs|ex|exs|erl|clj|dart|vue|svelte|md|rst|txt|json|jsonl|"
    "toml|yaml|yml|ini|cfg|conf|env|lock|xml|html|htm|css|scss|sass|less|sql|sh|bash|zsh|fish|"
    "ps1|bat|gradle|properties|proto|graphql|tf|hcl|dockerfile|mk|cmake|log|csv|tsv|patch|diff|"
    "img|zip|tar|gz|so|dll|apk|aab|jar|whl|db|sqlite|pem|crt|key|plist|xcodeproj|sln|csproj"
)

PATH_SLASH = re.compile(
    r"(?<![\w/.~@:%=-])(?:~/|\.{1,2}/|/)?(?:[A-Za-z0-9_.@+-]+/)+[A-Za-z0-9_.@+-]+"
)
PATH_BARE = re.compile(
    r"(?<![\w/.@-])[A-Za-z0-9_][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*\.(?:" + _FILE_EXTS + r")\b"
    r"(?![\w/-])",
    re.IGNORECASE,
)
# The part every PATH_BARE match holds, with its flags: a line without it has no bare path.
BARE_EXT = re.compile(r"\.(?:" + _FILE_EXTS + r")\b", re.IGNORECASE)
HAS_FILE_EXT = re.compile(r"\.(?:" + _FILE_EXTS + r")$", re.IGNORECASE)

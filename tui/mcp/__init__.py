"""``gapless mcp``: the tools for coding agents, over the official MCP SDK.

``server`` holds one function per tool and the table that registers them; ``budget`` keeps
every result within the agent's byte budget; ``results`` shapes each tool's result to it;
``drill`` opens one section or line range of a file. The command that starts the server is
``tui.cli.mcp``. Like every front end, it reaches the engine only through its public surface.
"""

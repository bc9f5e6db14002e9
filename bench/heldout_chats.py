"""Chat histories in JSON shapes of tools that nothing in shared/data has, made here with known asks.

Run:  python bench/heldout_chats.py [--keep DIR] [--only NAME]

The chats in shared/data (a ChatGPT export's tree, a Gemini CLI session, a Copilot CLI event
log, a role-per-line export) are what the structural chat reader is tuned against; the
checks outside this repository use chat histories of other tools. This script writes chat
histories as other tools write them — a ShareGPT data set (with function calls and
observations), a Claude.ai data export (attachments, artifacts), an Open WebUI export (a
message tree with a regenerated branch and an image), a SillyTavern chat (JSON lines after
a header, the character speaking first, swipes), a DiscordChatExporter channel (a person
and a bot), a Telegram Desktop export (text as entity lists, photos, service messages), an
Anthropic Messages API request (tool_use / tool_result blocks, a base64 image), a Cline
``api_conversation_history.json``, OpenAI fine-tuning JSON lines (one conversation a line,
tool calls), a Continue.dev session (context items, an editor state), an LM Studio
conversation (versions and steps), a Google AI Studio prompt (chunks, thoughts), a Jan
thread's ``messages.jsonl`` and a LibreChat export (a recursive tree of children); a third
pass adds Microsoft Teams messages from Graph (newest first, the sender as which identity is
set, HTML bodies), Signal Desktop's messages (incoming / outgoing beside notices), a Hugging
Face chat-ui conversation, a VS Code Copilot Chat session (ask and answer in one request), an
Amazon Bedrock Converse request (blocks keyed by kind), a Cohere chat request, a LangChain
chat history file, a Goose session, an opencode export, an irssi IRC log, Anthropic's
``Human:`` / ``Assistant:`` text, a Character.AI history and AutoGen 0.2's chat history
(roles written from the agent's view, code runs handed back as text); a fourth
pass adds an AutoGen group chat (every message ``role`` user, the agent only in ``name``)
and its history saved from the opener's side, a Cohere request with grounding documents
(the newest ask beside ``chat_history``), the OpenAI Agents SDK's input items and a
DeepSeek export (messages told by their parts' kinds); a fifth pass adds a Grok export (each
message wrapped in a ``response`` object, a thinking trace beside it), an Ollama chat request
(``thinking`` beside the words), Cline's ``ui_messages.json``, a text-generation-webui log
([person, answer] pairs, no speaker anywhere), an OpenAssistant message tree (the first ask
the tree's root object), a Rasa tracker's events, an Intercom conversation (the opening
message apart from the replies, a teammate's internal note), Zendesk ticket comments (the
sender only a numeric id), a Facebook Messenger thread (newest first, UTF-8 bytes written as
code points), Gemini Apps activity from Takeout, a Slack channel with two people and an app,
a Claude.ai export with thinking and web search blocks and a ChatGPT export of a reasoning
model (thoughts, the custom instructions as a hidden ``user`` message); a sixth pass adds
exports that are no JSON and group chats — WhatsApp text of a group from Android and from
iOS (notices, ``<Media omitted>``, three people), Telegram Desktop's HTML, DiscordChatExporter's
plain text (a ``[date] name`` header over the words), a WeeChat log in tab columns, Slack
messages copied as text, a ChatGPT chat saved as Markdown with ``**You:**`` on the line of the
words, a Zoom meeting's chat, imessage-exporter's text and a mail thread with ``>`` quotes; a seventh pass adds groups of
four where three people ask and two answer (WhatsApp text, an irssi log, DiscordChatExporter's
text), every voice's words required in the summary (no voice silently lost), and the
same group in Telegram's HTML, in Markdown with ``**Name:**`` labels and in a mail thread
among four; an eighth pass adds Rocket.Chat's ``channels.history`` (newest first, a bot,
a join), Zulip's ``GET /messages`` (HTML content, a stream and a topic), Twilio
Conversations' messages (an author, a media item), Skype's ``messages.json`` (rich text, a
call's notice as XML), LINE's text history (time, name and words in tab columns),
KakaoTalk's text export (``[name] [time] words``) and Crisp's conversation messages (a
file message, an operator's note); a ninth pass adds aider's ``.aider.chat.history.md``
(asks as ``#### `` lines), Cursor's Markdown export (``**User**`` alone on its line), a Bot
Framework ``.transcript`` (``from.role``, typing and trace activities, an Adaptive Card),
Google Hangouts in Takeout (senders as ``gaia_id``, words in segments), Chatwoot's messages
(``message_type`` 0 / 1 / 2, a private note), an Amazon Q CLI ``/save`` file (serde-tagged
turns), an OpenHands trajectory (actions and observations), a ChatML fine-tuning set,
Amazon Lex V2 conversation logs (``inputTranscript`` beside the bot's ``messages``),
Snapchat's ``chat_history.json`` (``IsSender``, stickers), a Perplexity thread in Markdown
and a JupyterLab ``.chat`` file (senders as ids of a ``users`` map); at first sight 3 of
those 12 read right, 10 after the rules they led to; a tenth pass adds X's archive
``direct-messages.js`` (JSON assigned in a script, each message wrapped in
``messageCreate``, newest first), SMS Backup & Restore's XML (attributes, an MMS's parts),
iMazing's and LinkedIn's CSV exports (a row a message, words over several lines), FastChat's
conversation log (a line of the whole state each turn, ``[role, words]`` pairs), Sourcegraph
Cody's history (an exchange's two messages side by side in one record), Dialogflow CX
responses, Pidgin's text log (``(10:00:12 AM) name: words``), Webex's ``GET /messages``,
a TypingMind export and LlamaIndex's ``SimpleChatStore``; at first sight 3 of those 11 read
right, 10 after the rules they led to; an eleventh pass adds ``llm logs`` Markdown
(``## Prompt`` / ``## Response`` under a heading per exchange), the ChatGPT Exporter
extension's Markdown (``#### You:`` over the words), an Obsidian ChatGPT MD note
(``role::assistant`` after ``<hr>``), an Emacs gptel chat in Org (asks as ``*** `` headings),
UltraChat's JSON lines (bare strings in turn, no speaker), an Amazon Connect transcript
(``ParticipantRole`` in capitals, events), a Salesforce Live Agent transcript (``<br>``
lines with times since the start), an Adium XML log (each voice's style on its words), a
Google Voice text in hChat XHTML, a Mattermost bulk export (``{"type": T, T: {…}}`` lines),
a Semantic Kernel ``ChatHistory`` (``Role.Label``, ``$type``-tagged items) and LiveChat's
archives (authors by id of a ``users`` list, an agents-only whisper); at first sight 5 of
those 12 read right, 7 after the rules they led to (11 after the next pass's); a twelfth
pass adds Thunderbird's chat log (JSON lines, ``flags`` incoming / outgoing), a HexChat log
(``Apr 20 10:00:14 <nick>`` and a TAB), Pidgin's HTML log (a line of inline markup a
message), an OpenAI Batch API input file, a TRL preference data set (``prompt`` /
``chosen`` / ``rejected``), Anthropic's HH-RLHF (two whole ``Human:`` / ``Assistant:`` texts
a line), a Letta agent file (the person's words a JSON packet, the agent's a tool call's
argument), Copilot Studio transcripts from Dataverse (the transcript a JSON string, numeric
roles, trace activities), a NextChat backup, LMSYS-Chat-1M lines, Reddit's
``chat_history.csv`` and Help Scout's threads (newest first, a note); at first sight 7 of
those 12 read right, 11 after the rules they led to; then a Slack channel of people only
(two, read right; a group of four by id, read after the rule for a group's ids); a
thirteenth pass adds an OpenAI Codex CLI rollout (instructions and the environment as
``user`` messages, encrypted reasoning, shell calls), Instagram's ``message_1.json`` (a
reel shared as "… sent an attachment.", likes and reactions as messages), WhatsApp text
exported in French (``20/04/2024 à 10:02 - Nom: …``), a Freshdesk ticket with its
conversations (the first ask in the ticket's ``description_text``, a private note), HubSpot's
thread messages (``V-`` / ``A-`` actors, a bot's welcome, an internal comment), Discord's
``GET /channels/{id}/messages`` (newest first, a bot's replies carrying the message they
answer), signal-cli's JSON lines (one's own words in ``syncMessage.sentMessage``, receipts
and typing notices between), Open WebUI's plain text download (``### USER``), Pydantic AI's
``all_messages_json()`` (requests and responses of typed parts), a LobeChat export (a web
search plugin's call and result), WildChat's rows (metadata on every turn) and
imessage-exporter's HTML (the sender a telephone number in a plain header line); this pass
also counts the other side's words listed as asks as foreign; at first sight 6 of those 12
read right (one of them, Pydantic AI's, with only its first ask), 12 after the rules they
led to; then a Slack channel day of six peers who all ask and answer (threads, a join, an
integration's posts, edits, reactions, a file), judged as a discussion — minuted, every
voice quoted by name, its decisions listed (read as a person's asks at first sight, right
after the rule for a group of peers); a fourteenth pass adds mini-swe-agent's trajectory
(each command's output handed back as a ``user`` message opened by ``<returncode>``),
smolagents' memory as messages (roles ``tool-call`` / ``tool-response``, the answer through
a ``final_answer`` call), Haystack's ``ChatMessage`` dicts (parts keyed by kind), Helicone's
request export (newest first, the whole history in each request, the answer in the
response beside it), Langfuse's observations (a retrieval ``SPAN`` beside each
``GENERATION``, whose input is the history so far and output the answer), big-AGI's
conversation (``fragments`` holding typed parts, an attached document), Cherry Studio's backup
(messages naming their words' blocks by id, the blocks in another list, a thinking block),
a WeChat chat in MemoTrace's CSV (``IsSender``, photos and stickers as XML), ``keybase chat
api`` output (newest first, reactions and an attachment), a Voiceflow transcript (requests
and traces, debug lines), an Amp thread file (thinking, ``tool_result`` runs) and QQ's text
export (a title block in Chinese, ``date time name`` over the words); at first sight 5 of
those 12 read right, 11 after the rules they led to; a fifteenth pass adds gptme's
``conversation.jsonl`` (each command's output a ``system`` message), an agentic IDE's
``.chat`` file (roles ``human`` / ``bot`` / ``tool``, the system prompt sent as the first
``human`` turn and acknowledged), AutoGen AgentChat's saved ``TeamState`` (the thread under
a map of the members' states, told by ``source``), Mistral's conversation ``entries``
(``message.input`` / ``tool.execution`` / ``message.output`` with ``tool_reference``
chunks), a LiteLLM proxy's spend logs (a row per call: the history so far and the
response), OpenLLMetry spans in OTLP JSON (the messages flattened into ``key`` / ``value``
attributes, ``gen_ai.prompt.N.role``), Flowise's chat messages (``userMessage`` /
``apiMessage``, sources as JSON strings), a Khoj export (``by`` ``you`` / ``khoj``, the ask
again under the answer's ``intent``), Dify's messages (an exchange a record, linked by
``parent_message_id``), an OpenRouter chat room (messages a map keyed by id, the speaker a
``characterId``, a CSV as a base64 data URL), LibreChat's messages by ``mongoexport``
(extended JSON, a regenerated answer) and Bluesky's ``getMessages`` (newest first, DIDs, a
deleted message); at first sight 9 of those 12 read right (two of them with only some of
their asks), 12 after the rules they led to; the rules that pass also gave smolagents'
answers, handed on only through a call, to the summary as the agent's and kept a WeChat
notice that quotes the name it narrates out of Done; a sixteenth pass adds Roo Code's
``api_conversation_history.json`` (a screenshot as a base64 block beside the task, each
tool's result handed back as the user's turn — ``[read_file for '…'] Result:``,
``<file_write_result>`` — the later asks as ``<answer>`` / ``<feedback>``), Anthropic's
computer-use demo's messages (``tool_result`` blocks in user turns, a screenshot's base64
PNG), SWE-agent's ``.traj`` (every command's output sent back as a ``user`` message typed
``observation``), a Chainlit thread (steps typed ``user_message`` / ``assistant_message`` /
``run`` / ``llm`` linked by ``parentId``, the words in ``output``, an image as a data URL),
a desktop client's message tree (``parentId`` / ``childrenIds``, two answers regenerated,
an image as a data URL), Langflow's messages (``sender`` ``User`` / ``Machine``), Botpress's
``listMessages`` (newest first, told only by ``direction``), a Page Assist export (images as
data URLs), Coze's message list (newest first, ``type`` ``question`` / ``answer`` /
``function_call`` / ``tool_response`` / ``verbose`` / ``follow_up``) and Drift's messages
(``author.type`` ``contact`` for the person and ``user`` for the staff, a bot among them,
HTML bodies, a private note); at first sight 7 of those 10 read right (two of them with
only some of their asks), 10 after the rules they led to; a seventeenth pass adds
coding agents' and chat UIs' histories whose rows require *every* ask listed (as Cline's
and Roo Code's API histories now do, whose follow-ups come back among the tool results):
Windsurf's Cascade export (``### User Input`` / ``### Planner Response``, the tools' work
as italic lines), Cline's "Export task" Markdown (``**User:**`` over every tool's result
and the environment details, ``---`` between messages), Gemini CLI's ``/chat share``
Markdown (``## USER 🧑‍💻`` / ``## MODEL ✨``, the CLI's setting as the first user turn,
``**Tool Response**`` JSON in user turns), a Zed agent thread (``segments``, every call's
result in the next user message's ``tool_results``, an attached file in ``context``),
Void's chat threads (``allThreads``, ``tool`` and ``checkpoint`` records), avante.nvim's
history (each message wrapped in a record of ``uuid`` / ``state`` / ``is_user_submission``,
``tool_result`` blocks in user messages), a CodeCompanion.nvim chat buffer (``## Me`` /
``## CodeCompanion (Anthropic)``, tools' output in the answer) and a gp.nvim chat file
(``💬:`` / ``🤖:[ChatGPT4o]`` lines under the chat's settings); at first sight 4 of those
8 read right, 7 after the rules they led to (Cline's and Roo Code's API histories and
Langflow's messages with all their asks too); an eighteenth pass adds the long tail of JSON
histories of unknown schemas, every ask required: a Poe server bot's ``QueryRequest``
(roles ``system`` / ``user`` / ``bot``, an attachment's ``parsed_content``, the newest ask
unanswered), a BetterChatGPT export (content parts, an image as a base64 data URL, the
default system message, folders keyed by id), a Dust conversation (``content`` a list of
each message's versions, a failed answer retried, retrieval ``actions`` with the found
chunks, ``parentMessageId``), Arize Phoenix's spans as JSON lines (flat dotted column
names, ``message.role`` / ``message.content``, the history so far in each LLM span, a
retriever's documents), an Agnaistic chat export (no role: the person's messages carry a
``userId``, the character's a ``characterId``; the greeting apart, retries), a RisuAI
chat (``role`` ``user`` / ``char``, the memory's summary as base64), a LangGraph server's
thread state (``human`` / ``ai`` / ``tool`` messages, ``writes`` repeating the last
answer) and the OpenAI Conversations API's items (newest first, an ``input_file`` as a
base64 data URL, encrypted reasoning); at first sight 5 of those 8 read right, 8 after the
rules they led to; a nineteenth pass probes that pass's weak spots — Dust's conversation
with each answer's words before its ``actions`` (the same messages, their keys in another
order), DSPy's ``lm.history`` (the adapter's fixed instruction sentence in every user turn,
``[[ ## field ## ]]`` blocks, each call's messages repeating the history) and Agnaistic's
export with two replies regenerated (their other takes in ``retries``) — none of the three
read right at first sight, all three after the rules they led to; then adds eight more
strangers: a Mastra memory thread (format 2 messages of typed ``parts``, a
``tool-invocation`` holding call and result, an image as base64 ``data``), the AI SDK 5
``UIMessage[]`` (``parts`` only: ``tool-<name>`` parts with ``input`` / ``output``,
``reasoning``, a ``file`` data URL), a Le Chat export (``contentChunks``, a web search's
``references`` with snippets, an uploaded file's text in ``files``), Chatbot Arena's
battles (the same asks in ``conversation_a`` and ``conversation_b``, moderation scores), the
OpenAI Realtime API's server events (words as the ``transcript`` of audio parts,
``function_call`` / ``function_call_output`` items among events with no words), Glaive's
function-calling rows (the chat one ``USER:`` / ``ASSISTANT:`` / ``FUNCTION RESPONSE:`` text
beside a ``SYSTEM:`` text, ``<|endoftext|>`` closing answers), Amazon Bedrock's model
invocation logs (each call's messages so far, ``toolUse`` / ``toolResult`` blocks, an image's
bytes) and the Google Gen AI SDK's ``get_history()`` dump (snake-case ``function_call`` /
``function_response`` parts, ``inline_data``, thought summaries flagged ``thought``); at
first sight 6 of those 8 read right, 8 after the rules they led to; a twentieth pass adds
JSON histories nested as strangers' tools nest them: a GraphQL answer (``data.thread.items``
typed by ``__typename``, the person an object with an e-mail), a desktop app's map of id →
message linked by ``parent`` / ``children`` (an edited ask left on a branch, a regenerated
answer), a search assistant's thread of turns each holding a ``request`` and a ``response``
object (an attachment's text, suggested questions), a gateway's logged request whose
messages are arrays of typed blocks (``text``, ``image_url`` and ``input_audio`` as base64,
``tool_result`` blocks nesting text blocks), Microsoft 365 Copilot's interactions from Graph
(the person a display name, the answer an application), a team workspace's export (the
sender an e-mail address or the assistant's name), a chat server's session log in JSON
lines (the answers only as token deltas to join) and a proxy's record of streamed calls
(a request line with the history so far, then one server-sent event a line); at first
sight 5 of those 8 read right, 6 after the rule they led to; a twenty-first pass adds the
long tail of team chats' and help desks' APIs and odd saves: Gitter's ``chatMessages`` (the
words again as HTML in ``html``, entities for quotes, a ``/me`` status line), Discourse
chat's messages (``cooked`` HTML, an ``excerpt``, an AI bot's replies, an upload), Gorgias's
ticket messages (told by ``from_agent``, a rule's auto-reply, an internal note), Front's
conversation messages (newest first, told only by ``is_inbound``, a ``blurb`` cut at sixty
characters beside ``text``), Olark's transcript webhook (items told by ``kind``,
``MessageToVisitor`` / ``MessageToOperator``, the operator's greeting first), KoboldAI
Lite's saved story in chat mode (``prompt`` and ``actions`` strings holding ``You:`` /
``Mira:`` lines), Tabby's answer engine thread from GraphQL (``USER`` / ``ASSISTANT``,
retrieved code as attachments) and watsonx Assistant's logs (``request.input`` beside
``response.output`` a log each); at first sight 6 of those 8 read right (Gitter's with its
first ask twice, once with HTML entities, and Front's with every message cut to its
blurb), 7 after the rules they led to, all whole and once; a twenty-second pass adds tawk.to's
transcript webhook (senders told by ``sender.t`` ``v`` / ``a`` / ``s``, a trigger's greeting,
an upload's notice), Zammad's ticket articles (``sender`` ``Customer`` / ``Agent`` /
``System``, each article's ``from`` a mail header, an internal note, the system's automatic
confirmation), LivePerson's conversation history (``sentBy`` ``Consumer`` / ``Agent``, a
bot's welcome and rich content, the agent's summary), ElevenLabs' and Vapi's voice agents'
calls (a tool's call and result among the turns, the whole transcript again as ``AI:`` /
``User:`` text, a summary), Sendbird's ``MESG`` / ``FILE`` / ``ADMM`` messages, Stream
Chat's channel query (a ``system`` message in the person's name narrating the bot's joining,
``html`` beside ``text``) and Nextcloud Talk's chat (newest first, notices as ``{actor}``
templates filled from ``messageParameters``, a file as ``{file}``); at first sight 5 of
those 8 read right, 8 after the rules they led to; a twenty-third pass adds aichat's
session file in YAML (``tool_results`` beside the words), Chatbot UI's export (saved
``prompts`` templates beside the ``history``), Psi's XMPP history (``|time|1|to|N---|words``
lines, no row naming the columns), jabber.el's history (a Lisp vector of five strings a
line), an XMPP server's portable export (XEP-0227: host, user, archive, each message in a
``result`` / ``forwarded`` wrapper), a Zulip realm export's ``zerver_message`` rows (senders
as numeric ids), Matrix's ``/messages`` page (events newest first, stamped in milliseconds
in ``origin_server_ts``) and Mattermost's ``posts`` map with its ``order`` newest first; at
first sight 4 of those 8 read right (Matrix's with its asks in reverse), 6 after the rules
they led to, Matrix's in the order said (the twentieth's map of messages keyed by id reads right after the
twenty-fourth's rule: the branch its holder names); a twenty-fifth pass adds an Agent
Development Kit session (``events`` authored by ``user`` or the agent, a ``functionResponse``
handed back in a ``user``-role event), a Llama Stack agent session (``turns`` of
``input_messages``, ``steps`` that alternate ``inference`` / ``tool_execution`` and an
``output_message`` repeating the last inference), an Inspect evaluation log (``source``d
messages, the agent's fixed nudge sent as a ``user`` message, model ``events`` repeating the
history), Freshchat's messages (``message_parts``, ``actor_type``, a private note and an
assignment notice), Sunshine Conversations' messages (``author.type`` ``user`` /
``business``, an image, quick replies), a Genesys Cloud chat transcript (phrases told only
by ``participantPurpose`` ``external`` / ``internal``), a vCon of a web chat (the speaker an
index into ``parties``, an image's base64 attachment, a model's ``summary`` analysis) and
Weave's traced calls (each call's messages so far and its completion); at first sight 6 of
those 8 read right, 7 after the rule they led to; a twenty-sixth pass adds JSON stores of
workflow tools, frameworks and platforms: n8n's chat memory table (two sessions' rows, each
``message`` LangChain's ``human`` / ``ai`` dict), FastGPT's chat records (``obj`` ``Human`` /
``AI``, ``value`` parts, a reasoning part, the knowledge base's ``q`` / ``a`` quotes beside
each answer), MLflow's traces (the messages so far and the completion as JSON strings in a
span's ``attributes``), Agno's sessions (a run per ask repeating the earlier turns flagged
``from_history``, the system prompt anew, the answer again as the run's ``content``), a
LangChain4j chat memory (``USER`` / ``AI`` in capitals, ``contents`` of typed parts, a
base64 image), Microsoft Agent Framework's serialized thread (the role an object,
``function_call`` / ``function_result`` contents), Griptape's conversation memory (untimed
``Run`` records of an ``input`` and an ``output`` artifact, no speaker) and Kore.ai's
messages (``incoming`` / ``outgoing``, a template as a JSON string); at first sight 5 of
those 8 read right, 7 after the rules they led to — each from a script of turns, so the person's asks, the tool results, the attachments and the
blobs are known by construction. It then prints, per file, as ``bench/kinds_bench.py``'s
``measure_chats`` does for the shared ones: whether ``gapless summarize`` (offline) read it
as a conversation, the asks in truth, the asks listed, how many listed are real, whether
the first ask is among them, and how many listed are a tool's result, an attachment's
text, a blob or JSON (or, anywhere in the summary, a thought that must never be shown).
Formats that still read wrong and have no fix by a rule of structure are listed in
``PENDING`` with the reason.

Nothing here feeds the product; the shapes are those the tools write, from their docs and
their files.
"""

from __future__ import annotations

import asyncio
import base64
import functools
import json
import random
import re
import sys
import tempfile
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kinds_bench import asked_items  # (bench/ is the script's folder)

ROOT = Path(__file__).resolve().parents[1]

# a PNG's bytes as base64: an attachment, never words
_PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(random.Random(3).getrandbits(8)
                                                     for _ in range(900))).decode()


# ---- scripts: what was said, with known asks ---------------------------------------------

@dataclass
class U:
    """The person's turn; an image or an attached file beside it."""

    text: str
    image: bool = False
    attach: tuple[str, str] | None = None  # (file name, its text)


@dataclass
class A:
    """The assistant's words."""

    text: str


@dataclass
class T:
    """A tool call the assistant made and the result it got."""

    name: str
    args: dict[str, Any]
    output: str


Turn = U | A | T

SYSTEM = "You are a careful senior software engineer. Answer concisely and show code when useful."

CODING: list[Turn] = [
    U("I have a Flask app that returns 500 on /login since I upgraded to Flask 3. "
      "Can you find out why?"),
    A("I'll look at the login view and run its test first."),
    T("read_file", {"path": "app/views.py"},
      "from flask import Blueprint, request, session, redirect, url_for\n"
      "bp = Blueprint('auth', __name__)\n\n@bp.route('/login', methods=['POST'])\n"
      "def login():\n    user = User.query.filter_by(email=request.form['email']).first()\n"
      "    bp.permanent_session_lifetime = timedelta(days=30)\n"
      "    session.permanent = True\n    return redirect(url_for('index'))"),
    T("run_command", {"command": "pytest tests/test_login.py -x -q"},
      "E   AttributeError: 'Blueprint' object has no attribute 'permanent_session_lifetime'\n"
      "FAILED tests/test_login.py::test_login_ok - AttributeError\n1 failed in 0.42s"),
    A("The view sets permanent_session_lifetime on the blueprint, which Flask 3 no longer "
      "allows. The lifetime belongs in app.config['PERMANENT_SESSION_LIFETIME'], set once in "
      "the app factory."),
    U("Please apply that fix and add a regression test for the remember-me checkbox."),
    T("write_file", {"path": "app/__init__.py",
                     "content": "app.config['PERMANENT_SESSION_LIFETIME'] = timedelta(days=30)"},
      "Wrote 14 lines to app/__init__.py"),
    T("run_command", {"command": "pytest -q"}, "...\n3 passed in 0.51s"),
    A("I moved the session lifetime into the app factory and added "
      "test_login_remember_me, which checks that the session cookie gets an expiry. "
      "All 3 tests pass."),
    U("Great. Could you also write a short changelog entry for the 2.4.1 release notes?"),
    A("2.4.1: Fixed a 500 error on /login under Flask 3 (the session lifetime is now "
      "configured on the app, not on the blueprint)."),
]

BILL: list[Turn] = [
    U("Here is a photo of my electricity bill. Why did the total jump so much in March?",
      image=True),
    A("Your March bill shows 612 kWh against 380 kWh in February, and the unit rate went "
      "from 24.1 to 27.9 cents on March 1st, so both usage and price rose."),
    U("What would I save in a year if I moved the dishwasher and the laundry to the night "
      "tariff?"),
    A("At about 45 kWh a month for both machines and a night rate 11 cents lower, you "
      "would save roughly 59 euros a year."),
    U("Write me a polite email to the supplier asking them to double-check the March meter "
      "reading."),
    A("Subject: Request to verify March meter reading. Dear customer service, I would "
      "like to ask you to double-check the meter reading used for my March bill..."),
]

SALES_CSV = ("region,q1,q2,q3\nNorth,120400,118200,109950\nSouth,98000,101300,107800\n"
             "East,143250,149900,151020\nWest,87010,86400,79300\n")
SALES: list[Turn] = [
    U("Summarize the attached CSV of quarterly sales and tell me which regions declined.",
      attach=("sales_q3.csv", SALES_CSV)),
    A("East grew to 151,020 in Q3 and South rose steadily; North fell from 120,400 to "
      "109,950 and West from 87,010 to 79,300, so North and West declined."),
    U("Make a bar chart of it with matplotlib, regions sorted by their Q3 figure."),
    A("import pandas as pd\nimport matplotlib.pyplot as plt\ndf = pd.read_csv('sales_q3.csv')"
      "\ndf.sort_values('q3').plot.bar(x='region', y='q3')\nplt.show()"),
    U("Now translate your summary into German for my manager."),
    A("Der Osten wuchs im dritten Quartal auf 151.020, der Süden stieg stetig; der Norden "
      "und der Westen gingen zurück."),
]

TAVERN: list[Turn] = [
    A("*The fire crackles in the hearth as Mira wipes down the oak counter.* Welcome, "
      "traveler. You look like the storm chased you all the way from the pass."),
    U("*I push the door shut and shake the rain off my cloak.* Is there a room free for "
      "the night?"),
    A("*She glances at the key board.* One left, under the eaves. Three silver, and it "
      "comes with stew if you don't mind the cook's singing."),
    U("I'll take it. Have you heard anything about the caravan that went missing near "
      "the old mill?"),
    A("*Her smile fades.* Only whispers. The miller's boy swears he saw lights in the "
      "ruins two nights ago."),
    U("Tell me where the ruins are and I'll leave at first light."),
    A("*She sketches a map on a napkin.* Follow the river north until the stone bridge, "
      "then take the goat path east."),
]

SUPPORT: list[Turn] = [
    U("hey, my deploy to fly.io keeps failing with 'health check on port 8080 timed out', "
      "any idea what to check?"),
    A("Your app probably listens on 127.0.0.1 or on another port. Fly sends health "
      "checks to 0.0.0.0 on internal_port from fly.toml, so bind to 0.0.0.0:8080."),
    U("it was listening on localhost, fixed. how do I make the release command run the "
      "database migrations before the new machines start?"),
    A("Add a [deploy] section with release_command = 'python manage.py migrate' to "
      "fly.toml; it runs in a temporary machine before the rollout."),
    U("perfect, last thing: can I keep one machine always running so the first request "
      "isn't slow?"),
    A("Yes: set min_machines_running = 1 under [http_service] and keep auto_stop_machines "
      "on for the rest."),
]

ITINERARY: list[Turn] = [
    U("Plan a three day trip to Lisbon for two people in early May, we like food and "
      "walking."),
    A("Day 1: Alfama and the castle, dinner in Mouraria. Day 2: Belém, the pastéis and "
      "the LX Factory. Day 3: a day trip to Sintra by train."),
    U("Which neighbourhood should we book a hotel in if we arrive late at night?"),
    A("Baixa or Chiado: central, flat from the metro and lively but safe at night."),
    U("Can you give me a rough budget per day without flights?"),
    A("About 180 to 230 euros a day for two: 110 for a mid-range hotel, 60 for food and "
      "20 for transport and tickets."),
]


def _asks(script: list[Turn]) -> list[str]:
    return [t.text for t in script if isinstance(t, U)]


def _hidden(script: list[Turn]) -> list[str]:
    """What must never be an ask: tool results, attachments' text."""
    out = [t.output for t in script if isinstance(t, T)]
    out += [t.attach[1] for t in script if isinstance(t, U) and t.attach]
    return out


# ---- the tools' shapes -------------------------------------------------------------------

@dataclass
class Chat:
    name: str
    text: str  # the file's content
    asks: list[str]
    hidden: list[str] = field(default_factory=list)
    unsaid: list[str] = field(default_factory=list)  # never anywhere in the summary (thinking)
    # a group's voices: each voice's words, every one of which must reach the summary's
    # asks (an asking voice) or its body (an answering one) — no voice silently lost
    voices: dict[str, list[str]] = field(default_factory=dict)
    # a discussion among peers (every voice asks and answers): minuted, not an assistant
    # chat; ``asks`` is then what it decided, read from the minutes' decisions
    peers: bool = False
    # every ask must be listed, not only the first (a task history whose follow-ups come
    # back among tool results)
    every_ask: bool = False


class _Ids:
    def __init__(self, seed: str) -> None:
        self.r = random.Random(seed)

    def uuid(self) -> str:
        return str(uuid.UUID(int=self.r.getrandbits(128), version=4))

    def hex(self, n: int = 24) -> str:
        return f"{self.r.getrandbits(n * 4):0{n}x}"

    def num(self) -> str:
        return str(self.r.randint(10**17, 10**18))


def _dump(doc: Any) -> str:
    return json.dumps(doc, indent=2, ensure_ascii=False)


def _lines(docs: list[Any]) -> str:
    return "".join(json.dumps(d, ensure_ascii=False) + "\n" for d in docs)


def sharegpt() -> Chat:
    """ShareGPT (and LLaMA-Factory's function-calling variant): a list of
    ``{"conversations": [{"from", "value"}]}``, ``function_call`` / ``observation`` turns."""
    ids = _Ids("sharegpt")
    convs = []
    for script in (BILL, CODING, ITINERARY):
        turns = []
        for t in script:
            if isinstance(t, U):
                turns.append({"from": "human", "value": t.text})
            elif isinstance(t, A):
                turns.append({"from": "gpt", "value": t.text})
            else:
                turns.append({"from": "function_call",
                              "value": json.dumps({"name": t.name, "arguments": t.args})})
                turns.append({"from": "observation", "value": t.output})
        conv: dict[str, Any] = {"id": ids.hex(7), "conversations": turns}
        if script is CODING:
            conv["system"] = SYSTEM
            conv["tools"] = json.dumps([{"name": "read_file", "description": "Read a file",
                                         "parameters": {"type": "object"}}])
        convs.append(conv)
    asks = [*_asks(BILL), *_asks(CODING), *_asks(ITINERARY)]
    return Chat("sharegpt.json", _dump(convs), asks, [*_hidden(CODING), SYSTEM])


def claude_ai() -> Chat:
    """Claude.ai's data export ``conversations.json``: conversations holding
    ``chat_messages`` with ``sender`` human / assistant, ``text``, content blocks (an
    artifact's tool_use / tool_result), ``attachments`` with their extracted text, ``files``."""
    ids = _Ids("claude")
    convs = []
    hidden: list[str] = []
    for title, script in (("Quarterly sales by region", SALES), ("Electricity bill", BILL)):
        msgs = []
        stamp = 1714550400
        for t in script:
            stamp += 37
            when = f"2024-05-01T0{stamp % 7}:{stamp % 60:02d}:{stamp * 7 % 60:02d}.{stamp % 999:03d}Z"
            msg: dict[str, Any] = {"uuid": ids.uuid(), "text": "", "content": [],
                                   "sender": "human" if isinstance(t, U) else "assistant",
                                   "created_at": when, "updated_at": when,
                                   "attachments": [], "files": []}
            text = t.text if isinstance(t, U | A) else ""
            msg["text"] = text
            msg["content"] = [{"start_timestamp": when, "stop_timestamp": when, "type": "text",
                               "text": text, "citations": []}]
            if isinstance(t, U) and t.attach:
                msg["attachments"] = [{"file_name": t.attach[0], "file_size": len(t.attach[1]),
                                       "file_type": "text/csv",
                                       "extracted_content": t.attach[1]}]
                hidden.append(t.attach[1])
            if isinstance(t, U) and t.image:
                msg["files"] = [{"file_name": "IMG_2041.jpeg"}]
            if isinstance(t, A) and t.text.startswith("import "):  # an artifact
                code = t.text
                msg["text"] = "Here is the chart code."
                msg["content"] = [
                    {"type": "text", "text": "Here is the chart code.", "citations": []},
                    {"type": "tool_use", "name": "artifacts",
                     "input": {"id": "sales-chart", "type": "application/vnd.ant.code",
                               "title": "Sales chart", "command": "create", "content": code,
                               "language": "python"}},
                    {"type": "tool_result", "name": "artifacts",
                     "content": [{"type": "text", "text": "OK"}], "is_error": False}]
            msgs.append(msg)
        convs.append({"uuid": ids.uuid(), "name": title, "created_at": "2024-05-01T07:00:00Z",
                      "updated_at": "2024-05-01T08:00:00Z",
                      "account": {"uuid": ids.uuid()}, "chat_messages": msgs})
    return Chat("claude_ai_conversations.json", _dump(convs), [*_asks(SALES), *_asks(BILL)],
                hidden)


def open_webui() -> Chat:
    """Open WebUI's chat export: chats whose ``chat.history.messages`` map ids to messages
    linked by ``parentId`` / ``childrenIds`` (a regenerated answer is a second child), the
    same messages again as ``chat.messages``, an image as a data URI in ``files``."""
    ids = _Ids("owui")
    by_id: dict[str, dict[str, Any]] = {}
    parent: str | None = None
    stamp = 1715000000
    order = []
    for i, t in enumerate(BILL):
        assert isinstance(t, U | A)
        stamp += 40
        mid = ids.uuid()
        m: dict[str, Any] = {"id": mid, "parentId": parent, "childrenIds": [],
                             "role": "user" if isinstance(t, U) else "assistant",
                             "content": t.text, "timestamp": stamp}
        if isinstance(t, U):
            m["models"] = ["llama3.1:8b"]
            if t.image:
                m["files"] = [{"type": "image", "url": f"data:image/png;base64,{_PNG}"}]
        else:
            m.update({"model": "llama3.1:8b", "modelName": "llama3.1:8b", "modelIdx": 0,
                      "userContext": None, "done": True,
                      "info": {"total_duration": 4123456789, "eval_count": 187,
                               "prompt_eval_count": 512}})
        if parent is not None:
            by_id[parent]["childrenIds"].append(mid)
        if i == 1:  # an answer regenerated: the first attempt stays as a sibling
            alt = dict(m, id=ids.uuid(), content="Your bill went up because it is March.",
                       childrenIds=[])
            by_id[alt["id"]] = alt
            by_id[parent or ""]["childrenIds"].insert(0, alt["id"])
        by_id[mid] = m
        order.append(m)
        parent = mid
    chat = {"id": "", "title": "Electricity bill jump", "models": ["llama3.1:8b"],
            "params": {}, "history": {"messages": by_id, "currentId": parent},
            "messages": order, "tags": [], "timestamp": 1715000000000, "files": []}
    doc = [{"id": ids.uuid(), "user_id": ids.uuid(), "title": "Electricity bill jump",
            "chat": chat, "updated_at": 1715000300, "created_at": 1715000000,
            "share_id": None, "archived": False, "pinned": False, "meta": {"tags": []},
            "folder_id": None}]
    return Chat("open_webui_chat-export.json", _dump(doc), _asks(BILL))


def sillytavern() -> Chat:
    """SillyTavern's chat ``.jsonl``: a header line, then ``{name, is_user, mes, send_date}``
    lines; the character greets first, its answers carry swipes."""
    lines: list[dict[str, Any]] = [{
        "user_name": "Aldric", "character_name": "Mira",
        "create_date": "2024-5-12@14h03m22s",
        "chat_metadata": {"note_prompt": "", "note_interval": 1, "note_position": 1,
                          "note_depth": 4, "objective": {}, "tainted": False}}]
    for k, t in enumerate(TAVERN):
        assert isinstance(t, U | A)
        date = f"May 12, 2024 2:{3 + k:02d}pm"
        if isinstance(t, U):
            lines.append({"name": "Aldric", "is_user": True, "is_system": False,
                          "send_date": date, "mes": t.text, "extra": {}, "force_avatar":
                          "User Avatars/aldric.png"})
        else:
            lines.append({"name": "Mira", "is_user": False, "is_system": False,
                          "send_date": date, "mes": t.text,
                          "extra": {"api": "openai", "model": "gpt-4o-mini"}, "swipe_id": 0,
                          "swipes": [t.text, "*Mira shrugs.* Can't say I know, stranger."],
                          "swipe_info": [{"send_date": date, "gen_started": "2024-05-12T14:0"
                                          f"{k}:11.120Z", "gen_finished": "2024-05-12T14:0"
                                          f"{k}:13.480Z", "extra": {"api": "openai"}}],
                          "gen_started": f"2024-05-12T14:0{k}:11.120Z",
                          "gen_finished": f"2024-05-12T14:0{k}:13.480Z"})
    return Chat("sillytavern_Mira - 2024-5-12@14h03m22s.jsonl", _lines(lines), _asks(TAVERN))


def discord() -> Chat:
    """DiscordChatExporter's JSON: guild, channel, ``messages`` with ``author`` objects
    (a person and a bot) and ``attachments`` by URL."""
    ids = _Ids("discord")
    people = {True: {"id": ids.num(), "name": "ferris_dev", "discriminator": "0000",
                     "nickname": "Ferris", "color": None, "isBot": False, "roles": [],
                     "avatarUrl": "https://cdn.discordapp.com/avatars/1/a.png"},
              False: {"id": ids.num(), "name": "DeployHelper", "discriminator": "4821",
                      "nickname": "DeployHelper", "color": "#5865F2", "isBot": True,
                      "roles": [{"id": ids.num(), "name": "Bots", "color": "#5865F2",
                                 "position": 3}],
                      "avatarUrl": "https://cdn.discordapp.com/avatars/2/b.png"}}
    msgs = []
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        m: dict[str, Any] = {"id": ids.num(), "type": "Default" if k == 0 else "Reply",
                             "timestamp": f"2024-06-03T18:{10 + k:02d}:05.118+00:00",
                             "timestampEdited": None, "callEndedTimestamp": None,
                             "isPinned": False, "content": t.text,
                             "author": people[isinstance(t, U)], "attachments": [],
                             "embeds": [], "stickers": [], "reactions": [], "mentions": [],
                             "inlineEmojis": []}
        if k == 0:
            m["attachments"] = [{"id": ids.num(), "url": "https://cdn.discordapp.com/"
                                 "attachments/1/2/deploy.log", "fileName": "deploy.log",
                                 "fileSizeBytes": 18211}]
        if k > 0:
            m["reference"] = {"messageId": msgs[-1]["id"], "channelId": ids.num(),
                              "guildId": ids.num()}
        if isinstance(t, A):
            m["reactions"] = [{"emoji": {"id": "", "name": "👍", "code": "thumbsup",
                                         "isAnimated": False, "imageUrl": "https://twemoji/1f44d.svg"},
                               "count": 1}]
        msgs.append(m)
    doc = {"guild": {"id": ids.num(), "name": "Fly Community",
                     "iconUrl": "https://cdn.discordapp.com/icons/1/x.png"},
           "channel": {"id": ids.num(), "type": "GuildTextChat", "categoryId": ids.num(),
                       "category": "Help", "name": "deploy-help",
                       "topic": "Ask the bot about deploys"},
           "dateRange": {"after": None, "before": None},
           "exportedAt": "2024-06-04T09:00:00.000+00:00", "messages": msgs,
           "messageCount": len(msgs)}
    return Chat("discord_Fly Community - Help - deploy-help [1234].json", _dump(doc),
                _asks(SUPPORT))


def telegram() -> Chat:
    """Telegram Desktop's ``result.json`` of one chat: ``messages`` with ``from``,
    ``from_id``, ``text`` as a string or a list of entities, ``text_entities``, photos and
    service messages."""
    msgs: list[dict[str, Any]] = [{
        "id": 1001, "type": "service", "date": "2024-04-20T09:58:02",
        "date_unixtime": "1713596282", "actor": "Lena Hoffmann", "actor_id": "user5531209",
        "action": "phone_call", "duration_seconds": 0, "discard_reason": "missed",
        "text": "", "text_entities": []}]
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        me = isinstance(t, U)
        m: dict[str, Any] = {"id": 1002 + k, "type": "message",
                             "date": f"2024-04-20T10:{k:02d}:14",
                             "date_unixtime": str(1713600014 + k * 60),
                             "from": "Lena Hoffmann" if me else "Trip Planner AI",
                             "from_id": "user5531209" if me else "user6120447731"}
        if k == 2:  # the person's text with a link entity: a list
            head, tail = t.text.split("hotel", 1)
            m["text"] = [head, {"type": "bold", "text": "hotel"}, tail]
            m["text_entities"] = [{"type": "plain", "text": head},
                                  {"type": "bold", "text": "hotel"},
                                  {"type": "plain", "text": tail}]
        else:
            m["text"] = t.text
            m["text_entities"] = [{"type": "plain", "text": t.text}]
        if not me:
            m["via_bot"] = "@trip_planner_ai_bot"
        msgs.append(m)
    msgs.insert(3, {"id": 2000, "type": "message", "date": "2024-04-20T10:01:40",
                    "date_unixtime": "1713600100", "from": "Lena Hoffmann",
                    "from_id": "user5531209", "photo": "photos/photo_1@20-04-2024_10-01-40.jpg",
                    "width": 1280, "height": 960, "text": "", "text_entities": []})
    doc = {"name": "Trip Planner AI", "type": "bot_chat", "id": 6120447731, "messages": msgs}
    return Chat("telegram_result.json", _dump(doc), _asks(ITINERARY))


def anthropic_api() -> Chat:
    """An Anthropic Messages API request as a proxy logs it: ``system``, ``tools`` and
    ``messages`` whose content holds text, image (base64), tool_use and tool_result blocks."""
    ids = _Ids("anthropic")
    msgs: list[dict[str, Any]] = []
    first = True
    pending: list[dict[str, Any]] = []
    for t in CODING:
        if isinstance(t, U):
            blocks: list[dict[str, Any]] = [*pending, {"type": "text", "text": t.text}]
            pending = []
            if first:
                blocks.insert(0, {"type": "image", "source": {
                    "type": "base64", "media_type": "image/png", "data": _PNG}})
                first = False
            msgs.append({"role": "user", "content": blocks})
        elif isinstance(t, A):
            if pending:
                msgs.append({"role": "user", "content": pending})
                pending = []
            msgs.append({"role": "assistant", "content": [{"type": "text", "text": t.text}]})
        else:
            if pending:
                msgs.append({"role": "user", "content": pending})
                pending = []
            tid = "toolu_01" + ids.hex(22)
            if msgs and msgs[-1]["role"] == "assistant":
                msgs[-1]["content"].append({"type": "tool_use", "id": tid, "name": t.name,
                                            "input": t.args})
            else:
                msgs.append({"role": "assistant", "content": [
                    {"type": "tool_use", "id": tid, "name": t.name, "input": t.args}]})
            pending = [{"type": "tool_result", "tool_use_id": tid,
                        "content": [{"type": "text", "text": t.output}]}]
    doc = {"model": "claude-3-5-sonnet-20241022", "max_tokens": 4096, "system": SYSTEM,
           "tools": [{"name": "read_file", "description": "Read a file of the repository.",
                      "input_schema": {"type": "object", "properties": {
                          "path": {"type": "string", "description": "The file's path."}}}},
                     {"name": "run_command", "description": "Run a shell command.",
                      "input_schema": {"type": "object", "properties": {
                          "command": {"type": "string"}}}}],
           "messages": msgs}
    return Chat("anthropic_messages_request.json", _dump(doc), _asks(CODING),
                [*_hidden(CODING), SYSTEM])


_ENV = ("<environment_details>\n# VSCode Visible Files\napp/views.py\n\n# VSCode Open Tabs\n"
        "app/views.py\ntests/test_login.py\n\n# Current Time\n5/14/2024, 10:21:07 AM (Europe/"
        "Berlin, UTC+2:00)\n\n# Current Mode\nACT MODE\n</environment_details>")


def cline() -> Chat:
    """Cline's (and Roo Code's) ``api_conversation_history.json``: Anthropic messages whose
    tool calls are XML in the assistant's text and whose results come back in the user's
    turn as ``[tool for 'arg'] Result:`` text, the task in ``<task>``, environment details
    after every user turn; the person's later words come back as the result of
    ``attempt_completion``, in ``<feedback>``."""
    msgs: list[dict[str, Any]] = []
    user: list[dict[str, Any]] = []

    def flush() -> None:
        nonlocal user
        if user:
            msgs.append({"role": "user", "content": [*user, {"type": "text", "text": _ENV}]})
            user = []

    for t in CODING:
        if isinstance(t, U):
            if not msgs:
                user = [{"type": "text", "text": f"<task>\n{t.text}\n</task>"}]
            else:
                user = [{"type": "text", "text": "[attempt_completion] Result:"},
                        {"type": "text", "text": "The user has provided feedback on the "
                         "results. Consider their input to continue the task, and then "
                         f"attempt completion again.\n<feedback>\n{t.text}\n</feedback>"}]
        elif isinstance(t, A):
            flush()
            msgs.append({"role": "assistant", "content": [{"type": "text", "text":
                         "<thinking>\nI should report what I found.\n</thinking>\n\n"
                         f"<attempt_completion>\n<result>\n{t.text}\n</result>\n"
                         "</attempt_completion>"}]})
        else:
            flush()
            arg = next(iter(t.args.values()))
            xml = "".join(f"<{k}>{v}</{k}>\n" for k, v in t.args.items())
            msgs.append({"role": "assistant", "content": [{"type": "text", "text":
                         f"<thinking>\nNext I need {t.name}.\n</thinking>\n\n"
                         f"<{t.name}>\n{xml}</{t.name}>"}]})
            user = [{"type": "text", "text": f"[{t.name} for '{arg}'] Result:"},
                    {"type": "text", "text": t.output}]
    flush()
    return Chat("cline_api_conversation_history.json", _dump(msgs), _asks(CODING),
                [*_hidden(CODING), _ENV], every_ask=True)


def sharegpt_jsonl() -> Chat:
    """A ShareGPT data set as JSON lines (one conversation a line), ``system`` turns."""
    lines = []
    for k, script in enumerate((SUPPORT, SALES)):
        turns = [{"from": "system", "value": SYSTEM}]
        turns += [{"from": "human" if isinstance(t, U) else "gpt",
                   "value": t.text if isinstance(t, U | A) else ""} for t in script]
        lines.append({"id": f"sg-{k}", "conversations": turns})
    return Chat("sharegpt_train.jsonl", _lines(lines), [*_asks(SUPPORT), *_asks(SALES)],
                [SYSTEM])


def gemini_api() -> Chat:
    """A Gemini API ``generateContent`` request as logged: ``contents`` of ``role`` user /
    model with ``parts`` — text, ``inlineData`` (base64), ``functionCall``,
    ``functionResponse``."""
    contents: list[dict[str, Any]] = []
    for t in CODING:
        if isinstance(t, U):
            parts: list[dict[str, Any]] = [{"text": t.text}]
            if not contents:
                parts.append({"inlineData": {"mimeType": "image/png", "data": _PNG}})
            contents.append({"role": "user", "parts": parts})
        elif isinstance(t, A):
            contents.append({"role": "model", "parts": [{"text": t.text}]})
        else:
            contents.append({"role": "model", "parts": [
                {"functionCall": {"name": t.name, "args": t.args}}]})
            contents.append({"role": "user", "parts": [
                {"functionResponse": {"name": t.name, "response": {"output": t.output}}}]})
    doc = {"contents": contents,
           "systemInstruction": {"parts": [{"text": SYSTEM}]},
           "tools": [{"functionDeclarations": [
               {"name": "read_file", "description": "Read a file of the repository.",
                "parameters": {"type": "OBJECT", "properties": {"path": {"type": "STRING"}}}}]}],
           "generationConfig": {"temperature": 0.2, "maxOutputTokens": 8192}}
    return Chat("gemini_generateContent_request.json", _dump(doc), _asks(CODING),
                [*_hidden(CODING), SYSTEM])


def chatbox() -> Chat:
    """Chatbox's exported data: ``chat-sessions`` whose messages hold ``contentParts``,
    beside the app's settings."""
    ids = _Ids("chatbox")
    sessions = []
    for name, script in (("Lisbon", ITINERARY), ("Deploy", SUPPORT)):
        msgs = [{"id": ids.uuid(), "role": "system", "contentParts": [
            {"type": "text", "text": "You are a helpful assistant."}], "timestamp": 1715000000000}]
        for k, t in enumerate(script):
            assert isinstance(t, U | A)
            m: dict[str, Any] = {"id": ids.uuid(), "role": "user" if isinstance(t, U)
                                 else "assistant",
                                 "contentParts": [{"type": "text", "text": t.text}],
                                 "timestamp": 1715000000000 + k * 1000, "wordCount":
                                 len(t.text.split()), "tokenCount": len(t.text) // 4}
            if isinstance(t, A):
                m.update({"aiProvider": "openai", "model": "gpt-4o-mini", "generating": False,
                          "status": [], "firstTokenLatency": 412})
            msgs.append(m)
        sessions.append({"id": ids.uuid(), "name": name, "type": "chat", "messages": msgs,
                         "settings": {"provider": "openai", "modelId": "gpt-4o-mini"}})
    doc = {"chat-sessions": sessions, "chat-sessions-list": [{"id": x["id"], "name": x["name"]}
                                                               for x in sessions],
           "settings": {"language": "en", "theme": 1, "fontSize": 13},
           "configVersion": 11, "__exported_items": ["setting", "conversations"],
           "__exported_at": "2024-09-01T10:00:00.000Z"}
    return Chat("chatbox-exported-data-2024-9-1.json", _dump(doc),
                [*_asks(ITINERARY), *_asks(SUPPORT)])


def zed() -> Chat:
    """A Zed assistant context (``~/.config/zed/conversations/*.zed.json``): the whole
    conversation is one ``text``; ``messages`` hold only where each message starts in it and
    its role."""
    text = ""
    msgs = []
    for k, t in enumerate(BILL):
        assert isinstance(t, U | A)
        msgs.append({"id": {"replica_id": 0, "value": k}, "start": len(text),
                     "metadata": {"role": "user" if isinstance(t, U) else "assistant",
                                  "status": "Done", "timestamp": {"replica_id": 0,
                                                                  "value": 10 + k}}})
        text += t.text + "\n"
    doc = {"id": "5f3c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f", "zed": "context", "version": "0.4.0",
           "text": text, "messages": msgs, "summary": "Electricity bill jump",
           "slash_command_output_sections": []}
    return Chat("Electricity bill jump - 1.zed.json", _dump(doc), _asks(BILL))


def openai_finetune() -> Chat:
    """OpenAI's fine-tuning JSON lines: one conversation a line as ``{"messages": [...]}``,
    with a system message, and tool calls answered by ``tool`` messages."""
    lines = []
    for script in (ITINERARY, SUPPORT, CODING):
        msgs: list[dict[str, Any]] = [{"role": "system", "content": SYSTEM}]
        k = 0
        for t in script:
            if isinstance(t, U):
                msgs.append({"role": "user", "content": t.text})
            elif isinstance(t, A):
                msgs.append({"role": "assistant", "content": t.text})
            else:
                k += 1
                msgs.append({"role": "assistant", "tool_calls": [{
                    "id": f"call_{k}", "type": "function",
                    "function": {"name": t.name, "arguments": json.dumps(t.args)}}]})
                msgs.append({"role": "tool", "tool_call_id": f"call_{k}", "content": t.output})
        line: dict[str, Any] = {"messages": msgs}
        if script is CODING:
            line["tools"] = [{"type": "function", "function": {
                "name": "read_file", "description": "Read a file",
                "parameters": {"type": "object", "properties": {"path": {"type": "string"}}}}}]
            line["parallel_tool_calls"] = False
        lines.append(line)
    return Chat("openai_finetune_train.jsonl", _lines(lines),
                [*_asks(ITINERARY), *_asks(SUPPORT), *_asks(CODING)],
                [*_hidden(CODING), SYSTEM])


def continue_dev() -> Chat:
    """A Continue.dev session (``~/.continue/sessions/<id>.json``): ``history`` items with
    a ``message`` (role, content), the ``contextItems`` the person attached (files' text),
    the editor's state as a ProseMirror document, and prompt logs."""
    ids = _Ids("continue")
    history = []
    for t in SALES:
        assert isinstance(t, U | A)
        if isinstance(t, U):
            item: dict[str, Any] = {
                "message": {"role": "user", "content": t.text, "id": ids.uuid()},
                "contextItems": [],
                "editorState": {"type": "doc", "content": [{"type": "paragraph", "content": [
                    {"type": "text", "text": t.text}]}]}}
            if t.attach:
                item["contextItems"] = [{
                    "content": f"```data/{t.attach[0]}\n{t.attach[1]}```",
                    "name": t.attach[0], "description": f"data/{t.attach[0]}",
                    "id": {"providerTitle": "file", "itemId": ids.uuid()},
                    "uri": {"type": "file", "value": f"file:///home/ana/q3/data/{t.attach[0]}"}}]
        else:
            item = {"message": {"role": "assistant", "content": t.text, "id": ids.uuid()},
                    "contextItems": [], "promptLogs": [{
                        "modelTitle": "Llama 3.1 8B", "completionOptions": {
                            "model": "llama3.1:8b", "maxTokens": 4096},
                        "prompt": "<|start_header_id|>user<|end_header_id|>\n\n"
                                  + "\n".join(x.text for x in SALES[:SALES.index(t)])
                                  + "<|eot_id|>",
                        "completion": t.text}]}
        history.append(item)
    doc = {"sessionId": ids.uuid(), "title": "Quarterly sales summary",
           "workspaceDirectory": "file:///home/ana/q3", "history": history}
    return Chat("continue_session.json", _dump(doc), _asks(SALES), [SALES_CSV])


def lm_studio() -> Chat:
    """An LM Studio conversation (``~/.lmstudio/conversations/*.conversation.json``):
    ``messages`` each holding ``versions`` (regenerations) of which one is selected, the
    assistant's versions made of ``steps`` of content blocks."""
    msgs = []
    for t in ITINERARY:
        assert isinstance(t, U | A)
        if isinstance(t, U):
            version: dict[str, Any] = {"type": "singleStep", "role": "user",
                                       "content": [{"type": "text", "text": t.text}]}
        else:
            version = {"type": "multiStep", "role": "assistant",
                       "senderInfo": {"senderName": "qwen2.5-7b-instruct"},
                       "steps": [{"type": "contentBlock", "stepIdentifier":
                                  f"{1715000000000 + len(msgs)}-0.{len(msgs)}51",
                                  "content": [{"type": "text", "text": t.text,
                                               "fromDraftModel": False}],
                                  "defaultShouldIncludeInContext": True,
                                  "shouldIncludeInContext": True,
                                  "genInfo": {"indexedModelIdentifier": "lmstudio-community/"
                                              "Qwen2.5-7B-Instruct-GGUF",
                                              "stats": {"tokensPerSecond": 31.2,
                                                        "predictedTokensCount": 142}}}]}
        msgs.append({"versions": [version], "currentlySelected": 0})
    doc = {"name": "Lisbon trip", "pinned": False, "createdAt": 1715000000000,
           "preset": "", "tokenCount": 812, "systemPrompt": "", "messages": msgs,
           "usePerChatPredictionConfig": True,
           "perChatPredictionConfig": {"fields": []}, "clientInput": "",
           "clientInputFiles": [], "userFilesSizeBytes": 0,
           "lastUsedModel": {"identifier": "qwen2.5-7b-instruct",
                             "indexedModelIdentifier": "lmstudio-community/Qwen2.5-7B",
                             "instanceLoadTimeConfig": {"fields": []},
                             "instanceOperationTimeConfig": {"fields": []}},
           "notes": [], "plugins": [], "pluginConfigs": {}, "disabledPluginTools": [],
           "looseFiles": []}
    return Chat("lm_studio_1715000000000.conversation.json", _dump(doc), _asks(ITINERARY))


def ai_studio() -> Chat:
    """A Google AI Studio prompt saved to Drive: ``chunkedPrompt.chunks`` with ``role``
    user / model, the model's thoughts as chunks marked ``isThought``, an image by its
    Drive id."""
    chunks: list[dict[str, Any]] = []
    for t in BILL:
        assert isinstance(t, U | A)
        if isinstance(t, U):
            if t.image:
                chunks.append({"driveImage": {"id": "1aB2cD3eF4gH5iJ6kL7mN8oP9qR0sT1uV"},
                               "role": "user", "tokenCount": 258})
            chunks.append({"text": t.text, "role": "user", "tokenCount": len(t.text) // 4})
        else:
            chunks.append({"text": "**Comparing the two months**\n\nI'm looking at the "
                           "usage and the rate lines of both bills to see what changed.",
                           "role": "model", "tokenCount": 301, "isThought": True,
                           "thinkingBudget": -1})
            chunks.append({"text": t.text, "role": "model", "finishReason": "STOP",
                           "tokenCount": len(t.text) // 4, "parts": [{"text": t.text}]})
    doc = {"runSettings": {"temperature": 1.0, "model": "models/gemini-2.5-pro",
                           "topP": 0.95, "topK": 64, "maxOutputTokens": 65536,
                           "safetySettings": [{"category": "HARM_CATEGORY_HARASSMENT",
                                               "threshold": "OFF"}],
                           "responseMimeType": "text/plain", "enableCodeExecution": False,
                           "enableSearchAsATool": False, "enableBrowseAsATool": False,
                           "enableAutoFunctionResponse": False, "thinkingBudget": -1},
           "systemInstruction": {},
           "chunkedPrompt": {"chunks": chunks, "pendingInputs": [{"text": "", "role": "user"}]}}
    return Chat("ai_studio_Electricity bill", _dump(doc), _asks(BILL))


def jan() -> Chat:
    """A Jan thread's ``messages.jsonl``: OpenAI Assistants-style thread messages whose
    content blocks hold ``text.value``."""
    ids = _Ids("jan")
    lines = []
    thread = "jan_" + str(1715000000)
    for k, t in enumerate(SALES):
        assert isinstance(t, U | A)
        content: list[dict[str, Any]] = [{"type": "text", "text": {
            "value": t.text, "annotations": []}}]
        if isinstance(t, U) and t.attach:
            content.append({"type": "text", "text": {"value": t.attach[1], "annotations": [
                "file"], "name": t.attach[0]}})
        lines.append({"id": ids.hex(26).upper(), "object": "thread.message",
                      "thread_id": thread,
                      "assistant_id": "jan" if isinstance(t, A) else "",
                      "role": "user" if isinstance(t, U) else "assistant",
                      "content": content, "status": "ready",
                      "created": 1715000000000 + k * 30000,
                      "updated": 1715000000000 + k * 30000,
                      "object_metadata": None, "metadata": {}, "type": "Thread"})
    return Chat("jan_messages.jsonl", _lines(lines), _asks(SALES), [SALES_CSV])


def librechat() -> Chat:
    """LibreChat's conversation export as a recursive tree: each message's ``children``
    hold the messages that answer it; ``sender`` names the person ("User") or the model,
    ``isCreatedByUser`` says which."""
    ids = _Ids("librechat")
    conv_id = ids.uuid()
    root: list[dict[str, Any]] = []
    level = root
    parent = "00000000-0000-0000-0000-000000000000"
    for t in SUPPORT:
        assert isinstance(t, U | A)
        mid = ids.uuid()
        m: dict[str, Any] = {"messageId": mid, "conversationId": conv_id,
                             "parentMessageId": parent,
                             "sender": "User" if isinstance(t, U) else "GPT-4o",
                             "text": t.text, "isCreatedByUser": isinstance(t, U),
                             "model": None if isinstance(t, U) else "gpt-4o",
                             "error": False, "unfinished": False,
                             "tokenCount": len(t.text) // 4,
                             "createdAt": "2024-06-03T18:10:05.118Z",
                             "updatedAt": "2024-06-03T18:10:05.118Z", "children": []}
        if isinstance(t, A):
            m["finish_reason"] = "stop"
        level.append(m)
        level = m["children"]
        parent = mid
    doc = {"conversationId": conv_id, "endpoint": "openAI", "title": "Fly.io deploy help",
           "exportAt": "18:22:41 GMT+0200", "branches": True, "recursive": True,
           "options": {"model": "gpt-4o", "endpoint": "openAI", "temperature": 1},
           "messagesTree": root}
    return Chat("librechat_export.json", _dump(doc), _asks(SUPPORT))


# ---- a second stranger pass: more tools' shapes ------------------------------------------

def assistants_list() -> Chat:
    """The OpenAI Assistants API's ``GET /threads/{id}/messages`` answer: ``{"object":
    "list", "data": [...]}`` newest first (its default order), each a ``thread.message``
    whose content blocks hold ``text.value`` with annotations, an attachment by file id,
    ``first_id`` / ``last_id`` / ``has_more`` around it."""
    ids = _Ids("assistants")
    thread = "thread_" + ids.hex(24)
    data = []
    for k, t in enumerate(SALES):
        assert isinstance(t, U | A)
        m: dict[str, Any] = {
            "id": "msg_" + ids.hex(24), "object": "thread.message",
            "created_at": 1715000000 + k * 41, "assistant_id": None, "thread_id": thread,
            "run_id": None, "role": "user" if isinstance(t, U) else "assistant",
            "content": [{"type": "text", "text": {"value": t.text, "annotations": []}}],
            "attachments": [], "metadata": {}}
        if isinstance(t, A):
            m["assistant_id"] = "asst_" + ids.hex(24)
            m["run_id"] = "run_" + ids.hex(24)
            m["content"][0]["text"]["annotations"] = [{
                "type": "file_citation", "text": "【4:0†sales_q3.csv】", "start_index": 12,
                "end_index": 29, "file_citation": {"file_id": "file-" + ids.hex(24)}}]
        if isinstance(t, U) and t.attach:
            m["attachments"] = [{"file_id": "file-" + ids.hex(24),
                                 "tools": [{"type": "code_interpreter"}]}]
        data.append(m)
    data.reverse()  # newest first
    doc = {"object": "list", "data": data, "first_id": data[0]["id"],
           "last_id": data[-1]["id"], "has_more": False}
    return Chat("assistants_thread_messages.json", _dump(doc), _asks(SALES))


def slack_dm() -> Chat:
    """A Slack workspace export's day file of a DM with an app (``D0123/2024-06-03.json``):
    the person's messages by ``user`` id with ``client_msg_id`` and ``blocks`` of rich
    text repeating ``text``; the app's carry ``bot_id``, ``app_id``, ``bot_profile``; a
    file shared; a join message."""
    ids = _Ids("slack")
    me, bot = "U05" + ids.hex(4).upper(), "U06" + ids.hex(4).upper()
    msgs: list[dict[str, Any]] = []
    ts = 1717430000.000100
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        ts += 53.1
        stamp = f"{ts:.6f}"
        if isinstance(t, U):
            m: dict[str, Any] = {
                "client_msg_id": ids.uuid(), "type": "message", "text": t.text, "user": me,
                "ts": stamp, "blocks": [{"type": "rich_text", "block_id": ids.hex(4),
                                         "elements": [{"type": "rich_text_section",
                                                       "elements": [{"type": "text",
                                                                     "text": t.text}]}]}],
                "team": "T0" + ids.hex(4).upper(),
                "user_team": "T0ABCD", "source_team": "T0ABCD",
                "user_profile": {"avatar_hash": ids.hex(6), "image_72": "https://avatars."
                                 "slack-edge.com/a_72.png", "first_name": "Sam",
                                 "real_name": "Sam Ortiz", "display_name": "sam",
                                 "team": "T0ABCD", "name": "sam.ortiz", "is_restricted": False,
                                 "is_ultra_restricted": False}}
            if k == 0:
                m["files"] = [{"id": "F0" + ids.hex(5).upper(), "name": "fly.toml",
                               "title": "fly.toml", "mimetype": "text/plain",
                               "filetype": "toml", "url_private": "https://files.slack.com/"
                               "files-pri/T0ABCD-F0/fly.toml", "size": 612}]
                m["upload"] = False
        else:
            m = {"type": "message", "subtype": "bot_message" if k == 1 else None,
                 "text": t.text, "ts": stamp, "bot_id": "B0" + ids.hex(4).upper(),
                 "app_id": "A0" + ids.hex(4).upper(), "user": bot,
                 "bot_profile": {"id": "B0X", "deleted": False, "name": "DeployBot",
                                 "updated": 1700000000, "app_id": "A0X",
                                 "icons": {"image_36": "https://a.slack-edge.com/b.png"},
                                 "team_id": "T0ABCD"},
                 "blocks": [{"type": "section", "block_id": ids.hex(4),
                             "text": {"type": "mrkdwn", "text": t.text, "verbatim": False}}],
                 "team": "T0ABCD"}
            if m["subtype"] is None:
                del m["subtype"]
        msgs.append(m)
    return Chat("slack_D06ABCD_2024-06-03.json", _dump(msgs), _asks(SUPPORT))


def matrix_element() -> Chat:
    """Element's (Matrix) chat export as JSON: room facts, then ``messages`` — state events
    (a member joining, the room's name) and ``m.room.message`` events whose ``content``
    holds ``body`` and an HTML ``formatted_body``, an image as ``m.image`` with an mxc URL."""
    ids = _Ids("matrix")
    room = "!" + ids.hex(9) + ":matrix.org"
    me, bot = "@lena:matrix.org", "@planner-bot:example.org"
    events: list[dict[str, Any]] = [
        {"type": "m.room.create", "sender": me, "content": {"room_version": "10",
                                                             "creator": me},
         "state_key": "", "origin_server_ts": 1713600000000, "room_id": room,
         "event_id": "$" + ids.hex(22), "unsigned": {"age": 1234}},
        {"type": "m.room.member", "sender": bot, "content": {"membership": "join",
                                                             "displayname": "Trip Planner"},
         "state_key": bot, "origin_server_ts": 1713600001000, "room_id": room,
         "event_id": "$" + ids.hex(22), "unsigned": {"age": 1200}}]
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        content: dict[str, Any] = {"msgtype": "m.text", "body": t.text}
        if isinstance(t, A):
            content.update({"format": "org.matrix.custom.html",
                            "formatted_body": f"<p>{t.text}</p>"})
        events.append({"type": "m.room.message", "sender": me if isinstance(t, U) else bot,
                       "content": content, "origin_server_ts": 1713600014000 + k * 60000,
                       "room_id": room, "event_id": "$" + ids.hex(22),
                       "unsigned": {"age": 900 - k, "transaction_id": "m" + ids.hex(8)}})
        if k == 0:
            events.append({"type": "m.room.message", "sender": me, "content": {
                "msgtype": "m.image", "body": "lisbon_map.png", "url": "mxc://matrix.org/"
                + ids.hex(12), "info": {"mimetype": "image/png", "size": 81234, "w": 800,
                                        "h": 600}}, "origin_server_ts": 1713600020000,
                "room_id": room, "event_id": "$" + ids.hex(22), "unsigned": {"age": 880}})
    doc = {"room_name": "Trip Planner", "room_creator": me, "topic": "",
           "export_date": "20/04/2024", "exported_by": me, "messages": events}
    return Chat("matrix - Trip Planner - Chat Export - 1713600000000.json", _dump(doc),
                _asks(ITINERARY))


def whatsapp_txt() -> Chat:
    """WhatsApp's "Export chat" text (iOS): ``[20/04/2024, 10:00:14] Name: text`` lines,
    the end-to-end notice first, a continuation line, an attachment placeholder."""
    lines = ["[20/04/2024, 09:58:02] ChatGPT: \u200eMessages and calls are end-to-end "
             "encrypted. No one outside of this chat, not even WhatsApp, can read or listen "
             "to them."]
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        who = "Lena Hoffmann" if isinstance(t, U) else "ChatGPT"
        text = t.text
        if isinstance(t, A) and "Day 2" in text:  # a reply on several lines
            text = text.replace(" Day 2", "\nDay 2").replace(" Day 3", "\nDay 3")
        lines.append(f"[20/04/2024, 10:{k * 3:02d}:14] {who}: {text}")
        if k == 0:
            lines.append("[20/04/2024, 10:01:40] Lena Hoffmann: \u200eimage omitted")
    return Chat("WhatsApp Chat with ChatGPT.txt", "\n".join(lines) + "\n", _asks(ITINERARY))


def google_chat() -> Chat:
    """Google Chat in a Takeout (``Groups/DM .../messages.json``): ``messages`` with a
    ``creator`` (name, email, ``user_type`` Human or Bot), a spelled-out ``created_date``,
    ``text``, ``topic_id``, an attached file as ``attached_files``."""
    ids = _Ids("gchat")
    people = {True: {"name": "Ana Pereira", "email": "ana@example.com", "user_type": "Human"},
              False: {"name": "Sheets Helper", "user_type": "Bot"}}
    msgs = []
    for k, t in enumerate(SALES):
        assert isinstance(t, U | A)
        m: dict[str, Any] = {"creator": people[isinstance(t, U)],
                             "created_date": f"Monday, May 6, 2024 at 10:{k:02d}:12 AM UTC",
                             "text": t.text, "topic_id": ids.hex(11),
                             "message_id": f"dm/{ids.hex(11)}/{ids.hex(11)}"}
        if isinstance(t, U) and t.attach:
            m["attached_files"] = [{"original_name": t.attach[0],
                                    "export_name": t.attach[0]}]
        msgs.append(m)
    return Chat("google_chat_messages.json", _dump({"messages": msgs}), _asks(SALES),
                [SALES_CSV])


def open_interpreter() -> Chat:
    """Open Interpreter's saved conversation (``conversations/*.json``): a list of LMC
    messages — ``role`` user / assistant / computer, ``type`` message / code / console /
    image, ``format`` (python, output, base64.png), ``content``; the code's output comes
    back from the computer."""
    msgs: list[dict[str, Any]] = []
    for t in CODING:
        if isinstance(t, U):
            msgs.append({"role": "user", "type": "message", "content": t.text})
        elif isinstance(t, A):
            msgs.append({"role": "assistant", "type": "message", "content": t.text})
        else:
            code = (f"print(open({t.args['path']!r}).read())" if "path" in t.args
                    and "content" not in t.args else
                    f"!{t.args['command']}" if "command" in t.args else
                    f"open({t.args['path']!r}, 'w').write({t.args['content']!r})")
            msgs.append({"role": "assistant", "type": "code", "format": "python",
                         "content": code})
            msgs.append({"role": "computer", "type": "console", "format": "output",
                         "content": t.output})
    msgs.insert(1, {"role": "computer", "type": "image", "format": "base64.png",
                    "content": _PNG})
    return Chat("open_interpreter_Flask_login_500__May_14_2024.json", _dump(msgs),
                _asks(CODING), _hidden(CODING))


def vercel_ui() -> Chat:
    """The Vercel AI SDK's ``UIMessage[]`` as an app stores it: ``id``, ``role``, ``parts``
    — ``text``, ``step-start``, ``reasoning``, ``tool-invocation`` (call and result in one
    part), ``file`` (a data URL) — and the flat ``content`` beside them."""
    ids = _Ids("vercel")
    msgs: list[dict[str, Any]] = []
    for t in CODING:
        if isinstance(t, U):
            parts: list[dict[str, Any]] = [{"type": "text", "text": t.text}]
            if not msgs:
                parts.append({"type": "file", "mediaType": "image/png",
                              "url": f"data:image/png;base64,{_PNG}"})
            msgs.append({"id": ids.hex(16), "role": "user", "content": t.text,
                         "createdAt": "2024-05-14T08:21:07.000Z", "parts": parts})
            continue
        if not msgs or msgs[-1]["role"] != "assistant":
            msgs.append({"id": "msg-" + ids.hex(16), "role": "assistant", "content": "",
                         "createdAt": "2024-05-14T08:21:09.000Z",
                         "parts": [{"type": "step-start"}]})
        last = msgs[-1]
        if isinstance(t, A):
            last["parts"] += [{"type": "reasoning", "reasoning": "Let me think about the "
                               "cause.", "details": [{"type": "text", "text": "Let me think "
                                                      "about the cause."}]},
                              {"type": "text", "text": t.text}]
            last["content"] = (last["content"] + "\n" + t.text).strip()
        else:
            last["parts"] += [{"type": "tool-invocation", "toolInvocation": {
                "state": "result", "step": len(last["parts"]), "toolCallId": "call_"
                + ids.hex(12), "toolName": t.name, "args": t.args, "result": t.output}},
                {"type": "step-start"}]
    return Chat("vercel_ai_chat_messages.json", _dump(msgs), _asks(CODING), _hidden(CODING))


def _lc(kind: str, content: Any, **kw: Any) -> dict[str, Any]:
    return {"lc": 1, "type": "constructor", "id": ["langchain", "schema", "messages", kind],
            "kwargs": {"content": content, "type": kind[:-7].lower() or "human", **kw}}


def langsmith_run() -> Chat:
    """A LangSmith LLM run exported as JSON: ``inputs.messages`` a batch (a list of lists) of
    serialized LangChain messages (``id`` ends in ``HumanMessage`` / ``AIMessage`` /
    ``ToolMessage`` / ``SystemMessage``, words in ``kwargs.content``), ``outputs.generations``
    the model's answer, run metadata all around."""
    ids = _Ids("langsmith")
    batch: list[dict[str, Any]] = [_lc("SystemMessage", SYSTEM)]
    for t in CODING[:-1]:
        if isinstance(t, U):
            batch.append(_lc("HumanMessage", t.text))
        elif isinstance(t, A):
            batch.append(_lc("AIMessage", t.text, response_metadata={
                "finish_reason": "stop", "model_name": "gpt-4o-2024-08-06"}, id="run-"
                + ids.uuid()))
        else:
            cid = "call_" + ids.hex(12)
            batch.append(_lc("AIMessage", "", tool_calls=[{
                "name": t.name, "args": t.args, "id": cid, "type": "tool_call"}],
                additional_kwargs={"tool_calls": [{"id": cid, "function": {
                    "arguments": json.dumps(t.args), "name": t.name}, "type": "function"}]}))
            batch.append(_lc("ToolMessage", t.output, tool_call_id=cid, name=t.name,
                             status="success"))
    last = CODING[-1]
    assert isinstance(last, A)
    doc = {"id": ids.uuid(), "name": "ChatOpenAI", "run_type": "llm",
           "start_time": "2024-05-14T08:21:07.118000", "end_time": "2024-05-14T08:21:09.402000",
           "extra": {"invocation_params": {"model": "gpt-4o", "temperature": 0.0,
                                           "_type": "openai-chat"},
                     "metadata": {"ls_provider": "openai", "ls_model_name": "gpt-4o",
                                  "revision_id": "v0.2.14"}},
           "error": None, "serialized": {"lc": 1, "type": "constructor",
                                         "id": ["langchain", "chat_models", "openai",
                                                "ChatOpenAI"]},
           "events": [{"name": "start", "time": "2024-05-14T08:21:07.118000"}],
           "inputs": {"messages": [batch]},
           "outputs": {"generations": [[{"text": last.text, "generation_info": {
               "finish_reason": "stop"}, "type": "ChatGeneration", "message": _lc(
                   "AIMessage", last.text)}]], "llm_output": {"token_usage": {
                       "completion_tokens": 61, "prompt_tokens": 912, "total_tokens": 973},
                       "model_name": "gpt-4o-2024-08-06"}},
           "tags": ["seq:step:2"], "trace_id": ids.uuid(), "dotted_order":
           "20240514T082107118000Z" + ids.uuid(), "session_id": ids.uuid(),
           "status": "success", "total_tokens": 973}
    return Chat("langsmith_run.json", _dump(doc), _asks(CODING), [*_hidden(CODING), SYSTEM])


def autogen() -> Chat:
    """An AutoGen AgentChat ``TaskResult`` dumped to JSON: ``messages`` with ``source``
    (user, the agent's name), ``type`` TextMessage / ToolCallRequestEvent /
    ToolCallExecutionEvent / ToolCallSummaryMessage, ``models_usage``, content as text or a
    list of calls / results; ``stop_reason``."""
    ids = _Ids("autogen")
    msgs: list[dict[str, Any]] = []
    for t in CODING:
        if isinstance(t, U):
            msgs.append({"source": "user", "models_usage": None, "metadata": {},
                         "content": t.text, "type": "TextMessage"})
        elif isinstance(t, A):
            msgs.append({"source": "coder", "models_usage": {"prompt_tokens": 812,
                                                             "completion_tokens": 73},
                         "metadata": {}, "content": t.text, "type": "TextMessage"})
        else:
            cid = "call_" + ids.hex(12)
            msgs.append({"source": "coder", "models_usage": {"prompt_tokens": 640,
                                                             "completion_tokens": 22},
                         "metadata": {}, "content": [{"id": cid, "arguments":
                                                      json.dumps(t.args), "name": t.name}],
                         "type": "ToolCallRequestEvent"})
            msgs.append({"source": "coder", "models_usage": None, "metadata": {},
                         "content": [{"content": t.output, "name": t.name, "call_id": cid,
                                      "is_error": False}], "type": "ToolCallExecutionEvent"})
            msgs.append({"source": "coder", "models_usage": None, "metadata": {},
                         "content": t.output, "type": "ToolCallSummaryMessage"})
    doc = {"messages": msgs, "stop_reason": "Text 'TERMINATE' mentioned"}
    return Chat("autogen_task_result.json", _dump(doc), _asks(CODING), _hidden(CODING))


def claude_code() -> Chat:
    """Claude Code's ``/export`` to a text file: the welcome box, then the person's turns
    after "> ", the assistant's after "⏺ ", tool calls as "⏺ Read(path)" with their results
    indented under "  ⎿ "."""
    out = ["╭───────────────────────────────────────────────────╮",
           "│ ✻ Welcome to Claude Code!                         │",
           "│                                                   │",
           "│   /help for help, /status for your current setup  │",
           "│                                                   │",
           "│   cwd: /home/ana/flask-app                        │",
           "╰───────────────────────────────────────────────────╯", "", ""]
    for t in CODING:
        if isinstance(t, U):
            out += [f"> {t.text}", ""]
        elif isinstance(t, A):
            out += [f"⏺ {t.text}", ""]
        else:
            arg = next(iter(t.args.values()))
            name = {"read_file": "Read", "run_command": "Bash", "write_file": "Write"}[t.name]
            res = t.output.split("\n")
            out += [f"⏺ {name}({arg})", f"  ⎿  {res[0]}"]
            out += [f"     {x}" for x in res[1:]]
            out.append("")
    return Chat("2024-05-14-flask-login-500.txt", "\n".join(out), _asks(CODING),
                _hidden(CODING))


def mattermost() -> Chat:
    """A Mattermost bulk export (JSON lines): a version line, teams, channels and users, then
    ``direct_post`` lines of a DM between a person and a bot — ``user``, ``message``,
    ``create_at`` in milliseconds — beside their ``reactions`` and ``replies``."""
    lines: list[dict[str, Any]] = [
        {"type": "version", "version": 1, "info": {"generator": "mattermost-server",
                                                   "version": "9.5.1", "created": "2024-06-04"}},
        {"type": "team", "team": {"name": "ops", "display_name": "Ops", "type": "O"}},
        {"type": "user", "user": {"username": "sam.ortiz", "email": "sam@example.com",
                                  "nickname": "", "first_name": "Sam", "last_name": "Ortiz",
                                  "roles": "system_user", "teams": [{"name": "ops"}]}},
        {"type": "user", "user": {"username": "deploybot", "email": "deploybot@localhost",
                                  "roles": "system_user", "teams": []}},
        {"type": "direct_channel", "direct_channel": {"members": ["sam.ortiz", "deploybot"],
                                                      "header": ""}}]
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        post: dict[str, Any] = {"channel_members": ["sam.ortiz", "deploybot"],
                                "user": "sam.ortiz" if isinstance(t, U) else "deploybot",
                                "message": t.text, "props": {} if isinstance(t, U) else {
                                    "from_bot": "true"},
                                "create_at": 1717430000000 + k * 53000, "flagged_by": None,
                                "reactions": None, "replies": None}
        lines.append({"type": "direct_post", "direct_post": post})
    return Chat("mattermost_export.jsonl", _lines(lines), _asks(SUPPORT))


def anythingllm() -> Chat:
    """AnythingLLM's workspace chats exported as JSON: one record per exchange — the
    person's ``prompt`` and the ``response`` (plain text), the workspace, who sent it,
    ``sent_at``, ``rating``."""
    recs = []
    pairs = [(ITINERARY[i], ITINERARY[i + 1]) for i in range(0, len(ITINERARY), 2)]
    for k, (u, a) in enumerate(pairs):
        assert isinstance(u, U) and isinstance(a, A)
        recs.append({"id": 41 + k, "workspace": "travel", "prompt": u.text,
                     "response": a.text, "sent_at": f"2024-04-20 10:{k:02d}:14",
                     "username": "lena", "rating": "--"})
    return Chat("anythingllm_chats_2024-04-20.json", _dump(recs), _asks(ITINERARY))


def cursor_bubbles() -> Chat:
    """A Cursor composer's conversation as pulled from ``state.vscdb``: ``composerId``,
    ``conversation`` of bubbles whose ``type`` is 1 (the person) or 2 (the AI), ``text``,
    the person's ``richText`` as an editor state in a JSON string, ``context`` of attached
    files, the AI's ``codeBlocks`` and ``toolFormerData`` of its tool calls."""
    ids = _Ids("cursor")
    bubbles: list[dict[str, Any]] = []
    for t in CODING:
        if isinstance(t, U):
            rich = json.dumps({"root": {"children": [{"children": [
                {"detail": 0, "format": 0, "mode": "normal", "style": "", "text": t.text,
                 "type": "text", "version": 1}], "direction": "ltr", "format": "",
                "indent": 0, "type": "paragraph", "version": 1}], "direction": "ltr",
                "format": "", "indent": 0, "type": "root", "version": 1}})
            bubbles.append({"type": 1, "bubbleId": ids.uuid(), "text": t.text,
                            "richText": rich, "context": {"fileSelections": [
                                {"uri": {"fsPath": "/home/ana/flask-app/app/views.py",
                                         "scheme": "file"}}], "selections": []},
                            "relevantFiles": ["app/views.py"]})
        elif isinstance(t, A):
            bubbles.append({"type": 2, "bubbleId": ids.uuid(), "text": t.text,
                            "codeBlocks": [], "isThought": False, "capabilityType": 15})
        else:
            bubbles.append({"type": 2, "bubbleId": ids.uuid(), "text": "",
                            "codeBlocks": [], "toolFormerData": {
                                "tool": 5, "toolCallId": "toolu_" + ids.hex(12),
                                "status": "completed", "name": t.name,
                                "rawArgs": json.dumps(t.args), "params": json.dumps(t.args),
                                "result": json.dumps({"contents": t.output})}})
    doc = {"_v": 3, "composerId": ids.uuid(), "richText": "", "hasLoaded": True, "text": "",
           "conversation": bubbles, "status": "completed", "context": {},
           "createdAt": 1715675000000, "lastUpdatedAt": 1715675400000, "name": "Flask login 500"}
    return Chat("cursor_composer.json", _dump(doc), _asks(CODING), _hidden(CODING))


# ---- a third stranger pass: still more tools' shapes -------------------------------------

def teams_graph() -> Chat:
    """Microsoft Teams messages of a chat with a bot as Microsoft Graph lists them
    (``GET /chats/{id}/messages``, newest first): ``value`` of ``chatMessage`` objects whose
    ``from`` holds a ``user`` or an ``application`` identity (the other null), an HTML
    ``body.content``, a file as a reference ``attachment``, a system event (members added)
    with ``from`` null."""
    ids = _Ids("teams")
    chat_id = "19:" + ids.uuid() + "_" + ids.uuid() + "@unq.gbl.spaces"
    tenant = ids.uuid()
    person = {"application": None, "device": None, "user": {
        "@odata.type": "#microsoft.graph.teamworkUserIdentity", "id": ids.uuid(),
        "displayName": "Ana Pereira", "userIdentityType": "aadUser", "tenantId": tenant}}
    bot = {"application": {"@odata.type": "#microsoft.graph.teamworkApplicationIdentity",
                           "id": ids.uuid(), "displayName": "Sheets Helper",
                           "applicationIdentityType": "bot"}, "device": None, "user": None}

    def base(k: int) -> dict[str, Any]:
        stamp = f"2024-05-06T10:{k:02d}:12.{100 + k}Z"
        mid = str(1714989600000 + k * 60000)
        return {"id": mid, "replyToId": None, "etag": mid, "messageType": "message",
                "createdDateTime": stamp, "lastModifiedDateTime": stamp,
                "lastEditedDateTime": None, "deletedDateTime": None, "subject": None,
                "summary": None, "chatId": chat_id, "importance": "normal", "locale": "en-us",
                "webUrl": None, "channelIdentity": None, "policyViolation": None,
                "eventDetail": None, "attachments": [], "mentions": [], "reactions": [],
                "messageHistory": []}

    msgs: list[dict[str, Any]] = []
    event = base(0)
    event.update({"messageType": "systemEventMessage", "from": None,
                  "body": {"contentType": "html", "content": "<systemEventMessage/>"},
                  "eventDetail": {"@odata.type": "#microsoft.graph.membersAddedEventMessageDetail",
                                  "visibleHistoryStartDateTime": "0001-01-01T00:00:00Z",
                                  "members": [{"id": ids.uuid(), "displayName": None,
                                               "userIdentityType": "aadUser",
                                               "tenantId": tenant}],
                                  "initiator": {"application": None, "device": None,
                                                "user": person["user"]}}})
    msgs.append(event)
    for k, t in enumerate(SALES, 1):
        assert isinstance(t, U | A)
        m = base(k)
        m["from"] = person if isinstance(t, U) else bot
        if isinstance(t, U):
            m["body"] = {"contentType": "html", "content": f"<p>{t.text}</p>"}
            if t.attach:
                aid = ids.uuid()
                m["body"]["content"] += f'<attachment id="{aid}"></attachment>'
                m["attachments"] = [{"id": aid, "contentType": "reference",
                                     "contentUrl": "https://contoso-my.sharepoint.com/"
                                     f"personal/ana/Documents/{t.attach[0]}",
                                     "content": None, "name": t.attach[0],
                                     "thumbnailUrl": None, "teamsAppId": None}]
        else:
            m["body"] = {"contentType": "text", "content": t.text}
        msgs.append(m)
    msgs.reverse()  # newest first
    doc = {"@odata.context": f"https://graph.microsoft.com/v1.0/$metadata#chats('{chat_id}')"
           "/messages", "@odata.count": len(msgs), "value": msgs}
    return Chat("teams_chat_messages.json", _dump(doc), _asks(SALES))


def signal_desktop() -> Chat:
    """Signal Desktop's messages as their ``json`` column dumps them: ``type`` incoming /
    outgoing (the exporter's own messages are outgoing) or a notice (a safety number
    change), ``body``, ``sent_at`` in milliseconds, ``attachments`` with a local path, the
    sender's phone number and service id on incoming ones."""
    ids = _Ids("signal")
    conv = ids.uuid()
    friend_aci = ids.uuid()
    msgs: list[dict[str, Any]] = [{
        "id": ids.uuid(), "conversationId": conv, "type": "keychange",
        "key_changed": friend_aci, "sent_at": 1713599000000, "received_at": 1713599000112,
        "timestamp": 1713599000000, "readStatus": 0, "seenStatus": 2, "schemaVersion": 10}]
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        sent = 1713600014000 + k * 61000
        m: dict[str, Any] = {"id": ids.uuid(), "conversationId": conv, "body": t.text,
                             "sent_at": sent, "received_at": sent + 412, "timestamp": sent,
                             "attachments": [], "contact": [], "preview": [],
                             "expireTimer": 0, "hasAttachments": 0, "hasFileAttachments": 0,
                             "hasVisualMediaAttachments": 0, "schemaVersion": 10,
                             "readStatus": 0, "seenStatus": 2}
        if isinstance(t, U):
            m.update({"type": "outgoing", "sendStateByConversationId": {
                conv: {"status": "Read", "updatedAt": sent + 9000}},
                "unidentifiedDeliveries": ["+4915112345678"]})
            if k == 0:
                m["attachments"] = [{"contentType": "image/jpeg", "fileName": "lisbon.jpg",
                                     "path": f"{ids.hex(2)}/{ids.hex(32)}", "size": 184211,
                                     "width": 1280, "height": 960, "blurHash":
                                     "LKO2?U%2Tw=w]~RBVZRi};RPxuwH", "version": 2,
                                     "localKey": base64.b64encode(bytes(64)).decode()}]
                m["hasAttachments"] = 1
                m["hasVisualMediaAttachments"] = 1
        else:
            m.update({"type": "incoming", "source": "+4915112345678",
                      "sourceServiceId": friend_aci, "sourceDevice": 1,
                      "serverTimestamp": sent + 200, "unidentifiedDeliveryReceived": True})
        msgs.append(m)
    return Chat("signal_messages.json", _dump(msgs), _asks(ITINERARY))


def hf_chatui() -> Chat:
    """A Hugging Face chat-ui conversation as its database holds it: ``messages`` with
    ``from`` user / assistant / system, ``content``, ``files`` (hashes of the images),
    ``updates`` streamed while answering (status, a title, the final answer), ``ancestors``
    and ``children`` ids, ``rootMessageId``."""
    ids = _Ids("hfchat")
    msgs: list[dict[str, Any]] = []
    sys_id = ids.uuid()
    msgs.append({"id": sys_id, "from": "system", "content": "", "createdAt":
                 "2024-05-01T07:00:00.000Z", "updatedAt": "2024-05-01T07:00:00.000Z",
                 "ancestors": [], "children": []})
    prev = sys_id
    for k, t in enumerate(BILL):
        assert isinstance(t, U | A)
        mid = ids.uuid()
        when = f"2024-05-01T07:{k + 1:02d}:11.{200 + k}Z"
        m: dict[str, Any] = {"id": mid, "from": "user" if isinstance(t, U) else "assistant",
                             "content": t.text, "createdAt": when, "updatedAt": when,
                             "ancestors": [x["id"] for x in msgs], "children": []}
        if isinstance(t, U):
            m["files"] = [ids.hex(32)] if t.image else []
        else:
            m["updates"] = [{"type": "status", "status": "started"},
                            {"type": "title", "title": "Electricity bill increase"},
                            {"type": "finalAnswer", "text": t.text, "interrupted": False}]
            m["interrupted"] = False
        msgs[-1]["children"].append(mid)
        msgs.append(m)
        prev = mid
    doc = {"_id": ids.hex(24), "title": "Electricity bill increase", "rootMessageId": sys_id,
           "model": "meta-llama/Meta-Llama-3.1-70B-Instruct", "embeddingModel":
           "Snowflake/snowflake-arctic-embed-m", "preprompt": "", "messages": msgs,
           "createdAt": "2024-05-01T07:00:00.000Z", "updatedAt": "2024-05-01T07:09:00.000Z",
           "userAgent": "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
           "sessionId": ids.uuid(), "lastMessageId": prev}
    return Chat("hf_chat_conversation.json", _dump(doc), _asks(BILL))


def copilot_vscode() -> Chat:
    """GitHub Copilot Chat's session in VS Code (``workspaceStorage/*/chatSessions/*.json``):
    ``requests`` each holding the person's ``message`` (``text`` and its ``parts``), the
    files attached as ``variableData``, the ``response`` as a list of markdown values and
    tool invocations, and in ``result.metadata`` the tool calls' rounds and their results."""
    ids = _Ids("copilotvs")
    requests: list[dict[str, Any]] = []
    cur: dict[str, Any] | None = None
    for t in CODING:
        if isinstance(t, U):
            cur = {"requestId": "request_" + ids.uuid(), "message": {
                "parts": [{"range": {"start": 0, "endExclusive": len(t.text)},
                           "editorRange": {"startLineNumber": 1, "startColumn": 1,
                                           "endLineNumber": 1, "endColumn": len(t.text) + 1},
                           "text": t.text, "kind": "text"}], "text": t.text},
                "variableData": {"variables": [{
                    "id": "vscode.implicit.viewport", "name": "file:views.py",
                    "value": {"uri": {"$mid": 1, "fsPath": "/home/ana/flask-app/app/views.py",
                                      "path": "/home/ana/flask-app/app/views.py",
                                      "scheme": "file"},
                              "range": {"startLineNumber": 1, "startColumn": 1,
                                        "endLineNumber": 9, "endColumn": 1}},
                    "isFile": True, "modelDescription": "User's current visible code"}]},
                "response": [], "result": {"timings": {"firstProgress": 1412,
                                                        "totalElapsed": 8123},
                                            "metadata": {"toolCallRounds": [],
                                                         "toolCallResults": {}}},
                "followups": [], "isCanceled": False,
                "agent": {"extensionId": {"value": "GitHub.copilot-chat",
                                          "_lower": "github.copilot-chat"},
                          "id": "github.copilot.editsAgent", "name": "agent",
                          "fullName": "GitHub Copilot", "isDefault": True,
                          "locations": ["panel"], "slashCommands": []},
                "contentReferences": [], "codeCitations": [],
                "timestamp": 1715675000000 + len(requests) * 60000}
            requests.append(cur)
        elif isinstance(t, A):
            assert cur is not None
            cur["response"].append({"value": t.text, "supportThemeIcons": False,
                                    "supportHtml": False})
            cur["result"]["metadata"]["toolCallRounds"].append({"response": t.text,
                                                                "toolCalls": []})
        else:
            assert cur is not None
            cid = "toolu_vrtx_01" + ids.hex(20)
            arg = next(iter(t.args.values()))
            cur["response"].append({"kind": "toolInvocationSerialized",
                                    "invocationMessage": {"value": f"Running {t.name}"},
                                    "pastTenseMessage": {"value": f"Ran {t.name} on {arg}"},
                                    "isConfirmed": True, "isComplete": True,
                                    "toolCallId": ids.uuid(), "toolId": f"copilot_{t.name}"})
            cur["result"]["metadata"]["toolCallRounds"].append({"response": "", "toolCalls": [
                {"name": t.name, "arguments": json.dumps(t.args), "id": cid}]})
            cur["result"]["metadata"]["toolCallResults"][cid] = {
                "$mid": 20, "content": [{"$mid": 21, "value": t.output}]}
    doc = {"version": 3, "requesterUsername": "ana-pereira",
           "requesterAvatarIconUri": {"$mid": 1, "path": "/u/4211", "scheme": "https",
                                      "authority": "avatars.githubusercontent.com"},
           "responderUsername": "GitHub Copilot", "responderAvatarIconUri": {"id": "copilot"},
           "initialLocation": "panel", "requests": requests, "sessionId": ids.uuid(),
           "creationDate": 1715675000000, "isImported": False,
           "lastMessageDate": 1715675400000}
    return Chat("copilot_chatSessions_session.json", _dump(doc), _asks(CODING),
                _hidden(CODING))


def bedrock_converse() -> Chat:
    """An Amazon Bedrock ``Converse`` request as logged: ``messages`` of ``role`` user /
    assistant whose ``content`` blocks are keyed by kind — ``text``, ``image`` (bytes as
    base64), ``toolUse`` and ``toolResult`` (in the user's turn) — beside ``system``,
    ``toolConfig`` and ``inferenceConfig``."""
    ids = _Ids("bedrock")
    msgs: list[dict[str, Any]] = []
    pending: list[dict[str, Any]] = []
    for t in CODING:
        if isinstance(t, U):
            blocks: list[dict[str, Any]] = [*pending, {"text": t.text}]
            pending = []
            if not msgs:
                blocks.append({"image": {"format": "png", "source": {"bytes": _PNG}}})
            msgs.append({"role": "user", "content": blocks})
        elif isinstance(t, A):
            if pending:
                msgs.append({"role": "user", "content": pending})
                pending = []
            msgs.append({"role": "assistant", "content": [{"text": t.text}]})
        else:
            if pending:
                msgs.append({"role": "user", "content": pending})
                pending = []
            tid = "tooluse_" + ids.hex(22)
            msgs.append({"role": "assistant", "content": [
                {"toolUse": {"toolUseId": tid, "name": t.name, "input": t.args}}]})
            pending = [{"toolResult": {"toolUseId": tid, "content": [{"text": t.output}],
                                       "status": "success"}}]
    doc = {"modelId": "anthropic.claude-3-5-sonnet-20240620-v1:0", "messages": msgs,
           "system": [{"text": SYSTEM}],
           "inferenceConfig": {"maxTokens": 4096, "temperature": 0.2},
           "toolConfig": {"tools": [{"toolSpec": {
               "name": "read_file", "description": "Read a file of the repository.",
               "inputSchema": {"json": {"type": "object", "properties": {
                   "path": {"type": "string"}}, "required": ["path"]}}}}]}}
    return Chat("bedrock_converse_request.json", _dump(doc), _asks(CODING),
                [*_hidden(CODING), SYSTEM])


def cohere_chat() -> Chat:
    """A Cohere ``/v1/chat`` request as logged: the newest ask in ``message``, the earlier
    turns in ``chat_history`` with ``role`` USER / CHATBOT / TOOL, the chatbot's
    ``tool_calls`` and the tool's ``tool_results`` (the call and its ``outputs``), the
    ``preamble`` and the tools beside."""
    hist: list[dict[str, Any]] = []
    script = CODING[:-1]  # the request that asks the last question
    last = script[-1]
    assert isinstance(last, U)
    for t in script[:-1]:
        if isinstance(t, U):
            hist.append({"role": "USER", "message": t.text})
        elif isinstance(t, A):
            hist.append({"role": "CHATBOT", "message": t.text})
        else:
            hist.append({"role": "CHATBOT", "message": "", "tool_calls": [
                {"name": t.name, "parameters": t.args}]})
            hist.append({"role": "TOOL", "tool_results": [{
                "call": {"name": t.name, "parameters": t.args},
                "outputs": [{"result": t.output}]}]})
    doc = {"model": "command-r-plus-08-2024", "message": last.text, "chat_history": hist,
           "preamble": SYSTEM, "temperature": 0.3, "prompt_truncation": "AUTO",
           "tools": [{"name": "read_file", "description": "Read a file of the repository.",
                      "parameter_definitions": {"path": {"description": "The file's path.",
                                                         "type": "str", "required": True}}},
                     {"name": "run_command", "description": "Run a shell command.",
                      "parameter_definitions": {"command": {"type": "str",
                                                            "required": True}}}]}
    return Chat("cohere_chat_request.json", _dump(doc), _asks(script),
                [*_hidden(CODING), SYSTEM])


def langchain_history() -> Chat:
    """A LangChain chat history file (``FileChatMessageHistory``: ``messages_to_dict``):
    a list of ``{"type": human / ai / tool / system, "data": {...}}``, the AI's
    ``tool_calls`` and ``usage_metadata``, a tool's output in its own message."""
    ids = _Ids("lchist")
    out: list[dict[str, Any]] = [{"type": "system", "data": {
        "content": SYSTEM, "additional_kwargs": {}, "response_metadata": {},
        "type": "system", "name": None, "id": None}}]
    for t in CODING:
        if isinstance(t, U):
            out.append({"type": "human", "data": {
                "content": t.text, "additional_kwargs": {}, "response_metadata": {},
                "type": "human", "name": None, "id": None, "example": False}})
        elif isinstance(t, A):
            out.append({"type": "ai", "data": {
                "content": t.text, "additional_kwargs": {"refusal": None},
                "response_metadata": {"token_usage": {"completion_tokens": 71,
                                                      "prompt_tokens": 880},
                                      "model_name": "gpt-4o-2024-08-06",
                                      "finish_reason": "stop", "logprobs": None},
                "type": "ai", "name": None, "id": "run-" + ids.uuid() + "-0",
                "example": False, "tool_calls": [], "invalid_tool_calls": [],
                "usage_metadata": {"input_tokens": 880, "output_tokens": 71,
                                   "total_tokens": 951}}})
        else:
            cid = "call_" + ids.hex(12)
            out.append({"type": "ai", "data": {
                "content": "", "additional_kwargs": {"tool_calls": [{
                    "id": cid, "function": {"arguments": json.dumps(t.args), "name": t.name},
                    "type": "function"}], "refusal": None},
                "response_metadata": {"finish_reason": "tool_calls"}, "type": "ai",
                "name": None, "id": "run-" + ids.uuid() + "-0", "example": False,
                "tool_calls": [{"name": t.name, "args": t.args, "id": cid,
                                "type": "tool_call"}], "invalid_tool_calls": []}})
            out.append({"type": "tool", "data": {
                "content": t.output, "additional_kwargs": {}, "response_metadata": {},
                "type": "tool", "name": t.name, "id": None, "tool_call_id": cid,
                "artifact": None, "status": "success"}})
    return Chat("langchain_chat_history.json", _dump(out), _asks(CODING),
                [*_hidden(CODING), SYSTEM])


def goose() -> Chat:
    """A Goose session (``~/.local/share/goose/sessions/*.jsonl``): a first line of the
    session's facts, then messages of ``role`` user / assistant whose ``content`` holds
    ``text``, ``toolRequest`` (the call under ``toolCall.value``) and — in a user-role
    message — ``toolResponse`` (the output under ``toolResult.value``, once for the
    assistant and once for the person's screen)."""
    ids = _Ids("goose")
    lines: list[dict[str, Any]] = [{
        "working_dir": "/home/ana/flask-app", "description": "Flask login 500 fix",
        "schedule_id": None, "message_count": 0, "total_tokens": 18211,
        "input_tokens": 16002, "output_tokens": 2209, "accumulated_total_tokens": 18211,
        "accumulated_input_tokens": 16002, "accumulated_output_tokens": 2209}]
    when = 1715675000
    for t in CODING:
        when += 17
        if isinstance(t, U):
            lines.append({"id": None, "role": "user", "created": when,
                          "content": [{"type": "text", "text": t.text}]})
        elif isinstance(t, A):
            lines.append({"id": None, "role": "assistant", "created": when,
                          "content": [{"type": "text", "text": t.text}]})
        else:
            tid = "toolu_" + ids.hex(24)
            name = "developer__shell" if t.name == "run_command" else "developer__text_editor"
            lines.append({"id": None, "role": "assistant", "created": when, "content": [
                {"type": "toolRequest", "id": tid, "toolCall": {
                    "status": "success", "value": {"name": name, "arguments": t.args}}}]})
            lines.append({"id": None, "role": "user", "created": when + 1, "content": [
                {"type": "toolResponse", "id": tid, "toolResult": {"status": "success",
                 "value": [{"type": "text", "text": t.output,
                            "annotations": {"audience": ["assistant"]}},
                           {"type": "text", "text": t.output,
                            "annotations": {"audience": ["user"], "priority": 0.0}}]}}]})
    lines[0]["message_count"] = len(lines) - 1
    return Chat("goose_20240514_101500.jsonl", _lines(lines), _asks(CODING), _hidden(CODING))


def opencode_export() -> Chat:
    """opencode's ``export`` of a session: ``info`` of the session, then ``messages`` each
    an ``info`` (``role``, times, the model, the system prompt, tokens) and its ``parts`` —
    ``text``, ``step-start`` / ``step-finish``, ``tool`` parts whose ``state`` holds the
    call's ``input`` and its ``output``."""
    ids = _Ids("opencode")
    sid = "ses_" + ids.hex(26)
    msgs: list[dict[str, Any]] = []
    when = 1715675000000

    def part(mid: str, **kw: Any) -> dict[str, Any]:
        return {"id": "prt_" + ids.hex(26), "sessionID": sid, "messageID": mid, **kw}

    for t in CODING:
        when += 9000
        if isinstance(t, U):
            mid = "msg_" + ids.hex(26)
            msgs.append({"info": {"id": mid, "sessionID": sid, "role": "user",
                                  "time": {"created": when}},
                         "parts": [part(mid, type="text", text=t.text)]})
            continue
        if msgs[-1]["info"]["role"] != "assistant":
            mid = "msg_" + ids.hex(26)
            msgs.append({"info": {"id": mid, "sessionID": sid, "role": "assistant",
                                  "time": {"created": when, "completed": when + 8000},
                                  "modelID": "claude-sonnet-4-20250514",
                                  "providerID": "anthropic", "mode": "build",
                                  "path": {"cwd": "/home/ana/flask-app",
                                           "root": "/home/ana/flask-app"},
                                  "system": [SYSTEM], "cost": 0.0123,
                                  "tokens": {"input": 12, "output": 310, "reasoning": 0,
                                             "cache": {"read": 14001, "write": 812}}},
                         "parts": [part(mid, type="step-start")]})
        cur = msgs[-1]
        mid = cur["info"]["id"]
        if isinstance(t, A):
            cur["parts"].append(part(mid, type="text", text=t.text,
                                     time={"start": when, "end": when + 2100}))
        else:
            cur["parts"].append(part(mid, type="tool", callID="toolu_" + ids.hex(24),
                                     tool={"read_file": "read", "run_command": "bash",
                                           "write_file": "write"}[t.name],
                                     state={"status": "completed", "input": t.args,
                                            "output": t.output,
                                            "title": str(next(iter(t.args.values()))),
                                            "metadata": {"preview": t.output[:40]},
                                            "time": {"start": when, "end": when + 400}}))
    for m in msgs:
        if m["info"]["role"] == "assistant":
            m["parts"].append({"id": "prt_" + ids.hex(26), "sessionID": sid,
                               "messageID": m["info"]["id"], "type": "step-finish",
                               "tokens": {"input": 12, "output": 310, "reasoning": 0,
                                          "cache": {"read": 14001, "write": 812}},
                               "cost": 0.0123})
    doc = {"info": {"id": sid, "version": "0.3.110", "projectID": ids.hex(40),
                    "directory": "/home/ana/flask-app", "title": "Flask login 500 after "
                    "upgrade", "time": {"created": 1715675000000, "updated": when}},
           "messages": msgs}
    return Chat("opencode_session_export.json", _dump(doc), _asks(CODING),
                [*_hidden(CODING), SYSTEM])


def irc_log() -> Chat:
    """An irssi log of an IRC channel with a help bot: ``--- Log opened`` lines, ``HH:MM
    <nick> text`` messages, joins, quits and the topic as ``-!-`` lines, an action as
    ``* nick …``, another person passing through."""
    out = ["--- Log opened Mon Jun 03 18:00:01 2024",
           "18:09 -!- sam [~sam@203-0-113-7.example.net] has joined #fly-help",
           "18:09 -!- Topic for #fly-help: Ask DeployHelper about deploys | be nice",
           "18:09 -!- Irssi: #fly-help: Total of 14 nicks [1 ops, 0 halfops, 0 voices, 13 "
           "normal]"]
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        nick = "sam" if isinstance(t, U) else "DeployHelper"
        out.append(f"18:{10 + 2 * k:02d} <{nick}> {t.text}")
        if k == 1:
            out.append("18:12 -!- mike [~mike@198.51.100.4] has quit [Quit: leaving]")
            out.append("18:12  * sam tries that")
    out += ["18:23 -!- sam [~sam@203-0-113-7.example.net] has left #fly-help []",
            "--- Log closed Mon Jun 03 18:30:12 2024"]
    return Chat("#fly-help.log", "\n".join(out) + "\n", _asks(SUPPORT))


def anthropic_hh() -> Chat:
    """A conversation in Anthropic's old prompt text (as the HH data set and the legacy
    completions API wrote it): ``Human:`` and ``Assistant:`` turns after blank lines."""
    text = ""
    for t in BILL:
        assert isinstance(t, U | A)
        text += f"\n\n{'Human' if isinstance(t, U) else 'Assistant'}: {t.text}"
    return Chat("hh_dialogue.txt", text, _asks(BILL))


def character_ai() -> Chat:
    """A Character.AI chat as its history endpoint gave it (and exporters saved it):
    ``messages`` with flattened fields — ``src__name``, ``src__is_human``,
    ``src__user__username``, ``text``, alternatives the person swiped past, an image
    field left empty; ``has_more`` and ``next_page``."""
    msgs: list[dict[str, Any]] = []
    for k, t in enumerate(TAVERN):
        assert isinstance(t, U | A)
        human = isinstance(t, U)
        m: dict[str, Any] = {"id": 880123400 + k, "uuid": _Ids(f"cai{k}").uuid(),
                             "image_rel_path": "", "image_prompt_text": "", "deleted": None,
                             "text": t.text, "src__name": "Aldric" if human else "Mira",
                             "src__user__username": "aldric_r" if human else
                             "mira_innkeeper", "src__is_human": human,
                             "src__character__avatar_file_name": None if human else
                             "uploaded/2024/5/12/mira.webp", "is_alternative": False,
                             "responsible_user__username": None if human else "aldric_r"}
        msgs.append(m)
        if not human and k > 0:
            alt = dict(m, id=m["id"] + 1000, uuid=_Ids(f"caialt{k}").uuid(),
                       text="*Mira shrugs.* Can't say I know, stranger.", is_alternative=True)
            msgs.insert(len(msgs) - 1, alt)
    return Chat("character_ai_history.json", _dump({"messages": msgs, "has_more": False,
                                                    "next_page": 0}), _asks(TAVERN))


def autogen_v02() -> Chat:
    """AutoGen 0.2's ``ChatResult.chat_history`` of a two-agent chat saved as JSON, seen
    from the agent that started it: its own messages (the person's proxy's) carry ``role``
    assistant, the other agent's ``role`` user, each with its ``name``; the code the proxy
    ran comes back as its ``exitcode: … Code output:`` message."""
    out: list[dict[str, Any]] = []
    for t in CODING:
        if isinstance(t, U):
            out.append({"content": t.text, "role": "assistant", "name": "user_proxy"})
        elif isinstance(t, A):
            out.append({"content": t.text, "role": "user", "name": "assistant"})
        else:
            out.append({"content": f"```sh\n{json.dumps(t.args)}\n```", "role": "user",
                        "name": "assistant"})
            out.append({"content": f"exitcode: 0 (execution succeeded)\nCode output: "
                        f"{t.output}", "role": "assistant", "name": "user_proxy"})
    return Chat("autogen_chat_history.json", _dump(out), _asks(CODING), _hidden(CODING))


# a group of agents that the person opens: (speaker's name, words); the person's turns are
# Admin's, code runs come back as the executor's messages
GROUP: list[tuple[str, str]] = [
    ("Admin", "Find papers on LLM applications from arxiv in the last week and create a "
              "markdown table of the domains they cover."),
    ("Planner", "Plan:\n1. Engineer: write a Python script that queries the arxiv API for "
                "papers on LLM applications submitted in the last 7 days and prints their "
                "titles, abstracts and links.\n2. Executor: run the script.\n3. Scientist: "
                "read the abstracts, sort the papers into domains and write the markdown "
                "table.\n4. Critic: check the table against the abstracts."),
    ("Admin", "Approved, but leave out papers that only propose a benchmark."),
    ("Engineer", "```python\nimport arxiv\nfrom datetime import datetime, timedelta, "
                 "timezone\n\nsince = datetime.now(timezone.utc) - timedelta(days=7)\n"
                 "search = arxiv.Search(query='LLM applications', max_results=50,\n"
                 "                      sort_by=arxiv.SortCriterion.SubmittedDate)\n"
                 "for r in arxiv.Client().results(search):\n    if r.published >= since:\n"
                 "        print(r.title, r.entry_id, r.summary[:200], sep='\\n')\n```"),
    ("Executor", "exitcode: 1 (execution failed)\nCode output: \nTraceback (most recent call "
                 "last):\n  File \"\", line 1, in <module>\n    import arxiv\n"
                 "ModuleNotFoundError: No module named 'arxiv'"),
    ("Engineer", "The arxiv package is missing. Install it, then run the same script "
                 "again:\n```sh\npip install arxiv\n```"),
    ("Executor", "exitcode: 0 (execution succeeded)\nCode output: \nCollecting arxiv\n"
                 "Successfully installed arxiv-2.1.3 feedparser-6.0.11 sgmllib3k-1.0.0\n"
                 "LLM-Driven Triage of Emergency Department Notes\n"
                 "http://arxiv.org/abs/2405.08124v1\nWe study how large language models "
                 "can triage free-text notes\nCodeAgentBench: Evaluating Repository-Level "
                 "Agents\nhttp://arxiv.org/abs/2405.07931v1\nWe propose a benchmark"),
    ("Scientist", "| Domain | Paper |\n|---|---|\n| Healthcare | LLM-Driven Triage of "
                  "Emergency Department Notes |\n| Education | Tutoring Dialogues with "
                  "Retrieval |\n| Finance | Earnings Call Summaries at Scale |"),
    ("Admin", "Add a column with each paper's arxiv link and sort the rows by domain."),
    ("Scientist", "| Domain | Paper | Link |\n|---|---|---|\n| Education | Tutoring "
                  "Dialogues with Retrieval | http://arxiv.org/abs/2405.07702v2 |\n| Finance "
                  "| Earnings Call Summaries at Scale | http://arxiv.org/abs/2405.08377v1 |\n"
                  "| Healthcare | LLM-Driven Triage of Emergency Department Notes | "
                  "http://arxiv.org/abs/2405.08124v1 |"),
    ("Critic", "The table matches the abstracts and the benchmark paper is left out as "
               "asked. TERMINATE"),
]


def autogen_groupchat() -> Chat:
    """AutoGen 0.2's ``GroupChat.messages`` saved with ``json.dump``: every message as the
    manager received it (``role`` user) with the speaker's agent ``name``; the person is the
    human-in-the-loop agent that opened the chat, the code the executor agent ran comes back
    as its ``exitcode: … Code output:`` message."""
    msgs = [{"content": text, "role": "user", "name": name} for name, text in GROUP]
    asks = [text for name, text in GROUP if name == GROUP[0][0]]
    others = [text for name, text in GROUP if name != GROUP[0][0]]
    return Chat("groupchat_messages.json", _dump(msgs), asks, others)


def cohere_rag() -> Chat:
    """A Cohere ``/v1/chat`` request with grounding ``documents`` as logged: the earlier turns
    in ``chat_history`` (``role`` USER / CHATBOT, ``message``), the newest ask in the
    top-level ``message`` beside it, the ``preamble`` (a system text) and the documents'
    text beside too."""
    script = ITINERARY[:-1]  # the request that asks the last question
    last = script[-1]
    assert isinstance(last, U)
    hist = [{"role": "USER" if isinstance(t, U) else "CHATBOT", "message": t.text}
            for t in script[:-1] if isinstance(t, U | A)]
    docs = [{"id": "doc_0", "title": "Lisbon hotel prices May 2024", "snippet":
             "Mid-range hotels in Baixa and Chiado average 105 to 120 euros a night in May."},
            {"id": "doc_1", "title": "Lisbon transport", "snippet":
             "A 24-hour Carris/Metro pass costs 6.80 euros; the Sintra train 2.40 each way."}]
    preamble = ("## Task and Context\nYou help people plan trips. Use the documents when "
                "they are relevant.\n\n## Style Guide\nAnswer in short paragraphs.")
    doc = {"message": last.text, "model": "command-r-08-2024", "preamble": preamble,
           "chat_history": hist, "documents": docs, "temperature": 0.3,
           "citation_quality": "accurate", "connectors": [], "prompt_truncation": "OFF"}
    return Chat("cohere_rag_request.json", _dump(doc), _asks(script),
                [preamble, *(d["snippet"] for d in docs)])


def autogen_group_history() -> Chat:
    """AutoGen 0.2's ``ChatResult.chat_history`` of a group chat saved as JSON, seen from the
    human-in-the-loop agent that started it with the manager: its own messages ``role``
    assistant, every other agent's — the manager passes them on — ``role`` user with the
    agent's ``name``."""
    person = GROUP[0][0]
    msgs = [{"content": text, "role": "assistant" if name == person else "user", "name": name}
            for name, text in GROUP]
    asks = [text for name, text in GROUP if name == person]
    return Chat("groupchat_chat_history.json", _dump(msgs), asks,
                [text for name, text in GROUP if name != person])


def openai_agents() -> Chat:
    """The OpenAI Agents SDK's ``result.to_input_list()`` saved as JSON (the Responses API's
    input items): the person's ``{"role": "user", "content"}``, ``function_call`` items
    (``call_id``, ``arguments`` as JSON text), ``function_call_output`` items and the
    assistant's ``message`` items whose content is ``output_text`` parts."""
    ids = _Ids("agents")
    items: list[dict[str, Any]] = []
    first = True
    for t in CODING:
        if isinstance(t, U):
            items.append({"role": "user", "content": t.text} if not first else {
                "role": "user", "content": [{"type": "input_text", "text": t.text}]})
            first = False
        elif isinstance(t, A):
            items.append({"id": "msg_" + ids.hex(32), "content": [{
                "annotations": [], "text": t.text, "type": "output_text", "logprobs": []}],
                "role": "assistant", "status": "completed", "type": "message"})
        else:
            cid = "call_" + ids.hex(12)
            items.append({"arguments": json.dumps(t.args), "call_id": cid, "name": t.name,
                          "type": "function_call", "id": "fc_" + ids.hex(32),
                          "status": "completed"})
            items.append({"call_id": cid, "output": t.output, "type": "function_call_output"})
    return Chat("agents_input_list.json", _dump(items), _asks(CODING), _hidden(CODING))


def deepseek() -> Chat:
    """A DeepSeek data export's ``conversations.json``: conversations with a ``mapping`` of
    nodes (``id``, ``parent``, ``children``, a null ``message`` at ``root``), each message's
    words in ``fragments`` typed REQUEST, THINK or RESPONSE, the ``model`` and
    ``inserted_at`` beside."""
    convs = []
    for k, script in enumerate((SUPPORT, ITINERARY)):
        mapping: dict[str, Any] = {"root": {"id": "root", "parent": None, "children": ["1"],
                                            "message": None}}
        for i, t in enumerate(script, 1):
            assert isinstance(t, U | A)
            frags = [{"type": "REQUEST", "content": t.text}] if isinstance(t, U) else [
                {"type": "THINK", "content": _DS_THINK, "elapsed_secs": 3.1},
                {"type": "RESPONSE", "content": t.text}]
            mapping[str(i)] = {"id": str(i), "parent": "root" if i == 1 else str(i - 1),
                               "children": [str(i + 1)] if i < len(script) else [],
                               "message": {"files": [], "model": "deepseek-reasoner",
                                           "inserted_at": f"2025-03-{10 + k}T09:{i:02d}:"
                                           "12.118000+08:00", "fragments": frags}}
        convs.append({"id": _Ids(f"ds{k}").uuid(), "title": ["Fly deploy", "Lisbon"][k],
                      "inserted_at": f"2025-03-{10 + k}T09:01:12.118000+08:00",
                      "updated_at": f"2025-03-{10 + k}T09:09:40.502000+08:00",
                      "mapping": mapping})
    return Chat("deepseek_conversations.json", _dump(convs), _asks(SUPPORT) + _asks(ITINERARY),
                [_DS_THINK], [_DS_THINK])


_DS_THINK = "The user wants a direct answer; keep it short and practical."


# ---- a fifth stranger pass: round four's shapes ------------------------------------------

_THINK = ("Let me think about what the user really needs here. They probably want a short, "
          "practical answer; I should check the numbers before I reply.")


def grok_export() -> Chat:
    """xAI Grok's data export (``prod-grok-backend.json``): ``conversations`` each holding
    ``conversation`` facts and ``responses``, every message wrapped in a ``response`` object
    with ``sender`` human / ASSISTANT, ``parent_response_id``, a Mongo ``{"$date":
    {"$numberLong"}}`` time, empty lists of search results and attachments, the model's
    ``thinking_trace`` beside its ``message``."""
    ids = _Ids("grok")
    convs = []
    for k, script in enumerate((BILL, ITINERARY)):
        cid, parent = ids.uuid(), None
        responses = []
        for i, t in enumerate(script):
            assert isinstance(t, U | A)
            rid = ids.uuid()
            r: dict[str, Any] = {
                "_id": rid, "conversation_id": cid, "message": t.text,
                "sender": "human" if isinstance(t, U) else "ASSISTANT",
                "create_time": {"$date": {"$numberLong": str(1741600000000 + k * 86400000
                                                             + i * 47000)}},
                "parent_response_id": parent, "manual": False, "partial": False,
                "shared": False, "query": "", "query_type": "", "web_search_results": [],
                "xpost_ids": [], "xposts": [], "generated_image_urls": [],
                "image_attachments": [], "file_attachments": [], "card_attachments_json": [],
                "file_uris": [], "file_attachments_metadata": [], "is_control": False,
                "steps": [], "media_types": [], "model": "grok-3"}
            if isinstance(t, U) and t.image:
                fid = ids.uuid()
                r["file_attachments"] = [fid]
                r["file_attachments_metadata"] = [{"fileMetadataId": fid, "fileMimeType":
                                                   "image/jpeg", "fileName": "bill.jpg",
                                                   "fileUri": f"users/{ids.uuid()}/{fid}/"
                                                   "content", "parsedFileUri": "",
                                                   "createTime": "2025-03-10T09:00:00Z"}]
                r["media_types"] = ["image/jpeg"]
            if isinstance(t, A):
                r["thinking_trace"] = _THINK
                r["thinking_start_time"] = {"$date": {"$numberLong": "1741600001000"}}
                r["thinking_end_time"] = {"$date": {"$numberLong": "1741600004000"}}
            responses.append({"response": r, "share_link": None})
            parent = rid
        convs.append({"conversation": {
            "id": cid, "user_id": ids.uuid(), "create_time": f"2025-03-{10 + k}T09:00:00Z",
            "modify_time": f"2025-03-{10 + k}T09:12:00Z", "system_prompt_name": "",
            "title": ["Electricity bill", "Lisbon trip"][k], "summary": "", "starred": False,
            "temporary": False, "media_types": [], "asset_ids": [], "controller": None,
            "leaf_response_id": parent}, "responses": responses})
    doc = {"conversations": convs, "projects": [], "tasks": []}
    return Chat("prod-grok-backend.json", _dump(doc), _asks(BILL) + _asks(ITINERARY),
                [_THINK], [_THINK])


def ollama_chat() -> Chat:
    """An Ollama ``/api/chat`` request as a proxy logs it: ``model``, ``messages`` with
    ``role``, ``content``, the person's ``images`` as bare base64, the model's ``thinking``
    beside an empty ``content`` and its ``tool_calls`` (arguments as an object), ``tool``
    messages naming ``tool_name``; ``tools``, ``think`` and ``options`` around."""
    msgs: list[dict[str, Any]] = [{"role": "system", "content": SYSTEM}]
    pending: list[T] = []

    def flush() -> None:
        if pending:
            msgs.append({"role": "assistant", "content": "", "thinking": _THINK,
                         "tool_calls": [{"function": {"name": p.name, "arguments": p.args}}
                                        for p in pending]})
            msgs.extend({"role": "tool", "content": p.output, "tool_name": p.name}
                        for p in pending)
            pending.clear()

    for t in CODING:
        if isinstance(t, T):
            pending.append(t)
            continue
        flush()
        if isinstance(t, U):
            msgs.append({"role": "user", "content": t.text})
        else:
            msgs.append({"role": "assistant", "content": t.text, "thinking": _THINK})
    flush()
    msgs[1]["images"] = [_PNG]
    doc = {"model": "qwen3:14b", "messages": msgs, "stream": False, "think": True,
           "tools": [{"type": "function", "function": {
               "name": n, "description": d, "parameters": {
                   "type": "object", "properties": {k: {"type": "string"} for k in ps},
                   "required": list(ps)}}}
               for n, d, ps in (("read_file", "Read a file", ("path",)),
                                ("write_file", "Write a file", ("path", "content")),
                                ("run_command", "Run a shell command", ("command",)))],
           "options": {"temperature": 0.6, "num_ctx": 32768}, "keep_alive": "5m"}
    return Chat("ollama_chat_request.json", _dump(doc), _asks(CODING),
                [*_hidden(CODING), _THINK], [_THINK])


def cline_ui() -> Chat:
    """Cline's (and Roo Code's) ``ui_messages.json``: what the panel shows, each ``type``
    say or ask (ask is the agent asking leave), the kind in ``say`` / ``ask`` — the
    ``task``, ``api_req_started`` with the request as JSON text, ``reasoning``, ``text``,
    a ``tool`` or ``command`` asked for, its ``command_output``, the ``completion_result``,
    the person's ``user_feedback`` — with ``ts`` and ``conversationHistoryIndex``."""
    out: list[dict[str, Any]] = []
    ts, idx = 1715675000000, -1

    def add(kind: str, sub: str, text: str, **kw: Any) -> None:
        nonlocal ts
        ts += 1377
        out.append({"ts": ts, "type": kind, kind: sub, "text": text,
                    "conversationHistoryIndex": idx, **kw})

    first = True
    for t in CODING:
        if isinstance(t, U):
            if first:
                add("say", "task", t.text, images=[], files=[])
                first = False
            else:
                add("ask", "completion_result", "")
                add("say", "user_feedback", t.text, images=[], files=[])
            idx += 1
            add("say", "api_req_started", json.dumps(
                {"request": f"<task>\n{t.text}\n</task>\n\n<environment_details>\n# VSCode "
                 "Visible Files\napp/views.py\n</environment_details>", "tokensIn": 10231,
                 "tokensOut": 212, "cacheWrites": 0, "cacheReads": 9812, "cost": 0.0121}))
            add("say", "reasoning", _THINK, partial=False)
        elif isinstance(t, A):
            add("say", "text", t.text, partial=False)
        elif t.name == "run_command":
            add("ask", "command", t.args["command"])
            add("say", "command_output", t.output)
        else:
            add("ask", "tool", json.dumps({"tool": "readFile" if t.name == "read_file"
                                           else "newFileCreated", "path": t.args["path"],
                                           "content": t.output}))
    out[-1]["say"] = "completion_result"
    return Chat("ui_messages.json", _dump(out), _asks(CODING), [*_hidden(CODING), _THINK],
                [_THINK])


def _esc(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


def textgen_webui() -> Chat:
    """text-generation-webui's chat log (``logs/chat/<character>/<date>.json``): no speaker
    anywhere — ``internal`` is a list of [person, character] pairs (the greeting's pair
    opened by a marker), ``visible`` the same pairs as shown (HTML-escaped), ``metadata``
    the times of each side keyed by ``user_N`` / ``assistant_N``."""
    pairs: list[list[str]] = [["<|BEGIN-VISIBLE-CHAT|>", TAVERN[0].text]]
    for k in range(1, len(TAVERN), 2):
        u, a = TAVERN[k], TAVERN[k + 1]
        pairs.append([u.text, a.text])
    visible = [["", _esc(pairs[0][1])]] + [[_esc(u), _esc(a)] for u, a in pairs[1:]]
    meta: dict[str, Any] = {}
    for i in range(len(pairs)):
        if i:
            meta[f"user_{i}"] = {"timestamp": f"Apr 20, 2024 10:{2 * i:02d}"}
        meta[f"assistant_{i}"] = {"timestamp": f"Apr 20, 2024 10:{2 * i + 1:02d}"}
    doc = {"internal": pairs, "visible": visible, "metadata": meta}
    return Chat("20240420-10-00-00.json", _dump(doc), _asks(TAVERN))


def oasst_tree() -> Chat:
    """An OpenAssistant ``oasst1`` message tree (``*.trees.jsonl``): ``prompt`` a message
    with ``role`` prompter, its ``replies`` the ranked assistant answers, each with its own
    ``replies``; review counts, ``emojis``, ``labels`` as parallel lists beside the text."""
    ids = _Ids("oasst")

    def node(role: str, text: str, parent: str | None, rank: int | None) -> dict[str, Any]:
        return {"message_id": ids.uuid(), "parent_id": parent, "user_id": ids.uuid(),
                "created_date": "2023-02-07T10:14:33.123456+00:00", "text": text,
                "role": role, "lang": "en", "review_count": 3, "review_result": True,
                "deleted": False, "rank": rank, "synthetic": False, "model_name": None,
                "emojis": {"+1": 4, "_skip_reply": 1},
                "labels": {"name": ["spam", "fails_task", "quality", "helpfulness"],
                           "value": [0.0, 0.0, 0.75, 0.8], "count": [3, 2, 2, 2]},
                "replies": []}

    turns = [t for t in ITINERARY if isinstance(t, U | A)]
    root = node("prompter", turns[0].text, None, None)
    cur = root
    for i, t in enumerate(turns[1:], 1):
        n = node("assistant" if isinstance(t, A) else "prompter", t.text,
                 cur["message_id"], 0 if isinstance(t, A) else None)
        cur["replies"].append(n)
        if i == 1:  # a second, lower-ranked answer to the first ask
            cur["replies"].append(node("assistant", _ALT, cur["message_id"], 1))
        cur = n
    tree = {"message_tree_id": root["message_id"], "tree_state": "ready_for_export",
            "prompt": root}
    return Chat("2023-04-12_oasst_ready.trees.jsonl", _lines([tree]), _asks(ITINERARY),
                [_ALT])


_ALT = ("For a short stay I would pick the Alfama, Belém and a Sintra day, and book tables "
        "for dinner ahead on the weekend.")


def rasa_tracker() -> Chat:
    """A Rasa conversation tracker (``GET /conversations/{id}/tracker``): ``events`` with
    ``event`` user / bot / action / slot / session_started / user_featurization, the
    person's ``parse_data`` (intent, ranking, the text again), the bot's ``data`` of
    buttons, the actions a policy chose; ``slots``, ``latest_message`` beside."""
    ev: list[dict[str, Any]] = []
    t0 = 1717430000.0
    ev.append({"event": "action", "timestamp": t0, "name": "action_session_start",
               "policy": None, "confidence": 1.0, "action_text": None, "hide_rule_turn": False})
    ev.append({"event": "session_started", "timestamp": t0 + 0.01})
    ev.append({"event": "action", "timestamp": t0 + 0.02, "name": "action_listen",
               "policy": None, "confidence": None, "action_text": None,
               "hide_rule_turn": False})
    intents = ["ask_health_check", "ask_release_command", "ask_min_machines"]
    last: dict[str, Any] = {}
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        ts = t0 + 30 * (k + 1)
        if isinstance(t, U):
            intent = intents[k // 2]
            last = {"intent": {"name": intent, "confidence": 0.9731},
                    "entities": [], "text": t.text, "message_id": _Ids(t.text).hex(32),
                    "metadata": {}, "intent_ranking": [
                        {"name": intent, "confidence": 0.9731},
                        {"name": "greet", "confidence": 0.0112}]}
            ev.append({"event": "user", "timestamp": ts, "metadata": {}, "text": t.text,
                       "parse_data": last, "input_channel": "rest",
                       "message_id": last["message_id"]})
            ev.append({"event": "user_featurization", "timestamp": ts + 0.1,
                       "use_text_for_featurization": False})
            ev.append({"event": "action", "timestamp": ts + 0.2,
                       "name": f"utter_{intent[4:]}", "policy": "TEDPolicy",
                       "confidence": 0.9812, "action_text": None, "hide_rule_turn": False})
        else:
            ev.append({"event": "bot", "timestamp": ts, "metadata": {
                "utter_action": f"utter_{intents[k // 2][4:]}"}, "text": t.text,
                "data": {"elements": None, "quick_replies": None, "buttons": None,
                         "attachment": None, "image": None, "custom": None}})
            ev.append({"event": "action", "timestamp": ts + 0.1, "name": "action_listen",
                       "policy": "RulePolicy", "confidence": 1.0, "action_text": None,
                       "hide_rule_turn": False})
            if k == 1:
                ev.append({"event": "slot", "timestamp": ts + 0.2, "name": "port",
                           "value": "8080"})
    doc = {"sender_id": "a1f3c9e2", "slots": {"port": "8080", "session_started_metadata":
                                                None},
           "latest_message": last, "latest_event_time": ev[-1]["timestamp"],
           "followup_action": None, "paused": False, "events": ev,
           "latest_input_channel": "rest", "active_loop": {},
           "latest_action": {"action_name": "action_listen"},
           "latest_action_name": "action_listen"}
    return Chat("rasa_tracker_a1f3c9e2.json", _dump(doc), _asks(SUPPORT))


def intercom() -> Chat:
    """An Intercom conversation (``GET /conversations/{id}``): the opening message in
    ``source`` (an HTML ``body``, an ``author`` of ``type`` user), the rest in
    ``conversation_parts`` — comments by the AI agent (``type`` bot) and a teammate
    (``type`` admin), an assignment with no body, an internal ``note`` — each with an
    ``author`` object, ``created_at`` in seconds, ``attachments``."""
    ids = _Ids("intercom")
    user = {"type": "user", "id": ids.hex(24), "name": "Sam Ortiz",
            "email": "sam@example.com"}
    fin = {"type": "bot", "id": "6511", "name": "Fin", "email": "operator+abc@intercom.io"}
    admin = {"type": "admin", "id": "7021", "name": "Priya Shah", "email": "priya@fly.example"}
    turns = [t for t in SUPPORT if isinstance(t, U | A)]
    parts: list[dict[str, Any]] = []
    at = 1717430000

    def part(kind: str, body: str | None, author: dict[str, Any]) -> None:
        nonlocal at
        at += 47
        parts.append({"type": "conversation_part", "id": ids.num()[:10], "part_type": kind,
                      "body": body, "created_at": at, "updated_at": at, "notified_at": at,
                      "assigned_to": None, "author": author, "attachments": [],
                      "external_id": None, "redacted": False})

    for k, t in enumerate(turns[1:], 1):
        if isinstance(t, U):
            part("comment", f"<p>{t.text}</p>", user)
        elif k == 5:
            part("assignment", None, admin)
            part("note", f"<p>{_NOTE}</p>", admin)
            part("comment", f"<p>{t.text}</p>", admin)
        else:
            part("comment", f"<p>{t.text}</p>", fin)
    doc = {"type": "conversation", "id": ids.num()[:10], "created_at": 1717430000,
           "updated_at": at, "waiting_since": None, "snoozed_until": None, "open": False,
           "state": "closed", "read": True, "priority": "not_priority",
           "admin_assignee_id": 7021, "team_assignee_id": None, "tags": {"type": "tag.list",
                                                                          "tags": []},
           "title": None, "source": {"type": "conversation", "id": ids.num()[:10],
                                     "delivered_as": "customer_initiated", "subject": "",
                                     "body": f"<p>{turns[0].text}</p>", "author": user,
                                     "attachments": [], "url": None, "redacted": False},
           "contacts": {"type": "contact.list", "contacts": [
               {"type": "contact", "id": user["id"], "external_id": None}]},
           "teammates": {"type": "admin.list", "admins": [{"type": "admin", "id": "7021"}]},
           "conversation_parts": {"type": "conversation_part.list",
                                  "conversation_parts": parts, "total_count": len(parts)}}
    return Chat("intercom_conversation.json", _dump(doc), _asks(SUPPORT), [_NOTE])


_NOTE = "Customer is on the legacy Nomad platform, check with infra before promising anything."


def zendesk_comments() -> Chat:
    """A Zendesk ticket's comments (``GET /api/v2/tickets/{id}/comments``): each comment's
    speaker only an ``author_id`` number, its words three times (``body``, ``html_body``,
    ``plain_body``), ``public`` false on an agent's internal note, ``attachments`` with a
    content URL, ``via`` the channel, ``metadata`` of the browser."""
    ids = _Ids("zendesk")
    me, agent = 11720388291, 3720000012
    comments: list[dict[str, Any]] = []
    for k, t in enumerate(BILL):
        assert isinstance(t, U | A)
        who = me if isinstance(t, U) else agent
        c: dict[str, Any] = {
            "id": int(ids.num()[:14]), "type": "Comment", "author_id": who, "body": t.text,
            "html_body": f'<div class="zd-comment" dir="auto"><p>{_esc(t.text)}</p></div>',
            "plain_body": t.text, "public": True, "attachments": [],
            "audit_id": int(ids.num()[:14]),
            "via": {"channel": "web" if who == me else "email",
                    "source": {"from": {}, "to": {}, "rel": None}},
            "created_at": f"2024-03-21T08:{10 + 7 * k:02d}:44Z",
            "metadata": {"system": {"client": "Mozilla/5.0 (Macintosh) Safari/605.1.15",
                                    "ip_address": "203.0.113.7", "location": "Porto, Portugal",
                                    "latitude": 41.15, "longitude": -8.61},
                         "custom": {}}}
        if isinstance(t, U) and t.image:
            c["attachments"] = [{"id": int(ids.num()[:14]), "file_name": "bill_march.jpg",
                                 "content_url": "https://acme.zendesk.com/attachments/token/"
                                 + ids.hex(24) + "/?name=bill_march.jpg",
                                 "content_type": "image/jpeg", "size": 284112,
                                 "width": 1536, "height": 2048, "inline": False,
                                 "deleted": False, "thumbnails": []}]
        comments.append(c)
        if k == 1:
            comments.append({"id": int(ids.num()[:14]), "type": "Comment",
                             "author_id": agent, "body": _ZNOTE, "html_body": f"<p>{_ZNOTE}</p>",
                             "plain_body": _ZNOTE, "public": False, "attachments": [],
                             "audit_id": int(ids.num()[:14]),
                             "via": {"channel": "web", "source": {"from": {}, "to": {},
                                                                  "rel": None}},
                             "created_at": "2024-03-21T08:19:02Z",
                             "metadata": {"system": {}, "custom": {}}})
    doc = {"comments": comments, "next_page": None, "previous_page": None,
           "count": len(comments)}
    return Chat("zendesk_ticket_48213_comments.json", _dump(doc), _asks(BILL), [_ZNOTE])


_ZNOTE = "Meter reading looks estimated, flag to billing team if customer asks again."


def _fb(text: str) -> str:
    """Facebook's export writes each UTF-8 byte as its own escaped code point."""
    return text.encode("utf-8").decode("latin-1")


def messenger() -> Chat:
    """Facebook Messenger in "Download your information" (``inbox/<thread>/message_1.json``):
    ``participants`` by name, ``messages`` newest first with ``sender_name``,
    ``timestamp_ms``, ``content`` in mojibake (UTF-8 bytes as code points), ``photos``,
    ``reactions``, a share; ``title``, ``thread_path``, ``magic_words`` beside."""
    me, page = "Lena Hoffmann", "Lisboa Walks"
    msgs: list[dict[str, Any]] = []
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        m: dict[str, Any] = {"sender_name": me if isinstance(t, U) else page,
                             "timestamp_ms": 1713600014000 + k * 61000,
                             "content": _fb(t.text), "is_geoblocked_for_viewer": False}
        if isinstance(t, A) and k == 1:
            m["reactions"] = [{"reaction": _fb("\u2764"), "actor": me}]
        msgs.append(m)
        if k == 0:
            msgs.append({"sender_name": me, "timestamp_ms": 1713600020000, "photos": [
                {"uri": "your_facebook_activity/messages/inbox/lisboawalks_1021/photos/"
                        "4321_1021.jpg", "creation_timestamp": 1713600020}],
                "is_geoblocked_for_viewer": False})
    msgs.sort(key=lambda m: -m["timestamp_ms"])
    doc = {"participants": [{"name": page}, {"name": me}], "messages": msgs,
           "title": page, "is_still_participant": True,
           "thread_path": "inbox/lisboawalks_10215598123", "magic_words": [],
           "image": {"uri": "your_facebook_activity/messages/photos/lw.jpg",
                     "creation_timestamp": 1713500000},
           "joinable_mode": {"mode": 1, "link": ""}}
    return Chat("message_1.json", _dump(doc), _asks(ITINERARY),
                unsaid=[_fb("Day 2: Belém, the pastéis")])


def gemini_takeout() -> Chat:
    """Gemini Apps activity in a Google Takeout (``My Activity/Gemini Apps/MyActivity.json``):
    one record per exchange, newest first — ``title`` "Prompted " and the ask, the answer as
    HTML in ``safeHtmlItem``, ``time``, ``products``, ``activityControls``; an attached
    image named in ``imageFile``; a record of a feature used without words."""
    recs: list[dict[str, Any]] = []
    turns = [t for t in ITINERARY if isinstance(t, U | A)]
    for k in range(0, len(turns), 2):
        u, a = turns[k], turns[k + 1]
        r: dict[str, Any] = {"header": "Gemini Apps", "title": f"Prompted {u.text}",
                             "time": f"2024-05-02T10:{k * 3:02d}:14.512Z",
                             "products": ["Gemini Apps"],
                             "activityControls": ["Gemini Apps Activity"],
                             "safeHtmlItem": [{"html": f"<p>{_esc(a.text)}</p>"}]}
        if k == 0:
            r["imageFile"] = "image_7c1e2b.png"
        recs.append(r)
    recs.append({"header": "Gemini Apps", "title": "Used an Assistant feature",
                 "time": "2024-05-02T09:58:00.001Z", "products": ["Gemini Apps"],
                 "activityControls": ["Gemini Apps Activity"]})
    recs.sort(key=lambda r: r["time"], reverse=True)
    return Chat("MyActivity.json", _dump(recs), _asks(ITINERARY))


def slack_channel() -> Chat:
    """A Slack workspace export's channel day file (``deploys/2024-06-03.json``) with two
    people and an app: a ``channel_join``, the people's messages mentioning the app as
    ``<@U…>`` (rich text blocks repeating ``text``), the app's answers in a thread
    (``thread_ts``, ``parent_user_id``), a reaction, a file."""
    ids = _Ids("slackch")
    sam, priya, bot = "U05SAM" + ids.hex(3).upper(), "U05PRI" + ids.hex(3).upper(), \
        "U06BOT" + ids.hex(3).upper()
    profile = {sam: ("Sam Ortiz", "sam"), priya: ("Priya Shah", "priya")}
    msgs: list[dict[str, Any]] = [{"user": bot, "type": "message", "subtype": "channel_join",
                                   "ts": "1717430000.000100",
                                   "text": f"<@{bot}> has joined the channel"}]
    askers = [sam, priya, sam]
    ts = 1717430000.000100
    n = 0
    for t in SUPPORT:
        assert isinstance(t, U | A)
        ts += 61.3
        stamp = f"{ts:.6f}"
        if isinstance(t, U):
            who = askers[n]
            n += 1
            text = f"<@{bot}> {t.text}"
            real, disp = profile[who]
            m: dict[str, Any] = {
                "client_msg_id": ids.uuid(), "type": "message", "text": text, "user": who,
                "ts": stamp, "blocks": [{"type": "rich_text", "block_id": ids.hex(3),
                                         "elements": [{"type": "rich_text_section",
                                                       "elements": [
                                                           {"type": "user", "user_id": bot},
                                                           {"type": "text",
                                                            "text": " " + t.text}]}]}],
                "team": "T0ABCD", "user_team": "T0ABCD", "source_team": "T0ABCD",
                "user_profile": {"avatar_hash": ids.hex(6), "image_72": "https://avatars."
                                 "slack-edge.com/a_72.png", "first_name": real.split()[0],
                                 "real_name": real, "display_name": disp, "team": "T0ABCD",
                                 "name": disp, "is_restricted": False,
                                 "is_ultra_restricted": False},
                "thread_ts": stamp, "reply_count": 1, "reply_users_count": 1,
                "latest_reply": f"{ts + 30:.6f}", "reply_users": [bot], "is_locked": False,
                "subscribed": False}
            if n == 1:
                m["files"] = [{"id": "F0" + ids.hex(5).upper(), "name": "fly.toml",
                               "title": "fly.toml", "mimetype": "text/plain",
                               "filetype": "toml", "size": 612}]
            parent = stamp
        else:
            m = {"type": "message", "text": t.text, "ts": stamp, "bot_id": "B0DEPLOY",
                 "app_id": "A0DEPLOY", "user": bot,
                 "bot_profile": {"id": "B0DEPLOY", "deleted": False, "name": "DeployBot",
                                 "updated": 1700000000, "app_id": "A0DEPLOY",
                                 "icons": {"image_36": "https://a.slack-edge.com/b.png"},
                                 "team_id": "T0ABCD"},
                 "blocks": [{"type": "section", "block_id": ids.hex(3),
                             "text": {"type": "mrkdwn", "text": t.text, "verbatim": False}}],
                 "team": "T0ABCD", "thread_ts": parent, "parent_user_id": askers[n - 1],
                 "reactions": [{"name": "pray", "users": [askers[n - 1]], "count": 1}]}
        msgs.append(m)
    return Chat("deploys_2024-06-03.json", _dump(msgs), _asks(SUPPORT))


_SEARCH_HIT = ("Lisbon hotel guide: Baixa and Chiado are the most central districts, well "
               "lit and close to the Baixa-Chiado metro station which runs until 1 am.")


def claude_ai_thinking() -> Chat:
    """Claude.ai's data export with extended thinking and web search: each message's
    ``content`` blocks — ``thinking`` (with its ``summaries``), ``tool_use`` of web_search,
    its ``tool_result`` of ``knowledge`` items, then ``text`` — beside a ``text`` that
    repeats the answer; ``parent_message_uuid`` links the turns."""
    ids = _Ids("claude-think")
    msgs: list[dict[str, Any]] = []
    parent = "00000000-0000-4000-8000-000000000000"
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        when = f"2025-05-02T10:{k * 3:02d}:14.{k * 111:03d}000Z"
        uid = ids.uuid()
        content: list[dict[str, Any]] = []
        if isinstance(t, A):
            content.append({"start_timestamp": when, "stop_timestamp": when,
                            "type": "thinking", "thinking": _THINK,
                            "summaries": [{"summary": "Thinking about the traveler's needs."}],
                            "cut_off": False})
            if k == 3:
                content.append({"start_timestamp": when, "stop_timestamp": when,
                                "type": "tool_use", "name": "web_search",
                                "input": {"query": "safest central Lisbon neighbourhood hotel "
                                          "late arrival"}, "message": "Searching the web"})
                content.append({"start_timestamp": when, "stop_timestamp": when,
                                "type": "tool_result", "name": "web_search", "content": [
                                    {"type": "knowledge", "title": "Where to stay in Lisbon",
                                     "url": "https://www.example-travel.com/lisbon-areas",
                                     "metadata": {"type": "webpage_metadata",
                                                  "site_domain": "example-travel.com"},
                                     "is_missing": False, "text": _SEARCH_HIT}],
                                "is_error": False})
        content.append({"start_timestamp": when, "stop_timestamp": when, "type": "text",
                        "text": t.text, "citations": []})
        msgs.append({"uuid": uid, "text": t.text, "content": content,
                     "sender": "human" if isinstance(t, U) else "assistant",
                     "index": k, "created_at": when, "updated_at": when,
                     "truncated": False, "attachments": [], "files": [], "files_v2": [],
                     "sync_sources": [], "parent_message_uuid": parent})
        parent = uid
    conv = {"uuid": ids.uuid(), "name": "Lisbon in May", "summary": "",
            "created_at": "2025-05-02T10:00:00Z", "updated_at": "2025-05-02T10:20:00Z",
            "account": {"uuid": ids.uuid()}, "chat_messages": msgs}
    return Chat("claude_conversations.json", _dump([conv]), _asks(ITINERARY),
                [_THINK, _SEARCH_HIT], [_THINK])


_CUSTOM = ("The user provided the following information about themselves. This user profile "
           "is shown to you in all conversations they have: I live in Porto and pay my own "
           "bills.\nThe user provided the additional info about how they would like you to "
           "respond: Keep answers short and give numbers.")


def chatgpt_reasoning() -> Chat:
    """A ChatGPT export's conversation with a reasoning model: the ``mapping`` tree holds a
    hidden ``user_editable_context`` message (the custom instructions, role user), the
    model's ``thoughts`` (summaries and content) and a ``reasoning_recap`` before each
    answer, an image as ``multimodal_text`` with an asset pointer."""
    ids = _Ids("chatgpt-o3")
    mapping: dict[str, Any] = {}
    root = ids.uuid()
    mapping[root] = {"id": root, "message": None, "parent": None, "children": []}
    last = root
    clock = 1741600000.0

    def add(role: str, content: dict[str, Any], **meta: Any) -> None:
        nonlocal last, clock
        clock += 7.3
        nid = ids.uuid()
        mapping[nid] = {"id": nid, "message": {
            "id": nid, "author": {"role": role, "name": None, "metadata": {}},
            "create_time": clock, "update_time": None, "content": content,
            "status": "finished_successfully", "end_turn": role == "assistant" or None,
            "weight": 1.0, "metadata": meta, "recipient": "all", "channel": None},
            "parent": last, "children": []}
        mapping[last]["children"].append(nid)
        last = nid

    add("system", {"content_type": "text", "parts": [""]},
        is_visually_hidden_from_conversation=True)
    add("user", {"content_type": "user_editable_context",
                 "user_profile": _CUSTOM.split("\n")[0], "user_instructions":
                 _CUSTOM.split("\n")[1]}, is_visually_hidden_from_conversation=True,
        user_context_message_data={"about_user_message": "I live in Porto and pay my own "
                                   "bills.", "about_model_message": "Keep answers short and "
                                   "give numbers."})
    for t in BILL:
        assert isinstance(t, U | A)
        if isinstance(t, U):
            if t.image:
                add("user", {"content_type": "multimodal_text", "parts": [
                    {"content_type": "image_asset_pointer", "asset_pointer":
                     "file-service://file-" + ids.hex(22), "size_bytes": 284112,
                     "width": 1536, "height": 2048, "fovea": None, "metadata": None},
                    t.text]}, attachments=[{"id": "file-" + ids.hex(22),
                                            "name": "bill.jpg", "mimeType": "image/jpeg"}])
            else:
                add("user", {"content_type": "text", "parts": [t.text]})
        else:
            add("assistant", {"content_type": "thoughts", "thoughts": [
                {"summary": "Checking the figures", "content": _THINK}],
                "source_analysis_msg_id": ids.uuid()}, model_slug="o3")
            add("assistant", {"content_type": "reasoning_recap",
                              "content": "Thought for 9 seconds"}, model_slug="o3")
            add("assistant", {"content_type": "text", "parts": [t.text]}, model_slug="o3")
    conv = {"title": "Electricity bill jump", "create_time": 1741600000.0,
            "update_time": clock, "mapping": mapping, "moderation_results": [],
            "current_node": last, "plugin_ids": None, "conversation_id": ids.uuid(),
            "conversation_template_id": None, "gizmo_id": None, "is_archived": False,
            "safe_urls": [], "default_model_slug": "o3", "id": ids.uuid()}
    return Chat("conversations.json", _dump([conv]), _asks(BILL), [_CUSTOM, _THINK],
                [_THINK, "I live in Porto"])


# ---- a sixth pass: text exports and group chats (no JSON) --------------------------------

_E2E = ("Messages and calls are end-to-end encrypted. No one outside of this chat, not even "
        "WhatsApp, can read or listen to them. Tap to learn more.")


def _group(script: list[Turn], helpers: tuple[str, ...]) -> list[tuple[bool, str, int]]:
    """A script's turns as a group says them: (is the person, words, which helper)."""
    out = []
    k = 0
    for t in script:
        assert isinstance(t, U | A)
        if isinstance(t, U):
            out.append((True, t.text, 0))
        else:
            out.append((False, t.text, k % len(helpers)))
            k += 1
    return out


def whatsapp_android_group() -> Chat:
    """WhatsApp's "Export chat" of a group on Android (US locale): ``3/12/24, 2:05 PM -
    Name: text`` lines, the group's notices without a name (created, added, left, the
    encryption notice), ``<Media omitted>``, a deleted message, an answer on several lines,
    three people."""
    helpers = ("Marco Rossi", "Priya Shah")
    out = ["3/12/24, 1:58 PM - " + _E2E,
           '3/12/24, 1:58 PM - Lena Hoffmann created group "Lisbon May 🇵🇹"',
           "3/12/24, 1:58 PM - Lena Hoffmann added Marco Rossi",
           "3/12/24, 1:59 PM - Lena Hoffmann added Priya Shah"]
    for k, (mine, text, h) in enumerate(_group(ITINERARY, helpers)):
        who = "Lena Hoffmann" if mine else helpers[h]
        if not mine and "Day 2" in text:
            text = text.replace(" Day 2", "\nDay 2").replace(" Day 3", "\nDay 3")
        minute = 2 + 3 * k
        out.append(f"3/12/24, 2:{minute:02d} PM - {who}: {text}")
        if k == 1:
            out.append(f"3/12/24, 2:{minute + 1:02d} PM - Priya Shah: <Media omitted>")
            out.append(f"3/12/24, 2:{minute + 1:02d} PM - Marco Rossi: This message was "
                       "deleted")
        if k == 3:
            out.append(f"3/12/24, 2:{minute + 1:02d} PM - Lena Hoffmann: <Media omitted>")
    out.append("3/12/24, 2:30 PM - Marco Rossi left")
    return Chat("WhatsApp Chat with Lisbon May.txt", "\n".join(out) + "\n", _asks(ITINERARY),
                ["<Media omitted>", "This message was deleted", _E2E,
                 'Lena Hoffmann created group'])


def whatsapp_ios_group() -> Chat:
    """WhatsApp's "Export chat" of a group on iOS (European locale, a two-digit year):
    ``[12/03/24, 14:05:31] Name: text``, the app's notices opened by an invisible
    left-to-right mark (``‎image omitted``, ``‎<attached: …>``, ``‎You added …``), three
    people and a phone number."""
    helpers = ("Priya Shah", "+44 7700 900123")
    out = ["[12/03/24, 09:30:02] Ops on call: \u200e" + _E2E,
           "[12/03/24, 09:30:02] Ops on call: \u200eSam Ortiz created this group",
           "[12/03/24, 09:30:05] Ops on call: \u200eSam Ortiz added you",
           "[12/03/24, 09:30:09] Ops on call: \u200eSam Ortiz added +44 7700 900123"]
    for k, (mine, text, h) in enumerate(_group(SUPPORT, helpers)):
        who = "Sam Ortiz" if mine else helpers[h]
        out.append(f"[12/03/24, 09:{32 + 2 * k:02d}:{(k * 17) % 60:02d}] {who}: {text}")
        if k == 0:
            out.append(f"[12/03/24, 09:{32 + 2 * k:02d}:40] Sam Ortiz: \u200e<attached: "
                       "00000012-PHOTO-2024-03-12-09-32-40.jpg>")
        if k == 2:
            out.append(f"[12/03/24, 09:{32 + 2 * k:02d}:51] Sam Ortiz: \u200eimage omitted")
    return Chat("_chat.txt", "\n".join(out) + "\n", _asks(SUPPORT),
                ["<attached: 00000012", "image omitted", _E2E, "Sam Ortiz created this"])


def telegram_html() -> Chat:
    """Telegram Desktop's HTML export (``messages.html``): a ``div.message`` per message, the
    sender's name in ``div.from_name`` (left out of a follow-up, a ``joined`` message), the
    words in ``div.text``, a photo in ``div.media_wrap``, service messages (a date, a join)
    in ``div.message.service``."""
    people = ("Lena Hoffmann", "Travel Helper")
    body = []
    mid = 100

    def service(text: str) -> None:
        nonlocal mid
        mid += 1
        body.append(f'   <div class="message service" id="message{mid}">\n\n    '
                    f'<div class="body details">\n{text}\n    </div>\n\n   </div>\n')

    def message(who: str | None, text: str, when: str, photo: bool = False) -> None:
        nonlocal mid
        mid += 1
        joined = " joined" if who is None else ""
        out = [f'   <div class="message default clearfix{joined}" id="message{mid}">\n',
               '    <div class="pull_left userpic_wrap">\n     <div class="userpic '
               'userpic2" style="width: 42px; height: 42px">\n      <div class="initials" '
               'style="line-height: 42px">LH</div>\n     </div>\n    </div>\n'
               if who else "",
               '    <div class="body">\n',
               f'     <div class="pull_right date details" title="{when} UTC+01:00">\n'
               f'{when[11:16]}\n     </div>\n']
        if who:
            out.append(f'     <div class="from_name">\n{who} \n     </div>\n')
        if photo:
            out.append('     <div class="media_wrap clearfix">\n      <a class="photo_wrap '
                       'clearfix pull_left" href="photos/photo_1@20-04-2024_10-00-41.jpg">\n'
                       '       <img class="photo" src="photos/photo_1@20-04-2024_10-00-41_'
                       'thumb.jpg" style="width: 260px; height: 195px"/>\n      </a>\n'
                       '     </div>\n')
        html = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        out.append(f'     <div class="text">\n{html.replace(chr(10), "<br>")}\n     </div>\n')
        out.append("    </div>\n   </div>\n")
        body.append("".join(out))

    service("20 April 2024")
    service("Lena Hoffmann joined group by link from Group")
    last = None
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        who = people[0] if isinstance(t, U) else people[1]
        when = f"20.04.2024 10:{k * 3:02d}:41"
        if k == 0:
            message(who, "Hi! Quick question for you.", when)
            last = who
        message(None if who == last else who, t.text, when, photo=(k == 2))
        last = who
    head = ('<!DOCTYPE html>\n<html>\n\n <head>\n\n  <meta charset="utf-8"/>\n<title>'
            'Exported Data</title>\n\n  <meta content="width=device-width, initial-scale=1.0" '
            'name="viewport"/>\n\n  <link href="css/style.css" rel="stylesheet"/>\n\n  '
            '<script src="js/script.js" type="text/javascript">\n\n  </script>\n\n </head>\n\n'
            ' <body onload="CheckLocation();">\n\n  <div class="page_wrap">\n\n   <div class='
            '"page_header">\n\n    <div class="content">\n\n     <div class="text bold">\n'
            'Lisbon trip\n     </div>\n\n    </div>\n\n   </div>\n\n   <div class="page_body '
            'chat_page">\n\n    <div class="history">\n\n')
    tail = "    </div>\n\n   </div>\n\n  </div>\n\n </body>\n\n</html>\n"
    asks = ["Hi! Quick question for you.", *_asks(ITINERARY)]
    return Chat("messages.html", head + "".join(body) + tail, asks,
                ["joined group by link", "photo_1@20-04-2024"])


def discord_txt() -> Chat:
    """DiscordChatExporter's plain text (``--format PlainText``): a ``=====`` header with the
    guild and channel, each message a ``[4/20/2024 10:00 AM] author`` line with its words on
    the lines below, ``{Attachments}`` with a link, ``{Reactions}``, a pinned message."""
    rule = "=" * 62
    out = [rule, "Guild: Fly Community", "Channel: Support / deploy-help",
           "Topic: Ask DeployHelper about deploys. Be nice.", rule, ""]
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        who = "sam_ortiz" if isinstance(t, U) else "DeployHelper#8821"
        out.append(f"[6/3/2024 6:{10 + 2 * k:02d} PM] {who}")
        out.append(t.text)
        if k == 0:
            out += ["", "{Attachments}",
                    "https://cdn.discordapp.com/attachments/1101/2202/fly.toml", ""]
        if isinstance(t, A):
            out += ["", "{Reactions}", "🙏 (1) ", ""]
        out.append("")
    out.insert(len(out) - 1, "[6/3/2024 6:22 PM] sam_ortiz (pinned)\nthanks all, closing "
               "this :)\n")
    out += [rule, f"Exported {len(SUPPORT) + 1} message(s)", rule]
    return Chat("Fly Community - Support - deploy-help [1101].txt", "\n".join(out) + "\n",
                [*_asks(SUPPORT), "thanks all, closing this :)"],
                ["{Attachments}", "https://cdn.discordapp.com", "{Reactions}",
                 "Guild: Fly Community"])


def weechat_log() -> Chat:
    """A WeeChat log of an IRC channel (``irc.libera.#fly-help.weechatlog``): a date and time,
    a tab, the nick (or ``-->``, ``<--``, ``--`` for joins, quits, modes and nick changes),
    a tab and the words; another person changes nick and leaves."""
    def at(m: int, s: int) -> str:
        return f"2024-06-03 18:{m:02d}:{s:02d}"

    out = [f"{at(9, 2)}\t-->\tsam (~sam@203-0-113-7.example.net) has joined #fly-help",
           f"{at(9, 2)}\t--\tTopic for #fly-help is \"Ask DeployHelper about deploys | be "
           "nice\"",
           f"{at(9, 2)}\t--\tChannel #fly-help: 14 nicks (1 op, 0 voices, 13 normals)",
           f"{at(9, 40)}\t--\tmike_ is now known as mike"]
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        nick = "sam" if isinstance(t, U) else "@DeployHelper"
        out.append(f"{at(10 + 2 * k, 11)}\t{nick}\t{t.text}")
        if k == 1:
            out.append(f"{at(12, 30)}\t<--\tmike (~mike@198.51.100.4) has quit (Quit: "
                       "leaving)")
            out.append(f"{at(12, 41)}\t *\tsam tries that")
    out.append(f"{at(23, 5)}\t<--\tsam (~sam@203-0-113-7.example.net) has left #fly-help")
    return Chat("irc.libera.#fly-help.weechatlog", "\n".join(out) + "\n", _asks(SUPPORT),
                ["has joined #fly-help", "Topic for #fly-help", "is now known as",
                 "has quit", "sam tries that"])


def slack_paste() -> Chat:
    """Slack messages copied from the desktop app and pasted as text: the sender's name and
    the time on a line (``Sam Ortiz  6:10 PM``), the words below, a follow-up of the same
    sender under its time alone, an app's ``APP`` tag, a file's name and an ``(edited)``
    mark."""
    out = []
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        clock = f"6:{10 + 2 * k:02d} PM"
        if isinstance(t, U):
            out += [f"Sam Ortiz  {clock}", t.text]
            if k == 0:
                out += ["6:11", "here is my config", "fly.toml ", "TOML "]
        else:
            out += [f"DeployBot APP  {clock}", t.text]
            if k == 1:
                out.append("(edited)")
            out.append("1")
    return Chat("slack_thread.txt", "\n".join(out) + "\n",
                [*_asks(SUPPORT), "here is my config"], ["fly.toml", "(edited)"])


def chatgpt_md_inline() -> Chat:
    """A browser extension's Markdown export of a ChatGPT chat: a title, the export's date,
    each turn opened by its speaker in bold on the line of its words (``**You:** …``,
    ``**ChatGPT:** …``), ``---`` between turns, an image as a Markdown link, code fenced."""
    out = ["# Quarterly sales summary", "", "Exported on 6 May 2024 at 10:14:02 from "
           "ChatGPT - with Save my Chatbot", "", "---", ""]
    for t in SALES:
        assert isinstance(t, U | A)
        if isinstance(t, U):
            text = t.text
            if t.attach:
                text += f"\n\n[{t.attach[0]}](https://files.oaiusercontent.com/file-abc123)"
            out.append(f"**You:** {text}")
        else:
            text = t.text
            if text.startswith("import"):
                text = "Here you go:\n\n```python\n" + text + "\n```"
            out.append(f"**ChatGPT:** {text}")
        out += ["", "---", ""]
    return Chat("Quarterly sales summary.md", "\n".join(out), _asks(SALES), [SALES_CSV])


def zoom_chat() -> Chat:
    """A Zoom meeting's saved chat (``meeting_saved_chat.txt``, the newer layout): ``HH:MM:SS
    From Name to Everyone:`` lines, the words on the next lines after a tab, a reaction,
    a reply quoting the message it answers, three people."""
    helpers = ("Marco Rossi", "Priya Shah (Host)")
    out = []
    for k, (mine, text, h) in enumerate(_group(BILL, helpers)):
        who = "Lena Hoffmann" if mine else helpers[h]
        out.append(f"00:{12 + 3 * k:02d}:{(k * 13) % 60:02d} From {who} to Everyone:")
        if not mine and k == 3:
            out.append('\tReplying to "What would I save in a year if I moved th..."')
        out.append(f"\t{text}")
        if k == 1:
            out.append(f"00:{13 + 3 * k:02d}:05 From Lena Hoffmann to Everyone:")
            out.append('\tReacted to "Your March bill shows ..." with 👍')
    return Chat("meeting_saved_chat.txt", "\n".join(out) + "\n", _asks(BILL),
                ["Reacted to", "Replying to"])


def imessage_txt() -> Chat:
    """imessage-exporter's text output (``--format txt``): each message a date line, the
    sender's line (``Me`` or the other person's number), the words, a blank line; an
    attachment's line, a tapback and a read receipt beside the date."""
    out = []
    for k, t in enumerate(BILL):
        assert isinstance(t, U | A)
        stamp = f"Mar 15, 2024 {9 + k // 2}:{(k * 7) % 60:02d}:{(k * 11) % 60:02d} PM"
        if isinstance(t, U):
            out += [stamp, "Me"]
            if t.image:
                out.append("/Users/lena/Library/Messages/Attachments/3f/15/IMG_4412.HEIC")
            out += [t.text, ""]
        else:
            out += [stamp + " (Read by you after 2 minutes)", "+15555550123", t.text, ""]
            if k == 1:
                out += [stamp, "Me", "Loved “Your March bill shows 612 kWh…”", ""]
    return Chat("+15555550123.txt", "\n".join(out), _asks(BILL),
                ["IMG_4412.HEIC", "Loved “Your March"])


def email_thread() -> Chat:
    """An email thread printed from a mail client as text, oldest first: each mail's
    ``From:`` / ``Sent:`` / ``To:`` / ``Subject:`` block, its words, and the mail it
    answers quoted with ``> `` under an ``On … wrote:`` line, a signature after ``-- ``."""
    names = {True: "Lena Hoffmann <lena@example.com>",
             False: "PowerCo Billing <billing@powerco.example>"}
    out: list[str] = []
    prev: tuple[bool, str, str] | None = None
    for k, t in enumerate(BILL):
        assert isinstance(t, U | A)
        mine = isinstance(t, U)
        when = f"Mon, 18 Mar 2024 at {9 + k}:0{k}"
        subject = "March bill" if k == 0 else "Re: March bill"
        out += [f"From: {names[mine]}", f"Sent: {when}", f"To: {names[not mine]}",
                f"Subject: {subject}", "", t.text, ""]
        if mine and t.image:
            out += ["[Attachment: bill_march.jpg]", ""]
        out += ["-- ", "Lena" if mine else "PowerCo Customer Care | 0800 123 456", ""]
        if prev is not None:
            out.append(f"On {prev[2]}, {names[prev[0]]} wrote:")
            out += ["> " + x for x in prev[1].split("\n")]
            out.append("")
        out.append("_" * 40)
        out.append("")
        prev = (mine, t.text, when)
    answers = [t.text for t in BILL if isinstance(t, A)]
    return Chat("Re_ March bill.txt", "\n".join(out), _asks(BILL),
                ["[Attachment: bill_march.jpg]", *answers])


# a group where several people ask and others answer: (voice, words, whether an ask)
TRIP_GROUP: list[tuple[str, str, bool]] = [
    ("Ana Costa", "Does anyone know when the train to Porto leaves on Friday?", True),
    ("Ben Okafor", "The first one is at 7:09 from Santa Apolonia, then every hour until 21:09.",
     False),
    ("Cleo Martin", "Which hostel did we book in Porto in the end?", True),
    ("Ben Okafor", "Gallery Hostel, a five minute walk from Rua das Flores.", False),
    ("Ana Costa", "Is breakfast included there or do we pay on the spot?", True),
    ("Dmitri Volkov", "Included, served from 8 to 10 in the garden room.", False),
    ("Cleo Martin", "Can someone send the booking number before I call them?", True),
    ("Ben Okafor", "It is GH-20931, under my name, two rooms for three nights.", False),
    ("Ana Costa", "Should we rent bikes on Saturday or walk along the river?", True),
    ("Dmitri Volkov", "Bikes, the shop by the bridge opens at nine and has helmets.", False),
]


def _group_voices(script: list[tuple[str, str, bool]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for who, text, _ask in script:
        out.setdefault(who, []).append(text)
    return out


def whatsapp_group_askers() -> Chat:
    """WhatsApp's "Export chat" of a group of four on Android where three people ask and
    two answer — no two voices hold nearly every line, so a reading by the two busiest
    would make the others' words notices."""
    out = ["4/02/24, 6:58 PM - " + _E2E,
           '4/02/24, 6:58 PM - Ana Costa created group "Porto weekend"',
           "4/02/24, 6:59 PM - Ana Costa added Ben Okafor, Cleo Martin, Dmitri Volkov"]
    for k, (who, text, _ask) in enumerate(TRIP_GROUP):
        out.append(f"4/02/24, 7:{2 * k:02d} PM - {who}: {text}")
        if k == 4:
            out.append(f"4/02/24, 7:{2 * k + 1:02d} PM - Cleo Martin: <Media omitted>")
    return Chat("WhatsApp Chat with Porto weekend.txt", "\n".join(out) + "\n",
                [t for _w, t, ask in TRIP_GROUP if ask],
                ["<Media omitted>", _E2E, "created group"], voices=_group_voices(TRIP_GROUP))


def irc_group() -> Chat:
    """An irssi log of a busy IRC channel: four nicks, three of them asking and two
    answering, with joins and a nick change between."""
    nicks = {"Ana Costa": "ana", "Ben Okafor": "benok", "Cleo Martin": "cleo_m",
             "Dmitri Volkov": "dvolkov"}
    out = ["--- Log opened Tue Apr 02 18:50:00 2024",
           "18:55 -!- cleo_m [~cleo@192.0.2.44] has joined #porto-trip"]
    for k, (who, text, _ask) in enumerate(TRIP_GROUP):
        out.append(f"19:{2 * k:02d} <{nicks[who]}> {text}")
        if k == 3:
            out.append("19:07 -!- dvolkov [~dv@198.51.100.9] has joined #porto-trip")
    out.append("--- Log closed Tue Apr 02 19:40:00 2024")
    voices = {nicks[w]: t for w, t in _group_voices(TRIP_GROUP).items()}
    return Chat("#porto-trip.log", "\n".join(out) + "\n",
                [t for _w, t, ask in TRIP_GROUP if ask], ["has joined"], voices=voices)


def discord_group() -> Chat:
    """DiscordChatExporter's plain text of a channel of four: each message a ``[date time]
    author`` header over its words, three authors asking and two answering, a reaction."""
    handles = {"Ana Costa": "ana.costa", "Ben Okafor": "benok", "Cleo Martin": "cleo_m",
               "Dmitri Volkov": "dvolkov#4410"}
    rule = "=" * 62
    out = [rule, "Guild: Porto weekend", "Channel: Text Channels / planning", rule, ""]
    for k, (who, text, ask) in enumerate(TRIP_GROUP):
        out += [f"[4/2/2024 7:{2 * k:02d} PM] {handles[who]}", text, ""]
        if not ask and k == 1:
            out += ["{Reactions}", "👍 (2) ", ""]
    out += [rule, f"Exported {len(TRIP_GROUP)} message(s)", rule]
    voices = {handles[w]: t for w, t in _group_voices(TRIP_GROUP).items()}
    return Chat("Porto weekend - Text Channels - planning [2201].txt", "\n".join(out) + "\n",
                [t for _w, t, ask in TRIP_GROUP if ask], ["{Reactions}", "Guild: Porto"],
                voices=voices)


# ---- group chats in the HTML, bold-label and mail-block readers ----------------------------

def telegram_html_group() -> Chat:
    """Telegram Desktop's HTML export of a group of four where three people ask and two
    answer: ``div.from_name`` on each hand-over, ``joined`` follow-ups, service messages."""
    body = []
    mid = 300

    def div(cls: str, inner: str) -> None:
        nonlocal mid
        mid += 1
        body.append(f'   <div class="message {cls}" id="message{mid}">\n{inner}   </div>\n')

    div("service", '    <div class="body details">\n2 April 2024\n    </div>\n')
    div("service", '    <div class="body details">\nAna Costa created group «Porto weekend»\n'
        "    </div>\n")
    for k, (who, text, _ask) in enumerate(TRIP_GROUP):
        when = f"02.04.2024 19:{2 * k:02d}:10"
        initials = "".join(w[0] for w in who.split())
        div("default clearfix",
            '    <div class="pull_left userpic_wrap">\n     <div class="userpic userpic3" '
            f'style="width: 42px; height: 42px">\n      <div class="initials" style="line-'
            f'height: 42px">{initials}</div>\n     </div>\n    </div>\n    <div class="body">\n'
            f'     <div class="pull_right date details" title="{when} UTC+01:00">\n'
            f'{when[11:16]}\n     </div>\n     <div class="from_name">\n{who} \n     </div>\n'
            f'     <div class="text">\n{text}\n     </div>\n    </div>\n')
        if k == 2:
            div("default clearfix joined",
                '    <div class="body">\n     <div class="pull_right date details" title='
                f'"{when} UTC+01:00">\n{when[11:16]}\n     </div>\n     <div class="media_wrap '
                'clearfix">\n      <a class="photo_wrap clearfix pull_left" href="photos/'
                'photo_3@02-04-2024_19-04-10.jpg">\n       <img class="photo" src="photos/'
                'photo_3@02-04-2024_19-04-10_thumb.jpg"/>\n      </a>\n     </div>\n'
                "    </div>\n")
    head = ('<!DOCTYPE html>\n<html>\n <head>\n  <meta charset="utf-8"/>\n<title>Exported Data'
            '</title>\n  <link href="css/style.css" rel="stylesheet"/>\n </head>\n <body>\n'
            '  <div class="page_wrap">\n   <div class="page_header">\n    <div class="content">'
            '\n     <div class="text bold">\nPorto weekend\n     </div>\n    </div>\n   </div>\n'
            '   <div class="page_body chat_page">\n    <div class="history">\n')
    tail = "    </div>\n   </div>\n  </div>\n </body>\n</html>\n"
    return Chat("messages.html", head + "".join(body) + tail,
                [t for _w, t, ask in TRIP_GROUP if ask], ["created group", "photo_3@"],
                voices=_group_voices(TRIP_GROUP))


def slack_md_group() -> Chat:
    """A Slack thread of four pasted into Markdown notes with each message as
    ``**Name:** words`` (a title and a date line first), three people asking, two answering."""
    out = ["# #porto-trip thread", "", "_Saved 2 April 2024_", ""]
    for who, text, _ask in TRIP_GROUP:
        out += [f"**{who}:** {text}", ""]
    return Chat("porto-trip thread.md", "\n".join(out),
                [t for _w, t, ask in TRIP_GROUP if ask], voices=_group_voices(TRIP_GROUP))


def email_group() -> Chat:
    """A mail thread among four printed as text: each mail's ``From:`` / ``Sent:`` / ``To:``
    / ``Subject:`` block and its words, the mail it answers quoted under ``On … wrote:``."""
    mails = {"Ana Costa": "ana@example.org", "Ben Okafor": "ben@example.org",
             "Cleo Martin": "cleo@example.org", "Dmitri Volkov": "dmitri@example.org"}
    out: list[str] = []
    prev: tuple[str, str] | None = None
    for k, (who, text, _ask) in enumerate(TRIP_GROUP):
        others = "; ".join(f"{n} <{m}>" for n, m in mails.items() if n != who)
        out += [f"From: {who} <{mails[who]}>", f"Sent: Tuesday, April 2, 2024 {9 + k}:05 AM",
                f"To: {others}", f"Subject: {'Re: ' if k else ''}Porto weekend", "", text, ""]
        if prev is not None:
            out.append(f"On Tue, Apr 2, 2024, {prev[0]} wrote:")
            out += ["> " + prev[1], ""]
        prev = (who, text)
    return Chat("Porto weekend.txt", "\n".join(out),
                [t for _w, t, ask in TRIP_GROUP if ask], voices=_group_voices(TRIP_GROUP))


# ---- an eighth pass: team chat APIs and messenger exports ----------------------------------

def rocketchat_history() -> Chat:
    """Rocket.Chat's ``channels.history`` REST answer: newest first, each message's words in
    ``msg``, the sender in ``u`` (a bot with ``bot``), a join (``t: "uj"``) between."""
    ids = _Ids("rocket")
    msgs: list[dict[str, Any]] = [{
        "_id": ids.hex(17), "rid": "GENERAL", "msg": "sam.ortiz", "t": "uj",
        "ts": "2024-04-20T17:58:00.000Z", "u": {"_id": ids.hex(17), "username": "sam.ortiz",
                                                 "name": "Sam Ortiz"},
        "_updatedAt": "2024-04-20T17:58:00.000Z", "groupable": False}]
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        user = ({"_id": ids.hex(17), "username": "sam.ortiz", "name": "Sam Ortiz"}
                if isinstance(t, U) else
                {"_id": ids.hex(17), "username": "deploy.bot", "name": "Deploy Bot"})
        m: dict[str, Any] = {"_id": ids.hex(17), "rid": "GENERAL", "msg": t.text,
                             "ts": f"2024-04-20T18:{2 * k:02d}:00.000Z", "u": user,
                             "urls": [], "mentions": [], "channels": [], "md": [
                                 {"type": "PARAGRAPH", "value": [{"type": "PLAIN_TEXT",
                                                                   "value": t.text}]}],
                             "_updatedAt": f"2024-04-20T18:{2 * k:02d}:01.000Z"}
        if isinstance(t, A):
            m["bot"] = {"i": ids.hex(17)}
        msgs.append(m)
    doc = {"messages": msgs[::-1], "count": len(msgs), "offset": 0, "total": len(msgs),
           "success": True}
    return Chat("channels.history.json", _dump(doc), _asks(SUPPORT))


def zulip_messages() -> Chat:
    """Zulip's ``GET /messages`` answer: the words as rendered HTML in ``content``, the sender
    in ``sender_full_name``, a stream and a topic, reactions and flags."""
    ids = _Ids("zulip")
    msgs = []
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        person = isinstance(t, U)
        name = "Lena Hoffmann" if person else "Trip Planner"
        html = "".join(f"<p>{p}</p>" for p in t.text.split("\n"))
        msgs.append({"id": 4100 + k, "sender_id": 11 if person else 27,
                     "sender_full_name": name,
                     "sender_email": "lena@example.com" if person else "planner-bot@zulip.example",
                     "content": html, "content_type": "text/html", "type": "stream",
                     "display_recipient": "travel", "stream_id": 5, "subject": "Lisbon",
                     "timestamp": 1713607200 + 120 * k, "client": "website",
                     "avatar_url": None, "is_me_message": False, "recipient_id": 19,
                     "reactions": [{"emoji_name": "thumbs_up", "emoji_code": "1f44d",
                                    "reaction_type": "unicode_emoji", "user_id": 11}]
                     if not person and k == 1 else [],
                     "submessages": [], "topic_links": [], "flags": ["read"],
                     "sender_realm_str": "example", "last_edit_timestamp": None})
        ids.hex()
    doc = {"result": "success", "msg": "", "found_anchor": False, "found_oldest": True,
           "found_newest": True, "history_limited": False, "anchor": 10000000000000000,
           "messages": msgs}
    return Chat("zulip_messages.json", _dump(doc), _asks(ITINERARY))


def twilio_conversation() -> Chat:
    """Twilio Conversations' ``Messages`` list: each message's ``author`` (a phone number or
    an agent's identity), ``body``, a media attachment's metadata, ``attributes`` as a JSON
    string, and links."""
    ids = _Ids("twilio")
    conv = "CH" + ids.hex(32)
    msgs = []
    for k, t in enumerate(BILL):
        assert isinstance(t, U | A)
        person = isinstance(t, U)
        sid = "IM" + ids.hex(32)
        msgs.append({
            "account_sid": "AC" + ids.hex(32), "conversation_sid": conv, "sid": sid,
            "index": k, "author": "+15558675310" if person else "billing-agent",
            "body": t.text,
            "media": [{"sid": "ME" + ids.hex(32), "content_type": "image/jpeg",
                       "filename": "bill_march.jpg", "size": 48213}]
            if person and t.image else None,
            "attributes": json.dumps({"channel": "sms"} if person else {"agent": True}),
            "participant_sid": "MB" + ids.hex(32),
            "date_created": f"2024-03-18T09:{3 * k:02d}:00Z",
            "date_updated": f"2024-03-18T09:{3 * k:02d}:00Z",
            "url": f"https://conversations.twilio.com/v1/Conversations/{conv}/Messages/{sid}",
            "delivery": None,
            "links": {"delivery_receipts": f"https://conversations.twilio.com/v1/Conversations"
                                           f"/{conv}/Messages/{sid}/Receipts"},
            "content_sid": None})
    doc = {"messages": msgs, "meta": {"page": 0, "page_size": 50, "first_page_url":
                                      f"https://conversations.twilio.com/v1/Conversations/"
                                      f"{conv}/Messages?PageSize=50&Page=0",
                                      "previous_page_url": None, "next_page_url": None,
                                      "key": "messages"}}
    return Chat("twilio_messages.json", _dump(doc), _asks(BILL), ["bill_march.jpg"])


def skype_export() -> Chat:
    """Skype's data export (``messages.json``): conversations, each with a ``MessageList``
    (newest first) of messages whose ``content`` is rich text (``<b>``, ``&apos;``), the
    sender an id in ``from``, a call's ``Event/Call`` notice between."""
    me, bot = "8:live:.cid.5f1e2d3c4b5a6978", "28:concierge-bot-7d2a"
    msgs = [{"id": "1713607080000", "displayName": None,  # a call before the messages
             "originalarrivaltime": "2024-04-20T09:58:00.000Z", "messagetype": "Event/Call",
             "version": 1713607080000, "content": '<partlist type="ended" alt=""><part '
             'identity="live:.cid.5f1e2d3c4b5a6978"><name>Lena Hoffmann</name><duration>64'
             '</duration></part></partlist>', "conversationid": bot, "from": me,
             "properties": None, "amsreferences": None}]
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        person = isinstance(t, U)
        rich = t.text.replace("'", "&apos;")
        msgs.append({"id": str(1713607200000 + 60000 * k),
                     "displayName": "Lena Hoffmann" if person else None,
                     "originalarrivaltime": f"2024-04-20T10:0{k}:00.000Z",
                     "messagetype": "RichText", "version": 1713607200000 + 60000 * k,
                     "content": rich, "conversationid": bot, "from": me if person else bot,
                     "properties": None, "amsreferences": None})
    doc = {"userId": me, "exportDate": "2024-04-21T08:00",
           "conversations": [{"id": bot, "displayName": "Travel Concierge",
                              "version": 1713607500000,
                              "properties": {"conversationblocked": False,
                                             "lastimreceivedtime": "2024-04-20T10:05:00.000Z",
                                             "consumptionhorizon": "1713607500000;0;0"},
                              "threadProperties": None, "MessageList": msgs[::-1]}]}
    # the call notice's text as a reader of its markup would join it: never an ask
    return Chat("messages.json", _dump(doc), _asks(ITINERARY),
                ["partlist", "Lena Hoffmann64.", "Lena Hoffmann 64."])


def line_txt() -> Chat:
    """LINE's "Send chat history" text: a title line and a save date, a date line per day,
    each message ``time<TAB>name<TAB>words``, a multi-line message in quotes, a sticker and a
    photo as ``[Sticker]`` / ``[Photo]``."""
    out = ["[LINE] Chat history with Travel Helper", "Saved on: 2024/04/20 11:02", "",
           "2024/04/20(Sat)"]
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        who = "Lena" if isinstance(t, U) else "Travel Helper"
        clock = f"10:{3 * k:02d}"
        text = t.text
        if "\n" in text:
            text = '"' + text + '"'
        out.append(f"{clock}\t{who}\t{text}")
        if k == 1:
            out.append(f"{clock}\tLena\t[Sticker]")
        if k == 3:
            out.append(f"{clock}\tTravel Helper\t[Photo]")
    return Chat("[LINE] Chat with Travel Helper.txt", "\n".join(out) + "\n",
                _asks(ITINERARY), ["[Sticker]", "[Photo]"])


def kakaotalk_txt() -> Chat:
    """KakaoTalk's "Export chat" text (English UI): a title and a save date, a dashed date
    line, each message ``[name] [time] words``, a photo as ``Photo``."""
    out = ["Talk with Seoul Guide", "Date Saved : Apr 20, 2024 at 11:02", "",
           "--------------- Saturday, April 20, 2024 ---------------"]
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        who = "Lena Hoffmann" if isinstance(t, U) else "Seoul Guide"
        out.append(f"[{who}] [10:{3 * k:02d} AM] {t.text}")
        if k == 2:
            out.append(f"[Lena Hoffmann] [10:{3 * k:02d} AM] Photo")
    return Chat("KakaoTalk_Chat_Seoul Guide.txt", "\n".join(out) + "\n", _asks(ITINERARY),
                ["Photo"])


def crisp_messages() -> Chat:
    """Crisp's ``conversation/{session}/messages`` answer: ``from`` user or operator, text
    messages and a file message whose ``content`` is an object, a note (``type: note``)."""
    ids = _Ids("crisp")
    session = "session_" + ids.uuid()
    data: list[dict[str, Any]] = []
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        person = isinstance(t, U)
        data.append({"session_id": session, "website_id": ids.uuid(), "type": "text",
                     "from": "user" if person else "operator", "origin": "chat" if person
                     else "urn:crisp.im:slack:0", "content": t.text, "preview": [],
                     "mentions": [], "read": "chat", "delivered": "", "stamped": True,
                     "timestamp": 1713636000000 + 60000 * k,
                     "fingerprint": ids.r.randint(10**14, 10**15),
                     "user": {"nickname": "Sam Ortiz", "user_id": "session_" + ids.uuid()}
                     if person else {"nickname": "Mia (Support)", "user_id": ids.uuid()}})
        if k == 0:
            data.append({"session_id": session, "type": "file", "from": "user",
                         "origin": "chat", "content": {"name": "fly.toml", "url":
                                                       "https://storage.crisp.chat/users/"
                                                       "upload/fly.toml", "type": "text/plain"},
                         "timestamp": 1713636030000, "fingerprint": 1713636030123,
                         "user": {"nickname": "Sam Ortiz"}})
        if k == 1:
            data.append({"session_id": session, "type": "note", "from": "operator",
                         "origin": "chat", "content": "Customer on the hobby plan, no SLA.",
                         "timestamp": 1713636090000, "fingerprint": 1713636090456,
                         "user": {"nickname": "Mia (Support)"}})
    return Chat("crisp_messages.json", _dump({"error": False, "reason": "resolved",
                                              "data": data}),
                _asks(SUPPORT), ["fly.toml", "Customer on the hobby plan"])


# ---- a ninth pass: agent logs, bot transcripts, dataset text and Markdown exports ----------

def aider_history() -> Chat:
    """aider's ``.aider.chat.history.md``: a ``# aider chat started at`` heading per session,
    the person's lines each prefixed ``#### ``, aider's own notices and a command's output
    as ``> `` lines ending in two spaces, the model's answer as plain Markdown between."""
    out = ["", "# aider chat started at 2024-08-05 19:33:02", "",
           "> /home/ana/.local/bin/aider --model sonnet  ", "> Aider v0.47.1  ",
           "> Models: claude-3-5-sonnet-20240620 with diff edit format, weak model "
           "claude-3-haiku-20240307  ", "> Git repo: .git with 42 files  ",
           "> Repo-map: using 1024 tokens  ",
           '> Use /help <question> for help, run "aider --help" to see cmd line args  ', ""]
    for t in CODING:
        if isinstance(t, U):
            out += [*(f"#### {line}  " for line in t.text.split("\n")), ""]
        elif isinstance(t, A):
            out += [t.text, ""]
        elif t.name == "run_command":
            out += [f"> Running {t.args['command']}  ",
                    *(f"> {line}  " for line in t.output.split("\n")),
                    "> Add command output to the chat? (Y)es/(N)o/(D)on't ask again [Yes]: y  ",
                    ""]
        elif t.name == "read_file":
            out += [f"> Added {t.args['path']} to the chat  ", ""]
        else:
            out += ["app/__init__.py", "```python", "<<<<<<< SEARCH", "app = Flask(__name__)",
                    "=======", "app = Flask(__name__)", str(t.args["content"]),
                    ">>>>>>> REPLACE", "```", "",
                    f"> Applied edit to {t.args['path']}  ",
                    "> Commit 8a3f2c1 fix: Move session lifetime to app config  ", ""]
    return Chat(".aider.chat.history.md", "\n".join(out) + "\n", _asks(CODING),
                _hidden(CODING))


def cursor_md() -> Chat:
    """Cursor's "Export Chat" Markdown: the chat's title as a heading, an italic export line,
    then each turn under a bold speaker label alone on its line (``**User**`` /
    ``**Cursor**``), turns split by ``---`` rules, code in fenced blocks."""
    out = ["# Flask 3 login error", "_Exported on 8/5/2024 at 19:41:10 GMT+2 from Cursor "
           "(1.2.4)_", ""]
    for t in CODING:
        if isinstance(t, T):
            continue
        out += ["---", "", "**User**" if isinstance(t, U) else "**Cursor**", "", t.text, ""]
        if isinstance(t, A) and "app.config" in t.text:
            out += ["```python", "app.config['PERMANENT_SESSION_LIFETIME'] = "
                    "timedelta(days=30)", "```", ""]
    return Chat("cursor_flask-3-login-error.md", "\n".join(out), _asks(CODING))


def bot_framework() -> Chat:
    """A Bot Framework Emulator ``.transcript``: a JSON array of activities — a
    ``conversationUpdate``, ``typing``, ``trace`` (the bot's state), ``message`` with
    ``from`` and ``recipient`` each carrying a ``role`` (user / bot), the person's image as a
    data URL, an Adaptive Card attached to an answer."""
    ids = _Ids("botfw")
    conv = {"id": ids.hex(8) + "-" + ids.hex(4) + "|livechat"}
    user = {"id": "r_" + ids.hex(10), "name": "User", "role": "user"}
    bot = {"id": ids.hex(8) + "-" + ids.hex(4), "name": "Bot", "role": "bot"}
    base = {"channelId": "emulator", "conversation": conv, "serviceUrl":
            "https://0c2f-84-115-201-7.ngrok-free.app", "locale": "en-US"}
    acts: list[dict[str, Any]] = [{
        **base, "type": "conversationUpdate", "membersAdded": [bot, user], "id": ids.uuid(),
        "from": user, "recipient": bot, "timestamp": "2024-03-18T09:00:00.512Z",
        "localTimestamp": "2024-03-18T10:00:00+01:00"}]
    card = "Tariff change on March 1st: 24.1 → 27.9 ct/kWh"
    for k, t in enumerate(BILL):
        assert isinstance(t, U | A)
        stamp = f"2024-03-18T09:{2 * k + 1:02d}:0{k}.120Z"
        aid = ids.uuid()
        if isinstance(t, U):
            a: dict[str, Any] = {**base, "type": "message", "text": t.text, "textFormat":
                                 "plain", "from": user, "recipient": bot, "id": aid,
                                 "timestamp": stamp, "localTimestamp": stamp,
                                 "channelData": {"clientActivityID": ids.hex(13),
                                                 "clientTimestamp": stamp}}
            if t.image:
                a["attachments"] = [{"contentType": "image/png", "name": "bill_march.png",
                                     "contentUrl": "data:image/png;base64," + _PNG}]
            acts.append(a)
            acts.append({**base, "type": "typing", "from": bot, "recipient": user,
                         "id": ids.uuid(), "replyToId": aid, "timestamp": stamp})
        else:
            a = {**base, "type": "message", "text": t.text, "inputHint": "acceptingInput",
                 "from": bot, "recipient": user, "id": ids.uuid(), "replyToId": aid,
                 "timestamp": stamp, "attachments": []}
            if k == 1:
                a["attachments"] = [{"contentType": "application/vnd.microsoft.card.adaptive",
                                     "content": {"type": "AdaptiveCard", "version": "1.5",
                                                 "body": [{"type": "TextBlock", "text": card,
                                                           "wrap": True}]}}]
            acts.append(a)
            acts.append({**base, "type": "trace", "name": "BotState", "label": "Bot State",
                         "valueType": "https://www.botframework.com/schemas/botState",
                         "value": {"userState": {"tariff": "night"}, "conversationState": {
                             "DialogState": {"dialogStack": [{"id": "billingDialog",
                                                              "state": {"stepIndex": k}}]}}},
                         "from": bot, "recipient": user, "id": ids.uuid(),
                         "timestamp": stamp})
    return Chat("billing.transcript", _dump(acts), _asks(BILL), [card, "billingDialog"])


def hangouts_takeout() -> Chat:
    """Google Hangouts in Takeout (``Hangouts.json``): conversations whose participants are
    named only in ``participant_data``; each event's sender a ``gaia_id``, its words split in
    ``segment`` lists (``TEXT``, ``LINE_BREAK``, ``LINK``), a photo as an attachment, a call
    as a ``HANGOUT_EVENT``."""
    me, friend = "105438918235771602214", "117755291033108457390"
    def pid(g: str) -> dict[str, str]:
        return {"gaia_id": g, "chat_id": g}
    cid = {"id": "UgxQm3e0N2d9bXJtk0B4AaABAQ"}
    events: list[dict[str, Any]] = []
    asks: list[str] = []
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        words = t.text
        if isinstance(t, U) and k == 2:
            words = t.text + "\nWe land at 23:40."
        if isinstance(t, U):
            asks.append(words)
        segs: list[dict[str, Any]] = []
        for n, line in enumerate(words.split("\n")):
            if n:
                segs.append({"type": "LINE_BREAK", "text": "\n"})
            segs.append({"type": "TEXT", "text": line})
        events.append({"conversation_id": cid, "sender_id": pid(me if isinstance(t, U)
                                                                 else friend),
                       "timestamp": str(1402343535460491 + k * 61_000_000),
                       "self_event_state": {"user_id": pid(me), "client_generated_id":
                                            str(-4620000000000000000 - k),
                                            "notification_level": "RING"},
                       "chat_message": {"message_content": {"segment": segs}},
                       "event_id": f"8Kq{k:02d}bXJ0a9Z", "advances_sort_timestamp": True,
                       "event_otr": "ON_THE_RECORD", "delivery_medium":
                       {"medium_type": "BABEL_MEDIUM"}, "event_type": "REGULAR_CHAT_MESSAGE",
                       "event_version": str(1402343535460491 + k)})
        if k == 1:
            events.append({"conversation_id": cid, "sender_id": pid(me),
                           "timestamp": "1402343600000000", "chat_message": {
                               "message_content": {"attachment": [{"embed_item": {
                                   "type": ["PLUS_PHOTO"], "plus_photo": {
                                       "thumbnail": {"url": "https://lh3.googleusercontent.com"
                                                            "/-Xq1/photo.jpg",
                                                     "width_px": 640, "height_px": 480},
                                       "owner_obfuscated_id": me,
                                       "album_id": "6023947826190281825",
                                       "photo_id": "6023947826190281826",
                                       "url": "https://plus.google.com/photos/albums/p1",
                                       "original_content_url": "https://lh3.google"
                                                               "usercontent.com/-Xq1/o.jpg",
                                       "media_type": "PHOTO"}}, "id": "6023947826190281826"}]}},
                           "event_id": "8Kq99photo", "event_type": "REGULAR_CHAT_MESSAGE"})
    events.append({"conversation_id": cid, "sender_id": pid(friend),
                   "timestamp": "1402344000000000", "hangout_event": {
                       "event_type": "END_HANGOUT", "participant_id": [pid(friend), pid(me)],
                       "hangout_duration_secs": "312", "media_type": "AUDIO_VIDEO"},
                   "event_id": "8Kq98call", "event_type": "HANGOUT_EVENT"})
    conv = {"conversation": {"conversation_id": cid, "conversation": {
        "id": cid, "type": "STICKY_ONE_TO_ONE", "self_conversation_state": {
            "self_read_state": {"participant_id": pid(me),
                                "latest_read_timestamp": "1402344000000000"},
            "status": "ACTIVE", "notification_level": "RING", "view": ["INBOX_VIEW"],
            "sort_timestamp": "1402344000000000"},
        "read_state": [{"participant_id": pid(friend),
                        "latest_read_timestamp": "1402344000000000"}],
        "has_active_hangout": False, "otr_status": "ON_THE_RECORD",
        "otr_toggle": "ENABLED", "current_participant": [pid(me), pid(friend)],
        "participant_data": [
            {"id": pid(me), "fallback_name": "Lena Hoffmann",
             "invitation_status": "ACCEPTED_INVITATION", "participant_type": "GAIA",
             "new_invitation_status": "ACCEPTED_INVITATION"},
            {"id": pid(friend), "fallback_name": "Rui Almeida",
             "invitation_status": "ACCEPTED_INVITATION", "participant_type": "GAIA",
             "new_invitation_status": "ACCEPTED_INVITATION"}],
        "fork_on_external_invite": False, "network_type": ["BABEL"],
        "force_history_state": "NO_FORCE", "group_link_sharing_status": "LINK_SHARING_OFF"}},
        "events": events}
    return Chat("Hangouts.json", _dump({"conversations": [conv]}), asks,
                ["lh3.googleusercontent", "END_HANGOUT"])


def chatwoot() -> Chat:
    """Chatwoot's conversation messages (``GET …/conversations/{id}/messages``): ``payload``
    of messages told apart only by the number ``message_type`` (0 incoming, 1 outgoing, 2 an
    activity notice), a ``private`` note by the agent, an image as an attachment with no
    words, the ``sender`` an object with a ``type`` (contact / user)."""
    ids = _Ids("chatwoot")
    contact = {"id": 31, "name": "Noor Haddad", "type": "contact", "email":
               "noor@example.net", "phone_number": None, "thumbnail": "",
               "identifier": None, "additional_attributes": {}, "custom_attributes": {}}
    agent = {"id": 2, "name": "Mia Keller", "type": "user", "available_name": "Mia Keller",
             "avatar_url": "", "availability_status": "online", "thumbnail": ""}
    payload: list[dict[str, Any]] = []
    stamp = 1710752400

    def msg(content: str | None, kind: int, sender: dict[str, Any] | None,
            **kw: Any) -> dict[str, Any]:
        nonlocal stamp
        stamp += 47
        return {"id": 9100 + len(payload), "content": content, "inbox_id": 4,
                "conversation_id": 87, "message_type": kind, "content_type": "text",
                "status": "sent", "content_attributes": {}, "created_at": stamp,
                "private": False, "source_id": None, "sender": sender, **kw}
    payload.append(msg("Conversation was assigned to Mia Keller", 2, None))
    note = "Customer is on the legacy day/night tariff, check meter history first."
    for k, t in enumerate(BILL):
        assert isinstance(t, U | A)
        if isinstance(t, U):
            payload.append(msg(t.text, 0, contact))
            if t.image:
                payload.append(msg(None, 0, contact, attachments=[{
                    "id": 551, "message_id": 9100 + len(payload), "file_type": "image",
                    "account_id": 1, "extension": None, "data_url": "https://app.chatwoot"
                    ".com/rails/active_storage/blobs/redirect/eyJfcmFpbHMi/bill_march.jpg",
                    "thumb_url": "https://app.chatwoot.com/rails/active_storage/"
                                 "representations/redirect/eyJfcmFpbHMi/bill_march.jpg",
                    "file_size": 48213, "width": 1200, "height": 1600}]))
        else:
            payload.append(msg(t.text, 1, agent))
            if k == 1:
                payload.append(msg(note, 1, agent, private=True))
    payload.append(msg("Conversation was marked resolved by Mia Keller", 2, None))
    ids.hex()
    doc = {"meta": {"labels": ["billing"], "additional_attributes": {}, "contact": contact,
                    "assignee": agent, "agent_last_seen_at": stamp},
           "payload": payload}
    return Chat("chatwoot_messages.json", _dump(doc), _asks(BILL),
                [note, "Conversation was", "bill_march.jpg"])


def amazon_q_cli() -> Chat:
    """Amazon Q Developer CLI's ``/save`` file: ``history`` a list of [user, assistant]
    pairs whose kinds are the single key of an object (``{"Prompt": {"prompt": …}}``,
    ``{"ToolUseResults": …}``, ``{"ToolUse": …}``, ``{"Response": …}``, serde's tagging);
    ``transcript`` the printed lines (asks behind ``> ``), ``tools`` by origin."""
    ids = _Ids("amazonq")
    names = {"read_file": "fs_read", "run_command": "execute_bash", "write_file": "fs_write"}
    env = {"env_state": {"operating_system": "linux", "current_working_directory":
                         "/home/ana/flask-app", "environment_variables": []}}
    history: list[list[dict[str, Any]]] = []
    transcript: list[str] = []
    user: dict[str, Any] | None = None
    pending: list[tuple[str, str]] = []

    def umsg(content: dict[str, Any]) -> dict[str, Any]:
        return {"additional_context": "", "env_context": env, "content": content,
                "timestamp": "2024-08-05T19:33:02.114+02:00", "images": None}
    held = ""
    for i, t in enumerate(CODING):
        nxt = CODING[i + 1] if i + 1 < len(CODING) else None
        if isinstance(t, U):
            user = umsg({"Prompt": {"prompt": t.text}})
            transcript.append(f"> {t.text}")
            continue
        if user is None:
            user = umsg({"ToolUseResults": {"tool_use_results": [
                {"tool_use_id": i, "content": [{"Text": o}], "status": "Success"}
                for i, o in pending]}})
            pending = []
        if isinstance(t, A):
            transcript.append(t.text)
            if isinstance(nxt, T):
                held = t.text
                continue
            history.append([user, {"Response": {"message_id": ids.uuid(), "content": t.text}}])
        else:
            tid = "tooluse_" + ids.hex(22)
            history.append([user, {"ToolUse": {"message_id": ids.uuid(), "content": held,
                                               "tool_uses": [{"id": tid, "name": names[t.name],
                                                              "orig_name": names[t.name],
                                                              "args": t.args,
                                                              "orig_args": t.args}]}}])
            transcript.append(f"[Tool uses: {names[t.name]}]")
            held = ""
            pending = [(tid, t.output)]
        user = None
    doc = {"conversation_id": ids.uuid(), "next_message": None, "history": history,
           "valid_history_range": [0, len(history)], "transcript": transcript,
           "tools": {"native___": [{"ToolSpecification": {
               "name": "fs_read", "description": "Tool for reading files and directories.",
               "input_schema": {"json": {"type": "object", "required": ["mode", "path"],
                                         "properties": {"path": {"type": "string"}}}}}}]},
           "context_manager": {"max_context_files_size": 150000, "current_profile": "default",
                               "paths": [".amazonq/rules/**/*.md", "README.md"]},
           "context_message_length": 2210, "latest_summary": None,
           "model": "claude-3.7-sonnet"}
    return Chat("q-chat-flask.json", _dump(doc), _asks(CODING), _hidden(CODING))


def openhands() -> Chat:
    """An OpenHands trajectory (``trajectory.json``): a list of events, each either an
    ``action`` or an ``observation`` (``cause`` the action's id), ``source`` user / agent /
    environment; the person's words in ``args.content``, ``message`` a line about the event
    (``Running command: …``), the agent's thought in ``args.thought``, a recall the system
    makes on the person's behalf (``source`` user), state changes."""
    events: list[dict[str, Any]] = []

    def ev(**kw: Any) -> dict[str, Any]:
        e = {"id": len(events), "timestamp": f"2025-03-02T14:{len(events):02d}:07.501822",
             **kw}
        events.append(e)
        return e
    ev(source="agent", message="You are OpenHands agent, a helpful AI assistant that can "
       "interact with a computer to solve tasks.", action="system",
       args={"content": "You are OpenHands agent, a helpful AI assistant that can interact "
             "with a computer to solve tasks.", "tools": [], "openhands_version": "0.27.0",
             "agent_class": "CodeActAgent"})
    thought = ""
    for t in CODING:
        if isinstance(t, U):
            first = not any(e.get("action") == "message" and e["source"] == "user"
                            for e in events)
            u = ev(source="user", message=t.text, action="message",
                   args={"content": t.text, "image_urls": None, "wait_for_response": False})
            if first:
                r = ev(source="user", message="Retrieving content for: " + t.text[:30],
                       action="recall", args={"recall_type": "workspace_context",
                                              "query": t.text, "thought": ""})
                ev(source="environment", message="Added workspace context", cause=r["id"],
                   observation="recall", content="Added workspace context",
                   extras={"recall_type": "workspace_context", "repo_name": "",
                           "runtime_hosts": {"http://localhost:51234": 51234}})
            ev(source="environment", message="", observation="agent_state_changed",
               content="", extras={"agent_state": "running", "reason": ""}, cause=u["id"])
        elif isinstance(t, A):
            if not events or events[-1].get("observation") not in {"read", "run", "edit"} \
                    or "I'll" not in t.text:
                ev(source="agent", message=t.text, action="message",
                   args={"content": t.text, "image_urls": None, "wait_for_response": True})
                ev(source="environment", message="", observation="agent_state_changed",
                   content="", extras={"agent_state": "awaiting_user_input", "reason": ""})
            thought = t.text if "I'll" in t.text else ""
        else:
            kind = {"read_file": "read", "run_command": "run", "write_file": "edit"}[t.name]
            arg = next(iter(t.args.values()))
            if kind == "run":
                a = ev(source="agent", message=f"Running command: {arg}", action="run",
                       args={"command": arg, "is_input": False, "thought": thought,
                             "blocking": False, "hidden": False,
                             "confirmation_state": "confirmed"})
                ev(source="agent", message=f"Command `{arg}` executed with exit code "
                   f"{1 if 'failed' in t.output else 0}.", cause=a["id"], observation="run",
                   content=t.output, extras={"command": arg, "metadata": {
                       "exit_code": 1 if "failed" in t.output else 0, "pid": -1,
                       "username": "root", "working_dir": "/workspace"}, "hidden": False})
            else:
                a = ev(source="agent", message=f"Reading file: /workspace/{arg}"
                       if kind == "read" else f"Editing file: /workspace/{arg}", action=kind,
                       args={"path": f"/workspace/{arg}", "thought": thought,
                             "security_risk": None, "impl_source": "oh_aci"})
                ev(source="agent", message=f"I read the file /workspace/{arg}."
                   if kind == "read" else f"I edited the file /workspace/{arg}.",
                   cause=a["id"], observation=kind, content=t.output,
                   extras={"path": f"/workspace/{arg}", "impl_source": "oh_aci"})
            thought = ""
    # the first answer ("I'll look…") rides as the read action's thought
    return Chat("trajectory.json", _dump(events), _asks(CODING),
                [*_hidden(CODING), "Retrieving content for", "Added workspace context"])


def chatml_jsonl() -> Chat:
    """A fine-tuning data set in JSON lines whose one field ``text`` holds each whole
    conversation in ChatML (``<|im_start|>role`` … ``<|im_end|>``), tool calls as Hermes
    ``<tool_call>`` JSON and the results under a ``tool`` role in ``<tool_response>``."""
    rows = []
    for script in (BILL, CODING, ITINERARY):
        parts = [f"<|im_start|>system\n{SYSTEM}<|im_end|>"]
        for t in script:
            if isinstance(t, U):
                parts.append(f"<|im_start|>user\n{t.text}<|im_end|>")
            elif isinstance(t, A):
                parts.append(f"<|im_start|>assistant\n{t.text}<|im_end|>")
            else:
                call = json.dumps({"name": t.name, "arguments": t.args})
                parts.append(f"<|im_start|>assistant\n<tool_call>\n{call}\n</tool_call>"
                             "<|im_end|>")
                parts.append(f"<|im_start|>tool\n<tool_response>\n{t.output}\n"
                             "</tool_response><|im_end|>")
        rows.append({"text": "\n".join(parts) + "\n"})
    return Chat("chatml_train.jsonl", _lines(rows),
                [*_asks(BILL), *_asks(CODING), *_asks(ITINERARY)], [*_hidden(CODING), SYSTEM])


def lex_logs() -> Chat:
    """Amazon Lex V2 conversation logs (CloudWatch, a JSON object a line): each turn one
    record with the person's words in ``inputTranscript`` and the bot's in ``messages``,
    the intent's ``interpretations``, ``sessionState``, the bot's identity."""
    ids = _Ids("lex")
    session = ids.hex(12)
    bot = {"id": "QXJ7B2KPLM", "name": "BillingHelper", "aliasId": "TSTALIASID",
           "aliasName": "TestBotAlias", "localeId": "en_US", "version": "DRAFT"}
    recs = []
    turns = [t for t in BILL if isinstance(t, U | A)]
    for k in range(0, len(turns), 2):
        u, a = turns[k], turns[k + 1]
        intent = ["ExplainBill", "EstimateSavings", "DraftEmail"][k // 2]
        recs.append({"messages": [{"contentType": "PlainText", "content": a.text}],
                     "inputTranscript": u.text, "interpretations": [
                         {"intent": {"name": intent, "slots": {}, "state": "Fulfilled",
                                     "confirmationState": "None"},
                          "nluConfidence": "0.91", "interpretationSource": "Lex"},
                         {"intent": {"name": "FallbackIntent", "slots": {},
                                     "state": "ReadyForFulfillment",
                                     "confirmationState": "None"},
                          "interpretationSource": "Lex"}],
                     "sessionState": {"dialogAction": {"type": "Close"}, "intent": {
                         "name": intent, "slots": {}, "state": "Fulfilled",
                         "confirmationState": "None"}, "sessionAttributes": {},
                         "originatingRequestId": ids.uuid()},
                     "sessionId": session, "inputMode": "Text", "bot": bot,
                     "requestId": ids.uuid(), "timestamp": f"2024-03-18T09:{k:02d}:31.208Z",
                     "operationName": "RecognizeText", "developerOverride": False,
                     "missedUtterance": False, "requestAttributes": {}})
    return Chat("lex_conversation_logs.jsonl", _lines(recs), _asks(BILL))


def snapchat_chats() -> Chat:
    """Snapchat's "My Data" ``json/chat_history.json``: an object keyed by each friend's user
    name, the chat a list of records with ``From``, ``Media Type`` (TEXT, MEDIA, STICKER),
    ``Created``, ``Content`` (empty for a snap or a sticker) and the boolean ``IsSender``."""
    me, friend = "lena.hoff", "rui_almeida92"
    recs: list[dict[str, Any]] = []
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        mine = isinstance(t, U)
        recs.append({"From": me if mine else friend, "Media Type": "TEXT",
                     "Created": f"2024-04-20 10:{3 * k:02d}:11 UTC", "Content": t.text,
                     "Conversation Title": None, "IsSender": mine,
                     "Created(microseconds)": 1713607391000 + 180000 * k})
        if k == 1:
            recs.append({"From": me, "Media Type": "STICKER",
                         "Created": f"2024-04-20 10:{3 * k:02d}:40 UTC", "Content": "",
                         "Conversation Title": None, "IsSender": True,
                         "Created(microseconds)": 1713607420000 + 180000 * k})
        if k == 2:
            recs.append({"From": friend, "Media Type": "MEDIA",
                         "Created": f"2024-04-20 10:{3 * k:02d}:52 UTC", "Content": "",
                         "Conversation Title": None, "IsSender": False,
                         "Created(microseconds)": 1713607432000 + 180000 * k})
    recs.reverse()  # newest first, as the export writes
    return Chat("chat_history.json", _dump({friend: recs}), _asks(ITINERARY))


def perplexity_md() -> Chat:
    """A Perplexity thread exported as Markdown: the logo as an ``<img>`` line, each ask a
    ``#`` heading, the answer beneath with ``[^1_2]`` citation marks, a ``⁂`` divider and
    the sources as footnotes, threads' turns split by ``---``."""
    out = ['<img src="https://r2cdn.perplexity.ai/pplx-full-logo-primary-dark%402x.png" '
           'class="logo" width="120"/>', ""]
    turns = [t for t in ITINERARY if isinstance(t, U | A)]
    for k in range(0, len(turns), 2):
        n = k // 2 + 1
        if k:
            out += ["---", ""]
        out += [f"# {turns[k].text}", "", f"{turns[k + 1].text} [^{n}_1][^{n}_2]", "",
                '<div style="text-align: center">⁂</div>', "",
                f"[^{n}_1]: https://www.visitlisboa.com/en/places/guide-{n}", "",
                f"[^{n}_2]: https://www.timeout.com/lisbon/things-to-do-{n}", ""]
    return Chat("lisbon-trip.md", "\n".join(out), _asks(ITINERARY),
                ["visitlisboa", "timeout.com"])


def jupyter_chat() -> Chat:
    """A JupyterLab chat file (``*.chat``, jupyterlab-chat with Jupyter AI): ``messages``
    whose ``sender`` is a key of the ``users`` map (the persona with ``bot: true``),
    ``body`` Markdown, ``time`` in seconds, ``attachments`` by id."""
    ids = _Ids("jupyterchat")
    me, ai = ids.hex(32), "jupyter-ai-personas::jupyter_ai::JupyternautPersona"
    msgs = []
    for k, t in enumerate(SALES):
        assert isinstance(t, U | A)
        m: dict[str, Any] = {"type": "msg", "body": t.text, "id": ids.uuid(),
                             "time": 1717420000.123 + 40 * k,
                             "sender": me if isinstance(t, U) else ai, "raw_time": False}
        if isinstance(t, U) and t.attach:
            m["attachments"] = ["att-" + ids.hex(8)]
        msgs.append(m)
    doc = {"messages": msgs, "users": {
        # JupyterLab's anonymous collaborator names ("Anonymous Io"): initials that spell
        # an agent's word, which must not make the person the agent
        me: {"username": me, "name": "Anonymous Io", "display_name": "Anonymous Io",
             "initials": "AI", "color": "var(--jp-collaborator-color3)", "avatar_url": None},
        ai: {"username": ai, "name": "Jupyternaut", "display_name": "Jupyternaut",
             "initials": "J", "avatar_url": "/api/ai/static/jupyternaut.svg", "bot": True}},
        "metadata": {}, "attachments": {
            "att-" + ids.hex(8): {"type": "file", "value": "data/sales_q3.csv",
                                  "mimetype": "text/csv"}}}
    return Chat("sales.chat", _dump(doc), _asks(SALES), [SALES_CSV])


# a tenth pass: exports of phones and social sites, CSV and XML, data set logs, an IDE
# assistant, a bot platform's interactions and chat stores of LLM front ends

def twitter_dm() -> Chat:
    """X (Twitter)'s archive ``data/direct-messages.js``: JSON after a ``window.YTD…part0 =``
    assignment, written with `` : ``, each conversation's messages newest first, each wrapped
    in ``messageCreate`` with ``senderId`` / ``recipientId`` as numbers in strings, a photo
    as a ``mediaUrls`` link (its ``t.co`` link ending the words)."""
    me, bot = "1461880529871400963", "1290447281139740672"
    msgs = []
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        mine = isinstance(t, U)
        text, media = t.text, []
        if k == 2:
            text += " https://t.co/Qx3mZk1LpA"
            media = ["https://ton.twitter.com/dm/1781649/1781648/Wm3nQ.jpg"]
        msgs.append({"messageCreate": {
            "recipientId": bot if mine else me, "reactions": [], "urls": [], "text": text,
            "mediaUrls": media, "senderId": me if mine else bot,
            "id": str(1781648110032000000 + 7919 * k),
            "createdAt": f"2024-04-20T10:{2 * k:02d}:31.{100 + k}Z"}})
    doc = [{"dmConversation": {"conversationId": f"{bot}-{me}", "messages": msgs[::-1]}}]
    body = json.dumps(doc, indent=2, ensure_ascii=False).replace('": ', '" : ')
    return Chat("direct-messages.js", "window.YTD.direct_messages.part0 = " + body,
                _asks(ITINERARY), ["ton.twitter.com"])


def sms_backup_xml() -> Chat:
    """SMS Backup & Restore's XML (Android): ``<smses>`` of ``<sms>`` elements whose
    attributes hold everything — ``type`` 1 received / 2 sent, ``body`` escaped, ``address``
    the other phone, dates in milliseconds — and an ``<mms>`` with its ``<parts>`` (a
    photo's bytes as base64, a SMIL layout) between them."""
    from xml.sax.saxutils import quoteattr
    other = "+15558675310"
    out = ["<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>",
           "<!--File Created By SMS Backup & Restore v10.20.002 on 20/04/2024 11:02:13-->",
           '<?xml-stylesheet type="text/xsl" href="sms.xsl"?>',
           f'<smses count="{len(SUPPORT) + 1}" backup_set="6b2a40b1-5c1f-4d3e-9a77-'
           '1f0e2d3c4b5a" backup_date="1713607333000" type="full">']
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        mine = isinstance(t, U)
        stamp = 1713607200000 + 95000 * k
        out.append(
            f'  <sms protocol="0" address="{other}" date="{stamp}" type="{2 if mine else 1}" '
            f'subject="null" body={quoteattr(t.text)} toa="null" sc_toa="null" '
            f'service_center="{"null" if mine else "+15550000000"}" read="1" status="-1" '
            f'locked="0" date_sent="{0 if mine else stamp - 1000}" sub_id="1" '
            f'readable_date="Apr 20, 2024 10:{k * 2:02d}:{k * 7 % 60:02d} AM" '
            'contact_name="Fly Support" />')
        if k == 0:
            out.append(
                f'  <mms date="{stamp + 30000}" rr="null" sub="null" ct_t="application/vnd.wap.'
                f'multipart.related" read_status="null" seen="1" msg_box="2" address="{other}" '
                'sub_cs="null" resp_st="null" retr_st="null" d_tm="null" text_only="0" '
                'exp="null" locked="0" m_id="null" st="null" retr_txt_cs="null" '
                'retr_txt="null" creator="com.google.android.apps.messaging" date_sent="0" '
                'read="1" m_size="null" rpt_a="null" ct_cls="null" pri="null" sub_id="1" '
                'tr_id="null" resp_txt="null" ct_l="null" m_cls="null" d_rpt="null" v="18" '
                '_id="412" m_type="128" readable_date="Apr 20, 2024 10:00:30 AM" '
                'contact_name="Fly Support">\n    <parts>\n'
                '      <part seq="-1" ct="application/smil" name="null" chset="null" cd="null" '
                'fn="null" cid="&lt;smil&gt;" cl="smil.xml" ctt_s="null" ctt_t="null" '
                'text=\'&lt;smil&gt;&lt;head&gt;&lt;layout&gt;&lt;root-layout/&gt;&lt;region '
                'id="Image" fit="meet" top="0" left="0" height="100%" width="100%"/&gt;'
                '&lt;/layout&gt;&lt;/head&gt;&lt;body&gt;&lt;par dur="5000ms"&gt;&lt;img '
                'src="image000000.jpg" region="Image" /&gt;&lt;/par&gt;&lt;/body&gt;'
                '&lt;/smil&gt;\' />\n'
                '      <part seq="0" ct="image/jpeg" name="image000000.jpg" chset="null" '
                'cd="null" fn="null" cid="&lt;image000000&gt;" cl="image000000.jpg" '
                f'ctt_s="null" ctt_t="null" text="null" data="{_PNG}" />\n'
                '    </parts>\n    <addrs>\n'
                f'      <addr address="{other}" type="151" charset="106" />\n'
                '      <addr address="insert-address-token" type="137" charset="106" />\n'
                '    </addrs>\n  </mms>')
    out.append("</smses>")
    return Chat("sms-20240420110213.xml", "\n".join(out) + "\n", _asks(SUPPORT),
                ["image000000", "insert-address-token", "smil"])


def _csv(rows: list[list[str]]) -> str:
    import csv
    import io
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\r\n").writerows(rows)
    return buf.getvalue()


def imazing_csv() -> Chat:
    """iMazing's export of an iMessage conversation to CSV: one row a message, ``Type``
    ``Incoming`` / ``Outgoing`` (the sender's name and id empty on one's own), dates as
    ``2024-04-20 10:02:11``, a photo as a row with no text and an ``Attachment``, delivery
    and read dates beside."""
    rows = [["Chat Session", "Message Date", "Delivered Date", "Read Date", "Edited Date",
             "Service", "Type", "Sender ID", "Sender Name", "Status", "Replying to",
             "Subject", "Text", "Attachment", "Attachment type"]]
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        mine = isinstance(t, U)
        when = f"2024-04-20 10:{3 * k:02d}:{11 + k:02d}"
        rows.append(["Marco Rossi", when, when if mine else "", "" if mine else when, "",
                     "iMessage", "Outgoing" if mine else "Incoming",
                     "" if mine else "+393471234567", "" if mine else "Marco Rossi",
                     "Read" if mine else "", "", "", t.text, "", ""])
        if k == 3:
            rows.append(["Marco Rossi", when, "", when, "", "iMessage", "Incoming",
                         "+393471234567", "Marco Rossi", "", "", "", "",
                         "IMG_2041.HEIC", "Image"])
    return Chat("Messages - Marco Rossi.csv", _csv(rows), _asks(ITINERARY),
                ["IMG_2041.HEIC", "+393471234567"])


def linkedin_csv() -> Chat:
    """LinkedIn's data export ``messages.csv``: every conversation's messages newest first,
    ``FROM`` / ``TO`` names with profile links, ``CONTENT`` (a reply written over several
    lines, quoted), a ``FOLDER`` and an empty ``ATTACHMENTS`` column."""
    rows = [["CONVERSATION ID", "CONVERSATION TITLE", "FROM", "SENDER PROFILE URL", "TO",
             "RECIPIENT PROFILE URLS", "DATE", "SUBJECT", "CONTENT", "FOLDER", "ATTACHMENTS"]]
    me, them = ("Sam Ortiz", "https://www.linkedin.com/in/sam-ortiz-5b1a2c"), \
        ("Dana Whitfield", "https://www.linkedin.com/in/danawhitfield")
    conv = "2-ZGE1NjFiYjUtMmM0Ny00MWE2LTk3YjEtN2U5ZDhmMjM0ZGJlXzAxMA=="
    body = []
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        a, b = (me, them) if isinstance(t, U) else (them, me)
        text = t.text if isinstance(t, U) else t.text.replace("; ", ";\n")
        body.append([conv, "", a[0], a[1], b[0], b[1],
                     f"2024-04-{18 + k // 2} {9 + k:02d}:{(k * 13) % 60:02d}:07 UTC", "", text,
                     "INBOX", ""])
    return Chat("messages.csv", _csv(rows + body[::-1]), _asks(SUPPORT),
                ["linkedin.com/in"])


def fastchat_log() -> Chat:
    """FastChat's conversation log (``logs/2024-04-20-conv.json``): one JSON line each time
    the model answered, holding the whole conversation so far as ``[role, words]`` pairs
    under ``state.messages`` (roles ``USER`` / ``ASSISTANT`` from ``state.roles``), the last
    pair's answer once ``null`` while it streamed in the server — so every ask is written
    again on every later line."""
    pairs: list[list[Any]] = []
    lines = []
    conv = "8c9d3f1e2b4a4c6d9e0f1a2b3c4d5e6f"
    for k, t in enumerate(BILL):
        assert isinstance(t, U | A)
        pairs.append(["USER" if isinstance(t, U) else "ASSISTANT", t.text])
        if isinstance(t, A):
            lines.append({"tstamp": 1713607200.5 + 60 * k, "type": "chat",
                          "model": "vicuna-13b-v1.5",
                          "gen_params": {"temperature": 0.7, "top_p": 1.0,
                                         "max_new_tokens": 1024},
                          "start": 1713607190.1 + 60 * k, "finish": 1713607200.4 + 60 * k,
                          "state": {"template_name": "vicuna_v1.1", "system_message":
                                    "A chat between a curious user and an artificial "
                                    "intelligence assistant. The assistant gives helpful, "
                                    "detailed, and polite answers to the user's questions.",
                                    "roles": ["USER", "ASSISTANT"],
                                    "messages": [list(p) for p in pairs], "offset": 0,
                                    "conv_id": conv, "model_name": "vicuna-13b-v1.5"},
                          "ip": "10.0.3.17"})
    return Chat("2024-04-20-conv.json", _lines(lines), _asks(BILL))


def cody_chat() -> Chat:
    """Sourcegraph Cody's chat history export: chats keyed by id under the account's key,
    each a list of ``interactions`` holding a ``humanMessage`` and an ``assistantMessage``
    (``speaker`` human / assistant), the person's message with the files given as context
    (their text included), the model beside the answer."""
    inter = []
    script = [t for t in SALES if isinstance(t, U | A)]
    for k in range(0, len(script), 2):
        ask, ans = script[k], script[k + 1]
        ctx = []
        if isinstance(ask, U) and ask.attach:
            ctx = [{"type": "file", "uri": {"$mid": 1, "fsPath": "/home/lena/q3/sales_q3.csv",
                                            "external": "file:///home/lena/q3/sales_q3.csv",
                                            "path": "/home/lena/q3/sales_q3.csv",
                                            "scheme": "file"},
                    "content": ask.attach[1], "source": "user", "size": 31}]
        inter.append({"humanMessage": {"speaker": "human", "text": ask.text,
                                       "contextFiles": ctx, "intent": "chat"},
                      "assistantMessage": {"speaker": "assistant", "text": ans.text,
                                           "model": "anthropic::2024-10-22::claude-3-5-"
                                                    "sonnet-latest"}})
    doc = {"https://sourcegraph.com-lena": {"chat": {"2024-04-20T10:00:00.000Z": {
        "id": "2024-04-20T10:00:00.000Z", "chatTitle": "Quarterly sales",
        "interactions": inter, "lastInteractionTimestamp": "2024-04-20T10:04:00.000Z"}}}}
    return Chat("cody-chat-history-2024-04-20.json", _dump(doc), _asks(SALES), [SALES_CSV])


def dialogflow_cx() -> Chat:
    """Dialogflow CX interactions as its logs keep them (one ``DetectIntentResponse`` a
    record): the person's words in ``queryResult.text``, the agent's in
    ``queryResult.responseMessages[].text.text[]``, the matched intent, page and
    parameters beside — no speaker field: each record is an exchange."""
    recs = []
    script = [t for t in BILL if isinstance(t, U | A)]
    for k in range(0, len(script), 2):
        ask, ans = script[k], script[k + 1]
        recs.append({
            "responseId": f"3b1f0c6e-{k:04d}-4c1a-9e2d-7f6a5b4c3d2e",
            "queryResult": {
                "text": ask.text, "languageCode": "en",
                "parameters": {"bill_month": "March"} if k == 0 else {},
                "responseMessages": [{"text": {"text": [ans.text]}},
                                     {"payload": {"richContent": [[{"type": "chips",
                                                                    "options": [
                                                                        {"text": "Talk to an agent"}]}]]}}],
                "intent": {"name": "projects/energy-bot/locations/global/agents/"
                                   "5f2e/intents/00000000-0000-0000-0000-00000000000" + str(k),
                           "displayName": ["bill.explain", "savings.estimate",
                                           "email.draft"][k // 2]},
                "intentDetectionConfidence": 0.93 - 0.05 * k,
                "currentPage": {"name": "projects/energy-bot/locations/global/agents/5f2e/"
                                        "flows/00000000-0000-0000-0000-000000000000/pages/"
                                        "START_PAGE", "displayName": "Start Page"},
                "match": {"intent": {"name": "projects/energy-bot/intents/x" + str(k)},
                          "confidence": 0.93 - 0.05 * k, "matchType": "INTENT"}},
            "responseType": "FINAL"})
    return Chat("dialogflow_interactions.json", _dump(recs), _asks(BILL),
                ["Talk to an agent", "bill.explain", "Start Page"])


def pidgin_txt() -> Chat:
    """Pidgin's plain-text log of an XMPP chat: a ``Conversation with … at … on … (jabber)``
    header, each message ``(10:00:12 AM) name: words``, a status line (``has signed off``)
    without a colon, an auto-reply marked ``<AUTO-REPLY>``."""
    out = ["Conversation with fly-support@jabber.org at Sat 20 Apr 2024 10:00:12 AM CEST on "
           "sam@jabber.org/laptop (jabber)"]
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        who = "sam" if isinstance(t, U) else "Fly Support"
        out.append(f"(10:{2 * k:02d}:{(k * 19) % 60:02d} AM) {who}: {t.text}")
        if k == 0:
            out.append("(10:00:20 AM) Fly Support <AUTO-REPLY>: Thanks for reaching out, an "
                       "engineer will be with you shortly.")
    out.append("(10:14:02 AM) Fly Support has signed off.")
    return Chat("2024-04-20.100012+0200CEST.txt", "\n".join(out) + "\n", _asks(SUPPORT),
                ["has signed off"])


def webex_messages() -> Chat:
    """Webex's ``GET /v1/messages`` of a direct room: ``items`` newest first, each with
    ``text`` and (for the bot's) ``markdown`` and ``html`` renditions of the same words,
    ``personEmail`` the sender (a bot's address on ``webex.bot``), ids as base64 URIs, a
    file's link in ``files``."""
    ids = _Ids("webex")
    room = "Y2lzY29zcGFyazovL3VzL1JPT00v" + ids.hex(24)
    items = []
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        mine = isinstance(t, U)
        m: dict[str, Any] = {"id": "Y2lzY29zcGFyazovL3VzL01FU1NBR0Uv" + ids.hex(24),
                             "roomId": room, "roomType": "direct", "text": t.text}
        if not mine:
            m["markdown"] = t.text.replace("Day ", "**Day ").replace(": ", ":** ", 1) \
                if "Day" in t.text else t.text
            m["html"] = f"<p>{t.text}</p>"
        if k == 2:
            m["files"] = ["https://webexapis.com/v1/contents/Y2lzY29zcGFyazovL3VzL0NPTlRFTlQv"
                          + ids.hex(24) + "/0"]
        m.update({"personId": "Y2lzY29zcGFyazovL3VzL1BFT1BMRS8" + ("a1" if mine else "b2"),
                  "personEmail": "lena.hoffmann@example.com" if mine
                  else "trip-planner@webex.bot",
                  "created": f"2024-04-20T10:{2 * k:02d}:14.{321 + k}Z"})
        items.append(m)
    return Chat("webex_messages.json", _dump({"items": items[::-1]}), _asks(ITINERARY),
                ["webexapis.com"])


def typingmind() -> Chat:
    """TypingMind's data export: ``data.chats`` each with its ``messages`` (``role``,
    ``content`` a string or a list of parts with an image as a data URI, ``uuid``,
    ``createdAt``), the chat's ``model``, ``preview`` (the newest answer's start) and token
    usage, beside the app's ``userPrompts`` (saved prompt templates) and ``folders``."""
    ids = _Ids("typingmind")
    msgs = []
    for k, t in enumerate(BILL):
        assert isinstance(t, U | A)
        content: Any = t.text
        if isinstance(t, U) and t.image:
            content = [{"type": "text", "text": t.text},
                       {"type": "image_url", "image_url": {"url": "data:image/png;base64,"
                                                                 + _PNG}}]
        m: dict[str, Any] = {"role": "user" if isinstance(t, U) else "assistant",
                             "content": content, "uuid": ids.uuid(),
                             "createdAt": f"2024-03-18T09:{3 * k:02d}:00.000Z"}
        if isinstance(t, A):
            m["model"] = "gpt-4o"
            m["usage"] = {"prompt_tokens": 300 + 40 * k, "completion_tokens": 60}
        msgs.append(m)
    last = BILL[-1]
    assert isinstance(last, A)
    doc = {"data": {"chats": [{"chatID": ids.uuid(), "chatTitle": "March electricity bill",
                               "messages": msgs, "model": "gpt-4o",
                               "preview": last.text[:80], "createdAt": "2024-03-18T09:00:00Z",
                               "updatedAt": "2024-03-18T09:16:00Z",
                               "tokenUsage": {"totalTokens": 2210, "totalCostUSD": 0.0151}}],
                    "userPrompts": [{"id": ids.uuid(), "title": "Polite complaint",
                                     "content": "Write a polite but firm complaint letter "
                                                "about {{topic}} to {{recipient}}."}],
                    "folders": [], "characters": []}}
    return Chat("typingmind-export-2024-03-18.json", _dump(doc), _asks(BILL),
                ["Write a polite but firm complaint"])


def llamaindex_store() -> Chat:
    """LlamaIndex's ``SimpleChatStore`` persisted to JSON: ``store`` maps a chat key to its
    messages, each ``role`` with its words in ``blocks`` of ``block_type`` text and
    ``additional_kwargs`` holding the assistant's ``tool_calls`` (arguments as a JSON
    string) and a tool message's ``tool_call_id`` and ``name``."""
    msgs: list[dict[str, Any]] = []
    for k, t in enumerate(CODING):
        if isinstance(t, T):
            cid = f"call_{k:02d}Xq8mZ3"
            msgs.append({"role": "assistant", "additional_kwargs": {"tool_calls": [
                {"id": cid, "type": "function",
                 "function": {"name": t.name, "arguments": json.dumps(t.args)}}]},
                "blocks": []})
            msgs.append({"role": "tool", "additional_kwargs": {"tool_call_id": cid,
                                                               "name": t.name},
                         "blocks": [{"block_type": "text", "text": t.output}]})
            continue
        msgs.append({"role": "user" if isinstance(t, U) else "assistant",
                     "additional_kwargs": {},
                     "blocks": [{"block_type": "text", "text": t.text}]})
    doc = {"store": {"user-7f3e": msgs}, "class_name": "SimpleChatStore"}
    return Chat("chat_store.json", _dump(doc), _asks(CODING), _hidden(CODING))


# an eleventh pass: chat logs of LLM command-line and note-taking tools in Markdown and Org,
# a data set of bare alternating strings, contact-centre transcripts (upper-case roles,
# relative times in HTML), old messenger logs in XML and XHTML, a team chat's bulk export
# and an SDK's serialized history

def llm_logs_md() -> Chat:
    """Simon Willison's ``llm logs`` (Markdown): a ``# <time>    conversation: <id> id:
    <id>`` heading per exchange, ``Model: **…**``, then ``## Prompt``, ``## System`` (the
    conversation's first exchange only), ``### Attachments`` (a numbered list of a type and a
    path), ``## Response`` and ``## Token usage`` sections."""
    ids = _Ids("llmlogs")
    conv = "01hw" + ids.hex(11)
    out: list[str] = []
    turns = [t for t in BILL if isinstance(t, U | A)]
    for k in range(0, len(turns), 2):
        ask, answer = turns[k], turns[k + 1]
        assert isinstance(ask, U)
        out += [f"# 2024-04-20T10:{4 * k:02d}:{17 + k:02d}    conversation: {conv} "
                f"id: 01hw{ids.hex(11)}", "", "Model: **gpt-4o-mini**", "", "## Prompt", "",
                ask.text, ""]
        if k == 0:
            out += ["## System", "", "You help people understand their household bills.", ""]
        if ask.image:
            out += ["### Attachments", "", "1. **image/jpeg**: `/home/ana/Downloads/"
                    "bill-march-2024.jpg`", ""]
        out += ["## Response", "", answer.text, "", "## Token usage", "",
                f"{312 + 40 * k:,} input, {61 + 9 * k} output", ""]
    return Chat("llm-logs.md", "\n".join(out), _asks(BILL),
                ["You help people understand", "bill-march-2024.jpg"])


_LISBON_DAYS = ("### Day 1: Alfama and the castle\n\n- Morning: walk up to the Castelo de São "
                "Jorge.\n- Evening: dinner in Mouraria, book ahead.\n\n### Day 2: Belém\n\n"
                "- The Jerónimos monastery, then pastéis de Belém.\n- LX Factory at sunset."
                "\n\n### Day 3: Sintra\n\n- Train from Rossio, 40 minutes.\n- Pena Palace "
                "first, before the crowds.")


def chatgpt_exporter_md() -> Chat:
    """The "ChatGPT Exporter" browser extension's Markdown: a front matter of the title and
    link, the title as a ``#`` heading, each turn under a ``#### You:`` / ``#### ChatGPT:``
    heading with the words on the next line, the answers carrying their own ``###``
    headings and lists."""
    out = ["---", "title: Lisbon trip plan", "source: https://chatgpt.com/c/6624f1a2-"
           "0b7c-8003-a1d4-9c2e5b7f3e10", "---", "", "# Lisbon trip plan", ""]
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        if isinstance(t, U):
            out += ["#### You:", t.text, ""]
        else:
            out += ["#### ChatGPT:", _LISBON_DAYS if k == 1 else t.text, ""]
    return Chat("ChatGPT-Lisbon_trip_plan.md", "\n".join(out), _asks(ITINERARY))


def obsidian_chatgpt_md() -> Chat:
    """An Obsidian note of the ChatGPT MD plugin: a YAML front matter of the request's
    settings, the first ask as the note's plain text, then each turn after an ``<hr
    class="__chatgpt_plugin">`` line and a ``role::assistant`` / ``role::user`` field, the
    note ending on an empty ``role::user`` turn waiting for the next ask."""
    out = ["---", "system_commands: ['I am a helpful assistant.']", "temperature: 0",
           "top_p: 1", "max_tokens: 512", "presence_penalty: 1", "frequency_penalty: 1",
           "stream: true", "stop: null", "n: 1", "model: gpt-3.5-turbo", "---", ""]
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        if k:
            out += ['<hr class="__chatgpt_plugin">', "",
                    "role::user" if isinstance(t, U) else "role::assistant", ""]
        out += [t.text, ""]
    out += ['<hr class="__chatgpt_plugin">', "", "role::user", "", ""]
    return Chat("Fly deploy health check.md", "\n".join(out), _asks(SUPPORT))


def gptel_org() -> Chat:
    """An Emacs gptel chat saved as Org: a property drawer of the model, backend, system
    message and ``GPTEL_BOUNDS`` (the answers' character ranges), each ask a ``*** ``
    heading, the answer as plain Org text under it (code in ``#+begin_src`` blocks), the
    buffer ending on an empty ``*** `` prompt."""
    answers = []
    body = ""
    for t in SUPPORT:
        assert isinstance(t, U | A)
        if isinstance(t, U):
            body += f"*** {t.text}\n\n"
        else:
            text = t.text
            if "release_command" in text:
                text += ("\n\n#+begin_src toml\n[deploy]\n  release_command = "
                         "\"python manage.py migrate\"\n#+end_src")
            answers.append((len(body), len(body) + len(text)))
            body += text + "\n\n"
    body += "*** "
    head = [":PROPERTIES:", ":GPTEL_MODEL: gpt-4o-mini", ":GPTEL_BACKEND: ChatGPT",
            ":GPTEL_SYSTEM: You are a large language model living in Emacs and a helpful "
            "assistant. Respond concisely.", ":GPTEL_BOUNDS: ((response {}))", ":END:", ""]
    bounds = ""
    for _ in range(3):  # Emacs positions (from 1) past a drawer that holds them
        offset = len("\n".join(head).replace("{}", bounds)) + 1
        bounds = " ".join(f"({offset + a + 1} {offset + b + 1})" for a, b in answers)
    text = "\n".join(head).replace("{}", bounds) + "\n" + body + "\n"
    return Chat("fly-deploy.org", text, _asks(SUPPORT))


def ultrachat_jsonl() -> Chat:
    """UltraChat (the data set behind several chat models): JSON lines of ``{"id",
    "data"}``, ``data`` a bare list of strings alternating person and assistant, no speaker
    anywhere, one conversation a line."""
    lines = []
    for n, script in enumerate((ITINERARY, SUPPORT, BILL)):
        lines.append({"id": str(1408 + n), "data": [t.text for t in script
                                                      if isinstance(t, U | A)]})
    return Chat("ultrachat_train_0.jsonl", _lines(lines),
                [*_asks(ITINERARY), *_asks(SUPPORT), *_asks(BILL)])


def amazon_connect() -> Chat:
    """An Amazon Connect chat transcript as it is saved to S3: ``Version``, account,
    instance and contact ids, ``Participants``, then ``Transcript`` of items with
    ``ParticipantRole`` CUSTOMER / AGENT / SYSTEM in capitals, ``Type`` MESSAGE / EVENT /
    ATTACHMENT, events (joined, typing, left) by ``ContentType`` with no words."""
    ids = _Ids("connect")
    cust, agent, system = ids.uuid(), ids.uuid(), ids.uuid()
    items: list[dict[str, Any]] = []
    second = 0

    def item(kind: str, who: str, role: str, name: str, **kw: Any) -> None:
        nonlocal second
        second += 13
        items.append({"AbsoluteTime": f"2024-04-20T09:{second // 60:02d}:{second % 60:02d}"
                      f".{100 + second % 900:03d}Z", **kw, "Id": ids.uuid(), "Type": kind,
                      "ParticipantId": who, "DisplayName": name, "ParticipantRole": role})

    event = "application/vnd.amazonaws.connect.event."
    item("EVENT", cust, "CUSTOMER", "Customer", ContentType=event + "participant.joined")
    item("MESSAGE", system, "SYSTEM", "SYSTEM_MESSAGE", ContentType="text/plain",
         Content="Thank you for contacting Brightwater Energy. An agent will be with you "
                 "shortly.")
    item("EVENT", agent, "AGENT", "Lena", ContentType=event + "participant.joined")
    for t in BILL:
        assert isinstance(t, U | A)
        if isinstance(t, U):
            item("EVENT", cust, "CUSTOMER", "Customer", ContentType=event + "typing")
            item("MESSAGE", cust, "CUSTOMER", "Customer", ContentType="text/plain",
                 Content=t.text)
            if t.image:
                item("ATTACHMENT", cust, "CUSTOMER", "Customer", ContentType="image/jpeg",
                     Attachments=[{"ContentType": "image/jpeg", "AttachmentId": ids.uuid(),
                                   "AttachmentName": "bill_march.jpg",
                                   "Status": "APPROVED"}])
        else:
            item("MESSAGE", agent, "AGENT", "Lena", ContentType="text/plain", Content=t.text)
    item("EVENT", cust, "CUSTOMER", "Customer", ContentType=event + "participant.left")
    item("EVENT", agent, "AGENT", "Lena", ContentType=event + "chat.ended")
    doc = {"Version": "2019-08-26", "AWSAccountId": "123456789012",
           "InstanceId": ids.uuid(), "InitialContactId": ids.uuid(), "ContactId": ids.uuid(),
           "Participants": [{"ParticipantId": cust}, {"ParticipantId": agent}],
           "Transcript": items}
    return Chat("transcript.json", json.dumps(doc), _asks(BILL),
                ["Thank you for contacting", "bill_march.jpg"])


def salesforce_liveagent() -> Chat:
    """A Salesforce Live Agent (Chat) transcript's body: centred ``<p>`` lines for the
    start, the origin and the agent, then each line ``( 1m 7s ) Name: words<br>`` with the
    time since the start, the agent greeting first, the visitor named by the pre-chat
    form."""
    out = ['<p align="center">Chat Started: Saturday, April 20, 2024, 09:02:11 (+0000)</p>',
           '<p align="center">Chat Origin: Support Chat Button</p>',
           '<p align="center">Agent Daniel R</p>',
           "( 6s ) Daniel R: Hi, thanks for reaching out to Fly support! What can I help "
           "with today?<br>"]
    second = 6
    for t in SUPPORT:
        assert isinstance(t, U | A)
        second += 37 + len(t.text) // 3
        stamp = f"{second // 60}m {second % 60}s" if second >= 60 else f"{second}s"
        name = "Priya Nair" if isinstance(t, U) else "Daniel R"
        out.append(f"( {stamp} ) {name}: {_esc(t.text)}<br>")
    out.append('<p align="center">Agent Daniel R ended the chat.</p>')
    return Chat("LiveChatTranscript_570Ak00000Qx3mZ.html", "".join(out), _asks(SUPPORT),
                ["Chat Started", "Chat Origin"])


def adium_xml() -> Chat:
    """An Adium chat log (``.chatlog`` XML): a ``<chat>`` root naming the account,
    ``<event>`` and ``<status>`` elements beside ``<message sender time alias>`` whose words
    are XHTML ``<div><span style>`` inside, both people by their address."""
    from xml.sax.saxutils import escape, quoteattr
    me, friend = "ana.costa@gmail.com", "ben.okafor@gmail.com"
    out = ['<?xml version="1.0" encoding="UTF-8" ?>',
           f'<chat xmlns="http://purl.org/net/ulf/ns/0.4-02" account="{me}" service="GTalk" '
           'adiumversion="1.5.10.4" buildid="b75c5f6f8b2d">',
           f'<event type="windowOpened" sender="{me}" time="2014-05-02T10:00:01+01:00"/>']
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        who, alias = (me, "Ana") if isinstance(t, U) else (friend, "Ben")
        color = "" if isinstance(t, U) else "color: #000000; "
        out.append(f'<message sender="{who}" time="2014-05-02T10:{2 * k + 1:02d}:14+01:00" '
                   f'alias={quoteattr(alias)}><div><span style="{color}font-family: '
                   f'Helvetica; font-size: 12pt;">{escape(t.text)}</span></div></message>')
        if k == 2:
            out.append(f'<status type="away" sender="{friend}" '
                       'time="2014-05-02T10:06:02+01:00"/>')
            out.append(f'<status type="online" sender="{friend}" '
                       'time="2014-05-02T10:06:40+01:00"/>')
    out.append(f'<event type="windowClosed" sender="{me}" time="2014-05-02T10:15:09+01:00"/>')
    out.append("</chat>")
    return Chat("ben.okafor@gmail.com (2014-05-02T10.00.01+0100).xml", "\n".join(out) + "\n",
                _asks(ITINERARY), unsaid=["font-family: Helvetica"])


def google_voice_html() -> Chat:
    """A Google Voice text thread from Takeout (``Calls/… - Text - ….html``): XHTML in the
    hChat microformat, each ``<div class="message">`` an ``<abbr class="dt">`` time, a
    ``<cite class="sender vcard">`` with the phone as a ``tel:`` link and the name (``Me``
    for the owner) and the words in ``<q>``, labels and a deleted flag after the log."""
    me, other = "+15551234567", "+15558675310"
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" '
           '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">',
           '<html xmlns="http://www.w3.org/1999/xhtml"><head><meta charset="utf-8"/>'
           '<title>Me to Rui Almeida</title><style type="text/css">body { font-family: '
           'Arial, sans-serif; } .message { margin: 0.2em 0; } abbr.dt { color: #666; }'
           '</style></head><body><div class="hChatLog hfeed">']
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        mine = isinstance(t, U)
        name = ('<abbr class="fn" title="">Me</abbr>' if mine
                else '<span class="fn">Rui Almeida</span>')
        out.append(f'<div class="message"><abbr class="dt" title="2024-04-20T10:{3 * k:02d}'
                   f':31.000-04:00">Apr 20, 2024, 10:{3 * k:02d}:31 AM Eastern Time</abbr>:\n'
                   f'<cite class="sender vcard"><a class="tel" href="tel:{me if mine else other}'
                   f'">{name}</a></cite>:\n<q>{_esc(t.text)}</q>\n</div>')
    out.append('</div><div class="tags">Labels: <a rel="tag" href="http://www.google.com/'
               'voice#inbox">Inbox</a>, <a rel="tag" href="http://www.google.com/voice#sms">'
               'Text</a></div><div class="deletedStatusContainer">User Deleted: <abbr '
               'class="deletedStatus" title="False">False</abbr></div></body></html>')
    return Chat("Rui Almeida - Text - 2024-04-20T14_00_31Z.html", "\n".join(out),
                _asks(ITINERARY), [other])


def mattermost_bulk() -> Chat:
    """A Mattermost bulk export (``mmctl export``), JSON lines each ``{"type": T, T: {…}}``:
    the version, the team, the users, then a ``direct_channel`` and its ``direct_post``
    lines (``user`` a user name, ``message`` the words, ``create_at`` in milliseconds, a
    reply nested in ``replies``)."""
    a, b = "priya.nair", "daniel.reyes"
    docs: list[dict[str, Any]] = [
        {"type": "version", "version": 1, "info": {
            "generator": "mattermost-server", "version": "9.5.1 (9.5.1, 8dd4e5f, 2024-02-"
            "13, enterprise)", "created": "2024-04-21T08:00:12.551Z"}},
        {"type": "team", "team": {"name": "platform", "display_name": "Platform",
                                  "type": "I", "description": "", "allow_open_invite": False}},
    ]
    for name, first, last in ((a, "Priya", "Nair"), (b, "Daniel", "Reyes")):
        docs.append({"type": "user", "user": {
            "username": name, "email": f"{name}@acme.dev", "auth_service": "",
            "nickname": "", "first_name": first, "last_name": last, "position": "",
            "roles": "system_user", "locale": "en", "teams": [
                {"name": "platform", "roles": "team_user", "channels": []}]}})
    docs.append({"type": "direct_channel", "direct_channel": {
        "members": [a, b], "favorited_by": None, "header": ""}})
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        docs.append({"type": "direct_post", "direct_post": {
            "channel_members": [a, b], "user": a if isinstance(t, U) else b,
            "message": t.text, "props": {}, "create_at": 1713607231000 + 95000 * k,
            "flagged_by": None, "reactions": ([{"user": a, "emoji_name": "+1",
                                                 "create_at": 1713607431000 + 95000 * k}]
                                               if k == 3 else None),
            "replies": None, "attachments": None}})
    return Chat("mattermost_export.jsonl", _lines(docs), _asks(SUPPORT))


def semantic_kernel() -> Chat:
    """A Semantic Kernel ``ChatHistory`` serialized by System.Text.Json: a list of messages
    whose ``Role`` is an object ``{"Label": …}`` and whose words are ``Items`` tagged by
    ``$type`` (TextContent, FunctionCallContent with the plugin's ``Arguments``,
    FunctionResultContent with the ``Result``), the model and its usage in ``Metadata``."""
    ids = _Ids("skernel")
    msgs: list[dict[str, Any]] = [{"Role": {"Label": "system"}, "Items": [
        {"$type": "TextContent", "Text": SYSTEM}]}]
    for t in CODING:
        if isinstance(t, T):
            cid = "call_" + ids.hex(12)
            msgs.append({"Role": {"Label": "assistant"}, "Items": [{
                "$type": "FunctionCallContent", "Id": cid, "PluginName": "Workspace",
                "FunctionName": t.name, "Arguments": t.args}], "ModelId": "gpt-4o"})
            msgs.append({"Role": {"Label": "tool"}, "Items": [{
                "$type": "FunctionResultContent", "CallId": cid, "PluginName": "Workspace",
                "FunctionName": t.name, "Result": t.output}]})
        elif isinstance(t, U):
            msgs.append({"Role": {"Label": "user"}, "Items": [
                {"$type": "TextContent", "Text": t.text}]})
        else:
            msgs.append({"Role": {"Label": "assistant"}, "Items": [
                {"$type": "TextContent", "Text": t.text, "ModelId": "gpt-4o"}],
                "ModelId": "gpt-4o", "Metadata": {
                    "Id": "chatcmpl-" + ids.hex(14), "CreatedAt": "2024-06-03T09:12:44+00:00",
                    "Usage": {"OutputTokenCount": 64, "InputTokenCount": 812,
                              "TotalTokenCount": 876}, "FinishReason": "Stop"}})
    return Chat("chat-history.json", _dump(msgs), _asks(CODING), [*_hidden(CODING), SYSTEM])


def livechat_archive() -> Chat:
    """LiveChat's ``list_archives`` (Agent Chat API): ``chats`` each with ``users`` (a
    ``type`` customer / agent and an ``id``) and a ``thread`` of ``events`` whose
    ``author_id`` names a user — ``message``, ``file`` (an image by URL), ``system_message``
    (routing, closing) — and an agents-only whisper (``visibility`` agents)."""
    ids = _Ids("livechat")
    cust, agent = ids.uuid(), "lena.berg@brightwater.example"
    events: list[dict[str, Any]] = []
    stamp = 0

    def event(kind: str, **kw: Any) -> None:
        nonlocal stamp
        stamp += 29
        events.append({"id": f"SBQ7R2KX1L_{len(events) + 1}", "created_at":
                       f"2024-04-20T09:{stamp // 60:02d}:{stamp % 60:02d}.{stamp * 7 % 1000:03d}"
                       "000Z", "type": kind, **kw})

    event("system_message", text="Chat transferred to Lena Berg by the system",
          system_message_type="routing.assigned", visibility="all")
    whisper = "She is on the dual tariff since January, check the meter photo first."
    for k, t in enumerate(BILL):
        assert isinstance(t, U | A)
        if isinstance(t, U):
            event("message", text=t.text, author_id=cust, visibility="all")
            if t.image:
                event("file", author_id=cust, name="bill_march.jpg",
                      url="https://cdn.files-text.com/api/file/lc/att-old/10443542/ad/3d/"
                          "bill_march.jpg", thumbnail_url="https://cdn.files-text.com/api/"
                          "file/lc/att-old/10443542/ad/3d/bill_march_thumb.jpg",
                      content_type="image/jpeg", size=48213, width=1200, height=1600,
                      visibility="all")
        else:
            event("message", text=t.text, author_id=agent, visibility="all")
            if k == 1:
                event("message", text=whisper, author_id=agent, visibility="agents")
    event("system_message", text="Lena Berg closed the thread",
          system_message_type="manual_archived_agent", visibility="all")
    users = [{"id": cust, "name": "Ana Costa", "email": "ana.costa@example.net",
              "type": "customer", "present": False, "created_at": "2024-04-20T08:58:02Z",
              "last_visit": {"started_at": "2024-04-20T08:58:02Z", "ip": "81.84.0.12",
                             "user_agent": "Mozilla/5.0", "geolocation": {"country": "Portugal"}},
              "statistics": {"chats_count": 3, "threads_count": 4, "visits_count": 9}},
             {"id": agent, "name": "Lena Berg", "email": agent, "type": "agent",
              "present": False, "avatar": "https://cdn.livechat-files.com/api/file/avatar.png",
              "visibility": "all"}]
    doc = {"chats": [{"id": "SBQ7R2KX1L", "users": users, "thread": {
        "id": "SBQ7R2KX1M", "active": False, "user_ids": [cust, agent], "events": events,
        "properties": {"routing": {"idle": False}}, "access": {"group_ids": [0]},
        "created_at": "2024-04-20T08:58:40.128000Z"}}],
        "found_chats": 1, "next_page_id": None, "previous_page_id": None}
    return Chat("livechat_archives.json", _dump(doc), _asks(BILL),
                [whisper, "Chat transferred", "bill_march.jpg"])


def thunderbird_im() -> Chat:
    """Thunderbird's chat log of an XMPP conversation (``logs/jabber/<account>/<buddy>/
    *.json``): JSON lines, a first line of the conversation's facts (``name``, ``account``,
    ``protocol``, ``isChat``), then one message a line — ``who`` the sender's address,
    ``alias`` its name, ``text`` with HTML escapes and ``flags`` saying ``outgoing`` (the
    account's owner) or ``incoming``; a status notice flagged ``system``."""
    me, them = "sam@jabber.org/Thunderbird", "support@fly.example/desk"
    lines: list[dict[str, Any]] = [{
        "date": "2024-04-20T08:00:12.000Z", "name": "support@fly.example",
        "title": "Fly Support", "account": "prpl-jabber:sam@jabber.org/Thunderbird",
        "protocol": "jabber", "isChat": False, "normalizedName": "support@fly.example"}]
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        mine = isinstance(t, U)
        lines.append({"date": f"2024-04-20T08:{2 * k:02d}:{(k * 23) % 60:02d}.{k * 37:03d}Z",
                      "who": me if mine else them, "alias": "sam" if mine else "Fly Support",
                      "text": t.text.replace("'", "&apos;"),
                      "flags": ["outgoing"] if mine else ["incoming"]})
        if k == 0:
            lines.append({"date": "2024-04-20T08:00:40.000Z", "who": them,
                          "alias": "Fly Support", "text": "Fly Support is now Away.",
                          "flags": ["system", "noLog"]})
    return Chat("2024-04-20.080012+0000.json", _lines(lines), _asks(SUPPORT),
                ["is now Away"])


def hexchat_log() -> Chat:
    """A HexChat log of an IRC channel (``logs/Libera/#fly-help.log``): ``**** BEGIN
    LOGGING AT`` and ``ENDING`` lines, each line a month, day and time, then the nick in
    angle brackets and a TAB before the words; joins and parts as ``-->`` / ``<--`` and
    the topic as ``*`` in the nick's place; a person and a helper, a passer-by's join."""
    out = ["**** BEGIN LOGGING AT Sat Apr 20 10:00:02 2024", "",
           "Apr 20 10:00:02 *\tNow talking on #fly-help",
           "Apr 20 10:00:02 *\tTopic for #fly-help is: Fly.io community help | ask and wait, "
           "people are in many time zones",
           "Apr 20 10:00:02 *\tTopic for #fly-help set by kurt!~kurt@user/kurt (Tue Mar  5 "
           "18:22:10 2024)"]
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        who = "sam_dev" if isinstance(t, U) else "fly-helper"
        out.append(f"Apr 20 10:{3 * k + 1:02d}:{(k * 17) % 60:02d} <{who}>\t{t.text}")
        if k == 1:
            out.append("Apr 20 10:05:40 -->\tpriya (~priya@user/priya) has joined #fly-help")
    out += ["Apr 20 10:19:58 <--\tpriya (~priya@user/priya) has quit (Quit: Leaving)",
            "**** ENDING LOGGING AT Sat Apr 20 10:20:11 2024", ""]
    return Chat("#fly-help.log", "\n".join(out) + "\n", _asks(SUPPORT),
                ["Now talking on", "has joined", "has quit"])


def pidgin_html() -> Chat:
    """Pidgin's HTML log of an XMPP chat (its default): a ``<title>`` and ``<h3>`` of the
    conversation, then one line a message — ``<font color>`` around ``<font size="2">(time)
    </font> <b>name:</b>``, the words after it (apostrophes as ``&apos;``, the incoming ones
    wrapped in a ``<span style>``) and ``<br/>``; a status line in bold with no colon."""
    head = ("Conversation with support@fly.example at Sat 20 Apr 2024 10:00:12 AM CEST on "
            "sam@jabber.org/laptop (jabber)")
    out = ['<html><head><meta http-equiv="content-type" content="text/html; charset=UTF-8">'
           f"<title>{head}</title></head><body><h3>{head}</h3>"]
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        stamp = f"(10:{2 * k:02d}:{(k * 19) % 60:02d} AM)"
        words = t.text.replace("'", "&apos;")
        if isinstance(t, U):
            out.append(f'<font color="#16569E"><font size="2">{stamp}</font> <b>sam:</b></font>'
                       f" {words}<br/>")
        else:
            out.append(f'<font color="#A82F2F"><font size="2">{stamp}</font> <b>Fly Support:'
                       f'</b></font> <span style="font-family: Helvetica; font-size: small;">'
                       f"{words}</span><br/>")
    out.append('<font size="2">(10:14:02 AM)</font><b> Fly Support has signed off.</b><br/>')
    out.append("</body></html>")
    return Chat("2024-04-20.100012+0200CEST.html", "\n".join(out) + "\n", _asks(SUPPORT),
                ["has signed off"])


def openai_batch() -> Chat:
    """An OpenAI Batch API input file (JSON lines): each line a request — ``custom_id``,
    ``method``, ``url`` and a ``body`` holding the model and its ``messages`` (the same
    system prompt on every line, then one ask)."""
    lines = []
    asks = _asks(ITINERARY) + _asks(BILL)
    for k, ask in enumerate(asks):
        lines.append({"custom_id": f"request-{k + 1}", "method": "POST",
                      "url": "/v1/chat/completions",
                      "body": {"model": "gpt-4o-mini",
                               "messages": [{"role": "system", "content": SYSTEM},
                                            {"role": "user", "content": ask}],
                               "max_tokens": 1000, "temperature": 0.2}})
    return Chat("batchinput.jsonl", _lines(lines), asks, [SYSTEM])


def trl_preferences() -> Chat:
    """A preference data set in TRL's conversational form (JSON lines for DPO): each line a
    ``prompt`` (a list of messages, the earlier turns and the ask) and two answers to it,
    ``chosen`` and ``rejected``, each a one-message list."""
    lines = []
    script = [t for t in SUPPORT if isinstance(t, U | A)]
    worse = ["Try restarting the machine.", "Run the migrations by hand after deploying.",
             "No, Fly always stops idle machines."]
    for k in range(0, len(script), 2):
        prompt = [{"role": "user" if isinstance(t, U) else "assistant", "content": t.text}
                  for t in script[:k + 1]]
        lines.append({"prompt": prompt,
                      "chosen": [{"role": "assistant", "content": script[k + 1].text}],
                      "rejected": [{"role": "assistant", "content": worse[k // 2]}]})
    return Chat("fly_prefs.jsonl", _lines(lines), _asks(SUPPORT))


def hh_rlhf() -> Chat:
    """Anthropic's HH-RLHF data set (``train.jsonl``): each line ``{"chosen", "rejected"}``,
    two whole conversations as ``\\n\\nHuman: `` / ``\\n\\nAssistant: `` text that share every
    turn but the last answer; one conversation a line."""
    lines = []
    asks: list[str] = []
    for script, bad in ((ITINERARY, "I can't help with travel plans."),
                        (SUPPORT, "Just keep two machines running.")):
        turns = [t for t in script if isinstance(t, U | A)]
        body = "".join(f"\n\nHuman: {t.text}" if isinstance(t, U) else f"\n\nAssistant: {t.text}"
                       for t in turns[:-1])
        lines.append({"chosen": body + f"\n\nAssistant: {turns[-1].text}",
                      "rejected": body + f"\n\nAssistant: {bad}"})
        asks += _asks(script)
    return Chat("train.jsonl", _lines(lines), asks)


def letta_agent() -> Chat:
    """A Letta (MemGPT) agent file (``.af``): the agent's settings, tools and ``messages`` —
    the person's words packed as a JSON string (``{"type": "user_message", "message": …}``)
    inside a ``user`` message beside login and heartbeat packets, the agent's inner
    thoughts as an ``assistant`` message's text and its words to the person only as the
    ``message`` argument of a ``send_message`` tool call, each call's ``tool`` result."""
    ids = _Ids("letta")
    msgs: list[dict[str, Any]] = []
    clock = [0]

    def msg(role: str, text: str | None, calls: list[Any] | None = None,
            call_id: str | None = None) -> None:
        clock[0] += 13
        msgs.append({"created_at": f"2024-04-20T10:{clock[0] // 60:02d}:{clock[0] % 60:02d}"
                                   ".120345+00:00",
                     "group_id": None, "model": "gpt-4o-mini", "name": None, "role": role,
                     "content": [{"type": "text", "text": text}] if text is not None else [],
                     "tool_call_id": call_id, "tool_calls": calls or [], "tool_returns": [],
                     "updated_at": None})

    def packet(**kw: Any) -> str:
        return json.dumps(kw, indent=2)

    def say(thought: str, words: str) -> None:
        cid = ids.uuid()
        msg("assistant", thought, [{"id": cid, "type": "function", "function": {
            "name": "send_message",
            "arguments": json.dumps({"message": words, "request_heartbeat": False},
                                    indent=2)}}])
        msg("tool", packet(status="OK", message="None",
                           time="2024-04-20 10:00:00 AM UTC+0000"), call_id=cid)

    msg("system", "You are Letta, the latest version of Limnal Corporation's digital "
                  "companion, developed in 2023.\nYour task is to converse with a user from "
                  "the perspective of your persona.")
    say("Bootup sequence complete. Persona activated. Testing messaging functionality.",
        "More human than human is our motto.")
    msg("user", packet(type="login", last_login="Never (first login)",
                       time="2024-04-20 10:00:26 AM UTC+0000"))
    thoughts = ["User asks for a Lisbon plan, food and walking focus. Keep it to three days.",
                "Late arrival matters, suggest central flat areas near the metro.",
                "Give a budget range and break it down so it feels grounded."]
    n = 0
    for t in ITINERARY:
        assert isinstance(t, U | A)
        if isinstance(t, U):
            msg("user", packet(type="user_message", message=t.text,
                               time="2024-04-20 10:01:02 AM UTC+0000"))
        else:
            say(thoughts[n], t.text)
            n += 1
    msg("user", packet(type="heartbeat", reason="[This is an automated system message "
                       "hidden from the user] Function called using request_heartbeat=true, "
                       "returning control", time="2024-04-20 10:09:40 AM UTC+0000"))
    doc = {"agent_type": "memgpt_agent", "core_memory": [
        {"label": "persona", "value": "I am Sam, a friendly travel assistant.", "limit": 5000},
        {"label": "human", "value": "First name: Ana", "limit": 5000}],
        "created_at": "2024-04-20T09:59:58", "description": "A travel helper",
        "embedding_config": {"embedding_model": "text-embedding-3-small",
                             "embedding_dim": 1536},
        "llm_config": {"model": "gpt-4o-mini", "model_endpoint_type": "openai",
                       "context_window": 32000},
        "message_buffer_autoclear": False,
        "in_context_message_indices": list(range(len(msgs))), "messages": msgs,
        "metadata_": None, "multi_agent_group": None, "name": "travel-agent",
        "system": msgs[0]["content"][0]["text"], "tags": [], "tool_rules": [],
        "tools": [{"name": "send_message", "source_type": "python",
                   "description": "Sends a message to the human user.", "tags": ["letta_core"],
                   "json_schema": {"name": "send_message", "parameters": {
                       "type": "object", "properties": {"message": {"type": "string"}},
                       "required": ["message"]}}}],
        "updated_at": "2024-04-20T10:09:41", "version": "0.6.50"}
    return Chat("travel-agent.af", _dump(doc), _asks(ITINERARY),
                ["Never (first login)", "automated system message", "More human than human"],
                unsaid=thoughts)


def copilot_studio() -> Chat:
    """Copilot Studio conversation transcripts as Dataverse's Web API lists them
    (``GET …/conversationtranscripts``): ``value`` rows whose ``content`` is the whole
    transcript as a JSON *string* — Bot Framework activities with ``from.role`` a number
    (0 the bot, 1 the person), times in epoch seconds, trace and event activities beside
    the messages."""
    ids = _Ids("pva")
    acts: list[dict[str, Any]] = []
    ts = 1713607200
    bot, person = {"id": ids.uuid(), "role": 0}, {"id": ids.hex(16), "role": 1,
                                                   "aadObjectId": ids.uuid()}
    acts.append({"valueType": "ConversationInfo", "id": ids.uuid(), "type": "trace",
                 "timestamp": ts, "from": bot, "value": {"isDesignMode": False,
                                                         "locale": "en-US"}})
    acts.append({"id": ids.uuid(), "type": "message", "timestamp": ts + 1, "from": bot,
                 "channelId": "msteams", "textFormat": "markdown",
                 "text": "Hello, I'm the Brightwater energy assistant. How can I help?",
                 "attachments": []})
    for t in BILL:
        assert isinstance(t, U | A)
        ts += 37
        if isinstance(t, U):
            acts.append({"id": ids.uuid(), "type": "message", "timestamp": ts, "from": person,
                         "channelId": "msteams", "textFormat": "plain", "text": t.text,
                         "attachments": [], "channelData": {"tenant": {"id": ids.uuid()}}})
            acts.append({"valueType": "IntentRecognition", "id": ids.uuid(), "type": "trace",
                         "timestamp": ts + 1, "from": bot, "value": {
                             "intentId": "cr6a_bill." + ids.hex(4), "score": 0.91,
                             "topicName": "Bill questions"}})
            acts.append({"valueType": "DialogTracingInfo", "id": ids.uuid(), "type": "trace",
                         "timestamp": ts + 1, "from": bot, "value": {"actions": [
                             {"topicId": "cr6a_bill", "actionId": "sendMessage_x1",
                              "dialogComponentId": ids.uuid(), "actionType": "SendActivity"}]}})
        else:
            acts.append({"id": ids.uuid(), "type": "message", "timestamp": ts + 3, "from": bot,
                         "channelId": "msteams", "textFormat": "markdown", "text": t.text,
                         "attachments": [], "replyToId": acts[-3]["id"]})
    acts.append({"valueType": "SessionInfo", "id": ids.uuid(), "type": "trace",
                 "timestamp": ts + 9, "from": bot, "value": {
                     "startTimeUtc": "2024-04-20T10:00:00Z", "outcome": "Resolved",
                     "turnCount": 3, "impliedSuccess": True}})
    content = json.dumps({"activities": acts})
    meta = json.dumps({"BotId": ids.uuid(), "AADTenantId": ids.uuid(),
                       "BotName": "Brightwater energy assistant", "BatchId": "1713610800"})
    row = {"@odata.etag": 'W/"8812354"', "conversationtranscriptid": ids.uuid(),
           "name": f"{ids.uuid()}_{ids.uuid()}_1713607200", "conversationstarttime":
           "2024-04-20T10:00:00Z", "content": content, "metadata": meta,
           "schematype": "powervirtualagents", "schemaversion": "1.0.0.0",
           "_bot_conversationtranscriptid_value": ids.uuid(), "statecode": 0,
           "statuscode": 1, "createdon": "2024-04-20T11:00:12Z"}
    doc = {"@odata.context": "https://brightwater.crm4.dynamics.com/api/data/v9.2/$metadata"
                             "#conversationtranscripts", "value": [row]}
    return Chat("conversationtranscripts.json", _dump(doc), _asks(BILL),
                ["Bill questions", "Hello, I'm the Brightwater"])


def nextchat_backup() -> Chat:
    """NextChat's (ChatGPT-Next-Web) backup: the app's stores by name — the chat store's
    ``sessions`` each with a ``topic``, a ``mask`` (its own ``context`` of preset
    messages), a ``memoryPrompt`` (the model's summary of the older turns) and
    ``messages`` (``role``, ``content``, a locale ``date``), beside the app's settings."""
    ids = _Ids("nextchat")
    msgs = []
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        m: dict[str, Any] = {"id": ids.hex(21), "date": f"4/20/2024, 10:{k:02d}:14 AM",
                             "role": "user" if isinstance(t, U) else "assistant",
                             "content": t.text}
        if isinstance(t, A):
            m.update(streaming=False, model="gpt-4o-mini")
        msgs.append(m)
    memory = ("The user plans a three-day Lisbon trip in May for two people interested in "
              "food and walking; I proposed Alfama, Belém and Sintra.")
    conf = {"model": "gpt-4o-mini", "providerName": "OpenAI", "temperature": 0.5,
            "top_p": 1, "max_tokens": 4000, "presence_penalty": 0, "frequency_penalty": 0,
            "sendMemory": True, "historyMessageCount": 4, "compressMessageLengthThreshold":
            1000, "enableInjectSystemPrompts": True, "template": "{{input}}"}
    session = {"id": ids.hex(21), "topic": "Lisbon trip in May", "memoryPrompt": memory,
               "messages": msgs, "stat": {"tokenCount": 0, "wordCount": 0, "charCount": 1419},
               "lastUpdate": 1713607440000, "lastSummarizeIndex": 2,
               "mask": {"id": ids.hex(21), "avatar": "1f5fa-fe0f", "name": "Travel planner",
                        "context": [{"id": "travel-0", "role": "system",
                                     "content": "You are a travel planner. Ask about dates "
                                                "and budget before suggesting hotels.",
                                     "date": ""}],
                        "syncGlobalConfig": True, "modelConfig": conf, "lang": "en",
                        "builtin": False, "createdAt": 1713600000000, "plugin": []}}
    doc = {"chat-next-web-store": {"sessions": [session], "currentSessionIndex": 0,
                                   "lastInput": "", "lastUpdateTime": 1713607440000},
           "access-control": {"accessCode": "", "useCustomConfig": False,
                              "provider": "OpenAI", "openaiUrl": "/api/openai/",
                              "lastUpdateTime": 1713600000000},
           "app-config": {"submitKey": "Enter", "avatar": "1f603", "fontSize": 14,
                          "theme": "auto", "tightBorder": True, "sendPreviewBubble": True,
                          "enableAutoGenerateTitle": True, "sidebarWidth": 300,
                          "disablePromptHint": False, "dontShowMaskSplashScreen": False,
                          "hideBuiltinMasks": False, "modelConfig": conf,
                          "lastUpdateTime": 1713600000000},
           "mask-store": {"masks": {}, "language": None, "lastUpdateTime": 1713600000000},
           "prompt-store": {"counter": 0, "prompts": {}, "lastUpdateTime": 1713600000000}}
    return Chat("Backup-2024-4-20 10-05-41.json", _dump(doc), _asks(ITINERARY),
                [memory, "You are a travel planner"])


def lmsys_chat() -> Chat:
    """LMSYS-Chat-1M (and WildChat) as JSON lines: one conversation a line — an id, the
    ``model``, ``conversation`` a list of ``{content, role}``, the ``turn`` count, the
    ``language`` and ``openai_moderation`` (a category map and scores per message)."""
    lines = []
    asks: list[str] = []
    cats = ["harassment", "harassment/threatening", "hate", "hate/threatening", "self-harm",
            "self-harm/instructions", "self-harm/intent", "sexual", "sexual/minors",
            "violence", "violence/graphic"]
    for n, (script, model) in enumerate(((SUPPORT, "vicuna-13b"), (SALES, "koala-13b"))):
        turns = [t for t in script if isinstance(t, U | A)]
        conv = [{"content": t.text, "role": "user" if isinstance(t, U) else "assistant"}
                for t in turns]
        mod = [{"categories": {c: False for c in cats},
                "category_scores": {c: round(1e-6 * (k + 3) * (i + 1), 9)
                                    for i, c in enumerate(cats)}, "flagged": False}
               for k in range(len(turns))]
        lines.append({"conversation_id": f"{33 * (n + 5):x}c9a1e2f04b7d8e6a5f3c2b1d0e9f8a7",
                      "model": model, "conversation": conv, "turn": len(turns) // 2,
                      "language": "English", "openai_moderation": mod, "redacted": False})
        asks += _asks(script)
    return Chat("lmsys-chat-sample.jsonl", _lines(lines), asks, [SALES_CSV])


def reddit_chat_csv() -> Chat:
    """Reddit's data request ``chat_history.csv``: one row a message — ids, ``created_at``,
    ``updated_at``, ``username``, the words (over several lines when written so), a
    parent id for thread replies, the room's URL, subreddit, channel name and
    ``conversation_type`` — a direct chat of a person and a helper."""
    rows = [["message_id", "created_at", "updated_at", "username", "message",
             "thread_parent_message_id", "channel_url", "subreddit", "channel_name",
             "conversation_type"]]
    room = "https://chat.reddit.com/room/!Xq3vT0pLkA9d2mNcR7wZ1w%3Areddit.com"
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        who = "sam_deploys" if isinstance(t, U) else "flyio_helper"
        text = t.text
        if isinstance(t, A) and k == 3:
            text = text.replace("; ", ";\n")
        stamp = f"2024-04-20 10:{3 * k:02d}:{(k * 29) % 60:02d} UTC"
        rows.append([f"$Zx{k}9bTq{k * 7}mR2kLpY_{k}V:reddit.com", stamp, stamp, who, text, "",
                     room, "", "", "direct"])
    return Chat("chat_history.csv", _csv(rows), _asks(SUPPORT))


def helpscout_threads() -> Chat:
    """Help Scout's ``GET /v2/conversations/{id}/threads``: ``_embedded.threads`` newest
    first, each with a ``type`` (``customer`` the person's mail, ``message`` a reply,
    ``note`` a teammate's, ``lineitem`` an event), HTML ``body``, ``createdBy`` the writer
    (``type`` customer / user) and ``customer`` the conversation's customer on every
    thread."""
    cust = {"id": 401772311, "first": "Ana", "last": "Costa", "email": "ana.costa@example.net",
            "type": "customer"}
    agent = {"id": 518822, "first": "Lena", "last": "Berg",
             "email": "lena.berg@brightwater.example", "type": "user"}
    threads: list[dict[str, Any]] = []
    clock = 0

    def thread(kind: str, by: dict[str, Any], body: str | None, **kw: Any) -> None:
        nonlocal clock
        clock += 211
        t = {"id": 2900000000 + len(threads) * 1117, "type": kind, "status": "active",
             "state": "published", "body": body, "source": {
                 "type": "email" if kind == "customer" else "web",
                 "via": "customer" if by is cust else "user"},
             "customer": {k: v for k, v in cust.items() if k != "type"},
             "createdBy": by, "assignedTo": {k: v for k, v in agent.items() if k != "type"},
             "savedReplyId": 0, "to": [], "cc": [], "bcc": [],
             "createdAt": f"2024-04-20T10:{clock // 60:02d}:{clock % 60:02d}Z",
             "_embedded": {"attachments": []},
             "_links": {"createdByCustomer" if by is cust else "createdByUser":
                        {"href": f"https://api.helpscout.net/v2/customers/{by['id']}"}}, **kw}
        threads.append(t)

    thread("lineitem", agent, None, action={"type": "manual-workflow",
                                            "text": "Assigned to Lena Berg",
                                            "associatedEntities": {}})
    note = "Meter was replaced on 28 Feb, March reading may be the installer's estimate."
    for k, t in enumerate(BILL):
        assert isinstance(t, U | A)
        if isinstance(t, U):
            thread("customer", cust, f"<div>{t.text}</div>")
            if t.image:
                threads[-1]["_embedded"]["attachments"] = [{
                    "id": 70011, "filename": "bill_march.jpg", "mimeType": "image/jpeg",
                    "width": 1200, "height": 1600, "size": 48213}]
        else:
            thread("message", agent, f"<p>{t.text}</p><p>Best,<br>Lena</p>")
            if k == 1:
                thread("note", agent, f"<p>{note}</p>")
    thread("lineitem", agent, None, action={"type": "changed-ticket-status",
                                            "text": "Marked as Closed",
                                            "associatedEntities": {}}, status="closed")
    threads.reverse()
    doc = {"_embedded": {"threads": threads},
           "_links": {"self": {"href": "https://api.helpscout.net/v2/conversations/"
                                       "2418220117/threads?page=1"}},
           "page": {"size": 50, "totalElements": len(threads), "totalPages": 1, "number": 1}}
    return Chat("threads.json", _dump(doc), _asks(BILL),
                [note, "Assigned to Lena", "Marked as Closed"])


def _slack_person(ids: _Ids, uid: str, real: str) -> dict[str, Any]:
    first = real.split()[0]
    return {"avatar_hash": ids.hex(6), "image_72": f"https://avatars.slack-edge.com/2023-01-"
            f"09/{ids.num()[:13]}_{ids.hex(10)}_72.jpg", "first_name": first,
            "real_name": real, "display_name": first.lower(), "team": "T0ABCD",
            "name": first.lower() + "." + real.split()[-1].lower(), "is_restricted": False,
            "is_ultra_restricted": False}


def _slack_day(ids: _Ids, said: list[tuple[str, str]], names: dict[str, str]
               ) -> list[dict[str, Any]]:
    """A Slack export's day file of people only: each message's ``user`` an id, the name in
    ``user_profile``, rich text blocks repeating ``text``; a join before them."""
    uid = {who: "U0" + ids.hex(4).upper() for who in names}
    first = next(iter(names))
    msgs: list[dict[str, Any]] = [{"user": uid[first], "type": "message",
                                   "subtype": "channel_join", "ts": "1717430000.000100",
                                   "text": f"<@{uid[first]}> has joined the channel"}]
    ts = 1717430000.000100
    for k, (who, text) in enumerate(said):
        ts += 47.7
        m: dict[str, Any] = {
            "client_msg_id": ids.uuid(), "type": "message", "text": text, "user": uid[who],
            "ts": f"{ts:.6f}", "blocks": [{"type": "rich_text", "block_id": ids.hex(3),
                                           "elements": [{"type": "rich_text_section",
                                                         "elements": [{"type": "text",
                                                                       "text": text}]}]}],
            "team": "T0ABCD", "user_team": "T0ABCD", "source_team": "T0ABCD",
            "user_profile": _slack_person(ids, uid[who], names[who])}
        if k == 2:
            m["reactions"] = [{"name": "+1", "users": [uid[first]], "count": 1}]
        if k == 3:
            m["edited"] = {"user": uid[who], "ts": f"{ts + 9:.6f}"}
        msgs.append(m)
    return msgs


def slack_peers() -> Chat:
    """A Slack workspace export's channel day file between two people, no bot or app: one
    asks, the other answers, each message's ``user`` an id and the name only in
    ``user_profile`` (a join, a reaction and an edit beside)."""
    ids = _Ids("slackpeers")
    said = [("Sam Ortiz" if isinstance(t, U) else "Priya Shah", t.text) for t in SUPPORT
            if isinstance(t, U | A)]
    msgs = _slack_day(ids, said, {"Sam Ortiz": "Sam Ortiz", "Priya Shah": "Priya Shah"})
    return Chat("fly-help_2024-06-03.json", _dump(msgs), _asks(SUPPORT),
                ["has joined the channel"])


def slack_group_peers() -> Chat:
    """A Slack workspace export's channel day file of four people, no bot: three of them
    ask and two answer (ids in ``user``, names in ``user_profile``)."""
    ids = _Ids("slackgroup")
    names = {w: w for w, _t, _a in TRIP_GROUP}
    msgs = _slack_day(ids, [(w, t) for w, t, _a in TRIP_GROUP], names)
    return Chat("porto-weekend_2024-04-02.json", _dump(msgs),
                [t for _w, t, ask in TRIP_GROUP if ask], ["has joined the channel"],
                voices=_group_voices(TRIP_GROUP))



# a channel of peers: every voice both asks and answers; its truth is what the channel
# decided (a discussion is minuted, not asked and answered)
RELEASE_DAY: list[tuple[str, str, str]] = [  # (who, words, thread: "" / "start" / "reply")
    ("Ana Costa", "Morning! The nightly build failed again on the arm64 runner, has anyone "
     "looked at it yet?", "start"),
    ("Ben Okafor", "Yes, the cache key changed after the lockfile update last night. Did "
     "someone bump the resolver?", "reply"),
    ("Cleo Martin", "That was me, sorry about that. Should I pin it back to 23.1 until we fix "
     "the key?", "reply"),
    ("Ana Costa", "Let's pin it back for now, we agreed to move the cache key change to next "
     "sprint.", "reply"),
    ("Dmitri Volkov", "Are we still shipping 4.12 on Thursday, or does the arm64 failure push "
     "it?", ""),
    ("Eva Lindqvist", "Thursday stays. We decided yesterday that arm64 is not a release "
     "blocker this time.", ""),
    ("Farid Haddad", "Hi all, I'm taking over payments QA from Lena. Where do I find the "
     "release checklist?", "start"),
    ("Dmitri Volkov", "It is pinned in this channel, the wiki page Release train 4.x. Can you "
     "run the payments smoke suite tomorrow morning?", "reply"),
    ("Farid Haddad", "Sure, I will run it at nine and post the results here.", "reply"),
    ("Ben Okafor", "Who is writing the release notes this time? Last time we forgot the "
     "migration step.", ""),
    ("Eva Lindqvist", "I can take the notes. Does anyone have the list of merged pull requests "
     "since 4.11?", ""),
    ("Cleo Martin", "I'll export it from the repository after lunch and drop the CSV here.",
     ""),
    ("Ana Costa", "Thanks. One more thing: do we keep the feature flag for the new checkout "
     "off by default?", "start"),
    ("Farid Haddad", "From the QA side I would keep it off until the smoke suite is green "
     "twice in a row.", "reply"),
    ("Dmitri Volkov", "Agreed, the flag stays off by default for 4.12 and we turn it on per "
     "tenant.", "reply"),
    ("Ben Okafor", "Nightly is green again after the pin. Should we close the incident "
     "ticket?", ""),
    ("Ana Costa", "Yes, close it and link the pull request. The resolver stays pinned until "
     "the cache key fix lands.", ""),
    ("Eva Lindqvist", "Will do. Who can review the notes draft tomorrow before noon?", ""),
    ("Cleo Martin", "Me, send it over when it is ready and I will read it first thing.", ""),
]
RELEASE_DECIDED = [RELEASE_DAY[3][1], RELEASE_DAY[5][1], RELEASE_DAY[14][1],
                   RELEASE_DAY[16][1]]
_BOT_SAID = ["Pull request opened: #4127 Pin resolver to 23.1",
             "Build #8812 passed on main (arm64, amd64) in 14m 32s"]


def slack_channel_peers() -> Chat:
    """A Slack workspace export's channel day file of six people who all ask and answer: a
    ``channel_join``, threads (``thread_ts``, ``reply_count``, ``parent_user_id``), edits,
    reactions, a file, and an integration's ``bot_message`` records (no ``user``, a
    ``username`` and ``attachments``)."""
    ids = _Ids("slackrelease")
    names = dict.fromkeys(w for w, _t, _k in RELEASE_DAY)
    uid = {who: "U0" + ids.hex(8).upper() for who in names}
    ts = 1714550000.000059
    msgs: list[dict[str, Any]] = []
    parent: dict[str, Any] = {}

    def stamp() -> str:
        nonlocal ts
        ts += 73.4
        return f"{ts:.6f}"

    for k, (who, text, thread) in enumerate(RELEASE_DAY):
        if k == 6:
            msgs.append({"user": uid[who], "type": "message", "subtype": "channel_join",
                         "ts": stamp(), "text": f"<@{uid[who]}> has joined the channel"})
        if k in (4, 15):
            at = stamp()
            said = _BOT_SAID[0 if k == 4 else 1]
            msgs.append({"type": "message", "subtype": "bot_message", "text": "",
                         "ts": at, "bot_id": "B0" + ids.hex(8).upper(),
                         "username": "GitHub", "icons": {"image_48": "https://slack-imgs."
                                                         "com/gh_48.png"},
                         "attachments": [{"fallback": said, "text": said, "color": "36a64f",
                                          "footer": "acme/shop", "ts": int(ts),
                                          "mrkdwn_in": ["text"], "id": 1}]})
        at = stamp()
        m: dict[str, Any] = {
            "client_msg_id": ids.uuid(), "type": "message", "text": text, "user": uid[who],
            "ts": at, "blocks": [{"type": "rich_text", "block_id": ids.hex(3),
                                  "elements": [{"type": "rich_text_section",
                                                "elements": [{"type": "text",
                                                              "text": text}]}]}],
            "team": "T0ABCD", "user_team": "T0ABCD", "source_team": "T0ABCD",
            "user_profile": _slack_person(ids, uid[who], who)}
        if thread == "start":
            parent = m
            m.update({"thread_ts": at, "reply_count": 0, "reply_users_count": 0,
                      "reply_users": [], "latest_reply": at, "is_locked": False,
                      "subscribed": False})
        elif thread == "reply":
            m.update({"thread_ts": parent["ts"], "parent_user_id": parent["user"]})
            parent["reply_count"] += 1
            parent["reply_users"] = list(dict.fromkeys([*parent["reply_users"], uid[who]]))
            parent["reply_users_count"] = len(parent["reply_users"])
            parent["latest_reply"] = at
        if k in (3, 14):
            m["edited"] = {"user": uid[who], "ts": f"{ts + 41:.6f}"}
        if k in (5, 11, 16):
            m["reactions"] = [{"name": "white_check_mark", "users": [uid["Ana Costa"],
                               uid["Ben Okafor"]], "count": 2},
                              {"name": "raised_hands", "users": [uid["Eva Lindqvist"]],
                               "count": 1}]
        if k == 11:
            m["files"] = [{"id": "F0" + ids.hex(8).upper(), "created": int(ts),
                           "name": "merged-since-4.11.csv", "title": "merged-since-4.11.csv",
                           "mimetype": "text/csv", "filetype": "csv", "size": 4821,
                           "url_private": "https://files.slack.com/files-pri/T0ABCD-F0/"
                                          "merged-since-4.11.csv"}]
            m["upload"] = False
        msgs.append(m)
    voices: dict[str, list[str]] = {}
    for who, text, _k in RELEASE_DAY:
        voices.setdefault(who, []).append(text)
    return Chat("release-train_2024-05-01.json", _dump(msgs), RELEASE_DECIDED,
                [*_BOT_SAID, "has joined the channel"], voices=voices, peers=True)

# ---- a thirteenth pass: a coding agent's rollout, an agent framework's messages, help desks'
# and CRMs' APIs, chat APIs and messenger backups, a front end's plain text and an export in
# another locale

def _answers(script: list[Turn]) -> list[str]:
    """The other side's words: never an ask either (this pass judges them so)."""
    return [t.text for t in script if isinstance(t, A)]


def _codex_line(ids: _Ids, k: int, kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    return {"timestamp": f"2025-09-14T10:{2 + k // 6:02d}:{(k * 7) % 60:02d}.{ids.r.randint(100, 999)}Z",
            "type": kind, "payload": payload}


_AGENTS_MD = ("<user_instructions>\n\n# Repository guidelines\n\n- Run `pytest -q` before "
              "proposing a change.\n- Keep views thin; put logic in services.\n\n"
              "</user_instructions>")
_CODEX_ENV = ("<environment_context>\n  <cwd>/home/sam/src/shop</cwd>\n  <approval_policy>"
              "on-request</approval_policy>\n  <sandbox_mode>workspace-write</sandbox_mode>\n"
              "  <network_access>restricted</network_access>\n  <shell>zsh</shell>\n"
              "</environment_context>")
_CODEX_THINK = "**Inspecting the login view**\n\nI need to read the view before running tests."


def codex_rollout() -> Chat:
    """OpenAI Codex CLI's session file (``~/.codex/sessions/…/rollout-….jsonl``): a line per
    item, ``{timestamp, type, payload}`` — ``session_meta``, ``turn_context``,
    ``response_item`` (a ``message`` with ``input_text`` / ``output_text`` parts, a
    ``reasoning`` with an encrypted blob, a ``function_call`` and its
    ``function_call_output``) and ``event_msg`` (``user_message`` / ``agent_message``
    repeating the words, ``token_count``); the repository's instructions and the
    environment as ``user`` messages before the first ask."""
    ids = _Ids("codex")
    out: list[dict[str, Any]] = []

    def add(kind: str, payload: dict[str, Any]) -> None:
        out.append(_codex_line(ids, len(out), kind, payload))

    add("session_meta", {"id": ids.uuid(), "timestamp": "2025-09-14T10:02:00.512Z",
                         "cwd": "/home/sam/src/shop", "originator": "codex_cli_rs",
                         "cli_version": "0.36.0", "instructions": None,
                         "git": {"commit_hash": ids.hex(20), "branch": "main",
                                 "repository_url": "git@github.com:sam/shop.git"}})
    for words in (_AGENTS_MD, _CODEX_ENV):
        add("response_item", {"type": "message", "role": "user",
                              "content": [{"type": "input_text", "text": words}]})
    first = True
    for t in CODING:
        if isinstance(t, U):
            add("turn_context", {"cwd": "/home/sam/src/shop", "approval_policy": "on-request",
                                 "sandbox_policy": {"mode": "workspace-write",
                                                    "network_access": False,
                                                    "exclude_tmpdir_env_var": False,
                                                    "exclude_slash_tmp": False},
                                 "model": "gpt-5-codex", "effort": "medium", "summary": "auto"})
            add("response_item", {"type": "message", "role": "user",
                                  "content": [{"type": "input_text", "text": t.text}]})
            add("event_msg", {"type": "user_message", "message": t.text, "images": []})
            add("event_msg", {"type": "token_count", "info": None, "rate_limits": {
                "primary": {"used_percent": 3.0, "window_minutes": 299,
                            "resets_in_seconds": 17012}, "secondary": None}})
            if first:
                first = False
                add("response_item", {"type": "reasoning", "summary": [
                    {"type": "summary_text", "text": _CODEX_THINK}], "content": None,
                    "encrypted_content": "gAAAAABo" + _PNG[:400]})
                add("event_msg", {"type": "agent_reasoning", "text": _CODEX_THINK})
        elif isinstance(t, A):
            add("event_msg", {"type": "agent_message", "message": t.text})
            add("response_item", {"type": "message", "role": "assistant",
                                  "content": [{"type": "output_text", "text": t.text}]})
        else:
            call = "call_" + ids.hex(12)
            cmd = t.args.get("command") or (f"sed -n '1,200p' {t.args['path']}"
                                            if t.name == "read_file"
                                            else f"apply_patch <<'EOF'\n{t.args.get('content')}"
                                                 "\nEOF")
            add("response_item", {"type": "function_call", "name": "shell",
                                  "arguments": json.dumps({"command": ["bash", "-lc", cmd],
                                                           "workdir": "/home/sam/src/shop"}),
                                  "call_id": call})
            add("response_item", {"type": "function_call_output", "call_id": call,
                                  "output": json.dumps({"output": t.output, "metadata": {
                                      "exit_code": 0, "duration_seconds": 0.4}})})
    return Chat("rollout-2025-09-14T10-02-00-" + ids.uuid() + ".jsonl", _lines(out),
                _asks(CODING), _hidden(CODING) + _answers(CODING)
                + [_CODEX_ENV, _AGENTS_MD],
                unsaid=["I need to read the view before running tests"])


def instagram_dm() -> Chat:
    """Instagram's "Download your information" (``your_instagram_activity/messages/inbox/
    <thread>/message_1.json``): Messenger's shape with Instagram's quirks — a reel shared
    (``share`` with a link and its caption, the words "sent an attachment."), likes and
    reactions as messages of their own ("Liked a message", "Reacted ❤️ to your
    message"), newest first, mojibake."""
    me, page = "lena.hoffmann", "lisboa.walks"
    msgs: list[dict[str, Any]] = []
    clock = 1713600014000
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        clock += 61000
        msgs.append({"sender_name": me if isinstance(t, U) else page, "timestamp_ms": clock,
                     "content": _fb(t.text), "is_geoblocked_for_viewer": False,
                     "is_unsent_image_by_messenger_kid_parent": False})
        if k == 0:
            clock += 9000
            msgs.append({"sender_name": me, "timestamp_ms": clock,
                         "content": _fb(f"{me} sent an attachment."),
                         "share": {"link": "https://www.instagram.com/reel/C5xYq2LtZ9a/",
                                   "share_text": _fb("Sunset at the Miradouro da Senhora do "
                                                     "Monte 🌅 #lisbon"),
                                   "original_content_owner": "lisbon.daily"},
                         "is_geoblocked_for_viewer": False,
                         "is_unsent_image_by_messenger_kid_parent": False})
        if k == 1:
            clock += 5000
            msgs.append({"sender_name": me, "timestamp_ms": clock,
                         "content": _fb("Reacted ❤️ to your message "),
                         "is_geoblocked_for_viewer": False,
                         "is_unsent_image_by_messenger_kid_parent": False})
        if k == 5:
            clock += 7000
            msgs.append({"sender_name": me, "timestamp_ms": clock, "content": "Liked a message",
                         "is_geoblocked_for_viewer": False,
                         "is_unsent_image_by_messenger_kid_parent": False})
    msgs.sort(key=lambda m: -m["timestamp_ms"])
    doc = {"participants": [{"name": page}, {"name": me}], "messages": msgs,
           "title": page, "is_still_participant": True,
           "thread_path": "inbox/lisboawalks_17843001234567890", "magic_words": [],
           "joinable_mode": {"mode": 1, "link": ""}}
    return Chat("message_1.json", _dump(doc), _asks(ITINERARY),
                [*_answers(ITINERARY), f"{me} sent an attachment.", "Reacted ❤️ to your message", "Liked a message", "Sunset at the Miradouro da Senhora"])


FR_TRIP: list[Turn] = [
    U("Salut ! On part à Porto trois jours fin mai, tu as des idées de quartiers pour "
      "dormir ?"),
    A("Ribeira si vous voulez la vue sur le fleuve, sinon Cedofeita : plus calme et moins "
      "cher."),
    U("Et pour manger une francesinha, tu conseilles quelle adresse ?"),
    A("Café Santiago, sans hésiter. Allez-y avant 19h sinon il y a la queue.\n"
      "Sinon le Bufete Fase, plus petit mais excellent."),
    U("Top, et pour aller à l'aéroport tôt le matin, métro ou taxi ?"),
    A("Le métro ligne E commence vers 6h ; avant ça, prenez un Bolt, environ 20 euros."),
]


def whatsapp_fr() -> Chat:
    """WhatsApp's "Exporter la discussion" on Android in French: ``20/04/2024 à 10:02 -
    Nom: texte`` lines, the French encryption notice, ``<Médias omis>``, a deleted
    message (``Ce message a été supprimé``), an answer over two lines."""
    me, friend = "Camille Martin", "Julien Moreau"
    out = ["20/04/2024 à 10:00 - Les messages et les appels sont chiffrés de bout en bout. "
           "Aucun tiers, pas même WhatsApp, ne peut les lire ou les écouter. Appuyez pour en "
           "savoir plus."]
    for k, t in enumerate(FR_TRIP):
        assert isinstance(t, U | A)
        who = me if isinstance(t, U) else friend
        out.append(f"20/04/2024 à 10:{2 + 3 * k:02d} - {who}: {t.text}")
        if k == 1:
            out.append(f"20/04/2024 à 10:{3 + 3 * k:02d} - {friend}: <Médias omis>")
        if k == 2:
            out.append(f"20/04/2024 à 10:{3 + 3 * k:02d} - {me}: Ce message a été supprimé")
    return Chat("Discussion WhatsApp avec Julien Moreau.txt", "\n".join(out) + "\n",
                _asks(FR_TRIP), [*_answers(FR_TRIP), "<Médias omis>", "Ce message a été supprimé", "Les messages et les appels sont chiffrés"])


def freshdesk_ticket() -> Chat:
    """Freshdesk's ``GET /api/v2/tickets/{id}?include=conversations``: the ticket with the
    first ask as ``description`` (HTML) and ``description_text``, its photo in
    ``attachments``, then ``conversations`` — each with ``body`` / ``body_text``,
    ``incoming`` (the customer's) and ``private`` (an agent's note)."""
    cust, agent = 48002211734, 48000912265
    convs: list[dict[str, Any]] = []
    note = "Meter was swapped on 28 Feb; the March reading is likely the installer's estimate."
    first = BILL[0]
    assert isinstance(first, U)
    clock = 0
    for k, t in enumerate(BILL[1:], 1):
        assert isinstance(t, U | A)
        clock += 173
        mine = isinstance(t, U)
        stamp = f"2024-04-20T10:{clock // 60:02d}:{clock % 60:02d}Z"
        body = t.text if mine else f"{t.text}\n\nKind regards,\nLena (Brightwater Energy)"
        convs.append({"body": "<div>" + body.replace("\n", "<br>") + "</div>",
                      "body_text": body, "id": 48114000000 + k, "incoming": mine,
                      "private": False, "user_id": cust if mine else agent,
                      "support_email": None if mine else "help@brightwater.example",
                      "source": 0, "category": 2 if mine else 3, "to_emails": [
                          "help@brightwater.example" if mine else "ana.costa@example.net"],
                      "from_email": "ana.costa@example.net" if mine else
                      "Brightwater Energy <help@brightwater.example>", "cc_emails": [],
                      "bcc_emails": None, "email_failure_count": None,
                      "outgoing_failures": None, "created_at": stamp, "updated_at": stamp,
                      "attachments": [], "auto_response": False, "ticket_id": 20911,
                      "source_additional_info": None})
        if k == 1:
            convs.append({"body": f"<div>{note}</div>", "body_text": note,
                          "id": 48114000099, "incoming": False, "private": True,
                          "user_id": agent, "support_email": None, "source": 2,
                          "category": 2, "to_emails": [], "from_email": None,
                          "cc_emails": [], "bcc_emails": None, "email_failure_count": None,
                          "outgoing_failures": None, "created_at": stamp, "updated_at": stamp,
                          "attachments": [], "auto_response": False, "ticket_id": 20911,
                          "source_additional_info": None})
    doc = {"cc_emails": [], "fwd_emails": [], "reply_cc_emails": [], "ticket_cc_emails": [],
           "fr_escalated": False, "spam": False, "email_config_id": 48000055102,
           "group_id": 48000277301, "priority": 2, "requester_id": cust,
           "responder_id": agent, "source": 1, "company_id": None, "status": 4,
           "subject": "March bill much higher than usual", "association_type": None,
           "support_email": "help@brightwater.example", "to_emails": [
               "help@brightwater.example"], "product_id": None, "id": 20911,
           "type": "Billing", "due_by": "2024-04-22T10:00:00Z",
           "fr_due_by": "2024-04-21T10:00:00Z", "is_escalated": False,
           "description": f"<div>{first.text}</div>", "description_text": first.text,
           "custom_fields": {"cf_account_number": "BW-0048213", "cf_region": None},
           "created_at": "2024-04-20T10:00:00Z", "updated_at": "2024-04-20T10:30:00Z",
           "tags": ["billing"], "attachments": [{
               "id": 48034411201, "content_type": "image/jpeg", "size": 48213,
               "name": "bill_march.jpg", "attachment_url": "https://s3.amazonaws.com/"
               "cdn.freshdesk.com/data/helpdesk/attachments/production/48034411201/original/"
               "bill_march.jpg?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=300",
               "created_at": "2024-04-20T10:00:00Z", "updated_at": "2024-04-20T10:00:00Z"}],
           "source_additional_info": None, "structured_description": None,
           "conversations": convs, "nr_due_by": None, "nr_escalated": False}
    return Chat("ticket_20911.json", _dump(doc), _asks(BILL),
                # (the subject is the person's own words, their mail's: neither ask nor foreign)
                [*_answers(BILL), note, "bill_march.jpg", "Billing"])


def hubspot_messages() -> Chat:
    """HubSpot's ``GET /conversations/v3/conversations/threads/{id}/messages``: ``results``
    of a live chat — a bot's ``WELCOME_MESSAGE``, ``MESSAGE`` items with ``senders`` by
    actor id (``V-`` a visitor, ``A-`` an agent), ``direction`` INCOMING / OUTGOING,
    ``text`` and ``richText``, an internal ``COMMENT`` and a ``THREAD_STATUS_CHANGE``."""
    visitor = {"actorId": "V-73512001", "name": "Sam Ortiz",
               "deliveryIdentifier": {"type": "HS_EMAIL_ADDRESS", "value": "sam@ortiz.dev"}}
    agent = {"actorId": "A-518822", "name": "Priya Shah", "senderField": "FROM"}
    thread = "7402250119"
    out: list[dict[str, Any]] = []
    clock = 0

    def item(kind: str, **kw: Any) -> None:
        nonlocal clock
        clock += 97
        out.append({"type": kind, "id": f"{ids.hex(32)}", "conversationsThreadId": thread,
                    "createdAt": f"2024-06-03T14:{clock // 60:02d}:{clock % 60:02d}.{clock % 1000:03d}Z",
                    **kw, "client": {"clientType": "HUBSPOT" if kind != "MESSAGE" or
                                     kw.get("direction") == "OUTGOING" else "SYSTEM"},
                    "archived": False})

    ids = _Ids("hubspot")
    item("WELCOME_MESSAGE", createdBy="B-1204", senders=[{"actorId": "B-1204"}],
         text="Hi there 👋 Questions about deploying? Ask away and we'll get back to you.",
         richText="<p>Hi there 👋 Questions about deploying? Ask away and we'll get back to "
                  "you.</p>", channelId="1000", channelAccountId="40211")
    comment = "Looks like the port binding issue again, check the docs link for 0.0.0.0."
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        mine = isinstance(t, U)
        item("MESSAGE", createdBy=(visitor if mine else agent)["actorId"],
             senders=[visitor if mine else agent],
             recipients=[] if mine else [{"actorId": visitor["actorId"],
                                          "recipientField": "TO"}],
             text=t.text, richText=f"<div>{t.text}</div>", attachments=[],
             truncationStatus="NOT_TRUNCATED", status={"statusType": "RECEIVED" if mine
                                                       else "SENT"},
             direction="INCOMING" if mine else "OUTGOING", channelId="1000",
             channelAccountId="40211")
        if k == 0:
            item("COMMENT", createdBy=agent["actorId"], senders=[agent], text=comment,
                 richText=f"<p>{comment}</p>", attachments=[])
    item("THREAD_STATUS_CHANGE", createdBy=agent["actorId"], newStatus="CLOSED")
    doc = {"results": out, "paging": {"next": {"after": ids.hex(16),
                                               "link": "https://api.hubapi.com/..."}}}
    return Chat("thread-7402250119-messages.json", _dump(doc), _asks(SUPPORT),
                [*_answers(SUPPORT), comment, out[0]["text"], "CLOSED"])


def _discord_user(uid: str, name: str, glob: str | None, bot: bool) -> dict[str, Any]:
    u: dict[str, Any] = {"id": uid, "username": name, "avatar": f"{int(uid) % 99991:x}a0c4e",
                         "discriminator": "0" if not bot else "4412", "public_flags": 0,
                         "flags": 0, "banner": None, "accent_color": None, "global_name": glob,
                         "avatar_decoration_data": None, "banner_color": None, "clan": None,
                         "primary_guild": None}
    if bot:
        u["bot"] = True
    return u


def discord_api() -> Chat:
    """Discord's ``GET /channels/{id}/messages``: newest first, each with its ``author``
    (a person, and an app with ``bot: true``), the bot's answers as replies (``type`` 19)
    carrying the whole message they answer in ``referenced_message``, a join (``type``
    7, no words) and a screenshot in ``attachments``."""
    channel, guild = "1231188403001127002", "1163620001345020024"
    person = _discord_user("412008813003210752", "sam.ortiz", "Sam", False)
    bot = _discord_user("1219932712300011620", "FlyHelper", None, True)
    msgs: list[dict[str, Any]] = []
    base = 1231190000000000000

    def msg(author: dict[str, Any], text: str, k: int, **kw: Any) -> dict[str, Any]:
        return {"type": 0, "content": text, "mentions": [], "mention_roles": [],
                "attachments": [], "embeds": [],
                "timestamp": f"2024-04-20T10:{2 * k:02d}:{(k * 13) % 60:02d}.{k}41000+00:00",
                "edited_timestamp": None, "flags": 0, "components": [],
                "id": str(base + 4194304 * 1000 * k), "channel_id": channel, "author": author,
                "pinned": False, "mention_everyone": False, "tts": False, **kw}

    msgs.append(msg(person, "", 0, type=7))
    prev: dict[str, Any] | None = None
    for k, t in enumerate(SUPPORT, 1):
        assert isinstance(t, U | A)
        if isinstance(t, U):
            m = msg(person, t.text, k)
            if k == 1:
                m["attachments"] = [{"id": "1231190412003311000",
                                     "filename": "fly_logs.png", "size": 48213,
                                     "url": "https://cdn.discordapp.com/attachments/"
                                            f"{channel}/1231190412003311000/fly_logs.png",
                                     "proxy_url": "https://media.discordapp.net/attachments/"
                                                  f"{channel}/1231190412003311000/fly_logs.png",
                                     "width": 1280, "height": 720, "content_type": "image/png",
                                     "placeholder": "3PcJDIJ3iIiPeHiAhwh3eGBo9w==",
                                     "placeholder_version": 1}]
        else:
            assert prev is not None
            m = msg(bot, t.text, k, type=19, application_id=bot["id"],
                    message_reference={"type": 0, "channel_id": channel,
                                       "message_id": prev["id"], "guild_id": guild},
                    referenced_message=prev)
        msgs.append(m)
        prev = dict(m)
    msgs.reverse()
    return Chat("messages.json", _dump(msgs), _asks(SUPPORT),
                [*_answers(SUPPORT), "fly_logs.png"])


def signal_cli() -> Chat:
    """signal-cli's ``receive --output=json`` on a linked device: a JSON line per envelope —
    the other person's words in ``dataMessage.message``, one's own (sent from the phone) in
    ``syncMessage.sentMessage.message``, delivery and read receipts, typing notices and a
    photo in ``attachments``."""
    account, me_uuid = "+15551234567", "6f1e2d3c-4b5a-4978-8a1b-2c3d4e5f6a7b"
    other, other_uuid = "+15557654321", "0a9b8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d"
    out: list[dict[str, Any]] = []
    ts = 1713607200000

    def env(src: str, uid: str, name: str, dev: int, **kw: Any) -> None:
        out.append({"envelope": {"source": src, "sourceNumber": src, "sourceUuid": uid,
                                 "sourceName": name, "sourceDevice": dev, "timestamp": ts,
                                 "serverReceivedTimestamp": ts + 412,
                                 "serverDeliveredTimestamp": ts + 498, **kw},
                    "account": account})

    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        ts += 71000
        if isinstance(t, U):
            sent: dict[str, Any] = {"destination": other, "destinationNumber": other,
                                    "destinationUuid": other_uuid, "timestamp": ts,
                                    "message": t.text, "expiresInSeconds": 0,
                                    "viewOnce": False}
            if k == 0:
                sent["attachments"] = [{"contentType": "image/jpeg",
                                        "filename": "signal-2024-04-20-100112.jpg",
                                        "id": "Xy3qR8vT0pLkA9d2mNcR.jpg", "size": 48213,
                                        "width": 1080, "height": 1920, "caption": None,
                                        "uploadTimestamp": ts - 900}]
            env(account, me_uuid, "Sam Ortiz", 1, syncMessage={"sentMessage": sent})
            ts += 900
            env(other, other_uuid, "Priya Shah", 1, receiptMessage={
                "when": ts, "isDelivery": True, "isRead": False, "isViewed": False,
                "timestamps": [ts - 900]})
        else:
            env(other, other_uuid, "Priya Shah", 1,
                typingMessage={"action": "STARTED", "timestamp": ts - 5000})
            env(other, other_uuid, "Priya Shah", 1, dataMessage={
                "timestamp": ts, "message": t.text, "expiresInSeconds": 0, "viewOnce": False})
    return Chat("signal-receive.jsonl", _lines(out), _asks(SUPPORT),
                [*_answers(SUPPORT), "signal-2024-04-20-100112.jpg", "STARTED"])


def openwebui_txt() -> Chat:
    """Open WebUI's "Download → Plain text (.txt)": every message ``### ROLE`` (the role in
    capitals) over its words and a blank line, code fences in the answers."""
    out = []
    for t in SALES:
        assert isinstance(t, U | A)
        words = t.text
        if isinstance(t, A) and "import" in words:
            words = "Here is a script:\n\n```python\n" + words + "\n```\n\nRun it next to the CSV."
        out.append(f"### {'USER' if isinstance(t, U) else 'ASSISTANT'}\n{words}\n")
    return Chat("chat-export-1713607200.txt", "\n".join(out), _asks(SALES),
                [*_answers(SALES), "Here is a script:"])


def pydantic_ai() -> Chat:
    """Pydantic AI's ``result.all_messages_json()``: a list of ``request`` / ``response``
    messages (``kind``), each a list of ``parts`` told by ``part_kind`` — ``system-prompt``
    and ``user-prompt`` in the first request, ``text`` and ``tool-call`` in a response,
    ``tool-return`` in the next request — with usage and the model beside."""
    ids = _Ids("pydanticai")
    out: list[dict[str, Any]] = []
    clock = 0

    def stamp() -> str:
        nonlocal clock
        clock += 3
        return f"2025-06-02T09:{clock // 60:02d}:{clock % 60:02d}.{ids.r.randint(100000, 999999)}Z"

    pending: list[dict[str, Any]] = [{"content": SYSTEM, "timestamp": stamp(),
                                      "dynamic_ref": None, "part_kind": "system-prompt"}]
    resp: list[dict[str, Any]] = []

    def flush_response() -> None:
        if resp:
            out.append({"parts": list(resp), "usage": {
                "input_tokens": 812 + 40 * len(out), "cache_write_tokens": 0,
                "cache_read_tokens": 0, "output_tokens": 61, "input_audio_tokens": 0,
                "cache_audio_read_tokens": 0, "output_audio_tokens": 0, "details": {}},
                "model_name": "gpt-4o-2024-08-06", "timestamp": stamp(), "kind": "response",
                "provider_name": "openai", "provider_details": {"finish_reason": "stop"},
                "provider_response_id": "chatcmpl-" + ids.hex(14), "finish_reason": "stop"})
            resp.clear()

    def flush_request() -> None:
        if pending:
            out.append({"parts": list(pending), "instructions": None, "kind": "request"})
            pending.clear()

    for t in CODING:
        if isinstance(t, U):
            flush_response()
            pending.append({"content": t.text, "timestamp": stamp(),
                            "part_kind": "user-prompt"})
        elif isinstance(t, A):
            flush_request()
            resp.append({"content": t.text, "id": None, "part_kind": "text"})
            flush_response()
        else:
            flush_request()
            call = "call_" + ids.hex(12)
            resp.append({"tool_name": t.name, "args": json.dumps(t.args), "tool_call_id": call,
                         "id": None, "part_kind": "tool-call"})
            flush_response()
            pending.append({"tool_name": t.name, "content": t.output, "tool_call_id": call,
                            "metadata": None, "timestamp": stamp(),
                            "part_kind": "tool-return"})
    flush_request()
    flush_response()
    return Chat("agent-run.json", _dump(out), _asks(CODING),
                _hidden(CODING) + _answers(CODING) + [SYSTEM])


def lobechat_export() -> Chat:
    """LobeChat's "Export all data": ``{exportType, state: {messages, sessions, topics, …},
    version}`` — messages of every topic in one list with ``role``, ``content``,
    ``parentId``, the model in ``extra``, an uploaded file only as an id in ``files``, and a
    web search plugin's call (``tools``) and its ``tool`` message."""
    ids = _Ids("lobechat")
    msgs: list[dict[str, Any]] = []
    clock = 1713607200000
    topic = {"id": "tpc_" + ids.hex(6), "title": "Quarterly sales by region",
             "favorite": False, "sessionId": "inbox", "createdAt": clock, "updatedAt": clock}
    parent: str | None = None
    search = "Q3 2024 retail sales Europe regional decline"
    found = ("[{\"title\":\"Eurostat: retail trade volume down 0.3% in the euro area\","
             "\"url\":\"https://ec.europa.eu/eurostat/news\",\"content\":\"In September 2024 "
             "the seasonally adjusted volume of retail trade decreased by 0.3%...\"}]")
    for k, t in enumerate(SALES):
        assert isinstance(t, U | A)
        clock += 41000
        mid = "msg_" + ids.hex(7)
        m: dict[str, Any] = {"role": "user" if isinstance(t, U) else "assistant",
                             "content": t.text, "parentId": parent, "sessionId": "inbox",
                             "topicId": topic["id"], "createdAt": clock, "id": mid,
                             "updatedAt": clock, "extra": {}, "meta": {}}
        if isinstance(t, U) and t.attach:
            m["files"] = ["file_" + ids.hex(8)]
        if isinstance(t, A):
            m["extra"] = {"fromModel": "gpt-4o-mini", "fromProvider": "openai"}
            if k == 1:
                call = "call_" + ids.hex(10)
                tools = [{"apiName": "searchWithSearXNG", "arguments": json.dumps(
                    {"query": search}), "id": call, "identifier": "lobe-web-browsing",
                    "type": "builtin"}]
                msgs.append({**m, "id": mid + "t", "content": "", "tools": tools})
                msgs.append({"role": "tool", "content": found, "parentId": mid + "t",
                             "sessionId": "inbox", "topicId": topic["id"],
                             "createdAt": clock + 900, "id": "msg_" + ids.hex(7),
                             "updatedAt": clock + 900, "tool_call_id": call,
                             "plugin": {"apiName": "searchWithSearXNG",
                                        "arguments": json.dumps({"query": search}),
                                        "identifier": "lobe-web-browsing",
                                        "type": "builtin"}, "pluginState": {},
                             "extra": {}, "meta": {}})
                m["parentId"] = msgs[-1]["id"]
        msgs.append(m)
        parent = m["id"]
    doc = {"exportType": "all", "state": {
        "messages": msgs, "sessions": [], "sessionGroups": [], "topics": [topic],
        "settings": {"defaultAgent": {"config": {"model": "gpt-4o-mini", "provider":
                                                 "openai", "systemRole": ""}},
                     "languageModel": {"openai": {"enabled": True}}}}, "version": 7}
    return Chat("LobeChat-all-2024-04-20.json", _dump(doc), _asks(SALES),
                [*_answers(SALES), SALES_CSV, found])


def wildchat_jsonl() -> Chat:
    """WildChat's rows as JSON lines: ``conversation`` of turns each carrying ``role``,
    ``content`` and metadata (the person's turns a country, a hashed IP and the request's
    ``header``, the model's a timestamp), ``turn_identifier``, moderation lists beside."""
    lines = []
    asks: list[str] = []
    for n, (script, model) in enumerate(((ITINERARY, "gpt-4-0314"), (BILL, "gpt-4o-2024-05-13"))):
        turns = [t for t in script if isinstance(t, U | A)]
        header = {"accept-language": "pt-PT,pt;q=0.9,en-US;q=0.8,en;q=0.7",
                  "user-agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) "
                                "AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 "
                                "Safari/537.36"}
        ip = f"{(n + 7) * 0x1f3a9c:x}d04e5a1c9b27e83f0a6d5c4b3a2918f7e6d5c4b3a29"
        conv = []
        for k, t in enumerate(turns):
            mine = isinstance(t, U)
            conv.append({"content": t.text, "country": "Portugal" if mine else None,
                         "hashed_ip": ip if mine else None, "header": header if mine else None,
                         "language": "English", "redacted": False,
                         "role": "user" if mine else "assistant",
                         "state": "Lisbon" if mine else None,
                         "timestamp": None if mine else f"2024-05-0{n + 2}T1{k}:22:31Z",
                         "toxic": False, "turn_identifier": 2201000 + 10 * n + k // 2})
        mod = [{"categories": {"harassment": False, "hate": False, "sexual": False,
                               "violence": False}, "category_scores": {
            "harassment": 1.2e-05 * (k + 1), "hate": 3.1e-06, "sexual": 2.2e-05,
            "violence": 4.4e-05}, "flagged": False} for k in range(len(turns))]
        lines.append({"conversation_hash": f"{(n + 3) * 0x9e3779b1:032x}", "model": model,
                      "timestamp": f"2024-05-0{n + 2}T10:22:31Z", "conversation": conv,
                      "turn": len(turns) // 2, "language": "English",
                      "openai_moderation": mod, "detoxify_moderation": [
                          {"identity_attack": 0.0001, "insult": 0.0002, "obscene": 0.0001,
                           "severe_toxicity": 1e-06, "sexual_explicit": 2e-05,
                           "threat": 3e-05, "toxicity": 0.0004} for _ in turns],
                      "toxic": False, "redacted": False, "state": "Lisbon",
                      "country": "Portugal", "hashed_ip": ip, "header": header})
        asks += _asks(script)
    return Chat("wildchat-sample.jsonl", _lines(lines), asks,
                _answers(ITINERARY) + _answers(BILL) + [json.dumps(header)])


def imessage_html() -> Chat:
    """imessage-exporter's HTML (``--format html``): each message a ``div.message`` holding a
    ``div.sent`` or ``div.received``, a ``span.timestamp`` and a ``span.sender`` (``Me`` or
    the other's number), the words in ``span.bubble`` inside ``div.message_part``, a photo
    as an ``img`` part and a tapback block."""
    head = ('<!DOCTYPE html>\n<html>\n<head>\n<meta charset="UTF-8">\n<style>\nbody {\n'
            '    background-color: white;\n    font-family: "Helvetica Neue", sans-serif;\n}\n'
            '.sent {\n    float: right;\n}\n.bubble {\n    white-space: pre-wrap;\n}\n'
            '</style>\n</head>\n<body>')
    out = [head]
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        mine = isinstance(t, U)
        stamp = f"Apr 20, 2024 {10 + k // 4}:{(k * 9) % 60:02d}:{(k * 17) % 60:02d} AM"
        read = " (Read by them after 2 minutes, 4 seconds)" if mine else ""
        parts = []
        if k == 2:
            parts.append('<div class="message_part">\n<div class="attachment"><img src="'
                         '/Users/lena/Library/Messages/Attachments/4a/10/IMG_2041.HEIC" '
                         'loading="lazy"></div>\n</div>')
        parts.append(f'<div class="message_part">\n<span class="bubble">{_esc(t.text)}'
                     '</span>\n</div>')
        tap = ""
        if k == 3:
            tap = ('\n<div class="tapbacks">\n<p>Tapbacks:</p>\n<div class="tapback">'
                   'Loved by Me</div>\n</div>')
        out.append(f'<div class="message">\n<div class="{"sent" if mine else "received"} '
                   f'iMessage">\n<p><span class="timestamp"><a title="Reply" href="#r-'
                   f'{uuid.UUID(int=k + 1)}">{stamp}</a>{read}</span>\n<span class="sender">'
                   f'{"Me" if mine else "+351912345678"}</span></p>\n<hr>'
                   + "\n".join(parts) + tap + "\n</div>\n</div>")
    out.append("</body>\n</html>")
    return Chat("+351912345678.html", "\n".join(out) + "\n", _asks(ITINERARY),
                [*_answers(ITINERARY), "/Users/lena/Library/Messages/Attachments/4a/10/" "IMG_2041.HEIC", "Loved by Me", "Tapbacks:"])


# ---- a fourteenth pass -------------------------------------------------------------------

_MINI_TASK = ("<pr_description>\nConsider the following PR description:\n{task}\n"
              "</pr_description>\n\n<instructions>\n# Task Instructions\n\n## Overview\nYou're a "
              "software engineer interacting continuously with a computer by submitting "
              "commands.\n\nFor each response:\n1. Include a THOUGHT section explaining your "
              "reasoning\n2. Provide exactly ONE bash command in triple backticks\n</instructions>")
_MINI_SYSTEM = ("You are a helpful assistant that can interact multiple times with a computer "
                "shell to solve programming tasks.\nYour response must contain exactly ONE bash "
                "code block with ONE command (or commands connected with && or ||).")


def _mini_obs(output: str, code: int = 0) -> str:
    return f"<returncode>{code}</returncode>\n<output>\n{output}\n</output>"


def mini_swe_agent() -> Chat:
    """mini-swe-agent's trajectory (``last_mini_run.traj.json``): ``{info, messages,
    trajectory_format}`` — every command's output handed back as a ``user`` message in
    ``<returncode>`` / ``<output>`` markup, the first task inside the run's template, later
    tasks typed as plain ``user`` messages after the agent submits."""
    msgs: list[dict[str, Any]] = [{"role": "system", "content": _MINI_SYSTEM}]
    asks: list[str] = []
    hidden: list[str] = []
    for t in CODING:
        if isinstance(t, U):
            words = _MINI_TASK.format(task=t.text) if not asks else t.text
            asks.append(words)
            msgs.append({"role": "user", "content": words})
        elif isinstance(t, A):
            msgs.append({"role": "assistant", "content": f"THOUGHT: {t.text}\n\n```bash\n"
                                                         "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\n```"})
            msgs.append({"role": "user", "content": _mini_obs("")})
            hidden.append(_mini_obs(""))
        else:
            cmd = t.args.get("command") or (f"cat {t.args['path']}" if t.name == "read_file"
                                            else f"cat > {t.args['path']} <<'EOF'\n"
                                                 f"{t.args.get('content')}\nEOF")
            msgs.append({"role": "assistant",
                         "content": f"THOUGHT: I'll run `{t.name}` next.\n\n```bash\n{cmd}\n```"})
            obs = _mini_obs(t.output, 1 if "FAILED" in t.output else 0)
            msgs.append({"role": "user", "content": obs})
            hidden.append(obs)
    doc = {"info": {"exit_status": "Submitted", "submission": "",
                    "model_stats": {"instance_cost": 0.0731, "api_calls": 9},
                    "mini_version": "1.12.0",
                    "config": {"agent": {"step_limit": 0, "cost_limit": 3.0},
                               "model": {"model_name": "anthropic/claude-sonnet-4-20250514"}}},
           "messages": msgs, "trajectory_format": "mini-swe-agent-1"}
    return Chat("last_mini_run.traj.json", _dump(doc), asks, hidden + _hidden(CODING))


def smolagents_memory() -> Chat:
    """smolagents' ``agent.write_memory_to_messages()`` saved as JSON: roles ``system``,
    ``user``, ``assistant``, ``tool-call`` and ``tool-response``, contents as lists of
    ``{"type": "text"}`` parts; each task "New task:\\n…", each tool's result "Call id: …
    \\nObservation:\\n…", the answer handed over through a ``final_answer`` call."""
    ids = _Ids("smolagents")
    msgs: list[dict[str, Any]] = [{"role": "system", "content": [{"type": "text", "text": (
        "You are an expert assistant who can solve any task using tool calls. You will be "
        "given a task to solve as best you can.\nTo do so, you have been given access to "
        "some tools.")}]}]
    asks: list[str] = []
    hidden: list[str] = []

    def call(name: str, args: dict[str, Any], result: str) -> None:
        cid = "call_" + ids.hex(12)
        calls = [{"id": cid, "type": "function", "function": {"name": name, "arguments": args}}]
        msgs.append({"role": "tool-call", "content": [{"type": "text", "text":
                                                        "Calling tools:\n" + str(calls)}]})
        obs = f"Call id: {cid}\nObservation:\n{result}"
        msgs.append({"role": "tool-response", "content": [{"type": "text", "text": obs}]})
        hidden.append(obs)

    for t in CODING:
        if isinstance(t, U):
            words = "New task:\n" + t.text
            asks.append(words)
            msgs.append({"role": "user", "content": [{"type": "text", "text": words}]})
        elif isinstance(t, A):
            msgs.append({"role": "assistant", "content": [{"type": "text", "text":
                         "Thought: I have what I need, I'll give the final answer."}]})
            call("final_answer", {"answer": t.text}, t.text)
        else:
            msgs.append({"role": "assistant", "content": [{"type": "text", "text":
                         f"Thought: I'll use {t.name} to check."}]})
            call(t.name, t.args, t.output)
    return Chat("agent_memory.json", _dump(msgs), asks, hidden + _hidden(CODING))


def haystack_messages() -> Chat:
    """Haystack 2's ``ChatMessage.to_dict()`` list (a chat message store saved as JSON):
    ``role``, ``meta``, ``name`` and ``content`` as parts keyed by kind — ``text``,
    ``tool_call`` (name, arguments, id) and ``tool_call_result`` (the result, its origin
    call, an error flag) — the model's usage in the assistant's ``meta``."""
    ids = _Ids("haystack")
    msgs: list[dict[str, Any]] = [{"role": "system", "meta": {}, "name": None,
                                   "content": [{"text": SYSTEM}]}]
    usage = {"completion_tokens": 48, "prompt_tokens": 912, "total_tokens": 960}
    for t in CODING:
        if isinstance(t, U):
            msgs.append({"role": "user", "meta": {}, "name": None, "content": [{"text": t.text}]})
        elif isinstance(t, A):
            msgs.append({"role": "assistant", "meta": {
                "model": "gpt-4o-mini-2024-07-18", "index": 0, "finish_reason": "stop",
                "usage": usage}, "name": None, "content": [{"text": t.text}]})
        else:
            origin = {"tool_name": t.name, "arguments": t.args, "id": "call_" + ids.hex(12)}
            msgs.append({"role": "assistant", "meta": {
                "model": "gpt-4o-mini-2024-07-18", "index": 0, "finish_reason": "tool_calls",
                "usage": usage}, "name": None, "content": [{"tool_call": origin}]})
            msgs.append({"role": "tool", "meta": {}, "name": None, "content": [
                {"tool_call_result": {"result": t.output, "origin": origin, "error": False}}]})
    return Chat("chat_history.json", _dump(msgs), _asks(CODING), _hidden(CODING))


_FLY_SYSTEM = ("You are Fly.io's support assistant. Answer briefly and point to fly.toml "
               "settings where they apply.")


def _chat_completion(ids: _Ids, text: str, k: int) -> dict[str, Any]:
    return {"id": "chatcmpl-" + ids.hex(15), "object": "chat.completion",
            "created": 1718000000 + 300 * k, "model": "gpt-4o-2024-08-06",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text,
                                                 "refusal": None},
                         "logprobs": None, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 120 + 80 * k, "completion_tokens": 52,
                      "total_tokens": 172 + 80 * k},
            "system_fingerprint": "fp_" + ids.hex(5)}


def helicone_export() -> Chat:
    """Helicone's request export (JSON): a record per API call, newest first, with the
    ``request_body`` (model and the whole history so far as ``messages``) and the
    ``response_body`` (a chat completion with its ``choices``), latency, tokens, cost and
    the session's custom properties."""
    ids = _Ids("helicone")
    history: list[dict[str, Any]] = [{"role": "system", "content": _FLY_SYSTEM}]
    recs: list[dict[str, Any]] = []
    k = 0
    for t in SUPPORT:
        if isinstance(t, U):
            history.append({"role": "user", "content": t.text})
            continue
        assert isinstance(t, A)
        when = f"2024-06-10T08:{5 * k:02d}:{13 + k:02d}.{ids.r.randint(100, 999)}Z"
        recs.append({"request_id": ids.uuid(), "request_created_at": when,
                     "request_path": "https://oai.helicone.ai/v1/chat/completions",
                     "request_user_id": "u_4821", "request_properties": {
                         "Helicone-Session-Id": "sess-7f3a", "Environment": "production"},
                     "request_model": "gpt-4o",
                     "request_body": {"model": "gpt-4o", "temperature": 0.3,
                                      "messages": [dict(m) for m in history]},
                     "response_id": ids.uuid(), "response_created_at": when,
                     "response_status": 200, "response_model": "gpt-4o-2024-08-06",
                     "response_body": _chat_completion(ids, t.text, k),
                     "delay_ms": 1840 + 90 * k, "total_tokens": 172 + 80 * k,
                     "prompt_tokens": 120 + 80 * k, "completion_tokens": 52,
                     "cost_usd": round(0.0008 + 0.0002 * k, 6), "cache_hit": False,
                     "country_code": "DE", "provider": "OPENAI", "scores": {}})
        history.append({"role": "assistant", "content": t.text})
        k += 1
    recs.reverse()
    return Chat("helicone_requests.json", _dump(recs), _asks(SUPPORT), [_FLY_SYSTEM])


_DOCS = ["Lisbon in May: average highs of 22 C, jacaranda season starts late in the month.",
         "Baixa-Chiado metro station serves the blue and green lines until 1 am.",
         "Sintra trains leave Rossio station every 20 minutes; the ride takes 40 minutes."]


_PLANNER = ("You are a travel planner for city breaks in Europe. Use the retrieved notes when "
            "they help.")


def langfuse_observations() -> Chat:
    """Langfuse's ``GET /api/public/observations`` page: ``{data, meta}``, newest first, a
    ``SPAN`` for each retrieval (the query in, the documents out) beside a ``GENERATION``
    whose ``input`` is the whole message list so far and whose ``output`` is the
    assistant's message, with usage, costs and latency."""
    ids = _Ids("langfuse")
    trace = ids.hex(16)
    history: list[dict[str, Any]] = [{"role": "system", "content": _PLANNER}]
    obs: list[dict[str, Any]] = []
    k = 0
    for t in ITINERARY:
        if isinstance(t, U):
            history.append({"role": "user", "content": t.text})
            continue
        assert isinstance(t, A)
        start = f"2024-05-02T14:{4 * k:02d}:{10 + k:02d}.{ids.r.randint(100, 999)}Z"
        span = ids.uuid()
        obs.append({"id": span, "traceId": trace, "type": "SPAN", "name": "retrieve",
                    "startTime": start, "endTime": start, "completionStartTime": None,
                    "model": None, "modelParameters": None,
                    "input": {"query": history[-1]["content"], "top_k": 3},
                    "version": None, "metadata": {"index": "travel-notes"},
                    "output": {"documents": [_DOCS[k]]}, "usage": {"input": 0, "output": 0,
                                                                  "total": 0, "unit": "TOKENS"},
                    "level": "DEFAULT", "statusMessage": None, "parentObservationId": None,
                    "promptId": None, "latency": 0.21, "timeToFirstToken": None})
        obs.append({"id": ids.uuid(), "traceId": trace, "type": "GENERATION",
                    "name": "ChatOpenAI", "startTime": start, "endTime": start,
                    "completionStartTime": start, "model": "gpt-4o-mini",
                    "modelParameters": {"temperature": "0.2", "max_tokens": "800"},
                    "input": [dict(m) for m in history], "version": None, "metadata": {
                        "ls_provider": "openai", "ls_model_type": "chat"},
                    "output": {"role": "assistant", "content": t.text},
                    "usage": {"input": 210 + 90 * k, "output": 64, "total": 274 + 90 * k,
                              "unit": "TOKENS"},
                    "level": "DEFAULT", "statusMessage": None, "parentObservationId": span,
                    "promptId": None, "promptTokens": 210 + 90 * k, "completionTokens": 64,
                    "totalTokens": 274 + 90 * k, "calculatedTotalCost": 0.000071 * (k + 1),
                    "latency": 2.4, "timeToFirstToken": 0.61})
        history.append({"role": "assistant", "content": t.text})
        k += 1
    obs.reverse()
    return Chat("observations.json", _dump({"data": obs, "meta": {
        "page": 1, "limit": 50, "totalItems": len(obs), "totalPages": 1}}),
        _asks(ITINERARY), list(_DOCS), unsaid=[_PLANNER])  # (a system prompt: never said)


def big_agi() -> Chat:
    """big-AGI 2's conversation download (``.agi.json``): messages of ``fragments`` told by
    ``ft`` (``content``, ``attachment``), each holding a ``part`` told by ``pt`` (``text``,
    ``doc`` with the attached file's text in ``data``), a ``generator`` on the assistant's,
    token counts and times."""
    ids = _Ids("bigagi")
    msgs: list[dict[str, Any]] = []
    for k, t in enumerate(SALES):
        assert isinstance(t, U | A)
        frags: list[dict[str, Any]] = [{"ft": "content", "fId": ids.hex(8), "part": {
            "pt": "text", "text": t.text}}]
        if isinstance(t, U) and t.attach:
            name, body = t.attach
            frags.append({"ft": "attachment", "fId": ids.hex(8), "title": name,
                          "caption": "", "created": 1715600000000, "part": {
                              "pt": "doc", "vdt": "text/plain", "ref": name, "l1Title": name,
                              "data": {"idt": "text", "text": body, "mimeType": "text/csv"},
                              "meta": {"srcFileName": name, "srcFileSize": len(body)}}})
        msg: dict[str, Any] = {"id": ids.hex(8), "role": "user" if isinstance(t, U)
                               else "assistant", "fragments": frags,
                               "pendingIncomplete": False, "avatar": None,
                               "tokenCount": len(t.text) // 4,
                               "created": 1715600000000 + 60000 * k, "updated": None}
        if isinstance(t, A):
            msg["generator"] = {"mgt": "aix", "name": "GPT-4o",
                                "aix": {"vId": "openai", "mId": "openai-gpt-4o"},
                                "metrics": {"TIn": 812, "TOut": 96, "dtAll": 3410}}
        msgs.append(msg)
    doc = {"id": ids.uuid(), "messages": msgs, "systemPurposeId": "Generic",
           "userTitle": None, "autoTitle": "Quarterly sales by region", "tokenCount": 900,
           "created": 1715600000000, "updated": 1715600420000, "_isIncognito": False}
    return Chat("conversation - Quarterly sales by region.agi.json", _dump(doc), _asks(SALES),
                _hidden(SALES))


_CHERRY_THINK = "The user wants to know why the bill rose; compare usage and the unit rate."


def cherry_studio() -> Chat:
    """Cherry Studio's backup ``data.json``: ``{time, version, localStorage, indexedDB}`` —
    the settings one JSON string, topics with their messages (``role``, ``blocks`` as ids)
    and the words apart in ``message_blocks`` (``main_text``, ``thinking``, ``image``),
    each pointing back to its message by ``messageId``."""
    ids = _Ids("cherry")
    topic, assistant = ids.uuid(), ids.uuid()
    msgs: list[dict[str, Any]] = []
    blocks: list[dict[str, Any]] = []
    ask = ""
    for k, t in enumerate(BILL):
        assert isinstance(t, U | A)
        mid = ids.uuid()
        when = f"2025-05-12T18:{2 * k:02d}:{7 + k:02d}.{ids.r.randint(100, 999)}Z"
        mine: list[str] = []

        def block(kind: str, mid: str = mid, when: str = when, mine: list[str] = mine,
                  **kw: Any) -> None:
            bid = ids.uuid()
            mine.append(bid)
            blocks.append({"id": bid, "messageId": mid, "type": kind, "createdAt": when,
                           "status": "success", **kw})

        if isinstance(t, U):
            ask = mid
            if t.image:
                block("image", file={"id": ids.uuid(), "name": ids.uuid() + ".jpg",
                                     "origin_name": "bill_march.jpg",
                                     "path": "/Users/nina/Library/Application Support/"
                                             "CherryStudio/Data/Files/bill_march.jpg",
                                     "size": 284113, "ext": ".jpg", "type": "image",
                                     "created_at": when, "count": 1})
            block("main_text", content=t.text)
            msgs.append({"id": mid, "role": "user", "assistantId": assistant, "topicId": topic,
                         "createdAt": when, "status": "success", "blocks": mine})
        else:
            if k == 1:
                block("thinking", content=_CHERRY_THINK, thinking_millsec=2140)
            block("main_text", content=t.text)
            msgs.append({"id": mid, "role": "assistant", "assistantId": assistant,
                         "topicId": topic, "createdAt": when, "status": "success",
                         "askId": ask, "modelId": "deepseek-reasoner",
                         "model": {"id": "deepseek-reasoner", "provider": "deepseek",
                                   "name": "DeepSeek Reasoner", "group": "deepseek-ai"},
                         "usage": {"prompt_tokens": 640, "completion_tokens": 210,
                                   "total_tokens": 850},
                         "metrics": {"completion_tokens": 210, "time_completion_millsec": 5120,
                                     "time_first_token_millsec": 890},
                         "blocks": mine})
    persist = json.dumps({"assistants": json.dumps({"defaultAssistant": {
        "id": "default", "name": "Default Assistant", "prompt": "", "topics": []},
        "assistants": [{"id": assistant, "name": "Default Assistant", "emoji": "😀",
                        "prompt": "", "type": "assistant",
                        "topics": [{"id": topic, "assistantId": assistant,
                                    "name": "Electricity bill", "createdAt": "2025-05-12",
                                    "updatedAt": "2025-05-12", "messages": []}]}]}),
        "settings": json.dumps({"language": "en-US", "theme": "auto", "sendMessageShortcut":
                                "Enter", "showAssistants": True}),
        "_persist": json.dumps({"version": 104, "rehydrated": True})})
    doc = {"time": 1747074300000, "version": 5,
           "localStorage": {"persist:cherry-studio": persist},
           "indexedDB": {"files": [], "topics": [{"id": topic, "messages": msgs}],
                         "settings": [{"id": "image://avatar", "value": ""}],
                         "knowledge_notes": [], "translate_history": [], "quick_phrases": [],
                         "message_blocks": blocks}}
    return Chat("cherry-studio.202505121810.json", _dump(doc), _asks(BILL), _hidden(BILL),
                unsaid=[_CHERRY_THINK])


def wechat_csv() -> Chat:
    """A WeChat chat exported to CSV by MemoTrace (WeChatMsg): ``localId, TalkerId, Type,
    SubType, IsSender, CreateTime, Status, StrContent, StrTime, Remark, NickName, Sender``
    — ``Type`` 1 for text, 3 for a photo (its XML in ``StrContent``), 47 for a sticker,
    10000 for a system notice; ``IsSender`` 1 on one's own."""
    rows = [["localId", "TalkerId", "Type", "SubType", "IsSender", "CreateTime", "Status",
             "StrContent", "StrTime", "Remark", "NickName", "Sender"]]
    img = ('<?xml version="1.0"?>\n<msg>\n\t<img aeskey="6b7a3f0c2d9e41a58c1f0b7e2a94d3c6" '
           'encryver="1" cdnthumbaeskey="6b7a3f0c2d9e41a58c1f0b7e2a94d3c6" cdnthumblength='
           '"4120" cdnthumbheight="120" cdnthumbwidth="90" length="283101" md5='
           '"0c4d2b6f9a1e8f3b7c5d2e1a0f9b8c7d" />\n</msg>')
    sticker = ('<msg><emoji fromusername="wxid_q8m2k4x1" tousername="wxid_lena0420" type="2" '
               'md5="a3c9e2f1b4d6c8e0a2f4b6d8c0e2a4f6" len="38211" productid="" /></msg>')
    n = 1
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        mine = isinstance(t, U)
        ts = 1713607320 + 190 * k
        when = f"2024-04-20 18:{(2 + 3 * k) % 60:02d}:{(11 + 7 * k) % 60:02d}"
        rows.append([str(n), "wxid_q8m2k4x1", "1", "0", "1" if mine else "0", str(ts), "2",
                     t.text, when, "Marco", "Marco Rossi", "wxid_lena0420" if mine
                     else "wxid_q8m2k4x1"])
        n += 1
        if k == 1:
            rows.append([str(n), "wxid_q8m2k4x1", "47", "0", "0", str(ts + 20), "2", sticker,
                         when, "Marco", "Marco Rossi", "wxid_q8m2k4x1"])
            n += 1
        if k == 2:
            rows.append([str(n), "wxid_q8m2k4x1", "3", "0", "1", str(ts + 35), "2", img,
                         when, "Marco", "Marco Rossi", "wxid_lena0420"])
            n += 1
        if k == 4:
            rows.append([str(n), "wxid_q8m2k4x1", "10000", "0", "0", str(ts + 50), "4",
                         '"Marco Rossi" recalled a message', when, "Marco", "Marco Rossi",
                         ""])
            n += 1
    return Chat("Marco.csv", _csv(rows), _asks(ITINERARY), [img, sticker, "recalled a message"])


def keybase_chat() -> Chat:
    """``keybase chat api`` ``read`` output: ``{result: {messages: [{msg: …}], pagination}}``
    newest first, each message with its ``channel``, ``sender`` (uid, user name, device),
    ``sent_at`` and ``content`` told by ``type`` — ``text`` (``text.body``), ``reaction``,
    ``attachment`` (an object's file name and type) and ``edit``."""
    ids = _Ids("keybase")
    people = {True: ("lenahoff", ids.hex(16)), False: ("rui_a", ids.hex(16))}
    channel = {"name": "lenahoff,rui_a", "members_type": "impteamnative",
               "topic_type": "chat"}
    msgs: list[dict[str, Any]] = []
    cid = "0000" + ids.hex(30)

    def add(mine: bool, content: dict[str, Any]) -> None:
        name, uid = people[mine]
        n = len(msgs) + 1
        msgs.append({"msg": {"id": n, "conversation_id": cid, "channel": channel,
                             "sender": {"uid": uid, "username": name,
                                        "device_id": ids.hex(16),
                                        "device_name": "lena-mbp" if mine else "Pixel 8"},
                             "sent_at": 1713607320 + 170 * n,
                             "sent_at_ms": (1713607320 + 170 * n) * 1000,
                             "content": content, "prev": [{"id": n - 1, "hash": ids.hex(32)}]
                             if n > 1 else None, "unread": False,
                             "channel_mention": "none"}})

    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        add(isinstance(t, U), {"type": "text", "text": {
            "body": t.text, "payments": None, "userMentions": None, "teamMentions": None}})
        if k == 1:
            add(True, {"type": "reaction", "reaction": {"m": len(msgs), "b": ":+1:"}})
        if k == 3:
            add(False, {"type": "attachment", "attachment": {"object": {
                "filename": "/tmp/keybase-upload-31/IMG_20240420_101512.jpg", "title": "",
                "mimeType": "image/jpeg", "metadata": {"assetType": 1, "image": {
                    "width": 4032, "height": 3024}}, "size": 2811345}, "uploaded": True}})
    msgs.reverse()
    doc = {"result": {"messages": msgs, "pagination": {
        "next": ids.hex(8), "previous": ids.hex(8), "num": len(msgs), "last": True},
        "ratelimits": [{"tank": "chat", "capacity": 9000, "reset": 281, "gas": 8991}]}}
    return Chat("keybase_read.json", _dump(doc), _asks(ITINERARY),
                ["/tmp/keybase-upload-31/IMG_20240420_101512.jpg", ":+1:"])


def voiceflow_transcript() -> Chat:
    """A Voiceflow transcript from ``GET /v2/transcripts/{project}/{id}``: a list of turns
    with ``format`` ``request`` (the person's ``text`` or ``launch``) or ``trace`` (the
    bot's ``text`` with a ``message`` and its rich ``slate``, ``debug`` lines, ``flow``,
    ``path`` and ``end``)."""
    ids = _Ids("voiceflow")
    out: list[dict[str, Any]] = []
    clock = [0]

    def turn(kind: str, payload: Any, fmt: str) -> None:
        clock[0] += 4
        out.append({"turnID": ids.hex(24), "type": kind, "payload": payload,
                    "startTime": f"2024-06-10T08:{clock[0] // 60:02d}:{clock[0] % 60:02d}."
                                 f"{ids.r.randint(100, 999)}Z", "format": fmt})

    def say(text: str) -> None:
        turn("text", {"type": "text", "payload": {
            "slate": {"id": ids.hex(6), "content": [{"children": [{"text": text}]}]},
            "message": text, "delay": 1000}}, "trace")

    turn("launch", {"type": "launch"}, "request")
    turn("flow", {"type": "flow", "payload": {"diagramID": ids.hex(24), "name": "Start"}},
         "trace")
    say("Hi! I'm the Fly.io deploy helper. What can I help you with today?")
    for t in SUPPORT:
        if isinstance(t, U):
            turn("request", {"type": "text", "payload": t.text}, "request")
            turn("debug", {"type": "debug", "payload": {
                "type": "intent", "message": "matched intent **None** - confidence "
                                            "interval _0.31_"}}, "trace")
            turn("path", {"type": "path", "payload": {"path": "reprompt"}}, "trace")
        else:
            assert isinstance(t, A)
            say(t.text)
    turn("end", {"type": "end"}, "trace")
    return Chat("transcript_" + ids.hex(24) + ".json", _dump(out), _asks(SUPPORT),
                ["matched intent **None** - confidence interval _0.31_"])


_AMP_THINK = "The view touches the blueprint's session settings; Flask 3 removed that."


def amp_thread() -> Chat:
    """An Amp (Sourcegraph) thread file (``T-….json``): ``{v, id, created, messages, env,
    title}`` — Anthropic-like content blocks (``text``, ``thinking`` with a signature,
    ``tool_use``), each tool's result a ``user`` message of ``tool_result`` blocks with a
    ``toolUseID`` and a ``run`` (status, result), the sent time in ``meta``."""
    ids = _Ids("amp")
    msgs: list[dict[str, Any]] = []
    first = True

    def add(role: str, content: list[dict[str, Any]], **kw: Any) -> None:
        msgs.append({"role": role, "messageId": len(msgs), "content": content, **kw})

    for t in CODING:
        if isinstance(t, U):
            add("user", [{"type": "text", "text": t.text}], userState={
                "currentlyVisibleFiles": ["file:///home/sam/src/shop/app/views.py"]},
                meta={"sentAt": 1757844000000 + 60000 * len(msgs)})
        elif isinstance(t, A):
            add("assistant", [{"type": "text", "text": t.text}],
                state={"type": "complete", "stopReason": "end_turn"},
                usage={"model": "claude-sonnet-4-20250514", "inputTokens": 12,
                       "outputTokens": 180, "cacheReadInputTokens": 20140,
                       "totalInputTokens": 20152})
        else:
            tid = "toolu_" + ids.hex(12)
            blocks: list[dict[str, Any]] = []
            if first:
                first = False
                blocks.append({"type": "thinking", "thinking": _AMP_THINK,
                               "signature": "Eu8BCkYIBxgCKkB" + _PNG[:200]})
            blocks.append({"type": "tool_use", "id": tid, "name": {
                "read_file": "Read", "run_command": "Bash", "write_file": "create_file"}[t.name],
                "input": t.args, "complete": True})
            add("assistant", blocks, state={"type": "complete", "stopReason": "tool_use"})
            add("user", [{"type": "tool_result", "toolUseID": tid, "run": {
                "status": "done", "result": {"output": t.output, "exitCode": 0}
                if t.name == "run_command" else t.output, "progress": {}}}])
    doc = {"v": 112, "id": "T-" + ids.uuid(), "created": 1757844000000, "messages": msgs,
           "env": {"initial": {"trees": [{"displayName": "shop",
                                           "uri": "file:///home/sam/src/shop"}],
                               "platform": {"os": "linux", "client": "CLI",
                                            "clientVersion": "0.0.1757836800"}}},
           "title": "Fix Flask 3 login 500"}
    return Chat("T-" + ids.uuid() + ".json", _dump(doc), _asks(CODING), _hidden(CODING),
                unsaid=[_AMP_THINK])


def qq_txt() -> Chat:
    """QQ's "export chat history" as text: a header in Chinese between ``=`` rules (the
    group of friends, the other person), then each message a ``2024-04-20 10:02:11 Name``
    line over its words and a blank line; photos and stickers as ``[图片]`` / ``[表情]``."""
    rule = "=" * 64
    out = ["消息记录（此消息记录为文本格式，不支持重新导入）", "", rule, "消息分组:我的好友",
           rule, "消息对象:Marco", rule, ""]
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        when = f"2024-04-20 {18 + k // 5}:{(2 + 4 * k) % 60:02d}:{(11 + 7 * k) % 60:02d}"
        out += [f"{when} {'Lena' if isinstance(t, U) else 'Marco'}", t.text, ""]
        if k == 1:
            out += [f"{when} Marco", "[表情]", ""]
        if k == 2:
            out += [f"{when} Lena", "[图片]", ""]
    return Chat("Marco.txt", "\r\n".join(out) + "\r\n", _asks(ITINERARY), ["[图片]", "[表情]"])


# ---- a fifteenth pass: a CLI agent's log, an agentic IDE's chat file, a framework's saved
# team state, an agents API's entries, a gateway's spend logs and a tracer's spans, low-code
# and self-hosted assistants' APIs and exports, a router's chat room, a database dump of
# messages and a social network's direct messages

_GPTME_SYSTEM = ("You are gptme v0.27.0, a general-purpose AI assistant powered by LLMs. You "
                 "are designed to help users with programming tasks, such as writing code, "
                 "debugging, and learning new concepts.\nYou can run code, execute terminal "
                 "commands, and access the filesystem on the local machine.")


def gptme_log() -> Chat:
    """gptme's ``conversation.jsonl`` (one folder per conversation under ``logs/``): a JSON
    line per message, ``role``, ``content``, ``timestamp`` and ``files``; the agent's tool
    uses are fenced blocks in its words (```` ```shell ````, ```` ```save PATH ````) and
    each block's output comes back as a ``system`` message ("Ran command: …"), the prompt
    and the workspace's files ``pinned`` / ``hide``."""
    lines: list[dict[str, Any]] = [
        {"role": "system", "content": _GPTME_SYSTEM, "timestamp": "2025-03-02T14:10:03.118204",
         "pinned": True, "hide": True},
        {"role": "system", "content": "# Workspace Context\n\nSelected files from project:\n\n"
         "```README.md\n# shop\nA small Flask shop.\n```", "timestamp":
         "2025-03-02T14:10:03.118901", "pinned": True, "hide": True}]
    hidden: list[str] = [_GPTME_SYSTEM]
    sec = 10
    for t in CODING:
        sec += 7
        when = f"2025-03-02T14:{sec // 60 + 10:02d}:{sec % 60:02d}.{sec * 3571 % 999999:06d}"
        if isinstance(t, U):
            lines.append({"role": "user", "content": t.text, "timestamp": when})
        elif isinstance(t, A):
            lines.append({"role": "assistant", "content": t.text, "timestamp": when})
        else:
            if t.name == "write_file":
                block, done = (f"```save {t.args['path']}\n{t.args['content']}\n```",
                               f"Saved to {t.args['path']}")
            else:
                cmd = t.args.get("command") or f"cat {t.args['path']}"
                block = f"```shell\n{cmd}\n```"
                done = (f"Ran command: `{cmd}`\n\n```stdout\n{t.output}\n```\n\n"
                        f"Return code: {1 if 'FAILED' in t.output else 0}")
            lines.append({"role": "assistant", "content": f"Let me run this.\n\n{block}",
                          "timestamp": when})
            lines.append({"role": "system", "content": done, "timestamp": when})
            hidden.append(done)
    return Chat("conversation.jsonl", _lines(lines), _asks(CODING), hidden + _hidden(CODING))


_KIRO_IDENTITY = ("# Identity\nYou are Kiro, an AI assistant and IDE built to assist "
                  "developers.\n\nWhen users ask about Kiro, respond with information about "
                  "yourself in first person.\n\n# Capabilities\n- Knowledge about the user's "
                  "system context, like operating system and current directory\n- Recommend "
                  "edits to the local file system and code provided in input")


def kiro_chat() -> Chat:
    """An agentic IDE's ``.chat`` file (Kiro's, under ``.kiro``'s workspace storage):
    ``{executionId, actionId, context, validations, chat, metadata}`` — the ``chat``
    turns with roles ``human`` / ``bot`` / ``tool``, the system prompt the first ``human``
    turn answered "I will follow these instructions.", the steering files as context."""
    ids = _Ids("kiro")
    chat: list[dict[str, Any]] = [
        {"role": "human", "content": _KIRO_IDENTITY},
        {"role": "bot", "content": "I will follow these instructions."}]
    for t in CODING:
        if isinstance(t, U):
            chat.append({"role": "human", "content": t.text})
        elif isinstance(t, A):
            chat.append({"role": "bot", "content": t.text})
        else:
            chat.append({"role": "bot", "content": f"I'll call {t.name}.\n\n<tool_use "
                         f"name=\"{t.name}\">{json.dumps(t.args)}</tool_use>"})
            chat.append({"role": "tool", "content": t.output})
    doc = {"executionId": ids.uuid(), "actionId": "act",
           "context": [{"type": "steering", "id": "file:///home/sam/src/shop/.kiro/steering/"
                        "product.md"},
                       {"type": "fileTree", "target": 500, "expandedPaths": ["app"]}],
           "validations": {"editsToFileContainsErrors": [], "editsToFileContainsWarnings": []},
           "chat": chat,
           "metadata": {"modelId": "CLAUDE_SONNET_4_20250514_V1_0", "modelProvider":
                        "qdev", "workflow": "act", "workflowId": ids.uuid(),
                        "startTime": 1753692011871, "endTime": 1753692164410}}
    return Chat(ids.hex(32) + ".chat", _dump(doc), _asks(CODING),
                [_KIRO_IDENTITY, *_hidden(CODING)])


def autogen_team_state() -> Chat:
    """AutoGen AgentChat's (0.4+) ``await team.save_state()`` saved as JSON: a ``TeamState``
    whose ``agent_states`` hold the group chat manager's ``message_thread`` (``source``
    ``user`` or the agent, ``type`` ``TextMessage`` / ``ToolCallRequestEvent`` /
    ``ToolCallExecutionEvent`` / ``ToolCallSummaryMessage``) and, a second time, the agent's
    model context (``UserMessage`` / ``AssistantMessage`` / ``FunctionExecutionResultMessage``)."""
    ids = _Ids("autogen-state")
    thread: list[dict[str, Any]] = []
    context: list[dict[str, Any]] = [{"content": SYSTEM, "type": "SystemMessage"}]
    usage = {"prompt_tokens": 911, "completion_tokens": 41}
    for k, t in enumerate(CODING):
        when = f"2025-04-11T09:{12 + k:02d}:{(k * 17) % 60:02d}.{ids.r.randint(100000, 999999)}Z"
        if isinstance(t, U):
            thread.append({"id": ids.uuid(), "source": "user", "models_usage": None,
                           "metadata": {}, "created_at": when, "content": t.text,
                           "type": "TextMessage"})
            context.append({"content": t.text, "source": "user", "type": "UserMessage"})
        elif isinstance(t, A):
            thread.append({"id": ids.uuid(), "source": "coder", "models_usage": usage,
                           "metadata": {}, "created_at": when, "content": t.text,
                           "type": "TextMessage"})
            context.append({"content": t.text, "thought": None, "source": "coder",
                            "type": "AssistantMessage"})
        else:
            call = {"id": "call_" + ids.hex(12), "arguments": json.dumps(t.args),
                    "name": t.name}
            res = {"content": t.output, "name": t.name, "call_id": call["id"],
                   "is_error": False}
            thread += [{"id": ids.uuid(), "source": "coder", "models_usage": usage,
                        "metadata": {}, "created_at": when, "content": [call],
                        "type": "ToolCallRequestEvent"},
                       {"id": ids.uuid(), "source": "coder", "models_usage": None,
                        "metadata": {}, "created_at": when, "content": [res],
                        "type": "ToolCallExecutionEvent"}]
            context += [{"content": [call], "thought": None, "source": "coder",
                         "type": "AssistantMessage"},
                        {"content": [res], "type": "FunctionExecutionResultMessage"}]
    manager = "RoundRobinGroupChatManager_" + ids.uuid()
    doc = {"type": "TeamState", "version": "1.0.0", "agent_states": {
        manager: {"type": "RoundRobinManagerState", "version": "1.0.0",
                  "message_thread": thread, "current_turn": 0, "next_speaker_index": 0},
        "coder_" + ids.uuid(): {"type": "ChatAgentContainerState", "version": "1.0.0",
                                "agent_state": {"type": "AssistantAgentState",
                                                "version": "1.0.0",
                                                "llm_context": {"messages": context}},
                                "message_buffer": []}}}
    return Chat("team_state.json", _dump(doc), _asks(CODING), _hidden(CODING))


_SEARCHED = ("Where to stay in Lisbon: Baixa and Chiado are central and well lit; Alfama is "
             "charming but steep and quiet at night.")


def mistral_conversation() -> Chat:
    """Mistral's Agents API ``GET /v1/conversations/{id}/history``: ``entries`` of typed
    objects — ``message.input`` (the person's words), ``tool.execution`` (a web search's
    name and arguments) and ``message.output`` whose ``content`` is a list of ``text`` and
    ``tool_reference`` chunks (the sources cited between the words)."""
    ids = _Ids("mistral")
    entries: list[dict[str, Any]] = []
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        when = f"2025-05-27T10:{k:02d}:{(11 * k) % 60:02d}.{ids.r.randint(100000, 999999)}Z"
        if isinstance(t, U):
            entries.append({"object": "entry", "type": "message.input", "created_at": when,
                            "completed_at": None, "id": "msg_" + ids.hex(32),
                            "role": "user", "content": t.text, "prefix": False})
            continue
        content: list[dict[str, Any]] = [{"type": "text", "text": t.text}]
        if k == 3:
            entries.append({"object": "entry", "type": "tool.execution", "created_at": when,
                            "completed_at": when, "id": "tool_exec_" + ids.hex(32),
                            "name": "web_search", "arguments": json.dumps(
                                {"query": "best neighbourhood Lisbon late arrival"}),
                            "info": {}})
            content.append({"type": "tool_reference", "tool": "web_search",
                            "title": "Where to stay in Lisbon", "url":
                            "https://www.visitlisboa.com/en/where-to-stay", "favicon": None,
                            "description": _SEARCHED})
        entries.append({"object": "entry", "type": "message.output", "created_at": when,
                        "completed_at": when, "id": "msg_" + ids.hex(32),
                        "agent_id": "ag_" + ids.hex(32), "model": "mistral-medium-2505",
                        "role": "assistant", "content": content})
    doc = {"object": "conversation.history", "conversation_id": "conv_" + ids.hex(32),
           "entries": entries}
    return Chat("conversation_history.json", _dump(doc), _asks(ITINERARY), [_SEARCHED])


def litellm_spend_logs() -> Chat:
    """A LiteLLM proxy's ``GET /spend/logs`` (the ``LiteLLM_SpendLogs`` table): a row per
    call with the key's hash, spend and tokens, the ``messages`` sent (the whole history so
    far), the ``response`` (a chat completion) and the proxy's metadata."""
    ids = _Ids("litellm")
    history: list[dict[str, Any]] = [{"role": "system", "content": _FLY_SYSTEM}]
    rows: list[dict[str, Any]] = []
    key = ids.hex(64)
    k = 0
    for t in SUPPORT:
        if isinstance(t, U):
            history.append({"role": "user", "content": t.text})
            continue
        assert isinstance(t, A)
        start = f"2024-11-03T16:{4 * k:02d}:{21 + k:02d}.{ids.r.randint(100000, 999999)}"
        rid = "chatcmpl-" + ids.hex(15)
        rows.append({"request_id": rid, "call_type": "acompletion", "api_key": key,
                     "spend": round(0.000215 + 0.00009 * k, 7), "total_tokens": 190 + 75 * k,
                     "prompt_tokens": 141 + 75 * k, "completion_tokens": 49,
                     "startTime": start + "Z", "endTime": start[:-3] + "913Z",
                     "completionStartTime": start[:-3] + "402Z", "model": "gpt-4o-mini",
                     "model_id": ids.hex(32), "model_group": "gpt-4o-mini",
                     "custom_llm_provider": "openai", "api_base": "https://api.openai.com/v1",
                     "user": "default_user_id", "metadata": {
                         "user_api_key": key, "user_api_key_alias": "support-bot",
                         "user_api_key_team_id": None, "user_api_key_user_id":
                         "default_user_id", "status": "success", "additional_usage_values": {
                             "completion_tokens_details": None,
                             "prompt_tokens_details": {"cached_tokens": 0}}},
                     "cache_hit": "False", "cache_key": "Cache OFF", "request_tags": [],
                     "team_id": "", "end_user": "", "requester_ip_address": "10.0.3.17",
                     "messages": [dict(m) for m in history],
                     "response": _chat_completion(ids, t.text, k),
                     "session_id": ids.uuid(), "status": "success",
                     "proxy_server_request": {}})
        history.append({"role": "assistant", "content": t.text})
        k += 1
    return Chat("spend_logs.json", _dump(rows), _asks(SUPPORT), [_FLY_SYSTEM])


def _otlp(key: str, value: Any) -> dict[str, Any]:
    kind = "intValue" if isinstance(value, int) else "stringValue"
    return {"key": key, "value": {kind: str(value) if kind == "intValue" else value}}


def openllmetry_otlp() -> Chat:
    """OpenLLMetry (Traceloop) spans written by an OpenTelemetry collector's file exporter:
    a JSON line of ``resourceSpans`` per batch, each chat call a span whose attributes hold
    the messages flattened by index (``gen_ai.prompt.N.role`` / ``.content``,
    ``gen_ai.completion.0.content``) beside the model, the tokens and the workflow's name."""
    ids = _Ids("otlp")
    trace = ids.hex(32)
    history: list[tuple[str, str]] = [("system", _FLY_SYSTEM)]
    out: list[dict[str, Any]] = []
    k = 0
    for t in SUPPORT:
        if isinstance(t, U):
            history.append(("user", t.text))
            continue
        assert isinstance(t, A)
        start = 1730649861000000000 + k * 240_000_000_000
        attrs = [_otlp("llm.request.type", "chat"), _otlp("gen_ai.system", "openai"),
                 _otlp("gen_ai.request.model", "gpt-4o-mini"),
                 _otlp("gen_ai.request.temperature", "0.3"),
                 _otlp("llm.headers", "None"), _otlp("llm.is_streaming", "false"),
                 _otlp("gen_ai.openai.api_base", "https://api.openai.com/v1/"),
                 _otlp("traceloop.workflow.name", "support_chat")]
        for n, (role, words) in enumerate(history):
            attrs += [_otlp(f"gen_ai.prompt.{n}.role", role),
                      _otlp(f"gen_ai.prompt.{n}.content", words)]
        attrs += [_otlp("gen_ai.response.model", "gpt-4o-mini-2024-07-18"),
                  _otlp("llm.usage.total_tokens", 190 + 75 * k),
                  _otlp("gen_ai.usage.completion_tokens", 49),
                  _otlp("gen_ai.usage.prompt_tokens", 141 + 75 * k),
                  _otlp("gen_ai.completion.0.finish_reason", "stop"),
                  _otlp("gen_ai.completion.0.role", "assistant"),
                  _otlp("gen_ai.completion.0.content", t.text)]
        span = {"traceId": trace, "spanId": ids.hex(16), "parentSpanId": ids.hex(16),
                "flags": 256, "name": "openai.chat", "kind": 3,
                "startTimeUnixNano": str(start), "endTimeUnixNano": str(start + 1_912_000_000),
                "attributes": attrs, "status": {}}
        out.append({"resourceSpans": [{"resource": {"attributes": [
            _otlp("service.name", "support-bot"), _otlp("telemetry.sdk.language", "python"),
            _otlp("telemetry.sdk.name", "opentelemetry"),
            _otlp("telemetry.sdk.version", "1.27.0")]},
            "scopeSpans": [{"scope": {"name": "opentelemetry.instrumentation.openai.v1",
                                      "version": "0.33.9"}, "spans": [span]}]}]})
        history.append(("assistant", t.text))
        k += 1
    return Chat("traces.json", _lines(out), _asks(SUPPORT), [_FLY_SYSTEM])


_FLOWISE_DOC = ("fly.toml reference: [http_service] internal_port is the port your app "
                "listens on; health checks are sent to 0.0.0.0 on that port.")


def flowise_messages() -> Chat:
    """Flowise's ``GET /api/v1/chatmessage/{chatflowid}``: a record per message, ``role``
    ``userMessage`` or ``apiMessage``, the chat flow's and session's ids, and on the
    answers the retrieved ``sourceDocuments`` and ``usedTools`` as JSON strings."""
    ids = _Ids("flowise")
    flow, chat_id = ids.uuid(), ids.uuid()
    rows: list[dict[str, Any]] = []
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        row: dict[str, Any] = {
            "id": ids.uuid(), "role": "userMessage" if isinstance(t, U) else "apiMessage",
            "chatflowid": flow, "content": t.text, "sourceDocuments": None, "usedTools": None,
            "fileAnnotations": None, "agentReasoning": None, "fileUploads": None,
            "artifacts": None, "action": None, "chatType": "EXTERNAL", "chatId": chat_id,
            "memoryType": "Buffer Window Memory", "sessionId": chat_id,
            "createdDate": f"2024-08-19T07:{10 + k:02d}:{(k * 19) % 60:02d}.000Z",
            "leadEmail": None, "followUpPrompts": None}
        if isinstance(t, A) and k == 1:
            row["sourceDocuments"] = json.dumps([{"pageContent": _FLOWISE_DOC, "metadata": {
                "source": "https://fly.io/docs/reference/configuration/", "loc": {
                    "lines": {"from": 212, "to": 219}}}}])
            row["usedTools"] = json.dumps([{"tool": "fly_docs_retriever", "toolInput": {
                "input": "health check timed out 8080"}, "toolOutput": _FLOWISE_DOC}])
        rows.append(row)
    return Chat("chatmessages.json", _dump(rows), _asks(SUPPORT), [_FLOWISE_DOC])


_KHOJ_NOTE = ("* Lisbon\n** Restaurants\n- Taberna da Rua das Flores, no bookings, go early\n"
              "- O Velho Eurico for petiscos")


def khoj_export() -> Chat:
    """Khoj's conversation export: ``conversations`` each with a ``conversation_log`` whose
    ``chat`` turns are told by ``by`` — ``you`` or ``khoj`` — the answers carrying the notes
    they used (``context``), web results (``onlineContext``), the ``intent`` with its
    inferred queries and a ``trainOfThought``."""
    chat: list[dict[str, Any]] = []
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        when = f"2024-05-02 10:{3 * k:02d}:{(k * 23) % 60:02d}"
        if isinstance(t, U):
            chat.append({"by": "you", "message": t.text, "created": when, "images": None,
                         "queryFiles": None})
            continue
        chat.append({"by": "khoj", "message": t.text, "context": [
            {"compiled": _KHOJ_NOTE, "file": "/home/ana/notes/travel.org", "query": None}]
            if k == 1 else [], "onlineContext": {}, "codeContext": {}, "created": when,
            "images": None, "queryFiles": None, "intent": {
                "type": "remember", "query": chat[-1]["message"], "memory-type": "notes",
                "inferred-queries": ["Lisbon travel notes"]},
            "automationId": "", "trainOfThought": [
                {"type": "thought", "data": "**Searching Documents for:** Lisbon travel notes"}]})
    doc = {"conversations": [{"title": "Lisbon in May", "agent": "Khoj",
                              "created_at": "2024-05-02 10:00:12",
                              "updated_at": "2024-05-02 10:15:41",
                              "conversation_log": {"chat": chat}, "file_filters": []}]}
    return Chat("khoj_conversations_2024-05-02.json", _dump(doc), _asks(ITINERARY),
                [_KHOJ_NOTE])


def dify_messages() -> Chat:
    """Dify's ``GET /v1/messages?conversation_id=…``: ``{limit, has_more, data}`` — each
    record an exchange (the person's ``query`` and the app's ``answer``) linked to the one
    before by ``parent_message_id``, an uploaded photo in ``message_files``, retrieved
    segments in ``retriever_resources``."""
    ids = _Ids("dify")
    conv = ids.uuid()
    data: list[dict[str, Any]] = []
    script = [t for t in BILL if isinstance(t, U | A)]
    parent = None
    for k in range(0, len(script), 2):
        ask, ans = script[k], script[k + 1]
        assert isinstance(ask, U)
        mid = ids.uuid()
        data.append({
            "id": mid, "conversation_id": conv, "parent_message_id": parent, "inputs": {},
            "query": ask.text, "answer": ans.text,
            "message_files": [{"id": ids.uuid(), "type": "image", "url":
                               f"https://upload.dify.ai/files/{ids.uuid()}/file-preview?"
                               f"timestamp=1717410000&nonce={ids.hex(32)}&sign={_PNG[:43]}",
                               "belongs_to": "user"}] if ask.image else [],
            "feedback": None, "retriever_resources": [{
                "position": 1, "dataset_id": ids.uuid(), "dataset_name": "tariffs",
                "document_id": ids.uuid(), "document_name": "tariffs-2024.pdf",
                "segment_id": ids.uuid(), "score": 0.71,
                "content": "Night tariff (23:00-07:00): 16.8 ct/kWh from 1 March 2024."}]
            if k == 2 else [], "agent_thoughts": [], "created_at": 1717410000 + 90 * k,
            "status": "normal", "error": None})
        parent = mid
    doc = {"limit": 20, "has_more": False, "data": data}
    return Chat("messages.json", _dump(doc), _asks(BILL),
                ["Night tariff (23:00-07:00): 16.8 ct/kWh from 1 March 2024."])


def openrouter_room() -> Chat:
    """OpenRouter's chat room export (``orpg`` JSON): the models taking part as
    ``characters`` keyed by id, the ``messages`` a map keyed by id whose speaker is a
    ``characterId`` (``USER`` for the person, a character's id for a model), a CSV
    attached as a data URL of base64."""
    ids = _Ids("openrouter")
    char = "char-" + str(1721290000000 + ids.r.randint(0, 99999)) + "-" + ids.hex(20)
    msgs: dict[str, Any] = {}
    for k, t in enumerate(SALES):
        assert isinstance(t, U | A)
        mid = "msg-" + str(1721290400000 + 60000 * k) + "-" + ids.hex(20)
        when = f"2024-07-18T08:{13 + k:02d}:{(k * 7) % 60:02d}.{ids.r.randint(100, 999)}Z"
        mine = isinstance(t, U)
        msg: dict[str, Any] = {
            "characterId": "USER" if mine else char, "content": t.text,
            "contentType": "text", "context": "main", "id": mid, "updatedAt": when,
            "isRetrying": False, "isEdited": False, "isCollapsed": False}
        if mine and isinstance(t, U) and t.attach:
            data = base64.b64encode(t.attach[1].encode()).decode()
            msg["attachments"] = [{"type": "file", "name": t.attach[0],
                                   "content": f"data:text/csv;base64,{data}",
                                   "size": len(t.attach[1])}]
        if not mine:
            msg["metadata"] = {"tokensCount": 88 + 11 * k, "tokensPerSecond": 61.4,
                               "cost": "0.00134", "provider": "OpenAI",
                               "variant": "standard", "latency": 612}
        msgs[mid] = msg
    doc = {"version": "orpg.1.0", "title": "Quarterly sales",
           "characters": {char: {"id": char, "model": "openai/gpt-4o-2024-11-20",
                                 "modelInfo": {"slug": "openai/gpt-4o-2024-11-20",
                                               "name": "OpenAI: GPT-4o (2024-11-20)",
                                               "context_length": 128000},
                                 "description": "", "includeDefaultSystemPrompt": True,
                                 "isStreaming": True, "samplingParameters": {},
                                 "chatMemory": 8, "isDisabled": False, "plugins": [],
                                 "createdAt": "2024-07-18T08:12:58.204Z",
                                 "updatedAt": "2024-07-18T08:12:58.204Z"}},
           "messages": msgs}
    return Chat("OpenRouter Chat Fri Jul 18 2024.json", _dump(doc), _asks(SALES),
                [SALES_CSV])


def librechat_mongo() -> Chat:
    """LibreChat's ``messages`` collection dumped by ``mongoexport``: a JSON line per
    message in extended JSON (``{"$oid"}``, ``{"$date"}``), ``sender`` the person's label
    ``User`` or the model's, ``isCreatedByUser``, each linked to the one it follows by
    ``parentMessageId`` (the first to the zero id), a regenerated answer a second child of
    the same ask."""
    ids = _Ids("librechat-mongo")
    conv, user = ids.uuid(), ids.hex(24)
    rows: list[dict[str, Any]] = []
    parent = "00000000-0000-0000-0000-000000000000"
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        mine = isinstance(t, U)
        when = f"2024-05-02T09:{2 * k:02d}:{(k * 29) % 60:02d}.{ids.r.randint(100, 999)}Z"

        def row(text: str, when: str = when, mine: bool = mine, parent: str = parent
                ) -> dict[str, Any]:
            r: dict[str, Any] = {
                "_id": {"$oid": ids.hex(24)}, "messageId": ids.uuid(), "__v": 0,
                "conversationId": conv, "createdAt": {"$date": when}, "endpoint": "openAI",
                "error": False, "isCreatedByUser": mine, "model": None if mine else "gpt-4o",
                "parentMessageId": parent, "sender": "User" if mine else "GPT-4o",
                "text": text, "tokenCount": len(text) // 4, "unfinished": False,
                "updatedAt": {"$date": when}, "user": user}
            if not mine:
                r["finish_reason"] = "stop"
            return r

        if k == 3:
            rows.append(row("Alfama, for the atmosphere, though the streets are steep."))
        r = row(t.text)
        rows.append(r)
        parent = r["messageId"]
    return Chat("messages.json", _lines(rows), _asks(ITINERARY))


def bluesky_dm() -> Chat:
    """Bluesky's ``chat.bsky.convo.getMessages``: ``{cursor, messages}`` newest first,
    each a ``messageView`` with ``text``, ``facets`` (a link's byte span), the ``sender``
    only a DID, ``sentAt`` and ``rev``; a deleted message a ``deletedMessageView`` with no
    words."""
    ids = _Ids("bluesky")
    me, them = "did:plc:" + ids.hex(12)[:24], "did:plc:" + ids.hex(12)[:24]
    msgs: list[dict[str, Any]] = []
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        rev = "222" + ids.hex(10)
        view: dict[str, Any] = {
            "$type": "chat.bsky.convo.defs#messageView", "id": "3l" + ids.hex(11),
            "rev": rev, "text": t.text,
            "sender": {"did": me if isinstance(t, U) else them},
            "sentAt": f"2024-10-07T19:{5 + 3 * k:02d}:{(k * 31) % 60:02d}.{ids.r.randint(100, 999)}Z"}
        if "fly.toml" in t.text:
            view["facets"] = [{"$type": "app.bsky.richtext.facet", "index": {
                "byteStart": t.text.index("fly.toml"), "byteEnd": t.text.index("fly.toml") + 8},
                "features": [{"$type": "app.bsky.richtext.facet#link",
                              "uri": "https://fly.io/docs/reference/configuration/"}]}]
        msgs.append(view)
        if k == 2:
            msgs.append({"$type": "chat.bsky.convo.defs#deletedMessageView",
                         "id": "3l" + ids.hex(11), "rev": "222" + ids.hex(10),
                         "sender": {"did": me}, "sentAt": view["sentAt"]})
    msgs.reverse()
    return Chat("convo.json", _dump({"cursor": "222" + ids.hex(10), "messages": msgs}),
                _asks(SUPPORT), _answers(SUPPORT))


_ROO_ENV = ("<environment_details>\n# VSCode Visible Files\napp/views.py\n\n# VSCode Open Tabs\n"
            "app/views.py,tests/test_login.py\n\n# Current Time\nCurrent time in ISO 8601 UTC "
            "format: 2025-03-11T09:14:52.118Z\nUser time zone: Europe/Berlin, UTC+1:00\n\n"
            "# Current Cost\n$0.04\n\n# Current Mode\n<slug>code</slug>\n<name>💻 Code</name>\n"
            "<model>anthropic/claude-3.7-sonnet</model>\n</environment_details>")


def roo_code() -> Chat:
    """Roo Code's ``api_conversation_history.json``: Anthropic messages with a ``ts``; the
    task in ``<task>`` beside a screenshot as a base64 image block, tool calls as XML in the
    assistant's text, each result handed back as the *user's* turn (``[read_file for
    'app/views.py'] Result:`` over ``<file><content lines=…>``, ``<file_write_result>``),
    environment details after every user turn, a later ask as ``<answer>`` to a follow-up
    question and the last as ``<feedback>``."""
    msgs: list[dict[str, Any]] = []
    ts = 1741684492118
    user: list[dict[str, Any]] = []

    def flush() -> None:
        nonlocal user, ts
        if user:
            ts += 4211
            msgs.append({"role": "user", "content": [*user, {"type": "text",
                                                             "text": _ROO_ENV}], "ts": ts})
            user = []

    asks = 0
    for t in CODING:
        if isinstance(t, U):
            asks += 1
            if asks == 1:
                user = [{"type": "text", "text": f"<task>\n{t.text}\n</task>"},
                        {"type": "image", "source": {"type": "base64", "media_type":
                                                     "image/png", "data": _PNG}}]
            elif asks == 2:
                user = [{"type": "text", "text": "[ask_followup_question for 'Should I "
                         "apply the fix?'] Result:"},
                        {"type": "text", "text": f"<answer>\n{t.text}\n</answer>"}]
            else:
                user = [{"type": "text", "text": "[attempt_completion] Result:"},
                        {"type": "text", "text": "The user has provided feedback on the "
                         "results. Consider their input to continue the task, and then "
                         f"attempt completion again.\n<feedback>\n{t.text}\n</feedback>"}]
        elif isinstance(t, A):
            flush()
            ts += 9120
            tag = "ask_followup_question" if asks == 1 else "attempt_completion"
            inner = (f"<question>{t.text} Should I apply the fix?</question>"
                     if asks == 1 else f"<result>\n{t.text}\n</result>")
            msgs.append({"role": "assistant", "content": [{"type": "text", "text":
                         f"<thinking>\nI can report back now.\n</thinking>\n\n<{tag}>\n"
                         f"{inner}\n</{tag}>"}], "ts": ts})
        else:
            flush()
            ts += 7350
            xml = "".join(f"<{k}>{v}</{k}>\n" for k, v in t.args.items())
            msgs.append({"role": "assistant", "content": [{"type": "text", "text":
                         f"<thinking>\nI'll use {t.name} next.\n</thinking>\n\n"
                         f"<{t.name}>\n{xml}</{t.name}>"}], "ts": ts})
            arg = next(iter(t.args.values()))
            if t.name == "read_file":
                body = (f"<file><path>{arg}</path>\n<content lines=\"1-9\">\n" + "\n".join(
                    f"{n + 1} | {line}" for n, line in enumerate(t.output.splitlines()))
                    + "\n</content>\n</file>")
            elif t.name == "write_file":
                body = (f"<file_write_result>\n<path>{arg}</path>\n<operation>modified"
                        "</operation>\n<notice>\n<i>You do not need to re-read the file, as "
                        "you have seen all changes</i>\n</notice>\n</file_write_result>")
            else:
                body = (f"Command executed in terminal  within working directory "
                        f"'/home/dev/shop'. Exit code: 0\nOutput:\n{t.output}")
            name = {"write_file": "write_to_file", "run_command": "execute_command"}.get(
                t.name, t.name)
            user = [{"type": "text", "text": f"[{name} for '{arg}'] Result:"},
                    {"type": "text", "text": body}]
    flush()
    return Chat("api_conversation_history.json", _dump(msgs), _asks(CODING),
                [*_hidden(CODING), _ROO_ENV], every_ask=True)


def computer_use() -> Chat:
    """Anthropic's computer-use demo's saved messages: the tools ``bash`` and
    ``str_replace_editor`` called in ``tool_use`` blocks, each result a ``tool_result``
    block in a ``user`` message — a screenshot's base64 PNG beside the output, an error's
    ``is_error`` — and the person's words a plain string."""
    ids = _Ids("computer-use")
    msgs: list[dict[str, Any]] = []
    pending: list[dict[str, Any]] = []
    for k, t in enumerate(CODING):
        if isinstance(t, U):
            if pending:
                msgs.append({"role": "user", "content": pending})
                pending = []
            msgs.append({"role": "user", "content": t.text})
        elif isinstance(t, A):
            if pending:
                msgs.append({"role": "user", "content": pending})
                pending = []
            msgs.append({"role": "assistant", "content": [
                {"type": "text", "text": t.text, "citations": None}]})
        else:
            if pending:
                msgs.append({"role": "user", "content": pending})
                pending = []
            tid = "toolu_01" + ids.hex(11)
            if t.name == "run_command":
                name, args = "bash", {"command": t.args["command"]}
            elif t.name == "read_file":
                name, args = "str_replace_editor", {"command": "view",
                                                     "path": "/home/computeruse/" + t.args["path"]}
            else:
                name, args = "str_replace_editor", {
                    "command": "create", "path": "/home/computeruse/" + t.args["path"],
                    "file_text": t.args["content"]}
            msgs.append({"role": "assistant", "content": [
                {"type": "text", "text": f"Let me use {name}.", "citations": None},
                {"type": "tool_use", "id": tid, "name": name, "input": args}]})
            block: dict[str, Any] = {"type": "tool_result", "tool_use_id": tid,
                                     "is_error": False,
                                     "content": [{"type": "text", "text": t.output}]}
            if k == 2:
                block["content"].append({"type": "image", "source": {
                    "type": "base64", "media_type": "image/png", "data": _PNG}})
            pending = [block]
    if pending:
        msgs.append({"role": "user", "content": pending})
    return Chat("messages.json", _dump(msgs), _asks(CODING), _hidden(CODING))


_SWE_SYSTEM = ("SETTING: You are an autonomous programmer, and you're working directly in the "
               "command line with a special interface.")


def swe_agent_traj() -> Chat:
    """SWE-agent's ``.traj``: ``trajectory`` steps (``thought``, ``action``,
    ``observation``) and the ``history`` the model saw — a ``system_prompt``, the issue
    handed over as the ``user``'s ``<pr_description>``, and every command's output sent back
    as a ``user`` message typed ``observation`` — then ``info`` with the patch."""
    task = _asks(CODING)[0]
    hist: list[dict[str, Any]] = [
        {"role": "system", "content": _SWE_SYSTEM, "agent": "primary",
         "message_type": "system_prompt"},
        {"role": "user", "content": "<uploaded_files>\n/shop\n</uploaded_files>\nI've uploaded "
         "a python code repository in the directory /shop. Consider the following PR "
         f"description:\n\n<pr_description>\n{task}\n</pr_description>\n\nCan you help me "
         "implement the necessary changes to the repository so that the requirements "
         "specified in the <pr_description> are met?",
         "agent": "primary", "message_type": "observation"}]
    traj: list[dict[str, Any]] = []
    thought = ""
    for t in CODING[1:]:
        if isinstance(t, U):
            break
        if isinstance(t, A):
            thought = t.text
            continue
        action = (f"open {t.args['path']}" if t.name == "read_file"
                  else t.args.get("command", f"create {t.args.get('path', '')}"))
        hist.append({"role": "assistant", "content": f"DISCUSSION\n{thought}\n\n```\n{action}"
                     "\n```", "thought": thought, "action": action, "agent": "primary",
                     "message_type": "action"})
        obs = f"{t.output}\n(Open file: /shop/app/views.py)\n(Current directory: /shop)\nbash-$"
        hist.append({"role": "user", "content": obs, "agent": "primary",
                     "message_type": "observation"})
        traj.append({"action": action, "observation": t.output, "response": thought,
                     "thought": thought, "execution_time": 0.41, "state": {
                         "open_file": "/shop/app/views.py", "working_dir": "/shop"}})
    doc = {"environment": "swe_main", "trajectory": traj, "history": hist, "info": {
        "exit_status": "submitted", "submission": "diff --git a/app/views.py b/app/views.py",
        "model_stats": {"total_cost": 0.21, "instance_cost": 0.21, "tokens_sent": 18203,
                        "tokens_received": 611, "api_calls": 4}},
           "replay_config": json.dumps({"agent": {"model": {"name": "gpt-4o"}}})}
    return Chat("shop__shop-412.traj", _dump(doc), [task],
                [*_hidden(CODING)[:2], _SWE_SYSTEM])


def chainlit_thread() -> Chat:
    """A Chainlit thread from its data layer: ``steps`` of kinds ``user_message`` /
    ``assistant_message`` beside ``run`` steps whose ``tool`` and ``llm`` children point to
    them by ``parentId`` (the words in ``input`` / ``output``), an image the person sent as
    an ``elements`` entry."""
    ids = _Ids("chainlit")
    thread = ids.uuid()
    steps: list[dict[str, Any]] = []
    elements: list[dict[str, Any]] = []
    last_user = None
    for k, t in enumerate(BILL):
        assert isinstance(t, U | A)
        when = f"2024-06-03T14:{10 + k:02d}:{(k * 13) % 60:02d}.{ids.r.randint(100, 999)}Z"
        sid = ids.uuid()
        base = {"id": sid, "threadId": thread, "createdAt": when, "start": when, "end": when,
                "streaming": False, "waitForAnswer": None, "isError": False, "metadata": {},
                "tags": None, "generation": None, "showInput": None, "language": None,
                "indent": None, "feedback": None, "defaultOpen": False}
        if isinstance(t, U):
            steps.append({**base, "name": "ana@example.org", "type": "user_message",
                          "parentId": None, "input": "", "output": t.text})
            last_user = sid
            if t.image:
                elements.append({"id": ids.uuid(), "threadId": thread, "type": "image",
                                 "chainlitKey": None, "url": f"data:image/png;base64,{_PNG}",
                                 "objectKey": None, "name": "bill_march.png",
                                 "display": "inline", "size": None, "language": None,
                                 "page": None, "forId": sid, "mime": "image/png"})
            continue
        run = ids.uuid()
        steps.append({**base, "id": run, "name": "on_message", "type": "run",
                      "parentId": last_user, "input": "", "output": ""})
        steps.append({**base, "id": ids.uuid(), "name": "ChatOpenAI", "type": "llm",
                      "parentId": run, "input": json.dumps({"prompts": ["…"]}),
                      "output": t.text, "generation": {"provider": "openai",
                                                       "model": "gpt-4o-mini"}})
        steps.append({**base, "name": "Assistant", "type": "assistant_message",
                      "parentId": run, "input": "", "output": t.text})
    doc = {"id": thread, "createdAt": "2024-06-03T14:10:00.000Z", "name": _asks(BILL)[0][:50],
           "userId": ids.uuid(), "userIdentifier": "ana@example.org", "tags": [],
           "metadata": {"chat_profile": "default"}, "steps": steps, "elements": elements}
    return Chat("thread.json", _dump(doc), _asks(BILL))


def msty_tree() -> Chat:
    """A desktop client's conversation export whose messages form a tree: each message
    names its ``parentId`` and its ``childrenIds``, two answers regenerated (three and two
    siblings of one ask, the shown one under ``activeChildId``), the model's name as the
    speaker beside ``role``."""
    ids = _Ids("msty")
    msgs: list[dict[str, Any]] = []
    parent: dict[str, Any] | None = None
    extra = {1: ["Mostly the rate rose: about 40 percent of the difference is price.",
                 "Usage went up sharply; check whether a heater ran all month."],
             3: ["Around 40 euros a year, assuming you run each machine four times a week."]}
    for k, t in enumerate(BILL):
        assert isinstance(t, U | A)
        mine = isinstance(t, U)
        texts = [*extra.get(k, []), t.text]
        made = []
        for n, text in enumerate(texts):
            m: dict[str, Any] = {
                "id": ids.uuid(), "parentId": parent["id"] if parent else None,
                "childrenIds": [], "role": "user" if mine else "assistant",
                "model": None if mine else "llama3.1:8b", "content": text,
                "createdAt": 1718000000000 + 60000 * k + 1000 * n, "attachments": []}
            if mine and isinstance(t, U) and t.image:
                m["attachments"] = [{"type": "image", "name": "bill.png",
                                     "data": f"data:image/png;base64,{_PNG}"}]
            made.append(m)
            if parent:
                parent["childrenIds"].append(m["id"])
        for m in made:
            msgs.append(m)
        if parent:
            parent["activeChildId"] = made[-1]["id"]
        parent = made[-1]
    doc = {"exportVersion": 2, "conversations": [{"id": ids.uuid(), "title": "March bill",
                                                  "folderId": None, "messages": msgs}]}
    return Chat("msty-export.json", _dump(doc), _asks(BILL))


def langflow_messages() -> Chat:
    """Langflow's ``GET /api/v1/monitor/messages``: a record per message whose ``sender``
    is ``User`` or ``Machine`` and ``sender_name`` ``User`` or ``AI``, ``text``, the flow's
    and session's ids, ``files``, ``properties`` with the component that sent it."""
    ids = _Ids("langflow")
    flow, session = ids.uuid(), ids.uuid()
    rows: list[dict[str, Any]] = []
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        mine = isinstance(t, U)
        rows.append({
            "id": ids.uuid(), "flow_id": flow,
            "timestamp": f"2024-11-05 08:{12 + k:02d}:{(k * 17) % 60:02d} UTC",
            "sender": "User" if mine else "Machine", "sender_name": "User" if mine else "AI",
            "session_id": session, "text": t.text, "files": [], "edit": False,
            "properties": {"text_color": "", "background_color": "", "edited": False,
                           "source": {"id": ("ChatInput-" if mine else "ChatOutput-")
                                      + ids.hex(5), "display_name": "Chat Input" if mine
                                      else "Chat Output", "source": None if mine
                                      else "gpt-4o-mini"},
                           "icon": "", "allow_markdown": False, "positive_feedback": None,
                           "state": "complete", "targets": []},
            "category": "message", "content_blocks": []})
    return Chat("messages.json", _dump(rows), _asks(ITINERARY))


def botpress_messages() -> Chat:
    """Botpress Cloud's ``listMessages``: ``{messages, meta}`` newest first, each told
    only by its ``direction`` (``incoming`` from the person, ``outgoing`` from the bot) and
    a ``payload`` typed ``text`` or ``choice`` (the bot's buttons)."""
    ids = _Ids("botpress")
    conv, person, bot = ids.uuid(), ids.uuid(), ids.uuid()
    out: list[dict[str, Any]] = []
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        mine = isinstance(t, U)
        when = f"2024-09-12T16:{20 + k:02d}:{(k * 11) % 60:02d}.{ids.r.randint(100, 999)}Z"
        payload: dict[str, Any] = {"text": t.text}
        kind = "text"
        if not mine and k == 5:
            kind = "choice"
            payload = {"text": t.text, "options": [{"label": "Thanks!", "value": "thanks"},
                                                    {"label": "Talk to a human",
                                                     "value": "handoff"}]}
        out.append({"id": ids.uuid(), "createdAt": when, "updatedAt": when, "type": kind,
                    "payload": payload, "direction": "incoming" if mine else "outgoing",
                    "userId": person if mine else bot, "conversationId": conv, "tags": {}})
    out.reverse()
    return Chat("messages.json", _dump({"messages": out, "meta": {"nextToken": None}}),
                _asks(SUPPORT), _answers(SUPPORT))


def page_assist() -> Chat:
    """Page Assist's (a browser front end for local models) export: ``chats`` each a
    ``history`` record and its ``messages`` — ``role``, ``content``, the model's ``name``,
    ``images`` as data URLs, ``sources`` of a web search — beside ``prompts`` and
    ``knowledge``."""
    ids = _Ids("page-assist")
    chats = []
    for title, script in (("Electricity bill", BILL), ("Quarterly sales", SALES)):
        hid = ids.uuid()
        msgs = []
        for k, t in enumerate(script):
            assert isinstance(t, U | A)
            mine = isinstance(t, U)
            text = t.text
            msgs.append({"id": ids.uuid(), "history_id": hid,
                         "name": "You" if mine else "llama3.2-vision:11b",
                         "role": "user" if mine else "assistant", "content": text,
                         "images": [f"data:image/jpeg;base64,{_PNG}"]
                         if mine and isinstance(t, U) and t.image else [],
                         "createdAt": 1730000000000 + 45000 * k, "messageType": "",
                         "sources": [], "search": {}, "generationInfo": None if mine else {
                             "model": "llama3.2-vision:11b", "total_duration": 8123456789,
                             "eval_count": 214}})
        chats.append({"history": {"id": hid, "title": title, "is_rag": False,
                                  "message_source": "web-ui", "createdAt": 1730000000000},
                      "messages": msgs})
    doc = {"_page_assist_export": True, "version": 1, "chats": chats,
           "prompts": [{"id": ids.uuid(), "title": "Summarize", "content":
                        "Summarize the following text in three bullet points.",
                        "is_system": False}], "knowledge": []}
    return Chat("page_assist_export.json", _dump(doc), [*_asks(BILL), *_asks(SALES)])


def coze_messages() -> Chat:
    """Coze's ``GET /v1/conversation/message/list``: ``{code, data, first_id, last_id,
    has_more, msg}`` newest first, every record ``role`` user or assistant but told apart by
    ``type`` — ``question``, ``answer``, ``function_call``, ``tool_response``,
    ``follow_up``, ``verbose`` — and ``content_type`` (an image the person sent as an
    ``object_string``)."""
    ids = _Ids("coze")
    conv, bot = str(7 * 10**18 + ids.r.randint(0, 10**17)), str(7 * 10**18 + 5)
    data: list[dict[str, Any]] = []
    chat_id = ""
    for k, t in enumerate(BILL):
        assert isinstance(t, U | A)
        base = {"bot_id": bot, "conversation_id": conv, "meta_data": {}, "reasoning_content": "",
                "section_id": conv, "created_at": 1718700000 + 30 * k,
                "updated_at": 1718700000 + 30 * k}
        if isinstance(t, U):
            chat_id = ids.num()
            if t.image:
                content = json.dumps([{"type": "text", "text": t.text}, {
                    "type": "image", "file_url": "https://lf-bot-studio-plugin-resource.coze."
                    f"com/obj/bot-studio-platform-plugin-tos/{ids.hex(16)}.png"}])
                data.append({**base, "id": ids.num(), "chat_id": chat_id, "role": "user",
                             "type": "question", "content": content,
                             "content_type": "object_string"})
            else:
                data.append({**base, "id": ids.num(), "chat_id": chat_id, "role": "user",
                             "type": "question", "content": t.text, "content_type": "text"})
            continue
        if k == 1:
            data.append({**base, "id": ids.num(), "chat_id": chat_id, "role": "assistant",
                         "type": "function_call", "content_type": "text", "content":
                         json.dumps({"name": "tariff_lookup", "arguments": {"month": "2024-03"},
                                     "plugin_id": ids.num(), "api_name": "tariff_lookup"})})
            data.append({**base, "id": ids.num(), "chat_id": chat_id, "role": "assistant",
                         "type": "tool_response", "content_type": "text", "content":
                         "unit_rate_feb=24.1 unit_rate_mar=27.9 currency=ct/kWh"})
        data.append({**base, "id": ids.num(), "chat_id": chat_id, "role": "assistant",
                     "type": "answer", "content": t.text, "content_type": "text"})
        data.append({**base, "id": ids.num(), "chat_id": chat_id, "role": "assistant",
                     "type": "verbose", "content_type": "text", "content": json.dumps(
                         {"msg_type": "generate_answer_finish", "data": "",
                          "from_module": None, "from_unit": None})})
        data.append({**base, "id": ids.num(), "chat_id": chat_id, "role": "assistant",
                     "type": "follow_up", "content_type": "text",
                     "content": "How can I lower my bill next month?"})
    data.reverse()
    doc = {"code": 0, "data": data, "first_id": data[0]["id"], "last_id": data[-1]["id"],
           "has_more": False, "msg": ""}
    return Chat("messages.json", _dump(doc), _asks(BILL),
                ["unit_rate_feb=24.1 unit_rate_mar=27.9 currency=ct/kWh",
                 "How can I lower my bill next month?"])


def drift_conversation() -> Chat:
    """Drift's ``GET /conversations/{id}/messages``: ``{data: {messages}, pagination}``,
    each message's ``author`` a ``{id, type, bot}`` — ``contact`` for the person, ``user``
    for the company's agent (a bot's welcome among them) — its ``body`` HTML, ``type``
    ``chat`` or ``private_note``, and the agent's buttons as ``attributes``."""
    ids = _Ids("drift")
    conv = ids.r.randint(10**9, 2 * 10**9)
    contact, agent, bot = ids.r.randint(10**9, 9 * 10**9), ids.r.randint(10**5, 10**6), 0
    msgs: list[dict[str, Any]] = [{
        "id": "1-" + ids.hex(32), "conversationId": conv, "body": "<p>Hi there 👋 What can we "
        "help you with today?</p>", "author": {"id": bot, "type": "user", "bot": True},
        "type": "chat", "createdAt": 1726150000000,
        "buttons": [{"label": "Deploy help", "value": "deploy", "type": "reply"}]}]
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        mine = isinstance(t, U)
        msgs.append({"id": "1-" + ids.hex(32), "conversationId": conv,
                     "body": f"<p>{t.text}</p>",
                     "author": {"id": contact if mine else agent,
                                "type": "contact" if mine else "user", "bot": False},
                     "type": "chat", "createdAt": 1726150000000 + 61000 * (k + 1)})
        if k == 1:
            msgs.append({"id": "1-" + ids.hex(32), "conversationId": conv,
                         "body": "<p>Customer on the Launch plan, second ticket this week.</p>",
                         "author": {"id": agent, "type": "user", "bot": False},
                         "type": "private_note", "createdAt": 1726150000000 + 61000 * (k + 1) + 9})
    doc = {"data": {"messages": msgs}, "pagination": {"more": False}}
    return Chat("conversation_messages.json", _dump(doc), _asks(SUPPORT),
                [*_answers(SUPPORT), "Customer on the Launch plan, second ticket this week."])


# ---- a seventeenth pass: coding agents' and chat UIs' histories ---------------------------

def windsurf_md() -> Chat:
    """Windsurf's Cascade "Export conversation" Markdown: a title and a note, then ``###
    User Input`` and ``### Planner Response`` headings; the tools' work shown only as
    italic lines (``*Viewed [views.py](file:///…) *``, ``*User accepted the command
    `pytest -q`*``, ``*Edited relevant file*``) between the responses."""
    out = ["# Cascade Chat Conversation", "",
           "  Note: _This is purely the output of the chat conversation and does not contain "
           "any raw data, codebase snippets, etc. used to generate the output._", ""]
    last = ""
    for t in CODING:
        if isinstance(t, U):
            out += ["### User Input", "", t.text, ""]
            last = "user"
        elif isinstance(t, A):
            if last != "planner":
                out += ["### Planner Response", ""]
            out += [t.text, ""]
            last = "planner"
        else:
            if last != "planner":
                out += ["### Planner Response", ""]
                last = "planner"
            arg = next(iter(t.args.values()))
            line = {"read_file": f"*Viewed [{arg.rsplit('/', 1)[-1]}](file:///home/dev/shop/"
                                 f"{arg}) *",
                    "run_command": f"*User accepted the command `{arg}`*",
                    "write_file": "*Edited relevant file*"}[t.name]
            out += [line, ""]
            if t.name == "run_command":
                out += ["*Checked command status*", ""]
    return Chat("Fixing Flask 3 Login Error.md", "\n".join(out), _asks(CODING),
                [*_hidden(CODING), "This is purely the output of the chat conversation"],
                every_ask=True)


def _cline_blocks() -> list[dict[str, Any]]:
    """Cline's API history of CODING (as :func:`cline` writes it): user and assistant
    messages of text blocks, tool calls as XML, results and feedback in the user's turn."""
    return json.loads(cline().text)


def cline_task_md() -> Chat:
    """Cline's "Export task" Markdown (``cline_task_may-14-2024_10-21-07-am.md``): each
    message of the API history under ``**User:**`` or ``**Assistant:**``, its blocks' text
    joined, messages apart by ``---``; so every tool's result (``[read_file for '…']
    Result:``) and the environment details stand under ``**User:**`` beside the real asks."""
    parts = []
    for m in _cline_blocks():
        who = "**User:**" if m["role"] == "user" else "**Assistant:**"
        body = "\n".join(b["text"] if b["type"] == "text" else "[Image]" for b in m["content"])
        parts.append(f"{who}\n\n{body}\n\n")
    return Chat("cline_task_may-14-2024_10-21-07-am.md", "---\n\n".join(parts),
                _asks(CODING), [*_hidden(CODING), _ENV], every_ask=True)


_GEMINI_SETUP = ("This is the Gemini CLI. We are setting up the context for our chat.\n"
                 "Today's date is Tuesday, May 14, 2024.\nMy operating system is: linux\n"
                 "I'm currently working in the directory: /home/dev/shop\nHere is the folder "
                 "structure of the current working directories:\n\nShowing up to 200 items "
                 "(files + folders).\n\n/home/dev/shop/\n├───app/\n│   ├───__init__.py\n"
                 "│   └───views.py\n└───tests/\n    └───test_login.py")


def gemini_cli_md() -> Chat:
    """Gemini CLI's ``/chat share`` Markdown: each turn of the history under ``## USER
    🧑‍💻`` or ``## MODEL ✨``, turns apart by ``---``; the first user turn the CLI's own
    setup (date, system, folder tree) answered "Got it."; every call a ``**Tool
    Command**`` JSON block in a MODEL turn and its result a ``**Tool Response**`` JSON block
    in a USER turn."""
    ids = _Ids("gemini-share")
    turns: list[tuple[str, str]] = [("user", _GEMINI_SETUP),
                                    ("model", "Got it. Thanks for the context!")]
    for t in CODING:
        if isinstance(t, U):
            turns.append(("user", t.text))
        elif isinstance(t, A):
            turns.append(("model", t.text))
        else:
            cid = f"{t.name}-{1715675000000 + ids.r.randint(0, 10**6)}-{ids.hex(12)}"
            name = {"run_command": "run_shell_command"}.get(t.name, t.name)
            call = {"id": cid, "name": name, "args": t.args}
            resp = {"id": cid, "name": name, "response": {"output": t.output}}
            turns.append(("model", "**Tool Command**:\n```json\n"
                          + json.dumps(call, indent=2, ensure_ascii=False) + "\n```"))
            turns.append(("user", "**Tool Response**:\n```json\n"
                          + json.dumps(resp, indent=2, ensure_ascii=False) + "\n```"))
    text = "\n\n---\n\n".join(
        f"## {role.upper()} {'🧑‍💻' if role == 'user' else '✨'}\n\n{said}"
        for role, said in turns)
    return Chat("gemini-flask-login.md", text + "\n", _asks(CODING),
                [*_hidden(CODING), _GEMINI_SETUP], every_ask=True)


_ZED_CONTEXT = ("\n<context>\nThe following items were attached by the user. They are "
                "up-to-date and don't need to be re-read.\n\n<files>\n```py shop/app/views.py\n"
                "from flask import Blueprint, request, session\nbp = Blueprint('auth', "
                "__name__)\n```\n</files>\n</context>\n")


def zed_thread() -> Chat:
    """A Zed agent thread (a ``SerializedThread``, version 0.2.0): ``messages`` of ``role``
    user / assistant, the words in ``segments`` (``text``, ``thinking`` with a signature),
    the calls in ``tool_uses``, and every call's result in the *next user message's*
    ``tool_results`` (its ``segments`` empty); an attached file in the first message's
    ``context``; token usage and the project's snapshot beside them."""
    ids = _Ids("zed-thread")
    msgs: list[dict[str, Any]] = []
    k = 0

    def msg(role: str, segs: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
        nonlocal k
        m = {"id": k, "role": role, "segments": segs, "tool_uses": [], "tool_results": [],
             "context": "", "creases": [], "is_hidden": False}
        m.update(kw)
        k += 1
        msgs.append(m)
        return m

    first = True
    for t in CODING:
        if isinstance(t, U):
            m = msg("user", [{"type": "text", "text": t.text}])
            if first:
                m["context"] = _ZED_CONTEXT
                m["creases"] = [{"start": 0, "end": 14, "icon_path": "icons/file_icons/"
                                 "python.svg", "label": "views.py"}]
                first = False
        elif isinstance(t, A):
            msg("assistant", [{"type": "thinking", "text": _THINK,
                               "signature": "Eo8BCkYIBBgCKkB" + ids.hex(40)},
                              {"type": "text", "text": t.text}])
        else:
            tid = "toolu_01" + ids.hex(22)
            name = {"run_command": "terminal", "write_file": "edit_file"}.get(t.name, t.name)
            msg("assistant", [{"type": "text", "text": ""}],
                tool_uses=[{"id": tid, "name": name, "input": {
                    **{("path" if a == "path" else a): v for a, v in t.args.items()},
                    **({"cd": "shop"} if t.name == "run_command" else {})}}])
            msg("user", [], tool_results=[{"tool_use_id": tid, "is_error": False,
                                           "content": t.output, "output": None}])
    doc = {"version": "0.2.0", "summary": "Flask 3 login 500 fix",
           "updated_at": "2025-05-14T08:21:07.118244Z", "messages": msgs,
           "initial_project_snapshot": {"worktree_snapshots": [{
               "worktree_path": "/home/dev/shop", "git_state": {
                   "remote_url": "git@github.com:dev/shop.git", "head_sha": ids.hex(40),
                   "current_branch": "main", "diff": ""}}],
               "unsaved_buffer_paths": [], "timestamp": "2025-05-14T08:19:55.002Z"},
           "cumulative_token_usage": {"input_tokens": 18211, "output_tokens": 2209,
                                      "cache_creation_input_tokens": 0,
                                      "cache_read_input_tokens": 14012},
           "request_token_usage": [], "detailed_summary_state": "NotGenerated",
           "exceeded_window_error": None, "model": {"provider": "zed.dev",
                                                    "model": "claude-sonnet-4"},
           "completion_mode": "normal", "tool_use_limit_reached": False, "profile": "write"}
    return Chat("thread.json", _dump(doc), _asks(CODING),
                [*_hidden(CODING), _ZED_CONTEXT], unsaid=[_THINK], every_ask=True)


def void_threads() -> Chat:
    """Void's chat threads as the editor stores them (``void.chatThreadStorageII``):
    ``allThreads`` keyed by id, each ``messages`` of ``role`` user (``content`` the words
    with the selected code appended, ``displayContent`` the words alone), assistant
    (``displayContent``, ``reasoning``), tool (``type`` success, ``name``, ``params``,
    ``content`` its output, ``rawParams``) and checkpoint (a file's snapshot) records."""
    ids = _Ids("void")
    tid = ids.uuid()
    msgs: list[dict[str, Any]] = []
    first = True
    for t in CODING:
        if isinstance(t, U):
            content = t.text
            sels: list[dict[str, Any]] = []
            if first:
                content += ("\n\nSELECTIONS\n/home/dev/shop/app/views.py:\n```python\n"
                            + CODING[2].output + "\n```")  # type: ignore[union-attr]
                sels = [{"type": "File", "uri": {"$mid": 1, "fsPath": "/home/dev/shop/app/"
                         "views.py", "path": "/home/dev/shop/app/views.py", "scheme": "file"},
                         "language": "python", "state": {"wasAddedAsCurrentFile": True}}]
                first = False
            msgs.append({"role": "user", "content": content, "displayContent": t.text,
                         "selections": sels, "state": {"stagingSelections": [],
                                                       "isBeingEdited": False}})
        elif isinstance(t, A):
            msgs.append({"role": "assistant", "displayContent": t.text, "reasoning": "",
                         "anthropicReasoning": None})
        else:
            name = {"run_command": "run_command", "write_file": "edit_file"}.get(t.name,
                                                                                 t.name)
            arg = next(iter(t.args.values()))
            raw = {"uri": f"/home/dev/shop/{arg}"} if "path" in t.args else {"command": arg}
            msgs.append({"role": "assistant", "displayContent": "", "reasoning": "",
                         "anthropicReasoning": None})
            msgs.append({"role": "tool", "type": "success", "name": name,
                         "params": raw, "content": t.output,
                         "result": {"result": t.output, "resolveReason": {"type": "done",
                                                                           "exitCode": 0}}
                         if t.name == "run_command" else {"fileContents": t.output,
                                                          "totalFileLen": len(t.output)},
                         "id": "toolu_01" + ids.hex(22), "rawParams": raw})
            if t.name == "write_file":
                msgs.append({"role": "checkpoint", "type": "tool_edit",
                             "voidFileSnapshotOfURI": {f"file:///home/dev/shop/{arg}": {
                                 "snapshottedDiffAreaOfId": {}, "entireFileCode":
                                 t.args["content"]}}, "userModifications": {
                                     "voidFileSnapshotOfURI": {}}})
    doc = {"allThreads": {tid: {"id": tid, "createdAt": "2025-05-14T08:19:55.002Z",
                                "lastModified": "2025-05-14T08:27:41.310Z",
                                "messages": msgs, "filesWithUserChanges": [],
                                "state": {"currCheckpointIdx": None, "stagingSelections": [],
                                          "focusedMessageIdx": None,
                                          "linksOfMessageIdx": {}}}}}
    return Chat("void.chatThreadStorageII.json", _dump(doc), _asks(CODING),
                _hidden(CODING), every_ask=True)


def avante_history() -> Chat:
    """avante.nvim's history file (``~/.local/state/nvim/avante/history/<project>/*.json``):
    ``title``, ``timestamp``, then ``messages`` each wrapping an Anthropic-style
    ``message`` (``role``, ``content`` a string or blocks) beside ``uuid``, ``turn_id``,
    ``state``, ``is_user_submission``, the files selected; every ``tool_use`` block's
    result a ``tool_result`` block in a ``user`` message that is no submission."""
    ids = _Ids("avante")
    msgs: list[dict[str, Any]] = []
    clock = 9 * 3600 + 14 * 60 + 52
    turn = ids.uuid()

    def add(role: str, content: Any, submitted: bool = False) -> None:
        nonlocal clock
        clock += 7
        msgs.append({"message": {"role": role, "content": content},
                     "timestamp": f"2025-03-11 {clock // 3600:02d}:{clock // 60 % 60:02d}:"
                                  f"{clock % 60:02d}", "state": "generated",
                     "uuid": ids.uuid(), "turn_id": turn, "is_user_submission": submitted,
                     "visible": True, "displayed_content": None,
                     "selected_filepaths": ["app/views.py"] if submitted else None,
                     "provider": "claude", "model": "claude-3-7-sonnet-20250219",
                     "original_content": content if isinstance(content, str) else None})

    for t in CODING:
        if isinstance(t, U):
            turn = ids.uuid()
            add("user", t.text, submitted=True)
        elif isinstance(t, A):
            add("assistant", [{"type": "text", "text": t.text}])
        else:
            tid = "toolu_01" + ids.hex(22)
            name = {"read_file": "view", "run_command": "bash", "write_file": "str_replace"
                    }[t.name]
            add("assistant", [{"type": "tool_use", "id": tid, "name": name,
                               "input": t.args}])
            add("user", [{"type": "tool_result", "tool_use_id": tid, "content": t.output,
                          "is_error": False}])
    doc = {"title": "Flask 3 login 500", "timestamp": "2025-03-11 09:14:52",
           "filename": "2025_03_11_09_14_52.json", "messages": msgs, "todos": [],
           "memory": None, "tokens_usage": {"prompt_tokens": 18211,
                                            "completion_tokens": 2209}}
    return Chat("2025_03_11_09_14_52.json", _dump(doc), _asks(CODING), _hidden(CODING),
                every_ask=True)


def codecompanion_md() -> Chat:
    """A CodeCompanion.nvim chat buffer saved as Markdown: ``## Me`` over the person's
    words (a ``> Context:`` quote of the buffers shared first), ``## CodeCompanion
    (Anthropic)`` over the answer, each tool's output in the answer's section as a bold
    line (``**`read_file` Tool**: …``) over a fenced block."""
    out: list[str] = []
    last = ""
    first = True
    for t in CODING:
        if isinstance(t, U):
            out += ["## Me", ""]
            if first:
                out += ["> Context:", "> - <buf>app/views.py</buf>", "> - <tool>files</tool>",
                        ""]
                first = False
            out += [t.text, ""]
            last = "me"
        else:
            if last != "llm":
                out += ["## CodeCompanion (Anthropic)", ""]
                last = "llm"
            if isinstance(t, A):
                out += [t.text, ""]
            elif t.name == "run_command":
                out += [f"**`cmd_runner` Tool**: The output from the command "
                        f"`{t.args['command']}` was:", "", "```txt", t.output, "```", ""]
            elif t.name == "read_file":
                out += [f"**`read_file` Tool**: Lines 1-9 of `{t.args['path']}`:", "",
                        "```python", t.output, "```", ""]
            else:
                out += [f"**`insert_edit_into_file` Tool**: Edited `{t.args['path']}`", ""]
    out += ["## Me", "", ""]
    return Chat("codecompanion_flask_login.md", "\n".join(out), _asks(CODING),
                _hidden(CODING), every_ask=True)


_GP_HEAD = ("- file: 2024-05-14.10-21-07.123.md\n- model: {\"model\":\"gpt-4o\",\"temperature\""
            ":1.1,\"top_p\":1}\n- role: You are a general AI assistant.\n\nWrite your queries "
            "after 💬:. Use `<C-g><C-g>` or :GpChatRespond to generate a response.\nResponse "
            "generation can be terminated by using `<C-g>s` or :GpChatStop command.\nChats are "
            "saved automatically. To delete this chat, use `<C-g>d` or :GpChatDelete.\nBe "
            "cautious of very long chats. Start a fresh chat by using `<C-g>c` or "
            ":GpChatNew.\n\n---\n")


def gp_nvim_chat() -> Chat:
    """A gp.nvim chat file (``~/.local/share/nvim/gp/chats/*.md``): ``# topic:`` over the
    chat's settings as list items and the plugin's usage note, then the person's turns
    after a line ``💬:`` and the model's after ``🤖:[ChatGPT4o]``."""
    out = ["# topic: Fly.io deploy health check and release command", "", _GP_HEAD]
    for t in SUPPORT:
        assert isinstance(t, U | A)
        out += ["💬:" if isinstance(t, U) else "🤖:[ChatGPT4o]", t.text, ""]
    out += ["💬:", ""]
    return Chat("2024-05-14.10-21-07.123.md", "\n".join(out), _asks(SUPPORT),
                [_GP_HEAD, *_answers(SUPPORT)], every_ask=True)


# ---- an eighteenth pass: the long tail of JSON histories of unknown schemas --------------

_POE_SYSTEM = ("You are DataHelper, a Poe bot that reads spreadsheets. Answer with short "
               "paragraphs and code in fenced blocks.")


def poe_query() -> Chat:
    """A Poe server bot's logged ``QueryRequest`` (the protocol's ``type`` ``query``): the
    whole conversation under ``query``, each message with ``role`` ``system`` / ``user`` /
    ``bot``, ``content_type``, a ``timestamp`` in microseconds, ``feedback`` and
    ``attachments`` whose ``parsed_content`` is the attached file's text; the newest ask
    last, not yet answered."""
    ids = _Ids("poe")
    stamp = 1717412340000000
    query: list[dict[str, Any]] = [{
        "role": "system", "content": _POE_SYSTEM, "content_type": "text/markdown",
        "timestamp": stamp, "message_id": "", "feedback": [], "attachments": [],
        "metadata": None}]
    for k, t in enumerate(SALES[:-1]):
        assert isinstance(t, U | A)
        stamp += 41_000_000 + 1_000 * ids.r.randint(0, 999)
        att = []
        if isinstance(t, U) and t.attach:
            att = [{"url": f"https://pfst.cf2.poecdn.net/base/text/{ids.hex(40)}"
                           f"?pmaid={ids.r.randint(10**8, 10**9)}",
                    "content_type": "text/csv", "name": t.attach[0],
                    "inline_ref": None, "parsed_content": t.attach[1]}]
        query.append({"role": "user" if isinstance(t, U) else "bot", "content": t.text,
                      "content_type": "text/markdown", "timestamp": stamp,
                      "message_id": "m-000000" + ids.hex(18),
                      "feedback": [{"type": "like", "reason": None}] if k == 1 else [],
                      "attachments": att, "metadata": None})
    doc = {"version": "1.1", "type": "query", "query": query,
           "user_id": "u-000000" + ids.hex(18), "conversation_id": "c-000000" + ids.hex(18),
           "message_id": "m-000000" + ids.hex(18), "metadata": "",
           "api_key": "<missing>", "access_key": "<missing>", "temperature": 0.35,
           "skip_system_prompt": False, "logit_bias": {}, "stop_sequences": [],
           "language_code": "en", "adopt_current_bot_name": None,
           "bot_query_id": ids.uuid(), "users": [], "tools": None, "tool_calls": None,
           "tool_results": None}
    return Chat("poe_query.json", _dump(doc), _asks(SALES), [*_hidden(SALES), _POE_SYSTEM],
                every_ask=True)


_BCG_SYSTEM = ("You are ChatGPT, a large language model trained by OpenAI.\nCarefully heed "
               "the user's instructions.\nRespond using Markdown.")


def betterchatgpt() -> Chat:
    """BetterChatGPT's export (``{chats, folders, version}``): each chat's ``messages`` a
    list of ``role`` and ``content`` parts (``text`` / ``image_url`` with the image as a
    base64 data URL), the app's default system message first, the chat's model ``config``
    after its messages, folders as a map keyed by id."""
    ids = _Ids("betterchatgpt")
    folder = ids.uuid()
    chats = []
    for script, title in ((BILL, "March electricity bill"), (ITINERARY, "Lisbon in May")):
        msgs: list[dict[str, Any]] = [{"role": "system",
                                       "content": [{"type": "text", "text": _BCG_SYSTEM}]}]
        for t in script:
            assert isinstance(t, U | A)
            parts: list[dict[str, Any]] = [{"type": "text", "text": t.text}]
            if isinstance(t, U) and t.image:
                parts.append({"type": "image_url", "image_url": {
                    "url": f"data:image/png;base64,{_PNG}", "detail": "auto"}})
            msgs.append({"role": "user" if isinstance(t, U) else "assistant",
                         "content": parts})
        chats.append({"id": ids.uuid(), "title": title, "messages": msgs,
                      "config": {"model": "gpt-4o", "max_tokens": 4096, "temperature": 1,
                                 "presence_penalty": 0, "top_p": 1, "frequency_penalty": 0},
                      "titleSet": True, "imageDetail": "auto",
                      **({"folder": folder} if script is BILL else {})})
    doc = {"chats": chats, "folders": {folder: {"id": folder, "name": "Home",
                                                "expanded": True, "order": 0,
                                                "color": "#be123c"}}, "version": 1}
    return Chat("export.json", _dump(doc), [*_asks(BILL), *_asks(ITINERARY)],
                unsaid=[], every_ask=True)


_DUST_DOCS = ["fly.toml reference: internal_port is the port your app listens on inside "
              "the machine; health checks reach it on 0.0.0.0.",
              "Release commands run in a temporary Machine before a deploy rolls out; a "
              "non-zero exit stops the deploy.",
              "Autostop/autostart: min_machines_running keeps that many Machines running in "
              "the primary region."]


def dust_conversation() -> Chat:
    """Dust's ``GET …/assistant/conversations/{cId}``: ``conversation.content`` a list of
    versions lists (a retried answer's failed version beside the good one), messages typed
    ``user_message`` / ``agent_message``, the answer naming its ask by
    ``parentMessageId``, retrieval ``actions`` whose documents carry the found chunks."""
    ids = _Ids("dust")
    person = {"sId": ids.hex(10), "id": 4821, "createdAt": 1709211120000,
              "username": "ana", "email": "ana@example.org", "firstName": "Ana",
              "lastName": "Silva", "fullName": "Ana Silva", "image": None}
    content: list[list[dict[str, Any]]] = []
    clock = 1717412400000
    parent = ""
    k = 0
    for t in SUPPORT:
        assert isinstance(t, U | A)
        clock += 37000 + ids.r.randint(0, 9999)
        if isinstance(t, U):
            parent = ids.hex(10)
            content.append([{"id": 90110 + len(content), "created": clock,
                             "type": "user_message", "sId": parent, "visibility": "visible",
                             "version": 0, "user": person,
                             "mentions": [{"configurationId": "dust"}], "content": t.text,
                             "context": {"username": "ana", "timezone": "Europe/Lisbon",
                                         "fullName": "Ana Silva", "email": "ana@example.org",
                                         "profilePictureUrl": None, "origin": "web"}}])
            continue
        doc_ref = {"documentId": f"fly-docs-{ids.hex(6)}", "reference": f"{k:02d}",
                   "score": round(0.71 + 0.05 * k, 2), "sourceUrl":
                   "https://fly.io/docs/reference/configuration/", "tags": ["docs"],
                   "timestamp": 1716000000000, "dataSourceView": None,
                   "chunks": [{"text": _DUST_DOCS[k], "offset": 0, "score": 0.8}]}
        base = {"type": "agent_message", "sId": ids.hex(10), "visibility": "visible",
                "parentMessageId": parent,
                "configuration": {"sId": "dust", "name": "dust", "pictureUrl":
                                  "https://dust.tt/static/systemavatar/dust_avatar_full.png",
                                  "status": "active", "scope": "global"},
                "skipToolsValidation": False}
        versions = []
        if k == 1:
            versions.append({**base, "id": 90200 + k, "created": clock, "version": 0,
                             "status": "failed", "actions": [], "content": None,
                             "chainOfThought": None, "rawContents": [],
                             "error": {"code": "model_error", "message":
                                       "Error generating agent message: rate limited"}})
        versions.append({**base, "id": 90300 + k, "created": clock + 2100,
                         "version": len(versions), "status": "succeeded",
                         "actions": [{"id": 7700 + k, "type": "retrieval_action",
                                      "params": {"query": "fly.io " + ["health check port",
                                                 "release command", "keep machine running"][k],
                                                 "relativeTimeFrame": None, "topK": 16},
                                      "functionCallId": "call_" + ids.hex(12),
                                      "functionCallName": "search_data_sources",
                                      "step": 0, "documents": [doc_ref]}],
                         "content": t.text, "chainOfThought": None,
                         "rawContents": [{"step": 0, "content": t.text}], "error": None})
        content.append(versions)
        k += 1
    doc = {"conversation": {"id": 30411, "created": 1717412400000, "sId": ids.hex(10),
                            "owner": {"id": 12, "sId": ids.hex(10), "name": "Acme",
                                      "role": "user", "segmentation": None},
                            "title": "Fly.io health check failing", "visibility": "unlisted",
                            "depth": 0, "requestedGroupIds": [], "content": content}}
    return Chat("conversation.json", _dump(doc), _asks(SUPPORT), list(_DUST_DOCS),
                every_ask=True)


def _phoenix_span(name: str, kind: str, parent: str | None, sid: str, *, trace: str,
                  when: tuple[str, str], attrs: dict[str, Any]) -> dict[str, Any]:
    """One span as a row of Phoenix's data frame: flat columns, attributes prefixed."""
    cols: dict[str, Any] = {
        "name": name, "span_kind": kind, "parent_id": parent, "start_time": when[0],
        "end_time": when[1], "status_code": "OK", "status_message": "", "events": [],
        "context.span_id": sid, "context.trace_id": trace,
        "attributes.openinference.span.kind": kind}
    cols.update({f"attributes.{key}": v for key, v in attrs.items()})
    return cols


def phoenix_spans() -> Chat:
    """Arize Phoenix's spans saved as JSON lines (its spans data frame, ``orient="records"``):
    flat dotted column names, a span per line as each ends (the LLM and retriever spans
    before the chain that holds them); ``attributes.llm.input_messages`` the history so far
    as ``message.role`` / ``message.content`` records, the retriever's documents as
    ``document.content``, the chain's ``input.value`` the ask."""
    ids = _Ids("phoenix")
    history: list[dict[str, Any]] = [{"message.role": "system", "message.content": _PLANNER}]
    rows: list[dict[str, Any]] = []
    k = 0
    for t in ITINERARY:
        if isinstance(t, U):
            history.append({"message.role": "user", "message.content": t.text})
            continue
        assert isinstance(t, A)
        trace, root = ids.hex(32), ids.hex(16)
        ask = history[-1]["message.content"]
        t0 = f"2024-05-02T14:{4 * k:02d}:{10 + k:02d}.{ids.r.randint(100000, 999999)}+00:00"
        t1 = f"2024-05-02T14:{4 * k:02d}:{13 + k:02d}.{ids.r.randint(100000, 999999)}+00:00"
        span = functools.partial(_phoenix_span, trace=trace, when=(t0, t1))
        rows.append(span("ChatOpenAI", "LLM", root, ids.hex(16), attrs={
            "llm.input_messages": [dict(m) for m in history],
            "llm.output_messages": [{"message.role": "assistant", "message.content": t.text}],
            "llm.model_name": "gpt-4o-mini", "llm.invocation_parameters":
                json.dumps({"model": "gpt-4o-mini", "temperature": 0.2}),
            "llm.token_count.prompt": 230 + 95 * k, "llm.token_count.completion": 61,
            "llm.token_count.total": 291 + 95 * k, "input.mime_type": "application/json",
            "output.mime_type": "application/json"}))
        rows.append(span("VectorStoreRetriever", "RETRIEVER", root, ids.hex(16), attrs={
            "input.value": ask, "retrieval.documents": [
                {"document.id": ids.hex(8), "document.content": _DOCS[k],
                 "document.score": 0.82, "document.metadata": {"source": "notes.md"}}]}))
        rows.append(span("RunnableSequence", "CHAIN", None, root, attrs={
            "input.value": ask, "input.mime_type": "text/plain", "output.value": t.text,
            "output.mime_type": "text/plain", "session.id": "lisbon-trip"}))
        history.append({"message.role": "assistant", "message.content": t.text})
        k += 1
    return Chat("spans.jsonl", _lines(rows), _asks(ITINERARY), list(_DOCS),
                unsaid=[_PLANNER], every_ask=True)


def agnai_chat() -> Chat:
    """An Agnaistic chat export: the character's ``greeting``, ``scenario`` and
    ``sampleChat`` over ``messages`` that name no role — the character's carry a
    ``characterId``, the person's a ``userId`` and a ``handle`` — each message's words in
    ``msg``, a regenerated reply's other takes in ``retries``."""
    ids = _Ids("agnai")
    char, user, chat = ids.uuid(), ids.uuid(), ids.uuid()
    msgs = []
    for k, t in enumerate(TAVERN):
        assert isinstance(t, U | A)
        when = f"2024-03-09T21:{14 + 2 * k:02d}:{(k * 17) % 60:02d}.{ids.r.randint(100, 999)}Z"
        m: dict[str, Any] = {"_id": ids.uuid(), "kind": "chat-message", "chatId": chat,
                             "msg": t.text, "createdAt": when, "updatedAt": when}
        if isinstance(t, U):
            m.update({"userId": user, "handle": "Rowan"})
        else:
            m.update({"characterId": char, "adapter": "openrouter",
                      "meta": {"ctx": 2048 + 310 * k}})
            if k == 2:
                m["retries"] = ["*She taps the board.* Last room's in the attic. Two silver "
                                "and breakfast."]
        msgs.append(m)
    doc = {"name": "Exported", "greeting": TAVERN[0].text,
           "sampleChat": "{{user}}: Evening.\n{{char}}: *Mira nods without looking up.* "
                         "Evening. Boots off the bench.",
           "scenario": "A roadside inn at the foot of a mountain pass, during a storm.",
           "messages": msgs}
    return Chat("Exported.json", _dump(doc), _asks(TAVERN), [], every_ask=True)


def risu_chat() -> Chat:
    """A RisuAI chat export (``{"type": "risuChat", "ver": 1, "data": chat}``): the chat's
    ``message`` list with ``role`` ``user`` / ``char`` and the words in ``data``, the
    character's id as ``saying``, ``generationInfo`` on replies, the long-term memory's
    compressed summary in ``supaMemoryData`` and a ``note`` beside them."""
    ids = _Ids("risu")
    char = ids.uuid()
    msgs = []
    clock = 1710019440000
    for t in TAVERN[1:]:
        assert isinstance(t, U | A)
        clock += 52000 + ids.r.randint(0, 20000)
        m: dict[str, Any] = {"role": "user" if isinstance(t, U) else "char", "data": t.text,
                             "time": clock, "chatId": ids.uuid()}
        if isinstance(t, A):
            m.update({"saying": char, "generationInfo": {
                "model": "openrouter/mistralai/mistral-nemo", "generationId": ids.hex(12),
                "inputTokens": 1431, "outputTokens": 57, "maxContext": 8192}})
        msgs.append(m)
    memory = base64.b64encode(("Rowan arrived at Mira's inn during a storm and asked about "
                               "a room. " * 6).encode()).decode()
    doc = {"type": "risuChat", "ver": 1, "data": {
        "message": msgs, "note": "Mira knows more about the mill than she says.",
        "name": "Storm at the inn", "localLore": [], "sdData": None,
        "supaMemoryData": memory, "lastMemory": "", "suggestMessages": [],
        "isStreaming": False, "scriptstate": {}, "modules": [], "id": ids.uuid(),
        "fmIndex": -1, "bindedPersona": ""}}
    return Chat("Storm_at_the_inn.json", _dump(doc), _asks(TAVERN), [memory], every_ask=True)


def langgraph_state() -> Chat:
    """A LangGraph server's ``GET /threads/{id}/state``: ``values.messages`` as LangChain
    dumps them (``type`` ``human`` / ``ai`` / ``tool``, ``tool_calls`` on the model's turns,
    each tool's output a ``tool`` message naming its ``tool_call_id``), then ``next``,
    ``tasks``, the checkpoint's ``metadata`` (whose ``writes`` repeat the last answer) and
    its ids."""
    ids = _Ids("langgraph")
    thread, run = ids.uuid(), ids.uuid()
    msgs: list[dict[str, Any]] = []
    step = 0
    for t in CODING:
        step += 1
        if isinstance(t, U):
            msgs.append({"content": t.text, "additional_kwargs": {}, "response_metadata": {},
                         "type": "human", "name": None, "id": ids.uuid(), "example": False})
        elif isinstance(t, A):
            msgs.append({"content": t.text, "additional_kwargs": {"refusal": None},
                         "response_metadata": {"finish_reason": "stop",
                                               "model_name": "gpt-4o-2024-08-06",
                                               "system_fingerprint": "fp_" + ids.hex(10)},
                         "type": "ai", "name": None, "id": f"run-{ids.uuid()}-0",
                         "example": False, "tool_calls": [], "invalid_tool_calls": [],
                         "usage_metadata": {"input_tokens": 900 + 60 * step,
                                            "output_tokens": 80, "total_tokens":
                                            980 + 60 * step}})
        else:
            cid = "call_" + ids.hex(12)
            msgs.append({"content": "", "additional_kwargs": {"tool_calls": [{
                "id": cid, "function": {"arguments": json.dumps(t.args), "name": t.name},
                "type": "function"}], "refusal": None},
                "response_metadata": {"finish_reason": "tool_calls",
                                      "model_name": "gpt-4o-2024-08-06"},
                "type": "ai", "name": None, "id": f"run-{ids.uuid()}-0", "example": False,
                "tool_calls": [{"name": t.name, "args": t.args, "id": cid,
                                "type": "tool_call"}], "invalid_tool_calls": [],
                "usage_metadata": None})
            msgs.append({"content": t.output, "additional_kwargs": {},
                         "response_metadata": {}, "type": "tool", "name": t.name,
                         "id": ids.uuid(), "tool_call_id": cid, "artifact": None,
                         "status": "success"})
    doc = {"values": {"messages": msgs}, "next": [], "tasks": [],
           "metadata": {"step": step, "source": "loop", "writes": {"agent": {
               "messages": [msgs[-1]]}}, "parents": {}, "graph_id": "agent",
               "assistant_id": ids.uuid(), "thread_id": thread, "run_id": run,
               "user_id": "", "created_by": "system", "run_attempt": 1,
               "langgraph_version": "0.2.61"},
           "created_at": "2025-01-14T10:22:31.418220+00:00",
           "checkpoint": {"checkpoint_id": ids.uuid(), "thread_id": thread,
                          "checkpoint_ns": ""},
           "parent_checkpoint": {"checkpoint_id": ids.uuid(), "thread_id": thread,
                                 "checkpoint_ns": ""},
           "checkpoint_id": ids.uuid(), "parent_checkpoint_id": ids.uuid()}
    return Chat("thread_state.json", _dump(doc), _asks(CODING), _hidden(CODING),
                every_ask=True)


def openai_conversation_items() -> Chat:
    """The OpenAI Conversations API's ``GET /v1/conversations/{id}/items`` (``order``
    ``desc`` by default, so newest first): ``message`` items whose parts are
    ``input_text`` / ``input_file`` (the attached CSV as ``file_data``, a base64 data URL)
    / ``output_text``, ``reasoning`` items with encrypted content, a page's ``first_id`` /
    ``last_id`` / ``has_more``."""
    ids = _Ids("conversations")
    items: list[dict[str, Any]] = []
    for t in SALES:
        assert isinstance(t, U | A)
        if isinstance(t, U):
            parts: list[dict[str, Any]] = []
            if t.attach:
                data = base64.b64encode(t.attach[1].encode()).decode()
                parts.append({"type": "input_file", "file_id": None, "filename": t.attach[0],
                              "file_data": f"data:text/csv;base64,{data}"})
            parts.append({"type": "input_text", "text": t.text})
            items.append({"id": "msg_" + ids.hex(48), "type": "message",
                          "status": "completed", "content": parts, "role": "user"})
            continue
        items.append({"id": "rs_" + ids.hex(48), "type": "reasoning", "summary": [],
                      "encrypted_content": "gAAAAA" + base64.b64encode(
                          ids.r.randbytes(180)).decode()})
        items.append({"id": "msg_" + ids.hex(48), "type": "message", "status": "completed",
                      "content": [{"type": "output_text", "annotations": [], "logprobs": [],
                                   "text": t.text}], "role": "assistant"})
    items.reverse()
    doc = {"object": "list", "data": items, "first_id": items[0]["id"],
           "last_id": items[-1]["id"], "has_more": False}
    return Chat("conversation_items.json", _dump(doc), _asks(SALES), _hidden(SALES),
                every_ask=True)


# ---- a nineteenth pass: the last pass's weak spots, then eight more strangers -------------

def dust_words_first() -> Chat:
    """Dust's conversation as another client writes it back: each answer's ``content`` (and
    its ``rawContents``) before its ``actions`` — the same messages with their keys in
    another order."""
    base = dust_conversation()
    doc = json.loads(base.text)
    order = ("type", "sId", "id", "created", "version", "status", "content", "rawContents",
             "chainOfThought", "error", "actions")
    for versions in doc["conversation"]["content"]:
        for k, m in enumerate(versions):
            if m["type"] == "agent_message":
                versions[k] = {**{key: m[key] for key in order if key in m},
                               **{key: v for key, v in m.items() if key not in order}}
    return Chat("conversation.json", _dump(doc), base.asks, base.hidden, every_ask=True)


_AGNAI_RETRIES = {2: ["*She taps the board with a knuckle.* Attic room's all that's left. "
                      "Two coppers short of a bargain, mind the leak.",
                      "*She laughs.* You're in luck, the bishop's clerk never turned up. "
                      "His room is yours for four silver."],
                  4: ["*She lowers her voice.* The caravan guards drink here. They say a "
                      "wolf pack took the mules."]}


def agnai_retries() -> Chat:
    """Agnaistic's chat export with two regenerated replies: each reply's ``msg`` the take
    shown, the others in ``retries`` (never said in the chat)."""
    base = agnai_chat()
    doc = json.loads(base.text)
    for k, takes in _AGNAI_RETRIES.items():
        doc["messages"][k]["retries"] = takes
    unsaid = [s for takes in _AGNAI_RETRIES.values() for t in takes
              for s in [t.split("* ", 1)[1]]]
    return Chat("Exported.json", _dump(doc), base.asks, [], unsaid=unsaid, every_ask=True)


_DSPY_SYSTEM = ("Your input fields are:\n1. `history` (History)\n2. `question` (str)\n"
                "Your output fields are:\n1. `reasoning` (str)\n2. `answer` (str)\n"
                "All interactions will be structured in the following way, with the "
                "appropriate values filled in.\n\n[[ ## history ## ]]\n{history}\n\n"
                "[[ ## question ## ]]\n{question}\n\n[[ ## reasoning ## ]]\n{reasoning}\n\n"
                "[[ ## answer ## ]]\n{answer}\n\n[[ ## completed ## ]]\n"
                "In adhering to this structure, your objective is: \n"
                "        Answer the traveller's question about their trip.")
_DSPY_TAIL = ("Respond with the corresponding output fields, starting with the field "
              "`[[ ## reasoning ## ]]`, then `[[ ## answer ## ]]`, and then ending with the "
              "marker for `[[ ## completed ## ]]`.")
_DSPY_REASONS = ["They want food and walking, so central quarters and one day trip fit.",
                 "Arriving late, they need a central, safe, metro-connected area.",
                 "Hotel, food and transport are the main daily costs for two."]


def dspy_history() -> Chat:
    """DSPy's ``lm.history`` saved as JSON (``response`` dropped, it is no JSON): a record
    per call with the ``messages`` sent — the signature's system message, the earlier turns
    as user / assistant pairs of ``[[ ## field ## ]]`` blocks, the new ask with the fixed
    instruction sentence the adapter appends to every user turn — and the ``outputs``, the
    ``usage``, the ``cost``, a ``timestamp``, a ``uuid`` and the ``model``."""
    ids = _Ids("dspy")
    turns: list[dict[str, str]] = []
    rows = []
    k = 0
    asks = _asks(ITINERARY)
    for t in ITINERARY:
        if not isinstance(t, A):
            continue
        ask = asks[k]
        user = f"[[ ## question ## ]]\n{ask}\n\n{_DSPY_TAIL}"
        out = (f"[[ ## reasoning ## ]]\n{_DSPY_REASONS[k]}\n\n[[ ## answer ## ]]\n{t.text}\n\n"
               "[[ ## completed ## ]]")
        messages = [{"role": "system", "content": _DSPY_SYSTEM}, *turns,
                    {"role": "user", "content": user}]
        rows.append({"prompt": None, "messages": messages,
                     "kwargs": {"temperature": 0.0, "max_tokens": 1000},
                     "outputs": [out],
                     "usage": {"completion_tokens": 71 + 9 * k, "prompt_tokens": 318 + 140 * k,
                               "total_tokens": 389 + 149 * k,
                               "completion_tokens_details": None,
                               "prompt_tokens_details": None},
                     "cost": round(0.00006 + 0.00002 * k, 8),
                     "timestamp": f"2025-03-18T09:{12 + 2 * k:02d}:{31 + k:02d}."
                                  f"{ids.r.randint(100000, 999999)}",
                     "uuid": ids.uuid(), "model": "openai/gpt-4o-mini",
                     "response_model": "gpt-4o-mini-2024-07-18", "model_type": "chat"})
        turns += [{"role": "user", "content": user},
                  {"role": "assistant", "content": out}]
        k += 1
    return Chat("lm_history.json", _dump(rows), asks, [_DSPY_TAIL, *_DSPY_REASONS],
                every_ask=True)


def mastra_thread() -> Chat:
    """A Mastra memory thread as ``memory.query()`` hands it back and an app saves it: the
    ``thread`` (``resourceId``, ``title``) over ``messages`` of format 2 — ``content``
    an object of ``parts`` (``step-start``, ``text``, ``tool-invocation`` holding call and
    result, ``file`` with base64 ``data``) and ``toolInvocations`` repeating the calls —
    each with ``threadId``, ``resourceId``, ``createdAt`` and ``type`` ``v2``."""
    ids = _Ids("mastra")
    thread, resource = ids.uuid(), "user-4821"
    msgs: list[dict[str, Any]] = []
    clock = 0
    pending: list[dict[str, Any]] = []

    def put(role: str, parts: list[dict[str, Any]], invocations: list[dict[str, Any]]) -> None:
        nonlocal clock
        clock += 1
        content: dict[str, Any] = {"format": 2, "parts": parts}
        if invocations:
            content["toolInvocations"] = invocations
        msgs.append({"id": ids.uuid(), "content": content, "role": role,
                     "createdAt": f"2025-05-06T08:{10 + clock:02d}:{(7 * clock) % 60:02d}."
                                  f"{ids.r.randint(100, 999)}Z",
                     "threadId": thread, "resourceId": resource, "type": "v2"})

    for t in CODING:
        if isinstance(t, U):
            parts: list[dict[str, Any]] = [{"type": "text", "text": t.text}]
            if not msgs:
                parts.append({"type": "file", "mimeType": "image/png", "data": _PNG})
            put("user", parts, [])
        elif isinstance(t, T):
            pending.append({"state": "result", "step": len(pending),
                            "toolCallId": "call_" + ids.hex(12), "toolName": t.name,
                            "args": t.args, "result": {"output": t.output}})
        else:
            parts = [{"type": "step-start"}]
            for inv in pending:
                parts += [{"type": "tool-invocation", "toolInvocation": inv},
                          {"type": "step-start"}]
            parts.append({"type": "text", "text": t.text})
            put("assistant", parts, list(pending))
            pending = []
    doc = {"thread": {"id": thread, "resourceId": resource, "title": "Flask 3 login error",
                      "createdAt": "2025-05-06T08:10:00.000Z",
                      "updatedAt": "2025-05-06T08:22:41.000Z", "metadata": {}},
           "messages": msgs}
    return Chat("thread.json", _dump(doc), _asks(CODING), _hidden(CODING), every_ask=True)


def vercel_ui_v5() -> Chat:
    """The AI SDK 5 ``UIMessage[]`` an app persists from ``useChat``: ``id``, ``role``,
    ``parts`` only (no flat ``content``) — ``step-start``, ``reasoning``, typed tool parts
    ``tool-<name>`` with ``toolCallId``, ``state`` ``output-available``, ``input`` and
    ``output``, ``text`` with a ``state``, a ``file`` part as a data URL — and ``metadata``
    on the answers."""
    ids = _Ids("vercel5")
    msgs: list[dict[str, Any]] = []
    parts: list[dict[str, Any]] = []
    thoughts = ["The login view fails; read it and run the failing test.",
                "Apply the config change and run the whole suite.", ""]
    k = 0
    for t in CODING:
        if isinstance(t, U):
            user: list[dict[str, Any]] = [{"type": "text", "text": t.text}]
            if not msgs:
                user.append({"type": "file", "mediaType": "image/png",
                             "filename": "traceback.png",
                             "url": f"data:image/png;base64,{_PNG}"})
            msgs.append({"id": ids.hex(16), "role": "user", "parts": user})
            parts = [{"type": "step-start"}]
            if thoughts[k]:
                parts.append({"type": "reasoning", "text": thoughts[k], "state": "done",
                              "providerMetadata": {"openai": {"itemId": "rs_" + ids.hex(24)}}})
            k += 1
        elif isinstance(t, T):
            parts += [{"type": f"tool-{t.name}", "toolCallId": "call_" + ids.hex(12),
                       "state": "output-available", "input": t.args, "output": t.output},
                      {"type": "step-start"}]
        else:
            parts.append({"type": "text", "text": t.text, "state": "done"})
            msgs.append({"id": ids.hex(16), "role": "assistant",
                         "metadata": {"model": "gpt-5-mini", "totalTokens": 1200 + 90 * k},
                         "parts": parts})
    return Chat("messages.json", _dump(msgs), _asks(CODING), _hidden(CODING),
                unsaid=[x for x in thoughts if x], every_ask=True)


def lechat_export() -> Chat:
    """A Le Chat conversation from Mistral's data export: a list of messages, each with
    ``id``, ``version``, ``chatId``, ``content``, ``contentChunks`` (``text`` chunks and a
    web search's ``reference`` chunks naming sources), ``role``, ``createdAt``,
    ``reaction``, ``references`` (the sources with their snippets) and ``files`` (an
    uploaded file's name, type and extracted text)."""
    ids = _Ids("lechat")
    chat = ids.uuid()
    msgs: list[dict[str, Any]] = []
    for k, t in enumerate(SALES):
        assert isinstance(t, U | A)
        when = f"2025-02-11T16:{20 + 2 * k:02d}:{(13 * k) % 60:02d}.{ids.r.randint(100, 999)}Z"
        m: dict[str, Any] = {"id": ids.uuid(), "version": 0, "chatId": chat,
                             "content": t.text, "role": "user" if isinstance(t, U) else
                             "assistant", "createdAt": when, "reaction": "neutral",
                             "references": [], "files": []}
        if isinstance(t, U):
            m["contentChunks"] = None
            if t.attach:
                m["files"] = [{"id": ids.uuid(), "name": t.attach[0], "type": "text/csv",
                               "size": len(t.attach[1]), "content": t.attach[1]}]
        else:
            m["contentChunks"] = [{"type": "text", "text": t.text}]
            if k == 5:
                ref = {"id": 1, "title": "Quarterly report phrasing in German",
                       "url": "https://www.dwds.de/wb/Quartal",
                       "snippet": "Quartal, das; Zeitraum von drei Monaten eines Jahres.",
                       "favicon": "https://www.dwds.de/favicon.ico"}
                m["references"] = [ref]
                m["contentChunks"].append({"type": "reference", "referenceIds": [1]})
                m["reaction"] = "like"
        msgs.append(m)
    return Chat(f"chat-{chat}.json", _dump(msgs), _asks(SALES),
                [*_hidden(SALES), "Quartal, das; Zeitraum von drei Monaten"], every_ask=True)


def arena_jsonl() -> Chat:
    """Chatbot Arena's conversations data set as JSON lines: a battle a line, the same asks
    in ``conversation_a`` and ``conversation_b`` (two models' answers), ``model_a`` /
    ``model_b``, ``winner``, ``judge``, ``turn``, ``anony``, ``language``, ``tstamp`` and
    the moderation's category flags and scores."""
    ids = _Ids("arena")
    other = {BILL[1].text: "The total rose because you used more power and the price per kWh "
                           "went up at the start of March.",
             BILL[3].text: "Moving both machines to night hours could save around 50 to 60 "
                           "euros per year.",
             BILL[5].text: "Dear supplier, please check the meter reading on my March bill.",
             ITINERARY[1].text: "Spend a day in Alfama, one in Belém and one in Sintra.",
             ITINERARY[3].text: "Stay in Baixa: central and well connected.",
             ITINERARY[5].text: "Plan about 200 euros a day for two people."}
    cats = ["harassment", "harassment/threatening", "hate", "hate/threatening", "self-harm",
            "sexual", "sexual/minors", "violence", "violence/graphic"]
    rows = []
    for n, script in enumerate((BILL, ITINERARY)):
        conv_a = [{"content": t.text, "role": "user" if isinstance(t, U) else "assistant"}
                  for t in script if isinstance(t, U | A)]
        conv_b = [{"content": other.get(t.text, t.text), "role": "user" if isinstance(t, U)
                   else "assistant"} for t in script if isinstance(t, U | A)]
        rows.append({"question_id": ids.hex(32), "model_a": ["gpt-4", "claude-v1"][n],
                     "model_b": ["vicuna-13b", "koala-13b"][n],
                     "winner": ["model_a", "tie"][n], "judge": "arena_user_" + ids.hex(8),
                     "conversation_a": conv_a, "conversation_b": conv_b, "turn": 3,
                     "anony": True, "language": "English",
                     "tstamp": 1682351591.1322 + 3600.5 * n,
                     "openai_moderation": {"categories": dict.fromkeys(cats, False),
                                           "category_scores": {c: round(
                                               ids.r.random() * 1e-4, 8) for c in cats},
                                           "flagged": False},
                     "toxic_chat_tag": {"roberta-large": {"flagged": False,
                                                          "probability": 0.0021},
                                        "t5-large": {"flagged": False, "score": 0.00011}}})
    return Chat("arena_conversations.jsonl", _lines(rows), [*_asks(BILL), *_asks(ITINERARY)],
                [], every_ask=True)


VOICE_TRIP: list[Turn] = [
    U("Hi, I'm flying to Lisbon on Friday, what's the weather going to be like?"),
    T("get_forecast", {"city": "Lisbon", "days": 3},
      '{"city": "Lisbon", "days": [{"date": "2025-05-09", "high_c": 23, "low_c": 15, '
      '"sky": "sunny"}, {"date": "2025-05-10", "high_c": 21, "low_c": 14, "sky": "showers"}]}'),
    A("Friday looks sunny with a high of 23 degrees; Saturday brings showers and 21, so "
      "pack a light rain jacket."),
    U("Okay. Can you book a table for two at a fado restaurant on Friday night?"),
    T("book_table", {"city": "Lisbon", "kind": "fado", "date": "2025-05-09", "people": 2},
      '{"status": "confirmed", "restaurant": "Tasca do Chico", "time": "21:30", '
      '"reference": "TC-88412"}'),
    A("Done: Tasca do Chico in Bairro Alto, Friday at half past nine, reference TC-88412."),
    U("Great, and how do I get there from the airport by metro?"),
    A("Take the red line to Alameda, change to the green line to Baixa-Chiado, then walk "
      "up to Bairro Alto in about ten minutes."),
]


def realtime_events() -> Chat:
    """The OpenAI Realtime API's server events a voice app logs as JSON lines:
    ``conversation.item.created`` events (messages whose words are the ``transcript`` of an
    ``input_audio`` or ``audio`` part, ``function_call`` and ``function_call_output``
    items) between ``input_audio_buffer`` and ``response`` events that hold no words."""
    ids = _Ids("realtime")
    rows: list[dict[str, Any]] = [{"type": "session.created", "event_id": "event_" + ids.hex(20),
                                   "session": {"id": "sess_" + ids.hex(20), "object":
                                               "realtime.session", "model":
                                               "gpt-4o-realtime-preview", "voice": "alloy",
                                               "modalities": ["audio", "text"],
                                               "input_audio_format": "pcm16",
                                               "turn_detection": {"type": "server_vad"}}}]
    prev: str | None = None
    ms = 0
    for t in VOICE_TRIP:
        ev = "event_" + ids.hex(20)
        if isinstance(t, U):
            item = "item_" + ids.hex(20)
            ms += 4200
            rows.append({"type": "input_audio_buffer.speech_started", "event_id": ev,
                         "audio_start_ms": ms, "item_id": item})
            rows.append({"type": "input_audio_buffer.committed",
                         "event_id": "event_" + ids.hex(20), "previous_item_id": prev,
                         "item_id": item})
            rows.append({"type": "conversation.item.created", "event_id": "event_" + ids.hex(20),
                         "previous_item_id": prev, "item": {
                             "id": item, "object": "realtime.item", "type": "message",
                             "status": "completed", "role": "user",
                             "content": [{"type": "input_audio", "transcript": t.text}]}})
            prev = item
            continue
        resp = "resp_" + ids.hex(20)
        rows.append({"type": "response.created", "event_id": ev, "response": {
            "object": "realtime.response", "id": resp, "status": "in_progress",
            "output": [], "usage": None}})
        if isinstance(t, T):
            call, item = "call_" + ids.hex(12), "item_" + ids.hex(20)
            rows.append({"type": "conversation.item.created", "event_id": "event_" + ids.hex(20),
                         "previous_item_id": prev, "item": {
                             "id": item, "object": "realtime.item", "type": "function_call",
                             "status": "completed", "name": t.name, "call_id": call,
                             "arguments": json.dumps(t.args)}})
            out = "item_" + ids.hex(20)
            rows.append({"type": "conversation.item.created", "event_id": "event_" + ids.hex(20),
                         "previous_item_id": item, "item": {
                             "id": out, "object": "realtime.item",
                             "type": "function_call_output", "call_id": call,
                             "output": t.output}})
            prev = out
        else:
            item = "item_" + ids.hex(20)
            rows.append({"type": "conversation.item.created", "event_id": "event_" + ids.hex(20),
                         "previous_item_id": prev, "item": {
                             "id": item, "object": "realtime.item", "type": "message",
                             "status": "completed", "role": "assistant",
                             "content": [{"type": "audio", "transcript": t.text}]}})
            prev = item
        rows.append({"type": "response.done", "event_id": "event_" + ids.hex(20), "response": {
            "object": "realtime.response", "id": resp, "status": "completed",
            "usage": {"total_tokens": 410 + ms // 100, "input_tokens": 320,
                      "output_tokens": 90}}})
    return Chat("realtime_events.jsonl", _lines(rows), _asks(VOICE_TRIP), _hidden(VOICE_TRIP),
                every_ask=True)


_GLAIVE_FUNCS = [
    {"name": "get_forecast", "description": "Get the weather forecast for a city",
     "parameters": {"type": "object", "properties": {
         "city": {"type": "string", "description": "The city name"},
         "days": {"type": "integer", "description": "Number of days"}},
         "required": ["city"]}},
    {"name": "book_table", "description": "Book a restaurant table",
     "parameters": {"type": "object", "properties": {
         "city": {"type": "string"}, "kind": {"type": "string"},
         "date": {"type": "string"}, "people": {"type": "integer"}},
         "required": ["city", "date", "people"]}}]


def glaive_fc() -> Chat:
    """Glaive's function-calling data set (v2) as JSON lines: each row a ``system`` text
    (the functions as indented JSON after ``SYSTEM:``) and the whole ``chat`` as one text
    of ``USER:`` / ``ASSISTANT:`` / ``FUNCTION RESPONSE:`` blocks three newlines apart, a
    call written ``<functioncall> {…}`` and every answer closed by ``<|endoftext|>``."""
    rows = []
    for funcs, script in ((_GLAIVE_FUNCS, VOICE_TRIP), ([], SUPPORT)):
        system = ("SYSTEM: You are a helpful assistant with access to the following "
                  "functions. Use them if required -\n"
                  + "\n\n".join(json.dumps(f, indent=4) for f in funcs)
                  if funcs else "SYSTEM: You are a helpful assistant, with no access to "
                  "external functions.")
        blocks = []
        for t in script:
            if isinstance(t, U):
                blocks.append(f"USER: {t.text}")
            elif isinstance(t, A):
                blocks.append(f"ASSISTANT: {t.text} <|endoftext|>")
            else:
                args = json.dumps(t.args)
                blocks.append(f'ASSISTANT: <functioncall> {{"name": "{t.name}", '
                              f"\"arguments\": '{args}'}} <|endoftext|>")
                blocks.append(f"FUNCTION RESPONSE: {t.output}")
        rows.append({"system": system, "chat": "\n\n\n".join(blocks) + "\n\n\n"})
    return Chat("glaive_function_calling_v2.jsonl", _lines(rows),
                [*_asks(VOICE_TRIP), *_asks(SUPPORT)], _hidden(VOICE_TRIP), every_ask=True)


def _converse_content(t: Turn, image: bool) -> list[dict[str, Any]]:
    parts: list[dict[str, Any]] = [{"text": t.text}] if isinstance(t, U | A) else []
    if image:
        parts.append({"image": {"format": "png", "source": {"bytes": _PNG}}})
    return parts


def bedrock_invocation_logs() -> Chat:
    """Amazon Bedrock's model invocation logs (CloudWatch, one JSON object a line): each
    call's ``input.inputBodyJson`` (the ``messages`` so far with ``text`` / ``image`` /
    ``toolUse`` / ``toolResult`` blocks, ``system``, ``inferenceConfig``, ``toolConfig``)
    and ``output.outputBodyJson`` (the answer's ``message``, ``stopReason``, ``usage``,
    ``metrics``) beside the account, ``identity``, ``region``, ``requestId`` and
    ``modelId``."""
    ids = _Ids("bedrock-logs")
    tools = [{"toolSpec": {"name": n, "description": d, "inputSchema": {"json": {
        "type": "object", "properties": {k: {"type": "string"} for k in ks},
        "required": list(ks)}}}} for n, d, ks in (
        ("read_file", "Read a file of the repository", ("path",)),
        ("write_file", "Write a file of the repository", ("path", "content")),
        ("run_command", "Run a shell command in the repository", ("command",)))]
    history: list[dict[str, Any]] = []
    rows = []
    clock = 0
    for t in CODING:
        if isinstance(t, U):
            history.append({"role": "user", "content": _converse_content(t, not history)})
            continue
        if isinstance(t, T):
            use = "tooluse_" + ids.hex(22)
            answer: dict[str, Any] = {"role": "assistant", "content": [{"toolUse": {
                "toolUseId": use, "name": t.name, "input": t.args}}]}
            reason = "tool_use"
        else:
            answer = {"role": "assistant", "content": [{"text": t.text}]}
            reason = "end_turn"
        clock += 1
        tokens_in = 1400 + 260 * clock
        rows.append({"schemaType": "ModelInvocationLog", "schemaVersion": "1.0",
                     "timestamp": f"2024-11-19T13:{2 * clock:02d}:{(11 * clock) % 60:02d}Z",
                     "accountId": "123456789012",
                     "identity": {"arn": "arn:aws:sts::123456789012:assumed-role/"
                                         "dev-agent/botocore-session-1732021200"},
                     "region": "us-east-1", "requestId": ids.uuid(), "operation": "Converse",
                     "modelId": "anthropic.claude-3-5-sonnet-20240620-v1:0",
                     "input": {"inputContentType": "application/json", "inputBodyJson": {
                         "messages": [dict(m) for m in history],
                         "system": [{"text": SYSTEM}],
                         "inferenceConfig": {"maxTokens": 2048, "temperature": 0.2},
                         "toolConfig": {"tools": tools}}, "inputTokenCount": tokens_in},
                     "output": {"outputContentType": "application/json", "outputBodyJson": {
                         "output": {"message": answer}, "stopReason": reason,
                         "metrics": {"latencyMs": 1800 + 37 * clock},
                         "usage": {"inputTokens": tokens_in, "outputTokens": 96,
                                   "totalTokens": tokens_in + 96}},
                         "outputTokenCount": 96}})
        history.append(answer)
        if isinstance(t, T):
            history.append({"role": "user", "content": [{"toolResult": {
                "toolUseId": use, "content": [{"text": t.output}], "status": "success"}}]})
    return Chat("bedrock_invocations.jsonl", _lines(rows), _asks(CODING), _hidden(CODING),
                unsaid=[SYSTEM], every_ask=True)


def genai_sdk_history() -> Chat:
    """The Google Gen AI SDK's ``chat.get_history()`` dumped with ``model_dump(mode="json",
    exclude_none=True)``: ``parts`` in snake case — ``text``, ``inline_data`` (base64),
    ``function_call`` on the model's turns, ``function_response`` sent back in a ``user``
    turn, the model's thought summaries as ``text`` parts flagged ``thought`` and
    ``thought_signature`` blobs — with ``role`` last."""
    ids = _Ids("genai")
    contents: list[dict[str, Any]] = []
    thoughts = ["**Inspecting the view**\n\nI should read the login view first and then run "
                "its test to see the traceback.",
                "**Applying the fix**\n\nMove the lifetime into the factory, then run the "
                "suite."]
    k = 0
    for t in CODING:
        if isinstance(t, U):
            parts: list[dict[str, Any]] = [{"text": t.text}]
            if not contents:
                parts.insert(0, {"inline_data": {"data": _PNG, "mime_type": "image/png"}})
            contents.append({"parts": parts, "role": "user"})
        elif isinstance(t, T):
            call: list[dict[str, Any]] = []
            if k < len(thoughts) and contents[-1]["role"] == "user":
                call.append({"text": thoughts[k], "thought": True})
                k += 1
            call.append({"function_call": {"args": t.args, "name": t.name},
                         "thought_signature": base64.b64encode(ids.r.randbytes(96)).decode()})
            contents.append({"parts": call, "role": "model"})
            contents.append({"parts": [{"function_response": {
                "name": t.name, "response": {"output": t.output}}}], "role": "user"})
        else:
            contents.append({"parts": [{"text": t.text}], "role": "model"})
    return Chat("history.json", _dump(contents), _asks(CODING), _hidden(CODING),
                unsaid=[x.split("\n\n", 1)[1] for x in thoughts], every_ask=True)


# ---- a twentieth pass: unknown schemas nested as strangers' tools nest them -------------

_WAV = base64.b64encode(b"RIFF\x24\x08\x00\x00WAVEfmt " + bytes(random.Random(5).getrandbits(8)
                                                              for _ in range(700))).decode()


def graphql_thread() -> Chat:
    """A chat product's GraphQL API answering ``query { thread(id) { items { … } } }``:
    ``data.thread`` (``id``, ``title``, ``createdAt``) over ``items`` typed by
    ``__typename`` — ``UserMessage`` (``text``, ``author`` an object of ``id`` /
    ``email``), ``AssistantMessage`` (``markdown``, ``model``), ``ToolCall`` (``name``,
    ``arguments`` a JSON string) and ``ToolResult`` (``output``) — and ``extensions``
    with the query's cost."""
    ids = _Ids("gql")
    items: list[dict[str, Any]] = []
    me = {"id": "usr_" + ids.hex(10), "email": "m.keller@northwind.dev", "__typename": "User"}
    for k, t in enumerate(CODING):
        when = f"2025-02-11T14:{5 + k:02d}:{ids.r.randint(0, 59):02d}.{ids.r.randint(0, 999):03d}Z"
        if isinstance(t, U):
            items.append({"__typename": "UserMessage", "id": "itm_" + ids.hex(12),
                          "createdAt": when, "author": me, "text": t.text,
                          "attachments": []})
        elif isinstance(t, A):
            items.append({"__typename": "AssistantMessage", "id": "itm_" + ids.hex(12),
                          "createdAt": when, "model": "northwind-coder-2",
                          "markdown": t.text, "feedback": None})
        else:
            call = "call_" + ids.hex(12)
            items.append({"__typename": "ToolCall", "id": "itm_" + ids.hex(12),
                          "createdAt": when, "callId": call, "name": t.name,
                          "arguments": json.dumps(t.args)})
            items.append({"__typename": "ToolResult", "id": "itm_" + ids.hex(12),
                          "createdAt": when, "callId": call, "status": "SUCCESS",
                          "output": t.output})
    doc = {"data": {"thread": {"__typename": "Thread", "id": "thr_" + ids.hex(12),
                               "title": "Flask 3 login 500", "createdAt": items[0]["createdAt"],
                               "archived": False, "items": items}},
           "extensions": {"cost": {"requestedQueryCost": 42, "actualQueryCost": 38}}}
    return Chat("thread_query.json", _dump(doc), _asks(CODING), _hidden(CODING),
                every_ask=True)


def branch_map() -> Chat:
    """A desktop chat app's conversation file: ``messages`` a map of id → message, each
    with ``parent`` (``null`` at the root), ``children`` and ``sender`` ``user`` / ``bot``,
    the words in ``body``; the person edited the second ask (the old ask and its answer
    stay as a branch) and regenerated the last answer; ``cursor`` names the leaf shown."""
    ids = _Ids("branch")
    by_id: dict[str, dict[str, Any]] = {}
    parent: str | None = None
    stamp = 1736500000

    def put(sender: str, body: str, under: str | None) -> str:
        nonlocal stamp
        stamp += 31
        mid = ids.hex(8) + "-" + ids.hex(4)
        by_id[mid] = {"parent": under, "children": [], "sender": sender, "body": body,
                      "ts": stamp, "tokens": len(body.split())}
        if sender == "bot":
            by_id[mid]["model"] = "mistral-small-3.1"
        if under is not None:
            by_id[under]["children"].append(mid)
        return mid

    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        if k == 2:  # the ask first written, answered, then edited into a new branch
            old = put("user", "how do I run migrations on fly", parent)
            put("bot", "Run fly ssh console and call your migrate command by hand.", old)
        if k == 5:  # the last answer regenerated: the first take stays as a sibling
            put("bot", "Maybe use a bigger machine.", parent)
        parent = put("user" if isinstance(t, U) else "bot", t.text, parent)
    doc = {"version": 3, "title": "fly deploy health check", "cursor": parent,
           "settings": {"model": "mistral-small-3.1", "temperature": 0.7},
           "messages": by_id}
    return Chat("conversation.json", _dump(doc), _asks(SUPPORT),
                ["how do I run migrations on fly"])


def exchange_turns() -> Chat:
    """A search assistant's saved thread: a list of turns, each holding a ``request``
    object (``query``, ``mode``, uploaded ``attachments`` with their extracted text) and a
    ``response`` object (``answer``, ``sources`` with snippets, ``related`` questions the
    tool suggests, ``usage``) — an exchange per record, two levels down."""
    ids = _Ids("exch")
    turns = []
    script = SALES
    pairs = [(script[i], script[i + 1]) for i in range(0, len(script), 2)]
    for k, (u, a) in enumerate(pairs):
        assert isinstance(u, U) and isinstance(a, A)
        req: dict[str, Any] = {"query": u.text, "mode": "concise", "language": "en-US",
                               "attachments": []}
        if u.attach:
            req["attachments"] = [{"name": u.attach[0], "mime": "text/csv",
                                   "size": len(u.attach[1]), "extracted_text": u.attach[1]}]
        turns.append({"turn_id": ids.uuid(), "created": 1739000000 + 90 * k,
                      "request": req,
                      "response": {"answer": a.text, "status": "COMPLETED",
                                   "sources": [{"title": "Matplotlib bar charts",
                                                "url": "https://matplotlib.org/stable/gallery/"
                                                       "lines_bars_and_markers/barchart.html",
                                                "snippet": "Create a grouped bar chart with "
                                                           "labels from a DataFrame."}],
                                   "related": ["How do I add labels on top of each bar?",
                                               "Which regions grew fastest in Q3?"],
                                   "usage": {"input_tokens": 512 + 80 * k,
                                             "output_tokens": 140 + 7 * k}}})
    doc = {"thread_id": ids.uuid(), "title": "Quarterly sales", "turns": turns}
    related = ["How do I add labels on top of each bar?", "Which regions grew fastest in Q3?"]
    return Chat("thread.json", _dump(doc), _asks(SALES), [*_hidden(SALES), *related],
                every_ask=True)


def typed_blocks_request() -> Chat:
    """An OpenAI-compatible gateway's logged request (``model``, ``messages``, ``stream``,
    ``metadata``): every message's ``content`` an array of typed blocks — ``text``,
    ``image_url`` (a base64 data URL), ``input_audio`` (base64 WAV and its format), and, in
    the user's turns after a call, ``tool_result`` blocks whose ``content`` nests text
    blocks — the assistant's calls as ``tool_calls``."""
    ids = _Ids("blocks")
    msgs: list[dict[str, Any]] = [{"role": "system", "content": [{"type": "text",
                                                                  "text": SYSTEM}]}]
    results: list[dict[str, Any]] = []
    first = True
    for t in CODING:
        if isinstance(t, U):
            blocks: list[dict[str, Any]] = [*results, {"type": "text", "text": t.text}]
            results = []
            if first:
                blocks += [{"type": "image_url", "image_url": {
                    "url": f"data:image/png;base64,{_PNG}", "detail": "auto"}},
                    {"type": "input_audio", "input_audio": {"data": _WAV, "format": "wav"}}]
                first = False
            msgs.append({"role": "user", "content": blocks})
        elif isinstance(t, A):
            if results:
                msgs.append({"role": "user", "content": results})
                results = []
            msgs.append({"role": "assistant", "content": [{"type": "text", "text": t.text}]})
        else:
            if results:
                msgs.append({"role": "user", "content": results})
                results = []
            cid = "call_" + ids.hex(12)
            msgs.append({"role": "assistant", "content": [], "tool_calls": [{
                "id": cid, "type": "function",
                "function": {"name": t.name, "arguments": json.dumps(t.args)}}]})
            results = [{"type": "tool_result", "tool_use_id": cid,
                        "content": [{"type": "text", "text": t.output}]}]
    doc = {"id": "req_" + ids.hex(16), "model": "gpt-4o-audio-preview", "stream": True,
           "temperature": 0.2, "messages": msgs,
           "metadata": {"user": "u_" + ids.hex(8), "app": "ide-plugin"}}
    return Chat("request.json", _dump(doc), _asks(CODING), [*_hidden(CODING), SYSTEM],
                every_ask=True)


def copilot_interactions() -> Chat:
    """Microsoft 365 Copilot's interaction history from Graph
    (``getAllEnterpriseInteractions``): ``value`` a list of ``aiInteraction`` records —
    ``interactionType`` ``userPrompt`` / ``aiResponse``, ``from`` naming a ``user`` by
    display name or the ``application``, ``body`` HTML, ``contexts``, ``attachments``,
    ``links``, ``mentions`` — with ``@odata`` keys around them."""
    ids = _Ids("m365")
    session = ids.uuid()
    person = {"@odata.type": "#microsoft.graph.teamworkUserIdentity", "id": ids.uuid(),
              "displayName": "Lena Hoffmann", "userIdentityType": "aadUser"}
    app = {"@odata.type": "#microsoft.graph.identity", "id": ids.uuid(),
           "displayName": "Microsoft 365 Chat"}
    rows = []
    req = ""
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        me = isinstance(t, U)
        if me:
            req = ids.uuid()
        body = (t.text if me else
                "<p>" + t.text.replace(". ", ".</p><p>") + "</p>")
        rows.append({"id": f"{1731400000000 + 5000 * k}", "sessionId": session,
                     "requestId": req, "appClass": "IPM.SkypeTeams.Message.Copilot.BizChat",
                     "interactionType": "userPrompt" if me else "aiResponse",
                     "conversationType": "bizchat", "etag": str(1731400000000 + 5000 * k),
                     "createdDateTime": f"2024-11-12T08:{20 + k:02d}:{11 + k:02d}.{100 + k}Z",
                     "locale": "en-us",
                     "body": {"contentType": "text" if me else "html", "content": body},
                     "from": {"device": None, "user": person if me else None,
                              "application": None if me else app},
                     "attachments": [], "links": [] if me else [{
                         "linkUrl": "https://www.visitlisboa.com/en",
                         "displayName": "Visit Lisboa", "linkType": "webLink"}],
                     "mentions": [],
                     "contexts": [{"contextReference": "https://www.bing.com/",
                                   "displayName": "Web", "contextType": "web"}] if me else []})
    doc = {"@odata.context": "https://graph.microsoft.com/v1.0/$metadata#Collection("
                             "microsoft.graph.aiInteraction)",
           "@odata.nextLink": None, "value": rows}
    return Chat("interactions.json", _dump(doc), _asks(ITINERARY), every_ask=True)


def workspace_email_export() -> Chat:
    """A team AI workspace's conversation export: ``conversation`` (``id``, ``title``,
    ``participants`` listed by e-mail, the assistant by its display name) over
    ``messages`` whose ``sender`` is the person's e-mail address or the assistant's
    name, ``body`` the words, ``sent_at`` a time and ``reactions`` by e-mail."""
    ids = _Ids("wsmail")
    me, bot = "priya.raman@harborlight.io", "Harbor Assistant"
    msgs = []
    for k, t in enumerate(BILL):
        assert isinstance(t, U | A)
        mine = isinstance(t, U)
        m: dict[str, Any] = {"id": ids.hex(12), "sender": me if mine else bot,
                             "sent_at": f"2025-01-08 19:{4 + 2 * k:02d}:{ids.r.randint(0, 59):02d}",
                             "body": t.text, "edited": False, "reactions": []}
        if mine and t.image:
            m["files"] = [{"name": "bill_march.jpg", "mime": "image/jpeg", "bytes": 482113}]
        if not mine and k == 3:
            m["reactions"] = [{"emoji": "👍", "by": me}]
        msgs.append(m)
    doc = {"export_version": "2.1", "workspace": "harborlight",
           "conversation": {"id": ids.uuid(), "title": "March electricity bill",
                            "participants": [{"email": me, "role": "member"},
                                             {"name": bot, "role": "assistant"}],
                            "created_at": "2025-01-08 19:03:50"},
           "messages": msgs}
    return Chat("conversation_export.json", _dump(doc), _asks(BILL), every_ask=True)


def _deltas(text: str, r: random.Random) -> list[str]:
    """Words cut as a tokenizer streams them: a piece of one to three words, a space first."""
    words = text.split(" ")
    out, i = [], 0
    while i < len(words):
        n = r.randint(1, 3)
        piece = " ".join(words[i:i + n])
        out.append(piece if i == 0 else " " + piece)
        i += n
    return out


def token_event_stream() -> Chat:
    """A chat server's session log in JSON lines, one event a line: ``session.created``,
    ``message.created`` for the person's whole message, then the answer as
    ``message.started``, one ``message.delta`` a token or two (``delta.text``), a
    ``tool.call`` / ``tool.output`` pair between, ``message.completed`` with the usage —
    the answer's words only the deltas joined."""
    ids = _Ids("tokstream")
    rows: list[dict[str, Any]] = [{"event": "session.created", "session": ids.uuid(),
                                   "model": "qwen2.5-coder:14b", "seq": 0}]
    for t in CODING:
        seq = len(rows)
        if isinstance(t, U):
            rows.append({"event": "message.created", "seq": seq, "message": {
                "id": "m_" + ids.hex(8), "role": "user", "text": t.text}})
        elif isinstance(t, T):
            call = "c_" + ids.hex(8)
            rows.append({"event": "tool.call", "seq": seq, "call_id": call, "name": t.name,
                         "arguments": t.args})
            rows.append({"event": "tool.output", "seq": seq + 1, "call_id": call,
                         "output": t.output})
        else:
            mid = "m_" + ids.hex(8)
            rows.append({"event": "message.started", "seq": seq, "message": {
                "id": mid, "role": "assistant"}})
            for piece in _deltas(t.text, ids.r):
                rows.append({"event": "message.delta", "seq": len(rows), "id": mid,
                             "delta": {"text": piece}})
            rows.append({"event": "message.completed", "seq": len(rows), "id": mid,
                         "usage": {"output_tokens": len(t.text.split())}})
    return Chat("session.jsonl", _lines(rows), _asks(CODING), _hidden(CODING),
                every_ask=True)


def sse_proxy_log() -> Chat:
    """A proxy's record of streamed Messages API calls, JSON lines: a ``request`` line with
    the call's ``body`` (the history so far, ``tool_result`` blocks in user turns), then
    each server-sent event as it came — ``message_start``, ``content_block_start``, one
    ``content_block_delta`` a token or two (``text_delta``, ``input_json_delta``),
    ``content_block_stop``, ``message_delta``, ``message_stop``."""
    ids = _Ids("sse")
    rows: list[dict[str, Any]] = []
    history: list[dict[str, Any]] = []
    pending: list[dict[str, Any]] = []
    turn: list[Turn] = []

    def call(reply: list[Turn]) -> None:
        rows.append({"type": "request", "id": "req_" + ids.hex(12),
                     "body": {"model": "claude-sonnet-4", "max_tokens": 2048, "stream": True,
                              "system": SYSTEM, "messages": json.loads(json.dumps(history))}})
        mid = "msg_" + ids.hex(20)
        rows.append({"type": "message_start", "message": {
            "id": mid, "type": "message", "role": "assistant", "content": [],
            "model": "claude-sonnet-4", "usage": {"input_tokens": 900 + 40 * len(rows)}}})
        content: list[dict[str, Any]] = []
        for i, r in enumerate(reply):
            if isinstance(r, A):
                rows.append({"type": "content_block_start", "index": i,
                             "content_block": {"type": "text", "text": ""}})
                for piece in _deltas(r.text, ids.r):
                    rows.append({"type": "content_block_delta", "index": i,
                                 "delta": {"type": "text_delta", "text": piece}})
                content.append({"type": "text", "text": r.text})
            elif isinstance(r, T):
                tid = "toolu_" + ids.hex(20)
                rows.append({"type": "content_block_start", "index": i, "content_block": {
                    "type": "tool_use", "id": tid, "name": r.name, "input": {}}})
                raw = json.dumps(r.args)
                for j in range(0, len(raw), 12):
                    rows.append({"type": "content_block_delta", "index": i, "delta": {
                        "type": "input_json_delta", "partial_json": raw[j:j + 12]}})
                content.append({"type": "tool_use", "id": tid, "name": r.name,
                                "input": r.args})
                pending.append({"type": "tool_result", "tool_use_id": tid,
                                "content": [{"type": "text", "text": r.output}]})
            rows.append({"type": "content_block_stop", "index": i})
        rows.append({"type": "message_delta", "delta": {
            "stop_reason": "tool_use" if isinstance(reply[-1], T) else "end_turn"},
            "usage": {"output_tokens": 60 + len(rows) % 50}})
        rows.append({"type": "message_stop"})
        history.append({"role": "assistant", "content": content})

    for t in CODING:
        if isinstance(t, U):
            history.append({"role": "user", "content": [*pending, {"type": "text",
                                                                   "text": t.text}]})
            pending.clear()
            turn = []
        else:
            turn.append(t)
            call(turn)
            if pending:
                history.append({"role": "user", "content": list(pending)})
                pending.clear()
            turn = []
    return Chat("proxy_stream.jsonl", _lines(rows), _asks(CODING), [*_hidden(CODING), SYSTEM],
                every_ask=True)


# ---- a twenty-first pass: the long tail of team chats, help desks, a story writer's save,
# a code assistant's GraphQL thread and a bot platform's logs --------------------------------

def gitter_messages() -> Chat:
    """Gitter's ``GET /v1/rooms/:roomId/chatMessages``: oldest first, the words as Markdown
    in ``text`` and rendered in ``html``, the sender a ``fromUser`` object (``username``,
    ``displayName``), the maintainer's replies opening with an ``@`` mention, ``readBy``
    counts and a ``/me`` status line between."""
    ids = _Ids("gitter")
    sam = {"id": ids.hex(), "username": "sam-ortiz", "displayName": "Sam Ortiz",
           "url": "/sam-ortiz", "avatarUrl": "https://avatars-01.gitter.im/gh/uv/4/sam-ortiz",
           "avatarUrlSmall": "https://avatars2.githubusercontent.com/u/3104417?v=4&s=60",
           "avatarUrlMedium": "https://avatars2.githubusercontent.com/u/3104417?v=4&s=128",
           "v": 14, "gv": "4"}
    kim = {"id": ids.hex(), "username": "kimdeploys", "displayName": "Kim Ahn",
           "url": "/kimdeploys", "avatarUrl": "https://avatars-02.gitter.im/gh/uv/4/kimdeploys",
           "avatarUrlSmall": "https://avatars1.githubusercontent.com/u/88120?v=4&s=60",
           "avatarUrlMedium": "https://avatars1.githubusercontent.com/u/88120?v=4&s=128",
           "role": "admin", "staff": False, "v": 31, "gv": "4"}
    msgs: list[dict[str, Any]] = []
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        person = isinstance(t, U)
        text = t.text if person else "@sam-ortiz " + t.text
        html = _esc(t.text) if person else (
            '<span data-link-type="mention" data-screen-name="sam-ortiz" class="mention">'
            "@sam-ortiz</span> " + _esc(t.text))
        m: dict[str, Any] = {"id": ids.hex(), "text": text, "html": html,
                             "sent": f"2024-04-20T18:{3 * k:02d}:{ids.r.randint(0, 59):02d}.{ids.r.randint(0, 999):03d}Z",
                             "fromUser": sam if person else kim, "unread": False,
                             "readBy": 7 + k, "urls": [], "mentions": [] if person else [
                                 {"screenName": "sam-ortiz", "userId": sam["id"],
                                  "userIds": []}],
                             "issues": [], "meta": [], "v": 1}
        msgs.append(m)
        if k == 1:
            msgs.append({"id": ids.hex(), "text": "@kimdeploys is looking at the fly.toml",
                         "html": "<span class=\"mention\">@kimdeploys</span> is looking at "
                                 "the fly.toml", "status": True,
                         "sent": "2024-04-20T18:04:10.112Z", "fromUser": kim,
                         "unread": False, "readBy": 6, "urls": [], "mentions": [],
                         "issues": [], "meta": [], "v": 1})
    return Chat("chatMessages.json", _dump(msgs), _asks(SUPPORT))


def discourse_chat() -> Chat:
    """Discourse's chat ``GET /chat/api/channels/:id/messages``: ``messages`` (raw Markdown
    in ``message``, HTML in ``cooked``, an ``excerpt``, the sender a ``user`` object) beside
    ``meta``; the answers come from the forum's AI bot (a negative user id, staff), the bill
    is an upload with its sizes and a short URL."""
    ids = _Ids("discourse")
    lena = {"id": 214, "username": "lena_h", "name": "Lena Hoffmann",
            "avatar_template": "/user_avatar/forum.example.org/lena_h/{size}/1877_2.png",
            "moderator": False, "admin": False, "staff": False, "new_user": False,
            "primary_group_name": None}
    bot = {"id": -120, "username": "gpt4o_bot", "name": "GPT-4o",
           "avatar_template": "/user_avatar/forum.example.org/gpt4o_bot/{size}/96_2.png",
           "moderator": True, "admin": True, "staff": True, "new_user": False,
           "primary_group_name": None}
    msgs: list[dict[str, Any]] = []
    for k, t in enumerate(BILL):
        assert isinstance(t, U | A)
        person = isinstance(t, U)
        cooked = "".join(f"<p>{_esc(p)}</p>" for p in t.text.split("\n"))
        m: dict[str, Any] = {
            "id": 1301 + k, "message": t.text, "cooked": cooked,
            "created_at": f"2024-03-28T09:{4 * k:02d}:{ids.r.randint(0, 59):02d}.{ids.r.randint(0, 999):03d}Z",
            "excerpt": _esc(t.text[:50]) + ("…" if len(t.text) > 50 else ""),
            "deleted_at": None, "deleted_by_id": None, "thread_id": None,
            "chat_channel_id": 87, "mentioned_users": [], "user": lena if person else bot,
            "chat_webhook_event": None, "uploads": [], "edited": False,
            "available_flags": ["spam"] if not person else [], "reactions": [],
            "bookmark": None}
        if person and t.image:
            m["uploads"] = [{"id": 5512, "url": "/uploads/default/original/2X/9/9c1e4b7f.jpeg",
                             "original_filename": "bill_march.jpg", "filesize": 219433,
                             "width": 1240, "height": 1754, "thumbnail_width": 500,
                             "thumbnail_height": 707, "extension": "jpeg",
                             "short_url": "upload://mQ3xV1Zk7LwB2rT.jpeg",
                             "short_path": "/uploads/short-url/mQ3xV1Zk7LwB2rT.jpeg",
                             "retain_hours": None, "human_filesize": "214 KB",
                             "dominant_color": "F2F1EE"}]
        if k == 1:
            m["reactions"] = [{"emoji": "+1", "count": 1, "reacted": True,
                               "users": [{"id": 214, "username": "lena_h"}]}]
        msgs.append(m)
    doc = {"messages": msgs,
           "tracking": {"channel_tracking": {"87": {"unread_count": 0, "mention_count": 0}},
                        "thread_tracking": {}},
           "meta": {"can_load_more_future": False, "can_load_more_past": False,
                    "target_message_id": None}}
    return Chat("messages.json", _dump(doc), _asks(BILL))


def gorgias_messages() -> Chat:
    """Gorgias's ``GET /api/tickets/:id/messages``: ``data`` (oldest first) of chat messages
    told by ``from_agent`` (the customer's and the agent's both a ``sender`` object of name
    and e-mail), ``body_text`` beside ``body_html`` and ``stripped_text``, an auto-reply sent
    by a rule, an internal note (``channel`` ``internal-note``, not ``public``), ``meta``."""
    ids = _Ids("gorgias")
    cust = {"id": 81190231, "email": "sam.ortiz@fastmail.com", "name": "Sam Ortiz",
            "firstname": "Sam", "lastname": "Ortiz", "meta": {}}
    agent = {"id": 402117, "email": "kim@shipfast.help", "name": "Kim Ahn",
             "firstname": "Kim", "lastname": "Ahn", "meta": {}}
    note = ("Customer on the Launch plan, second ticket about health checks this month; "
            "tag for the docs team.")
    said: list[tuple[str, str, str]] = [("customer", "chat", t.text) if isinstance(t, U)
                                        else ("agent", "chat", t.text)
                                        for t in SUPPORT if isinstance(t, U | A)]
    said.insert(1, ("rule", "chat", "Thanks for reaching out! Our team usually replies in a "
                                    "few minutes."))
    said.insert(4, ("agent", "internal-note", note))
    msgs = []
    for k, (who, channel, text) in enumerate(said):
        from_agent = who != "customer"
        sender = cust if who == "customer" else agent
        when = f"2024-04-20T18:{2 * k:02d}:{ids.r.randint(0, 59):02d}.{ids.r.randint(0, 999999):06d}+00:00"
        msgs.append({
            "id": 339200410 + k, "uri": f"/api/tickets/21877340/messages/{339200410 + k}/",
            "message_id": None, "ticket_id": 21877340, "external_id": None,
            "public": channel != "internal-note", "channel": channel,
            "via": "chat" if who != "agent" else "helpdesk",
            "source": {"type": channel, "from": {"name": sender["name"],
                                                 "address": sender["email"]},
                       "to": [] if from_agent else [{"name": "Shipfast Support",
                                                     "address": "support@shipfast.help"}]},
            "sender": sender, "integration_id": None, "intents": [],
            "rule_id": 5571 if who == "rule" else None, "from_agent": from_agent,
            "receiver": None if channel == "internal-note" else (cust if from_agent else None),
            "subject": None, "body_text": text, "body_html": f"<div>{_esc(text)}</div>",
            "stripped_text": text, "stripped_html": f"<div>{_esc(text)}</div>",
            "stripped_signature": None, "headers": None, "attachments": [], "actions": None,
            "macros": [], "meta": {"current_page": "https://shipfast.help/docs/deploy"}
            if not from_agent else None,
            "created_datetime": when, "sent_datetime": when, "failed_datetime": None,
            "deleted_datetime": None, "opened_datetime": None, "last_sending_error": None,
            "is_retriable": False})
    doc = {"data": msgs, "meta": {"prev_cursor": None, "next_cursor": None},
           "object": "list", "uri": "/api/tickets/21877340/messages"}
    return Chat("ticket_21877340_messages.json", _dump(doc), _asks(SUPPORT), [note])


def front_messages() -> Chat:
    """Front's ``GET /conversations/:id/messages``: ``_results`` newest first, each told
    only by ``is_inbound`` (the customer's messages have no ``author``, the teammate's a
    teammate object), the words as HTML in ``body`` and plain in ``text`` beside a
    ``blurb``, ``recipients`` with roles, ``_links`` and ``_pagination``."""
    ids = _Ids("front")
    mate = {"_links": {"self": "https://api2.frontapp.com/teammates/tea_2f4k",
                       "related": {"inboxes": "https://api2.frontapp.com/teammates/tea_2f4k/"
                                              "inboxes"}},
            "id": "tea_2f4k", "email": "ines@lisboa-trips.pt", "username": "ines",
            "first_name": "Inês", "last_name": "Costa", "is_admin": False,
            "is_available": True, "is_blocked": False, "type": "user", "custom_fields": {}}
    results = []
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        inbound = isinstance(t, U)
        mid = "msg_" + ids.hex(7)
        results.append({
            "_links": {"self": f"https://api2.frontapp.com/messages/{mid}",
                       "related": {"conversation": "https://api2.frontapp.com/conversations/"
                                                   "cnv_1f3xq8",
                                   "message_replied_to": None,
                                   "message_seen": f"https://api2.frontapp.com/messages/{mid}/seen"}},
            "id": mid, "message_uid": ids.hex(16), "type": "front_chat",
            "is_inbound": inbound, "draft_mode": None, "error_type": None,
            "version": None, "created_at": 1714464000.0 + 150 * k + ids.r.randint(0, 99) / 1000,
            "subject": "", "blurb": t.text[:60], "body": "".join(
                f"<div>{_esc(p)}</div>" for p in t.text.split("\n")), "text": t.text,
            "author": None if inbound else mate,
            "recipients": [{"_links": {"related": {"contact": None}}, "name": "Lena Hoffmann",
                            "handle": "lena.h@posteo.de", "role": "from" if inbound else "to"},
                           {"_links": {"related": {"contact": None}}, "name": "Lisboa Trips",
                            "handle": "chat:lisboa-trips", "role": "to" if inbound else "from"}],
            "attachments": [], "signature": None, "metadata": {}, "is_draft": False})
    doc = {"_pagination": {"next": None},
           "_links": {"self": "https://api2.frontapp.com/conversations/cnv_1f3xq8/messages"},
           "_results": results[::-1]}
    return Chat("cnv_1f3xq8_messages.json", _dump(doc), _asks(ITINERARY))


def olark_transcript() -> Chat:
    """Olark's transcript webhook: a ``Conversation`` whose ``items`` are told only by their
    ``kind`` (``MessageToVisitor`` from an operator, ``MessageToOperator`` from the
    visitor), ``nickname`` the visitor's generated label, ``timestamp`` seconds as a
    string, the operator's targeted greeting first, then ``visitor``, ``operators`` keyed
    by id and ``groups``."""
    op = "6208911878914048"
    nick = "Returning Visitor | Germany (Berlin) #7617"
    items: list[dict[str, Any]] = [{"kind": "MessageToVisitor", "nickname": "Kim",
                                    "operatorId": op, "timestamp": "1713636001.08",
                                    "body": "Hi there! Anything I can help with today?"}]
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        stamp = f"{1713636060 + 95 * k}.{(37 * k) % 100:02d}"
        if isinstance(t, U):
            items.append({"kind": "MessageToOperator", "nickname": nick,
                          "timestamp": stamp, "body": t.text,
                          "visitor_nickname": "Sam Ortiz"})
        else:
            items.append({"kind": "MessageToVisitor", "nickname": "Kim", "operatorId": op,
                          "timestamp": stamp, "body": t.text})
    doc = {"kind": "Conversation", "id": "EV695BI2930A6XMO32886MPT899443414",
           "manuallySubmitted": False, "tags": ["deploy", "fly"], "items": items,
           "visitor": {"kind": "Visitor", "id": "9QRF9YWM5XW3ZSU7P9CGWRU89944341",
                       "fullName": "Sam Ortiz", "emailAddress": "sam.ortiz@fastmail.com",
                       "ip": "", "city": "Berlin", "region": "BE", "country": "Germany",
                       "countryCode": "DE", "organization": "", "phoneNumber": "",
                       "browser": "Firefox 124.0", "operatingSystem": "Linux",
                       "conversationBeginPage": "https://shipfast.help/docs/deploy",
                       "customFields": {"plan": "launch"},
                       "chat_feedback": {"overall_chat": 5, "responsiveness": 5,
                                         "friendliness": 5, "knowledge": 5,
                                         "comments": "quick and to the point"}},
           "operators": {op: {"kind": "Operator", "id": op, "username": "kim.ahn",
                              "nickname": "Kim", "emailAddress": "kim@shipfast.help"}},
           "groups": [{"kind": "Group", "name": "Support", "id": "0123456789abcdef"}]}
    return Chat("olark_transcript.json", _dump(doc), _asks(SUPPORT))


def kobold_lite_save() -> Chat:
    """KoboldAI Lite's saved story in chat mode: the scenario and the character's greeting
    in ``prompt``, then ``actions`` — each of the person's turns one string
    ``"\\nYou: words\\nMira:"`` opening the character's line, the character's words the
    next string — beside ``memory``, ``authorsnote``, ``worldinfo`` entries and
    ``savedsettings`` (``opmode`` 3, ``chatname``, ``chatopponent``)."""
    greet = TAVERN[0]
    assert isinstance(greet, A)
    memory = ("[Mira is the innkeeper of the Drowned Lantern, a tavern at the foot of the "
              "mountain pass. She is warm, curious and knows every rumour in the valley.]")
    actions: list[str] = []
    for t in TAVERN[1:]:
        assert isinstance(t, U | A)
        if isinstance(t, U):
            actions.append(f"\nYou: {t.text}\nMira:")
        else:
            actions.append(" " + t.text)
    world = [{"key": "mill, old mill", "keysecondary": "", "keyanti": "",
              "content": "The old mill burned down ten winters ago; its ruins stand north "
                         "of the river.", "comment": "", "folder": None, "selective": False,
              "constant": False, "probability": 100, "wigroup": "", "widisabled": False}]
    doc = {"gamestarted": True,
           "prompt": "[The following is a chat message log between You and Mira, the "
                     f"innkeeper.]\n\nMira: {greet.text}",
           "memory": memory, "authorsnote": "Mira speaks plainly, never in long speeches.",
           "anotetemplate": "[Author's note: <|>]", "actions": actions,
           "actions_metadata": {}, "worldinfo": world, "wifolders_d": {}, "wifolders_l": [],
           "extrastopseq": "", "anotestrength": 320, "wisearchdepth": 0,
           "wiinsertlocation": 0, "personal_notes": "", "logitbiasdict": {},
           "regexreplace_data": [], "placeholder_tags_data": [], "completed_imgs_meta": {},
           "savedsettings": {"my_api_key": "0000000000", "home_cluster": "https://aihorde.net",
                             "saved_oai_role": 0, "autoscroll": True, "trimsentences": True,
                             "trimwhitespace": True, "compressnewlines": False,
                             "eos_ban_mode": "0", "opmode": 3, "adventure_is_action": False,
                             "adventure_context_mod": True, "chatname": "You",
                             "chatopponent": "Mira", "instructstarttag": "\\n### Instruction:\\n",
                             "instructendtag": "\\n### Response:\\n", "instructsystag": "",
                             "max_context_length": 4096, "max_length": 200,
                             "temperature": 0.75, "rep_pen": 1.07, "top_p": 0.92,
                             "gui_type_chat": 1, "persist_session": True}}
    return Chat("saved_story.json", _dump(doc), _asks(TAVERN), [memory, world[0]["content"]])


def tabby_thread() -> Chat:
    """Tabby's answer engine thread from its GraphQL API (``threadMessages``): ``edges`` of
    ``node`` messages with ``role`` ``USER`` / ``ASSISTANT`` in capitals, the answers'
    ``attachment`` holding the code snippets and documents it retrieved (whole files'
    text), cursors and ``pageInfo``."""
    ids = _Ids("tabby")
    thread = "thr_" + ids.hex(8)
    script = [t for t in CODING if isinstance(t, U | A)]
    snippets = [t.output for t in CODING if isinstance(t, T) and t.name == "read_file"]
    edges = []
    for k, t in enumerate(script):
        node: dict[str, Any] = {"id": "msg_" + ids.hex(8), "threadId": thread,
                                "role": "USER" if isinstance(t, U) else "ASSISTANT",
                                "content": t.text,
                                "attachment": {"code": [], "clientCode": [], "doc": [],
                                               "codeFileList": None},
                                "createdAt": f"2024-11-02T08:{5 + 2 * k:02d}:11.{k}31Z",
                                "updatedAt": f"2024-11-02T08:{5 + 2 * k:02d}:19.{k}02Z",
                                "__typename": "Message"}
        if isinstance(t, A):
            node["attachment"]["code"] = [{"gitUrl": "https://github.com/northwind/auth-app",
                                           "commit": ids.hex(40), "filepath": "app/views.py",
                                           "language": "python", "content": s,
                                           "startLine": 1,
                                           "__typename": "MessageAttachmentCode"}
                                          for s in snippets]
            node["attachment"]["doc"] = [{"__typename": "MessageAttachmentWebDoc",
                                          "title": "Sessions — Flask Documentation (3.0.x)",
                                          "link": "https://flask.palletsprojects.com/en/3.0.x/"
                                                  "api/#sessions",
                                          "content": "PERMANENT_SESSION_LIFETIME: If session."
                                                     "permanent is true, the cookie's "
                                                     "expiration will be set this number of "
                                                     "seconds in the future."}]
        edges.append({"node": node, "cursor": ids.hex(12), "__typename": "MessageEdge"})
    doc = {"data": {"threadMessages": {
        "edges": edges, "pageInfo": {"hasNextPage": False, "hasPreviousPage": False,
                                     "startCursor": edges[0]["cursor"],
                                     "endCursor": edges[-1]["cursor"],
                                     "__typename": "PageInfo"},
        "__typename": "MessageConnection"}}}
    return Chat("threadMessages.json", _dump(doc), _asks(CODING), snippets, every_ask=True)


def watson_logs() -> Chat:
    """watsonx Assistant's ``GET /v2/assistants/:id/logs``: a log per turn — ``request``
    (``input.text``, empty on the welcome turn) beside ``response`` (``output.generic``
    items of ``response_type`` ``text`` / ``suggestion``, recognised ``intents`` and
    ``entities``), session ids and timestamps — and ``pagination``."""
    ids = _Ids("watson")
    session = ids.uuid()
    pairs: list[tuple[str, str]] = [("", "Hi, I'm the Shipfast deploy assistant. What can I "
                                         "help you with?")]
    script = [t for t in SUPPORT if isinstance(t, U | A)]
    pairs += [(script[i].text, script[i + 1].text) for i in range(0, len(script), 2)]
    logs = []
    for k, (ask, answer) in enumerate(pairs):
        when = f"2024-04-20T18:{2 * k:02d}:{ids.r.randint(0, 59):02d}.{ids.r.randint(0, 999):03d}Z"
        request: dict[str, Any] = {"input": {"message_type": "text", "text": ask,
                                             "options": {"return_context": True}}}
        generic: list[dict[str, Any]] = [{"response_type": "text", "text": answer}]
        if k == 1:
            generic.append({"response_type": "suggestion", "title": "Did you mean:",
                            "suggestions": [{"label": "Troubleshoot health checks",
                                             "value": {"input": {"text": "health checks"}}},
                                            {"label": "Scale machines",
                                             "value": {"input": {"text": "scaling"}}}]})
        logs.append({"log_id": ids.uuid(), "request": request,
                     "response": {"output": {"generic": generic,
                                             "intents": [] if not ask else [
                                                 {"intent": ["health_check", "migrations",
                                                             "scaling"][k - 1],
                                                  "confidence": round(0.7 + 0.09 * k, 3)}],
                                             "entities": []},
                                  "context": {"global": {"system": {"turn_count": k + 1},
                                                         "session_id": session}}},
                     "assistant_id": "b6f1c2d4-7e2a-4d5b-9c61-8a1f0e3b5d72",
                     "session_id": session, "skill_id": "5e0a7f3c-1d2b-4c8e-a9f6-3b7d2e1c0a94",
                     "snapshot": "draft", "request_timestamp": when,
                     "response_timestamp": when,
                     "language": "en", "customer_id": ""})
    doc = {"logs": logs, "pagination": {}}
    return Chat("assistant_logs.json", _dump(doc), _asks(SUPPORT))


# ---- a twenty-second pass: support widgets' transcripts, a help desk's articles, a
# contact centre's history, voice agents' calls, chat SDKs' channels and a team server's chat

def tawkto_transcript() -> Chat:
    """tawk.to's ``chat:transcript_created`` webhook: ``chat.messages`` oldest first, each
    told by ``sender.t`` (``v`` the visitor, ``a`` an agent, ``s`` the system's notices:
    the chat started, an agent joined, a file uploaded), the words in ``msg``, a trigger's
    automatic greeting sent as the agent, the visitor's details and the property beside."""
    ids = _Ids("tawkto")
    agent = {"t": "a", "n": "Lena Berg", "id": ids.hex()}
    visitor = {"t": "v", "n": "Ana Costa"}
    items: list[tuple[dict[str, Any], str, str]] = [
        ({"t": "s"}, "msg", "Chat started"),
        (agent, "msg", "Hi there! 👋 Our team usually replies in a few minutes."),
    ]
    for k, t in enumerate(BILL):
        assert isinstance(t, U | A)
        if isinstance(t, U):
            if t.image:
                items.append(({"t": "s"}, "file", "Ana Costa uploaded a file: bill_march.jpg"))
            items.append((visitor, "msg", t.text))
            if k == 0:
                items.append(({"t": "s"}, "msg", "Lena Berg joined the chat"))
        else:
            items.append((agent, "msg", t.text))
    items.append(({"t": "s"}, "msg", "Chat ended"))
    msgs = []
    for k, (sender, kind, text) in enumerate(items):
        m: dict[str, Any] = {"sender": sender, "type": kind, "msg": text,
                             "time": f"2024-03-28T09:{2 * k:02d}:{ids.r.randint(0, 59):02d}"
                                     f".{ids.r.randint(0, 999):03d}Z"}
        if kind == "file":
            m["attachment"] = {"file": "https://tawk.link/" + ids.hex(24) + "/f/bill_march.jpg",
                               "name": "bill_march.jpg", "mimeType": "image/jpeg",
                               "size": 219433}
        msgs.append(m)
    doc = {"event": "chat:transcript_created", "time": "2024-03-28T09:40:12.440Z",
           "property": {"id": ids.hex(), "name": "Brightwater Energy"},
           "chat": {"id": ids.hex(24), "visitor": {"name": "Ana Costa",
                                                   "email": "ana.costa@example.net",
                                                   "city": "Porto", "country": "PT"},
                    "messages": msgs}}
    return Chat("tawkto_transcript.json", _dump(doc), _asks(BILL),
                [*_answers(BILL), *(text for sender, _, text in items if sender["t"] != "v")])


def zammad_articles() -> Chat:
    """Zammad's ``GET /api/v1/ticket_articles/by_ticket/:id``: a list of articles oldest
    first, told by ``sender`` (``Customer`` / ``Agent`` / ``System``) and ``type`` (``web``,
    ``note``, ``email``), HTML ``body`` beside ``content_type``, an internal note
    (``internal`` true), the system's automatic confirmation mail and an attachment's
    metadata in ``attachments``."""
    note = "Meter was replaced on 28 Feb, the March reading may be the installer's estimate."
    auto = ("Thank you for your request (#40117). We have received it and will get back to "
            "you as soon as possible. Your Brightwater Support Team")
    said: list[tuple[str, str, str, bool]] = []
    for k, t in enumerate(BILL):
        assert isinstance(t, U | A)
        if isinstance(t, U):
            said.append(("Customer", "web", t.text, bool(t.image)))
            if k == 0:
                said.append(("System", "email", auto, False))
        else:
            said.append(("Agent", "web", t.text, False))
            if k == 1:
                said.append(("Agent", "note", note, False))
    arts = []
    for k, (sender, kind, text, image) in enumerate(said):
        by = {"Customer": "ana.costa@example.net", "Agent": "lena.berg@brightwater.example",
              "System": "-"}[sender]
        html = "".join(f"<div>{_esc(p)}</div>" for p in text.split("\n"))
        when = f"2024-03-28T09:{3 * k:02d}:{(17 * k) % 60:02d}.{(311 * k) % 1000:03d}Z"
        arts.append({
            "id": 118400 + k, "ticket_id": 40117, "type_id": {"web": 11, "note": 10,
                                                              "email": 1}[kind],
            "sender_id": {"Customer": 2, "Agent": 1, "System": 3}[sender],
            "from": {"Customer": "Ana Costa <ana.costa@example.net>",
                     "Agent": "Lena Berg via Brightwater <support@brightwater.example>",
                     "System": "Brightwater <support@brightwater.example>"}[sender],
            "to": None if kind == "note" else ("Brightwater" if sender == "Customer"
                                               else "ana.costa@example.net"),
            "cc": None, "subject": "March bill" if k == 0 else None, "reply_to": None,
            "message_id": None if sender != "System" else f"<{20240328090000 + k}@zammad>",
            "message_id_md5": None, "in_reply_to": None, "content_type": "text/html",
            "references": None, "body": html, "internal": kind == "note",
            "preferences": {"send-auto-response": False, "is-auto-response": True}
            if sender == "System" else {},
            "updated_by_id": 3 if sender != "System" else 1,
            "created_by_id": 3 if sender == "Customer" else (5 if sender == "Agent" else 1),
            "origin_by_id": None, "created_at": when, "updated_at": when,
            "detected_language": "en",
            "attachments": [{"id": 8812, "store_file_id": 9031, "filename": "bill_march.jpg",
                             "size": "219433", "preferences": {
                                 "Mime-Type": "image/jpeg", "Content-ID": None,
                                 "resizable": True, "content_preview": True}}] if image else [],
            "type": kind, "sender": sender, "created_by": by, "updated_by": by,
            "time_unit": None})
    return Chat("ticket_40117_articles.json", _dump(arts), _asks(BILL),
                [*_answers(BILL), note, auto, *(a["from"] for a in arts)])


def liveperson_history() -> Chat:
    """LivePerson's Messaging Interactions API (``conversations/search``):
    ``conversationHistoryRecords`` whose ``messageRecords`` carry ``sentBy`` (``Consumer`` /
    ``Agent``), the words in ``messageData.msg.text``, a bot agent's welcome and a
    quick-replies structured message, ``agentParticipants``, ``transfers``,
    ``messageStatuses`` and the agent's ``summary`` of the conversation."""
    ids = _Ids("liveperson")
    conv = ids.uuid()
    bot, agent = "4ab12e8a-5c1d-4bb0-9a0f-2f3c7d0e1a55", "c0b8a9d2-6e31-4f7a-8b1e-5d2a9f4c3e10"
    consumer = ids.uuid()
    summary = "Trip planning for two in Lisbon, early May; budget shared, no booking yet."
    said: list[tuple[str, str, str]] = [
        (bot, "Agent", "Olá! Welcome to Lisboa Trips. A travel planner will be with you "
                       "shortly.")]
    said += [(consumer, "Consumer", t.text) if isinstance(t, U) else (agent, "Agent", t.text)
             for t in ITINERARY if isinstance(t, U | A)]
    base = 1714464000000
    records = []
    for k, (pid, by, text) in enumerate(said):
        records.append({
            "type": "TEXT_PLAIN", "messageData": {"msg": {"text": text}},
            "messageId": f"ms::conv:{conv}::msg:{k}", "audience": "ALL", "seq": k,
            "dialogId": conv, "participantId": pid, "source": "APP" if by == "Consumer"
            else "AGENT", "time": f"2024-04-30 08:{2 * k:02d}:{(13 * k) % 60:02d}.{k}24+0000",
            "timeL": base + 120000 * k + 13000 * k, "device": "DESKTOP" if by == "Consumer"
            else "NA", "sentBy": by,
            "contextData": {"rawMetadata": "[]", "structuredMetadata": []}})
        if k == 0:
            records.append({
                "type": "RICH_CONTENT", "messageData": {"richContent": {"content": json.dumps({
                    "type": "vertical", "elements": [
                        {"type": "text", "text": "What can we help you with?"},
                        {"type": "button", "title": "Plan a trip", "click": {"actions": [
                            {"type": "publishText", "text": "Plan a trip"}]}}]})}},
                "messageId": f"ms::conv:{conv}::msg:{k}b", "audience": "ALL", "seq": k,
                "dialogId": conv, "participantId": bot, "source": "AGENT",
                "time": "2024-04-30 08:00:01.224+0000", "timeL": base + 1000,
                "device": "NA", "sentBy": "Agent", "contextData": {"rawMetadata": "[]"}})
    rec = {"info": {"startTime": "2024-04-30 08:00:00.000+0000", "startTimeL": base,
                    "endTime": "2024-04-30 08:15:40.000+0000", "endTimeL": base + 940000,
                    "duration": 940000, "conversationId": conv, "brandId": "71829041",
                    "latestAgentId": agent, "latestAgentNickname": "Inês",
                    "latestAgentFullName": "Inês Costa", "latestSkillName": "Trips",
                    "source": "APP", "mcs": 62, "alertedMCS": 1, "status": "CLOSE",
                    "fullDialogStatus": "CLOSE", "firstConversation": True,
                    "device": "DESKTOP", "browser": "CHROME", "operatingSystem": "WINDOWS",
                    "latestQueueState": "ACTIVE", "isPartial": False},
           "messageRecords": records,
           "agentParticipants": [
               {"agentFullName": "Welcome Bot", "agentNickname": "LisboaBot",
                "agentLoginName": "welcome.bot", "agentId": bot, "userType": "2",
                "userTypeName": "Bot", "role": "ASSIGNED_AGENT",
                "time": "2024-04-30 08:00:00.512+0000", "timeL": base + 512,
                "permission": "ASSIGNED_AGENT"},
               {"agentFullName": "Inês Costa", "agentNickname": "Inês",
                "agentLoginName": "ines", "agentId": agent, "userType": "1",
                "userTypeName": "Human", "role": "ASSIGNED_AGENT",
                "time": "2024-04-30 08:01:20.100+0000", "timeL": base + 80100,
                "permission": "ASSIGNED_AGENT"}],
           "consumerParticipants": [{"participantId": consumer, "time":
                                     "2024-04-30 08:00:00.000+0000", "timeL": base,
                                     "consumerName": "Lena Hoffmann", "dialogId": conv}],
           "transfers": [{"timeL": base + 80000, "time": "2024-04-30 08:01:20.000+0000",
                          "assignedAgentId": agent, "targetSkillId": "3611", "reason":
                          "Agent", "by": bot, "sourceSkillName": "Bot", "dialogId": conv}],
           "messageStatuses": [{"messageId": f"ms::conv:{conv}::msg:{k}", "seq": k,
                                "time": "2024-04-30 08:15:00.000+0000", "timeL": base + 900000,
                                "participantId": consumer, "participantType": "Consumer",
                                "messageDeliveryStatus": "READ", "dialogId": conv}
                               for k in range(1, len(said), 2)],
           "summary": {"text": summary, "lastUpdatedTime": base + 950000},
           "sdes": {"events": []}, "conversationSurveys": []}
    doc = {"_metadata": {"count": 1, "self": {"rel": "self", "href": "https://va.msghist."
                                                                     "liveperson.net/"
                                                                     "messaging_history/api/"
                                                                     "account/71829041/"
                                                                     "conversations/search"}},
           "conversationHistoryRecords": [rec]}
    return Chat("conversations_search.json", _dump(doc), _asks(ITINERARY),
                [*_answers(ITINERARY), said[0][2], summary, "What can we help you with?",
                 "Plan a trip"])


def elevenlabs_conversation() -> Chat:
    """ElevenLabs' ``GET /v1/convai/conversations/:id``: ``transcript`` turns of ``role``
    ``agent`` / ``user`` (the agent's first message opens it), ``message`` null on a turn
    that only calls a tool, ``tool_calls`` and ``tool_results`` beside, ``time_in_call_secs``
    and per-turn metrics, then ``metadata`` and the ``analysis`` (a summary of the call)."""
    ids = _Ids("elevenlabs")
    summary = ("The caller fixed a failing health check, asked how to run migrations on "
               "release and how to keep one machine running; all were answered.")
    docs_hit = ("fly.toml reference: [deploy] release_command runs a command in a temporary "
                "Machine before the new release is rolled out.")
    turns: list[dict[str, Any]] = []
    clock = 0

    def turn(role: str, message: str | None, **kw: Any) -> None:
        nonlocal clock
        turns.append({"role": role, "agent_metadata": {"agent_id": "agent_01hx" + ids.hex(10)}
                      if role == "agent" else None, "message": message,
                      "multivoice_message": None, "tool_calls": [], "tool_results": [],
                      "feedback": None, "llm_override": None, "time_in_call_secs": clock,
                      "conversation_turn_metrics": {"metrics": {"convai_llm_service_ttfb": {
                          "elapsed_time": round(0.31 + (clock % 7) / 20, 3)}}}
                      if role == "agent" else None,
                      "rag_retrieval_info": None, "llm_usage": None, "interrupted": False,
                      "original_message": None, "source_medium": None, **kw})
        clock += 9 + len(message or "") // 16

    turn("agent", "Hi, this is the Shipfast deploy help line. How can I help?")
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        if isinstance(t, U):
            turn("user", t.text)
        else:
            if k == 3:
                rid = "toolu_" + ids.hex(12)
                turn("agent", None, tool_calls=[{
                    "type": "system", "request_id": rid, "tool_name": "search_docs",
                    "params_as_json": json.dumps({"query": "release_command migrations"}),
                    "tool_has_been_called": True, "tool_details": None}],
                    tool_results=[{"request_id": rid, "tool_name": "search_docs",
                                   "result_value": docs_hit, "is_error": False,
                                   "tool_has_been_called": True, "tool_latency_secs": 0.41,
                                   "type": "system"}])
            turn("agent", t.text)
    doc = {"agent_id": "agent_01hx" + ids.hex(10), "conversation_id": "conv_" + ids.hex(20),
           "status": "done", "user_id": None, "transcript": turns,
           "metadata": {"start_time_unix_secs": 1713636000, "accepted_time_unix_secs":
                        1713636000, "call_duration_secs": clock, "cost": 412,
                        "deletion_settings": {"deletion_time_unix_secs": None},
                        "feedback": {"overall_score": None, "likes": 0, "dislikes": 0},
                        "authorization_method": "signed_url", "charging": {"dev_discount":
                                                                            False},
                        "termination_reason": "end_call tool was called."},
           "analysis": {"evaluation_criteria_results": {}, "data_collection_results": {},
                        "call_successful": "success", "transcript_summary": summary},
           "conversation_initiation_client_data": {
               "conversation_config_override": {"agent": {"prompt": None,
                                                          "first_message": None,
                                                          "language": "en"}},
               "custom_llm_extra_body": {}, "dynamic_variables": {
                   "system__agent_id": "agent_01hx", "system__caller_id": None}},
           "has_audio": True, "has_user_audio": True, "has_response_audio": True}
    return Chat("conversation.json", _dump(doc), _asks(SUPPORT),
                [*_answers(SUPPORT), turns[0]["message"], docs_hit, summary])


def vapi_call() -> Chat:
    """Vapi's ``GET /call/:id``: ``messages`` with ``role`` ``system`` (the prompt),
    ``bot`` and ``user`` (the words in ``message``, ``time`` / ``secondsFromStart``), a tool's
    call and result as roles ``tool_calls`` / ``tool_call_result``; beside them the whole
    ``transcript`` as ``AI:`` / ``User:`` text, a ``summary`` and an ``analysis``."""
    ids = _Ids("vapi")
    prompt = ("You are Ria, the phone assistant of Lisboa Trips. Keep answers short and "
              "friendly; never quote prices you have not looked up.")
    summary = ("The caller planned a three-day trip to Lisbon for two, asked where to stay "
               "and for a daily budget.")
    found = '{"hotels":[{"area":"Baixa","from":105},{"area":"Chiado","from":118}]}'
    start = 1714464000000
    msgs: list[dict[str, Any]] = [{"role": "system", "message": prompt, "time": start,
                                   "secondsFromStart": 0}]
    lines = []
    clock = 0.0
    greet = "Hi, this is Ria from Lisboa Trips. How can I help you today?"
    said: list[tuple[str, str]] = [("bot", greet)]
    said += [("user", t.text) if isinstance(t, U) else ("bot", t.text)
             for t in ITINERARY if isinstance(t, U | A)]
    for k, (role, text) in enumerate(said):
        if k == 4:
            cid = "call_" + ids.hex(12)
            msgs.append({"role": "tool_calls", "toolCalls": [{
                "id": cid, "type": "function", "function": {
                    "name": "hotel_rates", "arguments": json.dumps({"city": "Lisbon"})}}],
                "message": "", "time": start + int(clock * 1000),
                "secondsFromStart": round(clock, 2)})
            msgs.append({"role": "tool_call_result", "toolCallId": cid, "name": "hotel_rates",
                         "result": found, "time": start + int(clock * 1000) + 700,
                         "secondsFromStart": round(clock + 0.7, 2)})
        dur = 1.4 + len(text) / 14
        msgs.append({"role": role, "message": text, "time": start + int(clock * 1000),
                     "endTime": start + int((clock + dur) * 1000),
                     "secondsFromStart": round(clock, 2), "duration": round(dur * 1000),
                     **({"source": ""} if role == "bot" else {})})
        lines.append(("AI: " if role == "bot" else "User: ") + text)
        clock += dur + 0.9
    doc = {"id": ids.uuid(), "orgId": ids.uuid(), "type": "webCall",
           "createdAt": "2024-04-30T08:00:00.000Z", "updatedAt": "2024-04-30T08:03:12.418Z",
           "startedAt": "2024-04-30T08:00:00.211Z", "endedAt": "2024-04-30T08:02:58.904Z",
           "cost": 0.1377, "costBreakdown": {"transport": 0, "stt": 0.0161, "llm": 0.0044,
                                             "tts": 0.0422, "vapi": 0.075, "total": 0.1377},
           "messages": msgs, "status": "ended", "endedReason": "customer-ended-call",
           "transcript": "\n".join(lines) + "\n", "summary": summary,
           "recordingUrl": "https://storage.vapi.ai/" + ids.uuid() + "-1714464178904.wav",
           "analysis": {"summary": summary, "successEvaluation": "true"},
           "assistantId": ids.uuid(), "webCallUrl": "https://vapi.daily.co/" + ids.hex(20)}
    return Chat("call.json", _dump(doc), _asks(ITINERARY),
                [*_answers(ITINERARY), greet, prompt, summary, found, doc["transcript"]])


def sendbird_messages() -> Chat:
    """Sendbird's Platform API ``GET /v3/group_channels/:url/messages``: ``messages``
    oldest first typed ``MESG`` (words in ``message``), ``FILE`` (a ``file`` object, no
    words) and ``ADMM`` (an admin's notice, no ``user``), each with the sender as a
    ``user`` object, ``custom_type``, ``data`` and ``created_at`` in milliseconds."""
    ids = _Ids("sendbird")
    url = "sendbird_group_channel_" + ids.num()[:9] + "_" + ids.hex(40)
    ana = {"user_id": "ana_costa_71", "nickname": "Ana", "profile_url": "",
           "require_auth_for_profile_image": False, "metadata": {}, "role": "",
           "is_active": True}
    bot = {"user_id": "brightwater_helper", "nickname": "Brightwater Helper",
           "profile_url": "https://static.sendbird.com/sample/profiles/bot.png",
           "require_auth_for_profile_image": False, "metadata": {"bot": "true"},
           "role": "operator", "is_active": True}
    admin = "This conversation may be recorded to improve our service."
    base = 1711616400000
    msgs: list[dict[str, Any]] = []

    def msg(kind: str, user: dict[str, Any] | None, text: str, **kw: Any) -> None:
        m: dict[str, Any] = {"type": kind, "message_id": 7310021000 + len(msgs) * 37,
                             "message": text, "custom_type": "", "data": "",
                             "created_at": base + 61000 * len(msgs), "updated_at": 0,
                             "channel_url": url, "channel_type": "group",
                             "mention_type": "users", "mentioned_users": [],
                             "is_removed": False, "translations": {},
                             "message_survival_seconds": -1, "is_op_msg": user is bot,
                             "silent": False, "message_retention_hour": -1, **kw}
        if user is not None:
            m["user"] = user
        msgs.append(m)

    msg("ADMM", None, admin)
    for t in BILL:
        assert isinstance(t, U | A)
        if isinstance(t, U):
            if t.image:
                msg("FILE", ana, "", file={
                    "url": f"https://file-eu-1.sendbird.com/{ids.hex(32)}.jpg",
                    "name": "bill_march.jpg", "type": "image/jpeg", "size": 219433,
                    "data": ""}, thumbnails=[{"url": f"https://file-eu-1.sendbird.com/"
                                                    f"{ids.hex(32)}.jpg", "width": 240,
                                             "height": 340}], require_auth=False)
            msg("MESG", ana, t.text)
        else:
            msg("MESG", bot, t.text, custom_type="bot_reply",
                data=json.dumps({"model": "support-v2", "confidence": 0.91}))
    return Chat("messages.json", _dump({"messages": msgs}), _asks(BILL), [*_answers(BILL), admin])


def stream_chat_channel() -> Chat:
    """Stream Chat's channel query (``POST /channels/messaging/:id/query``): ``messages``
    oldest first, ``type`` ``regular`` or ``system``, the words in ``text`` and again as
    ``html``, the sender a ``user`` object, a file as an ``attachments`` item with its
    ``asset_url``, the AI bot's replies flagged ``ai_generated``, then ``members`` and
    ``read`` beside the ``channel``."""
    ids = _Ids("stream")
    cid = "messaging:" + ids.hex(12)
    dan = {"id": "dan-whitfield", "name": "Dan Whitfield", "role": "user",
           "image": "https://getstream.io/random_png/?name=Dan", "online": False,
           "banned": False, "created_at": "2023-11-02T10:12:40.118Z",
           "updated_at": "2024-05-02T07:00:13.019Z", "last_active": "2024-05-02T07:41:02.774Z"}
    bot = {"id": "ai-bot", "name": "Analyst", "role": "user", "image": "", "online": True,
           "banned": False, "created_at": "2024-01-10T09:00:00.000Z",
           "updated_at": "2024-01-10T09:00:00.000Z", "last_active": "2024-05-02T07:41:05.000Z"}
    msgs: list[dict[str, Any]] = []

    def msg(kind: str, user: dict[str, Any], text: str, **kw: Any) -> None:
        when = f"2024-05-02T07:{10 + 3 * len(msgs):02d}:{ids.r.randint(0, 59):02d}.{ids.r.randint(0, 999):03d}Z"
        html = "".join(f"<p>{_esc(p)}</p>\n" for p in text.split("\n") if p) if kind == "regular" else ""
        msgs.append({"id": ids.uuid(), "text": text, "html": html, "type": kind, "user": user,
                     "attachments": [], "latest_reactions": [], "own_reactions": [],
                     "reaction_counts": {}, "reaction_scores": {}, "reply_count": 0,
                     "deleted_reply_count": 0, "cid": cid, "created_at": when,
                     "updated_at": when, "shadowed": False, "mentioned_users": [],
                     "silent": False, "pinned": False, "pinned_at": None,
                     "pinned_by": None, "pin_expires": None, **kw})

    msg("system", dan, "Analyst joined the channel.")
    for t in SALES:
        assert isinstance(t, U | A)
        if isinstance(t, U):
            extra: dict[str, Any] = {}
            if t.attach:
                extra["attachments"] = [{
                    "type": "file", "title": t.attach[0], "mime_type": "text/csv",
                    "file_size": len(t.attach[1]),
                    "asset_url": "https://us-east.stream-io-cdn.com/1234567/attachments/"
                                 + ids.uuid() + "." + t.attach[0]}]
            msg("regular", dan, t.text, **extra)
        else:
            msg("regular", bot, t.text, ai_generated=True)
    doc = {"channel": {"id": cid.split(":")[1], "type": "messaging", "cid": cid,
                       "created_at": "2024-05-02T07:09:58.120Z",
                       "updated_at": "2024-05-02T07:09:58.120Z",
                       "created_by": dan, "frozen": False, "disabled": False,
                       "member_count": 2, "config": {"name": "messaging", "typing_events": True,
                                                     "read_events": True, "replies": True,
                                                     "uploads": True, "url_enrichment": True,
                                                     "max_message_length": 5000}},
           "messages": msgs, "pinned_messages": [], "watcher_count": 1,
           "read": [{"user": dan, "last_read": msgs[-1]["created_at"], "unread_messages": 0},
                    {"user": bot, "last_read": msgs[-1]["created_at"], "unread_messages": 0}],
           "members": [{"user_id": u["id"], "user": u, "created_at": "2024-05-02T07:09:58.120Z",
                        "updated_at": "2024-05-02T07:09:58.120Z", "banned": False,
                        "shadow_banned": False, "role": "owner" if u is dan else "member",
                        "channel_role": "channel_member"} for u in (dan, bot)],
           "duration": "14.21ms"}
    return Chat("channel_query.json", _dump(doc), _asks(SALES), [*_hidden(SALES), *_answers(SALES),
                                                              "Analyst joined the channel."])


def nextcloud_talk() -> Chat:
    """Nextcloud Talk's ``GET /ocs/v2.php/apps/spreed/api/v1/chat/:token`` (looking into the
    past: newest first) inside the ``ocs`` envelope: messages told by ``actorType``
    (``users``, ``bots``) and ``actorId``, ``messageType`` ``comment`` or ``system``
    (the conversation made, a bot added, both with ``{actor}`` placeholders filled from
    ``messageParameters``), a shared file as ``{file}`` with its parameters."""
    said: list[tuple[str, str, str, str, str, dict[str, Any]]] = []
    me = ("users", "lena", "Lena Hoffmann")
    bot = ("bots", "bot-7c1e2f0a9b3d", "Assistant")
    said.append(("system", *me, "{actor} created the conversation",
                 {"actor": {"type": "user", "id": "lena", "name": "Lena Hoffmann"}}))
    said.append(("system", *me, "{actor} enabled bot {bot}",
                 {"actor": {"type": "user", "id": "lena", "name": "Lena Hoffmann"},
                  "bot": {"type": "highlight", "id": "7", "name": "Assistant"}}))
    for t in BILL:
        assert isinstance(t, U | A)
        if isinstance(t, U):
            if t.image:
                said.append(("comment", *me, "{file}", {"file": {
                    "type": "file", "id": "20481", "name": "bill_march.jpg", "size": 219433,
                    "path": "Talk/bill_march.jpg", "link": "https://cloud.example.org/f/20481",
                    "etag": "5c1f0b7e2a", "permissions": 27, "mimetype": "image/jpeg",
                    "preview-available": "yes", "width": 1240, "height": 1754}}))
            said.append(("comment", *me, t.text, {}))
        else:
            said.append(("comment", *bot, t.text, {}))
    data = []
    for k, (kind, atype, aid, name, text, params) in enumerate(said):
        data.append({"id": 4410 + k, "token": "x7k2p9qa", "actorType": atype,
                     "actorId": aid, "actorDisplayName": name,
                     "timestamp": 1711616400 + 83 * k, "message": text,
                     "messageParameters": params or [],
                     "systemMessage": "" if kind == "comment" else
                     ("conversation_created" if k == 0 else "bot_enabled"),
                     "messageType": kind, "isReplyable": kind == "comment",
                     "referenceId": "" if atype == "bots" else f"{k:064x}",
                     "reactions": {}, "expirationTimestamp": 0, "markdown": True})
    data.reverse()
    doc = {"ocs": {"meta": {"status": "ok", "statuscode": 200, "message": "OK"},
                   "data": data}}
    return Chat("talk_chat.json", _dump(doc), _asks(BILL),
                [*_answers(BILL), "{actor} created the conversation",
                 "{actor} enabled bot {bot}", "{file}"])


# ---- a twenty-third pass: a CLI's session in YAML, a chat UI's export with saved prompts,
# XMPP clients' logs (pipe columns, Lisp vectors), a server's portable export in XML, a team
# chat's realm export by ids and two chat APIs' pages (newest first, a map in an order)

def _yaml_str(text: str, indent: str) -> str:
    """A string as serde_yaml writes it: plain when safe, a ``|-`` block over lines, else
    single-quoted."""
    if "\n" in text:
        return "|-\n" + "".join(f"{indent}  {ln}\n" if ln else "\n"
                                for ln in text.split("\n")).rstrip("\n")
    if (not text or text[0] in "!&*-?:,[]{}#|>@`\"'%" or ": " in text or " #" in text
            or text.endswith(":") or text.strip() != text):
        return "'" + text.replace("'", "''") + "'"
    return text


def aichat_session() -> Chat:
    """aichat's session file (``sessions/<name>.yaml``, serde_yaml): the session's settings,
    then ``messages`` — the role's system prompt, ``user`` asks, and ``assistant`` messages
    whose ``content`` is either words or a map of ``tool_results`` (each call's name,
    arguments and id beside its ``output``) and the words said before the calls."""
    ids = _Ids("aichat")
    out = ["model: openai:gpt-4o", "temperature: null", "top_p: null",
           "use_tools: fs,execute_command", "save_session: true",
           "compress_threshold: 4000", "role_name: coder", "agent_variables: {}",
           "agent_instructions: ''", "compressed_messages: []", "messages:",
           "- role: system", "  content: " + _yaml_str(SYSTEM, "  ")]
    pending: list[T] = []

    def flush(text: str) -> None:
        out.extend(["- role: assistant", "  content:", "    tool_results:"])
        for t in pending:
            out.append("    - call:")
            out.append(f"        name: {t.name}")
            out.append("        arguments:")
            for k, v in t.args.items():
                out.append(f"          {k}: " + _yaml_str(str(v), "          "))
            out.append(f"        id: call_{ids.hex(24)}")
            out.append("      output: " + _yaml_str(t.output, "      "))
        out.append("    text: " + _yaml_str(text, "    "))
        out.append("    sequence: false")
        pending.clear()

    said = ""
    for t in CODING:
        if isinstance(t, T):
            pending.append(t)
            continue
        if pending:
            flush(said)
            said = ""
        if isinstance(t, U):
            out += ["- role: user", "  content: " + _yaml_str(t.text, "  ")]
        elif isinstance(t, A):
            out += ["- role: assistant", "  content: " + _yaml_str(t.text, "  ")]
    out.append("data_urls: {}")
    return Chat("flask-login.yaml", "\n".join(out) + "\n", _asks(CODING),
                [*_hidden(CODING), SYSTEM, *_answers(CODING)], every_ask=True)


def chatbot_ui_export() -> Chat:
    """Chatbot UI's exported data (``chatbot_ui_history_<date>.json``, version 4): ``history``
    of conversations (``messages`` of ``role`` / ``content``, the model, the system
    ``prompt``, a folder), ``folders`` and the user's saved ``prompts`` — templates with a
    ``content`` of their own that nobody asked in a chat."""
    ids = _Ids("chatbotui")
    model = {"id": "gpt-4", "name": "GPT-4", "maxLength": 24000, "tokenLimit": 8000}
    default = ("You are ChatGPT, a large language model trained by OpenAI. Follow the user's "
               "instructions carefully. Respond using markdown.")
    folder = ids.uuid()
    history = []
    for name, script in (("Lisbon in May", ITINERARY), ("March electricity bill", BILL)):
        history.append({"id": ids.uuid(), "name": name, "messages": [
            {"role": "user" if isinstance(t, U) else "assistant", "content": t.text}
            for t in script if isinstance(t, U | A)], "model": model, "prompt": default,
            "temperature": 0.5, "folderId": folder if script is ITINERARY else None})
    templates = [
        ("Translate", "Translate the following text into {{language}} and keep the tone: "
                      "{{text}}"),
        ("Code review", "Review this code for bugs, naming and tests. List the problems "
                        "first, then a corrected version: {{code}}")]
    prompts = [{"id": ids.uuid(), "name": n, "description": "", "content": c,
                "model": model, "folderId": None} for n, c in templates]
    doc = {"version": 4, "history": history,
           "folders": [{"id": folder, "name": "Travel", "type": "chat"}], "prompts": prompts}
    return Chat("chatbot_ui_history_5-2-2024.json", _dump(doc),
                [*_asks(ITINERARY), *_asks(BILL)],
                [*_answers(ITINERARY), *_answers(BILL), default, *(c for _, c in templates)],
                every_ask=True)


def psi_history() -> Chat:
    """Psi's history file of an XMPP contact (``history/<jid>.history``): one message a
    line as ``|time|type|from or to|flags|words``, newlines written ``\\n`` and a bar
    ``\\p``; a chat-state line with no words and a link's message between."""
    lines = []
    for k, t in enumerate(SUPPORT, 1):
        assert isinstance(t, U | A)
        way = "to" if isinstance(t, U) else "from"
        text = t.text.replace("\\", "\\\\").replace("|", "\\p").replace("\n", "\\n")
        lines.append(f"|2024-04-20T10:{2 * k:02d}:{(7 * k + 5) % 60:02d}|1|{way}|N---|{text}")
        if k == 2:
            lines.append(f"|2024-04-20T10:{2 * k:02d}:43|1|from|N--U|"
                         "https://fly.io/docs/reference/configuration/#the-deploy-section")
    return Chat("support@fly.example.history", "\n".join(lines) + "\n", _asks(SUPPORT),
                _answers(SUPPORT), every_ask=True)


def jabber_el_history() -> Chat:
    """Emacs jabber.el's history file: one message a line as a Lisp vector of five strings
    — the time (XEP-0082), ``in`` or ``out``, the sender (``me`` or a JID), the recipient and
    the words, with ``\\"`` and real newlines escaped as ``\\n``."""
    them = "planner@trips.example"

    def q(s: str) -> str:
        return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'

    lines = []
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        when = f"2024-04-30T08:{3 * k:02d}:{(11 * k) % 60:02d}+02:00"
        who = ("out", "me", them) if isinstance(t, U) else ("in", them, "me")
        lines.append("[" + " ".join(q(x) for x in (when, *who, t.text)) + "]")
    return Chat(them, "\n".join(lines) + "\n", _asks(ITINERARY), _answers(ITINERARY),
                every_ask=True)


def xmpp_pie_export() -> Chat:
    """An XMPP server's portable export (XEP-0227, ``urn:xmpp:pie:0``): a ``host`` and its
    ``user`` with roster and vCard, then the message archive (``#mam``) of XEP-0313
    ``result`` / ``forwarded`` elements, each a ``delay`` stamp beside a ``message`` whose
    ``from`` / ``to`` are full JIDs and whose words are ``body``; chat states and receipts
    between."""
    ids = _Ids("pie")
    me, them = "sam@chat.example", "support@fly.example"
    out = ["<?xml version='1.0' encoding='UTF-8'?>",
           "<server-data xmlns='urn:xmpp:pie:0'>", "  <host jid='chat.example'>",
           "    <user name='sam' password='' createdTimestamp='2023-11-02T09:12:44Z'>",
           "      <query xmlns='jabber:iq:roster' ver='4'>",
           f"        <item jid='{them}' name='Fly Support' subscription='both'>"
           "<group>Work</group></item>", "      </query>",
           "      <vCard xmlns='vcard-temp'><FN>Sam Novak</FN></vCard>",
           "      <archive xmlns='urn:xmpp:pie:0#mam'>"]
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        frm, to = (f"{me}/laptop", them) if isinstance(t, U) else (f"{them}/desk", me)
        stamp = f"2024-04-20T10:{2 * k:02d}:{(13 * k) % 60:02d}Z"
        out += [f"        <result xmlns='urn:xmpp:mam:2' id='{ids.hex(16)}'>",
                "          <forwarded xmlns='urn:xmpp:forward:0'>",
                f"            <delay xmlns='urn:xmpp:delay' stamp='{stamp}'/>",
                f"            <message xmlns='jabber:client' from='{frm}' to='{to}' "
                f"type='chat' id='{ids.uuid()}'>",
                f"              <body>{_esc(t.text)}</body>",
                "              <active xmlns='http://jabber.org/protocol/chatstates'/>",
                "              <request xmlns='urn:xmpp:receipts'/>",
                "            </message>", "          </forwarded>", "        </result>"]
    out += ["      </archive>", "    </user>", "  </host>", "</server-data>"]
    return Chat("chat.example.xml", "\n".join(out) + "\n", _asks(SUPPORT), _answers(SUPPORT),
                every_ask=True)


def zulip_realm_export() -> Chat:
    """A Zulip organization export's ``messages-000001.json``: ``zerver_message`` rows whose
    ``sender`` and ``recipient`` are numeric ids (the names live in another file),
    ``content`` in Markdown beside its ``rendered_content`` HTML, a ``subject`` (the
    topic), ``date_sent`` as seconds; then ``zerver_usermessage`` flags for each reader."""
    person, bot = 11, 27
    msgs, flags = [], []
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        mid = 5301 + k
        html = "<p>" + _esc(t.text) + "</p>"
        msgs.append({"id": mid, "sender": person if isinstance(t, U) else bot,
                     "recipient": 19, "realm": 2, "subject": "Lisbon in May",
                     "content": t.text, "rendered_content": html,
                     "rendered_content_version": 1, "date_sent": 1714464000.0 + 95.5 * k,
                     "sending_client": 4 if isinstance(t, U) else 9,
                     "last_edit_time": None, "edit_history": None,
                     "has_attachment": False, "has_image": False, "has_link": False,
                     "type": 1})
        for uid in (person, bot):
            flags.append({"id": 90211 + 2 * k + (uid == bot), "user_profile": uid,
                          "message": mid, "flags_mask": 1 if uid == (
                              person if isinstance(t, U) else bot) else 0})
    doc = {"zerver_message": msgs, "zerver_usermessage": flags}
    return Chat("messages-000001.json", _dump(doc), _asks(ITINERARY), _answers(ITINERARY),
                every_ask=True)


def matrix_messages_api() -> Chat:
    """Matrix's ``GET /_matrix/client/v3/rooms/{roomId}/messages?dir=b``: a ``chunk`` of
    events newest first (``start`` / ``end`` tokens beside), ``m.room.message`` events of
    a person and a bot (``body`` and an HTML ``formatted_body``), a reaction, a read
    marker's state and the bot's joining as ``m.room.member``."""
    ids = _Ids("matrixapi")
    room = "!" + ids.hex(18) + ":matrix.example.org"
    me, bot = "@ana:matrix.example.org", "@billbot:matrix.example.org"
    base = 1711616400000
    events: list[dict[str, Any]] = [
        {"type": "m.room.member", "sender": bot, "state_key": bot,
         "content": {"membership": "join", "displayname": "Bill Helper"},
         "origin_server_ts": base, "event_id": "$" + ids.hex(43), "room_id": room,
         "unsigned": {"age": 4120000, "membership": "join"}}]
    for k, t in enumerate(BILL):
        assert isinstance(t, U | A)
        ts = base + 60000 * (k + 1)
        if isinstance(t, U) and t.image:
            events.append({"type": "m.room.message", "sender": me, "content": {
                "msgtype": "m.image", "body": "bill_march.jpg",
                "url": "mxc://matrix.example.org/" + ids.hex(24),
                "info": {"mimetype": "image/jpeg", "size": 219433, "w": 1240, "h": 1754}},
                "origin_server_ts": ts - 5000, "event_id": "$" + ids.hex(43),
                "room_id": room, "unsigned": {"age": 4000000 - 60000 * k}})
        content: dict[str, Any] = {"msgtype": "m.text", "body": t.text}
        if isinstance(t, A):
            content.update({"format": "org.matrix.custom.html",
                            "formatted_body": "<p>" + _esc(t.text) + "</p>"})
        ev = {"type": "m.room.message", "sender": me if isinstance(t, U) else bot,
              "content": content, "origin_server_ts": ts, "event_id": "$" + ids.hex(43),
              "room_id": room, "unsigned": {"age": 3990000 - 60000 * k}}
        events.append(ev)
        if k == 1:
            events.append({"type": "m.reaction", "sender": me, "content": {
                "m.relates_to": {"rel_type": "m.annotation", "event_id": ev["event_id"],
                                 "key": "👍"}}, "origin_server_ts": ts + 9000,
                "event_id": "$" + ids.hex(43), "room_id": room,
                "unsigned": {"age": 3980000 - 60000 * k}})
    events.reverse()
    doc = {"chunk": events, "start": "t47409-4357353_219380_26003_2265",
           "end": "t47398-4357343_219380_26003_2265"}
    return Chat("messages.json", _dump(doc), _asks(BILL), _answers(BILL), every_ask=True)


def mattermost_posts_api() -> Chat:
    """Mattermost's ``GET /api/v4/channels/{id}/posts``: ``posts`` a map of id -> post and
    ``order`` the ids newest first; posts of a person and a bot (``props.from_bot``), a
    system post of the bot joining (``type`` ``system_join_channel``), a file's ids and
    ``metadata``, and the paging ids beside."""
    ids = _Ids("mmapi")
    channel, person, bot = ids.hex(26), ids.hex(26), ids.hex(26)
    said: list[tuple[str, str, str]] = [(bot, "system_join_channel",
                                         "deploybot joined the channel.")]
    said += [(person if isinstance(t, U) else bot, "", t.text)
             for t in SUPPORT if isinstance(t, U | A)]
    posts: dict[str, Any] = {}
    order = []
    for k, (uid, kind, text) in enumerate(said):
        pid = ids.hex(26)
        at = 1713607200000 + 97000 * k
        post: dict[str, Any] = {
            "id": pid, "create_at": at, "update_at": at, "edit_at": 0, "delete_at": 0,
            "is_pinned": False, "user_id": uid, "channel_id": channel, "root_id": "",
            "original_id": "", "message": text, "type": kind,
            "props": {"username": "deploybot"} if kind else
            ({"from_bot": "true"} if uid == bot else {}),
            "hashtags": "", "pending_post_id": "", "reply_count": 0, "last_reply_at": 0,
            "participants": None, "metadata": {}}
        if k == 1:
            post["file_ids"] = [ids.hex(26)]
            post["metadata"] = {"files": [{"id": post["file_ids"][0], "name": "fly.toml",
                                           "extension": "toml", "size": 612,
                                           "mime_type": "application/toml"}]}
        posts[pid] = post
        order.append(pid)
    order.reverse()
    doc = {"order": order, "posts": posts, "next_post_id": "", "prev_post_id": "",
           "has_next": False, "first_inaccessible_post_time": 0}
    return Chat("posts.json", _dump(doc), _asks(SUPPORT),
                [*_answers(SUPPORT), "deploybot joined the channel."], every_ask=True)


# ---- a twenty-fifth pass -----------------------------------------------------------------

def adk_session() -> Chat:
    """An Agent Development Kit session as its API server returns it (``GET
    /apps/{app}/users/{user}/sessions/{id}``, camelCase): ``events`` whose ``author`` is
    ``user`` or the agent's name, ``content`` of ``parts`` with the role ``user`` / ``model``
    — a ``functionCall`` part in the model's event and the ``functionResponse`` handed back
    in an event of role ``user`` that the agent authored — ``actions`` with a state delta."""
    ids = _Ids("adk")
    agent, stamp = "code_helper", 1714557600.0
    events: list[dict[str, Any]] = []
    inv = ""

    def event(author: str, role: str, parts: list[dict[str, Any]], **more: Any) -> None:
        nonlocal stamp
        stamp += 3.217
        ev: dict[str, Any] = {"content": {"parts": parts, "role": role}}
        if role == "model":
            ev["usageMetadata"] = {"candidatesTokenCount": 40 + len(events),
                                   "promptTokenCount": 900 + 37 * len(events),
                                   "totalTokenCount": 940 + 38 * len(events)}
        ev.update({"invocationId": inv, "author": author,
                   "actions": {"stateDelta": more.pop("delta", {}), "artifactDelta": {},
                               "requestedAuthConfigs": {}},
                   **more, "id": ids.uuid(), "timestamp": round(stamp, 6)})
        events.append(ev)

    for t in CODING:
        if isinstance(t, U):
            inv = "e-" + ids.uuid()
            event("user", "user", [{"text": t.text}])
        elif isinstance(t, A):
            event(agent, "model", [{"text": t.text}])
        else:
            call = "adk-" + ids.uuid()
            event(agent, "model", [{"functionCall": {"id": call, "args": t.args,
                                                      "name": t.name}}],
                  longRunningToolIds=[])
            event(agent, "user", [{"functionResponse": {"id": call, "name": t.name,
                                                         "response": {"result": t.output}}}],
                  delta={"last_tool": t.name})
    doc = {"id": ids.uuid(), "appName": "flask_helper", "userId": "u_ana",
           "state": {"last_tool": "run_command"}, "events": events,
           "lastUpdateTime": round(stamp, 6)}
    return Chat("session.json", _dump(doc), _asks(CODING), [*_hidden(CODING), *_answers(CODING)],
                every_ask=True)


def llama_stack_session() -> Chat:
    """A Llama Stack agent's session (``GET /v1/agents/{id}/session/{id}``): ``turns``, each
    the person's ``input_messages``, its ``steps`` (``inference`` with the model's response
    and its ``tool_calls``, ``tool_execution`` with the calls and their ``tool_responses``)
    and the ``output_message`` that repeats the last inference's words."""
    ids = _Ids("llamastack")
    session = ids.uuid()
    turns: list[dict[str, Any]] = []
    clock = [0]

    def at() -> str:
        clock[0] += 2
        return f"2024-05-01T10:{clock[0] // 60:02d}:{clock[0] % 60:02d}.{clock[0] * 7919 % 999999:06d}"

    turn: dict[str, Any] = {}
    for t in [*CODING, U("")]:
        if isinstance(t, U):
            if turn:
                last = turn["steps"][-1]["model_response"]
                turn["output_message"] = dict(last)
                turn["output_attachments"] = []
                turn["completed_at"] = at()
                turns.append(turn)
            if not t.text:
                break
            tid = ids.uuid()
            turn = {"turn_id": tid, "session_id": session,
                    "input_messages": [{"role": "user", "content": t.text, "context": None}],
                    "steps": [], "started_at": at()}
            continue
        tid = turn["turn_id"]
        if isinstance(t, A):
            turn["steps"].append({"turn_id": tid, "step_id": ids.uuid(), "started_at": at(),
                                  "completed_at": at(), "step_type": "inference",
                                  "model_response": {"role": "assistant", "content": t.text,
                                                     "stop_reason": "end_of_turn",
                                                     "tool_calls": []}})
        else:
            call = {"call_id": ids.uuid(), "tool_name": t.name, "arguments": t.args}
            said = ""
            prev = turn["steps"][-1] if turn["steps"] else {}
            if prev.get("step_type") == "inference" and not prev["model_response"]["tool_calls"]:
                said = turn["steps"].pop()["model_response"]["content"]  # words with the call
            turn["steps"].append({"turn_id": tid, "step_id": ids.uuid(), "started_at": at(),
                                  "completed_at": at(), "step_type": "inference",
                                  "model_response": {"role": "assistant", "content": said,
                                                     "stop_reason": "end_of_message",
                                                     "tool_calls": [call]}})
            turn["steps"].append({"turn_id": tid, "step_id": ids.uuid(), "started_at": at(),
                                  "completed_at": at(), "step_type": "tool_execution",
                                  "tool_calls": [call], "tool_responses": [
                                      {"call_id": call["call_id"], "tool_name": t.name,
                                       "content": t.output, "metadata": None}]})
    doc = {"session_id": session, "session_name": "flask-login-fix", "turns": turns,
           "started_at": "2024-05-01T10:00:00.000000"}
    return Chat("session.json", _dump(doc), _asks(CODING), [*_hidden(CODING), *_answers(CODING)],
                every_ask=True)


_INSPECT_CONTINUE = ("Please proceed to the next step using your best judgement. If you "
                     "believe you have completed the task, please call the `submit()` tool.")


def inspect_eval_log() -> Chat:
    """An Inspect evaluation log in JSON (``inspect log dump``): the run's ``eval`` and
    ``plan`` (the system message as a solver's parameter), ``results``, then ``samples``
    whose ``messages`` carry ``source`` ``input`` / ``generate``, content lists, tool calls
    (``function`` / ``arguments``) and ``tool`` messages, the agent's fixed nudge sent as a
    ``user`` message, ``output``'s choice again, ``scores`` and model ``events`` whose
    ``input`` is the history so far."""
    ids = _Ids("inspect")
    ask = CODING[0]
    assert isinstance(ask, U)
    answer = ("The blueprint set permanent_session_lifetime, which Flask 3 refuses; move it "
              "to app.config['PERMANENT_SESSION_LIFETIME'] in the app factory.")
    msgs: list[dict[str, Any]] = [
        {"id": ids.hex(22), "content": SYSTEM, "role": "system"},
        {"id": ids.hex(22), "content": ask.text, "source": "input", "role": "user"}]
    calls = [t for t in CODING[:5] if isinstance(t, T)]
    said = CODING[1]
    assert isinstance(said, A)
    for k, t in enumerate(calls):
        cid = "call_" + ids.hex(24)
        msgs.append({"id": ids.hex(22), "content": [{"type": "text", "text": said.text}]
                     if k == 0 else "", "source": "generate", "role": "assistant",
                     "tool_calls": [{"id": cid, "function": t.name, "arguments": t.args,
                                     "type": "function"}], "model": "gpt-4o-2024-08-06"})
        msgs.append({"id": ids.hex(22), "content": t.output, "role": "tool",
                     "tool_call_id": cid, "function": t.name})
    explain = CODING[4]
    assert isinstance(explain, A)
    msgs.append({"id": ids.hex(22), "content": explain.text, "source": "generate",
                 "role": "assistant", "model": "gpt-4o-2024-08-06"})
    msgs.append({"id": ids.hex(22), "content": _INSPECT_CONTINUE, "role": "user"})
    cid = "call_" + ids.hex(24)
    final = {"id": ids.hex(22), "content": "", "source": "generate", "role": "assistant",
             "tool_calls": [{"id": cid, "function": "submit", "arguments": {"answer": answer},
                             "type": "function"}], "model": "gpt-4o-2024-08-06"}
    msgs.append(final)
    msgs.append({"id": ids.hex(22), "content": answer, "role": "tool", "tool_call_id": cid,
                 "function": "submit"})
    events = [{"timestamp": "2024-05-01T10:00:00.101+00:00", "event": "sample_init",
               "sample": {"input": ask.text, "target": "PERMANENT_SESSION_LIFETIME",
                          "id": "login-500"}, "state": {"messages": msgs[:2]}}]
    for k, m in enumerate(msgs):
        if m["role"] == "assistant":
            events.append({"timestamp": f"2024-05-01T10:00:{k + 1:02d}.5+00:00",
                           "event": "model", "model": "openai/gpt-4o", "input": msgs[:k],
                           "tools": [], "tool_choice": "auto", "config": {},
                           "output": {"model": "gpt-4o-2024-08-06", "choices": [
                               {"message": m, "stop_reason": "tool_calls"
                                if m.get("tool_calls") else "stop"}]}})
    sample = {"id": "login-500", "epoch": 1, "input": ask.text,
              "target": "PERMANENT_SESSION_LIFETIME", "messages": msgs,
              "output": {"model": "gpt-4o-2024-08-06",
                         "choices": [{"message": final, "stop_reason": "tool_calls"}],
                         "usage": {"input_tokens": 4120, "output_tokens": 212,
                                   "total_tokens": 4332}},
              "scores": {"includes": {"value": "C", "answer": answer,
                                      "explanation": answer}},
              "metadata": {}, "store": {}, "events": events}
    doc = {"version": 2, "status": "success",
           "eval": {"run_id": ids.hex(22), "created": "2024-05-01T10:00:00+00:00",
                    "task": "flask_fixes", "task_id": ids.hex(22), "task_version": 0,
                    "dataset": {"name": "flask_issues", "samples": 1,
                                "sample_ids": ["login-500"], "shuffled": False},
                    "model": "openai/gpt-4o", "config": {"epochs": 1},
                    "packages": {"inspect_ai": "0.3.58"}},
           "plan": {"name": "plan", "steps": [
               {"solver": "basic_agent", "params": {"init": {"template": SYSTEM},
                                                    "tools": ["bash", "python"],
                                                    "message_limit": 30}}],
                    "config": {}},
           "results": {"total_samples": 1, "completed_samples": 1, "scores": [
               {"name": "includes", "scorer": "includes", "metrics": {
                   "accuracy": {"name": "accuracy", "value": 1.0}}}]},
           "stats": {"started_at": "2024-05-01T10:00:00+00:00",
                     "completed_at": "2024-05-01T10:00:21+00:00"},
           "samples": [sample]}
    return Chat("2024-05-01T10-00-00+00-00_flask-fixes_" + ids.hex(11) + ".json", _dump(doc),
                [ask.text], [*(t.output for t in calls), SYSTEM, _INSPECT_CONTINUE, answer],
                every_ask=True)


def freshchat_messages() -> Chat:
    """Freshchat's ``GET /v2/conversations/{id}/messages``: ``messages`` whose words are in
    ``message_parts`` (``text.content``, an ``image.url``), the sender told by ``actor_type``
    ``user`` / ``agent`` / ``system``, an agent's ``private`` note and a system notice of the
    assignment among them, and the paging ``link`` beside."""
    ids = _Ids("freshchat")
    app, conv, channel = ids.uuid(), ids.uuid(), ids.uuid()
    person, agent = ids.uuid(), ids.uuid()
    note = "Customer is on the hobby plan, no dedicated IPs."
    notice = "Conversation was assigned to Priya from group Support"
    said: list[tuple[str, str, str, str]] = []
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        said.append(("user" if isinstance(t, U) else "agent", "normal",
                     person if isinstance(t, U) else agent, t.text))
        if k == 0:
            said.append(("system", "system", "", notice))
        if k == 1:
            said.append(("agent", "private", agent, note))
    msgs = []
    for k, (actor, kind, who, text) in enumerate(said):
        m: dict[str, Any] = {"message_parts": [{"text": {"content": text}}], "app_id": app,
                             "actor_id": who or app, "id": ids.uuid(), "channel_id": channel,
                             "conversation_id": conv, "interaction_id": f"{ids.num()}-1",
                             "message_type": kind, "actor_type": actor,
                             "created_time": f"2024-04-20T10:{2 * k + 1:02d}:{7 * k % 60:02d}.{k * 131 % 1000:03d}Z"}
        if actor == "user":
            m["user_id"] = person
        msgs.append(m)
        if k == 0:
            msgs.append({"message_parts": [{"image": {
                "url": "https://fresh.example/inbox/screenshot-" + ids.hex(8) + ".png"}}],
                "app_id": app, "actor_id": person, "id": ids.uuid(), "channel_id": channel,
                "conversation_id": conv, "interaction_id": f"{ids.num()}-1",
                "message_type": "normal", "actor_type": "user", "user_id": person,
                "created_time": "2024-04-20T10:01:31.004Z"})
    doc = {"messages": msgs, "link": {"href": f"/v2/conversations/{conv}/messages?page=2",
                                      "rel": "next_page"}}
    return Chat("messages.json", _dump(doc), _asks(SUPPORT), [*_answers(SUPPORT), note, notice],
                every_ask=True)


def sunshine_messages() -> Chat:
    """Sunshine Conversations' (v2) ``GET /v2/apps/{app}/conversations/{id}/messages``:
    ``author.type`` ``user`` or ``business`` with a display name, ``content`` typed
    ``text`` / ``image`` (a media URL) and the business's quick-reply ``actions``, the
    ``source`` integration, and ``meta`` with its cursor."""
    ids = _Ids("sunshine")
    user = {"type": "user", "userId": ids.hex(24), "displayName": "Ana Costa",
            "avatarUrl": "https://www.gravatar.com/avatar/" + ids.hex(32) + ".png?s=200"}
    biz = {"type": "business", "displayName": "Fly Helper", "subtypes": ["AI"],
           "avatarUrl": "https://media.smooch.io/apps/" + ids.hex(24) + "/logo.png"}
    web = {"type": "web", "integrationId": ids.hex(24), "originalMessageId": None}
    api = {"type": "api:conversations", "integrationId": None}
    msgs = []
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        when = f"2024-04-20T10:{2 * k + 1:02d}:{11 * k % 60:02d}.{k * 77 % 1000:03d}Z"
        content: dict[str, Any] = {"type": "text", "text": t.text}
        if isinstance(t, A) and k == 5:
            content["actions"] = [{"type": "reply", "text": "Thanks!", "payload": "THANKS"},
                                  {"type": "reply", "text": "Talk to a person",
                                   "payload": "HANDOVER"}]
        msgs.append({"id": ids.hex(24), "received": when,
                     "author": user if isinstance(t, U) else biz, "content": content,
                     "source": web if isinstance(t, U) else api})
        if k == 0:
            msgs.append({"id": ids.hex(24), "received": "2024-04-20T10:01:40.112Z",
                         "author": user, "content": {
                             "type": "image", "mediaUrl": "https://media.smooch.io/apps/"
                             + ids.hex(24) + "/conversations/" + ids.hex(24) + "/logs.png",
                             "mediaType": "image/png", "mediaSize": 48211,
                             "altText": "logs.png"}, "source": web})
    doc = {"messages": msgs, "meta": {"hasMore": False, "afterCursor": None},
           "links": {}}
    return Chat("messages.json", _dump(doc), _asks(SUPPORT), _answers(SUPPORT), every_ask=True)


def genesys_transcript() -> Chat:
    """A Genesys Cloud transcript of a chat (speech and text analytics' transcript URL's
    file): ``transcripts`` of ``phrases`` whose speaker is only ``participantPurpose``
    ``external`` (the customer) or ``internal`` (the agent), times in milliseconds from the
    start, and the communication's analytics (sentiment, topics) beside."""
    ids = _Ids("genesys")
    phrases = []
    start = 0
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        start += 14000 + 3000 * k
        phrases.append({"text": t.text, "stability": 100, "startTimeMs": start,
                        "duration": {"milliseconds": 0},
                        "participantPurpose": "external" if isinstance(t, U) else "internal"})
    doc = {"organizationId": ids.uuid(), "conversationId": ids.uuid(),
           "communicationId": ids.uuid(), "mediaType": "chat",
           "startTime": 1714460400000, "duration": {"milliseconds": start + 9000},
           "transcripts": [{"utteranceId": ids.uuid(), "language": "en-us",
                            "phrases": phrases,
                            "analytics": {"sentiment": [
                                {"participant": "external", "phrase": 0, "sentiment": 0.62,
                                 "phraseIndex": 0}],
                                "topics": [{"topicId": ids.uuid(), "topicName": "Booking",
                                            "topicPhrase": "book a hotel",
                                            "transcriptPhrase": "book a hotel",
                                            "confidence": 0.91, "startTimeMs": 31000,
                                            "duration": {"milliseconds": 0},
                                            "participant": "external"}]}}],
           "participants": [{"participantPurpose": "external"},
                            {"participantPurpose": "internal", "userId": ids.uuid()}],
           "uri": "/api/v2/speechandtextanalytics/conversations"}
    return Chat("transcript.json", _dump(doc), _asks(ITINERARY), _answers(ITINERARY),
                every_ask=True)


def vcon_chat() -> Chat:
    """A vCon (IETF conversation data container) of a web chat: ``parties`` (a phone number
    or an address, a name and a role), ``dialog`` entries typed ``text`` whose speaker is
    ``originator``, an index into the parties, the words in ``body``; the photo an
    attachment's base64 body and an ``analysis`` of type ``summary`` written by a model."""
    ids = _Ids("vcon")
    summary = ("The customer asked why the March bill rose, what moving two appliances to "
               "the night tariff would save and for an email asking to check the reading.")
    dialog = []
    for k, t in enumerate(BILL):
        assert isinstance(t, U | A)
        dialog.append({"type": "text", "start": f"2024-04-02T18:{3 * k + 1:02d}:"
                                                f"{13 * k % 60:02d}.000Z",
                       "parties": [0, 1], "originator": 0 if isinstance(t, U) else 1,
                       "mediatype": "text/plain", "body": t.text, "encoding": "none"})
    doc = {"vcon": "0.0.2", "uuid": ids.uuid(), "created_at": "2024-04-02T18:30:00.000Z",
           "subject": "Electricity bill question",
           "parties": [{"tel": "+353861234567", "name": "Ana Costa", "role": "customer"},
                       {"mailto": "assistant@power.example", "name": "Power Assistant",
                        "role": "agent"}],
           "dialog": dialog,
           "attachments": [{"type": "image", "start": "2024-04-02T18:01:05.000Z",
                            "party": 0, "dialog": 0, "mediatype": "image/png",
                            "filename": "bill_march.png", "body": _PNG,
                            "encoding": "base64url"}],
           "analysis": [{"type": "summary", "dialog": list(range(len(dialog))),
                         "vendor": "openai", "product": "gpt-4o-mini", "schema": "text",
                         "body": summary, "encoding": "none"}]}
    return Chat(ids.uuid() + ".vcon.json", _dump(doc), _asks(BILL), [*_answers(BILL), summary],
                every_ask=True)


def weave_calls() -> Chat:
    """Weave's traced calls exported as JSON lines: each call an op's ``inputs`` (the chat's
    ``messages`` so far, an attachment's text as a second content part) and its ``output``
    (a chat completion's ``choices``), with ``attributes``, ``summary`` and trace ids."""
    ids = _Ids("weave")
    trace = ids.uuid()
    history: list[dict[str, Any]] = [{"role": "system", "content": SYSTEM}]
    rows = []
    for k, t in enumerate(SALES):
        if isinstance(t, U):
            if t.attach:
                history.append({"role": "user", "content": [
                    {"type": "text", "text": t.text},
                    {"type": "text", "text": f"{t.attach[0]}:\n{t.attach[1]}"}]})
            else:
                history.append({"role": "user", "content": t.text})
            continue
        assert isinstance(t, A)
        began = f"2024-05-02T09:{k:02d}:{(13 * k) % 60:02d}.{k * 4711 % 999999:06d}Z"
        rows.append({"id": ids.uuid(), "project_id": "ana/sales-helper",
                     "op_name": "weave:///ana/sales-helper/op/openai.chat.completions.create:"
                                + ids.hex(20),
                     "display_name": None, "trace_id": trace, "parent_id": None,
                     "started_at": began, "ended_at": began, "exception": None,
                     "attributes": {"weave": {"client_version": "0.51.27",
                                              "source": "python-sdk", "os_name": "Linux"}},
                     "inputs": {"messages": [dict(m) for m in history], "model": "gpt-4o",
                                "temperature": 0.2},
                     "output": {"id": "chatcmpl-" + ids.hex(29), "choices": [
                         {"index": 0, "message": {"role": "assistant", "content": t.text,
                                                  "refusal": None, "tool_calls": None},
                          "finish_reason": "stop", "logprobs": None}],
                         "created": 1714640000 + 60 * k, "model": "gpt-4o-2024-08-06",
                         "object": "chat.completion",
                         "usage": {"prompt_tokens": 210 + 90 * k, "completion_tokens": 80,
                                   "total_tokens": 290 + 90 * k}},
                     "summary": {"weave": {"status": "success", "trace_name":
                                           "openai.chat.completions.create",
                                           "latency_ms": 2210 + 17 * k}},
                     "wb_user_id": "VXNlcjox" + ids.hex(8), "wb_run_id": None,
                     "deleted_at": None})
        history.append({"role": "assistant", "content": t.text})
    return Chat("calls.jsonl", _lines(rows), _asks(SALES),
                [*_hidden(SALES), SYSTEM, *_answers(SALES)], every_ask=True)


def _by_ask(script: list[Turn]) -> list[tuple[U, list[Turn]]]:
    """The script cut at each of the person's turns: the ask and what followed it."""
    out: list[tuple[U, list[Turn]]] = []
    for t in script:
        if isinstance(t, U):
            out.append((t, []))
        else:
            out[-1][1].append(t)
    return out


def n8n_chat_memory() -> Chat:
    """n8n's Postgres Chat Memory table (``n8n_chat_histories``) exported as JSON rows:
    ``id``, ``session_id`` and ``message``, LangChain's message dict (``type`` ``human`` /
    ``ai``, ``additional_kwargs``, ``tool_calls``) — two sessions of the chat trigger, one
    after the other, in one file."""
    ids = _Ids("n8n")
    rows: list[dict[str, Any]] = []
    for script in (SUPPORT, ITINERARY):
        session = ids.hex(32)
        for t in script:
            assert isinstance(t, U | A)
            if isinstance(t, U):
                m: dict[str, Any] = {"type": "human", "content": t.text,
                                     "additional_kwargs": {}, "response_metadata": {}}
            else:
                m = {"type": "ai", "content": t.text, "tool_calls": [],
                     "additional_kwargs": {}, "response_metadata": {},
                     "invalid_tool_calls": []}
            rows.append({"id": len(rows) + 101, "session_id": session, "message": m})
    return Chat("n8n_chat_histories.json", _dump(rows), [*_asks(SUPPORT), *_asks(ITINERARY)],
                [*_answers(SUPPORT), *_answers(ITINERARY)], every_ask=True)


def fastgpt_records() -> Chat:
    """FastGPT's ``POST /api/core/chat/getPaginationRecords``: ``data.list`` of chat items
    told by ``obj`` ``Human`` / ``AI``, the words in ``value`` parts typed ``text``
    (``text.content``), the model's ``reasoning`` part, and the knowledge base's quotes
    (``totalQuoteList``: each chunk's question ``q`` and answer ``a``) beside each answer."""
    ids = _Ids("fastgpt")
    thought = ("The user asks about a Fly health check timeout; the docs chunk on "
               "internal_port explains the bind address.")
    quotes = [("Why does my health check fail?", "Fly checks the internal_port of fly.toml "
               "on 0.0.0.0; an app bound to localhost is never reached."),
              ("How do I run migrations on deploy?", "Set release_command in the [deploy] "
               "section; it runs before new machines start."),
              ("How do I avoid cold starts?", "min_machines_running keeps machines up while "
               "auto_stop_machines stops the others.")]
    items: list[dict[str, Any]] = []
    for k, t in enumerate(SUPPORT):
        assert isinstance(t, U | A)
        when = f"2024-04-20T10:{2 * k + 1:02d}:{9 * k % 60:02d}.{k * 211 % 1000:03d}Z"
        if isinstance(t, U):
            items.append({"_id": ids.hex(24), "dataId": ids.hex(24), "obj": "Human",
                          "value": [{"type": "text", "text": {"content": t.text}}],
                          "customFeedbacks": [], "time": when})
            continue
        q, a = quotes[k // 2]
        value: list[dict[str, Any]] = [{"type": "text", "text": {"content": t.text}}]
        if k == 1:
            value.insert(0, {"type": "reasoning", "reasoning": {"content": thought}})
        items.append({"_id": ids.hex(24), "dataId": ids.hex(24), "obj": "AI", "value": value,
                      "customFeedbacks": [], "llmModuleAccount": 1,
                      "totalQuoteList": [{"id": ids.hex(24), "q": q, "a": a, "chunkIndex": k,
                                          "datasetId": ids.hex(24),
                                          "collectionId": ids.hex(24),
                                          "sourceName": "fly-docs.md", "sourceId": ids.hex(24),
                                          "score": [{"type": "embedding", "value": 0.8731,
                                                     "index": 0}]}],
                      "totalRunningTime": 3.41, "historyPreviewLength": 0, "time": when})
    doc = {"code": 200, "statusText": "", "message": "",
           "data": {"list": items, "total": len(items)}}
    return Chat("records.json", _dump(doc), _asks(SUPPORT),
                [*_answers(SUPPORT), *(q for q, _ in quotes), *(a for _, a in quotes)],
                unsaid=[thought], every_ask=True)


def mlflow_traces() -> Chat:
    """MLflow's traces of a chat app with OpenAI autologging (``mlflow traces search
    --output json``): each turn a trace (``info`` with ``request_preview`` /
    ``response_preview``, ``data.spans``) whose ``CHAT_MODEL`` span keeps its inputs — the
    messages so far — and its outputs as JSON strings in ``attributes``."""
    ids = _Ids("mlflow")
    history: list[dict[str, Any]] = [{"role": "system", "content": SYSTEM}]
    traces = []
    for k, t in enumerate(SALES):
        if isinstance(t, U):
            words = t.text + (f"\n\n{t.attach[0]}:\n{t.attach[1]}" if t.attach else "")
            history.append({"role": "user", "content": words})
            continue
        assert isinstance(t, A)
        tid = "tr-" + ids.hex(32)
        inputs = {"model": "gpt-4o-mini", "messages": [dict(m) for m in history],
                  "temperature": 0.2}
        output = {"id": "chatcmpl-" + ids.hex(29), "object": "chat.completion",
                  "created": 1714640000 + 60 * k, "model": "gpt-4o-mini-2024-07-18",
                  "choices": [{"index": 0, "message": {"role": "assistant", "content": t.text,
                                                       "refusal": None},
                               "finish_reason": "stop", "logprobs": None}],
                  "usage": {"prompt_tokens": 180 + 70 * k, "completion_tokens": 64,
                            "total_tokens": 244 + 70 * k}}
        start = 1714640000_000000000 + k * 60_000000000
        span = {"trace_id": ids.hex(32), "span_id": ids.hex(16), "parent_span_id": None,
                "name": "Completions", "start_time_unix_nano": start,
                "end_time_unix_nano": start + 1_840_000_000,
                "status": {"code": "STATUS_CODE_OK", "message": ""},
                "attributes": {"mlflow.traceRequestId": json.dumps(tid),
                               "mlflow.spanType": json.dumps("CHAT_MODEL"),
                               "mlflow.spanFunctionName": json.dumps("create"),
                               "mlflow.spanInputs": json.dumps(inputs),
                               "mlflow.spanOutputs": json.dumps(output),
                               "mlflow.chat.messages": json.dumps(
                                   [*inputs["messages"], output["choices"][0]["message"]]),
                               "mlflow.chat.tokenUsage": json.dumps(
                                   {"input_tokens": 180 + 70 * k, "output_tokens": 64,
                                    "total_tokens": 244 + 70 * k})},
                "events": []}
        traces.append({"info": {
            "trace_id": tid, "client_request_id": None,
            "trace_location": {"type": "MLFLOW_EXPERIMENT",
                               "mlflow_experiment": {"experiment_id": "4"}},
            "request_time": f"2024-05-02T09:{k:02d}:20.{k * 131 % 1000:03d}Z",
            "state": "OK", "request_preview": json.dumps(inputs)[:1000],
            "response_preview": json.dumps(output)[:1000],
            "execution_duration_ms": 1840,
            "trace_metadata": {"mlflow.trace_schema.version": "3",
                               "mlflow.trace.session": "sales-chat-7",
                               "mlflow.source.type": "LOCAL"},
            "tags": {"mlflow.traceName": "Completions", "mlflow.artifactLocation":
                     "mlflow-artifacts:/4/traces/" + tid + "/artifacts"},
            "assessments": []}, "data": {"spans": [span]}})
        history.append({"role": "assistant", "content": t.text})
    doc = {"traces": traces, "next_page_token": None}
    return Chat("traces.json", _dump(doc), _asks(SALES),
                [*_hidden(SALES), SYSTEM, *_answers(SALES)], every_ask=True)


def agno_sessions() -> Chat:
    """Agno's session table as its JSON storage writes it (``agno_sessions.json``): a list of
    sessions, each with ``runs`` — a run per ask holding its ``input``, every message of the
    run (the system prompt, the earlier turns again flagged ``from_history``, the ask, the
    model's ``tool_calls``, the ``tool`` results, the answer), ``tools`` and ``metrics``, and
    the answer again as the run's ``content``."""
    ids = _Ids("agno")
    session, clock = ids.uuid(), [1714557600]

    def at() -> int:
        clock[0] += 7
        return clock[0]

    def msg(role: str, content: str | None, **more: Any) -> dict[str, Any]:
        return {"id": ids.uuid(), "role": role, "content": content, **more,
                "from_history": more.pop("from_history", False), "stop_after_tool_call": False,
                "created_at": at()}

    runs, earlier = [], []
    for ask, rest in _by_ask(CODING):
        rid = ids.uuid()
        msgs = [msg("system", SYSTEM)]
        msgs += [dict(m, from_history=True) for m in earlier]
        mine = [msg("user", ask.text)]
        tools = []
        for t in rest:
            if isinstance(t, A):
                mine.append(msg("assistant", t.text, metrics={"input_tokens": 812,
                                                              "output_tokens": 61}))
            else:
                call = "call_" + ids.hex(24)
                mine.append(msg("assistant", None, tool_calls=[
                    {"id": call, "type": "function",
                     "function": {"name": t.name, "arguments": json.dumps(t.args)}}]))
                mine.append(msg("tool", t.output, tool_call_id=call, tool_name=t.name,
                                tool_args=t.args, tool_call_error=False))
                tools.append({"tool_call_id": call, "tool_name": t.name, "tool_args": t.args,
                              "tool_call_error": False, "result": t.output,
                              "metrics": {"duration": 0.41}, "stop_after_tool_call": False,
                              "created_at": clock[0], "requires_confirmation": None})
        answer = next(t.text for t in reversed(rest) if isinstance(t, A))
        runs.append({"run_id": rid, "agent_id": "flask-helper", "agent_name": "Flask Helper",
                     "session_id": session, "user_id": "ana@example.com",
                     "content": answer, "content_type": "str", "model": "gpt-4o",
                     "model_provider": "OpenAI", "messages": msgs + mine,
                     "metrics": {"input_tokens": 2210, "output_tokens": 190,
                                 "total_tokens": 2400, "duration": 6.2},
                     "tools": tools, "input": {"input_content": ask.text},
                     "status": "COMPLETED", "created_at": clock[0]})
        earlier += [m for m in mine]
    doc = [{"session_id": session, "session_type": "agent", "agent_id": "flask-helper",
            "team_id": None, "workflow_id": None, "user_id": "ana@example.com",
            "session_data": {"session_name": "Flask 3 login fix", "session_state": {}},
            "agent_data": {"name": "Flask Helper", "agent_id": "flask-helper",
                           "model": {"name": "OpenAIChat", "id": "gpt-4o",
                                     "provider": "OpenAI"}},
            "metadata": None, "runs": runs, "summary": None,
            "created_at": 1714557600, "updated_at": clock[0]}]
    return Chat("agno_sessions.json", _dump(doc), _asks(CODING),
                [*_hidden(CODING), SYSTEM, *_answers(CODING)], every_ask=True)


def langchain4j_memory() -> Chat:
    """A LangChain4j ``ChatMemoryStore`` kept as a file of ``messagesToJson``: ``type``
    ``SYSTEM`` / ``USER`` / ``AI`` in capitals, the person's words as ``contents`` of typed
    parts (``TEXT``, an ``IMAGE`` whose base64 data sits in ``image.base64Data``), the
    answers' words in ``text`` beside ``toolExecutionRequests``."""
    msgs: list[dict[str, Any]] = [{"text": SYSTEM, "type": "SYSTEM"}]
    for t in BILL:
        assert isinstance(t, U | A)
        if isinstance(t, U):
            parts: list[dict[str, Any]] = [{"text": t.text, "type": "TEXT"}]
            if t.image:
                parts.append({"image": {"base64Data": _PNG, "mimeType": "image/png"},
                              "detailLevel": "LOW", "type": "IMAGE"})
            msgs.append({"contents": parts, "type": "USER"})
        else:
            msgs.append({"text": t.text, "toolExecutionRequests": [], "attributes": {},
                         "type": "AI"})
    return Chat("chat-memory-ana.json", _dump(msgs), _asks(BILL), [SYSTEM, *_answers(BILL)],
                every_ask=True)


def agent_framework_thread() -> Chat:
    """Microsoft Agent Framework's (Python) ``await thread.serialize()`` saved as JSON:
    ``chat_message_store_state.messages`` of ``chat_message`` objects whose ``role`` is an
    object (``{"type": "role", "value": "user"}``) and whose ``contents`` are typed
    (``text``, ``function_call`` with its arguments as a JSON string, ``function_result``
    in a ``tool`` message), with ``author_name`` and ``message_id``."""
    ids = _Ids("agentfw")

    def message(role: str, contents: list[dict[str, Any]], author: str | None
                ) -> dict[str, Any]:
        return {"type": "chat_message", "role": {"type": "role", "value": role},
                "contents": contents, "author_name": author,
                "message_id": "msg_" + ids.hex(24) if role == "assistant" else None,
                "additional_properties": {}}

    msgs = []
    for t in CODING:
        if isinstance(t, U):
            msgs.append(message("user", [{"type": "text", "text": t.text}], None))
        elif isinstance(t, A):
            msgs.append(message("assistant", [{"type": "text", "text": t.text}], "FlaskHelper"))
        else:
            call = "call_" + ids.hex(24)
            msgs.append(message("assistant", [{"type": "function_call", "call_id": call,
                                               "name": t.name,
                                               "arguments": json.dumps(t.args)}],
                                "FlaskHelper"))
            msgs.append(message("tool", [{"type": "function_result", "call_id": call,
                                          "result": t.output}], None))
    doc = {"type": "agent_thread_state", "service_thread_id": None,
           "chat_message_store_state": {"type": "chat_message_store_state", "messages": msgs}}
    return Chat("thread.json", _dump(doc), _asks(CODING), [*_hidden(CODING), *_answers(CODING)],
                every_ask=True)


def griptape_memory() -> Chat:
    """Griptape's ``ConversationMemory`` as its local driver persists it
    (``griptape_memory.json``): ``runs``, each a ``Run`` of an ``input`` and an ``output``
    ``TextArtifact`` (``value``, ``id``, ``name``, ``reference``, ``meta``) — no speaker
    anywhere, an exchange a record."""
    ids = _Ids("griptape")

    def artifact(text: str) -> dict[str, Any]:
        aid = ids.hex(32)
        return {"type": "TextArtifact", "id": aid, "reference": None, "meta": {},
                "name": aid, "value": text}

    runs = []
    for ask, rest in _by_ask(BILL):
        answer = " ".join(t.text for t in rest if isinstance(t, A))
        runs.append({"type": "Run", "id": ids.hex(32), "meta": None,
                     "input": artifact(ask.text), "output": artifact(answer)})
    doc = {"type": "ConversationMemory", "runs": runs, "meta": {}, "max_runs": None}
    return Chat("griptape_memory.json", _dump(doc), _asks(BILL), _answers(BILL),
                every_ask=True)


def kore_messages() -> Chat:
    """Kore.ai's conversation history (``GET /api/public/bot/:botId/getMessages``):
    ``messages`` told only by ``type`` ``incoming`` / ``outgoing``, the words in
    ``components`` (``cT`` ``text``, ``data.text``), a bot's quick-reply template written
    into ``data.text`` as a JSON string, channel, session and tag fields on every one."""
    ids = _Ids("kore")
    bot, user, session = "st-" + ids.uuid(), "u-" + ids.uuid(), ids.hex(24)
    msgs = []
    for k, t in enumerate(ITINERARY):
        assert isinstance(t, U | A)
        text = t.text
        if isinstance(t, A) and k == 1:
            text = json.dumps({"type": "template", "payload": {
                "template_type": "quick_replies", "text": t.text,
                "quick_replies": [{"content_type": "text", "title": "Hotels",
                                   "payload": "hotels"},
                                  {"content_type": "text", "title": "Budget",
                                   "payload": "budget"}]}})
        when = f"2024-04-30T08:{2 * k + 3:02d}:{17 * k % 60:02d}.{k * 97 % 1000:03d}Z"
        msgs.append({"_id": "ms-" + ids.uuid(),
                     "type": "incoming" if isinstance(t, U) else "outgoing",
                     "status": "received" if isinstance(t, U) else "queued",
                     "lmodifiedBy": user, "createdBy": user, "botId": bot,
                     "orgId": "o-" + ids.uuid(), "accountId": ids.hex(24),
                     "chnl": "rtm", "sessionId": session, "lang": "en",
                     "components": [{"_id": "cp-" + ids.uuid(), "cT": "text",
                                     "data": {"text": text}, "thumbnails": []}],
                     "createdOn": when, "lmodifiedOn": when,
                     "timestampValue": 1714464180000 + 120000 * k,
                     "tags": {"altText": [], "userTags": [], "sessionTags": [],
                              "messageTags": [{"name": "intent", "value": "Plan trip"}]
                              if isinstance(t, U) else []}})
    doc = {"total": len(msgs), "moreAvailable": False, "messages": msgs}
    return Chat("messages.json", _dump(doc), _asks(ITINERARY), _answers(ITINERARY),
                every_ask=True)


CHATS: list[Callable[[], Chat]] = [
    sharegpt, claude_ai, open_webui, sillytavern, discord, telegram, anthropic_api, cline,
    openai_finetune, continue_dev, lm_studio, ai_studio, jan, librechat, sharegpt_jsonl,
    gemini_api, chatbox, zed,
    # a second stranger pass
    assistants_list, slack_dm, matrix_element, whatsapp_txt, google_chat, open_interpreter,
    vercel_ui, langsmith_run, autogen, claude_code, mattermost, anythingllm,
    cursor_bubbles,
    # a third stranger pass
    teams_graph, signal_desktop, hf_chatui, copilot_vscode, bedrock_converse, cohere_chat,
    langchain_history, goose, opencode_export, irc_log, anthropic_hh, character_ai,
    autogen_v02,
    # a fourth stranger pass
    autogen_groupchat, cohere_rag, autogen_group_history, openai_agents, deepseek,
    # a fifth stranger pass
    grok_export, ollama_chat, cline_ui, textgen_webui, oasst_tree, rasa_tracker, intercom,
    zendesk_comments, messenger, gemini_takeout, slack_channel, claude_ai_thinking,
    chatgpt_reasoning,
    # a sixth pass: text exports and group chats
    whatsapp_android_group, whatsapp_ios_group, telegram_html, discord_txt,
    weechat_log, slack_paste, chatgpt_md_inline, zoom_chat, imessage_txt,
    email_thread,
    # group chats where several voices ask
    whatsapp_group_askers, irc_group, discord_group,
    # groups in the HTML, bold-label and mail-block readers
    telegram_html_group, slack_md_group, email_group,
    # an eighth pass: team chat APIs and messenger exports
    rocketchat_history, zulip_messages, twilio_conversation, skype_export, line_txt,
    kakaotalk_txt, crisp_messages,
    # a ninth pass: agent logs, bot transcripts, data set text and Markdown exports
    aider_history, cursor_md, bot_framework, hangouts_takeout, chatwoot, amazon_q_cli,
    openhands, chatml_jsonl, lex_logs, snapchat_chats, perplexity_md, jupyter_chat,
    # a tenth pass: phone and social exports (CSV, XML, JS), logs of whole states,
    # exchanges in one record, chat stores of LLM front ends
    twitter_dm, sms_backup_xml, imazing_csv, linkedin_csv, fastchat_log, cody_chat,
    dialogflow_cx, pidgin_txt, webex_messages, typingmind, llamaindex_store,
    # an eleventh pass: LLM tools' Markdown and Org logs, a bare-string data set, contact
    # centres' transcripts, XML and XHTML messenger logs, a bulk export, an SDK's history
    llm_logs_md, chatgpt_exporter_md, obsidian_chatgpt_md, gptel_org, ultrachat_jsonl,
    amazon_connect, salesforce_liveagent, adium_xml, google_voice_html, mattermost_bulk,
    semantic_kernel, livechat_archive,
    # a twelfth pass: chat clients' logs (JSON lines, HTML, IRC text), data sets of
    # requests and preferences, agent files, transcripts as a JSON string, app backups,
    # a CSV export and a help desk's threads
    thunderbird_im, hexchat_log, pidgin_html, openai_batch, trl_preferences, hh_rlhf,
    letta_agent, copilot_studio, nextchat_backup, lmsys_chat, reddit_chat_csv,
    helpscout_threads,
    # a Slack channel of people only: two, and a group of four
    slack_peers, slack_group_peers,
    # a thirteenth pass: a coding agent's rollout, an agent framework's messages, help
    # desks' and CRMs' APIs, chat APIs and messenger backups, a front end's plain text and
    # WhatsApp in French
    codex_rollout, instagram_dm, whatsapp_fr, freshdesk_ticket, hubspot_messages,
    discord_api, signal_cli, openwebui_txt, pydantic_ai, lobechat_export, wildchat_jsonl,
    imessage_html,
    # a channel of peers: every voice asks and answers (minuted as a discussion)
    slack_channel_peers,
    # a fourteenth pass: coding agents' trajectories and memories, a framework's message
    # store, API gateways' and tracers' logs of requests, chat front ends' exports with
    # parts and blocks apart, messengers' CSV, API and text exports, a bot's transcript
    mini_swe_agent, smolagents_memory, haystack_messages, helicone_export,
    langfuse_observations, big_agi, cherry_studio, wechat_csv, keybase_chat,
    voiceflow_transcript, amp_thread, qq_txt,
    # a fifteenth pass: a CLI agent's log, an agentic IDE's chat file, a framework's saved
    # state, an agents API's entries, a gateway's and a tracer's logs of requests, low-code
    # and self-hosted assistants' messages, a chat room as a map, a database dump, a DM API
    gptme_log, kiro_chat, autogen_team_state, mistral_conversation, litellm_spend_logs,
    openllmetry_otlp, flowise_messages, khoj_export, dify_messages, openrouter_room,
    librechat_mongo, bluesky_dm,
    # a sixteenth pass: coding agents whose tool results come back as the user's turns,
    # message trees by parent ids with regenerated branches, images and attachments as
    # base64 or data URLs, roles in a tool's own words
    roo_code, computer_use, swe_agent_traj, chainlit_thread, msty_tree, langflow_messages,
    botpress_messages, page_assist, coze_messages, drift_conversation,
    # a seventeenth pass: coding agents' and chat UIs' histories (tool results in the
    # person's turn, several asks, every one of them required)
    windsurf_md, cline_task_md, gemini_cli_md, zed_thread, void_threads, avante_history,
    codecompanion_md, gp_nvim_chat,
    # an eighteenth pass: the long tail of JSON histories of unknown schemas (a bot
    # protocol's request, front ends' exports, an agents platform's versions of messages,
    # a tracer's flat spans, role-play front ends told by ids or a one-word role, a graph
    # server's state, an API's items newest first)
    poe_query, betterchatgpt, dust_conversation, phoenix_spans, agnai_chat, risu_chat,
    langgraph_state, openai_conversation_items,
    # a nineteenth pass: the eighteenth's weak spots (an answer's words before its calls,
    # a framework's instruction repeated in every ask, a reply's other takes), then eight
    # more: a memory thread of typed parts, an SDK's typed tool parts, a chat app's export
    # with files and references, a data set of battles, a voice API's events, a data set of
    # whole chats as text, a cloud's invocation logs and an SDK's snake-case history
    dust_words_first, dspy_history, agnai_retries, mastra_thread, vercel_ui_v5,
    lechat_export, arena_jsonl, realtime_events, glaive_fc, bedrock_invocation_logs,
    genai_sdk_history,
    # a twentieth pass: JSON histories of unknown schemas nested as strangers' tools nest
    # them (a GraphQL answer's items, a map of messages by parent links with branches,
    # exchanges of request and response objects, typed blocks with audio and nested tool
    # results, people named by display name or e-mail, streamed token deltas to join)
    graphql_thread, branch_map, exchange_turns, typed_blocks_request, copilot_interactions,
    workspace_email_export, token_event_stream, sse_proxy_log,
    # a twenty-first pass: the long tail of team chats' and help desks' APIs, a
    # support widget's webhook, a story writer's save in chat mode, a code assistant's
    # GraphQL thread and a bot platform's logs of exchanges
    gitter_messages, discourse_chat, gorgias_messages, front_messages, olark_transcript,
    kobold_lite_save, tabby_thread, watson_logs,
    # a twenty-second pass: support widgets' transcripts, a help desk's articles, a contact
    # centre's history, voice agents' calls, chat SDKs' channels and a team server's chat
    tawkto_transcript, zammad_articles, liveperson_history, elevenlabs_conversation,
    vapi_call, sendbird_messages, stream_chat_channel, nextcloud_talk,
    # a twenty-third pass: a CLI's session in YAML, a chat UI's export with saved prompts,
    # XMPP clients' logs and a server's portable export, a realm export by ids and two
    # chat APIs' pages (newest first; a map of posts in an order)
    aichat_session, chatbot_ui_export, psi_history, jabber_el_history, xmpp_pie_export,
    zulip_realm_export, matrix_messages_api, mattermost_posts_api,
    # a twenty-fifth pass: an agent kit's session of events, an agent server's turns of
    # steps, an evaluation log's samples, help desks' and a messaging platform's message
    # APIs, a contact centre's transcript by purpose, a conversation container told by
    # party index and a tracer's calls
    adk_session, llama_stack_session, inspect_eval_log, freshchat_messages, sunshine_messages,
    genesys_transcript, vcon_chat, weave_calls,
    # a twenty-sixth pass: JSON histories of frameworks' and platforms' stores (a workflow
    # tool's memory table of two sessions, a knowledge-base app's records with quotes, a
    # tracer's spans holding the messages as JSON strings, an agent kit's runs repeating
    # the history, a JVM framework's memory in capitals, a thread whose role is an object,
    # exchanges with no speaker and a bot platform's incoming / outgoing messages)
    n8n_chat_memory, fastgpt_records, mlflow_traces, agno_sessions, langchain4j_memory,
    agent_framework_thread, griptape_memory, kore_messages,
]

# formats that read wrong with no fix by a rule about structure yet: name -> why
PENDING: dict[str, str] = {
    "aichat_session": "a YAML document (``messages:`` of ``- role:`` / ``content:`` items, "
                      "block scalars, tool results nested under the answers): no reader "
                      "parses YAML — none in the standard library or the dependencies — so "
                      "it is read as prose, keys, prompts and tool output run together",
    "jabber_el_history": "each line a Lisp vector of five quoted strings (time, ``in`` / "
                         "``out``, sender, recipient, words) apart by spaces: not JSON lines "
                         "(no commas) and no label opens the words; reading it needs an "
                         "s-expression reader, a rule that no second format here would use",
    "gemini_takeout": "no speaker: each record's ask is its title after a verb (\"Prompted "
                      "...\") and its answer HTML in a list; reading it needs the export's wording",
    "chatwoot": "the speaker's words invert the roles: the agent's records say ``user`` (the "
                "tool's word for a staff account) and the person's ``contact``; a one-word "
                "role value is trusted over who asks (reading it by who asks instead turns a "
                "Gemini CLI session's ``user`` / ``gemini`` around: its answers ask more)",
    "perplexity_md": "each ask is a top-level ``#`` heading over its answer: a document's "
                     "titles by shape; read as asks, the ``# 【7†…】`` headings of a web "
                     "search's results in a ChatGPT export become asks too (reading the top "
                     "level as asks only when every heading of it is a whole sentence reads "
                     "this thread and no shared file, but a test keeps such a thread a "
                     "document on purpose)",
    "dialogflow_cx": "each record an exchange one object down (``queryResult.text`` beside "
                     "``queryResult.responseMessages``) and no time anywhere: the shape of a "
                     "data set of questions with reference answers, which the exchange rule "
                     "leaves out on purpose",
    "letta_agent": "the person's words are a JSON packet in the ``user`` message's text beside "
                   "login and heartbeat packets of that role, and the agent's words to the "
                   "person only a ``send_message`` call's argument while its text is its inner "
                   "thinking: telling words from packets and thoughts needs the packets' type "
                   "word and the tool's name",
    "voiceflow_transcript": "the person's turns are told only by a kind value (``request``) "
                            "beside the bot's ``text`` traces and ``debug`` traces that hold "
                            "words in the same field: no role word, and no two voices that "
                            "take turns once the tool's debug lines sit between them",
    "google_voice_html": "hChat XHTML: the sender's name inside ``<cite class=\"sender "
                         "vcard\">``, the words in an unclassed ``<q>``; the HTML reader finds "
                         "no classed pair of sender and words: the page opens with an XML "
                         "declaration (not taken for HTML), the name's class sits on two tags "
                         "(``abbr`` for the owner, ``span`` for the other: two classes of one "
                         "voice each) and the words' element is the one that holds the sender",
    "gemini_cli_md": "the CLI's setting (the date, the system, the folder drawn as a tree) is "
                     "sent as the person's opening turn and acknowledged in two sentences "
                     "(\"Got it. Thanks for the context!\"); the priming rule takes a "
                     "one-sentence acknowledgement only, on purpose (a test keeps a reply of "
                     "two sentences an answer), so the setting's lines are listed as asks",
    "inspect_eval_log": "the agent's fixed nudge (\"Please proceed to the next step using "
                        "your best judgement. …\") is sent as a ``user`` message, its words "
                        "once and the record's fields those of the person's ask but a "
                        "``source`` key it lacks: telling it from an ask needs that key or "
                        "the nudge repeated (the instruction rule reads a repeated one), and "
                        "the sample's own ``input`` naming the only ask is a data set's "
                        "field, not a rule of chats",
    "mlflow_traces": "each trace's messages so far and its completion are JSON written as "
                     "strings in a span's ``attributes`` (``mlflow.spanInputs``), eight "
                     "levels down once decoded: read as they stand, the trace is an exchange "
                     "of its ``data`` beside a ``response_preview`` string (its answers listed, "
                     "no ask); strings are decoded only when nothing is found as "
                     "written, and collections are looked for four levels down, so reading it "
                     "needs a JSON string taken for no words and a decoded payload searched "
                     "from its own root: two rules for one shape",
    "kobold_lite_save": "a story writer's save: the chat is one text cut into a list of "
                        "strings (``actions``) whose ``You:`` / ``Mira:`` labels open lines "
                        "inside the strings and close one string while its words fill the "
                        "next; no record is a message, and reading it needs the strings "
                        "joined and read as labelled text, which no JSON rule does yet",
}


# ---- measuring ---------------------------------------------------------------------------

_TAG = re.compile(r"</?[A-Za-z][\w-]*>")
_BLOBISH = re.compile(r"[A-Za-z0-9+/=]{60,}")
_JSONISH = re.compile(r'^[\[{]|"\w+"\s*:|\b\w+=\S')
_ADDRESS = re.compile(r"^\S*[/\\]\S*$|^[\w.-]+\.[a-z]{2,4}$")  # a link, a path, a file name


def _norm(text: str) -> str:
    return " ".join(_TAG.sub(" ", text).split())


_SENTENCE = re.compile(r"(?<=[.?!])\s+")
_SAID_BY = re.compile(r"^[^:\n]{1,60}: ")


def decided_items(decisions: list[str]) -> list[str]:
    """The decisions of a discussion's minutes, without who said them."""
    return [_SAID_BY.sub("", d, count=1).rstrip(".") for d in decisions]


def _minuted(chat: Chat, summary: str) -> bool:
    """A discussion read as one: no assistant chat's sections, every voice quoted by name."""
    return not summary.startswith(("Asked:", "Done:")) and all(
        f"{who}: " in summary for who in chat.voices)


def judge(chat: Chat, summary: str, headline: str = "", decisions: list[str] | None = None
          ) -> dict[str, Any]:
    """One row: the summary's asks (a discussion's: its decisions) against the chat's truth
    (the unsaid: nowhere in the summary or its headline)."""
    truth = [_norm(a) for a in chat.asks]
    said = " ".join(truth)
    hidden = [_norm(h) for h in chat.hidden]
    asked = decided_items(decisions or []) if chat.peers else asked_items(summary)
    real = bad = 0
    for a in asked:
        head = _norm(a[:40].rstrip("…"))
        if head and head in said:
            real += 1
        elif (_BLOBISH.search(a) or _JSONISH.search(a.strip()) or _ADDRESS.match(a.strip())
              or any(_norm(a[:30].rstrip("…")) in h for h in hidden)):
            bad += 1
    shown = _norm(f"{headline}\n{summary}")
    bad += sum(1 for u in chat.unsaid if _norm(u)[:30] in shown)
    # a group's voice silently lost: none of its words in the summary
    # (minutes quote sentences: a discussion's voice reaches them by any of its sentences)
    pieces = {who: [p for w in words for p in (_SENTENCE.split(w) if chat.peers else [w])]
              for who, words in chat.voices.items()}
    bad += sum(1 for words in pieces.values()
               if not any(_norm(w)[:30] in shown for w in words))
    first = truth[0] if truth else ""
    return {"file": chat.name.split("_")[0] if "_" in chat.name else chat.name,
            "conversation": "yes" if (_minuted(chat, summary) if chat.peers
                                      else summary.startswith(("Asked:", "Done:"))) else "no",
            "user asks": len(truth), "listed": len(asked), "real": real,
            "first": "yes" if first and any(_norm(a[:30].rstrip("…")) in first
                                            for a in asked) else "no",
            "bad": bad}


def measure(folder: Path, only: str | None = None) -> list[dict[str, Any]]:
    from gapless.engine.config import Settings
    from gapless.engine.run.request import RunRequest
    from gapless.engine.service import summarize_path

    rows = []
    for make in CHATS:
        if only and only not in make.__name__:
            continue
        chat = make()
        path = folder / chat.name
        path.write_text(chat.text, encoding="utf-8")
        result = asyncio.run(summarize_path(path, RunRequest(Settings())))
        entry = result.entry or {}
        row = judge(chat, entry.get("summary", ""), entry.get("headline", ""),
                    entry.get("decisions") or [])
        row["file"] = make.__name__
        row["every ask"] = chat.every_ask
        rows.append(row)
    return rows


def main() -> int:
    keep = sys.argv[sys.argv.index("--keep") + 1] if "--keep" in sys.argv else None
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(keep) if keep else Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        rows = measure(folder, only)
    print(f"{'file':<16}{'conversation':>13}{'user asks':>10}{'listed':>8}{'real':>6}"
          f"{'first':>7}{'bad':>5}")
    for r in rows:
        print(f"{r['file']:<16}{r['conversation']:>13}{r['user asks']:>10}{r['listed']:>8}"
              f"{r['real']:>6}{r['first']:>7}{r['bad']:>5}")
    ok = sum(1 for r in rows if r["conversation"] == "yes" and r["first"] == "yes"
             and r["bad"] == 0 and r["real"] >= (r["user asks"] if r["every ask"] else 1))
    print(f"\n{ok}/{len(rows)} read as conversations with their first ask and nothing "
          "foreign among the asks")
    for r in rows:
        if r["file"] in PENDING:
            print(f"pending {r['file']}: {PENDING[r['file']]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Every sample output in docs/ is checked by a test, so that a stale one fails.

The ```console blocks run in ``test_doc_commands.py`` and the ```python samples in
``test_api_samples.py`` and ``tests/adapters/test_rl_docs.py``.  The rest are ```text (and
```json) blocks showing what a command, a server or a function prints: messages, usage lines,
screens, replies.  Each of them is
marked on its page (``textblocks.py`` says how), and this module

* fails for a ```text block that no test checks (a new sample must say how it is checked);
* checks the marked samples: the program is run on the input the page shows (or, where the
  page shows only the output, on input kept here: the record files of notation.md's
  messages, the position strings, the rule files of authoring.md's formula errors), and what
  it prints must equal the page's lines.

One sample is the machine's own: the million-deal speed benchmark of docs/simulate.md.  It
runs here on 20,000 deals with every number masked: each line must be the page's, the figures
may differ.  The 200,000-deal comparison there runs as shown (about 50 s on two cores).
"""

from __future__ import annotations

import datetime
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import click
import pytest
import typer.main

from textblocks import GENERATED_PAGES, REPO, RUN_PAGES, TextBlock, all_text_blocks, fenced_before

BIN = Path(sys.executable).parent
_NUMBER = re.compile(r"[+-]?\d[\d,]*(\.\d+)?")


def _run(args: list[str], cwd: Path, stdin: str = "", timeout: float = 300,
         extra_env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    # PYTHONPATH (tests/conftest.py puts this tree first on it) is kept: without it, a worktree's
    # run would check the samples against the `rules` of the checkout the virtualenv came from.
    env = {"PATH": f"{BIN}:/usr/bin:/bin", "COLUMNS": "80", "PYTHONIOENCODING": "utf-8", "LANG": "C.UTF-8",
           "PYTHONPATH": os.environ["PYTHONPATH"], **(extra_env or {})}
    return subprocess.run(args, cwd=cwd, input=stdin, capture_output=True, text=True, timeout=timeout, env=env)


def _masked(text: str) -> list[str]:
    return [" ".join(_NUMBER.sub("#", line).split()) for line in text.splitlines()]


def _same_lines(block: TextBlock, got: list[str]) -> list[str]:
    if got == block.body:
        return []
    return [f"{block.where}: the page shows\n" + "\n".join(block.body) + "\nthe program prints\n" + "\n".join(got)]


# ---------------------------------------------------------------------------- the usage lines of cli.md
def _commands() -> dict[str, set[str]]:
    """Every command of ``rules`` with its long options (``--help`` aside)."""
    from cli.main import app

    group = typer.main.get_command(app)
    assert isinstance(group, click.Group)
    ctx = click.Context(group)
    found = {}
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None
        found[name] = {o for p in command.params for o in (*p.opts, *p.secondary_opts) if o.startswith("--") and o != "--help"}
    return found


def check_synopsis(block: TextBlock) -> list[str]:
    """Each command named in the block is given with exactly its options (over all of its
    lines: `rules replay` has two); the block at the top of cli.md names every command."""
    commands = _commands()
    shown: dict[str, set[str]] = {}
    for line in block.body:
        words = line.split()
        assert words[:1] == ["rules"] and len(words) > 1, f"{block.where}: not a usage line: {line!r}"
        shown.setdefault(words[1], set()).update(re.findall(r"--[a-z][a-z-]*", line))
    problems = []
    for name, options in shown.items():
        if name not in commands:
            problems.append(f"{block.where}: there is no command `rules {name}`")
            continue
        if options != commands[name]:
            missing, extra = sorted(commands[name] - options), sorted(options - commands[name])
            problems.append(f"{block.where}: `rules {name}`: options left out {missing}, options it does not have {extra}")
    if block.line < 20:  # the overview at the top of the page
        left_out = sorted(set(commands) - set(shown))
        if left_out:
            problems.append(f"{block.where}: the overview leaves out {', '.join('rules ' + n for n in left_out)}")
    return problems


# ---------------------------------------------------------------------------- notation.md
def check_action_errors(block: TextBlock) -> list[str]:
    """``'TEXT' -> MESSAGE``: parse_action's message for TEXT."""
    from interpreter.core.actions import parse_action
    from interpreter.core.errors import RulesError

    got = []
    for line in block.body:
        text = re.match(r"'([^']*)'", line)
        assert text, line
        try:
            parse_action(text.group(1))
        except RulesError as exc:
            got.append(f"{text.group(0):<11} -> {exc}")
        else:
            got.append(f"{text.group(0):<11} -> (read without an error)")
    return _same_lines(block, got)


#: The records behind notation.md's messages (the page shows the messages only).
RECORDS = {
    "bad1.yaml": "ruleset: schnapsen\ndealer: 0\nhands:\n  0: [AH, TH, KH, QH, JH]\n  1: [AS, TS, KS, QS, 9D]\n"
                 "trump_card: JC\nstock: [AC, TC, KC, QC, AD, TD, KD, QD, JD]\nmoves: []\n",
    "bad2.yaml": "ruleset: schnapsen\ndealer: 0\nhands:\n  0: [AH, TH, KH, QH, JH]\n  1: [AS, TS, KS, QS, JS]\n"
                 "trump_card: JC\nstock: [AC, TC, KC, QC, AD, TD, KD, QD, JD]\nmvoes: []\n",
    "bad3.yaml": "ruleset: schnapsen\ndealer: 0\nhands:\n  0: [AH, TH, KH, QH, JH]\n  1: [AS, TS, KS, QS, JS]\n"
                 "trump_card: JC\nstock: [AC, TC, KC, QC, AD, TD, KD, QD, JD]\nmoves: [plya JH]\n",
    "short.yaml": "ruleset: schnapsen\ndealer: 0\nhands:\n  0: [AH, TH, KH, QH, JH]\n  1: [AS, KS, QS, JS]\n"
                  "trump_card: JC\nstock: [AC, TC, KC, QC, AD, TD, KD, QD, JD]\nmoves: []\n",
    # two tricks, then seat 1 declares (the deal is over), then one move more
    "m3.yaml": "ruleset: schnapsen\ndeals:\n  - dealer: 0\n    seed: 1234\n"
               "    moves: [play KC, play TC, play AD, play JD, declare, play KD]\n",
    # a third seat in a two-seat game
    "seats.yaml": "ruleset: schnapsen\nseed: 7\nplayers: [greedy, greedy, human]\ndeals:\n  - dealer: 1\n    seed: 1390851128\n"
                  "    moves: [marry QS]\n",
    # the last trick of a deal (the talon exhausted): seat 0 takes it, wins the deal with 1 game
    # point (seat 1 has 40 card points) and, from 6-5, the match 7-5; the header says seat 1
    "lie.yaml": "ruleset: schnapsen\nplayers: [greedy, greedy]\nresult: {winner: 1, scores: [7, 5], deals: 1}\ndeals:\n"
                "  - dealer: 1\n    start: {leader: 0, card_points: [50, 40], tricks_won: [4, 4], trump: H, match_scores: [6, 5]}\n"
                "    hands: {0: [AS], 1: [JS]}\n    moves: [play AS, play JS]\n",
}


def check_record_errors(block: TextBlock, tmp: Path) -> list[str]:
    """`rules replay FILE`'s one line on stderr, status 2, for each record."""
    got, problems = [], []
    for line in block.body:
        name = line.split(":", 1)[0]
        (tmp / name).write_text(RECORDS[name], encoding="utf-8")
        out = _run([str(BIN / "rules"), "replay", name], tmp)
        if out.returncode != 2:
            problems.append(f"{block.where}: rules replay {name} exited with {out.returncode}, not 2")
        got += out.stderr.splitlines()
    return problems + _same_lines(block, got)


def check_position_line(block: TextBlock, tmp: Path) -> list[str]:
    """The last line of ``rules replay deal2.yaml --show-position``, the record shown above."""
    (tmp / "deal2.yaml").write_text(fenced_before(block, "yaml"), encoding="utf-8")
    out = _run([str(BIN / "rules"), "replay", "deal2.yaml", "--show-position"], tmp)
    assert out.returncode == 0, out.stderr
    return _same_lines(block, out.stdout.splitlines()[-1:])


#: The position strings behind notation.md's messages, one per line of the sample.
POSITIONS = [
    "dealer=1 trump=H turnup=AH hands=TC,JD,KH,QH,AS/AD,TH,KS,QS,9S stock=QC,TD,JC,KD,QD leader=0 points=15/12 tricks=1/1",
    "dealer=1 hnads=TC,JD,KH,QH,AS/AD,TH,KS,QS,JS stock=QC,TD,JC,KD,QD leader=0 points=15/12 tricks=1/1 trump=H turnup=AH",
    "dealer=1 trump=H hands=TC,JD/AD",
    "dealer=1 trump=H turnup=AH hands=TC,JD,KH,QH,AS/AD,TH,KS,QS,JS stock=QC,TD,JC,KD,QD leader=0 points=15/12 tricks=2/2",
]


def check_position_errors(block: TextBlock) -> list[str]:
    from interpreter.core.errors import RulesError
    from interpreter.play.posstring import parse_position

    got = []
    for text in POSITIONS:
        try:
            parse_position("schnapsen", text)
        except RulesError as exc:
            got.append(str(exc).splitlines()[0])
        else:
            got.append(f"(read without an error: {text})")
    return _same_lines(block, got)


def check_record_written(block: TextBlock, tmp: Path) -> list[str]:
    """The record the command named in the prose right above writes (``rules run ... --record
    NAME``), with the clock set to the day of the record's own ``date`` header through
    SOURCE_DATE_EPOCH, the one header that depends on the day of the run."""
    intro = " ".join(block.before[-4:])
    commands = re.findall(r"`(rules run [^`]*--record (\S+))`", intro)
    assert commands, f"{block.where}: no `rules run ... --record NAME` in the lines above it"
    command, name = commands[-1]
    day = next((m.group(1) for line in block.body if (m := re.fullmatch(r'date: "(\d{4}-\d\d-\d\d)"', line))), None)
    assert day is not None, f"{block.where}: the record shows no date header"
    epoch = datetime.datetime.fromisoformat(day).replace(tzinfo=datetime.UTC).timestamp()
    out = _run([str(BIN / "rules"), *command.split()[1:], "--quiet"], tmp, extra_env={"SOURCE_DATE_EPOCH": str(int(epoch))})
    assert out.returncode == 0, out.stderr
    return _same_lines(block, (tmp / name).read_text(encoding="utf-8").splitlines())


# ---------------------------------------------------------------------------- cli.md: rules new
def check_new_file(block: TextBlock, tmp: Path) -> list[str]:
    """The file of the last ``rules new`` command above, below its first two lines (the
    editor-completion comment and a bare ``#``, as the page says); the page shows its head."""
    command = next(line.removeprefix("$ ") for line in reversed(block.before) if line.startswith("$ rules new "))
    out = _run([str(BIN / "rules"), *command.split()[1:]], tmp)
    assert out.returncode == 0, out.stderr
    written = (tmp / command.split()[2]).read_text(encoding="utf-8").splitlines()
    problems = [] if written[0].startswith("# yaml-language-server: $schema=") and written[1] == "#" else [
        f"{block.where}: the file does not begin with the editor-completion line and a bare '#': {written[:2]}"]
    assert block.body[-1] == "...", f"{block.where}: the page shows the file's head, ending in '...'"
    head = len(block.body) - 1
    return problems + _same_lines(block, [*written[2:2 + head], "..."])


# ---------------------------------------------------------------------------- authoring.md
def check_division_by_zero(block: TextBlock, tmp: Path) -> list[str]:
    """The house file shown above, played by two greedy seats: seed 8's match has a deal won
    against an opponent without a trick, and `rules run` stops there with status 2."""
    (tmp / "dz.yaml").write_text(fenced_before(block, "yaml"), encoding="utf-8")
    out = _run([str(BIN / "rules"), "run", "dz.yaml", "--seed", "8", "--players", "greedy,greedy", "--quiet"], tmp)
    problems = [] if out.returncode == 2 else [f"{block.where}: rules run exited with {out.returncode}, not 2"]
    return problems + _same_lines(block, out.stderr.splitlines()[-1:])


def check_formula_errors(block: TextBlock, tmp: Path) -> list[str]:
    """`rules validate t.yaml` for a house file whose formula is on its line 45, each formula
    of the sample in turn (the line under each message is the formula)."""
    got = []
    for i in range(0, len(block.body), 3):
        formula = block.body[i + 1].strip()
        lines = ["extends: schnapsen", "name: t"] + ["#"] * 41 + ["scoring:", f'  game_points: "{formula}"']
        (tmp / "t.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
        out = _run([str(BIN / "rules"), "validate", "t.yaml"], tmp)
        got += out.stderr.splitlines()
    return _same_lines(block, got)


# ---------------------------------------------------------------------------- cli.md: the human seat
#: What the person types in cli.md's session: on the opening lead four refused moves, then
#: QD, which wins the first trick; then three refused moves and quit.
HUMAN_INPUT = "exchange\ndeclare\nmarry QD\nKD\nplay QD\nplay XX\n99\nplay AS\nquit\n"


def check_human_mistakes(block: TextBlock, tmp: Path) -> list[str]:
    out = _run([str(BIN / "rules"), "run", "schnapsen", "--seed", "7", "--players", "human,greedy"], tmp, HUMAN_INPUT)
    answers = re.findall(r"\? for help\): (illegal: .*|cannot read .*|there is no choice .*)", out.stderr)
    return _same_lines(block, answers)


def check_interrupted(block: TextBlock, tmp: Path) -> list[str]:
    """End of input at the human seat, no --record: the line on stderr."""
    out = _run([str(BIN / "rules"), "run", "schnapsen", "--seed", "7", "--players", "human,greedy"], tmp, "")
    return _same_lines(block, [line for line in out.stderr.splitlines() if line.startswith("game interrupted")])


# ---------------------------------------------------------------------------- simulate.md
def check_compare(block: TextBlock, tmp: Path) -> list[str]:
    """The comparison itself, 200,000 deals and 2,000 matches of each ruleset (about 50 s on
    two cores): the table on stdout, then the report's line on stderr."""
    (tmp / "no-early-close.yaml").write_text(fenced_before(block, "yaml"), encoding="utf-8")
    command = block.body[0].removeprefix("$ ").split()
    assert command[:2] == ["rules", "compare"], command
    out = _run([str(BIN / "rules"), *command[1:]], tmp, timeout=900)
    assert out.returncode == 0, out.stderr
    return _same_lines(block, [block.body[0], *out.stdout.splitlines(), *out.stderr.splitlines()])


def check_bench_shape(block: TextBlock, tmp: Path) -> list[str]:
    """The benchmark on 20,000 deals instead of a million, numbers masked."""
    command = block.body[0].removeprefix("$ ").split()
    assert command == [".venv/bin/python", "benchmarks/bench_simulate.py", "--deals", "1000000"], command
    out = _run([sys.executable, str(REPO / command[1]), "--deals", "20000"], tmp)
    assert out.returncode == 0, out.stderr
    return [] if _masked(out.stdout) == _masked(block.text)[1:] else _same_lines(block, [block.body[0], *out.stdout.splitlines()])


def check_bench_arg_error(block: TextBlock, tmp: Path) -> list[str]:
    """A benchmark given a revision git does not know: the usage and one line on stderr,
    status 2, before any work (benchmarks/_args.py)."""
    command = block.body[0].removeprefix("$ ").split()
    assert command[:2] == [".venv/bin/python", "benchmarks/bench_search.py"], command
    out = _run([sys.executable, str(REPO / command[1]), *command[2:]], REPO, timeout=60)
    assert out.returncode == 2 and not out.stdout and "Traceback" not in out.stderr, (out.returncode, out.stderr)
    return _same_lines(block, [block.body[0], *out.stderr.splitlines()])


# ---------------------------------------------------------------------------- copies
def check_console_copy(block: TextBlock) -> list[str]:
    """A sample shown again on another page: each of its lines is a line of a console block
    that ``test_doc_commands.py`` runs."""
    from test_doc_commands import DOCS as RUN_DOCS

    from docrunner import console_blocks

    printed = {line for doc in RUN_DOCS for b in console_blocks(REPO / "docs" / doc) for c in b.commands for line in c.expected}
    return [f"{block.where}: no console block that runs prints {line!r}" for line in block.body if line not in printed]


# ---------------------------------------------------------------------------- editors.md
#: Where the editor's samples were made: the page shows the paths of that checkout and server.
SHOWN_CHECKOUT = "/work/main"
SHOWN_SERVER = "/tmp/lsp/node_modules/yaml-language-server"


def _lsp_server() -> Path | None:
    """yaml-language-server's package folder: $YAML_LS (.ci/run installs it with npm), else
    where docs/editors.md installed it."""
    import os

    for candidate in (os.environ.get("YAML_LS"), SHOWN_SERVER):
        if candidate and (Path(candidate) / "bin" / "yaml-language-server").is_file():
            return Path(candidate)
    return None


def _sections(text: str) -> dict[str, str]:
    """The demo's output cut at its section titles ``(a) ...``; the lines before the first
    are the ``header``."""
    found: dict[str, list[str]] = {"header": []}
    current = "header"
    for line in text.splitlines():
        title = re.match(r"\(([a-z])\) ", line)
        if title:
            current = title.group(1)
            found[current] = []
        found[current].append(line)
    return {k: "\n".join(v).strip("\n") for k, v in found.items()}


CHECKS: dict[str, Callable[..., list[str]]] = {
    "synopsis": check_synopsis,
    "console-copy": check_console_copy,
    "action-errors": check_action_errors,
    "record-errors": check_record_errors,
    "position-line": check_position_line,
    "position-errors": check_position_errors,
    "division-by-zero": check_division_by_zero,
    "formula-errors": check_formula_errors,
    "human-mistakes": check_human_mistakes,
    "interrupted": check_interrupted,
    "compare": check_compare,
    "record-written": check_record_written,
    "new-file": check_new_file,
    "bench-shape": check_bench_shape,
    "bench-arg-error": check_bench_arg_error,
}

BLOCKS = all_text_blocks()
MARKED = [b for b in BLOCKS if b.sample is not None and b.sample in CHECKS]
EDITOR = [b for b in BLOCKS if b.sample == "lsp-demo"]


def _uncovered(b: TextBlock) -> str | None:
    """Why no test checks block ``b`` and it does not say why, or None (textblocks.py: covered)."""
    from test_doc_commands import DOCS as RUN_DOCS

    if b.page in RUN_PAGES and b.after == "python" and b.lang == "text":
        return None  # the page's Python samples run in RUN_PAGES[page]
    if b.page in GENERATED_PAGES or b.not_output is not None or b.not_checked is not None:
        return None
    if b.file is not None and b.page in RUN_DOCS:
        return None  # an input the page's console blocks read
    kind = f"a ```{b.lang} block" if b.lang else "a fence without a language"
    if b.sample is None:
        return f"{b.where}: {kind} no test checks (mark it: see tests/docs/textblocks.py)"
    if b.sample not in CHECKS and b.sample != "lsp-demo":
        test = REPO / b.sample
        if not (b.sample.startswith("tests/") and test.is_file()):
            return f"{b.where}: sample {b.sample!r} is neither a check of this module nor a test file"
        if f"docs/{b.page}" not in test.read_text(encoding="utf-8"):
            return f"{b.where}: {b.sample} does not read docs/{b.page}"
    return None


def _problems(langs: tuple[str, ...]) -> list[str]:
    return [p for b in BLOCKS if b.lang in langs and (p := _uncovered(b)) is not None]


def test_every_text_block_is_checked_or_says_why_not() -> None:
    problems = _problems(("text", "json"))
    assert not problems, "\n".join(problems)


def test_every_yaml_block_is_checked_or_says_why_not() -> None:
    """A YAML block may show what a command writes (a match record): it is checked like a
    text sample, or it says what it is instead (a rule file to write, an input)."""
    problems = _problems(("yaml",))
    assert not problems, "\n".join(problems)


def test_every_fence_without_a_language_is_checked_or_says_why_not() -> None:
    """A fence without a language may hold a long run's output: the same rule as text."""
    problems = _problems(("",))
    assert not problems, "\n".join(problems)


def test_the_yaml_to_write_reads_without_an_error(tmp_path: Path) -> None:
    """Every YAML block shown whole (not an excerpt ending in ``...``) is one YAML document
    the rule files' reader takes: pasted, it is not refused (a key written twice as two
    alternatives is). Only the reading is checked; what the keys mean is each page's. A
    message's place is the block's fence, then the line and column in the block."""
    from interpreter.core.errors import RulesError
    from interpreter.rules.yamlsource import load_yaml

    problems = []
    for b in BLOCKS:
        if b.lang != "yaml" or (b.body and b.body[-1] == "...") or all(not line.strip() or line.lstrip().startswith("#") for line in b.body):
            continue  # not yaml, an excerpt, or only a comment to write (a modeline)
        try:
            load_yaml(b.text, b.where)
        except RulesError as exc:
            problems.append(str(exc))
    assert not problems, "\n".join(problems)


def test_a_fence_in_a_list_item_is_collected() -> None:
    """play.md's refusal line sits in a list item, its fence and marker indented by two
    spaces: it is a block of the page, its line without the indent (once, such a block was
    never collected, and no test asked whether anything checked it)."""
    found = [b for b in BLOCKS if b.page == "play.md" and b.body[:1] and b.body[0].startswith("refused a request without this start's token")]
    assert [(b.lang, b.sample, len(b.body)) for b in found] == [("text", "tests/table/test_web.py", 1)]


@pytest.mark.parametrize("block", MARKED, ids=[f"{b.page}:{b.line}:{b.sample}" for b in MARKED])
def test_the_sample_is_what_the_program_prints(block: TextBlock, tmp_path: Path) -> None:
    check = CHECKS[block.sample or ""]
    problems = check(block, tmp_path) if "tmp" in check.__code__.co_varnames else check(block)
    assert not problems, "\n".join(problems)


def test_the_editor_samples_are_what_the_server_says() -> None:
    """docs/editors.md's output of ``tools/lsp_demo.py``, section by section, from the same
    release of yaml-language-server (1.25.0, named in its first line); the paths of this
    checkout and server are put back to the page's."""
    assert len(EDITOR) >= 8
    server = _lsp_server()
    if server is None:
        pytest.skip("yaml-language-server is not installed: npm install --prefix /tmp/lsp yaml-language-server@1.25.0 (or set YAML_LS)")
    out = subprocess.run([sys.executable, str(REPO / "tools" / "lsp_demo.py"), "--server", str(server)],
                         cwd=REPO, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    sections = _sections(out.stdout.replace(str(server), SHOWN_SERVER).replace(str(REPO), SHOWN_CHECKOUT))
    problems = []
    for block in EDITOR:
        title = re.match(r"\(([a-z])\) ", block.body[0])
        got = sections.get(title.group(1) if title else "header", "(no such section)")
        if got != block.text.strip("\n"):
            problems.append(f"{block.where}: the page shows\n{block.text}the demo prints\n{got}")
    assert not problems, "\n".join(problems)

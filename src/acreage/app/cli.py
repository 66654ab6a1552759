"""The ``acreage`` command: play, replay, list games, read the rules.

Errors in what the user typed on the command line (an unknown game, a bad player count or
option, an unreadable record) are printed as one line and end with exit code 2.
"""

from __future__ import annotations

import json
import os
import secrets
import sys
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..core import AcreageError, game_info, games, load_state, new_game
from ..core.formats import RECORD_FORMAT, SNAPSHOT_FORMAT
from .menu import MenuQuit, run_menu
from .players import make_players
from .replay import run_replay
from .saved_games import load_game, read_json
from .session import Session
from .views import view_for

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    help="Acreage: play modern farm-building board games in the terminal, against bots or friends.",
)

USAGE_ERROR = 2


def _show_version(value: bool) -> None:
    if value:
        from .. import __version__

        print(f"acreage {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", "-V", callback=_show_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Acreage: play modern farm-building board games in the terminal, against bots or friends."""


def _console() -> Console:
    return Console(highlight=False)


def _fail(message: str) -> NoReturn:
    err = Console(stderr=True, highlight=False)
    err.print(f"acreage: {message}", style="red", markup=False, soft_wrap=True)
    raise typer.Exit(USAGE_ERROR)


def _option_value(text: str) -> Any:
    """'5' -> 5, 'true' -> True, '[0, 2]' -> [0, 2]; anything else stays text ('0,2', 'all')."""
    try:
        value = json.loads(text)
    except ValueError:
        return text
    return value if isinstance(value, (int, float, bool, list)) or value is None else text


def parse_options(items: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            _fail(f"--option {item!r} should look like key=value, e.g. --option move_cap=50")
        out[key.strip()] = _option_value(value.strip())
    return out


def parse_seed(text: str | None) -> int | str:
    """The seed typed after ``--seed`` (a number, else the text itself), or a fresh random one.

    A fresh seed has 64 random bits: a small range could be searched for the seed that deals
    the cards on the table, and the seed gives away every hidden order.
    """
    if text is None:
        return secrets.randbits(64)
    try:
        return int(text)
    except ValueError:
        return text


def _input_for(console: Console):
    """Read a line after a prompt; when input is piped, echo it so the transcript reads well."""
    echo = not sys.stdin.isatty()

    def input_fn(prompt: str) -> str:
        text = console.input(prompt)
        if echo:
            console.print(text, markup=False, highlight=False)
        return text

    return input_fn


def _flush_typeahead() -> None:
    """Forget keys typed ahead on a real terminal (e.g. while a bot was thinking)."""
    if not sys.stdin.isatty():
        return
    try:
        import termios

        termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError, ValueError):
        pass


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(help="Game to play (see 'acreage games').")] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Number of players.")] = None,
    seed: Annotated[str | None, typer.Option("--seed", "-s", help="Seed (default: random).")] = None,
    bots: Annotated[
        str | None,
        typer.Option("--bots", "-b", "--agents", "-a",
                     help="Bots for the other seats: a level (easy, medium, hard) or a "
                          "bot spec, e.g. 'hard' or 'hard,easy' or 'greedy,random'."),
    ] = None,
    humans: Annotated[
        int | None, typer.Option("--humans", help="Humans sharing this terminal (hot-seat); default 1.")
    ] = None,
    seat: Annotated[int, typer.Option("--seat", help="Seat of the first human (0 = first).")] = 0,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option key=value (repeatable).")
    ] = None,
    load: Annotated[Path | None, typer.Option("--load", help="Continue a saved game record.")] = None,
    confirm: Annotated[
        bool, typer.Option("--confirm/--no-confirm",
                           help="Ask before a multi-step decision becomes final (until then it can "
                                "be undone).")
    ] = True,
    save_dir: Annotated[
        Path | None, typer.Option("--save-dir", help="Where games are saved when they end or you leave "
                                                    "(default: $ACREAGE_SAVE_DIR or ~/.acreage/saves).")
    ] = None,
) -> None:
    """Play a game. With no arguments a short menu asks what to play. The game is saved when it
    ends and when you leave, so you can continue it (--load) or watch it again (replay)."""
    # One function: each way to start (the menu, --load, a game named with its seats) is a
    # few lines that end in the same session; its docstring is the --help text.
    console = _console()

    input_fn = _input_for(console)

    options = parse_options(option or [])
    bot_list = [b for b in bots.split(",") if b.strip()] if bots else None
    actors = None
    tag = None  # the header shows the seed only when the player chose it
    try:
        if load is not None:
            if game is not None or options or players is not None:
                _fail("--load continues a saved game: leave out the game, --players and --option")
            state, actors = load_game(load)
            people = make_players(
                state.num_players, humans=1 if humans is None else humans, bots=bot_list,
                first_human=seat, seed=state.seed, game=state.game_name,
            )
        else:
            seed_value = parse_seed(seed)
            if seed is not None:
                tag = f"seed {seed_value!r}"
            if game is None and players is None and bot_list is None and humans is None and not options:
                try:
                    choice = run_menu(console, input_fn)
                except (EOFError, MenuQuit):
                    console.print("\nNo game chosen.")
                    raise typer.Exit(0) from None
                except KeyboardInterrupt:
                    console.print("\nNo game chosen.")
                    raise typer.Exit(130) from None
                name, count, n_humans = choice.game, choice.players, choice.humans
                bot_list, options = choice.bots, {**choice.options}
            else:
                name = game_info(game or "foxglove").name
                n_humans = 1 if humans is None else humans
                if players is not None:
                    count = players
                elif bot_list:
                    count = n_humans + len(bot_list)
                else:
                    count = n_humans if n_humans >= 2 else 2
            state = new_game(name, players=count, seed=seed_value, **options)
            people = make_players(count, humans=n_humans, bots=bot_list, first_human=seat, seed=seed_value,
                                  game=name)
    except AcreageError as exc:
        _fail(str(exc))
    if save_dir is None:
        save_dir = Path(os.environ.get("ACREAGE_SAVE_DIR") or "~/.acreage/saves")
    session = Session(state, people, console, input_fn, actors=actors, flush_input=_flush_typeahead, tag=tag,
                      confirm=confirm, autosave_dir=save_dir)
    try:
        session.run()
    except KeyboardInterrupt:
        console.print("\nInterrupted.", style="yellow")
        raise typer.Exit(130) from None


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A game record saved with 'save FILE'.")],
    step: Annotated[
        bool, typer.Option("--step", help="Step through it even when input is not a terminal.")
    ] = False,
) -> None:
    """Step through a saved game: Enter = next action, b = back, q = quit.

    When input is not a terminal (and --step is not given) it prints every action and the
    final position instead.
    """
    console = _console()
    try:
        record = read_json(file)
        if isinstance(record, dict) and record.get("format") == SNAPSHOT_FORMAT:
            record = load_state(record).record()  # a snapshot carries its game's actions too
        if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
            _fail(f"{file}: not a game record (field 'format' should be {RECORD_FORMAT!r})")
        interactive = step or sys.stdin.isatty()
        run_replay(record, console, _input_for(console), interactive=interactive)
    except AcreageError as exc:
        _fail(str(exc))


@app.command("trace")
def trace_command(
    file: Annotated[Path, typer.Argument(help="A game record or snapshot, or an OpenSpiel trace.")],
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write here (default: the screen).")] = None,
    names: Annotated[str | None, typer.Option("--names", help="Seat names, comma-separated.")] = None,
) -> None:
    """Turn a finished game's record into an OpenSpiel trajectory (the research format of
    OpenSpiel's standard trajectories, docs/records.md), or a trajectory back into a record."""
    args = [str(file)] + (["--out", str(out)] if out else []) + (["--names", names] if names else [])
    from ..interop.match_trace import main as trace_main

    code = trace_main(args)
    if code:
        raise typer.Exit(code)


@app.command("games")
def games_command() -> None:
    """List the games, their player counts, options and bot levels."""
    console = _console()
    for info in games():
        summary = info.summary()
        counts = summary["players"]
        head = Text(summary["title"], style="bold green")
        head.append(f"  ({summary['name']})", style="bold")
        head.append(f"  players {counts[0]}–{counts[-1]}" if len(counts) > 1 else f"  players {counts[0]}")
        if info.aliases:
            head.append(f"  also: {', '.join(info.aliases)}", style="dim")
        console.print(head)
        if info.description:
            console.print(info.description)
        flags = [k.replace("_", " ") for k in ("hidden_information", "simultaneous_choices") if summary[k]]
        if flags:
            console.print("Has " + " and ".join(flags) + ".", style="dim")
        table = Table(box=box.SIMPLE, show_edge=False, pad_edge=False)
        table.add_column("option", style="cyan", no_wrap=True)
        table.add_column("default", no_wrap=True)
        table.add_column("what it does")
        for key, spec in summary["options"].items():
            table.add_row(key, json.dumps(spec["default"]), spec["help"])
        console.print(table)
        console.print(f"Set options with: acreage play {summary['name']} --option key=value", style="dim")
        if info.levels:
            console.print("Bot levels: " + "; ".join(f"{lv.name}, {lv.blurb}" for lv in info.levels))
            console.print(f"Choose them with: acreage play {summary['name']} --bots hard", style="dim")
        console.print()


@app.command("rules")
def rules_command(game: Annotated[str, typer.Argument(help="Game name.")] = "foxglove") -> None:
    """A short summary of a game's rules."""
    console = _console()
    try:
        info = game_info(game)
    except AcreageError as exc:
        _fail(str(exc))
    text = view_for(info.name).rules()
    if not text:
        console.print(f"No rules summary for {info.title} yet.")
        return
    console.print(text, markup=False)


@app.command("simulate")
def simulate_command(
    game: Annotated[str, typer.Argument(help="Game name, e.g. foxglove.")],
    players: Annotated[int, typer.Option("--players", "-p", help="Seats per game.")] = 2,
    agents: Annotated[
        str,
        typer.Option("--bots", "-b", "--agents", "-a",
                     help="Bots by seat, e.g. 'mcts:ms=200,greedy' (rotated over the seats)."),
    ] = "greedy,random",
    games_: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 100,
    out: Annotated[Path, typer.Option("--out", help="JSONL file (appended; a rerun resumes).")] = Path(
        "results.jsonl"
    ),
    seed: Annotated[
        str, typer.Option("--seed", "-s", help="Root seed; every game's seed derives from it.")
    ] = "0",
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option key=value (repeatable).")
    ] = None,
    workers: Annotated[int | None, typer.Option("--workers", help="Local processes (default: all).")] = None,
    ray: Annotated[str | None, typer.Option("--ray", help="Ray address ('local' or host:port).")] = None,
    record: Annotated[bool, typer.Option("--record", help="Store every game's actions in its row.")] = False,
) -> None:
    """Play many games between bots and append one result row per game."""
    from ..arena.cli import cli_simulate

    try:
        cli_simulate(game, players=players, agents=agents, games=games_, out=out, seed=parse_seed(seed),
                     option=option or [], workers=workers, ray=ray, record=record)
    except (AcreageError, ValueError) as exc:
        _fail(str(exc))


@app.command("report")
def report_command(
    file: Annotated[Path, typer.Argument(help="Results written by 'acreage simulate'.")],
    plots: Annotated[Path | None, typer.Option("--plots", help="Folder for PNG plots.")] = None,
) -> None:
    """Summarise simulation results: scores with confidence intervals, win rates, tile balance."""
    from ..arena.cli import cli_report

    try:
        cli_report(file, plots=plots)
    except (AcreageError, ValueError, OSError) as exc:
        _fail(str(exc))


@app.command("fuzz")
def fuzz_command(
    game: Annotated[str, typer.Argument(help="Game name, a comma-separated list, or 'all'.")] = "all",
    games_: Annotated[int, typer.Option("--games", "-n", help="Games in all (every configuration).")] = 100,
    seed: Annotated[
        str, typer.Option("--seed", "-s", help="Root seed; every game's seeds derive from it.")
    ] = "0",
    workers: Annotated[int | None, typer.Option("--workers", help="Local processes (default: all).")] = None,
    ray: Annotated[str | None, typer.Option("--ray", help="Ray address ('local' or host:port).")] = None,
    out: Annotated[Path, typer.Option("--out", help="Folder for failure records.")] = Path("fuzz-out"),
    recheck: Annotated[Path | None, typer.Option("--replay", help="Check a failure file again.")] = None,
    summary_json: Annotated[Path | None, typer.Option("--summary", help="Write the summary as JSON.")] = None,
) -> None:
    """Play random games with invariant checks at every step; write each failure as a record."""
    # One function: it reads the options, builds the configurations and reports progress, a
    # few lines each, in the order the command does them (its docstring is the --help text).
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from ..arena import fuzz
    from ..arena.cli import parse_seed as arena_seed

    console = _console()
    if recheck is not None:
        try:
            row = fuzz.recheck(recheck)
        except (AcreageError, ValueError, TypeError) as exc:
            _fail(str(exc))
        failure = row["failure"]
        if failure is None:
            console.print(f"{recheck}: every check holds on replay ({row['steps']} steps)")
            return
        console.print(f"{recheck}: [bold red]{failure['check']}[/] fails at step {failure['step']}"
                      + (f" ({failure['action']})" if failure["action"] else ""))
        console.print(Text(failure["error"]))
        console.print(Text(failure["traceback"]), style="dim")
        raise typer.Exit(1)
    if summary_json is not None:  # refuse a bad --summary path now, not after a long run
        if summary_json.is_dir():
            _fail(f"--summary {summary_json} is a folder; give a file name such as "
                  f"{summary_json / 'summary.json'}")
        try:
            summary_json.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            _fail(f"--summary {summary_json}: cannot create its folder ({exc.strerror or exc})")
    counts = {"steps": 0, "failures": 0}
    columns = (TextColumn("fuzz"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[info]}"),
               TimeRemainingColumn())
    try:
        with Progress(*columns, console=console, transient=False) as progress:
            task = progress.add_task("fuzz", total=games_, info="")

            def on_result(row: dict, path: Path | None) -> None:
                counts["steps"] += row["steps"]
                if row["failure"] is not None:
                    counts["failures"] += 1
                    progress.console.print(f"[red]FAIL[/] {row['label']} seed {row['spec']['seed']}: "
                                           f"{row['failure']['check']}: {row['failure']['error'][:160]}"
                                           + (f" -> {path}" if path else ""))
                progress.update(task, advance=1,
                                info=f"{counts['steps']} steps, {counts['failures']} failures")

            summary = fuzz.run_fuzz(game, games_, root_seed=arena_seed(seed), workers=workers,
                                    ray_address=ray, out=out, on_result=on_result)
    except (AcreageError, ValueError) as exc:
        _fail(str(exc))
    table = Table(box=box.SIMPLE, title="fuzz summary")
    for name in ("configuration", "games", "steps", "cpu s/game"):
        table.add_column(name, justify="left" if name == "configuration" else "right")
    for label, (n, steps, secs) in sorted(summary.by_label.items()):
        table.add_row(label, str(int(n)), str(int(steps)), f"{secs / max(1, n):.3f}")
    console.print(table)
    console.print(f"games {summary.games}  steps {summary.steps}  failures {summary.failures}  "
                  f"time {summary.seconds:.1f} s  {summary.games_per_second:.2f} games/s "
                  f"({summary.workers} worker{'s' if summary.workers != 1 else ''}; "
                  f"{summary.games / max(summary.cpu_seconds, 1e-9):.2f} games per CPU-second)")
    if summary.failure_files:
        console.print(f"failure records in {out}/ (check one again: acreage fuzz --replay FILE)")
    if summary_json is not None:
        try:
            summary_json.write_text(json.dumps(summary.as_dict(), indent=1) + "\n", encoding="utf-8")
        except OSError as exc:
            _fail(f"--summary {summary_json}: cannot be written ({exc.strerror or exc})")
    if summary.failures:
        raise typer.Exit(1)


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None, typer.Option("--db", help="The store: a SQLite file (default $ACREAGE_DB or "
                                              "~/.acreage/games.db) or postgresql://…")
    ] = None,
    bot_workers: Annotated[int, typer.Option("--bot-workers", help="Processes that run the bots.")] = 1,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the lobby in a browser.")] = False,
    limit: Annotated[
        list[str] | None,
        typer.Option("--limit", help="Change a limit, NAME=VALUE (repeatable; docs/web-api.md lists "
                                     "them), e.g. moves=20/second or allowed_hosts=play.example.org"),
    ] = None,
) -> None:
    """Run the web platform: a lobby to create, join and watch games, in the browser. Every move
    is stored before it is acknowledged; Ctrl-C or SIGTERM stops it with nothing lost."""
    try:
        from ..web.limits import LOOPBACK_HOSTS, Limits
        from ..web.server import create_app, serve
    except ModuleNotFoundError as exc:
        _fail(f"the web platform needs the 'web' extra ({exc.name} is missing): pip install 'acreage[web]'")
    if not 1 <= port <= 65535:
        _fail(f"--port {port}: give a port from 1 to 65535")
    if bot_workers < 1:
        _fail("--bot-workers must be at least 1")
    limits = Limits()
    if host not in ("0.0.0.0", "::", "") and host not in LOOPBACK_HOSTS:
        limits = Limits(allowed_hosts=(*LOOPBACK_HOSTS, host))
    try:
        limits = limits.with_settings(limit or [])
    except ValueError as exc:
        _fail(str(exc))
    store = db or os.environ.get("ACREAGE_DB") or str(Path("~/.acreage/games.db").expanduser())
    from ..web.store import StoreError, open_store

    try:
        open_store(store).close()  # refuse a bad store before the server starts
    except StoreError as exc:
        _fail(str(exc))
    url = f"http://{host}:{port}/"
    console = _console()
    shown = store if "://" not in store else store.split("@")[-1]
    console.print(f"Acreage is serving on [bold]{url}[/bold] (store: {shown}); Ctrl-C stops it.")
    if open_browser and (sys.platform in ("darwin", "win32") or os.environ.get("DISPLAY")
                         or os.environ.get("WAYLAND_DISPLAY")):
        # Only where a graphical browser can open: on a bare terminal, Python's webbrowser
        # would start a text browser in this very terminal.
        import threading
        import webbrowser

        threading.Timer(1.0, lambda: webbrowser.open(url)).start()
    def stopped() -> None:
        console.print("Acreage stopped: the bots are gone and every move is stored.")
        sys.stdout.flush()  # uvicorn ends by re-raising the signal it caught: flush first

    app_ = create_app(store, bot_workers=bot_workers, on_stop=stopped, limits=limits)
    try:
        serve(app_, host, port)
    except KeyboardInterrupt:  # Ctrl-C, re-raised by uvicorn after its graceful shutdown
        raise typer.Exit(130) from None


def main() -> None:
    """Run the command line (the console script goes through :mod:`acreage.app.entry`)."""
    app()


if __name__ == "__main__":  # pragma: no cover
    main()

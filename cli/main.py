"""The `battlelog` command: record, resolve, audit, draw and post battles played by post.

stdout carries the product (text, JSON, files); logs and errors go to stderr. Every command opens the database,
does its work and closes it, so two commands never hold the file at once for long.
"""

from __future__ import annotations

import json
import sys
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from pathlib import Path
from typing import Any

import click
import structlog

from eventlog import dice as dicelib
from eventlog import jsonl
from eventlog import seal as seallib
from eventlog.envelope import Draft, Event
from eventlog.errors import BattlelogError, ValidationError
from eventlog.store import Store, verify_chain
from replay import audit as auditlib
from replay import driver
from replay import rerun as rerunlib
from replay import ruleset as registry
from replay.render import text as textlib

log = structlog.get_logger("battlelog")

DB_HELP = "DuckDB file (default ./battlelog.duckdb, or $BATTLELOG_DB)."


def _configure_logging(verbose: bool) -> None:
    import logging

    structlog.configure(
        processors=[structlog.processors.add_log_level, structlog.dev.ConsoleRenderer(colors=False)],
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        wrapper_class=structlog.make_filtering_bound_logger(logging.INFO if verbose else logging.WARNING),
    )


def _fail(exc: BattlelogError) -> None:
    problems = getattr(exc, "problems", None) or [str(exc)]
    for p in problems:
        click.echo(f"error: {p}", err=True)
    sys.exit(exc.exit_code)


def handles_errors(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Turn battlelog errors into a message on stderr and the error's exit code."""

    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except BattlelogError as exc:
            _fail(exc)

    return wrapper


@contextmanager
def opened(ctx: click.Context) -> Iterator[Store]:
    with Store.open(ctx.obj["db"]) as store:
        yield store


def _parse_fields(pairs: tuple[str, ...], what: str = "--field") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise ValidationError(f"{what} {pair!r}: expected key=value")
        key, value = pair.split("=", 1)
        try:
            out[key] = json.loads(value)
        except json.JSONDecodeError:
            out[key] = value
    return out


def _extra_options(args: list[str]) -> dict[str, Any]:
    """`--stake high --unit K1` style ruleset fields given after the known options."""
    out: dict[str, Any] = {}
    it = iter(args)
    for arg in it:
        if not arg.startswith("--"):
            raise ValidationError(f"unexpected argument {arg!r}")
        key = arg[2:].replace("-", "_")
        if "=" in key:
            key, value = key.split("=", 1)
        else:
            value = next(it, None)
            if value is None:
                raise ValidationError(f"--{key} needs a value")
        out[key] = value
    return out


def _read_data_file(path: str) -> dict[str, Any]:
    text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text) if path.endswith(".toml") else json.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ValidationError(f"{path}: not valid {'TOML' if path.endswith('.toml') else 'JSON'}: {exc}") from exc
    if not isinstance(data, dict):
        raise ValidationError(f"{path}: expected an object at the top level")
    return data


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 110})
@click.option("--db", envvar="BATTLELOG_DB", default="battlelog.duckdb", show_default=True, help=DB_HELP)
@click.option("-v", "--verbose", is_flag=True, help="Log what happens to stderr.")
@click.pass_context
def main(ctx: click.Context, db: str, verbose: bool) -> None:
    """battlelog: an event-sourced battle log for games played by post.

    Record orders, dice rolls and choices; resolve turns under a ruleset; audit rulings; draw any turn as
    SVG/PNG; write the GM's post as BBCode or Markdown.
    """
    _configure_logging(verbose)
    ctx.obj = {"db": db}


# --- games -------------------------------------------------------------------------------------------------------

@main.command()
@click.argument("game")
@click.option("--ruleset", "ruleset_key", required=True, help="Ruleset id, e.g. duel or duel@1.")
@click.option("--setup", "setup_file", required=True, help="Setup file (JSON or TOML), or - for stdin.")
@click.option("--option", "opts", multiple=True, help="House-rule switch key=value (see `battlelog rules`).")
@click.pass_context
@handles_errors
def new(ctx: click.Context, game: str, ruleset_key: str, setup_file: str, opts: tuple[str, ...]) -> None:
    """Start a game: records game.created with the setup and the hash of a fresh engine-dice seed."""
    rs = registry.get(ruleset_key)
    setup = _read_data_file(setup_file)
    setup = setup.get("setup", setup)
    options = rs.options(_parse_fields(opts, "--option"))
    problems = rs.validate_setup(setup)
    if problems:
        raise ValidationError(problems)
    seed = dicelib.new_seed()
    payload = {"ruleset": rs.key, "options": options.model_dump(mode="json", exclude_defaults=True),
               "setup": setup, "seed_hash": dicelib.seed_hash(seed)}
    with opened(ctx) as store:
        if store.exists(game):
            raise ValidationError(f"game {game!r} already exists in {ctx.obj['db']}")
        store.set_secret(game, seed)
        event = store.append(game, 1, [Draft("game.created", payload)])[0]
    click.echo(f"{game}: {rs.key} game created (seq {event.seq}); engine dice seed hash {payload['seed_hash']}")


@main.command()
@click.pass_context
@handles_errors
def games(ctx: click.Context) -> None:
    """List the games in the database."""
    with opened(ctx) as store:
        for g in store.games():
            head = store.head(g)
            first = store.event(g, 1)
            ruleset = first.payload.get("ruleset") if first else "?"
            click.echo(f"{g}\t{ruleset}\t{head.seq if head else 0} events")


@main.command()
@click.argument("ruleset_key", required=False)
def rules(ruleset_key: str | None) -> None:
    """List the rulesets, their house-rule options (default first) and the spec ambiguity each one settles."""
    import typing

    chosen = [registry.get(ruleset_key)] if ruleset_key else registry.all_rulesets()
    for rs in chosen:
        click.echo(f"{rs.key}\t{rs.title}\t(rulebook {rs.rulebook})")
        catalogue = auditlib.defaults_catalogue(rs)
        for name, fld in rs.OptionsModel.model_fields.items():
            choices = [c for c in typing.get_args(fld.annotation) if c != fld.default]
            alternatives = f" | {' | '.join(json.dumps(c) for c in choices)}" if choices else ""
            ref = rs.option_defaults.get(name, "")
            click.echo(f"  {name} = {json.dumps(fld.default)}{alternatives}")
            if ref:
                text = catalogue.get(ref, "")
                click.echo(f"      {ref}: {text[:150] + ('…' if len(text) > 150 else '')}" if text else f"      {ref}")


# --- inputs ------------------------------------------------------------------------------------------------------

@main.command()
@click.argument("game")
@click.option("--turn", type=int, help="Turn (default: the open turn).")
@click.option("--actor", required=True, help="Who gives the order.")
@click.option("--file", "file_", help="A forum post (text) to parse, or - for stdin.")
@click.option("--text", help="The forum post as an argument.")
@click.option("--json", "as_json", help="The order as JSON (the public log format) instead of a forum post.")
@click.option("--seal", is_flag=True, help="Record only a sealed commitment; prints the salt to reveal with.")
@click.option("--reveal", "salt", help="Reveal a sealed order with this salt.")
@click.option("--dry-run", is_flag=True, help="Parse and check, print the order, append nothing.")
@click.pass_context
@handles_errors
def order(ctx: click.Context, game: str, turn: int | None, actor: str, file_: str | None, text: str | None,
          as_json: str | None, seal: bool, salt: str | None, dry_run: bool) -> None:
    """Record a player's order, parsed from their forum post (every error is listed at once)."""
    with opened(ctx) as store:
        g = driver.load(store, game)
        state = driver.fold(g)
        if as_json is not None:
            try:
                payload = json.loads(as_json)
            except json.JSONDecodeError as exc:
                raise ValidationError(f"--json: {exc}") from exc
        else:
            if file_ is None and text is None:
                raise ValidationError("give the order with --file, --text or --json")
            post = text if text is not None else (
                sys.stdin.read() if file_ == "-" else Path(str(file_)).read_text(encoding="utf-8"))
            parsed = g.ruleset.parse_order(post, state, actor)
            if parsed.errors or parsed.order is None:
                raise ValidationError(parsed.errors or ["the post holds no order"])
            for note in parsed.notes:
                click.echo(f"note: {note}", err=True)
            payload = parsed.order
        if seal and salt:
            raise ValidationError("--seal and --reveal exclude each other")
        if seal:
            # The order is checked now, so a sealed order cannot fail at its reveal for a rule reason.
            driver.check_draft(g, state, Draft("order", payload, turn, actor))
            new_salt = seallib.new_salt()
            draft = Draft("order.sealed", {"commitment": seallib.commitment(payload, new_salt)}, turn, actor)
        elif salt:
            draft = Draft("order.revealed", {"order": payload, "salt": salt}, turn, actor)
        else:
            draft = Draft("order", payload, turn, actor)
        if dry_run:
            driver.check_draft(g, state, draft)
            click.echo(json.dumps(payload, ensure_ascii=False, sort_keys=True))
            return
        event = driver.append_input(store, game, draft)
    click.echo(f"seq {event.seq}: {event.type} of {actor} for turn {event.turn}")
    if seal:
        click.echo(f"salt {new_salt}  (keep it secret; reveal with: battlelog order {game} --actor {actor} "
                   f"--turn {event.turn} --reveal {new_salt} --file <the same post>)")


@main.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@click.argument("game")
@click.argument("dice")
@click.option("--turn", type=int, help="Turn (default: the open turn).")
@click.option("--actor", help="Who rolls (omit for a GM roll).")
@click.option("--purpose", default=None, help="What the roll is for (default: the ruleset's main roll).")
@click.option("--result", help="The dice as rolled elsewhere, e.g. 72 or 3,5,6 (omit to roll engine dice).")
@click.option("--source", type=click.Choice(["forum", "manual"]), default="forum", show_default=True,
              help="Where a --result roll was made.")
@click.option("--link", help="Link or post id of the forum roll.")
@click.pass_context
@handles_errors
def roll(ctx: click.Context, game: str, dice: str, turn: int | None, actor: str | None, purpose: str | None,
         result: str | None, source: str, link: str | None) -> None:
    """Roll DICE (1d100, 2d6-2, D9 …) with engine dice, or record a forum roll with --result.

    Ruleset fields follow as options, e.g. `--stake high` for a duel stake roll.
    """
    extra = _extra_options(ctx.args)
    spec = dicelib.parse(dice)
    with opened(ctx) as store:
        g = driver.load(store, game)
        purpose = purpose or getattr(g.ruleset, "default_roll_purpose", None)
        if not purpose:
            raise ValidationError("--purpose: say what the roll is for")
        if result is None:
            draft = Draft("roll", {"dice": spec.notation, "purpose": purpose, **extra}, turn, actor)
            event = driver.engine_roll(store, game, draft)
        else:
            try:
                values = [int(v) for v in result.replace(" ", "").split(",")]
            except ValueError as exc:
                raise ValidationError(f"--result {result!r}: die values separated by commas") from exc
            problems = dicelib.check_result(spec, values)
            if problems:
                raise ValidationError([f"--result: {p}" for p in problems])
            payload = dicelib.roll_payload(spec, values, purpose=purpose, source=source, link=link, **extra)
            event = driver.append_input(store, game, Draft("roll", payload, turn, actor))
    p = event.payload
    click.echo(f"seq {event.seq}: {event.actor or 'GM'} rolled {p['dice']} = {p['result']} (total {p['total']}, "
               f"{p['source']})")


@main.command()
@click.argument("game")
@click.argument("name")
@click.argument("value")
@click.option("--turn", type=int, help="Turn (default: the open turn).")
@click.option("--actor", help="Who chooses (omit for the GM).")
@click.option("--field", "fields", multiple=True, help="Key field key=value (e.g. knight=k2).")
@click.pass_context
@handles_errors
def choose(ctx: click.Context, game: str, name: str, value: str, turn: int | None, actor: str | None,
           fields: tuple[str, ...]) -> None:
    """Record a choice the rules ask for (e.g. `finish_off kill`, `push_direction NE`)."""
    payload = {"name": name, "value": value, **_parse_fields(fields)}
    with opened(ctx) as store:
        event = driver.append_input(store, game, Draft("choice", payload, turn, actor))
    click.echo(f"seq {event.seq}: {actor or 'GM'} chose {name} = {value}")


@main.command()
@click.argument("game")
@click.option("--turn", type=int, required=True)
@click.option("--file", "file_", required=True,
              help='JSON {"note": …, "events": [{"type": …, "payload": {…}}, …]}, or - for stdin.')
@click.pass_context
@handles_errors
def ruling(ctx: click.Context, game: str, turn: int, file_: str) -> None:
    """Resolve the open turn by a GM ruling (the events the GM asserts); audit reports it."""
    data = _read_data_file(file_)
    with opened(ctx) as store:
        events = driver.append_ruling(store, game, turn, data)
    click.echo(f"seq {events[0].seq}: ruling for turn {turn}; turn closed at seq {events[-1].seq}")


@main.command()
@click.argument("game")
@click.pass_context
@handles_errors
def resolve(ctx: click.Context, game: str) -> None:
    """Resolve every turn whose inputs are complete; says who the game is waiting for."""
    with opened(ctx) as store:
        report = driver.resolve_pending(store, game)
    log.info("resolve", game=game, turns=report.turns, appended=len(report.appended), waiting=report.waiting)
    for t in report.turns:
        click.echo(f"turn {t} resolved")
    drawn = [e for e in report.appended if e.type == "roll"]
    for e in drawn:
        click.echo(f"seq {e.seq}: engine roll for {e.actor or 'GM'} ({e.payload.get('purpose')}): "
                   f"{e.payload['result']}")
    if report.waiting:
        click.echo(report.waiting)
    elif report.over:
        click.echo("the game is over")
    elif not report.turns:
        click.echo("nothing to resolve")


# --- reading -----------------------------------------------------------------------------------------------------

@main.command(name="log")
@click.argument("game")
@click.option("--turn", type=int, help="Only this turn's events.")
@click.option("--json", "as_json", is_flag=True, help="Full events as JSON lines.")
@click.pass_context
@handles_errors
def log_(ctx: click.Context, game: str, turn: int | None, as_json: bool) -> None:
    """List a game's events (seq, turn, type, actor, a summary)."""
    with opened(ctx) as store:
        events = store.events(game)
    if not events:
        raise ValidationError(f"no game {game!r} in this database")
    for e in events:
        if turn is not None and e.turn != turn:
            continue
        if as_json:
            click.echo(json.dumps(e.to_dict(), ensure_ascii=False, sort_keys=True))
        else:
            summary = json.dumps(e.payload, ensure_ascii=False, sort_keys=True)
            click.echo(f"{e.seq:>6}  t{e.turn if e.turn is not None else '-':<3} {e.type:<18} {e.actor or '':<8} "
                       f"{summary[:90]}")


@main.command()
@click.argument("game")
@click.option("--turn", type=int, help="After this turn (default: the latest state).")
@click.option("--step", type=int, help="After this step of the turn (0 = before its first resolution).")
@click.option("--json", "as_json", is_flag=True, help="Print the state as JSON.")
@click.pass_context
@handles_errors
def state(ctx: click.Context, game: str, turn: int | None, step: int | None, as_json: bool) -> None:
    """Print a game's state after a turn (or a step of it)."""
    with opened(ctx) as store:
        g = driver.load(store, game)
        st = driver.fold(g) if turn is None else driver.seek(store, g, turn, step)
    data = g.ruleset.state_json(st)
    click.echo(json.dumps(data, ensure_ascii=False, sort_keys=True, indent=None if as_json else 2))


@main.command()
@click.argument("game")
@click.option("--turn", type=int, required=True)
@click.option("--format", "fmt", type=click.Choice(textlib.FORMATS), default="bbcode", show_default=True)
@click.option("--profile", type=click.Choice(["phpbb", "mybb-ru", "dungeonmaster"]), default="phpbb",
              show_default=True, help="BBCode tag set of the forum.")
@click.option("--lang", type=click.Choice(["ru", "en"]), default="ru", show_default=True)
@click.pass_context
@handles_errors
def post(ctx: click.Context, game: str, turn: int, fmt: str, profile: str, lang: str) -> None:
    """Write the GM's post of a turn: orders, rolls, resolutions with their arithmetic, the state."""
    with opened(ctx) as store:
        g = driver.load(store, game)
        doc = g.ruleset.post(driver.turn_view(g, turn, store), lang)
    click.echo(textlib.render(doc, fmt, profile))


@main.command()
@click.argument("game")
@click.option("--turn", type=int, required=True)
@click.option("--step", type=int, help="Step of the turn (default: the last, the turn's screen).")
@click.option("-o", "--output", required=True, help="File to write: .svg or .png.")
@click.option("--all-steps", is_flag=True, help="Write one file per step: OUTPUT gets -s<k> before its suffix.")
@click.option("--lang", type=click.Choice(["ru", "en"]), default="ru", show_default=True)
@click.pass_context
@handles_errors
def render(ctx: click.Context, game: str, turn: int, step: int | None, output: str, all_steps: bool,
           lang: str) -> None:
    """Draw a turn (or one step of it) as SVG or PNG."""
    from replay.render.png import to_png

    out = Path(output)
    if out.suffix.lower() not in {".svg", ".png"}:
        raise ValidationError(f"-o {output}: the file must end in .svg or .png")
    with opened(ctx) as store:
        g = driver.load(store, game)
        steps: list[int | None] = list(range(driver.turn_steps(g, turn).count + 1)) if all_steps else [step]
        views = [driver.frame_view(g, turn, k, lang, store) for k in steps]
    for view in views:
        k = view.step
        svg = g.ruleset.frame(view)
        target = out if not all_steps else out.with_name(f"{out.stem}-s{k}{out.suffix}")
        if target.suffix.lower() == ".png":
            target.write_bytes(to_png(svg, last_hash=view.last_hash))
        else:
            target.write_text(svg, encoding="utf-8")
        click.echo(f"{target}  (turn {turn}, step {view.step}/{view.steps}, last event {view.last_hash[:12]})")


# --- checking ----------------------------------------------------------------------------------------------------

@main.command()
@click.argument("game")
@click.option("--json", "as_json", is_flag=True, help="The findings as JSON.")
@click.pass_context
@handles_errors
def audit(ctx: click.Context, game: str, as_json: bool) -> None:
    """Re-resolve every turn from the recorded inputs; exit 1 if any recorded resolution differs from the rules."""
    with opened(ctx) as store:
        g = driver.load(store, game)
    report = auditlib.audit(g)
    if as_json:
        click.echo(json.dumps({"game": report.game, "ruleset": report.ruleset, "turns": report.turns,
                               "clean": report.clean, "findings": [f.__dict__ for f in report.findings]},
                              ensure_ascii=False, indent=2))
    else:
        click.echo(format_audit(report))
    sys.exit(0 if report.clean else 1)


def format_audit(report: auditlib.AuditReport) -> str:
    lines = [f"audit of {report.game} under {report.ruleset}: {report.turns} turns re-resolved"]
    for f in report.findings:
        where = f"turn {f.turn}" + (f", seq {f.seq}" if f.seq else "")
        lines.append(f"- {where}: {f.kind}")
        lines += [f"    {line}" for line in f.lines]
        if f.recorded_why or f.computed_why:
            lines.append("    recorded arithmetic:")
            lines += [f"      {w}" for w in f.recorded_why] or ["      (none)"]
            lines.append("    the rules' arithmetic:")
            lines += [f"      {w}" for w in f.computed_why] or ["      (none)"]
    differs = sum(f.kind != "ruling" for f in report.findings)
    rulings = sum(f.kind == "ruling" for f in report.findings)
    lines.append("clean: every recorded resolution matches the rules" if report.clean
                 else f"NOT clean: {differs} difference(s)")
    if rulings:
        lines.append(f"{rulings} GM ruling(s) recorded")
    return "\n".join(lines)


@main.command()
@click.argument("game")
@click.option("--seq", type=int, required=True, help="The resolution (or ruling) event to explain.")
@click.option("--lang", type=click.Choice(["ru", "en"]), default="en", show_default=True)
@click.pass_context
@handles_errors
def explain(ctx: click.Context, game: str, seq: int, lang: str) -> None:
    """Why a resolution came out as it did: its arithmetic, the rule, the spec defaults it relied on."""
    with opened(ctx) as store:
        g = driver.load(store, game)
    ex = auditlib.explain(g, seq, lang)
    click.echo(f"seq {ex.seq} (turn {ex.turn}): {ex.headline}")
    if ex.rule:
        click.echo(f"rule: {ex.rule}")
    click.echo("arithmetic:")
    for w in ex.why:
        click.echo(f"  {w}")
    if ex.defaults:
        click.echo("proposed defaults relied on:")
        for d, text, opt in ex.defaults:
            click.echo(f"  {d}" + (f": {text}" if text else "") + (f"  [option {opt}]" if opt else ""))
    for c in ex.causes:
        click.echo(f"from: {c}")


@main.command()
@click.argument("game")
@click.option("--variant", help="Variant file (TOML): ruleset = \"duel@1\" and an [options] table.")
@click.option("--ruleset", "ruleset_key", help="Another ruleset version, e.g. duel@1.")
@click.option("--option", "opts", multiple=True, help="House-rule switch key=value.")
@click.pass_context
@handles_errors
def rerun(ctx: click.Context, game: str, variant: str | None, ruleset_key: str | None,
          opts: tuple[str, ...]) -> None:
    """Re-resolve a game under a variant or another ruleset version; print what changes, turn by turn."""
    options: dict[str, Any] = {}
    if variant:
        key, options = rerunlib.load_variant(variant)
        ruleset_key = ruleset_key or key
    options.update(_parse_fields(opts, "--option"))
    with opened(ctx) as store:
        g = driver.load(store, game)
    report = rerunlib.rerun(g, ruleset_key, options)
    click.echo(f"rerun of {report.game}: {report.turns} turns\n  recorded: {report.recorded}\n"
               f"  variant:  {report.variant}")
    for change in report.changes:
        click.echo(f"turn {change.turn}:")
        for line in change.lines:
            click.echo(f"  {line}")
    if report.stopped:
        click.echo(f"stopped: {report.stopped}")
    if report.unchanged:
        click.echo("no state changes")


@main.command()
@click.argument("game")
@click.option("--seed", "seed_hex", help="The revealed seed (hex), to check engine dice of an imported game.")
@click.pass_context
@handles_errors
def verify(ctx: click.Context, game: str, seed_hex: str | None) -> None:
    """Check the hash chain (names the first bad seq) and re-derive every engine roll from the seed."""
    with opened(ctx) as store:
        if not store.exists(game):
            raise ValidationError(f"no game {game!r} in this database")
        store.verify(game)
        events = store.events(game)
        local = store.secret(game)
    click.echo(f"hash chain: {len(events)} events verify (head {events[-1].hash[:16]}…)")
    revealed = next((e for e in events if e.type == "seed.revealed"), None)
    seed = bytes.fromhex(seed_hex) if seed_hex else (
        bytes.fromhex(revealed.payload["seed"]) if revealed else local)
    engine = [e for e in events if e.type == "roll" and e.payload.get("source") == "engine"]
    if seed is None:
        click.echo(f"engine dice: {len(engine)} rolls; the seed is not known here (reveal it to let anyone check)")
        return
    published = events[0].payload.get("seed_hash")
    if published and dicelib.seed_hash(seed) != published:
        raise ValidationError(f"seed: its sha256 differs from the seed_hash published in game.created "
                              f"({published[:16]}…)")
    problems = dicelib.verify_rolls(events, seed)
    if problems:
        raise ValidationError(problems)
    click.echo(f"engine dice: {len(engine)} rolls re-derived from the seed, all match")


@main.command()
@click.argument("game")
@click.pass_context
@handles_errors
def reveal(ctx: click.Context, game: str) -> None:
    """Publish the engine-dice seed in the log so that anyone can re-derive every engine roll."""
    with opened(ctx) as store:
        seed = store.secret(game)
        if seed is None:
            raise ValidationError(f"game {game!r}: this database holds no seed for it")
        head = store.head(game)
        if head is None:
            raise ValidationError(f"no game {game!r} in this database")
        if any(e.type == "seed.revealed" for e in store.events(game)):
            raise ValidationError(f"game {game!r}: the seed is already revealed")
        event = store.append(game, head.seq + 1, [Draft("seed.revealed", {"seed": seed.hex()})])[0]
    click.echo(f"seq {event.seq}: seed revealed ({seed.hex()})")


# --- import / export ---------------------------------------------------------------------------------------------

@main.command(name="export")
@click.argument("game")
@click.option("--format", "fmt", type=click.Choice(["jsonl", "parquet"]), default="jsonl", show_default=True)
@click.option("-o", "--output", help="File (required for parquet; jsonl goes to stdout by default).")
@click.pass_context
@handles_errors
def export_(ctx: click.Context, game: str, fmt: str, output: str | None) -> None:
    """Export a game's log (the unrevealed seed is never exported)."""
    with opened(ctx) as store:
        if not store.exists(game):
            raise ValidationError(f"no game {game!r} in this database")
        if fmt == "parquet":
            if not output:
                raise ValidationError("-o: parquet needs an output file")
            store.export_parquet(game, output)
            click.echo(output)
            return
        events = store.events(game)
    lines = "\n".join(jsonl.export_lines(events)) + "\n"
    if output:
        Path(output).write_text(lines, encoding="utf-8")
    else:
        click.echo(lines, nl=False)


@main.command(name="import")
@click.argument("file_")
@click.pass_context
@handles_errors
def import_(ctx: click.Context, file_: str) -> None:
    """Import a JSONL log: an export as it is, or a hand-written one (lines without seq/prev/hash/at).

    Every input is checked against the rules. In a hand-written log each turn is resolved under the rules when the
    inputs of the next turn begin (and the last turn when its inputs are complete); a roll or choice the rules need
    and the log lacks is an error naming it. Nothing is imported unless the whole game imports.
    """
    text = sys.stdin.read() if file_ == "-" else Path(file_).read_text(encoding="utf-8")
    with opened(ctx) as store:
        for game, events in import_text(store, text, source=file_).items():
            closed = sum(e.type == "turn.closed" for e in events)
            log.info("import", game=game, events=len(events), head=events[-1].hash)
            click.echo(f"{game}: imported {len(events)} events, {closed} turns resolved")


def import_text(store: Store, text: str, *, source: str) -> dict[str, list[Event]]:
    """Parse, chain and check JSONL text, then import each game in one transaction (all or nothing per game)."""
    if (bulk := driver.import_exported(store, text, source=source, check=check_log)) is not None:
        return bulk  # an exported log: hashes and links verified in bulk, inputs checked by check_log
    return import_plain(store, text, source=source)


def import_plain(store: Store, text: str, *, source: str) -> dict[str, list[Event]]:
    """import_text line by line in Python: the only way for hand-written logs, the reference for exported ones."""
    raw = jsonl.parse_lines(text.splitlines(), source=source)
    by_game: dict[str, list[Any]] = {}
    for r in raw:
        by_game.setdefault(r.game, []).append(r)
    out: dict[str, list[Event]] = {}
    for game, lines in by_game.items():
        if store.exists(game):
            raise ValidationError(f"game {game!r} already exists in this database; import it under another name")
        if any(r.hash is not None for r in lines):
            events = jsonl.chain(lines, head=None, now=driver.now())
            verify_chain(events)
            check_log(events)
        else:
            events = driver.record(lines, at=driver.now())
        store.import_events(events)
        driver.write_checkpoints(store, driver.game_from_events(events))
        out[game] = events
    return out


def check_log(events: list[Event]) -> None:
    """Check a whole log as it would have been appended: the setup, then each input against the rules."""
    game = driver.game_from_events(events)
    rs = game.ruleset
    problems = [f"seq 1 setup: {p}" for p in rs.validate_setup(game.setup)]
    if problems:
        raise ValidationError(problems)
    state = driver.initial_state(game)
    by_turn: dict[int | None, list[Event]] = {}
    closed: set[int] = set()
    for e in events[1:]:
        if e.is_input:
            turn = rs.current_turn(state)
            try:
                driver.check_draft(game, state, Draft(e.type, e.payload, e.turn, e.actor, e.cause),
                                   turn_events=by_turn.get(turn, []), closed=closed)
            except ValidationError as exc:
                raise ValidationError([f"seq {e.seq} ({e.type} of {e.actor}, turn {e.turn}): {p}"
                                       for p in exc.problems]) from exc
        state = driver.apply(rs, state, e)
        by_turn.setdefault(e.turn, []).append(e)
        if e.type == "turn.closed" and e.turn is not None:
            closed.add(e.turn)


# --- demo --------------------------------------------------------------------------------------------------------

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


@main.command()
@click.option("--game", "fixture", default="duel/traits-3.jsonl", show_default=True,
              help="Recorded game under fixtures/ to replay.")
@click.option("--out", "out_dir", default="demo-out", show_default=True, help="Folder for frames and posts.")
@click.option("--lang", type=click.Choice(["ru", "en"]), default="ru", show_default=True)
@click.option("--png/--no-png", default=True, show_default=True, help="Also write PNG frames.")
def demo(fixture: str, out_dir: str, lang: str, png: bool) -> None:
    """Replay a bundled recorded game: audit it, draw every step of every turn, write every turn's post."""
    from replay.render.png import to_png

    path = FIXTURES / fixture
    if not path.exists():
        click.echo(f"error: no fixture {path}", err=True)
        sys.exit(2)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    db = out / "demo.duckdb"
    db.unlink(missing_ok=True)
    try:
        with Store.open(db) as store:
            imported = import_text(store, path.read_text(encoding="utf-8"), source=str(path))
            game_id = next(iter(imported))
            g = driver.load(store, game_id)
    except BattlelogError as exc:
        _fail(exc)
    rs = g.ruleset
    click.echo(f"{game_id}: {rs.title} ({rs.key}), {len(g.events)} events, from {path.relative_to(FIXTURES)}")
    report = auditlib.audit(g)
    click.echo(format_audit(report))
    for turn in driver.turns(g):
        ts = driver.turn_steps(g, turn)
        if not ts.steps:
            continue
        for k in range(ts.count + 1):
            view = driver.frame_view(g, turn, k, lang)
            svg = rs.frame(view)
            stem = out / f"turn{turn:02d}-step{k}"
            stem.with_suffix(".svg").write_text(svg, encoding="utf-8")
            if png:
                stem.with_suffix(".png").write_bytes(to_png(svg, last_hash=view.last_hash))
        doc = rs.post(driver.turn_view(g, turn), lang)
        (out / f"turn{turn:02d}-post.bbcode.txt").write_text(textlib.render(doc, "bbcode", "mybb-ru"),
                                                             encoding="utf-8")
        (out / f"turn{turn:02d}-post.md").write_text(textlib.render(doc, "markdown"), encoding="utf-8")
        click.echo(f"turn {turn}: {ts.count} steps drawn, post written")
    final = rs.state_json(driver.fold(g))
    click.echo(f"result: {json.dumps(final.get('result'), ensure_ascii=False)}")
    click.echo(f"frames and posts in {out}/ (open turnNN-stepK.png; paste turnNN-post.bbcode.txt into a forum)")


if __name__ == "__main__":
    main()

"""The `battlelog` command: record, resolve, audit, draw and post battles played by post.

stdout carries the product (text, JSON, files); logs and errors go to stderr. Every command opens the database,
does its work and closes it, so two commands never hold the file at once for long.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import cached_property, wraps
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import click

from eventlog.envelope import Draft, Event, Logged
from eventlog.errors import BattlelogError, ValidationError
from eventlog.logs import Lazy

if TYPE_CHECKING:
    from eventlog.store import Store
    from replay import audit as auditlib


class _Lazy:
    """A module (or one name in it) imported when first used: `battlelog --help` and commands that do not need
    DuckDB, pyarrow, the rulesets' pydantic models or structlog do not import them."""

    def __init__(self, module: str, name: str | None = None, *call: str):
        self._module, self._name, self._call = module, name, call

    def __getattr__(self, attr: str) -> Any:
        target = import_module(self._module)
        if self._name is not None:
            target = getattr(target, self._name)
        if self._call:
            target = target(*self._call)
        self.__dict__[attr] = value = getattr(target, attr)
        return value


dicelib = _Lazy("eventlog.dice")
jsonl = _Lazy("eventlog.jsonl")
seallib = _Lazy("eventlog.seal")
Store = _Lazy("eventlog.store", "Store")  # noqa: F811 - the class itself when type checking
auditlib = _Lazy("replay.audit")  # noqa: F811
driver = _Lazy("replay.driver")
fold = _Lazy("replay.fold")
importing = _Lazy("replay.importing")
play = _Lazy("replay.play")
views = _Lazy("replay.views")
rerunlib = _Lazy("replay.rerun")
registry = _Lazy("replay.ruleset")
corpuslib = _Lazy("replay.corpus")
profilelib = _Lazy("replay.render.profiles")
textlib = _Lazy("replay.render.text")


class _LaterChoice(click.Choice):
    """A choice whose values are read when click first needs them (a command's own --help, or its parsing), so
    `battlelog --help` and the other commands import no forum profile nor the text renderer for them."""

    def __init__(self, values: Callable[[], Any], case_sensitive: bool = True):
        self._values, self.case_sensitive = values, case_sensitive

    @cached_property
    def choices(self) -> tuple[Any, ...]:  # type: ignore[override]
        return tuple(self._values())


class _LaterHelp(click.Option):
    """An option whose help text is written when a command's --help first asks for it (see _LaterChoice)."""

    def __init__(self, *args: Any, help_later: Callable[[], str], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._help_later: Callable[[], str] | None = help_later

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        if self._help_later is not None:
            self.help, self._help_later = self._help_later(), None
        return super().get_help_record(ctx)
log = Lazy("battlelog")

DB_HELP = "DuckDB file (default ./battlelog.duckdb, or $BATTLELOG_DB)."


def _configure_logging(verbose: bool) -> None:
    """Configure structlog when something first logs (a command that logs nothing never imports it)."""
    from eventlog.logs import configure_later

    configure_later(lambda: _configure_structlog(verbose))


def _configure_structlog(verbose: bool) -> None:
    import logging

    import structlog

    structlog.configure(
        processors=[structlog.processors.add_log_level, structlog.dev.ConsoleRenderer(colors=False)],
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        wrapper_class=structlog.make_filtering_bound_logger(logging.INFO if verbose else logging.WARNING),
    )


def _fail(exc: BattlelogError) -> None:
    problems = getattr(exc, "problems", None) or [str(exc)]
    lang = _error_lang()
    if lang != "en":
        from replay.render.i18n import localize

        problems = [localize(p, lang) for p in problems]
    for p in problems:
        click.echo(f"{'ошибка' if lang == 'ru' else 'error'}: {p}", err=True)
    sys.exit(exc.exit_code)


def _error_lang() -> str:
    """The language errors are said in: the command's --lang if given, else battlelog's --lang ($BATTLELOG_LANG)."""
    from click.core import ParameterSource

    ctx = click.get_current_context(silent=True)
    if ctx is not None and ctx.params.get("lang") and ctx.get_parameter_source("lang") != ParameterSource.DEFAULT:
        return str(ctx.params["lang"])
    root = ctx.find_root() if ctx is not None else None
    return str(((root.obj or {}) if root is not None else {}).get("lang") or "en")


def _lang() -> str:
    """The language of a command's reports: battlelog's --lang ($BATTLELOG_LANG), or the command's own --lang."""
    return _error_lang()


def _out(line: str, *, err: bool = False, nl: bool = True, translated: bool = False) -> None:
    """Print one of the CLI's own report lines, said in the --lang language (English as written)."""
    lang = _lang()
    if lang != "en" and not translated:
        from replay.render.i18n import _corpus_row, localize

        line = "\n".join(_corpus_row(part) or localize(part, lang) if part else part for part in line.split("\n"))
    click.echo(line, err=err, nl=nl)


def _request_line(r: Any, prefix: str = "", rulesets: Any = ()) -> str:
    """'waiting for …' of one request, in the --lang language."""
    lang = _lang()
    if lang == "en":
        return f"{prefix}waiting for {r.text(every_key=True)}"
    from replay.render.i18n import loaded_rulesets, request_text

    return f"{prefix}ждем: {request_text(r, lang, rulesets or loaded_rulesets(), every_key=True)}"


def handles_errors(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Turn battlelog errors into a message on stderr and the error's exit code."""

    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except BattlelogError as exc:
            _fail(exc)

    return wrapper


BUG_EXIT = 70
"""The exit code of an unexpected exception (EX_SOFTWARE): a bug in battlelog, not a problem with the input."""
ISSUES = "the battlelog issue tracker"


def _version() -> str:
    from importlib import metadata

    try:
        return metadata.version("battlelog")
    except metadata.PackageNotFoundError:
        return "(version unknown)"


def _bug(ctx: click.Context, exc: BaseException) -> None:
    """The last resort: one line saying an unexpected exception is a bug, and how to report it (-v: the traceback)."""
    import traceback

    verbose = bool(ctx.params.get("verbose"))
    command = " ".join(part for part in ("battlelog", ctx.invoked_subcommand) if part)
    detail = (str(exc).strip().splitlines() or [""])[0][:200]
    if verbose:
        traceback.print_exception(exc, file=sys.stderr)
    click.echo(f"error: this is a bug in battlelog {_version()} (`{command}` raised {type(exc).__name__}"
               + (f": {detail}" if detail else "") + f"); please report it to {ISSUES} with the command you ran, "
               "this line" + (" and the traceback above" if verbose else " and the traceback `-v` prints"), err=True)
    sys.exit(BUG_EXIT)


def _help_ru(ctx: click.Context) -> bool:
    """A help screen in Russian: `battlelog --lang ru --help` (--lang before --help), or $BATTLELOG_LANG=ru."""
    import os

    lang = ctx.meta.get("battlelog.lang") or os.environ.get("BATTLELOG_LANG")
    return lang == "ru"


def _early_lang(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """--lang is eager: read before --help, so that `battlelog --lang ru --help` can be said in Russian."""
    if value:
        ctx.meta["battlelog.lang"] = value
    return value


class _RussianHelp(click.Command):
    """Help screens in Russian under `_help_ru`: usage, the command's text, its options and its command list, all
    written by cli/help_ru.py (read only then)."""

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        if not _help_ru(ctx):
            return super().format_usage(ctx, formatter)
        from cli import help_ru

        return help_ru.format_usage(self, ctx, formatter)

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        if not _help_ru(ctx):
            return super().format_help_text(ctx, formatter)
        from cli import help_ru

        return help_ru.format_help_text(self, ctx, formatter)

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        if not _help_ru(ctx):
            return super().format_options(ctx, formatter)
        from cli import help_ru

        return help_ru.format_options(self, ctx, formatter)


def _said_in_russian(exc: click.exceptions.UsageError) -> None:
    """A usage error of click's (a missing option, an unknown command, a bad value) shown in Russian under
    `_help_ru` (cli/help_ru.py), as the help screens are."""
    ctx = exc.ctx or click.get_current_context(silent=True)  # an option's parser has no context of its own
    if ctx is not None and _help_ru(ctx):
        from functools import partial

        from cli import help_ru

        exc.show = partial(help_ru.show_usage_error, exc)  # type: ignore[method-assign]


class BattlelogCommand(_RussianHelp):
    """A battlelog command (its help screen may be said in Russian)."""


class BattlelogGroup(_RussianHelp, click.Group):
    """The `battlelog` group: whatever a command raises ends as one line on stderr, never a traceback.

    Battlelog errors get their message and exit code (as `handles_errors` gives them); click's own exits and usage
    errors pass through; anything else is a bug (`_bug`, exit 70, the traceback only under -v)."""

    command_class = BattlelogCommand
    group_class = type

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        if not _help_ru(ctx):
            return super().format_commands(ctx, formatter)
        from cli import help_ru

        return help_ru.format_commands(self, ctx, formatter)

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: Any) -> click.Context:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.exceptions.UsageError as exc:
            _said_in_russian(exc)
            raise

    def invoke(self, ctx: click.Context) -> Any:
        import errno

        try:
            return super().invoke(ctx)
        except click.exceptions.UsageError as exc:
            _said_in_russian(exc)
            raise
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort, SystemExit,
                KeyboardInterrupt):
            raise
        except BattlelogError as exc:
            _fail(exc)
        except OSError as exc:
            if exc.errno == errno.EPIPE:  # stdout closed early (`battlelog log g | head`): click handles it
                raise
            _bug(ctx, exc)
        except Exception as exc:
            _bug(ctx, exc)


@contextmanager
def opened(ctx: click.Context, *, write: bool = False) -> Iterator[Store]:
    """The database of --db; a command that only reads never creates it."""
    from eventlog.errors import DatabaseError

    path = ctx.obj["db"]
    if not write and not Path(path).exists():
        raise ValidationError(f"--db: the database file {path} does not exist (nothing was created; a new game "
                              "is started with `battlelog new`, a log brought in with `battlelog import`)")
    try:
        store = Store.open(path, retry_seconds=float(ctx.obj.get("wait", 3.0)))
    except DatabaseError as exc:
        raise DatabaseError(f"--db: {exc}") from exc
    with store:
        yield store


def db_option(fn: Callable[..., Any]) -> Callable[..., Any]:
    """--db after the subcommand too (it overrides the one before it)."""

    def remember(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
        if value is not None:
            ctx.ensure_object(dict)["db"] = value

    return click.option("--db", "db_after", default=None, expose_value=False, callback=remember, is_eager=False,
                        help=DB_HELP)(fn)


def viewer_option(fn: Callable[..., Any]) -> Callable[..., Any]:
    return click.option("--as", "viewer", default=None,
                        help='Whose view: a player id, "gm" (everything), or nothing for the public thread.')(fn)


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


def as_requested(key: dict[str, Any], pairs: tuple[str, ...], requests: Any, kind: str, name: str | None,
                 actor: str | None) -> dict[str, Any]:
    """`--field fight=1.1` reads 1.1 as a number; where an open request of this kind (name, actor) holds that key
    field as the text "1.1", the text is meant, and is taken."""
    raw = dict(pair.split("=", 1) for pair in pairs if "=" in pair)
    typed = [k for k, v in key.items() if not isinstance(v, str) and k in raw]
    out = dict(key)
    for r in requests if typed else ():
        if r.kind != kind or r.actor != actor or (name is not None and r.name != name):
            continue
        for k in typed:
            if r.key_dict.get(k) == raw[k]:
                out[k] = raw[k]
    return out


def _open_requests(store: Store, game: str) -> list[Any]:
    g, start = fold.load_span(store, game)
    return play.point(g, start).requests


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
    import tomllib

    text = _read_text(path)
    try:
        data = tomllib.loads(text) if path.endswith(".toml") else json.loads(text)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError and TOMLDecodeError are ValueErrors
        what = "TOML" if path.endswith(".toml") else "JSON"
        raise ValidationError(f"{path}: not valid {what}: {str(exc).splitlines()[0][:200]}") from exc
    if not isinstance(data, dict):
        raise ValidationError(f"{path}: expected an object at the top level")
    return data


@click.group(cls=BattlelogGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 110})
@click.option("--db", envvar="BATTLELOG_DB", default="battlelog.duckdb", show_default=True, help=DB_HELP)
@click.option("--wait", type=click.FloatRange(min=0, max=86400), envvar="BATTLELOG_WAIT", default=3.0,
              show_default=True, help="Seconds to wait for a database another command holds ($BATTLELOG_WAIT).")
@click.option("-v", "--verbose", is_flag=True, help="Log what happens to stderr (and a bug's traceback).")
@click.option("--lang", type=click.Choice(["ru", "en"]), envvar="BATTLELOG_LANG", default=None, is_eager=True,
              callback=_early_lang,
              help="Language of errors, and of every command's text when it is given no --lang ($BATTLELOG_LANG).")
@click.pass_context
def main(ctx: click.Context, db: str, wait: float, verbose: bool, lang: str | None) -> None:
    """battlelog: an event-sourced battle log for games played by post.

    Record orders, dice rolls and choices; resolve turns under a ruleset; audit rulings; draw any turn as
    SVG/PNG; write the GM's post as BBCode or Markdown.
    """
    _configure_logging(verbose)
    ctx.ensure_object(dict).setdefault("db", db)
    ctx.obj["wait"] = wait
    if lang:  # the default of each command's own --lang
        ctx.obj["lang"] = lang
        ctx.default_map = {name: {"lang": lang} for name, cmd in main.commands.items()
                           if any(p.name == "lang" for p in cmd.params)}


# --- games -------------------------------------------------------------------------------------------------------

@main.command()
@click.argument("game")
@click.option("--ruleset", "ruleset_key", required=True, help="Ruleset id, e.g. duel or duel@1.")
@click.option("--setup", "setup_file", required=True, help="Setup file (JSON or TOML), or - for stdin.")
@click.option("--option", "opts", multiple=True, help="House-rule switch key=value (see `battlelog rules`).")
@click.option("--dice", "dice_policy", type=click.Choice(["forum", "engine"]), default="forum", show_default=True,
              help="Who rolls: the players on the forum (a missing roll is a request), or verifiable engine dice "
                   "drawn by explicit command (`roll` without --result, `resolve --roll`).")
@click.option("--dice-purpose", "dice_purposes", multiple=True,
              help="Override the dice policy for one roll purpose: PURPOSE=forum|engine.")
@db_option
@click.pass_context
@handles_errors
def new(ctx: click.Context, game: str, ruleset_key: str, setup_file: str, opts: tuple[str, ...], dice_policy: str,
        dice_purposes: tuple[str, ...]) -> None:
    """Start a game: records game.created with the setup, the dice policy, the ruleset's revision and the hash of a
    fresh engine-dice seed."""
    rs = registry.get(ruleset_key)
    setup = _read_data_file(setup_file)
    setup = setup.get("setup", setup)
    options = rs.options(_parse_fields(opts, "--option"))
    problems = rs.validate_setup(setup)
    if problems:
        raise ValidationError(problems)
    purposes = {}
    for pair in dice_purposes:
        purpose, _, policy = pair.partition("=")
        if policy not in {"forum", "engine"} or not purpose:
            raise ValidationError(f"--dice-purpose {pair!r}: expected PURPOSE=forum or PURPOSE=engine")
        purposes[purpose] = policy
    seed = dicelib.new_seed()
    dice: dict[str, Any] = {"policy": dice_policy}
    if purposes:
        dice["purposes"] = purposes
    payload = {"ruleset": rs.key, "revision": rs.revision,
               "options": options.model_dump(mode="json", exclude_defaults=True), "setup": setup,
               "seed_hash": dicelib.seed_hash(seed), "dice": dice}
    with opened(ctx, write=True) as store:
        if store.exists(game):
            raise ValidationError(f"game {game!r} already exists in {ctx.obj['db']}")
        store.set_secret(game, seed)
        event = store.append(game, 1, [Draft("game.created", payload)])[0]
    _out(f"{game}: {rs.key} game created (seq {event.seq}); dice: {dice_policy}; engine dice seed hash "
         f"{payload['seed_hash']}")


@main.command()
@db_option
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
@click.option("--lang", type=click.Choice(["ru", "en"]), default="en", show_default=True)
@handles_errors
def rules(ruleset_key: str | None, lang: str) -> None:
    """List the rulesets, their house-rule options (default first) and the spec ambiguity each one settles."""
    import typing

    from replay.render.i18n import decision_text
    from replay.render.text import tr

    chosen = [registry.get(ruleset_key)] if ruleset_key else registry.all_rulesets()
    for rs in chosen:
        click.echo(f"{rs.key}\t{rs.title}\t" + tr(lang, f"(свод правил {rs.rulebook}; ревизия {rs.revision[:12]})",
                                                   f"(rulebook {rs.rulebook}; revision {rs.revision[:12]})"))
        if rs.phases:
            click.echo(tr(lang, "  фазы: ", "  phases: ") + ", ".join(rs.phases))
        catalogue = auditlib.defaults_catalogue(rs, lang)
        for name, fld in rs.OptionsModel.model_fields.items():
            values = [True, False] if fld.annotation is bool else list(typing.get_args(fld.annotation))
            choices = [c for c in values if c != fld.default]
            alternatives = f" | {' | '.join(json.dumps(c) for c in choices)}" if choices else ""
            ref = rs.option_defaults.get(name, "")
            click.echo(f"  {name} = {json.dumps(fld.default)}{alternatives}")
            if ref:  # the default's whole text on one line, as the command's other lines: the terminal wraps it
                text = catalogue.get(ref, "")
                head = tr(lang, f"      {ref}, по умолчанию: ", f"      {ref}: ")
                click.echo(head + text if text else f"      {ref}")
        for name in sorted(rs.decisions):
            click.echo(tr(lang, "  решение, которое ГМ может переопределить: ", "  decision a GM may override: ")
                       + f"{name} — {decision_text(rs, name, lang)}")


# --- inputs ------------------------------------------------------------------------------------------------------

def _read_text(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ValidationError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from exc
    except OSError as exc:
        raise _unreadable(path, exc) from exc


def _read_bytes(path: str) -> bytes:
    """A log's bytes as they are (the importer decodes them once, naming a non-UTF-8 byte)."""
    if path == "-":
        return sys.stdin.buffer.read()
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise _unreadable(path, exc) from exc


def _unreadable(path: str, exc: OSError) -> ValidationError:
    if isinstance(exc, FileNotFoundError):
        return ValidationError(f"{path}: no such file")
    if isinstance(exc, IsADirectoryError):
        return ValidationError(f"{path}: is a directory, not a file")
    return ValidationError(f"{path}: cannot be read ({exc.strerror})")


def _sealed_or_plain(store: Store, game: str, draft: Draft, *, seal: bool, salt: str | None, replace_: bool,
                     name: str, key: dict[str, Any]) -> tuple[Event, str | None]:
    """Append an input plainly, sealed (returns the salt), as the reveal of its seal, or as a --replace."""
    if sum(map(bool, (seal, salt, replace_))) > 1:
        raise ValidationError("--seal, --reveal and --replace exclude each other")
    kind = draft.type
    if seal:
        # The input is checked now, so a sealed input cannot fail at its reveal for a rule reason.
        g, start = fold.load_span(store, game)
        play.check_draft(g, play.point(g, start), draft)
        new_salt = seallib.new_salt()
        body = {"kind": kind, "name": name, "key": key, "commitment": seallib.commitment(draft.payload, new_salt)}
        sealed = Draft("input.sealed", body, draft.turn, draft.actor)
        return play.append_input(store, game, sealed), new_salt
    if salt:
        body = {"kind": kind, "name": name, "key": key, "input": draft.payload, "salt": salt}
        return play.append_input(store, game, Draft("input.revealed", body, draft.turn, draft.actor)), None
    if replace_:
        return play.replace_input(store, game, draft), None
    return play.append_input(store, game, draft), None


@main.command()
@click.argument("game")
@click.option("--turn", type=int, help="Turn (default: the open turn).")
@click.option("--actor", required=True, help="Who gives the order.")
@click.option("--file", "file_", help="A forum post (text) to parse, or - for stdin.")
@click.option("--text", help="The forum post as an argument.")
@click.option("--json", "as_json", help="The order as JSON (the public log format) instead of a forum post.")
@click.option("--seal", is_flag=True, help="Record only a sealed commitment; prints the salt to reveal with.")
@click.option("--reveal", "salt", help="Reveal a sealed order with this salt.")
@click.option("--replace", "replace_", is_flag=True,
              help="Replace the actor's order (plain, sealed or revealed) of the open turn: a visible correction.")
@click.option("--field", "fields", multiple=True,
              help="Key field key=value (read as JSON) of an order that is one of several (e.g. exchange=1 "
                   "step=attack): added to the order and naming what --seal seals.")
@click.option("--dry-run", is_flag=True, help="Parse and check, print the order, append nothing.")
@db_option
@click.pass_context
@handles_errors
def order(ctx: click.Context, game: str, turn: int | None, actor: str, file_: str | None, text: str | None,
          as_json: str | None, seal: bool, salt: str | None, replace_: bool, fields: tuple[str, ...],
          dry_run: bool) -> None:
    """Record a player's order, parsed from their forum post (every error is listed at once)."""
    with opened(ctx) as store:
        g, start = fold.load_span(store, game)
        here = play.point(g, start)
        if as_json is not None:
            payload = _json_object(as_json, "--json")
        else:
            if file_ is None and text is None:
                raise ValidationError("give the order with --file, --text or --json")
            post = text if text is not None else _read_text(str(file_))
            parsed = g.ruleset.parse_order(post, here.state, actor)
            if parsed.errors or parsed.order is None:
                raise ValidationError(parsed.errors or ["the post holds no order"])
            for note in parsed.notes:
                click.echo(f"note: {note}", err=True)
            payload = parsed.order
        key = _parse_fields(fields)
        payload = {**payload, **key}
        draft = Draft("order", payload, turn, actor)
        if dry_run:
            play.check_draft(g, here, draft)
            click.echo(json.dumps(payload, ensure_ascii=False, sort_keys=True))
            return
        if seal or salt or replace_:
            event, new_salt = _sealed_or_plain(store, game, draft, seal=seal, salt=salt, replace_=replace_,
                                               name="order", key=key)
        else:  # append_input's check and append, on the game read once
            event, new_salt = play.append_at(store, g, here, draft), None
    click.echo(f"seq {event.seq}: {event.type} of {actor} for turn {event.turn}")
    if new_salt:
        click.echo(f"salt {new_salt}  (keep it secret; reveal with: battlelog order {game} --actor {actor} "
                   f"--turn {event.turn} --reveal {new_salt} --file <the same post>)")


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except json.JSONDecodeError:
        return False
    return True


def _json_object(text: str, what: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValidationError(f"{what}: not valid JSON ({exc})") from exc
    if not isinstance(value, dict):
        raise ValidationError(f"{what}: expected a JSON object")
    return value


@main.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@click.argument("game")
@click.argument("dice")
@click.option("--turn", type=int, help="Turn (default: the open turn).")
@click.option("--actor", help="Who rolls (omit for a GM roll).")
@click.option("--purpose", default=None, help="What the roll is for (default: the ruleset's main roll).")
@click.option("--field", "fields", multiple=True,
              help="Key field key=value, the value read as JSON (n=3 is the number 3, unit=K1 the text K1).")
@click.option("--result", help="The dice as rolled elsewhere, e.g. 72 or 3,5,6 (omit to roll engine dice).")
@click.option("--source", type=click.Choice(["forum", "manual"]), default="forum", show_default=True,
              help="Where a --result roll was made.")
@click.option("--link", help="Link or post id of the forum roll.")
@click.option("--seal", is_flag=True, help="Record a sealed commitment to the roll (with --result).")
@click.option("--reveal", "salt", help="Reveal a sealed roll with this salt (with the same --result).")
@click.option("--replace", "replace_", is_flag=True, help="Replace this key's roll: a visible correction.")
@db_option
@click.pass_context
@handles_errors
def roll(ctx: click.Context, game: str, dice: str, turn: int | None, actor: str | None, purpose: str | None,
         fields: tuple[str, ...], result: str | None, source: str, link: str | None, seal: bool, salt: str | None,
         replace_: bool) -> None:
    """Record a forum roll with --result, or draw verifiable engine dice (where the game's dice policy is engine).

    Ruleset fields follow as options, e.g. `--stake high` for a duel stake roll; their values are read as JSON
    where they parse (`--unit 3` is the number 3).
    """
    pairs = (*(f"{k}={v}" for k, v in _extra_options(ctx.args).items()), *fields)
    extra = _parse_fields(pairs)
    spec = dicelib.parse(dice)
    with opened(ctx) as store:
        g = fold.load_created(store, game)
        purpose = purpose or getattr(g.ruleset, "default_roll_purpose", None)
        if not purpose:
            raise ValidationError("--purpose: say what the roll is for")
        if any(not isinstance(v, str) for v in extra.values()):
            extra = as_requested(extra, pairs, _open_requests(store, game), "roll", purpose, actor)
        if result is None:
            if seal or salt or replace_:
                raise ValidationError("--seal, --reveal and --replace take a --result")
            draft = Draft("roll", {"dice": spec.notation, "purpose": purpose, **extra}, turn, actor)
            event = play.engine_roll(store, game, draft)
        else:
            try:
                values = [int(v) for v in result.replace(" ", "").split(",")]
            except ValueError as exc:
                raise ValidationError(f"--result {result!r}: die values separated by commas") from exc
            problems = dicelib.check_result(spec, values)
            if problems:
                raise ValidationError([f"--result: {p}" for p in problems])
            payload = dicelib.roll_payload(spec, values, purpose=purpose, source=source, link=link, **extra)
            if seal or salt or replace_:
                event, new_salt = _sealed_or_plain(store, game, Draft("roll", payload, turn, actor), seal=seal,
                                                   salt=salt, replace_=replace_, name=purpose, key=extra)
            else:  # append_input's check and append, on the game read once, from its latest checkpoint
                g, start = fold.load_span(store, game, created=g)
                here = play.point(g, start)
                event, new_salt = play.append_at(store, g, here, Draft("roll", payload, turn, actor)), None
            if new_salt:
                _out(f"seq {event.seq}: sealed roll of {actor or 'GM'}; salt {new_salt} (reveal with --reveal)")
                return
    p = event.payload.get("input", event.payload)
    if event.type == "correction":
        p = event.payload["input"]["payload"]
    _out(f"seq {event.seq}: {event.actor or 'GM'} rolled {p['dice']} = {p['result']} (total {p['total']}, "
         f"{p['source']})" + (" — replaces seq " + str(event.payload['replaces'])
                              if event.type == "correction" else ""))


@main.command()
@click.argument("game")
@click.argument("name")
@click.argument("value")
@click.option("--turn", type=int, help="Turn (default: the open turn).")
@click.option("--actor", help="Who chooses (omit for the GM).")
@click.option("--field", "fields", multiple=True, help="Key field key=value, read as JSON (e.g. knight=k2, n=3).")
@click.option("--json", "value_json", is_flag=True, help="Read VALUE as JSON (an object, a list, a number).")
@click.option("--seal", is_flag=True, help="Record a sealed commitment to the choice; prints the salt.")
@click.option("--reveal", "salt", help="Reveal a sealed choice with this salt.")
@click.option("--replace", "replace_", is_flag=True, help="Replace this choice: a visible correction.")
@db_option
@click.pass_context
@handles_errors
def choose(ctx: click.Context, game: str, name: str, value: str, turn: int | None, actor: str | None,
           fields: tuple[str, ...], value_json: bool, seal: bool, salt: str | None, replace_: bool) -> None:
    """Record a choice the rules ask for (e.g. `finish_off kill`, `push_direction NE`)."""
    key = _parse_fields(fields)
    answer: Any = json.loads(value) if value_json and _is_json(value) else value
    if value_json and answer is value:
        raise ValidationError(f"--json: VALUE {value!r} is not valid JSON")
    with opened(ctx) as store:
        if any(not isinstance(v, str) for v in key.values()):
            key = as_requested(key, fields, _open_requests(store, game), "choice", name, actor)
        payload = {"name": name, "value": answer, **key}
        event, new_salt = _sealed_or_plain(store, game, Draft("choice", payload, turn, actor), seal=seal, salt=salt,
                                           replace_=replace_, name=name, key=key)
    click.echo(f"seq {event.seq}: {actor or 'GM'} " + ("sealed a choice " if new_salt else "chose ")
               + f"{name}" + ("" if new_salt else f" = {value}"))
    if new_salt:
        click.echo(f"salt {new_salt}  (keep it secret; reveal with --reveal {new_salt} and the same value)")


@main.command(name="post-in")
@click.argument("game")
@click.option("--actor", help="Whose post it is (omit for the GM's).")
@click.option("--file", "file_", help="The forum post (text), or - for stdin.")
@click.option("--text", help="The forum post as an argument.")
@click.option("--dry-run", is_flag=True, help="Parse and check, list the inputs found, append nothing.")
@db_option
@click.pass_context
@handles_errors
def post_in(ctx: click.Context, game: str, actor: str | None, file_: str | None, text: str | None,
            dry_run: bool) -> None:
    """Take a whole forum post: its orders, pasted forum rolls and choices, appended as one batch (all or nothing).

    Every problem of the post is listed at once, with its line. See docs/log-format.md, "Batches"."""
    if file_ is None and text is None:
        raise ValidationError("give the post with --file or --text")
    body = text if text is not None else _read_text(str(file_))
    with opened(ctx) as store:
        g, start = play.at_head(store, game)  # from the latest checkpoint on, read once for the check and append
        parsed = g.ruleset.parse_post(body, play.point(g, start), actor)
        if parsed.errors:
            raise ValidationError(parsed.errors)
        if not parsed.drafts:
            raise ValidationError("the post holds no order, roll or choice")
        for note in parsed.notes:
            click.echo(f"note: {note}", err=True)
        if dry_run:
            for d in parsed.drafts:
                body = json.dumps(d.payload, ensure_ascii=False, sort_keys=True)
                click.echo(f"{d.type} of {d.actor or 'GM'}: {body}")
            return
        events = play.append_inputs(store, game, parsed.drafts, at=(g, start))
    for e in events:
        click.echo(f"seq {e.seq}: {e.type} of {e.actor or 'GM'} for turn {e.turn}")


@main.command()
@click.argument("game")
@click.option("--turn", type=int, help="The open turn (default: the open turn).")
@click.option("--file", "file_", required=True,
              help='JSON: granular {"request"|"override": …, "value": …, "note": …} or whole-turn '
                   '{"note": …, "events": [{"type": …, "payload": {…}}, …]}, or - for stdin.')
@db_option
@click.pass_context
@handles_errors
def ruling(ctx: click.Context, game: str, turn: int | None, file_: str) -> None:
    """A GM ruling: answer one request or override one computed decision (resolution goes on from it), or resolve
    the open turn by hand (checked to leave a state the game can go on from); audit reports it."""
    data = _read_data_file(file_)
    with opened(ctx) as store:
        if turn is None:
            turn = play.point(*play.at_head(store, game)).turn or 0
        events = play.append_ruling(store, game, turn, data)
    if events[-1].type == "turn.closed":
        click.echo(f"seq {events[0].seq}: ruling for turn {turn}; turn closed at seq {events[-1].seq}")
    else:
        click.echo(f"seq {events[0].seq}: ruling for turn {turn} recorded; `battlelog status` shows what follows")


@main.command()
@click.argument("game")
@click.option("--turn", type=int, required=True, help="The closed turn the correction amends.")
@click.option("--file", "file_", required=True,
              help='JSON {"note": …, "events": [{"type": …, "payload": {…}}, …]} (asserted events), or - for stdin.')
@db_option
@click.pass_context
@handles_errors
def correct(ctx: click.Context, game: str, turn: int, file_: str) -> None:
    """Amend a closed turn by an appended correction (never an edit, never a second ruling); posts and audit show
    it. The asserted events take effect where the correction stands in the log."""
    data = _read_data_file(file_)
    with opened(ctx) as store:
        event = play.append_correction(store, game, turn, data)
    click.echo(f"seq {event.seq}: correction of turn {turn}")


@main.command()
@click.argument("game")
@click.option("--json", "as_json", is_flag=True, help="The requests as JSON.")
@db_option
@click.pass_context
@handles_errors
def status(ctx: click.Context, game: str, as_json: bool) -> None:
    """What the game waits for: every pending request of every actor, in the order the rules ask. Appends nothing."""
    with opened(ctx) as store:
        g, start = fold.load_span(store, game)  # from the latest checkpoint on: where the whole game stands
    here = play.point(g, start)
    if as_json:
        click.echo(json.dumps({"game": game, "turn": here.turn, "complete": here.complete, "error": here.error,
                               "over": here.turn is None, "requests": [r.to_json() for r in here.requests],
                               "provisional_steps": len(here.drafts)}, ensure_ascii=False, sort_keys=True))
        return
    for line in _status_text(game, here, _lang(), [g.ruleset]):
        click.echo(line)


def _status_text(game: str, here: Any, lang: str = "en", rulesets: Any = ()) -> list[str]:
    from replay.render.i18n import localize, request_text

    def say(line: str) -> str:
        return line if lang == "en" else localize(line, lang, rulesets)

    if here.turn is None:
        return [say(f"{game}: the game is over")]
    lines = [say(f"{game}: turn {here.turn}, {len(here.drafts)} provisional step(s) so far")]
    if here.error:
        lines.append(say(f"cannot go on: {here.error} (replace that input with --replace)"))
    lines += [f"waiting for {r.text(every_key=True)}" if lang == "en" else
              f"ждем: {request_text(r, lang, rulesets, every_key=True)}" for r in here.requests]
    if here.complete:
        lines.append(say("complete: `battlelog resolve` closes the turn"))
    return lines


@main.command()
@click.argument("game")
@click.option("--roll", "draw", is_flag=True,
              help="First draw the engine dice the rules wait for (only purposes whose dice policy is engine).")
@db_option
@click.pass_context
@handles_errors
def resolve(ctx: click.Context, game: str, draw: bool) -> None:
    """Resolve and close every turn whose recorded inputs are complete; list what the game waits for."""
    with opened(ctx) as store:
        report = play.resolve_pending(store, game, roll=draw)
    log.info("resolve", game=game, turns=report.turns, appended=len(report.appended), waiting=report.waiting)
    for e in report.drawn:
        _out(f"seq {e.seq}: engine roll for {e.actor or 'GM'} ({e.payload.get('purpose')}): "
                   f"{e.payload['result']}")
    for t in report.turns:
        _out(f"turn {t} resolved")
    for e in report.unused:
        _out(f"note: seq {e.seq} ({e.type} of {e.actor or 'GM'}) was recorded but nothing used it")
    if report.error:
        raise ValidationError(f"cannot go on: {report.error} (replace that input with --replace)")
    if report.requests:
        for r in report.requests:
            _out(_request_line(r), translated=True)
    elif report.over:
        _out("the game is over")
    elif not report.turns:
        _out("nothing to resolve")


# --- reading -----------------------------------------------------------------------------------------------------

@main.command(name="log")
@click.argument("game")
@click.option("--turn", type=int, help="Only this turn's events.")
@click.option("--phase", help="Only this phase's events (with --turn).")
@click.option("--json", "as_json", is_flag=True, help="Full events as JSON lines.")
@viewer_option
@db_option
@click.pass_context
@handles_errors
def log_(ctx: click.Context, game: str, turn: int | None, phase: str | None, as_json: bool,
         viewer: str | None) -> None:
    """List a game's events (seq, turn, phase, type, actor, a summary); payloads `viewer` may not see are withheld."""
    with opened(ctx) as store:
        events = store.events(game)
    if not events:
        raise ValidationError(f"no game {game!r} in this database")
    for e in events:
        if (turn is not None and e.turn != turn) or (phase is not None and e.phase != phase):
            continue
        payload = e.payload if e.seen_by(viewer) else {"withheld": True}
        if as_json:
            click.echo(json.dumps({**e.to_dict(), "payload": payload}, ensure_ascii=False, sort_keys=True))
        else:
            summary = json.dumps(payload, ensure_ascii=False, sort_keys=True)
            if not e.seen_by(viewer) and _lang() == "ru":
                summary = "(скрыто от этого читателя)"
            where = f"t{e.turn if e.turn is not None else '-'}" + (f"/{e.phase}" if e.phase else "")
            click.echo(f"{e.seq:>6}  {where:<8} {e.type:<18} {e.actor or '':<8} {summary[:90]}")


@main.command()
@click.argument("game")
@click.option("--turn", type=int, help="After this turn (default: the latest state, the open turn included).")
@click.option("--phase", help="Of this phase of the turn.")
@click.option("--step", type=int, help="After this step of the turn or phase (0 = before its first resolution).")
@click.option("--json", "as_json", is_flag=True, help="Print the state as JSON.")
@viewer_option
@db_option
@click.pass_context
@handles_errors
def state(ctx: click.Context, game: str, turn: int | None, phase: str | None, step: int | None, as_json: bool,
          viewer: str | None) -> None:
    """Print a game's state after a turn, a phase or a step; the open turn's steps are provisional (stderr says so)."""
    with opened(ctx) as store:
        if turn is None:
            g, start = fold.load_span(store, game)
            if g.ruleset.current_turn(start) is None:  # over: nothing to resolve (`play.point`'s first case), and
                st, provisional = start, False  # the resolution machinery is not imported
            else:
                here = play.point(g, start)
                st, provisional = here.state, bool(here.drafts)
            if phase is not None or step is not None:
                raise ValidationError("--phase and --step go with --turn")
        elif phase is None and (closed := fold.load_closed_turn(store, game, turn)) is not None:
            g, span = closed
            st, provisional = fold.seek(store, g, turn, step, span), False
        else:
            g = fold.load_frozen(store, game)
            st, ts = views.state_at(g, turn, step, store, phase)
            provisional = ts.provisional
    if provisional:
        note = "note: provisional (the open turn resolved as far as its recorded inputs go; nothing appended)"
        if _lang() != "en":
            from replay.render.i18n import localize

            note = localize(note, _lang(), [g.ruleset])
        click.echo(note, err=True)
    data = g.ruleset.state_json(g.ruleset.view_state(st, viewer))
    click.echo(json.dumps(data, ensure_ascii=False, sort_keys=True, indent=None if as_json else 2))


@main.command()
@click.argument("game")
@click.option("--turn", type=int, help="The turn (default: the open turn, provisional).")
@click.option("--phase", help="Only this phase of the turn.")
@click.option("--format", "fmt", type=_LaterChoice(lambda: textlib.FORMATS), default=None,
              help="bbcode or markdown (default: the profile's).")
@click.option("--profile", type=_LaterChoice(lambda: profilelib.names()), default=None, cls=_LaterHelp,
              help_later=lambda: "The forum (replay/render/profiles, your own in ~/.config/battlelog/profiles or "
                                 "$BATTLELOG_PROFILES; default phpbb, or markdown with --format markdown): "
                                 + "; ".join(f"{p.name}: {p.title}" for p in profilelib.known().values()))
@click.option("--profile-file", type=click.Path(exists=True, dir_okay=False), default=None,
              help="A forum profile of your own (a TOML file, see docs/forums.md).")
@click.option("--lang", type=click.Choice(["ru", "en"]), default="ru", show_default=True)
@viewer_option
@db_option
@click.pass_context
@handles_errors
def post(ctx: click.Context, game: str, turn: int | None, phase: str | None, fmt: str | None, profile: str | None,
         profile_file: str | None, lang: str, viewer: str | None) -> None:
    """Write the GM's post of a turn (or phase): orders, rolls, resolutions with their arithmetic, the state."""
    with opened(ctx) as store:
        g, now, turn = _game_for_view(store, game, turn)
        if turn is None:
            raise ValidationError("--turn: the game is over; name the turn to post")
        view = views.turn_view(g, turn, store, phase, viewer, now)
        doc = g.ruleset.post(view, lang)
    try:
        chosen = profilelib.read(profile_file) if profile_file else profile
        hook = getattr(g.ruleset, "actor_names", None)
        names = hook(view.after, lang) if callable(hook) and view.after is not None else None
        parts = textlib.render_parts(textlib.framed(doc, view, lang, g.ruleset.describe, names), fmt, chosen)
    except ValueError as exc:
        raise ValidationError(f"--profile: {exc}") from exc
    for n, part in enumerate(parts, 1):
        if len(parts) > 1:
            click.echo(f"note: part {n}/{len(parts)} follows ({len(part)} characters)", err=True)
        click.echo(part)


@main.command()
@click.argument("game")
@click.option("--turn", type=int, help="The turn (default: the open turn, provisional).")
@click.option("--phase", help="A phase of the turn (its steps are counted inside it).")
@click.option("--step", type=int, help="Step of the turn or phase (default: the last, the screen).")
@click.option("-o", "--output", required=True, help="File to write: .svg or .png.")
@click.option("--all-steps", is_flag=True, help="Write one file per step: OUTPUT gets -s<k> before its suffix.")
@click.option("--lang", type=click.Choice(["ru", "en"]), default="ru", show_default=True)
@viewer_option
@db_option
@click.pass_context
@handles_errors
def render(ctx: click.Context, game: str, turn: int | None, phase: str | None, step: int | None, output: str,
           all_steps: bool, lang: str, viewer: str | None) -> None:
    """Draw a turn (or one phase or step of it) as SVG or PNG."""
    from replay.render.png import to_png
    from replay.render.svg import mark_provisional

    out = Path(output)
    if out.suffix.lower() not in {".svg", ".png"}:
        raise ValidationError(f"-o {output}: the file must end in .svg or .png")
    with opened(ctx) as store:
        g, now, turn = _game_for_view(store, game, turn)
        if turn is None:
            raise ValidationError("--turn: the game is over; name the turn to draw")
        first = views.frame_view(g, turn, step, lang, store, phase, viewer, now)
        ks: list[int] = list(range(first.steps + 1)) if all_steps else [first.step]
        frames = [first] if not all_steps else [views.frame_view(g, turn, k, lang, store, phase, viewer, now)
                                                for k in ks]
    if not out.parent.exists():
        raise ValidationError(f"-o {output}: the folder {out.parent} does not exist")
    for view in frames:
        svg = g.ruleset.frame(view)
        if view.provisional:
            svg = mark_provisional(svg, lang)
        target = out if not all_steps else out.with_name(f"{out.stem}-s{view.step}{out.suffix}")
        if target.suffix.lower() == ".png":
            target.write_bytes(to_png(svg, last_hash=view.last_hash))
        else:
            target.write_text(svg, encoding="utf-8")
        where = f"turn {turn}" + (f", phase {phase}" if phase else "")
        click.echo(f"{target}  ({where}, step {view.step}/{view.steps}{', provisional' if view.provisional else ''}, "
                   f"last event {view.last_hash[:12]})")


def _game_for_view(store: Store, game: str, turn: int | None) -> tuple[Any, Any, int | None]:
    """(game, its state now or None, the turn) for a post or frame of `turn` (None: the open one), read from a
    checkpoint on where that shows the turn as the whole game does: a closed turn from the checkpoint before it,
    the open turn from the latest one (with the state it leaves, `now`); any other turn from the whole log."""
    if turn is not None and (closed := fold.load_closed_turn(store, game, turn)) is not None:
        # a closed turn's view reads from its checkpoint on
        return fold.load_span(store, game, turn, created=closed[0], span=closed[1])[0], None, turn
    g, now = fold.load_span(store, game)
    current = g.ruleset.current_turn(now)  # what play.point(game).turn is
    if turn is None or turn == current:
        return g, now, current
    return fold.load_frozen(store, game), None, turn


# --- checking ----------------------------------------------------------------------------------------------------

@main.command()
@click.argument("game")
@click.option("--json", "as_json", is_flag=True, help="The findings as JSON.")
@click.option("--lang", type=click.Choice(["ru", "en"]), default="en", show_default=True)
@click.pass_context
@handles_errors
def audit(ctx: click.Context, game: str, as_json: bool, lang: str) -> None:
    """Re-resolve every turn from the recorded inputs; exit 1 if any recorded resolution differs from the rules."""
    with opened(ctx) as store, store.one_thread():  # one read of the whole log: less CPU on one thread (speed16)
        g = fold.load_frozen(store, game, unparsed=True)
    with fold.payloads_checked(g):
        report = auditlib.audit(g)
    if as_json:
        click.echo(json.dumps({"game": report.game, "ruleset": report.ruleset, "turns": report.turns,
                               "clean": report.clean, "findings": [f.__dict__ for f in report.findings],
                               "recorded_revision": report.recorded_revision, "revision": report.revision},
                              ensure_ascii=False, indent=2))
    else:
        click.echo(format_audit(report, lang))
    sys.exit(0 if report.clean else 1)


def format_audit(report: auditlib.AuditReport, lang: str = "en") -> str:
    from replay.render.i18n import AUDIT_KINDS_RU, translate_lines
    from replay.render.lang import tr

    ru = lang == "ru"
    rs = registry.get(report.ruleset)
    lines = [tr(lang, f"аудит {report.game} по правилам {report.ruleset}: заново разрешено ходов: {report.turns}",
                f"audit of {report.game} under {report.ruleset}: {report.turns} turns re-resolved")]
    if report.revision_note:
        note = report.revision_note
        if ru:
            note = (f"записано под ревизией {report.recorded_revision[:12]}, заново разрешено под "
                    f"{report.revision[:12]} (правила или их данные с тех пор менялись)" if report.recorded_revision
                    else f"записано до появления ревизий; заново разрешено под ревизией {report.revision[:12]}")
        lines.append(tr(lang, "примечание: ", "note: ") + note)
    for f in report.findings:
        where = tr(lang, "ход ", "turn ") + str(f.turn) + (f", seq {f.seq}" if f.seq else "")
        lines.append(f"- {where}: {AUDIT_KINDS_RU.get(f.kind, f.kind) if ru else f.kind}")
        lines += [f"    {line}" for line in translate_lines(rs, f.lines, lang)]
        if f.recorded_why or f.computed_why:
            lines.append(tr(lang, "    расчет в записи (как в журнале):", "    recorded arithmetic:"))
            lines += [f"      {w}" for w in translate_lines(rs, f.recorded_why, lang)] or [
                tr(lang, "      (нет)", "      (none)")]
            lines.append(tr(lang, "    расчет по правилам:", "    the rules' arithmetic:"))
            lines += [f"      {w}" for w in translate_lines(rs, f.computed_why, lang)] or [
                tr(lang, "      (нет)", "      (none)")]
    differs = sum(f.kind != "ruling" for f in report.findings)
    rulings = sum(f.kind == "ruling" for f in report.findings)
    lines.append(tr(lang, "чисто: каждое записанное разрешение совпадает с правилами",
                    "clean: every recorded resolution matches the rules") if report.clean
                 else tr(lang, f"НЕ чисто: расхождений: {differs}", f"NOT clean: {differs} difference(s)"))
    if rulings:
        lines.append(tr(lang, f"записано решений ГМ: {rulings}", f"{rulings} GM ruling(s) recorded"))
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
        g = fold.load_frozen(store, game)
    ex = auditlib.explain(g, seq, lang)
    from replay.render.text import tr

    click.echo(f"seq {ex.seq} ({tr(lang, 'ход', 'turn')} {ex.turn}): {ex.headline}")
    if ex.rule:
        click.echo(tr(lang, "правило: ", "rule: ") + ex.rule)
    click.echo(tr(lang, "расчет (как записан в журнале):", "arithmetic:"))
    for w in ex.why:
        click.echo(f"  {w}")
    if ex.defaults:
        click.echo(tr(lang, "толкования правил (умолчания спецификации), на которые опирается разрешение:",
                      "proposed defaults relied on:"))
        known: dict[str, tuple[str, str]] = {}
        if lang == "ru":  # a choice point left to its default ("CP-12 default") says what it is
            from replay.render.dispute import default_meaning, meanings

            known = meanings(g.ruleset, lang)
        for d, text, opt in ex.defaults:
            if not text and d.removesuffix(" default") in known:
                text = default_meaning(d, {}, known, lang)
            click.echo(f"  {d}" + (f": {text}" if text else "")
                       + (tr(lang, f"  [вариант правил {opt}]", f"  [option {opt}]") if opt else ""))
    for c in ex.causes:
        click.echo(tr(lang, "из: ", "from: ") + c)
    if lang == "ru":  # issue 11: no spec id without what it means
        from replay.render.dispute import ids_explained

        event = next(e for e in g.events if e.seq == ex.seq)
        rule = event.payload.get("rule", ex.rule) if isinstance(event.payload, dict) else ex.rule
        said = ids_explained(g.ruleset, rule, [ex.headline, *ex.why, *(text for _, text, _ in ex.defaults)], lang)
        if said:
            click.echo("что значат обозначения:")
            for line in said:
                click.echo(f"  {line}")


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
    with opened(ctx) as store, store.one_thread():  # one read of the whole log: less CPU on one thread (speed16)
        g = fold.load_frozen(store, game, unparsed=True)
    with fold.payloads_checked(g):
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
@click.argument("game", required=False)
@click.option("--seed", "seed_hex", help="A revealed seed (hex), to check the engine dice of its epoch in an imported "
                                         "game.")
@click.option("--file", "file_", help="Verify an exported JSONL file instead (no database needed), e.g. one player's "
                                      "export with the others' secrets withheld: its chain and the dice and total "
                                      "of every roll it shows.")
@click.option("--head", "heads", multiple=True, metavar="SEQ:HASH",
              help="A head the GM posted (`battlelog head`): the log must hold that event with that hash.")
@click.option("--witness", "witnesses", multiple=True, metavar="FILE",
              help="A post (text with a SEQ:HASH head), or a PNG or SVG frame (the hash of its last event): the log "
                   "must hold it.")
@click.option("--deep", is_flag=True, help="Also refold the game and compare every stored checkpoint with it.")
@db_option
@click.pass_context
@handles_errors
def verify(ctx: click.Context, game: str | None, seed_hex: str | None, file_: str | None, heads: tuple[str, ...],
           witnesses: tuple[str, ...], deep: bool) -> None:
    """Check the hash chain (names the first bad seq), the anchors given (--head, --witness), every engine roll
    against the seed of its epoch, and flag rolls whose source the game's dice policy does not expect."""
    anchors = [_parse_head(h) for h in heads] + [a for w in witnesses for a in _read_witness(w)]
    if file_ is not None:
        _verify_file(file_, anchors)
        return
    if game is None:
        raise ValidationError("name the GAME to verify (or give --file)")
    with opened(ctx) as store:
        if not store.exists(game):
            raise ValidationError(f"no game {game!r} in this database")
        count = store.verify(game)
        last = store.head(game)
        assert last is not None
        # What the checks below read: the whole log only for --deep; else game.created, the seeds and the rolls.
        events: Sequence[Event | Logged] = (store.events(game) if deep
                                            else store.logged(game, _VERIFY_TYPES))
        local = store.secrets(game)
        checkpoints = store.checkpoint_rows(game) if deep else []
        _out(f"hash chain: {count} events verify (head seq {last.seq} {last.hash})")
        problems = _anchor_problems(last.seq, store_anchors(store, game), anchors)
    for e, why in _policy_flags(events):
        _out(f"flag: seq {e.seq}: {why}")
    problems += _engine_dice(events, local, seed_hex)
    if deep:
        problems += _deep_problems(cast(list[Event], events), checkpoints)
    if problems:
        raise ValidationError(problems)


def _parse_head(text: str) -> tuple[int | None, str, str]:
    """(seq, hash, where it came from) of a --head SEQ:HASH."""
    import re

    match = re.fullmatch(r"\s*(\d{1,18}):([0-9a-fA-F]{64})\s*", text)
    if match is None:
        raise ValidationError(f"--head {text[:80]!r}: expected SEQ:HASH, the seq and the 64 hex digits of the hash "
                              "`battlelog head` prints")
    return int(match.group(1)), match.group(2).lower(), f"--head {match.group(1)}:{match.group(2)[:12]}…"


def _read_witness(path: str) -> list[tuple[int | None, str, str]]:
    """The anchors a witness file carries: a PNG frame's tEXt hash, an SVG frame's metadata hash, a post's heads."""
    import re
    import struct
    import xml.etree.ElementTree as ET

    from replay.render.png import HASH_KEY, SIGNATURE, png_text
    from replay.render.svg import last_event_hash

    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except FileNotFoundError as exc:
        raise ValidationError(f"--witness {path}: no such file") from exc
    except IsADirectoryError as exc:
        raise ValidationError(f"--witness {path}: is a directory, not a file") from exc
    except OSError as exc:
        raise ValidationError(f"--witness {path}: cannot be read ({exc.strerror})") from exc
    where = f"--witness {path}"
    if data.startswith(SIGNATURE):
        try:
            found = png_text(data).get(HASH_KEY)
        except (ValueError, struct.error) as exc:
            raise ValidationError(f"{where}: a damaged PNG ({exc})") from exc
        if not found or not re.fullmatch(r"[0-9a-f]{64}", found):
            raise ValidationError(f"{where}: the PNG carries no last-event hash (a frame `battlelog render` drew has "
                                  f"one, in a tEXt chunk {HASH_KEY!r})")
        return [(None, found, f"{where} (PNG frame)")]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValidationError(f"{where}: neither a PNG nor UTF-8 text ({exc.reason} at byte {exc.start})") from exc
    if "<svg" in text[:2000]:
        try:
            found = last_event_hash(text)
        except ET.ParseError as exc:
            raise ValidationError(f"{where}: not well-formed SVG ({exc})") from exc
        if not found or not re.fullmatch(r"[0-9a-f]{64}", found):
            raise ValidationError(f"{where}: the SVG carries no last-event hash in its metadata")
        return [(None, found, f"{where} (SVG frame)")]
    pairs = re.findall(r"(?<![0-9A-Za-z])(\d{1,18}):([0-9a-f]{64})(?![0-9a-f])", text)
    if pairs:
        return [(int(seq), digest, f"{where} ({seq}:{digest[:12]}…)") for seq, digest in pairs]
    bare = re.findall(r"(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])", text)
    if bare:
        return [(None, digest, f"{where} ({digest[:12]}…)") for digest in bare]
    raise ValidationError(f"{where}: holds no head (SEQ:HASH, as `battlelog head` prints it) and no 64-hex hash")


_VERIFY_TYPES = frozenset({"game.created", "seed.revealed", "roll", "input.revealed", "correction"})
"""The events `verify` reads besides the chain check: the dice policy, the seed epochs and every roll."""

Lookups = tuple[Callable[[int], str | None], Callable[[str], int | None]]
"""(the hash of the event at a seq, the seq of the event with a hash) in a verified chain."""


def store_anchors(store: Store, game: str) -> Lookups:
    """Anchor lookups answered by the store (one query each, no event read)."""
    def hash_at(seq: int) -> str | None:
        rows = store.con.execute("SELECT hash FROM events WHERE game = ? AND seq = ?", [game, seq]).fetchall()
        return rows[0][0] if rows else None

    def seq_of(digest: str) -> int | None:
        rows = store.con.execute("SELECT min(seq) FROM events WHERE game = ? AND hash = ?", [game, digest]).fetchall()
        return rows[0][0]

    return hash_at, seq_of


def event_anchors(events: list[Event]) -> Lookups:
    """Anchor lookups over a game's events in seq order."""
    by_hash: dict[str, int] = {}
    for e in events:
        by_hash.setdefault(e.hash, e.seq)

    def hash_at(seq: int) -> str | None:
        return events[seq - 1].hash if 1 <= seq <= len(events) and events[seq - 1].seq == seq else None

    return hash_at, by_hash.get


def _anchor_problems(last: int, lookups: Lookups, anchors: list[tuple[int | None, str, str]]) -> list[str]:
    """Check each anchor against the (already verified) chain, whose head is at seq `last`; print what holds,
    return what does not."""
    problems: list[str] = []
    hash_at, seq_of = lookups
    for seq, digest, where in anchors:
        if seq is not None:
            here = hash_at(seq)
            if here is None:
                problems.append(f"{where}: the log ends at seq {last}, before the anchored seq {seq} (truncated?)")
            elif here != digest:
                elsewhere = seq_of(digest)
                problems.append(f"{where}: the log's seq {seq} has hash {here[:12]}…, not the anchored one"
                                + (f" (that hash is at seq {elsewhere})" if elsewhere else
                                   " (the log was rewritten at or before that seq since the anchor was posted)"))
            else:
                _out(f"anchor: {where}: in the log" + (f"; {last - seq} event(s) appended after it"
                                                              if last > seq else "; it is the head"))
            continue
        found = seq_of(digest)
        if found is None:
            problems.append(f"{where}: no event of the log has the hash {digest[:12]}… (rewritten, or another game)")
        else:
            _out(f"anchor: {where}: seq {found} of the log" + (
                f"; {last - found} event(s) appended after it" if last > found else "; it is the head"))
    return problems


def _dice_policy(created: dict[str, Any], purpose: Any) -> str:
    """The dice policy of a roll purpose, read off game.created (as Game.dice_policy reads it; no ruleset needed)."""
    dice = created.get("dice")
    if not isinstance(dice, dict):
        return "engine"
    purposes = dice.get("purposes") if isinstance(dice.get("purposes"), dict) else {}
    policy = purposes.get(purpose, dice.get("policy", "forum")) if isinstance(purpose, str) else dice.get("policy")
    return str(policy or "forum")


def _policy_flags(events: Sequence[Event | Logged]) -> list[tuple[Event | Logged, str]]:
    """Rolls whose source the dice policy of their purpose does not expect: flagged, not failed (a GM may have a
    reason; audit and the players judge)."""
    created = events[0].payload if events and events[0].type == "game.created" else {}
    flags: list[tuple[Event | Logged, str]] = []
    if not isinstance(created.get("dice"), dict):
        return flags  # recorded before dice policies: any source was allowed, nothing to contradict
    for e in events:
        roll = e.payload
        if e.type == "input.revealed" and e.payload.get("kind") == "roll":
            roll = e.payload.get("input")
        elif e.type == "correction" and isinstance(e.payload.get("input"), dict):
            inner = e.payload["input"]
            roll = inner.get("payload") if inner.get("type") == "roll" else None
        elif e.type != "roll":
            continue
        if not isinstance(roll, dict):
            continue
        purpose, source = roll.get("purpose"), roll.get("source")
        policy = _dice_policy(created, purpose)
        who = e.actor or "the GM"
        if source == "engine" and policy == "forum":
            flags.append((e, f"an engine roll for {who}, but the dice policy of {purpose!r} is forum"))
        elif source in ("forum", "manual") and policy == "engine" and e.actor is not None:
            flags.append((e, f"a {source} roll by {e.actor}, but the dice policy of {purpose!r} is engine "
                             "(verifiable engine dice)"))
    return flags


def _engine_dice(events: Sequence[Event | Logged], local: dict[int, bytes], seed_hex: str | None) -> list[str]:
    """Re-derive every engine roll with the seed of its epoch; print the summary, return the problems."""
    epochs = dicelib.seed_epochs(events)
    problems = list(epochs.problems)
    seeds = {k: seed for k, (_, seed) in epochs.revealed.items()}
    kept: set[int] = set()
    for k, seed in local.items():
        if k < len(epochs.commitments) and k not in seeds:
            if epochs.commitments[k] in (None, dicelib.seed_hash(seed)):
                seeds[k] = seed
                kept.add(k)
            else:
                problems.append(f"seed: the seed this database keeps for epoch {k} does not match its commitment "
                                f"({str(epochs.commitments[k])[:16]}…)")
    if seed_hex:
        try:
            given = bytes.fromhex(seed_hex.strip())
        except ValueError as exc:
            raise ValidationError("--seed: the seed is hex digits") from exc
        k = epochs.epoch_of_seed(given)
        if k is None and epochs.commitments == [None]:
            k = 0  # a hand-written log without seed_hash: nothing to hold the seed to
        if k is None:
            raise ValidationError(f"--seed: its sha256 differs from every seed commitment of the log (game.created's "
                                  f"seed_hash {str(epochs.commitments[0])[:16]}…, and each seed.revealed's "
                                  "next_seed_hash)")
        seeds[k] = given
        kept.discard(k)
    check = dicelib.check_engine_rolls(events, epochs, seeds)
    problems += check.problems
    checked = sum(check.checked.values())
    if checked:
        _out(f"engine dice: {checked} rolls re-derived from the seed"
                   + (" of each epoch" if len(check.checked) > 1 else "")
                   + (", all match" if not check.problems else ""))
    for k in sorted(kept & set(check.checked)):
        _out(f"engine dice: {check.checked[k]} of them from the unrevealed seed of epoch {k} kept in this "
                   "database: not yet checkable by others (`battlelog reveal` publishes it)")
    for k, seqs in sorted(check.unchecked.items()):
        shown = ", ".join(map(str, seqs[:10])) + (", …" if len(seqs) > 10 else "")
        _out(f"engine dice: epoch {k}: {len(seqs)} rolls not yet checkable (its seed is not revealed; "
                   f"seq {shown})")
    if not checked and not check.unchecked:
        _out("engine dice: none in this log")
    return problems


def _deep_problems(events: list[Event], checkpoints: list[Any]) -> list[str]:
    """Refold the game and compare each stored checkpoint of its key with the state the fold gives at its seq."""
    from eventlog.envelope import canonical_json
    from replay.fold import fold_events, game_from_events, initial_state

    g = game_from_events(events)
    key, rs = g.checkpoint_key, g.ruleset
    mine = sorted((c for c in checkpoints if c.key == key), key=lambda c: c.seq)
    others = len(checkpoints) - len(mine)
    problems: list[str] = []
    state, at = initial_state(g), 0
    for c in mine:
        problem = c.problem
        if problem is not None:
            problems.append(f"checkpoint after seq {c.seq}: {problem} (it is not read)")
            continue
        state = fold_events(rs, state, events[at:c.seq])
        at = c.seq
        if canonical_json(rs.state_json(state)) != c.state:
            problems.append(f"checkpoint after seq {c.seq}: its state differs from the refold of the log (edited "
                            "with its sha256; `state` and `post` read it until it is rewritten)")
    _out(f"checkpoints: {len(mine)} compared with a refold of the log"
               + (f"; {others} under another ruleset revision or options (never read for this game)" if others else ""))
    return problems


def _verify_file(path: str, anchors: list[tuple[int | None, str, str]] | None = None) -> None:
    text = _read_text(path)
    raw = jsonl.parse_lines(text.splitlines(), source=path)
    if any(r.hash is None for r in raw):
        raise ValidationError(f"{path}: a line without hash is a hand-written log; verify takes an export")
    events = jsonl.chain(raw, head=None, now="")
    by_game: dict[str, list[Event]] = {}
    for e in events:
        by_game.setdefault(e.game, []).append(e)
    withheld = {r.line: r for r in raw if r.withheld}
    problems: list[str] = []
    for game, evs in by_game.items():
        hidden = [e.seq for e, r in zip(events, raw, strict=True) if e.game == game and r.line in withheld]
        _out(f"{game}: hash chain: {len(evs)} events verify (head seq {evs[-1].seq} {evs[-1].hash})")
        if hidden:
            _out(f"{game}: {len(hidden)} payload(s) withheld from this export (their hashes verify): seq "
                       + ", ".join(map(str, hidden)))
        # every roll shown: its dice fit the notation and its total is theirs (engine dice need the seed: the db's)
        shown = set(hidden)
        rolls = [e for e in evs if e.type == "roll" and e.seq not in shown]
        problems += [f"{game}: {p}" for p in dicelib.verify_rolls(rolls, None)]
    if anchors:
        if len(by_game) != 1:
            raise ValidationError(f"--head/--witness: {path} holds {len(by_game)} games; anchors need one")
        events = next(iter(by_game.values()))
        problems += _anchor_problems(events[-1].seq, event_anchors(events), anchors)
    if problems:
        raise ValidationError(problems)


@main.command()
@click.argument("game")
@db_option
@click.pass_context
@handles_errors
def head(ctx: click.Context, game: str) -> None:
    """Print the game's head, SEQ:HASH of its last event: one line to post, which `verify --head` holds the log to."""
    with opened(ctx) as store:
        seq, digest = store.tip(game)
    if seq == 0:
        raise ValidationError(f"no game {game!r} in this database")
    _out(f"{game} head {seq}:{digest}")


@main.command()
@click.argument("game")
@db_option
@click.pass_context
@handles_errors
def reveal(ctx: click.Context, game: str) -> None:
    """End the game's seed epoch: publish its engine-dice seed in the log (so that anyone can re-derive its engine
    rolls) with the sha256 of a fresh seed, from which every later engine roll derives."""
    with opened(ctx) as store:
        if not store.exists(game):
            raise ValidationError(f"no game {game!r} in this database")
        if store.secret(game) is None:
            raise ValidationError(f"game {game!r}: this database holds no seed for it")
        event = store.reveal_seed(game, dicelib.new_seed())
    p = event.payload
    _out(f"seq {event.seq}: seed of epoch {p['epoch']} revealed ({p['seed']}); later engine rolls derive from a "
               f"fresh seed, sha256 {p['next_seed_hash']}")


# --- import / export ---------------------------------------------------------------------------------------------

@main.command(name="export")
@click.argument("game", required=False)
@click.option("--format", "fmt", type=click.Choice(["jsonl", "parquet"]), default="jsonl", show_default=True)
@click.option("-o", "--output", help="File (required for parquet; jsonl goes to stdout by default).")
@click.option("--archive", "archive", metavar="DIR",
              help="Write every game of the database (or GAME) to DIR as Parquet in hive layout, "
                   "DIR/ruleset=<key>/game=<id>/*.parquet, for `battlelog corpus … DIR --where SQL`. The GM's "
                   "complete log (no --as); games already in DIR are refused unless --replace, others are added.")
@click.option("--replace", is_flag=True, help="With --archive: rewrite games DIR already holds.")
@viewer_option
@db_option
@click.pass_context
@handles_errors
def export_(ctx: click.Context, game: str | None, fmt: str, output: str | None, archive: str | None,
            replace: bool, viewer: str | None) -> None:
    """Export a game's log (the unrevealed seed is never exported), or with --archive DIR every game's.

    With --as PLAYER, payloads that player may not see are withheld (their hashes stay, so the file still
    verifies: `battlelog verify --file`). Without --as the export is the GM's, complete."""
    if archive is not None:
        if viewer not in (None, "gm"):
            raise ValidationError("--as: an archive is the GM's complete log; a per-player export is JSONL")
        if output:
            raise ValidationError("-o: --archive writes to its folder DIR; give one of them")
    elif replace:
        raise ValidationError("--replace: only with --archive DIR")
    elif game is None:
        raise ValidationError("GAME: which game to export (or --archive DIR for every game)")
    with opened(ctx) as store:
        if game is not None and not store.exists(game):
            raise ValidationError(f"no game {game!r} in this database")
        if archive is not None:
            written = store.export_archive(game, archive, replace=replace)
            click.echo(f"{archive}: {len(written)} game(s) written")
            return
        assert game is not None
        if fmt == "parquet":
            if viewer not in (None, "gm"):
                raise ValidationError("--as: a per-player export is JSONL")
            if not output:
                raise ValidationError("-o: parquet needs an output file")
            store.export_parquet(game, output)
            click.echo(output)
            return
        events = store.events(game)
    lines = "\n".join(jsonl.export_lines(events, "gm" if viewer is None else viewer)) + "\n"
    if output:
        Path(output).write_text(lines, encoding="utf-8")
    else:
        click.echo(lines, nl=False)


@main.command(name="import")
@click.argument("file_")
@click.option("--as", "rename", help="Import a one-game log under this game id (the chain is rebuilt under it).")
@db_option
@click.pass_context
@handles_errors
def import_(ctx: click.Context, file_: str, rename: str | None) -> None:
    """Import a JSONL log: an export as it is, or a hand-written one (lines without seq/prev/hash/at).

    Every input is checked against the rules where it stands. In a hand-written log each turn is resolved under the
    rules when the inputs of the next turn begin, and the last turn when its inputs are complete; a roll or choice
    the rules need and the log lacks mid-game is an error naming it. Nothing is imported unless the whole game
    imports. It ends by saying what each game waits for.
    """
    data = [_read_bytes(file_)]  # handed over by `pop`: the importer lets the bytes go once they are staged
    with opened(ctx, write=True) as store:
        for game, imported in importing.import_read(store, data.pop, source=file_, rename=rename).items():
            events = imported.events
            closed = sum(e.type == "turn.closed" for e in events)
            log.info("import", game=game, events=len(events), head=events[-1].hash)
            _out(f"{game}: imported {len(events)} events, {closed} turns resolved")
            if imported.over:
                _out(f"{game}: the game is over")
            for r in imported.requests:
                _out(_request_line(r, f"{game}: "), translated=True)


def import_text(store: Store, text: str, *, source: str) -> dict[str, list[Event]]:
    """importing.import_text's events per game (for callers that want the events only)."""
    return {g: i.events for g, i in importing.import_text(store, text, source=source).items()}


def import_plain(store: Store, text: str, *, source: str) -> dict[str, list[Event]]:
    """importing.import_plain's events per game."""
    return {g: i.events for g, i in importing.import_plain(store, text, source=source).items()}


def __getattr__(name: str) -> Any:
    """`check_log`, importing.check_log, imported when asked for."""
    if name == "check_log":
        return importing.check_log
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# --- demo --------------------------------------------------------------------------------------------------------

def _fixtures() -> Path:
    """The recorded games shipped with battlelog (the package battlelog_fixtures: the repository's fixtures/)."""
    import importlib.util

    spec = importlib.util.find_spec("battlelog_fixtures")
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    return Path(__file__).resolve().parent.parent / "fixtures"


FIXTURES = _fixtures()


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
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        _fail(ValidationError(f"--out {out_dir}: cannot be made a folder ({exc.strerror})"))
    db = out / "demo.duckdb"
    db.unlink(missing_ok=True)
    try:
        with Store.open(db) as store:
            imported = import_text(store, path.read_text(encoding="utf-8"), source=str(path))
            game_id = next(iter(imported))
            g = fold.load_frozen(store, game_id)
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
            view = views.frame_view(g, turn, k, lang)
            svg = rs.frame(view)
            stem = out / f"turn{turn:02d}-step{k}"
            stem.with_suffix(".svg").write_text(svg, encoding="utf-8")
            if png:
                stem.with_suffix(".png").write_bytes(to_png(svg, last_hash=view.last_hash))
        doc = rs.post(views.turn_view(g, turn), lang)
        (out / f"turn{turn:02d}-post.bbcode.txt").write_text(textlib.render(doc, "bbcode", "mybb-ru"),
                                                             encoding="utf-8")
        (out / f"turn{turn:02d}-post.md").write_text(textlib.render(doc, "markdown"), encoding="utf-8")
        click.echo(f"turn {turn}: {ts.count} steps drawn, post written")
    final = rs.state_json(driver.fold(g))
    click.echo(f"result: {json.dumps(final.get('result'), ensure_ascii=False)}")
    click.echo(f"frames and posts in {out}/ (open turnNN-stepK.png; paste turnNN-post.bbcode.txt into a forum)")


# --- corpus ------------------------------------------------------------------------------------------------------

@main.group()
def corpus() -> None:
    """Many recorded games at once: PATH… are folders (every *.jsonl below), globs, files or Parquet archives
    (`battlelog export --archive DIR`: --where selects games of it).

    One job per game on a process pool over every core; a progress line on stderr, a summary table on stdout and
    each game's result as a JSON line in OUT/results.jsonl. A game that fails is reported and the run goes on;
    the exit code is 1 if any did."""


def _corpus_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    for option in reversed([
        click.argument("paths", nargs=-1, required=True),
        click.option("--engine", type=click.Choice(["process", "ray"]), default="process", show_default=True,
                     help="Where the jobs run: a process pool here, or Ray (pip install 'battlelog[cluster]')."),
        click.option("--jobs", type=int, help="Worker processes (default: every core)."),
        click.option("--out", "out_dir", default="corpus-out", show_default=True,
                     help="Folder for results.jsonl (and a rerun's per-game diffs)."),
        click.option("--json", "as_json", is_flag=True, help="Print the per-game results as JSON lines instead."),
        click.option("--where", metavar="SQL",
                     help="PATH is an archive of `battlelog export --archive`: only the games this DuckDB predicate "
                          "selects, e.g. \"family = 'knights'\". It sees one row a game: game, ruleset (the key, "
                          "knights@1), family (knights), events, started, last (the first and last event's at). It "
                          "runs on a read-only in-memory table of the archive's games, with file access off: it "
                          "can read, write or load nothing else."),
    ]):
        fn = option(fn)
    return fn


def _run_corpus(kind: str, paths: tuple[str, ...], engine: str, jobs: int | None, out_dir: str, as_json: bool,
                where: str | None, variant: Any = None, on_result: Callable[[Any], None] | None = None) -> None:
    import time

    notes: list[str] = []
    todo = corpuslib.units(paths, where, notes)
    for note in notes:
        _out(note, err=True)
    out = Path(out_dir)
    (out / "diffs" if kind == "rerun" else out).mkdir(parents=True, exist_ok=True)

    shown = [-1.0]

    def progress(done: int, total: int, failed: int, seconds: float) -> None:
        if done < total and seconds - shown[0] < 0.25:
            return
        shown[0] = seconds
        _out(f"\r{kind}: {done:,}/{total:,} games, {failed:,} failed, {seconds:.1f} s", err=True,
                   nl=done == total)

    start = time.perf_counter()
    results = []
    with (out / "results.jsonl").open("w", encoding="utf-8") as lines:
        for result in corpuslib.run_all(kind, todo, variant=variant or corpuslib.Variant(), engine=engine,
                                        workers=jobs, progress=progress):
            if on_result is not None:
                on_result(result)
            if kind == "rerun":
                corpuslib.write_diff(out / "diffs", result)
            line = json.dumps(corpuslib.result_json(result), ensure_ascii=False, sort_keys=True)
            lines.write(line + "\n")
            if as_json:
                click.echo(line)
            result.data.pop("events_", None)
            results.append(result)
    if not as_json:
        _out("\n".join(corpuslib.summary(kind, results, time.perf_counter() - start)))
        _out(f"per-game results: {out / 'results.jsonl'}" + (f"; diffs: {out / 'diffs'}/"
                                                                   if kind == "rerun" else ""))
    bad = any(not r.ok or (kind == "audit" and not r.data.get("clean")) for r in results)
    sys.exit(1 if bad else 0)


@corpus.command(name="verify")
@_corpus_options
@handles_errors
def corpus_verify(paths: tuple[str, ...], engine: str, jobs: int | None, out_dir: str, as_json: bool,
                  where: str | None) -> None:
    """Check every game's hash chain."""
    _run_corpus("verify", paths, engine, jobs, out_dir, as_json, where)


@corpus.command(name="audit")
@_corpus_options
@handles_errors
def corpus_audit(paths: tuple[str, ...], engine: str, jobs: int | None, out_dir: str, as_json: bool,
                 where: str | None) -> None:
    """Re-resolve every game's turns from its recorded inputs; exit 1 if any game is not clean."""
    _run_corpus("audit", paths, engine, jobs, out_dir, as_json, where)


@corpus.command(name="rerun")
@_corpus_options
@click.option("--variant", help="Variant file (TOML): ruleset = \"duel@1\" and an [options] table.")
@click.option("--ruleset", "ruleset_key", help="Another ruleset version, e.g. duel@1.")
@click.option("--option", "opts", multiple=True, help="House-rule switch key=value.")
@handles_errors
def corpus_rerun(paths: tuple[str, ...], engine: str, jobs: int | None, out_dir: str, as_json: bool,
                 where: str | None, variant: str | None, ruleset_key: str | None, opts: tuple[str, ...]) -> None:
    """Re-resolve every game under a variant: how many change result, the turn each first diverges, how the
    winners' shares move; OUT/diffs/GAME.txt says what changes in each game, turn by turn."""
    options: dict[str, Any] = {}
    if variant:
        key, options = rerunlib.load_variant(variant)
        ruleset_key = ruleset_key or key
    options.update(_parse_fields(opts, "--option"))
    _run_corpus("rerun", paths, engine, jobs, out_dir, as_json, where, corpuslib.Variant(ruleset_key, options))


@corpus.command(name="import")
@_corpus_options
@db_option
@click.pass_context
@handles_errors
def corpus_import(ctx: click.Context, paths: tuple[str, ...], engine: str, jobs: int | None, out_dir: str,
                  as_json: bool, where: str | None) -> None:
    """Import every game: each log checked in parallel (hashes, links, every input against the rules), then
    inserted here one game a transaction; a game already in the database, or failing, is reported."""
    with opened(ctx, write=True) as store:
        def insert(result: Any) -> None:
            if not result.ok:
                return
            if store.exists(result.game):
                result.ok, result.error = False, f"game {result.game!r} already exists in this database"
                return
            events = result.data.pop("events_")
            store.import_events(events)
            fold.write_checkpoints(store, fold.game_from_events(events))
        _run_corpus("import", paths, engine, jobs, out_dir, as_json, where, on_result=insert)

# --- animate, view, dispute --------------------------------------------------------------------------------------

@main.command()
@click.argument("game")
@click.option("--turn", type=int, required=True, help="The turn to animate.")
@click.option("--phase", help="Only this phase of the turn.")
@click.option("-o", "--output", required=True, help="File to write (.gif or .png for APNG).")
@click.option("--format", "fmt", type=click.Choice(["gif", "apng"]), default="gif", show_default=True)
@click.option("--delay", type=click.IntRange(20, 60000), default=1200, show_default=True, help="ms per frame.")
@click.option("--max-kib", type=click.IntRange(0), default=256, show_default=True,
              help="Scale GIF frames down until the file fits (phpBB's default attachment limit); 0: never.")
@click.option("--lang", type=click.Choice(["ru", "en"]), default="ru", show_default=True)
@viewer_option
@db_option
@click.pass_context
@handles_errors
def animate(ctx: click.Context, game: str, turn: int, phase: str | None, output: str, fmt: str, delay: int,
            max_kib: int, lang: str, viewer: str | None) -> None:
    """Animate a turn: one frame per step, as a looping GIF (or APNG), every frame the same size."""
    from replay.render import animate as animatelib

    out = Path(output)
    if not out.parent.exists():
        raise ValidationError(f"-o {output}: the folder {out.parent} does not exist")
    with opened(ctx) as store:
        g = fold.load_frozen(store, game)
        pngs = animatelib.step_pngs(g, turn, lang=lang, store=store, phase=phase, viewer=viewer)
    fits = max_kib * 1024 if fmt == "gif" and max_kib else None  # a scaled-down APNG is no use: GIF is the one
    result = animatelib.animate(pngs, fmt=fmt, delay=delay, max_bytes=fits)
    out.write_bytes(result.data)
    if max_kib and len(result.data) > max_kib * 1024:
        click.echo(f"note: {len(result.data) / 1024:.0f} KiB is over --max-kib {max_kib}", err=True)
    scaled = f", scaled to {result.scale:.0%}" if result.scale != 1.0 else ""
    click.echo(f"{out}  ({result.frames} frames, {result.size[0]}×{result.size[1]}{scaled}, "
               f"{len(result.data) / 1024:.0f} KiB, last event {result.hashes[-1][:12]})")



@main.command()
@click.argument("game")
@click.option("-o", "--output", required=True, help="The HTML file to write.")
@click.option("--lang", type=click.Choice(["ru", "en"]), default="ru", show_default=True)
@viewer_option
@db_option
@click.pass_context
@handles_errors
def view(ctx: click.Context, game: str, output: str, lang: str, viewer: str | None) -> None:
    """Write a replay viewer: one self-contained HTML file with every frame, each turn's post and the log."""
    from replay.render import viewer as viewerlib

    out = Path(output)
    if not out.parent.exists():
        raise ValidationError(f"-o {output}: the folder {out.parent} does not exist")
    with opened(ctx) as store:
        g = fold.load_frozen(store, game)
        page = viewerlib.build(g, store, viewer=viewer, lang=lang)
    out.write_text(page, encoding="utf-8")
    click.echo(f"{out}  ({len(page) / 1024:.0f} KiB, as {viewer or 'the public thread'})")


@main.command()
@click.argument("game")
@click.option("--turn", type=int, required=True, help="The disputed turn.")
@click.option("--step", type=int, help="The disputed step of the turn (default: the whole turn).")
@click.option("--profile", type=_LaterChoice(lambda: profilelib.names()), default="phpbb", show_default=True,
              help="The forum the post is for.")
@click.option("-o", "--output", "out_dir", required=True, help="Folder for the post and its PNG frames.")
@click.option("--lang", type=click.Choice(["ru", "en"]), default="ru", show_default=True)
@db_option
@click.pass_context
@handles_errors
def dispute(ctx: click.Context, game: str, turn: int, step: int | None, profile: str, out_dir: str,
            lang: str) -> None:
    """Write a dispute packet: one post with frames, revealed orders and seals, dice proofs, arithmetic, audit."""
    from replay.render import dispute as disputelib

    with opened(ctx) as store:
        g = fold.load_frozen(store, game)
        packet = disputelib.build(g, store, turn, step, lang)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for name, data in packet.files.items():
        (out / name).write_bytes(data)
    parts = textlib.render_parts(packet.doc, profile=profile)
    suffix = ".md" if profilelib.get(profile).format == "markdown" else ".txt"
    names = [f"post{suffix}"] if len(parts) == 1 else [f"post-{n}{suffix}" for n in range(1, len(parts) + 1)]
    for name, part in zip(names, parts, strict=True):
        (out / name).write_text(part, encoding="utf-8")
    click.echo(f"{out}/: {', '.join(names)} and {', '.join(packet.files)}")

if __name__ == "__main__":
    main()

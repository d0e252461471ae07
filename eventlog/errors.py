"""Errors the log raises; each names the field, rule or seq at fault."""


class BattlelogError(Exception):
    """Base of every error battlelog reports to a user (exit code 2 in the CLI)."""

    exit_code = 2


class ValidationError(BattlelogError):
    """Input that breaks a rule or a format; carries every problem found, not only the first."""

    def __init__(self, problems: list[str] | str):
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__("; ".join(self.problems))


class ConflictError(BattlelogError):
    """An append that expected another seq than the log's next one (a stale writer)."""

    exit_code = 3


class LockedError(BattlelogError):
    """The database file stayed locked by another process."""

    exit_code = 4


class ChainError(BattlelogError):
    """The hash chain or an engine roll does not verify; names the first bad seq."""

    def __init__(self, seq: int, message: str):
        self.seq = seq
        super().__init__(f"seq {seq}: {message}")


class DatabaseError(BattlelogError):
    """The database file cannot be opened or written (missing folder, not a DuckDB file, a directory, …)."""

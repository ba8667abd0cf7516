"""The lab from Python: ``sim run``, ``sim compare`` and ``sim ladder`` as functions, and
matches in which a Python callable plays as an agent.

Each function calls the library function the ``sim`` command calls, with the options its
flags would give (the keywords mirror the flags: ``games=`` is ``--games``,
``no_duplicate=`` is ``--no-duplicate``…), writes the command's folder and reads its CSV
files back. The tables are therefore the files ``sim`` writes, value for value: the same
seed gives the same tables, whatever ``threads``.

Tables are pandas DataFrames when pandas can be imported, else plain columns: a ``dict``
mapping each column name to a ``list`` of values (a column is all ``int``, all ``float``
or all ``str``, as pandas reads it; an empty cell is ``None``). ``pandas=True`` or
``False`` forces one or the other.

Without ``out=``, the folder is a temporary one that lives as long as the result (it is
removed when the result is garbage collected); with ``out=DIR`` it is kept, and ``DIR``
must not exist (as with ``sim --out``).

The lab runs with the GIL released; progress on standard error is off unless
``progress=True``. Errors are ``ValueError`` with the lab's one-line message (the one
``sim`` prints after ``sim: error:``). A Ctrl-C is acted on when the command returns.
"""

from __future__ import annotations

import csv
import os
import pathlib
import shutil
import tempfile
import weakref
from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, Sequence, Union

from . import _soccerlab

__all__ = [
    "DEFAULT_SEED",
    "LabResult",
    "run",
    "compare",
    "ladder",
    "play_match",
    "read_table",
]

#: ``sim``'s default ``--seed``.
DEFAULT_SEED: int = _soccerlab.DEFAULT_SEED
#: ``sim``'s default ``--checkpoint``: seconds between two checkpoints.
DEFAULT_CHECKPOINT_SECONDS: int = _soccerlab.DEFAULT_CHECKPOINT_SECONDS

Table = Any  # a pandas DataFrame, or a dict of column name -> list of values
Policy = Callable[[Any], int]


class LabResult:
    """What a lab command wrote: its tables and its folder.

    Attributes:
        path: the command's folder (``summary.csv``, ``run.json``, ``report.html``…). A
            temporary folder (no ``out=``) exists as long as this object.
        tables: every CSV file of the folder read back, by name without ``.csv``
            (``"summary"``, ``"matchups"``, ``"ratings"``, ``"cards"``, ``"balance"``,
            ``"shots"``, ``"compare"``, ``"ladder"``), in the order of the files.
        lines: what ``sim`` prints for the command (``run``, ``ladder`` and
            ``play_match``; empty otherwise).

    A table is also an attribute (``result.summary``) and an item (``result["summary"]``);
    an attribute of a table the command did not write is ``None``.
    """

    _NAMES = ("summary", "matchups", "ratings", "cards", "balance", "shots", "compare", "ladder")

    def __init__(self, path: pathlib.Path, tables: Dict[str, Table], lines: List[str]):
        self.path = pathlib.Path(path)
        self.tables = tables
        self.lines = list(lines)

    def __getattr__(self, name: str) -> Optional[Table]:
        if name in LabResult._NAMES:
            return self.__dict__.get("tables", {}).get(name)
        raise AttributeError(name)

    def __getitem__(self, name: str) -> Table:
        return self.tables[name]

    def __repr__(self) -> str:
        return f"LabResult(path={str(self.path)!r}, tables={list(self.tables)})"

    def __str__(self) -> str:
        return "\n".join(self.lines) if self.lines else repr(self)


def _column(cells: List[str]) -> List[Any]:
    """A column's cells as pandas would read them: all ``int``, else all ``float``, else
    ``str``; an empty cell is ``None``."""
    for kind in (int, float):
        try:
            return [None if c == "" else kind(c) for c in cells]
        except ValueError:
            pass
    return [None if c == "" else c for c in cells]


def read_table(path: Union[str, os.PathLike], pandas: Optional[bool] = None) -> Table:
    """Reads one of the lab's CSV files as a table: a pandas DataFrame (``pandas=None``:
    when pandas can be imported) or a dict of columns (lists of ``int``, ``float``,
    ``str`` or ``None``)."""
    if pandas is not False:
        try:
            import pandas as pd  # noqa: F401
        except ImportError:
            if pandas:
                raise
        else:
            return pd.read_csv(path)
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.reader(f)
        header = next(reader, [])
        cells: List[List[str]] = [[] for _ in header]
        for row in reader:
            for k, cell in enumerate(row[: len(header)]):
                cells[k].append(cell)
    return {name: _column(column) for name, column in zip(header, cells)}


def _read(path: pathlib.Path, lines: List[str], pandas: Optional[bool], tmp: Optional[str]) -> LabResult:
    tables = {p.stem: read_table(p, pandas) for p in sorted(path.glob("*.csv"))}
    result = LabResult(path, tables, lines)
    if tmp is not None:
        weakref.finalize(result, shutil.rmtree, tmp, True)
    return result


def _out(out: Optional[Union[str, os.PathLike]], name: str):
    """The folder to write (which must not exist) and the temporary folder to remove with
    the result, if any."""
    if out is not None:
        return pathlib.Path(out), None
    tmp = tempfile.mkdtemp(prefix="soccerlab-")
    return pathlib.Path(tmp) / name, tmp


def _positive(flag: str, value: Any, allow_none: bool = False) -> Optional[int]:
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ValueError(f"--{flag}: '{value}' is not a positive whole number")
    return int(value)


def _seed(seed: Any) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise ValueError(f"--seed: '{seed}' is not a whole number from 0 to 2^64 - 1")
    return int(seed)


def _specs(agents: Union[str, Sequence[str]]) -> List[str]:
    if isinstance(agents, str):
        return list(_soccerlab.lab_split_specs(agents))
    specs = [str(a) for a in agents]
    if not specs:
        raise ValueError("--agents: name at least one agent")
    return specs


def _rules(rules: Union[None, str, os.PathLike, Sequence[Union[str, os.PathLike]]]) -> List[str]:
    if rules is None:
        return []
    if isinstance(rules, (str, os.PathLike)):
        return [os.fspath(rules)]
    return [os.fspath(r) for r in rules]


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def _game(
    game: str,
    agents: List[str],
    games: Any,
    seed: Any,
    rules: Any,
    set: Any,
    players: Any,
    gauntlet: Any,
    no_duplicate: Any,
) -> Dict[str, Any]:
    """What to play, checked, as the extension takes it (the keys of the lab's
    ``GameOptions``, as ``sim``'s flags give them)."""
    return {
        "game": game,
        "agents": agents,
        "games": _positive("games", games),
        "seed": _seed(seed),
        "rules": _rules(rules),
        "set": _sets(set),
        "players": _positive("players", players, allow_none=True),
        "gauntlet": bool(gauntlet),
        "no_duplicate": bool(no_duplicate),
    }


def _sets(set: Union[None, Mapping[str, Any], Iterable[str]]) -> List[str]:
    """``--set`` overrides from ``{"deck.cards.TIRO": 8}`` or ``["deck.cards.TIRO=8"]``."""
    if set is None:
        return []
    if isinstance(set, str):
        return [set]
    if isinstance(set, Mapping):
        return [f"{k}={_value(v)}" for k, v in set.items()]
    return [str(s) for s in set]


def run(
    game: str,
    agents: Union[str, Sequence[str]],
    games: int,
    seed: int = DEFAULT_SEED,
    threads: Optional[int] = None,
    rules: Union[None, str, os.PathLike] = None,
    set: Union[None, Mapping[str, Any], Iterable[str]] = None,
    players: Optional[int] = None,
    *,
    gauntlet: bool = False,
    no_duplicate: bool = False,
    sprt: Optional[Sequence[float]] = None,
    checkpoint: int = DEFAULT_CHECKPOINT_SECONDS,
    max_actions: Optional[int] = None,
    out: Optional[Union[str, os.PathLike]] = None,
    progress: bool = False,
    pandas: Optional[bool] = None,
) -> LabResult:
    """``sim run``: plays the games in parallel and returns the run's tables.

    Args:
        game: the game's name (``"grangol"``; ``soccerlab.game_names()``).
        agents: the agents' specs, a list (``["mcts(iterations=200)", "greedy"]``) or one
            ``--agents`` string (``"mcts(iterations=200),greedy"``); one per seat plays a
            match, more a round robin (or a gauntlet).
        games: games of each match (``--games``).
        seed: the master seed (``--seed``; ``sim``'s default).
        threads: worker threads (``--threads``; ``None``: all cores). Results do not
            depend on it.
        rules: a shipped rule set's name or a TOML file (``--rules``).
        set: rules overrides, ``{"KEY": value}`` or ``["KEY=VALUE", …]`` (``--set``, in
            order).
        players: the number of players (``--players``).
        gauntlet, no_duplicate, sprt, checkpoint, max_actions: ``--gauntlet``,
            ``--no-duplicate``, ``--sprt ELO0,ELO1[,ALPHA,BETA]`` (a sequence of 2 or 4
            numbers), ``--checkpoint``, ``--max-actions``.
        out: the run folder, which must not exist (``--out``); ``None``: a temporary one.
        progress: show the progress on standard error.
        pandas: tables as DataFrames (``True``), as dicts of columns (``False``), or
            DataFrames when pandas can be imported (``None``).

    Returns:
        A :class:`LabResult` with the tables ``summary``, ``balance``, ``matchups``,
        ``ratings`` (at games with opponents), ``cards`` (at card games) and ``shots``
        (at board games with shots), and the lines ``sim run`` prints.

    Raises:
        ValueError: the lab's one-line message (unknown game or agent, bad rules, an
            ``out`` that exists, a failed game…).
    """
    specs = _specs(agents)
    path, tmp = _out(out, "run")
    try:
        lines = _soccerlab.lab_run(
            _game(game, specs, games, seed, rules, set, players, gauntlet, no_duplicate),
            os.fspath(path),
            threads=_positive("threads", threads, allow_none=True),
            sprt_values=None if sprt is None else [float(x) for x in sprt],
            checkpoint=int(checkpoint),
            max_actions=_positive("max-actions", max_actions, allow_none=True),
            progress=bool(progress),
        )
    except BaseException:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
        raise
    return _read(path, lines, pandas, tmp)


def compare(
    game: str,
    agents: Union[str, Sequence[str]],
    games: int,
    seed: int = DEFAULT_SEED,
    threads: Optional[int] = None,
    rules: Union[None, str, os.PathLike, Sequence[Union[str, os.PathLike]]] = None,
    set: Union[None, Mapping[str, Any], Iterable[str]] = None,
    players: Optional[int] = None,
    *,
    variants: Union[None, str, Sequence[str]] = None,
    independent: bool = False,
    correction: str = "holm",
    gauntlet: bool = False,
    no_duplicate: bool = False,
    checkpoint: int = DEFAULT_CHECKPOINT_SECONDS,
    out: Optional[Union[str, os.PathLike]] = None,
    progress: bool = False,
    pandas: Optional[bool] = None,
) -> LabResult:
    """``sim compare``: plays two or more rule sets with the same agents on the same seeds
    and returns ``compare.csv`` (every metric's difference to the first rule set with its
    95% interval and significance flag) as the table ``compare``.

    Args:
        rules: the rule sets, each a shipped name or a TOML file (``--rules``, repeated).
        variants: rule sets made of the first rules and overrides,
            ``"NAME=KEY=VALUE,KEY=VALUE"`` (``--variant``, repeated).
        independent: ``--independent`` (calibration only).
        correction: ``"holm"`` or ``"bh"`` (``--correction``).
        game, agents, games, seed, threads, set, players, gauntlet, no_duplicate,
        checkpoint, out, progress, pandas: as in :func:`run`.

    Raises:
        ValueError: the lab's one-line message.
    """
    specs = _specs(agents)
    if isinstance(variants, str):
        variants = [variants]
    path, tmp = _out(out, "compare")
    try:
        folder = _soccerlab.lab_compare(
            _game(game, specs, games, seed, rules, set, players, gauntlet, no_duplicate),
            os.fspath(path),
            threads=_positive("threads", threads, allow_none=True),
            variants=[str(v) for v in (variants or [])],
            independent=bool(independent),
            correction=str(correction),
            checkpoint=int(checkpoint),
            progress=bool(progress),
        )
    except BaseException:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
        raise
    return _read(pathlib.Path(folder), [], pandas, tmp)


def ladder(
    game: str,
    games: int = 400,
    seed: int = DEFAULT_SEED,
    threads: Optional[int] = None,
    rules: Union[None, str, os.PathLike] = None,
    set: Union[None, Mapping[str, Any], Iterable[str]] = None,
    players: Optional[int] = None,
    *,
    search: str = "mcts(root=halving)",
    start_iterations: int = 50,
    max_iterations: int = 3200,
    step: float = 0.6,
    calibration_games: int = 10,
    checkpoint: int = DEFAULT_CHECKPOINT_SECONDS,
    out: Optional[Union[str, os.PathLike]] = None,
    progress: bool = False,
    pandas: Optional[bool] = None,
) -> LabResult:
    """``sim ladder``: random, greedy, mcts at doubling budgets and the oracle played on
    duplicate deals; returns ``ladder.csv`` as the table ``ladder`` (``ladder.json``, with
    the skill depth and the luck share, is in ``result.path``) and what ``sim ladder``
    prints as ``result.lines`` (each stage's summary, then the ladder's table); it prints
    nothing.

    Args:
        search: ``--search``, the mcts spec whose budget the ladder doubles (any
            parameters but ``iterations``; default ``mcts(root=halving)``).
        start_iterations, max_iterations, step, calibration_games: ``--start-iterations``,
            ``--max-iterations``, ``--step``, ``--calibration-games``.
        game, games, seed, threads, rules, set, players, checkpoint, out, progress,
        pandas: as in :func:`run` (``games`` per pairing, default 400 as ``sim``'s).

    Raises:
        ValueError: the lab's one-line message.
    """
    path, tmp = _out(out, "ladder")
    rules_list = _rules(rules)
    if len(rules_list) > 1:
        raise ValueError("--rules: sim ladder plays one rule set")
    try:
        lines = _soccerlab.lab_ladder(
            game,
            _positive("games", games),
            _seed(seed),
            os.fspath(path),
            threads=_positive("threads", threads, allow_none=True),
            rules=rules_list[0] if rules_list else None,
            set=_sets(set),
            players=_positive("players", players, allow_none=True),
            search=str(search),
            start_iterations=_positive("start-iterations", start_iterations),
            max_iterations=_positive("max-iterations", max_iterations),
            step=float(step),
            calibration_games=_positive("calibration-games", calibration_games),
            checkpoint=int(checkpoint),
            progress=bool(progress),
        )
    except BaseException:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
        raise
    return _read(path, lines, pandas, tmp)


def _label(policy: Any) -> str:
    name = getattr(policy, "__name__", None) or type(policy).__name__
    return f"python:{name}"


def play_match(
    game: str,
    agents: Sequence[Union[str, Policy]],
    games: int,
    seed: int = DEFAULT_SEED,
    rules: Union[None, str, os.PathLike] = None,
    set: Union[None, Mapping[str, Any], Iterable[str]] = None,
    players: Optional[int] = None,
    *,
    labels: Optional[Sequence[Optional[str]]] = None,
    gauntlet: bool = False,
    no_duplicate: bool = False,
    max_actions: Optional[int] = None,
    out: Optional[Union[str, os.PathLike]] = None,
    progress: bool = False,
    pandas: Optional[bool] = None,
) -> LabResult:
    """A match (or round robin) of ``sim run`` in which agents may be Python callables:
    a policy in training scored against ``greedy`` or ``mcts`` with the lab's schedule,
    duplicate deals, seeds and statistics (win rates with Wilson intervals, the paired
    score against the other agent with its interval, Elo, Bradley–Terry ratings).

    Each agent is a lab spec (``"greedy"``, ``"mcts(iterations=200)"``) or a callable
    ``policy(obs) -> action``. ``obs`` (a ``PolicyObservation``; ``obs.name`` or
    ``obs["name"]``) is built from the deciding seat's view only:

    - ``observation``: the seat's observation tensor (``numpy.float32``);
    - ``legal_actions``: the legal action codes, sorted (``list[int]``);
    - ``action_mask``: 1 at the legal codes (``numpy.int8``, ``num_distinct_actions``);
    - ``seat``: the deciding seat; ``game_index``: the game's index in the schedule;
    - ``observation_string``: the seat's observation as text;
    - ``legal_action_names``: the legal actions' names, in the order of ``legal_actions``;
    - ``seed``: a 64-bit number from the seat's own random stream (from ``seed``, the
      game's index and the seat), fresh at each decision.

    The policy returns one of ``legal_actions`` (an ``int`` or a numpy integer). A
    stochastic policy seeds its generator with ``obs.seed``
    (``numpy.random.default_rng(obs.seed)``): the match is then reproducible, as a match of
    lab agents is.

    The games are played on ONE thread, and each decision of a Python policy calls
    Python: slow next to :func:`run` (use it to score a policy, not to generate data).
    With only spec strings, the tables are those of :func:`run` with the same arguments.

    Args:
        labels: the names of the agents in the tables, one per agent (``None`` entries:
            a spec's own text, ``python:NAME`` for a callable named ``NAME``).
        game, games, seed, rules, set, players, gauntlet, no_duplicate, max_actions, out,
        progress, pandas: as in :func:`run`.

    Returns:
        A :class:`LabResult` with the tables of :func:`run`.

    Raises:
        RuntimeError: a policy raised (its exception is the ``__cause__``); the match
            stops after the game under way.
        ValueError: a policy returned an action that is not legal (the message names it
            and the legal ones), or the lab's one-line message.
    """
    agents = list(agents)
    if not agents:
        raise ValueError("--agents: name at least one agent")
    if labels is not None and len(labels) != len(agents):
        raise ValueError(f"labels: {len(labels)} labels for {len(agents)} agents")
    names: List[str] = []
    policies: List[Optional[Policy]] = []
    for i, a in enumerate(agents):
        given = None if labels is None else labels[i]
        if isinstance(a, str):
            if given is not None and given != a:
                raise ValueError(f"labels: agent {i} is the spec '{a}', which is its own label")
            names.append(a)
            policies.append(None)
        elif callable(a):
            names.append(str(given) if given is not None else _label(a))
            policies.append(a)
        else:
            raise ValueError(
                f"agent {i}: {a!r} is neither a lab spec (a str) nor a callable policy(obs) -> action"
            )
    path, tmp = _out(out, "match")
    try:
        lines = _soccerlab.lab_play_match(
            _game(game, names, games, seed, rules, set, players, gauntlet, no_duplicate),
            policies,
            os.fspath(path),
            max_actions=_positive("max-actions", max_actions, allow_none=True),
            progress=bool(progress),
        )
    except BaseException:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
        raise
    return _read(path, lines, pandas, tmp)

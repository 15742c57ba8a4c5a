"""A session's history, and replaying it.

A history is the game, its rule set, the seats' buy-ins, the seed, every action of the
seats and the house, in order, and a record of the play (`croupier.engine.record`).
Chance is not written down: replay draws it again from the seed. A session without a
seed (a cryptographically strong shuffle) records the orders its shuffles gave instead,
so it too replays exactly. A replay is checked against the record as it goes.

As JSON (format 2) a history is one object: `format` (2), `game`, `config` (the rule
set), `buy_ins` (seat number to chips), `seed` (or null), `actions` (`[actor, action]`
pairs), `shuffles` (each order, top first, for a session without a seed) and `record`
(its checkpoints). Format 1, from before the record, has neither `format` nor `record`;
it is read, and replays unchecked. A provably fair session (`croupier.fairness`) is format
5: format 2; `proofs`, each shuffle's commitment, revealed seed and contributions, its
shuffles derived from them again, never taken from the file; `seal`, a table server's
signature of each shoe (`croupier.engine.seal`): `{"table", "key", "shoes", "signatures",
"key_ids", "end", "end_key_id", "succession", "seeded"}` (the shoes over, the id of the key
that made each signature, the signature of the table's end marker once it has closed, or
null, and its key's id, the keys that succeeded `key`, each signed by the one before, and
whether the table dealt from a seed its operator chose, which its chain binds; the shoes,
the end and its key id are null at a table opened before them, of fairness 1), or null at
the terminal; and `fairness`, the derivation's version
(`croupier.fairness.FAIRNESS`): from 2 each order is bound to its table and shuffle number,
and at a server the cuts no person made (a bot's, the house's) are their shuffles' house
cuts, which `proved` then checks. Formats 3 (a fair session at the terminal, without a
seal) and 4 (at a server, its seal without `shoes` and `end`: its end is not checked), from
before, are format 5 of fairness 1, without `fairness`; a history read from format 4 is
written in it again.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from croupier.cards import Card
from croupier.engine.actions import Action, Amounts, Cut, EndShoe, Shuffle, ShufflePack
from croupier.engine.actors import CHANCE, HOUSE, Actor, actor_name
from croupier.engine.codec import JSON, brief, decode, encode
from croupier.engine.drive import Driver
from croupier.engine.events import Event, SeatLeft, SessionEnded
from croupier.engine.game import Game
from croupier.engine.record import Checkpoint, Recorder, difference
from croupier.engine.seal import HOUSE_TOOK, Seal, Succession, after_shuffle, after_step, opening
from croupier.errors import HistoryMismatch, IllegalAction, InvalidHistory, InvalidInput
from croupier.fairness import DERIVATION, FAIRNESS, Proof, ProvenShuffler, seeds_of
from croupier.i18n import _, ngettext
from croupier.randomness import RandomShuffler, RecordedShuffler, Shuffler

__all__ = ["FORMAT", "History", "Step", "proved", "replay"]

FORMAT = 5
"""The newest format: `to_json` writes it for a fair session, 2 for any other; `from_json`
reads them all, and 1, 3 and 4."""

_KEYS = {
    1: ("game", "config", "buy_ins", "seed", "actions", "shuffles"),
    2: ("format", "game", "config", "buy_ins", "seed", "actions", "shuffles", "record"),
    3: ("format", "game", "config", "buy_ins", "seed", "actions", "shuffles", "record", "proofs"),
    4: (
        *("format", "game", "config", "buy_ins", "seed", "actions", "shuffles", "record"),
        *("proofs", "seal"),
    ),
    5: (
        *("format", "game", "config", "buy_ins", "seed", "actions", "shuffles", "record"),
        *("proofs", "seal", "fairness"),
    ),
}


@dataclass(frozen=True, slots=True)
class Step:
    """One action applied: who, what, and the events it caused."""

    actor: Actor
    action: Action
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class History:
    """Everything needed to replay a session event for event, and to check the replay
    (`record`; empty for a history that keeps none)."""

    game: str
    config: Any
    buy_ins: Mapping[int, int]
    seed: int | None
    actions: tuple[tuple[Actor, Action], ...] = ()
    shuffles: tuple[tuple[Card, ...], ...] = field(default=(), repr=False)
    record: tuple[Checkpoint, ...] = field(default=(), repr=False)
    proofs: tuple[Proof, ...] = field(default=(), repr=False)
    seal: Seal | None = field(default=None, repr=False)
    fairness: int = DERIVATION
    """The fairness the proofs were made at (`croupier.fairness.FAIRNESS`): a server's
    table's, or, at the terminal, `DERIVATION`."""
    decided: frozenset[int] = field(default=frozenset(), repr=False)
    """The places in `actions` (from 0) of the steps the house took for a person's seat
    (their time ran out, or they sat out), which a history of fairness 3 marks."""

    def shuffler(self) -> Shuffler:
        """The source of the session's shuffles: the proofs of a fair session, the recorded
        orders, or the seed."""
        if self.proofs:
            table = self.seal.table if self.seal is not None else 0
            return ProvenShuffler(self.proofs, table if self.fairness > 1 else None)
        if self.shuffles or self.seed is None:
            return RecordedShuffler(self.shuffles)
        return RandomShuffler.seeded(self.seed)

    def to_json(self) -> str:
        fair = self.proofs or self.seal is not None
        version = 4 if _of_format_4(self.seal) else FORMAT if fair else 2
        proofs: dict[str, JSON] = (
            {
                "proofs": [_proof_json(proof) for proof in self.proofs],
                "seal": None if self.seal is None else _seal_json(self.seal, version),
                **({} if version == 4 else {"fairness": self.fairness}),
            }
            if fair
            else {}
        )
        return json.dumps(
            {
                "format": version,
                "game": self.game,
                "config": encode(self.config),
                "buy_ins": {str(seat): chips for seat, chips in self.buy_ins.items()},
                "seed": self.seed,
                "actions": [
                    [encode(actor), encode(action), *([HOUSE_TOOK] if n in self.decided else [])]
                    for n, (actor, action) in enumerate(self.actions)
                ],
                "shuffles": [[str(card) for card in order] for order in self.shuffles],
                "record": [encode(checkpoint) for checkpoint in self.record],
                **proofs,
            },
            indent=1,
        )

    @staticmethod
    def game_in(text: str) -> str:
        """The name of the game a history's JSON is of; `InvalidHistory` if it names none."""
        return _game(_parse(text))

    @classmethod
    def from_json(cls, text: str, game: Game[Any, Any, Any]) -> History:
        """Read a history written by `to_json` for this game; `InvalidHistory` says what
        is wrong with one that cannot be read."""
        data = _parse(text)
        version = data.get("format", 1)
        if type(version) is not int or version not in _KEYS:
            if type(version) is int and version > FORMAT:
                said = _("its format {format} is of a newer croupier: this one reads 1 to {newest}")
            else:
                said = _(
                    "its format {format} is not one croupier writes: this one reads 1 to {newest}"
                )
            raise InvalidHistory(said.format(format=brief(version), newest=FORMAT))
        name = _game(data)
        if name != game.name:
            said = _("this history is of {name!r}, not {game!r}")
            raise InvalidHistory(said.format(name=name, game=game.name))
        for key in _KEYS[version]:
            if key not in data:
                raise InvalidHistory(_("it has no {key!r}").format(key=key))
        for key in data:
            if key not in _KEYS[version]:
                said = _("it has {key}, which a history of format {format} has not")
                raise InvalidHistory(said.format(key=brief(key), format=version))
        known = {kind.__name__: kind for kind in game.step_kinds}
        with _part(_("its rule set ('config')")):
            config = decode(data["config"], game.config_type)
        with _part(_("its buy-ins ('buy_ins')")):
            buy_ins = decode(data["buy_ins"], Mapping[int, int])
            game.start(config, buy_ins)  # the seats can sit down
        seed = data["seed"]
        if seed is not None and type(seed) is not int:
            said = _("its seed is {seed}, not a whole number or null")
            raise InvalidHistory(said.format(seed=brief(seed)))
        taken = _each(data, "actions", lambda item: _action(item, game, known))
        actions = tuple((actor, action) for actor, action, _ in taken)
        decided = frozenset(n for n, (_, _, house) in enumerate(taken) if house)
        shuffles = _each(data, "shuffles", lambda item: decode(item, tuple[Card, ...]))
        record = _each(data, "record", lambda item: decode(item, Checkpoint)) if version > 1 else ()
        if record and (record[0].rounds, record[0].steps) != (0, 0):
            raise InvalidHistory(_("its record does not begin with the seating"))
        proofs = _each(data, "proofs", _proof) if version > 2 else ()
        # formats 3 and 4 were of version 1; 1 and 2 have no proofs, so none applies
        fairness = data["fairness"] if version > 4 else 1 if version > 2 else DERIVATION
        if type(fairness) is not int or not 1 <= fairness <= FAIRNESS:
            said = _("its fairness is {value}, not a whole number from 1 to {newest}")
            raise InvalidHistory(said.format(value=brief(fairness), newest=FAIRNESS))
        sealed = version > 3 and data["seal"] is not None
        if fairness > DERIVATION and not sealed:
            said = _("its fairness is {value}, a signed table's, and it has no seal")
            raise InvalidHistory(said.format(value=fairness))
        if decided and fairness < 3:
            said = _(
                "action {number} is marked the house's, which a history of fairness {value} is not"
            )
            raise InvalidHistory(said.format(number=min(decided) + 1, value=fairness))
        seal = _seal(data["seal"], version, fairness) if sealed else None
        return cls(
            game.name,
            config,
            buy_ins,
            seed,
            actions,
            shuffles,
            record,
            proofs,
            seal,
            fairness,
            decided,
        )


def replay(game: Game[Any, Any, Any], history: History) -> Iterator[tuple[Any, Step]]:
    """Apply the history again; yields each step with the state after it.

    Chance steps come from the history's shuffler and the shoe, exactly as at a live
    table; the steps of the seats and the house come from the list. Without a record,
    replay stops when the list is used up and the next step is not chance's. With one, it
    stops where the record ends, and checks each stretch of the session against the record
    as the stretch ends. A `HistoryMismatch` says where the replay first differs from the
    record, or where the rules refuse a recorded step.
    """
    start = game.start(history.config, history.buy_ins)
    steps = _steps(game, history, start)
    if history.record:
        steps = _checked(game, history, start, steps)
    yield from steps


def proved(game: Game[Any, Any, Any], history: History) -> tuple[int, int]:
    """Check a fair session (docs/fairness.md): its shuffles and rounds, once every seed is
    the one its commitment was made to (and, with a seed, the one the seed draws), every
    order the one the seed and the parts give, every step replays as recorded, and, for a
    sealed history, each shoe's signature is the seal's key's, the shoes it says are over
    are all there, and a session that ends has its end marker signed (`_closed`). A
    `HistoryMismatch` names the first discrepancy."""
    if history.seed is not None:
        drawn = seeds_of(history.seed)
        for number, proof in enumerate(history.proofs, 1):
            if proof.seed != next(drawn).hex():
                reason = _("shuffle {number}'s seed is not the one the session's seed draws")
                raise HistoryMismatch(0, False, reason.format(number=number))
    seal = history.seal
    broken = seal.broken() if seal is not None else None
    if broken is not None:
        reason = _("its seal's succession {number} is not signed by the key before it")
        raise HistoryMismatch(0, False, reason.format(number=broken))
    chain = (
        opening(
            seal.table,
            history.game,
            history.config,
            history.buy_ins,
            history.fairness,
            seal.seeded,
        )
        if seal is not None
        else b""
    )
    shuffles = rounds = acted = 0
    ended = set_aside = False  # set aside: the shoe in play ended by the house (`EndShoe`)
    before = game.start(history.config, history.buy_ins)
    house_cuts = seal is not None and history.fairness > 1
    bots = set(history.buy_ins) if house_cuts else set()  # a server's: seated at opening
    house_calls = house_cuts and history.fairness > 2 and ShufflePack in game.actions
    for state, step in replay(game, history):
        decided = step.actor is not CHANCE and acted in history.decided
        acted += step.actor is not CHANCE
        if decided and step.actor in bots:
            said = _("action {number} is marked the house's, at a bot's seat")
            raise HistoryMismatch(rounds + 1, False, said.format(number=acted))
        made_by_no_one = step.actor is HOUSE or step.actor in bots or decided
        if house_cuts and isinstance(step.action, Cut) and made_by_no_one:
            _house_cut(game, history, before, step, shuffles, rounds + 1, decided)
        if house_calls and step.actor in bots:
            _house_call(game, history, before, step, shuffles, rounds + 1)
        bots -= {event.seat for event in step.events if isinstance(event, SeatLeft)}
        before = state
        if seal is not None:
            if step.actor is CHANCE and isinstance(step.action, Shuffle):
                if not set_aside:
                    _sealed(seal, history, shuffles, chain, rounds + 1, closing=False)
                set_aside = False
                proof = history.proofs[shuffles]  # the replay has checked it is there
                chain = after_shuffle(chain, proof.commitment, proof.contributions, proof.sealed)
            elif step.actor is not CHANCE:
                chain = after_step(chain, step.actor, step.action, decided)
                if step.actor is HOUSE and isinstance(step.action, EndShoe):
                    _sealed(seal, history, shuffles, chain, rounds + 1, closing=False)
                    set_aside = True
            ended = ended or any(isinstance(event, SessionEnded) for event in step.events)
        shuffles += step.actor is CHANCE and isinstance(step.action, Shuffle)
        rounds = game.rounds(state)
    if shuffles != len(history.proofs):
        proofs = len(history.proofs)
        reason = ngettext(
            "it proves {n} shuffle, and the session made {made}",
            "it proves {n} shuffles, and the session made {made}",
            proofs,
        )
        raise HistoryMismatch(rounds, True, reason.format(n=proofs, made=shuffles))
    if seal is not None:
        if not set_aside:
            _sealed(seal, history, shuffles, chain, rounds + 1, closing=ended)
        if len(seal.signatures) != shuffles + 1:
            signatures = len(seal.signatures)
            reason = ngettext(
                "it has {n} signature for {shoes} shoes",
                "it has {n} signatures for {shoes} shoes",
                signatures,
            )
            reason = reason.format(n=signatures, shoes=shuffles + 1)
            raise HistoryMismatch(rounds + 1, ended, reason)
        _closed(seal, shuffles + 1, chain, rounds + 1, ended)
    return shuffles, rounds


def _closed(seal: Seal, shoes: int, chain: bytes, round: int, ended: bool) -> None:
    """Raise `HistoryMismatch` (at `round`) unless the seal says that the `shoes` shoes of
    the history are over, and, if the session `ended` or the seal marks the table's end, that
    end marker signs them all with the chain at the end (`seal.closing`). A seal of format
    4 says neither its shoes nor its end: there is nothing to check."""
    reason = None
    if seal.shoes is None:
        return
    if seal.shoes != shoes:
        reason = _("the seal says {said} shoes are over, and the history holds {shoes}").format(
            said=seal.shoes, shoes=shoes
        )
        if seal.shoes > shoes:
            reason = _("{reason}: its last shoes are left out").format(reason=reason)
    elif ended and seal.end is None:
        reason = _("the session ends, and the seal has no signature of the table's end")
    elif seal.end is not None and not ended:
        reason = _(
            "the seal signs the table's end, and the history stops before the session ends: "
            "its last shoes are left out"
        )
    elif ended and not seal.holds_end(shoes, chain):
        reason = _(
            "the seal's signature of the table's end is not its key's for the history as it is"
        )
    if reason is not None:
        raise HistoryMismatch(round, True, reason)


def _house_call(
    game: Game[Any, Any, Any], history: History, before: Any, step: Step, shuffle: int, coup: int
) -> None:
    """Raise `HistoryMismatch` (at `coup`) unless `step`, a bot's, is the house call of
    shuffle `shuffle`, the last made before it, where the bot was asked whether to shuffle
    again (MB-5)."""
    options = game.options(before, step.actor)
    if ShufflePack() not in options:
        return
    assert history.seal is not None and isinstance(step.actor, int), "a server's bot"
    calls = history.proofs[shuffle - 1].house_calls((history.seal.table, shuffle), step.actor)
    if calls != (step.action == ShufflePack()):
        due = _("to shuffle") if calls else _("to let the pack be")
        reason = _(
            "seat {seat} (a bot) chose otherwise than the house call of shuffle {shuffle}, "
            "which was {due}: a bot's call to shuffle is drawn from its shuffle's stream"
        )
        raise HistoryMismatch(coup, False, reason.format(seat=step.actor, shuffle=shuffle, due=due))


def _house_cut(
    game: Game[Any, Any, Any],
    history: History,
    before: Any,
    step: Step,
    shuffle: int,
    coup: int,
    decided: bool,
) -> None:
    """Raise `HistoryMismatch` (at `coup`) unless `step`, a cut no person made (the house's,
    a bot's, or one the house `decided` for a person's seat), is the house cut of shuffle
    `shuffle`, the last made before it."""
    (option,) = game.options(before, step.actor).of_type(Cut)
    assert isinstance(option, Amounts) and isinstance(step.action, Cut)
    assert history.seal is not None, "house cuts are a server's"
    due = history.proofs[shuffle - 1].house_cut(
        (history.seal.table, shuffle), option.low, option.high
    )
    if step.action.amount != due:
        who = (
            _("the house")
            if step.actor is HOUSE
            else _("seat {seat} (cut for by the house)").format(seat=step.actor)
            if decided
            else _("seat {seat} (a bot)").format(seat=step.actor)
        )
        reason = _(
            "{who} cut {made} cards, where the house cut of shuffle {shuffle} is {due}: a cut "
            "no person makes is drawn from its shuffle's stream"
        )
        raise HistoryMismatch(
            coup, False, reason.format(who=who, made=step.action.amount, shuffle=shuffle, due=due)
        )


def _sealed(
    seal: Seal, history: History, shoe: int, chain: bytes, round: int, closing: bool
) -> None:
    """Raise `HistoryMismatch` (at `round`, `closing`) unless the seal signs shoe `shoe`,
    which ends here."""
    seed = history.proofs[shoe - 1].seed if shoe else None
    if not seal.holds(shoe, chain, bytes.fromhex(seed) if seed else None):
        if shoe:
            reason = _(
                "the seal's signature of shoe {shoe} is not its key's for the history as it is"
            )
        else:
            reason = _(
                "the seal's signature of what came before the first shuffle is not its key's "
                "for the history as it is"
            )
        raise HistoryMismatch(round, closing, reason.format(shoe=shoe))


def _steps(game: Game[Any, Any, Any], history: History, state: Any) -> Iterator[tuple[Any, Step]]:
    """The session's steps: chance's drawn again by the driver, the others from the list."""
    driver = Driver(game, state, history.shuffler(), house=None)
    pending = enumerate(history.actions, 1)
    number = 0
    while not driver.over:
        coup = game.rounds(driver.state) + 1
        try:
            step = driver.automatic()
            if step is None:
                item = next(pending, None)
                if item is None:
                    return
                number, step = item
            actor, action = step
            events = driver.apply(actor, action)
        except IllegalAction as error:
            if actor is CHANCE:
                said = _("chance's step is refused: {reason}")
            else:
                said = _("action {number}, {action}, is refused: {reason}")
            said = said.format(number=number, action=_said(actor, action), reason=error.reason)
            raise HistoryMismatch(coup, False, said) from None
        except ValueError as error:  # a recorded shuffle that cannot be
            raise HistoryMismatch(coup, False, str(error)) from None
        yield driver.state, Step(actor, action, events)
    leftover = next(pending, None)
    if leftover is not None:
        reason = _("the history goes on after the session ended, from action {number}")
        reason = reason.format(number=leftover[0])
        raise HistoryMismatch(game.rounds(driver.state) + 1, True, reason)


def _checked(
    game: Game[Any, Any, Any],
    history: History,
    start: Any,
    steps: Iterator[tuple[Any, Step]],
) -> Iterator[tuple[Any, Step]]:
    """The steps, as many as the record holds, each stretch compared with it as it ends."""
    record = history.record
    recorder = Recorder(game, history.config, start)
    _compare(record, recorder.checkpoints, 0)
    compared, acted = 1, 0
    for state, step in itertools.islice(steps, sum(c.steps for c in record)):
        recorder.note(step.actor, step.action, step.events, state)
        acted += step.actor is not CHANCE
        yield state, step
        for index in range(compared, len(recorder.closed)):
            _compare(record, recorder.closed, index)
        compared = len(recorder.closed)
    replayed = recorder.checkpoints
    for index in range(compared, max(len(record), len(replayed))):
        _compare(record, replayed, index)
    if acted < len(history.actions):
        reason = _("the history goes on after its record ends, from action {number}")
        reason = reason.format(number=acted + 1)
        raise HistoryMismatch(record[-1].rounds + 1, True, reason)


def _compare(record: tuple[Checkpoint, ...], replayed: tuple[Checkpoint, ...], index: int) -> None:
    """Raise `HistoryMismatch` if the replay's stretch `index` is not the record's."""
    if index >= len(record):
        ending = replayed[index]
        raise HistoryMismatch(ending.rounds, False, _("the session goes on past its record"))
    recorded = record[index]
    before = record[index - 1].rounds if index else 0
    if index >= len(replayed):
        reason: str | None = _("the session ends sooner than recorded")
    else:
        reason = difference(recorded, replayed[index], seating=index == 0)
    if reason is not None:
        coup = before + 1 if index else 0
        raise HistoryMismatch(coup, index > 0 and recorded.rounds == before, reason)


def _parse(text: str) -> dict[str, JSON]:
    if not text.strip():
        raise InvalidHistory(_("it is empty"))
    try:
        data = json.loads(text)
    except RecursionError:
        raise InvalidHistory(_("it is nested too deeply to be a history")) from None
    except json.JSONDecodeError as error:  # the parser's own words
        said = _("it is not JSON: {error} at line {line}, column {column}")
        said = said.format(error=error.msg.lower(), line=error.lineno, column=error.colno)
        raise InvalidHistory(said) from None
    except ValueError:  # an integer longer than Python converts
        raise InvalidHistory(_("it holds a number too long to be read")) from None
    if not isinstance(data, dict):
        said = _("it holds {data}, not a history (a JSON object)")
        raise InvalidHistory(said.format(data=brief(data)))
    return data


def _game(data: Mapping[str, JSON]) -> str:
    if "game" not in data:
        raise InvalidHistory(_("it has no 'game'"))
    name = data["game"]
    if not isinstance(name, str):
        said = _("its 'game' is {game}, not a game's name")
        raise InvalidHistory(said.format(game=brief(name)))
    return name


def _each(data: Mapping[str, JSON], key: str, read: Callable[[JSON], Any]) -> tuple[Any, ...]:
    """Each item of the list under `key`, read; an error names the item."""
    items = data[key]
    if not isinstance(items, list):
        said = _("its {key!r} is {items}, not a list")
        raise InvalidHistory(said.format(key=key, items=brief(items)))
    out = []
    for number, item in enumerate(items, 1):
        # i18n: an item of a history's list: the list's key, the item's number ("actions 3")
        with _part(_("{key} {number}").format(key=key, number=number)):
            out.append(read(item))
    return tuple(out)


def _action(item: JSON, game: Game[Any, Any, Any], known: Mapping[str, type]) -> Any:
    """An action item as (actor, action, whether the house took it for a person's seat)."""
    house = isinstance(item, list) and len(item) == 3 and item[2] == HOUSE_TOOK
    if not (isinstance(item, list) and (len(item) == 2 or house)):
        raise InvalidHistory(_("expected [actor, action], got {item}").format(item=brief(item)))
    actor, action = item[:2]
    if house and type(actor) is not int:
        raise InvalidHistory(_("only a seat's step is marked the house's"))
    if actor == CHANCE.value:
        raise InvalidHistory(_("chance's steps are drawn again, not recorded"))
    if type(actor) is not int and actor != HOUSE.value:
        said = _("{actor} is not a seat number or 'house'")
        raise InvalidHistory(said.format(actor=brief(actor)))
    kind = action.get("type") if isinstance(action, dict) else None
    if not isinstance(kind, str) or kind not in known:
        said = _("{kind} is not an action of {game}: it has {names}")
        raise InvalidHistory(
            said.format(kind=brief(kind), game=_(game.title), names=", ".join(known))
        )
    return decode(actor, Actor), decode(action, Action, known), house


def _proof_json(proof: Proof) -> JSON:
    given = {str(seat): text for seat, text in sorted(proof.contributions.items())}
    sealed = (
        {}
        if proof.sealed is None
        else {"sealed": {str(seat): s for seat, s in sorted(proof.sealed.items())}}
    )
    return {"commitment": proof.commitment, "seed": proof.seed, "contributions": given, **sealed}


def _of_format_4(seal: Seal | None) -> bool:
    """Whether format 4 holds all of `seal`: its table's opened before a seal said its
    shoes, and none of its keys has an id or a successor."""
    if seal is None or seal.shoes is not None or seal.succession:
        return False
    return all(named is None for named in seal.key_ids)


def _seal_json(seal: Seal, version: int) -> JSON:
    signed = {"table": seal.table, "key": seal.key, "signatures": list(seal.signatures)}
    if version == 4:
        return signed
    return {
        **signed,
        "shoes": seal.shoes,
        "key_ids": list(seal.key_ids or [None] * len(seal.signatures)),
        "end": seal.end,
        "end_key_id": seal.end_key_id,
        "succession": [
            {"key": step.key, "since": step.since, "signature": step.signature}
            for step in seal.succession
        ],
        "seeded": seal.seeded,
    }


_SEAL_KEYS = {"table", "key", "signatures"}
"""The keys of a seal of format 4, from before keys had ids and a seal said its end."""

_SEAL_KEYS_5 = {*_SEAL_KEYS, "shoes", "key_ids", "end", "end_key_id", "succession", "seeded"}


def _seal(item: JSON, version: int, fairness: int) -> Seal:
    """A history's seal as `_seal_json` writes it, in format `version`: its shoes, end and
    end's key id null only at fairness 1, from before they were."""
    with _part(_("its seal ('seal')")):
        if not isinstance(item, dict) or set(item) != (_SEAL_KEYS_5 if version > 4 else _SEAL_KEYS):
            if version == 4:
                raise InvalidHistory(_("expected its table, key and signatures"))
            said = _(
                "expected its table, key, shoes, signatures, key_ids, end, end_key_id, "
                "succession and seeded"
            )
            raise InvalidHistory(said)
        table, key, signatures = item["table"], item["key"], item["signatures"]
        if type(table) is not int or not isinstance(key, str):
            raise InvalidHistory(_("its table is a whole number and its key text (hexadecimal)"))
        if not isinstance(signatures, list) or not all(isinstance(s, str) for s in signatures):
            raise InvalidHistory(_("its signatures are a list of text (hexadecimal)"))
        if version == 4:
            return Seal(table, key, tuple(signatures), None)
        shoes, end, ids, end_id = item["shoes"], item["end"], item["key_ids"], item["end_key_id"]
        if not (type(shoes) is int or (shoes is None and fairness == 1)):
            raise InvalidHistory(_("its shoes are a whole number: how many shoes are over"))
        if not all(given is None or isinstance(given, str) for given in (end, end_id)):
            said = _(
                "its end and end_key_id are text (hexadecimal), or null while the table is open"
            )
            raise InvalidHistory(said)
        if (end is None) != (end_id is None) or (shoes is None and end is not None):
            raise InvalidHistory(_("its end and end_key_id are both given, or neither"))
        if not isinstance(ids, list) or not all(i is None or isinstance(i, str) for i in ids):
            raise InvalidHistory(_("its key_ids are a list of text (hexadecimal) or null"))
        if not isinstance(item["seeded"], bool):
            raise InvalidHistory(_("its seeded is true or false"))
        return Seal(
            table,
            key,
            tuple(signatures),
            shoes,
            end,
            tuple(ids),
            end_id,
            _succession(item["succession"]),
            item["seeded"],
        )


def _succession(item: JSON) -> tuple[Succession, ...]:
    """A seal's successions as `_seal_json` writes them."""
    if not isinstance(item, list):
        raise InvalidHistory(_("its succession is a list"))
    found = []
    for step in item:
        if not isinstance(step, dict) or set(step) != {"key", "since", "signature"}:
            raise InvalidHistory(_("each succession has its key, since and signature"))
        key, since, signature = step["key"], step["since"], step["signature"]
        if not isinstance(key, str) or type(since) is not int or not isinstance(signature, str):
            said = _("a succession's key and signature are text (hexadecimal), its since a number")
            raise InvalidHistory(said)
        found.append(Succession(key, since, signature))
    return tuple(found)


def _proof(item: JSON) -> Proof:
    """A shuffle's proof as `_proof_json` writes it."""
    keys = {"commitment", "seed", "contributions"}
    if not isinstance(item, dict) or set(item) - {"sealed"} != keys:
        raise InvalidHistory(_("expected its commitment, seed and contributions (and seals)"))
    made, seed, given = item["commitment"], item["seed"], item["contributions"]
    if not isinstance(made, str) or not (seed is None or isinstance(seed, str)):
        raise InvalidHistory(_("its commitment and seed are text (hexadecimal)"))
    contributions = decode(given, Mapping[int, str])
    sealed = decode(item["sealed"], Mapping[int, str]) if "sealed" in item else None
    return Proof(made, seed, contributions, sealed)


@contextmanager
def _part(part: str) -> Iterator[None]:
    """Name `part` of the history in any error reading it."""
    try:
        yield
    except InvalidInput as error:
        raise InvalidHistory(f"{part}: {error}") from None


def _said(actor: Actor, action: Action) -> str:
    """`seat 2's {"type": "Stake", ...}`: the action as the history writes it, cut short."""
    text = json.dumps(encode(action), separators=(", ", ": "))
    cut = text if len(text) <= 80 else text[:76] + "...}"
    # i18n: a recorded action: who took it, then the action as the history writes it
    return _("{actor}'s {action}").format(actor=actor_name(actor), action=cut)

"""The shuffle panel and the check of a table's shoes in Debian's Chromium
(docs/fairness.md): the page shows the coming shuffle's commitment before it is made,
gives a part of its own with the Join and to each new commitment, takes words of the
person's own (each sealed first, revealed once the shuffle's seals close); once a shoe is
over it links to the check, which finds each seed the one committed to, the commitments
the one the page was shown, the person's parts in the shuffles, every order derived again
and each shoe's signature valid with the server's key, and refuses a history edited in an
action, a seed or a signature, naming why; the page saved whole checks a history file
opened from disk, with no server; the page's derivation, house cut, packs and canonical
JSON are the Python's, byte for byte; and the history it downloads is verified card by
card by `croupier verify`."""

from __future__ import annotations

import json
import random
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from scripts.page_verify import proved_in, served
from starlette.testclient import TestClient
from typer.testing import CliRunner

from croupier import games
from croupier.cards import monte_pack, shoe_of
from croupier.cli import app
from croupier.engine.codec import encode
from croupier.engine.history import History, proved
from croupier.engine.receipts import Receipt
from croupier.engine.record import canonical
from croupier.engine.seal import Signer, after_shuffle, closing, message, opening
from croupier.errors import HistoryMismatch
from croupier.fairness import (
    commitment,
    derived_order,
    fresh_part,
    house_calls,
    house_cut,
    seal_of,
)
from croupier.games.banchek.rules import two_packs
from croupier.server.app import create_app
from croupier.server.database import migrate
from tests.cli.served import soak
from tests.edits import edited as edited_at
from tests.edits import leaves, verifies
from tests.server.players import Person, Reader, house_keys
from tests.web.conftest import Screenshots
from tests.web.pages import Guest

pytestmark = pytest.mark.timeout(180)


def _fair(guest: Guest) -> dict[str, Any]:
    fair: dict[str, Any] = guest.drawn()["fair"]
    return fair


def test_the_page_shows_the_commitment_gives_parts_and_checks_the_shoes(  # MB-5, C-5
    serve, browser: Browser, screenshots: Screenshots, tmp_path: Path
):
    served = serve(None)  # as a server deals: a seeded one's check is no proof
    ada = Guest(browser, served.url, "ada")
    ada.sign_up()
    table = ada.open_table(bots=2, time_limit=1, bot_pause=0.05, game="monte-bank")
    page = ada.page
    ada.sit(0, 300)
    panel = page.locator("section.fair")
    mine = panel.locator("code.your-part")
    expect(mine).to_have_text(re.compile(r"^[0-9a-f]{32}$"))  # made in the browser, given
    fair = _fair(ada)
    shown = panel.locator("code[data-commitment]")
    expect(shown).to_have_attribute("data-commitment", fair["commitment"])
    expect(shown).to_have_text(f"sha256 {fair['commitment'][:16]}…")
    expect(panel.locator(".given")).to_contain_text("Parts sealed: you.")

    page.get_by_label("your own words for the shuffle").fill("ada's lucky words")
    page.get_by_role("button", name="Add to the shuffle").click()
    # sealed, then revealed by the page itself once the shuffle's seals close; the shuffle
    # it is for is read with the part shown, at once (the panel moves on at each shuffle)
    number = page.wait_for_function(
        """words => {
            const fair = document.querySelector("section.fair");
            const part = fair.querySelector("code.your-part");
            const shown = fair.querySelector(".commitment");
            if (!part || !shown || part.textContent !== words) return null;
            return Number(shown.textContent.match(/(\\d+)/)[1]);
        }""",
        arg="ada's lucky words",
    ).json_value()
    expect(panel.locator(".fair-answer")).to_contain_text(
        re.compile(r"Your part of shuffle \d+ is sealed|Your part is in shuffle \d+, revealed")
    )
    # her shuffle is made and its shoe is over (her turns time out after a second)
    expect(panel.locator(".verify")).to_be_visible(timeout=60_000)
    page.wait_for_function(
        "n => Number(document.querySelector('section.fair .verify').textContent"
        ".match(/shuffles? (?:1 to )?(\\d+)/)[1]) >= n",
        arg=number,
        timeout=90_000,
    )
    screenshots(page, "fair-table.png", full_page=True)

    with page.context.expect_page() as opened:
        panel.get_by_role("link", name="Check them").click()
    check = opened.value
    verdict = check.locator("#verdict")
    expect(verdict).to_contain_text("Verified in this browser", timeout=20_000)
    row = check.locator(f"#shoes tr[data-shuffle='{number}']")
    expect(row).to_contain_text("the commitment")
    expect(row).to_contain_text("yes: ada's lucky words")
    expect(row.locator("td").last).to_have_attribute("title", re.compile(r"^(\w\w )+\w\w$"))
    shuffles = int(check.locator("#shoes tbody tr").count())
    checks = check.locator("#checks")
    expect(checks.locator("[data-check=orders]")).to_contain_text(
        f"Orders derived: {shuffles} shuffle"
    )
    expect(checks.locator("[data-check=signatures]")).to_have_text(
        f"Signatures: {shuffles + 1} shoes, each signature valid with the history's key."
    )
    expect(checks.locator("[data-check=cuts]")).to_contain_text(
        re.compile(r"House cuts: \d+, (each )?the one its shuffle draws")
    )
    expect(checks.locator("[data-check=record]")).to_contain_text("coup by coup")
    expect(checks.locator("[data-check=cards]")).to_contain_text("left to croupier verify")
    expect(checks.locator("[data-check=receipts]")).to_contain_text(
        re.compile(r"Receipts: \d+ kept here, each signed by the history's key and agreeing")
    )
    key = served_key(ada)
    expect(check.locator("#key-note")).to_have_text(f"Signed by this server's key, {key}.")
    expect(check.locator("#command")).to_have_text(
        f"croupier verify croupier-table-{table}.json --key {key}"
    )
    published = ada.context.request.get(f"{ada.url}/api/key").json()
    expect(check.locator("#fingerprint")).to_have_text(
        f"The server signs with key {published['key_id']}, fingerprint SHA-256 "
        f"{published['fingerprint']}: compare it with the one its operator publishes."
    )
    screenshots(check, "fair-check.png", full_page=True)
    with check.expect_download() as downloading:
        check.get_by_role("button", name="Download the history").click()
    saved = tmp_path / "history.json"
    downloading.value.save_as(saved)
    verified = CliRunner().invoke(app, ["verify", str(saved), "--key", key])
    assert verified.exit_code == 0, verified.output
    assert "Verified: " in verified.output

    history = json.loads(saved.read_text())
    edits = {
        "an action": (
            _edit_action,
            "the record's stakes and choices are not the history's actions",
        ),
        "a seed": (_edit_seed, "shuffle 2: its seed is not the one its commitment was made to"),
        "a signature": (
            _edit_signature,
            "the seal's signature of shoe 1 is not its key's for the history as it is",
        ),
    }
    for said, (edit, reason) in edits.items():
        edited = tmp_path / f"edited-{said.split()[-1]}.json"
        edited.write_text(json.dumps(edit(json.loads(json.dumps(history)))))
        check.set_input_files("#file", str(edited))
        expect(verdict, said).to_contain_text(reason, timeout=20_000)
        expect(verdict, said).to_contain_text("Not verified: ")
        expect(checks.locator(".no").first, said).to_contain_text(reason)
    check.set_input_files("#file", str(saved))
    expect(verdict).to_contain_text("Verified in this browser", timeout=20_000)

    # a receipt the server signed that the history denies: its word against its history
    # (the table's page is closed first: a tab still at the table keeps the receipts it is
    # given, and writes back what it last read, which may be from before this one was put in)
    page.close()
    shuffle = history["proofs"][number - 1]
    signer = house_keys(served.database).signer
    later = 10**13  # than any the server gave: the last seal taken is the one that counts
    taken = Receipt.signed(
        signer, "sealed", table, number, shuffle["commitment"], later, 0, "0" * 64
    )
    check.evaluate(
        """([table, receipt]) => {
            const name = `croupier-fair-${table}`;
            const kept = JSON.parse(localStorage.getItem(name));
            kept.receipts[receipt.signature] = receipt;
            localStorage.setItem(name, JSON.stringify(kept));
        }""",
        [table, taken.to_json()],
    )
    check.reload()
    denied = f"shuffle {number}: the server signed that it took seat 1's seal, and the proof has"
    expect(verdict).to_contain_text(f"Not verified: {denied}", timeout=20_000)
    expect(checks.locator("[data-check=receipts]")).to_contain_text(denied)
    assert not ada.errors, ada.errors


def _edit_action(history: dict[str, Any]) -> dict[str, Any]:
    """The history with one stake, bid or buy-in one chip more."""
    for _actor, action, *_ in history["actions"]:
        if isinstance(action.get("amount"), int) and action["type"] != "Cut":
            action["amount"] += 1
            return history
    raise AssertionError("no action with an amount")


def _edit_seed(history: dict[str, Any]) -> dict[str, Any]:
    """The history with shuffle 2's seed one digit other."""
    seed = history["proofs"][1]["seed"]
    history["proofs"][1]["seed"] = ("1" if seed[0] == "0" else "0") + seed[1:]
    return history


def _edit_signature(history: dict[str, Any]) -> dict[str, Any]:
    """The history with one byte of shoe 1's signature other."""
    history["seal"]["signatures"][1] = _flipped(history["seal"]["signatures"][1])
    return history


def served_key(guest: Guest) -> str:
    key: str = guest.context.request.get(f"{guest.url}/api/key").json()["key"]
    return key


def test_a_browser_that_saw_nothing_says_so_and_a_changed_commitment_is_said_loudly(  # C-5
    serve, browser: Browser, tmp_path: Path
):
    """The check in a browser that was shown none of the table's commitments and gave no part
    says "Nothing seen here to check", never "Verified", and what the history proves by
    itself; the page saved whole checks the history from disk, its key the history's own
    unless one is given; a page shown a shuffle committed to otherwise than it was first
    shown warns at the table, and its check is not verified."""
    served = serve(5)
    ada = Guest(browser, served.url, "ada")
    ada.sign_up()
    table = ada.open_table(bots=2, time_limit=1, bot_pause=0.05, game="monte-bank")
    ada.sit(0, 300)
    panel = ada.page.locator("section.fair")
    expect(panel.locator(".verify")).to_be_visible(timeout=60_000)  # a shoe is over

    stranger = browser.new_context()
    check = stranger.new_page()
    check.goto(f"{served.url}/verify.html?table={table}")
    verdict = check.locator("#verdict")
    expect(verdict).to_contain_text("Nothing seen here to check", timeout=20_000)
    expect(verdict).not_to_contain_text("Verified")
    expect(check.locator("#checks [data-check=signatures]")).to_contain_text("valid")

    # the page saved whole, opened from disk with the history saved: no server
    with check.expect_download() as downloading:
        check.get_by_role("button", name="Download the history").click()
    history = tmp_path / "history.json"
    downloading.value.save_as(history)
    with check.expect_download() as downloading:
        check.get_by_role("button", name="Save this page, to check from disk").click()
    whole = tmp_path / "croupier-check.html"
    downloading.value.save_as(whole)
    offline = stranger.new_page()
    offline.goto(whole.as_uri())
    expect(offline.locator("#verdict")).to_have_text(
        "Choose a history file below, or drop it on this page."
    )
    offline.set_input_files("#file", str(history))
    said = offline.locator("#verdict")
    expect(said).to_contain_text("Nothing seen here to check", timeout=20_000)
    shuffles = len(json.loads(history.read_text())["proofs"])
    checks = offline.locator("#checks")
    expect(checks.locator("[data-check=orders]")).to_contain_text(f"{shuffles} shuffle")
    expect(checks.locator("[data-check=signatures]")).to_contain_text(f"{shuffles + 1} shoes")
    key = served_key(ada)
    expect(offline.locator("#key-note")).to_have_text(
        f"Key: the history's own, {key}: not checked against a server's. Paste the server's "
        "key above to check it."
    )
    offline.get_by_label("The server's key").fill("0" * 64)
    offline.get_by_label("The server's key").dispatch_event("change")
    expect(said).to_contain_text("Not verified: the history is not signed with the key given")
    offline.get_by_label("The server's key").fill(key)
    offline.get_by_label("The server's key").dispatch_event("change")
    expect(offline.locator("#key-note")).to_have_text(f"Key: {key}, the one given.")
    expect(said).to_contain_text("Nothing seen here to check")
    stranger.close()

    own = ada.context.new_page()  # ada saw the commitments and gave parts: a seeded table
    own.goto(f"{served.url}/verify.html?table={table}")
    expect(own.locator("#verdict")).to_contain_text(
        "Not a proof: this table was dealt from a seed its server's operator chose",
        timeout=20_000,
    )
    expect(own.locator("#checks [data-check=seeded]")).to_contain_text("whoever knows that seed")
    own.close()

    coming = _fair(ada)["shuffle"]
    ada.page.evaluate(  # as if this page had been shown other commitments for what comes
        """([table, coming]) => {
            const name = `croupier-fair-${table}`;
            const kept = JSON.parse(localStorage.getItem(name));
            for (let shuffle = coming; shuffle < coming + 50; shuffle++) {
                kept.seen[shuffle] = "f".repeat(64);
            }
            localStorage.setItem(name, JSON.stringify(kept));
        }""",
        [table, coming],
    )
    warning = panel.locator(".warning").first  # (one for each shuffle shown another)
    changed = "committed to sha256 ffffffffffffffff…, then to"
    expect(warning).to_contain_text(changed, timeout=30_000)
    expect(warning).to_contain_text("do not trust this table's shuffles")
    assert not ada.errors, ada.errors


def test_the_pages_derivation_and_canonical_json_are_the_pythons(serve, browser: Browser):  # C-5
    """For many random seeds, parts (non-ASCII among them), places (a table and a shuffle
    number, or none for version 1) and each game's fresh pack, the page's order, house cut
    and bots' house calls are croupier.fairness's; its seal's opening (of fairness 1 to 3,
    seeded or not),
    chain after a shuffle, a shoe's message (with a key id and without) and end marker
    (`closing`) and a key's id are croupier.engine.seal's, and it finds a key's signature
    of its successor valid; and its canonical JSON of random values is
    croupier.engine.record.canonical's, byte for byte."""
    served = serve(5)
    page = browser.new_page()
    page.goto(f"{served.url}/verify.html")
    rng = random.Random(40)
    configs = {name: encode(games.get(name).config()) for name in games.names()}
    packs = {  # each game's Shuffling, in its rules
        "punto-banco": (configs["punto-banco"], shoe_of(8)),
        "punto-banco small": (encode(games.get("punto-banco").config(table="small")), shoe_of(6)),
        "chemin-de-fer": (configs["chemin-de-fer"], shoe_of(configs["chemin-de-fer"]["decks"])),
        "monte-bank": (configs["monte-bank"], monte_pack()),
        "private-monte": (configs["private-monte"], monte_pack()),
        "banchek": (configs["banchek"], two_packs()),
    }
    cases = []
    for _ in range(60):
        name = rng.choice(sorted(packs))
        seed = rng.randbytes(32)
        parts = {str(rng.randrange(12)): _text(rng, 1, 30) for _ in range(rng.randrange(4))}
        place = rng.choice([None, (0, 1), (rng.randrange(2**53), rng.randrange(1, 2**32))])
        low = rng.randrange(1, 10)
        high = low + rng.randrange(0, 400)
        config, cards = packs[name]
        given = {int(seat): text for seat, text in parts.items()}
        order = [str(card) for card in derived_order(seed, given, cards, place)]
        cut = house_cut(seed, given, place, low, high)
        seat = rng.randrange(12)
        calls = [house_calls(seed, given, place, seat + n) for n in range(40)]
        pack = [str(card) for card in cards]
        case = [name.split()[0], config, seed.hex(), parts, place, low, high, seat]
        cases.append([*case, pack, order, cut, calls])
    found = page.evaluate(
        """async (cases) => {
            const { GAMES, derivedOrder, houseCalls, houseCut } = await import("/js/fairness.js");
            const { fromHex } = await import("/js/bytes.js");
            const out = [];
            for (const [game, config, seed, parts, place, low, high, seat] of cases) {
                const pack = GAMES[game].pack(config);
                const calls = [];
                for (let n = 0; n < 40; n++) {
                    calls.push(await houseCalls(fromHex(seed), parts, place, seat + n));
                }
                out.push([
                    pack,
                    await derivedOrder(fromHex(seed), parts, pack, place),
                    await houseCut(fromHex(seed), parts, place, low, high),
                    calls,
                ]);
            }
            return out;
        }""",
        cases,
    )
    for case, (pack, order, cut, calls) in zip(cases, found, strict=True):
        assert pack == case[8], case[0]
        assert order == case[9], case[:5]
        assert cut == case[10], case[:7]
        assert calls == case[11], case[:8]
    assert any(call for case in cases for call in case[11]), "a call to shuffle among them"

    chains = []
    for _ in range(30):
        table, name = rng.randrange(2**53), rng.choice(sorted(configs))
        buy_ins = {rng.randrange(12): rng.randrange(1, 10**6) for _ in range(rng.randrange(4))}
        fairness, seeded = rng.choice([1, 2, 3]), rng.random() < 0.5
        before = rng.randbytes(32)
        made = rng.randbytes(32).hex()
        shown = {rng.randrange(12): _text(rng, 1, 30) for _ in range(rng.randrange(4))}
        seated = {str(seat): chips for seat, chips in buy_ins.items()}
        written = {str(seat): text for seat, text in shown.items()}
        sealed = (
            {seat: seal_of(text) for seat, text in shown.items()} if rng.random() < 0.5 else None
        )
        opened = opening(table, name, configs[name], buy_ins, fairness, seeded).hex()
        after = after_shuffle(before, made, shown, sealed).hex()
        seals = None if sealed is None else {str(seat): s for seat, s in sealed.items()}
        shoes = rng.randrange(1, 2**32)
        signer, successor = Signer(rng.randbytes(32)), Signer(rng.randbytes(32))
        named = rng.choice([None, signer.key_id])
        revealed = rng.choice([None, rng.randbytes(32)])
        ends = closing(table, shoes, before, signer.key_id).hex()
        signed = message(table, shoes, before, revealed, named).hex()
        since = rng.randrange(2**40)
        step = signer.succeeded_by(successor, since)
        chains.append(
            [table, name, configs[name], seated, fairness, before.hex(), made, written, seals]
        )
        chains[-1] += [shoes, signer.key, named, None if revealed is None else revealed.hex()]
        chains[-1] += [[successor.key, since, step.signature], seeded]
        chains[-1] += [[opened, after, ends, signed, signer.key_id, True]]
    computed = page.evaluate(
        """async (chains) => {
            const seal = await import("/js/seal.js");
            const { fromHex, toHex } = await import("/js/bytes.js");
            const out = [];
            for (const chain of chains) {
                const [table, game, config, seated, fairness, before, made, given, sealed, shoes,
                    key, named, seed, [successor, since, signature], seeded] = chain;
                const id = await seal.keyId(key);
                const next = seal.succession(key, successor, since);
                const chained = fromHex(before);
                out.push([
                    toHex(await seal.opening(table, game, config, seated, fairness, seeded)),
                    toHex(await seal.afterShuffle(chained, made, given, sealed ?? undefined)),
                    toHex(seal.closing(table, shoes, chained, id)),
                    toHex(seal.message(table, shoes, chained, seed && fromHex(seed), named)),
                    id,
                    await seal.holds(await seal.publicKey(key), signature, next),
                ]);
            }
            return out;
        }""",
        chains,
    )
    for chain, said in zip(chains, computed, strict=True):
        assert said == chain[-1], chain[:5]

    values = [_value(rng, 4) for _ in range(300)]
    written = page.evaluate(
        """async (values) => {
            const { canonical } = await import("/js/canonical.js");
            return values.map((value) => Array.from(canonical(value)));
        }""",
        values,
    )
    for value, bytes_ in zip(values, written, strict=True):
        assert bytes(bytes_) == canonical(value), value


def test_sealed_parts_are_held_to_their_seals_and_a_withheld_one_is_named(  # C-5
    serve, browser: Browser, tmp_path: Path
):
    """Where a proof holds its seats' seals (`sealed`), the page derives the order from the
    parts revealed, each the one its seat sealed, and names each seat that sealed a part
    and did not reveal it; a part other than the one sealed is refused, naming the seat."""
    served = serve(5)
    page = browser.new_page()
    page.goto(f"{served.url}/verify.html")
    rng = random.Random(41)
    seeds = [rng.randbytes(32) for _ in range(2)]
    parts = [{1: "ada's words", 3: "Жёлудь 😀"}, {2: fresh_part()}]
    sealed = [
        {**{seat: seal_of(text) for seat, text in parts[0].items()}, 2: seal_of("kept back")},
        {2: seal_of(parts[1][2]), 0: seal_of("another"), 4: seal_of("and another")},
    ]
    config = games.get("monte-bank").config()
    history = {
        "format": 5,
        "game": "monte-bank",
        "config": encode(config),
        "buy_ins": {},
        "seed": None,
        "actions": [],
        "shuffles": [],
        "record": [],
        "seal": None,
        "fairness": 2,
        "proofs": [
            {
                "commitment": commitment(seed),
                "seed": seed.hex(),
                "contributions": {str(seat): text for seat, text in given.items()},
                "sealed": {str(seat): text for seat, text in seals.items()},
            }
            for seed, given, seals in zip(seeds, parts, sealed, strict=True)
        ],
    }
    saved = tmp_path / "sealed.json"
    saved.write_text(json.dumps(history))
    page.set_input_files("#file", str(saved))
    checks = page.locator("#checks")
    expect(checks.locator("[data-check=sealed]")).to_have_text(
        "Sealed parts: in 2 shuffles, each part revealed the one its seat sealed."
    )
    expect(checks.locator("[data-check=withheld]")).to_have_text(
        [
            f"Shuffle {shuffle}: seat {seat} sealed a part and did not reveal it, so the order "
            "was made without it."
            for shuffle, seat in [(1, 2), (2, 0), (2, 4)]
        ]
    )
    for number, (seed, given) in enumerate(zip(seeds, parts, strict=True), 1):
        order = derived_order(seed, given, monte_pack(), (0, number))
        expect(page.locator(f"#shoes tr[data-shuffle='{number}'] td").last).to_have_attribute(
            "title", " ".join(map(str, order))
        )

    history["proofs"][1]["contributions"]["2"] += "!"
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(history))
    page.set_input_files("#file", str(edited))
    expect(page.locator("#verdict")).to_contain_text(
        "Not verified: shuffle 2: seat 2's part is not the one it sealed before the seals closed."
    )
    expect(checks.locator("[data-check=sealed]")).to_have_class("no")
    expect(checks.locator("[data-check=orders]")).to_have_count(0)


@pytest.mark.parametrize("game", ["punto-banco", "chemin-de-fer"])
def test_a_shoe_the_house_ends_and_the_tables_end_are_checked_as_verify_checks_them(  # PB-5
    serve, browser: Browser, tmp_path: Path, game: str
):
    """The house ends the shoe ada played in once she gets up (EndShoe, signed there; the
    shuffle after it, which at Chemin de Fer comes after the bank's actions, signs nothing):
    the page verifies the table's history given then, its shoes over and no end marker,
    and, once the table has closed, its whole history, the end marker signed after every
    shoe. The history cut at the EndShoe with the closed table's end marker (saying its
    shoes are all the table's, or as many as the cut holds), the whole one with its end
    signature or the EndShoe's edited, and the whole one without its end marker are
    refused, each with `croupier verify`'s reason."""
    cut, whole = _house_ended_shoe(game, tmp_path)
    assert cut["actions"][-1] == ["house", {"type": "EndShoe"}], cut["actions"]
    assert whole["actions"][len(cut["actions"]) :], "the bots played on into a new shoe"
    assert (cut["seal"]["shoes"], cut["seal"]["end"]) == (2, None)
    shoes = whole["seal"]["shoes"]
    assert shoes > 2 and whole["seal"]["end"] is not None
    served = serve(5)
    context = browser.new_context()

    page = _checked(context.new_page(), served.url, tmp_path / "open.json", cut)
    expect(page.locator("#verdict")).to_contain_text("Nothing seen here to check", timeout=20_000)
    checks = page.locator("#checks")
    expect(checks.locator("[data-check=signatures]")).to_contain_text("Signatures: 2 shoes")
    expect(checks.locator("[data-check=cards]")).to_contain_text("Cards dealt: every card of")
    expect(checks.locator("[data-check=end]")).to_have_text(
        "The table's end: not signed, the table being open when the history was given, 2 "
        "shoes over; one cut at an earlier shoe's end would verify as one given then."
    )
    expect(checks.locator("[data-check=end]")).to_have_class("note")
    expect(checks.locator("[data-check=seeded]")).to_contain_text(  # create_app(seed=8)
        "Seeded: the server dealt this table from a seed its operator chose"
    )

    page = _checked(context.new_page(), served.url, tmp_path / "closed.json", whole)
    expect(page.locator("#verdict")).to_contain_text("Nothing seen here to check", timeout=20_000)
    checks = page.locator("#checks")
    expect(checks.locator("[data-check=signatures]")).to_contain_text(f"Signatures: {shoes} shoes")
    expect(checks.locator("[data-check=cards]")).to_contain_text("Cards dealt: every card of")
    expect(checks.locator("[data-check=end]")).to_have_text(
        f"The table's end: signed after {shoes} shoes, every one in the history."
    )
    expect(checks.locator("[data-check=end]")).to_have_class("yes")

    signatures = whole["seal"]["signatures"]  # shoe 1's, of the EndShoe: the page finds it
    ending = {"end": whole["seal"]["end"], "end_key_id": whole["seal"]["end_key_id"]}
    edits = {
        "cut, all the shoes said": _with_seal(cut, shoes=shoes, **ending),
        "cut, its shoes said": _with_seal(cut, **ending),
        "end signature edited": _with_seal(whole, end=_flipped(whole["seal"]["end"])),
        "no end marker": _with_seal(whole, end=None, end_key_id=None),
        "EndShoe's signature edited": _with_seal(
            whole, signatures=[signatures[0], _flipped(signatures[1]), *signatures[2:]]
        ),
    }
    for said, edited in edits.items():
        reason = _refusal(game, edited)
        page = _checked(context.new_page(), served.url, tmp_path / "edited.json", edited)
        expect(page.locator("#verdict"), said).to_have_text(
            f"Not verified: {reason}.", timeout=20_000
        )
        expect(page.locator("#checks .no"), said).to_have_text(f"Not verified: {reason}.")
    assert "its last shoes are left out" in _refusal(game, edits["cut, its shoes said"])
    context.close()


def _house_ended_shoe(game: str, tmp_path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """A table of `game` with two bots, at a server in this process, where ada sits and gets
    up, so that the house ends her shoe at the next moment between coups: the table's
    history given then, while it is open, and its whole history once it has closed, the
    bots having played on into a new shoe."""
    database = tmp_path / "shoes.db"
    sqlite3.connect(database).close()
    url = f"sqlite:///{database}"
    migrate(url)
    with TestClient(create_app(url, seed=8)) as server:
        ada = Person(server, "ada")
        body = {"game": game, "bots": 2, "settings": {"bot_pause": 0, "time_limit": 2}}
        table = ada.post("/api/tables", body).json()["id"]
        with ada.connect(table) as socket:
            reader = Reader(socket, ada.heard)
            view = reader.until(lambda m: m["type"] == "view" and "0" in (m["open_seats"] or {}))
            join = {"type": "Join", "amount": 300}
            sit = {"type": "act", "seq": view["seq"], "key": "sit", "action": join, "seat": 0}
            socket.send_text(json.dumps(sit))
            assert reader.until(lambda m: m["type"] in ("ack", "refused"))["type"] == "ack"
            assert reader.ask({"type": "plan", "leave": True, "away": False}, "planned")
            reader.until(lambda m: m["type"] == "view" and m["fair"]["revealed"] >= 1, timeout=60)
            given = ada.get(f"/api/tables/{table}/history").json()
            reader.until(lambda m: m["type"] == "view" and m["fair"]["shuffle"] > 2, timeout=60)
            assert ada.post(f"/api/tables/{table}/close").status_code == 202
            reader.until(lambda m: m["type"] == "view" and m["closed"], timeout=60)
        whole = ada.get(f"/api/tables/{table}/history").json()
    return given, whole


def _checked(page: Page, url: str, saved: Path, history: dict[str, Any]) -> Page:
    """`page` checking `history` as a file (saved to `saved`), once its script listens."""
    saved.write_text(json.dumps(history))
    page.goto(f"{url}/verify.html")
    expect(page.locator("#verdict")).to_have_text("No table is named: choose a history file below.")
    page.set_input_files("#file", str(saved))
    return page


def _with_seal(history: dict[str, Any], **seal: Any) -> dict[str, Any]:
    """A copy of `history`, its seal's fields `seal` changed."""
    edited: dict[str, Any] = json.loads(json.dumps(history))
    edited["seal"].update(seal)
    return edited


def _flipped(signature: str) -> str:
    """`signature` with one bit of its sixth byte other."""
    return signature[:10] + f"{int(signature[10:12], 16) ^ 1:02x}" + signature[12:]


def _refusal(game: str, data: dict[str, Any]) -> str:
    """Why `croupier verify` (`proved`) refuses the history `data`."""
    rules = games.get(game)
    with pytest.raises(HistoryMismatch) as refused:
        proved(rules, History.from_json(json.dumps(data), rules))
    return refused.value.reason


_ALPHABET = 'abcXYZ09 ~"\\/\n\t\r\b\f\x00\x1f\x7f\x80é€ЖжЁ中文😀\U0001f0a1\ud7ff\ue000\uffff'


def _text(rng: random.Random, low: int, high: int) -> str:
    return "".join(rng.choice(_ALPHABET) for _ in range(rng.randint(low, high)))


def _value(rng: random.Random, depth: int) -> Any:
    """A random JSON value of the kinds a history holds: no fractional numbers."""
    kind = rng.randrange(7 if depth else 5)
    if kind == 0:
        return rng.choice([None, True, False])
    if kind in (1, 2):
        return rng.choice([0, -1, 1, rng.randint(-(2**53) + 1, 2**53 - 1), rng.randint(-999, 999)])
    if kind in (3, 4):
        return _text(rng, 0, 12)
    if kind == 5:
        return [_value(rng, depth - 1) for _ in range(rng.randrange(5))]
    return {_text(rng, 0, 6): _value(rng, depth - 1) for _ in range(rng.randrange(5))}


@pytest.mark.parametrize("saved", ["fair-format-3.json", "fair-format-4.json"])
def test_histories_saved_before_verify_as_verify_reads_them(  # C-5
    serve, browser: Browser, tmp_path: Path, saved: str
):
    """A history saved by croupier before (tests/data: format 3, at the terminal; format 4,
    a server's, its seal without its shoes and end) verifies on the page as `croupier
    verify` reads it, with the orders of the derivation's version 1, its signatures checked
    and its end said not checked; one with a signature or a seed edited is refused with
    `croupier verify`'s reason."""
    history = json.loads((Path(__file__).parents[1] / "data" / saved).read_text())
    shuffles = len(history["proofs"])
    served = serve(5)
    context = browser.new_context()
    page = _checked(context.new_page(), served.url, tmp_path / saved, history)
    expect(page.locator("#verdict")).to_contain_text("Nothing seen here to check", timeout=20_000)
    checks = page.locator("#checks")
    expect(checks.locator("[data-check=orders]")).to_contain_text(
        f"Orders derived: {shuffles} shuffle"
    )
    if history.get("seal") is None:
        expect(checks.locator("[data-check=signatures]")).to_contain_text("Signatures: none")
        edited = json.loads(json.dumps(history))
        edited["proofs"][0]["seed"] = _flipped(edited["proofs"][0]["seed"])
    else:
        expect(checks.locator("[data-check=signatures]")).to_contain_text(
            f"Signatures: {shuffles + 1} shoes"
        )
        expect(checks.locator("[data-check=end]")).to_have_text(
            "The table's end: not checked: this history is from a table opened before a "
            "seal said how many shoes are over and signed the table's end."
        )
        signatures = history["seal"]["signatures"]
        edited = _with_seal(history, signatures=[signatures[0], _flipped(signatures[1])])
        edited["seal"]["signatures"] += signatures[2:]
    reason = _refusal(history["game"], edited)
    page = _checked(context.new_page(), served.url, tmp_path / "edited.json", edited)
    expect(page.locator("#verdict")).to_have_text(f"Not verified: {reason}.", timeout=20_000)
    context.close()


def test_the_page_proves_new_histories_of_every_game_and_refuses_their_edits(
    browser: Browser, tmp_path: Path
):  # C-5, C-6, MB-5
    """scripts/page_verify.py's check, the page's own code (js/proved.js) on pages served
    with no table server, proves new histories of server play in every game, as croupier
    verify does, and refuses edits of them that croupier verify refuses: an action, a part,
    a seed, a signature, the table's end."""
    soak(tmp_path, 8)
    page = browser.new_page()
    with served() as url:
        page.goto(f"{url}/verify.html")
        for name in games.names():
            data = json.loads((tmp_path / f"{name}.json").read_text())
            found = proved_in(page, json.dumps(data))
            assert found["refused"] is None and found["coups"] == 8, (name, found)
            rng = random.Random(name)
            for path in (
                ("actions", rng.randrange(len(data["actions"])), 1),
                ("proofs", len(data["proofs"]) - 1, "seed"),
                ("seal", "signatures", 0),
                ("seal", "end"),
            ):
                changed = edited_at(data, _leaf(data, path, rng), rng)
                assert not verifies(games.get(name), changed), (name, path)
                assert proved_in(page, json.dumps(changed))["refused"], (name, path)


def _leaf(data: Any, path: tuple[Any, ...], rng: random.Random) -> tuple[Any, ...]:
    """A leaf at or under `path` in `data`, at random."""
    return rng.choice([leaf for leaf in leaves(data) if leaf[: len(path)] == path])

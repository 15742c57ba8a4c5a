"""Ctrl-C in the middle of a coup, sent as a real signal to `croupier play`: the table stops,
the stakes on it go back to their owners, the summary adds up, and the exit status is 130."""

import os
import re
import select
import signal
import subprocess
import sys
import time

CROUPIER = [sys.executable, "-c", "from croupier.cli import main; main()"]
ROW = re.compile(r"^\s+(\d+)\s+(\S+)\s+(\d+)\s+(\d+)\s+\S+\s*$", re.MULTILINE)


class Playing:
    """`croupier play ARGS` in a process of its own, answered line by line."""

    def __init__(self, *args):
        self.process = subprocess.Popen(
            [*CROUPIER, "play", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env={**os.environ, "COLUMNS": "200"},
        )
        assert self.process.stdin is not None and self.process.stdout is not None
        self.stdin, self.stdout = self.process.stdin, self.process.stdout
        self.out = b""

    @property
    def said(self):
        return self.out.decode(errors="replace")

    def wait(self, prompt, times=1):
        """Everything said once `prompt` has been asked `times` times."""
        deadline = time.monotonic() + 120
        while self.said.count(prompt) < times:
            assert time.monotonic() < deadline, self.said
            if select.select([self.stdout], [], [], 0.5)[0]:
                chunk = os.read(self.stdout.fileno(), 1 << 16)
                assert chunk, self.said
                self.out += chunk
        return self.said

    def say(self, line):
        self.stdin.write(f"{line}\n".encode())
        self.stdin.flush()  # and left open: the session waits for more

    def interrupt(self):
        """Ctrl-C: all that is said after it, and the exit status."""
        self.process.send_signal(signal.SIGINT)
        rest, _ = self.process.communicate(timeout=60)
        return (self.out + rest).decode(errors="replace"), self.process.returncode


def adds_up(out):
    """The summary's rows add up to what was brought, with the house's and what is kept
    apart; the person's (seat 1) brought and now."""
    summary = out[out.index("Session summary") :]
    rows = [(int(seat), int(brought), int(now)) for seat, _, brought, now in ROW.findall(summary)]
    brought, now = sum(row[1] for row in rows), sum(row[2] for row in rows)
    house = re.search(r"House takings ([+−]?\d+)\.", summary)
    assert house is not None, summary
    apart = re.search(r"\+ (\d+) kept apart", summary)
    takings = int(house[1].replace("−", "-"))
    assert brought == now + takings + (int(apart[1]) if apart else 0), summary
    assert f"{brought} brought = {now} at the seats" in summary
    assert "Chips conserved exactly." in summary
    (you,) = (row for row in rows if row[0] == 1)
    return you[1], you[2]


def _betting() -> Playing:
    """A Punto Banco table with two bots, the person's shoe cut, asked for bets."""
    table = Playing("punto-banco", "--seed", "3", "--bots", "2")
    table.wait("You cut the shoe")
    table.say("")
    table.wait("Your bets")
    return table


def test_ctrl_c_while_punto_banco_bets_are_down():  # PB-6
    table = _betting()
    table.say("punto 100")
    assert "Box 1 (you) stakes 100 on punto." in table.wait("Your bets", 2)
    out, status = table.interrupt()
    assert status == 130, out
    assert "Interrupted: the table stops here." in out
    assert "Stakes not settled, given back to their owners: box 1 (you) 100." in out
    assert adds_up(out) == (1000, 1000)  # the stake came back whole


def test_ctrl_c_while_a_monte_bank_bet_is_on_the_layout():  # MB-8, MB-11
    table = Playing("monte-bank", "--seed", "3", "--bots", "2")
    layout = re.findall(r"Layout, [a-z-]+: (\S+) ", table.wait("Your bets"))
    table.say(f"circle {layout[-1]} 10")
    assert "bets 10 on circle" in table.wait("Your bets", 2)
    out, status = table.interrupt()
    assert status == 130, out
    assert "Stakes not settled, given back to their owners: seat 1 (you) 10." in out
    brought, now = adds_up(out)
    assert now == brought  # no deal settled with the person's chips


def test_a_person_brings_more_chips_at_the_terminal():  # engine/rebuy.py
    table = _betting()
    table.say("help")
    assert "rebuy 200" in table.wait("Your bets", 2)
    table.say("rebuy 250")
    assert "Box 1 (you) brings 250 more chips, 1250 now." in table.wait("Your bets", 3)
    table.say("punto 100")
    table.wait("Your bets", 4)
    out, status = table.interrupt()
    assert status == 130, out
    assert adds_up(out) == (1250, 1250)  # the rebuy is counted among what was brought

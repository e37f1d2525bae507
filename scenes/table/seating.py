"""Who sits at the screen, as a part of the table scene (a mixin of TableScene).

Whose eyes the picture is drawn for (the person to act, nobody behind the curtain or while
people gather round), when the screen passes behind a curtain, honest undo, and the computer
seats' turns. It asks the engine and the match; it holds no rules.
"""
from __future__ import annotations

from typing import Any, Optional

from game.core.players import make_player
from game.core.referee import Referee
from game.core.text import plural
from scenes.table.parts import TableParts, ViewT


class Seating(TableParts[ViewT]):
    """The seats and the screen: a mixin of TableScene (see scene.py for its attributes)."""

    def humans(self) -> list[int]:
        """The people at this screen (a seat held on a phone plays there, not here)."""
        return [i for i, s in enumerate(self.seats) if s.is_human and i not in self.phone_seats]

    def person_seats(self) -> list[int]:
        """Every person's seat, at the screen or on a phone: all of them see the screen."""
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def next_perspective(self) -> Optional[int]:
        """Whose eyes the table shows: the person at the screen to act, else the last one."""
        humans = self.humans()
        if not humans:
            return None
        acting = [s for s in self.engine.to_act(self.state) if s in humans]
        if acting:
            return acting[0] if self.perspective not in acting else self.perspective
        return self.perspective if self.perspective in humans else humans[0]

    def shared_screen(self) -> bool:
        """Several people look at the table together: the game is over, or more than one
        of them may act at once (between two races, say). People with phones count: they
        watch the screen too."""
        people = self.person_seats()
        if len(people) < 2:
            return False
        if self.match.outcome() is not None:
            return True
        return sum(1 for s in self.engine.to_act(self.state) if s in people) > 1

    def viewer(self) -> Optional[int]:
        """Whose eyes the picture is drawn for: nobody's behind the curtain, and nobody's
        while several people share the screen in a game with hidden hands. With phones at
        the table a hand at the screen shows only while its owner acts: the people holding
        phones look at the screen the rest of the time."""
        if self.curtain_up or (self.curtain_between_humans and self.shared_screen()):
            return None
        if self.phones is not None and self.phones.panel_open:
            return None  # everybody looks at the join panel
        if (self.phone_seats and self.curtain_between_humans
                and self.perspective not in self.engine.to_act(self.state)):
            return None
        return self.perspective

    def my_turn(self) -> bool:
        return (self.perspective is not None and not self.curtain_up
                and self.perspective in self.engine.to_act(self.state))

    def legal(self) -> list:
        """What the person at the screen may do now, as the table offers it (`offered`). The
        engine's list is kept while the state and the screen stay the same: the panel and
        the lights ask every frame (the state itself is kept, so a new one never passes for
        an old one)."""
        seat = self.perspective
        if seat is None or not self.my_turn():
            return []
        key = (seat, self.curtain_up)
        memo = self.legal_memo
        if not memo or memo[0] is not self.state or memo[1] != key:
            memo = self.legal_memo = (self.state, key, self.engine.legal_actions(self.state, seat))
        return self.offered(list(memo[2]))

    def button_actions(self) -> list:
        """The legal actions offered as buttons: those with no drag or click on the table (a
        game with its own controls for some, like Finita's chooser, leaves those out)."""
        return [a for a in self.legal() if not self.engine.gestures(self.state, a)]

    def turn_passed(self, seat: int) -> None:
        """The screen passed to another person without a curtain: say whose turn it is."""
        self.app.toast(f"{self.seats[seat].name}, your turn", 2.0)

    def enter(self) -> None:
        """Several people share the screen and hands are hidden: nobody sees a hand before
        its owner has taken the screen, from the first move on (and when a game resumes)."""
        if (self.curtain_between_humans and len(self.person_seats()) > 1 and self.perspective is not None
                and self.match.outcome() is None and not self.curtain_up
                and (not self.phone_seats or self.viewer() is not None)):
            self.show_curtain()  # (with phones, only when the screen's person is to act)

    def show_curtain(self) -> None:
        from scenes.table.curtain import Curtain
        self.curtain_up = True
        self.input.cancel()
        self.refresh([], animate=False)  # behind the curtain the table shows no hand at all
        seat = self.perspective
        assert seat is not None, "the curtain comes up for a person's seat"
        sides = self.info.sides  # what each seat plays as, where the game names it (a team)
        self.app.push(Curtain(self.app, self, self.seats[seat].name,
                              sides[seat] if seat < len(sides) else ""))

    def hand_over(self, to: int) -> None:
        """The turn went from the person at the screen to another person: the table stays on
        the mover's side (nobody else's cards show) until the mover passes the screen. The
        table stands still meanwhile, as under the curtain (a real-time round's clock too)."""
        from scenes.table.curtain import HandOver
        self.input.cancel()
        mover = self.seats[self.perspective].name if self.perspective is not None else ""
        self.app.push(HandOver(self.app, self, mover, self.seats[to].name))

    def screen_passed(self) -> None:
        """The mover passed the screen: the curtain comes up for whoever acts now (the game
        may have moved on: a computer seat's turn, or the end)."""
        new = self.next_perspective()
        if new is None or new == self.perspective or self.match.outcome() is not None:
            self.refresh([], animate=False)
            return
        self.perspective = new
        self.show_curtain()

    def curtain_lifted(self) -> None:
        self.curtain_up = False
        self.refresh([], animate=False)

    def undo(self) -> None:
        """Take back moves down to (and including) this person's last one, where honest.

        The match decides how far (`Match.undo_span`): never past another person's move, so
        an undo at a shared screen never shows somebody else's hand."""
        if self.curtain_up:
            return
        back, reason = self.match.undo_span(self.perspective)
        if back == 0:
            self.refuse(reason)
            return
        for _ in range(back):
            self.match.undo()
        self.input.cancel()
        self.hint = None  # the hint was for the moves taken back
        who = self.seats[self.perspective].name if self.perspective is not None else "The table"
        self.perspective = self.next_perspective()
        # the log reads as the game now stands: the moves taken back leave it
        self.log.clear()
        self.log.extend(self.story_so_far())
        self.log.append(f"{who} takes back {plural(back, 'move')}.")
        self.static = None  # a log painted into the cached background is painted afresh
        self.refresh([], animate=True)
        self.app.play("click")

    def computer_pending(self) -> bool:
        if self.curtain_up or self.match.outcome() is not None or self.turns_held():
            return False
        to_act = self.engine.to_act(self.state)
        people = self.person_seats()  # a phone's seat waits for its phone
        return bool(to_act) and not any(s in people for s in to_act)

    def referee(self) -> Referee:
        """The referee of this table's computer seats (game/core/referee.py), made once."""
        found = self.table_referee
        if found is None:
            for seat, info in enumerate(self.seats):
                if not info.is_human and seat not in self.players:
                    self.players[seat] = make_player(self.match.game_id, info.strength)
            computers = {s: p for s, p in self.players.items() if not self.seats[s].is_human}
            found = self.table_referee = self.make_referee(computers)
        return found

    def computer_move(self) -> None:
        """A computer seat's turn (after its thinking pause): the referee says who and what."""
        action = self.referee().step(self.state)
        if action is not None:
            self.act(action)

    def run_clock(self, dt: float) -> None:
        """A game with real time (a clocked round, or a timed window open): the table's clock
        runs while the table is on top, and the referee lets computer seats act when their
        moment comes and applies a deadline nobody beat. A game with a clock of its own (Flag
        Finish's race clock, with its countdown) sets `runs_own_clock`."""
        engine = self.engine
        if not (engine.clocked(self.state) or engine.deadlines(self.state)):
            self.clock_ms = None
            return
        judge = self.referee()
        if self.clock_ms is None:  # the clock starts where the game's time stands
            self.clock_ms = float(engine.time_of(self.state))
            judge.restart(int(self.clock_ms))
        self.clock_ms += dt * 1000
        for _ in range(8):
            before = self.state
            action = judge.step(before, int(self.clock_ms))
            if action is None or not self.act(action):
                return
            judge.applied(before, action, self.state)

    def stamped(self, action: Any) -> Any:
        """A person's action in a clocked game carries the table clock's time."""
        engine = self.engine
        if (self.clock_ms is not None and self.seats[action.seat].is_human
                and engine.clocked(self.state)):
            return engine.at_time(action, max(int(self.clock_ms), engine.time_of(self.state)))
        return action

"""The storyboard: what the picture shows on each of the 48 frames.

A day at the office in eight beats. Poses are keyframes on tracks, eased in between;
the day itself (clock, sky, sun, light, clouds) runs continuously over all frames.

   1- 4  morning coffee: a sip at dawn, the mug goes down, hands to the keyboard
   5- 9  typing (the document on the screen grows; a blink)
  10-21  four files: take one from the in-tray, read it, drop it on the done pile
  22-25  typing at midday
  26-30  a sweet from the bowl: reach, lift, bite, chew
  31-42  four more files: the in-tray empties, the done pile is full
  43-48  finished: the last key with a flourish, a tick on the screen, a big stretch,
         leaning back with her hands behind her head; the screen and the lamp go off
         at sunset
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

FRAMES = 48

# ---- layout (picture units, 960 x 720) ------------------------------------------------

CX = 480.0                  # her middle
HEAD_Y = 236.0              # head centre at rest
SHOULDER_Y = 322.0
KEY_L = (452.0, 488.0)      # hands on the keyboard
KEY_R = (512.0, 488.0)
IN_X = 250.0                # middle of the in-tray
DONE_X = 700.0              # middle of the done tray
TRAY_FLOOR = 530.0          # where the lowest folder sits
FOLDER_H = 12.5
FILES = 8
MUG_DESK = (584.0, 520.0)   # mug centre when it stands on the desk
MUG_GRIP = (27.0, 1.0)      # where her hand holds the mug, from its centre
BOWL = (374.0, 546.0)       # middle of the bowl's rim
SWEETS = 7
READ_L = (436.0, 440.0)
READ_R = (526.0, 440.0)

START_HOUR = 8.0
END_HOUR = 18.0


def pile_top(n: int) -> float:
    """The y of the top of a pile of n folders."""
    return TRAY_FLOOR - n * FOLDER_H


# ---- easing and tracks ----------------------------------------------------------------

def ease(t: float, kind: str = "inout") -> float:
    t = max(0.0, min(1.0, t))
    if kind == "linear":
        return t
    if kind == "in":
        return t * t
    if kind == "out":
        return 1 - (1 - t) * (1 - t)
    if kind == "back":  # overshoot a little, then settle
        s = 1.6
        t -= 1
        return t * t * ((s + 1) * t + s) + 1
    return t * t * (3 - 2 * t)


def _lerp(a: Any, b: Any, t: float) -> Any:
    if isinstance(a, (tuple, list)):
        return tuple(_lerp(x, y, t) for x, y in zip(a, b))
    return a + (b - a) * t


class Track:
    """Keyframes (frame, value[, easing]) for one property; values are numbers or tuples.
    Between two keys the value is eased; before the first and after the last it holds."""

    def __init__(self, *keys: Sequence[Any]):
        self.keys = sorted(((k[0], k[1], k[2] if len(k) > 2 else "inout") for k in keys),
                           key=lambda k: k[0])

    def key(self, frame: float, value: Any, kind: str = "inout") -> "Track":
        self.keys = [k for k in self.keys if k[0] != frame]
        self.keys.append((frame, value, kind))
        self.keys.sort(key=lambda k: k[0])
        return self

    def at(self, f: float) -> Any:
        ks = self.keys
        if f <= ks[0][0]:
            return ks[0][1]
        for (f0, v0, _), (f1, v1, kind) in zip(ks, ks[1:]):
            if f0 <= f <= f1:
                return _lerp(v0, v1, ease((f - f0) / (f1 - f0), kind))
        return ks[-1][1]


class Steps:
    """A value that changes in steps: the value of the last key at or before the frame."""

    def __init__(self, default: Any):
        self.default = default
        self.keys: dict[int, Any] = {}

    def key(self, frame: int, value: Any) -> "Steps":
        self.keys[frame] = value
        return self

    def span(self, first: int, last: int, value: Any) -> "Steps":
        for f in range(first, last + 1):
            self.keys[f] = value
        return self

    def at(self, f: int) -> Any:
        best = None
        for k in self.keys:
            if k <= f and (best is None or k > best):
                best = k
        return self.default if best is None else self.keys[best]


# ---- the state of one frame -----------------------------------------------------------

@dataclass
class Frame:
    k: int                        # 1..48
    u: float                      # 0..1 through the day
    hours: float                  # clock time, e.g. 13.5
    lean: float = 0.0             # torso shift sideways (px, + = towards the right)
    dip: float = 0.0              # torso moves down (px), e.g. reaching forward
    recline: float = 0.0          # 0..1, leaning back in the chair at the end
    tilt: float = 0.0             # head tilt in degrees (+ = clockwise)
    turn: float = 0.0             # face turned -1 (to her right, our left) .. +1
    gaze: tuple = (0.0, 0.0)      # pupils, -1..1 each way
    eyes: str = "open"            # open, blink, happy, closed, down
    brows: float = 0.0            # raise (px)
    mouth: str = "smile"          # smile, grin, o, yawn, bite, chew, sip, flat
    hand_l: tuple = KEY_L
    hand_r: tuple = KEY_R
    fist_l: bool = False
    fist_r: bool = False
    point_r: bool = False
    elbow_l: tuple | None = None  # set where the arm is foreshortened (towards us)
    elbow_r: tuple | None = None
    arms_behind: bool = False
    in_count: int = FILES
    done_count: int = 0
    folder: str | None = None     # 'l' lifted by the left hand, 'read' held up, 'r' dropping
    folder_index: int = 0         # which folder (colour) is in her hands
    mug_pos: tuple = MUG_DESK
    mug_tilt: float = 0.0
    mug_in_hand: bool = False
    steam: float = 0.0            # 0..1
    sweets_left: int = SWEETS
    sweet_in_hand: int | None = None
    typing: bool = False
    doc_lines: float = 0.0        # how much of the document is typed (lines)
    screen: str = "doc"           # doc, check, off
    lamp: float = 0.0             # 0..1


def _day(k: int) -> tuple[float, float]:
    u = (k - 1) / (FRAMES - 1)
    return u, START_HOUR + (END_HOUR - START_HOUR) * u


def _build() -> list[Frame]:
    hand_l = Track((1, KEY_L))
    hand_r = Track((1, KEY_R))
    lean = Track((1, 0.0))
    dip = Track((1, 0.0))
    recline = Track((1, 0.0))
    tilt = Track((1, 4.0))
    turn = Track((1, 0.0))
    gaze = Track((1, (0.0, 0.0)))
    mug = Track((1, (488.0, 292.0)))
    mug_tilt = Track((1, -14.0))
    brows = Track((1, 0.0))

    eyes = Steps("open")
    mouth = Steps("smile")
    fist_l = Steps(False)
    fist_r = Steps(False)
    point_r = Steps(False)
    behind = Steps(False)
    mug_in_hand = Steps(False)
    typing = Steps(False)
    folder = Steps(None)
    folder_index = Steps(0)
    in_count = Steps(FILES)
    done_count = Steps(0)
    sweets = Steps(SWEETS)
    sweet_hand = Steps(None)
    screen = Steps("doc")
    elbow_l = Steps(None)
    elbow_r = Steps(None)

    # -- 1-4: morning coffee --------------------------------------------------------
    mug_in_hand.span(1, 2, True).key(3, False)
    mug.key(1, (488.0, 290.0)).key(3, MUG_DESK, "inout")
    elbow_r.key(1, (562.0, 402.0)).key(2, (600.0, 426.0)).key(3, None)
    mug_tilt.key(1, -16.0).key(2, 4.0).key(3, 0.0)
    eyes.key(1, "closed").key(2, "open")
    mouth.key(1, "sip").key(2, "smile")
    tilt.key(1, 5.0).key(2, 2.0).key(4, 0.0)
    brows.key(1, 2.0).key(3, 0.0)
    hand_l.key(1, (428.0, 498.0)).key(3, (440.0, 494.0)).key(4, KEY_L)
    gaze.key(1, (0.0, 0.0)).key(2, (0.2, 0.4)).key(4, (0.7, -0.1))
    turn.key(2, 0.1).key(4, 0.45)

    # hand_r follows the mug while she holds it, then goes to the keys
    def mug_hand(f: int) -> tuple:
        m = mug.at(f)
        a = math.radians(mug_tilt.at(f))
        gx, gy = MUG_GRIP
        return (m[0] + gx * math.cos(a) - gy * math.sin(a),
                m[1] + gx * math.sin(a) + gy * math.cos(a))

    hr_keys: list[tuple] = [(f, mug_hand(f)) for f in (1, 2, 3)]
    hl_keys: list[tuple] = []

    # -- 4-9: typing ------------------------------------------------------------------
    typing.span(4, 9, True)
    hr_keys.append((4, KEY_R))
    eyes.key(7, "blink").key(8, "open")
    mouth.key(6, "smile")
    brows.key(6, 1.0).key(9, 0.0)
    gaze.key(9, (0.8, 0.0))
    turn.key(9, 0.5)
    tilt.key(6, 2.0).key(9, 0.0)
    hl_keys.append((9, KEY_L))
    hr_keys.append((9, KEY_R))
    lean.key(9, 0.0)
    dip.key(9, 0.0)

    # -- file cycles ------------------------------------------------------------------
    def file_cycle(start: int, taken: int) -> None:
        """Three frames: lift from the in-tray, read, drop on the done pile."""
        g, r, d = start, start + 1, start + 2
        n_before = FILES - taken
        idx = n_before - 1                     # the top folder of the in-tray
        in_count.key(g, n_before - 1)
        done_count.key(g, taken).key(d + 1, taken + 1)
        folder.key(g, "l").key(r, "read").key(d, "r").key(d + 1, None)
        folder_index.key(g, idx)
        typing.span(g, d, False)
        # grab: lean left, left hand on the pile
        lean.key(g, -40.0)
        dip.key(g, 6.0)
        hl_keys.append((g, (IN_X + 4, pile_top(n_before) - 10)))
        hr_keys.append((g, (500.0, 492.0)))
        turn.key(g, -0.7)
        tilt.key(g, -6.0)
        gaze.key(g, (-1.0, 0.7))
        eyes.key(g, "open")
        mouth.key(g, "smile")
        # read: both hands hold it up, eyes down
        lean.key(r, 0.0)
        dip.key(r, 0.0)
        hl_keys.append((r, READ_L))
        hr_keys.append((r, READ_R))
        turn.key(r, 0.0)
        tilt.key(r, 3.0 if taken % 2 else -3.0)
        gaze.key(r, (0.0, 1.0))
        eyes.key(r, "down")
        mouth.key(r, "o" if taken % 3 == 1 else "flat")
        brows.key(r, 2.5 if taken % 3 == 1 else 0.0)
        # drop: lean right, right hand on the done pile
        lean.key(d, 38.0)
        dip.key(d, 5.0)
        hl_keys.append((d, (448.0, 494.0)))
        hr_keys.append((d, (DONE_X - 4, pile_top(taken) - 12)))
        turn.key(d, 0.75)
        tilt.key(d, 6.0)
        gaze.key(d, (1.0, 0.6))
        eyes.key(d, "happy" if taken % 2 == 0 else "open")
        mouth.key(d, "grin" if taken % 2 == 0 else "smile")
        brows.key(d, 0.0)

    for i in range(4):
        file_cycle(10 + 3 * i, i)

    # -- 22-25: typing at midday ----------------------------------------------------------
    typing.span(22, 25, True)
    folder.key(22, None)
    for f, l, r in ((22, KEY_L, KEY_R),):
        hl_keys.append((f, l))
        hr_keys.append((f, r))
    lean.key(22, 0.0)
    dip.key(22, 0.0)
    turn.key(22, 0.5).key(25, 0.45)
    tilt.key(22, 0.0).key(24, -2.0)
    gaze.key(22, (0.8, 0.0)).key(25, (0.8, 0.1))
    hl_keys.append((25, KEY_L))
    hr_keys.append((25, KEY_R))
    lean.key(25, 0.0)
    dip.key(25, 0.0)
    brows.key(25, 0.0)
    eyes.key(22, "open").key(24, "blink").key(25, "open")
    mouth.key(22, "smile")
    brows.key(22, 0.0)

    # -- 26-30: a sweet ---------------------------------------------------------------
    hl_keys.append((26, (BOWL[0] + 6, BOWL[1] - 20)))
    hl_keys.append((27, (420.0, 362.0)))
    hl_keys.append((28, (466.0, 300.0)))
    hl_keys.append((29, (436.0, 418.0)))
    elbow_l.key(27, (366.0, 432.0)).key(28, (414.0, 408.0)).key(29, (370.0, 444.0)).key(30, None)
    hl_keys.append((30, KEY_L))
    hr_keys.append((26, (506.0, 492.0)))
    hr_keys.append((30, KEY_R))
    lean.key(26, -18.0).key(27, -6.0).key(28, 0.0)
    dip.key(26, 8.0).key(27, 0.0)
    turn.key(26, -0.5).key(27, -0.3).key(28, -0.1).key(30, 0.4)
    tilt.key(26, -4.0).key(27, -2.0).key(28, -6.0).key(29, 4.0).key(30, 0.0)
    gaze.key(26, (-0.8, 1.0)).key(27, (-0.8, 0.2)).key(28, (0.0, 0.0)).key(30, (0.8, 0.0))
    eyes.key(26, "open").key(27, "open").key(28, "happy").key(29, "happy").key(30, "open")
    mouth.key(26, "smile").key(27, "o").key(28, "bite").key(29, "chew").key(30, "chew")
    brows.key(26, 0.0).key(27, 3.0).key(28, 2.0).key(30, 0.0)
    sweets.key(26, SWEETS).key(27, SWEETS - 1)
    sweet_hand.key(27, SWEETS - 1).key(28, SWEETS - 1).key(29, None)
    fist_l.key(27, True).key(29, False)
    typing.key(26, False).key(30, False)
    mouth.key(31, "smile")

    for i in range(4):
        file_cycle(31 + 3 * i, 4 + i)

    # -- 43-48: finished ----------------------------------------------------------------
    folder.key(43, None)
    typing.key(43, False)
    hl_keys.append((43, KEY_L))
    hr_keys.append((43, (592.0, 300.0)))
    elbow_r.key(43, (614.0, 402.0)).key(44, None)
    hl_keys.append((44, (446.0, 492.0)))
    hr_keys.append((44, (546.0, 490.0)))
    hl_keys.append((45, (404.0, 318.0)))
    hr_keys.append((45, (556.0, 318.0)))
    elbow_l.key(45, (348.0, 416.0)).key(46, None)
    elbow_r.key(45, (612.0, 416.0)).key(46, None)
    hl_keys.append((46, (386.0, 168.0)))
    hr_keys.append((46, (574.0, 168.0)))
    hl_keys.append((47, (378.0, 142.0)))
    hr_keys.append((47, (584.0, 142.0)))
    hl_keys.append((48, (448.0, 206.0)))
    hr_keys.append((48, (514.0, 206.0)))
    point_r.key(43, True).key(45, False)
    fist_l.key(45, True).key(48, False)
    fist_r.key(45, True).key(48, False)
    behind.key(48, True)
    lean.key(43, 10.0).key(44, 6.0).key(45, 0.0)
    dip.key(43, -4.0).key(44, 4.0).key(45, 0.0)
    recline.key(44, 0.0).key(47, 1.0, "out").key(48, 1.0)
    turn.key(43, 0.55).key(44, 0.5).key(45, 0.15).key(47, 0.0).key(48, -0.1)
    tilt.key(43, 4.0).key(44, -2.0).key(46, 5.0).key(47, 8.0).key(48, -7.0)
    gaze.key(43, (1.0, -0.2)).key(44, (0.9, 0.2)).key(45, (0.0, 0.0)).key(48, (-0.3, -0.4))
    eyes.key(43, "open").key(44, "happy").key(46, "closed").key(48, "happy")
    mouth.key(43, "grin").key(44, "grin").key(45, "grin").key(46, "yawn").key(48, "grin")
    brows.key(43, -2.0).key(44, 3.0).key(46, 4.0).key(48, 2.0)
    screen.key(44, "check").key(48, "off")

    for f, v in hl_keys:
        hand_l.key(f, v)
    for f, v in hr_keys:
        hand_r.key(f, v)

    frames = []
    doc = 0.0
    for k in range(1, FRAMES + 1):
        u, hours = _day(k)
        t = bool(typing.at(k))
        if t:
            doc += 0.8
        elif folder.at(k) == "read":
            doc += 0.25
        fr = Frame(k=k, u=u, hours=hours)
        fr.lean = lean.at(k)
        fr.dip = dip.at(k)
        fr.recline = recline.at(k)
        fr.tilt = tilt.at(k)
        fr.turn = turn.at(k)
        fr.gaze = gaze.at(k)
        fr.eyes = eyes.at(k)
        fr.brows = brows.at(k)
        fr.mouth = mouth.at(k)
        fr.fist_l = fist_l.at(k)
        fr.fist_r = fist_r.at(k)
        fr.point_r = point_r.at(k)
        fr.elbow_l = elbow_l.at(k)
        fr.elbow_r = elbow_r.at(k)
        fr.arms_behind = behind.at(k)
        fr.in_count = in_count.at(k)
        fr.done_count = done_count.at(k)
        fr.folder = folder.at(k)
        fr.folder_index = folder_index.at(k)
        fr.mug_in_hand = mug_in_hand.at(k)
        fr.mug_pos = mug.at(k) if fr.mug_in_hand else MUG_DESK
        fr.mug_tilt = mug_tilt.at(k) if fr.mug_in_hand else 0.0
        fr.sweets_left = sweets.at(k)
        fr.sweet_in_hand = sweet_hand.at(k)
        fr.typing = t
        fr.doc_lines = doc
        fr.screen = screen.at(k)
        fr.steam = max(0.0, 1.0 - u * 2.2)
        fr.lamp = _lamp(k)
        hl, hr = hand_l.at(k), hand_r.at(k)
        if fr.mug_in_hand:
            hr = mug_hand(k)
        if t:  # fingers tapping: one hand up, one down, alternately; the head nods along
            up = 11.0
            if k % 2:
                hl = (hl[0] - 4, hl[1] - up)
                fr.tilt -= 2.5
            else:
                hr = (hr[0] + 4, hr[1] - up)
                fr.tilt += 2.5
            fr.dip += 2.0 if k % 2 else -1.0
        fr.hand_l, fr.hand_r = hl, hr
        frames.append(fr)
    return frames


def _lamp(k: int) -> float:
    """The pendant lamp: on in the dim morning, off in daylight, on again towards evening,
    switched off on the last frame."""
    if k <= 5:
        return 1.0 - max(0, k - 3) * 0.35
    if k >= FRAMES:
        return 0.0
    if k >= 36:
        return min(1.0, (k - 35) * 0.34)
    return 0.0


_FRAMES: list[Frame] | None = None


def frame_state(k: int) -> Frame:
    """The state of frame k (1..48)."""
    global _FRAMES
    if not 1 <= k <= FRAMES:
        raise ValueError(f"frame {k} is not in 1..{FRAMES}")
    if _FRAMES is None:
        _FRAMES = _build()
    return _FRAMES[k - 1]

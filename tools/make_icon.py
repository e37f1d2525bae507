"""Draw finis's app icon: three fanned cards on a rounded felt tile, the front card carrying
the checkered flag that every finis game races toward.

    python tools/make_icon.py [out_dir]       (default assets/icon)

Writes finis.png (256 x 256), finis-64.png (the window icon) and finis.ico (16..256, via
Pillow). Drawn with the shared art library at 1024 px and scaled down.
"""
from __future__ import annotations

import io
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from scenes.art import table  # noqa: E402
from scenes.flag_finish import tokens as flag_tokens  # noqa: E402
from scenes.art.draw import apply_mask, blur, canvas, rounded_mask, vgradient  # noqa: E402

S = 1024
ICO_SIZES = [(16, 16), (24, 24), (32, 32), (48, 48), (64, 64), (128, 128), (256, 256)]


def _tile() -> pygame.Surface:
    """The rounded felt square behind the cards, with a warm rim."""
    surf = canvas(S, S, (40, 20, 10))
    m = round(S * 0.035)
    r = round(S * 0.21)
    shadow = canvas(S, S)
    pygame.draw.rect(shadow, (0, 0, 0, 140), (m, m + S * 0.02, S - 2 * m, S - 2 * m), border_radius=r)
    surf.blit(blur(shadow, round(S * 0.012)), (0, 0))
    rim = vgradient(S - 2 * m, S - 2 * m, [(0.0, (226, 150, 70)), (1.0, (150, 70, 30))])
    apply_mask(rim, rounded_mask(S - 2 * m, S - 2 * m, r))
    surf.blit(rim, (m, m))
    inset = round(S * 0.03)
    fw = S - 2 * (m + inset)
    cloth = table.felt((fw, fw), (30, 104, 66)).copy()
    cloth = cloth.convert_alpha() if pygame.display.get_surface() else _with_alpha(cloth)
    apply_mask(cloth, rounded_mask(fw, fw, r - inset))
    surf.blit(cloth, (m + inset, m + inset))
    return surf


def _with_alpha(opaque: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface(opaque.get_size(), pygame.SRCALPHA)
    out.blit(opaque, (0, 0))
    return out


def _card_with_flag(w: int, h: int) -> pygame.Surface:
    card = table.card_blank(w, h, fill=(252, 248, 238), border=(70, 46, 30)).copy()
    flag = flag_tokens.flag_icon(round(w * 0.92))
    card.blit(flag, flag.get_rect(center=(w // 2 + round(w * 0.03), h // 2)))
    return card


def draw() -> pygame.Surface:
    """The icon at 1024 x 1024."""
    icon = _tile()
    cw, ch = round(S * 0.40), round(S * 0.56)
    cx, cy = S * 0.47, S * 0.54
    pieces = [
        (table.card_back(cw, ch, "classic", (176, 38, 44)), 24, -S * 0.17),
        (table.card_back(cw, ch, "waves", (222, 128, 36)), 8, -S * 0.06),
        (_card_with_flag(cw, ch), -12, S * 0.10),
    ]
    for card, angle, dx in pieces:
        sh = table.card_shadow(cw, ch, 1.2)
        sh = pygame.transform.rotozoom(sh, angle, 1)
        icon.blit(sh, sh.get_rect(center=(cx + dx, cy + S * 0.012)))
        rot = pygame.transform.rotozoom(card, angle, 1)
        icon.blit(rot, rot.get_rect(center=(cx + dx, cy - abs(angle) * S * 0.0015)))
    return icon


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "assets" / "icon"
    out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    big = draw()
    png256 = pygame.transform.smoothscale(big, (256, 256))
    pygame.image.save(png256, str(out / "finis.png"))
    pygame.image.save(pygame.transform.smoothscale(big, (64, 64)), str(out / "finis-64.png"))

    from PIL import Image

    buf = io.BytesIO()
    pygame.image.save(big, buf, "png")
    buf.seek(0)
    master = Image.open(buf).convert("RGBA")
    # each size resampled from the 1024 master (sharper than shrinking the 256 in steps)
    frames = [master.resize(s, Image.LANCZOS) for s in ICO_SIZES]
    frames[-1].save(out / "finis.ico", format="ICO", sizes=ICO_SIZES, append_images=frames[:-1])
    for name in ("finis.png", "finis-64.png", "finis.ico"):
        print(f"{name:14s} {(out / name).stat().st_size / 1024:6.1f} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

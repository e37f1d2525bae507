"""The Finished! flip-book: 48 frames of a day at the office, drawn by code.

Run ``python3 tools/flipbook/render.py`` to (re)draw assets/flipbook/frame_01.png ..
frame_48.png; ``--sheet PATH`` writes a contact sheet to look at instead.

Modules:
  pen      - a scaled, antialiased drawing pen over a pygame Surface (shapes as polygons)
  story    - the storyboard: keyframe tracks that give the state of every frame
  scene    - draws one frame's state (room, window, desk, the woman, her things)
  render   - the command line and ``render_frame(k) -> Surface``
"""

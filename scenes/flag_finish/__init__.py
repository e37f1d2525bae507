"""The Flag Finish table scene: `table.Table`, with its card faces, layout, clock and board."""

"""The Finished! table scene: `table.Table`, with its card faces (imported by name, so a package)."""

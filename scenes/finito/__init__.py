"""The Finito! table: printed boards, counters in the seats' colours, the rolling d20."""

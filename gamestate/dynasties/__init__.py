"""Each dynasty's own rules, one package per dynasty (Nomicland first)."""

__all__: list[str] = []

"""Each dynasty's own rules, one package per dynasty (Nomicland first)."""

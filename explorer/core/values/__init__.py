"""Values of positions beyond hot and cold: Grundy values and remoteness (kernel, cost, cache),
and Grundy rows of Wythoff's game at any distance (rows)."""

GRUNDY, REMOTENESS = "grundy", "remoteness"  # the two kinds of value (and their colour modes)
HOT_COLD = "hot/cold"  # the colour mode that shows only which cells are cold
COLD_OPTIONS = "cold options"  # k-blocking: how many options of each cell are cold (0 … k and more)
VALUE_MODES = (GRUNDY, REMOTENESS)  # the modes that colour by values (a ValueCache answers them)
MODES = (HOT_COLD, GRUNDY, REMOTENESS, COLD_OPTIONS)

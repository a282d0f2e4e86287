"""Values of positions beyond hot and cold: Grundy values and remoteness (kernel, cost, cache),
and Grundy rows of Wythoff's game at any distance (rows)."""

GRUNDY, REMOTENESS = "grundy", "remoteness"  # the two kinds of value (and their colour modes)
HOT_COLD = "hot/cold"  # the colour mode that shows only which cells are cold
MODES = (HOT_COLD, GRUNDY, REMOTENESS)

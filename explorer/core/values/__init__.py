"""Values of positions beyond hot and cold: Grundy values and remoteness (kernel, cost, cache),
and Grundy rows of Wythoff's game at any distance (rows)."""

GRUNDY, REMOTENESS = "grundy", "remoteness"  # the two kinds of value (and their colour modes)

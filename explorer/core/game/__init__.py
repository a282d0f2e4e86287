"""The game itself: the cold sequence of Wythoff pairs, moves, Zeckendorf forms, n piles."""

"""Rules of two-pile games as types: one protocol, one class per rule, one registry that names them."""

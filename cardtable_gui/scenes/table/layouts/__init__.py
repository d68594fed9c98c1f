"""Each game's arrangement of the table kit, one module (or package) per game. The
table finds them through ``scenes.table.layout_registry``, so this package imports
nothing: a layout is loaded without the others, and without the table that lists it."""

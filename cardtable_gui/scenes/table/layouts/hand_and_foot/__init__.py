"""The Hand and Foot table: the layout (``table``), the player's turn (``controls``),
the meld being put together (``staging``), what the table says (``words``), and what
each helper is handed of the layout (``parts``)."""

from cardtable_gui.scenes.table.layouts.hand_and_foot.table import HandAndFootLayout

__all__ = ["HandAndFootLayout"]

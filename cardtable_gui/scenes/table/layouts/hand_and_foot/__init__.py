"""The Hand and Foot table: the layout (``table``), the player's turn (``controls``),
the meld being put together (``staging``) and what the table says (``words``)."""

from cardtable_gui.scenes.table.layouts.hand_and_foot.table import HandAndFootLayout

__all__ = ["HandAndFootLayout"]

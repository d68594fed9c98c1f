"""Learn to play: the lesson list (``TutorialScene``, opened from the menu) and a
lesson on its game's real table (``lesson_table``)."""

from cardtable_gui.scenes.tutorial.lesson_list import TutorialScene

__all__ = ["TutorialScene"]

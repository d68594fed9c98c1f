"""Learn to play: each game's lessons as data (``<game>.toml``), the models they are
read into, the ``LessonRun`` the tutorial scene drives, and the learner's progress.

Nothing here draws; the scene that shows a lesson lives in ``cardtable_gui.scenes``.
"""

from cardtable_gui.tutorials.loader import LessonFileError, has_course, load_course
from cardtable_gui.tutorials.model import Course, Lesson, LessonError, Practice
from cardtable_gui.tutorials.run import LessonRun, Move, Outcome

__all__ = [
    "Course",
    "Lesson",
    "LessonError",
    "LessonFileError",
    "LessonRun",
    "Move",
    "Outcome",
    "Practice",
    "has_course",
    "load_course",
]

"""Join codes: the short words a host reads out and a friend types, e.g. ``7-tiger-lamp``.

A code is the password of the key exchange (see ``channel``): it never travels over the
network, and each wrong guess costs the guesser a whole connection, so a code of some
two and a half million possibilities is enough when the host changes it after a few wrong tries.
"""

from __future__ import annotations

import re
import secrets

WORDS: tuple[str, ...] = tuple(
    """
    acorn anchor apple arrow aspen badge bagel banjo basil beach berry bison blaze
    bloom bonnet brick brook bucket cabin cactus camel candle canoe canyon carrot
    castle cedar cello cherry cider cliff clover cobalt comet copper coral cotton
    crane crayon cricket crown daisy dingo dolphin dragon drum eagle easel ember
    falcon feather fern fiddle flint forest fossil fox garnet gecko ginger glacier
    goose granite grape gravel harbor hazel heron hickory honey igloo indigo island
    ivory jasper jelly jungle kayak kettle kiwi koala ladder lagoon lamp lantern
    lemon lily lizard llama lotus magnet mango maple marble meadow melon mint
    mitten moose mosaic nectar nickel nutmeg oasis ocean olive onyx orchid otter
    owl paddle panda parrot peach pebble pepper piano pillow pine planet plum
    pony puffin quartz quill rabbit radish raven reef river robin rocket ruby
    saddle sage salmon sapphire satin shell silver sparrow spruce squash star
    stone summit swan tiger timber tulip turnip valley velvet violet walnut walrus
    willow wizard yarrow zebra zephyr
    """.split()
)
"""Short everyday nouns, easy to say and to spell, none a prefix of another."""

_CODE = re.compile(r"^\s*(\d{1,2})[\s\-_.]+([a-z]+)[\s\-_.]+([a-z]+)\s*$")


class BadJoinCode(ValueError):
    """A typed join code is not one: not a number and two words, or a word that no
    code uses."""


def new_code() -> str:
    """A fresh random join code such as ``7-tiger-lamp``."""
    number = 2 + secrets.randbelow(98)
    return f"{number}-{secrets.choice(WORDS)}-{secrets.choice(WORDS)}"


def normalise(text: str) -> str:
    """The code a person typed, in the one form both sides use as the password: any
    case, spaces or dots between the parts. Raises ``BadJoinCode`` with what to type."""
    found = _CODE.match(text.lower())
    if found is None:
        raise BadJoinCode("A join code is a number and two words, like 7-tiger-lamp.")
    for word in (found[2], found[3]):
        if word not in WORDS:
            # The shape is right, so the friend heard or typed one word wrong: name it.
            raise BadJoinCode(f"{word!r} is not one of the words a join code uses: check the code with the host.")
    return f"{int(found[1])}-{found[2]}-{found[3]}"

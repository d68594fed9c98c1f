"""This computer's addresses on the local network, for the host to read out.

A UDP socket "connected" to a private address sends nothing, but the system picks the
interface it would use and ``getsockname`` names that interface's address; no internet
connection is needed. The host name's own addresses are added, loopback left out.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket

PROBE = ("10.255.255.255", 1)
"""A private address never answered: only the route to it is looked up."""


def local_addresses() -> list[str]:
    """This computer's IPv4 addresses that a friend on the same network could use,
    the one of the usual route first; empty when the computer is on no network."""
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(PROBE)
        found.append(probe.getsockname()[0])
    with contextlib.suppress(OSError):
        found.extend(socket.gethostbyname_ex(socket.gethostname())[2])
    usable: list[str] = []
    for address in found:
        try:
            parsed = ipaddress.IPv4Address(address)
        except ValueError:
            continue
        if not (parsed.is_loopback or parsed.is_unspecified or parsed.is_link_local) and address not in usable:
            usable.append(address)
    return usable


def reach_words(port: int, addresses: list[str]) -> str:
    """How a friend elsewhere reaches this host, ending a sentence that starts "they
    join ...": "at 192.168.1.20, port 47474"."""
    if not addresses:
        return f"with this computer's address and port {port} (this computer seems to be on no network now)"
    return f"at {' or '.join(addresses)}, port {port}"

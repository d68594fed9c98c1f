"""Synthesise the table's sound effects as small WAV files, with the standard library only.

    python tools/make_sounds.py              # write cardtable_gui/assets/sounds/*.wav
    python tools/make_sounds.py --out DIR    # write them somewhere else

Five effects, 16-bit mono at 22050 Hz, each well under 0.6 s:

- ``deal``: a soft card flick, a short breath of filtered noise;
- ``play``: a card snapped down on felt, a crisp tick over a muffled thump;
- ``trick``: cards swept together, a swelling hiss that ends in a soft tap;
- ``shuffle``: a riffle, a run of tiny clicks that speeds up and slows down;
- ``your_turn``: a gentle two-note chime, a rising fourth.

Every sound starts and ends at silence and has a smooth envelope, so nothing clicks.
Noise comes from ``random.Random`` with a fixed seed per effect: running the script
again writes the same bytes.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "cardtable_gui" / "assets" / "sounds"
RATE = 22050
PEAK = 0.7
FADE = 0.006
"""Seconds of fade at each end, so a sound never starts or stops on a step."""

Samples = list[float]


def noise(rng: random.Random, seconds: float) -> Samples:
    return [rng.uniform(-1.0, 1.0) for _ in range(round(seconds * RATE))]


def lowpass(samples: Samples, cutoff: float | Callable[[float], float]) -> Samples:
    """One-pole low-pass; ``cutoff`` in Hz, or a function of time for a sweep."""
    out, y = [], 0.0
    for i, x in enumerate(samples):
        hz = cutoff(i / RATE) if callable(cutoff) else cutoff
        a = 1 - math.exp(-2 * math.pi * hz / RATE)
        y += a * (x - y)
        out.append(y)
    return out


def highpass(samples: Samples, cutoff: float) -> Samples:
    """Removes what ``lowpass`` at the same cutoff keeps."""
    return [x - y for x, y in zip(samples, lowpass(samples, cutoff), strict=True)]


def envelope(samples: Samples, attack: float, decay: float) -> Samples:
    """A smooth rise over ``attack`` seconds, then an exponential fall with time constant ``decay``."""
    out = []
    for i, x in enumerate(samples):
        t = i / RATE
        gain = 0.5 - 0.5 * math.cos(math.pi * t / attack) if t < attack else math.exp(-(t - attack) / decay)
        out.append(x * gain)
    return out


def mix(*layers: tuple[float, float, Samples], seconds: float = 0.0) -> Samples:
    """Layers given as (start seconds, gain, samples) summed into one track at least ``seconds`` long.

    Each layer is first scaled to a peak of 1, so the gains say how loud the layers are
    against each other whatever filtering made them quiet.
    """
    length = max([round(seconds * RATE)] + [round(start * RATE) + len(s) for start, _, s in layers])
    out = [0.0] * length
    for start, gain, samples in layers:
        offset = round(start * RATE)
        scale = gain / (max(abs(x) for x in samples) or 1.0)
        for i, x in enumerate(samples):
            out[offset + i] += scale * x
    return out


def finish(samples: Samples, peak: float = PEAK) -> Samples:
    """Normalised to ``peak`` and faded in and out at the very ends."""
    top = max(abs(x) for x in samples) or 1.0
    fade = round(FADE * RATE)
    out = []
    for i, x in enumerate(samples):
        edge = min(i, len(samples) - 1 - i)
        gain = 0.5 - 0.5 * math.cos(math.pi * edge / fade) if edge < fade else 1.0
        out.append(x / top * peak * gain)
    return out


def tone(freq: float, seconds: float, attack: float, decay: float, overtones: tuple[float, ...] = ()) -> Samples:
    """A sine at ``freq`` with quieter harmonics ``overtones`` (gains of 2f, 3f, ...)."""
    partials = [(1, 1.0)] + [(k + 2, g) for k, g in enumerate(overtones)]
    raw = [
        sum(g * math.sin(2 * math.pi * freq * n * i / RATE) for n, g in partials)
        for i in range(round(seconds * RATE))
    ]
    return envelope(raw, attack, decay)


# --- The effects ------------------------------------------------------------------------

def deal() -> Samples:
    rng = random.Random(101)
    swish = envelope(lowpass(highpass(noise(rng, 0.16), 700), 2600), 0.05, 0.02)
    flick = envelope(lowpass(highpass(noise(rng, 0.12), 1800), 6500), 0.003, 0.025)
    return finish(mix((0.0, 0.35, swish), (0.055, 1.0, flick)), peak=0.55)


def play() -> Samples:
    rng = random.Random(202)
    tick = envelope(lowpass(highpass(noise(rng, 0.08), 1200), 5000), 0.0015, 0.011)
    felt = envelope(lowpass(noise(rng, 0.12), 900), 0.002, 0.03)
    thump_raw = [math.sin(2 * math.pi * (150 - 400 * (i / RATE)) * i / RATE) for i in range(round(0.12 * RATE))]
    thump = envelope(thump_raw, 0.003, 0.035)
    return finish(mix((0.0, 1.0, tick), (0.0, 0.45, felt), (0.0, 0.3, thump)))


def trick() -> Samples:
    rng = random.Random(303)
    sweep_len = 0.36
    hiss = lowpass(highpass(noise(rng, sweep_len), 500), lambda t: 1200 + 3000 * math.sin(math.pi * t / sweep_len))
    swell = [x * math.sin(math.pi * i / len(hiss)) ** 2 for i, x in enumerate(hiss)]
    tap = envelope(lowpass(noise(rng, 0.1), 1400), 0.002, 0.018)
    second_tap = envelope(lowpass(noise(rng, 0.1), 1200), 0.002, 0.015)
    return finish(mix((0.0, 0.6, swell), (0.33, 1.0, tap), (0.39, 0.6, second_tap), seconds=0.5), peak=0.55)


def shuffle() -> Samples:
    rng = random.Random(404)
    layers: list[tuple[float, float, Samples]] = []
    t, length, clicks = 0.03, 0.42, 38
    for k in range(clicks):
        # the riffle runs fastest in the middle: gaps shrink then grow again
        middle = abs(k - clicks / 2) / (clicks / 2)
        click = envelope(lowpass(highpass(noise(rng, 0.02), 2000), 7000), 0.0008, 0.0035)
        layers.append((t, rng.uniform(0.5, 1.0), click))
        t += (length / clicks) * (0.6 + 0.8 * middle)
    bed = lowpass(highpass(noise(rng, t + 0.04), 800), 3000)
    bed = [x * math.sin(math.pi * i / len(bed)) for i, x in enumerate(bed)]
    settle = envelope(lowpass(noise(rng, 0.08), 1000), 0.002, 0.02)
    return finish(mix(*layers, (0.0, 0.12, bed), (t + 0.01, 0.5, settle)), peak=0.5)


def your_turn() -> Samples:
    first = tone(659.26, 0.55, 0.006, 0.16, overtones=(0.25, 0.06))
    second = tone(880.0, 0.42, 0.006, 0.2, overtones=(0.25, 0.06))
    return finish(mix((0.0, 0.8, first), (0.13, 1.0, second)), peak=0.45)


EFFECTS: dict[str, Callable[[], Samples]] = {
    "deal": deal,
    "play": play,
    "trick": trick,
    "shuffle": shuffle,
    "your_turn": your_turn,
}


def write_wav(path: Path, samples: Samples) -> None:
    frames = struct.pack(f"<{len(samples)}h", *(round(max(-1.0, min(1.0, x)) * 32767) for x in samples))
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


def write_all(out: Path) -> list[Path]:
    """Write every effect into ``out``; returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make in EFFECTS.items():
        path = out / f"{name}.wav"
        write_wav(path, make())
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Synthesise the sound effects as WAV files.")
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the WAV files")
    args = parser.parse_args(argv)
    for path in write_all(args.out):
        with wave.open(str(path), "rb") as wav:
            seconds = wav.getnframes() / wav.getframerate()
        print(f"{path.name:14} {seconds:.2f} s  {path.stat().st_size / 1024:.0f} KiB")


if __name__ == "__main__":
    main()

"""Actions per second of `soccerlab.VectorEnv` on GRANGOL, random legal actions chosen
in NumPy, on one core (the issue-44 target is 5 M/s):

    python python/bench/vector.py [SECONDS]

Prints one line per batch size. A measurement, not a test: run it on a quiet machine.
"""

import sys
import time

import numpy as np

import soccerlab


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    game = soccerlab.load_game("grangol")
    for n in (256, 1024, 4096):
        env = soccerlab.VectorEnv(game, n, seed=1)
        counts, legal, _ = env.reset()
        rng = np.random.default_rng(0)
        rows = np.arange(n)
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            pick = (rng.random(n) * counts).astype(np.int64)
            counts, legal, _, _, _ = env.step(legal[rows, pick].astype(np.int64))
            steps += n
        took = time.perf_counter() - start
        print(f"{n} games: {steps / took / 1e6:.2f} M actions/s ({env.episodes} games ended)")


if __name__ == "__main__":
    main()

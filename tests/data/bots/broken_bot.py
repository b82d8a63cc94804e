"""A bot program that breaks the protocol on purpose, for the arena's failure tests.

    python broken_bot.py silent|nonsense|illegal|crash

silent: reads requests and never answers; nonsense: answers every request
with a line that is not JSON; illegal: answers with a well-formed play for
another seat; crash: exits at the first request.
"""

import json
import sys


def main(mode: str) -> None:
    """Answer (or not) each request line on standard input, as ``mode`` says."""
    for line in sys.stdin:
        request = json.loads(line)
        if mode == "silent":
            continue
        if mode == "crash":
            sys.exit(3)
        if mode == "nonsense":
            print("I'd rather not say", flush=True)
            continue
        if mode == "illegal":
            seat = request["view"]["seat"]
            print(json.dumps({"action": f"play {(seat + 1) % 4} 2C"}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1])

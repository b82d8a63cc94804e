"""A bot program that breaks the protocol on purpose, for the arena's failure tests.

    python broken_bot.py silent|nonsense|illegal|crash

silent: reads requests and never answers; nonsense: answers every request
with a line that is not JSON; illegal: answers with a card it does not hold
(or a legal-looking action for the wrong seat); crash: exits at the first
request; late-once: sleeps past the limit on its first request, then plays
the first legal action.
"""

import json
import sys

mode = sys.argv[1]
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
        continue

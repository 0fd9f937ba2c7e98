#!/usr/bin/env python3
"""bench/gen-events.py — ROWS JSON Lines events of three kinds, for bench/kinds.sh.

Usage: bench/gen-events.py ROWS OUT

Logins (45%), purchases (40%) and errors (15%), in a fixed pseudo-random order (seed 31),
each kind with its own fields, as an application log has them.
"""
import json
import random
import sys

rows, out = int(sys.argv[1]), sys.argv[2]
random.seed(31)
users = [f"user{n}" for n in range(500)]
with open(out, "w") as f:
    for n in range(rows):
        ts = f"2024-05-{1 + n // 100000 % 28:02d}T{n // 3600 % 24:02d}:{n // 60 % 60:02d}:{n % 60:02d}Z"
        roll = random.random()
        user = random.choice(users)
        if roll < 0.45:
            record = {"ts": ts, "kind": "login", "user": user, "ip": f"10.{random.randrange(256)}.{random.randrange(256)}.{random.randrange(256)}"}
        elif roll < 0.85:
            record = {"ts": ts, "kind": "purchase", "user": user, "sku": f"SK-{random.randrange(10000):04d}",
                      "amount": round(random.uniform(1, 500), 2)}
        else:
            record = {"ts": ts, "kind": "error", "user": user, "code": random.choice([400, 404, 500, 502, 503]),
                      "message": random.choice(["payment gateway timeout", "sku not found", "session expired", "rate limited"])}
        f.write(json.dumps(record, separators=(",", ":")) + "\n")

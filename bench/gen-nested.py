#!/usr/bin/env python3
"""bench/gen-nested.py — ROWS nested JSON records (a JSON array), for bench/nested.sh.

Usage: bench/gen-nested.py ROWS OUT

Each record: an id, a status, a customer object of 3 fields and an array of 1–4 item objects
(sku, qty, price), about 250 bytes; fixed pseudo-random order (seed 32).
"""
import json
import random
import sys

rows, out = int(sys.argv[1]), sys.argv[2]
random.seed(32)
cities = ["Oslo", "Lyon", "Austin", "Pune", "Osaka", "Lagos", "Lima", "Graz"]
with open(out, "w") as f:
    f.write("[\n")
    for n in range(rows):
        record = {
            "id": n + 1,
            "status": random.choice(["pending", "shipped", "delivered", "cancelled"]),
            "customer": {"name": f"customer {random.randrange(100000)}", "city": random.choice(cities),
                         "email": f"c{random.randrange(100000)}@example.com"},
            "items": [{"sku": f"SK-{random.randrange(10000):04d}", "qty": random.randrange(1, 9),
                       "price": round(random.uniform(1, 300), 2)} for _ in range(random.randrange(1, 5))],
        }
        f.write(json.dumps(record, separators=(",", ":")) + (",\n" if n + 1 < rows else "\n"))
    f.write("]\n")

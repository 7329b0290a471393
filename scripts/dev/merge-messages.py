#!/usr/bin/env python3
"""Deep-merges a JSON file of {"en": {...}, "es": {...}, "zh": {...}} into messages/*.json (dev helper)."""
import json, sys, collections

def merge(dst, src):
    for k, v in src.items():
        if isinstance(v, dict) and isinstance(dst.get(k), dict):
            merge(dst[k], v)
        else:
            dst[k] = v

patch = json.load(open(sys.argv[1]), object_pairs_hook=collections.OrderedDict)
for loc in ("en", "es", "zh"):
    path = f"messages/{loc}.json"
    data = json.load(open(path), object_pairs_hook=collections.OrderedDict)
    merge(data, patch[loc])
    with open(path, "w") as f:
        json.dump(data, f, ensure_ascii=False, indent=2)
        f.write("\n")

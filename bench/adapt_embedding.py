"""Stop 46's experiment, kept so that it can be run again: the embedding model fine-tuned on the statutes' own
structure (each retrieval unit's marginal note or section heading → its text, each defined term → its definition),
with in-batch negatives. No evaluation question is used. Measured and not kept (docs/RETRIEVAL.md, "Stop 46"):
dense-only top-1 921 → 1,062 of 1,687, but hybrid+graph 1,242 → 1,225 — the tuned model agrees with the keyword side.

    python bench/adapt_embedding.py /tmp/tuned-model          # about 3 minutes on two cores
    NORMIPOLKU_DATA=/tmp/tuned-data NORMIPOLKU_EMBEDDING_MODEL=/tmp/tuned-model python -m core build
    NORMIPOLKU_DATA=/tmp/tuned-data NORMIPOLKU_EMBEDDING_MODEL=/tmp/tuned-model \\
        python -m core eval --set eval/exam_fi.jsonl --compare

The first command reads the built ./data (run `python -m core build` first); the other two build and evaluate in a
data folder of their own, so the app's indexes are left alone.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core import config, index, store  # noqa: E402

GENERIC_HEADING_SECTIONS = 2  # a heading on more sections than this ("Idem", "Definitions") names no one topic


def training_pairs(db) -> list[tuple[str, str, str]]:
    """(pseudo-query, unit text, group): a unit's own or its section's heading, or a defined term. Units sharing a
    heading share a group, so that no batch holds two of them as each other's negatives."""
    pairs = []
    for law in store.laws(db):
        nodes = store.law_nodes(db, law["key"])
        by_id = {n.id: n for n in nodes}
        uses = Counter(n.heading.lower() for n in nodes if n.kind == "SECTION" and n.heading)
        for unit in index.retrieval_units(nodes):
            if unit.kind == "DEFINITION" and unit.term:
                pairs.append((unit.term, unit.text, f"def:{unit.id}"))
                continue
            section = by_id.get(unit.section_id or "")
            heading = unit.heading or (section.heading if section else None)
            if heading and len(heading) >= 6 and uses[heading.lower()] <= GENERIC_HEADING_SECTIONS:
                pairs.append((heading, unit.text, f"heading:{heading.lower()}"))
    return pairs


def batches(pairs: list[tuple[str, str, str]], size: int, rnd: random.Random) -> list[list[tuple[str, str, str]]]:
    """Shuffled batches with at most one pair of each group."""
    rest = pairs[:]
    rnd.shuffle(rest)
    out = []
    while rest:
        batch, groups, later = [], set(), []
        for pair in rest:
            if pair[2] in groups or len(batch) == size:
                later.append(pair)
            else:
                batch.append(pair)
                groups.add(pair[2])
        out.append(batch)
        rest = later
    return out


def main() -> None:
    import torch  # noqa: PLC0415

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", help="folder to save the tuned model in")
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--lr", type=float, default=2e-5)
    parser.add_argument("--scale", type=float, default=20.0, help="cosine scale in the in-batch softmax")
    parser.add_argument("--max-length", type=int, default=128)
    args = parser.parse_args()
    torch.manual_seed(0)
    rnd = random.Random(0)
    pairs = training_pairs(store.connect(config.db_path()))
    print(f"{len(pairs):,} pairs in {len({g for _, _, g in pairs}):,} groups")
    model = index.load_model()
    model.max_seq_length = args.max_length
    optimiser = torch.optim.AdamW(model.parameters(), lr=args.lr)
    started = time.time()
    model.train()
    for epoch in range(args.epochs):
        for i, batch in enumerate(batches(pairs, args.batch, rnd)):
            if len(batch) < 2:
                continue
            queries = model(model.tokenize([q for q, _, _ in batch]))["sentence_embedding"]
            texts = model(model.tokenize([t for _, t, _ in batch]))["sentence_embedding"]
            scores = torch.nn.functional.normalize(queries, dim=-1) @ torch.nn.functional.normalize(texts, dim=-1).T
            labels = torch.arange(len(batch))
            loss = (torch.nn.functional.cross_entropy(scores * args.scale, labels)
                    + torch.nn.functional.cross_entropy(scores.T * args.scale, labels)) / 2
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            if i % 20 == 0:
                print(f"epoch {epoch} batch {i}: loss {loss.item():.3f} ({time.time() - started:.0f} s)", flush=True)
    model.eval()
    Path(args.out).mkdir(parents=True, exist_ok=True)
    model.save(args.out)
    print(f"saved {args.out} in {time.time() - started:.0f} s")


if __name__ == "__main__":
    main()

"""Command line: `python -m core <step> …` — one command per pipeline step."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tqdm import tqdm

from core.config import MODES


def _progress_bar(desc: str):
    bar = tqdm(total=100, desc=desc, unit="%", file=sys.stderr, leave=True,
               bar_format="{desc}: {percentage:3.0f}%|{bar}| {postfix}")

    def update(fraction: float, message: str) -> None:
        bar.n = int(round(100 * fraction))
        bar.set_postfix_str(message[:50])
        bar.refresh()

    return bar, update


def _db():
    from core import store

    return store.connect()


def _retriever(args):
    from core import config, store
    from core.retrieve import Retriever

    db = _db()
    if not store.laws(db):
        # An unbuilt data folder would otherwise answer "Nothing found." to every question and score 0 %.
        print(f"error: no laws are built in {config.data_dir()} — run `python -m core build` first", file=sys.stderr)
        raise SystemExit(2)
    return Retriever(db, dense=not getattr(args, "no_dense", False))


def cmd_build(args) -> int:
    from core.build import build_all

    db = _db()
    bar, update = _progress_bar("build")
    report = build_all(db, progress=update, force=args.force, with_index=not args.no_index)
    bar.close()
    print(f"built: {', '.join(report.built) or '-'}; unchanged: {', '.join(report.skipped) or '-'}")
    if report.indexed:
        print(f"keyword index rebuilt: {', '.join(report.indexed['bm25']) or '-'}; "
              f"embedded: {', '.join(report.indexed['dense']) or '-'}")
    for err in report.indexed.get("dense_errors", []):  # BM25 still answers without the semantic index
        print(f"warning: semantic index not built for {err}", file=sys.stderr)
    print("seconds: " + ", ".join(f"{k} {v:.1f}" for k, v in report.seconds.items()))
    for err in report.errors:
        print(f"error: {err}", file=sys.stderr)
    return 1 if report.errors else 0


def cmd_import(args) -> int:
    from core.build import import_bytes
    from core.model import IngestError

    path = Path(args.file)
    try:
        info = import_bytes(path.read_bytes(), path.name, _db(), with_index=not args.no_index)
    except (IngestError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"imported {info.key} ({info.title})")
    return 0


def cmd_show(args) -> int:
    from core import store

    db = _db()
    node = store.get_node(db, args.node_id)
    if node is None:
        print(f"no node {args.node_id}", file=sys.stderr)
        return 1
    print(f"{node.citation}  [{node.kind}] {node.id}" + ("  (repealed)" if node.repealed else ""))
    if node.heading:
        print(f"heading: {node.heading}")
    print(node.text)
    for title, edges in (("out", store.edges_from(db, node.id)), ("in", store.edges_to(db, node.id))):
        print(f"-- edges {title} ({len(edges)})")
        for e in edges:
            other = e.target if title == "out" else e.source
            print(f"  {e.type:13} {other}" + (f'   “{e.evidence}”' if e.evidence else ""))
    return 0


def cmd_graph_debug(args) -> int:
    from core import store

    db = _db()
    if store.get_node(db, args.node) is None:
        print(f"no node {args.node}", file=sys.stderr)
        return 1
    frontier, seen = [args.node], {args.node}
    for hop in range(1, args.hops + 1):
        nxt = []
        print(f"== hop {hop}")
        for nid in frontier:
            groups: dict[str, list] = {}
            for e in store.edges_from(db, nid):
                groups.setdefault(e.type, []).append((e.target, e))
            for e in store.edges_to(db, nid):
                groups.setdefault(f"{e.type} (in)", []).append((e.source, e))
            for etype in sorted(groups):
                for other, e in groups[etype]:
                    print(f"  {nid} {etype:18} {other}" + (f'   “{e.evidence}” @{e.start}-{e.end}' if e.evidence else ""))
                    if other not in seen:
                        seen.add(other)
                        nxt.append(other)
        frontier = nxt
    return 0


def cmd_graph_export(args) -> int:
    from core import store

    db = _db()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with (out / "nodes.jsonl").open("w", encoding="utf-8") as f:
        for row in db.query("SELECT * FROM nodes ORDER BY law_key, ordinal"):
            f.write(json.dumps(dict(row), ensure_ascii=False) + "\n")
    with (out / "edges.jsonl").open("w", encoding="utf-8") as f:
        for row in db.query("SELECT * FROM edges ORDER BY law_key, source, type, target"):
            f.write(json.dumps(dict(row), ensure_ascii=False) + "\n")
    print(f"wrote {out / 'nodes.jsonl'} and {out / 'edges.jsonl'}")
    del store
    return 0


def cmd_stats(args) -> int:
    from core import store

    s = store.stats(_db())
    if args.json:
        print(json.dumps(s, ensure_ascii=False, indent=1))
        return 0
    print("nodes:")
    for r in s["nodes"]:
        print(f"  {r['law_key']:10} {r['kind']:11} {r['n']}")
    print("edges:")
    for r in s["edges"]:
        print(f"  {r['law_key']:10} {r['type']:13} {r['n']}")
    print("unresolved references:")
    for r in s["unresolved"]:
        print(f"  {r['law_key']:10} {r['n']:4}  {r['reason']}")
    return 0


def cmd_graph_eval(args) -> int:
    from core.graph_eval import evaluate_sample, format_report

    report = evaluate_sample(_db(), Path(args.sample))
    print(json.dumps(report, indent=1) if args.json else format_report(report))
    return 0


def cmd_ask(args) -> int:
    from core import render
    from core.answer import answer

    retriever = _retriever(args)
    if args.batch:
        from core.evaluate import load_set

        for item in load_set(args.batch):
            a = answer(retriever, item["question"], mode=args.mode, as_typed=args.as_typed)
            print(json.dumps(a.as_json(item.get("id")), ensure_ascii=False))
        return 0
    if not args.question:
        print("error: give a question or --batch FILE", file=sys.stderr)
        return 2
    a = answer(retriever, args.question, mode=args.mode, as_typed=args.as_typed)
    if args.json:
        print(json.dumps(a.as_json(), ensure_ascii=False, indent=1))
        return 0
    for notice in a.notices:
        print(f"note: {notice}")
    if a.statute_words:
        print(f"note: also searched with the Acts' own words: {', '.join(a.statute_words)}")
    if a.primary is None:
        print("Nothing found.")
        return 0
    title = a.primary.citation + (f", {a.outline}" if a.outline else "")
    print(f"{render.titled(title, '' if a.outline else a.headings.get(a.primary.id, ''))}  ({a.primary.id})")
    for li in a.lead_in:  # a list item: the words it completes
        print(f"  {li.node.citation}: “{li.before} {li.item} …" + (f" {li.after}”" if li.after else "”"))
    if a.quote:
        print(f"  “{a.quote}”")
    trail = ""
    for part in a.contents:
        if part.trail and part.trail != trail:  # the Part / Division the next sections sit under
            trail = part.trail
            print(f"  {trail}")
        print(f"    {part.citation:16} {part.heading}{'  (repealed)' if part.repealed else ''}")
    for node, s in a.supporting:
        print(f"  {s.via:9} {render.titled(node.citation, a.headings.get(node.id, ''))}  ({node.id})")
    for alt in a.alternatives:
        print(f"  also     {render.titled(alt.node.citation, a.headings.get(alt.node.id, ''))}  ({alt.node.id})")
    print("latency ms: " + ", ".join(f"{k} {v:.1f}" for k, v in a.latency_ms.items()))
    return 0


def cmd_eval(args) -> int:
    from core.evaluate import evaluate, format_table, load_set

    retriever = _retriever(args)
    retriever.warm()
    results = []
    for path in args.set:
        items = load_set(path)
        modes = list(MODES) if args.compare else [args.mode]
        for mode in modes:
            results.append(evaluate(retriever, items, mode=mode, set_name=Path(path).stem))
    if args.json:
        payload = [r.as_json() for r in results]
        print(json.dumps(payload[0] if len(payload) == 1 else payload, ensure_ascii=False, indent=1))
    else:
        print(format_table(results))
        if args.failures:
            for r in results:
                for f in r.failures:
                    print(f"  [{r.set_name}/{r.mode}] {json.dumps(f, ensure_ascii=False)}")
    return 0


def cmd_extract(args) -> int:
    from core import extract

    if args.extractor == "claude":
        from core import claude, extract_claude

        if not claude.available():
            print("error: the Claude extractor needs ANTHROPIC_API_KEY in the environment; the rules extractor "
                  "runs offline (--extractor rules)", file=sys.stderr)
            return 2
        db = _db()
        bar, update = _progress_bar("extract (claude)")
        report = extract_claude.run_claude(db, extract.extraction_nodes(db, args.law), progress=update)
        bar.close()
        print(f"batches {report.batches}, stored {report.stored}, pruned {len(report.pruned)}, errors {len(report.errors)}")
        for item in report.pruned[:50]:
            print(f"  pruned {item['tool_use_id']}: {item['reason']}")
        for err in report.errors:
            print(f"  error {err}", file=sys.stderr)
        return 0
    bar, update = _progress_bar("extract")
    report = extract.run_rules(_db(), law_key=args.law, progress=update)
    bar.close()
    print(", ".join(f"{k} {v}" for k, v in report.items()))
    return 0


def cmd_extract_eval(args) -> int:
    from core import extract

    report = extract.evaluate_sample(_db(), Path(args.sample))
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=1))
        return 0
    print(f"{report['n']} hand-labelled duty sentences: actor {report['actor']}%, modal {report['modal']}%, "
          f"deadline {report['deadline']}%, all three {report['all_three']}%")
    for miss in report["misses"]:
        print(f"  miss {miss['node']} “{miss['key']}”: got {miss['got']}")
    return 0


def cmd_duties(args) -> int:
    from core import review

    rows = review.query(_db(), status=args.status, law=args.law, actor=args.actor, modal=args.modal,
                        text=args.text, has_deadline=True if args.has_deadline else None, limit=args.limit)
    if args.json:
        for r in rows:
            print(json.dumps(dict(r), ensure_ascii=False))
        return 0
    for r in rows:
        deadline = f" [{r['deadline']}]" if r["deadline"] else ""
        print(f"#{r['id']} {r['section_label']}: {r['actor']} {r['modal_verb']} {r['procedure']}{deadline} ({r['status']})")
    print(f"{len(rows)} relationship(s)")
    return 0


def cmd_quiz_stats(args) -> int:
    from core import quiz

    db = _db()
    if args.generate:
        made = quiz.generate(db)
        print(f"generated {made['created']} new cards")
    rows = quiz.stats(db)
    per_law: dict[str, int] = {}
    for r in rows:
        per_law[r["law_key"]] = per_law.get(r["law_key"], 0) + r["n"]
    for law, n in per_law.items():
        kinds = ", ".join(f"{r['kind']} {r['n']}" for r in rows if r["law_key"] == law)
        print(f"{law:10} {n:5} cards  ({kinds})")
    print(f"{sum(per_law.values())} cards in all")
    return 0


def cmd_fi_bases(args) -> int:
    """Write the word lists read from the bundled Finnish statutes: data/fi_bases.txt (the base forms they use
    unambiguously) and data/fi_participle_nouns.txt (the passive participles they use mostly as nouns)."""
    from core import ingest
    from core.config import FI_BASES_FILE, FI_PARTICIPLE_NOUNS_FILE, LAWS_DIR
    from core.index import retrieval_units
    from core.normalize import participle_nouns, unambiguous_bases

    nodes = [node for info, path in ingest.iter_bundled(LAWS_DIR) if info.lang == "fi"
             for node in ingest.parse_bytes(path.read_bytes(), path.name, info).nodes]
    bases = unambiguous_bases(node.text for node in nodes)
    if not bases:
        print("Voikko is not installed: nothing written", file=sys.stderr)
        return 1
    # Counted once per word of the law: in the units, not again in the list items and definitions inside them.
    nouns = participle_nouns(unit.text for unit in retrieval_units(nodes) if unit.kind != "DEFINITION")
    out_dir = Path(args.out_dir) if args.out_dir else None
    for default, words in ((FI_BASES_FILE, bases), (FI_PARTICIPLE_NOUNS_FILE, nouns)):
        (out_dir / default.name if out_dir else default).write_text("\n".join(words) + "\n", encoding="utf-8")
    print(f"{len(bases)} base forms and {len(nouns)} participles used as nouns, from {len(nodes)} Finnish provisions")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m core", description="Normipolku pipeline steps")
    sub = p.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="parse, graph, store and index the bundled laws")
    b.add_argument("--force", action="store_true", help="rebuild even unchanged laws, and all their indexes")
    b.add_argument("--no-index", action="store_true", help="skip the BM25 and dense indexes")
    b.set_defaults(fn=cmd_build)
    fb = sub.add_parser("fi-bases", help="write data/fi_bases.txt and data/fi_participle_nouns.txt, the word lists "
                                         "read from the Finnish statutes")
    fb.add_argument("--out-dir", help="write the two files to this folder instead")
    fb.set_defaults(fn=cmd_fi_bases)
    i = sub.add_parser("import", help="import a statute file (Justice Laws XML, Finlex XML or plain text)")
    i.add_argument("file")
    i.add_argument("--no-index", action="store_true")
    i.set_defaults(fn=cmd_import)
    s = sub.add_parser("show", help="a node's label, text and edges")
    s.add_argument("node_id")
    s.set_defaults(fn=cmd_show)
    g = sub.add_parser("graph-debug", help="neighbours by edge type with evidence")
    g.add_argument("--node", required=True)
    g.add_argument("--hops", type=int, default=2)
    g.set_defaults(fn=cmd_graph_debug)
    x = sub.add_parser("graph-export", help="write graph/nodes.jsonl and graph/edges.jsonl")
    x.add_argument("--out", default="graph")
    x.set_defaults(fn=cmd_graph_export)
    st = sub.add_parser("stats", help="nodes and edges per law and type, unresolved references")
    st.add_argument("--json", action="store_true")
    st.set_defaults(fn=cmd_stats)
    ge = sub.add_parser("graph-eval", help="precision and recall of edges against the hand-checked sample")
    ge.add_argument("--sample", default=str(Path(__file__).resolve().parent.parent / "tests" / "data" / "reference_sample.jsonl"))
    ge.add_argument("--json", action="store_true")
    ge.set_defaults(fn=cmd_graph_eval)
    a = sub.add_parser("ask", help="answer a question (or a citation)")
    a.add_argument("question", nargs="?")
    a.add_argument("--json", action="store_true")
    a.add_argument("--mode", default="graph", choices=MODES)
    a.add_argument("--batch", help="JSONL file of {id, question}; prints one answer a line")
    a.add_argument("--no-dense", action="store_true", help="keyword search only")
    a.add_argument("--as-typed", action="store_true", help="search the words as typed (no spelling correction)")
    a.set_defaults(fn=cmd_ask)
    e = sub.add_parser("eval", help="evaluate on exam or graph-needed sets")
    e.add_argument("--set", action="append", required=True)
    e.add_argument("--mode", default="graph", choices=MODES)
    e.add_argument("--compare", action="store_true", help="bm25, dense, hybrid and graph in one run")
    e.add_argument("--json", action="store_true")
    e.add_argument("--failures", action="store_true", help="list the items that failed")
    e.add_argument("--no-dense", action="store_true")
    e.set_defaults(fn=cmd_eval)
    ex = sub.add_parser("extract", help="extract duty relationships into the review queue")
    ex.add_argument("--law", help="one law key, e.g. B-3 or 120/2004")
    ex.add_argument("--extractor", default="rules", choices=["rules", "claude"])
    ex.set_defaults(fn=cmd_extract)
    ee = sub.add_parser("extract-eval", help="rules extractor against the hand-labelled duty sample")
    ee.add_argument("--sample", default=str(Path(__file__).resolve().parent.parent / "tests" / "data" / "duty_sample.jsonl"))
    ee.add_argument("--json", action="store_true")
    ee.set_defaults(fn=cmd_extract_eval)
    du = sub.add_parser("duties", help="query duty relationships (approved by default)")
    du.add_argument("--actor")
    du.add_argument("--modal")
    du.add_argument("--text", help="words in the relationship's sentence")
    du.add_argument("--law")
    du.add_argument("--has-deadline", action="store_true")
    du.add_argument("--status", default="approved", choices=["approved", "pending", "rejected"])
    du.add_argument("--limit", type=int, default=100)
    du.add_argument("--json", action="store_true")
    du.set_defaults(fn=cmd_duties)
    qs = sub.add_parser("quiz-stats", help="quiz cards per law (and kind)")
    qs.add_argument("--generate", action="store_true", help="first make cards from approved duties")
    qs.set_defaults(fn=cmd_quiz_stats)
    args = p.parse_args(argv)
    return args.fn(args)


if __name__ == "__main__":
    sys.exit(main())

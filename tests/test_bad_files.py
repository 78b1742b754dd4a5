"""Bad statute files get one clear line naming the file and the reason; the database stays byte-identical."""
from __future__ import annotations

import hashlib

import pytest

from core import build, ingest, store
from core.config import LAWS_DIR
from core.model import IngestError

FINLEX = (LAWS_DIR / "asd19921578.xml").read_bytes()
JUSTICE = (LAWS_DIR / "C-36.xml").read_bytes()

BAD_FILES = {
    "empty.xml": b"",
    "whitespace.xml": b"   \n\t  ",
    "truncated_finlex.xml": FINLEX[: len(FINLEX) // 2],
    "truncated_justice.xml": JUSTICE[:5000],
    "not_xml.xml": b"<<<this is not xml>>>",
    "unclosed.xml": b"<Statute><Body><Section><Label>1</Label>",
    "billion_laughs.xml": b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>'
                          b"<Statute>&lol2;</Statute>",
    "external_entity.xml": b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><Statute>&e;</Statute>',
    "doctype_only.xml": b'<?xml version="1.0"?><!DOCTYPE Statute SYSTEM "http://example.invalid/x.dtd"><Statute/>',
    "deep_nesting.xml": b"<Statute>" + b"<a>" * 5000 + b"</a>" * 5000 + b"</Statute>",
    "wrong_root.xml": b"<html><body>hello</body></html>",
    "latin1_declared_utf8.xml": '<?xml version="1.0" encoding="utf-8"?><saa:X xmlns:saa="u">Velallinen ä</saa:X>'.encode("latin-1"),
    "justice_no_chapter.xml": b"<Statute><Identification/><Body><Section><Label>1</Label><Text>x</Text></Section></Body></Statute>",
    "justice_no_body.xml": b"<Statute><Identification><Chapter><ConsolidatedNumber>X-1</ConsolidatedNumber></Chapter></Identification></Statute>",
    "justice_no_sections.xml": b"<Statute><Identification><Chapter><ConsolidatedNumber>X-1</ConsolidatedNumber></Chapter>"
                               b"</Identification><Body><Heading><TitleText>Only a heading</TitleText></Heading></Body></Statute>",
    "justice_unlabelled_section.xml": b"<Statute><Identification><Chapter><ConsolidatedNumber>X-1</ConsolidatedNumber>"
                                      b"</Chapter></Identification><Body><Section><Text>No label</Text></Section></Body></Statute>",
    "finlex_no_number.xml": b'<v:VahvistettavaLaki xmlns:v="u"><v:Pykalisto><v:Pykala/></v:Pykalisto></v:VahvistettavaLaki>',
    "finlex_no_sections.xml": b'<v:VahvistettavaLaki xmlns:v="u" xmlns:a="w"><a:AsiakirjaNroTeksti>9</a:AsiakirjaNroTeksti>'
                              b"<a:ValtiopaivavuosiTeksti>2099</a:ValtiopaivavuosiTeksti></v:VahvistettavaLaki>",
    "finlex_unnumbered_section.xml": b'<v:VahvistettavaLaki xmlns:v="u"><v:AsiakirjaNroTeksti>9</v:AsiakirjaNroTeksti>'
                                     b"<v:ValtiopaivavuosiTeksti>2099</v:ValtiopaivavuosiTeksti><v:Pykalisto><v:Pykala>"
                                     b"<v:MomenttiKooste>Teksti.</v:MomenttiKooste></v:Pykala></v:Pykalisto></v:VahvistettavaLaki>",
    "binary.pdf": b"%PDF-1.4\x00\x01\x02\x03binary\x00junk",
    "nul_bytes.txt": b"Title: x\x00\x00\x00",
    "plain_no_sections.txt": b"Just some prose without any numbered sections at all.",
    "plain_bad_utf8.txt": b"Title: Laki\n1 \xa7\nVelallinen \xe4\n",
    "plain_bundled_key.txt": b"Key: B-3\nLang: en\n\nSection 1 Title\nThis Act may be cited.\n",
    "plain_bad_key.txt": b"Key: a:b\nLang: en\n\nSection 1 Title\nText.\n",
    "bundled_law_again.xml": JUSTICE,
}


def _digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_at_least_twenty_bad_files():
    assert len(BAD_FILES) >= 20


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_file_gets_one_clear_line_and_database_is_unchanged(name, tmp_path):
    db_file = tmp_path / "normipolku.db"
    db = store.connect(db_file)
    store.set_meta(db, "marker", "before")
    db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = _digest(db_file)
    with pytest.raises(IngestError) as info:
        build.import_bytes(BAD_FILES[name], name, db, with_index=False)
    message = str(info.value)
    assert message.startswith(f"{name}: "), message
    assert "\n" not in message and len(message) < 300
    db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert _digest(db_file) == before
    assert store.laws(db) == []


def test_entity_expansion_is_not_performed():
    with pytest.raises(IngestError, match="entity declarations are not allowed"):
        ingest.parse_bytes(BAD_FILES["billion_laughs.xml"], "billion_laughs.xml")


def test_good_import_then_delete(tmp_path):
    db = store.connect(tmp_path / "n.db")
    text = ("Title: Test Insolvency Act\nKey: TIA-1\nLang: en\n\nSection 1 Duty to file\n"
            "The debtor shall file a statement within 10 days after the order.\n\nSection 2 Exception\n"
            "Despite section 1, the court may extend the time.\n").encode()
    info = build.import_bytes(text, "tia.txt", db, with_index=False)
    assert info.key == "TIA-1"
    assert store.get_node(db, "TIA-1:1").text == "The debtor shall file a statement within 10 days after the order."
    edges = {(e.source, e.type, e.target) for e in store.edges_from(db, "TIA-1:2")}
    assert ("TIA-1:2", "EXCEPTS", "TIA-1:1") in edges
    build.delete_imported(db, "TIA-1", with_index=False)
    assert store.get_node(db, "TIA-1:1") is None


def test_interrupted_write_leaves_previous_law(tmp_path, parsed_laws):
    """A failure in the middle of writing a law rolls back to the law as it was."""
    db = store.connect(tmp_path / "n.db")
    law = parsed_laws["1578/1992"]
    store.replace_law(db, law.info, law.nodes, [], [], "hash-1", "v1")
    before = store.law_nodes(db, "1578/1992")
    broken = list(law.nodes) + [law.nodes[1]]  # a duplicate id makes the insert fail half-way
    with pytest.raises(Exception):
        store.replace_law(db, law.info, broken, [], [], "hash-2", "v1")
    assert [n.id for n in store.law_nodes(db, "1578/1992")] == [n.id for n in before]
    assert store.laws(db)[0]["content_hash"] == "hash-1"

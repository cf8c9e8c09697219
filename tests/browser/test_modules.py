"""The page's modules: one client module knows the API, no rule is copied into the page, and
the shared formatting behaves one way (checked in the browser, importing ``format.js``)."""

from __future__ import annotations

import re
from typing import Any

from api.web import STATIC
from rulesets.continental.contracts import CONTRACTS

CLIENT = "client.js"
"""The one module that knows the API's paths."""

MODULES = sorted(path for path in STATIC.iterdir() if path.suffix == ".js")


def test_only_the_client_module_writes_an_api_path() -> None:
    assert (STATIC / CLIENT).is_file()
    writers = [path.name for path in MODULES if "/v1/" in path.read_text(encoding="utf-8")]
    assert writers == [CLIENT], writers
    # and every other module reaches the API through its named calls, never fetch() itself
    fetchers = [path.name for path in MODULES if re.search(r"\bfetch\(", path.read_text(encoding="utf-8"))]
    assert fetchers == [CLIENT], fetchers


def test_no_module_copies_the_contracts() -> None:
    """The contract names come from the API's answers (GET /v1/continental/contracts, the views)."""
    names = [contract.name for contract in CONTRACTS.values()]
    copies = {path.name: [n for n in names if n in path.read_text(encoding="utf-8")] for path in MODULES}
    assert not {name: found for name, found in copies.items() if found}


IMPORT = re.compile(r'^import [^;]*? from "([^"]+)";', re.MULTILINE)
"""An import statement (over one line or several) and the module it names."""


def test_every_module_imports_only_page_modules() -> None:
    for path in MODULES:
        for target in IMPORT.findall(path.read_text(encoding="utf-8")):
            assert target.startswith("/web/"), (path.name, target)
            assert (STATIC / target.removeprefix("/web/")).is_file(), (path.name, target)


FORMAT_CHECKS = """async () => {
    const f = await import("/web/format.js");
    return {
        signed: [f.signed(3), f.signed(-3), f.signed(0), f.signed(1.5, 2), f.signed(-0.001, 2),
                 f.signed(-0.84, 2)],
        chips: [f.chips(1.5), f.chips(-0.846), f.chips(0), f.chips(-0)],
        fixed: [f.fixed(0.126), f.fixed(3, 1)],
        percent: [f.percent(0.5), f.percent(0.125), f.percent(1)],
        names: ["Qh", "Td", "7c#2", "Jk", "zz"].map(f.cardName),
        texts: ["Qh", "Td", "Jk", "zz"].map(f.cardText),
        buttons: ["Ks", "Jk"].map(f.cardButtonName),
        bare: ["7c#2", "Jk#3", "As"].map(f.bare),
        split: f.splitCodes(" 7c 7d,Jk;; 10h "),
        verdicts: ["best", "blunder", "new"].map(f.verdictName),
        deck: [f.deckCodes().length, new Set(f.deckCodes()).size, f.deckCodes()[0]],
        shuffled: f.shuffled(f.deckCodes()).sort().join() === f.deckCodes().sort().join(),
        opponents: f.opponentsText({ opponents: "mixture", mixture: { greedy: 0.5, ev: 0.5 } }),
        oneModel: f.opponentsText({ opponents: "mixture", mixture: { greedy: 0, ev: 1 } }),
        normal: ["10s", "10♥", "jk", "qD", "7C#2", "Joker", "zz", "1h"].map(f.normalCode),
        plurals: ["3", "T", "10", "q", "A", "x"].map(f.rankPlural),
    };
}"""


def test_the_shared_formatting_has_one_behaviour(page: Any) -> None:
    page.goto("/")
    page.get_by_role("tablist", name="Tools").get_by_role("tab").first.wait_for()
    got = page.evaluate(FORMAT_CHECKS)
    assert got["signed"] == ["+3", "−3", "0", "+1.50", "0.00", "−0.84"]
    assert got["chips"] == ["+1.50", "−0.85", "0.00", "0.00"]
    assert got["fixed"] == ["0.13", "3.0"]
    assert got["percent"] == ["50%", "12.5%", "100%"]
    assert got["names"] == ["Queen of hearts", "10 of diamonds", "7 of clubs, copy 2", "Joker", "zz"]
    assert got["texts"] == ["Q♥", "10♦", "Jk", "zz"]
    assert got["buttons"] == ["K♠: King of spades", "Joker"]
    assert got["bare"] == ["7c", "Jk", "As"]
    assert got["split"] == ["7c", "7d", "Jk", "10h"]
    assert got["verdicts"] == ["Best", "Blunder", "new"]
    assert got["normal"] == ["Ts", "Th", "Jk", "Qd", "7c#2", "Jk", "zz", "1h"]
    assert got["plurals"] == ["Threes", "Tens", "Tens", "Queens", "Aces", "x"]
    assert got["deck"] == [52, 52, "As"]
    assert got["shuffled"] is True
    assert got["opponents"] == "mixed opponents (50% greedy, 50% EV players)"
    assert got["oneModel"] == "EV-playing opponents"  # issue 22: never "mixed opponents (100% EV players)"

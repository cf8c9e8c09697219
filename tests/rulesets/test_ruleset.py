"""Rulesets as data: the shipped files, validation that lists every problem, house rules."""

from pathlib import Path

import pytest

from rulesets.errors import RulesetError, UnknownRulesetError
from rulesets.ruleset import load_ruleset, parse_ruleset, ruleset_names


def test_default_rulesets_load() -> None:
    assert {"ramchi", "continental"} <= set(ruleset_names())
    ramchi = load_ruleset("ramchi").options
    assert (ramchi.tie_goes_to, ramchi.out_players_pay, ramchi.four_of_a_kind_chips) == ("first", True, 4)
    continental = load_ruleset("continental").options
    assert (continental.card_values, continental.same_turn_bonus) == ("standard", -10)


def test_every_option_is_described() -> None:
    for name in ruleset_names():
        for option in load_ruleset(name).describe()["options"]:
            assert option["description"] and option["spec"]


def test_all_problems_are_reported_at_once() -> None:
    text = 'name = "bad"\ngame = "ramchi"\ncolour = 1\n[options]\ntie_goes_to = "middle"\n' \
           'four_of_a_kind_chips = -1\nout_players_pay = "yes"\nshoes = 2\n'
    with pytest.raises(RulesetError) as info:
        parse_ruleset(text)
    problems = "\n".join(info.value.problems)
    assert "unknown key 'colour'" in problems
    assert "tie_goes_to" in problems  # option problems are reported with top-level ones
    with pytest.raises(RulesetError) as info:
        parse_ruleset(text.replace("colour = 1\n", ""))
    problems = info.value.problems
    assert len(problems) == 4
    assert any("tie_goes_to" in p and "'first', 'last'" in p for p in problems)
    assert any("at least 0" in p for p in problems)
    assert any("true or false" in p for p in problems)
    assert any("unknown option 'shoes'" in p for p in problems)


def test_booleans_are_not_numbers() -> None:
    with pytest.raises(RulesetError, match="whole number"):
        load_ruleset("ramchi").with_options({"four_of_a_kind_chips": True})


def test_invalid_toml_is_reported() -> None:
    with pytest.raises(RulesetError, match="not valid TOML"):
        parse_ruleset("name = ")


def test_unknown_ruleset() -> None:
    with pytest.raises(UnknownRulesetError, match="installed: "):
        load_ruleset("poker")


def test_house_rulesets_from_extra_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "last_wins.toml").write_text(
        'name = "last_wins"\ngame = "ramchi"\n[options]\ntie_goes_to = "last"\n', encoding="utf-8")
    monkeypatch.setenv("RAMCHI_RULESETS_PATH", str(tmp_path))
    assert "last_wins" in ruleset_names()
    ruleset = load_ruleset("last_wins")
    assert ruleset.options.tie_goes_to == "last"
    assert ruleset.options.out_players_pay is True  # unset options keep their defaults


def test_a_broken_house_file_does_not_hide_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rulesets.ruleset import load_all

    (tmp_path / "broken.toml").write_text('name = "broken"\ngame = "ramchi"\n[options]\nx = 1\n',
                                          encoding="utf-8")
    monkeypatch.setenv("RAMCHI_RULESETS_PATH", str(tmp_path))
    valid, invalid = load_all()
    assert {"ramchi", "continental"} <= {r.name for r in valid}
    assert "unknown option 'x'" in invalid["broken"][0]

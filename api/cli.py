"""The ``ramchi`` command line: serve the API, upgrade its database, classify, compare, advise,
simulate, judge a log (``dispute``) and replay it (``ramchi --help`` lists the commands, ``ramchi
COMMAND --help`` their options).

>>> main(["classify", "2s", "3s", "5s"])
2s 3s 5s: Ramchi straight flush (2-3-5) (straight_flush, strength 571)
0
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulesets.ramchi.combinations import Classification

# Nothing heavy is imported here: ``ramchi --help`` and argument errors answer at once. Each
# command imports what it needs when it runs (the rules, the solver with OR-Tools and NumPy, the
# API stack with Flask and SQLAlchemy); tests/test_cli_startup.py checks that parsing loads none.


def _classification_line(result: Classification) -> str:
    codes = " ".join(result.codes)
    if not result.is_combination:
        return f"{codes}: no combination: {result.reason}"
    assert result.category is not None
    return f"{codes}: {result.name} ({result.category.key}, strength {result.strength})"


def _cmd_classify(args: argparse.Namespace) -> int:
    from rulesets.cards import parse_cards
    from rulesets.jsonable import jsonable
    from rulesets.ramchi.combinations import classify

    result = classify(parse_cards(args.cards, count=3, what="classify"))
    if args.json:
        print(json.dumps(jsonable(result), ensure_ascii=False))
    else:
        print(_classification_line(result))
    return 0


def _cmd_compare(args: argparse.Namespace) -> int:
    from rulesets.cards import parse_cards
    from rulesets.jsonable import jsonable
    from rulesets.ramchi.combinations import compare_combinations

    cards = parse_cards(args.cards, count=6, what="compare (three cards, then three more)")
    result = compare_combinations(cards[:3], cards[3:])
    if args.json:
        print(json.dumps(jsonable(result), ensure_ascii=False))
    elif result.winner == "tie":
        print(f"tie: {result.explanation}")
    else:
        print(f"{result.winner} wins: {result.explanation}")
    return 0


def _cmd_rulesets(args: argparse.Namespace) -> int:
    from rulesets.ruleset import load_all

    valid, invalid = load_all()
    if args.json:
        print(json.dumps({"rulesets": [ruleset.describe() for ruleset in valid],
                          "invalid": [{"name": name, "problems": problems}
                                      for name, problems in invalid.items()]},
                         ensure_ascii=False, indent=2))
        return 1 if invalid else 0
    for ruleset in valid:
        print(f"{ruleset.name} ({ruleset.game}): {ruleset.title}")
        for option in ruleset.describe()["options"]:
            print(f"  {option['name']} = {json.dumps(option['value'])}: {option['description']}")
    for name, problems in invalid.items():
        print(f"ramchi: ruleset {name!r} does not load: {'; '.join(problems)}", file=sys.stderr)
    return 1 if invalid else 0


def _advice_lines(advice: Any) -> list[str]:
    """The advice as a player reads it: rounds, discards, value, exchange, why."""
    lines = [f"Objective: {advice.objective}"]
    for item in advice.combinations:
        chance = "" if item.win_probability is None else f"  wins {item.win_probability:.0%}"
        cards = " ".join(card.pretty for card in item.cards)
        lines.append(f"  round {item.round}: {cards:<9} {item.name}{chance}")
    lines.append(f"  discard: {' '.join(card.pretty for card in advice.discards)}")
    if advice.expected_chips is not None:
        lines.append(f"Expected chips: {advice.expected_chips:+.2f} ± {advice.standard_error:.2f} "
                     f"({advice.samples} samples, seed {advice.seed})")
    if advice.margin is not None:
        how = "a clear choice" if advice.margin.clear else "too close to call"
        lines.append(f"Lead over the runner-up: {advice.margin.chips:+.2f} ± "
                     f"{advice.margin.standard_error:.2f} chips ({how})")
    if advice.exchange.possible:
        verdict = "exchange the 2♦ for the up-card" if advice.exchange.recommended else "keep the 2♦"
        lines.append(f"Exchange: {verdict}")
    if advice.four_of_a_kind is not None:
        lines.append(f"Four of a kind: {advice.four_of_a_kind.note}")
    lines.append(advice.explanation)
    if advice.budget_note:
        lines.append(advice.budget_note)
    return lines


def _cmd_advise(args: argparse.Namespace) -> int:
    from rulesets.cards import parse_cards
    from rulesets.jsonable import jsonable
    from rulesets.ramchi.deal import HAND_SIZE
    from solver.ramchi.advice import advise

    hand = parse_cards(args.cards, count=HAND_SIZE, what="the hand")
    up_card = parse_cards([args.up_card], what="the up-card")[0] if args.up_card else None
    advice = advise(hand, up_card, objective=args.objective, seed=args.seed, samples=args.samples,
                    opponents=args.opponents, seat=args.seat, dealer=args.dealer,
                    deadline=_deadline(args.budget))
    if args.json:
        print(json.dumps(jsonable(advice), ensure_ascii=False, indent=2))
    else:
        print("\n".join(_advice_lines(advice)))
    return 0


def _cmd_dispute(args: argparse.Namespace) -> int:
    from api.dispute_cli import api_verdict, judge_file, read_dispute, verdict_lines

    body = read_dispute(args.file)
    verdict = judge_file(body, args.file)
    if args.json:
        print(json.dumps(api_verdict(body, verdict), ensure_ascii=False, indent=2))
    else:
        print("\n".join(verdict_lines(verdict)))
    return 0 if verdict["legal"] else 1


def _deadline(budget: float | None) -> Any:
    """The deadline of ``--budget SECONDS`` (``None``: no limit, the command line's default)."""
    from solver.budget import Deadline

    return None if budget is None else Deadline.after(budget)


def _budget_arg(text: str) -> float:
    """``--budget SECONDS``: a positive number."""
    try:
        value = float(text)
    except ValueError:
        value = -1
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"expected seconds between 0 and 3600, got {text!r}")
    return value


def _contract_arg(text: str) -> tuple[int, int]:
    """``--contract T,R``: trios and runs."""
    try:
        trios, runs = (int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected trios,runs such as 2,1; got {text!r}") from None
    return trios, runs


def _other_player_arg(text: str) -> Any:
    """``--other-player SIZE[:dropped][:picked=CARDS][:bought=CARDS][:turns=N][:discarded=CARDS]
    [:passed=CARDS]`` (see :mod:`api.continental.advise_cli`).
    """
    from api.continental.advise_cli import other_player_arg

    return other_player_arg(text)


def _samples_arg(text: str) -> int:
    """``--samples N``: 1 to the most a Continental advice takes."""
    from solver.limits import CONTINENTAL_MAX_SAMPLES

    if not text.isdigit() or not 1 <= int(text) <= CONTINENTAL_MAX_SAMPLES:
        raise argparse.ArgumentTypeError(f"expected 1 to {CONTINENTAL_MAX_SAMPLES} samples, got {text!r}")
    return int(text)


def _seed_arg(text: str) -> int:
    """``--seed N``: a whole number from 0."""
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a whole number from 0, got {text!r}")
    return int(text)


def _option_arg(text: str) -> tuple[str, Any]:
    """``--option name=value``: the value read as JSON when it is JSON (``true``, ``8``), else text."""
    name, equals, value = text.partition("=")
    if not equals or not name:
        raise argparse.ArgumentTypeError(f"expected name=value such as card_values=face_value; got {text!r}")
    try:
        return name, json.loads(value)
    except ValueError:
        return name, value


def _continental_lines(body: dict[str, Any]) -> list[str]:
    """Continental advice as a player reads it (from the JSON the API answers)."""
    contract = body["contract"]
    what = f"Hand {contract['hand']}" if contract["hand"] else "Contract"
    lines = [f"{what}: {contract['name']}; {len(body['hand'])} cards"]
    if body["drop"]:
        lines.append("Drop: " + " | ".join(meld["text"] for meld in body["drop"]))
    for lay_off in body["lay_offs"]:
        joker = lay_off["card"] == "Jk"
        end = (f" ({'to the' if joker else 'its joker moves to the'} {lay_off['end']} end)"
               if lay_off["end"] else "")
        lines.append(f"Lay off {lay_off['card']} on {lay_off['target']} meld {lay_off['meld'] + 1}"
                     f"{end}: {lay_off['result']['text']}")
    if body["goes_out"]:
        lines.append("Go out" + (f" by discarding {body['discard']}" if body["discard"] else ""))
    elif body["discard"]:
        lines.append(f"Discard {body['discard']}: {body['points_left']} points left in hand")
    if not body["drawn"]:
        lines.append("Before your draw: no drop or discard yet")
    if body["distance"]:
        outs = " ".join(f"{out['card']}×{out['unseen']}" for out in body["outs"])
        lines.append(f"Distance {body['distance']}; outs ({body['outs_total']} unseen): {outs}")
    if body["discard_ranking"] and not body["can_drop"] and not body["dropped"]:
        lines.append("Discards, best first:")
        for option in body["discard_ranking"][:8]:
            lines.append(f"  {option['card']:<3} distance {option['distance']}  outs "
                         f"{option['outs_total']:>3}  next outs {option['next_outs']:6.2f}  "
                         f"points {option['points']}")
    for name, key in (("Take the discard", "take_discard"), ("Buy", "buy")):
        if body[key] is not None:
            lines.append(f"{name}: {'yes' if body[key]['advised'] else 'no'}: {body[key]['reason']}")
    lines.append(body["explanation"])
    return lines


def _cmd_continental_advise(args: argparse.Namespace) -> int:
    from api.continental.advise_cli import expected_lines, turned_down
    from api.continental.answers import objective_json
    from api.continental.cards import parse_continental_groups
    from rulesets.cards import parse_cards
    from rulesets.continental.deck import Deck
    from rulesets.errors import InvalidInputError
    from rulesets.ruleset import load_ruleset
    from solver.continental.advice import contract_for
    from solver.continental.expected import DEFAULT_SAMPLES
    from solver.continental.expected_advice import advise_by_objective
    from solver.continental.public import OtherPlayer

    ruleset = load_ruleset(args.ruleset).with_options(dict(args.option))
    ruleset = ruleset.for_game("continental", "Continental")
    trios, runs = args.contract or (None, None)
    contract = contract_for(args.hand_number, trios, runs)
    pile = list(args.discards) if args.discards is not None else None
    if pile is not None and args.discard_top:
        same = [parse_cards([card], jokers=True, what=what)[0].code
                for card, what in ((pile[-1] if pile else "", "the last discard"),
                                   (args.discard_top, "the discard top"))] if pile else []
        if not same or same[0] != same[1]:
            raise InvalidInputError("the last card of --discards must be --discard-top: the top of "
                                    "the pile is its last card", code="top_not_on_pile")
        pile = pile[:-1]  # the top counted once, as --discard-top
    groups = {"hand": " ".join(args.cards)}
    groups |= {f"table meld {i + 1}": meld for i, meld in enumerate(args.table)}
    groups |= {"discard top": args.discard_top} if args.discard_top else {}
    groups |= {} if pile is None else {"discards": " ".join(pile)}
    for i, other in enumerate(args.other_player):
        groups |= {f"other player {i + 1} picked": " ".join(other.picked_up),
                   f"other player {i + 1} bought": " ".join(other.bought)}
    groups["seen"] = " ".join(args.seen)
    cards = parse_continental_groups(groups, Deck.for_players(ruleset.options.max_players))
    hand = cards["hand"]
    table = [cards[f"table meld {i + 1}"] for i in range(len(args.table))]
    top = cards["discard top"][0] if args.discard_top else None
    others = [OtherPlayer(other.hand_size, other.dropped, cards[f"other player {i + 1} picked"],
                          cards[f"other player {i + 1} bought"], other.turns, *turned_down(i, other))
              for i, other in enumerate(args.other_player)]
    discards = None if pile is None else (*cards["discards"], *(() if top is None else (top,)))
    told = advise_by_objective(hand, contract, objective=args.objective, dropped=args.dropped,
                               drawn=args.drawn, table=table, discard_top=top, seen=cards["seen"],
                               options=ruleset.options, others=others, discards=discards,
                               samples=args.samples or DEFAULT_SAMPLES, seed=args.seed,
                               deadline=_deadline(args.budget))
    body = objective_json(told, hand, table, options=ruleset.options)
    if args.json:
        print(json.dumps(body, ensure_ascii=False, indent=2))
    else:
        print("\n".join([*_continental_lines(body), *expected_lines(body)]))
    return 0


def _bots_arg(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    if len(names) < 2:
        raise argparse.ArgumentTypeError("name one bot per seat, e.g. advisor,random,random")
    return names


def _progress_bar(total: int, stream: Any, what: str = "hands") -> Any:
    """A callback drawing ``[#####.....] k/total hands`` on ``stream`` (a terminal), else nothing."""
    def show(done: int) -> None:
        if not stream.isatty():
            return
        filled = round(20 * min(done, total) / total)
        stream.write(f"\r[{'#' * filled}{'.' * (20 - filled)}] {done}/{total} {what}")
        if done >= total:
            stream.write("\n")
        stream.flush()
    return show


def _simulation_config(game: str, args: argparse.Namespace) -> tuple[dict[str, Any], int]:
    """The games' settings from the command line, and the most seats the ruleset allows."""
    import dataclasses

    from rulesets.ramchi.scoring import SEATS
    from rulesets.ruleset import load_ruleset

    ruleset = load_ruleset(args.ruleset or game).with_options(dict(args.option)).for_game(game)
    options = dataclasses.asdict(ruleset.options)
    seats = getattr(ruleset.options, "max_players", SEATS)
    return {"hands": args.hands, "ruleset": ruleset.name, "options": options}, seats


def _cmd_simulate(args: argparse.Namespace) -> int:
    from rulesets.errors import RulesError
    from rulesets.ramchi.scoring import SEATS
    from solver.bots import bots_of
    from solver.simulate import simulate

    game = args.simulate_game
    known = bots_of(game)
    unknown = [name for name in args.bots if name not in known]
    if unknown:
        raise RulesError(f"no bot {unknown[0]!r} in {game} (bots: {', '.join(known)})")
    config, most = _simulation_config(game, args)
    least = 2 if game == "continental" else SEATS
    if not least <= len(args.bots) <= most:
        seats = f"exactly {least}" if least == most else f"{least} to {most} (the max_players option)"
        raise RulesError(f"{len(args.bots)} bots named: {game} seats {seats} players, one bot each")
    if args.games < 1 or args.hands < 1 or (game == "continental" and args.hands > 7):
        raise RulesError("play at least one game (--games) of at least one hand (--hands; "
                         "Continental: 1 to 7)")
    total = args.games * args.hands
    result = simulate(game, args.bots, args.games, config=config, seed=args.seed,
                      progress=None if args.json else _progress_bar(total, sys.stderr))
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
        return 0
    print(f"{result.games} game(s), {result.hands} hands, {result.actions} actions in "
          f"{result.seconds:.1f} s (seed {args.seed}; {result.unit}: {result.better} is better)")
    print(f"{'seat':<6}{'bot':<10}{result.unit + '/hand':>13}{'95% CI':>10}{'wins':>8}{'total':>9}")
    for seat in result.seats:
        half = "" if seat.ci95 is None else f"±{seat.ci95:.1f}"
        print(f"{seat.seat:<6}{seat.bot:<10}{seat.per_hand:>13.2f}{half:>10}"
              f"{seat.wins:>8g}{seat.total:>9}")
    return 0


def _read_posted(path: str) -> tuple[Any, Any, list[Any]]:
    """The game kind, configuration and log of a file (``-``: standard input) holding the body of
    ``POST /v1/disputes`` or the answer of ``GET /v1/games/{id}/log``.
    """
    from api.dispute_cli import posted_game, read_dispute

    return posted_game(read_dispute(path), path)


def _step_line(step: dict[str, Any]) -> str:
    """One replayed record: its step number, its place (hand, round or turn) and the record in
    words; the posted record's index when it is not the step's (a log of only actions is told
    with the events the rules derive between them).

    >>> _step_line({"index": 5, "posted": 1, "hand": 1, "text": "Seat 0 arranges"})
    '   5  hand 1              Seat 0 arranges  (posted record 1)'
    >>> _step_line({"index": 2, "posted": None, "hand": 1, "text": "Hand 1 ends"})
    '   2  hand 1              Hand 1 ends  (derived by the rules)'
    """
    place = [f"{name} {step[name]}" for name in ("hand", "round", "turn") if step.get(name) is not None]
    line = f"{step['index']:>4}  {', '.join(place) or 'before the deal':<18}  {step['text']}"
    posted = step.get("posted", step["index"])
    if posted is None:
        return f"{line}  (derived by the rules)"
    return line if posted == step["index"] else f"{line}  (posted record {posted})"


def _verdict_line(answer: dict[str, Any]) -> str:
    """What the replay's verdict says, in one line; a refused record is named by its step too
    when its posted index is another number.
    """
    verdict = answer["verdict"]
    if verdict is None:
        return "not judged: the game is still running (its running hand is hidden)"
    if verdict["legal"]:
        return "legal: every record follows the rules" + ("; the game is over" if answer["finished"]
                                                           else "; the game is not over")
    step = next((step["index"] for step in answer["steps"] if step.get("posted") == verdict["index"]), None)
    at = f" at step {step}" if step not in (None, verdict["index"]) else ""
    return f"refused{at}: {verdict['message']} (the rule: {verdict['rule']})"  # the message names the record


def _cmd_replay(args: argparse.Namespace) -> int:
    kind, config, log = _read_posted(args.file)
    answer = kind.replay_log(config, log)
    if args.json:
        print(json.dumps(answer, ensure_ascii=False, indent=2))
    else:
        print("\n".join([*(_step_line(step) for step in answer["steps"]), _verdict_line(answer)]))
    verdict = answer["verdict"]
    return 1 if verdict is not None and not verdict["legal"] else 0


def _cmd_serve(args: argparse.Namespace) -> int:
    from api.serve import serve

    serve(host=args.host, port=args.port, workers=args.workers, threads=args.threads,
          keepalive=args.keepalive, read_timeout=args.read_timeout)
    return 0


def _cmd_db(args: argparse.Namespace) -> int:
    from sqlalchemy.exc import SQLAlchemyError

    from api import migrate
    from api.store import open_store

    url = args.url or migrate.configured_url()
    where = migrate.display_url(url)
    engine = open_store(url)
    try:
        if args.db_command == "prune":
            return _prune(engine, where, args)
        if args.db_command == "upgrade":
            before, after = migrate.upgrade(engine)
            change = "already at" if before == after else f"upgraded from {before or 'nothing'} to"
            print(f"{where}: {change} revision {after} (head)")
        else:
            problem = migrate.schema_problem(engine)
            print(problem or f"{where}: revision {migrate.head_revision()} (head)")
    except (migrate.SchemaNotCurrent, SQLAlchemyError) as err:
        print(f"ramchi: {where}: {str(err).splitlines()[0]}", file=sys.stderr)
        return 1
    finally:
        engine.dispose()
    return 0


def _prune(engine: Any, where: str, args: argparse.Namespace) -> int:
    """``ramchi db prune``: remove the games idle past their retention; print how many."""
    from api import migrate
    from api.retention import Retention, prune
    from rulesets.errors import RulesError

    try:
        settings = Retention.from_settings()
    except ValueError as err:
        raise RulesError(str(err)) from None
    retention = Retention(settings.finished_days if args.finished_days is None else args.finished_days,
                          settings.abandoned_days if args.abandoned_days is None else args.abandoned_days)
    if not min(retention.finished_days, retention.abandoned_days) >= 0:
        raise RulesError("--finished-days and --abandoned-days are days, 0 or more (0: keep forever)")
    migrate.require_up_to_date(engine)
    pruned = prune(engine, retention, dry_run=args.dry_run)
    print(f"{where}: {pruned.summary(retention, dry_run=args.dry_run)}")
    return 0


class _HelpFormatter(argparse.HelpFormatter):
    """Help that shows each option's default, unless it has none worth showing or says it already.

    (``argparse.ArgumentDefaultsHelpFormatter`` also prints ``(default: None)`` and ``(default:
    False)``.)
    """

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if (not action.option_strings or action.nargs == 0 or default is None or default == []
                or default is argparse.SUPPRESS or "default" in text):
            return text
        return f"{text} (default: %(default)s)"


class _VersionAction(argparse.Action):
    """``--version``: the installed package's version, read only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: Any = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=default, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("ramchi-referee")
        except PackageNotFoundError:  # running from a source tree without installing
            number = "0+unknown"
        print(f"{parser.prog} {number}")
        parser.exit()


def _seat_arg(name: str) -> Callable[[str], int]:
    """The reader of a Ramchi seat number (``name``: ``seat`` or ``dealer``), checked by the rules."""
    def read(text: str) -> int:
        from rulesets.ramchi.scoring import seat_problems

        try:
            seat = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a seat number, got {text!r}") from None
        for problem in seat_problems(seat, name):
            raise argparse.ArgumentTypeError(problem.message)
        return seat
    return read


def _command(commands: Any, name: str, text: str) -> argparse.ArgumentParser:
    """A sub-command parser with ``text`` as its help and description, and defaults shown."""
    description = f"{text[:1].upper()}{text[1:]}.".replace("%%", "%")  # help is %-formatted, this not
    return commands.add_parser(name, help=text, description=description, formatter_class=_HelpFormatter)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every sub-command."""
    parser = argparse.ArgumentParser(prog="ramchi", description="Ramchi and Continental Rummy "
                                     "solver and referee.", formatter_class=_HelpFormatter)
    parser.add_argument("--version", action=_VersionAction, help="print the version and exit")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    serve = _command(commands, "serve", "run the HTTP API under gunicorn")
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    serve.add_argument("--port", type=int, default=8000, help="the port to listen on")
    serve.add_argument("--workers", type=int, help="worker processes (default: $RAMCHI_WORKERS or 1; "
                       "each runs its share of the cores as solver processes)")
    serve.add_argument("--threads", type=int, help="threads per worker (default: $RAMCHI_THREADS or 8)")
    serve.add_argument("--keepalive", type=float,
                       help="seconds an idle connection stays open (default: $RAMCHI_KEEPALIVE or 5)")
    serve.add_argument("--read-timeout", type=float,
                       help="seconds a whole request may take to arrive (default: "
                            "$RAMCHI_READ_TIMEOUT or 10)")
    serve.set_defaults(run=_cmd_serve)

    db_cmd = _command(commands, "db", "the database: upgrade its schema, show its revision, "
                      "prune idle games")
    db_commands = db_cmd.add_subparsers(dest="db_command", required=True, metavar="ACTION")
    db_subs = {}
    for name, text in (("upgrade", "upgrade the schema to the newest revision (run before serving)"),
                       ("current", "show the schema revision of the database"),
                       ("prune", "remove games idle past their retention (finished: "
                                 "$RAMCHI_FINISHED_RETENTION_DAYS or 30 days; abandoned: "
                                 "$RAMCHI_ABANDONED_RETENTION_DAYS or 7 days)")):
        db_sub = db_subs[name] = _command(db_commands, name, text)
        db_sub.add_argument("--url", help="database URL (default: DATABASE_URL, else the SQLite file "
                            "`ramchi serve` uses)")
        db_sub.set_defaults(run=_cmd_db)
    db_subs["prune"].add_argument("--finished-days", type=float, metavar="DAYS",
                                  help="keep finished games this many days idle (0: forever)")
    db_subs["prune"].add_argument("--abandoned-days", type=float, metavar="DAYS",
                                  help="keep unfinished games this many days idle (0: forever)")
    db_subs["prune"].add_argument("--dry-run", action="store_true",
                                  help="count the games that would be removed; remove nothing")

    classify_cmd = _command(commands, "classify", "classify three cards, e.g. As 2s 3s")
    classify_cmd.add_argument("cards", nargs="+", help="three card codes (As, 10h, a♠ ...)")
    classify_cmd.add_argument("--json", action="store_true", help="print JSON (as the API answers)")
    classify_cmd.set_defaults(run=_cmd_classify)

    compare_cmd = _command(commands, "compare", "compare two combinations: 6 cards")
    compare_cmd.add_argument("cards", nargs="+", help="three cards of a, then three of b")
    compare_cmd.add_argument("--json", action="store_true", help="print JSON (as the API answers)")
    compare_cmd.set_defaults(run=_cmd_compare)

    advise_cmd = _command(commands, "advise", "arrange a 17-card Ramchi hand")
    advise_cmd.add_argument("cards", nargs="+", help="your 17 cards")
    advise_cmd.add_argument("--up-card", help="the face-up 52nd card (for the 2♦ exchange)")
    advise_cmd.add_argument("--objective", default="ev",
                            help="what to optimise: ev (expected chips) or maximin (as many "
                                 "combinations as possible, the weakest as strong as possible)")
    advise_cmd.add_argument("--opponents", default="mixture",
                            help="how the opponents arrange: greedy, solver (maximin), ev "
                                 "(expected chips against greedy players) or mixture")
    advise_cmd.add_argument("--samples", type=int,
                            help="opponent splits sampled, for ev (default: the solver's, fewer "
                                 "when solver opponents are assumed)")
    advise_cmd.add_argument("--seed", type=int, default=1,
                            help="the seed of the sampled splits: the same seed, the same advice")
    advise_cmd.add_argument("--seat", type=_seat_arg("seat"), default=0, metavar="SEAT",
                            help="your seat, numbered in play order from 0")
    advise_cmd.add_argument("--dealer", type=_seat_arg("dealer"), metavar="SEAT",
                            help="the dealer's seat (default: unknown; the samples rotate through "
                                 "every dealer)")
    advise_cmd.add_argument("--budget", type=_budget_arg, metavar="SECONDS",
                            help="stop by then with the best found so far (default: no limit)")
    advise_cmd.add_argument("--json", action="store_true", help="print JSON (as the API answers)")
    advise_cmd.set_defaults(run=_cmd_advise)

    dispute_cmd = _command(commands, "dispute", "judge a game's log and print the verdict in words "
                           "(exit 0 legal, 1 illegal, 2 bad input)")
    dispute_cmd.add_argument("file", metavar="FILE", help="the body of POST /v1/disputes, or a GET "
                             "/v1/games/{id}/log answer, as JSON (- for standard input)")
    dispute_cmd.add_argument("--json", action="store_true", help="print the verdict as JSON (as the API "
                             "answers, without its events and log)")
    dispute_cmd.set_defaults(run=_cmd_dispute)

    continental_cmd = _command(commands, "continental", "Continental Rummy: advise a hand")
    continental_commands = continental_cmd.add_subparsers(dest="continental_command", required=True,
                                                          metavar="ACTION")
    cont_advise = _command(continental_commands, "advise",
                           "the turn to play: drop, lay off, discard; distance, outs, take and buy")
    cont_advise.add_argument("cards", nargs="+", help="your cards (7c, 10h, Jk ...)")
    cont_advise.add_argument("--hand-number", type=int, help="the hand being played, 1-7")
    cont_advise.add_argument("--contract", type=_contract_arg, metavar="T,R",
                             help="any contract as trios,runs (instead of --hand-number)")
    cont_advise.add_argument("--table", action="append", default=[], metavar="CARDS",
                             help='a meld on the table, e.g. "5h 6h 7h 8h" (repeat for each meld)')
    cont_advise.add_argument("--discard-top", help="the top card of the discard pile")
    cont_advise.add_argument("--seen", nargs="+", default=[], metavar="CARD",
                             help="other cards known not to be in the stock")
    cont_advise.add_argument("--dropped", action="store_true",
                             help="you have laid your contract down (only lay-offs)")
    cont_advise.add_argument("--discards", nargs="*", metavar="CARD",
                             help="the discard pile, bottom first (with --discard-top, its last card)")
    cont_advise.add_argument("--other-player", type=_other_player_arg, action="append", default=[],
                             metavar="SIZE[:dropped][:picked=CARDS][:bought=CARDS][:turns=N]"
                                     "[:discarded=CARDS][:passed=CARDS]",
                             help="another player in play order after you (repeat for each): its "
                                  "hand size, whether it dropped, the cards it drew from the pile "
                                  "or bought and still holds (commas between cards), the turns it "
                                  "has played this hand, the cards it discarded and the top "
                                  "discards it passed this hand, e.g. "
                                  "8:picked=Kd,7c:turns=3:discarded=3h:passed=Qc; expected "
                                  "points need them")
    cont_advise.add_argument("--objective", choices=["expected_points", "distance"],
                             default=None,
                             help="expected_points: the fewest points expected at the end of the "
                                  "hand, by playing it out on random deals (needs --other-player); "
                                  "distance: the exact advice alone (default: expected_points "
                                  "with --other-player, else distance)")
    cont_advise.add_argument("--samples", type=_samples_arg, default=None, metavar="N",
                             help="expected points: random deals each play is played out on "
                                  "(1-200, default 48)")
    cont_advise.add_argument("--seed", type=_seed_arg, default=0, metavar="N",
                             help="expected points: the seed of the deals (default 0)")
    drawn = cont_advise.add_mutually_exclusive_group()
    drawn.add_argument("--drawn", action="store_true", default=None,
                       help="the hand holds this turn's draw (by default read from its size)")
    drawn.add_argument("--before-draw", dest="drawn", action="store_false",
                       help="the hand is held before this turn's draw")
    cont_advise.add_argument("--ruleset", default="continental",
                             help="the ruleset whose options apply (`ramchi rulesets` lists them)")
    cont_advise.add_argument("--option", type=_option_arg, action="append", default=[],
                             metavar="NAME=VALUE", help="an option override, e.g. card_values=face_value")
    cont_advise.add_argument("--budget", type=_budget_arg, metavar="SECONDS",
                             help="refuse past this many seconds of solver time (default: no limit)")
    cont_advise.add_argument("--json", action="store_true", help="print JSON (as the API answers)")
    cont_advise.set_defaults(run=_cmd_continental_advise)

    simulate_cmd = _command(commands, "simulate", "play whole games between bots")
    simulate_games = simulate_cmd.add_subparsers(dest="simulate_game", required=True, metavar="GAME")
    for game, bots, hands, games, unit in (
            ("continental", "ev, advisor or random", 7, 10, "points"),
            ("ramchi", "ev, maximin or greedy", 100, 1, "chips")):
        sim = _command(simulate_games, game, f"{game} games between bots: {unit} per hand of each, "
                       "with 95%% CIs")
        sim.add_argument("--bots", type=_bots_arg, required=True, metavar="BOT,BOT,...",
                         help=f"one bot per seat, in seat order: {bots}")
        sim.add_argument("--games", type=int, default=games, help="games to play")
        sim.add_argument("--hands", type=int, default=hands, help="hands per game")
        sim.add_argument("--seed", type=int, default=0, help="game g is played from seed + g")
        sim.add_argument("--ruleset", default=None,
                         help=f"the ruleset whose options apply (default: {game}; `ramchi rulesets` "
                              "lists them)")
        sim.add_argument("--option", type=_option_arg, action="append", default=[],
                         metavar="NAME=VALUE", help="an option override")
        sim.add_argument("--json", action="store_true", help="print JSON")
        sim.set_defaults(run=_cmd_simulate)

    replay_cmd = _command(commands, "replay", "tell a game log step by step, as a person would, and "
                          "its verdict (exit 1 if a record breaks the rules)")
    replay_cmd.add_argument("file", help="a JSON file (- for standard input): the body of POST "
                            "/v1/disputes, or the answer of GET /v1/games/{id}/log")
    replay_cmd.add_argument("--json", action="store_true", help="print JSON (as POST /v1/replays answers)")
    replay_cmd.set_defaults(run=_cmd_replay)

    rulesets_cmd = _command(commands, "rulesets", "list rulesets and their options")
    rulesets_cmd.add_argument("--json", action="store_true", help="print JSON (as GET /v1/rulesets)")
    rulesets_cmd.set_defaults(run=_cmd_rulesets)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for refused input, 3 when the solver ran
    out of its ``--budget``; ``dispute``: 1 for an illegal log).
    """
    args = build_parser().parse_args(argv)
    from rulesets.errors import RulesError

    try:
        return int(args.run(args))
    except RulesError as err:
        print(f"ramchi: {err.message}", file=sys.stderr)
        return 2
    except RuntimeError as err:  # the solver out of its --budget, or of a CP-SAT time limit
        if getattr(err, "code", None) not in ("budget_exceeded", "solver_timeout"):
            raise
        print(f"ramchi: {err}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())

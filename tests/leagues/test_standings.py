"""Points and tie-breaks on hand-computed examples."""

from __future__ import annotations

from bot.leagues.standings import MatchScore, match_points, rank


def test_points_tables_for_2_3_and_4_players() -> None:
    assert match_points(MatchScore((1, 2), ((1,), (2,)))) == {1: 3, 2: 0}
    assert match_points(MatchScore((1, 2), ((1, 2),))) == {1: 1.5, 2: 1.5}
    assert match_points(MatchScore((1, 2, 3), ((3,), (1,), (2,)))) == {3: 3, 1: 1, 2: 0}
    assert match_points(MatchScore((1, 2, 3, 4), ((4,), (3,), (2,), (1,)))) == {
        4: 3,
        3: 2,
        2: 1,
        1: 0,
    }
    # Two tied for second of four share (2 + 1) / 2.
    assert match_points(MatchScore((1, 2, 3, 4), ((1,), (2, 3), (4,)))) == {
        1: 3,
        2: 1.5,
        3: 1.5,
        4: 0,
    }
    # A resignation: the three others tie for first, (3 + 2 + 1) / 3 each; the forfeit scores 0.
    assert match_points(MatchScore((1, 2, 3, 4), ((1, 2, 3), (4,)), forfeited=frozenset({4}))) == {
        1: 2,
        2: 2,
        3: 2,
        4: 0,
    }
    # A player who left is ranked last and scores 0 even when tied with another leaver.
    assert match_points(MatchScore((1, 2, 3, 4), ((1,), (2, 3)), forfeited=frozenset({2, 3}))) == {
        1: 3,
        2: 0,
        3: 0,
        4: 0,
    }
    assert match_points(MatchScore((5,), ((5,),), bye=True)) == {5: 3}
    assert match_points(MatchScore((1, 2), ())) == {1: 0, 2: 0}  # void


def test_targi_round_robin_of_3_with_byes_by_hand() -> None:
    """Ann beats Bob, Bob beats Cat, Cat beats Ann; everyone had one bye (3 points)."""
    members = [(1, "Ann", False), (2, "Bob", False), (3, "Cat", False)]
    matches = [
        MatchScore((1, 2), ((1,), (2,))),
        MatchScore((3,), ((3,),), bye=True),
        MatchScore((2, 3), ((2,), (3,))),
        MatchScore((1,), ((1,),), bye=True),
        MatchScore((3, 1), ((3,), (1,))),
        MatchScore((2,), ((2,),), bye=True),
    ]
    rows = rank(members, matches, {1: 10.0, 2: 30.0, 3: 20.0})
    # All 6 points, Buchholz 12 each, head-to-head 1 each: the rating decides.
    assert [(r.name, r.points, r.buchholz, r.head_to_head) for r in rows] == [
        ("Bob", 6, 12, 1),
        ("Cat", 6, 12, 1),
        ("Ann", 6, 12, 1),
    ]
    assert [r.played for r in rows] == [2, 2, 2] and [r.wins for r in rows] == [1, 1, 1]


def test_buchholz_then_head_to_head_by_hand() -> None:
    """Four players, two 2-player rounds and one 4-player pod:
    round 1: A beats B, C beats D; round 2: A beats C, D beats B;
    round 3 (pod): D 1st, B 2nd, A 3rd, C 4th.
    Points: A 3+3+1 = 7, B 0+0+2 = 2, C 3+0+0 = 3, D 0+3+3 = 6.
    Buchholz: A = B+C + B+C+D = 2+3+2+3+6 = 16; D = C+B + A+B+C = 3+2+7+2+3 = 17;
              C = D+A + A+B+D = 6+7+7+2+6 = 28; B = A+D + A+C+D = 7+6+7+3+6 = 29.
    """
    members = [(1, "A", False), (2, "B", False), (3, "C", False), (4, "D", False)]
    matches = [
        MatchScore((1, 2), ((1,), (2,))),
        MatchScore((3, 4), ((3,), (4,))),
        MatchScore((1, 3), ((1,), (3,))),
        MatchScore((4, 2), ((4,), (2,))),
        MatchScore((1, 2, 3, 4), ((4,), (2,), (1,), (3,))),
    ]
    rows = rank(members, matches, {})
    assert [(r.name, r.points, r.buchholz) for r in rows] == [
        ("A", 7, 16),
        ("D", 6, 17),
        ("C", 3, 28),
        ("B", 2, 29),
    ]
    # Equal points and Buchholz: head-to-head decides before the rating.
    tied = [(1, "Xavier", False), (2, "Yvonne", False), (3, "Zed", False), (4, "Wes", False)]
    duel = [
        MatchScore((1, 2), ((2,), (1,))),
        MatchScore((3, 4), ((3,), (4,))),
        MatchScore((1, 4), ((1,), (4,))),
        MatchScore((2, 3), ((3,), (2,))),
        MatchScore((1, 3), ((1,), (3,))),
        MatchScore((2, 4), ((2,), (4,))),
    ]
    rows = rank(tied, duel, {1: 0.0, 2: 99.0, 3: 50.0})
    # Xavier, Yvonne and Zed: 6 points each, Buchholz 12 each; head-to-head 1 each again, so
    # the rating orders them; Wes (0 points) last.
    assert [r.name for r in rows] == ["Yvonne", "Zed", "Xavier", "Wes"]
    assert rows[0].points == rows[1].points == rows[2].points == 6
    two = rank(tied[:2], [MatchScore((1, 2), ((1, 2),)), MatchScore((1, 2), ((2,), (1,)))], {})
    assert [r.name for r in two] == ["Yvonne", "Xavier"]  # 4.5 vs 1.5


def test_head_to_head_breaks_a_tie_of_points_and_buchholz_by_hand() -> None:
    """A and C draw, then A beats C, C beats B.
    Points: A 1.5 + 3 = 4.5, C 1.5 + 0 + 3 = 4.5. Buchholz: A = C + C = 9, C = A + A + B = 9.
    Head-to-head: A 1/2 + 1 = 1.5, C 1/2: A ranks first although C's rating is higher."""
    members = [(1, "A", False), (2, "B", False), (3, "C", False)]
    matches = [
        MatchScore((3, 1), ((3, 1),)),
        MatchScore((1, 3), ((1,), (3,))),
        MatchScore((3, 2), ((3,), (2,))),
    ]
    rows = rank(members, matches, {3: 100.0})
    assert [(r.name, r.points, r.buchholz, r.head_to_head) for r in rows] == [
        ("A", 4.5, 9, 1.5),
        ("C", 4.5, 9, 0.5),
        ("B", 0, 4.5, 0),
    ]

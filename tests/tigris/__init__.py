"""Tigris & Euphrates' own tests."""

#: Every kind of decision T&E can wait for (``tests/test_contract_fuzz.py``'s ``kind_of``): the
#: fuzzing of random positions must meet each of them.
DECISION_KINDS = frozenset(
    {"turn", "support/revolt", "support/war", "war_order", "monument", "treasure", "over"}
)
#: Met in a few random games with two players only (four rarely build a monument).
FEWEST_SEATS_ONLY = frozenset({"monument"})

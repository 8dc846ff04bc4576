"""Targi's own tests."""

#: Every kind of decision Targi can wait for (``tests/test_contract_fuzz.py``'s ``kind_of``): the
#: fuzzing of random positions must meet each of them.
DECISION_KINDS = frozenset(
    {
        "raid",
        "place",
        "act",
        "tribe/centre",
        "tribe/expansion",
        "noble",
        "merchant",
        "silversmith",
        "fata_morgana",
        "take",
        "rearrange",
        "limits",
        "over",
    }
)

"""Take-away's own tests."""

#: Every kind of decision take-away can wait for (``tests/test_contract_fuzz.py``'s ``kind_of``).
DECISION_KINDS = frozenset({"turn", "over"})

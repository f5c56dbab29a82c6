"""A small collector used by every claim module."""

from __future__ import annotations

from .ledger import Claim


class Collector:
    """Collects the claims of one paper in the order they are checked."""

    def __init__(self, paper: str) -> None:
        self.paper = paper
        self.claims: list[Claim] = []

    def add(
        self,
        id: str,
        where: str,
        claim: str,
        claimed: str,
        computed: str,
        verdict: str,
        evidence: str,
    ) -> Claim:
        if any(c.id == id for c in self.claims):
            raise ValueError(f"duplicate claim id {id!r} in {self.paper}")
        c = Claim(self.paper, id, where, claim, claimed, computed, verdict, evidence)
        self.claims.append(c)
        return c

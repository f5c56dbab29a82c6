"""The set-ups of the experiments Mehta & Dahiya cite: random loss, a low-priority class.

The claims the paper cites from [2]-[5] as calls of :mod:`aimdmodel.studies`
(one flow of NewReno, Westwood+ and Veno under independent random loss,
:data:`MEHTA_DAHIYA_LOSS`; best-effort flows beside TCP-LP flows,
:data:`MEHTA_DAHIYA_LP`); the paper prints none of their parameters, so each
is chosen (why). :data:`papers.setups.SETUPS` gathers them with the other
papers' set-ups.

Examples
--------
>>> MEHTA_DAHIYA_LOSS.function, MEHTA_DAHIYA_LP.function
('random_loss', 'low_priority')
>>> MEHTA_DAHIYA_LP.kwargs("ledger")["duration"]
60.0
"""

from __future__ import annotations

from ..experiment_setup import Setup, param

__all__ = ["MEHTA_DAHIYA_LOSS", "MEHTA_DAHIYA_LP", "SETUPS"]

_MEHTA_NET = (
    param("link_rate", 10e6, "the cited claims name no network: a 10 Mb/s bottleneck"),
    param("base_rtt", 0.1, "not printed (the library's default RTT)"),
    param("buffer", None, "not printed (83 packets)"),
    param("packet_size", 1500, "not printed"),
)
MEHTA_DAHIYA_LOSS = Setup(
    "mehta-dahiya-random-loss", "one flow of NewReno, Westwood+ and Veno under independent "
    "random loss p (the claims Mehta & Dahiya cite from [3]-[5])", "random_loss",
    (
        param("variants", ("newreno", "westwood", "veno"), "NewReno is the reference: the model's "
              "Westwood+ and Veno use its loss recovery, so only the window rule differs"),
        param("loss_rates", (0.0, 0.001, 0.003, 0.01, 0.03, 0.05, 0.1), "from no random loss "
              "(congestion losses only) to 10%, around the cited 'a few percent'"),
        *_MEHTA_NET,
        param("duration", 200.0, "not printed"), param("warmup", 20.0, "not printed"),
        param("replications", 10, "not printed"),
    ),
    {"ledger": ({"duration": 60.0, "warmup": 10.0, "replications": 1},
                "one replication of 60 s")},
)
MEHTA_DAHIYA_LP = Setup(
    "mehta-dahiya-low-priority", "two NewReno flows with and without two TCP-LP flows beside "
    "them, and the TCP-LP flows alone (the claims Mehta & Dahiya cite from [2])", "low_priority",
    (
        param("primary", "newreno", "the best-effort class"), param("low", "lp", "TCP-LP"),
        param("n_primary", 2, "two of each class"), param("n_low", 2, "two of each class"),
        param("primary_rwnd", 20, "a 20-packet receiver window holds the best-effort flows to "
              "about half the link, leaving excess bandwidth for TCP-LP to use"),
        *_MEHTA_NET,
        param("duration", 200.0, "not printed"), param("warmup", 20.0, "not printed"),
        param("replications", 10, "not printed"),
    ),
    {"ledger": ({"duration": 60.0, "warmup": 10.0, "replications": 1},
                "one replication of 60 s")},
)

SETUPS: tuple[Setup, ...] = (MEHTA_DAHIYA_LOSS, MEHTA_DAHIYA_LP,)
"""The paper's set-ups, in the order :data:`papers.setups.SETUPS` lists them."""

"""Response constants C in throughput = (MSS/RTT) C / sqrt(p).

Proves, for one flow with one loss per cycle (p = 1/N, N packets per cycle)
in the fluid limit, C = sqrt(N) / (cycle length):

* AIMD(a, b):       C^2 = a (1 + b) / (2 (1 - b)); C1 = sqrt(3/2) at (1, 1/2)
                    (Lahanas & Tsaoussidis 2003, Eq. 2);
* AIMD-FC(a, b):    C^2 = a (3 - b) / (2 (1 - b)); C2 = sqrt(5/2) at (1, 1/2) (Eq. 8);
* AIMD-FC+(a, b, f): the constant the paper does not give; C = 2 at (1, 1/2, 1/2),
  from the packets of Fig. 4's caption;
* the TCP-friendly increase a(b) that gives AIMD(a, b) (and AIMD-FC(a, b)) TCP's C1
  (Floyd, Handley & Padhye's periodic-loss criterion: a = 3(1 - b)/(1 + b), 1/5 at b = 7/8),
  and Yang & Lam's own criterion for GAIMD (equal window at loss: a = 4(1 - b^2)/3, 5/16 at
  b = 7/8; their pair is (0.31, 7/8)). Lahanas & Tsaoussidis 2003's GAIMD (b_D = 7/8) is
  Yang & Lam's.

derive() computes N by integrating the window the policy's own advance()
produces over the cycle; the paper's Fig. 3 and 4 captions count the same
packets as a rectangle plus a triangle. The two must agree.
"""

from __future__ import annotations

from _check import check
from sympy import Rational, sqrt, symbols

from aimdmodel import AIMD, AIMDFC, AIMDFCPlus
from aimdmodel.symbolic import W, derive, tcp_friendly_increase
from papers.lahanas2003 import (
    FIG3_CAPTION,
    FIG4_CAPTION,
    GAIMD_DECREASE,
    RESPONSE_C1,
    RESPONSE_C2,
    caption_cycle,
)

a, b, f = symbols("a b f", positive=True)
HALF = Rational(1, 2)


def caption(low, rise):
    """Packets of a cycle climbing from low*W by rise*W (papers.lahanas2003.caption_cycle:
    rectangle + triangle), and its length."""
    packets, length = caption_cycle(Rational(low), Rational(rise))
    return packets * W**2, length * W


print("# Response constants (fluid limit, one loss per cycle)\n")

aimd = derive(AIMD(a=a, b=b))
print(aimd.derivation)
check("AIMD(a, b): C^2", aimd.response_constant**2, a * (1 + b) / (2 * (1 - b)))
n_packets, length = caption(HALF, HALF)  # Mathis et al.: W/2 to W in W/2 RTTs
check("AIMD(1, 1/2): N = (W/2)(W/2) + (W/2)^2/2", derive(AIMD()).packets_per_cycle, n_packets)
check("C1 = sqrt(3/2) (Eq. 2)", derive(AIMD()).response_constant, RESPONSE_C1)
print()

fc = derive(AIMDFC(a=a, b=b))
print(fc.derivation)
check("AIMD-FC(a, b): C^2", fc.response_constant**2, a * (3 - b) / (2 * (1 - b)))
n_packets, length = caption(*FIG3_CAPTION)  # Fig. 3 caption
fc1 = derive(AIMDFC())
check("Fig. 3 caption: N = (2/3 W)(1/3 W) + 1/2 (1/3 W)^2", fc1.packets_per_cycle, n_packets)
check("Fig. 3 caption: the cycle takes W/3 RTTs", fc1.cycle_length, length)
check("C2 = sqrt(5/2) (Eq. 8)", fc1.response_constant, RESPONSE_C2)
print()

fcp = derive(AIMDFCPlus(a=a, b=b, f=f))
print(fcp.derivation)
fcp1 = derive(AIMDFCPlus())
n_packets, length = caption(*FIG4_CAPTION)  # Fig. 4 caption, B read as W
check("Fig. 4 caption: N = (7/9 W)(2/9 W) + 1/2 (2/9 W)^2", fcp1.packets_per_cycle, n_packets)
check("Fig. 4 caption: the cycle takes 2/9 W RTTs", fcp1.cycle_length, length)
check("AIMD-FC+(1, 1/2, 1/2): C = sqrt(16/81)/(2/9) = 2 (not in the paper)",
      fcp1.response_constant, sqrt(n_packets) / length)
check("AIMD-FC+(a, b, f) at b = f = 1/2: C^2 = 4 a",
      (fcp.response_constant**2).subs({b: HALF, f: HALF}), 4 * a)
print()

print("## TCP-friendly increase: C(a, b) = C(1, 1/2)\n")
check("AIMD: a = 3 (1 - b)/(1 + b)", tcp_friendly_increase(b), 3 * (1 - b) / (1 + b))
check("AIMD, b = 7/8, periodic-loss criterion (Floyd, Handley & Padhye): a = 1/5",
      tcp_friendly_increase(GAIMD_DECREASE), Rational(1, 5))
check("Yang & Lam's criterion (equal window at loss): a = 4 (1 - b^2)/3",
      tcp_friendly_increase(b, criterion="yang-lam"), 4 * (1 - b**2) / 3)
check("Yang & Lam's criterion at GAIMD's b = 7/8 (Lahanas & Tsaoussidis 2003's beta = 8/7): "
      "a = 5/16 (they use 0.31)",
      tcp_friendly_increase(GAIMD_DECREASE, criterion="yang-lam"), Rational(5, 16))
check("AIMD-FC: a = 3 (1 - b)/(3 - b)", tcp_friendly_increase(b, policy=AIMDFC),
      3 * (1 - b) / (3 - b))
check("AIMD-FC at b = 1/2 needs a = 3/5 to be TCP-friendly",
      tcp_friendly_increase(HALF, policy=AIMDFC), Rational(3, 5))
print("\nAll response-constant statements checked.")

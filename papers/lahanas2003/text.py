# ruff: noqa: E501, W291
"""Lahanas & Tsaoussidis, Exploiting the efficiency and fairness potential of AIMD-based congestion avoidance and control, Computer Networks 43 (2003) 227-245.

The passages of the paper that the claims ledger quotes, copied verbatim from the
paper's text (the sentences, tables or formulas quoted, in the paper's order), each
with the section it stands in. :mod:`papers.texts` locates quotes in them;
tests/test_texts.py checks them against that text when it is available.
"""

SOURCE = '003_4d21306e718ec01f.txt'
"""The file of the paper's text the passages come from (its name is the text's own)."""
SHA256 = '0e5514728680bec3e316538adab0120d52f975a848089417e290280749aa3ffb'
"""sha256 of that file (UTF-8), to tell a changed text."""
SECTIONS = (
    'Abstract',
    '1. Introduction',
    '2. System model',
    '2.1. A pseudocode for AIMD',
    '2.2. Observations on the dynamics of AIMD',
    '3. AIMD-fast convergence algorithm',
    '3.1. AIMD-FC goals and metrics',
    '3.2. AIMD-FC',
    '3.3. Correctness, efficiency and system limitations',
    '3.3.1. Correctness',
    '3.3.2. Efficiency of AIMD-FC',
    '3.3.3. Smoothness',
    '3.3.4. Responsiveness',
    '3.3.5. Algorithm limitations',
    '4. AIMD-FC+ convergence algorithm',
    '4.1. Convergence lemma',
    '4.2. AIMD-FC+',
    '4.2.1. Correctness',
    '4.2.2. Efficiency of AIMD-FC+',
    '4.2.3. Responsiveness and smoothness',
    '5. Experiments with TCP',
    '5.1. Stationary environment',
    '5.2. Graduated contention increase',
    '5.3. Graduated bandwidth increase',
    '6. Discussion',
    '7. Conclusion',
    'References',
)
"""The section headings of the paper, in order, as printed (without markup)."""

PASSAGES = (
    ('1. Introduction', r"""We present an improvement of the AIMD algorithm that impacts positively both efficiency and fairness: efficiency is improved up to 14% and fairness is achieved faster and smoother."""),
    ('2. System model', r"""In the standard AIMD scheme which is also used in TCP, a_I is 1 and b_D is $1/2$."""),
    ('2.1. A pseudocode for AIMD', r"""
$$\sum(w+k) \geq X_{\text{goal}} \text{ State : } x_1 + x_2 + 2k_1 \geq W$$"""),
    ('2.1. A pseudocode for AIMD', r"""It can be seen from this numerical example that two flows running the AIMD algorithm will converge to fairness after $1 + \lg x_2$ cycles (the unknown terms $x_1/2^{1+\lg x_2}$ and $x_2/2^{1+\lg x_2}$ become practically insignificant).⁶ In general, if the multiplicative decrease parameter is $b_D = 1/\beta$ and x_1 and x_2 are the initial windows of two flows then these flows will converge to fairness in $\log_\beta(\max(x_1, x_2)) + 1$ cycles⁷ or $O(W \log_\beta W)$ steps because of the linear increase."""),
    ('2.1. A pseudocode for AIMD', r"""Also note that the windows of the corresponding flows take only integer values."""),
    ('2.1. A pseudocode for AIMD', r"""A system of m flows $S(f_1, f_2, \dots, f_m)$, where f_i is the flow i and w_i is its corresponding instantaneous throughput, converges to fairness in n cycles if w_1, w_2, \dots, w_m become equal exactly at the n th cycle."""),
    ('2.2. Observations on the dynamics of AIMD', r"""Two algorithms may need the same number of cycles to converge to fairness: for example, two variants of AIMD with different additive increase rate but the same multiplicative decrease ratio."""),
    ('3.1. AIMD-FC goals and metrics', r"""However, an undesirable property of these algorithms is that, a system of TCP-friendly flows reaches equilibrium later than AIMD."""),
    ('3.1. AIMD-FC goals and metrics', r"""In terms of throughput, the performance of TCP is $(MSS/RTT)(3/4)W$ [10], which implies 75% bandwidth utilization when the"""),
    ('3.3.1. Correctness', r"""The terms on the right of x_1 - and x_2 -fractions of both series are equal. AIMD-System converges to fairness if and only if $x_1/2^n$ and $x_2/2^n$ are insignificant to the total sum of ϕ_1 and ϕ_2 (we consider this to happen when $n \geq 1 + \lg(\max(x_1, x_2))$)."""),
    ('3.3.2. Efficiency of AIMD-FC', r"""Fig. 3. AIMD-FC window evolution under periodic loss. Each cycle delivers $(\frac{2}{3}W)(\frac{1}{3}W) + \frac{1}{2}(\frac{1}{3}W)^2 = 1/p$ packets and takes $W/3$ round trip times."""),
    ('3.3.2. Efficiency of AIMD-FC', r"""The efficiency of AIMD-FC is 8% higher than the efficiency of AIMD."""),
    ('3.3.4. Responsiveness', r"""One important observation of the authors in [1] is that the *smoothness* and *responsiveness* of AIMD are in inverse proportion (they depend only on the increase a_1 and decrease b_D parameters)."""),
    ('3.3.4. Responsiveness', r"""If AIMD-System($(x_1, x_2), 2, n$) converges to fairness in p steps, then AIMD-FC-System($(x_1, x_2), 2, n$) converges in strictly less than $p - (n - 1)$ steps."""),
    ('3.3.4. Responsiveness', r"""Since smoothness of AIMD-FC improves by $\frac{1}{6}W$ (i.e., $\frac{2}{3}W - \frac{1}{2}W$ —see Section 3.3.3) it can be proved further that the responsiveness gain of AIMD-FC during each cycle is $\frac{1}{6}W$ steps."""),
    ('3.3.5. Algorithm limitations', r"""AIMD-FC can only be applied if"""),
    ('3.3.5. Algorithm limitations', r"""$$w \geq 2a_1."""),
    ('4.1. Convergence lemma', r"""However, the efficiency boundaries of AIMD have not yet been exploited."""),
    ('4.1. Convergence lemma', r"""&1/2(w + k) + (1/2)k"""),
    ('4.1. Convergence lemma', r"""and in equilibrium, $w/2 = k$"""),
    ('4.1. Convergence lemma', r"""Hence, a hard boundary for the *extra* value in search is half the maximum *decrease window*: $w/2$."""),
    ('4.1. Convergence lemma', r"""recall that $w \geq \frac{2}{3}W$ in AIMD-FC"""),
    ('4.2. AIMD-FC+', r"""otherwise, an equilibrium will not be reached."""),
    ('4.2. AIMD-FC+', r"""Adding resources from k^j into w^{j+1} does not preserve the congestion avoidance property of the algorithm."""),
    ('4.2. AIMD-FC+', r"""We know that $w^j \leftarrow w^{j-1}/2 + k^{j-1}$ and $k^{j-1} < w^j$"""),
    ('4.2. AIMD-FC+', r"""From the above discussion, $q = k^{j-2}$"""),
    ('4.2. AIMD-FC+', r"""AIMD-FC+System(( $x_1, x_2, \dots, x_m$ ),  $m, n$ )
1  local variables:  $dw, k$ 
2  forall  $i = 1$  to  $m$  do
3     $k \leftarrow 0$ 
4     $w_i \leftarrow x_i$ 
5     $dw \leftarrow x_i$ 
6  end forall
7  for  $j = 1$  to  $n$  do
8    forall  $i = 1$  to  $m$ 
9      ( $w_i, dw, k$ )  $\leftarrow$  AIMD-FC+( $w_i, dw, k$ )
10   end forall
11  end
12  return ( $w_1, w_2, \dots, w_m$ )
END"""),
    ('4.2.1. Correctness', r"""If AIMD-FC-System((x_1, x_2), 2, n) converges to fairness, then, after n cycles of AIMD-FC+System, $dw_1 = dw_2$."""),
    ('4.2.1. Correctness', r"""&= \frac{dw^{j-1}}{2} + k + f(q^{j-2})."""),
    ('4.2.2. Efficiency of AIMD-FC+', r"""Fig. 4. AIMD-FC+ window evolution under periodic loss. Each cycle delivers $(\frac{7}{9}B)(\frac{2}{9}B) + \frac{1}{2}(\frac{2}{9}B)^2 = 1/p$ packets and takes $\frac{2}{9}W$ round trip times."""),
    ('4.2.2. Efficiency of AIMD-FC+', r"""which implies 88.9% efficiency."""),
    ('4.2.3. Responsiveness and smoothness', r"""In a similar manner that we showed AIMD-FC smoothness and responsiveness we can show that for every value $f(q)$ that we add, smoothness is improved by $f(q)/W$ and responsiveness increases by at least $n - 1$ steps (n is the number of cycles that the protocol converges)."""),
    ('5. Experiments with TCP', r"""When resources are available TCP increases the congestion window by *one* MSS; upon congestion and in the presence of three duplicate acknowledgments, TCP multiplies the congestion window by a factor of 1/2 (this TCP is also known as TCP(1, 1/2))."""),
    ('5. Experiments with TCP', r"""Recall that in the absence of errors the average long term efficiency of the AIMD mechanism of TCP is 75% [10]."""),
    ('5. Experiments with TCP', r"""The TCP version of choice in our experiments was TCP-SACK [14]."""),
    ('5. Experiments with TCP', r"""The task of the application is to send data for 60 s."""),
    ('5. Experiments with TCP', r"""RED and Droptail policies the queue buffers were set equal to the Delay \times Bandwidth product. The RED minimum drop threshold was set to $(1/3)$ and the maximum drop threshold was set to $(2/3)$ of the RED buffer size."""),
    ('5. Experiments with TCP', r"""average of 30 experiments with minimal statistical deviation"""),
    ('5.1. Stationary environment', r"""The experiments with NS-2 simulator counter-sign the potential of AIMD-FC/FC+ in TCP. Fig. 6 shows that Goodput is improved up to 5% for a small number of flows (high fair-share; e.g. 2, 4, 8 flows) and Fig. 7 shows the same improvement when the fair-share is high."""),
    ('5.1. Stationary environment', r"""Fig. 6. Goodput performance of TCP-SACK with AIMD, AIMD-FC and AIMD-FC+ on a 100 Mbps link and Droptail gateway."""),
    ('5.1. Stationary environment', r"""Fig. 7. Goodput performance of TCP-SACK with AIMD, AIMD-FC and AIMD-FC+ on a 1 Gbps link and Droptail gateway."""),
    ('5.1. Stationary environment', r"""Fig. 8. Fairness with the 100 Mbps link and Droptail gateway."""),
    ('5.1. Stationary environment', r"""rather small, the goodput performance of the two algorithms is balanced."""),
    ('5.1. Stationary environment', r"""Fig. 11. Goodput performance of TCP-SACK with AIMD, AIMD-FC and AIMD-FC+ on a 100 Mbps link and a RED gateway. 30 flows join the system every 15 s."""),
    ('5.1. Stationary environment', r"""RED does not outperform Drop-tail in Goodput"""),
    ('5.1. Stationary environment', r"""Fairness of the system (Fig. 10) appears to be improved with RED gateways."""),
    ('5.2. Graduated contention increase', r"""30 more nodes join the network every 15 s (up to a total of 120 nodes)"""),
    ('5.2. Graduated contention increase', r"""The major contribution of this experiment is not to highlight the gain of AIMD-FC but rather to confirm experimentally that the new approach does not exhibit any conflicting behavior with the congestion control mechanisms of TCP."""),
    ('5.3. Graduated bandwidth increase', r"""Both charts below reveal a clear-cut advantage for AIMD-FC and AIMD-FC+."""),
    ('5.3. Graduated bandwidth increase', r"""Occasionally, as in the case of 60 flows in Fig. 14, some flows may be able to exploit that extra"""),
    ('5.3. Graduated bandwidth increase', r"""Fig. 13. Goodput performance of TCP-SACK with AIMD, AIMD-FC and AIMD-FC+ on a 100 Mbps link and a RED gateway. 30 flows leave the system every 15 s."""),
    ('5.3. Graduated bandwidth increase', r"""it is captured indeed by the Protocol Fairness: AIMD-FC performs better than AIMD-FC+ in this occasion."""),
    ('6. Discussion', r"""It is hence not unreasonable to expect that all sources could adjust their windows to k_1 , reaching fairness in a single cycle."""),
    ('6. Discussion', r"""A first concern is the system's inability to accept new flows when the system reaches an equilibrium."""),
    ('6. Discussion', r"""A second concern is that a system in equilibrium will not be able to exploit the extra bandwidth that may become available when some flows complete their task (i.e. leave the system)."""),
    ('6. Discussion', r"""the more we approach the bandwidth line, the less space we leave for new incoming flows"""),
    ('6. Discussion', r"""multiplicative decrease factor can be selected so that it will approximate the bandwidth of standard TCP; obviously, this will lead to a TCP protocol with enhanced capability to reach an equilibrium faster, i.e. a responsive TCP."""),
    ('6. Discussion', r"""unlike TCP with AIMD-FC which adjusts backwards more rapidly during congestion"""),
)
"""(section, passage) pairs, verbatim, in the order of the paper."""

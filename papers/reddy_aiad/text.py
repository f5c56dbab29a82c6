# ruff: noqa: E501, W291
"""Reddy, Sireesha & Kumar, The general comparison between AIMD and AIAD congestion control algorithms.

The passages of the paper that the claims ledger quotes, copied verbatim from the
paper's text (the sentences, tables or formulas quoted, in the paper's order), each
with the section it stands in. :mod:`papers.texts` locates quotes in them;
tests/test_texts.py checks them against that text when it is available.
"""

SOURCE = '004_3786e317dd2d89c7.txt'
"""The file of the paper's text the passages come from (its name is the text's own)."""
SHA256 = 'b7f121d457e3cd3b867b8e2d169e629a37d2762fe61b078cabf25694f415e83d'
"""sha256 of that file (UTF-8), to tell a changed text."""
SECTIONS = (
    'Abstract:',
    '1. Introduction:',
    '2 Is AIMD Clearly Superior?',
    '3 Evaluation Methodology',
    '3.1 Choosing the Set E of Environments',
    '3.2 Choosing the Set A of Algorithms',
    '3.3 Simulation Set-up',
    '4 Results',
    '4.1 The Impact of Loss Recovery Algorithms',
    '4.1.1 TCP Reno Loss Recovery',
    '4.1.2 TCP SACK Loss Recovery',
    '5 Related Work',
    '6 Summary',
    'References',
    'TCP Reno + DROPTAIL',
    'TCP SACK + DROPTAIL',
    'TCP Reno + RED',
    'TCP SACK + RED',
    'Bibliography:',
)
"""The section headings of the paper, in order, as printed (without markup)."""

PASSAGES = (
    ('Abstract:', r"""**Abstract:** *Here we are going to see the general difference between two linear congestion control protocols {AIMD, AIAD} in the context of these various loss recovery and router algorithms."""),
    ('Abstract:', r"""We show that while AIMD is an unambiguous Choice for the traditional setting of Reno-style loss recovery and FIFO drop-tail routers, it fails to provide the best good put performance in the more modern settings."""),
    ('Abstract:', r"""Where AIMD fails, AIAD proves to be a reasonable alternative. From the early days of modern congestion control, ushered in by the development of TCP's and DEC bit's congestion control algorithm."""),
    ('1. Introduction:', r"""A later theoretical study [3] confirmed, in a simple model with synchronous congestion signals and static bandwidth, that AIMD was the only fair and stable choice among the AIAD."""),
    ('1. Introduction:', r"""Our simulations show that AIMD is the superior design choice in the traditional setting of TCP Reno loss recovery and FIFO drop-tail routers."""),
    ('1. Introduction:', r"""We observe that AIAD is always among the best linear alternatives, and can even achieve fairness as long as routers are not FIFO drop-tail."""),
    ('2 Is AIMD Clearly Superior?', r"""For each of the algorithms we can find scenarios in which it performs the best and the worst among the algorithms. In fact, this suggests that special care needs to be taken in deciding which algorithm is the best."""),
    ('2 Is AIMD Clearly Superior?', r"""
<b>AIMD</b>	<b>AIAD</b>
<b>0.52</b>	<b>0.96</b>"""),
    ('2 Is AIMD Clearly Superior?', r"""When the available bandwidth increases slowly, an additive increase will likely outperform a multiplicative increase since it is fast enough to track the changes and is less likely to overestimate the available bandwidth."""),
    ('2 Is AIMD Clearly Superior?', r"""In contrast, a multiplicative increase will likely perform better when bandwidth increases are large and abrupt. The same reasoning applies to bandwidth decreases and the window decrease algorithms."""),
    ('2 Is AIMD Clearly Superior?', r"""Intuitively, this is the reason why no single canonical congestion control scheme would be able to dominate across a wide range of scenarios."""),
    ('2 Is AIMD Clearly Superior?', r"""Figure 1 shows two patterns of bandwidth variations. We measure the goodput for the two linear algorithms in these scenarios."""),
    ('2 Is AIMD Clearly Superior?', r"""Figure 1(a) shows a saw-tooth bandwidth pattern under which AIMD performs the best. Compared to AIMD, the window size under AIAD decreases too slowly."""),
    ('2 Is AIMD Clearly Superior?', r"""
<b>AIMD</b>	<b>AIAD</b>
<b>0.97</b>	<b>0.93</b>"""),
    ('2 Is AIMD Clearly Superior?', r"""
<b>AIMD</b>	<b>AIAD</b>
<b>0.67</b>	<b>0.65</b>"""),
    ('2 Is AIMD Clearly Superior?', r"""
<b>AIMD</b>	<b>AIAD</b>
<b>0.96</b>	<b>0.96</b>"""),
    ('2 Is AIMD Clearly Superior?', r"""Figure 2: Bad cases for AIAD (Figure (a) and MIMD (Figure (b))). Notice that the y-axes are on different scales."""),
    ('2 Is AIMD Clearly Superior?', r"""Figure 1(b) shows an example in which AIAD performs the best. The reason for this result is somewhat more subtle."""),
    ('2 Is AIMD Clearly Superior?', r"""When the bandwidth decreases, AIAD and MIAD lose too many packets, and TCP SACK is no longer able to avoid retransmission timeouts."""),
    ('2 Is AIMD Clearly Superior?', r"""For instance, AIMD exhibits the worst performance in the experiments presented in Figures 1(b), 1(c) and 1(d). In Figure 2(a), both the additive increase algorithms are too slow to catch up with the sudden increase of the available bandwidth."""),
    ('3 Evaluation Methodology', r"""Our second guiding assumption is that robustness is more important than optimality, that is, we demand that the"""),
    ('3 Evaluation Methodology', r"""congestion control algorithm perform reasonably in most situations and are more concerned with its worst-case performance than its best-case performance."""),
    ('3 Evaluation Methodology', r"""Let  $A$  be the set of congestion control algorithms that we wish to compare, a consists of AIMD, AIAD."""),
    ('3 Evaluation Methodology', r"""Let  $d_a(e) = S_{\max}(e) - S_a(e)$ ;  $d_a(e)$  is a measure, for a given environment  $e$ , of how close  $a$  comes to matching the best performance among the algorithms in  $A$ ."""),
    ('3 Evaluation Methodology', r"""The rank  $C_a$  is the worst-case score among the various environments:  $C_a = \max_{e \in E} \{d_a(e)\}$ ."""),
    ('3 Evaluation Methodology', r"""The other measure is the aggregate value  $D_a$  of the differences:  $D_a = \sum_{e \in E} d_a(e)$ ."""),
    ('3 Evaluation Methodology', r"""The lower the values of  $D_a$  and  $C_a$  are, the better the algorithm  $a$  is, for the given metric."""),
    ('3 Evaluation Methodology', r"""
Notation	Description
$s_a(e)$	The score of algorithm $a$ in environment $e$
$s_{\max}(e)$	$\max_a \{s_a(e)\}$
$d_a(e)$	$s_{\max}(e) - s_a(e)$
$C_a$	$\max_a \{d_a(e)\}$ , Rank of an algorithm $a$ (measuring worst-case performance)
$D_a$	$\frac{\sum_{e \in E} d_a(e)}{\ E\ }$ , metric for average performance"""),
    ('3.2 Choosing the Set A of Algorithms', r"""For  $LC \in \{\text{AIMD}, \text{AIAD}\}$ , let  $LC(a,b)$  denote a linear congestion control scheme with an increase parameter of  $a$  and a decrease parameter of  $b$ ."""),
    ('3.2 Choosing the Set A of Algorithms', r"""For each of the four linear control schemes, we would like to pick a single set of parameters that provides reasonable performance across all possible settings of loss recovery schemes, router algorithms and bandwidth variations."""),
    ('3.2 Choosing the Set A of Algorithms', r"""the single algorithm in each case (for example, AIMD (1, 0.1)) would best summarize the overall behavior of the entire family"""),
    ('3.2 Choosing the Set A of Algorithms', r"""- Additive Increase (AI): The additive increase component should be such that at no instant of time should the window undergo an increment greater than about 10% the"""),
    ('3.2 Choosing the Set A of Algorithms', r"""- Additive Decrease (AD): The additive decrease component should be such that the decrement in the window should never be more than 10%."""),
    ('3.2 Choosing the Set A of Algorithms', r"""From the way the bandwidth variations were chosen, it is not hard to see that the lowest window size to ever undergo an increment is about 12-15."""),
    ('3.2 Choosing the Set A of Algorithms', r"""Similarly the lowest window size to ever undergo a decrement is about 25-20."""),
    ('3.2 Choosing the Set A of Algorithms', r"""$AI \leq 3$ ,  $AD \leq 3$ ,  $MI > 0:1$  and  $MD < 0:9$ ."""),
    ('3.2 Choosing the Set A of Algorithms', r"""Based on these results, we choose the following candidate linear control schemes for comparison: AIMD(1,0.8), AIAD (1,3)."""),
    ('3.3 Simulation Set-up', r"""In each simulation we have n identical TCP test flows using the particular linear congestion control scheme under investigation"""),
    ('3.3 Simulation Set-up', r"""we employ a single rate controlled CBR source"""),
    ('3.3 Simulation Set-up', r"""a single CBR source would be limited to at most  $1/n+1$ th of the available bandwidth at any instant of time when DRR is used"""),
    ('3.3 Simulation Set-up', r"""A simple calculation shows that to achieve an available bandwidth of  $B_a$  we need  $n(C - B_a) = B_a$  CBR flows, where C is the capacity of the link  $R1 \rightarrow R2$  and n is the number of test TCP flows."""),
    ('3.3 Simulation Set-up', r"""Also, we randomize the round-trip times slightly to avoid synchronization effects."""),
    ('3.3 Simulation Set-up', r"""TCP-SACK flows implementing AIMD with pareto-distributed lengths and Poisson inter-arrival times"""),
    ('3.3 Simulation Set-up', r"""When testing with the DRR setting, we use a DRR scheduler, instead of RIO, at router R1."""),
    ('4 Results', r"""- Fairness: The fairness metric is defined as  $(g_{\max} - g_{\min}) / g_{\text{avg}}$  where  $g_{\max}$ ,  $g_{\min}$  and  $g_{\text{avg}}$  are the maximum, minimum and average goodputs of the test flows respectively."""),
    ('4 Results', r"""While presenting the results, we show both  $C_a$  and  $D_a$  for goodput. This is because these two aggregate scores show rather different behavior."""),
    ('4 Results', r"""We only present the values of  $D_a$  for fairness, loss, and delay because the ordering of the  $D_a$  values for these quantities is very similar to the ordering of the  $C_a$  values."""),
    ('4.1 The Impact of Loss Recovery Algorithms', r"""in these tests the routers used FIFO, drop-tail routers with buffers sized to match the delay-bandwidth product of the network."""),
    ('4.1.1 TCP Reno Loss Recovery', r"""Here, and in subsequent tables, we mark the algorithms with the best goodput (best values for both  $C_a$  and  $D_a$ ) by underlining them."""),
    ('4.1.1 TCP Reno Loss Recovery', r"""From the results, AIMD and AIAD deliver roughly similar goodput in all the test environments."""),
    ('4.1.1 TCP Reno Loss Recovery', r"""AIMD provides better fairness than AIAD, although AIMD is not perfectly fair. In addition, AIMD suffers the fewest losses, with MIAD suffering the most. AIMD and AIAD have the highest delay values."""),
    ('4.1.1 TCP Reno Loss Recovery', r"""However, AIAD is not as fair."""),
    ('4.1.2 TCP SACK Loss Recovery', r"""The absolute values (which we don't show in our tables) of the goodputs are significantly higher than with TCP Reno."""),
    ('5 Related Work', r"""The paper shows via analysis that in such a fair network, MIMD is more responsive to congestion notifications than the other schemes, including AIMD."""),
    ('5 Related Work', r"""As a result, the conclusions in [8] are different, qualitatively, from our observations about the impact of fair-queueing.10 (presented in Section 4.2.4): We have shown that while under Reno-style loss recovery AI schemes are clearly dominant, under SACK-style loss recovery all algorithms except MIAD provide identical goodput performance."""),
    ('6 Summary', r"""We tested the four basic linear congestion control algorithms in a wide variety of settings."""),
    ('6 Summary', r"""We affirm that in the traditional context of TCP Reno loss recovery and FIFO drop-tail routers, AIMD is clearly an aptly made choice."""),
    ('6 Summary', r"""In fact, AIAD also provides reasonable fairness as long as routers do not employ FIFO drop-tail queuing."""),
    ('6 Summary', r"""Adding a small multiplicative component to the additive decrease of AIAD is enough to ensure that fairness is guaranteed, even when FIFO drop-tail buffers are employed, without compromising goodput."""),
    ('TCP Reno + DROPTAIL', r"""
TCP Reno + DROPTAIL					
AIMD			AIAD		
<i>Alg</i>	<i>D<sub>a</sub></i>	<i>C<sub>a</sub></i>	<i>Alg</i>	<i>D<sub>a</sub></i>	<i>C<sub>a</sub></i>
(1, 0.5)	0.19	0.06	<b>(1, 1)</b>	0.10	0.03
(1, 0.65)	0.06	0.02	(1, 2)	0.05	0.02
<b>(1, 0.8)</b>	0.07	0.03	(1, 3)	0.06	0.03
(2, 0.5)	0.83	0.20	(2, 1)	0.56	0.19
(2, 0.65)	0.56	0.15	(2, 2)	0.62	0.21
(2, 0.8)	0.56	0.22	(2, 3)	0.59	0.22
(3, 0.5)	1.87	0.31	(3, 1)	1.11	0.25
(3, 0.65)	1.49	0.29	(3, 2)	1.15	0.25
(3, 0.8)	1.28	0.26	(3, 3)	1.17	0.27"""),
    ('TCP SACK + DROPTAIL', r"""
TCP SACK + DROPTAIL					
AIMD			AIAD		
<i>Alg</i>	<i>D<sub>a</sub></i>	<i>C<sub>a</sub></i>	<i>Alg</i>	<i>D<sub>a</sub></i>	<i>C<sub>a</sub></i>
(1, 0.5)	0.26	0.12	<u>(1, 1)</u>	0.50	0.11
(1, 0.65)	0.16	0.11	(1, 2)	0.47	0.11
<u>(1, 0.8)</u>	0.25	0.13	(1, 3)	0.52	0.12
(2, 0.5)	0.11	0.04	(2, 1)	0.41	0.11
(2, 0.65)	0.16	0.04	(2, 2)	0.44	0.11
(2, 0.8)	0.10	0.03	(2, 3)	0.39	0.11
(3, 0.5)	0.13	0.02	(3, 1)	0.31	0.11
(3, 0.65)	0.07	0.01	(3, 2)	0.15	0.11
(3, 0.8)	0.03	0.01	(3, 3)	0.35	0.11"""),
    ('TCP Reno + RED', r"""
TCP Reno + RED					
AIMD			AIAD		
<i>Alg</i>	<i>D<sub>a</sub></i>	<i>C<sub>a</sub></i>	<i>Alg</i>	<i>D<sub>a</sub></i>	<i>C<sub>a</sub></i>
(1, 0.5)	0.60	0.15	<u>(1, 1)</u>	0.32	0.06
(1, 0.65)	0.59	0.15	(1, 2)	0.29	0.08
<u>(1, 0.8)</u>	0.38	0.12	(1, 3)	0.14	0.08
(2, 0.5)	0.50	0.09	(2, 1)	0.39	0.09
(2, 0.65)	0.26	0.06	(2, 2)	0.41	0.08
(2, 0.8)	0.29	0.07	(2, 3)	0.31	0.10
(3, 0.5)	0.47	0.06	(3, 1)	0.76	0.12
(3, 0.65)	0.31	0.04	(3, 2)	0.58	0.11
(3, 0.8)	0.27	0.06	(3, 3)	0.45	0.08"""),
    ('TCP SACK + RED', r"""
TCP SACK + RED					
AIMD			AIAD		
<i>Alg</i>	<i>D<sub>a</sub></i>	<i>C<sub>a</sub></i>	<i>Alg</i>	<i>D<sub>a</sub></i>	<i>C<sub>a</sub></i>
(1, 0.5)	0.68	0.16	<u>(1, 1)</u>	0.36	0.11
(1, 0.65)	0.47	0.14	(1, 2)	0.28	0.11
<u>(1, 0.8)</u>	0.32	0.11	(1, 3)	0.30	0.10
(2, 0.5)	0.42	0.09	(2, 1)	0.31	0.09
(2, 0.65)	0.30	0.08	(2, 2)	0.20	0.05
(2, 0.8)	0.06	0.03	(2, 3)	0.06	0.02
(3, 0.5)	0.36	0.07	(3, 1)	0.49	0.11
(3, 0.65)	0.26	0.07	(3, 2)	0.29	0.09
(3, 0.8)	0.01	0.01	(3, 3)	0.10	0.04"""),
)
"""(section, passage) pairs, verbatim, in the order of the paper."""

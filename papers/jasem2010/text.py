# ruff: noqa: E501, W291
"""Jasem, Zukarnain, Othman & Subramaniam, On the delay and link utilization with the new-additive increase multiplicative decrease congestion avoidance and control algorithm (2010).

The passages of the paper that the claims ledger quotes, copied verbatim from the
paper's text (the sentences, tables or formulas quoted, in the paper's order), each
with the section it stands in. :mod:`papers.texts` locates quotes in them;
tests/test_texts.py checks them against that text when it is available.
"""

SOURCE = '000_8d87749157bd3846.txt'
"""The file of the paper's text the passages come from (its name is the text's own)."""
SHA256 = 'fe5dc7eefa801ff0e8fa19217c886263c46df0640c75da6a2e866dd3479a0fce'
"""sha256 of that file (UTF-8), to tell a changed text."""
SECTIONS = (
    'Abstract',
    'INTRODUCTION',
    'Congestion control',
    'The AIMD principle',
    'The AIMD system model',
    'Delays',
    'Causes of delay',
    'Congestion delay',
    'Network utilization',
    'Drop tail AQM algorithm',
    'MATERIALS AND METHODS',
    'National Chiao Tung University network simulator',
    'The new approach of algorithm (New-AIMD)',
    'Experimental set-up and network topology',
    'RESULTS',
    'DISCUSSION',
    'Conclusion',
    'REFERENCES',
)
"""The section headings of the paper, in order, as printed (without markup)."""

PASSAGES = (
    ('Abstract', r"""In addition, we will measure the bottleneck link utilization using this mechanism and expect to get high utilization for bottleneck link and avoid the collisions in the link."""),
    ('INTRODUCTION', r"""The TCP-based New-AIMD congestion avoidance and control (Hayder et al., 2008) developed the AIMD algorithm into the New-AIMD, to obtain greater efficiency and fairness than the AIMD-FC+ algorithm and evaluated the efficiency compared to AIMD-FC+ in (Lahanas and Tsaoussidis, 2003; Lahanas and Tsaoussidis, 2002)."""),
    ('The AIMD principle', r"""One year after the appearance of AIMD in 1988, the authors (Chiu and Jain, 1998) provided"""),
    ('The AIMD system model', r"""In Lahanas work (Lahanas and Tsaoussidis, 2003), which is related to our work, we can see the improvement of the AIMD algorithm, when he developed the efficiency for this algorithm to 88.9%."""),
    ('Congestion delay', r"""Ethernet shared mediums are prone to congestion. A user must wait if the cable is being used and collisions occur if two people try transmitting at the same time."""),
    ('Network utilization', r"""Furthermore, a file of size f with a total transfer time of  $\Delta$  on a TCP connection results in a TCP transfer"""),
    ('Network utilization', r"""$$r = f / \Delta \tag{5}$$"""),
    ('Network utilization', r"""We can also derive the bandwidth utilization, pu, assuming that the link bandwidth is B, by Equation (6)"""),
    ('Network utilization', r"""$$pu = r / B \tag{6}$$"""),
    ('The new approach of algorithm (New-AIMD)', r"""that,  $^{\chi_1}$  <  $^{\chi_2}$  and  $^{\chi_1}$  +  $^{\chi_2}$  < W; moreover, we are supposing that the system converges to 'fair' in 'm' cycle."""),
    ('The new approach of algorithm (New-AIMD)', r"""Let  $x_1 + x_2 + 2k_1 \ge W$ , then congestion occurs and the system will give 0 as feedback."""),
    ('The new approach of algorithm (New-AIMD)', r"""We will expect  $m^{\it th}$  cycle, indicates equilibrium, that is, all flows share a fair allocation of the network resources."""),
    ('The new approach of algorithm (New-AIMD)', r"""8) if 
$$(z >= W)$$"""),
    ('The new approach of algorithm (New-AIMD)', r"""In the 1st cycle, the total number of packets is produced  $_{\mathrm{bv}}\left(k_{1}+1\right)\left(x_{1}+x_{2}+2k_{1}\right)$  , but from the 1st cycle we have  $x_1+x_2+2k_1=W$  , So  $x_1+x_2+k_1=W-k_1$  ."""),
    ('The new approach of algorithm (New-AIMD)', r"""The efficiency of New-AIMD is more than 99%; this means it is 11% higher than the efficiency of AIMD-FC+ in (Lahanas and Tsaoussidis, 2003)."""),
    ('Experimental set-up and network topology', r"""The time for the experiment is fixed at 100 s."""),
    ('Experimental set-up and network topology', r"""The link's capacity at the senders, receivers and bottleneck link is (full-duplex) 100Mbps"""),
    ('Experimental set-up and network topology', r"""The mechanism of active queue management (AQM) in the gateways queues is the DropTail mechanism (DT)."""),
    ('Experimental set-up and network topology', r"""We suppose that, all the flows are sent at the same time."""),
    ('Experimental set-up and network topology', r"""All DT queues have 100packet lengths."""),
    ('Experimental set-up and network topology', r"""Furthermore, we used the TCP-SACK as one variant of TCP versions with AIMD, AIMD-FC+ and New-AIMD"""),
    ('RESULTS', r"""In the following Figures (6, 7 and 8), we supposed that the maximum data size that we want to transmit from one of the senders to the receiver is equal to 100 MB."""),
    ('DISCUSSION', r"""The time (sec) needed to transmit the 100MB depending on the number of flows (2, 4, 8, 16 and 32) of TCP-SACK with AIMD, AIMD-FC+ and New-AIMD algorithms."""),
    ('DISCUSSION', r"""the time that the network needs to transmit the complete data that we want to send (100 MB) from the sender to the receiver will be less than the time that the other AIMD algorithms need, to transmit the same data by around 12% less."""),
    ('DISCUSSION', r"""Second, we achieved more than 94% utilization for the bottleneck link; this means we achieved 11% higher utilization than in the previous related work (Lahanas and Tsaoussidis, 2003)."""),
    ('DISCUSSION', r"""Additionally, the utilization will be less when we add more flows, as the ACK of Transmission Control Protocol (TCP) from the receivers also need space in the link to send it to, the senders at the same time as the senders send other data to the receivers."""),
    ('DISCUSSION', r"""The average is from 20 experiments with minimal statistical deviation. The number of flows in these experiments is (2, 4, 8, 16 and 32)."""),
    ('Conclusion', r"""We found the results after implementing the New-AIMD algorithm and achieved high utilization (more than 94%) for the link and avoided the congestion in this experiment for multi flows, using the same link at the same time."""),
    ('Conclusion', r"""In addition, the benefit from implementing the New-AIMD algorithm in this study is that, it reduces the average queue length, thereby decreasing the end-to-end delay and increasing the link utilization, as well as avoiding the network congestion."""),
)
"""(section, passage) pairs, verbatim, in the order of the paper."""

# ruff: noqa: E501
"""Bazi & Nassereddine, Comparative study of TCP congestion control algorithms, IJATCSE 8(6) 2019.

The passages of the paper that the claims ledger quotes, copied verbatim from the
paper's text (the sentences, tables or formulas quoted, in the paper's order), each
with the section it stands in. :mod:`papers.texts` locates quotes in them;
tests/test_texts.py checks them against that text when it is available.
"""

SOURCE = '001_65022d7f8cd06a28.txt'
"""The file of the paper's text the passages come from (its name is the text's own)."""
SHA256 = 'c2a59b7d077d3be2dc7fde5e2663794cd34e2c8e9fa178e1c4a527f7c41f3298'
"""sha256 of that file (UTF-8), to tell a changed text."""
SECTIONS = (
    'ABSTRACT',
    '1. INTRODUCTION',
    '2. OVERVIEW AND RELATED WORK',
    '3. PROPOSED WORK',
    '4. EXPERIMENT EVALUATION',
    '5. CONCLUSION',
    'REFERENCES',
)
"""The section headings of the paper, in order, as printed (without markup)."""

PASSAGES = (
    ('ABSTRACT', r"""TCP (Transmission Control Protocol), is a reliable transport protocol for the transport layer of TCP / IP model, it is the most used transport protocol since it implements panoply of mechanisms ensuring good data transfer."""),
    ('ABSTRACT', r"""This is why we will try in this article to conduct a study - based on the analysis of some metrics, packet drop, latency and throughput - for the analysis and comparison of the most powerful of the algorithms proposed in this sense (Tahoe, Reno, New Reno, Vegas, Sack, Fack), in order to identify their advantages and limits under congested environments."""),
    ('ABSTRACT', r"""The study showed that TCP Tahoe, Reno, New Reno and Sack are loss-based; they favor the loss of packets to guarantee a short latency."""),
    ('ABSTRACT', r"""While TCP Vegas is delay-based; it's recommended for applications that require reliable packet transfer. The results of this study will form the basis of future work on the development of a robust algorithm which combines both the advantages of the studied algorithms, and which has the power to share bandwidth fairly with aggressive algorithms such as TCP Reno in order to ensure a good congestion control."""),
    ('ABSTRACT', r"""**Key words:** mesh, congestion control, TCP, IEEE 802.11s, Tahoe, Reno, New Reno, Vegas, Sack, Fack."""),
    ('1. INTRODUCTION', r"""WMNs 802.11s [1,2,3,4,5,6] are the evolution of the IEEE 802.11 Wireless Local Area Network"""),
    ('1. INTRODUCTION', r"""It has the power to transmit lost packets and in the right order, as it can manage the rate with which it sends and receives segments."""),
    ('2. OVERVIEW AND RELATED WORK', r"""The disadvantage of this technique is that it is not suitable for high-speed networks since it does not allow the use of all of the bandwidth."""),
    ('2. OVERVIEW AND RELATED WORK', r"""or else the expiration of the Round Trip Time (RTO)"""),
    ('2. OVERVIEW AND RELATED WORK', r"""The first algorithm is TCP Tahoe [10], the implementation of this algorithm is based on the use of slow start at the start of a connection until the detection of a loss phenomenon, so here we set ssthresh to the value of cwnd and we reset cwnd to 1 MSS."""),
    ('2. OVERVIEW AND RELATED WORK', r"""Thereafter, Congestion Avoidance is followed by a Fast Retransmit upon receipt of a duplicated acknowledgment.So, in TCP Tahoe, we don't wait for the expiration of the RTO."""),
    ('2. OVERVIEW AND RELATED WORK', r"""In case of the receipt of several duplicated acknowledgments, we divide the congestion window by a half and we set the constant of threshold to the value of the congestion window, then a phases of Fast Retransmit and Fast Recovery take place."""),
    ('2. OVERVIEW AND RELATED WORK', r"""For this, they modified the phase of Fast Recovery which is only quit after having acknowledged all the segments contained in the buffer, then cwnd=ssthresh and a new phase of Congestion Avoidance is applied."""),
    ('2. OVERVIEW AND RELATED WORK', r"""If there is a lost segment, we send it again and we set the number of duplicated acknowledgement to zero."""),
    ('3. PROPOSED WORK', r"""To do this, we used the NS2 network simulator to simulate a congested network to which we apply one of the TCP variants, each variant undergoes 24 different scenarios depending on the value of the CBR used to weigh down the network (the values of the CBR are varied from 1 to 12 with an increment of 0.5 MB for each scenario).So for configuration, we used a mesh topology whose links between adjacent nodes are 10 MB, all variants are subject to the same conditions and in the same environments."""),
    ('3. PROPOSED WORK', r"""The metrics in question are: Throughput, latency and Packet drop rate. To have the different values of these metrics during the simulation, we used the following equations:"""),
    ('3. PROPOSED WORK', r"""$$Throughput = \frac{TotalBits ReceivedBy ReceiverNode}{FirstPacketSentTime - LastPacket ReceivedTime}$$"""),
    ('3. PROPOSED WORK', r"""$$Latency = \frac{\sum (AckTime - SentTime)}{TotalPacketNumber}$$"""),
    ('3. PROPOSED WORK', r"""$$PacketDeliveryRatio = \frac{(TotalSentPacketsNumber - TotalReceivedPacketsNumber)*1}{TotalSentPacketsNumber}$$"""),
    ('4. EXPERIMENT EVALUATION', r"""So, at the beginning of the connection all the variants adopt the same rhythm which is characterized by stability, they even have almost identical values except for TCP Vegas."""),
    ('4. EXPERIMENT EVALUATION', r"""Subsequently, when the network begins to congestion, the variations change and the values of the Throughput decrease for all TCP flavors, except that TCP New Reno adopts a lighter reduction than the other variants, since it does not wait for the timeout expires to deduct the loss of a packet, and the value of the cwnd is only halved once."""),
    ('4. EXPERIMENT EVALUATION', r"""On the other hand, TCP Reno knows a remarkable decrease what harms the stability of the flow, especially when it is about a multiple packet losses and it is because cwnd = cwnd / 2 and ssthresh = cwnd."""),
    ('4. EXPERIMENT EVALUATION', r"""And to consolidate these deductions we have plotted the throughput averages for the five flavors where TCP Vegas has a minimum value while TCP Vegas has the maximum."""),
    ('4. EXPERIMENT EVALUATION', r"""And as already mentioned, TCP Vegas privileges latency it has great values of latency compared to the others."""),
    ('4. EXPERIMENT EVALUATION', r"""as expected, at the beginning there is no packet loss since the network is still lightened."""),
    ('4. EXPERIMENT EVALUATION', r"""So we can conclude that Vegas is recommended for applications where we don't tolerate the loss of packets. Even in the figure below, we notice that TCP Vegas has the lowest average packet losses."""),
    ('5. CONCLUSION', r"""This is why several versions or even improvements of TCP have emerged, among others: TCP Tahoe, TCP Reno, TCP New Reno, TCP Vegas and TCP Fack."""),
    ('5. CONCLUSION', r"""According to the simulations carried out, the data collected and the results obtained, we were able to differentiate those which are loss-based (Tahoe, Reno, New Reno and Fack) which are recommended for networks which do not support a long transmission delay, and others that are delay-based such as Vegas."""),
    ('5. CONCLUSION', r"""Therefore, it is recommended for networks that require reliable data transfer without loss or corruption. And even for those who are real time, we noticed differences in their reactions to congestion."""),
)
"""(section, passage) pairs, verbatim, in the order of the paper."""

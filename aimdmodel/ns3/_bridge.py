"""The bridge's C++: compiled into ns-3 at run time by :func:`aimdmodel.ns3._loader.load`.

Everything that happens per packet lives here, in C++ (a Python callback per
packet would be orders of magnitude slower):

* ``Recorder`` / trace sinks: per-flow counters (sent, delivered, lost,
  goodput bytes, retransmissions, packets queued, RTT of the packets that
  entered the queue), the time-averaged queue, the congestion window and
  the congestion state, written every ``interval`` seconds;
* ``PolicyRule`` / ``PolicyOps``: a window-update rule of the synchronous
  model as a ``TcpCongestionOps`` (see :mod:`aimdmodel.ns3.rules`);
* ``TahoeRecovery``: Tahoe's reaction to three duplicate ACKs as a
  run-time ``TcpRecoveryOps``;
* ``DataErrorModel``: random loss of data packets only;
* ``BulkFlow``: a bulk sender whose socket carries the flow's congestion
  op, recovery op and SACK setting, and which stops with a reset;
* ``Run``: the dumbbell (:func:`aimdmodel.ns3.run` documents it).

``Peek`` reads protected members of a live ``TcpSocketBase`` (the
congestion and recovery ops it runs, SACK) through member pointers of a
derived class, so that what ran is read back, not assumed.
"""

SOURCE = r"""
#include <chrono>
#include <cmath>
#include <deque>
#include <map>
#include <string>
#include <vector>

namespace aimdns3
{
using namespace ns3;

// ---------------------------------------------------------------------------
// Protected members of a live socket, read through member pointers of a
// derived class (the congestion op, recovery op and SACK it really runs).
struct Peek : public TcpSocketBase
{
    static std::string CcType(Ptr<TcpSocketBase> s)
    {
        return (PeekPointer(s)->*(&Peek::m_congestionControl))->GetInstanceTypeId().GetName();
    }

    static std::string CcName(Ptr<TcpSocketBase> s)
    {
        return (PeekPointer(s)->*(&Peek::m_congestionControl))->GetName();
    }

    static std::string RecName(Ptr<TcpSocketBase> s)
    {
        return (PeekPointer(s)->*(&Peek::m_recoveryOps))->GetInstanceTypeId().GetName();
    }

    static bool Sack(Ptr<TcpSocketBase> s)
    {
        return PeekPointer(s)->*(&Peek::m_sackEnabled);
    }

    static void Rst(Ptr<TcpSocketBase> s)
    {
        (PeekPointer(s)->*(&Peek::SendRST))();
    }
};

// ---------------------------------------------------------------------------
// A window-update rule of the synchronous model, one flow: the state is a
// few doubles. Generated C++ rules and Python rules (cppyy cross-inheritance)
// implement it.
class PolicyRule
{
  public:
    virtual ~PolicyRule() {}
    virtual int Size() const = 0;
    virtual void Init(double w, double* s) = 0;
    virtual void Increase(double* s) = 0;
    virtual void Decrease(double* s) = 0;
    virtual double Window(const double* s) = 0;
};

// The rule as a TcpCongestionOps: one increase per round of congestion
// avoidance (spread over the round's ACKs), one decrease per loss event.
class PolicyOps : public TcpNewReno
{
  public:
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("aimdns3::PolicyOps")
                                .SetParent<TcpNewReno>()
                                .SetGroupName("Internet")
                                .AddConstructor<PolicyOps>();
        return tid;
    }

    PolicyOps()
        : TcpNewReno()
    {
    }

    PolicyOps(const PolicyOps& o)
        : TcpNewReno(o),
          m_rule(o.m_rule),
          m_name(o.m_name)
    {
    }

    void SetRule(PolicyRule* rule, std::string name)
    {
        m_rule = rule;
        m_name = name;
        m_synced = false;
    }

    std::string GetName() const override
    {
        return m_name;
    }

    Ptr<TcpCongestionOps> Fork() override
    {
        return CopyObject<PolicyOps>(this);
    }

    uint64_t m_increases = 0;
    uint64_t m_decreases = 0;
    uint64_t m_bad = 0;      // windows that were not finite and >= 0
    double m_badValue = 0.0; // the first such window

    void IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked) override
    {
        if (tcb->m_cWnd < tcb->m_ssThresh)
        {
            segmentsAcked = SlowStart(tcb, segmentsAcked);
        }
        if (tcb->m_cWnd < tcb->m_ssThresh || segmentsAcked == 0)
        {
            return;
        }
        double seg = tcb->m_segmentSize;
        if (!m_synced)
        {
            m_rule->Init(tcb->m_cWnd / seg, m_s);
            m_synced = true;
            StartRound();
        }
        double cw = tcb->m_cWnd + m_frac + m_step * seg * segmentsAcked;
        m_acked += segmentsAcked;
        if (m_acked >= m_w0)
        {
            for (int i = 0; i < 8; ++i)
            {
                m_s[i] = m_next[i];
            }
            m_increases++;
            cw = std::max(Safe(m_rule->Window(m_s)), 1.0) * seg;
            StartRound();
        }
        double whole = std::floor(cw);
        m_frac = cw - whole;
        tcb->m_cWnd = static_cast<uint32_t>(std::min(whole, 4.0e9));
    }

    uint32_t GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight) override
    {
        double seg = tcb->m_segmentSize;
        if (!m_synced || tcb->m_cWnd < tcb->m_ssThresh)
        {
            m_rule->Init(tcb->m_cWnd / seg, m_s);
            m_synced = true;
        }
        m_rule->Decrease(m_s);
        m_decreases++;
        StartRound();
        double w = std::max(Safe(m_rule->Window(m_s)), 2.0) * seg;
        m_frac = 0.0;
        return static_cast<uint32_t>(std::min(w, 4.0e9));
    }

  private:
    double Safe(double w)
    {
        if (w >= 0.0 && std::isfinite(w))
        {
            return w;
        }
        if (m_bad++ == 0)
        {
            m_badValue = w;
        }
        return 1.0;
    }

    void StartRound()
    {
        for (int i = 0; i < 8; ++i)
        {
            m_next[i] = m_s[i];
        }
        m_rule->Increase(m_next);
        double w0 = Safe(m_rule->Window(m_s));
        m_w0 = std::max(w0, 1.0);
        m_step = (Safe(m_rule->Window(m_next)) - w0) / m_w0;
        m_acked = 0.0;
    }

    PolicyRule* m_rule = nullptr;
    std::string m_name = "PolicyOps";
    bool m_synced = false;
    double m_s[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    double m_next[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    double m_w0 = 1.0;
    double m_step = 0.0;
    double m_acked = 0.0;
    double m_frac = 0.0;
};

// Tahoe's reaction to three duplicate ACKs as a recovery op: cwnd = 1
// segment, then slow start (one segment per new ACK) while ns-3 repairs the
// holes; the slow-start window survives the end of recovery.
class TahoeRecovery : public TcpRecoveryOps
{
  public:
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("aimdns3::TahoeRecovery")
                                .SetParent<TcpRecoveryOps>()
                                .SetGroupName("Internet")
                                .AddConstructor<TahoeRecovery>();
        return tid;
    }

    TahoeRecovery()
        : TcpRecoveryOps()
    {
    }

    TahoeRecovery(const TahoeRecovery& o)
        : TcpRecoveryOps(o)
    {
    }

    std::string GetName() const override
    {
        return "TahoeRecovery";
    }

    void EnterRecovery(Ptr<TcpSocketState> tcb, uint32_t, uint32_t, uint32_t) override
    {
        tcb->m_cWnd = tcb->m_segmentSize;
        tcb->m_cWndInfl = tcb->m_cWnd;
        m_cwnd = tcb->m_cWnd;
    }

    void DoRecovery(Ptr<TcpSocketState> tcb, uint32_t, bool isDupAck) override
    {
        if (!isDupAck)
        {
            uint32_t add = tcb->m_segmentSize;
            if (tcb->m_cWnd >= tcb->m_ssThresh)
            {
                add = std::max<uint32_t>(1, tcb->m_segmentSize * tcb->m_segmentSize /
                                                 tcb->m_cWnd.Get());
            }
            tcb->m_cWnd += add;
        }
        tcb->m_cWndInfl = tcb->m_cWnd;
        m_cwnd = tcb->m_cWnd;
    }

    void ExitRecovery(Ptr<TcpSocketState> tcb) override
    {
        tcb->m_cWnd = m_cwnd;
        tcb->m_cWndInfl = m_cwnd;
    }

    Ptr<TcpRecoveryOps> Fork() override
    {
        return CopyObject<TahoeRecovery>(this);
    }

  private:
    uint32_t m_cwnd = 0;
};

// Random (non-congestion) loss of data packets only (TCP segments with a
// payload, UDP datagrams): a receive error model on the routers' access side.
class DataErrorModel : public ErrorModel
{
  public:
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("aimdns3::DataErrorModel")
                                .SetParent<ErrorModel>()
                                .SetGroupName("Network")
                                .AddConstructor<DataErrorModel>();
        return tid;
    }

    DataErrorModel()
    {
        m_uv = CreateObject<UniformRandomVariable>();
    }

    double m_rate = 0.0;
    Ptr<UniformRandomVariable> m_uv;

  private:
    bool DoCorrupt(Ptr<Packet> p) override;

    void DoReset() override
    {
    }
};

// ---------------------------------------------------------------------------
// The recorder: cumulative counters per source (flows 0..n-1, cross = n),
// written to per-sample arrays every `interval` seconds.
struct Recorder
{
    int n = 0;
    int T = 0;
    double interval = 1.0;
    double duration = 1.0;
    uint32_t segSize = 1448;
    bool traces = false;
    std::map<uint32_t, int> src; // IPv4 address -> source index
    std::vector<double> baseRtt, sendShift; // sendShift: seconds from the sender to the queue
    std::vector<double> sent, deliv, lost, uniq, retx, queued, cwnd;
    std::vector<double> prevSent, prevDeliv, prevLost, prevUniq;
    std::vector<int64_t> hiSeq;
    std::vector<bool> seqInit, active;
    std::vector<double> timeouts, fastRetx, completion, sizeBytes;
    std::vector<std::deque<double>> enq;
    uint32_t qdiscLen = 0, devLen = 0;
    double qArea = 0.0, qT = 0.0, qSampleStart = 0.0;
    int k = 0;
    // per-sample outputs, (T, n + 1): column n is the cross traffic
    std::vector<double> oSent, oDeliv, oLost, oUniq, oCwnd, oQueued, oRttSum, oRttCnt;
    std::vector<double> oQueue;
    // raw trace events
    std::vector<double> trCwndT, trCwndV, trCwndF, trQT, trQV, trDropT, trDropF;
    std::vector<double> trStT, trStV, trStF, trAckT, trAckV, trAckF, trDropS;
    std::vector<double> trTxT, trTxF, trTxS;
    std::vector<std::string> ccTypes, ccNames, recNames;
    std::vector<int> sackLive;
    std::vector<double> ruleInc, ruleDec, ruleBad, ruleBadValue;
};

static Recorder g;

inline void Reset(int n, int T, double interval, double duration, uint32_t segSize, bool traces)
{
    g = Recorder();
    g.n = n;
    g.T = T;
    g.interval = interval;
    g.duration = duration;
    g.segSize = segSize;
    g.traces = traces;
    int m = n + 1;
    for (auto* v : {&g.sent, &g.deliv, &g.lost, &g.uniq, &g.retx, &g.queued, &g.prevSent,
                    &g.prevDeliv, &g.prevLost, &g.prevUniq, &g.timeouts, &g.fastRetx})
    {
        v->assign(m, 0.0);
    }
    g.cwnd.assign(m, NAN);
    g.completion.assign(m, NAN);
    g.sizeBytes.assign(m, 0.0);
    g.baseRtt.assign(m, 0.0);
    g.sendShift.assign(m, 0.0);
    g.hiSeq.assign(m, 0);
    g.seqInit.assign(m, false);
    g.active.assign(m, false);
    g.enq.assign(m, std::deque<double>());
    g.ccTypes.assign(n, "");
    g.ccNames.assign(n, "");
    g.recNames.assign(n, "");
    g.sackLive.assign(n, -1);
    for (auto* v : {&g.ruleInc, &g.ruleDec, &g.ruleBad, &g.ruleBadValue})
    {
        v->assign(n, 0.0);
    }
    for (auto* v : {&g.oSent, &g.oDeliv, &g.oLost, &g.oUniq, &g.oQueued, &g.oRttSum, &g.oRttCnt})
    {
        v->assign(static_cast<size_t>(T) * m, 0.0);
    }
    g.oCwnd.assign(static_cast<size_t>(T) * m, NAN);
    g.oQueue.assign(T, 0.0);
}

// Source index and payload of a packet that starts with its IPv4 header
// (-1: not counted -- a TCP segment without payload, or an unknown source).
inline int ClassifyIp(Ptr<Packet> c, int64_t* seq, uint32_t* payload)
{
    Ipv4Header ip;
    c->RemoveHeader(ip);
    auto it = g.src.find(ip.GetSource().Get());
    if (it == g.src.end())
    {
        return -1;
    }
    if (ip.GetProtocol() == 6)
    {
        TcpHeader th;
        c->RemoveHeader(th);
        if (c->GetSize() == 0)
        {
            return -1;
        }
        if (seq)
        {
            *seq = th.GetSequenceNumber().GetValue();
        }
        if (payload)
        {
            *payload = c->GetSize();
        }
    }
    return it->second;
}

inline int ClassifyPpp(Ptr<const Packet> p, int64_t* seq = nullptr, uint32_t* payload = nullptr)
{
    Ptr<Packet> c = p->Copy();
    PppHeader ppp;
    c->RemoveHeader(ppp);
    return ClassifyIp(c, seq, payload);
}

inline int ClassifyItem(Ptr<const QueueDiscItem> item)
{
    Ptr<const Ipv4QueueDiscItem> ipi = DynamicCast<const Ipv4QueueDiscItem>(item);
    if (!ipi)
    {
        return -1;
    }
    auto it = g.src.find(ipi->GetHeader().GetSource().Get());
    if (it == g.src.end())
    {
        return -1;
    }
    if (ipi->GetHeader().GetProtocol() == 6)
    {
        Ptr<Packet> c = ipi->GetPacket()->Copy();
        TcpHeader th;
        c->RemoveHeader(th);
        if (c->GetSize() == 0)
        {
            return -1;
        }
    }
    return it->second;
}

bool DataErrorModel::DoCorrupt(Ptr<Packet> p)
{
    if (m_rate <= 0.0 || ClassifyPpp(p) < 0)
    {
        return false;
    }
    return m_uv->GetValue() < m_rate;
}

inline void QueueArea()
{
    double now = Simulator::Now().GetSeconds();
    g.qArea += (now - g.qT) * (g.qdiscLen + g.devLen);
    g.qT = now;
}

inline void QueueChanged()  // after the change: the trace's value holds from now on
{
    if (g.traces)
    {
        g.trQT.push_back(Simulator::Now().GetSeconds());
        g.trQV.push_back(g.qdiscLen + g.devLen);
    }
}

inline void QdiscLen(uint32_t, uint32_t v)
{
    QueueArea();
    g.qdiscLen = v;
    QueueChanged();
}

inline void DevLen(uint32_t, uint32_t v)
{
    QueueArea();
    g.devLen = v;
    QueueChanged();
}

inline void Lose(int i, double seq = -1.0)
{
    g.lost[i] += 1;
    if (g.traces)
    {
        g.trDropT.push_back(Simulator::Now().GetSeconds());
        g.trDropF.push_back(i);
        g.trDropS.push_back(seq);
    }
}

inline void QdiscEnqueue(Ptr<const QueueDiscItem> item)
{
    int i = ClassifyItem(item);
    if (i >= 0)
    {
        g.queued[i] += 1;
        g.enq[i].push_back(Simulator::Now().GetSeconds());
    }
}

inline void QdiscDrop(Ptr<const QueueDiscItem> item)
{
    int i = ClassifyItem(item);
    if (i >= 0)
    {
        double seq = -1.0;
        Ptr<const Ipv4QueueDiscItem> ipi = DynamicCast<const Ipv4QueueDiscItem>(item);
        if (g.traces && i < g.n && ipi->GetHeader().GetProtocol() == 6)
        {
            TcpHeader th;
            ipi->GetPacket()->PeekHeader(th);
            seq = static_cast<double>(th.GetSequenceNumber().GetValue());
        }
        Lose(i, seq);
    }
}

inline void Leave(int i)
{
    g.queued[i] -= 1;
    if (g.enq[i].empty())
    {
        return;
    }
    double t0 = g.enq[i].front();
    g.enq[i].pop_front();
    int s = std::min(std::max(static_cast<int>((t0 - g.sendShift[i]) / g.interval), 0), g.T - 1);
    double wait = Simulator::Now().GetSeconds() - t0;
    size_t at = static_cast<size_t>(s) * (g.n + 1) + i;
    g.oRttSum[at] += g.baseRtt[i] + wait;
    g.oRttCnt[at] += 1;
}

inline void BottleneckTxBegin(Ptr<const Packet> p)
{
    int i = ClassifyPpp(p);
    if (i >= 0)
    {
        Leave(i);
    }
}

inline void BottleneckTxEnd(Ptr<const Packet> p)
{
    int i = ClassifyPpp(p);
    if (i >= 0)
    {
        g.deliv[i] += 1;
    }
}

inline void DeviceDrop(Ptr<const Packet> p)
{
    int i = ClassifyPpp(p);
    if (i >= 0)
    {
        Lose(i);
        Leave(i);
    }
}

inline void AccessDrop(Ptr<const Packet> p)
{
    int i = ClassifyPpp(p);
    if (i >= 0)
    {
        Lose(i);
    }
}

inline void SenderTx(Ptr<const Packet> p)
{
    int64_t seq = 0;
    uint32_t payload = 0;
    int i = ClassifyPpp(p, &seq, &payload);
    if (i < 0)
    {
        return;
    }
    g.sent[i] += 1;
    if (i == g.n)
    {
        return;
    }
    // unwrap the 32-bit sequence number against the highest end sent so far
    int64_t hi = g.hiSeq[i];
    uint32_t gap = static_cast<uint32_t>(seq) - static_cast<uint32_t>(hi);
    int64_t start = hi + static_cast<int32_t>(gap);
    int64_t end = start + payload;
    if (!g.seqInit[i])
    {
        g.seqInit[i] = true;
        g.hiSeq[i] = end;
    }
    else if (end <= hi)
    {
        g.retx[i] += 1;
    }
    else
    {
        g.hiSeq[i] = end;
    }
}

inline void SinkRx(int i, Ptr<const Packet> p, const Address&)
{
    g.uniq[i] += p->GetSize();
    if (g.sizeBytes[i] > 0 && std::isnan(g.completion[i]) && g.uniq[i] >= g.sizeBytes[i])
    {
        g.completion[i] = Simulator::Now().GetSeconds();
        g.active[i] = false;
    }
}

inline void HighAckChange(int i, SequenceNumber32, SequenceNumber32 v)
{
    if (g.traces && g.active[i])
    {
        g.trAckT.push_back(Simulator::Now().GetSeconds());
        g.trAckV.push_back(static_cast<double>(v.GetValue()));
        g.trAckF.push_back(i);
    }
}

inline void TxSegment(int i, Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase>)
{
    // every data segment the sender sends (new or again); SYNs and pure ACKs carry none
    if (g.traces && g.active[i] && p->GetSize() > 0)
    {
        g.trTxT.push_back(Simulator::Now().GetSeconds());
        g.trTxS.push_back(static_cast<double>(h.GetSequenceNumber().GetValue()));
        g.trTxF.push_back(i);
    }
}

inline void CwndChange(int i, uint32_t, uint32_t v)
{
    if (!g.active[i])
    {
        return;
    }
    g.cwnd[i] = static_cast<double>(v) / g.segSize;
    if (g.traces)
    {
        g.trCwndT.push_back(Simulator::Now().GetSeconds());
        g.trCwndV.push_back(g.cwnd[i]);
        g.trCwndF.push_back(i);
    }
}

inline void CongStateChange(int i, TcpSocketState::TcpCongState_t, TcpSocketState::TcpCongState_t v)
{
    if (g.traces && g.active[i])
    {
        g.trStT.push_back(Simulator::Now().GetSeconds());
        g.trStV.push_back(static_cast<double>(v));
        g.trStF.push_back(i);
    }
    if (v == TcpSocketState::CA_RECOVERY)
    {
        g.fastRetx[i] += 1;
    }
}

// Every expiry of the retransmission timer once data flow: ReTxTimeout doubles the timer
// (RFC 6298 5.5, capped at 60 s) while an RTT sample sets it from the estimate. Entries into
// CA_LOSS undercount: a second expiry in CA_LOSS changes no state, and no trace fires
inline void RtoChange(int i, Time old, Time v)
{
    int64_t twice = std::min(old.GetTimeStep() * 2, Seconds(60).GetTimeStep());
    if (g.active[i] && g.seqInit[i] && v.GetTimeStep() == twice)
    {
        g.timeouts[i] += 1;
    }
}

inline void WriteSample(double now)
{
    if (g.k >= g.T)
    {
        return;
    }
    QueueArea();
    int m = g.n + 1;
    size_t row = static_cast<size_t>(g.k) * m;
    for (int i = 0; i < m; ++i)
    {
        g.oSent[row + i] = g.sent[i] - g.prevSent[i];
        g.oDeliv[row + i] = g.deliv[i] - g.prevDeliv[i];
        g.oLost[row + i] = g.lost[i] - g.prevLost[i];
        g.oUniq[row + i] = (g.uniq[i] - g.prevUniq[i]) / g.segSize;
        g.oCwnd[row + i] = g.active[i] ? g.cwnd[i] : NAN;
        g.oQueued[row + i] = g.queued[i];
        g.prevSent[i] = g.sent[i];
        g.prevDeliv[i] = g.deliv[i];
        g.prevLost[i] = g.lost[i];
        g.prevUniq[i] = g.uniq[i];
    }
    double span = now - g.qSampleStart;
    g.oQueue[g.k] = span > 0 ? g.qArea / span : g.qdiscLen + g.devLen;
    g.qArea = 0.0;
    g.qSampleStart = now;
    g.k++;
}

inline void Sample()
{
    double now = Simulator::Now().GetSeconds();
    WriteSample(now);
    double next = (g.k + 1) * g.interval;
    if (g.k < g.T && next < g.duration - 1e-12)
    {
        Simulator::Schedule(Seconds(next) - Simulator::Now(), &Sample);
    }
}

// ---------------------------------------------------------------------------
// A bulk sender: its socket is made at set-up with the flow's congestion op,
// recovery op and SACK, connects at the start, always has data (or `size`
// bytes), and stops with a reset (no data queued in the socket is sent).
class BulkFlow : public Application
{
  public:
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("aimdns3::BulkFlow")
                                .SetParent<Application>()
                                .SetGroupName("Applications")
                                .AddConstructor<BulkFlow>();
        return tid;
    }

    int m_index = 0;
    Address m_peer;
    uint64_t m_maxBytes = 0;
    uint64_t m_total = 0;
    uint32_t m_chunk = 1448;
    Ptr<TcpSocketBase> m_socket;
    Ptr<PolicyOps> m_ops;

    void Setup(Ptr<Node> node, TypeId cc, TypeId rec, Ptr<TcpCongestionOps> ops, bool sack,
               uint32_t sndBuf)
    {
        Ptr<TcpL4Protocol> tcp = node->GetObject<TcpL4Protocol>();
        m_socket = DynamicCast<TcpSocketBase>(tcp->CreateSocket(cc, rec));
        if (ops)
        {
            m_socket->SetCongestionControlAlgorithm(ops);
        }
        m_socket->SetAttribute("Sack", BooleanValue(sack));
        m_socket->SetAttribute("SndBufSize", UintegerValue(sndBuf));
        m_socket->TraceConnectWithoutContext("CongestionWindow",
                                             MakeBoundCallback(&CwndChange, m_index));
        m_socket->TraceConnectWithoutContext("CongState",
                                             MakeBoundCallback(&CongStateChange, m_index));
        m_socket->TraceConnectWithoutContext("HighestRxAck",
                                             MakeBoundCallback(&HighAckChange, m_index));
        m_socket->TraceConnectWithoutContext("RTO", MakeBoundCallback(&RtoChange, m_index));
        m_socket->TraceConnectWithoutContext("Tx", MakeBoundCallback(&TxSegment, m_index));
    }

    void StopNow()
    {
        g.active[m_index] = false;
        if (m_running)
        {
            m_running = false;
            Record();
            Peek::Rst(m_socket);
        }
    }

    void Record()
    {
        g.ccTypes[m_index] = Peek::CcType(m_socket);
        g.ccNames[m_index] = Peek::CcName(m_socket);
        g.recNames[m_index] = Peek::RecName(m_socket);
        g.sackLive[m_index] = Peek::Sack(m_socket) ? 1 : 0;
    }

  private:
    bool m_running = false;

    void StartApplication() override
    {
        m_running = true;
        g.active[m_index] = true;
        g.cwnd[m_index] = NAN;
        m_socket->Bind();
        m_socket->Connect(m_peer);
        m_socket->ShutdownRecv();
        m_socket->SetConnectCallback(MakeCallback(&BulkFlow::Connected, this),
                                     MakeNullCallback<void, Ptr<Socket>>());
        m_socket->SetSendCallback(MakeCallback(&BulkFlow::Space, this));
    }

    void StopApplication() override
    {
        if (m_running)
        {
            Record();
        }
    }

    void Connected(Ptr<Socket>)
    {
        Fill();
    }

    void Space(Ptr<Socket>, uint32_t)
    {
        Fill();
    }

    void Fill()
    {
        if (!m_running)
        {
            return;
        }
        while (m_maxBytes == 0 || m_total < m_maxBytes)
        {
            uint64_t want = m_chunk;
            if (m_maxBytes > 0)
            {
                want = std::min<uint64_t>(want, m_maxBytes - m_total);
            }
            want = std::min<uint64_t>(want, m_socket->GetTxAvailable());
            if (want == 0)
            {
                return;
            }
            int sent = m_socket->Send(Create<Packet>(static_cast<uint32_t>(want)), 0);
            if (sent <= 0)
            {
                return;
            }
            m_total += sent;
        }
        m_socket->Close();
    }
};

} // namespace aimdns3

namespace aimdns3
{

struct FlowCfg
{
    double start = 0.0;
    double stop = -1.0;
    double accessDelay = 0.0;
    double sendShift = 0.0;
    double baseRtt = 0.1;
    uint64_t size = 0;
    std::string cc = "ns3::TcpNewReno";
    std::string rec = "ns3::TcpClassicRecovery";
    bool sack = false;
    PolicyRule* rule = nullptr;
    std::string ruleName = "";
    uint32_t rwndBytes = 0;
};

struct CbrCfg
{
    double rate = 1e6;
    double start = 0.0;
    double stop = -1.0;
};

struct NetCfg
{
    double rate = 10e6;       // bit/s on the wire (PPP header compensated)
    double delay = 0.0;       // bottleneck one-way delay
    double accessRate = 1e9;  // every other link
    std::string disc = "droptail";
    uint32_t qdiscLimit = 99; // packets in the queue disc (the device queue holds 1 more)
    double minTh = 5, maxTh = 15, maxP = 0.1, wQ = 0.002;
    bool gentle = false;
    double randomLoss = 0.0;
    std::vector<double> rateTrace; // bit/s (wire), one per rateInterval
    double rateInterval = 0.0;
    uint32_t packetSize = 1500;
    uint32_t segSize = 1448;
    uint32_t delAck = 1;
    uint32_t initialCwnd = 3;
    uint32_t sockBuf = 16777216;
    double minRto = 1.0;
    bool cubicHyStart = false;
    uint64_t run = 1;
    double interval = 1.0;
    double duration = 10.0;
    int samples = 10;
    bool traces = false;
};

static std::vector<Ptr<BulkFlow>> g_apps;
static double g_timeSink = 0.0;

inline Ipv4InterfaceContainer Subnet(NetDeviceContainer d, int k)
{
    Ipv4AddressHelper a;
    std::string base = "10." + std::to_string(k / 250 + 1) + "." + std::to_string(k % 250) + ".0";
    a.SetBase(base.c_str(), "255.255.255.0");
    return a.Assign(d);
}

inline void SetDefaults(const NetCfg& c)
{
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpNewReno::GetTypeId()));
    Config::SetDefault("ns3::TcpL4Protocol::RecoveryType",
                       TypeIdValue(TcpClassicRecovery::GetTypeId()));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(c.segSize));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(c.delAck));
    Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(c.initialCwnd));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(c.sockBuf));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(c.sockBuf));
    Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(Seconds(c.minRto)));
    Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(true));
    Config::SetDefault("ns3::TcpSocketBase::WindowScaling", BooleanValue(true));
    Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(true));
    Config::SetDefault("ns3::TcpSocketBase::LimitedTransmit", BooleanValue(true));
    Config::SetDefault("ns3::TcpCubic::HyStart", BooleanValue(c.cubicHyStart));
}

inline QueueDiscContainer InstallBottleneckQdisc(const NetCfg& c, Ptr<NetDevice> dev)
{
    TrafficControlHelper tc;
    std::string limit = std::to_string(c.qdiscLimit) + "p";
    if (c.disc == "red")
    {
        tc.SetRootQueueDisc("ns3::RedQueueDisc", "MaxSize", QueueSizeValue(QueueSize(limit)),
                            "MinTh", DoubleValue(c.minTh), "MaxTh", DoubleValue(c.maxTh),
                            "QW", DoubleValue(c.wQ), "LInterm", DoubleValue(1.0 / c.maxP),
                            "Gentle", BooleanValue(c.gentle), "Wait", BooleanValue(false),
                            "MeanPktSize", UintegerValue(c.packetSize),
                            "LinkBandwidth", DataRateValue(DataRate(c.rate)),
                            "LinkDelay", TimeValue(Seconds(c.delay)),
                            "UseEcn", BooleanValue(false));
    }
    else
    {
        tc.SetRootQueueDisc("ns3::FifoQueueDisc", "MaxSize", QueueSizeValue(QueueSize(limit)));
    }
    return tc.Install(dev);
}

inline void BigFifo(NetDeviceContainer d)
{
    TrafficControlHelper tc;
    tc.SetRootQueueDisc("ns3::FifoQueueDisc", "MaxSize", QueueSizeValue(QueueSize("100000p")));
    tc.Install(d);
}

inline void ConnectBottleneck(Ptr<PointToPointNetDevice> dev, QueueDiscContainer q)
{
    q.Get(0)->TraceConnectWithoutContext("Enqueue", MakeCallback(&QdiscEnqueue));
    q.Get(0)->TraceConnectWithoutContext("Drop", MakeCallback(&QdiscDrop));
    q.Get(0)->TraceConnectWithoutContext("PacketsInQueue", MakeCallback(&QdiscLen));
    dev->TraceConnectWithoutContext("PhyTxBegin", MakeCallback(&BottleneckTxBegin));
    dev->TraceConnectWithoutContext("PhyTxEnd", MakeCallback(&BottleneckTxEnd));
    dev->TraceConnectWithoutContext("MacTxDrop", MakeCallback(&DeviceDrop));
    dev->GetQueue()->TraceConnectWithoutContext("PacketsInQueue", MakeCallback(&DevLen));
}

inline void LossyAccess(const NetCfg& c, Ptr<NetDevice> routerSide, int64_t stream)
{
    Ptr<PointToPointNetDevice> dev = DynamicCast<PointToPointNetDevice>(routerSide);
    dev->TraceConnectWithoutContext("PhyRxDrop", MakeCallback(&AccessDrop));
    if (c.randomLoss > 0)
    {
        Ptr<DataErrorModel> em = CreateObject<DataErrorModel>();
        em->m_rate = c.randomLoss;
        em->m_uv->SetStream(stream);
        dev->SetReceiveErrorModel(em);
    }
}

inline void SetRate(Ptr<PointToPointNetDevice> a, Ptr<PointToPointNetDevice> b, double bps)
{
    a->SetDataRate(DataRate(bps));
    b->SetDataRate(DataRate(bps));
}

inline void SetRcvBuf(Ptr<PacketSink> sink, uint32_t bytes)
{
    sink->GetListeningSocket()->SetAttribute("RcvBufSize", UintegerValue(bytes));
}

struct Topology
{
    NodeContainer senders, routers, recv, cross;
    Ptr<PointToPointNetDevice> left, right;
    Ipv4Address dst;
};

inline Topology Build(const NetCfg& c, const std::vector<FlowCfg>& flows, bool withCross)
{
    Topology t;
    int n = static_cast<int>(flows.size());
    t.senders.Create(n);
    t.routers.Create(2);
    t.recv.Create(1);
    t.cross.Create(withCross ? 1 : 0);
    InternetStackHelper stack;
    stack.Install(t.senders);
    stack.Install(t.routers);
    stack.Install(t.recv);
    stack.Install(t.cross);
    int subnet = 0;
    PointToPointHelper bn;
    bn.SetDeviceAttribute("DataRate", DataRateValue(DataRate(c.rate)));
    bn.SetChannelAttribute("Delay", TimeValue(Seconds(c.delay)));
    bn.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", QueueSizeValue(QueueSize("1p")));
    NetDeviceContainer bd = bn.Install(t.routers.Get(0), t.routers.Get(1));
    t.left = DynamicCast<PointToPointNetDevice>(bd.Get(0));
    t.right = DynamicCast<PointToPointNetDevice>(bd.Get(1));
    QueueDiscContainer q = InstallBottleneckQdisc(c, bd.Get(0));
    BigFifo(NetDeviceContainer(bd.Get(1)));
    Subnet(bd, subnet++);
    ConnectBottleneck(t.left, q);
    if (c.disc == "red")
    {
        DynamicCast<RedQueueDisc>(q.Get(0))->AssignStreams(50);
    }
    PointToPointHelper acc;
    acc.SetDeviceAttribute("DataRate", DataRateValue(DataRate(c.accessRate)));
    acc.SetChannelAttribute("Delay", TimeValue(Seconds(0)));
    NetDeviceContainer rd = acc.Install(t.routers.Get(1), t.recv.Get(0));
    BigFifo(rd);
    t.dst = Subnet(rd, subnet++).GetAddress(1);
    for (int i = 0; i <= n; ++i)
    {
        if (i == n && !withCross)
        {
            break;
        }
        Ptr<Node> node = i < n ? t.senders.Get(i) : t.cross.Get(0);
        acc.SetChannelAttribute("Delay", TimeValue(Seconds(i < n ? flows[i].accessDelay : 0)));
        NetDeviceContainer d = acc.Install(node, t.routers.Get(0));
        BigFifo(d);
        g.src[Subnet(d, subnet++).GetAddress(0).Get()] = i;
        d.Get(0)->TraceConnectWithoutContext("MacTx", MakeCallback(&SenderTx));
        LossyAccess(c, d.Get(1), 100 + i);
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    return t;
}

inline void InstallFlow(const NetCfg& c, Topology& t, const FlowCfg& f, int i)
{
    g.baseRtt[i] = f.baseRtt;
    g.sendShift[i] = f.sendShift;
    g.sizeBytes[i] = static_cast<double>(f.size);
    InetSocketAddress any(Ipv4Address::GetAny(), 5000 + i);
    PacketSinkHelper sh("ns3::TcpSocketFactory", any);
    ApplicationContainer sa = sh.Install(t.recv.Get(0));
    sa.Start(Seconds(0));
    Ptr<PacketSink> sink = DynamicCast<PacketSink>(sa.Get(0));
    sink->TraceConnectWithoutContext("Rx", MakeBoundCallback(&SinkRx, i));
    if (f.rwndBytes > 0)
    {
        Simulator::Schedule(NanoSeconds(1), &SetRcvBuf, sink, f.rwndBytes);
    }
    Ptr<BulkFlow> app = CreateObject<BulkFlow>();
    app->m_index = i;
    app->m_peer = InetSocketAddress(t.dst, 5000 + i);
    app->m_maxBytes = f.size;
    app->m_chunk = c.segSize;
    if (f.rule)
    {
        app->m_ops = CreateObject<PolicyOps>();
        app->m_ops->SetRule(f.rule, f.ruleName);
    }
    app->Setup(t.senders.Get(i), TypeId::LookupByName(f.cc), TypeId::LookupByName(f.rec),
               app->m_ops, f.sack, c.sockBuf);
    t.senders.Get(i)->AddApplication(app);
    app->SetStartTime(Seconds(f.start));
    app->SetStopTime(Seconds(c.duration));
    if (f.stop >= 0)
    {
        Simulator::Schedule(Seconds(f.stop), &BulkFlow::StopNow, app);
    }
    g_apps.push_back(app);
}

inline void InstallCbr(const NetCfg& c, Topology& t, const CbrCfg& b, int k)
{
    InetSocketAddress any(Ipv4Address::GetAny(), 9000 + k);
    PacketSinkHelper us("ns3::UdpSocketFactory", any);
    us.Install(t.recv.Get(0)).Start(Seconds(0));
    OnOffHelper oo("ns3::UdpSocketFactory", InetSocketAddress(t.dst, 9000 + k));
    // the scenario's rate is of IP packets (as the bottleneck's): OnOff's DataRate counts
    // the UDP payload, packetSize - 28 bytes of each, in whole bit/s
    uint64_t payloadRate = std::max<uint64_t>(
        1, static_cast<uint64_t>(std::floor(b.rate * (c.packetSize - 28) / c.packetSize)));
    oo.SetAttribute("DataRate", DataRateValue(DataRate(payloadRate)));
    oo.SetAttribute("PacketSize", UintegerValue(c.packetSize - 28));
    oo.SetAttribute("OnTime", StringValue("ns3::ConstantRandomVariable[Constant=1e9]"));
    oo.SetAttribute("OffTime", StringValue("ns3::ConstantRandomVariable[Constant=0]"));
    ApplicationContainer ca = oo.Install(t.cross.Get(0));
    ca.Start(Seconds(b.start));
    ca.Stop(Seconds(b.stop >= 0 ? b.stop : c.duration + 1));
}

inline void Collect()
{
    for (auto& app : g_apps)
    {
        int i = app->m_index;
        if (g.ccNames[i].empty())
        {
            app->Record();
        }
        if (app->m_ops)
        {
            g.ruleInc[i] = app->m_ops->m_increases;
            g.ruleDec[i] = app->m_ops->m_decreases;
            g.ruleBad[i] = app->m_ops->m_bad;
            g.ruleBadValue[i] = app->m_ops->m_badValue;
        }
    }
}

// The TypeId of every run-time class, registered (NS_OBJECT_ENSURE_REGISTERED does not run
// in cling), and the flows' TypeIds checked, so that a bad name is an error, not an abort.
inline std::string CheckTypes(const std::vector<FlowCfg>& flows)
{
    PolicyOps::GetTypeId();
    TahoeRecovery::GetTypeId();
    DataErrorModel::GetTypeId();
    BulkFlow::GetTypeId();
    TypeId tid;
    for (const FlowCfg& f : flows)
    {
        for (const std::string& name : {f.cc, f.rec})
        {
            if (!TypeId::LookupByNameFailSafe(name, &tid))
            {
                return "ns-3 has no type " + name;
            }
        }
    }
    return "";
}

std::string Run(const NetCfg& c, const std::vector<FlowCfg>& flows, const std::vector<CbrCfg>& cbrs)
{
    std::string bad = CheckTypes(flows);
    if (!bad.empty())
    {
        return bad;
    }
    int n = static_cast<int>(flows.size());
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(c.run);
    SetDefaults(c);
    Reset(n, c.samples, c.interval, c.duration, c.segSize, c.traces);
    g_apps.clear();
    Topology t = Build(c, flows, !cbrs.empty());
    for (int i = 0; i < n; ++i)
    {
        InstallFlow(c, t, flows[i], i);
    }
    for (size_t k = 0; k < cbrs.size(); ++k)
    {
        InstallCbr(c, t, cbrs[k], static_cast<int>(k));
    }
    for (size_t k = 1; k < c.rateTrace.size(); ++k)
    {
        Simulator::Schedule(Seconds(k * c.rateInterval), &SetRate, t.left, t.right, c.rateTrace[k]);
    }
    if (c.interval < c.duration)
    {
        Simulator::Schedule(Seconds(c.interval), &Sample);
    }
    Simulator::Stop(Seconds(c.duration));
    Simulator::Run();
    while (g.k < g.T)
    {
        WriteSample(c.duration);
    }
    Collect();
    Simulator::Destroy();
    g_apps.clear();
    return "";
}

// After a run that did not end (an exception crossed Simulator::Run): destroy the
// simulation, so that ns-3's singletons (the address generator, the node list, the event
// queue) start clean for the next run.
void Cleanup()
{
    g_apps.clear();
    Simulator::Destroy();
}

// Seconds per call of a rule's methods (init, increase, window, decrease, window).
double TimeRule(PolicyRule* r, int n)
{
    double s[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    double acc = 0.0;
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < n; ++i)
    {
        r->Init(10.0 + (i % 7), s);
        r->Increase(s);
        acc += r->Window(s);
        r->Decrease(s);
        acc += r->Window(s);
    }
    auto t1 = std::chrono::steady_clock::now();
    g_timeSink = acc;
    return std::chrono::duration<double>(t1 - t0).count() / (5.0 * n);
}

} // namespace aimdns3
"""

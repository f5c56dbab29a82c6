from aimdmodel.cli import main


def test_headline_runs_and_lists_every_seed_policy(capsys):
    assert main([]) == 0
    out = capsys.readouterr().out
    for name in ("AIMD(", "AIMDFC(", "AIMDFCPlus(", "reading='printed'", "reading='charitable'"):
        assert name in out

"""A person's role said as the vertical ("owner", "the buyers") names no business (mpa.roles): the benchmark look-up
declines it and asks what the business is, on kb/ and on plain-text KBs, instead of taking whichever vertical's passage
happens to use the word (kb/'s car-dealer "owners of competing models" once made "owner" automotive). A trade with a
role ("bakery owner") is not only a role. Wording of our own."""
from __future__ import annotations

import pytest

from mpa import roles
from mpa.tools import ToolExecutor

ROLES = ["owner", "the buyers", "the owner's", "owner and manager", "my boss", "customers"]
NOT_ROLES = ["bakery owner", "dental practice manager", "car dealers", "coffee roaster"]
ENGINES = ["shipped_engine", "kb_txt_engine", "kb_txt8_engine"]


@pytest.mark.parametrize("phrase,role", [(p, True) for p in ROLES] + [(p, False) for p in NOT_ROLES])
def test_roles_alone_are_roles_and_a_trade_is_not_a_role(phrase, role):
    assert bool(roles.only(phrase)) is role


@pytest.mark.parametrize("engine_name", ENGINES)
def test_a_role_gets_no_vertical_s_figures(engine_name, request):
    tools = ToolExecutor(request.getfixturevalue(engine_name))
    for phrase in ("owner", "buyers"):
        got = tools.execute("get_benchmark", {"vertical": phrase, "metric": "CPC"})
        assert "a person's role names no business" in got.content, got.content[:200]
        assert "Typical" not in got.content

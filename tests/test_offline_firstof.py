"""The policy's precedence chains run as ``or`` did: in order, each step only when every step before it gave nothing."""
from agent.offline import replies
from agent.offline.firstof import first


def test_first_answer_wins_and_later_steps_are_not_called():
    called = []

    def step(name, value):
        return lambda: called.append(name) or value

    assert first((step("a", None), step("b", ""), step("c", "yes"), step("d", "no"))) == "yes"
    assert called == ["a", "b", "c"]


def test_nothing_answers_gives_the_default():
    assert first((lambda: None, lambda: [])) is None
    assert first((lambda: None,), "kept") == "kept"


def test_tool_call_ids_carry_the_round_tag_and_key():
    r = replies.calls(7, [("get_step_guidance", {"step": 3}), ("get_step_guidance", {"step": 5})], "s", [3, 5])
    assert [b["id"] for b in r.content] == ["toolu_offline_007_s3", "toolu_offline_007_s5"]
    assert r.stop_reason == "tool_use" and replies.calls(7, [("x", {})]).content[0]["id"] == "toolu_offline_007_0"
    assert replies.said("hi").content == [{"type": "text", "text": "hi"}]

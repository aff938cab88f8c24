"""A business phrase that shares only its head noun with a label of another kind (mpa/headkind.py): "dental clinics"
is no "Veterinary Clinics" — on the plain-text kb_txt2, kb_txt5 and kb_txt6, and kb/'s healthcare, whose listed
names say "clinics" bare. Wording of this file's own."""
from __future__ import annotations

import pytest

import agent.offline  # noqa: F401  (plugs the offline encoder into mpa.resolve)

from mpa.fact_lookups import find_benchmarks
from mpa.headkind import other_kind
from mpa.lookups import lookup_benchmark
from tests.offline_turns import turns
from tests.test_offline_kb_markets import TXT2
from tests.unseen_wording import assert_unseen

TEXT = "we own three dental clinics outside wichita. typical cost per lead?"


def test_wording_is_own():
    assert_unseen(TEXT)


@pytest.mark.parametrize("phrase,label", [("dental clinics", "Veterinary Clinics"), ("veterinary clinic", "Dental Clinics"),
                                          ("paving contractors", "Roofing Contractors"),
                                          ("electrical contractor", "Roofing Contractors"),
                                          ("concert venues", "Wedding Venues"), ("car dealers", "RV Dealers"),
                                          ("driving schools", "Charter Schools")])
def test_another_kind_under_the_same_head_is_no_match(meaning, phrase, label):
    assert other_kind(phrase, label)


@pytest.mark.parametrize("phrase,label", [("vet clinic", "Veterinary Clinics"), ("small animal clinic", "Veterinary Clinics"),
                                          ("orthodontic clinic", "Dental Clinics"), ("camper dealers", "RV Dealers"),
                                          ("residential roofers", "Roofing Contractors"),
                                          ("roofing contractor", "Roofing Contractors"),
                                          ("metal roofing contractors", "Roofing Contractors"),
                                          ("reroofing contractors", "Roofing Contractors"),
                                          ("medical spas", "Med Spas and Aesthetics"),
                                          ("personal injury lawyer", "Personal Injury Law Firms"),
                                          ("divorce lawyer", "Family Law and Divorce Attorneys"),
                                          ("clinics", "Veterinary Clinics")])
def test_the_same_kind_a_shared_modifier_or_no_modifier_is_left_alone(meaning, phrase, label):
    assert not other_kind(phrase, label)   # "vet" shortens "Veterinary"; "camper" and "RV" one kind by meaning


def test_a_bare_head_covers_every_kind(meaning):
    assert not other_kind("dental clinics", "Clinics and Hospitals")


@pytest.mark.parametrize("phrase,label", [("whiskey distilleries", "Craft Distilleries"),
                                          ("catholic universities", "Private Universities"),
                                          ("korean cosmetics", "Premium Cosmetics"),
                                          ("compounding pharmacy", "Independent Pharmacies")])
def test_a_label_that_says_only_how_the_business_is_run_names_every_kind(meaning, phrase, label):
    assert not other_kind(phrase, label)


def test_without_an_encoder_the_word_match_stands():
    assert not other_kind("dental clinics", "Veterinary Clinics")   # the suite's default: meaning off


def test_kb_txt2_serves_no_clinic_of_another_kind(kb_txt2_engine, monkeypatch, meaning):
    monkeypatch.setenv("MPA_KB_DIR", TXT2)
    assert not find_benchmarks(kb_txt2_engine, "dental clinics", "CPL").result
    assert not find_benchmarks(kb_txt2_engine, "paving contractors", "CPC").result
    for phrase, label in [("vet clinic", "Veterinary Clinics"), ("small animal clinic", "Veterinary Clinics"),
                          ("residential roofers", "Roofing Contractors"), ("roofing contractor", "Roofing Contractors"),
                          ("personal injury lawyer", "Personal Injury Law Firms"),
                          ("divorce lawyer", "Family Law and Divorce Attorneys")]:
        assert {r.vertical for r in find_benchmarks(kb_txt2_engine, phrase, "CPL").result} == {label}, phrase
    [(answer, calls)] = turns(kb_txt2_engine, [TEXT])
    assert [c for c in calls if c.get("vertical", "").startswith("dental clinics") and c.get("metric") == "CPL"], calls
    assert "Veterinary" not in answer.split("verticals it covers")[0] and "$27" not in answer, answer


def test_kb_txt6_and_kb_txt5_too(kb_txt6_engine, kb_txt5_engine, meaning):
    assert not find_benchmarks(kb_txt6_engine, "veterinary clinics", "CPC").result
    assert {r.vertical for r in find_benchmarks(kb_txt6_engine, "orthodontic clinic", "CPC").result} == {"Dental Clinics"}
    assert not find_benchmarks(kb_txt5_engine, "car dealers", "CPC").result
    assert {r.vertical for r in find_benchmarks(kb_txt5_engine, "camper dealers", "CPC").result} == {"RV Dealers"}
    assert {r.vertical for r in find_benchmarks(kb_txt5_engine, "whiskey distilleries", "CPC").result} \
        == {"Craft Distilleries and Tasting Rooms"}


def test_kb_healthcare_still_covers_a_podiatry_clinic(shipped_engine, meaning):
    """kb/'s healthcare introduction lists "clinics" bare: every kind of clinic is one."""
    assert lookup_benchmark(shipped_engine, "podiatry clinic", "CPL").result.vertical == "healthcare"

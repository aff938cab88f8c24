from mpa.tables import benchmark_rows, iter_tables, parse_number, parse_range, read_kb_texts


def test_parse_number_and_range_units():
    assert parse_number("0.8x") == 0.8 and parse_number("2.5x") == 2.5
    assert parse_number("$1,800") == 1800 and parse_number("0.9%") == 0.9
    assert parse_number("6.7 million") == 6.7e6 and parse_number("694,000") == 694000
    assert parse_range("$30–$55") == (30, 55) and parse_range("3.0:1–5.0:1") == (3.0, 5.0)
    assert parse_range("1.5x–3.0x") == (1.5, 3.0) and parse_range("n/a") is None


def test_iter_tables_reads_rows_with_offsets():
    text = "intro\n\n| A | B |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\ntext\n"
    (rows,) = list(iter_tables(text, "x.md"))
    assert [r.cells for r in rows] == [{"A": "1", "B": "2"}, {"A": "3", "B": "4"}]
    assert text[rows[1].start:].startswith("| 3 |")


def test_benchmark_rows_of_fixture(fixture_kb):
    rows = benchmark_rows(read_kb_texts(fixture_kb))
    roas = next(r for r in rows if r.metric == "ROAS")
    assert (roas.vertical, roas.typical_low, roas.typical_high, roas.unit) == ("ecommerce", 2.5, 4.0, "x")
    assert roas.low_value == 1.6 and roas.high_value == 6.0

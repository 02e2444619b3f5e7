"""The notebooks' helpers — reading exercises graded by the exercise programs (the
reference answer passes, a wrong or missing field fails with a ✗ naming it) and the course
text read at run time."""

import simatlas
from simatlas import notebook


def test_reference_answer_passes():
    grade = notebook.grade("e3-geometry", 1, notebook.solution("e3-geometry", 1))
    assert grade and all(ok for _, ok, _ in grade.fields)
    assert "✓ combined_stiffness" in repr(grade)


def test_wrong_and_missing_fields_fail():
    answer = dict(notebook.solution("e3-geometry", 1))
    # E3-geometry §3: 1e5 and 1e5 N/m in series give 5e4 N/m, so 1e5 is wrong.
    answer["combined_stiffness"] = "100000 N/m"
    grade = notebook.grade("e3-geometry", 1, answer)
    assert not grade
    assert [key for key, ok, _ in grade.fields if not ok] == ["combined_stiffness"]
    # A wrong answer is shown, not raised: the ✗ field and a hint, but no evidence or reason.
    text = repr(grade)
    assert "✗ combined_stiffness" in text and "hint: " in text
    assert "evidence (reference engine)" not in text and "series" not in text
    # On request the evidence and the reason are shown.
    explained = notebook.grade("e3-geometry", 1, answer, explain=True)
    assert not explained and "evidence (reference engine):" in repr(explained)
    answer["combined_stiffness"] = None
    missing = notebook.grade("e3-geometry", 1, answer)
    assert not missing and missing.problems and "combined_stiffness: missing" in repr(missing)
    assert "evidence (reference engine)" not in repr(missing) and "hint" not in repr(missing)


def test_blank_form_is_a_problem_and_a_right_answer_shows_the_evidence():
    blank = notebook.grade("e3-geometry", 1, {"answer": None, "combined_stiffness": None})
    assert not blank and repr(blank) == ("✗ no answer yet: replace each None (answer, "
                                         "combined_stiffness) and run the cell again")
    assert "evidence (reference engine)" not in repr(blank) and "hint" not in repr(blank)
    right = notebook.grade("e3-geometry", 1, notebook.solution("e3-geometry", 1))
    assert "evidence (reference engine):" in repr(right) and "reason: " in repr(right)


def test_course_section_is_read_at_run_time():
    text = notebook.course_section("e3-geometry", "1.1")
    assert text.startswith("1.1 ") and not text.splitlines()[0].endswith("#")
    assert "exercise 1" in notebook.exercise_question("e3-geometry", 1)


def _numbered_headings(text):
    return [line for line in text.splitlines() if notebook._NUMBERED_HEADING.match(line + "#")]


def test_course_section_is_the_whole_section():
    # E3-SAP §4: the objective follows "目标为" and the gradient follows it; the section ends
    # with its last paragraph (the one before §4.1's heading), not after three lines.
    sap4 = notebook.course_section("e3-sap", "4")
    assert "目标为" in sap4 and r"\[\ell(v)=" in sap4 and r"\[g=\nabla\ell=" in sap4
    assert "初值与求解" not in sap4 and "4.1 " not in sap4
    # E3-SAP §2.1: the formula after "于是", and the paragraph after it.
    free = notebook.course_section("e3-sap", "2.1")
    assert r"\[A=M(q_0)+hD" in free and "h 单位 s" in free
    # §3 holds no text before §3.1: one heading, and a note naming its subsections.
    sap3 = notebook.course_section("e3-sap", "3")
    assert len(_numbered_headings(sap3)) == 1 and "§3.1, §3.2" in sap3
    assert "Kelvin" not in sap3
    # §4.2 keeps both stopping criteria.
    stop = notebook.course_section("e3-sap", "4.2")
    assert r"\|Dg\|_2\le" in stop and r"|\ell_m-\ell_{m-1}|" in stop


def test_course_tables_keep_their_rows():
    mj1 = notebook.course_section("mj-solvers", "1").splitlines()
    assert mj1[1:3] == ["| 层 | 原生选项/字段 | 改变的对象 |", "|---|---|---|"]
    assert mj1[3] == "| 接触与约束模型 |  | 力可行域、参考加速度、正则化与几何装配 |"
    assert mj1[5].startswith("| 状态推进 |") and mj1[6].startswith("mj_defaultOption")
    # Every table row of every section of the three chapters has its separator's column count.
    for chapter in notebook.COURSE_FILES:
        _, lines = notebook._course_lines(chapter)
        for line in lines:
            m = notebook._NUMBERED_HEADING.match(line)
            if not m:
                continue
            rows = notebook.course_section(chapter, m.group(1)).splitlines()
            for k, row in enumerate(rows):
                if row.startswith("|---"):
                    width = row.count("|")
                    table = [r for r in rows[k - 1:] if r.startswith("| ") or r.startswith("|-")]
                    assert table and all(r.count("|") == width for r in table), (chapter, m.group(1))


def test_formula_sheet_gives_the_formulas_the_texts_lost():
    # MJ-solvers §2's text says "则 dual 优化为" with the formula lost; the sheet's §2 holds it
    # (its lettered parts §2a, §2b belong to §2) and stops before §3.
    sheet = notebook.formula_sheet_section("mj-solvers", "2")
    assert sheet.startswith("## §2 ") and "f* = argmin" in sheet and "### §2b" in sheet
    assert "## §3" not in sheet
    # E3-SAP §3 stops before its numbered subsection §3.1.
    assert "### §3.1" not in notebook.formula_sheet_section("e3-sap", "3")
    # MJ §4's unnumbered parts (PGS, CG, Newton) belong to it.
    assert "### Newton (primal)" in notebook.formula_sheet_section("mj-solvers", "4")

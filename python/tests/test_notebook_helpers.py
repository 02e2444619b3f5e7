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
    assert not blank and "gives no answer (the blank form" in repr(blank)
    assert "evidence (reference engine)" not in repr(blank) and "hint" not in repr(blank)
    right = notebook.grade("e3-geometry", 1, notebook.solution("e3-geometry", 1))
    assert "evidence (reference engine):" in repr(right) and "reason: " in repr(right)


def test_course_section_is_read_at_run_time():
    text = notebook.course_section("e3-geometry", "1.1")
    assert text.startswith("1.1 ") and text.splitlines()[0].endswith("#")
    assert "exercise 1" in notebook.exercise_question("e3-geometry", 1)

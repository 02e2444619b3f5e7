// Unit tests of the Session and the runner of `simatlas check` with an in-process
// program: the differential comparison (tolerances, ±∞, vectors, labels, who rejects what), the
// protocol checks of an answer's shape, and the run's outcome (shrunk counterexample, exit codes).
// Expected values are the reference laws' own definitions evaluated by hand in the comments.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <cmath>
#include <functional>
#include <string>

#include "tools/check/check_run.h"

namespace simatlas::check {
namespace {

using rc::detail::CaseResult;

// A program whose answer is computed by a C++ function of (law, inputs).
class FakeProgram : public Program {
 public:
  explicit FakeProgram(std::function<Answer(const std::string&, const Json&)> answer)
      : answer_(std::move(answer)) {}
  Answer Ask(const std::string& law, const Json& inputs) override {
    ++queries;
    return answer_(law, inputs);
  }
  int queries = 0;

 private:
  std::function<Answer(const std::string&, const Json&)> answer_;
};

Answer Outputs(Json outputs) { return Answer{true, std::move(outputs), ""}; }
Answer Error(std::string message) { return Answer{false, Json(), std::move(message)}; }

// A one-law family over material.point_stiffness with the given tolerance.
Family StiffnessFamily(Tolerance tolerance) {
  Family family;
  family.name = "test";
  family.laws = {{"material.point_stiffness",
                  [] {
                    return rc::gen::map(rc::gen::inRange(1, 1000), [](int k) {
                      return Json{{"k1", 1.0 * k}, {"k2", 1.0 * k}};
                    });
                  },
                  tolerance}};
  return family;
}

// The case outcome of one Outputs call: "" when accepted, else the failure's description.
std::string Verdict(Session& session, const std::string& law, const Json& inputs) {
  try {
    session.Outputs(law, inputs);
    return "";
  } catch (const CaseResult& result) {
    return (result.type == CaseResult::Type::Discard ? "discard: " : "") + result.description;
  }
}

TEST(CheckSession, AcceptsWithinTheToleranceAndRejectsBeyondIt) {
  // k(1e5, 1e5) = 1e10/2e5 = 5e4 N/m; rel 1e-12 allows 5e-8.
  const Family family = StiffnessFamily({0.0, 1e-12});
  double answer = 5e4 + 4e-8;
  FakeProgram program([&](const std::string&, const Json&) { return Outputs({{"k", answer}}); });
  Session session(family, program);
  const Json inputs = {{"k1", 1e5}, {"k2", 1e5}};
  EXPECT_EQ(Verdict(session, "material.point_stiffness", inputs), "");
  answer = 5e4 + 6e-8;
  EXPECT_NE(Verdict(session, "material.point_stiffness", inputs).find("the reference gives 50000"),
            std::string::npos);
  // Both queries are logged with the reference's expectation.
  ASSERT_EQ(session.log().size(), 2u);
  EXPECT_EQ(session.log()[1].expected, (Json{{"k", 50000.0}}));
  EXPECT_FALSE(session.log()[1].verdict.empty());
}

TEST(CheckSession, InfinityMustMatchExactlyAndTravelsAsAString) {
  Family family = StiffnessFamily({0.0, 1e-12});
  // k(inf, 3e4) = 3e4 (the rigid side returns the other); "inf" in the answer is a mismatch.
  Json answer = 3e4;
  FakeProgram program([&](const std::string&, const Json&) { return Outputs({{"k", answer}}); });
  Session session(family, program);
  const Json inputs = {{"k1", "inf"}, {"k2", 3e4}};
  EXPECT_EQ(Verdict(session, "material.point_stiffness", inputs), "");
  answer = "inf";
  EXPECT_NE(Verdict(session, "material.point_stiffness", inputs).find("'k' = inf"),
            std::string::npos);
  EXPECT_EQ(JsonNumber(-std::numeric_limits<double>::infinity()), Json("-inf"));
  EXPECT_EQ(ReadNumber(Json("inf"), "k"), std::numeric_limits<double>::infinity());
}

TEST(CheckSession, WhoRejectsWhat) {
  const Family family = StiffnessFamily({0.0, 1e-12});
  Answer answer = Error("no");
  FakeProgram program([&](const std::string&, const Json&) { return answer; });
  Session session(family, program);
  // The reference rejects k1 = -1 (k >= 0): an error answer agrees (a discard in Outputs) ...
  EXPECT_EQ(
      Verdict(session, "material.point_stiffness", {{"k1", -1.0}, {"k2", 1.0}}).rfind("discard", 0),
      0u);
  EXPECT_FALSE(session.Rejects("material.point_stiffness", {{"k1", -1.0}, {"k2", 1.0}}).ok);
  // ... an error for valid inputs fails ...
  EXPECT_NE(Verdict(session, "material.point_stiffness", {{"k1", 1.0}, {"k2", 1.0}})
                .find("answered error 'no'"),
            std::string::npos);
  // ... and outputs for rejected inputs fail.
  answer = Outputs({{"k", 1.0}});
  EXPECT_THROW(session.Rejects("material.point_stiffness", {{"k1", -1.0}, {"k2", 1.0}}),
               CaseResult);
}

TEST(CheckSession, AnswerShapeFaultsAreProtocolErrors) {
  const Family family = StiffnessFamily({0.0, 1e-12});
  Answer answer;
  FakeProgram program([&](const std::string&, const Json&) { return answer; });
  Session session(family, program);
  const Json inputs = {{"k1", 1.0}, {"k2", 1.0}};
  for (const Json& outputs : {Json::object(), Json{{"k", 0.5}, {"kk", 1.0}}, Json{{"k", "half"}},
                              Json{{"k", Json::array({0.5})}}}) {
    answer = Outputs(outputs);
    EXPECT_THROW(session.Outputs("material.point_stiffness", inputs), ProtocolError)
        << outputs.dump();
  }
}

TEST(CheckSession, NanOutputIsAWrongAnswerLoggedWithItsInputs) {
  const Family family = StiffnessFamily({0.0, 1e-12});
  Answer answer = Outputs({{"k", nullptr}});  // what a JSON writer makes of NaN
  FakeProgram program([&](const std::string&, const Json&) { return answer; });
  Session session(family, program);
  const Json inputs = {{"k1", 2.0}, {"k2", 2.0}};
  EXPECT_EQ(
      Verdict(session, "material.point_stiffness", inputs),
      "material.point_stiffness: output 'k' is null (NaN, as a JSON writer writes it) for these inputs");
  ASSERT_EQ(session.log().size(), 1u);
  EXPECT_EQ(session.log()[0].inputs, inputs);
  answer = Outputs({{"k", "nan"}});
  EXPECT_NE(
      Verdict(session, "material.point_stiffness", inputs).find("output 'k' is NaN (\"nan\")"),
      std::string::npos);
}

TEST(CheckSession, VectorsCompareElementwiseAndLabelsExactly) {
  Family family;
  family.name = "cone";
  family.laws = {{"sap.friction_cone", [] { return rc::gen::just(Json::object()); }, {1e-9, 1e-9}}};
  // dt = 0.01, w = 1, phi0 = -0.001, mu = 0.5, k = 1e5, tau = 0, vc = (0.1, 0, -0.1):
  // Rn = max(1/(4π²), 1/(0.01·1e5·0.01)) = 0.1, Rt = 1e-3, v̂n = 0.1, y = (-100, 0, 2),
  // yr ≈ 100 > μ yn = 1 and yn = 2 > -μ̂ yr = -0.5: sliding, γn = (2 + 0.005·100)/(1 + 0.0025)
  // = 2.4937655860..., γt = (-0.5 γn, 0), cost = ½(1e-3 γt² + 0.1 γn²) = 0.31172069825...
  const Json inputs = {{"dt", 0.01}, {"w", {1.0}}, {"phi0", -0.001},        {"mu", 0.5},
                       {"k", 1e5},   {"tau", 0.0}, {"vc", {0.1, 0.0, -0.1}}};
  const double gn = 2.5 / 1.0025;
  Json right = {{"Rt", 1e-3},
                {"Rn", 0.1},
                {"vhat_n", 0.1},
                {"y", {-100.0, 0.0, 2.0}},
                {"gamma", {-0.5 * gn, 0.0, gn}},
                {"mode", "sliding"},
                {"cost", 0.5 * (1e-3 * 0.25 * gn * gn + 0.1 * gn * gn)}};
  Json answer = right;
  FakeProgram program([&](const std::string&, const Json&) { return Outputs(answer); });
  Session session(family, program);
  EXPECT_EQ(Verdict(session, "sap.friction_cone", inputs), "");
  answer["mode"] = "stiction";
  EXPECT_NE(Verdict(session, "sap.friction_cone", inputs).find("'mode' = \"stiction\""),
            std::string::npos);
  answer = right;
  answer["gamma"][2] = gn * (1 + 1e-6);
  EXPECT_NE(Verdict(session, "sap.friction_cone", inputs).find("'gamma[2]'"), std::string::npos);
  answer = right;
  answer["gamma"] = Json::array({0.0, gn});
  EXPECT_THROW(session.Outputs("sap.friction_cone", inputs), CaseResult);
}

TEST(CheckRun, ShrunkCounterexampleAndExitCodes) {
  // The arithmetic mean instead of springs in series: k(k, k) = k instead of k/2, and
  // k(a, 2a) = 1.5 a instead of 2a/3. Both properties fail, each shrunk to its smallest input.
  Family family = StiffnessFamily({0.0, 1e-12});
  // k(a, 2a) = a·2a/(3a) = 2a/3, asserted by the property itself (within 4 roundings).
  family.properties = {Property{
      "unequal_sides",
      "k(a, 2a) = 2a/3",
      [](Session& session) {
        const int a = *rc::gen::inRange(1, 1000);
        const double k = Session::Number(
            session.Outputs("material.point_stiffness", {{"k1", 1.0 * a}, {"k2", 2.0 * a}}), "k");
        RC_ASSERT(std::abs(k - 2.0 * a / 3.0) <= 1e-15 * a);
      },
      {"material.point_stiffness"}}};
  FakeProgram mean([](const std::string&, const Json& in) {
    return Outputs({{"k", 0.5 * (in["k1"].get<double>() + in["k2"].get<double>())}});
  });
  const RunReport report = RunFamily(family, mean, RunOptions{100, 3, 1.0});
  ASSERT_EQ(report.properties.size(), 2u);
  EXPECT_EQ(report.ExitCode(), 1);
  // The automatic property: shrunk to k1 = k2 = 1 (the generator's smallest), reference 1/2.
  EXPECT_FALSE(report.properties[0].passed);
  ASSERT_EQ(report.properties[0].counterexample.size(), 1u);
  EXPECT_EQ(report.properties[0].counterexample[0].inputs, (Json{{"k1", 1.0}, {"k2", 1.0}}));
  EXPECT_EQ(report.properties[0].counterexample[0].expected, (Json{{"k", 0.5}}));
  // The family's property: shrunk to a = 1, k(1, 2) = 2/3, the mean answers 1.5.
  EXPECT_FALSE(report.properties[1].passed);
  ASSERT_EQ(report.properties[1].counterexample.size(), 1u);
  EXPECT_EQ(report.properties[1].counterexample[0].inputs, (Json{{"k1", 1.0}, {"k2", 2.0}}));
  EXPECT_EQ(report.properties[1].counterexample[0].got, (Json{{"outputs", {{"k", 1.5}}}}));
  // The series rule passes both.
  FakeProgram series([](const std::string&, const Json& in) {
    const double k1 = in["k1"], k2 = in["k2"];
    return Outputs({{"k", k1 * k2 / (k1 + k2)}});
  });
  EXPECT_EQ(RunFamily(family, series, RunOptions{100, 3, 1.0}).ExitCode(), 0);

  // A protocol fault stops the run with exit code 2 and is no property failure.
  FakeProgram broken(
      [](const std::string&, const Json&) -> Answer { throw ProtocolError("garbage"); });
  const RunReport stopped = RunFamily(family, broken, RunOptions{100, 3, 1.0});
  EXPECT_EQ(stopped.ExitCode(), 2);
  EXPECT_EQ(*stopped.protocol_error, "garbage");
  EXPECT_EQ(broken.queries, 1);
}

TEST(CheckRun, EachPropertyOnItsOwnVerdictAndNanDoesNotStopTheRun) {
  // The arithmetic mean is symmetric but not the series rule (k(1, 1) = 1, not 1/2): the
  // symmetry property holds and only the comparison with the reference fails.
  Family family = StiffnessFamily({0.0, 1e-12});
  family.laws[0].inputs = [] {
    return rc::gen::apply(
        [](int a, int b) {
          return Json{{"k1", 1.0 * a}, {"k2", 1.0 * b}};
        },
        rc::gen::inRange(1, 1000), rc::gen::inRange(1, 1000));
  };
  family.properties = {Property{
      "symmetric",
      "k(a, b) = k(b, a)",
      [](Session& session) {
        const Json in = session.Draw("material.point_stiffness");
        const Json swapped = {{"k1", in["k2"]}, {"k2", in["k1"]}};
        RC_ASSERT(Session::Number(session.Outputs("material.point_stiffness", in), "k") ==
                  Session::Number(session.Outputs("material.point_stiffness", swapped), "k"));
      },
      {"material.point_stiffness"}}};
  bool nan = false;
  FakeProgram mean([&](const std::string&, const Json& in) {
    if (nan) return Outputs({{"k", nullptr}});
    return Outputs({{"k", 0.5 * (in["k1"].get<double>() + in["k2"].get<double>())}});
  });
  const RunReport report = RunFamily(family, mean, RunOptions{50, 3, 1.0});
  ASSERT_EQ(report.properties.size(), 2u);
  EXPECT_FALSE(report.properties[0].passed);
  EXPECT_TRUE(report.properties[1].passed) << report.properties[1].failure;
  // The failure is printed once: the failing query's verdict is not repeated under it.
  const std::string text = ReportText(report);
  EXPECT_EQ(text.find(report.properties[0].failure), text.rfind(report.properties[0].failure))
      << text;
  EXPECT_NE(text.find("reproduce: --seed 3 --cases 50"), std::string::npos) << text;
  // A NaN answer fails every property that meets it, with its inputs, and the run goes on to
  // the end with exit code 1 (a wrong answer, not a protocol fault).
  nan = true;
  const RunReport nans = RunFamily(family, mean, RunOptions{50, 3, 1.0});
  EXPECT_EQ(nans.ExitCode(), 1);
  ASSERT_EQ(nans.properties.size(), 2u);
  for (const auto& p : nans.properties) {
    EXPECT_NE(p.failure.find("is null (NaN"), std::string::npos) << p.name;
    ASSERT_FALSE(p.counterexample.empty());
    EXPECT_TRUE(p.counterexample.back().inputs.contains("k1"));
  }
}

TEST(CheckRun, PropertiesDeclareTheLawsTheyQuery) {
  FakeProgram series([](const std::string&, const Json& in) {
    const double k1 = in["k1"], k2 = in["k2"];
    return Outputs({{"k", k1 * k2 / (k1 + k2)}});
  });
  Family family = StiffnessFamily({0.0, 1e-12});
  const auto body = [](Session& session) {
    session.Outputs("material.point_stiffness", {{"k1", 1.0}, {"k2", 3.0}});
  };
  // No law listed: a family bug, refused before any query.
  family.properties = {Property{"undeclared", "k(1, 3) = 3/4", body}};
  EXPECT_THROW(RunFamily(family, series, RunOptions{10, 3, 1.0}), std::logic_error);
  EXPECT_EQ(series.queries, 0);
  // A law the family does not hold.
  family.properties = {Property{"elsewhere", "k(1, 3) = 3/4", body, {"material.friction"}}};
  EXPECT_THROW(RunFamily(family, series, RunOptions{10, 3, 1.0}), std::logic_error);
  // A list that leaves out a law the body queries: the Session refuses the query (inside a
  // run that is the property's failure), so a property is never run as another law's own.
  Family two = family;
  LawUnderCheck friction = family.laws[0];
  friction.law = "material.friction";
  two.laws.push_back(friction);
  const Property lies{"lies", "k(1, 3) = 3/4", body, {"material.friction"}};
  Session session(two, series);
  session.SetProperty(&lies);
  const int before = series.queries;
  EXPECT_THROW(body(session), std::logic_error);
  EXPECT_EQ(series.queries, before);
  // The same query under a property that lists the law is answered.
  const Property honest{"honest", "k(1, 3) = 3/4", body, {"material.point_stiffness"}};
  session.SetProperty(&honest);
  EXPECT_NO_THROW(body(session));
  EXPECT_EQ(series.queries, before + 1);
}

TEST(CheckRun, RestrictToLawKeepsThatLawsPropertiesOnly) {
  const Family* material = FindFamily("material");
  ASSERT_NE(material, nullptr);
  const Family friction = RestrictToLaw(*material, "material.friction");
  EXPECT_EQ(friction.name, "material.friction");
  ASSERT_EQ(friction.laws.size(), 1u);
  EXPECT_EQ(friction.laws[0].law, "material.friction");
  // Every property of the material family that queries only material.friction, and no other.
  std::size_t expected = 0;
  for (const auto& p : material->properties) {
    if (p.laws == std::vector<std::string>{"material.friction"}) ++expected;
  }
  EXPECT_GE(expected, 3u);
  EXPECT_EQ(friction.properties.size(), expected);
  for (const auto& p : friction.properties)
    EXPECT_EQ(p.laws, std::vector<std::string>{"material.friction"});
  EXPECT_THROW(RestrictToLaw(*material, "friction.stribeck"), std::invalid_argument);
  // CheckTarget: a family by name is the whole family; a law is its restriction; else nothing.
  EXPECT_EQ(CheckTarget("material")->properties.size(), material->properties.size());
  EXPECT_EQ(CheckTarget("material.friction")->properties.size(), expected);
  EXPECT_FALSE(CheckTarget("material.nope").has_value());
  // Every registered family is well formed (each property lists laws the family holds).
  for (const auto& f : AllFamilies()) EXPECT_NO_THROW(ValidateFamily(f)) << f.name;
}

}  // namespace
}  // namespace simatlas::check

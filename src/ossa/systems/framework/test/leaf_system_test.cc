// Tests of LeafSystem, LeafContext, ports, caching and events.

#include "ossa/systems/framework/leaf_system.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "ossa/common/test/expect_logic_error.h"

namespace ossa::systems {
namespace leaf_system_test {

using ::testing::HasSubstr;

// A spring with a damper-free mass (q, v) plus a decaying z:
//   q̇ = v,  v̇ = −k·q + u,  ż = −z,  with numeric parameter k.
// Its calcs count how often they run.
template <typename T>
class Spring final : public LeafSystem<T> {
 public:
  Spring() : LeafSystem<T>(SystemTypeTag<Spring>{}) {
    this->DeclareContinuousState(1, 1, 1);
    this->DeclareNumericParameter(BasicVector<T>({T(4.0)}));
    this->DeclareVectorInputPort("u", 1);
    this->DeclareAbstractInputPort("label", Value<std::string>("none"));
    y_port_ = &this->DeclareVectorOutputPort("y", 1, &Spring::CalcY,
                                             {this->q_ticket()});
    q_squared_ = &this->DeclareCacheEntry(
        "q squared", T(0), &Spring::CalcQSquared, {this->q_ticket()});
    everything_ =
        &this->DeclareCacheEntry("everything", T(0), &Spring::CalcEverything);
    chained_ = &this->DeclareCacheEntry(
        "twice q squared", T(0), &Spring::CalcChained, {q_squared_->ticket()});
  }
  template <typename U>
  explicit Spring(const Spring<U>&) : Spring() {}

  const CacheEntry& q_squared() const { return *q_squared_; }
  const CacheEntry& everything() const { return *everything_; }
  const CacheEntry& chained() const { return *chained_; }
  const OutputPort<T>& y_port() const { return *y_port_; }

  mutable int y_count{0}, q_squared_count{0}, everything_count{0},
      chained_count{0}, derivatives_count{0};

 private:
  void CalcY(const Context<T>& context, BasicVector<T>* y) const {
    ++y_count;
    (*y)[0] = context.get_continuous_state().get_generalized_position()[0];
  }
  void CalcQSquared(const Context<T>& context, T* value) const {
    ++q_squared_count;
    const T& q = context.get_continuous_state().get_generalized_position()[0];
    *value = q * q;
  }
  void CalcEverything(const Context<T>& context, T* value) const {
    ++everything_count;
    *value = context.get_time() + context.get_continuous_state_vector()[0];
  }
  void CalcChained(const Context<T>& context, T* value) const {
    ++chained_count;
    *value = 2 * q_squared_->template Eval<T>(context);
  }
  void DoCalcTimeDerivatives(const Context<T>& context,
                             ContinuousState<T>* derivatives) const final {
    ++derivatives_count;
    const auto& xc = context.get_continuous_state();
    const T k = context.get_numeric_parameter(0)[0];
    const T u = this->get_input_port(0).HasValue(context)
                    ? this->get_input_port(0).Eval(context)[0]
                    : T(0);
    (*derivatives)[0] = xc[1];
    (*derivatives)[1] = -k * xc[0] + u;
    (*derivatives)[2] = -xc[2];
  }
  T DoCalcPotentialEnergy(const Context<T>& context) const final {
    const T k = context.get_numeric_parameter(0)[0];
    const T q = context.get_continuous_state_vector()[0];
    return 0.5 * k * q * q;
  }
  T DoCalcKineticEnergy(const Context<T>& context) const final {
    const T v = context.get_continuous_state_vector()[1];
    return 0.5 * v * v;
  }

  const OutputPort<T>* y_port_{};
  const CacheEntry* q_squared_{};
  const CacheEntry* everything_{};
  const CacheEntry* chained_{};
};

class SpringTest : public ::testing::Test {
 protected:
  void SetUp() override {
    context_ = spring_.CreateDefaultContext();
    context_->SetContinuousState(Eigen::Vector3d(0.5, -1.0, 2.0));
  }
  Spring<double> spring_;
  std::unique_ptr<Context<double>> context_;
};

TEST_F(SpringTest, ContextStructure) {
  EXPECT_EQ(context_->num_continuous_states(), 3);
  EXPECT_EQ(context_->get_continuous_state().num_q(), 1);
  EXPECT_EQ(context_->get_continuous_state().get_generalized_velocity()[0],
            -1.0);
  EXPECT_EQ(context_->get_continuous_state().get_misc_continuous_state()[0],
            2.0);
  EXPECT_TRUE(context_->has_only_continuous_state());
  EXPECT_EQ(context_->num_numeric_parameter_groups(), 1);
  EXPECT_EQ(context_->get_numeric_parameter(0)[0], 4.0);
  EXPECT_EQ(context_->get_time(), 0.0);
  EXPECT_EQ(spring_.num_input_ports(), 2);
  EXPECT_EQ(spring_.GetInputPort("label").get_data_type(), kAbstractValued);
  EXPECT_EQ(spring_.get_output_port(0).get_name(), "y");
  // Default context values come from the declarations.
  auto fresh = spring_.CreateDefaultContext();
  EXPECT_EQ(fresh->get_continuous_state_vector().CopyToVector(),
            Eigen::Vector3d::Zero());
}

TEST_F(SpringTest, DerivativesEnergyAndResidual) {
  spring_.get_input_port(0).FixValue(context_.get(), 0.25);
  const auto& xcdot = spring_.EvalTimeDerivatives(*context_);
  // q̇ = v = −1, v̇ = −4·0.5 + 0.25 = −1.75, ż = −2.
  EXPECT_EQ(xcdot.CopyToVector(), Eigen::Vector3d(-1.0, -1.75, -2.0));
  EXPECT_EQ(spring_.EvalPotentialEnergy(*context_), 0.5);
  EXPECT_EQ(spring_.EvalKineticEnergy(*context_), 0.5);
  Eigen::VectorXd residual = spring_.AllocateImplicitTimeDerivativesResidual();
  spring_.CalcImplicitTimeDerivativesResidual(*context_, xcdot, &residual);
  EXPECT_EQ(residual, Eigen::Vector3d::Zero());
  // EvalTimeDerivatives is cached: a second call does not recompute...
  const int count = spring_.derivatives_count;
  spring_.EvalTimeDerivatives(*context_);
  EXPECT_EQ(spring_.derivatives_count, count);
  // ...but a change of the input does.
  spring_.get_input_port(0).FixValue(context_.get(), 1.25);
  EXPECT_EQ(spring_.EvalTimeDerivatives(*context_)[1], -0.75);
  EXPECT_EQ(spring_.derivatives_count, count + 1);
  // The identity q̇ ↔ v maps (nq == nv).
  BasicVector<double> v(1);
  spring_.MapQDotToVelocity(*context_, Eigen::VectorXd::Constant(1, 3.0), &v);
  EXPECT_EQ(v[0], 3.0);
  EXPECT_LOGIC_ERROR(
      spring_.MapQDotToVelocity(*context_, Eigen::Vector2d(1, 2), &v),
      "nq = 1");
}

TEST_F(SpringTest, CacheInvalidationCountsRecomputations) {
  const auto& q2 = spring_.q_squared();
  EXPECT_EQ(q2.Eval<double>(*context_), 0.25);
  EXPECT_EQ(spring_.q_squared_count, 1);
  EXPECT_EQ(q2.Eval<double>(*context_), 0.25);
  EXPECT_EQ(spring_.q_squared_count, 1);  // cached

  // Time is not a prerequisite of q²: no recomputation.
  context_->SetTime(3.0);
  q2.Eval<double>(*context_);
  EXPECT_EQ(spring_.q_squared_count, 1);
  // ...but it is one of "everything" (all sources).
  EXPECT_EQ(spring_.everything().Eval<double>(*context_), 3.5);
  EXPECT_EQ(spring_.everything_count, 1);
  context_->SetTime(4.0);
  EXPECT_EQ(spring_.everything().Eval<double>(*context_), 4.5);
  EXPECT_EQ(spring_.everything_count, 2);

  // Changing q recomputes q² exactly once, however often it is evaluated.
  context_->get_mutable_continuous_state()
      .get_mutable_generalized_position()[0] = 3.0;
  EXPECT_EQ(q2.Eval<double>(*context_), 9.0);
  EXPECT_EQ(q2.Eval<double>(*context_), 9.0);
  EXPECT_EQ(spring_.q_squared_count, 2);
  // The chained entry follows its prerequisite entry.
  EXPECT_EQ(spring_.chained().Eval<double>(*context_), 18.0);
  EXPECT_EQ(spring_.chained_count, 1);
  context_->SetContinuousState(Eigen::Vector3d(2.0, 0.0, 0.0));
  EXPECT_TRUE(spring_.chained().is_out_of_date(*context_));
  EXPECT_EQ(spring_.chained().Eval<double>(*context_), 8.0);
  EXPECT_EQ(spring_.chained_count, 2);
  EXPECT_EQ(spring_.q_squared_count, 3);

  // A parameter change is not a prerequisite of q², but of "everything".
  const int everything = spring_.everything_count;
  context_->get_mutable_numeric_parameter(0)[0] = 9.0;
  q2.Eval<double>(*context_);
  spring_.everything().Eval<double>(*context_);
  EXPECT_EQ(spring_.q_squared_count, 3);
  EXPECT_EQ(spring_.everything_count, everything + 1);

  // Input ports: fixing or changing a fixed value invalidates all-sources
  // dependents, not q-only ones.
  auto& fixed = spring_.get_input_port(0).FixValue(context_.get(), 1.0);
  spring_.everything().Eval<double>(*context_);
  EXPECT_EQ(spring_.everything_count, everything + 2);
  fixed.GetMutableVectorData<double>()[0] = 2.0;
  spring_.everything().Eval<double>(*context_);
  EXPECT_EQ(spring_.everything_count, everything + 3);
  EXPECT_EQ(spring_.q_squared_count, 3);
}

TEST_F(SpringTest, OutputPortIsCachedOnItsPrerequisites) {
  EXPECT_EQ(spring_.y_port().Eval(*context_)[0], 0.5);
  EXPECT_EQ(spring_.y_port().Eval<BasicVector<double>>(*context_)[0], 0.5);
  EXPECT_EQ(spring_.y_count, 1);
  context_->SetTime(1.0);
  context_->get_mutable_numeric_parameter(0)[0] = 1.0;
  spring_.y_port().Eval(*context_);
  EXPECT_EQ(spring_.y_count, 1);
  context_->get_mutable_continuous_state_vector()[0] = -0.5;
  EXPECT_EQ(spring_.y_port().Eval(*context_)[0], -0.5);
  EXPECT_EQ(spring_.y_count, 2);
  // Calc always computes, into a caller's value.
  auto value = spring_.y_port().Allocate();
  spring_.y_port().Calc(*context_, value.get());
  EXPECT_EQ(value->get_value<BasicVector<double>>()[0], -0.5);
  EXPECT_EQ(spring_.y_count, 3);
  // The output depends only on q: no direct feedthrough from u.
  EXPECT_FALSE(spring_.HasDirectFeedthrough(0, 0));
  EXPECT_FALSE(spring_.HasAnyDirectFeedthrough());
}

TEST_F(SpringTest, FreezeAndDisableCaching) {
  const auto& q2 = spring_.q_squared();
  q2.Eval<double>(*context_);
  context_->FreezeCache();
  EXPECT_TRUE(context_->is_cache_frozen());
  EXPECT_EQ(q2.Eval<double>(*context_), 0.25);  // up to date: fine
  context_->SetContinuousState(Eigen::Vector3d(1, 0, 0));
  EXPECT_LOGIC_ERROR(q2.Eval<double>(*context_), "frozen");
  context_->UnfreezeCache();
  EXPECT_EQ(q2.Eval<double>(*context_), 1.0);
  const int count = spring_.q_squared_count;
  context_->DisableCaching();
  q2.Eval<double>(*context_);
  q2.Eval<double>(*context_);
  EXPECT_EQ(spring_.q_squared_count, count + 2);
  context_->EnableCaching();
  q2.Eval<double>(*context_);
  q2.Eval<double>(*context_);
  EXPECT_EQ(spring_.q_squared_count, count + 2);
}

TEST_F(SpringTest, CloneIsIndependent) {
  spring_.get_input_port(1).FixValue(context_.get(), std::string("original"));
  spring_.q_squared().Eval<double>(*context_);
  auto clone = context_->Clone();
  EXPECT_EQ(clone->get_continuous_state_vector().CopyToVector(),
            context_->get_continuous_state_vector().CopyToVector());
  EXPECT_EQ(spring_.get_input_port(1).Eval<std::string>(*clone), "original");
  // The cached value came along up to date.
  const int count = spring_.q_squared_count;
  EXPECT_EQ(spring_.q_squared().Eval<double>(*clone), 0.25);
  EXPECT_EQ(spring_.q_squared_count, count);
  // Changing the clone leaves the original alone, and vice versa.
  clone->SetContinuousState(Eigen::Vector3d(3, 0, 0));
  EXPECT_FALSE(spring_.q_squared().is_out_of_date(*context_));
  EXPECT_EQ(spring_.q_squared().Eval<double>(*clone), 9.0);
  EXPECT_EQ(spring_.q_squared().Eval<double>(*context_), 0.25);
  spring_.get_input_port(1).FixValue(clone.get(), std::string("clone"));
  EXPECT_EQ(spring_.get_input_port(1).Eval<std::string>(*context_), "original");
}

TEST_F(SpringTest, SetTimeStateAndParametersFromConvertsScalars) {
  Spring<AutoDiffXd> spring_ad;
  auto context_ad = spring_ad.CreateDefaultContext();
  context_->SetTime(2.5);
  context_->get_mutable_numeric_parameter(0)[0] = 7.0;
  context_ad->SetTimeStateAndParametersFrom(*context_);
  EXPECT_EQ(context_ad->get_time().value(), 2.5);
  EXPECT_EQ(context_ad->get_continuous_state_vector()[1].value(), -1.0);
  EXPECT_EQ(context_ad->get_numeric_parameter(0)[0].value(), 7.0);
}

TEST_F(SpringTest, MisuseThrows) {
  EXPECT_LOGIC_ERROR(spring_.get_input_port(0).Eval(*context_),
                     "neither connected nor fixed");
  EXPECT_LOGIC_ERROR(
      spring_.get_input_port(0).FixValue(context_.get(), Eigen::Vector2d(1, 2)),
      "size 1");
  EXPECT_LOGIC_ERROR(spring_.get_input_port(1).FixValue(context_.get(), 3.0),
                     "std::string");
  EXPECT_LOGIC_ERROR(spring_.get_input_port(1).Eval(*context_),
                     "abstract-valued");
  spring_.get_input_port(1).FixValue(context_.get(), std::string("x"));
  EXPECT_LOGIC_ERROR(spring_.get_input_port(1).Eval<int>(*context_),
                     "requested");
  EXPECT_LOGIC_ERROR(spring_.GetInputPort("nope"),
                     "valid port names: u, label");
  EXPECT_LOGIC_ERROR(spring_.get_output_port(3), "no output port 3");
  EXPECT_LOGIC_ERROR(spring_.get_input_port(), "2 input ports");
  Spring<double> other;
  EXPECT_LOGIC_ERROR(other.EvalTimeDerivatives(*context_), "Context");
  EXPECT_LOGIC_ERROR(other.q_squared().Eval<double>(*context_), "Context");
  auto derivatives = other.AllocateTimeDerivatives();
  auto wrong = std::make_unique<ContinuousState<double>>(
      std::make_unique<BasicVector<double>>(2));
  EXPECT_LOGIC_ERROR(spring_.CalcTimeDerivatives(*context_, wrong.get()),
                     "size 2");
  EXPECT_LOGIC_ERROR(spring_.q_squared().Eval<int>(*context_), "int");
}

// A discrete system: group 0 doubles every 0.25 s (from 0.1 s), group 1 is
// left alone; publishes every 0.5 s; counts per-step, initialization and
// forced events.
class Discrete final : public LeafSystem<double> {
 public:
  Discrete() {
    DeclareDiscreteState(Eigen::Vector2d(1.0, 2.0));
    DeclareDiscreteState(Eigen::VectorXd::Constant(1, 5.0));
    DeclarePeriodicDiscreteUpdateEvent(0.25, 0.1, &Discrete::Double);
    DeclarePeriodicPublishEvent(0.5, 0.0, &Discrete::Count);
    DeclarePerStepPublishEvent(&Discrete::PerStep);
    DeclareInitializationUnrestrictedUpdateEvent(&Discrete::Init);
    DeclareForcedPublishEvent(&Discrete::Forced);
    DeclareStateOutputPort("xd0", DiscreteStateIndex(0));
  }
  mutable int publish_count{0}, per_step_count{0}, forced_count{0};

 private:
  EventStatus Double(const Context<double>& context,
                     DiscreteValues<double>* xd) const {
    xd->get_mutable_vector(0).SetFromVector(
        2 * context.get_discrete_state(0).value());
    return EventStatus::Succeeded();
  }
  EventStatus Count(const Context<double>&) const {
    ++publish_count;
    return EventStatus::Succeeded();
  }
  void PerStep(const Context<double>&) const { ++per_step_count; }
  void Forced(const Context<double>&) const { ++forced_count; }
  EventStatus Init(const Context<double>&, State<double>* state) const {
    state->get_mutable_discrete_state(1)[0] = -5.0;
    return EventStatus::Succeeded();
  }
};

TEST(DiscreteTest, NextUpdateTimesFollowPeriodAndOffset) {
  Discrete sys;
  auto context = sys.CreateDefaultContext();
  auto events = sys.AllocateCompositeEventCollection();
  // Discrete updates at 0.1, 0.35, 0.6, 0.85, ...; publishes at 0, 0.5, 1.
  struct Case {
    double t, next;
    bool discrete, publish;
  };
  for (const Case& c :
       {Case{0.0, 0.1, true, false}, Case{0.1, 0.35, true, false},
        Case{0.35, 0.5, false, true}, Case{0.5, 0.6, true, false},
        Case{0.9, 1.0, false, true}, Case{-1.0, 0.0, false, true}}) {
    context->SetTime(c.t);
    const double next = sys.CalcNextUpdateTime(*context, events.get());
    // Exact to rounding: the times are offset + k·period computed in double.
    EXPECT_NEAR(next, c.next, 1e-15) << "t = " << c.t;
    EXPECT_EQ(events->HasDiscreteUpdateEvents(), c.discrete) << "t = " << c.t;
    EXPECT_EQ(events->HasPublishEvents(), c.publish) << "t = " << c.t;
  }
  auto periodic = sys.GetPeriodicEvents();
  EXPECT_EQ(periodic.size(), 2u);
  auto unique = sys.GetUniquePeriodicDiscreteUpdateAttribute();
  ASSERT_TRUE(unique.has_value());
  EXPECT_EQ(unique->period_sec(), 0.25);
  EXPECT_EQ(unique->offset_sec(), 0.1);
  EXPECT_FALSE(sys.IsDifferenceEquationSystem());  // two groups, publish events
}

TEST(DiscreteTest, UpdatesAndDispatch) {
  Discrete sys;
  auto context = sys.CreateDefaultContext();
  auto events = sys.AllocateCompositeEventCollection();
  const auto& xd0 = sys.get_output_port(0);
  EXPECT_EQ(xd0.Eval(*context), Eigen::Vector2d(1, 2));
  context->SetTime(0.0);
  sys.CalcNextUpdateTime(*context, events.get());
  auto xd = sys.AllocateDiscreteVariables();
  auto status = sys.CalcDiscreteVariableUpdate(
      *context, events->get_discrete_update_events(), xd.get());
  EXPECT_TRUE(status.succeeded());
  EXPECT_EQ(xd->value(0), Eigen::Vector2d(2, 4));
  EXPECT_EQ(xd->value(1)[0], 5.0);  // untouched group keeps the context's value
  EXPECT_EQ(context->get_discrete_state(0).value(), Eigen::Vector2d(1, 2));
  sys.ApplyDiscreteVariableUpdate(events->get_discrete_update_events(),
                                  xd.get(), context.get());
  EXPECT_EQ(context->get_discrete_state(0).value(), Eigen::Vector2d(2, 4));
  EXPECT_EQ(xd0.Eval(*context),
            Eigen::Vector2d(2, 4));  // the output port followed

  context->SetTime(0.4);
  sys.CalcNextUpdateTime(*context, events.get());
  EXPECT_TRUE(sys.Publish(*context, events->get_publish_events()).succeeded());
  EXPECT_EQ(sys.publish_count, 1);
  sys.GetPerStepEvents(*context, events.get());
  sys.Publish(*context, events->get_publish_events());
  EXPECT_EQ(sys.per_step_count, 1);
  sys.ExecuteInitializationEvents(context.get());
  EXPECT_EQ(context->get_discrete_state(1)[0], -5.0);
  sys.ForcedPublish(*context);
  EXPECT_EQ(sys.forced_count, 1);
  EXPECT_EQ(sys.publish_count, 1);
}

class BadPeriod final : public LeafSystem<double> {
 public:
  explicit BadPeriod(double period) {
    DeclarePeriodicPublishEvent(period, 0.0, &BadPeriod::Nothing);
  }
  void Nothing(const Context<double>&) const {}
};

TEST(DiscreteTest, BadDeclarationsThrow) {
  EXPECT_LOGIC_ERROR(BadPeriod(0.0), "period must be positive");
  EXPECT_LOGIC_ERROR(BadPeriod(-1.0), "period must be positive");
}

// ExecuteForcedEvents reuses one scratch State per Context for unrestricted
// updates: the update must still start from the Context's current values, so
// a value it leaves alone keeps what was set between two updates.
class ForcedCounter final : public LeafSystem<double> {
 public:
  ForcedCounter() {
    DeclareDiscreteState(Eigen::Vector2d(0.0, 7.0));
    DeclareForcedUnrestrictedUpdateEvent(&ForcedCounter::Increment);
  }

 private:
  EventStatus Increment(const Context<double>& context,
                        State<double>* state) const {
    state->get_mutable_discrete_state(0)[0] =
        context.get_discrete_state(0)[0] + 1;
    return EventStatus::Succeeded();
  }
};

TEST(LeafSystem, ForcedUnrestrictedUpdatesStartFromTheCurrentState) {
  ForcedCounter system;
  auto context = system.CreateDefaultContext();
  system.ExecuteForcedEvents(context.get());
  EXPECT_EQ(context->get_discrete_state(0)[0], 1.0);
  context->get_mutable_discrete_state(0)[1] = -3.0;
  system.ExecuteForcedEvents(context.get());
  EXPECT_EQ(context->get_discrete_state(0)[0], 2.0);
  EXPECT_EQ(context->get_discrete_state(0)[1], -3.0);
  // A clone makes its own scratch State; the original is untouched.
  auto clone = context->Clone();
  system.ExecuteForcedEvents(clone.get());
  EXPECT_EQ(clone->get_discrete_state(0)[0], 3.0);
  EXPECT_EQ(clone->get_discrete_state(0)[1], -3.0);
  EXPECT_EQ(context->get_discrete_state(0)[0], 2.0);
}

}  // namespace leaf_system_test
}  // namespace ossa::systems

// RandomSource, MultilayerPerceptron and LinearTransformDensity: sample
// statistics and seeding, forward passes and gradients against closed
// forms, finite differences and AutoDiffXd, densities against closed forms.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ossa/systems/analysis/simulator.h"
#include "ossa/systems/primitives/linear_transform_density.h"
#include "ossa/systems/primitives/multilayer_perceptron.h"
#include "ossa/systems/primitives/random_source.h"

namespace ossa::systems {
namespace {

using ::testing::HasSubstr;

#define LEARNING_EXPECT_THROW_WITH(statement, text)               \
  try {                                                           \
    statement;                                                    \
    ADD_FAILURE() << "expected an exception mentioning " << text; \
  } catch (const std::exception& e) {                             \
    EXPECT_THAT(std::string(e.what()), HasSubstr(text));          \
  }

// Sample mean and variance of `count` draws of `distribution`, taken by
// simulating a RandomSource of 100 outputs for count/100 updates.
std::pair<double, double> LearningSampleMoments(RandomDistribution distribution,
                                                int count) {
  RandomSource source(distribution, 100, 0.5);
  Simulator<double> simulator(source);
  double sum = 0, sum_sq = 0;
  int n = 0;
  for (int k = 0; n < count; ++k) {
    simulator.AdvanceTo(0.5 * k + 0.25);
    const Eigen::VectorXd y =
        source.get_output_port(0).Eval(simulator.get_context());
    sum += y.sum();
    sum_sq += y.squaredNorm();
    n += static_cast<int>(y.size());
  }
  const double mean = sum / n;
  return {mean, sum_sq / n - mean * mean};
}

TEST(LearningPrimitivesTest, RandomSourceMoments) {
  // 2·10⁴ draws: the standard error of the mean is σ/√N ≤ 0.0071 and that
  // of the variance about σ²·√(κ−1)/√N ≤ 0.02 (κ the kurtosis: 1.8, 3 and
  // 9 for the uniform, normal and exponential laws); the bounds are about
  // five standard errors.
  const int N = 20000;
  auto [u_mean, u_var] = LearningSampleMoments(RandomDistribution::kUniform, N);
  EXPECT_NEAR(u_mean, 0.5, 0.01);
  EXPECT_NEAR(u_var, 1.0 / 12, 0.005);
  auto [g_mean, g_var] =
      LearningSampleMoments(RandomDistribution::kGaussian, N);
  EXPECT_NEAR(g_mean, 0.0, 0.04);
  EXPECT_NEAR(g_var, 1.0, 0.05);
  auto [e_mean, e_var] =
      LearningSampleMoments(RandomDistribution::kExponential, N);
  EXPECT_NEAR(e_mean, 1.0, 0.04);
  EXPECT_NEAR(e_var, 1.0, 0.12);
}

TEST(LearningPrimitivesTest, RandomSourceSeedsAndHolds) {
  RandomSource a(RandomDistribution::kGaussian, 3, 0.25);
  RandomSource b(RandomDistribution::kGaussian, 3, 0.25);
  EXPECT_EQ(a.get_output_port(0).get_name(), "output");
  EXPECT_FALSE(a.HasAnyDirectFeedthrough());
  // Each instance has its own default seed, the same for every default
  // Context of that instance.
  const auto y_a = a.get_output_port(0).Eval(*a.CreateDefaultContext());
  EXPECT_EQ(a.get_output_port(0).Eval(*a.CreateDefaultContext()), y_a);
  EXPECT_NE(b.get_output_port(0).Eval(*b.CreateDefaultContext()), y_a);
  // A fixed seed gives equal outputs across instances.
  a.set_fixed_seed(7);
  b.set_fixed_seed(7);
  auto context_a = a.CreateDefaultContext();
  EXPECT_EQ(a.get_seed(*context_a), 7u);
  EXPECT_EQ(a.get_output_port(0).Eval(*context_a),
            b.get_output_port(0).Eval(*b.CreateDefaultContext()));
  // SetRandomContext seeds with the generator's next number.
  a.set_fixed_seed(std::nullopt);
  RandomGenerator generator(11);
  RandomGenerator copy = generator;
  a.SetRandomContext(context_a.get(), &generator);
  EXPECT_EQ(a.get_seed(*context_a), copy());
  // The output holds between samples (every 0.25 s from t = 0).
  Simulator<double> simulator(a, std::move(context_a));
  simulator.AdvanceTo(0.1);
  const Eigen::VectorXd held =
      a.get_output_port(0).Eval(simulator.get_context());
  simulator.AdvanceTo(0.2);
  EXPECT_EQ(a.get_output_port(0).Eval(simulator.get_context()), held);
  simulator.AdvanceTo(0.3);
  EXPECT_NE(a.get_output_port(0).Eval(simulator.get_context()), held);

  EXPECT_THROW(RandomSource(RandomDistribution::kUniform, 0, 0.1),
               std::logic_error);
  EXPECT_THROW(RandomSource(RandomDistribution::kUniform, 1, 0.0),
               std::logic_error);
}

// A [2 → 3 → 2] network (tanh, then identity) with the given parameters.
std::unique_ptr<Context<double>> LearningMlpContext(
    const MultilayerPerceptron<double>& mlp) {
  auto context = mlp.CreateDefaultContext();
  Eigen::VectorXd params(mlp.num_parameters());
  for (int i = 0; i < params.size(); ++i) params[i] = 0.1 * i - 0.7 * (i % 3);
  mlp.SetParameters(context.get(), params);
  return context;
}

TEST(LearningPrimitivesTest, MultilayerPerceptronForwardPass) {
  MultilayerPerceptron<double> mlp({2, 3, 2});
  EXPECT_EQ(mlp.num_parameters(), 3 * 2 + 3 + 2 * 3 + 2);
  EXPECT_EQ(mlp.activation_type(0), PerceptronActivationType::kTanh);
  EXPECT_EQ(mlp.activation_type(1), PerceptronActivationType::kIdentity);
  auto context = LearningMlpContext(mlp);
  const Eigen::VectorXd& p = mlp.GetParameters(*context);
  // Column-major W₀ (3×2) then b₀, W₁ (2×3), b₁.
  const Eigen::MatrixXd W0 = Eigen::Map<const Eigen::MatrixXd>(p.data(), 3, 2);
  const Eigen::VectorXd b0 = p.segment(6, 3);
  const Eigen::MatrixXd W1 =
      Eigen::Map<const Eigen::MatrixXd>(p.data() + 9, 2, 3);
  const Eigen::VectorXd b1 = p.segment(15, 2);
  EXPECT_EQ(mlp.GetWeights(*context, 0), W0);
  EXPECT_EQ(mlp.GetBiases(*context, 1), b1);
  const Eigen::Vector2d x(0.3, -1.2);
  const Eigen::VectorXd expected =
      W1 * (W0 * x + b0).array().tanh().matrix() + b1;
  mlp.get_input_port(0).FixValue(context.get(), x);
  EXPECT_TRUE(mlp.get_output_port(0).Eval(*context).isApprox(expected, 1e-15));
  // SetWeights writes the same layout back.
  mlp.SetWeights(context.get(), 1, 2 * W1);
  EXPECT_EQ(mlp.GetWeights(*context, 1), 2 * W1);
  EXPECT_EQ(mlp.GetWeights(*context, 0), W0);

  LEARNING_EXPECT_THROW_WITH(mlp.GetWeights(*context, 2), "layer 2");
  LEARNING_EXPECT_THROW_WITH(
      mlp.SetWeights(context.get(), 0, Eigen::MatrixXd::Zero(2, 3)),
      "W is 2x3; layer 0 needs 3x2");
  Eigen::MatrixXd Y, dYdX;
  LEARNING_EXPECT_THROW_WITH(
      mlp.BatchOutput(*context, Eigen::MatrixXd::Zero(2, 4), &Y, &dYdX),
      "one output");
  // A params vector of the wrong size is refused, never read past its end.
  LEARNING_EXPECT_THROW_WITH(mlp.GetWeights(Eigen::VectorXd(3), 1),
                             "params has 3 entries");
  Eigen::VectorXd short_params(2);
  LEARNING_EXPECT_THROW_WITH(
      mlp.SetBiases(&short_params, 0, Eigen::Vector3d::Zero()),
      "params has 2 entries");
  LEARNING_EXPECT_THROW_WITH(MultilayerPerceptron<double>({100000, 100000}),
                             "at most");
  EXPECT_THROW(MultilayerPerceptron<double>({3}), std::logic_error);
  EXPECT_THROW(MultilayerPerceptron<double>({3, 0, 1}), std::logic_error);
  EXPECT_THROW((MultilayerPerceptron<double>(
                   {3, 2}, std::vector<PerceptronActivationType>{})),
               std::logic_error);
}

TEST(LearningPrimitivesTest, MultilayerPerceptronGradients) {
  // Loss gradients by backpropagation against central differences (error
  // O(h²)·|∂³loss| ≈ 1e-10 for h = 1e-5, rounding 1e-16/h ≈ 1e-11; bound
  // 1e-8) and against AutoDiffXd through the forward pass (to rounding).
  MultilayerPerceptron<double> mlp(
      std::vector<int>{2, 4, 3, 2},
      std::vector<PerceptronActivationType>{
          PerceptronActivationType::kTanh, PerceptronActivationType::kReLU,
          PerceptronActivationType::kIdentity});
  auto context = mlp.CreateDefaultContext();
  RandomGenerator generator(3);
  mlp.SetRandomContext(context.get(), &generator);
  Eigen::MatrixXd X(2, 5), Yd(2, 5);
  X << 0.1, -0.4, 0.9, 1.3, -2.0,  //
      0.5, 0.2, -0.8, 0.05, 0.7;
  Yd << 1, 0, -1, 0.5, 0.25,  //
      0, 1, 0.5, -0.5, 2;
  Eigen::VectorXd gradient(mlp.num_parameters());
  const double loss =
      mlp.BackpropagationMeanSquaredError(*context, X, Yd, &gradient);
  Eigen::MatrixXd Y;
  mlp.BatchOutput(*context, X, &Y);
  EXPECT_NEAR(loss, (Y - Yd).squaredNorm() / 5, 1e-14);

  const Eigen::VectorXd p0 = mlp.GetParameters(*context);
  const double h = 1e-5;
  for (int i = 0; i < p0.size(); ++i) {
    Eigen::VectorXd p = p0;
    p[i] += h;
    mlp.SetParameters(context.get(), p);
    mlp.BatchOutput(*context, X, &Y);
    const double plus = (Y - Yd).squaredNorm() / 5;
    p[i] -= 2 * h;
    mlp.SetParameters(context.get(), p);
    mlp.BatchOutput(*context, X, &Y);
    const double minus = (Y - Yd).squaredNorm() / 5;
    EXPECT_NEAR(gradient[i], (plus - minus) / (2 * h), 1e-8) << i;
  }

  auto ad_system = mlp.ToAutoDiffXd();
  const auto* ad =
      dynamic_cast<const MultilayerPerceptron<AutoDiffXd>*>(ad_system.get());
  ASSERT_NE(ad, nullptr);
  auto ad_context = ad->CreateDefaultContext();
  const int n = static_cast<int>(p0.size());
  VectorX<AutoDiffXd> p_ad(n);
  for (int i = 0; i < n; ++i)
    p_ad[i] = AutoDiffXd(p0[i], Eigen::VectorXd::Unit(n, i));
  ad->SetParameters(ad_context.get(), p_ad);
  MatrixX<AutoDiffXd> Y_ad;
  ad->BatchOutput(*ad_context, X.cast<AutoDiffXd>(), &Y_ad);
  const AutoDiffXd loss_ad = (Y_ad - Yd.cast<AutoDiffXd>()).squaredNorm() / 5.0;
  EXPECT_TRUE(loss_ad.derivatives().isApprox(gradient, 1e-12));
}

TEST(LearningPrimitivesTest, MultilayerPerceptronInputGradientAndFeatures) {
  // dY/dX of a scalar network with sin/cos features on the first input,
  // against central differences (bound as above).
  MultilayerPerceptron<double> mlp(std::vector<bool>{true, false},
                                   std::vector<int>{4, 1},
                                   std::vector<PerceptronActivationType>{
                                       PerceptronActivationType::kTanh,
                                       PerceptronActivationType::kIdentity});
  EXPECT_EQ(mlp.layers(), (std::vector<int>{3, 4, 1}));
  EXPECT_EQ(mlp.get_input_port(0).size(), 2);
  auto context = mlp.CreateDefaultContext();
  RandomGenerator generator(8);
  mlp.SetRandomContext(context.get(), &generator);
  // Every parameter of layer k lies in ±√(3/n_k).
  const Eigen::VectorXd& p = mlp.GetParameters(*context);
  EXPECT_LE(p.head(16).cwiseAbs().maxCoeff(), std::sqrt(3.0 / 3));
  EXPECT_LE(p.tail(5).cwiseAbs().maxCoeff(), std::sqrt(3.0 / 4));
  EXPECT_GT(p.cwiseAbs().minCoeff(), 0.0);
  Eigen::MatrixXd X(2, 3);
  X << 0.3, -2.0, 1.1,  //
      0.7, 0.2, -0.6;
  Eigen::MatrixXd Y, dYdX, Yp, Ym;
  mlp.BatchOutput(*context, X, &Y, &dYdX);
  const double h = 1e-5;
  for (int i = 0; i < 2; ++i) {
    Eigen::MatrixXd Xp = X, Xm = X;
    Xp.row(i).array() += h;
    Xm.row(i).array() -= h;
    mlp.BatchOutput(*context, Xp, &Yp);
    mlp.BatchOutput(*context, Xm, &Ym);
    for (int j = 0; j < 3; ++j) {
      EXPECT_NEAR(dYdX(i, j), (Yp(0, j) - Ym(0, j)) / (2 * h), 1e-8);
    }
  }
}

TEST(LearningPrimitivesTest, LinearTransformDensityOfGaussian) {
  // w_in ~ N(0, I) gives w_out = A·w_in + b ~ N(b, Σ = A·Aᵀ), whose density
  // is exp(−½·dᵀΣ⁻¹d)/(2π·√det Σ) for d = w_out − b.
  LinearTransformDensity<double> density(RandomDistribution::kGaussian, 2, 2);
  EXPECT_EQ(density.get_output_port_w_out_density().get_name(),
            "w_out_density");
  auto context = density.CreateDefaultContext();
  Eigen::Matrix2d A;
  A << 2.0, 0.5, -0.3, 1.2;
  const Eigen::Vector2d b(0.4, -1.0), w_in(0.7, -0.2);
  density.get_input_port_w_in().FixValue(context.get(), w_in);
  density.FixConstantA(context.get(), A);
  // Without b, b = 0.
  EXPECT_TRUE(
      density.get_output_port_w_out().Eval(*context).isApprox(A * w_in, 1e-15));
  density.FixConstantB(context.get(), b);
  const Eigen::Vector2d w_out = A * w_in + b;
  EXPECT_TRUE(
      density.get_output_port_w_out().Eval(*context).isApprox(w_out, 1e-15));
  const Eigen::Matrix2d sigma = A * A.transpose();
  const Eigen::Vector2d d = w_out - b;
  const double expected = std::exp(-0.5 * d.dot(sigma.inverse() * d)) /
                          (2 * M_PI * std::sqrt(sigma.determinant()));
  EXPECT_NEAR(density.CalcDensity(*context), expected, 1e-15);
  EXPECT_NEAR(density.get_output_port_w_out_density().Eval(*context)[0],
              expected, 1e-15);

  // AutoDiffXd: for the fixed sample w_out, p = N(w_out; b, Σ) has
  // ∂p/∂b = p·Σ⁻¹·d.
  auto ad_system = density.ToAutoDiffXd();
  const auto& ad =
      dynamic_cast<const LinearTransformDensity<AutoDiffXd>&>(*ad_system);
  auto ad_context = ad.CreateDefaultContext();
  ad.get_input_port_w_in().FixValue(ad_context.get(),
                                    VectorX<AutoDiffXd>(w_in));
  ad.FixConstantA(ad_context.get(), A.cast<AutoDiffXd>());
  VectorX<AutoDiffXd> b_ad(2);
  b_ad[0] = AutoDiffXd(b[0], Eigen::Vector2d(1, 0));
  b_ad[1] = AutoDiffXd(b[1], Eigen::Vector2d(0, 1));
  ad.FixConstantB(ad_context.get(), b_ad);
  const AutoDiffXd p = ad.CalcDensity(*ad_context);
  EXPECT_NEAR(p.value(), expected, 1e-15);
  EXPECT_TRUE(p.derivatives().isApprox(expected * sigma.inverse() * d, 1e-12));

  // A singular A has no density.
  density.FixConstantA(context.get(), Eigen::Matrix2d::Ones());
  LEARNING_EXPECT_THROW_WITH(density.CalcDensity(*context), "not invertible");
  LEARNING_EXPECT_THROW_WITH(
      density.FixConstantA(context.get(), Eigen::Matrix3d::Identity()),
      "A is 3x3");
}

TEST(LearningPrimitivesTest, LinearTransformDensityOfUniformAndExponential) {
  // Diagonal A = diag(2, 4): the density is Π p(w_in,i) / 8.
  for (const auto distribution :
       {RandomDistribution::kUniform, RandomDistribution::kExponential}) {
    LinearTransformDensity<double> density(distribution, 2, 2);
    auto context = density.CreateDefaultContext();
    density.FixConstantA(context.get(),
                         Eigen::Matrix2d(Eigen::Vector2d(2, 4).asDiagonal()));
    density.get_input_port_w_in().FixValue(context.get(),
                                           Eigen::Vector2d(0.25, 0.5));
    const double inside = distribution == RandomDistribution::kUniform
                              ? 1.0 / 8
                              : std::exp(-0.75) / 8;
    EXPECT_NEAR(density.CalcDensity(*context), inside, 1e-15);
    // Outside the support (w_in,1 < 0) the density is zero.
    density.get_input_port_w_in().FixValue(context.get(),
                                           Eigen::Vector2d(0.25, -0.5));
    EXPECT_EQ(density.CalcDensity(*context), 0.0);
  }
}

}  // namespace
}  // namespace ossa::systems

#pragma once

/// @file
/// Evaluating expressions of random variables (Variable::Type::RANDOM_*):
/// the unbound random variables are drawn from a RandomGenerator first.

#include <Eigen/Core>
#include <cstddef>

#include "ossa/common/random_generator.h"
#include "ossa/common/symbolic/expression.h"

namespace ossa::symbolic {

/// `env` extended by a draw from `generator` for every random variable of
/// `variables` that `env` does not bind: uniform on [0, 1), standard normal
/// or exponential with rate 1, by the variable's type, each from a fresh
/// std distribution (so a Gaussian keeps no second value between draws).
/// The draws go in the specification's order of variables: by type
/// (uniform, Gaussian, exponential), then by creation; with the same seed
/// they give the same numbers. Other variables are left unbound.
/// @throws std::logic_error if generator is nullptr.
Environment PopulateRandomVariables(Environment env, const Variables& variables,
                                    RandomGenerator* generator);

/// The value of `e` at `env`, with every random variable that env does not
/// bind drawn from `generator` first (PopulateRandomVariables(); each
/// variable once, wherever it occurs). With a null generator this is
/// e.Evaluate(env), which throws std::runtime_error naming an unbound
/// random variable.
double Evaluate(const Expression& e, const Environment& env,
                RandomGenerator* generator);
/// Evaluate(e, Environment{}, generator).
inline double Evaluate(const Expression& e, RandomGenerator* generator) {
  return Evaluate(e, Environment{}, generator);
}

namespace internal {
// EvaluateMany at env extended by draws of the entries' unbound random
// variables (all entries share one draw per variable).
void EvaluateManyRandom(const Expression* entries, std::size_t count,
                        const Environment& env, RandomGenerator* generator,
                        double* values);
}  // namespace internal

/// Evaluates every entry of m at env, after drawing each random variable of
/// m that env does not bind once from `generator` (every entry sees the same
/// draw; see PopulateRandomVariables() for the order). With a null generator
/// this is Evaluate(m, env).
template <typename Derived>
auto Evaluate(const Eigen::MatrixBase<Derived>& m, const Environment& env,
              RandomGenerator* generator) {
  return internal::MapEntries<double>(
      m, [&](const Expression* in, std::size_t n, double* out) {
        internal::EvaluateManyRandom(in, n, env, generator, out);
      });
}

}  // namespace ossa::symbolic

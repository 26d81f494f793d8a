#include "ossa/common/symbolic/random_variables.h"

#include <random>
#include <stdexcept>

namespace ossa::symbolic {

Environment PopulateRandomVariables(Environment env, const Variables& variables,
                                    RandomGenerator* generator) {
  if (generator == nullptr) {
    throw std::logic_error(
        "PopulateRandomVariables(): the generator is a nullptr.");
  }
  // The specification orders variables by an id whose high bits hold the
  // type, so every uniform variable comes before every Gaussian one, and so
  // on; ossa's ids are the creation order alone, hence one pass per type.
  for (const Variable::Type type :
       {Variable::Type::RANDOM_UNIFORM, Variable::Type::RANDOM_GAUSSIAN,
        Variable::Type::RANDOM_EXPONENTIAL}) {
    for (const Variable& var : variables) {
      if (var.get_type() != type || env.contains(var)) continue;
      double value = 0.0;
      switch (type) {
        case Variable::Type::RANDOM_UNIFORM:
          value = std::uniform_real_distribution<double>(0.0, 1.0)(*generator);
          break;
        case Variable::Type::RANDOM_GAUSSIAN:
          value = std::normal_distribution<double>(0.0, 1.0)(*generator);
          break;
        default:
          value = std::exponential_distribution<double>(1.0)(*generator);
          break;
      }
      env.insert(var, value);
    }
  }
  return env;
}

namespace internal {

void EvaluateManyRandom(const Expression* entries, std::size_t count,
                        const Environment& env, RandomGenerator* generator,
                        double* values) {
  if (generator == nullptr) return EvaluateMany(entries, count, env, values);
  EvaluateMany(
      entries, count,
      PopulateRandomVariables(env, GetVariablesMany(entries, count), generator),
      values);
}

}  // namespace internal

double Evaluate(const Expression& e, const Environment& env,
                RandomGenerator* generator) {
  double value;
  internal::EvaluateManyRandom(&e, 1, env, generator, &value);
  return value;
}

}  // namespace ossa::symbolic

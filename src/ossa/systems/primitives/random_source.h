#pragma once

/// @file
/// RandomSource: outputs num_outputs independent random samples from a
/// RandomDistribution, drawn anew every sampling_interval_sec (from t = 0)
/// and held in between (a zero-order hold; for continuous-time systems a
/// band-limited approximation of white noise). Defined for double only.
///
/// The samples come from a RandomGenerator (std::mt19937) seeded by the
/// Context's seed, with the standard library's distributions
/// (uniform_real_distribution, normal_distribution,
/// exponential_distribution with rate 1) kept with the generator in the
/// abstract state, so a seed fixes every later sample. The seed:
/// - a default Context uses the fixed seed if one is set
///   (set_fixed_seed()), else this instance's own seed (distinct for each
///   RandomSource made in the process);
/// - SetRandomContext(context, generator) draws one number from
///   `generator` and uses it, unless a fixed seed is set (then the fixed
///   seed; the draw is still made);
/// - setting the seed draws the first samples at once, so the output has
///   random values before the first update.
/// State: discrete (the samples held) and abstract (the sampler). Ports:
/// output "output" (num_outputs), which depends on the state only.

#include <cstdint>
#include <optional>
#include <random>

#include "ossa/common/random_distribution.h"
#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

class RandomSource final : public LeafSystem<double> {
 public:
  using Seed = RandomGenerator::result_type;

  /// Throws std::logic_error unless num_outputs ≥ 1 and
  /// sampling_interval_sec is positive and finite.
  RandomSource(RandomDistribution distribution, int num_outputs,
               double sampling_interval_sec);

  RandomDistribution get_distribution() const { return distribution_; }
  double sampling_interval_sec() const { return sampling_interval_sec_; }
  std::optional<Seed> get_fixed_seed() const { return fixed_seed_; }
  /// The seed of Contexts made (or randomized) from now on; nullopt goes
  /// back to the per-instance seed and fresh random seeds.
  void set_fixed_seed(const std::optional<Seed>& seed) { fixed_seed_ = seed; }

  /// The seed `context` was last seeded with.
  Seed get_seed(const Context<double>& context) const;

  void SetDefaultState(const Context<double>& context,
                       State<double>* state) const override;
  void SetRandomState(const Context<double>& context, State<double>* state,
                      RandomGenerator* generator) const override;

  /// The generator and distribution objects, kept in the abstract state
  /// (copied with a Context, so a copy continues the same sequence).
  class Sampler {
   public:
    Sampler() = default;
    Sampler(Seed seed, RandomDistribution distribution)
        : seed_(seed), distribution_(distribution), generator_(seed) {}
    Seed seed() const { return seed_; }
    double Draw();

   private:
    Seed seed_{};
    RandomDistribution distribution_{RandomDistribution::kUniform};
    RandomGenerator generator_;
    std::uniform_real_distribution<double> uniform_;
    std::normal_distribution<double> normal_;
    std::exponential_distribution<double> exponential_;
  };

 private:
  void SetSeed(Seed seed, State<double>* state) const;
  // Draws the next num_outputs samples into the discrete state.
  void DrawSamples(State<double>* state) const;
  EventStatus UpdateSamples(const Context<double>& context,
                            State<double>* state) const;
  void CopyOutput(const Context<double>& context,
                  BasicVector<double>* output) const;

  RandomDistribution distribution_;
  double sampling_interval_sec_{};
  Seed instance_seed_{};
  std::optional<Seed> fixed_seed_;
};

}  // namespace ossa::systems

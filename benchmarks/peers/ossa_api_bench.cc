// ossa timings through the public Context-based API (library "ossa_api") for
// benchmarks/run: each URDF model is added to a MultibodyPlant with
// Parser(&plant).AddModels(file) (fixed-base roots welded to the world, as
// the peers do; floating ones get the plant's free root), then every call
// sets the state in the Context and asks the plant, as a user would:
//   forward_dynamics: SetPositionsAndVelocities + CalcTimeDerivatives
//     (continuous plant, time_step = 0)
//   discrete_step:    SetPositionsAndVelocities +
//     CalcForcedDiscreteVariableUpdate (discrete plant, time_step = 1 ms)
// Chains are skipped (they have no URDF file). The other Context-based
// workloads (EvalBodyPoseInWorld, CalcInverseDynamics, CalcMassMatrix) are
// timed here once the plant offers them.
//
// Usage: ossa_api_bench [--quick] "name|urdf|floating|body" ...

#include <cstdio>
#include <memory>
#include <random>
#include <vector>

#include "ossa/multibody/parsing/parser.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "timing.h"

namespace mbp = ossa::multibody;
using ossa_bench::Emit;
using ossa_bench::MedianNs;

namespace {

std::unique_ptr<mbp::MultibodyPlant<double>> MakePlant(
    const ossa_bench::ModelArg& arg, double time_step) {
  auto plant = std::make_unique<mbp::MultibodyPlant<double>>(time_step);
  mbp::Parser parser(plant.get());
  parser.AddModels(arg.path);
  if (!arg.floating) {
    // Weld the root link (the first body that no joint moves) to the world.
    for (int b = 1; b < plant->num_bodies(); ++b) {
      bool is_child = false;
      for (mbp::JointIndex j : plant->GetJointIndices()) {
        if (int{plant->get_joint(j).child_body().index()} == b) {
          is_child = true;
        }
      }
      if (!is_child) {
        plant->WeldFrames(plant->world_frame(),
                          plant->get_body(mbp::BodyIndex(b)).body_frame());
        break;
      }
    }
  }
  plant->Finalize();
  return plant;
}

}  // namespace

int main(int argc, char** argv) {
  const ossa_bench::Settings settings = ossa_bench::ParseSettings(argc, argv);
  for (const auto& arg : ossa_bench::ParseModels(argc, argv)) {
    if (arg.chain_links > 0) continue;
    for (const double time_step : {0.0, 1e-3}) {
      std::unique_ptr<mbp::MultibodyPlant<double>> plant;
      try {
        plant = MakePlant(arg, time_step);
      } catch (const std::exception& e) {
        std::fprintf(stderr, "ossa_api: cannot load %s: %s\n",
                     arg.name.c_str(), e.what());
        break;
      }
      auto context = plant->CreateDefaultContext();
      const int nq = plant->num_positions(), nv = plant->num_velocities();
      // Random states as the other programs: q in [-1, 1] with unit
      // quaternions (normalized through the free bodies' default layout:
      // the first 4 entries of a floating root are its quaternion), v in
      // [-1, 1].
      std::mt19937 gen(1);
      std::uniform_real_distribution<double> u(-1, 1);
      std::vector<Eigen::VectorXd> x(ossa_bench::kNumStates);
      for (auto& xi : x) {
        xi = Eigen::VectorXd::NullaryExpr(nq + nv, [&] { return u(gen); });
        if (arg.floating) xi.head<4>().normalize();
      }
      int k = 0;
      auto next = [&k] { return k = (k + 1) % ossa_bench::kNumStates; };
      if (time_step == 0) {
        auto derivatives = plant->AllocateTimeDerivatives();
        try {
          Emit(arg.name, "forward_dynamics", "ossa_api",
               MedianNs(settings, [&] {
                 plant->SetPositionsAndVelocities(context.get(), x[next()]);
                 plant->CalcTimeDerivatives(*context, derivatives.get());
                 ossa_bench::Escape(derivatives.get());
               }), nq, nv, "SetPositionsAndVelocities+CalcTimeDerivatives");
        } catch (const std::exception& e) {
          std::fprintf(stderr, "ossa_api: %s forward_dynamics: %s\n",
                       arg.name.c_str(), e.what());
        }
      } else {
        auto discrete = plant->AllocateDiscreteVariables();
        try {
          Emit(arg.name, "discrete_step", "ossa_api", MedianNs(settings, [&] {
                 plant->SetPositionsAndVelocities(context.get(), x[next()]);
                 plant->CalcForcedDiscreteVariableUpdate(*context,
                                                         discrete.get());
                 ossa_bench::Escape(discrete.get());
               }), nq, nv,
               "time_step 1 ms: SetPositionsAndVelocities+"
               "CalcForcedDiscreteVariableUpdate");
        } catch (const std::exception& e) {
          std::fprintf(stderr, "ossa_api: %s discrete_step: %s\n",
                       arg.name.c_str(), e.what());
        }
      }
    }
  }
  return 0;
}

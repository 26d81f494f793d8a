// ossa timings through the public Context-based API (library "ossa_api") for
// benchmarks/run: each URDF model is added to a MultibodyPlant with
// Parser(&plant).AddModels(file) (fixed-base roots welded to the world, as
// the peers do; floating ones get the plant's free root), then every call
// sets the state in the Context and asks the plant, as a user would:
//   forward_kinematics: SetPositions + EvalBodyPoseInWorld(body)
//   jacobian:           SetPositions + CalcJacobianSpatialVelocity(kV, body
//                       frame, Bo, world, world)
//   inverse_dynamics:   SetPositionsAndVelocities + CalcInverseDynamics(v̇,
//                       no applied forces), as drake_bench does
//   mass_matrix:        SetPositions + CalcMassMatrix
//   forward_dynamics:   SetPositionsAndVelocities + CalcTimeDerivatives
//     (continuous plant, time_step = 0)
//   autodiff_inverse_dynamics / autodiff_forward_dynamics: the same on
//     plant.ToAutoDiffXd() with q and v seeded (nq + nv derivatives)
//   discrete_step:      SetPositionsAndVelocities + ExecuteForcedEvents
//     (discrete plant, time_step = 1 ms; its step is a forced unrestricted
//     update while the output ports are sampled, the default, so a forced
//     discrete update would time a copy of the state)
// Chains are skipped (they have no URDF file).
//
// Usage: ossa_api_bench [--quick] "name|urdf|floating|body" ...

#include <algorithm>
#include <cstdio>
#include <memory>
#include <random>
#include <stdexcept>
#include <vector>

#include "ossa/common/autodiff.h"
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

// Times `f` and emits it, or reports why the API could not run it.
template <typename F>
void Time(const ossa_bench::Settings& settings, const ossa_bench::ModelArg& arg,
          const char* workload, int nq, int nv, const char* note, F&& f) {
  try {
    Emit(arg.name, workload, "ossa_api", MedianNs(settings, f), nq, nv, note);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ossa_api: %s %s: %s\n", arg.name.c_str(), workload,
                 e.what());
  }
}

// The continuous plant's kinematics, Jacobian, inverse dynamics, mass matrix
// and the AutoDiffXd dynamics.
void RunContinuous(const ossa_bench::Settings& settings,
                   const ossa_bench::ModelArg& arg,
                   const mbp::MultibodyPlant<double>& plant,
                   ossa::systems::Context<double>* context,
                   const std::vector<Eigen::VectorXd>& x) {
  const int nq = plant.num_positions(), nv = plant.num_velocities();
  std::vector<Eigen::VectorXd> a(x.size());
  std::mt19937 gen(2);
  std::uniform_real_distribution<double> u(-1, 1);
  for (auto& ai : a)
    ai = Eigen::VectorXd::NullaryExpr(nv, [&] { return u(gen); });
  int k = 0;
  auto next = [&k] { return k = (k + 1) % ossa_bench::kNumStates; };
  const mbp::RigidBody<double>* body = nullptr;
  try {
    body = &plant.GetBodyByName(arg.body);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ossa_api: %s: %s\n", arg.name.c_str(), e.what());
    return;
  }
  Time(settings, arg, "forward_kinematics", nq, nv,
       "SetPositions+EvalBodyPoseInWorld", [&] {
         plant.SetPositions(context, x[next()].head(nq));
         const auto& X = plant.EvalBodyPoseInWorld(*context, *body);
         ossa_bench::Escape(&X);
       });
  Eigen::MatrixXd J(6, nv);
  const Eigen::Vector3d p0 = Eigen::Vector3d::Zero();
  Time(settings, arg, "jacobian", nq, nv,
       "SetPositions+CalcJacobianSpatialVelocity(kV)", [&] {
         plant.SetPositions(context, x[next()].head(nq));
         plant.CalcJacobianSpatialVelocity(
             *context, mbp::JacobianWrtVariable::kV, body->body_frame(), p0,
             plant.world_frame(), plant.world_frame(), &J);
         ossa_bench::Escape(J.data());
       });
  const mbp::MultibodyForces<double> no_forces(plant);
  Time(settings, arg, "inverse_dynamics", nq, nv,
       "SetPositionsAndVelocities+CalcInverseDynamics", [&] {
         const int i = next();
         plant.SetPositionsAndVelocities(context, x[i]);
         Eigen::VectorXd tau =
             plant.CalcInverseDynamics(*context, a[i], no_forces);
         ossa_bench::Escape(tau.data());
       });
  Eigen::MatrixXd M(nv, nv);
  Time(settings, arg, "mass_matrix", nq, nv, "SetPositions+CalcMassMatrix",
       [&] {
         plant.SetPositions(context, x[next()].head(nq));
         plant.CalcMassMatrix(*context, &M);
         ossa_bench::Escape(M.data());
       });

  // AutoDiffXd: gradients with respect to q and v.
  if (nv > 120) return;
  std::unique_ptr<mbp::MultibodyPlant<ossa::AutoDiffXd>> plant_ad;
  try {
    std::unique_ptr<ossa::systems::System<ossa::AutoDiffXd>> system =
        plant.ToAutoDiffXd();
    plant_ad.reset(
        dynamic_cast<mbp::MultibodyPlant<ossa::AutoDiffXd>*>(system.get()));
    if (plant_ad == nullptr) throw std::runtime_error("not a MultibodyPlant");
    system.release();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ossa_api: %s ToAutoDiffXd: %s\n", arg.name.c_str(),
                 e.what());
    return;
  }
  auto context_ad = plant_ad->CreateDefaultContext();
  std::vector<ossa::VectorX<ossa::AutoDiffXd>> x_ad(x.size()), a_ad(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    x_ad[i] = ossa::InitializeAutoDiff(x[i]);
    a_ad[i] = a[i].cast<ossa::AutoDiffXd>();
  }
  ossa_bench::Settings ad_settings = settings;
  ad_settings.batches = std::min(settings.batches, 11);
  const mbp::MultibodyForces<ossa::AutoDiffXd> no_forces_ad(*plant_ad);
  Time(ad_settings, arg, "autodiff_inverse_dynamics", nq, nv,
       "ToAutoDiffXd: SetPositionsAndVelocities+CalcInverseDynamics, "
       "d/d(q,v)",
       [&] {
         const int i = next();
         plant_ad->SetPositionsAndVelocities(context_ad.get(), x_ad[i]);
         auto tau =
             plant_ad->CalcInverseDynamics(*context_ad, a_ad[i], no_forces_ad);
         ossa_bench::Escape(tau.data());
       });
  auto derivatives_ad = plant_ad->AllocateTimeDerivatives();
  Time(ad_settings, arg, "autodiff_forward_dynamics", nq, nv,
       "ToAutoDiffXd: SetPositionsAndVelocities+CalcTimeDerivatives, d/d(q,v)",
       [&] {
         plant_ad->SetPositionsAndVelocities(context_ad.get(), x_ad[next()]);
         plant_ad->CalcTimeDerivatives(*context_ad, derivatives_ad.get());
         ossa_bench::Escape(derivatives_ad.get());
       });
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
        std::fprintf(stderr, "ossa_api: cannot load %s: %s\n", arg.name.c_str(),
                     e.what());
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
        RunContinuous(settings, arg, *plant, context.get(), x);
        auto derivatives = plant->AllocateTimeDerivatives();
        try {
          Emit(arg.name, "forward_dynamics", "ossa_api",
               MedianNs(
                   settings,
                   [&] {
                     plant->SetPositionsAndVelocities(context.get(), x[next()]);
                     plant->CalcTimeDerivatives(*context, derivatives.get());
                     ossa_bench::Escape(derivatives.get());
                   }),
               nq, nv, "SetPositionsAndVelocities+CalcTimeDerivatives");
        } catch (const std::exception& e) {
          std::fprintf(stderr, "ossa_api: %s forward_dynamics: %s\n",
                       arg.name.c_str(), e.what());
        }
      } else {
        auto step = [&] {
          plant->SetPositionsAndVelocities(context.get(), x[next()]);
          plant->ExecuteForcedEvents(context.get());
          ossa_bench::Escape(context.get());
        };
        try {
          // A step must move the state (gravity acts): never time a no-op.
          step();
          if (plant->GetPositionsAndVelocities(*context) == x[k]) {
            throw std::runtime_error("the step left the state unchanged");
          }
          Emit(arg.name, "discrete_step", "ossa_api", MedianNs(settings, step),
               nq, nv,
               "time_step 1 ms: SetPositionsAndVelocities+"
               "ExecuteForcedEvents");
        } catch (const std::exception& e) {
          std::fprintf(stderr, "ossa_api: %s discrete_step: %s\n",
                       arg.name.c_str(), e.what());
        }
      }
    }
  }
  return 0;
}

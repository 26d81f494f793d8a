// Pinocchio timings for benchmarks/run: forward kinematics, frame Jacobian,
// RNEA, CRBA and ABA at random states (fixed seed), on URDF models (free-flyer
// root for floating-base models) and on generated revolute chains built in
// code, identical to ossa's test::MakeRevoluteChain (see benchmarks/models.md).
//
// Usage: pinocchio_bench [--quick] "name|urdf|floating|body" ...

#include <unistd.h>

#include <cstdlib>
#include <iostream>

#include <pinocchio/algorithm/aba.hpp>
#include <pinocchio/algorithm/crba.hpp>
#include <pinocchio/algorithm/frames.hpp>
#include <pinocchio/algorithm/joint-configuration.hpp>
#include <pinocchio/algorithm/kinematics.hpp>
#include <pinocchio/algorithm/rnea-derivatives.hpp>
#include <pinocchio/algorithm/rnea.hpp>
#include <pinocchio/multibody/data.hpp>
#include <pinocchio/multibody/model.hpp>
#include <pinocchio/parsers/urdf.hpp>

#include "timing.h"

namespace pin = pinocchio;
using ossa_bench::Emit;
using ossa_bench::MedianNs;

namespace {

// The chain of ossa's test::MakeRevoluteChain(n): joint axes cycle z, y, x;
// joint i > 1 sits 0.3 m along x of its parent; each link has mass 1 kg, com
// at (0.15, 0, 0) and central inertia diag(1e-3, 0.0085, 0.0085) kg·m².
pin::Model MakeChain(int n) {
  pin::Model model;
  pin::JointIndex parent = 0;
  const Eigen::Matrix3d I_com =
      Eigen::Vector3d(1e-3, 0.0085, 0.0085).asDiagonal();
  for (int i = 1; i <= n; ++i) {
    pin::SE3 X_PF = pin::SE3::Identity();
    if (i > 1) X_PF.translation() = Eigen::Vector3d(0.3, 0, 0);
    const std::string name = "joint" + std::to_string(i);
    switch ((i - 1) % 3) {
      case 0:
        parent = model.addJoint(parent, pin::JointModelRZ(), X_PF, name);
        break;
      case 1:
        parent = model.addJoint(parent, pin::JointModelRY(), X_PF, name);
        break;
      default:
        parent = model.addJoint(parent, pin::JointModelRX(), X_PF, name);
    }
    model.addJointFrame(parent);
    model.appendBodyToJoint(
        parent, pin::Inertia(1.0, Eigen::Vector3d(0.15, 0, 0), I_com));
    model.addBodyFrame("link" + std::to_string(i), parent);
  }
  return model;
}

}  // namespace

int main(int argc, char** argv) {
  const ossa_bench::Settings settings = ossa_bench::ParseSettings(argc, argv);
  for (const auto& arg : ossa_bench::ParseModels(argc, argv)) {
    pin::Model model;
    std::string body = arg.body;
    try {
      if (arg.chain_links > 0) {
        model = MakeChain(arg.chain_links);
        body = "link" + std::to_string(arg.chain_links);
      } else if (arg.floating) {
        pin::urdf::buildModel(arg.path, pin::JointModelFreeFlyer(), model);
      } else {
        pin::urdf::buildModel(arg.path, model);
      }
    } catch (const std::exception& e) {
      std::cerr << "pinocchio: cannot load " << arg.name << ": " << e.what()
                << "\n";
      continue;
    }
    model.gravity.linear(Eigen::Vector3d(0, 0, -9.81));
    // pinocchio::Data allocates and zeroes four nv x nv x nv tensors of
    // second-order RNEA derivatives (d2tau_dqdq, ...): 32 GB for nv = 1000,
    // which the machine may not have (the process used to be killed without
    // a word). Skip such models with a message instead.
    const double tensor_bytes = 4.0 * 8.0 * model.nv * double(model.nv) *
                                double(model.nv);
    const double free_bytes = double(sysconf(_SC_AVPHYS_PAGES)) *
                              double(sysconf(_SC_PAGESIZE));
    if (tensor_bytes > 0.5 * free_bytes) {
      std::cerr << "pinocchio: " << arg.name << " skipped: pinocchio::Data "
                << "would allocate " << tensor_bytes / 1e9 << " GB of nv^3 "
                << "tensors (nv = " << model.nv << "); " << free_bytes / 1e9
                << " GB free\n";
      continue;
    }
    pin::Data data(model);
    if (!model.existFrame(body, pin::BODY)) {
      std::cerr << "pinocchio: " << arg.name << " has no frame " << body
                << "\n";
      continue;
    }
    const pin::FrameIndex frame = model.getFrameId(body, pin::BODY);
    std::srand(1);
    // Random states: positions in [-1, 1] (translations, revolute angles),
    // uniformly random orientations; v, a, tau in [-1, 1].
    const Eigen::VectorXd lo = -Eigen::VectorXd::Ones(model.nq);
    const Eigen::VectorXd hi = Eigen::VectorXd::Ones(model.nq);
    std::vector<Eigen::VectorXd> q, v, a, tau;
    for (int k = 0; k < ossa_bench::kNumStates; ++k) {
      q.push_back(pin::randomConfiguration(model, lo, hi));
      v.push_back(Eigen::VectorXd::Random(model.nv));
      a.push_back(Eigen::VectorXd::Random(model.nv));
      tau.push_back(Eigen::VectorXd::Random(model.nv));
    }
    pin::Data::Matrix6x J = pin::Data::Matrix6x::Zero(6, model.nv);
    int k = 0;
    auto next = [&k] { return k = (k + 1) % ossa_bench::kNumStates; };
    const int nq = model.nq, nv = model.nv;
    const std::string& n = arg.name;
    Emit(n, "forward_kinematics", "pinocchio", MedianNs(settings, [&] {
           pin::forwardKinematics(model, data, q[next()]);
           ossa_bench::Escape(data.oMi.data());
         }), nq, nv, "forwardKinematics(q)");
    Emit(n, "jacobian", "pinocchio", MedianNs(settings, [&] {
           pin::computeFrameJacobian(model, data, q[next()], frame,
                                     pin::LOCAL_WORLD_ALIGNED, J);
           ossa_bench::Escape(J.data());
         }), nq, nv, "computeFrameJacobian(q, LOCAL_WORLD_ALIGNED)");
    Emit(n, "inverse_dynamics", "pinocchio", MedianNs(settings, [&] {
           const int i = next();
           pin::rnea(model, data, q[i], v[i], a[i]);
           ossa_bench::Escape(data.tau.data());
         }), nq, nv, "rnea(q, v, a)");
    // The mass matrix as ossa's CalcMassMatrix and MuJoCo's mj_fullM return
    // it, whole: crba writes its upper triangle, and the strictly lower one
    // is filled from it (pinocchio's own Python crba returns it filled). crba
    // alone is kept as "mass_matrix_upper" (in the JSON's sidecar).
    Emit(n, "mass_matrix", "pinocchio", MedianNs(settings, [&] {
           pin::crba(model, data, q[next()]);
           data.M.triangularView<Eigen::StrictlyLower>() =
               data.M.transpose().triangularView<Eigen::StrictlyLower>();
           ossa_bench::Escape(data.M.data());
         }), nq, nv, "crba(q) + lower triangle filled (the full matrix)");
    Emit(n, "mass_matrix_upper", "pinocchio", MedianNs(settings, [&] {
           pin::crba(model, data, q[next()]);
           ossa_bench::Escape(data.M.data());
         }), nq, nv, "crba(q) (upper triangle only)");
    Emit(n, "forward_dynamics", "pinocchio", MedianNs(settings, [&] {
           const int i = next();
           pin::aba(model, data, q[i], v[i], tau[i]);
           ossa_bench::Escape(data.ddq.data());
         }), nq, nv, "aba(q, v, tau)");
    Emit(n, "inverse_dynamics_partials", "pinocchio", MedianNs(settings, [&] {
           const int i = next();
           pin::computeRNEADerivatives(model, data, q[i], v[i], a[i]);
           ossa_bench::Escape(data.dtau_dq.data());
         }), nq, nv,
         "computeRNEADerivatives(q, v, a): dtau/dq (tangent), dtau/dv, and M");
  }
  return 0;
}

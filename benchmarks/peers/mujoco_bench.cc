// MuJoCo timings for benchmarks/run, through the C API of the `mujoco` wheel.
// Models are the URDF files prepared by benchmarks/run (visual and collision
// geometry stripped, a floating joint from `world` for floating-base models);
// the constraint solver, contacts, springs and dampers are disabled so that
// every workload is pure rigid-body dynamics. Workload -> MuJoCo calls (each
// call starts by copying the state into mjData, which the API requires):
//   forward_kinematics: mj_kinematics
//   jacobian:           mj_kinematics, mj_comPos, mj_jacBody
//   inverse_dynamics:   mj_inverse (full position/velocity pipeline + RNE)
//   mass_matrix:        mj_kinematics, mj_comPos, mj_crb, mj_fullM (dense)
//   forward_dynamics:   mj_forward (qfrc_applied = tau; CRB + sparse LDL)
//
// Usage: mujoco_bench [--quick] "name|urdf|floating|body" ...

#include <mujoco/mujoco.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "timing.h"

using ossa_bench::Emit;
using ossa_bench::MedianNs;

int main(int argc, char** argv) {
  const ossa_bench::Settings settings = ossa_bench::ParseSettings(argc, argv);
  for (const auto& arg : ossa_bench::ParseModels(argc, argv)) {
    if (arg.chain_links > 0) continue;  // Chains are built in code elsewhere.
    char err[1000] = "";
    mjModel* m = mj_loadXML(arg.path.c_str(), nullptr, err, sizeof(err));
    if (!m) {
      std::fprintf(stderr, "mujoco: cannot load %s: %s\n", arg.name.c_str(),
                   err);
      continue;
    }
    m->opt.disableflags |= mjDSBL_CONSTRAINT | mjDSBL_CONTACT | mjDSBL_SPRING |
                           mjDSBL_DAMPER | mjDSBL_SENSOR;
    m->opt.gravity[0] = 0;
    m->opt.gravity[1] = 0;
    m->opt.gravity[2] = -9.81;
    mjData* d = mj_makeData(m);
    const int body = mj_name2id(m, mjOBJ_BODY, arg.body.c_str());
    if (body < 0) {
      std::fprintf(stderr, "mujoco: %s has no body %s\n", arg.name.c_str(),
                   arg.body.c_str());
      mj_deleteData(d);
      mj_deleteModel(m);
      continue;
    }
    const int nq = m->nq, nv = m->nv;
    std::mt19937 gen(1);
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<std::vector<double>> q, v, a, tau;
    for (int k = 0; k < ossa_bench::kNumStates; ++k) {
      std::vector<double> qk(nq);
      for (auto& x : qk) x = u(gen);
      // Normalize quaternions of free and ball joints.
      for (int j = 0; j < m->njnt; ++j) {
        const int t = m->jnt_type[j];
        if (t == mjJNT_FREE || t == mjJNT_BALL) {
          double* quat = &qk[m->jnt_qposadr[j] + (t == mjJNT_FREE ? 3 : 0)];
          const double n = std::sqrt(quat[0] * quat[0] + quat[1] * quat[1] +
                                     quat[2] * quat[2] + quat[3] * quat[3]);
          for (int i = 0; i < 4; ++i) quat[i] /= n;
        }
      }
      q.push_back(qk);
      std::vector<double> vk(nv), ak(nv), tk(nv);
      for (int i = 0; i < nv; ++i) vk[i] = u(gen), ak[i] = u(gen), tk[i] = u(gen);
      v.push_back(vk);
      a.push_back(ak);
      tau.push_back(tk);
    }
    std::vector<double> jacp(3 * nv), jacr(3 * nv), M(nv * nv);
    int k = 0;
    auto next = [&k] { return k = (k + 1) % ossa_bench::kNumStates; };
    auto copy = [](double* dst, const std::vector<double>& src) {
      mju_copy(dst, src.data(), static_cast<int>(src.size()));
    };
    const std::string& n = arg.name;
    Emit(n, "forward_kinematics", "mujoco", MedianNs(settings, [&] {
           copy(d->qpos, q[next()]);
           mj_kinematics(m, d);
           ossa_bench::Escape(d->xpos);
         }), nq, nv, "mj_kinematics");
    Emit(n, "jacobian", "mujoco", MedianNs(settings, [&] {
           copy(d->qpos, q[next()]);
           mj_kinematics(m, d);
           mj_comPos(m, d);
           mj_jacBody(m, d, jacp.data(), jacr.data(), body);
           ossa_bench::Escape(jacp.data());
         }), nq, nv, "mj_kinematics+mj_comPos+mj_jacBody");
    Emit(n, "inverse_dynamics", "mujoco", MedianNs(settings, [&] {
           const int i = next();
           copy(d->qpos, q[i]);
           copy(d->qvel, v[i]);
           copy(d->qacc, a[i]);
           mj_inverse(m, d);
           ossa_bench::Escape(d->qfrc_inverse);
         }), nq, nv, "mj_inverse");
    Emit(n, "mass_matrix", "mujoco", MedianNs(settings, [&] {
           copy(d->qpos, q[next()]);
           mj_kinematics(m, d);
           mj_comPos(m, d);
           mj_crb(m, d);
           mj_fullM(m, d, M.data());
           ossa_bench::Escape(M.data());
         }), nq, nv, "mj_kinematics+mj_comPos+mj_crb+mj_fullM");
    Emit(n, "forward_dynamics", "mujoco", MedianNs(settings, [&] {
           const int i = next();
           copy(d->qpos, q[i]);
           copy(d->qvel, v[i]);
           copy(d->qfrc_applied, tau[i]);
           mj_forward(m, d);
           ossa_bench::Escape(d->qacc);
         }), nq, nv, "mj_forward");
    mj_deleteData(d);
    mj_deleteModel(m);
  }
  return 0;
}

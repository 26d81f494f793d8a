#include "ossa/multibody/core/compiled_tree.h"

#include "ossa/common/error.h"
#include "ossa/multibody/core/compiled_tree-inl.h"

namespace ossa::multibody::internal {

namespace mobilizer_math {
void ThrowZeroQuaternion() {
  ThrowLogicError(
      "QuaternionToRotationMatrix(): the four entries of a floating joint's "
      "quaternion are zero; set a non-zero quaternion (e.g. with "
      "SetFreeBodyPose() or SetDefaultPositions()).");
}
}  // namespace mobilizer_math

const char* MobilizerKindName(MobilizerKind kind) {
  switch (kind) {
    case MobilizerKind::kWeld:
      return "weld";
    case MobilizerKind::kRevolute:
      return "revolute";
    case MobilizerKind::kPrismatic:
      return "prismatic";
    case MobilizerKind::kScrew:
      return "screw";
    case MobilizerKind::kUniversal:
      return "universal";
    case MobilizerKind::kPlanar:
      return "planar";
    case MobilizerKind::kRpyBall:
      return "rpy_ball";
    case MobilizerKind::kRpyFloating:
      return "rpy_floating";
    case MobilizerKind::kQuaternionFloating:
      return "quaternion_floating";
    case MobilizerKind::kReversedUniversal:
      return "reversed_universal";
    case MobilizerKind::kReversedPlanar:
      return "reversed_planar";
    case MobilizerKind::kReversedRpyBall:
      return "reversed_rpy_ball";
    case MobilizerKind::kReversedRpyFloating:
      return "reversed_rpy_floating";
    case MobilizerKind::kReversedQuaternionFloating:
      return "reversed_quaternion_floating";
  }
  return "unknown";
}

int MobilizerKindNumPositions(MobilizerKind kind) {
  return VisitMobilizerKind(kind, [](auto m) { return decltype(m)::kNq; });
}

int MobilizerKindNumVelocities(MobilizerKind kind) {
  return VisitMobilizerKind(kind, [](auto m) { return decltype(m)::kNv; });
}

namespace {

// What a joint reports of its forward mobilizer kind: whether M can rotate
// and translate in F, and the names of its position and velocity
// coordinates, in q and v order.
struct JointFacingTraits {
  MobilizerKind kind;
  bool can_rotate;
  bool can_translate;
  std::array<const char*, 7> q;
  std::array<const char*, 6> v;
};

using K = MobilizerKind;
constexpr std::array<JointFacingTraits, 9> kJointFacingTraits{{
    {K::kWeld, false, false, {}, {}},
    {K::kRevolute, true, false, {"q"}, {"w"}},
    {K::kPrismatic, false, true, {"x"}, {"v"}},
    {K::kScrew, true, true, {"q"}, {"w"}},
    {K::kUniversal, true, false, {"qx", "qy"}, {"wx", "wy"}},
    {K::kPlanar, true, true, {"x", "y", "qz"}, {"vx", "vy", "wz"}},
    {K::kRpyBall, true, false, {"qx", "qy", "qz"}, {"wx", "wy", "wz"}},
    {K::kRpyFloating, true, true, {"qx", "qy", "qz", "x", "y", "z"},
     {"wx", "wy", "wz", "vx", "vy", "vz"}},
    {K::kQuaternionFloating, true, true,
     {"qw", "qx", "qy", "qz", "x", "y", "z"},
     {"wx", "wy", "wz", "vx", "vy", "vz"}},
}};

// The traits of `kind`, or of its forward kind if it is a reversed one.
const JointFacingTraits& GetJointFacingTraits(MobilizerKind kind) {
  for (const JointFacingTraits& traits : kJointFacingTraits) {
    if (traits.kind == kind || ReversedMobilizerKind(traits.kind) == kind) {
      return traits;
    }
  }
  ThrowLogicError("Unknown mobilizer kind {}.", static_cast<int>(kind));
}

}  // namespace

bool MobilizerKindCanRotate(MobilizerKind kind) {
  return GetJointFacingTraits(kind).can_rotate;
}

bool MobilizerKindCanTranslate(MobilizerKind kind) {
  return GetJointFacingTraits(kind).can_translate;
}

const char* MobilizerKindPositionSuffix(MobilizerKind kind, int i) {
  OSSA_DEMAND(0 <= i && i < MobilizerKindNumPositions(kind));
  return GetJointFacingTraits(kind).q[i];
}

const char* MobilizerKindVelocitySuffix(MobilizerKind kind, int i) {
  OSSA_DEMAND(0 <= i && i < MobilizerKindNumVelocities(kind));
  return GetJointFacingTraits(kind).v[i];
}

CompiledTree::CompiledTree() {
  mobods_.emplace_back();
  last_dof_.push_back(-1);
}

MobodIndex CompiledTree::AddMobod(MobodIndex parent, MobilizerKind kind,
                                  const MobilizerConstants& constants) {
  if (!parent.is_valid() || parent >= num_mobods()) {
    ThrowLogicError(
        "CompiledTree::AddMobod(): parent mobod {} does not exist (the tree "
        "has {} mobods); mobods must be added parent first.",
        parent.is_valid() ? static_cast<int>(parent) : -1, num_mobods());
  }
  MobodInfo info;
  info.parent = parent;
  info.kind = kind;
  info.constants = constants;
  const bool has_axis =
      GetMobilizerKindHooks(kind).hinge_shape == HingeShape::kAxis;
  if (has_axis) {
    const double norm = constants.axis.norm();
    if (!(norm > 1e-12)) {
      ThrowLogicError(
          "CompiledTree::AddMobod(): the axis of a {} mobilizer must be a "
          "non-zero vector; got [{}, {}, {}].",
          MobilizerKindName(kind), constants.axis[0], constants.axis[1],
          constants.axis[2]);
    }
    info.constants.axis /= norm;
    const Eigen::Vector3d& a = info.constants.axis;
    for (int k = 0; k < 3; ++k) {
      if (a[k] == 1.0 && a[(k + 1) % 3] == 0.0 && a[(k + 2) % 3] == 0.0) {
        info.axis_index = k;
      }
    }
  }
  info.q_start = nq_;
  info.v_start = nv_;
  info.nq = MobilizerKindNumPositions(kind);
  info.nv = MobilizerKindNumVelocities(kind);
  info.level = mobods_[parent].level + 1;
  const int index = num_mobods();
  // λ for the new dofs: within the mobilizer the previous dof; the first dof
  // hangs from the last dof of the nearest ancestor with dofs.
  const int inboard = last_dof_[parent];
  for (int i = 0; i < info.nv; ++i) {
    const int dof = nv_ + i;
    const int lambda = i == 0 ? inboard : dof - 1;
    dof_parent_.push_back(lambda);
    dof_mobod_.push_back(index);
    dof_run_start_.push_back(
        lambda == dof - 1 && lambda >= 0 ? dof_run_start_[lambda] : dof);
    if (lambda != dof - 1) dofs_form_a_path_ = false;
  }
  nq_ += info.nq;
  nv_ += info.nv;
  last_dof_.push_back(info.nv > 0 ? nv_ - 1 : inboard);
  mobods_.push_back(info);
  return MobodIndex(index);
}

template <typename T>
void CompiledTree::SetZeroPositions(Eigen::Ref<VectorX<T>> q) const {
  if (q.size() != nq_) {
    ThrowLogicError(
        "CompiledTree::SetZeroPositions(): q has size {}; expected "
        "num_positions() = {}.",
        q.size(), nq_);
  }
  for (int i = 1; i < num_mobods(); ++i) {
    const MobodInfo& b = mobods_[i];
    VisitMobilizerKind(b.kind, [&](auto m) {
      decltype(m)::SetZeroPosition(q.data() + b.q_start);
    });
  }
}

template void CompiledTree::SetZeroPositions<double>(
    Eigen::Ref<VectorX<double>>) const;
template void CompiledTree::SetZeroPositions<AutoDiffXd>(
    Eigen::Ref<VectorX<AutoDiffXd>>) const;
template void CompiledTree::SetZeroPositions<symbolic::Expression>(
    Eigen::Ref<VectorX<symbolic::Expression>>) const;

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    struct ::ossa::multibody::internal::TreeParameters);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    struct ::ossa::multibody::internal::TreeWorkspace);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    struct ::ossa::multibody::internal::TreeParameters);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    struct ::ossa::multibody::internal::TreeWorkspace);

}  // namespace ossa::multibody::internal

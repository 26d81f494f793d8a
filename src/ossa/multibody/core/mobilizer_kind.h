#pragma once

/// @file
/// MobilizerKind: the one list of joint kinds. The compiled core dispatches
/// its per-kind math on it (mobilizer_kinds.h), each Joint class reports one
/// (Joint::kind()), and the parsers map their joint type names to it
/// (parsing/model_spec.h). docs/developer_guide.md, "Adding a joint kind",
/// lists every table a new kind must enter; mobilizer_kinds_test.cc fails
/// when one is missed. This header is light on purpose: joint.h includes it.

#include <array>
#include <cstddef>
#include <cstdint>

namespace ossa::multibody::internal {

/// The kinds of mobilizer the compiled core knows, with the specification's
/// coordinate conventions:
///  - kWeld: nq = nv = 0, X_FM = I.
///  - kRevolute: q = θ about the unit axis â (same in F and M), v = θ̇.
///  - kPrismatic: q = d along â, p_FM = d·â, v = ḋ.
///  - kScrew: q = θ about â with p_FM = (pitch·θ/2π)·â (pitch in m per
///    revolution), v = θ̇.
///  - kUniversal: q = [θ₀, θ₁], R_FM = Rx(θ₀)·Ry(θ₁) (first about Fx, then
///    about the intermediate/M y axis), v = q̇.
///  - kPlanar: q = [x, y, θ], p_FM = [x, y, 0], R_FM = Rz(θ), v = q̇.
///  - kRpyBall: q = [r, p, y] (space XYZ), R_FM = Rz(y)·Ry(p)·Rx(r),
///    v = w_FM_F.
///  - kRpyFloating: q = [r, p, y, x, y, z], v = [w_FM_F, v_FMo_F].
///  - kQuaternionFloating: q = [qw, qx, qy, qz, x, y, z], v = [w_FM_F,
///    v_FMo_F]. The quaternion need not be unit: X_FM uses q/|q|.
enum class MobilizerKind : std::uint8_t {
  kWeld,
  kRevolute,
  kPrismatic,
  kScrew,
  kUniversal,
  kPlanar,
  kRpyBall,
  kRpyFloating,
  kQuaternionFloating,
  // The multi-dof kinds used reversed (see ReversedMobilizerMath): same q and
  // v as the forward kind, X_FM(q) the inverse of the forward kind's.
  kReversedUniversal,
  kReversedPlanar,
  kReversedRpyBall,
  kReversedRpyFloating,
  kReversedQuaternionFloating,
};

/// Every MobilizerKind, in declaration order. A new kind goes here too: the
/// tests iterate over this array to check that each kind has a name, a math
/// struct, a joint class and (if it is a forward kind) a parser type name.
inline constexpr std::array<MobilizerKind, 14> kAllMobilizerKinds = {
    MobilizerKind::kWeld,
    MobilizerKind::kRevolute,
    MobilizerKind::kPrismatic,
    MobilizerKind::kScrew,
    MobilizerKind::kUniversal,
    MobilizerKind::kPlanar,
    MobilizerKind::kRpyBall,
    MobilizerKind::kRpyFloating,
    MobilizerKind::kQuaternionFloating,
    MobilizerKind::kReversedUniversal,
    MobilizerKind::kReversedPlanar,
    MobilizerKind::kReversedRpyBall,
    MobilizerKind::kReversedRpyFloating,
    MobilizerKind::kReversedQuaternionFloating,
};
static_assert(
    [] {
      for (std::size_t i = 0; i < kAllMobilizerKinds.size(); ++i) {
        if (static_cast<std::size_t>(kAllMobilizerKinds[i]) != i) return false;
      }
      return true;
    }(),
    "kAllMobilizerKinds lists the kinds in declaration order, once each");

/// The kReversed* kind of a multi-dof kind (kUniversal, kPlanar, kRpyBall,
/// kRpyFloating, kQuaternionFloating); any other kind is returned unchanged
/// (revolute, prismatic, screw and weld reverse without a kind of their own).
constexpr MobilizerKind ReversedMobilizerKind(MobilizerKind kind) {
  switch (kind) {
    case MobilizerKind::kUniversal:
      return MobilizerKind::kReversedUniversal;
    case MobilizerKind::kPlanar:
      return MobilizerKind::kReversedPlanar;
    case MobilizerKind::kRpyBall:
      return MobilizerKind::kReversedRpyBall;
    case MobilizerKind::kRpyFloating:
      return MobilizerKind::kReversedRpyFloating;
    case MobilizerKind::kQuaternionFloating:
      return MobilizerKind::kReversedQuaternionFloating;
    default:
      return kind;
  }
}

/// True if the Plücker across-mobilizer bias Ḣ_FM·v − [0; w_FM × v_FMo] may
/// be non-zero for `kind`: false only for kinds with a constant H_FM whose
/// w_FM and v_FMo are parallel (weld, revolute, prismatic, screw, rpy ball).
constexpr bool MobilizerKindHasAcrossBias(MobilizerKind kind) {
  switch (kind) {
    case MobilizerKind::kWeld:
    case MobilizerKind::kRevolute:
    case MobilizerKind::kPrismatic:
    case MobilizerKind::kScrew:
    case MobilizerKind::kRpyBall:
      return false;
    default:
      return true;
  }
}

/// Name of a kind, for messages ("revolute", "quaternion_floating", ...).
const char* MobilizerKindName(MobilizerKind kind);

/// nq and nv of a kind.
int MobilizerKindNumPositions(MobilizerKind kind);
int MobilizerKindNumVelocities(MobilizerKind kind);

/// Whether a kind lets M rotate / translate in F (a reversed kind as its
/// forward kind).
bool MobilizerKindCanRotate(MobilizerKind kind);
bool MobilizerKindCanTranslate(MobilizerKind kind);

/// The name of coordinate `i` of a kind, as the joints report it in
/// Joint::position_suffix() / velocity_suffix(): revolute "q"/"w",
/// prismatic "x"/"v", quaternion floating "qw", "qx", ..., "z" / "wx", ...,
/// "vz". A reversed kind names its coordinates as its forward kind.
/// Precondition: 0 ≤ i < nq (positions) or nv (velocities).
const char* MobilizerKindPositionSuffix(MobilizerKind kind, int i);
const char* MobilizerKindVelocitySuffix(MobilizerKind kind, int i);

}  // namespace ossa::multibody::internal

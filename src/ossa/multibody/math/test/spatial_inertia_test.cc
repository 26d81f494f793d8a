#include "ossa/multibody/math/spatial_inertia.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <cmath>
#include <numbers>
#include <sstream>

#include "ossa/math/rotation_matrix.h"
#include "ossa/multibody/math/articulated_body_inertia.h"
#include "ossa/multibody/math/test/some_rotation.h"

namespace ossa::multibody {
namespace spatial_inertia_test {

using math::RotationMatrix;
using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::ThrowsMessage;

using test::kEps;
using test::SomeRotation;
constexpr double kPi = std::numbers::pi;

// A body with an off-center center of mass and products of inertia.
SpatialInertia<double> SomeSpatialInertia() {
  const RotationalInertia<double> I_cm =
      RotationalInertia<double>(0.2, 0.3, 0.45).ReExpress(SomeRotation());
  return SpatialInertia<double>::MakeFromCentralInertia(
      2.5, Vector3<double>(0.1, -0.4, 0.3), I_cm);
}

Matrix3<double> Skew(const Vector3<double>& p) {
  Matrix3<double> S;
  S << 0, -p.z(), p.y(), p.z(), 0, -p.x(), -p.y(), p.x(), 0;
  return S;
}

TEST(SpatialInertia, ConstructionAndFullMatrix) {
  const double m = 2.0;
  const Vector3<double> p(0.1, 0.2, -0.3);
  const UnitInertia<double> G =
      UnitInertia<double>::SolidSphere(0.5).ShiftFromCenterOfMass(-p);
  const SpatialInertia<double> M(m, p, G);
  EXPECT_EQ(M.get_mass(), m);
  EXPECT_EQ(M.get_com(), p);
  EXPECT_EQ(M.CalcComMoment(), m * p);
  EXPECT_EQ(M.get_unit_inertia().CopyToFullMatrix3(), G.CopyToFullMatrix3());
  EXPECT_EQ(M.CalcRotationalInertia().CopyToFullMatrix3(),
            m * G.CopyToFullMatrix3());
  EXPECT_TRUE(M.IsPhysicallyValid());

  // The block structure of the class documentation.
  const Matrix6<double> M6 = M.CopyToFullMatrix6();
  EXPECT_EQ(Matrix3<double>(M6.topLeftCorner<3, 3>()),
            m * G.CopyToFullMatrix3());
  EXPECT_TRUE(
      Matrix3<double>(M6.topRightCorner<3, 3>()).isApprox(m * Skew(p), kEps));
  EXPECT_TRUE(Matrix3<double>(M6.bottomLeftCorner<3, 3>())
                  .isApprox(-m * Skew(p), kEps));
  EXPECT_EQ(Matrix3<double>(M6.bottomRightCorner<3, 3>()),
            m * Matrix3<double>::Identity());
  EXPECT_EQ(M6, M6.transpose());
  // Positive semi-definite (a real body): smallest eigenvalue ≥ 0 up to
  // rounding.
  Eigen::SelfAdjointEigenSolver<Matrix6<double>> eig(M6);
  EXPECT_GT(eig.eigenvalues()(0), -1e-14);

  EXPECT_TRUE(SpatialInertia<double>().IsNaN());
  EXPECT_TRUE(SpatialInertia<double>::NaN().IsNaN());
  EXPECT_TRUE(SpatialInertia<double>::Zero().IsZero());
  EXPECT_TRUE(SpatialInertia<double>::Zero().IsPhysicallyValid());
  const SpatialInertia<double> U = SpatialInertia<double>::MakeUnitary();
  EXPECT_EQ(U.CopyToFullMatrix6(), Matrix6<double>::Identity());
  SpatialInertia<double> N = U;
  N.SetNaN();
  EXPECT_TRUE(N.IsNaN());
  EXPECT_FALSE(N.IsPhysicallyValid());

  const SpatialInertia<double> P =
      SpatialInertia<double>::PointMass(1.5, Vector3<double>(1, 2, 3));
  EXPECT_EQ(P.CalcRotationalInertia().CopyToFullMatrix3(),
            RotationalInertia<double>(1.5, Vector3<double>(1, 2, 3))
                .CopyToFullMatrix3());
  // A particle has no rotational inertia about itself (up to rounding of
  // terms ~1.5·14).
  EXPECT_TRUE(P.ShiftToCenterOfMass()
                  .CalcRotationalInertia()
                  .CopyToFullMatrix3()
                  .isZero(1e-14));

  std::ostringstream os;
  os << U;
  EXPECT_THAT(os.str(), AllOf(HasSubstr("mass = 1"),
                              HasSubstr("Center of mass = [0  0  0]")));
}

TEST(SpatialInertia, InvalidInputsNameTheCondition) {
  const UnitInertia<double> G(1, 1, 1);
  EXPECT_THAT([&] { SpatialInertia<double>(-1, Vector3<double>::Zero(), G); },
              ThrowsMessage<std::logic_error>(
                  AllOf(HasSubstr("SpatialInertia(): Spatial inertia fails "
                                  "SpatialInertia::IsPhysicallyValid()"),
                        HasSubstr("mass = -1 is negative or not finite"))));
  // Valid about P, but shifting to the center of mass one meter away
  // leaves I_cm = diag(0.1, −0.9, −0.9): negative principal moments.
  const UnitInertia<double> G_small(0.1, 0.1, 0.1);
  EXPECT_THAT(
      [&] { SpatialInertia<double>(1, Vector3<double>(1, 0, 0), G_small); },
      ThrowsMessage<std::logic_error>(
          AllOf(HasSubstr("mass = 1"), HasSubstr("Center of mass = [1  0  0]"),
                HasSubstr("Inertia about center of mass, I_BBcm"),
                HasSubstr("-0.9"), HasSubstr("negative"))));
  // The check can be skipped, and IsPhysicallyValid() tells.
  const SpatialInertia<double> bad(1, Vector3<double>(1, 0, 0), G_small,
                                   /* skip_validity_check = */ true);
  EXPECT_FALSE(bad.IsPhysicallyValid());
  EXPECT_THAT(bad.CriticizeNotPhysicallyValid(), HasSubstr("negative"));
  // Triangle inequality violated about the center of mass.
  EXPECT_THAT(
      [] {
        SpatialInertia<double>::MakeFromCentralInertia(
            1, Vector3<double>::Zero(),
            RotationalInertia<double>::MakeFromMomentsAndProductsOfInertia(
                1, 1, 3, 0, 0, 0, true));
      },
      ThrowsMessage<std::logic_error>(
          AllOf(HasSubstr("MakeFromCentralInertia()"),
                HasSubstr("triangle inequality"))));
  EXPECT_THAT(
      [] {
        SpatialInertia<double>::MakeFromCentralInertia(
            0, Vector3<double>::Zero(), RotationalInertia<double>(1, 1, 1));
      },
      ThrowsMessage<std::logic_error>(HasSubstr("mass is zero")));
  EXPECT_THAT([] { SpatialInertia<double>::SolidBoxWithMass(0, 1, 1, 1); },
              ThrowsMessage<std::logic_error>(HasSubstr(
                  "SolidBoxWithMass(): mass is not positive and finite: 0.")));
  EXPECT_THAT(
      [] { SpatialInertia<double>::SolidBoxWithDensity(1000, 1, -1, 1); },
      ThrowsMessage<std::logic_error>(HasSubstr(
          "SolidBoxWithDensity(): y-length is not positive and finite: -1.")));
  EXPECT_THAT([] { SpatialInertia<double>::SolidSphereWithMass(1, 0); },
              ThrowsMessage<std::logic_error>(
                  HasSubstr("radius is not positive and finite: 0")));
  EXPECT_THAT(
      [] {
        SpatialInertia<double>::SolidCylinderWithMass(
            1, 1, 2, Vector3<double>(0, 0, 1.1));
      },
      ThrowsMessage<std::logic_error>(
          AllOf(HasSubstr("SolidCylinderWithMass()"),
                HasSubstr("is not a unit vector"))));
  EXPECT_THAT(
      [] {
        SpatialInertia<double>::ThinRodWithMass(
            1, std::numeric_limits<double>::infinity(),
            Vector3<double>(1, 0, 0));
      },
      ThrowsMessage<std::logic_error>(
          HasSubstr("length is not positive and finite: inf")));
  EXPECT_THROW(SpatialInertia<double>::PointMass(-1, Vector3<double>::Zero()),
               std::logic_error);
  EXPECT_THROW(SpatialInertia<AutoDiffXd>(-1, Vector3<AutoDiffXd>::Zero(),
                                          UnitInertia<AutoDiffXd>(1, 1, 1)),
               std::logic_error);
}

TEST(SpatialInertia, FactoriesMassAndInertia) {
  const Vector3<double> z(0, 0, 1);
  const double rho = 800;
  // Mass is density × volume; the unit inertia is the closed form.
  const auto box = SpatialInertia<double>::SolidBoxWithDensity(rho, 1, 2, 3);
  EXPECT_DOUBLE_EQ(box.get_mass(), rho * 6);
  EXPECT_TRUE(box.get_unit_inertia().IsNearlyEqualTo(
      UnitInertia<double>::SolidBox(1, 2, 3), kEps));
  EXPECT_EQ(box.get_com(), Vector3<double>::Zero());
  EXPECT_DOUBLE_EQ(
      SpatialInertia<double>::SolidCubeWithDensity(rho, 2).get_mass(), rho * 8);
  EXPECT_DOUBLE_EQ(
      SpatialInertia<double>::SolidSphereWithDensity(rho, 0.5).get_mass(),
      rho * 4.0 / 3 * kPi * 0.125);
  EXPECT_DOUBLE_EQ(
      SpatialInertia<double>::HollowSphereWithDensity(2, 0.5).get_mass(),
      2 * 4 * kPi * 0.25);
  EXPECT_DOUBLE_EQ(
      SpatialInertia<double>::SolidEllipsoidWithDensity(rho, 1, 2, 3)
          .get_mass(),
      rho * 4.0 / 3 * kPi * 6);
  EXPECT_DOUBLE_EQ(
      SpatialInertia<double>::SolidCylinderWithDensity(rho, 0.5, 2, z)
          .get_mass(),
      rho * kPi * 0.25 * 2);
  EXPECT_DOUBLE_EQ(
      SpatialInertia<double>::SolidCapsuleWithDensity(rho, 0.5, 2, z)
          .get_mass(),
      rho * (kPi * 0.25 * 2 + 4.0 / 3 * kPi * 0.125));
  // With-mass factories agree with with-density ones of the same mass.
  const auto cyl =
      SpatialInertia<double>::SolidCylinderWithDensity(rho, 0.5, 2, z);
  EXPECT_TRUE(
      SpatialInertia<double>::SolidCylinderWithMass(cyl.get_mass(), 0.5, 2, z)
          .CopyToFullMatrix6()
          .isApprox(cyl.CopyToFullMatrix6(), 4 * kEps));
  // About-end versions are the central ones shifted by L/2 along the axis.
  const Vector3<double> u = Vector3<double>(1, 2, 2) / 3;
  const auto cyl_end =
      SpatialInertia<double>::SolidCylinderWithMassAboutEnd(3, 0.2, 1.4, u);
  EXPECT_TRUE(cyl_end.get_com().isApprox(0.7 * u, kEps));
  EXPECT_TRUE(SpatialInertia<double>::SolidCylinderWithMass(3, 0.2, 1.4, u)
                  .Shift(-0.7 * u)
                  .CopyToFullMatrix6()
                  .isApprox(cyl_end.CopyToFullMatrix6(), 1e-14));
  EXPECT_TRUE(
      SpatialInertia<double>::SolidCylinderWithDensityAboutEnd(rho, 0.2, 1.4, u)
          .CopyToFullMatrix6()
          .isApprox(
              SpatialInertia<double>::SolidCylinderWithDensity(rho, 0.2, 1.4, u)
                  .Shift(-0.7 * u)
                  .CopyToFullMatrix6(),
              1e-14));
  const auto rod_end = SpatialInertia<double>::ThinRodWithMassAboutEnd(2, 3, z);
  // A rod about its end: m L²/3 perpendicular, 0 axial.
  EXPECT_TRUE(rod_end.CalcRotationalInertia().get_moments().isApprox(
      Vector3<double>(6, 6, 0), 4 * kEps));
  EXPECT_TRUE(SpatialInertia<double>::ThinRodWithMass(2, 3, z)
                  .CalcRotationalInertia()
                  .get_moments()
                  .isApprox(Vector3<double>(1.5, 1.5, 0), 4 * kEps));
  EXPECT_TRUE(SpatialInertia<double>::SolidCapsuleWithMass(2, 1, 2, z)
                  .CalcRotationalInertia()
                  .get_moments()
                  .isApprox(Vector3<double>(2.42, 2.42, 0.92), 4 * kEps));
  for (const auto& M :
       {box, cyl, cyl_end, rod_end,
        SpatialInertia<double>::SolidEllipsoidWithMass(1, 1, 2, 3),
        SpatialInertia<double>::HollowSphereWithMass(1, 2),
        SpatialInertia<double>::SolidCubeWithMass(1, 2),
        SpatialInertia<double>::SolidSphereWithMass(1, 2),
        SpatialInertia<double>::SolidCapsuleWithMass(1, 0.1, 3, u)}) {
    EXPECT_TRUE(M.IsPhysicallyValid());
  }
}

// Parallel-axis theorem for spatial inertias: there and back, and the
// center of mass moves with the point.
TEST(SpatialInertia, ShiftThereAndBack) {
  const SpatialInertia<double> M_P = SomeSpatialInertia();
  const Vector3<double> p_PQ(0.7, 1.1, -0.6);
  const SpatialInertia<double> M_Q = M_P.Shift(p_PQ);
  EXPECT_TRUE(M_Q.get_com().isApprox(M_P.get_com() - p_PQ, kEps));
  EXPECT_EQ(M_Q.get_mass(), M_P.get_mass());
  EXPECT_TRUE(M_Q.IsPhysicallyValid());
  EXPECT_TRUE(M_Q.Shift(-p_PQ).CopyToFullMatrix6().isApprox(
      M_P.CopyToFullMatrix6(), 1e-14));
  // The 6×6 form of the shift: M_Q = Φᵀ M_P Φ, Φ = [Id 0; [p_PQ]× Id].
  Matrix6<double> Phi = Matrix6<double>::Identity();
  Phi.bottomLeftCorner<3, 3>() = Skew(p_PQ);
  EXPECT_TRUE(M_Q.CopyToFullMatrix6().isApprox(
      Phi.transpose() * M_P.CopyToFullMatrix6() * Phi, 1e-14));
  // About the center of mass and back out.
  const SpatialInertia<double> M_cm = M_P.ShiftToCenterOfMass();
  EXPECT_TRUE(M_cm.get_com().isZero(0));
  EXPECT_TRUE(M_cm.ShiftFromCenterOfMass(-M_P.get_com())
                  .CopyToFullMatrix6()
                  .isApprox(M_P.CopyToFullMatrix6(), 1e-14));
  SpatialInertia<double> M = M_P;
  const Vector3<double> p_PScm = M.ShiftToCenterOfMassInPlace();
  EXPECT_EQ(p_PScm, M_P.get_com());
}

// Shift against a sum over particles: a box split into n³ cells, each a
// small box (SpatialInertia about its own center, shifted to Q by the
// parallel-axis theorem) and summed with +=. The decomposition is exact, so
// the total must equal the whole box shifted to Q up to rounding.
TEST(SpatialInertia, ShiftAndSumAgreeWithBoxMadeOfParticles) {
  const double lx = 0.5, ly = 0.8, lz = 1.2, mass = 3.0;
  const int n = 6;
  const double m_cell = mass / (n * n * n);
  const Vector3<double> p_BoQ(-0.3, 0.9, 0.4);
  SpatialInertia<double> M_sum = SpatialInertia<double>::Zero();
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < n; ++k) {
        const Vector3<double> p_BoCi((i + 0.5) / n * lx - lx / 2,
                                     (j + 0.5) / n * ly - ly / 2,
                                     (k + 0.5) / n * lz - lz / 2);
        // Cell about its center Ci, then about Q: p_CiQ = p_BoQ − p_BoCi.
        M_sum += SpatialInertia<double>::SolidBoxWithMass(m_cell, lx / n,
                                                          ly / n, lz / n)
                     .Shift(p_BoQ - p_BoCi);
      }
  const SpatialInertia<double> M_Q =
      SpatialInertia<double>::SolidBoxWithMass(mass, lx, ly, lz).Shift(p_BoQ);
  EXPECT_NEAR(M_sum.get_mass(), mass, 1e-13);
  EXPECT_TRUE(M_sum.get_com().isApprox(M_Q.get_com(), 1e-13));
  // 216 terms of size ~1: rounding ~1e-13 relative.
  EXPECT_TRUE(
      M_sum.CopyToFullMatrix6().isApprox(M_Q.CopyToFullMatrix6(), 1e-12))
      << M_sum << "\n"
      << M_Q;
}

// Products with spatial vectors are the 6×6 matrix product.
TEST(SpatialInertia, ProductsEqualMatrixProducts) {
  const SpatialInertia<double> M = SomeSpatialInertia();
  const Matrix6<double> M6 = M.CopyToFullMatrix6();
  const SpatialVelocity<double> V(Vector3<double>(0.3, -1, 2),
                                  Vector3<double>(1, 0.5, -0.2));
  const SpatialAcceleration<double> A(Vector3<double>(-2, 0.1, 1),
                                      Vector3<double>(0, 3, 0.7));
  const SpatialMomentum<double> L = M * V;
  const SpatialForce<double> F = M * A;
  EXPECT_TRUE(L.get_coeffs().isApprox(M6 * V.get_coeffs(), 1e-14));
  EXPECT_TRUE(F.get_coeffs().isApprox(M6 * A.get_coeffs(), 1e-14));
  Matrix6X<double> H(6, 2);
  H << V.get_coeffs(), A.get_coeffs();
  const Matrix6X<double> MH = M * H;
  EXPECT_TRUE(MH.isApprox(M6 * H, 1e-14));

  // Kinetic energy ½ V·(M V) = ½ m |v_cm|² + ½ ω·I_cm ω, computed directly.
  const SpatialVelocity<double> V_cm = V.Shift(M.get_com());
  const RotationalInertia<double> I_cm =
      M.CalcRotationalInertia().ShiftToCenterOfMass(M.get_mass(), M.get_com());
  const double ke_direct =
      0.5 * M.get_mass() * V_cm.translational().squaredNorm() +
      0.5 * V.rotational().dot(I_cm * V.rotational());
  EXPECT_NEAR(0.5 * V.dot(L), ke_direct, 1e-13);

  // Momentum computed about P and shifted to Q equals the momentum computed
  // with the inertia and velocity about Q.
  const Vector3<double> p_PQ(0.4, -0.2, 1.3);
  const SpatialMomentum<double> L_Q = M.Shift(p_PQ) * V.Shift(p_PQ);
  EXPECT_TRUE(L.Shift(p_PQ).IsApprox(L_Q, 1e-13));

  // Re-expression commutes with the product.
  const RotationMatrix<double> R_AE = SomeRotation();
  EXPECT_TRUE((M.ReExpress(R_AE) * (R_AE * V)).IsApprox(R_AE * L, 1e-13));
  EXPECT_TRUE(M.ReExpress(R_AE).IsPhysicallyValid());
}

// The composite of two bodies (+=) has the sum of their momenta for a
// common rigid motion, and the mass-weighted center of mass.
TEST(SpatialInertia, CompositeOfTwoBodies) {
  const SpatialInertia<double> M1 = SomeSpatialInertia();
  const SpatialInertia<double> M2 =
      SpatialInertia<double>::SolidBoxWithMass(1.5, 0.2, 0.3, 0.4)
          .Shift(Vector3<double>(-1, 0.5, 0.2));
  SpatialInertia<double> M = M1;
  M += M2;
  EXPECT_DOUBLE_EQ(M.get_mass(), M1.get_mass() + M2.get_mass());
  EXPECT_TRUE(M.get_com().isApprox(
      (M1.CalcComMoment() + M2.CalcComMoment()) / M.get_mass(), 1e-15));
  EXPECT_TRUE(M.CopyToFullMatrix6().isApprox(
      M1.CopyToFullMatrix6() + M2.CopyToFullMatrix6(), 1e-14));
  EXPECT_TRUE(M.IsPhysicallyValid());
  // Two massless bodies: means of coms and unit inertias.
  SpatialInertia<double> Z1(0, Vector3<double>(1, 0, 0),
                            UnitInertia<double>(1, 1, 1));
  const SpatialInertia<double> Z2(0, Vector3<double>(0, 1, 0),
                                  UnitInertia<double>(3, 3, 3));
  Z1 += Z2;
  EXPECT_EQ(Z1.get_mass(), 0);
  EXPECT_EQ(Z1.get_com(), Vector3<double>(0.5, 0.5, 0));
  EXPECT_EQ(Z1.get_unit_inertia().get_moments(), Vector3<double>(2, 2, 2));
}

TEST(SpatialInertia, MakeFromCentralInertia) {
  const RotationalInertia<double> I_cm(0.2, 0.3, 0.4, 0.01, -0.02, 0.03);
  const Vector3<double> p(0.5, -0.1, 0.2);
  const SpatialInertia<double> M =
      SpatialInertia<double>::MakeFromCentralInertia(2.0, p, I_cm);
  EXPECT_EQ(M.get_com(), p);
  EXPECT_TRUE(
      M.CalcRotationalInertia().ShiftToCenterOfMass(2.0, p).IsNearlyEqualTo(
          I_cm, 1e-14));
  // Massless body with zero inertia.
  const SpatialInertia<double> M0 =
      SpatialInertia<double>::MakeFromCentralInertia(
          0, p, RotationalInertia<double>(0, 0, 0));
  EXPECT_EQ(M0.get_mass(), 0);
  EXPECT_TRUE(M0.IsPhysicallyValid());
}

TEST(SpatialInertia, CastRoundTrip) {
  const SpatialInertia<double> M = SomeSpatialInertia();
  const SpatialInertia<AutoDiffXd> M_ad = M.cast<AutoDiffXd>();
  EXPECT_EQ(ExtractValue(M_ad.CopyToFullMatrix6()), M.CopyToFullMatrix6());
  EXPECT_EQ(M_ad.cast<double>().CopyToFullMatrix6(), M.CopyToFullMatrix6());
}

// AutoDiffXd derivatives of Shift with respect to the offset against
// central finite differences of the double version. G_SQ is quadratic in
// the offset, so central differences are exact up to rounding (~ε/h).
TEST(SpatialInertia, AutoDiffShiftDerivativeMatchesFiniteDifference) {
  const SpatialInertia<double> M = SomeSpatialInertia();
  const Vector3<double> p0(0.3, -0.2, 0.9);
  const Vector3<AutoDiffXd> p = InitializeAutoDiff(p0);
  const Matrix6<AutoDiffXd> M_Q =
      M.cast<AutoDiffXd>().Shift(p).CopyToFullMatrix6();
  const MatrixX<double> grad = ExtractGradient(M_Q);  // 36 × 3
  const double h = 1e-6;
  for (int k = 0; k < 3; ++k) {
    const Vector3<double> dp = h * Vector3<double>::Unit(k);
    const Matrix6<double> fd = (M.Shift(p0 + dp).CopyToFullMatrix6() -
                                M.Shift(p0 - dp).CopyToFullMatrix6()) /
                               (2 * h);
    const Eigen::Map<const Eigen::Matrix<double, 36, 1>> fd_vec(fd.data());
    EXPECT_TRUE(grad.col(k).isApprox(fd_vec, 1e-8)) << k;
  }
  // The kinetic energy's gradient with respect to V is the momentum M V.
  const Vector6<double> v0 =
      (Vector6<double>() << 0.3, -1, 2, 1, 0.5, -0.2).finished();
  const SpatialVelocity<AutoDiffXd> V(
      Vector6<AutoDiffXd>(InitializeAutoDiff(v0)));
  const AutoDiffXd ke = 0.5 * V.dot(M.cast<AutoDiffXd>() * V);
  EXPECT_TRUE(ke.derivatives().isApprox(M.CopyToFullMatrix6() * v0, 1e-14));
}

// The equivalent ellipsoid of an ellipsoid's inertia is that ellipsoid:
// semi-diameters sorted descending, center at the center of mass, axes
// along the ellipsoid's (up to sign).
TEST(SpatialInertia, EquivalentSolidEllipsoid) {
  const RotationMatrix<double> R_EB = SomeRotation();
  const Vector3<double> p_PBcm_E(0.2, -0.1, 0.4);
  // Semi-axes 0.3, 0.5, 0.2 along Bx, By, Bz.
  const SpatialInertia<double> M_BBcm_B =
      SpatialInertia<double>::SolidEllipsoidWithMass(1.3, 0.3, 0.5, 0.2);
  const SpatialInertia<double> M_BP_E =
      M_BBcm_B.ReExpress(R_EB).ShiftFromCenterOfMass(-p_PBcm_E);
  const auto [lengths, X_EA] =
      M_BP_E.CalcPrincipalSemiDiametersAndPoseForSolidEllipsoid();
  // Rounding of a shift by ~0.5 m and an eigen solve: ~1e-15 relative.
  EXPECT_TRUE(lengths.isApprox(Vector3<double>(0.5, 0.3, 0.2), 1e-13))
      << lengths.transpose();
  EXPECT_TRUE(X_EA.translation().isApprox(p_PBcm_E, 1e-14));
  // Ax ∥ By (lmax), Ay ∥ Bx, Az ∥ Bz.
  const Matrix3<double>& R_EA = X_EA.rotation().matrix();
  EXPECT_NEAR(std::abs(R_EA.col(0).dot(R_EB.col(1))), 1, 1e-13);
  EXPECT_NEAR(std::abs(R_EA.col(1).dot(R_EB.col(0))), 1, 1e-13);
  EXPECT_NEAR(std::abs(R_EA.col(2).dot(R_EB.col(2))), 1, 1e-13);
  EXPECT_THROW(SpatialInertia<double>::NaN()
                   .CalcPrincipalSemiDiametersAndPoseForSolidEllipsoid(),
               std::logic_error);
}

// ---------------------------------------------------------------------------
// ArticulatedBodyInertia.

TEST(ArticulatedBodyInertia, ConsistentWithSpatialInertia) {
  const SpatialInertia<double> M = SomeSpatialInertia();
  const ArticulatedBodyInertia<double> P(M);
  EXPECT_EQ(P.CopyToFullMatrix6(), M.CopyToFullMatrix6());
  EXPECT_TRUE(P.IsPhysicallyValid());
  const Vector3<double> p_QR(0.5, -0.9, 0.3);
  // Shift and ReExpress agree with the spatial inertia's.
  EXPECT_TRUE(P.Shift(p_QR).CopyToFullMatrix6().isApprox(
      M.Shift(p_QR).CopyToFullMatrix6(), 1e-14));
  const RotationMatrix<double> R = SomeRotation();
  EXPECT_TRUE(P.ReExpress(R).CopyToFullMatrix6().isApprox(
      M.ReExpress(R).CopyToFullMatrix6(), 1e-14));
  // Products.
  const SpatialAcceleration<double> A(Vector3<double>(1, 2, 3),
                                      Vector3<double>(-1, 0.5, 2));
  EXPECT_TRUE((P * A).IsApprox(M * A, 1e-14));
  Matrix6X<double> H(6, 2);
  H.setRandom();
  EXPECT_TRUE((P * H).isApprox(M * H, 1e-14));
  Eigen::Matrix<double, 2, 6> Ht = H.transpose();
  EXPECT_TRUE((Ht * P).isApprox(Ht * M.CopyToFullMatrix6(), 1e-14));
  // Sum and difference.
  ArticulatedBodyInertia<double> S = P;
  S += P;
  EXPECT_EQ(S.CopyToFullMatrix6(), 2 * P.CopyToFullMatrix6());
  S -= P;
  EXPECT_EQ(S.CopyToFullMatrix6(), P.CopyToFullMatrix6());
  EXPECT_EQ((P + P - P).CopyToFullMatrix6(), P.CopyToFullMatrix6());
  // Cast.
  EXPECT_EQ(ExtractValue(P.cast<AutoDiffXd>().CopyToFullMatrix6()),
            P.CopyToFullMatrix6());
}

// The articulated inertia seen through a revolute joint with hinge H,
// P_A = P − P H (Hᵀ P H)⁻¹ Hᵀ P (Featherstone §7.3), is positive
// semi-definite, annihilates H, and shifts like any articulated inertia.
TEST(ArticulatedBodyInertia, ProjectedThroughAJoint) {
  const SpatialInertia<double> M = SomeSpatialInertia();
  const Matrix6<double> P6 = M.CopyToFullMatrix6();
  Vector6<double> H;
  H << 0, 0, 1, 0.2, -0.1, 0;  // revolute about z through (0.1, 0.2, ·)
  const double D = H.dot(P6 * H);
  const Matrix6<double> PA6 = P6 - (P6 * H) * (H.transpose() * P6) / D;
  const ArticulatedBodyInertia<double> PA(PA6);
  EXPECT_TRUE(PA.IsPhysicallyValid());
  EXPECT_LT((PA * H).norm(), 1e-13);
  const Vector3<double> p(0.3, 0.3, -0.1);
  Matrix6<double> Phi = Matrix6<double>::Identity();
  Phi.bottomLeftCorner<3, 3>() = Skew(p);
  EXPECT_TRUE(PA.Shift(p).CopyToFullMatrix6().isApprox(
      Phi.transpose() * PA6 * Phi, 1e-13));
  // −P is not positive semi-definite.
  const ArticulatedBodyInertia<double> P(M);
  EXPECT_FALSE((P - P - P).IsPhysicallyValid());
}

TEST(ArticulatedBodyInertia, InvalidMatricesThrow) {
  Matrix6<double> A = SomeSpatialInertia().CopyToFullMatrix6();
  A(0, 5) += 0.1;
  EXPECT_THAT([&] { ArticulatedBodyInertia<double> P(A); },
              ThrowsMessage<std::logic_error>(HasSubstr("not symmetric")));
  const MatrixX<double> five = MatrixX<double>::Identity(5, 5);
  EXPECT_THAT(
      [&] { ArticulatedBodyInertia<double> P(five); },
      ThrowsMessage<std::logic_error>(HasSubstr("must be 6x6; got 5x5")));
  EXPECT_TRUE(ArticulatedBodyInertia<double>().CopyToFullMatrix6().hasNaN());
}

}  // namespace spatial_inertia_test
}  // namespace ossa::multibody

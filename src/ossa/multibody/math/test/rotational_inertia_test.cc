#include "ossa/multibody/math/rotational_inertia.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <sstream>

#include "ossa/math/rotation_matrix.h"
#include "ossa/multibody/math/test/some_rotation.h"
#include "ossa/multibody/math/unit_inertia.h"

namespace ossa::multibody {
namespace rotational_inertia_test {

using math::RotationMatrix;
using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::ThrowsMessage;

using test::kEps;
using test::SomeRotation;

// A rotational inertia with products: a box's central inertia, rotated.
RotationalInertia<double> SomeCentralInertia() {
  return RotationalInertia<double>(2.0, 3.0, 4.5).ReExpress(SomeRotation());
}

TEST(RotationalInertia, ConstructionAndAccessors) {
  const RotationalInertia<double> I(2, 3, 4, 0.1, -0.2, 0.3);
  EXPECT_EQ(I.get_moments(), Vector3<double>(2, 3, 4));
  EXPECT_EQ(I.get_products(), Vector3<double>(0.1, -0.2, 0.3));
  Matrix3<double> expected;
  expected << 2, 0.1, -0.2, 0.1, 3, 0.3, -0.2, 0.3, 4;
  EXPECT_EQ(I.CopyToFullMatrix3(), expected);
  EXPECT_EQ(I(0, 2), -0.2);
  EXPECT_EQ(I(2, 0), -0.2);
  EXPECT_EQ(I.Trace(), 9);
  EXPECT_EQ(I.CalcMaximumPossibleMomentOfInertia(), 4.5);
  EXPECT_EQ(I.rows(), 3);
  EXPECT_EQ(I.cols(), 3);
  EXPECT_TRUE(I.CouldBePhysicallyValid());

  EXPECT_TRUE(RotationalInertia<double>().IsNaN());
  RotationalInertia<double> J = I;
  J.SetZero();
  EXPECT_TRUE(J.IsZero());
  J.SetToNaN();
  EXPECT_TRUE(J.IsNaN());
  EXPECT_FALSE(J.CouldBePhysicallyValid());

  EXPECT_EQ(
      RotationalInertia<double>::TriaxiallySymmetric(2.5).CopyToFullMatrix3(),
      2.5 * Matrix3<double>::Identity());

  // Particle: I = m (|p|² Id − p pᵀ), by hand for p = (1, 2, 3), m = 2.
  const RotationalInertia<double> Ip(2.0, Vector3<double>(1, 2, 3));
  EXPECT_EQ(Ip.get_moments(), Vector3<double>(2 * 13, 2 * 10, 2 * 5));
  EXPECT_EQ(Ip.get_products(), Vector3<double>(-2 * 2, -2 * 3, -2 * 6));

  std::ostringstream os;
  os << RotationalInertia<double>(1, 2, 3);
  EXPECT_EQ(os.str(), "[1  0  0]\n[0  2  0]\n[0  0  3]\n");
}

TEST(RotationalInertia, Arithmetic) {
  const RotationalInertia<double> A(1, 2, 2.5, 0.1, 0, 0.2);
  const RotationalInertia<double> B(3, 3, 3);
  EXPECT_EQ((A + B).CopyToFullMatrix3(),
            A.CopyToFullMatrix3() + B.CopyToFullMatrix3());
  EXPECT_EQ((A - B).CopyToFullMatrix3(),
            A.CopyToFullMatrix3() - B.CopyToFullMatrix3());
  EXPECT_EQ((2.0 * A).CopyToFullMatrix3(), 2 * A.CopyToFullMatrix3());
  EXPECT_EQ((A * 2.0).CopyToFullMatrix3(), 2 * A.CopyToFullMatrix3());
  EXPECT_EQ((A / 2.0).CopyToFullMatrix3(), A.CopyToFullMatrix3() / 2);
  RotationalInertia<double> C = A;
  C += B;
  C *= 3.0;
  C /= 3.0;
  C -= B;
  EXPECT_TRUE(C.IsNearlyEqualTo(A, 4 * kEps));
  const Vector3<double> w(0.5, -1, 2);
  EXPECT_EQ(A * w, A.CopyToFullMatrix3() * w);
}

TEST(RotationalInertia, IsNearlyEqualTo) {
  const RotationalInertia<double> A(1, 2, 2.5);
  // I_max = trace/2 = 2.75; a 1e-6 change is relative 3.6e-7.
  const RotationalInertia<double> B(1, 2 + 1e-6, 2.5);
  EXPECT_TRUE(A.IsNearlyEqualTo(B, 1e-6));
  EXPECT_FALSE(A.IsNearlyEqualTo(B, 1e-7));
}

TEST(RotationalInertia, InvalidInputsNameTheCondition) {
  // Triangle inequality violated by the moments.
  EXPECT_THAT([] { RotationalInertia<double>(1, 2, 10); },
              ThrowsMessage<std::logic_error>(AllOf(
                  HasSubstr("RotationalInertia(): The rotational inertia"),
                  HasSubstr("[ 1   0   0]"), HasSubstr("[ 0   0  10]"),
                  HasSubstr("CouldBePhysicallyValid()"),
                  HasSubstr("triangle inequality Ixx + Iyy >= Izz"))));
  // A negative moment.
  EXPECT_THAT(
      [] { RotationalInertia<double>(-1, 2, 2); },
      ThrowsMessage<std::logic_error>(
          AllOf(HasSubstr("Ixx = -1"), HasSubstr("at least one is negative"))));
  // Moments fine, but products make the principal moments (0.1, 1, 1.9)
  // violate the triangle inequality.
  EXPECT_THAT([] { RotationalInertia<double>(1, 1, 1, 0.9, 0, 0); },
              ThrowsMessage<std::logic_error>(
                  AllOf(HasSubstr("principal moments"),
                        HasSubstr("triangle inequality Imin + Imed >= Imax"))));
  // Products so large that a principal moment is negative: the eigenvalues
  // of [[1, 2], [2, 1]] are −1 and 3.
  EXPECT_THAT([] { RotationalInertia<double>(1, 1, 2, 2, 0, 0); },
              ThrowsMessage<std::logic_error>(HasSubstr("negative")));
  EXPECT_THAT(
      [] {
        RotationalInertia<double>(
            1, 1, 1, std::numeric_limits<double>::quiet_NaN(), 0, 0);
      },
      ThrowsMessage<std::logic_error>(HasSubstr("NaN")));
  EXPECT_THAT([] { RotationalInertia<double>(-1.0, Vector3<double>(1, 0, 0)); },
              ThrowsMessage<std::logic_error>(HasSubstr("mass = -1")));
  EXPECT_THAT(
      [] {
        RotationalInertia<double>::MakeFromMomentsAndProductsOfInertia(1, 2, 10,
                                                                       0, 0, 0);
      },
      ThrowsMessage<std::logic_error>(
          HasSubstr("MakeFromMomentsAndProductsOfInertia()")));
  // The check can be skipped, and then CouldBePhysicallyValid() tells.
  const auto bad =
      RotationalInertia<double>::MakeFromMomentsAndProductsOfInertia(
          1, 2, 10, 0, 0, 0, /* skip_validity_check = */ true);
  EXPECT_FALSE(bad.CouldBePhysicallyValid());
  EXPECT_THAT(bad.GetInvalidityReport(), HasSubstr("triangle inequality"));
  // Boundary: a thin disk (Ixx + Iyy = Izz) and a rod (0, K, K) are valid.
  EXPECT_NO_THROW(RotationalInertia<double>(1, 1, 2));
  EXPECT_NO_THROW(RotationalInertia<double>(0, 1, 1));
  // The same validity applies on AutoDiffXd (on the values).
  EXPECT_THROW(RotationalInertia<AutoDiffXd>(1, 2, 10), std::logic_error);
}

// Parallel-axis theorem: shifting away from the center of mass and back is
// the identity; shifting between two points via Bcm equals the two steps.
TEST(RotationalInertia, ShiftThereAndBack) {
  const RotationalInertia<double> I_cm = SomeCentralInertia();
  const double mass = 1.7;
  const Vector3<double> p_BcmQ(0.3, -1.2, 0.8);
  const RotationalInertia<double> I_Q =
      I_cm.ShiftFromCenterOfMass(mass, p_BcmQ);
  // Moments grow by m (|p|² − p_i²).
  const Vector3<double> expected_moments =
      I_cm.get_moments() +
      mass * (Vector3<double>::Constant(p_BcmQ.squaredNorm()) -
              Vector3<double>(p_BcmQ.array().square()));
  EXPECT_TRUE(I_Q.get_moments().isApprox(expected_moments, 8 * kEps));
  EXPECT_TRUE(I_Q.CouldBePhysicallyValid());
  // Tolerance: a few roundings of O(1) numbers, relative to trace/2 ≈ 6.
  EXPECT_TRUE(
      I_Q.ShiftToCenterOfMass(mass, -p_BcmQ).IsNearlyEqualTo(I_cm, 16 * kEps));
  EXPECT_TRUE(
      I_Q.ShiftToCenterOfMass(mass, p_BcmQ).IsNearlyEqualTo(I_cm, 16 * kEps));
  const Vector3<double> p_PBcm(1, 2, -0.5);
  const RotationalInertia<double> I_P =
      I_cm.ShiftFromCenterOfMass(mass, p_PBcm);
  const Vector3<double> p_QBcm = -p_BcmQ;
  EXPECT_TRUE(I_P.ShiftToThenAwayFromCenterOfMass(mass, p_PBcm, p_QBcm)
                  .IsNearlyEqualTo(I_Q, 16 * kEps));
  RotationalInertia<double> I = I_P;
  I.ShiftToThenAwayFromCenterOfMassInPlace(mass, p_PBcm, p_QBcm);
  EXPECT_TRUE(I.IsNearlyEqualTo(I_Q, 16 * kEps));
}

// Shift against a direct sum over particles: a box of mass m split into
// n³ equal cells. Each cell is itself a small solid box; its inertia about a
// point Q is its central inertia (SolidBox) shifted by the parallel-axis
// theorem. Adding these up must give exactly the big box's inertia about Q
// (the decomposition is exact, so only rounding remains), and the sum of the
// cells' inertias about their own centers plus the particle terms m_i G(p_i)
// is the same thing written out element by element.
TEST(RotationalInertia, ShiftAgreesWithSumOverParticlesOfABox) {
  const double lx = 0.6, ly = 1.0, lz = 0.3, mass = 2.4;
  const int n = 8;
  const double m_cell = mass / (n * n * n);
  const UnitInertia<double> G_cell =
      UnitInertia<double>::SolidBox(lx / n, ly / n, lz / n);
  const Vector3<double> p_BoQ(0.4, -0.7, 1.1);
  Matrix3<double> I_Q_sum = Matrix3<double>::Zero();
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < n; ++k) {
        const Vector3<double> p_BoCi((i + 0.5) / n * lx - lx / 2,
                                     (j + 0.5) / n * ly - ly / 2,
                                     (k + 0.5) / n * lz - lz / 2);
        const Vector3<double> r = p_BoCi - p_BoQ;  // from Q to the cell
        // Explicit particle term m (|r|² Id − r rᵀ) plus the cell's own
        // central inertia.
        I_Q_sum += m_cell * (r.squaredNorm() * Matrix3<double>::Identity() -
                             r * r.transpose()) +
                   m_cell * G_cell.CopyToFullMatrix3();
      }
  const RotationalInertia<double> I_Q =
      (mass * UnitInertia<double>::SolidBox(lx, ly, lz))
          .ShiftFromCenterOfMass(mass, p_BoQ);
  // 512 terms of size ~1 summed: rounding ~512 ε relative.
  EXPECT_TRUE(I_Q.CopyToFullMatrix3().isApprox(I_Q_sum, 1e-12)) << I_Q << "\n"
                                                                << I_Q_sum;
}

TEST(RotationalInertia, ReExpress) {
  const RotationalInertia<double> I_E(2, 3, 4, 0.1, -0.2, 0.3);
  const RotationMatrix<double> R_AE = SomeRotation();
  const RotationalInertia<double> I_A = I_E.ReExpress(R_AE);
  const Matrix3<double> expected =
      R_AE.matrix() * I_E.CopyToFullMatrix3() * R_AE.matrix().transpose();
  EXPECT_TRUE(I_A.CopyToFullMatrix3().isApprox(expected, 8 * kEps));
  // Stored exactly symmetric.
  EXPECT_EQ(I_A.CopyToFullMatrix3(), I_A.CopyToFullMatrix3().transpose());
  EXPECT_NEAR(I_A.Trace(), I_E.Trace(), 16 * kEps);
  EXPECT_TRUE(I_A.CalcPrincipalMomentsOfInertia().isApprox(
      I_E.CalcPrincipalMomentsOfInertia(), 1e-14));
  // Back again.
  EXPECT_TRUE(I_A.ReExpress(R_AE.inverse()).IsNearlyEqualTo(I_E, 16 * kEps));
}

// Principal moments and axes reconstruct the inertia: I = R diag(λ) Rᵀ.
TEST(RotationalInertia, PrincipalMomentsAndAxesReconstruct) {
  const RotationMatrix<double> R = SomeRotation();
  const RotationalInertia<double> I =
      RotationalInertia<double>(4.5, 2.0, 3.0).ReExpress(R);
  const Vector3<double> moments = I.CalcPrincipalMomentsOfInertia();
  // Eigenvalues of a rotated diagonal matrix: the diagonal, sorted.
  EXPECT_TRUE(moments.isApprox(Vector3<double>(2.0, 3.0, 4.5), 1e-14));
  const auto [moments2, R_EA] = I.CalcPrincipalMomentsAndAxesOfInertia();
  EXPECT_EQ(moments2, moments);
  EXPECT_NEAR(R_EA.matrix().determinant(), 1.0, 1e-14);
  const Matrix3<double> rebuilt =
      R_EA.matrix() * moments2.asDiagonal() * R_EA.matrix().transpose();
  EXPECT_TRUE(rebuilt.isApprox(I.CopyToFullMatrix3(), 1e-14));
  // Each column is an eigenvector for its moment.
  for (int k = 0; k < 3; ++k) {
    EXPECT_TRUE((I * R_EA.col(k)).isApprox(moments2(k) * R_EA.col(k), 1e-13));
  }
  // Equal moments: the identity.
  const auto [m3, R3] =
      RotationalInertia<double>(2, 2, 2).CalcPrincipalMomentsAndAxesOfInertia();
  EXPECT_EQ(m3, Vector3<double>(2, 2, 2));
  EXPECT_TRUE(R3.IsExactlyIdentity());
  // NaN cannot be decomposed.
  EXPECT_THAT(
      [] { RotationalInertia<double>().CalcPrincipalMomentsOfInertia(); },
      ThrowsMessage<std::logic_error>(HasSubstr("NaN")));
}

TEST(RotationalInertia, CastRoundTrip) {
  const RotationalInertia<double> I(2, 3, 4, 0.1, -0.2, 0.3);
  const RotationalInertia<AutoDiffXd> I_ad = I.cast<AutoDiffXd>();
  EXPECT_EQ(ExtractValue(I_ad.CopyToFullMatrix3()), I.CopyToFullMatrix3());
  EXPECT_EQ(I_ad.cast<double>().CopyToFullMatrix3(), I.CopyToFullMatrix3());
}

// ---------------------------------------------------------------------------
// UnitInertia: closed forms by hand and against numerical integration.

TEST(UnitInertia, ClosedFormsByHand) {
  // Closed forms evaluated in a different order: equal to a few ulps.
  EXPECT_TRUE(UnitInertia<double>::SolidBox(1, 2, 3).get_moments().isApprox(
      Vector3<double>(13, 10, 5) / 12, 4 * kEps));
  EXPECT_TRUE(UnitInertia<double>::SolidCube(2).get_moments().isApprox(
      Vector3<double>::Constant(4.0 / 6), 4 * kEps));
  EXPECT_TRUE(UnitInertia<double>::SolidSphere(2).get_moments().isApprox(
      Vector3<double>::Constant(0.4 * 4), kEps));
  EXPECT_TRUE(UnitInertia<double>::HollowSphere(2).get_moments().isApprox(
      Vector3<double>::Constant(4 * 2.0 / 3), kEps));
  EXPECT_TRUE(
      UnitInertia<double>::SolidEllipsoid(1, 2, 3).get_moments().isApprox(
          Vector3<double>(13, 10, 5) / 5, kEps));
  // Ellipsoid with equal semi-axes is the sphere.
  EXPECT_TRUE(UnitInertia<double>::SolidEllipsoid(2, 2, 2).IsNearlyEqualTo(
      UnitInertia<double>::SolidSphere(2), kEps));
  const Vector3<double> z(0, 0, 1);
  EXPECT_TRUE(
      UnitInertia<double>::SolidCylinder(1, 2, z).get_moments().isApprox(
          Vector3<double>(7.0 / 12, 7.0 / 12, 0.5), kEps));
  EXPECT_TRUE(
      UnitInertia<double>::SolidCylinderAboutEnd(1, 2, z)
          .get_moments()
          .isApprox(Vector3<double>(0.25 + 4.0 / 3, 0.25 + 4.0 / 3, 0.5),
                    kEps));
  // Capsule r = 1, L = 2: volumes 2π (cylinder) and 4π/3 (spheres), mass
  // fractions 0.6 and 0.4; axial 0.6·½ + 0.4·⅖ = 0.46; perpendicular
  // 0.6·(3 + 4)/12 + 0.4·(⅖ + 1 + ¾) = 0.35 + 0.86 = 1.21.
  EXPECT_TRUE(UnitInertia<double>::SolidCapsule(1, 2, z).get_moments().isApprox(
      Vector3<double>(1.21, 1.21, 0.46), 4 * kEps));
  EXPECT_TRUE(UnitInertia<double>::ThinRod(3, z).get_moments().isApprox(
      Vector3<double>(0.75, 0.75, 0), kEps));
  EXPECT_EQ(UnitInertia<double>::TriaxiallySymmetric(1.5).get_moments(),
            Vector3<double>::Constant(1.5));
  EXPECT_EQ(UnitInertia<double>::PointMass(Vector3<double>(1, 2, 3))
                .CopyToFullMatrix3(),
            RotationalInertia<double>(1.0, Vector3<double>(1, 2, 3))
                .CopyToFullMatrix3());
}

// An axially symmetric inertia about an arbitrary axis b has moment J about
// b and K about any perpendicular: bᵀ G b = J, uᵀ G u = K for u ⟂ b.
TEST(UnitInertia, AxiallySymmetricAboutArbitraryAxis) {
  const Vector3<double> b = Vector3<double>(1, -2, 2) / 3;
  const Vector3<double> u = Vector3<double>(2, 1, 0).normalized();  // ⟂ b
  const UnitInertia<double> G =
      UnitInertia<double>::AxiallySymmetric(0.3, 0.5, b);
  const Matrix3<double> M = G.CopyToFullMatrix3();
  EXPECT_NEAR(b.dot(M * b), 0.3, 4 * kEps);
  EXPECT_NEAR(u.dot(M * u), 0.5, 4 * kEps);
  EXPECT_NEAR(u.dot(M * b), 0.0, 4 * kEps);
  // The cylinder about a general axis equals the z-axis cylinder rotated so
  // that z maps to b.
  const RotationMatrix<double> R =
      RotationMatrix<double>::MakeFromOneVector(b, 2);
  EXPECT_TRUE(UnitInertia<double>::SolidCylinder(0.4, 1.3, b)
                  .IsNearlyEqualTo(UnitInertia<double>::SolidCylinder(
                                       0.4, 1.3, Vector3<double>(0, 0, 1))
                                       .ReExpress(R),
                                   1e-14));
  EXPECT_TRUE(UnitInertia<double>::StraightLine(0.7, b).IsNearlyEqualTo(
      UnitInertia<double>::AxiallySymmetric(0, 0.7, b), kEps));
}

// Closed forms against numerical integration over the solid: the unit
// inertia is the mean of |r|² Id − r rᵀ over the volume.
TEST(UnitInertia, SolidCylinderMatchesNumericalIntegration) {
  const double r = 0.35, L = 1.2;
  // Midpoint rule in (ρ, φ, z) with weight ρ. The φ sum of cos²/sin² over a
  // uniform periodic grid is exact. Summing the midpoint rule in closed form,
  // the ρ³ integral is off by a relative 1/(2 n²) and the z² integral by
  // 1/n²: 5e-7 and 1e-6 for n = 1000.
  const int n_rho = 1000, n_phi = 8, n_z = 1000;
  Matrix3<double> sum = Matrix3<double>::Zero();
  double weight_sum = 0;
  for (int i = 0; i < n_rho; ++i) {
    const double rho = (i + 0.5) / n_rho * r;
    for (int j = 0; j < n_phi; ++j) {
      const double phi = 2 * std::numbers::pi * j / n_phi;
      for (int k = 0; k < n_z; ++k) {
        const double z = (k + 0.5) / n_z * L - L / 2;
        const Vector3<double> p(rho * std::cos(phi), rho * std::sin(phi), z);
        sum += rho * (p.squaredNorm() * Matrix3<double>::Identity() -
                      p * p.transpose());
        weight_sum += rho;
      }
    }
  }
  const Matrix3<double> G_numerical = sum / weight_sum;
  const Matrix3<double> G =
      UnitInertia<double>::SolidCylinder(r, L, Vector3<double>(0, 0, 1))
          .CopyToFullMatrix3();
  EXPECT_TRUE(G.isApprox(G_numerical, 3e-6)) << G << "\n\n" << G_numerical;
}

// The capsule is a cylinder plus two hemispheres. Each hemisphere, about
// the center F of its flat face, has the same perpendicular and axial unit
// inertia as a whole sphere (2r²/5: by symmetry the two halves of a sphere
// contribute equally); its center of mass is 3r/8 from F. Assemble the
// capsule from these parts with the parallel-axis theorem (an independent
// route to the closed form).
TEST(UnitInertia, SolidCapsuleMatchesAssemblyFromParts) {
  const double r = 0.3, L = 0.9;
  const Vector3<double> z(0, 0, 1);
  const double pi = std::numbers::pi;
  const double m_cyl = pi * r * r * L;               // density 1
  const double m_hemi = 2.0 / 3.0 * pi * r * r * r;  // each
  const double m_total = m_cyl + 2 * m_hemi;
  Matrix3<double> I =
      m_cyl * UnitInertia<double>::SolidCylinder(r, L, z).CopyToFullMatrix3();
  for (double side : {+1.0, -1.0}) {
    // Central inertia of the hemisphere: about F minus the shift F → cm.
    const Vector3<double> p_FHcm = side * 3.0 / 8.0 * r * z;
    const RotationalInertia<double> I_HF =
        m_hemi * UnitInertia<double>::SolidSphere(r);
    const RotationalInertia<double> I_Hcm =
        I_HF.ShiftToCenterOfMass(m_hemi, p_FHcm);
    const Vector3<double> p_OHcm = side * (L / 2) * z + p_FHcm;
    I += I_Hcm.ShiftFromCenterOfMass(m_hemi, p_OHcm).CopyToFullMatrix3();
  }
  const Matrix3<double> G_assembled = I / m_total;
  EXPECT_TRUE(
      UnitInertia<double>::SolidCapsule(r, L, z).CopyToFullMatrix3().isApprox(
          G_assembled, 1e-14));
}

TEST(UnitInertia, InvalidArgumentsThrow) {
  const Vector3<double> z(0, 0, 1);
  EXPECT_THAT(
      [] { UnitInertia<double>::SolidBox(-1, 2, 3); },
      ThrowsMessage<std::logic_error>(AllOf(
          HasSubstr("SolidBox()"), HasSubstr("x-length Lx"), HasSubstr("-1"))));
  EXPECT_THAT([&] { UnitInertia<double>::SolidCylinder(-0.5, 2, z); },
              ThrowsMessage<std::logic_error>(
                  AllOf(HasSubstr("SolidCylinder()"), HasSubstr("radius"))));
  EXPECT_THAT(
      [] {
        UnitInertia<double>::SolidCylinder(1, 2, Vector3<double>(0, 0, 2));
      },
      ThrowsMessage<std::logic_error>(AllOf(
          HasSubstr("SolidCylinder()"),
          HasSubstr("The unit_vector argument 0 0 2 is not a unit vector"))));
  EXPECT_THAT([&] { UnitInertia<double>::ThinRod(0, z); },
              ThrowsMessage<std::logic_error>(
                  HasSubstr("length is not positive and finite: 0")));
  EXPECT_THAT(
      [&] { UnitInertia<double>::AxiallySymmetric(3, 1, z); },
      ThrowsMessage<std::logic_error>(HasSubstr("triangle inequality")));
  EXPECT_THAT([&] { UnitInertia<double>::AxiallySymmetric(-1, 1, z); },
              ThrowsMessage<std::logic_error>(
                  HasSubstr("moment_parallel must be non-negative")));
  EXPECT_THAT([&] { UnitInertia<double>::SolidCapsule(1, -2, z); },
              ThrowsMessage<std::logic_error>(HasSubstr("length")));
  EXPECT_THROW(UnitInertia<double>::SolidSphere(-1), std::logic_error);
  EXPECT_THROW(UnitInertia<double>(1, 2, 10), std::logic_error);
  UnitInertia<double> G;
  EXPECT_THAT(
      [&] {
        G.SetFromRotationalInertia(RotationalInertia<double>(1, 1, 1), 0.0);
      },
      ThrowsMessage<std::logic_error>(HasSubstr("mass is not positive")));
}

TEST(UnitInertia, ShiftsAndSetFromRotationalInertia) {
  const UnitInertia<double> G_cm = UnitInertia<double>::SolidBox(0.2, 0.5, 1);
  const Vector3<double> p(0.3, 0.1, -0.4);
  const UnitInertia<double> G_Q = G_cm.ShiftFromCenterOfMass(p);
  EXPECT_TRUE(G_Q.IsNearlyEqualTo(
      UnitInertia<double>(
          G_cm.RotationalInertia<double>::ShiftFromCenterOfMass(1.0, p)),
      kEps));
  EXPECT_TRUE(G_Q.ShiftToCenterOfMass(p).IsNearlyEqualTo(G_cm, 8 * kEps));
  UnitInertia<double> G;
  G.SetFromRotationalInertia(3.0 * G_Q, 3.0);
  EXPECT_TRUE(G.IsNearlyEqualTo(G_Q, 4 * kEps));
  const UnitInertia<AutoDiffXd> G_ad = G_Q.cast<AutoDiffXd>();
  EXPECT_EQ(ExtractValue(G_ad.CopyToFullMatrix3()), G_Q.CopyToFullMatrix3());
}

}  // namespace rotational_inertia_test
}  // namespace ossa::multibody

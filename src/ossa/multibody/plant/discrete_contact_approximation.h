#pragma once

/// @file
/// The enumerations that select how a discrete MultibodyPlant advances in
/// time (DiscreteContactApproximation, and the legacy DiscreteContactSolver)
/// and which contact model it uses (ContactModel). MultibodyPlantConfig names
/// them by strings ("tamsi", "sap", "similar", "lagged"; "point",
/// "hydroelastic", "hydroelastic_with_fallback").

namespace ossa::multibody {

/// The approximation a discrete MultibodyPlant uses for its time step (see
/// MultibodyPlant::set_discrete_contact_approximation()).
///
/// Without contact the choice still matters, as in the reference:
///  - kTamsi: every non-contact force is explicit (joint damping −D·v[n],
///    joint limits as an explicit penalty force) and PD gains of actuators
///    are ignored (only the feedforward actuation acts).
///  - kSap, kSimilar, kLagged (the convex approximations, solved by the SAP
///    solver): joint damping is implicit, PD-controlled actuators are
///    implicit constraints and joint limits are near-rigid constraints.
///    kSimilar and kLagged differ from kSap only in how friction is
///    approximated, so their contact-free steps are identical.
enum class DiscreteContactApproximation {
  kTamsi,
  kSap,
  kSimilar,
  kLagged,
};

/// (Deprecated) The solver of a discrete MultibodyPlant: kTamsi for
/// DiscreteContactApproximation::kTamsi, kSap for the other approximations.
enum class DiscreteContactSolver {
  kTamsi,
  kSap,
};

/// The contact model (see MultibodyPlant::set_contact_model()) of a
/// continuous plant's contact: kPoint, or kHydroelasticWithFallback (the
/// default), which uses point contact for every pair the reference would not
/// treat hydroelastically and raises "not yet supported" for the others;
/// kHydroelastic raises "not yet supported" when contact is evaluated.
enum class ContactModel {
  kHydroelastic,
  kPoint,
  kHydroelasticWithFallback,
};

}  // namespace ossa::multibody

#include "ossa/bindings.h"
#include "ossa/multibody/tree/multibody_tree_indexes.h"
#include "ossa/type_safe_index_py.h"

namespace nb = nanobind;

namespace ossa::py {

// The index types of ossa.multibody.tree and the well-known indices.
void DefineMultibodyTreeIndexes(nb::module_ m) {
  using namespace ossa::multibody;  // NOLINT(build/namespaces)
  BindTypeSafeIndex<BodyIndex>(
      m, "BodyIndex",
      "Type used to identify bodies by index in a multibody tree system.");
  BindTypeSafeIndex<FrameIndex>(
      m, "FrameIndex",
      "Type used to identify frames by index in a multibody tree system.");
  BindTypeSafeIndex<JointIndex>(
      m, "JointIndex",
      "Type used to identify joints by index within a multibody tree "
      "system.");
  BindTypeSafeIndex<JointActuatorIndex>(
      m, "JointActuatorIndex",
      "Type used to identify actuators by index within a multibody tree "
      "system.");
  BindTypeSafeIndex<ForceElementIndex>(
      m, "ForceElementIndex",
      "Type used to identify force elements by index within a multibody "
      "tree system.");
  BindTypeSafeIndex<ModelInstanceIndex>(
      m, "ModelInstanceIndex",
      "Type used to identify model instances by index within a multibody "
      "tree system.");
  m.def("world_index", &world_index,
        "For every MultibodyTree the world body always has this unique index "
        "and it is always zero.");
  m.def("world_frame_index", &world_frame_index,
        "For every MultibodyTree the world frame always has this unique index "
        "and it is always zero.");
  m.def("world_model_instance", &world_model_instance,
        "Returns the model instance containing the world body (0).");
  m.def("default_model_instance", &default_model_instance,
        "Returns the model instance that elements join when none is given "
        "(1).");
}

}  // namespace ossa::py

#include "ossa/systems/analysis/simulator_status.h"

#include <fmt/format.h>

#include "ossa/common/nice_type_name.h"
#include "ossa/systems/framework/system_base.h"

namespace ossa::systems {

std::string SimulatorStatus::FormatMessage() const {
  if (reason_ == kReachedBoundaryTime) {
    return fmt::format("Simulator successfully reached the boundary time ({}).",
                       boundary_time_);
  }
  const std::string who =
      system_ == nullptr
          ? std::string("the monitor")
          : fmt::format("System '{}'", system_->GetSystemPathname());
  if (reason_ == kReachedTerminationCondition) {
    return fmt::format(
        "Simulator returned early at time {} because {} requested termination "
        "with message: \"{}\"",
        return_time_, who, message_);
  }
  return fmt::format(
      "Simulator stopped at time {} because {} failed with message: \"{}\"",
      return_time_, who, message_);
}

}  // namespace ossa::systems

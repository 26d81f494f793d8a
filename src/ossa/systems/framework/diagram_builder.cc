// Definitions of DiagramBuilder<T>.

#include "ossa/systems/framework/diagram_builder.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include "ossa/common/error.h"

namespace ossa::systems {

template <typename T>
DiagramBuilder<T>::DiagramBuilder() = default;

template <typename T>
DiagramBuilder<T>::~DiagramBuilder() {
  for (auto& s : systems_)
    if (external_.count(s.get())) (void)s.release();
}

template <typename T>
void DiagramBuilder<T>::ThrowIfBuilt(const char* method) const {
  if (already_built_)
    ThrowLogicError(
        "DiagramBuilder::{}(): Build() or BuildInto() has already been called; "
        "this builder cannot be used any more.",
        method);
}

template <typename T>
void DiagramBuilder<T>::ThrowIfNotAddable(const System<T>* system,
                                          const char* method) const {
  ThrowIfBuilt(method);
  if (!system)
    ThrowLogicError("DiagramBuilder::{}(): the system is null.", method);
  if (registered_.count(system))
    ThrowLogicError(
        "DiagramBuilder::{}(): System '{}' has already been added to this "
        "DiagramBuilder.",
        method, system->get_name());
  if (system->get_parent_service() != nullptr)
    ThrowLogicError(
        "DiagramBuilder::{}(): System '{}' already belongs to a Diagram.",
        method, system->GetSystemPathname());
}

template <typename T>
void DiagramBuilder<T>::AddSystemImpl(std::unique_ptr<System<T>> system,
                                      const char* method) {
  try {
    ThrowIfNotAddable(system.get(), method);
  } catch (...) {
    // A system already added or owned by a Diagram has another owner: give
    // this pointer up without destroying the object.
    if (system &&
        (registered_.count(system.get()) || system->get_parent_service()))
      (void)system.release();
    throw;
  }
  if (system->get_name().empty())
    system->set_name(system->GetMemoryObjectName());
  registered_.insert(system.get());
  systems_.push_back(std::move(system));
}

template <typename T>
System<T>* DiagramBuilder<T>::AddExternallyOwnedSystem(
    System<T>* system, std::shared_ptr<void> owner) {
  ThrowIfNotAddable(system, "AddSystem");
  if (system->get_name().empty())
    system->set_name(system->GetMemoryObjectName());
  registered_.insert(system);
  external_.insert(system);
  external_owners_.push_back(std::move(owner));
  external_owned_.push_back(system);
  systems_.emplace_back(system);
  return system;
}

template <typename T>
std::vector<const System<T>*> DiagramBuilder<T>::GetSystems() const {
  std::vector<const System<T>*> result;
  for (const auto& s : systems_) result.push_back(s.get());
  return result;
}

template <typename T>
std::vector<System<T>*> DiagramBuilder<T>::GetMutableSystems() {
  ThrowIfBuilt("GetMutableSystems");
  std::vector<System<T>*> result;
  for (const auto& s : systems_) result.push_back(s.get());
  return result;
}

template <typename T>
bool DiagramBuilder<T>::HasSubsystemNamed(const std::string& name) const {
  for (const auto& s : systems_)
    if (s->get_name() == name) return true;
  return false;
}

template <typename T>
const System<T>& DiagramBuilder<T>::GetSubsystemByName(
    const std::string& name) const {
  const System<T>* found = nullptr;
  std::string names;
  for (const auto& s : systems_) {
    names += (names.empty() ? "" : ", ") + s->get_name();
    if (s->get_name() != name) continue;
    if (found)
      ThrowLogicError(
          "DiagramBuilder::GetSubsystemByName(): the name '{}' is used by more "
          "than "
          "one system.",
          name);
    found = s.get();
  }
  if (!found)
    ThrowLogicError(
        "DiagramBuilder::GetSubsystemByName(): no system named '{}' (valid "
        "names: "
        "{}).",
        name, names.empty() ? "none" : names);
  return *found;
}

template <typename T>
System<T>& DiagramBuilder<T>::GetMutableSubsystemByName(
    const std::string& name) {
  ThrowIfBuilt("GetMutableSubsystemByName");
  return const_cast<System<T>&>(GetSubsystemByName(name));
}

template <typename T>
void DiagramBuilder<T>::ThrowWrongType(const std::string& name,
                                       const std::string& type) const {
  ThrowLogicError(
      "DiagramBuilder::GetDowncastSubsystemByName(): system '{}' is a {}, not "
      "a {}.",
      name, GetSubsystemByName(name).GetSystemType(), type);
}

template <typename T>
void DiagramBuilder<T>::ThrowIfNotRegistered(const char* method,
                                             const System<T>& system,
                                             const PortBase& port) const {
  if (!registered_.count(&system))
    ThrowLogicError(
        "DiagramBuilder::{}(): the {} belongs to System '{}', which has not "
        "been "
        "added to this DiagramBuilder.",
        method, port.GetFullDescription(), system.get_name());
}

template <typename T>
void DiagramBuilder<T>::ThrowIfInputTaken(const char* method,
                                          const InputPort<T>& input) const {
  const InputPortLocator key{&input.get_system(), input.get_index()};
  if (auto it = connection_map_.find(key); it != connection_map_.end()) {
    const auto& src = it->second.first->get_output_port(it->second.second);
    ThrowLogicError(
        "DiagramBuilder::{}(): {} is already connected (to {}); an input port "
        "can "
        "have only one source.",
        method, input.GetFullDescription(), src.GetFullDescription());
  }
  for (size_t i = 0; i < input_port_locators_.size(); ++i)
    for (const auto& loc : input_port_locators_[i])
      if (loc == key)
        ThrowLogicError(
            "DiagramBuilder::{}(): {} is already exported as diagram input "
            "port "
            "'{}'; an input port can have only one source.",
            method, input.GetFullDescription(), input_port_names_[i]);
}

template <typename T>
void DiagramBuilder<T>::ThrowIfIncompatible(
    const char* method, const PortBase& src, const InputPort<T>& dest,
    std::unique_ptr<AbstractValue> src_model) const {
  auto kind = [](PortDataType t) {
    return t == kVectorValued ? "vector-valued" : "abstract-valued";
  };
  if (src.get_data_type() != dest.get_data_type())
    ThrowLogicError("DiagramBuilder::{}(): cannot connect {} ({}) to {} ({}).",
                    method, src.GetFullDescription(), kind(src.get_data_type()),
                    dest.GetFullDescription(), kind(dest.get_data_type()));
  if (src.get_data_type() == kVectorValued) {
    if (src.size() != dest.size())
      ThrowLogicError(
          "DiagramBuilder::{}(): vector size mismatch: {} has size {} but {} "
          "has "
          "size {}.",
          method, src.GetFullDescription(), src.size(),
          dest.GetFullDescription(), dest.size());
  } else {
    auto dest_model = dest.Allocate();
    if (src_model->type_info() != dest_model->type_info())
      ThrowLogicError(
          "DiagramBuilder::{}(): abstract type mismatch: {} produces a {} but "
          "{} "
          "expects a {}.",
          method, src.GetFullDescription(), src_model->GetNiceTypeName(),
          dest.GetFullDescription(), dest_model->GetNiceTypeName());
  }
}

template <typename T>
void DiagramBuilder<T>::Connect(const OutputPort<T>& src,
                                const InputPort<T>& dest) {
  ThrowIfBuilt("Connect");
  ThrowIfNotRegistered("Connect", src.get_system(), src);
  ThrowIfNotRegistered("Connect", dest.get_system(), dest);
  ThrowIfIncompatible("Connect", src, dest, src.Allocate());
  ThrowIfInputTaken("Connect", dest);
  connection_map_[{&dest.get_system(), dest.get_index()}] = {&src.get_system(),
                                                             src.get_index()};
}

template <typename T>
void DiagramBuilder<T>::Connect(const System<T>& src, const System<T>& dest) {
  if (src.num_output_ports() != 1 || dest.num_input_ports() != 1)
    ThrowLogicError(
        "DiagramBuilder::Connect(): connecting systems needs exactly one "
        "output "
        "port on '{}' (it has {}) and one input port on '{}' (it has {}).",
        src.get_name(), src.num_output_ports(), dest.get_name(),
        dest.num_input_ports());
  Connect(src.get_output_port(0), dest.get_input_port(0));
}

template <typename T>
std::string DiagramBuilder<T>::PortNameOrDefault(
    const PortName& name, const PortBase& port, const System<T>& system) const {
  if (std::holds_alternative<std::string>(name) &&
      !std::get<std::string>(name).empty())
    return std::get<std::string>(name);
  return system.get_name() + "_" + port.get_name();
}

template <typename T>
InputPortIndex DiagramBuilder<T>::ExportInput(const InputPort<T>& input,
                                              PortName name) {
  ThrowIfBuilt("ExportInput");
  ThrowIfNotRegistered("ExportInput", input.get_system(), input);
  ThrowIfInputTaken("ExportInput", input);
  const std::string port_name =
      PortNameOrDefault(name, input, input.get_system());
  if (std::find(input_port_names_.begin(), input_port_names_.end(),
                port_name) != input_port_names_.end())
    ThrowLogicError(
        "DiagramBuilder::ExportInput(): the Diagram already has an input port "
        "named "
        "'{}'.",
        port_name);
  input_port_locators_.push_back({{&input.get_system(), input.get_index()}});
  input_port_names_.push_back(port_name);
  return InputPortIndex(static_cast<int>(input_port_names_.size()) - 1);
}

template <typename T>
int DiagramBuilder<T>::num_input_ports() const {
  int count = 0;
  for (const auto& locators : input_port_locators_)
    count += static_cast<int>(locators.size());
  return count;
}

template <typename T>
void DiagramBuilder<T>::ConnectInput(const std::string& diagram_port_name,
                                     const InputPort<T>& input) {
  ThrowIfBuilt("ConnectInput");
  auto it = std::find(input_port_names_.begin(), input_port_names_.end(),
                      diagram_port_name);
  if (it == input_port_names_.end()) {
    std::string names;
    for (const auto& n : input_port_names_)
      names += (names.empty() ? "" : ", ") + n;
    ThrowLogicError(
        "DiagramBuilder::ConnectInput(): the Diagram has no input port named "
        "'{}' "
        "(valid names: {}).",
        diagram_port_name, names.empty() ? "none" : names);
  }
  ConnectInput(InputPortIndex(it - input_port_names_.begin()), input);
}

template <typename T>
void DiagramBuilder<T>::ConnectInput(InputPortIndex diagram_port_index,
                                     const InputPort<T>& input) {
  ThrowIfBuilt("ConnectInput");
  const int num_exported = static_cast<int>(input_port_names_.size());
  if (!diagram_port_index.is_valid() || diagram_port_index >= num_exported)
    ThrowLogicError(
        "DiagramBuilder::ConnectInput(): the Diagram has no input port {} (it "
        "has {}).",
        diagram_port_index.raw(), num_exported);
  ThrowIfNotRegistered("ConnectInput", input.get_system(), input);
  const auto& first = input_port_locators_[diagram_port_index][0];
  const InputPort<T>& model = first.first->get_input_port(first.second);
  ThrowIfIncompatible("ConnectInput", model, input, model.Allocate());
  ThrowIfInputTaken("ConnectInput", input);
  input_port_locators_[diagram_port_index].push_back(
      {&input.get_system(), input.get_index()});
}

template <typename T>
OutputPortIndex DiagramBuilder<T>::ExportOutput(const OutputPort<T>& output,
                                                PortName name) {
  ThrowIfBuilt("ExportOutput");
  ThrowIfNotRegistered("ExportOutput", output.get_system(), output);
  const std::string port_name =
      PortNameOrDefault(name, output, output.get_system());
  if (std::find(output_port_names_.begin(), output_port_names_.end(),
                port_name) != output_port_names_.end())
    ThrowLogicError(
        "DiagramBuilder::ExportOutput(): the Diagram already has an output "
        "port "
        "named '{}'.",
        port_name);
  output_port_locators_.push_back({&output.get_system(), output.get_index()});
  output_port_names_.push_back(port_name);
  return OutputPortIndex(num_output_ports() - 1);
}

template <typename T>
void DiagramBuilder<T>::Disconnect(const OutputPort<T>& source,
                                   const InputPort<T>& dest) {
  ThrowIfBuilt("Disconnect");
  const InputPortLocator key{&dest.get_system(), dest.get_index()};
  const OutputPortLocator value{&source.get_system(), source.get_index()};
  auto it = connection_map_.find(key);
  if (it == connection_map_.end() || it->second != value) {
    ThrowLogicError("DiagramBuilder::Disconnect(): {} is not connected to {}.",
                    source.GetFullDescription(), dest.GetFullDescription());
  }
  connection_map_.erase(it);
}

template <typename T>
bool DiagramBuilder<T>::ConnectToSame(const InputPort<T>& exemplar,
                                      const InputPort<T>& dest) {
  ThrowIfBuilt("ConnectToSame");
  ThrowIfNotRegistered("ConnectToSame", exemplar.get_system(), exemplar);
  ThrowIfNotRegistered("ConnectToSame", dest.get_system(), dest);
  const InputPortLocator key{&exemplar.get_system(), exemplar.get_index()};
  if (auto it = connection_map_.find(key); it != connection_map_.end()) {
    Connect(it->second.first->get_output_port(it->second.second), dest);
    return true;
  }
  for (size_t i = 0; i < input_port_locators_.size(); ++i) {
    for (const auto& loc : input_port_locators_[i]) {
      if (loc == key) {
        ConnectInput(InputPortIndex(static_cast<int>(i)), dest);
        return true;
      }
    }
  }
  return false;
}

template <typename T>
void DiagramBuilder<T>::RemoveSystem(const System<T>& system) {
  ThrowIfBuilt("RemoveSystem");
  const System<T>* const target = &system;
  if (!registered_.count(target)) {
    ThrowLogicError(
        "DiagramBuilder::RemoveSystem(): system '{}' is not in this "
        "builder.",
        system.get_name());
  }
  std::erase_if(connection_map_, [target](const auto& connection) {
    return connection.first.first == target ||
           connection.second.first == target;
  });
  // An exported input port goes when no subsystem port it feeds is left.
  for (size_t i = input_port_locators_.size(); i-- > 0;) {
    auto& locators = input_port_locators_[i];
    std::erase_if(locators,
                  [target](const auto& loc) { return loc.first == target; });
    if (locators.empty()) {
      input_port_locators_.erase(input_port_locators_.begin() + i);
      input_port_names_.erase(input_port_names_.begin() + i);
    }
  }
  for (size_t i = output_port_locators_.size(); i-- > 0;) {
    if (output_port_locators_[i].first == target) {
      output_port_locators_.erase(output_port_locators_.begin() + i);
      output_port_names_.erase(output_port_names_.begin() + i);
    }
  }
  registered_.erase(target);
  auto owned =
      std::find_if(systems_.begin(), systems_.end(),
                   [target](const auto& s) { return s.get() == target; });
  if (external_.count(target)) {
    // The owner deletes the system, possibly at once: drop our pointer
    // first.
    (void)owned->release();
    external_.erase(target);
    const auto k =
        std::find(external_owned_.begin(), external_owned_.end(), target) -
        external_owned_.begin();
    std::shared_ptr<void> owner = std::move(external_owners_[k]);
    external_owners_.erase(external_owners_.begin() + k);
    external_owned_.erase(external_owned_.begin() + k);
    systems_.erase(owned);
    owner.reset();
    return;
  }
  systems_.erase(owned);
}

template <typename T>
bool DiagramBuilder<T>::IsConnectedOrExported(const InputPort<T>& input) const {
  const InputPortLocator key{&input.get_system(), input.get_index()};
  if (connection_map_.count(key)) return true;
  for (const auto& locators : input_port_locators_)
    for (const auto& loc : locators)
      if (loc == key) return true;
  return false;
}

template <typename T>
void DiagramBuilder<T>::ThrowIfNamesNotUnique() const {
  std::set<std::string> seen;
  for (const auto& s : systems_)
    if (!seen.insert(s->get_name()).second)
      ThrowLogicError(
          "DiagramBuilder::Build(): the system name '{}' is used by more than "
          "one "
          "subsystem; names must be unique within a Diagram.",
          s->get_name());
}

template <typename T>
void DiagramBuilder<T>::ThrowIfAlgebraicLoops() const {
  // Nodes: every input port then every output port of every system; edges:
  // input -> output through direct feedthrough, output -> input through a
  // connection. A cycle is an algebraic loop.
  const int n = static_cast<int>(systems_.size());
  std::map<const System<T>*, int> index;
  std::vector<int> in_base(n), out_base(n);
  int count = 0;
  for (int i = 0; i < n; ++i) {
    index[systems_[i].get()] = i;
    in_base[i] = count;
    count += systems_[i]->num_input_ports();
    out_base[i] = count;
    count += systems_[i]->num_output_ports();
  }
  std::vector<std::vector<int>> adj(count);
  std::vector<std::string> label(count);
  for (int i = 0; i < n; ++i) {
    const System<T>& s = *systems_[i];
    for (int k = 0; k < s.num_input_ports(); ++k)
      label[in_base[i] + k] =
          s.get_name() + ":" + s.get_input_port(k).get_name();
    for (int o = 0; o < s.num_output_ports(); ++o)
      label[out_base[i] + o] =
          s.get_name() + ":" + s.get_output_port(o).get_name();
    for (const auto& [k, o] : s.GetDirectFeedthroughs())
      adj[in_base[i] + k].push_back(out_base[i] + o);
  }
  for (const auto& [in, out] : connection_map_)
    adj[out_base[index.at(out.first)] + out.second].push_back(
        in_base[index.at(in.first)] + in.second);
  std::vector<int> color(count, 0), stack;
  std::function<void(int)> visit = [&](int v) {
    color[v] = 1;
    stack.push_back(v);
    for (int w : adj[v]) {
      if (color[w] == 1) {
        std::string path;
        auto it = std::find(stack.begin(), stack.end(), w);
        for (; it != stack.end(); ++it) path += label[*it] + " -> ";
        path += label[w];
        ThrowLogicError(
            "DiagramBuilder::Build(): an algebraic loop was detected: {}. "
            "Break it "
            "with a system that has no direct feedthrough (or declare narrower "
            "output prerequisites).",
            path);
      }
      if (color[w] == 0) visit(w);
    }
    stack.pop_back();
    color[v] = 2;
  };
  for (int v = 0; v < count; ++v)
    if (color[v] == 0) visit(v);
}

template <typename T>
void DiagramBuilder<T>::BuildInto(Diagram<T>* target) {
  ThrowIfBuilt("BuildInto");
  if (!target) ThrowLogicError("DiagramBuilder::BuildInto(): target is null.");
  if (target->num_subsystems() != 0)
    ThrowLogicError(
        "DiagramBuilder::BuildInto(): the target Diagram is already built.");
  ThrowIfNamesNotUnique();
  ThrowIfAlgebraicLoops();
  auto blueprint = std::make_unique<typename Diagram<T>::Blueprint>();
  blueprint->systems = std::move(systems_);
  blueprint->connection_map = connection_map_;
  blueprint->input_port_locators = input_port_locators_;
  blueprint->input_port_names = input_port_names_;
  blueprint->output_port_locators = output_port_locators_;
  blueprint->output_port_names = output_port_names_;
  blueprint->external = std::move(external_);
  blueprint->external_owners = std::move(external_owners_);
  already_built_ = true;
  target->Initialize(std::move(blueprint));
}

template <typename T>
std::unique_ptr<Diagram<T>> DiagramBuilder<T>::Build() {
  ThrowIfBuilt("Build");
  std::unique_ptr<Diagram<T>> diagram(new Diagram<T>());
  BuildInto(diagram.get());
  return diagram;
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::DiagramBuilder);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::DiagramBuilder);

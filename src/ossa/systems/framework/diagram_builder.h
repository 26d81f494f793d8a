#pragma once

/// @file
/// DiagramBuilder<T>: assembles a Diagram: add subsystems, connect output
/// ports to input ports, export ports as the Diagram's own, then Build().
/// Every wiring mistake throws std::logic_error at the call that makes it
/// (unknown system, vector size or abstract type mismatch, input connected
/// twice, ...) or, for algebraic loops and duplicate names, at Build().

#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "ossa/systems/framework/diagram.h"

namespace ossa::systems {

template <typename T>
class DiagramBuilder {
 public:
  using InputPortLocator = typename Diagram<T>::InputPortLocator;
  using OutputPortLocator = typename Diagram<T>::OutputPortLocator;
  using PortName = std::variant<std::string, UseDefaultName>;

  DiagramBuilder(const DiagramBuilder&) = delete;
  DiagramBuilder& operator=(const DiagramBuilder&) = delete;
  DiagramBuilder();
  ~DiagramBuilder();

  /// @name Adding systems
  /// Each takes ownership and returns the system. A system without a name
  /// gets its GetMemoryObjectName(). Throws if the system is null or was
  /// already added.
  /// @{
  template <class S>
  S* AddSystem(std::unique_ptr<S> system) {
    S* raw = system.get();
    AddSystemImpl(std::unique_ptr<System<T>>(system.release()), "AddSystem");
    return raw;
  }
  template <class S, typename... Args>
  S* AddSystem(Args&&... args) {
    return AddSystem(std::make_unique<S>(std::forward<Args>(args)...));
  }
  template <template <typename> class S, typename... Args>
  S<T>* AddSystem(Args&&... args) {
    return AddSystem(std::make_unique<S<T>>(std::forward<Args>(args)...));
  }
  template <class S>
  S* AddNamedSystem(const std::string& name, std::unique_ptr<S> system) {
    if (system) system->set_name(name);
    return AddSystem(std::move(system));
  }
  template <class S, typename... Args>
  S* AddNamedSystem(const std::string& name, Args&&... args) {
    return AddNamedSystem(name,
                          std::make_unique<S>(std::forward<Args>(args)...));
  }
  template <template <typename> class S, typename... Args>
  S<T>* AddNamedSystem(const std::string& name, Args&&... args) {
    return AddNamedSystem(name,
                          std::make_unique<S<T>>(std::forward<Args>(args)...));
  }
  /// @}

  /// (Internal, for language bindings) Adds a system owned elsewhere (by a
  /// Python object, say): the Diagram never deletes it, and holds `owner`
  /// (whose destruction releases the system) as long as it lives.
  System<T>* AddExternallyOwnedSystem(System<T>* system,
                                      std::shared_ptr<void> owner);

  bool empty() const { return systems_.empty(); }
  bool already_built() const { return already_built_; }
  std::vector<const System<T>*> GetSystems() const;
  std::vector<System<T>*> GetMutableSystems();
  bool HasSubsystemNamed(const std::string& name) const;
  /// Throws (listing the valid names) if there is no such system, or if the
  /// name is used more than once.
  const System<T>& GetSubsystemByName(const std::string& name) const;
  System<T>& GetMutableSubsystemByName(const std::string& name);
  template <template <typename> class S>
  const S<T>& GetDowncastSubsystemByName(const std::string& name) const {
    const auto* result = dynamic_cast<const S<T>*>(&GetSubsystemByName(name));
    if (!result) ThrowWrongType(name, NiceTypeName<S<T>>());
    return *result;
  }
  template <template <typename> class S>
  S<T>& GetMutableDowncastSubsystemByName(const std::string& name) {
    return const_cast<S<T>&>(GetDowncastSubsystemByName<S>(name));
  }

  /// @name Wiring
  /// @{
  /// Connects `src` to `dest`. Throws if either system is not in this
  /// builder, if the data types, vector sizes or abstract value types differ,
  /// or if `dest` is already connected or exported.
  void Connect(const OutputPort<T>& src, const InputPort<T>& dest);
  /// Connects the only output port of `src` to the only input port of `dest`.
  void Connect(const System<T>& src, const System<T>& dest);
  /// Same as Connect(src, dest) (the reference's spelling for chains).
  void Cascade(const System<T>& src, const System<T>& dest) {
    Connect(src, dest);
  }
  /// Makes `input` an input port of the Diagram; the default name is
  /// "<system>_<port>". Throws if the name is taken or `input` is already
  /// connected or exported.
  InputPortIndex ExportInput(const InputPort<T>& input,
                             PortName name = kUseDefaultName);
  /// Feeds `input` from the Diagram input port `diagram_port_name` as well.
  void ConnectInput(const std::string& diagram_port_name,
                    const InputPort<T>& input);
  void ConnectInput(InputPortIndex diagram_port_index,
                    const InputPort<T>& input);
  /// Makes `output` an output port of the Diagram ("<system>_<port>" by
  /// default).
  OutputPortIndex ExportOutput(const OutputPort<T>& output,
                               PortName name = kUseDefaultName);
  /// Undoes Connect(source, dest). Throws std::logic_error if `dest` is not
  /// connected to `source`.
  void Disconnect(const OutputPort<T>& source, const InputPort<T>& dest);
  /// Connects `dest` to the source of `exemplar`: the same output port, or
  /// the same Diagram input port if `exemplar` is exported; does nothing
  /// (and returns false) if `exemplar` has no source. Throws as Connect() and
  /// ConnectInput() do.
  bool ConnectToSame(const InputPort<T>& exemplar, const InputPort<T>& dest);
  /// True if `input` is connected to an output or exported.
  bool IsConnectedOrExported(const InputPort<T>& input) const;
  /// The number of input-port connections made so far: one per
  /// ExportInput() and one per ConnectInput(). It exceeds the built Diagram's
  /// number of input ports when one Diagram input feeds several subsystem
  /// inputs, as the reference counts it.
  int num_input_ports() const;
  int num_output_ports() const {
    return static_cast<int>(output_port_names_.size());
  }
  const std::map<InputPortLocator, OutputPortLocator>& connection_map() const {
    return connection_map_;
  }
  /// @}

  /// Removes `system` (deleting it, or releasing it to its owner if it was
  /// added by AddExternallyOwnedSystem), its connections and its exported
  /// ports; the Diagram ports exported after them move down to fill the gaps.
  /// Throws std::logic_error if `system` is not in this builder.
  void RemoveSystem(const System<T>& system);

  /// The Diagram. Throws on duplicate subsystem names or an algebraic loop
  /// (a cycle through direct-feedthrough ports and connections); the builder
  /// cannot be used afterwards.
  std::unique_ptr<Diagram<T>> Build();
  /// Fills `target` (a Diagram subclass under construction) instead.
  void BuildInto(Diagram<T>* target);

 private:
  void AddSystemImpl(std::unique_ptr<System<T>> system, const char* method);
  // Throws unless `system` may be added (not null, not added, not in a
  // Diagram).
  void ThrowIfNotAddable(const System<T>* system, const char* method) const;
  void ThrowIfBuilt(const char* method) const;
  void ThrowIfNotRegistered(const char* method, const System<T>& system,
                            const PortBase& port) const;
  void ThrowIfInputTaken(const char* method, const InputPort<T>& input) const;
  void ThrowIfIncompatible(const char* method, const PortBase& src,
                           const InputPort<T>& dest,
                           std::unique_ptr<AbstractValue> src_model) const;
  [[noreturn]] void ThrowWrongType(const std::string& name,
                                   const std::string& type) const;
  void ThrowIfNamesNotUnique() const;
  void ThrowIfAlgebraicLoops() const;
  std::string PortNameOrDefault(const PortName& name, const PortBase& port,
                                const System<T>& system) const;

  std::vector<std::unique_ptr<System<T>>> systems_;
  std::set<const System<T>*> registered_;
  std::map<InputPortLocator, OutputPortLocator> connection_map_;
  std::vector<std::vector<InputPortLocator>> input_port_locators_;
  std::vector<std::string> input_port_names_;
  std::vector<OutputPortLocator> output_port_locators_;
  std::vector<std::string> output_port_names_;
  std::set<const System<T>*> external_;
  std::vector<std::shared_ptr<void>> external_owners_;
  // The system each of external_owners_ keeps alive.
  std::vector<const System<T>*> external_owned_;
  bool already_built_{false};
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::DiagramBuilder);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::DiagramBuilder);

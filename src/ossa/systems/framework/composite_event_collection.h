#pragma once

/// @file
/// CompositeEventCollection<T>: the publish, discrete-update and
/// unrestricted-update events that are due together (for example at the
/// next update time returned by System::CalcNextUpdateTime).
/// LeafCompositeEventCollection holds a LeafSystem's events;
/// DiagramCompositeEventCollection holds one composite per subsystem.

#include <memory>
#include <vector>

#include "ossa/systems/framework/event.h"
#include "ossa/systems/framework/event_collection.h"

namespace ossa::systems {

template <typename T>
class CompositeEventCollection {
 public:
  CompositeEventCollection(const CompositeEventCollection&) = delete;
  CompositeEventCollection& operator=(const CompositeEventCollection&) = delete;
  virtual ~CompositeEventCollection() = default;

  void Clear() {
    publish_->Clear();
    discrete_->Clear();
    unrestricted_->Clear();
  }
  bool HasEvents() const {
    return HasPublishEvents() || HasDiscreteUpdateEvents() ||
           HasUnrestrictedUpdateEvents();
  }
  bool HasPublishEvents() const { return publish_->HasEvents(); }
  bool HasDiscreteUpdateEvents() const { return discrete_->HasEvents(); }
  bool HasUnrestrictedUpdateEvents() const {
    return unrestricted_->HasEvents();
  }

  /// Adds a copy of an event (leaf collections only).
  void AddPublishEvent(PublishEvent<T> event) {
    publish_->AddEvent(std::move(event));
  }
  void AddDiscreteUpdateEvent(DiscreteUpdateEvent<T> event) {
    discrete_->AddEvent(std::move(event));
  }
  void AddUnrestrictedUpdateEvent(UnrestrictedUpdateEvent<T> event) {
    unrestricted_->AddEvent(std::move(event));
  }

  /// Appends all events of `other` (same structure).
  void AddToEnd(const CompositeEventCollection<T>& other) {
    publish_->AddToEnd(*other.publish_);
    discrete_->AddToEnd(*other.discrete_);
    unrestricted_->AddToEnd(*other.unrestricted_);
  }
  void SetFrom(const CompositeEventCollection<T>& other) {
    Clear();
    AddToEnd(other);
  }

  const EventCollection<PublishEvent<T>>& get_publish_events() const {
    return *publish_;
  }
  const EventCollection<DiscreteUpdateEvent<T>>& get_discrete_update_events()
      const {
    return *discrete_;
  }
  const EventCollection<UnrestrictedUpdateEvent<T>>&
  get_unrestricted_update_events() const {
    return *unrestricted_;
  }
  EventCollection<PublishEvent<T>>& get_mutable_publish_events() {
    return *publish_;
  }
  EventCollection<DiscreteUpdateEvent<T>>&
  get_mutable_discrete_update_events() {
    return *discrete_;
  }
  EventCollection<UnrestrictedUpdateEvent<T>>&
  get_mutable_unrestricted_update_events() {
    return *unrestricted_;
  }

 protected:
  CompositeEventCollection(
      std::unique_ptr<EventCollection<PublishEvent<T>>> pub,
      std::unique_ptr<EventCollection<DiscreteUpdateEvent<T>>> dis,
      std::unique_ptr<EventCollection<UnrestrictedUpdateEvent<T>>> unr)
      : publish_(std::move(pub)),
        discrete_(std::move(dis)),
        unrestricted_(std::move(unr)) {}

 private:
  std::unique_ptr<EventCollection<PublishEvent<T>>> publish_;
  std::unique_ptr<EventCollection<DiscreteUpdateEvent<T>>> discrete_;
  std::unique_ptr<EventCollection<UnrestrictedUpdateEvent<T>>> unrestricted_;
};

template <typename T>
class LeafCompositeEventCollection final : public CompositeEventCollection<T> {
 public:
  LeafCompositeEventCollection()
      : CompositeEventCollection<T>(
            std::make_unique<LeafEventCollection<PublishEvent<T>>>(),
            std::make_unique<LeafEventCollection<DiscreteUpdateEvent<T>>>(),
            std::make_unique<
                LeafEventCollection<UnrestrictedUpdateEvent<T>>>()) {}

  const LeafEventCollection<PublishEvent<T>>& get_publish_events() const {
    return static_cast<const LeafEventCollection<PublishEvent<T>>&>(
        CompositeEventCollection<T>::get_publish_events());
  }
  const LeafEventCollection<DiscreteUpdateEvent<T>>&
  get_discrete_update_events() const {
    return static_cast<const LeafEventCollection<DiscreteUpdateEvent<T>>&>(
        CompositeEventCollection<T>::get_discrete_update_events());
  }
  const LeafEventCollection<UnrestrictedUpdateEvent<T>>&
  get_unrestricted_update_events() const {
    return static_cast<const LeafEventCollection<UnrestrictedUpdateEvent<T>>&>(
        CompositeEventCollection<T>::get_unrestricted_update_events());
  }
  LeafEventCollection<PublishEvent<T>>& get_mutable_publish_events() {
    return static_cast<LeafEventCollection<PublishEvent<T>>&>(
        CompositeEventCollection<T>::get_mutable_publish_events());
  }
  LeafEventCollection<DiscreteUpdateEvent<T>>&
  get_mutable_discrete_update_events() {
    return static_cast<LeafEventCollection<DiscreteUpdateEvent<T>>&>(
        CompositeEventCollection<T>::get_mutable_discrete_update_events());
  }
  LeafEventCollection<UnrestrictedUpdateEvent<T>>&
  get_mutable_unrestricted_update_events() {
    return static_cast<LeafEventCollection<UnrestrictedUpdateEvent<T>>&>(
        CompositeEventCollection<T>::get_mutable_unrestricted_update_events());
  }
};

template <typename T>
class DiagramCompositeEventCollection final
    : public CompositeEventCollection<T> {
 public:
  /// Takes one composite collection per subsystem.
  explicit DiagramCompositeEventCollection(
      std::vector<std::unique_ptr<CompositeEventCollection<T>>> subevents)
      : CompositeEventCollection<T>(
            std::make_unique<DiagramEventCollection<PublishEvent<T>>>(
                static_cast<int>(subevents.size())),
            std::make_unique<DiagramEventCollection<DiscreteUpdateEvent<T>>>(
                static_cast<int>(subevents.size())),
            std::make_unique<
                DiagramEventCollection<UnrestrictedUpdateEvent<T>>>(
                static_cast<int>(subevents.size()))),
        subevents_(std::move(subevents)) {
    auto& pub = static_cast<DiagramEventCollection<PublishEvent<T>>&>(
        this->get_mutable_publish_events());
    auto& dis = static_cast<DiagramEventCollection<DiscreteUpdateEvent<T>>&>(
        this->get_mutable_discrete_update_events());
    auto& unr =
        static_cast<DiagramEventCollection<UnrestrictedUpdateEvent<T>>&>(
            this->get_mutable_unrestricted_update_events());
    for (int i = 0; i < num_subsystems(); ++i) {
      pub.set_subevent_collection(i,
                                  &subevents_[i]->get_mutable_publish_events());
      dis.set_subevent_collection(
          i, &subevents_[i]->get_mutable_discrete_update_events());
      unr.set_subevent_collection(
          i, &subevents_[i]->get_mutable_unrestricted_update_events());
    }
  }

  int num_subsystems() const { return static_cast<int>(subevents_.size()); }
  const CompositeEventCollection<T>& get_subevent_collection(int index) const {
    return *subevents_.at(index);
  }
  CompositeEventCollection<T>& get_mutable_subevent_collection(int index) {
    return *subevents_.at(index);
  }

 private:
  std::vector<std::unique_ptr<CompositeEventCollection<T>>> subevents_;
};

template <typename T>
void PublishEvent<T>::AddToComposite(
    CompositeEventCollection<T>* events) const {
  auto* leaf = dynamic_cast<LeafEventCollection<PublishEvent<T>>*>(
      &events->get_mutable_publish_events());
  if (!leaf)
    ThrowLogicError("PublishEvent::AddToComposite(): not a leaf collection.");
  leaf->AddEventPointer(this);
}

template <typename T>
void DiscreteUpdateEvent<T>::AddToComposite(
    CompositeEventCollection<T>* events) const {
  auto* leaf = dynamic_cast<LeafEventCollection<DiscreteUpdateEvent<T>>*>(
      &events->get_mutable_discrete_update_events());
  if (!leaf)
    ThrowLogicError(
        "DiscreteUpdateEvent::AddToComposite(): not a leaf collection.");
  leaf->AddEventPointer(this);
}

template <typename T>
void UnrestrictedUpdateEvent<T>::AddToComposite(
    CompositeEventCollection<T>* events) const {
  auto* leaf = dynamic_cast<LeafEventCollection<UnrestrictedUpdateEvent<T>>*>(
      &events->get_mutable_unrestricted_update_events());
  if (!leaf)
    ThrowLogicError(
        "UnrestrictedUpdateEvent::AddToComposite(): not a leaf collection.");
  leaf->AddEventPointer(this);
}

}  // namespace ossa::systems

#pragma once

/// @file
/// Collections of events of one kind: EventCollection (interface),
/// LeafEventCollection (a LeafSystem's events) and DiagramEventCollection
/// (one sub-collection per subsystem). A leaf collection keeps pointers to
/// the events, so gathering a System's declared events allocates nothing
/// once the collection has grown to size; events added by value are owned.

#include <memory>
#include <vector>

#include "ossa/common/error.h"

namespace ossa::systems {

template <typename EventType>
class EventCollection {
 public:
  EventCollection(const EventCollection&) = delete;
  EventCollection& operator=(const EventCollection&) = delete;
  virtual ~EventCollection() = default;

  /// Removes all events.
  virtual void Clear() = 0;
  /// True if there is at least one event (in any sub-collection).
  virtual bool HasEvents() const = 0;
  /// Adds a copy of `event` (leaf collections only; throws for a diagram's).
  virtual void AddEvent(EventType event) = 0;
  /// Appends the events of `other` (same structure) to this.
  virtual void AddToEnd(const EventCollection<EventType>& other) = 0;
  /// Makes this a copy of `other`.
  void SetFrom(const EventCollection<EventType>& other) {
    Clear();
    AddToEnd(other);
  }

 protected:
  EventCollection() = default;
};

template <typename EventType>
class LeafEventCollection final : public EventCollection<EventType> {
 public:
  LeafEventCollection() = default;

  /// The events, in the order added.
  const std::vector<const EventType*>& get_events() const { return events_; }
  void Clear() final {
    events_.clear();
    owned_.clear();
  }
  bool HasEvents() const final { return !events_.empty(); }
  void AddEvent(EventType event) final {
    owned_.push_back(std::make_unique<EventType>(std::move(event)));
    events_.push_back(owned_.back().get());
  }
  /// (Internal) Adds `event` without copying; it must outlive this use.
  void AddEventPointer(const EventType* event) { events_.push_back(event); }
  void AddToEnd(const EventCollection<EventType>& other) final {
    const auto* leaf =
        dynamic_cast<const LeafEventCollection<EventType>*>(&other);
    if (!leaf)
      ThrowLogicError(
          "LeafEventCollection::AddToEnd(): the other collection is not a leaf "
          "collection.");
    for (const EventType* e : leaf->events_) {
      // Keep ownership semantics: events the other owns are copied.
      bool owned = false;
      for (const auto& o : leaf->owned_) owned = owned || o.get() == e;
      if (owned) {
        AddEvent(*e);
      } else {
        events_.push_back(e);
      }
    }
  }

 private:
  std::vector<const EventType*> events_;
  std::vector<std::unique_ptr<EventType>> owned_;
};

template <typename EventType>
class DiagramEventCollection final : public EventCollection<EventType> {
 public:
  /// A collection with `num_subsystems` unset sub-collections.
  explicit DiagramEventCollection(int num_subsystems)
      : subevents_(num_subsystems, nullptr) {}

  int num_subsystems() const { return static_cast<int>(subevents_.size()); }
  /// (Internal) Sets sub-collection `index` (not owned).
  void set_subevent_collection(int index,
                               EventCollection<EventType>* collection) {
    subevents_.at(index) = collection;
  }
  const EventCollection<EventType>& get_subevent_collection(int index) const {
    return *subevents_.at(index);
  }
  EventCollection<EventType>& get_mutable_subevent_collection(int index) {
    return *subevents_.at(index);
  }
  void Clear() final {
    for (auto* s : subevents_) s->Clear();
  }
  bool HasEvents() const final {
    for (auto* s : subevents_)
      if (s->HasEvents()) return true;
    return false;
  }
  void AddEvent(EventType) final {
    ThrowLogicError(
        "DiagramEventCollection::AddEvent(): add events to a subsystem's "
        "collection.");
  }
  void AddToEnd(const EventCollection<EventType>& other) final {
    const auto* d =
        dynamic_cast<const DiagramEventCollection<EventType>*>(&other);
    if (!d || d->num_subsystems() != num_subsystems())
      ThrowLogicError(
          "DiagramEventCollection::AddToEnd(): the collections differ in "
          "structure.");
    for (int i = 0; i < num_subsystems(); ++i)
      subevents_[i]->AddToEnd(*d->subevents_[i]);
  }

 private:
  std::vector<EventCollection<EventType>*> subevents_;
};

}  // namespace ossa::systems

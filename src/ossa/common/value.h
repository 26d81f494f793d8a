#pragma once

/// @file
/// AbstractValue and Value<T>: a type-erased value holder. Abstract-valued
/// ports, abstract state and abstract parameters of the systems framework
/// hold their data as AbstractValue, and code gets it back with
/// get_value<T>(), which checks the type and throws with both type names on
/// a mismatch.

#include <memory>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <utility>

#include "ossa/common/nice_type_name.h"

namespace ossa {

template <typename T>
class Value;

class AbstractValue {
 public:
  virtual ~AbstractValue();

  /// Makes a Value<T> holding a copy of `value`.
  template <typename T>
  static std::unique_ptr<AbstractValue> Make(const T& value) {
    return std::make_unique<Value<T>>(value);
  }
  /// Makes a Value<T> holding a default-constructed T.
  template <typename T>
  static std::unique_ptr<AbstractValue> Make() {
    return std::make_unique<Value<T>>();
  }

  /// The held value; throws std::logic_error if this is not a Value<T>.
  template <typename T>
  const T& get_value() const {
    return checked_cast<T>("get_value").get_value();
  }
  template <typename T>
  T& get_mutable_value() {
    return const_cast<Value<T>&>(checked_cast<T>("get_mutable_value"))
        .get_mutable_value();
  }
  template <typename T>
  void set_value(const T& v) {
    const_cast<Value<T>&>(checked_cast<T>("set_value")).set_value(v);
  }
  /// The held value, or nullptr if this is not a Value<T>.
  template <typename T>
  const T* maybe_get_value() const {
    if (type_info() != typeid(T)) return nullptr;
    return &static_cast<const Value<T>&>(*this).get_value();
  }
  template <typename T>
  T* maybe_get_mutable_value() {
    if (type_info() != typeid(T)) return nullptr;
    return &static_cast<Value<T>&>(*this).get_mutable_value();
  }

  virtual std::unique_ptr<AbstractValue> Clone() const = 0;
  /// Copies the value of `other` into this; throws if the types differ.
  virtual void SetFrom(const AbstractValue& other) = 0;
  /// The typeid of the held T.
  virtual const std::type_info& type_info() const = 0;
  /// The readable name of the held T.
  std::string GetNiceTypeName() const;

 protected:
  AbstractValue() = default;
  [[noreturn]] void ThrowCastError(const char* method,
                                   const std::type_info& requested) const;

 private:
  template <typename T>
  const Value<T>& checked_cast(const char* method) const {
    if (type_info() != typeid(T)) [[unlikely]]
      ThrowCastError(method, typeid(T));
    return static_cast<const Value<T>&>(*this);
  }
};

/// Holds a T (copyable, or cloneable through a `Clone()` returning
/// unique_ptr<T>; for now copyable types only).
template <typename T>
class Value final : public AbstractValue {
  static_assert(std::is_copy_constructible_v<T>,
                "Value<T> needs a copy-constructible T");

 public:
  Value() : value_() {}
  explicit Value(const T& v) : value_(v) {}
  explicit Value(T&& v) : value_(std::move(v)) {}
  /// Forwards constructor arguments to T's constructor.
  template <typename Arg1, typename... Args,
            typename = std::enable_if_t<
                !std::is_same_v<std::decay_t<Arg1>, T> &&
                std::is_constructible_v<T, Arg1, Args...>>>
  explicit Value(Arg1&& arg1, Args&&... args)
      : value_(std::forward<Arg1>(arg1), std::forward<Args>(args)...) {}

  const T& get_value() const { return value_; }
  T& get_mutable_value() { return value_; }
  void set_value(const T& v) { value_ = v; }

  std::unique_ptr<AbstractValue> Clone() const override {
    return std::make_unique<Value<T>>(value_);
  }
  void SetFrom(const AbstractValue& other) override {
    value_ = other.get_value<T>();
  }
  const std::type_info& type_info() const override { return typeid(T); }

 private:
  T value_;
};

}  // namespace ossa

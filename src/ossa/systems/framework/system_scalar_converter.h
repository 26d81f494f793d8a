#pragma once

/// @file
/// SystemScalarConverter: the table of functions that turn a System<U> into
/// the same system on another scalar T (double <-> AutoDiffXd, and both <->
/// symbolic::Expression for the systems instantiated on it). A System
/// template S declares support by passing SystemTypeTag<S>() to its base and
/// having a constructor `template <typename U> explicit S(const S<U>& other)`;
/// it converts to and from Expression when it also specializes
/// scalar_conversion::SupportsSymbolic<S> to std::true_type.

#include <functional>
#include <map>
#include <memory>
#include <type_traits>
#include <typeindex>
#include <typeinfo>
#include <utility>

#include "ossa/common/autodiff.h"
#include "ossa/common/error.h"
#include "ossa/common/nice_type_name.h"
#include "ossa/common/symbolic/expression.h"
#include "ossa/systems/framework/system_type_tag.h"

namespace ossa::systems {

template <typename T>
class System;

namespace scalar_conversion {
/// Whether system template S is instantiated on symbolic::Expression, so
/// that SystemScalarConverter(SystemTypeTag<S>) adds the conversions to and
/// from it. The default is no: a system whose template is not instantiated
/// on Expression could not be converted to it. A system that is specializes
/// this beside its class:
///   template <> struct scalar_conversion::SupportsSymbolic<Gain>
///       : std::true_type {};
template <template <typename> class S>
struct SupportsSymbolic : std::false_type {};
}  // namespace scalar_conversion

class SystemScalarConverter {
 public:
  /// No conversions.
  SystemScalarConverter() = default;
  /// The conversions S supports among double and AutoDiffXd, and to and
  /// from symbolic::Expression when scalar_conversion::SupportsSymbolic<S>.
  template <template <typename> class S>
  explicit SystemScalarConverter(SystemTypeTag<S>) {
    AddIfSupported<S, AutoDiffXd, double>();
    AddIfSupported<S, double, AutoDiffXd>();
    if constexpr (scalar_conversion::SupportsSymbolic<S>::value) {
      AddIfSupported<S, symbolic::Expression, double>();
      AddIfSupported<S, symbolic::Expression, AutoDiffXd>();
      AddIfSupported<S, double, symbolic::Expression>();
      AddIfSupported<S, AutoDiffXd, symbolic::Expression>();
    }
  }

  /// Adds the conversion S<U> -> S<T> if S<T> is constructible from S<U>.
  template <template <typename> class S, typename T, typename U>
  void AddIfSupported() {
    if constexpr (std::is_constructible_v<S<T>, const S<U>&>) {
      funcs_[Key<T, U>()] = [](const void* bare) -> void* {
        const System<U>& other = *static_cast<const System<U>*>(bare);
        if (typeid(other) != typeid(S<U>)) {
          ThrowLogicError(
              "System scalar conversion: the object is a {} but the conversion "
              "was declared "
              "by {}; a subclass must declare its own SystemTypeTag to be "
              "converted.",
              NiceTypeNameFromTypeInfo(typeid(other)), NiceTypeName<S<U>>());
        }
        System<T>* result = new S<T>(static_cast<const S<U>&>(other));
        return result;
      };
    }
  }

  bool empty() const { return funcs_.empty(); }

  /// True if a System<U> can be converted to a System<T>.
  template <typename T, typename U>
  bool IsConvertible() const {
    return funcs_.count(Key<T, U>()) > 0;
  }

  /// Converts `other`, or returns nullptr if the conversion is unsupported.
  template <typename T, typename U>
  std::unique_ptr<System<T>> Convert(const System<U>& other) const {
    auto it = funcs_.find(Key<T, U>());
    if (it == funcs_.end()) return nullptr;
    return std::unique_ptr<System<T>>(
        static_cast<System<T>*>(it->second(&other)));
  }

  /// (Internal) Adds a type-erased conversion U -> T.
  template <typename T, typename U>
  void Insert(std::function<System<T>*(const System<U>&)> func) {
    funcs_[Key<T, U>()] = [func](const void* bare) -> void* {
      return func(*static_cast<const System<U>*>(bare));
    };
  }

 private:
  using Pair = std::pair<std::type_index, std::type_index>;
  template <typename T, typename U>
  static Pair Key() {
    return {std::type_index(typeid(T)), std::type_index(typeid(U))};
  }
  std::map<Pair, std::function<void*(const void*)>> funcs_;
};

}  // namespace ossa::systems

#pragma once

/// @file
/// Readable C++ type names for error messages ("std::vector<double>", not a
/// mangled symbol).

#include <string>
#include <typeinfo>

namespace ossa {

/// Demangles a typeid name.
std::string NiceTypeNameFromTypeInfo(const std::type_info& info);

template <typename T>
std::string NiceTypeName() {
  return NiceTypeNameFromTypeInfo(typeid(T));
}

}  // namespace ossa

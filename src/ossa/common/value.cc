#include "ossa/common/value.h"

#include <cxxabi.h>

#include <cstdlib>

#include "ossa/common/error.h"

namespace ossa {

std::string NiceTypeNameFromTypeInfo(const std::type_info& info) {
  int status = 0;
  char* demangled = abi::__cxa_demangle(info.name(), nullptr, nullptr, &status);
  std::string result = (status == 0 && demangled) ? demangled : info.name();
  std::free(demangled);
  // Shorten the most common library spellings so messages stay readable.
  const std::pair<const char*, const char*> kRewrites[] = {
      {"std::__cxx11::", "std::"},
      {"std::basic_string<char, std::char_traits<char>, std::allocator<char> >",
       "std::string"}};
  for (const auto& [from, to] : kRewrites) {
    const std::string f(from);
    for (size_t at; (at = result.find(f)) != std::string::npos;)
      result.replace(at, f.size(), to);
  }
  return result;
}

AbstractValue::~AbstractValue() = default;

std::string AbstractValue::GetNiceTypeName() const {
  return NiceTypeNameFromTypeInfo(type_info());
}

void AbstractValue::ThrowCastError(const char* method,
                                   const std::type_info& requested) const {
  ThrowLogicError(
      "AbstractValue::{}(): the value holds a {} but a {} was requested.",
      method, GetNiceTypeName(), NiceTypeNameFromTypeInfo(requested));
}

}  // namespace ossa

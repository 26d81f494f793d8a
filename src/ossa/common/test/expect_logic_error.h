#pragma once

/// @file
/// EXPECT_LOGIC_ERROR(statement, piece...): expects `statement` to throw
/// std::logic_error whose message contains every one of the pieces (C
/// strings or std::strings). Shared by the C++ tests.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace ossa::test {

template <typename... Pieces>
void ExpectMessageHas(const std::string& message, const char* statement,
                      const Pieces&... pieces) {
  for (const std::string& piece : {std::string(pieces)...}) {
    EXPECT_THAT(message, ::testing::HasSubstr(piece)) << statement;
  }
}

}  // namespace ossa::test

#define EXPECT_LOGIC_ERROR(statement, ...)                               \
  do {                                                                   \
    try {                                                                \
      statement;                                                         \
      ADD_FAILURE() << "no std::logic_error from " #statement;           \
    } catch (const std::logic_error& e) {                                \
      ::ossa::test::ExpectMessageHas(e.what(), #statement, __VA_ARGS__); \
    }                                                                    \
  } while (0)

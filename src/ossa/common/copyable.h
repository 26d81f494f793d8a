#pragma once

/// @file
/// Macros that state a class's copy/move semantics in one line (these
/// cannot be written as functions or templates).

#define OSSA_NO_COPY_NO_MOVE_NO_ASSIGN(Classname)      \
  Classname(const Classname&) = delete;                \
  void operator=(const Classname&) = delete;           \
  Classname(Classname&&) = delete;                     \
  void operator=(Classname&&) = delete;

#define OSSA_DEFAULT_COPY_AND_MOVE_AND_ASSIGN(Classname) \
  Classname(const Classname&) = default;                 \
  Classname& operator=(const Classname&) = default;      \
  Classname(Classname&&) = default;                      \
  Classname& operator=(Classname&&) = default;

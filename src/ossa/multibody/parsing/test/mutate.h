#pragma once

// Mutations for the parser fuzz tests: byte flips, truncations, deleted
// tags, duplicated lines, odd numbers, swapped quoted values and injected
// elements. Deterministic for a given generator state.

#include <cctype>
#include <random>
#include <string>

namespace ossa::multibody::test {

inline std::string Mutate(std::string text, std::mt19937* rng) {
  auto pick = [&](size_t n) {
    return n == 0 ? size_t{0}
                  : std::uniform_int_distribution<size_t>(0, n - 1)(*rng);
  };
  const int n_mutations = 1 + static_cast<int>(pick(3));
  for (int k = 0; k < n_mutations && !text.empty(); ++k) {
    switch (pick(7)) {
      case 0:  // flip a byte to anything, NUL included
        text[pick(text.size())] = static_cast<char>(pick(256));
        break;
      case 1:  // truncate
        text.resize(pick(text.size()));
        break;
      case 2: {  // delete one tag <...>
        const size_t open = text.find('<', pick(text.size()));
        if (open == std::string::npos) break;
        const size_t close = text.find('>', open);
        if (close == std::string::npos) break;
        text.erase(open, close - open + 1);
        break;
      }
      case 3: {  // duplicate a line (duplicate links, joints, elements)
        const size_t start = text.rfind('\n', pick(text.size()));
        const size_t from = start == std::string::npos ? 0 : start + 1;
        const size_t end = text.find('\n', from);
        if (end == std::string::npos) break;
        text.insert(from, text.substr(from, end - from + 1));
        break;
      }
      case 4: {  // replace a number with an odd token
        static const char* kTokens[] = {"nan",    "inf", "-1e400", "",    "-0",
                                        "1e-320", "-5",  "0x10",   "1,5", "+"};
        size_t i = pick(text.size());
        while (i < text.size() &&
               !std::isdigit(static_cast<unsigned char>(text[i])))
          ++i;
        size_t j = i;
        while (j < text.size() &&
               (std::isdigit(static_cast<unsigned char>(text[j])) ||
                text[j] == '.' || text[j] == 'e' || text[j] == '-')) {
          ++j;
        }
        if (i < text.size()) text.replace(i, j - i, kTokens[pick(10)]);
        break;
      }
      case 5: {  // copy one quoted value over another (names clash, loops)
        const size_t a = text.find('"', pick(text.size()));
        const size_t b = text.find('"', pick(text.size()));
        if (a == std::string::npos || b == std::string::npos) break;
        const size_t a_end = text.find('"', a + 1);
        const size_t b_end = text.find('"', b + 1);
        if (a_end == std::string::npos || b_end == std::string::npos) break;
        const std::string value = text.substr(a + 1, a_end - a - 1);
        if (b + 1 <= b_end) text.replace(b + 1, b_end - b - 1, value);
        break;
      }
      case 6: {  // nest: wrap a random span in a new element
        const size_t i = pick(text.size());
        text.insert(i, "<model name=\"x\"><link name=\"x\"/>");
        break;
      }
    }
  }
  return text;
}

}  // namespace ossa::multibody::test

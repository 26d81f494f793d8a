// Shared timing harness of the peer benchmark programs run by benchmarks/run.
//
// A workload is a callable doing one full call (from the state to the
// result). MedianNs() warms up, picks a batch size N so that one batch takes
// about `batch_seconds`, times `batches` batches of N calls and returns the
// median over batches of the mean ns per call. Results are printed as one
// JSON record per line on stdout, which benchmarks/run collects.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace ossa_bench {

// Keeps the compiler from discarding a result it can see is unused.
inline void Escape(const void* p) { asm volatile("" : : "g"(p) : "memory"); }

struct Settings {
  int batches = 25;
  double batch_seconds = 0.004;
};

// Parses "--quick" among argv[1..]: fewer, shorter batches.
inline Settings ParseSettings(int argc, char** argv) {
  Settings s;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0) {
      s.batches = 11;
      s.batch_seconds = 0.001;
    }
  }
  return s;
}

template <typename F>
double MedianNs(const Settings& s, F&& f) {
  using Clock = std::chrono::steady_clock;
  auto time_n = [&](long n) {
    const auto t0 = Clock::now();
    for (long i = 0; i < n; ++i) f();
    return std::chrono::duration<double>(Clock::now() - t0).count();
  };
  // Warm-up and calibration: double n until a batch takes a quarter of the
  // target, then scale.
  long n = 1;
  double dt = time_n(n);
  while (dt < s.batch_seconds / 4 && n < (1L << 30)) {
    n *= 2;
    dt = time_n(n);
  }
  n = std::max(1L, static_cast<long>(n * s.batch_seconds / std::max(dt, 1e-9)));
  std::vector<double> means;
  for (int b = 0; b < s.batches; ++b) means.push_back(time_n(n) * 1e9 / n);
  std::nth_element(means.begin(), means.begin() + means.size() / 2,
                   means.end());
  return means[means.size() / 2];
}

inline void Emit(const std::string& model, const std::string& workload,
                 const std::string& library, double median_ns, int nq, int nv,
                 const std::string& note = "") {
  std::printf(
      "{\"model\": \"%s\", \"workload\": \"%s\", \"library\": \"%s\", "
      "\"median_ns\": %.1f, \"nq\": %d, \"nv\": %d, \"note\": \"%s\"}\n",
      model.c_str(), workload.c_str(), library.c_str(), median_ns, nq, nv,
      note.c_str());
  std::fflush(stdout);
}

// Model arguments are "name|path|floating(0/1)|body": the body whose frame
// Jacobian is timed. A generated chain is "chainN|-|0|-".
struct ModelArg {
  std::string name, path, body;
  bool floating = false;
  int chain_links = 0;  // > 0 for a generated chain.
};

inline std::vector<ModelArg> ParseModels(int argc, char** argv) {
  std::vector<ModelArg> out;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a.rfind("--", 0) == 0) continue;
    std::vector<std::string> parts;
    size_t start = 0, bar;
    while ((bar = a.find('|', start)) != std::string::npos) {
      parts.push_back(a.substr(start, bar - start));
      start = bar + 1;
    }
    parts.push_back(a.substr(start));
    if (parts.size() != 4) {
      std::fprintf(stderr, "bad model argument '%s'\n", a.c_str());
      continue;
    }
    ModelArg m{parts[0], parts[1], parts[3], parts[2] == "1", 0};
    if (m.name.rfind("chain", 0) == 0) m.chain_links = std::stoi(m.name.substr(5));
    out.push_back(m);
  }
  return out;
}

// Number of random states cycled through by every workload, so that no
// library can reuse results of the previous call.
constexpr int kNumStates = 16;

}  // namespace ossa_bench

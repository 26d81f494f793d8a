// The collision_query scene of benchmarks/run, shared by the C++ programs:
// one shape per line, "kind a b c px py pz qw qx qy qz" (sphere: radius a;
// box: edge lengths a, b, c; capsule: radius a, length b), written by
// benchmarks/run (write_collision_scene) so every library sees the same one.
#pragma once

#include <Eigen/Geometry>
#include <fstream>
#include <string>
#include <vector>

namespace ossa_bench {

struct SceneShape {
  std::string kind;
  double a{}, b{}, c{};
  Eigen::Vector3d p;
  Eigen::Quaterniond q;
};

inline std::vector<SceneShape> ReadCollisionScene(const std::string& path) {
  std::ifstream in(path);
  std::vector<SceneShape> out;
  SceneShape s;
  double w, x, y, z;
  while (in >> s.kind >> s.a >> s.b >> s.c >> s.p.x() >> s.p.y() >> s.p.z() >>
         w >> x >> y >> z) {
    s.q = Eigen::Quaterniond(w, x, y, z).normalized();
    out.push_back(s);
  }
  return out;
}

// The scene file: the first argument not starting with "--".
inline std::string SceneArgument(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]).rfind("--", 0) != 0) return argv[i];
  }
  return "";
}

}  // namespace ossa_bench

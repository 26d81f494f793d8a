// The collision_query scenes of benchmarks/run, shared by the C++ programs
// (written by benchmarks/run so every library sees the same one). One item
// per line:
//   model NAME                         the scene's name (else "random<n>")
//   kind a b c px py pz qw qx qy qz    a shape at pose (p, q) in world:
//     sphere (radius a), box (edge lengths a, b, c), capsule and cylinder
//     (radius a, length b)
//   exclude i j                        shapes i and j (0-based) never
//                                      collide (a robot's filtered pairs)
#pragma once

#include <Eigen/Geometry>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace ossa_bench {

struct SceneShape {
  std::string kind;
  double a{}, b{}, c{};
  Eigen::Vector3d p;
  Eigen::Quaterniond q;
};

struct CollisionScene {
  std::string model;
  std::vector<SceneShape> shapes;
  std::vector<std::pair<int, int>> excluded;
  // excluded as an n × n matrix (both orders set).
  std::vector<char> excluded_matrix;
  int size() const { return static_cast<int>(shapes.size()); }
  bool Excluded(int i, int j) const {
    return excluded_matrix[static_cast<size_t>(i) * shapes.size() + j] != 0;
  }
};

inline CollisionScene ReadCollisionScene(const std::string& path) {
  std::ifstream in(path);
  CollisionScene scene;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string kind;
    if (!(words >> kind)) continue;
    if (kind == "model") {
      words >> scene.model;
    } else if (kind == "exclude") {
      int i, j;
      if (words >> i >> j) scene.excluded.emplace_back(i, j);
    } else {
      SceneShape s;
      s.kind = kind;
      double w, x, y, z;
      if (words >> s.a >> s.b >> s.c >> s.p.x() >> s.p.y() >> s.p.z() >> w >>
          x >> y >> z) {
        s.q = Eigen::Quaterniond(w, x, y, z).normalized();
        scene.shapes.push_back(s);
      }
    }
  }
  if (scene.model.empty()) {
    scene.model = "random" + std::to_string(scene.shapes.size());
  }
  const size_t n = scene.shapes.size();
  scene.excluded_matrix.assign(n * n, 0);
  for (const auto& [i, j] : scene.excluded) {
    if (i < 0 || j < 0 || static_cast<size_t>(i) >= n ||
        static_cast<size_t>(j) >= n) {
      continue;
    }
    scene.excluded_matrix[i * n + j] = scene.excluded_matrix[j * n + i] = 1;
  }
  return scene;
}

// The shape of `s` made by the library's factory: make(sphere), ... with the
// library's shape types as template arguments.
template <typename Base, typename Sphere, typename Box, typename Capsule,
          typename Cylinder>
std::shared_ptr<Base> MakeSceneShape(const SceneShape& s) {
  if (s.kind == "sphere") return std::make_shared<Sphere>(s.a);
  if (s.kind == "box") return std::make_shared<Box>(s.a, s.b, s.c);
  if (s.kind == "capsule") return std::make_shared<Capsule>(s.a, s.b);
  return std::make_shared<Cylinder>(s.a, s.b);
}

// The scene file: the first argument not starting with "--".
inline std::string SceneArgument(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]).rfind("--", 0) != 0) return argv[i];
  }
  return "";
}

}  // namespace ossa_bench

// ossa's side of the collision_query workload of benchmarks/run: a scene
// (collision_scene.h) registered in a SceneGraph, one frame per shape, its
// excluded pairs as collision filters, the poses on the source's input port;
// timed through the QueryObject:
//   collision_query_penetration: ComputePointPairPenetration()
//   collision_query_distance:    ComputeSignedDistancePairwiseClosestPoints()
// Each call brings the poses up to date from the input port first.
#include <cstdio>
#include <memory>
#include <vector>

#include "collision_scene.h"
#include "ossa/geometry/scene_graph.h"
#include "timing.h"

using namespace ossa::geometry;  // NOLINT
using ossa::math::RigidTransform;

int main(int argc, char** argv) {
  const auto settings = ossa_bench::ParseSettings(argc, argv);
  const std::string path = ossa_bench::SceneArgument(argc, argv);
  const auto scene = ossa_bench::ReadCollisionScene(path);
  if (scene.shapes.empty()) {
    std::fprintf(stderr, "no shapes in '%s'\n", path.c_str());
    return 1;
  }
  SceneGraph<double> sg;
  const SourceId source = sg.RegisterSource("bench");
  FramePoseVector<double> poses;
  std::vector<FrameId> frames;
  for (int i = 0; i < scene.size(); ++i) {
    const auto& s = scene.shapes[i];
    std::unique_ptr<Shape> shape;
    if (s.kind == "sphere") {
      shape = std::make_unique<Sphere>(s.a);
    } else if (s.kind == "box") {
      shape = std::make_unique<Box>(s.a, s.b, s.c);
    } else if (s.kind == "capsule") {
      shape = std::make_unique<Capsule>(s.a, s.b);
    } else {
      shape = std::make_unique<Cylinder>(s.a, s.b);
    }
    frames.push_back(
        sg.RegisterFrame(source, GeometryFrame("f" + std::to_string(i))));
    auto instance = std::make_unique<GeometryInstance>(
        RigidTransform<double>(), std::move(shape), "g" + std::to_string(i));
    instance->set_proximity_properties(ProximityProperties());
    sg.RegisterGeometry(source, frames.back(), std::move(instance));
    poses.set_value(frames.back(), RigidTransform<double>(s.q, s.p));
  }
  if (!scene.excluded.empty()) {
    CollisionFilterDeclaration declaration;
    for (const auto& [i, j] : scene.excluded) {
      declaration.ExcludeBetween(GeometrySet(frames.at(i)),
                                 GeometrySet(frames.at(j)));
    }
    sg.collision_filter_manager().Apply(declaration);
  }
  auto context = sg.CreateDefaultContext();
  sg.get_source_pose_port(source).FixValue(context.get(), poses);
  const auto& query =
      sg.get_query_output_port().Eval<QueryObject<double>>(*context);
  const std::string& model = scene.model;
  const int n = scene.size();

  size_t contacts = 0;
  const double pen = ossa_bench::MedianNs(settings, [&] {
    const auto r = query.ComputePointPairPenetration();
    contacts = r.size();
    ossa_bench::Escape(r.data());
  });
  ossa_bench::Emit(model, "collision_query_penetration", "ossa", pen, n, n,
                   std::to_string(contacts) + " contacts");
  size_t pairs = 0;
  const double dist = ossa_bench::MedianNs(settings, [&] {
    const auto r = query.ComputeSignedDistancePairwiseClosestPoints();
    pairs = r.size();
    ossa_bench::Escape(r.data());
  });
  ossa_bench::Emit(model, "collision_query_distance", "ossa", dist, n, n,
                   std::to_string(pairs) + " pairs");
  return 0;
}

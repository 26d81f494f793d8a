// The cost of MeshcatVisualizer on the simulation thread: one publish of
// the Atlas humanoid's poses (71 bodies, one frame and one geometry each in
// SceneGraph), from new poses on SceneGraph's input port to the frames'
// poses handed to Meshcat (which sends them from its own thread). The
// budget is 50 µs per frame. A browser's speed does not enter: Meshcat
// coalesces poses and never waits for a client.
//
// The Atlas file's own visuals reference meshes that are not bundled, so
// each body gets a box; what is timed (pose update, per-frame lookups, the
// hand-over to the server) depends on the number of frames, not on shapes.
#include <benchmark/benchmark.h>

#include <cmath>
#include <memory>
#include <vector>

#include "ossa/common/find_resource.h"
#include "ossa/geometry/scene_graph.h"
#include "ossa/multibody/parsing/parser.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/visualization/meshcat.h"
#include "ossa/visualization/meshcat_visualizer.h"

namespace {

using namespace ossa;            // NOLINT
using namespace ossa::geometry;  // NOLINT
using math::RigidTransform;

struct AtlasScene {
  std::unique_ptr<systems::Diagram<double>> diagram;
  std::unique_ptr<systems::Context<double>> context;
  const SceneGraph<double>* scene_graph{};
  const MeshcatVisualizer<double>* visualizer{};
  SourceId source;
  std::vector<FramePoseVector<double>> pose_sets;
  std::shared_ptr<Meshcat> meshcat;
};

AtlasScene MakeAtlasScene() {
  AtlasScene s;
  multibody::MultibodyPlant<double> plant(0.0);
  multibody::Parser(&plant).AddModels(
      FindResourceOrThrow("drake/atlas_with_fixed_joints.urdf"));
  plant.Finalize();

  systems::DiagramBuilder<double> builder;
  auto* sg = builder.AddSystem(std::make_unique<SceneGraph<double>>());
  s.source = sg->RegisterSource("atlas");
  std::vector<FrameId> frames;
  for (int i = 1; i < plant.num_bodies(); ++i) {
    const auto& body = plant.get_body(multibody::BodyIndex(i));
    frames.push_back(sg->RegisterFrame(s.source, GeometryFrame(body.name())));
    auto instance = std::make_unique<GeometryInstance>(
        RigidTransform<double>(), Box(0.1, 0.1, 0.1), body.name());
    instance->set_illustration_properties(IllustrationProperties());
    sg->RegisterGeometry(s.source, frames.back(), std::move(instance));
  }
  MeshcatParams params;
  params.port = 0;
  s.meshcat = std::make_shared<Meshcat>(params);
  s.visualizer =
      &MeshcatVisualizer<double>::AddToBuilder(&builder, *sg, s.meshcat);
  s.scene_graph = sg;
  s.diagram = builder.Build();
  s.context = s.diagram->CreateDefaultContext();

  // 64 postures along a joint-space sine, their body poses precomputed.
  auto plant_context = plant.CreateDefaultContext();
  Eigen::VectorXd q0 = plant.GetPositions(*plant_context);
  for (int k = 0; k < 64; ++k) {
    Eigen::VectorXd q = q0;
    for (int j = 7; j < q.size(); ++j) q[j] += 0.3 * std::sin(0.1 * k + j);
    plant.SetPositions(plant_context.get(), q);
    FramePoseVector<double> poses;
    for (int i = 1; i < plant.num_bodies(); ++i) {
      poses.set_value(
          frames[i - 1],
          plant.EvalBodyPoseInWorld(*plant_context,
                                    plant.get_body(multibody::BodyIndex(i))));
    }
    s.pose_sets.push_back(std::move(poses));
  }
  return s;
}

// New poses on SceneGraph's port, then one publish of the visualizer.
void BM_MeshcatVisualizerPublishAtlas(benchmark::State& state) {
  AtlasScene s = MakeAtlasScene();
  auto& sg_context =
      s.diagram->GetMutableSubsystemContext(*s.scene_graph, s.context.get());
  const auto& vis_context =
      s.diagram->GetSubsystemContext(*s.visualizer, *s.context);
  const auto& port = s.scene_graph->get_source_pose_port(s.source);
  port.FixValue(&sg_context, s.pose_sets[0]);
  s.visualizer->ForcedPublish(vis_context);  // sends the objects once
  size_t k = 0;
  for (auto _ : state) {
    port.FixValue(&sg_context, s.pose_sets[k++ % s.pose_sets.size()]);
    s.visualizer->ForcedPublish(vis_context);
  }
  state.counters["frames"] = 70;
}
BENCHMARK(BM_MeshcatVisualizerPublishAtlas)->Unit(benchmark::kMicrosecond);

// Meshcat::SetTransforms alone for 70 paths (the visualizer's hand-over).
void BM_MeshcatSetTransforms70(benchmark::State& state) {
  MeshcatParams params;
  params.port = 0;
  Meshcat meshcat(params);
  std::vector<std::string> paths;
  std::vector<RigidTransform<double>> poses;
  for (int i = 0; i < 70; ++i) {
    paths.push_back("visualizer/atlas/link_" + std::to_string(i));
    poses.emplace_back(Eigen::Vector3d(0.01 * i, 0, 1));
  }
  for (auto _ : state) {
    meshcat.SetTransforms(paths, poses);
  }
}
BENCHMARK(BM_MeshcatSetTransforms70)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();

// FCL (Debian's libfcl-dev, with libccd) called directly on the
// collision_query scene, timed like coal_collision_bench.cc: the other
// candidate for ossa's collision library. The libccd solver is used: FCL's
// own GJK (GST_INDEP) aborts on an assertion in distance queries of this
// scene.
#include <fcl/fcl.h>

#include <cstdio>
#include <cstdlib>
#include <memory>

#include "collision_scene.h"
#include "timing.h"

namespace {
bool Collide(fcl::CollisionObjectd* o1, fcl::CollisionObjectd* o2, void* data) {
  fcl::CollisionRequestd request(1, true);
  request.gjk_solver_type = fcl::GST_LIBCCD;
  fcl::CollisionResultd result;
  fcl::collide(o1, o2, request, result);
  if (result.isCollision()) {
    static_cast<std::vector<fcl::Contactd>*>(data)->push_back(
        result.getContact(0));
  }
  return false;
}
}  // namespace

int main(int argc, char** argv) {
  const auto settings = ossa_bench::ParseSettings(argc, argv);
  const auto scene =
      ossa_bench::ReadCollisionScene(ossa_bench::SceneArgument(argc, argv));
  std::vector<std::unique_ptr<fcl::CollisionObjectd>> objects;
  std::vector<fcl::Transform3d> poses;
  for (const auto& s : scene) {
    std::shared_ptr<fcl::CollisionGeometryd> g;
    if (s.kind == "sphere") {
      g = std::make_shared<fcl::Sphered>(s.a);
    } else if (s.kind == "box") {
      g = std::make_shared<fcl::Boxd>(s.a, s.b, s.c);
    } else {
      g = std::make_shared<fcl::Capsuled>(s.a, s.b);
    }
    fcl::Transform3d X = fcl::Transform3d::Identity();
    X.linear() = s.q.toRotationMatrix();
    X.translation() = s.p;
    poses.push_back(X);
    objects.push_back(std::make_unique<fcl::CollisionObjectd>(g, X));
  }
  fcl::DynamicAABBTreeCollisionManagerd manager;
  for (auto& o : objects) manager.registerObject(o.get());
  manager.setup();
  const std::string model = "random" + std::to_string(scene.size());
  const int n = static_cast<int>(scene.size());

  std::vector<fcl::Contactd> contacts;
  const double pen = ossa_bench::MedianNs(settings, [&] {
    contacts.clear();
    for (size_t i = 0; i < objects.size(); ++i) {
      objects[i]->setTransform(poses[i]);
      objects[i]->computeAABB();
    }
    manager.update();
    manager.collide(&contacts, Collide);
    ossa_bench::Escape(contacts.data());
  });
  ossa_bench::Emit(model, "collision_query_penetration", "fcl", pen, n, n,
                   std::to_string(contacts.size()) + " contacts");
  std::vector<double> distances(objects.size() * objects.size());
  const double dist = ossa_bench::MedianNs(settings, [&] {
    size_t k = 0;
    for (size_t i = 0; i < objects.size(); ++i) {
      for (size_t j = i + 1; j < objects.size(); ++j) {
        fcl::DistanceRequestd request(true);
        request.enable_signed_distance = true;
        request.gjk_solver_type = fcl::GST_LIBCCD;
        fcl::DistanceResultd result;
        fcl::distance(objects[i].get(), objects[j].get(), request, result);
        distances[k++] = result.min_distance;
      }
    }
    ossa_bench::Escape(distances.data());
  });
  ossa_bench::Emit(model, "collision_query_distance", "fcl", dist, n, n,
                   "all pairs, libccd");
  // Tearing down Debian's FCL 0.7.0 objects here aborts with "double free"
  // (inside FCL, after the timings); the timings are all out, so leave
  // without running the destructors.
  std::fflush(stdout);
  std::_Exit(0);
}

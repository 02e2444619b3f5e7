// Writes every oracle scene's settled problem, with MuJoCo 2.2.2's converged answer, as a
// simatlas/mujoco-problem/1 file: oracle_write_problems OUT_DIR.
#include <filesystem>
#include <fstream>
#include <iostream>

#include "oracle/mujoco222/oracle_scenes.h"

int main(int argc, char** argv) {
  using namespace simatlas::oracle222;
  if (argc != 2) {
    std::cerr << "usage: oracle_write_problems OUT_DIR\n";
    return 2;
  }
  std::filesystem::create_directories(argv[1]);
  for (const SceneSpec& spec : OracleScenes()) {
    for (mjtCone cone : {mjCONE_PYRAMIDAL, mjCONE_ELLIPTIC}) {
      const Scene scene = Prepare(spec, cone);
      const std::string name = spec.label + (cone == mjCONE_ELLIPTIC ? "_elliptic" : "_pyramidal");
      std::ofstream(std::string(argv[1]) + "/" + name + ".json")
          << ProblemDocument(scene,
                             "MuJoCo 2.2.2 " + spec.path + " steps=" + std::to_string(spec.steps))
                 .dump(1);
      std::cout << name << ": nv " << scene.model->nv << " nefc " << scene.data->nefc << "\n";
    }
  }
  return 0;
}

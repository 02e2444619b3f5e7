// Running another program from a command, its output captured (child_process.h).
#include "tools/simatlas/child_process.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "reference/core/errors.h"

extern char** environ;

namespace simatlas::tools {

namespace {

namespace fs = std::filesystem;

// A file's whole text ("" when unreadable).
std::string Slurp(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The parent's environment with each "NAME=value" of extra replacing or adding NAME.
std::vector<std::string> Environment(const std::vector<std::string>& extra) {
  std::vector<std::string> env;
  for (char** e = environ; e && *e; ++e) {
    const std::string entry = *e;
    const std::string name = entry.substr(0, entry.find('='));
    bool replaced = false;
    for (const std::string& x : extra) replaced = replaced || x.substr(0, x.find('=')) == name;
    if (!replaced) env.push_back(entry);
  }
  env.insert(env.end(), extra.begin(), extra.end());
  return env;
}

// NUL-terminated pointers into texts (which must outlive them).
std::vector<char*> Pointers(std::vector<std::string>& texts) {
  std::vector<char*> p;
  for (std::string& t : texts) p.push_back(t.data());
  p.push_back(nullptr);
  return p;
}

}  // namespace

ChildResult RunChild(const std::string& program, const std::vector<std::string>& args,
                     const std::vector<std::string>& environment) {
  // Private capture files for the child's two streams.
  std::string paths[2];
  for (std::string& path : paths) {
    path = (fs::temp_directory_path() / "simatlas_child_XXXXXX").string();
    const int fd = mkstemp(path.data());
    if (fd < 0)
      throw core::InputError(std::string("cannot create a capture file: ") + std::strerror(errno));
    close(fd);
  }
  std::vector<std::string> argv_text = {program};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<std::string> env_text = Environment(environment);
  std::vector<char*> argv = Pointers(argv_text), envp = Pointers(env_text);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, paths[0].c_str(), O_WRONLY | O_TRUNC,
                                   0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, paths[1].c_str(), O_WRONLY | O_TRUNC,
                                   0);
  pid_t pid = 0;
  const int spawned =
      posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  int status = 0;
  if (spawned == 0) waitpid(pid, &status, 0);
  ChildResult r;
  r.out = Slurp(paths[0]);
  r.err = Slurp(paths[1]);
  for (const std::string& path : paths) fs::remove(path);
  if (spawned != 0) throw core::InputError("cannot run " + program + ": " + std::strerror(spawned));
  if (!WIFEXITED(status)) {
    throw core::NumericalError(program + " ended without an exit code (signal " +
                               std::to_string(WIFSIGNALED(status) ? WTERMSIG(status) : -1) + ")");
  }
  r.exit_code = WEXITSTATUS(status);
  return r;
}

}  // namespace simatlas::tools

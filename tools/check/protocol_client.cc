// The line-protocol client of `simatlas check` (docs/pages/check_protocol.md):
// fork/exec of /bin/sh -c COMMAND with two pipes, poll() for each answer with a deadline.
#include "tools/check/protocol_client.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <sstream>
#include <thread>

#include "reference/io/text_file.h"

namespace simatlas::check {

namespace {

// Longest answer line accepted (a runaway writer is a fault, not an out-of-memory).
constexpr std::size_t kMaxLineBytes = 1 << 20;

// The first 120 characters of a line, for messages.
std::string Excerpt(const std::string& text) {
  if (text.size() <= 120) return text;
  return text.substr(0, 120) + "…";
}

// "SIGSEGV (Segmentation fault)".
std::string SignalName(int signal_number) {
  const char* abbrev = sigabbrev_np(signal_number);
  std::string name =
      abbrev != nullptr ? std::string("SIG") + abbrev : "signal " + std::to_string(signal_number);
  const char* description = strsignal(signal_number);
  if (description != nullptr) name += std::string(" (") + description + ")";
  return name;
}

}  // namespace

ProcessProgram::ProcessProgram(const std::string& command, double timeout_s)
    : command_(command), timeout_s_(timeout_s) {
  if (!(timeout_s > 0.0) || !std::isfinite(timeout_s)) {
    throw std::invalid_argument("timeout = " + std::to_string(timeout_s) + " s must be > 0");
  }
  // A write to a program that has exited must come back as EPIPE, not kill this process.
  signal(SIGPIPE, SIG_IGN);
  int in_pipe[2];   // parent writes queries -> child's stdin
  int out_pipe[2];  // child's stdout -> parent reads answers
  if (pipe2(in_pipe, O_CLOEXEC) != 0 || pipe2(out_pipe, O_CLOEXEC) != 0) {
    throw ProtocolError(std::string("cannot create pipes: ") + std::strerror(errno));
  }
  pid_ = fork();
  if (pid_ < 0) throw ProtocolError(std::string("cannot fork: ") + std::strerror(errno));
  if (pid_ == 0) {
    // Child: its own process group (so a timeout kills the shell and what it started),
    // the pipes as stdin/stdout, then the shell.
    setpgid(0, 0);
    dup2(in_pipe[0], STDIN_FILENO);
    dup2(out_pipe[1], STDOUT_FILENO);
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  setpgid(pid_, pid_);  // also from the parent, so the group exists before any kill
  close(in_pipe[0]);
  close(out_pipe[1]);
  to_child_ = in_pipe[1];
  from_child_ = out_pipe[0];
}

ProcessProgram::~ProcessProgram() { Stop(); }

void ProcessProgram::Stop() {
  if (to_child_ >= 0) close(to_child_);
  to_child_ = -1;
  if (from_child_ >= 0) close(from_child_);
  from_child_ = -1;
  if (pid_ <= 0) return;
  // A well-behaved program exits on end of input; give it 200 ms, then kill the group.
  for (int i = 0; i < 20; ++i) {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      kill(-pid_, SIGKILL);  // anything the shell left behind
      pid_ = -1;
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  kill(-pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
  pid_ = -1;
}

void ProcessProgram::Fail(const std::string& message) {
  fault_ = message;
  Stop();
  throw ProtocolError(fault_);
}

std::string ProcessProgram::DescribeExit() {
  // Stdout closed: wait (briefly) for the exit status.
  for (int i = 0; i < 100; ++i) {
    int status = 0;
    const pid_t done = waitpid(pid_, &status, WNOHANG);
    if (done == pid_) {
      pid_ = -1;
      if (WIFSIGNALED(status)) return "was killed by " + SignalName(WTERMSIG(status));
      if (WIFEXITED(status)) {
        const int code = WEXITSTATUS(status);
        // A shell reports a child killed by signal s as exit status 128 + s.
        if (code > 128 && code < 128 + 65) {
          return "exited with status " + std::to_string(code) + " (= 128 + " +
                 SignalName(code - 128) + " in the shell)";
        }
        return "exited with status " + std::to_string(code);
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return "closed its standard output";
}

void ProcessProgram::WriteLine(const std::string& line) {
  std::size_t written = 0;
  while (written < line.size()) {
    const ssize_t n = write(to_child_, line.data() + written, line.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      Fail("the program " + DescribeExit() + " before reading query " +
           std::to_string(answered_ + 1) + ": " + Excerpt(line));
    }
    written += static_cast<std::size_t>(n);
  }
}

std::string ProcessProgram::ReadLine(const std::string& query) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration<double>(timeout_s_);
  while (true) {
    const std::size_t newline = buffer_.find('\n');
    if (newline != std::string::npos) {
      std::string line = buffer_.substr(0, newline);
      buffer_.erase(0, newline + 1);
      return line;
    }
    if (buffer_.size() > kMaxLineBytes) {
      Fail("answer to query " + std::to_string(answered_ + 1) +
           " is longer than 1 MiB: " + Excerpt(buffer_));
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) {
      std::ostringstream message;
      message << "no answer within the timeout of " << timeout_s_ << " s to query " << answered_ + 1
              << ": " << Excerpt(query) << " (the program hangs; --timeout T)";
      Fail(message.str());
    }
    pollfd fd{from_child_, POLLIN, 0};
    const int ready = poll(&fd, 1, static_cast<int>(left.count()) + 1);
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;  // the deadline check above reports the timeout
    char chunk[4096];
    const ssize_t n = read(from_child_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      std::string message = "the program " + DescribeExit() + " without answering query " +
                            std::to_string(answered_ + 1) + ": " + Excerpt(query);
      if (!buffer_.empty()) message += " (unterminated output: " + Excerpt(buffer_) + ")";
      Fail(message);
    }
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

Answer ProcessProgram::Ask(const std::string& law, const Json& inputs) {
  if (!fault_.empty()) throw ProtocolError(fault_);
  const std::string query = Json{{"law", law}, {"inputs", inputs}}.dump();
  WriteLine(query + "\n");
  const std::string line = ReadLine(query);
  const std::string where = "answer " + std::to_string(answered_ + 1) + " (to " + law + ")";
  // The line must be one JSON object.
  Json answer;
  // A bare NaN (Python's json.dumps of float("nan")) reads as null: a wrong answer, reported
  // with the query's inputs by the Session, not a protocol fault.
  try {
    answer = io::ParseJsonWithNonFiniteLiterals(line);
  } catch (const Json::parse_error&) {
    Fail(where + " is not JSON: '" + Excerpt(line) + "'");
  }
  if (!answer.is_object()) Fail(where + " must be a JSON object, got: " + Excerpt(line));
  // Exactly one key: "outputs" (an object) or "error" (a string).
  for (const auto& [key, value] : answer.items()) {
    if (key != "outputs" && key != "error") {
      Fail(where + " has unknown key '" + key +
           "' (expected \"outputs\" or \"error\"): " + Excerpt(line));
    }
  }
  if (answer.size() != 1) {
    Fail(where + " must hold exactly one of \"outputs\" and \"error\": " + Excerpt(line));
  }
  ++answered_;
  Answer result;
  if (answer.contains("error")) {
    if (!answer["error"].is_string())
      Fail(where + ": \"error\" must be a string: " + Excerpt(line));
    result.ok = false;
    result.error = answer["error"].get<std::string>();
    return result;
  }
  if (!answer["outputs"].is_object()) {
    Fail(where + ": \"outputs\" must be a JSON object: " + Excerpt(line));
  }
  result.ok = true;
  result.outputs = answer["outputs"];
  return result;
}

}  // namespace simatlas::check

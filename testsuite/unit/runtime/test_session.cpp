#include <orion/options.hpp>
#include <orion/session.hpp>

#include <catch2/catch.hpp>

#include <cstring>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace {

/// An argv that owns its strings, as main would receive it (argv[argc] == nullptr).
struct Args {
  explicit Args(std::vector<std::string> args) : storage(std::move(args)) {
    for (auto &s : storage)
      pointers.push_back(s.data());
    pointers.push_back(nullptr);
    argc = static_cast<int>(storage.size());
    argv = pointers.data();
  }
  std::vector<std::string> rest() const { return {argv, argv + argc}; }

  std::vector<std::string> storage;
  std::vector<char *> pointers;
  int argc;
  char **argv;
};

std::map<std::string, std::string> fake_env;
const char *lookup(const char *name) {
  auto it = fake_env.find(name);
  return it == fake_env.end() ? nullptr : it->second.c_str();
}
const char *no_env(const char *) { return nullptr; }

} // namespace

TEST_CASE("parse_options removes --orion-* flags and keeps the rest", "[session]") {
  Args a({"prog", "in.txt", "--orion-threads=3", "-v", "--orion-check", "--orion-seed=123",
          "--orion-verbose", "--orion-stats", "--orion-replay-serial", "out.txt"});
  const orion::Options o = orion::parse_options(a.argc, a.argv, &no_env);
  CHECK(a.rest() == std::vector<std::string>{"prog", "in.txt", "-v", "out.txt"});
  CHECK(a.argv[a.argc] == nullptr);
  CHECK(o.threads == 3);
  CHECK(o.seed == 123);
  CHECK(o.check);
  CHECK(o.verbose);
  CHECK(o.stats);
  CHECK(o.replay_serial);
}

TEST_CASE("parse_options defaults, and stops at --", "[session]") {
  Args a({"prog", "--", "--orion-threads=2"});
  const orion::Options o = orion::parse_options(a.argc, a.argv, &no_env);
  CHECK(a.rest() == std::vector<std::string>{"prog", "--", "--orion-threads=2"});
  CHECK(o.threads == 0);
  CHECK(o.seed == 42);
  CHECK_FALSE(o.check);
  CHECK_FALSE(o.verbose);
}

TEST_CASE("parse_options reads ORION_* and flags win", "[session]") {
  fake_env = {{"ORION_THREADS", "5"}, {"ORION_SEED", "9"}, {"ORION_VERBOSE", "yes"}};
  Args a({"prog"});
  orion::Options o = orion::parse_options(a.argc, a.argv, &lookup);
  CHECK(o.threads == 5);
  CHECK(o.seed == 9);
  CHECK(o.verbose);
  Args b({"prog", "--orion-threads=2", "--orion-seed=1"});
  o = orion::parse_options(b.argc, b.argv, &lookup);
  CHECK(o.threads == 2);
  CHECK(o.seed == 1);
  fake_env = {{"ORION_THREADS", "many"}};
  CHECK_THROWS_WITH(orion::parse_options(a.argc, a.argv, &lookup),
                    Catch::Contains("\"many\" for environment variable ORION_THREADS"));
  fake_env = {{"ORION_VERBOSE", "maybe"}};
  CHECK_THROWS_AS(orion::parse_options(a.argc, a.argv, &lookup), orion::OptionError);
  fake_env = {{"ORION_THREADS", ""}}; // set but empty: ignored
  CHECK(orion::parse_options(a.argc, a.argv, &lookup).threads == 0);
  fake_env.clear();
}

TEST_CASE("parse_options rejects unknown flags and bad values, listing the valid flags",
          "[session]") {
  const std::string valid = "valid flags: --orion-threads=N, --orion-check, --orion-replay-serial, "
                            "--orion-verbose, --orion-stats, --orion-digest, --orion-seed=N, "
                            "--orion-cache=on|off|refresh, --orion-stagger=N, "
                            "--orion-rotation-depth=K, --orion-merge-every=N, "
                            "--orion-shard-min-bytes=N, --orion-prefetch=on|off, "
                            "--orion-served-cache-mb=N, --orion-distribute=on|off";
  auto error = [](std::vector<std::string> args) -> std::string {
    Args a(std::move(args));
    const std::vector<std::string> before = a.rest();
    try {
      orion::parse_options(a.argc, a.argv, &no_env);
    } catch (const orion::OptionError &e) {
      CHECK(a.rest() == before); // argv untouched on error
      return e.what();
    }
    return "(no error)";
  };
  CHECK(error({"prog", "--orion-foo"}) == "unknown flag \"--orion-foo\"; " + valid);
  CHECK(error({"prog", "x", "--orion-threads=x"}) ==
        "invalid value \"x\" for --orion-threads (expected a positive integer); " + valid);
  CHECK_THAT(error({"prog", "--orion-threads=0"}), Catch::Contains("positive integer"));
  CHECK_THAT(error({"prog", "--orion-threads=-2"}), Catch::Contains("positive integer"));
  CHECK_THAT(error({"prog", "--orion-threads=2x"}), Catch::Contains("\"2x\""));
  CHECK_THAT(error({"prog", "--orion-threads"}), Catch::Contains("needs a value"));
  CHECK_THAT(error({"prog", "--orion-seed=-1"}), Catch::Contains("unsigned 64-bit"));
  CHECK_THAT(error({"prog", "--orion-check=1"}), Catch::Contains("takes no value"));
  CHECK_THAT(error({"prog", "--orion-"}), Catch::EndsWith(valid));
  CHECK(error({"prog", "--orion-cache=yes"}) ==
        "invalid value \"yes\" for --orion-cache (expected on, off or refresh); " + valid);
  CHECK(error({"prog", "--orion-cache"}) ==
        "--orion-cache needs a value (--orion-cache=on|off|refresh); " + valid);
  CHECK(error({"prog", "--orion-cache="}) ==
        "invalid value \"\" for --orion-cache (expected on, off or refresh); " + valid);
}

TEST_CASE("parse_options reads --orion-cache and ORION_CACHE", "[session]") {
  Args none({"prog"});
  CHECK(orion::parse_options(none.argc, none.argv, &no_env).cache == orion::CacheMode::on);
  for (const auto &[text, mode] :
       {std::pair{"on", orion::CacheMode::on}, std::pair{"off", orion::CacheMode::off},
        std::pair{"refresh", orion::CacheMode::refresh}}) {
    Args a({"prog", std::string("--orion-cache=") + text, "data.txt"});
    const orion::Options o = orion::parse_options(a.argc, a.argv, &no_env);
    CHECK(o.cache == mode);
    CHECK(a.rest() == std::vector<std::string>{"prog", "data.txt"});
  }
  fake_env = {{"ORION_CACHE", "off"}};
  CHECK(orion::parse_options(none.argc, none.argv, &lookup).cache == orion::CacheMode::off);
  Args flag({"prog", "--orion-cache=refresh"}); // the flag wins
  CHECK(orion::parse_options(flag.argc, flag.argv, &lookup).cache == orion::CacheMode::refresh);
  fake_env = {{"ORION_CACHE", "Off"}};
  CHECK_THROWS_WITH(orion::parse_options(none.argc, none.argv, &lookup),
                    Catch::StartsWith("invalid value \"Off\" for environment variable ORION_CACHE "
                                      "(expected on, off or refresh); valid flags: "));
  fake_env.clear();
}

TEST_CASE("parse_options reads --orion-stagger and ORION_STAGGER", "[session]") {
  Args none({"prog"});
  CHECK(orion::parse_options(none.argc, none.argv, &no_env).stagger == 1);
  Args off({"prog", "--orion-stagger=0", "data.txt"});
  CHECK(orion::parse_options(off.argc, off.argv, &no_env).stagger == 0);
  CHECK(off.rest() == std::vector<std::string>{"prog", "data.txt"});
  fake_env = {{"ORION_STAGGER", "3"}};
  CHECK(orion::parse_options(none.argc, none.argv, &lookup).stagger == 3);
  Args flag({"prog", "--orion-stagger=2"}); // the flag wins
  CHECK(orion::parse_options(flag.argc, flag.argv, &lookup).stagger == 2);
  fake_env = {{"ORION_STAGGER", "-1"}};
  CHECK_THROWS_WITH(orion::parse_options(none.argc, none.argv, &lookup),
                    Catch::StartsWith("invalid value \"-1\" for environment variable "
                                      "ORION_STAGGER (expected a number of passes, 0 or more)"));
  fake_env.clear();
  Args bad({"prog", "--orion-stagger"});
  CHECK_THROWS_WITH(orion::parse_options(bad.argc, bad.argv, &no_env),
                    Catch::StartsWith("--orion-stagger needs a value (--orion-stagger=N)"));
}

TEST_CASE("parse_options reads --orion-rotation-depth and ORION_ROTATION_DEPTH", "[session]") {
  Args none({"prog"});
  CHECK(orion::parse_options(none.argc, none.argv, &no_env).rotation_depth == 0); // chosen per loop
  Args one({"prog", "--orion-rotation-depth=1", "data.txt"});
  CHECK(orion::parse_options(one.argc, one.argv, &no_env).rotation_depth == 1);
  CHECK(one.rest() == std::vector<std::string>{"prog", "data.txt"});
  fake_env = {{"ORION_ROTATION_DEPTH", "4"}};
  CHECK(orion::parse_options(none.argc, none.argv, &lookup).rotation_depth == 4);
  Args flag({"prog", "--orion-rotation-depth=3"}); // the flag wins
  CHECK(orion::parse_options(flag.argc, flag.argv, &lookup).rotation_depth == 3);
  fake_env.clear();
  for (const char *bad :
       {"--orion-rotation-depth=0", "--orion-rotation-depth=65", "--orion-rotation-depth=x"}) {
    Args args({"prog", bad});
    CHECK_THROWS_WITH(orion::parse_options(args.argc, args.argv, &no_env),
                      Catch::Contains("(expected a number of time parts per worker, 1 to 64)"));
  }
  Args missing({"prog", "--orion-rotation-depth"});
  CHECK_THROWS_WITH(orion::parse_options(missing.argc, missing.argv, &no_env),
                    Catch::StartsWith("--orion-rotation-depth needs a value "
                                      "(--orion-rotation-depth=K)"));
}

TEST_CASE("parse_options reads --orion-merge-every and ORION_MERGE_EVERY", "[session]") {
  Args none({"prog"});
  CHECK(orion::parse_options(none.argc, none.argv, &no_env).merge_every == 0);
  Args on({"prog", "--orion-merge-every=256"});
  CHECK(orion::parse_options(on.argc, on.argv, &no_env).merge_every == 256);
  fake_env = {{"ORION_MERGE_EVERY", "64"}};
  CHECK(orion::parse_options(none.argc, none.argv, &lookup).merge_every == 64);
  fake_env = {{"ORION_MERGE_EVERY", "x"}};
  CHECK_THROWS_WITH(orion::parse_options(none.argc, none.argv, &lookup),
                    Catch::StartsWith("invalid value \"x\" for environment variable "
                                      "ORION_MERGE_EVERY (expected a number of iterations, 0 or "
                                      "more)"));
  fake_env.clear();
  Args bad({"prog", "--orion-merge-every=-3"});
  CHECK_THROWS_WITH(orion::parse_options(bad.argc, bad.argv, &no_env),
                    Catch::StartsWith("invalid value \"-3\" for --orion-merge-every"));
}

TEST_CASE("Session parses argv and exposes options and introspection", "[session]") {
  Args a({"/path/to/prog", "data.txt", "--orion-threads=4", "--orion-seed=77"});
  {
    orion::Session session(a.argc, a.argv);
    CHECK(a.rest() == std::vector<std::string>{"/path/to/prog", "data.txt"});
    CHECK(session.options().seed == 77);
    CHECK(orion::options().threads == 4);
    CHECK(orion::detail::state().program == "prog");
    CHECK(orion::is_root());
    CHECK(orion::rank() == 0);
    CHECK(orion::num_ranks() == 1);
    CHECK(orion::threads_per_rank() == 1); // the serial backend runs one worker
    CHECK(orion::num_workers() == 1);
    CHECK(orion::worker_id() == 0);
    CHECK_THROWS_WITH(orion::Session(), "only one orion::Session may exist at a time");
  }
  orion::Session again; // sequential sessions are fine
  CHECK(orion::options().seed == 42);
}

TEST_CASE("Session rejects a bad flag", "[session]") {
  Args a({"prog", "--orion-foo=1"});
  CHECK_THROWS_AS(orion::Session(a.argc, a.argv), orion::OptionError);
  Args b({"prog", "--orion-threads=x"});
  CHECK_THROWS_WITH(orion::Session(b.argc, b.argv), Catch::Contains("valid flags:"));
  orion::Session fine; // a failed start leaves no session behind
}

TEST_CASE("the thread count is bounded by kMaxThreads, naming the option, value and limit",
          "[session]") {
  Args most({"prog", "--orion-threads=4096"});
  orion::Options o = orion::parse_options(most.argc, most.argv, &no_env);
  CHECK(o.threads == orion::detail::kMaxThreads);
  CHECK(o.threads_source == "--orion-threads");
  Args over({"prog", "--orion-threads=65536"});
  CHECK_THROWS_WITH(orion::parse_options(over.argc, over.argv, &no_env),
                    "invalid value \"65536\" for --orion-threads: at most 4096 worker threads "
                    "per rank");
  fake_env = {{"ORION_THREADS", "5000"}};
  Args none({"prog"});
  CHECK_THROWS_WITH(orion::parse_options(none.argc, none.argv, &lookup),
                    "invalid value \"5000\" for environment variable ORION_THREADS: at most 4096 "
                    "worker threads per rank");
  fake_env = {{"ORION_THREADS", "7"}};
  o = orion::parse_options(none.argc, none.argv, &lookup);
  CHECK(o.threads_source == "environment variable ORION_THREADS");
  fake_env.clear();
  CHECK(orion::parse_options(none.argc, none.argv, &no_env).threads_source.empty());
}

TEST_CASE("thread_limit: the node's share of the system's thread budgets", "[session]") {
  using orion::detail::SystemThreadLimits;
  using orion::detail::thread_limit;
  // Nothing known: the runtime's own limit.
  CHECK(thread_limit({}, 1).threads == 4096);
  CHECK(thread_limit({}, 1).why == "the runtime's limit");
  // Generous limits (a typical Linux box) change nothing.
  const SystemThreadLimits box{96364, 192729, 4194304, -1, 65530};
  CHECK(thread_limit(box, 1).threads == 4096);
  // System-wide budgets are shared by the ranks of the node, less a headroom per rank.
  SystemThreadLimits small;
  small.pid_max = 4096;
  CHECK(thread_limit(small, 2).threads == 2048 - 16);
  CHECK(thread_limit(small, 2).why ==
        "/proc/sys/kernel/pid_max is 4096, shared by the node's 2 ranks");
  small.pids_free = 1000; // a container's pids cgroup
  CHECK(thread_limit(small, 2).threads == 500 - 16);
  CHECK_THAT(thread_limit(small, 2).why, Catch::StartsWith("the free pids of this cgroup"));
  // Memory maps are per process: a quarter of them (two per thread stack, half for the program).
  SystemThreadLimits maps;
  maps.max_map_count = 8000;
  CHECK(thread_limit(maps, 8).threads == 2000 - 16);
  CHECK(thread_limit(maps, 8).why == "/proc/sys/vm/max_map_count is 8000");
  // Never below one worker.
  SystemThreadLimits tiny;
  tiny.nproc = 10;
  CHECK(thread_limit(tiny, 1).threads == 1);
}

#include "depfile.hpp"

namespace orion::driver {
namespace {

/// A path as Make and Ninja read it: a backslash before a space or '#', '$' doubled (as Clang's
/// own -MF writes them).
std::string escaped(const std::string &path) {
  std::string out;
  for (char c : path) {
    if (c == ' ' || c == '#')
      out += '\\';
    else if (c == '$')
      out += '$';
    out += c;
  }
  return out;
}

} // namespace

std::string make_depfile(const std::string &target, const std::vector<std::string> &inputs) {
  std::string out = escaped(target) + ":";
  for (const std::string &input : inputs)
    out += " \\\n  " + escaped(input);
  return out + "\n";
}

} // namespace orion::driver

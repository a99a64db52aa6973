// python/PythonImports: which local names stand for which torch paths.
#include "python/PythonImports.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

using namespace musify;

namespace {

std::map<std::string, std::string> aliases(llvm::StringRef Text) {
  std::vector<PythonToken> Tokens = lexPython(Text);
  PythonImports Imports =
      readImports(Text, Tokens, [](llvm::StringRef Root) { return Root == "torch"; });
  std::map<std::string, std::string> Out;
  for (const auto &[Local, Path] : Imports.Aliases)
    Out[Local.str()] = Path;
  return Out;
}

using M = std::map<std::string, std::string>;

TEST(PythonImports, ImportsBindTheirNames) {
  EXPECT_EQ(aliases("import torch\nimport torch.nn as nn\nimport torch.distributed\n"
                    "import os, numpy as np\n"),
            (M{{"nn", "torch.nn"}, {"torch", "torch"}}));
  EXPECT_EQ(
      aliases("from torch.cuda import (amp,\n    Event as Ev)\nfrom torch import cuda\n"),
      (M{{"Ev", "torch.cuda.Event"}, {"amp", "torch.cuda.amp"}, {"cuda", "torch.cuda"}}));
}

TEST(PythonImports, NamesTheModuleBindsOtherwiseAreTheUsers) {
  EXPECT_EQ(aliases("from torch import cuda\ncuda = False\n"), M{});
  EXPECT_EQ(aliases("from torch import cuda\ndef f(x, cuda=None):\n  pass\n"), M{});
  EXPECT_EQ(aliases("from torch import cuda\nfor cuda in range(2):\n  pass\n"), M{});
  EXPECT_EQ(aliases("from torch import cuda\nwith open(p) as cuda:\n  pass\n"), M{});
  EXPECT_EQ(aliases("from torch import cuda\nf = lambda cuda: cuda\n"), M{});
  // An attribute or a keyword argument of that name binds nothing.
  EXPECT_EQ(aliases("from torch import cuda\nargs.cuda = 1\nf(cuda=True)\n"),
            (M{{"cuda", "torch.cuda"}}));
}

TEST(PythonImports, RelativeAndStarImportsBindNoTorchName) {
  EXPECT_EQ(
      aliases("from . import cuda\nfrom .models import torch\nfrom torch import *\n"),
      M{});
}

} // namespace

// A header without CUDA, deliberately not listed in HEADERS: the target finds it
// in the original include folder.
#pragma once

constexpr int kLayoutAnswer = 42;

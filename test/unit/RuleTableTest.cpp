// The rule loader accepts well-formed tables and rejects malformed ones with a
// message that names the file, the entry and the problem.
#include "rules/RuleTable.h"

#include <gtest/gtest.h>

using musify::Rule;
using musify::RuleKind;
using musify::RuleStatus;
using musify::RuleTable;

namespace {

constexpr const char *GoodTable = R"({
  "target": "musa",
  "family": "runtime",
  "description": "test",
  "entries": [
    {"cuda": "cudaMalloc", "kind": "function", "status": "supported",
     "target": "musaMalloc", "check": "musa-table"},
    {"cuda": "cudaThreadSynchronize", "kind": "function", "status": "removed",
     "target": "musaDeviceSynchronize", "cuda_removed": "13.0",
     "note": "removed in CUDA 13.0", "check": "musa-table"},
    {"cuda": "cudaDeviceFlushGPUDirectRDMAWrites", "kind": "function",
     "status": "unsupported", "note": "no MUSA equivalent", "check": "none"},
    {"cuda": "cudaStreamNonBlocking", "kind": "macro", "status": "supported",
     "target": "musaStreamNonBlocking", "check": "musa-table"},
    {"cuda": "cuda_runtime.h", "kind": "header", "status": "supported",
     "target": "musa_runtime.h", "check": "musa-table"}
  ]
})";

/// The loader's message for Text, or "" if it loads.
std::string errorFor(const std::string &Text) {
  RuleTable Table;
  llvm::Error E = Table.addTable(Text, "bad.json", "musa");
  return E ? llvm::toString(std::move(E)) : "";
}

std::string withEntry(const std::string &Entry) {
  return R"({"target": "musa", "family": "runtime", "entries": [)" + Entry + "]}";
}

TEST(RuleTable, LoadsAndLooksUpByKind) {
  RuleTable Table;
  ASSERT_FALSE(bool(Table.addTable(GoodTable, "good.json", "musa")));
  EXPECT_EQ(Table.size(), 5u);

  const Rule *Malloc = Table.find("cudaMalloc", RuleKind::Function);
  ASSERT_NE(Malloc, nullptr);
  EXPECT_EQ(Malloc->Replacement, "musaMalloc");
  EXPECT_EQ(Malloc->Family, "runtime");

  const Rule *Removed = Table.find("cudaThreadSynchronize", RuleKind::Function);
  ASSERT_NE(Removed, nullptr);
  EXPECT_EQ(Removed->Status, RuleStatus::Removed);
  EXPECT_EQ(Removed->CudaRemoved, "13.0");

  const Rule *Unsupported =
      Table.find("cudaDeviceFlushGPUDirectRDMAWrites", RuleKind::Function);
  ASSERT_NE(Unsupported, nullptr);
  EXPECT_FALSE(Unsupported->hasReplacement());

  // A reference may resolve to another kind than the table says (a macro
  // used where an enumerator would be); headers never match identifiers.
  EXPECT_NE(Table.find("cudaStreamNonBlocking", RuleKind::Enumerator), nullptr);
  EXPECT_EQ(Table.find("cuda_runtime.h", RuleKind::Function), nullptr);
  EXPECT_NE(Table.findHeader("cuda_runtime.h"), nullptr);
  EXPECT_EQ(Table.findHeader("cudaMalloc"), nullptr);
  EXPECT_EQ(Table.find("cudaCheck", RuleKind::Function), nullptr);
}

TEST(RuleTable, RejectsInvalidJsonWithPosition) {
  std::string E = errorFor("{\"target\": \"musa\",\n \"entries\": [}");
  EXPECT_NE(E.find("bad.json: not valid JSON"), std::string::npos) << E;
  EXPECT_NE(E.find("line 2"), std::string::npos) << E;
}

// A number no double holds is nlohmann's out_of_range, not a parse_error: a
// message too, never an exception out of the loader.
TEST(RuleTable, RejectsNumbersTooLarge) {
  std::string E = errorFor(R"({"target": "musa", "family": 1E999, "entries": []})");
  EXPECT_NE(E.find("bad.json: not valid JSON"), std::string::npos) << E;
  EXPECT_NE(E.find("number overflow"), std::string::npos) << E;
}

TEST(RuleTable, RejectsWrongTarget) {
  std::string E = errorFor(R"({"target": "hip", "family": "x", "entries": []})");
  EXPECT_NE(E.find("\"target\" is \"hip\", expected \"musa\""), std::string::npos) << E;
}

TEST(RuleTable, RejectsUnknownKeys) {
  EXPECT_NE(errorFor(R"({"target": "musa", "family": "x", "entries": [], "extra": 1})")
                .find("unknown key \"extra\""),
            std::string::npos);
  EXPECT_NE(errorFor(withEntry(R"({"cuda": "a", "kind": "function",
      "status": "supported", "target": "b", "colour": "red"})"))
                .find("entry 0: unknown key \"colour\""),
            std::string::npos);
}

TEST(RuleTable, RejectsBadEntries) {
  EXPECT_NE(errorFor(withEntry(R"({"kind": "function", "status": "supported",
      "target": "b"})"))
                .find("\"cuda\" is missing"),
            std::string::npos);
  EXPECT_NE(errorFor(withEntry(R"({"cuda": "a", "kind": "class",
      "status": "supported", "target": "b"})"))
                .find("entry 0 (\"a\"): \"kind\" must be"),
            std::string::npos);
  EXPECT_NE(errorFor(withEntry(R"({"cuda": "a", "kind": "function",
      "status": "maybe", "target": "b"})"))
                .find("\"status\" must be"),
            std::string::npos);
  EXPECT_NE(errorFor(withEntry(R"({"cuda": "a", "kind": "function",
      "status": "supported"})"))
                .find("\"target\" is missing"),
            std::string::npos);
  EXPECT_NE(errorFor(withEntry(R"({"cuda": "a", "kind": "function",
      "status": "unsupported"})"))
                .find("needs a \"note\""),
            std::string::npos);
  EXPECT_NE(errorFor(withEntry(R"({"cuda": "a", "kind": "function",
      "status": "unsupported", "target": "b", "note": "n"})"))
                .find("an unsupported entry has no \"target\""),
            std::string::npos);
  EXPECT_NE(errorFor(withEntry(R"({"cuda": 7, "kind": "function",
      "status": "supported", "target": "b"})"))
                .find("\"cuda\" must be a string"),
            std::string::npos);
  EXPECT_NE(
      errorFor(withEntry(R"({"cuda": "a", "kind": "function",
      "status": "supported", "target": "b", "include_first": ["c.h"]})"))
          .find("\"include_first\" is an array of header names, for header entries"),
      std::string::npos);
  EXPECT_NE(errorFor(withEntry(R"({"cuda": "a.h", "kind": "header",
      "status": "supported", "target": "b.h", "include_first": "c.h"})"))
                .find("\"include_first\" is an array"),
            std::string::npos);
}

TEST(RuleTable, RejectsDuplicatesAcrossTables) {
  RuleTable Table;
  ASSERT_FALSE(bool(Table.addTable(GoodTable, "first.json", "musa")));
  llvm::Error E = Table.addTable(
      withEntry(R"({"cuda": "cudaMalloc", "kind": "function", "status": "supported",
                    "target": "musaMalloc2"})"),
      "second.json", "musa");
  ASSERT_TRUE(bool(E));
  std::string Message = llvm::toString(std::move(E));
  EXPECT_NE(Message.find("second.json: entry 0 (\"cudaMalloc\"): duplicate function "
                         "entry; first defined in first.json"),
            std::string::npos)
      << Message;
}

TEST(RuleTable, LoadDirectoryNamesMissingFolder) {
  llvm::Expected<RuleTable> T = RuleTable::loadDirectory("/nonexistent/rules", "musa");
  ASSERT_FALSE(bool(T));
  EXPECT_NE(llvm::toString(T.takeError()).find("/nonexistent/rules/musa"),
            std::string::npos);
}

TEST(RuleTable, ShippedTablesLoad) {
  for (const char *Target : {"musa", "hip"}) {
    llvm::Expected<RuleTable> T = RuleTable::loadDirectory(MUSIFY_TEST_RULES_DIR, Target);
    ASSERT_TRUE(bool(T)) << llvm::toString(T.takeError());
    EXPECT_GT(T->size(), 1000u) << Target;
  }
}

} // namespace

namespace {

TEST(RuleTable, CallRewrites) {
  RuleTable Table;
  ASSERT_FALSE(
      bool(Table.addTable(withEntry(R"json({"cuda": "cudaEventCreate", "kind": "function",
        "status": "supported", "target": "hipEventCreate",
        "call": {"by_arity": {"2": "hipEventCreateWithFlags"},
                 "wrap": {"0": "HIP_SYMBOL(%)"},
                 "drop": {"index": 0, "harmless": ["0xffffffff"]}}})json"),
                          "calls.json", "musa")));
  const Rule *R = Table.find("cudaEventCreate", RuleKind::Function);
  ASSERT_TRUE(R && R->Call);
  EXPECT_EQ(R->Call->ByArity.at(2), "hipEventCreateWithFlags");
  EXPECT_EQ(R->Call->Wrap.at(0).first, "HIP_SYMBOL(");
  EXPECT_EQ(R->Call->Wrap.at(0).second, ")");
  EXPECT_EQ(R->Call->Drop, 0u);
  EXPECT_EQ(R->Call->DropHarmless, std::vector<std::string>{"0xffffffff"});
}

TEST(RuleTable, RejectsMalformedCallRewrites) {
  EXPECT_NE(errorFor(withEntry(R"({"cuda": "a", "kind": "function", "status": "supported",
      "target": "b", "call": {"wrap": {"0": "no placeholder"}}})"))
                .find("\"call\": \"wrap\" maps argument indices to patterns with one %"),
            std::string::npos);
  EXPECT_NE(errorFor(withEntry(R"({"cuda": "a", "kind": "function", "status": "supported",
      "target": "b", "call": {"rename": 1}})"))
                .find("unknown or malformed key \"rename\""),
            std::string::npos);
  EXPECT_NE(errorFor(withEntry(R"({"cuda": "a", "kind": "function", "status": "supported",
      "target": "b", "call": {"drop": {"index": 0, "harmless": [1]}}})"))
                .find("\"harmless\" lists spellings"),
            std::string::npos);
}

} // namespace

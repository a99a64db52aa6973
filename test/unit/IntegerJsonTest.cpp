// core/IntegerJson: records that must hold whole numbers refuse any other.
#include "core/IntegerJson.h"

#include <gtest/gtest.h>

using namespace musify;

TEST(IntegerJson, WholeNumbersRead) {
  nlohmann::json J =
      parseIntegerJson(R"({"shard": 1, "list": [0, -3, 18446744073709551615]})");
  ASSERT_FALSE(J.is_discarded());
  EXPECT_EQ(J.at("shard").get<unsigned>(), 1u);
}

// A number past 64 bits is parsed as a double: converting it to unsigned is
// undefined, so it is refused with where it is.
TEST(IntegerJson, FractionsAndHugeNumbersAreRefused) {
  std::string Why;
  EXPECT_TRUE(parseIntegerJson(R"({"shards": 42966666666666666666666666666})", &Why)
                  .is_discarded());
  EXPECT_EQ(Why, "the number at /shards is not a whole number");
  EXPECT_TRUE(parseIntegerJson(R"({"a": [1, {"b": 2.5}]})", &Why).is_discarded());
  EXPECT_EQ(Why, "the number at /a/1/b is not a whole number");
  EXPECT_TRUE(parseIntegerJson("1e3", &Why).is_discarded());
  EXPECT_EQ(Why, "the number at / is not a whole number");
}

TEST(IntegerJson, TextThatIsNotJson) {
  std::string Why;
  EXPECT_TRUE(parseIntegerJson("{\"a\": ", &Why).is_discarded());
  EXPECT_EQ(Why, "it is not JSON");
  EXPECT_FALSE(fractionalNumberIn(nlohmann::json::parse("[1, 2, \"3.5\"]")));
}

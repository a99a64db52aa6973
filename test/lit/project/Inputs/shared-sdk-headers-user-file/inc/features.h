#pragma once
#include_next <features.h>

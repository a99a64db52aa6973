"""The kinds of target builder, by the "builder" of the target data
(config.TARGET_TYPES types each kind's data)."""

from rulegen.hipify_builder import HipifyBuilder
from rulegen.prefix_builder import PrefixBuilder

BUILDERS = {"prefix": PrefixBuilder, "hipify": HipifyBuilder}


def for_targets(targets, options):
    """A builder per target, in the targets' order."""
    return tuple(BUILDERS[t.builder](t, options) for t in targets)

"""torch_musa.utils of musify's stand-in: only musa_extension."""

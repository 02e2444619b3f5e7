// Placeholder compile unit replaced below.

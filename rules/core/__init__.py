"""Game-agnostic building blocks: the schema a game declares and the registry that finds games."""

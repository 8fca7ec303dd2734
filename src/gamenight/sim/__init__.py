"""Running matches between agents: the driver, simulation runs, statistics, metrics."""

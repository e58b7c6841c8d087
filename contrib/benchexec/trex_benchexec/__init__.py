"""BenchExec tool-info modules of trex (`trex_benchexec.trex`)."""

# This file is part of trex: BenchExec's tool-info module for it. BenchExec loads it by its
# qualified name: put contrib/benchexec on PYTHONPATH and write tool="trex_benchexec.trex" in a
# benchmark definition, or pass trex_benchexec.trex to python3 -m benchexec.test_tool_info.
"""trex: symbolic execution with interpolation for LLVM bitcode (`trex verify --svcomp`)."""

import benchexec.result as result
import benchexec.tools.template


class Tool(benchexec.tools.template.BaseTool2):
    """`trex verify --svcomp TASK.c --property P --data-model M`: one verdict line on stdout
    (TRUE, FALSE(unreach-call), UNKNOWN), `TREX: reason: ...` before an UNKNOWN, and one
    `trex: error: ...` line for a task trex refuses (a property it does not support, a program
    it cannot compile)."""

    def executable(self, tool_locator):
        return tool_locator.find_executable("trex")

    def name(self):
        return "trex"

    def version(self, executable):
        # `trex --version` prints `trex X.Y.Z`.
        return self._version_from_tool(executable).replace("trex", "", 1).strip()

    def cmdline(self, executable, options, task, rlimits):
        cmd = [executable, "verify", "--svcomp"] + list(options)
        if task.property_file and "--property" not in options:
            cmd += ["--property", task.property_file]
        model = (task.options or {}).get("data_model") if isinstance(task.options, dict) else None
        if model in ("ILP32", "LP64") and "--data-model" not in options:
            cmd += ["--data-model", model]
        # trex's own budget ends the run with UNKNOWN (and its reason) just before BenchExec's
        # limit would kill it without a verdict.
        limit = rlimits.cputime or rlimits.walltime
        if limit and not any(o.startswith("--max-time") for o in options):
            cmd += ["--max-time", str(max(1, int(limit * 0.95)))]
        return cmd + [task.single_input_file]

    def determine_result(self, run):
        for line in run.output:
            line = line.strip()
            if line == "TRUE":
                return result.RESULT_TRUE_PROP
            if line == "FALSE(unreach-call)":
                return result.RESULT_FALSE_REACH
            if line.startswith("trex: error:"):
                return "ERROR (" + line[len("trex: error:"):].strip()[:60] + ")"
        for line in run.output:
            if line.strip() == "UNKNOWN":
                reasons = [
                    l.strip()[len("TREX: reason:"):].strip()
                    for l in run.output
                    if l.strip().startswith("TREX: reason:")
                ]
                if reasons:
                    return result.RESULT_UNKNOWN + " (" + reasons[0][:40] + ")"
                return result.RESULT_UNKNOWN
        if run.was_timeout:
            return "TIMEOUT"
        return result.RESULT_ERROR

    def get_value_from_output(self, output, identifier):
        # `TREX: verify: N targets: ...` and the other `TREX:` lines, by their prefix.
        for line in output:
            if line.startswith(identifier):
                return line[len(identifier):].strip()
        return None

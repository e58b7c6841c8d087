#!/usr/bin/env python3
"""Generates the TRACER-X paper's Fig. 1 program (Jaffar et al., "TRACER-X: dynamic symbolic
execution with interpolation", Section 2, "Motivating Example 1") as C for trex / KLEE.

    fig1.py [--shape layered|complete] [--layers L] [--width W] [--nodes N]
            [--variant holds|violated|both] [--bound B] [--input verifier|klee]
            [--seed S] [-o FILE]

A shortest path over a DAG: the program walks from node 1 to node N, choosing every next node
nondeterministically (a fresh symbolic int per step) among the successors of the current node,
adds the edge's distance to `d`, and at the end checks `assert(d >= BOUND)`, written
`if (d < BOUND) reach_error();` (the SV-COMP form; a trex built-in when only declared). As in the
figure, the graph is a distance matrix `graph[N+1][N+1]` and the walk is one `while` loop with an
inner `for` loop that compares the symbolic choice with every successor, so every step forks once
per successor and the number of paths is the number of paths of the DAG; TRACER-X's interpolant
at the loop head (`node == k && d >= BOUND - shortest(k, N)`) subsumes every later visit of a
node with a larger distance.

Shapes:
  layered   node 1, then L layers of W nodes each, then node N = L*W + 2; every node of a layer
            has an edge to every node of the next one: W^L paths.
  complete  the figure's graph: N nodes, an edge from every node to every higher-numbered one:
            2^(N-2) paths.
Edge distances are pseudo-random in 1..9, from --seed (the same graph for the same parameters).

Variants (the generator computes the shortest distance SP and the longest LP itself):
  holds     `if (d < SP) reach_error();`          target UNREACHABLE (the bound is tight)
  violated  `if (d < SP + 1) reach_error();`      target REACHABLE (only the shortest paths)
  both      the `holds` check, then `if (d > LP - 1) reach_error();` (the longest paths exceed
            it): two targets, the first UNREACHABLE, the second REACHABLE.
--bound B overrides the lower bound (expected verdict: REACHABLE iff B > SP).

Every target line ends with a comment `// EXPECT: REACHABLE` or `// EXPECT: UNREACHABLE`
(benchmarks/paper/run.sh reads them).
"""
import argparse
import sys


def lcg_weights(seed: int):
    """Distances in 1..9 from a fixed 64-bit LCG (stable across Python versions)."""
    x = (seed * 6364136223846793005 + 1442695040888963407) & (2**64 - 1)
    while True:
        x = (x * 6364136223846793005 + 1442695040888963407) & (2**64 - 1)
        yield 1 + (x >> 33) % 9


def build_graph(shape: str, layers: int, width: int, nodes: int, seed: int):
    """Returns (N, succ) where succ[u] = (lo, hi) (successors lo..hi, contiguous) for u in
    1..N-1, and graph[u][v] the distance of edge u->v (0: no edge)."""
    if shape == "layered":
        n = layers * width + 2
        # Layer 0 is node 1, layer k (1..L) is nodes 2+(k-1)W .. 1+kW, layer L+1 is node N.
        layer_nodes = [[1]] + [list(range(2 + k * width, 2 + (k + 1) * width))
                               for k in range(layers)] + [[n]]
        succ = {}
        for k in range(len(layer_nodes) - 1):
            nxt = layer_nodes[k + 1]
            for u in layer_nodes[k]:
                succ[u] = (nxt[0], nxt[-1])
    else:
        n = nodes
        succ = {u: (u + 1, n) for u in range(1, n)}
    w = lcg_weights(seed)
    graph = [[0] * (n + 1) for _ in range(n + 1)]
    for u in range(1, n):
        lo, hi = succ[u]
        for v in range(lo, hi + 1):
            graph[u][v] = next(w)
    return n, succ, graph


def extremes(n, succ, graph):
    """Shortest and longest distance from node 1 to node n (every node reaches n)."""
    inf = float("inf")
    sp = [inf] * (n + 1)
    lp = [-inf] * (n + 1)
    sp[n] = lp[n] = 0
    for u in range(n - 1, 0, -1):
        if u not in succ:
            continue
        lo, hi = succ[u]
        sp[u] = min(graph[u][v] + sp[v] for v in range(lo, hi + 1))
        lp[u] = max(graph[u][v] + lp[v] for v in range(lo, hi + 1))
    return sp[1], lp[1]


def count_paths(n, succ):
    paths = [0] * (n + 1)
    paths[n] = 1
    for u in range(n - 1, 0, -1):
        if u in succ:
            lo, hi = succ[u]
            paths[u] = sum(paths[v] for v in range(lo, hi + 1))
    return paths[1]


def generate(shape, layers, width, nodes, variant, bound, inp, seed) -> str:
    n, succ, graph = build_graph(shape, layers, width, nodes, seed)
    sp, lp = extremes(n, succ, graph)
    if bound is None:
        bound = sp + 1 if variant == "violated" else sp
    lower_expect = "REACHABLE" if bound > sp else "UNREACHABLE"
    size = f"L={layers} W={width}" if shape == "layered" else f"N={n}"
    out = []
    wr = out.append
    wr(f"// TRACER-X Fig. 1 (shortest path over a DAG): shape {shape}, {size}, {n} nodes, "
       f"{count_paths(n, succ)} paths, seed {seed}.")
    wr(f"// Shortest distance from node 1 to node {n}: {sp}; longest: {lp}. Variant {variant}, "
       f"BOUND {bound}.")
    wr("// Generated by benchmarks/paper/fig1.py; do not edit.")
    wr(f"#define N {n}")
    wr(f"#define BOUND {bound}")
    if variant == "both":
        wr(f"#define UPPER {lp - 1}")
    wr("")
    if inp == "klee":
        wr("void klee_make_symbolic(void *addr, unsigned long nbytes, const char *name);")
    else:
        wr("int __VERIFIER_nondet_int(void);")
    wr("void reach_error(void);")
    wr("")
    wr("// graph[u][v]: the distance of the edge u -> v (0: no edge); the successors of u are the")
    wr("// nodes lo[u] .. hi[u].")
    wr("static const int graph[N + 1][N + 1] = {")
    for u in range(n + 1):
        wr("  {" + ", ".join(str(x) for x in graph[u]) + "},")
    wr("};")
    los = [succ[u][0] if u in succ else 0 for u in range(n + 1)]
    his = [succ[u][1] if u in succ else -1 for u in range(n + 1)]
    wr("static const int lo[N + 1] = {" + ", ".join(map(str, los)) + "};")
    wr("static const int hi[N + 1] = {" + ", ".join(map(str, his)) + "};")
    wr("")
    wr("int main(void) {")
    wr("  int node = 1, d = 0;")
    wr("  while (node < N) {")
    if inp == "klee":
        wr("    int next;")
        wr('    klee_make_symbolic(&next, sizeof next, "next");')
    else:
        wr("    int next = __VERIFIER_nondet_int();")
    wr("    int i;")
    wr("    for (i = lo[node]; i <= hi[node]; i++)")
    wr("      if (next == i) { d += graph[node][i]; break; }")
    wr("    if (i > hi[node]) return 0;  // not a successor of node: not a path of the graph")
    wr("    node = i;  // == next, but concrete")
    wr("  }")
    wr(f"  if (d < BOUND) reach_error();  // assert(d >= BOUND)  // EXPECT: {lower_expect}")
    if variant == "both":
        wr("  if (d > UPPER) reach_error();  // assert(d <= UPPER)  // EXPECT: REACHABLE")
    wr("  return 0;")
    wr("}")
    return "\n".join(out) + "\n"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--shape", choices=["layered", "complete"], default="layered")
    p.add_argument("--layers", type=int, default=4, help="layered: number of layers (>= 1)")
    p.add_argument("--width", type=int, default=3, help="layered: nodes per layer (>= 1)")
    p.add_argument("--nodes", type=int, default=8, help="complete: number of nodes N (>= 2)")
    p.add_argument("--variant", choices=["holds", "violated", "both"], default="holds")
    p.add_argument("--bound", type=int, help="lower bound (default: SP, or SP+1 if violated)")
    p.add_argument("--input", choices=["verifier", "klee"], default="verifier",
                   help="__VERIFIER_nondet_int() or klee_make_symbolic (default verifier)")
    p.add_argument("--seed", type=int, default=1, help="seed of the edge distances")
    p.add_argument("-o", "--output", help="output file (default: stdout)")
    a = p.parse_args()
    if a.layers < 1 or a.width < 1:
        p.error("--layers and --width must be at least 1")
    if a.nodes < 2:
        p.error("--nodes must be at least 2")
    text = generate(a.shape, a.layers, a.width, a.nodes, a.variant, a.bound, a.input, a.seed)
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

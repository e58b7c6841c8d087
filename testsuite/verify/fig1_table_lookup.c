// verify: TRACER-X's Fig. 1 (paper 003): the shortest path through a weighted DAG of 10 nodes
// (29 paths from node 1 to node 10, shortest distance 22), each step read from a global table at
// a symbolic index. The distance is at least 22 on every path (UNREACHABLE) but not at least 23
// (REACHABLE). Table reads at symbolic indices made every query fall back to Z3's general solver
// (about a second each; the run took minutes): the table is now defined byte by byte.
// EXPECT-VERDICT: @safe UNREACHABLE
// EXPECT-VERDICT: @bug REACHABLE
// TIMEOUT: 30
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
#define N 10
int graph[N + 1][N + 1] = {
  {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
  {0, 0, 8, 0, 20, 19, 1, 0, 18, 16, 0},
  {0, 0, 0, 18, 5, 5, 0, 0, 0, 0, 19},
  {0, 0, 0, 0, 2, 1, 0, 20, 0, 0, 0},
  {0, 0, 0, 0, 0, 14, 19, 5, 0, 5, 9},
  {0, 0, 0, 0, 0, 0, 14, 0, 0, 13, 0},
  {0, 0, 0, 0, 0, 0, 0, 18, 0, 0, 0},
  {0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0},
  {0, 0, 0, 0, 0, 0, 0, 0, 0, 6, 0},
  {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 11},
  {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}};
int main(void) {
  int node = 1, d = 0;
  while (node < N) {
    int next = __VERIFIER_nondet_int();
    __VERIFIER_assume(next > node && next <= N);
    __VERIFIER_assume(graph[node][next] != 0);
    d += graph[node][next];
    node = next;
  }
  if (!(d >= 23))
    reach_error(); // @bug
  if (!(d >= 22))
    reach_error(); // @safe
  return 0;
}

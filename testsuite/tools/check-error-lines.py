#!/usr/bin/env python3
"""For each testsuite/err_*.c (or the files given), compiles to LLVM IR at -O0, -O2 and -O2 -m32
and checks that an instruction of the expected kind (load/store, div/rem, shift, call of free /
abort / __assert_fail / the external) carries the debug location of the expected error line, i.e.
that the optimizer neither deleted nor moved the faulting operation."""
import glob, os, re, subprocess, sys

os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
WANT = {'ptr': r'\b(load|store)\b|call void @llvm\.mem', 'read_only': r'\bstore\b|call void @llvm\.mem',
        'free': r'call void @free', 'div': r'\b[su](div|rem)\b', 'overshift': r'\b(shl|ashr|lshr)\b',
        'abort': r'call void @abort', 'assert': r'call void @__assert_fail', 'external': r'\bcall\b', 'exec': r'\bunreachable\b'}
bad = 0
files = sys.argv[1:] or sorted(glob.glob('*.c'))
for f in files:
    text = open(f).read()
    m = re.search(r'^\s*//\s*EXPECT:\s*error\s+(\S+)(?:\s+(\d+))?', text, re.M)
    if not m:
        continue
    kind = m.group(1)
    line = int(m.group(2)) if m.group(2) else [i + 1 for i, l in enumerate(text.splitlines())
                                               if 'ERROR-LINE' in l and not l.strip().startswith('//')][0]
    only = re.search(r'^\s*//\s*ONLY:(.*)$', text, re.M)
    levels = only.group(1).split()[:2] if only else ['O0', 'O2']
    for flags in [f for f in (['-O0'], ['-O2'], ['-O2', '-m32']) if f[0][1:] in levels]:
        ll = subprocess.run(['clang-14', '-g', '-S', '-emit-llvm', '-w', '-o', '-', f] + flags,
                            capture_output=True, text=True).stdout
        locs = {x.group(1) for x in re.finditer(r'^(!\d+) = !DILocation\(line: %d,' % line, ll, re.M)}
        hits = [l for l in ll.splitlines() if re.search(WANT[kind], l)
                and any(re.search(r'!dbg %s\b' % re.escape(x), l) for x in locs)]
        if not hits:
            print('FAIL %s %s: no %s instruction at line %d' % (f, ' '.join(flags), kind, line))
            bad = 1
print('error lines OK' if not bad else 'some error lines are not in the IR')
sys.exit(bad)

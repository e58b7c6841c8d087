// Without the C library: main(argc, argv) counts the characters of its arguments by hand.
// LIBC: none
// RUN: abc de f
// EXPECT: exit 64
// M32
int main(int argc, char **argv) {
    int chars = 0;
    for (int i = 1; i < argc; i++)
        for (const char *p = argv[i]; *p; p++) chars++;
    return argc * 10 + chars * 4;
}

// Arrays of structs: initialization, sorting by hand (insertion sort), searching, updating.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <string.h>

struct emp { char name[16]; int age; double salary; unsigned dept; };

static struct emp staff[] = {
    {"alice", 34, 5200.5, 2}, {"bob", 45, 4100.0, 1}, {"carol", 29, 6100.25, 2},
    {"dave", 51, 3900.75, 3}, {"erin", 38, 7000.0, 1}, {"frank", 23, 2800.0, 3},
    {"grace", 41, 5600.0, 2}, {"heidi", 33, 4400.5, 1},
};
#define N (sizeof staff / sizeof staff[0])

int main(void) {
    for (unsigned i = 1; i < N; i++) {
        struct emp key = staff[i];
        int j = (int)i - 1;
        while (j >= 0 && (staff[j].salary < key.salary)) { staff[j + 1] = staff[j]; j--; }
        staff[j + 1] = key;
    }
    for (unsigned i = 0; i < N; i++) printf("%-6s %2d %8.2f %u\n", staff[i].name, staff[i].age, staff[i].salary, staff[i].dept);
    double by_dept[4] = {0};
    int count[4] = {0};
    for (unsigned i = 0; i < N; i++) { by_dept[staff[i].dept] += staff[i].salary; count[staff[i].dept]++; }
    for (int d = 1; d < 4; d++) printf("dept %d: %d people, avg %.3f\n", d, count[d], by_dept[d] / count[d]);
    for (unsigned i = 0; i < N; i++) if (staff[i].age > 40) staff[i].salary *= 1.1;
    struct emp *oldest = &staff[0];
    for (struct emp *p = staff; p < staff + N; p++) if (p->age > oldest->age) oldest = p;
    printf("oldest %s %.2f index %d\n", oldest->name, oldest->salary, (int)(oldest - staff));
    for (unsigned i = 0; i < N; i++) if (!strcmp(staff[i].name, "grace")) printf("grace at %u\n", i);
    return 0;
}

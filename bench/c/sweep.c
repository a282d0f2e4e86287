/* The baseline of the sequence sweep (issue 36): a plain C port of docs/math.md's column sweep,
   as a contest programmer would write it. int64 arrays, one "next free line" link per line of
   each ray other than Nim's, path compression, nothing clever. Compiled by the bench with cc -O2.

   usage: sweep N P1 Q1 P2 Q2 ... -- I1 J1 I2 J2 ...   (every vector with its mirror; Nim's rays
   (1,0) and (0,1) are implied and skipped). Prints: a checksum of col[0..N), then ns a column. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef long long i64;

static i64 find(i64 *nxt, unsigned char *used, i64 size, i64 d) {
    i64 r = d;
    while (r < size && used[r]) r = nxt[r];
    while (d != r && d < size) { i64 t = nxt[d]; nxt[d] = r; d = t; }
    return r;
}

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    i64 n = atoll(argv[1]);
    i64 rp[16], rq[16], ji[16], jj[16];
    int nr = 0, nj = 0, jumps = 0;
    for (int a = 2; a < argc; a++) {
        if (!strcmp(argv[a], "--")) { jumps = 1; continue; }
        i64 u = atoll(argv[a]), v = atoll(argv[++a]);
        if (jumps) { if (u >= 1) { ji[nj] = u; jj[nj] = v; nj++; } }
        else if (!((u == 1 && v == 0) || (u == 0 && v == 1))) { rp[nr] = u; rq[nr] = v; nr++; }
    }
    i64 ycap = (i64)(n * (argc > 0 && getenv("ROOM") ? atof(getenv("ROOM")) : 1.75)) + 64;
    struct timespec t00, t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t00); /* the whole run: its arrays allocated and filled too */
    i64 *col = malloc(sizeof(i64) * ycap);
    for (i64 i = 0; i < ycap; i++) col[i] = -1;
    i64 *nxt[16], size[16], cmax[16];
    unsigned char *used[16];
    for (int r = 0; r < nr; r++) {
        i64 p = rp[r], q = rq[r];
        cmax[r] = (q > p ? q - p : 0) * (ycap - 1);
        size[r] = p * (ycap - 1) + cmax[r] + p;
        nxt[r] = malloc(sizeof(i64) * size[r]);
        used[r] = calloc(size[r], 1);
    }
    clock_gettime(CLOCK_MONOTONIC, &t0); /* the sweep alone */
    for (i64 x = 0; x < n; x++) {
        if (col[x] >= 0) continue;
        i64 y = x;
        for (;;) {
            if (y >= ycap) { fprintf(stderr, "out of rows\n"); return 1; }
            if (col[y] >= 0) { y++; continue; }
            int moved = 0;
            for (int r = 0; r < nr; r++) {
                i64 p = rp[r], d = cmax[r] - (rq[r] * x - p * y);
                if (used[r][d]) {
                    i64 f = find(nxt[r], used[r], size[r], d);
                    y += (f - d) / p;
                    moved = 1;
                    break;
                }
            }
            if (moved) continue;
            int hit = 0;
            for (int t = 0; t < nj; t++)
                if (ji[t] <= x && jj[t] <= y && col[x - ji[t]] == y - jj[t]) { hit = 1; break; }
            if (hit) { y++; continue; }
            break;
        }
        col[x] = y;
        col[y] = x;
        for (int r = 0; r < nr; r++) {
            i64 p = rp[r];
            i64 d1 = cmax[r] - (rq[r] * x - p * y), d2 = cmax[r] - (rq[r] * y - p * x);
            if (d1 >= 0 && d1 < size[r]) { used[r][d1] = 1; nxt[r][d1] = d1 + p; }
            if (d2 >= 0 && d2 < size[r]) { used[r][d2] = 1; nxt[r][d2] = d2 + p; }
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    unsigned long long sum = 0;
    for (i64 x = 0; x < n; x++) sum = sum * 1000003ULL + (unsigned long long)col[x];
    double ns = ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / (double)n;
    double whole = ((t1.tv_sec - t00.tv_sec) * 1e9 + (t1.tv_nsec - t00.tv_nsec)) / (double)n;
    printf("%llu %.2f %.2f\n", sum, ns, whole);
    return 0;
}

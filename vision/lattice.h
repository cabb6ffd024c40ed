/* lattice.h - the board's grid from line segments: two families of lines
 * fitted as one projective lattice, then its extent and size. Pure C. */
#ifndef SEI_LATTICE_H
#define SEI_LATTICE_H

#include <stdint.h>

typedef struct {
    double H[9];        /* lattice (u, v) to pixels; u, v = 0 .. size-1 */
    int size;           /* 9, 13 or 19; 0 when no lattice was found */
    double score;       /* share of the size x 2 lattice lines the segments support */
    int lines_a, lines_b; /* lines found in each family */
    char why[160];      /* when size is 0: what went wrong */
} sei_lattice;

/* Fit the lattice to n segments (5 floats each: x1, y1, x2, y2, width) of a
 * w x h picture. size: 0 to find it, else 9/13/19. tol: pixel tolerance.
 * rounds: RANSAC hypotheses. min_support: share of a line's length that
 * segments must cover. seed: random seed. Returns 0 with *out filled, or -1
 * with out->why set. */
int sei_lattice_fit(const float *segs, int n, int w, int h, int size, double tol, int rounds, double min_support,
                    uint64_t seed, sei_lattice *out);

/* Apply a row-major 3x3 homography to (x, y). */
static inline void sei_h_apply(const double H[9], double x, double y, double *ox, double *oy)
{
    double z = H[6] * x + H[7] * y + H[8];
    if (z == 0)
        z = 1e-12;
    *ox = (H[0] * x + H[1] * y + H[2]) / z;
    *oy = (H[3] * x + H[4] * y + H[5]) / z;
}

/* Least-squares homography taking n >= 4 src points to dst points (x, y
 * pairs), normalised for conditioning. Returns 0, or -1 when degenerate. */
int sei_h_fit(const double *src, const double *dst, int n, double H[9]);

/* C = A * B and the inverse of a 3x3 matrix (returns -1 when singular). */
void sei_h_mul(const double A[9], const double B[9], double C[9]);
int sei_h_inv(const double A[9], double R[9]);

#endif

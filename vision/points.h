/* points.h - the learned point classifier: empty, black or white at each
 * intersection, with a calibrated probability, or hidden (a hand over it).
 *
 * A small convolutional network (vision/model/points.onnx, trained by
 * `make model` on the project's own renders; see vision/model/README.md)
 * looks at a patch of the board seen from straight above, centred where
 * the top of a stone standing on the point would be seen. The patch is
 * cut here, in one place, both for reading and for making training data,
 * so the network is always fed what it was trained on:
 *   - the board is warped to a top-down view with `cell` pixels a cell;
 *   - each colour channel is divided by the board's own wood colour (the
 *     median of the cell centres, which stones seldom cover) and taken as
 *     a logarithm, so a warm lamp, a blue window, a pale or a dark board
 *     give the network the same picture of a stone;
 *   - stored as bytes: 128 + 64 ln((p + 8) / (wood + 8)), clipped.
 * The network (run by OpenCV's dnn module inside cvwrap.cpp) is fed the
 * bytes as (b - 128) / 64, and its logits are
 * already calibrated: train.py folds the softmax temperature fitted on
 * renders held out of training into its last layer. */
#ifndef SEI_POINTS_H
#define SEI_POINTS_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "image.h"

/* The patch geometry the committed model was trained with. */
enum { SEI_POINTS_PATCH = 24, SEI_POINTS_CELL = 16 };

/* The fourth class of a model that has one: the point cannot be seen (a
 * hand or an arm over it). A model of three classes never says it. */
enum { SEI_POINTS_HIDDEN = 3, SEI_POINTS_MAX_CLASSES = 4 };

/* Tunables, with their defaults from sei_points_params_default. */
typedef struct {
    /* A point whose most likely class has a probability below this is
     * reported as unsure ("check these points"). Chosen on held-out
     * renders so that nearly every misread point is flagged while few
     * right ones are (README: the unsure figures). */
    double unsure_below;
    /* The hand-set rules of stones.c read each point too, and fail
     * otherwise than the network. A point they read otherwise is flagged
     * unsure only while the network's probability is below this. Chosen
     * on the 290 renders read at their size of the 360 the stone finder
     * was trained on (the point classifier never saw them), beside the 66
     * renders: below 0.999 their disagreement catches one misread point
     * for every seven right ones flagged, as raising unsure_below does;
     * over it, one for every 37 (103 misread, 3,791 right). 2 flags every
     * disagreement, 0 none. */
    double rule_doubt_below;
    /* A point whose probability of being hidden (the fourth class) is at
     * least this is reported hidden, and unsure. */
    double hidden_at;
    /* ... and only in a group of at least this many such points side by
     * side (8-connected): a hand hides several, and a lone point said
     * hidden is most often a real board's edge beside a bowl. In the
     * truth of the 140 training renders with hands, 3 of 1,572 hidden
     * points stand alone (2). */
    int hidden_group;
    /* A point with at least this many of its neighbours on the board
     * (eight inside, five on an edge, three at a corner) said hidden is
     * unsure too: a hand's edge lies over it, and a finger along a row
     * of empty points on pale wood reads as the wood. 0 (or more than
     * 8): never. Chosen on 202 renders of make model's hands kind
     * (800x600, the committed model's recipe with more pictures), none
     * of the README's benchmark sets: the smallest count that flags at
     * most ten right points for each misread one caught. There, 4 flags
     * 98 right points and catches 13 of the 645 misread points left
     * unflagged; 3, 476 for 44 (4). */
    int hidden_near;
    /* NULL: the model built into the program; else an ONNX file of the
     * same shape to use instead (for measuring another model, as `seichi
     * bench vision --model FILE` does). */
    const char *model_path;
    /* The second opinion: a point the model above is less sure of than
     * this (its likeliest colour's probability) is read by a second model
     * too, trained the same way on more renders (280 and 202 pictures,
     * not 140 and 140: vision/model/README.md), and the two models'
     * colour probabilities are averaged there; whether it is hidden stays
     * the first model's word (the second says hidden less at the table
     * beyond a board, where the edges stage needs it). Two networks
     * trained apart fail apart, and a point the first is sure of keeps
     * its reading. Alone, the second model reads more renders of the test
     * set's kind perfectly but one fewer of the 66 renders and no more of
     * imago's or Tengen-Go's photos, and one trained the same way with
     * another seed read 36 of imago's 54 photos, not 50. Chosen between
     * every point and those below 0.99 by a rule fixed before either was
     * measured (README, Reading a photo: the second opinion): every point
     * read no more boards perfectly, at a second run over every point.
     * unsure_below and rule_doubt_below were chosen on the first model's
     * probabilities alone. 0 (or less): never, the first model alone;
     * above 1: every point. */
    double second_below;
    /* NULL: the second model built into the program; else an ONNX file
     * of the same shape (`seichi bench vision --second FILE`). */
    const char *model2_path;
} sei_points_params;

void sei_points_params_default(sei_points_params *p);

typedef struct sei_points sei_points;

/* The classifier with the models built into the program (or those
 * p names): the first, and the second opinion unless p->second_below is
 * 0 or less. NULL with a message in err when a model cannot be loaded.
 * Free with sei_points_destroy (NULL is a no-op). */
sei_points *sei_points_create(const sei_points_params *p, char *err, size_t errlen);
void sei_points_destroy(sei_points *pc);

/* Cut the patches of a size x size board from top, its top-down view in
 * BGR with intersection (col, row) at pixel (margin + col * SEI_POINTS_CELL,
 * margin + row * SEI_POINTS_CELL). shift (may be NULL) moves each patch's
 * centre, in cells, [row][col][0 = x, 1 = y]. out receives size * size
 * patches, row by row, each SEI_POINTS_PATCH^2 * 3 bytes in planar
 * (channel, y, x) order, normalised as above. Returns 0, or -1 when the
 * board shows no wood to normalise by. */
int sei_points_patches(const sei_image *top, int size, double margin, const float shift[SEI_MAX_SIZE][SEI_MAX_SIZE][2],
                       uint8_t *out);

/* Classify n (at least 1) patches (as sei_points_patches cuts them) into
 * prob[n][3]: empty, black, white, given that the point is seen (they sum
 * to 1), and hidden[n] (may be NULL): the probability that it is not seen
 * (0 from a model of three classes). Each model's are calibrated; where
 * the first model is less sure than second_below, the second model's
 * colour probabilities are averaged in (a mean of two calibrated
 * models'), and hidden is the first model's alone. Returns 0, or -1 with
 * a message. */
int sei_points_run(sei_points *pc, const uint8_t *patches, int n, float *prob, float *hidden, char *err,
                   size_t errlen);

/* Run each model once on one patch of even wood: what a process's first
 * reading would pay (OpenCV's dnn sets a network up on its first run).
 * Returns 0, or -1 with a message. */
int sei_points_warm(sei_points *pc, char *err, size_t errlen);

/* The hidden threshold, smallest group and neighbours in use. */
double sei_points_hidden_at(const sei_points *pc);
int sei_points_hidden_group(const sei_points *pc);
int sei_points_hidden_near(const sei_points *pc);

/* The unsure thresholds in use. */
double sei_points_unsure_below(const sei_points *pc);
double sei_points_rule_doubt_below(const sei_points *pc);

#endif

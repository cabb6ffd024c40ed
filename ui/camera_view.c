/* camera_view.c - the camera's picture as the live and recording screens
 * show it: the frame copied to a texture and fitted into the left of the
 * screen, with the grid the reader found drawn over it, and the mapping
 * from frame pixels and grid points to the screen that the screens use to
 * draw on the picture (corner handles, the last move, a position). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui_internal.h"

/* Frame pixels to logical pixels, as the frame was last drawn. */
void ui_frame_to_screen(const sei_ui *ui, double fx, double fy, double *sx, double *sy)
{
    *sx = ui->ox + fx * ui->fs;
    *sy = ui->oy + fy * ui->fs;
}

/* The homography H (grid column and row to frame pixels) applied to (x, y). */
static void h_apply(const double H[9], double x, double y, double *ox, double *oy)
{
    double w = H[6] * x + H[7] * y + H[8];
    if (fabs(w) < 1e-12)
        w = 1e-12;
    *ox = (H[0] * x + H[1] * y + H[2]) / w;
    *oy = (H[3] * x + H[4] * y + H[5]) / w;
}

void ui_grid_to_screen(const sei_ui *ui, const double H[9], double col, double row, double *sx, double *sy)
{
    double fx, fy;
    h_apply(H, col, row, &fx, &fy);
    ui_frame_to_screen(ui, fx, fy, sx, sy);
}

/* Copy the frame into a streaming texture (BGR; grey is widened). */
static int frame_upload(sei_ui *ui, const sei_ui_frame *f)
{
    if (!f->buf || f->width <= 0 || f->height <= 0)
        return -1;
    if (!ui->frame_tex || ui->frame_w != f->width || ui->frame_h != f->height) {
        if (ui->frame_tex)
            SDL_DestroyTexture(ui->frame_tex);
        ui->frame_tex =
            SDL_CreateTexture(ui->r, SDL_PIXELFORMAT_BGR24, SDL_TEXTUREACCESS_STREAMING, f->width, f->height);
        if (!ui->frame_tex)
            return -1;
        ui->frame_w = f->width;
        ui->frame_h = f->height;
    }
    if (f->channels == 3)
        return SDL_UpdateTexture(ui->frame_tex, NULL, f->buf, f->stride);
    size_t need = (size_t)f->width * 3 * (size_t)f->height;
    if (need > ui->grey_rgb_len) {
        uint8_t *nb = realloc(ui->grey_rgb, need);
        if (!nb)
            return -1;
        ui->grey_rgb = nb;
        ui->grey_rgb_len = need;
    }
    for (int y = 0; y < f->height; y++) {
        const uint8_t *s = f->buf + (size_t)y * (size_t)f->stride;
        uint8_t *d = ui->grey_rgb + (size_t)y * (size_t)f->width * 3;
        for (int x = 0; x < f->width; x++)
            d[3 * x] = d[3 * x + 1] = d[3 * x + 2] = s[x];
    }
    return SDL_UpdateTexture(ui->frame_tex, NULL, ui->grey_rgb, f->width * 3);
}

/* The frame in the left FRAME_W x SEI_UI_H, with the grid found drawn over it. */
void ui_draw_frame_grid(sei_ui *ui, const sei_ui_view *v)
{
    const int fw = FRAME_W, fh = SEI_UI_H;
    ui_fill_rect(ui, 0, 0, fw, fh, 10, 10, 12, 255);
    if (frame_upload(ui, &v->frame) == 0) {
        double s = fmin((double)fw / v->frame.width, (double)fh / v->frame.height);
        int w = (int)(v->frame.width * s), h = (int)(v->frame.height * s);
        SDL_Rect d = {(fw - w) / 2, (fh - h) / 2, w, h};
        SDL_RenderCopy(ui->r, ui->frame_tex, NULL, &d);
        ui->frame_on = 1;
        ui->ox = d.x;
        ui->oy = d.y;
        ui->fs = s;
    }
    /* The grid as detected, so people see what the kiosk sees. */
    if (ui->frame_on && v->found && v->size >= 2 && !v->editing_corners) {
        SDL_Color g = v->moving ? (SDL_Color){255, 170, 0, 200} : (SDL_Color){40, 230, 90, 220};
        for (int i = 0; i < v->size; i++) {
            double thick = i == 0 || i == v->size - 1 ? 3 : 1.5, sx0, sy0, sx1, sy1;
            ui_grid_to_screen(ui, v->H, i, 0, &sx0, &sy0); /* a column */
            ui_grid_to_screen(ui, v->H, i, v->size - 1, &sx1, &sy1);
            ui_thick_line(ui, sx0, sy0, sx1, sy1, thick, g);
            ui_grid_to_screen(ui, v->H, 0, i, &sx0, &sy0); /* a row */
            ui_grid_to_screen(ui, v->H, v->size - 1, i, &sx1, &sy1);
            ui_thick_line(ui, sx0, sy0, sx1, sy1, thick, g);
        }
    }
}

void ui_picture_title(sei_ui *ui, const char *text, SDL_Color c)
{
    ui_fill_rect(ui, 0, 0, FRAME_W, 44, 0, 0, 0, 170);
    ui_text_draw(ui, text, FS_BODY, c, 14, 22, ALIGN_LEFT, FRAME_W - 28);
}

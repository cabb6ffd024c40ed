// cvmat.hpp - image views as cv::Mat and back, shared by the two C++
// wrapper files (cvwrap.cpp in the program, cvio_plugin.cpp in OpenCV's
// picture and video plugin), which cannot share compiled code.
#ifndef SEI_CVMAT_HPP
#define SEI_CVMAT_HPP

#include <cstring>

#include <opencv2/core.hpp>

#include "image.h"

namespace sei {

// A view wrapped as a cv::Mat header, without copying.
inline cv::Mat view(const sei_image *img)
{
    return cv::Mat(img->height, img->width, img->channels == 1 ? CV_8UC1 : CV_8UC3, img->buf, (size_t)img->stride);
}

// Copy an 8-bit Mat of 1 or 3 channels into a new C-owned image, allocated
// by alloc (the program's sei_image_alloc). Returns 0, or -1.
inline int own(const cv::Mat &m, sei_image *out, int (*alloc)(sei_image *, int, int, int))
{
    if (m.type() != CV_8UC1 && m.type() != CV_8UC3)
        return -1;
    if (alloc(out, m.cols, m.rows, m.channels()))
        return -1;
    for (int y = 0; y < m.rows; y++)
        std::memcpy(sei_image_row(out, y), m.ptr(y), (size_t)m.cols * (size_t)m.channels());
    return 0;
}

} // namespace sei

#endif

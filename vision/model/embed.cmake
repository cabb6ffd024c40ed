# embed.cmake - write the point classifier's ONNX model into a C file as a
# byte array, so the program carries its model and needs no path at run
# time. Run by vision/CMakeLists.txt: cmake -DIN=model.onnx -DOUT=file.c -P embed.cmake
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" n)
math(EXPR bytes "${n} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," body "${hex}")
# Break the one long line every 32 bytes (160 characters).
string(REGEX REPLACE "((0x..,){32})" "\\1\n" body "${body}")
file(WRITE "${OUT}" "/* Generated from ${IN} by embed.cmake: do not edit. */\n#include <stddef.h>\nconst unsigned char sei_points_model[] = {\n${body}\n};\nconst size_t sei_points_model_len = ${bytes};\n")

# embed.cmake - write a trained ONNX model (the point classifier's, the
# stone finder's) into a C file as a byte array NAME (NAME_len its length),
# so the program carries its models and needs no path at run time. Run by
# vision/CMakeLists.txt: cmake -DIN=model.onnx -DOUT=file.c -DNAME=name -P embed.cmake
if(NOT NAME)
  message(FATAL_ERROR "embed.cmake: -DNAME=array_name is needed")
endif()
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" n)
math(EXPR bytes "${n} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," body "${hex}")
# Break the one long line every 32 bytes (160 characters).
string(REGEX REPLACE "((0x..,){32})" "\\1\n" body "${body}")
file(WRITE "${OUT}" "/* Generated from ${IN} by embed.cmake: do not edit. */\n#include <stddef.h>\nconst unsigned char ${NAME}[] = {\n${body}\n};\nconst size_t ${NAME}_len = ${bytes};\n")

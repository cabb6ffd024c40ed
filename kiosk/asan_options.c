/* The sanitizers' defaults for `seichi` built with SEICHI_SANITIZE (only
 * then is this file compiled in).
 *
 * LeakSanitizer follows each thread's dynamic TLS (blocks of libraries
 * loaded with dlopen, as seichi-full.so and the OpenCV libraries it
 * brings are) by intercepting __tls_get_addr. On Debian 12 (gcc 12,
 * glibc 2.36) that tracking read a bogus block once the full module also
 * brought OpenCV's video module and its three dependencies: `seichi
 * record`, whose saver thread has ended by then, crashed in the leak
 * check at exit ("Tracer caught signal 11", DTLS at a range starting at
 * 0x69). Not intercepting it leaves the leak check working on everything
 * else; memory held only through another library's dynamic TLS would be
 * reported as leaked, not missed, so no leak goes unseen. */
const char *__asan_default_options(void);

const char *__asan_default_options(void) { return "intercept_tls_get_addr=0"; }

/* voice.h - the timekeeper's voice: a call's words (ui/strings.c, in the
 * kiosk's language) synthesized with espeak-ng to 16-bit PCM and played
 * through SDL audio (SDL_QueueAudio, so the kiosk's loop never waits for
 * the speech to end).
 *
 * espeak-ng keeps one synthesizer per process: one voice at a time (a
 * second create fails until the first is destroyed); it is started by
 * the first voice and kept to the end of the process. A language whose
 * espeak voice is missing, or no audio device, is not an error: the voice
 * says why once (sei_voice_errmsg) and goes on without sound, and the
 * texts are still logged, so the calls can be shown. Every text said is
 * kept in a log with the PCM length it made, for tests and the screen. */
#ifndef SEI_VOICE_H
#define SEI_VOICE_H

#include <stddef.h>

#include "ui.h"

typedef struct {
    sei_lang lang;       /* the voice's language (en, zh, ja, ko) */
    int rate;            /* words a minute (espeak's; 0: 170) */
    int volume;          /* espeak's 0..200 (0: 100) */
    int audio;           /* 1: open an SDL audio device and play; 0: synthesize only */
    const char *data;    /* espeak-ng-data's parent folder; NULL: espeak's default */
} sei_voice_params;

void sei_voice_params_default(sei_voice_params *p);

typedef struct sei_voice sei_voice;

/* What was said: the text, and the samples of PCM it made (0: none, the
 * language has no voice or espeak failed on it). */
typedef struct {
    char text[96];
    long samples;
} sei_voice_said;

/* A voice (SDL's audio subsystem is started when p->audio, and stopped
 * by destroy). NULL with the reason in err when espeak-ng cannot start
 * at all (its data missing) or another voice exists. Free with
 * sei_voice_destroy (NULL: no-op). */
sei_voice *sei_voice_create(const sei_voice_params *p, char *err, size_t n);
void sei_voice_destroy(sei_voice *v);

/* Speak in lang from now on. Returns 0, or 1 when espeak has no voice for
 * it (the texts are then logged with no PCM; errmsg says so). */
int sei_voice_set_lang(sei_voice *v, sei_lang lang);
/* 1 when the language in use can be spoken. */
int sei_voice_speaks(const sei_voice *v);
/* 1 when the PCM made goes to an audio device. */
int sei_voice_plays(const sei_voice *v);

/* Say text (UTF-8): synthesized, queued on the audio device, logged.
 * Returns 0 spoken; 1 logged only (no voice for the language, no audio);
 * -1 out of memory. */
int sei_voice_say(sei_voice *v, const char *text);

/* The log: *said the texts in order (borrowed until the next say). */
int sei_voice_log(const sei_voice *v, const sei_voice_said **said);
/* The PCM's sample rate (Hz). */
int sei_voice_rate(const sei_voice *v);
const char *sei_voice_errmsg(const sei_voice *v);

#endif

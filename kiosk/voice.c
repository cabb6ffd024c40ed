/* voice.c - the timekeeper's voice: espeak-ng to PCM, SDL audio to play it (voice.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>
#include <espeak-ng/speak_lib.h>

#include "voice.h"

struct sei_voice {
    sei_voice_params p;
    int rate;                    /* espeak's sample rate */
    int speaks;                  /* the language in use has a voice */
    SDL_AudioDeviceID dev;       /* 0: none */
    int sdl_audio;               /* SDL's audio subsystem was started here */
    short *pcm;                  /* the text being synthesized */
    size_t pcm_n, pcm_cap;
    int pcm_oom;
    sei_voice_said *log;
    int nlog, caplog;
    char msg[256];
};

/* espeak-ng is one synthesizer per process. It is started once and kept
 * to the end: espeak_Terminate after a second espeak_Initialize waits for
 * ever in espeak-ng 1.51 (Debian 12), so a kiosk that makes its voice
 * again (or a test making several) must not end it. */
static int voice_alive, espeak_rate;

void sei_voice_params_default(sei_voice_params *p)
{
    memset(p, 0, sizeof *p);
    p->lang = SEI_LANG_EN;
    p->rate = 170;
    p->volume = 100;
    p->audio = 1;
}

/* espeak's voice for each of the kiosk's languages: Mandarin is cmn. */
static const char *espeak_name(sei_lang lang)
{
    switch (lang) {
    case SEI_LANG_ZH: return "cmn";
    case SEI_LANG_JA: return "ja";
    case SEI_LANG_KO: return "ko";
    default: return "en";
    }
}

/* espeak hands the PCM back in pieces; the voice rides in user_data. */
static int on_synth(short *wav, int n, espeak_EVENT *events)
{
    sei_voice *v = events ? events->user_data : NULL;
    if (!v || !wav || n <= 0)
        return 0;
    if (v->pcm_n + (size_t)n > v->pcm_cap) {
        size_t cap = v->pcm_cap ? v->pcm_cap * 2 : 16384;
        while (cap < v->pcm_n + (size_t)n)
            cap *= 2;
        short *p = realloc(v->pcm, cap * sizeof *p);
        if (!p) {
            v->pcm_oom = 1;
            return 1; /* stop synthesizing */
        }
        v->pcm = p;
        v->pcm_cap = cap;
    }
    memcpy(v->pcm + v->pcm_n, wav, (size_t)n * sizeof *wav);
    v->pcm_n += (size_t)n;
    return 0;
}

sei_voice *sei_voice_create(const sei_voice_params *p, char *err, size_t n)
{
    if (voice_alive) {
        snprintf(err, n, "a voice is already speaking (espeak-ng is one per process)");
        return NULL;
    }
    sei_voice *v = calloc(1, sizeof *v);
    if (!v) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    v->p = *p;
    /* DONT_EXIT: espeak would end the program when its data is missing. */
    if (espeak_rate <= 0)
        espeak_rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, p->data, espeakINITIALIZE_DONT_EXIT);
    v->rate = espeak_rate;
    if (v->rate <= 0) {
        snprintf(err, n, "espeak-ng cannot start (its data, espeak-ng-data, is missing?)");
        free(v);
        return NULL;
    }
    voice_alive = 1;
    espeak_SetSynthCallback(on_synth);
    espeak_SetParameter(espeakRATE, p->rate > 0 ? p->rate : 170, 0);
    espeak_SetParameter(espeakVOLUME, p->volume > 0 ? p->volume : 100, 0);
    if (p->audio) {
        /* No sound is no reason to stop: the calls are still shown. */
        if (!SDL_WasInit(SDL_INIT_AUDIO)) {
            if (SDL_InitSubSystem(SDL_INIT_AUDIO) == 0)
                v->sdl_audio = 1;
        }
        if (SDL_WasInit(SDL_INIT_AUDIO)) {
            SDL_AudioSpec want = {0}, have;
            want.freq = v->rate;
            want.format = AUDIO_S16SYS;
            want.channels = 1;
            want.samples = 2048;
            v->dev = SDL_OpenAudioDevice(NULL, 0, &want, &have, 0);
            if (v->dev)
                SDL_PauseAudioDevice(v->dev, 0);
        }
        if (!v->dev)
            snprintf(v->msg, sizeof v->msg, "no sound: %s", SDL_GetError());
    }
    sei_voice_set_lang(v, p->lang);
    return v;
}

void sei_voice_destroy(sei_voice *v)
{
    if (!v)
        return;
    if (v->dev)
        SDL_CloseAudioDevice(v->dev);
    if (v->sdl_audio)
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    voice_alive = 0; /* espeak itself is kept (see espeak_rate) */
    free(v->pcm);
    free(v->log);
    free(v);
}

int sei_voice_set_lang(sei_voice *v, sei_lang lang)
{
    v->p.lang = lang;
    v->speaks = espeak_SetVoiceByName(espeak_name(lang)) == EE_OK;
    if (!v->speaks) {
        snprintf(v->msg, sizeof v->msg, "espeak-ng has no voice for %s (%s): the calls are shown, not spoken",
                 sei_ui_lang_code(lang), espeak_name(lang));
        return 1;
    }
    return 0;
}

int sei_voice_speaks(const sei_voice *v) { return v && v->speaks; }
int sei_voice_plays(const sei_voice *v) { return v && v->dev; }
int sei_voice_rate(const sei_voice *v) { return v ? v->rate : 0; }
const char *sei_voice_errmsg(const sei_voice *v) { return v ? v->msg : "no voice"; }

int sei_voice_log(const sei_voice *v, const sei_voice_said **said)
{
    *said = v ? v->log : NULL;
    return v ? v->nlog : 0;
}

int sei_voice_say(sei_voice *v, const char *text)
{
    if (v->nlog == v->caplog) {
        int cap = v->caplog ? 2 * v->caplog : 32;
        sei_voice_said *l = realloc(v->log, sizeof *l * (size_t)cap);
        if (!l)
            return -1;
        v->log = l;
        v->caplog = cap;
    }
    sei_voice_said *said = &v->log[v->nlog++];
    snprintf(said->text, sizeof said->text, "%s", text);
    said->samples = 0;
    if (!v->speaks)
        return 1;
    v->pcm_n = 0;
    v->pcm_oom = 0;
    if (espeak_Synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8, NULL, v) != EE_OK) {
        snprintf(v->msg, sizeof v->msg, "espeak-ng could not say \"%s\"", said->text);
        return 1;
    }
    if (v->pcm_oom)
        return -1;
    said->samples = (long)v->pcm_n;
    if (!v->dev)
        return 1;
    /* Queued, played while the kiosk goes on; a call is short enough
     * that the queue never holds much. */
    if (SDL_QueueAudio(v->dev, v->pcm, (Uint32)(v->pcm_n * sizeof *v->pcm)) != 0) {
        snprintf(v->msg, sizeof v->msg, "no sound: %s", SDL_GetError());
        return 1;
    }
    return 0;
}

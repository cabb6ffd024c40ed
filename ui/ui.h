/* ui.h - the kiosk's touchscreen screens, drawn with SDL2 and SDL2_ttf.
 *
 * The ui draws what the kiosk hands it (a view: which screen, a camera
 * frame as a plain image, the board, the count already made by the rules
 * core) and turns finger and mouse events into actions (a button, a board
 * point, a dragged corner). It decides no rule and opens no camera: the
 * kiosk does both. Everything is laid out on a fixed 800x480 logical
 * screen (the Pi's 7" panel); SDL scales it to the real window.
 *
 * The renderer is the caller's: a window's for the kiosk, a software
 * renderer over a surface for tests and benchmarks. */
#ifndef SEI_UI_UI_H
#define SEI_UI_UI_H

#include <stddef.h>
#include <stdint.h>

#include <SDL.h>

#include "board.h"
#include "clock.h"
#include "rules.h"
#include "score.h"

#define SEI_UI_W 800
#define SEI_UI_H 480
#define SEI_UI_HOLD_MS 600   /* a press this long is a hold, not a tap */

typedef enum { SEI_LANG_EN = 0, SEI_LANG_ZH, SEI_LANG_JA, SEI_LANG_KO, SEI_LANG_COUNT } sei_lang;

/* Every string the screens show, one table per language (strings.c). */
typedef enum {
    SEI_S_LANG_NAME,
    SEI_S_LIVE_SEARCHING, SEI_S_LIVE_FOUND, SEI_S_LIVE_STILL, SEI_S_LIVE_MOVING, SEI_S_LIVE_UNSURE,
    SEI_S_LIVE_CORNERS_HINT, SEI_S_LIVE_LOW, SEI_S_LIVE_FAR,
    SEI_S_CAPTURE, SEI_S_SETTINGS, SEI_S_FIX_CORNERS, SEI_S_DONE, SEI_S_RECORD,
    SEI_S_CONFIRM_TITLE, SEI_S_CONFIRM_HINT,
    SEI_S_ZOOM_HINT,        /* the confirm panel's title while zoomed: tap the point, Back for the whole board */ SEI_S_RULES, SEI_S_KOMI, SEI_S_HANDICAP,
    SEI_S_PRISONERS, SEI_S_BY_COUNT, SEI_S_BY_LAST, SEI_S_CAPTURED_BY_B, SEI_S_CAPTURED_BY_W,
    SEI_S_LAST_MOVE, SEI_S_COUNT, SEI_S_BACK,
    SEI_S_RESULT_TITLE, SEI_S_AGREED, SEI_S_RESUME,
    SEI_S_BLACK, SEI_S_WHITE,
    SEI_S_WINS_BY_POINTS,   /* "%s wins by %s points" : colour, number */
    SEI_S_WINS_BY_STONES,   /* "%s wins by %s stones (%s points)" */
    SEI_S_JIGO,
    /* The count's lines (sei_ui_result_lines): each sum states its terms
     * as numbers, and a dim line under it names them in words, built from
     * the TERM strings in the same order. */
    SEI_S_SUM_LINE,         /* "%s: %s" : who, the arithmetic ("45 + 46 = 91") */
    SEI_S_CN_BLACK_COUNT,   /* "Black's count" (area plus half the shared points) */
    SEI_S_CN_NEEDS,         /* "Needs" : Black's count must be over this */
    SEI_S_CN_NEEDS_TERMS,   /* "more than %s" : the needs line's terms in words */
    SEI_S_MARGIN,           /* "Margin" */
    SEI_S_ING_BOWL,         /* "%s's bowl" : colour */
    SEI_S_TERM_STONES, SEI_S_TERM_TERRITORY, SEI_S_TERM_AREA, SEI_S_TERM_PRISONERS, SEI_S_TERM_KOMI, SEI_S_TERM_HANDICAP,
    SEI_S_TERM_PENALTY, SEI_S_TERM_OVERTIME, SEI_S_TERM_SHARED, SEI_S_TERM_POINTS, SEI_S_TERM_BOWL, SEI_S_TERM_KOMI_STONES,
    SEI_S_TERM_SEKI,        /* eyes in seki (not counted) */
    SEI_S_TERM_FALSE_EYES,  /* false eyes (filled, not counted) */
    SEI_S_ING_MARGIN_TERMS, /* "White's bowl − Black's bowl" */
    SEI_S_SETTINGS_TITLE, SEI_S_DEFAULT_RULES, SEI_S_BOARD_SIZE, SEI_S_AUTO, SEI_S_LANGUAGE, SEI_S_CAMERA,
    SEI_S_EXPORT,           /* "Export results" */
    SEI_S_EXPORTED,         /* "Results exported. %s" : where, in words */
    SEI_S_EXPORT_FAILED,    /* "Export failed: %s" */
    SEI_S_EXPORT_SKIPPED,   /* "Exported; damaged results left out. %s" : where, in words */
    SEI_S_REC_TITLE,        /* "Recording · move %d" */
    SEI_S_REC_WAITING,      /* waiting for the empty board */
    SEI_S_REC_MOVING,       /* hands over the board */
    SEI_S_REC_LOST,         /* rebuild the position shown */
    SEI_S_REC_TWICE,        /* "%s played twice in a row" */
    SEI_S_REC_VOID,         /* "Void at %s: the turn is lost" */
    SEI_S_REC_MOVED,        /* "Put the stone at %s back" */
    SEI_S_REC_UNDO,         /* "Taken back: %d" */
    SEI_S_REC_SAVED,        /* "Game saved. %s" : where, in words */
    SEI_S_END, SEI_S_STOP,
    SEI_S_RESIGNED,         /* "Resigned" */
    SEI_S_WINS_BY_RESIGNATION, /* "%s wins by resignation" : colour */
    SEI_S_GAME_OVER,        /* "Both players ended the game" */
    SEI_S_NOCAM_TITLE, SEI_S_NOCAM_HINT, SEI_S_NOCAM_HINT_FILE, SEI_S_RETRY, SEI_S_SAMPLE,
    SEI_S_NOCAM_MODULE,     /* the Pi camera does not answer */
    SEI_S_NOCAM_WEBCAM,     /* "No webcam at %s: ..." : the device */
    SEI_S_NOCAM_OPEN,       /* "%s cannot be opened" : a file or folder's name */
    SEI_S_NOCAM_LOST,       /* the camera stopped sending pictures */
    SEI_S_REC_AWAY,         /* recording: no pictures, waiting; the moves so far are saved */
    /* Sources in words (settings, messages) */
    SEI_S_SRC_MODULE,       /* "Camera module" */
    SEI_S_SRC_WEBCAM,       /* "Webcam %s" : its number */
    SEI_S_SRC_PHOTO,        /* "Photo %s" : the file's name */
    SEI_S_SRC_FOLDER,       /* "Folder %s" */
    SEI_S_SRC_VIDEO,        /* "Video %s" */
    /* Where a file went, in words */
    SEI_S_WHERE_USB,        /* "USB stick: %s" : the folder or file on it */
    SEI_S_WHERE_KIOSK,      /* "On the kiosk: %s" */
    SEI_S_SAVED,            /* "Saved as result %d" */
    SEI_S_NOBOARD,          /* "No board found in the picture" */
    SEI_S_RULES_CHINESE, SEI_S_RULES_JAPANESE, SEI_S_RULES_KOREAN, SEI_S_RULES_ING, SEI_S_RULES_AGA,
    SEI_S_RULES_NZ, SEI_S_RULES_TT,
    SEI_S_CHECK_POINTS,     /* the camera is unsure of the ringed points */
    SEI_S_CHECK_BOARD,      /* the camera is unsure of the board itself */
    SEI_S_CHECK_HIDDEN,     /* a hand or an arm hid some of the ringed points */
    SEI_S_CHECK_POINTS_SHORT, SEI_S_CHECK_BOARD_SHORT, SEI_S_CHECK_HIDDEN_SHORT, /* the same in a title's
                               room, where the panel has none below its rows (territory rules) */
    /* Tournament: the table, round, event and players, the banner */
    SEI_S_TABLE, SEI_S_ROUND, SEI_S_EVENT, SEI_S_PLAYERS, SEI_S_RESULTS, SEI_S_JUDGE,
    SEI_S_BANNER_TABLE,     /* "Table %d" */
    SEI_S_BANNER_ROUND,     /* "Round %d" */
    SEI_S_BANNER_PLAYERS,   /* "Black: %s, White: %s" */
    SEI_S_NOBODY,           /* a name not given, in the banner ("?") */
    SEI_S_SPACE,            /* the space bar's label */
    /* Judge mode */
    SEI_S_PIN_TITLE,        /* "Judge PIN" */
    SEI_S_PIN_WRONG,        /* "Wrong PIN" */
    SEI_S_PIN_LOCKED,       /* "Locked: try again in %d s" */
    SEI_S_PIN_NONE,         /* no PIN set on this kiosk */
    SEI_S_JUDGE_MODE,       /* "Judge mode" (the list's title while in it) */
    SEI_S_JUDGE_NAME,       /* "Judge's name" (the keyboard's title after the PIN: the audit trail's who) */
    SEI_S_LOCK,             /* "Lock": leave judge mode */
    SEI_S_NO_RESULTS,
    SEI_S_STATE_AGREED, SEI_S_STATE_DISPUTED, SEI_S_STATE_CONFIRMED, SEI_S_STATE_VOIDED,
    SEI_S_DO_CONFIRM, SEI_S_DO_VOID, SEI_S_DO_CORRECT, SEI_S_DO_NAMES,
    SEI_S_DO_DEAD,          /* "Correct dead stones" */
    SEI_S_DEAD_HINT,        /* how the dead-stone screen works: a tap marks a group dead or alive */
    SEI_S_REASON,           /* "Reason" (the reasons' title) */
    SEI_S_REASON_COUNT, SEI_S_REASON_PLAYERS, SEI_S_REASON_DISPUTE, SEI_S_REASON_CHECKED, SEI_S_REASON_TYPE,
    SEI_S_WINS_ON_TIME,     /* "%s wins on time" : colour */
    SEI_S_WINS_BY_FORFEIT,  /* "%s wins by forfeit" : colour */
    SEI_S_AUDIT,            /* "Audit trail" */
    SEI_S_AUDIT_NONE,       /* "No changes" */
    SEI_S_LOCKED_RESULT,    /* a confirmed result: "Confirmed: locked" */
    SEI_S_RESULT_NOW,       /* "Result %d: %s" : its id, its state in words */
    SEI_S_RESULT_N,         /* "Result %d" */
    /* The director's station: pairing, the results waiting for it */
    SEI_S_STATION,          /* "Station" (the settings' button, the screen's title) */
    SEI_S_STATION_ADDRESS,  /* "Address" */
    SEI_S_PAIR,             /* "Pair with code" */
    SEI_S_FORGET,           /* "Forget station" */
    SEI_S_PAIR_CODE,        /* "Pairing code" (the pad's title) */
    SEI_S_NOT_PAIRED,
    SEI_S_PAIRING,          /* "Pairing with %s…" : the address */
    SEI_S_PAIRED,           /* "Paired with %s as “%s”" : the address, the station's name for the kiosk */
    SEI_S_PAIR_WRONG,       /* a wrong, used or expired code */
    SEI_S_PAIR_LOCKED,      /* too many wrong codes: the station waits a minute */
    SEI_S_UNREACHABLE,      /* "The station at %s does not answer" : the address */
    SEI_S_PAIR_ADDRESS,     /* no address, or not one: an example */
    SEI_S_PAIR_FAILED,      /* "Pairing failed: %s" : why, as the station said it */
    SEI_S_TOKEN_REFUSED,    /* the station refused the kiosk's token: pair again */
    SEI_S_WAITING,          /* "%d results waiting for the station" */
    SEI_S_WAITING_ONE,      /* "1 result waiting for the station" */
    SEI_S_ALL_SENT,         /* "Every result sent to the station" */
    SEI_S_BANNER_HANDICAP,  /* "Handicap %d" : the pairing's stones */
    /* The game clock: the settings' time control, the Record screen, the
       timekeeper's calls as said (sei_ui_call_words) */
    SEI_S_TIME_CONTROL,     /* "Time control" */
    SEI_S_NO_CLOCK,         /* "None": no clock */
    SEI_S_LOST_ON_TIME,     /* "%s lost on time" : colour */
    SEI_S_CALL_SECONDS,     /* "%d seconds": a count of 30 seconds or less, with its unit */
    SEI_S_CALL_NUMBER,      /* "%d": the counts after it, and 1 ... 9 */
    SEI_S_CALL_MINUTE,      /* "one minute, %d left": a byo-yomi minute used up, the periods left */
    SEI_S_CALL_PERIOD,      /* "%d seconds, %d left": a byo-yomi period of other than a minute used up */
    SEI_S_CALL_ING,         /* "overtime, %d periods left": an Ing period begun */
    SEI_S_CALL_LOST,        /* "10, lost on time" */
    SEI_S_CLOCK_PAUSE,      /* "Pause": the judge stops both clocks (the PIN asked) */
    SEI_S_CLOCK_RESUME,     /* "Resume": the judge starts them again (the PIN asked) */
    SEI_S_CLOCK_PAUSED,     /* "Clocks paused by the judge" */
    /* Ing's fill check (the Fill screen, sei_ui_fill_lines) */
    SEI_S_FILL_CHECK,       /* "Fill check": the Result screen's action, the screen's title */
    SEI_S_FILL_HOW,         /* how to fill, ending "then tap Photograph": %d the komi stones */
    SEI_S_PHOTOGRAPH,       /* "Photograph" */
    SEI_S_FILL_SPARE,       /* "%s: stones left in the bowl" : colour (the pad's title) */
    SEI_S_FILL_SIZE,        /* "The photo shows a %d×%d board; the count is %d×%d" */
    SEI_S_FILL_AGREES,      /* the head: the fill agrees with the count */
    SEI_S_FILL_DISAGREES,   /* the head: it does not */
    SEI_S_FILL_TERM_BOARD,  /* "on the board" (a set: on the board + in the bowl) */
    SEI_S_FILL_TERM_BOWL,   /* "in the bowl" */
    SEI_S_FILL_NOT_SET,     /* "%s: %d, not %d: ..." : colour, its set, a whole set */
    SEI_S_FILL_HOLES,       /* "Holes: Black %d, White %d" */
    SEI_S_FILL_TERM_HOLES,  /* "%s's holes" : colour (the margin's terms) */
    SEI_S_FILL_TERM_SPARE,  /* "%s's spares" : colour */
    SEI_S_FILL_VS_COUNT,    /* "Fill %s, count %s" : each a result ("B+3") */
    SEI_S_FILL_CHANGED,     /* "%d stones of the count read otherwise, first at %s: ..." */
    SEI_S_FILL_STRAY,       /* "%d points filled wrongly or left empty, first at %s" */
    SEI_S_FILL_BOTH_SHORT,  /* both sides have holes */
    SEI_S_FILL_BOTH_OVER,   /* both sides have stones over */
    SEI_S_FILL_HOLES_SPARE, /* "%s left holes with stones to spare: fill them" : colour */
    SEI_S_FILL_DAME,        /* "%d dame left empty (...)" */
    SEI_S_FILL_CHECK_POINTS, /* "Check these points: %s" : the points read in doubt ("A5 K10") */
    SEI_S_FILL_PENALTY,     /* "Before overtime penalties (Black %s, White %s points)" */
    SEI_S_FILL_BEFORE_FIX,  /* a stored fill check's verdict when a judge changed the count since:
                               "checked against the count before a judge's correction" */
    SEI_S_COUNT_OF_STRINGS
} sei_str;

/* The text of id in lang: never NULL (English when a table lacks it). */
const char *sei_ui_string(sei_lang lang, sei_str id);
/* A timekeeper's call (rules/clock.h) as it is said in lang: "30 seconds",
 * "40", "one minute, 4 left", "1", "10, lost on time". */
void sei_ui_call_words(sei_lang lang, const sei_clock_call *c, sei_tc_kind tc, char *out, size_t n);
/* "en", "zh", "ja", "ko" (and "english", "chinese", ...) to a language; -1 if unknown. */
int sei_ui_lang_parse(const char *name);
const char *sei_ui_lang_code(sei_lang lang);
/* The rule set's name as the screens say it, from a preset name. */
const char *sei_ui_rules_name(sei_lang lang, const char *preset);

typedef struct {
    /* Fonts: one for Latin text and one that covers Chinese, Japanese and
     * Korean (SDL_ttf has no fallback of its own, so the ui picks per
     * character). NULL: the first found of Debian's usual paths. */
    const char *font_latin;
    const char *font_cjk;
    int text_size;           /* body text, logical pixels (22) */
    int finger_px;           /* the smallest target a fingertip hits surely, logical pixels (47: 9 mm
                                on the 7" panel's 5.2 px/mm). Buttons and handles are this size or
                                more; a board whose points are drawn closer than this is zoomed into
                                by a first tap before a second one picks a point. */
} sei_ui_params;

void sei_ui_params_default(sei_ui_params *p);

typedef struct sei_ui sei_ui;

/* A ui drawing on r (borrowed: the caller destroys it after the ui), laid
 * out at 800x480 logical pixels. Needs TTF_Init done. NULL with the reason
 * in err when a font cannot be opened. Free with sei_ui_destroy (NULL: no-op). */
sei_ui *sei_ui_create(SDL_Renderer *r, SDL_Window *w, const sei_ui_params *p, char *err, size_t n);
void sei_ui_destroy(sei_ui *ui);

typedef enum {
    SEI_SCREEN_LIVE = 0,
    SEI_SCREEN_CONFIRM,
    SEI_SCREEN_RESULT,
    SEI_SCREEN_SETTINGS,
    SEI_SCREEN_NOCAMERA,
    SEI_SCREEN_RECORD,
    SEI_SCREEN_PLAYERS,      /* the event and the players' names, each opening the keyboard */
    SEI_SCREEN_KEYBOARD,     /* text typed: on-screen Latin keys, or a keyboard and its input method */
    SEI_SCREEN_LIST,         /* the stored results, newest first, a page of rows */
    SEI_SCREEN_DETAIL,       /* one stored result with its audit trail (and the judge's actions) */
    SEI_SCREEN_CHOICE,       /* up to six choices: a reason, a corrected result */
    SEI_SCREEN_STATION,      /* the director's station: its address, pairing with a code, forgetting it */
    SEI_SCREEN_DEAD,         /* a judge corrects a stored result's dead stones on its position */
    SEI_SCREEN_FILL          /* Ing's fill check: how to fill and Photograph, then the outcome */
} sei_ui_screen;

/* A row of the results list, in words. */
typedef struct {
    char table[16];          /* "12", "" not given */
    char players[160];       /* "Lee – Ke", "" none */
    char result[24];         /* "B+7" */
    char state[48];          /* in words */
    int locked;              /* confirmed or voided: no change can come */
} sei_ui_row;

#define SEI_UI_ROWS 6
#define SEI_UI_CHOICES 6
#define SEI_UI_DETAIL_LINES 6
#define SEI_UI_AUDIT_LINES 6

/* A frame as plain pixels, borrowed for one draw: 8-bit BGR (3 channels)
 * or grey (1). */
typedef struct {
    int width, height, stride, channels;
    const uint8_t *buf;
} sei_ui_frame;

/* What the settings screen shows. */
typedef struct {
    char rules[16];          /* preset name */
    double komi;
    int size;                /* 0: auto, or 9, 13, 19 */
    sei_lang lang;
    char camera[64];         /* the source spec */
    char tc[48];             /* recorded games' time control (a --time-control string), "": none */
} sei_ui_settings;

/* Everything one screen shows. Pointers are borrowed for the draw. */
typedef struct {
    sei_ui_screen screen;
    sei_lang lang;
    /* Live */
    sei_ui_frame frame;
    int found;               /* a board is seen in the frame */
    int size;                /* its lines */
    int view_low;            /* the camera sees the board from this few degrees above it, too low to
                                read it well: raise it (0: not) */
    int view_far;            /* the board is small in the picture: bring the camera closer */
    double H[9];             /* grid (col, row) to frame pixels */
    double still;            /* 0..1: how long it has stayed still, toward capture */
    int moving;              /* a hand or motion over the board */
    int unsure;              /* detection failed or doubts: offer the corners */
    int editing_corners;     /* the corner handles are shown and draggable */
    double corners[4][2];    /* TL, TR, BR, BL in frame pixels */
    /* Confirm and Result */
    const sei_board *board;
    const uint8_t *dead;     /* per board point: 1 dead; NULL: none */
    const uint8_t *check;    /* Confirm: per board point, 1 where the camera is unsure; NULL: none */
    int check_board;         /* Confirm: the camera is unsure of the board itself */
    int check_hidden;        /* Confirm: a hand or an arm hid some of the points in check */
    const sei_score *score;  /* Result: the count; Confirm: NULL */
    int zoom_col, zoom_row, zoom_span; /* Confirm: only the zoom_span x zoom_span points from
                                (zoom_col, zoom_row) are shown, filling the board's square
                                (sei_ui_zoom_window); zoom_span 0: the whole board */
    const sei_rules *rules;
    int handicap;
    sei_prisoners prisoners;
    int pad_for;             /* Confirm: SEI_BLACK or SEI_WHITE: the number pad for the prisoners
                                that colour captured is open over the screen (only its keys answer);
                                0: closed */
    int pad_value;           /* the number typed so far */
    int resigned_winner;     /* Confirm: SEI_BLACK or SEI_WHITE won by resignation, so there is
                                nothing to count (Agreed stores it); 0: a position to count */
    int won_on_time;         /* Confirm: resigned_winner won on time (the other lost on time) */
    /* Settings */
    sei_ui_settings settings;
    /* No camera */
    const char *message;     /* why (from the frame source) */
    int have_sample;         /* the bundled photo can be offered */
    int nocam_file;          /* the source is a file or a folder: no cable to check */
    /* Record: the live fields above, and */
    int rec_moves;           /* moves recorded */
    const char *rec_lines[6]; /* the last moves, newest last ("12  Black D4"); NULL ends */
    int last_col, last_row;  /* the last move's point on the grid (col, row), or -1 */
    const char *rec_alert;   /* what the players must do, or NULL */
    const sei_board *rec_board; /* the recorded position, drawn over the frame when rec_overlay */
    int rec_overlay;
    int rec_waiting;         /* not locked on the board yet */
    const sei_clock *rec_clock; /* the game clock (recsess's, as of the last frame), or NULL: untimed.
                                Both clocks big, Black's half left, White's right, each a button
                                (SEI_BTN_CLOCK_B, _W) that switches it; the running one marked, its
                                last 10 seconds red, "lost on time" once its flag fell; Pause
                                (SEI_BTN_PAUSE) in the side panel while no flag has fallen */
    int rec_paused;          /* the judge paused the clocks: none lit, "paused" said, Resume */
    /* Live, confirm, result: the banner, shown when any of it is known */
    int table, round;        /* 0: not given */
    const char *black_name, *white_name; /* NULL or "": not given */
    /* Any screen but confirm's prisoners: a number pad over it when pad_title is set (the
       table, the round, the judge PIN); pad_text is what is typed as shown (dots for a PIN) */
    const char *pad_title, *pad_text;
    /* Keyboard */
    const char *kb_title;    /* what is typed ("Black") */
    const char *kb_text;     /* typed so far */
    const char *kb_editing;  /* an input method's composition not committed yet, or NULL */
    int kb_shift;            /* the letter keys show capitals */
    /* Players */
    const char *event;
    /* List */
    const char *list_title;
    sei_ui_row rows[SEI_UI_ROWS];
    int nrows;
    int more_up, more_down;  /* rows before the first shown, after the last */
    /* Detail: lines about the result, its audit trail (newest last), what may be done */
    const char *detail[SEI_UI_DETAIL_LINES];
    const char *audit[SEI_UI_AUDIT_LINES];
    int judge;               /* in judge mode: the actions are offered */
    const char *judge_name;  /* the judge's name typed after the PIN, shown in judge mode */
    int can_confirm, can_void, can_correct;
    int can_dead;            /* the result has a position: its dead stones can be corrected */
    int locked;              /* confirmed: shown as locked */
    /* Choice */
    const char *choice_title;
    const char *choices[SEI_UI_CHOICES]; /* NULL ends */
    /* The director's station: the results waiting for it (live, settings, station: shown when
       > 0), the pairing's handicap stones in the banner (0: none) */
    int waiting;
    int banner_handicap;
    /* Station: the address typed, the pairing's state in words, and a line about the station's
       health (it does not answer, it refused the token) or NULL; paired: Forget is offered */
    const char *station_addr, *station_line, *station_alert;
    int paired;
    /* Keyboard: typing an address (the last key types ':' instead of ',') */
    int kb_address;
    /* Fill (Ing's fill check): board, dead and score are the count's (its territory shows
       where to fill); once photographed, fill is the outcome (sei_fill_check's, NULL before),
       fill_board the filled board as read with check ringing the points read in doubt, and
       fill_points their names ("A5 K10", "" none) */
    const sei_fill_report *fill;
    const sei_board *fill_board;
    const char *fill_points;
    /* Any screen: a line at the foot ("Saved as result 12"), or NULL */
    const char *status;
} sei_ui_view;

/* Draw v onto the renderer (not presented: the caller presents or reads
 * the pixels back). Remembers the buttons and the board's place for
 * sei_ui_event. */
void sei_ui_draw(sei_ui *ui, const sei_ui_view *v);

typedef enum {
    SEI_BTN_NONE = 0,
    SEI_BTN_CAPTURE, SEI_BTN_SETTINGS, SEI_BTN_FIX_CORNERS, SEI_BTN_CORNERS_DONE, SEI_BTN_RECORD,
    SEI_BTN_RULES_PREV, SEI_BTN_RULES_NEXT, SEI_BTN_KOMI_DOWN, SEI_BTN_KOMI_UP,
    SEI_BTN_HCAP_DOWN, SEI_BTN_HCAP_UP, SEI_BTN_PRIS_MODE,
    SEI_BTN_PRIS_B_DOWN, SEI_BTN_PRIS_B_UP, SEI_BTN_PRIS_W_DOWN, SEI_BTN_PRIS_W_UP, SEI_BTN_LAST,
    SEI_BTN_COUNT, SEI_BTN_BACK, SEI_BTN_AGREED, SEI_BTN_RESUME,
    SEI_BTN_SIZE, SEI_BTN_LANG, SEI_BTN_CAMERA, SEI_BTN_EXPORT,
    SEI_BTN_RETRY, SEI_BTN_SAMPLE, SEI_BTN_END, SEI_BTN_STOP,
    SEI_BTN_PRIS_B_PAD, SEI_BTN_PRIS_W_PAD, /* a prisoner count tapped: its number pad */
    SEI_BTN_PAD_0, SEI_BTN_PAD_1, SEI_BTN_PAD_2, SEI_BTN_PAD_3, SEI_BTN_PAD_4, /* keys in order: */
    SEI_BTN_PAD_5, SEI_BTN_PAD_6, SEI_BTN_PAD_7, SEI_BTN_PAD_8, SEI_BTN_PAD_9, /* PAD_0 + digit */
    SEI_BTN_PAD_DEL, SEI_BTN_PAD_OK,
    /* Settings' tournament row */
    SEI_BTN_TABLE, SEI_BTN_ROUND, SEI_BTN_PLAYERS, SEI_BTN_RESULTS, SEI_BTN_JUDGE,
    /* Players */
    SEI_BTN_NAME_BLACK, SEI_BTN_NAME_WHITE, SEI_BTN_EVENT,
    /* Keyboard (Done is PAD_OK) */
    SEI_BTN_KEY_SHIFT, SEI_BTN_KEY_DEL,
    /* List and detail */
    SEI_BTN_ROW_0, SEI_BTN_ROW_1, SEI_BTN_ROW_2, SEI_BTN_ROW_3, SEI_BTN_ROW_4, SEI_BTN_ROW_5,
    SEI_BTN_UP, SEI_BTN_DOWN, SEI_BTN_LOCK,
    SEI_BTN_DO_CONFIRM, SEI_BTN_DO_VOID, SEI_BTN_DO_CORRECT, SEI_BTN_DO_NAMES, SEI_BTN_DO_DEAD,
    /* Choice */
    SEI_BTN_CHOICE_0, SEI_BTN_CHOICE_1, SEI_BTN_CHOICE_2, SEI_BTN_CHOICE_3, SEI_BTN_CHOICE_4, SEI_BTN_CHOICE_5,
    /* The station: the settings' button, and on its screen */
    SEI_BTN_STATION, SEI_BTN_STATION_ADDR, SEI_BTN_PAIR, SEI_BTN_FORGET,
    /* The game clock: the settings' time control; on Record, each player's clock (a tap switches it) */
    SEI_BTN_TIME_CONTROL, SEI_BTN_CLOCK_B, SEI_BTN_CLOCK_W,
    /* On Record, timed: the judge's pause of both clocks (and starting them again) */
    SEI_BTN_PAUSE,
    /* Ing's fill check: the Result screen's action, and Photograph on the Fill screen */
    SEI_BTN_FILL_CHECK, SEI_BTN_PHOTOGRAPH,
    /* A key of the on-screen keyboard: SEI_BTN_KEY + the character (' ' to '~') */
    SEI_BTN_KEY = 256,
    SEI_BTN_KEY_LAST = SEI_BTN_KEY + 127
} sei_ui_button;

typedef enum {
    SEI_ACT_NONE = 0,
    SEI_ACT_BUTTON,          /* button */
    SEI_ACT_POINT,           /* a board point tapped: x, y (column, row from the top) */
    SEI_ACT_POINT_HOLD,      /* a board point held down for SEI_UI_HOLD_MS or more */
    SEI_ACT_CORNER,          /* corner dragged to (fx, fy) frame pixels */
    SEI_ACT_QUIT,            /* the window was closed, or SIGTERM */
    SEI_ACT_TEXT,            /* text typed (a key, or an input method's committed text): text */
    SEI_ACT_EDITING,         /* an input method's composition so far: text ("" when it ended) */
    SEI_ACT_KEY_DEL,         /* Backspace on a keyboard */
    SEI_ACT_KEY_ENTER        /* Enter on a keyboard */
} sei_ui_act;

typedef struct {
    sei_ui_act kind;
    sei_ui_button button;
    int x, y;
    int corner;
    double fx, fy;
    int small;               /* SEI_ACT_POINT*: the points were drawn closer than a fingertip,
                                so the tap may have meant a neighbour (zoom in first) */
    char text[32];           /* SEI_ACT_TEXT, SEI_ACT_EDITING: UTF-8, as SDL's events hold it */
} sei_ui_action;

/* Turn one event into at most one action, from what the last draw laid
 * out. A tap acts on release over the widget it pressed, so one tap is one
 * action even though SDL also turns fingers into mouse events (those are
 * ignored). Returns 1 when *a holds an action. */
int sei_ui_event(sei_ui *ui, const SDL_Event *e, sei_ui_action *a);

/* The centre of a button or board point as last drawn, in logical pixels,
 * for tests that tap like a finger. Returns 0, or -1 when not on screen. */
int sei_ui_button_centre(const sei_ui *ui, sei_ui_button b, int *x, int *y);
int sei_ui_point_centre(const sei_ui *ui, int col, int row, int *x, int *y);

/* The window of a board of size lines to zoom into around (col, row) so
 * that its points are a fingertip apart, as the last draw laid the board
 * out. Returns 1 with the window's first column and row and its span, or
 * 0 when the board's points are far enough apart already (no zoom). */
int sei_ui_zoom_window(const sei_ui *ui, int size, int col, int row, int *col0, int *row0, int *span);

/* ---- the layout as last drawn, for tests that check it as a person would ---- */

/* A touch target: a button (handle -1) or a corner handle (0..3). */
typedef struct {
    SDL_Rect r;
    sei_ui_button id;
    int handle;
} sei_ui_target;
/* The targets of the last draw into out (up to max); returns how many there were. */
int sei_ui_targets(const sei_ui *ui, sei_ui_target *out, int max);
/* The message area of the last draw (the status line): 1 and its rectangle
 * when a message was shown, with *fits 0 when its text did not fit in it. */
int sei_ui_message_rect(const sei_ui *ui, SDL_Rect *r, int *fits);
/* The smallest scale any text of the last draw was shrunk to (1: none was
 * shrunk, and no text ran out of its area), with that text in worst. */
double sei_ui_text_fit(const sei_ui *ui, char *worst, size_t n);

/* Text sizes, as the screens use them. */
typedef enum { SEI_UI_TEXT_SMALL = 0, SEI_UI_TEXT_BODY, SEI_UI_TEXT_LARGE } sei_ui_text;
/* The width of text in logical pixels at a size (TTF_SizeUTF8 on each run
 * of the font that draws it). */
int sei_ui_text_width(sei_ui *ui, const char *text, sei_ui_text size);

/* ---- the count in words ---- */

#define SEI_UI_PANEL_TEXT_W 300  /* the width every line of the result panel must fit in */
#define SEI_UI_LINE_MAX 160

typedef enum {
    SEI_UI_LINE_HEAD = 0,    /* who won and by how much (large, or body when large is too wide) */
    SEI_UI_LINE_NOTE,        /* the same in points, under a head in stones */
    SEI_UI_LINE_SUM,         /* "Black: 45 + 46 = 91": arithmetic that holds as written */
    SEI_UI_LINE_TERMS        /* the terms of the sum above it in words ("stones + territory") */
} sei_ui_line_kind;

typedef struct {
    sei_ui_line_kind kind;
    char text[SEI_UI_LINE_MAX];
} sei_ui_line;

/* The lines the result screen shows for s in lang, into out (up to max);
 * returns how many. Every sum names each of its terms, in the order of a
 * TERMS line under it: komi where it is added, the shared points' half
 * where the Chinese count splits them, a bowl's fill under Ing's rules. */
int sei_ui_result_lines(sei_lang lang, const sei_score *s, sei_ui_line *out, int max);
/* The lines the Fill screen shows for a fill check f of the count s (may
 * be NULL) of b (which names its points) in lang, into out (up to max);
 * returns how many. The head says whether it agrees; each side's set as a
 * sum (on the board + in the bowl); the holes; the margin as holes +
 * spares; the fill's result against the count's (and, when s took
 * overtime penalties, that the fill is before them); then each fault
 * sei_fill_check found, and points (the names of those read in doubt;
 * NULL or "" none). */
int sei_ui_fill_lines(sei_lang lang, const sei_fill_report *f, const sei_score *s, const sei_board *b,
                      const char *points, sei_ui_line *out, int max);

#endif

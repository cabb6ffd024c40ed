/* strings.c - every word the screens show, one table per language.
 *
 * Tables are indexed by sei_str so a missing entry is a compile-time
 * designated-initialiser gap, and sei_ui_string falls back to English for
 * it rather than showing nothing. Formats keep their printf conversions in
 * the same order in every language (the ui fills them in one order). */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <strings.h>

#include "ui.h"

static const char *const en[SEI_S_COUNT_OF_STRINGS] = {
    [SEI_S_LANG_NAME] = "English",
    [SEI_S_LIVE_SEARCHING] = "Looking for the board…",
    [SEI_S_LIVE_FOUND] = "Board found: %d×%d",
    [SEI_S_LIVE_STILL] = "Hold still… capturing",
    [SEI_S_LIVE_MOVING] = "Hands off the board",
    [SEI_S_LIVE_UNSURE] = "Not sure of the board: fix the corners",
    [SEI_S_LIVE_CORNERS_HINT] = "Drag each circle onto a corner point of the grid",
    [SEI_S_CAPTURE] = "Capture",
    [SEI_S_SETTINGS] = "Settings",
    [SEI_S_FIX_CORNERS] = "Corners",
    [SEI_S_DONE] = "Done",
    [SEI_S_RECORD] = "Record",
    [SEI_S_CONFIRM_TITLE] = "Check the position",
    [SEI_S_CONFIRM_HINT] = "Tap a group: dead or alive. Tap an empty point to add a stone; hold a stone to change it.",
    [SEI_S_RULES] = "Rules",
    [SEI_S_KOMI] = "Komi",
    [SEI_S_HANDICAP] = "Handicap",
    [SEI_S_PRISONERS] = "Prisoners",
    [SEI_S_BY_COUNT] = "Counted",
    [SEI_S_BY_LAST] = "Last move",
    [SEI_S_CAPTURED_BY_B] = "By Black",
    [SEI_S_CAPTURED_BY_W] = "By White",
    [SEI_S_LAST_MOVE] = "Played last",
    [SEI_S_COUNT] = "Count",
    [SEI_S_BACK] = "Back",
    [SEI_S_RESULT_TITLE] = "Result",
    [SEI_S_AGREED] = "Agreed",
    [SEI_S_RESUME] = "Resume play",
    [SEI_S_BLACK] = "Black",
    [SEI_S_WHITE] = "White",
    [SEI_S_WINS_BY_POINTS] = "%s wins by %s points",
    [SEI_S_WINS_BY_STONES] = "%s wins by %s stones",
    [SEI_S_JIGO] = "Draw (jigo)",
    [SEI_S_CN_COUNT] = "Black %s, needs over %s",
    [SEI_S_TERRITORY_LINE] = "%s: territory %d + prisoners %d = %s",
    [SEI_S_AREA_LINE] = "%s: stones %d + territory %d = %d",
    [SEI_S_KOMI_LINE] = "Komi %s",
    [SEI_S_BONUS_LINE] = "Handicap compensation %s",
    [SEI_S_DAME_LINE] = "Shared points %d",
    [SEI_S_FILL_LINE] = "%s fills in: %d stones left",
    [SEI_S_FILL_SHORT] = "%s fills in: %d stones short",
    [SEI_S_PENALTY_LINE] = "%s penalty %s",
    [SEI_S_SEKI_LINE] = "Eyes in seki, not counted: %d",
    [SEI_S_SETTINGS_TITLE] = "Settings",
    [SEI_S_DEFAULT_RULES] = "Rules",
    [SEI_S_BOARD_SIZE] = "Board size",
    [SEI_S_AUTO] = "Auto",
    [SEI_S_LANGUAGE] = "Language",
    [SEI_S_CAMERA] = "Camera",
    [SEI_S_EXPORT] = "Export results",
    [SEI_S_EXPORTED] = "Results exported to %s",
    [SEI_S_EXPORT_FAILED] = "Export failed: %s",
    [SEI_S_NOCAM_TITLE] = "No camera",
    [SEI_S_NOCAM_HINT] = "Check the camera cable and tap Retry, or use the sample photo.",
    [SEI_S_RETRY] = "Retry",
    [SEI_S_SAMPLE] = "Sample photo",
    [SEI_S_SAVED] = "Saved as result %d",
    [SEI_S_NOBOARD] = "No board found in the picture",
    [SEI_S_RULES_CHINESE] = "Chinese",
    [SEI_S_RULES_JAPANESE] = "Japanese",
    [SEI_S_RULES_KOREAN] = "Korean",
    [SEI_S_RULES_ING] = "Ing",
    [SEI_S_RULES_AGA] = "AGA",
    [SEI_S_RULES_NZ] = "New Zealand",
    [SEI_S_RULES_TT] = "Tromp-Taylor",
};

static const char *const zh[SEI_S_COUNT_OF_STRINGS] = {
    [SEI_S_LANG_NAME] = "中文",
    [SEI_S_LIVE_SEARCHING] = "正在寻找棋盘…",
    [SEI_S_LIVE_FOUND] = "已找到棋盘：%d×%d",
    [SEI_S_LIVE_STILL] = "请勿移动…即将拍摄",
    [SEI_S_LIVE_MOVING] = "请把手移开棋盘",
    [SEI_S_LIVE_UNSURE] = "棋盘识别不确定：请调整四角",
    [SEI_S_LIVE_CORNERS_HINT] = "把每个圆圈拖到棋盘网格的角点上",
    [SEI_S_CAPTURE] = "拍摄",
    [SEI_S_SETTINGS] = "设置",
    [SEI_S_FIX_CORNERS] = "调整四角",
    [SEI_S_DONE] = "完成",
    [SEI_S_RECORD] = "记谱",
    [SEI_S_CONFIRM_TITLE] = "核对局面",
    [SEI_S_CONFIRM_HINT] = "点棋子：切换死活。点空点：添加棋子；长按棋子：更改。",
    [SEI_S_RULES] = "规则",
    [SEI_S_KOMI] = "贴目",
    [SEI_S_HANDICAP] = "让子",
    [SEI_S_PRISONERS] = "提子",
    [SEI_S_BY_COUNT] = "按数目",
    [SEI_S_BY_LAST] = "按最后一手",
    [SEI_S_CAPTURED_BY_B] = "黑提子",
    [SEI_S_CAPTURED_BY_W] = "白提子",
    [SEI_S_LAST_MOVE] = "最后一手",
    [SEI_S_COUNT] = "数子",
    [SEI_S_BACK] = "返回",
    [SEI_S_RESULT_TITLE] = "结果",
    [SEI_S_AGREED] = "确认",
    [SEI_S_RESUME] = "继续对局",
    [SEI_S_BLACK] = "黑",
    [SEI_S_WHITE] = "白",
    [SEI_S_WINS_BY_POINTS] = "%s胜 %s 目",
    [SEI_S_WINS_BY_STONES] = "%s胜 %s 子",
    [SEI_S_JIGO] = "和棋",
    [SEI_S_CN_COUNT] = "黑方 %s 子，需超过 %s 子",
    [SEI_S_TERRITORY_LINE] = "%s：地 %d + 提子 %d = %s",
    [SEI_S_AREA_LINE] = "%s：子 %d + 空 %d = %d",
    [SEI_S_KOMI_LINE] = "贴目 %s",
    [SEI_S_BONUS_LINE] = "让子补偿 %s",
    [SEI_S_DAME_LINE] = "公气 %d",
    [SEI_S_FILL_LINE] = "%s填满后余 %d 子",
    [SEI_S_FILL_SHORT] = "%s填满还差 %d 子",
    [SEI_S_PENALTY_LINE] = "%s罚 %s 点",
    [SEI_S_SEKI_LINE] = "双活中的眼不计：%d",
    [SEI_S_SETTINGS_TITLE] = "设置",
    [SEI_S_DEFAULT_RULES] = "规则",
    [SEI_S_BOARD_SIZE] = "棋盘大小",
    [SEI_S_AUTO] = "自动",
    [SEI_S_LANGUAGE] = "语言",
    [SEI_S_CAMERA] = "摄像头",
    [SEI_S_EXPORT] = "导出结果",
    [SEI_S_EXPORTED] = "结果已导出到 %s",
    [SEI_S_EXPORT_FAILED] = "导出失败：%s",
    [SEI_S_NOCAM_TITLE] = "未找到摄像头",
    [SEI_S_NOCAM_HINT] = "请检查摄像头连线后点“重试”，或使用示例照片。",
    [SEI_S_RETRY] = "重试",
    [SEI_S_SAMPLE] = "示例照片",
    [SEI_S_SAVED] = "已保存为第 %d 局",
    [SEI_S_NOBOARD] = "照片中未找到棋盘",
    [SEI_S_RULES_CHINESE] = "中国规则",
    [SEI_S_RULES_JAPANESE] = "日本规则",
    [SEI_S_RULES_KOREAN] = "韩国规则",
    [SEI_S_RULES_ING] = "应氏规则",
    [SEI_S_RULES_AGA] = "美国规则",
    [SEI_S_RULES_NZ] = "新西兰规则",
    [SEI_S_RULES_TT] = "Tromp-Taylor",
};

static const char *const ja[SEI_S_COUNT_OF_STRINGS] = {
    [SEI_S_LANG_NAME] = "日本語",
    [SEI_S_LIVE_SEARCHING] = "碁盤を探しています…",
    [SEI_S_LIVE_FOUND] = "碁盤を検出：%d路×%d路",
    [SEI_S_LIVE_STILL] = "そのまま…撮影します",
    [SEI_S_LIVE_MOVING] = "盤から手を離してください",
    [SEI_S_LIVE_UNSURE] = "盤の検出が不確かです：四隅を直してください",
    [SEI_S_LIVE_CORNERS_HINT] = "丸を盤の四隅の交点へドラッグしてください",
    [SEI_S_CAPTURE] = "撮影",
    [SEI_S_SETTINGS] = "設定",
    [SEI_S_FIX_CORNERS] = "四隅",
    [SEI_S_DONE] = "完了",
    [SEI_S_RECORD] = "棋譜記録",
    [SEI_S_CONFIRM_TITLE] = "局面の確認",
    [SEI_S_CONFIRM_HINT] = "石をタップで死活を切替。空点をタップで石を置き、石を長押しで変更。",
    [SEI_S_RULES] = "ルール",
    [SEI_S_KOMI] = "コミ",
    [SEI_S_HANDICAP] = "置き石",
    [SEI_S_PRISONERS] = "アゲハマ",
    [SEI_S_BY_COUNT] = "数で入力",
    [SEI_S_BY_LAST] = "最終手で",
    [SEI_S_CAPTURED_BY_B] = "黒が取った石",
    [SEI_S_CAPTURED_BY_W] = "白が取った石",
    [SEI_S_LAST_MOVE] = "最終手",
    [SEI_S_COUNT] = "計算",
    [SEI_S_BACK] = "戻る",
    [SEI_S_RESULT_TITLE] = "結果",
    [SEI_S_AGREED] = "合意",
    [SEI_S_RESUME] = "対局再開",
    [SEI_S_BLACK] = "黒",
    [SEI_S_WHITE] = "白",
    [SEI_S_WINS_BY_POINTS] = "%sの %s 目勝ち",
    [SEI_S_WINS_BY_STONES] = "%sの %s 子勝ち",
    [SEI_S_JIGO] = "持碁",
    [SEI_S_CN_COUNT] = "黒 %s 子（%s 子を超えれば勝ち）",
    [SEI_S_TERRITORY_LINE] = "%s：地 %d + アゲハマ %d = %s",
    [SEI_S_AREA_LINE] = "%s：石 %d + 地 %d = %d",
    [SEI_S_KOMI_LINE] = "コミ %s",
    [SEI_S_BONUS_LINE] = "置き石の補正 %s",
    [SEI_S_DAME_LINE] = "ダメ %d",
    [SEI_S_FILL_LINE] = "%sは詰めて %d 子残る",
    [SEI_S_FILL_SHORT] = "%sは詰めて %d 子不足",
    [SEI_S_PENALTY_LINE] = "%sの罰点 %s",
    [SEI_S_SEKI_LINE] = "セキの目は地にならない：%d",
    [SEI_S_SETTINGS_TITLE] = "設定",
    [SEI_S_DEFAULT_RULES] = "ルール",
    [SEI_S_BOARD_SIZE] = "盤の大きさ",
    [SEI_S_AUTO] = "自動",
    [SEI_S_LANGUAGE] = "言語",
    [SEI_S_CAMERA] = "カメラ",
    [SEI_S_EXPORT] = "結果を書き出す",
    [SEI_S_EXPORTED] = "結果を %s に書き出しました",
    [SEI_S_EXPORT_FAILED] = "書き出せません：%s",
    [SEI_S_NOCAM_TITLE] = "カメラがありません",
    [SEI_S_NOCAM_HINT] = "ケーブルを確かめて「再試行」を押すか、サンプル写真を使ってください。",
    [SEI_S_RETRY] = "再試行",
    [SEI_S_SAMPLE] = "サンプル写真",
    [SEI_S_SAVED] = "結果 %d として保存しました",
    [SEI_S_NOBOARD] = "写真に碁盤が見つかりません",
    [SEI_S_RULES_CHINESE] = "中国ルール",
    [SEI_S_RULES_JAPANESE] = "日本ルール",
    [SEI_S_RULES_KOREAN] = "韓国ルール",
    [SEI_S_RULES_ING] = "応氏ルール",
    [SEI_S_RULES_AGA] = "AGAルール",
    [SEI_S_RULES_NZ] = "ニュージーランド",
    [SEI_S_RULES_TT] = "Tromp-Taylor",
};

static const char *const ko[SEI_S_COUNT_OF_STRINGS] = {
    [SEI_S_LANG_NAME] = "한국어",
    [SEI_S_LIVE_SEARCHING] = "바둑판을 찾는 중…",
    [SEI_S_LIVE_FOUND] = "바둑판 인식: %d×%d",
    [SEI_S_LIVE_STILL] = "움직이지 마세요… 촬영합니다",
    [SEI_S_LIVE_MOVING] = "바둑판에서 손을 떼 주세요",
    [SEI_S_LIVE_UNSURE] = "인식이 불확실합니다: 모서리를 맞추세요",
    [SEI_S_LIVE_CORNERS_HINT] = "원을 바둑판 귀의 교차점으로 끌어 놓으세요",
    [SEI_S_CAPTURE] = "촬영",
    [SEI_S_SETTINGS] = "설정",
    [SEI_S_FIX_CORNERS] = "모서리",
    [SEI_S_DONE] = "완료",
    [SEI_S_RECORD] = "기보 기록",
    [SEI_S_CONFIRM_TITLE] = "국면 확인",
    [SEI_S_CONFIRM_HINT] = "돌을 누르면 사석 표시. 빈 점을 누르면 돌 추가, 돌을 길게 누르면 변경.",
    [SEI_S_RULES] = "규칙",
    [SEI_S_KOMI] = "덤",
    [SEI_S_HANDICAP] = "접바둑",
    [SEI_S_PRISONERS] = "사석",
    [SEI_S_BY_COUNT] = "개수 입력",
    [SEI_S_BY_LAST] = "마지막 수로",
    [SEI_S_CAPTURED_BY_B] = "흑이 잡은 돌",
    [SEI_S_CAPTURED_BY_W] = "백이 잡은 돌",
    [SEI_S_LAST_MOVE] = "마지막 수",
    [SEI_S_COUNT] = "계가",
    [SEI_S_BACK] = "뒤로",
    [SEI_S_RESULT_TITLE] = "결과",
    [SEI_S_AGREED] = "합의",
    [SEI_S_RESUME] = "대국 재개",
    [SEI_S_BLACK] = "흑",
    [SEI_S_WHITE] = "백",
    [SEI_S_WINS_BY_POINTS] = "%s %s집 승",
    [SEI_S_WINS_BY_STONES] = "%s %s자 승",
    [SEI_S_JIGO] = "무승부",
    [SEI_S_CN_COUNT] = "흑 %s자, %s자 초과 시 승",
    [SEI_S_TERRITORY_LINE] = "%s: 집 %d + 사석 %d = %s",
    [SEI_S_AREA_LINE] = "%s: 돌 %d + 집 %d = %d",
    [SEI_S_KOMI_LINE] = "덤 %s",
    [SEI_S_BONUS_LINE] = "접바둑 보정 %s",
    [SEI_S_DAME_LINE] = "공배 %d",
    [SEI_S_FILL_LINE] = "%s 메운 뒤 %d개 남음",
    [SEI_S_FILL_SHORT] = "%s 메우기 %d개 부족",
    [SEI_S_PENALTY_LINE] = "%s 벌점 %s",
    [SEI_S_SEKI_LINE] = "빅의 집은 계산 안 함: %d",
    [SEI_S_SETTINGS_TITLE] = "설정",
    [SEI_S_DEFAULT_RULES] = "규칙",
    [SEI_S_BOARD_SIZE] = "판 크기",
    [SEI_S_AUTO] = "자동",
    [SEI_S_LANGUAGE] = "언어",
    [SEI_S_CAMERA] = "카메라",
    [SEI_S_EXPORT] = "결과 내보내기",
    [SEI_S_EXPORTED] = "결과를 %s에 내보냄",
    [SEI_S_EXPORT_FAILED] = "내보내기 실패: %s",
    [SEI_S_NOCAM_TITLE] = "카메라 없음",
    [SEI_S_NOCAM_HINT] = "카메라 연결을 확인하고 '다시 시도'를 누르거나 예제 사진을 쓰세요.",
    [SEI_S_RETRY] = "다시 시도",
    [SEI_S_SAMPLE] = "예제 사진",
    [SEI_S_SAVED] = "결과 %d(으)로 저장됨",
    [SEI_S_NOBOARD] = "사진에서 바둑판을 찾지 못함",
    [SEI_S_RULES_CHINESE] = "중국 규칙",
    [SEI_S_RULES_JAPANESE] = "일본 규칙",
    [SEI_S_RULES_KOREAN] = "한국 규칙",
    [SEI_S_RULES_ING] = "잉 규칙",
    [SEI_S_RULES_AGA] = "AGA 규칙",
    [SEI_S_RULES_NZ] = "뉴질랜드 규칙",
    [SEI_S_RULES_TT] = "Tromp-Taylor",
};

static const char *const *const tables[SEI_LANG_COUNT] = {en, zh, ja, ko};

const char *sei_ui_string(sei_lang lang, sei_str id)
{
    if ((int)id < 0 || id >= SEI_S_COUNT_OF_STRINGS)
        return "";
    if ((int)lang < 0 || lang >= SEI_LANG_COUNT)
        lang = SEI_LANG_EN;
    const char *s = tables[lang][id];
    return s ? s : en[id] ? en[id] : "";
}

static const char *const codes[SEI_LANG_COUNT] = {"en", "zh", "ja", "ko"};
static const char *const long_names[SEI_LANG_COUNT] = {"english", "chinese", "japanese", "korean"};

int sei_ui_lang_parse(const char *name)
{
    if (!name)
        return -1;
    for (int i = 0; i < SEI_LANG_COUNT; i++)
        if (!strcasecmp(name, codes[i]) || !strcasecmp(name, long_names[i]) || !strcmp(name, tables[i][SEI_S_LANG_NAME]))
            return i;
    return -1;
}

const char *sei_ui_lang_code(sei_lang lang)
{
    return (int)lang >= 0 && lang < SEI_LANG_COUNT ? codes[lang] : "en";
}

const char *sei_ui_rules_name(sei_lang lang, const char *preset)
{
    static const struct {
        const char *preset;
        sei_str id;
    } names[] = {{"chinese", SEI_S_RULES_CHINESE}, {"japanese", SEI_S_RULES_JAPANESE}, {"korean", SEI_S_RULES_KOREAN},
                 {"ing", SEI_S_RULES_ING},         {"aga", SEI_S_RULES_AGA},           {"nz", SEI_S_RULES_NZ},
                 {"tromp-taylor", SEI_S_RULES_TT}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (preset && !strcmp(preset, names[i].preset))
            return sei_ui_string(lang, names[i].id);
    return preset ? preset : "";
}

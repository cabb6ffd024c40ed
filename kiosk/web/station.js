/* station.js - the director's station's page (index.html): the results
 * grid of a round, refreshed every few seconds from the station's API
 * (GET /api/v1/pairings and /api/v1/results), and a judge's confirm,
 * correct or void with the PIN (POST /api/v1/results/UUID/ACTION with
 * X-Seichi-PIN), with the result's audit trail.
 *
 * Everything from the data (names are players' and judges' typing) goes
 * into the page as textContent, never as markup. The refresh changes
 * only the rows that changed, in place, and never touches the judge's
 * form: a half-typed correction, the focus and the scroll position
 * survive it. The PIN lives only in its input: never stored, cleared when
 * the panel closes.
 *
 * Every word the page shows is in STRINGS below, in English, Chinese
 * (simplified), Japanese and Korean, in the kiosk's words for the same
 * things (ui/strings.c): the language is picked on the page and kept in
 * localStorage (the one thing the page stores), or the first time taken
 * from the browser's languages. Results ("B+R", "W+3.5") are the SGF
 * notation, the same in every language; the station's own error messages
 * are shown as it sends them (English). */
'use strict';

(function () {
  const POLL_MS = 4000, HIDDEN_POLL_MS = 30000;
  const $ = (id) => document.getElementById(id);

  // ---- the page's words --------------------------------------------------------

  // A key's text, or a function of the numbers and words it takes. A key a
  // language lacks is shown in English (never as nothing).
  const STRINGS = {
    en: {
      results: 'Results',
      round: 'Round',
      language: 'Language',
      loading: 'Loading…',
      table: 'Table', black: 'Black', white: 'White', result: 'Result', source: 'Source', state: 'State',
      empty: 'No games and no results in this round yet.',
      legend: 'Tap a result to see its history, or to confirm, correct or void it with the judge PIN.',
      close: 'Close',
      gone: 'This result is no longer in this round (it was moved).',
      decidedBy: 'Decided by', agreedAt: 'Agreed at', uuid: 'UUID',
      judge: 'Judge', judgeName: "Judge's name", pin: 'PIN', reason: 'Reason',
      changeLegend: 'Correct (fill only what changes)',
      dead: 'Dead stones', deadHint: 'dd pq, or none',
      doCorrect: 'Correct', doConfirm: 'Confirm', doVoid: 'Void',
      history: 'History', auditEmpty: 'No judge has changed this result.',
      states: { agreed: 'agreed', disputed: 'disputed', confirmed: 'confirmed', voided: 'voided', waiting: 'waiting' },
      decided: { count: 'count', resignation: 'resignation', time: 'time', forfeit: 'forfeit' },
      action: { correct: 'correct', confirm: 'confirm', void: 'void' },
      field: { result: 'result', dead: 'dead stones', result_stones: 'result in stones', table: 'table', round: 'round',
               event: 'event', black_player: 'Black', white_player: 'White', black_id: "Black's rating ID",
               white_id: "White's rating ID", state: 'state', kiosk_change: "a kiosk judge's change, not applied" },
      paired: (name) => 'paired: ' + name,
      from: 'from ',
      clash: 'Two results at this table: the later stands in the export',
      gamesIn: (n, games) => n + ' of ' + games + ' games in',
      resultsN: (n) => n + (n === 1 ? ' result' : ' results'),
      disputedN: (n) => n + ' disputed',
      confirmedN: (n) => n + ' confirmed',
      voidedN: (n) => n + ' voided',
      roundLine: (round, parts) => 'Round ' + round + ': ' + parts.join(' · '),
      docTitle: (round) => 'round ' + round,
      tableOf: (table) => 'Table ' + table + ': ',
      updated: (time) => 'Updated ' + time,
      notUpdated: (why) => 'Not updated: ' + why + ' (trying again)',
      unreachable: 'the station cannot be reached',
      needJudge: "Type the judge's name (it goes into the audit trail).",
      needPin: 'Type the judge PIN (4 to 12 digits).',
      needReason: 'Give a reason (it goes into the audit trail).',
      badTable: 'The table is a number from 1 to 9999.',
      needChange: 'Fill in what changes: the result, the dead stones, the table or a name.',
      refused: { 400: 'Not accepted: ', 403: 'Refused: ', 404: 'Not found: ', 409: 'Not possible now: ', 429: 'Locked: ' },
      failed: 'Failed: ',
      corrected: (n) => 'Corrected (' + n + (n === 1 ? ' field' : ' fields') + ' changed).',
      confirmedDone: 'Confirmed: the result is now locked.',
      voidedDone: 'Voided.',
    },
    zh: {
      results: '结果',
      round: '轮次',
      language: '语言',
      loading: '加载中…',
      table: '桌号', black: '黑', white: '白', result: '结果', source: '来源', state: '状态',
      empty: '本轮还没有对局，也没有结果。',
      legend: '点一个结果，可查看它的更改记录，或用裁判密码确认、更正或作废。',
      close: '关闭',
      gone: '此结果已不在本轮（已被移走）。',
      decidedBy: '胜负方式', agreedAt: '同意时间', uuid: 'UUID',
      judge: '裁判', judgeName: '裁判姓名', pin: '裁判密码', reason: '原因',
      changeLegend: '更正（只填要改的项）',
      dead: '死子', deadHint: 'dd pq，或 none',
      doCorrect: '更正', doConfirm: '确认', doVoid: '作废',
      history: '更改记录', auditEmpty: '没有更改：裁判还没有改过此结果。',
      states: { agreed: '已同意', disputed: '有争议', confirmed: '已确认', voided: '已作废', waiting: '等待结果' },
      decided: { count: '数子', resignation: '认输', time: '超时', forfeit: '弃权' },
      action: { correct: '更正', confirm: '确认', void: '作废' },
      field: { result: '结果', dead: '死子', result_stones: '结果（子）', table: '桌号', round: '轮次', event: '比赛',
               black_player: '黑方棋手', white_player: '白方棋手', black_id: '黑方等级分编号', white_id: '白方等级分编号',
               state: '状态', kiosk_change: '计分机裁判的更改（未采用）' },
      paired: (name) => '对阵表：' + name,
      from: '来源：',
      clash: '此桌有两个结果：导出时以较晚的为准',
      gamesIn: (n, games) => games + '局中' + n + '局已有结果',
      resultsN: (n) => n + '个结果',
      disputedN: (n) => n + '个有争议',
      confirmedN: (n) => n + '个已确认',
      voidedN: (n) => n + '个已作废',
      roundLine: (round, parts) => '第' + round + '轮：' + parts.join(' · '),
      docTitle: (round) => '第' + round + '轮',
      tableOf: (table) => '第' + table + '桌：',
      updated: (time) => '已更新 ' + time,
      notUpdated: (why) => '未更新：' + why + '（正在重试）',
      unreachable: '无法连接赛事主机',
      needJudge: '请输入裁判姓名（将写入更改记录）。',
      needPin: '请输入裁判密码（4 到 12 位数字）。',
      needReason: '请填写原因（将写入更改记录）。',
      badTable: '桌号是 1 到 9999 之间的数字。',
      needChange: '请填写要更改的内容：结果、死子、桌号或棋手姓名。',
      refused: { 400: '未被接受：', 403: '被拒绝：', 404: '未找到：', 409: '现在不能这样做：', 429: '已锁定：' },
      failed: '失败：',
      corrected: (n) => '已更正（改了' + n + '项）。',
      confirmedDone: '已确认：结果已锁定。',
      voidedDone: '已作废。',
    },
    ja: {
      results: '結果',
      round: '回戦',
      language: '言語',
      loading: '読み込み中…',
      table: '台番号', black: '黒', white: '白', result: '結果', source: '送信元', state: '状態',
      empty: 'この回戦にはまだ対局も結果もありません。',
      legend: '結果をタップすると変更履歴を表示します。審判の暗証番号で確定・訂正・無効にできます。',
      close: '閉じる',
      gone: 'この結果はもうこの回戦にありません（移動されました）。',
      decidedBy: '決着', agreedAt: '合意時刻', uuid: 'UUID',
      judge: '審判', judgeName: '審判員の名前', pin: '審判の暗証番号', reason: '理由',
      changeLegend: '訂正（変わる項目だけ入力）',
      dead: '死に石', deadHint: 'dd pq、または none',
      doCorrect: '訂正する', doConfirm: '確定する', doVoid: '無効にする',
      history: '変更履歴', auditEmpty: '変更なし：審判はこの結果を変えていません。',
      states: { agreed: '合意済み', disputed: '異議あり', confirmed: '確定', voided: '無効', waiting: '結果待ち' },
      decided: { count: '計算', resignation: '投了', time: '時間切れ', forfeit: '不戦' },
      action: { correct: '訂正', confirm: '確定', void: '無効' },
      field: { result: '結果', dead: '死に石', result_stones: '結果（石数）', table: '台番号', round: '回戦', event: '大会',
               black_player: '黒の対局者', white_player: '白の対局者', black_id: '黒のレーティングID',
               white_id: '白のレーティングID', state: '状態', kiosk_change: '端末の審判による変更（未適用）' },
      paired: (name) => '組み合わせ：' + name,
      from: '送信元：',
      clash: 'この台に結果が二つあります：書き出しでは後の結果が有効です',
      gamesIn: (n, games) => games + '局中' + n + '局終了',
      resultsN: (n) => '結果' + n + '件',
      disputedN: (n) => '異議あり' + n + '件',
      confirmedN: (n) => '確定' + n + '件',
      voidedN: (n) => '無効' + n + '件',
      roundLine: (round, parts) => round + '回戦：' + parts.join(' · '),
      docTitle: (round) => round + '回戦',
      tableOf: (table) => table + '番台：',
      updated: (time) => '更新 ' + time,
      notUpdated: (why) => '未更新：' + why + '（再試行中）',
      unreachable: '大会本部に接続できません',
      needJudge: '審判員の名前を入力してください（変更履歴に残ります）。',
      needPin: '審判の暗証番号を入力してください（4〜12桁の数字）。',
      needReason: '理由を入力してください（変更履歴に残ります）。',
      badTable: '台番号は1〜9999の数字です。',
      needChange: '変わる項目を入力してください：結果、死に石、台番号、対局者の名前。',
      refused: { 400: '受け付けられません：', 403: '拒否されました：', 404: '見つかりません：', 409: '今はできません：',
                 429: 'ロック中：' },
      failed: '失敗：',
      corrected: (n) => '訂正しました（' + n + '項目を変更）。',
      confirmedDone: '確定しました：結果はロックされました。',
      voidedDone: '無効にしました。',
    },
    ko: {
      results: '결과',
      round: '라운드',
      language: '언어',
      loading: '불러오는 중…',
      table: '대국대', black: '흑', white: '백', result: '결과', source: '출처', state: '상태',
      empty: '이 라운드에는 아직 대국도 결과도 없습니다.',
      legend: '결과를 누르면 변경 기록을 볼 수 있고, 심판 비밀번호로 확정·정정·무효 처리할 수 있습니다.',
      close: '닫기',
      gone: '이 결과는 더 이상 이 라운드에 없습니다(옮겨졌습니다).',
      decidedBy: '승부 방식', agreedAt: '합의 시각', uuid: 'UUID',
      judge: '심판', judgeName: '심판 이름', pin: '심판 비밀번호', reason: '사유',
      changeLegend: '정정 (바뀌는 항목만 입력)',
      dead: '죽은 돌', deadHint: 'dd pq 또는 none',
      doCorrect: '정정', doConfirm: '확정', doVoid: '무효 처리',
      history: '변경 기록', auditEmpty: '변경 없음: 심판이 이 결과를 바꾸지 않았습니다.',
      states: { agreed: '합의', disputed: '이의', confirmed: '확정', voided: '무효', waiting: '대기 중' },
      decided: { count: '계가', resignation: '불계', time: '시간패', forfeit: '기권' },
      action: { correct: '정정', confirm: '확정', void: '무효 처리' },
      field: { result: '결과', dead: '죽은 돌', result_stones: '결과(돌 수)', table: '대국대', round: '라운드', event: '대회',
               black_player: '흑 대국자', white_player: '백 대국자', black_id: '흑 레이팅 ID', white_id: '백 레이팅 ID',
               state: '상태', kiosk_change: '키오스크 심판의 변경(적용 안 됨)' },
      paired: (name) => '대진: ' + name,
      from: '출처: ',
      clash: '이 대국대에 결과가 두 개 있습니다: 내보낼 때는 나중 결과가 쓰입니다',
      gamesIn: (n, games) => '대국 ' + games + '판 중 ' + n + '판 완료',
      resultsN: (n) => '결과 ' + n + '건',
      disputedN: (n) => '이의 ' + n + '건',
      confirmedN: (n) => '확정 ' + n + '건',
      voidedN: (n) => '무효 ' + n + '건',
      roundLine: (round, parts) => round + '라운드: ' + parts.join(' · '),
      docTitle: (round) => round + '라운드',
      tableOf: (table) => table + '번 대국대: ',
      updated: (time) => '갱신됨 ' + time,
      notUpdated: (why) => '갱신 안 됨: ' + why + ' (다시 시도 중)',
      unreachable: '대회 본부에 연결할 수 없습니다',
      needJudge: '심판 이름을 입력하세요(변경 기록에 남습니다).',
      needPin: '심판 비밀번호를 입력하세요(숫자 4~12자리).',
      needReason: '사유를 입력하세요(변경 기록에 남습니다).',
      badTable: '대국대 번호는 1~9999 사이의 숫자입니다.',
      needChange: '바뀌는 항목을 입력하세요: 결과, 죽은 돌, 대국대, 대국자 이름.',
      refused: { 400: '받아들일 수 없음: ', 403: '거부됨: ', 404: '찾을 수 없음: ', 409: '지금은 할 수 없음: ', 429: '잠김: ' },
      failed: '실패: ',
      corrected: (n) => '정정했습니다(' + n + '개 항목 변경).',
      confirmedDone: '확정했습니다: 결과가 잠겼습니다.',
      voidedDone: '무효 처리했습니다.',
    },
  };
  // <html lang> for each: the browser picks CJK glyphs (and fonts, station.css) by it.
  const HTML_LANG = { en: 'en', zh: 'zh-Hans', ja: 'ja', ko: 'ko' };
  const LANG_KEY = 'seichi-station-lang';

  // The language picked on this page before; else the browser's first of
  // the four (zh-TW and zh-HK read the simplified Chinese too); else English.
  function firstLanguage() {
    try {
      const kept = localStorage.getItem(LANG_KEY);
      if (kept && STRINGS[kept]) return kept;
    } catch (e) { /* storage off (a private window): the browser's choice */ }
    const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en'];
    for (const l of wanted) {
      const primary = String(l).toLowerCase().split(/[-_;]/)[0];
      if (STRINGS[primary]) return primary;
    }
    return 'en';
  }

  let lang = firstLanguage();

  // The text of key in the page's language; a function's, given args.
  function t(key, ...args) {
    let s = STRINGS[lang][key];
    if (s === undefined) s = STRINGS.en[key];
    return typeof s === 'function' ? s(...args) : s;
  }

  // One word of a group (a state, an audit action or field, how a game was
  // decided); what the table lacks as the station sent it.
  function word(group, value) {
    const g = STRINGS[lang][group] || {}, en = STRINGS.en[group];
    return g[value] || en[value] || value || '';
  }

  const view = {
    round: null,        // the round shown
    rounds: [],         // rounds the station knows (pairings and results)
    results: new Map(), // uuid -> result of the round shown
    selected: null,     // uuid of the result in the panel
    auditSeen: -1,      // audit_entries when the panel's history was loaded
    timer: null,
    loading: false,
    again: false,       // a refresh asked for while one was under way
    // What is shown, kept to be shown again in another language:
    data: null,         // the last pairings and results ({ p, r })
    status: null,       // the last refresh: { at: Date } or { error: ApiError }
    audit: null,        // the panel's result's audit entries
    msg: null,          // the form's message: { text: key or function, ok }
  };

  class ApiError extends Error {
    constructor(status, message) { super(message); this.status = status; }
  }

  async function api(path, options) {
    let r;
    try {
      r = await fetch(path, Object.assign({ cache: 'no-store' }, options || {}));
    } catch (e) {
      throw new ApiError(0, ''); // said in the page's language (errorText)
    }
    let body = null;
    try { body = await r.json(); } catch (e) { body = null; }
    if (!r.ok || !body) throw new ApiError(r.status, (body && body.error) || ('HTTP ' + r.status));
    return body;
  }

  // An ApiError as the page says it: the station's own message as it sent it.
  function errorText(e) {
    return e.status === 0 ? t('unreachable') : e.message;
  }

  function el(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  // "Name First name", as the station's exports write a player.
  function playerName(p) {
    if (!p) return '';
    return p.first_name ? p.name + ' ' + p.first_name : p.name;
  }

  function setText(node, text) {
    text = text === undefined || text === null ? '' : String(text);
    if (node.textContent !== text) node.textContent = text;
  }

  // ---- the round in the address, so a reload or a shared link keeps it -----

  function roundFromHash() {
    const m = /^#round=(\d{1,3})$/.exec(location.hash);
    return m ? Number(m[1]) : null;
  }

  // ---- the grid --------------------------------------------------------------

  // One row a result, and a waiting row for a game with no live result; by
  // table, results with no table or at a table the pairings lack last.
  function buildRows(pairings, results) {
    const tables = new Map();
    for (const p of pairings) tables.set(p.table, { pairing: p, results: [] });
    const loose = [];
    for (const r of results) {
      if (r.table === null || r.table === undefined) { loose.push(r); continue; }
      if (!tables.has(r.table)) tables.set(r.table, { pairing: null, results: [] });
      tables.get(r.table).results.push(r);
    }
    const rows = [];
    for (const n of Array.from(tables.keys()).sort((a, b) => a - b)) {
      const g = tables.get(n);
      const live = g.results.filter((r) => r.state !== 'voided');
      for (const r of g.results) {
        rows.push({ key: r.uuid, table: n, pairing: g.pairing, result: r,
                    clash: live.length > 1 && r.state !== 'voided' });
      }
      if (!live.length && g.pairing) rows.push({ key: 'wait-' + n, table: n, pairing: g.pairing, result: null, clash: false });
    }
    for (const r of loose) rows.push({ key: r.uuid, table: null, pairing: null, result: r, clash: false });
    return rows;
  }

  const COLUMNS = ['table', 'black', 'white', 'result', 'source', 'state'];

  function makeRow(row) {
    const tr = document.createElement('tr');
    tr.dataset.key = row.key;
    for (const c of COLUMNS) tr.appendChild(el('td', c));
    if (row.result) {
      tr.dataset.uuid = row.result.uuid;
      tr.tabIndex = 0;
    }
    return tr;
  }

  // The name the result carries; the pairing's below it when they differ.
  function nameCell(td, name, paired) {
    const main = name || paired || '';
    const sub = paired && name && paired !== name ? t('paired', paired) : '';
    if (td.childNodes.length && td.dataset.main === main && td.dataset.sub === sub) return;
    td.dataset.main = main;
    td.dataset.sub = sub;
    td.replaceChildren(document.createTextNode(main));
    if (sub) td.appendChild(el('span', 'sub', sub));
  }

  function fillRow(tr, row) {
    const r = row.result;
    const state = r ? r.state : 'waiting';
    const cls = 'state-' + state + (row.clash ? ' clash' : '') + (r && r.uuid === view.selected ? ' selected' : '');
    if (tr.className !== cls) tr.className = cls;
    const td = tr.children;
    setText(td[0], row.table === null ? '—' : row.table);
    nameCell(td[1], r ? r.black : '', row.pairing ? playerName(row.pairing.black) : '');
    nameCell(td[2], r ? r.white : '', row.pairing ? playerName(row.pairing.white) : '');
    setText(td[3], r ? r.result : '');
    setText(td[4], r ? r.source : '');
    let badge = td[5].firstChild;
    if (!badge) { badge = el('span'); td[5].appendChild(badge); }
    if (badge.className !== 'badge ' + state) badge.className = 'badge ' + state;
    setText(badge, word('states', state));
    // The source's label on a phone's card (station.css), in the page's language.
    const from = r && r.source ? t('from') : '';
    if (td[4].dataset.from !== from) td[4].dataset.from = from;
    if (row.clash) tr.title = t('clash');
    else tr.removeAttribute('title');
  }

  function renderGrid(pairings, results) {
    const body = $('rows');
    const rows = buildRows(pairings, results);
    const old = new Map();
    for (const tr of Array.from(body.children)) old.set(tr.dataset.key, tr);
    const keep = new Set(rows.map((r) => r.key));
    for (const [k, tr] of old) if (!keep.has(k)) tr.remove();
    let before = body.firstChild;
    for (const row of rows) {
      let tr = old.get(row.key);
      if (!tr) tr = makeRow(row);
      fillRow(tr, row);
      // Moved only when out of place, so a focused row keeps its focus.
      if (tr !== before) body.insertBefore(tr, before);
      else before = before.nextSibling;
    }
    $('empty').hidden = rows.length > 0;
    $('grid').hidden = rows.length === 0;

    const games = pairings.length;
    const tablesIn = new Set(results.filter((r) => r.state !== 'voided' && r.table !== null).map((r) => r.table));
    const count = (s) => results.filter((r) => r.state === s).length;
    const parts = [];
    if (games) parts.push(t('gamesIn', Array.from(tablesIn).filter((n) => pairings.some((p) => p.table === n)).length, games));
    parts.push(t('resultsN', results.length));
    for (const s of ['disputed', 'confirmed', 'voided']) if (count(s)) parts.push(t(s + 'N', count(s)));
    setText($('summary'), t('roundLine', view.round, parts));
  }

  function renderRounds(rounds) {
    const sel = $('round');
    const same = rounds.length === view.rounds.length && rounds.every((r, i) => r === view.rounds[i]);
    if (!same || sel.options.length === 0) {
      // Rebuilt only when the rounds change: an open picker stays open.
      const list = rounds.includes(view.round) ? rounds : rounds.concat([view.round]).sort((a, b) => a - b);
      sel.replaceChildren(...list.map((r) => { const o = el('option', null, r); o.value = String(r); return o; }));
      view.rounds = rounds.slice();
    }
    sel.value = String(view.round);
    sel.disabled = false;
  }

  // ---- the live refresh -------------------------------------------------------

  async function refresh() {
    if (view.loading) { view.again = true; return; } // once this one ends
    view.loading = true;
    clearTimeout(view.timer);
    try {
      if (view.round === null) view.round = roundFromHash() || (await api('/api/v1/pairings')).round || 1;
      const round = view.round;
      const [p, r] = await Promise.all([api('/api/v1/pairings?round=' + round), api('/api/v1/results?round=' + round)]);
      if (round !== view.round) { view.again = true; return; } // the picker moved meanwhile
      view.data = { p: p, r: r };
      view.results = new Map(r.results.map((x) => [x.uuid, x]));
      renderData();
      view.status = { at: new Date() };
      renderStatus();
    } catch (e) {
      view.status = { error: e };
      renderStatus();
    } finally {
      view.loading = false;
      // A tab in the background asks seldom; it catches up when shown.
      if (view.again) { view.again = false; refresh(); } else view.timer = setTimeout(refresh, document.hidden ? HIDDEN_POLL_MS : POLL_MS);
    }
  }

  // The round's heading, picker, grid and panel from the last data.
  function renderData() {
    const d = view.data;
    setText($('tournament'), d && d.p.tournament ? d.p.tournament : t('results'));
    if (!d) return;
    document.title = (d.p.tournament ? d.p.tournament + ': ' : '') + t('docTitle', view.round) + ' (Seichi)';
    renderRounds(d.p.rounds);
    renderGrid(d.p.pairings, d.r.results);
    renderPanel();
  }

  function renderStatus() {
    const st = $('status'), s = view.status;
    if (!s) return setText(st, t('loading'));
    st.classList.toggle('down', !!s.error);
    setText(st, s.error ? t('notUpdated', errorText(s.error)) : t('updated', s.at.toLocaleTimeString(HTML_LANG[lang])));
  }

  // ---- the panel: one result, its history, the judge's form -------------------

  function renderPanel() {
    if (!view.selected) return;
    const r = view.results.get(view.selected);
    $('panel-gone').hidden = !!r;
    if (!r) return;
    setText($('panel-title'), (r.table !== null ? t('tableOf', r.table) : '') + (r.black || '?') + ' – ' + (r.white || '?'));
    setText($('f-result'), r.result);
    const b = $('f-state');
    let badge = b.firstChild;
    if (!badge) { badge = el('span'); b.appendChild(badge); }
    badge.className = 'badge ' + r.state;
    setText(badge, word('states', r.state));
    setText($('f-decided'), word('decided', r.decided_by));
    setText($('f-black'), r.black);
    setText($('f-white'), r.white);
    setText($('f-source'), r.source);
    // Shown in the browser's time zone; the UTC time the station keeps on hover.
    const at = new Date(r.time);
    setText($('f-time'), isNaN(at) ? r.time : at.toLocaleString(HTML_LANG[lang]));
    $('f-time').title = r.time;
    setText($('f-uuid'), r.uuid);
    // Confirmed: only void is left; voided: final.
    $('do-correct').disabled = r.state === 'confirmed' || r.state === 'voided';
    $('do-confirm').disabled = r.state === 'confirmed' || r.state === 'voided';
    $('do-void').disabled = r.state === 'voided';
    if (r.audit_entries !== view.auditSeen) loadAudit(r.uuid, r.audit_entries);
  }

  async function loadAudit(uuid, entries) {
    view.auditSeen = entries;
    try {
      const a = await api('/api/v1/results/' + encodeURIComponent(uuid) + '/audit');
      if (uuid !== view.selected) return;
      view.audit = a.audit;
      renderAudit();
    } catch (e) {
      view.auditSeen = -1; // tried again on the next refresh
    }
  }

  // The history: the action and the field in the page's words, a state's
  // values too (as the kiosk shows them); other values as stored.
  function renderAudit() {
    if (!view.audit) return;
    const value = (e, v) => (e.field === 'state' ? word('states', v) : v);
    $('audit').replaceChildren(...view.audit.map((e) => {
      const li = el('li');
      li.appendChild(el('span', 'when', e.local_time + ' · ' + e.judge));
      const what = e.action === 'correct'
        ? word('field', e.field) + ': ' + value(e, e.old) + ' → ' + value(e, e.new)
        : word('action', e.action) + (e.field && e.field !== 'state' ? ' (' + word('field', e.field) + ')' : '');
      li.appendChild(el('span', 'what', what));
      if (e.reason) li.appendChild(el('span', 'reason', e.reason));
      return li;
    }));
    $('audit-empty').hidden = view.audit.length > 0;
  }

  function openPanel(uuid) {
    const changed = view.selected !== uuid;
    view.selected = uuid;
    for (const tr of $('rows').children) tr.classList.toggle('selected', tr.dataset.uuid === uuid);
    if (changed) {
      view.auditSeen = -1;
      view.audit = null;
      $('audit').replaceChildren();
      $('audit-empty').hidden = true;
      for (const id of ['reason', 'c-result', 'c-dead', 'c-table', 'c-black', 'c-white']) $(id).value = '';
      showMessage(null);
    }
    $('panel').hidden = false;
    $('main').classList.add('with-panel');
    renderPanel();
    if (changed && window.matchMedia('(max-width: 62rem)').matches) $('panel').scrollIntoView({ block: 'start' });
  }

  function closePanel() {
    const uuid = view.selected;
    view.selected = null;
    $('panel').hidden = true;
    $('main').classList.remove('with-panel');
    $('pin').value = '';
    for (const tr of $('rows').children) tr.classList.remove('selected');
    const tr = uuid && $('rows').querySelector('tr[data-uuid="' + CSS.escape(uuid) + '"]');
    if (tr) tr.focus();
  }

  // The form's message: a key of STRINGS, or a function giving the text
  // (kept, to be said again when the language changes); null: none.
  function showMessage(text, ok) {
    view.msg = text ? { text: text, ok: !!ok } : null;
    renderMessage();
  }

  function renderMessage() {
    const m = $('form-msg'), msg = view.msg;
    m.hidden = !msg;
    m.className = 'msg ' + (msg && msg.ok ? 'ok' : 'error');
    setText(m, !msg ? '' : typeof msg.text === 'function' ? msg.text() : t(msg.text));
  }

  async function submitJudge(ev) {
    ev.preventDefault();
    const action = ev.submitter && ev.submitter.value ? ev.submitter.value : 'correct';
    const uuid = view.selected;
    if (!uuid) return;
    const pin = $('pin').value.trim(), judge = $('judge').value.trim(), reason = $('reason').value.trim();
    if (!judge) return showMessage('needJudge');
    if (!/^\d{4,12}$/.test(pin)) return showMessage('needPin');
    if (action !== 'confirm' && !reason) return showMessage('needReason');
    const body = { judge: judge, reason: reason };
    if (action === 'correct') {
      const fields = [['c-result', 'result'], ['c-dead', 'dead'], ['c-black', 'black_player'], ['c-white', 'white_player']];
      for (const [id, key] of fields) {
        const v = $(id).value.trim();
        if (v) body[key] = v;
      }
      const table = $('c-table').value.trim();
      if (table) {
        if (!/^\d{1,4}$/.test(table)) return showMessage('badTable');
        body.table = Number(table);
      }
      if (Object.keys(body).length === 2) return showMessage('needChange');
    }
    const buttons = Array.from(document.querySelectorAll('.actions button'));
    buttons.forEach((b) => { b.disabled = true; });
    showMessage(null);
    try {
      const a = await api('/api/v1/results/' + encodeURIComponent(uuid) + '/' + action, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Seichi-PIN': pin },
        body: JSON.stringify(body),
      });
      showMessage(action === 'correct' ? () => t('corrected', a.changed) : action === 'confirm' ? 'confirmedDone' : 'voidedDone', true);
      for (const id of ['reason', 'c-result', 'c-dead', 'c-table', 'c-black', 'c-white']) $(id).value = '';
    } catch (e) {
      showMessage(() => (STRINGS.en.refused[e.status] ? word('refused', e.status) : t('failed')) + errorText(e));
      if (e.status === 403) $('pin').select();
    } finally {
      buttons.forEach((b) => { b.disabled = false; });
      view.auditSeen = -1;
      await refresh();
    }
  }

  // ---- wiring ------------------------------------------------------------------

  function rowOf(ev) {
    const tr = ev.target.closest('tr[data-uuid]');
    return tr && $('rows').contains(tr) ? tr : null;
  }

  // The whole page in language l: its fixed words (data-t in index.html),
  // <html lang>, and all that is shown, from what was last fetched.
  function applyLanguage(l) {
    lang = STRINGS[l] ? l : 'en';
    document.documentElement.lang = HTML_LANG[lang];
    for (const e of document.querySelectorAll('[data-t]')) setText(e, t(e.dataset.t));
    for (const e of document.querySelectorAll('[data-t-placeholder]')) e.placeholder = t(e.dataset.tPlaceholder);
    for (const e of document.querySelectorAll('[data-t-aria-label]')) e.setAttribute('aria-label', t(e.dataset.tAriaLabel));
    $('lang').value = lang;
    renderData();
    renderStatus();
    renderAudit();
    renderMessage();
  }

  document.addEventListener('DOMContentLoaded', () => {
    applyLanguage(lang);
    $('lang').addEventListener('change', () => {
      const l = $('lang').value;
      // Kept only when picked here: until then the browser's languages decide.
      try { localStorage.setItem(LANG_KEY, l); } catch (e) { /* storage off: for this visit only */ }
      applyLanguage(l);
    });
    $('rows').addEventListener('click', (ev) => { const tr = rowOf(ev); if (tr) openPanel(tr.dataset.uuid); });
    $('rows').addEventListener('keydown', (ev) => {
      const tr = rowOf(ev);
      if (tr && (ev.key === 'Enter' || ev.key === ' ')) { ev.preventDefault(); openPanel(tr.dataset.uuid); }
    });
    $('close').addEventListener('click', closePanel);
    document.addEventListener('keydown', (ev) => { if (ev.key === 'Escape' && view.selected) closePanel(); });
    $('judge-form').addEventListener('submit', submitJudge);
    $('round').addEventListener('change', () => {
      view.round = Number($('round').value);
      history.replaceState(null, '', '#round=' + view.round);
      if (view.selected) closePanel();
      $('rows').replaceChildren();
      refresh();
    });
    window.addEventListener('hashchange', () => {
      const r = roundFromHash();
      if (r && r !== view.round) { view.round = r; $('rows').replaceChildren(); refresh(); }
    });
    document.addEventListener('visibilitychange', () => { if (!document.hidden) refresh(); });
    refresh();
  });
})();

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
 * the panel closes. */
'use strict';

(function () {
  const POLL_MS = 4000, HIDDEN_POLL_MS = 30000;
  const $ = (id) => document.getElementById(id);

  const view = {
    round: null,        // the round shown
    rounds: [],         // rounds the station knows (pairings and results)
    results: new Map(), // uuid -> result of the round shown
    selected: null,     // uuid of the result in the panel
    auditSeen: -1,      // audit_entries when the panel's history was loaded
    timer: null,
    loading: false,
    again: false,       // a refresh asked for while one was under way
  };

  class ApiError extends Error {
    constructor(status, message) { super(message); this.status = status; }
  }

  async function api(path, options) {
    let r;
    try {
      r = await fetch(path, Object.assign({ cache: 'no-store' }, options || {}));
    } catch (e) {
      throw new ApiError(0, 'the station cannot be reached');
    }
    let body = null;
    try { body = await r.json(); } catch (e) { body = null; }
    if (!r.ok || !body) throw new ApiError(r.status, (body && body.error) || ('HTTP ' + r.status));
    return body;
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
    for (const t of Array.from(tables.keys()).sort((a, b) => a - b)) {
      const g = tables.get(t);
      const live = g.results.filter((r) => r.state !== 'voided');
      for (const r of g.results) {
        rows.push({ key: r.uuid, table: t, pairing: g.pairing, result: r,
                    clash: live.length > 1 && r.state !== 'voided' });
      }
      if (!live.length && g.pairing) rows.push({ key: 'wait-' + t, table: t, pairing: g.pairing, result: null, clash: false });
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
    const sub = paired && name && paired !== name ? 'paired: ' + paired : '';
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
    setText(badge, state === 'waiting' ? 'waiting' : state);
    if (row.clash) tr.title = 'Two results at this table: the later stands in the export';
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
    if (games) parts.push(Array.from(tablesIn).filter((t) => pairings.some((p) => p.table === t)).length + ' of ' + games + ' games in');
    parts.push(results.length + (results.length === 1 ? ' result' : ' results'));
    if (count('disputed')) parts.push(count('disputed') + ' disputed');
    if (count('confirmed')) parts.push(count('confirmed') + ' confirmed');
    if (count('voided')) parts.push(count('voided') + ' voided');
    setText($('summary'), 'Round ' + view.round + ': ' + parts.join(' · '));
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
      setText($('tournament'), p.tournament ? p.tournament : 'Results');
      document.title = (p.tournament ? p.tournament + ': ' : '') + 'round ' + round + ' (Seichi)';
      renderRounds(p.rounds);
      view.results = new Map(r.results.map((x) => [x.uuid, x]));
      renderGrid(p.pairings, r.results);
      renderPanel();
      const st = $('status');
      st.classList.remove('down');
      setText(st, 'Updated ' + new Date().toLocaleTimeString());
    } catch (e) {
      const st = $('status');
      st.classList.add('down');
      setText(st, 'Not updated: ' + e.message + ' (trying again)');
    } finally {
      view.loading = false;
      // A tab in the background asks seldom; it catches up when shown.
      if (view.again) { view.again = false; refresh(); } else view.timer = setTimeout(refresh, document.hidden ? HIDDEN_POLL_MS : POLL_MS);
    }
  }

  // ---- the panel: one result, its history, the judge's form -------------------

  function renderPanel() {
    if (!view.selected) return;
    const r = view.results.get(view.selected);
    $('panel-gone').hidden = !!r;
    if (!r) return;
    setText($('panel-title'), (r.table !== null ? 'Table ' + r.table + ': ' : '') + (r.black || '?') + ' – ' + (r.white || '?'));
    setText($('f-result'), r.result);
    const b = $('f-state');
    let badge = b.firstChild;
    if (!badge) { badge = el('span'); b.appendChild(badge); }
    badge.className = 'badge ' + r.state;
    setText(badge, r.state);
    setText($('f-decided'), r.decided_by);
    setText($('f-black'), r.black);
    setText($('f-white'), r.white);
    setText($('f-source'), r.source);
    // Shown in the browser's time zone; the UTC time the station keeps on hover.
    const t = new Date(r.time);
    setText($('f-time'), isNaN(t) ? r.time : t.toLocaleString());
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
      const list = $('audit');
      list.replaceChildren(...a.audit.map((e) => {
        const li = el('li');
        li.appendChild(el('span', 'when', e.local_time + ' · ' + e.judge));
        const what = e.action === 'correct'
          ? e.field + ': ' + e.old + ' → ' + e.new
          : e.action + (e.field && e.field !== 'state' ? ' (' + e.field + ')' : '');
        li.appendChild(el('span', 'what', what));
        if (e.reason) li.appendChild(el('span', 'reason', e.reason));
        return li;
      }));
      $('audit-empty').hidden = a.audit.length > 0;
    } catch (e) {
      view.auditSeen = -1; // tried again on the next refresh
    }
  }

  function openPanel(uuid) {
    const changed = view.selected !== uuid;
    view.selected = uuid;
    for (const tr of $('rows').children) tr.classList.toggle('selected', tr.dataset.uuid === uuid);
    if (changed) {
      view.auditSeen = -1;
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

  function showMessage(text, ok) {
    const m = $('form-msg');
    m.hidden = !text;
    m.className = 'msg ' + (ok ? 'ok' : 'error');
    setText(m, text || '');
  }

  const REFUSALS = {
    400: 'Not accepted: ',
    403: 'Refused: ',
    404: 'Not found: ',
    409: 'Not possible now: ',
    429: 'Locked: ',
  };

  async function submitJudge(ev) {
    ev.preventDefault();
    const action = ev.submitter && ev.submitter.value ? ev.submitter.value : 'correct';
    const uuid = view.selected;
    if (!uuid) return;
    const pin = $('pin').value.trim(), judge = $('judge').value.trim(), reason = $('reason').value.trim();
    if (!judge) return showMessage("Type the judge's name (it goes into the audit trail).");
    if (!/^\d{4,12}$/.test(pin)) return showMessage('Type the judge PIN (4 to 12 digits).');
    if (action !== 'confirm' && !reason) return showMessage('Give a reason (it goes into the audit trail).');
    const body = { judge: judge, reason: reason };
    if (action === 'correct') {
      const fields = [['c-result', 'result'], ['c-dead', 'dead'], ['c-black', 'black_player'], ['c-white', 'white_player']];
      for (const [id, key] of fields) {
        const v = $(id).value.trim();
        if (v) body[key] = v;
      }
      const t = $('c-table').value.trim();
      if (t) {
        if (!/^\d{1,4}$/.test(t)) return showMessage('The table is a number from 1 to 9999.');
        body.table = Number(t);
      }
      if (Object.keys(body).length === 2) return showMessage('Fill in what changes: the result, the dead stones, the table or a name.');
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
      const done = { correct: 'Corrected (' + a.changed + (a.changed === 1 ? ' field' : ' fields') + ' changed).',
                     confirm: 'Confirmed: the result is now locked.', void: 'Voided.' };
      showMessage(done[action], true);
      for (const id of ['reason', 'c-result', 'c-dead', 'c-table', 'c-black', 'c-white']) $(id).value = '';
    } catch (e) {
      showMessage((REFUSALS[e.status] || 'Failed: ') + e.message);
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

  document.addEventListener('DOMContentLoaded', () => {
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

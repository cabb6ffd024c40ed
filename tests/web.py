#!/usr/bin/python3
"""web.py SEICHI SOURCE_DIR OUT_DIR - the director's station's page in a
real headless browser (Debian's chromium through chromedriver and
python3-selenium): a real station on a free port of 127.0.0.1 with the
club tournament imported, kiosks enrolled, results pushed from real kiosk
databases with `seichi results push`; the page's headers; the grid of a
round (players, results, sources, states, waiting games, names in Hangul,
CJK and accents, a name that is markup shown as text); a wrong PIN, an
invalid result and the lock refused on the page with nothing changed; a
correction, a confirm and a void made on the page, in the grid, in
`seichi results audit` and the audit API; a result arriving while a judge
types, the form untouched; a phone-width viewport without horizontal
overflow; the page in English, Chinese, Japanese and Korean (picked on
the page, kept over a reload, the first time from the browser's
languages; in the kiosk's words from ui/strings.c; no overflow on a
phone); no script errors. Screenshots (laptop, phone, phone per
language) go into OUT_DIR.
Prints "N passed, N failed"; exits 77 (skipped) only when the browser,
its driver or Selenium is missing."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.error
import urllib.request

SKIP = 77
seichi, src, out_dir = sys.argv[1], sys.argv[2], sys.argv[3]

try:
    from selenium import webdriver
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:
    print("SKIP: python3-selenium is not installed (scripts/install-deps.sh test)")
    sys.exit(SKIP)
chromium = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
driver_bin = shutil.which("chromedriver") or ("/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None)
if not chromium or not driver_bin:
    print("SKIP: chromium or chromedriver is not installed (scripts/install-deps.sh test)")
    sys.exit(SKIP)

passed = failed = 0


def ok(what, cond, detail=""):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL: %s%s" % (what, (": " + str(detail)) if detail != "" else ""))
    return cond


tmp = tempfile.mkdtemp(prefix="seichi-web-")
db = os.path.join(tmp, "sta.db")
board = os.path.join(src, "kiosk/samples/club-game-19.board")
club = os.path.join(src, "tests/opengotha/club-open.xml")
station = None
driver = None


def run(*args, want=0, both=False):
    """seichi's standard output (both: and its standard error, where what was done may be said)."""
    p = subprocess.run([seichi, *args], capture_output=True, text=True, timeout=120)
    if p.returncode != want:
        raise SystemExit("seichi %s: exit %d (want %d)\n%s%s" % (" ".join(args), p.returncode, want, p.stdout, p.stderr))
    return p.stdout + p.stderr if both else p.stdout


def enroll(name):
    token = run("station", "enroll", "--db", db, "--name", name).strip().splitlines()[-1]
    path = os.path.join(tmp, name.replace(" ", "_") + ".token")
    with open(path, "w") as f:
        f.write(token + "\n")
    return token, path


def score(kdb, rnd, table, black, white, handicap=0):
    run("score", "--board", board, "--db", kdb, "--event", "Club Open 2026", "--round", str(rnd), "--table",
        str(table), "--black", black, "--white", white, *(["--handicap", str(handicap)] if handicap else []))


def http(path, method="GET", body=None, headers=None):
    """(status, headers, body bytes) of one request to the station."""
    req = urllib.request.Request(url + path, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


def api(path):
    status, _, body = http(path)
    if status != 200:
        raise SystemExit("GET %s: %d %s" % (path, status, body[:200]))
    return json.loads(body)


def result_at(rnd, table):
    rows = [r for r in api("/api/v1/results?round=%d" % rnd)["results"] if r["table"] == table]
    return rows[-1] if rows else None


try:
    # ---- the station: tournament, kiosks, PIN, results pushed --------------------------
    run("station", "import", "--db", db, "--opengotha", club)
    tok1, tok1_file = enroll("Table 1 kiosk")
    tok2, tok2_file = enroll("k2 kiosk")
    pin_file = os.path.join(tmp, "pin")
    with open(pin_file, "w") as f:
        f.write("2468\n")
    run("results", "--db", db, "set-pin", "--pin-file", pin_file)

    def start_station(port):
        """The station on 127.0.0.1:port (0: any free one); its port."""
        global station
        srv_out = os.path.join(tmp, "srv.out")
        open(srv_out, "w").close()
        station = subprocess.Popen([seichi, "station", "--db", db, "--listen", "127.0.0.1:%s" % port],
                                   stdout=open(srv_out, "w"), stderr=open(os.path.join(tmp, "srv.err"), "a"))
        for _ in range(100):
            m = re.search(r"listening on http://127\.0\.0\.1:(\d+)/", open(srv_out).read())
            if m:
                return m.group(1)
            time.sleep(0.1)
        raise SystemExit("the station did not start: " + open(os.path.join(tmp, "srv.err")).read())

    port = start_station(0)
    url = "http://127.0.0.1:" + port

    k1 = os.path.join(tmp, "k1.db")
    k2 = os.path.join(tmp, "k2.db")
    score(k1, 2, 1, "Durand Élodie", "Müller Jörg")
    score(k1, 2, 2, "Sato Hana", "Straße Anna")
    score(k1, 1, 2, "de la Cruz Mary Ann", "이 서연", 3)  # the pairing's handicap: else disputed
    out = run("results", "--db", k1, "push", "--station", url, "--token-file", tok1_file, both=True)
    ok("the kiosk pushed its three results", "3 results sent" in out, out)
    # A disputed result at a table the pairings lack, as a kiosk sends it.
    full = json.loads(run("results", "--db", k1, "show", "1", "--json"))["result"]
    full.update(uuid="6f1e0c3a-8d4b-4c2e-9a7f-0b1c2d3e4f50", table=9, state="disputed",
                black_player="山田 太郎", white_player="Ségolène Øvergård")
    status, _, _ = http("/api/v1/results", "POST", json.dumps(full).encode(),
                        {"Authorization": "Bearer " + tok1, "Content-Type": "application/json"})
    ok("a disputed result stored", status == 201, status)

    # ---- the page's headers and the read-only views ----------------------------------
    status, h, body = http("/")
    ok("GET / is the page", status == 200 and body.startswith(b"<!doctype html>"), status)
    ok("the page is HTML in UTF-8", h.get("Content-Type") == "text/html; charset=utf-8", h.get("Content-Type"))
    csp = h.get("Content-Security-Policy") or ""
    ok("CSP: only the page's own files, no inline, no eval",
       "default-src 'none'" in csp and "script-src 'self'" in csp and "style-src 'self'" in csp
       and "unsafe" not in csp and "http" not in csp, csp)
    ok("nosniff", h.get("X-Content-Type-Options") == "nosniff")
    ok("revalidated by ETag", h.get("Cache-Control") == "no-cache" and h.get("ETag"), h.get("Cache-Control"))
    status, h2, body2 = http("/", headers={"If-None-Match": h.get("ETag") or "x"})
    ok("304 when the browser's copy is current", status == 304 and not body2, status)
    for path, ctype in (("/station.js", "text/javascript; charset=utf-8"), ("/station.css", "text/css; charset=utf-8"),
                        ("/favicon.svg", "image/svg+xml")):
        status, h, _ = http(path)
        ok(path + " served with its type", status == 200 and h.get("Content-Type") == ctype, (status, h.get("Content-Type")))
    ok("no script or style inline in the page", not re.search(rb"<script>|<script [^>]*>[^<]|<style|\sstyle=|\son[a-z]+=", body))
    ok("nothing from elsewhere in the page", not re.search(rb"(src|href)=\"(https?:)?//", body))
    ok("POST / is 405", http("/", "POST", b"{}")[0] == 405)
    ok("an unknown page is 404", http("/nothing.html")[0] == 404)
    p = api("/api/v1/pairings?round=2")
    ok("pairings of round 2", [(g["table"], g["black"]["name"], g["white"]["first_name"]) for g in p["pairings"]]
       == [(1, "Durand", "Jörg"), (2, "Sato", "Anna"), (3, "de la Cruz", "서연")], p["pairings"])
    ok("the rounds: of the pairings and of the results", p["rounds"] == [1, 2] and p["tournament"] == "Club Open 2026", p)
    ok("pairings: a bad round is 400", http("/api/v1/pairings?round=0")[0] == 400)
    p = api("/api/v1/pairings")
    ok("pairings without a round: the latest", p["round"] == 2 and [g["table"] for g in p["pairings"]] == [1, 2, 3], p)
    ok("audit of no result is 404", http("/api/v1/results/00000000-0000-4000-8000-000000000000/audit")[0] == 404)
    t2 = result_at(2, 2)
    a = api("/api/v1/results/%s/audit" % t2["uuid"])
    ok("the audit view of a result never judged", a["audit"] == [] and a["result"]["state"] == "agreed", a)
    ok("audit is read only", http("/api/v1/results/%s/audit" % t2["uuid"], "POST", b"{}")[0] == 405)

    # ---- the browser ----------------------------------------------------------------------
    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for a_ in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--lang=en-US",
               "--window-size=1280,900", "--disable-extensions", "--no-first-run"):
        opts.add_argument(a_)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(driver_bin), options=opts)
    wait = WebDriverWait(driver, 20, poll_frequency=0.1)
    js = driver.execute_script
    logs = []

    def grid():
        """The rows as the page shows them: [table, black, white, result, source, state] texts."""
        return js("return Array.from(document.querySelectorAll('#rows tr')).map("
                  "tr => Array.from(tr.children).map(td => td.textContent.trim()))")

    def row(table):
        return [r for r in grid() if r[0] == str(table)]

    def until(what, cond, timeout=20):
        try:
            WebDriverWait(driver, timeout, poll_frequency=0.1).until(lambda d: cond())
            return ok(what, True)
        except TimeoutException:
            return ok(what, False, "not within %d s; grid: %s" % (timeout, grid()))

    def pick(table):
        for tr in driver.find_elements(By.CSS_SELECTOR, "#rows tr[data-uuid]"):
            if tr.find_element(By.CSS_SELECTOR, "td.table").text.strip() == str(table):
                tr.click()
                break
        wait.until(lambda d: d.find_element(By.ID, "panel").is_displayed())

    def fill(**fields):
        for k, v in fields.items():
            e = driver.find_element(By.ID, k)
            e.clear()
            e.send_keys(v)

    def submit(action):
        js("document.getElementById('form-msg').textContent = ''")
        driver.find_element(By.ID, "do-" + action).click()
        wait.until(lambda d: d.find_element(By.ID, "form-msg").is_displayed()
                   and d.find_element(By.ID, "form-msg").text.strip() != "")
        return driver.find_element(By.ID, "form-msg").text

    driver.get(url + "/#round=2")
    until("the grid of round 2 appears", lambda: len(row(1)) == 1 and "W+18.5" in row(1)[0][3])
    ok("the heading is the tournament", driver.find_element(By.ID, "tournament").text == "Club Open 2026")
    g = grid()
    ok("table 1: players, result, source, state",
       row(1) == [["1", "Durand Élodie", "Müller Jörg", "W+18.5", "Table 1 kiosk", "agreed"]], row(1))
    ok("table 2: as pushed", row(2) == [["2", "Sato Hana", "Straße Anna", "W+18.5", "Table 1 kiosk", "agreed"]], row(2))
    ok("table 3: waiting, with the paired players",
       row(3) == [["3", "de la Cruz Mary Ann", "이 서연", "", "", "waiting"]], row(3))
    ok("table 9: disputed, CJK and accents",
       row(9) == [["9", "山田 太郎", "Ségolène Øvergård", "W+18.5", "Table 1 kiosk", "disputed"]], row(9))
    ok("rows by table", [r[0] for r in g] == ["1", "2", "3", "9"], g)
    ok("the round picker: rounds 1 and 2, on 2",
       [o.text for o in Select(driver.find_element(By.ID, "round")).options] == ["1", "2"]
       and Select(driver.find_element(By.ID, "round")).first_selected_option.text == "2")
    # Hangul and CJK are drawn with a font that has them (not boxes): their
    # width is that of real glyphs, not of the missing-glyph box.
    widths = js("const c = document.createElement('canvas').getContext('2d');"
                "c.font = getComputedStyle(document.body).fontSize + ' ' + getComputedStyle(document.body).fontFamily;"
                "return ['이', '山', '\\u{10FFFD}'].map(t => c.measureText(t).width)")
    ok("Hangul and CJK have glyphs", widths[0] != widths[2] or widths[1] != widths[2], widths)

    Select(driver.find_element(By.ID, "round")).select_by_visible_text("1")
    until("round 1: its result and its waiting games",
          lambda: [r[0] + r[5] for r in grid()] == ["1waiting", "2agreed", "3waiting"])
    ok("round 1, table 2: Hangul name", row(2) and row(2)[0][2] == "이 서연", grid())
    ok("the round is in the address", driver.current_url.endswith("#round=1"), driver.current_url)
    Select(driver.find_element(By.ID, "round")).select_by_visible_text("2")
    until("back to round 2", lambda: len(grid()) == 4 and row(1) and row(1)[0][3] == "W+18.5")

    # ---- a judge on the page: refusals change nothing ------------------------------------
    pick(2)
    ok("the panel names the game", "Table 2" in driver.find_element(By.ID, "panel-title").text)
    until("the panel's history: none yet", lambda: driver.find_element(By.ID, "audit-empty").is_displayed())
    fill(judge="Ada Łukasiewicz", pin="1111", **{"c-result": "B+R", "reason": "Black won by resignation"})
    msg = submit("correct")
    ok("a wrong PIN is shown as refused", msg.startswith("Refused:") and "wrong judge PIN" in msg, msg)
    ok("a wrong PIN changes nothing", result_at(2, 2)["result"] == "W+18.5" and result_at(2, 2)["audit_entries"] == 0)
    ok("the grid unchanged", row(2)[0][3] == "W+18.5")
    ok("the PIN is kept nowhere", js("return localStorage.length + sessionStorage.length + document.cookie.length") == 0)
    fill(pin="2468", **{"c-result": "B+X"})
    msg = submit("correct")
    ok("an invalid result is shown as not accepted", msg.startswith("Not accepted:"), msg)
    ok("an invalid result changes nothing", result_at(2, 2)["result"] == "W+18.5" and result_at(2, 2)["audit_entries"] == 0)
    fill(**{"reason": ""})
    msg = submit("void")
    ok("void without a reason is asked for one", "reason" in msg, msg)

    # ---- a correction through the page -----------------------------------------------------
    fill(**{"c-result": "B+R", "reason": "Black won by resignation"})
    msg = submit("correct")
    ok("the correction is acknowledged", msg.startswith("Corrected"), msg)
    until("the grid shows the corrected result", lambda: row(2) and row(2)[0][3] == "B+R")
    r2 = result_at(2, 2)
    # A count corrected to a resignation: the result, and the count's dead
    # stones and result in stones cleared, each an audit entry.
    ok("the station has it", r2["result"] == "B+R" and r2["decided_by"] == "resignation" and r2["audit_entries"] == 3, r2)
    a = api("/api/v1/results/%s/audit" % r2["uuid"])
    ok("the audit API: who, what, why",
       ("Ada Łukasiewicz", "correct", "result", "W+18.5", "B+R", "Black won by resignation")
       in [(e["judge"], e["action"], e["field"], e["old"], e["new"], e["reason"]) for e in a["audit"]]
       and len(a["audit"]) == 3 and all(e["reason"] == "Black won by resignation" for e in a["audit"]), a)
    out = run("results", "--db", db, "audit", str(r2["id"]))
    ok("seichi results audit has it", "Ada Łukasiewicz" in out and "'W+18.5' -> 'B+R'" in out
       and "Black won by resignation" in out, out)
    until("the panel's history shows it",
          lambda: "W+18.5 → B+R" in driver.find_element(By.ID, "audit").text
          and "Ada Łukasiewicz" in driver.find_element(By.ID, "audit").text)
    ok("the reason field is cleared after", driver.find_element(By.ID, "reason").get_attribute("value") == "")

    # ---- live: a result arrives while the judge types ------------------------------------
    pick(1)
    reason = driver.find_element(By.ID, "reason")
    reason.send_keys("half typed 途中")
    y0 = js("return window.scrollY")
    score(k2, 2, 3, "de la Cruz Mary Ann", '<img src=x onerror="document.title=1">&amp;')
    out = run("results", "--db", k2, "push", "--station", url, "--token-file", tok2_file, both=True)
    ok("the second kiosk pushed", "1 results sent" in out or "1 result sent" in out, out)
    until("the pushed result appears without a reload", lambda: row(3) and row(3)[0][5] == "agreed", 15)
    ok("the result's names, the markup as text, the pairing's beside",
       row(3) == [["3", "de la Cruz Mary Ann", '<img src=x onerror="document.title=1">&amp;paired: 이 서연', "W+18.5",
                   "k2 kiosk", "agreed"]], row(3))
    ok("no element made from the data", js("return document.querySelectorAll('#rows img, #panel img').length") == 0)
    ok("the half-typed reason survives the refresh",
       reason.get_attribute("value") == "half typed 途中" and driver.switch_to.active_element == reason)
    ok("the panel still shows table 1", "Table 1" in driver.find_element(By.ID, "panel-title").text)
    ok("the scroll position kept", js("return window.scrollY") == y0)

    # ---- confirm and void on the page ------------------------------------------------------
    fill(reason="")
    msg = submit("confirm")
    ok("confirmed on the page", msg.startswith("Confirmed"), msg)
    until("the grid shows it confirmed", lambda: row(1) and row(1)[0][5] == "confirmed")
    ok("a confirmed result cannot be corrected on the page",
       not driver.find_element(By.ID, "do-correct").is_enabled() and driver.find_element(By.ID, "do-void").is_enabled())
    pick(3)
    fill(reason="played at the wrong table")
    msg = submit("void")
    ok("voided on the page", msg.startswith("Voided"), msg)
    until("the voided result and its table waiting again",
          lambda: [r[5] for r in row(3)] == ["voided", "waiting"])
    r3 = [r for r in api("/api/v1/results?round=2")["results"] if r["table"] == 3][0]
    ok("the station has it voided, audited", r3["state"] == "voided" and r3["audit_entries"] == 1, r3)
    ok("states by table", [r[5] for r in grid()] == ["confirmed", "agreed", "voided", "waiting", "disputed"], grid())
    colours = js("const c = {}; for (const s of ['agreed', 'disputed', 'confirmed', 'voided', 'waiting'])"
                 " { const b = document.querySelector('#rows .badge.' + s); const st = getComputedStyle(b);"
                 "   c[s] = st.color + '/' + st.backgroundColor + '/' + st.borderStyle; } return c;")
    ok("each state looks different", len(set(colours.values())) == 5, colours)
    # A second result at table 9: both flagged (the later stands in the export).
    full.update(uuid="6f1e0c3a-8d4b-4c2e-9a7f-0b1c2d3e4f51", state="agreed")
    status, _, _ = http("/api/v1/results", "POST", json.dumps(full).encode(),
                        {"Authorization": "Bearer " + tok1, "Content-Type": "application/json"})
    ok("a second result at table 9 stored", status == 201, status)
    clashes = lambda: js("return Array.from(document.querySelectorAll('#rows tr.clash')).map(tr => tr.children[0].textContent)")
    until("two results at one table are flagged", lambda: clashes() == ["9", "9"])
    # The disputed one was typed at the wrong table: moved to table 3 on the page.
    pick(9)
    ok("the first of table 9 is the disputed one", driver.find_element(By.ID, "f-state").text == "disputed")
    fill(reason="typed at the wrong table", **{"c-table": "3"})
    msg = submit("correct")
    ok("the table corrected on the page", msg.startswith("Corrected (1 field changed)"), msg)
    until("table 3 has it, no longer waiting; table 9 one result, no flag",
          lambda: [r[0] + r[5] for r in grid()] == ["1confirmed", "2agreed", "3disputed", "3voided", "9agreed"]
          and clashes() == [])
    ok("its names with the paired ones beneath", row(3)[0][1:3] == ["山田 太郎paired: de la Cruz Mary Ann",
                                                                   "Ségolène Øvergårdpaired: 이 서연"], row(3))
    ok("the panel follows it", "Table 3" in driver.find_element(By.ID, "panel-title").text)
    shot = os.path.join(out_dir, "web-laptop.png")
    js("window.scrollTo(0, 0)")
    driver.save_screenshot(shot)
    print("screenshot (laptop, 1280x900, the judge panel beside the grid):", shot)
    ok("on a laptop the panel is beside the grid",
       js("return document.getElementById('panel').getBoundingClientRect().left"
          " >= document.getElementById('grid').getBoundingClientRect().right"))
    driver.find_element(By.ID, "close").click()
    ok("closing the panel clears the PIN", driver.find_element(By.ID, "pin").get_attribute("value") == "")

    # ---- the station gone a while, then back ------------------------------------------
    logs = driver.get_log("browser")  # read here: what the outage logs is looked at apart
    station.send_signal(2)
    ok("the station stopped for a while", station.wait(20) == 0)
    status = lambda: driver.find_element(By.ID, "status")
    until("the page says it is not updated",
          lambda: status().text.startswith("Not updated") and "down" in status().get_attribute("class"), 15)
    ok("the grid stays as it was", len(grid()) == 5)
    start_station(port)
    until("and is updated again once the station is back",
          lambda: status().text.startswith("Updated") and "down" not in status().get_attribute("class"), 15)
    unreachable = re.compile(r"/api/v1/[a-z/?=0-9-]+ - Failed to load resource: net::ERR_CONNECTION_REFUSED")
    outage = driver.get_log("browser")
    ok("the outage logged only refused connections",
       all(unreachable.search(e.get("message", "")) for e in outage if e.get("level") == "SEVERE"), outage)

    # ---- a phone ---------------------------------------------------------------------------
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    driver.get(url + "/")
    until("the grid on a phone, opened on the latest round", lambda: len(grid()) == 5
          and Select(driver.find_element(By.ID, "round")).first_selected_option.text == "2")
    ok("the viewport is a phone's", js("return window.innerWidth") == 390, js("return window.innerWidth"))

    def overflow():
        return js("const w = document.documentElement.clientWidth; const o = [];"
                  "if (document.documentElement.scrollWidth > w) o.push('html ' + document.documentElement.scrollWidth);"
                  "if (document.body.scrollWidth > w) o.push('body ' + document.body.scrollWidth);"
                  "for (const e of document.querySelectorAll('body *')) { const r = e.getBoundingClientRect();"
                  "  if (r.width && (r.right > w + 0.5 || r.left < -0.5)) o.push(e.tagName + '#' + e.id + '.' + e.className + ' ' + r.left + '..' + r.right); }"
                  "return o;")
    ok("no horizontal overflow on a phone (grid)", overflow() == [], overflow())
    ok("rows are cards on a phone", js("return getComputedStyle(document.querySelector('#rows tr')).display") == "grid")
    pick(2)
    ok("no horizontal overflow on a phone (panel open)", overflow() == [], overflow())
    ok("on a phone the panel is scrolled into view",
       js("const r = document.getElementById('panel').getBoundingClientRect(); return r.top >= -1 && r.top < innerHeight"))
    shot = os.path.join(out_dir, "web-phone-panel.png")
    driver.save_screenshot(shot)
    print("screenshot (phone, 390x844, the judge panel):", shot)
    shot = os.path.join(out_dir, "web-phone.png")
    js("window.scrollTo(0, 0)")
    driver.save_screenshot(shot)
    print("screenshot (phone, 390x844):", shot)

    # ---- the lock, shown as such -----------------------------------------------------------
    fill(judge="Ada Łukasiewicz", pin="9999", reason="r", **{"c-result": "W+R"})
    msgs = [submit("correct") for _ in range(6)]
    ok("wrong PINs counted, then locked for a while",
       msgs[0].startswith("Refused:") and msgs[-1].startswith("Locked:") and re.search(r"\d+ ?s", msgs[-1]), msgs)
    ok("the lock changed nothing", result_at(2, 2)["result"] == "B+R")

    # ---- the page in English, Chinese, Japanese and Korean ---------------------------
    # The kiosk's words (ui/strings.c) for what the page names too: the page
    # must say the same, in each language.
    strings_c = open(os.path.join(src, "ui/strings.c"), encoding="utf-8").read()
    kiosk = {}
    for code in ("en", "zh", "ja", "ko"):
        body = re.search(r"static const char \*const %s\[SEI_S_COUNT_OF_STRINGS\] = \{(.*?)\n\};" % code, strings_c, re.S)
        kiosk[code] = {k: json.loads(v) for k, v in re.findall(r'\[SEI_S_([A-Z_]+)\] = ("(?:[^"\\]|\\.)*")', body.group(1))}
    ok("the kiosk's words read from ui/strings.c", all(len(kiosk[c]) > 150 for c in kiosk), {c: len(kiosk[c]) for c in kiosk})
    # Per language: <html lang>, the picker's label, the Table header, the
    # confirmed state, how table 2 was decided (resignation), the history's
    # "result" and an error the page itself writes (a void with no reason).
    languages = [
        ("en", "en", "EN", "Table", "confirmed", "resignation", "result", "Give a reason (it goes into the audit trail)."),
        ("zh", "zh-Hans", "中文", "桌号", "已确认", "认输", "结果", "请填写原因（将写入更改记录）。"),
        ("ja", "ja", "日本語", "台番号", "確定", "投了", "結果", "理由を入力してください（変更履歴に残ります）。"),
        ("ko", "ko", "한국어", "대국대", "확정", "불계", "결과", "사유를 입력하세요(변경 기록에 남습니다)."),
    ]
    ok("the language picker: the four, each named in itself",
       [o.text for o in Select(driver.find_element(By.ID, "lang")).options] == [x[2] for x in languages])
    fixed_texts = ("return Array.from(document.querySelectorAll('[data-t]')).map(e => e.textContent)"
                   ".concat(Array.from(document.querySelectorAll('[data-t-placeholder]')).map(e => e.placeholder))"
                   ".concat(Array.from(document.querySelectorAll('[data-t-aria-label]')).map(e => e.getAttribute('aria-label')))")
    text_of = lambda sel: js("const e = document.querySelector(arguments[0]); return e ? e.textContent.trim() : null", sel)
    badges = ("const w = {}; for (const s of ['agreed', 'disputed', 'confirmed', 'voided'])"
              " { const b = document.querySelector('#rows .badge.' + s); w[s] = b ? b.textContent : null; } return w;")
    english = None

    def page_open(table):
        if not driver.find_element(By.ID, "panel").is_displayed():
            pick(table)
        fill(judge="Ada Łukasiewicz", pin="9999")

    for code, html_lang, _, table_word, confirmed_word, resigned_word, result_word, no_reason in languages:
        k = kiosk[code]
        Select(driver.find_element(By.ID, "lang")).select_by_value(code)
        until(code + ": the page switched", lambda: js("return document.documentElement.lang") == html_lang
              and text_of("#grid th") == table_word)
        fixed = js(fixed_texts)
        ok(code + ": every fixed text there", all(x.strip() for x in fixed), fixed)
        if code == "en":
            english = fixed
        else:
            # Only the UUID is called the same in every language.
            same = [a for a, b in zip(fixed, english) if a == b and a != "UUID"]
            ok(code + ": no fixed text left in English", len(fixed) == len(english) and same == [], same)
        ok(code + ": the headers in the kiosk's words",
           js("return Array.from(document.querySelectorAll('#grid th')).slice(0, 3).map(e => e.textContent)")
           == [k["TABLE"], k["BLACK"], k["WHITE"]] and text_of(".round-pick span") == k["ROUND"],
           (js("return Array.from(document.querySelectorAll('#grid th')).map(e => e.textContent)"), text_of(".round-pick span")))
        w = js(badges)
        ok(code + ": the states in the kiosk's words",
           w == {s: k["STATE_" + s.upper()] for s in ("agreed", "disputed", "confirmed", "voided")}
           and w["confirmed"] == confirmed_word, w)
        ok(code + ": the summary is in it too", code == "en" or not re.search(r"[a-z]{3}", text_of("#summary")),
           text_of("#summary"))
        ok(code + ": results stay in their notation", row(2) and row(2)[0][3] == "B+R", grid())
        page_open(2)
        ok(code + ": the panel in it", text_of("#panel-title").startswith(k["BANNER_TABLE"].replace("%d", "2"))
           and text_of("#f-decided") == resigned_word and text_of("#f-state .badge") == k["STATE_AGREED"]
           and text_of("#judge-form h3") == k["JUDGE"] and text_of("#do-confirm") == k["DO_CONFIRM"]
           and text_of("#do-void") == k["DO_VOID"],
           [text_of(x) for x in ("#panel-title", "#f-decided", "#f-state .badge", "#judge-form h3", "#do-confirm",
                                 "#do-void")])
        until(code + ": the history's labels in it",
              lambda: result_word + ": W+18.5 → B+R" in driver.find_element(By.ID, "audit").text)
        fill(reason="")
        msg = submit("void")
        ok(code + ": an error the page writes, in it", msg == no_reason, msg)
        ok(code + ": no horizontal overflow on a phone (panel open)", overflow() == [], overflow())
        shot = os.path.join(out_dir, "web-phone-panel-%s.png" % code)
        driver.find_element(By.ID, "panel").location_once_scrolled_into_view
        driver.save_screenshot(shot)
        js("window.scrollTo(0, 0)")
        ok(code + ": no horizontal overflow on a phone (grid)", overflow() == [], overflow())
        shot = os.path.join(out_dir, "web-phone-%s.png" % code)
        driver.save_screenshot(shot)
        print("screenshots (phone, 390x844, %s): %s and web-phone-panel-%s.png" % (code, shot, code))
        driver.refresh()
        until(code + ": after a reload still in it", lambda: len(grid()) == 5
              and js("return document.documentElement.lang") == html_lang and text_of("#grid th") == table_word
              and Select(driver.find_element(By.ID, "lang")).first_selected_option.get_attribute("value") == code)
    # A message shown is said again in the language picked.
    page_open(2)
    fill(reason="")
    submit("void")
    Select(driver.find_element(By.ID, "lang")).select_by_value("ja")
    ok("a message shown follows the language", driver.find_element(By.ID, "form-msg").text == languages[2][7]
       and driver.find_element(By.ID, "status").text.startswith("更新"), driver.find_element(By.ID, "form-msg").text)
    Select(driver.find_element(By.ID, "lang")).select_by_value("en")
    ok("the language is all the page stores (no PIN)",
       js("return JSON.stringify(Object.assign({}, localStorage))") == '{"seichi-station-lang":"en"}'
       and js("return sessionStorage.length + document.cookie.length") == 0,
       js("return JSON.stringify(Object.assign({}, localStorage))"))
    # The first time (nothing kept): the browser's languages decide, and
    # nothing is kept until a language is picked on the page.
    ua = js("return navigator.userAgent")
    for accept, html_lang, table_word in (("fr-FR,ja,en", "ja", "台番号"), ("ko-KR,ko", "ko", "대국대"),
                                          ("zh-TW,zh", "zh-Hans", "桌号"), ("de-DE,fr", "en", "Table")):
        js("localStorage.clear()")
        driver.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": ua, "acceptLanguage": accept})
        driver.refresh()
        until("the browser's languages %s: the page in %s" % (accept, html_lang),
              lambda: len(grid()) == 5 and js("return document.documentElement.lang") == html_lang
              and text_of("#grid th") == table_word)
        ok("the browser's languages %s: nothing kept" % accept, js("return localStorage.length") == 0)
    driver.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": ua, "acceptLanguage": "en-US,en"})

    # ---- no script errors ------------------------------------------------------------------
    logs += driver.get_log("browser")
    # The refusals above are answered 400/403/429, which Chromium logs as
    # failed loads; anything else (a script error, a CSP refusal) fails.
    refused = re.compile(r"/api/v1/results/[0-9a-f-]{36}/(correct|confirm|void) - Failed to load resource: "
                         r"the server responded with a status of (400|403|429)")
    bad = [e for e in logs if e.get("level") == "SEVERE" and not refused.search(e.get("message", ""))]
    ok("no errors in the console", bad == [], bad)
    ok("the refusals were logged (the console is read)", any(refused.search(e.get("message", "")) for e in logs), logs)

    # ---- the station stops cleanly (and, in a sanitizer build, says nothing) -----------
    driver.quit()
    driver = None
    station.send_signal(2)
    rc = station.wait(20)
    station = None
    err = open(os.path.join(tmp, "srv.err"), errors="replace").read()
    ok("SIGINT stops the station with exit 0", rc == 0, rc)
    ok("nothing on the station's standard error", "runtime error" not in err and "Sanitizer" not in err, err[-2000:])
except SystemExit as e:
    failed += 1
    print("FAIL:", e)
except Exception:  # a step that could not run (an element missing, the browser gone) fails the test
    failed += 1
    print("FAIL:", traceback.format_exc())
finally:
    if driver:
        driver.quit()
    if station:
        station.terminate()
        try:
            station.wait(10)
        except subprocess.TimeoutExpired:
            station.kill()
    shutil.rmtree(tmp, ignore_errors=True)

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)

#!/bin/sh
# cli.sh SEICHI SOURCE_DIR - the program as a user meets it: exit codes and
# messages for good and bad input. Prints "N passed, N failed".
seichi="$1"
src="$2"
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$src/tests/expect.sh"

expect 0 "Result: White wins by 0.5 points, W+0.5" -- score --board "$src/tests/boards/seeds-184-177.board"
expect 0 "White wins by ¼ stone" -- score --board "$src/tests/boards/seeds-184-177.board" --rules chinese
expect 0 '"result":"B+0.5"' -- score --board "$src/tests/boards/seeds-184-177.board" --rules japanese --last w --json
expect 0 "Black ends with 2 holes" -- score --board "$src/tests/boards/ing-fill-b3.board" --rules ing
expect 0 "White ends with 1 spare stone" -- score --board "$src/tests/boards/ing-fill-b3.board" --rules ing
expect 0 "x o dead stones" -- score --board "$src/kiosk/samples/club-game-19.board"
# One blank line between the key and the count when nothing stands
# between them (no dead stones, no seki, no doubt), and blank lines round
# what does (the board's dead stones).
"$seichi" score --board "$src/tests/boards/ing-fill-b3.board" --rules ing > "$tmp/blank.out" 2>&1
ok "score: one blank line after the key when nothing follows it" \
  sh -c "grep -A2 'x o dead stones' '$tmp/blank.out' | sed -n 2,3p | tr '\n' '|' | grep -q '^|  *Black  *White|\$'"
"$seichi" score --board "$src/kiosk/samples/club-game-19.board" > "$tmp/blank.out" 2>&1
ok "score: blank lines round the dead stones" \
  sh -c "grep -A2 'x o dead stones' '$tmp/blank.out' | sed -n 2,3p | tr '\n' '|' | grep -q '^|  dead: R17 ' &&
         grep -B2 '^  *Black  *White\$' '$tmp/blank.out' | sed -n 2p | grep -q '^\$'"
expect 0 "usage: seichi" -- help
expect 0 "usage: seichi score" -- score --help
# `help COMMAND` is COMMAND --help; an unknown one is an error.
expect 0 "usage: seichi detect IMAGE" -- help detect
expect 2 "unknown command 'nonsense'" -- help nonsense
expect 2 "komi takes points" -- score --board "$src/tests/boards/seeds-184-177.board" --komi 0.001
expect 0 "Black counts 2 against -8" -- score --board "$src/tests/boards/tiny-2x2.board" --komi -20
# Such a count is stored and read back whole (the store's komi rule is
# the one --komi is checked by), and a new file made by it lists it.
expect 0 "B+20" -- score --board "$src/tests/boards/tiny-2x2.board" --komi -20 --save --db "$tmp/komi.db"
expect 0 "B+20" -- results --db "$tmp/komi.db" list
expect 0 "Black counts 185 against 185¼" -- score --board "$src/tests/boards/chinese-185.board" --penalty b:2

# Territory rules need the prisoners: a board or a photo does not carry
# them, and the count says so rather than silently taking none.
expect 0 "Prisoners not given: counted as none" -- score --board "$src/tests/boards/seeds-184-177.board" --rules japanese
expect 0 '"prisoners_given":false' -- score --board "$src/tests/boards/seeds-184-177.board" --rules japanese --json
expect 0 '"prisoners_given":true' -- score --board "$src/tests/boards/seeds-184-177.board" --rules japanese --prisoners 3,2 --json
expect 0 '"prisoners_given":true' -- score --board "$src/tests/boards/seeds-184-177.board" --rules korean --last b --json
"$seichi" score --board "$src/tests/boards/seeds-184-177.board" --rules japanese --prisoners 0,0 >"$tmp/given.txt" 2>&1
grep -q "not given" "$tmp/given.txt" && { fail=$((fail + 1)); echo "FAIL: prisoners given as 0,0 said not given"; } || pass=$((pass + 1))
"$seichi" score --board "$src/tests/boards/seeds-184-177.board" --rules chinese >"$tmp/area.txt" 2>&1
grep -q "not given" "$tmp/area.txt" && { fail=$((fail + 1)); echo "FAIL: area counting asked for prisoners"; } || pass=$((pass + 1))

for f in "$src"/tests/bad/*.board; do
  # The first "# expect:" line, which a byte order mark may precede.
  want=$(grep -a -m1 '# expect: ' "$f" | sed 's/^.*# expect: //')
  expect 2 "$want" -- score --board "$f"
done
expect 2 "cannot open" -- score --board "$tmp/missing.board"
expect 2 "no board" -- score
expect 2 "unknown rules 'go'" -- score --board "$src/tests/boards/seeds-184-177.board" --rules go
expect 2 "komi takes points in steps of 0.5" -- score --board "$src/tests/boards/seeds-184-177.board" --komi x
expect 2 "--last takes b or w" -- score --board "$src/tests/boards/seeds-184-177.board" --last q
expect 2 "either --prisoners or --last" -- score --board "$src/tests/boards/seeds-184-177.board" --last b --prisoners 1,2
expect 2 "--penalty takes" -- score --board "$src/tests/boards/seeds-184-177.board" --penalty x:1
expect 2 "not a point on this board" -- score --board "$src/tests/boards/seeds-184-177.board" --dead Z99
expect 2 "dead record takes the dead stones a game record marks" -- score --board "$src/tests/boards/seeds-184-177.board" --dead record
printf '(;GM[1]SZ[9];B[ee];W[cc])' >"$tmp/nomarks.sgf"
expect 2 "the record marks no dead stones" -- score --sgf "$tmp/nomarks.sgf" --dead record
# The dead stones as CGoban, KGS and Sabaki mark a count: a stone under
# the other side's territory (TW on the black stone at G7).
expect 0 "dead: G7" -- score --sgf "$src/tests/sgf/cgoban-dead-marked.sgf" --dead record
expect 0 '"dead_from":"record".*"result":"W+15.5"' -- score --sgf "$src/tests/sgf/cgoban-dead-marked.sgf" --dead record --json
# KM and HA no game was played with: refused, never a default komi.
for km in nan inf 1e9 99; do
  printf '(;GM[1]SZ[9]KM[%s];B[ee];W[cc])' "$km" >"$tmp/km.sgf"
  expect 2 "KM\[$km\]: not a komi" -- score --sgf "$tmp/km.sgf"
done
printf '(;GM[1]SZ[9]HA[50];B[ee];W[cc])' >"$tmp/ha.sgf"
expect 2 "HA\[50\]: a handicap of 50 stones, but the record places 0" -- score --sgf "$tmp/ha.sgf"
# A file of several games says so, lists them, and --game N picks one.
printf '(;GM[1]SZ[9]PB[Ann];B[ee];W[cc])\n(;GM[1]SZ[13]PB[Bo]RE[B+R];B[gg])\n' >"$tmp/two.sgf"
expect 2 "holds 2 games; say which to count with --game N" -- score --sgf "$tmp/two.sgf"
expect 2 "2  Bo - White, 13x13, 1 move, RE\[B+R\]" -- score --sgf "$tmp/two.sgf"
expect 0 "Game Bo - White" -- score --sgf "$tmp/two.sgf" --game 2
expect 0 '"size":9' -- score --sgf "$tmp/two.sgf" --game 1 --json
expect 2 "there is no game 3" -- score --sgf "$tmp/two.sgf" --game 3
expect 2 "--game takes the number of a game" -- score --sgf "$tmp/two.sgf" --game 0
expect 2 "holds 2 games: not resuming" -- record --source "$src/images/sequences/caren1-9x9" --sgf "$tmp/two.sgf" --resume
printf '(;GM[1]SZ[9]SEIP[x];B[ee])' >"$tmp/badseip.sgf"
expect 2 "is not Seichi's prisoners" -- score --sgf "$tmp/badseip.sgf"
expect 2 "unknown command" -- frobnicate
mkdir "$tmp/dir"
expect 2 "is a folder, not a file" -- score --board "$tmp/dir"
head -c 2000000 /dev/zero | tr '\0' '.' >"$tmp/huge.board"
expect 2 "larger than" -- score --board "$tmp/huge.board"
printf 'X.\n.O\n' >"$tmp/ok2.board"
printf 'XO.\nO..\n...\n' >"$tmp/nolib.board"
expect 2 "line 1, column 1: the black chain here has no liberties" -- score --board "$tmp/nolib.board"
printf 'xO.\nO..\n...\n' >"$tmp/nolib-dead.board"
expect 0 "Result" -- score --board "$tmp/nolib-dead.board"
expect 0 "Result" -- score --board "$tmp/ok2.board"

# Photos: a board read (0), no board (3), an unreadable picture (2).
expect 0 "19x19 board\|13x13 board\|9x9 board" -- detect "$src/images/renders/r043.jpg"
# The text grid is labelled as the points to check are named.
expect 0 "^    A B C D E F G H J K L M N\$" -- detect "$src/images/renders/r043.jpg"
expect 0 "^13  " -- detect "$src/images/renders/r043.jpg"
expect 0 '"size":13' -- detect "$src/images/renders/r043.jpg" --json
expect 0 '"board_unsure":false' -- detect "$src/images/renders/r043.jpg" --json
# SEI_TRACE: the program gives the reader standard error as its trace (the
# reader and its lattice fit print their figures there); without it, none.
SEI_TRACE=1 timeout 120 "$seichi" detect "$src/images/renders/r043.jpg" >"$tmp/out" 2>"$tmp/err"
ok "SEI_TRACE=1: the lattice fit's window on standard error" grep -q '^window: 13x13' "$tmp/err"
ok "SEI_TRACE=1: the reader's stages on standard error" grep -q '^stone candidates:' "$tmp/err"
ok "SEI_TRACE=1: the board still on standard output" grep -q '^13x13 board' "$tmp/out"
timeout 120 "$seichi" detect "$src/images/renders/r043.jpg" >"$tmp/out" 2>"$tmp/err"
ok "no SEI_TRACE: nothing traced" sh -c "! grep -q '^window:' '$tmp/err'"
# The view: how high the camera stood (r043: 49 degrees, read about 46),
# and where a reading in doubt came from a low camera, what would help
# (t101: 27 degrees, three points in doubt); r043, sure and seen from
# above 40 degrees, has no such line.
expect 0 '"elevation":4[0-9]' -- detect "$src/images/renders/r043.jpg" --json
expect 0 "The camera saw the board from 2[0-9] degrees above it" -- score "$src/images/testset/t101.jpg"
"$seichi" score "$src/images/renders/r043.jpg" >"$tmp/out" 2>&1
ok "score of r043 says nothing of the camera's place" sh -c "! grep -q 'camera saw the board' '$tmp/out'"
# A photo is known by its first bytes too, whatever its name (a picture
# saved with no extension is no board diagram); a folder is said to be one.
cp "$src/images/renders/r043.jpg" "$tmp/photo-no-extension"
expect 0 "B+5.5" -- score "$tmp/photo-no-extension"
expect 2 "is a folder, not a file" -- score "$src/images/renders"
# A diagram marking no dead stones is counted with none, and what a
# proposal would take as dead is said beside it (`detect`'s reading of a
# photo marks none); one that marks them, or --dead, says nothing of it.
tr 'xo' 'XO' < "$src/kiosk/samples/club-game-19.board" > "$tmp/unmarked.board"
expect 0 "Seichi would propose 7 stones as dead; --dead auto" -- score --board "$tmp/unmarked.board"
grep -q "W+2.5" "$tmp/out" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: the unmarked diagram not counted with no dead stones"; }
expect 0 '"dead_unmarked":[[:space:]]*7' -- score --board "$tmp/unmarked.board" --json
expect 0 "W+18.5" -- score --board "$tmp/unmarked.board" --dead auto
! grep -q "would propose" "$tmp/out" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: --dead auto still says what it would propose"; }
expect 0 "W+18.5" -- score --board "$src/kiosk/samples/club-game-19.board"
! grep -q "would propose" "$tmp/out" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: a diagram marking its dead stones says what a proposal would take"; }
# An option given twice is refused: which one was meant is a guess.
expect 2 "--board given twice" -- score --board "$src/kiosk/samples/club-game-19.board" --board "$src/tests/boards/ing-fill-b3.board"
expect 2 "--komi given twice" -- score --board "$src/kiosk/samples/club-game-19.board" --komi 6.5 --komi 7.5
# So in every command (a judge's correction must not name the other judge,
# an export not go to the other file), and nothing is done.
expect 2 "seichi results: --judge given twice" -- results --db "$tmp/twice.db" correct 1 --judge J --judge K --reason r
ok "an option twice opens no database" test ! -e "$tmp/twice.db"
expect 2 "seichi record: --sgf given twice" -- record --source "$src/images/sequences/caren1-9x9" --sgf "$tmp/t1.sgf" --sgf "$tmp/t2.sgf"
ok "an option twice records nothing" test ! -e "$tmp/t1.sgf" -a ! -e "$tmp/t2.sgf"
# Where the record cannot be written: refused before a move is watched
# (once, not a game watched with every move's save failing).
expect 2 "^seichi record: an empty file name" -- record --source "$src/images/sequences/caren1-9x9" --sgf ""
expect 2 "^seichi record: cannot write '$tmp/none/g.sgf': no folder '$tmp/none'" -- \
  record --source "$src/images/sequences/caren1-9x9" --sgf "$tmp/none/g.sgf"
ok "refused at once: one line" test "$(wc -l <"$tmp/out")" = 1
expect 2 "names a folder: give a file" -- record --source "$src/images/sequences/caren1-9x9" --sgf "$tmp/"
expect 2 "seichi detect: --size given twice" -- detect "$src/images/renders/r043.jpg" --size 13 --size 9
expect 2 "seichi clock: --time-control given twice" -- clock --time-control byoyomi:1m+3x30s --time-control absolute:10m
# A picture given as a record: said so, with what reads it.
expect 2 "r043.jpg is a picture, not a game record" -- score --sgf "$src/images/renders/r043.jpg"
expect 2 "--dead takes none, auto, record or points (A1,B2), not an empty value" -- \
  score --board "$src/kiosk/samples/club-game-19.board" --dead ""
expect 2 "one command at a time ('seichi help score')" -- help score extra
expect 2 "r043.jpg is a picture, not a board diagram: 'seichi score .*r043.jpg' reads it" -- \
  score --board "$src/images/renders/r043.jpg"
"$seichi" score --sgf - <"$src/images/renders/r043.jpg" >"$tmp/out" 2>&1
verdict 2 "standard input holds a picture, not a game record: 'seichi score --image /dev/stdin' reads it" $? \
  "a picture on standard input"
cat "$src/images/renders/r043.jpg" | "$seichi" score --image /dev/stdin >"$tmp/out" 2>&1
verdict 0 "B+5.5" $? "what the hint says reads a picture from a pipe"
# --size is a photo's: a diagram or a record has its own size.
expect 2 "--size says a photo's board size" -- score --board "$src/kiosk/samples/club-game-19.board" --size 13
# A bare file that is neither says so; named with --board, it is a diagram
# and only the diagram's fault is told.
expect 2 "if .*README.md is no board diagram, it is no picture either" -- score "$src/README.md"
"$seichi" score --board "$src/README.md" >"$tmp/out" 2>&1
ok "score --board of a text says only what is wrong with it as a diagram" \
  sh -c "grep -q 'unknown character' '$tmp/out' && ! grep -q 'no picture either' '$tmp/out'"
# A phone's HEIF photo (its first bytes) and a GIF, bare or named, are
# pictures Seichi does not read: said by name, exit 2.
printf '\000\000\000\030ftypheic\000\000\000\000mif1heic' >"$tmp/photo.heic"
printf 'GIF89a\001\000\001\000\200\000\000\000\000\000\377\377\377,\000\000\000\000\001\000\001\000\000\002\002D\001\000;' >"$tmp/x.gif"
expect 2 "a HEIF (HEIC) picture, which Seichi does not read: save it as JPEG or PNG" -- score "$tmp/photo.heic"
expect 2 "a GIF picture, which Seichi does not read" -- detect "$tmp/x.gif"
expect 2 "a GIF picture, which Seichi does not read" -- score --image "$tmp/x.gif"
# ... but a pipe is not looked into: its bytes are the diagram's.
"$seichi" score /dev/stdin <"$src/tests/boards/seeds-184-177.board" >"$tmp/out" 2>&1
cat "$src/tests/boards/seeds-184-177.board" | "$seichi" score /dev/stdin >>"$tmp/out" 2>&1
ok "a diagram through /dev/stdin, a file and a pipe, is read" sh -c "[ \$(grep -c '^Result: .*W+0.5' '$tmp/out') = 2 ]"
printf 'not a picture' >"$tmp/bad.jpg"
expect 2 "not a picture" -- detect "$tmp/bad.jpg"
: >"$tmp/empty.png"
expect 2 "empty" -- detect "$tmp/empty.png"
expect 2 "cannot open" -- detect "$tmp/missing.jpg"
expect 3 "no board found" -- detect "$src/tests/vision-seeds/r043-tiny.png"
# With a size given, no board says of that size alone (t060: a dense 19x19
# board under a lamp's glare, read as a 13x13 part without it).
expect 3 "does not make a 19x19 grid" -- detect "$src/images/testset/t060.jpg" --size 19
# A JPEG cut short is unreadable, not a board read from its grey half.
size=$(wc -c <"$src/images/renders/r043.jpg")
head -c $((size / 2)) "$src/images/renders/r043.jpg" >"$tmp/cut.jpg"
expect 2 "the JPEG is truncated" -- detect "$tmp/cut.jpg"
expect 2 "the JPEG is truncated" -- score "$tmp/cut.jpg"
# A JPEG whose header says 30000x30000 is refused from its header.
printf '\377\330\377\300\000\021\010\165\060\165\060\003\001\042\000\002\021\001\003\021\001\377\331' >"$tmp/bomb.jpg"
expect 2 "30000x30000 (900 megapixels)" -- detect "$tmp/bomb.jpg"
expect 2 "30000x30000 (900 megapixels)" -- score "$tmp/bomb.jpg"
expect 2 "takes 9, 13 or 19" -- detect "$src/images/renders/r043.jpg" --size 12
# Formats Seichi does not read itself (BMP, TIFF, WebP) and videos come
# through OpenCV's plugin: with it an annotated photo written as BMP reads
# again; without it (SEICHI_CVIO naming no file) the BMP, a video source and
# a BMP to write are refused with exit 2 and say why, the JPEG still reads,
# and a missing webcam is still "no webcam" (exit 3).
expect 0 "Result" -- score "$src/images/renders/r043.jpg" --annotate "$tmp/annotated.bmp"
expect 0 "13x13 board" -- detect "$tmp/annotated.bmp"
# A BMP cut short is refused with Seichi's one message, not OpenCV's own.
head -c 100000 "$tmp/annotated.bmp" >"$tmp/cut.bmp"
expect 2 "not a picture OpenCV can read (corrupt, truncated" -- detect "$tmp/cut.bmp"
"$seichi" detect "$tmp/cut.bmp" 2>"$tmp/cut.err" >/dev/null
grep -q "imdecode" "$tmp/cut.err" && { fail=$((fail + 1)); echo "FAIL: OpenCV's own message on stderr"; } || pass=$((pass + 1))
printf 'RIFF not really a video' >"$tmp/clip.avi"
export SEICHI_CVIO=/nonexistent/seichi-cvio.so
expect 2 "plugin for other formats did not load" -- detect "$tmp/annotated.bmp"
expect 2 "plugin for other formats did not load" -- score "$src/images/renders/r043.jpg" --annotate "$tmp/again.bmp"
expect 2 "plugin for videos did not load" -- record --source "$tmp/clip.avi" --sgf "$tmp/clip.sgf"
expect 0 "13x13 board" -- detect "$src/images/renders/r043.jpg"
expect 3 "no webcam" -- record --source webcam:63 --sgf "$tmp/x.sgf"
unset SEICHI_CVIO
# A picture that cannot be read says why.
expect 2 "$tmp/missing.jpg: cannot open the file (No such file" -- detect "$tmp/missing.jpg"
mkdir "$tmp/notapic"
expect 2 "$tmp/notapic: a folder, not a picture" -- detect "$tmp/notapic"
# --debug DIR must be a folder that can be written to, checked before any
# work (nothing is read, nothing printed but the message).
expect 2 "debug folder $tmp/nodir: No such file" -- detect "$src/images/renders/r043.jpg" --debug "$tmp/nodir"
expect 2 "debug folder $tmp/bad.jpg: not a folder" -- detect "$src/images/renders/r043.jpg" --debug "$tmp/bad.jpg"
# A folder there that takes no new files (procfs) says so, not "no such file".
if [ -d /proc/self ]; then
  expect 2 "debug folder /proc: cannot write there (it takes no new files)" -- detect "$src/images/renders/r043.jpg" --debug /proc
fi
mkdir "$tmp/dbg"
expect 0 "13x13 board" -- detect "$src/images/renders/r043.jpg" --debug "$tmp/dbg"
[ -s "$tmp/dbg/2-lattice-grid.png" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: no debug pictures"; }
# A second run into the same folder replaces nothing unless asked; a link
# under a picture's name is never written through.
expect 2 "already holds debug pictures" -- detect "$src/images/renders/r043.jpg" --debug "$tmp/dbg"
# Replacing, the earlier reading's pictures all go (a rectify- picture of
# another reading left beside them would pass for this one's); other files
# stay.
: >"$tmp/dbg/rectify-2-lattice-grid.png"
echo mine >"$tmp/dbg/notes.txt"
echo mine >"$tmp/dbg/2-notes.png" # a user's, though it starts like a stage's picture
expect 0 "13x13 board" -- detect "$src/images/renders/r043.jpg" --debug "$tmp/dbg" --force
ok "--force: an earlier reading's picture removed, other files kept" \
  test ! -e "$tmp/dbg/rectify-2-lattice-grid.png" -a -s "$tmp/dbg/2-lattice-grid.png" -a -s "$tmp/dbg/notes.txt" \
  -a -s "$tmp/dbg/2-notes.png"
expect 2 "--force is for --debug DIR" -- detect "$src/images/renders/r043.jpg" --force
expect 2 "--debug needs a value" -- detect "$src/images/renders/r043.jpg" --debug
expect 2 "--size needs a value" -- detect "$src/images/renders/r043.jpg" --size
expect 2 "--size takes 9, 13 or 19, not '13.0'" -- detect "$src/images/renders/r043.jpg" --size 13.0
mkdir "$tmp/dbg2"
echo mine > "$tmp/keep.txt"
ln -s "$tmp/keep.txt" "$tmp/dbg2/1-segments-lines.png"
expect 2 "is a symbolic link: not written through" -- detect "$src/images/renders/r043.jpg" --debug "$tmp/dbg2" --force
[ "$(cat "$tmp/keep.txt")" = mine ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: debug wrote through a link"; }
# A --size the picture contradicts: the 13x13 render is no 9x9 or 19x19
# board; its own size still reads.
expect 3 "no board of 9 lines here (the picture shows more lines than that" -- detect "$src/images/renders/r043.jpg" --size 9
expect 3 "no board of 19 lines here (the picture shows fewer lines than that" -- detect "$src/images/renders/r043.jpg" --size 19
expect 3 "no board of 9 lines here" -- score "$src/images/renders/r043.jpg" --size 9
# r053 (9x9 on grained wood): its first look sees more lines than nine, the
# reader asked with no size reads it as 9x9, so the true size stands and
# another is refused naming it.
expect 0 "9x9 board" -- detect "$src/images/renders/r053.jpg" --size 9
expect 3 "fewer lines than that: a 9x9 board?" -- detect "$src/images/renders/r053.jpg" --size 19
expect 0 '"size":13' -- detect "$src/images/renders/r043.jpg" --size 13 --json
expect 0 "Result: Black wins" -- score "$src/images/renders/r043.jpg" --annotate "$tmp/annotated.png"
[ -s "$tmp/annotated.png" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: no annotated picture"; }
# An annotated picture never replaces a file unless asked: checked before
# the photo is read, the file left as it was.
printf 'keep me' > "$tmp/keep.png"
expect 2 "already exists: not replaced (give --force" -- score "$src/images/renders/r043.jpg" --annotate "$tmp/keep.png"
[ "$(cat "$tmp/keep.png")" = "keep me" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: --annotate replaced a file"; }
expect 2 "is a directory" -- score "$src/images/renders/r043.jpg" --annotate "$tmp" --force
# Checked before the count too: the picture's kind, its folder, and never
# the photo being read.
expect 2 "writes a picture (.png, .jpg, ...)" -- score "$src/images/renders/r043.jpg" --annotate "$tmp/out.txt"
expect 2 "cannot write '$tmp/missing/a.png': no folder '$tmp/missing'" -- score "$src/images/renders/r043.jpg" --annotate "$tmp/missing/a.png"
cp "$src/images/renders/r043.jpg" "$tmp/photo.jpg"
expect 2 "is the photo being read" -- score "$tmp/photo.jpg" --annotate "$tmp/photo.jpg" --force
cmp -s "$src/images/renders/r043.jpg" "$tmp/photo.jpg" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: --annotate wrote over the photo"; }
expect 0 "Result: Black wins" -- score "$src/images/renders/r043.jpg" --annotate "$tmp/keep.png" --force
[ "$(head -c 4 "$tmp/keep.png" | od -An -c | tr -d ' ')" = "211PNG" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: --force did not write the picture"; }
expect 3 "no board found" -- score "$src/tests/vision-seeds/r043-tiny.png"
# The reader's doubts: listed in the JSON (possibly empty), never left out.
expect 0 '"unsure":\[[][0-9,]*\],"board_unsure":\(true\|false\),"hidden":\[[][0-9,]*\]' -- detect "$src/images/renders/r043.jpg" --json
expect 0 '"unsure":\[.*"board_unsure"' -- score "$src/images/renders/r043.jpg" --json
# A count of a photo read with doubts ends on them, where the eye lands:
# the board itself in doubt (r021), points in doubt (r036), none (r043).
"$seichi" score "$src/images/renders/r021.jpg" >"$tmp/doubt.out" 2>&1
ok "score: a board read in doubt ends on it" sh -c "tail -n 1 '$tmp/doubt.out' | grep -q '^Check the grid before taking this result'"
"$seichi" score "$src/images/renders/r036.jpg" >"$tmp/doubt.out" 2>&1
ok "score: points read in doubt end it" sh -c "tail -n 1 '$tmp/doubt.out' | grep -q '^Check the [0-9]* points read in doubt (above) before taking this result'"
"$seichi" score "$src/images/renders/r043.jpg" >"$tmp/doubt.out" 2>&1
ok "score: a photo read with no doubt ends on its count" sh -c "! grep -q 'before taking this result' '$tmp/doubt.out'"
# A hand over the board's edge: the points it hides are named, not guessed
# silently (the truth's "hidden" in t030.json: S19 T19 S18 T18 S17 T17 ...).
expect 0 'Of these, a hand or an arm hides: S19 T19 S18 T18 S17 T17 ' -- detect "$src/images/testset/t030.jpg"
expect 0 '^Take the picture again with no hand or arm over the board\.$' -- detect "$src/images/testset/t030.jpg"
# each point in doubt followed by a question mark, the columns kept
expect 0 '^19  \. \. \. \. \. \. \. \. \. \. \. \. \. \. \. \. \. O?O?19$' -- detect "$src/images/testset/t030.jpg"
# ... and that grid read back by score --board as it stands
"$seichi" detect "$src/images/testset/t030.jpg" | sed -n '2,21p' > "$tmp/t030.board"
expect 0 "Result: " -- score --board "$tmp/t030.board"
# ... or saved whole, its first line and its points in doubt included:
# the same count; and score's own output, whole, through a pipe.
"$seichi" detect "$src/images/testset/t030.jpg" > "$tmp/t030-whole.board"
"$seichi" score --board "$tmp/t030.board" --dead none --json > "$tmp/t030a.json" 2>&1
"$seichi" score --board "$tmp/t030-whole.board" --dead none --json > "$tmp/t030b.json" 2>&1
ok "detect's whole output counts as its grid does" \
  sh -c "grep -q '\"result\"' '$tmp/t030a.json' && cmp -s '$tmp/t030a.json' '$tmp/t030b.json'"
"$seichi" score --board "$src/kiosk/samples/club-game-19.board" | "$seichi" score --board - >"$tmp/again.out" 2>&1
expect 0 "W+18.5" -- score --board "$src/kiosk/samples/club-game-19.board"
ok "score's whole output counted again: the same result" grep -q "W+18.5" "$tmp/again.out"
expect 0 '"hidden":\[\[0,17\],\[0,18\],\[1,17\],\[1,18\]' -- detect "$src/images/testset/t030.jpg" --json
expect 0 '"hidden":\["ra","sa","rb","sb"' -- score "$src/images/testset/t030.jpg" --json

# Training patches: one per point of every picture with a truth, each
# 8 bytes of labels and 3 x 24 x 24 of pixels after a 12-byte header.
mkdir "$tmp/pset"
for r in r043 r000; do cp "$src/images/renders/$r.jpg" "$src/images/renders/$r.json" "$tmp/pset/"; done
n=0
for r in r043 r000; do s=$(sed -n 's/^ *"size": *\([0-9]*\).*/\1/p' "$tmp/pset/$r.json"); n=$((n + s * s * 2)); done
expect 0 "^$n patches from 2 pictures" -- patches --copies 2 --out "$tmp/p.bin" "$tmp/pset"
[ "$(wc -c <"$tmp/p.bin")" -eq $((12 + n * (8 + 3 * 24 * 24))) ] && pass=$((pass + 1)) ||
  { fail=$((fail + 1)); echo "FAIL: patches file of $(wc -c <"$tmp/p.bin") bytes for $n patches"; }
psize=$(wc -c <"$tmp/p.bin")
expect 2 "already exists: not replaced" -- patches --copies 1 --out "$tmp/p.bin" "$tmp/pset"
[ "$(wc -c <"$tmp/p.bin")" = "$psize" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: patches replaced a file"; }
expect 0 "patches from 2 pictures" -- patches --force --copies 1 --out "$tmp/p.bin" "$tmp/pset"
expect 2 "usage: seichi patches" -- patches --copies 0 --out "$tmp/p.bin" "$tmp/pset"
expect 2 "--copies takes a number, not 'two'" -- patches --copies two --out "$tmp/p3.bin" "$tmp/pset"
expect 2 "--jitter takes a number, not '0.1x'" -- patches --jitter 0.1x --out "$tmp/p3.bin" "$tmp/pset"
expect 2 "--seed takes a number, not '-1'" -- patches --seed -1 --out "$tmp/p3.bin" "$tmp/pset"
expect 2 "^seichi patches: cannot open" -- patches --out "$tmp/p2.bin" "$tmp/missing"
# Options after the folders are options, not folder names.
expect 0 "^$((n / 2)) patches from 2 pictures" -- patches --out "$tmp/p.bin" "$tmp/pset" --force
expect 0 "^$((n / 2)) patches from 2 pictures" -- patches "$tmp/pset" --copies 1 --out "$tmp/p.bin" --force
expect 2 "^seichi patches: .* already exists: not replaced" -- patches "$tmp/pset" --out "$tmp/p.bin"
expect 2 "^seichi patches: unknown option '--frce'" -- patches --out "$tmp/p3.bin" "$tmp/pset" --frce
expect 2 "^seichi patches: --out needs a value" -- patches "$tmp/pset" --out
# What was made is a message (standard error), left out with -q.
"$seichi" patches --force --copies 1 --out "$tmp/p.bin" "$tmp/pset" >"$tmp/q.out" 2>"$tmp/q.err"
ok "patches: its message on standard error, none on standard output" \
  sh -c "test ! -s '$tmp/q.out' && grep -q 'patches from 2 pictures' '$tmp/q.err'"
"$seichi" patches --force --copies 1 --out "$tmp/p.bin" "$tmp/pset" -q >"$tmp/q.out" 2>"$tmp/q.err"
ok "patches -q: no message, the file made" sh -c "test ! -s '$tmp/q.out' && test ! -s '$tmp/q.err' && test -s '$tmp/p.bin'"

# Results: a count saved, listed and exported.
expect 0 "Saved as result 1" -- score --board "$src/tests/boards/seeds-184-177.board" --save --db "$tmp/results.db"
expect 0 "W+0.5" -- results --db "$tmp/results.db" list
expect 2 "nothing saved there yet" -- results --db "$tmp/none.db" list
# A file that is no database says so in SQLite's words for it, not "not an error".
expect 2 "file is not a database (not a SQLite file, or damaged)" -- results --db "$src/README.md" list

# Exports never replace a file unless --force, and never write through a
# symbolic link or into a device, with or without it; a temporary file
# a killed export left behind goes at the next export.
printf 'keep me\n' >"$tmp/old.csv"
expect 2 "already exists: not replaced (give --force" -- results --db "$tmp/results.db" export --csv "$tmp/old.csv"
[ "$(cat "$tmp/old.csv")" = "keep me" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: old.csv changed"; }
: >"$tmp/old.csv.tmpAb12Cd"
expect 0 "1 result written to $tmp/old.csv" -- results --db "$tmp/results.db" export --csv "$tmp/old.csv" --force
# The count of a photo read in doubt (t027: a hand over the board) is not
# saved until --checked says the points were looked at; the count is
# printed all the same. --checked alone means nothing.
expect 2 "not saved: the photo was read in doubt (6 points" -- score "$src/images/testset/t027.jpg" --save --db "$tmp/doubt.db"
[ ! -e "$tmp/doubt.db" ] || [ "$("$seichi" results --db "$tmp/doubt.db" list 2>/dev/null | grep -c W+)" = 0 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: a count in doubt was saved"; }
expect 0 "Saved as result 1" -- score "$src/images/testset/t027.jpg" --save --db "$tmp/doubt.db" --checked
expect 2 "give a photo and --save" -- score "$src/images/testset/t027.jpg" --checked
# Standard output carries results only; messages go to standard error, and
# --quiet (anywhere) leaves them out.
"$seichi" score --board "$src/tests/boards/seeds-184-177.board" --save --db "$tmp/quiet.db" >"$tmp/q.out" 2>"$tmp/q.err"
ok "score --save: the count on standard output, 'Saved as' on standard error" \
  sh -c "grep -q 'Result:' '$tmp/q.out' && ! grep -q 'Saved as' '$tmp/q.out' && grep -q 'Saved as result 1' '$tmp/q.err'"
"$seichi" score --quiet --board "$src/tests/boards/seeds-184-177.board" --save --db "$tmp/quiet.db" >"$tmp/q.out" 2>"$tmp/q.err"
ok "score --quiet --save: the count, and nothing on standard error" sh -c "grep -q 'Result:' '$tmp/q.out' && test ! -s '$tmp/q.err'"
"$seichi" results --db "$tmp/quiet.db" export --csv - -q >"$tmp/q.out" 2>"$tmp/q.err"
ok "results export --csv - -q: the CSV alone on standard output" \
  sh -c "test \"\$(wc -l <'$tmp/q.out')\" = 3 && head -n 1 '$tmp/q.out' | grep -q '^id,time' && test ! -s '$tmp/q.err'"
grep -q "W+0.5" "$tmp/old.csv" && [ ! -e "$tmp/old.csv.tmpAb12Cd" ] && pass=$((pass + 1)) ||
  { fail=$((fail + 1)); echo "FAIL: --force did not replace old.csv, or the leftover temporary file stayed"; }
ln -s "$tmp/old.csv" "$tmp/link.csv"
expect 2 "is a symbolic link" -- results --db "$tmp/results.db" export --csv "$tmp/link.csv" --force
mkfifo "$tmp/fifo.csv"
expect 2 "is a pipe, not a regular file" -- results --db "$tmp/results.db" export --csv "$tmp/fifo.csv" --force
expect 2 "/dev/null' is a device, not a regular file" -- results --db "$tmp/results.db" export --csv /dev/null
expect 2 "is a directory" -- results --db "$tmp/results.db" export --csv "$tmp" --force
mkdir "$tmp/sgfout"
: >"$tmp/sgfout/seichi-000001.sgf.tmpQr5T9z"
expect 0 "1 SGF file written" -- results --db "$tmp/results.db" export --sgf "$tmp/sgfout"
[ "$(ls "$tmp/sgfout")" = "seichi-000001.sgf" ] && pass=$((pass + 1)) ||
  { fail=$((fail + 1)); echo "FAIL: the SGF export left: $(ls "$tmp/sgfout")"; }
expect 2 "already holds exported results (seichi-000001.sgf)" -- results --db "$tmp/results.db" export --sgf "$tmp/sgfout"
expect 0 "1 SGF file written" -- results --db "$tmp/results.db" export --sgf "$tmp/sgfout" --force
expect 2 "--force goes with export" -- results --db "$tmp/results.db" list --force

# A game decided by resignation is stored as B+R, with no count; `score`
# still counts it when asked, saying the count is not the game's result.
printf '(;GM[1]FF[4]SZ[9]KM[7]RU[Japanese]RE[B+R];B[ee];W[cc];B[gc];W[cg])\n' >"$tmp/resigned.sgf"
expect 0 "not the game's result" -- score --sgf "$tmp/resigned.sgf"
expect 0 "Saved as result 1" -- score --sgf "$tmp/resigned.sgf" --save --db "$tmp/resign.db"
expect 0 "  B+R" -- results --db "$tmp/resign.db" list
expect 0 "Black wins by resignation" -- results --db "$tmp/resign.db" show 1
printf '(;GM[1]FF[4]SZ[9]RE[W+T];B[ee];W[cc])\n' >"$tmp/timeout.sgf"
expect 0 "\"decided_by\":\"time\"" -- score --sgf "$tmp/timeout.sgf" --json --save --db "$tmp/resign.db"
expect 0 "  W+T" -- results --db "$tmp/resign.db" list
expect 0 ',W+T,' -- results --db "$tmp/resign.db" export --csv -

# Who played: checked before anything is counted or stored.
seeds="$src/tests/boards/seeds-184-177.board"
expect 2 "say who played a stored result: give --save" -- score --board "$seeds" --black Ann
expect 2 "round takes a number from 1 to 999, not '0'" -- score --board "$seeds" --save --db "$tmp/id.db" --round 0
expect 2 "table takes a number from 1 to 9999" -- score --board "$seeds" --save --db "$tmp/id.db" --table 7x
expect 2 "black holds a control character" -- score --board "$seeds" --save --db "$tmp/id.db" --black "$(printf 'A\033[2J')"
expect 2 "white-id is no rating ID" -- score --board "$seeds" --save --db "$tmp/id.db" --white-id EGD:123
expect 2 "event is not UTF-8" -- score --board "$seeds" --save --db "$tmp/id.db" --event "$(printf 'Caf\351')"
[ ! -e "$tmp/id.db" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: a refused save made $tmp/id.db"; }
expect 0 "Saved as result 1" -- score --board "$seeds" --save --db "$tmp/id.db" --event "Club Cup" --round 2 \
  --table 7 --black Ann --white Bob --black-id egd:12345678
expect 0 "agreed  round 2  table 7  Ann - Bob" -- results --db "$tmp/id.db" list
expect 0 "Black Ann (EGD:12345678), White Bob" -- results --db "$tmp/id.db" show 1
expect 0 '"black_player":"Ann","white_player":"Bob","black_id":"EGD:12345678"' -- results --db "$tmp/id.db" show 1 --json
# A record's names, event and round, unless given.
printf '(;GM[1]FF[4]SZ[9]PB[Cho]PW[Go Seigen]EV[Honinbo]RO[3 (final)]RE[W+R];B[ee];W[cc])\n' >"$tmp/named.sgf"
expect 0 "Saved as result 2" -- score --sgf "$tmp/named.sgf" --save --db "$tmp/id.db" --white "Wu Qingyuan"
expect 0 "round 3  Cho - Wu Qingyuan" -- results --db "$tmp/id.db" list

# A recording carries who played into its record, and a result saved from it.
expect 2 "round takes a number" -- record --source "$src/images/sequences/end-count-9x9" --sgf "$tmp/rec.sgf" --round x
expect 0 "moves recorded" -- record --source "$src/images/sequences/end-count-9x9" --sgf "$tmp/rec.sgf" \
  --black "Ann [1d]" --white Bob --event Club --round 5 --table 9
grep -q 'PB\[Ann \[1d\\\]\]' "$tmp/rec.sgf" && grep -q 'RO\[5\]' "$tmp/rec.sgf" && grep -q 'SEITABLE\[9\]' "$tmp/rec.sgf" &&
  pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: the recording lacks who played:"; cat "$tmp/rec.sgf"; }
expect 0 "Saved as result 3" -- score --sgf "$tmp/rec.sgf" --save --db "$tmp/id.db"
expect 0 "round 5  table 9  Ann \[1d\] - Bob" -- results --db "$tmp/id.db" list
# A name a spreadsheet would run as a formula goes into the CSV as text.
expect 0 "Saved as result 1" -- score --board "$seeds" --save --db "$tmp/formula.db" --black "=1+2" --white "@Bob" --event "-x"
expect 0 "Saved as result 2" -- score --board "$seeds" --save --db "$tmp/formula.db" --black "Ann, 1d" --white "+Bob"
expect 0 "2 results written" -- results --db "$tmp/formula.db" export --csv "$tmp/id.csv"
grep -q ",'-x,,,'=1+2,'@Bob," "$tmp/id.csv" && grep -q ',,,,"Ann, 1d",'"'"'+Bob,' "$tmp/id.csv" &&
  pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: formula-like names not written as text:"; cat "$tmp/id.csv"; }

# Judges: the PIN on standard input (or --pin-file), never on the command line.
judge="--judge Jo --reason typo"
expect 3 "no judge PIN is set" -- results --db "$tmp/id.db" correct 1 $judge --white Rob
expect_pin 12 2 "a judge PIN is 4 to 12 digits: nothing changed" -- results --db "$tmp/id.db" set-pin
expect 2 "unexpected argument '1234'" -- results --db "$tmp/id.db" set-pin 1234
expect_pin 1234 0 "Judge PIN set" -- results --db "$tmp/id.db" set-pin
expect_pin 1234 2 "needs --reason TEXT" -- results --db "$tmp/id.db" correct 1 --judge Jo --white Rob
expect_pin 1234 2 "needs --judge NAME" -- results --db "$tmp/id.db" void 1 --reason x
expect_pin 1234 2 "correct needs what to change" -- results --db "$tmp/id.db" correct 1 $judge
expect_pin 1234 2 "goes with correct" -- results --db "$tmp/id.db" void 1 $judge --white Rob
expect_pin 1234 2 "no result 9" -- results --db "$tmp/id.db" correct 9 $judge --white Rob
expect_pin 9999 3 "wrong judge PIN (1 of 5 tries" -- results --db "$tmp/id.db" correct 1 $judge --white Rob
expect_pin 1234 2 "a corrected result is B+R, W+R" -- results --db "$tmp/id.db" correct 1 $judge --result B+7
expect_pin 1234 0 "Result 1 corrected: 1 audit entry" -- results --db "$tmp/id.db" correct 1 $judge --white Rob
expect_pin 1234 0 "already reads so: nothing changed" -- results --db "$tmp/id.db" correct 1 $judge --white Rob
expect_pin 1234 0 "confirmed: it is now locked" -- results --db "$tmp/id.db" confirm 1 --judge Ann
expect_pin 1234 4 "is confirmed: it cannot be corrected" -- results --db "$tmp/id.db" correct 1 $judge --black Eve
expect 0 "confirmed, stored by cli, 2 audit entries" -- results --db "$tmp/id.db" show 1
expect 0 "Jo  correct  white_player: 'Bob' -> 'Rob'  reason: typo" -- results --db "$tmp/id.db" audit 1
expect 0 '"action":"confirm","field":"state","old":"agreed","new":"confirmed"' -- results --db "$tmp/id.db" audit 1 --json
expect 0 ',confirmed,cli,Club Cup,2,7,Ann,Rob,EGD:12345678,,2' -- results --db "$tmp/id.db" export --csv -
printf '1234\n' >"$tmp/pin.txt"
expect 0 "Result 1 voided" -- results --db "$tmp/id.db" void 1 --judge Ann --reason "wrong pairing" --pin-file "$tmp/pin.txt"
expect 4 "is voided" -- results --db "$tmp/id.db" confirm 1 --judge Ann --pin-file "$tmp/pin.txt"
expect 0 "3 SGF files written" -- results --db "$tmp/id.db" export --sgf "$tmp/idsgf"
grep -q 'PB\[Ann\]' "$tmp/idsgf/seichi-000001.sgf" && grep -q 'PW\[Rob\]' "$tmp/idsgf/seichi-000001.sgf" &&
  grep -q 'EV\[Club Cup\]' "$tmp/idsgf/seichi-000001.sgf" && grep -q 'RO\[2\]' "$tmp/idsgf/seichi-000001.sgf" &&
  grep -q 'EV\[Honinbo\]' "$tmp/idsgf/seichi-000002.sgf" && grep -q 'PW\[Wu Qingyuan\]' "$tmp/idsgf/seichi-000002.sgf" &&
  pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: the exported SGF lacks who played:"; cat "$tmp/idsgf/"*; }
# A judge's dead stones: the stored position counted again.
expect 0 "Saved as result 4" -- score --board "$src/kiosk/samples/club-game-19.board" --rules japanese --save --db "$tmp/id.db"
expect_pin 1234 2 "give --result or --dead, not both" -- results --db "$tmp/id.db" correct 4 $judge --dead none --result B+R
expect_pin 1234 2 "dead stones: 'B19' is an empty point" -- results --db "$tmp/id.db" correct 4 $judge --dead B19
expect_pin 1234 0 "Result 4 corrected: 2 audit entries" -- results --db "$tmp/id.db" correct 4 $judge --dead R17
ok "a correction names what the count changed with it" grep -q "^  result: 'W+3.5' -> 'B+13.5'" "$tmp/out"
expect 0 "dead stones (SGF): qc$" -- results --db "$tmp/id.db" show 4
expect 0 "correct  dead: 'qc qe lf ch hh mh bo' -> 'qc'" -- results --db "$tmp/id.db" audit 4
expect 2 "no result with id 99\|not found\|no result 99" -- results --db "$tmp/id.db" audit 99

# Five wrong PINs, from separate processes, lock PIN entry for a minute.
for try in 1 2 3 4; do printf '0000\n' | "$seichi" results --db "$tmp/id.db" correct 2 $judge --black X >/dev/null 2>&1; done
expect_pin 0000 3 "PIN entry is now locked for 60 s" -- results --db "$tmp/id.db" correct 2 $judge --black X
expect 3 "locked after too many wrong PINs: try again in [0-9]* s" -- results --db "$tmp/id.db" correct 2 $judge \
  --black X --pin-file "$tmp/pin.txt"
expect 0 "Cho - Wu Qingyuan" -- results --db "$tmp/id.db" list

# The kiosk: bad options, then a real run in a window on SDL's offscreen
# driver, stopped with SIGTERM as systemd stops it: exit 0, database whole.
expect 0 "usage: seichi kiosk" -- kiosk --help
expect 2 "unknown language 'fr'" -- kiosk --lang fr
expect 2 "windowed wants WIDTHxHEIGHT" -- kiosk --windowed big
expect 2 "unknown option" -- kiosk --frobnicate x
# Paths named in the options are checked before any screen is looked for
# (checked after, these would say "no display", or open a window and run
# until the timeout).
expect 2 "kiosk: --source $tmp/none.jpg: no such file or folder" -- kiosk --source "$tmp/none.jpg"
expect 2 "kiosk: --sample $tmp/none.jpg: no such picture file" -- kiosk --sample "$tmp/none.jpg"
expect 1 "kiosk: --db $src/README.md: cannot read results database .*file is not a database" -- kiosk --db "$src/README.md"
expect 1 "kiosk: --db $tmp/no/such/dir.db: cannot open results database" -- kiosk --db "$tmp/no/such/dir.db"
# No screen at all: said clearly, exit 1.
(unset DISPLAY WAYLAND_DISPLAY SDL_VIDEODRIVER; timeout 20 "$seichi" kiosk --db "$tmp/nodisplay.db" >"$tmp/nd.out" 2>&1)
if [ $? -eq 1 ] && grep -q "no display found" "$tmp/nd.out"; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL: seichi kiosk with no display:"; sed 's/^/  /' "$tmp/nd.out"; fi
# Under the sanitizer build, the libraries SDL's video driver loads itself
# (EGL, Mesa) and unloads again report leaks of their own that no frame of
# ours holds; the same kiosk code runs under LeakSanitizer in test_ui.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" SDL_VIDEODRIVER=offscreen "$seichi" kiosk --windowed 800x480 --source "$src/images/renders/r043.jpg" \
  --db "$tmp/kiosk.db" >"$tmp/kiosk.out" 2>&1 &
kpid=$!
sleep 3
kill -TERM "$kpid"
wait "$kpid"
rc=$?
# Nothing was agreed, so the database is there, valid, and empty.
"$seichi" results --db "$tmp/kiosk.db" list >"$tmp/kiosk.list" 2>&1
if [ "$rc" -eq 0 ] && grep -q "no results stored yet" "$tmp/kiosk.list"; then
  pass=$((pass + 1))
else
  fail=$((fail + 1))
  echo "FAIL: seichi kiosk stopped by SIGTERM -> exit $rc (want 0), output:"
  sed 's/^/  /' "$tmp/kiosk.out"
fi

# Recording: the end of a game by the players' gestures.
seq="$src/images/sequences"
if [ -f "$seq/resign-9x9/truth.sgf" ]; then
  expect 0 "White resigned: Black wins" -- record --source "$seq/resign-9x9" --sgf "$tmp/resign.sgf" --size 9
  grep -q "RE\[B+R\]" "$tmp/resign.sgf" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: no RE[B+R] in the resigned game"; }
  expect 0 "the game is over" -- record --source "$seq/end-count-9x9" --sgf "$tmp/end.sgf" --size 9
  # Over, to be counted: --resume will not go on with it (another game's
  # frames would add their moves after the end).
  expect 2 "that game is over (it ended to be counted); not resuming it" -- \
    record --source "$seq/caren1-9x9" --sgf "$tmp/end.sgf" --size 9 --resume
  # More komi than the board found has points: refused before any move,
  # nothing written (a record saying so is one score --sgf refuses).
  expect 2 "more than the 81 points of the board (the board found is 9x9): nothing recorded" -- \
    record --source "$seq/caren1-9x9" --sgf "$tmp/k90.sgf" --komi 90
  ok "refused komi: no record written" test ! -e "$tmp/k90.sgf"
  # --resume goes on with the saved game's terms: others given are refused,
  # not quietly dropped.
  expect 0 "moves recorded" -- record --source "$seq/caren1-9x9" --sgf "$tmp/part.sgf" --size 9
  cp "$tmp/part.sgf" "$tmp/part-before.sgf"
  expect 2 "is a game with komi 7.5, not 0.5: not resuming it" -- \
    record --source "$seq/caren1-9x9" --sgf "$tmp/part.sgf" --resume --komi 0.5
  expect 2 "is a game under chinese rules, not japanese" -- \
    record --source "$seq/caren1-9x9" --sgf "$tmp/part.sgf" --resume --rules japanese
  expect 2 "with 0 handicap stones, not 2" -- record --source "$seq/caren1-9x9" --sgf "$tmp/part.sgf" --resume --handicap 2
  ok "a refused resume leaves the record as it was" cmp "$tmp/part.sgf" "$tmp/part-before.sgf"
  expect 0 "resuming" -- record --source "$seq/caren1-9x9" --sgf "$tmp/part.sgf" --resume --komi 7.5 --rules chinese
  # --sgf -: the record alone on standard output (the progress on standard
  # error, none with --quiet), the same game a file gets, no temporary left.
  ( cd "$tmp" && TMPDIR="$tmp/rtmp" && mkdir -p "$TMPDIR" && export TMPDIR &&
    "$seichi" record --source "$seq/end-count-9x9" --sgf - --size 9 >"$tmp/rec-out.sgf" 2>"$tmp/rec-err" &&
    "$seichi" record --source "$seq/end-count-9x9" --sgf - --size 9 --quiet >"$tmp/rec-q.sgf" 2>"$tmp/rec-qerr" )
  ok "record --sgf -: exit 0" test $? = 0
  ok "record --sgf -: the record on standard output is the file's game" \
    test "$(grep -v '^DT\|SEIT' "$tmp/rec-out.sgf" | tr -d '\n' | sed 's/SEIT\[[^]]*\]//g; s/DT\[[^]]*\]//g')" = \
         "$(grep -v '^DT\|SEIT' "$tmp/end.sgf" | tr -d '\n' | sed 's/SEIT\[[^]]*\]//g; s/DT\[[^]]*\]//g')"
  ok "record --sgf -: progress on standard error" grep -q "the game is over" "$tmp/rec-err"
  ok "record --sgf -: no file named '-', no temporary file left" test ! -e "$tmp/-" -a -z "$(ls "$tmp/rtmp")"
  ok "record --quiet: nothing on standard error, the same record" test ! -s "$tmp/rec-qerr" -a -s "$tmp/rec-q.sgf"
  expect 2 "needs a file" -- record --source "$seq/end-count-9x9" --sgf - --resume
  # The game clock while recording: byo-yomi with 30-second periods, the
  # pictures 5 s apart (--fps 0.2). The timekeeper's calls are the ones
  # `seichi clock` makes on the same moves (their SEIT times: when each
  # stone was first seen), the loss on time ends the game, and the record
  # keeps the time each move left (BL WL, OB OW in overtime).
  expect 0 "Black lost on time: White wins" -- record --source "$seq/caren1-9x9" --sgf "$tmp/timed.sgf" --size 9 \
    --fps 0.2 --time-control byoyomi:0m+2x30s
  cp "$tmp/out" "$tmp/timed.out"
  tr -d '\n' <"$tmp/timed.sgf" | grep -o ';[BW]\[[a-z]*\]SEIT\[[0-9.]*\]' |
    sed 's/;\([BW]\).*SEIT\[\([0-9.]*\)\]/\2 \1/' >"$tmp/timed.moves"
  "$seichi" clock --time-control byoyomi:0m+2x30s --simulate "$tmp/timed.moves" >"$tmp/timed.want"
  sed -n 's/^ *\([0-9.]*\) s  timekeeper: \([BW]\)[a-z]* \([0-9a-z]*\).*(\([0-9]*\) periods* left)$/\1 \2 \3 \4/p' \
    "$tmp/timed.out" | awk '{ printf "%g %s %s periods_left=%s\n", $1, $2, $3, $4 }' >"$tmp/timed.got"
  ok "record --time-control: moves recorded" test -s "$tmp/timed.moves"
  ok "record --time-control: the timekeeper's calls are the clock's on the moves' times" \
    diff "$tmp/timed.want" "$tmp/timed.got"
  ok "record --time-control: RE[W+T], TM and OT at the root" grep -q 'RE\[W+T\]TM\[0\]OT\[byoyomi:0m+2x30s\]' "$tmp/timed.sgf"
  ok "record --time-control: each move's time left" \
    test "$(grep -o '[BW]L\[[0-9.]*\]O[BW]\[[0-9]*\]' "$tmp/timed.sgf" | wc -l)" = "$(wc -l <"$tmp/timed.moves")"
  expect 2 "is not one of absolute" -- record --source "$seq/caren1-9x9" --sgf "$tmp/t2.sgf" --time-control sudden:5m
  # The kiosk refuses a time control that does not read before it opens a window.
  expect 2 "kiosk: --time-control: time control 'sudden:5m' is not one of absolute" -- kiosk --time-control sudden:5m
  # The camera unplugged, then stalled, mid-game (a source failing on cue):
  # record waits, goes on when pictures come back, and loses no move.
  expect 0 "the camera is back: going on" -- record --source "faults:unplug@20+15,stall@45+10:$seq/caren1-9x9" \
    --sgf "$tmp/faults.sgf" --size 9
  ok "record with faults: it said it was waiting" grep -q "waiting for the camera (every move so far is saved" "$tmp/out"
  "$seichi" record -q --source "$seq/caren1-9x9" --sgf "$tmp/nofaults.sgf" --size 9 2>/dev/null
  ok "record with faults: the same final count as without" \
    test "$("$seichi" score --sgf "$tmp/faults.sgf" --rules japanese | tail -n 2)" = \
         "$("$seichi" score --sgf "$tmp/nofaults.sgf" --rules japanese | tail -n 2)"
  ok "record with faults: as many moves as the true game" \
    test "$(grep -o ';[BW]\[' "$tmp/faults.sgf" | wc -l)" = "$(grep -o ';[BW]\[' "$seq/caren1-9x9/truth.sgf" | wc -l)"
  ok "record with faults: the moves seen at once are named" grep -q "were seen at once" "$tmp/faults.sgf"
  expect 2 "expected faults:PLAN:SOURCE" -- record --source "faults:unplug@x:$seq/caren1-9x9" --sgf "$tmp/f2.sgf"
fi
expect 2 "give --source and --sgf" -- record --sgf "$tmp/x.sgf"
# A single picture is the kiosk's still camera, but it never shows a move
# nor ends: record refuses it at once (an empty board and a picture with no
# board both used to keep it waiting for ever), and writes no record.
# timeout: a regression must fail here, not hang the suite.
for pic in "$seq/end-count-9x9/frame-0000.jpg" "$src/tests/golden/confirm-en.png"; do
  [ -f "$pic" ] || continue
  expect 2 "is a single picture: recording needs a game that unfolds (a camera, a video or a folder of frames); count one position with seichi score" -- \
    record --source "$pic" --sgf "$tmp/still.sgf" --size 9
  [ -e "$tmp/still.sgf" ] && { fail=$((fail + 1)); echo "FAIL: record of a single picture wrote $tmp/still.sgf"; } || pass=$((pass + 1))
done
expect 0 "A single picture is" -- record --help
expect 2 "no folder '$tmp/no/such/dir'" -- record --source "$seq/resign-9x9" --sgf "$tmp/no/such/dir/x.sgf"
if [ -f "$tmp/resign.sgf" ]; then
  expect 2 "that game is over" -- record --source "$seq/resign-9x9" --sgf "$tmp/resign.sgf" --resume
fi
expect 2 "handicap takes" -- record --source "$seq/resign-9x9" --sgf "$tmp/x.sgf" --handicap 1
expect 3 "no webcam" -- record --source webcam:63 --sgf "$tmp/x.sgf"
printf '(;GM[1]SZ[9];B[zz' >"$tmp/bad.sgf"
expect 2 "cannot resume" -- record --source "$seq/resign-9x9" --sgf "$tmp/bad.sgf" --resume
# A record already there is gone on with (--resume) or replaced when asked
# (--force), never written over by a new game; a folder is refused before
# anything is watched; komi as score takes it.
printf '(;GM[1]FF[4]SZ[9];B[ee];W[cc])\n' >"$tmp/kept.sgf"
cp "$tmp/kept.sgf" "$tmp/kept.orig"
expect 2 "already exists: not replaced (give --resume" -- record --source "$seq/end-count-9x9" --sgf "$tmp/kept.sgf"
cmp -s "$tmp/kept.sgf" "$tmp/kept.orig" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: kept.sgf changed"; }
expect 2 "is a directory" -- record --source "$seq/end-count-9x9" --sgf "$tmp"
expect 2 "is a symbolic link" -- record --source "$seq/end-count-9x9" --sgf "$tmp/link.csv" --force
expect 2 "give one" -- record --source "$seq/end-count-9x9" --sgf "$tmp/kept.sgf" --resume --force
for k in nan inf -inf 1e9 6.3 x; do
  expect 2 "komi takes points in steps of 0.5" -- record --source "$seq/end-count-9x9" --sgf "$tmp/k.sgf" --komi "$k"
done
expect 2 "more than the 81 points of the board" -- record --source "$seq/end-count-9x9" --sgf "$tmp/k.sgf" --size 9 --komi 90
# 100 or more is refused on any board: an SGF reader takes KM[100] as
# Fox's komi times 100 (1 point), so it would not count back the same.
expect 2 "100 points or more" -- record --source "$seq/end-count-9x9" --sgf "$tmp/k.sgf" --komi 100
expect 2 "100 points or more" -- score --board "$src/tests/boards/tiny-2x2.board" --komi 500
expect 2 "not '0x10' (not a number)" -- score --board "$src/tests/boards/tiny-2x2.board" --komi 0x10
expect 2 "not '1e1' (not a number)" -- score --board "$src/tests/boards/tiny-2x2.board" --komi 1e1
expect 0 "komi -0.5" -- score --board "$src/tests/boards/tiny-2x2.board" --komi -.5
# No dead stones to propose: said so, not a heading with nothing under it.
printf '. . .\n. X .\n. . .\n' > "$tmp/lone.board"
expect 0 "No dead stones proposed" -- score --board "$tmp/lone.board" --dead auto
expect 0 "usage: seichi detect IMAGE" -- detect --help
# "-" is standard input for a board file and a game record.
"$seichi" score --board - <"$src/kiosk/samples/club-game-19.board" 2>&1 | grep -q "W+18.5" &&
  "$seichi" score --sgf - --json <"$src/tests/sgf/unfinished-g6.sgf" 2>&1 | grep -q '"size":9' &&
  pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: --board - or --sgf - did not read standard input"; }
"$seichi" score --board - </dev/null >"$tmp/out" 2>&1; rc=$?
[ "$rc" -eq 2 ] && grep -q "no board" "$tmp/out" && pass=$((pass + 1)) ||
  { fail=$((fail + 1)); echo "FAIL: an empty standard input was not refused"; cat "$tmp/out"; }
# Every benchmark's --help is its usage, not a folder named --help.
expect 0 "usage: seichi bench vision \[--model" -- bench vision --help
expect 0 "usage: seichi bench record DIR" -- bench record --help
expect 0 "seichi bench deadstones \[--no-gnugo\]" -- bench --help
expect 2 "usage: seichi bench vision" -- bench vision
# A folder bench record cannot read is no game measured: exit 2, said so,
# after the games it could measure (resign-9x9: every move and its end).
expect 2 "does-not-exist: cannot open (No such file or directory; a folder of frames" -- bench record "$src/images/sequences/resign-9x9/" "$tmp/does-not-exist"
expect 2 "1 game: 3 of 3 moves right" -- bench record "$src/images/sequences/resign-9x9/" "$tmp/does-not-exist"
expect 2 "images/bump/truth.sgf': No such file" -- bench record "$src/images/bump/"
# Ing's fill is of stones, before the clock's penalties, and says so.
expect 0 "the fill shows the count before overtime penalties (Black 1, White 2 points)" -- score --board "$src/tests/boards/ing-fill-b3.board" --rules ing --penalty w:2,b:1
# Ing's overtime from a record's clock (OT an Ing time control, the last
# OB/OW): 2 points a period begun, in the count unless --penalty says
# otherwise. Without them White wins by 17; Black began one period and
# White two, so W+15, as --penalty b:2,w:4 gives.
ing="$src/tests/sgf/ing-overtime.sgf"
expect 0 "Ing overtime (the record's clock): Black 1 period, White 2 periods, 2 points each (the penalties)" -- score --sgf "$ing" --dead record
ok "Ing overtime: W+15 from the record's clock" grep -q "W+15$" "$tmp/out"
expect 0 "W+15$" -- score --sgf "$ing" --dead record --penalty b:2,w:4
expect 0 "W+17$" -- score --sgf "$ing" --dead record --penalty b:0,w:0
expect 0 '"ing_overtime":{"black_periods":1,"white_periods":2,"counted":true}' -- score --sgf "$ing" --dead record --json
# Periods begun after a player's last move, until the game's end, count
# too: the last node holds the other player's clock at the end (BL/OB),
# where Black began his second period. Both began two: W+17.
ing_end="$src/tests/sgf/ing-overtime-end.sgf"
expect 0 "Ing overtime (the record's clock): Black 2 periods, White 2 periods, 2 points each (the penalties)" -- score --sgf "$ing_end" --dead record
ok "Ing overtime after the last move: W+17" grep -q "W+17$" "$tmp/out"
# Ing's fill checked on a photo of the filled board (images/fill): the
# position of ing-fill-b3.board (B+3: Black 2 holes, White 1 stone over)
# filled right, then with a white hole left while White kept stones.
fb="$src/tests/boards/ing-fill-b3.board"
expect 0 "The fill agrees with the count." -- score --board "$fb" --rules ing --fill-photo "$src/images/fill/filled-b3.jpg" --spares b:0,w:1
ok "fill photo: what the board shows" grep -q "White: 179 on the board + 1 spare = 180; 0 holes" "$tmp/out"
expect 0 "White: 179 on the board + 3 spare = 182, not 180: a set that is not 180, or a miscount" -- score --board "$fb" --rules ing \
  --fill-photo "$src/images/fill/filled-b3.jpg" --spares b:0,w:3
ok "fill photo: a miscount does not agree" grep -q "THE FILL DOES NOT AGREE" "$tmp/out"
expect 0 "White left holes with stones to spare" -- score --board "$fb" --rules ing --fill-photo "$src/images/fill/filled-b3-hole.jpg" --spares b:0,w:2
ok "fill photo: a hole left does not agree" grep -q "THE FILL DOES NOT AGREE" "$tmp/out"
expect 0 "a whole set assumed: give --spares" -- score --board "$fb" --rules ing --fill-photo "$src/images/fill/filled-b3.jpg"
expect 0 '"fill_margin":3,"unsure":0,"ok":true' -- score --board "$fb" --rules ing --fill-photo "$src/images/fill/filled-b3.jpg" --spares b:0,w:1 --json
expect 2 "checks Ing's fill: count under --rules ing" -- score --board "$fb" --fill-photo "$src/images/fill/filled-b3.jpg"
expect 2 "--spares goes with --fill-photo" -- score --board "$fb" --rules ing --spares b:0,w:1
expect 2 "--spares takes the stones left" -- score --board "$fb" --rules ing --fill-photo "$src/images/fill/filled-b3.jpg" --spares 3
# Ing's handicap compensation: none by its preset, a parameter otherwise.
expect 0 "handicap 4 (White gets 0)" -- score --board "$src/tests/boards/chinese-185.board" --rules ing --handicap 4
ok "Ing, handicap 4, no compensation: B+8.5" grep -q "B+8.5$" "$tmp/out"
expect 0 "handicap 4 (White gets 4)" -- score --board "$src/tests/boards/chinese-185.board" --rules ing --handicap 4 --handicap-bonus n
ok "Ing, handicap 4, compensation 4: B+4.5" grep -q "B+4.5$" "$tmp/out"
expect 2 "--handicap-bonus takes none, n-1 or n" -- score --board "$src/tests/boards/chinese-185.board" --handicap-bonus 3
# No komi given: the text and JSON say where the komi came from.
expect 0 "komi 7.5 (none given: the rules' default" -- score --board "$src/tests/boards/chinese-185.board"
expect 0 "komi 0.5 (none given: a handicap game's" -- score --board "$src/tests/boards/chinese-185.board" --handicap 4
expect 0 '"komi_from":"given"' -- score --board "$src/tests/boards/chinese-185.board" --komi 6 --json
# One handicap stone is a game without komi, as a record's HA[1] says:
# Chinese rules give White one point back for it.
expect 0 '"komi":0.5,"komi_from":"handicap","handicap":1,"bonus":1' -- score --board "$src/tests/boards/chinese-185.board" --handicap 1 --json
expect 2 "handicap takes 0 to 9 stones" -- score --board "$src/tests/boards/chinese-185.board" --handicap 10
# A 13x13 record is not gone on with on a 9x9 board: refused when the size
# is given, nothing added when it is not.
printf '(;GM[1]FF[4]SZ[13]KM[6.5];B[dd];W[jj])\n' >"$tmp/r13.sgf"
cp "$tmp/r13.sgf" "$tmp/r13.orig"
expect 2 "is a 13x13 game, not 9x9" -- record --source "$seq/caren1-9x9" --sgf "$tmp/r13.sgf" --resume --size 9
expect 4 "never saw the saved game's board" -- record --source "$seq/caren1-9x9" --sgf "$tmp/r13.sgf" --resume
cmp -s "$tmp/r13.sgf" "$tmp/r13.orig" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: the 13x13 record changed"; }
if [ -f "$seq/end-count-9x9/truth.sgf" ]; then
  expect 0 "the game is over" -- record --source "$seq/end-count-9x9" --sgf "$tmp/kept.sgf" --size 9 --force
  cmp -s "$tmp/kept.sgf" "$tmp/kept.orig" && { fail=$((fail + 1)); echo "FAIL: --force kept the old record"; } || pass=$((pass + 1))
fi

# An SGF without CA is ISO-8859-1 (FF[4]).
printf '(;GM[1]SZ[9]PB[M\374ller]PW[Jos\351];B[ee];W[cc])' >"$tmp/latin1.sgf"
expect 0 "Game Müller - José" -- score --sgf "$tmp/latin1.sgf"

# Names and paths reach a terminal with their control characters escaped
# (an SGF's player name, a file's name), and files and pipes unchanged.
printf '(;GM[1]SZ[9]CA[UTF-8]PB[Evil\033[2J\007\302\23331m];B[ee];W[cc])' >"$tmp/evil.sgf"
expect 0 "$(printf 'Game Evil\033\\[2J\007')" -- score --sgf "$tmp/evil.sgf"
if command -v script >/dev/null 2>&1; then
  # on_tty ARGS: run seichi under a pseudo-terminal, its output in $tmp/tty.
  on_tty() {
    SEICHI="$seichi" script -qec "$(printf '"$SEICHI"'; for a in "$@"; do printf " '%s'" "$a"; done)" /dev/null \
      >"$tmp/tty" 2>&1
  }
  on_tty score --sgf "$tmp/evil.sgf"
  if grep -qF 'Game Evil\x1b[2J\x07\u009b31m - White' "$tmp/tty" && ! grep -q "$(printf '\033')" "$tmp/tty"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL: control characters of a player's name reached the terminal:"; cat -v "$tmp/tty"
  fi
  on_tty score --board "$tmp/$(printf 'no\033]0;x\007.board')"
  if grep -qF "no\x1b]0;x\x07.board" "$tmp/tty" && ! grep -q "$(printf '\033')" "$tmp/tty"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL: control characters of a path reached the terminal:"; cat -v "$tmp/tty"
  fi
  # A PIN typed on a terminal is asked for, twice when new, and not echoed.
  (sleep 1; printf '4711\n'; sleep 1; printf '4711\n'; sleep 1) |
    SEICHI="$seichi" DB="$tmp/tty.db" timeout 60 script -qec '"$SEICHI" results --db "$DB" set-pin' /dev/null >"$tmp/tty" 2>&1
  if grep -q "new judge PIN again" "$tmp/tty" && grep -q "Judge PIN set" "$tmp/tty" && ! grep -q 4711 "$tmp/tty"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL: a PIN typed on a terminal:"; cat -v "$tmp/tty"
  fi
else
  echo "SKIP: no 'script' to run seichi on a terminal: escaping and the PIN prompt not checked"
fi

# bench deadstones: exact results per board size, unfinished games (more
# dame than the board's size) apart, and each miss with its dame. The 9x9
# corner is the standoff that is no seki: White's eyeless group dies (B+73.5
# by area), the 13x13 record's W+50 is a guess at an almost empty board.
mkdir -p "$tmp/dead"
printf '(;GM[1]FF[4]SZ[9]RU[Chinese]KM[7.5]RE[B+73.5]AB[ea][eb][ec][fc][fd][gd][hd][ie][ha][ia]AW[fa][fb][gb][hb][gc][hc][ic][id];B[];W[])' >"$tmp/dead/corner-9.sgf"
printf '(;GM[1]FF[4]SZ[13]RU[Chinese]KM[7.5]RE[W+50]AB[dd]AW[jj];B[];W[])' >"$tmp/dead/open-13.sgf"
expect 0 "9x9 *1 games  Seichi exact *1 (100.0%)" -- bench deadstones --no-gnugo "$tmp/dead"
expect 0 "13x13 *1 games  Seichi exact *0 " -- bench deadstones --no-gnugo "$tmp/dead"
expect 0 "unfinished (more dame than the size) 1 games, Seichi exact 0" -- bench deadstones --no-gnugo "$tmp/dead"
expect 0 "open-13.sgf: RE W+50, Seichi W+7.5, 167 dame" -- bench deadstones --no-gnugo -v "$tmp/dead"
expect 2 "unknown option" -- bench deadstones --bogus "$tmp/dead"
expect 2 "cannot open" -- bench deadstones --no-gnugo "$tmp/no-such-folder"
expect 2 "takes a whole number" -- bench deadstones --no-gnugo --limit ten "$tmp/dead"
expect 2 "cannot open" -- bench vision "$tmp/no-such-folder"
# A folder without truth, or with a truth that is not one, is no measurement.
mkdir -p "$tmp/truthless" "$tmp/badtruth"
cp "$src/images/renders/r043.jpg" "$tmp/truthless/"
cp "$src/images/renders/r043.jpg" "$tmp/badtruth/"
expect 2 "no picture there has its .json truth" -- bench vision "$tmp/truthless"
printf '{"size": 13, "grid": ["XO"]}' > "$tmp/badtruth/r043.json"
expect 2 "r043.jpg: its .json truth is unreadable or malformed" -- bench vision "$tmp/badtruth"
printf '{"size": 13, "grid": ' > "$tmp/badtruth/r043.json"
expect 2 "r043.jpg: its .json truth is unreadable or malformed" -- bench vision "$tmp/badtruth"
# A picture cut short beside its truth is read as no picture: counted
# wrong (no board found), and named as unreadable, not as a board unseen.
mkdir -p "$tmp/cutshort"
head -c 6000 "$src/images/renders/r043.jpg" > "$tmp/cutshort/r043.jpg"
cp "$src/images/renders/r043.json" "$tmp/cutshort/"
expect 0 "r043.jpg: unreadable" -- bench vision "$tmp/cutshort"
expect 0 "pictures   1  board found   0" -- bench vision "$tmp/cutshort"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

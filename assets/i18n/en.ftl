# Tessera's words in English. Every screen reads its strings from here (src/i18n.rs);
# pt-BR.ftl holds the same message ids. Arguments are written { $name }.

## Shared

ok = OK
back = < Back
back-menu = < Menu
back-levels = < Levels
back-levels-tip = Back to the level list (Esc)
back-editor = < Editor
back-editor-tip = Back to the editor (Esc); unsaved changes are lost
undo = Undo
redo = Redo
restart = Restart
hint = Hint
hint-tip = H: check my position; again: which piece next, where it goes, place it
turn-left-tip = Turn left (R, wheel, right click, tap)
turn-right-tip = Turn right (Shift+R)
flip = Flip
flip-tip = Mirror (F, double tap)
tip = Tip
tip-tip = Tip over, a quarter turn away from you (F, double tap)
copy-code = Copy code
copy-code-tip = Copy this level's share code
code-close = Hide the code
code-shown = Share code:
copied = copied
error = { $why }

## Main menu

menu-tagline = Assemble the pieces into the figure.
menu-play = Play
menu-daily = Daily puzzles, { $date }
daily-tangram = Tangram
daily-pentominoes = Pentominoes
daily-edges = Edges
daily-level = { $family }, { $day }, { $date }
day-1 = Monday
day-2 = Tuesday
day-3 = Wednesday
day-4 = Thursday
day-5 = Friday
day-6 = Saturday
day-7 = Sunday
date = { $month } { $day }, { $year }
month-1 = January
month-2 = February
month-3 = March
month-4 = April
month-5 = May
month-6 = June
month-7 = July
month-8 = August
month-9 = September
month-10 = October
month-11 = November
month-12 = December
menu-streak = Daily streak: { $days ->
    [one] { $days } day
   *[other] { $days } days
}
menu-create = Create
menu-create-tip = Make your own levels
menu-settings = Settings
menu-stats = Statistics
stats-title = Statistics
stats-all = All packs
stats-solved = Solved: { $solved } of { $levels }
stats-unhinted = Without hints: { $n }
stats-fastest = Fastest: { $time } ({ $level })
stats-dailies = Daily puzzles solved: { $n }
stats-streak = Daily streak: { $days ->
    [one] { $days } day
   *[other] { $days } days
} (best: { $best })
stats-none = Nothing solved yet: every level you solve is counted here.
menu-quit = Quit
pack-not-loaded = Level pack not loaded: { $why }
save-unreadable-kept = Your save file could not be read ({ $why }). It was kept as { $path } and a fresh one started.
save-unreadable = Your save file could not be read ({ $why }). A fresh one was started.
save-failed = Progress could not be saved to { $path }: { $why }

## Level list

packs-title = Level packs
back-packs = < Packs
packs-last = last played
fit-board = Fit
fit-board-tip = Show the whole board (0; zoom with the wheel over the board, + and -, or a pinch)
levels-code-hint = Paste a level code or a piece list
levels-open-code = Open code
levels-solved = { $done }/{ $total } solved
levels-by = by { $author }
levels-legend = ★ difficulty, from 1 (gentle) to 5 (hard)  ·  ✔ solved, with your best time (or score)  ·  locked: solve earlier levels, or the first one to open them all
levels-legend-ladder = ★ difficulty, from 1 (gentle) to 5 (hard)  ·  ✔ solved, with your best time  ·  locked: solve the rung below it to open it
levels-locked = locked
pack-daily = Daily puzzles
pack-mine = My levels
pack-shared = Shared levels
code-bad = This code could not be opened: { $why }
code-empty = This code could not be opened: it is empty.
code-too-long = This code could not be opened: it is too long to be a level code.
code-damaged = This code could not be opened: it is damaged (a character was changed, lost or cut off).
code-newer = This code was made by a newer Tessera: update the game to open it.
code-unplayable = This code holds a level that cannot be played: its own solution does not finish it, or its pieces do not load.
code-not-ours = This is not a Tessera level code.
code-opened-but = The level opened, but { $why }

## Settings

settings-title = Settings
settings-size = Interface size
settings-sound = Sound
settings-motion = Reduce motion
settings-motion-tip = Pieces jump to their place; no animations
settings-edges = Smooth edges
settings-edges-tip = Off, one sample a pixel instead of four: less work for a slow device, rougher edges
settings-clock = Show the clock while playing
settings-clock-tip = Hidden, the time is still kept and shown when the level is solved; a still screen is then not redrawn every second (less battery)
settings-theme = Look
theme-system = As the system
theme-dark = Dark
theme-light = Light
settings-language = Language
settings-tutorial = Play the tutorial again
progress-title = Your progress:
progress-export = Export
progress-import = Import
progress-copy = Copy code
progress-import-how-web = Choose a progress file, or paste a progress code.
progress-import-how = Drop a progress file on this window, or paste its path or a progress code.
progress-choose = Choose file…
progress-paste = Progress code
progress-import-go = Import
progress-pasted = the pasted text
progress-exported = Progress exported: { $where }. Copy code copies it as text too.
progress-export-failed = Progress could not be exported: { $why }
progress-imported = Progress imported (nothing of yours was lost). Levels newly solved: { $solved }. Records improved: { $better }. Level packs added: { $packs }.
progress-import-refused = Nothing was imported: { $why }

## Playing

hud-moves = { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
hud-edit = Edit
hud-edit-tip = Open this level in the editor
hud-3d-help = Drag a piece's face to slide it, tap it to turn; drag around it to look
hud-optional = Cells marked with a ring may stay empty
thermometer-tip = Tap the thermometer to see what it measures
progress-help-figure = The thermometer: half for the share of the figure your pieces fill, half for the share of its outline they trace, counting only pieces that lie inside the figure and overlap none. It reaches 100% when the figure is solved.
progress-help-cells = The thermometer: the share of the board's cells your pieces fill without overlapping. It reaches 100% when the board is solved.
progress-help-cells-optional = The thermometer: the share of the cells that must be filled (all but the ringed ones) your pieces fill without overlapping. Ringed cells may stay empty. It reaches 100% when the board is solved.
progress-help-cells-painted = The thermometer: the share of the board's cells your pieces fill without overlapping. A piece counts only where each painted square of it lies on a square of the board painted the same colour or on an unpainted one (a puzzle may pair other colours). It reaches 100% when the board is solved.
progress-help-cells-optional-painted = The thermometer: the share of the cells that must be filled (all but the ringed ones) your pieces fill without overlapping. Ringed cells may stay empty. A piece counts only where each painted square of it lies on a square of the board painted the same colour or on an unpainted one (a puzzle may pair other colours). It reaches 100% when the board is solved.
progress-help-score = The score: the sides between neighbouring tiles whose colours meet, of all such sides. The board is done once every tile is laid, mismatches and all; play it again to beat your best.
progress-help-sides = The thermometer: the share of the sides between neighbouring tiles whose colours meet. It reaches 100% when every tile is placed and every side matches.
overlap = overlap
lab = Lab
lab-tip = Solver lab: run the solvers on this puzzle and see what they find
lab-title = Solver lab
lab-about = Solve this puzzle with the exact search or with Kovalsky, Glasner and Basri's iterated linear programs.
lab-exact = Exact search
lab-lp = LP (Algorithm 1)
lab-close = Close the lab
lab-show = Show
lab-show-tip = Play its iterates, if it has any, then lay the arrangement it found over the board (your next move puts it away)
lab-playing = Iterate { $i } of { $n }: each tile is faded by its share of that place in the matrix P
lab-running = Running…
lab-solved = { $method }: solved — { $work }, { $time }
lab-unsolved = { $method }: not solved — { $work }, { $time }
lab-live = { $method }: { $work } so far, found at { $time }
lab-stop = Stop
lab-best = Best score
lab-about-best = Chase this board's best score: the solver lays every tile and keeps the board with the most matched sides, for up to ten minutes. Show lays its best over yours.
lab-score = { $score } of { $max } sides matched
lab-nodes = { $n } nodes
lab-lp-work = { $n ->
    [one] { $n } linear program
   *[other] { $n } linear programs
}, { $count } variables, no permutation
lab-lp-work-perm = { $n ->
    [one] { $n } linear program
   *[other] { $n } linear programs
}, { $count } variables, a permutation
watch = Watch
watch-stop = Stop
watch-tip = W: watch the solver search this figure
watch-solver = Watching the solver…
watch-sdp = Watching the SDP converge…
watch-solver-step = Watching the solver… step { $shown }
watch-sdp-step = Watching the SDP converge… semidefinite program { $shown }
watch-solver-found = The solver found a solution after { $steps } steps.
watch-solver-stopped = The solver stopped after { $steps } steps without a solution.
watch-sdp-solved = The SDP reached rank one after { $steps ->
    [one] { $steps } semidefinite program
   *[other] { $steps } semidefinite programs
}: solved.
watch-sdp-stopped = The SDP stopped after { $steps ->
    [one] { $steps } semidefinite program
   *[other] { $steps } semidefinite programs
} without reaching rank one.
hint-fine = Your position is fine: everything you placed can stay. Ask again for the next piece.
hint-lift = { $count ->
    [one] The figure cannot be finished with the marked piece where it is: lift it.
   *[other] The figure cannot be finished with the marked pieces where they are: lift these { $count }.
}
hint-lift-unsure = Not sure: lifting the { $count ->
    [one] marked piece
   *[other] { $count } marked pieces
} lets the figure be finished, but the solver ran out of time before it could rule out lifting fewer.
hint-unsure = Not sure: the solver ran out of time before it could tell whether your position can be finished.
hint-here = It goes here. Ask again to place it.
hint-placed = Placed where it goes. Undo takes it back.
hint-thinking = Thinking…
hint-next = This piece next. Ask again to see where.
hint-done = The figure is complete.
hint-none = No hint found for this position.
hint-failed = No hint: { $why }
hint-lost = The solver gave no answer in time. Ask again to start it over.

## Polycube levels

layers = Layers
layers-less-tip = Hide the top layer shown
layers-more-tip = Show one more layer
zoom = Zoom
zoom-out-tip = Zoom out (wheel, pinch)
zoom-in-tip = Zoom in (wheel, pinch)
piece = Piece
piece-in-out = In/out
piece-in-out-tip = Put it in the box, or back (Enter, South)
piece-roll = Roll
piece-roll-tip = Roll it sideways (T, East)
piece-up = Up
piece-up-tip = One layer up (Page Up, right shoulder)
piece-down = Down
piece-down-tip = One layer down (Page Down, left shoulder)
refused = Can't move there: { $why }
blocked-outside = it would stick out of the box
blocked-overlap = another piece is in the way
blocked-no-room = there is no free room for it, turned this way
layer-bottom = bottom
layer-top = top
layer-n = layer { $layer }

## Solved

solved-title = Solved!
solved-laid = Every tile laid!
solved-line = { $name }  ·  time { $time }  ·  { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
solved-best = New best time!
solved-score = Score { $score } of { $max }  ·  best { $best }
solved-next = Next level >
solved-replay = Replay
solved-levels = Levels

## Tutorial

intro-step = How to play · step { $n } of { $total }
intro-done-title = Ready
intro-tiles-place = Edge matching: every tile has four coloured sides. Drag a tile onto the board.
intro-tiles-match = Tiles that touch must show the same colour and symbol on the sides that meet. Put a tile beside another so they match (a red bar marks sides that do not).
intro-tiles-turn = These tiles turn: right-click a tile, tap it twice, or press R, until its sides match its neighbours.
intro-tiles-frame = The dark sides belong against the board's frame: edge tiles have one, corner tiles two. Lay a tile on the edge with its dark side outward.
intro-tiles-done = Fill every cell so that every side matches its neighbour and the frame.
intro-solid-in = Polycubes: pack the pieces into the box. Pick a piece in the tray and press In/out (or drag it onto a layer panel below the view) to put it in.
intro-solid-slide = Slide it: drag one of its faces in the 3D view, or drag it on the layer panels.
intro-solid-turn = Turn it: tap it in the 3D view, or press Roll, Tip or the turn buttons.
intro-solid-look = Look around: drag the empty space around the box (or two fingers, or the right stick).
intro-solid-layers = See inside: press − next to Layers to hide the top layer (+ shows it again).
intro-solid-done = Fill every cube of the box with the pieces.
tut-step = Tutorial · step { $n } of { $total }
tut-skip = Skip tutorial
tut-close = Close
tut-done-title = Tutorial done
tut-done = You know the controls. Fill the figure with every piece!
tut-move-mouse = Drag a piece onto the figure with the mouse.
tut-move-touch = Drag a piece onto the figure with your finger.
tut-move-pad = Move the cursor with the left stick, press A (South) to pick a piece up, move it and press A again to put it down.
tut-move-keys = Press Tab to pick a piece, then move it with the arrow keys.
tut-turn-mouse = Turn a piece: right-click it, or roll the wheel over it (or press R).
tut-turn-touch = Turn a piece: tap it to select it, then tap it again (or hold a finger on it, or twist two fingers on it).
tut-turn-pad = Turn the piece: press X (West), or the shoulder buttons.
tut-turn-keys = Turn the selected piece: press R (Shift+R turns the other way).
tut-flip-mouse = Flip a piece over: press F, or the Flip button below.
tut-flip-touch = Flip a piece over: double-tap it, or press the Flip button below.
tut-flip-pad = Flip the piece over: press Y (North).
tut-flip-keys = Flip the selected piece over: press F.
tut-hint-mouse = Stuck? Click Hint below: it shows which piece goes next.
tut-hint-touch = Stuck? Tap Hint below: it shows which piece goes next.
tut-hint-pad = Stuck? Press Select for a hint: it shows which piece goes next.
tut-hint-keys = Stuck? Press H for a hint: it shows which piece goes next.
tut-undo-mouse = Take back your last move: click Undo below (Ctrl+Z).
tut-undo-touch = Take back your last move: tap Undo below.
tut-undo-pad = Take back your last move: press the left trigger.
tut-undo-keys = Take back your last move: press Ctrl+Z.

## Editor

editor-title = Create a level
editor-about = Lay out pieces, paint a board or colour tiles; the solver tells you at once whether your level can be solved and whether its solution is unique.
editor-new-figure = New figure from pieces
editor-new-board = New board to fill
editor-new-edge = New edge-matching puzzle
editor-coloured-tiles = Coloured tiles
editor-from-svg = Figure from an SVG drawing of the pieces
editor-svg-hint = path/to/drawing.svg
editor-open-svg = Open drawing
editor-mine = My levels ({ $count })
editor-mine-empty = Levels you save appear here and in the level list.
editor-copied = Copied the code of { $name }.
editor-really-delete = Really delete
editor-keep = Keep
editor-delete = Delete
editor-name = Name
editor-save = Save
editor-save-play = Save and play
editor-save-play-tip = Save, then play it
editor-drag-help = Drag pieces onto the square: together they draw the figure.
editor-clear = Clear
editor-clear-tip = Every piece back off the canvas
editor-all-pieces = All pieces
editor-all-pieces-tip = On: the level uses the whole set. Off: only the pieces on the square.
editor-width = Width
editor-height = Height
editor-areas = { $n } cells painted, the picked parts cover { $of }
editor-parts = Parts:
editor-paint-cells = Click or drag over cells to paint them in or out of the board.
editor-ring = Ring cells
editor-ring-tip = While on, clicking or dragging rings cells as ones that may stay empty (or takes the ring off)
editor-columns = Columns
editor-rows = Rows
editor-colours = Colours
editor-tiles-turn = Tiles turn
editor-generate = Generate
editor-generate-tip = Colour every side anew at random
editor-paint-with = Paint with:
editor-paint-sides = Click a side to paint it; the touching side of the next tile follows, so the grid stays solved.
editor-no-pieces = Place pieces on the square: together they draw the figure.
editor-use-all = Lay every piece of the set, or untick “All pieces”.
editor-overlap = Two pieces overlap: pieces of a figure meet only along their edges.
editor-no-parts = Pick at least one part.
editor-no-cells = Paint the board's cells.
editor-unsolved = The level has no solution yet, so it cannot be saved.
editor-solving = Solving…
editor-wait = Wait for the verdict: the level is saved once the solver has judged it.
editor-saved = Saved as { $id }.
editor-deleted = Deleted { $id }.
verdict-unsolvable = not solvable
verdict-not-found = no solution found within { $n } nodes (not proved)
verdict-unique = unique
verdict-more = { $n }+ solutions
verdict-count = { $n } solutions
verdict-at-least = at least { $n } solution(s) (not proved to be all)
verdict-scored = played for the score: the reference board matches { $n } of { $max } sides
verdict-difficulty = { $verdict } · difficulty { $difficulty }
family-tangram = dissection
family-polyomino = board
family-edge = edge matching
set-tangram = Tangram
set-tpuzzle = T puzzle
set-egg = Egg
set-heart = Heart
set-circle = Circle
set-pentominoes = Pentominoes
set-tetrominoes = Tetrominoes
set-hexominoes = Hexominoes
set-hexiamonds = Hexiamonds (triangles)
set-tetrahexes = Tetrahexes (hexagons)
set-pentahexes = Pentahexes (hexagons)
set-soma = Soma cube (3D)
set-tetracubes = Tetracubes (3D)

# The card of a level's keys (F1 or ?).
keys-title = Keys
keys-button-tip = The keys (F1)
keys-tab = Tab, Shift+Tab
keys-tab-does = Select the next or the previous piece
keys-enter = Enter
keys-enter-does = Pick up the selected piece; again: put it down
keys-enter-solid = Put the selected piece in the box, or back in the tray
keys-arrows = Arrows
keys-arrows-does = Move the piece a cell (a small step on a figure)
keys-arrows-solid = Slide the piece a cell across the floor
keys-page = Page Up, Page Down
keys-page-does = Lift or lower the piece a layer
keys-roll = T, Shift+T
keys-roll-does = Roll the piece a quarter turn
keys-escape = Escape
keys-escape-does = Put the picked-up piece back; else back to the levels
keys-turn = R, Shift+R
keys-turn-does = Turn the piece left or right
keys-flip = F
keys-flip-does = Flip the piece over
keys-tip-does = Tip the piece away
keys-hint = H, W
keys-hint-does = Hint (again: more); watch the solver
keys-undo = Ctrl+Z, Ctrl+Y, Ctrl+R
keys-undo-does = Undo, redo, restart
keys-zoom = +, -, 0
keys-zoom-does = Zoom in, out, fit the board
keys-toolbar = F6
keys-toolbar-does = Into the toolbar (Tab, Enter) and back to the board
keys-help = F1, ?
keys-help-does = This card
keys-in-toolbar = Toolbar: Tab to a button, Enter to press it, Escape or F6 back to the board

# What a screen reader says of a level as it happens.
said-level = { $name }: { $pieces } pieces. Tab selects a piece, F1 lists the keys.
said-picked = Piece { $piece } of { $pieces } selected
said-placed = Piece { $piece } put down; the figure is { $percent }% done
said-solved = Solved in { $time }, { $moves ->
    [one] one move
   *[other] { $moves } moves
}

"""A replay viewer: one self-contained HTML file (no network, no server) with every frame of a game inline as SVG,
each turn's post (its Markdown rendered to HTML, raw HTML off) and the log, as one viewer may see them.

Navigation: first / previous / next / last step, jump by turn, phase and step, keyboard shortcuts (← → step,
PageUp/PageDown turn, Home/End, space plays), autoplay with a speed control, a link per step in the URL hash
(`#t=3&k=2`), "what happened since player X's last order", and the hash of the last event each frame was drawn from.
A file written `--as B` is built only from what B may see: B's frames, B's posts and the log with every payload
B may not read withheld.
"""

from __future__ import annotations

import html
import json
from dataclasses import replace
from typing import Any

from markdown_it import MarkdownIt

from replay import views
from replay.fold import turn_steps, turns
from replay.render import profiles
from replay.render.markdown import render as markdown
from replay.render.svg import mark_provisional
from replay.render.text import framed, isolate_bidi

INPUTS = ("order", "input.sealed", "input.revealed", "order.sealed", "order.revealed")
"""Event types that are a player's order (for "since X's last order")."""


def post_profile() -> profiles.Profile:
    """GitHub-flavoured Markdown without raw HTML (spoilers become a bold title over their text)."""
    return replace(profiles.get("markdown"), name="viewer", html=False, spoiler="none")


def post_html(doc: Any) -> str:
    """A post as HTML: our escaped Markdown, rendered with raw HTML switched off."""
    md = MarkdownIt("commonmark", {"html": False}).enable(["table", "strikethrough"])
    return md.render(markdown(doc, post_profile()))


def frames(game: Any, store: Any, viewer: str | None, lang: str) -> list[dict[str, Any]]:
    """Every step of every turn with something to show: turn, step, steps, phase, last hash and seq, SVG."""
    seq_of = {e.hash: e.seq for e in game.events}
    out = []
    for turn in turns(game):
        ts = turn_steps(game, turn)
        if not ts.steps and not ts.events:
            continue
        first = views.frame_view(game, turn, 0, lang, store, None, viewer)
        for k in range(first.steps + 1):
            view = first if k == 0 else views.frame_view(game, turn, k, lang, store, None, viewer)
            svg = game.ruleset.frame(view)
            if view.provisional:
                svg = mark_provisional(svg, lang)
            phase = ts.steps[k - 1][1].phase if k and k <= len(ts.steps) else None
            out.append({"turn": turn, "step": k, "steps": view.steps, "phase": phase, "hash": view.last_hash,
                        "seq": seq_of.get(view.last_hash), "svg": svg.split("?>", 1)[-1].strip()})
    return out


def posts(game: Any, store: Any, viewer: str | None, lang: str) -> dict[str, str]:
    """turn -> the turn's post as HTML."""
    out = {}
    for turn in turns(game):
        if not turn_steps(game, turn).steps:
            continue
        view = views.turn_view(game, turn, store, None, viewer)
        out[str(turn)] = post_html(framed(game.ruleset.post(view, lang), view, lang))
    return out


def log(game: Any, viewer: str | None) -> list[dict[str, Any]]:
    """The log as the viewer may read it (a payload it may not see is withheld; bidi controls isolated in what is
    shown, so a name cannot turn the rest of its row around)."""
    return [{"seq": e.seq, "turn": e.turn, "phase": e.phase, "type": e.type, "actor": e.actor,
             "payload": isolate_bidi(json.dumps(e.payload, ensure_ascii=False, sort_keys=True)), "hash": e.hash,
             "order": e.type in INPUTS} for e in views.visible_events(game, viewer)]


def script_json(data: Any) -> str:
    """JSON safe inside a <script> element (no `</script>`, no `<!--`)."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def build(game: Any, store: Any = None, *, viewer: str | None = None, lang: str = "ru") -> str:
    """The whole viewer for one game as one HTML document."""
    data = {"game": game.id, "ruleset": game.ruleset.key, "viewer": viewer or "public", "lang": lang,
            "head": {"seq": game.events[-1].seq, "hash": game.events[-1].hash},
            "actors": sorted({e.actor for e in game.events if e.actor}),
            "frames": frames(game, store, viewer, lang), "posts": posts(game, store, viewer, lang),
            "log": log(game, viewer), "words": WORDS.get(lang, WORDS["en"])}
    title = html.escape(f"{game.id} — {game.ruleset.title} ({viewer or 'public'})")
    page = PAGE.replace('<html lang="ru">', f'<html lang="{"ru" if lang == "ru" else "en"}">')
    return page.replace("__TITLE__", title).replace("__DATA__", script_json(data))


WORDS = {
    "en": {"turn": "turn", "phase": "phase", "step": "step", "play": "play", "pause": "pause", "speed": "speed",
           "since": "since the last order of", "show": "show", "drawn": "drawn from event", "hash": "hash",
           "head": "log head", "nopost": "(no post for this turn)", "noorder": "has given no order yet",
           "lastorder": "last order", "events": "events since then", "public": "public"},
    "ru": {"turn": "ход", "phase": "фаза", "step": "шаг", "play": "пуск", "pause": "пауза", "speed": "скорость",
           "since": "что было после последнего приказа", "show": "показать", "drawn": "нарисовано по событию",
           "hash": "хеш", "head": "голова лога", "nopost": "(поста за этот ход нет)",
           "noorder": "еще не отдавал(а) приказов", "lastorder": "последний приказ", "events": "событий с тех пор",
           "public": "открытая тема"},
}
"""The viewer's own words (its buttons and labels) in the language of the page."""


PAGE = """<!DOCTYPE html>
<html lang="ru"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; \
script-src 'unsafe-inline'">
<title>__TITLE__</title>
<style>
body{font-family:"DejaVu Sans",sans-serif;margin:0;background:#f4f4f4;color:#1a1a1a}
header{background:#fff;border-bottom:1px solid #ccc;padding:8px 12px;display:flex;flex-wrap:wrap;gap:8px;
align-items:center}
header h1{font-size:16px;margin:0 12px 0 0}
button,select,input{font:inherit;font-size:14px}
main{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:12px;padding:12px}
#frame svg{width:100%;height:auto;background:#fff;border:1px solid #ccc}
section{background:#fff;border:1px solid #ccc;padding:8px 12px;margin-bottom:12px;overflow:auto}
#log{max-height:420px} #log table{border-collapse:collapse;font-size:12px;width:100%}
#log td{border-bottom:1px solid #eee;padding:2px 4px;vertical-align:top;white-space:nowrap}
#log td.payload{white-space:normal;word-break:break-all;width:100%}
#log tr.future{color:#aaa} #log tr.now{background:#fff3cd}
#hash{font-family:monospace;font-size:12px;word-break:break-all}
#post table{border-collapse:collapse;font-size:13px} #post td,#post th{border:1px solid #ccc;padding:2px 6px}
</style></head>
<body>
<header>
<h1 id="title"></h1>
<button id="first" title="Home">«</button><button id="prev" title="←">‹</button>
<button id="next" title="→">›</button><button id="last" title="End">»</button>
<label><span data-w="turn">turn</span> <select id="turn"></select></label>
<label><span data-w="phase">phase</span> <select id="phase"></select></label>
<label><span data-w="step">step</span> <select id="step"></select></label>
<button id="play" title="space">play</button>
<label><span data-w="speed">speed</span>
<select id="speed"><option value="2000">0.5×</option><option value="1000" selected>1×</option>
<option value="500">2×</option><option value="250">4×</option></select></label>
<span id="where"></span>
</header>
<main>
<div><div id="frame"></div>
<section><b data-w="drawn">drawn from event</b> <span id="seq"></span>, <span data-w="hash">hash</span>
<span id="hash"></span><br><b data-w="head">log head</b> <span id="head"></span></section></div>
<div>
<section><b data-w="since">since the last order of</b> <select id="who"></select>
<button id="since" data-w="show">show</button>
<div id="sinceout"></div></section>
<section id="post"></section>
<section id="log"><table id="logtable"></table></section>
</div></main>
<script id="data" type="application/json">__DATA__</script>
<script>
"use strict";
const D = JSON.parse(document.getElementById("data").textContent);
const F = D.frames;
const $ = (id) => document.getElementById(id);
const W = D.words;
document.querySelectorAll("[data-w]").forEach(e => { e.textContent = W[e.dataset.w]; });
$("play").textContent = W.play;
let at = 0, timer = null;
function text(tag, value) { const e = document.createElement(tag); e.textContent = value; return e; }
function option(sel, value, label) { const o = document.createElement("option"); o.value = value;
  o.textContent = label; sel.appendChild(o); }
function turnsList() { return [...new Set(F.map(f => f.turn))]; }
function indexOf(turn, step) { const i = F.findIndex(f => f.turn === turn && f.step === step); return i; }
function show(i, push) {
  at = Math.max(0, Math.min(F.length - 1, i));
  const f = F[at];
  $("frame").innerHTML = f.svg;
  $("hash").textContent = f.hash; $("seq").textContent = f.seq;
  $("where").textContent = W.turn + " " + f.turn + " · " + W.step + " " + f.step + "/" + f.steps +
    (f.phase ? " · " + f.phase : "");
  $("turn").value = String(f.turn);
  const steps = $("step"); steps.replaceChildren();
  F.filter(g => g.turn === f.turn).forEach(g => option(steps, String(g.step), String(g.step) +
    (g.phase ? " (" + g.phase + ")" : "")));
  steps.value = String(f.step);
  const phases = $("phase"); phases.replaceChildren(); option(phases, "", "—");
  [...new Set(F.filter(g => g.turn === f.turn && g.phase).map(g => g.phase))].forEach(p => option(phases, p, p));
  phases.value = f.phase || "";
  const post = D.posts[String(f.turn)];
  if (post) { $("post").innerHTML = post; } else { $("post").replaceChildren(text("p", W.nopost)); }
  document.querySelectorAll("#logtable tr").forEach(tr => {
    const seq = Number(tr.dataset.seq);
    tr.className = seq > f.seq ? "future" : (seq === f.seq ? "now" : "");
    tr.hidden = Number(tr.dataset.turn) !== f.turn && tr.dataset.turn !== "";
  });
  const hash = "#t=" + f.turn + "&k=" + f.step;
  if (push !== false && location.hash !== hash) history.replaceState(null, "", hash);
}
function fromHash() {
  const m = /t=(-?\\d+)&k=(\\d+)/.exec(location.hash);
  if (!m) return 0;
  const i = indexOf(Number(m[1]), Number(m[2]));
  return i < 0 ? 0 : i;
}
function turnStart(turn) { return F.findIndex(f => f.turn === turn); }
function stepBy(n) { show(at + n); }
function turnBy(n) { const ts = turnsList(); const k = ts.indexOf(F[at].turn) + n;
  if (k >= 0 && k < ts.length) show(turnStart(ts[k])); }
function play() {
  if (timer) { clearInterval(timer); timer = null; $("play").textContent = W.play; return; }
  $("play").textContent = W.pause;
  timer = setInterval(() => { if (at >= F.length - 1) { play(); return; } stepBy(1); }, Number($("speed").value));
}
function since() {
  const who = $("who").value, out = $("sinceout"); out.replaceChildren();
  const mine = D.log.filter(e => e.order && e.actor === who);
  if (!mine.length) { out.appendChild(text("p", who + ": " + W.noorder)); return; }
  const last = mine[mine.length - 1];
  const after = D.log.filter(e => e.seq > last.seq);
  out.appendChild(text("p", who + ", " + W.lastorder + ": seq " + last.seq + " (" + W.turn + " " + last.turn +
    "); " + W.events + ": " + after.length));
  const ul = document.createElement("ul"); ul.id = "sincelist";
  after.forEach(e => ul.appendChild(text("li", "seq " + e.seq + " · " + W.turn + " " + e.turn + " · " + e.type +
    (e.actor ? " · " + e.actor : ""))));
  out.appendChild(ul);
  const i = F.findIndex(f => f.seq !== null && f.seq > last.seq);
  if (i >= 0) show(i);
}
$("title").textContent = D.game + " · " + D.ruleset + " · " + (D.viewer === "public" ? W.public : D.viewer);
$("head").textContent = "seq " + D.head.seq + ", " + D.head.hash;
turnsList().forEach(t => option($("turn"), String(t), String(t)));
D.actors.forEach(a => option($("who"), a, a));
D.log.forEach(e => { const tr = document.createElement("tr"); tr.dataset.seq = e.seq;
  tr.dataset.turn = e.turn === null ? "" : e.turn;
  [e.seq, e.turn === null ? "" : e.turn, e.phase || "", e.type, e.actor || "", e.payload].forEach(v =>
    tr.appendChild(text("td", String(v))));
  tr.lastChild.className = "payload";
  $("logtable").appendChild(tr); });
$("first").onclick = () => show(0); $("last").onclick = () => show(F.length - 1);
$("prev").onclick = () => stepBy(-1); $("next").onclick = () => stepBy(1);
$("turn").onchange = () => show(turnStart(Number($("turn").value)));
$("step").onchange = () => show(indexOf(F[at].turn, Number($("step").value)));
$("phase").onchange = () => { const p = $("phase").value; const i = F.findIndex(f => f.turn === F[at].turn &&
  f.phase === p); if (i >= 0) show(i); };
$("play").onclick = play; $("since").onclick = since;
$("speed").onchange = () => { if (timer) { play(); play(); } };
document.addEventListener("keydown", (ev) => {
  if (ev.target.tagName === "SELECT" || ev.target.tagName === "INPUT") return;
  const keys = {ArrowRight: () => stepBy(1), ArrowLeft: () => stepBy(-1), Home: () => show(0),
    End: () => show(F.length - 1), PageDown: () => turnBy(1), PageUp: () => turnBy(-1), " ": play};
  if (keys[ev.key]) { ev.preventDefault(); keys[ev.key](); }
});
window.addEventListener("hashchange", () => show(fromHash(), false));
show(fromHash());
</script></body></html>
"""

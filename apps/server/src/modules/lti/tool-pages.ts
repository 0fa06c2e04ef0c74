import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

// The tool's own small pages, shown by course platforms in their windows and frames (docs/lti.md): the deep
// linking picker, the hand-back to the platform, the check of the platform's storage inside a frame, and the
// button that opens the bank in a window of its own. Server-rendered, framable by any platform, each script
// static and allowed by its hash; what a script needs comes in a JSON data block.

const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** Submits the page's form at once (the hand-back to the platform; the launch's second post). */
const AUTO_SUBMIT = 'document.forms[0].submit();';

/**
 * LTI client-side storage (lti.put_data / lti.get_data over postMessage): asks the platform's frame for a
 * value, or to keep one, then goes on (a link to follow, or the form to post with the value read).
 */
const STORAGE = `(function(){var c=JSON.parse(document.getElementById('lti-storage').textContent);
var t=c.target==='_parent'?window.parent:(window.parent.frames[c.target]||window.parent);
var id='m'+Math.random().toString(36).slice(2);var done=false;
function fail(){if(done)return;done=true;var p=document.getElementById('failed');if(p)p.hidden=false;
var w=document.getElementById('waiting');if(w)w.hidden=true;if(c.put&&c.next)location.href=c.next;}
window.addEventListener('message',function(e){var d=e.data||{};if(done||e.origin!==c.origin||d.message_id!==id)return;
if(d.subject==='lti.put_data.response'&&c.put){done=true;location.href=c.next;}
if(d.subject==='lti.get_data.response'&&!c.put){if(d.error||typeof d.value!=='string'){fail();return;}
done=true;document.forms[0].elements.browser.value=d.value;document.forms[0].submit();}});
var m=c.put?{subject:'lti.put_data',message_id:id,key:c.key,value:c.value}:{subject:'lti.get_data',message_id:id,key:c.key};
try{t.postMessage(m,c.origin);}catch(e){fail();}setTimeout(fail,4000);})();`;

/** The registration result's Close button: tells the platform's window (opener or parent) to close it. */
const CLOSE =
  "document.getElementById('close').addEventListener('click',function(){(window.opener||window.parent).postMessage({subject:'org.imsglobal.lti.close'},'*');});";

const SCRIPTS = { auto: AUTO_SUBMIT, storage: STORAGE, close: CLOSE } as const;
const SCRIPT_HASHES = Object.values(SCRIPTS).map(hashOf).join(' ');

/** Sends a tool page: framable by the platform, no-store, its scripts only by hash. */
export function sendToolPage(reply: FastifyReply, status: number, html: string) {
  reply.raw.removeHeader('X-Frame-Options');
  reply.header(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'unsafe-inline'; script-src ${SCRIPT_HASHES}; base-uri 'none'; form-action 'self' https: http:; frame-ancestors *`,
  );
  reply.header('Cache-Control', 'no-store');
  return reply.status(status).type('text/html; charset=utf-8').send(html);
}

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;padding:1.25rem;line-height:1.5;color:#1a1b1e;background:#fff}' +
  'main{max-width:40rem}h1{font-size:1.35rem;margin:0 0 .75rem}p{margin:.5rem 0}label{display:block;font-weight:600;margin-top:1rem}' +
  '.hint{font-weight:400;color:#495057;font-size:.9rem}select,input{font:inherit;padding:.4rem;width:100%;max-width:28rem;box-sizing:border-box;' +
  'border:1px solid #868e96;border-radius:4px}.error{color:#a51d1d;margin:.25rem 0 0}.bad{color:#a51d1d}' +
  'button{font:inherit;padding:.5rem 1.1rem;margin-top:1.25rem;border-radius:4px;border:1px solid #1864ab;background:#1864ab;color:#fff;cursor:pointer}' +
  'button:focus-visible,select:focus-visible,input:focus-visible{outline:3px solid #f08c00;outline-offset:2px}';

function page(title: string, body: string, script?: keyof typeof SCRIPTS, data?: unknown): string {
  const dataBlock =
    data === undefined
      ? ''
      : `<script id="lti-storage" type="application/json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
  const code = script ? SCRIPTS[script] : null;
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main>${dataBlock}` +
    (code ? `<script>${code}</script>` : '') +
    '</body></html>'
  );
}

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');

/** A refusal or a notice, in words. */
export function messagePage(o: { title: string; lines: string[]; bad?: boolean }): string {
  return page(
    o.title,
    `<h1${o.bad ? ' class="bad"' : ''}>${esc(o.title)}</h1>${o.lines.map((l) => `<p>${esc(l)}</p>`).join('')}`,
  );
}

/** Dynamic Registration's result, in the platform's window or frame, with the Close button that tells it. */
export function registrationResultPage(o: { ok: boolean; title: string; lines: string[] }): string {
  return page(
    o.title,
    `<h1${o.ok ? '' : ' class="bad"'}>${esc(o.title)}</h1>${o.lines.map((l) => `<p>${esc(l)}</p>`).join('')}` +
      '<button type="button" id="close">Close</button>',
    'close',
  );
}

/** Posts a form at once (a button when scripts do not run): the hand-back of a deep link, for one. */
export function autoPostPage(o: {
  title: string;
  text: string;
  action: string;
  fields: Record<string, string>;
  button: string;
}): string {
  return page(
    o.title,
    `<h1>${esc(o.title)}</h1><p>${esc(o.text)}</p><form method="post" action="${esc(o.action)}">` +
      `${hidden(o.fields)}<button type="submit">${esc(o.button)}</button></form>`,
    'auto',
  );
}

/** The login inside a frame: the browser's secret kept in the platform's storage, then on to the platform. */
export function storagePutPage(o: {
  target: string;
  origin: string;
  key: string;
  value: string;
  next: string;
}) {
  return page(
    'Opening QBank Cloud',
    '<h1>Opening QBank Cloud…</h1><p id="waiting">One moment.</p>' +
      `<p><a href="${esc(o.next)}">Go on</a> if nothing happens.</p>`,
    'storage',
    { put: true, ...o },
  );
}

/** The launch inside a frame, without the cookie: the secret read back from the platform's storage. */
export function storageGetPage(o: {
  target: string;
  origin: string;
  key: string;
  action: string;
  fields: Record<string, string>;
}) {
  return page(
    'Opening QBank Cloud',
    '<h1>Opening QBank Cloud…</h1><p id="waiting">One moment.</p>' +
      '<p id="failed" class="bad" hidden>This browser kept the course page from passing the launch on. ' +
      'Open the link in your course again; if this page comes back, ask the course’s administrator to open QBank Cloud in a new window.</p>' +
      `<form method="post" action="${esc(o.action)}">${hidden(o.fields)}<input type="hidden" name="browser" value=""></form>`,
    'storage',
    { put: false, target: o.target, origin: o.origin, key: o.key },
  );
}

/**
 * Inside a course's frame the bank's own pages cannot run (their session cookie is not the frame's to keep): a
 * button opens them in a new window, posting the one-time entry code (never in an address).
 */
export function openInWindowPage(o: { productName: string; code: string; action: string; landing: string }) {
  return page(
    `Open ${o.productName}`,
    `<h1>${esc(o.productName)}</h1><p>You are signed in. ${esc(o.landing)} opens in a new window.</p>` +
      `<form method="post" action="${esc(o.action)}" target="_blank">${hidden({ code: o.code })}` +
      `<button type="submit">Open ${esc(o.productName)}</button></form>` +
      '<p class="hint">The button works once, for five minutes: after that, open the link in your course again.</p>',
  );
}

export interface PickerTemplate {
  uuid: string;
  name: string;
  mode: string;
  questions: number;
}

/** The deep linking picker: a template, a name, how long it stays open, attempts and when answers show. */
export function deepLinkPickerPage(o: {
  productName: string;
  courseTitle: string;
  action: string;
  code: string;
  templates: PickerTemplate[];
  values: Record<string, string>;
  errors: Record<string, string>;
}): string {
  const title = `Place a test from ${o.productName}`;
  if (o.templates.length === 0)
    return messagePage({
      title,
      lines: [
        `${o.productName} has no test template yet.`,
        'Make one in QBank Cloud (Test Bank → New template), then add the activity to the course again.',
      ],
    });
  const field = (name: string, label: string, control: string, hint?: string) => {
    const err = o.errors[name];
    return (
      `<label for="${name}">${esc(label)}${hint ? ` <span class="hint">${esc(hint)}</span>` : ''}</label>${control}` +
      (err ? `<p class="error" id="${name}-error">${esc(err)}</p>` : '')
    );
  };
  const described = (name: string) =>
    o.errors[name] ? ` aria-invalid="true" aria-describedby="${name}-error"` : '';
  const v = (name: string, fallback: string) => o.values[name] ?? fallback;
  const option = (value: string, label: string, selected: string) =>
    `<option value="${esc(value)}"${value === selected ? ' selected' : ''}>${esc(label)}</option>`;
  const answers = v('answersShown', 'AFTER_SUBMIT');
  return page(
    title,
    `<h1>${esc(title)}</h1><p>It becomes an assignment for the course’s cohort (${esc(o.courseTitle)}), and its scores go to the course’s grade book.</p>` +
      `<form method="post" action="${esc(o.action)}">${hidden({ code: o.code })}` +
      field(
        'templateUuid',
        'Test template',
        `<select id="templateUuid" name="templateUuid"${described('templateUuid')}>` +
          o.templates
            .map((t) =>
              option(
                t.uuid,
                `${t.name} (${t.mode === 'TIMED' ? 'timed' : 'tutor'}, ${t.questions} questions)`,
                v('templateUuid', o.templates[0]!.uuid),
              ),
            )
            .join('') +
          '</select>',
      ) +
      field(
        'name',
        'Name in the course',
        `<input id="name" name="name" maxlength="120" value="${esc(v('name', ''))}"${described('name')}>`,
        '(the template’s name when empty)',
      ) +
      field(
        'days',
        'Open for (days, from now)',
        `<input id="days" name="days" inputmode="numeric" value="${esc(v('days', '7'))}"${described('days')}>`,
      ) +
      field(
        'attemptsAllowed',
        'Attempts allowed',
        `<input id="attemptsAllowed" name="attemptsAllowed" inputmode="numeric" value="${esc(v('attemptsAllowed', '1'))}"${described('attemptsAllowed')}>`,
      ) +
      field(
        'answersShown',
        'Answers shown',
        `<select id="answersShown" name="answersShown"${described('answersShown')}>` +
          option('AFTER_SUBMIT', 'After each attempt', answers) +
          option('AFTER_CLOSE', 'After the close', answers) +
          option('NEVER', 'Never', answers) +
          '</select>',
      ) +
      (o.errors.code ? `<p class="error">${esc(o.errors.code)}</p>` : '') +
      '<button type="submit">Place in the course</button></form>',
  );
}

/** Inside a frame, a launch whose e-mail has an account here: the link page opens in a new window. */
export function linkInWindowPage(o: { productName: string; code: string; browser: string; action: string }) {
  return page(
    `Link your ${o.productName} account`,
    `<h1>Link your course to your account</h1><p>Your course’s address has an account on QBank Cloud already. ` +
      `Sign in to it once, in a new window, to link the two; from then on the course opens ${esc(o.productName)} directly.</p>` +
      `<form method="post" action="${esc(o.action)}" target="_blank">${hidden({ code: o.code, browser: o.browser })}` +
      '<button type="submit">Sign in to link</button></form>' +
      '<p class="hint">The button works for ten minutes: after that, open the link in your course again.</p>',
  );
}

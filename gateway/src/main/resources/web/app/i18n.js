// The client's languages: every word on the page comes from a message catalogue (messages/en.json, fr.json, ja.json:
// one flat object each, imported as JSON modules; the same keys and {placeholders} in all three, checked by the
// gateway's WebClientMessagesTest), looked up by t(). A page loads English (every key's fallback) and the language it
// speaks, not all three: another catalogue is loaded when the reader switches to it.
// The language is the reader's choice if they made one (the switch in the header, kept in localStorage), else the
// first of the browser's languages (navigator.languages) that the client speaks, else English. Numbers and dates are
// formatted by Intl in that language. Game terms (currencies, buildings, worker ranks, cities, objects, phases) are
// keys too ("term.<kind>.<value>"), worded as Board Game Arena's help pages word them in French and Japanese
// (gateway/docs/glossary.md).

import en from './messages/en.json' with {type: 'json'};

/** The languages the client speaks, each named in itself (the switch shows these names). */
export const LANGUAGES = {en: {name: 'English'}, fr: {name: 'Français'}, ja: {name: '日本語'}};
/** The catalogues loaded so far, by language. */
const catalogues = {en};

/** The catalogue of `code`, loaded the first time it is asked for (under the same versioned address as this module). */
async function catalogue(code) {
  catalogues[code] ??= (await import(`./messages/${code}.json`, {with: {type: 'json'}})).default;
  return catalogues[code];
}
const KEY = 'tessera.lang';
const listeners = new Set();

function stored() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** The language to speak: the reader's choice, else the browser's first one spoken here, else English. */
function chosen() {
  const own = stored();
  if (own && LANGUAGES[own]) return own;
  for (const tag of navigator.languages || [navigator.language]) {
    const base = String(tag || '').toLowerCase().split('-')[0];
    if (LANGUAGES[base]) return base;
  }
  return 'en';
}

/** The Intl formatters of a language, made once per language rather than at every number, date or list drawn. */
function formatters(code) {
  return {
    number: new Intl.NumberFormat(code),
    list: new Intl.ListFormat(code, {style: 'long', type: 'conjunction'}),
    dateTime: new Intl.DateTimeFormat(code, {dateStyle: 'medium', timeStyle: 'short'}),
    relative: new Intl.RelativeTimeFormat(code, {numeric: 'auto'}),
    // A browser without Intl.DurationFormat (before 2024) falls back on the catalogue's units (duration below).
    clock: typeof Intl.DurationFormat === 'function' ? new Intl.DurationFormat(code, {style: 'digital'}) : null,
  };
}

let current = chosen();
try {
  await catalogue(current);
} catch {
  // The catalogue could not be loaded (a connection lost while the page loads): English, which the page has.
  current = 'en';
}
let formats = formatters(current);
document.documentElement.lang = current;

export function lang() {
  return current;
}

/** The language the reader last asked for, so that a catalogue that loads late does not undo a later choice. */
let wanted;

/**
 * Switches the language (remembered in this browser), once its catalogue is loaded, and tells the listeners, which
 * draw the page again. A catalogue that cannot be loaded leaves the page as it is.
 */
export async function setLang(code) {
  if (!LANGUAGES[code]) return;
  wanted = code;
  try {
    await catalogue(code);
  } catch {
    return;
  }
  if (code !== wanted) return; // the reader chose another language while this one loaded
  try {
    localStorage.setItem(KEY, code);
  } catch {
    // A browser that keeps nothing: the switch holds for this page only.
  }
  if (code === current) return;
  current = code;
  formats = formatters(current);
  document.documentElement.lang = current;
  for (const listener of listeners) listener(code);
}

export function onLangChange(listener) {
  listeners.add(listener);
}

/** A number in the page's language ("1,234", "1 234"); anything else as it is. */
export function num(value) {
  return typeof value === 'number' && Number.isFinite(value) ? formats.number.format(value) : String(value ?? '');
}

/**
 * The message `key` in the page's language, its {placeholders} filled from `params` (numbers formatted by Intl). A key
 * missing from the language falls back on English, and one missing from English is shown as it is, so that it shows.
 */
export function t(key, params = {}) {
  return tNodes(key, params).join('');
}

/**
 * The message `key` as t() words it, as a list of strings and nodes: a param that is a node (or a list of them, such as
 * listNodes answers) stands in its placeholder's place as it is, so that an icon can be drawn among the words.
 */
export function tNodes(key, params = {}) {
  const text = catalogues[current][key] ?? en[key];
  if (text === undefined) return [key];
  return text.split(/(\{\w+\})/).filter(Boolean).map((part) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (!name || !(name in params)) return part;
    const value = params[name];
    return value !== null && typeof value === 'object' ? value : num(value);
  });
}

/** A list in words as list() words it, whose items are nodes or lists of them (an icon beside its words). */
export function listNodes(items) {
  return formats.list.formatToParts(items.map((item, i) => String(i)))
    .map((part) => (part.type === 'element' ? items[Number(part.value)] : part.value));
}

/** Whether the catalogue has `key` (to tell a known engine word from one the client does not know). */
export function has(key) {
  return key in en;
}

/**
 * A game term: `term('currency', 'yellow')` is the catalogue's "term.currency.yellow" if there is one, else the
 * engine's own word as it comes (a city, an object or a phase of a future expansion is still shown).
 */
export function term(kind, value) {
  const key = `term.${kind}.${String(value).toLowerCase()}`;
  return has(key) ? t(key) : String(value ?? '?');
}

/** A list in words: "a, b and c", "a、b、c". */
export function list(items) {
  return formats.list.format(items.map(String));
}

/** "2026-12-01T20:01:06Z" as the reader's local date and time, in the page's language. */
export function dateTime(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  return isNaN(d) ? iso : formats.dateTime.format(d);
}

/** How long ago or how soon `iso` is, in words ("3 hours ago", "dans 2 jours", "5 分後"). */
export function relative(iso, now = Date.now()) {
  const ms = Date.parse(iso) - now;
  if (isNaN(ms)) return '';
  const steps = [['day', 86400000], ['hour', 3600000], ['minute', 60000], ['second', 1000]];
  for (const [unit, size] of steps) {
    if (Math.abs(ms) >= size || unit === 'second') return formats.relative.format(Math.round(ms / size), unit);
  }
  return '';
}

/** A duration as a clock shows it, in the page's units: "2 d 23 h", "2日 23時間", "4 min 05 s". */
export function duration(ms) {
  const sec = Math.floor(ms / 1000), min = Math.floor(sec / 60), hours = Math.floor(min / 60), days = Math.floor(hours / 24);
  const two = (n) => String(n).padStart(2, '0');
  if (days) return t('time.days-hours', {days, hours: hours % 24});
  if (hours) return t('time.hours-minutes', {hours, minutes: two(min % 60)});
  return t('time.minutes-seconds', {minutes: min, seconds: two(sec % 60)});
}

/** A clock's time to the second, by Intl in the page's language: "2 days, 23:05:09", "2 j et 23:05:09", "2 日 23:05:09". */
export function clockTime(ms) {
  const sec = Math.max(0, Math.floor(ms / 1000));
  const parts = {days: Math.floor(sec / 86400), hours: Math.floor(sec / 3600) % 24, minutes: Math.floor(sec / 60) % 60, seconds: sec % 60};
  return formats.clock ? formats.clock.format(parts) : duration(ms);
}

/**
 * A problem the API answered, in words: a sentence in the page's language for each kind of problem the API names
 * (its `type`, https://tessera.dev/problems/…), beside the API's own `detail` in English, which says exactly what was
 * wrong. A problem of a kind not known here shows its detail alone.
 */
export function problemWords(problem) {
  const type = problem && typeof problem.type === 'string' ? problem.type : '';
  const slug = type.startsWith(PROBLEMS) ? type.slice(PROBLEMS.length) : null;
  const key = slug ? `problem.${slug}` : null;
  return {sentence: key && has(key) ? t(key) : null, slug};
}

const PROBLEMS = 'https://tessera.dev/problems/';

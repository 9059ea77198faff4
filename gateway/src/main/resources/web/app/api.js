// The public API, as a browser calls it: the token kept in localStorage, sent as Authorization: Bearer, renewed
// before it expires; every error turned into words: a sentence in the page's language for the problem's `type`, beside
// the problem's own `detail` (i18n.js, problemWords).

import {has, problemWords, t} from './i18n.js';

const BASE = '/api/v1';
const KEY = 'tessera.session';

/**
 * An answer that was not 2xx, or no answer at all (status 0). `problem` is the problem+json body, if any; `detail` its
 * own words (English, as the API wrote them), `sentence` what its type means in the page's language (null for a type
 * this client does not know), and `message` both.
 */
export class ApiError extends Error {
  constructor(status, problem, fallback) {
    const detail = words(problem);
    const sentence = problemWords(problem).sentence || (detail ? null : fallback || t('api.answered', {status}));
    super(sentence && detail ? t('problem.with-detail', {sentence, detail}) : sentence || detail);
    this.status = status;
    this.problem = problem || {};
    this.rule = this.problem.rule;
    this.field = this.problem.field;
    this.detail = detail;
    this.sentence = sentence;
  }
}

function words(problem) {
  if (problem && problem.detail) {
    const what = problem.field ? ` (${problem.field})` : '';
    return problem.detail + what;
  }
  if (problem && problem.title) return problem.title;
  return null;
}

// ---- the session ----------------------------------------------------------------------------------------------

export function session() {
  try {
    const s = JSON.parse(localStorage.getItem(KEY));
    return s && s.token && s.id ? s : null;
  } catch {
    return null;
  }
}

function keep(s) {
  localStorage.setItem(KEY, JSON.stringify(s));
}

export function signOut() {
  localStorage.removeItem(KEY);
}

/** Listeners told when the credential stopped working (a 401): the page goes back to sign-up. */
const lost = new Set();
export function onSessionLost(listener) {
  lost.add(listener);
}

function sessionLost(error) {
  signOut();
  for (const listener of lost) listener(error);
}

export async function signUp(name) {
  const answer = await request('POST', '/players', {name}, {anonymous: true});
  keep({id: answer.id, name: answer.name, token: answer.token, expiresAt: answer.expiresAt, issuedAt: new Date().toISOString()});
  return session();
}

/**
 * Renews the token once half of its life has passed (POST /players/me/tokens needs a token that still verifies,
 * so renewing early is the only way to keep a session). Called at start and every few minutes.
 */
export async function renewIfDue(now = Date.now()) {
  const s = session();
  if (!s || !s.expiresAt) return;
  const issued = Date.parse(s.issuedAt || 0);
  const expires = Date.parse(s.expiresAt);
  if (isNaN(expires) || now < issued + (expires - issued) / 2) return;
  const answer = await request('POST', '/players/me/tokens');
  keep({...s, token: answer.token, expiresAt: answer.expiresAt, issuedAt: new Date(now).toISOString()});
}

// ---- requests -------------------------------------------------------------------------------------------------

export function headers(extra = {}) {
  const s = session();
  return {Accept: 'application/json', ...(s ? {Authorization: `Bearer ${s.token}`} : {}), ...extra};
}

/** Reads a failed answer's problem+json (any 4xx and 5xx of the API), or makes one up for an empty body. */
export async function problemOf(response) {
  let problem = null;
  try {
    const text = await response.text();
    problem = text ? JSON.parse(text) : null;
  } catch {
    problem = null;
  }
  const retry = response.headers.get('Retry-After');
  const fallback = {
    401: () => t('api.signed-out'),
    429: () => t('api.too-many', {seconds: Number(retry) || 1}),
    503: () => t('api.unavailable'),
  }[response.status];
  return new ApiError(response.status, problem, fallback && fallback());
}

export async function request(method, path, body, {anonymous = false} = {}) {
  let response;
  try {
    response = await fetch(BASE + path, {
      method,
      headers: anonymous ? {Accept: 'application/json', ...(body !== undefined ? {'Content-Type': 'application/json'} : {})}
        : headers(body !== undefined ? {'Content-Type': 'application/json'} : {}),
      body: body !== undefined ? JSON.stringify(body) : undefined,
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, null, t('api.unreachable'));
  }
  if (!response.ok) {
    const error = await problemOf(response);
    if (response.status === 401 && !anonymous) sessionLost(error);
    throw error;
  }
  if (response.status === 204) return null;
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

export const get = (path) => request('GET', path);
export const post = (path, body) => request('POST', path, body);
export const del = (path) => request('DELETE', path);

// ---- names ----------------------------------------------------------------------------------------------------

const names = new Map();

/**
 * The names of several players, as a map from id: those not known yet in one request (GET /players?ids=…, 100 at a
 * time). A bot's seat shows as "Bot (Alhambra)" in the page's language, and any other id that is no player's as its
 * first characters.
 */
export async function namesOf(ids) {
  const wanted = [...new Set(ids.filter(Boolean))];
  const unknown = wanted.filter((id) => !names.has(id));
  for (let i = 0; i < unknown.length; i += 100) {
    const chunk = unknown.slice(i, i + 100);
    const found = get(`/players?ids=${chunk.map(encodeURIComponent).join(',')}`)
      .then((list) => new Map(list.map((p) => [p.id, p.name])), () => new Map());
    for (const id of chunk) names.set(id, found.then((m) => m.get(id) || null));
  }
  const pairs = await Promise.all(wanted.map(async (id) => [id, (await names.get(id)) || nameless(id)]));
  return new Map(pairs);
}

/** The words for a seat with no player's name: a bot's ("bot-builders-0-1796…": "Bot (The Builders)"), else the id's start. */
export function nameless(id) {
  const bot = /^bot-([a-z]+)-/.exec(String(id));
  if (bot) return t('name.bot', {game: has(`title.short.${bot[1]}`) ? t(`title.short.${bot[1]}`) : bot[1]});
  return String(id).slice(0, 8);
}

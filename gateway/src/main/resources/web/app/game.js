// The game page, the same for every title: it loads the caller's view and legal moves, draws the title's board,
// offers exactly the moves legal-moves returned (on the board and as a list of buttons), sends the chosen one back
// verbatim with expectedVersion, and follows the live feed to redraw when anyone else moves. It knows no rules:
// a board module only says where on the board each move's fields are (keys) and how to put a move in words.

import {ApiError, get, nameless, namesOf, post, session} from './api.js';
import {fitTexts, h, problemNodes, replace, s, title} from './dom.js';
import {clockTime, dateTime, duration, has, num, t} from './i18n.js';
import {LiveFeed} from './live.js';
import {lineText} from './log.js';
import alhambra from './boards/alhambra.js';
import carrara from './boards/carrara.js';
import builders from './boards/builders.js';
import generic from './boards/generic.js';

const BOARDS = {alhambra, carrara, builders};

/** The board module of a title; the generic one for a title this client does not know. */
export function boardFor(game) {
  return BOARDS[game] || generic;
}

/** The time left until `deadline` on a player's panel, to the second: "2 days, 23:05:09 left", "time is up". */
function remaining(deadline) {
  const ms = Date.parse(deadline) - Date.now();
  if (isNaN(ms)) return '';
  return ms <= 0 ? t('panel.time-up') : t('panel.time-left', {time: clockTime(ms)});
}

/** A clock's face, for the eye only (its words are beside it). */
function clockIcon() {
  return s('svg', {viewBox: '0 0 16 16', width: 16, height: 16, class: 'clock-icon', 'aria-hidden': 'true', focusable: 'false'},
    s('circle', {cx: 8, cy: 8, r: 6.5}), s('path', {d: 'M8 4 V8 L11 10'}));
}

/** Whether the reader asked for less motion: then nothing on the page moves (style.css does the same for its animations). */
const lessMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * What names a piece that can travel from one place to another: what the board says it is, its kind and its id
 * (`data-piece`: `tile:3`, `card:3`, `worker:3`, `building:3`, for cards of different kinds share numbers), or for a
 * piece drawn as something else where it went, what it was before (`data-arrives`).
 */
function pieceKey(el) {
  return el.dataset.arrives || el.dataset.piece;
}

/**
 * What an event's pieces are found by on a board (markLastMove): each piece it names by the key the boards give it
 * (`data-piece`, pieceKey), the tiles and money cards of Alhambra, the workers and buildings of The Builders (a machine
 * is a building card; the card that replaced one taken from the market is of its kind). An id alone would be
 * ambiguous: worker 7 and building 7 are two cards.
 */
export function lastMoveSelectors(data) {
  const kinds = {tile: 'tile', placed: 'tile', removed: 'tile', cards: 'card', payment: 'card', worker: 'worker',
    building: 'building', machine: 'building', replacement: 'worker' in data ? 'worker' : 'building'};
  const idOf = (x) => (typeof x === 'number' ? x : x && typeof x.id === 'number' ? x.id : null);
  const selectors = [];
  for (const [field, value] of Object.entries(data)) {
    if (!kinds[field]) continue;
    for (const x of Array.isArray(value) ? value : [value]) {
      if (idOf(x) !== null) selectors.push(`[data-piece="${kinds[field]}:${idOf(x)}"]`);
    }
  }
  return selectors;
}

/** Where each piece is on the screen now, by pieceKey: taken before a redraw, for travel(). */
function placesOf(root) {
  const at = new Map();
  for (const el of root.querySelectorAll('[data-piece]')) {
    const key = pieceKey(el);
    if (!at.has(key)) at.set(key, el.getBoundingClientRect());
  }
  return at;
}

/**
 * The pieces the move just arrived touched (class `arrived`, markLastMove) that were elsewhere before the redraw travel
 * from there to their place, in 350 ms: a tile from the market to a hand, from the reserve into the Alhambra, a money
 * card to a hand, a worker from the free workers to a site (a site's worker names the card it was, `data-arrives`).
 * Only `translate` moves (Web Animations), over whatever the page does meanwhile, so input is never held up; nothing
 * moves for a reader who asked for less motion.
 */
function travel(main, before) {
  if (!before || lessMotion()) return;
  for (const el of main.querySelectorAll('.arrived[data-piece], [data-arrives]')) {
    const from = before.get(pieceKey(el));
    if (!from) continue;
    const to = el.getBoundingClientRect();
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    if (Math.hypot(dx, dy) < 4) continue;
    // A piece inside an SVG moves in its drawing's units, which a narrow screen scales down.
    const m = el.parentNode instanceof SVGGraphicsElement ? el.parentNode.getScreenCTM() : null;
    const drawing = el instanceof SVGElement ? el.closest('svg.board-svg') : null;
    // A board's drawing lets the piece show outside itself while it comes in.
    if (drawing) drawing.classList.add('travelling');
    const done = () => drawing && drawing.classList.remove('travelling');
    el.animate([{translate: `${dx / (m ? m.a : 1)}px ${dy / (m ? m.d : 1)}px`}, {translate: '0px 0px'}],
      {duration: 350, easing: 'ease-out'}).finished.then(done, done);
  }
}

/** The time left until `deadline`, as a clock shows it: " (2 d 23 h left)", " (4 min 05 s left)", " (time is up)". */
function left(deadline) {
  const ms = Date.parse(deadline) - Date.now();
  if (isNaN(ms)) return '';
  if (ms <= 0) return ` ${t('clock.up')}`;
  return ` ${t('clock.left', {time: duration(ms)})}`;
}

export function gamePage(root, gameId) {
  const page = new GamePage(root, gameId);
  page.start();
  return () => page.stop();
}

class GamePage {
  constructor(root, gameId) {
    this.root = root;
    this.gameId = gameId;
    this.me = session() && session().id;
    this.view = null;
    this.legal = {version: 0, moves: []};
    this.selection = [];
    /** On a phone the moves are a bar at the bottom of the screen: whether the reader opened it. */
    this.movesOpen = false;
    /** Whether the log shows each line's stream version (off: it speaks in names and game terms only). */
    this.showVersions = false;
    this.events = [];
    /** The events by stream version: the log words each history line from its event's data (log.js). */
    this.eventAt = new Map();
    this.lines = [];
    this.names = new Map();
    /** Each player's rating in this title, by id (loadRatings). */
    this.ratings = new Map();
    this.notice = null;
    this.feedStatus = 'connecting';
    this.busy = false;
    this.refreshing = false;
    this.refreshAgain = false;
    this.stopped = false;
  }

  get board() {
    return boardFor(this.view && this.view.game);
  }

  get seated() {
    return !!(this.view && this.me && (this.view.players.includes(this.me) || forker(this.view, this.me)));
  }

  async start() {
    replace(this.root, h('main', {id: 'game', 'data-state': 'loading'}, h('p', {role: 'status'}, t('game.loading'))));
    try {
      await this.load();
    } catch (e) {
      if (this.stopped) return;
      replace(this.root, h('main', {id: 'game', 'data-state': 'failed'},
        h('p', {role: 'alert', class: 'notice error'}, t('game.cannot-show'), ' ', problemNodes(e)),
        h('p', {}, h('a', {href: '#/'}, t('common.back-to-lobby')))));
      return;
    }
    // The names, the players' ratings (once per page) and the history at once: all three before the first board.
    const [names] = await Promise.all([
      namesOf(this.view.players.concat(this.view.bots || [], this.view.fork ? [this.view.fork.player] : [])),
      this.loadRatings(),
      this.readHistory()]);
    this.names = names;
    if (this.stopped) return;
    // The whole stream from the start: the log, and the scoring rounds or valuations the standings come from.
    this.feed = new LiveFeed(this.gameId, 0, (event) => this.onEvent(event), (status, error) => this.onFeedStatus(status, error)).start();
    this.render();
  }

  /**
   * Each player's rating in this title (GET /players/{id}: everyone starts at 1500), once per page: a rating, or null
   * for a player who has finished no rated game of it. A bot's seat, or a profile that cannot be read, shows none.
   */
  async loadRatings() {
    const game = this.view.game;
    const ids = this.view.players.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(id));
    await Promise.all(ids.map(async (id) => {
      try {
        const profile = await get(`/players/${encodeURIComponent(id)}`);
        const rating = (profile.ratings || []).find((r) => r.game === game);
        this.ratings.set(id, rating ? rating.rating : null);
      } catch {
        // no rating shown for this player
      }
    }));
  }

  /**
   * Under a player's name on their panel: their rating and, while it is their move and the game has a clock, the time
   * they have left, counting down (role timer: assistive technology reads it when asked, never announces each tick).
   */
  playerMeta(id) {
    const view = this.view;
    const parts = [];
    if (this.ratings.has(id)) {
      const rating = this.ratings.get(id);
      parts.push(h('span', {class: 'rating'}, rating === null ? t('panel.unrated') : t('panel.rating', {rating})));
    }
    if (!view.over && view.clock && view.clock.deadline && view.clock.player === id) {
      parts.push(h('span', {class: ['player-clock', view.clock.phase === 'grace' && 'grace']}, clockIcon(), ' ',
        h('span', {class: 'panel-clock', role: 'timer', 'aria-live': 'off', 'data-deadline': view.clock.deadline},
          remaining(view.clock.deadline))));
    }
    if (!parts.length) return null;
    return h('p', {class: 'player-meta'}, parts.map((part, i) => [i ? ' · ' : '', part]));
  }

  stop() {
    this.stopped = true;
    if (this.feed) this.feed.stop();
    clearTimeout(this.renderTimer);
    clearTimeout(this.logTimer);
    clearTimeout(this.refreshTimer);
    clearInterval(this.ticker);
  }

  /** The latest version this page has seen: its view's, or the feed's last event's (0 before either). */
  seenVersion() {
    return Math.max(this.view ? this.view.version : 0, this.lastEventVersion());
  }

  /**
   * The view, then (for a seated player) the legal moves at the same version; asked again if the game moved between.
   * Both at version `seen` or later: an instance keeping the game that recent answers without a read.
   */
  async load(seen = this.seenVersion()) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const view = await get(`/games/${encodeURIComponent(this.gameId)}${seen > 0 ? `?minVersion=${seen}` : ''}`);
      let legal = {version: view.version, moves: []};
      const seated = this.me && (view.players.includes(this.me) || forker(view, this.me));
      if (seated && !view.over && view.toAct) {
        // At the view's version or later: an instance keeping the game that recent answers without a read.
        legal = await get(`/games/${encodeURIComponent(this.gameId)}/legal-moves?minVersion=${view.version}`);
      }
      this.view = view;
      this.legal = legal;
      if (legal.version === view.version) break;
      seen = Math.max(seen, legal.version);
    }
    // A choice begun on the board survives a redraw as long as some legal move still fits it.
    if (this.candidates(this.selection).length === 0) this.selection = [];
  }

  /** Redraws from a fresh view; one at a time, and once more if events arrived meanwhile. */
  async refresh() {
    if (this.refreshing || this.busy) {
      this.refreshAgain = true;
      return;
    }
    this.refreshing = true;
    this.markBusy();
    try {
      do {
        this.refreshAgain = false;
        await this.load();
      } while (this.refreshAgain || this.lastEventVersion() > this.view.version);
      if (this.notice && this.notice.fromRefresh) this.notice = null;
      this.refreshFailures = 0;
    } catch (e) {
      // A network blip (the feed may be back before the page's other requests get through): the board is read
      // again after a pause, longer each time, at most 5 s, so that it does not stay behind the events shown.
      this.refreshFailures = (this.refreshFailures || 0) + 1;
      const pause = Math.min(5000, 500 * 2 ** Math.min(this.refreshFailures - 1, 4));
      this.notice = {kind: 'error', fromRefresh: true,
        text: t('game.refresh-failed', {reason: e.message, seconds: Math.ceil(pause / 1000)})};
      clearTimeout(this.refreshTimer);
      if (!this.stopped) this.refreshTimer = setTimeout(() => this.refresh(), pause);
    } finally {
      this.refreshing = false;
    }
    this.render();
  }

  /**
   * Marks the pieces the last turn touched (class `last`): the events of the last move (one move's events are written
   * at once, with the same time), and of the moves before it back to the previous turn's end, so that a turn closed
   * by a move of its own (end the turn) still shows what it did. In their data the pieces they name, by kind and id
   * (`data-piece`, lastMoveSelectors); a board whose pieces have no ids (Carrara) says where each event shows (`marks`).
   */
  markLastMove(main) {
    const last = this.lines[this.lines.length - 1];
    if (!last) return;
    // Read from the end, not through the whole game at every redraw: move by move (lines of the same time), the last
    // one whatever it is, the ones before it until one that ended a turn, at most ten.
    const versions = new Set();
    // The versions of the last move alone: what they touched is shown arriving, the rest of the turn only marked.
    const newest = new Set();
    let i = this.lines.length - 1;
    for (let moves = 0; i >= 0 && moves < 10; moves++) {
      const at = this.lines[i].at;
      const move = [];
      for (; i >= 0 && this.lines[i].at === at; i--) move.push(this.lines[i]);
      if (moves > 0 && move.some((line) => /(^|\.)TurnEnded$/.test(line.type || ''))) break;
      for (const line of move) {
        versions.add(line.version);
        if (moves === 0) newest.add(line.version);
      }
    }
    const first = Math.min(...versions);
    // Each selector of a piece touched, and whether the last move touched it.
    const touched = new Map();
    const touch = (selector, version) => touched.set(selector, touched.get(selector) || newest.has(version));
    for (let i = this.events.length - 1; i >= 0 && this.events[i].streamversion >= first; i--) {
      const e = this.events[i];
      if (!versions.has(e.streamversion) || !e.data || typeof e.data !== 'object') continue;
      for (const selector of lastMoveSelectors(e.data)) touch(selector, e.streamversion);
      if (this.board.marks && typeof e.type === 'string' && e.type.startsWith(`tessera.${this.view.game}.`)) {
        try {
          for (const selector of this.board.marks(e.type.slice(e.type.lastIndexOf('.') + 1), e.data) || []) touch(selector, e.streamversion);
        } catch {
          // an event of another shape than this client knows: nothing marked for it
        }
      }
    }
    // Shown arriving (a short fade, a wheel turning, a piece travelling: style.css, travel) only the first time this
    // move is drawn, not at every redraw, and only what the move itself touched.
    const fresh = this.marked !== last.version;
    this.marked = last.version;
    for (const [selector, now] of touched) {
      try {
        main.querySelectorAll(selector).forEach((el) => el.classList.add(...(fresh && now ? ['last', 'arrived'] : ['last'])));
      } catch {
        // a selector the page cannot read: nothing marked
      }
    }
  }

  lastEventVersion() {
    return this.events.length ? this.events[this.events.length - 1].streamversion : 0;
  }

  onEvent(event) {
    this.events.push(event);
    this.eventAt.set(event.streamversion, event);
    this.readHistory();
    if (this.view && event.streamversion > this.view.version) {
      this.refresh();
    }
    // A refresh or a move in flight redraws everything when it is done; else only the log and the standings change.
    if (!this.refreshing && !this.busy) {
      if (event.type === 'tessera.game.GameEnded') this.scheduleRender();
      else this.scheduleLog();
    }
  }

  onFeedStatus(status, error) {
    const before = this.feedStatus;
    this.feedStatus = status;
    if (status === 'stopped' && error) {
      this.notice = {kind: 'error', text: t('game.feed-stopped', {reason: error.message})};
    }
    if (status === 'live' && before === 'reconnecting' && this.view) {
      // Whatever happened while the feed was away is in the events it now resends; the view is read again too.
      this.refresh();
    }
    this.scheduleRender();
  }

  // ---- choosing a move on the board -------------------------------------------------------------------------

  keysOf(move) {
    try {
      return this.board.keys(move) || [];
    } catch {
      return [];
    }
  }

  /** The legal moves that involve every key chosen so far. */
  candidates(selection) {
    return this.legal.moves.filter((m) => {
      const keys = this.keysOf(m);
      return selection.every((k) => keys.includes(k));
    });
  }

  select(key) {
    if (this.busy) return;
    let selection = this.selection.includes(key) ? this.selection.filter((k) => k !== key) : [...this.selection, key];
    // A place that fits none of the moves chosen towards starts a new choice.
    if (this.candidates(selection).length === 0) selection = [key];
    if (this.candidates(selection).length === 0) selection = [];
    this.selection = selection;
    const candidates = this.candidates(selection);
    const exact = candidates.filter((m) => {
      const keys = this.keysOf(m);
      return keys.length === selection.length && keys.every((k) => selection.includes(k));
    });
    if (selection.length && candidates.length === 1 && exact.length === 1) {
      this.play(exact[0]);
    } else {
      this.render();
    }
  }

  /**
   * Plays a move; one that would reveal something hidden or random and leave the turn going (legal-moves lists it in
   * `revealing`), or that the board says is final (Alhambra's gift to Dirk), waits for the player's confirmation
   * first, since it cannot be taken back afterwards.
   */
  async play(move, confirmed = false) {
    if (this.busy) return;
    const index = this.legal.moves.indexOf(move);
    if (!confirmed && index >= 0 && ((this.legal.revealing || []).includes(index) || this.board.final?.(move))) {
      this.confirming = move;
      this.render();
      return;
    }
    this.confirming = null;
    await this.send('moves', {expectedVersion: this.legal.version, move}, t('game.move-refused'));
  }

  /** Takes back the player's moves of this turn (POST undo). */
  async undo() {
    if (this.busy) return;
    this.confirming = null;
    await this.send('undo', {expectedVersion: this.legal.version}, t('game.undo-refused'));
  }

  /** Posts a move or an undo at the version the board shows, then reloads the board. */
  async send(what, body, refused) {
    this.busy = true;
    this.notice = null;
    const expectedVersion = body.expectedVersion;
    // The version the answer names (the move's, or the one a conflict found): the board is read at it or later.
    let seen = this.seenVersion();
    this.markBusy();
    try {
      const answer = await post(`/games/${encodeURIComponent(this.gameId)}/${what}`, body);
      if (answer && Number.isInteger(answer.version)) seen = Math.max(seen, answer.version);
      this.selection = [];
    } catch (e) {
      this.selection = [];
      if (e instanceof ApiError && e.status === 409 && e.rule === 'version-conflict') {
        const now = e.problem.currentVersion;
        if (Number.isInteger(now)) seen = Math.max(seen, now);
        this.notice = {kind: 'stale', text: now !== undefined ? t('game.stale-at', {expected: expectedVersion, now})
          : t('game.stale', {expected: expectedVersion})};
      } else {
        this.notice = {kind: 'error', text: `${refused}${t('common.colon')}${e.message}`};
      }
    }
    try {
      await this.load(seen);
    } catch (e) {
      this.notice = {kind: 'error', text: t('game.reload-failed', {reason: e.message})};
    } finally {
      this.busy = false;
    }
    this.render();
    if (this.refreshAgain || this.lastEventVersion() > this.view.version) this.refresh();
  }

  // ---- drawing ----------------------------------------------------------------------------------------------

  scheduleRender() {
    if (this.renderTimer) return;
    this.renderTimer = setTimeout(() => {
      this.renderTimer = null;
      this.render();
    }, 0);
  }

  /**
   * The game's history lines (GET history: the server's words, names in place of ids) after the last one held, one
   * request at a time and once more if events arrived meanwhile; then the log is redrawn.
   */
  async readHistory() {
    if (this.readingHistory) {
      this.historyAgain = true;
      return;
    }
    this.readingHistory = true;
    try {
      do {
        this.historyAgain = false;
        const from = this.lines.length ? this.lines[this.lines.length - 1].version : 0;
        const more = await get(`/games/${encodeURIComponent(this.gameId)}/history?from=${from}`);
        if (this.stopped) return;
        this.lines.push(...more);
      } while (this.historyAgain);
    } catch {
      // the next event asks again
    } finally {
      this.readingHistory = false;
    }
    this.scheduleLog();
  }

  /** Events that change nothing on the board (the caller's own, already drawn): the log alone is redrawn. */
  scheduleLog() {
    if (this.renderTimer || this.logTimer) return;
    this.logTimer = setTimeout(() => {
      this.logTimer = null;
      const main = this.root.querySelector('main#game');
      const log = main && main.querySelector('section.log');
      if (!log || !this.view) return;
      log.replaceWith(this.logBox());
      main.dataset.feedVersion = this.lastEventVersion();
      main.dataset.events = this.events.length;
    }, 0);
  }

  /**
   * While a move or a refresh is under way: the page says it is busy and its moves cannot be chosen, without being
   * drawn again (a whole redraw per event costs a phone's battery, and the page is drawn once the answer is in).
   */
  markBusy() {
    const main = this.root.querySelector('main#game');
    if (!main) return;
    main.dataset.state = 'busy';
    main.setAttribute('aria-busy', 'true');
    for (const button of main.querySelectorAll('#moves button.move')) button.disabled = true;
  }

  /** A player's name as the log says it: without "(you)". */
  plainName(id) {
    return id ? this.names.get(id) || nameless(id) : '';
  }

  name(id) {
    if (!id) return '';
    const name = this.names.get(id) || id.slice(0, 8);
    return id === this.me ? t('name.you', {name}) : name;
  }

  context() {
    const moves = this.legal.moves;
    const selection = this.selection;
    const candidates = this.candidates(selection);
    const clickable = new Set(moves.flatMap((m) => this.keysOf(m)));
    const next = new Set(selection.length ? candidates.flatMap((m) => this.keysOf(m)).filter((k) => !selection.includes(k)) : []);
    const page = this;
    return {
      view: this.view,
      state: this.view.state || {},
      // A fork's forker plays whichever seat is to act.
      me: forker(this.view, this.me) ? this.view.toAct : this.seated ? this.me : null,
      events: this.events,
      name: (id) => this.name(id),
      /** What a player's panel shows under their name: rating, and the clock while they are to move. */
      meta: (id) => this.playerMeta(id),
      moves,
      /** Whether some legal move involves `key`. */
      any: (key) => clickable.has(key),
      /** Whether `key` would complete or continue the choice made so far. */
      next: (key) => next.has(key),
      /**
       * Makes a board element a place to click when some legal move involves `key`; else it is only a picture,
       * with `label` as its text alternative either way.
       */
      target(el, key, label) {
        if (key && clickable.has(key) && !page.busy) {
          el.classList.add('target');
          if (selection.includes(key)) el.classList.add('selected');
          else if (selection.length && next.has(key)) el.classList.add('next');
          // The button is a transparent copy of the piece's outline (its first shape: a card's rect, a sector's
          // path, a hub's circle) laid over it, named by `label`; the piece's own words (short words, bare numbers)
          // are for the eye and hidden from assistive technology, so that the button's name holds everything it shows
          // (WCAG 2.5.3, axe's label-content-name-mismatch). A piece drawn without a shape first is its own button.
          const face = el.firstElementChild;
          const outlined = face && ['rect', 'path', 'circle', 'ellipse', 'polygon'].includes(face.tagName);
          const button = outlined ? face.cloneNode(false) : el;
          if (outlined) {
            for (const a of ['class', 'style', 'fill', 'stroke', 'stroke-width', 'opacity', 'aria-hidden']) button.removeAttribute(a);
            button.setAttribute('class', 'hit');
            for (const child of el.children) child.setAttribute('aria-hidden', 'true');
            el.append(button);
          }
          button.setAttribute('role', 'button');
          button.setAttribute('tabindex', '0');
          button.setAttribute('aria-label', label);
          button.setAttribute('aria-pressed', String(selection.includes(key)));
          button.dataset.key = key;
          el.addEventListener('click', (event) => {
            event.stopPropagation();
            page.select(key);
          });
          el.addEventListener('keydown', (event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              page.select(key);
            }
          });
        } else {
          el.setAttribute('role', 'img');
          el.setAttribute('aria-label', label);
        }
        return el;
      },
    };
  }

  render() {
    if (this.stopped || !this.view) return;
    clearTimeout(this.renderTimer);
    clearTimeout(this.logTimer);
    this.renderTimer = null;
    this.logTimer = null;
    const focused = document.activeElement;
    const focus = focused && (focused.dataset?.key ? `[data-key="${CSS.escape(focused.dataset.key)}"]`
      : focused.dataset?.move ? `[data-move="${CSS.escape(focused.dataset.move)}"]` : focused.id ? `#${CSS.escape(focused.id)}` : null);
    const view = this.view;
    // The tab says whose turn it is, so that a player who looks elsewhere sees when it is theirs.
    const yours = !view.over && view.toAct && (view.toAct === this.me || forker(view, this.me));
    document.title = yours ? t('game.tab-your-turn', {game: title(view.game)}) : t('game.tab', {game: title(view.game)});
    this.notifyTurn(Boolean(yours), view);
    const ctx = this.context();
    const board = this.board;
    let drawn;
    try {
      drawn = board.render(ctx);
    } catch (e) {
      // A view this page does not understand (a new field, a new phase) still leaves the moves playable.
      drawn = h('p', {class: 'notice error'}, t('game.cannot-draw', {reason: e.message}));
    }
    const standings = this.standings();
    const main = h('main', {
      id: 'game', class: `game game-${view.game}`, 'data-game': view.game, 'data-version': view.version,
      'data-state': this.busy || this.refreshing ? 'busy' : 'ready', 'data-to-act': view.toAct || '',
      'data-feed': this.feedStatus, 'data-feed-version': this.lastEventVersion(), 'data-events': this.events.length,
      'aria-busy': String(this.busy),
    },
    this.header(ctx),
    this.noticeBox(),
    this.waiting(ctx, standings),
    standings ? this.standingsBox(standings, ctx) : null,
    h('div', {class: 'play'},
      h('section', {class: 'board', 'aria-label': t('game.board', {game: title(view.game)})}, this.tray(ctx), drawn),
      this.movesBox(ctx)),
    this.logBox());
    const before = lessMotion() ? null : placesOf(this.root);
    replace(this.root, main);
    fitTexts(main);
    this.markLastMove(main);
    travel(main, before);
    // The clock counts down between redraws.
    if (!this.ticker) {
      this.ticker = setInterval(() => {
        for (const c of this.root.querySelectorAll('.countdown[data-deadline]')) c.textContent = left(c.dataset.deadline);
        for (const c of this.root.querySelectorAll('.panel-clock[data-deadline]')) c.textContent = remaining(c.dataset.deadline);
      }, 1000);
    }
    if (!this.drawn && !(drawn instanceof HTMLParagraphElement)) {
      // When the first board was on the page, for the browser test's report (performance.getEntriesByName).
      this.drawn = true;
      performance.mark('tessera:board-drawn');
    }
    if (focus) {
      const again = this.root.querySelector(focus);
      if (again) again.focus({preventScroll: true});
    }
  }

  /**
   * Opt-in (the header's button): a notification from the browser when the turn becomes the reader's while the tab is
   * hidden. Only on a change of turn, never for the turn the page opened on.
   */
  notifyTurn(yours, view) {
    const before = this.wasYours;
    this.wasYours = yours;
    if (!yours || before !== false || !document.hidden || !notificationsOn()) return;
    try {
      const n = new Notification(t('notify.title'), {
        body: t('notify.body', {game: title(view.game)}), tag: `tessera-${this.gameId}`,
      });
      n.onclick = () => { window.focus(); n.close(); };
    } catch (e) {
      // A browser that refuses notifications from a page (some want a service worker): the title still says it.
    }
  }

  notifyButton() {
    if (!('Notification' in window) || !this.seated || this.view.over) return null;
    if (Notification.permission === 'denied') {
      return h('p', {class: 'notify', id: 'notify-turns'}, t('notify.blocked'));
    }
    const on = notificationsOn();
    return h('p', {class: 'notify'}, h('button', {
      type: 'button', id: 'notify-turns', 'aria-pressed': String(on),
      onclick: async () => {
        if (on) {
          localStorage.removeItem(NOTIFY_KEY);
        } else if (await Notification.requestPermission() === 'granted') {
          localStorage.setItem(NOTIFY_KEY, 'on');
        }
        this.render();
      },
    }, on ? t('notify.stop') : t('notify.ask')));
  }

  header(ctx) {
    const view = this.view;
    const turn = view.over ? t('game.over')
      : view.toAct ? (view.toAct === this.me ? t('game.your-turn')
        : forker(view, this.me) ? t('game.your-turn-as', {name: this.name(view.toAct)}) : t('game.to-play', {name: this.name(view.toAct)}))
        : t('game.nobody');
    const clock = view.clock && view.clock.deadline
      ? [t('clock.must-move', {name: this.name(view.clock.player), when: dateTime(view.clock.deadline)}),
        // Counting down, for the eye only: the time above is what assistive technology reads, once.
        h('span', {class: 'countdown', 'data-deadline': view.clock.deadline, 'aria-hidden': 'true'}, left(view.clock.deadline)),
        view.clock.phase === 'grace' ? ` ${t('clock.grace')}` : '', t('common.stop')] : null;
    const feed = has(`feed.${this.feedStatus}`) ? t(`feed.${this.feedStatus}`) : this.feedStatus;
    return h('header', {class: 'game-header'},
      h('h1', {}, title(view.game)),
      view.fork ? h('p', {class: 'sandbox', id: 'sandbox'}, t('fork.sandbox'), ' ',
        h('a', {href: `#/games/${encodeURIComponent(view.fork.gameId)}/replay/${view.fork.at}`}, t('fork.move-of', {at: view.fork.at})),
        forker(view, this.me) ? t('fork.by-you') : t('fork.by', {name: this.name(view.fork.player)})) : null,
      h('p', {class: 'who'}, forker(view, this.me) ? t('game.every-seat')
        : this.seated ? t('game.seated') : t('game.watching'),
        ' ', t('game.players'), ' ', view.players.map((p, i) => [i ? t('common.comma') : '', this.name(p), (view.bots || []).includes(p) && !/^bot-/.test(p) ? ` ${t('game.bot')}` : ''])),
      h('p', {class: 'turn', 'aria-live': 'polite'}, turn, clock ? [' ', clock] : ''),
      this.notifyButton(),
      h('p', {class: `feed feed-${this.feedStatus}`, role: 'status', id: 'feed-status'}, t('feed.label', {status: feed}),
        h('span', {class: 'version'}, ` · ${t('feed.version', {version: view.version})}`)),
      h('p', {}, h('a', {href: `#/games/${encodeURIComponent(this.gameId)}/replay/${view.version}`, id: 'replay-link'},
        view.over ? t('game.replay') : t('game.look-back'))));
  }

  noticeBox() {
    if (!this.notice) return null;
    return h('div', {class: `notice ${this.notice.kind}`, role: 'alert', id: 'notice'},
      h('p', {}, this.notice.text),
      h('button', {type: 'button', class: 'dismiss', onclick: () => { this.notice = null; this.render(); }}, t('common.dismiss')));
  }

  /** A progress indication while the game waits for another service: a scoring round, a valuation, the standings. */
  waiting(ctx, standings) {
    const view = this.view;
    let text = null;
    if (view.over && !standings) {
      text = t('waiting.standings');
    } else if (!view.over && !view.toAct) {
      let what = null;
      try {
        what = this.board.waiting && this.board.waiting(ctx);
      } catch {
        what = null;
      }
      text = t('waiting.scoring', {what: what || t('waiting.goes-on')});
    }
    if (!text) return null;
    return h('div', {class: 'waiting', role: 'status', id: 'waiting'},
      h('span', {class: 'spinner', 'aria-hidden': 'true'}), h('progress', {'aria-label': t('waiting.label')}), ' ', text);
  }

  /**
   * What the board itself proposes, above it: once places are chosen on it, the moves that fit them (a payment, which
   * stones; the one left, even where it names more places); otherwise the moves no place on the board stands for (end
   * the turn, take coins, buy an action point).
   * Each is played as from the list, confirmation included, so that every move can be made from the board.
   */
  tray(ctx) {
    if (!this.seated || this.busy || !this.legal.moves.length) return null;
    const choosing = this.selection.length > 0;
    const moves = choosing ? this.candidates(this.selection) : this.legal.moves.filter((m) => this.keysOf(m).length === 0);
    if (!moves.length) return null;
    return h('div', {class: 'tray', role: 'group', 'aria-label': choosing ? t('tray.fit') : t('tray.also-label')},
      h('span', {class: 'tray-title'}, choosing ? t('tray.how') : t('tray.also')),
      moves.map((move) => h('button', {type: 'button', class: 'tray-move', 'data-tray-move': JSON.stringify(move),
        onclick: () => this.play(move)}, this.label(move, ctx))));
  }

  movesBox(ctx) {
    const moves = this.legal.moves;
    // On a phone (style.css) the board comes first and the moves are a bar at the bottom of the screen, opened by its
    // button, and open by themselves while a confirmation waits there. A choice begun on the board is finished on the
    // board (its places, the tray above it), which the open list would cover; on a wider screen the list beside the
    // board shows the moves that fit the choice.
    const bar = getComputedStyle(document.documentElement).getPropertyValue('--moves-bar').trim() === '1';
    const open = this.movesOpen || Boolean(this.confirming) || (this.selection.length > 0 && !bar);
    const section = h('section', {class: ['moves', open && 'open'], 'aria-label': t('moves.yours'), id: 'moves'});
    const head = (title, count) => h('div', {class: 'sheet-head'}, h('h2', {}, title),
      h('button', {type: 'button', id: 'moves-toggle', class: 'sheet-toggle', 'aria-expanded': String(open), 'aria-controls': 'moves',
        onclick: () => { this.movesOpen = !open; if (open) this.selection = []; this.render(); }},
      open ? t('moves.hide') : count ? t('moves.show-count', {count}) : t('moves.show')));
    if (!this.seated) {
      section.append(head(t('moves.title'), 0), h('p', {}, t('moves.watching')));
      return section;
    }
    section.append(head(t('moves.yours'), moves.length));
    if (this.confirming && moves.includes(this.confirming)) {
      const move = this.confirming;
      section.append(h('div', {class: 'confirm', role: 'alertdialog', id: 'confirm-move', 'aria-label': t('confirm.label')},
        h('p', {}, t('confirm.quoted', {move: this.label(move, ctx)}), ' ', this.board.final?.(move) || t('confirm.reveals')),
        h('button', {type: 'button', id: 'confirm-play', onclick: () => this.play(move, true)}, t('confirm.play')), ' ',
        h('button', {type: 'button', id: 'confirm-cancel', onclick: () => { this.confirming = null; this.render(); }}, t('confirm.cancel'))));
    }
    if (this.legal.undo) {
      section.append(h('p', {class: 'undo'},
        h('button', {type: 'button', id: 'undo', disabled: this.busy, onclick: () => this.undo()}, t('undo.button')),
        ' ', t('undo.hint')));
    }
    if (!moves.length) {
      section.append(h('p', {class: 'none'}, this.view.over ? t('game.over') : t('moves.nothing')));
      return section;
    }
    const shown = this.selection.length ? this.candidates(this.selection) : moves;
    if (this.selection.length) {
      section.append(h('p', {class: 'choice'}, t('moves.chosen', {places: this.selection.length, moves: shown.length}), ' ',
        h('button', {type: 'button', id: 'clear-choice', onclick: () => { this.selection = []; this.render(); }}, t('moves.clear'))));
    } else {
      section.append(h('p', {class: 'hint'}, t('moves.hint')));
    }
    const groups = new Map();
    for (const move of shown) {
      const type = typeof move.type === 'string' ? move.type : 'move';
      if (!groups.has(type)) groups.set(type, []);
      groups.get(type).push(move);
    }
    for (const [type, list] of groups) {
      section.append(h('h3', {}, has(`term.move.${type}`) ? t(`term.move.${type}`) : type.replace(/-/g, ' ')),
        h('ul', {class: 'move-list'}, list.map((move) => h('li', {},
          h('button', {type: 'button', class: 'move', 'data-move': JSON.stringify(move), 'data-type': type,
            'data-keys': JSON.stringify(this.keysOf(move)),
            disabled: this.busy, onclick: () => this.play(move)}, this.label(move, ctx))))));
    }
    return section;
  }

  label(move, ctx) {
    try {
      const label = this.board.label(move, ctx);
      if (label) return label;
    } catch {
      // fall through to the generic words
    }
    return generic.label(move, ctx);
  }

  logBox() {
    const recent = this.lines.slice(-40).reverse();
    const versions = h('input', {type: 'checkbox', id: 'log-versions', checked: this.showVersions,
      onchange: () => { this.showVersions = versions.checked; this.render(); }});
    return h('section', {class: 'log', 'aria-label': t('log.title')},
      h('div', {class: 'log-head'}, h('h2', {}, t('log.title')),
        h('label', {for: 'log-versions', class: 'check'}, versions, t('log.versions'))),
      // Focusable, so that a keyboard alone can scroll it (axe: scrollable-region-focusable). Each line is worded in
      // the reader's language from its event (log.js); an event the client does not word keeps the server's English.
      h('ul', {class: ['events', this.showVersions && 'with-versions'], id: 'events', tabindex: 0,
        'aria-label': t('log.latest-first')}, recent.map((line) => h('li', {'data-version': line.version, 'data-type': line.type},
        h('span', {class: 'v'}, `${num(line.version)} · `),
        lineText(line, this.eventAt.get(line.version), this.view.game, this.board, (id) => this.plainName(id))))));
  }

  // ---- the end ----------------------------------------------------------------------------------------------

  standings() {
    const ended = this.events.find((e) => e.type === 'tessera.game.GameEnded');
    return ended && ended.data && Array.isArray(ended.data.standings) ? ended.data.standings : null;
  }

  standingsBox(standings, ctx) {
    let history = null;
    try {
      history = this.board.history && this.board.history(ctx);
    } catch {
      history = null;
    }
    return h('section', {class: 'standings', id: 'standings', 'aria-label': t('standings.title')},
      h('h2', {}, t('standings.title')),
      h('table', {},
        h('thead', {}, h('tr', {}, h('th', {scope: 'col'}, t('col.rank')), h('th', {scope: 'col'}, t('col.player')), h('th', {scope: 'col'}, t('col.score')))),
        h('tbody', {}, [...standings].sort((a, b) => a.rank - b.rank).map((s) => h('tr', {'data-player': s.player},
          h('td', {}, num(s.rank)), h('td', {}, this.name(s.player)), h('td', {}, num(s.score)))))),
      history,
      h('p', {}, h('a', {href: '#/'}, t('common.back-to-lobby'))));
  }
}

/** Whether `me` forked this sandbox game, and so plays its every seat. */
/** The reader asked for turn notifications on this browser (the choice is kept), and the browser allows them. */
const NOTIFY_KEY = 'tessera.notify-turns';

function notificationsOn() {
  return 'Notification' in window && Notification.permission === 'granted' && localStorage.getItem(NOTIFY_KEY) === 'on';
}

function forker(view, me) {
  return !!(view && me && view.fork && view.fork.player === me);
}

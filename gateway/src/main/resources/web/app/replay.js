// A replay: any game stepped through from its first version to its last (first, back, forward, last, a slider, and
// the ← and → keys), the board at each step as the reader saw it then (GET …?at=N; every hand once the game has ended,
// perspective=all), with that step's line of the history highlighted. The address holds the step
// (#/games/{id}/replay/{N}), so a link opens a replay at a given move. Once the game has ended, a signed-in reader may
// play on from any step in a sandbox game of their own (a fork: POST …/forks).

import {get, nameless, namesOf, post, session} from './api.js';
import {fitTexts, h, problemNodes, replace, title} from './dom.js';
import {num, t} from './i18n.js';
import {boardFor} from './game.js';
import {lineText} from './log.js';

export function replayPage(root, gameId, at) {
  const page = new Replay(root, gameId, at);
  page.start();
  return () => page.stop();
}

class Replay {
  constructor(root, gameId, at) {
    this.root = root;
    this.gameId = gameId;
    this.at = Number.parseInt(at, 10) || null;
    this.me = session() && session().id;
    this.lines = [];
    /** The events by stream version, from which the log words its lines (log.js). */
    this.eventAt = new Map();
    this.names = new Map();
    this.view = null;
    this.stopped = false;
    this.onKey = (event) => this.key(event);
  }

  async start() {
    replace(this.root, h('main', {id: 'replay', 'data-state': 'loading'}, h('p', {role: 'status'}, t('replay.loading'))));
    try {
      const now = await get(this.path(''));
      this.over = now.over;
      this.last = now.version;
      const [lines, events] = await Promise.all([get(this.path('/history')), get(this.path('/events?from=0')).catch(() => [])]);
      this.lines = lines;
      this.game = now.game;
      for (const e of events) this.eventAt.set(e.streamversion, e);
      this.names = await namesOf(now.players.concat(now.bots || []));
    } catch (e) {
      if (this.stopped) return;
      replace(this.root, h('main', {id: 'replay', 'data-state': 'failed'},
        h('p', {role: 'alert', class: 'notice error'}, t('replay.cannot-show'), ' ', problemNodes(e)),
        h('p', {}, h('a', {href: '#/'}, t('common.back-to-lobby')))));
      return;
    }
    document.addEventListener('keydown', this.onKey);
    await this.go(this.at || this.last);
  }

  stop() {
    this.stopped = true;
    document.removeEventListener('keydown', this.onKey);
  }

  path(rest) {
    return `/games/${encodeURIComponent(this.gameId)}${rest}`;
  }

  /** Shows version `version` (kept within the game), and puts it in the address without leaving the page. */
  async go(version) {
    const v = Math.min(Math.max(1, version), this.last);
    const main = this.root.querySelector('main#replay');
    if (main) main.dataset.state = 'busy';
    try {
      this.view = await get(this.path(`?at=${v}${this.over ? '&perspective=all' : ''}`));
    } catch (e) {
      this.error = e.message;
    }
    if (this.stopped) return;
    this.at = v;
    history.replaceState(null, '', `#/games/${encodeURIComponent(this.gameId)}/replay/${v}`);
    this.render();
  }

  key(event) {
    if (event.target && /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName) && event.target.type !== 'range') return;
    const to = {ArrowLeft: this.at - 1, ArrowRight: this.at + 1, Home: 1, End: this.last}[event.key];
    if (to === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    if (to !== this.at) this.go(to);
  }

  /** A line of the history in the reader's language, else in the server's words (log.js). */
  lineText(line) {
    return lineText(line, this.eventAt.get(line.version), this.game, boardFor(this.game),
      (id) => (id ? this.names.get(id) || nameless(id) : ''));
  }

  name(id) {
    if (!id) return '';
    const name = this.names.get(id) || id.slice(0, 8);
    return id === this.me ? t('name.you', {name}) : name;
  }

  /** What a board draws from: the view at this step, and nothing to click (a replay plays no move). */
  context() {
    const seated = this.view.players.includes(this.me);
    return {
      view: this.view,
      state: this.view.state || {},
      me: seated ? this.me : null,
      events: [],
      name: (id) => this.name(id),
      moves: [],
      any: () => false,
      next: () => false,
      target(el, key, label) {
        el.setAttribute('aria-label', label);
        el.setAttribute('role', 'img');
        return el;
      },
    };
  }

  render() {
    const view = this.view;
    document.title = t('replay.tab', {game: title(view.game)});
    const ctx = this.context();
    let drawn;
    try {
      drawn = boardFor(view.game).render(ctx);
    } catch (e) {
      drawn = h('p', {class: 'notice error'}, t('replay.cannot-draw', {reason: e.message}));
    }
    const line = this.lines.find((l) => l.version === this.at);
    const game = `#/games/${encodeURIComponent(this.gameId)}`;
    replace(this.root, h('main', {
      id: 'replay', class: `game game-${view.game}`, 'data-game': view.game, 'data-version': this.at,
      'data-last': this.last, 'data-state': 'ready',
    },
    h('header', {class: 'game-header'},
      h('h1', {}, t('replay.title', {game: title(view.game)})),
      h('p', {class: 'who'}, this.over ? t('replay.every-hand') : t('replay.as-seen')),
      h('p', {}, h('a', {href: game}, t('replay.back'))),
      this.over && this.me ? h('p', {},
        h('button', {type: 'button', id: 'replay-fork', disabled: !this.moveEnds(), onclick: () => this.fork()}, t('replay.fork')),
        ' ', this.moveEnds() ? t('replay.fork-hint') : t('replay.fork-not-here'))
        : null),
    this.error ? h('p', {role: 'alert', class: 'notice error'}, this.error) : null,
    this.controls(line),
    h('section', {class: 'board', 'aria-label': t('replay.board', {game: title(view.game), at: this.at})}, drawn),
    this.logBox()));
    fitTexts(this.root);
    this.error = null;
  }

  /** Whether this step ends a move's events (the next line was written at another time): a position one can play on from. */
  moveEnds() {
    const line = this.lines.find((l) => l.version === this.at);
    const next = this.lines.find((l) => l.version === this.at + 1);
    return !line || !next || line.at !== next.at;
  }

  /** Forks the finished game at this step and opens the fork (POST …/forks). */
  async fork() {
    try {
      const fork = await post(this.path('/forks'), {at: this.at});
      location.hash = `#/games/${encodeURIComponent(fork.gameId)}`;
    } catch (e) {
      this.error = t('replay.fork-refused', {reason: e.message});
      this.render();
    }
  }

  controls(line) {
    const button = (id, text, to, disabled) => h('button', {type: 'button', id, disabled, onclick: () => this.go(to)}, text);
    const slider = h('input', {
      type: 'range', id: 'replay-step', min: '1', max: String(this.last), value: String(this.at),
      'aria-label': t('replay.step'), 'aria-valuetext': t('replay.move-of', {at: this.at, last: this.last}),
      onchange: (event) => this.go(Number(event.target.value)),
    });
    return h('section', {class: 'replay-controls', 'aria-label': t('replay.controls')},
      button('replay-first', t('replay.first'), 1, this.at <= 1),
      button('replay-back', t('replay.previous'), this.at - 1, this.at <= 1),
      slider,
      button('replay-forward', t('replay.next'), this.at + 1, this.at >= this.last),
      button('replay-last', t('replay.last'), this.last, this.at >= this.last),
      h('p', {class: 'step', role: 'status', id: 'replay-status'}, t('replay.status', {at: this.at, last: this.last}),
        line ? [t('common.colon'), this.lineText(line)] : ''));
  }

  /** The whole history, the current step's line marked and scrolled to. */
  logBox() {
    const list = h('ol', {class: 'events', id: 'events'}, this.lines.map((l) => h('li', {
      'data-version': l.version, class: l.version === this.at ? 'current' : null,
      'aria-current': l.version === this.at ? 'step' : null,
    }, h('a', {href: `#/games/${encodeURIComponent(this.gameId)}/replay/${l.version}`,
      onclick: (event) => { event.preventDefault(); this.go(l.version); }},
    h('span', {class: 'v'}, `${num(l.version)} · `), this.lineText(l)))));
    setTimeout(() => {
      const current = list.querySelector('li.current');
      if (current) current.scrollIntoView({block: 'nearest'});
    }, 0);
    return h('section', {class: 'log', 'aria-label': t('log.title')}, h('h2', {}, t('log.title')), list);
  }
}

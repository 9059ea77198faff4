// A replay: any game stepped through from its first version to its last (first, back, forward, last, a slider, and
// the ← and → keys), the board at each step as the reader saw it then (GET …?at=N; every hand once the game has ended,
// perspective=all), with that step's line of the history highlighted. The address holds the step
// (#/games/{id}/replay/{N}), so a link opens a replay at a given move. Once the game has ended, a signed-in reader may
// play on from any step in a sandbox game of their own (a fork: POST …/forks).

import {get, namesOf, post, session} from './api.js';
import {fitTexts, h, replace, TITLES} from './dom.js';
import {boardFor} from './game.js';

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
    this.names = new Map();
    this.view = null;
    this.stopped = false;
    this.onKey = (event) => this.key(event);
  }

  async start() {
    replace(this.root, h('main', {id: 'replay', 'data-state': 'loading'}, h('p', {role: 'status'}, 'Loading the replay…')));
    try {
      const now = await get(this.path(''));
      this.over = now.over;
      this.last = now.version;
      this.lines = await get(this.path('/history'));
      this.names = await namesOf(now.players.concat(now.bots || []));
    } catch (e) {
      if (this.stopped) return;
      replace(this.root, h('main', {id: 'replay', 'data-state': 'failed'},
        h('p', {role: 'alert', class: 'notice error'}, `This replay cannot be shown: ${e.message}`),
        h('p', {}, h('a', {href: '#/'}, 'Back to the lobby'))));
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

  name(id) {
    if (!id) return '';
    const name = this.names.get(id) || id.slice(0, 8);
    return id === this.me ? `${name} (you)` : name;
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
    document.title = `Replay · ${TITLES[view.game] || view.game} · Tessera`;
    const ctx = this.context();
    let drawn;
    try {
      drawn = boardFor(view.game).render(ctx);
    } catch (e) {
      drawn = h('p', {class: 'notice error'}, `The board cannot be drawn (${e.message}).`);
    }
    const line = this.lines.find((l) => l.version === this.at);
    const game = `#/games/${encodeURIComponent(this.gameId)}`;
    replace(this.root, h('main', {
      id: 'replay', class: `game game-${view.game}`, 'data-game': view.game, 'data-version': this.at,
      'data-last': this.last, 'data-state': 'ready',
    },
    h('header', {class: 'game-header'},
      h('h1', {}, `Replay: ${TITLES[view.game] || view.game}`),
      h('p', {class: 'who'}, this.over ? 'Every hand is shown: the game has ended.'
        : 'As you saw it then: the game is still being played.'),
      h('p', {}, h('a', {href: game}, 'Back to the game')),
      this.over && this.me ? h('p', {},
        h('button', {type: 'button', id: 'replay-fork', disabled: !this.moveEnds(), onclick: () => this.fork()}, 'Play on from here'),
        this.moveEnds() ? ' in a sandbox game of your own: you play every seat, with the draws this game would have had; it is never rated.'
          : ' (not from this step: it lies among the events of one move; step on to where the move ends)')
        : null),
    this.error ? h('p', {role: 'alert', class: 'notice error'}, this.error) : null,
    this.controls(line),
    h('section', {class: 'board', 'aria-label': `${TITLES[view.game] || view.game} board at move ${this.at}`}, drawn),
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
      this.error = `This position cannot be played on: ${e.message}`;
      this.render();
    }
  }

  controls(line) {
    const button = (id, text, to, disabled) => h('button', {type: 'button', id, disabled, onclick: () => this.go(to)}, text);
    const slider = h('input', {
      type: 'range', id: 'replay-step', min: '1', max: String(this.last), value: String(this.at),
      'aria-label': 'Step', 'aria-valuetext': `move ${this.at} of ${this.last}`,
      onchange: (event) => this.go(Number(event.target.value)),
    });
    return h('section', {class: 'replay-controls', 'aria-label': 'Replay'},
      button('replay-first', '« First', 1, this.at <= 1),
      button('replay-back', '◀ Back', this.at - 1, this.at <= 1),
      slider,
      button('replay-forward', 'Forward ▶', this.at + 1, this.at >= this.last),
      button('replay-last', 'Last »', this.last, this.at >= this.last),
      h('p', {class: 'step', role: 'status', id: 'replay-status'}, `Move ${this.at} of ${this.last}`,
        line ? `: ${line.text}` : ''));
  }

  /** The whole history, the current step's line marked and scrolled to. */
  logBox() {
    const list = h('ol', {class: 'events', id: 'events'}, this.lines.map((l) => h('li', {
      'data-version': l.version, class: l.version === this.at ? 'current' : null,
      'aria-current': l.version === this.at ? 'step' : null,
    }, h('a', {href: `#/games/${encodeURIComponent(this.gameId)}/replay/${l.version}`,
      onclick: (event) => { event.preventDefault(); this.go(l.version); }},
    h('span', {class: 'v'}, `${l.version} · `), l.text))));
    setTimeout(() => {
      const current = list.querySelector('li.current');
      if (current) current.scrollIntoView({block: 'nearest'});
    }, 0);
    return h('section', {class: 'log', 'aria-label': 'What happened'}, h('h2', {}, 'What happened'), list);
  }
}

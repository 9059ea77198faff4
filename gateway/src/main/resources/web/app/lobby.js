// Sign-up, the lobby (open tables, opening one, quick play, games to watch), a table, my games, leaderboards and
// profiles. The lobby and a table follow the tables' live feed and read again what a change concerns (quick play learns
// of its match there too); my games asks again every few seconds.

import {del, get, namesOf, post, session, signUp} from './api.js';
import {GAMES, h, problemNodes, replace, SEATS, title} from './dom.js';
import {dateTime, list, num, relative, t, term} from './i18n.js';
import {TableFeed} from './live.js';

/** Runs `task` now and every `ms` until the page is left; answers the function that stops it. */
function every(ms, task) {
  let stopped = false;
  let timer;
  const run = async () => {
    if (stopped) return;
    try {
      await task();
    } catch (e) {
      // The task shows its own errors; a failed round is simply tried again at the next one.
    } finally {
      if (!stopped) timer = setTimeout(run, ms);
    }
  };
  run();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * Runs `task` when asked, at most once every `ms`: asks that come while it runs, or sooner than `ms` after it last
 * started, make one more run once that time has passed (a burst of changes, one reading). `ask(delay)` runs it no
 * sooner than `delay` ms from now; `ask.stop()` ends it.
 */
function coalesced(ms, task) {
  let stopped = false;
  let running = false;
  let again = false;
  let last = -Infinity;
  let timer = null;
  let due = Infinity;
  const run = async () => {
    timer = null;
    due = Infinity;
    if (stopped) return;
    running = true;
    last = Date.now();
    try {
      await task();
    } catch (e) {
      // The task shows its own errors.
    } finally {
      running = false;
    }
    if (again) {
      again = false;
      ask();
    }
  };
  const ask = (delay = 0) => {
    if (stopped) return;
    if (running) {
      again = again || delay === 0;
      if (delay > 0) setTimeout(() => ask(0), delay);
      return;
    }
    const at = Math.max(Date.now() + delay, last + ms);
    if (at >= due) return;
    clearTimeout(timer);
    due = at;
    timer = setTimeout(run, at - Date.now());
  };
  ask.stop = () => {
    stopped = true;
    clearTimeout(timer);
  };
  return ask;
}

/** Whether asking again may help: no answer at all, or the service could not answer now. */
function transient(error) {
  return !error || !error.status || error.status === 429 || error.status >= 500;
}

/** The notice a page shows while the tables' live feed is away (what it shows may then be out of date). */
function feedNotice(id) {
  return h('p', {class: 'notice stale', role: 'status', id, hidden: true}, t('feed.label', {status: t('feed.reconnecting')}));
}

function errorBox(id) {
  return h('p', {class: 'notice error', role: 'alert', id, hidden: true});
}

/** A problem in words: the sentence for its kind in the page's language, beside the API's own detail. */
function showError(box, error) {
  replace(box, ...problemNodes(error));
  box.hidden = !error;
}

/** A table's options in words: the clock, and any other option as it comes (the expansion, a future one). */
function clockWords(options) {
  if (!options) return '';
  const words = [];
  if (options.clock === 'realtime') words.push(t('clock.realtime', {seconds: Number(options.turnSeconds)}));
  else if (options.clock === 'turn-based') words.push(t('clock.turn-based', {hours: Number(options.moveHours)}));
  for (const [k, v] of Object.entries(options)) {
    if (['clock', 'turnSeconds', 'moveHours'].includes(k)) continue;
    if (k === 'expansion') {
      if (v === 'true') words.push(t('options.with-expansion'));
    } else {
      words.push(`${k} ${v}`);
    }
  }
  return words.join(t('common.comma'));
}

// ---- sign-up --------------------------------------------------------------------------------------------------

export function signUpPage(root, {reason, onSignedUp}) {
  const input = h('input', {id: 'signup-name', name: 'name', autocomplete: 'username', required: true, maxlength: 40,
    pattern: '[A-Za-z0-9._\\-]{1,40}', 'aria-describedby': 'signup-help'});
  // The browser's own words for a pattern mismatch ("Please match the requested format") do not say what is allowed.
  const explain = () => input.setCustomValidity(input.validity.patternMismatch ? t('signup.pattern') : '');
  input.addEventListener('input', explain);
  input.addEventListener('invalid', explain);
  const error = errorBox('signup-error');
  const form = h('form', {class: 'card signup', id: 'signup'},
    h('h1', {}, t('signup.title')),
    reason ? h('p', {class: 'notice stale', role: 'alert', id: 'signup-reason'}, reason) : null,
    h('label', {for: 'signup-name'}, t('signup.name')),
    input,
    h('p', {id: 'signup-help', class: 'hint'}, t('signup.help')),
    error,
    h('button', {type: 'submit', id: 'signup-submit'}, t('signup.submit')));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    showError(error, null);
    try {
      await signUp(input.value.trim());
      onSignedUp();
    } catch (e) {
      showError(error, e);
      input.focus();
    }
  });
  replace(root, h('main', {id: 'signup-page'}, form));
  input.focus();
}

// ---- the lobby ------------------------------------------------------------------------------------------------

function gameSelect(id) {
  return h('select', {id, name: 'game'}, GAMES.map((g) => h('option', {value: g}, title(g))));
}

function seatsInput(id, select) {
  const input = h('input', {id, name: 'seats', type: 'number', min: 2, max: 6, value: 2, required: true});
  const limit = () => {
    const [min, max] = SEATS[select.value] || [2, 6];
    input.min = min;
    input.max = max;
  };
  select.addEventListener('change', limit);
  limit();
  return input;
}

/**
 * The options a title takes besides the clock: Carrara's expansion (lobby-service/README.md). Shown only for that
 * title; the lobby checks them and answers a problem for anything else.
 */
function titleOptions(id, select) {
  const box = h('input', {type: 'checkbox', id, name: 'expansion'});
  const row = h('label', {for: id, class: 'check'}, box, ' ', t('options.expansion'));
  const show = () => {
    row.hidden = select.value !== 'carrara';
  };
  select.addEventListener('change', show);
  show();
  return {row, options: () => (select.value === 'carrara' ? {expansion: box.checked ? 'true' : 'false'} : {})};
}

function openTableForm() {
  const game = gameSelect('open-game');
  const seats = seatsInput('open-seats', game);
  const own = titleOptions('open-expansion', game);
  const clock = h('select', {id: 'open-clock', name: 'clock'},
    h('option', {value: 'turn-based'}, t('open.turn-based')), h('option', {value: 'realtime'}, t('open.realtime')));
  const amount = h('input', {id: 'open-time', name: 'time', type: 'number', min: 1, value: 72, required: true});
  const amountLabel = h('label', {for: 'open-time'}, t('open.hours'));
  clock.addEventListener('change', () => {
    const realtime = clock.value === 'realtime';
    amountLabel.textContent = realtime ? t('open.seconds') : t('open.hours');
    amount.value = realtime ? 120 : 72;
  });
  const error = errorBox('open-error');
  const form = h('form', {class: 'card', id: 'open-table', 'aria-labelledby': 'open-title'},
    h('h2', {id: 'open-title'}, t('open.title')),
    h('label', {for: 'open-game'}, t('common.game')), game,
    h('label', {for: 'open-seats'}, t('open.seats')), seats, own.row,
    h('label', {for: 'open-clock'}, t('open.clock')), clock,
    amountLabel, amount, error,
    h('button', {type: 'submit', id: 'open-submit'}, t('open.submit')));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    showError(error, null);
    const options = {...own.options(), ...(clock.value === 'realtime' ? {clock: 'realtime', turnSeconds: String(amount.value)}
      : {clock: 'turn-based', moveHours: String(amount.value)})};
    try {
      const table = await post('/tables', {game: game.value, seats: Number(seats.value), options});
      location.hash = `#/tables/${table.id}`;
    } catch (e) {
      showError(error, e);
    }
  });
  return form;
}

/**
 * Quick play. While the caller waits in line, the tables' live feed tells when they are matched: the lobby opens,
 * fills and starts their table in one go (TableStarted), whose change names the table's players: if the caller is
 * among them, they go to it. No table is read for that, however many start meanwhile. The entry is read
 * (GET /matchmaking) when the feed is first live (one from an earlier visit is shown) and again after each
 * reconnection while waiting (a match made meanwhile), never on a timer.
 * The API tells the place in line only when asked, so the form says that the caller waits, not where.
 * Answers the form, and `change(change)` and `status(status)` for the lobby's feed to call.
 */
function quickPlayForm() {
  const game = gameSelect('quick-game');
  const players = seatsInput('quick-players', game);
  const own = titleOptions('quick-expansion', game);
  const status = h('p', {id: 'quick-status', role: 'status'});
  const error = errorBox('quick-error');
  const cancel = h('button', {type: 'button', id: 'quick-cancel', hidden: true}, t('quick.stop'));
  let waiting = false;
  let read = false;
  let left = false;
  const show = (entry) => {
    if (left) return;
    waiting = entry.status === 'queued';
    cancel.hidden = !waiting;
    if (waiting) {
      status.textContent = t('quick.waiting', {players: entry.players, game: title(entry.game)});
    } else if (entry.status === 'matched' && entry.tableId) {
      status.textContent = t('quick.matched');
      location.hash = `#/tables/${entry.tableId}`;
    } else {
      status.textContent = '';
    }
  };
  const readEntry = async () => {
    read = true;
    try {
      const entry = await get('/matchmaking');
      // A match the caller was not waiting for is one from an earlier visit, over and done with.
      if (entry.status !== 'matched' || waiting) show(entry);
    } catch (e) {
      showError(error, e);
    }
  };
  const form = h('form', {class: 'card', id: 'quick-play', 'aria-labelledby': 'quick-title'},
    h('h2', {id: 'quick-title'}, t('quick.title')),
    h('p', {class: 'hint'}, t('quick.hint')),
    h('label', {for: 'quick-game'}, t('common.game')), game,
    h('label', {for: 'quick-players'}, t('quick.players')), players, own.row,
    error, status,
    h('button', {type: 'submit', id: 'quick-submit'}, t('quick.submit')), cancel);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    showError(error, null);
    // Waiting from the moment of asking: a group another player completes may start before this answer arrives.
    waiting = true;
    try {
      show(await post('/matchmaking', {game: game.value, players: Number(players.value), options: own.options()}));
    } catch (e) {
      waiting = false;
      showError(error, e);
    }
  });
  cancel.addEventListener('click', async () => {
    try {
      await del('/matchmaking');
      waiting = false;
      status.textContent = t('quick.left');
      cancel.hidden = true;
    } catch (e) {
      showError(error, e);
    }
  });
  return {
    form,
    change: (change) => {
      if (waiting && change.type === 'tessera.lobby.TableStarted' && (change.players || []).includes(session().id)) {
        show({status: 'matched', tableId: change.tableId});
      }
    },
    status: (feed) => {
      if (feed === 'live' || feed === 'stopped' || (feed === 'reconnecting' && !read)) {
        if (!read || waiting) readEntry();
      }
    },
    stop: () => {
      left = true;
    },
  };
}

/** A table's seats, and what the caller may do there: join, leave, start. */
function tableItem(table, names, onChange, error) {
  const me = session() && session().id;
  const seated = table.players.includes(me);
  const act = (path, ok) => async () => {
    showError(error, null);
    try {
      const answer = await post(`/tables/${table.id}/${path}`);
      if (ok) ok(answer);
      onChange();
    } catch (e) {
      showError(error, e);
    }
  };
  const seats = table.players.map((p) => names.get(p) || p.slice(0, 8)).join(t('common.comma'));
  return h('li', {class: 'table-item', 'data-table': table.id},
    h('a', {href: `#/tables/${table.id}`}, title(table.game)),
    ` · ${t('table.seats', {taken: table.players.length, seats: table.seats, names: seats})} · ${t('table.host', {name: names.get(table.host) || ''})} · ${clockWords(table.options)} `,
    table.status === 'open' && !seated && table.players.length < table.seats
      ? h('button', {type: 'button', class: 'join', onclick: act('join', () => { location.hash = `#/tables/${table.id}`; })}, t('table.join')) : null,
    table.status === 'open' && seated ? h('button', {type: 'button', class: 'leave', onclick: act('leave')}, t('table.leave')) : null,
    table.status === 'open' && table.host === me ? h('button', {type: 'button', class: 'start', onclick: act('start')}, t('table.start')) : null,
    table.gameId ? h('a', {href: `#/games/${table.gameId}`, class: 'watch'}, seated ? t('table.play') : t('table.watch')) : null);
}

export function lobbyPage(root) {
  const error = errorBox('lobby-error');
  const away = feedNotice('lobby-feed');
  const lists = h('div', {class: 'tables'}, h('p', {}, t('common.loading')));
  const playing = h('ul', {id: 'playing-tables', class: 'plain'});
  const quick = quickPlayForm();
  replace(root, h('main', {id: 'lobby'},
    h('h1', {}, t('lobby.title')),
    error, away,
    h('div', {class: 'forms'}, quick.form, openTableForm()),
    h('section', {'aria-labelledby': 'open-tables-title'}, h('h2', {id: 'open-tables-title'}, t('lobby.open-tables')), lists),
    h('section', {'aria-labelledby': 'playing-title'}, h('h2', {id: 'playing-title'}, t('lobby.playing')), playing)));
  let read = false;
  const refresh = coalesced(500, async () => {
    try {
      const [open, live] = await Promise.all([
        Promise.all(GAMES.map((g) => get(`/tables?game=${g}&status=open`))),
        get('/tables?status=playing')]);
      read = true;
      const names = await namesOf([...open.flat(), ...live].flatMap((x) => [x.host, ...x.players]));
      replace(lists, GAMES.map((g, i) => h('section', {class: 'by-title', 'data-game': g},
        h('h3', {}, title(g)),
        open[i].length ? h('ul', {class: 'plain', id: `open-${g}`}, open[i].map((x) => tableItem(x, names, refresh, error)))
          : h('p', {class: 'none'}, t('lobby.no-open-table')))));
      replace(playing, live.slice(0, 20).map((x) => tableItem(x, names, refresh, error)));
      if (!live.length) playing.append(h('li', {class: 'none'}, t('lobby.none-playing')));
    } catch (e) {
      showError(error, e);
      if (transient(e)) refresh(2000);
    }
  });
  // The lists are read once the feed is live (every change from then on comes through it), again after a change, and
  // again after each reconnection, since nothing is replayed. A feed that cannot start does not leave the page empty.
  // lobby-service publishes a change after it has committed it (a table playing or finished too), so one reading
  // shows it.
  const feed = new TableFeed((change) => {
    refresh();
    quick.change(change);
  }, (status) => {
    away.hidden = status !== 'reconnecting' || !read;
    if (status === 'live' || status === 'stopped' || (status === 'reconnecting' && !read)) refresh();
    quick.status(status);
  }).start();
  return () => {
    feed.stop();
    refresh.stop();
    quick.stop();
  };
}

export function tablePage(root, tableId) {
  const error = errorBox('table-error');
  const away = feedNotice('table-feed');
  const body = h('div', {id: 'table-body'}, h('p', {}, t('table.loading')));
  replace(root, h('main', {id: 'table-page'}, h('h1', {}, t('table.title')), error, away, body, h('p', {}, h('a', {href: '#/'}, t('common.back-to-lobby')))));
  let left = false;
  let read = false;
  const refresh = coalesced(500, async () => {
    let table;
    try {
      table = await get(`/tables/${encodeURIComponent(tableId)}`);
      read = true;
    } catch (e) {
      showError(error, e);
      if (transient(e)) refresh(2000);
      return;
    }
    if (left) return;
    if (table.gameId && table.players.includes(session().id)) {
      leave();
      location.hash = `#/games/${table.gameId}`;
      return;
    }
    const names = await namesOf([table.host, ...table.players]);
    replace(body,
      h('p', {}, `${title(table.game)} · ${clockWords(table.options)} · ${t('table.status')} `,
        h('strong', {id: 'table-status', 'data-status': table.status}, term('table-status', table.status))),
      h('ol', {class: 'seats', id: 'seats'}, [...Array(table.seats).keys()].map((i) => h('li', {},
        table.players[i] ? (table.players[i] === table.host ? t('table.seat-host', {name: names.get(table.players[i])})
          : names.get(table.players[i])) : t('table.free-seat')))),
      h('ul', {class: 'plain'}, tableItem(table, names, refresh, error)),
      table.status === 'starting' ? h('p', {role: 'status'}, h('span', {class: 'spinner', 'aria-hidden': 'true'}), ' ', t('table.setting-up')) : null);
  });
  // Starting: the feed tells when the table plays its game (PlayBegan), once lobby-service shows it so; the page reads
  // the table then and a seated player goes to the game.
  const feed = new TableFeed((change) => {
    if (change.tableId === tableId) refresh();
  }, (status) => {
    away.hidden = status !== 'reconnecting' || !read;
    if (status === 'live' || status === 'stopped' || (status === 'reconnecting' && !read)) refresh();
  }).start();
  const leave = () => {
    left = true;
    feed.stop();
    refresh.stop();
  };
  return leave;
}

// ---- my games, leaderboards, profiles --------------------------------------------------------------------------

/** A finished game in words: the rank and score, and the rating's change when the game was rated. */
function finished(g) {
  const result = t('games.rank-score', {rank: g.rank ?? '?', score: g.score ?? '?'});
  return g.ratingAfter != null ? t('games.finished-rated', {result, before: g.ratingBefore, after: g.ratingAfter})
    : t('games.finished', {result});
}

export function myGamesPage(root) {
  const me = session().id;
  const error = errorBox('games-error');
  const items = h('ul', {id: 'my-games', class: 'plain'}, h('li', {}, t('common.loading')));
  replace(root, h('main', {id: 'games-page'}, h('h1', {}, t('nav.my-games')), error, items));
  return every(4000, async () => {
    try {
      const games = await get(`/players/${encodeURIComponent(me)}/games?limit=20`);
      const views = await Promise.all(games.map((g) => (g.status === 'playing' ? get(`/games/${encodeURIComponent(g.gameId)}`).catch(() => null) : null)));
      const names = await namesOf(games.flatMap((g) => g.players).concat(views.map((v) => v && v.toAct)));
      // The tab tells how many games wait for the player's move, as the game page tells "your turn".
      const waiting = views.filter((v) => v && !v.over && v.toAct === me).length;
      document.title = waiting ? t('games.tab-waiting', {count: waiting}) : t('games.tab');
      replace(items, games.length ? games.map((g, i) => {
        const view = views[i];
        const turn = g.status !== 'playing' ? finished(g)
          : !view ? t('games.playing') : view.toAct === me ? t('games.your-turn') : view.toAct ? t('games.to-play', {name: names.get(view.toAct)})
            : t('games.waiting-scoring');
        return h('li', {class: ['game-item', view && view.toAct === me && 'my-turn'].filter(Boolean).join(' '), 'data-game-id': g.gameId},
          h('a', {href: `#/games/${g.gameId}`}, title(g.game)), ` ${t('games.with', {names: list(g.players.filter((p) => p !== me).map((p) => names.get(p)))})} · `,
          h('strong', {}, turn), ` · `, h('time', {datetime: g.startedAt, title: dateTime(g.startedAt)}, t('games.started', {when: relative(g.startedAt)})));
      }) : [h('li', {class: 'none'}, t('games.none'))]);
    } catch (e) {
      showError(error, e);
    }
  });
}

export function leaderboardPage(root, game) {
  game = GAMES.includes(game) ? game : GAMES[0];
  const error = errorBox('board-error');
  const table = h('div', {id: 'leaderboard'}, t('common.loading'));
  replace(root, h('main', {id: 'leaderboards'}, h('h1', {}, t('nav.leaderboards')),
    h('nav', {class: 'tabs', 'aria-label': t('leaderboard.games')}, GAMES.map((g) => h('a', {href: `#/leaderboards/${g}`, 'aria-current': g === game ? 'page' : null}, title(g)))),
    error, table));
  get(`/leaderboards/${game}`).then((board) => {
    replace(table, board.entries.length ? h('table', {},
      h('caption', {}, t('leaderboard.caption', {game: title(game)})),
      h('thead', {}, h('tr', {}, ['col.rank', 'col.player', 'col.rating', 'col.games'].map((c) => h('th', {scope: 'col'}, t(c))))),
      h('tbody', {}, board.entries.map((e) => h('tr', {},
        h('td', {}, num(e.rank)), h('td', {}, h('a', {href: `#/players/${e.player}`}, e.name || e.player)),
        h('td', {}, num(e.rating)), h('td', {}, num(e.games))))))
      : h('p', {class: 'none'}, t('leaderboard.none')));
  }, (e) => showError(error, e));
}

export function profilePage(root, id) {
  const error = errorBox('profile-error');
  const body = h('div', {id: 'profile'}, t('common.loading'));
  replace(root, h('main', {id: 'profile-page'}, error, body));
  Promise.all([get(`/players/${encodeURIComponent(id)}`), get(`/players/${encodeURIComponent(id)}/games?limit=20`)]).then(async ([p, games]) => {
    const names = await namesOf(games.flatMap((g) => g.players));
    replace(body, h('h1', {}, p.name || id),
      h('p', {}, t('profile.counts', {played: p.gamesPlayed, finished: p.gamesFinished, abandoned: p.abandoned})),
      h('table', {},
        h('caption', {}, t('profile.ratings')),
        h('thead', {}, h('tr', {}, ['col.game', 'col.rating', 'col.games', 'col.wins', 'col.abandoned'].map((c) => h('th', {scope: 'col'}, t(c))))),
        h('tbody', {}, (p.ratings || []).map((r) => h('tr', {},
          h('td', {}, title(r.game)), h('td', {}, num(r.rating)), h('td', {}, num(r.games)),
          h('td', {}, num(r.wins)), h('td', {}, num(r.abandoned)))))),
      h('h2', {}, t('profile.recent')),
      h('ul', {class: 'plain'}, games.map((g) => h('li', {},
        h('a', {href: `#/games/${g.gameId}`}, title(g.game)), ` ${t('games.with', {names: list(g.players.filter((x) => x !== id).map((x) => names.get(x)))})}: `,
        g.status === 'playing' ? t('games.playing') : t('games.rank-score', {rank: g.rank ?? '?', score: g.score ?? '?'})))));
  }, (e) => showError(error, e));
}

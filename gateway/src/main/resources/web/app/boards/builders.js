// The Builders: Middle Ages: the five buildings and five workers for hire with the next card of each deck, and each
// player's area: coins, VP, free workers and machines, construction sites with their workers and what each still
// needs (the view's requirements less what it says the site's workers supply), completed buildings; the action
// points left in the current turn.

import {h, pieces, s} from '../dom.js';
import {moveWords} from './generic.js';
import {has, list, num, t, term} from '../i18n.js';

const RESOURCES = ['stone', 'wood', 'knowledge', 'tile'];
const RESOURCE_FILL = {stone: '#9aa0a6', wood: '#a8743f', knowledge: '#4a84c4', tile: '#d9674f'};
const CW = 112, CH = 120;

/** A resource, a worker's rank, in the help pages' words (stone: 石材, pierre; apprentice: 見習い, apprenti). */
const resource = (r) => term('resource', r);
const rank = (type) => term('rank', type);

function amounts(res) {
  const some = RESOURCES.filter((r) => (res || {})[r]).map((r) => t('builders.amount', {count: res[r], resource: resource(r)}));
  return some.length ? some.join(t('common.comma')) : t('builders.nothing');
}

/** The colours of the four resources, in words, once above the cards. */
function legend() {
  return h('p', {class: 'legend'}, t('builders.legend'), ' ',
    RESOURCES.map((r) => h('span', {class: 'legend-item'}, h('span', {class: 'swatch', style: null, 'data-resource': r}), resource(r))));
}

/** Each resource's own shape in a 22 × 20 box: a rough stone, a log of wood, a round of knowledge, a roof tile. */
const RESOURCE_SHAPE = {
  stone: (a) => s('polygon', {points: '3,17 1,9 6,2 15,1 21,7 20,16 12,19', ...a}),
  wood: (a) => s('rect', {x: 0, y: 1, width: 22, height: 18, rx: 8, ...a}),
  knowledge: (a) => s('circle', {cx: 11, cy: 10, r: 9.5, ...a}),
  tile: (a) => s('polygon', {points: '4,1 18,1 22,19 0,19', ...a}),
};

function resourceRow(res, y) {
  return RESOURCES.map((r, i) => s('g', {transform: `translate(${8 + i * 25} ${y})`},
    RESOURCE_SHAPE[r]({fill: RESOURCE_FILL[r], opacity: (res || {})[r] ? 1 : 0.3, class: 'res-box'}),
    s('text', {x: 11, y: 15, 'text-anchor': 'middle', class: 'res'}, String((res || {})[r] ?? 0))));
}

/**
 * A building's or machine's name in the reader's language ("term.builders-building.treadwheel-crane": our own words,
 * gateway/docs/glossary.md), else as the view gives it (a card of a later edition is still named).
 */
function named(name) {
  const key = `term.builders-building.${String(name ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return has(key) ? t(key) : String(name ?? '?');
}

/** A card's name at its top, whole: a long one ("Treadwheel Crane") is drawn narrower to fit (dom.js, fitTexts). */
function cardName(name, room = CW - 16) {
  return s('text', {x: 8, y: 18, class: 'label', 'data-fit': room}, named(name));
}

/**
 * The icon in a card's top right corner, in a 22 × 22 box: each worker's rank by its tool (an apprentice's bucket, a
 * labourer's shovel, a craftsman's hammer, a master's dividers), a building by a house, a machine by a gear. Pictures
 * only: the card's words say the same.
 */
const ICONS = {
  apprentice: () => [
    s('path', {d: 'M5 8 H17 L15 20 H7 Z', class: 'fill'}),
    s('path', {d: 'M5 8 Q11 0 17 8', class: 'line'}),
    s('line', {x1: 6, y1: 12, x2: 16, y2: 12, class: 'line'}),
  ],
  labourer: () => [
    s('line', {x1: 17, y1: 2, x2: 9, y2: 12, class: 'handle'}),
    s('line', {x1: 14.5, y1: 1, x2: 19.5, y2: 3.5, class: 'handle'}),
    s('path', {d: 'M6 10 L12 15 L7 21 Q2 20 2 15 Z', class: 'metal'}),
  ],
  craftsman: () => [
    s('line', {x1: 12, y1: 8, x2: 12, y2: 21, class: 'handle'}),
    s('path', {d: 'M4 3 H17 L20 4.5 V6.5 L17 8 H4 Z', class: 'metal'}),
  ],
  master: () => [
    s('circle', {cx: 11, cy: 4, r: 2.5, class: 'metal'}),
    s('line', {x1: 10, y1: 6, x2: 4, y2: 20, class: 'handle'}),
    s('line', {x1: 12, y1: 6, x2: 18, y2: 20, class: 'handle'}),
    s('path', {d: 'M6 15 Q11 18 16 15', class: 'line'}),
  ],
  building: () => [
    s('path', {d: 'M3 11 L11 3 L19 11 V20 H3 Z', class: 'fill'}),
    s('rect', {x: 9, y: 14, width: 4, height: 6, class: 'dark'}),
  ],
  machine: () => {
    // A gear: eight teeth round a wheel with its hub.
    const teeth = [];
    for (let k = 0; k < 16; k++) {
      const a = (Math.PI * 2 * k) / 16, r = k % 2 ? 7.5 : 10;
      const b = a + Math.PI / 16;
      teeth.push(`${11 + r * Math.cos(a - Math.PI / 32)} ${11 + r * Math.sin(a - Math.PI / 32)}`, `${11 + r * Math.cos(b - Math.PI / 32)} ${11 + r * Math.sin(b - Math.PI / 32)}`);
    }
    return [s('path', {d: `M${teeth.join(' L')} Z`, class: 'metal'}), s('circle', {cx: 11, cy: 11, r: 3, class: 'hole'})];
  },
};

/** The icon of `kind` in a card's top right corner, or (`low`, smaller) beside the card's second line. */
function icon(kind, low = false) {
  const draw = ICONS[String(kind).toLowerCase()];
  return draw ? s('g', {class: `icon icon-${String(kind).toLowerCase()}`, transform: low ? `translate(${CW - 25} 21) scale(0.75)` : `translate(${CW - 30} 4)`,
    'aria-hidden': 'true'}, draw()) : null;
}

function buildingWords(b) {
  const words = t('builders.building-words', {name: named(b.name), needs: amounts(b.requires), vp: b.victoryPoints, coins: b.coins});
  return b.supplies ? t('builders.machine-words', {building: words, supplies: amounts(b.supplies)}) : words;
}

function workerWords(w, wages) {
  const wage = wages && wages[w.type];
  const words = t('builders.worker-words', {rank: rank(w.type), supplies: amounts(w.supplies)});
  return wage !== undefined ? t('builders.worker-wage', {worker: words, wage}) : words;
}

function buildingCard(ctx, b, x, y, key, label, extra) {
  const g = s('g', {class: ['card', 'building-card', b.supplies && 'machine'].filter(Boolean).join(' '), transform: `translate(${x} ${y})`, 'data-card': b.id,
    'data-piece': `building:${b.id}`},
    s('rect', {x: 1, y: 1, width: CW - 2, height: CH - 2, rx: 6}),
    cardName(b.name),
    icon(b.supplies ? 'machine' : 'building', true),
    s('text', {x: 8, y: 34, class: 'small', 'data-fit': CW - 36}, b.supplies ? t('builders.machine-needs') : t('builders.needs')),
    resourceRow(b.requires, 40),
    s('text', {x: 8, y: 80, 'data-fit': CW - 16}, t('builders.vp-coins', {vp: b.victoryPoints, coins: b.coins})),
    b.supplies ? [s('text', {x: 8, y: 96, class: 'small', 'data-fit': CW - 16}, t('builders.supplies')), ...resourceRow(b.supplies, 98).map((r) => {
      r.setAttribute('transform', r.getAttribute('transform').replace(/ 98\)/, ' 98) scale(0.8)'));
      return r;
    })] : null,
    extra || null);
  return ctx.target(g, key, label || buildingWords(b));
}

function workerCard(ctx, w, x, y, key, label) {
  const wage = (ctx.state.wages || {})[w.type];
  const g = s('g', {class: `card worker-card worker-${String(w.type).toLowerCase()}`, transform: `translate(${x} ${y})`, 'data-card': w.id,
    'data-piece': `worker:${w.id}`},
    s('rect', {x: 1, y: 1, width: CW - 2, height: 78, rx: 6}),
    s('text', {x: 8, y: 18, class: 'label', 'data-fit': CW - 40}, rank(w.type)),
    icon(w.type),
    resourceRow(w.supplies, 26),
    s('text', {x: 8, y: 66, 'data-fit': CW - 16}, wage !== undefined ? t('builders.wage', {wage}) : ''));
  return ctx.target(g, key, label || workerWords(w, ctx.state.wages));
}

function deckTop(ctx, card, size, draw, what) {
  const g = s('g', {class: 'deck-top', opacity: 0.75});
  if (card) g.append(draw(card));
  g.append(s('text', {x: 4, y: -6, class: 'small'}, t('builders.next', {count: size})));
  return ctx.target(g, null, card ? t(`builders.next-${what}`, {count: size, card: what === 'worker' ? workerWords(card, ctx.state.wages) : buildingWords(card)})
    : t(`builders.deck-empty-${what}`));
}

function buildingsForSale(ctx) {
  const st = ctx.state;
  const cards = st.buildingDisplay || [];
  return pieces(t('builders.for-sale-label', {count: cards.length, deck: st.buildingDeckSize}), CW + 8, CH + 24,
    [...cards, DECK], (b) => (b === DECK
      ? placed(deckTop(ctx, st.buildingDeckTop, st.buildingDeckSize, (top) => buildingCard(ctx, top, 0, 0, null), 'building'), 4, 20)
      : buildingCard(ctx, b, 4, 20, `building:${b.id}`, t('builders.for-sale', {building: buildingWords(b)}))));
}

function workersForHire(ctx) {
  const st = ctx.state;
  const cards = st.workerDisplay || [];
  return pieces(t('builders.for-hire-label', {count: cards.length, deck: st.workerDeckSize}), CW + 8, 104,
    [...cards, DECK], (w) => (w === DECK
      ? placed(deckTop(ctx, st.workerDeckTop, st.workerDeckSize, (top) => workerCard(ctx, top, 0, 0, null), 'worker'), 4, 20)
      : workerCard(ctx, w, 4, 20, `worker:${w.id}`, t('builders.for-hire', {worker: workerWords(w, st.wages)}))));
}

/** The deck's place at the end of a row. */
const DECK = {deck: true};

function placed(el, x, y) {
  el.setAttribute('transform', `translate(${x} ${y})`);
  return el;
}

/** A site: the building, the workers and machines on it, and what it still needs. */
function site(ctx, player, site, x, y) {
  const b = site.building;
  const supplied = site.supplied || {};
  const needed = {};
  for (const r of RESOURCES) needed[r] = Math.max(0, ((b.requires || {})[r] ?? 0) - (supplied[r] ?? 0));
  const on = [...(site.workers || []).map((w) => rank(w.type)), ...(site.machines || []).map((m) => named(m.name))];
  const g = s('g', {transform: `translate(${x} ${y})`, class: 'site'});
  g.append(buildingCard(ctx, b, 0, 0, player.name === ctx.me ? `site:${b.id}` : null,
    t('builders.site-label', {name: named(b.name), needs: amounts(needed), on: list(on) || t('builders.nobody')}),
    [s('rect', {x: 4, y: CH - 16, width: CW - 8, height: 12, rx: 3, class: 'need-bg'})]));
  g.append(s('text', {x: 4, y: CH + 14, class: 'small'}, t('builders.still-needs')), ...resourceRow(needed, CH + 18));
  // Who works there, each by their tool (a machine by its gear) and in words; each line names the card it was (workers
  // and buildings are numbered apart: `data-piece`), so that a worker just sent travels there from the free workers
  // (game.js, travel).
  const line = (kind, card, words, i) => {
    const mark = icon(kind);
    if (mark) mark.setAttribute('transform', `translate(4 ${CH + 46 + i * 14}) scale(0.55)`);
    g.append(s('g', {class: 'on-site', 'data-arrives': card && card.id !== undefined ? `${kind === 'machine' ? 'building' : 'worker'}:${card.id}` : null},
      mark, s('text', {x: 20, y: CH + 56 + i * 14, class: 'small'}, words)));
  };
  (site.workers || []).forEach((w, i) => line(w.type, w, `${rank(w.type)}${t('common.colon')}${amounts(w.supplies)}`, i));
  (site.machines || []).forEach((m, i) => line('machine', m, t('builders.machine', {name: named(m.name)}), (site.workers || []).length + i));
  return g;
}

function playerPanel(ctx, player) {
  const st = ctx.state;
  const current = player.name === st.currentPlayer;
  const sites = player.sites || [];
  const free = player.freeWorkers || [];
  const machines = player.freeMachines || [];
  const panel = h('section', {class: ['player', player.name === ctx.me && 'mine', current && 'current'].filter(Boolean).join(' '),
    'data-player': player.name, 'aria-label': ctx.name(player.name), 'data-sites': sites.length, 'data-free-workers': free.length + machines.length},
  h('h3', {}, ctx.name(player.name), current ? ` · ${t('common.to-play')}` : ''),
  ctx.meta ? ctx.meta(player.name) : null,
  h('p', {class: 'numbers'}, t('builders.numbers', {coins: player.coins, vp: player.buildingVictoryPoints}),
    current ? ` · ${t('builders.points-left', {count: st.actionPoints})}` : ''));
  const mine = player.name === ctx.me;
  const pieceOf = (x) => (x.machine
    ? ctx.target(s('g', {class: 'card machine', transform: 'translate(4 4)', 'data-piece': `building:${x.machine.id}`},
      s('rect', {x: 1, y: 1, width: CW - 2, height: 78, rx: 6}), cardName(x.machine.name, CW - 40), icon('machine'),
      resourceRow(x.machine.supplies, 26), s('text', {x: 8, y: 66, class: 'small', 'data-fit': CW - 16}, t('builders.no-wage'))),
    mine ? `machine:${x.machine.id}` : null, t('builders.free-machine', {name: named(x.machine.name), supplies: amounts(x.machine.supplies)}))
    : workerCard(ctx, x.worker, 4, 4, mine ? `worker:${x.worker.id}` : null, t('builders.free-worker', {worker: workerWords(x.worker, st.wages)})));
  panel.append(h('h4', {}, t('builders.free-title')),
    pieces(t('builders.free-label', {name: ctx.name(player.name), workers: free.length, machines: machines.length}), CW + 8, 88,
      [...free.map((worker) => ({worker})), ...machines.map((machine) => ({machine}))], pieceOf, t('builders.no-free-worker')));
  const maxOn = Math.max(0, ...sites.map((x) => (x.workers || []).length + (x.machines || []).length));
  panel.append(h('h4', {}, t('builders.sites')),
    pieces(t('builders.sites-label', {name: ctx.name(player.name), count: sites.length}), CW + 8, CH + 60 + maxOn * 14,
      sites, (x) => site(ctx, player, x, 4, 4), t('builders.no-site')));
  panel.append(h('p', {class: 'completed'}, t('builders.completed', {buildings:
    list((player.completed || []).map((b) => t('builders.completed-one', {name: named(b.name), vp: b.victoryPoints}))) || t('builders.nothing-yet')})));
  return panel;
}

export default {
  keys(move) {
    switch (move.type) {
      case 'start-construction': return [`building:${move.building}`];
      case 'recruit-worker': return [`worker:${move.worker}`];
      case 'send-worker': return [`worker:${move.worker}`, `site:${move.building}`];
      case 'send-machine': return [`machine:${move.machine}`, `site:${move.building}`];
      default: return [];
    }
  },

  label(move, ctx) {
    const st = ctx.state;
    const all = [...(st.buildingDisplay || []), ...(st.players || []).flatMap((p) => [...(p.sites || []).map((x) => x.building), ...(p.freeMachines || [])])];
    const workers = [...(st.workerDisplay || []), ...(st.players || []).flatMap((p) => p.freeWorkers || [])];
    const b = (id) => {
      const found = all.find((x) => x.id === id);
      return found ? named(found.name) : t('builders.card-id', {id});
    };
    const w = (id) => {
      const found = workers.find((x) => x.id === id);
      return found ? `${rank(found.type)} (${amounts(found.supplies)})` : t('builders.worker-id', {id});
    };
    switch (move.type) {
      case 'start-construction': return t('builders.move.start-construction', {building: b(move.building)});
      case 'recruit-worker': return t('builders.move.recruit-worker', {worker: w(move.worker)});
      case 'send-worker': return t('builders.move.send-worker', {worker: w(move.worker), building: b(move.building)});
      case 'send-machine': return t('builders.move.send-machine', {machine: b(move.machine), building: b(move.building)});
      case 'take-coins': return t('builders.move.take-coins', {count: move.actionPoints});
      case 'buy-action-point': return t('builders.move.buy-action-point');
      case 'end-turn': return t('builders.move.end-turn');
      default: return moveWords(move, ctx);
    }
  },

  waiting: () => t('builders.waiting'),

  render(ctx) {
    const st = ctx.state;
    const players = [...(st.players || [])];
    players.sort((a, b) => (b.name === ctx.me) - (a.name === ctx.me));
    return h('div', {class: 'builders'},
      h('section', {class: 'common', 'aria-label': t('builders.common')},
        h('p', {class: 'counts'}, t('builders.round', {round: st.round ?? '?'}),
          st.currentPlayer ? ` · ${t('builders.has-points', {name: ctx.name(st.currentPlayer), count: st.actionPoints})}` : '',
          st.endTriggeredBy ? ` · ${t('builders.last-round', {name: ctx.name(st.endTriggeredBy)})}` : ''),
        legend(),
        h('h2', {}, t('builders.buildings')), buildingsForSale(ctx),
        h('h2', {}, t('builders.workers')), workersForHire(ctx)),
      h('div', {class: 'players'}, players.map((p) => playerPanel(ctx, p))));
  },

  /** An event of The Builders in words for the log (log.js), or null for one this board does not word. */
  event(kind, d, name) {
    const who = name(d.player);
    const card = (x) => (x && typeof x === 'object' && x.name ? named(x.name) : t('builders.a-building'));
    const worker = (x) => (x && typeof x === 'object' && x.type ? rank(x.type) : t('builders.a-worker'));
    switch (kind) {
      case 'ConstructionStarted': return t('log.builders.construction-started', {name: who, building: card(d.building)});
      case 'WorkerRecruited': return t('log.builders.worker-recruited', {name: who, worker: worker(d.worker)});
      case 'WorkerSent': return t('log.builders.worker-sent', {name: who, worker: worker(d.worker), building: card(d.building), wage: d.wagePaid ?? 0});
      case 'MachineSent': return t('log.builders.machine-sent', {name: who, machine: card(d.machine), building: card(d.building)});
      case 'BuildingCompleted': return t('log.builders.completed', {name: who, building: card(d.building), vp: d.victoryPoints, coins: d.coinsEarned});
      case 'CoinsTaken': return t('log.builders.coins-taken', {name: who, coins: d.coinsTaken});
      case 'ActionPointBought': return t('log.builders.action-point-bought', {name: who});
      case 'TurnEnded': return t('log.builders.turn-ended', {name: who});
      case 'GameEndTriggered': return d.reason === 'stalemate' ? t('log.builders.end-stalemate')
        : t('log.builders.end-target', {name: who, vp: d.buildingVictoryPoints, round: d.round});
      case 'GameFinished': return t('log.builders.game-finished', {rounds: d.rounds});
      default: return null;
    }
  },

  history(ctx) {
    const finished = ctx.events.find((e) => e.type === 'tessera.builders.GameFinished');
    const tallies = finished && (finished.data.tallies || finished.data.players);
    if (!Array.isArray(tallies)) return null;
    return h('table', {class: 'history'},
      h('caption', {}, t('history.end-of-play')),
      h('thead', {}, h('tr', {}, ['col.player', 'col.building-vp', 'col.coins', 'col.completed'].map((c) => h('th', {scope: 'col'}, t(c))))),
      h('tbody', {}, tallies.map((x) => h('tr', {},
        h('td', {}, ctx.name(x.player)), h('td', {}, num(x.buildingVictoryPoints)), h('td', {}, num(x.coins)),
        h('td', {}, num(x.buildingsCompleted))))));
  },
};

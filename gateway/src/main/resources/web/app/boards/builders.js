// The Builders: Middle Ages: the five buildings and five workers for hire with the next card of each deck, and each
// player's area: coins, VP, free workers and machines, construction sites with their workers and what each still
// needs (the view's requirements less what it says the site's workers supply), completed buildings; the action
// points left in the current turn.

import {h, pieces, s} from '../dom.js';
import {moveWords} from './generic.js';

const RESOURCES = ['stone', 'wood', 'knowledge', 'tile'];
const RESOURCE_FILL = {stone: '#9aa0a6', wood: '#a8743f', knowledge: '#4a84c4', tile: '#d9674f'};
const CW = 112, CH = 120;

function amounts(res) {
  const some = RESOURCES.filter((r) => (res || {})[r]).map((r) => `${res[r]} ${r}`);
  return some.length ? some.join(', ') : 'nothing';
}

/** The colours of the four resources, in words, once above the cards. */
function legend() {
  return h('p', {class: 'legend'}, 'Resources, in this order on every card: ',
    RESOURCES.map((r) => h('span', {class: 'legend-item'}, h('span', {class: 'swatch', style: null, 'data-resource': r}), r)));
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

/** A card's name at its top, whole: a long one ("Treadwheel Crane") is drawn narrower to fit (dom.js, fitTexts). */
function cardName(name) {
  return s('text', {x: 8, y: 18, class: 'label', 'data-fit': CW - 16}, String(name ?? '?'));
}

function buildingWords(b) {
  return `${b.name}: needs ${amounts(b.requires)}; ${b.victoryPoints} VP, ${b.coins} coins${b.supplies ? `; a machine supplying ${amounts(b.supplies)}` : ''}`;
}

function workerWords(w, wages) {
  const wage = wages && wages[w.type];
  return `${String(w.type).toLowerCase()} supplying ${amounts(w.supplies)}${wage !== undefined ? `, wage ${wage}` : ''}`;
}

function buildingCard(ctx, b, x, y, key, label, extra) {
  const g = s('g', {class: ['card', 'building-card', b.supplies && 'machine'].filter(Boolean).join(' '), transform: `translate(${x} ${y})`, 'data-card': b.id},
    s('rect', {x: 1, y: 1, width: CW - 2, height: CH - 2, rx: 6}),
    cardName(b.name),
    s('text', {x: 8, y: 34, class: 'small'}, b.supplies ? 'machine · needs' : 'needs'),
    resourceRow(b.requires, 40),
    s('text', {x: 8, y: 80}, `${b.victoryPoints} VP · ${b.coins} coins`),
    b.supplies ? [s('text', {x: 8, y: 96, class: 'small'}, 'supplies'), ...resourceRow(b.supplies, 98).map((r) => {
      r.setAttribute('transform', r.getAttribute('transform').replace(/ 98\)/, ' 98) scale(0.8)'));
      return r;
    })] : null,
    extra || null);
  return ctx.target(g, key, label || buildingWords(b));
}

function workerCard(ctx, w, x, y, key, label) {
  const wage = (ctx.state.wages || {})[w.type];
  const g = s('g', {class: `card worker-card worker-${String(w.type).toLowerCase()}`, transform: `translate(${x} ${y})`, 'data-card': w.id},
    s('rect', {x: 1, y: 1, width: CW - 2, height: 78, rx: 6}),
    s('text', {x: 8, y: 18, class: 'label'}, String(w.type).toLowerCase()),
    resourceRow(w.supplies, 26),
    s('text', {x: 8, y: 66}, wage !== undefined ? `wage ${wage}` : ''));
  return ctx.target(g, key, label || workerWords(w, ctx.state.wages));
}

function deckTop(ctx, card, size, draw, what) {
  const g = s('g', {class: 'deck-top', opacity: 0.75});
  if (card) g.append(draw(card));
  g.append(s('text', {x: 4, y: -6, class: 'small'}, `next · ${size} in the deck`));
  return ctx.target(g, null, card ? `next ${what} in the deck (${size} cards): ${what === 'worker' ? workerWords(card, ctx.state.wages) : buildingWords(card)}`
    : `the ${what} deck is empty`);
}

function buildingsForSale(ctx) {
  const st = ctx.state;
  const cards = st.buildingDisplay || [];
  return pieces(`Buildings for sale: ${cards.length}; the building deck holds ${st.buildingDeckSize}`, CW + 8, CH + 24,
    [...cards, DECK], (b) => (b === DECK
      ? placed(deckTop(ctx, st.buildingDeckTop, st.buildingDeckSize, (top) => buildingCard(ctx, top, 0, 0, null), 'building'), 4, 20)
      : buildingCard(ctx, b, 4, 20, `building:${b.id}`, `for sale: ${buildingWords(b)}`)));
}

function workersForHire(ctx) {
  const st = ctx.state;
  const cards = st.workerDisplay || [];
  return pieces(`Workers for hire: ${cards.length}; the worker deck holds ${st.workerDeckSize}`, CW + 8, 104,
    [...cards, DECK], (w) => (w === DECK
      ? placed(deckTop(ctx, st.workerDeckTop, st.workerDeckSize, (top) => workerCard(ctx, top, 0, 0, null), 'worker'), 4, 20)
      : workerCard(ctx, w, 4, 20, `worker:${w.id}`, `for hire: ${workerWords(w, st.wages)}`)));
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
  const on = [...(site.workers || []).map((w) => String(w.type).toLowerCase()), ...(site.machines || []).map((m) => m.name)];
  const g = s('g', {transform: `translate(${x} ${y})`, class: 'site'});
  g.append(buildingCard(ctx, b, 0, 0, player.name === ctx.me ? `site:${b.id}` : null,
    `site ${b.name}: still needs ${amounts(needed)}; working on it: ${on.join(', ') || 'nobody'}`,
    [s('rect', {x: 4, y: CH - 16, width: CW - 8, height: 12, rx: 3, class: 'need-bg'})]));
  g.append(s('text', {x: 4, y: CH + 14, class: 'small'}, 'still needs'), ...resourceRow(needed, CH + 18));
  (site.workers || []).forEach((w, i) => {
    g.append(s('text', {x: 4, y: CH + 56 + i * 14, class: 'small'}, `${String(w.type).toLowerCase()}: ${amounts(w.supplies)}`));
  });
  (site.machines || []).forEach((m, i) => {
    g.append(s('text', {x: 4, y: CH + 56 + ((site.workers || []).length + i) * 14, class: 'small'}, `machine ${m.name}`));
  });
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
  h('h3', {}, ctx.name(player.name), current ? ' · to play' : ''),
  h('p', {class: 'numbers'}, `${player.coins} coins · ${player.buildingVictoryPoints} VP from buildings`,
    current ? ` · ${st.actionPoints} action point(s) left` : ''));
  const mine = player.name === ctx.me;
  const pieceOf = (x) => (x.machine
    ? ctx.target(s('g', {class: 'card machine', transform: 'translate(4 4)'},
      s('rect', {x: 1, y: 1, width: CW - 2, height: 78, rx: 6}), cardName(x.machine.name),
      resourceRow(x.machine.supplies, 26), s('text', {x: 8, y: 66, class: 'small'}, 'machine, no wage')),
    mine ? `machine:${x.machine.id}` : null, `free machine ${x.machine.name} supplying ${amounts(x.machine.supplies)}`)
    : workerCard(ctx, x.worker, 4, 4, mine ? `worker:${x.worker.id}` : null, `free worker: ${workerWords(x.worker, st.wages)}`));
  panel.append(h('h4', {}, 'Free workers and machines'),
    pieces(`${ctx.name(player.name)}'s free workers: ${free.length}, machines: ${machines.length}`, CW + 8, 88,
      [...free.map((worker) => ({worker})), ...machines.map((machine) => ({machine}))], pieceOf, 'no free worker'));
  const maxOn = Math.max(0, ...sites.map((x) => (x.workers || []).length + (x.machines || []).length));
  panel.append(h('h4', {}, 'Construction sites'),
    pieces(`${ctx.name(player.name)}'s construction sites: ${sites.length}`, CW + 8, CH + 60 + maxOn * 14,
      sites, (x) => site(ctx, player, x, 4, 4), 'no construction site'));
  panel.append(h('p', {class: 'completed'}, `Completed: ${(player.completed || []).map((b) => `${b.name} (${b.victoryPoints} VP)`).join(', ') || 'nothing yet'}`));
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
    const b = (id) => (all.find((x) => x.id === id) || {name: `card ${id}`}).name;
    const w = (id) => {
      const found = workers.find((x) => x.id === id);
      return found ? `${String(found.type).toLowerCase()} (${amounts(found.supplies)})` : `worker ${id}`;
    };
    switch (move.type) {
      case 'start-construction': return `Start building ${b(move.building)}`;
      case 'recruit-worker': return `Recruit the ${w(move.worker)}`;
      case 'send-worker': return `Send the ${w(move.worker)} to ${b(move.building)}`;
      case 'send-machine': return `Send the machine ${b(move.machine)} to ${b(move.building)}`;
      case 'take-coins': return `Take coins for ${move.actionPoints} action point(s)`;
      case 'buy-action-point': return 'Buy an action point';
      case 'end-turn': return 'End my turn';
      default: return moveWords(move, ctx);
    }
  },

  waiting: () => 'the final standings',

  render(ctx) {
    const st = ctx.state;
    const players = [...(st.players || [])];
    players.sort((a, b) => (b.name === ctx.me) - (a.name === ctx.me));
    return h('div', {class: 'builders'},
      h('section', {class: 'common', 'aria-label': 'Buildings and workers'},
        h('p', {class: 'counts'}, `Round ${st.round ?? '?'}`, st.currentPlayer ? ` · ${ctx.name(st.currentPlayer)} has ${st.actionPoints} action point(s) left` : '',
          st.endTriggeredBy ? ` · last round (the end was triggered by ${ctx.name(st.endTriggeredBy)})` : ''),
        legend(),
        h('h2', {}, 'Buildings'), buildingsForSale(ctx),
        h('h2', {}, 'Workers'), workersForHire(ctx)),
      h('div', {class: 'players'}, players.map((p) => playerPanel(ctx, p))));
  },

  history(ctx) {
    const finished = ctx.events.find((e) => e.type === 'tessera.builders.GameFinished');
    const tallies = finished && (finished.data.tallies || finished.data.players);
    if (!Array.isArray(tallies)) return null;
    return h('table', {class: 'history'},
      h('caption', {}, 'At the end of play'),
      h('thead', {}, h('tr', {}, ['Player', 'Building VP', 'Coins', 'Buildings completed'].map((c) => h('th', {scope: 'col'}, c)))),
      h('tbody', {}, tallies.map((t) => h('tr', {},
        h('td', {}, ctx.name(t.player)), h('td', {}, String(t.buildingVictoryPoints)), h('td', {}, String(t.coins)),
        h('td', {}, String(t.buildingsCompleted))))));
  },
};

// Carrara: the wheel's six sections with their stones and prices, the display of buildings, the objects for sale,
// and each player's board (cities with their buildings, objects, stones, valuation markers), with the cities
// already valued. Drawn from the view as it comes: lists are iterated, not counted on, names the page does not know
// (a city, a building type, a field of a future expansion) are shown as they are, and every legal move the board
// cannot place stays playable from the list of moves.

import {h, s, svg} from '../dom.js';
import {moveWords} from './generic.js';

const STONE_FILL = {white: '#f7f7f2', yellow: '#f2d14c', red: '#d9534f', green: '#4caf6a', blue: '#4a84c4', black: '#333'};
const KNOWN_CITIES = ['Livorno', 'Pisa', 'Lucca', 'Viareggio', 'Massa', 'Lerici'];
const KNOWN_TYPES = ['Biblioteca', 'Cattedrale', 'Palazzo', 'Porta', 'Castello', 'Villa'];
const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'];
/** The engine's phases (game-service's carrara.Phase) in the game's words; an unknown one is shown as it comes. */
const PHASE_WORDS = {
  ACTION: 'Choosing an action',
  BUYING_STONES: 'Buying stones from a section of the wheel',
  CHOOSING_UPGRADE: 'Taking an upgrade tile',
  AWAITING_VALUATION: 'A valuation is being counted',
  AFTER_ACTION: 'An object may be bought, then the turn ends',
  OVER: 'The game is over',
};

const KNOWN_FIELDS = new Set(['phase', 'current', 'wheel', 'bag', 'display', 'pile', 'supply', 'market', 'citiesValued',
  'declaredBy', 'endTriggered', 'pending', 'players', 'prices', 'expansion']);
const KNOWN_PLAYER_FIELDS = new Set(['name', 'coins', 'vp', 'stones', 'buildings', 'objects', 'typesValued', 'valuationMarkersLeft',
  'categoriesValued', 'upgrades']);
const KNOWN_EXPANSION_FIELDS = new Set(['largeBuildings', 'upgradesLeft', 'bonusCard']);

const roman = (n) => ROMAN[n - 1] || String(n);
const colours = (stones) => Object.keys(STONE_FILL).concat(Object.keys(stones || {}).filter((c) => !(c in STONE_FILL)));

function unique(list) {
  return [...new Set(list.filter(Boolean))];
}

/**
 * The wheel as a wheel: six sectors around a hub, numbered I to VI clockwise from the top, each with its stones (a disc
 * per colour, the count on it) and what one of each costs there; the hub turns it, the bag beside it.
 */
function wheel(ctx) {
  const st = ctx.state;
  const sections = Array.isArray(st.wheel) ? st.wheel : [];
  const prices = Array.isArray(st.prices) ? st.prices : [];
  const all = unique(sections.flatMap((sec) => colours(sec)));
  const R = 150, cx = R + 8, cy = R + 8, n = Math.max(1, sections.length);
  const at = (angle, r) => [cx + r * Math.sin(angle), cy - r * Math.cos(angle)];
  const el = svg(2 * R + 16 + 124, 2 * R + 16, `The wheel: ${sections.length} sections; the bag holds ${st.bag ?? '?'} stones`);
  sections.forEach((sec, i) => {
    const a0 = (2 * Math.PI * i) / n, a1 = (2 * Math.PI * (i + 1)) / n, mid = (a0 + a1) / 2;
    const [x0, y0] = at(a0, R), [x1, y1] = at(a1, R), [hx0, hy0] = at(a0, 34), [hx1, hy1] = at(a1, 34);
    const stonesThere = Object.entries(sec || {}).filter(([, c]) => c > 0).map(([c, k]) => `${k} ${c}`);
    const priceWords = all.map((c) => (prices[i] && c in prices[i] ? `${c} ${prices[i][c]}` : null)).filter(Boolean);
    const g = s('g', {class: 'section'},
      s('path', {d: `M${hx0} ${hy0} L${x0} ${y0} A${R} ${R} 0 0 1 ${x1} ${y1} L${hx1} ${hy1} A34 34 0 0 0 ${hx0} ${hy0} Z`, class: 'section-bg'}));
    const [lx, ly] = at(mid, R - 16);
    g.append(s('text', {x: lx, y: ly + 5, 'text-anchor': 'middle', class: 'label'}, roman(i + 1)));
    // The stones in a grid of three columns, centred on the sector's middle.
    const [gx, gy] = at(mid, R * 0.58);
    const cols = 3, rows = Math.ceil(all.length / cols);
    all.forEach((c, k) => {
      const x = gx + ((k % cols) - (cols - 1) / 2) * 24, y = gy + (Math.floor(k / cols) - (rows - 1) / 2) * 36 - 6;
      const count = (sec || {})[c] || 0;
      g.append(s('circle', {cx: x, cy: y, r: 9, fill: STONE_FILL[c] || '#999', stroke: '#555', opacity: count ? 1 : 0.25}),
        s('text', {x, y: y + 4, 'text-anchor': 'middle', class: `stone-count ${c === 'black' || c === 'blue' || c === 'red' ? 'light' : ''}`}, count ? String(count) : ''),
        s('text', {x, y: y + 21, 'text-anchor': 'middle', class: 'price'}, prices[i] && c in prices[i] ? `${prices[i][c]}c` : ''));
    });
    el.append(ctx.target(g, `section:${i + 1}`, `Section ${roman(i + 1)}: ${stonesThere.join(', ') || 'no stones'}; prices ${priceWords.join(', ') || 'not given'}`));
  });
  el.append(ctx.target(s('g', {class: 'turn-wheel'},
    s('circle', {cx, cy, r: 30}),
    s('text', {x: cx, y: cy + 4, 'text-anchor': 'middle', class: 'label'}, 'Turn')), 'wheel', 'turn the wheel'));
  const bx = 2 * R + 24;
  el.append(s('g', {transform: `translate(${bx} 8)`, role: 'img', 'aria-label': `the bag: ${st.bag ?? '?'} stones`},
    s('rect', {x: 0, y: 0, width: 108, height: 56, rx: 8, class: 'bag'}),
    s('text', {x: 54, y: 24, 'text-anchor': 'middle', class: 'label'}, 'Bag'),
    s('text', {x: 54, y: 44, 'text-anchor': 'middle'}, `${st.bag ?? '?'} stones`)));
  return el;
}

function buildingCard(ctx, b, x, y, key, label) {
  const g = s('g', {class: `building category-${b.category || 'other'}`, transform: `translate(${x} ${y})`},
    s('rect', {x: 1, y: 1, width: 92, height: 62, rx: 6}),
    s('text', {x: 8, y: 20, class: 'label', 'data-fit': 80}, String(b.building ?? b.type ?? '?')),
    s('text', {x: 8, y: 38}, `cost ${b.cost ?? '?'}`),
    s('text', {x: 8, y: 54, class: 'small', 'data-fit': 80}, [b.category, b.object].filter(Boolean).join(' · ')));
  return ctx.target(g, key, label);
}

function display(ctx) {
  const tiles = Array.isArray(ctx.state.display) ? ctx.state.display : [];
  const perRow = 5;
  const el = svg(perRow * 98 + 8, Math.max(1, Math.ceil(tiles.length / perRow)) * 68 + 8,
    `The display: ${tiles.length} building(s) for sale; ${ctx.state.pile ?? '?'} face down`);
  tiles.forEach((t, i) => {
    const words = `${t.building} costing ${t.cost} (${t.category || 'other'}, gives ${t.object || 'no object'})`;
    el.append(buildingCard(ctx, t, 4 + (i % perRow) * 98, 4 + Math.floor(i / perRow) * 68, `building:${t.building}:${t.cost}`, `display: ${words}`));
  });
  return el;
}

function objects(ctx) {
  const market = Array.isArray(ctx.state.market) ? ctx.state.market : [];
  const supply = ctx.state.supply || {};
  const el = svg(Math.max(1, market.length) * 86 + 8, 52, 'Objects for sale');
  market.forEach((o, i) => el.append(ctx.target(s('g', {class: 'object', transform: `translate(${4 + i * 86} 4)`},
    s('rect', {x: 1, y: 1, width: 80, height: 42, rx: 20}),
    s('text', {x: 41, y: 20, 'text-anchor': 'middle', class: 'label', 'data-fit': 68}, o),
    s('text', {x: 41, y: 36, 'text-anchor': 'middle', class: 'small'}, `${supply[o] ?? '?'} left`)), `object:${o}`, `object for sale: ${o}, ${supply[o] ?? '?'} left`)));
  return el;
}

/** The expansion's extra board: the cost-8 buildings, the upgrade tiles left, the bonus card. */
function expansionBoard(ctx, expansion) {
  const large = Array.isArray(expansion.largeBuildings) ? expansion.largeBuildings : [];
  const upgrades = Array.isArray(expansion.upgradesLeft) ? expansion.upgradesLeft : [];
  const bonus = expansion.bonusCard;
  const el = svg(Math.max(large.length, 1) * 98 + 8, 72, `The extra board: ${large.length} cost-8 building(s)`);
  large.forEach((t, i) => el.append(buildingCard(ctx, t, 4 + i * 98, 4, `large:${t.building}`,
    `extra board: ${t.building} costing ${t.cost} (${t.category || 'other'}, gives ${t.object || 'no object'})`)));
  const tiles = svg(Math.max(upgrades.length, 1) * 86 + 8, 36, `Upgrade tiles left: ${upgrades.join(', ') || 'none'}`);
  upgrades.forEach((u, i) => tiles.append(ctx.target(s('g', {class: 'type-marker upgrade', transform: `translate(${4 + i * 86} 4)`},
    s('rect', {x: 0, y: 0, width: 82, height: 26, rx: 4}),
    s('text', {x: 41, y: 17, 'text-anchor': 'middle', class: 'small'}, `+ ${u}`)), `upgrade:${u}`, `upgrade tile ${u}`)));
  const extra = Object.entries(expansion).filter(([k]) => !KNOWN_EXPANSION_FIELDS.has(k));
  return h('div', {class: 'expansion'},
    h('h2', {}, 'Extra board (expansion)'), el,
    h('h3', {}, 'Upgrade tiles'), tiles,
    bonus ? h('p', {class: 'bonus'}, `Bonus card: ${bonus.description || bonus.card} (${bonus.vp} VP)`) : null,
    extra.length ? h('dl', {class: 'extra'}, extra.map(([k, v]) => [h('dt', {}, k), h('dd', {}, JSON.stringify(v))])) : null);
}

function cityBoard(ctx, player) {
  const st = ctx.state;
  const buildings = Array.isArray(player.buildings) ? player.buildings : [];
  const cities = unique(KNOWN_CITIES.concat(buildings.map((b) => b.city), Object.keys(st.citiesValued || {})));
  const mine = player.name === ctx.me;
  const CW = 150, rows = Math.ceil(cities.length / 3);
  const maxHere = Math.max(1, ...cities.map((c) => buildings.filter((b) => b.city === c).length));
  const CH = 48 + maxHere * 20;
  const el = svg(3 * (CW + 6) + 6, rows * (CH + 6) + 6, `${ctx.name(player.name)}'s board: ${buildings.length} building(s) in ${cities.length} cities`);
  cities.forEach((city, i) => {
    const here = buildings.filter((b) => b.city === city);
    const valuedBy = (st.citiesValued || {})[city];
    const x = 6 + (i % 3) * (CW + 6), y = 6 + Math.floor(i / 3) * (CH + 6);
    const g = s('g', {transform: `translate(${x} ${y})`, class: ['city', valuedBy && 'valued'].filter(Boolean).join(' ')});
    const area = s('g', {class: 'city-area'}, s('rect', {x: 0, y: 0, width: CW, height: CH, rx: 6}),
      s('text', {x: 8, y: 18, class: 'label'}, city),
      here.map((b, k) => s('text', {x: 10, y: 40 + k * 20}, `${b.type} ${b.cost}`)));
    g.append(mine ? ctx.target(area, `city:${city}`, `${city}: ${here.map((b) => `${b.type} ${b.cost}`).join(', ') || 'no building'}`)
      : ctx.target(area, null, `${city}: ${here.map((b) => `${b.type} ${b.cost}`).join(', ') || 'no building'}`));
    const marker = s('g', {class: 'city-marker', transform: `translate(${CW - 58} 4)`},
      s('rect', {x: 0, y: 0, width: 54, height: 20, rx: 10}),
      s('text', {x: 27, y: 14, 'text-anchor': 'middle', class: 'small'}, valuedBy ? 'valued' : 'value'));
    g.append(ctx.target(marker, mine ? `value-city:${city}` : null,
      valuedBy ? `${city} was valued by ${ctx.name(valuedBy)}` : `${city} not valued yet`));
    el.append(g);
  });
  return el;
}

function typesRow(ctx, player) {
  const valued = Array.isArray(player.typesValued) ? player.typesValued : [];
  const buildings = Array.isArray(player.buildings) ? player.buildings : [];
  const types = unique(KNOWN_TYPES.concat(valued, buildings.map((b) => b.type)));
  const mine = player.name === ctx.me;
  const el = svg(types.length * 82 + 8, 36, `${ctx.name(player.name)}'s valuation markers by type: valued ${valued.join(', ') || 'none'}`);
  types.forEach((type, i) => el.append(ctx.target(s('g', {class: ['type-marker', valued.includes(type) && 'valued'].filter(Boolean).join(' '),
    transform: `translate(${4 + i * 82} 4)`},
  s('rect', {x: 0, y: 0, width: 78, height: 26, rx: 13}),
  s('text', {x: 39, y: 17, 'text-anchor': 'middle', class: 'small'}, type)), mine ? `value-type:${type}` : null,
  `${type}: ${valued.includes(type) ? 'valued' : 'not valued'}`)));
  return el;
}

/** Expansion: the valuation by category, once per category per player. */
function categoriesRow(ctx, player) {
  const valued = player.categoriesValued;
  const mine = player.name === ctx.me;
  const categories = unique(['city', 'land'].concat(valued));
  const el = svg(categories.length * 112 + 8, 36, `${ctx.name(player.name)}'s valuations by category: ${valued.join(', ') || 'none'}`);
  categories.forEach((c, i) => el.append(ctx.target(s('g', {class: ['type-marker', valued.includes(c) && 'valued'].filter(Boolean).join(' '),
    transform: `translate(${4 + i * 112} 4)`},
  s('rect', {x: 0, y: 0, width: 108, height: 26, rx: 13}),
  s('text', {x: 54, y: 17, 'text-anchor': 'middle', class: 'small'}, `${c} buildings`)), mine ? `value-category:${c}` : null,
  `${c} buildings: ${valued.includes(c) ? 'valued' : 'not valued'}`)));
  return el;
}

function playerPanel(ctx, player) {
  const st = ctx.state;
  const stones = Object.entries(player.stones || {}).filter(([, n]) => n > 0).map(([c, n]) => `${n} ${c}`);
  const objectsHeld = Object.entries(player.objects || {}).filter(([, n]) => n > 0).map(([o, n]) => `${n} ${o}`);
  const extra = Object.entries(player).filter(([k]) => !KNOWN_PLAYER_FIELDS.has(k));
  const current = player.name === st.current && !ctx.view.over;
  return h('section', {class: ['player', player.name === ctx.me && 'mine', current && 'current'].filter(Boolean).join(' '),
    'data-player': player.name, 'aria-label': ctx.name(player.name)},
  h('h3', {}, ctx.name(player.name), current ? ' · to play' : ''),
  h('p', {class: 'numbers'}, `${player.vp ?? 0} VP · coins: `,
    h('span', {class: 'coins'}, player.coins === null || player.coins === undefined ? 'hidden' : String(player.coins)),
    ` · valuation markers left: ${player.valuationMarkersLeft ?? '?'}`),
  h('p', {class: 'stones'}, `Stones: ${stones.join(', ') || 'none'}`),
  h('p', {class: 'objects'}, `Objects: ${objectsHeld.join(', ') || 'none'}`),
  Array.isArray(player.upgrades) ? h('p', {class: 'upgrades'}, `Upgrade tiles: ${player.upgrades.join(', ') || 'none'}`) : null,
  cityBoard(ctx, player),
  typesRow(ctx, player),
  Array.isArray(player.categoriesValued) ? categoriesRow(ctx, player) : null,
  extra.length ? h('dl', {class: 'extra'}, extra.map(([k, v]) => [h('dt', {}, k), h('dd', {}, JSON.stringify(v))])) : null);
}

function price(ctx, section, stones) {
  const prices = (ctx.state.prices || [])[section - 1];
  if (!prices) return null;
  return (stones || []).reduce((sum, c) => sum + (prices[c] ?? 0), 0);
}

export default {
  keys(move) {
    switch (move.type) {
      case 'rotate-wheel': return ['wheel'];
      case 'value-type': return [`value-type:${move.building}`];
      case 'value-city': return [`value-city:${move.city}`];
      case 'value-category': return [`value-category:${move.category}`];
      case 'take-upgrade': return [`upgrade:${move.upgrade}`];
      case 'build-large': return [`large:${move.building}`, `city:${move.city}`];
      case 'renovate': return [`building:${move.building}:${move.cost}`];
      default: {
        // By field, so that a move of a future type that names a section, a displayed building or a city is
        // placed on the board too.
        const keys = [];
        if (typeof move.section === 'number') keys.push(`section:${move.section}`);
        if (typeof move.building === 'string' && typeof move.cost === 'number') keys.push(`building:${move.building}:${move.cost}`);
        if (typeof move.city === 'string') keys.push(`city:${move.city}`);
        if (typeof move.object === 'string') keys.push(`object:${move.object}`);
        return keys;
      }
    }
  },

  label(move, ctx) {
    switch (move.type) {
      case 'rotate-wheel': return 'Turn the wheel (then buy stones)';
      case 'buy-stones': {
        const p = price(ctx, move.section, move.stones);
        return `Buy ${(move.stones || []).join(' + ')} from section ${roman(move.section)}${p === null ? '' : ` for ${p} coins`}`;
      }
      case 'buy-nothing': return 'Buy no stone';
      case 'take-coins': return 'Show my coins and take 2';
      case 'build': return `Build ${move.building} (cost ${move.cost}) in ${move.city} with ${(move.stones || []).join(', ')}`;
      case 'value-type': return `Value my ${move.building} buildings`;
      case 'value-city': return `Value ${move.city}`;
      case 'declare-end': return 'Declare the end of the game';
      case 'buy-object': return `Buy the ${move.object} object`;
      case 'end-turn': return 'End my turn';
      case 'skip-rotation': return 'Buy stones without turning the wheel';
      case 'build-large': return `Build the large ${move.building} (cost 8) in ${move.city} with ${(move.stones || []).join(', ')}`;
      case 'take-upgrade': return `Take the upgrade tile ${move.upgrade}`;
      case 'renovate': return `Renovate: ${move.building} (cost ${move.cost}) replaces ${move.replaces ? `${move.replaces.building} ${move.replaces.cost}` : 'a building'}, paying ${(move.stones || []).join(', ') || 'nothing'}`;
      case 'value-category': return `Value my ${move.category} buildings`;
      default: return moveWords(move, ctx);
    }
  },

  waiting(ctx) {
    const p = ctx.state.pending;
    return p ? `valuation of ${p.target} for ${ctx.name(p.player)}` : 'a valuation';
  },

  render(ctx) {
    const st = ctx.state;
    const players = [...(Array.isArray(st.players) ? st.players : [])];
    players.sort((a, b) => (b.name === ctx.me) - (a.name === ctx.me));
    const valued = Object.entries(st.citiesValued || {});
    const extra = Object.entries(st).filter(([k]) => !KNOWN_FIELDS.has(k));
    return h('div', {class: 'carrara'},
      h('section', {class: 'common', 'aria-label': 'Wheel, buildings and objects'},
        h('h2', {}, 'The wheel'), wheel(ctx),
        h('h2', {}, 'Buildings for sale'), display(ctx),
        h('h2', {}, 'Objects'), objects(ctx),
        st.expansion && typeof st.expansion === 'object' ? expansionBoard(ctx, st.expansion) : null,
        h('p', {class: 'counts'}, PHASE_WORDS[st.phase] || (st.phase ? `Phase: ${st.phase}` : ''),
          st.endTriggered && st.phase !== 'OVER' ? ` · the end is near${st.declaredBy ? ` (declared by ${ctx.name(st.declaredBy)})` : ''}` : ''),
        h('p', {class: 'valued'}, `Cities already valued: ${valued.map(([c, p]) => `${c} (by ${ctx.name(p)})`).join(', ') || 'none'}`),
        extra.length ? h('details', {class: 'extra'}, h('summary', {}, 'More of the view'),
          h('dl', {}, extra.map(([k, v]) => [h('dt', {}, k), h('dd', {}, JSON.stringify(v))]))) : null),
      h('div', {class: 'players'}, players.map((p) => playerPanel(ctx, p))));
  },

  history(ctx) {
    const valuations = ctx.events.filter((e) => e.type === 'tessera.carrara.ValuationScored');
    const finished = ctx.events.find((e) => e.type === 'tessera.carrara.GameFinished');
    return h('div', {class: 'history'},
      valuations.length ? h('table', {},
        h('caption', {}, 'The valuations that led to them'),
        h('thead', {}, h('tr', {}, ['Player', 'Valued', 'VP', 'Coins', 'Objects'].map((c) => h('th', {scope: 'col'}, c)))),
        h('tbody', {}, valuations.map((e) => h('tr', {},
          h('td', {}, ctx.name(e.data.player)), h('td', {}, `${e.data.kind} ${e.data.target}`), h('td', {}, String(e.data.vp)),
          h('td', {}, String(e.data.coins)), h('td', {}, (e.data.objects || []).join(', ')))))) : null,
      finished && Array.isArray(finished.data.players) ? h('table', {},
        h('caption', {}, 'At the end of play'),
        h('thead', {}, h('tr', {}, ['Player', 'VP', 'Coins', 'Objects', 'Buildings'].map((c) => h('th', {scope: 'col'}, c)))),
        h('tbody', {}, finished.data.players.map((p) => h('tr', {},
          h('td', {}, ctx.name(p.player)), h('td', {}, String(p.vp)), h('td', {}, String(p.coins)),
          h('td', {}, String(typeof p.objects === 'object' ? Object.values(p.objects || {}).reduce((a, b) => a + b, 0) : p.objects)),
          h('td', {}, String(Array.isArray(p.buildings) ? p.buildings.length : p.buildings)))))) : null);
  },
};

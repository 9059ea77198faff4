// Carrara: the wheel's six sections with their stones and prices, the display of buildings, the objects for sale,
// and each player's board (cities with their buildings, objects, stones, valuation markers), with the cities
// already valued. Drawn from the view as it comes: lists are iterated, not counted on, names the page does not know
// (a city, a building type, a field of a future expansion) are shown as they are, and every legal move the board
// cannot place stays playable from the list of moves.

import {h, s, svg} from '../dom.js';
import {moveWords} from './generic.js';
import {has, list, listNodes, num, t, term, tNodes} from '../i18n.js';

const STONE_FILL = {white: '#f7f7f2', yellow: '#f2d14c', red: '#d9534f', green: '#4caf6a', blue: '#4a84c4', black: '#333'};
const KNOWN_CITIES = ['Livorno', 'Pisa', 'Lucca', 'Viareggio', 'Massa', 'Lerici'];
const KNOWN_TYPES = ['Biblioteca', 'Cattedrale', 'Palazzo', 'Porta', 'Castello', 'Villa'];
/** The types built in the countryside (the others are the cities' own), for the colour of a building already placed. */
const LAND_TYPES = ['Castello', 'Villa'];
const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'];

// The game's terms in the help pages' words (i18n.js, term): an unknown one (a future expansion's) as it comes.
const city = (c) => term('city', c);
const building = (b) => term('carrara-building', b);
const object = (o) => term('object', o);
const stone = (c) => term('stone', c);
const category = (c) => term('category', c);
const stoneList = (stones) => (stones || []).map(stone);

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
 * Each building type's silhouette, drawn in a 40 × 30 box standing on its bottom edge: a villa's house with its
 * cypress, a castle's two towers and wall, a palace's rows of windows, a cathedral's front with its rose window and
 * bell tower, a library's columns, a city gate's arch. Pictures only: the piece around it says the type in words.
 */
const SHAPES = {
  villa: () => [
    s('rect', {x: 5, y: 15, width: 24, height: 15, class: 'wall'}),
    s('polygon', {points: '2,16 17,6 32,16', class: 'roof'}),
    s('rect', {x: 14, y: 21, width: 6, height: 9, class: 'dark'}),
    s('rect', {x: 8, y: 19, width: 4, height: 4, class: 'dark'}), s('rect', {x: 22, y: 19, width: 4, height: 4, class: 'dark'}),
    s('ellipse', {cx: 36, cy: 18, rx: 3.5, ry: 11, class: 'tree'}),
  ],
  castello: () => [
    s('path', {d: 'M1 30 V7 h2.5 v3 h2.5 v-3 h2.5 v3 h2.5 v-3 h2.5 V15 h2 v3 h2.5 v-3 h2.5 v3 h2.5 v-3 h2 V7 h2.5 v3 h2.5 v-3 h2.5 v3 h2.5 v-3 h2.5 V30 Z',
      class: 'wall'}),
    s('path', {d: 'M16 30 V25 a4 4 0 0 1 8 0 V30 Z', class: 'dark'}),
    s('rect', {x: 5.5, y: 14, width: 3, height: 5, class: 'dark'}), s('rect', {x: 31.5, y: 14, width: 3, height: 5, class: 'dark'}),
  ],
  palazzo: () => [
    s('rect', {x: 2, y: 9, width: 36, height: 21, class: 'wall'}),
    s('rect', {x: 0, y: 7, width: 40, height: 3, class: 'roof'}),
    [6, 13, 24, 31].flatMap((x) => [s('rect', {x, y: 12, width: 3, height: 5, class: 'dark'}), s('rect', {x, y: 20, width: 3, height: 5, class: 'dark'})]),
    s('path', {d: 'M17 30 V23 a3 3 0 0 1 6 0 V30 Z', class: 'dark'}),
  ],
  cattedrale: () => [
    s('rect', {x: 31, y: 2, width: 7, height: 28, class: 'wall'}),
    s('polygon', {points: '31,2 34.5,-2 38,2', class: 'roof'}),
    s('polygon', {points: '3,30 3,13 16,3 29,13 29,30', class: 'wall'}),
    s('circle', {cx: 16, cy: 14, r: 3.5, class: 'window'}),
    s('path', {d: 'M12 30 V24 a4 4 0 0 1 8 0 V30 Z', class: 'dark'}),
    s('rect', {x: 33.5, y: 6, width: 2, height: 4, class: 'dark'}),
  ],
  biblioteca: () => [
    s('polygon', {points: '2,11 20,2 38,11', class: 'roof'}),
    s('rect', {x: 3, y: 11, width: 34, height: 3, class: 'wall'}),
    [6, 14, 23, 31].map((x) => s('rect', {x, y: 14, width: 3, height: 12, class: 'wall'})),
    s('rect', {x: 1, y: 26, width: 38, height: 4, class: 'wall'}),
    s('path', {d: 'M15 7.5 q2.5 -1.5 5 0 q2.5 -1.5 5 0 v-0.1', class: 'line'}),
  ],
  porta: () => [
    s('path', {d: 'M6 30 V6 h3 v3 h3 v-3 h4 v3 h4 v-3 h4 v3 h4 v-3 h3 v3 h3 v-3 h3 V30 Z', class: 'wall'}),
    s('path', {d: 'M13 30 V19 a7 7 0 0 1 14 0 V30 Z', class: 'dark'}),
    s('line', {x1: 13, y1: 24, x2: 27, y2: 24, class: 'grille'}),
  ],
};
const HOUSE = () => [s('rect', {x: 8, y: 14, width: 24, height: 16, class: 'wall'}), s('polygon', {points: '5,15 20,4 35,15', class: 'roof'})];

/** A building type's silhouette at (x, y), `scale` times its 40 × 30; a type this client does not know is a house. */
function shape(type, x, y, scale = 1) {
  const draw = SHAPES[String(type).toLowerCase()] || HOUSE;
  return s('g', {class: `shape shape-${String(type).toLowerCase()}`, transform: `translate(${x} ${y}) scale(${scale})`, 'aria-hidden': 'true'}, draw());
}

/**
 * A stone as a block of marble seen from above a corner, in a 20 × 18 box: its top, its two sides a shade darker, a
 * vein across the top. Coloured by the stone's colour (a colour this client does not know is grey).
 */
function stoneIcon(colour, attrs = {}) {
  return s('g', {class: `icon stone-icon stone-${colour}`, 'aria-hidden': 'true', ...attrs},
    s('polygon', {points: '1,5.5 10,1 19,5.5 19,12.5 10,17 1,12.5', fill: STONE_FILL[colour] || '#999', class: 'block'}),
    s('polygon', {points: '1,5.5 10,10 10,17 1,12.5', class: 'side'}),
    s('polygon', {points: '10,10 19,5.5 19,12.5 10,17', class: 'side dark'}),
    s('path', {d: 'M5 5.2 Q9 4.6 11 6.4 T16 5.6', class: 'vein'}),
    s('polyline', {points: '1,5.5 10,10 19,5.5 M10,10 10,17', class: 'edge'}));
}

/**
 * Each object's picture in a 24 × 24 box: a gate's arch, a crown, a coat of arms' shield, an open book, a flag on its
 * pole, a cup. Pictures only: the words beside them say the same.
 */
const OBJECT_ICONS = {
  gate: () => [
    s('path', {d: 'M2 23 V10 A10 10 0 0 1 22 10 V23 H16.5 V12 A4.5 4.5 0 0 0 7.5 12 V23 Z', class: 'stonework'}),
    s('path', {d: 'M7.5 23 V12 A4.5 4.5 0 0 1 16.5 12 V23', class: 'line'}),
  ],
  crown: () => [
    s('path', {d: 'M2 18 L3.5 6 L8.5 11 L12 3 L15.5 11 L20.5 6 L22 18 Z', class: 'gold'}),
    s('rect', {x: 2, y: 18, width: 20, height: 4, class: 'gold'}),
    s('circle', {cx: 12, cy: 14, r: 1.8, class: 'jewel'}),
  ],
  'coat-of-arms': () => [
    s('path', {d: 'M3 2 H21 V11 Q21 19.5 12 23 Q3 19.5 3 11 Z', class: 'cloth'}),
    s('path', {d: 'M3 2 H12 V21.9 Q3 19 3 11 Z', class: 'gold'}),
    s('path', {d: 'M3 2 H21 V11 Q21 19.5 12 23 Q3 19.5 3 11 Z', class: 'line'}),
  ],
  book: () => [
    s('path', {d: 'M12 6 Q7 2.5 1.5 4.5 V20 Q7 18 12 21.5 Z', class: 'paper'}),
    s('path', {d: 'M12 6 Q17 2.5 22.5 4.5 V20 Q17 18 12 21.5 Z', class: 'paper'}),
    s('path', {d: 'M4 9 Q7 8 10 9.5 M4 13 Q7 12 10 13.5 M14 9.5 Q17 8 20 9 M14 13.5 Q17 12 20 13', class: 'line'}),
  ],
  flag: () => [
    s('line', {x1: 4, y1: 2, x2: 4, y2: 23, class: 'pole'}),
    s('path', {d: 'M4 3 H21 L17 8.5 L21 14 H4 Z', class: 'cloth'}),
  ],
  cup: () => [
    s('path', {d: 'M4.5 2 H19.5 Q19.5 13 12 14 Q4.5 13 4.5 2 Z', class: 'gold'}),
    s('rect', {x: 10.8, y: 14, width: 2.4, height: 5, class: 'gold'}),
    s('path', {d: 'M6 23 Q6 19 12 19 Q18 19 18 23 Z', class: 'gold'}),
  ],
};

/** An object's picture at (x, y), `scale` times its 24 × 24; an object this client does not know has none. */
function objectIcon(o, x, y, scale = 1) {
  const draw = OBJECT_ICONS[String(o).toLowerCase()];
  return draw ? s('g', {class: `icon object-icon object-${String(o).toLowerCase()}`, transform: `translate(${x} ${y}) scale(${scale})`,
    'aria-hidden': 'true'}, draw()) : null;
}

/** A small picture to stand among words (a player's stones, their objects): an <svg> of its own, hidden from assistive technology. */
function inlineIcon(width, height, picture) {
  return picture ? s('svg', {viewBox: `0 0 ${width} ${height}`, width: width * 0.8, height: height * 0.8, class: 'inline-icon', 'aria-hidden': 'true',
    focusable: 'false'}, picture) : null;
}

/** "2 white, 1 red", each count with its picture before it: the same words as the list without pictures. */
function counted(entries, picture, word) {
  return listNodes(entries.map(([k, n]) => [inlineIcon(24, 24, picture(k)), t('carrara.count-of', {count: n, what: word(k)})]));
}

/**
 * The wheel as a wheel: six sectors around a hub, numbered I to VI clockwise from the top, each with its stones (a block
 * of marble per colour, the count on it) and what one of each costs there; the hub turns it, the bag beside it.
 */
function wheel(ctx) {
  const st = ctx.state;
  const sections = Array.isArray(st.wheel) ? st.wheel : [];
  const prices = Array.isArray(st.prices) ? st.prices : [];
  const all = unique(sections.flatMap((sec) => colours(sec)));
  const R = 150, cx = R + 8, cy = R + 8, n = Math.max(1, sections.length);
  const at = (angle, r) => [cx + r * Math.sin(angle), cy - r * Math.cos(angle)];
  const el = svg(2 * R + 16 + 124, 2 * R + 16, t('carrara.wheel-label', {sections: sections.length, bag: st.bag ?? '?'}));
  // The sections turn together round the hub (style.css, wheel-turn: the hub just turned, they come round once).
  const turning = s('g', {class: 'sections'});
  el.append(turning);
  sections.forEach((sec, i) => {
    const a0 = (2 * Math.PI * i) / n, a1 = (2 * Math.PI * (i + 1)) / n, mid = (a0 + a1) / 2;
    const [x0, y0] = at(a0, R), [x1, y1] = at(a1, R), [hx0, hy0] = at(a0, 34), [hx1, hy1] = at(a1, 34);
    const stonesThere = Object.entries(sec || {}).filter(([, c]) => c > 0).map(([c, k]) => t('carrara.count-of', {count: k, what: stone(c)}));
    const priceWords = all.map((c) => (prices[i] && c in prices[i] ? t('carrara.price-of', {what: stone(c), price: prices[i][c]}) : null)).filter(Boolean);
    const g = s('g', {class: 'section', 'data-section': i + 1},
      s('path', {d: `M${hx0} ${hy0} L${x0} ${y0} A${R} ${R} 0 0 1 ${x1} ${y1} L${hx1} ${hy1} A34 34 0 0 0 ${hx0} ${hy0} Z`, class: 'section-bg'}));
    const [lx, ly] = at(mid, R - 16);
    g.append(s('text', {x: lx, y: ly + 5, 'text-anchor': 'middle', class: 'label'}, roman(i + 1)));
    // The stones in a grid of three columns, centred on the sector's middle.
    const [gx, gy] = at(mid, R * 0.58);
    const cols = 3, rows = Math.ceil(all.length / cols);
    all.forEach((c, k) => {
      const x = gx + ((k % cols) - (cols - 1) / 2) * 24, y = gy + (Math.floor(k / cols) - (rows - 1) / 2) * 36 - 6;
      const count = (sec || {})[c] || 0;
      g.append(stoneIcon(c, {transform: `translate(${x - 12} ${y - 11}) scale(1.2)`, opacity: count ? 1 : 0.25}),
        s('text', {x, y: y + 4, 'text-anchor': 'middle', class: `stone-count ${c === 'black' || c === 'blue' || c === 'red' ? 'light' : ''}`}, count ? String(count) : ''),
        s('text', {x, y: y + 21, 'text-anchor': 'middle', class: 'price'}, prices[i] && c in prices[i] ? t('carrara.coins-short', {coins: prices[i][c]}) : ''));
    });
    turning.append(ctx.target(g, `section:${i + 1}`, t('carrara.section-label', {section: roman(i + 1),
      stones: list(stonesThere) || t('carrara.no-stones'), prices: list(priceWords) || t('carrara.no-prices')})));
  });
  el.append(ctx.target(s('g', {class: 'turn-wheel'},
    s('circle', {cx, cy, r: 30}),
    s('text', {x: cx, y: cy + 4, 'text-anchor': 'middle', class: 'label', 'data-fit': 54}, t('carrara.turn'))), 'wheel', t('carrara.turn-label')));
  const bx = 2 * R + 24;
  el.append(s('g', {transform: `translate(${bx} 8)`, role: 'img', 'aria-label': t('carrara.bag-label', {count: st.bag ?? '?'})},
    s('rect', {x: 0, y: 0, width: 108, height: 56, rx: 8, class: 'bag'}),
    s('text', {x: 54, y: 24, 'text-anchor': 'middle', class: 'label', 'data-fit': 96}, t('carrara.bag')),
    s('text', {x: 54, y: 44, 'text-anchor': 'middle', 'data-fit': 96}, t('carrara.stones-count', {count: st.bag ?? '?'}))));
  return el;
}

/** A building for sale: its name, its cost on a coin, its silhouette, its category and the object it gives. */
function buildingCard(ctx, b, x, y, key, label, attrs = {}) {
  const type = b.building ?? b.type ?? '?';
  const g = s('g', {class: `building category-${b.category || 'other'}`, transform: `translate(${x} ${y})`, ...attrs},
    s('rect', {x: 1, y: 1, width: CARD_W - 2, height: CARD_H - 2, rx: 6}),
    s('text', {x: 8, y: 17, class: 'label', 'data-fit': CARD_W - 16}, building(type)),
    shape(type, 10, 24),
    s('circle', {cx: CARD_W - 22, cy: 39, r: 12, class: 'coin'}),
    s('text', {x: CARD_W - 22, y: 44, 'text-anchor': 'middle', class: 'cost', 'data-fit': 18}, num(b.cost ?? '?')),
    s('text', {x: 8, y: CARD_H - 8, class: 'small', 'data-fit': CARD_W - 16},
      [b.category && category(b.category), b.object && object(b.object)].filter(Boolean).join(' · ')));
  return ctx.target(g, key, label);
}
const CARD_W = 92, CARD_H = 78;

/** A building for sale in words: its type, cost, category and the object it gives. */
function buildingWords(b) {
  return t('carrara.building-words', {building: building(b.building), cost: b.cost,
    category: b.category ? category(b.category) : t('carrara.other'), object: b.object ? object(b.object) : t('carrara.no-object')});
}

function display(ctx) {
  const tiles = Array.isArray(ctx.state.display) ? ctx.state.display : [];
  const perRow = 5;
  const el = svg(perRow * (CARD_W + 6) + 8, Math.max(1, Math.ceil(tiles.length / perRow)) * (CARD_H + 6) + 8,
    t('carrara.display-label', {count: tiles.length, pile: ctx.state.pile ?? '?'}));
  tiles.forEach((b, i) => {
    el.append(buildingCard(ctx, b, 4 + (i % perRow) * (CARD_W + 6), 4 + Math.floor(i / perRow) * (CARD_H + 6), `building:${b.building}:${b.cost}`,
      t('carrara.on-display', {building: buildingWords(b)}), {'data-offer': `${b.building}|${b.cost}`}));
  });
  return el;
}

function objects(ctx) {
  const market = Array.isArray(ctx.state.market) ? ctx.state.market : [];
  const supply = ctx.state.supply || {};
  const el = svg(Math.max(1, market.length) * 108 + 8, 52, t('carrara.objects-label'));
  market.forEach((o, i) => el.append(ctx.target(s('g', {class: 'object', transform: `translate(${4 + i * 108} 4)`, 'data-object': o},
    s('rect', {x: 1, y: 1, width: 102, height: 42, rx: 20}),
    objectIcon(o, 10, 10),
    s('text', {x: 66, y: 20, 'text-anchor': 'middle', class: 'label', 'data-fit': 64}, object(o)),
    s('text', {x: 66, y: 36, 'text-anchor': 'middle', class: 'small', 'data-fit': 64}, t('carrara.left', {count: supply[o] ?? '?'}))),
  `object:${o}`, t('carrara.object-label', {object: object(o), count: supply[o] ?? '?'}))));
  return el;
}

/** An upgrade tile: a city's ("pisa") or a category's ("city-buildings"), in words. */
function upgrade(u) {
  return has(`term.upgrade.${String(u).toLowerCase()}`) ? term('upgrade', u) : city(u);
}

/** The expansion's extra board: the cost-8 buildings, the upgrade tiles left, the bonus card. */
function expansionBoard(ctx, expansion) {
  const large = Array.isArray(expansion.largeBuildings) ? expansion.largeBuildings : [];
  const upgrades = Array.isArray(expansion.upgradesLeft) ? expansion.upgradesLeft : [];
  const bonus = expansion.bonusCard;
  const el = svg(Math.max(large.length, 1) * (CARD_W + 6) + 8, CARD_H + 8, t('carrara.extra-label', {count: large.length}));
  large.forEach((b, i) => el.append(buildingCard(ctx, b, 4 + i * (CARD_W + 6), 4, `large:${b.building}`,
    t('carrara.on-extra', {building: buildingWords(b)}), {'data-offer': `${b.building}|${b.cost}`})));
  const tiles = svg(Math.max(upgrades.length, 1) * 86 + 8, 36, t('carrara.upgrades-left', {upgrades: list(upgrades.map(upgrade)) || t('common.none')}));
  upgrades.forEach((u, i) => tiles.append(ctx.target(s('g', {class: 'type-marker upgrade', transform: `translate(${4 + i * 86} 4)`},
    s('rect', {x: 0, y: 0, width: 82, height: 26, rx: 4}),
    s('text', {x: 41, y: 17, 'text-anchor': 'middle', class: 'small', 'data-fit': 74}, `+ ${upgrade(u)}`)), `upgrade:${u}`, t('carrara.upgrade-tile', {upgrade: upgrade(u)}))));
  const extra = Object.entries(expansion).filter(([k]) => !KNOWN_EXPANSION_FIELDS.has(k));
  return h('div', {class: 'expansion'},
    h('h2', {}, t('carrara.extra-board')), el,
    h('h3', {}, t('carrara.upgrade-tiles')), tiles,
    // The card in the reader's language by its id; one this client does not know by the view's English description.
    bonus ? h('p', {class: 'bonus'}, t('carrara.bonus', {card: has(`term.bonus-card.${bonus.card}`) ? term('bonus-card', bonus.card)
      : bonus.description || bonus.card, vp: bonus.vp})) : null,
    extra.length ? h('dl', {class: 'extra'}, extra.map(([k, v]) => [h('dt', {}, k), h('dd', {}, JSON.stringify(v))])) : null);
}

/**
 * A player's six cities as a small map of the Tuscan coast, each where it lies: Lerici on its gulf in the north-west,
 * Massa below the Apuan Alps, Viareggio on the shore, Lucca inland, Pisa and Livorno to the south, the sea to the west.
 * In each city its buildings, drawn by their shapes with their costs, and the button to value it. A city this client
 * does not know (a future expansion's) is drawn in a row below the map.
 */
function cityBoard(ctx, player) {
  const st = ctx.state;
  const buildings = Array.isArray(player.buildings) ? player.buildings : [];
  const cities = unique(KNOWN_CITIES.concat(buildings.map((b) => b.city), Object.keys(st.citiesValued || {})));
  const mine = player.name === ctx.me;
  const CW = 112, PER_ROW = 3, SLOT = 34, ROW = 40;
  const maxHere = Math.max(1, ...cities.map((c) => buildings.filter((b) => b.city === c).length));
  const CH = 28 + Math.ceil(maxHere / PER_ROW) * ROW;
  const gap = 8;
  // Where each city's box stands: from north to south, the coast running south-east.
  const at = {};
  at.Lerici = [20, 8];
  at.Massa = [142, 8 + Math.round(CH * 0.3)];
  at.Viareggio = [116, at.Massa[1] + CH + gap];
  at.Lucca = [262, at.Viareggio[1] + Math.round(CH * 0.15)];
  at.Pisa = [214, at.Lucca[1] + CH + gap];
  at.Livorno = [92, at.Pisa[1] + Math.round(CH * 0.4)];
  const others = cities.filter((c) => !at[c]);
  const mapHeight = at.Livorno[1] + CH + gap;
  others.forEach((c, k) => { at[c] = [8 + (k % 3) * (CW + 12), mapHeight + Math.floor(k / 3) * (CH + gap)]; });
  const W = 382, H = mapHeight + Math.ceil(others.length / 3) * (CH + gap);
  const el = svg(W, H, t('carrara.board-label', {name: ctx.name(player.name), buildings: buildings.length, cities: cities.length}));
  // The land, the sea west of the coast with a few waves, the mountains north of Lucca: pictures only.
  const coast = [[0, 8 + CH + 10], [30, 8 + CH + 12], [84, 8 + CH + 22], [106, at.Viareggio[1] + 10], [108, at.Viareggio[1] + CH],
    [88, at.Livorno[1] - 6], [80, H]];
  el.append(s('g', {class: 'map', 'aria-hidden': 'true'},
    s('rect', {x: 0, y: 0, width: W, height: mapHeight, rx: 8, class: 'land'}),
    s('path', {d: `M${coast.map(([x, y]) => `${x} ${y}`).join(' L')} L0 ${H} Z`, class: 'sea'}),
    [[12, at.Viareggio[1] + 20], [40, at.Viareggio[1] + 52], [14, at.Pisa[1] + 30], [44, at.Livorno[1] + 8]].filter(([, y]) => y < mapHeight - 8)
      .map(([x, y]) => s('path', {d: `M${x} ${y} q5 -4 10 0 t10 0`, class: 'wave'})),
    [[282, 8 + CH * 0.55], [308, 8 + CH * 0.35], [334, 8 + CH * 0.6], [358, 8 + CH * 0.4]].map(([x, y]) =>
      s('path', {d: `M${x - 16} ${y + 14} L${x} ${y - 12} L${x + 16} ${y + 14} Z M${x - 5} ${y - 3} L${x} ${y - 12} L${x + 5} ${y - 3}`, class: 'mountain'}))));
  cities.forEach((name) => {
    const here = buildings.filter((b) => b.city === name);
    const valuedBy = (st.citiesValued || {})[name];
    const [x, y] = at[name];
    const g = s('g', {transform: `translate(${x} ${y})`, class: ['city', valuedBy && 'valued'].filter(Boolean).join(' '), 'data-city': name});
    const built = here.map((b) => `${building(b.type)} ${num(b.cost)}`);
    const area = s('g', {class: 'city-area'}, s('rect', {x: 0, y: 0, width: CW, height: CH, rx: 6}),
      s('text', {x: 7, y: 17, class: 'label', 'data-fit': CW - 58}, city(name)),
      here.length ? here.map((b, k) => placedBuilding(b, name, 5 + (k % PER_ROW) * SLOT, 24 + Math.floor(k / PER_ROW) * ROW))
        : s('text', {x: CW / 2, y: 24 + ROW / 2 + 4, 'text-anchor': 'middle', class: 'empty small', 'data-fit': CW - 16}, t('carrara.no-building')));
    const words = t('carrara.city-label', {city: city(name), buildings: list(built) || t('carrara.no-building')});
    g.append(ctx.target(area, mine ? `city:${name}` : null, words));
    const marker = s('g', {class: 'city-marker', transform: `translate(${CW - 49} 4)`, 'data-value-city': name},
      s('rect', {x: 0, y: 0, width: 46, height: 20, rx: 10}),
      s('text', {x: 23, y: 14, 'text-anchor': 'middle', class: 'small', 'data-fit': 40}, valuedBy ? t('carrara.valued') : t('carrara.value')));
    g.append(ctx.target(marker, mine ? `value-city:${name}` : null,
      valuedBy ? t('carrara.city-valued-by', {city: city(name), name: ctx.name(valuedBy)}) : t('carrara.city-not-valued', {city: city(name)})));
    el.append(g);
  });
  return el;
}

/** A building in a city: its shape, its cost under it; marked when the last turn built it (game.js, markLastMove). */
function placedBuilding(b, cityName, x, y) {
  const kind = b.category || (LAND_TYPES.includes(b.type) ? 'land' : 'city');
  return s('g', {class: `placed category-${kind}`, transform: `translate(${x} ${y})`, 'data-built': `${cityName}|${b.type}|${b.cost}`},
    s('rect', {x: 0, y: 0, width: 30, height: 37, rx: 4, class: 'slot'}),
    s('g', {class: 'drop'}, shape(b.type, 1, 3, 0.7)),
    s('text', {x: 15, y: 34, 'text-anchor': 'middle', class: 'small'}, num(b.cost ?? '?')));
}

function typesRow(ctx, player) {
  const valued = Array.isArray(player.typesValued) ? player.typesValued : [];
  const buildings = Array.isArray(player.buildings) ? player.buildings : [];
  const types = unique(KNOWN_TYPES.concat(valued, buildings.map((b) => b.type)));
  const mine = player.name === ctx.me;
  const el = svg(types.length * 82 + 8, 36, t('carrara.types-label', {name: ctx.name(player.name), valued: list(valued.map(building)) || t('common.none')}));
  types.forEach((type, i) => el.append(ctx.target(s('g', {class: ['type-marker', valued.includes(type) && 'valued'].filter(Boolean).join(' '),
    transform: `translate(${4 + i * 82} 4)`, 'data-type-marker': type},
  s('rect', {x: 0, y: 0, width: 78, height: 26, rx: 13}),
  shape(type, 7, 5, 0.5),
  s('text', {x: 50, y: 17, 'text-anchor': 'middle', class: 'small', 'data-fit': 50}, building(type))), mine ? `value-type:${type}` : null,
  t(valued.includes(type) ? 'carrara.type-valued' : 'carrara.type-not-valued', {type: building(type)}))));
  return el;
}

/** Expansion: the valuation by category, once per category per player. */
function categoriesRow(ctx, player) {
  const valued = player.categoriesValued;
  const mine = player.name === ctx.me;
  const categories = unique(['city', 'land'].concat(valued));
  const el = svg(categories.length * 112 + 8, 36, t('carrara.categories-label', {name: ctx.name(player.name), valued: list(valued.map(category)) || t('common.none')}));
  categories.forEach((c, i) => el.append(ctx.target(s('g', {class: ['type-marker', valued.includes(c) && 'valued'].filter(Boolean).join(' '),
    transform: `translate(${4 + i * 112} 4)`},
  s('rect', {x: 0, y: 0, width: 108, height: 26, rx: 13}),
  s('text', {x: 54, y: 17, 'text-anchor': 'middle', class: 'small', 'data-fit': 100}, t('carrara.category-buildings', {category: category(c)}))),
  mine ? `value-category:${c}` : null,
  t(valued.includes(c) ? 'carrara.type-valued' : 'carrara.type-not-valued', {type: t('carrara.category-buildings', {category: category(c)})}))));
  return el;
}

function playerPanel(ctx, player) {
  const st = ctx.state;
  const stones = Object.entries(player.stones || {}).filter(([, n]) => n > 0);
  const objectsHeld = Object.entries(player.objects || {}).filter(([, n]) => n > 0);
  const extra = Object.entries(player).filter(([k]) => !KNOWN_PLAYER_FIELDS.has(k));
  const current = player.name === st.current && !ctx.view.over;
  return h('section', {class: ['player', player.name === ctx.me && 'mine', current && 'current'].filter(Boolean).join(' '),
    'data-player': player.name, 'aria-label': ctx.name(player.name)},
  h('h3', {}, ctx.name(player.name), current ? ` · ${t('common.to-play')}` : ''),
  ctx.meta ? ctx.meta(player.name) : null,
  h('p', {class: 'numbers'}, t('carrara.vp', {vp: player.vp ?? 0}), ` · ${t('carrara.coins')} `,
    h('span', {class: 'coins', 'data-hidden': String(player.coins === null || player.coins === undefined)},
      player.coins === null || player.coins === undefined ? t('carrara.hidden') : String(player.coins)),
    ` · ${t('carrara.markers-left', {count: player.valuationMarkersLeft ?? '?'})}`),
  h('p', {class: 'stones'}, tNodes('carrara.stones', {stones: stones.length
    ? counted(stones, (c) => stoneIcon(c, {transform: 'translate(2 3)'}), stone) : t('common.none')})),
  h('p', {class: 'objects'}, tNodes('carrara.objects', {objects: objectsHeld.length
    ? counted(objectsHeld, (o) => objectIcon(o, 0, 0), object) : t('common.none')})),
  Array.isArray(player.upgrades) ? h('p', {class: 'upgrades'}, t('carrara.upgrades', {upgrades: list(player.upgrades.map(upgrade)) || t('common.none')})) : null,
  cityBoard(ctx, player),
  typesRow(ctx, player),
  Array.isArray(player.categoriesValued) ? categoriesRow(ctx, player) : null,
  extra.length ? h('dl', {class: 'extra'}, extra.map(([k, v]) => [h('dt', {}, k), h('dd', {}, JSON.stringify(v))])) : null);
}

/** What a valuation is of (a building type, a city or a category), in words. */
function targetWords(target) {
  const key = String(target).toLowerCase();
  return has(`term.carrara-building.${key}`) ? building(target) : has(`term.city.${key}`) ? city(target) : category(target);
}

/** A valuation's object in words: "type Palazzo", "city Pisa", "category land". */
function valuedWords(data) {
  const target = data.kind === 'city' ? city(data.target) : data.kind === 'type' ? building(data.target)
    : data.kind === 'category' ? category(data.target) : data.target;
  return `${term('valuation', data.kind)} ${target}`;
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
      case 'rotate-wheel': return t('carrara.move.rotate-wheel');
      case 'buy-stones': {
        const p = price(ctx, move.section, move.stones);
        const what = {stones: stoneList(move.stones).join(' + '), section: roman(move.section)};
        return p === null ? t('carrara.move.buy-stones', what) : t('carrara.move.buy-stones-for', {...what, coins: p});
      }
      case 'buy-nothing': return t('carrara.move.buy-nothing');
      case 'take-coins': return t('carrara.move.take-coins');
      case 'build': return t('carrara.move.build', {building: building(move.building), cost: move.cost, city: city(move.city),
        stones: list(stoneList(move.stones))});
      case 'value-type': return t('carrara.move.value-type', {type: building(move.building)});
      case 'value-city': return t('carrara.move.value-city', {city: city(move.city)});
      case 'declare-end': return t('carrara.move.declare-end');
      case 'buy-object': return t('carrara.move.buy-object', {object: object(move.object)});
      case 'end-turn': return t('carrara.move.end-turn');
      case 'skip-rotation': return t('carrara.move.skip-rotation');
      case 'build-large': return t('carrara.move.build-large', {building: building(move.building), city: city(move.city),
        stones: list(stoneList(move.stones))});
      case 'take-upgrade': return t('carrara.move.take-upgrade', {upgrade: upgrade(move.upgrade)});
      case 'renovate': return t('carrara.move.renovate', {building: building(move.building), cost: move.cost,
        replaces: move.replaces ? `${building(move.replaces.building)} ${num(move.replaces.cost)}` : t('carrara.a-building'),
        stones: list(stoneList(move.stones)) || t('carrara.nothing')});
      case 'value-category': return t('carrara.move.value-category', {category: category(move.category)});
      default: return moveWords(move, ctx);
    }
  },

  waiting(ctx) {
    const p = ctx.state.pending;
    return p ? t('carrara.valuation-of', {target: targetWords(p.target), name: ctx.name(p.player)}) : t('carrara.a-valuation');
  },

  render(ctx) {
    const st = ctx.state;
    const players = [...(Array.isArray(st.players) ? st.players : [])];
    players.sort((a, b) => (b.name === ctx.me) - (a.name === ctx.me));
    const valued = Object.entries(st.citiesValued || {});
    const extra = Object.entries(st).filter(([k]) => !KNOWN_FIELDS.has(k));
    return h('div', {class: 'carrara'},
      h('section', {class: 'common', 'aria-label': t('carrara.common')},
        h('h2', {}, t('carrara.the-wheel')), wheel(ctx),
        h('h2', {}, t('carrara.for-sale')), display(ctx),
        h('h2', {}, t('carrara.objects-title')), objects(ctx),
        st.expansion && typeof st.expansion === 'object' ? expansionBoard(ctx, st.expansion) : null,
        h('p', {class: 'counts'}, st.phase ? (has(`term.carrara-phase.${String(st.phase).toLowerCase()}`) ? term('carrara-phase', st.phase)
          : t('common.phase', {phase: st.phase})) : '',
        st.endTriggered && st.phase !== 'OVER' ? ` · ${st.declaredBy ? t('carrara.end-near-by', {name: ctx.name(st.declaredBy)}) : t('carrara.end-near')}` : ''),
        h('p', {class: 'valued'}, t('carrara.cities-valued', {cities: list(valued.map(([c, p]) => t('carrara.city-by', {city: city(c), name: ctx.name(p)})))
          || t('common.none')})),
        extra.length ? h('details', {class: 'extra'}, h('summary', {}, t('carrara.more')),
          h('dl', {}, extra.map(([k, v]) => [h('dt', {}, k), h('dd', {}, JSON.stringify(v))]))) : null),
      h('div', {class: 'players'}, players.map((p) => playerPanel(ctx, p))));
  },

  /**
   * Where an event of the last turn shows on the board, as CSS selectors (game.js, markLastMove): Carrara's pieces have
   * no ids, so a building is found by its city, type and cost, a section by its number, an object by its name.
   */
  marks(kind, d) {
    const q = (v) => `"${CSS.escape(String(v))}"`;
    const own = (selector) => (d.player ? `[data-player=${q(d.player)}] ${selector}` : selector);
    switch (kind) {
      case 'BuildingBuilt': case 'BuildingRenovated': return [own(`[data-built=${q(`${d.city}|${d.building}|${d.cost}`)}]`)];
      case 'LargeBuildingBuilt': return [own(`[data-built^=${q(`${d.city}|${d.building}|`)}]`)];
      case 'BuildingRevealed': return [`[data-offer=${q(`${d.building}|${d.cost}`)}]`];
      case 'StonesBought': return [`[data-section=${q(d.section)}]`];
      case 'WheelRotated': return ['.turn-wheel'];
      case 'ObjectBought': return [`[data-object=${q(d.object)}]`];
      case 'ValuationScored': return d.kind === 'city' ? [own(`[data-value-city=${q(d.target)}]`)]
        : d.kind === 'type' ? [own(`[data-type-marker=${q(d.target)}]`)] : [];
      default: return [];
    }
  },

  /** An event of Carrara in words for the log (log.js), or null for one this board does not word. */
  event(kind, d, name) {
    const who = name(d.player);
    // Stones by colour, counted: "2 white and 1 red".
    const stones = (xs) => {
      const counts = new Map();
      for (const c of xs || []) counts.set(c, (counts.get(c) || 0) + 1);
      return list([...counts].map(([c, n]) => t('log.carrara.stones-of', {count: n, colour: stone(c)})));
    };
    switch (kind) {
      case 'WheelRotated': return (d.drawn || []).length ? t('log.carrara.wheel-rotated', {name: who, stones: stones(d.drawn)})
        : t('log.carrara.wheel-rotated-nothing', {name: who});
      case 'StonesBought': return t('log.carrara.stones-bought', {name: who, stones: stones(d.stones), section: roman(d.section), price: d.price});
      case 'StonePurchaseSkipped': return t('log.carrara.purchase-skipped', {name: who});
      case 'RotationSkipped': return t('log.carrara.rotation-skipped', {name: who});
      case 'BuildingBuilt': return t('log.carrara.built', {name: who, building: building(d.building), cost: d.cost, city: city(d.city)});
      case 'LargeBuildingBuilt': return t('log.carrara.built-large', {name: who, building: building(d.building), city: city(d.city)});
      case 'BuildingRenovated': return t('log.carrara.renovated', {name: who, city: city(d.city), building: building(d.building), cost: d.cost,
        replaced: building(d.replacedBuilding), replacedCost: d.replacedCost});
      case 'BuildingRevealed': return t('log.carrara.building-revealed', {building: building(d.building), cost: d.cost});
      case 'ValuationRequested': return t('log.carrara.valuation-requested', {name: who, target: valuedWords(d)});
      case 'ValuationScored': return t('log.carrara.valuation-scored', {name: who, target: valuedWords(d), vp: d.vp, coins: d.coins,
        objects: list((d.objects || []).map(object)) || t('carrara.no-object')});
      case 'ObjectBought': return t('log.carrara.object-bought', {name: who, object: object(d.object), price: d.price});
      case 'CoinsTaken': return t('log.carrara.coins-taken', {name: who, amount: d.amount});
      case 'EndDeclared': return t('log.carrara.end-declared', {name: who, vp: d.bonusVp});
      case 'TurnEnded': return t('log.carrara.turn-ended', {name: who});
      case 'UpgradeTaken': return t('log.carrara.upgrade-taken', {name: who, upgrade: upgrade(d.upgrade)});
      case 'GameFinished': return d.reason === 'declared' ? t('log.carrara.finished-declared') : t('log.carrara.finished-exhausted');
      default: return null;
    }
  },

  history(ctx) {
    const valuations = ctx.events.filter((e) => e.type === 'tessera.carrara.ValuationScored');
    const finished = ctx.events.find((e) => e.type === 'tessera.carrara.GameFinished');
    return h('div', {class: 'history'},
      valuations.length ? h('table', {},
        h('caption', {}, t('carrara.history')),
        h('thead', {}, h('tr', {}, ['col.player', 'col.valued', 'col.vp', 'col.coins', 'col.objects'].map((c) => h('th', {scope: 'col'}, t(c))))),
        h('tbody', {}, valuations.map((e) => h('tr', {},
          h('td', {}, ctx.name(e.data.player)), h('td', {}, valuedWords(e.data)), h('td', {}, num(e.data.vp)),
          h('td', {}, num(e.data.coins)), h('td', {}, list((e.data.objects || []).map(object))))))) : null,
      finished && Array.isArray(finished.data.players) ? h('table', {},
        h('caption', {}, t('history.end-of-play')),
        h('thead', {}, h('tr', {}, ['col.player', 'col.vp', 'col.coins', 'col.objects', 'col.buildings'].map((c) => h('th', {scope: 'col'}, t(c))))),
        h('tbody', {}, finished.data.players.map((p) => h('tr', {},
          h('td', {}, ctx.name(p.player)), h('td', {}, num(p.vp)), h('td', {}, num(p.coins)),
          h('td', {}, num(typeof p.objects === 'object' ? Object.values(p.objects || {}).reduce((a, b) => a + b, 0) : p.objects)),
          h('td', {}, num(Array.isArray(p.buildings) ? p.buildings.length : p.buildings)))))) : null);
  },
};

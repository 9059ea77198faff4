// Alhambra: the market's four spaces, the money display, my hand, each player's Alhambra (a grid with walls) with
// reserve and bought tiles, Dirk with two players, and the points of each scoring round. Only what the view holds
// is drawn: other players' hands are null in it, so only their counts appear.

import {h, pieces, s, svg} from '../dom.js';
import {has, list, num, t, term} from '../i18n.js';

const CURRENCIES = ['yellow', 'green', 'blue', 'orange'];
const CURRENCY_FILL = {yellow: '#f2c94c', green: '#5fbf85', blue: '#5b9bd5', orange: '#f0904a'};
const TILE_FILL = {
  pavilion: '#e8a5b8', seraglio: '#f3d27a', arcades: '#e4e9ef', chambers: '#a9c8e8', garden: '#9fd39b', tower: '#c8a2d8',
};
const SIDE = {N: 'north', E: 'east', S: 'south', W: 'west'};
const S = 60;

/** A building type in the help pages' words (pavilion: 別棟, Pavillon). */
const building = (type) => term('building', type);
/** A currency in the help pages' words (yellow: クローネ, jaune). */
const currency = (c) => term('currency', c);

function tileWords(tile) {
  if (!tile) return t('alhambra.no-tile');
  const walls = (tile.walls || '').split('').map((w) => (SIDE[w] ? t(`alhambra.side.${SIDE[w]}`) : w));
  const what = t('alhambra.tile', {type: building(tile.type), cost: tile.cost});
  return walls.length ? t('alhambra.tile-walls', {tile: what, walls: walls.join(' ')}) : t('alhambra.tile-no-walls', {tile: what});
}

function cardWords(card) {
  return card ? t('alhambra.card', {currency: currency(card.currency), value: card.value}) : t('alhambra.a-card');
}

/**
 * Each building type drawn in a 24 × 22 box (our own shapes): a pavilion's pagoda roof, a seraglio's onion dome, the
 * arches of the arcades, the windows of the chambers, a garden's tree, a tower's battlements.
 */
const ICONS = {
  pavilion: () => [
    s('path', {d: 'M1 10 L12 2 L23 10 Z'}),
    s('rect', {x: 5, y: 10, width: 14, height: 11}),
    s('rect', {x: 10, y: 14, width: 4, height: 7, class: 'dark'})],
  seraglio: () => [
    s('path', {d: 'M12 0 Q21 7 15 10 L9 10 Q3 7 12 0 Z'}),
    s('rect', {x: 4, y: 10, width: 16, height: 11}),
    s('path', {d: 'M9 21 V16 A3 3 0 0 1 15 16 V21 Z', class: 'dark'})],
  arcades: () => [
    s('rect', {x: 0, y: 6, width: 24, height: 15}),
    ...[0, 1, 2].map((i) => s('path', {d: `M${2 + i * 7.5} 21 V14 A3 3 0 0 1 ${8 + i * 7.5} 14 V21 Z`, class: 'dark'}))],
  chambers: () => [
    s('rect', {x: 2, y: 3, width: 20, height: 18}),
    ...[[5, 6], [14, 6], [5, 13], [14, 13]].map(([x, y]) => s('rect', {x, y, width: 5, height: 5, class: 'dark'}))],
  garden: () => [
    s('circle', {cx: 12, cy: 8, r: 7, class: 'leaf'}),
    s('rect', {x: 11, y: 14, width: 2, height: 7, class: 'dark'}),
    s('path', {d: 'M2 21 H22', class: 'ground'})],
  tower: () => [
    s('path', {d: 'M6 21 V4 H8 V1 H10 V4 H11 V1 H13 V4 H14 V1 H16 V4 H18 V21 Z'}),
    s('rect', {x: 11, y: 8, width: 2, height: 6, class: 'dark'})],
};

/** A tile drawn in a square of side S at (x, y): its colour and building by type, its cost, its walls as thick sides. */
function tile(ctx, tl, x, y, key, label) {
  const icon = ICONS[tl.type];
  const g = s('g', {class: 'tile', transform: `translate(${x} ${y})`, 'data-tile': tl.id, 'data-piece': `tile:${tl.id}`},
    s('rect', {x: 2, y: 2, width: S - 4, height: S - 4, rx: 4, fill: TILE_FILL[tl.type] || '#ddd', stroke: '#6b5b4b', 'stroke-width': 1}),
    s('text', {x: S / 2, y: 13, 'text-anchor': 'middle', class: 'tile-type', 'data-fit': S - 10}, tl.type ? building(tl.type) : '?'),
    icon ? s('g', {class: 'building-icon', transform: `translate(${S / 2 - 12} 16)`}, icon()) : null,
    s('circle', {cx: S / 2, cy: S - 12, r: 8.5, class: 'cost-badge'}),
    s('text', {x: S / 2, y: S - 8, 'text-anchor': 'middle', class: 'tile-cost'}, String(tl.cost)));
  for (const wall of (tl.walls || '')) {
    const [x1, y1, x2, y2] = {N: [2, 3, S - 2, 3], S: [2, S - 3, S - 2, S - 3], W: [3, 2, 3, S - 2], E: [S - 3, 2, S - 3, S - 2]}[wall] || [];
    if (x1 !== undefined) g.append(s('line', {x1, y1, x2, y2, class: 'wall'}));
  }
  return ctx.target(g, key, label || tileWords(tl));
}

/** A money card: its currency's colour, its value large in the middle and small in two corners, a coin below. */
function card(ctx, c, x, y, key, label) {
  const g = s('g', {class: 'card money', transform: `translate(${x} ${y})`, 'data-card': c.id, 'data-piece': `card:${c.id}`},
    s('rect', {x: 1, y: 1, width: 38, height: 54, rx: 4, fill: CURRENCY_FILL[c.currency] || '#ccc', stroke: '#444'}),
    s('rect', {x: 5, y: 5, width: 30, height: 46, rx: 3, class: 'card-face'}),
    s('text', {x: 8, y: 13, class: 'card-corner'}, String(c.value)),
    s('text', {x: 32, y: 49, 'text-anchor': 'end', class: 'card-corner'}, String(c.value)),
    s('text', {x: 20, y: 33, 'text-anchor': 'middle', class: 'card-value'}, String(c.value)),
    s('circle', {cx: 20, cy: 42, r: 3.5, fill: CURRENCY_FILL[c.currency] || '#ccc', stroke: '#444', 'stroke-width': 0.8}));
  return ctx.target(g, key, label || cardWords(c));
}

/**
 * A row of tiles or cards; with `slot`, a place at its end to click for moves that put a tile there (the reserve,
 * Dirk), shown only while some legal move does.
 */
function row(ctx, label, items, draw, empty, slot) {
  const withSlot = slot && ctx.any(slot.key);
  const all = withSlot ? [...items, SLOT] : items;
  return pieces(label, S + 4, S + 4, all, (item) => (item === SLOT
    ? ctx.target(s('g', {class: 'square slot', transform: 'translate(2 2)'},
      s('rect', {x: 3, y: 3, width: S - 6, height: S - 6, rx: 4}),
      s('text', {x: S / 2, y: S / 2 + 5, 'text-anchor': 'middle', class: 'label'}, slot.text)), slot.key, slot.label)
    : draw(item, 2, 2)), empty);
}

/** The place at the end of a row for a tile to go (the reserve, Dirk). */
const SLOT = {slot: true};

function market(ctx) {
  const st = ctx.state;
  const spaces = CURRENCIES.map((currency) => (st.market || []).find((m) => m.currency === currency) || {currency, tile: null});
  const el = svg(4 * (S + 24), S + 36, t('alhambra.market-label'));
  spaces.forEach((space, i) => {
    const x = 8 + i * (S + 24);
    el.append(s('rect', {x, y: 4, width: S + 12, height: S + 28, rx: 6, fill: CURRENCY_FILL[space.currency], opacity: 0.45}),
      s('text', {x: x + (S + 12) / 2, y: S + 28, 'text-anchor': 'middle', class: 'label', 'data-fit': S + 8}, currency(space.currency)));
    if (space.tile) {
      el.append(tile(ctx, space.tile, x + 6, 6, `tile:${space.tile.id}`,
        t('alhambra.market-space', {currency: currency(space.currency), tile: tileWords(space.tile)})));
    }
  });
  return el;
}

function moneyDisplay(ctx) {
  const cards = ctx.state.moneyDisplay || [];
  const el = svg(Math.max(4, cards.length) * 46 + 8, 64, t('alhambra.money-display'));
  cards.forEach((c, i) => el.append(card(ctx, c, 6 + i * 46, 4, `card:${c.id}`, t('alhambra.on-display', {card: cardWords(c)}))));
  if (!cards.length) el.append(s('text', {x: 8, y: 36, class: 'empty'}, t('common.empty')));
  return el;
}

/** A player's Alhambra: the fountain at 0,0, tiles where the view puts them, and (for my moves) the squares legal moves name. */
function grid(ctx, player, mine) {
  const placed = player.alhambra || [];
  const squares = new Map();
  if (mine) {
    for (const m of ctx.moves) {
      if (typeof m.x === 'number' && typeof m.y === 'number') squares.set(`${m.x},${m.y}`, [m.x, m.y]);
    }
  }
  const shownSquares = [...squares.values()].filter(([x, y]) => ctx.next(`square:${x},${y}`));
  const xs = [0, ...placed.map((p) => p.x), ...shownSquares.map((q) => q[0])];
  const ys = [0, ...placed.map((p) => p.y), ...shownSquares.map((q) => q[1])];
  const minX = Math.min(...xs), maxX = Math.max(...xs), minY = Math.min(...ys), maxY = Math.max(...ys);
  const width = (maxX - minX + 1) * S + 8, height = (maxY - minY + 1) * S + 8;
  const px = (x) => 4 + (x - minX) * S, py = (y) => 4 + (y - minY) * S;
  const el = svg(Math.max(width, S * 3), Math.max(height, S), t('alhambra.grid', {name: ctx.name(player.id), count: placed.length}));
  el.append(s('g', {class: 'fountain', transform: `translate(${px(0)} ${py(0)})`, role: 'img', 'aria-label': t('alhambra.fountain')},
    s('rect', {x: 2, y: 2, width: S - 4, height: S - 4, rx: 4, fill: '#d9eef7', stroke: '#6b5b4b'}),
    s('circle', {cx: S / 2, cy: S / 2, r: S / 4, fill: '#7fc4e0'})));
  for (const p of placed) {
    el.append(tile(ctx, p.tile, px(p.x), py(p.y), `tile:${p.tile.id}`, t('alhambra.at', {tile: tileWords(p.tile), x: p.x, y: p.y})));
  }
  for (const [x, y] of shownSquares) {
    el.append(ctx.target(s('g', {class: 'square', transform: `translate(${px(x)} ${py(y)})`},
      s('rect', {x: 3, y: 3, width: S - 6, height: S - 6, rx: 4})), `square:${x},${y}`, t('alhambra.square', {x, y})));
  }
  return el;
}

function playerPanel(ctx, player, index) {
  const st = ctx.state;
  const mine = player.id === ctx.me;
  const total = player.score ?? 0;
  const money = player.money || [];
  const current = player.id === st.currentPlayer && !ctx.view.over;
  const panel = h('section', {class: ['player', mine && 'mine', current && 'current'].filter(Boolean).join(' '),
    'data-player': player.id, 'aria-label': ctx.name(player.id)},
  h('h3', {}, ctx.name(player.id), current ? ` · ${t('common.to-play')}` : ''),
  ctx.meta ? ctx.meta(player.id) : null,
  h('p', {class: 'score'}, t('alhambra.score', {score: total, rounds: (player.roundPoints || []).map(num).join(' / ')})));
  if (Array.isArray(player.hand)) {
    // Only a player's own hand is in their view; a finished game's replay shows every hand.
    const whose = mine ? t('alhambra.my-hand') : t('alhambra.hand-of', {name: ctx.name(player.id)});
    panel.append(h('h4', {}, whose), row(ctx, `${whose}${t('common.colon')}${list(player.hand.map(cardWords)) || t('common.empty')}`, player.hand,
      (c, x, y) => card(ctx, c, x, y, `card:${c.id}`, `${whose}${t('common.colon')}${cardWords(c)}`), t('alhambra.no-money')));
  } else {
    panel.append(h('p', {class: 'hand-count'}, t('alhambra.hand-count', {count: player.handSize ?? 0})));
  }
  panel.append(h('ul', {class: 'money-counts'}, money.map((m) => h('li', {class: `currency-${m.currency}`},
    t('alhambra.money-count', {currency: currency(m.currency), cards: m.cards, total: m.total})))));
  panel.append(h('h4', {}, t('alhambra.alhambra')), grid(ctx, player, mine));
  if ((player.pending || []).length || mine) {
    panel.append(h('h4', {}, t('alhambra.bought')), row(ctx, t('alhambra.bought-label'), player.pending || [],
      (x, px, py) => tile(ctx, x, px, py, `tile:${x.id}`, t('alhambra.bought-tile', {tile: tileWords(x)})), t('common.none')));
  }
  panel.append(h('h4', {}, t('alhambra.reserve')), row(ctx, t('alhambra.reserve-of', {name: ctx.name(player.id)}), player.reserve || [],
    (x, px, py) => tile(ctx, x, px, py, `tile:${x.id}`, t('alhambra.reserve-tile', {tile: tileWords(x)})), t('common.empty'),
    mine ? {key: 'reserve', text: t('alhambra.here'), label: t('alhambra.into-reserve')} : null));
  return panel;
}

function scores(ctx) {
  const players = ctx.state.players || [];
  const rounds = Math.max(3, ...players.map((p) => (p.roundPoints || []).length));
  return h('table', {class: 'scores'},
    h('caption', {}, t('alhambra.scores')),
    h('thead', {}, h('tr', {}, h('th', {scope: 'col'}, t('col.player')),
      [...Array(rounds).keys()].map((r) => h('th', {scope: 'col'}, t('alhambra.round', {round: r + 1}))), h('th', {scope: 'col'}, t('col.total')))),
    h('tbody', {}, players.map((p) => h('tr', {},
      h('th', {scope: 'row'}, ctx.name(p.id)),
      [...Array(rounds).keys()].map((r) => h('td', {}, num((p.roundPoints || [])[r] ?? 0))),
      h('td', {}, num(p.score ?? 0))))));
}

function findTile(ctx, id) {
  const st = ctx.state;
  for (const m of st.market || []) if (m.tile && m.tile.id === id) return {tile: m.tile};
  for (const p of st.players || []) {
    for (const x of p.pending || []) if (x.id === id) return {tile: x};
    for (const x of p.reserve || []) if (x.id === id) return {tile: x};
    for (const a of p.alhambra || []) if (a.tile.id === id) return {tile: a.tile};
  }
  return null;
}

function findCard(ctx, id) {
  const st = ctx.state;
  for (const c of st.moneyDisplay || []) if (c.id === id) return c;
  for (const p of st.players || []) for (const c of p.hand || []) if (c.id === id) return c;
  return null;
}

function tileName(ctx, id) {
  const found = findTile(ctx, id);
  return found ? t('alhambra.tile-name', {type: building(found.tile.type), cost: found.tile.cost}) : t('alhambra.tile-id', {id});
}

function cards(ctx, ids) {
  const found = (ids || []).map((id) => findCard(ctx, id));
  const total = found.reduce((sum, c) => sum + (c ? c.value : 0), 0);
  return `${found.map((c, i) => (c ? cardWords(c) : t('alhambra.card-id', {id: ids[i]}))).join(' + ')} (${num(total)})`;
}

export default {
  keys(move) {
    const keys = [];
    if (typeof move.tile === 'number') keys.push(`tile:${move.tile}`);
    for (const id of move.cards || []) keys.push(`card:${id}`);
    if (typeof move.x === 'number' && typeof move.y === 'number') keys.push(`square:${move.x},${move.y}`);
    if (move.type === 'reserve-tile' || move.type === 'redesign-remove') keys.push('reserve');
    if (move.type === 'give-to-dirk') keys.push('dirk');
    return keys;
  },

  /** Why a move cannot be taken back, asked to be confirmed (game.js): the tiles given to Dirk are his for good. */
  final(move) {
    return move.type === 'give-to-dirk' ? t('alhambra.dirk-final') : null;
  },

  label(move, ctx) {
    switch (move.type) {
      case 'take-money': return t('alhambra.move.take-money', {cards: cards(ctx, move.cards)});
      case 'buy-tile': return t('alhambra.move.buy-tile', {tile: tileName(ctx, move.tile), cards: cards(ctx, move.cards)});
      case 'place-tile': return t('alhambra.move.place-tile', {tile: tileName(ctx, move.tile), x: move.x, y: move.y});
      case 'reserve-tile': return t('alhambra.move.reserve-tile', {tile: tileName(ctx, move.tile)});
      case 'redesign-place': return t('alhambra.move.redesign-place', {tile: tileName(ctx, move.tile), x: move.x, y: move.y});
      case 'redesign-remove': return t('alhambra.move.redesign-remove', {tile: tileName(ctx, move.tile)});
      case 'redesign-swap': return t('alhambra.move.redesign-swap', {tile: tileName(ctx, move.tile), x: move.x, y: move.y});
      case 'give-to-dirk': return t('alhambra.move.give-to-dirk');
      case 'pass': return t('alhambra.move.pass');
      default: return null;
    }
  },

  waiting(ctx) {
    const round = ctx.state.scoringRound;
    return round ? t('alhambra.scoring-round', {round}) : t('alhambra.a-scoring-round');
  },

  render(ctx) {
    const st = ctx.state;
    const players = [...(st.players || [])];
    // My own area first, then the others in seat order.
    players.sort((a, b) => (b.id === ctx.me) - (a.id === ctx.me));
    const common = h('section', {class: 'common', 'aria-label': t('alhambra.common')},
      h('h2', {}, t('alhambra.market')), market(ctx),
      h('h2', {}, t('alhambra.money-display')), moneyDisplay(ctx),
      h('p', {class: 'counts'}, t('alhambra.counts', {deck: st.deckSize ?? '?', discards: st.discardSize ?? '?', tiles: st.supplySize ?? '?'}),
        st.phase ? ` · ${has(`term.alhambra-phase.${st.phase}`) ? t(`term.alhambra-phase.${st.phase}`) : t('common.phase', {phase: st.phase})}` : '',
        st.extraAction ? ` ${t('alhambra.extra-action')}` : ''));
    if (Array.isArray(st.dirk)) {
      common.append(h('h2', {}, t('alhambra.dirk')), row(ctx, t('alhambra.dirk-label', {count: st.dirk.length}), st.dirk,
        (x, px, py) => tile(ctx, x, px, py, null, t('alhambra.dirk-tile', {tile: tileWords(x)})), t('alhambra.no-tiles'),
        {key: 'dirk', text: t('alhambra.give'), label: t('alhambra.move.give-to-dirk')}));
    }
    if ((st.unclaimed || []).length) {
      common.append(h('h2', {}, t('alhambra.unclaimed')), row(ctx, t('alhambra.unclaimed-label'), st.unclaimed,
        (x, px, py) => tile(ctx, x, px, py, null), t('common.none')));
    }
    common.append(scores(ctx));
    return h('div', {class: 'alhambra'}, common,
      h('div', {class: 'players'}, players.map((p, i) => playerPanel(ctx, p, i))));
  },

  /** An event of Alhambra in words for the log (log.js), or null for one this board does not word. */
  event(kind, d, name) {
    const who = name(d.player);
    const tl = (x) => (x && typeof x === 'object' ? t('alhambra.tile-name', {type: building(x.type), cost: x.cost}) : t('alhambra.a-tile'));
    const tiles = (xs) => list((xs || []).map(tl));
    const money = (xs) => list((xs || []).map((c) => (c && typeof c === 'object' ? cardWords(c) : t('alhambra.a-card'))));
    switch (kind) {
      case 'MoneyTaken': return t('log.alhambra.money-taken', {name: who, cards: money(d.cards)});
      case 'TileBought': {
        const bought = {name: who, tile: tl(d.tile), paid: d.paid, currency: currency(d.currency)};
        return d.exactAmount ? t('log.alhambra.tile-bought-exact', bought) : t('log.alhambra.tile-bought', bought);
      }
      case 'TilePlaced': {
        const placed = {name: who, tile: tl(d.tile), x: d.x, y: d.y};
        return d.from === 'reserve' ? t('log.alhambra.tile-redesigned', placed) : t('log.alhambra.tile-placed', placed);
      }
      case 'TileReserved': return t('log.alhambra.tile-reserved', {name: who, tile: tl(d.tile)});
      case 'TilesSwapped': return t('log.alhambra.tiles-swapped', {name: who, placed: tl(d.placed), removed: tl(d.removed), x: d.x, y: d.y});
      case 'TilesGivenToDirk': return t('log.alhambra.given-to-dirk', {name: who, tiles: tiles(d.tiles)});
      case 'PlayerPassed': return t('log.alhambra.passed', {name: who});
      case 'MoneyDisplayRefilled': return t('log.alhambra.money-refilled', {cards: money(d.cards)});
      case 'DiscardsReshuffled': return t('log.alhambra.discards-reshuffled');
      case 'ScoringCardDrawn': return t('log.alhambra.scoring-card-drawn', {round: d.round});
      case 'MarketRefilled': return t('log.alhambra.market-refilled', {tiles: tiles((d.tiles || []).map((x) => x && x.tile))});
      case 'ScoringRoundTriggered': return t('log.alhambra.scoring-round', {round: d.round});
      case 'DirkReceivedTiles': return t('log.alhambra.dirk-received', {tiles: tiles(d.tiles)});
      case 'TurnEnded': return t('log.alhambra.turn-ended', {name: who});
      case 'BuildingSupplyExhausted': return t('log.alhambra.supply-exhausted');
      case 'LeftoverTileAwarded': return t('log.alhambra.leftover-awarded', {name: who, tile: tl(d.tile), currency: currency(d.currency),
        total: d.currencyTotal});
      case 'LeftoverTileUnclaimed': {
        const left = {tile: tl(d.tile), currency: currency(d.currency)};
        return d.reason === 'tie' ? t('log.alhambra.leftover-tie', left) : t('log.alhambra.leftover-no-money', left);
      }
      case 'PointsAwarded': {
        const points = Object.entries(d.points || {}).map(([p, n]) => t('log.points-of', {name: name(p), points: n}));
        return points.length ? t('log.alhambra.points', {round: d.round, points: list(points)}) : t('log.alhambra.nobody-scored', {round: d.round});
      }
      default: return null;
    }
  },

  history(ctx) {
    const rounds = ctx.events.filter((e) => e.type === 'tessera.alhambra.PointsAwarded');
    if (!rounds.length) return null;
    const players = ctx.view.players;
    return h('table', {class: 'history'},
      h('caption', {}, t('alhambra.history')),
      h('thead', {}, h('tr', {}, h('th', {scope: 'col'}, t('col.round')), players.map((p) => h('th', {scope: 'col'}, ctx.name(p))))),
      h('tbody', {}, rounds.map((e) => h('tr', {},
        h('th', {scope: 'row'}, num(e.data.round)), players.map((p) => h('td', {}, num((e.data.points || {})[p] ?? 0)))))));
  },
};

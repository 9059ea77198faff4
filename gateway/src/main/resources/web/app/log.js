// The game's log in the reader's language. GET history gives one line per event (its version, type and the server's
// English words); the live feed (or GET events) gives the same event with its data. Each line is worded here from the
// event's type and data, in the catalogue's words with the players' names and the games' terms: the events every title
// shares (a game started, ended, a seat taken by a bot, moves taken back, the seed revealed) here, each title's own by
// its board module (`event(kind, data, name)`). An event this client does not word (a new kind, a newer release's, or
// one whose data is not there yet) shows the server's English words, marked lang="en".

import {h} from './dom.js';
import {list, t} from './i18n.js';

/** A standing in words: "1. ana (52)". */
function standing(s, name) {
  return t('log.standing', {rank: s.rank, name: name(s.player), score: s.score});
}

/** The seed as the server wrote it (a 64-bit number a JSON parser in a browser may round), else as the data has it. */
function seedOf(data, serverText) {
  const written = /revealed: (-?\d+)/.exec(String(serverText || ''));
  return written ? written[1] : String(data.seed);
}

/** The events of every title (tessera.game.*), in words; null for one not known here. */
function lifecycle(kind, d, name, serverText) {
  switch (kind) {
    case 'GameStarted':
      return t('log.game.started', {names: list((d.players || []).map(name))});
    case 'GameEnded':
      return t('log.game.ended', {standings: list([...(d.standings || [])].sort((a, b) => a.rank - b.rank).map((s) => standing(s, name)))});
    case 'SeatTakenByBot':
      return t('log.game.bot', {name: name(d.player)});
    case 'PlayerTimedOut':
      return t('log.game.timed-out', {name: name(d.player)});
    case 'MovesTakenBack':
      return (d.moves ?? 1) === 1 ? t('log.game.taken-back-one', {name: name(d.player)})
        : t('log.game.taken-back', {name: name(d.player), count: d.moves});
    case 'SeedRevealed':
      return typeof d.salt === 'string' ? t('log.game.seed', {seed: seedOf(d, serverText), salt: d.salt})
        : t('log.game.seed-no-commitment', {seed: seedOf(d, serverText)});
    default:
      return null;
  }
}

/**
 * A history line's words in the page's language: from `event` (the CloudEvent of the line's version, with its data)
 * when this client words its kind, else null.
 *
 * @param game  the title ("alhambra"): only its own events are worded by `board`
 * @param name  a player's id → their name
 */
export function eventWords(line, event, game, board, name) {
  if (!event || !event.data || typeof event.data !== 'object' || event.type !== line.type) return null;
  const kind = event.type.slice(event.type.lastIndexOf('.') + 1);
  try {
    if (event.type.startsWith('tessera.game.')) return lifecycle(kind, event.data, name, line.text);
    if (event.type.startsWith(`tessera.${game}.`) && board && board.event) return board.event(kind, event.data, name) || null;
  } catch {
    // data of another shape than this client knows (a newer release's): the server's words
  }
  return null;
}

/** A history line as the log shows it: the client's words, or the server's English ones marked so. */
export function lineText(line, event, game, board, name) {
  const words = eventWords(line, event, game, board, name);
  return words !== null ? h('span', {class: 'said'}, words) : h('span', {class: 'said', lang: 'en'}, line.text);
}

// What any title falls back on: a move in plain words from its JSON, so that a move type this client does not know
// yet (a new expansion's) is still shown and playable from the list of moves. It words no event: the log shows a
// title it does not know in the server's words (GET history; log.js).

import {h} from '../dom.js';
import {t} from '../i18n.js';

function words(value, ctx) {
  if (Array.isArray(value)) return value.map((v) => words(v, ctx)).join(', ');
  if (value && typeof value === 'object') {
    return Object.entries(value).map(([k, v]) => `${k} ${words(v, ctx)}`).join(', ');
  }
  if (typeof value === 'string' && ctx && /^[0-9a-f]{8}-[0-9a-f]{4}-/.test(value)) return ctx.name(value);
  return String(value);
}

export function moveWords(move, ctx) {
  const type = typeof move.type === 'string' ? move.type.replace(/-/g, ' ') : t('generic.move');
  const fields = Object.entries(move).filter(([k]) => k !== 'type').map(([k, v]) => `${k}: ${words(v, ctx)}`);
  return fields.length ? `${type} (${fields.join('; ')})` : type;
}

export default {
  keys: () => [],
  label: (move, ctx) => moveWords(move, ctx),
  render(ctx) {
    return h('pre', {class: 'raw'}, JSON.stringify(ctx.state, null, 1));
  },
};

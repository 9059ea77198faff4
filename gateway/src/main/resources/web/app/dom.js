// Small DOM helpers. Everything the API returns is put into the page as text (textContent, attribute values),
// never as markup, so a name or a field cannot inject anything; the page's Content-Security-Policy forbids inline
// script as well.

import {has, t} from './i18n.js';

const SVG = 'http://www.w3.org/2000/svg';

function build(el, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2), value);
    } else if (key === 'class') {
      el.setAttribute('class', Array.isArray(value) ? value.filter(Boolean).join(' ') : value);
    } else if (key === 'dataset') {
      for (const [k, v] of Object.entries(value)) el.dataset[k] = v;
    } else {
      el.setAttribute(key, value === true ? '' : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An HTML element: h('button', {class: 'x', onclick}, 'text', child…). */
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/** An SVG element, the same way. */
export function s(tag, attrs, ...children) {
  return build(document.createElementNS(SVG, tag), attrs, children);
}

/** An <svg> sized by its viewBox, with a text alternative for assistive technology. */
export function svg(width, height, label, ...children) {
  // Drawn at its own size, and scaled down (never up) to fit a narrow screen.
  return s('svg', {viewBox: `0 0 ${width} ${height}`, width, role: 'group', 'aria-label': label, class: 'board-svg',
    preserveAspectRatio: 'xMidYMin meet'}, s('title', {}, label), ...children);
}

/**
 * A row of pieces (cards, tiles) that wraps instead of shrinking: each piece is an <svg> of its own, drawn at its own
 * size and never scaled down, and the row goes on to the next line when the width runs out. `draw(item, i)` draws
 * one piece at the origin of a width × height box; `empty` is said when there is none.
 */
export function pieces(label, width, height, items, draw, empty) {
  return h('div', {class: 'pieces', role: 'group', 'aria-label': label},
    items.length ? items.map((item, i) => s('svg', {viewBox: `0 0 ${width} ${height}`, width, height, class: 'piece'}, draw(item, i)))
      : h('p', {class: 'none'}, empty || t('common.none')));
}

/**
 * Fits each board text marked with data-fit (its room, in the board's units) into that room once it is on the page:
 * one that would run out of its card is drawn narrower (SVG's textLength), never cut short. Called after each
 * drawing of a board.
 */
export function fitTexts(root) {
  for (const text of root.querySelectorAll('text[data-fit]')) {
    const room = Number(text.dataset.fit);
    if (text.getComputedTextLength() > room) {
      text.setAttribute('textLength', room);
      text.setAttribute('lengthAdjust', 'spacingAndGlyphs');
    }
  }
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

export function replace(el, ...children) {
  clear(el);
  append(el, children);
  return el;
}

/** The titles this client knows, in the lobby's order. */
export const GAMES = ['alhambra', 'carrara', 'builders'];

/** A title's name in the page's language; a title this client does not know, as the API names it. */
export function title(game) {
  return has(`title.${game}`) ? t(`title.${game}`) : String(game ?? '?');
}

/**
 * A problem from the API as a notice's words: the sentence in the page's language, then the API's own detail (in
 * English, marked so, for assistive technology to read it as English).
 */
export function problemNodes(error) {
  if (!error) return [];
  if (!error.detail) return [h('span', {class: 'problem-sentence'}, error.message)];
  return [error.sentence ? [h('span', {class: 'problem-sentence'}, error.sentence), ' '] : null,
    h('span', {class: 'problem-detail', lang: 'en'}, error.detail)];
}

export const SEATS = {alhambra: [2, 6], carrara: [2, 4], builders: [2, 4]};

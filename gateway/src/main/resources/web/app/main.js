// The web client's entry point: a router over the location's hash (#/, #/tables/…, #/games/…, #/games/…/replay/N), so that the gateway
// serves one static page and every address of the client can be bookmarked, reloaded and shared.

import {onSessionLost, renewIfDue, session, signOut} from './api.js';
import {h, replace} from './dom.js';
import {LANGUAGES, lang, onLangChange, setLang, t} from './i18n.js';
import {gamePage} from './game.js';
import {replayPage} from './replay.js';
import {leaderboardPage, lobbyPage, myGamesPage, profilePage, signUpPage, tablePage} from './lobby.js';

const root = document.getElementById('app');
const nav = document.getElementById('nav');
const RETURN = 'tessera.returnTo';
let leave = null;
let lostReason = null;

function route() {
  if (leave) {
    leave();
    leave = null;
  }
  const s = session();
  drawNav(s);
  const hash = location.hash || '#/';
  if (!s) {
    // Where the reader was is kept, and they come back to it once signed up.
    if (hash !== '#/signup' && !sessionStorage.getItem(RETURN)) sessionStorage.setItem(RETURN, hash);
    signUpPage(root, {
      reason: lostReason,
      onSignedUp: () => {
        lostReason = null;
        const back = sessionStorage.getItem(RETURN) || '#/';
        sessionStorage.removeItem(RETURN);
        if (location.hash === back) route();
        else location.hash = back;
      },
    });
    return;
  }
  const [, page, id, sub, at] = hash.split('/');
  document.title = t('page.title');
  switch (page) {
    case 'games':
      if (id && sub === 'replay') leave = replayPage(root, decodeURIComponent(id), at);
      else leave = id ? gamePage(root, decodeURIComponent(id)) : myGamesPage(root);
      break;
    case 'tables':
      leave = tablePage(root, decodeURIComponent(id || ''));
      break;
    case 'leaderboards':
      leave = leaderboardPage(root, id) || null;
      break;
    case 'players':
      leave = profilePage(root, decodeURIComponent(id || s.id)) || null;
      break;
    default:
      leave = lobbyPage(root);
  }
}

function drawNav(s) {
  replace(nav, s ? h('ul', {},
    h('li', {}, h('a', {href: '#/'}, t('nav.lobby'))),
    h('li', {}, h('a', {href: '#/games'}, t('nav.my-games'))),
    h('li', {}, h('a', {href: '#/leaderboards/alhambra'}, t('nav.leaderboards'))),
    h('li', {}, h('a', {href: `#/players/${s.id}`, id: 'me'}, s.name)),
    h('li', {}, h('button', {type: 'button', id: 'sign-out', onclick: () => {
      signOut();
      sessionStorage.removeItem(RETURN);
      location.hash = '#/';
      route();
    }}, t('nav.sign-out'))), languageSwitch()) : h('ul', {}, h('li', {}, t('nav.not-signed-in')), languageSwitch()));
}

/** The language switch: each language named in itself; the choice is kept and the page drawn again in it. */
function languageSwitch() {
  return h('li', {}, h('div', {class: 'languages', role: 'group', 'aria-label': t('nav.language')},
    Object.entries(LANGUAGES).map(([code, {name}]) => h('button', {
      type: 'button', class: 'lang', lang: code, 'data-lang': code, 'aria-pressed': String(code === lang()),
      onclick: () => setLang(code),
    }, name))));
}

/** The words of index.html itself (the skip link, the footer), which are drawn before any module runs. */
function drawPage() {
  document.querySelector('.skip').textContent = t('page.skip');
  document.getElementById('nav').setAttribute('aria-label', t('nav.main'));
  replace(document.querySelector('footer.site'), t('page.footer'), ' (', h('a', {href: '/q/openapi'}, '/q/openapi'), ')', t('common.stop'));
}

onSessionLost((error) => {
  // A 401: the token expired or is not valid here (another installation's, a key pair replaced). Back to sign-up,
  // keeping the page the reader was on.
  lostReason = t('signup.lost', {reason: error.message});
  sessionStorage.setItem(RETURN, location.hash || '#/');
  route();
});

// The skip link moves the focus; as a plain link it would change the hash, which is the router's.
document.querySelector('.skip').addEventListener('click', (event) => {
  event.preventDefault();
  root.focus();
});
window.addEventListener('hashchange', route);
// Another language: the page is drawn again in it, where the reader is, without reloading.
onLangChange(() => {
  drawPage();
  route();
});
drawPage();
const renew = () => renewIfDue().catch(() => {});
renew();
setInterval(renew, 5 * 60 * 1000);
route();

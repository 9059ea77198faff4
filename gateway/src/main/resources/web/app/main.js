// The web client's entry point: a router over the location's hash (#/, #/tables/…, #/games/…, #/games/…/replay/N), so that the gateway
// serves one static page and every address of the client can be bookmarked, reloaded and shared.

import {onSessionLost, renewIfDue, session, signOut} from './api.js';
import {h, replace} from './dom.js';
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
  document.title = 'Tessera';
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
    h('li', {}, h('a', {href: '#/'}, 'Lobby')),
    h('li', {}, h('a', {href: '#/games'}, 'My games')),
    h('li', {}, h('a', {href: '#/leaderboards/alhambra'}, 'Leaderboards')),
    h('li', {}, h('a', {href: `#/players/${s.id}`, id: 'me'}, s.name)),
    h('li', {}, h('button', {type: 'button', id: 'sign-out', onclick: () => {
      signOut();
      sessionStorage.removeItem(RETURN);
      location.hash = '#/';
      route();
    }}, 'Sign out'))) : h('ul', {}, h('li', {}, 'Not signed in')));
}

onSessionLost((error) => {
  // A 401: the token expired or is not valid here (another installation's, a key pair replaced). Back to sign-up,
  // keeping the page the reader was on.
  lostReason = `Your sign-in is no longer valid (${error.message}). Sign up to go on; you will come back to this page.`;
  sessionStorage.setItem(RETURN, location.hash || '#/');
  route();
});

// The skip link moves the focus; as a plain link it would change the hash, which is the router's.
document.querySelector('.skip').addEventListener('click', (event) => {
  event.preventDefault();
  root.focus();
});
window.addEventListener('hashchange', route);
const renew = () => renewIfDue().catch(() => {});
renew();
setInterval(renew, 5 * 60 * 1000);
route();

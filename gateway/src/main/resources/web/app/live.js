// The live feed (GET /api/v1/games/{id}/live) read with fetch() and a ReadableStream rather than EventSource:
// EventSource cannot send an Authorization header, and the other way to authenticate it, a token in the query
// string, ends up in access logs, proxies and the browser's history. fetch() sends the token as a header and the
// last version received as Last-Event-ID, so after a network loss the feed resumes exactly after it.
// (gateway/README.md, "The web client".)

import {headers, problemOf} from './api.js';

export class LiveFeed {
  /**
   * @param gameId   the game to follow
   * @param from     the version after which to start (0: the whole game)
   * @param onEvent  called with each CloudEvent, in stream order, each once
   * @param onStatus called with 'connecting', 'live', 'reconnecting' or 'stopped' (and an error when it stopped)
   */
  constructor(gameId, from, onEvent, onStatus) {
    this.gameId = gameId;
    this.last = from;
    this.onEvent = onEvent;
    this.onStatus = onStatus;
    this.stopped = false;
    this.attempt = 0;
    this.online = () => this.reconnectNow();
    this.offline = () => this.abort('reconnecting');
    window.addEventListener('online', this.online);
    window.addEventListener('offline', this.offline);
  }

  start() {
    this.connect();
    return this;
  }

  stop() {
    this.stopped = true;
    window.removeEventListener('online', this.online);
    window.removeEventListener('offline', this.offline);
    clearTimeout(this.timer);
    if (this.controller) this.controller.abort();
  }

  abort(status) {
    if (this.controller) this.controller.abort();
    this.onStatus(status);
  }

  reconnectNow() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.attempt = 0;
    if (this.controller) this.controller.abort();
    this.connect();
  }

  async connect() {
    if (this.stopped) return;
    const controller = new AbortController();
    this.controller = controller;
    this.onStatus(this.attempt === 0 && this.last === 0 ? 'connecting' : 'reconnecting');
    try {
      const response = await fetch(`/api/v1/games/${encodeURIComponent(this.gameId)}/live?from=${this.last}`, {
        headers: headers({Accept: 'text/event-stream', 'Last-Event-ID': String(this.last)}),
        signal: controller.signal,
        cache: 'no-store',
      });
      if (!response.ok) {
        const error = await problemOf(response);
        // A credential that no longer verifies, or a game that does not exist, will not get better by retrying.
        if (response.status === 401 || response.status === 404 || response.status === 400) {
          this.stopped = true;
          this.onStatus('stopped', error);
          return;
        }
        throw error;
      }
      this.attempt = 0;
      this.onStatus('live');
      await this.read(response.body.getReader(), controller);
    } catch (e) {
      if (this.stopped) return;
    }
    if (this.stopped || this.controller !== controller) return;
    // The stream ended or broke: try again after a short pause, longer each time, at most 5 s.
    this.onStatus('reconnecting');
    this.attempt++;
    this.timer = setTimeout(() => this.connect(), Math.min(5000, 500 * 2 ** Math.min(this.attempt - 1, 4)));
  }

  /** Parses text/event-stream: fields up to an empty line make one event; only id and data matter here. */
  async read(reader, controller) {
    const decoder = new TextDecoder();
    let buffer = '';
    let id = null;
    let data = [];
    for (;;) {
      const {value, done} = await reader.read();
      if (done || controller.signal.aborted) return;
      buffer += decoder.decode(value, {stream: true});
      let newline;
      while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
        if (line === '') {
          if (data.length) this.dispatch(id, data.join('\n'));
          id = null;
          data = [];
        } else if (!line.startsWith(':')) {
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          let v = colon < 0 ? '' : line.slice(colon + 1);
          if (v.startsWith(' ')) v = v.slice(1);
          if (field === 'id') id = v;
          else if (field === 'data') data.push(v);
        }
      }
    }
  }

  dispatch(id, text) {
    let event;
    try {
      event = JSON.parse(text);
    } catch {
      return;
    }
    const version = Number(event.streamversion ?? id);
    // The gateway sends each version once and in order; a repeat after a reconnect is dropped all the same.
    if (!(version > this.last)) return;
    this.last = version;
    this.onEvent(event);
  }
}

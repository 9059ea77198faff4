// The live feeds, a game's (GET /api/v1/games/{id}/live) and the tables' (GET /api/v1/tables/live), read with fetch()
// and a ReadableStream rather than EventSource: EventSource cannot send an Authorization header, and the other way to
// authenticate it, a token in the query string, ends up in access logs, proxies and the browser's history. fetch()
// sends the token as a header, and for a game the last version received as Last-Event-ID, so after a network loss the
// feed resumes exactly after it. (gateway/README.md, "The web client".)

import {headers, problemOf} from './api.js';

/**
 * Server-sent events from one address, connected again after a pause when the stream ends or breaks (0.5, 1, 2, 4,
 * then every 5 seconds), and at once when the browser is online again. `onStatus` is told 'connecting', 'live',
 * 'reconnecting' or 'stopped' (with the error: a 400, 401 or 404, which retrying does not mend).
 */
class EventStream {
  constructor(onStatus) {
    this.onStatus = onStatus;
    this.stopped = false;
    this.attempt = 0;
    this.online = () => this.reconnectNow();
    this.offline = () => this.abort('reconnecting');
    window.addEventListener('online', this.online);
    window.addEventListener('offline', this.offline);
  }

  /** Where to connect now, and the headers beside the credential: `{path, headers}`. */
  request() {
    throw new Error('a stream says where it reads');
  }

  /** One event's JSON data, with its `id` (or null); an event whose data is not JSON is passed over. */
  receive() {}

  dispatch(id, text) {
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      return;
    }
    if (data && typeof data === 'object') this.receive(id, data);
  }

  /** The status shown while connecting: 'connecting' the first time, else 'reconnecting'. */
  connectingStatus() {
    return this.attempt === 0 ? 'connecting' : 'reconnecting';
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
    this.onStatus(this.connectingStatus());
    try {
      const {path, headers: extra} = this.request();
      const response = await fetch(path, {
        headers: headers({Accept: 'text/event-stream', ...extra}),
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
}

/** A game's events, in stream order and each once, from the version after `from`. */
export class LiveFeed extends EventStream {
  /**
   * @param gameId   the game to follow
   * @param from     the version after which to start (0: the whole game)
   * @param onEvent  called with each CloudEvent, in stream order, each once
   * @param onStatus called with 'connecting', 'live', 'reconnecting' or 'stopped' (and an error when it stopped)
   */
  constructor(gameId, from, onEvent, onStatus) {
    super(onStatus);
    this.gameId = gameId;
    this.last = from;
    this.onEvent = onEvent;
  }

  connectingStatus() {
    return this.attempt === 0 && this.last === 0 ? 'connecting' : 'reconnecting';
  }

  request() {
    return {
      path: `/api/v1/games/${encodeURIComponent(this.gameId)}/live?from=${this.last}`,
      headers: {'Last-Event-ID': String(this.last)},
    };
  }

  receive(id, event) {
    const version = Number(event.streamversion ?? id);
    // The gateway sends each version once and in order; a repeat after a reconnect is dropped all the same.
    if (!(version > this.last)) return;
    this.last = version;
    this.onEvent(event);
  }
}

/**
 * The tables' changes from the moment the feed is 'live': `{tableId, type, gameId}` each (gateway/README.md, "The
 * tables' live feed"). Nothing is replayed: a page reads what it shows each time the status becomes 'live' (on
 * connecting, and after every reconnection), then again when a change concerns it.
 */
export class TableFeed extends EventStream {
  /**
   * @param onChange called with each change
   * @param onStatus called with 'connecting', 'live', 'reconnecting' or 'stopped' (and an error when it stopped)
   */
  constructor(onChange, onStatus) {
    super(onStatus);
    this.onChange = onChange;
  }

  request() {
    return {path: '/api/v1/tables/live', headers: {}};
  }

  receive(id, change) {
    this.onChange(change);
  }
}

// A game's live feed, GET /api/v1/games/{id}/live: server-sent events, each `id:` the event's stream version and
// `data:` the CloudEvent as JSON. Read with fetch rather than an EventSource, so that the credential goes in the
// Authorization header (never in the address, where logs keep it); after a dropped connection the feed asks again with
// the last version received as Last-Event-ID and resumes exactly after it (gateway/README.md, "Live feed").

import { CloudEventFromJSON, type CloudEvent } from './generated/index.js';
import { ProblemError, retryAfterMillis } from './http.js';
import { EventStreamParser, type ServerSentEvent } from './sse.js';

export type LiveFeedStatus = 'connecting' | 'live' | 'reconnecting' | 'stopped';

export interface LiveFeedOptions {
  /** The gateway's address, without `/api/v1`. */
  baseUrl: string;
  gameId: string;
  /** A player's token or an API key, sent as `Authorization: Bearer`. */
  token: string;
  /** The stream version after which to start: 0 (the default) replays the whole game first. */
  from?: number;
  /** Told when the feed connects, loses its connection (and tries again) or stops (with the error, if any). */
  onStatus?: (status: LiveFeedStatus, error?: unknown) => void;
  /** The pause before the n-th attempt in a row to connect again, in ms: 500, 1000, 2000, 4000, then 5000. */
  reconnectDelay?: (attempt: number) => number;
  fetch?: typeof fetch;
}

/** The feed sent something that is not one of the game's events. */
export class LiveFeedError extends Error {
  override name = 'LiveFeedError';
}

/**
 * A game's events, in stream order and each once, for as long as it is iterated: the past ones after `from`, then each
 * as it is published. A connection that drops or ends is made again after a pause, resuming after the last version
 * received; 429 and 503 after their `Retry-After`. A bad credential, an unknown game or a bad `from` (401, 404, 400,
 * 403) ends the iteration with a ProblemError, as does LiveFeedError. Leaving a `for await` loop, or `close()`, closes
 * the connection.
 *
 * ```ts
 * for await (const event of tessera.follow(gameId)) {
 *   console.log(event.streamversion, event.type);
 *   if (event.type === 'tessera.game.SeedRevealed') break; // a game's last event
 * }
 * ```
 */
export class LiveFeed implements AsyncIterable<CloudEvent> {
  private last: number;
  private closed = false;
  private started = false;
  private controller: AbortController | undefined;
  private wake: (() => void) | undefined;

  constructor(private readonly options: LiveFeedOptions) {
    const from = options.from ?? 0;
    if (!Number.isSafeInteger(from) || from < 0) {
      throw new RangeError(`from must be a whole number, 0 or more: ${from}`);
    }
    this.last = from;
  }

  /** The stream version of the last event delivered (`from` before the first). */
  get lastVersion(): number {
    return this.last;
  }

  /** Stops the feed: a pending iteration ends, the connection is closed. */
  close(): void {
    this.closed = true;
    this.controller?.abort();
    this.wake?.();
  }

  [Symbol.asyncIterator](): AsyncIterator<CloudEvent> {
    if (this.started) throw new Error('a LiveFeed is iterated once; follow the game again for another iteration');
    this.started = true;
    return this.run();
  }

  private async *run(): AsyncGenerator<CloudEvent, void, undefined> {
    const { baseUrl, gameId, token } = this.options;
    const fetchFn = this.options.fetch ?? globalThis.fetch;
    const url = `${baseUrl.replace(/\/+$/, '')}/api/v1/games/${encodeURIComponent(gameId)}/live`;
    let connected = false;
    let failures = 0;
    let failure: unknown;
    try {
      while (!this.closed) {
        if (!connected && failures === 0) this.status('connecting');
        const controller = new AbortController();
        this.controller = controller;
        let pause: number;
        try {
          const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${token}` };
          // On every connection after the first (and when starting after a version), what the feed resumes after.
          if (connected || this.last > 0) headers['Last-Event-ID'] = String(this.last);
          const response = await fetchFn(`${url}?from=${this.last}`, { headers, signal: controller.signal });
          if (response.ok && response.body) {
            connected = true;
            failures = 0;
            this.status('live');
            yield* this.events(response.body);
            pause = this.delay(++failures); // the server ended the stream: connect again
          } else if (response.status === 429 || response.status === 503) {
            await response.body?.cancel();
            failures++;
            pause = retryAfterMillis(response);
          } else if (response.status >= 500) {
            await response.body?.cancel();
            pause = this.delay(++failures);
          } else {
            throw await ProblemError.of(response); // retrying cannot help
          }
        } catch (e) {
          if (this.closed) return;
          if (e instanceof ProblemError || e instanceof LiveFeedError) throw (failure = e);
          pause = this.delay(++failures); // the connection failed or dropped
        }
        if (this.closed) return;
        this.status('reconnecting');
        await this.pause(pause);
      }
    } finally {
      this.closed = true;
      this.controller?.abort();
      this.status('stopped', failure);
    }
  }

  /** The events of one connection's body, until it ends or fails. */
  private async *events(body: ReadableStream<Uint8Array>): AsyncGenerator<CloudEvent, void, undefined> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const parser = new EventStreamParser();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        for (const sse of parser.push(decoder.decode(value, { stream: true }))) {
          const event = this.accept(sse);
          if (event) yield event;
        }
      }
    } finally {
      reader.cancel().catch(() => {});
    }
  }

  /** The event, or undefined for one delivered already (the gateway sends each once; a repeat is dropped anyway). */
  private accept(sse: ServerSentEvent): CloudEvent | undefined {
    let json: unknown;
    try {
      json = JSON.parse(sse.data);
    } catch {
      throw new LiveFeedError(`event ${sse.id} of game ${this.options.gameId} is not JSON: ${sse.data.slice(0, 200)}`);
    }
    const event = CloudEventFromJSON(json);
    const version = Number(event?.streamversion ?? sse.id);
    if (!Number.isSafeInteger(version)) {
      throw new LiveFeedError(`event ${sse.id} of game ${this.options.gameId} has no stream version`);
    }
    if (version <= this.last) return undefined;
    this.last = version;
    return event;
  }

  private delay(attempt: number): number {
    return this.options.reconnectDelay?.(attempt) ?? Math.min(5000, 500 * 2 ** Math.min(attempt - 1, 4));
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private status(status: LiveFeedStatus, error?: unknown): void {
    this.options.onStatus?.(status, error);
  }
}

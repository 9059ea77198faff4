// LiveFeed over real HTTP connections to a small server on this machine that serves canned events and drops the
// connection where a test says: what goes out (the path, Authorization, Last-Event-ID) and what the reader gets.
// (Against the platform itself, bots.test.ts: every bot follows its game with it.)
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, it } from 'node:test';
import { LiveFeed, ProblemError, type LiveFeedStatus } from '../src/index.js';

const event = (version: number) => ({
  specversion: '1.0',
  id: `event-${version}`,
  source: '/tessera/game-service',
  type: version === 1 ? 'tessera.game.GameStarted' : 'tessera.alhambra.MoneyTaken',
  subject: 'game-1',
  time: '2026-06-01T10:15:31.002Z',
  streamversion: version,
  data: { version },
});
const sse = (version: number) => `id: ${version}\nevent: ${event(version).type}\ndata: ${JSON.stringify(event(version))}\n\n`;

interface Seen {
  url: string;
  authorization?: string;
  lastEventId?: string;
}

/** Answers each request with the next handler; records what each request carried. */
function server(...handlers: ((req: IncomingMessage, res: ServerResponse) => void)[]) {
  const seen: Seen[] = [];
  const http = createServer((req, res) => {
    seen.push({
      url: req.url!,
      authorization: req.headers.authorization,
      lastEventId: req.headers['last-event-id'] as string | undefined,
    });
    const handler = handlers[Math.min(seen.length, handlers.length) - 1];
    handler(req, res);
  });
  return { http, seen };
}

const stream = (res: ServerResponse, text: string) => {
  res.writeHead(200, { 'Content-Type': 'text/event-stream' });
  res.write(text);
};

const listening: ReturnType<typeof server>[] = [];
async function listen(s: ReturnType<typeof server>): Promise<string> {
  listening.push(s);
  await new Promise<void>((resolve) => s.http.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(s.http.address() as AddressInfo).port}`;
}
async function collect(feed: LiveFeed, count: number): Promise<number[]> {
  const versions: number[] = [];
  for await (const e of feed) {
    versions.push(e.streamversion);
    if (versions.length === count) break;
  }
  return versions;
}

describe('LiveFeed', { timeout: 20_000 }, () => {
  afterEach(() => {
    for (const s of listening.splice(0)) {
      s.http.closeAllConnections();
      s.http.close();
    }
  });

  it('resumes after a dropped connection with Last-Event-ID, each event once and in order', async () => {
    const s = server(
      // The first connection sends versions 1 to 3 and the start of 4, then the cable is pulled.
      (_req, res) => {
        stream(res, sse(1) + sse(2) + sse(3) + sse(4).slice(0, 30));
        setTimeout(() => res.socket?.destroy(), 50);
      },
      // The second: an event it had already (a repeat must not reach the reader), then the rest.
      (_req, res) => stream(res, sse(3) + sse(4) + sse(5)),
    );
    const baseUrl = await listen(s);
    const statuses: LiveFeedStatus[] = [];
    const feed = new LiveFeed({
      baseUrl: baseUrl + '/',
      gameId: 'game 1/é',
      token: 'the-token',
      reconnectDelay: () => 20,
      onStatus: (status) => statuses.push(status),
    });
    assert.deepEqual(await collect(feed, 5), [1, 2, 3, 4, 5]);
    assert.equal(feed.lastVersion, 5);
    assert.equal(s.seen.length, 2);
    const path = '/api/v1/games/game%201%2F%C3%A9/live';
    assert.deepEqual(s.seen, [
      { url: `${path}?from=0`, authorization: 'Bearer the-token', lastEventId: undefined },
      { url: `${path}?from=3`, authorization: 'Bearer the-token', lastEventId: '3' },
    ]);
    assert.deepEqual(statuses, ['connecting', 'live', 'reconnecting', 'live', 'stopped']);
  });

  it('starts after `from`, and tries again after a 503 (with its Retry-After) and a closed stream', async () => {
    const s = server(
      (_req, res) => {
        res.writeHead(503, { 'Content-Type': 'application/problem+json', 'Retry-After': '1' });
        res.end('{"type":"https://tessera.dev/problems/service-unavailable","title":"Service unavailable","status":503}');
      },
      (_req, res) => {
        stream(res, sse(8));
        res.end(); // the server ends the stream: the reader connects again
      },
      (_req, res) => stream(res, sse(9)),
    );
    const baseUrl = await listen(s);
    const startedAt = Date.now();
    const feed = new LiveFeed({ baseUrl, gameId: 'g', token: 't', from: 7, reconnectDelay: () => 20 });
    assert.deepEqual(await collect(feed, 2), [8, 9]);
    assert.ok(Date.now() - startedAt >= 1000, 'waited for Retry-After');
    assert.deepEqual(
      s.seen.map((r) => [r.url, r.lastEventId]),
      [
        ['/api/v1/games/g/live?from=7', '7'],
        ['/api/v1/games/g/live?from=7', '7'],
        ['/api/v1/games/g/live?from=8', '8'],
      ],
    );
  });

  it('stops with the problem when retrying cannot help (an unknown game, a bad credential)', async () => {
    for (const status of [404, 401]) {
      const s = server((_req, res) => {
        res.writeHead(status, { 'Content-Type': 'application/problem+json' });
        const problem = { type: `https://tessera.dev/problems/${status}`, title: 'No', status, detail: `it is a ${status}` };
        res.end(JSON.stringify(problem));
      });
      const baseUrl = await listen(s);
      const statuses: LiveFeedStatus[] = [];
      const feed = new LiveFeed({ baseUrl, gameId: 'g', token: 't', onStatus: (st) => statuses.push(st) });
      await assert.rejects(collect(feed, 1), (e: unknown) => {
        assert.ok(e instanceof ProblemError);
        assert.equal(e.status, status);
        assert.equal(e.problem.detail, `it is a ${status}`);
        return true;
      });
      assert.deepEqual(statuses, ['connecting', 'stopped']);
      assert.equal(s.seen.length, 1, 'asked once');
    }
  });

  it('close() ends an iteration that waits for the next event, and closes the connection', async () => {
    let closed = false;
    const s = server((req, res) => {
      stream(res, sse(1));
      req.socket.on('close', () => (closed = true));
    });
    const baseUrl = await listen(s);
    const feed = new LiveFeed({ baseUrl, gameId: 'g', token: 't' });
    const versions: number[] = [];
    const done = (async () => {
      for await (const e of feed) versions.push(e.streamversion);
    })();
    while (versions.length < 1) await new Promise((r) => setTimeout(r, 10));
    feed.close();
    await done;
    assert.deepEqual(versions, [1]);
    for (let i = 0; i < 100 && !closed; i++) await new Promise((r) => setTimeout(r, 10));
    assert.ok(closed, 'the server saw the connection closed');
  });
});

// Tessera (the generated client as the SDK sets it up) against a small server on this machine with canned answers:
// the credential it sends, the 503 it sends again, the problems it throws. (Against the platform: bots.test.ts.)
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, it } from 'node:test';
import { ProblemError, ResponseError, Tessera } from '../src/index.js';

interface Received {
  method: string;
  url: string;
  authorization?: string;
  body: string;
}

type Answer = (res: ServerResponse) => void;
const servers: ReturnType<typeof createServer>[] = [];

/** A server that answers its n-th request with answers[n] (the last one again after that). */
async function gateway(...answers: Answer[]): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    received.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body });
    answers[Math.min(received.length, answers.length) - 1](res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Answer => (res) => {
  res.writeHead(status, { 'Content-Type': status < 300 ? 'application/json' : 'application/problem+json', ...headers });
  res.end(JSON.stringify(body));
};
const moveResult = { gameId: 'g1', version: 8, events: [], toAct: 'p2', legalMoves: null };
const conflict = {
  type: 'https://tessera.dev/problems/version-conflict',
  title: 'Version conflict',
  status: 409,
  detail: 'the stream moved on: reload and retry with the current version',
  rule: 'version-conflict',
  expectedVersion: 7,
  currentVersion: 9,
};
const moveRequest = { expectedVersion: 7, move: { type: 'take-money', cards: [3, 88], futureMember: { kept: true } } };

describe('Tessera', { timeout: 20_000 }, () => {
  afterEach(() => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      server.close();
    }
  });

  it("sends the caller's token and a move exactly as listed, members it does not know included", async () => {
    const { url, received } = await gateway(json(200, moveResult));
    const result = await new Tessera({ baseUrl: url + '/', token: 'tok' }).games.playMove({ id: 'g1', moveRequest });
    assert.equal(result.version, 8);
    assert.equal(received.length, 1);
    assert.equal(received[0].method, 'POST');
    assert.equal(received[0].url, '/api/v1/games/g1/moves');
    assert.equal(received[0].authorization, 'Bearer tok');
    assert.deepEqual(JSON.parse(received[0].body), moveRequest);
  });

  it('sends a request answered 503 again after its Retry-After, the same body; a 409 then is a ProblemError', async () => {
    const unavailable = json(
      503,
      { type: 'https://tessera.dev/problems/service-unavailable', title: 'Service unavailable', status: 503 },
      { 'Retry-After': '1' },
    );
    const { url, received } = await gateway(unavailable, json(409, conflict));
    const started = Date.now();
    const error = await new Tessera({ baseUrl: url, token: 'tok' }).games
      .playMove({ id: 'g1', moveRequest })
      .catch((e: unknown) => e);
    assert.ok(Date.now() - started >= 1000, 'waited for Retry-After');
    assert.equal(received.length, 2);
    assert.equal(received[1].body, received[0].body);
    assert.ok(error instanceof ProblemError, `a ProblemError, not ${error}`);
    assert.ok(error instanceof ResponseError, "and a ResponseError, as the generated code's errors are");
    assert.equal(error.status, 409);
    assert.equal(error.rule, 'version-conflict');
    assert.equal(error.problem.currentVersion, 9);
    assert.equal(error.message, '409 Version conflict (rule version-conflict): ' + conflict.detail);
  });

  it('gives up after `retries` attempts and throws the last answer', async () => {
    const limited = json(
      429,
      { type: 'https://tessera.dev/problems/rate-limited', title: 'Too many requests', status: 429, retryAfter: 1 },
      { 'Retry-After': '1' },
    );
    const { url, received } = await gateway(limited);
    const error = await new Tessera({ baseUrl: url, token: 'tok', retries: 1 }).players.getMe().catch((e) => e);
    assert.equal(received.length, 2);
    assert.ok(error instanceof ProblemError);
    assert.equal(error.status, 429);
    assert.equal(error.problem.retryAfter, 1);
  });

  it('makes a problem of an answer that has none (a proxy in front)', async () => {
    const { url } = await gateway((res) => {
      res.writeHead(502, 'Bad Gateway', { 'Content-Type': 'text/html' });
      res.end('<html>bad gateway</html>');
    });
    const error = await new Tessera({ baseUrl: url }).players.signUp({ signUpRequest: { name: 'ana' } }).catch((e) => e);
    assert.ok(error instanceof ProblemError);
    assert.equal(error.status, 502);
    assert.equal(error.problem.title, 'Bad Gateway');
    assert.equal(error.problem.detail, '<html>bad gateway</html>');
  });
});

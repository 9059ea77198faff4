// The example bot against a running platform, whose gateway TESSERA_URL names (e2e's TypeScriptSdkIT starts one and
// runs this): for each title two bots, each a process of its own as a user would start it, quick-play each other to
// the end of a game. Then a third player checks what they printed against the game as the API has it, and reads the
// whole game again from the live feed.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Tessera, verifyWebhook, WebhookVerificationError, type CloudEvent } from '../src/index.js';

const baseUrl = process.env.TESSERA_URL;
if (!baseUrl) throw new Error("TESSERA_URL must be a running platform's gateway, e.g. http://localhost:8080");
const botScript = fileURLToPath(new URL('../examples/bot.js', import.meta.url));
const minutes = Number(process.env.TESSERA_BOT_MINUTES ?? 10);

interface Played {
  name: string;
  gameId: string;
  mine: number;
  standings: string[];
  output: string;
}

/** Runs examples/bot.js for `game` until it exits; its output goes to this test's output as it comes. */
function bot(game: string, signal: AbortSignal): Promise<Played> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [botScript, game], {
      env: { ...process.env, TESSERA_URL: baseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
    });
    let output = '';
    const keep = (text: string) => {
      output += text;
      process.stdout.write(text.replace(/^(?=.)/gm, `[${game}] `));
    };
    child.stdout.setEncoding('utf8').on('data', keep);
    child.stderr.setEncoding('utf8').on('data', keep);
    child.on('error', (e) => reject(new Error(`the ${game} bot failed: ${e.message}\n${output}`)));
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`the ${game} bot exited with ${code}:\n${output}`));
      const ended = /^(bot-\w+): game (\S+) ended, (\d+) moves mine$/m.exec(output);
      if (!ended) return reject(new Error(`the ${game} bot did not say how its game ended:\n${output}`));
      const standings = output.split('\n').filter((line) => /^ {2}\d+\. /.test(line)).map((line) => line.trim());
      resolve({ name: ended[1], gameId: ended[2], mine: Number(ended[3]), standings, output });
    });
  });
}

describe('examples/bot.ts plays a whole game of each title', { concurrency: true }, () => {
  for (const game of ['alhambra', 'carrara', 'builders']) {
    it(game, { timeout: minutes * 60_000 }, async () => {
      const signal = AbortSignal.timeout(minutes * 60_000 - 5_000);
      const [one, two] = await Promise.all([bot(game, signal), bot(game, signal)]);

      // They were matched with each other, and saw the same end.
      assert.equal(one.gameId, two.gameId, 'both bots played one game');
      assert.deepEqual(one.standings, two.standings, 'both printed the same standings');
      assert.deepEqual(
        one.standings.map((line) => line.split(' ')[1]).sort(),
        [one.name, two.name].sort(),
        `the standings name the two bots: ${one.standings}`,
      );

      // The game as a third player sees it through the API.
      const gateway = new Tessera({ baseUrl });
      const reader = gateway.as(
        (await gateway.players.signUp({ signUpRequest: { name: `reader-${game}-${Date.now().toString(36)}` } })).token,
      );
      const view = await reader.games.getGame({ id: one.gameId });
      assert.equal(view.game, game);
      assert.equal(view.over, true, 'the game is over');
      const events = await reader.games.getGameEvents({ id: one.gameId, from: 0 });
      assert.deepEqual(
        events.map((e) => e.streamversion),
        events.map((_, i) => i + 1),
        'the stream is numbered from 1 without gaps',
      );
      assert.equal(events.at(-1)!.type, 'tessera.game.SeedRevealed', 'the last event reveals the seed');
      const ended = events.at(-2)!;
      assert.equal(ended.type, 'tessera.game.GameEnded');
      const standings: { player: string; score: number; rank: number }[] = ended.data!.standings;
      const names = await reader.players.getPlayerNames({ ids: standings.map((s) => s.player).join(',') });
      const nameOf = (id: string) => names.find((p) => p.id === id)!.name;
      assert.deepEqual(
        one.standings,
        standings.map((s) => `${s.rank}. ${nameOf(s.player)} ${s.score}`),
        'the bots printed the standings of GameEnded',
      );
      // Each bot counted its moves from the live feed: the feed gave it every one of them, once.
      for (const played of [one, two]) {
        const id = names.find((p) => p.name === played.name)!.id;
        const recorded = events.filter((e) => e.movedby === id).length;
        assert.ok(recorded > 0, `${played.name} moved`);
        assert.equal(played.mine, recorded, `${played.name}'s moves as its live feed told them`);
      }

      // The finished game from its live feed, read with the SDK: every event once, in order, as the events endpoint has it.
      const replayed: CloudEvent[] = [];
      for await (const event of reader.follow(one.gameId)) {
        replayed.push(event);
        if (event.streamversion === events.length) break;
      }
      assert.deepEqual(
        replayed.map((e) => [e.streamversion, e.type, e.id]),
        events.map((e) => [e.streamversion, e.type, e.id]),
      );
      console.log(`[${game}] game ${one.gameId}: ${events.length} events, moves ${one.name} ${one.mine}, ${two.name} ${two.mine}`);
    });
  }
});

// The platform's own webhooks, checked with the SDK's verifyWebhook: a receiver on loopback (e2e's platform, like
// ./tessera up, runs for local development and allows http there) gets a ping and finds its signature good, and a body
// changed on the way fails the check.
describe('verifyWebhook', () => {
  it("accepts the platform's signed ping and refuses it changed", { timeout: 60_000 }, async () => {
    const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const gateway = new Tessera({ baseUrl });
      const owner = gateway.as(
        (await gateway.players.signUp({ signUpRequest: { name: `hooks-${Date.now().toString(36)}` } })).token,
      );
      const created = await owner.webhooks.createWebhook({
        createWebhookRequest: { url: `http://127.0.0.1:${port}/tessera`, events: ['game.ended'] },
      });
      const ping = await owner.webhooks.pingWebhook({ id: created.id });
      for (let waited = 0; received.length === 0 && waited < 30_000; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal(received.length, 1, 'the ping arrived');
      const { headers, body } = received[0];
      const verified = verifyWebhook(created.secret, headers, body);
      assert.equal(verified.id, ping.id, 'its webhook-id is the delivery the API answered');
      assert.deepEqual((verified.payload as { type: string; data: unknown }).type, 'ping');
      assert.throws(() => verifyWebhook(created.secret, headers, body.replace('ping', 'pong')), WebhookVerificationError);
    } finally {
      server.close();
    }
  });
});

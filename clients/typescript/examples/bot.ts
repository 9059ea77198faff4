// A bot: signs up, quick-plays a game for two and plays it to the end with random legal moves, then prints the
// standings. Two of them make a table:  node dist/examples/bot.js carrara & node dist/examples/bot.js carrara
// TESSERA_URL is the gateway (default http://localhost:8080).
import { setTimeout as sleep } from 'node:timers/promises';
import { ProblemError, Tessera, type Move, type QueueRequestGameEnum } from '../src/index.js';

const game = (process.argv[2] ?? 'alhambra') as QueueRequestGameEnum;
const name = `bot-${Math.random().toString(36).slice(2, 10)}`;
const tessera = new Tessera({ baseUrl: process.env.TESSERA_URL ?? 'http://localhost:8080' });
const player = await tessera.players.signUp({ signUpRequest: { name } });
const me = tessera.as(player.token);

// Quick play: 201 when this bot completes a table, else 202 and it waits until someone does.
let entry = await me.matchmaking.joinQueue({ queueRequest: { game, players: 2 } });
while (entry.status !== 'matched') {
  await sleep(200);
  entry = await me.matchmaking.getQueueEntry();
}
let gameId: string | undefined;
while (!(gameId = (await me.tables.getTable({ id: entry.tableId! })).gameId)) await sleep(200);
console.log(`${name}: playing ${game} game ${gameId}`);

// A random kind of move, then a random move of that kind (so that plentiful kinds do not crowd out the rest).
const any = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)];
const pick = (moves: Move[]): Move => {
  const kind = any([...new Set(moves.map((m) => m.type))]);
  return any(moves.filter((m) => m.type === kind));
};

let actedAt = 0; // the version our last move made
let mine = 0; // our moves the game recorded
for await (const event of me.follow(gameId)) { // each event of the game, once: maybe it is our turn now
  if (event.movedby === player.id) mine++;
  if (event.type === 'tessera.game.GameEnded') {
    const standings: { player: string; score: number; rank: number }[] = event.data!.standings;
    const names = await me.players.getPlayerNames({ ids: standings.map((s) => s.player).join(',') });
    console.log(`${name}: game ${gameId} ended, ${mine} moves mine`);
    for (const s of standings) console.log(`  ${s.rank}. ${names.find((p) => p.id === s.player)?.name} ${s.score}`);
    break;
  }
  if (event.streamversion <= actedAt) continue; // our own move's events
  // At the version this event brought, or later: a server keeping the game that recent answers without a read.
  let { version, moves } = await me.games.getLegalMoves({ id: gameId, minVersion: event.streamversion });
  try {
    while (moves.length > 0) { // a move's answer lists our next moves while we are still to act
      const move = pick(moves);
      const result = await me.games.playMove({ id: gameId, moveRequest: { expectedVersion: version, move } });
      actedAt = version = result.version;
      moves = result.legalMoves ?? [];
    }
  } catch (e) { // 409: the game moved on (or waits for a service to answer): its next event wakes us up again
    if (!(e instanceof ProblemError && e.status === 409)) throw e;
  }
}

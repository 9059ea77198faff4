// The text/event-stream parser on canned input: the gateway's own example from the API document, cut at every
// possible place, and the corners of the format.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EventStreamParser, TableChangeFromJSON, type ServerSentEvent } from '../src/index.js';

// The first two events of a game, as the API document's example of followGame has them.
const started =
  '{"specversion":"1.0","id":"0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d","source":"/tessera/game-service","type":"tessera.game.GameStarted","subject":"9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10","streamversion":1,"data":{"game":"alhambra","note":"Caf\u00e9 \u2615"}}';
const moneyTaken =
  '{"specversion":"1.0","id":"1b2c3d4e-5f60-4718-89a0-b1c2d3e4f506","source":"/tessera/game-service","type":"tessera.alhambra.MoneyTaken","streamversion":2,"data":{"cards":[{"id":3}]},"move":"{\\"type\\":\\"take-money\\",\\"cards\\":[3]}"}';
const feed =
  `content-type: application/json\nid: 1\nevent: tessera.game.GameStarted\ndata: ${started}\n\n` +
  `content-type: application/json\nid: 2\nevent: tessera.alhambra.MoneyTaken\ndata: ${moneyTaken}\n\n`;
const expected: ServerSentEvent[] = [
  { id: '1', event: 'tessera.game.GameStarted', data: started },
  { id: '2', event: 'tessera.alhambra.MoneyTaken', data: moneyTaken },
];

const parse = (...pieces: string[]) => {
  const parser = new EventStreamParser();
  return pieces.flatMap((piece) => parser.push(piece));
};

describe('EventStreamParser', () => {
  it("reads the gateway's events: id, event name, the CloudEvent's JSON", () => {
    const events = parse(feed);
    assert.deepEqual(events, expected);
    assert.equal(JSON.parse(events[0].data).data.note, 'Café ☕');
  });

  it('gives the same events however the text is cut into pieces', () => {
    for (let cut = 1; cut < feed.length; cut++) {
      assert.deepEqual(parse(feed.slice(0, cut), feed.slice(cut)), expected, `cut at ${cut}`);
    }
    assert.deepEqual(parse(...feed.split('')), expected, 'one character at a time');
  });

  it('gives each event once its empty line has come, not before', () => {
    const parser = new EventStreamParser();
    assert.deepEqual(parser.push('id: 1\ndata: {}\n'), []);
    assert.deepEqual(parser.push('\n'), [{ id: '1', event: 'message', data: '{}' }]);
  });

  it('takes CRLF, CR and LF line endings, a CRLF split between two pieces included', () => {
    const crlf = feed.replaceAll('\n', '\r\n');
    const cr = feed.replaceAll('\n', '\r');
    assert.deepEqual(parse(crlf), expected);
    assert.deepEqual(parse(cr), expected);
    for (let cut = 1; cut < crlf.length; cut++) {
      assert.deepEqual(parse(crlf.slice(0, cut), crlf.slice(cut)), expected, `CRLF cut at ${cut}`);
      assert.deepEqual(parse(cr.slice(0, cut), cr.slice(cut)), expected, `CR cut at ${cut}`);
    }
  });

  it('joins data lines with line feeds, skips comments and unknown fields, keeps the last id for later events', () => {
    const text =
      '\uFEFF: a comment\n' +
      'id: 7\ndata: first line\ndata:second line\ndata\nunknown: x\n\n' +
      'event: ping\n\n' + // no data: not an event
      'data:  two spaces\n\n' +
      'id\ndata: id reset\nretry: 2500\n\n' +
      'id: 9\u0000\ndata: NUL ids are ignored\n\n';
    const parser = new EventStreamParser();
    assert.deepEqual(parser.push(text), [
      { id: '7', event: 'message', data: 'first line\nsecond line\n' },
      { id: '7', event: 'message', data: ' two spaces' },
      { id: '', event: 'message', data: 'id reset' },
      { id: '', event: 'message', data: 'NUL ids are ignored' },
    ]);
    assert.equal(parser.retry, 2500);
  });

  it('leaves an event whose empty line never came', () => {
    assert.deepEqual(parse('id: 3\ndata: {"cut": "off"}'), []);
  });

  it("reads the tables' feed as the API document's example of followTables has it: a started table names its players", () => {
    const table = '3f9a1c2e-6b7d-4e8f-a0b1-c2d3e4f5a6b7';
    const [ana, bob] = ['5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10', 'c2d4e6f8-1a3b-4c5d-8e9f-0a1b2c3d4e5f'];
    const text =
      'content-type: application/json\nevent: tessera.lobby.PlayerSeated\n' +
      `data: {"tableId":"${table}","type":"tessera.lobby.PlayerSeated","gameId":null,"players":null}\n\n` +
      'content-type: application/json\nevent: tessera.lobby.TableStarted\n' +
      `data: {"tableId":"${table}","type":"tessera.lobby.TableStarted","gameId":null,"players":["${ana}","${bob}"]}\n\n`;
    const changes = parse(text).map((e) => TableChangeFromJSON(JSON.parse(e.data)));
    assert.deepEqual(changes, [
      { tableId: table, type: 'tessera.lobby.PlayerSeated', gameId: null, players: null },
      { tableId: table, type: 'tessera.lobby.TableStarted', gameId: null, players: [ana, bob] },
    ]);
    // A waiting player knows from the change alone whether the table that started is theirs.
    assert.ok(changes[1].players?.includes(bob));
  });
});

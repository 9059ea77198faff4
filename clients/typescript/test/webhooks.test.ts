// verifyWebhook against signatures computed outside this code: the Standard Webhooks specification's example, and a
// Tessera-shaped message signed with openssl (the command is beside the vector).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { signWebhook, verifyWebhook, WebhookVerificationError } from '../src/index.js';

// The specification's example (standard-webhooks, and Svix before it).
const spec = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

// KEY='tessera sdk test key, 32 bytes!!'; secret: whsec_$(printf "$KEY" | base64)
// printf '%s' "msg_2Vb1tessera.1780000000.$BODY" \
//   | openssl dgst -sha256 -mac HMAC -macopt hexkey:$(printf "$KEY" | xxd -p -c 100) -binary | base64
const tessera = {
  secret: 'whsec_dGVzc2VyYSBzZGsgdGVzdCBrZXksIDMyIGJ5dGVzISE=',
  id: 'msg_2Vb1tessera',
  timestamp: 1780000000,
  body: '{"type":"turn.started","data":{"gameId":"9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10","deadline":"2026-06-04T10:20:01Z","note":"café ☕"}}',
  signature: 'v1,lvKcLCpzBs6IWt29ki5LDoWtyHENceOU3q/SOaqOH1A=',
};

type Vector = typeof spec;
const headersOf = (v: Vector, signature = v.signature) => ({
  'webhook-id': v.id,
  'webhook-timestamp': String(v.timestamp),
  'webhook-signature': signature,
});
const at = (unixSeconds: number) => ({ now: new Date(unixSeconds * 1000) });

interface Change {
  secret?: string;
  headers?: Record<string, string | undefined>;
  body?: string;
  now?: number;
  toleranceSeconds?: number;
}
/** verifyWebhook on the message signed with openssl, received at its timestamp, with the parts `change` names changed. */
const verifyTessera = (change: Change = {}) =>
  verifyWebhook(change.secret ?? tessera.secret, { ...headersOf(tessera), ...change.headers }, change.body ?? tessera.body, {
    ...at(change.now ?? tessera.timestamp),
    toleranceSeconds: change.toleranceSeconds,
  });

function refused(change: Change, message: RegExp): void {
  assert.throws(
    () => verifyTessera(change),
    (e: unknown) => {
      assert.ok(e instanceof WebhookVerificationError, `a WebhookVerificationError, not ${e}`);
      assert.match(e.message, message);
      return true;
    },
  );
}

describe('verifyWebhook', () => {
  it("accepts the specification's example", () => {
    const verified = verifyWebhook(spec.secret, headersOf(spec), spec.body, at(spec.timestamp + 10));
    assert.equal(verified.id, spec.id);
    assert.equal(verified.timestamp.getTime(), spec.timestamp * 1000);
    assert.deepEqual(verified.payload, { test: 2432232314 });
  });

  it('accepts a message signed with openssl, as text or as the raw bytes, and answers its payload', () => {
    const expected = JSON.parse(tessera.body);
    const now = at(tessera.timestamp);
    assert.deepEqual(verifyTessera().payload, expected);
    assert.deepEqual(verifyWebhook(tessera.secret, headersOf(tessera), Buffer.from(tessera.body), now).payload, expected);
    const bytes = new TextEncoder().encode(tessera.body);
    assert.deepEqual(verifyWebhook(tessera.secret, new Headers(headersOf(tessera)), bytes, now).payload, expected);
  });

  it("finds the headers whatever their case, as node's req.headers or a framework's object has them", () => {
    const headers = {
      'Webhook-Id': tessera.id,
      'WEBHOOK-TIMESTAMP': String(tessera.timestamp),
      'webhook-Signature': tessera.signature,
    };
    assert.equal(verifyWebhook(tessera.secret, headers, tessera.body, at(tessera.timestamp)).id, tessera.id);
  });

  it('accepts a list of signatures of which one matches (a secret being rotated), and skips other schemes', () => {
    const other = 'v1,' + Buffer.alloc(32, 7).toString('base64');
    const list = `v1a,c29tZXRoaW5nIGVsc2U= ${other} ${tessera.signature}`;
    assert.equal(verifyTessera({ headers: { 'webhook-signature': list } }).id, tessera.id);
  });

  it('refuses a body changed by one character, another secret, and a signature of another message', () => {
    const noMatch = /no v1 signature of webhook-signature matches/;
    refused({ body: tessera.body.replace('café', 'cafe') }, noMatch);
    refused({ secret: spec.secret }, noMatch);
    refused({ headers: { 'webhook-signature': spec.signature } }, noMatch);
    refused({ headers: { 'webhook-id': 'msg_other' } }, noMatch);
    refused({ headers: { 'webhook-timestamp': String(tessera.timestamp + 1) } }, noMatch);
  });

  it('refuses a timestamp more than five minutes away from the clock, either way', () => {
    assert.equal(verifyTessera({ now: tessera.timestamp + 300 }).id, tessera.id);
    assert.equal(verifyTessera({ now: tessera.timestamp - 300 }).id, tessera.id);
    refused({ now: tessera.timestamp + 301 }, /301 s old/);
    refused({ now: tessera.timestamp - 301 }, /301 s ahead/);
    assert.equal(verifyTessera({ now: tessera.timestamp + 3600, toleranceSeconds: 3600 }).id, tessera.id);
  });

  it('says what is wrong with a delivery that cannot be checked', () => {
    refused({ headers: { 'webhook-signature': undefined } }, /webhook-signature header is missing/);
    refused({ headers: { 'webhook-id': '' } }, /webhook-id header is missing/);
    refused({ headers: { 'webhook-timestamp': '2026-06-01T10:00:00Z' } }, /not a time in unix seconds/);
    refused({ headers: { 'webhook-signature': 'v2,abc' } }, /no v1 signature/);
    refused({ secret: 'dGVzc2VyYQ==' }, /starts with whsec_/);
    refused({ secret: 'whsec_not base64!' }, /base64/);
    const parsed = JSON.parse(tessera.body);
    assert.throws(() => verifyWebhook(tessera.secret, headersOf(tessera), parsed, at(tessera.timestamp)), /raw body/);
  });
});

describe('signWebhook', () => {
  it('makes the signatures computed with openssl and in the specification', () => {
    assert.equal(signWebhook(tessera.secret, tessera.id, tessera.timestamp, tessera.body), tessera.signature);
    assert.equal(signWebhook(spec.secret, spec.id, spec.timestamp, spec.body), spec.signature);
  });
});

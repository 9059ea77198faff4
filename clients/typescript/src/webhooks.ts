// Webhook signatures as the Standard Webhooks specification writes them (https://www.standardwebhooks.com):
//   webhook-id         the message's id, the same on every retry of it: what a receiver de-duplicates on
//   webhook-timestamp  when it was sent, in unix seconds
//   webhook-signature  space-separated `v1,<base64>` signatures: HMAC-SHA256 of `${id}.${timestamp}.${body}` keyed with
//                      the secret's bytes (base64 after its `whsec_` prefix)
// A receiver checks one of them against the raw body, in constant time, and refuses a timestamp more than five minutes
// away from its clock (a replayed message).

import { createHmac, timingSafeEqual } from 'node:crypto';

/** The headers as a receiver has them: fetch's Headers, node's `req.headers`, or a plain object (any case). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** How far the timestamp may be from `now`, in seconds (default 300). */
  toleranceSeconds?: number;
  /** The receiver's clock (default: now). */
  now?: Date;
}

export interface VerifiedWebhook {
  /** `webhook-id`: the same for every delivery of one message. */
  id: string;
  /** `webhook-timestamp`. */
  timestamp: Date;
  /** The body, parsed as JSON. */
  payload: unknown;
}

/** The delivery is not one to trust: the message says what failed. */
export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

/**
 * Checks a delivery's signature and timestamp; returns its id, time and payload, or throws a WebhookVerificationError.
 *
 * @param secret the subscription's secret, `whsec_…`
 * @param headers the request's headers
 * @param body the request's body exactly as received (bytes or text, before any JSON parsing)
 */
export function verifyWebhook(
  secret: string,
  headers: WebhookHeaders,
  body: string | Uint8Array,
  options: VerifyOptions = {},
): VerifiedWebhook {
  if (typeof body !== 'string' && !(body instanceof Uint8Array)) {
    throw new TypeError('verifyWebhook needs the raw body (a string or bytes) as received, not parsed JSON');
  }
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!/^\d{1,12}$/.test(timestamp)) {
    throw new WebhookVerificationError(`webhook-timestamp is not a time in unix seconds: ${timestamp.slice(0, 40)}`);
  }
  const sentAt = Number(timestamp);
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  if (sentAt < now - tolerance) {
    throw new WebhookVerificationError(`webhook-timestamp ${sentAt} is ${now - sentAt} s old (at most ${tolerance})`);
  }
  if (sentAt > now + tolerance) {
    throw new WebhookVerificationError(`webhook-timestamp ${sentAt} is ${sentAt - now} s ahead (at most ${tolerance})`);
  }
  const expected = hmac(secret, id, timestamp, body);
  let v1 = 0;
  for (const entry of signatures.split(' ')) {
    const comma = entry.indexOf(',');
    if (comma < 0 || entry.slice(0, comma) !== 'v1') continue; // another scheme's signature
    v1++;
    const signature = Buffer.from(entry.slice(comma + 1), 'base64');
    if (signature.length === expected.length && timingSafeEqual(signature, expected)) {
      return { id, timestamp: new Date(sentAt * 1000), payload: parse(body) };
    }
  }
  throw new WebhookVerificationError(
    v1 === 0
      ? 'webhook-signature has no v1 signature'
      : `no v1 signature of webhook-signature matches the body (${v1} tried): another secret, or a body changed`,
  );
}

/**
 * The `webhook-signature` value for a message (one `v1,` signature): for testing a receiver without the platform.
 * `timestamp` is in unix seconds.
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string | Uint8Array): string {
  return `v1,${hmac(secret, id, String(timestamp), body).toString('base64')}`;
}

function hmac(secret: string, id: string, timestamp: string, body: string | Uint8Array): Buffer {
  return createHmac('sha256', key(secret))
    .update(`${id}.${timestamp}.`, 'utf8')
    .update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body)
    .digest();
}

function key(secret: string): Buffer {
  if (!secret.startsWith('whsec_')) {
    throw new WebhookVerificationError('the secret is not a webhook secret: it starts with whsec_');
  }
  const base64 = secret.slice('whsec_'.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length % 4 !== 0) {
    throw new WebhookVerificationError('the secret is not whsec_ followed by base64');
  }
  return Buffer.from(base64, 'base64');
}

function header(headers: WebhookHeaders, name: string): string {
  let value: string | string[] | null | undefined;
  if (typeof (headers as Headers).get === 'function') {
    value = (headers as Headers).get(name);
  } else {
    const record = headers as Record<string, string | string[] | undefined>;
    const key = Object.keys(record).find((k) => k.toLowerCase() === name);
    value = key === undefined ? undefined : record[key];
  }
  if (Array.isArray(value)) value = value.join(' ');
  if (value == null || value === '') throw new WebhookVerificationError(`the ${name} header is missing`);
  return value;
}

function parse(body: string | Uint8Array): unknown {
  const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw new WebhookVerificationError('the body is signed but is not JSON');
  }
}

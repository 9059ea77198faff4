// Tessera's TypeScript SDK: the client generated from the API document (every operation and model), set up by
// `Tessera`, plus what a generated client does not do: the live feed and webhook signatures.

export * from './generated/index.js';
export { Tessera, type TesseraOptions } from './client.js';
export { ProblemError, retrying, retryAfterMillis } from './http.js';
export { LiveFeed, LiveFeedError, type LiveFeedOptions, type LiveFeedStatus } from './live.js';
export { EventStreamParser, type ServerSentEvent } from './sse.js';
export {
  signWebhook,
  verifyWebhook,
  WebhookVerificationError,
  type VerifiedWebhook,
  type VerifyOptions,
  type WebhookHeaders,
} from './webhooks.js';

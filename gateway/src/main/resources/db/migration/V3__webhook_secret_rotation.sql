-- A subscription's secret can be rotated (POST /api/v1/webhooks/{id}/secret): the secret it replaced keeps signing
-- every attempt beside the new one until previous_secret_until, so that a receiver can switch without losing one.
ALTER TABLE webhook_subscriptions ADD COLUMN previous_secret TEXT;
ALTER TABLE webhook_subscriptions ADD COLUMN previous_secret_until TIMESTAMPTZ;

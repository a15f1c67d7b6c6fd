// Payment through Stripe (issue 14, docs/rules/accounts-and-plans.md#account-data): the account's Stripe customer and
// subscription, and the ids of webhook events already applied, so a redelivered event
// (Stripe retries until it gets a 2xx) changes nothing twice.
export const up = `
alter table subscriptions add column stripe_customer_id text;
alter table subscriptions add column stripe_subscription_id text;
create index subscriptions_stripe_subscription_idx on subscriptions(stripe_subscription_id);

create table stripe_events (
  id text primary key,
  type text not null,
  received_at timestamptz not null default now()
);
`;

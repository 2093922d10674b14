// Gift cards admin (issue 19): every change to a card's balance is a row in
// gift_card_events, written in the transaction that changes the balance (under the
// card's row lock), so a card's history always adds up to its balance. Cards can now be
// issued by hand (issued_by names who) and voided (voided_at/voided_by; the balance goes
// to 0 as a 'voided' event and checkout refuses the card).
//
// The backfill rebuilds the history of cards that existed before: the purchase (or
// issue), each redemption, and the gift-card part of each refund or cancellation,
// shared over the order's cards in the order they were spent — the rule
// order-admin.service's giveBack follows. A card whose rebuilt history does not add up
// to its stored balance gets one 'adjusted' event for the difference, so the invariant
// holds from here on whatever the old rows say.
export const name = '0019-gift-card-admin';

const schema = /* sql */ `
alter table gift_cards add column issued_by text;
alter table gift_cards add column voided_at timestamptz;
alter table gift_cards add column voided_by text;
create index gift_cards_admin_list on gift_cards (website_id, created_at desc);

create table gift_card_events (
  website_id uuid not null,
  event_id uuid not null default gen_random_uuid(),
  gift_card_id uuid not null,
  kind text not null check (kind in
    ('issued', 'purchased', 'redeemed', 'refunded_to_card', 'adjusted', 'voided')),
  -- the signed change to the balance: + issued, purchased, refunded; - redeemed, voided
  amount_cents integer not null,
  balance_after_cents integer not null,
  order_id uuid,
  -- 'Customer', a member's email, 'API key <name>' or 'System' (as order_events.actor)
  actor text not null,
  actor_member_id uuid,
  note text,
  -- makes issuing by hand idempotent: a retried request finds its card
  action_key text,
  -- clock_timestamp, not now(): events of one transaction keep their order
  created_at timestamptz not null default clock_timestamp(),
  primary key (website_id, event_id),
  foreign key (website_id, gift_card_id) references gift_cards (website_id, gift_card_id)
    on delete cascade
);
create index gift_card_events_card on gift_card_events (website_id, gift_card_id, created_at);
create unique index gift_card_events_action on gift_card_events (website_id, action_key)
  where action_key is not null;
`;

/** Writes every card's history into the empty events table; exported for its test. */
export const backfillSql = /* sql */ `
with gift_returns as (
  -- each refund's gift-card part, with who did it (its timeline event shares its now())
  select r.website_id, r.order_id, r.created_at, r.refund_id::text as tiebreak,
    r.gift_card_cents as cents,
    coalesce((select e.actor from order_events e
      where e.website_id = r.website_id and e.order_id = r.order_id
        and e.kind = 'refunded' and e.created_at = r.created_at
      limit 1), 'System') as actor
  from order_refunds r
  where r.gift_card_cents > 0
  union all
  -- a cancellation returns the rest without an order_refunds row
  select o.website_id, o.order_id, coalesce(c.created_at, o.created_at), 'cancel',
    o.refunded_gift_card_cents - coalesce(
      (select sum(r.gift_card_cents) from order_refunds r
        where r.website_id = o.website_id and r.order_id = o.order_id), 0),
    coalesce(c.actor, 'System')
  from orders o
  left join lateral (
    select e.created_at, e.actor from order_events e
    where e.website_id = o.website_id and e.order_id = o.order_id and e.kind = 'cancelled'
    order by e.created_at limit 1
  ) c on true
  where o.refunded_gift_card_cents > coalesce(
    (select sum(r.gift_card_cents) from order_refunds r
      where r.website_id = o.website_id and r.order_id = o.order_id), 0)
),
returns_so_far as (
  select g.*, coalesce(sum(g.cents) over (
    partition by g.website_id, g.order_id order by g.created_at, g.tiebreak
    rows between unbounded preceding and 1 preceding), 0) as returned_before
  from gift_returns g
),
spent as (
  select d.*, coalesce(sum(d.amount_cents) over (
    partition by d.website_id, d.order_id order by d.created_at, d.gift_card_id
    rows between unbounded preceding and 1 preceding), 0) as spent_before
  from gift_card_redemptions d
),
moves as (
  select website_id, gift_card_id,
    case when order_id is null then 'issued' else 'purchased' end as kind,
    initial_cents as amount_cents, order_id,
    case when order_id is null then 'System' else 'Customer' end as actor,
    created_at, 0 as step
  from gift_cards
  union all
  select website_id, gift_card_id, 'redeemed', -amount_cents, order_id, 'Customer', created_at, 1
  from gift_card_redemptions
  union all
  -- this card's share of the return: what the running total covers of its slice
  select s.website_id, s.gift_card_id, 'refunded_to_card',
    least(greatest(f.returned_before + f.cents - s.spent_before, 0), s.amount_cents)
      - least(greatest(f.returned_before - s.spent_before, 0), s.amount_cents),
    s.order_id, f.actor, f.created_at, 2
  from returns_so_far f
  join spent s on s.website_id = f.website_id and s.order_id = f.order_id
)
insert into gift_card_events
  (website_id, gift_card_id, kind, amount_cents, balance_after_cents, order_id, actor, created_at)
select website_id, gift_card_id, kind, amount_cents,
  sum(amount_cents) over (
    partition by website_id, gift_card_id order by created_at, step
    rows unbounded preceding),
  order_id, actor, created_at
from moves
where amount_cents <> 0;

insert into gift_card_events
  (website_id, gift_card_id, kind, amount_cents, balance_after_cents, actor, note)
select g.website_id, g.gift_card_id, 'adjusted', g.balance_cents - coalesce(e.total, 0),
  g.balance_cents, 'System', 'Balance as recorded before the card kept a history'
from gift_cards g
left join (
  select website_id, gift_card_id, sum(amount_cents) as total
  from gift_card_events group by website_id, gift_card_id
) e on e.website_id = g.website_id and e.gift_card_id = g.gift_card_id
where g.balance_cents <> coalesce(e.total, 0);
`;

export const sql = `${schema}\n${backfillSql}`;

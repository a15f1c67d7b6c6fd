// Issue 24 (decisions 1060-1064): statement letters a tenant's lawyer cannot fault.
// - A letter is dated by its dispatch (sent by e-mail or marked as posted), not by finalizing;
//   what it printed is kept with the statement: the day, the channel, the addresses, the
//   landlord's reason for a late statement, and what it settled (for a later correction).
// - A run keeps the landlord's reason why a statement after the § 556 (3) BGB deadline is
//   not his fault.
// - A cost item keeps the lease clause under which a cost type that needs agreement is
//   charged, and whether the § 12 (1) HeizkV cut is applied up front.
export const up = `
alter table statements add column dispatched_on date;
alter table statements add column dispatch_channel text check (dispatch_channel in ('email', 'post'));
alter table statements add column dispatch_context jsonb;
alter table statements add column settled_balance numeric(12, 2);

alter table statement_snapshots add column late_excuse text;
alter table statement_snapshots add column late_excuse_at timestamptz;

alter table billing_period_cost_items add column allocation_note text;
alter table billing_period_cost_items add column heizkv_reduction boolean not null default false;

-- Letters sent before: dispatched on the day they were sent (in Germany), and they asked for
-- their whole balance; their stored PDF is the letter as sent. A stored PDF of a letter not
-- sent yet was dated by finalizing: it is no longer the letter (made again when it goes out).
update statements
   set dispatched_on = (sent_at at time zone 'Europe/Berlin')::date,
       settled_balance = final_balance
 where sent_at is not null;
update statements set pdf_storage_path = null where sent_at is null and pdf_storage_path is not null;
`;

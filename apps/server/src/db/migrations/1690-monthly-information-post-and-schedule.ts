// Issue 30 (decision 1690): the § 6a HeizkV monthly information also goes by post, and goes out
// by itself each month.
// - A letter row records how the tenant was informed: 'email' (recipient = the address, sent_at
//   once the mail server accepted it) or 'post' (no address; posted_on = the day the landlord
//   confirmed handing the printed letters to the post). The unique key (tenant, month) stays the
//   one record of which month a tenant was informed of, whichever way.
// - notification_settings.monthly_information_auto: the daily job sends the previous month's
//   information by e-mail once its readings are in; on unless the account turns it off.
export const up = `
alter table monthly_information_letters
  add column channel text not null default 'email' check (channel in ('email', 'post')),
  add column posted_on date,
  alter column recipient drop not null,
  add constraint monthly_information_letters_channel_fields_check
    check ((channel = 'email' and recipient is not null and posted_on is null)
        or (channel = 'post' and recipient is null and posted_on is not null));
alter table notification_settings
  add column monthly_information_auto boolean not null default true;
`;

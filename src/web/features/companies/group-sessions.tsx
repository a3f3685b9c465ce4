/**
 * Where a company's upcoming 座談会 (group sessions) will stand on its page. They do not exist
 * yet: issue 58 builds them and fills this in (its own query by the company's name, shown only
 * when there are any). Until then it shows nothing, rather than a promise of sessions.
 */
export function CompanyGroupSessions(_props: { company: string }) {
  return null;
}

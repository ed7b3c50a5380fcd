/** The pieces of an activity log row the sentence is built from (spec part 1, 3 Log record). */
export interface ActivityParts {
  actor: { first_name: string; last_name: string; user_type: string };
  verb: string;
  action_object: string | null;
  target: string | null;
}

/**
 * The Logs tab's Action: '{actor}{ (API)} {verb} {object}{ for {target}}' (spec part 1, 2.6),
 * e.g. 'Dana Demo updated the profile of Dana Demo' or 'Deploy script (API) added example.com for Client Blogs'.
 */
export function activitySentence(row: ActivityParts): string {
  const name = `${row.actor.first_name} ${row.actor.last_name}`.trim() || 'Someone';
  const actor = row.actor.user_type === 'API_USER' ? `${name} (API)` : name;
  const parts = [actor, row.verb];
  if (row.action_object) parts.push(row.action_object);
  let sentence = parts.join(' ');
  if (row.target) sentence += ` for ${row.target}`;
  return sentence;
}

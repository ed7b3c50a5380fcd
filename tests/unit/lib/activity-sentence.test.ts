import { describe, expect, it } from 'vitest';
import { activitySentence } from '../../../src/lib/rules/activity-sentence';

describe('activitySentence', () => {
  const actor = { first_name: 'Dana', last_name: 'Demo', user_type: 'OWNER' };
  it('joins actor, verb and object', () => {
    expect(activitySentence({ actor, verb: 'created', action_object: 'Client Blogs', target: null })).toBe('Dana Demo created Client Blogs');
  });
  it('adds " for {target}" and " (API)" for API users', () => {
    expect(activitySentence({ actor: { first_name: 'Deploy script', last_name: '', user_type: 'API_USER' }, verb: 'added', action_object: 'a.test', target: 'Client Blogs' })).toBe(
      'Deploy script (API) added a.test for Client Blogs',
    );
  });
  it('leaves out a missing object', () => {
    expect(activitySentence({ actor, verb: 'signed in', action_object: null, target: null })).toBe('Dana Demo signed in');
  });
});

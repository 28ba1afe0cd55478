import { pageQuerySchema } from '../common/pagination.contract';
import {
  EVENT_CONSUMERS,
  EVENT_NAMES,
  EVENT_SUBSCRIPTIONS,
  eventQueueName,
  subscribedEvents,
} from './event.contract';

describe('event contracts', () => {
  it('names events in the past tense, as <entity>.<verb>', () => {
    // Regular verbs end in -ed; the irregular ones in use are listed.
    for (const name of EVENT_NAMES) expect(name).toMatch(/^[a-z]+(\.[a-z]+)*\.(?:[a-z]+ed|left)$/);
  });

  it('subscribes only known consumers', () => {
    for (const consumers of Object.values(EVENT_SUBSCRIPTIONS)) {
      for (const consumer of consumers) expect(EVENT_CONSUMERS).toContain(consumer);
    }
  });

  it('derives what each consumer receives from the table', () => {
    expect(subscribedEvents('identity')).toEqual(['tweet.pinned', 'tweet.unpinned']);
    expect(subscribedEvents('timeline')).toEqual([
      'user.registered',
      'user.updated',
      'follow.created',
      'follow.deleted',
      'tweet.created',
      'tweet.updated',
      'tweet.deleted',
      'like.created',
      'like.deleted',
      'retweet.created',
      'retweet.deleted',
      'tweet.pinned',
      'tweet.unpinned',
    ]);
  });

  it('names queues <service>-<purpose>', () => {
    expect(eventQueueName('timeline')).toBe('timeline-events');
  });
});

describe('page query', () => {
  it('defaults the limit to 20 and reads numbers from query strings', () => {
    expect(pageQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(pageQuerySchema.parse({ limit: '5', cursor: 'abc' })).toEqual({
      limit: 5,
      cursor: 'abc',
    });
  });

  it.each([
    [{ limit: '0' }, 'limit must be at least 1'],
    [{ limit: '101' }, 'limit must be at most 100'],
    [{ limit: '2.5' }, 'limit must be a whole number'],
  ])('refuses %p', (query, message) => {
    expect(pageQuerySchema.safeParse(query).error?.issues[0]?.message).toBe(message);
  });
});

import { describe, expect, it } from 'vitest';
import { checkCollectorBatch } from './collector-batch.js';

const pageView = (n: number) => ({
  type: 'PageView',
  eventId: `e-${n}`,
  clientTimestamp: '2026-11-22T07:00:00Z',
  visitorUuid: 'v-1',
  trackingSessionId: 's-1',
  pageKey: 'home',
  url: '/',
});

describe('checkCollectorBatch (platform §7)', () => {
  it('answers 200 when every event is valid', () => {
    const check = checkCollectorBatch(JSON.stringify([pageView(1), pageView(2)]));
    expect(check).toMatchObject({ status: 200, failedEvents: [] });
    expect(check.status === 200 && check.accepted.map((a) => a.idx)).toEqual([0, 1]);
  });

  it('answers 207 with the index and reason of each refused event, keeping the others', () => {
    const check = checkCollectorBatch(JSON.stringify([pageView(1), { ...pageView(2), type: 'Bogus' }, 7]));
    expect(check).toMatchObject({
      status: 207,
      failedEvents: [
        { idx: 1, reason: 'unknown event type' },
        { idx: 2, reason: 'event must be an object' },
      ],
    });
    expect(check.status === 207 && check.accepted.map((a) => a.idx)).toEqual([0]);
  });

  it('refuses a whole body that is malformed, not a list, empty, too long or too large', () => {
    expect(checkCollectorBatch('[{')).toMatchObject({ status: 400, code: 'malformed_json' });
    expect(checkCollectorBatch('{"type":"PageView"}')).toMatchObject({
      status: 400,
      code: 'validation_error',
    });
    expect(checkCollectorBatch('[]')).toMatchObject({ status: 400 });
    const tooMany = JSON.stringify(Array.from({ length: 101 }, (_, i) => pageView(i)));
    expect(checkCollectorBatch(tooMany)).toMatchObject({
      status: 400,
      detail: 'A batch holds at most 100 events.',
    });
    expect(checkCollectorBatch(`[${' '.repeat(256 * 1024)}]`)).toMatchObject({
      status: 413,
      code: 'payload_too_large',
    });
  });
});

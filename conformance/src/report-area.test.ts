import { describe, expect, it } from 'vitest';
import type { Replayed } from './replay.js';
import { reportArea, tallyLine } from './report-area.js';
import type { RequestArea } from './request.js';

const area: RequestArea = {
  area: 'discovery',
  requests: [
    { name: 'context-help', method: 'GET', path: '/', about: 'exact' },
    { name: 'delete-on-collection', method: 'DELETE', path: '/wp/v2/posts', about: 'one accepted difference' },
    { name: 'id-not-a-number', method: 'GET', path: '/wp/v2/posts/x', about: 'one unexplained difference' },
    { name: 'never-recorded', method: 'GET', path: '/nowhere', about: 'no recording' },
  ],
};
const difference = { kind: 'value', at: 'body.code', actual: 'a', expected: 'b' } as const;
const outcomes: Readonly<Record<string, Replayed>> = {
  'context-help': { differences: [], unexplained: [], accepted: [] },
  'delete-on-collection': { differences: [difference], unexplained: [], accepted: [] },
  'id-not-a-number': { differences: [difference], unexplained: ['body.code: "a", the original has "b"'], accepted: [] },
};

async function report(all: boolean) {
  const lines: string[] = [];
  const tally = await reportArea(area, {
    fixtureArea: 'discovery',
    all,
    missingHint: 'no fixture (capture it)',
    replay: async (request) => outcomes[request.name] ?? { differences: [], unexplained: [], accepted: [] },
    print: (line) => lines.push(line),
  });
  return { tally, lines };
}

describe('one area of a difference report', () => {
  it('counts exact, accepted-only and missing requests, printing only unexplained differences', async () => {
    const { tally, lines } = await report(false);
    expect(tally).toEqual({ requests: 3, exact: 1, accepted: 1, missing: 1 });
    expect(lines).toEqual([
      'discovery/id-not-a-number  (GET /wp/v2/posts/x)',
      '  body.code: "a", the original has "b"',
      'discovery/never-recorded: no fixture (capture it)',
    ]);
  });

  it('prints accepted differences too with all', async () => {
    const { lines } = await report(true);
    expect(lines).toContain('discovery/delete-on-collection  (DELETE /wp/v2/posts)');
  });

  it('adds up the tallies of several areas in the last line, the missing ones only when there are some', () => {
    const one = { requests: 3, exact: 1, accepted: 1, missing: 1 };
    const two = { requests: 2, exact: 2, accepted: 0, missing: 0 };
    expect(tallyLine([one, two], 'recording')).toBe(
      '5 requests: 3 exact, 1 only accepted differences, 1 with others, 1 without recording',
    );
    expect(tallyLine([two], 'fixture')).toBe('2 requests: 2 exact, 0 only accepted differences, 0 with others');
    expect(tallyLine([], 'fixture')).toBe('0 requests: 0 exact, 0 only accepted differences, 0 with others');
  });
});

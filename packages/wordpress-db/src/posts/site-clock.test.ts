import { describe, expect, it } from 'vitest';
import { clockOf } from './site-clock.js';

describe("the site's clock", () => {
  it('takes local times to GMT and back at a fixed gmt_offset', () => {
    const clock = clockOf({ offsetHours: 5.5 });
    expect(clock.toGmt('2023-01-05T10:00:00')).toBe('2023-01-05T04:30:00');
    expect(clock.local(new Date('2023-01-05T04:30:00Z'))).toBe('2023-01-05T10:00:00');
    expect(clockOf({}).toGmt('2023-01-05T10:00:00')).toBe('2023-01-05T10:00:00');
  });

  it('follows a named zone with its clock changes', () => {
    const clock = clockOf({ timeZone: 'Europe/Paris', offsetHours: 9 });
    expect(clock.toGmt('2023-01-05T10:00:00')).toBe('2023-01-05T09:00:00');
    expect(clock.toGmt('2023-07-05T10:00:00')).toBe('2023-07-05T08:00:00');
    expect(clock.local(new Date('2023-07-05T08:00:00Z'))).toBe('2023-07-05T10:00:00');
  });

  it('falls back to the offset for a zone name that is not a zone, and leaves text that is not a date as it is', () => {
    expect(clockOf({ timeZone: 'Mars/Olympus', offsetHours: -2 }).toGmt('2023-01-05T10:00:00')).toBe('2023-01-05T12:00:00');
    expect(clockOf({ offsetHours: 1 }).toGmt('not a date')).toBe('not a date');
    expect(clockOf({ timeZone: 'UTC' }).toGmt('garbage')).toBe('garbage');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { knownTimeZone, renderTimeZoneFrom, zonedFormat } from './time-zone';

describe('the reader’s time zone', () => {
  afterEach(() => renderTimeZoneFrom(() => undefined));

  it('takes a zone this runtime knows, by its canonical name, and nothing else', () => {
    expect(knownTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(knownTimeZone('UTC')).toBe('UTC');
    // An alias is the zone it stands for, so two spellings make one format.
    expect(knownTimeZone('US/Eastern')).toBe('America/New_York');
    expect(knownTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(knownTimeZone('Europe/Berlin; Path=/')).toBeNull();
    expect(knownTimeZone(`Europe/${'x'.repeat(80)}`)).toBeNull();
    expect(knownTimeZone('')).toBeNull();
    expect(knownTimeZone(undefined)).toBeNull();
  });

  it('formats a time in the zone of the render in progress, else in the runtime’s own', () => {
    const format = zonedFormat({ dateStyle: 'medium', timeStyle: 'short' });
    const iso = '2026-11-24T23:30:00.000Z';
    let zone: string | undefined = 'Pacific/Kiritimati'; // UTC+14: already the next day
    renderTimeZoneFrom(() => zone);
    expect(format(iso)).toBe('Nov 25, 2026, 1:30 PM');
    zone = 'America/New_York';
    expect(format(new Date(iso))).toBe('Nov 24, 2026, 6:30 PM');
    zone = undefined;
    expect(format(iso)).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    );
  });
});

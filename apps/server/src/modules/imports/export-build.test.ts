import { describe, expect, it } from 'vitest';
import { mediaName, toPortable } from './export-build';
import type { ExportRow } from './export-repository';

const hash = 'ab'.repeat(32);
const row: ExportRow = {
  id: 'q',
  versionId: 'v',
  name: 'Peaked T waves',
  stem: `<p>Strip:</p><p><img src="/api/v2/media/${hash}" alt="strip" /></p>`,
  explanation: '<p>Calcium first.</p>',
  choices: [
    { id: 'c1', text: 'Calcium' },
    { id: 'c2', text: 'Insulin' },
  ],
  correctChoiceId: 'c1',
  references: ['KDIGO'],
  reinforcements: [],
  freeSample: true,
  path: ['Nephrology', 'Electrolytes', 'Potassium'],
};

describe('toPortable', () => {
  it('links the media that travel in the file by name (Moodle XML, QTI)', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const q = toPortable(row, [{ versionId: 'v', hash, contentType: 'image/png', place: 'STEM', bytes }]);
    const name = mediaName({ hash, contentType: 'image/png' });
    expect(name).toBe(`${hash.slice(0, 16)}.png`);
    expect(q.stem).toBe(`<p>Strip:</p><p><img src="media:${name}" alt="strip" /></p>`);
    expect(q.media).toEqual([{ name, contentType: 'image/png', bytes, place: 'STEM' }]);
    expect(q.choices).toEqual([
      { text: 'Calcium', correct: true },
      { text: 'Insulin', correct: false },
    ]);
    expect(q).toMatchObject({ path: row.path, freeSample: true, references: ['KDIGO'] });
  });

  it("keeps the server's media URLs where media cannot travel (CSV, Excel)", () => {
    const q = toPortable(row, null);
    expect(q.stem).toBe(row.stem);
    expect(q.media).toEqual([]);
  });
});

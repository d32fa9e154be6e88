import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_VIDEO } from '../src/web/features/landing/demo-files';
import { concatList, DEMO_DIR, DEMO_FILES, MAX_VIDEO_BYTES } from './demo-video.mjs';

describe('the demo recording', () => {
  it('shows each screencast frame until the next arrived, and holds the last', () => {
    const list = concatList(
      [
        { file: '/tmp/a.jpg', at: 100 },
        { file: '/tmp/b.jpg', at: 100.04 },
        { file: '/tmp/c.jpg', at: 101.54 },
      ],
      2,
    );
    expect(list.split('\n')).toEqual([
      'ffconcat version 1.0',
      "file '/tmp/a.jpg'",
      'duration 0.040',
      "file '/tmp/b.jpg'",
      'duration 1.500',
      "file '/tmp/c.jpg'",
      'duration 2.000',
      "file '/tmp/c.jpg'",
      '',
    ]);
  });

  it('is committed where the landing page looks for it, in the formats it names, within 2 MB each', () => {
    for (const kind of ['webm', 'mp4', 'poster'] as const) {
      expect(`/demo/${DEMO_FILES[kind]}`).toBe(DEMO_VIDEO[kind]);
    }
    const bytes = (kind: keyof typeof DEMO_FILES) => readFileSync(path.join(DEMO_DIR, DEMO_FILES[kind]));
    // WebM is EBML; MP4 has its ftyp box first (fast start moves moov, not ftyp); the poster is WebP.
    expect(bytes('webm').subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    expect(bytes('mp4').subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(bytes('poster').subarray(8, 12).toString('latin1')).toBe('WEBP');
    for (const kind of ['webm', 'mp4'] as const) {
      expect(statSync(path.join(DEMO_DIR, DEMO_FILES[kind])).size).toBeLessThanOrEqual(MAX_VIDEO_BYTES);
    }
  });
});

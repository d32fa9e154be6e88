import { describe, expect, it } from 'vitest';
import { capitalize, displayNameFor, emailLocalPart } from './names';

describe('names', () => {
  it('capitalises by upper-casing the first letter only', () => {
    expect(capitalize('maya')).toBe('Maya');
    expect(capitalize('mAYA')).toBe('MAYA');
    expect(capitalize('')).toBe('');
  });

  it('takes the part of an e-mail before the @', () => {
    expect(emailLocalPart('jane.doe@example.com')).toBe('jane.doe');
    expect(emailLocalPart('no-at-sign')).toBe('no-at-sign');
  });

  it('derives the display name from the e-mail when no name is given', () => {
    expect(displayNameFor('', 'jane@example.com')).toBe('Jane');
    expect(displayNameFor('   ', 'bob.smith@example.com')).toBe('Bob.smith');
    expect(displayNameFor(null, 'x@example.com')).toBe('X');
    expect(displayNameFor('  Maya Okafor ', 'maya@example.com')).toBe('Maya Okafor');
  });
});

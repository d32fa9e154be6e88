import { describe, expect, it } from 'vitest';
import { paths, safeReturnPath } from './paths';

describe('the page to come back to after signing in', () => {
  it('keeps a path of this site, with its query and fragment', () => {
    expect(safeReturnPath('/shared/abc_DEF-123')).toBe('/shared/abc_DEF-123');
    expect(safeReturnPath('/plan?due=overdue#top')).toBe('/plan?due=overdue#top');
  });

  it('refuses anything that could leave the site', () => {
    for (const value of [
      'https://evil.example/shared/x',
      '//evil.example/shared/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'shared/x',
      '',
      null,
      undefined,
    ]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
    }
  });

  it('is carried by the sign-in link only when safe', () => {
    expect(paths.auth.href('sign_in', undefined, paths.shared.href('tok'))).toBe(
      '/auth?view=sign_in&next=%2Fshared%2Ftok',
    );
    expect(paths.auth.href('sign_in', undefined, '//evil.example')).toBe('/auth?view=sign_in');
  });
});

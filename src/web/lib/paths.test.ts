import { describe, expect, it } from 'vitest';
import { authViewSearch, oauthRequestParams, oauthResumePath, paths, safeReturnPath } from './paths';

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

  it('stays with the auth screen from view to view, and only when safe', () => {
    const magicLink = authViewSearch(new URLSearchParams({ next: '/shared/tok' }), 'magic_link');
    expect(Object.fromEntries(magicLink)).toEqual({ view: 'magic_link', next: '/shared/tok' });
    expect(Object.fromEntries(authViewSearch(magicLink, 'sign_in', 'password-updated'))).toEqual({
      notice: 'password-updated',
      next: '/shared/tok',
    });
    expect(
      Object.fromEntries(authViewSearch(new URLSearchParams({ next: '//evil.example' }), 'sign_up')),
    ).toEqual({ view: 'sign_up' });
  });
});

describe('an assistant’s authorization waiting for a sign-in', () => {
  const signed = new URLSearchParams({
    response_type: 'code',
    client_id: 'abc',
    redirect_uri: 'http://127.0.0.1:4000/cb',
    exp: '1900000000',
    sig: 'c2lnbmF0dXJl',
  });

  it('is resumed on the server with its signed query, without the auth screen’s own parameters', () => {
    const search = new URLSearchParams(signed);
    search.set('view', 'verify_otp');
    search.set('next', '/plan');
    const resume = new URL(oauthResumePath(search)!, 'http://app.test');
    expect(resume.pathname).toBe('/api/auth/oauth2/authorize');
    expect(Object.fromEntries(resume.searchParams)).toEqual(Object.fromEntries(signed));
  });

  it('stays with the auth screen through a detour to another view', () => {
    const detour = authViewSearch(authViewSearch(signed, 'magic_link'), 'sign_in');
    expect(oauthResumePath(detour)).toBe(oauthResumePath(signed));
  });

  it('is no request at all without a client and a signature', () => {
    const unsigned = new URLSearchParams(signed);
    unsigned.delete('sig');
    expect(oauthResumePath(unsigned)).toBeNull();
    expect(oauthRequestParams(new URLSearchParams({ next: '/plan' }))).toEqual({});
  });
});

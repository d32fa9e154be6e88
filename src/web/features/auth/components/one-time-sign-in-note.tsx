/**
 * Better Auth's rule, in words: an e-mailed link or code proves the address, and a never-confirmed
 * account's password (perhaps set by someone else) is removed when it is first used this way.
 */
export function OneTimeSignInNote() {
  return (
    <p className="rounded-md bg-muted p-3 text-sm text-foreground">
      Signing in this way confirms your email. If this address was registered with a password but never
      confirmed, that password is removed for your safety, since we cannot know who chose it. You can set a
      new one at any time with “Forgot your password?”.
    </p>
  );
}

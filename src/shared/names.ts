/** Upper-cases the first letter, as the spec's "capitalise" rule says. */
export function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** The part of an e-mail address before the @. */
export function emailLocalPart(email: string): string {
  const at = email.indexOf('@');
  return at === -1 ? email : email.slice(0, at);
}

/** The display name when none was given: the capitalised part of the e-mail before the @. */
export function displayNameFor(name: string | null | undefined, email: string): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed : capitalize(emailLocalPart(email));
}

/** The billing customer's name: first and last name, else the part of the e-mail before the @. */
export function customerNameFor(user: { firstName: string | null; lastName: string | null; email: string }) {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || emailLocalPart(user.email);
}

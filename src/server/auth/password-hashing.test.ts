import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY_MESSAGE } from '../../shared/errors';
import { waitFor } from '../testing/consult';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app';

/**
 * Password hashes run at most PASSWORD_HASHES_IN_FLIGHT_MAX at once, PASSWORD_HASHES_WAITING_MAX more
 * wait, and past that a sign-in is 503 busy: driven by a gate that holds each hash until the test
 * opens it, never by how long scrypt takes.
 */

let t: TestApp;
let holding = false;
let openGate = () => {};
let gate = Promise.resolve();
const hashGate = () => (holding ? gate : Promise.resolve());

function closeGate() {
  holding = true;
  gate = new Promise((resolve) => (openGate = resolve));
}

beforeAll(async () => {
  t = await createTestApp(
    { PASSWORD_HASHES_IN_FLIGHT_MAX: '1', PASSWORD_HASHES_WAITING_MAX: '1' },
    { passwordHashGate: hashGate },
  );
});
afterAll(() => t.close());

const signIn = (user: TestUser) =>
  t.client().post('/api/auth/sign-in/email', { email: user.email, password: user.password });

const until = (condition: () => boolean) => waitFor(async () => (condition() ? true : undefined));

describe('password hashing under a burst of sign-ins', () => {
  it('runs one hash at a time, queues one, refuses the next as busy, and serves signed-in users meanwhile', async () => {
    const first = await t.createOnboardedUser();
    const second = await t.createOnboardedUser();
    const third = await t.createOnboardedUser();
    const signedIn = await t.createOnboardedUser();
    const hashing = t.deps.passwordHashing;
    closeGate();
    const running = signIn(first);
    await until(() => hashing.inFlight === 1);
    const waiting = signIn(second);
    await until(() => hashing.waiting === 1);

    const refused = await signIn(third);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(await refused.json()).toEqual({ error: { code: 'busy', message: BUSY_MESSAGE } });
    // A signed-in user's requests never wait for a hash.
    const me = await signedIn.client.get('/api/me');
    expect(me.status).toBe(200);
    expect(hashing).toMatchObject({ inFlight: 1, waiting: 1 });

    holding = false;
    openGate();
    expect((await running).status).toBe(200);
    expect((await waiting).status).toBe(200);
    expect(hashing).toMatchObject({ inFlight: 0, waiting: 0 });
    expect((await signIn(third)).status).toBe(200);
  });

  it('still refuses a wrong password once its turn comes', async () => {
    const user = await t.createOnboardedUser();
    const wrong = await t
      .client()
      .post('/api/auth/sign-in/email', { email: user.email, password: 'not-it-at-all' });
    expect(wrong.status).toBe(401);
    expect(t.deps.passwordHashing).toMatchObject({ inFlight: 0, waiting: 0 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAt, type Cluster, startCluster } from './support/cluster';

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster(2);
});
afterAll(() => cluster?.stop());

describe('two processes on one PostgreSQL', () => {
  it('a session made through one process works on the other', async () => {
    const browser = browserAt(cluster.url);
    const email = `multi-${Date.now()}@example.com`;
    const signUp = await browser('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password: 'multi-process-1', name: '' },
    });
    expect(signUp.status).toBe(200);
    const mail = await cluster.waitForMail(email, 'verification');
    const link = new URL(mail.links[0]!);
    expect(link.origin).toBe(cluster.url);
    expect((await browser(`${link.pathname}${link.search}`)).status).toBe(302);

    // Alternate requests land on alternate processes: every one sees the same session.
    const before = [...cluster.proxy.hits];
    for (let i = 0; i < 6; i++) {
      const me = await browser('/api/me');
      expect(me.status).toBe(200);
      expect((await me.json()).email).toBe(email);
    }
    const served = cluster.proxy.hits.map((count, i) => count - before[i]!);
    expect(served).toEqual([3, 3]);

    // Signing out on one process ends the session everywhere.
    expect((await browser('/api/auth/sign-out', { method: 'POST', json: {} })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await browser('/api/me')).status).toBe(401);
  });

  it('migrated the shared database once, with both processes healthy', async () => {
    for (const server of cluster.servers) {
      expect((await fetch(`${server.baseURL}/api/health`)).status).toBe(200);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAssistant } from '../../testing/mcp';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('MCP', () => {
  it('connects', async () => {
    const user = await t.createOnboardedUser();
    const { client } = await connectAssistant(t, user);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('search_library');
  });
});

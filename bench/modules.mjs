// Every part of `npm run bench`, in the order it runs them; bench/smoke.mjs runs the same list at a tiny size.
// Each is imported when it runs: a module reads its size settings (BENCH_*) when it loads.
export const BENCH_MODULES = [
  // Throughput vs bare Hono on PGlite and PostgreSQL, and cold starts (bench/server.mjs).
  ['server', async () => (await import('./server.mjs')).benchServer()],
  // Lighthouse on the landing page, in Debian's Chromium, on loopback (bench/server.mjs).
  ['lighthouse', async () => (await import('./server.mjs')).benchLighthouse()],
  // Streaming replies vs a bare relay, 2,000 at once, and the usage summary (bench/consult.mjs).
  ['consult', async () => (await import('./consult.mjs')).runConsultBench()],
  // 4,000 replies sent in one second against the production admission bounds (bench/overload.mjs).
  ['overload', async () => (await import('./overload.mjs')).runOverloadBench()],
  // 'Ask your library' over 1,000 videos of 600 passages: retrieval and time to first token (bench/library.mjs).
  ['library', async () => (await import('./library.mjs')).runLibraryBench()],
  // Opening a chat of 200 messages with 50 branches vs one without, at one connection (bench/branches.mjs).
  ['branches', async () => (await import('./branches.mjs')).benchBranches()],
  // The admin users list with 100,000 users (bench/admin-users.mjs).
  ['admin-users', async () => (await import('./admin-users.mjs')).benchAdminUsers()],
  // Video suggestions with 10,000 catalogue videos and 100,000 consultations (bench/suggestions.mjs).
  ['suggestions', async () => (await import('./suggestions.mjs')).benchSuggestions()],
  // My plan: 500 items of one user among 1,000,000 items of 10,000 users (bench/plan.mjs).
  ['plan', async () => (await import('./plan.mjs')).benchPlan()],
  // A reply's first token for a user with 200 memories (100 plan outcomes) against one with none (bench/memory.mjs).
  ['memory', async () => (await import('./memory.mjs')).benchMemory()],
  // Followed channels: 'New from your channels' among 2,000,000 feed items, and a poll cycle of 20,000 channels (bench/channels.mjs).
  ['channels', async () => (await import('./channels.mjs')).benchChannels()],
  // A reconnect to a live reply, and 200 replies held with their kept parts (bench/resume.mjs).
  ['resume', async () => (await import('./resume.mjs')).runResumeBench()],
  // 60 s of mixed visits at 200 virtual users on PostgreSQL, and on PGlite (bench/load.mjs).
  ['load', async () => (await import('./load.mjs')).runLoadBench()],
];

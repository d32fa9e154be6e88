// Runs PGlite's initdb into the directory given as the only argument, then exits (see
// `initPgliteDataDir`). Plain JavaScript in a .ts file, so Node runs it from source as well as built.
import { PGlite } from '@electric-sql/pglite';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: pglite-initdb <data dir>');
const db = await PGlite.create({ dataDir });
await db.close();

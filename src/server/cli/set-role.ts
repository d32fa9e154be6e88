import { eq } from 'drizzle-orm';
import { isRole, ROLES } from '../../shared/roles';
import { ConfigError, loadConfig, loadDotEnv } from '../config';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { auditLog, users } from '../db/schema';

/** npm run user:role -- <email> <role>: sets a user's role (and records it in the audit log). */
async function main() {
  const [email, role] = process.argv.slice(2);
  if (!email || !isRole(role)) {
    console.error(`Usage: npm run user:role -- <email> <${ROLES.join('|')}>`);
    process.exit(2);
  }
  loadDotEnv();
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrateDatabase(database);
    const normalized = email.trim().toLowerCase();
    const [before] = await database.db.select().from(users).where(eq(users.email, normalized)).limit(1);
    if (!before) {
      console.error(`No user with the e-mail ${normalized}. Sign up first, then run this again.`);
      process.exitCode = 1;
      return;
    }
    await database.db.transaction(async (tx) => {
      await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, before.id));
      await tx.insert(auditLog).values({
        actorEmail: 'cli',
        action: 'user.set_role',
        targetType: 'user',
        targetId: before.id,
        before: { role: before.role },
        after: { role },
      });
    });
    console.log(`${normalized} is now ${role}.`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

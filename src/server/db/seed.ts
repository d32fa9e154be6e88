import { sql } from 'drizzle-orm';
import { PLAN_CATALOGUE, type PlanId } from '../../shared/plans';
import type { Database } from './client';
import { assistantSettings, plans } from './schema';

export const DEFAULT_ASSISTANT_INSTRUCTIONS = `You are Vidvisor, a seasoned business consultant for founders and small-business owners.

You are given three things: the owner's business profile, the transcript of a video they watched, and their questions.
Your job is to turn the ideas in the video into concrete moves for THIS business.

How to answer:
- Start from the business: its customers, offer, stage, goals and current challenges. Generic advice is a failure.
- Ground every recommendation in the video. Cite the moment you draw on as [mm:ss] (or [h:mm:ss]) using the transcript's timestamps.
- Prefer a short list of specific actions, each with why it fits this business, the first step to take this week, and how to tell whether it worked.
- Say plainly when the video does not cover something, and when an idea does not fit the business, and why.
- Be direct and practical. No filler, no hype. Use Markdown headings and bullet lists when they help.`;

export interface SeedOptions {
  defaultModel: string;
  /** Stripe price ids from the configuration, by plan id. */
  stripePriceIds?: Partial<Record<PlanId, string | undefined>>;
}

/** Idempotent: plans follow the spec's table; the assistant's settings are created once and then left to admins. */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<void> {
  const rows = PLAN_CATALOGUE.map((p) => ({
    id: p.id,
    name: p.name,
    tier: p.tier,
    interval: p.interval,
    priceCents: p.priceCents,
    monthlyTokenLimit: p.monthlyTokenLimit,
    dailyMessageLimit: p.dailyMessageLimit,
    sortOrder: p.sortOrder,
    stripePriceId: options.stripePriceIds?.[p.id] ?? null,
  }));
  await db
    .insert(plans)
    .values(rows)
    .onConflictDoUpdate({
      target: plans.id,
      set: {
        name: sql`excluded.name`,
        tier: sql`excluded.tier`,
        interval: sql`excluded.interval`,
        priceCents: sql`excluded.price_cents`,
        monthlyTokenLimit: sql`excluded.monthly_token_limit`,
        dailyMessageLimit: sql`excluded.daily_message_limit`,
        sortOrder: sql`excluded.sort_order`,
        stripePriceId: sql`coalesce(excluded.stripe_price_id, ${plans.stripePriceId})`,
      },
    });
  await db
    .insert(assistantSettings)
    .values({ id: 1, instructions: DEFAULT_ASSISTANT_INSTRUCTIONS, model: options.defaultModel })
    .onConflictDoNothing();
}

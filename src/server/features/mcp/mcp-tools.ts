import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { chatSearchQuery } from '../../../shared/schemas/chats';
import { newPlanItem, planItemParam, planQuery, planStatus } from '../../../shared/schemas/plan';
import { askLibraryInput } from '../../../shared/schemas/sources';
import { videoUrlAt } from '../../../shared/youtube';
import type { AppDeps } from '../../context';
import { AppError } from '../../http/errors';
import { assertOnboarded, loadGateState } from '../account/gate.service';
import { loadOwnChat, searchOwnChats } from '../chats/chats.service';
import { findInLibrary } from '../library/library.service';
import { addPlanItems, planPage, updatePlanItem } from '../plan/plan.service';
import type { McpGrant } from './mcp-grants';

const WRITE_SCOPE_MISSING =
  'This assistant may only read: reconnect it and allow "write" to change your plan.';

/** A tool's answer: its JSON as text (what every client shows) and as structured content. */
const answer = (value: Record<string, unknown>): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value) }],
  structuredContent: value,
});

const refusal = (message: string): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text: message }],
});

/**
 * Runs a tool for the grant's user once past the same onboarding gates as the app's routes. Our own
 * refusals (not found, a bad value, a gate) become a tool error the assistant can read; anything else
 * is a failure of ours and propagates.
 */
async function asUser(deps: AppDeps, grant: McpGrant, run: () => Promise<Record<string, unknown>>) {
  try {
    assertOnboarded(await loadGateState(deps.db, grant.user));
    return answer(await run());
  } catch (error) {
    if (error instanceof AppError) return refusal(error.message);
    throw error;
  }
}

/** The MCP server for one request: every tool reads or writes the grant's user's data only. */
export function mcpServer(deps: AppDeps, grant: McpGrant): McpServer {
  const server = new McpServer({ name: 'vidvisor', version: '1.0.0' });
  const { user } = grant;
  const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

  server.registerTool(
    'search_library',
    {
      title: 'Search my video library',
      description:
        'Passages of the videos in my consultations that match a question, each with its video, the second it starts at and a link to that moment.',
      inputSchema: { question: askLibraryInput.shape.question },
      annotations: readOnly,
    },
    ({ question }) =>
      asUser(deps, grant, async () => {
        const found = await findInLibrary(deps, user, question.trim());
        return {
          passages: found.passages.map((passage) => {
            const video = found.videos.find((candidate) => candidate.number === passage.source);
            const url = video?.youtubeUrl ?? null;
            return {
              video: video?.title ?? null,
              second: passage.start,
              link: url && passage.start !== null ? videoUrlAt(url, passage.start) : url,
              text: passage.text,
            };
          }),
        };
      }),
  );

  server.registerTool(
    'list_consultations',
    {
      title: 'List my consultations',
      description: 'My saved consultations, newest first, 20 a page; with `query`, those that match it.',
      inputSchema: {
        query: chatSearchQuery.shape.q,
        page: z.number().int().min(1).max(10_000).default(1),
      },
      annotations: readOnly,
    },
    ({ query, page }) =>
      asUser(deps, grant, async () => {
        const result = await searchOwnChats(deps.db, user.id, query, page);
        return {
          ...result,
          chats: result.chats.map((chat) => ({ ...chat, createdAt: chat.createdAt.toISOString() })),
        };
      }),
  );

  server.registerTool(
    'read_consultation',
    {
      title: 'Read a consultation',
      description: 'One of my consultations: its title, its videos and its messages as shown on screen.',
      inputSchema: { consultationId: z.uuid('Not a consultation id') },
      annotations: readOnly,
    },
    ({ consultationId }) =>
      asUser(deps, grant, async () => {
        const { chat, messages, sources } = await loadOwnChat(deps.db, user, consultationId);
        return {
          id: chat.id,
          title: chat.title,
          videos: sources.map((source) => ({ title: source.title, link: source.youtubeUrl })),
          messages: messages.map((message) => ({
            role: message.role,
            content: message.content,
            createdAt: message.createdAt.toISOString(),
          })),
        };
      }),
  );

  server.registerTool(
    'list_plan',
    {
      title: 'List my plan',
      description:
        'The steps of my plan, with the same filters as the plan page: status, video and due date.',
      inputSchema: planQuery.shape,
      annotations: readOnly,
    },
    (query) =>
      asUser(deps, grant, async () => {
        const page = await planPage(deps.db, user, query, new Date());
        return { today: page.today, timeZone: page.timeZone, steps: page.items };
      }),
  );

  const write = (run: () => Promise<Record<string, unknown>>) =>
    grant.canWrite ? asUser(deps, grant, run) : Promise.resolve(refusal(WRITE_SCOPE_MISSING));

  server.registerTool(
    'update_plan_step_status',
    {
      title: 'Update a plan step’s status',
      description:
        'Moves one of my plan’s steps to To do, In progress, Done or Dropped. Needs the write scope.',
      inputSchema: { stepId: planItemParam.shape.itemId, status: planStatus },
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    ({ stepId, status }) =>
      write(async () => ({ step: await updatePlanItem(deps.db, user, stepId, { status }) })),
  );

  server.registerTool(
    'add_plan_step',
    {
      title: 'Add a plan step',
      description: 'Adds a step to the end of To do in my plan. Needs the write scope.',
      inputSchema: {
        title: newPlanItem.shape.title,
        why: newPlanItem.shape.why,
        dueDate: newPlanItem.shape.dueDate,
      },
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    (step) =>
      write(async () => {
        const [added] = await addPlanItems(deps.db, user, { items: [step] });
        return { step: added };
      }),
  );

  return server;
}
